/*
 * machine_check.c — the machine chapter's semantic diagnostics (SPEC
 * machine "Syntax, diagnostics and tooling"), after the registry's shape
 * checks:
 *
 *   machine-state  special state without an empty pose (/kind), reset
 *                  false (/reset), random weights without a finite total
 *                  (/on); exit with edges and any as initial or target
 *                  come from the kernel with this code (the kinds' code)
 *   machine-clock  exitRatio/blendRatio > 0 on a source without a play
 *                  duration (edge, /blendRatio); blend with blendRatio;
 *                  continue from a held, time-controlled or sync-entered
 *                  source (edge)
 *   machine-blend  a blend without children, axis or sorted unique
 *                  thresholds (/mix), an exit child that does not play
 *                  `play` (/mix/exit), a `play` that is no child (/play),
 *                  a bound source that is not {bind: "text"} (/bind);
 *                  unknown-timeline at a child's /play; a bound source's
 *                  expression checked by bind (its codes at /bind),
 *                  undeclared-feature there without bind
 *   machine-guard  an operand that is not one valid source, mismatched
 *                  types, ordered comparisons of non-numbers
 *   unknown-input, input-type  at /change/input and component operands
 *   unknown-target at a guard operand's /focus
 *
 * and the action groups enterActions, exitActions and endActions checked
 * as listener actions.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "machine.h"

typedef enum operand_type {
  OPERAND_INVALID = 0,
  OPERAND_NUMBER,
  OPERAND_BOOL,
} operand_type;

static bool is_empty_pose(const anima_json *state) {
  const anima_host *h = machine_host;
  const anima_json *pose = h->json_member(state, "pose");
  return pose && h->json_type(pose) == ANIMA_JSON_OBJECT &&
         h->json_size(pose) == 0 && !h->json_member(state, "play");
}

static bool is_special(const char *kind) {
  static const char *const names[] = {"entry", "exit", "any", "random"};
  for (size_t i = 0; kind && i < 4; i++) {
    if (strcmp(kind, names[i]) == 0) {
      return true;
    }
  }
  return false;
}

/* The play duration of `state` (0: a pose, an unknown timeline). */
static double play_duration(const anima_json *document,
                            const anima_json *state) {
  const anima_host *h = machine_host;
  const anima_json *play = h->json_member(state, "play");
  const char *name = play ? h->json_string(play, NULL) : NULL;
  const anima_json *timelines = h->json_member(document, "timelines");
  const anima_json *timeline =
      name && timelines ? h->json_member(timelines, name) : NULL;
  const anima_json *duration =
      timeline ? h->json_member(timeline, "duration") : NULL;
  return duration ? h->json_number(duration) : 0;
}

static operand_type check_operand(anima_check *c, const anima_json *operand,
                                  const char *pointer) {
  const anima_host *h = machine_host;
  if (!operand) {
    return OPERAND_INVALID; /* missing-key from the shape check */
  }
  switch (h->json_type(operand)) {
  case ANIMA_JSON_NUMBER:
    return OPERAND_NUMBER;
  case ANIMA_JSON_BOOL:
    return OPERAND_BOOL;
  case ANIMA_JSON_OBJECT:
    break;
  default:
    h->check_report(c, "machine-guard", ANIMA_SEVERITY_ERROR, pointer,
                    "write a number, a bool, {\"artboard\": \"width\"}, "
                    "{\"component\": \"id.input\"} or {\"focus\": \"node-id\"}",
                    "a guard operand is a number, a bool or one source "
                    "object");
    return OPERAND_INVALID;
  }
  const anima_json *artboard = h->json_member(operand, "artboard");
  const anima_json *component = h->json_member(operand, "component");
  const anima_json *focus = h->json_member(operand, "focus");
  size_t sources = (artboard != NULL) + (component != NULL) + (focus != NULL);
  if (sources != 1 || h->json_size(operand) != 1) {
    h->check_report(c, "machine-guard", ANIMA_SEVERITY_ERROR, pointer,
                    "keep exactly one of \"artboard\", \"component\", "
                    "\"focus\"",
                    "a guard operand object names exactly one source");
    return OPERAND_INVALID;
  }
  char at[1100];
  if (artboard) {
    const char *name = h->json_string(artboard, NULL);
    if (!name || (strcmp(name, "width") != 0 && strcmp(name, "height") != 0 &&
                  strcmp(name, "aspect") != 0)) {
      machine_join(at, sizeof at, pointer, "/artboard");
      h->check_report(c, "machine-guard", ANIMA_SEVERITY_ERROR, at,
                      "write \"width\", \"height\" or \"aspect\"",
                      "the artboard has width, height and aspect only");
      return OPERAND_INVALID;
    }
    return OPERAND_NUMBER;
  }
  if (focus) {
    const char *id = h->json_string(focus, NULL);
    machine_join(at, sizeof at, pointer, "/focus");
    if (!id || h->check_find_node(c, id) < 0) {
      h->check_report(c, "unknown-target", ANIMA_SEVERITY_ERROR, at,
                      "name an existing document node",
                      "no node \"%s\" to read focus from", id ? id : "");
      return OPERAND_INVALID;
    }
    return OPERAND_BOOL;
  }
  const char *name = h->json_string(component, NULL);
  machine_join(at, sizeof at, pointer, "/component");
  h->check_report(c, "unknown-input", ANIMA_SEVERITY_ERROR, at,
                  "compare a number, a bool, {\"artboard\": ...} or "
                  "{\"focus\": ...} instead",
                  "no scoped component input \"%s\": component operands "
                  "need the components module, which this runtime does "
                  "not have",
                  name ? name : "");
  return OPERAND_INVALID;
}

static void check_guard(anima_check *c, const anima_json *guard,
                        const char *pointer) {
  const anima_host *h = machine_host;
  char left_at[1100], right_at[1100];
  machine_join(left_at, sizeof left_at, pointer, "/left");
  machine_join(right_at, sizeof right_at, pointer, "/right");
  operand_type left = check_operand(c, h->json_member(guard, "left"), left_at);
  operand_type right =
      check_operand(c, h->json_member(guard, "right"), right_at);
  const anima_json *op_json = h->json_member(guard, "op");
  const char *op = op_json ? h->json_string(op_json, NULL) : NULL;
  if (!op || left == OPERAND_INVALID || right == OPERAND_INVALID) {
    return;
  }
  bool equality = strcmp(op, "==") == 0 || strcmp(op, "!=") == 0;
  if (!equality && (left != OPERAND_NUMBER || right != OPERAND_NUMBER)) {
    h->check_report(c, "machine-guard", ANIMA_SEVERITY_ERROR, pointer,
                    "compare numbers, or use == or != for bools",
                    "\"%s\" compares numbers only", op);
  } else if (equality && left != right) {
    h->check_report(c, "machine-guard", ANIMA_SEVERITY_ERROR, pointer,
                    "compare a number with a number, a bool with a bool",
                    "\"%s\" compares operands of different types", op);
  }
}

static void check_change(anima_check *c, const anima_json *change,
                         const char *pointer) {
  const anima_host *h = machine_host;
  const anima_json *input = h->json_member(change, "input");
  const anima_json *mode = h->json_member(change, "mode");
  const char *name = input ? h->json_string(input, NULL) : NULL;
  const char *mode_text = mode ? h->json_string(mode, NULL) : NULL;
  if (!name || !mode_text) {
    return; /* missing-key or type from the shape check */
  }
  char at[1100];
  machine_join(at, sizeof at, pointer, "/input");
  anima_input_type type;
  if (h->check_input(c, name, &type) < 0) {
    h->check_report(c, "unknown-input", ANIMA_SEVERITY_ERROR, at,
                    "declare it in \"inputs\"", "no input named \"%s\"", name);
    return;
  }
  bool ordered = strcmp(mode_text, "changed") != 0;
  if (type == ANIMA_INPUT_TRIGGER || (ordered && type != ANIMA_INPUT_NUMBER)) {
    h->check_report(c, "input-type", ANIMA_SEVERITY_ERROR, at,
                    ordered ? "increased and decreased compare a number "
                              "input"
                            : "compare a bool or number input",
                    "\"%s\" is a %s input", name,
                    type == ANIMA_INPUT_TRIGGER ? "trigger"
                    : type == ANIMA_INPUT_BOOL  ? "bool"
                                                : "number");
  }
}

static bool is_true(const anima_json *value) {
  return value && machine_host->json_type(value) == ANIMA_JSON_BOOL &&
         machine_host->json_bool(value);
}

/* Is the state `name` the target of an edge with `sync: true` (motion)? */
static bool sync_entered(const anima_json *states, const char *name) {
  const anima_host *h = machine_host;
  for (size_t s = 0; s < h->json_size(states); s++) {
    const anima_json *on = h->json_member(h->json_value_at(states, s), "on");
    for (size_t i = 0;
         on && h->json_type(on) == ANIMA_JSON_ARRAY && i < h->json_size(on);
         i++) {
      const anima_json *edge = h->json_item(on, i);
      const anima_json *to = h->json_member(edge, "to");
      const char *target = to ? h->json_string(to, NULL) : NULL;
      if (target && strcmp(target, name) == 0 &&
          is_true(h->json_member(edge, "sync"))) {
        return true;
      }
    }
  }
  return false;
}

/* SPEC machine `continue`: why the play state `name` cannot be a continued
 * source (a held, expression-controlled or sync-entered clock; blends
 * included), or NULL. */
static const char *uncontinuable(const anima_json *states,
                                 const anima_json *state, const char *name) {
  const anima_host *h = machine_host;
  if (h->json_type(state) != ANIMA_JSON_OBJECT) {
    return NULL;
  }
  if (is_true(h->json_member(state, "hold"))) {
    return "is held (\"hold\": true)";
  }
  if (h->json_member(state, "time")) {
    return "is controlled by a \"time\" expression";
  }
  if (name && sync_entered(states, name)) {
    return "is entered with \"sync\"";
  }
  return NULL;
}

static void check_continue(anima_check *c, const anima_json *states,
                           const anima_json *state, const char *name,
                           const char *pointer) {
  const anima_host *h = machine_host;
  const anima_json *kind = h->json_member(state, "kind");
  const char *kind_text = kind ? h->json_string(kind, NULL) : NULL;
  /* An any state's edges leave every real state of the layer. */
  bool any = kind_text && strcmp(kind_text, "any") == 0;
  for (size_t s = 0; states && s < h->json_size(states); s++) {
    const anima_json *source = h->json_value_at(states, s);
    const char *source_name = h->json_key_at(states, s);
    if (any ? source == state : source != state) {
      continue;
    }
    const char *why = uncontinuable(states, source, source_name);
    if (why) {
      h->check_report(c, "machine-clock", ANIMA_SEVERITY_ERROR, pointer,
                      "remove \"continue\", or give the source an "
                      "autonomous, unsynchronized clock",
                      "continue: the source state \"%s\" %s",
                      any ? source_name : name, why);
      return;
    }
  }
}

static void check_edge(anima_check *c, const anima_json *document,
                       const anima_json *states, const anima_json *state,
                       const char *name, const anima_json *edge,
                       const char *pointer) {
  const anima_host *h = machine_host;
  char at[1100];
  if (is_true(h->json_member(edge, "continue"))) {
    check_continue(c, states, state, name, pointer);
  }
  /* SPEC machine "Blends": incoming sync into a blend is machine-clock. */
  const anima_json *to = h->json_member(edge, "to");
  const char *target_name = to ? h->json_string(to, NULL) : NULL;
  const anima_json *target =
      target_name ? h->json_member(states, target_name) : NULL;
  if (is_true(h->json_member(edge, "sync")) && target &&
      h->json_type(target) == ANIMA_JSON_OBJECT &&
      h->json_member(target, "mix")) {
    machine_join(at, sizeof at, pointer, "/sync");
    h->check_report(c, "machine-clock", ANIMA_SEVERITY_ERROR, at,
                    "remove \"sync\": a blend starts its own clock at 0",
                    "the blend state \"%s\" cannot be entered with sync",
                    target_name);
  }
  const anima_json *end = h->json_member(edge, "endActions");
  if (end && h->json_type(end) == ANIMA_JSON_OBJECT) {
    machine_join(at, sizeof at, pointer, "/endActions");
    h->check_action_block(c, end, at);
  }
  double duration = play_duration(document, state);
  bool timed = isfinite(duration) && duration > 0;
  const anima_json *exit_ratio = h->json_member(edge, "exitRatio");
  if (exit_ratio && h->json_number(exit_ratio) > 0 && !timed) {
    h->check_report(c, "machine-clock", ANIMA_SEVERITY_ERROR, pointer,
                    "play a timeline in the source state, or remove "
                    "exitRatio",
                    "exitRatio needs a source that plays a timeline with a "
                    "finite duration");
  }
  const anima_json *blend_ratio = h->json_member(edge, "blendRatio");
  machine_join(at, sizeof at, pointer, "/blendRatio");
  if (blend_ratio && h->json_member(edge, "blend")) {
    h->check_report(c, "machine-clock", ANIMA_SEVERITY_ERROR, at,
                    "keep either blend (seconds) or blendRatio",
                    "blend and blendRatio are exclusive");
  } else if (blend_ratio && h->json_number(blend_ratio) > 0 && !timed) {
    h->check_report(c, "machine-clock", ANIMA_SEVERITY_ERROR, at,
                    "play a timeline in the source state, or use blend",
                    "blendRatio needs a source that plays a timeline with a "
                    "finite duration");
  }
  const anima_json *change = h->json_member(edge, "change");
  if (change && h->json_type(change) == ANIMA_JSON_OBJECT) {
    machine_join(at, sizeof at, pointer, "/change");
    check_change(c, change, at);
  }
  const anima_json *guard = h->json_member(edge, "guard");
  if (guard && h->json_type(guard) == ANIMA_JSON_OBJECT) {
    machine_join(at, sizeof at, pointer, "/guard");
    check_guard(c, guard, at);
  }
}

/* A blend source (an axis, a weight) at `at`: a number, the name of a
 * number input or {bind: "numeric expression"}. Returns false (after
 * reporting) when it is none of them. */
static bool check_source(anima_check *c, const anima_json *source,
                         const char *at, const char *mix_pointer,
                         const char *what) {
  const anima_host *h = machine_host;
  if (h->json_type(source) == ANIMA_JSON_NUMBER) {
    return true;
  }
  if (h->json_type(source) == ANIMA_JSON_OBJECT) {
    /* {bind: "numeric expression"}: bind's grammar, checked by the
     * declared expression kind (its codes at /bind); needs bind. */
    const anima_json *bind = h->json_member(source, "bind");
    const char *text = bind ? h->json_string(bind, NULL) : NULL;
    char bind_at[1300];
    machine_join(bind_at, sizeof bind_at, at, bind ? "/bind" : "");
    if (!text || h->json_size(source) != 1) {
      h->check_report(c, "machine-blend", ANIMA_SEVERITY_ERROR, bind_at,
                      "write {\"bind\": \"expression\"} with the expression "
                      "as a string and no other member",
                      "%s: a bound source is {\"bind\": \"expression\"}", what);
      return false;
    }
    if (!h->check_expression(c, bind_at, text, what, ANIMA_INPUT_NUMBER)) {
      h->check_report(c, "undeclared-feature", ANIMA_SEVERITY_ERROR, bind_at,
                      "add \"bind\" to \"requires\" (and load the bind "
                      "module)",
                      "%s: a {\"bind\": ...} source needs the bind feature",
                      what);
      return false;
    }
    return true;
  }
  const char *name = h->json_type(source) == ANIMA_JSON_STRING
                         ? h->json_string(source, NULL)
                         : NULL;
  if (!name) {
    h->check_report(c, "machine-blend", ANIMA_SEVERITY_ERROR, mix_pointer,
                    "write a number or the name of a number input",
                    "%s must be numeric", what);
    return false;
  }
  anima_input_type type;
  if (h->check_input(c, name, &type) < 0) {
    h->check_report(c, "unknown-input", ANIMA_SEVERITY_ERROR, at,
                    "declare the number input in \"inputs\"",
                    "%s reads the undeclared input \"%s\"", what, name);
    return false;
  }
  if (type != ANIMA_INPUT_NUMBER) {
    h->check_report(c, "input-type", ANIMA_SEVERITY_ERROR, at,
                    "name a number input", "%s reads \"%s\", which is a %s",
                    what, name, type == ANIMA_INPUT_BOOL ? "bool" : "trigger");
    return false;
  }
  return true;
}

/* SPEC machine "Blends and bound data": machine-blend at /mix (axis,
 * thresholds, children), /mix/exit and /play; unknown-timeline at a
 * child's /play; unknown-input and input-type at a source. */
static void check_blend(anima_check *c, const anima_json *document,
                        const anima_json *state, const anima_json *mix,
                        const char *pointer) {
  const anima_host *h = machine_host;
  char at[1200], mix_at[1100];
  machine_join(mix_at, sizeof mix_at, pointer, "/mix");
  const anima_json *children = h->json_member(mix, "children");
  if (!children || h->json_type(children) != ANIMA_JSON_ARRAY) {
    return; /* missing-key or type from the shape check */
  }
  size_t count = h->json_size(children);
  if (count == 0) {
    h->check_report(c, "machine-blend", ANIMA_SEVERITY_ERROR, mix_at,
                    "add at least one child {\"play\": \"timeline\"}",
                    "a blend needs at least one child");
    return;
  }
  const anima_json *mode_json = h->json_member(mix, "mode");
  const char *mode = mode_json ? h->json_string(mode_json, NULL) : NULL;
  bool one_d = mode && strcmp(mode, "1d") == 0;
  const anima_json *timelines = h->json_member(document, "timelines");
  double previous = -INFINITY;
  bool thresholds_reported = false;
  for (size_t i = 0; i < count; i++) {
    const anima_json *child = h->json_item(children, i);
    if (h->json_type(child) != ANIMA_JSON_OBJECT) {
      continue;
    }
    const anima_json *play = h->json_member(child, "play");
    const char *name = play ? h->json_string(play, NULL) : NULL;
    if (name && (!timelines || !h->json_member(timelines, name))) {
      snprintf(at, sizeof at, "%s/children/%zu/play", mix_at, i);
      h->check_report(c, "unknown-timeline", ANIMA_SEVERITY_ERROR, at,
                      "name a timeline of \"timelines\"",
                      "the blend child %zu plays the unknown timeline \"%s\"",
                      i, name);
    }
    const anima_json *weight = h->json_member(child, "weight");
    if (weight) {
      snprintf(at, sizeof at, "%s/children/%zu/weight", mix_at, i);
      check_source(c, weight, at, mix_at, "a child's weight");
    }
    if (!one_d || thresholds_reported) {
      continue;
    }
    const anima_json *threshold = h->json_member(child, "at");
    if (!threshold) {
      h->check_report(c, "machine-blend", ANIMA_SEVERITY_ERROR, mix_at,
                      "give every child of a 1d blend its threshold \"at\"",
                      "the 1d blend's child %zu has no \"at\"", i);
      thresholds_reported = true;
      continue;
    }
    double value = h->json_number(threshold);
    if (!(value > previous)) {
      h->check_report(c, "machine-blend", ANIMA_SEVERITY_ERROR, mix_at,
                      "sort the children by \"at\", each threshold once",
                      "the 1d blend's thresholds are not strictly "
                      "increasing (child %zu)",
                      i);
      thresholds_reported = true;
    }
    previous = value;
  }
  const anima_json *axis = h->json_member(mix, "axis");
  if (one_d && !axis) {
    h->check_report(c, "machine-blend", ANIMA_SEVERITY_ERROR, mix_at,
                    "add \"axis\": a number or a number input's name",
                    "a 1d blend needs an axis");
  } else if (axis) {
    machine_join(at, sizeof at, mix_at, "/axis");
    check_source(c, axis, at, mix_at, "the blend's axis");
  }
  const anima_json *play = h->json_member(state, "play");
  const char *play_name = play ? h->json_string(play, NULL) : NULL;
  const anima_json *exit = h->json_member(mix, "exit");
  if (exit) {
    double index = h->json_number(exit);
    const anima_json *child = index >= 0 && index < (double)count
                                  ? h->json_item(children, (size_t)index)
                                  : NULL;
    const anima_json *child_play = child ? h->json_member(child, "play") : NULL;
    const char *child_name =
        child_play ? h->json_string(child_play, NULL) : NULL;
    if (!child_name || !play_name || strcmp(child_name, play_name) != 0) {
      machine_join(at, sizeof at, mix_at, "/exit");
      h->check_report(c, "machine-blend", ANIMA_SEVERITY_ERROR, at,
                      "choose the index of the child that plays the state's "
                      "\"play\"",
                      child ? "the exit child %.0f does not play \"%s\""
                            : "the blend has no child %.0f (exit clock of "
                              "\"%s\")",
                      index, play_name ? play_name : "");
    }
    return;
  }
  bool found = false;
  for (size_t i = 0; play_name && i < count && !found; i++) {
    const anima_json *child_play =
        h->json_member(h->json_item(children, i), "play");
    const char *child_name =
        child_play ? h->json_string(child_play, NULL) : NULL;
    found = child_name && strcmp(child_name, play_name) == 0;
  }
  if (!found) {
    machine_join(at, sizeof at, pointer, "/play");
    h->check_report(c, "machine-blend", ANIMA_SEVERITY_ERROR, at,
                    "set \"play\" to one child's timeline: its clock is the "
                    "state's",
                    play_name ? "\"%s\" is not a child of the blend"
                              : "a blend is a play state%s",
                    play_name ? play_name : "");
  }
}

/* SPEC machine "Blends": a blend's primary state clock must be autonomous;
 * motion's hold and time: on the blend state are machine-clock at the
 * field (incoming sync is reported at the edge, check_edge). */
static void check_blend_clock(anima_check *c, const anima_json *state,
                              const char *pointer) {
  const anima_host *h = machine_host;
  char at[1100];
  if (is_true(h->json_member(state, "hold"))) {
    machine_join(at, sizeof at, pointer, "/hold");
    h->check_report(c, "machine-clock", ANIMA_SEVERITY_ERROR, at,
                    "remove \"hold\": a blend's children run on the state's "
                    "own clock",
                    "a blend state's clock cannot be held");
  }
  if (h->json_member(state, "time")) {
    machine_join(at, sizeof at, pointer, "/time");
    h->check_report(c, "machine-clock", ANIMA_SEVERITY_ERROR, at,
                    "remove \"time\", or blend by a bound weight instead",
                    "a blend state's clock cannot be controlled by a "
                    "\"time\" expression");
  }
}

static void check_state(anima_check *c, const anima_json *document,
                        const anima_json *states, size_t index,
                        const char *pointer) {
  const anima_json *state = machine_host->json_value_at(states, index);
  const char *name = machine_host->json_key_at(states, index);
  const anima_host *h = machine_host;
  if (h->json_type(state) != ANIMA_JSON_OBJECT) {
    return;
  }
  char at[1100];
  const anima_json *kind_json = h->json_member(state, "kind");
  const char *kind = kind_json ? h->json_string(kind_json, NULL) : NULL;
  if (is_special(kind) && !is_empty_pose(state)) {
    machine_join(at, sizeof at, pointer, "/kind");
    h->check_report(c, "machine-state", ANIMA_SEVERITY_ERROR, at,
                    "give the state \"pose\": {} and nothing to play",
                    "a \"%s\" state needs an empty pose", kind);
  }
  const anima_json *reset = h->json_member(state, "reset");
  if (reset && h->json_type(reset) == ANIMA_JSON_BOOL && !h->json_bool(reset)) {
    machine_join(at, sizeof at, pointer, "/reset");
    h->check_report(c, "machine-state", ANIMA_SEVERITY_ERROR, at,
                    "remove \"reset\" (re-entry always restarts)",
                    "reset: false (pause and resume) is not specified");
  }
  const anima_json *mix = h->json_member(state, "mix");
  if (mix && kind_json) {
    machine_join(at, sizeof at, pointer, "/mix");
    h->check_report(c, "machine-blend", ANIMA_SEVERITY_ERROR, at,
                    "remove \"mix\" or \"kind\": a blend is a play state",
                    "a \"%s\" state cannot blend", kind ? kind : "");
  } else if (mix && h->json_type(mix) == ANIMA_JSON_OBJECT) {
    check_blend(c, document, state, mix, pointer);
    check_blend_clock(c, state, pointer);
  }
  static const char *const groups[] = {"enterActions", "exitActions"};
  for (size_t i = 0; i < 2; i++) {
    const anima_json *group = h->json_member(state, groups[i]);
    if (group && h->json_type(group) == ANIMA_JSON_OBJECT) {
      machine_join2(at, sizeof at, pointer, "/", groups[i]);
      h->check_action_block(c, group, at);
    }
  }
  const anima_json *on = h->json_member(state, "on");
  if (!on || h->json_type(on) != ANIMA_JSON_ARRAY) {
    return;
  }
  double total = 0;
  for (size_t i = 0; i < h->json_size(on); i++) {
    const anima_json *edge = h->json_item(on, i);
    if (h->json_type(edge) != ANIMA_JSON_OBJECT) {
      continue;
    }
    const anima_json *weight = h->json_member(edge, "weight");
    total += weight ? h->json_number(weight) : 1;
    snprintf(at, sizeof at, "%s/on/%zu", pointer, i);
    check_edge(c, document, states, state, name, edge, at);
  }
  if (kind && strcmp(kind, "random") == 0 && !isfinite(total)) {
    machine_join(at, sizeof at, pointer, "/on");
    h->check_report(c, "machine-state", ANIMA_SEVERITY_ERROR, at,
                    "use smaller weights",
                    "the weights of a random state's transitions add up "
                    "to more than any finite number");
  }
}

/* Every machine's layers: the default machine's and each named machine's
 * (host check_layer), at their own pointers. */
static void check_machine(anima_check *c, void *user) {
  (void)user;
  const anima_host *h = machine_host;
  const anima_json *document = h->check_document(c);
  size_t count = h->check_layer_count(c);
  for (size_t l = 0; l < count; l++) {
    char layer_pointer[512];
    const anima_json *layer =
        h->check_layer(c, l, layer_pointer, sizeof layer_pointer);
    const anima_json *states = layer && h->json_type(layer) == ANIMA_JSON_OBJECT
                                   ? h->json_member(layer, "states")
                                   : NULL;
    if (!states || h->json_type(states) != ANIMA_JSON_OBJECT) {
      continue;
    }
    for (size_t s = 0; s < h->json_size(states); s++) {
      char pointer[1024];
      snprintf(pointer, sizeof pointer, "%s/states/%s", layer_pointer,
               h->json_key_at(states, s));
      check_state(c, document, states, s, pointer);
    }
  }
}

anima_status machine_register_checks(anima_registrar *registrar) {
  static const anima_check_desc check = {.struct_size = sizeof check,
                                         .feature = MACHINE_FEATURE,
                                         .name = "machine",
                                         .check = check_machine};
  return machine_host->add_check(registrar, &check);
}
