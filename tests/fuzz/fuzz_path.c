/*
 * fuzz_path.c — libFuzzer harness for the path grammar and everything that
 * consumes parsed paths: subpath selection, lengths, trims and hit tests.
 *
 * Standalone build:
 *   clang -fsanitize=fuzzer,address,undefined -Iinclude tests/fuzz/fuzz_path.c
 * \ kernel/path*.c kernel/geometry*.c kernel/matrix.c kernel/hit_test.c -lm
 *
 * Invariants checked (a violation aborts, which the fuzzer reports):
 * a parsed path starts with a move, has only finite coordinates, and its
 * length is finite and not negative; a failed parse leaves the path empty
 * and reports an offset within the data.
 */
#include <anima/path.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static void check(bool condition) {
  if (!condition) {
    abort();
  }
}

static void check_path(const anima_path *path) {
  check(path->count <= path->capacity || !path->growable);
  for (size_t index = 0; index < path->count; index++) {
    const anima_segment *segment = &path->segments[index];
    for (int point = 0; point < 3; point++) {
      check(isfinite(segment->points[point].x) &&
            isfinite(segment->points[point].y));
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  anima_path path;
  anima_path_error error;
  anima_status status =
      anima_path_parse((const char *)data, size, &path, &error);
  if (status != ANIMA_OK) {
    check(status == ANIMA_ERROR_INVALID_DOCUMENT);
    check(path.count == 0 && path.segments == NULL);
    check(error.offset <= size);
    return 0;
  }
  check(path.count > 0 && path.segments[0].kind == ANIMA_SEGMENT_MOVE);
  check_path(&path);

  double length = anima_path_length(&path);
  check(isfinite(length) && length >= 0.0);

  /* Select every other subpath. */
  size_t subpaths = anima_path_subpath_count(&path);
  check(subpaths > 0);
  size_t indices[8];
  size_t chosen = 0;
  for (size_t index = 0; index < subpaths && chosen < 8; index += 2) {
    indices[chosen++] = index;
  }
  anima_path selected;
  anima_path_init(&selected);
  check(anima_path_select_subpaths(&selected, &path, indices, chosen, NULL) ==
        ANIMA_OK);
  check_path(&selected);

  /* Trims taken from the first bytes, wrapped and plain. */
  double start = size > 0 ? data[0] / 255.0 : 0.0;
  double end = size > 1 ? data[1] / 255.0 : 1.0;
  double offset = size > 2 ? data[2] / 64.0 - 2.0 : 0.0;
  anima_path trimmed;
  anima_path_init(&trimmed);
  status = anima_path_add_trimmed(&trimmed, &path, start, end, offset);
  check(status == ANIMA_OK);
  check_path(&trimmed);
  anima_trim trim;
  check(anima_trim_resolve(length, start, end, offset, &trim) == ANIMA_OK);

  /* A few hit tests under a rotated, non-uniformly scaled world. */
  anima_hit_shape shape = {
      .outline = &path,
      .stroke_outline = &trimmed,
      .world = anima_matrix_local(1, 2, 3, 4, 33, 1.5, 1, 0.5),
      .has_fill = true,
      .fill_rule = size % 2 ? ANIMA_FILL_EVENODD : ANIMA_FILL_NONZERO,
      .has_stroke = true,
      .stroke_width = 1.0,
  };
  for (int probe = 0; probe < 4; probe++) {
    (void)anima_hit_test_shape(&shape, 0.25, probe * 3.0, probe * 2.0);
  }

  anima_path_release(&trimmed);
  anima_path_release(&selected);
  anima_path_release(&path);
  return 0;
}
