/* cli_convert.c — build/decompile command shape (cli_convert.h). */
#include "cli_convert.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <anima/markup.h>

#include "cli.h"

int cli_convert_run(const cli_convert_command *command, int argc, char **argv) {
  const char *name = command->name;
  cli_format format = CLI_FORMAT_TEXT;
  const char *path = NULL, *output = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      command->print_help(stdout);
      return CLI_EXIT_OK;
    }
    if (strncmp(argv[i], "--format", 8) == 0) {
      if (!cli_parse_format(name, argc, argv, &i, &format)) {
        return CLI_EXIT_USAGE;
      }
    } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
      output = argv[++i];
    } else if (strcmp(argv[i], "-o") == 0) {
      fprintf(stderr, "anima %s: -o needs an output file\n", name);
      return CLI_EXIT_USAGE;
    } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      fprintf(stderr, "anima %s: unknown option \"%s\"\n", name, argv[i]);
      command->print_help(stderr);
      return CLI_EXIT_USAGE;
    } else if (path) {
      fprintf(stderr, "anima %s: expected one file, got \"%s\" too\n", name,
              argv[i]);
      return CLI_EXIT_USAGE;
    } else {
      path = argv[i];
    }
  }
  if (!path) {
    int status = cli_default_input(name, &path);
    if (status >= 0) {
      return status;
    }
  }
  anima_runtime *runtime = NULL;
  anima_diagnostics *diagnostics = NULL;
  if (!cli_begin(name, &runtime, &diagnostics)) {
    return CLI_EXIT_FAILED;
  }
  char *text = NULL;
  size_t length = 0;
  bool missing = false;
  bool ok =
      command->convert(runtime, path, &text, &length, &missing, diagnostics);
  if (format == CLI_FORMAT_JSON) {
    cli_print_diagnostics_json(output ? stdout : stderr, ok, diagnostics);
  } else {
    cli_print_diagnostics_text(stderr, path, diagnostics);
  }
  if (ok && output) {
    ok = cli_replace_file(name, output, text, length);
  } else if (ok) {
    ok = fwrite(text, 1, length, stdout) == length;
  }
  anima_markup_free(text);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
  if (missing) {
    return CLI_EXIT_USAGE;
  }
  return ok ? CLI_EXIT_OK : CLI_EXIT_FAILED;
}
