/*
 * inspect_motion.c — `anima inspect`: the timeline instances a document
 * that requires `motion` offers (SPEC motion "Explicit runtime instances";
 * docs/modules/motion.md). No instance exists before a host or a script
 * makes one (`instance`, `timeline`), so the report lists, for each
 * timeline, the clock an instance of it plays: its work area (default
 * [0, duration]), authored speed, quantize, loop mode, and the events
 * inside the work area in the order a forward instance crosses them (the
 * only ones an instance reports: "Events outside it never fire"). Read
 * from the document's JSON text as inspect_events.c does.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "inspect.h"

static bool requires_motion(const json_t *document) {
  const json_t *features = json_object_get(document, "requires");
  size_t index;
  const json_t *feature;
  json_array_foreach((json_t *)features, index, feature) {
    const char *name = json_string_value(feature);
    if (name && strcmp(name, "motion") == 0) {
      return true;
    }
  }
  return false;
}

static double number_or(const json_t *value, double fallback) {
  return json_is_number(value) ? json_number_value(value) : fallback;
}

typedef struct crossing {
  double time;
  size_t order;
  const char *name;
} crossing;

static int by_time(const void *left, const void *right) {
  const crossing *a = left, *b = right;
  if (a->time != b->time) {
    return a->time < b->time ? -1 : 1;
  }
  return a->order < b->order ? -1 : (a->order > b->order ? 1 : 0);
}

/* The events inside [start, end], by time then authored order. */
static json_t *events_inside(const json_t *events, double start, double end) {
  size_t count = json_array_size(events);
  crossing *list = calloc(count ? count : 1, sizeof *list);
  json_t *result = json_array();
  if (!list || !result) {
    free(list);
    return result;
  }
  size_t kept = 0;
  for (size_t i = 0; i < count; i++) {
    const json_t *event = json_array_get(events, i);
    double time = number_or(json_array_get(event, 0), NAN);
    const char *name = json_string_value(json_array_get(event, 1));
    if (name && time >= start && time <= end) {
      list[kept++] = (crossing){time, i, name};
    }
  }
  qsort(list, kept, sizeof *list, by_time);
  for (size_t i = 0; i < kept; i++) {
    json_array_append_new(result, json_pack("{s:f, s:s}", "time", list[i].time,
                                            "name", list[i].name));
  }
  free(list);
  return result;
}

void inspect_add_instances(json_t *report, const char *json, size_t length) {
  json_t *document = json_loadb(json, length, 0, NULL);
  if (!requires_motion(document)) {
    json_decref(document);
    return;
  }
  json_t *list = json_array();
  const char *name;
  json_t *timeline;
  json_object_foreach(json_object_get(document, "timelines"), name, timeline) {
    double duration = number_or(json_object_get(timeline, "duration"), 0);
    const json_t *work = json_object_get(timeline, "work");
    double start = number_or(json_array_get(work, 0), 0);
    double end = number_or(json_array_get(work, 1), duration);
    const json_t *quantize = json_object_get(timeline, "quantize");
    const char *loop = json_string_value(json_object_get(timeline, "loop"));
    json_t *item = json_pack(
        "{s:s, s:[f, f], s:f, s:o, s:s, s:o}", "timeline", name, "work", start,
        end, "speed", number_or(json_object_get(timeline, "speed"), 1),
        "quantize",
        json_is_number(quantize) ? json_deep_copy(quantize) : json_null(),
        "loop", loop ? loop : "once", "events",
        events_inside(json_object_get(timeline, "events"), start, end));
    if (item) {
      json_array_append_new(list, item);
    }
  }
  json_object_set_new(report, "instances", list);
  json_decref(document);
}
