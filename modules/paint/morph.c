/*
 * morph.c — the value type "path" and the animation address `<pathId>.d`
 * (SPEC paint chapter, "Compatible path morphs"; morph.h).
 *
 * A value is a string of SVG path data, held as its expanded commands
 * (shape) and numbers (vector). Keys and pose values must have the rest
 * value's commands exactly — same case, letters and count after expanding
 * implicit repeats, extra moveto pairs as lineto (`morph-mismatch`
 * otherwise, naming the first differing zero-based segment). Numbers
 * interpolate with the eased weight, relative coordinates and arc
 * parameters included; arc flags are 0 below 0.5, else 1. Values print as
 * their authored string at exact keys, else with five decimals.
 */
#include "morph.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "paint.h"
#include "path_data.h"

static void *value_allocate(void *context, size_t size) {
  return paint_host->value_alloc(context, size);
}

static bool path_parse(anima_value_context *context, const anima_json *json,
                       anima_value *out, void *user) {
  (void)user;
  if (paint_host->json_type(json) != ANIMA_JSON_STRING) {
    paint_host->value_report(context, "value-type",
                             "write SVG path data as a string, such as "
                             "\"M0 0L10 10\"",
                             "a path value is a string of SVG path data");
    return false;
  }
  size_t length = 0;
  const char *text = paint_host->json_string(json, &length);
  anima_path parsed;
  anima_path_error error = {0};
  if (strlen(text) != length ||
      paint_host->path_parse(text, length, &parsed, &error) != ANIMA_OK) {
    paint_host->value_report(context, "bad-path",
                             "write valid SVG path data, such as "
                             "\"M0 0L10 10\"",
                             "%s",
                             error.message[0] ? error.message
                                              : "the path data does "
                                                "not parse");
    return false;
  }
  paint_host->path_release(&parsed);
  morph_allocator allocator = {value_allocate, context};
  anima_vector *vector = morph_vector_from_text(&allocator, text);
  if (!vector) {
    return false;
  }
  out->as.vector = vector;
  return true;
}

static bool path_node_rest(anima_value_context *context,
                           const anima_json *document, const anima_json *node,
                           const char *address, anima_value *out, void *user) {
  (void)user;
  if (strcmp(address, "d") != 0) {
    return false;
  }
  morph_allocator allocator = {value_allocate, context};
  anima_vector *vector = NULL;
  if (!morph_glyph_rest(&allocator, document, node, &vector)) {
    return false;
  }
  out->as.vector = vector;
  return true;
}

static bool path_compatible(anima_value_context *context,
                            const anima_value *rest, const anima_value *other,
                            void *user) {
  (void)user;
  const morph_shape *expected = rest->as.vector->shape;
  const morph_shape *actual = other->as.vector->shape;
  if (!expected || expected->command_count == 0 || !actual) {
    return true; /* no rest geometry (reported elsewhere) */
  }
  for (size_t i = 0;; i++) {
    bool expected_end = i >= expected->command_count;
    bool actual_end = i >= actual->command_count;
    if (expected_end && actual_end) {
      return true;
    }
    if (!expected_end && !actual_end &&
        expected->commands[i] == actual->commands[i]) {
      continue;
    }
    char expected_text[16], actual_text[16];
    snprintf(expected_text, sizeof expected_text,
             expected_end ? "the end" : "\"%c\"",
             expected_end ? ' ' : expected->commands[i]);
    snprintf(actual_text, sizeof actual_text, actual_end ? "the end" : "\"%c\"",
             actual_end ? ' ' : actual->commands[i]);
    char hint[160];
    snprintf(hint, sizeof hint,
             "segment %zu: expected %s, got %s; a morph keeps the rest "
             "path's commands and changes only their numbers",
             i, expected_text, actual_text);
    paint_host->value_report(context, "morph-mismatch", hint,
                             "the path's commands differ from the rest "
                             "path's at segment %zu",
                             i);
    return false;
  }
}

static void path_lerp(const anima_value *a, const anima_value *b, double w,
                      anima_value *out, void *user) {
  (void)user;
  const anima_vector *from = a->as.vector, *to = b->as.vector;
  const morph_shape *shape = from->shape;
  anima_vector *cell = (anima_vector *)out->as.vector;
  size_t n = 0;
  for (size_t c = 0; c < shape->command_count; c++) {
    char command = shape->commands[c];
    int count = path_data_arguments(command);
    for (int k = 0; k < count && n < cell->count; k++, n++) {
      double value = from->numbers[n] + (to->numbers[n] - from->numbers[n]) * w;
      if (path_data_is_flag(command, k)) {
        value = value < 0.5 ? 0 : 1;
      } else if (!isfinite(value)) {
        value = w < 0.5 ? from->numbers[n] : to->numbers[n];
      }
      cell->numbers[n] = value;
    }
  }
}

/* ---- snapshot text ----------------------------------------------------- */

typedef struct sink {
  char *buffer;
  size_t size, length;
} sink;

static void sink_put(sink *s, const char *text, size_t length) {
  if (s->length + 1 < s->size) {
    size_t room = s->size - s->length - 1;
    size_t copy = length < room ? length : room;
    memcpy(s->buffer + s->length, text, copy);
    s->buffer[s->length + copy] = '\0';
  }
  s->length += length;
}

/* Five decimals, trailing zeros and a bare point dropped, -0 as 0: the SVG
 * writer's numbers. */
static void put_decimal(sink *s, double value) {
  char text[64];
  snprintf(text, sizeof text, "%.5f", value);
  char *dot = strchr(text, '.');
  if (dot) {
    char *end = text + strlen(text) - 1;
    while (end > dot && *end == '0') {
      *end-- = '\0';
    }
    if (end == dot) {
      *end = '\0';
    }
  }
  sink_put(s, strcmp(text, "-0") == 0 ? "0" : text,
           strcmp(text, "-0") == 0 ? 1 : strlen(text));
}

/* A JSON string's content: quotes, backslashes and control characters
 * escaped. */
static void put_escaped(sink *s, const char *text) {
  for (const char *c = text; *c; c++) {
    char escaped[8];
    unsigned char byte = (unsigned char)*c;
    if (*c == '"' || *c == '\\') {
      snprintf(escaped, sizeof escaped, "\\%c", *c);
    } else if (byte < 0x20) {
      snprintf(escaped, sizeof escaped, "\\u%04x", byte);
    } else {
      sink_put(s, c, 1);
      continue;
    }
    sink_put(s, escaped, strlen(escaped));
  }
}

static bool is_authored(const anima_vector *vector, const morph_shape *shape) {
  if (vector->count != shape->number_count) {
    return false;
  }
  for (size_t i = 0; i < vector->count; i++) {
    if (vector->numbers[i] != shape->numbers[i]) {
      return false;
    }
  }
  return true;
}

static size_t path_format(const anima_value *value, char *buffer, size_t size,
                          void *user) {
  (void)user;
  const anima_vector *vector = value->as.vector;
  const morph_shape *shape = vector ? vector->shape : NULL;
  sink out = {buffer, size, 0};
  if (size > 0) {
    buffer[0] = '\0';
  }
  sink_put(&out, "\"", 1);
  if (shape && is_authored(vector, shape)) {
    put_escaped(&out, shape->authored);
  } else if (shape) {
    size_t n = 0;
    for (size_t c = 0; c < shape->command_count; c++) {
      sink_put(&out, &shape->commands[c], 1);
      int count = path_data_arguments(shape->commands[c]);
      for (int k = 0; k < count && n < vector->count; k++, n++) {
        if (k > 0) {
          sink_put(&out, " ", 1);
        }
        put_decimal(&out, vector->numbers[n]);
      }
    }
  }
  sink_put(&out, "\"", 1);
  return out.length;
}

/* ---- registration ------------------------------------------------------ */

static const morph_shape no_shape = {0, "", "", NULL, 0};
static const anima_vector no_path = {.count = 0, .shape = &no_shape};

anima_status paint_register_morphs(anima_registrar *registrar) {
  static const anima_code_desc mismatch = {
      .code = "morph-mismatch",
      .severity = ANIMA_SEVERITY_ERROR,
      .feature = PAINT_FEATURE,
      .description = "A path key or pose value whose expanded commands "
                     "differ from the rest path's; the hint names the first "
                     "differing segment."};
  static const anima_value_type_desc type = {
      .struct_size = sizeof type,
      .name = "path",
      .feature = PAINT_FEATURE,
      .storage = ANIMA_STORAGE_VECTOR,
      .animation = ANIMA_ANIMATION_INTERPOLATED,
      .parse = path_parse,
      .lerp = path_lerp,
      .format = path_format,
      .compatible = path_compatible,
      .node_rest = path_node_rest,
  };
  const anima_property_desc d = {
      .owner = "path",
      .address = "d",
      .feature = PAINT_FEATURE,
      .value_type = "path",
      .animation = ANIMA_ANIMATION_INTERPOLATED,
      .minimum = -INFINITY,
      .maximum = INFINITY,
      .default_value = {.as.vector = &no_path},
      .description = "Path data (SVG), morphing command by command: keys and "
                     "poses keep the rest path's commands."};
  anima_status status = paint_host->add_code(registrar, &mismatch);
  if (status == ANIMA_OK) {
    status = paint_host->add_value_type(registrar, &type, NULL);
  }
  if (status == ANIMA_OK) {
    status = paint_host->add_property(registrar, &d);
  }
  if (status == ANIMA_OK) {
    status = paint_register_morph_outline(registrar);
  }
  return status;
}
