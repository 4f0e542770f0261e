/*
 * format.h — canonical text of values in snapshots and JSON output.
 *
 * Numbers (DECISIONS 2): the shortest decimal that reads back as the same
 * binary64 value, written as a JSON number the way ECMAScript's
 * Number.prototype.toString writes it: `50` (not `50.0`), `0.1` (not
 * `0.10000000000000001`), `1e-7`, `1e+21`; `-0` is written `0`.
 * Enum values: the words the format (and SPEC §11.3) spells them with,
 * from the same lists the registry validates documents against.
 * Colours (DECISIONS 1): lowercase hex, `#rrggbb` when alpha is 255, else
 * `#rrggbbaa`; anima_color_parse_hex reads them (and every hex literal of
 * SPEC §6) back. Booleans: `true` / `false`.
 *
 * These functions never allocate and are safe to call from any thread.
 */
#ifndef ANIMA_FORMAT_H
#define ANIMA_FORMAT_H

#include <anima/anima.h>
#include <anima/draw.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Bytes that always hold a formatted number, colour or value with its
 * terminating NUL. */
#define ANIMA_FORMAT_CAPACITY 32

/**
 * Writes `value` as a JSON number in its shortest round-trip form into
 * `buffer` (ANIMA_FORMAT_CAPACITY bytes or more) and returns the length.
 * A NaN or infinity has no JSON form: it is written as `null`.
 */
ANIMA_API size_t anima_format_number(double value,
                                     char buffer[ANIMA_FORMAT_CAPACITY]);

/** Writes `#rrggbb` or `#rrggbbaa` (lowercase) and returns the length. */
ANIMA_API size_t anima_format_color(anima_color color,
                                    char buffer[ANIMA_FORMAT_CAPACITY]);

/**
 * Parses a finite decimal number, the whole NUL-terminated `text`, as
 * script commands (SPEC §11.2) and operation arguments write them:
 * `[+|-] digits [. digits] [(e|E) [+|-] digits]`, either side of the point
 * possibly empty but not both (`2`, `-0.5`, `.5`, `3.`, `1e-3`). Rounds
 * like strtod: a subnormal such as `5e-324` is kept and `1e-400` is 0.
 * Returns true and writes `*out` (which may be NULL to only check); false,
 * `*out` untouched, for NULL, spaces, hex (`0x10`), `inf`, `nan` and a
 * value too large for binary64 (`1e400`). The inverse of
 * anima_format_number.
 */
ANIMA_API bool anima_parse_number(const char *text, double *out);

/**
 * Parses a hex colour literal of SPEC §6, the whole NUL-terminated `text`:
 * `#rgb` (each digit doubled, alpha 255: `#f80` is `#ff8800`), `#rrggbb`
 * (alpha 255) or `#rrggbbaa`, hex digits in either case; the inverse of
 * anima_format_color. Returns true and writes the non-premultiplied
 * channels to `*out` (which may be NULL to only check); false for anything
 * else, `*out` untouched: NULL, spaces, `#rgba`, CSS names, `currentColor`
 * and slot names (which name colours but are not literals).
 */
ANIMA_API bool anima_color_parse_hex(const char *text, anima_color *out);

/**
 * Writes a value as JSON text: a number (anima_format_number), a colour as
 * a quoted JSON string (`"#ff0000"`), or `true` / `false`. Returns the
 * length. A value of a module value type is written `null`: use
 * anima_model_format_value.
 */
ANIMA_API size_t anima_format_value(const anima_value *value,
                                    char buffer[ANIMA_FORMAT_CAPACITY]);

/**
 * The CSS named colour `name` (the first `length` bytes; one of the 148
 * keywords of CSS Color 4 — SVG 1.1's 147 and `rebeccapurple` — ASCII
 * case-insensitive, such as `black`) into `*out` (opaque; may be NULL).
 * True when it is one.
 * A .ani colour is never a name (SPEC §6): this serves SVG import and the
 * loader's hint that suggests a name's hex literal.
 */
ANIMA_API bool anima_css_color_name(const char *name, size_t length,
                                    anima_color *out);

/** "bool", "number" or "trigger" (SPEC §8 input `type`); NULL for a value
 * outside the enum. */
ANIMA_API const char *anima_input_type_name(anima_input_type type);

/** "number", "color" or "bool" (the types of SPEC §4 properties and §8
 * inputs' values); NULL outside the enum. */
ANIMA_API const char *anima_value_type_name(anima_value_type type);

/** "button", "switch" or "img" (SPEC §10 `a11y.role`, which are also the
 * ARIA roles); NULL for ANIMA_ROLE_NONE and outside the enum. */
ANIMA_API const char *anima_a11y_role_name(anima_a11y_role role);

/** "error" or "warning" (SPEC §11.3 severities); NULL outside the enum. */
ANIMA_API const char *anima_severity_name(anima_severity severity);

/** "nonzero" or "evenodd" (SPEC §4 `fill.rule`); NULL outside the enum. */
ANIMA_API const char *anima_fill_rule_name(anima_fill_rule rule);

/** "butt", "round" or "square" (SPEC §4 `stroke.cap`, SVG's
 * stroke-linecap words); NULL outside the enum. */
ANIMA_API const char *anima_line_cap_name(anima_line_cap cap);

/** "miter", "round" or "bevel" (SPEC §4 `stroke.join`, SVG's
 * stroke-linejoin words); NULL outside the enum. */
ANIMA_API const char *anima_line_join_name(anima_line_join join);

/**
 * Writes any value of `model` — a core value as anima_format_value, a
 * value of a module value type (docs/MODULES.md "Value types") through the
 * type's `format`, else its storage's JSON form: an integer, a point as
 * `[x, y]` (DECISIONS 22), text as a JSON string, a reference as the
 * referenced node's id (a JSON string, DECISIONS 11), a vector as an array
 * of numbers — into `buffer` (`size` bytes, NUL-terminated, truncated when
 * short; `buffer` may be NULL when `size` is 0). Returns the length the
 * whole text needs (the snprintf contract), so a caller can size a buffer
 * and call again. `model` may be NULL for core values.
 */
ANIMA_API size_t anima_model_format_value(const anima_model *model,
                                          const anima_value *value,
                                          char *buffer, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_FORMAT_H */
