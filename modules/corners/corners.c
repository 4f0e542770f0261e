/*
 * corners.c — the `corners` feature module (SPEC paint chapter, "Rectangle
 * corner radii"), built as its own shared object anima-corners.so.
 *
 * It adds to `rect` the field `corners` = [tl, tr, br, bl] (non-negative
 * grid units), animatable per item as `<id>.corners.0` .. `.3`, and an
 * outline hook that draws such a rect with circular (or, once clamped,
 * elliptical) quarter arcs approximated by cubics with
 * k = 4(√2 − 1)/3. Corners take precedence over `rx`; a rect without
 * `corners` keeps the kernel's own outline.
 */
#include <math.h>

#include <anima/module.h>

/* The cubic control distance of a quarter circle, as a fraction of the
 * radius: k = 4(√2 − 1)/3 ≈ 0.5522847498. */
static double quarter_arc_k(void) {
  return 4.0 * (sqrt(2.0) - 1.0) / 3.0;
}

/* Indices into the rect geometry the kernel passes: {x0, y0, w, h, rx}. */
enum { RECT_X0, RECT_Y0, RECT_W, RECT_H, RECT_GEOMETRY_COUNT };

/* Appends one corner: from the current point `from` to `to` around the rect
 * vertex `vertex`; each control moves k of the way from its edge endpoint
 * toward the vertex. A zero-radius corner is the vertex itself. */
static anima_status corner_to(anima_path *out, anima_point from,
                              anima_point vertex, anima_point to) {
  if (from.x == vertex.x && from.y == vertex.y && to.x == vertex.x &&
      to.y == vertex.y) {
    return anima_path_line_to(out, vertex.x, vertex.y);
  }
  double k = quarter_arc_k();
  return anima_path_cubic_to(
      out, from.x + k * (vertex.x - from.x), from.y + k * (vertex.y - from.y),
      to.x + k * (vertex.x - to.x), to.y + k * (vertex.y - to.y), to.x, to.y);
}

static double clamp_radius(double radius, double limit) {
  if (!(radius > 0)) {
    return 0;
  }
  return radius < limit ? radius : limit;
}

static anima_status corners_outline(const anima_outline_input *input,
                                    anima_path *out, bool *handled) {
  *handled = false;
  if (!input->present || input->geometry_count < RECT_GEOMETRY_COUNT ||
      input->feature_value_count < 4) {
    return ANIMA_OK;
  }
  *handled = true;
  double x0 = input->geometry[RECT_X0], y0 = input->geometry[RECT_Y0];
  double w = input->geometry[RECT_W] > 0 ? input->geometry[RECT_W] : 0;
  double h = input->geometry[RECT_H] > 0 ? input->geometry[RECT_H] : 0;
  double x1 = x0 + w, y1 = y0 + h;
  /* Each radius is clamped to half the adjacent width (x) and height (y). */
  const double *r = input->feature_values;
  double tl_x = clamp_radius(r[0], w / 2), tl_y = clamp_radius(r[0], h / 2);
  double tr_x = clamp_radius(r[1], w / 2), tr_y = clamp_radius(r[1], h / 2);
  double br_x = clamp_radius(r[2], w / 2), br_y = clamp_radius(r[2], h / 2);
  double bl_x = clamp_radius(r[3], w / 2), bl_y = clamp_radius(r[3], h / 2);

  /* Clockwise (y down) from the end of the top-left corner, like the
   * kernel's rect which starts at (x0 + rx, y0). */
  anima_status status = anima_path_move_to(out, x0 + tl_x, y0);
  if (status == ANIMA_OK) {
    status = anima_path_line_to(out, x1 - tr_x, y0);
  }
  if (status == ANIMA_OK) {
    status = corner_to(out, (anima_point){x1 - tr_x, y0}, (anima_point){x1, y0},
                       (anima_point){x1, y0 + tr_y});
  }
  if (status == ANIMA_OK) {
    status = anima_path_line_to(out, x1, y1 - br_y);
  }
  if (status == ANIMA_OK) {
    status = corner_to(out, (anima_point){x1, y1 - br_y}, (anima_point){x1, y1},
                       (anima_point){x1 - br_x, y1});
  }
  if (status == ANIMA_OK) {
    status = anima_path_line_to(out, x0 + bl_x, y1);
  }
  if (status == ANIMA_OK) {
    status = corner_to(out, (anima_point){x0 + bl_x, y1}, (anima_point){x0, y1},
                       (anima_point){x0, y1 - bl_y});
  }
  if (status == ANIMA_OK) {
    status = anima_path_line_to(out, x0, y0 + tl_y);
  }
  if (status == ANIMA_OK) {
    status = corner_to(out, (anima_point){x0, y0 + tl_y}, (anima_point){x0, y0},
                       (anima_point){x0 + tl_x, y0});
  }
  if (status == ANIMA_OK) {
    status = anima_path_close(out);
  }
  return status;
}

#define CORNER_PROPERTY(address_, text_)                                       \
  {                                                                            \
    .owner = "rect", .address = address_, .feature = "corners",                \
    .type = ANIMA_VALUE_NUMBER, .animation = ANIMA_ANIMATION_INTERPOLATED,     \
    .minimum = 0, .maximum = INFINITY,                                         \
    .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},             \
    .description = text_                                                       \
  }

static anima_status corners_register(anima_registry *registry) {
  static const anima_field_desc field = {
      .owner = "rect",
      .name = "corners",
      .feature = "corners",
      .kind = ANIMA_FIELD_NUMBERS,
      .length = 4,
      .minimum = 0,
      .maximum = INFINITY,
      .description = "Corner radii [tl, tr, br, bl] in grid units (>= 0); "
                     "each clamped to half the adjacent width and height; "
                     "takes precedence over rx."};
  /* Registration order is the order of anima_outline_input.feature_values. */
  static const anima_property_desc properties[] = {
      CORNER_PROPERTY("corners.0", "Top-left corner radius."),
      CORNER_PROPERTY("corners.1", "Top-right corner radius."),
      CORNER_PROPERTY("corners.2", "Bottom-right corner radius."),
      CORNER_PROPERTY("corners.3", "Bottom-left corner radius."),
  };
  anima_status status = anima_registry_add_field(registry, &field);
  for (size_t i = 0; status == ANIMA_OK && i < 4; i++) {
    status = anima_registry_add_property(registry, &properties[i], NULL);
  }
  if (status == ANIMA_OK) {
    status = anima_registry_add_outline_hook(registry, "rect", "corners",
                                             corners_outline);
  }
  return status;
}

static const char *const corners_features[] = {"corners", NULL};

static const anima_module_descriptor corners_descriptor = {
    .abi_major = ANIMA_MODULE_ABI_MAJOR,
    .abi_minor = ANIMA_MODULE_ABI_MINOR,
    .name = "corners",
    .features = corners_features,
    .depends = NULL,
    .register_entries = corners_register,
};

__attribute__((visibility("default"))) const anima_module_descriptor *
anima_module_entry(void) {
  return &corners_descriptor;
}
