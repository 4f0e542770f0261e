/*
 * compile_internal.h — helpers shared by the compile*.c sources, which turn
 * a validated document (jansson) into a model (model.h). Kernel-private.
 *
 * The compiler is defensive: validation should have refused every bad
 * document, but a shape the compiler does not expect still fails cleanly
 * (ANIMA_ERROR_INVALID_DOCUMENT) instead of crashing.
 */
#ifndef ANIMA_KERNEL_COMPILE_INTERNAL_H
#define ANIMA_KERNEL_COMPILE_INTERNAL_H

#include <string.h>
#include <jansson.h>

#include "model.h"

/** A block of the model's string storage. */
struct anima_model_string_block {
  struct anima_model_string_block *next;
  size_t used, capacity;
  char data[];
};

/** Zeroed memory owned by the model (16-byte aligned), freed with it;
 * NULL when out of memory (compile_module.c). */
void *anima_model_alloc(anima_model *model, size_t size);

/** Copies `string` into the model's storage; NULL when out of memory. */
const char *anima_model_intern(anima_model *model, const char *string);

/**
 * Makes room for one more item in a growable array: `*items` holds
 * `count` items of `size` bytes and room for `*capacity`. Returns false when
 * out of memory (the array is unchanged).
 */
bool anima_compile_grow(void **items, size_t count, size_t *capacity,
                        size_t size);

/** Appends one zeroed item and returns its index through `index`. */
#define ANIMA_COMPILE_APPEND(array, count, capacity, index)                    \
  (anima_compile_grow((void **)&(array), (count), &(capacity),                 \
                      sizeof *(array))                                         \
       ? (memset(&(array)[(count)], 0, sizeof *(array)), (index) = (count)++,  \
          true)                                                                \
       : false)

/** Compile state shared between the compile*.c sources. */
typedef struct anima_compiler {
  anima_model *model;
  const json_t *document;
  /* Capacities of the model arrays while they grow. */
  size_t node_capacity, slot_capacity, input_capacity;
  size_t timeline_capacity, track_capacity, key_capacity, event_capacity;
  size_t layer_capacity, state_capacity, transition_capacity, term_capacity;
  size_t pose_value_capacity, state_slot_capacity, layer_slot_capacity;
  size_t listener_capacity, action_capacity, color_slot_capacity;
  size_t declaration_capacity;
  size_t transition_hook_capacity, action_block_capacity;
  /** The state whose S(state) compile_state_writes extends (a state
   * kind's compile), or -1. */
  long writes_state;
  /** Where compile errors go (module compile hooks, rig-cycle ...). */
  anima_diagnostics *diagnostics;
} anima_compiler;

/** A number from a JSON number value, or `fallback` when `value` is not a
 * number. */
double anima_json_number_or(const json_t *value, double fallback);

/** A string of `object[key]`, or NULL when absent or not a string. */
const char *anima_json_string_member(const json_t *object, const char *key);

/** Parses a colour value (hex literal or declared slot) for a property or
 * key; false when it is neither. */
bool anima_compile_color(const anima_model *model, const char *text,
                         anima_color *out);

/**
 * Converts a JSON value to a property value of `type` (number, colour hex
 * literal or slot, bool). False when the JSON has the wrong type.
 */
bool anima_compile_value(const anima_model *model, const json_t *json,
                         anima_value_type type, anima_value *out);

/** Resolves an exact JSON address "<node-id>.<property>" to a slot, or -1. */
long anima_compile_address(const anima_model *model, const char *address);

/* The core action keys of `object` (fire, set, toggle, emit; a listener's,
 * or an action block's: state `entry`/`exit`, transition `actions`),
 * appended to model->actions: the range in `*first`, `*count`; expression
 * sets are counted into `*expressions` (and the model's limit). `at` is
 * the object's pointer, for diagnostics of its set values. */
anima_status anima_compile_action_block(anima_compiler *compiler,
                                        const json_t *object, const char *at,
                                        size_t *first, size_t *count,
                                        size_t *expressions);

/* An expression string written to an input of `type` (a `set` value): the
 * declared expression kind's compile (module.h anima_expression_kind_desc),
 * reporting module-compile at `pointer` when it fails without a report.
 * ANIMA_ERROR_INVALID_DOCUMENT when no declared kind compiles it. */
anima_status anima_compile_expression(anima_compiler *compiler,
                                      const char *text, anima_input_type type,
                                      const char *pointer,
                                      const anima_expression_kind_desc **kind,
                                      const void **data);

/** compile_nodes.c: colour slots, nodes, their static data and slots. */
anima_status anima_compile_nodes(anima_compiler *compiler);

/** compile_timelines.c: inputs and timelines (tracks, keys, events). */
anima_status anima_compile_inputs(anima_compiler *compiler);
anima_status anima_compile_timelines(anima_compiler *compiler);

/** compile_machine.c: layers, states, transitions, conditions. */
anima_status anima_compile_machine(anima_compiler *compiler);

/** compile_listeners.c: listeners, a11y and the whole-icon hit area. */
anima_status anima_compile_listeners(anima_compiler *compiler);

/** compile_module.c: the document's declared features (model->requires). */
anima_status anima_compile_requires_list(anima_compiler *compiler);

/**
 * compile_module.c: runs `lifecycle->compile` for `site` (module.h
 * anima_lifecycle) into `*data`, registers its release with the model, and
 * when `instance` is not NULL reserves the site's per-player memory
 * (lifecycle.instance_size) in the model's instance block: `*instance` is
 * its offset, or ANIMA_NO_INSTANCE. A failed compile without a diagnostic
 * of its own is reported as `module-compile` at the site (naming
 * `module`); returns ANIMA_ERROR_INVALID_DOCUMENT then.
 */
anima_status anima_compile_lifecycle(anima_compiler *compiler,
                                     const anima_lifecycle *lifecycle,
                                     void *user, const anima_site *site,
                                     const char *module, void **data,
                                     size_t *instance);

/** compile_stage.c: the document's stage hooks (per-model data, per-player
 * instances, stage order) and the random source's seed. */
anima_status anima_compile_stage_hooks(anima_compiler *compiler);
/** compile_module.c: the compiler behind a module's compile context. */
anima_compiler *anima_compile_compiler(anima_compile *compile);

struct anima_text;
/** What anima_compile_each_node calls for each node: its index in the
 * model, its JSON object and its pointer (the visit may append to the text;
 * it is cut back after). */
typedef anima_status (*anima_compile_node_visit)(void *context, size_t node,
                                                 const json_t *object,
                                                 struct anima_text *pointer);
/** compile_nodes.c: calls `visit` on every node of the document in
 * pre-order (the model's node order), stopping at the first status that is
 * not ANIMA_OK and returning it. */
anima_status anima_compile_each_node(anima_compiler *compiler,
                                     anima_compile_node_visit visit,
                                     void *context);

/** compile_module.c: per-node module data (outline hooks ...), after every
 * node is compiled. */
anima_status anima_compile_node_modules(anima_compiler *compiler);

/** The paint kinds of every node's fill and stroke with their per-model
 * data (compile_paints.c); after the timelines and the machine, so a paint
 * kind may ask which of its slots are animated. */
anima_status anima_compile_paint_kinds(anima_compiler *compiler);

/** A paint kind compiled for one fill or stroke object. */
typedef struct anima_model_paint_kind {
  const anima_paint_kind_desc *desc; /**< NULL: a solid colour */
  void *data;
  size_t stop_count;
} anima_model_paint_kind;

/** compile_paints.c: the paint kind `paint` (a fill or stroke object of
 * node `node`) selects, compiled at site PAINT with `pointer`, the slot
 * prefix `address` ("fill", "paints.2.stroke") and `index`; `out->desc` is
 * NULL for a solid colour. */
anima_status anima_compile_paint_kind(anima_compiler *compiler, size_t node,
                                      const json_t *paint, const char *pointer,
                                      const char *address, size_t index,
                                      anima_model_paint_kind *out);

/** compile_nodes.c: the colour source of a paint object's `color` (a hex
 * literal, a declared slot, currentColor; absent: a literal for a module
 * paint). ANIMA_ERROR_INVALID_DOCUMENT for anything else. */
anima_status anima_compile_paint_color(anima_model *model, const json_t *paint,
                                       anima_model_paint_color *out);

/** compile_nodes.c: the paint module's stroke keys (`scale`, `dash`) of a
 * stroke object: `*fixed`, and model-owned dash lengths (`*percent`:
 * fractions of the outline length) or none. */
anima_status anima_compile_stroke_pattern(anima_model *model,
                                          const json_t *stroke, bool *fixed,
                                          const double **dashes, size_t *count,
                                          bool *percent);

/** compile_module.c: frees module data owned by the model (memory blocks
 * and lifecycle.release callbacks). */
void anima_model_release_module_data(anima_model *model);

/** compile_solvers.c: the model's solvers, compiled and sorted once
 * (rig-cycle when their dependencies form a cycle). */
anima_status anima_compile_solvers(anima_compiler *compiler);

/** compile_derived.c: the derived read-only properties of the
 * document's declared features, per node. */
anima_status anima_compile_derived(anima_compiler *compiler);

/** compile_pose.c: the nodes whose transform a step can change. */
anima_status anima_compile_pose(anima_model *model);

/** compile_lookup.c: sorted lookup indices; called last. */
anima_status anima_compile_lookups(anima_model *model);

/** True for "$comment" members, which every loader ignores (SPEC §2). */
static inline bool anima_compile_is_comment(const char *key) {
  return key[0] == '$' && strcmp(key, "$comment") == 0;
}

#endif
