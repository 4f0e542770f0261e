/*
 * paint.c — the `paint` feature module (SPEC paint chapter), built as
 * anima-paint.so: parametric outlines, dashes, fixed strokes (paint.h lists
 * the files). It depends on `corners`, whose rect corner radii belong to
 * `paint|corners`: a document declaring either feature gets them.
 */
#include "paint.h"

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
