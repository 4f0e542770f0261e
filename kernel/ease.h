/*
 * ease.h — parsing ease strings (SPEC §5 "Eases") into a small struct.
 *
 * Parsing only: evaluating an ease (u -> w) lives with the player. Parsing
 * happens at load time; the step loop sees only the parsed struct.
 *
 * Grammar (whitespace is allowed around every token, SPEC §5 "spaces are
 * optional"):
 *
 *   ease := "linear" | "hold" | "in" | "out" | "inOut"
 *         | "cubic" "(" NUMBER "," NUMBER "," NUMBER "," NUMBER ")"
 *         | "elastic" "(" NUMBER "," NUMBER ")"
 *   NUMBER := a JSON number (RFC 8259:
 * -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?)
 *
 * `spring(...)` (any arguments) is reserved for a later version and parses
 * to ANIMA_EASE_PARSE_RESERVED, which the validator reports as `reserved`.
 *
 * Kernel-private: not exported from libanima.so; unit tests reach these
 * functions by linking the kernel's static library (kernel/meson.build).
 */
#ifndef ANIMA_KERNEL_EASE_H
#define ANIMA_KERNEL_EASE_H

#include <stddef.h>

#include <anima/anima.h>

/** The shape of an ease. `in`, `out` and `inOut` parse to CUBIC with their
 * SPEC §5 control points. */
typedef enum anima_ease_kind {
  ANIMA_EASE_LINEAR = 0, /**< w = u (also the meaning of an omitted ease) */
  ANIMA_EASE_HOLD,       /**< w = 0 */
  ANIMA_EASE_CUBIC,      /**< CSS cubic-bezier(x1, y1, x2, y2) */
  ANIMA_EASE_ELASTIC,    /**< ease-out elastic(a, p) */
} anima_ease_kind;

/** A parsed ease. */
typedef struct anima_ease {
  anima_ease_kind kind;
  /**
   * CUBIC: x1, y1, x2, y2 (x1, x2 in [0, 1]; y unbounded).
   * ELASTIC: a (amplitude, >= 0), p (period, > 0), then two zeros.
   * LINEAR, HOLD: all zero.
   */
  double parameters[4];
} anima_ease;

/** The result of anima_ease_parse. */
typedef enum anima_ease_parse_result {
  ANIMA_EASE_PARSE_OK = 0,
  /** Does not parse, or an argument is out of range (`bad-ease`). */
  ANIMA_EASE_PARSE_INVALID,
  /** `spring(...)`: reserved for a later format version (`reserved`). */
  ANIMA_EASE_PARSE_RESERVED,
} anima_ease_parse_result;

/** Why an ease was refused. */
typedef struct anima_ease_error {
  /** Byte offset in the ease string of the offending character (the
   * string's length when it ends too early). */
  size_t offset;
  /** One English sentence, e.g. `x1 of cubic(...) must lie in [0, 1], got
   * 1.5`. */
  char message[160];
} anima_ease_error;

/** The linear ease (what an omitted ease means). */
anima_ease anima_ease_linear(void);

/**
 * Parses a NUL-terminated ease string (SPEC §5). On success fills `*out`
 * and returns ANIMA_EASE_PARSE_OK. Otherwise returns INVALID or RESERVED,
 * leaves `*out` linear and fills `error` (may be NULL). NULL `text` or
 * `out` is INVALID. Allocates nothing.
 */
anima_ease_parse_result anima_ease_parse(const char *text, anima_ease *out,
                                         anima_ease_error *error);

/**
 * Scans a JSON number (RFC 8259 grammar, finite) at the start of `text`
 * (kernel-private; shared with the condition parser). Returns the number
 * of bytes it spans and stores the value in `*value` (may be NULL), or 0
 * when `text` does not start with a number. Independent of the C locale.
 */
size_t anima_number_scan(const char *text, double *value);

#endif
