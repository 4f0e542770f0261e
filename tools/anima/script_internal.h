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
} script_event;

struct script_interpreter {
  anima_model *model;
  anima_player *player;
  script_options options;
  uint32_t seed;
  script_event *events;
  size_t event_count, event_capacity;
  bool events_lost; /**< an event could not be recorded (no memory) */
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

/** Appends an output line (takes ownership of `line`). */
void script_output(script_context *context, char *line);

/** Parses a finite number word; false otherwise. */
bool script_number(const char *text, double *out);

/** snapshot [--all] [address ...] (script_snapshot.c). */
script_result script_command_snapshot(script_context *context,
                                      const script_words *words);
/** expect <target> <op> <value> (script_snapshot.c). */
script_result script_command_expect(script_context *context,
                                    const script_words *words);

#endif
