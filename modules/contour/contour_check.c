/*
 * contour_check.c — the contour chapter's diagnostics the registry cannot
 * give (contour.h). The registry already reports a missing or unknown
 * `kind`, fields of another kind (`bad-value` at the field, hint the kind
 * it belongs to), wrong shapes and negative radii. This check adds:
 *
 *   - fewer than two vertices: `type` at `vertices` (an array size, like
 *     any structural size), hint to add vertices;
 *   - more than CONTOUR_VERTICES_MAX: `limit-exceeded` at `vertices`;
 *   - an asymmetric vertex with a nonzero `incoming` but no nonzero
 *     `outgoing` direction: `bad-value` at its `incoming`;
 *   - `fill.winding` on a node other than a contour, or in an ordered
 *     paints entry: `bad-value` at the `winding` (docs/DECISIONS.md).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contour.h"

/* Appends "/<token>" to `pointer` (tokens here need no escaping). */
static void append(char *pointer, size_t size, const char *token) {
  size_t length = strlen(pointer);
  snprintf(pointer + length, size - length, "/%s", token);
}

/* The length of `[x, y]` member `key`, or 0 when it is not such a pair. */
static double pair_length(const anima_json *object, const char *key) {
  const anima_host *h = contour_host;
  const anima_json *pair = h->json_member(object, key);
  if (!pair || h->json_type(pair) != ANIMA_JSON_ARRAY ||
      h->json_size(pair) != 2) {
    return 0;
  }
  const anima_json *x = h->json_item(pair, 0), *y = h->json_item(pair, 1);
  if (h->json_type(x) != ANIMA_JSON_NUMBER ||
      h->json_type(y) != ANIMA_JSON_NUMBER) {
    return 0;
  }
  return hypot(h->json_number(x), h->json_number(y));
}

static bool is_kind(const anima_json *vertex, const char *name) {
  const anima_host *h = contour_host;
  const anima_json *kind = h->json_member(vertex, "kind");
  return kind && h->json_type(kind) == ANIMA_JSON_STRING &&
         strcmp(h->json_string(kind, NULL), name) == 0;
}

static void check_contour(anima_check *check, const anima_json *node,
                          const char *node_pointer) {
  const anima_host *h = contour_host;
  const anima_json *vertices = h->json_member(node, "vertices");
  if (!vertices || h->json_type(vertices) != ANIMA_JSON_ARRAY) {
    return; /* missing or not an array: the registry reported it */
  }
  char pointer[512];
  snprintf(pointer, sizeof pointer, "%s", node_pointer);
  append(pointer, sizeof pointer, "vertices");
  size_t count = h->json_size(vertices);
  if (count < 2) {
    h->check_report(check, "type", ANIMA_SEVERITY_ERROR, pointer,
                    count ? "add a second vertex" : "add at least two vertices",
                    "\"vertices\" takes at least 2 vertices, got %zu", count);
    return;
  }
  if (count > CONTOUR_VERTICES_MAX) {
    h->check_report(check, "limit-exceeded", ANIMA_SEVERITY_ERROR, pointer,
                    "split the outline into several contours",
                    "a contour takes at most %d vertices, got %zu",
                    CONTOUR_VERTICES_MAX, count);
    return;
  }
  for (size_t i = 0; i < count; i++) {
    const anima_json *vertex = h->json_item(vertices, i);
    if (h->json_type(vertex) != ANIMA_JSON_OBJECT ||
        !is_kind(vertex, "asymmetric")) {
      continue;
    }
    if (pair_length(vertex, "incoming") > 0 &&
        !(pair_length(vertex, "outgoing") > 0)) {
      /* The pointer of any depth, whole: "<pointer>/<i>/incoming". */
      size_t size = strlen(pointer) + 32;
      char *at = malloc(size);
      if (!at) {
        return;
      }
      snprintf(at, size, "%s/%zu/incoming", pointer, i);
      h->check_report(check, "bad-value", ANIMA_SEVERITY_ERROR, at,
                      "give \"outgoing\" a nonzero direction, or use "
                      "\"kind\": \"detached\" for an independent incoming "
                      "handle",
                      "an asymmetric vertex's \"incoming\" gives a length "
                      "only, along the opposite of \"outgoing\", which is "
                      "zero here");
      free(at); /* the report keeps its own copy */
    }
  }
}

/* A `winding` in the fill object `fill` at `fill_pointer` that cannot
 * apply there. */
static void refuse_winding(anima_check *check, const anima_json *fill,
                           const char *fill_pointer, const char *why) {
  const anima_host *h = contour_host;
  if (!fill || h->json_type(fill) != ANIMA_JSON_OBJECT ||
      !h->json_member(fill, "winding")) {
    return;
  }
  char at[512];
  snprintf(at, sizeof at, "%s/winding", fill_pointer);
  h->check_report(check, "bad-value", ANIMA_SEVERITY_ERROR, at,
                  "remove \"winding\", or draw the outline as a contour node",
                  "\"winding\" applies to the own fill of contour nodes "
                  "only, not %s",
                  why);
}

static void check_windings(anima_check *check, const anima_json *node,
                           const char *pointer, bool contour) {
  const anima_host *h = contour_host;
  char at[512];
  if (!contour) {
    snprintf(at, sizeof at, "%s/fill", pointer);
    refuse_winding(check, h->json_member(node, "fill"), at,
                   "to other node types");
  }
  const anima_json *paints = h->json_member(node, "paints");
  if (!paints || h->json_type(paints) != ANIMA_JSON_ARRAY) {
    return;
  }
  for (size_t i = 0; i < h->json_size(paints); i++) {
    snprintf(at, sizeof at, "%s/paints/%zu/fill", pointer, i);
    refuse_winding(check, h->json_member(h->json_item(paints, i), "fill"), at,
                   "to ordered paints");
  }
}

static void check_contours(anima_check *check, void *user) {
  (void)user;
  const anima_host *h = contour_host;
  for (size_t i = 0; i < h->check_node_count(check); i++) {
    const char *pointer = NULL;
    const anima_json *node = h->check_node(check, i, &pointer);
    const anima_json *type = h->json_member(node, "type");
    bool contour = type && h->json_type(type) == ANIMA_JSON_STRING &&
                   strcmp(h->json_string(type, NULL), "contour") == 0;
    if (!pointer) {
      continue;
    }
    if (contour) {
      check_contour(check, node, pointer);
    }
    check_windings(check, node, pointer, contour);
  }
}

anima_status contour_register_check(anima_registrar *registrar) {
  static const anima_check_desc check = {.struct_size = sizeof check,
                                         .feature = CONTOUR_FEATURE,
                                         .name = "contour-vertices",
                                         .check = check_contours};
  return contour_host->add_check(registrar, &check);
}
