/*
 * shape_counts.c — sides and points (shape_counts.h; SPEC paint chapter,
 * "Parametric outlines").
 */
#include "shape_counts.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "paint.h"

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

static void check_poses(anima_check *check, const anima_json *document) {
  const anima_json *layers = paint_host->json_member(
      paint_host->json_member(document, "machine"), "layers");
  if (!layers || paint_host->json_type(layers) != ANIMA_JSON_OBJECT) {
    return;
  }
  for (size_t l = 0; l < paint_host->json_size(layers); l++) {
    const anima_json *states =
        paint_host->json_member(paint_host->json_value_at(layers, l), "states");
    if (!states || paint_host->json_type(states) != ANIMA_JSON_OBJECT) {
      continue;
    }
    for (size_t s = 0; s < paint_host->json_size(states); s++) {
      const anima_json *pose =
          paint_host->json_member(paint_host->json_value_at(states, s), "pose");
      if (!pose || paint_host->json_type(pose) != ANIMA_JSON_OBJECT) {
        continue;
      }
      for (size_t p = 0; p < paint_host->json_size(pose); p++) {
        const char *address = paint_host->json_key_at(pose, p);
        double minimum = 0;
        const char *parameter = addressed_count(check, address, &minimum);
        if (!parameter) {
          continue;
        }
        char at[512] = "/machine/layers";
        paint_pointer_append(at, sizeof at, paint_host->json_key_at(layers, l));
        paint_pointer_append(at, sizeof at, "states");
        paint_pointer_append(at, sizeof at, paint_host->json_key_at(states, s));
        paint_pointer_append(at, sizeof at, "pose");
        paint_pointer_append(at, sizeof at, address);
        check_count(check, paint_host->json_value_at(pose, p), at, parameter,
                    minimum, false);
      }
    }
  }
}

static void check_counts(anima_check *check, void *user) {
  (void)user;
  const anima_json *document = paint_host->check_document(check);
  check_fields(check);
  check_tracks(check, document);
  check_poses(check, document);
}

anima_status paint_register_shape_counts(anima_registrar *registrar) {
  static const anima_check_desc check = {.struct_size = sizeof check,
                                         .feature = PAINT_FEATURE,
                                         .name = "shape-counts",
                                         .check = check_counts};
  return paint_host->add_check(registrar, &check);
}
