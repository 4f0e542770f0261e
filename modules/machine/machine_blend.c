/*
 * machine_blend.c — blend states (SPEC machine "Blends and bound data"):
 * a play state with `mix: {mode, children, axis?, exit?}`, selected by
 * the member `mix` (anima_state_kind_desc.field). Every child plays its
 * own timeline at state elapsed time × state speed with its own loop mode
 * and, with motion declared, its own timeline speed, work area and
 * quantize (host compile_timeline_clock: the declared clock's timeline
 * map, else SPEC §5) and is mixed into the state's output with output_mix:
 *
 *   1d        the axis (a number, a numeric input) clamped to the first
 *             and last threshold `at`; the two neighbouring children of
 *             its segment: the left at weight 1, the right at
 *             (axis − at_left) / (at_right − at_left); all others 0
 *   direct    from rest, each child in authored order at its weight
 *             clamped to [0, 1] (default 1), not normalized
 *   additive  the first child at weight 1 (its own weight ignored), then
 *             each later child at its clamped weight
 *
 * A source (an axis, a weight) is a number, a numeric input, or
 * `{bind: "expression"}`: a bind expression compiled at load with the
 * kernel's expression ABI (compile_expression) and evaluated in write
 * (step_expression), after the step's queued input writes and before the
 * post-state bindings; a non-finite value is 0.
 *
 * The state's `play` is the exit clock (@end, exitRatio, blendRatio: the
 * kernel's own play state, or motion's clock). A child's travel is
 * rate × state time from its directional start. Reduced motion is recorded
 * for every child on entry (end: frozen at its directional end, travel
 * span; skip: at its directional start, travel 0; play: advancing); the
 * blend is at rest only when every child is frozen, holds (rate 0: a
 * zero-speed child) or is a finished once.
 *
 * As the outgoing state of a `continue: true` crossfade (the kernel's
 * write_continued, with a copy of the instance made at exit) the children
 * keep advancing at the blend's state time, each on its own clock, and
 * their weights keep following their sources ("evaluates at sampling
 * time"; docs/DECISIONS.md). Stepping allocates nothing.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "machine.h"

typedef enum source_kind {
  SOURCE_NUMBER = 0,
  SOURCE_INPUT,
  SOURCE_EXPRESSION,
} source_kind;

/** A weight or axis source: a number, a numeric input or a compiled bind
 * expression (model-owned). */
typedef struct blend_source {
  source_kind kind;
  double number;
  size_t input;
  const void *expression;
} blend_source;

typedef enum blend_mode {
  BLEND_1D = 0,
  BLEND_DIRECT,
  BLEND_ADDITIVE,
} blend_mode;

enum { REDUCED_END = 0, REDUCED_SKIP, REDUCED_PLAY };

typedef struct blend_child {
  anima_timeline_clock clock; /* its timeline as the blend plays it */
  double at;
  blend_source weight;
  int reduced;
} blend_child;

typedef struct blend_data {
  blend_mode mode;
  blend_source axis;
  size_t count;
  blend_child children[];
} blend_data;

/** Per player: reduced motion as recorded for each child, and its weight
 * in the last write. */
typedef struct blend_child_clock {
  bool frozen;
  double frozen_travel; /* span (end) or 0 (skip) */
  /** A loop resumed after reduced motion was switched off: its travel is
   * origin_travel + (state time − origin_time) × rate. */
  double origin_time, origin_travel;
  /** The child's weight as the last write computed it, in [0, 1]. */
  double weight;
} blend_child_clock;

typedef struct blend_instance {
  bool reduced; /* reduced motion as the children last saw it */
  blend_child_clock clocks[];
} blend_instance;

static double clamp01(double value) {
  if (!(value > 0)) {
    return 0; /* also NaN */
  }
  return value < 1 ? value : 1;
}

static int reduced_of(const char *name) {
  if (name && strcmp(name, "skip") == 0) {
    return REDUCED_SKIP;
  }
  if (name && strcmp(name, "play") == 0) {
    return REDUCED_PLAY;
  }
  return REDUCED_END;
}

/* A source checked by machine_check.c: a number, an input name or
 * {bind: "expression"} (compiled here, at `pointer` + "/bind"). */
static anima_status compile_source(anima_compile *compile,
                                   const anima_json *json, const char *pointer,
                                   double fallback, blend_source *out) {
  const anima_host *h = machine_host;
  blend_source source = {.kind = SOURCE_NUMBER, .number = fallback};
  *out = source;
  if (!json) {
    return ANIMA_OK;
  }
  if (h->json_type(json) == ANIMA_JSON_NUMBER) {
    out->number = h->json_number(json);
    return ANIMA_OK;
  }
  if (h->json_type(json) == ANIMA_JSON_OBJECT) {
    const char *text = h->json_string(h->json_member(json, "bind"), NULL);
    char at[1200];
    machine_join(at, sizeof at, pointer, "/bind");
    out->kind = SOURCE_EXPRESSION;
    return text ? h->compile_expression(compile, at, text, ANIMA_INPUT_NUMBER,
                                        &out->expression)
                : ANIMA_ERROR_INVALID_DOCUMENT; /* machine_check.c said why */
  }
  const char *name = h->json_string(json, NULL);
  long input = name ? h->compile_find_input(compile, name) : -1;
  if (input >= 0) {
    out->kind = SOURCE_INPUT;
    out->input = (size_t)input;
  }
  return ANIMA_OK;
}

static double source_value(anima_step *step, const blend_source *source) {
  double value = source->kind == SOURCE_INPUT
                     ? machine_input_value(step, source->input)
                 : source->kind == SOURCE_EXPRESSION
                     ? machine_host->step_expression(step, source->expression)
                     : source->number;
  return isfinite(value) ? value : 0;
}

static anima_status blend_compile(anima_compile *compile,
                                  const anima_site *site, void *user,
                                  void **out) {
  (void)user;
  const anima_host *h = machine_host;
  const anima_json *mix = h->json_member(site->json, "mix");
  const anima_json *children = h->json_member(mix, "children");
  size_t count = children ? h->json_size(children) : 0;
  if (count == 0) {
    return ANIMA_ERROR_INVALID_DOCUMENT; /* machine_check.c said why */
  }
  blend_data *data =
      h->compile_alloc(compile, sizeof *data + count * sizeof(blend_child));
  if (!data) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const char *mode = h->json_string(h->json_member(mix, "mode"), NULL);
  data->mode = mode && strcmp(mode, "direct") == 0     ? BLEND_DIRECT
               : mode && strcmp(mode, "additive") == 0 ? BLEND_ADDITIVE
                                                       : BLEND_1D;
  char at[1100];
  machine_join(at, sizeof at, site->pointer, "/mix/axis");
  anima_status status =
      compile_source(compile, h->json_member(mix, "axis"), at, 0, &data->axis);
  if (status != ANIMA_OK) {
    return status;
  }
  const anima_json *speed_json = h->json_member(site->json, "speed");
  double speed = speed_json ? h->json_number(speed_json) : 1;
  data->count = count;
  for (size_t i = 0; i < count; i++) {
    const anima_json *child = h->json_item(children, i);
    const anima_json *play = h->json_member(child, "play");
    anima_timeline_info info;
    long timeline = h->compile_find_timeline(
        compile, play ? h->json_string(play, NULL) : NULL, NULL);
    if (timeline < 0 || h->compile_timeline_info(compile, (size_t)timeline,
                                                 &info) != ANIMA_OK) {
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
    const anima_json *threshold = h->json_member(child, "at");
    data->children[i] = (blend_child){
        .at = threshold ? h->json_number(threshold) : 0,
        .reduced = reduced_of(info.reduced_motion),
    };
    status = h->compile_timeline_clock(compile, (size_t)timeline, speed,
                                       &data->children[i].clock);
    if (status != ANIMA_OK) {
      return status;
    }
    snprintf(at, sizeof at, "%s/mix/children/%zu/weight", site->pointer, i);
    status = compile_source(compile, h->json_member(child, "weight"), at, 1,
                            &data->children[i].weight);
    if (status == ANIMA_OK) {
      status = h->compile_state_writes_timeline(compile, (size_t)timeline);
    }
    if (status != ANIMA_OK) {
      return status;
    }
  }
  *out = data;
  return ANIMA_OK;
}

static size_t blend_instance_size(const void *data, void *user) {
  (void)user;
  const blend_data *blend = data;
  return sizeof(blend_instance) + blend->count * sizeof(blend_child_clock);
}

/* Freezes every child reduced motion does not let play (SPEC §10; machine
 * "Blends": end at its directional work end, skip at its start). */
static void freeze_children(const blend_data *blend, blend_instance *record) {
  for (size_t i = 0; i < blend->count; i++) {
    const blend_child *child = &blend->children[i];
    blend_child_clock *clock = &record->clocks[i];
    if (child->reduced == REDUCED_PLAY) {
      continue;
    }
    clock->frozen = true;
    clock->frozen_travel =
        child->reduced == REDUCED_END ? child->clock.span : 0;
  }
}

static void blend_enter(anima_step *step, const void *data, void *instance,
                        size_t layer, double carry, void *user) {
  (void)layer, (void)carry, (void)user;
  const blend_data *blend = data;
  blend_instance *record = instance;
  record->reduced = machine_host->step_reduced_motion(step);
  memset(record->clocks, 0, blend->count * sizeof *record->clocks);
  if (record->reduced) {
    freeze_children(blend, record);
  }
}

/* Reduced motion switched while the blend is current (SPEC §10): on
 * re-resolves every child as on entry; off resumes frozen loops from
 * their frozen travel, frozen once children stay finished. */
static void follow_motion(anima_step *step, const blend_data *blend,
                          blend_instance *record, double time) {
  bool reduced = machine_host->step_reduced_motion(step);
  if (reduced == record->reduced) {
    return;
  }
  record->reduced = reduced;
  if (reduced) {
    freeze_children(blend, record);
    return;
  }
  /* The switch applies at the start of the step, before its dt (as the
   * kernel's and motion's clocks resume, anima_clock_desc.switch_motion):
   * a resumed loop has already travelled this step's dt. */
  double before = time - machine_host->step_dt(step);
  for (size_t i = 0; i < blend->count; i++) {
    blend_child_clock *clock = &record->clocks[i];
    if (clock->frozen && blend->children[i].clock.repeats) {
      clock->frozen = false;
      clock->origin_time = before > 0 ? before : 0;
      clock->origin_travel = clock->frozen_travel;
    }
  }
}

static double child_travel(const blend_child *child,
                           const blend_child_clock *clock, double time) {
  return clock->origin_travel + (time - clock->origin_time) * child->clock.rate;
}

static double child_local(const blend_data *blend, const blend_instance *record,
                          size_t i, double time) {
  const blend_child *child = &blend->children[i];
  const blend_child_clock *clock = &record->clocks[i];
  if (clock->frozen) {
    return machine_host->timeline_clock_local(&child->clock,
                                              clock->frozen_travel, true);
  }
  return machine_host->timeline_clock_local(
      &child->clock, child_travel(child, clock, time), false);
}

/* The children's weights from the sources as they are now, into
 * record->clocks[i].weight. */
static void compute_weights(anima_step *step, const blend_data *blend,
                            blend_instance *record) {
  const blend_child *children = blend->children;
  size_t count = blend->count;
  if (blend->mode == BLEND_1D) {
    double axis = source_value(step, &blend->axis);
    size_t left = 0;
    double weight = 0;
    if (count > 1 && axis >= children[count - 1].at) {
      left = count - 1;
    } else if (count > 1 && axis > children[0].at) {
      while (left + 2 < count && axis >= children[left + 1].at) {
        left++;
      }
      weight = (axis - children[left].at) /
               (children[left + 1].at - children[left].at);
    }
    for (size_t i = 0; i < count; i++) {
      record->clocks[i].weight = 0;
    }
    record->clocks[left].weight = 1;
    if (weight > 0) {
      record->clocks[left + 1].weight = weight;
    }
    return;
  }
  for (size_t i = 0; i < count; i++) {
    record->clocks[i].weight =
        blend->mode == BLEND_ADDITIVE && i == 0
            ? 1
            : clamp01(source_value(step, &children[i].weight));
  }
}

/* Mixes the children at their recorded weights and state time `time`, in
 * authored order. A zero-weight child changes nothing but the rest values
 * every written property starts from, so only the first is mixed then. */
static void mix_children(const blend_data *blend, const blend_instance *record,
                         double time, anima_state_output *output) {
  for (size_t i = 0; i < blend->count; i++) {
    double weight = record->clocks[i].weight;
    if (i > 0 && !(weight > 0)) {
      continue;
    }
    machine_host->output_mix(output, blend->children[i].clock.timeline,
                             child_local(blend, record, i, time), weight);
  }
}

static bool blend_write(anima_step *step, const void *data, void *instance,
                        size_t layer, anima_state_output *output, void *user) {
  (void)user;
  const blend_data *blend = data;
  blend_instance *record = instance;
  double time = machine_host->step_state_time(step, layer);
  follow_motion(step, blend, record, time);
  compute_weights(step, blend, record);
  mix_children(blend, record, time, output);
  return true;
}

/* The blend as the outgoing side of a `continue: true` crossfade
 * (anima_state_kind_desc.write_continued): every child's clock advances to
 * the blend's state time `time`, with the reduced-motion freezes the blend
 * had at exit (`instance`, the kernel's copy); the weights follow their
 * sources as they are now, as the blend's own write does
 * (docs/DECISIONS.md). */
static bool blend_write_continued(anima_step *step, const void *data,
                                  void *instance, size_t layer, double time,
                                  anima_state_output *output, void *user) {
  (void)layer, (void)user;
  compute_weights(step, data, instance);
  mix_children(data, instance, time, output);
  return true;
}

/* SPEC machine: a blend stays unsettled while any child timeline can
 * move, a zero-weight one included. */
static bool blend_at_rest(anima_step *step, const void *data,
                          const void *instance, size_t layer, void *user) {
  (void)user;
  const blend_data *blend = data;
  const blend_instance *record = instance;
  double time = machine_host->step_state_time(step, layer);
  if (machine_host->step_reduced_motion(step) != record->reduced) {
    return false; /* the next step re-resolves the children */
  }
  for (size_t i = 0; i < blend->count; i++) {
    const blend_child *child = &blend->children[i];
    const blend_child_clock *clock = &record->clocks[i];
    if (clock->frozen || child->clock.rate == 0) {
      continue; /* a zero-speed child is at rest */
    }
    if (child->clock.repeats || child_travel(child, clock, time) <
                                    child->clock.span - MACHINE_EPSILON) {
      return false;
    }
  }
  return true;
}

anima_status machine_register_blend(anima_registrar *registrar) {
  if (!ANIMA_HOST_HAS(machine_host, timeline_clock_local)) {
    return ANIMA_ERROR_MODULE;
  }
  static const anima_state_kind_desc kind = {
      .struct_size = sizeof(anima_state_kind_desc),
      .name = "blend",
      .feature = MACHINE_FEATURE,
      .lifecycle = {.compile = blend_compile,
                    .instance_size = blend_instance_size},
      .enter = blend_enter,
      .write = blend_write,
      .write_continued = blend_write_continued,
      .at_rest = blend_at_rest,
      .code = "machine-blend",
      .field = "mix",
  };
  return machine_host->add_state_kind(registrar, &kind);
}
