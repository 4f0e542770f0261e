/*
 * compile_nodes.c — document geometry basics, colour slots and the node
 * tree (SPEC §2, §4, §6): nodes in document order with their static data
 * and one typed slot per property that exists on a node (registry
 * properties, module.h). What a node type draws is its behaviour's
 * (node_behaviours.c, compile_module.c).
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "color.h"
#include "address_internal.h"
#include "compile_internal.h"
#include "format_names.h"
#include "text.h"

/* Nesting the compiler accepts; validation refuses more than 32 (§2). */
enum { maximum_compile_depth = 64 };

static anima_status compile_basics(anima_compiler *compiler) {
  anima_model *model = compiler->model;
  const json_t *document = compiler->document;
  model->grid = anima_json_number_or(json_object_get(document, "grid"), 20);
  if (!(model->grid > 0)) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  const json_t *view_box = json_object_get(document, "viewBox");
  double defaults[4] = {0, 0, model->grid, model->grid};
  for (size_t i = 0; i < 4; i++) {
    model->view_box[i] =
        json_is_array(view_box)
            ? anima_json_number_or(json_array_get(view_box, i), defaults[i])
            : defaults[i];
  }
  const json_t *colors = json_object_get(document, "colors");
  const char *slot_name;
  const json_t *slot_value;
  if (colors && !json_is_object(colors)) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  json_object_foreach((json_t *)colors, slot_name, slot_value) {
    if (anima_compile_is_comment(slot_name)) {
      continue;
    }
    size_t index;
    if (!ANIMA_COMPILE_APPEND(model->color_slots, model->color_slot_count,
                              compiler->color_slot_capacity, index)) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    anima_model_color_slot *slot = &model->color_slots[index];
    slot->name = anima_model_intern(model, slot_name);
    slot->value = (anima_color){0, 0, 0, 255};
    anima_color_form form = anima_color_parse(
        json_is_string(slot_value) ? json_string_value(slot_value) : NULL,
        &slot->value);
    if (!slot->name) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    if (form == ANIMA_COLOR_FORM_CURRENT) {
      slot->is_current_color = true;
    } else if (form != ANIMA_COLOR_FORM_HEX) {
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
  }
  return ANIMA_OK;
}

anima_status anima_compile_paint_color(anima_model *model, const json_t *paint,
                                       anima_model_paint_color *out) {
  const char *text = anima_json_string_member(paint, "color");
  anima_color ignored;
  out->color_slot = -1;
  switch (anima_color_parse(text, &ignored)) {
  case ANIMA_COLOR_FORM_HEX:
    out->source = ANIMA_COLOR_SOURCE_LITERAL;
    return ANIMA_OK;
  case ANIMA_COLOR_FORM_CURRENT:
    out->source = ANIMA_COLOR_SOURCE_CURRENT;
    return ANIMA_OK;
  case ANIMA_COLOR_FORM_SLOT:
    for (size_t i = 0; i < model->color_slot_count; i++) {
      if (strcmp(model->color_slots[i].name, text) == 0) {
        out->source = ANIMA_COLOR_SOURCE_SLOT;
        out->color_slot = (long)i;
        return ANIMA_OK;
      }
    }
    return ANIMA_ERROR_INVALID_DOCUMENT;
  case ANIMA_COLOR_FORM_INVALID:
  default:
    /* A module paint (gradient, mix) without a colour. */
    out->source = ANIMA_COLOR_SOURCE_LITERAL;
    return text ? ANIMA_ERROR_INVALID_DOCUMENT : ANIMA_OK;
  }
}

static int enum_index(const char *text, const char *const *options,
                      int fallback) {
  for (int i = 0; text && options[i]; i++) {
    if (strcmp(text, options[i]) == 0) {
      return i;
    }
  }
  return fallback;
}

/* The paint module's keys of a stroke (paint chapter, "Dashes" and
 * "Transform-independent stroke"), present only when the document declares
 * paint, whose check has validated them: `scale` and the static `dash`
 * pattern, numbers in grid units or percentage strings as fractions of the
 * outline length. */
anima_status anima_compile_stroke_pattern(anima_model *model,
                                          const json_t *stroke, bool *fixed,
                                          const double **dashes, size_t *count,
                                          bool *percent) {
  const char *scale = anima_json_string_member(stroke, "scale");
  *fixed = scale && strcmp(scale, "fixed") == 0;
  *dashes = NULL;
  *count = 0;
  *percent = false;
  const json_t *dash = json_object_get(stroke, "dash");
  size_t length = json_is_array(dash) ? json_array_size(dash) : 0;
  if (length == 0) {
    return ANIMA_OK;
  }
  double *lengths = anima_model_alloc(model, length * sizeof *lengths);
  if (!lengths) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < length; i++) {
    const json_t *item = json_array_get(dash, i);
    if (json_is_string(item)) {
      *percent = true;
      lengths[i] = strtod(json_string_value(item), NULL) / 100.0;
    } else {
      lengths[i] = anima_json_number_or(item, 0);
    }
  }
  *dashes = lengths;
  *count = length;
  return ANIMA_OK;
}

static anima_status compile_static_data(anima_compiler *compiler,
                                        const json_t *object,
                                        anima_model_node *node) {
  anima_model *model = compiler->model;
  const json_t *pivot = json_object_get(object, "pivot");
  node->pivot_x = anima_json_number_or(json_array_get(pivot, 0), 0);
  node->pivot_y = anima_json_number_or(json_array_get(pivot, 1), 0);
  const json_t *knockout = json_object_get(object, "knockout");
  node->has_knockout = json_is_number(knockout);
  node->knockout = anima_json_number_or(knockout, 0);
  anima_status status = ANIMA_OK;
  const json_t *fill = json_object_get(object, "fill");
  if (json_is_object(fill)) {
    node->has_fill = true;
    node->fill_rule =
        (anima_fill_rule)enum_index(anima_json_string_member(fill, "rule"),
                                    anima_fill_rule_names, ANIMA_FILL_NONZERO);
    status = anima_compile_paint_color(model, fill, &node->fill_color);
  }
  const json_t *stroke = json_object_get(object, "stroke");
  if (status == ANIMA_OK && json_is_object(stroke)) {
    node->has_stroke = true;
    node->cap =
        (anima_line_cap)enum_index(anima_json_string_member(stroke, "cap"),
                                   anima_line_cap_names, ANIMA_LINE_CAP_ROUND);
    node->join = (anima_line_join)enum_index(
        anima_json_string_member(stroke, "join"), anima_line_join_names,
        ANIMA_LINE_JOIN_ROUND);
    node->has_trim = json_object_get(stroke, "trimStart") ||
                     json_object_get(stroke, "trimEnd") ||
                     json_object_get(stroke, "trimOffset");
    status = anima_compile_paint_color(model, stroke, &node->stroke_color);
  }
  if (status == ANIMA_OK && json_is_object(stroke)) {
    status = anima_compile_stroke_pattern(model, stroke, &node->stroke_fixed,
                                          &node->dashes, &node->dash_count,
                                          &node->dash_percent);
  }
  return status;
}

/* Where a colour slot's document value comes from (SPEC §6): a declared
 * colour slot or currentColor; hex literals stay LITERAL. */
static void compile_slot_color_source(const anima_model *model,
                                      const char *text,
                                      anima_model_slot *slot) {
  switch (anima_color_parse(text, NULL)) {
  case ANIMA_COLOR_FORM_CURRENT:
    slot->color_source = ANIMA_COLOR_SOURCE_CURRENT;
    break;
  case ANIMA_COLOR_FORM_SLOT:
    for (size_t i = 0; i < model->color_slot_count; i++) {
      if (strcmp(model->color_slots[i].name, text) == 0) {
        slot->color_source = ANIMA_COLOR_SOURCE_SLOT;
        slot->color_slot = (long)i;
      }
    }
    break;
  default:
    break;
  }
}

/* One slot: the property and the concrete address it got on a node. */
typedef struct slot_site {
  anima_compiler *compiler;
  size_t node_index;
  size_t property;
  bool pattern;
  anima_status status;
} slot_site;

static bool add_slot(const char *suffix, const json_t *value, void *context) {
  slot_site *site = context;
  anima_model *model = site->compiler->model;
  const anima_model_node *node = &model->nodes[site->node_index];
  const anima_property *description =
      anima_registry_property(model->registry, site->property);
  size_t index;
  if (!ANIMA_COMPILE_APPEND(model->slots, model->slot_count,
                            site->compiler->slot_capacity, index)) {
    site->status = ANIMA_ERROR_NO_MEMORY;
    return false;
  }
  anima_model_slot *slot = &model->slots[index];
  slot->node = site->node_index;
  slot->property = site->property;
  slot->type = description->type;
  slot->animation = description->animation;
  slot->minimum = description->minimum;
  slot->maximum = description->maximum;
  slot->clamped =
      description->minimum > -HUGE_VAL || description->maximum < HUGE_VAL;
  slot->rest = description->default_value;
  slot->rest.type = description->type;
  if (value &&
      !anima_compile_value(model, value, description->type, &slot->rest)) {
    /* Module values of other shapes keep the registry default. */
    slot->rest = description->default_value;
    slot->rest.type = description->type;
  }
  slot->color_source = ANIMA_COLOR_SOURCE_LITERAL;
  slot->color_slot = -1;
  if (description->type == ANIMA_VALUE_COLOR && json_is_string(value)) {
    compile_slot_color_source(model, json_string_value(value), slot);
  }
  char address[ANIMA_ADDRESS_CAPACITY + 256];
  int length = snprintf(address, sizeof address, "%s.%s", node->id, suffix);
  if (length < 0 || (size_t)length >= sizeof address) {
    site->status = ANIMA_ERROR_INVALID_DOCUMENT;
    return false;
  }
  slot->address = anima_model_intern(model, address);
  if (!slot->address) {
    site->status = ANIMA_ERROR_NO_MEMORY;
    return false;
  }
  /* A pattern has one slot per match: found by address, not by this
   * table (anima_model_node_address_slot). */
  model->slot_of[site->node_index * model->property_count + site->property] =
      site->pattern ? -1 : (long)index;
  return true;
}

/* One slot per registry property that exists on the node: one per match
 * of an address pattern ("fill.stops.0.color", "fill.stops.1.color"), in
 * registry order, then document order (address_internal.h). */
static anima_status compile_slots(anima_compiler *compiler, size_t node_index,
                                  const json_t *object) {
  anima_model *model = compiler->model;
  anima_model_node *node = &model->nodes[node_index];
  node->first_slot = model->slot_count;
  for (size_t property = 0; property < model->property_count; property++) {
    if (!anima_registry_property_applies(model->registry, property,
                                         node->type)) {
      continue;
    }
    const anima_property *description =
        anima_registry_property(model->registry, property);
    slot_site site = {.compiler = compiler,
                      .node_index = node_index,
                      .property = property,
                      .pattern = anima_address_is_pattern(description->address),
                      .status = ANIMA_OK};
    anima_address_expand(model->registry, node->type, object,
                         description->address, add_slot, &site);
    if (site.status != ANIMA_OK) {
      return site.status;
    }
    node = &model->nodes[node_index];
  }
  node->slot_count = model->slot_count - node->first_slot;
  return ANIMA_OK;
}

/* The node's core property slots (model.h anima_model_node_slots). */
static void compile_core_slots(anima_model *model, size_t node_index) {
  static const struct {
    const char *address;
    size_t offset;
  } core[] = {
      {"x", offsetof(anima_model_node_slots, x)},
      {"y", offsetof(anima_model_node_slots, y)},
      {"rotate", offsetof(anima_model_node_slots, rotate)},
      {"scale", offsetof(anima_model_node_slots, scale)},
      {"scaleX", offsetof(anima_model_node_slots, scale_x)},
      {"scaleY", offsetof(anima_model_node_slots, scale_y)},
      {"opacity", offsetof(anima_model_node_slots, opacity)},
      {"visible", offsetof(anima_model_node_slots, visible)},
      {"fill.color", offsetof(anima_model_node_slots, fill_color)},
      {"stroke.color", offsetof(anima_model_node_slots, stroke_color)},
      {"stroke.width", offsetof(anima_model_node_slots, stroke_width)},
      {"stroke.trimStart", offsetof(anima_model_node_slots, trim_start)},
      {"stroke.trimEnd", offsetof(anima_model_node_slots, trim_end)},
      {"stroke.trimOffset", offsetof(anima_model_node_slots, trim_offset)},
      {"stroke.dashOffset", offsetof(anima_model_node_slots, dash_offset)},
      {"r", offsetof(anima_model_node_slots, r)},
      {"w", offsetof(anima_model_node_slots, w)},
      {"h", offsetof(anima_model_node_slots, h)},
      {"rx", offsetof(anima_model_node_slots, rx)},
      {"from", offsetof(anima_model_node_slots, from)},
      {"to", offsetof(anima_model_node_slots, to)},
  };
  anima_model_node *node = &model->nodes[node_index];
  for (size_t i = 0; i < sizeof core / sizeof core[0]; i++) {
    long property = anima_registry_find_property(model->registry, node->type,
                                                 core[i].address, false);
    long slot = property < 0 ? -1
                             : anima_model_node_slot(model, node_index,
                                                     (size_t)property);
    *(long *)((char *)&node->slots + core[i].offset) = slot;
  }
}

static anima_status compile_node_list(anima_compiler *compiler,
                                      const json_t *list, long parent,
                                      size_t depth);

static anima_status compile_node(anima_compiler *compiler, const json_t *object,
                                 long parent, size_t depth) {
  anima_model *model = compiler->model;
  const char *id = anima_json_string_member(object, "id");
  const char *type = anima_json_string_member(object, "type");
  if (!id || !type || depth > maximum_compile_depth) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  const anima_kind *kind = anima_registry_find_kind(model->registry, type);
  if (!kind || !(kind->flags & ANIMA_KIND_NODE_TYPE)) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  size_t index;
  if (!ANIMA_COMPILE_APPEND(model->nodes, model->node_count,
                            compiler->node_capacity, index)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  /* The lookup table grows with the nodes. */
  long *table = realloc(model->slot_of,
                        (index + 1) * model->property_count * sizeof *table +
                            sizeof *table);
  if (!table) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  model->slot_of = table;
  for (size_t i = 0; i < model->property_count; i++) {
    table[index * model->property_count + i] = -1;
  }
  anima_model_node *node = &model->nodes[index];
  node->id = anima_model_intern(model, id);
  node->type = anima_model_intern(model, type);
  if (!node->id || !node->type) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  node->parent = parent;
  node->depth = depth;
  node->kind_flags = kind->flags;
  anima_status status = compile_static_data(compiler, object, node);
  if (status == ANIMA_OK) {
    status = compile_slots(compiler, index, object);
  }
  if (status == ANIMA_OK) {
    compile_core_slots(model, index);
  }
  const json_t *children = json_object_get(object, "children");
  if (status == ANIMA_OK && children) {
    status = compile_node_list(compiler, children, (long)index, depth + 1);
  }
  /* model->nodes may have moved while children were added. */
  model->nodes[index].subtree_end = model->node_count;
  return status;
}

static anima_status compile_node_list(anima_compiler *compiler,
                                      const json_t *list, long parent,
                                      size_t depth) {
  if (!json_is_array(list)) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  for (size_t i = 0; i < json_array_size(list); i++) {
    anima_status status =
        compile_node(compiler, json_array_get(list, i), parent, depth);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}

/* Direct children, grouped per parent, and the top-level nodes. */
static anima_status compile_children(anima_model *model) {
  size_t count = model->node_count;
  model->children = calloc(count ? count : 1, sizeof *model->children);
  model->roots = calloc(count ? count : 1, sizeof *model->roots);
  if (!model->children || !model->roots) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < count; i++) {
    long parent = model->nodes[i].parent;
    if (parent >= 0) {
      model->nodes[parent].child_count++;
    } else {
      model->roots[model->root_count++] = i;
    }
  }
  size_t next = 0;
  for (size_t i = 0; i < count; i++) {
    model->nodes[i].first_child = next;
    next += model->nodes[i].child_count;
    model->nodes[i].child_count = 0;
  }
  for (size_t i = 0; i < count; i++) {
    long parent = model->nodes[i].parent;
    if (parent >= 0) {
      anima_model_node *owner = &model->nodes[parent];
      model->children[owner->first_child + owner->child_count++] = i;
    }
  }
  return ANIMA_OK;
}

anima_status anima_compile_nodes(anima_compiler *compiler) {
  anima_model *model = compiler->model;
  model->property_count = anima_registry_property_count(model->registry);
  model->max_outline_segments = ANIMA_SHAPE_OUTLINE_SEGMENTS;
  anima_status status = compile_basics(compiler);
  if (status == ANIMA_OK) {
    status = compile_node_list(
        compiler, json_object_get(compiler->document, "nodes"), -1, 1);
  }
  if (status == ANIMA_OK) {
    status = compile_children(model);
  }
  return status;
}

static anima_status each_node(anima_compiler *compiler, const json_t *list,
                              anima_text *pointer, size_t *next,
                              anima_compile_node_visit visit, void *context) {
  const anima_model *model = compiler->model;
  anima_status status = ANIMA_OK;
  size_t prefix = pointer->length;
  for (size_t i = 0; status == ANIMA_OK && i < json_array_size(list) &&
                     *next < model->node_count;
       i++) {
    const json_t *object = json_array_get(list, i);
    size_t index = (*next)++;
    anima_text_truncate(pointer, prefix);
    anima_text_append_pointer_index(pointer, i);
    size_t own = pointer->length;
    status = visit(context, index, object, pointer);
    anima_text_truncate(pointer, own);
    const json_t *children = json_object_get(object, "children");
    if (status == ANIMA_OK && json_is_array(children)) {
      anima_text_append(pointer, "/children");
      status = each_node(compiler, children, pointer, next, visit, context);
    }
  }
  anima_text_truncate(pointer, prefix);
  return status;
}

anima_status anima_compile_each_node(anima_compiler *compiler,
                                     anima_compile_node_visit visit,
                                     void *context) {
  anima_text pointer = {0};
  anima_text_append(&pointer, "/nodes");
  size_t next = 0;
  anima_status status =
      each_node(compiler, json_object_get(compiler->document, "nodes"),
                &pointer, &next, visit, context);
  anima_text_free(&pointer);
  return status;
}
