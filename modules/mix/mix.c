/*
 * mix.c — the `mix` feature module (SPEC `## mix`), built as anima-mix.so.
 *
 * "Additive blend and strength": `node.mix: {mode, strength?}` selects the
 * node's compositor — any composite blend name or `additive` — with
 * `strength` (default 1, 0..1, animatable as <id>.mix.strength).
 * Additive is Canvas2D `lighter` moved towards source-over by strength a:
 * for premultiplied source S (its alpha Sa) over destination D the result
 * is S + D·(1 − Sa·(1 − a)), clamped per component including alpha; node
 * opacity scales S and Sa first. Strength has no effect on the other
 * modes. `mix` beside the node's composite `blend` is paint-conflict at
 * /mix (composite registers the code: this module depends on composite).
 *
 * "Per-paint blend override": fill and stroke objects (single paints and
 * composite's ordered paints) take a static `blend` (inherit, default, or
 * any mix mode) and an animatable `blendAmount` (0..1, default 1;
 * <id>.fill.blendAmount, <id>.paints.<i>.stroke.blendAmount). When any
 * paint of a node names a mode, the node's compositor moves to each of its
 * paints (inherit takes it, a mode replaces it) and the node's group draws
 * normally; a node without overrides keeps its group compositor exactly.
 *
 * Lowering, in the compile of the END-stage hook (after composite's, which
 * this module depends on): the draw frame's group blend (module.h
 * compile_blend, layer -1) pointed at /mix, or layer blends pointed at the
 * paint's /blend (or the node's /mix or /blend when inherited). The cairo
 * backend draws them all; the SVG backend refuses additive ones with
 * unsupported-render and its canvas hint (anima_draw_frame_check) and
 * writes the others as mix-blend-mode groups in world space.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
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

/* A paint's `blend`: inherit, then the node modes. */
static const char *const paint_modes[] = {
    "inherit",    "normal",     "multiply",    "screen",     "overlay",
    "darken",     "lighten",    "color-dodge", "color-burn", "hard-light",
    "soft-light", "difference", "exclusion",   "hue",        "saturation",
    "color",      "luminosity", "additive",    NULL};

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
/* Lowering                                                                  */
/* ------------------------------------------------------------------------ */

/* The index in mix_modes of `name`, or -1. */
static int mode_index(const char *name) {
  for (int index = 0; name && mix_modes[index]; index++) {
    if (strcmp(mix_modes[index], name) == 0) {
      return index;
    }
  }
  return -1;
}

/* The JSON pointers of the nodes being compiled ("/nodes/0/children/2"),
 * in pre-order; NULL on OOM. Freed with free_pointers. */
static char **node_pointers(anima_compile *compile, size_t count) {
  char **pointers = calloc(count ? count : 1, sizeof *pointers);
  size_t *next = calloc(count + 1, sizeof *next); /* per parent, + top */
  bool failed = !pointers || !next;
  for (size_t node = 0; !failed && node < count; node++) {
    long parent = mix_host->compile_node_parent(compile, node);
    size_t position = next[parent < 0 ? count : (size_t)parent]++;
    char pointer[1024];
    if (parent < 0) {
      snprintf(pointer, sizeof pointer, "/nodes/%zu", position);
    } else {
      snprintf(pointer, sizeof pointer, "%s/children/%zu", pointers[parent],
               position);
    }
    pointers[node] = strdup(pointer);
    failed = pointers[node] == NULL;
  }
  free(next);
  if (failed && pointers) {
    for (size_t node = 0; node < count; node++) {
      free(pointers[node]);
    }
    free(pointers);
    return NULL;
  }
  return pointers;
}

static void free_pointers(char **pointers, size_t count) {
  for (size_t node = 0; pointers && node < count; node++) {
    free(pointers[node]);
  }
  free(pointers);
}

/* One fill or stroke of a node, in layer order. */
typedef struct mix_paint {
  const anima_json *json;
  char address[64]; /* "fill", "paints.2.stroke" */
  char pointer[48]; /* "/fill", "/paints/2/stroke" (after the node's): room for
                       any index */
} mix_paint;

/* The node's paints in the order of its draw-frame layers: its ordered
 * paints (composite), else its fill then its stroke. At most `capacity`;
 * returns the count. */
static size_t node_paints(const anima_json *node, mix_paint *paints,
                          size_t capacity) {
  size_t count = 0;
  const anima_json *list = mix_host->json_member(node, "paints");
  if (list && mix_host->json_type(list) == ANIMA_JSON_ARRAY) {
    for (size_t i = 0; i < mix_host->json_size(list) && count < capacity; i++) {
      const anima_json *entry = mix_host->json_item(list, i);
      const anima_json *fill = mix_host->json_member(entry, "fill");
      const char *kind = fill ? "fill" : "stroke";
      paints[count].json = fill ? fill : mix_host->json_member(entry, kind);
      snprintf(paints[count].address, sizeof paints[count].address,
               "paints.%zu.%s", i, kind);
      snprintf(paints[count].pointer, sizeof paints[count].pointer,
               "/paints/%zu/%s", i, kind);
      count++;
    }
    return count;
  }
  static const char *const kinds[] = {"fill", "stroke"};
  for (size_t i = 0; i < 2 && count < capacity; i++) {
    const anima_json *paint = mix_host->json_member(node, kinds[i]);
    if (paint && mix_host->json_type(paint) == ANIMA_JSON_OBJECT) {
      paints[count].json = paint;
      snprintf(paints[count].address, sizeof paints[count].address, "%s",
               kinds[i]);
      snprintf(paints[count].pointer, sizeof paints[count].pointer, "/%s",
               kinds[i]);
      count++;
    }
  }
  return count;
}

/* Does a paint override blending (an explicit mode, not inherit)? */
static bool overrides(const anima_json *paint) {
  const char *blend = string_member(paint, "blend");
  return blend && strcmp(blend, "inherit") != 0;
}

static anima_status set_blend(anima_compile *compile, size_t node, long layer,
                              int mode, long amount_slot, const char *pointer) {
  if (!ANIMA_HOST_HAS(mix_host, compile_blend)) {
    /* an older kernel: the node's group only, pointed at the node */
    return layer < 0 ? mix_host->compile_node_blend(
                           compile, node, (anima_blend_mode)mode, amount_slot)
                     : ANIMA_ERROR_UNSUPPORTED;
  }
  anima_blend_desc desc = {.struct_size = sizeof desc,
                           .node = node,
                           .layer = layer,
                           .mode = (anima_blend_mode)mode,
                           .amount_slot = amount_slot,
                           .pointer = pointer};
  return mix_host->compile_blend(compile, &desc);
}

/*
 * One node. Without paint overrides its `mix` (any mode but normal) is
 * the group compositor, pointed at /mix. With one, the node's compositor
 * (mix, else composite's `blend`, else normal) moves to each paint:
 * inherit takes it, an explicit mode replaces it; the group is normal.
 * A paint's additive amount: its own blendAmount when authored or
 * animated, else (inherit) the node's mix.strength (docs/DECISIONS.md).
 */
static anima_status lower_node(anima_compile *compile, size_t node,
                               const char *node_pointer) {
  const anima_json *json = mix_host->compile_node_json(compile, node);
  if (!json || mix_host->json_type(json) != ANIMA_JSON_OBJECT) {
    return ANIMA_OK;
  }
  const anima_json *mix = mix_host->json_member(json, "mix");
  int node_mode = mode_index(string_member(mix, "mode"));
  const char *node_member = node_mode >= 0 ? "/mix" : NULL;
  if (node_mode < 0) {
    /* composite's blend names are mix's first sixteen */
    node_mode = mode_index(string_member(json, "blend"));
    node_member = node_mode >= 0 ? "/blend" : NULL;
    if (node_mode == ANIMA_BLEND_ADDITIVE) {
      node_mode = -1; /* not a composite name: reported by the check */
    }
  }
  long strength_slot =
      node_member && strcmp(node_member, "/mix") == 0
          ? mix_host->compile_find_slot(compile, node, "mix.strength")
          : -1;
  char pointer[1200];
  mix_paint paints[64];
  size_t count = node_paints(json, paints, 64);
  bool overridden = false;
  for (size_t i = 0; i < count; i++) {
    overridden |= overrides(paints[i].json);
  }
  if (!overridden) {
    if (node_mode <= ANIMA_BLEND_NORMAL || !mix) {
      return ANIMA_OK; /* no mix, or source-over: drawn as without it */
    }
    snprintf(pointer, sizeof pointer, "%s/mix", node_pointer);
    return set_blend(compile, node, -1, node_mode, strength_slot, pointer);
  }
  if (node_mode > ANIMA_BLEND_NORMAL) {
    anima_status status =
        set_blend(compile, node, -1, ANIMA_BLEND_NORMAL, -1, NULL);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  for (size_t i = 0; i < count; i++) {
    bool explicit_mode = overrides(paints[i].json);
    int mode = explicit_mode
                   ? mode_index(string_member(paints[i].json, "blend"))
                   : node_mode;
    if (mode <= ANIMA_BLEND_NORMAL) {
      continue;
    }
    char address[96];
    snprintf(address, sizeof address, "%s.blendAmount", paints[i].address);
    long amount = mix_host->compile_find_slot(compile, node, address);
    bool own_amount =
        mix_host->json_member(paints[i].json, "blendAmount") != NULL ||
        (amount >= 0 &&
         mix_host->compile_slot_animated(compile, (size_t)amount));
    if (!explicit_mode && !own_amount) {
      amount = strength_slot;
    }
    snprintf(pointer, sizeof pointer, "%s%s%s", node_pointer,
             explicit_mode ? paints[i].pointer : node_member,
             explicit_mode ? "/blend" : "");
    anima_status status =
        set_blend(compile, node, (long)i, mode, amount, pointer);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}

static anima_status hook_compile(anima_compile *compile, const anima_site *site,
                                 void *user, void **out) {
  (void)site, (void)user;
  *out = NULL;
  size_t count = mix_host->compile_node_count(compile);
  char **pointers = node_pointers(compile, count);
  if (!pointers) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_status status = ANIMA_OK;
  for (size_t node = 0; status == ANIMA_OK && node < count; node++) {
    status = lower_node(compile, node, pointers[node]);
  }
  free_pointers(pointers, count);
  return status;
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
  static const anima_field_desc paint_fields[] = {
      {.owner = "fill",
       .name = "blend",
       .feature = MIX_FEATURE,
       .kind = ANIMA_FIELD_ENUM,
       .options = paint_modes,
       .default_json = "\"inherit\"",
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "The fill's compositor: inherit (the node's) or any "
                      "mix mode; an explicit mode moves the node's "
                      "compositor to each paint. Static."},
      {.owner = "stroke",
       .name = "blend",
       .feature = MIX_FEATURE,
       .kind = ANIMA_FIELD_ENUM,
       .options = paint_modes,
       .default_json = "\"inherit\"",
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "The stroke's compositor: inherit (the node's) or any "
                      "mix mode; an explicit mode moves the node's "
                      "compositor to each paint. Static."},
      {.owner = "fill",
       .name = "blendAmount",
       .feature = MIX_FEATURE,
       .kind = ANIMA_FIELD_NUMBER,
       .default_json = "1",
       .minimum = 0,
       .maximum = 1,
       .description = "An additive fill's amount: 0 source-over, 1 "
                      "addition; no effect on other modes; animatable."},
      {.owner = "stroke",
       .name = "blendAmount",
       .feature = MIX_FEATURE,
       .kind = ANIMA_FIELD_NUMBER,
       .default_json = "1",
       .minimum = 0,
       .maximum = 1,
       .description = "An additive stroke's amount: 0 source-over, 1 "
                      "addition; no effect on other modes; animatable."},
  };
  static const anima_property_desc amounts[] = {
      {.owner = "painted",
       .address = "fill.blendAmount",
       .markup_address = "fillBlendAmount",
       .feature = MIX_FEATURE,
       .type = ANIMA_VALUE_NUMBER,
       .animation = ANIMA_ANIMATION_INTERPOLATED,
       .minimum = 0,
       .maximum = 1,
       .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 1},
       .description = "An additive fill's amount, 0 (source-over) to 1 "
                      "(addition)."},
      {.owner = "painted",
       .address = "stroke.blendAmount",
       .markup_address = "strokeBlendAmount",
       .feature = MIX_FEATURE,
       .type = ANIMA_VALUE_NUMBER,
       .animation = ANIMA_ANIMATION_INTERPOLATED,
       .minimum = 0,
       .maximum = 1,
       .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 1},
       .description = "An additive stroke's amount, 0 (source-over) to 1 "
                      "(addition)."},
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
  ANIMA_ADD_EACH(status, host->add_field, registrar, fields);
  ANIMA_ADD_EACH(status, host->add_field, registrar, paint_fields);
  if (status == ANIMA_OK) {
    status = host->add_property(registrar, &strength);
  }
  ANIMA_ADD_EACH(status, host->add_property, registrar, amounts);
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
