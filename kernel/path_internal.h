/*
 * path_internal.h — helpers shared by the path and geometry sources
 * (kernel/path*.c, kernel/geometry*.c, kernel/hit_test.c). Not public.
 */
#ifndef ANIMA_PATH_INTERNAL_H
#define ANIMA_PATH_INTERNAL_H

#include <anima/path.h>

/** Cubic pieces an arc of at most 360° is converted into, at most. */
#define ANIMA_ARC_MAX_PIECES 4

/**
 * Converts `length` bytes the path scanner accepted as an SVG number
 * (sign, digits, point, exponent) to binary64, correctly rounded. Returns
 * NaN only when memory for a very long number cannot be allocated.
 */
double anima_path_number_convert(const char *text, size_t length);

/** Fills `error` (may be NULL) with an offset and a printf-style message. */
void anima_path_error_set(anima_path_error *error, size_t offset,
                          const char *format, ...) ANIMA_PRINTF(3, 4);

/**
 * The cubic pieces (kind ANIMA_SEGMENT_CUBIC) of an elliptical arc with
 * center (center_x, center_y), radii (radius_x, radius_y), the ellipse turned
 * by `rotation` radians, from parameter angle `start` through `sweep`
 * radians (either sign, |sweep| ≤ 2π). Pieces are equal and at most 90°
 * each; the last one ends exactly at `end` when `end` is not NULL. Returns
 * the number of pieces written to `pieces` (1..ANIMA_ARC_MAX_PIECES; 1 for
 * a zero sweep).
 */
size_t anima_arc_pieces(double center_x, double center_y, double radius_x,
                        double radius_y, double rotation, double start,
                        double sweep, const anima_point *end,
                        anima_segment pieces[ANIMA_ARC_MAX_PIECES]);

/**
 * SVG 1.1 F.6 endpoint arc from `from` to `to` with radii (radius_x,
 * radius_y), x-axis rotation in degrees and the two flags. Writes the
 * segments that replace it: none when the endpoints are equal, one line
 * when a radius is zero, else the cubic pieces. Returns the count.
 */
size_t anima_svg_arc_segments(anima_point from, double radius_x,
                              double radius_y, double rotation_degrees,
                              bool large_arc, bool sweep, anima_point to,
                              anima_segment pieces[ANIMA_ARC_MAX_PIECES]);

/** The sweep of an arc node, `to − from` degrees limited to 0..360. */
double anima_arc_sweep(double from, double to);

/**
 * Walks the drawn edges of a path in order: lines, cubics, and closing
 * edges as lines. Used by lengths, trims and hit testing so they agree.
 */
typedef struct anima_edge {
  bool is_cubic;
  bool is_close;         /* a closing edge (drawn as a line) */
  bool starts_contour;   /* the first edge after a move */
  anima_point points[4]; /* start, then end (line) or controls and end */
} anima_edge;

typedef struct anima_edge_walker {
  const anima_path *path;
  size_t index;
  anima_point current;
  anima_point contour_start;
  bool after_move;
} anima_edge_walker;

void anima_edge_walker_start(anima_edge_walker *walker, const anima_path *path);
/** The next edge into `edge`; false at the end of the path. */
bool anima_edge_walker_next(anima_edge_walker *walker, anima_edge *edge);
/** Length of one edge by the shared outline-length rule. */
double anima_edge_length(const anima_edge *edge);

/** Splits the cubic `curve` (4 points) at `t` into `left` and `right`. */
void anima_cubic_split(const anima_point curve[4], double t,
                       anima_point left[4], anima_point right[4]);

/** Euclidean distance between two points. */
double anima_point_distance(anima_point a, anima_point b);

#endif /* ANIMA_PATH_INTERNAL_H */
