/*
 * cmd_fmt.c — `anima fmt <file>... [--check]`: rewrites `.animl` and
 * `.ani`/`.json` files in their canonical form (docs/ANIML.md: "Canonical
 * AniML", "Canonical .ani"). A file already canonical is not touched. With
 * --check nothing is written: each file that is not canonical is named on
 * stderr. Exit 0 when every file is (now) canonical, 1 when --check found a
 * file to format or a file does not parse (its diagnostics on stderr), 2 on
 * usage errors (unknown option, missing file).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <anima/markup.h>

#include "cli.h"
#include "commands.h"

static void print_help(FILE *out) {
  fprintf(out, "usage: anima fmt [file.animl|file.ani]... [--check]\n"
               "Rewrites each file in canonical form; --check only reports the "
               "files that are not.\n"
               "Without a file: the \"entry\" of the nearest anima.json.\n"
               "Exit status: 0 formatted, 1 not formatted (--check) or not "
               "parsable, 2 usage error.\n");
}

/* Formats one file; returns the exit status for it. */
static int format_file(anima_runtime *runtime, const char *path, bool check) {
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (!diagnostics) {
    return CLI_EXIT_FAILED;
  }
  char *text = NULL, *formatted = NULL;
  size_t length = 0, formatted_length = 0;
  bool missing = false;
  bool ok = cli_read_file(path, &text, &length, &missing, diagnostics);
  if (ok && cli_has_suffix(path, ".animl")) {
    ok = anima_markup_format(runtime, text, length, diagnostics, &formatted,
                             &formatted_length) == ANIMA_OK;
  } else if (ok) {
    ok = anima_document_format(runtime, text, length, diagnostics, &formatted,
                               &formatted_length) == ANIMA_OK;
  }
  cli_print_diagnostics_text(stderr, path, diagnostics);
  int status = missing ? CLI_EXIT_USAGE : ok ? CLI_EXIT_OK : CLI_EXIT_FAILED;
  bool same =
      ok && formatted_length == length && memcmp(formatted, text, length) == 0;
  if (ok && !same && check) {
    fprintf(stderr, "%s: not formatted (run `anima fmt %s`)\n", path, path);
    status = CLI_EXIT_FAILED;
  } else if (ok && !same &&
             !cli_replace_file("fmt", path, formatted, formatted_length)) {
    status = CLI_EXIT_FAILED;
  }
  free(text);
  anima_markup_free(formatted);
  anima_diagnostics_destroy(diagnostics);
  return status;
}

int anima_command_fmt(int argc, char **argv) {
  bool check = false;
  int file_count = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      print_help(stdout);
      return CLI_EXIT_OK;
    }
    if (strcmp(argv[i], "--check") == 0) {
      check = true;
    } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      fprintf(stderr, "anima fmt: unknown option \"%s\"\n", argv[i]);
      print_help(stderr);
      return CLI_EXIT_USAGE;
    } else {
      file_count++;
    }
  }
  const char *entry = NULL;
  if (file_count == 0) {
    int status = cli_default_input("fmt", &entry);
    if (status >= 0) {
      return status;
    }
  }
  anima_runtime *runtime = cli_runtime_create();
  if (!runtime) {
    fprintf(stderr, "anima fmt: out of memory\n");
    return CLI_EXIT_FAILED;
  }
  int status = entry ? format_file(runtime, entry, check) : CLI_EXIT_OK;
  for (int i = 1; i < argc; i++) {
    if (argv[i][0] == '-' && argv[i][1] != '\0') {
      continue;
    }
    int result = format_file(runtime, argv[i], check);
    status = result > status ? result : status;
  }
  anima_runtime_destroy(runtime);
  return status;
}
