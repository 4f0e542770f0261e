/*
 * introspect.h — what a compiled model holds (SPEC §2-§10), read through
 * the library rather than re-derived from the document's JSON: the
 * document's name, title, grid and viewBox, its nodes, the properties of
 * each node, inputs, timelines with their tracks, keys and events, machine
 * layers with their states and transitions (conditions and eases as
 * written), listeners with their actions, and the features it requires.
 * `anima inspect` is built on these calls, so what a feature module adds
 * (node types, properties, eases) shows up there without CLI changes.
 *
 * Conventions:
 * - Indices are 0-based and in document order unless a call says
 *   otherwise; an index out of range is ANIMA_ERROR_INVALID_ARGUMENT, as
 *   are NULL arguments. `long` indices are -1 for "none".
 * - Kinds and modes are given as the format's own words (a node's type
 *   "circle" or a module's type, a state's kind "pose" or "play", a loop
 *   "pingpong", a listener's "click"), never as closed enums, so kinds
 *   added by modules need no new constants.
 * - Strings belong to the model and stay valid as long as it lives.
 * - Defaults are filled in as the player uses them (SPEC §5, §8, §9): an
 *   omitted loop is "once", blend 0, ease "linear", speed 1, and so on.
 * - Nothing here allocates or changes the model; a model may be inspected
 *   from several threads at once.
 *
 * The root a11y (SPEC §10) is read with anima_model_a11y_* (anima.h);
 * nodes that leave the viewBox with anima_model_lint_view_box (extent.h).
 */
#ifndef ANIMA_INTROSPECT_H
#define ANIMA_INTROSPECT_H

#include <anima/anima.h>
#include <anima/registry.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* The document (SPEC §2)                                                    */
/* ------------------------------------------------------------------------ */

/** The document's `name`. Never NULL. */
ANIMA_API const char *anima_model_name(const anima_model *model);

/** The document's `title`, or NULL when it has none. */
ANIMA_API const char *anima_model_title(const anima_model *model);

/** The document's `grid` (SPEC §2), in grid units per side. */
ANIMA_API double anima_model_grid(const anima_model *model);

/**
 * Writes the viewBox [x, y, width, height] in grid units into `view_box`:
 * the document's, or [0, 0, grid, grid] when it gives none (SPEC §2).
 * ANIMA_ERROR_INVALID_ARGUMENT for NULL arguments.
 */
ANIMA_API anima_status anima_model_view_box(const anima_model *model,
                                            double view_box[4]);

/** Number of features the document `requires` (SPEC §2), in its order. */
ANIMA_API size_t anima_model_required_count(const anima_model *model);

/** Feature `index` of the document's `requires` ("knockout"), or NULL
 * when out of range. */
ANIMA_API const char *anima_model_required(const anima_model *model,
                                           size_t index);

/* ------------------------------------------------------------------------ */
/* Nodes (SPEC §4) and their properties                                      */
/* ------------------------------------------------------------------------ */

/** One node. Nodes are numbered in document pre-order: a parent comes
 * before its children, and a node's descendants follow it. */
typedef struct anima_node_info {
  const char *id;
  /** The registry's node type ("group", "path", "circle", "rect", "arc",
   * or a type a feature module registered). */
  const char *type;
  long parent;  /**< the parent node's index, or -1 at the top level */
  size_t depth; /**< 1 at the top level (SPEC §2 limits count from 1) */
  size_t child_count;
  /** The node's properties: indices first_property .. first_property +
   * property_count - 1 of anima_model_property_info and anima_model_property_*
   * (anima.h). */
  size_t first_property, property_count;
} anima_node_info;

/** Number of nodes of the document, nested ones included. */
ANIMA_API size_t anima_model_node_count(const anima_model *model);

/** Describes node `index` into `*out`. */
ANIMA_API anima_status anima_model_node_info(const anima_model *model,
                                             size_t index,
                                             anima_node_info *out);

/** Index of the node whose id is `id`, or -1 when there is none. */
ANIMA_API long anima_model_node_find(const anima_model *model, const char *id);

/** One property of one node (a registry property that exists on it). */
typedef struct anima_property_info {
  /** Its JSON address, "wave.stroke.trimEnd" (SPEC §5 addresses). */
  const char *address;
  size_t node; /**< the node's index */
  /** The registry's description of the property: its name, value type,
   * animation (none, interpolated, hold), AniML spelling (registry.h). */
  const anima_property *descriptor;
  anima_value_type type;
  /** The document's value, else the registry's default. */
  anima_value rest;
  bool animatable; /**< may be animated (not static like a rect's x0) */
  bool animated;   /**< some track or pose writes it, or it is bound */
  /** A binding writes it every step (SPEC bind: the `bound` list of
   * `anima inspect`; module.h compile_bind_address). */
  bool bound;
} anima_property_info;

/** Describes property `index` (0 .. anima_model_property_count - 1). */
ANIMA_API anima_status anima_model_property_info(const anima_model *model,
                                                 size_t index,
                                                 anima_property_info *out);

/* ------------------------------------------------------------------------ */
/* Inputs (SPEC §8)                                                          */
/* ------------------------------------------------------------------------ */

/** One input, with the defaults of SPEC §8 filled in. */
typedef struct anima_input_info {
  const char *name;
  anima_input_type type; /**< anima_input_type_name (format.h) spells it */
  /** bool and number inputs: the initial value (false and 0 when the
   * document gives none); a trigger has none (`has_default` false). */
  bool has_default;
  anima_value default_value;
  /** number inputs: the clamp range; -INFINITY / INFINITY where the
   * document gives no min / max (and for other types). */
  double minimum, maximum;
  /** trigger inputs: the buffer in seconds (default 0). */
  double buffer;
} anima_input_info;

/** Describes input `index` (0 .. anima_model_input_count - 1). */
ANIMA_API anima_status anima_model_input_info(const anima_model *model,
                                              size_t index,
                                              anima_input_info *out);

/* ------------------------------------------------------------------------ */
/* Timelines (SPEC §5)                                                       */
/* ------------------------------------------------------------------------ */

typedef struct anima_timeline_info {
  const char *name;
  double duration;  /**< seconds, > 0 */
  const char *loop; /**< "once" (the default), "loop" or "pingpong" */
  /** What reduced motion does to it (SPEC §10): "end" (the default),
   * "play" or "skip". */
  const char *reduced_motion;
  size_t track_count;
  size_t event_count;
} anima_timeline_info;

/** Number of timelines, in document order. */
ANIMA_API size_t anima_model_timeline_count(const anima_model *model);

/** Describes timeline `index`. */
ANIMA_API anima_status anima_model_timeline_info(const anima_model *model,
                                                 size_t index,
                                                 anima_timeline_info *out);

/** Index of the timeline named `name`, or -1. */
ANIMA_API long anima_model_timeline_find(const anima_model *model,
                                         const char *name);

/** One track: the keys of one property. */
typedef struct anima_track_info {
  size_t property; /**< the property it animates (anima_model_property_info) */
  const char *address; /**< that property's JSON address */
  size_t key_count;    /**< >= 1 */
} anima_track_info;

/** Describes track `track` of timeline `timeline`, in document order. */
ANIMA_API anima_status anima_model_track_info(const anima_model *model,
                                              size_t timeline, size_t track,
                                              anima_track_info *out);

/** One keyframe: a value at a time (seconds), times strictly increasing. */
typedef struct anima_key_info {
  double time;
  anima_value value;
} anima_key_info;

/** Describes key `key` of track `track` of timeline `timeline`. */
ANIMA_API anima_status anima_model_key_info(const anima_model *model,
                                            size_t timeline, size_t track,
                                            size_t key, anima_key_info *out);

/** One timeline event `[time, name]` (SPEC §5). */
typedef struct anima_timeline_event_info {
  double time; /**< seconds */
  const char *name;
} anima_timeline_event_info;

/** Describes event `event` of timeline `timeline`. Events are numbered by
 * time, as they fire; events at the same time keep their document order. */
ANIMA_API anima_status anima_model_event_info(const anima_model *model,
                                              size_t timeline, size_t event,
                                              anima_timeline_event_info *out);

/* ------------------------------------------------------------------------ */
/* The machine (SPEC §7, §8)                                                 */
/* ------------------------------------------------------------------------ */

/** One layer (anima_model_layer_count, anima_model_layer_name: anima.h). */
typedef struct anima_layer_info {
  const char *name;
  size_t initial; /**< the initial state, an index among the layer's states */
  size_t state_count;
} anima_layer_info;

/** Describes layer `index` (layers in declaration order, SPEC §7; below
 * anima_model_layer_total, so the layers of named machines too, named
 * "<machine>/<layer>"). State queries take the same layer indices. */
ANIMA_API anima_status anima_model_layer_info(const anima_model *model,
                                              size_t index,
                                              anima_layer_info *out);

/** One state of a layer. */
typedef struct anima_state_info {
  const char *name;
  /** What the state does, as the key the document writes it with: "pose"
   * (hold values) or "play" (play a timeline). */
  const char *kind;
  long
      timeline; /**< the timeline it plays (anima_model_timeline_info), or -1 */
  double speed; /**< play states: the speed, default 1; others 1 */
  const char *emit;        /**< the event reported on entry, or NULL */
  size_t pose_value_count; /**< pose states: the values of its `pose` */
  size_t transition_count; /**< its `on` list, in evaluation order */
} anima_state_info;

/** Describes state `state` of layer `layer`, states in document order. */
ANIMA_API anima_status anima_model_state_info(const anima_model *model,
                                              size_t layer, size_t state,
                                              anima_state_info *out);

/** One value of a pose state: property (anima_model_property_info) and value.
 */
typedef struct anima_pose_value_info {
  size_t property;
  const char *address; /**< the property's JSON address */
  anima_value value;
} anima_pose_value_info;

/** Describes value `index` of the pose of state `state` of layer `layer`,
 * in document order. */
ANIMA_API anima_status anima_model_pose_value_info(const anima_model *model,
                                                   size_t layer, size_t state,
                                                   size_t index,
                                                   anima_pose_value_info *out);

/** One transition of a state, with the defaults of SPEC §8. */
typedef struct anima_transition_info {
  const char *when; /**< the condition as the document writes it */
  size_t to;        /**< the target, an index among the layer's states */
  double blend;     /**< crossfade seconds, default 0 */
  /** The crossfade's ease as written ("out", "cubic(0.4, 0, 0.2, 1)", a
   * module's ease), "linear" when omitted. */
  const char *ease;
  bool interruptible; /**< default true */
} anima_transition_info;

/** Describes transition `index` of state `state` of layer `layer`. */
ANIMA_API anima_status anima_model_transition_info(const anima_model *model,
                                                   size_t layer, size_t state,
                                                   size_t index,
                                                   anima_transition_info *out);

/* ------------------------------------------------------------------------ */
/* Listeners (SPEC §9)                                                       */
/* ------------------------------------------------------------------------ */

typedef struct anima_listener_info {
  /** The pointer event: "enter", "leave", "down", "up", "click", "move";
   * or a module's listener source as written ("event:ding"). */
  const char *on;
  long target;        /**< the target node's index, or -1 for the whole icon */
  double hit_padding; /**< grid units, default 0 */
  /** Its actions, in the order they run: fire, set, toggle, emit. */
  size_t action_count;
} anima_listener_info;

/** Number of listeners, in document order. */
ANIMA_API size_t anima_model_listener_count(const anima_model *model);

/** Describes listener `index`. */
ANIMA_API anima_status anima_model_listener_info(const anima_model *model,
                                                 size_t index,
                                                 anima_listener_info *out);

/** One action of a listener. */
typedef struct anima_action_info {
  const char *action; /**< "fire", "set", "toggle" or "emit" */
  long input;         /**< fire, set, toggle: the input's index; emit: -1 */
  /** set: the value written (a bool or a number). False for a set whose
   * value is an expression (SPEC bind "Input expressions in actions"): it
   * is computed each time the action runs, so there is no one value. */
  bool has_value;
  anima_value value;
  const char *event; /**< emit: the event name; others NULL */
} anima_action_info;

/** Describes action `index` of listener `listener`. */
ANIMA_API anima_status anima_model_action_info(const anima_model *model,
                                               size_t listener, size_t index,
                                               anima_action_info *out);

/* ------------------------------------------------------------------------ */
/* Solvers: constraints in their solve order (SPEC rig "Rig stage and      */
/* extension contract")                                                      */
/* ------------------------------------------------------------------------ */

/** One item of a node's solver list whose kind a declared feature
 * registered (module.h anima_solver_kind_desc): a rig constraint. */
typedef struct anima_solver_info {
  const char *list;    /**< the node's list field: "constraints" */
  const char *kind;    /**< the item's kind: "copyRotation", "ik" */
  const char *feature; /**< the feature that registered the kind: "rig" */
  size_t host;         /**< the index of the node carrying it */
  size_t index;        /**< its position in the host's list (authored) */
} anima_solver_info;

/** Number of solvers of the model. */
ANIMA_API size_t anima_model_solver_count(const anima_model *model);

/** Describes the solver at `position` of the model's solve order, the one
 * order computed at load (targets and their ancestors before hosts,
 * parents before children, a solver's declared writes before their other
 * descendants, authored order otherwise). Errors:
 * ANIMA_ERROR_INVALID_ARGUMENT for NULL arguments or a position out of
 * range. */
ANIMA_API anima_status anima_model_solver_info(const anima_model *model,
                                               size_t position,
                                               anima_solver_info *out);

/**
 * The nodes the solver at `position` of the solve order reads (`writes`
 * false: its kind's declared targets, module.h `dependencies`) or sets
 * besides its host (`writes` true: an IK chain's parent bones), as node
 * indices into `nodes` (at most `capacity` of them, in the kind's order).
 * Returns how many there are, which may exceed `capacity` (ask again with
 * more room; `nodes` may be NULL when `capacity` is 0); 0 for a position
 * out of range. Allocates nothing.
 */
ANIMA_API size_t anima_model_solver_nodes(const anima_model *model,
                                          size_t position, bool writes,
                                          long *nodes, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_INTROSPECT_H */
