/*
 * cli_project.c — `anima.json` project discovery (SPEC "CLI projects and
 * capture"): the nearest anima.json from the working directory upward;
 * `entry` is the default input of commands given no file.
 */
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <anima/module.h>

#include "cli.h"

/* Keys an anima.json may hold, and the JSON type each must have. */
static const struct {
  const char *key;
  json_type type;
  const char *hint;
} project_keys[] = {
    {"entry", JSON_STRING, "a path to the main .animl or .ani document"},
    {"sources", JSON_ARRAY, "an array of AniML library paths"},
    {"exclude", JSON_ARRAY, "an array of source globs"},
    {"constants", JSON_OBJECT, "an object of named string/number/bool values"},
    {"presets", JSON_OBJECT, "an object of named render-option objects"},
    {"out", JSON_STRING, "a directory path for exports"},
};

#define PROJECT_KEY_COUNT (sizeof project_keys / sizeof project_keys[0])

static void project_error(anima_diagnostics *diagnostics, const char *pointer,
                          const char *hint, const char *message,
                          const char *path) {
  anima_diagnostics_add(diagnostics, "project-configuration",
                        ANIMA_SEVERITY_ERROR, pointer, hint, "%s: %s", path,
                        message);
}

/* Checks the configuration; returns false with diagnostics when it is
 * malformed. */
static bool check_project(const json_t *root, const char *path,
                          anima_diagnostics *diagnostics) {
  if (!json_is_object(root)) {
    project_error(diagnostics, "",
                  "write a JSON object such as "
                  "{\"entry\": \"main.animl\"}",
                  "the project file is not a JSON object", path);
    return false;
  }
  bool ok = true;
  const char *key;
  json_t *value;
  json_object_foreach((json_t *)root, key, value) {
    size_t index = 0;
    while (index < PROJECT_KEY_COUNT && strcmp(project_keys[index].key, key)) {
      index++;
    }
    char pointer[300];
    snprintf(pointer, sizeof pointer, "/%s", key);
    if (index == PROJECT_KEY_COUNT) {
      const char *names[PROJECT_KEY_COUNT];
      for (size_t i = 0; i < PROJECT_KEY_COUNT; i++) {
        names[i] = project_keys[i].key;
      }
      const char *closest = anima_closest_name(key, names, PROJECT_KEY_COUNT);
      char hint[128];
      snprintf(hint, sizeof hint, "did you mean \"%s\"?",
               closest ? closest : "entry");
      project_error(diagnostics, pointer, hint, "unknown project key", path);
      ok = false;
    } else if (json_typeof(value) != project_keys[index].type) {
      project_error(diagnostics, pointer, project_keys[index].hint,
                    "wrong value type", path);
      ok = false;
    }
  }
  return ok;
}

bool cli_project_entry(char **entry, anima_diagnostics *diagnostics) {
  *entry = NULL;
  char directory[PATH_MAX];
  if (!getcwd(directory, sizeof directory)) {
    return true;
  }
  for (;;) {
    char path[PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/anima.json", directory);
    struct stat status;
    if (stat(path, &status) == 0 && S_ISREG(status.st_mode)) {
      json_error_t error;
      json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &error);
      if (!root) {
        anima_diagnostics_add(diagnostics, "project-configuration",
                              ANIMA_SEVERITY_ERROR, "", "fix the JSON syntax",
                              "%s: line %d: %s", path, error.line, error.text);
        return false;
      }
      bool ok = check_project(root, path, diagnostics);
      const char *value = json_string_value(json_object_get(root, "entry"));
      if (ok && value) {
        char *resolved = malloc(strlen(directory) + strlen(value) + 2);
        if (resolved) {
          if (value[0] == '/') {
            strcpy(resolved, value);
          } else {
            sprintf(resolved, "%s/%s", directory, value);
          }
        }
        *entry = resolved;
      } else if (ok) {
        project_error(diagnostics, "/entry",
                      "add \"entry\": \"main.animl\" or pass a file",
                      "the project names no entry document", path);
        ok = false;
      }
      json_decref(root);
      return ok;
    }
    char *slash = strrchr(directory, '/');
    if (!slash || slash == directory) {
      return true; /* no project file up to the root */
    }
    *slash = '\0';
  }
}

int cli_default_input(const char *command, const char **path) {
  /* The CLI process handles one command: one buffer is enough. */
  static char entry_buffer[PATH_MAX + 1];
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  char *entry = NULL;
  bool ok = cli_project_entry(&entry, diagnostics);
  if (!ok) {
    cli_print_diagnostics_text(stderr, "anima.json", diagnostics);
  }
  anima_diagnostics_destroy(diagnostics);
  if (!ok) {
    free(entry);
    return CLI_EXIT_USAGE;
  }
  if (!entry || strlen(entry) > PATH_MAX) {
    free(entry);
    fprintf(stderr,
            "anima %s: missing file (and no anima.json with an \"entry\" "
            "here or above); run `anima %s --help`\n",
            command, command);
    return CLI_EXIT_USAGE;
  }
  strcpy(entry_buffer, entry);
  free(entry);
  *path = entry_buffer;
  return -1;
}
