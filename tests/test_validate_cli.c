/*
 * test_validate_cli.c — `anima validate <file> [--format=text|json]`
 * (issue 2 item 5): compiler-style text, the JSON shape
 * {"ok", "diagnostics": [{code, severity, pointer, message, hint?}]},
 * exit 0 valid (warnings allowed) / 1 invalid / 2 usage; unreadable and
 * non-UTF-8 files are diagnostics, not crashes.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <anima/anima.h>

#define ANIMA ANIMA_BUILD_ROOT "/tools/anima/anima"
#define DOCUMENTS ANIMA_SOURCE_ROOT "/tests/documents"

static char directory[64];
static char *out_text, *err_text;

static void setup(void) {
  strcpy(directory, "/tmp/anima-validate-XXXXXX");
  cr_assert_not_null(mkdtemp(directory));
  out_text = err_text = NULL;
}

static void teardown(void) {
  free(out_text);
  free(err_text);
  char command[256];
  snprintf(command, sizeof command, "rm -rf '%s'", directory);
  cr_assert_eq(system(command), 0);
}

TestSuite(cli, .init = setup, .fini = teardown);

static char *slurp(const char *path) {
  FILE *file = fopen(path, "rb");
  cr_assert_not_null(file);
  char *text = calloc(1, 1 << 16);
  size_t length = fread(text, 1, (1 << 16) - 1, file);
  text[length] = '\0';
  fclose(file);
  return text;
}

/* Runs `anima validate <arguments>`; returns the exit status and keeps
 * stdout and stderr in out_text and err_text. */
static int run(const char *arguments) {
  char command[2048];
  snprintf(command, sizeof command, "'%s' validate %s >'%s/out' 2>'%s/err'",
           ANIMA, arguments, directory, directory);
  int status = system(command);
  cr_assert(WIFEXITED(status), "%s", command);
  char path[256];
  free(out_text);
  free(err_text);
  snprintf(path, sizeof path, "%s/out", directory);
  out_text = slurp(path);
  snprintf(path, sizeof path, "%s/err", directory);
  err_text = slurp(path);
  return WEXITSTATUS(status);
}

static void write_file(const char *name, const char *bytes, size_t length) {
  char path[256];
  snprintf(path, sizeof path, "%s/%s", directory, name);
  FILE *file = fopen(path, "wb");
  cr_assert_not_null(file);
  cr_assert_eq(fwrite(bytes, 1, length, file), length);
  fclose(file);
}

Test(cli, a_valid_document_exits_0) {
  cr_assert_eq(run("'" DOCUMENTS "/valid/knockout-and-arcs.ani'"), 0, "%s",
               err_text);
  cr_assert_not_null(strstr(out_text, "valid"), "%s", out_text);
}

Test(cli, an_invalid_document_exits_1_with_compiler_style_lines) {
  /* `file: /pointer: error[code]: message (hint: ...)` (issue 2 item 5). */
  cr_assert_eq(run("'" DOCUMENTS "/invalid/bad-color.ani'"), 1);
  const char *expected = DOCUMENTS "/invalid/bad-color.ani: "
                                   "/nodes/0/fill/color: error[bad-color]: ";
  cr_assert_not_null(strstr(err_text, expected), "%s", err_text);
  cr_assert_not_null(strstr(err_text, "(hint: "), "%s", err_text);
}

Test(cli, warnings_alone_exit_0) {
  /* §2: warnings never stop a load. */
  cr_assert_eq(run("'" DOCUMENTS "/invalid/unused-input.ani'"), 0);
  cr_assert_not_null(strstr(out_text, "warning[unused-input]"), "%s", out_text);
}

Test(cli, an_openbone_document_is_pointed_to_anima_bone) {
  /* A new user's first try: `anima validate` on a .obone file. Its root
   * "format" is not a key of an .ani document (SPEC §2: unknown-key); the
   * hint names the commands that read it (docs/openbone/CLI.md). The
   * document is the smallest OpenBone shape: format, version, skeleton. */
  const char text[] = "{\"format\": \"openbone\", \"version\": 1, "
                      "\"skeleton\": {\"bones\": [{\"name\": \"root\"}]}}";
  write_file("arm.obone", text, sizeof text - 1);
  char arguments[256];
  snprintf(arguments, sizeof arguments, "'%s/arm.obone'", directory);
  cr_assert_eq(run(arguments), 1);
  cr_assert_not_null(
      strstr(err_text, "arm.obone: /format: error[unknown-key]: \"format\" is "
                       "not a key of an object of kind \"document\" (hint: an "
                       "OpenBone document (\"format\": \"openbone\")? `anima "
                       "bone validate`, `bone sample`, `bone render` and "
                       "`bone inspect` read it (docs/openbone/CLI.md))\n"),
      "%s", err_text);
}

Test(cli, json_output) {
  cr_assert_eq(run("--format=json '" DOCUMENTS "/invalid/unknown-key.ani'"), 1);
  json_error_t error;
  json_t *root = json_loads(out_text, 0, &error);
  cr_assert_not_null(root, "%s: %s", error.text, out_text);
  cr_assert(json_is_false(json_object_get(root, "ok")));
  json_t *list = json_object_get(root, "diagnostics");
  cr_assert_eq(json_array_size(list), 1);
  json_t *item = json_array_get(list, 0);
  cr_assert_str_eq(json_string_value(json_object_get(item, "code")),
                   "unknown-key");
  cr_assert_str_eq(json_string_value(json_object_get(item, "severity")),
                   "error");
  cr_assert_str_eq(json_string_value(json_object_get(item, "pointer")),
                   "/nodes/0/rotat");
  cr_assert(json_is_string(json_object_get(item, "message")));
  cr_assert_str_eq(json_string_value(json_object_get(item, "hint")),
                   "did you mean \"rotate\"?");
  json_decref(root);
  /* A valid document: ok true and no diagnostics; "--format json" works
   * as two arguments too. */
  cr_assert_eq(run("--format json '" DOCUMENTS "/valid/depth-32.ani'"), 0);
  root = json_loads(out_text, 0, &error);
  cr_assert_not_null(root, "%s", out_text);
  cr_assert(json_is_true(json_object_get(root, "ok")));
  cr_assert_eq(json_array_size(json_object_get(root, "diagnostics")), 0);
  json_decref(root);
}

Test(cli, a_rig_cycle_is_reported_by_validate_not_only_by_a_load) {
  /* SPEC rig "Rig stage and extension contract": "a cycle is rig-cycle at
   * the constraint closing it". The solve order is computed when a model
   * compiles; `anima validate` compiles the document too (anima.h
   * anima_document_validate), so it reports the cycle with its pointer:
   * upper's copyPosition targets fore, inside upper's own subtree. */
  cr_assert_eq(run("'" DOCUMENTS "/rig-invalid/rig-cycle.ani'"), 1, "%s",
               out_text);
  cr_assert_not_null(strstr(err_text, "rig-cycle.ani: /nodes/0/constraints/0: "
                                      "error[rig-cycle]: "),
                     "%s", err_text);
  /* An unknown from is rig-target at the constraint, as at a load. */
  cr_assert_eq(run("'" DOCUMENTS "/rig-invalid/rig-target.ani'"), 1);
  cr_assert_not_null(strstr(err_text, "/nodes/1/constraints/0: "
                                      "error[rig-target]: "),
                     "%s", err_text);
}

Test(cli, usage_errors_exit_2) {
  cr_assert_eq(run("--frobnicate '" DOCUMENTS "/valid/depth-32.ani'"), 2);
  cr_assert_eq(run(""), 2);
  cr_assert_eq(run("--format=xml '" DOCUMENTS "/valid/depth-32.ani'"), 2);
  cr_assert_eq(run("'" DOCUMENTS "/valid/depth-32.ani' 'second.ani'"), 2);
  /* A file that does not exist is a usage error, reported by name. */
  cr_assert_eq(run("'/nonexistent/icon.ani'"), 2);
  cr_assert_not_null(strstr(err_text, "/nonexistent/icon.ani"), "%s", err_text);
}

Test(cli, unreadable_input_is_a_diagnostic) {
  /* A directory cannot be read as a document: a diagnostic, and a usage
   * error (exit 2) like a missing file (docs/CLI.md, exit status). */
  cr_assert_eq(run(directory), 2);
  cr_assert_not_null(strstr(err_text, "error["), "%s", err_text);
}

Test(cli, oversized_documents_report_the_size_they_measured) {
  /* Issue 10 F12: `validate /dev/zero` read 64 MiB of an endless stream
   * and reported "the document is 67108864 bytes", a size nobody measured.
   * A stream stops one byte past the 1 MiB limit (SPEC §2) and says only
   * that it is longer; a regular file is refused from its size, unread. */
  cr_assert_eq(run("/dev/zero"), 1);
  cr_assert_str_eq(err_text,
                   "/dev/zero: /: error[limit-exceeded]: the document is "
                   "longer than 1 MiB (1048576 bytes), the limit; reading "
                   "stopped there (hint: split the document or remove unused "
                   "data)\n");
  char *spaces = malloc(3u << 20);
  cr_assert_not_null(spaces);
  memset(spaces, ' ', 3u << 20);
  write_file("big.ani", spaces, 3u << 20);
  free(spaces);
  char arguments[256];
  snprintf(arguments, sizeof arguments, "'%s/big.ani'", directory);
  cr_assert_eq(run(arguments), 1);
  cr_assert_not_null(strstr(err_text, "error[limit-exceeded]: the document is "
                                      "3145728 bytes; the limit is 1 MiB "
                                      "(1048576 bytes)"),
                     "%s", err_text);
}

Test(cli, non_utf8_and_empty_files_are_json_syntax) {
  /* §2: .ani is UTF-8 JSON; byte 0xFF never occurs in UTF-8. */
  const char bad[] = "{\"anima\": \"0.1\", \"name\": \"x\xff\"}";
  write_file("latin1.ani", bad, sizeof bad - 1);
  char arguments[256];
  snprintf(arguments, sizeof arguments, "'%s/latin1.ani'", directory);
  cr_assert_eq(run(arguments), 1);
  cr_assert_not_null(strstr(err_text, "error[json-syntax]"), "%s", err_text);
  write_file("empty.ani", "", 0);
  snprintf(arguments, sizeof arguments, "--format=json '%s/empty.ani'",
           directory);
  cr_assert_eq(run(arguments), 1);
  cr_assert_not_null(strstr(out_text, "\"json-syntax\""), "%s", out_text);
}

Test(cli, every_invalid_document_gives_the_library_diagnostics) {
  /* Issue 2: `anima validate` gives the right code and pointer for a bad
   * document of every code. test_validate.c derives each document's code
   * and pointer from the SPEC; here the command must print exactly what
   * the library reports (code, severity, pointer) and exit 1 for errors,
   * 0 for warnings only. */
  DIR *directory_handle = opendir(DOCUMENTS "/invalid");
  cr_assert_not_null(directory_handle);
  anima_runtime *runtime = anima_runtime_create();
  struct dirent *entry;
  size_t checked = 0;
  while ((entry = readdir(directory_handle)) != NULL) {
    size_t length = strlen(entry->d_name);
    if (length < 5 || strcmp(entry->d_name + length - 4, ".ani") != 0 ||
        strcmp(entry->d_name, "undeclared-feature.ani") == 0) {
      continue; /* undeclared-feature needs the glow test module */
    }
    char path[512], arguments[600];
    snprintf(path, sizeof path, "%s/invalid/%s", DOCUMENTS, entry->d_name);
    snprintf(arguments, sizeof arguments, "--format=json '%s'", path);
    int status = run(arguments);
    char *text = slurp(path);
    anima_diagnostics *expected = anima_diagnostics_create();
    anima_status valid =
        anima_document_validate(runtime, text, strlen(text), expected);
    free(text);
    cr_expect_eq(status, valid == ANIMA_OK ? 0 : 1, "%s", entry->d_name);
    json_t *root = json_loads(out_text, 0, NULL);
    cr_assert_not_null(root, "%s: %s", entry->d_name, out_text);
    json_t *list = json_object_get(root, "diagnostics");
    cr_assert_eq(json_array_size(list), anima_diagnostics_count(expected), "%s",
                 entry->d_name);
    for (size_t i = 0; i < json_array_size(list); i++) {
      json_t *item = json_array_get(list, i);
      const anima_diagnostic *d = anima_diagnostics_get(expected, i);
      cr_expect_str_eq(json_string_value(json_object_get(item, "code")),
                       d->code, "%s", entry->d_name);
      cr_expect_str_eq(json_string_value(json_object_get(item, "pointer")),
                       d->pointer, "%s", entry->d_name);
      cr_expect_str_eq(json_string_value(json_object_get(item, "severity")),
                       d->severity == ANIMA_SEVERITY_ERROR ? "error"
                                                           : "warning",
                       "%s", entry->d_name);
    }
    json_decref(root);
    anima_diagnostics_destroy(expected);
    checked++;
  }
  closedir(directory_handle);
  anima_runtime_destroy(runtime);
  /* 46 documents, one of them needing a module. */
  cr_assert_geq(checked, 45);
}
