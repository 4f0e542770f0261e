/*
 * cmd_sample.c — `anima sample <file> [script.txt] [--all]
 * [--reduced-motion] [--seed n]` (SPEC §11.2): runs a script against a new
 * player and prints one JSON line per snapshot. Without a script it prints
 * the snapshot of the new player (no step is taken, DECISIONS 4); `-` reads
 * the script from stdin. Assertion diagnostics go to stderr with exit 1;
 * bad arguments or script commands exit 2 (the script stops at the first
 * bad command).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "script.h"

static void print_usage(FILE *out) {
  fprintf(out, "usage: anima sample [file.ani|file.animl] [script.txt|-] "
               "[--all] [--reduced-motion] [--seed n]\n");
}

static void print_help(FILE *out) {
  print_usage(out);
  fprintf(out,
          "Runs a script against a new player and prints one JSON line per "
          "`snapshot`.\n"
          "Without a script: one snapshot of the new player. A script `-` is "
          "stdin.\n"
          "Without a document (no file, or only a script ending in .txt, or "
          "`-`): the\n\"entry\" of the nearest anima.json, from the working "
          "directory upward.\n"
          "  --all             snapshots list every animatable property and "
          "input\n"
          "  --reduced-motion  the player starts with reduced motion on\n"
          "  --seed n          random seed, 0 to 4294967295\n");
  script_print_commands(out);
  fprintf(out, "Exit status: 0 ok, 1 an expect or expect-error failed, 2 "
               "usage error or bad\nscript command (the script stops "
               "there).\n");
}

void script_print_commands(FILE *out) {
  fprintf(out,
          "Script commands (docs/SCRIPTS.md has the details; `#` starts a "
          "comment):\n"
          "  advance <seconds> [in <n>]          step(seconds / n), n times\n"
          "  set <input> <true|false|number>     queue a write (the next "
          "step applies it)\n"
          "  fire <trigger> | toggle <bool>      queue a fire or a toggle\n"
          "  pointer move|down|up|click <x> <y>  grid units, then step(0)\n"
          "  pointer leave | pointer drag <x0> <y0> <x1> <y1> [in <n>]\n"
          "  key down|up|repeat Enter|Space      root a11y keys, then "
          "step(0)\n"
          "  motion reduce|full                  reduced motion from the "
          "next step\n"
          "  snapshot [--all] [address|input ...]         print one JSON "
          "line\n"
          "  expect <address|input> ==|!=|<|>|~ <value>   ~ means within "
          "1e-6\n"
          "  expect-error <code>                 the next command must "
          "report <code>\n"
          "  group <name> ... end                prefix failure messages\n"
          "  seed <n>                            the random seed\n"
          "  <operation> [argument ...]          a command of a loaded module "
          "(`anima\n"
          "                                      modules` lists them) for "
          "documents that\n"
          "                                      declare its feature\n"
          "Timing: the next step applies a write after advancing its clocks, "
          "and the state\nit enters starts at time 0: `fire x` then `advance "
          "0.1` shows no motion yet.\nWrite `fire x`, `advance 0`, then "
          "`advance 0.1`.\n");
}

bool script_parse_option(const char *command, int argc, char **argv, int *index,
                         script_options *options) {
  const char *argument = argv[*index];
  if (strcmp(argument, "--all") == 0) {
    options->snapshot_all = true;
    return true;
  }
  if (strcmp(argument, "--reduced-motion") == 0) {
    options->reduced_motion = true;
    return true;
  }
  const char *seed = NULL;
  if (strncmp(argument, "--seed=", 7) == 0) {
    seed = argument + 7;
  } else if (strcmp(argument, "--seed") == 0 && *index + 1 < argc) {
    seed = argv[++*index];
  } else if (strcmp(argument, "--seed") == 0) {
    fprintf(stderr, "anima %s: --seed needs a value\n", command);
    return false;
  }
  if (seed) {
    char *end = NULL;
    unsigned long long value = strtoull(seed, &end, 10);
    if (!*seed || *end || seed[0] == '-' || value > 4294967295ull) {
      fprintf(stderr,
              "anima %s: --seed takes a whole number from 0 to 4294967295, "
              "not \"%s\"\n",
              command, seed);
      return false;
    }
    options->has_seed = true;
    options->seed = (uint32_t)value;
    return true;
  }
  fprintf(stderr, "anima %s: unknown option %s\n", command, argument);
  return false;
}

int script_load_model(anima_runtime *runtime, const char *path,
                      anima_model **model, anima_diagnostics *diagnostics) {
  bool missing = false;
  if (!cli_load_model(runtime, path, model, &missing, diagnostics)) {
    return missing ? CLI_EXIT_USAGE : CLI_EXIT_FAILED;
  }
  return CLI_EXIT_OK;
}

/* Is `argument` a script rather than a document: `-` or a name ending in
 * .txt? */
static bool is_script_name(const char *argument) {
  return strcmp(argument, "-") == 0 || cli_has_suffix(argument, ".txt");
}

/* After each line: print its snapshot lines on stdout and its diagnostics
 * on stderr, as they happen. */
static void print_line(void *context, script_lines *outputs,
                       anima_diagnostics *diagnostics) {
  const char *script_name = context;
  for (size_t i = 0; i < outputs->count; i++) {
    fputs(outputs->items[i], stdout);
    fputc('\n', stdout);
  }
  fflush(stdout);
  cli_print_diagnostics_text(stderr, script_name, diagnostics);
  anima_diagnostics_clear(diagnostics);
}

static int run_script(script_interpreter *interpreter, const char *script_name,
                      const char *script, size_t length) {
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (!diagnostics) {
    fprintf(stderr, "anima sample: out of memory\n");
    return CLI_EXIT_FAILED;
  }
  script_result worst =
      script_run_text(interpreter, script, length, diagnostics, print_line,
                      (void *)script_name);
  anima_diagnostics_destroy(diagnostics);
  return worst == SCRIPT_USAGE       ? CLI_EXIT_USAGE
         : worst == SCRIPT_ASSERTION ? CLI_EXIT_FAILED
                                     : CLI_EXIT_OK;
}

int anima_command_sample(int argc, char **argv) {
  script_options options = {0};
  const char *paths[2] = {NULL, NULL};
  size_t path_count = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      print_help(stdout);
      return CLI_EXIT_OK;
    }
    if (argv[i][0] == '-' && argv[i][1] != '\0') {
      if (!script_parse_option("sample", argc, argv, &i, &options)) {
        return CLI_EXIT_USAGE;
      }
    } else if (path_count < 2) {
      paths[path_count++] = argv[i];
    } else {
      fprintf(stderr, "anima sample: unexpected argument %s\n", argv[i]);
      print_usage(stderr);
      return CLI_EXIT_USAGE;
    }
  }
  /* No document, or only a script: the project's entry (anima.json). */
  if (path_count == 0 || (path_count == 1 && is_script_name(paths[0]))) {
    paths[1] = paths[0];
    path_count++;
    int status = cli_default_input("sample", &paths[0]);
    if (status >= 0) {
      if (paths[1]) {
        fprintf(stderr,
                "(hint: %s is a script; name the document first: `anima "
                "sample <file.animl> %s`)\n",
                paths[1], paths[1]);
      }
      return status;
    }
  }
  const char *script_name = paths[1] ? paths[1] : "<script>";
  char *script = NULL;
  size_t script_length = 0;
  if (paths[1]) {
    char message[4400];
    if (!script_read(paths[1], &script, &script_length, message,
                     sizeof message)) {
      fprintf(stderr, "anima sample: %s\n", message);
      return CLI_EXIT_USAGE;
    }
    if (strcmp(paths[1], "-") == 0) {
      script_name = "<stdin>";
    }
  } else {
    script = strdup("snapshot");
    script_length = script ? strlen(script) : 0;
  }
  if (!script) {
    fprintf(stderr, "anima sample: out of memory\n");
    return CLI_EXIT_FAILED;
  }
  anima_runtime *runtime = cli_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_model *model = NULL;
  int status = runtime && diagnostics
                   ? script_load_model(runtime, paths[0], &model, diagnostics)
                   : CLI_EXIT_FAILED;
  if (status != CLI_EXIT_OK) {
    cli_print_diagnostics_text(stderr, paths[0], diagnostics);
  } else {
    script_interpreter *interpreter =
        script_interpreter_create(model, &options);
    if (!interpreter) {
      anima_model_destroy(model);
      fprintf(stderr, "anima sample: out of memory\n");
      status = CLI_EXIT_FAILED;
    } else {
      status = run_script(interpreter, script_name, script, script_length);
      script_interpreter_destroy(interpreter);
    }
  }
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
  free(script);
  return status;
}
