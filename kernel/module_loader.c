/*
 * module_loader.c — finding, opening and registering feature modules
 * (module.h). A module file is named anima-<feature>.so and is searched in
 * ANIMA_MODULE_PATH (colon-separated), the build tree, then the install
 * directory.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "registry_internal.h"
#include "runtime_internal.h"
#include "text.h"

#ifndef ANIMA_BUILD_MODULE_DIR
#define ANIMA_BUILD_MODULE_DIR ""
#endif
#ifndef ANIMA_INSTALL_MODULE_DIR
#define ANIMA_INSTALL_MODULE_DIR "/usr/local/lib/anima/modules"
#endif

enum { MAXIMUM_DEPENDENCY_DEPTH = 16 };

static anima_status module_error(anima_diagnostics *diagnostics,
                                 const char *hint, const char *format,
                                 const char *first, const char *second) {
  if (diagnostics) {
    anima_diagnostics_add(diagnostics, "module-load", ANIMA_SEVERITY_ERROR, "",
                          hint, format, first, second);
  }
  return ANIMA_ERROR_MODULE;
}

void anima_module_handles_close(anima_runtime *runtime) {
  for (size_t i = 0; i < runtime->module_count; i++) {
    if (runtime->modules[i].library) {
      dlclose(runtime->modules[i].library);
    }
    free(runtime->modules[i].path);
  }
  free(runtime->modules);
  runtime->modules = NULL;
  runtime->module_count = 0;
}

static bool file_exists(const char *path) {
  struct stat status;
  return stat(path, &status) == 0 && S_ISREG(status.st_mode);
}

/* Calls `visit` for each module directory in search order until it returns
 * true. */
static bool for_each_module_directory(bool (*visit)(const char *directory,
                                                    void *context),
                                      void *context) {
  const char *environment = getenv("ANIMA_MODULE_PATH");
  if (environment && *environment) {
    char *copy = anima_strdup(environment);
    if (copy) {
      char *save = NULL;
      for (char *part = strtok_r(copy, ":", &save); part;
           part = strtok_r(NULL, ":", &save)) {
        if (*part && visit(part, context)) {
          free(copy);
          return true;
        }
      }
      free(copy);
    }
  }
  if (*ANIMA_BUILD_MODULE_DIR && visit(ANIMA_BUILD_MODULE_DIR, context)) {
    return true;
  }
  return visit(ANIMA_INSTALL_MODULE_DIR, context);
}

typedef struct find_context {
  const char *feature;
  anima_text found;
} find_context;

static bool find_in_directory(const char *directory, void *context) {
  find_context *find = context;
  anima_text candidate = {0};
  anima_text_appendf(&candidate, "%s/anima-%s.so", directory, find->feature);
  if (!candidate.failed && file_exists(anima_text_string(&candidate))) {
    find->found = candidate;
    return true;
  }
  anima_text_free(&candidate);
  return false;
}

static bool valid_feature_word(const char *feature) {
  if (!feature || !*feature || strlen(feature) > 64) {
    return false;
  }
  for (const char *c = feature; *c; c++) {
    if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-')) {
      return false;
    }
  }
  return true;
}

anima_status anima_runtime_load_module(anima_runtime *runtime,
                                       const char *feature,
                                       anima_diagnostics *diagnostics) {
  if (!runtime || !feature) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (anima_registry_has_feature(runtime->registry, feature)) {
    return ANIMA_OK;
  }
  if (!valid_feature_word(feature)) {
    return module_error(diagnostics, NULL, "\"%s\" is not a feature name%s",
                        feature, "");
  }
  find_context find = {.feature = feature};
  if (!for_each_module_directory(find_in_directory, &find)) {
    return module_error(
        diagnostics,
        "set ANIMA_MODULE_PATH to the directory holding anima-<feature>.so",
        "no module provides feature \"%s\" (looked for anima-%s.so)", feature,
        feature);
  }
  anima_status status = anima_runtime_load_module_file(
      runtime, anima_text_string(&find.found), diagnostics);
  if (status == ANIMA_OK &&
      !anima_registry_has_feature(runtime->registry, feature)) {
    status = module_error(diagnostics, NULL,
                          "module %s does not provide feature \"%s\"",
                          anima_text_string(&find.found), feature);
  }
  anima_text_free(&find.found);
  return status;
}

/* Checks every descriptor field before anything is registered. */
static anima_status check_descriptor(const anima_registry *registry,
                                     const anima_module_descriptor *descriptor,
                                     const char *path,
                                     anima_diagnostics *diagnostics) {
  if (!descriptor) {
    return module_error(diagnostics, NULL, "module %s returned no descriptor%s",
                        path, "");
  }
  if (descriptor->abi_major != ANIMA_MODULE_ABI_MAJOR ||
      descriptor->abi_minor > ANIMA_MODULE_ABI_MINOR) {
    anima_text message = {0};
    anima_text_appendf(&message,
                       "module %s was built for module ABI %u.%u; this "
                       "runtime provides %u.%u",
                       path, descriptor->abi_major, descriptor->abi_minor,
                       ANIMA_MODULE_ABI_MAJOR, ANIMA_MODULE_ABI_MINOR);
    anima_status status = module_error(
        diagnostics, "rebuild the module against this version of anima.h",
        "%s%s", anima_text_string(&message), "");
    anima_text_free(&message);
    return status;
  }
  if (!descriptor->name || !descriptor->features || !descriptor->features[0] ||
      !descriptor->register_entries) {
    return module_error(diagnostics, NULL,
                        "module %s has an incomplete descriptor (name, "
                        "features and register_entries are required)%s",
                        path, "");
  }
  for (const char *const *feature = descriptor->features; *feature; feature++) {
    if (!valid_feature_word(*feature)) {
      return module_error(diagnostics, NULL,
                          "module %s declares an invalid feature name \"%s\"",
                          path, *feature);
    }
    if (anima_registry_has_feature(registry, *feature)) {
      return module_error(diagnostics, NULL,
                          "module %s provides feature \"%s\", which is "
                          "already loaded",
                          path, *feature);
    }
  }
  return ANIMA_OK;
}

static anima_status load_dependencies(anima_runtime *runtime,
                                      const anima_module_descriptor *descriptor,
                                      const char *path,
                                      anima_diagnostics *diagnostics) {
  for (const char *const *dependency = descriptor->depends;
       dependency && *dependency; dependency++) {
    if (anima_registry_has_feature(runtime->registry, *dependency)) {
      continue;
    }
    if (runtime->loading_depth >= MAXIMUM_DEPENDENCY_DEPTH) {
      return module_error(diagnostics, NULL,
                          "module %s: dependencies nest too deeply at \"%s\" "
                          "(a cycle?)",
                          path, *dependency);
    }
    runtime->loading_depth++;
    anima_diagnostics *inner = anima_diagnostics_create();
    anima_status status =
        anima_runtime_load_module(runtime, *dependency, inner);
    anima_diagnostics_destroy(inner);
    runtime->loading_depth--;
    if (status != ANIMA_OK) {
      return module_error(diagnostics,
                          "install or build the module providing it, or add "
                          "its directory to ANIMA_MODULE_PATH",
                          "module %s needs feature \"%s\", which is not "
                          "available",
                          path, *dependency);
    }
  }
  return ANIMA_OK;
}

anima_status anima_runtime_load_module_file(anima_runtime *runtime,
                                            const char *path,
                                            anima_diagnostics *diagnostics) {
  if (!runtime || !path) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  for (size_t i = 0; i < runtime->module_count; i++) {
    if (strcmp(runtime->modules[i].path, path) == 0) {
      return ANIMA_OK;
    }
  }
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *reason = dlerror();
    return module_error(diagnostics, NULL, "cannot open module %s: %s", path,
                        reason ? reason : "unknown error");
  }
  anima_module_entry_function entry = NULL;
  *(void **)&entry = dlsym(library, ANIMA_MODULE_ENTRY_SYMBOL);
  if (!entry) {
    dlclose(library);
    return module_error(diagnostics, NULL,
                        "module %s does not export the symbol %s", path,
                        ANIMA_MODULE_ENTRY_SYMBOL);
  }
  const anima_module_descriptor *descriptor = entry();
  anima_status status =
      check_descriptor(runtime->registry, descriptor, path, diagnostics);
  if (status == ANIMA_OK) {
    status = load_dependencies(runtime, descriptor, path, diagnostics);
  }
  if (status != ANIMA_OK) {
    dlclose(library);
    return status;
  }
  anima_module_handle *grown = realloc(
      runtime->modules, (runtime->module_count + 1) * sizeof *runtime->modules);
  if (!grown) {
    dlclose(library);
    return ANIMA_ERROR_NO_MEMORY;
  }
  runtime->modules = grown;
  anima_module_handle *handle = &runtime->modules[runtime->module_count++];
  handle->library = library;
  handle->path = anima_strdup(path);
  handle->descriptor = descriptor;
  for (const char *const *feature = descriptor->features; *feature; feature++) {
    status = anima_registry_add_feature(runtime->registry, *feature);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  anima_registry_set_registering_feature(runtime->registry,
                                         descriptor->features[0]);
  status = descriptor->register_entries(runtime->registry);
  anima_registry_set_registering_feature(runtime->registry, NULL);
  if (status != ANIMA_OK) {
    return module_error(diagnostics, NULL,
                        "module %s failed to register its entries (%s)", path,
                        anima_status_name(status));
  }
  return ANIMA_OK;
}

typedef struct load_all_context {
  anima_runtime *runtime;
  anima_diagnostics *diagnostics;
  anima_status status;
} load_all_context;

static int compare_names(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool load_directory(const char *directory, void *context) {
  load_all_context *load = context;
  DIR *listing = opendir(directory);
  if (!listing) {
    return false;
  }
  char *names[256];
  size_t count = 0;
  struct dirent *entry;
  while ((entry = readdir(listing)) && count < 256) {
    size_t length = strlen(entry->d_name);
    if (length > 9 && strncmp(entry->d_name, "anima-", 6) == 0 &&
        strcmp(entry->d_name + length - 3, ".so") == 0) {
      names[count] = anima_strdup(entry->d_name);
      if (names[count]) {
        count++;
      }
    }
  }
  closedir(listing);
  qsort(names, count, sizeof names[0], compare_names);
  for (size_t i = 0; i < count; i++) {
    char feature[80];
    size_t length = strlen(names[i]) - 9;
    if (length < sizeof feature) {
      memcpy(feature, names[i] + 6, length);
      feature[length] = '\0';
      if (!anima_registry_has_feature(load->runtime->registry, feature)) {
        anima_text path = {0};
        anima_text_appendf(&path, "%s/%s", directory, names[i]);
        if (anima_runtime_load_module_file(load->runtime,
                                           anima_text_string(&path),
                                           load->diagnostics) != ANIMA_OK) {
          load->status = ANIMA_ERROR_MODULE;
        }
        anima_text_free(&path);
      }
    }
    free(names[i]);
  }
  return false; /* visit every directory */
}

anima_status anima_runtime_load_all_modules(anima_runtime *runtime,
                                            anima_diagnostics *diagnostics) {
  if (!runtime) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  load_all_context load = {runtime, diagnostics, ANIMA_OK};
  for_each_module_directory(load_directory, &load);
  return load.status;
}
