/*
 * cmd_inspect.c — `anima inspect <file> [--format=text|json]`: validates a
 * .ani or .animl document, then reports its inputs, machine layers with
 * states and transitions, timelines, listeners, the addresses its tracks
 * and poses animate, its rig (bones, constraints in their solve order),
 * the root a11y, the features it requires and this
 * build loads, and lints: nodes that leave the viewBox in some pose
 * (inspect.h, extent.h). Exit 0 for a valid document (warnings allowed, printed
 * to stderr in text form and listed under "diagnostics" in JSON), 1 for an
 * invalid one (its diagnostics, as `anima validate` prints them), 2 on
 * usage errors (unknown option, missing file).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "inspect.h"
#include "json_print.h"

static void print_help(FILE *out) {
  fprintf(out,
          "usage: anima inspect [file.ani|file.animl] [--format=text|json]\n"
          "Without a file: the \"entry\" of the nearest anima.json.\n"
          "Validates a document and reports its inputs, machine layers "
          "(states and\ntransitions), named machines (motion's `machines`: "
          "each machine's layers,\nstates and transitions), timelines "
          "(tracks and events), listeners, animated\naddresses, the rig "
          "(bones, constraints in solve order), event definitions\n"
          "(payload fields and their sources, URL and audio requests), the "
          "clocks of\nmotion's timeline instances, the root a11y, features "
          "(required by the document,\nloaded in this build) and lints: "
          "nodes that leave the viewBox at rest, in a pose\nor at a "
          "timeline key.\n"
          "Exit status: 0 valid (warnings allowed), 1 invalid (diagnostics "
          "printed),\n2 usage error.\n");
}

/* Builds and prints the report of a valid document. */
static int report(anima_runtime *runtime, const char *path, const char *json,
                  size_t length, const anima_diagnostics *diagnostics,
                  cli_format format) {
  anima_diagnostics *scratch = anima_diagnostics_create();
  anima_model *model = NULL;
  json_t *result = NULL;
  if (scratch &&
      anima_model_load(runtime, json, length, scratch, &model) == ANIMA_OK) {
    result = inspect_report(model, path);
    if (result) {
      inspect_add_module_fields(result, json, length);
      inspect_add_rig(result, model, json, length);
      inspect_add_event_definitions(result, json, length);
      inspect_add_instances(result, json, length);
      inspect_add_expressions(result, json, length);
    }
  }
  anima_model_destroy(model);
  anima_diagnostics_destroy(scratch);
  if (!result) {
    /* The validator accepted the text, so only memory can fail here. */
    fprintf(stderr, "anima inspect: cannot build the report of %s\n", path);
    return CLI_EXIT_FAILED;
  }
  if (format == CLI_FORMAT_JSON) {
    json_object_set_new(result, "diagnostics",
                        cli_diagnostics_json(diagnostics));
    json_print_line(stdout, result);
  } else {
    cli_print_diagnostics_text(stderr, path, diagnostics);
    inspect_print_text(stdout, result);
  }
  json_decref(result);
  return CLI_EXIT_OK;
}

int anima_command_inspect(int argc, char **argv) {
  cli_format format = CLI_FORMAT_TEXT;
  const char *path = NULL;
  int status = cli_parse_document_arguments("inspect", argc, argv, print_help,
                                            &path, &format);
  if (status >= 0) {
    return status;
  }
  anima_runtime *runtime = NULL;
  anima_diagnostics *diagnostics = NULL;
  if (!cli_begin("inspect", &runtime, &diagnostics)) {
    return CLI_EXIT_FAILED;
  }
  char *json = NULL;
  size_t length = 0;
  bool missing = false;
  bool valid =
      cli_validate_source(runtime, path, &json, &length, &missing, diagnostics);
  status = CLI_EXIT_OK;
  if (valid) {
    status = report(runtime, path, json, length, diagnostics, format);
  } else {
    if (format == CLI_FORMAT_JSON) {
      cli_print_diagnostics_json(stdout, false, diagnostics);
    } else {
      cli_print_diagnostics_text(stderr, path, diagnostics);
    }
    status = missing ? CLI_EXIT_USAGE : CLI_EXIT_FAILED;
  }
  free(json);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
  return status;
}
