/*
 * gradient_kinds.c — gradients lowered into the draw frame (paint chapter
 * "Gradients", "Angular gradients and affine gradient transforms").
 *
 * Per model, a gradient fill or stroke compiles to the slots of its
 * coordinates and stops and its static transform. Every frame `resolve`
 * writes the paint: LINEAR x1 y1 → x2 y2, RADIAL centre cx cy, radius r
 * (>= 0) and focal point fx fy, CONIC (angular) centre x1 y1 with position
 * 0 on the ray toward x2 y2; stop positions clamped to 0..1 and stop
 * colours with their source (hex, slot or currentColor, SPEC §6), read
 * through the view so slot overrides and the current colour apply.
 *
 * An omitted focal coordinate rests at the authored centre (its address
 * exists and may be animated); while nothing animates it, it follows the
 * resolved centre ("each defaults to the corresponding resolved centre
 * coordinate").
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "gradient_kinds.h"
#include "paint.h"

const char *const paint_gradient_names[PAINT_GRADIENT_COUNT] = {
    "linear", "radial", "angular"};

static const anima_paint_kind gradient_paint_kinds[PAINT_GRADIENT_COUNT] = {
    ANIMA_PAINT_LINEAR, ANIMA_PAINT_RADIAL, ANIMA_PAINT_CONIC};

bool paint_gradient_transform_invertible(anima_matrix matrix,
                                         anima_matrix *inverse) {
  if (!paint_host->matrix_invert(matrix, inverse)) {
    return false;
  }
  const double *m = &inverse->a;
  for (size_t i = 0; i < 6; i++) {
    if (!isfinite(m[i])) {
      return false;
    }
  }
  return true;
}

/* The coordinates, in the order of their addresses. */
enum { X1, Y1, X2, Y2, CX, CY, R, FX, FY, COORDINATE_COUNT };
static const char *const coordinate_names[COORDINATE_COUNT] = {
    "x1", "y1", "x2", "y2", "cx", "cy", "r", "fx", "fy"};

/* A compiled gradient (model-owned). */
typedef struct gradient_data {
  anima_paint_kind kind;
  long coordinate[COORDINATE_COUNT]; /* slots, -1 when not on this type */
  /* fx, fy omitted and not animated: they follow the resolved centre */
  bool follows_centre[2];
  anima_matrix transform;
  size_t stop_count;
  long *position; /* stop_count slots */
  long *color;    /* stop_count slots */
} gradient_data;

static double document_number(const anima_json *object, const char *key) {
  const anima_json *value = paint_host->json_member(object, key);
  return value && paint_host->json_type(value) == ANIMA_JSON_NUMBER
             ? paint_host->json_number(value)
             : 0;
}

static long find_slot(anima_compile *compile, size_t node, const char *paint,
                      const char *rest) {
  char address[128];
  snprintf(address, sizeof address, "%s.%s", paint, rest);
  return paint_host->compile_find_slot(compile, node, address);
}

/* Reads the static gradientTransform (identity when absent). */
static anima_matrix document_transform(const anima_json *paint) {
  const anima_host *host = paint_host;
  const anima_json *list = host->json_member(paint, "gradientTransform");
  anima_matrix matrix = {1, 0, 0, 1, 0, 0};
  if (!list || host->json_type(list) != ANIMA_JSON_ARRAY ||
      host->json_size(list) != 6) {
    return matrix;
  }
  double *m = &matrix.a;
  for (size_t i = 0; i < 6; i++) {
    m[i] = host->json_number(host->json_item(list, i));
  }
  return matrix;
}

static anima_status gradient_compile(anima_compile *compile,
                                     const anima_site *site, void *user,
                                     void **out) {
  const anima_host *host = paint_host;
  size_t type = *(const size_t *)user; /* its index in the names */
  gradient_data *data = host->compile_alloc(compile, sizeof *data);
  if (!data || site->node < 0) {
    return data ? ANIMA_ERROR_INVALID_ARGUMENT : ANIMA_ERROR_NO_MEMORY;
  }
  size_t node = (size_t)site->node;
  /* the paint's address prefix: "fill", "stroke", "paints.2.fill" */
  const char *paint =
      site->struct_size > offsetof(anima_site, address) && site->address
          ? site->address
          : (site->index == 0 ? "fill" : "stroke");
  data->kind = gradient_paint_kinds[type];
  for (size_t i = 0; i < COORDINATE_COUNT; i++) {
    data->coordinate[i] = find_slot(compile, node, paint, coordinate_names[i]);
  }
  /* Omitted focal coordinates rest at the authored centre. */
  for (size_t i = 0; i < 2; i++) {
    long slot = data->coordinate[FX + i];
    if (slot < 0 || host->json_member(site->json, coordinate_names[FX + i])) {
      continue;
    }
    anima_value rest = {
        .type = ANIMA_VALUE_NUMBER,
        .as.number = document_number(site->json, coordinate_names[CX + i])};
    anima_status status = host->compile_set_rest(compile, (size_t)slot, &rest);
    if (status != ANIMA_OK) {
      return status;
    }
    data->follows_centre[i] =
        !host->compile_slot_animated(compile, (size_t)slot);
  }
  data->transform = document_transform(site->json);
  const anima_json *stops = host->json_member(site->json, "stops");
  data->stop_count = stops && host->json_type(stops) == ANIMA_JSON_ARRAY
                         ? host->json_size(stops)
                         : 0;
  size_t bytes = (data->stop_count ? data->stop_count : 1) * sizeof(long);
  data->position = host->compile_alloc(compile, bytes);
  data->color = host->compile_alloc(compile, bytes);
  if (!data->position || !data->color) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < data->stop_count; i++) {
    char rest[64];
    snprintf(rest, sizeof rest, "stops.%zu.position", i);
    data->position[i] = find_slot(compile, node, paint, rest);
    snprintf(rest, sizeof rest, "stops.%zu.color", i);
    data->color[i] = find_slot(compile, node, paint, rest);
  }
  *out = data;
  return ANIMA_OK;
}

static size_t gradient_stop_count(const void *data, void *user) {
  (void)user;
  return data ? ((const gradient_data *)data)->stop_count : 0;
}

static double number(const anima_view *view, long slot) {
  return slot < 0 ? 0 : paint_host->view_number(view, (size_t)slot, 0);
}

static double clamp(double value, double low, double high) {
  return value < low ? low : (value > high ? high : value);
}

static void gradient_resolve(const anima_view *view, const void *data_,
                             anima_draw_paint *paint, anima_draw_stop *stops,
                             void *user) {
  (void)user;
  const gradient_data *data = data_;
  double c[COORDINATE_COUNT];
  for (size_t i = 0; i < COORDINATE_COUNT; i++) {
    c[i] = number(view, data->coordinate[i]);
  }
  for (size_t i = 0; i < 2; i++) {
    if (data->follows_centre[i]) {
      c[FX + i] = c[CX + i];
    }
  }
  paint->kind = data->kind;
  paint->mixed = false;
  paint->transform = data->transform;
  paint->x1 = c[X1];
  paint->y1 = c[Y1];
  paint->x2 = c[X2];
  paint->y2 = c[Y2];
  paint->cx = c[CX];
  paint->cy = c[CY];
  paint->r = c[R] > 0 ? c[R] : 0;
  paint->fx = c[FX];
  paint->fy = c[FY];
  for (size_t i = 0; i < data->stop_count; i++) {
    stops[i].position = clamp(number(view, data->position[i]), 0, 1);
    if (isnan(stops[i].position)) {
      stops[i].position = 0;
    }
    stops[i].color =
        data->color[i] < 0
            ? (anima_draw_color){{0, 0, 0, 255}, ANIMA_COLOR_SOURCE_LITERAL, 0}
            : paint_host->view_color(view, (size_t)data->color[i]);
  }
}

anima_status paint_register_gradient_kinds(anima_registrar *registrar) {
  static anima_paint_kind_desc kinds[PAINT_GRADIENT_COUNT];
  static const size_t types[PAINT_GRADIENT_COUNT] = {0, 1, 2};
  anima_status status = ANIMA_OK;
  for (size_t i = 0; status == ANIMA_OK && i < PAINT_GRADIENT_COUNT; i++) {
    kinds[i] = (anima_paint_kind_desc){
        .struct_size = sizeof kinds[i],
        .type = paint_gradient_names[i],
        .feature = PAINT_FEATURE,
        .lifecycle = {.compile = gradient_compile},
        .stop_count = gradient_stop_count,
        .resolve = gradient_resolve,
        .user = (void *)&types[i],
    };
    status = paint_host->add_paint_kind(registrar, &kinds[i]);
  }
  return status;
}
