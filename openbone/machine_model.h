/*
 * machine_model.h — the immutable data of OpenBone state machines (spec §9,
 * OPENBONE-FORMAT-NOTES.md Part B.7), as built by load_machine.c. Every
 * reference is resolved to an index (-1 = missing); strings are owned by
 * the model.
 */
#ifndef ANIMA_OPENBONE_MACHINE_MODEL_H
#define ANIMA_OPENBONE_MACHINE_MODEL_H

#include <stdbool.h>
#include <stddef.h>

/* A JSON scalar as the machine sees it (JS semantics, §9.3, §9.5). */
typedef enum ob_value_kind {
  OB_VALUE_NULL = 0,
  OB_VALUE_BOOL,
  OB_VALUE_NUMBER,
  OB_VALUE_STRING,
} ob_value_kind;

typedef struct ob_value {
  ob_value_kind kind;
  bool boolean;
  double number;
  const char *string; /* OB_VALUE_STRING: owned by whoever made the value */
} ob_value;

typedef enum ob_input_type {
  OB_INPUT_TRIGGER = 0,
  OB_INPUT_BOOL,
  OB_INPUT_NUMBER,
  OB_INPUT_STRING,
} ob_input_type;

typedef struct ob_input_data {
  char *id, *name;
  ob_input_type type;
  ob_value initial; /* the default, of the input's own kind */
  char *initial_string;
} ob_input_data;

typedef enum ob_condition_op {
  OB_OP_NONE = 0, /* a trigger: fired this frame */
  OB_OP_EQ,
  OB_OP_NE,
  OB_OP_GT,
  OB_OP_LT,
  OB_OP_GE,
  OB_OP_LE,
} ob_condition_op;

typedef struct ob_condition {
  long input; /* index into the machine's inputs, -1 = missing (false) */
  ob_condition_op op;
  ob_value value;
  char *string; /* the value's text when it is a string */
} ob_condition;

#define OB_FROM_ANY (-2)

typedef struct ob_transition {
  long from; /* state index, OB_FROM_ANY, or -1 (an unknown id: never) */
  long to;   /* state index, -1 = missing (skipped, keeps its triggers) */
  double duration;
  bool has_exit_time;
  double exit_time;
  ob_condition *conditions;
  size_t condition_count;
} ob_transition;

typedef enum ob_state_type {
  OB_STATE_ANIMATION = 0,
  OB_STATE_BLEND1D,
  OB_STATE_EXIT,
} ob_state_type;

typedef struct ob_blend_entry {
  long animation; /* -1 = missing: left out */
  double value;
} ob_blend_entry;

/* An enter or exit sound hook of a state (§9.2). */
typedef struct ob_sound_hook {
  long sound; /* index into model->sounds, -1 = none */
  long asset; /* a raw audio asset when sound < 0, -1 = none (nothing) */
  bool on_exit;
  bool has_volume, has_rate, has_loop;
  double volume, rate;
  bool loop;
} ob_sound_hook;

/* An input set when a state is entered (§9.2). */
typedef struct ob_enter_input {
  long input; /* -1 = missing: nothing */
  ob_value value;
  char *string;
} ob_enter_input;

/* An emitter override set when a state is entered (§9.2, Part B
 * `emitters`) or by a setEmitter action (§9.5). */
typedef struct ob_emitter_set {
  long slot; /* slot index, -1 = missing: nothing */
  bool emitting;
} ob_emitter_set;

typedef struct ob_state_data {
  char *id, *name;
  char *source; /* "state:<name>" */
  ob_state_type type;
  long animation; /* -1 = none */
  bool loop;
  double speed;
  long input;              /* blend1d input, -1 = none (value 0) */
  ob_blend_entry *entries; /* stably sorted by value */
  size_t entry_count;
  long on_complete; /* state index, -1 = none */
  ob_sound_hook *sounds;
  size_t sound_count;
  ob_enter_input *inputs;
  size_t input_count;
  ob_emitter_set *emitters;
  size_t emitter_count;
  long *scripts; /* state scripts (§11): indices into model->scripts */
  size_t script_count;
} ob_state_data;

typedef struct ob_layer_data {
  char *id, *name;
  long entry; /* state index, -1 = missing (the layer stays empty) */
  ob_state_data *states;
  size_t state_count;
  ob_transition *transitions;
  size_t transition_count;
} ob_layer_data;

typedef enum ob_binding_target {
  OB_BIND_BONE = 0,
  OB_BIND_SLOT_ALPHA,
  OB_BIND_SLOT_COLOR,
  OB_BIND_CONSTRAINT,
} ob_binding_target;

typedef struct ob_binding {
  long input; /* -1 = missing: skipped */
  ob_binding_target target;
  long index;   /* bone, slot or constraint index; -1 = missing: skipped */
  int property; /* OB_BIND_BONE: an ob_property (x … shearY);
                   OB_BIND_CONSTRAINT: a live-value index */
  double in_min, in_max, out_min, out_max;
  double out_min_color[4], out_max_color[4]; /* OB_BIND_SLOT_COLOR */
} ob_binding;

typedef enum ob_listener_event {
  OB_LISTEN_DOWN = 0,
  OB_LISTEN_UP,
  OB_LISTEN_MOVE,
  OB_LISTEN_CLICK,
  OB_LISTEN_ENTER,
  OB_LISTEN_EXIT,
} ob_listener_event;

typedef enum ob_action_type {
  OB_ACTION_SET_INPUT = 0,
  OB_ACTION_TOGGLE_INPUT,
  OB_ACTION_FIRE_TRIGGER,
  OB_ACTION_REPORT_EVENT,
  OB_ACTION_PLAY_SOUND,
  OB_ACTION_STOP_SOUND,
  OB_ACTION_RUN_SCRIPT,
  OB_ACTION_SET_EMITTER,
  OB_ACTION_EMIT_PARTICLES,
  OB_ACTION_SET_MUTE,
} ob_action_type;

typedef enum ob_mute_mode {
  OB_MUTE_OFF = 0,
  OB_MUTE_ON,
  OB_MUTE_TOGGLE,
} ob_mute_mode;

typedef struct ob_action {
  ob_action_type type;
  long input;     /* setInput, toggleInput, fireTrigger; -1 = nothing */
  ob_value value; /* setInput */
  char *string;
  long event; /* reportEvent: event index, -1 = nothing */
  long sound; /* playSound, stopSound: sound index, -1 = nothing */
  long asset; /* playSound of a raw audio asset when sound < 0 */
  bool has_fade;
  double fade;      /* stopSound */
  long bus;         /* setMute: bus index, -1 = master */
  bool bus_missing; /* setMute names a bus that does not exist: nothing */
  ob_mute_mode mute;
  long slot;     /* setEmitter, emitParticles: slot index, -1 = nothing */
  bool emitting; /* setEmitter */
  double count;  /* emitParticles: a whole number ≥ 0 */
  long script;   /* runScript: index into model->scripts, -1 = nothing */
  char *fn;      /* runScript: the function called */
} ob_action;

typedef struct ob_listener_data {
  char *id, *name;
  char *source;  /* "listener:<name>" */
  bool any_slot; /* slot null: hit everywhere */
  long slot;     /* slot index, -1 = missing (never hit) */
  ob_listener_event event;
  ob_action *actions;
  size_t action_count;
} ob_listener_data;

typedef struct ob_machine_data {
  char *id, *name;
  ob_input_data *inputs;
  size_t input_count;
  ob_layer_data *layers;
  size_t layer_count;
  ob_binding *bindings;
  size_t binding_count;
  ob_listener_data *listeners;
  size_t listener_count;
  long *scripts; /* machine scripts (§11): indices into model->scripts */
  size_t script_count;
  size_t max_string_input; /* longest string any document value gives */
} ob_machine_data;

#endif
