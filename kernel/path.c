/*
 * path.c — path storage, the building API and subpath selection
 * (include/anima/path.h; SPEC §3).
 */
#include "path_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void anima_path_init(anima_path *path) {
  if (path == NULL) {
    return;
  }
  path->segments = NULL;
  path->count = 0;
  path->capacity = 0;
  path->growable = true;
}

void anima_path_init_storage(anima_path *path, anima_segment *storage,
                             size_t capacity) {
  if (path == NULL) {
    return;
  }
  path->segments = storage;
  path->count = 0;
  path->capacity = storage == NULL ? 0 : capacity;
  path->growable = false;
}

void anima_path_release(anima_path *path) {
  if (path == NULL) {
    return;
  }
  if (path->growable) {
    free(path->segments);
    path->segments = NULL;
    path->capacity = 0;
  }
  path->count = 0;
}

void anima_path_clear(anima_path *path) {
  if (path != NULL) {
    path->count = 0;
  }
}

anima_status anima_path_reserve(anima_path *path, size_t capacity) {
  if (path == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (capacity <= path->capacity) {
    return ANIMA_OK;
  }
  if (!path->growable || capacity > SIZE_MAX / sizeof(anima_segment)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t grown = path->capacity < 8 ? 8 : path->capacity;
  while (grown < capacity) {
    grown = grown > SIZE_MAX / 2 ? capacity : grown * 2;
  }
  if (grown > SIZE_MAX / sizeof(anima_segment)) {
    grown = capacity;
  }
  anima_segment *segments =
      realloc(path->segments, grown * sizeof(anima_segment));
  if (segments == NULL) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  path->segments = segments;
  path->capacity = grown;
  return ANIMA_OK;
}

/* Appends one segment, growing owned storage when needed. */
static anima_status push(anima_path *path, anima_segment segment) {
  if (path->count == SIZE_MAX) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_status status = anima_path_reserve(path, path->count + 1);
  if (status != ANIMA_OK) {
    return status;
  }
  path->segments[path->count++] = segment;
  return ANIMA_OK;
}

/* Index of the move that starts the contour the path currently ends in, or
 * SIZE_MAX when the path has no move. */
static size_t last_move(const anima_path *path) {
  for (size_t index = path->count; index > 0; index--) {
    if (path->segments[index - 1].kind == ANIMA_SEGMENT_MOVE) {
      return index - 1;
    }
  }
  return SIZE_MAX;
}

/* Checks that drawing may continue and, after a close, appends the move
 * that restarts at the contour's start. */
static anima_status prepare_drawing(anima_path *path) {
  size_t move = last_move(path);
  if (move == SIZE_MAX) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (path->segments[path->count - 1].kind != ANIMA_SEGMENT_CLOSE) {
    return ANIMA_OK;
  }
  anima_segment restart = {.kind = ANIMA_SEGMENT_MOVE,
                           .continues_subpath = true,
                           .points = {path->segments[move].points[0]}};
  return push(path, restart);
}

anima_status anima_path_move_to(anima_path *path, double x, double y) {
  if (path == NULL || !isfinite(x) || !isfinite(y)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_segment segment = {.kind = ANIMA_SEGMENT_MOVE, .points = {{x, y}}};
  return push(path, segment);
}

anima_status anima_path_line_to(anima_path *path, double x, double y) {
  if (path == NULL || !isfinite(x) || !isfinite(y)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  size_t count = path->count;
  anima_status status = prepare_drawing(path);
  if (status == ANIMA_OK) {
    anima_segment segment = {.kind = ANIMA_SEGMENT_LINE, .points = {{x, y}}};
    status = push(path, segment);
  }
  if (status != ANIMA_OK) {
    path->count = count;
  }
  return status;
}

anima_status anima_path_cubic_to(anima_path *path, double control1_x,
                                 double control1_y, double control2_x,
                                 double control2_y, double x, double y) {
  if (path == NULL || !isfinite(control1_x) || !isfinite(control1_y) ||
      !isfinite(control2_x) || !isfinite(control2_y) || !isfinite(x) ||
      !isfinite(y)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  size_t count = path->count;
  anima_status status = prepare_drawing(path);
  if (status == ANIMA_OK) {
    anima_segment segment = {
        .kind = ANIMA_SEGMENT_CUBIC,
        .points = {{control1_x, control1_y}, {control2_x, control2_y}, {x, y}}};
    status = push(path, segment);
  }
  if (status != ANIMA_OK) {
    path->count = count;
  }
  return status;
}

anima_status anima_path_close(anima_path *path) {
  if (path == NULL || last_move(path) == SIZE_MAX) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (path->segments[path->count - 1].kind == ANIMA_SEGMENT_CLOSE) {
    return ANIMA_OK;
  }
  anima_segment segment = {.kind = ANIMA_SEGMENT_CLOSE};
  return push(path, segment);
}

anima_status anima_path_append(anima_path *path, const anima_path *source) {
  if (path == NULL || source == NULL || path == source) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (source->count > SIZE_MAX - path->count) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_status status = anima_path_reserve(path, path->count + source->count);
  if (status != ANIMA_OK) {
    return status;
  }
  if (source->count > 0) {
    memcpy(path->segments + path->count, source->segments,
           source->count * sizeof(anima_segment));
  }
  path->count += source->count;
  return ANIMA_OK;
}

static bool starts_subpath(const anima_segment *segment) {
  return segment->kind == ANIMA_SEGMENT_MOVE && !segment->continues_subpath;
}

size_t anima_path_subpath_count(const anima_path *path) {
  if (path == NULL) {
    return 0;
  }
  size_t count = 0;
  for (size_t index = 0; index < path->count; index++) {
    if (starts_subpath(&path->segments[index])) {
      count++;
    }
  }
  return count;
}

void anima_path_error_set(anima_path_error *error, size_t offset,
                          const char *format, ...) {
  if (error == NULL) {
    return;
  }
  error->offset = offset;
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(error->message, sizeof error->message, format, arguments);
  va_end(arguments);
}

/* True when `indices` lists `subpath`. */
static bool is_selected(const size_t *indices, size_t count, size_t subpath) {
  for (size_t index = 0; index < count; index++) {
    if (indices[index] == subpath) {
      return true;
    }
  }
  return false;
}

anima_status anima_path_select_subpaths(anima_path *out,
                                        const anima_path *source,
                                        const size_t *indices, size_t count,
                                        anima_path_error *error) {
  if (out == NULL || source == NULL || out == source ||
      (indices == NULL && count > 0)) {
    anima_path_error_set(error, 0, "invalid arguments to subpath selection");
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  size_t available = anima_path_subpath_count(source);
  for (size_t index = 0; index < count; index++) {
    if (indices[index] >= available) {
      anima_path_error_set(
          error, index, "subpath %zu is out of range: the path has %zu %s",
          indices[index], available, available == 1 ? "subpath" : "subpaths");
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
    for (size_t earlier = 0; earlier < index; earlier++) {
      if (indices[earlier] == indices[index]) {
        anima_path_error_set(error, index, "subpath %zu is listed twice",
                             indices[index]);
        return ANIMA_ERROR_INVALID_ARGUMENT;
      }
    }
  }
  /* Count first so the output grows at most once. */
  size_t needed = 0;
  size_t subpath = SIZE_MAX;
  bool selected = false;
  for (size_t index = 0; index < source->count; index++) {
    if (starts_subpath(&source->segments[index])) {
      subpath++;
      selected = is_selected(indices, count, subpath);
    }
    needed += selected ? 1 : 0;
  }
  if (needed > SIZE_MAX - out->count) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_status status = anima_path_reserve(out, out->count + needed);
  if (status != ANIMA_OK) {
    return status;
  }
  subpath = SIZE_MAX;
  selected = false;
  for (size_t index = 0; index < source->count; index++) {
    if (starts_subpath(&source->segments[index])) {
      subpath++;
      selected = is_selected(indices, count, subpath);
    }
    if (selected) {
      out->segments[out->count++] = source->segments[index];
    }
  }
  return ANIMA_OK;
}
