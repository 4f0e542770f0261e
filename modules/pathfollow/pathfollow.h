/*
 * pathfollow.h — internals of the pathfollow module (SPEC `## pathfollow`):
 * which node types are measurable, and a point and tangent at a fraction of
 * an outline's length (outline_walk.c).
 */
#ifndef ANIMA_MODULE_PATHFOLLOW_H
#define ANIMA_MODULE_PATHFOLLOW_H

#include <stdbool.h>

#include <anima/path.h>

#define PATHFOLLOW_PI 3.14159265358979323846

/* True for the node types an outline can be followed on: path, contour,
 * circle, rect and arc. */
bool pathfollow_measurable(const char *type);

/* Where a fraction of an outline lands, in the outline's own space. */
typedef struct pathfollow_sample {
  anima_point point;
  anima_point tangent; /* the direction of travel there (not normalized);
                          (1, 0) on an outline of no length */
  double length;       /* the outline's length */
  bool closed;         /* every contour of the outline is closed */
} pathfollow_sample;

/*
 * The point `fraction` of the way along `outline` (every contour, closing
 * edges included), measured as the paint chapter's "Shared outline
 * lengths" measure it: lines exactly, cubics split at t = 0.5 until the
 * control polygon exceeds the chord by at most 0.0001 (or depth 20), each
 * accepted piece counting (polygon + chord) / 2. The fraction wraps modulo
 * 1 on a closed outline and clamps to 0..1 on an open one. Inside an
 * accepted cubic piece the point is the piece's own Bézier at the length's
 * share of the piece. Allocates nothing.
 */
void pathfollow_at(const anima_path *outline, double fraction,
                   pathfollow_sample *out);

#endif
