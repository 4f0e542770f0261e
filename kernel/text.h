/*
 * text.h — small string helpers used across the kernel (not in the step
 * loop): a growable string buffer, RFC 6901 pointer building, edit distance.
 */
#ifndef ANIMA_KERNEL_TEXT_H
#define ANIMA_KERNEL_TEXT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include <anima/anima.h>

/** A growable NUL-terminated string. Zero-initialise, then append. */
typedef struct anima_text {
  char *data;      /**< NUL-terminated; NULL until the first append */
  size_t length;   /**< bytes before the NUL */
  size_t capacity; /**< allocated bytes */
  bool failed;     /**< an allocation failed; data holds what fitted */
} anima_text;

void anima_text_append(anima_text *text, const char *string);
void anima_text_append_length(anima_text *text, const char *string,
                              size_t length);
void anima_text_appendf(anima_text *text, const char *format, ...)
    ANIMA_PRINTF(2, 3);
void anima_text_vappendf(anima_text *text, const char *format,
                         va_list arguments);
/** Appends "/" and `token` escaped per RFC 6901 (~ -> ~0, / -> ~1). */
void anima_text_append_pointer_token(anima_text *text, const char *token);
/** Appends "/" and a decimal array index. */
void anima_text_append_pointer_index(anima_text *text, size_t index);
/** Truncates to `length` bytes (<= current length). */
void anima_text_truncate(anima_text *text, size_t length);
/** The string ("" when empty). */
const char *anima_text_string(const anima_text *text);
/** Releases the buffer and zeroes the struct. */
void anima_text_free(anima_text *text);
/** Hands the malloc'd string to the caller ("" allocated when empty);
 * NULL when out of memory. The text is reset. */
char *anima_text_take(anima_text *text);

/** Duplicates a string with malloc; NULL in, NULL out. */
char *anima_strdup(const char *string);

/** Levenshtein distance between two strings (bytes), capped at 255. */
unsigned anima_edit_distance(const char *a, const char *b);

/**
 * Builds the hint `did you mean "<closest>"?` into `out` when one of
 * `candidates` is close to `word`; returns false (and leaves `out`
 * untouched) when none is.
 */
bool anima_hint_did_you_mean(anima_text *out, const char *word,
                             const char *const *candidates, size_t count);

/** True when `name` matches ^[a-z][a-zA-Z0-9-]*$ (SPEC §2 Names). */
bool anima_is_name(const char *name);

#endif
