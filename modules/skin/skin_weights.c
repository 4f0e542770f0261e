/*
 * skin_weights.c — influences of a skinned path's points (SPEC `## skin`
 * "Vertex bone weights", "Independent handle weights") and the chapter's
 * document checks.
 *
 * Points are the path's anchors in order — every M (not a move the parser
 * inserted after a Z), L and C endpoint — and each cubic's controls: the
 * first is the previous anchor's `out` handle, the second the current
 * anchor's `in` handle. Explicit weights give one entry per anchor,
 * `{point, in?, out?}`, each map {bone id or "@rest": weight}; a missing
 * handle map inherits the anchor's `point`. Without weights every point
 * (anchors and handles alike) takes 1/(d + 0.001)² on its two nearest bone
 * segments (world distance at rest), normalized.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "skin.h"

/* ---- anchors ------------------------------------------------------------ */

/* Calls `visit(index, anchor, role)` for every point of the path's
 * segments: role 'p' the anchor's point, 'o' its out handle, 'i' its in
 * handle. Returns the anchor count. */
typedef void (*point_visitor)(size_t point, size_t anchor, char role,
                              void *context);

static size_t walk_points(const anima_segment *segments, size_t count,
                          point_visitor visit, void *context) {
  size_t anchors = 0, start = 0;
  for (size_t s = 0; s < count; s++) {
    const anima_segment *segment = &segments[s];
    switch (segment->kind) {
    case ANIMA_SEGMENT_MOVE:
      if (segment->continues_subpath && anchors > 0) {
        if (visit) {
          visit(s * 3, start, 'p', context); /* the subpath's start again */
        }
        continue;
      }
      start = anchors;
      if (visit) {
        visit(s * 3, anchors, 'p', context);
      }
      anchors++;
      break;
    case ANIMA_SEGMENT_LINE:
      if (visit) {
        visit(s * 3, anchors, 'p', context);
      }
      anchors++;
      break;
    case ANIMA_SEGMENT_CUBIC:
      if (visit) {
        visit(s * 3, anchors > 0 ? anchors - 1 : 0, 'o', context);
        visit(s * 3 + 1, anchors, 'i', context);
        visit(s * 3 + 2, anchors, 'p', context);
      }
      anchors++;
      break;
    default:
      break;
    }
  }
  return anchors;
}

/* ---- compile ------------------------------------------------------------ */

typedef struct compiling {
  anima_compile *compile;
  const anima_json *weights; /* NULL: automatic */
  skin_data *data;
  anima_point *bone_start, *bone_end; /* rest world segments */
} compiling;

static double segment_distance(anima_point p, anima_point a, anima_point b) {
  double dx = b.x - a.x, dy = b.y - a.y;
  double length2 = dx * dx + dy * dy;
  double t = length2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2 : 0;
  t = t < 0 ? 0 : (t > 1 ? 1 : t);
  return hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/* The two nearest bone segments of the rest point (world), 1/(d+0.001)²
 * each, normalized; the earlier listed bone wins a tie. */
static void automatic(const compiling *k, anima_point local,
                      skin_influence *out) {
  const skin_data *data = k->data;
  anima_point p = skin_apply(data->rest_world, local);
  size_t best[2] = {0, 0};
  double near[2] = {INFINITY, INFINITY};
  for (size_t i = 0; i < data->bone_count; i++) {
    double d = segment_distance(p, k->bone_start[i], k->bone_end[i]);
    if (d < near[0]) {
      near[1] = near[0], best[1] = best[0];
      near[0] = d, best[0] = i;
    } else if (d < near[1]) {
      near[1] = d, best[1] = i;
    }
  }
  *out = (skin_influence){0};
  if (data->bone_count == 1) {
    out->count = 1, out->bone[0] = 0, out->weight[0] = 1;
    return;
  }
  double w0 = 1 / ((near[0] + 0.001) * (near[0] + 0.001));
  double w1 = 1 / ((near[1] + 0.001) * (near[1] + 0.001));
  out->count = 2;
  out->bone[0] = best[0], out->weight[0] = w0 / (w0 + w1);
  out->bone[1] = best[1], out->weight[1] = w1 / (w0 + w1);
}

static long bone_index(const skin_data *data, anima_compile *c,
                       const char *id) {
  long node = skin_host->compile_find_node(c, id);
  for (size_t i = 0; node >= 0 && i < data->bone_count; i++) {
    if (data->bones[i] == (size_t)node) {
      return (long)i;
    }
  }
  return -1;
}

/* An explicit map, normalized (validation reported what is wrong with it;
 * a non-positive sum is a full @rest). */
static void explicit_map(const compiling *k, const anima_json *map,
                         skin_influence *out) {
  *out = (skin_influence){0};
  double sum = 0;
  size_t size = skin_host->json_size(map);
  for (size_t i = 0; i < size; i++) {
    const char *key = skin_host->json_key_at(map, i);
    double weight = skin_host->json_number(skin_host->json_value_at(map, i));
    if (!key || !(weight > 0)) {
      continue;
    }
    if (strcmp(key, SKIN_REST) == 0) {
      out->rest += weight, sum += weight;
      continue;
    }
    long bone = bone_index(k->data, k->compile, key);
    if (bone >= 0 && out->count < SKIN_MAX_INFLUENCES) {
      out->bone[out->count] = (size_t)bone;
      out->weight[out->count++] = weight;
      sum += weight;
    }
  }
  if (!(sum > 0)) {
    *out = (skin_influence){.rest = 1};
    return;
  }
  out->rest /= sum;
  for (unsigned i = 0; i < out->count; i++) {
    out->weight[i] /= sum;
  }
}

static void visit_compile(size_t point, size_t anchor, char role,
                          void *context) {
  compiling *k = context;
  skin_data *data = k->data;
  anima_point local = data->points[point];
  if (role == 'p' && anchor < data->anchor_count &&
      data->anchor_points[anchor] == (size_t)-1) {
    data->anchor_points[anchor] = point;
  }
  if (!k->weights) {
    automatic(k, local, &data->influences[point]);
    return;
  }
  const anima_json *entry = skin_host->json_item(k->weights, anchor);
  const anima_json *map = NULL;
  if (role == 'i') {
    map = skin_host->json_member(entry, "in");
  } else if (role == 'o') {
    map = skin_host->json_member(entry, "out");
  }
  if (!map) {
    map = skin_host->json_member(entry, "point");
  }
  explicit_map(k, map, &data->influences[point]);
}

anima_status skin_compile_weights(anima_compile *c, const anima_json *skin,
                                  skin_data *data,
                                  const anima_deform_point *offered,
                                  size_t anchors) {
  compiling k = {.compile = c, .data = data};
  k.weights = skin_host->json_member(skin, "weights");
  data->anchor_count =
      offered ? anchors
              : walk_points(data->rest, data->segment_count, NULL, NULL);
  size_t points = data->point_count;
  data->influences = skin_host->compile_alloc(c, (points ? points : 1) *
                                                     sizeof(skin_influence));
  data->anchor_points = skin_host->compile_alloc(
      c, (data->anchor_count ? data->anchor_count : 1) * sizeof(size_t));
  k.bone_start = skin_host->compile_alloc(
      c, (data->bone_count ? data->bone_count : 1) * sizeof(anima_point));
  k.bone_end = skin_host->compile_alloc(
      c, (data->bone_count ? data->bone_count : 1) * sizeof(anima_point));
  if (!data->influences || !data->anchor_points || !k.bone_start ||
      !k.bone_end) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < points; i++) {
    data->influences[i] = (skin_influence){.rest = 1};
  }
  for (size_t i = 0; i < data->anchor_count; i++) {
    data->anchor_points[i] = (size_t)-1;
  }
  for (size_t i = 0; i < data->bone_count; i++) {
    anima_matrix rest = skin_rest_world(c, data->bones[i]);
    double length = skin_json_number(
        skin_host->compile_node_json(c, data->bones[i]), "length", 0);
    k.bone_start[i] = skin_apply(rest, (anima_point){0, 0});
    k.bone_end[i] = skin_apply(rest, (anima_point){length, 0});
  }
  if (k.weights && skin_host->json_size(k.weights) != data->anchor_count) {
    return ANIMA_ERROR_INVALID_DOCUMENT; /* validation reported it */
  }
  if (offered) {
    static const char roles[] = {'p', 'i', 'o'};
    for (size_t i = 0; i < points; i++) {
      visit_compile(
          i, offered[i].anchor,
          roles[offered[i].role <= ANIMA_DEFORM_OUT ? offered[i].role : 0], &k);
    }
  } else {
    walk_points(data->rest, data->segment_count, visit_compile, &k);
  }
  return ANIMA_OK;
}

/* ---- checks ------------------------------------------------------------- */

static bool type_is(const anima_json *node, const char *type) {
  const char *value =
      skin_host->json_string(skin_host->json_member(node, "type"), NULL);
  return value && strcmp(value, type) == 0;
}

static bool is_listed(const anima_json *bones, const char *id) {
  for (size_t i = 0; i < skin_host->json_size(bones); i++) {
    const char *listed =
        skin_host->json_string(skin_host->json_item(bones, i), NULL);
    if (listed && strcmp(listed, id) == 0) {
      return true;
    }
  }
  return false;
}

static void check_map(anima_check *c, const anima_json *map,
                      const anima_json *bones, const char *pointer) {
  if (skin_host->json_type(map) != ANIMA_JSON_OBJECT) {
    skin_host->check_report(c, "bad-value", ANIMA_SEVERITY_ERROR, pointer,
                            "write {\"<bone id>\": weight, ...}",
                            "an influence map is an object");
    return;
  }
  size_t size = skin_host->json_size(map);
  double sum = 0;
  bool ok = true;
  for (size_t i = 0; i < size; i++) {
    const char *key = skin_host->json_key_at(map, i);
    const anima_json *value = skin_host->json_value_at(map, i);
    char at[1200];
    snprintf(at, sizeof at, "%.1100s/%s", pointer, key ? key : "");
    if (key && strcmp(key, SKIN_REST) != 0 && !is_listed(bones, key)) {
      skin_host->check_report(
          c, "rig-weight-bone", ANIMA_SEVERITY_ERROR, at,
          "add the bone to skin.bones, or use one listed there (or @rest)",
          "the influence \"%s\" is not a bone of skin.bones", key);
      ok = false;
    }
    double weight = skin_host->json_type(value) == ANIMA_JSON_NUMBER
                        ? skin_host->json_number(value)
                        : NAN;
    if (!(weight >= 0 && weight <= 1)) {
      skin_host->check_report(c, "bad-value", ANIMA_SEVERITY_ERROR, at,
                              "use a number from 0 to 1",
                              "an influence weight is a number in 0..1");
      ok = false;
    } else {
      sum += weight;
    }
  }
  if (size > SKIN_MAX_INFLUENCES) {
    skin_host->check_report(c, "rig-weight-count", ANIMA_SEVERITY_ERROR,
                            pointer, "keep at most four influences",
                            "%zu influences; a point takes at most four", size);
    return;
  }
  if (ok && fabs(sum - 1) > 1e-6) {
    skin_host->check_report(
        c, "rig-weight-sum", ANIMA_SEVERITY_WARNING, pointer,
        "make the weights sum to 1",
        sum > 0 ? "the weights sum to %g, not 1: they are normalized"
                : "the weights sum to %g: the point stays at rest (@rest)",
        sum);
  }
}

static void check_weights(anima_check *c, const anima_json *node,
                          const anima_json *skin, const char *pointer) {
  const anima_json *weights = skin_host->json_member(skin, "weights");
  const anima_json *bones = skin_host->json_member(skin, "bones");
  if (!weights) {
    return;
  }
  char at[1100];
  snprintf(at, sizeof at, "%.1024s/skin/weights", pointer);
  if (skin_host->json_type(weights) != ANIMA_JSON_ARRAY) {
    skin_host->check_report(c, "bad-value", ANIMA_SEVERITY_ERROR, at,
                            "write one {\"point\": {...}} per anchor",
                            "skin.weights is an array");
    return;
  }
  const anima_json *vertices = skin_host->json_member(node, "vertices");
  if (type_is(node, "contour")) {
    /* One entry per vertex (the contour checks the vertices). */
    if (skin_host->json_type(vertices) == ANIMA_JSON_ARRAY &&
        skin_host->json_size(weights) != skin_host->json_size(vertices)) {
      skin_host->check_report(
          c, "bad-value", ANIMA_SEVERITY_ERROR, at,
          "write one entry per contour vertex",
          "skin.weights has %zu entries; the contour has %zu vertices",
          skin_host->json_size(weights), skin_host->json_size(vertices));
    }
  }
  const char *d =
      skin_host->json_string(skin_host->json_member(node, "d"), NULL);
  anima_path path = {0};
  anima_path_error error;
  if (d && type_is(node, "path") &&
      skin_host->path_parse(d, strlen(d), &path, &error) == ANIMA_OK) {
    size_t anchors = walk_points(path.segments, path.count, NULL, NULL);
    skin_host->path_release(&path);
    if (skin_host->json_size(weights) != anchors) {
      skin_host->check_report(
          c, "bad-value", ANIMA_SEVERITY_ERROR, at,
          "write one entry per anchor (every M, L and C endpoint)",
          "skin.weights has %zu entries; the path has %zu anchors",
          skin_host->json_size(weights), anchors);
    }
  }
  static const char *const keys[] = {"point", "in", "out"};
  for (size_t k = 0; k < skin_host->json_size(weights); k++) {
    const anima_json *entry = skin_host->json_item(weights, k);
    char entry_at[1200];
    snprintf(entry_at, sizeof entry_at, "%s/%zu", at, k);
    if (!skin_host->json_member(entry, "point")) {
      skin_host->check_report(c, "missing-key", ANIMA_SEVERITY_ERROR, entry_at,
                              "add \"point\"",
                              "the required key \"point\" is missing");
      continue;
    }
    for (size_t i = 0; i < 3; i++) {
      const anima_json *map = skin_host->json_member(entry, keys[i]);
      if (map) {
        char map_at[1300];
        snprintf(map_at, sizeof map_at, "%s/%s", entry_at, keys[i]);
        check_map(c, map, bones, map_at);
      }
    }
  }
}

/* True when a track or a pose names `address` ("<id>.d"). */
static bool document_names(const anima_json *value, const char *address,
                           int depth) {
  if (depth > 8 || !value) {
    return false;
  }
  anima_json_type type = skin_host->json_type(value);
  if (type == ANIMA_JSON_OBJECT) {
    for (size_t i = 0; i < skin_host->json_size(value); i++) {
      const char *key = skin_host->json_key_at(value, i);
      if ((key && strcmp(key, address) == 0) ||
          document_names(skin_host->json_value_at(value, i), address,
                         depth + 1)) {
        return true;
      }
    }
  } else if (type == ANIMA_JSON_ARRAY) {
    for (size_t i = 0; i < skin_host->json_size(value); i++) {
      if (document_names(skin_host->json_item(value, i), address, depth + 1)) {
        return true;
      }
    }
  }
  return false;
}

static void check_skin(anima_check *c, const anima_json *node,
                       const char *pointer) {
  const anima_json *skin = skin_host->json_member(node, "skin");
  char at[1100];
  snprintf(at, sizeof at, "%.1024s/skin", pointer);
  bool inline_path = type_is(node, "path") &&
                     skin_host->json_type(skin_host->json_member(node, "d")) ==
                         ANIMA_JSON_STRING;
  /* The hosts skinned here: a path by skin's outline hook, a contour (an
   * owner of deformable points, module.h anima_deformer_desc). A mesh
   * module's meshed image joins this list when it offers its vertices. */
  if (!inline_path && !type_is(node, "contour")) {
    const char *type =
        skin_host->json_string(skin_host->json_member(node, "type"), NULL);
    bool glyph = type && strcmp(type, "path") == 0;
    bool image = type && strcmp(type, "image") == 0;
    skin_host->check_report(
        c, "rig-skin-host", ANIMA_SEVERITY_ERROR, at,
        "move the skin to a path with inline d or to a contour",
        glyph   ? "a path drawn from a glyph cannot be skinned yet: glyph "
                  "hosts wait for the text module"
        : image ? "an image cannot be skinned yet: meshed images wait for "
                  "the mesh module"
                : "a %s cannot be skinned",
        type ? type : "node");
    return;
  }
  const char *id =
      skin_host->json_string(skin_host->json_member(node, "id"), NULL);
  const anima_json *document = skin_host->check_document(c);
  char address[300];
  snprintf(address, sizeof address, "%.250s.d", id ? id : "");
  if (id && (document_names(skin_host->json_member(document, "timelines"),
                            address, 0) ||
             document_names(skin_host->json_member(document, "machine"),
                            address, 0) ||
             document_names(skin_host->json_member(document, "machines"),
                            address, 0))) {
    char d_at[1100];
    snprintf(d_at, sizeof d_at, "%.1024s/d", pointer);
    skin_host->check_report(c, "rig-skin-morph", ANIMA_SEVERITY_ERROR, d_at,
                            "animate the bones instead of d",
                            "the skinned path's d is animated or posed");
  }
  const anima_json *bones = skin_host->json_member(skin, "bones");
  for (size_t i = 0; i < skin_host->json_size(bones); i++) {
    const char *bone =
        skin_host->json_string(skin_host->json_item(bones, i), NULL);
    long found = bone ? skin_host->check_find_node(c, bone) : -1;
    const anima_json *target =
        found >= 0 ? skin_host->check_node(c, (size_t)found, NULL) : NULL;
    if (!target || !type_is(target, "bone")) {
      char bone_at[1200];
      snprintf(bone_at, sizeof bone_at, "%s/bones/%zu", at, i);
      skin_host->check_report(c, "rig-weight-bone", ANIMA_SEVERITY_ERROR,
                              bone_at, "name a bone of the document",
                              target ? "\"%s\" is not a bone"
                                     : "\"%s\" is not a node",
                              bone ? bone : "");
    }
  }
  check_weights(c, node, skin, pointer);
}

void skin_check(anima_check *c, void *user) {
  (void)user;
  size_t count = skin_host->check_node_count(c);
  for (size_t i = 0; i < count; i++) {
    const char *pointer = NULL;
    const anima_json *node = skin_host->check_node(c, i, &pointer);
    if (node && pointer && skin_host->json_member(node, "skin")) {
      check_skin(c, node, pointer);
    }
  }
}
