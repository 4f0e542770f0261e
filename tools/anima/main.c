/*
 * main.c — the `anima` command-line tool: dispatches to a subcommand.
 * Usage: anima <command> [arguments]; `anima help` lists the commands.
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "new_samples.h"

typedef struct command {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
} command;

static const command commands[] = {
    {"bench", anima_command_bench,
     "time step(1/60) and draw-frame building; count allocations"},
    {"build", anima_command_build,
     "compile an .animl document to canonical .ani JSON"},
    {"compare", anima_command_compare,
     "compare two PNG images channel by channel"},
    {"decompile", anima_command_decompile,
     "write a .ani document as canonical AniML"},
    {"fmt", anima_command_fmt,
     "rewrite .animl and .ani files in canonical form (--check to test)"},
    {"import", anima_command_import,
     "convert an SVG icon into a .ani document"},
    {"inspect", anima_command_inspect,
     "list a document's inputs, layers, timelines, listeners and features"},
    {"new", anima_command_new, "create a project from a sample:"},
    {"sample", anima_command_sample,
     "run a script against a player and print JSON snapshots"},
    {"schema", anima_command_schema,
     "describe node types, fields and diagnostic codes from the registry"},
    {"render", anima_command_render,
     "draw a document to PNG or SVG at a time or after a script"},
    {"session", anima_command_session,
     "keep a player alive and answer script commands from stdin"},
    {"validate", anima_command_validate,
     "check a .ani or .animl document and print its diagnostics"},
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
    if (strcmp(commands[i].name, name) == 0) {
      return commands[i].run(argc - 1, argv + 1);
    }
  }
  fprintf(stderr, "anima: unknown command \"%s\"\n\n", name);
  print_usage(stderr);
  return 2;
}
