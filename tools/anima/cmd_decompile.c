/*
 * cmd_decompile.c — `anima decompile <file.ani> [-o out.animl]
 * [--format=text|json]`: writes a valid `.ani` document as canonical AniML
 * (docs/ANIML.md); building the result gives back the same JSON value. The
 * AniML goes to `-o` or to stdout; diagnostics go to stderr (or as one JSON
 * line with --format=json). Exit 0 when written (warnings allowed), 1 when
 * the document is invalid, 2 on usage errors (unknown option, missing file).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <anima/markup.h>

#include "cli.h"
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

/* Writes `text` to `path` through a temporary file in the same directory,
 * so a failed write never leaves half a file. */
static bool write_file(const char *path, const char *text, size_t length) {
  size_t path_length = strlen(path);
  char *temporary = malloc(path_length + 16);
  if (!temporary) {
    return false;
  }
  snprintf(temporary, path_length + 16, "%s.tmp-decompile", path);
  FILE *file = fopen(temporary, "wb");
  bool ok = file && fwrite(text, 1, length, file) == length;
  ok = file && fclose(file) == 0 && ok;
  ok = ok && rename(temporary, path) == 0;
  if (!ok) {
    fprintf(stderr, "anima decompile: cannot write %s: %s\n", path,
            strerror(errno));
    remove(temporary);
  }
  free(temporary);
  return ok;
}

int anima_command_decompile(int argc, char **argv) {
  cli_format format = CLI_FORMAT_TEXT;
  const char *path = NULL, *output = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      print_help(stdout);
      return CLI_EXIT_OK;
    }
    if (strncmp(argv[i], "--format", 8) == 0) {
      if (!cli_parse_format("decompile", argc, argv, &i, &format)) {
        return CLI_EXIT_USAGE;
      }
    } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
      output = argv[++i];
    } else if (strcmp(argv[i], "-o") == 0) {
      fprintf(stderr, "anima decompile: -o needs an output file\n");
      return CLI_EXIT_USAGE;
    } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      fprintf(stderr, "anima decompile: unknown option \"%s\"\n", argv[i]);
      print_help(stderr);
      return CLI_EXIT_USAGE;
    } else if (path) {
      fprintf(stderr, "anima decompile: expected one file, got \"%s\" too\n",
              argv[i]);
      return CLI_EXIT_USAGE;
    } else {
      path = argv[i];
    }
  }
  if (!path) {
    int status = cli_default_input("decompile", &path);
    if (status >= 0) {
      return status;
    }
  }
  anima_runtime *runtime = cli_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (!runtime || !diagnostics) {
    fprintf(stderr, "anima decompile: out of memory\n");
    anima_runtime_destroy(runtime);
    anima_diagnostics_destroy(diagnostics);
    return CLI_EXIT_FAILED;
  }
  char *text = NULL, *animl = NULL;
  size_t length = 0, animl_length = 0;
  bool missing = false;
  bool ok;
  if (cli_has_suffix(path, ".animl")) {
    /* AniML in: validated with line:column, then written canonically (the
     * decompiler's own validation would repeat the warnings). */
    anima_diagnostics *repeated = anima_diagnostics_create();
    ok = repeated &&
         cli_validate_source(runtime, path, &text, &length, &missing,
                             diagnostics) &&
         anima_markup_decompile(runtime, text, length, 0, repeated, &animl,
                                &animl_length) == ANIMA_OK;
    if (!ok && repeated && anima_diagnostics_error_count(diagnostics) == 0) {
      anima_diagnostics_append(diagnostics, repeated);
    }
    anima_diagnostics_destroy(repeated);
  } else {
    ok = cli_read_file(path, &text, &length, &missing, diagnostics) &&
         anima_markup_decompile(runtime, text, length, 0, diagnostics, &animl,
                                &animl_length) == ANIMA_OK;
  }
  if (format == CLI_FORMAT_JSON) {
    cli_print_diagnostics_json(output ? stdout : stderr, ok, diagnostics);
  } else {
    cli_print_diagnostics_text(stderr, path, diagnostics);
  }
  if (ok && output) {
    ok = write_file(output, animl, animl_length);
  } else if (ok) {
    ok = fwrite(animl, 1, animl_length, stdout) == animl_length;
  }
  free(text);
  anima_markup_free(animl);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
  if (missing) {
    return CLI_EXIT_USAGE;
  }
  return ok ? CLI_EXIT_OK : CLI_EXIT_FAILED;
}
