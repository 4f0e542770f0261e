/*
 * test_build_modules.h — a runtime with every feature module of the build
 * tree, for tests that read the conformance cases and examples (some
 * require a module, as example-paint requires paint).
 */
#ifndef ANIMA_TEST_BUILD_MODULES_H
#define ANIMA_TEST_BUILD_MODULES_H

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/anima.h>

/** Loads every feature module of the build tree (anima-*.so in modules/),
 * as the CLI does: a case or example may require one (paint). */
static inline void test_load_build_modules(anima_runtime *runtime) {
  /* In name order, as the CLI's search does (kernel/module_search.c): the
   * registration order decides the canonical order of attributes that two
   * modules add to one element (bind's `actions`, machine's `endActions`). */
  struct dirent **entries = NULL;
  int count = scandir(ANIMA_BUILD_ROOT "/modules", &entries, NULL, alphasort);
  cr_assert_geq(count, 0, "cannot open " ANIMA_BUILD_ROOT "/modules");
  for (int i = 0; i < count; i++) {
    const struct dirent *entry = entries[i];
    size_t length = strlen(entry->d_name);
    if (strncmp(entry->d_name, "anima-", 6) != 0 || length < 10 ||
        strcmp(entry->d_name + length - 3, ".so") != 0) {
      continue;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/modules/%s", ANIMA_BUILD_ROOT,
             entry->d_name);
    /* A module loads its dependencies first, and loading one twice is an
     * error: skip what is there (these modules' names are their features). */
    char feature[256];
    snprintf(feature, sizeof feature, "%.*s", (int)(length - 9),
             entry->d_name + 6);
    if (!anima_runtime_has_feature(runtime, feature)) {
      cr_assert_eq(anima_runtime_load_module_file(runtime, path, NULL),
                   ANIMA_OK, "%s", path);
    }
  }
  for (int i = 0; i < count; i++) {
    free(entries[i]);
  }
  free(entries);
}

#endif
