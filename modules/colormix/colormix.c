/*
 * colormix.c — the `colormix` feature module (SPEC §6 "Optional slot
 * mixing (colormix)"), built as anima-colormix.so.
 *
 * A node fill or stroke may replace `color` with `mix`: {a, b, t}, the
 * third member of the one-of group "source" (with `color` and a gradient's
 * `type`). The endpoints a and b are hex literals or declared colour slots
 * whose defaults are hex literals; they stay static colour references
 * (addresses <id>.fill.mix.a and .b exist but are not animatable). The
 * weight t rests in 0..1 and is animatable and bindable as
 * <id>.<fill|stroke>.mix.t, clamped to 0..1 after resolving. In AniML the
 * object is a <colorMix a=".." b=".." t=".."/> inside <fill> or <stroke>
 * (docs/ANIML.md §7); docs/modules/colormix.md describes the spellings.
 *
 * Diagnostics beyond the registry's own (type, missing-key, unknown-key):
 *   colormix-color   an endpoint that is not a hex literal or a declared
 *                    slot with a hex default, at …/mix/a or …/mix/b
 *   colormix-range   a rest weight outside 0..1, at …/mix/t
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "colormix.h"

const anima_host *colormix_host;

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

#define FIELD(owner_, name_, kind_)                                            \
  .owner = owner_, .name = name_, .kind = kind_, .feature = COLORMIX_FEATURE,  \
  .minimum = -INFINITY, .maximum = INFINITY

static const anima_kind_desc mix_kind = {
    .name = "colormix-mix",
    .element = "colorMix",
    .feature = COLORMIX_FEATURE,
    .description = "Two colours mixed in premultiplied sRGB: t = 0 is a, "
                   "t = 1 is b (CSS color-mix(in srgb, a, b t·100%))."};

static const anima_field_desc mix_fields[] = {
    {FIELD("fill", "mix", ANIMA_FIELD_OBJECT), .item_kind = "colormix-mix",
     .one_of = "source", .conflict_code = "colormix-source",
     .markup_name = "colorMix", .markup_form = ANIMA_MARKUP_CHILDREN,
     .description = "The fill's colour as a mix of two colours (instead of "
                    "color)."},
    {FIELD("stroke", "mix", ANIMA_FIELD_OBJECT), .item_kind = "colormix-mix",
     .one_of = "source", .conflict_code = "colormix-source",
     .markup_name = "colorMix", .markup_form = ANIMA_MARKUP_CHILDREN,
     .description = "The stroke's colour as a mix of two colours (instead "
                    "of color)."},
    {FIELD("colormix-mix", "a", ANIMA_FIELD_STRING), .required = true,
     .description = "The colour at t = 0: a hex literal or a declared slot "
                    "whose default is a hex literal."},
    {FIELD("colormix-mix", "b", ANIMA_FIELD_STRING), .required = true,
     .description = "The colour at t = 1: a hex literal or a declared slot "
                    "whose default is a hex literal."},
    {FIELD("colormix-mix", "t", ANIMA_FIELD_NUMBER), .required = true,
     .description = "The weight of b, 0..1 at rest; animatable, clamped to "
                    "0..1 after resolving."},
};

#define WEIGHT_PROPERTY(address_)                                              \
  {                                                                            \
    .owner = "painted", .address = address_, .feature = COLORMIX_FEATURE,      \
    .type = ANIMA_VALUE_NUMBER, .animation = ANIMA_ANIMATION_INTERPOLATED,     \
    .minimum = 0, .maximum = 1,                                                \
    .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},             \
    .description = "The mix weight of b, clamped to 0..1."                     \
  }
#define ENDPOINT_PROPERTY(address_, text_)                                     \
  {                                                                            \
    .owner = "painted", .address = address_, .feature = COLORMIX_FEATURE,      \
    .type = ANIMA_VALUE_COLOR, .animation = ANIMA_ANIMATION_NONE,              \
    .minimum = -INFINITY, .maximum = INFINITY,                                 \
    .default_value = {.type = ANIMA_VALUE_COLOR, .as.color = {0, 0, 0, 255}},  \
    .description = text_                                                       \
  }

static const anima_property_desc mix_properties[] = {
    WEIGHT_PROPERTY("fill.mix.t"),
    ENDPOINT_PROPERTY("fill.mix.a", "The fill mix's first colour (static)."),
    ENDPOINT_PROPERTY("fill.mix.b", "The fill mix's second colour (static)."),
    WEIGHT_PROPERTY("stroke.mix.t"),
    ENDPOINT_PROPERTY("stroke.mix.a",
                      "The stroke mix's first colour (static)."),
    ENDPOINT_PROPERTY("stroke.mix.b",
                      "The stroke mix's second colour (static)."),
};

static const anima_code_desc mix_codes[] = {
    {.code = "colormix-color",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = COLORMIX_FEATURE,
     .description = "A colour mix endpoint is not a hex literal or a "
                    "declared slot with a hex default."},
    {.code = "colormix-range",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = COLORMIX_FEATURE,
     .description = "A colour mix's rest weight t is outside 0..1."},
    {.code = "colormix-source",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = COLORMIX_FEATURE,
     .description = "A colour mix is given with another colour source "
                    "(color, a gradient type) or where only colours go."},
};

/* ------------------------------------------------------------------------ */
/* The check                                                                 */
/* ------------------------------------------------------------------------ */

static const char endpoint_hint[] =
    "use a hex literal such as \"#d97757\" or a slot of \"colors\" whose "
    "default is a hex literal";

/* One endpoint: a hex literal, or a declared slot with a hex default. */
static void check_endpoint(anima_check *check, const anima_json *colors,
                           const anima_json *value, const char *pointer) {
  const anima_host *host = colormix_host;
  if (!value || host->json_type(value) != ANIMA_JSON_STRING) {
    return; /* the registry reported its type */
  }
  const char *text = host->json_string(value, NULL);
  anima_color color;
  if (text[0] == '#') {
    if (!host->parse_color(text, &color)) {
      host->check_report(check, "colormix-color", ANIMA_SEVERITY_ERROR, pointer,
                         endpoint_hint,
                         "\"%s\" is not a hex colour (#rgb, #rrggbb or "
                         "#rrggbbaa)",
                         text);
    }
    return;
  }
  if (strcmp(text, "currentColor") == 0) {
    host->check_report(check, "colormix-color", ANIMA_SEVERITY_ERROR, pointer,
                       endpoint_hint,
                       "a colour mix cannot use currentColor: static "
                       "renderers cannot resolve page inheritance");
    return;
  }
  const anima_json *slot =
      colors && host->json_type(colors) == ANIMA_JSON_OBJECT
          ? host->json_member(colors, text)
          : NULL;
  if (!slot) {
    host->check_report(check, "colormix-color", ANIMA_SEVERITY_ERROR, pointer,
                       endpoint_hint,
                       "\"%s\" is neither a hex colour nor a colour slot of "
                       "\"colors\"",
                       text);
    return;
  }
  const char *fallback = host->json_type(slot) == ANIMA_JSON_STRING
                             ? host->json_string(slot, NULL)
                             : "";
  if (fallback[0] != '#' || !host->parse_color(fallback, &color)) {
    host->check_report(check, "colormix-color", ANIMA_SEVERITY_ERROR, pointer,
                       "give the slot a hex default such as \"#d97757\" (a "
                       "page may still override it with currentColor)",
                       "the colour slot \"%s\" defaults to \"%s\", not to a "
                       "hex colour",
                       text, fallback);
  }
}

static void check_mix(anima_check *check, const anima_json *colors,
                      const anima_json *mix, const char *paint_pointer) {
  const anima_host *host = colormix_host;
  if (host->json_type(mix) != ANIMA_JSON_OBJECT) {
    return;
  }
  char pointer[1100]; /* the paint's pointer has at most 1023 bytes */
  static const char *const ends[2] = {"a", "b"};
  for (size_t i = 0; i < 2; i++) {
    snprintf(pointer, sizeof pointer, "%s/mix/%s", paint_pointer, ends[i]);
    check_endpoint(check, colors, host->json_member(mix, ends[i]), pointer);
  }
  const anima_json *t = host->json_member(mix, "t");
  if (t && host->json_type(t) == ANIMA_JSON_NUMBER) {
    double weight = host->json_number(t);
    if (!(weight >= 0 && weight <= 1)) {
      char text[ANIMA_FORMAT_CAPACITY];
      host->format_number(weight, text);
      snprintf(pointer, sizeof pointer, "%s/mix/t", paint_pointer);
      host->check_report(check, "colormix-range", ANIMA_SEVERITY_ERROR, pointer,
                         "use a weight from 0 (all a) to 1 (all b)",
                         "the mix weight t is %s; at rest it lies in 0..1",
                         text);
    }
  }
}

static void check_mixes(anima_check *check, void *user) {
  (void)user;
  const anima_host *host = colormix_host;
  const anima_json *colors =
      host->json_member(host->check_document(check), "colors");
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
      const anima_json *mix =
          paint && host->json_type(paint) == ANIMA_JSON_OBJECT
              ? host->json_member(paint, "mix")
              : NULL;
      if (mix) {
        char pointer[1024];
        snprintf(pointer, sizeof pointer, "%s/%s",
                 node_pointer ? node_pointer : "", paints[i]);
        check_mix(check, colors, mix, pointer);
      }
    }
  }
}

static anima_status colormix_init(const anima_host *host,
                                  anima_registrar *registrar) {
  colormix_host = host;
  static const anima_check_desc check = {.struct_size = sizeof check,
                                         .feature = COLORMIX_FEATURE,
                                         .name = "mixes",
                                         .check = check_mixes};
  anima_status status = host->add_kind(registrar, &mix_kind);
  ANIMA_ADD_EACH(status, host->add_field, registrar, mix_fields);
  ANIMA_ADD_EACH(status, host->add_property, registrar, mix_properties);
  ANIMA_ADD_EACH(status, host->add_code, registrar, mix_codes);
  if (status == ANIMA_OK) {
    status = host->add_check(registrar, &check);
  }
  if (status == ANIMA_OK) {
    status = colormix_register_kind(registrar);
  }
  return status;
}

static const char *const colormix_features[] = {COLORMIX_FEATURE, NULL};

ANIMA_MODULE_DEFINE(colormix, .name = "colormix", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima",
                    .description = "Fills and strokes mixing two colours or "
                                   "slots (SPEC §6 \"Optional slot mixing\").",
                    .features = colormix_features, .init = colormix_init);
