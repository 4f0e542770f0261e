/*
 * states.c — a test feature module adding state kinds (module.h
 * anima_state_kind_desc; SPEC machine chapter "State kinds and
 * priority"), built outside kernel/ against the public headers only; it
 * links against nothing. Feature "states"; each kind is a variant of the
 * family "state" (discriminator "kind"):
 *
 *   cycle  chooses among the transitions that hold in turn: the n-th
 *          choice takes the (n mod count)-th of them (per-player instance
 *          memory)
 *   random the machine chapter's deterministic random selection: edges
 *          weighted by their `weight` (default 1, 0 ignored), u from the
 *          player's random source (step_random)
 *   any    a declaration (ANIMA_STATE_KIND_DECLARATION): never current,
 *          its transitions are searched before the current state's
 *   final  terminal (ANIMA_STATE_KIND_TERMINAL): no transitions at all
 *   timer  writes `clock` (an address) = 100 × state time and `tally` (an
 *          address) = the number of entries so far, declared with
 *          compile_state_writes; finished (@end) `length` seconds after
 *          entry with the overshoot; at rest once finished; as the
 *          outgoing state of a continued crossfade (write_continued) the
 *          same at its own state time, the tally of the instance as it
 *          was at exit
 *   ghost  a variant without a state kind (validation: state-kind)
 *
 * and one kind selected by a member instead of `kind`
 * (anima_state_kind_desc.field):
 *
 *   halfway a play state with `halfway: "<timeline>"` writes its own
 *           timeline's samples mixed halfway (weight 0.5) toward that
 *           timeline's samples at the same state time (output_mix; S(state)
 *           widened with compile_state_writes_timeline), the other timeline
 *           played as a module plays one (compile_timeline_clock at speed 1,
 *           timeline_clock_local)
 *
 * and a transition hook (anima_transition_hook_desc):
 *
 *   glide   an edge with `glide: true` continues the outgoing state's
 *           timeline during its crossfade (`continues`, the machine
 *           chapter's `continue: true`)
 *
 * and, for feature "slowclock", a clock with only a timeline map
 * (anima_clock_desc.compile_timeline, timeline_local): every timeline a
 * module plays itself travels at half the state's speed and folds as a
 * loop of its duration (frozen: clamped), whatever its loop mode.
 */
#include <math.h>
#include <string.h>

#include <anima/module.h>

static const anima_host *host;

/* ---- cycle --------------------------------------------------------------- */

static size_t counter_size(const void *data, void *user) {
  (void)data, (void)user;
  return sizeof(size_t);
}

static size_t cycle_select(anima_step *step, const void *data, void *instance,
                           size_t layer, const size_t *eligible, size_t count,
                           void *user) {
  (void)step, (void)data, (void)layer, (void)eligible, (void)user;
  size_t *choices = instance;
  return (*choices)++ % count;
}

/* ---- random (machine chapter "Deterministic random selection") ----------- */

typedef struct random_data {
  size_t count;
  double weights[]; /* per transition of the state's `on`, default 1 */
} random_data;

static anima_status random_compile(anima_compile *compile,
                                   const anima_site *site, void *user,
                                   void **data) {
  (void)user;
  const anima_json *on = host->json_member(site->json, "on");
  size_t count = on ? host->json_size(on) : 0;
  random_data *random =
      host->compile_alloc(compile, sizeof *random + count * sizeof(double));
  if (!random) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  random->count = count;
  for (size_t i = 0; i < count; i++) {
    const anima_json *weight =
        host->json_member(host->json_item(on, i), "weight");
    random->weights[i] = weight ? host->json_number(weight) : 1;
  }
  *data = random;
  return ANIMA_OK;
}

/* Ignore zero-weight edges; no positive weight: no draw and no edge; else
 * u = step_random(), the first edge whose cumulative weight exceeds
 * u · sum. */
static size_t random_select(anima_step *step, const void *data, void *instance,
                            size_t layer, const size_t *eligible, size_t count,
                            void *user) {
  (void)instance, (void)layer, (void)user;
  const random_data *random = data;
  double sum = 0;
  for (size_t i = 0; i < count; i++) {
    sum += random->weights[eligible[i]];
  }
  if (!(sum > 0)) {
    return count;
  }
  double target = host->step_random(step) * sum, cumulative = 0;
  for (size_t i = 0; i < count; i++) {
    double weight = random->weights[eligible[i]];
    cumulative += weight;
    if (weight > 0 && cumulative > target) {
      return i;
    }
  }
  return count - 1;
}

/* ---- timer --------------------------------------------------------------- */

typedef struct timer_data {
  long clock, tally; /* slots, -1 when absent */
  double length;
} timer_data;

typedef struct timer_instance {
  size_t entries;
} timer_instance;

/* The slot of "<node-id>.<property>" in `text`, or -1. */
static long address_slot(anima_compile *compile, const char *text) {
  const char *dot = text ? strchr(text, '.') : NULL;
  if (!dot || dot == text || dot - text >= 64) {
    return -1;
  }
  char id[64];
  memcpy(id, text, (size_t)(dot - text));
  id[dot - text] = '\0';
  long node = host->compile_find_node(compile, id);
  return node < 0 ? -1
                  : host->compile_find_slot(compile, (size_t)node, dot + 1);
}

static anima_status timer_compile(anima_compile *compile,
                                  const anima_site *site, void *user,
                                  void **data) {
  (void)user;
  timer_data *timer = host->compile_alloc(compile, sizeof *timer);
  if (!timer) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const anima_json *length = host->json_member(site->json, "length");
  timer->length = length ? host->json_number(length) : 1;
  const char *names[2] = {"clock", "tally"};
  long *slots[2] = {&timer->clock, &timer->tally};
  for (int i = 0; i < 2; i++) {
    const anima_json *address = host->json_member(site->json, names[i]);
    *slots[i] = -1;
    if (!address) {
      continue;
    }
    const char *text = host->json_string(address, NULL);
    *slots[i] = address_slot(compile, text);
    if (*slots[i] < 0) {
      host->compile_report(compile, "unknown-address", NULL,
                           "write \"<node-id>.<property>\"",
                           "\"%s\" names no property", text ? text : "");
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
    anima_status status =
        host->compile_state_writes(compile, (size_t)*slots[i]);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  *data = timer;
  return ANIMA_OK;
}

static size_t timer_instance_size(const void *data, void *user) {
  (void)data, (void)user;
  return sizeof(timer_instance);
}

static void timer_enter(anima_step *step, const void *data, void *instance,
                        size_t layer, double carry, void *user) {
  (void)step, (void)data, (void)layer, (void)carry, (void)user;
  ((timer_instance *)instance)->entries++;
}

/* clock = 100 × `time`, tally = the instance's entries. */
static void timer_output(const timer_data *timer, const timer_instance *state,
                         double time, anima_state_output *output) {
  if (timer->clock >= 0) {
    anima_value clock = {.type = ANIMA_VALUE_NUMBER, .as.number = 100 * time};
    host->output_write(output, (size_t)timer->clock, &clock);
  }
  if (timer->tally >= 0) {
    anima_value tally = {.type = ANIMA_VALUE_NUMBER,
                         .as.number = (double)state->entries};
    host->output_write(output, (size_t)timer->tally, &tally);
  }
}

static bool timer_write(anima_step *step, const void *data, void *instance,
                        size_t layer, anima_state_output *output, void *user) {
  (void)user;
  host->output_base(output);
  timer_output(data, instance, host->step_state_time(step, layer), output);
  return true;
}

/* As the outgoing state of a continued crossfade (`glide`): the clock at
 * its own state time `time`, the tally from the instance copied at exit. */
static bool timer_write_continued(anima_step *step, const void *data,
                                  void *instance, size_t layer, double time,
                                  anima_state_output *output, void *user) {
  (void)step, (void)layer, (void)user;
  timer_output(data, instance, time, output);
  return true;
}

/* SPEC §5 clock boundaries: reached when t >= length − 1e-9. */
static bool timer_finished(anima_step *step, const void *data,
                           const void *instance, size_t layer,
                           double *overshoot, void *user) {
  (void)instance, (void)user;
  const timer_data *timer = data;
  double time = host->step_state_time(step, layer);
  if (time < timer->length - 1e-9) {
    return false;
  }
  *overshoot = time - timer->length;
  return true;
}

static bool timer_at_rest(anima_step *step, const void *data,
                          const void *instance, size_t layer, void *user) {
  double overshoot;
  return timer_finished(step, data, instance, layer, &overshoot, user);
}

/* ---- halfway (selected by the member `halfway`) ------------------------- */

typedef struct halfway_data {
  long own, other;            /* timeline indices */
  anima_timeline_clock clock; /* how `other` plays */
} halfway_data;

static anima_status halfway_compile(anima_compile *compile,
                                    const anima_site *site, void *user,
                                    void **data) {
  (void)user;
  halfway_data *halfway = host->compile_alloc(compile, sizeof *halfway);
  if (!halfway) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const anima_json *play = host->json_member(site->json, "play");
  const anima_json *other = host->json_member(site->json, "halfway");
  halfway->own = play ? host->compile_find_timeline(
                            compile, host->json_string(play, NULL), NULL)
                      : -1;
  halfway->other = host->compile_find_timeline(
      compile, host->json_string(other, NULL), NULL);
  if (halfway->own < 0 || halfway->other < 0) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  anima_status status = host->compile_timeline_clock(
      compile, (size_t)halfway->other, 1, &halfway->clock);
  if (status != ANIMA_OK) {
    return status;
  }
  *data = halfway;
  return host->compile_state_writes_timeline(compile, (size_t)halfway->other);
}

static bool halfway_write(anima_step *step, const void *data, void *instance,
                          size_t layer, anima_state_output *output,
                          void *user) {
  (void)instance, (void)user;
  const halfway_data *halfway = data;
  double played = host->step_state_time(step, layer);
  host->output_mix(
      output, (size_t)halfway->own,
      host->step_timeline_local(step, (size_t)halfway->own, played), 1);
  host->output_mix(output, (size_t)halfway->other,
                   host->timeline_clock_local(
                       &halfway->clock, played * halfway->clock.rate, false),
                   0.5);
  return true;
}

/* ---- slowclock (a clock with only a timeline map) ------------------------ */

typedef struct slow_data {
  double duration;
} slow_data;

static anima_status slow_compile(anima_compile *compile, size_t timeline,
                                 const anima_json *json, double speed,
                                 void *user, void **data, double *rate,
                                 double *span) {
  (void)json, (void)user;
  anima_timeline_info info;
  slow_data *slow = host->compile_alloc(compile, sizeof *slow);
  if (!slow) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  if (host->compile_timeline_info(compile, timeline, &info) != ANIMA_OK) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  slow->duration = info.duration;
  *rate = fabs(speed) / 2;
  *span = info.duration;
  *data = slow;
  return ANIMA_OK;
}

static double slow_local(const void *data, double travel, bool frozen,
                         void *user) {
  (void)user;
  const slow_data *slow = data;
  if (frozen) {
    return travel < slow->duration ? travel : slow->duration;
  }
  return fmod(travel, slow->duration);
}

/* ---- glide (a transition hook whose crossfade continues the source) ----- */

static anima_status glide_compile(anima_compile *compile,
                                  const anima_site *site, void *user,
                                  void **data) {
  (void)compile, (void)user;
  static const bool on = true;
  const anima_json *glide = host->json_member(site->json, "glide");
  if (glide && host->json_bool(glide)) {
    *data = (void *)&on; /* the hook applies to this edge */
  }
  return ANIMA_OK;
}

static bool glide_continues(const void *data, void *user) {
  (void)user;
  return *(const bool *)data;
}

/* ---- registration ----------------------------------------------------------
 */

static anima_status states_init(const anima_host *kernel,
                                anima_registrar *registrar) {
  host = kernel;
  static const anima_kind_desc variants[] = {
      {.name = "state-cycle",
       .variant_of = "state",
       .variant = "cycle",
       .description = "Chooses among holding transitions in turn."},
      {.name = "state-any",
       .variant_of = "state",
       .variant = "any",
       .description = "A declaration whose transitions leave every state."},
      {.name = "state-final",
       .variant_of = "state",
       .variant = "final",
       .description = "A terminal state."},
      {.name = "state-timer",
       .variant_of = "state",
       .variant = "timer",
       .description = "Writes its clock; ends after `length` seconds."},
      {.name = "state-ghost",
       .variant_of = "state",
       .variant = "ghost",
       .description = "A variant no state kind runs."},
      {.name = "state-random",
       .variant_of = "state",
       .variant = "random",
       .description = "Chooses among holding transitions by weight."},
  };
  static const anima_field_desc fields[] = {
      {.owner = "state-timer",
       .name = "clock",
       .kind = ANIMA_FIELD_STRING,
       .minimum = -1e308,
       .maximum = 1e308,
       .description = "The number property that shows 100 x state time."},
      {.owner = "state-timer",
       .name = "tally",
       .kind = ANIMA_FIELD_STRING,
       .minimum = -1e308,
       .maximum = 1e308,
       .description = "The number property that counts entries."},
      {.owner = "transition",
       .name = "weight",
       .kind = ANIMA_FIELD_NUMBER,
       .minimum = 0,
       .maximum = 1e308,
       .default_json = "1",
       .description = "Weight of the edge in a random state's choice."},
      {.owner = "state",
       .name = "halfway",
       .kind = ANIMA_FIELD_STRING,
       .feature = "states",
       .minimum = -1e308,
       .maximum = 1e308,
       .description = "A timeline mixed in at weight 0.5."},
      {.owner = "transition",
       .name = "glide",
       .kind = ANIMA_FIELD_BOOL,
       .feature = "states",
       .default_json = "false",
       .description = "Continue the outgoing timeline during the "
                      "crossfade."},
      {.owner = "state-timer",
       .name = "length",
       .kind = ANIMA_FIELD_NUMBER,
       .minimum = 0,
       .maximum = 1e308,
       .description = "Seconds until @end holds."},
  };
  static const anima_state_kind_desc kinds[] = {
      {.struct_size = sizeof(anima_state_kind_desc),
       .name = "cycle",
       .lifecycle = {.instance_size = counter_size},
       .select = cycle_select},
      {.struct_size = sizeof(anima_state_kind_desc),
       .name = "random",
       .lifecycle = {.compile = random_compile},
       .select = random_select},
      {.struct_size = sizeof(anima_state_kind_desc),
       .name = "any",
       .flags = ANIMA_STATE_KIND_DECLARATION},
      {.struct_size = sizeof(anima_state_kind_desc),
       .name = "final",
       .flags = ANIMA_STATE_KIND_TERMINAL},
      {.struct_size = sizeof(anima_state_kind_desc),
       .name = "timer",
       .lifecycle = {.compile = timer_compile,
                     .instance_size = timer_instance_size},
       .enter = timer_enter,
       .write = timer_write,
       .finished = timer_finished,
       .at_rest = timer_at_rest,
       .write_continued = timer_write_continued},
      {.struct_size = sizeof(anima_state_kind_desc),
       .name = "halfway",
       .lifecycle = {.compile = halfway_compile},
       .write = halfway_write,
       .field = "halfway"},
  };
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, host->add_kind, registrar, variants);
  ANIMA_ADD_EACH(status, host->add_field, registrar, fields);
  ANIMA_ADD_EACH(status, host->add_state_kind, registrar, kinds);
  static const anima_transition_hook_desc glide = {
      .struct_size = sizeof glide,
      .feature = "states",
      .name = "glide",
      .lifecycle = {.compile = glide_compile},
      .continues = glide_continues,
  };
  if (status == ANIMA_OK) {
    status = host->add_transition_hook(registrar, &glide);
  }
  static const anima_clock_desc slow = {
      .struct_size = sizeof slow,
      .feature = "slowclock",
      .name = "slow",
      .compile_timeline = slow_compile,
      .timeline_local = slow_local,
  };
  if (status == ANIMA_OK) {
    status = host->add_clock(registrar, &slow);
  }
  return status;
}

static const char *const states_features[] = {"states", "slowclock", NULL};

ANIMA_MODULE_DEFINE(states, .name = "states", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima tests",
                    .description = "State kinds for the kinds tests.",
                    .features = states_features, .init = states_init);
