/*
 * module_loader.c — finding, opening, checking and initialising feature
 * modules (module.h, docs/MODULES.md). A module file is named
 * anima-<name>.so and exports `anima_module_<name>_info` ('-' spelt '_');
 * it is searched in ANIMA_MODULE_PATH (colon-separated), the build tree,
 * then the install directory. Registration is transactional: a module whose
 * `init` fails leaves nothing registered and is unloaded.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "host_internal.h"
#include "registry_internal.h"
#include "runtime_internal.h"
#include "text.h"

#ifndef ANIMA_BUILD_MODULE_DIR
#define ANIMA_BUILD_MODULE_DIR ""
#endif
#ifndef ANIMA_INSTALL_MODULE_DIR
#define ANIMA_INSTALL_MODULE_DIR "/usr/local/lib/anima/modules"
#endif

enum { MAXIMUM_DEPENDENCY_DEPTH = 16, MAXIMUM_NAME_LENGTH = 64 };

/* The smallest descriptor an ABI 2 module can have: up to `init`. */
#define MINIMUM_INFO_SIZE                                                      \
  (offsetof(anima_module_info, init) + sizeof(((anima_module_info *)0)->init))

static anima_status module_error(anima_diagnostics *diagnostics,
                                 const char *hint, const char *format, ...)
    ANIMA_PRINTF(3, 4);
static anima_status module_error(anima_diagnostics *diagnostics,
                                 const char *hint, const char *format, ...) {
  if (diagnostics) {
    anima_text message = {0};
    va_list list;
    va_start(list, format);
    anima_text_vappendf(&message, format, list);
    va_end(list);
    anima_diagnostics_add(diagnostics, "module-load", ANIMA_SEVERITY_ERROR, "",
                          hint, "%s", anima_text_string(&message));
    anima_text_free(&message);
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

/* Feature and module names: lowercase words joined by '-'. */
static bool valid_name(const char *name) {
  if (!name || !*name || strlen(name) > MAXIMUM_NAME_LENGTH) {
    return false;
  }
  for (const char *c = name; *c; c++) {
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
  if (!valid_name(feature)) {
    return module_error(diagnostics, NULL, "\"%s\" is not a feature name",
                        feature);
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

/* Checks every descriptor field before anything is registered. `where`
 * names the module in messages (its path, or its name when static). */
static anima_status check_info(const anima_registry *registry,
                               const anima_module_info *info,
                               const char *expected_name, const char *where,
                               anima_diagnostics *diagnostics) {
  if (!info) {
    return module_error(diagnostics, NULL, "module %s has no descriptor",
                        where);
  }
  if (info->abi_major != ANIMA_MODULE_ABI_MAJOR ||
      info->abi_minor > ANIMA_MODULE_ABI_MINOR) {
    return module_error(
        diagnostics,
        info->abi_major < ANIMA_MODULE_ABI_MAJOR
            ? "port the module to the current module ABI (docs/MODULES.md) "
              "and rebuild it"
            : "rebuild the module against this version of module.h",
        "module %s was built for module ABI %u.%u; this runtime provides "
        "%u.%u",
        where, info->abi_major, info->abi_minor, ANIMA_MODULE_ABI_MAJOR,
        ANIMA_MODULE_ABI_MINOR);
  }
  if (info->struct_size < MINIMUM_INFO_SIZE || !info->name || !info->init ||
      !info->features || !info->features[0]) {
    return module_error(diagnostics, NULL,
                        "module %s has an incomplete descriptor (struct_size, "
                        "name, features and init are required)",
                        where);
  }
  if (!valid_name(info->name)) {
    return module_error(diagnostics, NULL,
                        "module %s has an invalid name \"%s\"", where,
                        info->name);
  }
  if (expected_name && strcmp(info->name, expected_name) != 0) {
    return module_error(diagnostics,
                        "a module file is named anima-<name>.so after the "
                        "name in its descriptor",
                        "module %s calls itself \"%s\"", where, info->name);
  }
  for (const char *const *feature = info->features; *feature; feature++) {
    if (!valid_name(*feature)) {
      return module_error(diagnostics, NULL,
                          "module %s declares an invalid feature name \"%s\"",
                          where, *feature);
    }
    for (const char *const *earlier = info->features; earlier != feature;
         earlier++) {
      if (strcmp(*earlier, *feature) == 0) {
        return module_error(diagnostics, NULL,
                            "module %s lists feature \"%s\" twice", where,
                            *feature);
      }
    }
    if (anima_registry_has_feature(registry, *feature)) {
      return module_error(diagnostics, NULL,
                          "module %s provides feature \"%s\", which is "
                          "already provided",
                          where, *feature);
    }
  }
  return ANIMA_OK;
}

static anima_status load_dependencies(anima_runtime *runtime,
                                      const anima_module_info *info,
                                      const char *where,
                                      anima_diagnostics *diagnostics) {
  for (const char *const *dependency = info->depends; dependency && *dependency;
       dependency++) {
    if (anima_registry_has_feature(runtime->registry, *dependency)) {
      continue;
    }
    if (runtime->loading_depth >= MAXIMUM_DEPENDENCY_DEPTH) {
      return module_error(diagnostics, NULL,
                          "module %s: dependencies nest too deeply at \"%s\" "
                          "(a cycle?)",
                          where, *dependency);
    }
    runtime->loading_depth++;
    anima_diagnostics *inner = anima_diagnostics_create();
    anima_status status =
        anima_runtime_load_module(runtime, *dependency, inner);
    runtime->loading_depth--;
    if (status != ANIMA_OK) {
      /* Keep the dependency's own reason (docs/MODULES.md D9). */
      const anima_diagnostic *cause =
          inner && anima_diagnostics_count(inner) > 0
              ? anima_diagnostics_get(inner, 0)
              : NULL;
      status = module_error(
          diagnostics,
          cause && cause->hint
              ? cause->hint
              : "install or build the module providing it, or add its "
                "directory to ANIMA_MODULE_PATH",
          "module %s needs feature \"%s\", which could not be loaded: %s",
          where, *dependency, cause ? cause->message : "no reason given");
      anima_diagnostics_destroy(inner);
      return status;
    }
    anima_diagnostics_destroy(inner);
  }
  return ANIMA_OK;
}

/* Registers a checked module: features, then `init`, all or nothing. */
static anima_status initialise(anima_runtime *runtime,
                               const anima_module_info *info, void *library,
                               const char *path, const char *where,
                               anima_diagnostics *diagnostics) {
  anima_registry *registry = runtime->registry;
  if (anima_registry_frozen(registry)) {
    return module_error(diagnostics,
                        "load modules before loading documents from the "
                        "runtime",
                        "module %s cannot be added: the runtime has already "
                        "loaded a model",
                        where);
  }
  anima_module_handle *grown = realloc(
      runtime->modules, (runtime->module_count + 1) * sizeof *runtime->modules);
  if (!grown) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  runtime->modules = grown;
  anima_registry_mark mark = anima_registry_get_mark(registry);
  anima_registrar registrar = {
      .registry = registry,
      .module = info->name,
      .module_rank = runtime->module_count + 1,
      .feature = info->features[0],
      .failure = ANIMA_OK,
  };
  anima_status status = ANIMA_OK;
  for (const char *const *feature = info->features;
       status == ANIMA_OK && *feature; feature++) {
    status = anima_registry_add_feature(registry, *feature);
  }
  if (status == ANIMA_OK) {
    anima_registry_set_registering_feature(registry, info->features[0]);
    status = info->init(anima_host_table(), &registrar);
    anima_registry_set_registering_feature(registry, NULL);
  }
  if (status != ANIMA_OK) {
    anima_registry_rollback(registry, &mark);
    module_error(diagnostics, NULL,
                 "module %s failed to initialise (%s)%s%s; nothing of it was "
                 "registered",
                 where, anima_status_name(status), registrar.reason ? ": " : "",
                 registrar.reason ? registrar.reason : "");
    free(registrar.reason);
    return ANIMA_ERROR_MODULE;
  }
  free(registrar.reason);
  anima_module_handle *handle = &runtime->modules[runtime->module_count++];
  handle->library = library;
  handle->path = path ? anima_strdup(path) : NULL;
  handle->info = info;
  handle->rank = runtime->module_count;
  return ANIMA_OK;
}

/* The module name of a file path: anima-<name>.so, else NULL. `out` holds
 * MAXIMUM_NAME_LENGTH + 1 bytes. */
static bool name_from_path(const char *path, char *out) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t length = strlen(base);
  if (length <= 9 || strncmp(base, "anima-", 6) != 0 ||
      strcmp(base + length - 3, ".so") != 0 ||
      length - 9 > MAXIMUM_NAME_LENGTH) {
    return false;
  }
  memcpy(out, base + 6, length - 9);
  out[length - 9] = '\0';
  return true;
}

anima_status anima_runtime_load_module_file(anima_runtime *runtime,
                                            const char *path,
                                            anima_diagnostics *diagnostics) {
  if (!runtime || !path) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  for (size_t i = 0; i < runtime->module_count; i++) {
    if (runtime->modules[i].path &&
        strcmp(runtime->modules[i].path, path) == 0) {
      return ANIMA_OK;
    }
  }
  char name[MAXIMUM_NAME_LENGTH + 1];
  if (!name_from_path(path, name)) {
    return module_error(diagnostics,
                        "name the file anima-<name>.so after its module",
                        "%s is not a module file name (anima-<name>.so)", path);
  }
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *reason = dlerror();
    return module_error(diagnostics, NULL, "cannot open module %s: %s", path,
                        reason ? reason : "unknown error");
  }
  char symbol[MAXIMUM_NAME_LENGTH + 32];
  snprintf(symbol, sizeof symbol, "anima_module_%s_info", name);
  for (char *c = symbol; *c; c++) {
    if (*c == '-') {
      *c = '_';
    }
  }
  const anima_module_info *info = dlsym(library, symbol);
  if (!info) {
    bool old = dlsym(library, "anima_module_entry") != NULL;
    dlclose(library);
    return module_error(
        diagnostics,
        old ? "port the module to module ABI 2 (docs/MODULES.md, \"Porting "
              "from ABI 1\") and rebuild it"
            : "define the descriptor with ANIMA_MODULE_DEFINE (module.h)",
        old ? "module %s was built for module ABI 1, which this runtime no "
              "longer loads (it has no symbol %s)"
            : "module %s does not export the symbol %s",
        path, symbol);
  }
  anima_status status =
      check_info(runtime->registry, info, name, path, diagnostics);
  if (status == ANIMA_OK) {
    status = load_dependencies(runtime, info, path, diagnostics);
  }
  if (status == ANIMA_OK) {
    status = initialise(runtime, info, library, path, path, diagnostics);
  }
  if (status != ANIMA_OK) {
    dlclose(library);
  }
  return status;
}

anima_status anima_runtime_add_static_module(anima_runtime *runtime,
                                             const anima_module_info *info,
                                             anima_diagnostics *diagnostics) {
  if (!runtime || !info) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  for (size_t i = 0; i < runtime->module_count; i++) {
    if (runtime->modules[i].info == info) {
      return ANIMA_OK;
    }
  }
  const char *where =
      info->name && valid_name(info->name) ? info->name : "(unnamed)";
  anima_status status =
      check_info(runtime->registry, info, NULL, where, diagnostics);
  if (status == ANIMA_OK) {
    status = load_dependencies(runtime, info, where, diagnostics);
  }
  if (status == ANIMA_OK) {
    status = initialise(runtime, info, NULL, NULL, where, diagnostics);
  }
  return status;
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
  char **names = NULL;
  size_t count = 0, capacity = 0;
  struct dirent *entry;
  char name[MAXIMUM_NAME_LENGTH + 1];
  while ((entry = readdir(listing))) {
    if (!name_from_path(entry->d_name, name)) {
      continue;
    }
    if (count == capacity) {
      size_t grown_capacity = capacity ? capacity * 2 : 32;
      char **grown = realloc(names, grown_capacity * sizeof *names);
      if (!grown) {
        load->status = ANIMA_ERROR_NO_MEMORY;
        break;
      }
      names = grown;
      capacity = grown_capacity;
    }
    names[count] = anima_strdup(entry->d_name);
    if (names[count]) {
      count++;
    }
  }
  closedir(listing);
  if (count > 0) {
    qsort(names, count, sizeof names[0], compare_names);
  }
  for (size_t i = 0; i < count; i++) {
    if (name_from_path(names[i], name) &&
        !anima_registry_has_feature(load->runtime->registry, name)) {
      anima_text path = {0};
      anima_text_appendf(&path, "%s/%s", directory, names[i]);
      if (anima_runtime_load_module_file(load->runtime,
                                         anima_text_string(&path),
                                         load->diagnostics) != ANIMA_OK) {
        load->status = ANIMA_ERROR_MODULE;
      }
      anima_text_free(&path);
    }
    free(names[i]);
  }
  free(names);
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
