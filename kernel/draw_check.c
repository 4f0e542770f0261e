/*
 * draw_check.c — anima_draw_frame_check: what a backend cannot draw,
 * reported in one place as the spec's `unsupported-render` (SPEC §11.3;
 * paint "Angular gradients", "Image wrapping"; mix "Additive blend") with
 * the pointer of what produced it (include/anima/draw.h).
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <anima/draw.h>

/* A caps member, or "everything" when `caps` predates it. */
#define CAPS_MEMBER(caps, member, everything)                                  \
  ((caps)->struct_size >=                                                      \
           offsetof(anima_backend_caps, member) + sizeof((caps)->member)       \
       ? (caps)->member                                                        \
       : (everything))

typedef struct check {
  const anima_backend_caps *caps;
  anima_diagnostics *diagnostics;
  size_t first_report; /* diagnostics this call added start here */
  anima_status status;
  uint32_t items, blend_modes, paint_kinds, mask_modes;
  uint32_t wraps_nearest, wraps_bilinear, strokes;
  bool gradient_transform;
} check;

static const char *const blend_names[ANIMA_BLEND_MODE_COUNT] = {
    "normal",     "multiply",    "screen",     "overlay",    "darken",
    "lighten",    "color-dodge", "color-burn", "hard-light", "soft-light",
    "difference", "exclusion",   "hue",        "saturation", "color",
    "luminosity", "additive"};

static const char *const mask_names[ANIMA_MASK_MODE_COUNT] = {
    "alpha", "luminance", "inverted-alpha", "inverted-luminance"};

static const char *const wrap_names[ANIMA_WRAP_COUNT] = {"none", "clamp",
                                                         "repeat", "mirror"};

static bool has(uint32_t mask, unsigned bit) {
  return bit < 32 && (mask & (1u << bit)) != 0;
}

/* Adds one report per pointer and feature. */
static void report(check *state, const char *pointer, const char *suffix,
                   const char *feature, const char *detail) {
  state->status = ANIMA_ERROR_UNSUPPORTED;
  if (state->diagnostics == NULL) {
    return;
  }
  char where[512];
  snprintf(where, sizeof where, "%s%s", pointer != NULL ? pointer : "", suffix);
  char message[256];
  snprintf(message, sizeof message, "the %s renderer cannot draw %s%s%s",
           state->caps->name != NULL ? state->caps->name : "chosen", feature,
           detail != NULL ? " " : "", detail != NULL ? detail : "");
  size_t count = anima_diagnostics_count(state->diagnostics);
  for (size_t index = state->first_report; index < count; index++) {
    const anima_diagnostic *seen =
        anima_diagnostics_get(state->diagnostics, index);
    if (strcmp(seen->pointer, where) == 0 &&
        strcmp(seen->message, message) == 0) {
      return;
    }
  }
  if (anima_diagnostics_add(state->diagnostics, "unsupported-render",
                            ANIMA_SEVERITY_ERROR, where, state->caps->hint,
                            "%s", message) != ANIMA_OK) {
    state->status = ANIMA_ERROR_NO_MEMORY;
  }
}

static bool is_identity(const anima_matrix *m) {
  return m->a == 1 && m->b == 0 && m->c == 0 && m->d == 1 && m->e == 0 &&
         m->f == 0;
}

static void check_wrap(check *state, const char *pointer,
                       anima_image_sampling sampling, anima_image_wrap x,
                       anima_image_wrap y) {
  uint32_t wraps = sampling == ANIMA_SAMPLING_NEAREST ? state->wraps_nearest
                                                      : state->wraps_bilinear;
  const char *sampled = sampling == ANIMA_SAMPLING_NEAREST
                            ? "with nearest sampling"
                            : "with bilinear sampling";
  char feature[64];
  if ((unsigned)x < ANIMA_WRAP_COUNT && !has(wraps, x)) {
    snprintf(feature, sizeof feature, "%s wrapping", wrap_names[x]);
    report(state, pointer, "/sampling", feature, sampled);
  }
  if ((unsigned)y < ANIMA_WRAP_COUNT && y != x && !has(wraps, y)) {
    snprintf(feature, sizeof feature, "%s wrapping", wrap_names[y]);
    report(state, pointer, "/sampling", feature, sampled);
  }
}

static void check_paint(check *state, const anima_draw_paint *paint) {
  static const char *const paint_names[ANIMA_PAINT_KIND_COUNT] = {
      "solid colours", "linear gradients", "radial gradients",
      "angular (conic) gradients", "image paints"};
  if ((unsigned)paint->kind < ANIMA_PAINT_KIND_COUNT &&
      !has(state->paint_kinds, paint->kind)) {
    report(state, paint->pointer, "/type", paint_names[paint->kind], NULL);
  }
  if (paint->kind != ANIMA_PAINT_SOLID && !state->gradient_transform &&
      !is_identity(&paint->transform)) {
    report(state, paint->pointer, "/gradientTransform", "gradient transforms",
           NULL);
  }
  if (paint->kind == ANIMA_PAINT_IMAGE) {
    check_wrap(state, paint->pointer, paint->sampling, paint->wrap_x,
               paint->wrap_y);
  }
}

/* A group's or layer's blend mode, reported at what chose it. */
static void check_blend(check *state, anima_blend_mode blend,
                        const char *pointer) {
  if (has(state->blend_modes, blend)) {
    return;
  }
  if (blend == ANIMA_BLEND_ADDITIVE) {
    report(state, pointer, "", "additive blending", NULL);
    return;
  }
  char feature[64];
  snprintf(feature, sizeof feature, "the blend mode %s", blend_names[blend]);
  report(state, pointer, "", feature, NULL);
}

static void check_shape(check *state, const anima_draw_frame *frame,
                        const anima_draw_shape *shape) {
  for (size_t index = 0; index < shape->layer_count; index++) {
    const anima_draw_layer *layer = &frame->layers[shape->first_layer + index];
    check_paint(state, &frame->paints[layer->paint]);
    check_blend(state, layer->blend,
                layer->blend_pointer != NULL ? layer->blend_pointer
                                             : layer->pointer);
    if (layer->kind != ANIMA_LAYER_STROKE) {
      continue;
    }
    const anima_draw_stroke *stroke = &frame->strokes[layer->stroke];
    if (stroke->dash_count > 0 && !(state->strokes & ANIMA_CAP_STROKE_DASHES)) {
      report(state, layer->pointer, "/dash", "dashed strokes", NULL);
    }
    if (stroke->fixed && !(state->strokes & ANIMA_CAP_STROKE_FIXED)) {
      report(state, layer->pointer, "/scale", "fixed (non-scaling) strokes",
             NULL);
    }
    if (stroke->fixed && stroke->trim_end - stroke->trim_start < 1 &&
        !(state->strokes & ANIMA_CAP_STROKE_FIXED_TRIM)) {
      report(state, layer->pointer, "", "partial trims on fixed strokes", NULL);
    }
    if (stroke->placement != ANIMA_STROKE_CENTER &&
        !(state->strokes & ANIMA_CAP_STROKE_PLACEMENT)) {
      report(state, layer->pointer, "/position", "inside or outside strokes",
             NULL);
    }
  }
}

static void check_item(check *state, const anima_draw_frame *frame,
                       const anima_draw_item *item) {
  static const char *const item_names[ANIMA_DRAW_ITEM_KIND_COUNT] = {
      "groups", "groups", "shapes", "masks", "masks",
      "clips",  "clips",  "images", "meshes"};
  if (item->kind == ANIMA_DRAW_GROUP_END || item->kind == ANIMA_DRAW_MASK_END ||
      item->kind == ANIMA_DRAW_CLIP_END) {
    return;
  }
  if (!has(state->items, item->kind)) {
    report(state, item->pointer, "", item_names[item->kind], NULL);
    return;
  }
  char feature[64];
  switch (item->kind) {
  case ANIMA_DRAW_GROUP_BEGIN: {
    const anima_draw_group *group = &frame->groups[item->payload];
    check_blend(state, group->blend,
                group->blend_pointer != NULL ? group->blend_pointer
                                             : item->pointer);
    break;
  }
  case ANIMA_DRAW_SHAPE:
    check_shape(state, frame, &frame->shapes[item->payload]);
    break;
  case ANIMA_DRAW_MASK_BEGIN: {
    anima_mask_mode mode = frame->masks[item->payload].mode;
    if (!has(state->mask_modes, mode)) {
      snprintf(feature, sizeof feature, "%s masks", mask_names[mode]);
      report(state, item->pointer, "", feature, NULL);
    }
    break;
  }
  case ANIMA_DRAW_IMAGE: {
    const anima_draw_image *image = &frame->images[item->payload];
    check_wrap(state, item->pointer, image->sampling, image->wrap_x,
               image->wrap_y);
    break;
  }
  default:
    break;
  }
}

anima_status anima_draw_frame_check(const anima_draw_frame *frame,
                                    const anima_backend_caps *caps,
                                    anima_diagnostics *diagnostics) {
  if (frame == NULL || caps == NULL || caps->struct_size < sizeof(size_t)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_status valid = anima_draw_frame_validate(frame);
  if (valid != ANIMA_OK) {
    return valid;
  }
  check state = {
      .caps = caps,
      .diagnostics = diagnostics,
      .first_report =
          diagnostics != NULL ? anima_diagnostics_count(diagnostics) : 0,
      .status = ANIMA_OK,
      .items = CAPS_MEMBER(caps, items, UINT32_MAX),
      .blend_modes = CAPS_MEMBER(caps, blend_modes, UINT32_MAX),
      .paint_kinds = CAPS_MEMBER(caps, paint_kinds, UINT32_MAX),
      .mask_modes = CAPS_MEMBER(caps, mask_modes, UINT32_MAX),
      .wraps_nearest = CAPS_MEMBER(caps, wraps_nearest, UINT32_MAX),
      .wraps_bilinear = CAPS_MEMBER(caps, wraps_bilinear, UINT32_MAX),
      .strokes = CAPS_MEMBER(caps, strokes, UINT32_MAX),
      .gradient_transform = CAPS_MEMBER(caps, gradient_transform, true),
  };
  for (size_t index = 0; index < frame->item_count; index++) {
    check_item(&state, frame, anima_draw_frame_item(frame, index));
    if (state.status == ANIMA_ERROR_NO_MEMORY ||
        (diagnostics == NULL && state.status != ANIMA_OK)) {
      break;
    }
  }
  return state.status;
}
