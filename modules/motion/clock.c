/*
 * clock.c — the timeline clock (SPEC motion "Timeline clock"): a play
 * state of a motion document plays its timeline with
 *
 *   timeline "speed"    any finite number, default 1 (times the state's
 *                       `speed`, which motion lets be any finite number:
 *                       DECISIONS 19)
 *   timeline "quantize" samples per second (> 0): the *sample* time goes
 *                       down onto the absolute grid floor(t·q)/q
 *   timeline "work"     [start, end], 0 <= start < end <= duration
 *
 * through the kernel's clock hook (module.h anima_clock_desc).
 *
 * The clock works in *travel distance*: δ = |v|·(state time) where v is
 * the effective speed (timeline speed × state speed). δ folds into the
 * work span with §5's once/loop/pingpong rules (u in [0, span]); the
 * position is start + u going forward (v >= 0) and end − u in reverse
 * (v < 0), so a reversed state starts at the work end. Events are mapped
 * to their travel distance from the directional start (te − start, or
 * end − te), so every §5/§7 crossing rule (forward intervals (from, to],
 * on entry [0, carry]; loop carry; pingpong turns once; travel order)
 * applies unchanged in δ. A once state finishes at δ = span, after
 * span/|v| state seconds; v = 0 never finishes.
 *
 * The same clock maps timelines a module plays itself (the clock's
 * timeline map, module.h anima_clock_desc.compile_timeline: the machine's
 * blend children): travel at |timeline speed × state speed| from the
 * directional start, folded into the work span by the loop mode, sampled
 * on the quantize grid (SPEC machine "Blends and bound data").
 *
 * Diagnostics: motion-work at /timelines/<name>/work (hint: the interval).
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "motion_clock.h"

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

/* SPEC §5 clock boundaries (the kernel's ANIMA_CLOCK_EPSILON). */
static const double clock_epsilon = 1e-9;

static bool reached(double t, double boundary) {
  return t >= boundary - clock_epsilon;
}

/* The kernel's enumeration bounds (docs/PLAYER.md). */
static const double maximum_periods = 100000;
static const double maximum_occurrences = 100000;

enum { loop_once = 0, loop_loop, loop_pingpong };
enum { reduced_play = 0, reduced_end, reduced_skip };

/* ---- registration -------------------------------------------------------- */

static const anima_field_desc clock_fields[] = {
    {.owner = "timeline",
     .name = "speed",
     .feature = MOTION_FEATURE,
     .kind = ANIMA_FIELD_NUMBER,
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .default_json = "1",
     .description = "Multiplies every play state's speed (any finite number; "
                    "negative plays from the work end, 0 holds)."},
    {.owner = "timeline",
     .name = "quantize",
     .feature = MOTION_FEATURE,
     .kind = ANIMA_FIELD_NUMBER,
     .minimum = 0,
     .exclusive_minimum = true,
     .maximum = INFINITY,
     .description = "Samples per second: the sample time goes down onto the "
                    "absolute grid floor(t*quantize)/quantize."},
    {.owner = "timeline",
     .name = "work",
     .feature = MOTION_FEATURE,
     .kind = ANIMA_FIELD_NUMBERS,
     .length = 2,
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .description = "[start, end] seconds, 0 <= start < end <= duration: the "
                    "interval the clock plays, loops and reports events in."},
};

static const anima_code_desc clock_codes[] = {
    {.code = "motion-work",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = MOTION_FEATURE,
     .description = "A timeline's work interval is not 0 <= start < end <= "
                    "duration."},
};

/* motion-work: every timeline's `work` within its duration. */
static void check_work(anima_check *check, void *user) {
  (void)user;
  const anima_host *h = motion_host;
  const anima_json *timelines =
      h->json_member(h->check_document(check), "timelines");
  if (h->json_type(timelines) != ANIMA_JSON_OBJECT) {
    return;
  }
  for (size_t i = 0; i < h->json_size(timelines); i++) {
    const anima_json *timeline = h->json_value_at(timelines, i);
    const anima_json *work = h->json_member(timeline, "work");
    const anima_json *duration = h->json_member(timeline, "duration");
    if (h->json_type(work) != ANIMA_JSON_ARRAY || h->json_size(work) != 2 ||
        h->json_type(h->json_item(work, 0)) != ANIMA_JSON_NUMBER ||
        h->json_type(h->json_item(work, 1)) != ANIMA_JSON_NUMBER ||
        h->json_type(duration) != ANIMA_JSON_NUMBER) {
      continue; /* structural errors were reported */
    }
    double start = h->json_number(h->json_item(work, 0));
    double end = h->json_number(h->json_item(work, 1));
    double d = h->json_number(duration);
    if (start >= 0 && start < end && end <= d) {
      continue;
    }
    char pointer[512], hint[160], message[256], s[ANIMA_FORMAT_CAPACITY],
        e[ANIMA_FORMAT_CAPACITY], dt[ANIMA_FORMAT_CAPACITY];
    h->format_number(start, s);
    h->format_number(end, e);
    h->format_number(d, dt);
    snprintf(pointer, sizeof pointer, "/timelines/%s/work",
             h->json_key_at(timelines, i));
    snprintf(hint, sizeof hint,
             "use [start, end] with 0 <= start < end <= %s (the duration)", dt);
    snprintf(message, sizeof message,
             "the work interval [%s, %s] is not inside [0, %s] with start < "
             "end",
             s, e, dt);
    h->check_report(check, "motion-work", ANIMA_SEVERITY_ERROR, pointer, hint,
                    "%s", message);
  }
}

/* ---- per-state data ------------------------------------------------------ */

static int compare_events(const void *left, const void *right) {
  const clock_event *a = left, *b = right;
  if (a->at != b->at) {
    return a->at < b->at ? -1 : 1;
  }
  return a->order < b->order ? -1 : (a->order > b->order ? 1 : 0);
}

/* compile_find_input/compile_input_type as motion_next_parse's `find`. */
static long find_compiled_input(void *context, const char *name,
                                anima_input_type *type) {
  long input = motion_host->compile_find_input(context, name);
  if (input >= 0) {
    *type = motion_host->compile_input_type(context, (size_t)input);
  }
  return input;
}

/* The state's exitNext edges (validated: persistent terms only). */
static anima_status compile_next(anima_compile *compile, const anima_json *on,
                                 motion_clock *clock) {
  const anima_host *h = motion_host;
  size_t count = h->json_type(on) == ANIMA_JSON_ARRAY ? h->json_size(on) : 0;
  size_t edges = 0, terms = 0;
  for (int pass = 0; pass < 2; pass++) {
    edges = terms = 0;
    for (size_t i = 0; i < count; i++) {
      const anima_json *edge = h->json_item(on, i);
      const char *next = h->json_string(h->json_member(edge, "exitNext"), NULL);
      const char *when = h->json_string(h->json_member(edge, "when"), NULL);
      if (!next || !when) {
        continue;
      }
      bool valid;
      size_t n = motion_next_parse(when, pass ? clock->terms + terms : NULL,
                                   pass ? clock->term_capacity - terms : 0,
                                   find_compiled_input, compile, &valid);
      if (!valid) {
        return ANIMA_ERROR_INVALID_DOCUMENT; /* validation said why */
      }
      if (pass) {
        clock->next[edges] = (next_edge){
            .on_index = i,
            .kind = strcmp(next, "loop") == 0 ? next_loop : next_step,
            .first_term = terms,
            .term_count = n};
      }
      edges++;
      terms += n;
    }
    if (pass == 0 && edges > 0) {
      clock->next = h->compile_alloc(compile, edges * sizeof *clock->next);
      clock->terms =
          h->compile_alloc(compile, (terms ? terms : 1) * sizeof *clock->terms);
      clock->term_capacity = terms;
      if (!clock->next || !clock->terms) {
        return ANIMA_ERROR_NO_MEMORY;
      }
    }
  }
  clock->next_count = edges;
  return ANIMA_OK;
}

static anima_status clock_compile(anima_compile *compile,
                                  const anima_site *site, void *user,
                                  void **data) {
  (void)user;
  const anima_host *h = motion_host;
  const char *play = h->json_string(h->json_member(site->json, "play"), NULL);
  const anima_json *timeline = h->json_member(
      h->json_member(h->compile_document(compile), "timelines"), play);
  if (!play || h->json_type(timeline) != ANIMA_JSON_OBJECT) {
    return ANIMA_OK; /* not a play state */
  }
  motion_clock *clock = h->compile_alloc(compile, sizeof *clock);
  if (!clock) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  static const char *const loops[] = {"once", "loop", "pingpong", NULL};
  static const char *const policies[] = {"play", "end", "skip", NULL};
  double duration = motion_number_or(h->json_member(timeline, "duration"), 0);
  const anima_json *work = h->json_member(timeline, "work");
  clock->start = motion_number_or(h->json_item(work, 0), 0);
  clock->end = motion_number_or(h->json_item(work, 1), duration);
  clock->span = clock->end - clock->start;
  clock->speed = motion_number_or(h->json_member(timeline, "speed"), 1) *
                 motion_number_or(h->json_member(site->json, "speed"), 1);
  if (isinf(clock->speed)) {
    /* Two finite speeds whose product is past the largest number play at
     * the largest number (DECISIONS, hostile review session 8). */
    clock->speed = copysign(DBL_MAX, clock->speed);
  }
  clock->quantize = motion_number_or(h->json_member(timeline, "quantize"), 0);
  clock->loop =
      motion_option(h->json_member(timeline, "loop"), loops, loop_once);
  clock->reduced = motion_option(h->json_member(timeline, "reducedMotion"),
                                 policies, reduced_end);
  const char *time = h->json_string(h->json_member(site->json, "time"), NULL);
  if (time) {
    char pointer[600];
    snprintf(pointer, sizeof pointer, "%s/time", site->pointer);
    anima_status status = h->compile_expression(
        compile, pointer, time, ANIMA_INPUT_NUMBER, &clock->expression);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  clock->hold =
      h->json_type(h->json_member(site->json, "hold")) == ANIMA_JSON_BOOL &&
      h->json_bool(h->json_member(site->json, "hold"));
  if (!(clock->span > 0) || !isfinite(clock->speed)) {
    return ANIMA_ERROR_INVALID_DOCUMENT; /* validation said why */
  }
  const anima_json *events = h->json_member(timeline, "events");
  size_t count =
      h->json_type(events) == ANIMA_JSON_ARRAY ? h->json_size(events) : 0;
  clock->events = count > 0
                      ? h->compile_alloc(compile, count * sizeof *clock->events)
                      : NULL;
  if (count > 0 && !clock->events) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < count; i++) {
    const anima_json *event = h->json_item(events, i);
    double time = motion_number_or(h->json_item(event, 0), NAN);
    const char *name = h->json_string(h->json_item(event, 1), NULL);
    /* Events outside the work interval never fire. */
    if (!name || !(time >= clock->start && time <= clock->end)) {
      continue;
    }
    const char *owned = h->compile_event_name(compile, name);
    if (!owned) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    clock->events[clock->event_count++] = (clock_event){
        .at = clock->speed < 0 ? clock->end - time : time - clock->start,
        .time = time,
        .name = owned,
        .order = i};
  }
  if (clock->event_count > 1) {
    qsort(clock->events, clock->event_count, sizeof *clock->events,
          compare_events);
  }
  anima_status next =
      compile_next(compile, h->json_member(site->json, "on"), clock);
  if (next != ANIMA_OK) {
    return next;
  }
  *data = clock;
  return ANIMA_OK;
}

static size_t clock_instance_size(const void *data, void *user) {
  (void)user;
  const motion_clock *clock = data;
  return sizeof(clock_instance) + clock->next_count * sizeof(double);
}

/* ---- the clock ----------------------------------------------------------- */

/* §5's fold of travel distance `d` into [0, span] (the kernel's local
 * time: a multiple of the span within ε snaps to 0 for loop, to 0 or span
 * for pingpong). */
static double fold(const motion_clock *clock, double d) {
  double span = clock->span;
  if (clock->loop == loop_once) {
    return d < span ? (d > 0 ? d : 0) : span;
  }
  double period = clock->loop == loop_loop ? span : 2 * span;
  if (!(d / span < 4503599627370496.0)) {
    /* Past 2^52 spans the whole-span count is not exact (past the largest
     * number, infinite): fmod takes the remainder in the period exactly,
     * and the same ε snaps apply to it. */
    double r = fmod(d, period);
    if (r <= clock_epsilon || period - r <= clock_epsilon) {
      return 0;
    }
    if (fabs(r - span) <= clock_epsilon) {
      return clock->loop == loop_loop ? 0 : span;
    }
    return r <= span ? r : period - r;
  }
  double multiple = nearbyint(d / span);
  if (fabs(d - multiple * span) <= clock_epsilon) {
    if (clock->loop == loop_loop) {
      return 0;
    }
    return fmod(multiple, 2) == 0 ? 0 : span;
  }
  if (clock->loop == loop_loop) {
    double u = d - span * floor(d / span);
    return u < 0 ? 0 : (u >= span ? 0 : u);
  }
  double q = d - period * floor(d / period);
  q = q < 0 ? 0 : (q > period ? period : q);
  return q <= span ? q : period - q;
}

/* The timeline position of folded travel `u`. */
static double position(const motion_clock *clock, double u) {
  return clock->speed < 0 ? clock->end - u : clock->start + u;
}

double motion_clock_travel(const motion_clock *clock,
                           const clock_instance *instance, double state_time) {
  if (instance->frozen) {
    return instance->frozen_at;
  }
  if (clock->hold) {
    return instance->origin_distance; /* held at the entry position */
  }
  double travel = instance->origin_distance +
                  (state_time - instance->origin_time) * fabs(clock->speed);
  return travel > DBL_MAX ? DBL_MAX : travel; /* see fold */
}

double *motion_clock_armed(clock_instance *instance) {
  return (double *)(instance + 1);
}

/* Travel, stopped at the earliest armed exitNext boundary. */
static double distance(const motion_clock *clock,
                       const clock_instance *instance, double state_time) {
  double d = motion_clock_travel(clock, instance, state_time);
  const double *armed = (const double *)(instance + 1);
  for (size_t i = 0; i < clock->next_count; i++) {
    if (isfinite(armed[i]) && armed[i] < d) {
      d = armed[i];
    }
  }
  return d;
}

/* The sample time of position `t`: down onto the absolute quantize grid,
 * not below the work start; the exact work end stays exact. */
static double quantized(const motion_clock *clock, double t) {
  double q = clock->quantize;
  if (!(q > 0) || t == clock->end) {
    return t;
  }
  double k = floor(t * q);
  if (reached(t, (k + 1) / q)) {
    k += 1; /* t lies on the next grid point within the clock's ε */
  }
  double sampled = k / q;
  return sampled < clock->start ? clock->start : sampled;
}

/* Travel distance of the frozen position for reduced-motion policy
 * `policy` (end: the directional endpoint; skip: the directional start). */
static double frozen_distance(const motion_clock *clock, int policy) {
  return policy == reduced_end ? clock->span : 0;
}

/* A `time:` expression's value: local seconds clamped into the work area
 * (a non-finite result is the work start). */
static double time_value(anima_step *step, const motion_clock *clock) {
  double value = motion_host->step_expression(step, clock->expression);
  if (!isfinite(value) || value < clock->start) {
    return clock->start;
  }
  return value > clock->end ? clock->end : value;
}

static void clock_enter(anima_step *step, const void *data, void *instance,
                        size_t layer, double carry, void *user) {
  (void)layer, (void)carry, (void)user;
  const motion_clock *clock = data;
  clock_instance *record = instance;
  memset(record, 0, sizeof *record);
  double *armed = motion_clock_armed(record);
  for (size_t i = 0; i < clock->next_count; i++) {
    armed[i] = NAN; /* exitNext gates arm at stage 2 */
  }
  /* Reduced motion's entry policy takes precedence over sync and hold. */
  if (motion_host->step_reduced_motion(step) &&
      clock->reduced != reduced_play) {
    record->frozen = true;
    record->frozen_at = frozen_distance(clock, clock->reduced);
  }
  sync_pending *sync = motion_sync_pending(step, layer);
  bool transferred = false;
  if (sync && sync->pending) {
    sync->pending = false;
    if (!record->frozen) {
      motion_clock_seek(clock, record, 0, sync->position);
      record->synced = true;
      transferred = true;
    }
  }
  if (clock->expression) {
    /* An ordinary entry evaluates at once; a synced one keeps the
     * transferred time and only records the value. */
    record->last_value = time_value(step, clock);
    if (!transferred) {
      record->seek_position = record->last_value;
    }
  }
}

double motion_clock_at(const motion_clock *clock, double d) {
  return position(clock, fold(clock, d));
}

void motion_clock_update_time(anima_step *step, size_t layer) {
  const anima_clock_desc *desc;
  const void *data;
  void *instance = motion_host->step_layer_clock(step, layer, &desc, &data);
  if (!desc || desc->local != motion_clock_desc.local || !instance) {
    return;
  }
  const motion_clock *clock = data;
  clock_instance *record = instance;
  if (clock->next_count > 0) {
    motion_next_arm(step, clock, record,
                    motion_host->step_state_time(step, layer));
  }
  if (!clock->expression || record->frozen) {
    return;
  }
  double value = time_value(step, clock);
  if (value != record->last_value) {
    record->last_value = value;
    record->seek_position = value;
  }
}

double motion_clock_position(const motion_clock *clock,
                             const clock_instance *instance,
                             double state_time) {
  if (clock->expression && !instance->frozen) {
    return instance->seek_position;
  }
  double d = distance(clock, instance, state_time);
  return position(clock, instance->frozen ? d : fold(clock, d));
}

void motion_clock_seek(const motion_clock *clock, clock_instance *instance,
                       double state_time, double at) {
  at = at < clock->start ? clock->start : (at > clock->end ? clock->end : at);
  instance->seek_position = at;
  instance->origin_time = state_time;
  instance->origin_distance =
      clock->speed < 0 ? clock->end - at : at - clock->start;
}

static double clock_local(anima_step *step, const void *data, void *instance,
                          size_t layer, double state_time, void *user) {
  (void)step, (void)layer, (void)user;
  const motion_clock *clock = data;
  const clock_instance *record = instance;
  if (clock->expression && !record->frozen) {
    /* A sought loop end folds to the start when sampled. */
    double at = record->seek_position;
    if (clock->loop == loop_loop && at >= clock->end) {
      at = clock->start;
    }
    return quantized(clock, at);
  }
  double d = distance(clock, record, state_time);
  /* Frozen clocks sample their endpoint without folding it back. */
  double u = record->frozen ? d : fold(clock, d);
  return quantized(clock, position(clock, u));
}

static void report_event(anima_step *step, size_t layer,
                         const clock_event *event) {
  motion_host->step_report(step, event->name, (long)layer, event->time);
}

/* Does occurrence `o` lie in the reported interval (SPEC §5 clock
 * boundaries; on entry both ends are included)? */
static bool occurs(double o, double from, double to, bool entry) {
  bool after_start = entry ? reached(o, from) : !reached(from, o);
  return after_start && reached(to, o);
}

/* The events of travel (from, to] ([from, to] on entry), in travel order:
 * the kernel's enumeration (player_layer.c) over travel distance. */
static void report_travel(anima_step *step, const motion_clock *clock,
                          size_t layer, double from, double to, bool entry) {
  size_t count = clock->event_count;
  const clock_event *events = clock->events;
  double span = clock->span;
  if (count == 0) {
    return;
  }
  if (clock->loop == loop_once) {
    for (size_t i = 0; i < count; i++) {
      if (occurs(events[i].at, from, to, entry)) {
        report_event(step, layer, &events[i]);
      }
    }
    return;
  }
  double period = clock->loop == loop_loop ? span : 2 * span;
  double first = floor(from / period) - 1;
  double last = floor(to / period) + 1;
  if (!(last < 4503599627370496.0) || !(first < last)) {
    return;
  }
  if (first < 0) {
    first = 0;
  }
  double periods = floor(maximum_occurrences / (double)count);
  periods =
      periods > maximum_periods ? maximum_periods : (periods < 1 ? 1 : periods);
  if (last - first > periods) {
    first = last - periods;
  }
  for (double k = first; k <= last; k++) {
    for (size_t i = 0; i < count; i++) {
      if (occurs(events[i].at + k * period, from, to, entry)) {
        report_event(step, layer, &events[i]);
      }
    }
    if (clock->loop != loop_pingpong) {
      continue;
    }
    /* The way back: reflected occurrences, the far ones first; the turning
     * points (0 and span) occur once per period by the forward formula. */
    for (size_t i = count; i-- > 0;) {
      double at = events[i].at;
      if (at <= 0 || at >= span) {
        continue;
      }
      if (occurs((k + 1) * period - at, from, to, entry)) {
        report_event(step, layer, &events[i]);
      }
    }
  }
}

/* The events chapter's `@loop`: one WRAP moment (host step_layer_wrap) per
 * boundary k·span (k >= 1) of travel in (from, to] ([from, to] on entry,
 * where k >= 1 leaves out the start): every work span for `loop`, every
 * turn for `pingpong`, whatever the direction. Reported before the
 * interval's timeline events, at most maximum_periods of them (the last
 * ones), as the kernel's own clock does. */
static void report_wraps(anima_step *step, const motion_clock *clock,
                         size_t layer, double from, double to, bool entry) {
  double span = clock->span;
  if (clock->loop == loop_once || !(span > 0) ||
      !ANIMA_HOST_HAS(motion_host, step_layer_wrap)) {
    return;
  }
  double first = floor(from / span);
  double last = floor(to / span) + 1;
  if (!(last < 4503599627370496.0) || !(first < last)) {
    return;
  }
  if (first < 1) {
    first = 1;
  }
  if (last - first > maximum_periods) {
    first = last - maximum_periods;
  }
  for (double k = first; k <= last; k++) {
    if (occurs(k * span, from, to, entry)) {
      motion_host->step_layer_wrap(step, layer, k * span);
    }
  }
}

static void clock_report(anima_step *step, const void *data, void *instance,
                         size_t layer, double from, double to, bool entry,
                         void *user) {
  (void)user;
  const motion_clock *clock = data;
  clock_instance *record = instance;
  if (record->report_freeze) {
    /* Reduced motion switched on (end): the rest of the travel. */
    record->report_freeze = false;
    for (size_t i = 0; i < clock->event_count; i++) {
      if (occurs(clock->events[i].at, record->freeze_from, clock->span,
                 false)) {
        report_event(step, layer, &clock->events[i]);
      }
    }
    return;
  }
  if (clock->hold || clock->expression) {
    return; /* held clocks and seeks synthesize no timeline events */
  }
  if (record->frozen) {
    if (entry && clock->reduced == reduced_end) {
      /* Every work-area event once, in travel order, both ends included. */
      for (size_t i = 0; i < clock->event_count; i++) {
        report_event(step, layer, &clock->events[i]);
      }
    }
    return;
  }
  /* A synced entry does not replay the event at the transfer point; the
   * target's carry reports what it crosses. */
  double travel_from = distance(clock, record, from);
  double travel_to = distance(clock, record, to);
  bool from_included = entry && !record->synced;
  report_wraps(step, clock, layer, travel_from, travel_to, from_included);
  report_travel(step, clock, layer, travel_from, travel_to, from_included);
}

static bool clock_finished(anima_step *step, const void *data,
                           const void *instance, size_t layer,
                           double state_time, double *overshoot, void *user) {
  (void)step, (void)layer, (void)user;
  const motion_clock *clock = data;
  const clock_instance *record = instance;
  *overshoot = 0;
  if (clock->loop != loop_once || clock->hold || clock->expression) {
    return false; /* holding does not itself satisfy @end */
  }
  if (record->frozen) {
    /* Frozen timelines carry nothing (DECISIONS 14); skip is the start,
     * which still counts as finished (§10: a frozen once timeline). */
    return true;
  }
  if (clock->speed == 0) {
    return false; /* zero speed holds: infinite completion time */
  }
  double d = distance(clock, record, state_time);
  if (!reached(d, clock->span)) {
    return false;
  }
  *overshoot = (d - clock->span) / fabs(clock->speed);
  return true;
}

static bool clock_at_rest(anima_step *step, const void *data,
                          const void *instance, size_t layer, double state_time,
                          void *user) {
  (void)step, (void)layer, (void)user;
  const motion_clock *clock = data;
  const clock_instance *record = instance;
  if (record->frozen || clock->hold || clock->expression) {
    return true; /* held and sought clocks settle */
  }
  if (clock->speed == 0) {
    /* Machine zero-speed play states stay busy: transitions may still
     * depend on state time. */
    return false;
  }
  return clock->loop == loop_once &&
         reached(distance(clock, record, state_time), clock->span);
}

static void clock_switch_motion(anima_step *step, const void *data,
                                void *instance, size_t layer, double state_time,
                                bool reduced, void *user) {
  (void)step, (void)layer, (void)user;
  const motion_clock *clock = data;
  clock_instance *record = instance;
  if (reduced) {
    if (record->frozen || clock->reduced == reduced_play) {
      return;
    }
    double current = fold(clock, distance(clock, record, state_time));
    record->frozen = true;
    record->frozen_at = frozen_distance(clock, clock->reduced);
    if (clock->reduced == reduced_end) {
      record->report_freeze = true;
      record->freeze_from = current;
    }
    return;
  }
  if (!record->frozen || clock->loop == loop_once) {
    return; /* frozen once states stay finished */
  }
  record->frozen = false;
  record->origin_time = state_time;
  record->origin_distance = record->frozen_at;
}

/* ---- the timeline map (timelines modules play themselves) ---------------- */

static anima_status map_compile(anima_compile *compile, size_t timeline,
                                const anima_json *json, double speed,
                                void *user, void **data, double *rate,
                                double *span) {
  (void)timeline, (void)user;
  const anima_host *h = motion_host;
  static const char *const loops[] = {"once", "loop", "pingpong", NULL};
  motion_clock *clock = h->compile_alloc(compile, sizeof *clock);
  if (!clock) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  double duration = motion_number_or(h->json_member(json, "duration"), 0);
  const anima_json *work = h->json_member(json, "work");
  clock->start = motion_number_or(h->json_item(work, 0), 0);
  clock->end = motion_number_or(h->json_item(work, 1), duration);
  clock->span = clock->end - clock->start;
  clock->speed = motion_number_or(h->json_member(json, "speed"), 1) * speed;
  clock->quantize = motion_number_or(h->json_member(json, "quantize"), 0);
  clock->loop = motion_option(h->json_member(json, "loop"), loops, loop_once);
  if (!(clock->span > 0) || !isfinite(clock->speed)) {
    return ANIMA_ERROR_INVALID_DOCUMENT; /* validation said why */
  }
  *rate = fabs(clock->speed);
  *span = clock->span;
  *data = clock;
  return ANIMA_OK;
}

static double map_local(const void *data, double travel, bool frozen,
                        void *user) {
  (void)user;
  const motion_clock *clock = data;
  double u = frozen ? (travel < clock->span ? travel : clock->span)
                    : fold(clock, travel);
  return quantized(clock, position(clock, u));
}

const anima_clock_desc motion_clock_desc = {
    .struct_size = sizeof motion_clock_desc,
    .feature = MOTION_FEATURE,
    .name = "timeline-clock",
    .flags = ANIMA_CLOCK_SIGNED_SPEED,
    .lifecycle = {.compile = clock_compile,
                  .instance_size = clock_instance_size},
    .enter = clock_enter,
    .local = clock_local,
    .report = clock_report,
    .finished = clock_finished,
    .at_rest = clock_at_rest,
    .switch_motion = clock_switch_motion,
    .compile_timeline = map_compile,
    .timeline_local = map_local,
};

anima_status motion_register_clock(const anima_host *host,
                                   anima_registrar *registrar) {
  if (!ANIMA_HOST_HAS(host, add_clock)) {
    return ANIMA_ERROR_MODULE;
  }
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, host->add_field, registrar, clock_fields);
  ANIMA_ADD_EACH(status, host->add_code, registrar, clock_codes);
  static const anima_check_desc work_check = {.struct_size = sizeof work_check,
                                              .feature = MOTION_FEATURE,
                                              .name = "motion-work",
                                              .check = check_work};
  if (status == ANIMA_OK) {
    status = host->add_check(registrar, &work_check);
  }
  if (status == ANIMA_OK) {
    status = host->add_clock(registrar, &motion_clock_desc);
  }
  return status;
}
