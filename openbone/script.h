/*
 * script.h — spec §11 scripts inside libanima-openbone: each script
 * instance is its own Duktape heap with a capped allocator, and every call
 * into it (loading included) runs under a CPU-time budget enforced by
 * Duktape's execution-timeout hook (openbone/duktape/configure.sh). Only
 * machine.c and machine_pointer.c call these; everything here allocates
 * (inside the engine and for its bookkeeping), so a skeleton without
 * scripts never reaches it.
 */
#ifndef ANIMA_OPENBONE_SCRIPT_H
#define ANIMA_OPENBONE_SCRIPT_H

#include "instance.h"

/* Budgets (§11): 50 ms to load (compile and run the top level), 16 ms per
 * call, both in CPU time of the calling thread (FORMAT.md). */
#define OB_SCRIPT_LOAD_NANOSECONDS 50000000L
#define OB_SCRIPT_CALL_NANOSECONDS 16000000L
/* Bytes one script instance's heap may hold (FORMAT.md). */
#define OB_SCRIPT_MEMORY ((size_t)16 << 20)

typedef struct ob_script ob_script;

/* The machine's script state: its machine scripts, each layer's current
 * state's scripts, the persistent overrides (§9.1 step 9) and the events a
 * script emitted during step 13 (reported at the next advance). */
typedef struct ob_bone_override {
  unsigned mask; /* bit i: value[i] set (x y rotation scaleX scaleY shearX
                    shearY) */
  double value[7];
} ob_bone_override;

typedef struct ob_slot_override {
  bool has_color, has_attachment;
  ob_color color;
  char *attachment; /* NULL: no attachment */
  size_t capacity;
  bool attachment_null;
} ob_slot_override;

/* The most bytes of event names and strings that `ob.emit` copies out of
 * the scripts' heaps and that wait for the host to read the events
 * (anima_bone_events_clear): past it, ob.emit throws a RangeError, which is
 * reported and swallowed like any script error (§11). */
#define OB_SCRIPT_EMIT_BYTES ((size_t)16 << 20)

typedef struct ob_deferred_event {
  char *name;             /* owned */
  const char *model_name; /* the model's name when the event exists */
  double time, int_value, float_value;
  char *string; /* owned */
  const char *model_string;
} ob_deferred_event;

typedef struct ob_script_run {
  ob_script **machine; /* one per machine script (data->script_count) */
  ob_script ***states; /* per layer: the current state's scripts */
  size_t *state_count; /* per layer */
  ob_bone_override *bones;
  ob_slot_override *slots;
  ob_deferred_event *deferred;
  size_t deferred_count, deferred_capacity;
  bool in_event_pass; /* step 13: an emit waits for the next advance */
  size_t first_event; /* the first event record of this advance */
} ob_script_run;

/* Sets up machine->scripts when the document has scripts (else leaves it
 * NULL); false when memory ran out. */
bool ob_scripts_create(anima_bone_instance *instance);
void ob_scripts_free(anima_bone_instance *instance);

/* §9.1 step 1: load every machine script, calling onStart on each. */
void ob_scripts_start(anima_bone_instance *instance);
/* §9.2: dispose the scripts of layer `layer`'s current state. */
void ob_scripts_leave(anima_bone_instance *instance, size_t layer);
/* §9.2: load the entered state's scripts fresh, calling onStart on each. */
void ob_scripts_enter(anima_bone_instance *instance, size_t layer,
                      const ob_state_data *state);
/* Start of advance: events deferred from the last step 13 are recorded. */
void ob_scripts_begin(anima_bone_instance *instance);
/* §9.1 step 3: machine scripts' onPointer({type, x, y}). */
void ob_scripts_pointer(anima_bone_instance *instance,
                        const ob_pointer_event *event);
/* §9.1 step 4: onUpdate(dt), machine scripts then current-state scripts. */
void ob_scripts_update(anima_bone_instance *instance, double dt);
/* §9.1 step 9: the persistent overrides onto local pose and slots. */
void ob_scripts_apply_overrides(anima_bone_instance *instance);
/* §9.1 step 13: onEvent(e) for every event recorded since begin. */
void ob_scripts_events(anima_bone_instance *instance);
/* §9.5 runScript: calls `fn` on the machine-level handle of `script`. */
void ob_scripts_run(anima_bone_instance *instance, long script, const char *fn);

/* Event record strings owned by the instance (script emits). */
const char *ob_script_keep_string(anima_bone_instance *instance,
                                  const char *text);
void ob_script_strings_clear(anima_bone_instance *instance);

/* script_api.c: defines `ob` and `console.log` on a fresh heap. */
struct duk_hthread;
void ob_script_define_api(struct duk_hthread *ctx);
/* What the API functions reach: the script of the running call. */
anima_bone_instance *ob_script_instance(ob_script *script);
const ob_script_data *ob_script_data_of(ob_script *script);
void ob_script_report(anima_bone_instance *instance, const char *script,
                      anima_bone_script_report_kind kind, const char *text);

#endif
