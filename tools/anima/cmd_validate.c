/*
 * cmd_validate.c — `anima validate <file> [--format=text|json]`:
 * loads a .ani or .animl document and prints every diagnostic (SPEC §2,
 * §11.3). Exit 0 when valid (warnings allowed), 1 when invalid, 2 on usage
 * errors (unknown option, missing file).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

static void print_help(FILE *out) {
  fprintf(out,
          "usage: anima validate [file.ani|file.animl] [--format=text|json]\n"
          "Without a file, validates the entry of the nearest anima.json.\n"
          "Checks a document and prints every error and warning.\n"
          "Exit status: 0 valid (warnings allowed), 1 invalid, 2 usage "
          "error.\n");
}

int anima_command_validate(int argc, char **argv) {
  cli_format format = CLI_FORMAT_TEXT;
  const char *path = NULL;
  int status = cli_parse_document_arguments("validate", argc, argv, print_help,
                                            &path, &format);
  if (status >= 0) {
    return status;
  }
  anima_runtime *runtime = NULL;
  anima_diagnostics *diagnostics = NULL;
  if (!cli_begin("validate", &runtime, &diagnostics)) {
    return CLI_EXIT_FAILED;
  }
  char *json = NULL;
  size_t length = 0;
  bool missing = false;
  bool ok =
      cli_validate_source(runtime, path, &json, &length, &missing, diagnostics);
  if (format == CLI_FORMAT_JSON) {
    cli_print_diagnostics_json(stdout, ok, diagnostics);
  } else {
    cli_print_diagnostics_text(ok ? stdout : stderr, path, diagnostics);
    if (ok) {
      size_t warnings = anima_diagnostics_count(diagnostics);
      printf("%s: valid%s\n", path, warnings ? " (with warnings)" : "");
    }
  }
  free(json);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
  if (missing) {
    return CLI_EXIT_USAGE;
  }
  return ok ? CLI_EXIT_OK : CLI_EXIT_FAILED;
}
