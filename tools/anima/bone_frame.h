/*
 * bone_frame.h — lowers an OpenBone draw list (spec §8.4) into Anima's draw
 * frame (include/anima/draw.h) so the SVG and cairo backends render
 * skeletons (`anima bone render`, docs/openbone/CLI.md).
 *
 * Each draw item becomes GROUP_BEGIN (the slot's blend mode) · MESH ·
 * GROUP_END. Skeleton space is y up, the frame's is y down: y is negated.
 * The mesh is textured by the item's image (a PNG decoded with libpng) or,
 * without one, by one white pixel; the item colour multiplies the texture
 * (RGB into a per-item copy of the pixels, alpha as the item's opacity).
 * The dark colour (two-colour tint) is not drawn.
 *
 * Memory: bone_frame_create allocates everything (textures, the tables of
 * the largest draw list, one tint buffer per item); bone_frame_build fills
 * the frame from the instance's current draw list and allocates nothing.
 */
#ifndef ANIMA_CLI_BONE_FRAME_H
#define ANIMA_CLI_BONE_FRAME_H

#include <stdio.h>

#include "anima/draw.h"
#include "anima/openbone.h"

typedef struct bone_frame bone_frame;

/**
 * Creates the lowering for `instance`. `document` is the .obone JSON text
 * (its `images` give each image id a `src`, a PNG path relative to
 * `directory`); images that cannot be read are reported on `errors` and
 * drawn white. Returns NULL when memory runs out.
 */
bone_frame *bone_frame_create(const anima_bone_instance *instance,
                              const char *document, size_t length,
                              const char *directory, FILE *errors);

void bone_frame_destroy(bone_frame *frame);

/**
 * Fills the draw frame from `instance`'s current draw list, with
 * `view_box` {x, y, width, height} in frame units (y down). The frame
 * stays valid until the next build or destroy.
 */
const anima_draw_frame *bone_frame_build(bone_frame *frame,
                                         anima_bone_instance *instance,
                                         const double view_box[4]);

/**
 * Grows `box` {minX, minY, maxX, maxY} (frame units, y down) by the
 * vertices of `instance`'s current draw list; returns false when it has no
 * vertex.
 */
bool bone_frame_extent(anima_bone_instance *instance, double box[4]);

#endif
