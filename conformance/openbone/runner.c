/*
 * runner.c — the OpenBone conformance runner (conformance/openbone/README.md).
 *
 *   openbone-runner <anima-executable> <suite-directory> [case ...]
 *
 * cases/<case>/: case.obone, script.txt and either expected.jsonl (`anima
 * bone sample` must exit 0 and print one line per expected line, compared
 * as OPENBONE-SAMPLES.md §4 says: only the keys the expected line lists,
 * with the §4 tolerances) or exit-status (the status it must exit with,
 * printing nothing on stdout).
 * invalid/<case>.obone with <case>.expect.json {"exit": n, "diagnostics":
 * [{"code", "pointer", "severity"?}]}: `anima bone validate --format=json`
 * must exit with n and report each listed diagnostic.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

enum { MESSAGE = 1024, DEPTH = 16 };

typedef struct run {
  int status;
  char *out, *err;
} run;

static char *slurp(FILE *file) {
  rewind(file);
  size_t capacity = 4096, length = 0;
  char *text = malloc(capacity);
  size_t got;
  while (text &&
         (got = fread(text + length, 1, capacity - length - 1, file)) > 0) {
    length += got;
    if (capacity - length < 2) {
      capacity *= 2;
      char *grown = realloc(text, capacity);
      if (grown == NULL) {
        free(text);
        return NULL;
      }
      text = grown;
    }
  }
  if (text) {
    text[length] = '\0';
  }
  return text;
}

static bool execute(char *const argv[], run *result) {
  FILE *out = tmpfile(), *err = tmpfile();
  if (!out || !err) {
    return false;
  }
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    dup2(fileno(out), STDOUT_FILENO);
    dup2(fileno(err), STDERR_FILENO);
    alarm(60);
    execv(argv[0], argv);
    _exit(127);
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  result->status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result->out = slurp(out);
  result->err = slurp(err);
  fclose(out);
  fclose(err);
  return result->out && result->err;
}

static char *read_text(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    return NULL;
  }
  char *text = slurp(file);
  fclose(file);
  return text;
}

/* §4 tolerance of a number at `path` (keys from the line's top). */
static double tolerance(const char *path[], int depth, bool particles) {
  const char *top = depth > 0 ? path[0] : "";
  const char *key = "";
  for (int i = depth - 1; i >= 0; i--) {
    if (path[i][0] != '[') {
      key = path[i];
      break;
    }
  }
  double t = 0;
  if (strcmp(top, "time") == 0) {
    t = 1e-6;
  } else if (strcmp(top, "bones") == 0) {
    t = (strcmp(key, "x") == 0 || strcmp(key, "y") == 0) ? 1e-3 : 1e-4;
  } else if (strcmp(top, "draw") == 0 || strcmp(top, "masks") == 0) {
    if (strcmp(key, "vertices") == 0) {
      t = particles ? 1e-2 : 1e-3;
    } else if (strcmp(key, "uvs") == 0) {
      t = 1e-3;
    }
  } else if (strcmp(top, "bounds") == 0) {
    t = 1e-3;
  } else if (strcmp(top, "events") == 0) {
    t = (strcmp(key, "float") == 0 || strcmp(key, "time") == 0) ? 1e-4 : 0;
  } else if (strcmp(top, "audio") == 0) {
    const char *numbers[] = {"volume", "rate", "fadeIn", "fade", "duration"};
    for (int i = 0; i < 5; i++) {
      if (strcmp(key, numbers[i]) == 0) {
        t = 1e-4;
      }
    }
  }
  return t + 1e-9;
}

static bool colour(const char *text, int bytes[4]) {
  if (strlen(text) != 9 || text[0] != '#') {
    return false;
  }
  for (int i = 0; i < 4; i++) {
    char pair[3] = {text[1 + 2 * i], text[2 + 2 * i], 0};
    char *end;
    bytes[i] = (int)strtol(pair, &end, 16);
    if (*end) {
      return false;
    }
  }
  return true;
}

static void where(char *message, const char *path[], int depth,
                  const char *what) {
  char at[512] = "";
  for (int i = 0; i < depth; i++) {
    size_t used = strlen(at);
    snprintf(at + used, sizeof at - used, "/%s", path[i]);
  }
  snprintf(message, MESSAGE, "%.400s: %.600s", at[0] ? at : "/", what);
}

static bool compare(json_t *expected, json_t *actual, const char *path[],
                    int depth, bool particles, char *message) {
  char what[MESSAGE];
  if (depth >= DEPTH) {
    where(message, path, depth, "nested too deeply");
    return false;
  }
  if (json_is_object(expected)) {
    if (!json_is_object(actual)) {
      where(message, path, depth, "expected an object");
      return false;
    }
    bool named = depth == 1 && (strcmp(path[0], "bones") == 0 ||
                                strcmp(path[0], "slots") == 0);
    json_t *type = json_object_get(actual, "type");
    bool item_particles = json_is_string(type) &&
                          strcmp(json_string_value(type), "particles") == 0;
    const char *key;
    json_t *value;
    json_object_foreach(expected, key, value) {
      json_t *other = json_object_get(actual, key);
      path[depth] = key;
      if (named && json_is_null(value)) {
        if (other) {
          where(message, path, depth + 1, "must be absent");
          return false;
        }
        continue;
      }
      if (other == NULL) {
        where(message, path, depth + 1, "missing");
        return false;
      }
      if (!compare(value, other, path, depth + 1, particles || item_particles,
                   message)) {
        return false;
      }
    }
    return true;
  }
  if (json_is_array(expected)) {
    if (!json_is_array(actual) ||
        json_array_size(actual) != json_array_size(expected)) {
      snprintf(what, sizeof what, "expected a list of %zu, got %s",
               json_array_size(expected),
               json_is_array(actual) ? "another length" : "no list");
      where(message, path, depth, what);
      return false;
    }
    for (size_t i = 0; i < json_array_size(expected); i++) {
      char index[24];
      snprintf(index, sizeof index, "[%zu]", i);
      path[depth] = index;
      if (!compare(json_array_get(expected, i), json_array_get(actual, i), path,
                   depth + 1, particles, message)) {
        return false;
      }
    }
    return true;
  }
  if (json_is_number(expected)) {
    double e = json_number_value(expected);
    if (!json_is_number(actual) || fabs(json_number_value(actual) - e) >
                                       tolerance(path, depth, particles)) {
      char *got = json_dumps(actual, JSON_ENCODE_ANY);
      snprintf(what, sizeof what, "expected %.17g, got %s", e, got ? got : "?");
      free(got);
      where(message, path, depth, what);
      return false;
    }
    return true;
  }
  if (json_is_string(expected)) {
    int a[4], b[4];
    if (!json_is_string(actual)) {
      where(message, path, depth, "expected a string");
      return false;
    }
    const char *e = json_string_value(expected), *g = json_string_value(actual);
    if (colour(e, a) && colour(g, b)) {
      for (int i = 0; i < 4; i++) {
        if (abs(a[i] - b[i]) > 1) {
          snprintf(what, sizeof what, "expected colour %s, got %s", e, g);
          where(message, path, depth, what);
          return false;
        }
      }
      return true;
    }
    if (strcmp(e, g) != 0) {
      snprintf(what, sizeof what, "expected \"%.200s\", got \"%.200s\"", e, g);
      where(message, path, depth, what);
      return false;
    }
    return true;
  }
  if (!json_equal(expected, actual)) {
    where(message, path, depth, "expected true, false or null");
    return false;
  }
  return true;
}

static bool sample_case(const char *anima, const char *directory,
                        char *message) {
  char document[4096], script[4096], expected_path[4096], status_path[4096];
  snprintf(document, sizeof document, "%.1000s/case.obone", directory);
  snprintf(script, sizeof script, "%.1000s/script.txt", directory);
  snprintf(expected_path, sizeof expected_path, "%.1000s/expected.jsonl",
           directory);
  snprintf(status_path, sizeof status_path, "%.1000s/exit-status", directory);
  char *argv[] = {(char *)anima, "bone", "sample", document, script, NULL};
  run result;
  if (!execute(argv, &result)) {
    snprintf(message, MESSAGE, "cannot run %s", anima);
    return false;
  }
  bool ok = true;
  char *status_text = read_text(status_path);
  char *expected = status_text ? NULL : read_text(expected_path);
  if (status_text) {
    int want = atoi(status_text);
    if (result.status != want || result.out[0] != '\0') {
      snprintf(message, MESSAGE,
               "expected exit status %d and no output, got %d (%s)", want,
               result.status, result.err);
      ok = false;
    }
  } else if (expected == NULL) {
    snprintf(message, MESSAGE, "no expected.jsonl or exit-status");
    ok = false;
  } else if (result.status != 0) {
    snprintf(message, MESSAGE, "exit status %d: %.800s", result.status,
             result.err);
    ok = false;
  } else {
    char *e_line = expected, *g_line = result.out;
    for (int line = 1; ok && *e_line; line++) {
      char *e_end = strchr(e_line, '\n'), *g_end = strchr(g_line, '\n');
      if (e_end) {
        *e_end = '\0';
      }
      if (g_end) {
        *g_end = '\0';
      }
      json_error_t error;
      json_t *e_json = json_loads(e_line, 0, &error);
      json_t *g_json = *g_line ? json_loads(g_line, 0, &error) : NULL;
      const char *path[DEPTH];
      char inner[MESSAGE];
      if (e_json == NULL) {
        snprintf(message, MESSAGE, "expected line %d is not JSON", line);
        ok = false;
      } else if (g_json == NULL) {
        snprintf(message, MESSAGE, "line %d: no JSON sample printed", line);
        ok = false;
      } else if (!compare(e_json, g_json, path, 0, false, inner)) {
        snprintf(message, MESSAGE, "line %d %.900s", line, inner);
        ok = false;
      }
      json_decref(e_json);
      json_decref(g_json);
      e_line = e_end ? e_end + 1 : e_line + strlen(e_line);
      g_line = g_end ? g_end + 1 : g_line + strlen(g_line);
    }
    if (ok && *g_line) {
      snprintf(message, MESSAGE, "more sample lines than expected");
      ok = false;
    }
  }
  free(status_text);
  free(expected);
  free(result.out);
  free(result.err);
  return ok;
}

static bool invalid_case(const char *anima, const char *document,
                         const char *expect_path, char *message) {
  json_error_t error;
  json_t *expect = json_load_file(expect_path, 0, &error);
  if (!expect) {
    snprintf(message, MESSAGE, "%.900s is not JSON", expect_path);
    return false;
  }
  char *argv[] = {(char *)anima,   "bone",           "validate",
                  "--format=json", (char *)document, NULL};
  run result;
  if (!execute(argv, &result)) {
    json_decref(expect);
    snprintf(message, MESSAGE, "cannot run %s", anima);
    return false;
  }
  bool ok = true;
  int want = (int)json_integer_value(json_object_get(expect, "exit"));
  json_t *report = json_loads(result.out, 0, &error);
  json_t *got = json_object_get(report, "diagnostics");
  if (result.status != want) {
    snprintf(message, MESSAGE, "expected exit status %d, got %d", want,
             result.status);
    ok = false;
  }
  json_t *wanted = json_object_get(expect, "diagnostics");
  for (size_t i = 0; ok && i < json_array_size(wanted); i++) {
    json_t *w = json_array_get(wanted, i);
    bool found = false;
    for (size_t j = 0; j < json_array_size(got) && !found; j++) {
      json_t *g = json_array_get(got, j);
      json_t *severity = json_object_get(w, "severity");
      found =
          json_equal(json_object_get(w, "code"), json_object_get(g, "code")) &&
          json_equal(json_object_get(w, "pointer"),
                     json_object_get(g, "pointer")) &&
          (!severity || json_equal(severity, json_object_get(g, "severity")));
    }
    if (!found) {
      char *text = json_dumps(w, 0);
      snprintf(message, MESSAGE, "diagnostic %s not reported; got %.600s",
               text ? text : "?", result.out);
      free(text);
      ok = false;
    }
  }
  json_decref(report);
  json_decref(expect);
  free(result.out);
  free(result.err);
  return ok;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool selected(int argc, char **argv, const char *name) {
  if (argc <= 3) {
    return true;
  }
  for (int i = 3; i < argc; i++) {
    if (strcmp(argv[i], name) == 0) {
      return true;
    }
  }
  return false;
}

static size_t list(const char *directory, char ***names) {
  DIR *dir = opendir(directory);
  size_t count = 0, capacity = 0;
  *names = NULL;
  struct dirent *entry;
  while (dir && (entry = readdir(dir))) {
    if (entry->d_name[0] == '.') {
      continue;
    }
    if (count == capacity) {
      capacity = capacity ? 2 * capacity : 64;
      char **grown = realloc(*names, capacity * sizeof *grown);
      if (!grown) {
        break;
      }
      *names = grown;
    }
    (*names)[count++] = strdup(entry->d_name);
  }
  if (dir) {
    closedir(dir);
  }
  if (count) {
    qsort(*names, count, sizeof **names, by_name);
  }
  return count;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr,
            "usage: %s <anima-executable> <suite-directory> [case ...]\n",
            argv[0]);
    return 2;
  }
  size_t passed = 0, failed = 0;
  char path[4096], message[MESSAGE];
  char **names;
  snprintf(path, sizeof path, "%.1000s/cases", argv[2]);
  size_t count = list(path, &names);
  for (size_t i = 0; i < count; i++) {
    if (selected(argc, argv, names[i])) {
      char directory[4096];
      snprintf(directory, sizeof directory, "%.1000s/%.1000s", path, names[i]);
      if (sample_case(argv[1], directory, message)) {
        printf("ok %s\n", names[i]);
        passed++;
      } else {
        printf("FAIL %s: %s\n", names[i], message);
        failed++;
      }
    }
    free(names[i]);
  }
  free(names);
  snprintf(path, sizeof path, "%.1000s/invalid", argv[2]);
  count = list(path, &names);
  for (size_t i = 0; i < count; i++) {
    size_t length = strlen(names[i]);
    if (length > 6 && strcmp(names[i] + length - 6, ".obone") == 0) {
      names[i][length - 6] = '\0';
      if (selected(argc, argv, names[i])) {
        char document[4096], expect[4096];
        snprintf(document, sizeof document, "%.1000s/%.1000s.obone", path,
                 names[i]);
        snprintf(expect, sizeof expect, "%.1000s/%.1000s.expect.json", path,
                 names[i]);
        if (invalid_case(argv[1], document, expect, message)) {
          printf("ok invalid/%s\n", names[i]);
          passed++;
        } else {
          printf("FAIL invalid/%s: %s\n", names[i], message);
          failed++;
        }
      }
    }
    free(names[i]);
  }
  free(names);
  printf("%zu passed, %zu failed\n", passed, failed);
  return failed == 0 && passed > 0 ? 0 : 1;
}
