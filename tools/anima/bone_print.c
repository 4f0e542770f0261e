/*
 * bone_print.c — the JSON sample line of `anima bone sample`
 * (OPENBONE-SAMPLES.md §3): keys in the documented order, numbers rounded
 * to 4 decimals as Math.round(n·1e4)/1e4 (halves toward +∞, -0 → 0) and
 * printed in the shortest form that reads back, colours as "#rrggbbaa".
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bone_print.h"

typedef struct buffer {
  char *text;
  size_t length, capacity;
  bool failed;
} buffer;

static void append(buffer *out, const char *text, size_t length) {
  if (out->failed) {
    return;
  }
  if (out->length + length + 1 > out->capacity) {
    size_t capacity = out->capacity ? out->capacity : 4096;
    while (capacity < out->length + length + 1) {
      capacity *= 2;
    }
    char *grown = realloc(out->text, capacity);
    if (grown == NULL) {
      out->failed = true;
      return;
    }
    out->text = grown;
    out->capacity = capacity;
  }
  memcpy(out->text + out->length, text, length);
  out->length += length;
  out->text[out->length] = '\0';
}

static void put(buffer *out, const char *text) {
  append(out, text, strlen(text));
}

/* JS Math.round: the nearest integer, halves toward +∞. */
static double js_round(double x) {
  double r = floor(x);
  return x - r >= 0.5 ? r + 1 : r;
}

void bone_format_number(double n, char out[40]) {
  if (!isfinite(n)) {
    strcpy(out, "null");
    return;
  }
  double rounded = js_round(n * 1e4) / 1e4;
  if (!isfinite(rounded)) { /* |n|·1e4 overflows: JSON.stringify(Infinity) */
    strcpy(out, "null");
    return;
  }
  if (rounded == 0) {
    rounded = 0; /* -0 → 0 */
  }
  /* Fixed notation first (20, 0.1, -9.2388), as JS prints these. */
  for (int decimals = 0; fabs(rounded) < 1e15 && decimals <= 4; decimals++) {
    snprintf(out, 40, "%.*f", decimals, rounded);
    if (strtod(out, NULL) == rounded) {
      return;
    }
  }
  for (int precision = 1; precision <= 17; precision++) {
    snprintf(out, 40, "%.*g", precision, rounded);
    if (strtod(out, NULL) == rounded) {
      return;
    }
  }
}

static void number(buffer *out, double n) {
  char text[40];
  bone_format_number(n, text);
  put(out, text);
}

static void string(buffer *out, const char *text) {
  if (text == NULL) {
    put(out, "null");
    return;
  }
  put(out, "\"");
  for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
    char escaped[8];
    if (*c == '"' || *c == '\\') {
      escaped[0] = '\\';
      escaped[1] = (char)*c;
      append(out, escaped, 2);
    } else if (*c < 0x20) {
      snprintf(escaped, sizeof escaped, "\\u%04x", *c);
      put(out, escaped);
    } else {
      append(out, (const char *)c, 1);
    }
  }
  put(out, "\"");
}

static int channel_byte(double c) {
  double clamped = c < 0 ? 0 : c > 1 ? 1 : c;
  if (isnan(c)) {
    clamped = 0;
  }
  return (int)js_round(clamped * 255);
}

static void color(buffer *out, const double rgba[4]) {
  char text[16];
  snprintf(text, sizeof text, "\"#%02x%02x%02x%02x\"", channel_byte(rgba[0]),
           channel_byte(rgba[1]), channel_byte(rgba[2]), channel_byte(rgba[3]));
  put(out, text);
}

static void float_list(buffer *out, const float *values, size_t count) {
  put(out, "[");
  for (size_t i = 0; i < count; i++) {
    if (i) {
      put(out, ", ");
    }
    number(out, (double)values[i]);
  }
  put(out, "]");
}

/* `name`, or `name#k` for the k-th (k >= 2) use of the same name in document
 * order (OPENBONE-SAMPLES §3); `uses` is k, from name_uses. */
static void unique_key(buffer *out, const char *name, size_t uses) {
  if (uses == 1) {
    string(out, name);
    return;
  }
  size_t length = strlen(name) + 24;
  char *key = malloc(length);
  if (key == NULL) {
    out->failed = true;
    return;
  }
  snprintf(key, length, "%s#%zu", name, uses);
  string(out, key);
  free(key);
}

typedef struct named {
  const char *name;
  size_t index;
} named;

static int by_name_then_index(const void *a, const void *b) {
  const named *x = a, *y = b;
  int order = strcmp(x->name, y->name);
  if (order != 0) {
    return order;
  }
  return (x->index > y->index) - (x->index < y->index);
}

/* For each of the `count` names, 1 + how many earlier names are equal: one
 * sort, so that thousands of equal names stay O(n log n) (counting earlier
 * equal names per key was quadratic: 20 000 bones named alike took seconds
 * per sample line). NULL when out of memory (then `out` has failed). */
static size_t *
name_uses(buffer *out, const char *(*name_at)(const anima_bone_model *, size_t),
          const anima_bone_model *model, size_t count) {
  size_t *uses = malloc((count ? count : 1) * sizeof *uses);
  named *sorted = malloc((count ? count : 1) * sizeof *sorted);
  if (uses == NULL || sorted == NULL) {
    free(uses);
    free(sorted);
    out->failed = true;
    return NULL;
  }
  for (size_t i = 0; i < count; i++) {
    sorted[i] = (named){name_at(model, i), i};
  }
  qsort(sorted, count, sizeof *sorted, by_name_then_index);
  for (size_t i = 0; i < count; i++) {
    bool repeat = i > 0 && strcmp(sorted[i - 1].name, sorted[i].name) == 0;
    uses[sorted[i].index] = repeat ? uses[sorted[i - 1].index] + 1 : 1;
  }
  free(sorted);
  return uses;
}

static void index_list(buffer *out, const unsigned *indices, size_t count) {
  put(out, "[");
  for (size_t k = 0; k < count; k++) {
    char text[24];
    snprintf(text, sizeof text, k ? ", %u" : "%u", indices[k]);
    put(out, text);
  }
  put(out, "]");
}

static const char *item_types[] = {"region",    "mesh", "sequence",
                                   "particles", "text", "shape"};

static void draw_items(buffer *out, anima_bone_instance *instance,
                       const anima_bone_model *model) {
  const anima_bone_draw_item *items;
  size_t count = anima_bone_draw_list(instance, &items);
  put(out, "[");
  for (size_t i = 0; i < count; i++) {
    const anima_bone_draw_item *item = &items[i];
    put(out, i ? ", {\"slot\": " : "{\"slot\": ");
    string(out, anima_bone_model_slot_name(model, item->slot));
    put(out, ", \"attachment\": ");
    string(out, item->attachment);
    put(out, ", \"type\": ");
    string(out, item_types[item->type]);
    put(out, ", \"blend\": ");
    string(out, item->blend);
    put(out, ", \"texture\": ");
    string(out, item->texture);
    put(out, ", \"vertices\": ");
    float_list(out, item->vertices, 2 * item->vertex_count);
    put(out, ", \"uvs\": ");
    float_list(out, item->uvs, 2 * item->vertex_count);
    put(out, ", \"indices\": ");
    index_list(out, item->indices, item->index_count);
    put(out, ", \"color\": ");
    color(out, item->color);
    put(out, ", \"dark\": ");
    if (item->has_dark) {
      color(out, item->dark);
    } else {
      put(out, "null");
    }
    if (item->colors) { /* particles: one colour per vertex (§8.8) */
      put(out, ", \"colors\": [");
      for (size_t v = 0; v < item->vertex_count; v++) {
        const float *c = item->colors + 4 * v;
        const double rgba[4] = {c[0], c[1], c[2], c[3]};
        put(out, v ? ", " : "");
        color(out, rgba);
      }
      put(out, "]");
    }
    if (item->text) { /* text: the formatted text (§8.9) */
      put(out, ", \"text\": ");
      string(out, item->text->text);
    }
    if (item->clip >= 0) {
      char text[32];
      snprintf(text, sizeof text, ", \"clip\": %ld}", item->clip);
      put(out, text);
    } else {
      put(out, ", \"clip\": null}");
    }
  }
  put(out, "]");
}

/* The masks of the draw list just printed (OPENBONE-SAMPLES §3). */
static void masks(buffer *out, const anima_bone_instance *instance,
                  const anima_bone_model *model) {
  const anima_bone_mask *list;
  size_t count = anima_bone_masks(instance, &list);
  put(out, "[");
  for (size_t i = 0; i < count; i++) {
    put(out, i ? ", {\"slot\": " : "{\"slot\": ");
    string(out, anima_bone_model_slot_name(model, list[i].slot));
    put(out, ", \"attachment\": ");
    string(out, list[i].attachment);
    put(out, ", \"vertices\": ");
    float_list(out, list[i].vertices, 2 * list[i].vertex_count);
    put(out, ", \"indices\": ");
    index_list(out, list[i].indices, list[i].index_count);
    put(out, "}");
  }
  put(out, "]");
}

static void events(buffer *out, anima_bone_instance *instance) {
  put(out, "[");
  for (size_t i = 0; i < anima_bone_event_count(instance); i++) {
    const anima_bone_event *event = anima_bone_event_get(instance, i);
    put(out, i ? ", {\"name\": " : "{\"name\": ");
    string(out, event->name);
    put(out, ", \"time\": ");
    number(out, event->time);
    put(out, ", \"int\": ");
    number(out, event->int_value);
    put(out, ", \"float\": ");
    number(out, event->float_value);
    put(out, ", \"string\": ");
    string(out, event->string);
    put(out, "}");
  }
  put(out, "]");
  anima_bone_events_clear(instance);
}

/* Audio commands since the last sample (OPENBONE-SAMPLES §3.2); play ids
 * are the director's play numbers, printed p1, p2, … (first appearance
 * over the whole run, since every play is printed). */
static void audio(buffer *out, anima_bone_instance *instance) {
  put(out, "[");
  for (size_t i = 0; i < anima_bone_audio_count(instance); i++) {
    const anima_bone_audio_command *c = anima_bone_audio_get(instance, i);
    char id[32];
    snprintf(id, sizeof id, "p%lu", c->id);
    put(out, i ? ", {\"type\": " : "{\"type\": ");
    if (c->type == ANIMA_BONE_AUDIO_PLAY) {
      put(out, "\"play\", \"id\": ");
      string(out, id);
      put(out, ", \"sound\": ");
      string(out, c->sound);
      put(out, ", \"asset\": ");
      string(out, c->asset);
      put(out, ", \"bus\": ");
      string(out, c->bus);
      put(out, ", \"volume\": ");
      number(out, c->volume);
      put(out, ", \"rate\": ");
      number(out, c->rate);
      put(out, c->loop ? ", \"loop\": true" : ", \"loop\": false");
      put(out, ", \"fadeIn\": ");
      number(out, c->fade_in);
      put(out, ", \"source\": ");
      string(out, c->source);
    } else if (c->type == ANIMA_BONE_AUDIO_MIX) {
      put(out, "\"mix\", \"bus\": ");
      string(out, c->bus);
      put(out, c->muted ? ", \"muted\": true" : ", \"muted\": false");
    } else {
      put(out, "\"stop\", \"id\": ");
      string(out, id);
      put(out, ", \"fade\": ");
      number(out, c->fade);
    }
    put(out, "}");
  }
  put(out, "]");
  anima_bone_audio_clear(instance);
}

static void bounds(buffer *out, anima_bone_instance *instance,
                   const anima_bone_model *model) {
  double box[4];
  const anima_bone_box *boxes;
  size_t count = anima_bone_bounds(instance, box, &boxes);
  static const char *names[] = {"minX", "minY", "maxX", "maxY"};
  put(out, "{");
  for (int i = 0; i < 4; i++) {
    put(out, i ? ", \"" : "\"");
    put(out, names[i]);
    put(out, "\": ");
    number(out, box[i]);
  }
  put(out, ", \"boxes\": [");
  for (size_t i = 0; i < count; i++) {
    put(out, i ? ", {\"slot\": " : "{\"slot\": ");
    string(out, anima_bone_model_slot_name(model, boxes[i].slot));
    put(out, ", \"attachment\": ");
    string(out, boxes[i].attachment);
    put(out, ", \"vertices\": ");
    float_list(out, boxes[i].vertices, 2 * boxes[i].vertex_count);
    put(out, "}");
  }
  put(out, "]}");
}

bool bone_print_sample(FILE *stream, anima_bone_instance *instance,
                       const anima_bone_model *model) {
  buffer out = {0};
  put(&out, "{\"time\": ");
  number(&out, anima_bone_instance_time(instance));
  put(&out, ", \"bones\": {");
  static const char *matrix_keys[] = {"a", "b", "c", "d", "x", "y"};
  static const int matrix_order[] = {4, 5, 0, 1, 2, 3}; /* x y a b c d */
  size_t bone_count = anima_bone_model_bone_count(model);
  size_t *bone_uses =
      name_uses(&out, anima_bone_model_bone_name, model, bone_count);
  for (size_t i = 0; bone_uses && i < bone_count; i++) {
    double world[6];
    anima_bone_world(instance, i, world);
    if (i) {
      put(&out, ", ");
    }
    unique_key(&out, anima_bone_model_bone_name(model, i), bone_uses[i]);
    put(&out, ": {");
    for (int k = 0; k < 6; k++) {
      put(&out, k ? ", \"" : "\"");
      put(&out, matrix_keys[matrix_order[k]]);
      put(&out, "\": ");
      number(&out, world[matrix_order[k]]);
    }
    put(&out, "}");
  }
  free(bone_uses);
  put(&out, "}, \"slots\": {");
  size_t slot_count = anima_bone_model_slot_count(model);
  size_t *slot_uses =
      name_uses(&out, anima_bone_model_slot_name, model, slot_count);
  for (size_t i = 0; slot_uses && i < slot_count; i++) {
    anima_bone_slot_state slot;
    anima_bone_slot(instance, i, &slot);
    if (i) {
      put(&out, ", ");
    }
    unique_key(&out, anima_bone_model_slot_name(model, i), slot_uses[i]);
    put(&out, ": {\"attachment\": ");
    string(&out, slot.attachment);
    put(&out, ", \"color\": ");
    color(&out, slot.color);
    put(&out, ", \"dark\": ");
    if (slot.has_dark) {
      color(&out, slot.dark);
    } else {
      put(&out, "null");
    }
    put(&out, "}");
  }
  free(slot_uses);
  put(&out, "}, \"draw\": ");
  draw_items(&out, instance, model);
  put(&out, ", \"masks\": ");
  masks(&out, instance, model);
  put(&out, ", \"events\": ");
  events(&out, instance);
  put(&out, ", \"audio\": ");
  audio(&out, instance);
  put(&out, ", \"bounds\": ");
  bounds(&out, instance, model);
  size_t layers = anima_bone_machine_layer_count(instance);
  if (anima_bone_instance_has_machine(instance)) {
    put(&out, ", \"states\": [");
    for (size_t i = 0; i < layers; i++) {
      put(&out, i ? ", " : "");
      string(&out, anima_bone_machine_active_state(instance, i));
    }
    put(&out, "]");
  }
  put(&out, "}\n");
  bool ok = !out.failed && fputs(out.text, stream) >= 0;
  free(out.text);
  return ok;
}
