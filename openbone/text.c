/*
 * text.c — text attachments (spec §8.9, Skeleton.textContent and
 * core/template.ts): formatTemplate, formatNumber with JavaScript's
 * toFixed (exact decimal value, ties away from zero) and String(Number)
 * (shortest round trip), the input lookup and the text record. Formatting
 * writes into the instance's text buffer, sized so that no template can
 * overflow it (ob_text_room): nothing is allocated while drawing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "instance.h"

/* Room for one placeholder's value besides its pattern and strings. */
#define VALUE_ROOM (OB_TEXT_NUMBER_ROOM + 64)
/* JS toFixed accepts at most 100 fraction digits (RangeError beyond). */
#define MOST_FRACTION 100

static void put(char *out, size_t size, size_t *at, const char *text,
                size_t length) {
  for (size_t i = 0; i < length && *at + 1 < size; i++) {
    out[(*at)++] = text[i];
  }
  out[*at < size ? *at : size - 1] = '\0';
}

/* String(v): the shortest round-trip spelling (machine_value.c). */
static void js_string(double v, char *out, size_t size) {
  ob_value value = {OB_VALUE_NUMBER, false, v, NULL};
  const char *text = ob_js_string(&value, out, size);
  if (text != out) {
    snprintf(out, size, "%s", text);
  }
}

/* JS (|v|).toFixed(digits) for 0 ≤ digits ≤ 100: the exact decimal value
 * of the double rounded half up at `digits` (printf rounds ties to even,
 * so the exact expansion is rounded by hand). |v| ≥ 1e21 gives String. */
static void to_fixed(double v, int digits, char *out, size_t size) {
  v = fabs(v);
  if (v >= 1e21) {
    js_string(v, out, size);
    return;
  }
  /* a double's exact expansion has at most 1074 fraction digits */
  char exact[1200];
  snprintf(exact, sizeof exact, "%.1080f", v);
  char *point = strchr(exact, '.');
  size_t int_length = (size_t)(point - exact);
  char digits_buffer[160];
  size_t n = 0;
  for (size_t i = 0; i < int_length; i++) {
    digits_buffer[n++] = exact[i];
  }
  for (int i = 0; i < digits; i++) {
    digits_buffer[n++] = point[1 + i];
  }
  if (point[1 + digits] >= '5') { /* at or above the half: up */
    size_t k = n;
    while (k > 0) {
      if (digits_buffer[k - 1] == '9') {
        digits_buffer[k - 1] = '0';
        k--;
      } else {
        digits_buffer[k - 1]++;
        break;
      }
    }
    if (k == 0) { /* 99.9 → 100.0 */
      memmove(digits_buffer + 1, digits_buffer, n);
      digits_buffer[0] = '1';
      n++;
      int_length++;
    }
  }
  size_t at = 0;
  put(out, size, &at, digits_buffer, int_length);
  if (digits > 0) {
    put(out, size, &at, ".", 1);
    put(out, size, &at, digits_buffer + int_length, (size_t)digits);
  }
}

void ob_format_plain(double v, char *out, size_t size) {
  if (!isfinite(v)) {
    js_string(v, out, size);
    return;
  }
  /* String(Number(v.toFixed(6))): the sign is kept by toFixed */
  char fixed[160];
  to_fixed(v, 6, fixed + 1, sizeof fixed - 1);
  fixed[0] = '-';
  double parsed = strtod(v < 0 ? fixed : fixed + 1, NULL);
  js_string(parsed, out, size);
}

/* The pattern's parts, as the regular expression of §8.9 splits them. */
typedef struct number_pattern {
  size_t prefix_length;
  bool plus;
  const char *integer;
  size_t integer_length;
  const char *fraction; /* NULL without a fraction part */
  size_t fraction_length;
  bool percent;
  const char *suffix;
  size_t suffix_length;
} number_pattern;

static bool integer_char(char c) {
  return c == '#' || c == '0' || c == ',';
}

/* ^([^#0]*?)(\+?)([#0,]+)(?:\.([0#]+))?(%?)(.*)$ — the lazy prefix stops
 * at the first place an integer part can start; the rest is greedy and
 * the suffix takes whatever remains, so no backtracking is needed. */
static bool split_pattern(const char *pattern, size_t length,
                          number_pattern *out) {
  memset(out, 0, sizeof *out);
  size_t p = 0;
  for (; p < length; p++) {
    if (pattern[p] == '+' && p + 1 < length && integer_char(pattern[p + 1])) {
      out->plus = true;
      break;
    }
    if (integer_char(pattern[p])) {
      break;
    }
  }
  if (p == length) {
    return false;
  }
  out->prefix_length = p;
  const char *at = pattern + p + (out->plus ? 1 : 0);
  const char *end = pattern + length;
  out->integer = at;
  while (at < end && integer_char(*at)) {
    at++;
  }
  out->integer_length = (size_t)(at - out->integer);
  if (at + 1 < end && at[0] == '.' && (at[1] == '0' || at[1] == '#')) {
    out->fraction = ++at;
    while (at < end && (*at == '0' || *at == '#')) {
      at++;
    }
    out->fraction_length = (size_t)(at - out->fraction);
  }
  if (at < end && *at == '%') {
    out->percent = true;
    at++;
  }
  out->suffix = at;
  out->suffix_length = (size_t)(end - at);
  return true;
}

/* formatNumber(v, pattern[0 … length)) appended to out at *at. */
static void format_number(double v, const char *pattern, size_t pattern_length,
                          char *out, size_t size, size_t *at_out) {
  number_pattern np;
  size_t at = *at_out;
  if (!split_pattern(pattern, pattern_length, &np)) {
    char plain[64];
    ob_format_plain(v, plain, sizeof plain);
    put(out, size, &at, plain, strlen(plain));
    put(out, size, &at, pattern, pattern_length);
    *at_out = at;
    return;
  }
  if (np.percent) {
    v *= 100;
  }
  put(out, size, &at, pattern, np.prefix_length);
  if (!isfinite(v)) {
    char text[32];
    js_string(v, text, sizeof text);
    put(out, size, &at, text, strlen(text));
    put(out, size, &at, "%", np.percent ? 1 : 0);
    put(out, size, &at, np.suffix, np.suffix_length);
    *at_out = at;
    return;
  }
  size_t min_fraction = 0;
  while (min_fraction < np.fraction_length &&
         np.fraction[min_fraction] == '0') {
    min_fraction++;
  }
  size_t max_fraction = np.fraction_length;
  if (max_fraction > MOST_FRACTION) {
    max_fraction = MOST_FRACTION;
    min_fraction = min_fraction < max_fraction ? min_fraction : max_fraction;
  }
  char s[OB_TEXT_NUMBER_ROOM];
  to_fixed(v, (int)max_fraction, s, sizeof s);
  /* strip up to maxFrac − minFrac trailing zeros, and a bare '.' */
  size_t length = strlen(s);
  char *point = strchr(s, '.');
  if (point && !strchr(s, 'e')) {
    size_t strip = max_fraction - min_fraction;
    while (strip > 0 && s[length - 1] == '0') {
      s[--length] = '\0';
      strip--;
    }
    if (s[length - 1] == '.') {
      s[--length] = '\0';
      point = NULL;
    }
  }
  size_t int_length = point ? (size_t)(point - s) : length;
  const char *fraction = point ? point : s + length; /* ".ddd" or "" */
  size_t zeros = 0;
  bool grouping = false;
  for (size_t i = 0; i < np.integer_length; i++) {
    zeros += np.integer[i] == '0';
    grouping |= np.integer[i] == ',';
  }
  /* the integer part: padded to the number of 0s (as many as the pattern
   * holds: written straight out, never cut to a buffer's size) */
  size_t n = zeros > int_length ? zeros : int_length;
  if (zeros == 0 && int_length == 1 && s[0] == '0' && *fraction) {
    n = 0; /* "#.##" writes 0.5 as ".5" */
  }
  bool nonzero = false;
  for (const char *c = s; *c; c++) {
    nonzero |= *c >= '1' && *c <= '9';
  }
  if (v < 0 && nonzero) {
    put(out, size, &at, "-", 1);
  } else if (np.plus && !(v < 0)) {
    put(out, size, &at, "+", 1);
  }
  for (size_t i = 0; i < n; i++) {
    if (grouping && i > 0 && (n - i) % 3 == 0) {
      put(out, size, &at, ",", 1);
    }
    put(out, size, &at, i < n - int_length ? "0" : &s[i - (n - int_length)], 1);
  }
  put(out, size, &at, fraction, strlen(fraction));
  put(out, size, &at, "%", np.percent ? 1 : 0);
  put(out, size, &at, np.suffix, np.suffix_length);
  *at_out = at;
}

void ob_format_number(double v, const char *pattern, char *out, size_t size) {
  size_t at = 0;
  out[0] = '\0';
  format_number(v, pattern, strlen(pattern), out, size, &at);
}

static bool js_space(const char *s, size_t *length) {
  static const char *spaces[] = {" ",
                                 "\t",
                                 "\n",
                                 "\v",
                                 "\f",
                                 "\r",
                                 "\xc2\xa0",
                                 "\xef\xbb\xbf",
                                 "\xe1\x9a\x80",
                                 "\xe2\x80\xa8",
                                 "\xe2\x80\xa9",
                                 "\xe2\x80\xaf",
                                 "\xe2\x81\x9f",
                                 "\xe3\x80\x80"};
  for (size_t i = 0; i < sizeof spaces / sizeof *spaces; i++) {
    size_t n = strlen(spaces[i]);
    if (strncmp(s, spaces[i], n) == 0) {
      *length = n;
      return true;
    }
  }
  /* U+2000 … U+200A */
  if ((unsigned char)s[0] == 0xe2 && (unsigned char)s[1] == 0x80 &&
      (unsigned char)s[2] >= 0x80 && (unsigned char)s[2] <= 0x8a) {
    *length = 3;
    return true;
  }
  return false;
}

/* trim(name): JS white space and line terminators off both ends. */
static void trim_name(const char **name, size_t *name_length) {
  size_t n = 0;
  while (*name_length > 0 && js_space(*name, &n) && n <= *name_length) {
    *name += n;
    *name_length -= n;
  }
  for (bool trimmed = true; trimmed && *name_length > 0;) {
    trimmed = false;
    for (size_t back = 1; back <= 3 && back <= *name_length; back++) {
      if (js_space(*name + *name_length - back, &n) && n == back) {
        *name_length -= back;
        trimmed = true;
        break;
      }
    }
  }
}

/* One placeholder of a template: {name} or {name:pattern}. */
typedef struct placeholder_span {
  const char *name;
  size_t name_length;
  const char *pattern; /* NULL without ":pattern" */
  size_t pattern_length;
  const char *end; /* just after the closing brace */
} placeholder_span;

/* \{([^{}:]+)(?::([^{}]*))?\} at c (a '{'); false when none starts
 * there. */
static bool match_placeholder(const char *c, placeholder_span *out) {
  const char *name = c + 1, *e = name;
  while (*e && *e != '{' && *e != '}' && *e != ':') {
    e++;
  }
  if (e == name) {
    return false;
  }
  out->name = name;
  out->name_length = (size_t)(e - name);
  out->pattern = NULL;
  out->pattern_length = 0;
  if (*e == '}') {
    out->end = e + 1;
    return true;
  }
  if (*e == ':') {
    const char *p = e + 1, *q = p;
    while (*q && *q != '{' && *q != '}') {
      q++;
    }
    if (*q == '}') {
      out->pattern = p;
      out->pattern_length = (size_t)(q - p);
      out->end = q + 1;
      return true;
    }
  }
  return false;
}

static bool same(const char *key, const char *name, size_t length) {
  return key && strlen(key) == length && memcmp(key, name, length) == 0;
}

/* Whether a placeholder's (trimmed) name may name a string input of some
 * state machine (by id or name): only those can print a string value. */
static bool may_be_string(const anima_bone_model *model, const char *name,
                          size_t length) {
  for (size_t m = 0; m < model->machine_count; m++) {
    const ob_machine_data *data = &model->machines[m];
    for (size_t i = 0; i < data->input_count; i++) {
      const ob_input_data *input = &data->inputs[i];
      if (input->type == OB_INPUT_STRING &&
          (same(input->id, name, length) || same(input->name, name, length))) {
        return true;
      }
    }
  }
  return false;
}

size_t ob_text_room(const anima_bone_model *model, const ob_attachment *att,
                    size_t string_room) {
  /* Walked as formatTemplate walks it, so that the room grows with the
   * template's length, not with its length times its braces: a
   * placeholder prints at most the larger of itself (an unknown name), a
   * number (its pattern at most twice, for the padding 0s and their
   * separators, besides VALUE_ROOM for the digits, sign and fraction) and,
   * when its name may be a string input's, string_room. */
  size_t room = 1;
  const char *c = att->text->text;
  while (*c) {
    if ((c[0] == '{' && c[1] == '{') || (c[0] == '}' && c[1] == '}')) {
      room++;
      c += 2;
      continue;
    }
    placeholder_span span;
    if (c[0] == '{' && match_placeholder(c, &span)) {
      size_t own = (size_t)(span.end - c);
      size_t value = 2 * span.pattern_length + 2 * VALUE_ROOM;
      const char *name = span.name;
      size_t name_length = span.name_length;
      trim_name(&name, &name_length);
      if (may_be_string(model, name, name_length) && string_room > value) {
        value = string_room;
      }
      room += own > value ? own : value;
      c = span.end;
      continue;
    }
    room++;
    c++;
  }
  return room;
}

static size_t longest_string(const anima_bone_model *model) {
  size_t most = 0;
  for (size_t m = 0; m < model->machine_count; m++) {
    const ob_machine_data *machine = &model->machines[m];
    most = machine->max_string_input > most ? machine->max_string_input : most;
    for (size_t i = 0; i < machine->input_count; i++) {
      const char *s = machine->inputs[i].initial_string;
      size_t n = s ? strlen(s) : 0;
      most = n > most ? n : most;
    }
  }
  return most;
}

bool ob_text_reserve(anima_bone_instance *instance, size_t string_room) {
  const anima_bone_model *model = instance->model;
  size_t document = longest_string(model);
  string_room = string_room > document ? string_room : document;
  if (instance->text_buffer && string_room <= instance->text_string_room) {
    return true;
  }
  size_t total = 0;
  for (size_t slot = 0; slot < model->slot_count; slot++) {
    size_t room = 0;
    for (size_t s = 0; s < model->skin_count; s++) {
      const ob_skin_slot *entry = &model->skins[s].slots[slot];
      for (size_t a = 0; a < entry->count; a++) {
        if (entry->attachments[a].type == OB_ATTACHMENT_TEXT &&
            entry->attachments[a].text) {
          size_t need =
              ob_text_room(model, &entry->attachments[a], string_room);
          room = need > room ? need : room;
        }
      }
    }
    instance->text_offset[slot] = total;
    total += room;
  }
  instance->text_offset[model->slot_count] = total;
  char *grown = realloc(instance->text_buffer, total ? total : 1);
  if (grown == NULL) {
    return false;
  }
  instance->text_buffer = grown;
  instance->text_capacity = total;
  instance->text_string_room = string_room;
  return true;
}

/* lookup(name) (§8.9): the running machine's input by id, then name
 * (triggers read false); without one, the default of the first
 * non-trigger input with that name across the state machines. */
static bool lookup(const anima_bone_instance *instance, const char *name,
                   size_t length, ob_value *out) {
  const ob_machine_run *run = instance->machine;
  if (run) {
    const ob_machine_data *data = run->data;
    for (int pass = 0; pass < 2; pass++) {
      for (size_t i = 0; i < data->input_count; i++) {
        const char *key = pass == 0 ? data->inputs[i].id : data->inputs[i].name;
        if (same(key, name, length)) {
          *out = run->inputs[i].value;
          if (data->inputs[i].type == OB_INPUT_TRIGGER) {
            *out = (ob_value){OB_VALUE_BOOL, false, 0, NULL};
          }
          return true;
        }
      }
    }
    return false;
  }
  const anima_bone_model *model = instance->model;
  for (size_t m = 0; m < model->machine_count; m++) {
    const ob_machine_data *data = &model->machines[m];
    for (size_t i = 0; i < data->input_count; i++) {
      const ob_input_data *input = &data->inputs[i];
      if (input->type != OB_INPUT_TRIGGER && same(input->name, name, length)) {
        *out = input->initial;
        if (input->type == OB_INPUT_STRING) {
          out->string = input->initial_string ? input->initial_string : "";
        }
        return true;
      }
    }
  }
  return false;
}

/* The value of {name[:pattern]} into out; false when the name is unknown
 * (the placeholder is then left as written). */
static bool placeholder(const anima_bone_instance *instance, const char *name,
                        size_t name_length, const char *pattern,
                        size_t pattern_length, char *out, size_t size,
                        size_t *at) {
  trim_name(&name, &name_length);
  ob_value value;
  if (!lookup(instance, name, name_length, &value)) {
    return false;
  }
  if (value.kind == OB_VALUE_NUMBER && pattern) {
    format_number(value.number, pattern, pattern_length, out, size, at);
  } else if (value.kind == OB_VALUE_NUMBER) {
    char text[64];
    ob_format_plain(value.number, text, sizeof text);
    put(out, size, at, text, strlen(text));
  } else {
    char spelled[64];
    const char *text = ob_js_string(&value, spelled, sizeof spelled);
    put(out, size, at, text, strlen(text));
  }
  return true;
}

/* formatTemplate (§8.9) of `text` into out. */
static void format_template(const anima_bone_instance *instance,
                            const char *text, char *out, size_t size) {
  size_t at = 0;
  out[0] = '\0';
  if (strpbrk(text, "{}") == NULL) {
    put(out, size, &at, text, strlen(text));
    return;
  }
  const char *c = text;
  while (*c) {
    if ((c[0] == '{' && c[1] == '{') || (c[0] == '}' && c[1] == '}')) {
      put(out, size, &at, c, 1);
      c += 2;
      continue;
    }
    placeholder_span span;
    if (c[0] == '{' && match_placeholder(c, &span)) {
      size_t before = at;
      if (!placeholder(instance, span.name, span.name_length, span.pattern,
                       span.pattern_length, out, size, &at)) {
        at = before;
        put(out, size, &at, c, (size_t)(span.end - c));
      }
      c = span.end;
      continue;
    }
    put(out, size, &at, c, 1);
    c++;
  }
}

const anima_bone_text *ob_text_record(anima_bone_instance *instance,
                                      size_t slot, const ob_attachment *att) {
  anima_bone_text *record = &instance->text_records[slot];
  const ob_text_data *data = att->text;
  char *out = instance->text_buffer + instance->text_offset[slot];
  size_t room = instance->text_offset[slot + 1] - instance->text_offset[slot];
  format_template(instance, data->text, out, room);
  record->text = out;
  record->font = data->font;
  record->size = data->size;
  record->weight = data->weight;
  record->align = data->align;
  record->width = att->width;
  record->height = att->height;
  record->color[0] = att->color.r;
  record->color[1] = att->color.g;
  record->color[2] = att->color.b;
  record->color[3] = att->color.a;
  record->has_outline = data->has_outline;
  memcpy(record->outline_color, data->outline_color,
         sizeof record->outline_color);
  record->outline_width = data->outline_width;
  const ob_matrix *w =
      &instance->bones[instance->model->slots[slot].bone].world;
  double cosine = cos(att->rotation * OB_DEG);
  double sine = sin(att->rotation * OB_DEG);
  ob_matrix local = {cosine, -sine, sine, cosine, att->x, att->y};
  ob_matrix m = ob_multiply(w, &local);
  record->matrix[0] = m.a;
  record->matrix[1] = m.b;
  record->matrix[2] = m.c;
  record->matrix[3] = m.d;
  record->matrix[4] = m.x;
  record->matrix[5] = m.y;
  return record;
}
