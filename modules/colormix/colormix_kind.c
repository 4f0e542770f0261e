/*
 * colormix_kind.c — the paint kind of `mix` (SPEC §6 "Optional slot
 * mixing"): per model the slots of t (animatable) and of the endpoints a
 * and b (static colour references), every frame a SOLID paint whose colour
 * is the premultiplied mix, with the endpoints and weight kept for live
 * SVG's `color-mix()`.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include "colormix.h"

static double channel(double value) {
  double rounded = floor(value + 0.5);
  return rounded < 0 ? 0 : (rounded > 255 ? 255 : rounded);
}

anima_color colormix_mix(anima_color a, anima_color b, double t) {
  t = t > 0 ? (t < 1 ? t : 1) : 0; /* NaN mixes nothing of b */
  double alpha = a.a * (1 - t) + b.a * t;
  double mixed[3] = {0, 0, 0};
  const uint8_t from[3] = {a.r, a.g, a.b}, to[3] = {b.r, b.g, b.b};
  for (size_t i = 0; i < 3; i++) {
    double premultiplied =
        from[i] * (double)a.a * (1 - t) + to[i] * (double)b.a * t; /* ×255 */
    mixed[i] = alpha > 0 ? premultiplied / alpha : 0;
  }
  return (anima_color){(uint8_t)channel(mixed[0]), (uint8_t)channel(mixed[1]),
                       (uint8_t)channel(mixed[2]), (uint8_t)channel(alpha)};
}

/* A compiled mix (model-owned): the slots of t, a and b. */
typedef struct mix_data {
  long t, a, b;
} mix_data;

static anima_status mix_compile(anima_compile *compile, const anima_site *site,
                                void *user, void **out) {
  (void)user;
  const anima_host *host = colormix_host;
  mix_data *data = host->compile_alloc(compile, sizeof *data);
  if (!data) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  if (site->node < 0) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  /* the paint's address prefix: "fill", "stroke", "paints.2.fill" */
  const char *paint =
      site->struct_size > offsetof(anima_site, address) && site->address
          ? site->address
          : (site->index == 0 ? "fill" : "stroke");
  char address[96];
  long *slots[3] = {&data->t, &data->a, &data->b};
  static const char *const names[3] = {"t", "a", "b"};
  for (size_t i = 0; i < 3; i++) {
    snprintf(address, sizeof address, "%s.mix.%s", paint, names[i]);
    *slots[i] = host->compile_find_slot(compile, (size_t)site->node, address);
  }
  *out = data;
  return ANIMA_OK;
}

static anima_draw_color endpoint(const anima_view *view, long slot) {
  if (slot < 0) {
    return (anima_draw_color){{0, 0, 0, 255}, ANIMA_COLOR_SOURCE_LITERAL, 0};
  }
  return colormix_host->view_color(view, (size_t)slot);
}

static void mix_resolve(const anima_view *view, const void *data_,
                        anima_draw_paint *paint, anima_draw_stop *stops,
                        void *user) {
  (void)stops, (void)user;
  const mix_data *data = data_;
  double t =
      data->t < 0 ? 0 : colormix_host->view_number(view, (size_t)data->t, 0);
  t = t > 0 ? (t < 1 ? t : 1) : 0;
  paint->kind = ANIMA_PAINT_SOLID;
  paint->mixed = true;
  paint->mix_a = endpoint(view, data->a);
  paint->mix_b = endpoint(view, data->b);
  paint->mix_t = t;
  paint->color = (anima_draw_color){
      colormix_mix(paint->mix_a.color, paint->mix_b.color, t),
      ANIMA_COLOR_SOURCE_LITERAL, 0};
}

anima_status colormix_register_kind(anima_registrar *registrar) {
  static const anima_paint_kind_desc kind = {
      .struct_size = sizeof kind,
      .key = "mix",
      .feature = COLORMIX_FEATURE,
      .lifecycle = {.compile = mix_compile},
      .resolve = mix_resolve,
  };
  return colormix_host->add_paint_kind(registrar, &kind);
}
