/*
 * model.h — the compiled model: an immutable, flat form of a validated
 * document (SPEC §2-§10), shared read-only by every player of the document
 * and by the draw-frame code. Kernel-private (not installed).
 *
 * Everything named in the document is resolved once, by compile*.c: node
 * ids to node indices, property addresses to typed *slots*, timelines to
 * tracks (slot + keys + eases), the machine to layers/states/transitions
 * with absolute indices, conditions to term lists over input indices, and
 * listeners to target node indices. The step loop (player*.c) reads only
 * these arrays: no strings, no hashing, no allocation.
 *
 * Index conventions: every "first_*" / "*_count" pair is a range in the
 * model array of that name; `long` indices are -1 when absent. Strings are
 * owned by the model and live as long as it does.
 *
 * Units as SPEC §2: grid units, seconds, degrees (positive clockwise).
 */
#ifndef ANIMA_KERNEL_MODEL_H
#define ANIMA_KERNEL_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <anima/anima.h>
#include <anima/draw.h>
#include <anima/module.h>
#include <anima/path.h>

#include "condition.h"

/* ------------------------------------------------------------------------ */
/* Eases (SPEC §5), compiled for evaluation by ease_evaluate.c              */
/* ------------------------------------------------------------------------ */

typedef enum anima_model_ease_kind {
  ANIMA_MODEL_EASE_LINEAR = 0, /**< omitted or "linear": w = u */
  ANIMA_MODEL_EASE_HOLD,       /**< w = 0 */
  ANIMA_MODEL_EASE_CUBIC,      /**< cubic(x1, y1, x2, y2); in/out/inOut */
  ANIMA_MODEL_EASE_ELASTIC,    /**< elastic(a, p) */
  ANIMA_MODEL_EASE_MODULE,     /**< a module ease kind `name(args)` */
} anima_model_ease_kind;

/** A module ease with its arguments (model-owned; module.h
 * anima_ease_kind_desc). */
typedef struct anima_model_module_ease {
  const anima_ease_kind_desc *kind;
  size_t count;
  double arguments[ANIMA_EASE_ARGUMENTS];
} anima_model_module_ease;

/** A compiled ease. in/out/inOut compile to their cubic(...) forms. */
typedef struct anima_model_ease {
  anima_model_ease_kind kind;
  union {
    /** Cubic: control points (x1, y1), (x2, y2), x1 and x2 in [0, 1]. */
    struct {
      double x1, y1, x2, y2;
    };
    /** Elastic: A = max(a, 1), p, and s = p / (2π) · asin(1 / A). */
    struct {
      double amplitude, period, shift;
    };
    /** Module: the kind and its arguments. */
    const anima_model_module_ease *module;
  };
} anima_model_ease;

/* ------------------------------------------------------------------------ */
/* Colour slots (SPEC §6)                                                    */
/* ------------------------------------------------------------------------ */

/** One declared colour slot of the document's `colors`. */
typedef struct anima_model_color_slot {
  const char *name;
  /** True for a slot whose default is `currentColor`. */
  bool is_current_color;
  /** The default when it is a literal (else black). */
  anima_color value;
} anima_model_color_slot;

/**
 * A fill or stroke's colour reference; its source is draw.h's
 * anima_color_source: LITERAL (a hex literal, held by the paint's colour
 * property slot, which tracks may animate), SLOT (a declared colour slot,
 * `color_slot` indexing model->color_slots) or CURRENT (`currentColor`
 * written on the paint).
 */
typedef struct anima_model_paint_color {
  anima_color_source source;
  long color_slot; /**< ANIMA_COLOR_SOURCE_SLOT: index in color_slots */
} anima_model_paint_color;

/* ------------------------------------------------------------------------ */
/* Nodes (SPEC §4)                                                           */
/* ------------------------------------------------------------------------ */

/**
 * Slot indices of a node's core properties (-1 when the property does not
 * exist on the node: fill.color without a fill, r on a rect ...). Values
 * are read from the player's slot array (anima_player_slot_values).
 */
typedef struct anima_model_node_slots {
  long x, y, rotate, scale, scale_x, scale_y, opacity, visible;
  long fill_color, stroke_color, stroke_width;
  long trim_start, trim_end, trim_offset;
  long dash_offset; /**< stroke.dashOffset (paint module) */
  long r, w, h, rx, from, to;
} anima_model_node_slots;

/** One node, in document order (pre-order: a parent before its children). */
typedef struct anima_model_node {
  const char *id;
  const char *type;   /**< registry node type name ("circle", module types) */
  long parent;        /**< -1 for a top-level node */
  size_t depth;       /**< 1 for a top-level node (DECISIONS 5) */
  size_t first_child; /**< range in model->children (direct children) */
  size_t child_count;
  /** One past the last descendant: descendants are (index, subtree_end). */
  size_t subtree_end;
  /** Registry kind flags: ANIMA_KIND_PAINTED, ANIMA_KIND_CONTAINER. */
  unsigned kind_flags;

  double pivot_x, pivot_y; /**< `pivot`, default (0, 0) */

  bool has_fill;
  anima_fill_rule fill_rule;
  anima_model_paint_color fill_color;
  bool has_stroke;
  anima_line_cap cap;
  anima_line_join join;
  anima_model_paint_color stroke_color;
  /** True when the stroke object names any trim key (trimStart, trimEnd or
   * trimOffset), so a renderer can skip trims otherwise. */
  bool has_trim;
  /** The stroke keys of the paint module (paint chapter "Dashes",
   * "Transform-independent stroke"; validated by the module): `scale`
   * "fixed", and `dash` as model-owned lengths (`dash_percent`: fractions
   * of the outline length, "10%" → 0.1), none without `dash`. */
  bool stroke_fixed;
  const double *dashes;
  size_t dash_count;
  bool dash_percent;

  bool has_knockout;
  double knockout; /**< growth w in grid units */

  anima_model_node_slots slots;
  /** This node's slots: a range of model->slots (every registry property
   * that exists on the node, in registry order). */
  size_t first_slot, slot_count;

  /** What the node's type does (module.h anima_node_behaviour_desc; the
   * kernel's own for group, path, circle, rect and arc) and its per-model
   * data, or NULL for a module node type without a behaviour (it draws
   * nothing). Resolved once by compile_module.c. */
  const anima_node_behaviour_desc *behaviour;
  void *behaviour_data;
  /** The outline when it never changes with values (a path's `d` or glyph
   * subpaths, owned by the model), else NULL: drawing and hit testing use
   * it directly unless an outline hook takes over. */
  const anima_path *fixed_outline;

  /** A feature module's outline hook for the node's type (module.h
   * anima_outline_hook_desc) when the document declares its feature, or
   * NULL; its per-model data; resolved once by compile_module.c. */
  const anima_outline_hook_desc *outline_hook;
  void *outline_hook_data;
  /** The point deformer that applies to the node's geometry (module.h
   * anima_deformer_desc; compile_node_deformer) and its per-model data, or
   * NULL; `deform_count` the points its owner offered; `deform_offered`
   * set once the owner offered them (one offer per node). */
  const anima_deformer_desc *deformer;
  void *deformer_data;
  size_t deform_count;
  bool deform_offered;
  /** The geometry the node's own fill paints instead of its outline
   * (module.h compile_fill_path), model-owned, or NULL. */
  const anima_path *fill_path;
  /** What the node's own stroke draws instead of its outline, built every
   * frame (module.h compile_stroke_path; model-owned copy), or NULL. */
  const anima_stroke_path_desc *stroke_path;
  /** The paint kinds of the node's fill [0] and stroke [1] (module.h
   * anima_paint_kind_desc: gradients, colour mixes) selected by the
   * paint's `type` or key, with their per-model data and the stops they
   * resolve; NULL for a solid colour (compile_paints.c). */
  const anima_paint_kind_desc *paint_kinds[2];
  void *paint_kind_data[2];
  size_t paint_stop_counts[2];
  /** Outline storage the node needs at most (segments): its behaviour's
   * bound, or more when a hook asks for it. */
  size_t outline_segments;
} anima_model_node;

/* ------------------------------------------------------------------------ */
/* Property slots                                                            */
/* ------------------------------------------------------------------------ */

/** One typed property of one node: a cell of every player's value array. */
typedef struct anima_model_slot {
  size_t node;
  size_t property; /**< registry property id (module.h) */
  anima_value_type type;
  anima_animation animation; /**< NONE for static properties (rect x0) */
  anima_value rest;          /**< document value or registry default */
  double minimum, maximum;   /**< clamp range after resolve (§7.4) */
  bool clamped;              /**< minimum or maximum is finite */
  /** True when any track or pose of the document writes the slot (these are
   * the addresses of a default snapshot, §11.2). */
  bool animated;
  /** True when a stage hook writes the slot every step (module.h
   * compile_bind_address: SPEC bind property bindings); also `animated`. */
  bool bound;
  /** COLOR slots: where the document value comes from (SPEC §6): a hex
   * literal (the slot's value), a colour slot (`color_slot` indexes
   * color_slots) or `currentColor`, for anima_view_color. */
  anima_color_source color_source;
  long color_slot;
  const char *address; /**< JSON address, "wave.stroke.trimEnd" */
} anima_model_slot;

/* ------------------------------------------------------------------------ */
/* Inputs (SPEC §8)                                                          */
/* ------------------------------------------------------------------------ */

typedef struct anima_model_input {
  const char *name;
  anima_input_type type;
  bool default_bool;
  double default_number;
  double minimum, maximum; /**< number: -inf/+inf when absent */
  double buffer;           /**< trigger: seconds, default 0 */
} anima_model_input;

/* ------------------------------------------------------------------------ */
/* Timelines (SPEC §5)                                                       */
/* ------------------------------------------------------------------------ */

typedef enum anima_loop_mode {
  ANIMA_LOOP_ONCE = 0,
  ANIMA_LOOP_LOOP,
  ANIMA_LOOP_PINGPONG,
} anima_loop_mode;

/* In the registry's order (format_names.h); the default is END. */
typedef enum anima_reduced_motion {
  ANIMA_REDUCED_MOTION_PLAY = 0,
  ANIMA_REDUCED_MOTION_END,
  ANIMA_REDUCED_MOTION_SKIP,
} anima_reduced_motion;

/** One keyframe. `ease` shapes the segment that starts here. */
typedef struct anima_model_key {
  double time;
  anima_value value;
  anima_model_ease ease;
} anima_model_key;

/** One track: keys (times strictly increasing) of one slot. */
typedef struct anima_model_track {
  size_t slot;
  size_t first_key, key_count; /**< range in model->keys, key_count >= 1 */
} anima_model_track;

/** One timeline event, `[time, name]`. */
typedef struct anima_model_event {
  double time;
  const char *name;
} anima_model_event;

typedef struct anima_model_timeline {
  const char *name;
  double duration; /**< seconds, > 0 */
  anima_loop_mode loop;
  anima_reduced_motion reduced_motion;
  size_t first_track, track_count; /**< range in model->tracks */
  /** Range in model->events, sorted by time (stable: ties keep the
   * authored order). */
  size_t first_event, event_count;
} anima_model_timeline;

/* ------------------------------------------------------------------------ */
/* The machine (SPEC §7, §8)                                                 */
/* ------------------------------------------------------------------------ */

typedef enum anima_model_term_kind {
  ANIMA_MODEL_TERM_TRIGGER = 0, /**< NAME of a trigger: pending, not consumed */
  ANIMA_MODEL_TERM_BOOL,        /**< NAME of a bool: true */
  ANIMA_MODEL_TERM_NOT_BOOL,    /**< !NAME: the bool is false */
  ANIMA_MODEL_TERM_COMPARE,     /**< NAME OP NUMBER on a number input */
  ANIMA_MODEL_TERM_END,         /**< @end: the state's once timeline finished */
  ANIMA_MODEL_TERM_AFTER,       /**< @after(s): state time reached s */
  ANIMA_MODEL_TERM_MODULE,      /**< a module's term kind */
} anima_model_term_kind;

/** One term of a compiled condition (all terms must hold). */
typedef struct anima_model_term {
  anima_model_term_kind kind;
  long input; /**< TRIGGER, BOOL, NOT_BOOL, COMPARE; else -1 */
  anima_compare_operator compare;
  double number; /**< COMPARE: the right side; AFTER: seconds */
  /** MODULE: the term kind and its model-owned data. */
  const anima_term_kind_desc *module;
  const void *data;
} anima_model_term;

typedef struct anima_model_transition {
  size_t target; /**< absolute index in model->states */
  double blend;  /**< crossfade seconds, 0 for none */
  anima_model_ease ease;
  bool interruptible;
  size_t first_term, term_count; /**< range in model->terms */
  const char *when;              /**< the condition as written */
  /** The transition's `actions` block (SPEC bind): a range in
   * model->actions, count 0 when absent. */
  size_t first_action, action_count;
  const char *ease_text; /**< the ease as written, or NULL */
  /** Transition hooks applying to the edge (module.h
   * anima_transition_hook_desc): a range in model->transition_hooks. */
  size_t first_hook, hook_count;
  /** A hook queues the `actions` block itself (OWNS_ACTIONS). */
  bool hook_owns_actions;
} anima_model_transition;

/** A transition hook applied to one edge. */
typedef struct anima_model_transition_hook {
  const anima_transition_hook_desc *desc;
  void *data;
  size_t instance_offset; /**< ANIMA_NO_INSTANCE: none */
} anima_model_transition_hook;

/** An action block a module compiled (compile_action_block). */
typedef struct anima_model_action_block {
  size_t first_action, action_count;
} anima_model_action_block;

typedef enum anima_state_kind {
  ANIMA_STATE_POSE = 0,
  ANIMA_STATE_PLAY,
} anima_state_kind;

/** One pose value `{address: value}`. */
typedef struct anima_model_pose_value {
  size_t slot;
  anima_value value;
} anima_model_pose_value;

typedef struct anima_model_state {
  const char *name;
  size_t layer;
  anima_state_kind kind;
  long timeline;    /**< PLAY: index in model->timelines; POSE: -1 */
  double speed;     /**< PLAY: > 0, default 1 (any finite number when a
                         clock with ANIMA_CLOCK_SIGNED_SPEED owns it) */
  const char *emit; /**< event name on entry, or NULL */
  size_t first_pose_value, pose_value_count; /**< POSE: model->pose_values */
  size_t first_transition, transition_count; /**< model->transitions */
  /** S(state), §7: the slots the state writes, no repeats: a range of
   * model->state_slots (and of model->state_slot_positions, the position of
   * each slot in its layer's domain). For a play state entry i belongs to
   * track first_track + i of its timeline; for a pose state to pose value
   * first_pose_value + i. Entries from base_written_count on are the slots
   * a state kind declared (compile_state_writes). */
  size_t first_written, written_count;
  size_t base_written_count;
  /** A module's state kind (module.h anima_state_kind_desc) selected by
   * the state's `kind`, or NULL; its per-model data; the offset of its
   * per-player instance (ANIMA_NO_INSTANCE: none). */
  const anima_state_kind_desc *module;
  void *module_data;
  size_t instance_offset;
  /** The instance's size in bytes (0: none). */
  size_t instance_size;
  /** Action blocks (SPEC bind: `entry`, `exit`): ranges in model->actions,
   * count 0 when absent. */
  size_t first_entry_action, entry_action_count;
  size_t first_exit_action, exit_action_count;
  /** PLAY: the module clock that owns the state's timeline time (module.h
   * anima_clock_desc), or NULL for the kernel's §5/§7 clock; its per-model
   * data and per-player instance offset (ANIMA_NO_INSTANCE: none). */
  const anima_clock_desc *clock;
  void *clock_data;
  size_t clock_instance_offset;
} anima_model_state;

typedef struct anima_model_layer {
  /** The layer name; "<machine>/<layer>" for a named machine's layer. */
  const char *name;
  /** The machine the layer belongs to: -1 for the default machine, else
   * an index of model->machines. */
  long machine;
  /** The layer's position in its machine (< 64): its bit in a trigger's
   * consumed_by mask. */
  unsigned bit;
  size_t initial;                  /**< absolute index in model->states */
  size_t first_state, state_count; /**< range in model->states */
  /** The layer's domain: every slot any of its states writes, ascending; a
   * range of model->layer_slots. A crossfade snapshot is indexed by the
   * position of a slot in this range. */
  size_t first_domain, domain_count;
  /** Its declaration states (state kinds flagged DECLARATION: "any"),
   * whose transitions are searched before the current state's: a range of
   * model->declarations (absolute state indices, declaration order). */
  size_t first_declaration, declaration_count;
} anima_model_layer;

/** A named machine definition (SPEC motion, `machines: {name: {layers}}`):
 * its layers are model->layers[first_layer .. first_layer + layer_count),
 * after the default machine's. */
typedef struct anima_model_machine {
  const char *name;
  size_t first_layer, layer_count;
} anima_model_machine;

/* ------------------------------------------------------------------------ */
/* Listeners (SPEC §9) and the root a11y (SPEC §10)                          */
/* ------------------------------------------------------------------------ */

typedef enum anima_listener_event {
  ANIMA_LISTENER_ENTER = 0,
  ANIMA_LISTENER_LEAVE,
  ANIMA_LISTENER_DOWN,
  ANIMA_LISTENER_UP,
  ANIMA_LISTENER_CLICK,
  ANIMA_LISTENER_MOVE,
  /** A module's listener source (module.h anima_listener_source_desc,
   * `on: "event:<name>"`): never run by pointer events. */
  ANIMA_LISTENER_SOURCE,
} anima_listener_event;

typedef enum anima_action_kind {
  ANIMA_ACTION_FIRE = 0,
  ANIMA_ACTION_SET,
  ANIMA_ACTION_TOGGLE,
  ANIMA_ACTION_EMIT,
  ANIMA_ACTION_MODULE, /**< a module's action kind (module.h) */
} anima_action_kind;

/** One listener action; a listener's actions run fire, set, toggle, emit,
 * then its module action keys. */
typedef struct anima_model_action {
  anima_action_kind kind;
  long input;        /**< FIRE, SET, TOGGLE */
  anima_value value; /**< SET: bool or number */
  const char *name;  /**< EMIT: the event name */
  /** MODULE: the action kind, its per-model data and the offset of its
   * per-player instance (ANIMA_NO_INSTANCE: none). */
  const anima_action_kind_desc *module;
  void *module_data;
  size_t instance_offset;
  /** SET with an expression string (SPEC bind): the expression kind and
   * its per-model data; NULL for a literal value. */
  const anima_expression_kind_desc *expression;
  const void *expression_data;
} anima_model_action;

typedef struct anima_model_listener {
  anima_listener_event on;
  const char *on_text; /**< `on` as written (model-owned) */
  long target;         /**< node index, or -1 for the whole icon */
  double hit_padding;
  size_t first_action, action_count; /**< range in model->actions */
  /** SET actions with an expression: evaluated together against one
   * input snapshot when the listener's actions run (SPEC bind). */
  size_t expression_count;
} anima_model_listener;

/** The root a11y; the role enum is public (anima.h). */
typedef struct anima_model_a11y {
  anima_a11y_role role;
  const char *label; /**< or NULL */
  long activate;     /**< input index or -1 */
  long pressed;
  long held;
} anima_model_a11y;

typedef enum anima_hit_kind {
  ANIMA_HIT_VIEWBOX = 0, /**< no `hit`: the viewBox */
  ANIMA_HIT_CIRCLE,      /**< hit_area = [cx, cy, r] */
  ANIMA_HIT_RECT,        /**< hit_area = [x, y, w, h] */
} anima_hit_kind;

/* ------------------------------------------------------------------------ */
/* Module data of the step (compile_module.c, compile_stage.c)               */
/* ------------------------------------------------------------------------ */

/** No per-player instance (anima_model_hook.instance ...). */
#define ANIMA_NO_INSTANCE ((size_t)-1)

/** One site's per-player instance memory (module.h anima_lifecycle):
 * `size` bytes at `offset` in every player's instance block, initialised
 * by `lifecycle->instance_init` at player creation. */
typedef struct anima_model_instance {
  const anima_lifecycle *lifecycle;
  const void *data;
  void *user;
  size_t offset, size;
} anima_model_instance;

/** A stage hook the document uses (its feature is declared). */
typedef struct anima_model_hook {
  const anima_stage_hook_desc *desc;
  const char *module;
  void *data;      /**< per-model data (lifecycle.compile) */
  size_t instance; /**< offset in the instance block, or ANIMA_NO_INSTANCE */
} anima_model_hook;

/** One item of a solver list (module.h anima_solver_kind_desc), in the
 * model's solve order. */
typedef struct anima_model_solver {
  const anima_solver_kind_desc *desc;
  void *data;      /**< per-model data (lifecycle.compile) */
  size_t instance; /**< offset in the instance block, or ANIMA_NO_INSTANCE */
  size_t host;     /**< the node whose local matrix it solves */
  size_t index;    /**< its position in the host's list (authored order) */
  long strength;   /**< slot of <list>.<index>.strength, or -1 (1) */
} anima_model_solver;

/** A derived read-only property of one node (module.h
 * anima_derived_property_desc): `<id>.world.x` ... */
typedef struct anima_model_derived {
  const anima_derived_property_desc *desc;
  size_t node;
  const char *address; /**< "<id>.<desc->address>", model-owned */
} anima_model_derived;

/** Stage slots of model->stage_first: ANIMA_STAGE_INPUTS .. _END. */
#define ANIMA_MODEL_STAGES (ANIMA_STAGE_END + 1)

/* ------------------------------------------------------------------------ */
/* The model                                                                 */
/* ------------------------------------------------------------------------ */

struct anima_model {
  const anima_runtime *runtime;
  const anima_registry *registry;
  /** ANIMA_CROSSFADE_* flags of the declared features' crossfade rules
   * (module.h anima_crossfade_rule_desc). */
  unsigned crossfade_flags;
  const char *name;
  const char *title; /**< the document's `title`, or NULL */
  double grid;
  double view_box[4]; /**< x, y, w, h */
  anima_hit_kind hit_kind;
  double hit_area[4];

  anima_model_color_slot *color_slots;
  size_t color_slot_count;

  anima_model_node *nodes; /**< document order */
  size_t node_count;
  size_t *children; /**< child node indices, grouped per parent */
  size_t *roots;    /**< top-level node indices */
  size_t root_count;

  anima_model_slot *slots;
  size_t slot_count;
  /** Slots any track or pose writes (slot.animated), ascending: the only
   * slots a step resets to rest and clamps. */
  size_t *animated_slots;
  size_t animated_slot_count;
  /** Registry property count when compiled; the lookup table below is
   * node_count × property_count. */
  size_t property_count;
  /** slot_of[node * property_count + property]: slot index or -1 (also
   * -1 for an address pattern, which has a slot per match). */
  long *slot_of;

  anima_model_input *inputs;
  size_t input_count;

  anima_model_timeline *timelines;
  size_t timeline_count;
  anima_model_track *tracks;
  size_t track_count;
  anima_model_key *keys;
  size_t key_count;
  anima_model_event *events;
  size_t event_count;

  /** The default machine's layers (0 .. layer_count), then the layers of
   * the named machines (SPEC motion "Explicit runtime instances",
   * `machines`), machine after machine, up to all_layer_count. The step's
   * layer pass runs only the first layer_count; a named machine's layers
   * run when a module asks (step_context.c anima_step_machine_run). */
  anima_model_layer *layers;
  size_t layer_count;
  size_t all_layer_count;
  /** Named machine definitions in document order (`machines`). */
  struct anima_model_machine *machines;
  size_t machine_count;
  anima_model_state *states;
  size_t state_count;
  anima_model_transition *transitions;
  size_t transition_count;
  anima_model_term *terms;
  size_t term_count;
  anima_model_pose_value *pose_values;
  size_t pose_value_count;
  size_t *state_slots; /**< written sets of states, see anima_model_state */
  size_t *state_slot_positions; /**< parallel: positions in layer domains */
  size_t state_slot_count;
  size_t *layer_slots; /**< layer domains, see anima_model_layer */
  size_t layer_slot_count;
  size_t max_domain_count; /**< the largest layer domain */
  size_t *declarations;    /**< declaration states, see anima_model_layer */
  size_t declaration_count;
  anima_model_transition_hook *transition_hooks;
  size_t transition_hook_count;
  anima_model_action_block *action_blocks;
  size_t action_block_count;
  /** The most transitions of one state (scratch for state kinds'
   * `select`). */
  size_t max_state_transitions;

  /** VECTOR cells (value_type.h): bytes of every player's cell block, 0
   * when no slot holds a vector value (then both arrays are NULL). */
  size_t cell_bytes;
  /** Per slot: the byte offset of its cell, SIZE_MAX for other types. */
  size_t *slot_cells;
  /** Per slot: the offset of a second cell of the same size, scratch for a
   * weighted sample (step_mix_timeline), SIZE_MAX for other types. */
  size_t *slot_mix_cells;
  /** Per layer_slots entry e: domain_cells[3e + i] is the offset of its
   * cell i (sample, output, fade snapshot), SIZE_MAX for other types. */
  size_t *domain_cells;

  anima_model_listener *listeners;
  size_t listener_count;
  anima_model_action *actions;
  size_t action_count;
  /** The most expression sets of one action (listener): the size of each
   * player's snapshot results. */
  size_t action_expression_limit;

  anima_model_a11y a11y;

  /** Lookups (sorted indices, binary search; never used in the step). */
  size_t *nodes_by_id;      /**< node indices sorted by id */
  size_t *slots_by_address; /**< slot indices sorted by address */
  size_t *inputs_by_name;   /**< input indices sorted by name */

  /** Upper bound of the outline segments of any node, for hit testing and
   * draw-frame scratch buffers (at least ANIMA_SHAPE_OUTLINE_SEGMENTS). */
  size_t max_outline_segments;

  /** Nodes with an animated transform slot (x, y, rotate, scale, scaleX,
   * scaleY), ascending: the only nodes whose authored local matrix a step
   * recomputes (pose.c; compile_pose.c). */
  size_t *pose_moving;
  size_t pose_moving_count;

  /** What feature modules lowered into the draw frame for each node
   * (draw_model.h; docs/MODULES.md §8): node_count entries, NULL for a
   * node without any, or NULL when no node has any. */
  struct anima_model_draw **draws;

  /** Features the document's `requires` lists that the runtime has. */
  const char **requires;
  size_t require_count;

  /** Stage hooks the document uses, sorted by stage, then module rank,
   * then registration order; stage s is hooks[stage_first[s] ..
   * stage_first[s + 1]). */
  anima_model_hook *hooks;
  size_t hook_count;
  size_t stage_first[ANIMA_MODEL_STAGES + 1];
  /** Every solver of the model, sorted once (compile_solvers.c): targets
   * before hosts, parents before children, authored order otherwise; and
   * the distinct hosts, then the nodes solvers declare as writes (module.h
   * anima_solver_kind_desc.writes) that are not hosts: the nodes whose
   * layout-adjusted local matrices a second solve starts from. */
  anima_model_solver *solvers;
  size_t solver_count;
  size_t *solver_hosts;
  size_t solver_host_count;
  /** Derived read-only properties of the document's declared features,
   * one per (node, property) it applies to, in node order: property
   * indices slot_count + i of the anima_model_property_* API. */
  anima_model_derived *derived;
  size_t derived_count;
  /** True when a step has module work (stage hooks or solvers): without
   * it the step runs exactly the core stages. */
  bool step_modules;
  /** Per-player instance memory of every compiled site: the records and
   * the block size (a multiple of 16). */
  anima_model_instance *instances;
  size_t instance_count, instance_capacity, instance_bytes;
  /** The random source's start (machine chapter "Deterministic random
   * selection": the document's machineSeed, default 0x6d2b79f5). */
  uint32_t random_seed;

  /** Storage for every string above (model-owned). */
  struct anima_model_string_block *strings;
  /** Model-owned memory of module data (anima_host.compile_alloc). */
  struct anima_model_memory_block *memory;
  /** Per-model data a module compiled with its own allocations, released
   * with the model (lifecycle.release). */
  struct anima_model_release *releases;
  size_t release_count, release_capacity;
};

/* ------------------------------------------------------------------------ */
/* Lookups (compile_lookup.c): not for the step loop                         */
/* ------------------------------------------------------------------------ */

/** The slot of property `property` (registry id) on node `node`, or -1. */
static inline long anima_model_node_slot(const anima_model *model, size_t node,
                                         size_t property) {
  if (node >= model->node_count || property >= model->property_count) {
    return -1;
  }
  return model->slot_of[node * model->property_count + property];
}

/**
 * The slot of the concrete address suffix `suffix` ("stroke.width",
 * "fill.stops.1.color") on node `node`, or -1: through slot_of for a plain
 * property, by address among the node's slots for a pattern's match.
 */
long anima_model_node_address_slot(const anima_model *model, size_t node,
                                   const char *suffix);

/** The index of the node with id `id`, or -1. */
long anima_model_find_node(const anima_model *model, const char *id);

/** The slot with the exact JSON address `address` ("ring.stroke.trimEnd"),
 * or -1. */
long anima_model_find_slot(const anima_model *model, const char *address);

/**
 * The slot for `address` given as a JSON address or with an AniML property
 * spelling (`ring.trimEnd`, `box.width`), through the registry's
 * markup_address (SPEC §11.2). Exact JSON addresses win. -1 when none.
 */
long anima_model_resolve_address(const anima_model *model, const char *address);

/** The index in model->derived of the derived property at `address`
 * ("a.world.x"), or -1 (compile_derived.c). */
long anima_model_find_derived(const anima_model *model, const char *address);

/** Index of a layer by name, or -1. */
long anima_model_find_layer(const anima_model *model, const char *name);

/* ------------------------------------------------------------------------ */
/* Player values shared with the draw frame                                  */
/* ------------------------------------------------------------------------ */

/** The model a player plays. */
const anima_model *anima_player_model(const anima_player *player);

/**
 * The player's resolved value of every slot (model->slot_count entries,
 * indexed by slot), as of the last step (or creation). Read-only; valid
 * until the next call that changes the player.
 */
const anima_value *anima_player_slot_values(const anima_player *player);

#endif
