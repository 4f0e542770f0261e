/*
 * skin_frames.c — matrices and document-rest frames for the skin module
 * (SPEC `## rig` "Bone frames and rigid art"; `## skin` "Binding uses the
 * bones' document rest frames").
 *
 * At rest every moving factor of the rig cancels: a non-bone child of a
 * bone and a nested root bone sit in the grid of their nearest non-bone
 * ancestor, and a chained bone starts at its parent's tip,
 * Fr(parent)·T(parent length, 0)·R·S.
 */
#include <math.h>
#include <string.h>

#include "../module_json.h"
#include "skin.h"

#define PI 3.14159265358979323846

anima_matrix skin_multiply(anima_matrix l, anima_matrix r) {
  return (anima_matrix){
      l.a * r.a + l.c * r.b,       l.b * r.a + l.d * r.b,
      l.a * r.c + l.c * r.d,       l.b * r.c + l.d * r.d,
      l.a * r.e + l.c * r.f + l.e, l.b * r.e + l.d * r.f + l.f};
}

anima_point skin_apply(anima_matrix m, anima_point p) {
  return (anima_point){m.a * p.x + m.c * p.y + m.e,
                       m.b * p.x + m.d * p.y + m.f};
}

bool skin_invert(anima_matrix m, anima_matrix *out) {
  double det = m.a * m.d - m.b * m.c;
  if (det == 0 || !isfinite(det)) {
    return false;
  }
  double a = m.d / det, b = -m.b / det, c = -m.c / det, d = m.a / det;
  *out = (anima_matrix){a, b, c, d, -(a * m.e + c * m.f), -(b * m.e + d * m.f)};
  return true;
}

double skin_json_number(const anima_json *object, const char *key,
                        double fallback) {
  return module_json_number(skin_host, object, key, fallback);
}

bool skin_is_bone(anima_compile *c, long node) {
  const char *type =
      node >= 0 ? skin_host->compile_node_type(c, (size_t)node) : NULL;
  return type && strcmp(type, "bone") == 0;
}

/* T(x, y)·T(pivot)·R·S·T(−pivot) of a node's authored values (SPEC §4). */
static anima_matrix authored_local(const anima_json *json, bool bone,
                                   bool chained, double parent_length) {
  double scale = skin_json_number(json, "scale", 1);
  double sx = scale * skin_json_number(json, "scaleX", 1);
  double sy = scale * skin_json_number(json, "scaleY", 1);
  double turn = skin_json_number(json, "rotate", 0) * PI / 180;
  double cs = cos(turn), sn = sin(turn);
  anima_matrix m = {cs * sx, sn * sx, -sn * sy, cs * sy, 0, 0};
  anima_point pivot =
      bone ? (anima_point){0, 0} : module_json_point(skin_host, json, "pivot");
  double x = chained ? parent_length : skin_json_number(json, "x", 0);
  double y = chained ? 0 : skin_json_number(json, "y", 0);
  m.e = x + pivot.x - (m.a * pivot.x + m.c * pivot.y);
  m.f = y + pivot.y - (m.b * pivot.x + m.d * pivot.y);
  return m;
}

anima_matrix skin_rest_world(anima_compile *c, size_t node) {
  const anima_json *json = skin_host->compile_node_json(c, node);
  long parent = skin_host->compile_node_parent(c, node);
  bool bone = skin_is_bone(c, (long)node);
  bool chained = bone && skin_is_bone(c, parent);
  const anima_json *root = skin_host->json_member(json, "root");
  if (chained && root && skin_host->json_type(root) == ANIMA_JSON_BOOL &&
      skin_host->json_bool(root)) {
    chained = false;
  }
  if (chained) {
    double length = skin_json_number(
        skin_host->compile_node_json(c, (size_t)parent), "length", 0);
    return skin_multiply(skin_rest_world(c, (size_t)parent),
                         authored_local(json, true, true, length));
  }
  /* The grid of the nearest non-bone ancestor. */
  long grid = parent;
  while (grid >= 0 && skin_is_bone(c, grid)) {
    grid = skin_host->compile_node_parent(c, (size_t)grid);
  }
  anima_matrix local = authored_local(json, bone, false, 0);
  return grid >= 0 ? skin_multiply(skin_rest_world(c, (size_t)grid), local)
                   : local;
}
