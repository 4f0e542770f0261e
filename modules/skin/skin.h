/*
 * skin.h — internals of the skin module (SPEC `## skin`;
 * docs/modules/skin.md): rest frames, influences and the deformation.
 */
#ifndef ANIMA_MODULE_SKIN_H
#define ANIMA_MODULE_SKIN_H

#include <stdbool.h>
#include <stddef.h>

#include <anima/module.h>

extern const anima_host *skin_host;

/* At most this many influences per map (rig-weight-count). */
#define SKIN_MAX_INFLUENCES 4
/* `<path>.skin.point.<k>.x|y` exist for k below this. */
#define SKIN_DERIVED_POINTS 32
/* The key of the identity influence. */
#define SKIN_REST "@rest"

/* One rest point's influences: weights of skin bones (indices into
 * skin_data.bones) plus the identity, summing to 1. */
typedef struct skin_influence {
  unsigned count;
  size_t bone[SKIN_MAX_INFLUENCES];
  double weight[SKIN_MAX_INFLUENCES];
  double rest; /* the @rest weight */
} skin_influence;

/* Per-model data of one skinned host: a path (its outline hook) or the
 * geometry a contour offered (the point deformer). */
typedef struct skin_data {
  size_t node;
  size_t segment_count;
  anima_segment *rest; /* a path: the parsed rest path, local; else NULL */
  /* The rest points, local: a path's segment points (segment · 3 + j),
   * or the points a contour offered, in its order. */
  size_t point_count;
  anima_point *points;
  skin_influence *influences; /* one per point */
  size_t anchor_count;
  size_t *anchor_points; /* each anchor's point index */
  size_t bone_count;
  size_t *bones;              /* node indices of skin.bones */
  anima_matrix *rest_inverse; /* Bi(rest)⁻¹ */
  anima_matrix rest_world;    /* W0 */
  anima_matrix rest_world_inverse;
  bool invertible; /* W0 is invertible */
} skin_data;

/* ---- frames (skin_frames.c) --------------------------------------------- */

anima_matrix skin_multiply(anima_matrix left, anima_matrix right);
anima_point skin_apply(anima_matrix m, anima_point p);
bool skin_invert(anima_matrix m, anima_matrix *out);
bool skin_is_bone(anima_compile *c, long node);
/* The document-rest world frame of a node (a bone's start frame), by the
 * rig chapter's bone frames: a chained bone starts at its parent's tip,
 * everything else sits in the grid of its nearest non-bone ancestor. */
anima_matrix skin_rest_world(anima_compile *c, size_t node);
double skin_json_number(const anima_json *object, const char *key,
                        double fallback);

/* ---- weights (skin_weights.c) ------------------------------------------- */

/* Fills data->influences for every point from `skin` (the node's skin
 * object): explicit weights or the automatic rule. `offered` (NULL for a
 * path, whose points are walked from its segments) lists the anchor and
 * role of each of data->point_count points over `anchors` anchors. */
anima_status skin_compile_weights(anima_compile *c, const anima_json *skin,
                                  skin_data *data,
                                  const anima_deform_point *offered,
                                  size_t anchors);
/* The document checks of skins (rig-skin-host, rig-skin-morph,
 * rig-weight-bone, rig-weight-count, rig-weight-sum). */
void skin_check(anima_check *c, void *user);

/* ---- deformation (skin.c) ------------------------------------------------ */

/* Point `index` deformed into the world: Σ wᵢ·Dᵢ·W0·p. */
anima_point skin_world_point(const anima_view *view, const skin_data *data,
                             size_t index);

#endif
