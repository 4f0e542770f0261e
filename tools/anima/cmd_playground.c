/*
 * cmd_playground.c — `anima playground [file.animl] [--port N]` (SPEC
 * §11.4, docs/PLAYGROUND.md): serves the local authoring inspector on
 * 127.0.0.1 until Ctrl+C. Without a file it opens the reference bell as a
 * read-only scratch example. Exit 0 after Ctrl+C (or SIGTERM), 1 when the
 * file cannot be opened or no port is free, 2 on usage errors.
 */
/* realpath (XSI) */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "new_samples.h"
#include "playground.h"

static void print_help(FILE *out) {
  fprintf(out,
          "usage: anima playground [file.animl] [--port N]\n"
          "Serves a local authoring inspector on http://127.0.0.1:%d/ (the\n"
          "next free port when it is taken; --port N starts from N, and\n"
          "--port 0 takes any free port). Edits compile with the strict AniML\n"
          "compiler; Save writes only the opened file. Without a file it\n"
          "opens the bell as a read-only scratch example.\n"
          "The page needs the WebAssembly build (scripts/build-web.sh): it\n"
          "is looked for in $ANIMA_WEB_DIR, then in a build-web/ folder in\n"
          "the current directory or above it, then beside or above the\n"
          "anima executable. docs/PLAYGROUND.md has the keyboard controls.\n"
          "Exit status: 0 after Ctrl+C, 1 when it cannot start, 2 usage "
          "error.\n",
          PLAYGROUND_DEFAULT_PORT);
}

/* Is `directory`/anima.wasm a file? */
static bool has_web_build(const char *directory) {
  char path[PATH_MAX];
  struct stat info;
  return snprintf(path, sizeof path, "%s/anima.wasm", directory) <
             (int)sizeof path &&
         stat(path, &info) == 0 && S_ISREG(info.st_mode);
}

/* A build-web/ with anima.wasm in `start` or a directory above it, into
 * `out`. */
static bool find_upwards(const char *start, char *out, size_t size) {
  char directory[PATH_MAX];
  if (!realpath(start, directory)) {
    return false;
  }
  for (;;) {
    if (snprintf(out, size, "%s/build-web", directory) < (int)size &&
        has_web_build(out)) {
      return true;
    }
    char *slash = strrchr(directory, '/');
    if (!slash || slash == directory) {
      return false;
    }
    *slash = '\0';
  }
}

/* Where anima.js and anima.wasm are (playground.h), into `out`. */
static const char *find_web_directory(char *out, size_t size) {
  const char *given = getenv("ANIMA_WEB_DIR");
  if (given && *given) {
    return given;
  }
  if (find_upwards(".", out, size)) {
    return out;
  }
  char executable[PATH_MAX];
  ssize_t length =
      readlink("/proc/self/exe", executable, sizeof executable - 1);
  if (length > 0) {
    executable[length] = '\0';
    char *slash = strrchr(executable, '/');
    if (slash) {
      *slash = '\0';
      if (find_upwards(executable, out, size)) {
        return out;
      }
    }
  }
  return NULL;
}

static bool parse_port(const char *text, int *port) {
  char *end = NULL;
  errno = 0;
  long value = strtol(text, &end, 10);
  if (errno || end == text || *end || value < 0 || value > 65535) {
    return false;
  }
  *port = (int)value;
  return true;
}

int anima_command_playground(int argc, char **argv) {
  playground_options options = {.port = PLAYGROUND_DEFAULT_PORT};
  for (int i = 1; i < argc; i++) {
    const char *argument = argv[i];
    if (strcmp(argument, "--help") == 0 || strcmp(argument, "-h") == 0) {
      print_help(stdout);
      return CLI_EXIT_OK;
    }
    if (strcmp(argument, "--port") == 0 ||
        strncmp(argument, "--port=", 7) == 0) {
      const char *value = argument[6] == '=' ? argument + 7
                          : i + 1 < argc     ? argv[++i]
                                             : NULL;
      if (!value || !parse_port(value, &options.port)) {
        fprintf(stderr, "anima playground: --port takes a port number 0 to "
                        "65535\n");
        return CLI_EXIT_USAGE;
      }
    } else if (argument[0] == '-' && argument[1]) {
      fprintf(stderr, "anima playground: unknown option \"%s\"\n", argument);
      print_help(stderr);
      return CLI_EXIT_USAGE;
    } else if (options.file) {
      fprintf(stderr, "anima playground: one file at most (\"%s\", \"%s\")\n",
              options.file, argument);
      return CLI_EXIT_USAGE;
    } else {
      options.file = argument;
    }
  }
  playground_document document;
  if (options.file) {
    char error[512];
    if (!playground_document_open(&document, options.file, error,
                                  sizeof error)) {
      fprintf(stderr, "anima playground: %s\n", error);
      return CLI_EXIT_FAILED;
    }
  } else {
    const new_sample *bell = NULL;
    for (const new_sample *sample = new_samples; sample->name; sample++) {
      if (strcmp(sample->name, "bell") == 0 && sample->source) {
        bell = sample;
      }
    }
    if (!bell || !playground_document_scratch(&document, "bell.animl",
                                              (const char *)bell->source,
                                              bell->source_length)) {
      fprintf(stderr, "anima playground: this build has no bell example; "
                      "open a file instead\n");
      return CLI_EXIT_FAILED;
    }
  }
  char web[PATH_MAX];
  options.web_directory = find_web_directory(web, sizeof web);
  if (!options.web_directory) {
    fprintf(stderr,
            "anima playground: no WebAssembly build found (run "
            "scripts/build-web.sh, or set ANIMA_WEB_DIR): the page will say "
            "so\n");
  }
  int status = playground_serve(&options, &document);
  playground_document_free(&document);
  return status;
}
