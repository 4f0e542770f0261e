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
 * The protocol (bounded request lines, replies) is session.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "script.h"
#include "session.h"

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

/* What `reload` needs: the runtime and the document's path. */
typedef struct reload_source {
  anima_runtime *runtime;
  const char *path;
} reload_source;

static bool reload_document(void *context, anima_model **model,
                            anima_diagnostics *diagnostics) {
  const reload_source *source = context;
  return script_load_model(source->runtime, source->path, model, diagnostics) ==
         CLI_EXIT_OK;
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
    session_reply(stdout, &outputs, diagnostics, NULL);
    anima_diagnostics_destroy(diagnostics);
    anima_runtime_destroy(runtime);
    return status;
  }
  anima_diagnostics_destroy(diagnostics); /* warnings of the first load */
  reload_source source = {runtime, path};
  status = CLI_EXIT_OK;
  if (!session_serve(interpreter, stdin, stdout, reload_document, &source)) {
    fprintf(stderr, "anima session: out of memory\n");
    status = CLI_EXIT_FAILED;
  }
  script_interpreter_destroy(interpreter);
  anima_runtime_destroy(runtime);
  return status;
}
