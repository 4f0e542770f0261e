/*
 * script_internal.h — the interpreter struct shared by script.c and
 * script_snapshot.c.
 */
#ifndef ANIMA_TOOLS_SCRIPT_INTERNAL_H
#define ANIMA_TOOLS_SCRIPT_INTERNAL_H

#include "script.h"

/** An event reported since the last snapshot (names are model-owned). */
typedef struct script_event {
  const char *name;
  long layer;
  double time;
  /** The members a module's detail adds to the record (anima/events.h:
   * `, "payload": {...}, "url": ...`), copied when recorded (the player's
   * detail lives until its next step); NULL for none. Owned. */
  char *detail;
} script_event;

/** The JSON members of an event detail (script_event.detail), or NULL
 * when it adds none or memory ran out (`*failed` set then). */
char *script_event_detail_json(const struct anima_event_detail *detail,
                               bool *failed);
/** Frees the recorded events' details and empties the ring. */
void script_events_clear(struct script_interpreter *interpreter);

/* The events a snapshot lists at most: the latest ones since the previous
 * snapshot; older ones are counted in "eventsDropped" (SCRIPTS.md
 * "Limits"). The fuzz harnesses build with fewer. */
#ifndef ANIMA_SCRIPT_EVENT_LIMIT
#define ANIMA_SCRIPT_EVENT_LIMIT 100000
#endif

struct script_interpreter {
  anima_model *model;
  anima_player *player;
  script_options options;
  /** The explicit seed of the random source (--seed or `seed <n>`),
   * applied to every new player of the interpreter. */
  bool has_seed;
  uint32_t seed;
  /* The events since the last snapshot, a ring of at most
   * ANIMA_SCRIPT_EVENT_LIMIT: the oldest is events[event_start], the
   * others follow it modulo event_capacity. */
  script_event *events;
  size_t event_start, event_count, event_capacity;
  size_t events_dropped; /**< older events the ring no longer holds */
  bool events_lost;      /**< an event could not be recorded (no memory) */
  /** Open groups (SPEC §11.2 group/end), innermost last. */
  char **groups;
  size_t group_count;
  /** A pending expect-error: the code, and the line that set it. */
  char *expected_error;
  size_t expected_error_line;
};

/** What a command needs to report problems. */
typedef struct script_context {
  script_interpreter *interpreter;
  size_t line;
  script_lines *outputs;
  anima_diagnostics *diagnostics;
} script_context;

/**
 * Adds a diagnostic at /script/<line>; usage codes give SCRIPT_USAGE,
 * assertion codes SCRIPT_ASSERTION. Assertion messages get the open group
 * names as a prefix ("group a > b: ...").
 */
script_result script_report(script_context *context, const char *code,
                            const char *hint, const char *format, ...)
    ANIMA_PRINTF(4, 5);

/** Appends an output line (takes ownership of `line`); `snapshot` marks a
 * snapshot line. */
void script_output(script_context *context, char *line, bool snapshot);

/** Parses a finite number word; false otherwise, and for a quoted word
 * (always text, docs/SCRIPTS.md "Lines, words, comments"). */
bool script_number(const script_word *word, double *out);

/**
 * The hint for a snapshot or expect target that is neither an input nor a
 * property of `model` (script_hints.c): `did you mean "<closest>"?` over
 * the document's property addresses, their AniML spellings and its bool
 * and number inputs, else an example address and input of the document.
 * Writes at most `size` bytes to `hint`.
 */
void script_hint_unknown_target(const anima_model *model, const char *name,
                                char *hint, size_t size);

/**
 * The hint for a set/fire/toggle of an input `model` does not have
 * (script_hints.c): `did you mean "<closest input>"?`, else the document's
 * inputs with their types (noting when `name` is a property address), or
 * that it declares none.
 */
void script_hint_unknown_input(const anima_model *model, const char *name,
                               char *hint, size_t size);

/** snapshot [--all] [address ...] (script_snapshot.c). */
script_result script_command_snapshot(script_context *context,
                                      const script_words *words);
/** expect <target> <op> <value> (script_snapshot.c). */
script_result script_command_expect(script_context *context,
                                    const script_words *words);

/**
 * A command of a module (script_operation.c): when the model's runtime has
 * an operation named words[0] (module.h anima_model_find_operation), calls
 * it on the player with the other words as its arguments (stepping at 0
 * after it when its desc says so), sets `*result` and returns true; its
 * argument errors and an undeclared feature are script-usage diagnostics,
 * the operation's own reports keep their codes. Returns false (nothing
 * done) when no loaded module registers that name.
 */
bool script_command_operation(script_context *context,
                              const script_words *words, script_result *result);

/** The names of the operations a player of `model` can call (its document
 * declares their features), in module order: fills up to `capacity` of
 * `names` (model-runtime-owned) and returns how many there are. */
size_t script_operation_names(const anima_model *model, const char **names,
                              size_t capacity);

#endif
