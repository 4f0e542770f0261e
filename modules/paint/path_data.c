/*
 * path_data.c — expanded SVG path commands and their outlines
 * (path_data.h). The outline follows the kernel's path data conversion
 * step for step (SPEC §3), so a morph at one of its keys draws exactly what
 * the same string drawn as static `d` does.
 */
#include "path_data.h"

#include <math.h>
#include <stdlib.h>

#include "paint.h"

int path_data_arguments(char command) {
  switch (command) {
  case 'M':
  case 'm':
  case 'L':
  case 'l':
  case 'T':
  case 't':
    return 2;
  case 'H':
  case 'h':
  case 'V':
  case 'v':
    return 1;
  case 'C':
  case 'c':
    return 6;
  case 'S':
  case 's':
  case 'Q':
  case 'q':
    return 4;
  case 'A':
  case 'a':
    return 7;
  case 'Z':
  case 'z':
    return 0;
  default:
    return -1;
  }
}

bool path_data_is_flag(char command, int index) {
  return (command == 'A' || command == 'a') && (index == 3 || index == 4);
}

static bool is_separator(char c) {
  return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r' ||
         c == '\f';
}

static void skip_separators(const char *text, size_t *at) {
  while (is_separator(text[*at])) {
    (*at)++;
  }
}

/* A number of SVG's grammar at text[*at] (path data already accepted by the
 * kernel, so strtod reads exactly the number: no hex, no inf). */
static bool read_number(const char *text, size_t *at, double *out) {
  skip_separators(text, at);
  char c = text[*at];
  if (!(c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9'))) {
    return false;
  }
  char *end = NULL;
  *out = strtod(text + *at, &end);
  if (end == text + *at) {
    return false;
  }
  *at = (size_t)(end - text);
  return true;
}

/* An arc flag: exactly one character 0 or 1. */
static bool read_flag(const char *text, size_t *at, double *out) {
  skip_separators(text, at);
  if (text[*at] != '0' && text[*at] != '1') {
    return false;
  }
  *out = text[(*at)++] - '0';
  return true;
}

bool path_data_scan(const char *text, char *commands, size_t *command_count,
                    double *numbers, size_t *number_count) {
  size_t at = 0, used_commands = 0, used_numbers = 0;
  char current = 0;
  bool first_set = false;
  for (;;) {
    skip_separators(text, &at);
    char c = text[at];
    if (c == '\0') {
      break;
    }
    if (path_data_arguments(c) >= 0) {
      current = c;
      at++;
      first_set = true;
      if (path_data_arguments(c) > 0) {
        continue;
      }
    } else if (current == 0 || path_data_arguments(current) == 0) {
      return false; /* numbers without a command, or after Z */
    }
    /* One argument set; extra moveto pairs are lineto. */
    char command = current;
    if (!first_set && (current == 'M' || current == 'm')) {
      command = current == 'M' ? 'L' : 'l';
    }
    first_set = false;
    int count = path_data_arguments(command);
    for (int k = 0; k < count; k++) {
      double value = 0;
      bool read = path_data_is_flag(command, k)
                      ? read_flag(text, &at, &value)
                      : read_number(text, &at, &value);
      if (!read) {
        return false;
      }
      if (numbers) {
        numbers[used_numbers] = value;
      }
      used_numbers++;
    }
    if (commands) {
      commands[used_commands] = command;
    }
    used_commands++;
  }
  *command_count = used_commands;
  *number_count = used_numbers;
  return used_commands > 0;
}

size_t path_data_max_segments(const char *commands, size_t command_count) {
  size_t segments = 0;
  for (size_t i = 0; i < command_count; i++) {
    char c = commands[i];
    if (c == 'M' || c == 'm' || c == 'Z' || c == 'z') {
      segments += 1;
    } else if (c == 'A' || c == 'a') {
      segments += 1 + 4; /* a restart move, up to four 90° pieces */
    } else {
      segments += 2; /* a restart move, the segment */
    }
  }
  return segments;
}

/* ---- the pen: the kernel parser's state ---------------------------------- */

typedef struct pen {
  anima_path *out; /* NULL: positions only */
  anima_point current, subpath_start;
  anima_point cubic_control, quadratic_control;
  char previous; /* 'C' or 'Q' after such a curve, else 0 */
} pen;

static anima_point reflect(anima_point control, anima_point about) {
  return (anima_point){2.0 * about.x - control.x, 2.0 * about.y - control.y};
}

static anima_status pen_line(pen *p, anima_point to) {
  p->current = to;
  return p->out ? paint_host->path_line_to(p->out, to.x, to.y) : ANIMA_OK;
}

static anima_status pen_cubic(pen *p, anima_point control1,
                              anima_point control2, anima_point to) {
  p->current = to;
  return p->out ? paint_host->path_cubic_to(p->out, control1.x, control1.y,
                                            control2.x, control2.y, to.x, to.y)
                : ANIMA_OK;
}

/* A quadratic raised to the cubic with the same curve (the kernel's
 * arithmetic, so the points agree to the bit). */
static anima_status pen_quadratic(pen *p, anima_point control, anima_point to) {
  anima_point from = p->current;
  anima_point control1 = {from.x + 2.0 / 3.0 * (control.x - from.x),
                          from.y + 2.0 / 3.0 * (control.y - from.y)};
  anima_point control2 = {to.x + 2.0 / 3.0 * (control.x - to.x),
                          to.y + 2.0 / 3.0 * (control.y - to.y)};
  return pen_cubic(p, control1, control2, to);
}

/* One argument set of `command`. */
static anima_status pen_draw(pen *p, char command, const double *v) {
  bool relative = command >= 'a' && command <= 'z';
  char upper = relative ? (char)(command - 'a' + 'A') : command;
  anima_point base = relative ? p->current : (anima_point){0.0, 0.0};
  char previous = 0;
  anima_status status = ANIMA_OK;
  switch (upper) {
  case 'M': {
    anima_point to = {base.x + v[0], base.y + v[1]};
    p->current = to;
    p->subpath_start = to;
    if (p->out) {
      status = paint_host->path_move_to(p->out, to.x, to.y);
    }
    break;
  }
  case 'L':
    status = pen_line(p, (anima_point){base.x + v[0], base.y + v[1]});
    break;
  case 'H':
    status = pen_line(p, (anima_point){base.x + v[0], p->current.y});
    break;
  case 'V':
    status = pen_line(p, (anima_point){p->current.x, base.y + v[0]});
    break;
  case 'C': {
    anima_point control2 = {base.x + v[2], base.y + v[3]};
    status = pen_cubic(p, (anima_point){base.x + v[0], base.y + v[1]}, control2,
                       (anima_point){base.x + v[4], base.y + v[5]});
    p->cubic_control = control2;
    previous = 'C';
    break;
  }
  case 'S': {
    anima_point control1 =
        p->previous == 'C' ? reflect(p->cubic_control, p->current) : p->current;
    anima_point control2 = {base.x + v[0], base.y + v[1]};
    status = pen_cubic(p, control1, control2,
                       (anima_point){base.x + v[2], base.y + v[3]});
    p->cubic_control = control2;
    previous = 'C';
    break;
  }
  case 'Q': {
    anima_point control = {base.x + v[0], base.y + v[1]};
    status =
        pen_quadratic(p, control, (anima_point){base.x + v[2], base.y + v[3]});
    p->quadratic_control = control;
    previous = 'Q';
    break;
  }
  case 'T': {
    anima_point control = p->previous == 'Q'
                              ? reflect(p->quadratic_control, p->current)
                              : p->current;
    status =
        pen_quadratic(p, control, (anima_point){base.x + v[0], base.y + v[1]});
    p->quadratic_control = control;
    previous = 'Q';
    break;
  }
  case 'A': {
    anima_point to = {base.x + v[5], base.y + v[6]};
    if (p->out) {
      status = paint_host->path_arc_to(p->out, v[0], v[1], v[2], v[3] != 0,
                                       v[4] != 0, to.x, to.y);
    }
    p->current = to;
    break;
  }
  case 'Z':
    p->current = p->subpath_start;
    if (p->out) {
      status = paint_host->path_close(p->out);
    }
    break;
  default:
    break;
  }
  p->previous = previous;
  return status;
}

anima_status path_data_outline(anima_path *out, const char *commands,
                               size_t command_count, const double *numbers) {
  pen p = {.out = out};
  size_t n = 0;
  for (size_t i = 0; i < command_count; i++) {
    int count = path_data_arguments(commands[i]);
    for (int k = 0; k < count; k++) {
      if (!isfinite(numbers[n + (size_t)k])) {
        return ANIMA_OK; /* an overflowing ease: keep what was drawn */
      }
    }
    anima_status status = pen_draw(&p, commands[i], numbers + n);
    if (status != ANIMA_OK) {
      return status;
    }
    n += (size_t)count;
  }
  return ANIMA_OK;
}

size_t path_data_subpath_points(const char *commands, size_t command_count,
                                const double *numbers, anima_point *starts,
                                anima_point *ends) {
  pen p = {0};
  size_t n = 0, subpaths = 0;
  for (size_t i = 0; i < command_count; i++) {
    bool move = commands[i] == 'M' || commands[i] == 'm';
    if (move && subpaths > 0) {
      ends[subpaths - 1] = p.current;
    }
    pen_draw(&p, commands[i], numbers + n);
    if (move) {
      starts[subpaths++] = p.current;
    }
    n += (size_t)path_data_arguments(commands[i]);
  }
  if (subpaths > 0) {
    ends[subpaths - 1] = p.current;
  }
  return subpaths;
}
