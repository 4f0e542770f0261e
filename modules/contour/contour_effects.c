/*
 * contour_effects.c — stroke geometry operations of the contour chapter
 * ("Sequential and synchronized trim; ordered/shared effects"; contour.h):
 * outlines flattened by the chapter's cubic subdivision, then sliced by
 * Euclidean length.
 *
 *  - Flattening: a cubic is halved at the midpoint until its control
 *    polygon is at most 0.0001 longer than its chord (at most 20 halvings);
 *    each piece left is the line of its chord.
 *  - A trim keeps the span (start, end) of one length — the concatenation
 *    of all subpaths in order (sequential) or each subpath's own length
 *    (synchronized) — beginning at (start + offset) mod 1 and wrapping at
 *    one. A nonpositive span keeps nothing, a full span everything.
 *  - A dash walks each subpath from the start of its pattern, advanced by
 *    the offset, keeping the even entries.
 *
 * Operations read a contour_polyline and write to a contour_sink: another
 * polyline (compile time, growing up to its limit) or an anima_path of
 * fixed capacity (every frame: nothing is allocated).
 */
#include <math.h>
#include <stdlib.h>

#include "contour.h"

#define FLATNESS 0.0001
#define DEPTH_MAX 20

/* ---- polylines ---------------------------------------------------------- */

static bool grow(void **items, size_t *capacity, size_t needed, size_t size) {
  if (needed <= *capacity) {
    return true;
  }
  size_t next = *capacity ? 2 * *capacity : 64;
  while (next < needed) {
    next *= 2;
  }
  void *bigger = realloc(*items, next * size);
  if (!bigger) {
    return false;
  }
  *items = bigger;
  *capacity = next;
  return true;
}

void contour_polyline_free(contour_polyline *line) {
  free(line->points);
  free(line->firsts);
  free(line->closed);
  *line = (contour_polyline){.limit = line->limit};
}

size_t contour_polyline_bytes(size_t points) {
  size_t bytes = points * (sizeof(anima_point) + sizeof(size_t) + sizeof(bool));
  return (bytes + 15) / 16 * 16;
}

contour_polyline contour_polyline_on(void *memory, size_t points) {
  unsigned char *at = memory;
  /* points, then subpath firsts, then closed flags: a polyline has at most
   * as many subpaths as points, so none of them ever grows */
  return (contour_polyline){
      .points = (anima_point *)at,
      .capacity = points,
      .firsts = (size_t *)(at + points * sizeof(anima_point)),
      .subpath_capacity = points,
      .closed = (bool *)(at + points * (sizeof(anima_point) + sizeof(size_t))),
      .flag_capacity = points,
      .limit = points,
      .status = ANIMA_OK};
}

static void polyline_move(contour_polyline *line, anima_point point) {
  if (line->status != ANIMA_OK) {
    return;
  }
  if (line->count >= line->limit) {
    line->status = ANIMA_ERROR_UNSUPPORTED;
    return;
  }
  size_t subpaths = line->subpath_count + 1;
  size_t flags = line->flag_capacity;
  if (!grow((void **)&line->points, &line->capacity, line->count + 1,
            sizeof *line->points) ||
      !grow((void **)&line->firsts, &line->subpath_capacity, subpaths,
            sizeof *line->firsts) ||
      !grow((void **)&line->closed, &flags, subpaths, sizeof *line->closed)) {
    line->status = ANIMA_ERROR_NO_MEMORY;
    return;
  }
  line->flag_capacity = flags;
  line->firsts[line->subpath_count] = line->count;
  line->closed[line->subpath_count] = false;
  line->subpath_count = subpaths;
  line->points[line->count++] = point;
}

static void polyline_line(contour_polyline *line, anima_point point) {
  if (line->status != ANIMA_OK || line->subpath_count == 0) {
    return;
  }
  if (line->count >= line->limit) {
    line->status = ANIMA_ERROR_UNSUPPORTED;
    return;
  }
  if (!grow((void **)&line->points, &line->capacity, line->count + 1,
            sizeof *line->points)) {
    line->status = ANIMA_ERROR_NO_MEMORY;
    return;
  }
  line->points[line->count++] = point;
}

/* ---- sinks -------------------------------------------------------------- */

static void sink_move(contour_sink *sink, anima_point point) {
  if (sink->line) {
    polyline_move(sink->line, point);
  } else if (sink->status == ANIMA_OK) {
    sink->status = contour_host->path_move_to(sink->path, point.x, point.y);
  }
}

static void sink_line(contour_sink *sink, anima_point point) {
  if (sink->line) {
    polyline_line(sink->line, point);
  } else if (sink->status == ANIMA_OK) {
    sink->status = contour_host->path_line_to(sink->path, point.x, point.y);
  }
}

static void sink_close(contour_sink *sink) {
  if (sink->line) {
    if (sink->line->status == ANIMA_OK && sink->line->subpath_count > 0) {
      sink->line->closed[sink->line->subpath_count - 1] = true;
    }
  } else if (sink->status == ANIMA_OK) {
    sink->status = contour_host->path_close(sink->path);
  }
}

anima_status contour_sink_status(const contour_sink *sink) {
  return sink->line ? sink->line->status : sink->status;
}

/* ---- flattening --------------------------------------------------------- */

static double distance(anima_point a, anima_point b) {
  return hypot(b.x - a.x, b.y - a.y);
}

static anima_point middle(anima_point a, anima_point b) {
  return (anima_point){(a.x + b.x) / 2, (a.y + b.y) / 2};
}

static void flatten_cubic(contour_polyline *line, anima_point p0,
                          anima_point p1, anima_point p2, anima_point p3,
                          int depth) {
  if (line->status != ANIMA_OK) {
    return;
  }
  double polygon = distance(p0, p1) + distance(p1, p2) + distance(p2, p3);
  if (!isfinite(polygon) || depth >= DEPTH_MAX ||
      polygon - distance(p0, p3) <= FLATNESS) {
    polyline_line(line, p3);
    return;
  }
  anima_point a = middle(p0, p1), b = middle(p1, p2), c = middle(p2, p3);
  anima_point d = middle(a, b), e = middle(b, c), m = middle(d, e);
  flatten_cubic(line, p0, a, d, m, depth + 1);
  flatten_cubic(line, m, e, c, p3, depth + 1);
}

anima_status contour_flatten(const anima_path *path, contour_polyline *out) {
  anima_point start = {0, 0}, current = {0, 0};
  bool open = false;
  for (size_t i = 0; i < path->count && out->status == ANIMA_OK; i++) {
    const anima_segment *segment = &path->segments[i];
    switch (segment->kind) {
    case ANIMA_SEGMENT_MOVE:
      start = current = segment->points[0];
      polyline_move(out, current);
      open = true;
      break;
    case ANIMA_SEGMENT_LINE:
      if (!open) {
        polyline_move(out, current);
        open = true;
      }
      current = segment->points[0];
      polyline_line(out, current);
      break;
    case ANIMA_SEGMENT_CUBIC:
      if (!open) {
        polyline_move(out, current);
        open = true;
      }
      flatten_cubic(out, current, segment->points[0], segment->points[1],
                    segment->points[2], 0);
      current = segment->points[2];
      break;
    case ANIMA_SEGMENT_CLOSE:
      if (open && out->subpath_count > 0) {
        out->closed[out->subpath_count - 1] = true;
      }
      current = start;
      open = false;
      break;
    default:
      break;
    }
  }
  return out->status;
}

/* ---- measuring and slicing ---------------------------------------------- */

/* Subpath `index`: its first point and point count. */
static size_t subpath_span(const contour_polyline *line, size_t index,
                           size_t *count) {
  size_t first = line->firsts[index];
  size_t end =
      index + 1 < line->subpath_count ? line->firsts[index + 1] : line->count;
  *count = end - first;
  return first;
}

double contour_subpath_length(const contour_polyline *line, size_t index) {
  size_t count;
  size_t first = subpath_span(line, index, &count);
  double length = 0;
  for (size_t i = 1; i < count; i++) {
    length += distance(line->points[first + i - 1], line->points[first + i]);
  }
  if (line->closed[index] && count > 1) {
    length += distance(line->points[first + count - 1], line->points[first]);
  }
  return length;
}

static anima_point along(anima_point a, anima_point b, double at,
                         double length) {
  if (length <= 0 || at <= 0) {
    return a;
  }
  if (at >= length) {
    return b;
  }
  double t = at / length;
  return (anima_point){a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
}

/*
 * Writes the part of subpath `index` between lengths from < to along it
 * (closing line included): a move to the point at `from` — or, with
 * `join`, nothing: the sink's last piece ended there — then lines through
 * every point inside the range to the point at `to`.
 */
static void emit_range(contour_sink *sink, const contour_polyline *line,
                       size_t index, double from, double to, bool join) {
  size_t count;
  size_t first = subpath_span(line, index, &count);
  size_t edges = count - 1 + (line->closed[index] && count > 1 ? 1 : 0);
  double position = 0;
  bool started = false;
  for (size_t e = 0; e < edges; e++) {
    anima_point a = line->points[first + e];
    anima_point b = line->points[first + (e + 1) % count];
    double length = distance(a, b);
    double end = position + length;
    if (!started && (from > end || (from == end && e + 1 < edges))) {
      position = end;
      continue;
    }
    if (!started) {
      if (!join) { /* a joined piece starts where the last one ended */
        sink_move(sink, along(a, b, from - position, length));
      }
      started = true;
    }
    if (end < to) {
      sink_line(sink, b);
    } else {
      sink_line(sink, along(a, b, to - position, length));
      return;
    }
    position = end;
  }
}

/* Subpath `s` whole, closed when it is. */
static void copy_subpath(contour_sink *sink, const contour_polyline *line,
                         size_t s) {
  size_t count;
  size_t first = subpath_span(line, s, &count);
  sink_move(sink, line->points[first]);
  for (size_t i = 1; i < count; i++) {
    sink_line(sink, line->points[first + i]);
  }
  if (line->closed[s]) {
    sink_close(sink);
  }
}

static void copy_all(contour_sink *sink, const contour_polyline *line) {
  for (size_t s = 0; s < line->subpath_count; s++) {
    copy_subpath(sink, line, s);
  }
}

static double clamp_unit(double value) {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}

contour_span contour_trim_span(double start, double end, double offset) {
  contour_span span = {0};
  double from = clamp_unit(start);
  double width = clamp_unit(end) - from;
  if (!(width > 0)) {
    return span; /* nothing */
  }
  span.visible = true;
  if (width >= 1) {
    span.full = true;
    return span;
  }
  double shifted = from + (isfinite(offset) ? offset : 0);
  double begin = shifted - floor(shifted);
  if (begin >= 1) {
    begin = 0;
  }
  span.from[0] = begin;
  span.to[0] = fmin(begin + width, 1);
  span.count = 1;
  if (begin + width > 1) {
    span.from[1] = 0;
    span.to[1] = begin + width - 1;
    span.count = 2;
  }
  return span;
}

void contour_trim(contour_sink *sink, const contour_polyline *line,
                  contour_span span, bool synchronized) {
  if (!span.visible) {
    return;
  }
  if (span.full) {
    copy_all(sink, line);
    return;
  }
  if (synchronized) {
    for (size_t s = 0; s < line->subpath_count; s++) {
      double length = contour_subpath_length(line, s);
      if (!(length > 0)) {
        continue;
      }
      emit_range(sink, line, s, span.from[0] * length, span.to[0] * length,
                 false);
      if (span.count == 2) {
        /* Through the start of a closed subpath: one piece. */
        emit_range(sink, line, s, span.from[1] * length, span.to[1] * length,
                   line->closed[s] && span.to[0] >= 1);
      }
    }
    return;
  }
  double total = 0;
  for (size_t s = 0; s < line->subpath_count; s++) {
    total += contour_subpath_length(line, s);
  }
  if (!(total > 0)) {
    return;
  }
  bool single_closed = line->subpath_count == 1 && line->closed[0];
  for (size_t r = 0; r < span.count; r++) {
    double from = span.from[r] * total, to = span.to[r] * total;
    double position = 0;
    for (size_t s = 0; s < line->subpath_count; s++) {
      double length = contour_subpath_length(line, s);
      double low = fmax(from, position), high = fmin(to, position + length);
      if (line->closed[s] && !single_closed && length > 0 && low <= position &&
          high >= position + length) {
        copy_subpath(sink, line, s); /* a closed subpath kept whole */
      } else if (high > low) {
        emit_range(sink, line, s, low - position, high - position,
                   r == 1 && single_closed && span.to[0] >= 1);
      }
      position += length;
    }
  }
}

void contour_dash(contour_sink *sink, const contour_polyline *line,
                  const double *pattern, size_t count, double offset) {
  double period = 0;
  for (size_t i = 0; i < count; i++) {
    period += pattern[i];
  }
  if (!(period > 0) || !isfinite(period)) {
    return; /* refused by the check: at least one positive entry */
  }
  /* Pattern entries walked, drawn or not: bounded like the points written,
   * so a pattern of tiny gaps and empty dashes cannot run for long. */
  size_t steps = 0;
  for (size_t s = 0; s < line->subpath_count; s++) {
    double length = contour_subpath_length(line, s);
    /* Dashes restart at each subpath, advanced by the offset. */
    double phase = fmod(isfinite(offset) ? offset : 0, period);
    if (phase < 0) {
      phase += period;
    }
    size_t entry = 0;
    for (size_t guard = 0; guard < count && phase >= pattern[entry]; guard++) {
      phase -= pattern[entry];
      entry = (entry + 1) % count;
    }
    double remaining = pattern[entry] - phase;
    double position = 0;
    size_t stalled = 0; /* entries in a row that did not advance */
    while (position < length && contour_sink_status(sink) == ANIMA_OK &&
           stalled <= count) {
      double end = fmin(position + remaining, length);
      if (entry % 2 == 0 && end > position) {
        emit_range(sink, line, s, position, end, false);
      }
      stalled = end > position ? 0 : stalled + 1;
      if (++steps > CONTOUR_DASH_STEPS_MAX) {
        if (sink->line) {
          sink->line->status = ANIMA_ERROR_UNSUPPORTED;
        } else {
          sink->status = ANIMA_ERROR_UNSUPPORTED;
        }
        return;
      }
      position = end;
      entry = (entry + 1) % count;
      remaining = pattern[entry];
    }
  }
}

size_t contour_trim_capacity(const contour_polyline *line) {
  /* Each of at most two ranges meets a subpath once: a move and at most
   * one line per edge (the closing one included). */
  size_t edges = 0;
  for (size_t s = 0; s < line->subpath_count; s++) {
    size_t count;
    subpath_span(line, s, &count);
    edges += count + 1;
  }
  return 2 * (edges + 1);
}
