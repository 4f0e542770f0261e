/*
 * rig.h — internals of the rig module (SPEC `## rig`; docs/modules/rig.md):
 * bone frames, the five constraint kinds, frames and parts. The public C
 * API for other modules' constraint kinds is include/anima/rig.h.
 */
#ifndef ANIMA_MODULE_RIG_H
#define ANIMA_MODULE_RIG_H

#include <stdbool.h>
#include <stddef.h>

#include <anima/module.h>

extern const anima_host *rig_host;

/* ---- matrices (frames.c) ------------------------------------------------ */

anima_matrix rig_identity(void);
/* T(x, y) · R(rotate) · S(sx, sy), rotate in degrees clockwise (y down). */
anima_matrix rig_trs(double x, double y, double rotate, double sx, double sy);
/* A node's authored local matrix from values, as the kernel makes it
 * (SPEC §4): T(x, y) · T(pivot) · R · S · T(−pivot). */
anima_matrix rig_local(double x, double y, anima_point pivot, double rotate,
                       double scale, double scale_x, double scale_y);
anima_matrix rig_multiply(anima_matrix left, anima_matrix right);
bool rig_invert(anima_matrix m, anima_matrix *out);
anima_point rig_apply(anima_matrix m, anima_point p);
/* Parts about `pivot` (host->matrix_decompose) and back. */
anima_transform_parts rig_parts(anima_matrix m, anima_point pivot);
anima_matrix rig_compose(const anima_transform_parts *parts, anima_point pivot);
/* Degrees into [-180, 180). */
double rig_normalize(double degrees);

/* ---- compile-time frames (frames.c) ------------------------------------- */

/* A number member of `json`, or `fallback`. */
double rig_json_number(const anima_json *json, const char *key,
                       double fallback);
bool rig_json_bool(const anima_json *json, const char *key, bool fallback);
/* The node's `pivot` (bones: always the start, (0, 0)). */
anima_point rig_node_pivot(anima_compile *c, size_t node);
bool rig_is_bone(anima_compile *c, long node);
/* A bone whose parent is a bone and that is not `root: true`. */
bool rig_is_chained(anima_compile *c, size_t node);
/* The bone's rest frame in the grid of its nearest non-bone ancestor
 * (rig chapter "Bone frames and rigid art"). */
anima_matrix rig_rest_frame(anima_compile *c, size_t bone);
/*
 * The fixed left factor of a node's published local matrix: Fr(parent)⁻¹
 * for a nested root and for a non-bone child of a bone (its rest grid),
 * identity otherwise (chained bones take T(parent length, 0) instead,
 * which moves). False when a rest frame is singular.
 */
bool rig_pre(anima_compile *c, size_t node, anima_matrix *pre);
/* The node's published local matrix at rest, and its world at rest. */
anima_matrix rig_rest_local(anima_compile *c, size_t node);
anima_matrix rig_rest_world(anima_compile *c, size_t node);

/* copyTransform `origin` [u, v] over `target`'s rest geometric bounds: the
 * point in the target's own space (origin.c). */
anima_status rig_origin_point(anima_compile *c, size_t target, anima_point uv,
                              anima_point *out);

/* ---- registration ------------------------------------------------------- */

anima_status rig_register_bones(anima_registrar *r);
anima_status rig_register_constraints(anima_registrar *r);
anima_status rig_register_checks(anima_registrar *r);

#endif /* ANIMA_MODULE_RIG_H */
