/*
 * module_search.c — where modules are found (docs/MODULES.md "Loading"):
 * the directories the host adds, then ANIMA_MODULE_PATH (colon separated),
 * then `anima/modules-<ABI>` next to the libanima.so this code is loaded
 * from (a staged or moved install finds its own modules), then the install
 * directory (anima.pc `moduledir`). No build-tree path is compiled in: a
 * build runs its modules through ANIMA_MODULE_PATH (meson test, `meson
 * devenv`, scripts/) or explicit directories and files.
 */
#define _GNU_SOURCE /* dladdr */
#include <dirent.h>
#include <dlfcn.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <anima/module.h>

#include "loader.h"
#include "module_internal.h"
#include "registry_internal.h"

#ifndef ANIMA_INSTALL_MODULE_DIR
#error "the build defines ANIMA_INSTALL_MODULE_DIR (kernel/meson.build)"
#endif

static bool push_copy(char ***list, size_t *count, const char *text,
                      size_t length) {
  char **grown = realloc(*list, (*count + 1) * sizeof **list);
  if (!grown) {
    return false;
  }
  *list = grown;
  char *copy = malloc(length + 1);
  if (!copy) {
    return false;
  }
  memcpy(copy, text, length);
  copy[length] = '\0';
  (*list)[(*count)++] = copy;
  return true;
}

anima_status anima_runtime_add_module_directory(anima_runtime *runtime,
                                                const char *directory) {
  if (!runtime || !directory || !*directory) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  return push_copy(&runtime->directories, &runtime->directory_count, directory,
                   strlen(directory))
             ? ANIMA_OK
             : ANIMA_ERROR_NO_MEMORY;
}

/* Any object of the library: dladdr names the file it was loaded from. */
static const char library_anchor = 0;

/*
 * The module directory of the install this libanima.so belongs to:
 * `<directory of libanima.so>/anima/modules-<ABI major>` (the install puts
 * modules in `<libdir>/anima/modules-<ABI major>`), written to `out` as
 * the loader named it. False when it is not an existing directory or it is
 * the compiled-in install directory itself (then that entry stands), so
 * a build tree and an unmoved install search as before.
 */
static bool library_module_directory(char out[PATH_MAX]) {
  Dl_info info;
  if (dladdr(&library_anchor, &info) == 0 || info.dli_fname == NULL) {
    return false;
  }
  const char *slash = strrchr(info.dli_fname, '/');
  if (slash == NULL) {
    return false;
  }
  int written = snprintf(out, PATH_MAX, "%.*s/anima/modules-%d",
                         (int)(slash - info.dli_fname), info.dli_fname,
                         ANIMA_MODULE_ABI_MAJOR);
  if (written < 0 || written >= PATH_MAX) {
    return false;
  }
  char resolved[PATH_MAX], installed[PATH_MAX];
  struct stat status;
  if (realpath(out, resolved) == NULL || stat(resolved, &status) != 0 ||
      !S_ISDIR(status.st_mode)) {
    return false;
  }
  return realpath(ANIMA_INSTALL_MODULE_DIR, installed) == NULL ||
         strcmp(resolved, installed) != 0;
}

bool anima_module_refresh_search_path(anima_runtime *runtime) {
  for (size_t i = 0; i < runtime->search_path_count; i++) {
    free(runtime->search_path[i]);
  }
  runtime->search_path_count = 0;
  bool ok = true;
  for (size_t i = 0; ok && i < runtime->directory_count; i++) {
    ok = push_copy(&runtime->search_path, &runtime->search_path_count,
                   runtime->directories[i], strlen(runtime->directories[i]));
  }
  const char *environment = getenv("ANIMA_MODULE_PATH");
  while (ok && environment && *environment) {
    const char *end = strchr(environment, ':');
    size_t length = end ? (size_t)(end - environment) : strlen(environment);
    if (length > 0) {
      ok = push_copy(&runtime->search_path, &runtime->search_path_count,
                     environment, length);
    }
    environment = end ? end + 1 : NULL;
  }
  char beside[PATH_MAX];
  if (ok && library_module_directory(beside)) {
    ok = push_copy(&runtime->search_path, &runtime->search_path_count, beside,
                   strlen(beside));
  }
  if (ok) {
    ok = push_copy(&runtime->search_path, &runtime->search_path_count,
                   ANIMA_INSTALL_MODULE_DIR, strlen(ANIMA_INSTALL_MODULE_DIR));
  }
  return ok;
}

size_t anima_runtime_module_directories(anima_runtime *runtime,
                                        const char **directories,
                                        size_t capacity) {
  if (!runtime || !anima_module_refresh_search_path(runtime)) {
    return 0;
  }
  for (size_t i = 0;
       directories && i < capacity && i < runtime->search_path_count; i++) {
    directories[i] = runtime->search_path[i];
  }
  return runtime->search_path_count;
}

static bool file_exists(const char *path) {
  struct stat status;
  return stat(path, &status) == 0 && S_ISREG(status.st_mode);
}

static int compare_names(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The module files (anima-*.so) of `directory`, sorted by name; NULL with
 * *count 0 when there are none or the directory cannot be read. */
static char **list_directory(const char *directory, size_t *count,
                             bool *out_of_memory) {
  *count = 0;
  DIR *listing = opendir(directory);
  if (!listing) {
    return NULL;
  }
  char **names = NULL;
  char name[ANIMA_MODULE_NAME_LENGTH + 1];
  struct dirent *entry;
  while ((entry = readdir(listing))) {
    if (anima_module_name_from_path(entry->d_name, name) &&
        !push_copy(&names, count, entry->d_name, strlen(entry->d_name))) {
      *out_of_memory = true;
      break;
    }
  }
  closedir(listing);
  if (*count > 1) {
    qsort(names, *count, sizeof names[0], compare_names);
  }
  return names;
}

static void free_names(char **names, size_t count) {
  for (size_t i = 0; i < count; i++) {
    free(names[i]);
  }
  free(names);
}

/* Does the module file `path` declare `feature`? Opens it just to read its
 * descriptor (a module that is not ABI 2 declares nothing). */
static bool declares_feature(const char *path, const char *feature) {
  char name[ANIMA_MODULE_NAME_LENGTH + 1];
  char symbol[ANIMA_MODULE_NAME_LENGTH + 32];
  if (!anima_module_name_from_path(path, name)) {
    return false;
  }
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    return false;
  }
  anima_module_symbol(name, symbol, sizeof symbol);
  const anima_module_info *info = dlsym(library, symbol);
  bool found = false;
  if (info && info->abi_major == ANIMA_MODULE_ABI_MAJOR &&
      info->struct_size >=
          offsetof(anima_module_info, features) + sizeof info->features) {
    for (const char *const *f = info->features; f && *f && !found; f++) {
      found = strcmp(*f, feature) == 0;
    }
  }
  dlclose(library);
  return found;
}

/* The file that provides `feature`: the first anima-<feature>.so on the
 * search path, else the first module on it whose descriptor lists the
 * feature. Sets *path (owned) or leaves it NULL. */
static anima_status find_provider(anima_runtime *runtime, const char *feature,
                                  char **path) {
  *path = NULL;
  if (!anima_module_refresh_search_path(runtime)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < runtime->search_path_count; i++) {
    anima_text candidate = {0};
    anima_text_appendf(&candidate, "%s/anima-%s.so", runtime->search_path[i],
                       feature);
    if (candidate.failed) {
      anima_text_free(&candidate);
      return ANIMA_ERROR_NO_MEMORY;
    }
    if (file_exists(anima_text_string(&candidate))) {
      *path = anima_text_take(&candidate);
      return *path ? ANIMA_OK : ANIMA_ERROR_NO_MEMORY;
    }
    anima_text_free(&candidate);
  }
  bool out_of_memory = false;
  for (size_t i = 0; !*path && i < runtime->search_path_count; i++) {
    size_t count = 0;
    char **names =
        list_directory(runtime->search_path[i], &count, &out_of_memory);
    for (size_t j = 0; !*path && j < count; j++) {
      anima_text candidate = {0};
      anima_text_appendf(&candidate, "%s/%s", runtime->search_path[i],
                         names[j]);
      if (!candidate.failed &&
          declares_feature(anima_text_string(&candidate), feature)) {
        *path = anima_text_take(&candidate);
      }
      anima_text_free(&candidate);
    }
    free_names(names, count);
  }
  return out_of_memory ? ANIMA_ERROR_NO_MEMORY : ANIMA_OK;
}

/* Loads the provider of `feature`; `pointer` for the diagnostics. */
static anima_status load_feature(anima_runtime *runtime, const char *feature,
                                 const char *pointer,
                                 anima_diagnostics *diagnostics) {
  if (anima_registry_has_feature(runtime->registry, feature)) {
    return ANIMA_OK;
  }
  if (!anima_module_valid_name(feature)) {
    return anima_module_error(diagnostics, pointer, NULL,
                              "\"%s\" is not a feature name", feature);
  }
  char *path = NULL;
  anima_status status = find_provider(runtime, feature, &path);
  if (status != ANIMA_OK) {
    return status;
  }
  if (!path) {
    return anima_module_error(
        diagnostics, pointer,
        "install the module, or add its directory with ANIMA_MODULE_PATH "
        "(`anima modules` shows the search path)",
        "no module provides feature \"%s\" (looked for anima-%s.so and the "
        "features of every module on the search path)",
        feature, feature);
  }
  anima_diagnostics *found = anima_diagnostics_create();
  if (!found) {
    free(path);
    return ANIMA_ERROR_NO_MEMORY;
  }
  status = anima_runtime_load_module_file(runtime, path, found);
  if (status == ANIMA_OK &&
      !anima_registry_has_feature(runtime->registry, feature)) {
    status = anima_module_error(found, NULL, NULL,
                                "module %s does not provide feature \"%s\"",
                                path, feature);
  }
  /* Give the loader's diagnostics the document's pointer. */
  for (size_t i = 0; i < anima_diagnostics_count(found); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(found, i);
    anima_diagnostics_add(diagnostics, d->code, d->severity,
                          pointer ? pointer : d->pointer, d->hint, "%s",
                          d->message);
  }
  anima_diagnostics_destroy(found);
  free(path);
  return status;
}

anima_status anima_runtime_load_module(anima_runtime *runtime,
                                       const char *feature,
                                       anima_diagnostics *diagnostics) {
  if (!runtime || !feature) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  return load_feature(runtime, feature, NULL, diagnostics);
}

anima_status anima_runtime_load_required(anima_runtime *runtime,
                                         const char *text, size_t length,
                                         anima_diagnostics *diagnostics) {
  if (!runtime || (!text && length > 0)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  json_t *document = NULL;
  if (anima_json_parse(text ? text : "", length, NULL, &document) != ANIMA_OK) {
    return ANIMA_OK; /* anima_model_load reports it */
  }
  const json_t *requires = json_object_get(document, "requires");
  anima_status status = ANIMA_OK;
  for (size_t i = 0; json_is_array(requires) && i < json_array_size(requires);
       i++) {
    const char *feature = json_string_value(json_array_get(requires, i));
    if (!feature || anima_registry_has_feature(runtime->registry, feature)) {
      continue;
    }
    anima_text pointer = {0};
    anima_text_appendf(&pointer, "/requires/%zu", i);
    anima_status loaded = load_feature(
        runtime, feature, anima_text_string(&pointer), diagnostics);
    anima_text_free(&pointer);
    if (loaded == ANIMA_ERROR_NO_MEMORY) {
      status = loaded;
      break;
    }
    if (loaded != ANIMA_OK) {
      status = ANIMA_ERROR_MODULE;
    }
  }
  json_decref(document);
  return status;
}

/* The first file of each module name met by a load-all walk: later files
 * of that name are shadowed (search order, docs/MODULES.md "Loading"). */
typedef struct seen_names {
  char **names, **paths;
  size_t name_count, path_count;
} seen_names;

static const char *seen_path(const seen_names *seen, const char *name) {
  for (size_t i = 0; i < seen->name_count && i < seen->path_count; i++) {
    if (strcmp(seen->names[i], name) == 0) {
      return seen->paths[i];
    }
  }
  return NULL;
}

/* Loads the module file `path` (module `name`) unless an earlier file of
 * that name was met or the module is loaded from elsewhere, which makes
 * it a shadowed copy: recorded, not loaded. */
static anima_status load_found(anima_runtime *runtime, seen_names *seen,
                               const char *path, const char *name,
                               anima_diagnostics *diagnostics) {
  long loaded = anima_module_find_loaded(runtime, name);
  const anima_module_handle *twin =
      loaded >= 0 ? &runtime->modules[loaded] : NULL;
  if (twin && twin->path && strcmp(twin->path, path) == 0) {
    return ANIMA_OK; /* this very file is loaded (a dependency) */
  }
  const char *first = seen_path(seen, name);
  if (first && strcmp(first, path) == 0) {
    return ANIMA_OK; /* a directory listed twice on the search path */
  }
  if (twin || first) {
    anima_module_record *record =
        anima_module_record_for(runtime, path, NULL, name);
    if (record && !record->report.loaded) {
      anima_text why = {0};
      if (first) {
        anima_text_appendf(&why,
                           "not loaded: module %s was found first at %s, "
                           "earlier on the search path",
                           name, first);
      } else {
        anima_text_appendf(&why,
                           "not loaded: module %s is already loaded from %s",
                           name, twin->path ? twin->path : "the program");
      }
      anima_module_record_shadowed(record, anima_text_string(&why));
      anima_text_free(&why);
    }
    return ANIMA_OK;
  }
  for (size_t i = 0; i < runtime->record_count; i++) {
    const anima_module_report *report = &runtime->records[i]->report;
    if (report->path && strcmp(report->path, path) == 0 && !report->loaded) {
      /* Refused already (as another module's dependency): its report
       * says why; not tried and reported twice. */
      return ANIMA_ERROR_MODULE;
    }
  }
  if (!push_copy(&seen->names, &seen->name_count, name, strlen(name)) ||
      !push_copy(&seen->paths, &seen->path_count, path, strlen(path))) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  return anima_runtime_load_module_file(runtime, path, diagnostics);
}

/* Loads every module of one directory. */
static anima_status load_directory(anima_runtime *runtime, seen_names *seen,
                                   const char *directory,
                                   anima_diagnostics *diagnostics) {
  bool out_of_memory = false;
  size_t count = 0;
  char **names = list_directory(directory, &count, &out_of_memory);
  anima_status status = out_of_memory ? ANIMA_ERROR_NO_MEMORY : ANIMA_OK;
  char name[ANIMA_MODULE_NAME_LENGTH + 1];
  for (size_t i = 0; status != ANIMA_ERROR_NO_MEMORY && i < count; i++) {
    anima_text path = {0};
    anima_text_appendf(&path, "%s/%s", directory, names[i]);
    anima_module_name_from_path(names[i], name);
    anima_status loaded =
        path.failed ? ANIMA_ERROR_NO_MEMORY
                    : load_found(runtime, seen, anima_text_string(&path), name,
                                 diagnostics);
    if (loaded == ANIMA_ERROR_NO_MEMORY) {
      status = loaded;
    } else if (loaded != ANIMA_OK) {
      status = ANIMA_ERROR_MODULE;
    }
    anima_text_free(&path);
  }
  free_names(names, count);
  return status;
}

anima_status anima_runtime_load_all_modules(anima_runtime *runtime,
                                            anima_diagnostics *diagnostics) {
  if (!runtime) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (!anima_module_refresh_search_path(runtime)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  /* Loading may refresh the search path (dependencies): walk a copy. */
  char **directories = NULL;
  size_t count = 0;
  anima_status status = ANIMA_OK;
  for (size_t i = 0; i < runtime->search_path_count; i++) {
    if (!push_copy(&directories, &count, runtime->search_path[i],
                   strlen(runtime->search_path[i]))) {
      status = ANIMA_ERROR_NO_MEMORY;
    }
  }
  seen_names seen = {0};
  for (size_t i = 0; status != ANIMA_ERROR_NO_MEMORY && i < count; i++) {
    anima_status loaded =
        load_directory(runtime, &seen, directories[i], diagnostics);
    if (loaded == ANIMA_ERROR_NO_MEMORY || status == ANIMA_OK) {
      status = loaded;
    }
  }
  free_names(directories, count);
  free_names(seen.names, seen.name_count);
  free_names(seen.paths, seen.path_count);
  return status;
}
