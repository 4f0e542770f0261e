/*
 * json_print.h — JSON output of the `anima schema`, `inspect` and `bench`
 * commands: compact JSON with numbers in the library's canonical form
 * (anima_format_number, DECISIONS 2: `50`, not `50.0`; `0.1`, not
 * `0.10000000000000001`; `1e-7`; `-0` prints `0`). jansson's own dump
 * prints reals with 17 significant digits, hence this printer.
 */
#ifndef ANIMA_TOOLS_JSON_PRINT_H
#define ANIMA_TOOLS_JSON_PRINT_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

/**
 * Prints `value` as compact JSON (object members in insertion order),
 * without a trailing newline. Nesting deeper than 128 levels prints `null`
 * for the deeper values (the commands never build such trees).
 */
void json_print(FILE *out, const json_t *value);

/** Prints `value` as compact JSON followed by a newline. */
void json_print_line(FILE *out, const json_t *value);

/** Prints a string as it is (no quotes, no escapes), any other value as
 * json_print does: the text forms of the reports. */
void json_print_plain(FILE *out, const json_t *value);

/** The string member `key` of `object` (owned by it), or "" when it is
 * absent or not a string. */
const char *json_text_of(const json_t *object, const char *key);

#endif
