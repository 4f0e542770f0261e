/*
 * test_markup_cases.c — SPEC §11.1: `case.animl` is the authored source of
 * a conformance case and `case.ani` its build output. For every
 * conformance/cases/<case>/case.animl this checks that building it gives
 * exactly `case.ani` (compared in canonical form: the same JSON value, every
 * map in the same member order) and that the AniML is canonically formatted
 * (`anima fmt --check` would pass). Every case must have a case.animl: a
 * case written as JSON first gets one from `anima decompile case.ani -o
 * case.animl`.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/markup.h>

#include "test_build_modules.h"

#define CASES ANIMA_SOURCE_ROOT "/conformance/cases"

static char *read_file(const char *path, size_t *length) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    return NULL;
  }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = malloc((size_t)size + 1);
  size_t read = fread(text, 1, (size_t)size, file);
  text[read] = '\0';
  fclose(file);
  *length = read;
  return text;
}

/* Returns false (with a log line) when the case's .ani is not the build
 * output of its .animl. */
static bool check_case(anima_runtime *runtime, const char *name) {
  char path[1024];
  size_t animl_length = 0, json_length = 0;
  snprintf(path, sizeof path, "%s/%s/case.animl", CASES, name);
  char *animl = read_file(path, &animl_length);
  if (!animl) {
    return true;
  }
  snprintf(path, sizeof path, "%s/%s/case.ani", CASES, name);
  char *json = read_file(path, &json_length);
  cr_assert_not_null(json, "%s has case.animl but no case.ani", name);
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  char *built = NULL, *expected = NULL, *formatted = NULL;
  bool ok = true;
  if (anima_markup_compile(runtime, animl, animl_length, 0, diagnostics, &built,
                           NULL) != ANIMA_OK) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, 0);
    cr_log_error("%s/case.animl does not build: %d:%d %s %s", name,
                 d ? d->line : 0, d ? d->column : 0, d ? d->code : "?",
                 d ? d->message : "");
    ok = false;
  } else if (anima_document_format(runtime, json, json_length, diagnostics,
                                   &expected, NULL) != ANIMA_OK ||
             strcmp(built, expected) != 0) {
    cr_log_error("%s: case.ani is not the build output of case.animl: "
                 "after editing case.animl run `anima build case.animl -o "
                 "case.ani`; after editing case.ani run `anima decompile "
                 "case.ani -o case.animl`",
                 name);
    ok = false;
  } else if (anima_markup_format(runtime, animl, animl_length, diagnostics,
                                 &formatted, NULL) != ANIMA_OK ||
             strcmp(formatted, animl) != 0) {
    cr_log_error("%s/case.animl is not formatted (run `anima fmt`)", name);
    ok = false;
  }
  anima_markup_free(built);
  anima_markup_free(expected);
  anima_markup_free(formatted);
  anima_diagnostics_destroy(diagnostics);
  free(animl);
  free(json);
  return ok;
}

Test(markup_cases, every_case_ani_is_the_build_of_its_animl) {
  anima_runtime *runtime = anima_runtime_create();
  test_load_build_modules(runtime);
  DIR *dir = opendir(CASES);
  cr_assert_not_null(dir, "cannot open " CASES);
  size_t checked = 0, failed = 0;
  for (struct dirent *entry; (entry = readdir(dir));) {
    if (entry->d_name[0] == '.') {
      continue;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/%s/case.animl", CASES, entry->d_name);
    FILE *exists = fopen(path, "rb");
    checked++;
    if (!exists) {
      cr_log_error("%s has no case.animl (SPEC §11.1): run `anima decompile "
                   "case.ani -o case.animl` in it",
                   entry->d_name);
      failed++;
      continue;
    }
    fclose(exists);
    failed += !check_case(runtime, entry->d_name);
  }
  closedir(dir);
  cr_log_info("%zu cases checked", checked);
  cr_assert_gt(checked, 0, "no conformance case found");
  cr_assert_eq(failed, 0, "%zu of %zu cases failed", failed, checked);
  anima_runtime_destroy(runtime);
}
