/*
 * cmd_import.c — `anima import file.svg [-o out.ani|out.animl]
 * [--format=text|json]` (SPEC "assets" chapter, the import paragraph).
 *
 * Reads an SVG with libxml2 (no network, no entity expansion) and writes a
 * `.ani` document: name from the file stem, viewBox from the root (or its
 * width/height), grid the viewBox's larger side. Imported: path, rect,
 * circle, ellipse, line, polyline, polygon, g (and a), with the inherited
 * presentation attributes and `style` declarations fill, stroke,
 * stroke-width, stroke-linecap, stroke-linejoin, fill-rule, fill-opacity,
 * stroke-opacity, and per-element opacity, visibility and display;
 * colours as hex, rgb()/rgba(), named colours, currentColor and none;
 * transform lists as nested nodes (import_svg.h). Whatever is dropped is an
 * `import-unsupported` warning naming the SVG element path
 * (`/svg/g[2]/linearGradient[1]`, attributes as `/@name`); malformed XML
 * or a root that is not `<svg>` is `import-invalid` at the empty pointer.
 * The result is validated like any document before it is written.
 *
 * Exit status: 0 written (warnings allowed), 1 invalid input, 2 usage.
 */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include <anima/markup.h>

#include "cli.h"
#include "commands.h"
#include "import_svg.h"

static void print_help(FILE *out) {
  fprintf(out,
          "usage: anima import <file.svg> [-o out.ani|out.animl] "
          "[--format=text|json]\n"
          "Converts an SVG icon into a .ani document (stdout without -o).\n"
          "Exit status: 0 imported (warnings allowed), 1 invalid input, 2 "
          "usage error.\n");
}

static int import_usage(const char *problem) {
  fprintf(stderr, "anima import: %s\n", problem);
  print_help(stderr);
  return CLI_EXIT_USAGE;
}

static bool write_text(const char *path, const char *text) {
  FILE *file = fopen(path, "wb");
  if (file == NULL) {
    return false;
  }
  bool ok = fputs(text, file) >= 0;
  return fclose(file) == 0 && ok;
}

/* Prints `{"ok": ..., "diagnostics": [...], "output": ...}`. */
static void print_json_string(const char *text) {
  json_t *value = json_string(text);
  if (value != NULL) {
    json_dumpf(value, stdout, JSON_ENCODE_ANY);
    json_decref(value);
  }
}

static void print_json_result(bool ok, const anima_diagnostics *diagnostics,
                              const char *output_path, const char *text) {
  char *buffer = NULL;
  size_t size = 0;
  FILE *stream = open_memstream(&buffer, &size);
  if (stream == NULL) {
    return;
  }
  cli_print_diagnostics_json(stream, ok, diagnostics);
  fclose(stream);
  /* Insert the output before the closing brace of the diagnostics object. */
  while (size > 0 && (buffer[size - 1] == '\n' || buffer[size - 1] == '}')) {
    if (buffer[--size] == '}') {
      break;
    }
  }
  fwrite(buffer, 1, size, stdout);
  if (ok && output_path != NULL) {
    fputs(", \"output\": ", stdout);
    print_json_string(output_path);
  } else if (ok && text != NULL) {
    fputs(", \"text\": ", stdout);
    print_json_string(text);
  }
  fputs("}\n", stdout);
  free(buffer);
}

int anima_command_import(int argc, char **argv) {
  cli_format format = CLI_FORMAT_TEXT;
  const char *input = NULL;
  const char *output = NULL;
  for (int index = 1; index < argc; index++) {
    const char *argument = argv[index];
    if (strcmp(argument, "--help") == 0 || strcmp(argument, "-h") == 0) {
      print_help(stdout);
      return CLI_EXIT_OK;
    }
    if (strncmp(argument, "--format", 8) == 0) {
      if (!cli_parse_format("import", argc, argv, &index, &format)) {
        return CLI_EXIT_USAGE;
      }
    } else if (strcmp(argument, "-o") == 0 || strcmp(argument, "--out") == 0) {
      if (index + 1 >= argc) {
        return import_usage("-o needs an output path ending in .ani or .animl");
      }
      output = argv[++index];
    } else if (argument[0] == '-' && argument[1] != '\0') {
      fprintf(stderr, "anima import: unknown option \"%s\"\n", argument);
      print_help(stderr);
      return CLI_EXIT_USAGE;
    } else if (input != NULL) {
      return import_usage("expected one SVG file");
    } else {
      input = argument;
    }
  }
  if (input == NULL) {
    return import_usage("missing the SVG file to import");
  }
  if (output != NULL && !cli_has_suffix(output, ".ani") &&
      !cli_has_suffix(output, ".animl")) {
    return import_usage("the output must end in .ani or .animl");
  }
  FILE *probe = fopen(input, "rb");
  if (probe == NULL) {
    fprintf(stderr, "anima import: cannot read %s: %s (hint: check the path)\n",
            input, strerror(errno));
    return CLI_EXIT_USAGE;
  }
  fclose(probe);

  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_runtime *runtime = cli_runtime_create();
  if (diagnostics == NULL || runtime == NULL) {
    fprintf(stderr, "anima import: out of memory\n");
    anima_diagnostics_destroy(diagnostics);
    anima_runtime_destroy(runtime);
    return CLI_EXIT_FAILED;
  }
  char *text = NULL;
  bool ok = import_svg_file(input, &text, diagnostics) &&
            anima_document_validate(runtime, text, strlen(text), diagnostics) ==
                ANIMA_OK;
  if (ok) {
    /* Canonical .ani (as `anima fmt`), or AniML for an .animl output. */
    bool animl = output != NULL && cli_has_suffix(output, ".animl");
    char *converted = NULL;
    anima_diagnostics *ignored = anima_diagnostics_create();
    anima_status status =
        animl ? anima_markup_decompile(runtime, text, strlen(text),
                                       ANIMA_MARKUP_SYNTAX_ONLY, ignored,
                                       &converted, NULL)
              : anima_document_format(runtime, text, strlen(text), ignored,
                                      &converted, NULL);
    if (status == ANIMA_OK && converted != NULL) {
      free(text);
      text = strdup(converted);
      anima_markup_free(converted);
      ok = text != NULL;
    } else {
      anima_diagnostics_append(diagnostics, ignored);
      ok = false;
    }
    anima_diagnostics_destroy(ignored);
  }
  if (ok && output != NULL && !write_text(output, text)) {
    anima_diagnostics_add(diagnostics, "file-unwritable", ANIMA_SEVERITY_ERROR,
                          "", "check that the directory exists and is writable",
                          "cannot write %s: %s", output, strerror(errno));
    ok = false;
  }
  if (format == CLI_FORMAT_JSON) {
    print_json_result(ok, diagnostics, output, text);
  } else {
    cli_print_diagnostics_text(stderr, input, diagnostics);
    if (ok && output == NULL) {
      fputs(text, stdout);
    }
  }
  free(text);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
  return ok ? CLI_EXIT_OK : CLI_EXIT_FAILED;
}
