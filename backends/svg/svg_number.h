/*
 * svg_number.h — how the SVG writer prints a number (svg_writer.c): the
 * text snprintf("%.5f") gives, trailing zeros and a trailing point dropped,
 * "-0" as "0" (the SVG formatter of the paint chapter). A file of its own
 * so tests/test_svg_number.c can compare it with snprintf directly.
 */
#ifndef ANIMA_BACKENDS_SVG_NUMBER_H
#define ANIMA_BACKENDS_SVG_NUMBER_H

#include <stddef.h>

/** The longest text svg_format_number writes, with its terminating NUL. */
#define SVG_NUMBER_TEXT 352

/**
 * Writes `value` into `text` (SVG_NUMBER_TEXT bytes): rounded to five
 * decimals exactly as snprintf("%.5f") rounds (the nearest, ties by the
 * value's exact binary expansion), without trailing zeros or a trailing
 * point, "-0" written "0"; a value that is not finite is written "0".
 * Returns the length. Allocates nothing.
 *
 * Most values are formatted with integer arithmetic: printf's conversion
 * of a double is slow where long double is a software quad (WebAssembly),
 * and the SVG of a frame prints hundreds of numbers. Values whose rounding
 * that arithmetic cannot decide exactly (within 2^-50 of a tie, or beyond
 * 2^50 / 10^5) go through snprintf.
 */
size_t svg_format_number(double value, char *text);

#endif
