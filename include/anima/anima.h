/*
 * anima.h — the public C API of libanima, the Anima kernel.
 *
 * Conventions (docs/STYLE.md): opaque handles; functions are named
 * anima_<object>_<verb>; every call that can fail returns an anima_status;
 * document problems are reported as diagnostics (SPEC §2 "Strictness",
 * §11.3), never printed. Units follow SPEC §2: lengths in grid units (y down),
 * time in seconds, angles in degrees (positive clockwise).
 *
 * Ownership: objects returned through `**out` parameters belong to the caller
 * and are released with the matching _destroy function. Strings returned by
 * the library stay valid as long as the object they came from.
 *
 * Thread safety: a runtime and its models are immutable once documents are
 * loaded and may be shared between threads; a player must be used by one
 * thread at a time.
 */
#ifndef ANIMA_ANIMA_H
#define ANIMA_ANIMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define ANIMA_API __attribute__((visibility("default")))
#define ANIMA_PRINTF(format_index, first_argument)                             \
  __attribute__((format(printf, format_index, first_argument)))
#else
#define ANIMA_API
#define ANIMA_PRINTF(format_index, first_argument)
#endif

/* ------------------------------------------------------------------------ */
/* Status                                                                    */
/* ------------------------------------------------------------------------ */

/** Result of an API call. Document problems are diagnostics, not statuses. */
typedef enum anima_status {
  ANIMA_OK = 0,
  /** A NULL handle, non-finite number or other misuse of the API. */
  ANIMA_ERROR_INVALID_ARGUMENT,
  /** An allocation failed. */
  ANIMA_ERROR_NO_MEMORY,
  /** The document (or module) has errors; see the diagnostics list. */
  ANIMA_ERROR_INVALID_DOCUMENT,
  /** An input name that the document does not declare (SPEC §8). */
  ANIMA_ERROR_UNKNOWN_INPUT,
  /** An input write of the wrong type, e.g. set_number on a bool (SPEC §8). */
  ANIMA_ERROR_INPUT_TYPE,
  /** An address that names no property of the model. */
  ANIMA_ERROR_UNKNOWN_ADDRESS,
  /** A module could not be found, opened or accepted. */
  ANIMA_ERROR_MODULE,
  /** A file could not be read. */
  ANIMA_ERROR_IO,
  /** A renderer cannot draw something the draw frame holds; see the
   * `unsupported-render` diagnostics (anima_draw_frame_check, draw.h). */
  ANIMA_ERROR_UNSUPPORTED,
  /** An operation (module.h anima_player_invoke) no loaded module
   * registers, or of a feature the document does not declare. */
  ANIMA_ERROR_UNKNOWN_OPERATION,
} anima_status;

/** A short English name for a status, e.g. "unknown input". Never NULL. */
ANIMA_API const char *anima_status_name(anima_status status);

/* ------------------------------------------------------------------------ */
/* Diagnostics (SPEC §2 Strictness, §11.3)                                   */
/* ------------------------------------------------------------------------ */

typedef enum anima_severity {
  ANIMA_SEVERITY_ERROR = 0,
  ANIMA_SEVERITY_WARNING = 1,
} anima_severity;

/** One problem found in a document, script or module. */
typedef struct anima_diagnostic {
  const char *code;        /**< §11.3 code, e.g. "bad-color". */
  anima_severity severity; /**< error or warning. */
  const char *pointer;     /**< RFC 6901 pointer to the offending value. */
  const char *message;     /**< One English sentence. */
  const char *hint; /**< A fix, e.g. `did you mean "rotate"?`; or NULL. */
  int line;   /**< 1-based source line (AniML, json-syntax), 0 if unknown. */
  int column; /**< 1-based source column, 0 if unknown. */
} anima_diagnostic;

/** An ordered list of diagnostics. Owned by whoever created it. */
typedef struct anima_diagnostics anima_diagnostics;

/** Creates an empty list. Returns NULL when out of memory. */
ANIMA_API anima_diagnostics *anima_diagnostics_create(void);
/** Frees the list and every string in it. NULL is allowed. */
ANIMA_API void anima_diagnostics_destroy(anima_diagnostics *diagnostics);
/** Removes every diagnostic. */
ANIMA_API void anima_diagnostics_clear(anima_diagnostics *diagnostics);
/** Number of diagnostics in the list. */
ANIMA_API size_t anima_diagnostics_count(const anima_diagnostics *diagnostics);
/** Number of diagnostics with severity error. */
ANIMA_API size_t
anima_diagnostics_error_count(const anima_diagnostics *diagnostics);
/** The diagnostic at `index` (0-based, < count), or NULL when out of range. */
ANIMA_API const anima_diagnostic *
anima_diagnostics_get(const anima_diagnostics *diagnostics, size_t index);
/**
 * Appends a diagnostic. `code` and `pointer` are copied; `hint` may be NULL;
 * `message_format` is printf-style. Returns ANIMA_ERROR_NO_MEMORY on failure.
 */
ANIMA_API anima_status anima_diagnostics_add(
    anima_diagnostics *diagnostics, const char *code, anima_severity severity,
    const char *pointer, const char *hint, const char *message_format, ...)
    ANIMA_PRINTF(6, 7);
/** Sets the source position of the diagnostic at `index`. */
ANIMA_API void anima_diagnostics_set_position(anima_diagnostics *diagnostics,
                                              size_t index, int line,
                                              int column);
/** Appends a copy of every diagnostic of `source` to `target`, in order. */
ANIMA_API anima_status anima_diagnostics_append(
    anima_diagnostics *target, const anima_diagnostics *source);

/* ------------------------------------------------------------------------ */
/* Runtime: the registry plus the feature modules loaded into it             */
/* ------------------------------------------------------------------------ */

typedef struct anima_runtime anima_runtime;

/**
 * Creates a runtime with the core 0.1 format registered (SPEC §2-§10) and no
 * optional modules. Returns NULL when out of memory.
 */
ANIMA_API anima_runtime *anima_runtime_create(void);
/** Frees the runtime and unloads its modules. Every model made from it must
 * have been destroyed first. NULL is allowed. */
ANIMA_API void anima_runtime_destroy(anima_runtime *runtime);

/**
 * Adds `directory` to the directories searched for module files, before
 * the ANIMA_MODULE_PATH environment variable and the install directories
 * (docs/MODULES.md "Loading"). Directories added earlier are searched
 * first; the path is copied. Errors: ANIMA_ERROR_INVALID_ARGUMENT for a
 * NULL runtime or a NULL or empty directory, ANIMA_ERROR_NO_MEMORY.
 */
ANIMA_API anima_status anima_runtime_add_module_directory(
    anima_runtime *runtime, const char *directory);
/**
 * Loads the feature module that provides `feature` (e.g. "corners") and,
 * first, the modules it depends on. The search path is: the directories
 * added with anima_runtime_add_module_directory, the directories of the
 * ANIMA_MODULE_PATH environment variable (colon separated), then
 * `anima/modules-<ABI major>` beside the loaded libanima.so when it exists
 * and differs from the install directory (a staged or moved install), then
 * the install directory (`moduledir` of anima.pc). The first
 * `anima-<feature>.so` found is loaded; when no file has that name, the first
 * module on the path whose descriptor lists `feature` is. Loading a feature the
 * runtime has is a no-op. On failure returns ANIMA_ERROR_MODULE and appends a
 * diagnostic with code "module-load" (missing module, ABI mismatch, a
 * dependency's own failure, bad descriptor, failed init, conflicts, ordering
 * cycles) naming the file and the reason; nothing of a refused module stays
 * registered.
 */
ANIMA_API anima_status
anima_runtime_load_module(anima_runtime *runtime, const char *feature,
                          anima_diagnostics *diagnostics);
/** Loads one module from an explicit shared-object path (named
 * `anima-<name>.so`). Errors as above; a file of another name is a
 * "module-load" error too. A file that failed, whatever the reason, is
 * listed as not loaded by anima_runtime_module_report (module.h). */
ANIMA_API anima_status anima_runtime_load_module_file(
    anima_runtime *runtime, const char *path, anima_diagnostics *diagnostics);
/**
 * Loads every module found on the search path (what the CLI does): in
 * search order, each directory's `anima-*.so` files by name; a module name
 * already loaded from an earlier directory is skipped. Modules that fail
 * are reported in `diagnostics` and the others stay loaded; returns
 * ANIMA_ERROR_MODULE when any failed. anima_runtime_module_report
 * (module.h) lists every module seen, loaded or not.
 */
ANIMA_API anima_status anima_runtime_load_all_modules(
    anima_runtime *runtime, anima_diagnostics *diagnostics);
/**
 * Loads exactly the modules a document needs, for embedders (SPEC §2
 * `requires`): for every feature the document's `requires` lists that the
 * runtime lacks, the module providing it (found as by
 * anima_runtime_load_module) and its dependencies. `text` is `.ani` JSON
 * (`length` bytes). The document is not validated here: text that does
 * not parse, or has no `requires` array, loads nothing and is not an error
 * (anima_model_load reports it). Errors: ANIMA_ERROR_MODULE with one
 * `module-load` diagnostic per feature that could not be loaded, its
 * pointer `/requires/<index>` (the document's load then reports
 * `unknown-feature` for it); ANIMA_ERROR_INVALID_ARGUMENT for a NULL
 * runtime, or NULL text with `length` > 0.
 */
ANIMA_API anima_status
anima_runtime_load_required(anima_runtime *runtime, const char *text,
                            size_t length, anima_diagnostics *diagnostics);
/** True when `feature` (e.g. "knockout", "corners") is available. */
ANIMA_API bool anima_runtime_has_feature(const anima_runtime *runtime,
                                         const char *feature);

/* ------------------------------------------------------------------------ */
/* Models: compiled, immutable documents (SPEC §2-§10)                       */
/* ------------------------------------------------------------------------ */

typedef struct anima_model anima_model;

/**
 * Parses and validates `.ani` text (UTF-8 JSON, `length` bytes) and compiles
 * it. Every error and warning found is appended to `diagnostics` (which may
 * be NULL to discard them). Returns ANIMA_OK and a model in `*out` only when
 * there are no errors (warnings allowed); otherwise
 * ANIMA_ERROR_INVALID_DOCUMENT and `*out` is NULL (SPEC §2: nothing loads
 * partially). The runtime must outlive the model.
 */
ANIMA_API anima_status anima_model_load(anima_runtime *runtime,
                                        const char *text, size_t length,
                                        anima_diagnostics *diagnostics,
                                        anima_model **out);
/**
 * Validates `.ani` text: exactly the diagnostics that anima_model_load would
 * report, without keeping a model. A document that validates and declares
 * features (`requires`) is compiled once and the model discarded, so errors
 * only compiling finds — all of them reported by modules: `rig-cycle` in
 * the solve order (SPEC rig "Rig stage and extension contract"), module
 * compile hooks — are reported too. Unlike a load it does not freeze the
 * registry: modules may still be loaded afterwards. Returns ANIMA_OK when
 * there are no errors, ANIMA_ERROR_INVALID_DOCUMENT when there are,
 * ANIMA_ERROR_NO_MEMORY on allocation failure.
 */
ANIMA_API anima_status anima_document_validate(anima_runtime *runtime,
                                               const char *text, size_t length,
                                               anima_diagnostics *diagnostics);
/** Frees a model. Players made from it must have been destroyed. */
ANIMA_API void anima_model_destroy(anima_model *model);

/** The runtime the model was loaded with. */
ANIMA_API const anima_runtime *anima_model_runtime(const anima_model *model);

/* ------------------------------------------------------------------------ */
/* Values                                                                    */
/* ------------------------------------------------------------------------ */

/**
 * The type of an animatable property or input value: the core types below,
 * or a module value type's id (>= ANIMA_VALUE_MODULE_FIRST, assigned when
 * the type is registered; module.h `anima_value_type_desc`).
 */
typedef uint16_t anima_value_type;
enum {
  ANIMA_VALUE_NUMBER = 0, /**< binary64 */
  ANIMA_VALUE_COLOR = 1,  /**< 8-bit RGBA, see anima_color */
  ANIMA_VALUE_BOOL = 2,
  /** The first id of module value types (int, string, point, path ...). */
  ANIMA_VALUE_MODULE_FIRST = 16,
};

/** A colour as four 8-bit channels, non-premultiplied sRGB (SPEC §5, §6). */
typedef struct anima_color {
  uint8_t r, g, b, a;
} anima_color;

/**
 * The numbers of a vector value (a path's arguments for paint's path
 * morphs): `count` numbers and the type's own immutable `shape` (the
 * command list). Model-owned for document values and keys; interpolated
 * values live in per-player cells.
 */
typedef struct anima_vector {
  size_t count;
  const void *shape;
  double numbers[];
} anima_vector;

/** A typed property value. Module value types use the member their
 * storage names (module.h `anima_value_storage`). */
typedef struct anima_value {
  anima_value_type type;
  union {
    double number;
    anima_color color;
    bool boolean;
    int64_t integer;
    double point[2];
    const char *text;
    long reference;
    const anima_vector *vector;
  } as;
} anima_value;

/* ------------------------------------------------------------------------ */
/* Inputs (SPEC §8)                                                          */
/* ------------------------------------------------------------------------ */

typedef enum anima_input_type {
  ANIMA_INPUT_BOOL = 0,
  ANIMA_INPUT_NUMBER = 1,
  ANIMA_INPUT_TRIGGER = 2,
} anima_input_type;

/** Number of inputs the document declares, in document order. */
ANIMA_API size_t anima_model_input_count(const anima_model *model);
/** Name of input `index`, or NULL when out of range. */
ANIMA_API const char *anima_model_input_name(const anima_model *model,
                                             size_t index);
/** Type of input `index` (ANIMA_INPUT_BOOL when out of range). */
ANIMA_API anima_input_type anima_model_input_type(const anima_model *model,
                                                  size_t index);
/** Index of the input named `name`, or -1 when there is none. */
ANIMA_API long anima_model_input_find(const anima_model *model,
                                      const char *name);

/** Number of the default machine's layers, in declaration order (SPEC §7).
 * The layers of named machines (SPEC motion "Explicit runtime instances")
 * follow at indices count .. anima_model_layer_total − 1. */
ANIMA_API size_t anima_model_layer_count(const anima_model *model);
/** Number of layers including those of the named machines (`machines`),
 * machine after machine in document order; equal to
 * anima_model_layer_count for a document without `machines`. */
ANIMA_API size_t anima_model_layer_total(const anima_model *model);
/** Number of named machine definitions (SPEC motion `machines`), in
 * document order. */
ANIMA_API size_t anima_model_machine_count(const anima_model *model);
/** Name of named machine `index`, or NULL when out of range. */
ANIMA_API const char *anima_model_machine_name(const anima_model *model,
                                               size_t index);
/** The layers of named machine `index`: their count, the index of the
 * first (a layer index for anima_model_layer_name, anima_player_layer_state
 * and the introspection calls) in `*first` (may be NULL). 0 when out of
 * range. */
ANIMA_API size_t anima_model_machine_layers(const anima_model *model,
                                            size_t index, size_t *first);
/** Index of the named machine `name`, or -1 when there is none. */
ANIMA_API long anima_model_machine_find(const anima_model *model,
                                        const char *name);
/** Name of layer `index` (below anima_model_layer_total), or NULL when out
 * of range. A named machine's layer is named "<machine>/<layer>", the
 * layer name its events carry (anima_event.layer is its index). */
ANIMA_API const char *anima_model_layer_name(const anima_model *model,
                                             size_t index);

/* ------------------------------------------------------------------------ */
/* The root a11y (SPEC §10)                                                  */
/* ------------------------------------------------------------------------ */

/** The role of the document's root `a11y` (SPEC §10). */
typedef enum anima_a11y_role {
  ANIMA_ROLE_NONE = 0, /**< no `a11y`, or one without a role */
  ANIMA_ROLE_BUTTON,   /**< focusable; Enter/Space activate */
  ANIMA_ROLE_SWITCH,   /**< focusable; `aria-checked` follows `pressed` */
  ANIMA_ROLE_IMG,      /**< an image; not focusable */
} anima_a11y_role;

/**
 * The root a11y role (SPEC §10). ANIMA_ROLE_NONE when the document has no
 * `a11y`, no role, or `model` is NULL. A host writes BUTTON and SWITCH as a
 * focusable element with that role and the label; IMG and NONE as
 * `role="img"` with the label, or hidden from assistive technology when
 * there is no label.
 */
ANIMA_API anima_a11y_role anima_model_a11y_role(const anima_model *model);
/** The root a11y `label` (the accessible name), or NULL when there is none
 * (or `model` is NULL). Owned by the model. */
ANIMA_API const char *anima_model_a11y_label(const anima_model *model);
/**
 * Index of the input that the root a11y's `activate` names (a trigger that
 * Enter/Space fire, or a bool they toggle), or -1 when there is none. Pass
 * it to anima_model_input_name / anima_model_input_type.
 */
ANIMA_API long anima_model_a11y_activate(const anima_model *model);
/** Index of the bool input `pressed` names (what `aria-pressed` of a button
 * or `aria-checked` of a switch follows), or -1 when there is none. */
ANIMA_API long anima_model_a11y_pressed(const anima_model *model);
/** Index of the bool input `held` names (true while Enter or Space is held
 * down, see anima_player_key_down), or -1 when there is none. */
ANIMA_API long anima_model_a11y_held(const anima_model *model);

/* ------------------------------------------------------------------------ */
/* Players (SPEC §7-§10)                                                     */
/* ------------------------------------------------------------------------ */

typedef struct anima_player anima_player;

/**
 * Creates a player: every input at its default, every layer in its initial
 * state at time 0 with no crossfade, values resolved (SPEC §7 first
 * paragraph). The model must outlive the player. Returns NULL when out of
 * memory or when `model` is NULL.
 */
ANIMA_API anima_player *anima_player_create(const anima_model *model);
/** Frees a player. NULL is allowed. */
ANIMA_API void anima_player_destroy(anima_player *player);

/**
 * Queues a write of a bool input for the next step (SPEC §7 stage 1).
 * Returns ANIMA_ERROR_UNKNOWN_INPUT for an undeclared name and
 * ANIMA_ERROR_INPUT_TYPE when the input is not a bool.
 */
ANIMA_API anima_status anima_player_set_bool(anima_player *player,
                                             const char *input, bool value);
/**
 * Queues a write of a number input; the value is clamped to the input's
 * min/max when the write is applied. A non-finite value is
 * ANIMA_ERROR_INVALID_ARGUMENT. Other errors as anima_player_set_bool.
 */
ANIMA_API anima_status anima_player_set_number(anima_player *player,
                                               const char *input, double value);
/** Queues a fire of a trigger input (errors as anima_player_set_bool). */
ANIMA_API anima_status anima_player_fire(anima_player *player,
                                         const char *input);
/** Queues a toggle of a bool input (errors as anima_player_set_bool). */
ANIMA_API anima_status anima_player_toggle(anima_player *player,
                                           const char *input);
/** Reads an input's applied value (triggers: 1 when pending, else 0). */
ANIMA_API anima_status anima_player_get_input(const anima_player *player,
                                              const char *input,
                                              anima_value *out);

/**
 * Pointer events in grid units (SPEC §9). Each updates which listener targets
 * are under the pointer and queues the listeners' actions for the next step;
 * hosts call anima_player_step(player, 0) right after. `leave` cancels a
 * press and leaves every target. Non-finite coordinates are
 * ANIMA_ERROR_INVALID_ARGUMENT.
 */
ANIMA_API anima_status anima_player_pointer_move(anima_player *player, double x,
                                                 double y);
ANIMA_API anima_status anima_player_pointer_down(anima_player *player, double x,
                                                 double y);
ANIMA_API anima_status anima_player_pointer_up(anima_player *player, double x,
                                               double y);
ANIMA_API anima_status anima_player_pointer_leave(anima_player *player);

/**
 * The paint rank of node `node` (an index of introspect.h, document
 * pre-order): its index in a pre-order walk of the nodes whose sibling lists
 * follow the player's current draw order (composite "Sibling draw order";
 * without reordering, the node index itself). A higher rank paints later:
 * foremost means latest painted. Returns `node` for a NULL player or an index
 * out of range.
 */
ANIMA_API size_t anima_player_paint_rank(const anima_player *player,
                                         size_t node);

/**
 * The foremost node hit at grid point (x, y) (SPEC §9 painted areas, no
 * padding): of the painted nodes whose visible fills or strokes contain the
 * point — within every clip of the node and its ancestors, and drawn where
 * they stand — the one with the highest paint rank, in `*node`; -1 when
 * none. ANIMA_ERROR_INVALID_ARGUMENT for NULL arguments or a non-finite
 * point.
 */
ANIMA_API anima_status anima_player_hit_node(const anima_player *player,
                                             double x, double y, long *node);

/**
 * Resets the player's deterministic random source to `seed` (SPEC machine
 * chapter, "Deterministic random selection"; §11.2 `seed <n>`). Every
 * player owns one unsigned 32-bit source, starting at the document's
 * `machineSeed` when a module declares it, else 0x6d2b79f5 (1831565813).
 * Each draw (a module's step_random, module.h) first advances it,
 * seed = (1664525·seed + 1013904223) mod 2^32, then returns seed / 2^32 in
 * [0, 1). Identical seeds, inputs and steps give identical draws.
 * Returns ANIMA_ERROR_INVALID_ARGUMENT for a NULL player.
 */
ANIMA_API anima_status anima_player_seed(anima_player *player, uint32_t seed);

/** Keys of the root a11y activation model (SPEC §10). */
typedef enum anima_key {
  ANIMA_KEY_ENTER = 0,
  ANIMA_KEY_SPACE = 1,
} anima_key;

/**
 * Key down for the root `a11y` button/switch (SPEC §10): Enter activates on
 * a down that is not a repeat; Space activates on its up; the `held` bool is
 * true while either key is down. A document without a button/switch role
 * ignores keys and returns ANIMA_OK.
 */
ANIMA_API anima_status anima_player_key_down(anima_player *player,
                                             anima_key key, bool repeat);
/** Key up; see anima_player_key_down. */
ANIMA_API anima_status anima_player_key_up(anima_player *player, anima_key key);

/**
 * Turns reduced motion on or off; takes effect at the next step, including
 * for active play states (SPEC §10).
 */
ANIMA_API void anima_player_set_reduced_motion(anima_player *player,
                                               bool reduced);

/** What a module attaches to a reported event (anima/events.h). */
struct anima_event_detail;

/** One reported event (SPEC §7 "Timeline events"). */
typedef struct anima_event {
  const char *name; /**< event name, e.g. "ding", "@limit" */
  long layer;       /**< layer index, or -1 for listener events (null) */
  double time;      /**< timeline time of the event; 0 for emit */
  /** Appended (ABI 2.0): what a module attached to this occurrence (the
   * events module's payload, URL and audio request; anima/events.h), or
   * NULL. Owned by the model or the player; valid as `events` is. */
  const struct anima_event_detail *detail;
} anima_event;

/** What a step returns (SPEC §7 stage 6). */
typedef struct anima_step_result {
  const anima_event *events; /**< owned by the player; valid until the next
                                  call that changes the player */
  size_t event_count;
  bool settled;
} anima_step_result;

/**
 * Advances the player by `dt` seconds (finite, >= 0) following SPEC §7
 * stages 1-6. Does not allocate, except to grow the event buffer the first
 * time a step reports more events than ever before. A settled player with
 * no queued input does no work. Returns ANIMA_ERROR_INVALID_ARGUMENT for a
 * negative or non-finite dt.
 */
ANIMA_API anima_status anima_player_step(anima_player *player, double dt,
                                         anima_step_result *out);

/** Total of every dt stepped so far, in seconds. */
ANIMA_API double anima_player_time(const anima_player *player);

/**
 * Reads the current resolved value of a property by its JSON address
 * ("swing.rotate", "wave.stroke.trimEnd"), or a derived read-only property
 * of a declared feature (module.h anima_derived_property_desc:
 * "arm.world.x", computed from the current values and pose).
 * ANIMA_ERROR_UNKNOWN_ADDRESS when the model has no such property.
 */
ANIMA_API anima_status anima_player_read(const anima_player *player,
                                         const char *address, anima_value *out);

/** Name of the current state of layer `layer_index` (below
 * anima_model_layer_total), or NULL if out of range or when the layer
 * belongs to a named machine that has no instance in this player yet (an
 * instance is made by the motion module's `machine` operation). */
ANIMA_API const char *anima_player_layer_state(const anima_player *player,
                                               size_t layer_index);

/* Properties and snapshots (SPEC §11.2 snapshot values) ------------------- */

/**
 * Number of node properties of the model: every registry property that
 * exists on a node (animatable or static, such as a rect's x0), in
 * document node order. Indices 0 .. count-1 name them below. Derived
 * read-only properties (module.h anima_derived_property_desc: "arm.world.x")
 * follow at indices count, count+1 ...: anima_model_property_find returns
 * them, anima_model_property_address names them and
 * anima_player_read_property reads them; they are neither animated nor
 * animatable, and no track, pose, binding or guard can name them.
 */
ANIMA_API size_t anima_model_property_count(const anima_model *model);
/** JSON address of property `index` ("wave.stroke.trimEnd"), or NULL. */
ANIMA_API const char *anima_model_property_address(const anima_model *model,
                                                   size_t index);
/** True when some track or pose writes property `index` (the addresses of
 * a default snapshot, SPEC §11.2). */
ANIMA_API bool anima_model_property_animated(const anima_model *model,
                                             size_t index);
/** True when property `index` may be animated (not static like x0). */
ANIMA_API bool anima_model_property_animatable(const anima_model *model,
                                               size_t index);
/**
 * Index of the property at `address`, given as a JSON address or with an
 * AniML property spelling ("ring.trimEnd" for "ring.stroke.trimEnd",
 * SPEC §11.2); the exact JSON address wins. -1 when there is none.
 */
ANIMA_API long anima_model_property_find(const anima_model *model,
                                         const char *address);
/** Current resolved value of property `index` (a derived property's value
 * computed now); ANIMA_ERROR_UNKNOWN_ADDRESS when out of range. */
ANIMA_API anima_status anima_player_read_property(const anima_player *player,
                                                  size_t index,
                                                  anima_value *out);
/**
 * Creates a player as anima_player_create, with reduced motion already on
 * or off before its initial states are entered (SPEC §10), as a host that
 * knows the preference up front does. anima_player_create is this with
 * `reduced_motion` false.
 */
ANIMA_API anima_player *
anima_player_create_with_motion(const anima_model *model, bool reduced_motion);
/**
 * The inspector view of timeline scrubbing (SPEC §11.4): sets the player's
 * values to timeline `timeline` (an index of anima_model_timeline_count,
 * introspect.h) sampled at `time` seconds clamped to [0, duration] (SPEC
 * §5 "Sampling"; the loop mode plays no part) over the document rest
 * values: every animated property the timeline does not write shows its
 * rest value. The result is clamped as stage 4 would, and the modules'
 * pose stages (LAYOUT, solvers, POSE, END) run with dt 0, so reads, draw
 * frames and hit tests show the sample. The state machine does not
 * advance: layer states, clocks, inputs, the player's time and the last
 * step's events are unchanged and no event is reported. The next
 * anima_player_step resolves the layers again (it never sleeps through
 * it). Allocates nothing. Errors: ANIMA_ERROR_INVALID_ARGUMENT for a NULL
 * player, a timeline out of range or a non-finite time.
 */
ANIMA_API anima_status anima_player_show_timeline(anima_player *player,
                                                  size_t timeline, double time);
/** True when reduced motion is on (or requested for the next step). */
ANIMA_API bool anima_player_reduced_motion(const anima_player *player);
/** Result of the last step: settled (SPEC §7); false before the first. */
ANIMA_API bool anima_player_settled(const anima_player *player);

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_ANIMA_H */
