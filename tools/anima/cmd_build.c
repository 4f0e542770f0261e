/*
 * cmd_build.c — `anima build <file.animl> [-o out.ani] [--format=text|json]`:
 * compiles AniML to canonical `.ani` JSON (docs/ANIML.md; SPEC §11.1: the
 * `.ani` is the build output of the `.animl`). The JSON goes to `-o` or to
 * stdout; diagnostics (with AniML line:column and the JSON pointer) go to
 * stderr, or to stdout as one JSON line with --format=json. Exit 0 when
 * the document compiles and validates (warnings allowed), 1 when it does
 * not, 2 on usage errors (unknown option, missing file).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <anima/markup.h>

#include "cli.h"
#include "commands.h"

static void print_help(FILE *out) {
  fprintf(out,
          "usage: anima build [file.animl] [-o out.ani] [--format=text|json]\n"
          "Compiles AniML to canonical .ani JSON (stdout without -o). Without "
          "a file: the\n\"entry\" of the nearest anima.json.\n"
          "Exit status: 0 built (warnings allowed), 1 invalid, 2 usage "
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
  snprintf(temporary, path_length + 16, "%s.tmp-build", path);
  FILE *file = fopen(temporary, "wb");
  bool ok = file && fwrite(text, 1, length, file) == length;
  ok = file && fclose(file) == 0 && ok;
  ok = ok && rename(temporary, path) == 0;
  if (!ok) {
    fprintf(stderr, "anima build: cannot write %s: %s\n", path,
            strerror(errno));
    remove(temporary);
  }
  free(temporary);
  return ok;
}

int anima_command_build(int argc, char **argv) {
  cli_format format = CLI_FORMAT_TEXT;
  const char *path = NULL, *output = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      print_help(stdout);
      return CLI_EXIT_OK;
    }
    if (strncmp(argv[i], "--format", 8) == 0) {
      if (!cli_parse_format("build", argc, argv, &i, &format)) {
        return CLI_EXIT_USAGE;
      }
    } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
      output = argv[++i];
    } else if (strcmp(argv[i], "-o") == 0) {
      fprintf(stderr, "anima build: -o needs an output file\n");
      return CLI_EXIT_USAGE;
    } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      fprintf(stderr, "anima build: unknown option \"%s\"\n", argv[i]);
      print_help(stderr);
      return CLI_EXIT_USAGE;
    } else if (path) {
      fprintf(stderr, "anima build: expected one file, got \"%s\" too\n",
              argv[i]);
      return CLI_EXIT_USAGE;
    } else {
      path = argv[i];
    }
  }
  if (!path) {
    int status = cli_default_input("build", &path);
    if (status >= 0) {
      return status;
    }
  }
  anima_runtime *runtime = cli_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (!runtime || !diagnostics) {
    fprintf(stderr, "anima build: out of memory\n");
    anima_runtime_destroy(runtime);
    anima_diagnostics_destroy(diagnostics);
    return CLI_EXIT_FAILED;
  }
  char *text = NULL, *json = NULL;
  size_t length = 0, json_length = 0;
  bool missing = false;
  bool ok = cli_read_file(path, &text, &length, &missing, diagnostics) &&
            anima_markup_compile(runtime, text, length, 0, diagnostics, &json,
                                 &json_length) == ANIMA_OK;
  if (format == CLI_FORMAT_JSON) {
    cli_print_diagnostics_json(output ? stdout : stderr, ok, diagnostics);
  } else {
    cli_print_diagnostics_text(stderr, path, diagnostics);
  }
  if (ok && output) {
    ok = write_file(output, json, json_length);
  } else if (ok) {
    ok = fwrite(json, 1, json_length, stdout) == json_length;
  }
  free(text);
  anima_markup_free(json);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
  if (missing) {
    return CLI_EXIT_USAGE;
  }
  return ok ? CLI_EXIT_OK : CLI_EXIT_FAILED;
}
