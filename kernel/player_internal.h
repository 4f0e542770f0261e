/*
 * player_internal.h — the player struct and the functions the player*.c
 * sources share (SPEC §7-§10). Kernel-private.
 *
 * A player is small and owns only per-instance state: input values and
 * queued writes, one runtime record per layer (state, clocks, crossfade
 * snapshot), the resolved slot values, the pose, the pointer state and an
 * event buffer. Everything it needs is allocated by anima_player_create; a step
 * allocates nothing (the event buffer only grows when a step reports more
 * events than any step before).
 */
#ifndef ANIMA_KERNEL_PLAYER_INTERNAL_H
#define ANIMA_KERNEL_PLAYER_INTERNAL_H

#include <stdint.h>

#include "model.h"
#include "pose.h"
#include "value_type.h"

/**
 * Runs an action block (SPEC bind: a state's `entry`/`exit`, a transition's
 * `actions`) at once, as one snapshot action: every expression set of
 * model->actions[first .. first + count) is evaluated against the inputs
 * as they are now, then fire (pending), the sets, toggle and emit (events
 * of `layer`) apply in order. `writes` false runs only the emits, `emits`
 * false only the writes (a new player's initial entry: writes at
 * construction, emits with the first step's entry events).
 */
struct anima_player;
void anima_player_run_actions(struct anima_player *player, size_t first,
                              size_t count, long layer, bool writes,
                              bool emits);

/** A queued input write or listener action (SPEC §7 stage 1). */
typedef enum anima_write_kind {
  ANIMA_WRITE_SET_BOOL = 0,
  ANIMA_WRITE_SET_NUMBER,
  ANIMA_WRITE_FIRE,
  ANIMA_WRITE_TOGGLE,
  ANIMA_WRITE_EMIT,
  ANIMA_WRITE_ACTION, /**< a module action kind's `run` */
  /** Before the writes of a listener with expression sets (SPEC bind):
   * evaluates them all against the inputs as they are now. */
  ANIMA_WRITE_SNAPSHOT,
  /** An expression set: the value the last SNAPSHOT computed. */
  ANIMA_WRITE_SET_EXPRESSION,
  /** A module's action block (step_queue_block): `index` in
   * model->action_blocks, run as one snapshot action, emits layer null. */
  ANIMA_WRITE_BLOCK,
} anima_write_kind;

typedef struct anima_input_write {
  anima_write_kind kind;
  size_t input;                     /**< not used by EMIT */
  double number;                    /**< SET_NUMBER */
  bool boolean;                     /**< SET_BOOL */
  const char *name;                 /**< EMIT: event name (model-owned) */
  const anima_model_action *action; /**< ACTION: the module action */
  /** SNAPSHOT: the listener; SET_EXPRESSION: the position of its result
   * among the listener's expression sets. */
  size_t index;
  /** FIRE and BLOCK: the input bank they apply to: 0 the player's, m + 1
   * named machine m's (queued by a module while that machine ran). */
  size_t bank;
} anima_input_write;

/** The applied value of one input. */
typedef struct anima_input_state {
  bool boolean;
  double number;
  /** Triggers: pending, seconds pending (step time), and the layers that
   * consumed it in this step (bit per layer; SPEC §2 allows 64 layers). */
  bool pending;
  double pending_age;
  uint64_t consumed_by;
} anima_input_state;

/** One layer's runtime record (SPEC §7 first paragraph). */
typedef struct anima_layer_state {
  size_t state;      /**< absolute index in model->states */
  double state_time; /**< seconds since entry (with carry) */
  /** Played time is (state_time − origin_state_time)·speed + origin_played;
   * the origin moves only when reduced motion unfreezes a loop. */
  double origin_state_time, origin_played;
  /** Played time at the start of this step's clock stage (for events). */
  double previous_played;
  /** Reduced motion froze the play state at `frozen_local` (SPEC §10). */
  bool frozen;
  double frozen_local;
  /** Switching reduced motion on: report events in (freeze_from, d] at
   * this step's stage 3.1. */
  bool report_freeze;
  double freeze_from;
  /** Crossfade from the frozen snapshot (fade_from/fade_has, indexed by
   * position in the layer domain) to the current state. */
  bool fading;
  bool fade_interruptible;
  /** The crossfade completed at this step's stage 2 (or a reduced-motion
   * switch completed it): FADE_END is due at the layer's stage 3. */
  bool fade_completed;
  double fade_duration, fade_elapsed;
  const anima_model_ease *fade_ease;
  anima_value *fade_from;
  bool *fade_has;
  /** A transition hook's `continues` (module.h): the crossfade re-samples
   * the outgoing state `fade_source` into fade_from at state time
   * fade_source_offset + fade_elapsed, with that state's kernel clock as
   * it was at exit (origin, reduced-motion freeze). */
  bool fade_continues;
  size_t fade_source;
  double fade_source_offset;
  double fade_source_origin_state_time, fade_source_origin_played;
  bool fade_source_frozen;
  double fade_source_frozen_local;
  /** A source whose state kind writes (its `write_continued`): a copy of
   * its instance made at exit (16-byte aligned, the largest instance of
   * such a state of the layer; NULL when the layer has none). */
  void *fade_source_instance;
} anima_layer_state;

/** The context module callbacks receive inside a step (module.h
 * anima_step; step_context.c). */
struct anima_step {
  anima_player *player;
  double dt; /**< of the step in progress */
  /** The stage whose hooks run (0 outside the stages: state, term and
   * action kinds, operations). */
  anima_stage stage;
  /** A POSE hook asked for one more solve (step_request_solve). */
  bool solve_requested;
};

/** The runtime of one named machine (SPEC motion "Explicit runtime
 * instances"; step_context.c anima_step_machine_*): its own input bank
 * (model->input_count values) that its layers' conditions and actions
 * read while it runs, and whether a module made its instance. */
typedef struct anima_machine_run {
  anima_input_state *inputs;
  bool started;  /**< its initial states entered (step_machine_start) */
  bool reported; /**< its entry events reported (its first advance) */
  bool reduced;  /**< the reduced-motion setting its layers applied */
} anima_machine_run;

struct anima_player {
  const anima_model *model;
  /** Per named machine (model->machine_count; NULL when none). */
  anima_machine_run *machines;
  anima_value *values; /**< resolved value per slot */
  /** Local and world matrices and sibling order (pose.h), brought up to
   * date at most once per step, by its first reader: a stage hook or
   * solver inside the step (after bindings and clamping), else drawing or
   * hit testing after it. Drawing reads it through anima_player_locals,
   * anima_player_worlds and anima_player_child_order (pose.h), which
   * update it first. */
  anima_pose pose;
  /** The values changed since the pose was last updated. */
  bool pose_pending;
  /** Per-player module memory (model->instance_bytes, 16-byte aligned):
   * every compiled site's instance at its offset (player_stage.c). */
  unsigned char *instances;
  /** The deterministic random source (machine chapter; step_random). */
  uint32_t random;
  anima_input_state *inputs;
  anima_layer_state *layers;
  /** Scratch of one layer output, indexed by domain position. */
  anima_value *output;
  bool *output_has;

  anima_input_write *queue;
  size_t queue_count, queue_capacity;
  /** Results of the last SNAPSHOT (model->action_expression_limit). */
  double *snapshot;

  anima_event *events;
  size_t event_count, event_capacity;
  bool events_overflowed; /**< an event could not be stored (no memory) */

  double time;
  bool reduced_motion;         /**< applied */
  bool reduced_motion_request; /**< applied at the next step */
  bool stepped;                /**< at least one step taken */
  bool settled;                /**< last step's result */
  bool sleeping;               /**< settled and no transition holds */

  /* Pointer (SPEC §9). */
  bool *listener_under;   /**< per listener: its target is under the pointer */
  bool *listener_pressed; /**< per listener: under at the last down */
  bool *listener_now;     /**< scratch: under at this event */
  bool pressing;
  double down_x, down_y;
  anima_path hit_outline, hit_stroke;
  /** Outlines a solver reads (step_context.c anima_step_outline): caller
   * storage of model->max_outline_segments segments, made at creation. */
  anima_path step_outline;
  anima_segment *step_outline_storage;

  /* Root a11y keys (SPEC §10). */
  bool enter_held, space_held;

  /** The context module callbacks receive (step_context.c). */
  anima_step step;
  /** VECTOR cells (value_type.h), model->cell_bytes; NULL when none. */
  unsigned char *cells;
  /** Scratch of a state kind's `select`: the holding transitions (indices
   * into the state's `on` list) and their carries. */
  size_t *eligible;
  double *eligible_carry;
};

/* player_layer.c --------------------------------------------------------- */

/** Played time of a layer's current play state (0 for poses). */
double anima_layer_played(const anima_player *player, size_t layer);
/** Local time at which the layer's current play state samples. */
double anima_layer_local(const anima_player *player, size_t layer);
/** Local time at which the outgoing state of the layer's continued
 * crossfade samples its own timeline (its clock as at exit). */
double anima_layer_continued_local(const anima_player *player, size_t layer);
/**
 * Enters `state` on `layer` with `carry` state seconds (SPEC §7 3.2 c-d):
 * clocks, reduced-motion freezing, and (when `report` is true) the state's
 * `emit` and its timeline events in [0, carry].
 */
void anima_layer_enter(anima_player *player, size_t layer, size_t state,
                       double carry, bool report);
/** Reports the entry events of the layer's current state as of carry 0
 * (the first step's initial entry, SPEC §7 first paragraph). */
void anima_layer_report_entry(anima_player *player, size_t layer);
/** Stage 3, first: the FADE_END moment of a crossfade completed by stage 2
 * (module.h anima_layer_moment). */
void anima_layer_report_fade_end(anima_player *player, size_t layer);
/** Stage 3.1: timeline events crossed by stage 2 (and a freeze's rest). */
void anima_layer_report_crossed(anima_player *player, size_t layer);
/** Stage 3.2: transitions, at most 16, with @limit (SPEC §7). */
void anima_layer_transitions(anima_player *player, size_t layer);
/** Stage 3.3: writes the layer's output over player->values. */
void anima_layer_write(anima_player *player, size_t layer);
/** The same with a mix weight (a named machine's, SPEC motion): weight
 * >= 1 writes as anima_layer_write, <= 0 (or NaN) writes nothing, else
 * each written property becomes mix(value below, output, weight). */
void anima_layer_write_weighted(anima_player *player, size_t layer,
                                double weight);
/** Stage 2 for one layer: its state time and crossfade move by dt. */
void anima_layer_advance(anima_player *player, size_t layer, double dt);
/** Stage 2: pending triggers of player->inputs age by dt. */
void anima_player_age_triggers(anima_player *player, double dt);
/** Stage 5 on player->inputs: consumed triggers clear, unconsumed ones
 * unless their buffer keeps them; true when one stays pending. */
bool anima_player_settle_triggers(anima_player *player);
/** Does any transition of the current state hold now? (no side effects) */
bool anima_layer_transition_holds(const anima_player *player, size_t layer);
/** Is the layer at rest (SPEC §7 "Settled")? */
bool anima_layer_at_rest(const anima_player *player, size_t layer);
/** Switches reduced motion for the layer's active state (SPEC §10). */
void anima_layer_switch_motion(anima_player *player, size_t layer,
                               bool reduced);

/* player_cells.c --------------------------------------------------------- */

/** Allocates and initialises the player's VECTOR cells (none when the
 * model has no vector slots); false when out of memory. */
bool anima_player_cells_create(anima_player *player);

/** The cell of slot `slot`, or NULL when its type is not a VECTOR. */
static inline anima_vector *anima_player_slot_cell(const anima_player *player,
                                                   size_t slot) {
  if (!player->cells || player->model->slot_cells[slot] == SIZE_MAX) {
    return NULL;
  }
  return (anima_vector *)(player->cells + player->model->slot_cells[slot]);
}

/** Cell `which` (ANIMA_CELL_SAMPLE, _OUTPUT, _FADE) of layer-domain entry
 * `entry` (an index of model->layer_slots), or NULL. */
static inline anima_vector *anima_player_domain_cell(const anima_player *player,
                                                     size_t entry, int which) {
  if (!player->cells) {
    return NULL;
  }
  size_t offset = player->model->domain_cells[3 * entry + (size_t)which];
  return offset == SIZE_MAX ? NULL : (anima_vector *)(player->cells + offset);
}

/** values[slot] = *value, copying a vector held in another cell into the
 * slot's own cell (value_type.h). */
static inline void anima_player_assign(anima_player *player, size_t slot,
                                       const anima_value *value) {
  if (!player->cells) {
    player->values[slot] = *value;
    return;
  }
  anima_value_assign(&player->values[slot],
                     anima_player_slot_cell(player, slot), value, player->cells,
                     player->model->cell_bytes);
}

/* player_kinds.c --------------------------------------------------------- */

/** Allocates the scratch of state kinds' `select`; false when out of
 * memory. */
bool anima_player_kinds_create(anima_player *player);
void anima_player_kinds_destroy(anima_player *player);
/** The current state's base output (its pose or timeline sample) into
 * player->output at domain positions. */
void anima_state_base_output(anima_player *player, size_t layer);
/** The current state's output through its kind's `write` (the base output
 * when it returns false). */
void anima_state_kind_write(anima_player *player, size_t layer);
/** The outgoing state `source` of layer `layer`'s continued crossfade
 * through its kind's `write_continued` (it has one) at its state time
 * `time`, with the instance copied at exit, into player->output at domain
 * positions; false when the kind kept the snapshot frozen. */
bool anima_state_kind_write_continued(anima_player *player, size_t layer,
                                      const anima_model_state *source,
                                      double time);
/** The kind's `enter`, after the kernel's own entry (when it has one). */
void anima_state_kind_enter(anima_player *player, size_t layer, double carry);
/** The kind's `finished` for @end (it has one), overshoot >= 0. */
bool anima_state_kind_finished(const anima_player *player, size_t layer,
                               double *overshoot);
/** The kind's vote on `settled` (true without one). */
bool anima_state_kind_at_rest(const anima_player *player, size_t layer);
/** The kind's `select` among the `count` holding transitions in
 * player->eligible: a position in it, or `count` for none. */
size_t anima_state_kind_select(anima_player *player, size_t layer,
                               size_t count);

/** Runs a queued module action (stage 1, in queue order). */
void anima_action_kind_run(anima_player *player,
                           const anima_model_action *action);

/* step_context.c --------------------------------------------------------- */

/** The player's step context (module.h anima_step) for module callbacks. */
anima_step *anima_player_step_context(anima_player *player);

/** The bank of the inputs in use (anima_input_write.bank): 0 for the
 * player's, m + 1 while named machine m runs (player_machine.c). */
size_t anima_player_bank(const anima_player *player);
/** Makes bank `bank` the inputs in use; returns the inputs to restore. */
anima_input_state *anima_player_use_bank(anima_player *player, size_t bank);

/* player_stage.c ---------------------------------------------------------- */

/** Allocates and initialises the player's module instances (instance_init
 * of every compiled site); ANIMA_ERROR_NO_MEMORY. */
anima_status anima_player_create_instances(anima_player *player);
/** The instance at `offset` (ANIMA_NO_INSTANCE: NULL). */
void *anima_player_instance(const anima_player *player, size_t offset);
/** Runs the hooks of `stage` in their model order. */
void anima_player_run_stage(anima_player *player, anima_stage stage);
/** player_stage.c: the hooks that run once at player creation
 * (anima_stage_hook_desc.runs_at_creation), in model order, after the
 * initial values and the pose. */
void anima_player_run_creation_hooks(anima_player *player);
/** hit_paint.c: does world point (x, y) hit node `node`'s painted area
 * grown by `padding` (SPEC §9), within its clips (docs/MODULES.md §8)? */
bool anima_player_node_hit(anima_player *player, size_t node, double padding,
                           double x, double y);
/** The module stages after the core's stage 4 (SPEC §7): the pose, LAYOUT,
 * the rig stage (sorted solvers, SOLVE), POSE with at most one more
 * solve, and END. */
void anima_player_run_module_stages(anima_player *player);
/** Gives a layer moment (module.h anima_layer_moment; struct_size is set
 * here) to every stage hook with `observe`, in hook order. */
void anima_player_moment(anima_player *player, anima_layer_moment *moment);
/** Every hook's (and solver's) vote on settled (SPEC §7 stage 6). */
bool anima_player_modules_at_rest(anima_player *player);

/* pose_solve.c ------------------------------------------------------------ */

/** Runs the model's solvers in order, blending each desired local matrix
 * by its strength, from the pose as it is (the POSE stage's one more pass
 * recomputes it first: player_stage.c). */
void anima_player_solve(anima_player *player);
/** Every solver's vote on settled. */
bool anima_player_solvers_at_rest(anima_player *player);

/* player.c --------------------------------------------------------------- */

/** Appends an event to the step's list; false when out of memory. */
bool anima_player_report(anima_player *player, const char *name, long layer,
                         double time);
/** Queues an input write; ANIMA_ERROR_NO_MEMORY when the queue cannot grow.
 */
anima_status anima_player_queue(anima_player *player,
                                const anima_input_write *write);
/** Resets every animated slot to its rest value (the start of stage 3.3). */
void anima_player_reset_animated(anima_player *player);
/** Resets animated slots to rest and runs stage 3.3 of every layer (no
 * clamp): the part of a resolve that every caller shares. */
void anima_player_write_layers(anima_player *player);
/** Resets animated slots to rest, runs stage 3.3 of every layer, clamps. */
void anima_player_resolve(anima_player *player);

/* anima_player_resolve, then what a step does with those values before
 * its END stage (SPEC §7 stage 4 on): the BIND hooks before the clamp, the
 * pose, LAYOUT, the rig stage and POSE (with its one more solve). For the
 * view-box lint, which shows poses without stepping: a rigged or bound
 * node is drawn where a step would put it. No clock moves, no input is
 * applied, END hooks do not run (no events). */
void anima_player_resolve_solved(anima_player *player);
/** Brings the pose up to date with the values (pose.h): the pose point
 * of SPEC §7 when called inside a step. */
void anima_player_pose(anima_player *player);
/** Clamps the given slots to their property ranges (stage 4). */
void anima_player_clamp(anima_player *player, const size_t *slots,
                        size_t count);

#endif
