/*
 * mask.c — `mask: {source, mode, sourceDraws}` on any node (SPEC
 * composite, "Source masks"). All three members are required:
 *
 *   source       the id of the node whose drawing makes the mask
 *   mode         alpha, luminance, inverted-alpha or inverted-luminance
 *   sourceDraws  false hides the source's ordinary drawing for the
 *                document's life (any one such use is enough)
 *
 * The source draws as it does in place — its geometry, local transforms,
 * opacity and visibility animate — with its ancestors contributing their
 * transforms but not their opacity or visibility; mask space is the target's
 * parent space, and a mask covers three viewBoxes (draw.h anima_draw_mask).
 * Static. AniML: a `<mask source=".." mode=".." source-draws=".."/>` child
 * element. References are checked in references.c.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "composite.h"

/* In the order of anima_mask_mode (draw.h). */
static const char *const mask_modes[] = {"alpha", "luminance", "inverted-alpha",
                                         "inverted-luminance", NULL};

anima_status composite_register_mask(anima_registrar *registrar) {
  const anima_host *host = composite_host;
  static const anima_kind_desc kind = {
      .name = "composite-mask",
      .element = "mask",
      .feature = COMPOSITE_FEATURE,
      .description = "A mask made from another node's drawing (SPEC "
                     "composite, \"Source masks\")."};
  static const anima_field_desc fields[] = {
      {.owner = "node",
       .name = "mask",
       .feature = COMPOSITE_FEATURE,
       .kind = ANIMA_FIELD_OBJECT,
       .item_kind = "composite-mask",
       .markup_form = ANIMA_MARKUP_CHILDREN,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "Shows the node through the drawing of another node "
                      "{source, mode, sourceDraws}; static."},
      {.owner = "composite-mask",
       .name = "source",
       .feature = COMPOSITE_FEATURE,
       .kind = ANIMA_FIELD_NAME,
       .required = true,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "The id of the node whose drawing is the mask."},
      {.owner = "composite-mask",
       .name = "mode",
       .feature = COMPOSITE_FEATURE,
       .kind = ANIMA_FIELD_ENUM,
       .options = mask_modes,
       .required = true,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "alpha, luminance, inverted-alpha or "
                      "inverted-luminance: how the source's pixels become "
                      "coverage."},
      {.owner = "composite-mask",
       .name = "sourceDraws",
       .feature = COMPOSITE_FEATURE,
       .kind = ANIMA_FIELD_BOOL,
       .required = true,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "Whether the source also draws in its ordinary place; "
                      "false on any mask hides it for the document's "
                      "life."},
  };
  anima_status status = host->add_kind(registrar, &kind);
  ANIMA_ADD_EACH(status, host->add_field, registrar, fields);
  return status;
}

static anima_mask_mode mode_of(const char *name) {
  for (size_t mode = 0; name && mask_modes[mode]; mode++) {
    if (strcmp(mask_modes[mode], name) == 0) {
      return (anima_mask_mode)mode;
    }
  }
  return ANIMA_MASK_ALPHA;
}

anima_status composite_lower_masks(anima_compile *compile,
                                   const composite_tree *tree) {
  const anima_host *host = composite_host;
  for (size_t node = 0; node < tree->count; node++) {
    const anima_json *mask = host->json_member(tree->json[node], "mask");
    long source = composite_tree_find(tree, composite_string(mask, "source"));
    if (!mask || source < 0) {
      continue;
    }
    const anima_json *draws = host->json_member(mask, "sourceDraws");
    char pointer[COMPOSITE_POINTER_SIZE];
    snprintf(pointer, sizeof pointer, "%s", tree->pointer[node]);
    composite_pointer_append(pointer, sizeof pointer, "mask");
    anima_node_mask_desc desc = {
        .struct_size = sizeof desc,
        .source = (size_t)source,
        .mode = mode_of(composite_string(mask, "mode")),
        .source_draws = !draws || host->json_bool(draws),
        .pointer = host->compile_string(compile, pointer),
    };
    anima_status status = host->compile_node_mask(compile, node, &desc);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}
