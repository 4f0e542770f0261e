/*
 * next.c — `exitNext: "step" | "loop"` (SPEC motion "Declarative timeline
 * control"): a transition waits for the next clock boundary while its
 * `when` remains true.
 *
 * `when` may only hold persistent bool/number terms (`flag`, `!flag`,
 * `level >= 2`), so the module evaluates it itself at stage 2, after the
 * queued inputs applied and before the clocks advance: a true condition
 * arms the edge at the next boundary of the source clock in travel
 * distance (a false one disarms it). While armed, the source clock stops
 * at the earliest armed boundary (clock.c caps its travel there), so its
 * samples and events stop there even for a large dt; the edge holds once
 * the uncapped travel reaches the boundary, with the excess state time as
 * carry.
 *
 * Boundaries, from travel δ0 (clock.c's coordinate): `loop` — the next
 * multiple of the work span (the work endpoint; every turning point for
 * pingpong); `step` — the next quantize grid point in the direction of
 * travel, or that endpoint when earlier (the endpoint without quantize).
 * A request exactly on a boundary (within 1e-9) is eligible at once, and
 * so are frozen and zero-speed clocks.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "motion_clock.h"

static const double epsilon = 1e-9;

/* ---- the condition subset ------------------------------------------------ */

static const char *skip_space(const char *p, const char *end) {
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) {
    p++;
  }
  return p;
}

static bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '-';
}

/* Parses one term [start, end) into `term` (input resolved by `find`).
 * False: not a persistent bool/number term. */
static bool parse_term(const char *start, const char *end, next_term *term,
                       long (*find)(void *context, const char *name,
                                    anima_input_type *type),
                       void *context) {
  const char *p = skip_space(start, end);
  while (end > p && (end[-1] == ' ' || end[-1] == '\t')) {
    end--;
  }
  memset(term, 0, sizeof *term);
  if (p < end && *p == '!') {
    term->negate = true;
    p = skip_space(p + 1, end);
  }
  const char *name = p;
  while (p < end && name_char(*p)) {
    p++;
  }
  char text[128];
  size_t length = (size_t)(p - name);
  if (length == 0 || length >= sizeof text ||
      !(name[0] >= 'a' && name[0] <= 'z')) {
    return false;
  }
  memcpy(text, name, length);
  text[length] = '\0';
  anima_input_type type;
  long input = find(context, text, &type);
  if (input < 0 || type == ANIMA_INPUT_TRIGGER) {
    return false;
  }
  term->input = (size_t)input;
  p = skip_space(p, end);
  if (p == end) {
    term->op = next_op_bool;
    return type == ANIMA_INPUT_BOOL;
  }
  if (term->negate || type != ANIMA_INPUT_NUMBER) {
    return false;
  }
  static const struct {
    const char *text;
    int op;
  } ops[] = {{"==", next_op_equal},      {"!=", next_op_not_equal},
             {"<=", next_op_less_equal}, {">=", next_op_greater_equal},
             {"<", next_op_less},        {">", next_op_greater}};
  term->op = -1;
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    size_t n = strlen(ops[i].text);
    if ((size_t)(end - p) >= n && strncmp(p, ops[i].text, n) == 0) {
      term->op = ops[i].op;
      p += n;
      break;
    }
  }
  if (term->op < 0) {
    return false;
  }
  p = skip_space(p, end);
  char number[64];
  length = (size_t)(end - p);
  if (length == 0 || length >= sizeof number) {
    return false;
  }
  memcpy(number, p, length);
  number[length] = '\0';
  char *stop;
  term->number = strtod(number, &stop);
  return *stop == '\0' && isfinite(term->number);
}

size_t motion_next_parse(const char *when, next_term *terms, size_t capacity,
                         long (*find)(void *context, const char *name,
                                      anima_input_type *type),
                         void *context, bool *valid) {
  *valid = true;
  size_t count = 0;
  const char *p = when;
  const char *end = when + strlen(when);
  while (*valid) {
    const char *next = strstr(p, "&&");
    const char *stop = next ? next : end;
    next_term term;
    if (!parse_term(p, stop, &term, find, context)) {
      *valid = false;
      break;
    }
    if (terms && count < capacity) {
      terms[count] = term;
    }
    count++;
    if (!next) {
      break;
    }
    p = next + 2;
  }
  return count;
}

static bool term_holds(anima_step *step, const next_term *term) {
  anima_value value = motion_host->step_input(step, term->input);
  if (term->op == next_op_bool) {
    bool on = value.type == ANIMA_VALUE_BOOL ? value.as.boolean
                                             : value.as.number != 0;
    return term->negate ? !on : on;
  }
  double x = value.as.number, n = term->number;
  switch (term->op) {
  case next_op_equal:
    return x == n;
  case next_op_not_equal:
    return x != n;
  case next_op_less:
    return x < n;
  case next_op_less_equal:
    return x <= n;
  case next_op_greater:
    return x > n;
  case next_op_greater_equal:
    return x >= n;
  }
  return false;
}

/* ---- boundaries ---------------------------------------------------------- */

/* The next multiple of the span at or after travel d (d itself within ε). */
static double next_endpoint(const motion_clock *clock, double d) {
  if (clock->loop == 0) { /* once: the work endpoint */
    return clock->span;
  }
  double k = ceil(d / clock->span);
  if (fabs(d - (k - 1) * clock->span) <= epsilon) {
    k -= 1; /* already on a boundary */
  }
  return k * clock->span;
}

/* The travel of the next grid point in the direction of travel, from
 * travel d at timeline position `at` going `direction` (+1 or −1). */
static double next_grid(const motion_clock *clock, double d, double at,
                        double direction) {
  double q = clock->quantize;
  double k = direction > 0 ? ceil(at * q) : floor(at * q);
  if (fabs(at - (k - direction) / q) <= epsilon) {
    k -= direction; /* on a grid point */
  }
  return d + fabs(k / q - at);
}

double motion_next_boundary(const motion_clock *clock, double d, int kind) {
  double endpoint = next_endpoint(clock, d);
  if (kind == next_loop || !(clock->quantize > 0) || endpoint <= d) {
    return endpoint;
  }
  /* The direction of travel in timeline time: reversed on a pingpong's
   * way back (d lies strictly inside a leg here). */
  double direction = clock->speed < 0 ? -1 : 1;
  if (clock->loop == 2 && fmod(floor(d / clock->span), 2) == 1) {
    direction = -direction;
  }
  double grid = next_grid(clock, d, motion_clock_at(clock, d), direction);
  return grid < endpoint ? grid : endpoint;
}

void motion_next_arm(anima_step *step, const motion_clock *clock,
                     clock_instance *record, double state_time) {
  double *armed = motion_clock_armed(record);
  for (size_t i = 0; i < clock->next_count; i++) {
    const next_edge *edge = &clock->next[i];
    bool holds = true;
    for (size_t t = 0; holds && t < edge->term_count; t++) {
      holds = term_holds(step, &clock->terms[edge->first_term + t]);
    }
    if (!holds) {
      armed[i] = NAN; /* a false condition cancels the armed gate */
      continue;
    }
    if (!isnan(armed[i])) {
      continue;
    }
    if (record->frozen || clock->speed == 0) {
      armed[i] = -INFINITY; /* eligible at once */
      continue;
    }
    armed[i] = motion_next_boundary(
        clock, motion_clock_travel(clock, record, state_time), edge->kind);
  }
}
