/*
 * extent_internal.h — a kernel-private companion of extent.h for the
 * view-box lint (lint_view_box.c).
 */
#ifndef ANIMA_KERNEL_EXTENT_INTERNAL_H
#define ANIMA_KERNEL_EXTENT_INTERNAL_H

#include <anima/draw.h>

/**
 * The box in viewBox coordinates, [min x, min y, max x, max y], of the
 * area that SHAPE item `index`'s outline encloses under its world matrix,
 * whatever its paints, visibility and opacity: what a clip to that outline
 * lets through (composite "Geometry clips"). `*found` is false, `out` left
 * unchanged, when the outline is empty. Allocates once for the outline's
 * segments. Errors: ANIMA_ERROR_INVALID_ARGUMENT for NULL arguments, an
 * index out of range or an item that is not a SHAPE with an outline;
 * ANIMA_ERROR_NO_MEMORY.
 */
anima_status anima_draw_item_outline_box(const anima_draw_frame *frame,
                                         size_t index, double out[4],
                                         bool *found);

#endif
