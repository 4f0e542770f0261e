/*
 * paint.c — the `paint` feature module (SPEC paint chapter), built as
 * anima-paint.so: parametric outlines, dashes, fixed strokes (paint.h lists
 * the files). It depends on `corners`, whose rect corner radii belong to
 * `paint|corners`: a document declaring either feature gets them.
 */
#include "paint.h"
#include "morph.h"

#include <string.h>

const anima_host *paint_host;

/* Appends "/" and `token` escaped as RFC 6901 says (~0, ~1). */
void paint_pointer_append(char *pointer, size_t size, const char *token) {
  size_t length = strlen(pointer);
  if (length + 1 < size) {
    pointer[length++] = '/';
    pointer[length] = '\0';
  }
  for (const char *c = token; *c && length + 2 < size; c++) {
    if (*c == '~' || *c == '/') {
      pointer[length++] = '~';
      pointer[length++] = *c == '~' ? '0' : '1';
    } else {
      pointer[length++] = *c;
    }
    pointer[length] = '\0';
  }
}

/* Deeper than any valid document nests (SPEC §2 limits). */
#define SEARCH_DEPTH 64

static bool names(const anima_json *value, const char *address, int depth) {
  if (depth > SEARCH_DEPTH) {
    return true;
  }
  switch (paint_host->json_type(value)) {
  case ANIMA_JSON_STRING:
    return strcmp(paint_host->json_string(value, NULL), address) == 0;
  case ANIMA_JSON_ARRAY:
    for (size_t i = 0; i < paint_host->json_size(value); i++) {
      if (names(paint_host->json_item(value, i), address, depth + 1)) {
        return true;
      }
    }
    return false;
  case ANIMA_JSON_OBJECT:
    for (size_t i = 0; i < paint_host->json_size(value); i++) {
      if (strcmp(paint_host->json_key_at(value, i), address) == 0 ||
          names(paint_host->json_value_at(value, i), address, depth + 1)) {
        return true;
      }
    }
    return false;
  default:
    return false;
  }
}

bool paint_document_names(const anima_json *document, const char *address) {
  return document && names(document, address, 0);
}

static anima_status paint_init(const anima_host *host,
                               anima_registrar *registrar) {
  paint_host = host;
  anima_status status = paint_register_shapes(registrar);
  if (status == ANIMA_OK) {
    status = paint_register_strokes(registrar);
  }
  if (status == ANIMA_OK) {
    status = paint_register_gradients(registrar);
  }
  if (status == ANIMA_OK) {
    status = paint_register_morphs(registrar);
  }
  return status;
}

static const char *const paint_features[] = {PAINT_FEATURE, NULL};
static const char *const paint_depends[] = {"corners", NULL};

ANIMA_MODULE_DEFINE(paint, .name = "paint", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima",
                    .description = "Parametric outlines, dashes and fixed "
                                   "strokes (SPEC paint chapter).",
                    .features = paint_features, .depends = paint_depends,
                    .init = paint_init);
