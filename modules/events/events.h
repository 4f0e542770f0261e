/*
 * events.h — the events module's shared declarations (SPEC `## events`,
 * docs/modules/events.md). Module-private.
 */
#ifndef ANIMA_MODULES_EVENTS_H
#define ANIMA_MODULES_EVENTS_H

#include <anima/assets.h>
#include <anima/events.h>
#include <anima/module.h>

#define EVENTS_FEATURE "events"
/** The stage hook (END) that resolves payloads, attaches details, queues
 * `event:` listeners and, through `observe`, reports the signals. */
#define EVENTS_HOOK "events"

extern const anima_host *events_host;

/** Where a payload field's value comes from. */
typedef enum events_source {
  EVENTS_SOURCE_LITERAL = 0,
  EVENTS_SOURCE_INPUT,
  EVENTS_SOURCE_SLOT,
  /** A number or bool "{expression}" value (bind's grammar, compiled at
   * load by the kernel's compile_expression). */
  EVENTS_SOURCE_EXPRESSION,
} events_source;

/** One compiled payload field. */
typedef struct events_field {
  const char *name;
  anima_event_field_type type;
  events_source source;
  long index;             /**< INPUT: input index; SLOT: slot index */
  const void *expression; /**< EXPRESSION: the compiled expression */
  /** LITERAL: the value (COLOR: the canonical hex text, in `text`). */
  double number;
  bool boolean;
  const char *text;
} events_field;

/** One compiled event definition. */
typedef struct events_def {
  const char *name;
  bool has_payload;
  events_field *fields;
  size_t field_count;
  size_t first_field; /**< position of its fields in the player's table */
  const char *url, *target, *audio;
  double volume, gain;
  /** The audio asset's source and clip bounds (assets module). */
  const char *audio_source;
  double clip_start, clip_end;
  bool has_clip_end;
} events_def;

/** Per state (absolute index): its signal detail {state} and `endEmit`. */
typedef struct events_state {
  anima_event_field field;
  anima_event_detail signal;
  const char *end_emit; /**< model-owned event name, or NULL */
  size_t first_edge, edge_count;
} events_state;

/** Per transition (state, position in its `on` list). */
typedef struct events_edge {
  const char *start_emit, *end_emit;
} events_edge;

/** An `on: "event:<name>"` listener: its name and queued action block. */
typedef struct events_listener {
  const char *name;
  size_t block;
} events_listener;

/** Per-model data of the stage hook. */
typedef struct events_data {
  events_def *defs;
  size_t def_count, field_total;
  events_state *states;
  size_t state_count;
  events_edge *edges;
  size_t edge_count;
  events_listener *listeners;
  size_t listener_count;
  size_t layer_count;
  const char *state_end, *transition_start, *transition_end, *loop;
} events_data;

/** A crossfade whose completion is still to be reported, per layer. */
typedef struct events_pending {
  bool active;
  size_t state;
  const char *end_emit;
} events_pending;

/** Colour text of one field: "#rrggbbaa" and its NUL. */
#define EVENTS_COLOR_TEXT 16

/* Registration (events_check.c, events_model.c, events_step.c). */
anima_status events_register_checks(anima_registrar *registrar);
anima_status events_register_hook(anima_registrar *registrar);

/* events_model.c */
anima_status events_compile(anima_compile *compile, const anima_site *site,
                            void *user, void **data);

/* events_step.c */
size_t events_instance_size(const void *data, void *user);
void events_run(anima_step *step, const void *data, void *instance, void *user);
void events_observe(anima_step *step, const void *data, void *instance,
                    const anima_layer_moment *moment, void *user);

/* Shared helpers (events_check.c). */
/** Is `text` an "{expression}" value (braces around the whole string)? */
bool events_is_expression(const char *text);
/** The text inside an "{expression}" value (events_is_expression), in new
 * memory the caller frees; NULL when out of memory. */
char *events_expression_text(const char *text);
/** The value type an "{expression}" of a field of `type` gives (number,
 * bool or colour; strings stay literal). */
anima_value_type events_value_type(anima_event_field_type type);
/** Does `url` have an allowed form: http(s) absolute, or a reference
 * without a scheme? */
bool events_url_allowed(const char *url);

#endif
