/*
 * cmd_decompile.c — `anima decompile <file.ani> [-o out.animl]
 * [--format=text|json]`: writes a valid `.ani` document as canonical AniML
 * (docs/ANIML.md); building the result gives back the same JSON value. The
 * AniML goes to `-o` or to stdout; diagnostics go to stderr (or as one JSON
 * line with --format=json). Exit 0 when written (warnings allowed), 1 when
 * the document is invalid, 2 on usage errors (unknown option, missing file).
 */
#include <stdlib.h>
#include <string.h>

#include <anima/markup.h>

#include "cli.h"
#include "cli_convert.h"
#include "commands.h"

static void print_help(FILE *out) {
  fprintf(out,
          "usage: anima decompile [file.ani] [-o out.animl] "
          "[--format=text|json]\n"
          "Writes a .ani document as canonical AniML (stdout without -o). An "
          ".animl input is\ncompiled first. Without a file: the \"entry\" of "
          "the nearest anima.json.\n"
          "Exit status: 0 written (warnings allowed), 1 invalid, 2 usage "
          "error.\n");
}

/* A .ani document (or an .animl source, compiled first) out as canonical
 * AniML. */
static bool decompile(anima_runtime *runtime, const char *path, char **out,
                      size_t *out_length, bool *missing,
                      anima_diagnostics *diagnostics) {
  char *text = NULL;
  size_t length = 0;
  bool ok;
  if (cli_has_suffix(path, ".animl")) {
    /* AniML in: validated with line:column, then written canonically (the
     * decompiler's own validation would repeat the warnings). */
    anima_diagnostics *repeated = anima_diagnostics_create();
    ok = repeated &&
         cli_validate_source(runtime, path, &text, &length, missing,
                             diagnostics) &&
         anima_markup_decompile(runtime, text, length, 0, repeated, out,
                                out_length) == ANIMA_OK;
    if (!ok && repeated && anima_diagnostics_error_count(diagnostics) == 0) {
      anima_diagnostics_append(diagnostics, repeated);
    }
    anima_diagnostics_destroy(repeated);
  } else {
    ok = cli_read_file(path, &text, &length, missing, diagnostics) &&
         anima_markup_decompile(runtime, text, length, 0, diagnostics, out,
                                out_length) == ANIMA_OK;
  }
  free(text);
  return ok;
}

int anima_command_decompile(int argc, char **argv) {
  static const cli_convert_command command = {"decompile", print_help,
                                              decompile};
  return cli_convert_run(&command, argc, argv);
}
