/*
 * motion.h — controlling explicit timeline instances from a host (SPEC
 * `## motion`, "Explicit runtime instances"; DECISIONS 20;
 * docs/modules/motion.md).
 *
 * The motion module (`anima-motion.so`, feature "motion") registers the
 * operations `timeline` and `instance`, which are also the SPEC §11.2
 * script commands of the same words. This header wraps them for C hosts;
 * like scroll.h it is `static inline` over the public API, so a host links
 * against libanima only.
 *
 * An instance is an independent clock over one document timeline, owned by
 * one player. No instance exists until a host makes one: `instance` makes a
 * named one; any `timeline` call naming a timeline with no instance of that
 * name makes the timeline's default instance (named like the timeline)
 * first. Names are unique per player. A new instance is stopped at its
 * directional start (the work start, or the work end for a negative
 * velocity), writes nothing, has mix 1, speed 1 and the authored loop mode.
 *
 * Every call changes the instance at once; the values resolve on the
 * player's next anima_player_step (also step(0)). There, after the layers
 * and bind's bindings and before clamping, every playing instance first
 * advances by the step's dt, then every instance that writes (played,
 * paused, scrubbed or applied and not stopped) mixes its timeline over the
 * values below it, in creation order: value = mix(incoming, sample, w) with
 * w its mix clamped to [0, 1] (0 writes nothing; bools and discrete
 * channels take the sample for any positive w). Times are timeline
 * seconds; the effective velocity is the timeline's authored `speed` times
 * the instance's speed. The timeline events a playing instance crosses in
 * a step are reported in that step's events (anima_step_result) with layer
 * -1 (no layer), after the layers' events, instances in creation order, by
 * SPEC motion's crossing rules (the first move after creation or stop
 * includes the start); seek and scrub report none, a manual advance
 * returns its own (anima_motion_advance_events). An instance that plays
 * while reduced motion freezes it (timeline reducedMotion end) reports,
 * once, the work-area events from where it is to its directional end (all
 * of them, both ends included, when it was made or stopped since), in
 * travel order, and then stands at that end; under skip it reports none.
 * anima_motion_query reads an instance's state.
 *
 * Common to every function: `player` (borrowed, not NULL) plays a document
 * that requires "motion"; `name` (borrowed, NUL-terminated, at most
 * ANIMA_MOTION_NAME_CAPACITY − 1 bytes, no spaces) names the instance;
 * diagnostics go to `diagnostics` (may be NULL). Each returns ANIMA_OK, or
 *   ANIMA_ERROR_INVALID_ARGUMENT  NULL `player`/`name`, a non-finite
 *                                 number (`operation-arguments`), an
 *                                 unknown name, a duplicate, a name too
 *                                 long or a player with
 *                                 ANIMA_MOTION_INSTANCE_CAPACITY instances
 *                                 already (`motion-instance`);
 *   ANIMA_ERROR_UNKNOWN_OPERATION the motion module is not loaded
 *                                 (`unknown-operation`) or the document does
 *                                 not require "motion" (`undeclared-feature`).
 * None allocates unless a diagnostic is added.
 */
#ifndef ANIMA_MOTION_PUBLIC_H
#define ANIMA_MOTION_PUBLIC_H

#include <stdbool.h>
#include <stdio.h>

#include <anima/module.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The motion module's feature and operation names. */
#define ANIMA_MOTION_FEATURE "motion"
#define ANIMA_MOTION_TIMELINE_OPERATION "timeline"
#define ANIMA_MOTION_INSTANCE_OPERATION "instance"
#define ANIMA_MOTION_MACHINE_OPERATION "machine"

/** Most instances one player holds. */
#define ANIMA_MOTION_INSTANCE_CAPACITY 32
/** Bytes of an instance name, with its terminating NUL. */
#define ANIMA_MOTION_NAME_CAPACITY 64

/** Loop modes for anima_motion_loop. AUTHORED restores the timeline's. */
typedef enum anima_motion_loop_mode {
  ANIMA_MOTION_LOOP_AUTHORED = 0,
  ANIMA_MOTION_LOOP_ONCE,
  ANIMA_MOTION_LOOP_LOOP,
  ANIMA_MOTION_LOOP_PINGPONG,
} anima_motion_loop_mode;

/** `timeline <name> <command> [<value>]` (internal helper: `value` may be
 * NULL). */
static inline anima_status
anima_motion_command_(anima_player *player, const char *name,
                      const char *command, const char *value,
                      anima_diagnostics *diagnostics) {
  if (!player || !name) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const char *const words[] = {name, command, value};
  return anima_player_invoke(player, ANIMA_MOTION_TIMELINE_OPERATION, words,
                             value ? 3 : 2, diagnostics);
}

/** The same with a number (%.17g round-trips a binary64; "inf" and "nan"
 * are refused as operation-arguments). */
static inline anima_status
anima_motion_number_(anima_player *player, const char *name,
                     const char *command, double value,
                     anima_diagnostics *diagnostics) {
  char text[32];
  snprintf(text, sizeof text, "%.17g", value);
  return anima_motion_command_(player, name, command, text, diagnostics);
}

/**
 * Creates the instance `name` of the document timeline `timeline` (its
 * name), stopped, with mix weight `mix` (any finite number; clamped to
 * [0, 1] when it writes). It composes after every instance made before it.
 * Errors: `motion-instance` for an unknown timeline or a name in use.
 * SPEC motion "Explicit runtime instances" (createTimeline).
 */
static inline anima_status anima_motion_create(anima_player *player,
                                               const char *name,
                                               const char *timeline, double mix,
                                               anima_diagnostics *diagnostics) {
  if (!player || !name || !timeline) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  char text[32];
  snprintf(text, sizeof text, "%.17g", mix);
  const char *const words[] = {name, timeline, text};
  return anima_player_invoke(player, ANIMA_MOTION_INSTANCE_OPERATION, words, 3,
                             diagnostics);
}

/** Plays: the clock moves with every step from where it is, and the
 * instance writes. A completed once instance stays at its end. */
static inline anima_status anima_motion_play(anima_player *player,
                                             const char *name,
                                             anima_diagnostics *diagnostics) {
  return anima_motion_command_(player, name, "play", NULL, diagnostics);
}

/** Pauses: the clock stops where it is; whether it writes is unchanged (a
 * paused instance that wrote keeps writing the same sample). */
static inline anima_status anima_motion_pause(anima_player *player,
                                              const char *name,
                                              anima_diagnostics *diagnostics) {
  return anima_motion_command_(player, name, "pause", NULL, diagnostics);
}

/** Stops: back to the directional start (a pingpong heading forward
 * again), not playing, and its writes are removed. */
static inline anima_status anima_motion_stop(anima_player *player,
                                             const char *name,
                                             anima_diagnostics *diagnostics) {
  return anima_motion_command_(player, name, "stop", NULL, diagnostics);
}

/** Enables the instance's writes without playing it, with mix weight
 * `mix` (finite), as the web API's apply(mix). */
static inline anima_status anima_motion_apply(anima_player *player,
                                              const char *name, double mix,
                                              anima_diagnostics *diagnostics) {
  return anima_motion_number_(player, name, "apply", mix, diagnostics);
}

/** Seeks to `seconds` (timeline seconds, finite), clamped into the work
 * area, without emitting events or changing play/pause or writes. A loop
 * instance sought to the work end samples its start. */
static inline anima_status anima_motion_seek(anima_player *player,
                                             const char *name, double seconds,
                                             anima_diagnostics *diagnostics) {
  return anima_motion_number_(player, name, "seek", seconds, diagnostics);
}

/** Scrubs: `progress` (finite, clamped to [0, 1]) seeks to start +
 * progress × (end − start) of the work area, whatever the direction, then
 * pauses; the instance writes. */
static inline anima_status anima_motion_scrub(anima_player *player,
                                              const char *name, double progress,
                                              anima_diagnostics *diagnostics) {
  return anima_motion_number_(player, name, "scrub", progress, diagnostics);
}

/** Sets the speed multiplier (finite; times the timeline's authored
 * `speed`). A negative velocity travels backwards from where the clock is
 * (an instance not moved since it was made or stopped moves to its new
 * directional start); 0 holds, and a zero-speed instance lets the player
 * settle. */
static inline anima_status anima_motion_speed(anima_player *player,
                                              const char *name, double speed,
                                              anima_diagnostics *diagnostics) {
  return anima_motion_number_(player, name, "speed", speed, diagnostics);
}

/** Sets the mix weight (finite; clamped to [0, 1] when written). */
static inline anima_status anima_motion_mix(anima_player *player,
                                            const char *name, double mix,
                                            anima_diagnostics *diagnostics) {
  return anima_motion_number_(player, name, "mix", mix, diagnostics);
}

/** Overrides the loop mode (AUTHORED restores the timeline's own). The
 * position is kept; a pingpong heading starts forward again. */
static inline anima_status anima_motion_loop(anima_player *player,
                                             const char *name,
                                             anima_motion_loop_mode mode,
                                             anima_diagnostics *diagnostics) {
  static const char *const words[] = {"authored", "once", "loop", "pingpong"};
  if ((unsigned)mode > ANIMA_MOTION_LOOP_PINGPONG) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  return anima_motion_command_(player, name, "loop", words[mode], diagnostics);
}

/** Moves just this clock by `seconds` (finite, >= 0) now, whether it plays
 * or not, by its loop mode; the values resolve at the next step. The
 * events it crosses are dropped (anima_motion_advance_events returns
 * them); didLoop (anima_motion_query) says whether it crossed a work
 * boundary. */
static inline anima_status
anima_motion_advance(anima_player *player, const char *name, double seconds,
                     anima_diagnostics *diagnostics) {
  return anima_motion_number_(player, name, "advance", seconds, diagnostics);
}

/**
 * anima_motion_advance that returns the timeline events the advance
 * crossed (the web API's `advance(dt)` result), in `crossed` (not NULL):
 * its `events`, layer -1, by the crossing rules of a step (the first move
 * after creation or stop includes the start; a loop reports each
 * crossing; a pingpong turn once), in travel order. An instance frozen by
 * reduced motion crosses none. Through anima_player_ask: the events of the
 * player's last step are no longer valid after the call; `crossed`'s are
 * valid until the next call that changes the player.
 */
static inline anima_status
anima_motion_advance_events(anima_player *player, const char *name,
                            double seconds, anima_operation_answer *crossed,
                            anima_diagnostics *diagnostics) {
  if (!player || !name || !crossed) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  char text[32];
  snprintf(text, sizeof text, "%.17g", seconds);
  const char *const words[] = {name, "advance", text};
  return anima_player_ask(player, ANIMA_MOTION_TIMELINE_OPERATION, words, 3,
                          crossed, diagnostics);
}

/** The state of an instance (anima_motion_query). */
typedef struct anima_motion_instance_state {
  /** The clock: timeline seconds in the work area [start, end]. */
  double position;
  /** The time it samples now: the position quantized down, a loop's work
   * end folded to its start, or the frozen endpoint under reduced
   * motion. */
  double sample;
  bool playing; /**< its clock moves with the player's steps */
  bool writing; /**< it mixes its timeline (played, paused, applied) */
  double speed; /**< the multiplier of the timeline's `speed` */
  double mix;   /**< the weight as set (clamped to [0, 1] when written) */
  /** The loop override: ANIMA_MOTION_LOOP_AUTHORED when none. */
  anima_motion_loop_mode loop;
  /** The mode it plays by: the override, else the timeline's (never
   * AUTHORED). */
  anima_motion_loop_mode mode;
  /** Its last advance (a step's or a manual one) crossed a work boundary
   * (a once instance: completed). */
  bool did_loop;
  /** Reduced motion freezes it (its timeline's reducedMotion is end or
   * skip and the player's reduced motion is on). */
  bool frozen;
} anima_motion_instance_state;

/** The loop word of a `state` answer as a mode (internal helper). */
static inline anima_motion_loop_mode anima_motion_loop_word_(const char *w) {
  if (w[0] == 'o') {
    return ANIMA_MOTION_LOOP_ONCE;
  }
  if (w[0] == 'l') {
    return ANIMA_MOTION_LOOP_LOOP;
  }
  return w[0] == 'p' ? ANIMA_MOTION_LOOP_PINGPONG : ANIMA_MOTION_LOOP_AUTHORED;
}

/**
 * Reads the state of the instance `name` into `out` (not NULL): the
 * script command `timeline <name> state`, whose answer (anima_player_ask)
 * this parses. Like any `timeline` call it makes the default instance of
 * the timeline `name` on first use. Besides the common errors,
 * ANIMA_ERROR_INVALID_ARGUMENT with `motion-instance` when the kernel
 * cannot answer (ABI without call_answer). Through anima_player_ask: the
 * events of the player's last step are no longer valid after the call.
 * SPEC motion "Explicit runtime instances" (the web API's instance
 * properties and didLoop).
 */
static inline anima_status anima_motion_query(anima_player *player,
                                              const char *name,
                                              anima_motion_instance_state *out,
                                              anima_diagnostics *diagnostics) {
  if (!player || !name || !out) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const char *const words[] = {name, "state"};
  anima_operation_answer answer;
  anima_status status = anima_player_ask(
      player, ANIMA_MOTION_TIMELINE_OPERATION, words, 2, &answer, diagnostics);
  if (status != ANIMA_OK) {
    return status;
  }
  int playing = 0, writing = 0, did_loop = 0, frozen = 0;
  char loop[16] = "", mode[16] = "";
  if (sscanf(answer.text,
             "position %lf sample %lf playing %d writing %d speed %lf "
             "mix %lf loop %15s mode %15s didLoop %d frozen %d",
             &out->position, &out->sample, &playing, &writing, &out->speed,
             &out->mix, loop, mode, &did_loop, &frozen) != 10) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  out->playing = playing != 0;
  out->writing = writing != 0;
  out->loop = anima_motion_loop_word_(loop);
  out->mode = anima_motion_loop_word_(mode);
  out->did_loop = did_loop != 0;
  out->frozen = frozen != 0;
  return ANIMA_OK;
}

/* ---- named machines (SPEC motion: `machines`, `machine(name)`) ------------
 *
 * A document's `machines: {name: {layers}}` defines named machines; each
 * runs only as an instance, at most one per definition and player, named
 * like it (instance names are unique across timelines and machines: an
 * instance named like a machine cannot be made, and a machine may not be
 * named like a timeline). Any anima_motion_machine_* call makes the
 * instance on first use: it plays and writes from its layers' initial
 * states, with its own inputs at their declared defaults (the default
 * machine's inputs are not shared) and mix 1, and composes after the
 * instances made before it (timeline instances and machines share one
 * creation order). On each step a playing machine moves by dt as the
 * default machine does (transitions read its own inputs), then writes over
 * the values below it: only the properties its layers' active and fading
 * states write, crossfades back to the value below included; with mix w
 * in (0, 1) each becomes mix(value below, machine value, w). Pause keeps
 * its state and its writes (held); stop removes its writes and suspends
 * its state without resetting it; play resumes from there. Its events
 * carry the index of its layer, named "<machine>/<layer>"
 * (anima_model_layer_name); its layers' current states are
 * anima_player_layer_state at the indices anima_model_layer_count ..
 * anima_model_layer_total − 1 (NULL before its instance exists).
 *
 * Besides the common errors: `motion-machine` (ANIMA_ERROR_INVALID_ARGUMENT)
 * when the document defines no machine `name` or `name` is a timeline
 * instance; `unknown-input` for an input the document does not declare;
 * `operation-arguments` for a value of the wrong kind (set on a trigger,
 * fire on a bool or number, a non-finite number). */

/** Internal helper: `machine <name> <command> [first] [second]`. */
static inline anima_status anima_motion_machine_command_(
    anima_player *player, const char *name, const char *command,
    const char *first, const char *second, anima_diagnostics *diagnostics) {
  if (!player || !name || (second && !first)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const char *const words[] = {name, command, first, second};
  return anima_player_invoke(player, ANIMA_MOTION_MACHINE_OPERATION, words,
                             second ? 4 : (first ? 3 : 2), diagnostics);
}

/** Makes the instance of the named machine `name` if there is none
 * (playing, writing, mix 1); ANIMA_OK when it exists. */
static inline anima_status
anima_motion_machine_create(anima_player *player, const char *name,
                            anima_diagnostics *diagnostics) {
  return anima_motion_machine_command_(player, name, "state", NULL, NULL,
                                       diagnostics);
}

/** Plays the machine: it moves with every step and writes (resuming a
 * stopped or paused one where it was). */
static inline anima_status
anima_motion_machine_play(anima_player *player, const char *name,
                          anima_diagnostics *diagnostics) {
  return anima_motion_machine_command_(player, name, "play", NULL, NULL,
                                       diagnostics);
}

/** Pauses the machine: its state and clocks stop, its writes hold. */
static inline anima_status
anima_motion_machine_pause(anima_player *player, const char *name,
                           anima_diagnostics *diagnostics) {
  return anima_motion_machine_command_(player, name, "pause", NULL, NULL,
                                       diagnostics);
}

/** Stops the machine: its writes are removed and its state suspended (not
 * reset); play resumes it. */
static inline anima_status
anima_motion_machine_stop(anima_player *player, const char *name,
                          anima_diagnostics *diagnostics) {
  return anima_motion_machine_command_(player, name, "stop", NULL, NULL,
                                       diagnostics);
}

/** Sets the machine's mix weight (any finite number; clamped to [0, 1]
 * when it writes, 0 writing nothing). */
static inline anima_status
anima_motion_machine_mix(anima_player *player, const char *name, double mix,
                         anima_diagnostics *diagnostics) {
  char text[32];
  snprintf(text, sizeof text, "%.17g", mix);
  return anima_motion_machine_command_(player, name, "mix", text, NULL,
                                       diagnostics);
}

/** Sets the bool input `input` of the machine's own inputs, at once. */
static inline anima_status
anima_motion_machine_set_bool(anima_player *player, const char *name,
                              const char *input, bool value,
                              anima_diagnostics *diagnostics) {
  if (!input) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  return anima_motion_machine_command_(player, name, "set", input,
                                       value ? "true" : "false", diagnostics);
}

/** Sets the number input `input` of the machine's own inputs, at once,
 * clamped to the input's min/max. */
static inline anima_status
anima_motion_machine_set_number(anima_player *player, const char *name,
                                const char *input, double value,
                                anima_diagnostics *diagnostics) {
  char text[32];
  if (!input) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  snprintf(text, sizeof text, "%.17g", value);
  return anima_motion_machine_command_(player, name, "set", input, text,
                                       diagnostics);
}

/** Fires the trigger `input` of the machine's own inputs (pending until
 * one of its transitions consumes it, as SPEC §8's triggers). */
static inline anima_status
anima_motion_machine_fire(anima_player *player, const char *name,
                          const char *input, anima_diagnostics *diagnostics) {
  if (!input) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  return anima_motion_machine_command_(player, name, "fire", input, NULL,
                                       diagnostics);
}

/**
 * Reads input `input` of the machine's own inputs into `out` (not NULL):
 * ANIMA_VALUE_NUMBER for a number input, ANIMA_VALUE_BOOL for a bool (a
 * trigger: pending). Through anima_player_ask: the events of the player's
 * last step are no longer valid after the call.
 */
static inline anima_status
anima_motion_machine_get(anima_player *player, const char *name,
                         const char *input, anima_value *out,
                         anima_diagnostics *diagnostics) {
  if (!player || !name || !input || !out) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const char *const words[] = {name, "get", input};
  anima_operation_answer answer;
  anima_status status = anima_player_ask(player, ANIMA_MOTION_MACHINE_OPERATION,
                                         words, 3, &answer, diagnostics);
  if (status != ANIMA_OK) {
    return status;
  }
  if (answer.text[0] == 't' || answer.text[0] == 'f') {
    *out = (anima_value){.type = ANIMA_VALUE_BOOL,
                         .as.boolean = answer.text[0] == 't'};
    return ANIMA_OK;
  }
  out->type = ANIMA_VALUE_NUMBER;
  return sscanf(answer.text, "%lf", &out->as.number) == 1
             ? ANIMA_OK
             : ANIMA_ERROR_INVALID_ARGUMENT;
}

/** What anima_motion_machine_query reads. */
typedef struct anima_motion_machine_state {
  bool playing; /**< it moves with the player's steps */
  bool writing; /**< it writes (played or paused, not stopped) */
  double mix;   /**< the weight as set */
} anima_motion_machine_state;

/** Reads the machine instance's controls into `out` (not NULL), making the
 * instance on first use (the script command `machine <name> state`).
 * Through anima_player_ask. Its layers' states: anima_player_layer_state. */
static inline anima_status
anima_motion_machine_query(anima_player *player, const char *name,
                           anima_motion_machine_state *out,
                           anima_diagnostics *diagnostics) {
  if (!player || !name || !out) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const char *const words[] = {name, "state"};
  anima_operation_answer answer;
  anima_status status = anima_player_ask(player, ANIMA_MOTION_MACHINE_OPERATION,
                                         words, 2, &answer, diagnostics);
  if (status != ANIMA_OK) {
    return status;
  }
  int playing = 0, writing = 0;
  if (sscanf(answer.text, "playing %d writing %d mix %lf", &playing, &writing,
             &out->mix) != 3) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  out->playing = playing != 0;
  out->writing = writing != 0;
  return ANIMA_OK;
}

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_MOTION_PUBLIC_H */
