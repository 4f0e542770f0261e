/*
 * clip.c — `clip: {source, rule?}` on a painted node or a group (SPEC
 * composite, "Geometry clips"): the node (a group: all its child drawing,
 * nested groups included) is clipped to the outline of the painted node
 * `source`, with `rule` nonzero (default) or evenodd. The source's fill,
 * stroke, visibility, opacity and compositing do not matter, and the clip
 * does not change the source; its geometry and world transform animate and
 * are projected into the target's parent space (draw.h anima_draw_clip; a
 * singular target parent gives an empty clip). Static. AniML: a
 * `<clip source=".." rule=".."/>` child element.
 *
 * clip-source-not-painted: a group source (a node with children) at the
 * validation, another node without an outline (a module's node type that
 * draws nothing) when the model is compiled; at `clip/source`.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "composite.h"

static const char *const clip_rules[] = {"nonzero", "evenodd", NULL};

anima_status composite_register_clip(anima_registrar *registrar) {
  const anima_host *host = composite_host;
  static const anima_kind_desc kind = {
      .name = "composite-clip",
      .element = "clip",
      .feature = COMPOSITE_FEATURE,
      .description = "A clip to another node's outline (SPEC composite, "
                     "\"Geometry clips\")."};
  static const anima_field_desc fields[] = {
      {.owner = "node",
       .name = "clip",
       .feature = COMPOSITE_FEATURE,
       .kind = ANIMA_FIELD_OBJECT,
       .item_kind = "composite-clip",
       .markup_form = ANIMA_MARKUP_CHILDREN,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "Clips the node (a group: all its children) to the "
                      "outline of a painted node {source, rule}; static."},
      {.owner = "composite-clip",
       .name = "source",
       .feature = COMPOSITE_FEATURE,
       .kind = ANIMA_FIELD_NAME,
       .required = true,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "The id of the painted node whose outline clips."},
      {.owner = "composite-clip",
       .name = "rule",
       .feature = COMPOSITE_FEATURE,
       .kind = ANIMA_FIELD_ENUM,
       .options = clip_rules,
       .default_json = "\"nonzero\"",
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "nonzero (default) or evenodd: which parts of the "
                      "outline are inside."},
  };
  anima_status status = host->add_kind(registrar, &kind);
  ANIMA_ADD_EACH(status, host->add_field, registrar, fields);
  return status;
}

static void source_pointer(char *pointer, const composite_tree *tree,
                           size_t node) {
  snprintf(pointer, COMPOSITE_POINTER_SIZE, "%s", tree->pointer[node]);
  composite_pointer_append(pointer, COMPOSITE_POINTER_SIZE, "clip");
  composite_pointer_append(pointer, COMPOSITE_POINTER_SIZE, "source");
}

static const char not_painted_hint[] =
    "clip with a painted node (a path, circle, rect ...); to clip by a "
    "group's shapes, clip by one of them or combine them into one path";

void composite_check_clip_source(anima_check *check, const composite_tree *tree,
                                 size_t node, size_t source) {
  if (!composite_tree_is_container(tree, source)) {
    return;
  }
  char pointer[COMPOSITE_POINTER_SIZE];
  source_pointer(pointer, tree, node);
  composite_host->check_report(
      check, "clip-source-not-painted", ANIMA_SEVERITY_ERROR, pointer,
      not_painted_hint, "the clip source \"%s\" is a group: it has no outline",
      tree->id[source]);
}

anima_status composite_lower_clips(anima_compile *compile,
                                   const composite_tree *tree) {
  const anima_host *host = composite_host;
  for (size_t node = 0; node < tree->count; node++) {
    const anima_json *clip = host->json_member(tree->json[node], "clip");
    long source = composite_tree_find(tree, composite_string(clip, "source"));
    if (!clip || source < 0) {
      continue;
    }
    const char *rule = composite_string(clip, "rule");
    char pointer[COMPOSITE_POINTER_SIZE];
    snprintf(pointer, sizeof pointer, "%s", tree->pointer[node]);
    composite_pointer_append(pointer, sizeof pointer, "clip");
    anima_node_clip_desc desc = {
        .struct_size = sizeof desc,
        .source = (size_t)source,
        .rule = rule && strcmp(rule, "evenodd") == 0 ? ANIMA_FILL_EVENODD
                                                     : ANIMA_FILL_NONZERO,
        .pointer = host->compile_string(compile, pointer),
    };
    anima_status status = host->compile_node_clip(compile, node, &desc);
    if (status == ANIMA_ERROR_INVALID_ARGUMENT) {
      /* the kernel refuses a source without an outline */
      source_pointer(pointer, tree, node);
      host->compile_report(
          compile, "clip-source-not-painted", pointer, not_painted_hint,
          "the clip source \"%s\" has no outline", tree->id[source]);
    }
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}
