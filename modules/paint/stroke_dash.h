/*
 * stroke_dash.h — dash lengths of the paint module (SPEC paint chapter,
 * "Dashes"): the percentage syntax and the units of a pattern.
 */
#ifndef ANIMA_PAINT_STROKE_DASH_H
#define ANIMA_PAINT_STROKE_DASH_H

#include <stdbool.h>

typedef enum paint_dash_unit {
  PAINT_DASH_UNKNOWN = 0,
  PAINT_DASH_LENGTH, /**< numbers: grid units */
  PAINT_DASH_PERCENT /**< strings "10%": of the whole outline length */
} paint_dash_unit;

/**
 * Parses a dash percentage: `0` or a positive decimal integer without
 * leading zeros, optionally a fraction (`.` and digits), then `%`; no sign,
 * no exponent, nothing else. `*fraction` receives the share of the outline
 * length ("10%" → 0.1). False when `text` is not such a percentage.
 */
bool paint_dash_parse_percent(const char *text, double *fraction);

/** The largest dash percentage ("1000000%", the path-number bound
 * ANIMA_PATH_NUMBER_LIMIT read as a percentage); larger ones, and those
 * whose digits overflow binary64, are bad-value (docs/DECISIONS.md "Robust
 * geometry"). */
#define PAINT_DASH_PERCENT_LIMIT 1e6

#endif
