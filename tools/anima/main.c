/*
 * main.c — the `anima` command-line tool: dispatches to a subcommand.
 * Usage: anima <command> [arguments]; `anima help` lists the commands.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/registry.h>

#include "cli.h"
#include "commands.h"
#include "new_samples.h"

typedef struct command {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
  /** Takes `--module FILE` (it loads documents or lists modules). */
  bool takes_modules;
} command;

static const command commands[] = {
    {"bench", anima_command_bench,
     "time step(1/60) and draw-frame building; count allocations", true},
    {"bone", anima_command_bone,
     "OpenBone skeletons: sample, validate, render, inspect a .obone", false},
    {"build", anima_command_build,
     "compile an .animl document to canonical .ani JSON", true},
    {"compare", anima_command_compare,
     "compare two PNG images channel by channel", false},
    {"decompile", anima_command_decompile,
     "write a .ani document as canonical AniML", true},
    {"fmt", anima_command_fmt,
     "rewrite .animl and .ani files in canonical form (--check to test)", true},
    {"import", anima_command_import, "convert an SVG icon into a .ani document",
     true},
    {"inspect", anima_command_inspect,
     "list a document's inputs, layers, timelines, listeners and features",
     true},
    {"modules", anima_command_modules,
     "list the feature modules found, and why one did not load", true},
    {"new", anima_command_new, "create a project from a sample:", true},
#ifdef ANIMA_HAVE_PLAYGROUND
    {"playground", anima_command_playground,
     "serve a local authoring inspector for a document on 127.0.0.1", false},
#endif
    {"render", anima_command_render,
     "draw a document to PNG or SVG at a time or after a script", true},
    {"sample", anima_command_sample,
     "run a script against a player and print JSON snapshots", true},
    {"schema", anima_command_schema,
     "describe node types, fields and diagnostic codes from the registry",
     true},
    {"session", anima_command_session,
     "keep a player alive and answer script commands from stdin", true},
    {"validate", anima_command_validate,
     "check a .ani or .animl document and print its diagnostics", true},
};

#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static void print_usage(FILE *out) {
  fprintf(out, "usage: anima <command> [arguments]\n\ncommands:\n");
  for (size_t i = 0; i < COMMAND_COUNT; i++) {
    fprintf(out, "  %-10s %s", commands[i].name, commands[i].summary);
    /* `new` lists the samples of its own table, so the lists agree. */
    for (size_t j = 0;
         commands[i].run == anima_command_new && new_samples[j].name; j++) {
      fprintf(out, "%s%s", j ? ", " : " ", new_samples[j].name);
    }
    fputc('\n', out);
  }
  fprintf(out, "\nRun `anima <command> --help` for a command's options.\n");
}

/* Printed after the help of every command that takes --module. */
static void print_module_options(FILE *out) {
  fprintf(
      out,
      "\nModule options (every command but compare):\n"
      "  --module FILE  load the feature module FILE (anima-<name>.so)\n"
      "                 first; repeatable. The modules on the search\n"
      "                 path (ANIMA_MODULE_PATH, then the install\n"
      "                 directory) load too: `anima modules` lists them.\n");
}

/* Takes every `--module FILE` / `--module=FILE` out of `argv` (from index
 * 2), keeping the other arguments in order. Returns the new argc, or -1
 * after a usage message. */
static int take_module_options(const char *name, int argc, char **argv,
                               const char **files, size_t *count) {
  int kept = 2;
  *count = 0;
  for (int i = 2; i < argc; i++) {
    const char *file = NULL;
    if (strcmp(argv[i], "--module") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "anima %s: --module needs a module file\n", name);
        return -1;
      }
      file = argv[++i];
    } else if (strncmp(argv[i], "--module=", 9) == 0) {
      file = argv[i] + 9;
    }
    if (file && !*file) {
      fprintf(stderr, "anima %s: --module needs a module file\n", name);
      return -1;
    }
    if (file) {
      files[(*count)++] = file;
    } else {
      argv[kept++] = argv[i];
    }
  }
  argv[kept] = NULL;
  return kept;
}

static bool asks_for_help(int argc, char **argv) {
  for (int i = 2; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      return true;
    }
  }
  return false;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    print_usage(stderr);
    return 2;
  }
  const char *name = argv[1];
  if (strcmp(name, "help") == 0 || strcmp(name, "--help") == 0 ||
      strcmp(name, "-h") == 0) {
    print_usage(stdout);
    return 0;
  }
  if (strcmp(name, "--version") == 0 || strcmp(name, "version") == 0) {
    printf("anima 0.1.0 (format 0.1)\n");
    return 0;
  }
  for (size_t i = 0; i < COMMAND_COUNT; i++) {
    if (strcmp(commands[i].name, name) != 0) {
      continue;
    }
    if (!commands[i].takes_modules) {
      return commands[i].run(argc - 1, argv + 1);
    }
    const char **files = calloc((size_t)argc, sizeof *files);
    if (!files) {
      fprintf(stderr, "anima: out of memory\n");
      return 1;
    }
    size_t count = 0;
    argc = take_module_options(name, argc, argv, files, &count);
    if (argc < 0) {
      free(files);
      return 2;
    }
    cli_set_module_files(files, count);
    bool help = asks_for_help(argc, argv);
    int status = commands[i].run(argc - 1, argv + 1);
    if (help && status == 0) {
      print_module_options(stdout);
    }
    cli_set_module_files(NULL, 0);
    free(files);
    return status;
  }
  const char *names[COMMAND_COUNT];
  for (size_t i = 0; i < COMMAND_COUNT; i++) {
    names[i] = commands[i].name;
  }
  const char *closest = anima_closest_name(name, names, COMMAND_COUNT);
  fprintf(stderr, "anima: unknown command \"%s\"", name);
  if (closest) {
    fprintf(stderr, " (did you mean \"%s\"?)", closest);
  }
  fprintf(stderr, "\n\n");
  print_usage(stderr);
  return 2;
}
