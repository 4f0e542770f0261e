/*
 * color.h — colour strings of paints, slots, keyframes and poses (SPEC §6).
 *
 * A paint colour is a slot name, a hex literal (`#rgb`, `#rrggbb`,
 * `#rrggbbaa`, hex digits case-insensitive; the public
 * anima_color_parse_hex of anima/format.h) or `currentColor`. Anything
 * else is `bad-color`. Parsing happens at load time only.
 *
 * Kernel-private: not exported from libanima.so; unit tests reach these
 * functions by linking the kernel's static library (kernel/meson.build).
 */
#ifndef ANIMA_KERNEL_COLOR_H
#define ANIMA_KERNEL_COLOR_H

#include <stdbool.h>

#include <anima/anima.h>
#include <anima/format.h>

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
 * Classifies a paint colour string (SPEC §6). For ANIMA_COLOR_FORM_HEX the
 * colour is written to `*out` (may be NULL); for the other forms `*out` is
 * untouched. NULL `text` is INVALID. Allocates nothing.
 */
anima_color_form anima_color_parse(const char *text, anima_color *out);

#endif
