/*
 * corners.c — the `corners` feature module (SPEC paint chapter, "Rectangle
 * corner radii"), built as its own shared object anima-corners.so.
 *
 * It adds to `rect` the field `corners` = [tl, tr, br, bl] (non-negative
 * grid units), animatable per item as `<id>.corners.0` .. `.3`, and an
 * outline hook (ABI 2) that draws such a rect with circular (or, once clamped,
 * elliptical) quarter arcs approximated by cubics with
 * k = 4(√2 − 1)/3. Corners take precedence over `rx`; a rect without
 * `corners` keeps the kernel's own outline.
 */
#include <math.h>

#include <anima/module.h>

/* The kernel's services (module.h anima_host), set by init. */
static const anima_host *host;

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
    return host->path_line_to(out, vertex.x, vertex.y);
  }
  double k = quarter_arc_k();
  return host->path_cubic_to(
      out, from.x + k * (vertex.x - from.x), from.y + k * (vertex.y - from.y),
      to.x + k * (vertex.x - to.x), to.y + k * (vertex.y - to.y), to.x, to.y);
}

static double clamp_radius(double radius, double limit) {
  if (!(radius > 0)) {
    return 0;
  }
  return radius < limit ? radius : limit;
}

/* The rect's slots this node reads, compiled once per model (module.h
 * lifecycle): geometry and the four radii. */
typedef struct corners_data {
  long x0, y0, w, h;
  long radius[4];
} corners_data;

static anima_status corners_compile(anima_compile *compile,
                                    const anima_site *site, void *user,
                                    void **data) {
  (void)user;
  *data = NULL;
  if (!host->json_member(site->json, "corners")) {
    return ANIMA_OK; /* a rect without corners keeps the kernel's outline */
  }
  corners_data *slots = host->compile_alloc(compile, sizeof *slots);
  if (!slots) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t node = (size_t)site->node;
  slots->x0 = host->compile_find_slot(compile, node, "x0");
  slots->y0 = host->compile_find_slot(compile, node, "y0");
  slots->w = host->compile_find_slot(compile, node, "w");
  slots->h = host->compile_find_slot(compile, node, "h");
  static const char *const radius[4] = {"corners.0", "corners.1", "corners.2",
                                        "corners.3"};
  for (size_t i = 0; i < 4; i++) {
    slots->radius[i] = host->compile_find_slot(compile, node, radius[i]);
  }
  *data = slots;
  return ANIMA_OK;
}

/* Segments: a move, four lines, four corners and the close. */
static size_t corners_segments(const void *data, void *user) {
  (void)data, (void)user;
  return 10;
}

static double number(const anima_view *view, long slot) {
  return slot < 0 ? 0 : host->view_number(view, (size_t)slot, 0);
}

static anima_status corners_outline(const anima_view *view, const void *data,
                                    anima_path *out, bool *handled,
                                    void *user) {
  (void)user;
  const corners_data *slots = data;
  *handled = slots != NULL;
  if (!slots) {
    return ANIMA_OK;
  }
  double x0 = number(view, slots->x0), y0 = number(view, slots->y0);
  double w = number(view, slots->w), h = number(view, slots->h);
  w = w > 0 ? w : 0;
  h = h > 0 ? h : 0;
  double x1 = x0 + w, y1 = y0 + h;
  double r[4];
  for (size_t i = 0; i < 4; i++) {
    r[i] = number(view, slots->radius[i]);
  }
  /* Each radius is clamped to half the adjacent width (x) and height (y). */
  double tl_x = clamp_radius(r[0], w / 2), tl_y = clamp_radius(r[0], h / 2);
  double tr_x = clamp_radius(r[1], w / 2), tr_y = clamp_radius(r[1], h / 2);
  double br_x = clamp_radius(r[2], w / 2), br_y = clamp_radius(r[2], h / 2);
  double bl_x = clamp_radius(r[3], w / 2), bl_y = clamp_radius(r[3], h / 2);

  /* Clockwise (y down) from the end of the top-left corner, like the
   * kernel's rect which starts at (x0 + rx, y0). */
  anima_status status = host->path_move_to(out, x0 + tl_x, y0);
  if (status == ANIMA_OK) {
    status = host->path_line_to(out, x1 - tr_x, y0);
  }
  if (status == ANIMA_OK) {
    status = corner_to(out, (anima_point){x1 - tr_x, y0}, (anima_point){x1, y0},
                       (anima_point){x1, y0 + tr_y});
  }
  if (status == ANIMA_OK) {
    status = host->path_line_to(out, x1, y1 - br_y);
  }
  if (status == ANIMA_OK) {
    status = corner_to(out, (anima_point){x1, y1 - br_y}, (anima_point){x1, y1},
                       (anima_point){x1 - br_x, y1});
  }
  if (status == ANIMA_OK) {
    status = host->path_line_to(out, x0 + bl_x, y1);
  }
  if (status == ANIMA_OK) {
    status = corner_to(out, (anima_point){x0 + bl_x, y1}, (anima_point){x0, y1},
                       (anima_point){x0, y1 - bl_y});
  }
  if (status == ANIMA_OK) {
    status = host->path_line_to(out, x0, y0 + tl_y);
  }
  if (status == ANIMA_OK) {
    status = corner_to(out, (anima_point){x0, y0 + tl_y}, (anima_point){x0, y0},
                       (anima_point){x0 + tl_x, y0});
  }
  if (status == ANIMA_OK) {
    status = host->path_close(out);
  }
  return status;
}

/* The geometry belongs to `corners` and to `paint` alike (SPEC paint
 * chapter, "Rectangle corner radii": registry feature paint|corners). */
#define CORNERS_FEATURE "paint|corners"

#define CORNER_PROPERTY(address_, text_)                                       \
  {                                                                            \
    .owner = "rect", .address = address_, .feature = CORNERS_FEATURE,          \
    .type = ANIMA_VALUE_NUMBER, .animation = ANIMA_ANIMATION_INTERPOLATED,     \
    .minimum = 0, .maximum = INFINITY,                                         \
    .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},             \
    .description = text_                                                       \
  }

static anima_status corners_init(const anima_host *kernel,
                                 anima_registrar *registrar) {
  host = kernel;
  static const anima_field_desc field = {
      .owner = "rect",
      .name = "corners",
      .feature = CORNERS_FEATURE,
      .kind = ANIMA_FIELD_NUMBERS,
      .length = 4,
      .minimum = 0,
      .maximum = INFINITY,
      .description = "Corner radii [tl, tr, br, bl] in grid units (>= 0); "
                     "each clamped to half the adjacent width and height; "
                     "takes precedence over rx."};
  static const anima_property_desc properties[] = {
      CORNER_PROPERTY("corners.0", "Top-left corner radius."),
      CORNER_PROPERTY("corners.1", "Top-right corner radius."),
      CORNER_PROPERTY("corners.2", "Bottom-right corner radius."),
      CORNER_PROPERTY("corners.3", "Bottom-left corner radius."),
  };
  static const anima_outline_hook_desc hook = {
      .struct_size = sizeof hook,
      .node_type = "rect",
      .feature = CORNERS_FEATURE,
      .lifecycle = {.compile = corners_compile},
      .max_segments = corners_segments,
      .outline = corners_outline,
  };
  anima_status status = host->add_field(registrar, &field);
  ANIMA_ADD_EACH(status, host->add_property, registrar, properties);
  if (status == ANIMA_OK) {
    status = host->add_outline_hook(registrar, &hook);
  }
  return status;
}

static const char *const corners_features[] = {"corners", NULL};

ANIMA_MODULE_DEFINE(corners, .name = "corners", .version = "2.0.0",
                    .license = "MIT", .origin = "Anima",
                    .description = "Rectangle corner radii (SPEC paint "
                                   "chapter, \"Rectangle corner radii\").",
                    .features = corners_features, .init = corners_init);
