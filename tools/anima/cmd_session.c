/*
 * cmd_session.c — `anima session <file> [--all] [--reduced-motion]
 * [--seed n]` (SPEC §11.2): keeps one interpreter alive; each stdin line
 * is a script command or a JSON object {"cmd": "<command>"}, and gets
 * exactly one JSON reply line:
 *
 *   {"ok": bool, "outputs": [...], "snapshots": [...], "diagnostics": [...]}
 *
 * Each line the command printed appears once, as a JSON value: snapshot
 * lines in `snapshots`, any other printed line in `outputs` (the core
 * commands print only snapshots, so `outputs` stays empty; it is where
 * printing commands of optional modules, such as `semantics`, belong). A
 * bad request gets ok false and does not end
 * the session. `quit` replies and exits 0; `reload` reads and validates
 * the file again: on success it replaces the document with a new player
 * (time, inputs and events start over) stepped once at 0, and replies
 * "reloaded": true; on failure the old document stays and the reply has
 * "reloaded": false with the load diagnostics. End of input exits 0.
 * Request numbers (zero-based) stand in for script lines in pointers.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "script.h"

static void print_usage(FILE *out) {
  fprintf(out, "usage: anima session [file.ani|file.animl] [--all] "
               "[--reduced-motion] [--seed n]\n");
}

static void print_help(FILE *out) {
  print_usage(out);
  fprintf(out,
          "Keeps one player alive. Each stdin line is a script command, or "
          "{\"cmd\": \"...\"},\nand gets one JSON reply line {\"ok\", "
          "\"outputs\", \"snapshots\", \"diagnostics\"}: each\nsnapshot "
          "line once in \"snapshots\", other printed lines in \"outputs\".\n"
          "`reload` reads the file again (new player), `quit` ends the "
          "session.\nWithout a file: the \"entry\" of the nearest "
          "anima.json. Options as in `anima sample`.\n");
  script_print_commands(out);
}

/* Prints the reply line and returns ok. */
static bool reply(const script_lines *outputs,
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
  puts(line ? line
            : "{\"ok\": false, \"outputs\": [], \"snapshots\": [], "
              "\"diagnostics\": []}");
  fflush(stdout);
  free(line);
  return ok;
}

/* The command of a request line: the line itself, or the string `cmd` of a
 * JSON object. NULL (with a diagnostic) for a bad object. The result is
 * malloc'd. */
static char *request_command(const char *line, size_t number,
                             anima_diagnostics *diagnostics) {
  const char *start = line;
  while (*start == ' ' || *start == '\t') {
    start++;
  }
  if (*start != '{') {
    return strdup(line);
  }
  char pointer[64];
  snprintf(pointer, sizeof pointer, "/script/%zu", number);
  json_error_t error;
  json_t *object = json_loads(start, JSON_REJECT_DUPLICATES, &error);
  const json_t *command = json_object_get(object, "cmd");
  char *result =
      json_is_string(command) ? strdup(json_string_value(command)) : NULL;
  if (!result) {
    anima_diagnostics_add(diagnostics, "script-usage", ANIMA_SEVERITY_ERROR,
                          pointer,
                          "send {\"cmd\": \"advance 0.5\"} or the "
                          "command text itself",
                          object ? "the request object has no string \"cmd\""
                                 : "the request is not valid JSON: %s",
                          error.text);
  }
  json_decref(object);
  return result;
}

static void strip_newline(char *line) {
  size_t length = strlen(line);
  while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) {
    line[--length] = '\0';
  }
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

int anima_command_session(int argc, char **argv) {
  script_options options = {0};
  const char *path = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      print_help(stdout);
      return CLI_EXIT_OK;
    }
    if (argv[i][0] == '-' && argv[i][1] != '\0') {
      if (!script_parse_option("session", argc, argv, &i, &options)) {
        return CLI_EXIT_USAGE;
      }
    } else if (!path) {
      path = argv[i];
    } else {
      print_usage(stderr);
      return CLI_EXIT_USAGE;
    }
  }
  if (!path) {
    int status = cli_default_input("session", &path);
    if (status >= 0) {
      return status;
    }
  }
  anima_runtime *runtime = cli_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  script_lines outputs = {0};
  anima_model *model = NULL;
  if (!runtime || !diagnostics) {
    fprintf(stderr, "anima session: out of memory\n");
    return CLI_EXIT_FAILED;
  }
  int status = script_load_model(runtime, path, &model, diagnostics);
  script_interpreter *interpreter =
      status == CLI_EXIT_OK ? script_interpreter_create(model, &options) : NULL;
  if (!interpreter) {
    if (status == CLI_EXIT_OK) {
      anima_model_destroy(model);
      anima_diagnostics_add(diagnostics, "out-of-memory", ANIMA_SEVERITY_ERROR,
                            "", NULL, "out of memory");
      status = CLI_EXIT_FAILED;
    }
    reply(&outputs, diagnostics, NULL);
    anima_diagnostics_destroy(diagnostics);
    anima_runtime_destroy(runtime);
    return status;
  }
  anima_diagnostics_clear(diagnostics); /* warnings of the first load */
  char *line = NULL;
  size_t capacity = 0;
  size_t number = 0;
  bool quit = false;
  while (!quit && getline(&line, &capacity, stdin) >= 0) {
    strip_newline(line);
    char *command = request_command(line, number, diagnostics);
    const char *extra = NULL;
    if (command && is_word(command, "quit")) {
      quit = true;
    } else if (command && is_word(command, "reload")) {
      anima_model *reloaded = NULL;
      if (script_load_model(runtime, path, &reloaded, diagnostics) ==
              CLI_EXIT_OK &&
          script_interpreter_replace_model(interpreter, reloaded)) {
        script_interpreter_step(interpreter, 0);
        extra = ", \"reloaded\": true";
      } else {
        anima_model_destroy(reloaded);
        extra = ", \"reloaded\": false";
      }
    } else if (command) {
      script_run_line(interpreter, command, number, &outputs, diagnostics);
    }
    reply(&outputs, diagnostics, extra);
    script_lines_clear(&outputs);
    anima_diagnostics_clear(diagnostics);
    free(command);
    number++;
  }
  free(line);
  script_lines_free(&outputs);
  script_interpreter_destroy(interpreter);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
  return CLI_EXIT_OK;
}
