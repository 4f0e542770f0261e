/*
 * inspect_rig.c — `anima inspect`: the rig of a document (SPEC `## rig`):
 * its bones with their parent, length and rest frame, and its constraints
 * in the one solve order computed at load (introspect.h
 * anima_model_solver_*), each with its kind, targets, writes and rest
 * strength.
 *
 * Rest frames come from the document values, as the chapter computes them
 * ("Rest frames are computed once from document values"), in the grid of
 * the bone's nearest non-bone ancestor (the document's grid at the top):
 * a root — or a nested `root: true` bone, whose parent's moving grid is
 * that grid at rest — is T(x, y)·R(rotate)·S(scale·scaleX, scale·scaleY);
 * a chained bone is F(parent)·T(parent.length, 0)·R(rotate)·S(...). The
 * model keeps no bone fields, so they are read from the document's JSON.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/introspect.h>

#include "inspect.h"

static const double pi = 3.14159265358979323846;

typedef struct frame {
  double a, b, c, d, e, f; /* x' = a·x + c·y + e, y' = b·x + d·y + f */
} frame;

static frame multiply(frame l, frame r) {
  return (frame){l.a * r.a + l.c * r.b,       l.b * r.a + l.d * r.b,
                 l.a * r.c + l.c * r.d,       l.b * r.c + l.d * r.d,
                 l.a * r.e + l.c * r.f + l.e, l.b * r.e + l.d * r.f + l.f};
}

static double number_of(const json_t *node, const char *key, double fallback) {
  const json_t *value = json_object_get(node, key);
  return json_is_number(value) ? json_number_value(value) : fallback;
}

/* T(x, y)·R(rotate)·S(scale·scaleX, scale·scaleY) of `node`'s document
 * values; `offset` false leaves out (x, y) (a chained bone has none). */
static frame local_of(const json_t *node, bool offset) {
  double angle = number_of(node, "rotate", 0) * pi / 180;
  double scale = number_of(node, "scale", 1);
  double sx = scale * number_of(node, "scaleX", 1);
  double sy = scale * number_of(node, "scaleY", 1);
  double cosine = cos(angle), sine = sin(angle);
  return (frame){cosine * sx,
                 sine * sx,
                 -sine * sy,
                 cosine * sy,
                 offset ? number_of(node, "x", 0) : 0,
                 offset ? number_of(node, "y", 0) : 0};
}

/* A number rounded to 1e-9, so that cos(90°) prints 0. */
static json_t *rounded(double value) {
  double r = round(value * 1e9) / 1e9;
  return json_real(r == 0 ? 0 : r);
}

/* The frame's parts (QR decomposition, as `<id>.world.*` reads a world
 * matrix): where (0, 0) lands, rotation in [-180, 180), scaleX ≥ 0 and
 * signed scaleY. */
static json_t *frame_json(frame m) {
  double scale_x = hypot(m.a, m.b);
  double angle = scale_x > 0 ? atan2(m.b, m.a) : atan2(-m.c, m.d);
  double degrees = fmod(angle * 180 / pi + 180, 360);
  degrees = (degrees < 0 ? degrees + 360 : degrees) - 180;
  double scale_y =
      scale_x > 0 ? (m.a * m.d - m.b * m.c) / scale_x : hypot(m.c, m.d);
  json_t *parts = json_object();
  json_object_set_new(parts, "x", rounded(m.e));
  json_object_set_new(parts, "y", rounded(m.f));
  json_object_set_new(parts, "rotate", rounded(degrees));
  json_object_set_new(parts, "scaleX", rounded(scale_x));
  json_object_set_new(parts, "scaleY", rounded(scale_y));
  return parts;
}

static bool is_bone(const json_t *node) {
  const char *type = json_string_value(json_object_get(node, "type"));
  return type && strcmp(type, "bone") == 0;
}

typedef struct walk {
  json_t *bones; /* the report's list */
  json_t *by_id; /* id -> document node, for the constraints */
} walk;

/* Adds the bones under `nodes` (a JSON array); `parent` is their parent
 * node (NULL at the top), `grid` the id of the nearest non-bone ancestor
 * (NULL: the document's grid) and `parent_frame` the parent bone's rest
 * frame in that grid. */
static void add_bones(walk *w, const json_t *nodes, const json_t *parent,
                      const char *grid, frame parent_frame) {
  for (size_t i = 0; i < json_array_size(nodes); i++) {
    const json_t *node = json_array_get(nodes, i);
    const char *id = json_string_value(json_object_get(node, "id"));
    if (id) {
      json_object_set(w->by_id, id, (json_t *)node);
    }
    const char *child_grid = grid;
    frame child_frame = {1, 0, 0, 1, 0, 0};
    if (is_bone(node)) {
      bool chained = parent && is_bone(parent) &&
                     !json_is_true(json_object_get(node, "root"));
      frame rest = local_of(node, !chained);
      if (chained) {
        frame tip = {1, 0, 0, 1, number_of(parent, "length", 0), 0};
        rest = multiply(multiply(parent_frame, tip), rest);
      }
      double length = number_of(node, "length", 0);
      json_t *bone = json_object();
      json_object_set_new(bone, "id", json_string(id ? id : ""));
      const char *parent_id =
          parent ? json_string_value(json_object_get(parent, "id")) : NULL;
      json_object_set_new(bone, "parent",
                          parent_id ? json_string(parent_id) : json_null());
      json_object_set_new(bone, "start",
                          json_string(chained ? "chained"
                                      : parent && is_bone(parent)
                                          ? "nested root"
                                          : "root"));
      json_object_set_new(bone, "length", rounded(length));
      json_object_set_new(bone, "grid", grid ? json_string(grid) : json_null());
      json_object_set_new(bone, "rest", frame_json(rest));
      json_t *tip = json_array();
      json_array_append_new(tip, rounded(rest.a * length + rest.e));
      json_array_append_new(tip, rounded(rest.b * length + rest.f));
      json_object_set_new(bone, "tip", tip);
      json_array_append_new(w->bones, bone);
      child_frame = rest;
    } else {
      child_grid = id; /* a non-bone: its children live in its grid */
    }
    add_bones(w, json_object_get(node, "children"), node, child_grid,
              child_frame);
  }
}

static json_t *node_ids(const anima_model *model, size_t position,
                        bool writes) {
  json_t *ids = json_array();
  size_t count = anima_model_solver_nodes(model, position, writes, NULL, 0);
  long *nodes = count ? malloc(count * sizeof *nodes) : NULL;
  if (nodes) {
    count = anima_model_solver_nodes(model, position, writes, nodes, count);
  }
  for (size_t i = 0; nodes && i < count; i++) {
    anima_node_info info;
    if (anima_model_node_info(model, (size_t)nodes[i], &info) == ANIMA_OK) {
      json_array_append_new(ids, json_string(info.id ? info.id : ""));
    }
  }
  free(nodes);
  return ids;
}

static json_t *constraints_report(const anima_model *model,
                                  const json_t *by_id) {
  json_t *list = json_array();
  for (size_t i = 0; i < anima_model_solver_count(model); i++) {
    anima_solver_info solver;
    anima_node_info host;
    if (anima_model_solver_info(model, i, &solver) != ANIMA_OK ||
        anima_model_node_info(model, solver.host, &host) != ANIMA_OK) {
      continue;
    }
    const json_t *item = json_array_get(
        json_object_get(json_object_get(by_id, host.id ? host.id : ""),
                        solver.list),
        solver.index);
    json_t *entry = json_object();
    json_object_set_new(entry, "node", json_string(host.id ? host.id : ""));
    json_object_set_new(entry, "list", json_string(solver.list));
    json_object_set_new(entry, "index", json_integer((json_int_t)solver.index));
    json_object_set_new(entry, "kind", json_string(solver.kind));
    json_object_set_new(entry, "feature", json_string(solver.feature));
    json_object_set_new(entry, "targets", node_ids(model, i, false));
    json_object_set_new(entry, "writes", node_ids(model, i, true));
    json_object_set_new(entry, "strength",
                        rounded(number_of(item, "strength", 1)));
    json_array_append_new(list, entry);
  }
  return list;
}

void inspect_add_rig(json_t *report, const anima_model *model, const char *json,
                     size_t length) {
  json_t *document = json_loadb(json, length, 0, NULL);
  walk w = {.bones = json_array(), .by_id = json_object()};
  add_bones(&w, json_object_get(document, "nodes"), NULL, NULL,
            (frame){1, 0, 0, 1, 0, 0});
  if (json_array_size(w.bones) > 0 || anima_model_solver_count(model) > 0) {
    json_t *rig = json_object();
    json_object_set_new(rig, "bones", w.bones);
    json_object_set_new(rig, "solveOrder", constraints_report(model, w.by_id));
    json_object_set_new(report, "rig", rig);
  } else {
    json_decref(w.bones);
  }
  json_decref(w.by_id);
  json_decref(document);
}
