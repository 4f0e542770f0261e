/*
 * cli.h — helpers shared by the `anima` subcommands: reading sources,
 * creating the runtime with every module, printing diagnostics.
 */
#ifndef ANIMA_TOOLS_CLI_H
#define ANIMA_TOOLS_CLI_H

#include <stdbool.h>
#include <jansson.h>
#include <stdio.h>

#include <anima/anima.h>

/** Exit statuses of every command (docs/CLI.md). */
enum {
  CLI_EXIT_OK = 0,
  CLI_EXIT_FAILED = 1, /* invalid input, failed expectation or comparison */
  CLI_EXIT_USAGE = 2,  /* bad arguments, missing file */
};

/** Output formats of --format. */
typedef enum cli_format { CLI_FORMAT_TEXT, CLI_FORMAT_JSON } cli_format;

/**
 * Parses "--format=text|json" (or "--format" "json" as two arguments,
 * consuming the next one through *index). Returns false and prints a usage
 * message for any other value.
 */
bool cli_parse_format(const char *command, int argc, char **argv, int *index,
                      cli_format *format);

/** The largest document text in bytes, `.ani` or `.animl` (SPEC §2). */
enum { CLI_DOCUMENT_LIMIT = 1024 * 1024 };

/**
 * Reads a whole document file. On failure appends a `file-unreadable`
 * diagnostic and returns false; `*missing` is set when the file does not
 * exist or is a directory (a usage error for most commands). A file over
 * CLI_DOCUMENT_LIMIT is `limit-exceeded` (pointer ""): a regular file with its
 * size, without reading it; a stream (a pipe, `/dev/zero`) once more than the
 * limit is read, without reading on. The caller frees `*text`.
 */
bool cli_read_file(const char *path, char **text, size_t *length, bool *missing,
                   anima_diagnostics *diagnostics);

/**
 * Writes `text` (`length` bytes) to `path` through a temporary file beside
 * the destination, renamed over it, so a failed write never leaves half a
 * file. An existing file keeps its permission bits, and a symbolic link
 * stays a link: the file it points to is the one rewritten. On failure
 * prints "anima <command>: cannot write <path>: <reason>" and returns
 * false.
 */
bool cli_replace_file(const char *command, const char *path, const char *text,
                      size_t length);

/**
 * The module files of `--module FILE` options (main.c takes them out of
 * every document command's arguments); `files` must outlive the program's
 * commands. cli_runtime_create loads them first.
 */
void cli_set_module_files(const char *const *files, size_t count);

/**
 * Creates a runtime with the --module files, then every module the search
 * path offers (the CLI registers the full feature set, SPEC §2; docs/CLI.md
 * "Modules"). Search-path failures are printed to stderr as warnings; a
 * --module file that cannot be read ends the program with exit 2, one that
 * cannot be loaded with its `module-load` error and exit 1. Returns NULL
 * when out of memory.
 */
anima_runtime *cli_runtime_create(void);

/** cli_runtime_create that reports nothing and never exits for a module
 * (`anima modules` lists failures instead; a --module file that left no
 * report, such as a wrong file name, is printed to stderr). */
anima_runtime *cli_runtime_create_quiet(void);

/**
 * Creates the runtime (cli_runtime_create) and an empty diagnostics list
 * for `command`. On failure prints "anima <command>: out of memory", frees
 * what was made and returns false.
 */
bool cli_begin(const char *command, anima_runtime **runtime,
               anima_diagnostics **diagnostics);

/**
 * Reads a source file and returns `.ani` JSON text: the file itself for
 * `.ani`/`.json`, the compiled AniML for `.animl` (diagnostics then carry
 * AniML line/column). Returns false with diagnostics when the file cannot
 * be read or compiled; `*missing` as in cli_read_file.
 */
bool cli_load_source(anima_runtime *runtime, const char *path, char **json,
                     size_t *length, bool *missing,
                     anima_diagnostics *diagnostics);

/**
 * Finds the nearest `anima.json` from the working directory upward (SPEC
 * "CLI projects and capture") and returns its `entry` resolved against the
 * file's directory in `*entry` (caller frees), or NULL when there is no
 * project file. Returns false with `project-configuration` diagnostics
 * (pointer into anima.json, repair hint) when the file is malformed, has
 * unknown keys, or names no entry.
 */
bool cli_project_entry(char **entry, anima_diagnostics *diagnostics);

/**
 * For a command given no input file: sets `*path` to the nearest project's
 * entry and returns -1, or prints why there is none and returns the exit
 * status (CLI_EXIT_USAGE).
 */
int cli_default_input(const char *command, const char **path);

/**
 * cli_load_source, then validation (SPEC §2); every diagnostic of an AniML
 * source carries its line and column. Returns true when the document is
 * valid (warnings allowed); `*json` is then the document's JSON (caller
 * frees, also on failure).
 */
bool cli_validate_source(anima_runtime *runtime, const char *path, char **json,
                         size_t *length, bool *missing,
                         anima_diagnostics *diagnostics);

/**
 * cli_load_source, then anima_model_load, with AniML positions as
 * cli_validate_source. Returns true with a model the caller destroys.
 */
bool cli_load_model(anima_runtime *runtime, const char *path,
                    anima_model **model, bool *missing,
                    anima_diagnostics *diagnostics);

/**
 * Parses the arguments of a command that takes one document and
 * `--format=text|json` (validate, inspect): sets `*path` (the anima.json
 * entry when no file is given) and `*format`. Returns -1 to go on, or the
 * exit status: 0 after --help, CLI_EXIT_USAGE after a usage error (the
 * message is printed).
 */
int cli_parse_document_arguments(const char *command, int argc, char **argv,
                                 void (*print_help)(FILE *out),
                                 const char **path, cli_format *format);

/** Reads `text` whole as a finite number (strtod: no trailing characters,
 * no overflow or underflow) into `*out`; false, `*out` unchanged, when it
 * is not one. */
bool cli_parse_number(const char *text, double *out);

/** True when `path` ends with `suffix`. */
bool cli_has_suffix(const char *path, const char *suffix);

/**
 * Prints diagnostics like a compiler: `file: pointer: error[code]: message
 * (hint: ...)`, with `line:column` after the file when known.
 */
void cli_print_diagnostics_text(FILE *out, const char *file,
                                const anima_diagnostics *diagnostics);

/**
 * The diagnostics as the JSON list every command's `--format=json` prints:
 * objects with code, severity, pointer, message and, when known, hint,
 * line and column. NULL when out of memory.
 */
json_t *cli_diagnostics_json(const anima_diagnostics *diagnostics);

/** Prints `{"ok": ok, "diagnostics": [...]}` and a newline. */
void cli_print_diagnostics_json(FILE *out, bool ok,
                                const anima_diagnostics *diagnostics);

#endif
