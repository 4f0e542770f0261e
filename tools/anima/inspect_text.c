/* inspect_text.c — the text form of an `anima inspect` report
 * (inspect.h). */
#include <stdlib.h>
#include <string.h>

#include "inspect.h"
#include "json_print.h"

/* An input's range as a reader writes it (docs/CLI.md "inspect"): `0..1`
 * with both bounds, `>= 0` with only a minimum, `<= 1` with only a maximum;
 * nothing without either (never an `inf` a document cannot write). */
static void print_range(FILE *out, const json_t *minimum,
                        const json_t *maximum) {
  bool low = json_is_number(minimum), high = json_is_number(maximum);
  if (!low && !high) {
    return;
  }
  fputs(", range ", out);
  if (low && high) {
    json_print_plain(out, minimum);
    fputs("..", out);
    json_print_plain(out, maximum);
  } else {
    fputs(low ? ">= " : "<= ", out);
    json_print_plain(out, low ? minimum : maximum);
  }
}

static void print_heading(FILE *out, const char *title, const json_t *list) {
  fprintf(out, "\n%s (%zu):\n", title, json_array_size(list));
  if (json_array_size(list) == 0) {
    fputs("  none\n", out);
  }
}

static void print_document(FILE *out, const json_t *report) {
  const json_t *document = json_object_get(report, "document");
  fprintf(out, "%s: %s", json_text_of(report, "file"),
          json_text_of(document, "name"));
  if (json_is_string(json_object_get(document, "title"))) {
    fprintf(out, " \"%s\"", json_text_of(document, "title"));
  }
  fputs(", grid ", out);
  json_print_plain(out, json_object_get(document, "grid"));
  fputs(", viewBox ", out);
  json_print_plain(out, json_object_get(document, "viewBox"));
  fputc('\n', out);
}

/* Nodes as a tree: each under its parent (which the pre-order list gives
 * first), two more spaces per level, with its registry type. */
static void print_nodes(FILE *out, const json_t *nodes) {
  print_heading(out, "Nodes", nodes);
  json_t *depths = json_object();
  for (size_t i = 0; i < json_array_size(nodes); i++) {
    const json_t *node = json_array_get(nodes, i);
    const json_t *parent = json_object_get(node, "parent");
    json_int_t depth = 1;
    if (json_is_string(parent)) {
      depth = json_integer_value(
                  json_object_get(depths, json_string_value(parent))) +
              1;
    }
    json_object_set_new(depths, json_text_of(node, "id"), json_integer(depth));
    fprintf(out, "%*s%s: %s\n", (int)(2 * depth), "", json_text_of(node, "id"),
            json_text_of(node, "type"));
  }
  json_decref(depths);
}

static void print_inputs(FILE *out, const json_t *inputs) {
  print_heading(out, "Inputs", inputs);
  for (size_t i = 0; i < json_array_size(inputs); i++) {
    const json_t *input = json_array_get(inputs, i);
    fprintf(out, "  %s: %s", json_text_of(input, "name"),
            json_text_of(input, "type"));
    const json_t *value = json_object_get(input, "default");
    if (!json_is_null(value)) {
      fputs(", default ", out);
      json_print_plain(out, value);
    }
    print_range(out, json_object_get(input, "min"),
                json_object_get(input, "max"));
    if (json_object_get(input, "buffer")) {
      fputs(", buffer ", out);
      json_print_plain(out, json_object_get(input, "buffer"));
      fputs(" s", out);
    }
    fputc('\n', out);
  }
}

/* Module fields (inspect_fields.c), one per line as compact JSON, `indent`
 * spaces in, but those `item` shows as text (inspect_expressions.c: a
 * guard, a change guard, a blend state's mix). */
static void print_fields(FILE *out, const json_t *item, int indent) {
  const json_t *fields = json_object_get(item, "fields");
  const char *key;
  json_t *value;
  json_object_foreach((json_t *)fields, key, value) {
    if ((strcmp(key, "mix") == 0 && json_object_get(item, "blend")) ||
        ((strcmp(key, "guard") == 0 || strcmp(key, "change") == 0) &&
         json_is_string(json_object_get(item, key)))) {
      continue;
    }
    char *text = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);
    fprintf(out, "%*s%s %s\n", indent, "", key, text ? text : "?");
    free(text);
  }
}

/* Layers, their states and transitions are printed `margin` spaces further
 * in than the default machine's (named machines' under their name). */
static void print_transition(FILE *out, const json_t *transition, int margin) {
  fprintf(out, "%*swhen \"%s\" -> %s", margin + 6, "",
          json_text_of(transition, "when"), json_text_of(transition, "to"));
  const json_t *blend = json_object_get(transition, "blend");
  if (json_number_value(blend) != 0) {
    fputs(", blend ", out);
    json_print_plain(out, blend);
    fprintf(out, " s, ease %s", json_text_of(transition, "ease"));
  }
  if (json_is_false(json_object_get(transition, "interruptible"))) {
    fputs(", not interruptible", out);
  }
  fputc('\n', out);
  if (json_is_string(json_object_get(transition, "guard"))) {
    fprintf(out, "%*sguard %s\n", margin + 8, "",
            json_text_of(transition, "guard"));
  }
  if (json_is_string(json_object_get(transition, "change"))) {
    fprintf(out, "%*schange %s\n", margin + 8, "",
            json_text_of(transition, "change"));
  }
  print_fields(out, transition, margin + 8);
}

/* A blend state (inspect_expressions.c): "blend 1d over count, exit clock
 * walk: idle at 0, walk at 1" or "blend direct, exit clock a: a weight 1,
 * b weight level" (an additive blend's first child is its "baseline"). */
static void print_blend(FILE *out, const json_t *blend, int margin) {
  fprintf(out, "%*sblend %s", margin + 6, "", json_text_of(blend, "mode"));
  if (json_is_string(json_object_get(blend, "axis"))) {
    fprintf(out, " over %s", json_text_of(blend, "axis"));
  }
  fprintf(out, ", exit clock %s:", json_text_of(blend, "exit"));
  const json_t *children = json_object_get(blend, "children");
  bool additive = strcmp(json_text_of(blend, "mode"), "additive") == 0;
  for (size_t i = 0; i < json_array_size(children); i++) {
    const json_t *child = json_array_get(children, i);
    fprintf(out, "%s %s", i ? "," : "", json_text_of(child, "play"));
    if (json_is_number(json_object_get(child, "at"))) {
      fputs(" at ", out);
      json_print_plain(out, json_object_get(child, "at"));
    } else if (json_is_string(json_object_get(child, "weight"))) {
      fprintf(out, " weight %s", json_text_of(child, "weight"));
    } else if (additive && i == 0) {
      fputs(" baseline", out);
    }
  }
  fputc('\n', out);
}

static void print_layer_list(FILE *out, const json_t *layers, int margin) {
  for (size_t i = 0; i < json_array_size(layers); i++) {
    const json_t *layer = json_array_get(layers, i);
    fprintf(out, "%*s%s (initial %s)\n", margin + 2, "",
            json_text_of(layer, "name"), json_text_of(layer, "initial"));
    const json_t *states = json_object_get(layer, "states");
    for (size_t s = 0; s < json_array_size(states); s++) {
      const json_t *state = json_array_get(states, s);
      fprintf(out, "%*s%s: ", margin + 4, "", json_text_of(state, "name"));
      if (strcmp(json_text_of(state, "kind"), "play") == 0) {
        fprintf(out, "play %s", json_text_of(state, "timeline"));
        const json_t *speed = json_object_get(state, "speed");
        if (json_number_value(speed) != 1) {
          fputs(" at speed ", out);
          json_print_plain(out, speed);
        }
      } else if (strcmp(json_text_of(state, "kind"), "pose") == 0) {
        fputs("pose ", out);
        json_print_plain(out, json_object_get(state, "pose"));
      } else {
        fputs(json_text_of(state, "kind"), out); /* a kind from a module */
      }
      if (json_is_string(json_object_get(state, "emit"))) {
        fprintf(out, ", emit %s", json_text_of(state, "emit"));
      }
      fputc('\n', out);
      if (json_is_object(json_object_get(state, "blend"))) {
        print_blend(out, json_object_get(state, "blend"), margin);
      }
      print_fields(out, state, margin + 6);
      const json_t *transitions = json_object_get(state, "transitions");
      for (size_t t = 0; t < json_array_size(transitions); t++) {
        print_transition(out, json_array_get(transitions, t), margin);
      }
    }
  }
}

static void print_layers(FILE *out, const json_t *layers) {
  print_heading(out, "Machine layers", layers);
  print_layer_list(out, layers, 0);
}

/* SPEC motion: named machine definitions (inspect_report.c). */
static void print_machines(FILE *out, const json_t *machines) {
  if (!machines) {
    return;
  }
  print_heading(out, "Named machines (motion)", machines);
  for (size_t i = 0; i < json_array_size(machines); i++) {
    const json_t *machine = json_array_get(machines, i);
    fprintf(out, "  %s (its instance: `machine %s ...`), layers:\n",
            json_text_of(machine, "name"), json_text_of(machine, "name"));
    print_layer_list(out, json_object_get(machine, "layers"), 2);
  }
}

static void print_timelines(FILE *out, const json_t *timelines) {
  print_heading(out, "Timelines", timelines);
  for (size_t i = 0; i < json_array_size(timelines); i++) {
    const json_t *timeline = json_array_get(timelines, i);
    fprintf(out, "  %s: ", json_text_of(timeline, "name"));
    json_print_plain(out, json_object_get(timeline, "duration"));
    fprintf(out, " s, %s, reduced motion %s\n", json_text_of(timeline, "loop"),
            json_text_of(timeline, "reducedMotion"));
    const json_t *tracks = json_object_get(timeline, "tracks");
    for (size_t t = 0; t < json_array_size(tracks); t++) {
      const json_t *track = json_array_get(tracks, t);
      long long keys = json_integer_value(json_object_get(track, "keys"));
      fprintf(out, "    %s: %lld key%s\n", json_text_of(track, "address"), keys,
              keys == 1 ? "" : "s");
    }
    const json_t *events = json_object_get(timeline, "events");
    for (size_t e = 0; e < json_array_size(events); e++) {
      const json_t *event = json_array_get(events, e);
      fprintf(out, "    event %s at ", json_text_of(event, "name"));
      json_print_plain(out, json_object_get(event, "time"));
      fputs(" s\n", out);
    }
  }
}

/* motion: the clock of each timeline's instances (inspect_motion.c). */
static void print_instances(FILE *out, const json_t *instances) {
  if (!instances) {
    return;
  }
  fprintf(out,
          "\nTimeline instances (made by a host or the script commands "
          "instance and timeline; %zu timeline%s):\n",
          json_array_size(instances),
          json_array_size(instances) == 1 ? "" : "s");
  size_t index;
  const json_t *instance;
  json_array_foreach((json_t *)instances, index, instance) {
    const json_t *work = json_object_get(instance, "work");
    fprintf(out, "  %s: work ", json_text_of(instance, "timeline"));
    json_print_plain(out, json_array_get(work, 0));
    fputs(" to ", out);
    json_print_plain(out, json_array_get(work, 1));
    fputs(" s, speed ", out);
    json_print_plain(out, json_object_get(instance, "speed"));
    const json_t *quantize = json_object_get(instance, "quantize");
    if (json_is_number(quantize)) {
      fputs(", quantize ", out);
      json_print_plain(out, quantize);
    }
    fprintf(out, ", %s", json_text_of(instance, "loop"));
    const json_t *events = json_object_get(instance, "events");
    size_t e;
    const json_t *event;
    json_array_foreach((json_t *)events, e, event) {
      fprintf(out, "%s%s at ", e ? ", " : "; events ",
              json_text_of(event, "name"));
      json_print_plain(out, json_object_get(event, "time"));
    }
    fputc('\n', out);
  }
}

static void print_listeners(FILE *out, const json_t *listeners) {
  print_heading(out, "Listeners", listeners);
  for (size_t i = 0; i < json_array_size(listeners); i++) {
    const json_t *listener = json_array_get(listeners, i);
    fprintf(out, "  %s on ", json_text_of(listener, "on"));
    if (json_is_string(json_object_get(listener, "target"))) {
      fprintf(out, "%s", json_text_of(listener, "target"));
    } else {
      fputs("the whole icon", out);
    }
    const json_t *padding = json_object_get(listener, "hitPadding");
    if (json_number_value(padding) != 0) {
      fputs(" (hit padding ", out);
      json_print_plain(out, padding);
      fputc(')', out);
    }
    fputc(':', out);
    const json_t *actions = json_object_get(listener, "actions");
    for (size_t a = 0; a < json_array_size(actions); a++) {
      const json_t *action = json_array_get(actions, a);
      fprintf(out, "%s %s ", a ? "," : "", json_text_of(action, "action"));
      if (strcmp(json_text_of(action, "action"), "emit") == 0) {
        fputs(json_text_of(action, "event"), out);
      } else {
        fputs(json_text_of(action, "input"), out);
      }
      if (json_object_get(action, "value")) {
        fputs(" = ", out);
        json_print_plain(out, json_object_get(action, "value"));
      } else if (json_is_string(json_object_get(action, "expression"))) {
        fprintf(out, " = %s", json_text_of(action, "expression"));
      }
    }
    fputc('\n', out);
  }
}

static void print_animated(FILE *out, const json_t *animated) {
  print_heading(out, "Animated addresses", animated);
  for (size_t i = 0; i < json_array_size(animated); i++) {
    const json_t *entry = json_array_get(animated, i);
    fprintf(out, "  %s", json_text_of(entry, "address"));
    if (json_is_string(json_object_get(entry, "valueType"))) {
      fprintf(out, " (%s, %s)", json_text_of(entry, "valueType"),
              json_text_of(entry, "animation"));
    }
    fputs(": ", out);
    const json_t *writers = json_object_get(entry, "writers");
    for (size_t w = 0; w < json_array_size(writers); w++) {
      fprintf(out, "%s%s", w ? ", " : "",
              json_string_value(json_array_get(writers, w)));
    }
    fputc('\n', out);
  }
}

/* The bound addresses, each with the expression of the binding the
 * document writes under that address (inspect_expressions.c). */
static void print_bound_addresses(FILE *out, const json_t *bound,
                                  const json_t *bindings) {
  if (json_array_size(bound) == 0) {
    return; /* only documents with bindings (SPEC bind) have the list */
  }
  print_heading(out, "Bound addresses", bound);
  for (size_t i = 0; i < json_array_size(bound); i++) {
    const char *address = json_string_value(json_array_get(bound, i));
    const char *expression = NULL;
    for (size_t b = 0; b < json_array_size(bindings); b++) {
      const json_t *binding = json_array_get(bindings, b);
      if (strcmp(json_text_of(binding, "address"), address) == 0) {
        expression = json_text_of(binding, "expression");
      }
    }
    fprintf(out, "  %s%s%s\n", address, expression ? " = " : "",
            expression ? expression : "");
  }
}

static void print_names(FILE *out, const json_t *names) {
  if (json_array_size(names) == 0) {
    fputs("none", out);
  }
  for (size_t i = 0; i < json_array_size(names); i++) {
    fprintf(out, "%s%s", i ? ", " : "",
            json_string_value(json_array_get(names, i)));
  }
}

static void print_a11y(FILE *out, const json_t *a11y) {
  fputs("\nA11y: ", out);
  const json_t *role = json_object_get(a11y, "role");
  const json_t *label = json_object_get(a11y, "label");
  if (json_is_null(role) && json_is_null(label)) {
    fputs("none\n", out);
    return;
  }
  fprintf(out, "role %s",
          json_is_string(role) ? json_string_value(role) : "none");
  if (json_is_string(label)) {
    fprintf(out, ", label \"%s\"", json_string_value(label));
  }
  static const char *const inputs[] = {"activate", "pressed", "held"};
  for (size_t i = 0; i < 3; i++) {
    const json_t *input = json_object_get(a11y, inputs[i]);
    if (json_is_string(input)) {
      fprintf(out, ", %s %s", inputs[i], json_string_value(input));
    }
  }
  fputc('\n', out);
}

/* "rest", "layer/state" or "layer/state at t s". */
static void print_pose(FILE *out, const json_t *pose) {
  if (!json_is_string(json_object_get(pose, "state"))) {
    fputs("rest", out);
    return;
  }
  fprintf(out, "%s/%s", json_text_of(pose, "layer"),
          json_text_of(pose, "state"));
  if (json_is_string(json_object_get(pose, "timeline"))) {
    fprintf(out, " (%s at ", json_text_of(pose, "timeline"));
    json_print_plain(out, json_object_get(pose, "time"));
    fputs(" s)", out);
  }
}

static void print_lint(FILE *out, const json_t *lint, const json_t *report) {
  const json_t *outside = json_object_get(lint, "outsideViewBox");
  long long checked = json_integer_value(json_object_get(lint, "posesChecked"));
  long long total = json_integer_value(json_object_get(lint, "posesTotal"));
  fprintf(out, "\nLint: outside the viewBox (%zu", json_array_size(outside));
  if (checked < total) {
    fprintf(out, "; %lld of %lld poses checked", checked, total);
  } else {
    fprintf(out, "; %lld pose%s checked", checked, checked == 1 ? "" : "s");
  }
  fputs("):\n", out);
  if (json_array_size(outside) == 0) {
    fputs("  none\n", out);
    return;
  }
  for (size_t i = 0; i < json_array_size(outside); i++) {
    const json_t *item = json_array_get(outside, i);
    fprintf(out, "  %s leaves the viewBox ", json_text_of(item, "node"));
    json_print_plain(
        out, json_object_get(json_object_get(report, "document"), "viewBox"));
    fputs(" at ", out);
    print_pose(out, json_object_get(item, "first"));
    long long poses = json_integer_value(json_object_get(item, "poses"));
    if (poses > 1) {
      fprintf(out, " and in %lld more pose%s", poses - 1,
              poses == 2 ? "" : "s");
    }
    fputs(": it reaches ", out);
    json_print_plain(out, json_object_get(item, "extent"));
    const char *edge;
    const json_t *amount;
    const char *separator = ", past the ";
    json_object_foreach((json_t *)json_object_get(item, "past"), edge, amount) {
      fprintf(out, "%s%s by ", separator, edge);
      json_print_plain(out, amount);
      separator = ", the ";
    }
    fputc('\n', out);
  }
  fputs("  (hint: give the viewBox room on every side, or keep the pose "
        "inside it)\n",
        out);
}

/* A number as the report has it. */
static void print_number(FILE *out, const json_t *object, const char *key) {
  json_print_plain(out, json_object_get(object, key));
}

/* A list of ids, "none" when empty. */
static void print_ids(FILE *out, const json_t *ids) {
  if (json_array_size(ids) == 0) {
    fputs("none", out);
  }
  for (size_t i = 0; i < json_array_size(ids); i++) {
    fprintf(out, "%s%s", i ? " " : "",
            json_string_value(json_array_get(ids, i)));
  }
}

/* Bones with their rest frames, then the constraints in solve order. */
static void print_rig(FILE *out, const json_t *rig) {
  if (!rig) {
    return;
  }
  const json_t *bones = json_object_get(rig, "bones");
  fprintf(out,
          "\nBones (%zu; rest frames in the grid of the nearest non-bone "
          "ancestor):\n",
          json_array_size(bones));
  if (json_array_size(bones) == 0) {
    fputs("  none\n", out);
  }
  for (size_t i = 0; i < json_array_size(bones); i++) {
    const json_t *bone = json_array_get(bones, i);
    const json_t *rest = json_object_get(bone, "rest");
    fprintf(out, "  %s: %s", json_text_of(bone, "id"),
            json_text_of(bone, "start"));
    if (strcmp(json_text_of(bone, "start"), "root") != 0) {
      fprintf(out, " on %s", json_text_of(bone, "parent"));
    }
    fprintf(out, " in %s, length ",
            json_is_string(json_object_get(bone, "grid"))
                ? json_text_of(bone, "grid")
                : "the document grid");
    print_number(out, bone, "length");
    fputs(", rest at (", out);
    print_number(out, rest, "x");
    fputs(", ", out);
    print_number(out, rest, "y");
    fputs(") rotate ", out);
    print_number(out, rest, "rotate");
    fputs(" scale (", out);
    print_number(out, rest, "scaleX");
    fputs(", ", out);
    print_number(out, rest, "scaleY");
    fputs("), tip ", out);
    print_number(out, bone, "tip");
    fputc('\n', out);
  }
  const json_t *order = json_object_get(rig, "solveOrder");
  print_heading(out, "Constraints in solve order", order);
  for (size_t i = 0; i < json_array_size(order); i++) {
    const json_t *item = json_array_get(order, i);
    fprintf(out, "  %zu. %s.%s.", i + 1, json_text_of(item, "node"),
            json_text_of(item, "list"));
    print_number(out, item, "index");
    fprintf(out, ": %s (%s), strength ", json_text_of(item, "kind"),
            json_text_of(item, "feature"));
    print_number(out, item, "strength");
    fputs(", targets ", out);
    print_ids(out, json_object_get(item, "targets"));
    fputs(", writes ", out);
    print_ids(out, json_object_get(item, "writes"));
    fputc('\n', out);
  }
}

/* The event definitions (events module), when the document has some. */
static void print_event_definitions(FILE *out, const json_t *defs) {
  if (!defs) {
    return;
  }
  fprintf(out, "\nEvent definitions (%zu):\n", json_array_size(defs));
  size_t index;
  const json_t *def;
  json_array_foreach((json_t *)defs, index, def) {
    fprintf(out, "  %s", json_string_value(json_object_get(def, "name")));
    const json_t *payload = json_object_get(def, "payload");
    if (json_is_array(payload)) {
      fputs(": payload {", out);
      size_t i;
      const json_t *field;
      json_array_foreach((json_t *)payload, i, field) {
        const char *source =
            json_string_value(json_object_get(field, "source"));
        fprintf(out, "%s%s: %s", i ? ", " : "",
                json_string_value(json_object_get(field, "name")),
                json_string_value(json_object_get(field, "type")));
        if (source) {
          fprintf(out, " from %s ", source);
          json_print_plain(out, json_object_get(field, source));
        }
      }
      fputc('}', out);
    }
    const json_t *url = json_object_get(def, "url");
    if (json_is_string(url)) {
      fprintf(out, "; url %s (%s)", json_string_value(url),
              json_string_value(json_object_get(def, "target")));
    }
    const json_t *audio = json_object_get(def, "audio");
    if (json_is_string(audio)) {
      fprintf(out, "; audio %s at ", json_string_value(audio));
      json_print_plain(out, json_object_get(def, "volume"));
    }
    fputc('\n', out);
  }
}

void inspect_print_text(FILE *out, const json_t *report) {
  print_document(out, report);
  print_nodes(out, json_object_get(report, "nodes"));
  print_inputs(out, json_object_get(report, "inputs"));
  print_layers(out, json_object_get(report, "layers"));
  print_machines(out, json_object_get(report, "machines"));
  print_timelines(out, json_object_get(report, "timelines"));
  print_instances(out, json_object_get(report, "instances"));
  print_listeners(out, json_object_get(report, "listeners"));
  print_event_definitions(out, json_object_get(report, "eventDefs"));
  print_animated(out, json_object_get(report, "animated"));
  print_bound_addresses(out, json_object_get(report, "bound"),
                        json_object_get(report, "bindings"));
  print_rig(out, json_object_get(report, "rig"));
  print_a11y(out, json_object_get(report, "a11y"));
  const json_t *features = json_object_get(report, "features");
  fputs("\nFeatures: required ", out);
  print_names(out, json_object_get(features, "required"));
  fputs("; loaded ", out);
  print_names(out, json_object_get(features, "loaded"));
  fputc('\n', out);
  print_lint(out, json_object_get(report, "lint"), report);
}
