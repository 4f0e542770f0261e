/*
 * checks.c — the rig chapter's document checks (SPEC `## rig`): a bone's
 * parent (rig-bone-parent), its pivot (rig-bone-pivot), the offset of a
 * chained bone (rig-bone-offset), zero rest scales on a bone or an ancestor
 * (bad-value, D39) and unknown constraint references (rig-target).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rig.h"

/* Most nesting the walk keeps parents for (the loader's own limit is
 * lower: JSON nesting beyond 96 is refused before checks run). */
#define DEPTH 128

static bool is_type(const anima_json *node, const char *type) {
  const char *value =
      rig_host->json_string(rig_host->json_member(node, "type"), NULL);
  return value && strcmp(value, type) == 0;
}

static bool zero_rest_scale(const anima_json *node) {
  static const char *const keys[] = {"scale", "scaleX", "scaleY"};
  for (size_t i = 0; i < 3; i++) {
    if (rig_json_number(node, keys[i], 1) == 0) {
      return true;
    }
  }
  return false;
}

/* The pointer of the parent of a node at `pointer`
 * ("/nodes/0/children/2" → "/nodes/0"), or NULL at the top level. */
static bool parent_pointer(const char *pointer, size_t *length) {
  const char *slash = strrchr(pointer, '/');
  if (!slash || slash == pointer) {
    return false;
  }
  size_t end = (size_t)(slash - pointer);
  static const char children[] = "/children";
  size_t n = sizeof children - 1;
  if (end < n || strncmp(pointer + end - n, children, n) != 0) {
    return false;
  }
  *length = end - n;
  return true;
}

static void check_bone(anima_check *c, const anima_json *node,
                       const char *pointer, const anima_json *parent,
                       bool zero_above) {
  char at[1024];
  if (parent && !is_type(parent, "group") && !is_type(parent, "bone")) {
    const char *type =
        rig_host->json_string(rig_host->json_member(parent, "type"), NULL);
    rig_host->check_report(
        c, "rig-bone-parent", ANIMA_SEVERITY_ERROR, pointer,
        "wrap the bones in a <group>",
        "a bone's parent must be a group or a bone, not a %s",
        type ? type : "node");
  }
  if (rig_host->json_member(node, "pivot")) {
    snprintf(at, sizeof at, "%s/pivot", pointer);
    rig_host->check_report(
        c, "rig-bone-pivot", ANIMA_SEVERITY_ERROR, at,
        "remove pivot: a bone turns about its start",
        "a bone's pivot is always its start; it cannot be authored");
  }
  bool chained =
      parent && is_type(parent, "bone") && !rig_json_bool(node, "root", false);
  if (chained) {
    const char *key = rig_host->json_member(node, "x")   ? "x"
                      : rig_host->json_member(node, "y") ? "y"
                                                         : NULL;
    if (key) {
      snprintf(at, sizeof at, "%s/%s", pointer, key);
      rig_host->check_report(
          c, "rig-bone-offset", ANIMA_SEVERITY_ERROR, at,
          "remove x and y (it starts at its parent's tip), or set root: "
          "true to start a new chain at (x, y)",
          "a chained bone starts at its parent bone's tip; \"%s\" cannot "
          "move it",
          key);
    }
  }
  if (zero_above || zero_rest_scale(node)) {
    rig_host->check_report(
        c, "bad-value", ANIMA_SEVERITY_ERROR, pointer,
        "use nonzero rest scales; animate a scale to 0 to collapse a bone",
        "a bone needs nonzero rest scale, scaleX and scaleY on itself and "
        "every ancestor");
  }
}

static bool is_rig_kind(const char *kind) {
  static const char *const kinds[] = {"copyPosition", "copyRotation",
                                      "copyScale", "copyTransform",
                                      "keepDistance"};
  for (size_t i = 0; kind && i < sizeof kinds / sizeof *kinds; i++) {
    if (strcmp(kind, kinds[i]) == 0) {
      return true;
    }
  }
  return false;
}

static void check_reference(anima_check *c, const anima_json *item,
                            const char *key, const char *pointer,
                            const char *kind) {
  const char *id =
      rig_host->json_string(rig_host->json_member(item, key), NULL);
  if (!id || rig_host->check_find_node(c, id) >= 0) {
    return;
  }
  /* A hint naming the closest id of the document. */
  size_t count = rig_host->check_node_count(c);
  const char **ids = calloc(count ? count : 1, sizeof *ids);
  size_t known = 0;
  const char *unused = NULL;
  for (size_t i = 0; ids && i < count; i++) {
    const char *other = rig_host->json_string(
        rig_host->json_member(rig_host->check_node(c, i, &unused), "id"), NULL);
    if (other) {
      ids[known++] = other;
    }
  }
  const char *closest = ids ? rig_host->closest_name(id, ids, known) : NULL;
  char hint[256];
  if (closest) {
    snprintf(hint, sizeof hint, "did you mean \"%s\"?", closest);
  } else {
    snprintf(hint, sizeof hint, "set %s to the id of a node of the document",
             key);
  }
  rig_host->check_report(c, "rig-target", ANIMA_SEVERITY_ERROR, pointer, hint,
                         "the %s constraint's %s \"%s\" is not a node", kind,
                         key, id);
  free(ids);
}

static void check_constraints(anima_check *c, const anima_json *node,
                              const char *pointer) {
  const anima_json *list = rig_host->json_member(node, "constraints");
  if (!list || rig_host->json_type(list) != ANIMA_JSON_ARRAY) {
    return;
  }
  for (size_t i = 0; i < rig_host->json_size(list); i++) {
    const anima_json *item = rig_host->json_item(list, i);
    const char *kind =
        rig_host->json_string(rig_host->json_member(item, "kind"), NULL);
    if (!is_rig_kind(kind)) {
      continue;
    }
    char at[1024];
    snprintf(at, sizeof at, "%s/constraints/%zu", pointer, i);
    check_reference(c, item, strcmp(kind, "keepDistance") == 0 ? "to" : "from",
                    at, kind);
  }
}

static void rig_check(anima_check *c, void *user) {
  (void)user;
  size_t count = rig_host->check_node_count(c);
  /* Ancestors of the current node (pre-order): pointer, JSON, zero scale. */
  const char *pointers[DEPTH];
  const anima_json *nodes[DEPTH];
  bool zero[DEPTH];
  size_t depth = 0;
  for (size_t i = 0; i < count; i++) {
    const char *pointer = NULL;
    const anima_json *node = rig_host->check_node(c, i, &pointer);
    if (!node || !pointer) {
      continue;
    }
    size_t length = 0;
    bool nested = parent_pointer(pointer, &length);
    while (depth > 0 && !(nested && strlen(pointers[depth - 1]) == length &&
                          strncmp(pointers[depth - 1], pointer, length) == 0)) {
      depth--;
    }
    const anima_json *parent = depth > 0 ? nodes[depth - 1] : NULL;
    bool zero_above = depth > 0 && zero[depth - 1];
    if (is_type(node, "bone")) {
      check_bone(c, node, pointer, parent, zero_above);
    }
    check_constraints(c, node, pointer);
    if (depth < DEPTH) {
      pointers[depth] = pointer;
      nodes[depth] = node;
      zero[depth] = zero_above || zero_rest_scale(node);
      depth++;
    }
  }
}

anima_status rig_register_checks(anima_registrar *r) {
  static const anima_code_desc codes[] = {
      {.code = "rig-bone-pivot",
       .severity = ANIMA_SEVERITY_ERROR,
       .description = "A bone authors `pivot`: its pivot is always its start "
                      "(rig chapter)."},
      {.code = "rig-bone-offset",
       .severity = ANIMA_SEVERITY_ERROR,
       .description = "A chained bone (inside a bone, not `root`) authors x "
                      "or y: it starts at its parent's tip."},
      {.code = "rig-bone-parent",
       .severity = ANIMA_SEVERITY_ERROR,
       .description = "A bone's parent is neither a group nor a bone (D38); "
                      "hint: wrap the bones in a <group>."},
      {.code = "rig-target",
       .severity = ANIMA_SEVERITY_ERROR,
       .description = "A constraint names a node that does not exist."},
  };
  static const anima_check_desc check = {
      .struct_size = sizeof check, .name = "rig", .check = rig_check};
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, rig_host->add_code, r, codes);
  if (status == ANIMA_OK) {
    status = rig_host->add_check(r, &check);
  }
  return status;
}
