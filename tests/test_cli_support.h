/*
 * test_cli_support.h — runs the built `anima` binary for the CLI tests
 * (tests/test_cli_*.c) and captures its exit status, stdout and stderr.
 * The binary is <ANIMA_BUILD_ROOT>/tools/anima/anima (the environment
 * variable, else the define tests/meson.build passes).
 */
#ifndef ANIMA_TEST_CLI_SUPPORT_H
#define ANIMA_TEST_CLI_SUPPORT_H

#include <criterion/criterion.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/** What one run of the binary produced. Free with cli_run_free. */
typedef struct cli_run {
  int status; /* exit status, or -1 when the process did not exit */
  char *out;  /* stdout, NUL-terminated */
  char *err;  /* stderr, NUL-terminated */
} cli_run;

static inline const char *cli_build_root(void) {
  const char *root = getenv("ANIMA_BUILD_ROOT");
  return root && *root ? root : ANIMA_BUILD_ROOT;
}

static inline char *cli_slurp(const char *path) {
  FILE *file = fopen(path, "rb");
  cr_assert_not_null(file, "cannot read %s", path);
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = malloc((size_t)size + 1);
  cr_assert_not_null(text);
  size_t read = fread(text, 1, (size_t)size, file);
  text[read] = '\0';
  fclose(file);
  return text;
}

/**
 * Runs `anima` with the NULL-terminated `arguments` (not counting argv[0])
 * in the working directory `directory` (NULL: the current one).
 */
static inline cli_run cli_run_in(const char *directory,
                                 const char *const *arguments) {
  char binary[4096];
  snprintf(binary, sizeof binary, "%s/tools/anima/anima", cli_build_root());
  char scratch[] = "/tmp/anima-cli-test-XXXXXX";
  cr_assert_not_null(mkdtemp(scratch));
  char out_path[64], err_path[64];
  snprintf(out_path, sizeof out_path, "%s/out", scratch);
  snprintf(err_path, sizeof err_path, "%s/err", scratch);
  char *argv[64];
  size_t count = 0;
  argv[count++] = binary;
  while (arguments[count - 1] && count < 63) {
    argv[count] = (char *)arguments[count - 1];
    count++;
  }
  argv[count] = NULL;
  fflush(NULL);
  pid_t child = fork();
  cr_assert(child >= 0);
  if (child == 0) {
    int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int none = open("/dev/null", O_RDONLY);
    if (out < 0 || err < 0 || none < 0 ||
        (directory && chdir(directory) != 0)) {
      _exit(127);
    }
    dup2(none, 0);
    dup2(out, 1);
    dup2(err, 2);
    execv(binary, argv);
    _exit(127);
  }
  int wait_status = 0;
  cr_assert_eq(waitpid(child, &wait_status, 0), child);
  cli_run run = {.status =
                     WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1,
                 .out = cli_slurp(out_path),
                 .err = cli_slurp(err_path)};
  unlink(out_path);
  unlink(err_path);
  rmdir(scratch);
  return run;
}

static inline cli_run cli_run_args(const char *const *arguments) {
  return cli_run_in(NULL, arguments);
}

static inline void cli_run_free(cli_run *run) {
  free(run->out);
  free(run->err);
}

/** Parses the run's stdout as one JSON value; fails the test otherwise. */
static inline json_t *cli_run_json(const cli_run *run) {
  json_error_t error;
  json_t *value = json_loads(run->out, JSON_DECODE_ANY, &error);
  cr_assert_not_null(value, "stdout is not JSON (%s): %s\nstderr: %s",
                     error.text, run->out, run->err);
  return value;
}

/** The source-tree path of `relative` (ANIMA_SOURCE_ROOT). */
static inline void cli_source_path(char *out, size_t size,
                                   const char *relative) {
  const char *root = getenv("ANIMA_SOURCE_ROOT");
  snprintf(out, size, "%s/%s", root && *root ? root : ANIMA_SOURCE_ROOT,
           relative);
}

#endif
