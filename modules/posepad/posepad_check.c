/*
 * posepad_check.c — the posepad chapter's diagnostics (SPEC `## posepad`):
 *
 *   posepad-timeline  at /nodes/…/timelineX|timelineY: no such timeline
 *   posepad-handle    at /nodes/…/handle: no such node
 *   posepad-box       at /nodes/…/box: a handle without a box
 *   bad-value         at /nodes/…/box/2|3: width or height not positive
 *   posepad-output    at the track, state pose key or binding that writes
 *                     a handle-driven valueX/valueY
 *   posepad-cycle     at /nodes/…/timelineX|timelineY: the axis timeline
 *                     writes the handle, an ancestor of it, a transitive
 *                     constraint target of those (or its ancestors), or
 *                     the pad itself or an ancestor (its coordinate frame)
 *
 * Structural errors of the fields (types, the box's length) are the
 * generic validator's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "posepad.h"

#define host posepad_host

enum { POINTER = 1100 };

static bool is_pad(const anima_json *node) {
  const char *type = host->json_string(host->json_member(node, "type"), NULL);
  return type && strcmp(type, POSEPAD_TYPE) == 0;
}

/* Appends `token` to `base` as one RFC 6901 reference token. */
static void pointer_join(char *out, const char *base, const char *token) {
  size_t n = (size_t)snprintf(out, POINTER, "%.1000s/", base);
  for (const char *t = token; *t && n + 3 < POINTER; t++) {
    if (*t == '~' || *t == '/') {
      out[n++] = '~';
      out[n++] = *t == '~' ? '0' : '1';
    } else {
      out[n++] = *t;
    }
  }
  out[n] = '\0';
}

static bool has_timeline(anima_check *c, const char *name) {
  const anima_json *timelines =
      host->json_member(host->check_document(c), "timelines");
  return timelines && host->json_type(timelines) == ANIMA_JSON_OBJECT &&
         host->json_member(timelines, name) != NULL;
}

/* ---- fields ------------------------------------------------------------- */

static void check_fields(anima_check *c, const anima_json *node,
                         const char *pointer) {
  char at[POINTER];
  static const char *const timeline_fields[] = {"timelineX", "timelineY"};
  for (size_t a = 0; a < 2; a++) {
    const char *name =
        host->json_string(host->json_member(node, timeline_fields[a]), NULL);
    if (name && !has_timeline(c, name)) {
      pointer_join(at, pointer, timeline_fields[a]);
      host->check_report(c, "posepad-timeline", ANIMA_SEVERITY_ERROR, at,
                         "declare the timeline under \"timelines\" or name "
                         "one that is",
                         "the pose pad's %s \"%s\" is not a timeline",
                         timeline_fields[a], name);
    }
  }
  const char *handle =
      host->json_string(host->json_member(node, "handle"), NULL);
  if (handle && host->check_find_node(c, handle) < 0) {
    pointer_join(at, pointer, "handle");
    host->check_report(c, "posepad-handle", ANIMA_SEVERITY_ERROR, at,
                       "set handle to the id of a node of the document",
                       "the pose pad's handle \"%s\" is not a node", handle);
  }
  const anima_json *box = host->json_member(node, "box");
  if (handle && !box) {
    pointer_join(at, pointer, "box");
    host->check_report(c, "posepad-box", ANIMA_SEVERITY_ERROR, at,
                       "add \"box\": [x0, y0, width, height] in the pad's "
                       "coordinates",
                       "a pose pad with a handle needs a box");
  }
  if (box && host->json_type(box) == ANIMA_JSON_ARRAY &&
      host->json_size(box) == 4) {
    for (size_t b = 2; b < 4; b++) {
      const anima_json *size = host->json_item(box, b);
      if (host->json_type(size) == ANIMA_JSON_NUMBER &&
          !(host->json_number(size) > 0)) {
        snprintf(at, sizeof at, "%.1000s/box/%zu", pointer, b);
        host->check_report(c, "bad-value", ANIMA_SEVERITY_ERROR, at,
                           "use a positive width and height",
                           "the pose pad's box %s must be positive",
                           b == 2 ? "width" : "height");
      }
    }
  }
}

/* ---- handle-driven outputs ---------------------------------------------- */

/* Does `address` name `id`.valueX or `id`.valueY? */
static bool is_output(const char *address, const char *id) {
  size_t n = strlen(id);
  return strncmp(address, id, n) == 0 && (strcmp(address + n, ".valueX") == 0 ||
                                          strcmp(address + n, ".valueY") == 0);
}

/* Reports every key of `map` (at `pointer`) that writes an output of the
 * pad `id`. */
static void check_writes(anima_check *c, const anima_json *map,
                         const char *pointer, const char *id,
                         const char *what) {
  if (!map || host->json_type(map) != ANIMA_JSON_OBJECT) {
    return;
  }
  for (size_t k = 0; k < host->json_size(map); k++) {
    const char *address = host->json_key_at(map, k);
    if (address && is_output(address, id)) {
      char at[POINTER];
      pointer_join(at, pointer, address);
      host->check_report(c, "posepad-output", ANIMA_SEVERITY_ERROR, at,
                         "animate or bind the handle instead",
                         "%s writes \"%s\", which the pose pad's handle "
                         "drives",
                         what, address);
    }
  }
}

static void check_outputs(anima_check *c, const char *id) {
  const anima_json *document = host->check_document(c);
  char at[POINTER];
  const anima_json *timelines = host->json_member(document, "timelines");
  for (size_t t = 0;
       timelines && host->json_type(timelines) == ANIMA_JSON_OBJECT &&
       t < host->json_size(timelines);
       t++) {
    char timeline[POINTER];
    pointer_join(timeline, "/timelines", host->json_key_at(timelines, t));
    snprintf(at, sizeof at, "%.1000s/tracks", timeline);
    check_writes(c,
                 host->json_member(host->json_value_at(timelines, t), "tracks"),
                 at, id, "a track");
  }
  /* Every machine's layers: the default machine's, then each named
   * machine's (host check_layer). */
  for (size_t l = 0;
       ANIMA_HOST_HAS(host, check_layer) && l < host->check_layer_count(c);
       l++) {
    char layer[POINTER];
    const anima_json *json = host->check_layer(c, l, layer, sizeof layer);
    const anima_json *states =
        json && host->json_type(json) == ANIMA_JSON_OBJECT
            ? host->json_member(json, "states")
            : NULL;
    for (size_t s = 0; states && host->json_type(states) == ANIMA_JSON_OBJECT &&
                       s < host->json_size(states);
         s++) {
      char state[POINTER];
      snprintf(at, sizeof at, "%.1000s/states", layer);
      pointer_join(state, at, host->json_key_at(states, s));
      snprintf(at, sizeof at, "%.1000s/pose", state);
      check_writes(c, host->json_member(host->json_value_at(states, s), "pose"),
                   at, id, "a state pose");
    }
  }
  check_writes(c, host->json_member(document, "bind"), "/bind", id,
               "a binding");
}

/* ---- cycles ------------------------------------------------------------- */

/* Each node's parent, from the pre-order pointers ("/nodes/0/children/1"
 * is a child of "/nodes/0"). */
static void find_parents(anima_check *c, size_t count, long *parents) {
  for (size_t i = 0; i < count; i++) {
    const char *pointer = NULL;
    host->check_node(c, i, &pointer);
    parents[i] = -1;
    const char *cut = pointer ? strrchr(pointer, '/') : NULL;
    if (!cut || cut - pointer < 10 || strncmp(cut - 9, "/children", 9) != 0) {
      continue;
    }
    size_t length = (size_t)(cut - 9 - pointer);
    for (size_t j = i; j-- > 0;) {
      const char *other = NULL;
      host->check_node(c, j, &other);
      if (other && strlen(other) == length &&
          strncmp(other, pointer, length) == 0) {
        parents[i] = (long)j;
        break;
      }
    }
  }
}

/* Marks `node` and its ancestors. */
static void mark_up(const long *parents, bool *marked, long node) {
  for (; node >= 0 && !marked[node]; node = parents[node]) {
    marked[node] = true;
  }
}

/* Marks every node the handle's frame depends on: the handle, the pad and
 * their ancestors, then, until nothing changes, every node a constraint
 * of a marked node references (a string member naming a node) and its
 * ancestors. */
static void mark_frame(anima_check *c, size_t count, const long *parents,
                       bool *marked, long handle, long pad) {
  mark_up(parents, marked, handle);
  mark_up(parents, marked, pad);
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t i = 0; i < count; i++) {
      if (!marked[i]) {
        continue;
      }
      const anima_json *list =
          host->json_member(host->check_node(c, i, NULL), "constraints");
      for (size_t k = 0; list && host->json_type(list) == ANIMA_JSON_ARRAY &&
                         k < host->json_size(list);
           k++) {
        const anima_json *item = host->json_item(list, k);
        for (size_t m = 0; host->json_type(item) == ANIMA_JSON_OBJECT &&
                           m < host->json_size(item);
             m++) {
          const char *id =
              host->json_string(host->json_value_at(item, m), NULL);
          long target = id ? host->check_find_node(c, id) : -1;
          if (target >= 0 && !marked[target]) {
            mark_up(parents, marked, target);
            grew = true;
          }
        }
      }
    }
  }
}

/* Does timeline `name` write a marked node? */
static bool writes_marked(anima_check *c, const char *name,
                          const bool *marked) {
  const anima_json *tracks = host->json_member(
      host->json_member(host->json_member(host->check_document(c), "timelines"),
                        name),
      "tracks");
  for (size_t k = 0; tracks && host->json_type(tracks) == ANIMA_JSON_OBJECT &&
                     k < host->json_size(tracks);
       k++) {
    const char *address = host->json_key_at(tracks, k);
    const char *dot = address ? strchr(address, '.') : NULL;
    if (!dot) {
      continue;
    }
    char id[256];
    size_t length = (size_t)(dot - address);
    if (length >= sizeof id) {
      continue;
    }
    memcpy(id, address, length);
    id[length] = '\0';
    long node = host->check_find_node(c, id);
    if (node >= 0 && marked[node]) {
      return true;
    }
  }
  return false;
}

static void check_cycles(anima_check *c, size_t pad, const anima_json *node,
                         const char *pointer) {
  long handle = host->check_find_node(
      c, host->json_string(host->json_member(node, "handle"), NULL));
  if (handle < 0) {
    return;
  }
  size_t count = host->check_node_count(c);
  long *parents = malloc(count * sizeof *parents);
  bool *marked = calloc(count, sizeof *marked);
  if (parents && marked) {
    find_parents(c, count, parents);
    mark_frame(c, count, parents, marked, handle, (long)pad);
    static const char *const timeline_fields[] = {"timelineX", "timelineY"};
    for (size_t a = 0; a < 2; a++) {
      const char *name =
          host->json_string(host->json_member(node, timeline_fields[a]), NULL);
      if (name && has_timeline(c, name) && writes_marked(c, name, marked)) {
        char at[POINTER];
        pointer_join(at, pointer, timeline_fields[a]);
        host->check_report(c, "posepad-cycle", ANIMA_SEVERITY_ERROR, at,
                           "let the timeline pose nodes the handle does not "
                           "depend on",
                           "timeline \"%s\" writes the pose pad's handle, a "
                           "node it depends on or the pad's own frame",
                           name);
      }
    }
  }
  free(parents);
  free(marked);
}

void posepad_check(anima_check *c, void *user) {
  (void)user;
  size_t count = host->check_node_count(c);
  for (size_t i = 0; i < count; i++) {
    const char *pointer = NULL;
    const anima_json *node = host->check_node(c, i, &pointer);
    if (!node || !pointer || !is_pad(node)) {
      continue;
    }
    check_fields(c, node, pointer);
    const char *id = host->json_string(host->json_member(node, "id"), NULL);
    if (id && host->json_member(node, "handle")) {
      check_outputs(c, id);
      check_cycles(c, i, node, pointer);
    }
  }
}
