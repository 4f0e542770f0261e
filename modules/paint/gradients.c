/*
 * gradients.c — gradient fills and strokes of the `paint` module (SPEC
 * paint chapter, "Gradients", "Angular gradients and affine gradient
 * transforms", "Diagnostics and implementation").
 *
 * The core's `fill` and `stroke` are variant families on `type` (registry.h
 * "Variants"); this file registers the discriminator `type` of each, in the
 * one-of group "source" with the core's `color`, and three variants of
 * each family:
 *
 *   linear    x1 y1 x2 y2 (start and end)              <linearGradient>
 *   radial    cx cy r (r >= 0), optional fx fy          <radialGradient>
 *   angular   x1 y1 (centre) x2 y2 (initial ray)        <angularGradient>
 *
 * each with `stops`, an array of {position 0..1, color} (<stop>), and the
 * static `gradientTransform` [a, b, c, d, e, f] (AniML gradient-transform).
 * Coordinates and stops are animatable: <id>.fill.x1, <id>.fill.cx ...,
 * <id>.fill.stops.<i>.position and .color (address patterns), the same
 * under `stroke`. Positions clamp to 0..1 and the radius to >= 0 after
 * resolving (the properties' ranges, SPEC §7 stage 4b).
 *
 * The registry's generic validation reports missing coordinates and stops
 * (missing-key at the paint object), coordinates of another type and a
 * colour given with a gradient (bad-value at the key) and stop colours
 * (bad-color, unknown-color-slot, color-slot-animated). The check below
 * adds what a field description cannot say: at least two stops, positions
 * nondecreasing at rest, an invertible gradientTransform.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gradient_kinds.h"
#include "paint.h"

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static const anima_kind_desc gradient_kinds[] = {
    {.name = "paint-stop",
     .element = "stop",
     .feature = PAINT_FEATURE,
     .description = "A gradient stop: a position 0..1 and a colour (SPEC "
                    "§6: hex, slot or currentColor)."},
    {.name = "paint-fill-linear",
     .element = "linearGradient",
     .feature = PAINT_FEATURE,
     .variant_of = "fill",
     .variant = "linear",
     .description = "A linear gradient fill from (x1, y1) to (x2, y2)."},
    {.name = "paint-fill-radial",
     .element = "radialGradient",
     .feature = PAINT_FEATURE,
     .variant_of = "fill",
     .variant = "radial",
     .description = "A radial gradient fill: centre (cx, cy), radius r, "
                    "focal point (fx, fy)."},
    {.name = "paint-fill-angular",
     .element = "angularGradient",
     .feature = PAINT_FEATURE,
     .variant_of = "fill",
     .variant = "angular",
     .description = "An angular (conic) gradient fill around (x1, y1), "
                    "position 0 on the ray toward (x2, y2), clockwise."},
    {.name = "paint-stroke-linear",
     .element = "linearGradient",
     .feature = PAINT_FEATURE,
     .variant_of = "stroke",
     .variant = "linear",
     .description = "A linear gradient stroke from (x1, y1) to (x2, y2)."},
    {.name = "paint-stroke-radial",
     .element = "radialGradient",
     .feature = PAINT_FEATURE,
     .variant_of = "stroke",
     .variant = "radial",
     .description = "A radial gradient stroke: centre (cx, cy), radius r, "
                    "focal point (fx, fy)."},
    {.name = "paint-stroke-angular",
     .element = "angularGradient",
     .feature = PAINT_FEATURE,
     .variant_of = "stroke",
     .variant = "angular",
     .description = "An angular (conic) gradient stroke around (x1, y1), "
                    "position 0 on the ray toward (x2, y2), clockwise."},
};

#define BOUNDED(owner_, name_, kind_, min_, max_)                              \
  .owner = owner_, .name = name_, .kind = kind_, .feature = PAINT_FEATURE,     \
  .minimum = min_, .maximum = max_
#define FIELD(owner_, name_, kind_)                                            \
  BOUNDED(owner_, name_, kind_, -INFINITY, INFINITY)
#define COORDINATE(owner_, name_, required_, text_)                            \
  {                                                                            \
    FIELD(owner_, name_, ANIMA_FIELD_NUMBER), .required = required_,           \
                                              .description = text_             \
  }
/* The fields every gradient variant has. */
#define GRADIENT_COMMON(owner_)                                                  \
  {FIELD(owner_, "stops", ANIMA_FIELD_ARRAY), .item_kind = "paint-stop",         \
   .required = true,                                                             \
   .description = "At least two stops, positions nondecreasing (repeat a "       \
                  "position for a hard edge); padded beyond the ends."},         \
  {                                                                              \
    FIELD(owner_, "gradientTransform", ANIMA_FIELD_NUMBERS),                     \
        .length = 6,                                                             \
        .description = "Static [a, b, c, d, e, f]: (x, y) -> (a·x + c·y + e, " \
                       "b·x + d·y + f) before the node transform; "            \
                       "invertible."                                             \
  }
#define LINEAR_FIELDS(owner_, start_, end_)                                    \
  COORDINATE(owner_, "x1", true, start_ " x, grid units."),                    \
      COORDINATE(owner_, "y1", true, start_ " y, grid units."),                \
      COORDINATE(owner_, "x2", true, end_ " x, grid units."),                  \
      COORDINATE(owner_, "y2", true, end_ " y, grid units."),                  \
      GRADIENT_COMMON(owner_)
#define RADIAL_FIELDS(owner_)                                                  \
  COORDINATE(owner_, "cx", true, "Centre x, grid units."),                     \
      COORDINATE(owner_, "cy", true, "Centre y, grid units."),                 \
      {BOUNDED(owner_, "r", ANIMA_FIELD_NUMBER, 0, INFINITY),                  \
       .required = true, .description = "Radius, grid units (>= 0)."},         \
      COORDINATE(owner_, "fx", false,                                          \
                 "Focal point x, grid units; default: the centre's x."),       \
      COORDINATE(owner_, "fy", false,                                          \
                 "Focal point y, grid units; default: the centre's y."),       \
      GRADIENT_COMMON(owner_)

static const anima_field_desc gradient_fields[] = {
    {FIELD("fill", "type", ANIMA_FIELD_NAME), .one_of = "source",
     .description = "Gradient type: linear, radial or angular (instead of "
                    "color)."},
    {FIELD("stroke", "type", ANIMA_FIELD_NAME), .one_of = "source",
     .description = "Gradient type: linear, radial or angular (instead of "
                    "color)."},
    {BOUNDED("paint-stop", "position", ANIMA_FIELD_NUMBER, 0, 1),
     .required = true,
     .description = "Where the stop sits along the gradient, 0..1."},
    {FIELD("paint-stop", "color", ANIMA_FIELD_COLOR), .required = true,
     .description = "The stop's colour: hex with optional alpha, a colour "
                    "slot or currentColor (SPEC §6)."},
    LINEAR_FIELDS("paint-fill-linear", "Start", "End"),
    RADIAL_FIELDS("paint-fill-radial"),
    LINEAR_FIELDS("paint-fill-angular", "Centre", "Point on the initial ray"),
    LINEAR_FIELDS("paint-stroke-linear", "Start", "End"),
    RADIAL_FIELDS("paint-stroke-radial"),
    LINEAR_FIELDS("paint-stroke-angular", "Centre", "Point on the initial ray"),
};

#define NUMBER_PROPERTY(address_, min_, text_)                                 \
  {                                                                            \
    .owner = "painted", .address = address_, .feature = PAINT_FEATURE,         \
    .type = ANIMA_VALUE_NUMBER, .animation = ANIMA_ANIMATION_INTERPOLATED,     \
    .minimum = min_, .maximum = INFINITY,                                      \
    .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},             \
    .description = text_                                                       \
  }
#define PAINT_PROPERTIES(paint_)                                               \
  NUMBER_PROPERTY(paint_ ".x1", -INFINITY,                                     \
                  "Linear start x / angular centre x."),                       \
      NUMBER_PROPERTY(paint_ ".y1", -INFINITY,                                 \
                      "Linear start y / angular centre y."),                   \
      NUMBER_PROPERTY(paint_ ".x2", -INFINITY,                                 \
                      "Linear end x / angular ray point x."),                  \
      NUMBER_PROPERTY(paint_ ".y2", -INFINITY,                                 \
                      "Linear end y / angular ray point y."),                  \
      NUMBER_PROPERTY(paint_ ".cx", -INFINITY, "Radial centre x."),            \
      NUMBER_PROPERTY(paint_ ".cy", -INFINITY, "Radial centre y."),            \
      NUMBER_PROPERTY(paint_ ".r", 0, "Radial radius, clamped to >= 0."),      \
      NUMBER_PROPERTY(paint_ ".fx", -INFINITY,                                 \
                      "Radial focal x; rests at the authored cx when "         \
                      "omitted."),                                             \
      NUMBER_PROPERTY(paint_ ".fy", -INFINITY,                                 \
                      "Radial focal y; rests at the authored cy when "         \
                      "omitted."),                                             \
      {.owner = "painted",                                                     \
       .address = paint_ ".stops.*.position",                                  \
       .feature = PAINT_FEATURE,                                               \
       .type = ANIMA_VALUE_NUMBER,                                             \
       .animation = ANIMA_ANIMATION_INTERPOLATED,                              \
       .minimum = 0,                                                           \
       .maximum = 1,                                                           \
       .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},          \
       .description = "A stop's position, clamped to 0..1."},                  \
  {                                                                            \
    .owner = "painted", .address = paint_ ".stops.*.color",                    \
    .feature = PAINT_FEATURE, .type = ANIMA_VALUE_COLOR,                       \
    .animation = ANIMA_ANIMATION_INTERPOLATED, .minimum = -INFINITY,           \
    .maximum = INFINITY,                                                       \
    .default_value = {.type = ANIMA_VALUE_COLOR, .as.color = {0, 0, 0, 255}},  \
    .description = "A stop's colour (non-premultiplied sRGB sampling; hex "    \
                   "literals when animated)."                                  \
  }

static const anima_property_desc gradient_properties[] = {
    PAINT_PROPERTIES("fill"),
    PAINT_PROPERTIES("stroke"),
};

/* ------------------------------------------------------------------------ */
/* The check                                                                 */
/* ------------------------------------------------------------------------ */

/* The gradient type of a paint object, or NULL when it is none of ours. */
static const char *gradient_type(const anima_json *paint) {
  const anima_host *host = paint_host;
  const anima_json *type = host->json_member(paint, "type");
  if (!type || host->json_type(type) != ANIMA_JSON_STRING) {
    return NULL;
  }
  const char *text = host->json_string(type, NULL);
  for (size_t i = 0; i < PAINT_GRADIENT_COUNT; i++) {
    if (strcmp(text, paint_gradient_names[i]) == 0) {
      return text;
    }
  }
  return NULL;
}

/* At least two stops; positions nondecreasing (only numbers are compared:
 * the structural walk reported anything else). */
static void check_stops(anima_check *check, const anima_json *stops,
                        const char *paint_pointer) {
  const anima_host *host = paint_host;
  char pointer[1024];
  snprintf(pointer, sizeof pointer, "%s", paint_pointer);
  paint_pointer_append(pointer, sizeof pointer, "stops");
  if (host->json_type(stops) != ANIMA_JSON_ARRAY) {
    return;
  }
  size_t count = host->json_size(stops);
  if (count < 2) {
    host->check_report(check, "bad-value", ANIMA_SEVERITY_ERROR, pointer,
                       /* In words: the same in JSON and AniML (the AniML
                        * speller does not spell array items). */
                       "give at least two stops, e.g. one at position 0 and "
                       "one at position 1, each with its color",
                       "a gradient needs at least two stops, not %zu", count);
    return;
  }
  double previous = -INFINITY;
  size_t previous_index = 0;
  for (size_t i = 0; i < count; i++) {
    const anima_json *stop = host->json_item(stops, i);
    const anima_json *position =
        stop && host->json_type(stop) == ANIMA_JSON_OBJECT
            ? host->json_member(stop, "position")
            : NULL;
    if (!position || host->json_type(position) != ANIMA_JSON_NUMBER) {
      continue;
    }
    double value = host->json_number(position);
    if (value < previous) {
      char at[1100];
      char index[32];
      snprintf(at, sizeof at, "%s", pointer);
      snprintf(index, sizeof index, "%zu", i);
      paint_pointer_append(at, sizeof at, index);
      paint_pointer_append(at, sizeof at, "position");
      char here[ANIMA_FORMAT_CAPACITY], before[ANIMA_FORMAT_CAPACITY];
      host->format_number(value, here);
      host->format_number(previous, before);
      host->check_report(
          check, "bad-value", ANIMA_SEVERITY_ERROR, at,
          "order the stops by position; repeat a position for a hard edge",
          "stop %zu at %s comes before stop %zu at %s: positions must not "
          "decrease",
          i, here, previous_index, before);
    }
    if (value >= previous) {
      previous = value;
      previous_index = i;
    }
  }
}

/* gradientTransform (docs/DECISIONS.md "Robust geometry"): every entry
 * within ±1 000 000 like path numbers (bad-value at the entry), and the
 * matrix invertible at drawing scale: |a·d − b·c| at least
 * PAINT_TRANSFORM_DETERMINANT_MIN, computed scaled by the largest of a, b,
 * c, d so that it neither overflows nor underflows before the comparison
 * (1e-300 on the diagonal is 1e-600, not 0). */
#define PAINT_TRANSFORM_ENTRY_LIMIT 1e6
#define PAINT_TRANSFORM_DETERMINANT_MIN 1e-12

static void check_transform(anima_check *check, const anima_json *transform,
                            const char *paint_pointer) {
  const anima_host *host = paint_host;
  if (host->json_type(transform) != ANIMA_JSON_ARRAY ||
      host->json_size(transform) != 6) {
    return;
  }
  char pointer[1024];
  snprintf(pointer, sizeof pointer, "%s", paint_pointer);
  paint_pointer_append(pointer, sizeof pointer, "gradientTransform");
  double m[6];
  bool bounded = true;
  for (size_t i = 0; i < 6; i++) {
    const anima_json *item = host->json_item(transform, i);
    if (host->json_type(item) != ANIMA_JSON_NUMBER) {
      return;
    }
    m[i] = host->json_number(item);
    if (!(fabs(m[i]) <= PAINT_TRANSFORM_ENTRY_LIMIT)) {
      char at[1040], index[8], number[ANIMA_FORMAT_CAPACITY];
      snprintf(at, sizeof at, "%s", pointer);
      snprintf(index, sizeof index, "%zu", i);
      paint_pointer_append(at, sizeof at, index);
      host->format_number(m[i], number);
      host->check_report(check, "bad-value", ANIMA_SEVERITY_ERROR, at,
                         "gradientTransform entries lie within -1000000 to "
                         "1000000, like path numbers",
                         "gradientTransform entry %zu is %s, outside "
                         "-1000000 to 1000000",
                         i, number);
      bounded = false;
    }
  }
  if (!bounded) {
    return;
  }
  double largest =
      fmax(fmax(fabs(m[0]), fabs(m[1])), fmax(fabs(m[2]), fabs(m[3])));
  double scaled = 0; /* (a·d − b·c) / largest² */
  if (largest > 0) {
    scaled = (m[0] / largest) * (m[3] / largest) -
             (m[1] / largest) * (m[2] / largest);
  }
  /* |a·d − b·c| >= minimum, both sides divided by largest² (the right
   * side only grows: no underflow to a false 0). */
  if (scaled != 0 &&
      fabs(scaled) >= PAINT_TRANSFORM_DETERMINANT_MIN / largest / largest) {
    return;
  }
  char determinant[64];
  if (scaled == 0) {
    snprintf(determinant, sizeof determinant, "0");
  } else {
    /* The exponent and mantissa of the scaled product, never rounded to
     * 0: 1e-300 on the diagonal says "1e-600". */
    double exponent10 = log10(fabs(scaled)) + 2 * log10(largest);
    double whole = floor(exponent10);
    snprintf(determinant, sizeof determinant, "%s%.3ge%.0f",
             scaled < 0 ? "-" : "", pow(10, exponent10 - whole), whole);
  }
  host->check_report(
      check, "bad-value", ANIMA_SEVERITY_ERROR, pointer,
      "use an invertible matrix: |a·d − b·c| at least 1e-12 (the identity "
      "is [1, 0, 0, 1, 0, 0])",
      "the gradientTransform is singular (a·d − b·c = %s): it maps the "
      "gradient onto a line or a point",
      determinant);
}

static void check_gradients(anima_check *check, void *user) {
  (void)user;
  const anima_host *host = paint_host;
  static const char *const paints[] = {"fill", "stroke"};
  size_t count = host->check_node_count(check);
  for (size_t node = 0; node < count; node++) {
    const char *node_pointer = NULL;
    const anima_json *object = host->check_node(check, node, &node_pointer);
    if (!object || host->json_type(object) != ANIMA_JSON_OBJECT) {
      continue;
    }
    for (size_t i = 0; i < COUNT(paints); i++) {
      const anima_json *paint = host->json_member(object, paints[i]);
      if (!paint || host->json_type(paint) != ANIMA_JSON_OBJECT ||
          !gradient_type(paint)) {
        continue;
      }
      char pointer[1024];
      snprintf(pointer, sizeof pointer, "%s", node_pointer ? node_pointer : "");
      paint_pointer_append(pointer, sizeof pointer, paints[i]);
      const anima_json *stops = host->json_member(paint, "stops");
      if (stops) {
        check_stops(check, stops, pointer);
      }
      const anima_json *transform =
          host->json_member(paint, "gradientTransform");
      if (transform) {
        check_transform(check, transform, pointer);
      }
    }
  }
}

anima_status paint_register_gradients(anima_registrar *registrar) {
  const anima_host *host = paint_host;
  static const anima_check_desc check = {.struct_size = sizeof check,
                                         .feature = PAINT_FEATURE,
                                         .name = "gradients",
                                         .check = check_gradients};
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, host->add_kind, registrar, gradient_kinds);
  ANIMA_ADD_EACH(status, host->add_field, registrar, gradient_fields);
  ANIMA_ADD_EACH(status, host->add_property, registrar, gradient_properties);
  if (status == ANIMA_OK) {
    status = host->add_check(registrar, &check);
  }
  if (status == ANIMA_OK) {
    status = paint_register_gradient_kinds(registrar);
  }
  return status;
}
