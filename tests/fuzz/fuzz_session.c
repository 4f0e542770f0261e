/*
 * fuzz_session.c — libFuzzer harness for the `anima session` protocol
 * (tools/anima/session.c): arbitrary bytes as the session's stdin, served
 * by session_serve on a player of the first document of fuzz_documents.h
 * (`reload` loads it again). scripts/fuzz-smoke.sh builds it with clang's
 * ASan and UBSan, small step and event bounds and a 256-byte request limit
 * (-DSESSION_REQUEST_LIMIT=256), so that the limit is reached.
 *
 * Besides crashes and sanitizer reports it checks the protocol's promises:
 * every reply is one line of JSON {"ok": bool, "outputs": [], "snapshots":
 * [], "diagnostics": []} whose ok is false exactly when a diagnostic is an
 * error, and each request line gets exactly one reply (fewer only after a
 * `quit`).
 */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/anima.h>

#include "fuzz_documents.h"
#include "script.h"
#include "session.h"

static anima_runtime *runtime;

static bool reload(void *context, anima_model **model,
                   anima_diagnostics *diagnostics) {
  const char *document = context;
  return anima_model_load(runtime, document, strlen(document), diagnostics,
                          model) == ANIMA_OK;
}

static bool contains(const uint8_t *data, size_t size, const char *word) {
  size_t length = strlen(word);
  for (size_t i = 0; i + length <= size; i++) {
    if (memcmp(data + i, word, length) == 0) {
      return true;
    }
  }
  return false;
}

static void check_reply(const char *line, size_t length) {
  json_error_t error;
  json_t *reply = json_loadb(line, length, 0, &error);
  const json_t *ok = json_object_get(reply, "ok");
  const json_t *diagnostics = json_object_get(reply, "diagnostics");
  bool shaped = json_is_boolean(ok) &&
                json_is_array(json_object_get(reply, "outputs")) &&
                json_is_array(json_object_get(reply, "snapshots")) &&
                json_is_array(diagnostics);
  bool errors = false;
  for (size_t i = 0; shaped && i < json_array_size(diagnostics); i++) {
    const char *severity = json_string_value(
        json_object_get(json_array_get(diagnostics, i), "severity"));
    errors = errors || (severity && strcmp(severity, "error") == 0);
  }
  if (!shaped || json_is_true(ok) == errors) {
    fprintf(stderr, "bad reply: %.*s\n", (int)(length < 500 ? length : 500),
            line);
    abort();
  }
  json_decref(reply);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *document = fuzz_documents[0];
  runtime = anima_runtime_create();
  anima_model *model = NULL;
  if (!runtime || anima_model_load(runtime, document, strlen(document), NULL,
                                   &model) != ANIMA_OK) {
    abort();
  }
  script_interpreter *interpreter = script_interpreter_create(model, NULL);
  char *replies = NULL;
  size_t replies_size = 0;
  FILE *out = open_memstream(&replies, &replies_size);
  /* fmemopen needs a non-empty buffer: an empty input is an empty file. */
  FILE *in = size ? fmemopen((void *)data, size, "r") : fopen("/dev/null", "r");
  if (!interpreter || !out || !in ||
      !session_serve(interpreter, in, out, reload, (void *)document)) {
    abort();
  }
  fclose(in);
  fclose(out);
  size_t requests = 0, count = 0;
  for (size_t i = 0; i < size; i++) {
    requests += data[i] == '\n' || i + 1 == size;
  }
  for (char *line = replies; line < replies + replies_size;) {
    char *newline = memchr(line, '\n', (size_t)(replies + replies_size - line));
    if (!newline) {
      abort(); /* every reply ends with a newline */
    }
    check_reply(line, (size_t)(newline - line));
    count++;
    line = newline + 1;
  }
  /* A quit may be spelled with JSON escapes: {"cmd": "q\\u0075it"}. */
  bool quit = contains(data, size, "quit") || contains(data, size, "\\u");
  if (count > requests || (!quit && count != requests)) {
    fprintf(stderr, "%zu replies to %zu requests\n", count, requests);
    abort();
  }
  free(replies);
  script_interpreter_destroy(interpreter);
  anima_runtime_destroy(runtime);
  return 0;
}
