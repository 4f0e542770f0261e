/*
 * session.c — the `anima session` protocol (session.h): bounded request
 * lines, request objects, quit and reload, and one reply line per request.
 */
#include "session.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* One request line as read (not NUL-terminated inside: it may hold NULs). */
typedef struct request_line {
  char *data;
  size_t length, capacity;
} request_line;

typedef enum request_status {
  REQUEST_READ,      /* a whole line (its newline dropped) */
  REQUEST_TOO_LONG,  /* SESSION_REQUEST_LIMIT bytes and more: the rest of
                        the line is still unread */
  REQUEST_NO_MEMORY, /* the rest of the line is still unread */
  REQUEST_END,       /* nothing left */
} request_status;

/* Appends `c`, growing the buffer up to SESSION_REQUEST_LIMIT + 1 bytes
 * (the line and its terminating NUL). */
static bool append_byte(request_line *line, char c) {
  if (line->length + 1 >= line->capacity) {
    size_t capacity = line->capacity * 2;
    if (capacity > SESSION_REQUEST_LIMIT + 1) {
      capacity = SESSION_REQUEST_LIMIT + 1;
    }
    char *grown = realloc(line->data, capacity);
    if (!grown) {
      return false;
    }
    line->data = grown;
    line->capacity = capacity;
  }
  line->data[line->length++] = c;
  return true;
}

/* Reads one line of at most SESSION_REQUEST_LIMIT bytes before its "\n"
 * into line->data (NUL-terminated); a "\r" before the "\n" is dropped. A
 * last line without "\n" counts. */
static request_status read_request(FILE *in, request_line *line) {
  line->length = 0;
  if (!line->data) {
    line->data = malloc(256);
    if (!line->data) {
      return REQUEST_NO_MEMORY;
    }
    line->capacity = 256;
  }
  bool any = false;
  for (int c; (c = getc(in)) != EOF;) {
    any = true;
    if (c == '\n') {
      break;
    }
    if (line->length == SESSION_REQUEST_LIMIT) {
      return REQUEST_TOO_LONG;
    }
    if (!append_byte(line, (char)c)) {
      return REQUEST_NO_MEMORY;
    }
  }
  if (!any) {
    return REQUEST_END;
  }
  if (line->length > 0 && line->data[line->length - 1] == '\r') {
    line->length--;
  }
  line->data[line->length] = '\0';
  return REQUEST_READ;
}

/* Reads and drops the rest of a line, up to and with its newline. */
static void skip_rest_of_line(FILE *in) {
  for (int c; (c = getc(in)) != EOF && c != '\n';) {
  }
}

static void request_pointer(char pointer[32], size_t number) {
  snprintf(pointer, 32, "/script/%zu", number);
}

/* The command of a request line: the line itself, or the string `cmd` of a
 * JSON object. NULL (with a diagnostic) for a bad request. The result is
 * malloc'd. */
static char *request_command(const request_line *line, size_t number,
                             anima_diagnostics *diagnostics) {
  char pointer[32];
  request_pointer(pointer, number);
  const char *nul = memchr(line->data, '\0', line->length);
  if (nul) {
    anima_diagnostics_add(
        diagnostics, "script-usage", ANIMA_SEVERITY_ERROR, pointer,
        "send text: a request is one line of UTF-8 without NUL bytes",
        "the request holds a NUL byte at byte %zu",
        (size_t)(nul - line->data) + 1);
    return NULL;
  }
  const char *start = line->data;
  while (*start == ' ' || *start == '\t') {
    start++;
  }
  if (*start != '{') {
    char *copy = strdup(line->data);
    if (!copy) {
      anima_diagnostics_add(diagnostics, "script-usage", ANIMA_SEVERITY_ERROR,
                            pointer, NULL, "out of memory");
    }
    return copy;
  }
  json_error_t error;
  json_t *object = json_loads(start, JSON_REJECT_DUPLICATES, &error);
  const json_t *command = json_object_get(object, "cmd");
  char *result =
      json_is_string(command) ? strdup(json_string_value(command)) : NULL;
  if (!result) {
    char message[256];
    if (!object) {
      snprintf(message, sizeof message, "the request is not valid JSON: %s",
               error.text);
    } else {
      snprintf(message, sizeof message, "%s",
               json_is_string(command)
                   ? "out of memory"
                   : "the request object has no string \"cmd\"");
    }
    anima_diagnostics_add(diagnostics, "script-usage", ANIMA_SEVERITY_ERROR,
                          pointer,
                          "send {\"cmd\": \"advance 0.5\"} or the "
                          "command text itself",
                          "%s", message);
  }
  json_decref(object);
  return result;
}

/* Is `command` exactly the word `word` (surrounding blanks allowed)? */
static bool is_word(const char *command, const char *word) {
  script_words words;
  char error[160];
  bool same = script_split(command, &words, error) && words.count == 1 &&
              strcmp(words.items[0].text, word) == 0;
  if (same || words.items) {
    script_words_free(&words);
  }
  return same;
}

bool session_reply(FILE *out, const script_lines *outputs,
                   const anima_diagnostics *diagnostics, const char *extra) {
  bool ok = anima_diagnostics_error_count(diagnostics) == 0;
  script_text text = {0};
  script_text_append(&text, ok ? "{\"ok\": true" : "{\"ok\": false");
  if (extra) {
    script_text_append(&text, extra);
  }
  /* Each printed line goes to exactly one list: the snapshot lines to
   * "snapshots", any other line to "outputs". */
  for (int pass = 0; pass < 2; pass++) {
    bool snapshots = pass == 1;
    script_text_append(&text,
                       snapshots ? ", \"snapshots\": [" : ", \"outputs\": [");
    for (size_t i = 0, written = 0; i < outputs->count; i++) {
      if (outputs->snapshot[i] == snapshots) {
        script_text_append(&text, written++ ? ", " : "");
        script_text_append(&text, outputs->items[i]);
      }
    }
    script_text_append(&text, "]");
  }
  script_text_append(&text, ", \"diagnostics\": ");
  script_text_append_diagnostics(&text, diagnostics);
  script_text_append(&text, "}");
  char *line = script_text_take(&text);
  fputs(line ? line
             : "{\"ok\": false, \"outputs\": [], \"snapshots\": [], "
               "\"diagnostics\": [{\"code\": \"script-usage\", \"severity\": "
               "\"error\", \"pointer\": \"\", \"message\": \"out of memory "
               "writing the reply\", \"hint\": null}]}",
        out);
  fputc('\n', out);
  fflush(out);
  free(line);
  return ok && line;
}

/* Runs one request line; returns the reply's extra members (or NULL) and
 * sets *quit for `quit`. */
static const char *run_request(script_interpreter *interpreter,
                               const request_line *line, size_t number,
                               session_reload_function reload, void *context,
                               script_lines *outputs,
                               anima_diagnostics *diagnostics, bool *quit) {
  char *command = request_command(line, number, diagnostics);
  const char *extra = NULL;
  if (command && is_word(command, "quit")) {
    *quit = true;
  } else if (command && is_word(command, "reload")) {
    anima_model *reloaded = NULL;
    if (reload(context, &reloaded, diagnostics) &&
        script_interpreter_replace_model(interpreter, reloaded)) {
      script_interpreter_step(interpreter, 0);
      extra = ", \"reloaded\": true";
    } else {
      anima_model_destroy(reloaded);
      extra = ", \"reloaded\": false";
    }
  } else if (command) {
    script_run_line(interpreter, command, number, outputs, diagnostics);
  }
  free(command);
  return extra;
}

bool session_serve(script_interpreter *interpreter, FILE *in, FILE *out,
                   session_reload_function reload, void *context) {
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (!diagnostics) {
    return false;
  }
  request_line line = {0};
  script_lines outputs = {0};
  bool quit = false;
  for (size_t number = 0; !quit; number++) {
    request_status status = read_request(in, &line);
    if (status == REQUEST_END) {
      break;
    }
    const char *extra = NULL;
    char pointer[32];
    request_pointer(pointer, number);
    if (status == REQUEST_TOO_LONG) {
      anima_diagnostics_add(
          diagnostics, "script-usage", ANIMA_SEVERITY_ERROR, pointer,
          "send one command per line; a request line ends with a newline",
          "the request line is longer than %d bytes; the rest of the line "
          "is skipped",
          SESSION_REQUEST_LIMIT);
    } else if (status == REQUEST_NO_MEMORY) {
      anima_diagnostics_add(diagnostics, "script-usage", ANIMA_SEVERITY_ERROR,
                            pointer, NULL,
                            "out of memory reading the request; the rest of "
                            "the line is skipped");
    } else {
      extra = run_request(interpreter, &line, number, reload, context, &outputs,
                          diagnostics, &quit);
    }
    session_reply(out, &outputs, diagnostics, extra);
    if (status == REQUEST_TOO_LONG || status == REQUEST_NO_MEMORY) {
      skip_rest_of_line(in);
    }
    script_lines_clear(&outputs);
    anima_diagnostics_clear(diagnostics);
  }
  free(line.data);
  script_lines_free(&outputs);
  anima_diagnostics_destroy(diagnostics);
  return true;
}
