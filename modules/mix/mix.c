/*
 * mix.c — the `mix` feature module (SPEC `## mix`, "Additive blend and
 * strength"), built as anima-mix.so: `node.mix: {mode, strength?}` selects
 * the node's compositor — any composite blend name or `additive` — with
 * `strength` (default 1, 0..1, animatable as <id>.mix.strength).
 *
 * Additive is Canvas2D `lighter` moved towards source-over by strength a:
 * for premultiplied source S (its alpha Sa) over destination D the result
 * is S + D·(1 − Sa·(1 − a)), clamped per component including alpha; node
 * opacity scales S and Sa first. Strength has no effect on the other
 * modes. The draw frame carries it as a group blend ANIMA_BLEND_ADDITIVE
 * with a strength read from the slot every build (draw.h); the cairo
 * backend draws it, the SVG backend refuses it with unsupported-render and
 * its canvas hint (anima_draw_frame_check).
 *
 * `mix` beside the node's composite `blend` is paint-conflict at /mix
 * (composite registers the code: this module depends on composite).
 *
 * Not here yet: the chapter's per-paint overrides (`blend` and
 * `blendAmount` on fill and stroke objects) — the draw frame has no
 * per-layer compositor.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <anima/module.h>

#define MIX_FEATURE "mix"

static const anima_host *mix_host;

/* In the order of anima_blend_mode (draw.h): the composite names, then
 * additive. */
static const char *const mix_modes[] = {
    "normal",     "multiply",    "screen",     "overlay",    "darken",
    "lighten",    "color-dodge", "color-burn", "hard-light", "soft-light",
    "difference", "exclusion",   "hue",        "saturation", "color",
    "luminosity", "additive",    NULL};

static const char *string_member(const anima_json *object, const char *key) {
  if (!object || mix_host->json_type(object) != ANIMA_JSON_OBJECT) {
    return NULL;
  }
  const anima_json *value = mix_host->json_member(object, key);
  return value && mix_host->json_type(value) == ANIMA_JSON_STRING
             ? mix_host->json_string(value, NULL)
             : NULL;
}

/* ------------------------------------------------------------------------ */
/* The document check: mix beside blend                                      */
/* ------------------------------------------------------------------------ */

static void check_document(anima_check *check, void *user) {
  (void)user;
  size_t count = mix_host->check_node_count(check);
  for (size_t i = 0; i < count; i++) {
    const char *pointer = NULL;
    const anima_json *node = mix_host->check_node(check, i, &pointer);
    if (!node || mix_host->json_type(node) != ANIMA_JSON_OBJECT ||
        !mix_host->json_member(node, "mix") ||
        !mix_host->json_member(node, "blend")) {
      continue;
    }
    char at[1024];
    snprintf(at, sizeof at, "%s/mix", pointer ? pointer : "");
    mix_host->check_report(
        check, "paint-conflict", ANIMA_SEVERITY_ERROR, at,
        "choose one: keep \"mix\" (it takes every blend name and "
        "\"additive\") and remove \"blend\", or remove \"mix\"",
        "the node has both \"mix\" and \"blend\": a node has one "
        "compositor");
  }
}

/* ------------------------------------------------------------------------ */
/* Lowering: one group compositor per node with mix                          */
/* ------------------------------------------------------------------------ */

static anima_status hook_compile(anima_compile *compile, const anima_site *site,
                                 void *user, void **out) {
  (void)site, (void)user;
  *out = NULL;
  size_t count = mix_host->compile_node_count(compile);
  for (size_t node = 0; node < count; node++) {
    const anima_json *json = mix_host->compile_node_json(compile, node);
    const anima_json *mix =
        json && mix_host->json_type(json) == ANIMA_JSON_OBJECT
            ? mix_host->json_member(json, "mix")
            : NULL;
    const char *mode = string_member(mix, "mode");
    if (!mode) {
      continue;
    }
    for (size_t index = 0; mix_modes[index]; index++) {
      if (strcmp(mix_modes[index], mode) != 0) {
        continue;
      }
      if (index == ANIMA_BLEND_NORMAL) {
        break; /* source-over: the node draws as without mix */
      }
      long slot = mix_host->compile_find_slot(compile, node, "mix.strength");
      anima_status status = mix_host->compile_node_blend(
          compile, node, (anima_blend_mode)index, slot);
      if (status != ANIMA_OK) {
        return status;
      }
      break;
    }
  }
  return ANIMA_OK;
}

static void hook_run(anima_step *step, const void *data, void *instance,
                     void *user) {
  (void)step, (void)data, (void)instance, (void)user;
}

/* ------------------------------------------------------------------------ */
/* init                                                                      */
/* ------------------------------------------------------------------------ */

static anima_status mix_init(const anima_host *host,
                             anima_registrar *registrar) {
  mix_host = host;
  static const anima_kind_desc kind = {
      .name = "mix-compositor",
      .element = "mix",
      .feature = MIX_FEATURE,
      .description = "A node compositor: a blend mode or additive, with a "
                     "strength (SPEC mix, \"Additive blend and strength\")."};
  static const anima_field_desc fields[] = {
      {.owner = "node",
       .name = "mix",
       .feature = MIX_FEATURE,
       .kind = ANIMA_FIELD_OBJECT,
       .item_kind = "mix-compositor",
       .markup_form = ANIMA_MARKUP_JSON,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "How the node's group composites with what was drawn "
                      "before it {mode, strength}; cannot coexist with "
                      "blend. AniML: a JSON-valued attribute."},
      {.owner = "mix-compositor",
       .name = "mode",
       .feature = MIX_FEATURE,
       .kind = ANIMA_FIELD_ENUM,
       .options = mix_modes,
       .required = true,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "A composite blend name (normal, multiply, ..., "
                      "luminosity) or additive: S + D·(1 − Sa·(1 − "
                      "strength)), clamped."},
      {.owner = "mix-compositor",
       .name = "strength",
       .feature = MIX_FEATURE,
       .kind = ANIMA_FIELD_NUMBER,
       .default_json = "1",
       .minimum = 0,
       .maximum = 1,
       .description = "Additive only: 0 is source-over, 1 addition; "
                      "animatable as <id>.mix.strength."},
  };
  static const anima_property_desc strength = {
      .owner = "node",
      .address = "mix.strength",
      .markup_address = "mixStrength",
      .feature = MIX_FEATURE,
      .type = ANIMA_VALUE_NUMBER,
      .animation = ANIMA_ANIMATION_INTERPOLATED,
      .minimum = 0,
      .maximum = 1,
      .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 1},
      .description = "The additive compositor's strength, 0 (source-over) "
                     "to 1 (addition)."};
  static const anima_check_desc check = {.struct_size = sizeof check,
                                         .feature = MIX_FEATURE,
                                         .name = "mix",
                                         .check = check_document};
  static const anima_stage_hook_desc hook = {
      .struct_size = sizeof hook,
      .stage = ANIMA_STAGE_END,
      .feature = MIX_FEATURE,
      .name = "compositor",
      .lifecycle = {.compile = hook_compile},
      .run = hook_run,
  };
  anima_status status = host->add_kind(registrar, &kind);
  for (size_t i = 0; status == ANIMA_OK && i < sizeof fields / sizeof fields[0];
       i++) {
    status = host->add_field(registrar, &fields[i]);
  }
  if (status == ANIMA_OK) {
    status = host->add_property(registrar, &strength);
  }
  if (status == ANIMA_OK) {
    status = host->add_check(registrar, &check);
  }
  if (status == ANIMA_OK) {
    status = host->add_stage_hook(registrar, &hook);
  }
  return status;
}

static const char *const mix_features[] = {MIX_FEATURE, NULL};
static const char *const mix_depends[] = {"composite", NULL};

ANIMA_MODULE_DEFINE(mix, .name = "mix", .version = "0.1.0", .license = "MIT",
                    .origin = "Anima",
                    .description = "Node compositors with additive blending "
                                   "and strength (SPEC mix chapter).",
                    .features = mix_features, .depends = mix_depends,
                    .init = mix_init);
