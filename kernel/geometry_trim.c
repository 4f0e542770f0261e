/*
 * geometry_trim.c — stroke trims (SPEC §4 trimStart/trimEnd/trimOffset;
 * paint chapter "Dashes" and "Shared outline lengths"): the visible range
 * as lengths and SVG dashes, and the trimmed outline for raster backends.
 */
#include "path_internal.h"

#include <math.h>

static double clamp_unit(double value) {
  return value < 0.0 ? 0.0 : value > 1.0 ? 1.0 : value;
}

anima_status anima_trim_resolve(double length, double trim_start,
                                double trim_end, double trim_offset,
                                anima_trim *out) {
  if (out == NULL || !isfinite(length) || length < 0.0 ||
      !isfinite(trim_start) || !isfinite(trim_end) || !isfinite(trim_offset)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  *out = (anima_trim){0};
  double start = clamp_unit(trim_start);
  double span = clamp_unit(trim_end) - start;
  if (span <= 0.0) {
    return ANIMA_OK;
  }
  out->visible = true;
  if (span >= 1.0) {
    out->full = true;
    return ANIMA_OK;
  }
  if (length <= 0.0) {
    /* A part of nothing: no dash pattern can draw it (SVG would treat an
     * all-zero dasharray as solid), and the raster range is empty. */
    out->visible = false;
    return ANIMA_OK;
  }
  double shifted = start + trim_offset;
  double begin = shifted - floor(shifted); /* in [0, 1) */
  if (begin >= 1.0) {
    begin = 0.0;
  }
  double visible = span * length;
  double from = begin * length;
  if (begin + span <= 1.0) {
    out->piece_count = 1;
    out->from[0] = from;
    out->to[0] = fmin((begin + span) * length, length);
    /* One dash of the visible length, then a gap past the end; the offset
     * moves the dash's start to `from`. */
    out->dash_count = 2;
    out->dash[0] = visible;
    out->dash[1] = length;
    out->dash_offset = from > 0.0 ? visible + length - from : 0.0;
    return ANIMA_OK;
  }
  double wrapped = (begin + span - 1.0) * length;
  out->piece_count = 2;
  out->from[0] = from;
  out->to[0] = length;
  out->from[1] = 0.0;
  out->to[1] = wrapped;
  /* From the start: dash to `wrapped`, gap to `from`, dash to the end, then
   * a gap past it. */
  out->dash_count = 4;
  out->dash[0] = wrapped;
  out->dash[1] = from - wrapped;
  out->dash[2] = length - from;
  out->dash[3] = length;
  out->dash_offset = 0.0;
  return ANIMA_OK;
}

/* Point on a line edge at `length` along it. */
static anima_point along_line(const anima_edge *edge, double length,
                              double total) {
  if (total <= 0.0 || length <= 0.0) {
    return edge->points[0];
  }
  if (length >= total) {
    return edge->points[1];
  }
  double t = length / total;
  anima_point point = {
      edge->points[0].x + (edge->points[1].x - edge->points[0].x) * t,
      edge->points[0].y + (edge->points[1].y - edge->points[0].y) * t};
  return point;
}

/*
 * Finds the parameter of a cubic at `*remaining` length along it by walking
 * the same accepted pieces the length rule measures. Within an accepted
 * (nearly straight) piece, the parameter is found by bisection on the
 * projection onto its chord, so straight cubics with bunched controls are
 * measured by distance, not by parameter.
 */
static bool locate(const anima_point curve[4], int depth, double t0, double t1,
                   double *remaining, double *t) {
  double chord = anima_point_distance(curve[0], curve[3]);
  double polygon = anima_point_distance(curve[0], curve[1]) +
                   anima_point_distance(curve[1], curve[2]) +
                   anima_point_distance(curve[2], curve[3]);
  if (polygon - chord <= 0.0001 || depth >= 20) {
    double piece = (polygon + chord) / 2.0;
    if (*remaining > piece) {
      *remaining -= piece;
      return false;
    }
    double fraction = piece > 0.0 ? *remaining / piece : 0.0;
    double u = fraction;
    if (chord > 0.0) {
      double dx = (curve[3].x - curve[0].x) / chord;
      double dy = (curve[3].y - curve[0].y) / chord;
      double target = fraction * chord;
      double low = 0.0;
      double high = 1.0;
      for (int step = 0; step < 48; step++) {
        double middle = (low + high) / 2.0;
        anima_point left[4], right[4];
        anima_cubic_split(curve, middle, left, right);
        double projection =
            (left[3].x - curve[0].x) * dx + (left[3].y - curve[0].y) * dy;
        if (projection < target) {
          low = middle;
        } else {
          high = middle;
        }
      }
      u = (low + high) / 2.0;
    }
    *t = t0 + (t1 - t0) * u;
    return true;
  }
  anima_point left[4], right[4];
  anima_cubic_split(curve, 0.5, left, right);
  double middle = (t0 + t1) / 2.0;
  return locate(left, depth + 1, t0, middle, remaining, t) ||
         locate(right, depth + 1, middle, t1, remaining, t);
}

static double cubic_parameter(const anima_point curve[4], double length) {
  double remaining = length;
  double t = 1.0;
  if (!locate(curve, 0, 0.0, 1.0, &remaining, &t)) {
    t = 1.0;
  }
  return t;
}

/* The part of a cubic edge between parameters ta < tb. */
static void cubic_part(const anima_point curve[4], double ta, double tb,
                       anima_point part[4]) {
  anima_point head[4], tail[4];
  if (tb >= 1.0) {
    for (int index = 0; index < 4; index++) {
      head[index] = curve[index];
    }
  } else {
    anima_cubic_split(curve, tb, head, tail);
  }
  if (ta <= 0.0 || tb <= 0.0) {
    for (int index = 0; index < 4; index++) {
      part[index] = head[index];
    }
    return;
  }
  anima_cubic_split(head, ta / tb, tail, part);
}

typedef struct range_writer {
  anima_path *out;
  bool connected; /* the output's last point is where the next piece starts */
  anima_status status;
} range_writer;

static void write_move(range_writer *writer, anima_point point) {
  if (writer->status == ANIMA_OK) {
    writer->status = anima_path_move_to(writer->out, point.x, point.y);
  }
}

static void write_piece(range_writer *writer, const anima_edge *edge,
                        double from, double to, double total) {
  if (writer->status != ANIMA_OK) {
    return;
  }
  if (!edge->is_cubic) {
    if (!writer->connected) {
      write_move(writer, along_line(edge, from, total));
    }
    anima_point end = along_line(edge, to, total);
    if (writer->status == ANIMA_OK) {
      writer->status = anima_path_line_to(writer->out, end.x, end.y);
    }
    return;
  }
  double ta = from <= 0.0 ? 0.0 : cubic_parameter(edge->points, from);
  double tb = to >= total ? 1.0 : cubic_parameter(edge->points, to);
  anima_point part[4];
  cubic_part(edge->points, ta, tb, part);
  if (!writer->connected) {
    write_move(writer, part[0]);
  }
  if (writer->status == ANIMA_OK) {
    writer->status =
        anima_path_cubic_to(writer->out, part[1].x, part[1].y, part[2].x,
                            part[2].y, part[3].x, part[3].y);
  }
}

/* Writes the part of `source` between lengths from < to. With `join`, the
 * first contour continues the output's last contour instead of moving. */
static void write_range(range_writer *writer, const anima_path *source,
                        double from, double to, bool join) {
  anima_edge_walker walker;
  anima_edge edge;
  double position = 0.0;
  bool first = true;
  anima_edge_walker_start(&walker, source);
  while (position < to && anima_edge_walker_next(&walker, &edge)) {
    if (edge.starts_contour && !(join && first)) {
      writer->connected = false;
    }
    first = false;
    double length = anima_edge_length(&edge);
    double low = fmax(from - position, 0.0);
    double high = fmin(to - position, length);
    if (high > low) {
      write_piece(writer, &edge, low, high, length);
      writer->connected = true;
    } else {
      writer->connected = writer->connected && length == 0.0;
    }
    position += length;
  }
}

static bool single_closed_contour(const anima_path *path) {
  size_t moves = 0;
  for (size_t index = 0; index < path->count; index++) {
    moves += path->segments[index].kind == ANIMA_SEGMENT_MOVE ? 1 : 0;
  }
  return moves == 1 && path->count > 1 &&
         path->segments[0].kind == ANIMA_SEGMENT_MOVE &&
         path->segments[path->count - 1].kind == ANIMA_SEGMENT_CLOSE;
}

anima_status anima_path_add_range(anima_path *out, const anima_path *source,
                                  double from, double to) {
  if (out == NULL || source == NULL || out == source || !isfinite(from) ||
      !isfinite(to)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  size_t count = out->count;
  range_writer writer = {.out = out, .connected = false, .status = ANIMA_OK};
  if (to > from) {
    write_range(&writer, source, from, to, false);
  }
  if (writer.status != ANIMA_OK) {
    out->count = count;
  }
  return writer.status;
}

anima_status anima_path_add_trimmed(anima_path *out, const anima_path *source,
                                    double trim_start, double trim_end,
                                    double trim_offset) {
  if (out == NULL || source == NULL || out == source) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_trim trim;
  double length = anima_path_length(source);
  anima_status status =
      anima_trim_resolve(length, trim_start, trim_end, trim_offset, &trim);
  if (status != ANIMA_OK || !trim.visible) {
    return status;
  }
  if (trim.full) {
    return anima_path_append(out, source);
  }
  size_t count = out->count;
  range_writer writer = {.out = out, .connected = false, .status = ANIMA_OK};
  write_range(&writer, source, trim.from[0], trim.to[0], false);
  if (trim.piece_count == 2) {
    /* Through the start point of a closed contour: keep one contour. */
    bool join = single_closed_contour(source) && writer.connected;
    write_range(&writer, source, trim.from[1], trim.to[1], join);
  }
  if (writer.status != ANIMA_OK) {
    out->count = count;
  }
  return writer.status;
}
