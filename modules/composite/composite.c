/*
 * composite.c — the `composite` feature module (SPEC `## composite`), built
 * as anima-composite.so: blend modes, source masks, geometry clips, ordered
 * paints and paint visibility, stroke placement and sibling draw order
 * (composite.h lists the files).
 *
 * Everything lowers into draw frame v2 primitives once per model, in the
 * compile of the module's stage hook (site DOCUMENT), through the host's
 * draw description calls; the hook then runs at the END stage of every
 * step to apply the drawOrder rules (step_set_child_order).
 */
#include <stdio.h>
#include <string.h>

#include "composite.h"

const anima_host *composite_host;

static const anima_code_desc codes[] = {
    {.code = "unknown-source",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = COMPOSITE_FEATURE,
     .description = "A mask or clip source or a drawOrder target names no "
                    "node of the document."},
    {.code = "self-reference",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = COMPOSITE_FEATURE,
     .description = "A mask, clip or drawOrder names its own node (or a "
                    "mask source inside the masked node)."},
    {.code = "reference-cycle",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = COMPOSITE_FEATURE,
     .description = "Mask sources or drawOrder targets lead back to the "
                    "node that names them."},
    {.code = "clip-source-not-painted",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = COMPOSITE_FEATURE,
     .description = "A clip source is a group or another node without an "
                    "outline of its own."},
    {.code = "bad-draw-target",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = COMPOSITE_FEATURE,
     .description = "A drawOrder target is not a sibling of its node, or "
                    "their sibling list has a knockout node."},
    {.code = "paint-conflict",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = COMPOSITE_FEATURE,
     .description = "Ordered paints beside a single fill or stroke, a paint "
                    "entry with both or neither, or a stroke position other "
                    "than center among ordered paints."},
};

/* ------------------------------------------------------------------------ */
/* The document check                                                        */
/* ------------------------------------------------------------------------ */

static void check_document(anima_check *check, void *user) {
  (void)user;
  composite_tree tree;
  if (!composite_tree_from_check(&tree, check)) {
    return;
  }
  composite_check_references(check, &tree);
  composite_check_paints(check, &tree);
  composite_tree_free(&tree);
}

/* ------------------------------------------------------------------------ */
/* The stage hook: lowering per model, draw order every step                 */
/* ------------------------------------------------------------------------ */

static anima_status hook_compile(anima_compile *compile, const anima_site *site,
                                 void *user, void **out) {
  (void)site, (void)user;
  composite_data *data = composite_host->compile_alloc(compile, sizeof *data);
  if (!data) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  composite_tree tree;
  if (!composite_tree_from_compile(&tree, compile)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_status status = composite_lower_paints(compile, &tree);
  if (status == ANIMA_OK) {
    status = composite_lower_blend(compile, &tree);
  }
  if (status == ANIMA_OK) {
    status = composite_lower_masks(compile, &tree);
  }
  if (status == ANIMA_OK) {
    status = composite_lower_clips(compile, &tree);
  }
  if (status == ANIMA_OK) {
    status = composite_compile_draw_order(compile, &tree, data);
  }
  composite_tree_free(&tree);
  *out = data;
  return status;
}

static size_t hook_instance_size(const void *data, void *user) {
  (void)user;
  return data ? composite_draw_order_instance_size(data) : 0;
}

static void hook_run(anima_step *step, const void *data, void *instance,
                     void *user) {
  (void)user;
  if (data) {
    composite_apply_draw_order(step, data, instance);
  }
}

/* ------------------------------------------------------------------------ */
/* init                                                                      */
/* ------------------------------------------------------------------------ */

static anima_status composite_init(const anima_host *host,
                                   anima_registrar *registrar) {
  composite_host = host;
  static const anima_check_desc check = {.struct_size = sizeof check,
                                         .feature = COMPOSITE_FEATURE,
                                         .name = "composite",
                                         .check = check_document};
  static const anima_stage_hook_desc hook = {
      .struct_size = sizeof hook,
      .stage = ANIMA_STAGE_END,
      .feature = COMPOSITE_FEATURE,
      .name = "draw-order",
      .lifecycle = {.compile = hook_compile,
                    .instance_size = hook_instance_size},
      .run = hook_run,
      .runs_at_creation = true,
  };
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, host->add_code, registrar, codes);
  if (status == ANIMA_OK) {
    status = composite_register_blend(registrar);
  }
  if (status == ANIMA_OK) {
    status = composite_register_mask(registrar);
  }
  if (status == ANIMA_OK) {
    status = composite_register_clip(registrar);
  }
  if (status == ANIMA_OK) {
    status = composite_register_paints(registrar);
  }
  if (status == ANIMA_OK) {
    status = composite_register_paint_properties(registrar);
  }
  if (status == ANIMA_OK) {
    status = composite_register_draw_order(registrar);
  }
  if (status == ANIMA_OK) {
    status = host->add_check(registrar, &check);
  }
  if (status == ANIMA_OK) {
    status = host->add_stage_hook(registrar, &hook);
  }
  return status;
}

static const char *const composite_features[] = {COMPOSITE_FEATURE, NULL};

ANIMA_MODULE_DEFINE(composite, .name = "composite", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima",
                    .description = "Blend modes, masks, clips, ordered paints, "
                                   "stroke placement and sibling draw order "
                                   "(SPEC composite chapter).",
                    .features = composite_features, .init = composite_init);
