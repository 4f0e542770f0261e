/*
 * machine.h — what the files of the `machine` module share (SPEC
 * `## machine`, docs/modules/machine.md):
 *
 *   machine.c         registration: kinds, fields, codes, hooks
 *   machine_model.c   per-model tables (states, inputs, action blocks) and
 *                     the per-player record: current states, the
 *                     previous-value baseline, pending end actions
 *   machine_states.c  the state kinds entry, exit, any and random
 *   machine_blend.c   blend states (`mix`: 1d, direct, additive)
 *   machine_edges.c   the transition hook: disabled, exitRatio,
 *                     blendRatio, change, guard, actions, endActions
 *   machine_check.c   the chapter's semantic diagnostics
 *
 * Module-private: nothing here is part of the ABI.
 */
#ifndef ANIMA_MACHINE_H
#define ANIMA_MACHINE_H

#include <stdint.h>

#include <anima/module.h>

/** The feature every entry of this module belongs to. */
#define MACHINE_FEATURE "machine"
/** The name of the stage hooks whose data and instance the edges share. */
#define MACHINE_HOOK "machine"

/** SPEC §5 clock boundaries: t has reached b iff t >= b − 1e-9. */
#define MACHINE_EPSILON 1e-9

/** The kernel's services (module.h anima_host), set by init. */
extern const anima_host *machine_host;

/** A state as the machine sees it (absolute index, as the kernel counts:
 * layers in document order, then their states in document order). */
typedef struct machine_state_info {
  double duration; /**< the play timeline's duration; 0 for a pose */
  double speed;    /**< the state's speed (1 by default) */
  long enter_block, exit_block; /**< enterActions/exitActions, or -1 */
} machine_state_info;

/** The document's per-model data (the stage hooks' data). */
typedef struct machine_data {
  /** Every machine's layers (host compile_layer_count: the default
   * machine's first, default_layers of them, then each named machine's)
   * and their states, by absolute index. */
  size_t layer_count, default_layers, state_count, input_count;
  size_t *initial; /**< per layer: its initial state */
  machine_state_info *states;
  double *defaults; /**< per input: its default (bools 0/1) */
  /** Byte offsets of the per-player arrays in machine_instance. */
  size_t current_offset, previous_offset, ends_offset, size;
} machine_data;

/** End actions waiting for a crossfade to complete. */
typedef struct machine_pending_end {
  long block; /**< -1: none */
  double elapsed, duration;
} machine_pending_end;

/** The per-player record (the stage hooks' instance). */
typedef struct machine_instance {
  bool created;
  /** Steps run so far (the first step is 1): a change edge fires at
   * most once per step. */
  uint64_t serial;
} machine_instance;

size_t *machine_current(const machine_data *data, void *instance);
double *machine_previous(const machine_data *data, void *instance);
machine_pending_end *machine_ends(const machine_data *data, void *instance);

/** The machine record of the player being stepped, or false. */
bool machine_record(anima_step *step, const machine_data **data,
                    machine_instance **instance);

/** An input's value as a number (bools 0/1; a trigger: pending). */
double machine_input_value(anima_step *step, size_t input);

/** out = base + suffix (truncated to `size`); out = base + middle + tail. */
void machine_join(char *out, size_t size, const char *base, const char *suffix);
void machine_join2(char *out, size_t size, const char *base, const char *middle,
                   const char *tail);

anima_status machine_register_model(anima_registrar *registrar);
anima_status machine_register_states(anima_registrar *registrar);
anima_status machine_register_blend(anima_registrar *registrar);
anima_status machine_register_edges(anima_registrar *registrar);
anima_status machine_register_checks(anima_registrar *registrar);

#endif
