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
  fprintf(out, "usage: anima sample <file.ani|file.animl> [script.txt|-] "
               "[--all] [--reduced-motion] [--seed n]\n");
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

static char *read_stream(FILE *stream) {
  size_t capacity = 4096, used = 0;
  char *buffer = malloc(capacity);
  while (buffer) {
    size_t read = fread(buffer + used, 1, capacity - used - 1, stream);
    used += read;
    if (read == 0) {
      break;
    }
    if (used + 1 == capacity) {
      char *grown = realloc(buffer, capacity * 2);
      if (!grown) {
        free(buffer);
        return NULL;
      }
      buffer = grown;
      capacity *= 2;
    }
  }
  if (buffer) {
    buffer[used] = '\0';
  }
  return buffer;
}

static int run_script(script_interpreter *interpreter, const char *script_name,
                      char *script) {
  script_lines outputs = {0};
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  script_result worst = SCRIPT_OK;
  size_t line_number = 0;
  char *cursor = script;
  while (cursor && worst != SCRIPT_USAGE) {
    char *newline = strchr(cursor, '\n');
    if (newline) {
      *newline = '\0';
    }
    script_result result = script_run_line(interpreter, cursor, line_number,
                                           &outputs, diagnostics);
    for (size_t i = 0; i < outputs.count; i++) {
      fputs(outputs.items[i], stdout);
      fputc('\n', stdout);
    }
    fflush(stdout);
    script_lines_clear(&outputs);
    cli_print_diagnostics_text(stderr, script_name, diagnostics);
    anima_diagnostics_clear(diagnostics);
    if (result > worst) {
      worst = result;
    }
    line_number++;
    cursor = newline ? newline + 1 : NULL;
  }
  if (worst != SCRIPT_USAGE) {
    script_result result = script_finish(interpreter, line_number, diagnostics);
    cli_print_diagnostics_text(stderr, script_name, diagnostics);
    if (result > worst) {
      worst = result;
    }
  }
  script_lines_free(&outputs);
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
      print_usage(stdout);
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
  if (path_count == 0) {
    print_usage(stderr);
    return CLI_EXIT_USAGE;
  }
  char *script = NULL;
  if (path_count == 2 && strcmp(paths[1], "-") == 0) {
    script = read_stream(stdin);
  } else if (path_count == 2) {
    FILE *file = fopen(paths[1], "rb");
    if (!file) {
      fprintf(stderr, "anima sample: cannot read script %s\n", paths[1]);
      return CLI_EXIT_USAGE;
    }
    script = read_stream(file);
    fclose(file);
  } else {
    script = strdup("snapshot");
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
      status = run_script(interpreter, path_count == 2 ? paths[1] : "<script>",
                          script);
      script_interpreter_destroy(interpreter);
    }
  }
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
  free(script);
  return status;
}
