/*
 * module.h — the feature-module ABI, version 2 (docs/MODULES.md).
 *
 * A module is a shared object `anima-<name>.so` (or the same source linked
 * statically) that exports one constant descriptor,
 *
 *     const anima_module_info anima_module_<name>_info;
 *
 * (`<name>` with '-' spelt '_'), made with ANIMA_MODULE_DEFINE below. The
 * kernel accepts it when `abi_major` equals ANIMA_MODULE_ABI_MAJOR,
 * `abi_minor` is not newer than ANIMA_MODULE_ABI_MINOR, `name` equals the
 * file's base name, and its features are valid and new (all checked before
 * `init`). It loads the modules providing `depends` first, then calls
 * `init(host, registrar)` once. `init` only registers, through the host
 * table; registration is transactional: when `init` fails, everything it
 * registered is rolled back and the module is unloaded.
 *
 * A module links against nothing: every kernel service it uses is a
 * member of the host table (`anima_host`), an append-only struct of
 * function pointers whose `struct_size` tells what a kernel provides
 * (sqlite's loadable-extension model). Likewise every `*_desc` begins with
 * `struct_size` (sizeof at the module's build): the kernel copies what it
 * knows and zero-fills what an older module lacks, so a 2.0 module loads
 * in a 2.3 kernel.
 *
 * Three lifetimes of module data:
 *   per runtime: static data of the module itself (descriptors);
 *   per model:   `compile` turns one *site* (the document, a node, a
 *                state, a constraint object, a paint, ...) into immutable
 *                data kept in the model and shared by every player;
 *   per player:  `instance_size` bytes, allocated at player creation and
 *                initialised by `instance_init`; `step` allocates nothing.
 *
 * A behaviour registered for feature F only applies to documents whose
 * `requires` names F (or, for "a|b", any alternative).
 *
 * Units as SPEC §2: grid units (y down), seconds, degrees clockwise.
 */
#ifndef ANIMA_MODULE_H
#define ANIMA_MODULE_H

#include <anima/anima.h>
#include <anima/draw.h>
#include <anima/format.h>
#include <anima/introspect.h>
#include <anima/path.h>
#include <anima/registry.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ANIMA_MODULE_ABI_MAJOR 2
#define ANIMA_MODULE_ABI_MINOR 0

/* ------------------------------------------------------------------------ */
/* Opaque contexts the kernel hands to module callbacks                      */
/* ------------------------------------------------------------------------ */

/** Registration in progress (one module's `init`). */
typedef struct anima_registrar anima_registrar;
/** A parsed JSON value of the document being checked or compiled. */
typedef struct anima_json anima_json;
/** A document check in progress (validation, before compiling). */
typedef struct anima_check anima_check;
/** A model being compiled (per-model data is made here). */
typedef struct anima_compile anima_compile;
/** A player inside `anima_player_step` (or at creation, or an operation). */
typedef struct anima_step anima_step;
/** Read access to one player's values and pose (outlines, paints, derived
 * properties): used by drawing and hit testing alike. */
typedef struct anima_view anima_view;
/** Parsing a value of a module value type (validation and compile). */
typedef struct anima_value_context anima_value_context;
/** The output of a state being written (state kinds). */
typedef struct anima_state_output anima_state_output;
/** Parsing one condition term (validation and compile). */
typedef struct anima_term_context anima_term_context;
/** An operation call (a host call / script command). */
typedef struct anima_operation_call anima_operation_call;

/* ------------------------------------------------------------------------ */
/* Sites and lifecycles                                                      */
/* ------------------------------------------------------------------------ */

/** What a per-model `compile` is made from. */
typedef enum anima_site_kind {
  ANIMA_SITE_DOCUMENT = 0, /**< the whole document (stage hooks) */
  ANIMA_SITE_NODE,         /**< one node (node behaviours, outline hooks) */
  ANIMA_SITE_STATE,        /**< one machine state (state kinds) */
  ANIMA_SITE_ACTION,       /**< one action key's value (action kinds) */
  ANIMA_SITE_CONSTRAINT,   /**< one item of a solver list (solver kinds) */
  ANIMA_SITE_PAINT,        /**< one fill or stroke object (paint kinds) */
  /** ABI 2.0, appended: one transition of a state's `on` list (transition
   * hooks): `json` the edge object, `layer`, `state` (absolute index of
   * the state whose `on` holds it) and `index` (its position there). */
  ANIMA_SITE_TRANSITION,
} anima_site_kind;

/** One site. Pointers are valid during the `compile` call only. */
typedef struct anima_site {
  size_t struct_size;
  anima_site_kind kind;
  const anima_json *json; /**< the site's JSON value (the document root for
                               DOCUMENT; the action key's value for ACTION) */
  const char *pointer;    /**< RFC 6901 pointer of `json` */
  long node;              /**< node index (NODE, CONSTRAINT: its host,
                               PAINT: the painted node), else -1 */
  long layer;             /**< STATE: layer index, else -1 */
  long state;             /**< STATE: absolute state index, else -1 */
  size_t index;           /**< CONSTRAINT: position in the list; PAINT: 0
                               fill, 1 stroke, or the position in an
                               ordered paints array; else 0 */
  /** ABI 2.0, appended. PAINT: the prefix of the paint's property addresses
   * ("fill", "stroke", "paints.2.fill"): its slots are
   * compile_find_slot(node, "<address>.<field>"). NULL for other sites. */
  const char *address;
} anima_site;

/**
 * The lifecycle every behavioural description carries. All members may be
 * NULL: no compile means no per-model data (NULL), no instance_size means
 * no per-player memory.
 */
typedef struct anima_lifecycle {
  /** Per model: makes `*data` for `site` (use anima_host.compile_alloc for
   * memory owned by the model). Returns ANIMA_OK or an error, which fails
   * the model load with a `module-compile` diagnostic at the site unless
   * the callback reported a more precise one (compile_report). */
  anima_status (*compile)(anima_compile *compile, const anima_site *site,
                          void *user, void **data);
  /** Frees what `compile` allocated itself (not compile_alloc memory). */
  void (*release)(void *data, void *user);
  /** Bytes of per-player memory for this site's data (16-byte aligned). */
  size_t (*instance_size)(const void *data, void *user);
  /** Initialises a zeroed instance at player creation. */
  void (*instance_init)(const void *data, void *instance, void *user);
} anima_lifecycle;

/* ------------------------------------------------------------------------ */
/* Document checks (validation)                                              */
/* ------------------------------------------------------------------------ */

/**
 * A semantic check run after the generic structural checks, for documents
 * that declare the feature. Reports through anima_host.check_report.
 */
typedef struct anima_check_desc {
  size_t struct_size;
  const char *feature;
  const char *name; /**< for messages and ordering */
  void (*check)(anima_check *check, void *user);
  void *user;
} anima_check_desc;

/* ------------------------------------------------------------------------ */
/* Stage hooks (SPEC §7)                                                     */
/* ------------------------------------------------------------------------ */

/**
 * Where a stage hook runs inside `step(dt)` (SPEC §7, docs/MODULES.md
 * "Stages"). Within one stage, hooks run in module order (`depends`, then
 * `after`, then load order), then registration order.
 */
typedef enum anima_stage {
  /** Stage 1, after the queued writes and listener actions (derive). */
  ANIMA_STAGE_INPUTS = 1,
  /** Stage 2, before state and crossfade clocks advance (motion clocks). */
  ANIMA_STAGE_CLOCKS = 2,
  /** Stage 4a, after the layers wrote, before clamping (bind). */
  ANIMA_STAGE_BIND = 3,
  /** After clamping and the pose: writes sizes and local matrices. */
  ANIMA_STAGE_LAYOUT = 4,
  /** Rig stage, after the kernel's sorted solvers ran. */
  ANIMA_STAGE_SOLVE = 5,
  /** Pose stage (posepad): may request exactly one more solve
   * (step_request_solve). That pass starts again from the values as they
   * are then: every local matrix is recomputed from its values, the
   * LAYOUT hooks run again (bones publish their frames) and the solvers
   * run as in the first pass. */
  ANIMA_STAGE_POSE = 6,
  /** End of the step, after the final pose (event payloads, draw order). */
  ANIMA_STAGE_END = 7,
} anima_stage;

/**
 * ABI 2.0, appended: a moment of a machine layer inside a step, given to
 * the `observe` member of stage hooks (events chapter signals). Taking a
 * transition (SPEC §7 3.2) makes, in order: EXIT (before the source's exit
 * block), START (after it, before the transition's actions), ENTER (after
 * them, immediately before the target's entry block, `emit` and timeline
 * events). A crossfade that completes gives FADE_END at the start of the
 * layer's stage 3, before its timeline events (a crossfade interrupted by
 * another transition never completes). A repeating timeline (`loop`,
 * `pingpong`) gives one WRAP per boundary of its played time crossed —
 * every duration, every turn — before the timeline events of the same
 * interval, also within an entry's carry; none at entry itself, for a
 * frozen (reduced motion) clock, or for `once`.
 */
typedef enum anima_layer_moment_kind {
  ANIMA_LAYER_EXIT = 1,
  ANIMA_LAYER_START,
  ANIMA_LAYER_ENTER,
  ANIMA_LAYER_FADE_END,
  ANIMA_LAYER_WRAP,
} anima_layer_moment_kind;

/** One layer moment (valid during the `observe` call only). */
typedef struct anima_layer_moment {
  size_t struct_size;
  anima_layer_moment_kind kind;
  size_t layer;
  /** EXIT: the source state; START, ENTER: the target; FADE_END: the state
   * the crossfade reached; WRAP: the playing state. An absolute state
   * index: layers in document order, each layer's states in document
   * order. */
  size_t state;
  /** EXIT, START, ENTER: the taken edge, as the absolute index of the
   * state whose `on` list holds it (the source, or a declaration state)
   * and its position in that list; -1 and 0 otherwise. */
  long edge_state;
  size_t edge_index;
  /** ENTER: the crossfade the edge starts, in seconds (0 when none: a zero
   * or reduced-motion blend, or one the carry already completed). */
  double crossfade;
  /** WRAP: the boundary's played time (k × duration, k ≥ 1). */
  double boundary;
} anima_layer_moment;

typedef struct anima_stage_hook_desc {
  size_t struct_size;
  anima_stage stage;
  const char *feature;
  const char *name;          /**< unique within the module */
  anima_lifecycle lifecycle; /**< site DOCUMENT */
  /** Runs once per step at `stage` (not while the player sleeps). May be
   * NULL for a hook with no step work (ABI 2.x): one that only compiles
   * (`lifecycle`, e.g. contour's stroke geometry) or only votes
   * (`at_rest`) is compiled in its place in the order but never called
   * while stepping or at player creation. A hook with none of the three
   * is ignored. */
  void (*run)(anima_step *step, const void *data, void *instance, void *user);
  /** The hook's vote on `settled` (SPEC §7 stage 6): false keeps the
   * player awake. NULL: always at rest. */
  bool (*at_rest)(anima_step *step, const void *data, const void *instance,
                  void *user);
  void *user;
  /** ABI 2.0, appended: the hook also runs once when a player is created,
   * after its initial values and pose (step_dt 0, at its own stage), so what
   * it derives from them holds before the first step: composite's sibling
   * draw order is part of a new player's pose, as its matrices are. Hooks of
   * other stages are not run then. */
  bool runs_at_creation;
  /** ABI 2.0, appended: called at every layer moment of the step
   * (anima_layer_moment) with this hook's data and instance, in hook
   * order, whatever the hook's stage, while the player is awake. May
   * report events (step_report, step_report_detail), which then take the
   * moment's place in the step's order. Must not allocate. NULL: none. */
  void (*observe)(anima_step *step, const void *data, void *instance,
                  const anima_layer_moment *moment, void *user);
} anima_stage_hook_desc;

/* ------------------------------------------------------------------------ */
/* State kinds (SPEC §8; machine chapter)                                    */
/* ------------------------------------------------------------------------ */

/** Flags of a state kind. */
enum {
  /** A terminal state: it has no `on` list and takes no transitions. */
  ANIMA_STATE_KIND_TERMINAL = 1u << 0,
  /** A declaration that is never current (an "any" state): its
   * transitions are searched before the current state's. */
  ANIMA_STATE_KIND_DECLARATION = 1u << 1,
};

/**
 * A state kind, selected by the state's `kind` field (a variant of the
 * family "state", discriminator "kind"). A state keeps its `pose` or
 * `play`; the kind changes how it enters, writes, finishes and chooses
 * among its transitions. Every member but `name`/`feature` may be NULL
 * (the base behaviour).
 */
typedef struct anima_state_kind_desc {
  size_t struct_size;
  const char *name; /**< the `kind` value, e.g. "random" */
  const char *feature;
  unsigned flags;            /**< ANIMA_STATE_KIND_* */
  anima_lifecycle lifecycle; /**< site STATE */
  /** On entry (after the kernel's own entry), with the carry in seconds. */
  void (*enter)(anima_step *step, const void *data, void *instance,
                size_t layer, double carry, void *user);
  /** Writes the state's output (SPEC §7 S(state)); return false to keep
   * the base output (its pose or timeline). Slots written here must have
   * been declared at compile time (compile_state_writes). */
  bool (*write)(anima_step *step, const void *data, void *instance,
                size_t layer, anima_state_output *output, void *user);
  /** `@end`: true when finished, with the overshoot in state seconds. */
  bool (*finished)(anima_step *step, const void *data, const void *instance,
                   size_t layer, double *overshoot, void *user);
  /** The kind's vote on `settled`. */
  bool (*at_rest)(anima_step *step, const void *data, const void *instance,
                  size_t layer, void *user);
  /** Chooses one of the transitions whose conditions hold (`eligible`:
   * indices into the state's `on` list, in declaration order, `count` > 0;
   * called once per search, never by the probes that decide sleeping).
   * Returns a position in `eligible`, or `count` (or more) to take none
   * (the search ends for this step). NULL: the first. */
  size_t (*select)(anima_step *step, const void *data, void *instance,
                   size_t layer, const size_t *eligible, size_t count,
                   void *user);
  void *user;
  /** ABI 2.0, appended: the diagnostic code the kernel's validation uses
   * for the kind's structural errors (an `on` list on a TERMINAL state, a
   * DECLARATION state as `initial` or transition target), registered by
   * the module; NULL: `state-kind`. The machine module's kinds use
   * `machine-state` (machine chapter "Syntax, diagnostics and tooling"). */
  const char *code;
  /** ABI 2.0, appended: when set, the kind is selected by the presence of
   * this member instead of by `kind`: it applies to every state of a
   * declaring document that has no `kind` and has the member (the
   * machine's blend states, `mix`), and a `kind` value never selects it
   * (`name` then only names it in messages). NULL: selected by `kind`. */
  const char *field;
  /** ABI 2.0, appended: writes the state's output while it is the
   * outgoing side of a continued crossfade (machine chapter `continue:
   * true`: a transition hook's `continues` held for the edge that left
   * it), once per layer output of that crossfade, through `output` as
   * `write` does (output_mix, output_write, output_base; the slots of
   * S(state)). `time` is the outgoing state's own state time, in seconds:
   * its state time at exit − the edge's carry + the crossfade's elapsed
   * time; read it instead of step_state_time, which is the current
   * (target) state's. Inputs and expressions read as they are now.
   * `instance` is the outgoing state's instance for the crossfade: a copy
   * of its instance (`instance_size` bytes; NULL without one) made at
   * exit, right after the `write` whose output became the crossfade
   * snapshot, which this callback may update. The kernel copies bytes, so
   * an instance must hold no pointers into itself; the live instance is
   * the state's again if the edge re-enters it. What this writes replaces
   * those positions of the snapshot; the positions it does not write stay
   * frozen at exit. The outgoing state is not current: no `finished`,
   * `at_rest` or `select` of it, no timeline events, and reduced motion
   * switched on completes the crossfade (SPEC §10). It is not called when
   * the source was itself crossfading at exit (the snapshot stays frozen,
   * as for a play state). Return false to keep the snapshot frozen for
   * this output. Must not allocate. NULL: a kind with `write` keeps its
   * exit pose frozen under `continue` (a kind without `write` continues
   * as a play state). */
  bool (*write_continued)(anima_step *step, const void *data, void *instance,
                          size_t layer, double time, anima_state_output *output,
                          void *user);
} anima_state_kind_desc;

/* ------------------------------------------------------------------------ */
/* Transition hooks (machine chapter "Transitions and previous values")      */
/* ------------------------------------------------------------------------ */

/** Flags of a transition hook. */
enum {
  /** The hook queues the edge's `actions` block itself (compile_action_
   * block, step_queue_block): on edges where its compile gave data the
   * kernel does not also run that block in the immediate order (SPEC bind;
   * machine chapter "Actions and completion": machine owns transition
   * `actions`, which queue exactly once). */
  ANIMA_TRANSITION_HOOK_OWNS_ACTIONS = 1u << 0,
};

/**
 * ABI 2.0, appended: a transition hook adds fields to the transitions of
 * documents declaring its feature. `lifecycle.compile` runs for every
 * transition (site TRANSITION) after its condition compiled; leaving
 * `*data` NULL means the hook does not apply to that edge (no callback is
 * made for it). Per-player instances (`instance_size`) are per edge. All
 * callbacks may be NULL, must not allocate, and are made inside a step
 * with the layer the edge is searched for.
 */
typedef struct anima_transition_hook_desc {
  size_t struct_size;
  const char *feature;
  const char *name;          /**< unique within the module */
  unsigned flags;            /**< ANIMA_TRANSITION_HOOK_* */
  anima_lifecycle lifecycle; /**< site TRANSITION */
  /** ANDed with the edge's `when` after its terms held (SPEC §8); `*carry`
   * holds the terms' carry (state seconds, ≥ 0) and may be replaced (an
   * exit-ratio gate's overshoot; 0 to enter at time zero). Called by the
   * transition search and by the probes that decide sleeping alike. */
  bool (*holds)(anima_step *step, const void *data, void *instance,
                size_t layer, double *carry, void *user);
  /** The crossfade duration in seconds when the edge is taken, given the
   * authored `blend` (before reduced motion, which still makes it 0). A
   * negative or non-finite result counts as 0. NULL: `blend`. */
  double (*blend)(anima_step *step, const void *data, void *instance,
                  size_t layer, double blend, void *user);
  /** After the edge was taken: the target entered (its entry actions,
   * emit and timeline events reported) and the crossfade set up with
   * duration `blend` (0: none). */
  void (*taken)(anima_step *step, const void *data, void *instance,
                size_t layer, double blend, void *user);
  /** False while the edge could come to hold without an input changing
   * (it reads a clock), which keeps the player awake (SPEC §7 "Settled").
   * NULL: at rest. */
  bool (*at_rest)(anima_step *step, const void *data, const void *instance,
                  size_t layer, void *user);
  /** For an edge of a DECLARATION state that targets the current state:
   * true keeps it in the search (a change guard fires once per change);
   * the kernel otherwise keeps only edges naming a trigger (machine
   * chapter "State kinds and priority"). NULL: false. */
  bool (*self_entry)(const void *data, void *user);
  void *user;
  /** ABI 2.0, appended: true when the edge's crossfade keeps advancing the
   * outgoing state's timeline instead of freezing its exit pose (machine
   * chapter `continue: true`). The kernel then re-samples, at every layer
   * output of the crossfade, the outgoing play state's own tracks at state
   * time (exit state time − carry + fade elapsed), through the kernel's
   * clock (speed, loop mode, a reduced-motion freeze kept from exit) or
   * the state's module clock (`local`, its instance), into the crossfade
   * snapshot; positions the outgoing state does not write stay frozen.
   * The outgoing state is not current: no events, transitions or `@end`
   * of it. A source whose state kind has `write` continues through the
   * kind's `write_continued` instead (anima_state_kind_desc; the machine's
   * blend states); one whose kind has `write` without it stays frozen. A
   * play state without a kind `write` continues when it was not itself
   * crossfading at exit and, with a module clock, is not re-entered by the
   * edge (its clock instance restarts); otherwise the snapshot stays
   * frozen. Called once when the edge is taken with a crossfade. NULL:
   * false. */
  bool (*continues)(const void *data, void *user);
} anima_transition_hook_desc;

/* ------------------------------------------------------------------------ */
/* Condition term kinds (SPEC §8 conditions)                                 */
/* ------------------------------------------------------------------------ */

typedef enum anima_term_match {
  ANIMA_TERM_NO_MATCH = 0, /**< not this kind's syntax: try the next kind */
  ANIMA_TERM_MATCH,        /**< parsed; `*data` set */
  ANIMA_TERM_ERROR,        /**< this kind's syntax, but wrong: reported */
} anima_term_match;

/**
 * A condition term kind: a term (the text between `&&`) the core grammar
 * does not parse is offered to each term kind of a declared feature.
 */
typedef struct anima_term_kind_desc {
  size_t struct_size;
  const char *name; /**< for `anima schema condition` */
  const char *feature;
  const char *syntax; /**< one line for docs and hints: "EXPR OP EXPR" */
  /** Parses `text` (`length` bytes, trimmed). Memory from term_alloc. */
  anima_term_match (*parse)(anima_term_context *context, const char *text,
                            size_t length, void **data, void *user);
  /** Does the term hold? May set `*carry` (state seconds) like @after. */
  bool (*holds)(anima_step *step, const void *data, size_t layer, double *carry,
                void *user);
  void *user;
  /** The term's vote on `settled` (SPEC §7) while its state is current:
   * false while it could come to hold without an input changing (it reads
   * a clock, as @after does), which also keeps a settled player from
   * sleeping. NULL: at rest (the term reads inputs only). */
  bool (*at_rest)(anima_step *step, const void *data, size_t layer, void *user);
} anima_term_kind_desc;

/* ------------------------------------------------------------------------ */
/* Expression kinds (SPEC bind "Input expressions in actions")               */
/* ------------------------------------------------------------------------ */

/**
 * ABI 2.0, appended: an expression language for the string values of action
 * `set` maps (a listener's `{"set": {"count": "count+1"}}`). A string set
 * value of a document declaring the feature is given to the first such kind
 * of a declared feature: `check` at validation, `compile` at load; the
 * player evaluates every expression set of one action against one input
 * snapshot taken before any write of that action (fire, set, toggle, emit),
 * then applies them: a number target takes the result with a non-finite
 * value made 0 and then clamped to the input's min/max, a bool target
 * takes result != 0. Without a declared kind a string set value stays the
 * core `type` error (SPEC §9). Registering a second kind for a feature is
 * a `module-load` error.
 */
typedef struct anima_expression_kind_desc {
  size_t struct_size;
  const char *name; /**< for messages: "bind" */
  const char *feature;
  /** Validation: checks `text` (NUL-terminated) as the value written to
   * the input `target` of type `type` (bool or number), reporting with
   * check_report at `pointer` (the set value); marks the inputs it reads
   * with check_input. Returns true when it is valid. */
  bool (*check)(anima_check *check, const char *pointer, const char *text,
                const char *target, anima_input_type type, void *user);
  /** Compile: per-model data for a checked `text` (compile_alloc memory).
   * ANIMA_OK, or an error that fails the load (module-compile). */
  anima_status (*compile)(anima_compile *compile, const char *text,
                          anima_input_type type, void **data, void *user);
  /** Evaluates against a snapshot: `read(context, input)` is input
   * `input`'s value (a number, a bool as 0 or 1). Returns the number for
   * a number target, or 0/1 for a bool target. Must not allocate. */
  double (*evaluate)(const void *data,
                     double (*read)(void *context, size_t input), void *context,
                     void *user);
  void *user;
  /*
   * ABI 2.0, appended: typed results for expressions outside action sets
   * (host check_value_expression, compile_value_expression,
   * step_value_expression): a value of type `type`, ANIMA_VALUE_NUMBER (a
   * bool result counts 0/1), ANIMA_VALUE_BOOL or ANIMA_VALUE_COLOR (SPEC
   * bind: colour literals and colour `mix`; SPEC events: colour payload
   * fields). Strings are not a result type: SPEC's string operations only
   * feed comparisons and `contains`. All three NULL: number and bool
   * through check/compile/evaluate, no colours.
   */
  /** As `check`, for a result of value type `type`; reports (e.g.
   * bind-type) and returns false when the expression cannot give one. */
  bool (*check_value)(anima_check *check, const char *pointer, const char *text,
                      const char *target, anima_value_type type, void *user);
  /** As `compile`, for a checked `text` of result type `type`. */
  anima_status (*compile_value)(anima_compile *compile, const char *text,
                                anima_value_type type, void **data, void *user);
  /** Evaluates a compile_value result against the inputs (`read` as for
   * `evaluate`) into `*out`, of the type it was compiled for. Must not
   * allocate. */
  void (*evaluate_value)(const void *data,
                         double (*read)(void *context, size_t input),
                         void *context, anima_value *out, void *user);
} anima_expression_kind_desc;

/* ------------------------------------------------------------------------ */
/* Ease kinds (SPEC §5 eases)                                                */
/* ------------------------------------------------------------------------ */

/** Most arguments an ease takes. */
#define ANIMA_EASE_ARGUMENTS 8

/** An ease `name(a, b, ...)`, for keys and transitions of documents that
 * declare the feature. */
typedef struct anima_ease_kind_desc {
  size_t struct_size;
  const char *name; /**< "back", "steps", "elastic-in" ...: a letter, then
                         letters, digits and '-' */
  const char *feature;
  const char *syntax; /**< "back(overshoot)" */
  size_t minimum_arguments, maximum_arguments;
  /** Checks the arguments; false with a hint written to `hint` (`size`
   * bytes) for `bad-ease`. NULL: any numbers. */
  bool (*check)(const double *arguments, size_t count, char *hint, size_t size,
                void *user);
  /** w for u in [0, 1]; the kernel pins w(0) = 0 and w(1) = 1. */
  double (*weight)(const double *arguments, size_t count, double u, void *user);
  void *user;
  /**
   * ABI 2.0, appended: a *value curve* instead of a weight (motion
   * `value-cubic`): the value of a number key segment at progress u,
   * strictly inside (0, 1), from the left key's value `left` and the next
   * key's value `right` (the ends are the key values themselves, and before
   * the first and after the last key §5 sampling is unchanged). Such a kind
   * is only valid as the ease of a key of a number property: on a
   * transition, a colour key or a module-typed key it is `bad-ease` (a value
   * curve cannot shape a crossfade). `weight` is then unused (may be NULL).
   * A non-finite result falls back to the linear value. Must not allocate.
   * NULL: a weight kind.
   */
  double (*value)(const double *arguments, size_t count, double u, double left,
                  double right, void *user);
} anima_ease_kind_desc;

/* ------------------------------------------------------------------------ */
/* Action kinds (SPEC §9 listener actions; machine actions)                  */
/* ------------------------------------------------------------------------ */

/**
 * An action key beside `fire`/`set`/`toggle`/`emit` in an action object
 * (a listener; module action blocks). Register the key itself as a field
 * of the action-bearing kind. Queued like the core actions and run at
 * stage 1 in queue order, after the core keys of the same object.
 */
typedef struct anima_action_kind_desc {
  size_t struct_size;
  const char *key; /**< the JSON key, e.g. "log" */
  const char *feature;
  anima_lifecycle lifecycle; /**< site ACTION */
  void (*run)(anima_step *step, const void *data, void *instance, void *user);
  void *user;
} anima_action_kind_desc;

/* ------------------------------------------------------------------------ */
/* Listener sources (SPEC events `on: "event:<name>"`)                       */
/* ------------------------------------------------------------------------ */

/**
 * ABI 2.0, appended: a family of listener `on` values beyond SPEC §9's
 * pointer events: in documents declaring `feature`, an `on` string that
 * starts with `prefix` followed by at least one character is valid (the
 * rest is the module's to check, e.g. `unknown-event`). The kernel keeps
 * such a listener (its target, actions and pointer) but never runs it for
 * pointer events: the module queues its actions itself (compile_action_
 * block on the listener object, step_queue_block). Introspection lists its
 * `on` as written. Registered with add_listener_source; test with
 * ANIMA_HOST_HAS(host, add_listener_source).
 */
typedef struct anima_listener_source_desc {
  size_t struct_size;
  const char *feature;
  const char *prefix;      /**< "event:" (non-empty, unique) */
  const char *description; /**< one sentence for `anima schema` */
} anima_listener_source_desc;

/**
 * ABI 2.0, appended: an interface, a table of functions one module offers
 * the others (docs/MODULES.md "Interfaces between modules"). The table's
 * layout is the offering module's, declared in a public header of its own
 * that begins with `size_t struct_size` (for example include/anima/
 * assets.h, the `assets` interface: asset declarations for event audio).
 * Another module gets it with check_interface or compile_interface, which
 * give it only while the document declares the interface's feature, so a
 * module never reads a feature the document did not ask for; it must test
 * the table's struct_size before calling a member it appended later.
 * Registered with add_interface; test with ANIMA_HOST_HAS(host,
 * add_interface). The name is unique in a runtime.
 */
typedef struct anima_interface_desc {
  size_t struct_size;
  const char *feature;     /**< NULL: the registering module's first one */
  const char *name;        /**< e.g. "assets" (non-empty, unique) */
  const void *table;       /**< the function table (not NULL; static) */
  const char *description; /**< one sentence */
} anima_interface_desc;

/* ------------------------------------------------------------------------ */
/* Crossfade rules (SPEC §7 lerp; motion "Typed channels and mixing")        */
/* ------------------------------------------------------------------------ */

/** Flags of a crossfade rule. */
enum {
  /** Booleans take the incoming (target) value for any positive mix,
   * from the very start of a state crossfade, instead of §7's OR of both
   * ends (motion: "bool properties replace the incoming value for any
   * positive mix"). */
  ANIMA_CROSSFADE_BOOLS_REPLACE = 1u << 0,
};

/**
 * ABI 2.0, appended: a change of SPEC §7's crossfade `lerp` for documents
 * that declare `feature` (module order decides nothing: the flags of every
 * declared rule are combined). Registered with add_crossfade_rule; test
 * with ANIMA_HOST_HAS(host, add_crossfade_rule).
 */
typedef struct anima_crossfade_rule_desc {
  size_t struct_size;
  const char *feature;
  const char *name; /**< unique within the feature, for messages */
  unsigned flags;   /**< ANIMA_CROSSFADE_* */
} anima_crossfade_rule_desc;

/* ------------------------------------------------------------------------ */
/* Clocks (SPEC §7 stage 2 and §5 sampling; motion "Timeline clock")         */
/* ------------------------------------------------------------------------ */

/** Flags of a clock. */
enum {
  /** A play state's `speed` may be any finite number (negative reverses,
   * 0 holds) in documents declaring the feature, instead of §8's
   * `speed > 0` (motion; DECISIONS 19). */
  ANIMA_CLOCK_SIGNED_SPEED = 1u << 0,
};

/**
 * ABI 2.0, appended: a clock owns how the play states of documents
 * declaring its feature map state time to timeline time. `lifecycle.compile`
 * runs for every play state (site STATE: `json` the state object, `layer`,
 * `state`); the first declared clock (module order) that leaves `*data`
 * non-NULL owns that state, and the kernel's §5/§7 clock is not used for
 * it: no played time, no kernel event enumeration, no reduced-motion
 * freezing (the clock reads step_reduced_motion). NULL `*data`: the
 * kernel's clock. State time itself (§7 stage 2, carry on entry, @after)
 * stays the kernel's; every callback receives it in seconds. Per-player
 * instances (`instance_size`) are per state. No callback may allocate.
 * Registered with add_clock; test with ANIMA_HOST_HAS(host, add_clock).
 */
typedef struct anima_clock_desc {
  size_t struct_size;
  const char *feature;
  const char *name;          /**< unique within the module */
  unsigned flags;            /**< ANIMA_CLOCK_* */
  anima_lifecycle lifecycle; /**< site STATE (play states only) */
  /** The state was entered (also a layer's initial state at player
   * creation) with state time `carry`. Reports nothing: entry events come
   * from `report` with `entry` true. May be NULL. */
  void (*enter)(anima_step *step, const void *data, void *instance,
                size_t layer, double carry, void *user);
  /** The local timeline time (seconds, in [0, duration]) the state's tracks
   * are sampled at, for state time `state_time`. Required. */
  double (*local)(anima_step *step, const void *data, void *instance,
                  size_t layer, double state_time, void *user);
  /** Reports (step_report) the timeline events crossed while state time
   * went from `from` to `to` (§7 stage 3.1): `entry` true on entry (the
   * state's `emit` was reported already; `from` is 0, `to` the carry).
   * A repeating clock calls the host's step_layer_wrap once per loop
   * boundary (or turn) crossed, before it reports the interval's events,
   * so the layer's WRAP moments (anima_layer_moment: the events module's
   * `@loop`) follow its own crossing policy. May be NULL: no events. */
  void (*report)(anima_step *step, const void *data, void *instance,
                 size_t layer, double from, double to, bool entry, void *user);
  /** `@end`: true when finished at `state_time`, with the overshoot in
   * state seconds (DECISIONS 13). NULL: never. */
  bool (*finished)(anima_step *step, const void *data, const void *instance,
                   size_t layer, double state_time, double *overshoot,
                   void *user);
  /** The clock's vote on `settled` (SPEC §7 stage 6): false while its
   * samples could still change with state time. NULL: at rest. */
  bool (*at_rest)(anima_step *step, const void *data, const void *instance,
                  size_t layer, double state_time, void *user);
  /** Reduced motion switched (`reduced`) while the state is current, at
   * state time `state_time` (§10; before this step's clocks advance).
   * May be NULL. */
  void (*switch_motion)(anima_step *step, const void *data, void *instance,
                        size_t layer, double state_time, bool reduced,
                        void *user);
  void *user;
  /**
   * ABI 2.0, appended: the clock's *timeline map*, for timelines a module
   * samples itself instead of a play state (the machine's blend children,
   * SPEC machine "Blends and bound data": "with motion, each child also
   * honors its own speed, work area and quantization"). The host's
   * compile_timeline_clock offers every timeline it is asked about to the
   * declared clocks that have both members, in module order; the first
   * that leaves `*data` non-NULL maps it, otherwise the kernel's §5 rules
   * do. Both NULL: no map. The clock's `local` is not needed for a map.
   *
   * The map works in *travel*: timeline seconds moved from the directional
   * start (where a state playing the timeline at `speed` begins: motion's
   * work end for a negative effective speed, else its work start), at
   * `*rate` travel per state second.
   */
  /** Per model (compile_alloc memory; no instance): `*data` for timeline
   * `timeline` (its JSON object `json`) played at state speed `speed`
   * (any finite number), with `*rate` (>= 0; 0 holds) and `*span` (> 0:
   * the travel of one pass, after which a `once` timeline has finished).
   * Errors fail the load as a lifecycle compile's do. */
  anima_status (*compile_timeline)(anima_compile *compile, size_t timeline,
                                   const anima_json *json, double speed,
                                   void *user, void **data, double *rate,
                                   double *span);
  /** The sample time (timeline seconds, in [0, duration]) at travel
   * `travel` (>= 0): folded into one pass by the timeline's loop mode,
   * or, when `frozen`, clamped to [0, span] without folding (a
   * reduced-motion endpoint: travel `span` is the directional end, 0 the
   * directional start). Must not allocate. */
  double (*timeline_local)(const void *data, double travel, bool frozen,
                           void *user);
} anima_clock_desc;

/**
 * ABI 2.0, appended: a timeline as a module plays it itself
 * (compile_timeline_clock, timeline_clock_local): the caller keeps its
 * travel, `rate` × state seconds from entry, and asks for the sample time.
 * Model-lifetime once compiled (keep it in per-model data).
 */
typedef struct anima_timeline_clock {
  size_t timeline;
  /** Travel per state second (>= 0; 0: the timeline holds). The kernel's
   * rules: |speed|. */
  double rate;
  /** Travel of one pass (> 0): a `once` timeline finishes at travel
   * `span` (after span / rate state seconds). The kernel's: the duration;
   * motion's: the work span. */
  double span;
  /** The timeline loops or ping-pongs (it never finishes). */
  bool repeats;
  /** The kernel's: the clock whose map applies (NULL: SPEC §5) and its
   * data, and the §5 loop mode when none does. Do not change them. */
  const anima_clock_desc *map;
  const void *map_data;
  int kernel_loop;
} anima_timeline_clock;

/* ------------------------------------------------------------------------ */
/* Value types                                                               */
/* ------------------------------------------------------------------------ */

/** Where a value of a module type lives inside anima_value. */
typedef enum anima_value_storage {
  ANIMA_STORAGE_NUMBER = 0, /**< as.number */
  ANIMA_STORAGE_INTEGER,    /**< as.integer */
  ANIMA_STORAGE_POINT,      /**< as.point[2] */
  ANIMA_STORAGE_TEXT,       /**< as.text (model-owned, immutable) */
  ANIMA_STORAGE_REFERENCE,  /**< as.reference: a node index */
  ANIMA_STORAGE_VECTOR,     /**< as.vector: numbers (a path's arguments);
                                 interpolated results live in per-player
                                 cells the kernel sizes at creation */
} anima_value_storage;

typedef struct anima_value_type_desc {
  size_t struct_size;
  const char *name; /**< "int", "uint", "string", "reference", "point",
                         "path" ... */
  const char *feature;
  anima_value_storage storage;
  anima_animation animation; /**< HOLD or INTERPOLATED */
  /** Parses a document, key or pose value. On failure reports through
   * value_report (default code `value-type`) and returns false. NULL:
   * the storage's JSON form (number, whole number, [x, y], string, node
   * id, array of numbers). */
  bool (*parse)(anima_value_context *context, const anima_json *json,
                anima_value *out, void *user);
  /** INTERPOLATED: out = a + (b − a)·w in the type's sense, called only
   * for w strictly inside (0, 1) (the ends are a and b themselves). For
   * VECTOR `out->as.vector` is a writable per-player cell (cast away the
   * const) whose count and shape are a's: write the numbers (and a shape
   * of your own if needed). */
  void (*lerp)(const anima_value *a, const anima_value *b, double w,
               anima_value *out, void *user);
  /** Writes the value as JSON text (snapshots); returns the length it
   * needs (snprintf contract). NULL: the storage's JSON form. Not called
   * for REFERENCE storage: references print as the node id. */
  size_t (*format)(const anima_value *value, char *buffer, size_t size,
                   void *user);
  /** Keys and poses against the rest value (path morphs: same commands).
   * False with a report (e.g. `morph-mismatch`). NULL: always. */
  bool (*compatible)(anima_value_context *context, const anima_value *rest,
                     const anima_value *other, void *user);
  void *user;
  /** The rest value of a property of this type on a node whose document
   * has no value at the property's address (a path morph's `d` on a path
   * drawn from a glyph's subpaths): `document` is the whole document,
   * `node` the node's object, `address` the property address ("d").
   * Memory from value_alloc. Returns false, reporting nothing, when it
   * gives none: the property's default is then the rest. NULL: always the
   * default. Validation compares keys and poses with this rest too. */
  bool (*node_rest)(anima_value_context *context, const anima_json *document,
                    const anima_json *node, const char *address,
                    anima_value *out, void *user);
} anima_value_type_desc;

/* ------------------------------------------------------------------------ */
/* Solver kinds (rig chapter "Rig stage and extension contract")             */
/* ------------------------------------------------------------------------ */

/**
 * A solver kind: items of a node's solver list (`list_field`, a VARIANTS
 * field such as "constraints") whose discriminator is `kind`. The kernel
 * sorts every solver of a model once (targets before hosts, parents before
 * children, authored order otherwise; a cycle is `rig-cycle` at the item
 * closing it), runs them after the LAYOUT stage, and blends each desired
 * local matrix into the host's by the item's `strength` property (address
 * pattern "<list_field>.*.strength", default 1) in decomposed form
 * (translation, rotation by the shorter way, scale, skew).
 */
typedef struct anima_solver_kind_desc {
  size_t struct_size;
  const char *list_field; /**< "constraints" */
  const char *kind;       /**< discriminator value: "copy", "spring" */
  const char *feature;
  anima_lifecycle lifecycle; /**< site CONSTRAINT */
  /** Nodes whose pose must be final before this one runs; returns how
   * many (may exceed `capacity`: the kernel asks again). */
  size_t (*dependencies)(const void *data, long *nodes, size_t capacity,
                         void *user);
  /** The host's desired local matrix; false leaves it unchanged. */
  bool (*solve)(anima_step *step, const void *data, void *instance, size_t host,
                anima_matrix *desired, void *user);
  bool (*at_rest)(anima_step *step, const void *data, const void *instance,
                  void *user);
  void *user;
  /**
   * ABI 2.0, appended: the nodes other than the host whose local matrices
   * `solve` sets itself with step_set_local (an IK chain's parent bones);
   * returns how many (may exceed `capacity`: the kernel asks again). NULL:
   * none. The sort (rig chapter: "a solver's declared additional writes
   * before their other descendants") puts this solver before the solvers
   * of every host at or below a written node, except its own host and the
   * host's ancestors (which run first, parents before children), and
   * before every solver whose target lies at or below a written node; a
   * target of its own at or below one of its writes is `rig-cycle`. A
   * second solve (POSE stage) starts written nodes, like hosts, from their
   * layout-adjusted local matrices. Only the host's desired matrix is
   * blended by `strength`: a solver blends its writes itself (reading its
   * strength slot, "<list>.<index>.strength").
   */
  size_t (*writes)(const void *data, long *nodes, size_t capacity, void *user);
} anima_solver_kind_desc;

/**
 * A stroke's own geometry (compile_stroke_path; contour `stroke.trim` and
 * `stroke.effects`): what a node's stroke — its own, or an entry of its
 * ordered paints — draws instead of its outline, rebuilt from the current
 * values at every draw-frame build.
 */
typedef struct anima_stroke_path_desc {
  size_t struct_size;
  /** Most segments `build` appends; the frame's storage is sized once. */
  size_t max_segments;
  /** Appends the geometry to stroke, in local units, to `out` (cleared,
   * capacity max_segments, never grows) from the values of `view`. Must
   * not allocate. An error fails the build (anima_draw_frame_build returns
   * it) and the stroke draws nothing that frame. NULL when
   * `build_outline` is set. */
  anima_status (*build)(const anima_view *view, const void *data,
                        anima_path *out);
  /** Passed to `build`; must outlive the model (compile_alloc memory). */
  const void *data;
  /*
   * ABI 2.0, appended. A desc whose struct_size stops before a member
   * counts it as zero (the node's own stroke, no scratch, `build`).
   */
  /** True: the geometry of entry `paint` of the node's ordered paints
   * (compile_node_paints, which must come first; the entry must be a
   * stroke). False: the node's own stroke — also when a module lowered it
   * into an ordered-paints entry of its own (composite's `stroke.visible`
   * and `stroke.position`), whichever compiles first. */
  bool ordered;
  size_t paint;
  /** Bytes of scratch memory the draw frame reserves for this stroke once,
   * when it is created (anima_draw_frame_create; zeroed, 16-byte aligned,
   * owned by the frame: never shared between frames or players, so a
   * model may be drawn on several threads). Handed to `build_outline`,
   * which may keep anything there from one build to the next. At most
   * 2^28 bytes (compile_stroke_path refuses more). */
  size_t scratch_size;
  /** Used instead of `build` when set: appends the geometry to `out` as
   * `build` does, given the node's outline as this frame's build made it
   * (`outline`: local units, the path its fill paints and hit testing
   * tests — for a node whose outline changes with values, rebuilt from
   * this frame's values; never NULL, possibly empty) and the stroke's
   * `scratch`. Any node's stroke can so derive its geometry from its
   * current outline without allocating: a trim of a rect whose size is
   * animated. Must not allocate or keep `outline` past the call. */
  anima_status (*build_outline)(const anima_view *view, const void *data,
                                const anima_path *outline, anima_path *out,
                                void *scratch);
} anima_stroke_path_desc;

/* ------------------------------------------------------------------------ */
/* Node behaviours and outline hooks                                         */
/* ------------------------------------------------------------------------ */

/** Flags of a node behaviour. */
enum {
  /** The node has an outline (`outline`): it is painted (fill/stroke),
   * hit, cut by knockouts and usable as a clip or mask source. */
  ANIMA_BEHAVIOUR_OUTLINE = 1u << 0,
  /** The node's children draw inside it (a group with its opacity). */
  ANIMA_BEHAVIOUR_CONTAINER = 1u << 1,
  /** The node draws nothing itself (a bone, a layout box): it keeps its
   * pose and its children, and hits nothing. */
  ANIMA_BEHAVIOUR_DRAWS_NOTHING = 1u << 2,
};

/**
 * What a node type does. The kernel's own types (group, path, circle,
 * rect, arc) are behaviours registered the same way. Exactly one behaviour
 * per node type; a second is a `module-load` error naming both owners.
 */
typedef struct anima_node_behaviour_desc {
  size_t struct_size;
  const char *node_type;
  const char *feature;
  unsigned flags;            /**< ANIMA_BEHAVIOUR_* */
  anima_lifecycle lifecycle; /**< site NODE */
  /** Most outline segments the node can need (sizes storage once). */
  size_t (*max_segments)(const void *data, void *user);
  /** The local outline from the current values (`out` cleared, with
   * max_segments capacity). Shared by drawing and hit testing. */
  anima_status (*outline)(const anima_view *view, const void *data,
                          anima_path *out, void *user);
  /** Natural outline length in closed form (paint chapter "Shared outline
   * lengths": circles 2πr ...); NULL measures the outline. */
  double (*length)(const anima_view *view, const void *data, void *user);
  /**
   * Primitives other than a painted outline (images and meshes; draw
   * frame v2, docs/MODULES.md §8 "Emitted primitives"). NULL `emit`: the
   * node draws only its outline (or nothing).
   *
   * `reserve` is called once per node when a draw frame of the model is
   * created (anima_draw_frame_create), with `*reserve` zeroed and `data`
   * the node's per-model data: it sets the most the node will ever emit
   * (IMAGE items, MESH items, mesh vertices and mesh indices over all its
   * meshes). The frame allocates exactly that, once. NULL `reserve`
   * reserves nothing. More than 65 536 images or meshes, 2^24 vertices or
   * 3·2^24 indices for one node fail frame creation (ANIMA_ERROR_MODULE).
   *
   * `emit` is called for the node on every anima_draw_frame_build, after
   * the values of the step (`view`, as for `outline`), and adds the node's
   * primitives with the host's emit_image and emit_mesh only. They are
   * drawn in the node's local space inside the node's own group: under
   * its matrix, opacity and visibility, its mask and clip and those of its
   * ancestors, after its outline (when it has one) and before its
   * children, in the order emitted. Reserved primitives not emitted in a
   * build are not drawn. Pixels are not copied: they must stay valid
   * until the frame is drawn (per-model data is the usual owner); mesh
   * vertices and indices are copied into the frame.
   *
   * A primitive past the reservation (or an invalid one) is refused by
   * the host call, which writes nothing and returns
   * ANIMA_ERROR_INVALID_ARGUMENT; the build then hides every primitive of
   * the node for that frame and fails with ANIMA_ERROR_MODULE whatever
   * `emit` returns, with a message naming the node and what was refused
   * (anima_draw_frame_error). An error `emit` returns also hides them and
   * is the build's status. `emit` must not allocate (building a frame
   * allocates nothing) and must not keep `emit` past the call.
   */
  void (*reserve)(const void *data, anima_draw_reserve *reserve, void *user);
  anima_status (*emit)(const anima_view *view, const void *data,
                       anima_draw_emit *emit, void *user);
  void *user;
} anima_node_behaviour_desc;

/**
 * A feature's outline for an existing node type (corners on rect; paint's
 * morphing path `d`): used for nodes of documents declaring the feature,
 * where `outline` sets `*handled`; otherwise the behaviour's own outline
 * applies. A hook whose `lifecycle.compile` leaves `*data` NULL for a node
 * does not apply to it at all (the node keeps the behaviour's outline and
 * its cached length, and `outline` is never called for it). One hook per
 * node type and feature (a second is a `module-load` error); hooks of
 * several features on one node type are offered each node in module order,
 * and the first whose compile gives data (or that has no compile) is the
 * node's hook — paint's morphing `d` and skin's deformed path both hook
 * `path`, each for the paths it applies to.
 */
typedef struct anima_outline_hook_desc {
  size_t struct_size;
  const char *node_type;
  const char *feature;
  anima_lifecycle lifecycle; /**< site NODE */
  size_t (*max_segments)(const void *data, void *user);
  anima_status (*outline)(const anima_view *view, const void *data,
                          anima_path *out, bool *handled, void *user);
  double (*length)(const anima_view *view, const void *data, void *user);
  void *user;
} anima_outline_hook_desc;

/* ------------------------------------------------------------------------ */
/* Point deformers (ABI 2.0, appended; SPEC skin "Bind-pose skinning")       */
/* ------------------------------------------------------------------------ */

/*
 * A point deformer moves the control points of geometry another module (or
 * the kernel) owns, before that owner builds its outline from them: skin
 * deforms a contour's vertices and handles, and the contour then rebuilds
 * its rounded corners from the deformed points. The owner of the geometry
 * (a node behaviour such as contour; later mesh) offers its rest points
 * once, at compile (compile_node_deformer), and asks for them deformed
 * whenever it builds its outline or primitives (view_deform_points). The
 * deformer never sees the owner's kind of geometry, only numbered points
 * grouped in anchors, so one deformer serves every owner and a third-party
 * owner or deformer needs nothing else from the kernel.
 *
 * Stage order: the owner asks from its outline or emit callback, i.e. from
 * the values and pose of the finished step (after the rig and pose
 * stages, SPEC §7), so a deformer reading view_world sees solved bones.
 */

/** What a point is to its anchor (the unit a deformer's authored data —
 * skin's `weights` entries — is counted in). */
typedef enum anima_deform_role {
  ANIMA_DEFORM_ANCHOR = 0, /**< the anchor itself (a vertex, an endpoint) */
  ANIMA_DEFORM_IN,         /**< the anchor's incoming control */
  ANIMA_DEFORM_OUT,        /**< the anchor's outgoing control */
} anima_deform_role;

/** One rest point offered to a deformer: node-local, absolute (a control
 * is a position, not a vector relative to its anchor). */
typedef struct anima_deform_point {
  anima_point point;
  size_t anchor; /**< 0-based, < the anchor count */
  anima_deform_role role;
} anima_deform_point;

/**
 * A point deformer (skin). At most one applies to a node: deformers whose
 * feature the document declares are offered the node in module order when
 * its owner calls compile_node_deformer, and the first whose `compile`
 * gives data is the node's. One per name and feature (a second is a
 * `module-load` error).
 */
typedef struct anima_deformer_desc {
  size_t struct_size;
  const char *name; /**< "skin" */
  const char *feature;
  /** Per model: makes `*data` for `site` (the owner's NODE site, passed
   * through) from the node's `count` rest points over `anchors` anchors
   * (valid during the call only), or leaves `*data` NULL when it does not
   * apply to the node. Reports and errors as a lifecycle compile
   * (anima_lifecycle). Required. */
  anima_status (*compile)(anima_compile *compile, const anima_site *site,
                          const anima_deform_point *points, size_t count,
                          size_t anchors, void *user, void **data);
  /** Frees what `compile` allocated itself (may be NULL). */
  void (*release)(void *data, void *user);
  /** Overwrites `points` (the `count` points compiled, in the same order,
   * node-local rest positions on entry) with their deformed positions,
   * node-local, from the values and pose of `view`. Must not allocate; may
   * run on several threads at once for one model. Required. */
  void (*deform)(const anima_view *view, const void *data, anima_point *points,
                 size_t count, void *user);
  void *user;
} anima_deformer_desc;

/* ------------------------------------------------------------------------ */
/* Paint kinds (paint chapter "Gradients")                                   */
/* ------------------------------------------------------------------------ */

/**
 * A paint kind: a fill or stroke object selected by its `type`
 * discriminator ("linear") or by the presence of `key` ("mix"), lowered
 * into a draw-frame paint every build.
 */
typedef struct anima_paint_kind_desc {
  size_t struct_size;
  const char *type; /**< discriminator value, or NULL */
  const char *key;  /**< selecting key, or NULL */
  const char *feature;
  anima_lifecycle lifecycle; /**< site PAINT */
  /** Colour stops the paint needs in the frame's stop table. */
  size_t (*stop_count)(const void *data, void *user);
  /** Fills `paint` (kind, coordinates, transform) and its `stops`. */
  void (*resolve)(const anima_view *view, const void *data,
                  anima_draw_paint *paint, anima_draw_stop *stops, void *user);
  void *user;
} anima_paint_kind_desc;

/* ------------------------------------------------------------------------ */
/* Derived read-only properties                                              */
/* ------------------------------------------------------------------------ */

/** A read-only address (`<id>.world.x`) for snapshots and `expect`; not
 * an animation, binding or guard destination. */
typedef struct anima_derived_property_desc {
  size_t struct_size;
  const char *owner;   /**< "node", "painted" or a node type */
  const char *address; /**< "world.x" */
  const char *feature;
  anima_value_type type;
  bool (*read)(const anima_view *view, size_t node, anima_value *out,
               void *user);
  void *user;
} anima_derived_property_desc;

/* ------------------------------------------------------------------------ */
/* Operations (host calls that are also SPEC §11.2 script commands)          */
/* ------------------------------------------------------------------------ */

/* An operation is a named call with typed arguments that a host (and the
 * CLI's script interpreter, as a SPEC §11.2 command) makes on one player:
 * anima_player_invoke below. It is available to the players of a document
 * whose `requires` declares its feature. The kernel checks and converts the
 * arguments by their kinds before `invoke` runs, so `invoke` sees only
 * well-formed ones; it then acts through `call_step` like a stage hook
 * (writes, inputs, fires, the random source) on the per-player instance of
 * the stage hook it names. */

typedef enum anima_argument_kind {
  ANIMA_ARGUMENT_WORD = 0, /**< one of `options`, or any word when NULL */
  ANIMA_ARGUMENT_NUMBER,   /**< finite number (strtod syntax, whole word) */
  ANIMA_ARGUMENT_BOOL,     /**< true/false */
  ANIMA_ARGUMENT_NODE,     /**< a node id of the model */
  ANIMA_ARGUMENT_INPUT,    /**< an input name of the model */
  ANIMA_ARGUMENT_TEXT,     /**< the rest of the line: every remaining word,
                                joined by one space; only the last argument */
} anima_argument_kind;

/** Most arguments an operation declares (checked at registration). */
#define ANIMA_OPERATION_ARGUMENTS 16

typedef struct anima_argument_desc {
  anima_argument_kind kind;
  const char *name;           /**< for usage lines: "direction" */
  bool optional;              /**< only trailing arguments */
  const char *const *options; /**< WORD: NULL-terminated, or NULL */
} anima_argument_desc;

/** A parsed argument (valid during `invoke` only). */
typedef struct anima_argument {
  anima_argument_kind kind;
  /** The argument as written (every kind; TEXT: the remaining words joined
   * by one space); NULL for an omitted optional argument. */
  const char *word;
  double number; /**< NUMBER; 0 otherwise */
  bool boolean;  /**< BOOL; false otherwise */
  long index;    /**< NODE: node index, INPUT: input index; -1 otherwise */
} anima_argument;

/**
 * An operation. Registration refuses (module-load) a desc without `name`
 * (a word of a-z, 0-9 and '-' starting with a letter), `usage` or
 * `invoke`; a name SPEC §11.2 gives a core script command (advance, set,
 * fire, toggle, pointer, key, motion, snapshot, expect, expect-error,
 * group, end, seed, quit, reload); more than ANIMA_OPERATION_ARGUMENTS
 * arguments; an argument without a name or of an unknown kind; `options`
 * on another kind than WORD; a required argument after an optional one;
 * TEXT other than last.
 */
typedef struct anima_operation_desc {
  size_t struct_size;
  const char *name; /**< script command word: "focus" */
  const char *feature;
  const char *usage;       /**< "focus target <id> | focus clear" */
  const char *description; /**< one sentence */
  const anima_argument_desc *arguments;
  size_t argument_count;
  /** The script steps at 0 after the operation (SPEC §11.2 style). */
  bool step_after;
  /** The stage hook (by name, same module) whose data and per-player
   * instance the operation receives; NULL for none. When the document does
   * not use that hook (its feature is not declared), the operation is not
   * available (ANIMA_OPERATION_UNDECLARED). */
  const char *instance_of;
  /** Runs the operation. `arguments` holds `count` = argument_count
   * entries, omitted optional ones with word NULL. Returns ANIMA_OK, or an
   * error (reported with call_report; an error without a report gets an
   * `operation-failed` diagnostic). */
  anima_status (*invoke)(anima_operation_call *call, const void *data,
                         void *instance, const anima_argument *arguments,
                         size_t count, void *user);
  void *user;
} anima_operation_desc;

/* ------------------------------------------------------------------------ */
/* The draw description a module gives a node at compile time                */
/* ------------------------------------------------------------------------ */

/** A mask a node takes (composite "Source masks"; knockouts). */
typedef struct anima_node_mask_desc {
  size_t struct_size;
  size_t source;        /**< node index of the mask source */
  anima_mask_mode mode; /**< alpha, luminance, inverted ... */
  bool source_draws;    /**< false hides the source's own drawing */
  const char *pointer;  /**< for diagnostics (unsupported-render) */
} anima_node_mask_desc;

/** A clip a node takes (composite "Geometry clips"). */
typedef struct anima_node_clip_desc {
  size_t struct_size;
  size_t source; /**< node index of a node with an outline */
  anima_fill_rule rule;
  const char *pointer;
} anima_node_clip_desc;

/**
 * A compositor a module gives a node's group or one of its layers (host
 * member compile_blend; mix "Additive blend and strength", "Per-paint blend
 * override"; draw.h anima_draw_group, anima_draw_layer `blend`).
 */
typedef struct anima_blend_desc {
  size_t struct_size;
  size_t node; /**< node index */
  /** -1: the node's group, as compile_node_blend gives it. Else one of the
   * node's layers, by its position in drawing order: its ordered paints
   * (compile_node_paints, which must come first), else its fill then its
   * stroke, whichever it has. */
  long layer;
  anima_blend_mode mode;
  /** ADDITIVE: the slot of the amount, 0..1 (a group's `strength`, a
   * layer's `blend_amount`), read every build; -1 for 1. */
  long amount_slot;
  /** The JSON pointer of the member that chose the mode ("/nodes/0/mix",
   * "/nodes/0/fill/blend"), copied; `unsupported-render` points there.
   * NULL: the node's pointer (ADDITIVE groups), its "/blend" (other
   * groups), or the layer's paint object. */
  const char *pointer;
} anima_blend_desc;

/** One entry of a node's ordered paints (composite "Ordered paints"). */
typedef struct anima_node_paint_desc {
  size_t struct_size;
  bool stroke;            /**< a stroke, else a fill */
  const anima_json *json; /**< the fill/stroke object (its kind and fields
                              are compiled like a single fill/stroke) */
  const char *pointer;
  /** Slot prefix of its addresses: "paints.2.stroke", "fill" */
  const char *address;
  /** ABI 2.0, appended: the slot of the paint's own visibility (a hold-only
   * boolean: composite `visible`), or -1 for always visible. A desc whose
   * struct_size stops before this member counts as -1. */
  long visible_slot;
  /** Strokes: where the stroke lies (draw.h anima_stroke_placement;
   * composite "Stroke placement"); CENTER for fills. */
  anima_stroke_placement placement;
} anima_node_paint_desc;

/* ------------------------------------------------------------------------ */
/* The module descriptor                                                     */
/* ------------------------------------------------------------------------ */

/**
 * ABI 2.0, appended: one machine layer as the host's compile_layer
 * describes it. Strings are model-owned (valid as long as the model).
 */
typedef struct anima_machine_layer_info {
  size_t struct_size; /**< sizeof, set by the caller */
  /** The layer's name: its key in the default machine, "<machine>/<layer>"
   * in a named machine (the name its events carry). */
  const char *name;
  /** The JSON pointer of the layer object: "/machine/layers/<layer>" or
   * "/machines/<machine>/layers/<layer>" (tokens escaped per RFC 6901);
   * its states are at pointer + "/states/<state>". */
  const char *pointer;
  /** -1 for the default machine, else the named machine's index. */
  long machine;
  /** Its states: absolute indices first_state .. first_state +
   * state_count − 1, in document order, `initial` among them. */
  size_t first_state, state_count, initial;
} anima_machine_layer_info;

typedef struct anima_host anima_host;

typedef struct anima_module_info {
  size_t struct_size;          /**< sizeof(anima_module_info) at build time */
  unsigned abi_major;          /**< ANIMA_MODULE_ABI_MAJOR at build time */
  unsigned abi_minor;          /**< ANIMA_MODULE_ABI_MINOR at build time */
  const char *name;            /**< "corners": file anima-corners.so, symbol
                                    anima_module_corners_info */
  const char *version;         /**< the module's own version, "1.0.0" */
  const char *license;         /**< SPDX expression, "MIT" */
  const char *origin;          /**< who ships it: a URL or vendor */
  const char *description;     /**< one sentence */
  const char *const *features; /**< features provided, NULL-terminated */
  const char *const *depends;  /**< features needed, NULL-terminated or NULL */
  const char *const *after;    /**< features whose hooks run before this
                                    module's within a stage (no load
                                    dependency), NULL-terminated or NULL */
  /** Registers everything through `host`; returns ANIMA_OK or an error
   * (then everything registered is rolled back). */
  anima_status (*init)(const anima_host *host, anima_registrar *registrar);
} anima_module_info;

#if defined(__GNUC__)
#define ANIMA_MODULE_EXPORT __attribute__((visibility("default")))
#else
#define ANIMA_MODULE_EXPORT
#endif

/**
 * Defines the descriptor of module `name` (an identifier: the module name
 * with '-' spelt '_'), e.g.
 *
 *     ANIMA_MODULE_DEFINE(corners, .name = "corners", .version = "1.0.0",
 *                         .features = corners_features, .init = init);
 *
 * Statically linked, the same object is passed to
 * anima_runtime_add_static_module(runtime, &anima_module_corners_info, d).
 */
#define ANIMA_MODULE_DEFINE(identifier, ...)                                   \
  ANIMA_MODULE_EXPORT const anima_module_info                                  \
      anima_module_##identifier##_info = {.struct_size =                       \
                                              sizeof(anima_module_info),       \
                                          .abi_major = ANIMA_MODULE_ABI_MAJOR, \
                                          .abi_minor = ANIMA_MODULE_ABI_MINOR, \
                                          __VA_ARGS__}

/**
 * Declares the descriptor of a module linked into the program, for
 * anima_runtime_add_static_module, e.g.
 *
 *     ANIMA_MODULE_DECLARE(corners);
 *     anima_runtime_add_static_module(runtime, &anima_module_corners_info, d);
 */
#define ANIMA_MODULE_DECLARE(identifier)                                       \
  extern const anima_module_info anima_module_##identifier##_info

/* ------------------------------------------------------------------------ */
/* The host table                                                            */
/* ------------------------------------------------------------------------ */

/**
 * A matrix as position, rotation, scales and skew about a pivot (rig
 * chapter "Constraint fields and evaluation"; docs/DECISIONS.md): with
 * the linear part M = R(rotate) · [[scale_x, skew], [0, scale_y]] (a QR
 * decomposition: scale_x ≥ 0, scale_y signed), the matrix is the one that
 * maps the pivot to (x, y). Solver blending interpolates these parts.
 */
typedef struct anima_transform_parts {
  double x, y;   /**< where the pivot lands (grid units) */
  double rotate; /**< degrees clockwise, in [-180, 180) */
  double scale_x, scale_y;
  double skew; /**< upper-right entry of the triangular factor */
} anima_transform_parts;

/** JSON types as the host reports them. */
typedef enum anima_json_type {
  ANIMA_JSON_NULL = 0,
  ANIMA_JSON_BOOL,
  ANIMA_JSON_NUMBER,
  ANIMA_JSON_STRING,
  ANIMA_JSON_ARRAY,
  ANIMA_JSON_OBJECT,
} anima_json_type;

/**
 * Everything the kernel offers a module. Append-only: members are only
 * ever added at the end, with a minor ABI bump; `struct_size` is the size
 * the kernel was built with, so a module may test for a newer member with
 * ANIMA_HOST_HAS(host, member). Every function is safe to call with the
 * contexts given to the callback that received them, and only then.
 */
struct anima_host {
  size_t struct_size;
  unsigned abi_major, abi_minor;

  /* --- registration (only inside init) ---------------------------------
   * Each returns ANIMA_OK, ANIMA_ERROR_INVALID_ARGUMENT (a malformed or
   * duplicate entry: the registrar records a message naming both owners)
   * or ANIMA_ERROR_NO_MEMORY. Strings must outlive the runtime (literals
   * or the module's static data). An entry without `feature` gets the
   * module's first feature. */
  anima_status (*add_kind)(anima_registrar *r, const anima_kind_desc *desc);
  anima_status (*add_field)(anima_registrar *r, const anima_field_desc *desc);
  anima_status (*add_property)(anima_registrar *r,
                               const anima_property_desc *desc);
  anima_status (*add_code)(anima_registrar *r, const anima_code_desc *desc);
  anima_status (*add_foreign_name)(anima_registrar *r,
                                   const anima_foreign_name_desc *desc);
  anima_status (*add_check)(anima_registrar *r, const anima_check_desc *desc);
  anima_status (*add_stage_hook)(anima_registrar *r,
                                 const anima_stage_hook_desc *desc);
  anima_status (*add_state_kind)(anima_registrar *r,
                                 const anima_state_kind_desc *desc);
  anima_status (*add_term_kind)(anima_registrar *r,
                                const anima_term_kind_desc *desc);
  anima_status (*add_ease_kind)(anima_registrar *r,
                                const anima_ease_kind_desc *desc);
  anima_status (*add_action_kind)(anima_registrar *r,
                                  const anima_action_kind_desc *desc);
  /** `id` receives the type's anima_value_type (may be NULL). */
  anima_status (*add_value_type)(anima_registrar *r,
                                 const anima_value_type_desc *desc,
                                 anima_value_type *id);
  anima_status (*add_solver_kind)(anima_registrar *r,
                                  const anima_solver_kind_desc *desc);
  anima_status (*add_node_behaviour)(anima_registrar *r,
                                     const anima_node_behaviour_desc *desc);
  anima_status (*add_outline_hook)(anima_registrar *r,
                                   const anima_outline_hook_desc *desc);
  anima_status (*add_paint_kind)(anima_registrar *r,
                                 const anima_paint_kind_desc *desc);
  anima_status (*add_derived_property)(anima_registrar *r,
                                       const anima_derived_property_desc *desc);
  anima_status (*add_operation)(anima_registrar *r,
                                const anima_operation_desc *desc);
  /** The registry being extended (lookups during init). */
  const anima_registry *(*registry)(anima_registrar *r);

  /* --- JSON (checks and compile) --------------------------------------- */
  anima_json_type (*json_type)(const anima_json *value);
  bool (*json_bool)(const anima_json *value);
  double (*json_number)(const anima_json *value);
  /** NUL-terminated; `length` (may be NULL) receives the byte count. */
  const char *(*json_string)(const anima_json *value, size_t *length);
  size_t (*json_size)(const anima_json *value); /**< array/object size */
  const anima_json *(*json_item)(const anima_json *array, size_t index);
  const anima_json *(*json_member)(const anima_json *object, const char *key);
  /** Object members in document order. */
  const char *(*json_key_at)(const anima_json *object, size_t index);
  const anima_json *(*json_value_at)(const anima_json *object, size_t index);

  /* --- checks ------------------------------------------------------------ */
  const anima_json *(*check_document)(anima_check *c);
  /** Nodes in document pre-order: count, JSON, pointer, index by id. */
  size_t (*check_node_count)(anima_check *c);
  const anima_json *(*check_node)(anima_check *c, size_t node,
                                  const char **pointer);
  long (*check_find_node)(anima_check *c, const char *id);
  bool (*check_requires)(anima_check *c, const char *feature);
  /** Appends a diagnostic (`code` registered; printf-style message). */
  void (*check_report)(anima_check *c, const char *code,
                       anima_severity severity, const char *pointer,
                       const char *hint, const char *format, ...)
      ANIMA_PRINTF(6, 7);

  /* --- compile ----------------------------------------------------------- */
  const anima_json *(*compile_document)(anima_compile *c);
  /** Zeroed memory owned by the model (16-byte aligned); NULL on OOM. */
  void *(*compile_alloc)(anima_compile *c, size_t size);
  const char *(*compile_string)(anima_compile *c, const char *text);
  size_t (*compile_node_count)(anima_compile *c);
  long (*compile_find_node)(anima_compile *c, const char *id);
  const char *(*compile_node_id)(anima_compile *c, size_t node);
  const char *(*compile_node_type)(anima_compile *c, size_t node);
  long (*compile_node_parent)(anima_compile *c, size_t node);
  const anima_json *(*compile_node_json)(anima_compile *c, size_t node);
  /** Slot of `address` (suffix: "stroke.width", "constraints.0.strength")
   * on `node`, or -1 when the node has no such property. */
  long (*compile_find_slot)(anima_compile *c, size_t node, const char *address);
  long (*compile_find_input)(anima_compile *c, const char *name);
  anima_input_type (*compile_input_type)(anima_compile *c, size_t input);
  bool (*compile_requires)(anima_compile *c, const char *feature);
  /** A model-owned event name (for step_report). */
  const char *(*compile_event_name)(anima_compile *c, const char *name);
  /** State kinds: slot `slot` belongs to S(state) of the state compiled. */
  anima_status (*compile_state_writes)(anima_compile *c, size_t slot);
  /** Draw description of `node` (docs/MODULES.md "Lowering"). */
  anima_status (*compile_node_blend)(anima_compile *c, size_t node,
                                     anima_blend_mode mode, long strength_slot);
  anima_status (*compile_node_mask)(anima_compile *c, size_t node,
                                    const anima_node_mask_desc *mask);
  anima_status (*compile_node_clip)(anima_compile *c, size_t node,
                                    const anima_node_clip_desc *clip);
  /** Replaces the node's fill/stroke by ordered paints (before any layer
   * compositor of compile_blend: refused after one). */
  anima_status (*compile_node_paints)(anima_compile *c, size_t node,
                                      const anima_node_paint_desc *paints,
                                      size_t count);
  /** Reports a load error from compile (e.g. rig-cycle). */
  void (*compile_report)(anima_compile *c, const char *code,
                         const char *pointer, const char *hint,
                         const char *format, ...) ANIMA_PRINTF(5, 6);

  /* --- value parsing (value types) ------------------------------------- */
  void *(*value_alloc)(anima_value_context *v, size_t size);
  const char *(*value_string)(anima_value_context *v, const char *text);
  long (*value_find_node)(anima_value_context *v, const char *id);
  const char *(*value_pointer)(anima_value_context *v);
  void (*value_report)(anima_value_context *v, const char *code,
                       const char *hint, const char *format, ...)
      ANIMA_PRINTF(4, 5);

  /* --- condition terms --------------------------------------------------- */
  void *(*term_alloc)(anima_term_context *t, size_t size);
  /** Index of input `name` (and its type), or -1 when undeclared. */
  long (*term_input)(anima_term_context *t, const char *name,
                     anima_input_type *type);
  void (*term_report)(anima_term_context *t, const char *code, const char *hint,
                      const char *format, ...) ANIMA_PRINTF(4, 5);

  /* --- step ------------------------------------------------------------- */
  double (*step_dt)(anima_step *s);
  double (*step_time)(anima_step *s);
  const anima_value *(*step_value)(anima_step *s, size_t slot);
  double (*step_number)(anima_step *s, size_t slot, double fallback);
  /** Writes a slot (same type as the slot; VECTOR copied into the slot's
   * cell), clamped to the property's range. A NaN number is ignored (the
   * slot keeps its value), and so is an infinity unless the property has
   * a finite bound on that side, which it then takes: no slot holds a
   * non-finite number, whatever a module computes (SPEC §7 stage 4;
   * docs/DECISIONS.md "Robust geometry"). */
  void (*step_write)(anima_step *s, size_t slot, const anima_value *value);
  void (*step_write_number)(anima_step *s, size_t slot, double value);
  /** An input's applied value (a trigger: bool, pending). */
  anima_value (*step_input)(anima_step *s, size_t input);
  /** Immediate input writes (INPUTS stage: derived inputs), clamped. */
  void (*step_set_input)(anima_step *s, size_t input, const anima_value *value);
  /** Queues a fire for the next step (actions run at stage 1). */
  void (*step_fire)(anima_step *s, size_t input);
  /** The pose (one per player per step): local and world matrices. */
  anima_matrix (*step_local)(anima_step *s, size_t node);
  anima_matrix (*step_world)(anima_step *s, size_t node);
  /** Replaces a node's local matrix (layout, solvers); worlds of its
   * subtree follow. */
  void (*step_set_local)(anima_step *s, size_t node, anima_matrix local);
  /** The player's deterministic random source (machine chapter):
   * seed = 1664525·seed + 1013904223 mod 2^32; returns seed / 2^32. */
  double (*step_random)(anima_step *s);
  /** Reports an event (name model-owned; layer -1 for null). */
  void (*step_report)(anima_step *s, const char *name, long layer, double time);
  /** POSE stage: run the solvers exactly once more. */
  void (*step_request_solve)(anima_step *s);
  /** Sibling paint order of `parent`'s children (-1: top level) as
   * positions of the authored child list; composite's draw order. */
  void (*step_set_child_order)(anima_step *s, long parent, const size_t *order,
                               size_t count);
  size_t (*step_layer_state)(anima_step *s, size_t layer);
  double (*step_state_time)(anima_step *s, size_t layer);
  bool (*step_reduced_motion)(anima_step *s);
  /** The data and instance of another desc of a loaded module (by
   * feature and stage hook name), to share per-player state; false when
   * the document does not use it. */
  bool (*step_hook_instance)(anima_step *s, const char *feature,
                             const char *name, const void **data,
                             void **instance);

  /* --- state output ----------------------------------------------------- */
  void (*output_write)(anima_state_output *o, size_t slot,
                       const anima_value *value);
  /** The base output of the state (its pose or timeline sample). */
  void (*output_base)(anima_state_output *o);

  /* --- view (drawing, hit testing, derived properties) ------------------ */
  const anima_value *(*view_value)(const anima_view *v, size_t slot);
  double (*view_number)(const anima_view *v, size_t slot, double fallback);
  anima_matrix (*view_local)(const anima_view *v, size_t node);
  anima_matrix (*view_world)(const anima_view *v, size_t node);
  /** A draw colour for a colour slot value (slots, currentColor). */
  anima_draw_color (*view_color)(const anima_view *v, size_t slot);

  /* --- operations -------------------------------------------------------- */
  /** The player's step context during the call (step_dt 0, no stage):
   * writes, inputs, fires, events, the pose and the random source act as
   * in a stage hook. Valid until `invoke` returns. */
  anima_step *(*call_step)(anima_operation_call *call);
  /** Reports an error of the call (a diagnostic with `code`, `hint` (may be
   * NULL) and a printf-style message, severity error, pointer ""); the
   * call then fails (anima_player_invoke). */
  void (*call_report)(anima_operation_call *call, const char *code,
                      const char *hint, const char *format, ...)
      ANIMA_PRINTF(4, 5);

  /* --- geometry (path.h) ------------------------------------------------ */
  anima_status (*path_move_to)(anima_path *path, double x, double y);
  anima_status (*path_line_to)(anima_path *path, double x, double y);
  anima_status (*path_cubic_to)(anima_path *path, double x1, double y1,
                                double x2, double y2, double x, double y);
  anima_status (*path_close)(anima_path *path);
  anima_status (*path_append)(anima_path *path, const anima_path *other);
  /** anima_path_parse: `out` owns its storage (free with path_release). */
  anima_status (*path_parse)(const char *data, size_t length, anima_path *out,
                             anima_path_error *error);
  void (*path_release)(anima_path *path);
  double (*path_length)(const anima_path *path);
  anima_matrix (*matrix_multiply)(anima_matrix left, anima_matrix right);
  bool (*matrix_invert)(anima_matrix matrix, anima_matrix *out);
  anima_point (*matrix_transform_point)(anima_matrix matrix, anima_point point);

  /* --- text ------------------------------------------------------------- */
  /** `buffer` holds ANIMA_FORMAT_CAPACITY bytes (format.h). */
  size_t (*format_number)(double value, char *buffer);
  size_t (*format_color)(anima_color color, char *buffer);
  bool (*parse_color)(const char *text, anima_color *out);
  const char *(*closest_name)(const char *word, const char *const *candidates,
                              size_t count);

  /* --- compile: slots whose rest depends on other values (ABI 2.0) ------
   * For paint kinds, whose sites compile after the timelines and the
   * machine (paint chapter: a radial gradient's omitted focal point). */
  /** True when a track or pose of the document writes `slot`. */
  bool (*compile_slot_animated)(anima_compile *c, size_t slot);
  /** Sets the rest value of `slot` (numbers, colours and booleans only:
   * the slot's own type) where the document omits the property and its
   * rest is another document value. ANIMA_ERROR_INVALID_ARGUMENT for a
   * slot out of range or a value of another type. */
  anima_status (*compile_set_rest)(anima_compile *c, size_t slot,
                                   const anima_value *rest);

  /* --- geometry, appended (ABI 2.0) ------------------------------------- */
  /** anima_path_arc_to (path.h): SVG's `A` from the current point, as path
   * data converts arcs (SPEC §3). */
  anima_status (*path_arc_to)(anima_path *path, double rx, double ry,
                              double rotation, bool large_arc, bool sweep,
                              double x, double y);

  /* --- transforms, appended (ABI 2.0) ----------------------------------- */
  /** Decomposes `matrix` about `pivot` (anima_transform_parts): a zero X
   * axis takes its angle from the Y axis (rotate − 90° of it), scale_x 0
   * and skew 0. Non-finite entries give zero parts. */
  anima_transform_parts (*matrix_decompose)(anima_matrix matrix,
                                            anima_point pivot);
  /** The matrix of `parts` about `pivot` (the inverse of matrix_decompose
   * up to rounding). */
  anima_matrix (*matrix_compose)(const anima_transform_parts *parts,
                                 anima_point pivot);
  /** The `pivot` of `node` (SPEC §4, default (0, 0)): the point a node's
   * position is decomposed about (derived world.x ...). */
  anima_point (*view_pivot)(const anima_view *v, size_t node);

  /* --- registration, appended (ABI 2.0) -------------------------------- */
  /** A property mount (registry.h anima_property_mount_desc): the
   * properties under `source` also exist under `prefix`, whenever they are
   * registered. Errors as the other registrations. */
  anima_status (*add_property_mount)(anima_registrar *r,
                                     const anima_property_mount_desc *desc);

  /* --- draw emission, appended (ABI 2.0): node behaviours' `emit` -------
   * Only inside `emit`, with the `e` it was given, within what the node's
   * `reserve` declared (anima_node_behaviour_desc). Each returns
   * ANIMA_ERROR_INVALID_ARGUMENT, writing nothing, past the reservation
   * or for pixels without data or size (draw.h anima_draw_pixels: width
   * and height 1..65535, stride >= 4·width), a non-finite number, an
   * unknown sampling or wrap, an index past `vertex_count` or an index
   * count that is not a multiple of 3; any refusal fails the build
   * (ANIMA_ERROR_MODULE) and hides the node's primitives for that frame. */
  /** Adds an IMAGE item (draw.h anima_draw_image, copied; its pixels are
   * referenced, not copied). */
  anima_status (*emit_image)(anima_draw_emit *e, const anima_draw_image *image);
  /** Adds a MESH item: `vertex_count` vertices and `index_count` indices
   * (3 per triangle, relative to this mesh's first vertex), both copied
   * into the frame's tables, textured by `pixels` (referenced). */
  anima_status (*emit_mesh)(anima_draw_emit *e, const anima_draw_pixels *pixels,
                            anima_image_sampling sampling,
                            const anima_draw_vertex *vertices,
                            size_t vertex_count, const uint32_t *indices,
                            size_t index_count);

  /* --- compile: fill geometry, appended (ABI 2.0) ---------------------- */
  /** The geometry `node`'s own fill paints instead of its outline (contour
   * `fill.winding: "clockwise"`: the positive-winding region as
   * trapezoids), filled with the nonzero rule by drawing, masks and hit
   * testing; strokes, lengths, clips and listener padding keep the outline.
   * `path` (local units) must stay valid and unchanged for the model's life
   * (compile_alloc memory). ANIMA_ERROR_INVALID_ARGUMENT for a node out of
   * range, a NULL path or a node without a fill. */
  anima_status (*compile_fill_path)(anima_compile *c, size_t node,
                                    const anima_path *path);

  /* --- checks: the path-complexity budget, appended (ABI 2.0) ----------
   * Adds `segments` outline segments that a node draws to the document's
   * path-complexity budget (ANIMA_PATH_SEGMENT_LIMIT, 4 096 per document,
   * shared with the path nodes' `d` and glyphs; docs/DECISIONS.md "The
   * path-complexity budget"). A node behaviour's check counts the most
   * segments each of its nodes can draw (animatable counts at their largest
   * key or pose value). The count that first crosses the budget is
   * reported once, `limit-exceeded` at `pointer` (the node). Test with
   * ANIMA_HOST_HAS(host, check_count_segments). */
  void (*check_count_segments)(anima_check *c, const char *pointer,
                               size_t segments);

  /* --- compile: stroke geometry, appended (ABI 2.0) -------------------- */
  /** What `node`'s own stroke (or, with desc->ordered, an entry of its
   * ordered paints) draws instead of its outline: `desc` (copied; its
   * `data` must outlive the model) builds it every frame into storage of
   * the frame (draw.h anima_draw_stroke.path). The geometry already holds
   * the stroke's trims and dashes: that stroke's legacy trim and dash keys
   * are not applied to it. Fills, lengths, clips, hit testing and listener
   * padding keep the outline. ANIMA_ERROR_INVALID_ARGUMENT for a node out
   * of range, a NULL desc, neither build nor build_outline, a node without
   * a stroke (own) or an entry it lacks or that is a fill (ordered). */
  anima_status (*compile_stroke_path)(anima_compile *c, size_t node,
                                      const anima_stroke_path_desc *desc);

  /* --- view: slots by address, appended (ABI 2.0) ----------------------
   * For readers that get no per-model data (derived properties): the slot
   * of the concrete address suffix `address` ("length", "stroke.width",
   * "constraints.0.strength") on `node`, or -1 when the node has no such
   * property (or `node` is out of range, or `address` NULL). Read its
   * value with view_value / view_number. Allocates nothing; it searches
   * the registry and the node's slots, so call it when reading a value,
   * not per pixel. The rig module's `<bone>.tip.x` reads the bone's
   * current `length` this way (rig chapter). Test with
   * ANIMA_HOST_HAS(host, view_find_slot). */
  long (*view_find_slot)(const anima_view *v, size_t node, const char *address);

  /* --- compile: compositors of groups and layers, appended (ABI 2.0) ----
   * Sets the compositor of `desc->node`'s group (layer -1, replacing what
   * compile_node_blend or an earlier call set) or of one of its layers
   * (anima_blend_desc), with the pointer diagnostics name. A layer blend
   * other than NORMAL makes the backends draw that layer as a layer of its
   * own (draw.h anima_draw_layer `blend`). ANIMA_ERROR_INVALID_ARGUMENT
   * for a NULL or short desc, a node out of range, a mode out of
   * anima_blend_mode, a slot not of the model or a layer the node does not
   * have; ANIMA_ERROR_NO_MEMORY. Test with ANIMA_HOST_HAS(host,
   * compile_blend). */
  anima_status (*compile_blend)(anima_compile *c, const anima_blend_desc *desc);

  /* --- expressions and bound slots, appended (ABI 2.0; SPEC bind) ------ */
  /** Registers an expression kind (anima_expression_kind_desc). */
  anima_status (*add_expression_kind)(anima_registrar *r,
                                      const anima_expression_kind_desc *desc);
  /** Checks an animatable address ("ring.stroke.trimEnd", as tracks and
   * poses name them) at `pointer`, reporting what a track would get:
   * unknown-address, not-animatable, undeclared-feature (and
   * color-slot-animated for a colour whose document value is not a hex
   * literal). Returns true and the property's value type in `*type` (may
   * be NULL) when the address may be written. */
  bool (*check_address)(anima_check *c, const char *pointer,
                        const char *address, anima_value_type *type);
  /** The index of input `name` (and its type in `*type`, may be NULL), or
   * -1 when the document declares none; a found input counts as used
   * (no `unused-input` warning). Runs before the unused-input check. */
  long (*check_input)(anima_check *c, const char *name, anima_input_type *type);
  /** The slot of the animatable address `address` (valid: check_address),
   * or -1, with its value type in `*type` (may be NULL). The slot becomes
   * *bound*: a stage hook writes it every step (SPEC bind property
   * bindings), so it rests like an animated slot (reset to its rest value
   * before the layers write each step), appears in default snapshots and
   * is listed as bound by introspection (anima_property_info.bound). */
  long (*compile_bind_address)(anima_compile *c, const char *address,
                               anima_value_type *type);

  /* --- the step: outlines, appended (ABI 2.0) ---------------------------
   * Node `node`'s local outline from the step's current values — what the
   * draw frame would draw for it now (its behaviour's outline, a feature's
   * outline hook such as a morphing path `d` or rect corners), in its own
   * space, not transformed. NULL for a node without an outline (a group, a
   * bone, a node out of range) or when the builder fails. The path is the
   * player's (storage sized at player creation for the model's largest
   * outline, so the call allocates nothing) and valid until the next call
   * on the same player; copy what must outlive it. For solvers measuring
   * a target's outline (pathfollow's alongPath; SPEC pathfollow). Test
   * with ANIMA_HOST_HAS(host, step_outline). */
  const anima_path *(*step_outline)(anima_step *s, size_t node);
  /** The per-model data of the outline hook that applies to `node` (NULL
   * when none does, or `node` is out of range), with the hook's registered
   * desc in `*desc` (may be NULL): a derived property's reader finds its
   * module's per-node data this way, recognising its hook by
   * `(*desc)->outline`. Test with ANIMA_HOST_HAS(host, view_outline_hook). */
  const void *(*view_outline_hook)(const anima_view *v, size_t node,
                                   const anima_outline_hook_desc **desc);

  /* --- transition hooks and queued action blocks, appended (ABI 2.0;
   * machine chapter). Test with ANIMA_HOST_HAS(host, step_queue_block). */
  /** Registers a transition hook (anima_transition_hook_desc). */
  anima_status (*add_transition_hook)(anima_registrar *r,
                                      const anima_transition_hook_desc *desc);
  /** State output: writes the layer's transition snapshot F (SPEC §7 (a):
   * its output frozen when the current state was entered) as constant
   * values, for every address F holds. The machine's exit state retains
   * the outgoing state's samples this way. Nothing before a transition. */
  void (*output_snapshot)(anima_state_output *o);
  /** Checks `object` (at `pointer`) as an action block: the listener
   * action keys fire/set/toggle/emit (SPEC §9; expression sets need an
   * expression kind, SPEC bind), reporting as a listener's keys. */
  void (*check_action_block)(anima_check *c, const anima_json *object,
                             const char *pointer);
  /** Compiles a checked action block into the model; `*block` receives
   * its handle for step_queue_block. ANIMA_ERROR_INVALID_DOCUMENT for a
   * block that does not compile, ANIMA_ERROR_NO_MEMORY. */
  anima_status (*compile_action_block)(anima_compile *c,
                                       const anima_json *object,
                                       const char *pointer, size_t *block);
  /** Queues block `block` as one listener-style action for the next
   * step's input stage (SPEC §7 stage 1): one pre-action snapshot for its
   * expression sets, then its writes in key order; its emits report with
   * layer null. Allocates nothing: each player's queue has room for every
   * block 16 transitions per layer per step can queue. */
  void (*step_queue_block)(anima_step *s, size_t block);

  /* --- compile: a node's outline, appended (ABI 2.0) -------------------
   * What the draw build strokes and fills for `node`, for a module that
   * derives geometry from it (compile_stroke_path): returns the outline
   * when it never changes with values (a path node's `d` without a
   * morphing hook, text glyphs; model-owned, the very path every frame
   * uses), else NULL — it is rebuilt from the values every frame (rect,
   * circle, a morphing `d`, a module's node type) and reaches
   * build_outline then. `*max_segments` (may be NULL) receives the most
   * segments the outline can have (0 for a node without an outline).
   * Valid after the node behaviours compiled: from stage hooks' compile
   * on. Test with ANIMA_HOST_HAS(host, compile_node_outline). */
  const anima_path *(*compile_node_outline)(anima_compile *c, size_t node,
                                            size_t *max_segments);

  /* --- crossfade rules, appended (ABI 2.0; SPEC motion) ---------------- */
  /** Registers a crossfade rule (anima_crossfade_rule_desc). */
  anima_status (*add_crossfade_rule)(anima_registrar *r,
                                     const anima_crossfade_rule_desc *desc);

  /* --- clocks, appended (ABI 2.0; SPEC motion "Timeline clock") -------- */
  /** Registers a clock (anima_clock_desc). */
  anima_status (*add_clock)(anima_registrar *r, const anima_clock_desc *desc);
  /** The clock that owns layer `layer`'s current state (NULL when the
   * kernel's clock does, or `layer` is out of range), with its per-model
   * data in `*data` (may be NULL) and its per-player instance returned
   * (NULL when it has none): a transition hook reads the clock of the
   * state it leaves this way. */
  void *(*step_layer_clock)(anima_step *s, size_t layer,
                            const anima_clock_desc **desc, const void **data);

  /* --- timelines sampled by modules, appended (ABI 2.0; SPEC posepad) ---
   * A module that maps a control onto a timeline's whole duration (a pose
   * pad) samples it itself, without a clock. Test with
   * ANIMA_HOST_HAS(host, step_sample_timeline). */
  /** The index of the document's timeline `name` (and its duration in
   * seconds in `*duration`, may be NULL), or -1 when there is none. Valid
   * once the timelines compiled: from stage hooks' compile on. */
  long (*compile_find_timeline)(anima_compile *c, const char *name,
                                double *duration);
  /** Writes every track of timeline `timeline` sampled at `time` seconds
   * (clamped to 0..duration; SPEC §5 sampling: eases, module value types,
   * hold) into its slot as step_write does (clamped to the property's
   * range; a transform moves the node's pose). It plays no clock, reports
   * no timeline event and allocates nothing. A timeline out of range or a
   * non-finite time writes nothing. */
  void (*step_sample_timeline)(anima_step *s, size_t timeline, double time);

  /* --- expressions outside actions, appended (ABI 2.0; SPEC bind's
   * grammar for other modules: motion's `time:`). Test with
   * ANIMA_HOST_HAS(host, step_expression). */
  /** Checks `text` at `pointer` as an expression of the expression kind
   * of a declared feature (anima_expression_kind_desc.check, as for an
   * action set value: its codes, e.g. bind-syntax) producing a value of
   * `type`, named `target` in messages. When only undeclared features
   * have expression kinds it reports `undeclared-feature` at `pointer`
   * (hint: add the feature). Returns false when no loaded module has an
   * expression kind (nothing reported). */
  bool (*check_expression)(anima_check *c, const char *pointer,
                           const char *text, const char *target,
                           anima_input_type type);
  /** Compiles a checked `text` with the declared expression kind into
   * `*expression`, an opaque model-owned handle for step_expression.
   * ANIMA_ERROR_INVALID_DOCUMENT when it does not compile (reported at
   * `pointer`) or no declared feature has an expression kind. */
  anima_status (*compile_expression)(anima_compile *c, const char *pointer,
                                     const char *text, anima_input_type type,
                                     const void **expression);
  /** Evaluates a compiled expression against the player's current input
   * values (a number, a bool as 0/1). Allocates nothing. */
  double (*step_expression)(anima_step *s, const void *expression);

  /* --- several timelines in one state, appended (ABI 2.0; machine chapter
   * "Blends and bound data"). A state kind samples any timeline of the
   * model into its output, as a blend state samples its children
   * (compile_find_timeline above gives a timeline's index). Test with
   * ANIMA_HOST_HAS(host, output_mix). */
  /** Compile: timeline `timeline`'s description (duration, loop mode,
   * reducedMotion; strings owned by the model) in `*info`; find the index
   * with compile_find_timeline. ANIMA_ERROR_INVALID_ARGUMENT for a
   * timeline out of range or a NULL `info`. */
  anima_status (*compile_timeline_info)(anima_compile *c, size_t timeline,
                                        anima_timeline_info *info);
  /** State kinds' compile: every slot written by a track of timeline
   * `timeline` belongs to S(state) of the state compiled, as if each was
   * declared with compile_state_writes. ANIMA_ERROR_INVALID_ARGUMENT for a
   * timeline out of range or outside a state kind's compile;
   * ANIMA_ERROR_NO_MEMORY. */
  anima_status (*compile_state_writes_timeline)(anima_compile *c,
                                                size_t timeline);
  /** SPEC §5 local time of timeline `timeline` played for `played` seconds
   * (≥ 0), folded by its loop mode (once: min(τ, d); loop; pingpong); 0 for
   * a timeline out of range. Allocates nothing. */
  double (*step_timeline_local)(anima_step *s, size_t timeline, double played);
  /** State output: mixes timeline `timeline` sampled at local time `local`
   * (timeline seconds, as step_timeline_local gives) into the output with
   * weight `weight`, for every slot of S(state): out = lerp(acc, sample, w)
   * with SPEC §7's lerp (numbers and colours interpolate, booleans OR
   * strictly inside (0, 1), module values by their type), where `acc` is
   * what the output holds for the slot so far this step (its rest value
   * when nothing wrote it yet) and `sample` the timeline's track for the
   * slot at `local` (the slot's rest value when the timeline has no track
   * for it). A weight ≤ 0 (or NaN) keeps `acc`, ≥ 1 takes `sample`; either
   * way the slot counts as written. Mixing a first timeline at weight 1
   * replaces; later ones interpolate toward their samples in call order.
   * Allocates nothing. */
  void (*output_mix)(anima_state_output *o, size_t timeline, double local,
                     double weight);

  /* --- the step: event details, appended (ABI 2.0; SPEC events) -------
   * What a module attaches to reported events (anima_event.detail, the
   * events module's payloads and requests, anima/events.h). A detail must
   * stay valid until the player's next step: model memory, or the
   * module's per-player instance. Test with ANIMA_HOST_HAS(host,
   * step_set_event_detail). */
  /** step_report with a detail (may be NULL). */
  void (*step_report_detail)(anima_step *s, const char *name, long layer,
                             double time,
                             const struct anima_event_detail *detail);
  /** The events the step reported so far (its `count` in `*count`), in
   * order; NULL when none. Valid until the next report. */
  const anima_event *(*step_events)(anima_step *s, size_t *count);
  /** Sets the detail of event `index` (< count) of this step; an index out
   * of range is ignored. END hooks enrich the whole step's events so. */
  void (*step_set_event_detail)(anima_step *s, size_t index,
                                const struct anima_event_detail *detail);

  /* --- registration: listener sources, appended (ABI 2.0) -------------- */
  /** Registers a listener source (anima_listener_source_desc). */
  anima_status (*add_listener_source)(
      anima_registrar *r, const struct anima_listener_source_desc *desc);
  /** check_address without reports: true, with the value type in `*type`
   * (may be NULL), when `address` names an animatable property a track of
   * this document could write; false, reporting nothing, otherwise. For a
   * module that reports a bad reference with a code of its own (events'
   * `event-address`). */
  bool (*check_property)(anima_check *c, const char *address,
                         anima_value_type *type);
  /** A WRAP moment of layer `layer` (anima_layer_moment) at played time
   * `boundary`: for a module clock's `report` (anima_clock_desc), once per
   * loop boundary or turn it crosses, before the events of the interval.
   * The kernel's own clock makes these itself. */
  void (*step_layer_wrap)(anima_step *s, size_t layer, double boundary);

  /* --- the step: a weighted timeline sample, appended (ABI 2.0; SPEC motion
   * "Explicit runtime instances"). Test with ANIMA_HOST_HAS(host,
   * step_mix_timeline). */
  /** Mixes every track of timeline `timeline`, sampled at `time` seconds
   * (clamped to 0..duration, SPEC §5 sampling), into the values the step
   * holds so far: value = mix(value, sample, weight) with `weight` clamped
   * to [0, 1]. Numbers, colours and interpolated module values (path
   * morphs) interpolate as SPEC §7's lerp; bools and hold-only module
   * values (discrete channels) take the sample for any positive weight
   * (this is not a crossfade: no OR). A weight ≤ 0 or NaN writes nothing.
   * Each result is written as step_write writes (clamped to the property's
   * range; a transform moves the node's pose). A timeline out of range or
   * a non-finite time writes nothing. Allocates nothing. */
  void (*step_mix_timeline)(anima_step *s, size_t timeline, double time,
                            double weight);

  /* --- point deformers, appended (ABI 2.0; anima_deformer_desc) --------
   * Test with ANIMA_HOST_HAS(host, view_deformer). */
  /** Registers a point deformer (only inside init). */
  anima_status (*add_deformer)(anima_registrar *r,
                               const anima_deformer_desc *desc);
  /**
   * For the owner of a node's geometry, inside its NODE compile (`site`
   * its own site, node >= 0): offers the node's `count` rest points over
   * `anchors` anchors to the deformers the document declares (module
   * order; the first that gives data applies). `*deformed` (may be NULL)
   * tells whether one applies: the owner must then build the node's
   * geometry from view_deform_points every time instead of once. A node
   * takes one call (a second is ANIMA_ERROR_INVALID_ARGUMENT). Returns
   * ANIMA_OK, the deformer's error (its diagnostics reported, as for a
   * lifecycle compile), ANIMA_ERROR_INVALID_ARGUMENT for a NULL site or
   * points with count > 0, or ANIMA_ERROR_NO_MEMORY.
   */
  anima_status (*compile_node_deformer)(anima_compile *c,
                                        const anima_site *site,
                                        const anima_deform_point *points,
                                        size_t count, size_t anchors,
                                        bool *deformed);
  /**
   * Overwrites `points` — the node's rest points in the order offered to
   * compile_node_deformer (node-local) — with their deformed positions from
   * `view`. ANIMA_OK, leaving them unchanged, when no deformer applies to
   * the node; ANIMA_ERROR_INVALID_ARGUMENT when `count` is not the count
   * offered or `node` is out of range. Allocates nothing.
   */
  anima_status (*view_deform_points)(const anima_view *v, size_t node,
                                     anima_point *points, size_t count);
  /** The per-model data of the deformer that applies to `node` (NULL when
   * none), its desc in `*desc` (may be NULL) — for a deformer's derived
   * properties (skin's `<node>.skin.point.<k>`). */
  const void *(*view_deformer)(const anima_view *v, size_t node,
                               const anima_deformer_desc **desc);

  /* --- operations: answers, appended (ABI 2.0; anima_player_ask) -------- */
  /** Appends printf-style text to the call's answer, which
   * anima_player_ask returns to the host (a query's result, e.g. the
   * state of a motion instance as `key value` words). Text beyond
   * ANIMA_OPERATION_ANSWER_CAPACITY − 1 bytes is cut off; anima_player_
   * invoke discards the answer. Allocates nothing. Test with
   * ANIMA_HOST_HAS(host, call_answer). */
  void (*call_answer)(anima_operation_call *call, const char *format, ...)
      ANIMA_PRINTF(2, 3);

  /* --- timelines played by modules, appended (ABI 2.0; SPEC machine
   * "Blends and bound data" with SPEC motion "Timeline clock"). What
   * step_timeline_local is for a state kind that samples timelines itself,
   * with the timeline clock of a declared module (anima_clock_desc's
   * timeline map) applied: motion's timeline speed, work area and
   * quantize. Test with ANIMA_HOST_HAS(host, timeline_clock_local). */
  /** Compile (from stage hooks' and state kinds' compile on): `*clock` for
   * timeline `timeline` played at state speed `speed` (finite): the first
   * declared clock's map that applies (module order), else SPEC §5's
   * (rate |speed|, span the duration, folded by the loop mode).
   * ANIMA_ERROR_INVALID_ARGUMENT for a timeline out of range, a NULL
   * `clock` or a non-finite speed; a map's own error. */
  anima_status (*compile_timeline_clock)(anima_compile *c, size_t timeline,
                                         double speed,
                                         anima_timeline_clock *clock);
  /** The sample time of `clock` at travel `travel` (>= 0; see
   * anima_clock_desc.timeline_local, `frozen` likewise), for output_mix.
   * Without a map: SPEC §5's local time of the duration and loop mode
   * (`frozen`: travel clamped to [0, duration]). 0 for a NULL clock.
   * Allocates nothing. */
  double (*timeline_clock_local)(const anima_timeline_clock *clock,
                                 double travel, bool frozen);

  /* --- typed expressions, appended (ABI 2.0; SPEC bind "Expressions and
   * types", SPEC events colour payload fields). As check_expression,
   * compile_expression and step_expression, for a result of value type
   * ANIMA_VALUE_NUMBER (a bool counts 0/1), ANIMA_VALUE_BOOL or
   * ANIMA_VALUE_COLOR, through the declared expression kind's check_value,
   * compile_value and evaluate_value (a kind without them serves numbers
   * and bools through check, compile and evaluate). Test with
   * ANIMA_HOST_HAS(host, step_value_expression). */
  /** Checks `text` at `pointer` as an expression giving a `type` value
   * (the kind's codes, e.g. bind-type, at `pointer`; `undeclared-feature`
   * when only undeclared features have expression kinds). Returns false,
   * reporting nothing, when no loaded module has an expression kind, or
   * the declared one gives no values of `type` (the caller reports). */
  bool (*check_value_expression)(anima_check *c, const char *pointer,
                                 const char *text, const char *target,
                                 anima_value_type type);
  /** Compiles a checked `text` into `*expression` (an opaque model-owned
   * handle for step_value_expression). Errors as compile_expression. */
  anima_status (*compile_value_expression)(anima_compile *c,
                                           const char *pointer,
                                           const char *text,
                                           anima_value_type type,
                                           const void **expression);
  /** Evaluates a compile_value_expression handle against the player's
   * current inputs: a value of the type it was compiled for, a non-finite
   * number made 0 (SPEC bind: "resolve to zero when consumed"). A NULL
   * handle gives the number 0. Allocates nothing. */
  anima_value (*step_value_expression)(anima_step *s, const void *expression);

  /* --- named machines, appended (ABI 2.0; SPEC motion "Explicit runtime
   * instances": `machines: {name: {layers}}`). The kernel compiles each
   * definition's layers beside the default machine's (validated with the
   * same diagnostics, pointers under /machines/<name>/layers; each layer
   * named "<machine>/<layer>", the name its events carry) and never runs
   * them itself: a module makes an instance of one and runs it where it
   * composes. Every named machine has its own input bank (the document's
   * inputs, from their defaults), which its conditions, entry/exit
   * actions and triggers use while it runs. One instance per definition
   * and player. Test with ANIMA_HOST_HAS(host, step_machine_state). */
  /** Index of the named machine `name`, or -1 when the document has none. */
  long (*step_machine_find)(anima_step *s, const char *name);
  /** Makes the instance of named machine `machine` if there is none: its
   * input bank takes the inputs' defaults, its layers enter their initial
   * states (entry blocks write into its bank now; their emits and the
   * entry events are reported by its first advancing run). True when the
   * instance exists; false for a machine out of range. */
  bool (*step_machine_start)(anima_step *s, size_t machine);
  /** Runs the instance of `machine` over the values the step holds so far
   * (the values below it). With `advance` (a playing instance) it moves
   * by the step's dt as SPEC §7 stages 2-3 move the default machine: the
   * entry events the first time, reduced-motion switches, clocks and
   * crossfades, then per layer the events crossed, transitions (reading
   * its bank) and its write; its bank's triggers then clear as at stage
   * 5. Without `advance` (paused) only the writes, of the states as they
   * are. Each layer writes only what its active and fading states write,
   * including crossfades back to the value below; with 0 < weight < 1
   * each such value becomes mix(value below, machine's value, weight) (as
   * step_mix_timeline mixes); a weight <= 0 or NaN writes nothing. Events
   * carry the layer's index (named "<machine>/<layer>"). No instance yet:
   * nothing. Allocates nothing. */
  void (*step_machine_run)(anima_step *s, size_t machine, double weight,
                           bool advance);
  /** The vote of a playing instance on `settled`: false until its entry
   * is reported, while a trigger of its bank is pending, a layer is not at
   * rest or a transition of its layers holds; true without an instance. */
  bool (*step_machine_at_rest)(anima_step *s, size_t machine);
  /** Writes input `input` (by name) of the instance's bank at once: a
   * bool takes value->as.boolean (ANIMA_VALUE_BOOL), a number
   * value->as.number (ANIMA_VALUE_NUMBER, finite) clamped to its range, a
   * trigger fires with value NULL (a pending one stays pending). Returns
   * ANIMA_OK, or ANIMA_ERROR_INVALID_ARGUMENT for no instance, no such
   * input or a value of the wrong kind. */
  anima_status (*step_machine_set_input)(anima_step *s, size_t machine,
                                         const char *input,
                                         const anima_value *value);
  /** Reads input `input` of the instance's bank (a trigger: bool,
   * pending). ANIMA_ERROR_INVALID_ARGUMENT for no instance or input. */
  anima_status (*step_machine_input)(anima_step *s, size_t machine,
                                     const char *input, anima_value *out);
  /** The current state name of layer `layer` (position in the machine) of
   * the instance, its layer's name ("<machine>/<layer>") in `*layer_name`
   * (may be NULL); NULL without an instance or past the last layer. */
  const char *(*step_machine_state)(anima_step *s, size_t machine, size_t layer,
                                    const char **layer_name);

  /* --- interfaces between modules, appended (ABI 2.0) ------------------- */
  /** Registers an interface (anima_interface_desc): a function table other
   * modules may call. ANIMA_ERROR_INVALID_ARGUMENT for a missing name or
   * table, a feature the module does not provide, or a name taken. */
  anima_status (*add_interface)(anima_registrar *r,
                                const struct anima_interface_desc *desc);
  /** The table of interface `name` while validating a document that
   * declares its feature in `requires`; NULL otherwise (no such interface,
   * or the feature not declared). Owned by the offering module. */
  const void *(*check_interface)(anima_check *c, const char *name);
  /** The same while compiling a model (compile hooks of any site). */
  const void *(*compile_interface)(anima_compile *c, const char *name);
  /* --- the layers of every machine, appended (ABI 2.0; SPEC motion: a
   * named machine is a machine in every chapter's sense). A module that
   * keeps per-layer or per-state data sizes it by compile_layer_count and
   * reads each layer's JSON through compile_layer, so the layers of named
   * machines get the same data as the default machine's, at their absolute
   * layer index (anima_model_layer_count .. anima_model_layer_total − 1)
   * and absolute state indices. Step callbacks of state kinds, clocks and
   * transition hooks receive that absolute layer index; while a named
   * machine runs (step_machine_run, step_machine_start) step_input,
   * step_set_input, step_fire, step_queue_block and the expressions read
   * and write that machine's input bank, and a block or fire queued then
   * applies to that bank at the next step's stage 1. Test with
   * ANIMA_HOST_HAS(host, step_layer_machine). */
  /** How many layers the model has: the default machine's first, then each
   * named machine's in document order (anima_model_layer_total). Inside
   * a state kind's or transition hook's compile: the layers compiled so
   * far, the site's own layer included. */
  size_t (*compile_layer_count)(anima_compile *c);
  /** The JSON object of layer `layer` (< compile_layer_count), or NULL out
   * of range. `info` (may be NULL) receives its description
   * (anima_machine_layer_info; set its struct_size first). */
  const anima_json *(*compile_layer)(anima_compile *c, size_t layer,
                                     anima_machine_layer_info *info);
  /** The named machine of layer `layer` (an index for step_machine_*), or
   * -1 for a layer of the default machine or out of range. */
  long (*step_layer_machine)(anima_step *s, size_t layer);
  /** The same layers for a check (anima_check_desc), read from the
   * document as it is (no model yet): how many. */
  size_t (*check_layer_count)(anima_check *c);
  /** The JSON value of layer `layer` (< check_layer_count; not checked to
   * be an object), its JSON pointer written to `pointer` (`size` bytes,
   * NUL-terminated, truncated when too small; "" when not found); NULL
   * out of range. */
  const anima_json *(*check_layer)(anima_check *c, size_t layer, char *pointer,
                                   size_t size);
};

/** True when the host table has member `member` (a newer kernel). */
#define ANIMA_HOST_HAS(host, member)                                           \
  ((host)->struct_size >= offsetof(anima_host, member) + sizeof((host)->member))

/**
 * Registers every descriptor of a static array with one `add_*` host call,
 * stopping at the first status other than ANIMA_OK, which is left in
 * `status` (an anima_status lvalue that must be ANIMA_OK to register
 * anything). `add` is the host call (for example `host->add_code`),
 * `registrar` the registrar passed to init, `table` an array (not a pointer:
 * its length is taken with sizeof). Used as a statement:
 *
 *   anima_status status = ANIMA_OK;
 *   ANIMA_ADD_EACH(status, host->add_code, registrar, codes);
 *   ANIMA_ADD_EACH(status, host->add_field, registrar, fields);
 *   return status;
 */
#define ANIMA_ADD_EACH(status, add, registrar, table)                          \
  for (size_t anima_each_ = 0;                                                 \
       (status) == ANIMA_OK && anima_each_ < sizeof(table) / sizeof *(table);  \
       anima_each_++)                                                          \
  (status) = (add)((registrar), &(table)[anima_each_])

/* ------------------------------------------------------------------------ */
/* Hosts: modules linked into the program                                    */
/* ------------------------------------------------------------------------ */

/**
 * Adds a module linked into the program (statically, or from a library
 * the host opened itself), exactly as if its file had been loaded: the same
 * checks, dependency loading and transactional `init`. Errors:
 * ANIMA_ERROR_MODULE with a `module-load` diagnostic; ANIMA_ERROR_
 * INVALID_ARGUMENT for NULL arguments.
 */
ANIMA_API anima_status anima_runtime_add_static_module(
    anima_runtime *runtime, const anima_module_info *info,
    anima_diagnostics *diagnostics);

/* ------------------------------------------------------------------------ */
/* Hosts: calling operations (script commands of modules, SPEC §11.2)        */
/* ------------------------------------------------------------------------ */

/** How many operations the runtime's loaded modules registered. */
ANIMA_API size_t anima_runtime_operation_count(const anima_runtime *runtime);
/**
 * Operation `index` (< count) in module order (docs/MODULES.md "Stages"),
 * or NULL. `module` (may be NULL) receives the name of the module that
 * registered it. Owned by the runtime.
 */
ANIMA_API const anima_operation_desc *
anima_runtime_operation(const anima_runtime *runtime, size_t index,
                        const char **module);

/** Whether a player of a model can call an operation. */
typedef enum anima_operation_lookup {
  /** Registered, its feature declared (and its instance_of hook used). */
  ANIMA_OPERATION_AVAILABLE = 0,
  /** No loaded module registers an operation of that name. */
  ANIMA_OPERATION_UNKNOWN,
  /** Registered, but the document's `requires` does not declare its
   * feature (or the feature of its instance_of hook). */
  ANIMA_OPERATION_UNDECLARED,
} anima_operation_lookup;

/**
 * The operation `name` for players of `model`: its desc (owned by the
 * runtime) when the model's document declares its feature, else NULL.
 * `lookup` (may be NULL) receives why; `module` (may be NULL) the
 * registering module's name, also for an undeclared one. NULL arguments
 * give NULL and ANIMA_OPERATION_UNKNOWN.
 */
ANIMA_API const anima_operation_desc *
anima_model_find_operation(const anima_model *model, const char *name,
                           anima_operation_lookup *lookup, const char **module);

/**
 * Calls the operation `name` on `player` with `count` argument words
 * (`words`, e.g. a script line's words after the command; may be NULL when
 * `count` is 0). The words are checked against the desc's arguments in
 * order: WORD one of its options, NUMBER a finite number, BOOL true or
 * false, NODE a node id of the model, INPUT an input name of the model,
 * TEXT every remaining word; optional trailing arguments may be left out.
 * Then `invoke` runs with the per-model data and this player's instance of
 * the `instance_of` stage hook and a call context (call_step, call_report).
 * The call does not step: when the desc's `step_after` is set, a script
 * steps the player at 0 after it (the CLI does). The player wakes (a
 * sleeping settled player runs its next step in full).
 *
 * Diagnostics go to `diagnostics` (may be NULL), each severity error:
 *   unknown-operation    no loaded module registers `name` (pointer "")
 *   undeclared-feature   its feature is not in the document's `requires`
 *   operation-arguments  too few or too many words, or a word of the wrong
 *                        kind (pointer "/arguments/<i>", i the zero-based
 *                        word; hint "usage: <usage>"); `invoke` not called
 *   <the module's code>  reported by `invoke` through call_report
 *   operation-failed     `invoke` returned an error without a report, or
 *                        `instance_of` names no stage hook (with a stage
 *                        and run) of its module: the operation is then
 *                        never available
 *
 * Returns ANIMA_OK; ANIMA_ERROR_UNKNOWN_OPERATION for the first two;
 * ANIMA_ERROR_INVALID_ARGUMENT for bad words, NULL `player` or `name`, or
 * NULL `words` with `count` > 0; otherwise the error `invoke` returned
 * (ANIMA_ERROR_INVALID_ARGUMENT when it reported but returned ANIMA_OK).
 * Allocates nothing unless a TEXT argument spans several words or a
 * diagnostic is added (and whatever `invoke` itself does).
 */
ANIMA_API anima_status anima_player_invoke(anima_player *player,
                                           const char *name,
                                           const char *const *words,
                                           size_t count,
                                           anima_diagnostics *diagnostics);

/** Bytes of an operation's answer text, with its terminating NUL. */
#define ANIMA_OPERATION_ANSWER_CAPACITY 512

/** What an operation gave back to anima_player_ask. */
typedef struct anima_operation_answer {
  /** The events the operation reported while it ran (a stage hook's
   * step_report through call_step: e.g. the timeline events a motion
   * instance's manual advance crossed), in the order reported; owned by
   * the player, valid until the next call that changes the player (they
   * live in the buffer anima_player_step returns its events in). */
  const anima_event *events;
  size_t event_count;
  /** The operation's answer (host call_answer), NUL-terminated; "" when
   * it gave none. */
  char text[ANIMA_OPERATION_ANSWER_CAPACITY];
} anima_operation_answer;

/**
 * anima_player_invoke that also returns what the operation gave back: the
 * events it reported and its answer text, in `answer` (not NULL; filled
 * on every return, empty when the operation did not run). The player's
 * event buffer is emptied before the call, so the events of the last step
 * (anima_step_result) are no longer valid after it. Arguments, statuses
 * and diagnostics are those of anima_player_invoke; NULL `answer` is
 * ANIMA_ERROR_INVALID_ARGUMENT. Allocates as anima_player_invoke does,
 * and grows the event buffer as a step does when the operation reports
 * more events than any step before.
 */
ANIMA_API anima_status anima_player_ask(anima_player *player, const char *name,
                                        const char *const *words, size_t count,
                                        anima_operation_answer *answer,
                                        anima_diagnostics *diagnostics);

/* ------------------------------------------------------------------------ */
/* What a runtime knows about its modules (`anima modules`)                  */
/* ------------------------------------------------------------------------ */

/**
 * One module the runtime saw: loaded, or refused and why. Every string is
 * owned by the runtime (copied from the descriptor) and stays valid until
 * anima_runtime_destroy.
 */
typedef struct anima_module_report {
  /** The descriptor's name, or the name in the file name (anima-<name>.so)
   * when no descriptor could be read. */
  const char *name;
  /** The file, or NULL for a module added with
   * anima_runtime_add_static_module. */
  const char *path;
  /** From the descriptor; NULL when it has none or could not be read. */
  const char *version, *license, *origin, *description;
  /** NULL-terminated lists from the descriptor, never NULL (empty when it
   * could not be read). */
  const char *const *features;
  const char *const *depends;
  const char *const *after;
  /** The ABI the module was built for; 0.0 when no descriptor was read. */
  unsigned abi_major, abi_minor;
  bool loaded;
  /** Stage order among loaded modules, 1 first (docs/MODULES.md
   * "Stages": `depends`, then `after`, then load order); 0 when not
   * loaded. */
  size_t rank;
  /** Why it is not loaded: the message of its `module-load` diagnostic (or
   * the module that shadows it on the search path); NULL when loaded. */
  const char *error;
  /** Not loaded only because a module of the same name was found earlier
   * on the search path or is loaded already (its file was not opened). */
  bool shadowed;
} anima_module_report;

/** How many modules the runtime saw (loaded or refused), in the order it
 * first saw them. */
ANIMA_API size_t anima_runtime_module_count(const anima_runtime *runtime);
/** The report of module `index` (< count), or NULL. */
ANIMA_API const anima_module_report *
anima_runtime_module_report(const anima_runtime *runtime, size_t index);
/**
 * The module search path in order (docs/MODULES.md "Loading"): the
 * directories added with anima_runtime_add_module_directory, those of
 * ANIMA_MODULE_PATH as it is now (read by this call), then
 * `anima/modules-<ABI major>` in the directory this libanima.so was loaded
 * from (dladdr; only when that directory exists and is not the install
 * directory, as in a staged or moved install), then the install directory
 * compiled in (anima.pc `moduledir`). Fills `directories` with up to `capacity`
 * strings, valid until the next call on this runtime that searches or loads
 * modules, and returns how many there are (0 when out of memory).
 */
ANIMA_API size_t anima_runtime_module_directories(anima_runtime *runtime,
                                                  const char **directories,
                                                  size_t capacity);

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_MODULE_H */
