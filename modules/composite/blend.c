/*
 * blend.c — `blend` on any node (SPEC composite, "Blend modes"; AniML
 * `mix-blend-mode`): normal (default), multiply, screen, overlay, darken,
 * lighten, color-dodge, color-burn, hard-light, soft-light, difference,
 * exclusion, hue, saturation, color or luminosity — CSS `mix-blend-mode`
 * applied to the node's group against what its earlier siblings drew.
 * Static. Lowered with compile_node_blend: the draw frame's group blend
 * modes carry the CSS Compositing and Blending formulas (draw.h), the SVG
 * backend writes `mix-blend-mode`, the cairo backend its operators.
 */
#include <math.h>
#include <string.h>

#include "composite.h"

/* In the order of anima_blend_mode (draw.h), ANIMA_BLEND_NORMAL first. */
static const char *const blend_names[] = {
    "normal",     "multiply",    "screen",     "overlay",    "darken",
    "lighten",    "color-dodge", "color-burn", "hard-light", "soft-light",
    "difference", "exclusion",   "hue",        "saturation", "color",
    "luminosity", NULL};

anima_status composite_register_blend(anima_registrar *registrar) {
  static const anima_field_desc field = {
      .owner = "node",
      .name = "blend",
      .markup_name = "mix-blend-mode",
      .feature = COMPOSITE_FEATURE,
      .kind = ANIMA_FIELD_ENUM,
      .options = blend_names,
      .minimum = -INFINITY,
      .maximum = INFINITY,
      .default_json = "\"normal\"",
      .description = "How the node's group composites with what earlier "
                     "siblings drew: CSS mix-blend-mode (normal, multiply, "
                     "screen, overlay, darken, lighten, color-dodge, "
                     "color-burn, hard-light, soft-light, difference, "
                     "exclusion, hue, saturation, color, luminosity); "
                     "static."};
  return composite_host->add_field(registrar, &field);
}

anima_status composite_lower_blend(anima_compile *compile,
                                   const composite_tree *tree) {
  for (size_t node = 0; node < tree->count; node++) {
    const char *name = composite_string(tree->json[node], "blend");
    if (!name) {
      continue;
    }
    for (size_t mode = 1; blend_names[mode]; mode++) {
      if (strcmp(blend_names[mode], name) == 0) {
        anima_status status = composite_host->compile_node_blend(
            compile, node, (anima_blend_mode)mode, -1);
        if (status != ANIMA_OK) {
          return status;
        }
        break;
      }
    }
  }
  return ANIMA_OK;
}
