/*
 * control.c — declarative timeline control (SPEC motion "Timeline clock"
 * exit gates, "Declarative timeline control"):
 *
 *   transition "exit"          source-animation seconds since entry (>= 0)
 *   transition "exitFraction"  a fraction in [0, 1] of the source's work span
 *   transition "sync": true    the target starts at the source's unquantized
 *                              local time instead of its directional start
 *   state "hold": true         the clock stays at its entry position
 *
 * Exit gates measure stateTime·|effective speed| (loops included, before
 * quantization) and are ANDed with `when`; their carry is the gate's
 * overshoot in state seconds, capped by the carry of the edge's time
 * terms (@end, @after) when it has any. `sync` captures the source
 * position when the edge is taken (the transition hook's `blend`, called
 * before the target is entered) into a per-layer record the target's
 * clock consumes on entry (clock.c).
 *
 * Diagnostics (docs/modules/motion.md):
 *   motion-exit     exit/exitFraction on a non-play source, beyond its work
 *                   span, or both on one edge (at the key)
 *   motion-sync     sync between states that do not play one timeline
 *   motion-control  hold on a pose state (at the state)
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "motion_clock.h"

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static const char *const next_kinds[] = {"step", "loop", NULL};

static const anima_field_desc control_fields[] = {
    {.owner = "transition",
     .name = "exit",
     .feature = MOTION_FEATURE,
     .kind = ANIMA_FIELD_NUMBER,
     .minimum = 0,
     .maximum = INFINITY,
     .one_of = "motion-exit",
     .conflict_code = "motion-exit",
     .description = "Source-animation seconds since entry (stateTime x "
                    "|speed|, loops included) before the edge may be taken."},
    {.owner = "transition",
     .name = "exitFraction",
     .markup_name = "exitFraction",
     .feature = MOTION_FEATURE,
     .kind = ANIMA_FIELD_NUMBER,
     .minimum = 0,
     .maximum = 1,
     .one_of = "motion-exit",
     .conflict_code = "motion-exit",
     .description = "Like exit, as a fraction of the source's work span."},
    {.owner = "transition",
     .name = "exitNext",
     .markup_name = "exitNext",
     .feature = MOTION_FEATURE,
     .kind = ANIMA_FIELD_ENUM,
     .options = next_kinds,
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .description = "Wait for the source clock's next boundary while `when` "
                    "holds: step (the next quantize grid point or work "
                    "endpoint) or loop (the next work endpoint)."},
    {.owner = "transition",
     .name = "sync",
     .feature = MOTION_FEATURE,
     .kind = ANIMA_FIELD_BOOL,
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .default_json = "false",
     .description = "The target starts at the source's unquantized local "
                    "time (both play the same timeline)."},
    {.owner = "state",
     .name = "time",
     .feature = MOTION_FEATURE,
     .kind = ANIMA_FIELD_STRING,
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .description = "A bind expression over the inputs giving the local "
                    "timeline seconds (clamped to the work area): it seeks "
                    "the clock when its value changes (needs bind)."},
    {.owner = "state",
     .name = "hold",
     .feature = MOTION_FEATURE,
     .kind = ANIMA_FIELD_BOOL,
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .default_json = "false",
     .description = "The play clock stays at its entry position; state time, "
                    "conditions and crossfades keep running."},
};

static const anima_code_desc control_codes[] = {
    {.code = "motion-exit",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = MOTION_FEATURE,
     .description = "exit/exitFraction without a play source, beyond the "
                    "source's work span, or both on one transition."},
    {.code = "motion-sync",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = MOTION_FEATURE,
     .description = "A sync transition between states that do not play the "
                    "same timeline."},
    {.code = "motion-control",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = MOTION_FEATURE,
     .description = "hold or time on a pose state, or both on one state (a "
                    "clock control needs one play clock)."},
};

/* ---- validation ---------------------------------------------------------- */

/* The work span of timeline `name` (NAN when it has none). */
static double work_span(const anima_json *timelines, const char *name) {
  const anima_host *h = motion_host;
  const anima_json *timeline = h->json_member(timelines, name);
  const anima_json *duration = h->json_member(timeline, "duration");
  if (!name || h->json_type(duration) != ANIMA_JSON_NUMBER) {
    return NAN;
  }
  const anima_json *work = h->json_member(timeline, "work");
  if (h->json_type(work) == ANIMA_JSON_ARRAY && h->json_size(work) == 2) {
    return h->json_number(h->json_item(work, 1)) -
           h->json_number(h->json_item(work, 0));
  }
  return h->json_number(duration);
}

static const char *play_of(const anima_json *state) {
  return motion_host->json_string(motion_host->json_member(state, "play"),
                                  NULL);
}

/* check_input as motion_next_parse's `find`. */
static long find_checked_input(void *context, const char *name,
                               anima_input_type *type) {
  return motion_host->check_input(context, name, type);
}

/* exitNext: an autonomous play source (no hold/time), persistent bool/
 * number terms only, no exit/exitFraction beside it. */
static void check_next(anima_check *check, const anima_json *source,
                       const anima_json *edge, const char *pointer) {
  const anima_host *h = motion_host;
  if (h->json_type(h->json_member(edge, "exitNext")) != ANIMA_JSON_STRING) {
    return;
  }
  const anima_json *hold = h->json_member(source, "hold");
  bool held = h->json_type(hold) == ANIMA_JSON_BOOL && h->json_bool(hold);
  const char *when = h->json_string(h->json_member(edge, "when"), NULL);
  bool valid = true;
  if (when) {
    motion_next_parse(when, NULL, 0, find_checked_input, check, &valid);
  }
  const char *why = NULL;
  if (!play_of(source) || held || h->json_member(source, "time")) {
    why = "its source state is not an autonomous play clock";
  } else if (h->json_member(edge, "exit") ||
             h->json_member(edge, "exitFraction")) {
    why = "it cannot combine with exit or exitFraction";
  } else if (!valid) {
    why = "its condition holds other terms than persistent bool and number "
          "inputs";
  }
  if (why) {
    char at[1200];
    snprintf(at, sizeof at, "%s/exitNext", pointer);
    h->check_report(check, "motion-exit", ANIMA_SEVERITY_ERROR, at,
                    "exitNext needs an autonomous play source (no hold or "
                    "time) and persistent conditions (flag, !flag, level OP "
                    "number), without triggers, @end, @after, exit or "
                    "exitFraction",
                    "\"exitNext\" is not allowed here: %s", why);
  }
}

/* exit/exitFraction and sync of one edge at `pointer`. */
static void check_edge(anima_check *check, const anima_json *timelines,
                       const anima_json *states, const anima_json *source,
                       const anima_json *edge, const char *pointer) {
  const anima_host *h = motion_host;
  char at[1200], hint[200];
  const char *play = play_of(source);
  static const char *const gates[] = {"exit", "exitFraction"};
  for (size_t g = 0; g < 2; g++) {
    const anima_json *gate = h->json_member(edge, gates[g]);
    if (h->json_type(gate) != ANIMA_JSON_NUMBER) {
      continue;
    }
    snprintf(at, sizeof at, "%s/%s", pointer, gates[g]);
    if (!play) {
      h->check_report(check, "motion-exit", ANIMA_SEVERITY_ERROR, at,
                      "play a timeline in the source state, or remove the "
                      "gate",
                      "\"%s\" needs a play source: the state plays no "
                      "timeline",
                      gates[g]);
      continue;
    }
    double span = work_span(timelines, play);
    if (g == 0 && isfinite(span) && h->json_number(gate) > span) {
      char s[ANIMA_FORMAT_CAPACITY];
      h->format_number(span, s);
      snprintf(hint, sizeof hint,
               "use a number in [0, %s], the work span of \"%s\"", s, play);
      h->check_report(check, "motion-exit", ANIMA_SEVERITY_ERROR, at, hint,
                      "\"exit\" lies beyond the source's work span %s", s);
    }
  }
  check_next(check, source, edge, pointer);
  const anima_json *sync = h->json_member(edge, "sync");
  if (h->json_type(sync) == ANIMA_JSON_BOOL && h->json_bool(sync)) {
    const char *to = h->json_string(h->json_member(edge, "to"), NULL);
    const char *target = play_of(h->json_member(states, to));
    if (!play || !target || strcmp(play, target) != 0) {
      snprintf(at, sizeof at, "%s/sync", pointer);
      h->check_report(check, "motion-sync", ANIMA_SEVERITY_ERROR, at,
                      "sync only between states that play the same "
                      "timeline",
                      "the source and the target do not play the same "
                      "timeline");
    }
  }
}

/* hold and time: play states only, never both; time is a bind
 * expression (number). */
static void check_clock_controls(anima_check *check, const anima_json *state,
                                 const char *pointer) {
  const anima_host *h = motion_host;
  const anima_json *hold = h->json_member(state, "hold");
  bool held = h->json_type(hold) == ANIMA_JSON_BOOL && h->json_bool(hold);
  const char *time = h->json_string(h->json_member(state, "time"), NULL);
  char at[600];
  snprintf(at, sizeof at, "%s/time", pointer);
  if ((held || time) && !play_of(state)) {
    h->check_report(check, "motion-control", ANIMA_SEVERITY_ERROR, pointer,
                    "choose a play clock: play a timeline, or remove the "
                    "control",
                    "\"%s\" needs a play clock: the state is a pose",
                    held ? "hold" : "time");
    return;
  }
  if (held && time) {
    h->check_report(check, "motion-control", ANIMA_SEVERITY_ERROR, at,
                    "choose a play clock: keep \"hold\" or \"time\"",
                    "\"time\" and \"hold\" both choose the state's clock");
    return;
  }
  if (time &&
      !h->check_expression(check, at, time, "time", ANIMA_INPUT_NUMBER)) {
    h->check_report(check, "undeclared-feature", ANIMA_SEVERITY_ERROR, at,
                    "add \"bind\" to \"requires\" (and load the bind "
                    "module)",
                    "a \"time\" expression needs the bind feature");
  }
}

static void check_controls(anima_check *check, void *user) {
  (void)user;
  const anima_host *h = motion_host;
  const anima_json *document = h->check_document(check);
  const anima_json *timelines = h->json_member(document, "timelines");
  const anima_json *layers =
      h->json_member(h->json_member(document, "machine"), "layers");
  if (h->json_type(layers) != ANIMA_JSON_OBJECT) {
    return;
  }
  char pointer[512];
  for (size_t l = 0; l < h->json_size(layers); l++) {
    const anima_json *states =
        h->json_member(h->json_value_at(layers, l), "states");
    if (h->json_type(states) != ANIMA_JSON_OBJECT) {
      continue;
    }
    for (size_t s = 0; s < h->json_size(states); s++) {
      const anima_json *state = h->json_value_at(states, s);
      snprintf(pointer, sizeof pointer, "/machine/layers/%s/states/%s",
               h->json_key_at(layers, l), h->json_key_at(states, s));
      check_clock_controls(check, state, pointer);
      const anima_json *on = h->json_member(state, "on");
      for (size_t i = 0;
           h->json_type(on) == ANIMA_JSON_ARRAY && i < h->json_size(on); i++) {
        char edge[560];
        snprintf(edge, sizeof edge, "%s/on/%zu", pointer, i);
        check_edge(check, timelines, states, state, h->json_item(on, i), edge);
      }
    }
  }
}

/* ---- the transition hook ------------------------------------------------- */

typedef struct edge_control {
  bool has_gate;
  bool fraction; /**< `gate` is a fraction of the work span */
  double gate;
  bool time_terms; /**< `when` has @end or @after: the gate's carry is
                        capped by theirs */
  bool sync;
  int next;        /**< next_none, next_step, next_loop */
  size_t on_index; /**< the edge's position in its state's `on` */
} edge_control;

static anima_status edge_compile(anima_compile *compile, const anima_site *site,
                                 void *user, void **data) {
  (void)user;
  const anima_host *h = motion_host;
  const anima_json *exit = h->json_member(site->json, "exit");
  const anima_json *fraction = h->json_member(site->json, "exitFraction");
  const anima_json *sync = h->json_member(site->json, "sync");
  bool synced = h->json_type(sync) == ANIMA_JSON_BOOL && h->json_bool(sync);
  bool gated = h->json_type(exit) == ANIMA_JSON_NUMBER ||
               h->json_type(fraction) == ANIMA_JSON_NUMBER;
  const char *next =
      h->json_string(h->json_member(site->json, "exitNext"), NULL);
  if (!gated && !synced && !next) {
    return ANIMA_OK; /* the hook does not apply to this edge */
  }
  edge_control *control = h->compile_alloc(compile, sizeof *control);
  if (!control) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  control->has_gate = gated;
  control->fraction = h->json_type(fraction) == ANIMA_JSON_NUMBER;
  control->gate = h->json_number(control->fraction ? fraction : exit);
  const char *when = h->json_string(h->json_member(site->json, "when"), NULL);
  control->time_terms =
      when && (strstr(when, "@end") != NULL || strstr(when, "@after") != NULL);
  control->sync = synced;
  control->next = !next                       ? next_none
                  : strcmp(next, "loop") == 0 ? next_loop
                                              : next_step;
  control->on_index = site->index;
  *data = control;
  return ANIMA_OK;
}

/* The source clock of `layer` (the state the edge leaves), or NULL. */
static const motion_clock *source_clock(anima_step *step, size_t layer,
                                        clock_instance **instance) {
  const anima_clock_desc *desc;
  const void *data;
  void *found = motion_host->step_layer_clock(step, layer, &desc, &data);
  /* The kernel keeps its own copy of a registered desc: recognise the
   * motion clock by its callback. */
  if (!desc || desc->local != motion_clock_desc.local || !found) {
    return NULL;
  }
  *instance = found;
  return data;
}

/* exitNext: eligible once the source's uncapped travel reaches the gate
 * armed at stage 2 (next.c); the excess state time carries. */
static bool next_holds(anima_step *step, const edge_control *control,
                       size_t layer, double *carry) {
  clock_instance *record;
  const motion_clock *clock = source_clock(step, layer, &record);
  if (!clock) {
    return false;
  }
  const double *armed = motion_clock_armed(record);
  for (size_t i = 0; i < clock->next_count; i++) {
    if (clock->next[i].on_index != control->on_index) {
      continue;
    }
    if (isnan(armed[i])) {
      return false; /* not armed: the state was entered in this step */
    }
    if (armed[i] == -INFINITY) {
      *carry = 0;
      return true;
    }
    double travel = motion_clock_travel(
        clock, record, motion_host->step_state_time(step, layer));
    if (!(travel >= armed[i] - 1e-9)) {
      return false;
    }
    double overshoot = (travel - armed[i]) / fabs(clock->speed);
    *carry = overshoot > 0 ? overshoot : 0;
    return true;
  }
  return false;
}

static bool edge_holds(anima_step *step, const void *data, void *instance,
                       size_t layer, double *carry, void *user) {
  (void)instance, (void)user;
  const edge_control *control = data;
  if (control->next != next_none) {
    return next_holds(step, control, layer, carry);
  }
  if (!control->has_gate) {
    return true;
  }
  clock_instance *record;
  const motion_clock *clock = source_clock(step, layer, &record);
  if (!clock) {
    return false; /* validation keeps gates to play sources */
  }
  double gate = control->fraction ? control->gate * clock->span : control->gate;
  double speed = fabs(clock->speed);
  double state_time = motion_host->step_state_time(step, layer);
  /* Absolute source-animation distance since entry, before quantization;
   * reduced motion's frozen clocks still measure state time × speed. */
  double travelled = state_time * speed;
  if (!(travelled >= gate - 1e-9)) {
    return false;
  }
  /* The state seconds since the gate became eligible. */
  double overshoot = speed > 0 ? (travelled - gate) / speed : state_time;
  if (!(overshoot > 0)) {
    overshoot = 0;
  }
  if (!control->time_terms || overshoot < *carry) {
    *carry = overshoot;
  }
  return true;
}

static double edge_blend(anima_step *step, const void *data, void *instance,
                         size_t layer, double blend, void *user) {
  (void)instance, (void)user;
  const edge_control *control = data;
  if (control->sync) {
    clock_instance *record;
    const motion_clock *clock = source_clock(step, layer, &record);
    sync_pending *pending = motion_sync_pending(step, layer);
    if (clock && pending) {
      /* Captured before the target is entered: the source's unquantized
       * local time at this step's clock, after work folding. */
      pending->pending = true;
      pending->position = motion_clock_position(
          clock, record, motion_host->step_state_time(step, layer));
    }
  }
  return blend;
}

static bool edge_at_rest(anima_step *step, const void *data,
                         const void *instance, size_t layer, void *user) {
  (void)instance, (void)user;
  const edge_control *control = data;
  if (!control->has_gate) {
    return true;
  }
  clock_instance *record;
  const motion_clock *clock = source_clock(step, layer, &record);
  if (!clock || clock->speed == 0) {
    return true; /* the gate cannot open by itself */
  }
  double gate = control->fraction ? control->gate * clock->span : control->gate;
  return motion_host->step_state_time(step, layer) * fabs(clock->speed) >=
         gate - 1e-9;
}

static const anima_transition_hook_desc edge_hook = {
    .struct_size = sizeof edge_hook,
    .feature = MOTION_FEATURE,
    .name = "timeline-control",
    .lifecycle = {.compile = edge_compile},
    .holds = edge_holds,
    .blend = edge_blend,
    .at_rest = edge_at_rest,
};

/* ---- the per-layer sync record ------------------------------------------- */

/* Per model: the number of machine layers. */
static anima_status sync_compile(anima_compile *compile, const anima_site *site,
                                 void *user, void **data) {
  (void)user;
  const anima_host *h = motion_host;
  size_t *layers = h->compile_alloc(compile, sizeof *layers);
  if (!layers) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const anima_json *machine = h->json_member(site->json, "machine");
  const anima_json *list = h->json_member(machine, "layers");
  *layers = h->json_type(list) == ANIMA_JSON_OBJECT ? h->json_size(list) : 0;
  *data = layers;
  return ANIMA_OK;
}

/* Stage 2, after the inputs applied, before the clocks advance: `time:`
 * expressions seek on a changed value (also at step(0)). */
static void clock_stage(anima_step *step, const void *data, void *instance,
                        void *user) {
  (void)instance, (void)user;
  size_t layers = *(const size_t *)data;
  for (size_t layer = 0; layer < layers && layer < MOTION_MAX_LAYERS; layer++) {
    motion_clock_update_time(step, layer);
  }
}

static size_t sync_instance_size(const void *data, void *user) {
  (void)data, (void)user;
  return MOTION_MAX_LAYERS * sizeof(sync_pending);
}

sync_pending *motion_sync_pending(anima_step *step, size_t layer) {
  const void *data;
  void *instance;
  if (layer >= MOTION_MAX_LAYERS ||
      !motion_host->step_hook_instance(step, MOTION_FEATURE, "clock", &data,
                                       &instance) ||
      !instance) {
    return NULL;
  }
  return (sync_pending *)instance + layer;
}

anima_status motion_register_control(const anima_host *host,
                                     anima_registrar *registrar) {
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, host->add_field, registrar, control_fields);
  ANIMA_ADD_EACH(status, host->add_code, registrar, control_codes);
  static const anima_check_desc controls = {.struct_size = sizeof controls,
                                            .feature = MOTION_FEATURE,
                                            .name = "motion-control",
                                            .check = check_controls};
  static const anima_stage_hook_desc sync = {
      .struct_size = sizeof sync,
      .stage = ANIMA_STAGE_CLOCKS,
      .feature = MOTION_FEATURE,
      .name = "clock",
      .lifecycle = {.compile = sync_compile,
                    .instance_size = sync_instance_size},
      .run = clock_stage};
  if (status == ANIMA_OK) {
    status = host->add_check(registrar, &controls);
  }
  if (status == ANIMA_OK) {
    status = host->add_transition_hook(registrar, &edge_hook);
  }
  if (status == ANIMA_OK) {
    status = host->add_stage_hook(registrar, &sync);
  }
  return status;
}
