/*
 * shape_counts.c — sides and points (shape_counts.h; SPEC paint chapter,
 * "Parametric outlines").
 */
#include "shape_counts.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "paint.h"
#include "shape_outline.h"

size_t paint_count_of(double value, double minimum) {
  if (!(value >= minimum)) {
    value = minimum; /* below the bounds, or NaN */
  }
  if (value > PAINT_COUNT_MAX) {
    value = PAINT_COUNT_MAX;
  }
  return (size_t)floor(value + 0.5);
}

/* ---- the check ----------------------------------------------------------- */

/* The count parameter of node type `type` and its least value, or NULL. */
static const char *count_parameter(const char *type, double *minimum) {
  if (type && strcmp(type, "polygon") == 0) {
    *minimum = PAINT_SIDES_MIN;
    return "sides";
  }
  if (type && strcmp(type, "star") == 0) {
    *minimum = PAINT_POINTS_MIN;
    return "points";
  }
  return NULL;
}

/* Reports a count that is not a whole number within its bounds (values of
 * other JSON types are left to the structural checks). `range_checked`: the
 * registry already checked the bounds (a field), so only wholeness is
 * reported here. */
static void check_count(anima_check *check, const anima_json *value,
                        const char *pointer, const char *parameter,
                        double minimum, bool range_checked) {
  if (!value || paint_host->json_type(value) != ANIMA_JSON_NUMBER) {
    return;
  }
  double count = paint_host->json_number(value);
  bool in_range = count >= minimum && count <= PAINT_COUNT_MAX;
  if (floor(count) == count && in_range) {
    return;
  }
  if (!in_range && range_checked) {
    return;
  }
  char number[ANIMA_FORMAT_CAPACITY];
  paint_host->format_number(count, number);
  char hint[64];
  snprintf(hint, sizeof hint, "use a whole number from %.0f to %d", minimum,
           PAINT_COUNT_MAX);
  paint_host->check_report(check, "bad-value", ANIMA_SEVERITY_ERROR, pointer,
                           hint,
                           "\"%s\" is %s, not a whole number from %.0f "
                           "to %d",
                           parameter, number, minimum, PAINT_COUNT_MAX);
}

/* The count parameter an address names ("s.points" on a star), or NULL. */
static const char *addressed_count(anima_check *check, const char *address,
                                   double *minimum) {
  const char *dot = strchr(address, '.');
  if (!dot || (size_t)(dot - address) >= 128) {
    return NULL;
  }
  char id[128];
  memcpy(id, address, (size_t)(dot - address));
  id[dot - address] = '\0';
  long node = paint_host->check_find_node(check, id);
  if (node < 0) {
    return NULL;
  }
  const anima_json *json = paint_host->check_node(check, (size_t)node, NULL);
  const anima_json *type = paint_host->json_member(json, "type");
  const char *parameter =
      count_parameter(type && paint_host->json_type(type) == ANIMA_JSON_STRING
                          ? paint_host->json_string(type, NULL)
                          : NULL,
                      minimum);
  return parameter && strcmp(dot + 1, parameter) == 0 ? parameter : NULL;
}

static void check_fields(anima_check *check) {
  for (size_t i = 0; i < paint_host->check_node_count(check); i++) {
    const char *pointer = NULL;
    const anima_json *node = paint_host->check_node(check, i, &pointer);
    const anima_json *type = paint_host->json_member(node, "type");
    double minimum = 0;
    const char *parameter =
        count_parameter(type && paint_host->json_type(type) == ANIMA_JSON_STRING
                            ? paint_host->json_string(type, NULL)
                            : NULL,
                        &minimum);
    if (!parameter || !pointer) {
      continue;
    }
    char at[512];
    snprintf(at, sizeof at, "%s", pointer);
    paint_pointer_append(at, sizeof at, parameter);
    check_count(check, paint_host->json_member(node, parameter), at, parameter,
                minimum, true);
  }
}

static void check_tracks(anima_check *check, const anima_json *document) {
  const anima_json *timelines = paint_host->json_member(document, "timelines");
  if (!timelines || paint_host->json_type(timelines) != ANIMA_JSON_OBJECT) {
    return;
  }
  for (size_t t = 0; t < paint_host->json_size(timelines); t++) {
    const anima_json *tracks = paint_host->json_member(
        paint_host->json_value_at(timelines, t), "tracks");
    if (!tracks || paint_host->json_type(tracks) != ANIMA_JSON_OBJECT) {
      continue;
    }
    for (size_t a = 0; a < paint_host->json_size(tracks); a++) {
      const char *address = paint_host->json_key_at(tracks, a);
      double minimum = 0;
      const char *parameter = addressed_count(check, address, &minimum);
      const anima_json *keys = paint_host->json_value_at(tracks, a);
      if (!parameter || paint_host->json_type(keys) != ANIMA_JSON_ARRAY) {
        continue;
      }
      for (size_t k = 0; k < paint_host->json_size(keys); k++) {
        char at[512] = "/timelines";
        char index[32];
        paint_pointer_append(at, sizeof at,
                             paint_host->json_key_at(timelines, t));
        paint_pointer_append(at, sizeof at, "tracks");
        paint_pointer_append(at, sizeof at, address);
        snprintf(index, sizeof index, "%zu", k);
        paint_pointer_append(at, sizeof at, index);
        paint_pointer_append(at, sizeof at, "1");
        check_count(check,
                    paint_host->json_item(paint_host->json_item(keys, k), 1),
                    at, parameter, minimum, false);
      }
    }
  }
}

/* Every machine's layers (the default machine's, then each named
 * machine's: host check_layer), so a pose in a named machine is checked as
 * one in the default machine is. */
static void check_poses(anima_check *check) {
  const anima_host *host = paint_host;
  if (!ANIMA_HOST_HAS(host, check_layer)) {
    return;
  }
  for (size_t l = 0; l < host->check_layer_count(check); l++) {
    char layer[512];
    const anima_json *json = host->check_layer(check, l, layer, sizeof layer);
    const anima_json *states =
        json && host->json_type(json) == ANIMA_JSON_OBJECT
            ? host->json_member(json, "states")
            : NULL;
    if (!states || host->json_type(states) != ANIMA_JSON_OBJECT) {
      continue;
    }
    for (size_t s = 0; s < host->json_size(states); s++) {
      const anima_json *pose =
          host->json_member(host->json_value_at(states, s), "pose");
      if (!pose || host->json_type(pose) != ANIMA_JSON_OBJECT) {
        continue;
      }
      for (size_t p = 0; p < host->json_size(pose); p++) {
        const char *address = host->json_key_at(pose, p);
        double minimum = 0;
        const char *parameter = addressed_count(check, address, &minimum);
        if (!parameter) {
          continue;
        }
        char at[512];
        snprintf(at, sizeof at, "%s", layer);
        paint_pointer_append(at, sizeof at, "states");
        paint_pointer_append(at, sizeof at, host->json_key_at(states, s));
        paint_pointer_append(at, sizeof at, "pose");
        paint_pointer_append(at, sizeof at, address);
        check_count(check, host->json_value_at(pose, p), at, parameter, minimum,
                    false);
      }
    }
  }
}

/* ---- the path-complexity budget ----------------------------------------- */

/* The larger of `largest` and a JSON number `value`. */
static double larger(double largest, const anima_json *value) {
  if (value && paint_host->json_type(value) == ANIMA_JSON_NUMBER) {
    double number = paint_host->json_number(value);
    return number > largest ? number : largest;
  }
  return largest;
}

/* The largest value `address` takes in track keys and pose values, from
 * `largest` (the field). `*keyed` tells whether any key or pose names it. */
static double largest_keyed(anima_check *check, const char *address,
                            double largest, bool *keyed) {
  const anima_host *host = paint_host;
  const anima_json *document = host->check_document(check);
  const anima_json *timelines = host->json_member(document, "timelines");
  for (size_t t = 0;
       timelines && host->json_type(timelines) == ANIMA_JSON_OBJECT &&
       t < host->json_size(timelines);
       t++) {
    const anima_json *tracks =
        host->json_member(host->json_value_at(timelines, t), "tracks");
    const anima_json *keys =
        tracks && host->json_type(tracks) == ANIMA_JSON_OBJECT
            ? host->json_member(tracks, address)
            : NULL;
    for (size_t k = 0; keys && host->json_type(keys) == ANIMA_JSON_ARRAY &&
                       k < host->json_size(keys);
         k++) {
      *keyed = true;
      largest = larger(largest, host->json_item(host->json_item(keys, k), 1));
    }
  }
  for (size_t l = 0;
       ANIMA_HOST_HAS(host, check_layer) && l < host->check_layer_count(check);
       l++) {
    const anima_json *layer = host->check_layer(check, l, NULL, 0);
    const anima_json *states =
        layer && host->json_type(layer) == ANIMA_JSON_OBJECT
            ? host->json_member(layer, "states")
            : NULL;
    for (size_t s = 0; states && host->json_type(states) == ANIMA_JSON_OBJECT &&
                       s < host->json_size(states);
         s++) {
      const anima_json *pose =
          host->json_member(host->json_value_at(states, s), "pose");
      const anima_json *value =
          pose && host->json_type(pose) == ANIMA_JSON_OBJECT
              ? host->json_member(pose, address)
              : NULL;
      if (value) {
        *keyed = true;
        largest = larger(largest, value);
      }
    }
  }
  return largest;
}

/* The most segments node `json` (id `id`, a polygon or star) can draw: its
 * count at the largest of its field, keys and pose values (the maximum
 * when anything else names it, a binding say); a sharp ring draws a move,
 * a line per further vertex and the close, a rounded one (cornerRadius
 * above 0 or animated) shape_ring_segments. */
static size_t ring_segments(anima_check *check, const anima_json *json,
                            const char *id, const char *parameter,
                            double minimum, bool star) {
  char address[160];
  snprintf(address, sizeof address, "%s.%s", id, parameter);
  bool keyed = false;
  const anima_json *document = paint_host->check_document(check);
  double count = largest_keyed(
      check, address, larger(minimum, paint_host->json_member(json, parameter)),
      &keyed);
  if (!keyed && paint_document_names(document, address)) {
    count = PAINT_COUNT_MAX;
  }
  size_t vertices = paint_count_of(count, minimum) * (star ? 2 : 1);
  snprintf(address, sizeof address, "%s.cornerRadius", id);
  bool rounded = larger(0, paint_host->json_member(json, "cornerRadius")) > 0 ||
                 paint_document_names(document, address);
  return rounded ? shape_ring_segments(vertices) : vertices + 1;
}

/* Counts every shape's outline against the document's path-complexity
 * budget, in document order after the path nodes (the kernel counted
 * those); limit-exceeded at the node that crosses it. */
static void count_segments(anima_check *check) {
  const anima_host *host = paint_host;
  if (!ANIMA_HOST_HAS(host, check_count_segments)) {
    return;
  }
  for (size_t i = 0; i < host->check_node_count(check); i++) {
    const char *pointer = NULL;
    const anima_json *node = host->check_node(check, i, &pointer);
    const anima_json *type = host->json_member(node, "type");
    const anima_json *id = host->json_member(node, "id");
    const char *name = type && host->json_type(type) == ANIMA_JSON_STRING
                           ? host->json_string(type, NULL)
                           : "";
    const char *identity = id && host->json_type(id) == ANIMA_JSON_STRING
                               ? host->json_string(id, NULL)
                               : "";
    double minimum = 0;
    const char *parameter = count_parameter(name, &minimum);
    size_t segments = 0;
    if (parameter) {
      segments = ring_segments(check, node, identity, parameter, minimum,
                               strcmp(name, "star") == 0);
    } else if (strcmp(name, "ellipse") == 0) {
      segments = SHAPE_ELLIPSE_SEGMENTS;
    } else if (strcmp(name, "triangle") == 0) {
      segments = SHAPE_TRIANGLE_SEGMENTS;
    }
    if (segments > 0) {
      host->check_count_segments(check, pointer, segments);
    }
  }
}

static void check_counts(anima_check *check, void *user) {
  (void)user;
  const anima_json *document = paint_host->check_document(check);
  check_fields(check);
  check_tracks(check, document);
  check_poses(check);
  count_segments(check);
}

/* ---- sampled counts are whole numbers ------------------------------------
 *
 * "Sampled counts clamp to these bounds and round to nearest integer, ties
 * upward": a stage hook at BIND (after tracks, poses and crossfades wrote
 * the counts, before the kernel clamps) rounds every animated `sides` and
 * `points`, so snapshots, reads and `expect` see the count that is drawn. */

typedef struct count_slots {
  size_t count;
  size_t *slots;
  double *minimum;
} count_slots;

static anima_status counts_compile(anima_compile *compile,
                                   const anima_site *site, void *user,
                                   void **out) {
  (void)site, (void)user;
  const anima_host *host = paint_host;
  count_slots *data = host->compile_alloc(compile, sizeof *data);
  if (!data) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t nodes = host->compile_node_count(compile);
  for (int pass = 0; pass < 2; pass++) {
    size_t found = 0;
    for (size_t node = 0; node < nodes; node++) {
      double minimum = 0;
      const char *name =
          count_parameter(host->compile_node_type(compile, node), &minimum);
      long slot = name ? host->compile_find_slot(compile, node, name) : -1;
      if (slot < 0 || !host->compile_slot_animated(compile, (size_t)slot)) {
        continue;
      }
      if (pass == 1) {
        data->slots[found] = (size_t)slot;
        data->minimum[found] = minimum;
      }
      found++;
    }
    if (pass == 0) {
      data->count = found;
      if (found == 0) {
        break;
      }
      data->slots = host->compile_alloc(compile, found * sizeof *data->slots);
      data->minimum =
          host->compile_alloc(compile, found * sizeof *data->minimum);
      if (!data->slots || !data->minimum) {
        return ANIMA_ERROR_NO_MEMORY;
      }
    }
  }
  *out = data;
  return ANIMA_OK;
}

static void counts_run(anima_step *step, const void *data, void *instance,
                       void *user) {
  (void)instance, (void)user;
  const count_slots *counts = data;
  for (size_t i = 0; counts && i < counts->count; i++) {
    double value =
        paint_host->step_number(step, counts->slots[i], counts->minimum[i]);
    double whole = (double)paint_count_of(value, counts->minimum[i]);
    if (whole != value) {
      paint_host->step_write_number(step, counts->slots[i], whole);
    }
  }
}

anima_status paint_register_shape_counts(anima_registrar *registrar) {
  static const anima_check_desc check = {.struct_size = sizeof check,
                                         .feature = PAINT_FEATURE,
                                         .name = "shape-counts",
                                         .check = check_counts};
  static const anima_stage_hook_desc hook = {
      .struct_size = sizeof hook,
      .stage = ANIMA_STAGE_BIND,
      .feature = PAINT_FEATURE,
      .name = "whole-counts",
      .lifecycle = {.compile = counts_compile},
      .run = counts_run,
  };
  anima_status status = paint_host->add_check(registrar, &check);
  if (status == ANIMA_OK) {
    status = paint_host->add_stage_hook(registrar, &hook);
  }
  return status;
}
