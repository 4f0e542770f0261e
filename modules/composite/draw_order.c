/*
 * draw_order.c — `drawOrder: {target, position, active?}` (SPEC composite,
 * "Sibling draw order"; DECISIONS 17): while `active` (default true; the
 * hold-only address <id>.drawOrder.active), the node paints just before or
 * just after its sibling `target` ("after" paints later, on top, and is
 * foremost for hit testing).
 *
 * Every step, at the END stage, each sibling list with rules starts again
 * from its authored order, and its rules run in authored node order, each
 * removing its node and inserting it before or after the target's current
 * place; the result goes to the pose with step_set_child_order, where the
 * draw frame and the paint rank (hit testing) read it. Several rules thus
 * have a deterministic precedence: a later rule sees what earlier ones did.
 *
 * bad-draw-target: a target that is not a sibling (at drawOrder/target),
 * or a sibling list holding a knockout node — knockout permanently groups
 * the nodes before it — (at drawOrder). Unknown targets, self references
 * and cycles of targets are references.c's.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "composite.h"

static const char *const positions[] = {"before", "after", NULL};

anima_status composite_register_draw_order(anima_registrar *registrar) {
  const anima_host *host = composite_host;
  static const anima_kind_desc kind = {
      .name = "composite-draw-order",
      .element = "draw-order",
      .feature = COMPOSITE_FEATURE,
      .description = "A rule moving a node before or after a sibling "
                     "(SPEC composite, \"Sibling draw order\")."};
  static const anima_field_desc fields[] = {
      {.owner = "node",
       .name = "drawOrder",
       .markup_name = "draw-order",
       .feature = COMPOSITE_FEATURE,
       .kind = ANIMA_FIELD_OBJECT,
       .item_kind = "composite-draw-order",
       .markup_form = ANIMA_MARKUP_CHILDREN,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "Paints the node just before or after a sibling while "
                      "active {target, position, active}."},
      {.owner = "composite-draw-order",
       .name = "target",
       .feature = COMPOSITE_FEATURE,
       .kind = ANIMA_FIELD_NAME,
       .required = true,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "The id of a sibling (a node of the same list)."},
      {.owner = "composite-draw-order",
       .name = "position",
       .feature = COMPOSITE_FEATURE,
       .kind = ANIMA_FIELD_ENUM,
       .options = positions,
       .required = true,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "\"before\" or \"after\" the target; after paints "
                      "later, on top."},
      {.owner = "composite-draw-order",
       .name = "active",
       .feature = COMPOSITE_FEATURE,
       .kind = ANIMA_FIELD_BOOL,
       .default_json = "true",
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "Whether the rule applies; hold-only animatable as "
                      "<id>.drawOrder.active."},
  };
  static const anima_property_desc active = {
      .owner = "node",
      .address = "drawOrder.active",
      .markup_address = "drawOrderActive",
      .feature = COMPOSITE_FEATURE,
      .type = ANIMA_VALUE_BOOL,
      .animation = ANIMA_ANIMATION_HOLD,
      .minimum = -INFINITY,
      .maximum = INFINITY,
      .default_value = {.type = ANIMA_VALUE_BOOL, .as.boolean = true},
      .description = "Whether the node's drawOrder rule applies (hold "
                     "only)."};
  anima_status status = host->add_kind(registrar, &kind);
  ANIMA_ADD_EACH(status, host->add_field, registrar, fields);
  if (status == ANIMA_OK) {
    status = host->add_property(registrar, &active);
  }
  return status;
}

/* ------------------------------------------------------------------------ */
/* Checks                                                                    */
/* ------------------------------------------------------------------------ */

static bool has_knockout(const composite_tree *tree, size_t node) {
  return composite_host->json_member(tree->json[node], "knockout") != NULL;
}

bool composite_check_draw_target(anima_check *check, const composite_tree *tree,
                                 size_t node, size_t target) {
  const anima_host *host = composite_host;
  char pointer[COMPOSITE_POINTER_SIZE];
  snprintf(pointer, sizeof pointer, "%s", tree->pointer[node]);
  composite_pointer_append(pointer, sizeof pointer, "drawOrder");
  const char *id = tree->id[node] ? tree->id[node] : "";
  if (tree->parent[target] != tree->parent[node]) {
    composite_pointer_append(pointer, sizeof pointer, "target");
    host->check_report(check, "bad-draw-target", ANIMA_SEVERITY_ERROR, pointer,
                       "name a node of the same children list (or move the "
                       "two nodes into one group)",
                       "\"%s\" is not a sibling of \"%s\": draw order only "
                       "moves a node among its siblings",
                       tree->id[target], id);
    return false;
  }
  long parent = tree->parent[node];
  size_t count = composite_tree_child_count(tree, parent);
  for (size_t position = 0; position < count; position++) {
    long sibling = composite_tree_child(tree, parent, position);
    if (sibling >= 0 && has_knockout(tree, (size_t)sibling)) {
      host->check_report(
          check, "bad-draw-target", ANIMA_SEVERITY_ERROR, pointer,
          "move the knockout node, or the reordered nodes, into a group of "
          "their own",
          "the siblings of \"%s\" include \"%s\", a knockout node, which "
          "permanently groups the nodes before it: their order cannot change",
          id, tree->id[sibling] ? tree->id[sibling] : "");
      return false;
    }
  }
  return true;
}

/* ------------------------------------------------------------------------ */
/* Compile                                                                   */
/* ------------------------------------------------------------------------ */

/* The node's valid rule: its target sibling, or -1. */
static long rule_target(const composite_tree *tree, size_t node) {
  const anima_json *rule =
      composite_host->json_member(tree->json[node], "drawOrder");
  long target = composite_tree_find(tree, composite_string(rule, "target"));
  if (target < 0 || (size_t)target == node ||
      tree->parent[target] != tree->parent[node]) {
    return -1;
  }
  return target;
}

anima_status composite_compile_draw_order(anima_compile *compile,
                                          const composite_tree *tree,
                                          composite_data *data) {
  const anima_host *host = composite_host;
  size_t rules = 0;
  for (size_t node = 0; node < tree->count; node++) {
    rules += rule_target(tree, node) >= 0;
  }
  if (rules == 0) {
    return ANIMA_OK; /* no rule: the hook does nothing */
  }
  data->rules = host->compile_alloc(compile, rules * sizeof *data->rules);
  data->lists = host->compile_alloc(compile, rules * sizeof *data->lists);
  if (!data->rules || !data->lists) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  /* Lists in order of their first rule; each list's rules in authored
   * node order (pre-order is authored order within one list). */
  for (size_t node = 0; node < tree->count; node++) {
    long target = rule_target(tree, node);
    if (target < 0) {
      continue;
    }
    long parent = tree->parent[node];
    size_t list = 0;
    while (list < data->list_count && data->lists[list].parent != parent) {
      list++;
    }
    if (list == data->list_count) {
      data->lists[data->list_count++] = (composite_order_list){
          .parent = parent, .count = composite_tree_child_count(tree, parent)};
      if (data->lists[list].count > data->longest) {
        data->longest = data->lists[list].count;
      }
    }
    const char *position = composite_string(
        host->json_member(tree->json[node], "drawOrder"), "position");
    data->rules[data->rule_count++] = (composite_order_rule){
        .node = node,
        .parent = parent,
        .position = tree->position[node],
        .target = tree->position[target],
        .after = position && strcmp(position, "after") == 0,
        .active_slot =
            host->compile_find_slot(compile, node, "drawOrder.active"),
        .list = list,
    };
  }
  /* Group the rules by list, keeping their order within each list. */
  composite_order_rule *sorted =
      host->compile_alloc(compile, rules * sizeof *sorted);
  if (!sorted) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t next = 0;
  for (size_t list = 0; list < data->list_count; list++) {
    data->lists[list].first_rule = next;
    for (size_t i = 0; i < data->rule_count; i++) {
      if (data->rules[i].list == list) {
        sorted[next++] = data->rules[i];
      }
    }
    data->lists[list].rule_count = next - data->lists[list].first_rule;
  }
  data->rules = sorted;
  return ANIMA_OK;
}

size_t composite_draw_order_instance_size(const composite_data *data) {
  return data->longest * sizeof(size_t);
}

/* ------------------------------------------------------------------------ */
/* Every step                                                                */
/* ------------------------------------------------------------------------ */

/* Removes `position` from `order` (`count` entries) and inserts it before
 * or after `target`; `count` stays the same. */
static void move(size_t *order, size_t count, size_t position, size_t target,
                 bool after) {
  size_t from = 0;
  while (from < count && order[from] != position) {
    from++;
  }
  if (from == count) {
    return;
  }
  memmove(order + from, order + from + 1, (count - from - 1) * sizeof *order);
  size_t at = 0;
  while (at < count - 1 && order[at] != target) {
    at++;
  }
  if (after && at < count - 1) {
    at++;
  }
  memmove(order + at + 1, order + at, (count - 1 - at) * sizeof *order);
  order[at] = position;
}

void composite_apply_draw_order(anima_step *step, const composite_data *data,
                                void *instance) {
  const anima_host *host = composite_host;
  size_t *order = instance;
  for (size_t list = 0; list < data->list_count; list++) {
    const composite_order_list *entry = &data->lists[list];
    for (size_t i = 0; i < entry->count; i++) {
      order[i] = i;
    }
    for (size_t i = 0; i < entry->rule_count; i++) {
      const composite_order_rule *rule = &data->rules[entry->first_rule + i];
      const anima_value *active =
          rule->active_slot >= 0
              ? host->step_value(step, (size_t)rule->active_slot)
              : NULL;
      if (active && active->type == ANIMA_VALUE_BOOL && !active->as.boolean) {
        continue;
      }
      move(order, entry->count, rule->position, rule->target, rule->after);
    }
    host->step_set_child_order(step, entry->parent, order, entry->count);
  }
}
