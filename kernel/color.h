/*
 * color.h — colour strings of paints, slots, keyframes and poses (SPEC §6).
 *
 * A paint colour is a slot name, a hex literal (`#rgb`, `#rrggbb`,
 * `#rrggbbaa`, hex digits case-insensitive) or `currentColor`. Anything
 * else is `bad-color`. Parsing happens at load time only.
 *
 * These functions are exported (ANIMA_API) so tests and tools can use them,
 * but the header is kernel-private and not part of the stable public API.
 */
#ifndef ANIMA_KERNEL_COLOR_H
#define ANIMA_KERNEL_COLOR_H

#include <stdbool.h>

#include <anima/anima.h>

/** What a colour string is. */
typedef enum anima_color_form {
  ANIMA_COLOR_FORM_INVALID = 0, /**< none of the below (`bad-color`) */
  ANIMA_COLOR_FORM_HEX,         /**< a hex literal; the colour is filled in */
  ANIMA_COLOR_FORM_CURRENT,     /**< exactly "currentColor" */
  ANIMA_COLOR_FORM_SLOT,        /**< a name (^[a-z][a-zA-Z0-9-]*$) other
                                     than "currentColor": a slot reference,
                                     declared or not */
} anima_color_form;

/**
 * Parses a hex literal: `#rgb` (each digit doubled, alpha 255), `#rrggbb`
 * (alpha 255) or `#rrggbbaa`, case-insensitive, nothing else (no spaces,
 * no `#rgba`). Returns true and fills `*out` (may be NULL) on success;
 * false otherwise, leaving `*out` untouched. NULL `text` is false.
 */
ANIMA_API bool anima_color_parse_hex(const char *text, anima_color *out);

/**
 * Classifies a paint colour string (SPEC §6). For ANIMA_COLOR_FORM_HEX the
 * colour is written to `*out` (may be NULL); for the other forms `*out` is
 * untouched. NULL `text` is INVALID. Allocates nothing.
 */
ANIMA_API anima_color_form anima_color_parse(const char *text,
                                             anima_color *out);

#endif
