/* cli.c — shared helpers of the anima subcommands (cli.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "cli.h"

#include "bounded_read.h"

#include <errno.h>
#include <math.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <anima/format.h>
#include <anima/markup.h>
#include <anima/module.h>

bool cli_has_suffix(const char *path, const char *suffix) {
  size_t length = strlen(path), suffix_length = strlen(suffix);
  return length >= suffix_length &&
         strcmp(path + length - suffix_length, suffix) == 0;
}

bool cli_parse_format(const char *command, int argc, char **argv, int *index,
                      cli_format *format) {
  const char *value = NULL;
  const char *argument = argv[*index];
  if (strncmp(argument, "--format=", 9) == 0) {
    value = argument + 9;
  } else if (strcmp(argument, "--format") == 0 && *index + 1 < argc) {
    value = argv[++*index];
  }
  if (value && strcmp(value, "text") == 0) {
    *format = CLI_FORMAT_TEXT;
    return true;
  }
  if (value && strcmp(value, "json") == 0) {
    *format = CLI_FORMAT_JSON;
    return true;
  }
  fprintf(stderr, "anima %s: --format takes text or json\n", command);
  return false;
}

bool cli_read_file(const char *path, char **text, size_t *length, bool *missing,
                   anima_diagnostics *diagnostics) {
  *text = NULL;
  *length = 0;
  *missing = false;
  struct stat status;
  if (stat(path, &status) != 0) {
    *missing = errno == ENOENT || errno == ENOTDIR;
    anima_diagnostics_add(diagnostics, "file-unreadable", ANIMA_SEVERITY_ERROR,
                          "", "check the path", "cannot read %s: %s", path,
                          strerror(errno));
    return false;
  }
  if (S_ISDIR(status.st_mode)) {
    *missing = true; /* a usage error, like a missing file (exit 2) */
    anima_diagnostics_add(diagnostics, "file-unreadable", ANIMA_SEVERITY_ERROR,
                          "", "pass a .ani or .animl file", "%s is a directory",
                          path);
    return false;
  }
  if (S_ISREG(status.st_mode) && status.st_size > CLI_DOCUMENT_LIMIT) {
    anima_diagnostics_add(diagnostics, "limit-exceeded", ANIMA_SEVERITY_ERROR,
                          "", "split the document or remove unused data",
                          "the document is %lld bytes; the limit is 1 MiB "
                          "(%d bytes)",
                          (long long)status.st_size, CLI_DOCUMENT_LIMIT);
    return false;
  }
  FILE *file = fopen(path, "rb");
  if (!file) {
    anima_diagnostics_add(diagnostics, "file-unreadable", ANIMA_SEVERITY_ERROR,
                          "", "check the file's permissions",
                          "cannot read %s: %s", path, strerror(errno));
    return false;
  }
  bool over = false;
  errno = 0;
  bool read = bounded_read(file, CLI_DOCUMENT_LIMIT, text, length, &over);
  int error = errno;
  fclose(file);
  if (!read) {
    anima_diagnostics_add(diagnostics, "file-unreadable", ANIMA_SEVERITY_ERROR,
                          "", NULL, "cannot read %s: %s", path,
                          strerror(error));
    return false;
  }
  if (over) {
    /* A stream (or a file that grew): its size is unknown. */
    free(*text);
    *text = NULL;
    *length = 0;
    anima_diagnostics_add(diagnostics, "limit-exceeded", ANIMA_SEVERITY_ERROR,
                          "", "split the document or remove unused data",
                          "the document is longer than 1 MiB (%d bytes), the "
                          "limit; reading stopped there",
                          CLI_DOCUMENT_LIMIT);
    return false;
  }
  return true;
}

/* Module files named with --module (main.c takes them out of argv). */
static const char *const *module_files;
static size_t module_file_count;

void cli_set_module_files(const char *const *files, size_t count) {
  module_files = files;
  module_file_count = count;
}

static void print_module_diagnostics(const char *severity,
                                     const anima_diagnostics *diagnostics) {
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    fprintf(stderr, "anima: %s[%s]: %s", severity, d->code, d->message);
    if (d->hint) {
      fprintf(stderr, " (hint: %s)", d->hint);
    }
    fputc('\n', stderr);
  }
}

/* The --module files first (an explicit module wins over a copy on the
 * search path), then every module the search path offers. A --module file
 * that does not exist or cannot be looked at ends the program (exit 2, a
 * usage error, docs/CLI.md). `strict`: one that does not load ends it too
 * (exit 1); otherwise it is only reported (`anima modules` lists it as
 * failed and exits 1). Search-path failures are warnings with their code
 * when `strict`. */
static anima_runtime *runtime_with_modules(bool strict) {
  anima_runtime *runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (!runtime || !diagnostics) {
    anima_runtime_destroy(runtime);
    anima_diagnostics_destroy(diagnostics);
    return NULL;
  }
  for (size_t i = 0; i < module_file_count; i++) {
    struct stat status;
    if (stat(module_files[i], &status) != 0) {
      fprintf(stderr, "anima: cannot read module %s: %s\n", module_files[i],
              strerror(errno));
      anima_diagnostics_destroy(diagnostics);
      anima_runtime_destroy(runtime);
      exit(CLI_EXIT_USAGE);
    }
    /* A bare file name is a file here, not a name for the dynamic
     * loader's library search (dlopen). */
    char relative[4096];
    const char *file = module_files[i];
    if (strchr(file, '/') == NULL && snprintf(relative, sizeof relative, "./%s",
                                              file) < (int)sizeof relative) {
      file = relative;
    }
    size_t seen = anima_runtime_module_count(runtime);
    if (anima_runtime_load_module_file(runtime, file, diagnostics) !=
            ANIMA_OK &&
        (strict || anima_runtime_module_count(runtime) == seen)) {
      print_module_diagnostics("error", diagnostics);
      if (strict) {
        anima_diagnostics_destroy(diagnostics);
        anima_runtime_destroy(runtime);
        exit(CLI_EXIT_FAILED);
      }
    }
    anima_diagnostics_clear(diagnostics);
  }
  if (anima_runtime_load_all_modules(runtime, diagnostics) != ANIMA_OK &&
      strict) {
    print_module_diagnostics("warning", diagnostics);
  }
  anima_diagnostics_destroy(diagnostics);
  return runtime;
}

anima_runtime *cli_runtime_create(void) {
  return runtime_with_modules(true);
}

anima_runtime *cli_runtime_create_quiet(void) {
  return runtime_with_modules(false);
}

bool cli_begin(const char *command, anima_runtime **runtime,
               anima_diagnostics **diagnostics) {
  *runtime = cli_runtime_create();
  *diagnostics = anima_diagnostics_create();
  if (!*runtime || !*diagnostics) {
    fprintf(stderr, "anima %s: out of memory\n", command);
    anima_runtime_destroy(*runtime);
    anima_diagnostics_destroy(*diagnostics);
    *runtime = NULL;
    *diagnostics = NULL;
    return false;
  }
  return true;
}

bool cli_load_source(anima_runtime *runtime, const char *path, char **json,
                     size_t *length, bool *missing,
                     anima_diagnostics *diagnostics) {
  if (!cli_has_suffix(path, ".animl")) {
    return cli_read_file(path, json, length, missing, diagnostics);
  }
  char *text = NULL;
  size_t text_length = 0;
  if (!cli_read_file(path, &text, &text_length, missing, diagnostics)) {
    return false;
  }
  /* Compile errors come with AniML line:column and the JSON pointer. On
   * success only the JSON is handed on: the caller validates it again and
   * reports the warnings then (so they are not reported twice). */
  anima_diagnostics *found = anima_diagnostics_create();
  anima_status status = found ? anima_markup_compile(runtime, text, text_length,
                                                     0, found, json, length)
                              : ANIMA_ERROR_NO_MEMORY;
  free(text);
  if (status != ANIMA_OK && found) {
    anima_diagnostics_append(diagnostics, found);
  } else if (status != ANIMA_OK) {
    anima_diagnostics_add(diagnostics, "file-unreadable", ANIMA_SEVERITY_ERROR,
                          "", NULL, "out of memory compiling %s", path);
  }
  anima_diagnostics_destroy(found);
  return status == ANIMA_OK;
}

/* Gives diagnostics made from an AniML source's compiled JSON (the loader's
 * warnings and errors) the AniML line and column of their pointers. */
static void locate_in_source(anima_runtime *runtime, const char *path,
                             anima_diagnostics *diagnostics) {
  if (!cli_has_suffix(path, ".animl")) {
    return;
  }
  char *text = NULL;
  size_t length = 0;
  bool missing = false;
  anima_diagnostics *ignored = anima_diagnostics_create();
  if (ignored && cli_read_file(path, &text, &length, &missing, ignored)) {
    anima_markup_locate(runtime, text, length, diagnostics);
  }
  free(text);
  anima_diagnostics_destroy(ignored);
}

bool cli_validate_source(anima_runtime *runtime, const char *path, char **json,
                         size_t *length, bool *missing,
                         anima_diagnostics *diagnostics) {
  *json = NULL;
  *length = 0;
  if (!cli_load_source(runtime, path, json, length, missing, diagnostics)) {
    return false;
  }
  bool valid =
      anima_document_validate(runtime, *json, *length, diagnostics) == ANIMA_OK;
  locate_in_source(runtime, path, diagnostics);
  return valid;
}

bool cli_load_model(anima_runtime *runtime, const char *path,
                    anima_model **model, bool *missing,
                    anima_diagnostics *diagnostics) {
  *model = NULL;
  char *json = NULL;
  size_t length = 0;
  if (!cli_load_source(runtime, path, &json, &length, missing, diagnostics)) {
    return false;
  }
  bool loaded =
      anima_model_load(runtime, json, length, diagnostics, model) == ANIMA_OK;
  free(json);
  locate_in_source(runtime, path, diagnostics);
  return loaded;
}

/* The hint the CLI shows: the kernel's unknown-feature hint for a feature
 * no module on the path provides names what the CLI offers for it; a root
 * "format" key, which no .ani document has and every OpenBone document
 * starts with, names the commands that read OpenBone documents. */
static const char *cli_hint(const anima_diagnostic *d) {
  static const char kernel_hint[] = "load the module that provides it";
  if (strcmp(d->code, "unknown-key") == 0 && d->pointer &&
      strcmp(d->pointer, "/format") == 0) {
    return "an OpenBone document (\"format\": \"openbone\")? `anima bone "
           "validate`, `bone sample`, `bone render` and `bone inspect` read "
           "it (docs/openbone/CLI.md)";
  }
  if (d->hint && strcmp(d->code, "unknown-feature") == 0 &&
      strncmp(d->hint, kernel_hint, sizeof kernel_hint - 1) == 0) {
    return "load the module that provides it: `anima modules` lists the "
           "modules found and the search path; add a directory with "
           "ANIMA_MODULE_PATH or a module file with --module FILE; or "
           "remove it from \"requires\"";
  }
  return d->hint;
}

/* Is `d` printed in `pass` (0 or 1)? The CLI prints every unknown-feature
 * first: a feature no loaded module provides makes the AniML compiler refuse
 * that feature's elements and attributes, and those errors, reported
 * earlier, only follow from it. The rest keep the order they were reported
 * in. */
static bool cli_printed_in_pass(const anima_diagnostic *d, int pass) {
  return (strcmp(d->code, "unknown-feature") == 0) == (pass == 0);
}

void cli_print_diagnostics_text(FILE *out, const char *file,
                                const anima_diagnostics *diagnostics) {
  for (size_t k = 0; k < 2 * anima_diagnostics_count(diagnostics); k++) {
    size_t count = anima_diagnostics_count(diagnostics);
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, k % count);
    if (!cli_printed_in_pass(d, (int)(k / count))) {
      continue;
    }
    fprintf(out, "%s:", file);
    if (d->line > 0) {
      fprintf(out, "%d:%d:", d->line, d->column);
    }
    fprintf(out, " %s: %s[%s]: %s", d->pointer[0] ? d->pointer : "/",
            anima_severity_name(d->severity), d->code, d->message);
    if (cli_hint(d)) {
      fprintf(out, " (hint: %s)", cli_hint(d));
    }
    fputc('\n', out);
  }
}

json_t *cli_diagnostics_json(const anima_diagnostics *diagnostics) {
  json_t *list = json_array();
  for (size_t k = 0; k < 2 * anima_diagnostics_count(diagnostics); k++) {
    size_t count = anima_diagnostics_count(diagnostics);
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, k % count);
    if (!cli_printed_in_pass(d, (int)(k / count))) {
      continue;
    }
    json_t *item = json_object();
    json_object_set_new(item, "code", json_string(d->code));
    json_object_set_new(item, "severity",
                        json_string(anima_severity_name(d->severity)));
    json_object_set_new(item, "pointer", json_string(d->pointer));
    json_object_set_new(item, "message", json_string(d->message));
    if (cli_hint(d)) {
      json_object_set_new(item, "hint", json_string(cli_hint(d)));
    }
    if (d->line > 0) {
      json_object_set_new(item, "line", json_integer(d->line));
      json_object_set_new(item, "column", json_integer(d->column));
    }
    json_array_append_new(list, item);
  }
  return list;
}

void cli_print_diagnostics_json(FILE *out, bool ok,
                                const anima_diagnostics *diagnostics) {
  json_t *root = json_object();
  json_object_set_new(root, "ok", json_boolean(ok));
  json_object_set_new(root, "diagnostics", cli_diagnostics_json(diagnostics));
  char *text = json_dumps(root, JSON_PRESERVE_ORDER | JSON_COMPACT);
  if (text) {
    fprintf(out, "%s\n", text);
    free(text);
  }
  json_decref(root);
}

int cli_parse_document_arguments(const char *command, int argc, char **argv,
                                 void (*print_help)(FILE *out),
                                 const char **path, cli_format *format) {
  *path = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      print_help(stdout);
      return CLI_EXIT_OK;
    }
    if (strncmp(argv[i], "--format", 8) == 0) {
      if (!cli_parse_format(command, argc, argv, &i, format)) {
        return CLI_EXIT_USAGE;
      }
    } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      fprintf(stderr, "anima %s: unknown option \"%s\"\n", command, argv[i]);
      print_help(stderr);
      return CLI_EXIT_USAGE;
    } else if (*path) {
      fprintf(stderr, "anima %s: expected one file, got \"%s\" too\n", command,
              argv[i]);
      return CLI_EXIT_USAGE;
    } else {
      *path = argv[i];
    }
  }
  if (!*path) {
    return cli_default_input(command, path);
  }
  return -1;
}

/* Writes `text` straight into `path`, which exists and is not a regular
 * file (a terminal, /dev/stdout, /dev/null, a named pipe). */
static bool write_in_place(const char *command, const char *path,
                           const char *text, size_t length) {
  FILE *file = fopen(path, "wb");
  bool ok = file && fwrite(text, 1, length, file) == length;
  ok = file && fclose(file) == 0 && ok;
  if (!ok) {
    fprintf(stderr, "anima %s: cannot write %s: %s\n", command, path,
            strerror(errno));
  }
  return ok;
}

/* cli_replace_file (cli.h): replaces the file at `path` through a temporary
 * file beside it, so a failed write never leaves half a file. The file keeps
 * its permission bits, and a symbolic link stays a link: the file it points to
 * is the one rewritten. A destination that is not a regular file (a device
 * such as /dev/stdout or /dev/null, a named pipe) is written into, never
 * replaced; a directory is refused. */
bool cli_replace_file(const char *command, const char *path, const char *text,
                      size_t length) {
  struct stat existing;
  if (stat(path, &existing) == 0 && !S_ISREG(existing.st_mode)) {
    if (S_ISDIR(existing.st_mode)) {
      fprintf(stderr, "anima %s: cannot write %s: it is a directory\n", command,
              path);
      return false;
    }
    return write_in_place(command, path, text, length);
  }
  char *target = realpath(path, NULL);
  const char *destination = target ? target : path;
  struct stat original;
  bool keep_mode = stat(destination, &original) == 0;
  size_t destination_length = strlen(destination);
  char *temporary = malloc(destination_length + 16);
  if (!temporary) {
    free(target);
    return false;
  }
  snprintf(temporary, destination_length + 16, "%s.tmp-anima", destination);
  FILE *file = fopen(temporary, "wb");
  bool ok = file && fwrite(text, 1, length, file) == length;
  ok =
      ok && (!keep_mode || fchmod(fileno(file), original.st_mode & 07777) == 0);
  ok = file && fclose(file) == 0 && ok;
  ok = ok && rename(temporary, destination) == 0;
  if (!ok) {
    fprintf(stderr, "anima %s: cannot write %s: %s\n", command, path,
            strerror(errno));
    remove(temporary);
  }
  free(temporary);
  free(target);
  return ok;
}

bool cli_parse_number(const char *text, double *out) {
  char *end = NULL;
  errno = 0;
  double value = strtod(text, &end);
  if (end == text || *end != '\0' || errno != 0 || !isfinite(value)) {
    return false;
  }
  *out = value;
  return true;
}
