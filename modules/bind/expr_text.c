/*
 * expr_text.c — the string functions of the bind expression language:
 * lower(text) (ECMAScript String.prototype.toLowerCase: Unicode default
 * case conversion, locale-independent, through ICU's root locale, which
 * applies SpecialCasing's unconditional mappings and the Final_Sigma
 * context) and contains(text, part) (ECMAScript includes over UTF-16 code
 * units: for valid UTF-8 a byte match is a code-unit match).
 */
#include <stdlib.h>
#include <string.h>

#include "expr_internal.h"

#ifdef __EMSCRIPTEN__
/* The WebAssembly build (scripts/build-web.sh) has no ICU: lower() calls
 * the JS engine's own String.prototype.toLowerCase, the very operation the
 * chapter names, so both platforms convert by the same Unicode rules. */
#include <emscripten.h>

// clang-format off
/* The UTF-8 length of the lowered text (the text is valid UTF-8: it comes
 * from the document through jansson). */
EM_JS(int, bind_web_lower_length, (const char *text, int length), {
  return lengthBytesUTF8(UTF8ToString(text, length).toLowerCase());
});

/* Writes the lowered text and its NUL into out (capacity bytes). */
EM_JS(void, bind_web_lower_write,
      (const char *text, int length, char *out, int capacity), {
        stringToUTF8(UTF8ToString(text, length).toLowerCase(), out, capacity);
      });
// clang-format on

anima_status bind_text_lower(const char *text, size_t length, char **out,
                             size_t *out_length) {
  *out = NULL;
  *out_length = 0;
  if (length > (size_t)INT32_MAX / 4) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  int needed = bind_web_lower_length(text, (int)length);
  char *buffer = malloc((size_t)needed + 1);
  if (!buffer) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  bind_web_lower_write(text, (int)length, buffer, needed + 1);
  buffer[needed] = '\0';
  *out = buffer;
  *out_length = (size_t)needed;
  return ANIMA_OK;
}
#else
#include <unicode/ucasemap.h>
#include <unicode/ustring.h>

anima_status bind_text_lower(const char *text, size_t length, char **out,
                             size_t *out_length) {
  *out = NULL;
  *out_length = 0;
  if (length > (size_t)INT32_MAX / 4) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  UErrorCode status = U_ZERO_ERROR;
  UCaseMap *map = ucasemap_open("", U_FOLD_CASE_DEFAULT, &status);
  if (U_FAILURE(status)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  /* Lowercasing grows UTF-8 by at most 3x (U+0130 İ, 2 bytes, becomes
   * i + U+0307, 3 bytes); measure first anyway. */
  int32_t needed =
      ucasemap_utf8ToLower(map, NULL, 0, text, (int32_t)length, &status);
  if (status == U_BUFFER_OVERFLOW_ERROR) {
    status = U_ZERO_ERROR;
  }
  char *buffer = U_SUCCESS(status) ? malloc((size_t)needed + 1) : NULL;
  if (buffer) {
    ucasemap_utf8ToLower(map, buffer, needed + 1, text, (int32_t)length,
                         &status);
  }
  ucasemap_close(map);
  if (!buffer || U_FAILURE(status)) {
    free(buffer);
    return ANIMA_ERROR_NO_MEMORY;
  }
  buffer[needed] = '\0';
  *out = buffer;
  *out_length = (size_t)needed;
  return ANIMA_OK;
}
#endif

bool bind_text_contains(const char *text, size_t length, const char *part,
                        size_t part_length) {
  if (part_length == 0) {
    return true; /* "".includes("") and "abc".includes("") */
  }
  for (size_t i = 0; i + part_length <= length; i++) {
    if (memcmp(text + i, part, part_length) == 0) {
      return true;
    }
  }
  return false;
}
