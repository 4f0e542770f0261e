/*
 * test_markup_roundtrip.c — issue 5 item 4 and 5: for every conformance
 * case and every example, `.ani` -> AniML -> `.ani` gives back the same JSON
 * value with every map in the same member order (compared as canonical
 * text, which keeps map order and orders only fixed-key objects), and both
 * formatters are idempotent on every file.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/markup.h>

#include "test_build_modules.h"

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

static void print_diagnostics(const char *path,
                              const anima_diagnostics *diagnostics) {
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    cr_log_error("%s:%d:%d %s %s %s", path, d->line, d->column, d->code,
                 d->pointer, d->message);
  }
}

/* Checks one valid `.ani` file; returns false (and logs) on a failure. */
static bool round_trip(anima_runtime *runtime, const char *path) {
  size_t length = 0;
  char *json = read_file(path, &length);
  cr_assert_not_null(json, "cannot read %s", path);
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  char *canonical = NULL, *animl = NULL, *built = NULL, *again = NULL,
       *canonical_again = NULL;
  bool ok =
      anima_document_format(runtime, json, length, diagnostics, &canonical,
                            NULL) == ANIMA_OK &&
      anima_markup_decompile(runtime, json, length, 0, diagnostics, &animl,
                             NULL) == ANIMA_OK &&
      anima_markup_compile(runtime, animl, strlen(animl), 0, diagnostics,
                           &built, NULL) == ANIMA_OK &&
      anima_markup_format(runtime, animl, strlen(animl), diagnostics, &again,
                          NULL) == ANIMA_OK &&
      anima_document_format(runtime, canonical, strlen(canonical), diagnostics,
                            &canonical_again, NULL) == ANIMA_OK;
  if (!ok) {
    print_diagnostics(path, diagnostics);
  } else if (strcmp(built, canonical) != 0) {
    cr_log_error("%s: building its AniML does not give the document back",
                 path);
    ok = false;
  } else if (strcmp(again, animl) != 0) {
    cr_log_error("%s: formatting its AniML changes it", path);
    ok = false;
  } else if (strcmp(canonical_again, canonical) != 0) {
    cr_log_error("%s: formatting canonical .ani changes it", path);
    ok = false;
  }
  anima_markup_free(canonical);
  anima_markup_free(animl);
  anima_markup_free(built);
  anima_markup_free(again);
  anima_markup_free(canonical_again);
  anima_diagnostics_destroy(diagnostics);
  free(json);
  return ok;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every `<directory>/<entry><suffix>` (suffix "/case.ani" for case
 * directories, "" for files ending in .ani). */
static size_t check_directory(anima_runtime *runtime, const char *directory,
                              const char *suffix, size_t *failures) {
  DIR *dir = opendir(directory);
  cr_assert_not_null(dir, "cannot open %s", directory);
  char *names[1024];
  size_t count = 0;
  for (struct dirent *entry; (entry = readdir(dir)) && count < 1024;) {
    size_t length = strlen(entry->d_name);
    bool wanted = entry->d_name[0] != '.' &&
                  (*suffix || (length > 4 && strcmp(entry->d_name + length - 4,
                                                    ".ani") == 0));
    if (wanted) {
      names[count++] = strdup(entry->d_name);
    }
  }
  closedir(dir);
  qsort(names, count, sizeof names[0], by_name);
  size_t checked = 0;
  for (size_t i = 0; i < count; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s%s", directory, names[i], suffix);
    FILE *exists = fopen(path, "rb");
    if (exists) {
      fclose(exists);
      checked++;
      *failures += !round_trip(runtime, path);
    }
    free(names[i]);
  }
  return checked;
}

Test(markup_roundtrip, every_conformance_case_and_example) {
  anima_runtime *runtime = anima_runtime_create();
  test_load_build_modules(runtime);
  size_t failures = 0;
  size_t cases = check_directory(
      runtime, ANIMA_SOURCE_ROOT "/conformance/cases", "/case.ani", &failures);
  size_t examples =
      check_directory(runtime, ANIMA_SOURCE_ROOT "/examples", "", &failures);
  cr_log_info("%zu cases and %zu examples round-tripped", cases, examples);
  cr_assert_gt(cases, 0);
  cr_assert_gt(examples, 0);
  cr_assert_eq(failures, 0, "%zu files failed the round trip", failures);
  anima_runtime_destroy(runtime);
}
