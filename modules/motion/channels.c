/*
 * channels.c — typed channels (SPEC motion "Typed channels and mixing"):
 *
 *   "channels": {"label": {"type": "string", "value": "Ready"}}
 *
 * on any node; `type` is int, uint, string or reference. A channel is the
 * hold-only property `<id>.channels.<name>` of the value type "channel"
 * (one registered property, the pattern "channels.*").
 *
 * Values are stored as model-owned text (TEXT storage): `as.text` is the
 * payload a host reads — the decimal integer, the string itself or the
 * referenced node id — and the byte before it is a tag saying what it is:
 *
 *   'i' int, 'u' uint, 's' string, 'r' reference   (a declaration's value)
 *   'n' a number, 't' a string                     (a key or pose value,
 *        checked against its channel's declared type by `compatible`)
 *
 * Snapshots print integers as JSON numbers and strings and references as
 * JSON strings (DECISIONS 11: a reference prints as the node id).
 *
 * Diagnostics (docs/modules/motion.md):
 *   motion-integer    an int/uint value that is not a whole number in its
 *                     interval, at the value (hint: the interval)
 *   value-type        a value of the wrong JSON type for its channel
 *   motion-reference  a reference to no node of the scene (hint: an
 *                     existing id)
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "motion.h"

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static const char *const channel_types[] = {"int", "uint", "string",
                                            "reference", NULL};

static const anima_kind_desc channel_kind = {
    .name = "motion-channel",
    .element = "channel",
    .key_field = "name",
    .feature = MOTION_FEATURE,
    .description = "A typed, hold-only channel of scene data: an int, uint, "
                   "string or node reference, animatable as "
                   "<id>.channels.<name>."};

static const anima_field_desc channel_fields[] = {
    {.owner = "node",
     .name = "channels",
     .feature = MOTION_FEATURE,
     .kind = ANIMA_FIELD_MAP,
     .item_kind = "motion-channel",
     .markup_name = "channel",
     .markup_form = ANIMA_MARKUP_CHILDREN,
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .description = "Typed channels of this node by name; each is the "
                    "hold-only address <id>.channels.<name>."},
    {.owner = "motion-channel",
     .name = "type",
     .feature = MOTION_FEATURE,
     .kind = ANIMA_FIELD_ENUM,
     .options = channel_types,
     .required = true,
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .description = "int (32-bit signed), uint (32-bit unsigned), string or "
                    "reference (a node id of this scene)."},
    {.owner = "motion-channel",
     .name = "value",
     .feature = MOTION_FEATURE,
     .kind = ANIMA_FIELD_ANY,
     .required = true,
     .markup_form = ANIMA_MARKUP_JSON,
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .description = "The rest value: a whole number (int, uint) or a JSON "
                    "string (string, reference: a node id)."},
};

static const anima_code_desc channel_codes[] = {
    {.code = "motion-integer",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = MOTION_FEATURE,
     .description = "An int or uint channel value (document, key or pose) is "
                    "not a whole number in [-2^31, 2^31-1] or [0, 2^32-1]."},
    {.code = "motion-reference",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = MOTION_FEATURE,
     .description = "A reference channel value names no node of the scene."},
};

/* ---- values ------------------------------------------------------------ */

typedef struct integer_interval {
  double minimum, maximum;
  const char *text;
} integer_interval;

static const integer_interval int_interval = {-2147483648.0, 2147483647.0,
                                              "[-2147483648, 2147483647]"};
static const integer_interval uint_interval = {0, 4294967295.0,
                                               "[0, 4294967295]"};

/* A value's tag (the byte before its payload). */
static char tag_of(const anima_value *value) {
  return value->as.text ? value->as.text[-1] : 's';
}

/* `payload` (length bytes) behind `tag`, in memory of the context. */
static bool store(anima_value_context *context, char tag, const char *payload,
                  size_t length, anima_value *out) {
  char *text = motion_host->value_alloc(context, length + 2);
  if (!text) {
    return false;
  }
  text[0] = tag;
  memcpy(text + 1, payload, length);
  text[length + 1] = '\0';
  out->as.text = text + 1;
  return true;
}

static bool store_number(anima_value_context *context, char tag, double number,
                         anima_value *out) {
  char text[ANIMA_FORMAT_CAPACITY];
  size_t length = motion_host->format_number(number, text);
  return store(context, tag, text, length, out);
}

/* Reports `number` outside `interval` (or not whole); true when fine. */
static bool integer_fits(anima_value_context *context, double number,
                         const integer_interval *interval, const char *type) {
  if (floor(number) == number && number >= interval->minimum &&
      number <= interval->maximum) {
    return true;
  }
  char text[ANIMA_FORMAT_CAPACITY];
  motion_host->format_number(number, text);
  char hint[96];
  snprintf(hint, sizeof hint, "use a whole number in %s", interval->text);
  motion_host->value_report(context, "motion-integer", hint,
                            "%s is not a valid %s channel value", text, type);
  return false;
}

/* A node id that names a node of the scene; reports motion-reference. */
static bool reference_resolves(anima_value_context *context, const char *id) {
  if (motion_host->value_find_node(context, id) >= 0) {
    return true;
  }
  motion_host->value_report(
      context, "motion-reference",
      "use the id of an existing node of this scene",
      "no node has the id \"%s\", so the reference does not resolve", id);
  return false;
}

/* A declaration {type, value}: the typed rest value. */
static bool parse_declaration(anima_value_context *context,
                              const anima_json *json, anima_value *out) {
  const anima_host *host = motion_host;
  const char *type = host->json_string(host->json_member(json, "type"), NULL);
  const anima_json *value = host->json_member(json, "value");
  if (!type || !value) {
    return false; /* the structural walk reported it */
  }
  bool integer = strcmp(type, "int") == 0 || strcmp(type, "uint") == 0;
  if (integer) {
    bool is_int = strcmp(type, "int") == 0;
    if (host->json_type(value) != ANIMA_JSON_NUMBER) {
      host->value_report(context, "value-type", "write a whole number",
                         "an %s channel holds a whole number", type);
      return false;
    }
    double number = host->json_number(value);
    return integer_fits(context, number,
                        is_int ? &int_interval : &uint_interval, type) &&
           store_number(context, is_int ? 'i' : 'u', number, out);
  }
  size_t length = 0;
  const char *text = host->json_type(value) == ANIMA_JSON_STRING
                         ? host->json_string(value, &length)
                         : NULL;
  if (!text) {
    host->value_report(context, "value-type", "write a JSON string",
                       "a %s channel holds a string", type);
    return false;
  }
  if (strcmp(type, "reference") == 0) {
    return reference_resolves(context, text) &&
           store(context, 'r', text, length, out);
  }
  return store(context, 's', text, length, out);
}

/* A declaration object, or a key or pose value (a number or a string,
 * typed against the channel by `compatible`). */
static bool channel_parse(anima_value_context *context, const anima_json *json,
                          anima_value *out, void *user) {
  (void)user;
  const anima_host *host = motion_host;
  switch (host->json_type(json)) {
  case ANIMA_JSON_OBJECT:
    return parse_declaration(context, json, out);
  case ANIMA_JSON_NUMBER:
    return store_number(context, 'n', host->json_number(json), out);
  case ANIMA_JSON_STRING: {
    size_t length = 0;
    const char *text = host->json_string(json, &length);
    return store(context, 't', text, length, out);
  }
  default:
    host->value_report(context, "value-type",
                       "write a whole number (int, uint) or a JSON string "
                       "(string, reference)",
                       "a channel value is a number or a string");
    return false;
  }
}

/* A key or pose value against its channel's declared rest value. */
static bool channel_compatible(anima_value_context *context,
                               const anima_value *rest,
                               const anima_value *other, void *user) {
  (void)user;
  char declared = tag_of(rest);
  char given = tag_of(other);
  if (declared == 'i' || declared == 'u') {
    const char *type = declared == 'i' ? "int" : "uint";
    if (given != 'n') {
      motion_host->value_report(context, "value-type", "write a whole number",
                                "an %s channel holds a whole number", type);
      return false;
    }
    double number = 0;
    sscanf(other->as.text, "%lf", &number);
    return integer_fits(context, number,
                        declared == 'i' ? &int_interval : &uint_interval, type);
  }
  if (declared != 's' && declared != 'r') {
    return true; /* the rest itself is invalid: reported there */
  }
  const char *type = declared == 's' ? "string" : "reference";
  if (given != 't') {
    motion_host->value_report(context, "value-type",
                              declared == 's' ? "write a quoted JSON string"
                                              : "write a node id",
                              "a %s channel holds a string", type);
    return false;
  }
  return declared == 's' || reference_resolves(context, other->as.text);
}

/* Appends `text` as a JSON string (snprintf contract). */
static size_t format_string(const char *text, char *buffer, size_t size) {
  size_t used = 0;
  char piece[8];
#define PUT(s, n)                                                              \
  do {                                                                         \
    for (size_t k_ = 0; k_ < (n); k_++, used++) {                              \
      if (used + 1 < size) {                                                   \
        buffer[used] = (s)[k_];                                                \
      }                                                                        \
    }                                                                          \
  } while (0)
  PUT("\"", 1);
  for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
    if (*c == '"' || *c == '\\') {
      piece[0] = '\\';
      piece[1] = (char)*c;
      PUT(piece, 2);
    } else if (*c < 0x20) {
      int n = snprintf(piece, sizeof piece, "\\u%04x", *c);
      PUT(piece, (size_t)n);
    } else {
      PUT((const char *)c, 1);
    }
  }
  PUT("\"", 1);
#undef PUT
  if (size > 0) {
    buffer[used < size ? used : size - 1] = '\0';
  }
  return used;
}

static size_t channel_format(const anima_value *value, char *buffer,
                             size_t size, void *user) {
  (void)user;
  const char *text = value->as.text ? value->as.text : "";
  char tag = tag_of(value);
  if (tag == 'i' || tag == 'u' || tag == 'n') {
    return (size_t)snprintf(buffer, size, "%s", text);
  }
  return format_string(text, buffer, size);
}

/* ---- the document check: every declaration's value -------------------- */

/* `base` + "/" + the RFC 6901 escape of `token`. */
static void pointer_join(char *out, size_t size, const char *base,
                         const char *token) {
  size_t used = (size_t)snprintf(out, size, "%s/", base);
  for (const char *c = token; *c && used + 3 < size; c++) {
    if (*c == '~' || *c == '/') {
      out[used++] = '~';
      out[used++] = *c == '~' ? '0' : '1';
    } else {
      out[used++] = *c;
    }
  }
  if (used < size) {
    out[used] = '\0';
  }
}

static void check_declaration(anima_check *check, const char *pointer,
                              const anima_json *channel) {
  const anima_host *host = motion_host;
  const char *type =
      host->json_string(host->json_member(channel, "type"), NULL);
  const anima_json *value = host->json_member(channel, "value");
  if (!type || !value) {
    return; /* missing-key or bad-value: the structural walk */
  }
  char at[1040];
  snprintf(at, sizeof at, "%s/value", pointer);
  bool is_int = strcmp(type, "int") == 0;
  if (is_int || strcmp(type, "uint") == 0) {
    if (host->json_type(value) != ANIMA_JSON_NUMBER) {
      host->check_report(check, "value-type", ANIMA_SEVERITY_ERROR, at,
                         "write a whole number",
                         "an %s channel holds a whole number", type);
      return;
    }
    const integer_interval *interval = is_int ? &int_interval : &uint_interval;
    double number = host->json_number(value);
    if (!(floor(number) == number && number >= interval->minimum &&
          number <= interval->maximum)) {
      char text[ANIMA_FORMAT_CAPACITY], hint[96];
      host->format_number(number, text);
      snprintf(hint, sizeof hint, "use a whole number in %s", interval->text);
      host->check_report(check, "motion-integer", ANIMA_SEVERITY_ERROR, at,
                         hint, "%s is not a valid %s channel value", text,
                         type);
    }
    return;
  }
  if (strcmp(type, "string") != 0 && strcmp(type, "reference") != 0) {
    return; /* an unknown type: bad-value at /type (the structural walk) */
  }
  const char *text = host->json_type(value) == ANIMA_JSON_STRING
                         ? host->json_string(value, NULL)
                         : NULL;
  if (!text) {
    host->check_report(check, "value-type", ANIMA_SEVERITY_ERROR, at,
                       "write a JSON string", "a %s channel holds a string",
                       type);
    return;
  }
  if (strcmp(type, "reference") == 0 &&
      host->check_find_node(check, text) < 0) {
    host->check_report(
        check, "motion-reference", ANIMA_SEVERITY_ERROR, at,
        "use the id of an existing node of this scene",
        "no node has the id \"%s\", so the reference does not resolve", text);
  }
}

static void check_channels(anima_check *check, void *user) {
  (void)user;
  const anima_host *host = motion_host;
  size_t count = host->check_node_count(check);
  for (size_t node = 0; node < count; node++) {
    const char *node_pointer = NULL;
    const anima_json *object = host->check_node(check, node, &node_pointer);
    const anima_json *channels =
        object && host->json_type(object) == ANIMA_JSON_OBJECT
            ? host->json_member(object, "channels")
            : NULL;
    if (!channels || host->json_type(channels) != ANIMA_JSON_OBJECT) {
      continue;
    }
    char base[1000];
    snprintf(base, sizeof base, "%s/channels",
             node_pointer ? node_pointer : "");
    for (size_t i = 0; i < host->json_size(channels); i++) {
      const anima_json *channel = host->json_value_at(channels, i);
      if (host->json_type(channel) != ANIMA_JSON_OBJECT) {
        continue;
      }
      char pointer[1024];
      pointer_join(pointer, sizeof pointer, base,
                   host->json_key_at(channels, i));
      check_declaration(check, pointer, channel);
    }
  }
}

anima_status motion_register_channels(const anima_host *host,
                                      anima_registrar *registrar) {
  static const anima_check_desc check = {.struct_size = sizeof check,
                                         .feature = MOTION_FEATURE,
                                         .name = "channels",
                                         .check = check_channels};
  static const anima_value_type_desc type = {.struct_size =
                                                 sizeof(anima_value_type_desc),
                                             .name = "channel",
                                             .feature = MOTION_FEATURE,
                                             .storage = ANIMA_STORAGE_TEXT,
                                             .animation = ANIMA_ANIMATION_HOLD,
                                             .parse = channel_parse,
                                             .format = channel_format,
                                             .compatible = channel_compatible};
  static const char empty[] = "s";
  static const anima_property_desc property = {
      .owner = "node",
      .address = "channels.*",
      .feature = MOTION_FEATURE,
      .animation = ANIMA_ANIMATION_HOLD,
      .minimum = -INFINITY,
      .maximum = INFINITY,
      .default_value = {.as.text = empty + 1},
      .value_type = "channel",
      .description = "A typed channel (hold only): int and uint as whole "
                     "numbers, string and reference as JSON strings."};
  anima_status status = host->add_value_type(registrar, &type, NULL);
  if (status == ANIMA_OK) {
    status = host->add_kind(registrar, &channel_kind);
  }
  ANIMA_ADD_EACH(status, host->add_field, registrar, channel_fields);
  ANIMA_ADD_EACH(status, host->add_code, registrar, channel_codes);
  if (status == ANIMA_OK) {
    status = host->add_property(registrar, &property);
  }
  if (status == ANIMA_OK) {
    status = host->add_check(registrar, &check);
  }
  return status;
}
