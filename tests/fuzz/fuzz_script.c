/*
 * fuzz_script.c — libFuzzer harness for the SPEC §11.2 script interpreter
 * (tools/anima/script*.c): arbitrary bytes as a script, run by
 * script_run_text (as `anima sample` runs a script file) against a player
 * of each document of fuzz_documents.h. scripts/fuzz-smoke.sh
 * builds it over the kernel and script sources with clang's ASan and UBSan
 * and small step and event bounds (-DANIMA_SCRIPT_MAXIMUM_STEPS=1000
 * -DANIMA_SCRIPT_EVENT_LIMIT=1000) so that one input stays fast.
 *
 * Besides crashes and sanitizer reports it checks the interpreter's
 * promises: every printed line is a snapshot object {"time": number,
 * "values": {}, "states": {}, "events": [], "settled": bool}; every
 * diagnostic is an error with a script code and the pointer
 * /script/<its line>.
 */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/anima.h>

#include "fuzz_documents.h"
#include "script.h"

static void check_snapshot(const char *line) {
  json_error_t error;
  json_t *snapshot = json_loads(line, 0, &error);
  if (!json_is_object(snapshot) ||
      !json_is_number(json_object_get(snapshot, "time")) ||
      !json_is_object(json_object_get(snapshot, "values")) ||
      !json_is_object(json_object_get(snapshot, "states")) ||
      !json_is_array(json_object_get(snapshot, "events")) ||
      !json_is_boolean(json_object_get(snapshot, "settled"))) {
    fprintf(stderr, "not a snapshot line: %.500s\n", line);
    abort();
  }
  json_decref(snapshot);
}

static void check_diagnostics(const anima_diagnostics *diagnostics,
                              size_t line) {
  static const char *const codes[] = {"script-usage", "script-target",
                                      "script-expect", "script-expect-error"};
  char pointer[32];
  snprintf(pointer, sizeof pointer, "/script/%zu", line);
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    bool known = false;
    for (size_t c = 0; c < sizeof codes / sizeof codes[0]; c++) {
      known = known || strcmp(d->code, codes[c]) == 0;
    }
    /* expect-error reports at the line that set it: not after this one. */
    char *end = NULL;
    unsigned long long at = strncmp(d->pointer, "/script/", 8) == 0
                                ? strtoull(d->pointer + 8, &end, 10)
                                : 0;
    if (!known || d->severity != ANIMA_SEVERITY_ERROR || !end || *end ||
        at > line || !d->message[0]) {
      fprintf(stderr, "bad diagnostic at %s: %s %s %s\n", pointer, d->code,
              d->pointer, d->message);
      abort();
    }
  }
}

/* After each line: its printed lines are snapshots, its diagnostics well
 * formed. `context` counts the lines. */
static void line_done(void *context, script_lines *outputs,
                      anima_diagnostics *diagnostics) {
  size_t *line = context;
  for (size_t i = 0; i < outputs->count; i++) {
    check_snapshot(outputs->items[i]);
  }
  check_diagnostics(diagnostics, *line);
  anima_diagnostics_clear(diagnostics);
  ++*line;
}

static void run(const char *document, const script_options *options,
                const uint8_t *data, size_t size) {
  anima_runtime *runtime = anima_runtime_create();
  anima_model *model = NULL;
  if (!runtime || anima_model_load(runtime, document, strlen(document), NULL,
                                   &model) != ANIMA_OK) {
    abort(); /* the documents are valid */
  }
  script_interpreter *interpreter = script_interpreter_create(model, options);
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (!interpreter || !diagnostics) {
    abort();
  }
  size_t line = 0;
  script_run_text(interpreter, (const char *)data, size, diagnostics, line_done,
                  &line);
  anima_diagnostics_destroy(diagnostics);
  script_interpreter_destroy(interpreter);
  anima_runtime_destroy(runtime);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  for (size_t i = 0; i < fuzz_document_count; i++) {
    script_options options = {.snapshot_all = i % 2 == 1,
                              .reduced_motion = i % 2 == 1};
    run(fuzz_documents[i], &options, data, size);
  }
  return 0;
}
