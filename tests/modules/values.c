/*
 * values.c — a test feature module adding value types (module.h
 * anima_value_type_desc), built outside kernel/ against the public headers
 * only; it links against nothing. Feature "values", with one node field
 * and animatable property per type (SPEC motion chapter "Typed channels",
 * paint chapter "Compatible path morphs"):
 *
 *   tally   "int"        INTEGER, hold: a whole number in [-2^31, 2^31 − 1]
 *   serial  "uint"       INTEGER, hold: a whole number in [0, 2^32 − 1]
 *                        (out of range: `integer-range`, the interval as hint)
 *   caption "string"     TEXT, hold (the kernel's default parse and format)
 *   pointee "reference"  REFERENCE, hold: a node id (`unknown-reference`)
 *   spot    "point"      POINT, interpolated per coordinate, printed [x, y]
 *   morph   "test-path"  VECTOR, interpolated: SVG path data whose expanded
 *                        command lists must match the rest value's
 *                        (`morph-mismatch`); numbers interpolate, arc flags
 *                        are 0 below 0.5 else 1; intermediate values print
 *                        with five decimals, exact endpoints as authored.
 *
 * and a map of strings, `notes: {name: "text"}`, whose members are the
 * pattern property "notes.*" of type "string" (one slot per member).
 *
 * (Unusual names, so the test modules' fields do not collide when the CLI
 * loads them all.)
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/module.h>

static const anima_host *host;

/* ---- int and uint ------------------------------------------------------ */

typedef struct integer_range {
  double minimum, maximum;
} integer_range;

static const integer_range int_range = {-2147483648.0, 2147483647.0};
static const integer_range uint_range = {0, 4294967295.0};

static bool integer_parse(anima_value_context *context, const anima_json *json,
                          anima_value *out, void *user) {
  const integer_range *range = user;
  if (host->json_type(json) != ANIMA_JSON_NUMBER) {
    host->value_report(context, "value-type", "use a whole number",
                       "this value is a whole number");
    return false;
  }
  double number = host->json_number(json);
  if (floor(number) != number || number < range->minimum ||
      number > range->maximum) {
    host->value_report(context, "integer-range", NULL,
                       "%.17g is not a whole number in [%.0f, %.0f]", number,
                       range->minimum, range->maximum);
    return false;
  }
  out->as.integer = (int64_t)number;
  return true;
}

/* ---- reference ------------------------------------------------------------
 */

static bool reference_parse(anima_value_context *context,
                            const anima_json *json, anima_value *out,
                            void *user) {
  (void)user;
  const char *id = host->json_string(json, NULL);
  if (!id) {
    host->value_report(context, "value-type", "use a node id",
                       "a reference is a node id");
    return false;
  }
  out->as.reference = host->value_find_node(context, id);
  if (out->as.reference < 0) {
    host->value_report(context, "unknown-reference",
                       "use the id of a node of this document",
                       "no node has the id \"%s\"", id);
    return false;
  }
  return true;
}

/* ---- point ------------------------------------------------------------------
 */

static void point_lerp(const anima_value *a, const anima_value *b, double w,
                       anima_value *out, void *user) {
  (void)user;
  for (int i = 0; i < 2; i++) {
    out->as.point[i] = a->as.point[i] + (b->as.point[i] - a->as.point[i]) * w;
  }
}

/* ---- path morphs ----------------------------------------------------------
 */

/* The shape of a path value: its expanded commands (one letter per
 * segment), its authored text and numbers (to print exact endpoints as
 * authored). */
typedef struct path_shape {
  size_t command_count;
  const char *commands;
  const char *authored;
  const double *numbers;
  size_t number_count;
} path_shape;

static int argument_count(char command) {
  switch (command) {
  case 'M':
  case 'm':
  case 'L':
  case 'l':
  case 'T':
  case 't':
    return 2;
  case 'H':
  case 'h':
  case 'V':
  case 'v':
    return 1;
  case 'C':
  case 'c':
    return 6;
  case 'S':
  case 's':
  case 'Q':
  case 'q':
    return 4;
  case 'A':
  case 'a':
    return 7;
  case 'Z':
  case 'z':
    return 0;
  default:
    return -1;
  }
}

static bool is_separator(char c) {
  return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r';
}

/* An SVG number at text[*i] (after separators); false when none. */
static bool read_number(const char *text, size_t *i, double *out) {
  while (is_separator(text[*i])) {
    (*i)++;
  }
  char *end = NULL;
  const char *start = text + *i;
  if (!(*start == '-' || *start == '+' || *start == '.' ||
        (*start >= '0' && *start <= '9'))) {
    return false;
  }
  *out = strtod(start, &end);
  if (end == start || !isfinite(*out)) {
    return false;
  }
  *i += (size_t)(end - start);
  return true;
}

/* An arc flag: one character 0 or 1 (SVG allows them unseparated). */
static bool read_flag(const char *text, size_t *i, double *out) {
  while (is_separator(text[*i])) {
    (*i)++;
  }
  if (text[*i] != '0' && text[*i] != '1') {
    return false;
  }
  *out = text[(*i)++] - '0';
  return true;
}

/* Parses path data into commands and numbers (counting only, when the
 * outputs are NULL). Returns false with the byte offset of the problem. */
static bool path_scan(const char *text, char *commands, double *numbers,
                      size_t *command_count, size_t *number_count,
                      size_t *offset) {
  size_t i = 0, commands_used = 0, numbers_used = 0;
  char current = 0;
  for (;;) {
    while (is_separator(text[i])) {
      i++;
    }
    if (text[i] == '\0') {
      break;
    }
    if (argument_count(text[i]) >= 0) {
      current = text[i++];
      if (commands_used == 0 && current != 'M' && current != 'm') {
        *offset = i - 1;
        return false; /* path data starts with a moveto */
      }
    } else if (current == 0 || argument_count(current) == 0) {
      *offset = i;
      return false; /* numbers before any command, or after Z */
    } else if (current == 'M') {
      current = 'L'; /* extra moveto pairs are lineto */
    } else if (current == 'm') {
      current = 'l';
    }
    int count = argument_count(current);
    for (int k = 0; k < count; k++) {
      double number;
      bool flag = (current == 'A' || current == 'a') && (k == 3 || k == 4);
      if (!(flag ? read_flag(text, &i, &number)
                 : read_number(text, &i, &number))) {
        *offset = i;
        return false;
      }
      if (numbers) {
        numbers[numbers_used] = number;
      }
      numbers_used++;
    }
    if (commands) {
      commands[commands_used] = current;
    }
    commands_used++;
  }
  if (commands_used == 0) {
    *offset = 0;
    return false;
  }
  *command_count = commands_used;
  *number_count = numbers_used;
  return true;
}

static bool path_parse(anima_value_context *context, const anima_json *json,
                       anima_value *out, void *user) {
  (void)user;
  const char *text = host->json_string(json, NULL);
  if (!text) {
    host->value_report(context, "value-type", "write SVG path data",
                       "a path value is a string of SVG path data");
    return false;
  }
  size_t command_count = 0, number_count = 0, offset = 0;
  if (!path_scan(text, NULL, NULL, &command_count, &number_count, &offset)) {
    host->value_report(context, "bad-path",
                       "write SVG path data such as "
                       "\"M0 0L10 10\"",
                       "\"%s\" is not valid path data (offset %zu)", text,
                       offset);
    return false;
  }
  path_shape *shape = host->value_alloc(context, sizeof *shape);
  char *commands = host->value_alloc(context, command_count + 1);
  anima_vector *vector = host->value_alloc(
      context, sizeof *vector + number_count * sizeof(double));
  if (!shape || !commands || !vector) {
    return false;
  }
  path_scan(text, commands, vector->numbers, &command_count, &number_count,
            &offset);
  shape->command_count = command_count;
  shape->commands = commands;
  shape->authored = host->value_string(context, text);
  shape->numbers = vector->numbers;
  shape->number_count = number_count;
  vector->count = number_count;
  vector->shape = shape;
  out->as.vector = vector;
  return shape->authored != NULL;
}

static bool path_compatible(anima_value_context *context,
                            const anima_value *rest, const anima_value *other,
                            void *user) {
  (void)user;
  const path_shape *expected = rest->as.vector->shape;
  const path_shape *actual = other->as.vector->shape;
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
    char hint[96];
    if (expected_end) {
      snprintf(hint, sizeof hint, "segment %zu: expected the end, got \"%c\"",
               i, actual->commands[i]);
    } else if (actual_end) {
      snprintf(hint, sizeof hint, "segment %zu: expected \"%c\", got the end",
               i, expected->commands[i]);
    } else {
      snprintf(hint, sizeof hint, "segment %zu: expected \"%c\", got \"%c\"", i,
               expected->commands[i], actual->commands[i]);
    }
    host->value_report(context, "morph-mismatch", hint,
                       "the path's commands differ from the rest value's");
    return false;
  }
}

static void path_lerp(const anima_value *a, const anima_value *b, double w,
                      anima_value *out, void *user) {
  (void)user;
  const anima_vector *from = a->as.vector, *to = b->as.vector;
  const path_shape *shape = from->shape;
  /* The kernel hands a writable cell of from->count numbers. */
  anima_vector *cell = (anima_vector *)out->as.vector;
  size_t n = 0;
  for (size_t c = 0; c < shape->command_count; c++) {
    int count = argument_count(shape->commands[c]);
    bool arc = shape->commands[c] == 'A' || shape->commands[c] == 'a';
    for (int k = 0; k < count; k++, n++) {
      double value = from->numbers[n] + (to->numbers[n] - from->numbers[n]) * w;
      if (arc && (k == 3 || k == 4)) {
        value = value < 0.5 ? 0 : 1;
      }
      cell->numbers[n] = value;
    }
  }
}

/* Five decimals, trailing zeros dropped, -0 as 0 (the SVG writer's). */
static size_t format_decimal(double value, char *out, size_t size) {
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
  if (strcmp(text, "-0") == 0) {
    strcpy(text, "0");
  }
  return (size_t)snprintf(out, size, "%s", text);
}

/* Appends to a bounded buffer, counting what the whole text needs. */
typedef struct sink {
  char *buffer;
  size_t size, length;
} sink;

static void sink_put(sink *s, const char *text) {
  size_t length = strlen(text);
  if (s->length + 1 < s->size) {
    size_t room = s->size - s->length - 1;
    memcpy(s->buffer + s->length, text, length < room ? length : room);
    s->buffer[s->length + (length < room ? length : room)] = '\0';
  }
  s->length += length;
}

static size_t path_format(const anima_value *value, char *buffer, size_t size,
                          void *user) {
  (void)user;
  const anima_vector *vector = value->as.vector;
  const path_shape *shape = vector->shape;
  sink out = {buffer, size, 0};
  if (size > 0) {
    buffer[0] = '\0';
  }
  bool authored = vector->count == shape->number_count;
  for (size_t i = 0; authored && i < vector->count; i++) {
    authored = vector->numbers[i] == shape->numbers[i];
  }
  sink_put(&out, "\"");
  if (authored) {
    sink_put(&out, shape->authored); /* (test paths need no escaping) */
  } else {
    size_t n = 0;
    for (size_t c = 0; c < shape->command_count; c++) {
      char letter[2] = {shape->commands[c], '\0'};
      sink_put(&out, letter);
      int count = argument_count(shape->commands[c]);
      for (int k = 0; k < count; k++, n++) {
        char number[64];
        format_decimal(vector->numbers[n], number, sizeof number);
        if (k > 0) {
          sink_put(&out, " ");
        }
        sink_put(&out, number);
      }
    }
  }
  sink_put(&out, "\"");
  return out.length;
}

/* ---- registration
 * ------------------------------------------------------------ */

static anima_status add_typed_property(anima_registrar *registrar,
                                       const char *name, const char *type,
                                       anima_animation animation,
                                       anima_value rest) {
  anima_field_desc field = {.owner = "node",
                            .name = name,
                            .kind = ANIMA_FIELD_VALUE,
                            .value_type = type,
                            .minimum = -INFINITY,
                            .maximum = INFINITY,
                            .description = "A typed value (test module)."};
  anima_property_desc property = {.owner = "node",
                                  .address = name,
                                  .value_type = type,
                                  .animation = animation,
                                  .minimum = -INFINITY,
                                  .maximum = INFINITY,
                                  .default_value = rest,
                                  .description = "A typed value."};
  anima_status status = host->add_field(registrar, &field);
  return status == ANIMA_OK ? host->add_property(registrar, &property) : status;
}

static const path_shape empty_shape = {0, "", "", NULL, 0};
static const anima_vector empty_path = {.count = 0, .shape = &empty_shape};

static anima_status values_init(const anima_host *kernel,
                                anima_registrar *registrar) {
  host = kernel;
  static const anima_code_desc codes[] = {
      {.code = "integer-range",
       .description = "An int or uint value outside its interval."},
      {.code = "unknown-reference",
       .description = "A reference to a node id the document lacks."},
  }; /* bad-path is the core's (SPEC §11.3); morph-mismatch is reported
      * unregistered: the paint module owns it (and the type name "path"),
      * and the CLI loads both */
  static const anima_value_type_desc types[] = {
      {.struct_size = sizeof(anima_value_type_desc),
       .name = "int",
       .storage = ANIMA_STORAGE_INTEGER,
       .animation = ANIMA_ANIMATION_HOLD,
       .parse = integer_parse,
       .user = (void *)&int_range},
      {.struct_size = sizeof(anima_value_type_desc),
       .name = "uint",
       .storage = ANIMA_STORAGE_INTEGER,
       .animation = ANIMA_ANIMATION_HOLD,
       .parse = integer_parse,
       .user = (void *)&uint_range},
      {.struct_size = sizeof(anima_value_type_desc),
       .name = "string",
       .storage = ANIMA_STORAGE_TEXT,
       .animation = ANIMA_ANIMATION_HOLD},
      {.struct_size = sizeof(anima_value_type_desc),
       .name = "reference",
       .storage = ANIMA_STORAGE_REFERENCE,
       .animation = ANIMA_ANIMATION_HOLD,
       .parse = reference_parse},
      {.struct_size = sizeof(anima_value_type_desc),
       .name = "point",
       .storage = ANIMA_STORAGE_POINT,
       .animation = ANIMA_ANIMATION_INTERPOLATED,
       .lerp = point_lerp},
      {.struct_size = sizeof(anima_value_type_desc),
       .name = "test-path",
       .storage = ANIMA_STORAGE_VECTOR,
       .animation = ANIMA_ANIMATION_INTERPOLATED,
       .parse = path_parse,
       .lerp = path_lerp,
       .format = path_format,
       .compatible = path_compatible},
  };
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, host->add_code, registrar, codes);
  for (size_t i = 0; status == ANIMA_OK && i < sizeof types / sizeof *types;
       i++) {
    status = host->add_value_type(registrar, &types[i], NULL);
  }
  const anima_value zero = {.as.integer = 0};
  const anima_value empty = {.as.text = ""};
  const anima_value nothing = {.as.reference = -1};
  const anima_value origin = {.as.point = {0, 0}};
  const anima_value no_path = {.as.vector = &empty_path};
  if (status == ANIMA_OK) {
    status = add_typed_property(registrar, "tally", "int", ANIMA_ANIMATION_HOLD,
                                zero);
  }
  if (status == ANIMA_OK) {
    status = add_typed_property(registrar, "serial", "uint",
                                ANIMA_ANIMATION_HOLD, zero);
  }
  if (status == ANIMA_OK) {
    status = add_typed_property(registrar, "caption", "string",
                                ANIMA_ANIMATION_HOLD, empty);
  }
  if (status == ANIMA_OK) {
    status = add_typed_property(registrar, "pointee", "reference",
                                ANIMA_ANIMATION_HOLD, nothing);
  }
  if (status == ANIMA_OK) {
    status = add_typed_property(registrar, "spot", "point",
                                ANIMA_ANIMATION_INTERPOLATED, origin);
  }
  if (status == ANIMA_OK) {
    status = add_typed_property(registrar, "morph", "test-path",
                                ANIMA_ANIMATION_INTERPOLATED, no_path);
  }
  if (status == ANIMA_OK) {
    static const anima_field_desc note = {.kind = ANIMA_FIELD_VALUE,
                                          .value_type = "string",
                                          .minimum = -INFINITY,
                                          .maximum = INFINITY};
    static const anima_field_desc notes = {
        .owner = "node",
        .name = "notes",
        .kind = ANIMA_FIELD_MAP,
        .item_field = &note,
        .minimum = -INFINITY,
        .maximum = INFINITY,
        .description = "Strings by name (test module)."};
    static const anima_property_desc members = {
        .owner = "node",
        .address = "notes.*",
        .value_type = "string",
        .animation = ANIMA_ANIMATION_HOLD,
        .minimum = -INFINITY,
        .maximum = INFINITY,
        .default_value = {.as.text = ""},
        .description = "One note."};
    status = host->add_field(registrar, &notes);
    if (status == ANIMA_OK) {
      status = host->add_property(registrar, &members);
    }
  }
  return status;
}

static const char *const values_features[] = {"values", NULL};

ANIMA_MODULE_DEFINE(values, .name = "values", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima tests",
                    .description = "Typed values for the kinds tests.",
                    .features = values_features, .init = values_init);
