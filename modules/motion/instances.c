/*
 * instances.c — explicit runtime timeline instances (SPEC motion
 * "Explicit runtime instances"; DECISIONS 20; include/anima/motion.h).
 *
 * A player of a motion document holds up to MOTION_INSTANCE_CAPACITY
 * instances, each an independent clock over one document timeline with
 * its own name, play/pause state, mix weight, speed multiplier and loop
 * override. The stage hook "instances" (BIND, after bind's bindings: the
 * module runs `after` bind) advances every playing instance by the step's
 * dt, then mixes each applied instance, in creation order, over the values
 * below it (host step_mix_timeline: mix(incoming, sample, weight)). The
 * layers and bindings rewrite those values every step, so an instance
 * restarts from them: no accumulating drift. Clamping follows (SPEC §7).
 *
 * The clock works in timeline seconds: a position p in the work area
 * [start, end] and, for pingpong, a heading. The effective velocity is the
 * timeline's authored `speed` times the instance's speed (default 1); its
 * sign is the direction of travel (pingpong: times the heading). The
 * directional start is the work start (velocity >= 0) or its end (< 0).
 * An advance by dt travels |v|·dt: once clamps at the directional end;
 * loop wraps (reaching the end lands on the start, as "a sought loop end
 * folds to the start"); pingpong turns at each end. `didLoop` records
 * that the last advance crossed a work boundary (once: completed). The
 * sample time is p quantized down on the absolute grid (the exact work
 * end stays exact, not below the start); a loop instance at p = end
 * samples the start. Under reduced motion a timeline whose reducedMotion
 * is end/skip samples its directional end/start, unfolded, and does not
 * move. The events a playing instance crosses in a step are reported with
 * layer -1, in travel order (report_move).
 *
 * Operations (also SPEC §11.2 script commands):
 *   timeline <name> play|pause|stop|apply
 *   timeline <name> seek|scrub|speed|mix|advance <number>
 *   timeline <name> loop once|loop|pingpong|authored
 *   timeline <name> state   (answers; anima_player_ask)
 *   instance <name> <timeline> [<mix>]
 * `timeline <name>` controls the instance named <name>, creating the
 * default instance of the timeline <name> on first use (DECISIONS 20).
 * Diagnostics: motion-instance (an unknown name, a duplicate, too many,
 * a name too long), operation-arguments (a value that is not a finite
 * number, a missing or extra value, a negative advance).
 */
#include <float.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <anima/motion.h>

#include "motion.h"

#define INSTANCES_HOOK "instances"

/* SPEC §5 clock boundaries (the kernel's ANIMA_CLOCK_EPSILON). */
static const double epsilon = 1e-9;

enum { loop_once = 0, loop_loop, loop_pingpong, loop_authored = -1 };
enum { reduced_play = 0, reduced_end, reduced_skip };

/* ---- per model: the document's timelines ----------------------------------
 */

typedef struct instance_event {
  double time;      /**< authored time, inside the work area */
  const char *name; /**< model memory */
  size_t order;     /**< authored position (ties keep it) */
} instance_event;

typedef struct instance_timeline {
  const char *name; /**< model memory */
  size_t index;     /**< the kernel's timeline index */
  double start, end, span, speed, quantize;
  int loop, reduced;
  size_t event_count;
  instance_event *events; /**< by time, then authored order */
} instance_timeline;

typedef struct instance_model {
  size_t count;
  instance_timeline *timelines;
} instance_model;

static int compare_events(const void *left, const void *right) {
  const instance_event *a = left, *b = right;
  if (a->time != b->time) {
    return a->time < b->time ? -1 : 1;
  }
  return a->order < b->order ? -1 : (a->order > b->order ? 1 : 0);
}

/* The events of `timeline` inside the work area (SPEC motion: "Events
 * outside it never fire"), sorted. */
static anima_status compile_events(anima_compile *compile,
                                   const anima_json *timeline,
                                   instance_timeline *entry) {
  const anima_host *h = motion_host;
  const anima_json *events = h->json_member(timeline, "events");
  size_t count =
      h->json_type(events) == ANIMA_JSON_ARRAY ? h->json_size(events) : 0;
  entry->events =
      count ? h->compile_alloc(compile, count * sizeof *entry->events) : NULL;
  if (count && !entry->events) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < count; i++) {
    const anima_json *event = h->json_item(events, i);
    double time = motion_number_or(h->json_item(event, 0), NAN);
    const char *name = h->json_string(h->json_item(event, 1), NULL);
    if (!name || !(time >= entry->start && time <= entry->end)) {
      continue;
    }
    const char *owned = h->compile_event_name(compile, name);
    if (!owned) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    entry->events[entry->event_count++] =
        (instance_event){.time = time, .name = owned, .order = i};
  }
  if (entry->event_count > 1) {
    qsort(entry->events, entry->event_count, sizeof *entry->events,
          compare_events);
  }
  return ANIMA_OK;
}

static anima_status instances_compile(anima_compile *compile,
                                      const anima_site *site, void *user,
                                      void **data) {
  (void)user, (void)site;
  const anima_host *h = motion_host;
  const anima_json *timelines =
      h->json_member(h->compile_document(compile), "timelines");
  size_t count = h->json_type(timelines) == ANIMA_JSON_OBJECT
                     ? h->json_size(timelines)
                     : 0;
  instance_model *model = h->compile_alloc(compile, sizeof *model);
  if (!model) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  model->timelines =
      count ? h->compile_alloc(compile, count * sizeof *model->timelines)
            : NULL;
  if (count && !model->timelines) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  static const char *const loops[] = {"once", "loop", "pingpong", NULL};
  static const char *const policies[] = {"play", "end", "skip", NULL};
  for (size_t i = 0; i < count; i++) {
    const char *key = h->json_key_at(timelines, i);
    const anima_json *timeline = h->json_value_at(timelines, i);
    double duration = 0;
    long index = h->compile_find_timeline(compile, key, &duration);
    if (index < 0) {
      continue;
    }
    size_t length = strlen(key);
    char *name = h->compile_alloc(compile, length + 1);
    if (!name) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    memcpy(name, key, length + 1);
    const anima_json *work = h->json_member(timeline, "work");
    instance_timeline *entry = &model->timelines[model->count++];
    *entry = (instance_timeline){
        .name = name,
        .index = (size_t)index,
        .start = motion_number_or(h->json_item(work, 0), 0),
        .end = motion_number_or(h->json_item(work, 1), duration),
        .speed = motion_number_or(h->json_member(timeline, "speed"), 1),
        .quantize = motion_number_or(h->json_member(timeline, "quantize"), 0),
        .loop =
            motion_option(h->json_member(timeline, "loop"), loops, loop_once),
        .reduced = motion_option(h->json_member(timeline, "reducedMotion"),
                                 policies, reduced_end)};
    entry->span = entry->end - entry->start;
    anima_status status = compile_events(compile, timeline, entry);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  *data = model;
  return ANIMA_OK;
}

/* ---- per player: the instances ---------------------------------------------
 */

typedef struct instance_record {
  char name[ANIMA_MOTION_NAME_CAPACITY];
  /** A timeline instance's timeline; NULL for a named machine's instance
   * (machine.c), whose `machine` is the kernel's index of the definition
   * (-1 for a timeline instance). */
  const instance_timeline *timeline;
  long machine;
  bool playing; /**< the clock moves with the player's steps */
  bool applied; /**< it writes (play, pause keep; stop removes) */
  double mix;   /**< weight, clamped to [0, 1] when written */
  double speed; /**< multiplier of the timeline's speed */
  int loop;     /**< loop_authored or a mode */
  double position;
  int heading; /**< pingpong: +1 or -1 (times the velocity's sign) */
  bool did_loop;
  /** At the directional start since creation or stop: the next move's
   * events include its start (as a state's entry interval does). */
  bool fresh;
  /** Playing while frozen by reduced motion, its freeze events reported
   * (report_freeze); cleared when it is not frozen or stops. */
  bool froze;
} instance_record;

typedef struct instance_list {
  size_t count;
  instance_record records[ANIMA_MOTION_INSTANCE_CAPACITY];
} instance_list;

static size_t instances_size(const void *data, void *user) {
  (void)data, (void)user;
  return sizeof(instance_list);
}

static int loop_of(const instance_record *record) {
  return record->loop == loop_authored ? record->timeline->loop : record->loop;
}

static double velocity(const instance_record *record) {
  return record->timeline->speed * record->speed;
}

/* The length of a move at velocity `v` for `dt` seconds. A product past
 * the largest number (a speed of 1e308 for 1e308 s) moves the largest
 * number: an infinite move has no position, and would leave the instance
 * at NaN for good. */
static double move_length(double v, double dt) {
  double travel = fabs(v) * dt;
  return travel > DBL_MAX ? DBL_MAX : travel;
}

/* The directional start: the work start going forward (v >= 0), the end in
 * reverse. */
static double directional_start(const instance_record *record) {
  const instance_timeline *t = record->timeline;
  return velocity(record) < 0 ? t->end : t->start;
}

/* The boundary ahead of a move in direction `d`. */
static double ahead(const instance_timeline *t, int d) {
  return d > 0 ? t->end : t->start;
}

/* Moves the clock by `dt` state seconds (SPEC motion "Timeline clock"
 * folded by the instance's loop mode). */
static void advance(instance_record *record, double dt) {
  record->did_loop = false;
  const instance_timeline *t = record->timeline;
  double v = velocity(record);
  double travel = move_length(v, dt);
  if (!(travel > 0) || !(t->span > 0)) {
    return;
  }
  int loop = loop_of(record);
  int d = v < 0 ? -1 : 1;
  if (loop == loop_pingpong) {
    d *= record->heading;
  }
  double p = record->position;
  if (loop == loop_loop && fabs(ahead(t, d) - p) <= epsilon) {
    p = ahead(t, -d); /* a sought loop end is its start */
  }
  double remaining = fabs(ahead(t, d) - p);
  if (travel < remaining - epsilon) {
    record->position = p + d * travel;
    return;
  }
  /* The move reaches the boundary ahead. */
  double rest = travel - remaining;
  record->did_loop = loop != loop_once || remaining > epsilon;
  if (loop == loop_once) {
    record->position = ahead(t, d);
    return;
  }
  if (loop == loop_loop) {
    /* Past the end lies the start again: what is left, modulo the span. */
    double u = fmod(rest, t->span);
    if (u > t->span - epsilon) {
      u = 0;
    }
    record->position = d > 0 ? t->start + u : t->end - u;
    return;
  }
  /* pingpong: turn at the boundary, then whole spans turn again each. */
  double spans = floor(rest / t->span);
  double u = rest - spans * t->span;
  if (!(spans < 4503599627370496.0)) {
    /* Past 2^52 spans (or a quotient past the largest number) the count
     * is not exact: the phase in the two-span period, from where this
     * sweep began, is (fmod is exact). */
    double period = 2 * t->span;
    double phase = fmod((t->span - remaining) + fmod(travel, period), period);
    /* Odd: the turns so far cancel, the sweep's direction again; even:
     * one more turn, as the count below means it. */
    spans = phase < t->span ? 1 : 0;
    u = phase < t->span ? phase : phase - t->span;
  }
  if (u > t->span - epsilon) {
    spans += 1;
    u = 0;
  }
  /* After the first turn the heading flips once more per whole span. */
  int turns = 1 + (fmod(spans, 2) == 0 ? 0 : 1);
  int direction = turns % 2 ? -d : d;
  double from = turns % 2 ? ahead(t, d) : ahead(t, -d);
  record->position = from + direction * u;
  if (turns % 2) {
    record->heading = -record->heading;
  }
}

/* The kernel's enumeration bound (docs/PLAYER.md): at most this many work
 * spans of one move report events. */
static const double maximum_periods = 10000;

/* Reports the events of `t` met moving from `a` to `b` (timeline seconds)
 * in direction `d`, in travel order (coincident events in authored
 * order): the interval excludes `a` unless `include_a`, includes `b`. */
static void report_segment(anima_step *step, const instance_timeline *t,
                           double a, double b, int d, bool include_a) {
  size_t count = t->event_count;
  /* Forward: ascending; reverse: descending by time, ties ascending. */
  if (d > 0) {
    for (size_t i = 0; i < count; i++) {
      double time = t->events[i].time;
      bool after_a = include_a ? time >= a - epsilon : time > a + epsilon;
      if (after_a && time <= b + epsilon) {
        motion_host->step_report(step, t->events[i].name, -1, time);
      }
    }
    return;
  }
  size_t end = count;
  while (end > 0) {
    size_t first = end - 1;
    while (first > 0 && t->events[first - 1].time == t->events[end - 1].time) {
      first--;
    }
    double time = t->events[first].time;
    bool after_a = include_a ? time <= a + epsilon : time < a - epsilon;
    if (after_a && time >= b - epsilon) {
      for (size_t i = first; i < end; i++) {
        motion_host->step_report(step, t->events[i].name, -1, time);
      }
    }
    end = first;
  }
}

/* The events an advance by `dt` crosses (SPEC motion "Timeline clock":
 * forward intervals exclude the previous time and include the new one,
 * reverse ones alike; a fresh instance includes its start; loops report
 * each crossing, the start and end distinctly; pingpong turns once), in
 * travel order, reported with layer -1. Call before advance(). */
static void report_move(anima_step *step, const instance_record *record,
                        double dt) {
  const instance_timeline *t = record->timeline;
  double v = velocity(record);
  double travel = move_length(v, dt);
  if (t->event_count == 0 || !(t->span > 0) || !(travel >= 0)) {
    return;
  }
  int loop = loop_of(record);
  int d = v < 0 ? -1 : 1;
  if (loop == loop_pingpong) {
    d *= record->heading;
  }
  double p = record->position;
  bool include = record->fresh;
  if (loop == loop_loop && fabs(ahead(t, d) - p) <= epsilon) {
    p = ahead(t, -d);
  }
  if (travel == 0) {
    if (include) {
      report_segment(step, t, p, p, d, true);
    }
    return;
  }
  /* Beyond the bound only the last periods report: whole cycles (two
   * spans for pingpong) at the start are skipped, the clock's state being
   * the same after each. */
  if (travel / t->span >= maximum_periods + 1) {
    double period = (loop == loop_pingpong ? 2 : 1) * t->span;
    travel = maximum_periods * t->span + fmod(travel, period);
    include = false;
  }
  double spans = 0;
  while (spans <= maximum_periods + 2) {
    double bound = ahead(t, d);
    double remaining = fabs(bound - p);
    if (travel < remaining - epsilon) {
      report_segment(step, t, p, p + d * travel, d, include);
      return;
    }
    report_segment(step, t, p, bound, d, include);
    travel -= remaining;
    spans += 1;
    if (loop == loop_once) {
      return;
    }
    if (loop == loop_loop) {
      /* The next cycle starts at the other end, its start event included
       * (start and end are distinct crossings). */
      p = ahead(t, -d);
      include = true;
      if (travel <= epsilon) {
        report_segment(step, t, p, p, d, true);
        return;
      }
    } else {
      p = bound; /* a pingpong turn: its event once */
      d = -d;
      include = false;
      if (travel <= epsilon) {
        return;
      }
    }
  }
}

/* The events of an instance that plays frozen by reduced motion (SPEC
 * motion "Timeline clock": "end reports only the work-area events, in
 * travel order, including both ends"; as a layer whose state is frozen on
 * entry or when reduced motion switches on): under `end`, those from its
 * position to the directional end, the position included when the
 * instance is fresh (made or stopped since: its whole work area), else
 * excluded (the rest of the way); under `skip`, none. Once per freeze. */
static void report_freeze(anima_step *step, const instance_record *record) {
  const instance_timeline *t = record->timeline;
  if (t->reduced != reduced_end || t->event_count == 0) {
    return;
  }
  int d = velocity(record) < 0 ? -1 : 1;
  double from = record->fresh ? directional_start(record) : record->position;
  report_segment(step, t, from, ahead(t, d), d, record->fresh);
}

/* The sample time of the record (SPEC motion: quantized down on the
 * absolute grid, not below the work start, the exact end exact; a loop's
 * end folds to its start). */
static double sample_time(anima_step *step, const instance_record *record) {
  const instance_timeline *t = record->timeline;
  if (t->reduced != reduced_play && motion_host->step_reduced_motion(step)) {
    /* Frozen: the directional endpoint (end) or start (skip), unfolded. */
    bool reverse = velocity(record) < 0;
    bool at_end = t->reduced == reduced_end;
    return at_end != reverse ? t->end : t->start;
  }
  double p = record->position;
  if (loop_of(record) == loop_loop && p >= t->end) {
    p = t->start;
  }
  double q = t->quantize;
  if (q > 0 && p != t->end) {
    double k = floor(p * q);
    if (p >= (k + 1) / q - epsilon) {
      k += 1;
    }
    p = k / q < t->start ? t->start : k / q;
  }
  return p;
}

static bool frozen(anima_step *step, const instance_record *record) {
  return record->timeline->reduced != reduced_play &&
         motion_host->step_reduced_motion(step);
}

static void instances_run(anima_step *step, const void *data, void *instance,
                          void *user) {
  (void)data, (void)user;
  instance_list *list = instance;
  double dt = motion_host->step_dt(step);
  for (size_t i = 0; i < list->count; i++) {
    instance_record *record = &list->records[i];
    if (!record->timeline) {
      /* A named machine: it moves while playing, writes while applied
       * (paused machines hold their writes; stopped ones write nothing and
       * stay where they are). */
      if (record->applied) {
        motion_host->step_machine_run(step, (size_t)record->machine,
                                      record->mix, record->playing);
      }
      continue;
    }
    bool is_frozen = frozen(step, record);
    if (record->playing && !is_frozen) {
      report_move(step, record, dt);
      advance(record, dt);
      record->fresh = false;
    } else if (record->playing && !record->froze) {
      report_freeze(step, record);
      record->froze = true;
      if (record->timeline->reduced == reduced_end) {
        /* It has played to its end: a once instance stays complete when
         * reduced motion switches off, a loop goes on from there. */
        int d = velocity(record) < 0 ? -1 : 1;
        record->position = ahead(record->timeline, d);
        record->fresh = false;
      }
    }
    record->froze = record->froze && is_frozen;
    if (record->applied) {
      motion_host->step_mix_timeline(step, record->timeline->index,
                                     sample_time(step, record), record->mix);
    }
  }
}

static bool instances_at_rest(anima_step *step, const void *data,
                              const void *instance, void *user) {
  (void)data, (void)user;
  const instance_list *list = instance;
  for (size_t i = 0; i < list->count; i++) {
    const instance_record *record = &list->records[i];
    if (!record->timeline) {
      if (record->playing && record->applied &&
          !motion_host->step_machine_at_rest(step, (size_t)record->machine)) {
        return false;
      }
      continue;
    }
    if (!record->playing || frozen(step, record) || velocity(record) == 0) {
      continue; /* explicit zero-speed instances can sleep */
    }
    if (loop_of(record) != loop_once) {
      return false;
    }
    int d = velocity(record) < 0 ? -1 : 1;
    if (fabs(ahead(record->timeline, d) - record->position) > epsilon) {
      return false; /* a once instance settles when it completes */
    }
  }
  return true;
}

/* ---- the operations ---------------------------------------------------------
 */

static const instance_timeline *find_timeline(const instance_model *model,
                                              const char *name) {
  for (size_t i = 0; i < model->count; i++) {
    if (strcmp(model->timelines[i].name, name) == 0) {
      return &model->timelines[i];
    }
  }
  return NULL;
}

static instance_record *find_record(instance_list *list, const char *name) {
  for (size_t i = 0; i < list->count; i++) {
    if (strcmp(list->records[i].name, name) == 0) {
      return &list->records[i];
    }
  }
  return NULL;
}

/* Creates an instance of `timeline` named `name` at its directional start,
 * stopped, mix `mix`; NULL (reported) when the name is too long or the list
 * is full. */
static instance_record *create(anima_operation_call *call, instance_list *list,
                               const char *name,
                               const instance_timeline *timeline, double mix) {
  size_t length = strlen(name);
  if (length >= ANIMA_MOTION_NAME_CAPACITY) {
    motion_host->call_report(
        call, "motion-instance", "use a name of at most 63 bytes",
        "the instance name \"%.40s...\" is too long", name);
    return NULL;
  }
  if (list->count >= ANIMA_MOTION_INSTANCE_CAPACITY) {
    motion_host->call_report(
        call, "motion-instance", "a player holds at most 32 instances",
        "no room for the instance \"%s\": the player has 32", name);
    return NULL;
  }
  instance_record *record = &list->records[list->count++];
  *record = (instance_record){.timeline = timeline,
                              .machine = -1,
                              .fresh = true,
                              .mix = mix,
                              .speed = 1,
                              .loop = loop_authored,
                              .heading = 1};
  memcpy(record->name, name, length + 1);
  record->position = directional_start(record);
  return record;
}

static bool parse_number(const char *word, double *out) {
  if (!word || !*word) {
    return false;
  }
  char *end = NULL;
  double value = strtod(word, &end);
  if (*end != '\0' || !isfinite(value)) {
    return false;
  }
  *out = value;
  return true;
}

static const char *const commands[] = {"play",    "pause", "stop",  "apply",
                                       "seek",    "scrub", "speed", "mix",
                                       "advance", "loop",  "state", NULL};

static const char *const loop_words[] = {"once", "loop", "pingpong"};

/* `timeline <name> state`: answers the instance's state (host call_answer;
 * include/anima/motion.h anima_motion_query parses it). */
static void answer_state(anima_operation_call *call,
                         const instance_record *record) {
  anima_step *step = motion_host->call_step(call);
  motion_host->call_answer(
      call,
      "position %.17g sample %.17g playing %d writing %d speed %.17g "
      "mix %.17g loop %s mode %s didLoop %d frozen %d",
      record->position, sample_time(step, record), record->playing,
      record->applied, record->speed, record->mix,
      record->loop == loop_authored ? "authored" : loop_words[record->loop],
      loop_words[loop_of(record)], record->did_loop, frozen(step, record));
}

/* A missing value (`word` NULL) is said to be missing, with what goes
 * there (`hint`); a wrong one is quoted. */
static anima_status bad_value(anima_operation_call *call, const char *command,
                              const char *word, const char *hint) {
  if (!word) {
    motion_host->call_report(call, "operation-arguments", hint,
                             "timeline %s: the value is missing (%s)", command,
                             hint);
  } else {
    motion_host->call_report(call, "operation-arguments", hint,
                             "timeline %s: \"%s\" is not a valid value (%s)",
                             command, word, hint);
  }
  return ANIMA_ERROR_INVALID_ARGUMENT;
}

static anima_status invoke_timeline(anima_operation_call *call,
                                    const void *data, void *instance,
                                    const anima_argument *args, size_t count,
                                    void *user) {
  (void)count, (void)user;
  const instance_model *model = data;
  instance_list *list = instance;
  const char *name = args[0].word;
  const char *command = args[1].word;
  const char *word = args[2].word;
  instance_record *record = find_record(list, name);
  if (record && !record->timeline) {
    motion_host->call_report(call, "motion-instance",
                             "control a machine instance with `machine`",
                             "\"%s\" is a machine instance, not a timeline "
                             "instance",
                             name);
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (!record) {
    const instance_timeline *timeline = find_timeline(model, name);
    if (!timeline) {
      motion_host->call_report(
          call, "motion-instance",
          "name an instance made with `instance`, or a timeline",
          "no instance or timeline is named \"%s\"", name);
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
    record = create(call, list, name, timeline, 1);
    if (!record) {
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
  }
  bool bare = strcmp(command, "play") == 0 || strcmp(command, "pause") == 0 ||
              strcmp(command, "stop") == 0 || strcmp(command, "apply") == 0 ||
              strcmp(command, "state") == 0;
  if (bare && word && strcmp(command, "apply") != 0) {
    return bad_value(call, command, word,
                     "play, pause, stop and state take no value");
  }
  if (strcmp(command, "state") == 0) {
    if (!ANIMA_HOST_HAS(motion_host, call_answer)) {
      motion_host->call_report(call, "motion-instance",
                               "use a kernel with operation answers",
                               "this kernel cannot answer a query");
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
    answer_state(call, record);
    return ANIMA_OK;
  }
  if (strcmp(command, "play") == 0) {
    record->playing = true;
    record->applied = true;
  } else if (strcmp(command, "pause") == 0) {
    record->playing = false;
  } else if (strcmp(command, "stop") == 0) {
    record->playing = false;
    record->applied = false;
    record->heading = 1;
    record->fresh = true;
    record->froze = false;
    record->position = directional_start(record);
  } else if (strcmp(command, "loop") == 0) {
    static const char *const modes[] = {"once", "loop", "pingpong", NULL};
    int mode = loop_authored;
    for (int i = 0; word && modes[i]; i++) {
      mode = strcmp(word, modes[i]) == 0 ? i : mode;
    }
    if (mode == loop_authored && !(word && strcmp(word, "authored") == 0)) {
      return bad_value(call, command, word, "once, loop, pingpong or authored");
    }
    record->loop = mode;
    record->heading = 1;
  } else {
    double value = 0;
    bool optional = strcmp(command, "apply") == 0 && !word;
    if (!optional && !parse_number(word, &value)) {
      return bad_value(call, command, word, "a finite number");
    }
    const instance_timeline *t = record->timeline;
    if (strcmp(command, "apply") == 0) {
      record->applied = true;
      record->mix = optional ? record->mix : value;
    } else if (strcmp(command, "seek") == 0) {
      record->fresh = false;
      record->position =
          value < t->start ? t->start : (value > t->end ? t->end : value);
    } else if (strcmp(command, "scrub") == 0) {
      double progress = value < 0 ? 0 : (value > 1 ? 1 : value);
      record->fresh = false;
      record->position = t->start + progress * t->span;
      record->playing = false;
      record->applied = true;
    } else if (strcmp(command, "speed") == 0) {
      record->speed = value;
      if (record->fresh) {
        /* Not moved since made or stopped: at the new directional start. */
        record->position = directional_start(record);
      }
    } else if (strcmp(command, "mix") == 0) {
      record->mix = value;
    } else { /* advance */
      if (value < 0) {
        return bad_value(call, command, word, "seconds >= 0");
      }
      /* The crossed events go to the call (anima_player_ask returns
       * them); a frozen instance shows its endpoint and crosses none. */
      anima_step *step = motion_host->call_step(call);
      if (!frozen(step, record)) {
        report_move(step, record, value);
      }
      advance(record, value);
      record->fresh = false;
    }
  }
  return ANIMA_OK;
}

static anima_status invoke_instance(anima_operation_call *call,
                                    const void *data, void *instance,
                                    const anima_argument *args, size_t count,
                                    void *user) {
  (void)count, (void)user;
  const instance_model *model = data;
  instance_list *list = instance;
  const instance_timeline *timeline = find_timeline(model, args[1].word);
  if (!timeline) {
    motion_host->call_report(call, "motion-instance",
                             "name a timeline of the document",
                             "no timeline is named \"%s\"", args[1].word);
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (find_record(list, args[0].word) ||
      (ANIMA_HOST_HAS(motion_host, step_machine_state) &&
       motion_host->step_machine_find(motion_host->call_step(call),
                                      args[0].word) >= 0)) {
    motion_host->call_report(
        call, "motion-instance",
        "instance names are unique across timelines and machines",
        "an instance named \"%s\" exists already", args[0].word);
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  double mix = args[2].word ? args[2].number : 1;
  return create(call, list, args[0].word, timeline, mix)
             ? ANIMA_OK
             : ANIMA_ERROR_INVALID_ARGUMENT;
}

/* ---- named machines (SPEC motion: `machine(name)`) -------------------------
 */

static const char *const machine_commands[] = {
    "play", "pause", "stop", "mix", "set", "fire", "get", "state", NULL};

static anima_status machine_value(anima_operation_call *call,
                                  const char *command, const char *word,
                                  const char *hint) {
  motion_host->call_report(call, "operation-arguments", hint,
                           "machine %s: \"%s\" is not a valid value", command,
                           word ? word : "(none)");
  return ANIMA_ERROR_INVALID_ARGUMENT;
}

/* The instance of named machine `name`, made on first use: playing and
 * writing from its definition's initial states, its own inputs at their
 * defaults, mix 1, composed after the instances made before it. NULL
 * (reported) when the document defines no such machine or the list is
 * full. */
static instance_record *machine_record(anima_operation_call *call,
                                       instance_list *list, const char *name) {
  instance_record *record = find_record(list, name);
  if (record) {
    if (record->timeline) {
      motion_host->call_report(
          call, "motion-machine", "control a timeline instance with `timeline`",
          "\"%s\" is a timeline instance, not a machine", name);
      return NULL;
    }
    return record;
  }
  anima_step *step = motion_host->call_step(call);
  long machine = motion_host->step_machine_find(step, name);
  if (machine < 0) {
    motion_host->call_report(call, "motion-machine",
                             "name a machine of the document's `machines`",
                             "no machine is named \"%s\"", name);
    return NULL;
  }
  if (strlen(name) >= ANIMA_MOTION_NAME_CAPACITY ||
      list->count >= ANIMA_MOTION_INSTANCE_CAPACITY) {
    motion_host->call_report(
        call, "motion-instance", "a player holds at most 32 instances",
        "no room for the machine instance \"%.40s\": the player has 32", name);
    return NULL;
  }
  if (!motion_host->step_machine_start(step, (size_t)machine)) {
    motion_host->call_report(call, "motion-machine",
                             "name a machine of the document's `machines`",
                             "the machine \"%s\" cannot start", name);
    return NULL;
  }
  record = &list->records[list->count++];
  *record = (instance_record){.machine = machine,
                              .playing = true,
                              .applied = true,
                              .mix = 1,
                              .speed = 1,
                              .heading = 1};
  memcpy(record->name, name, strlen(name) + 1);
  return record;
}

/* `machine <name> set <input> <value>`: true/false for a bool, a finite
 * number for a number input; `fire <input>` for a trigger. */
static anima_status machine_set(anima_operation_call *call,
                                const instance_record *record,
                                const char *command, const char *input,
                                const char *word) {
  anima_step *step = motion_host->call_step(call);
  anima_value current;
  if (!input || motion_host->step_machine_input(step, (size_t)record->machine,
                                                input, &current) != ANIMA_OK) {
    motion_host->call_report(call, "unknown-input",
                             "name an input of the document's `inputs`",
                             "machine %s: no input is named \"%s\"", command,
                             input ? input : "(none)");
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  bool fire = strcmp(command, "fire") == 0;
  anima_value value = {.type = current.type};
  if (fire) {
    if (word) {
      return machine_value(call, command, word, "fire takes only the input");
    }
  } else if (current.type == ANIMA_VALUE_NUMBER) {
    if (!parse_number(word, &value.as.number)) {
      return machine_value(call, command, word, "a finite number");
    }
  } else if (word &&
             (strcmp(word, "true") == 0 || strcmp(word, "false") == 0)) {
    value.as.boolean = strcmp(word, "true") == 0;
  } else {
    return machine_value(call, command, word, "true or false");
  }
  if (motion_host->step_machine_set_input(step, (size_t)record->machine, input,
                                          fire ? NULL : &value) != ANIMA_OK) {
    motion_host->call_report(call, "operation-arguments",
                             fire ? "set a bool or number input with `set`"
                                  : "fire a trigger with `fire`",
                             "machine %s: the input \"%s\" is not of that kind",
                             command, input);
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  return ANIMA_OK;
}

/* `machine <name> state`: playing, writing, mix and each layer's state
 * (include/anima/motion.h anima_motion_machine_query parses it). */
static void machine_answer(anima_operation_call *call,
                           const instance_record *record) {
  anima_step *step = motion_host->call_step(call);
  motion_host->call_answer(call, "playing %d writing %d mix %.17g",
                           record->playing, record->applied, record->mix);
  const char *layer = NULL;
  const char *state;
  for (size_t i = 0; (state = motion_host->step_machine_state(
                          step, (size_t)record->machine, i, &layer)) != NULL;
       i++) {
    motion_host->call_answer(call, " state %s %s", layer, state);
  }
}

static anima_status invoke_machine(anima_operation_call *call, const void *data,
                                   void *instance, const anima_argument *args,
                                   size_t count, void *user) {
  (void)data, (void)count, (void)user;
  instance_list *list = instance;
  const char *command = args[1].word;
  const char *first = args[2].word;
  const char *second = args[3].word;
  bool bare = strcmp(command, "play") == 0 || strcmp(command, "pause") == 0 ||
              strcmp(command, "stop") == 0 || strcmp(command, "state") == 0;
  if (bare && first) {
    return machine_value(call, command, first,
                         "play, pause, stop and state take no value");
  }
  if ((strcmp(command, "mix") == 0 || strcmp(command, "get") == 0) && second) {
    return machine_value(call, command, second, "mix and get take one value");
  }
  if (!bare && !first) {
    return machine_value(call, command, NULL,
                         strcmp(command, "mix") == 0 ? "a finite number"
                                                     : "the name of an input");
  }
  instance_record *record = machine_record(call, list, args[0].word);
  if (!record) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (strcmp(command, "play") == 0) {
    record->playing = true;
    record->applied = true;
  } else if (strcmp(command, "pause") == 0) {
    record->playing = false;
  } else if (strcmp(command, "stop") == 0) {
    record->playing = false;
    record->applied = false;
  } else if (strcmp(command, "mix") == 0) {
    double value = 0;
    if (!parse_number(first, &value)) {
      return machine_value(call, command, first, "a finite number");
    }
    record->mix = value;
  } else if (strcmp(command, "state") == 0 || strcmp(command, "get") == 0) {
    if (!ANIMA_HOST_HAS(motion_host, call_answer)) {
      motion_host->call_report(call, "motion-machine",
                               "use a kernel with operation answers",
                               "this kernel cannot answer a query");
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
    if (strcmp(command, "state") == 0) {
      machine_answer(call, record);
      return ANIMA_OK;
    }
    anima_value value;
    if (motion_host->step_machine_input(motion_host->call_step(call),
                                        (size_t)record->machine, first,
                                        &value) != ANIMA_OK) {
      motion_host->call_report(call, "unknown-input",
                               "name an input of the document's `inputs`",
                               "machine get: no input is named \"%s\"", first);
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
    if (value.type == ANIMA_VALUE_NUMBER) {
      motion_host->call_answer(call, "%.17g", value.as.number);
    } else {
      motion_host->call_answer(call, "%s", value.as.boolean ? "true" : "false");
    }
  } else {
    return machine_set(call, record, command, first, second);
  }
  return ANIMA_OK;
}

/* Instance names are unique across timelines and machines (SPEC motion):
 * a named machine may not share its name with a timeline, whose default
 * instance carries the timeline's name. */
static void check_machines(anima_check *check, void *user) {
  (void)user;
  const anima_host *h = motion_host;
  const anima_json *document = h->check_document(check);
  const anima_json *machines = h->json_member(document, "machines");
  const anima_json *timelines = h->json_member(document, "timelines");
  if (h->json_type(machines) != ANIMA_JSON_OBJECT) {
    return;
  }
  for (size_t i = 0; i < h->json_size(machines); i++) {
    const char *name = h->json_key_at(machines, i);
    if (!name || !h->json_member(timelines, name) || name[0] == '$') {
      continue;
    }
    char pointer[160];
    snprintf(pointer, sizeof pointer, "/machines/%.140s", name);
    h->check_report(check, "motion-machine", ANIMA_SEVERITY_ERROR, pointer,
                    "rename the machine or the timeline: instance names are "
                    "unique across timelines and machines",
                    "the machine \"%s\" has the name of a timeline", name);
  }
}

static const anima_check_desc machines_check = {.struct_size =
                                                    sizeof machines_check,
                                                .feature = MOTION_FEATURE,
                                                .name = "machines",
                                                .check = check_machines};

/* `machines: {name: {layers}}`: the field and the codes (SPEC motion). */
static anima_status register_machines(const anima_host *host,
                                      anima_registrar *registrar) {
  static const anima_field_desc field = {
      .owner = "document",
      .name = "machines",
      .kind = ANIMA_FIELD_MAP,
      .item_kind = "machine",
      .feature = MOTION_FEATURE,
      .minimum = -INFINITY,
      .maximum = INFINITY,
      .markup_form = ANIMA_MARKUP_CHILDREN,
      .description = "Named machine definitions {name: {layers}} (SPEC motion "
                     "\"Explicit runtime instances\"): each runs only as an "
                     "instance a host makes (`machine <name> ...`), with its "
                     "own inputs and clocks; its layers are validated as "
                     "the default machine's."};
  static const anima_code_desc code = {
      .code = "motion-machine",
      .severity = ANIMA_SEVERITY_ERROR,
      .feature = MOTION_FEATURE,
      .description =
          "A named machine shares its name with a timeline (instance "
          "names are unique across timelines and machines), or a "
          "machine operation names no machine of the document."};
  static const anima_argument_desc machine_arguments[] = {
      {.kind = ANIMA_ARGUMENT_WORD, .name = "name"},
      {.kind = ANIMA_ARGUMENT_WORD,
       .name = "command",
       .options = machine_commands},
      {.kind = ANIMA_ARGUMENT_WORD, .name = "input", .optional = true},
      {.kind = ANIMA_ARGUMENT_WORD, .name = "value", .optional = true},
  };
  static const anima_operation_desc machine_operation = {
      .struct_size = sizeof machine_operation,
      .name = ANIMA_MOTION_MACHINE_OPERATION,
      .feature = MOTION_FEATURE,
      .usage = "machine <name> play|pause|stop|state | machine <name> mix "
               "<number> | machine <name> set <input> true|false|<number> | "
               "machine <name> fire <input> | machine <name> get <input>",
      .description = "Controls the instance of the named machine <name> "
                     "(made on first use, playing); values resolve at the "
                     "next step.",
      .arguments = machine_arguments,
      .argument_count = 4,
      .instance_of = INSTANCES_HOOK,
      .invoke = invoke_machine};
  anima_status status = host->add_field(registrar, &field);
  if (status == ANIMA_OK) {
    status = host->add_code(registrar, &code);
  }
  if (status == ANIMA_OK) {
    status = host->add_check(registrar, &machines_check);
  }
  if (status == ANIMA_OK) {
    status = host->add_operation(registrar, &machine_operation);
  }
  return status;
}

anima_status motion_register_instances(const anima_host *host,
                                       anima_registrar *registrar) {
  static const anima_stage_hook_desc hook = {
      .struct_size = sizeof hook,
      .stage = ANIMA_STAGE_BIND,
      .feature = MOTION_FEATURE,
      .name = INSTANCES_HOOK,
      .lifecycle = {.compile = instances_compile,
                    .instance_size = instances_size},
      .run = instances_run,
      .at_rest = instances_at_rest};
  static const anima_argument_desc timeline_arguments[] = {
      {.kind = ANIMA_ARGUMENT_WORD, .name = "name"},
      {.kind = ANIMA_ARGUMENT_WORD, .name = "command", .options = commands},
      {.kind = ANIMA_ARGUMENT_WORD, .name = "value", .optional = true},
  };
  static const anima_operation_desc timeline_operation = {
      .struct_size = sizeof timeline_operation,
      .name = ANIMA_MOTION_TIMELINE_OPERATION,
      .feature = MOTION_FEATURE,
      .usage = "timeline <name> play|pause|stop|apply [<mix>] | timeline "
               "<name> seek|scrub|speed|mix|advance <number> | timeline "
               "<name> loop once|loop|pingpong|authored | timeline <name> "
               "state",
      .description = "Controls the timeline instance <name> (the default "
                     "instance of the timeline <name> is made on first "
                     "use); values resolve at the next step.",
      .arguments = timeline_arguments,
      .argument_count = 3,
      .instance_of = INSTANCES_HOOK,
      .invoke = invoke_timeline};
  static const anima_argument_desc instance_arguments[] = {
      {.kind = ANIMA_ARGUMENT_WORD, .name = "name"},
      {.kind = ANIMA_ARGUMENT_WORD, .name = "timeline"},
      {.kind = ANIMA_ARGUMENT_NUMBER, .name = "mix", .optional = true},
  };
  static const anima_operation_desc instance_operation = {
      .struct_size = sizeof instance_operation,
      .name = ANIMA_MOTION_INSTANCE_OPERATION,
      .feature = MOTION_FEATURE,
      .usage = "instance <name> <timeline> [<mix>]",
      .description = "Creates the stopped timeline instance <name> of "
                     "<timeline> with mix weight <mix> (default 1), "
                     "composed after those made before it.",
      .arguments = instance_arguments,
      .argument_count = 3,
      .instance_of = INSTANCES_HOOK,
      .invoke = invoke_instance};
  static const anima_code_desc code = {
      .code = "motion-instance",
      .severity = ANIMA_SEVERITY_ERROR,
      .feature = MOTION_FEATURE,
      .description = "A timeline or instance operation names no instance or "
                     "timeline, repeats an instance name, or finds no room "
                     "for one more instance."};
  if (!ANIMA_HOST_HAS(host, step_mix_timeline)) {
    return ANIMA_OK; /* an older kernel: no instances */
  }
  anima_status status = host->add_code(registrar, &code);
  if (status == ANIMA_OK) {
    status = host->add_stage_hook(registrar, &hook);
  }
  if (status == ANIMA_OK) {
    status = host->add_operation(registrar, &timeline_operation);
  }
  if (status == ANIMA_OK) {
    status = host->add_operation(registrar, &instance_operation);
  }
  if (status == ANIMA_OK && ANIMA_HOST_HAS(host, step_machine_state)) {
    status = register_machines(host, registrar);
  }
  return status;
}
