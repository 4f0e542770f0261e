/*
 * load_util.c — typed member reads with diagnostics for the OpenBone loader
 * (load_internal.h).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load_internal.h"

static char *joined(ob_loader *loader, const char *base, const char *escaped) {
  size_t length = strlen(base) + strlen(escaped) + 2;
  char *pointer = malloc(length);
  if (pointer == NULL) {
    loader->out_of_memory = true;
    return NULL;
  }
  snprintf(pointer, length, "%s/%s", base, escaped);
  return pointer;
}

char *ob_pointer_key(ob_loader *loader, const char *base, const char *key) {
  size_t length = strlen(key);
  char *escaped = malloc(2 * length + 1);
  if (escaped == NULL) {
    loader->out_of_memory = true;
    return NULL;
  }
  size_t n = 0;
  for (size_t i = 0; i < length; i++) {
    if (key[i] == '~') {
      escaped[n++] = '~';
      escaped[n++] = '0';
    } else if (key[i] == '/') {
      escaped[n++] = '~';
      escaped[n++] = '1';
    } else {
      escaped[n++] = key[i];
    }
  }
  escaped[n] = '\0';
  char *pointer = joined(loader, base ? base : "", escaped);
  free(escaped);
  return pointer;
}

char *ob_pointer_index(ob_loader *loader, const char *base, size_t index) {
  char number[32];
  snprintf(number, sizeof number, "%zu", index);
  return joined(loader, base ? base : "", number);
}

static void report(ob_loader *loader, anima_severity severity, const char *code,
                   const char *pointer, const char *hint, const char *format,
                   va_list arguments) {
  if (severity == ANIMA_SEVERITY_ERROR) {
    loader->errors++;
  }
  if (loader->diagnostics == NULL) {
    return;
  }
  char message[512];
  vsnprintf(message, sizeof message, format, arguments);
  if (anima_diagnostics_add(loader->diagnostics, code, severity,
                            pointer ? pointer : "", hint, "%s",
                            message) != ANIMA_OK) {
    loader->out_of_memory = true;
  }
}

void ob_error(ob_loader *loader, const char *code, const char *pointer,
              const char *hint, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  report(loader, ANIMA_SEVERITY_ERROR, code, pointer, hint, format, arguments);
  va_end(arguments);
}

void ob_warning(ob_loader *loader, const char *code, const char *pointer,
                const char *hint, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  report(loader, ANIMA_SEVERITY_WARNING, code, pointer, hint, format,
         arguments);
  va_end(arguments);
}

void ob_unsupported(ob_loader *loader, const char *pointer, const char *what) {
  if (loader->model) {
    loader->model->unsupported++;
  }
  ob_warning(loader, "not-implemented", pointer,
             "see docs/openbone/README.md for what this runtime implements",
             "%s is not implemented by this runtime yet; the document's "
             "results would differ from the spec",
             what);
}

void ob_unsupported_note(ob_loader *loader, const char *pointer,
                         const char *what) {
  ob_warning(loader, "not-implemented", pointer,
             "see docs/openbone/README.md for what this runtime implements",
             "%s is read but not run by this runtime yet", what);
}

int ob_word(const char *words, const char *text) {
  size_t length = strlen(text);
  int index = 0;
  for (const char *at = words + strspn(words, " "); *at; index++) {
    size_t n = strcspn(at, " ");
    if (n == length && strncmp(at, text, n) == 0) {
      return index;
    }
    at += n;
    at += strspn(at, " ");
  }
  return -1;
}

/* `words` as a hint: "a, b or c" (cut short past `size`). */
static void spoken_words(const char *words, char *out, size_t size) {
  size_t count = 0, used = 0;
  for (const char *at = words + strspn(words, " "); *at; count++) {
    at += strcspn(at, " ");
    at += strspn(at, " ");
  }
  out[0] = '\0';
  const char *at = words + strspn(words, " ");
  for (size_t i = 0; i < count && used < size; i++) {
    size_t n = strcspn(at, " ");
    const char *glue = i == 0 ? "" : i + 1 == count ? " or " : ", ";
    int wrote = snprintf(out + used, size - used, "%s%.*s", glue, (int)n, at);
    used += wrote > 0 ? (size_t)wrote : 0;
    at += n;
    at += strspn(at, " ");
  }
}

int ob_choice(ob_loader *loader, json_t *object, const char *pointer,
              const char *key, const char *words, int fallback, bool required) {
  char *text = ob_string(loader, object, pointer, key, required, false);
  if (text == NULL) {
    return fallback;
  }
  int index = ob_word(words, text);
  if (index < 0) {
    char *at = ob_pointer_key(loader, pointer, key);
    char hint[256];
    spoken_words(words, hint, sizeof hint);
    ob_error(loader, "bad-value", at, hint, "\"%s\" is not a valid \"%s\"",
             text, key);
    free(at);
    index = fallback;
  }
  free(text);
  return index;
}

void ob_check_keys(ob_loader *loader, json_t *object, const char *pointer,
                   const char *allowed) {
  const char *key;
  json_t *value;
  json_object_foreach(object, key, value) {
    if (ob_word(allowed, key) < 0) {
      char *where = ob_pointer_key(loader, pointer, key);
      ob_warning(loader, "unknown-key", where,
                 "the keys read here are listed in docs/openbone/FORMAT.md",
                 "\"%s\" is not a key of this object; it is ignored", key);
      free(where);
    }
  }
}

static json_t *member(ob_loader *loader, json_t *object, const char *pointer,
                      const char *key, bool required) {
  json_t *value = json_object_get(object, key);
  if (value == NULL && required) {
    ob_error(loader, "missing-key", pointer, NULL,
             "the required key \"%s\" is missing", key);
  }
  return value;
}

static void bad_type(ob_loader *loader, const char *pointer, const char *key,
                     const char *expected) {
  char *where = ob_pointer_key(loader, pointer, key);
  ob_error(loader, "bad-type", where, NULL, "\"%s\" must be %s", key, expected);
  free(where);
}

double ob_number(ob_loader *loader, json_t *object, const char *pointer,
                 const char *key, double fallback, bool required) {
  json_t *value = member(loader, object, pointer, key, required);
  if (value == NULL) {
    return fallback;
  }
  if (!json_is_number(value)) {
    bad_type(loader, pointer, key, "a number");
    return fallback;
  }
  return json_number_value(value);
}

bool ob_bool(ob_loader *loader, json_t *object, const char *pointer,
             const char *key, bool fallback) {
  json_t *value = json_object_get(object, key);
  if (value == NULL) {
    return fallback;
  }
  if (!json_is_boolean(value)) {
    bad_type(loader, pointer, key, "true or false");
    return fallback;
  }
  return json_is_true(value);
}

char *ob_string(ob_loader *loader, json_t *object, const char *pointer,
                const char *key, bool required, bool nullable) {
  json_t *value = member(loader, object, pointer, key, required);
  if (value == NULL || (nullable && json_is_null(value))) {
    return NULL;
  }
  if (!json_is_string(value)) {
    bad_type(loader, pointer, key, nullable ? "a string or null" : "a string");
    return NULL;
  }
  char *copy = strdup(json_string_value(value));
  if (copy == NULL) {
    loader->out_of_memory = true;
  }
  return copy;
}

json_t *ob_array(ob_loader *loader, json_t *object, const char *pointer,
                 const char *key, bool required) {
  json_t *value = member(loader, object, pointer, key, required);
  if (value == NULL) {
    return NULL;
  }
  if (!json_is_array(value)) {
    bad_type(loader, pointer, key, "an array");
    return NULL;
  }
  return value;
}

bool ob_is_object(ob_loader *loader, json_t *value, const char *pointer) {
  if (json_is_object(value)) {
    return true;
  }
  ob_error(loader, "bad-type", pointer, NULL, "this must be a JSON object");
  return false;
}

json_t *ob_object_at(ob_loader *loader, json_t *list, const char *base,
                     size_t index, const char *allowed, char **at) {
  json_t *object = json_array_get(list, index);
  *at = ob_pointer_index(loader, base, index);
  if (!ob_is_object(loader, object, *at)) {
    free(*at);
    *at = NULL;
    return NULL;
  }
  if (allowed) {
    ob_check_keys(loader, object, *at, allowed);
  }
  return object;
}

char *ob_id(ob_loader *loader, json_t *object, const char *pointer) {
  char *id = ob_string(loader, object, pointer, "id", true, false);
  if (id == NULL) {
    return NULL;
  }
  char *where = ob_pointer_key(loader, pointer, "id");
  if (id[0] == '\0') {
    ob_error(loader, "bad-value", where, NULL, "an id must not be empty");
  } else if (json_object_get(loader->ids, id)) {
    ob_error(loader, "duplicate-id", where,
             "ids are unique across the whole document (Part B rule 2)",
             "the id \"%s\" is already used", id);
  } else if (json_object_set_new(loader->ids, id, json_true()) != 0) {
    loader->out_of_memory = true;
  }
  free(where);
  return id;
}

long ob_lookup(json_t *map, const char *id) {
  json_t *value = id ? json_object_get(map, id) : NULL;
  return value ? (long)json_integer_value(value) : -1;
}

bool ob_remember(ob_loader *loader, json_t *map, const char *id, size_t index) {
  if (id == NULL || json_object_get(map, id)) {
    return false;
  }
  if (json_object_set_new(map, id, json_integer((json_int_t)index)) != 0) {
    loader->out_of_memory = true;
    return false;
  }
  return true;
}

bool ob_color_value(ob_loader *loader, json_t *value, const char *pointer,
                    ob_color *out) {
  if (json_is_string(value) && ob_parse_hex(json_string_value(value), out)) {
    return true;
  }
  ob_error(loader, "bad-color", pointer,
           "write #rgb, #rgba, #rrggbb or #rrggbbaa", "this is not a colour");
  return false;
}

ob_color ob_color_member(ob_loader *loader, json_t *object, const char *pointer,
                         const char *key, ob_color fallback) {
  json_t *value = json_object_get(object, key);
  if (value == NULL) {
    return fallback;
  }
  char *where = ob_pointer_key(loader, pointer, key);
  ob_color color = fallback;
  if (!ob_color_value(loader, value, where, &color)) {
    color = fallback;
  }
  free(where);
  return color;
}

char *ob_image_member(ob_loader *loader, json_t *object, const char *pointer,
                      const char *consequence, long *index) {
  char *image = ob_string(loader, object, pointer, "image", false, true);
  long found = ob_lookup(loader->image_ids, image);
  if (index) {
    *index = found;
  }
  if (image && found < 0) {
    char *at = ob_pointer_key(loader, pointer, "image");
    ob_warning(loader, "unknown-reference", at, NULL,
               "no image has the id \"%s\"; %s", image, consequence);
    free(at);
    free(image);
    image = NULL;
  }
  return image;
}

char *ob_blend_member(ob_loader *loader, json_t *object, const char *pointer) {
  static const char *const names[] = {"normal", "additive", "multiply",
                                      "screen"};
  char *blend =
      strdup(names[ob_choice(loader, object, pointer, "blend",
                             "normal additive multiply screen", 0, false)]);
  loader->out_of_memory |= blend == NULL;
  return blend;
}

double ob_particle_count(ob_loader *loader, json_t *object, const char *pointer,
                         const char *what) {
  double count = ob_number(loader, object, pointer, "count", 0, true);
  if (!(count >= 0 && count == floor(count))) {
    char *at = ob_pointer_key(loader, pointer, "count");
    ob_error(loader, "bad-value", at, "a whole number ≥ 0",
             "%s must be a whole number of particles, not %g", what, count);
    free(at);
    count = 0;
  }
  return count;
}
