/*
 * frames.c — matrices, parts and the rest frames of bones (SPEC `## rig`,
 * "Bone frames and rigid art"; docs/modules/rig.md "How bones are posed").
 *
 * Every node's published world matrix is what the kernel's pose holds. For
 * a bone that is its physical start frame F(now); the rig stage makes each
 * bone's local matrix so (T(parent length, 0)·R·S for a chained bone), and
 * gives every non-bone child of a bone the left factor F(rest)⁻¹ of its
 * bone, so that rigid child geometry, authored in rest grid coordinates,
 * is drawn through F(now)·F(rest)⁻¹: identity at rest.
 */
#include <math.h>
#include <string.h>

#include "../module_json.h"
#include "rig.h"

anima_matrix rig_identity(void) {
  return (anima_matrix){1, 0, 0, 1, 0, 0};
}

/* cos and sin of `degrees`, exact at quarter turns. */
static void turn(double degrees, double *cosine, double *sine) {
  double quarter = degrees / 90;
  if (quarter == floor(quarter) && fabs(quarter) < 1e15) {
    static const double c[] = {1, 0, -1, 0}, s[] = {0, 1, 0, -1};
    long index = ((long)fmod(quarter, 4) + 4) % 4;
    *cosine = c[index];
    *sine = s[index];
    return;
  }
  double radians = degrees * (3.14159265358979323846 / 180);
  *cosine = cos(radians);
  *sine = sin(radians);
}

anima_matrix rig_trs(double x, double y, double rotate, double sx, double sy) {
  double cosine, sine;
  turn(rotate, &cosine, &sine);
  /* y down: positive angles turn +x towards +y (clockwise on screen). */
  return (anima_matrix){cosine * sx, sine * sx, -sine * sy, cosine * sy, x, y};
}

anima_matrix rig_local(double x, double y, anima_point pivot, double rotate,
                       double scale, double scale_x, double scale_y) {
  anima_matrix m = rig_trs(0, 0, rotate, scale * scale_x, scale * scale_y);
  m.e = x + pivot.x - (m.a * pivot.x + m.c * pivot.y);
  m.f = y + pivot.y - (m.b * pivot.x + m.d * pivot.y);
  return m;
}

anima_matrix rig_multiply(anima_matrix l, anima_matrix r) {
  return rig_host->matrix_multiply(l, r);
}

bool rig_invert(anima_matrix m, anima_matrix *out) {
  return rig_host->matrix_invert(m, out);
}

anima_point rig_apply(anima_matrix m, anima_point p) {
  return rig_host->matrix_transform_point(m, p);
}

anima_transform_parts rig_parts(anima_matrix m, anima_point pivot) {
  return rig_host->matrix_decompose(m, pivot);
}

anima_matrix rig_compose(const anima_transform_parts *parts,
                         anima_point pivot) {
  return rig_host->matrix_compose(parts, pivot);
}

double rig_normalize(double degrees) {
  double r = fmod(degrees + 180, 360);
  if (r < 0) {
    r += 360;
  }
  r -= 180;
  return r >= 180 ? -180 : r;
}

/* ---- compile time ------------------------------------------------------- */

double rig_json_number(const anima_json *json, const char *key,
                       double fallback) {
  return module_json_number(rig_host, json, key, fallback);
}

bool rig_json_bool(const anima_json *json, const char *key, bool fallback) {
  return module_json_bool(rig_host, json, key, fallback);
}

anima_point rig_node_pivot(anima_compile *c, size_t node) {
  return module_node_pivot(rig_host, c, node);
}

bool rig_is_bone(anima_compile *c, long node) {
  const char *type =
      node >= 0 ? rig_host->compile_node_type(c, (size_t)node) : NULL;
  return type && strcmp(type, "bone") == 0;
}

bool rig_is_chained(anima_compile *c, size_t node) {
  return rig_is_bone(c, (long)node) &&
         rig_is_bone(c, rig_host->compile_node_parent(c, node)) &&
         !rig_json_bool(rig_host->compile_node_json(c, node), "root", false);
}

/* R·S of a bone's rest values. */
static anima_matrix rest_turn(const anima_json *json) {
  double scale = rig_json_number(json, "scale", 1);
  return rig_trs(0, 0, rig_json_number(json, "rotate", 0),
                 scale * rig_json_number(json, "scaleX", 1),
                 scale * rig_json_number(json, "scaleY", 1));
}

anima_matrix rig_rest_frame(anima_compile *c, size_t bone) {
  const anima_json *json = rig_host->compile_node_json(c, bone);
  anima_matrix turned = rest_turn(json);
  if (rig_is_chained(c, bone)) {
    size_t parent = (size_t)rig_host->compile_node_parent(c, bone);
    double length =
        rig_json_number(rig_host->compile_node_json(c, parent), "length", 0);
    return rig_multiply(
        rig_multiply(rig_rest_frame(c, parent), rig_trs(length, 0, 0, 1, 1)),
        turned);
  }
  /* A root (or a nested root, whose parent's moving grid is identity at
   * rest): T(x, y)·R·S in its grid. */
  turned.e = rig_json_number(json, "x", 0);
  turned.f = rig_json_number(json, "y", 0);
  return turned;
}

bool rig_pre(anima_compile *c, size_t node, anima_matrix *pre) {
  *pre = rig_identity();
  long parent = rig_host->compile_node_parent(c, node);
  if (!rig_is_bone(c, parent) || rig_is_chained(c, node)) {
    return true;
  }
  return rig_invert(rig_rest_frame(c, (size_t)parent), pre);
}

anima_matrix rig_rest_local(anima_compile *c, size_t node) {
  const anima_json *json = rig_host->compile_node_json(c, node);
  anima_matrix local;
  if (rig_is_chained(c, node)) {
    size_t parent = (size_t)rig_host->compile_node_parent(c, node);
    double length =
        rig_json_number(rig_host->compile_node_json(c, parent), "length", 0);
    return rig_multiply(rig_trs(length, 0, 0, 1, 1), rest_turn(json));
  }
  local = rig_local(
      rig_json_number(json, "x", 0), rig_json_number(json, "y", 0),
      rig_node_pivot(c, node), rig_json_number(json, "rotate", 0),
      rig_json_number(json, "scale", 1), rig_json_number(json, "scaleX", 1),
      rig_json_number(json, "scaleY", 1));
  anima_matrix pre;
  if (rig_pre(c, node, &pre)) {
    local = rig_multiply(pre, local);
  }
  return local;
}

anima_matrix rig_rest_world(anima_compile *c, size_t node) {
  anima_matrix world = rig_rest_local(c, node);
  for (long parent = rig_host->compile_node_parent(c, node); parent >= 0;
       parent = rig_host->compile_node_parent(c, (size_t)parent)) {
    world = rig_multiply(rig_rest_local(c, (size_t)parent), world);
  }
  return world;
}
