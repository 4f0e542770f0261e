/*
 * value_type.h — module value types in the kernel (module.h
 * anima_value_type_desc, docs/MODULES.md "Value types"): parsing document,
 * key and pose values through the type's `parse` with a value context,
 * compatibility with the rest value, hold or interpolated sampling and
 * crossfades, snapshot text, and the per-player cells of VECTOR values.
 * Kernel-private.
 *
 * VECTOR cells. A value of VECTOR storage points at an anima_vector. The
 * vectors of document values, keys and poses are model-owned and shared.
 * An interpolated vector lives in a per-player *cell* sized at player
 * creation (model->cell_bytes): one per slot (its resolved value) and
 * three per layer-domain position (the state's sample, the layer output
 * and the crossfade snapshot), so no two places share a cell. Assigning a
 * value from one place to another copies a cell's numbers into the
 * target's own cell; a model-owned vector is shared by pointer. `step`
 * allocates nothing.
 */
#ifndef ANIMA_KERNEL_VALUE_TYPE_H
#define ANIMA_KERNEL_VALUE_TYPE_H

#include <jansson.h>
#include <stdint.h>

#include "compile_internal.h"
#include "host_internal.h"
#include "model.h"

/** A block of scratch memory owned by a value context. */
typedef struct anima_value_block anima_value_block;

/**
 * A value being parsed (module.h anima_value_context). Made by validation
 * (reports become diagnostics; memory is scratch, freed by
 * anima_value_context_finish) or by compile (memory and strings are
 * model-owned; reports only mark the value as failed).
 */
struct anima_value_context {
  const anima_registry *registry;
  const char *pointer;       /**< JSON pointer of the value */
  anima_model *model;        /**< compile: owns memory and strings; else NULL */
  anima_value_block *blocks; /**< validation scratch */
  /** Node lookup by id (validation or compile), -1 when none. */
  long (*find_node)(void *owner, const char *id);
  /** Appends a diagnostic (validation), or NULL to drop reports. */
  void (*report)(void *owner, const char *pointer, const char *code,
                 const char *hint, const char *message);
  void *owner;
  bool reported; /**< a report was made */
  bool out_of_memory;
};

/** Releases a context's scratch memory (values parsed with it die). */
void anima_value_context_finish(anima_value_context *context);

/** The desc of value type `type` when it is a module type, else NULL. */
const anima_value_type_desc *
anima_value_type_find(const anima_registry *registry, anima_value_type type);

/** True when values of `type` hold (booleans and HOLD module types). */
bool anima_value_type_holds(const anima_registry *registry,
                            anima_value_type type);

/**
 * Parses `json` as a value of module type `type` (its `parse`, or the
 * storage's default parse when it has none) into `out`. False when it
 * does not parse; the failure was reported through the context (code
 * `value-type` when the type reported nothing itself).
 */
bool anima_value_parse(anima_value_context *context, anima_value_type type,
                       const json_t *json, anima_value *out);

/**
 * The rest value the type derives for a node whose document has no value
 * at `address` (module.h `node_rest`: a morphing path drawn from a glyph).
 * False, with `out` untouched, when the type has no `node_rest` or it gives
 * none; then the property's default is the rest.
 */
bool anima_value_node_rest(anima_value_context *context, anima_value_type type,
                           const json_t *document, const json_t *node,
                           const char *address, anima_value *out);

/** The type's `compatible` of `other` with the rest value (true without
 * one; false reported through the context). */
bool anima_value_compatible(anima_value_context *context,
                            const anima_value *rest, const anima_value *other);

/* ---- compile ------------------------------------------------------------ */

/** Parses a key or pose value of module type `type` into model memory.
 * INVALID_DOCUMENT when it does not parse (validation reported why). */
anima_status anima_compile_module_value(anima_compiler *compiler,
                                        const json_t *json,
                                        anima_value_type type,
                                        anima_value *out);

/** The rest values of module-typed slots (their document values), once
 * every node is compiled; and their animation (hold or interpolated). */
anima_status anima_compile_value_rests(anima_compiler *compiler);

/** Sizes the per-player VECTOR cells (model->cell_bytes, slot_cells,
 * domain_cells) once the machine is compiled. */
anima_status anima_compile_value_cells(anima_compiler *compiler);

/* ---- sampling ----------------------------------------------------------- */

/** The three cells of a layer-domain entry (model->domain_cells). */
enum {
  ANIMA_CELL_SAMPLE = 0,
  ANIMA_CELL_OUTPUT = 1,
  ANIMA_CELL_FADE = 2,
};

/** A module value between keys a and b at eased weight `w` (SPEC §5): a
 * HOLD type takes a; an interpolated one a at w = 0, b at w = 1 and the
 * type's `lerp` in between (into `cell` for VECTOR values). */
anima_value anima_module_value_sample(const anima_model *model,
                                      const anima_value *a,
                                      const anima_value *b, double w,
                                      anima_vector *cell);

/** A module value through a crossfade from a to b at weight `w` (SPEC §7
 * lerp): HOLD types take b from the start (like motion's discrete
 * channels, docs/DECISIONS.md), interpolated ones as above. */
anima_value anima_module_value_fade(const anima_model *model,
                                    const anima_value *a, const anima_value *b,
                                    double w, anima_vector *cell);

/** Copies `source` into `*target` whose own cell is `target_cell` (NULL
 * for a value that is not a VECTOR): a vector in another cell of `cells`
 * (the player's cell block, `cell_bytes` long) is copied number by
 * number, never shared by pointer. */
static inline void anima_value_assign(anima_value *target,
                                      anima_vector *target_cell,
                                      const anima_value *source,
                                      const unsigned char *cells,
                                      size_t cell_bytes) {
  *target = *source;
  if (!target_cell) {
    return;
  }
  const unsigned char *pointer = (const unsigned char *)source->as.vector;
  if (pointer && pointer >= cells && pointer < cells + cell_bytes &&
      source->as.vector != target_cell) {
    /* Every cell of a slot holds its longest vector (compile). */
    const anima_vector *vector = source->as.vector;
    target_cell->count = vector->count;
    target_cell->shape = vector->shape;
    memcpy(target_cell->numbers, vector->numbers,
           vector->count * sizeof(double));
    target->as.vector = target_cell;
  }
}

#endif
