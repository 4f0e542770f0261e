/*
 * cmd_build.c — `anima build <file.animl> [-o out.ani] [--format=text|json]`:
 * compiles AniML to canonical `.ani` JSON (docs/ANIML.md; SPEC §11.1: the
 * `.ani` is the build output of the `.animl`). The JSON goes to `-o` or to
 * stdout; diagnostics (with AniML line:column and the JSON pointer) go to
 * stderr, or to stdout as one JSON line with --format=json. Exit 0 when
 * the document compiles and validates (warnings allowed), 1 when it does
 * not, 2 on usage errors (unknown option, missing file).
 */
#include <stdlib.h>
#include <string.h>

#include <anima/markup.h>

#include "cli.h"
#include "cli_convert.h"
#include "commands.h"

static void print_help(FILE *out) {
  fprintf(out,
          "usage: anima build [file.animl] [-o out.ani] [--format=text|json]\n"
          "Compiles AniML to canonical .ani JSON (stdout without -o). Without "
          "a file: the\n\"entry\" of the nearest anima.json.\n"
          "Exit status: 0 built (warnings allowed), 1 invalid, 2 usage "
          "error.\n");
}

/* AniML in, canonical .ani out, with AniML line:column on diagnostics. */
static bool build(anima_runtime *runtime, const char *path, char **out,
                  size_t *out_length, bool *missing,
                  anima_diagnostics *diagnostics) {
  char *text = NULL;
  size_t length = 0;
  bool ok = cli_read_file(path, &text, &length, missing, diagnostics) &&
            anima_markup_compile(runtime, text, length, 0, diagnostics, out,
                                 out_length) == ANIMA_OK;
  free(text);
  return ok;
}

int anima_command_build(int argc, char **argv) {
  static const cli_convert_command command = {"build", print_help, build};
  return cli_convert_run(&command, argc, argv);
}
