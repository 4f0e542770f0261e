/*
 * script.h — the SPEC §11.2 script language shared by `anima sample` and
 * `anima session`: one command per line, run against one player.
 *
 * Supported commands (the core subset, plus the operations of the loaded
 * modules for documents that declare their features: script_operation.c;
 * other commands of optional modules are refused with script-usage naming
 * the module):
 *
 *   advance <seconds> [in <n>]          step(seconds / n), n times
 *   set <input> <true|false|number>     queue a write
 *   fire <input> / toggle <input>       queue a fire / toggle
 *   pointer move|down|up <x> <y>        pointer event, then step(0)
 *   pointer click <x> <y>               move, down, up, each then step(0)
 *   pointer leave                       leave(), then step(0)
 *   pointer drag <x0> <y0> <x1> <y1> [in <n>]
 *   key down|up|repeat <Enter|Space>    root a11y keys (§10), then step(0)
 *   motion reduce|full                  reduced motion from the next step
 *   snapshot [--all] [address|input ...]
 *   expect <address|input> ==|!=|<|>|~ <value>
 *   expect-error <code>
 *   group <name> / end
 *   seed <n>
 *
 * `#` starts a comment unless it begins a hex colour token (`#ff0000`);
 * JSON-quoted strings may hold spaces and `#`.
 *
 * Diagnostics (codes script-usage, script-target, script-expect,
 * script-expect-error) point at `/script/<zero-based line>`.
 */
#ifndef ANIMA_TOOLS_SCRIPT_H
#define ANIMA_TOOLS_SCRIPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <anima/anima.h>

/** A growable list of output lines (each a JSON text without newline). */
typedef struct script_lines {
  char **items;
  /** Per item: true for a snapshot line (`snapshot`), false for any other
   * printed line. */
  bool *snapshot;
  size_t count, capacity;
} script_lines;

void script_lines_clear(script_lines *lines);
void script_lines_free(script_lines *lines);

/** How a line ended. */
typedef enum script_result {
  SCRIPT_OK = 0,
  /** An assertion failed (script-expect, script-expect-error): go on. */
  SCRIPT_ASSERTION = 1,
  /** A bad command (script-usage, script-target): the script stops. */
  SCRIPT_USAGE = 2,
} script_result;

/** Options of `anima sample` and `anima session`. */
typedef struct script_options {
  bool snapshot_all;   /**< --all: snapshots include every property */
  bool reduced_motion; /**< --reduced-motion: players start reduced */
  bool has_seed;
  uint32_t seed; /**< --seed n: the players' random source
                      (anima_player_seed) */
} script_options;

typedef struct script_interpreter script_interpreter;

/**
 * Creates an interpreter over `model` (ownership passes to the
 * interpreter) with a new player. NULL when out of memory.
 */
script_interpreter *script_interpreter_create(anima_model *model,
                                              const script_options *options);
void script_interpreter_destroy(script_interpreter *interpreter);

/**
 * Replaces the model (ownership passes) with a new player: time, inputs,
 * events and settled start over (`reload`). Groups and a pending
 * expect-error are kept. False when out of memory (nothing changes).
 */
bool script_interpreter_replace_model(script_interpreter *interpreter,
                                      anima_model *model);

/** The current player (owned by the interpreter). */
anima_player *script_interpreter_player(script_interpreter *interpreter);

/** Steps the player by dt, recording its events for the next snapshot. */
void script_interpreter_step(script_interpreter *interpreter, double dt);

/**
 * script_interpreter_step that also hands back the step's result (its
 * events are the player's, valid until the player changes) and the
 * status of anima_player_step, for hosts that drive the interpreter's
 * player live (web/anima_web.c).
 */
anima_status script_interpreter_step_result(script_interpreter *interpreter,
                                            double dt,
                                            anima_step_result *result);

/**
 * Runs one script line (`line_number` zero-based, for pointers). Output
 * lines are appended to `outputs`, diagnostics to `diagnostics`. Blank and
 * comment lines do nothing.
 */
script_result script_run_line(script_interpreter *interpreter, const char *line,
                              size_t line_number, script_lines *outputs,
                              anima_diagnostics *diagnostics);

/**
 * What the interpreter still owes at the end of a script: an open
 * expect-error without a command (script-expect-error). Returns the result
 * of that check.
 */
script_result script_finish(script_interpreter *interpreter, size_t line_count,
                            anima_diagnostics *diagnostics);

/* script_source.c: script files, shared by `anima sample`, `render -s`
 * and `bench -s`. */

/** The largest script file in bytes: 16 MiB (docs/SCRIPTS.md "Limits"). */
enum { SCRIPT_SIZE_LIMIT = 16 * 1024 * 1024 };

/**
 * Reads the script `name` (`-` is stdin) into `*text` (NUL-terminated,
 * malloc'd: the caller frees; it may hold NUL bytes, which
 * script_run_text reports) and `*length`. A script over SCRIPT_SIZE_LIMIT
 * bytes is refused: a regular file from its size, before reading; a
 * stream after the limit, without reading on. On failure returns false
 * and writes one sentence, "cannot read script <name>: <why> (hint: ...)",
 * into `message` (`size` bytes).
 */
bool script_read(const char *name, char **text, size_t *length, char *message,
                 size_t size);

/** Called by script_run_text after each line (and after script_finish)
 * with that line's printed lines and the diagnostics so far. */
typedef void (*script_line_done)(void *context, script_lines *outputs,
                                 anima_diagnostics *diagnostics);

/**
 * Runs the lines of `text` (`length` bytes, split at "\n") on
 * `interpreter` with line numbers from 0, then script_finish. The first
 * bad command (SCRIPT_USAGE) stops the script; so does a line holding a
 * NUL byte (script-usage naming the byte). Diagnostics accumulate in
 * `diagnostics`; `done` (may be NULL) sees each line's outputs, which are
 * discarded after it. Returns the worst result.
 */
script_result script_run_text(script_interpreter *interpreter, const char *text,
                              size_t length, anima_diagnostics *diagnostics,
                              script_line_done done, void *context);

/* cmd_sample.c: helpers shared by `anima sample` and `anima session`. */

/** Parses option argv[*index] (--all, --reduced-motion, --seed n, consuming
 * a separate value through *index); prints a message and returns false for
 * anything else. */
bool script_parse_option(const char *command, int argc, char **argv, int *index,
                         script_options *options);

/**
 * Loads and compiles a `.ani` or `.animl` source (cli_load_source). Returns
 * 0 with the model in `*model`, else the exit status (2 for a missing
 * file, 1 for an invalid document) with diagnostics.
 */
int script_load_model(anima_runtime *runtime, const char *path,
                      anima_model **model, anima_diagnostics *diagnostics);

/** Prints the compact list of script commands that `anima sample --help`
 * and `anima session --help` show (docs/SCRIPTS.md has the full text). */
void script_print_commands(FILE *out);

/* script_text.c: a growable string for JSON output. */
typedef struct script_text {
  char *data;
  size_t length, capacity;
  bool failed;
} script_text;

void script_text_append(script_text *text, const char *string);
void script_text_append_length(script_text *text, const char *string,
                               size_t length);
/** Appends a JSON string literal (quotes and escapes). */
void script_text_append_json_string(script_text *text, const char *string);
/** Appends a value as JSON (anima/format.h). */
void script_text_append_value(script_text *text, const anima_value *value);
void script_text_append_number(script_text *text, double number);
/** Hands the string to the caller (malloc'd; "" when empty); NULL when an
 * allocation failed. Resets the text. */
char *script_text_take(script_text *text);
void script_text_free(script_text *text);

/** Appends `{"code": ..., "severity": ..., "pointer": ..., "message": ...,
 * "hint": ...}` for each diagnostic as a JSON array. */
void script_text_append_diagnostics(script_text *text,
                                    const anima_diagnostics *diagnostics);

/* script_lexer.c: splitting a line into words. */

/** One word of a command line. */
typedef struct script_word {
  char *text;  /**< decoded text (JSON strings unescaped) */
  bool quoted; /**< written as a JSON string */
} script_word;

typedef struct script_words {
  script_word *items;
  size_t count;
} script_words;

/** The most words one command line may have (a longer line is an error,
 * not an unbounded allocation). */
#define SCRIPT_MAXIMUM_WORDS 65536

/**
 * Splits `line` into words: whitespace separates them, a `"` starts a JSON
 * string, an unquoted `#` starts a comment unless the word is a hex colour
 * (#rgb, #rrggbb, #rrggbbaa). Returns false with a message in `error`
 * (capacity 160) for an unterminated or invalid JSON string, more than
 * SCRIPT_MAXIMUM_WORDS words, or no memory; `out` is then empty. The word
 * array grows geometrically.
 */
bool script_split(const char *line, script_words *out, char error[160]);
void script_words_free(script_words *words);

#endif
