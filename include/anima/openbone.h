/*
 * openbone.h — libanima-openbone: the skeletal runtime of OpenBone
 * (docs/openbone/README.md), the non-drawing core.
 *
 * "spec §n" below is a section of OPENBONE-RUNTIME.md (the runtime
 * specification); the document shape is OPENBONE-FORMAT-NOTES.md Part B with
 * the deviations written in docs/openbone/FORMAT.md.
 *
 * Two objects:
 *  - anima_bone_model: the immutable skeleton data, loaded once from JSON
 *    `.obone` text (spec §2). Shared by any number of instances; never
 *    changed after loading.
 *  - anima_bone_instance: one posed skeleton (bones, slots, constraint live
 *    values) plus its AnimationState (spec §6). Small; owns only its state.
 *
 * Units: lengths in skeleton units, y up; angles in degrees, counter-
 * clockwise; times in seconds. World matrices are 2×3 affine
 * {a b; c d | x y}: world·(x, y) = (a·x + b·y + x0, c·x + d·y + y0) (§4).
 *
 * Ownership: the caller owns what a _load/_create returns and frees it with
 * the matching _destroy. Strings and arrays returned by a getter stay valid
 * until the object they came from is destroyed or, for per-frame data (draw
 * list, events), until the next call that changes the instance.
 *
 * Errors: document problems are diagnostics (code, severity, RFC 6901
 * pointer, message, hint) in an anima_diagnostics list (anima.h); calls that
 * can fail otherwise return anima_status. The library prints nothing.
 *
 * Not implemented (the loader reports each use with a `not-implemented`
 * warning, see anima_bone_model_unsupported): the binary `.obonb`,
 * scripts, particles, text, packed atlases.
 */
#ifndef ANIMA_OPENBONE_H
#define ANIMA_OPENBONE_H

#include <stdbool.h>
#include <stddef.h>

#include <stdint.h>

#include "anima/anima.h"
#include "anima/draw.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct anima_bone_model anima_bone_model;
typedef struct anima_bone_instance anima_bone_instance;

/* ------------------------------------------------------------------------ */
/* Model (spec §2)                                                           */
/* ------------------------------------------------------------------------ */

/**
 * Loads a JSON `.obone` document of `length` bytes (UTF-8, need not be
 * NUL-terminated) into `*out`. Applies spec §2 step 1 (`format` must be
 * exactly "openbone", `version` a number ≤ 1), step 3 (normalisation), the
 * Part B shape checks, and the skeleton construction rules (parent looked up
 * among earlier bones, slots without a bone dropped — each with a warning).
 * Every problem is appended to `diagnostics` (may be NULL) with its JSON
 * pointer. Returns ANIMA_OK and a model in `*out`; ANIMA_ERROR_INVALID_DOCUMENT
 * with
 * `*out` NULL when any error was found; ANIMA_ERROR_NO_MEMORY on allocation
 * failure. Warnings do not stop loading.
 */
ANIMA_API anima_status anima_bone_model_load(const char *json, size_t length,
                                             anima_diagnostics *diagnostics,
                                             anima_bone_model **out);

/** Frees a model. NULL is allowed. Destroy its instances first. */
ANIMA_API void anima_bone_model_destroy(anima_bone_model *model);

/**
 * Number of document features the model uses that this runtime does not
 * implement (each reported by anima_bone_model_load as a `not-implemented`
 * warning). A host that needs exact results refuses a model with any.
 */
ANIMA_API size_t anima_bone_model_unsupported(const anima_bone_model *model);

/** Number of bones (document order, spec §2). */
ANIMA_API size_t anima_bone_model_bone_count(const anima_bone_model *model);
/** Name of bone `index` (< bone count), or NULL. */
ANIMA_API const char *anima_bone_model_bone_name(const anima_bone_model *model,
                                                 size_t index);
/** Number of slots that exist (dropped slots excluded, spec §2). */
ANIMA_API size_t anima_bone_model_slot_count(const anima_bone_model *model);
/** Name of slot `index` (< slot count), or NULL. */
ANIMA_API const char *anima_bone_model_slot_name(const anima_bone_model *model,
                                                 size_t index);
/**
 * Index of the animation whose id, then name, is `reference` (spec §6
 * lookups), or -1 when there is none.
 */
ANIMA_API long anima_bone_model_find_animation(const anima_bone_model *model,
                                               const char *reference);

/**
 * Index of the skin whose id, then name, is `reference` (the lookup of
 * setSkin, spec §2 and §3.3; skins[0] is the default skin), or -1 when
 * there is none or `reference` is NULL. A tool uses it to refuse an
 * unknown skin name that setSkin would take as "none"
 * (anima_bone_instance_set_skin); anima_bone_model_skin_name gives the
 * names to suggest instead.
 */
ANIMA_API long anima_bone_model_find_skin(const anima_bone_model *model,
                                          const char *reference);

/**
 * Index of the state machine whose id, then name, is `reference`, or -1
 * (for anima_bone_machine_start).
 */
ANIMA_API long anima_bone_model_find_machine(const anima_bone_model *model,
                                             const char *reference);

/* ------------------------------------------------------------------------ */
/* Introspection (`anima bone inspect`)                                      */
/* ------------------------------------------------------------------------ */

/** What a model holds. */
typedef struct anima_bone_model_info {
  size_t bones, slots;
  size_t ik, transform, path, physics; /**< constraints by kind */
  size_t sliders, skins, animations, events;
  size_t machines;        /**< state machines */
  size_t unsupported;     /**< uses of features not implemented */
  double reference_scale; /**< `referenceScale ?? 100` */
} anima_bone_model_info;

/** Fills `*out` with the counts of `model` (both non-NULL). */
ANIMA_API void anima_bone_model_info_get(const anima_bone_model *model,
                                         anima_bone_model_info *out);

/**
 * The constraint at `position` of constraintOrder (spec §3.2: the order
 * they run in): returns its name and sets `*kind` (may be NULL) to "ik",
 * "transform", "path" or "physics"; NULL past the last one.
 */
ANIMA_API const char *anima_bone_model_constraint(const anima_bone_model *model,
                                                  size_t position,
                                                  const char **kind);

/** Name of animation `index` and its duration in seconds (§5.1 localTime's
 * `d`; `duration` may be NULL), or NULL past the last one. */
ANIMA_API const char *anima_bone_model_animation(const anima_bone_model *model,
                                                 size_t index,
                                                 double *duration);

/** Name of skin `index` (skins[0] is the default skin), or NULL. */
ANIMA_API const char *anima_bone_model_skin_name(const anima_bone_model *model,
                                                 size_t index);

/** Name of the parent of bone `index`, or NULL for a root or past the
 * last bone. */
ANIMA_API const char *
anima_bone_model_bone_parent(const anima_bone_model *model, size_t index);

/* ------------------------------------------------------------------------ */
/* Instance (spec §2 "Skeleton construction", §3, §6)                        */
/* ------------------------------------------------------------------------ */

/**
 * Creates an instance of `model` in the state §2 "Skeleton construction"
 * leaves: skin none, active flags computed, setup pose, one world transform
 * with no time pending. Tracks are empty. Returns ANIMA_ERROR_NO_MEMORY or
 * ANIMA_OK with `*out` set. The model must outlive the instance.
 */
ANIMA_API anima_status anima_bone_instance_create(const anima_bone_model *model,
                                                  anima_bone_instance **out);

/** Frees an instance. NULL is allowed. */
ANIMA_API void anima_bone_instance_destroy(anima_bone_instance *instance);

/**
 * setSkin (spec §2, §3.3): the skin whose id, then name, is `reference`;
 * NULL or an unknown reference selects none. Recomputes the active flags;
 * world matrices change at the next advance.
 */
ANIMA_API void anima_bone_instance_set_skin(anima_bone_instance *instance,
                                            const char *reference);

/**
 * AnimationState.setAnimation(track, animation, loop, mix) (spec §6).
 * `track` ≥ 0; `animation` an index from anima_bone_model_find_animation;
 * `mix` in seconds (the spec's default is 0.2). Returns
 * ANIMA_ERROR_INVALID_ARGUMENT for a bad index or a negative/non-finite mix,
 * ANIMA_ERROR_NO_MEMORY on allocation failure.
 */
ANIMA_API anima_status anima_bone_set_animation(anima_bone_instance *instance,
                                                size_t track, long animation,
                                                bool loop, double mix);

/**
 * AnimationState.addAnimation(track, animation, loop, delay, mix) (spec
 * §6): on an empty track the entry starts at once, otherwise it is queued
 * and starts when the current entry reaches `delay` seconds (delay > 0) or
 * its end. Errors as anima_bone_set_animation.
 */
ANIMA_API anima_status anima_bone_add_animation(anima_bone_instance *instance,
                                                size_t track, long animation,
                                                bool loop, double delay,
                                                double mix);

/** Which field of a TrackEntry anima_bone_track_set changes (spec §6). */
typedef enum anima_bone_track_field {
  ANIMA_BONE_TRACK_ALPHA = 0, /**< alpha, default 1 */
  ANIMA_BONE_TRACK_SPEED = 1, /**< speed, default 1 */
} anima_bone_track_field;

/**
 * Sets `alpha` or `speed` of the current entry of `track`. Does nothing
 * when the track has no current entry. Returns ANIMA_ERROR_INVALID_ARGUMENT for
 * a non-finite value.
 */
ANIMA_API anima_status anima_bone_track_set(anima_bone_instance *instance,
                                            size_t track,
                                            anima_bone_track_field field,
                                            double value);

/**
 * advance(dt) without a state machine (spec §3): animationState.update(dt),
 * setToSetupPose(), animationState.apply(), skeleton.update(dt),
 * updateWorldTransform(); with one (anima_bone_machine_start),
 * StateMachineInstance.advance(dt), spec §9.1 steps 1-13. `dt` ≥ 0 seconds (a
 * negative or non-finite dt, or one that would take anima_bone_instance_time
 * past the largest finite number, returns ANIMA_ERROR_INVALID_ARGUMENT and
 * changes nothing). Events fired are appended to the instance's event list
 * (anima_bone_event_count). Allocates only when the event list outgrows its
 * high-water mark. Returns ANIMA_ERROR_NO_MEMORY (the pose is still complete)
 * when events could not be recorded: memory ran out, more than 2^20 events are
 * unread, or one step crossed more than 10^6 loops of an animation.
 */
ANIMA_API anima_status
anima_bone_instance_advance(anima_bone_instance *instance, double dt);

/** The sum of every dt advanced, added in order in binary64 (§12). */
ANIMA_API double anima_bone_instance_time(const anima_bone_instance *instance);

/**
 * World matrix of bone `index` as left by the last updateWorldTransform
 * (inactive bones keep their last world, §3.3): `out` receives
 * {a, b, c, d, x, y}. Returns false for a bad index.
 */
ANIMA_API bool anima_bone_world(const anima_bone_instance *instance,
                                size_t index, double out[6]);

/** A slot's state now (spec §3.1, §5.1). */
typedef struct anima_bone_slot_state {
  const char *attachment; /**< current attachment name, or NULL */
  double color[4];        /**< RGBA, straight alpha, never clamped (§4.5) */
  bool has_dark;          /**< the slot has a dark colour */
  double dark[4];         /**< RGBA when has_dark */
} anima_bone_slot_state;

/** The state of slot `index`; false for a bad index. */
ANIMA_API bool anima_bone_slot(const anima_bone_instance *instance,
                               size_t index, anima_bone_slot_state *out);

/** One fired event (spec §10 "Event records"). */
typedef struct anima_bone_event {
  const char *name;      /**< the event's name */
  double time;           /**< the key's local time, seconds */
  double int_value;      /**< `int` (key override, else the event's) */
  double float_value;    /**< `float` */
  const char *string;    /**< `string` */
  const char *animation; /**< the id of the animation whose key fired it;
                              NULL for listener and script events */
} anima_bone_event;

/** Number of events fired since the last anima_bone_events_clear. */
ANIMA_API size_t anima_bone_event_count(const anima_bone_instance *instance);
/** Event `index` (< count), in emission order; NULL when out of range. */
ANIMA_API const anima_bone_event *
anima_bone_event_get(const anima_bone_instance *instance, size_t index);
/** Forgets the fired events (keeps the buffer). */
ANIMA_API void anima_bone_events_clear(anima_bone_instance *instance);

/** Kinds of audio commands (spec §10). */
typedef enum anima_bone_audio_type {
  ANIMA_BONE_AUDIO_PLAY = 0,
  ANIMA_BONE_AUDIO_STOP = 1,
  ANIMA_BONE_AUDIO_FADE = 2, /**< not produced (no script runs, §11) */
  ANIMA_BONE_AUDIO_MIX = 3,  /**< a state machine's setMute (§9.5) */
} anima_bone_audio_type;

/**
 * One command of the AnimationState's audio director (spec §10), in
 * emission order. Strings are owned by the model.
 */
typedef struct anima_bone_audio_command {
  anima_bone_audio_type type;
  /** The play's number: 1, 2, … in the order of the instance's plays; a
   * stop repeats the number of the play it stops. */
  unsigned long id;
  const char *sound;  /**< play: the sound's id (a raw asset play: the
                           asset's id) */
  const char *asset;  /**< play: the audio asset's id, or NULL */
  const char *bus;    /**< play, mix: the bus id, or NULL (master) */
  double volume;      /**< play: sound volume × the key's or event's */
  double rate;        /**< play */
  bool loop;          /**< play */
  double fade_in;     /**< play: the sound's fadeIn, seconds */
  const char *source; /**< play: "key:<animation name>",
                           "event:<event name>", "state:<state name>" or
                           "listener:<listener name>" */
  double fade;        /**< stop: seconds, max(fade asked, the sound's
                           fadeOut); a stopSound action's fade, else the
                           sound's fadeOut */
  bool muted;         /**< mix: the bus's (or master's) new muted state */
} anima_bone_audio_command;

/**
 * Number of audio commands emitted since the last anima_bone_audio_clear.
 * advance(dt) emits, in order: plays of the audio keys crossed on each
 * track (array order, cycles ascending per key), then for each event
 * crossed its `audio` play before the event itself; stops of an entry's
 * looping plays when setAnimation replaces it (fade max(mix, fadeOut)),
 * when a non-looping entry completes (max(0, fadeOut)) and when a queued
 * entry replaces it (max(its mix, fadeOut)). A looping play whose
 * (entry, audio key) is already playing and looping is skipped; a play
 * that does not loop is forgotten, silently, once
 * `duration / rate` (10 s when the asset has no duration) has passed.
 */
ANIMA_API size_t anima_bone_audio_count(const anima_bone_instance *instance);
/** Command `index` (< count), or NULL. */
ANIMA_API const anima_bone_audio_command *
anima_bone_audio_get(const anima_bone_instance *instance, size_t index);
/** Forgets the emitted commands (keeps the buffer and what is playing). */
ANIMA_API void anima_bone_audio_clear(anima_bone_instance *instance);

/* ------------------------------------------------------------------------ */
/* State machines (spec §9, §10)                                             */
/* ------------------------------------------------------------------------ */

/**
 * Makes `instance` driven by the state machine `machine` (an index from
 * anima_bone_model_find_machine): from now on anima_bone_instance_advance
 * is StateMachineInstance.advance(dt) (spec §9.1), whose first call runs
 * start() (every layer enters its entry state with mix 0). Inputs start at
 * their defaults (triggers not fired); the machine's audio director starts
 * empty (§10: one per state machine), its mute flags from the document's
 * `muted` and `masterMuted`. A second call replaces the machine (a fresh
 * one, not started). The AnimationState is no longer updated or applied.
 * Allocates the machine's state (the only allocation; advancing afterwards
 * allocates nothing but the event and audio lists' growth to their
 * high-water marks). Returns ANIMA_ERROR_INVALID_ARGUMENT for a bad index,
 * ANIMA_ERROR_NO_MEMORY (the instance keeps its previous driver).
 */
ANIMA_API anima_status anima_bone_machine_start(anima_bone_instance *instance,
                                                long machine);

/** The kind of a value given to an input (JSON scalars, spec §9.5). */
typedef enum anima_bone_value_type {
  ANIMA_BONE_VALUE_NULL = 0,
  ANIMA_BONE_VALUE_BOOL = 1,
  ANIMA_BONE_VALUE_NUMBER = 2,
  ANIMA_BONE_VALUE_STRING = 3,
} anima_bone_value_type;

/** A value for anima_bone_machine_set_input; `string` is copied. */
typedef struct anima_bone_value {
  anima_bone_value_type type;
  bool boolean;       /**< ANIMA_BONE_VALUE_BOOL */
  double number;      /**< ANIMA_BONE_VALUE_NUMBER */
  const char *string; /**< ANIMA_BONE_VALUE_STRING, NUL-terminated */
} anima_bone_value;

/**
 * setInput(ref, value) (spec §9.5) on the running machine: the input whose
 * id, then name, is `reference`. A trigger is fired (until step 6 of the
 * next advance, whatever the value); a string input takes String(value)
 * (JS spelling: true, 1.5, null); a bool input takes value == "true" for
 * a string, else the value's truthiness; a number input takes
 * Number(value) (bool 0/1, null 0, a string parsed as JS does), ignored
 * when not finite. Returns ANIMA_ERROR_INVALID_ARGUMENT without a machine
 * or with a NULL value, ANIMA_ERROR_UNKNOWN_INPUT for an unknown input
 * (nothing changes), ANIMA_ERROR_NO_MEMORY when a string longer than any
 * the document holds could not be stored (the input keeps its value).
 */
ANIMA_API anima_status anima_bone_machine_set_input(
    anima_bone_instance *instance, const char *reference,
    const anima_bone_value *value);

/**
 * fire(ref) (spec §9.5, `ob.fire`): marks the input whose id, then name, is
 * `reference` fired until step 6 of the next advance. Errors as
 * anima_bone_machine_set_input.
 */
ANIMA_API anima_status anima_bone_machine_fire(anima_bone_instance *instance,
                                               const char *reference);

/** Pointer event types (spec §9.5). */
typedef enum anima_bone_pointer_type {
  ANIMA_BONE_POINTER_DOWN = 0,
  ANIMA_BONE_POINTER_UP = 1,
  ANIMA_BONE_POINTER_MOVE = 2,
} anima_bone_pointer_type;

/**
 * pointer(type, x, y) (spec §9.5): queues a pointer event at (x, y) in
 * skeleton space (y up). Queued events are processed, in order, at step 3
 * of the next advance, against the world pose of the last one (listeners'
 * hit polygons: the slot's current bounding box, else the first bounding
 * box among its attachments, else its current attachment's outline; the
 * even-odd rule). Returns ANIMA_ERROR_INVALID_ARGUMENT without a machine,
 * for an unknown type or a non-finite coordinate, ANIMA_ERROR_NO_MEMORY
 * when 256 events are already queued (the event is dropped).
 */
ANIMA_API anima_status anima_bone_machine_pointer(anima_bone_instance *instance,
                                                  anima_bone_pointer_type type,
                                                  double x, double y);

/** The id of input `input` of state machine `machine` (indices in
 * document order), or NULL past the last one. */
ANIMA_API const char *
anima_bone_model_machine_input(const anima_bone_model *model, size_t machine,
                               size_t input);

/** The name of input `input` of state machine `machine` (as
 * anima_bone_model_machine_input; setInput and fire look an input up by
 * id, then by this name, spec §9.5), owned by the model; NULL past the last
 * one. */
ANIMA_API const char *
anima_bone_model_machine_input_name(const anima_bone_model *model,
                                    size_t machine, size_t input);

/** True once anima_bone_machine_start has given the instance a machine. */
ANIMA_API bool
anima_bone_instance_has_machine(const anima_bone_instance *instance);

/** Number of layers of the running machine (0 without one). */
ANIMA_API size_t
anima_bone_machine_layer_count(const anima_bone_instance *instance);

/**
 * activeStates (spec §9.1) for layer `layer`: "exit" when the layer has
 * exited, else the current state's name, or NULL (no current state: not
 * started, a missing entry state, or a bad layer). The string is owned by
 * the model.
 */
ANIMA_API const char *
anima_bone_machine_active_state(const anima_bone_instance *instance,
                                size_t layer);

/* ------------------------------------------------------------------ */
/* Scripts (spec §11)                                                  */
/* ------------------------------------------------------------------ */

/** What a script reports (spec §11: `log` and `error` notifications). */
typedef enum anima_bone_script_report_kind {
  ANIMA_BONE_SCRIPT_LOG = 0, /**< ob.log / console.log: the arguments as
                                  String(), joined by one space */
  ANIMA_BONE_SCRIPT_ERROR,   /**< an exception, a timeout or an exhausted
                                  memory cap; the call is abandoned and the
                                  error swallowed */
} anima_bone_script_report_kind;

/**
 * Receives one report: `script` is the script's id, `message` UTF-8 text
 * (an error reads "<where>: <exception as String()>", where is `load` or
 * the hook or function called). Both strings live only during the call.
 */
typedef void (*anima_bone_script_report)(void *user,
                                         anima_bone_script_report_kind kind,
                                         const char *script,
                                         const char *message);

/**
 * Sets the function that receives the scripts' `log` and `error` reports
 * (NULL: they are dropped). Scripts run while a state machine advances
 * (spec §9.1 steps 1, 3, 4, 13; §9.2 entering a state; §9.5 runScript).
 * Every call into a script is bounded: 50 ms of the thread's CPU time to
 * load, 16 ms per call, 16 MiB of heap per script instance
 * (docs/openbone/FORMAT.md "Scripts"). Scripts allocate (in their engine)
 * while the machine advances; a skeleton whose document has no scripts
 * allocates nothing for them.
 */
ANIMA_API void anima_bone_set_script_report(anima_bone_instance *instance,
                                            anima_bone_script_report report,
                                            void *user);

/**
 * clearOverrides() (spec §11): forgets every bone and slot override the
 * scripts set with ob.setBone / ob.slot; the next advance poses without
 * them. Nothing when no machine runs.
 */
ANIMA_API void
anima_bone_machine_clear_overrides(anima_bone_instance *instance);

/* ------------------------------------------------------------------------ */
/* Draw list (spec §8.2-§8.4) and bounds (§8.10)                             */
/* ------------------------------------------------------------------------ */

/** Attachment types of draw items (spec §8.4). */
typedef enum anima_bone_item_type {
  ANIMA_BONE_ITEM_REGION = 0,
  ANIMA_BONE_ITEM_MESH = 1,
  ANIMA_BONE_ITEM_SEQUENCE = 2,
  ANIMA_BONE_ITEM_PARTICLES = 3, /**< §8.8 one quad per particle */
  ANIMA_BONE_ITEM_TEXT = 4,      /**< §8.9 the text box quad */
  ANIMA_BONE_ITEM_SHAPE = 5,     /**< §8.5 outline, earcut indices */
} anima_bone_item_type;

/**
 * The text record of a text item (spec §8.9): what a host needs to draw
 * the text; the draw item's quad is its box. Colours are straight RGBA,
 * doubles as in the runtime (not clamped).
 */
typedef struct anima_bone_text {
  const char *text;     /**< formatTemplate(att.text) (§8.9), UTF-8 */
  const char *font;     /**< font family, e.g. "sans-serif" */
  double size;          /**< font size in skeleton units */
  double weight;        /**< CSS weight, e.g. 400 */
  const char *align;    /**< "left", "center" or "right" */
  double width, height; /**< the box */
  double color[4];      /**< fill: the attachment colour */
  bool has_outline;     /**< an outline is given */
  double outline_color[4];
  double outline_width;
  /** bone.world · [cos −sin; sin cos | x, y]: {a, b, c, d, x, y} with
   * world·(x, y) = (a·x + b·y + x0, c·x + d·y + y0), y up */
  double matrix[6];
} anima_bone_text;

/**
 * The font of the model's text attachment number `index` (every skin, in
 * skin, slot and attachment order; spec §8.9, FORMAT-NOTES Part B `Text`):
 * writes its family (`font`, default "sans-serif"), CSS `weight` (default
 * 400) and the attachment's JSON pointer (e.g.
 * "/skins/0/attachments/label/name") and its template (`text`), and
 * returns true; false past the last one. For hosts that open fonts before
 * drawing (include/anima/openbone_text.h). Any out pointer may be NULL; strings
 * are owned by the model.
 */
ANIMA_API bool anima_bone_model_text_font(const anima_bone_model *model,
                                          size_t index, const char **font,
                                          double *weight, const char **pointer,
                                          const char **text);

/** One item of the draw list. Arrays are owned by the instance. */
typedef struct anima_bone_draw_item {
  size_t slot;               /**< slot index */
  const char *attachment;    /**< the slot's current attachment name */
  anima_bone_item_type type; /**< region, mesh, sequence, particles, text
                                  or shape */
  const char *blend;         /**< slot blend name ("normal", …); the
                                  attachment's for particles */
  const char *texture;       /**< atlas page id when the image is packed
                                  (§8.7), else the image id,
                                  "@openbone/particle-dot" (circle and
                                  spark particles), or NULL */
  const float *vertices;     /**< world [x0, y0, …], float32 (§8.3) */
  const float *uvs;          /**< [u0, v0, …], float32, v down */
  size_t vertex_count;       /**< number of (x, y) pairs */
  const unsigned *indices;   /**< triangle indices into this item */
  size_t index_count;        /**< multiple of 3 */
  double color[4];           /**< slot colour × attachment colour */
  bool has_dark;             /**< dark colour present */
  double dark[4];            /**< slot dark colour */
  long clip; /**< index into anima_bone_masks of the mask clipping this
                  item (§8.4), or -1 */
  /** particles: straight RGBA per vertex (4 floats each, §8.8
   * `colors`), else NULL */
  const float *colors;
  /** text: the text record (§8.9), else NULL */
  const anima_bone_text *text;
} anima_bone_draw_item;

/** A clipping mask that became active during a draw list (spec §8.4). */
typedef struct anima_bone_mask {
  size_t slot;             /**< the clipping attachment's slot */
  const char *attachment;  /**< its name */
  const float *vertices;   /**< world polygon [x0, y0, …], float32 */
  size_t vertex_count;     /**< number of (x, y) pairs, ≥ 3 */
  const unsigned *indices; /**< earcut of the local vertices (§8.5) */
  size_t index_count;      /**< multiple of 3 */
} anima_bone_mask;

/**
 * Computes the draw list (spec §8.4) of the current pose into the
 * instance's buffers (sized at creation: no allocation) and returns the
 * number of items; `*items` points at them until the next call that
 * changes the instance.
 */
ANIMA_API size_t anima_bone_draw_list(anima_bone_instance *instance,
                                      const anima_bone_draw_item **items);

/**
 * The clipping masks that became active during the last
 * anima_bone_draw_list, in order (spec §8.4: a clipping attachment with ≥ 3
 * points met while no mask is active; it clips the items of the slots after
 * it up to and including the slot whose id is its `end`). `*masks` stays
 * valid like the draw list. Returns their number.
 */
ANIMA_API size_t anima_bone_masks(const anima_bone_instance *instance,
                                  const anima_bone_mask **masks);

/**
 * The most vertices (x, y pairs) and triangle indices one draw list of
 * `instance` can hold over all its items, fixed at creation: what a host
 * that copies draw lists (a renderer) preallocates.
 */
ANIMA_API void anima_bone_draw_capacity(const anima_bone_instance *instance,
                                        size_t *vertices, size_t *indices);

/** One current bounding box (spec §8.10). */
typedef struct anima_bone_box {
  size_t slot;                       /**< slot index */
  const char *attachment;            /**< attachment name */
  const float *vertices;             /**< world polygon, float32 */
  size_t vertex_count;               /**< number of (x, y) pairs, ≥ 3 */
  double min_x, min_y, max_x, max_y; /**< the box's own extent */
} anima_bone_box;

/**
 * The §8.10 snapshot: every slot in draw order whose bone is active and
 * whose current attachment is a bounding box with ≥ 6 numbers. Writes the
 * overall box to `bounds` {minX, minY, maxX, maxY} (all 0 without boxes)
 * and returns the number of boxes; `*boxes` as for the draw list.
 */
ANIMA_API size_t anima_bone_bounds(anima_bone_instance *instance,
                                   double bounds[4],
                                   const anima_bone_box **boxes);

/*
 * Queries of spec §8.10 (bounds.ts:SkeletonBounds) on the snapshot the last
 * anima_bone_bounds call of `instance` took (none before the first call:
 * no boxes). Points and segments are in skeleton space (y up), doubles;
 * box vertices are the snapshot's float32 values. "Inside a box" means
 * inside its own min/max (inclusive) and inside its polygon by the
 * even-odd rule (pointInPolygon: a crossing is counted for each edge
 * (v[j], v[i]), j the previous vertex, with (y[i] > y) ≠ (y[j] > y) and
 * x < (x[j] − x[i])·(y − y[i])/(y[j] − y[i]) + x[i]). None allocates.
 */

/** aabbContainsPoint: boxes exist and minX ≤ x ≤ maxX, minY ≤ y ≤ maxY. */
ANIMA_API bool
anima_bone_bounds_aabb_contains_point(const anima_bone_instance *instance,
                                      double x, double y);

/** aabbIntersects(x0, y0, x1, y1): boxes exist and x0 ≤ maxX, x1 ≥ minX,
 * y0 ≤ maxY, y1 ≥ minY. */
ANIMA_API bool
anima_bone_bounds_aabb_intersects(const anima_bone_instance *instance,
                                  double x0, double y0, double x1, double y1);

/**
 * containsPoint / containsPointAll: writes the indices (into the
 * snapshot's boxes, in order) of every box containing (x, y) to `out`, at
 * most `capacity` of them, and returns how many boxes contain it (which
 * may exceed `capacity`). containsPoint is out[0] when the result is > 0.
 */
ANIMA_API size_t
anima_bone_bounds_contains_point(const anima_bone_instance *instance, double x,
                                 double y, size_t *out, size_t capacity);

/**
 * intersectsSegment / intersectsSegmentAll for the segment (x1, y1)–(x2,
 * y2): a box is touched when the segment's bounding rectangle is not
 * strictly outside the box's min/max and some edge (v[j] → v[i], j the
 * previous vertex, starting with j = last) crosses the segment
 * (segmentsIntersect: parameters ua, ub both in [0, 1], parallel never),
 * or (x1, y1) is inside its polygon. Writes and returns as
 * anima_bone_bounds_contains_point.
 */
ANIMA_API size_t anima_bone_bounds_intersects_segment(
    const anima_bone_instance *instance, double x1, double y1, double x2,
    double y2, size_t *out, size_t capacity);

/**
 * intersectsBounds(other): false unless this snapshot's aabbIntersects
 * holds for `other`'s overall min/max; else the first pair (this box
 * outer loop, other's inner, both in order) whose min/max overlap
 * (inclusive) and where an edge of this box crosses an edge of other's, or
 * this box's first vertex is inside other's, or other's first vertex is
 * inside this box. Writes the pair's box indices to `pair` and returns
 * true; false when there is none.
 */
ANIMA_API bool
anima_bone_bounds_intersects_bounds(const anima_bone_instance *instance,
                                    const anima_bone_instance *other,
                                    size_t pair[2]);

/* ------------------------------------------------------------------------ */
/* Drawing through Anima's draw frame (include/anima/draw.h)                 */
/* ------------------------------------------------------------------------ */

/**
 * The lowering of an instance's draw list (spec §8.4) into an Anima draw
 * frame, so that Anima's backends (SVG, cairo) render skeletons. Skeleton
 * space is y up, the frame's y down: y is negated, x and the uvs are kept.
 * Items, in order: one SHAPE without layers per mask of the draw list
 * (`source_only`: drawn nowhere, only clipped with;
 * anima_bone_masks; its outline the mask's triangles), then per draw item
 * GROUP_BEGIN (the item's blend: "additive", "multiply", "screen", else
 * normal) · [CLIP_BEGIN on its mask's SHAPE when the item has `clip`] ·
 * MESH · [a SHAPE stroking a shape attachment's visible stroke: stroke
 * colour × slot colour, width in the slot bone's units, centred, miter
 * joins, placed by the bone's world matrix] · [CLIP_END] · GROUP_END. The
 * mesh is textured by the host's pixels for the item's `texture` id
 * (anima_bone_frame_set_texture) or, without them, by one white pixel;
 * each texel channel c becomes c·light + (1 − c)·dark (two-colour tint;
 * light = the item colour, dark = the slot's dark colour or 0) in a
 * per-item copy of the texels its uvs span (plus one a side; its uvs
 * remapped onto the copy), the item alpha is the mesh opacity (all
 * clamped to 0..1). A particle item (its `colors`, §8.8) is the exception:
 * its texture is drawn untinted at opacity 1 and every vertex carries its
 * colour (gradient × slot colour, alpha included, rounded to 8 bits) in
 * the frame's `vertex_colors`, which is opaque white for every other
 * item's vertices (draw.h; the dark colour is not applied to particles).
 * docs/openbone/README.md "Drawing" gives the reasons.
 */
typedef struct anima_bone_frame anima_bone_frame;

/** Largest texture side anima_bone_frame_set_texture accepts (pixels). */
#define ANIMA_BONE_TEXTURE_MAXIMUM 8192

/**
 * Creates the lowering for `instance` (tables sized for its largest draw
 * list). Returns ANIMA_OK with `*out` set, or ANIMA_ERROR_NO_MEMORY. The
 * instance's model must outlive the frame; free it with
 * anima_bone_frame_destroy.
 */
ANIMA_API anima_status anima_bone_frame_create(
    const anima_bone_instance *instance, anima_bone_frame **out);

/** Frees a frame. NULL is allowed. */
ANIMA_API void anima_bone_frame_destroy(anima_bone_frame *frame);

/**
 * Gives the pixels of texture `id` (an image or atlas page id, as in
 * anima_bone_draw_item.texture): `height` rows of `width` RGBA8 pixels,
 * straight alpha, `stride` bytes apart (≥ 4·width). The pixels are copied,
 * and the per-item tint buffers grow to what one item can sample of them
 * (an atlas page: its largest region plus a margin; else all of them);
 * a second call with the same id replaces them. Returns
 * ANIMA_ERROR_INVALID_ARGUMENT for NULL pointers, a side outside 1 to
 * ANIMA_BONE_TEXTURE_MAXIMUM or a short stride, ANIMA_ERROR_NO_MEMORY when
 * memory runs out (the frame is unchanged). Setup time only: allocates.
 */
ANIMA_API anima_status anima_bone_frame_set_texture(anima_bone_frame *frame,
                                                    const char *id,
                                                    const uint8_t *rgba,
                                                    int width, int height,
                                                    size_t stride);

/**
 * Supplies the outline of a text item (spec §8.9) for the lowering: called
 * by anima_bone_frame_build for each text draw item with the item's slot
 * and text record; returns the laid-out glyph outline in box coordinates
 * (skeleton units, origin at the box centre, x right, y down; filled by
 * the nonzero rule), owned by the outliner and valid until the build
 * returns, or NULL to draw nothing. It must not allocate if the build is
 * to stay allocation-free (openbone_text.h's anima_bone_glyphs_outline
 * allocates only to grow its bounded caches).
 */
typedef const anima_path *(*anima_bone_text_outliner)(
    void *user, size_t slot, const anima_bone_text *text);

/**
 * Sets (or with NULL removes) the text outliner of `frame`. Without one a
 * text item lowers to GROUP_BEGIN · [CLIP] · [CLIP_END] · GROUP_END and
 * draws nothing (its record stays in the draw list for hosts that draw
 * text). With one, the text item's MESH is replaced by a SHAPE whose
 * outline is the outliner's path, placed by the record's matrix (y
 * negated on both sides: frame (x, y) = (m0·x − m1·y + m4,
 * −m2·x + m3·y − m5) for box (x, y) y down), the item opacity the slot
 * alpha, and its layers, in order: when the record has an outline with
 * width > 0 and alpha > 0, a centred STROKE of width `outline_width` (box
 * units) with round joins and caps, colour slot colour × outline colour;
 * then a nonzero FILL of colour slot colour × fill colour (spec §8.4: the
 * slot colour is the item colour, the attachment colour the record's).
 * The stroke under the fill keeps the glyphs' shapes: half the outline
 * width shows outside them.
 */
ANIMA_API void anima_bone_frame_set_text_outliner(
    anima_bone_frame *frame, anima_bone_text_outliner outliner, void *user);

/**
 * Computes `instance`'s draw list (anima_bone_draw_list) and fills the draw
 * frame from it, with `view_box` {x, y, width, height} in frame units (y
 * down). The frame and what it points at stay valid until the next build
 * or destroy. Allocates nothing.
 */
ANIMA_API const anima_draw_frame *
anima_bone_frame_build(anima_bone_frame *frame, anima_bone_instance *instance,
                       const double view_box[4]);

/**
 * Grows `box` {minX, minY, maxX, maxY} (frame units: y down) by every vertex
 * of `instance`'s current draw list; returns false when the list has no
 * vertex (`box` unchanged). A host uses it to choose a view box.
 */
ANIMA_API bool anima_bone_draw_extent(anima_bone_instance *instance,
                                      double box[4]);

#ifdef __cplusplus
}
#endif

#endif
