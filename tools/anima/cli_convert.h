/*
 * cli_convert.h — the shape shared by `anima build` and `anima decompile`:
 * one document in (a file, or the anima.json entry), one text out (to -o,
 * written atomically, or to stdout), diagnostics to stderr or as one JSON
 * line with --format=json. Exit 0 when converted (warnings allowed), 1 when
 * the document is invalid or the output cannot be written, 2 on usage
 * errors.
 */
#ifndef ANIMA_TOOLS_CLI_CONVERT_H
#define ANIMA_TOOLS_CLI_CONVERT_H

#include <stdbool.h>
#include <stdio.h>

#include <anima/anima.h>

/** A conversion: reads `path`, returns the output text (freed with
 * anima_markup_free) or false with diagnostics; `*missing` as
 * cli_read_file. */
typedef bool (*cli_convert_function)(anima_runtime *runtime, const char *path,
                                     char **out, size_t *out_length,
                                     bool *missing,
                                     anima_diagnostics *diagnostics);

typedef struct cli_convert_command {
  const char *name;              /* "build" */
  void (*print_help)(FILE *out); /* the command's --help text */
  cli_convert_function convert;
} cli_convert_command;

/** Runs a conversion command with its arguments (argv[0] is its name). */
int cli_convert_run(const cli_convert_command *command, int argc, char **argv);

#endif
