/*
 * cmd_new.c — `anima new <dir> --sample bell|switch|progress|moon|trash`
 * (SPEC "CLI projects and capture"): creates a fresh project directory with
 * the sample's source as main.animl (its document `name` and `title` taken
 * from the directory name, new_identity.h), `anima.json` naming it as the
 * entry, a README.md telling how to validate, sample, render and inspect
 * it, an AGENTS.md for coding agents, and the sample's script as
 * script.txt when it has one. The samples are embedded at build time
 * (new_samples.h); the environment variable ANIMA_SAMPLE_DIR points at
 * another directory of <sample>.animl files instead. An existing path is
 * never overwritten. Exit 0 created, 1 a file could not be written
 * (nothing is left behind), 2 usage errors (unknown option or sample,
 * existing path, missing parent).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <anima/module.h>

#include "cli.h"
#include "commands.h"
#include "new_identity.h"
#include "new_samples.h"

/* Longest path of a created file. */
#define NEW_PATH_SIZE 4096
/* Files a project gets: source, anima.json, README.md, AGENTS.md, script. */
#define NEW_FILE_LIMIT 5

static void print_help(FILE *out) {
  fprintf(out, "usage: anima new <dir> --sample <name>\n"
               "Creates the project directory <dir> (it must not exist) "
               "from a sample:\nmain.animl, anima.json, README.md, "
               "AGENTS.md and, when the sample has one,\nscript.txt.\n"
               "Samples:");
  for (size_t i = 0; new_samples[i].name; i++) {
    fprintf(out, " %s%s", new_samples[i].name,
            new_samples[i].source ? "" : " (missing from this build)");
  }
  fprintf(out, "\nANIMA_SAMPLE_DIR=<dir> takes <dir>/<name>.animl (and "
               "<name>.script.txt)\ninstead of the built-in copies.\n"
               "Exit status: 0 created, 1 a file could not be written, 2 "
               "usage error\n(unknown sample, the path already exists).\n");
}

/* What a project is made from: owned copies or embedded bytes. */
typedef struct sample_text {
  const char *file_name;
  char *source;
  size_t source_length;
  char *script;
  size_t script_length;
} sample_text;

static void sample_text_clear(sample_text *text) {
  free(text->source);
  free(text->script);
  *text = (sample_text){0};
}

static char *copy_bytes(const unsigned char *bytes, size_t length) {
  char *copy = malloc(length + 1);
  if (copy) {
    memcpy(copy, bytes, length);
    copy[length] = '\0';
  }
  return copy;
}

/* Reads `path` into `*text`; false when it does not exist or fails. */
static bool read_optional(const char *path, char **text, size_t *length) {
  bool missing = false;
  anima_diagnostics *ignored = anima_diagnostics_create();
  bool read = ignored && cli_read_file(path, text, length, &missing, ignored);
  anima_diagnostics_destroy(ignored);
  return read;
}

/* Loads sample `name` from ANIMA_SAMPLE_DIR, or from the built-in table.
 * Prints why and returns false when there is none. */
static bool load_sample(const char *name, sample_text *text) {
  const char *directory = getenv("ANIMA_SAMPLE_DIR");
  char path[NEW_PATH_SIZE];
  if (directory && *directory) {
    const char *extensions[2] = {".animl", ".ani"};
    for (size_t i = 0; i < 2 && !text->source; i++) {
      snprintf(path, sizeof path, "%s/%s%s", directory, name, extensions[i]);
      if (read_optional(path, &text->source, &text->source_length)) {
        text->file_name = i == 0 ? "main.animl" : "main.ani";
      }
    }
    if (!text->source) {
      fprintf(stderr,
              "anima new: ANIMA_SAMPLE_DIR=%s has no %s.animl or %s.ani\n",
              directory, name, name);
      return false;
    }
    snprintf(path, sizeof path, "%s/%s.script.txt", directory, name);
    read_optional(path, &text->script, &text->script_length);
    return true;
  }
  for (size_t i = 0; new_samples[i].name; i++) {
    const new_sample *sample = &new_samples[i];
    if (strcmp(sample->name, name) != 0) {
      continue;
    }
    if (!sample->source) {
      fprintf(stderr,
              "anima new: the %s sample is missing from this build "
              "(examples/%s.animl was not there when it was built)\n",
              name, name);
      return false;
    }
    text->file_name = sample->file_name;
    text->source = copy_bytes(sample->source, sample->source_length);
    text->source_length = sample->source_length;
    if (sample->script) {
      text->script = copy_bytes(sample->script, sample->script_length);
      text->script_length = sample->script_length;
    }
    return text->source != NULL;
  }
  return false;
}

/* Names the sample's document after `directory` (new_identity.h). Keeps
 * the sample's identity, saying so, when no name can be derived. Sets
 * `name` to the name used ("" when kept). */
static void rename_document(const char *directory, sample_text *text,
                            char name[NEW_IDENTITY_SIZE]) {
  char title[NEW_IDENTITY_SIZE];
  name[0] = '\0';
  if (!new_identity_derive(directory, name, title)) {
    fprintf(stderr,
            "anima new: note: \"%s\" gives no kebab-case document name; "
            "%s keeps the sample's name\n",
            directory, text->file_name);
    name[0] = '\0';
    return;
  }
  size_t length = 0;
  char *renamed = NULL;
  if (strcmp(text->file_name, "main.animl") == 0) {
    renamed = new_identity_apply_markup(text->source, text->source_length, name,
                                        title, &length);
  } else {
    anima_runtime *runtime = cli_runtime_create();
    renamed = runtime ? new_identity_apply_json(runtime, text->source,
                                                text->source_length, name,
                                                title, &length)
                      : NULL;
    anima_runtime_destroy(runtime);
  }
  if (!renamed) {
    fprintf(stderr,
            "anima new: note: could not rename the sample's document; %s "
            "keeps its name\n",
            text->file_name);
    name[0] = '\0';
    return;
  }
  free(text->source);
  text->source = renamed;
  text->source_length = length;
}

/* Files created so far, removed again when a later one fails. */
typedef struct created_files {
  char paths[NEW_FILE_LIMIT][NEW_PATH_SIZE];
  size_t count;
} created_files;

static bool write_new_file(const char *directory, const char *name,
                           const char *data, size_t length,
                           created_files *created) {
  char *path = created->paths[created->count];
  snprintf(path, NEW_PATH_SIZE, "%s/%s", directory, name);
  int file = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
  if (file < 0) {
    fprintf(stderr, "anima new: cannot create %s: %s\n", path, strerror(errno));
    return false;
  }
  created->count++;
  size_t written = 0;
  while (written < length) {
    ssize_t result = write(file, data + written, length - written);
    if (result < 0 && errno == EINTR) {
      continue;
    }
    if (result <= 0) {
      fprintf(stderr, "anima new: cannot write %s: %s\n", path,
              strerror(errno));
      close(file);
      return false;
    }
    written += (size_t)result;
  }
  if (close(file) != 0) {
    fprintf(stderr, "anima new: cannot write %s: %s\n", path, strerror(errno));
    return false;
  }
  return true;
}

/* The README.md of a new project; the caller frees it. */
static char *readme_text(const char *sample, const sample_text *text) {
  const char *file = text->file_name;
  const char *script = text->script ? "script.txt" : NULL;
  size_t size = 4096 + 8 * strlen(file);
  char *readme = malloc(size);
  if (!readme) {
    return NULL;
  }
  int used = snprintf(
      readme, size,
      "# An Anima project\n\n"
      "Made by `anima new --sample %s`. `%s` is the icon; `anima.json` "
      "names it as the\nproject's entry.\n\n"
      "## Try it\n\n"
      "```sh\n"
      "anima validate %s            # errors and warnings, with line:column\n"
      "%s%s%s"
      "anima render %s -o icon.png --size 256\n"
      "anima inspect %s             # inputs, states, timelines, listeners\n"
      "anima bench %s               # step and draw-frame timings\n"
      "```\n\n"
      "## Change it\n\n"
      "Edit `%s`, then run `anima validate %s` again. To look up what a "
      "node or field\naccepts:\n\n"
      "```sh\n"
      "anima schema                 # node types and topics\n"
      "anima schema circle          # a topic's fields, defaults and ranges\n"
      "anima schema --search trim   # search fields, topics and diagnostic "
      "codes\n"
      "```\n\n"
      "Inside this directory every command finds `%s` through "
      "`anima.json`, so\n`anima validate`, `anima sample script.txt` or "
      "`anima render -o icon.png` need\nno file name. `anima sample "
      "--help` lists the script commands (advance, set, fire,\npointer, "
      "snapshot, expect ...).\n",
      sample, file, file, script ? "anima sample " : "", script ? file : "",
      script ? " script.txt   # play script.txt, print snapshots\n" : "", file,
      file, file, file, file, file);
  if (used < 0 || (size_t)used >= size) {
    free(readme);
    return NULL;
  }
  return readme;
}

static const char agents_text[] =
    "# Notes for coding agents\n\n"
    "- The icon's source is the `main.*` file; `anima.json` names it. Edit "
    "that file only.\n"
    "- After every change run `anima validate <file> --format=json` and fix "
    "every\n  diagnostic; each has a code, a JSON pointer, a message and "
    "often a hint.\n"
    "- Look names up instead of guessing: `anima schema <topic>`, `anima "
    "schema type.field`,\n  `anima schema --search <words> --format=json`.\n"
    "- Check behaviour with `anima sample <file> script.txt` (one JSON "
    "snapshot per line)\n  and `anima inspect <file> --format=json`.\n";

static const char project_text[] = "{\"entry\": \"%s\"}\n";

/* Writes every file; on failure removes what it made and the directory. */
static bool write_project(const char *directory, const char *sample,
                          const sample_text *text) {
  created_files *created = calloc(1, sizeof *created);
  char *readme = readme_text(sample, text);
  char project[64];
  snprintf(project, sizeof project, project_text, text->file_name);
  bool ok =
      created && readme &&
      write_new_file(directory, text->file_name, text->source,
                     text->source_length, created) &&
      write_new_file(directory, "anima.json", project, strlen(project),
                     created) &&
      write_new_file(directory, "README.md", readme, strlen(readme), created) &&
      write_new_file(directory, "AGENTS.md", agents_text, strlen(agents_text),
                     created) &&
      (!text->script || write_new_file(directory, "script.txt", text->script,
                                       text->script_length, created));
  if (!ok) {
    if (!created || !readme) {
      fprintf(stderr, "anima new: out of memory\n");
    }
    for (size_t i = 0; created && i < created->count; i++) {
      unlink(created->paths[i]);
    }
    rmdir(directory);
  }
  free(readme);
  free(created);
  return ok;
}

/* Prints the unknown-sample error with a did-you-mean hint. */
static void report_unknown_sample(const char *name) {
  const char *names[16] = {0};
  size_t count = 0;
  for (size_t i = 0; new_samples[i].name && count < 16; i++) {
    names[count++] = new_samples[i].name;
  }
  const char *closest = anima_closest_name(name, names, count);
  fprintf(stderr, "anima new: unknown sample \"%s\"", name);
  if (closest) {
    fprintf(stderr, " (did you mean \"%s\"?)", closest);
  }
  fprintf(stderr, "; the samples are");
  for (size_t i = 0; i < count; i++) {
    fprintf(stderr, "%s %s", i ? "," : "", names[i]);
  }
  fputc('\n', stderr);
}

static bool known_sample(const char *name) {
  for (size_t i = 0; new_samples[i].name; i++) {
    if (strcmp(new_samples[i].name, name) == 0) {
      return true;
    }
  }
  return false;
}

/* Creates `directory`; prints why and returns the exit status on failure. */
static int create_directory(const char *directory) {
  struct stat status;
  if (lstat(directory, &status) == 0 || mkdir(directory, 0777) != 0) {
    if (errno == 0 || errno == EEXIST) {
      fprintf(stderr,
              "anima new: %s already exists; anima new never overwrites, "
              "choose a new directory name\n",
              directory);
      return CLI_EXIT_USAGE;
    }
    fprintf(stderr, "anima new: cannot create %s: %s\n", directory,
            strerror(errno));
    return errno == ENOENT || errno == ENOTDIR ? CLI_EXIT_USAGE
                                               : CLI_EXIT_FAILED;
  }
  return CLI_EXIT_OK;
}

int anima_command_new(int argc, char **argv) {
  const char *directory = NULL, *sample = NULL;
  for (int i = 1; i < argc; i++) {
    const char *argument = argv[i];
    if (strcmp(argument, "--help") == 0 || strcmp(argument, "-h") == 0) {
      print_help(stdout);
      return CLI_EXIT_OK;
    }
    if (strcmp(argument, "--sample") == 0 && i + 1 < argc) {
      sample = argv[++i];
    } else if (strncmp(argument, "--sample=", 9) == 0) {
      sample = argument + 9;
    } else if (strcmp(argument, "--sample") == 0) {
      fprintf(stderr, "anima new: --sample needs a sample name\n");
      print_help(stderr);
      return CLI_EXIT_USAGE;
    } else if (argument[0] == '-' && argument[1] != '\0') {
      fprintf(stderr, "anima new: unknown option \"%s\"\n", argument);
      print_help(stderr);
      return CLI_EXIT_USAGE;
    } else if (directory) {
      fprintf(stderr, "anima new: expected one directory, got \"%s\" too\n",
              argument);
      return CLI_EXIT_USAGE;
    } else {
      directory = argument;
    }
  }
  if (!directory || !sample) {
    fprintf(stderr, "anima new: %s\n",
            directory ? "missing --sample <name>" : "missing directory");
    print_help(stderr);
    return CLI_EXIT_USAGE;
  }
  if (strlen(directory) + 32 >= NEW_PATH_SIZE) {
    fprintf(stderr, "anima new: the directory path is too long\n");
    return CLI_EXIT_USAGE;
  }
  if (!known_sample(sample)) {
    report_unknown_sample(sample);
    return CLI_EXIT_USAGE;
  }
  sample_text text = {0};
  if (!load_sample(sample, &text)) {
    sample_text_clear(&text);
    return CLI_EXIT_USAGE;
  }
  char name[NEW_IDENTITY_SIZE];
  rename_document(directory, &text, name);
  errno = 0;
  int status = create_directory(directory);
  if (status == CLI_EXIT_OK) {
    if (write_project(directory, sample, &text)) {
      printf("created %s from the %s sample: %s, anima.json, README.md, "
             "AGENTS.md%s\n",
             directory, sample, text.file_name,
             text.script ? ", script.txt" : "");
      if (name[0]) {
        printf("the document is named \"%s\" after the directory\n", name);
      }
      printf("next: cd %s && anima validate\n", directory);
    } else {
      status = CLI_EXIT_FAILED;
    }
  }
  sample_text_clear(&text);
  return status;
}
