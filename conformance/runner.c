/*
 * Conformance runner (SPEC §11.1).
 *
 *   runner <anima-executable> <cases-directory> [case ...]
 *
 * For every case directory (sorted by name, or only the named ones) it runs
 * `anima sample <case>/case.ani <case>/script.txt`, parses every stdout line
 * and every line of `<case>/expected.jsonl` as JSON and compares them:
 * numbers equal within 1e-6 (absolute), everything else exactly, object
 * member order ignored. It prints `ok <case>` or `FAIL <case>: <first
 * difference>` (with the JSON pointer of the difference) per case, then
 * `N passed, N failed`. A nonzero exit status of `anima` fails the case and
 * its stderr is shown under the FAIL line. Exit status: 0 when every case
 * passed, 1 when one failed or none was found, 2 on bad usage.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

enum { message_capacity = 1024, pointer_capacity = 512 };

/* Seconds a single `anima sample` run may take before it counts as hung. */
static const unsigned run_timeout_seconds = 60;

/* Duplicate keys are invalid `.ani`-family JSON (SPEC §2), so also here. */
static const size_t json_flags = JSON_DECODE_ANY | JSON_REJECT_DUPLICATES;

/* Absolute tolerance for numbers (SPEC §11.1). */
static const double number_tolerance = 1e-6;

/* A growable byte buffer holding a whole file or a whole output stream. */
typedef struct text {
  char *bytes;
  size_t length;
} text;

static void text_free(text *value) {
  free(value->bytes);
  value->bytes = NULL;
  value->length = 0;
}

/* Reads everything from `stream` into `out`; false on a read or memory error.
 */
static bool text_read_stream(FILE *stream, text *out) {
  size_t capacity = 4096;
  out->bytes = malloc(capacity);
  out->length = 0;
  if (out->bytes == NULL) {
    return false;
  }
  for (;;) {
    if (out->length + 1 == capacity) {
      char *grown = realloc(out->bytes, capacity * 2);
      if (grown == NULL) {
        text_free(out);
        return false;
      }
      out->bytes = grown;
      capacity *= 2;
    }
    size_t got =
        fread(out->bytes + out->length, 1, capacity - 1 - out->length, stream);
    out->length += got;
    if (got == 0) {
      break;
    }
  }
  out->bytes[out->length] = '\0';
  if (ferror(stream)) {
    text_free(out);
    return false;
  }
  return true;
}

static bool text_read_file(const char *path, text *out) {
  FILE *stream = fopen(path, "rb");
  if (stream == NULL) {
    out->bytes = NULL;
    out->length = 0;
    return false;
  }
  bool ok = text_read_stream(stream, out);
  fclose(stream);
  return ok;
}

/*
 * Splits `value` in place into lines (a final line without a newline counts;
 * a trailing newline does not start an empty line). Returns the line count
 * and stores a malloc'd array of line starts in `*lines`, or returns
 * (size_t)-1 when out of memory.
 */
static size_t text_split_lines(text *value, char ***lines) {
  size_t count = 0;
  for (size_t index = 0; index < value->length; index++) {
    if (value->bytes[index] == '\n') {
      count++;
    }
  }
  if (value->length > 0 && value->bytes[value->length - 1] != '\n') {
    count++;
  }
  *lines = malloc((count + 1) * sizeof **lines);
  if (*lines == NULL) {
    return (size_t)-1;
  }
  size_t line = 0;
  char *start = value->bytes;
  for (size_t index = 0; index < value->length; index++) {
    if (value->bytes[index] == '\n') {
      value->bytes[index] = '\0';
      if (index > 0 && value->bytes[index - 1] == '\r') {
        value->bytes[index - 1] = '\0';
      }
      (*lines)[line++] = start;
      start = value->bytes + index + 1;
    }
  }
  if (line < count) {
    (*lines)[line++] = start;
  }
  return count;
}

/* Appends `token` to the JSON pointer `pointer`, escaping `~` and `/`. */
static void pointer_append(char *pointer, const char *token) {
  size_t length = strlen(pointer);
  if (length + 1 < pointer_capacity) {
    pointer[length++] = '/';
  }
  for (const char *cursor = token; *cursor != '\0'; cursor++) {
    const char *piece = *cursor == '~' ? "~0" : *cursor == '/' ? "~1" : NULL;
    size_t piece_length = piece != NULL ? 2 : 1;
    if (length + piece_length >= pointer_capacity) {
      break;
    }
    if (piece != NULL) {
      memcpy(pointer + length, piece, 2);
    } else {
      pointer[length] = *cursor;
    }
    length += piece_length;
  }
  pointer[length] = '\0';
}

/* Compact JSON text of `value` for messages; the caller frees it. */
static char *json_brief(const json_t *value) {
  char *dumped =
      json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY | JSON_SORT_KEYS);
  if (dumped == NULL) {
    return strdup("?");
  }
  if (strlen(dumped) > 200) {
    strcpy(dumped + 196, "...");
  }
  return dumped;
}

/* Shortest `%g` text that reads back as exactly `value`. */
static void format_number(double value, char *buffer, size_t size) {
  for (int precision = 1; precision <= 17; precision++) {
    snprintf(buffer, size, "%.*g", precision, value);
    if (strtod(buffer, NULL) == value) {
      return;
    }
  }
}

static void describe_mismatch(char *message, const char *pointer,
                              const json_t *expected, const json_t *actual) {
  char *expected_text = json_brief(expected);
  char *actual_text = json_brief(actual);
  snprintf(message, message_capacity, "%s: expected %s, got %s",
           pointer[0] == '\0' ? "(whole line)" : pointer, expected_text,
           actual_text);
  free(expected_text);
  free(actual_text);
}

/*
 * Compares `expected` with `actual` at JSON pointer `pointer` (a buffer of
 * pointer_capacity bytes, restored on return). Returns true when equal;
 * otherwise writes the first difference into `message`.
 */
static bool json_equivalent(const json_t *expected, const json_t *actual,
                            char *pointer, char *message) {
  if (json_is_number(expected) && json_is_number(actual)) {
    double difference = json_number_value(expected) - json_number_value(actual);
    if (fabs(difference) <= number_tolerance) {
      return true;
    }
    char expected_text[40];
    char actual_text[40];
    format_number(json_number_value(expected), expected_text,
                  sizeof expected_text);
    format_number(json_number_value(actual), actual_text, sizeof actual_text);
    snprintf(message, message_capacity, "%s: expected %s, got %s",
             pointer[0] == '\0' ? "(whole line)" : pointer, expected_text,
             actual_text);
    return false;
  }
  if (json_typeof(expected) != json_typeof(actual)) {
    /* Also covers true against false: jansson gives them distinct types. */
    describe_mismatch(message, pointer, expected, actual);
    return false;
  }
  size_t restore = strlen(pointer);
  if (json_is_object(expected)) {
    const char *key;
    json_t *member;
    json_object_foreach((json_t *)expected, key, member) {
      json_t *other = json_object_get(actual, key);
      pointer_append(pointer, key);
      if (other == NULL) {
        snprintf(message, message_capacity, "%s: missing member", pointer);
        return false;
      }
      if (!json_equivalent(member, other, pointer, message)) {
        return false;
      }
      pointer[restore] = '\0';
    }
    json_object_foreach((json_t *)actual, key, member) {
      if (json_object_get(expected, key) == NULL) {
        pointer_append(pointer, key);
        char *actual_text = json_brief(member);
        snprintf(message, message_capacity, "%s: unexpected member %s", pointer,
                 actual_text);
        free(actual_text);
        return false;
      }
    }
    return true;
  }
  if (json_is_array(expected)) {
    size_t expected_size = json_array_size(expected);
    size_t actual_size = json_array_size(actual);
    size_t common = expected_size < actual_size ? expected_size : actual_size;
    for (size_t index = 0; index < common; index++) {
      char token[32];
      snprintf(token, sizeof token, "%zu", index);
      pointer_append(pointer, token);
      if (!json_equivalent(json_array_get(expected, index),
                           json_array_get(actual, index), pointer, message)) {
        return false;
      }
      pointer[restore] = '\0';
    }
    if (expected_size != actual_size) {
      char token[32];
      snprintf(token, sizeof token, "%zu", common);
      pointer_append(pointer, token);
      const json_t *extra = expected_size > actual_size
                                ? json_array_get(expected, common)
                                : json_array_get(actual, common);
      char *extra_text = json_brief(extra);
      snprintf(message, message_capacity,
               "%s: expected %zu array items, got %zu (first differing item "
               "%s %s)",
               pointer, expected_size, actual_size,
               expected_size > actual_size ? "missing:" : "extra:", extra_text);
      free(extra_text);
      return false;
    }
    return true;
  }
  if (json_is_string(expected)) {
    if (strcmp(json_string_value(expected), json_string_value(actual)) == 0) {
      return true;
    }
    describe_mismatch(message, pointer, expected, actual);
    return false;
  }
  /* Both null, both true or both false. */
  return true;
}

/* The captured result of one `anima sample` run. */
typedef struct run_result {
  int status;  /* exit status, or -1 when killed by a signal */
  int signal;  /* the signal that ended it, or 0 */
  text output; /* stdout */
  text errors; /* stderr */
} run_result;

/* Runs `anima sample <document> <script>`; false when it could not start. */
static bool run_sample(const char *anima, const char *document,
                       const char *script, run_result *result, char *message) {
  FILE *output = tmpfile();
  FILE *errors = tmpfile();
  if (output == NULL || errors == NULL) {
    snprintf(message, message_capacity, "cannot create temporary files: %s",
             strerror(errno));
    if (output != NULL) {
      fclose(output);
    }
    if (errors != NULL) {
      fclose(errors);
    }
    return false;
  }
  fflush(stdout);
  pid_t child = fork();
  if (child < 0) {
    snprintf(message, message_capacity, "cannot fork: %s", strerror(errno));
    fclose(output);
    fclose(errors);
    return false;
  }
  if (child == 0) {
    int nothing = open("/dev/null", O_RDONLY);
    if (nothing >= 0) {
      dup2(nothing, STDIN_FILENO);
      close(nothing);
    }
    dup2(fileno(output), STDOUT_FILENO);
    dup2(fileno(errors), STDERR_FILENO);
    /* The alarm survives exec, so a hung run is ended by SIGALRM. */
    alarm(run_timeout_seconds);
    execl(anima, anima, "sample", document, script, (char *)NULL);
    fprintf(stderr, "cannot execute %s: %s\n", anima, strerror(errno));
    _exit(127);
  }
  int wait_status = 0;
  while (waitpid(child, &wait_status, 0) < 0) {
    if (errno != EINTR) {
      snprintf(message, message_capacity, "cannot wait for anima: %s",
               strerror(errno));
      fclose(output);
      fclose(errors);
      return false;
    }
  }
  result->status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1;
  result->signal = WIFSIGNALED(wait_status) ? WTERMSIG(wait_status) : 0;
  rewind(output);
  rewind(errors);
  bool read_ok = text_read_stream(output, &result->output) &&
                 text_read_stream(errors, &result->errors);
  fclose(output);
  fclose(errors);
  if (!read_ok) {
    text_free(&result->output);
    text_free(&result->errors);
    snprintf(message, message_capacity, "cannot read the output of anima");
    return false;
  }
  return true;
}

/* Prints `errors` indented under a FAIL line, at most 20 lines. */
static void print_errors(const text *errors) {
  int lines = 0;
  const char *cursor = errors->bytes;
  while (cursor != NULL && *cursor != '\0' && lines < 20) {
    const char *end = strchr(cursor, '\n');
    int length = end != NULL ? (int)(end - cursor) : (int)strlen(cursor);
    printf("    stderr: %.*s\n", length, cursor);
    lines++;
    cursor = end != NULL ? end + 1 : NULL;
  }
  if (cursor != NULL && *cursor != '\0') {
    printf("    stderr: ...\n");
  }
}

/* Compares output lines with expected lines; false with `message` on the
 * first difference. */
static bool compare_lines(char **expected_lines, size_t expected_count,
                          char **output_lines, size_t output_count,
                          char *message) {
  size_t count = expected_count > output_count ? expected_count : output_count;
  for (size_t index = 0; index < count; index++) {
    size_t line_number = index + 1;
    if (index >= output_count) {
      snprintf(message, message_capacity,
               "line %zu: expected a snapshot line, output ended after %zu "
               "lines",
               line_number, output_count);
      return false;
    }
    if (index >= expected_count) {
      snprintf(message, message_capacity,
               "line %zu: unexpected extra output line: %.200s", line_number,
               output_lines[index]);
      return false;
    }
    json_error_t error;
    json_t *expected = json_loads(expected_lines[index], json_flags, &error);
    if (expected == NULL) {
      snprintf(message, message_capacity,
               "expected.jsonl line %zu is not JSON: %s", line_number,
               error.text);
      return false;
    }
    json_t *actual = json_loads(output_lines[index], json_flags, &error);
    if (actual == NULL) {
      snprintf(message, message_capacity,
               "line %zu: output is not JSON (%s): %.200s", line_number,
               error.text, output_lines[index]);
      json_decref(expected);
      return false;
    }
    char pointer[pointer_capacity] = "";
    char difference[message_capacity];
    bool equal = json_equivalent(expected, actual, pointer, difference);
    json_decref(expected);
    json_decref(actual);
    if (!equal) {
      snprintf(message, message_capacity, "line %zu %.960s", line_number,
               difference);
      return false;
    }
  }
  return true;
}

/* Runs and checks one case; prints its result line. True when it passed. */
static bool run_case(const char *anima, const char *cases, const char *name) {
  char document[4096];
  char script[4096];
  char expected_path[4096];
  snprintf(document, sizeof document, "%s/%s/case.ani", cases, name);
  snprintf(script, sizeof script, "%s/%s/script.txt", cases, name);
  snprintf(expected_path, sizeof expected_path, "%s/%s/expected.jsonl", cases,
           name);
  char message[message_capacity];
  text expected = {0};
  if (!text_read_file(expected_path, &expected)) {
    printf("FAIL %s: cannot read %s\n", name, expected_path);
    return false;
  }
  if (access(document, R_OK) != 0 || access(script, R_OK) != 0) {
    printf("FAIL %s: case.ani or script.txt is missing\n", name);
    text_free(&expected);
    return false;
  }
  run_result result = {0};
  if (!run_sample(anima, document, script, &result, message)) {
    printf("FAIL %s: %s\n", name, message);
    text_free(&expected);
    return false;
  }
  bool passed = false;
  char **expected_lines = NULL;
  char **output_lines = NULL;
  size_t expected_count = text_split_lines(&expected, &expected_lines);
  size_t output_count = text_split_lines(&result.output, &output_lines);
  if (result.signal != 0) {
    printf("FAIL %s: anima was killed by signal %d%s\n", name, result.signal,
           result.signal == SIGALRM ? " (timed out)" : "");
    print_errors(&result.errors);
  } else if (result.status != 0) {
    printf("FAIL %s: anima exited with status %d\n", name, result.status);
    print_errors(&result.errors);
  } else if (expected_count == (size_t)-1 || output_count == (size_t)-1) {
    printf("FAIL %s: out of memory\n", name);
  } else if (!compare_lines(expected_lines, expected_count, output_lines,
                            output_count, message)) {
    printf("FAIL %s: %s\n", name, message);
  } else {
    printf("ok %s\n", name);
    passed = true;
  }
  free(expected_lines);
  free(output_lines);
  text_free(&expected);
  text_free(&result.output);
  text_free(&result.errors);
  return passed;
}

/* scandir filter: every entry except `.` and `..` and hidden names. */
static int case_entry_filter(const struct dirent *entry) {
  return entry->d_name[0] != '.';
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr,
            "usage: %s <anima-executable> <cases-directory> [case ...]\n",
            argv[0]);
    return 2;
  }
  const char *anima = argv[1];
  const char *cases = argv[2];
  if (access(anima, X_OK) != 0) {
    fprintf(stderr, "%s: cannot execute %s: %s\n", argv[0], anima,
            strerror(errno));
    return 2;
  }
  int passed = 0;
  int failed = 0;
  if (argc > 3) {
    for (int index = 3; index < argc; index++) {
      if (run_case(anima, cases, argv[index])) {
        passed++;
      } else {
        failed++;
      }
    }
  } else {
    struct dirent **entries = NULL;
    int count = scandir(cases, &entries, case_entry_filter, alphasort);
    if (count < 0) {
      fprintf(stderr, "%s: cannot read %s: %s\n", argv[0], cases,
              strerror(errno));
      return 2;
    }
    for (int index = 0; index < count; index++) {
      char path[4096];
      struct stat info;
      snprintf(path, sizeof path, "%s/%s", cases, entries[index]->d_name);
      if (stat(path, &info) == 0 && S_ISDIR(info.st_mode)) {
        if (run_case(anima, cases, entries[index]->d_name)) {
          passed++;
        } else {
          failed++;
        }
      }
      free(entries[index]);
    }
    free(entries);
  }
  printf("%d passed, %d failed\n", passed, failed);
  if (passed + failed == 0) {
    fprintf(stderr, "%s: no cases found in %s\n", argv[0], cases);
    return 1;
  }
  return failed == 0 ? 0 : 1;
}
