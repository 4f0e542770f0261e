/*
 * path_parse.c — the SVG 1.1 path data grammar (SPEC §3; SVG 1.1 §8.3.9)
 * into absolute move/line/cubic/close segments.
 *
 * The data is read twice: the first pass only counts segments, the second
 * writes them into storage allocated once with the exact size.
 */
#include "path_internal.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct parser {
  const char *data;
  size_t length;
  size_t position;
  anima_path_error *error;
  /* Output: NULL while counting. */
  anima_segment *segments;
  size_t count;
  /* Drawing state (SVG 1.1 §8.3). */
  anima_point current;
  anima_point subpath_start;
  bool closed;                   /* the last segment written is a close */
  char previous;                 /* 'C' after C/S, 'Q' after Q/T, else 0 */
  anima_point cubic_control;     /* second control of the previous C/S */
  anima_point quadratic_control; /* control of the previous Q/T */
  /* The command being read, for messages. */
  char command;
  size_t set_offset; /* where the current argument set starts */
} parser;

static bool is_space(char character) {
  return character == ' ' || character == '\t' || character == '\n' ||
         character == '\r' || character == '\f';
}

static bool is_digit(char character) {
  return character >= '0' && character <= '9';
}

static bool at_end(const parser *state) {
  return state->position >= state->length;
}

static char peek(const parser *state) {
  return at_end(state) ? '\0' : state->data[state->position];
}

static void skip_spaces(parser *state) {
  while (!at_end(state) && is_space(peek(state))) {
    state->position++;
  }
}

/* Skips the optional comma-wsp between two arguments of one command. */
static void skip_separator(parser *state) {
  skip_spaces(state);
  if (peek(state) == ',') {
    state->position++;
    skip_spaces(state);
  }
}

static bool starts_number(char character) {
  return is_digit(character) || character == '.' || character == '-' ||
         character == '+';
}

/* Describes the character at the parser's position for a message. */
static void describe_here(const parser *state, char *out, size_t size) {
  if (at_end(state)) {
    snprintf(out, size, "the end of the data");
    return;
  }
  unsigned char character = (unsigned char)peek(state);
  if (character >= 0x21 && character < 0x7f) {
    snprintf(out, size, "'%c'", character);
  } else if (character == ' ') {
    snprintf(out, size, "a space");
  } else {
    snprintf(out, size, "byte 0x%02x", character);
  }
}

static bool fail_expected(parser *state, const char *what) {
  char found[32];
  describe_here(state, found, sizeof found);
  anima_path_error_set(state->error, state->position,
                       "expected %s after \"%c\" at offset %zu, found %s", what,
                       state->command, state->position, found);
  return false;
}

/* Reads one number (SVG `number`) or reports what was expected. */
static bool read_number(parser *state, double *out) {
  size_t start = state->position;
  size_t index = start;
  const char *data = state->data;
  size_t length = state->length;
  if (index < length && (data[index] == '+' || data[index] == '-')) {
    index++;
  }
  size_t digits = 0;
  while (index < length && is_digit(data[index])) {
    index++;
    digits++;
  }
  if (index < length && data[index] == '.') {
    index++;
    while (index < length && is_digit(data[index])) {
      index++;
      digits++;
    }
  }
  if (digits == 0) {
    state->position = index; /* where a digit was expected */
    return fail_expected(state, "a number");
  }
  if (index < length && (data[index] == 'e' || data[index] == 'E')) {
    size_t exponent = index + 1;
    if (exponent < length && (data[exponent] == '+' || data[exponent] == '-')) {
      exponent++;
    }
    if (exponent < length && is_digit(data[exponent])) {
      while (exponent < length && is_digit(data[exponent])) {
        exponent++;
      }
      index = exponent;
    }
  }
  double value = anima_path_number_convert(data + start, index - start);
  if (!(fabs(value) <= ANIMA_PATH_NUMBER_LIMIT)) {
    anima_path_error_set(state->error, start,
                         "number out of range (larger than %g) after \"%c\" "
                         "at offset %zu",
                         ANIMA_PATH_NUMBER_LIMIT, state->command, start);
    return false;
  }
  state->position = index;
  *out = value;
  return true;
}

/* Reads an arc flag: exactly one '0' or '1'. */
static bool read_flag(parser *state, bool *out) {
  char character = peek(state);
  if (character != '0' && character != '1') {
    return fail_expected(state, "a flag (0 or 1)");
  }
  *out = character == '1';
  state->position++;
  return true;
}

/* Reads `count` numbers separated by optional comma-wsp. */
static bool read_numbers(parser *state, double *values, size_t count) {
  for (size_t index = 0; index < count; index++) {
    if (index > 0) {
      skip_separator(state);
    }
    if (!read_number(state, &values[index])) {
      return false;
    }
  }
  return true;
}

/*
 * After one argument set: 1 when another set follows (implicit repeat),
 * 0 when the command ends, -1 after an error (a comma with no number).
 */
static int more_arguments(parser *state) {
  skip_spaces(state);
  if (peek(state) == ',') {
    state->position++;
    skip_spaces(state);
    if (!starts_number(peek(state))) {
      fail_expected(state, "a number");
      return -1;
    }
    return 1;
  }
  return starts_number(peek(state)) ? 1 : 0;
}

static bool point_in_range(anima_point point) {
  return fabs(point.x) <= ANIMA_PATH_NUMBER_LIMIT &&
         fabs(point.y) <= ANIMA_PATH_NUMBER_LIMIT;
}

static bool emit(parser *state, anima_segment segment) {
  for (int index = 0; index < 3; index++) {
    if (!point_in_range(segment.points[index])) {
      anima_path_error_set(
          state->error, state->set_offset,
          "coordinates out of range (larger than %g) in \"%c\" at offset %zu",
          ANIMA_PATH_NUMBER_LIMIT, state->command, state->set_offset);
      return false;
    }
  }
  if (state->segments != NULL) {
    state->segments[state->count] = segment;
  }
  state->count++;
  state->closed = segment.kind == ANIMA_SEGMENT_CLOSE;
  return true;
}

/* Before a drawing segment: after a close, restart at the subpath start. */
static bool begin_drawing(parser *state) {
  if (!state->closed) {
    return true;
  }
  anima_segment restart = {.kind = ANIMA_SEGMENT_MOVE,
                           .continues_subpath = true,
                           .points = {state->subpath_start}};
  return emit(state, restart);
}

static bool emit_line(parser *state, anima_point to) {
  anima_segment line = {.kind = ANIMA_SEGMENT_LINE, .points = {to}};
  if (!begin_drawing(state) || !emit(state, line)) {
    return false;
  }
  state->current = to;
  return true;
}

static bool emit_cubic(parser *state, anima_point control1,
                       anima_point control2, anima_point to) {
  anima_segment cubic = {.kind = ANIMA_SEGMENT_CUBIC,
                         .points = {control1, control2, to}};
  if (!begin_drawing(state) || !emit(state, cubic)) {
    return false;
  }
  state->current = to;
  return true;
}

/* A quadratic raised to the cubic with the same curve. */
static bool emit_quadratic(parser *state, anima_point control, anima_point to) {
  anima_point from = state->current;
  anima_point control1 = {from.x + 2.0 / 3.0 * (control.x - from.x),
                          from.y + 2.0 / 3.0 * (control.y - from.y)};
  anima_point control2 = {to.x + 2.0 / 3.0 * (control.x - to.x),
                          to.y + 2.0 / 3.0 * (control.y - to.y)};
  return emit_cubic(state, control1, control2, to);
}

static bool emit_arc(parser *state, const double *values, bool large_arc,
                     bool sweep, anima_point to) {
  anima_segment pieces[ANIMA_ARC_MAX_PIECES];
  size_t count =
      anima_svg_arc_segments(state->current, values[0], values[1], values[2],
                             large_arc, sweep, to, pieces);
  for (size_t index = 0; index < count; index++) {
    if (!begin_drawing(state) || !emit(state, pieces[index])) {
      return false;
    }
  }
  state->current = to;
  return true;
}

static anima_point reflect(anima_point control, anima_point about) {
  anima_point reflected = {2.0 * about.x - control.x,
                           2.0 * about.y - control.y};
  return reflected;
}

/* Reads and applies one argument set of the current command. */
static bool run_once(parser *state, bool first_set) {
  char command = state->command;
  bool relative = command >= 'a' && command <= 'z';
  char upper = relative ? (char)(command - 'a' + 'A') : command;
  anima_point base = relative ? state->current : (anima_point){0.0, 0.0};
  double values[7];
  char previous = 0;
  state->set_offset = state->position;
  switch (upper) {
  case 'M':
  case 'L':
  case 'T': {
    if (!read_numbers(state, values, 2)) {
      return false;
    }
    anima_point to = {base.x + values[0], base.y + values[1]};
    if (upper == 'M' && first_set) {
      anima_segment move = {.kind = ANIMA_SEGMENT_MOVE, .points = {to}};
      if (!emit(state, move)) {
        return false;
      }
      state->current = to;
      state->subpath_start = to;
    } else if (upper == 'T') {
      anima_point control =
          state->previous == 'Q'
              ? reflect(state->quadratic_control, state->current)
              : state->current;
      if (!emit_quadratic(state, control, to)) {
        return false;
      }
      state->quadratic_control = control;
      previous = 'Q';
    } else if (!emit_line(state, to)) {
      return false;
    }
    break;
  }
  case 'H':
  case 'V': {
    if (!read_numbers(state, values, 1)) {
      return false;
    }
    anima_point to = state->current;
    if (upper == 'H') {
      to.x = base.x + values[0];
    } else {
      to.y = base.y + values[0];
    }
    if (!emit_line(state, to)) {
      return false;
    }
    break;
  }
  case 'C':
  case 'S':
  case 'Q': {
    size_t needed = upper == 'C' ? 6 : 4;
    if (!read_numbers(state, values, needed)) {
      return false;
    }
    anima_point first = {base.x + values[0], base.y + values[1]};
    anima_point second = {base.x + values[2], base.y + values[3]};
    if (upper == 'Q') {
      if (!emit_quadratic(state, first, second)) {
        return false;
      }
      state->quadratic_control = first;
      previous = 'Q';
      break;
    }
    anima_point control1 = first;
    anima_point control2 = second;
    anima_point to = second;
    if (upper == 'C') {
      to = (anima_point){base.x + values[4], base.y + values[5]};
    } else {
      control1 = state->previous == 'C'
                     ? reflect(state->cubic_control, state->current)
                     : state->current;
      control2 = first;
    }
    if (!emit_cubic(state, control1, control2, to)) {
      return false;
    }
    state->cubic_control = control2;
    previous = 'C';
    break;
  }
  case 'A': {
    bool large_arc = false;
    bool sweep = false;
    if (!read_numbers(state, values, 3)) {
      return false;
    }
    skip_separator(state);
    if (!read_flag(state, &large_arc)) {
      return false;
    }
    skip_separator(state);
    if (!read_flag(state, &sweep)) {
      return false;
    }
    skip_separator(state);
    if (!read_numbers(state, values + 3, 2)) {
      return false;
    }
    anima_point to = {base.x + values[3], base.y + values[4]};
    if (!emit_arc(state, values, large_arc, sweep, to)) {
      return false;
    }
    break;
  }
  default:
    break;
  }
  state->previous = previous;
  return true;
}

static bool is_command(char character) {
  return character != '\0' && strchr("MmLlHhVvCcSsQqTtAaZz", character);
}

static bool run_command(parser *state) {
  char command = state->command;
  if (command == 'Z' || command == 'z') {
    if (!state->closed) {
      anima_segment close = {.kind = ANIMA_SEGMENT_CLOSE};
      if (!emit(state, close)) {
        return false;
      }
    }
    state->current = state->subpath_start;
    state->previous = 0;
    skip_spaces(state);
    if (starts_number(peek(state)) || peek(state) == ',') {
      anima_path_error_set(state->error, state->position,
                           "\"%c\" takes no numbers, found '%c' at offset %zu",
                           command, peek(state), state->position);
      return false;
    }
    return true;
  }
  skip_spaces(state);
  bool first_set = true;
  for (;;) {
    if (!run_once(state, first_set)) {
      return false;
    }
    first_set = false;
    int more = more_arguments(state);
    if (more < 0) {
      return false;
    }
    if (more == 0) {
      return true;
    }
  }
}

static bool run(parser *state) {
  skip_spaces(state);
  if (at_end(state)) {
    anima_path_error_set(state->error, state->position,
                         "path data is empty at offset %zu", state->position);
    return false;
  }
  char first = peek(state);
  if (first != 'M' && first != 'm') {
    char found[32];
    describe_here(state, found, sizeof found);
    anima_path_error_set(state->error, state->position,
                         "path data must start with \"M\" or \"m\", found %s "
                         "at offset %zu",
                         found, state->position);
    return false;
  }
  while (!at_end(state)) {
    char character = peek(state);
    if (!is_command(character)) {
      char found[32];
      describe_here(state, found, sizeof found);
      anima_path_error_set(state->error, state->position,
                           "expected a path command (one of "
                           "MLHVCSQTAZ or lower case), found %s at offset %zu",
                           found, state->position);
      return false;
    }
    state->command = character;
    state->position++;
    if (!run_command(state)) {
      return false;
    }
    skip_spaces(state);
  }
  return true;
}

static void start(parser *state, const char *data, size_t length,
                  anima_path_error *error, anima_segment *segments) {
  memset(state, 0, sizeof *state);
  state->data = data;
  state->length = length;
  state->error = error;
  state->segments = segments;
}

anima_status anima_path_parse(const char *data, size_t length, anima_path *out,
                              anima_path_error *error) {
  if (out == NULL) {
    anima_path_error_set(error, 0, "no output path given");
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_path_init(out);
  if (data == NULL) {
    anima_path_error_set(error, 0, "no path data given");
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  parser state;
  start(&state, data, length, error, NULL);
  if (!run(&state)) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  size_t count = state.count;
  anima_segment *segments = count <= SIZE_MAX / sizeof *segments
                                ? malloc(count * sizeof *segments)
                                : NULL;
  if (segments == NULL) {
    anima_path_error_set(error, 0, "out of memory for %zu path segments",
                         count);
    return ANIMA_ERROR_NO_MEMORY;
  }
  out->segments = segments;
  out->capacity = count;
  start(&state, data, length, error, out->segments);
  if (!run(&state) || state.count != count) {
    anima_path_release(out);
    anima_path_error_set(error, 0, "path data changed while parsing");
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  out->count = count;
  return ANIMA_OK;
}
