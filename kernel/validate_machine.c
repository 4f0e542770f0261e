/*
 * validate_machine.c — the state machine (SPEC §8): layers, states,
 * poses, transitions, conditions, reachability, and the §2 limits on
 * layers and states.
 */
#include <stdlib.h>
#include <string.h>

#include "condition.h"
#include "kinds.h"
#include "registry_internal.h"
#include "validate.h"

/* The states of one layer, by name, for references and reachability. */
typedef struct layer_states {
  const json_t *object;
  validation_name *names; /* sorted */
  const char **order;     /* document order, for hints */
  size_t count;
  bool *reached;
  size_t *edges_from, *edges_to; /* transitions between known states */
  size_t edge_count, edge_capacity;
} layer_states;

static long state_index(const layer_states *states, const char *name) {
  const validation_name *found =
      validation_find_name(states->names, states->count, name);
  return found ? (long)found->index : -1;
}

static void report_unknown_state(validation *v, const layer_states *states,
                                 const char *name, const char *layer) {
  const char *hint = validation_hint(v, name, states->order, states->count);
  validation_report(v, "unknown-state", hint,
                    "the layer \"%s\" has no state \"%s\"", layer, name);
}

static void add_edge(validation *v, layer_states *states, size_t from,
                     size_t to) {
  if (states->edge_count == states->edge_capacity) {
    size_t capacity = states->edge_capacity ? states->edge_capacity * 2 : 16;
    size_t *grown_from =
        realloc(states->edges_from, capacity * sizeof *grown_from);
    if (!grown_from) {
      v->out_of_memory = true;
      return;
    }
    states->edges_from = grown_from;
    size_t *grown_to = realloc(states->edges_to, capacity * sizeof *grown_to);
    if (!grown_to) {
      v->out_of_memory = true;
      return;
    }
    states->edges_to = grown_to;
    states->edge_capacity = capacity;
  }
  states->edges_from[states->edge_count] = from;
  states->edges_to[states->edge_count] = to;
  states->edge_count++;
}

/* The loop mode of a timeline, or NULL when unknown. */
static const char *timeline_loop(const validation *v, const char *name) {
  const json_t *timeline =
      json_object_get(json_object_get(v->document, "timelines"), name);
  if (!json_is_object(timeline)) {
    return NULL;
  }
  const json_t *loop = json_object_get(timeline, "loop");
  return loop ? validation_string(loop) : "once";
}

/* The state kind a state's `kind` selects (module.h
 * anima_state_kind_desc), or NULL (none, or one reported elsewhere). */
static const anima_state_kind_desc *state_kind(const validation *v,
                                               const json_t *state) {
  return anima_state_kind_of(v->registry, state, v->features, v->feature_count);
}

/* The code of a kind's structural errors (anima_state_kind_desc.code). */
static const char *kind_code(const validation *v, const json_t *state) {
  const anima_state_kind_desc *kind = state_kind(v, state);
  return kind && kind->code ? kind->code : "state-kind";
}

static bool has_flag(const validation *v, const json_t *state, unsigned flag) {
  const anima_state_kind_desc *kind = state_kind(v, state);
  return kind && (kind->flags & flag);
}

/* The terms of a parsed condition, at the pointer of `when`. Returns true
 * when a term is a trigger, @end or @after (a self-transition may re-enter
 * then), or names an input whose type is not known. */
static bool check_terms(validation *v, const anima_condition *condition,
                        const json_t *state) {
  bool event_term = false;
  const char *play = validation_string(json_object_get(state, "play"));
  bool pose = json_object_get(state, "pose") != NULL;
  for (size_t i = 0; i < condition->count; i++) {
    const anima_condition_term *term = &condition->terms[i];
    if (term->kind == ANIMA_TERM_MODULE) {
      continue; /* checked by its kind's parse; a level term (§8) */
    }
    if (term->kind == ANIMA_TERM_AFTER) {
      event_term = true;
      continue;
    }
    if (term->kind == ANIMA_TERM_END) {
      event_term = true;
      const char *loop = play ? timeline_loop(v, play) : NULL;
      const anima_state_kind_desc *kind = state_kind(v, state);
      if (kind && kind->finished) {
        continue; /* the state kind decides when it has finished */
      }
      if (pose && !play) {
        validation_report(v, "bad-end",
                          "@end needs a play state with a once timeline; "
                          "use @after(seconds) on a pose state",
                          "a pose state never ends (\"@end\" at offset %zu)",
                          term->offset);
      } else if (loop && strcmp(loop, "once") != 0) {
        validation_report(v, "bad-end",
                          "use @after(seconds), or make the timeline \"loop\": "
                          "\"once\"",
                          "the timeline \"%s\" is \"%s\" and never ends "
                          "(\"@end\" at offset %zu)",
                          play, loop, term->offset);
      }
      continue;
    }
    validation_input *input = validation_find_input(v, term->input);
    if (!input || !input->type_known) {
      /* Its type is unknown (reported): it might be a trigger, so no
       * self-transition is reported on top. */
      event_term = true;
    }
    if (!input && !validation_can_resolve(v, "inputs")) {
      continue;
    }
    if (!input) {
      const char **names = malloc((v->input_count + 1) * sizeof *names);
      for (size_t j = 0; names && j < v->input_count; j++) {
        names[j] = v->inputs[j].name;
      }
      const char *hint =
          names ? validation_hint(v, term->input, names, v->input_count) : NULL;
      validation_report(v, "unknown-input",
                        hint ? hint : "declare it in \"inputs\"",
                        "no input named \"%s\" is declared (offset %zu)",
                        term->input, term->offset);
      free(names);
      continue;
    }
    input->used = true;
    if (!input->type_known) {
      continue;
    }
    if (term->kind == ANIMA_TERM_INPUT && input->type == ANIMA_INPUT_TRIGGER) {
      event_term = true;
    }
    const char *problem = NULL;
    const char *hint = NULL;
    if (term->kind == ANIMA_TERM_INPUT && input->type == ANIMA_INPUT_NUMBER) {
      problem = "a number input is compared with a number";
      hint = "write e.g. \"level > 0.5\"";
    } else if (term->kind == ANIMA_TERM_NOT_INPUT &&
               input->type != ANIMA_INPUT_BOOL) {
      problem = input->type == ANIMA_INPUT_TRIGGER
                    ? "a trigger cannot be negated"
                    : "only bool inputs can be negated";
      hint = input->type == ANIMA_INPUT_TRIGGER
                 ? "use a bool input for \"not\" conditions"
                 : "write e.g. \"level <= 0\"";
    } else if (term->kind == ANIMA_TERM_COMPARE &&
               input->type != ANIMA_INPUT_NUMBER) {
      problem = "only number inputs can be compared";
      hint = input->type == ANIMA_INPUT_BOOL ? "write \"name\" or \"!name\""
                                             : "write the trigger's name "
                                               "alone";
    }
    if (problem) {
      validation_report(v, "input-type", hint, "%s (\"%s\" at offset %zu)",
                        problem, term->input, term->offset);
    }
  }
  return event_term;
}

/* ---- condition term kinds (kinds.h) -------------------------------------- */

static long term_input(void *owner, const char *name, anima_input_type *type) {
  validation *v = owner;
  validation_input *input = validation_find_input(v, name);
  if (!input) {
    return -1;
  }
  input->used = true;
  *type = input->type;
  return (long)(input - v->inputs);
}

static void term_report(void *owner, const char *code, const char *hint,
                        const char *message) {
  validation_report(owner, code, hint, "%s", message);
}

static void term_undeclared(void *owner, const anima_term_kind_desc *kind,
                            const char *text) {
  validation *v = owner;
  anima_text what = {0};
  anima_text_appendf(&what, "the condition term \"%s\"", text);
  validation_report_undeclared(v, anima_text_string(&what), kind->feature);
  anima_text_free(&what);
}

/* The bad-condition hint: the core terms, then the declared kinds'. */
static void condition_hint(validation *v, anima_text *hint) {
  anima_text_append(hint, "conditions are terms joined by &&: name, !name, "
                          "name OP number, @end, @after(seconds)");
  size_t count =
      anima_registry_behaviour_count(v->registry, ANIMA_BEHAVIOUR_TERM_KIND);
  for (size_t i = 0; i < count; i++) {
    const anima_term_kind_desc *kind =
        anima_registry_behaviour(v->registry, ANIMA_BEHAVIOUR_TERM_KIND, i)
            ->desc;
    if (kind->syntax && validation_feature_declared(v, kind->feature)) {
      anima_text_appendf(hint, ", %s", kind->syntax);
    }
  }
}

static void check_transition(validation *v, layer_states *states,
                             const char *layer, const char *state_name,
                             const json_t *state, const json_t *transition) {
  long from = state_index(states, state_name);
  const json_t *to = json_object_get(transition, "to");
  long target = -1;
  if (validation_is_name(to)) {
    target = state_index(states, json_string_value(to));
    if (target < 0) {
      size_t length = validation_push_key(v, "to");
      report_unknown_state(v, states, json_string_value(to), layer);
      validation_pop(v, length);
    } else if (has_flag(v,
                        json_object_get(states->object, json_string_value(to)),
                        ANIMA_STATE_KIND_DECLARATION)) {
      size_t length = validation_push_key(v, "to");
      validation_report(
          v,
          kind_code(v, json_object_get(states->object, json_string_value(to))),
          "an \"any\"-style state is a declaration and never "
          "current; target another state",
          "\"%s\" is a declaration state and cannot be a "
          "transition target",
          json_string_value(to));
      validation_pop(v, length);
    } else if (from >= 0) {
      add_edge(v, states, (size_t)from, (size_t)target);
    }
  }
  const json_t *ease = json_object_get(transition, "ease");
  if (json_is_string(ease)) {
    size_t length = validation_push_key(v, "ease");
    validation_check_ease(v, ease, NULL, "a transition");
    validation_pop(v, length);
  }
  const json_t *when = json_object_get(transition, "when");
  if (!json_is_string(when)) {
    return; /* missing or wrong type: reported by the structural walk */
  }
  size_t length = validation_push_key(v, "when");
  const char *text = validation_string(when);
  anima_condition condition;
  anima_condition_error error = {0};
  anima_term_context context = {
      .registry = v->registry,
      .requires = v->features,
      .require_count = v->feature_count,
      .input = term_input,
      .report = term_report,
      .undeclared = term_undeclared,
      .owner = v,
  };
  anima_condition_terms kinds = anima_term_kinds(&context);
  anima_status status =
      text ? anima_condition_parse_with(text, &kinds, &condition, &error)
           : ANIMA_ERROR_INVALID_DOCUMENT;
  if (context.out_of_memory) {
    v->out_of_memory = true;
  }
  if (!text) {
    snprintf(error.message, sizeof error.message,
             "the condition contains a NUL character");
  }
  if (status == ANIMA_ERROR_NO_MEMORY) {
    v->out_of_memory = true;
  } else if (status != ANIMA_OK && error.reported) {
    /* a term kind reported it */
  } else if (status != ANIMA_OK) {
    anima_text hint = {0};
    condition_hint(v, &hint);
    validation_report(v, "bad-condition", anima_text_string(&hint), "%s",
                      error.message);
    anima_text_free(&hint);
  } else {
    bool event_term = check_terms(v, &condition, state);
    anima_condition_release(&condition);
    if (target >= 0 && target == from && !event_term) {
      validation_pop(v, length);
      length = validation_push_key(v, "to");
      validation_report(v, "self-transition",
                        "add a trigger, @end or @after(seconds) term, or "
                        "target another state",
                        "the transition re-enters \"%s\" on level terms only, "
                        "so it would fire every step",
                        state_name);
    }
  }
  anima_term_context_finish(&context);
  validation_pop(v, length);
}

static void check_pose(validation *v, const json_t *pose) {
  if (!json_is_object(pose)) {
    validation_report(v, "type", "write {\"<node-id>.<property>\": value}",
                      "a pose is an object of address -> value");
    return;
  }
  const char *address;
  json_t *value;
  json_object_foreach((json_t *)pose, address, value) {
    if (strcmp(address, "$comment") == 0) {
      continue;
    }
    size_t length = validation_push_key(v, address);
    validation_node *node = NULL;
    const anima_property *property = validate_address(v, address, &node);
    if (property) {
      validate_property_value(v, property, node, strchr(address, '.') + 1,
                              value);
    }
    validation_pop(v, length);
  }
}

/* SPEC §8: exactly one of pose and play; speed only with play. */
/* A state's `kind` (machine chapter "State kinds and priority"): a
 * variant the structural walk accepted needs a module's state kind; a
 * terminal kind takes no `on` list. */
static void check_state_kind(validation *v, const json_t *state) {
  const char *name = validation_string(json_object_get(state, "kind"));
  if (!name) {
    return;
  }
  const anima_kind *variant =
      anima_registry_find_variant(v->registry, "state", name);
  const anima_state_kind_desc *kind = state_kind(v, state);
  if (!kind) {
    if (variant && validation_feature_declared(v, variant->feature)) {
      size_t length = validation_push_key(v, "kind");
      validation_report(v, "state-kind",
                        "load the module that runs it, or remove \"kind\"",
                        "no loaded module runs the state kind \"%s\"", name);
      validation_pop(v, length);
    }
    return;
  }
  if ((kind->flags & ANIMA_STATE_KIND_TERMINAL) &&
      json_object_get(state, "on")) {
    size_t length = validation_push_key(v, "on");
    validation_report(
        v, kind->code ? kind->code : "state-kind", "remove \"on\"",
        "a \"%s\" state is terminal: it takes no transitions", name);
    validation_pop(v, length);
  }
}

/* SPEC §8 `speed > 0`, unless a clock of a declared feature allows any
 * finite speed (module.h ANIMA_CLOCK_SIGNED_SPEED; DECISIONS 19). */
static bool signed_speed(const validation *v) {
  size_t count =
      anima_registry_behaviour_count(v->registry, ANIMA_BEHAVIOUR_CLOCK);
  for (size_t i = 0; i < count; i++) {
    const anima_clock_desc *clock =
        anima_registry_behaviour(v->registry, ANIMA_BEHAVIOUR_CLOCK, i)->desc;
    if ((clock->flags & ANIMA_CLOCK_SIGNED_SPEED) &&
        validation_feature_declared(v, clock->feature)) {
      return true;
    }
  }
  return false;
}

static void check_state(validation *v, layer_states *states, const char *layer,
                        const char *name, const json_t *state) {
  const json_t *pose = json_object_get(state, "pose");
  const json_t *play = json_object_get(state, "play");
  check_state_kind(v, state);
  if ((pose != NULL) == (play != NULL)) {
    validation_report(v, "state-kind",
                      pose ? "keep either \"pose\" or \"play\""
                           : "add \"pose\": {...} or \"play\": \"<timeline>\"",
                      pose ? "the state has both \"pose\" and \"play\""
                           : "the state has neither \"pose\" nor \"play\"");
  }
  const json_t *speed = json_object_get(state, "speed");
  if (speed && !play) {
    size_t length = validation_push_key(v, "speed");
    validation_report(v, "state-kind", "remove \"speed\" or play a timeline",
                      "\"speed\" applies to play states only");
    validation_pop(v, length);
  }
  if (json_is_number(speed) && !(json_number_value(speed) > 0) &&
      !signed_speed(v)) {
    size_t length = validation_push_key(v, "speed");
    validation_report(v, "bad-value", "use a number > 0",
                      "\"speed\" must be > 0, got %s",
                      NUMBER_TEXT(json_number_value(speed)));
    validation_pop(v, length);
  }
  if (validation_is_name(play)) {
    const json_t *timelines = json_object_get(v->document, "timelines");
    const char *timeline = json_string_value(play);
    if (validation_can_resolve(v, "timelines") &&
        !json_object_get(json_is_object(timelines) ? timelines : NULL,
                         timeline)) {
      size_t length = validation_push_key(v, "play");
      const char *hint = validation_hint_keys(v, timeline, timelines);
      validation_report(v, "unknown-timeline",
                        hint ? hint : "declare it in \"timelines\"",
                        "no timeline named \"%s\" is declared", timeline);
      validation_pop(v, length);
    }
  }
  if (pose) {
    size_t length = validation_push_key(v, "pose");
    check_pose(v, pose);
    validation_pop(v, length);
  }
  /* Action blocks (SPEC bind: state `entry`/`exit`; the registry owns the
   * keys, so a document without the feature got undeclared-feature). */
  static const char *const blocks[] = {"entry", "exit"};
  for (size_t i = 0; i < 2; i++) {
    const json_t *block = json_object_get(state, blocks[i]);
    if (json_is_object(block)) {
      size_t length = validation_push_key(v, blocks[i]);
      validate_action_keys(v, block);
      validation_pop(v, length);
    }
  }
  const json_t *on = json_object_get(state, "on");
  if (!json_is_array(on)) {
    return;
  }
  size_t base = validation_push_key(v, "on");
  for (size_t i = 0; i < json_array_size(on); i++) {
    const json_t *transition = json_array_get(on, i);
    if (json_is_object(transition)) {
      size_t length = validation_push_index(v, i);
      check_transition(v, states, layer, name, state, transition);
      const json_t *actions = json_object_get(transition, "actions");
      if (json_is_object(actions)) {
        size_t block = validation_push_key(v, "actions");
        validate_action_keys(v, actions);
        validation_pop(v, block);
      }
      validation_pop(v, length);
    }
  }
  validation_pop(v, base);
}

/* DECISIONS 6: the initial state counts as reached; others are reached
 * through transitions from reached states. */
static void report_unreachable(validation *v, layer_states *states,
                               long initial) {
  if (initial < 0) {
    return; /* the missing initial state is the error to fix first */
  }
  states->reached[initial] = true;
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t i = 0; i < states->edge_count; i++) {
      if (states->reached[states->edges_from[i]] &&
          !states->reached[states->edges_to[i]]) {
        states->reached[states->edges_to[i]] = true;
        changed = true;
      }
    }
  }
  for (size_t i = 0; i < states->count; i++) {
    if (!states->reached[i]) {
      size_t length = validation_push_key(v, states->order[i]);
      validation_report(v, "unreachable-state",
                        "add a transition to it, or remove it",
                        "no transition from the initial state reaches "
                        "\"%s\"",
                        states->order[i]);
      validation_pop(v, length);
    }
  }
}

static void check_layer(validation *v, const char *layer,
                        const json_t *object) {
  const json_t *states_object = json_object_get(object, "states");
  if (!json_is_object(states_object)) {
    return;
  }
  size_t total = json_object_size(states_object);
  layer_states states = {.object = states_object};
  states.names = calloc(total + 1, sizeof *states.names);
  states.order = calloc(total + 1, sizeof *states.order);
  states.reached = calloc(total + 1, sizeof *states.reached);
  if (!states.names || !states.order || !states.reached) {
    v->out_of_memory = true;
    free(states.names);
    free(states.order);
    free(states.reached);
    return;
  }
  const char *name;
  json_t *state;
  size_t seen = 0;
  size_t base = validation_push_key(v, "states");
  json_object_foreach((json_t *)states_object, name, state) {
    if (strcmp(name, "$comment") == 0) {
      continue;
    }
    seen++;
    if (seen == ANIMA_LIMIT_STATES_PER_LAYER + 1) {
      size_t length = validation_push_key(v, name);
      validation_report(v, "limit-exceeded", "split the layer",
                        "the layer \"%s\" has more than %d states", layer,
                        ANIMA_LIMIT_STATES_PER_LAYER);
      validation_pop(v, length);
    }
    if (!anima_is_name(name) || !json_is_object(state)) {
      continue; /* reported by the structural walk */
    }
    states.names[states.count].name = name;
    states.names[states.count].index = states.count;
    states.order[states.count] = name;
    states.count++;
  }
  validation_sort_names(states.names, states.count);
  json_object_foreach((json_t *)states_object, name, state) {
    if (!anima_is_name(name) || !json_is_object(state)) {
      continue;
    }
    size_t length = validation_push_key(v, name);
    check_state(v, &states, layer, name, state);
    validation_pop(v, length);
  }
  validation_pop(v, base);
  const json_t *initial = json_object_get(object, "initial");
  long initial_index = -1;
  if (validation_is_name(initial)) {
    initial_index = state_index(&states, json_string_value(initial));
    if (initial_index < 0) {
      size_t length = validation_push_key(v, "initial");
      report_unknown_state(v, &states, json_string_value(initial), layer);
      validation_pop(v, length);
    } else if (has_flag(
                   v,
                   json_object_get(states_object, json_string_value(initial)),
                   ANIMA_STATE_KIND_DECLARATION)) {
      size_t length = validation_push_key(v, "initial");
      validation_report(
          v,
          kind_code(v,
                    json_object_get(states_object, json_string_value(initial))),
          "start in a state that runs",
          "\"%s\" is a declaration state and is never "
          "current",
          json_string_value(initial));
      validation_pop(v, length);
    }
  }
  /* Declaration states never run: they are not unreachable, and their
   * edges leave every state (so from the initial one too). */
  for (size_t i = 0; i < states.count; i++) {
    if (has_flag(v, json_object_get(states_object, states.order[i]),
                 ANIMA_STATE_KIND_DECLARATION)) {
      states.reached[i] = true;
    }
  }
  base = validation_push_key(v, "states");
  report_unreachable(v, &states, initial_index);
  validation_pop(v, base);
  free(states.names);
  free(states.order);
  free(states.reached);
  free(states.edges_from);
  free(states.edges_to);
}

/* The layers of one machine object (the default `machine`, or a named
 * machine of `machines`); the pointer stack is at the machine object. */
static void check_layers(validation *v, const json_t *layers) {
  validation_push_key(v, "layers");
  const char *name;
  json_t *layer;
  size_t seen = 0;
  json_object_foreach((json_t *)layers, name, layer) {
    if (strcmp(name, "$comment") == 0) {
      continue;
    }
    seen++;
    size_t length = validation_push_key(v, name);
    if (seen == ANIMA_LIMIT_LAYERS + 1) {
      validation_report(v, "limit-exceeded", "merge layers",
                        "the machine has more than %d layers",
                        ANIMA_LIMIT_LAYERS);
    }
    if (anima_is_name(name) && json_is_object(layer)) {
      check_layer(v, name, layer);
    }
    validation_pop(v, length);
  }
}

/* A key of a named machine's layer, state or transition that a module
 * registered (field->feature set): named machines run what the kernel
 * runs, and the modules that keep per-layer data (machine's state kinds,
 * variants and action blocks, bind's blocks, events' emits, motion's
 * timeline control) size it from the default machine's layers only, so
 * such a key would be read and then silently not run. Refused instead
 * (SPEC §12 spirit: never a silent partial result; docs/DECISIONS.md). */
/* Does a module key of a named machine's layer, state or transition not
 * run there yet? Everything else runs at the layer's absolute index as in
 * the default machine (module.h compile_layer; docs/DECISIONS.md "Named
 * machines run module features"): bind's action blocks (run by the
 * kernel), the events module's startEmit/endEmit and signals, the machine
 * module's state kinds and keys but the three below, whose timing the
 * machine module keeps per default-machine step; motion's controls. */
static bool not_run_in_named_machine(const char *kind, const char *key,
                                     const anima_field *field) {
  static const char *const features[] = {"motion"};
  static const char *const machine_keys[][2] = {
      {"state", "enterActions"},
      {"transition", "endActions"},
      {"transition", "change"},
  };
  for (size_t i = 0; i < sizeof features / sizeof *features; i++) {
    if (strcmp(field->feature, features[i]) == 0) {
      return true;
    }
  }
  for (size_t i = 0; i < sizeof machine_keys / sizeof *machine_keys; i++) {
    if (strcmp(kind, machine_keys[i][0]) == 0 &&
        strcmp(key, machine_keys[i][1]) == 0) {
      return true;
    }
  }
  return false;
}

static void refuse_module_keys(validation *v, const char *kind,
                               const json_t *object) {
  const char *key;
  json_t *value;
  json_object_foreach((json_t *)object, key, value) {
    const anima_field *field =
        anima_registry_find_field(v->registry, kind, key);
    if (field == NULL || field->feature == NULL ||
        !not_run_in_named_machine(kind, key, field)) {
      continue; /* the core format's, or one that runs there */
    }
    size_t length = validation_push_key(v, key);
    validation_report(v, "motion-machine",
                      "use it in the default `machine`, or leave it out",
                      "\"%s\" (feature %s) is not run in named machines "
                      "yet",
                      key, field->feature);
    validation_pop(v, length);
  }
}

/* After check_layers: the pointer stack is at /machines/<name>/layers. */
static void check_named_machine_keys(validation *v, const json_t *layers) {
  const char *name;
  json_t *layer;
  json_object_foreach((json_t *)layers, name, layer) {
    if (!json_is_object(layer)) {
      continue;
    }
    size_t at_layer = validation_push_key(v, name);
    refuse_module_keys(v, "layer", layer);
    const json_t *states = json_object_get(layer, "states");
    const char *state_name;
    json_t *state;
    size_t at_states = validation_push_key(v, "states");
    json_object_foreach((json_t *)(json_is_object(states) ? states : NULL),
                        state_name, state) {
      if (!json_is_object(state)) {
        continue;
      }
      size_t at_state = validation_push_key(v, state_name);
      refuse_module_keys(v, "state", state);
      const json_t *on = json_object_get(state, "on");
      size_t at_on = validation_push_key(v, "on");
      for (size_t i = 0; json_is_array(on) && i < json_array_size(on); i++) {
        const json_t *edge = json_array_get(on, i);
        if (json_is_object(edge)) {
          size_t at_edge = validation_push_index(v, i);
          refuse_module_keys(v, "transition", edge);
          validation_pop(v, at_edge);
        }
      }
      validation_pop(v, at_on);
      validation_pop(v, at_state);
    }
    validation_pop(v, at_states);
    validation_pop(v, at_layer);
  }
}

void validate_machine(validation *v) {
  const json_t *machine = json_object_get(v->document, "machine");
  const json_t *layers = json_object_get(machine, "layers");
  if (json_is_object(machine) && json_is_object(layers)) {
    size_t base = validation_push_key(v, "machine");
    check_layers(v, layers);
    validation_pop(v, base);
  }
  /* SPEC motion: named machine definitions are validated as the default
   * machine is, even before a player makes an instance of one (the
   * `machines` field exists when the motion module registered it). */
  const json_t *machines = json_object_get(v->document, "machines");
  if (!json_is_object(machines)) {
    return;
  }
  const char *name;
  json_t *named;
  json_object_foreach((json_t *)machines, name, named) {
    const json_t *named_layers = json_object_get(named, "layers");
    if (!anima_is_name(name) || !json_is_object(named) ||
        !json_is_object(named_layers)) {
      continue; /* reported by the structural walk */
    }
    size_t base = validation_push_key(v, "machines");
    validation_push_key(v, name);
    check_layers(v, named_layers);
    check_named_machine_keys(v, named_layers);
    validation_pop(v, base);
  }
}
