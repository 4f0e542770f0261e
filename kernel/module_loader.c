/*
 * module_loader.c — opening, checking and initialising one feature module
 * (module.h, docs/MODULES.md "Loading"). A module file is named
 * anima-<name>.so and exports `anima_module_<name>_info` ('-' spelt '_');
 * a static module is the same descriptor linked into the program. Every
 * rule is checked before `init`; registration is transactional: a module
 * whose `init` fails, or that would close an ordering cycle, leaves nothing
 * registered and is unloaded. Finding files is module_search.c's job.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_internal.h"
#include "module_internal.h"
#include "registry_internal.h"

/* The smallest descriptor an ABI 2 module can have: up to `init`. */
#define MINIMUM_INFO_SIZE                                                      \
  (offsetof(anima_module_info, init) + sizeof(((anima_module_info *)0)->init))

anima_status anima_module_error(anima_diagnostics *diagnostics,
                                const char *pointer, const char *hint,
                                const char *format, ...) {
  if (diagnostics) {
    anima_text message = {0};
    va_list list;
    va_start(list, format);
    anima_text_vappendf(&message, format, list);
    va_end(list);
    anima_diagnostics_add(diagnostics, "module-load", ANIMA_SEVERITY_ERROR,
                          pointer ? pointer : "", hint, "%s",
                          anima_text_string(&message));
    anima_text_free(&message);
  }
  return ANIMA_ERROR_MODULE;
}

bool anima_module_valid_name(const char *name) {
  if (!name || !*name || strlen(name) > ANIMA_MODULE_NAME_LENGTH) {
    return false;
  }
  for (const char *c = name; *c; c++) {
    if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-')) {
      return false;
    }
  }
  return true;
}

bool anima_module_name_from_path(const char *path, char *out) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t length = strlen(base);
  if (length <= 9 || strncmp(base, "anima-", 6) != 0 ||
      strcmp(base + length - 3, ".so") != 0 ||
      length - 9 > ANIMA_MODULE_NAME_LENGTH) {
    return false;
  }
  memcpy(out, base + 6, length - 9);
  out[length - 9] = '\0';
  return true;
}

void anima_module_symbol(const char *name, char *out, size_t size) {
  snprintf(out, size, "anima_module_%s_info", name);
  for (char *c = out; *c; c++) {
    if (*c == '-') {
      *c = '_';
    }
  }
}

static bool lists(const char *const *list, const char *name) {
  for (; list && *list; list++) {
    if (strcmp(*list, name) == 0) {
      return true;
    }
  }
  return false;
}

long anima_module_provider(const anima_runtime *runtime, const char *feature) {
  for (size_t i = 0; feature && i < runtime->module_count; i++) {
    if (lists(runtime->modules[i].info->features, feature)) {
      return (long)i;
    }
  }
  return -1;
}

long anima_module_find_loaded(const anima_runtime *runtime, const char *name) {
  for (size_t i = 0; name && i < runtime->module_count; i++) {
    if (strcmp(runtime->modules[i].info->name, name) == 0) {
      return (long)i;
    }
  }
  return -1;
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
  for (size_t i = 0; i < runtime->directory_count; i++) {
    free(runtime->directories[i]);
  }
  free(runtime->directories);
  for (size_t i = 0; i < runtime->search_path_count; i++) {
    free(runtime->search_path[i]);
  }
  free(runtime->search_path);
  anima_module_records_free(runtime);
}

/* Checks a `depends` or `after` list: valid names, none of the module's
 * own features. */
static anima_status check_feature_list(const anima_module_info *info,
                                       const char *const *list,
                                       const char *member, const char *where,
                                       anima_diagnostics *diagnostics) {
  for (; list && *list; list++) {
    if (!anima_module_valid_name(*list)) {
      return anima_module_error(diagnostics, NULL, NULL,
                                "module %s names an invalid feature \"%s\" in "
                                "`%s`",
                                where, *list ? *list : "", member);
    }
    if (lists(info->features, *list)) {
      return anima_module_error(
          diagnostics, NULL,
          "remove it: a module's hooks already run in "
          "registration order",
          "module %s lists its own feature \"%s\" in `%s`", where, *list,
          member);
    }
  }
  return ANIMA_OK;
}

/* Checks every descriptor field before anything is registered. `where`
 * names the module in messages (its path, or its name when static). */
static anima_status check_info(const anima_runtime *runtime,
                               const anima_module_info *info,
                               const char *expected_name, const char *where,
                               anima_diagnostics *diagnostics) {
  if (info->abi_major != ANIMA_MODULE_ABI_MAJOR ||
      info->abi_minor > ANIMA_MODULE_ABI_MINOR) {
    return anima_module_error(
        diagnostics, NULL,
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
    return anima_module_error(
        diagnostics, NULL, "define the descriptor with ANIMA_MODULE_DEFINE",
        "module %s has an incomplete descriptor (struct_size, name, features "
        "and init are required)",
        where);
  }
  if (!anima_module_valid_name(info->name) ||
      strcmp(info->name, "anima") == 0) {
    return anima_module_error(diagnostics, NULL,
                              "a module name is lowercase letters, digits "
                              "and '-', and not \"anima\"",
                              "module %s has an invalid name \"%s\"", where,
                              info->name);
  }
  if (expected_name && strcmp(info->name, expected_name) != 0) {
    return anima_module_error(
        diagnostics, NULL,
        "a module file is named anima-<name>.so after the name in its "
        "descriptor",
        "module %s calls itself \"%s\"", where, info->name);
  }
  long twin = anima_module_find_loaded(runtime, info->name);
  if (twin >= 0) {
    const anima_module_handle *other = &runtime->modules[twin];
    return anima_module_error(
        diagnostics, NULL, "load one copy of a module",
        "module %s cannot be added: a module named \"%s\" is already loaded "
        "from %s",
        where, info->name, other->path ? other->path : "the program");
  }
  for (const char *const *feature = info->features; *feature; feature++) {
    if (!anima_module_valid_name(*feature)) {
      return anima_module_error(
          diagnostics, NULL, NULL,
          "module %s declares an invalid feature name \"%s\"", where, *feature);
    }
    for (const char *const *earlier = info->features; earlier != feature;
         earlier++) {
      if (strcmp(*earlier, *feature) == 0) {
        return anima_module_error(diagnostics, NULL, NULL,
                                  "module %s lists feature \"%s\" twice", where,
                                  *feature);
      }
    }
    if (anima_registry_has_feature(runtime->registry, *feature)) {
      long owner = anima_module_provider(runtime, *feature);
      return anima_module_error(
          diagnostics, NULL,
          "a feature is provided by one module; unload the other or rename "
          "the feature",
          "module %s provides feature \"%s\", which is already provided by "
          "%s",
          where, *feature,
          owner >= 0 ? runtime->modules[owner].info->name : "the core format");
    }
  }
  anima_status status =
      check_feature_list(info, info->depends, "depends", where, diagnostics);
  if (status == ANIMA_OK) {
    status = check_feature_list(info, info->after, "after", where, diagnostics);
  }
  return status;
}

/* A dependency cycle: `name` is already waiting for its dependencies. */
static anima_status check_not_loading(anima_runtime *runtime,
                                      const anima_module_info *info,
                                      const char *where,
                                      anima_diagnostics *diagnostics) {
  for (unsigned i = 0; i < runtime->loading_depth; i++) {
    if (strcmp(runtime->loading[i], info->name) != 0) {
      continue;
    }
    anima_text chain = {0};
    for (unsigned j = i; j < runtime->loading_depth; j++) {
      anima_text_appendf(&chain, "%s → ", runtime->loading[j]);
    }
    anima_text_append(&chain, info->name);
    const char *waiting = runtime->loading[runtime->loading_depth - 1];
    anima_status status = anima_module_error(
        diagnostics, NULL,
        "a module cannot depend on itself, directly or through others: "
        "remove one of the `depends`",
        "modules %s and %s depend on each other (%s)", info->name, waiting,
        anima_text_string(&chain));
    anima_text_free(&chain);
    return status;
  }
  if (runtime->loading_depth >= ANIMA_MODULE_MAXIMUM_DEPTH) {
    return anima_module_error(diagnostics, NULL, NULL,
                              "module %s: dependencies nest deeper than %d "
                              "modules",
                              where, ANIMA_MODULE_MAXIMUM_DEPTH);
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
    anima_diagnostics *inner = anima_diagnostics_create();
    if (!inner) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    anima_status status =
        anima_runtime_load_module(runtime, *dependency, inner);
    if (status != ANIMA_OK) {
      /* Keep the dependency's own reason (docs/MODULES.md, D9). */
      const anima_diagnostic *cause = anima_diagnostics_count(inner) > 0
                                          ? anima_diagnostics_get(inner, 0)
                                          : NULL;
      status = anima_module_error(
          diagnostics, NULL,
          cause && cause->hint
              ? cause->hint
              : "install or build the module providing it, or add its "
                "directory to ANIMA_MODULE_PATH",
          "module %s needs feature \"%s\", which could not be loaded: %s",
          where, *dependency,
          cause ? cause->message : anima_status_name(status));
    }
    anima_diagnostics_destroy(inner);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}

/* Registers a checked module: features, then `init`, all or nothing. */
static anima_status initialise(anima_runtime *runtime,
                               const anima_module_info *info, void *library,
                               const char *path, const char *where,
                               anima_diagnostics *diagnostics) {
  anima_registry *registry = runtime->registry;
  anima_module_handle *grown = realloc(
      runtime->modules, (runtime->module_count + 1) * sizeof *runtime->modules);
  if (!grown) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  runtime->modules = grown;
  char *path_copy = NULL;
  if (path && !(path_copy = anima_strdup(path))) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_registry_mark mark = anima_registry_get_mark(registry);
  anima_registrar registrar = {
      .registry = registry,
      .module = info->name,
      .module_rank = runtime->module_count + 1, /* until the order is set */
      .feature = info->features[0],
      .features = info->features,
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
  if (status == ANIMA_OK) {
    anima_module_handle *handle = &runtime->modules[runtime->module_count++];
    *handle = (anima_module_handle){
        .library = library, .path = path_copy, .info = info};
    status = anima_module_apply_order(runtime);
    if (status != ANIMA_OK) {
      runtime->module_count--;
    }
  }
  if (status != ANIMA_OK) {
    anima_registry_rollback(registry, &mark);
    free(path_copy);
    anima_module_error(diagnostics, NULL, NULL,
                       "module %s failed to initialise (%s)%s%s; nothing of "
                       "it was registered",
                       where, anima_status_name(status),
                       registrar.reason ? ": " : "",
                       registrar.reason ? registrar.reason : "");
    free(registrar.reason);
    anima_module_apply_order(runtime);
    return ANIMA_ERROR_MODULE;
  }
  free(registrar.reason);
  return ANIMA_OK;
}

/* Everything after the descriptor was found: checks, dependencies, order,
 * then `init`. */
static anima_status load_info(anima_runtime *runtime,
                              const anima_module_info *info, void *library,
                              const char *path, const char *expected_name,
                              const char *where,
                              anima_diagnostics *diagnostics) {
  if (anima_registry_frozen(runtime->registry)) {
    return anima_module_error(diagnostics, NULL,
                              "load modules before loading documents from "
                              "the runtime",
                              "module %s cannot be added: the runtime has "
                              "already loaded a model",
                              where);
  }
  anima_status status =
      check_info(runtime, info, expected_name, where, diagnostics);
  if (status == ANIMA_OK) {
    status = check_not_loading(runtime, info, where, diagnostics);
  }
  if (status == ANIMA_OK) {
    runtime->loading[runtime->loading_depth++] = info->name;
    status = load_dependencies(runtime, info, where, diagnostics);
    runtime->loading_depth--;
  }
  if (status == ANIMA_OK) {
    status = anima_module_check_order(runtime, info, where, diagnostics);
  }
  if (status == ANIMA_OK) {
    status = initialise(runtime, info, library, path, where, diagnostics);
  }
  return status;
}

/* Opens the file and loads its descriptor; the library stays open only
 * when the module loaded. */
static anima_status open_file(anima_runtime *runtime, const char *path,
                              const char *name, anima_module_record *record,
                              anima_diagnostics *diagnostics) {
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *reason = dlerror();
    return anima_module_error(diagnostics, NULL, NULL,
                              "cannot open module %s: %s", path,
                              reason ? reason : "unknown error");
  }
  char symbol[ANIMA_MODULE_NAME_LENGTH + 32];
  anima_module_symbol(name, symbol, sizeof symbol);
  const anima_module_info *info = dlsym(library, symbol);
  if (!info) {
    bool old = dlsym(library, "anima_module_entry") != NULL;
    dlclose(library);
    return anima_module_error(
        diagnostics, NULL,
        old ? "port the module to module ABI 2 (docs/MODULES.md, \"Write a "
              "module\") and rebuild it"
            : "define the descriptor with ANIMA_MODULE_DEFINE (module.h)",
        old ? "module %s was built for module ABI 1, which this runtime no "
              "longer loads (it has no symbol %s)"
            : "module %s does not export the symbol %s",
        path, symbol);
  }
  if (record) {
    anima_module_record_describe(record, info);
  }
  anima_status status =
      load_info(runtime, info, library, path, name, path, diagnostics);
  if (status != ANIMA_OK) {
    dlclose(library);
  }
  return status;
}

/* Runs `load` for one module, keeping its outcome in its record: the
 * first module-load message when it fails. */
static anima_status finish(anima_runtime *runtime, anima_module_record *record,
                           anima_status status, anima_diagnostics *found,
                           anima_diagnostics *diagnostics) {
  if (record && status == ANIMA_OK) {
    anima_module_record_loaded(record);
    anima_module_apply_order(runtime); /* the record's rank */
  } else if (record) {
    anima_module_record_failed(record,
                               anima_diagnostics_count(found) > 0
                                   ? anima_diagnostics_get(found, 0)->message
                                   : anima_status_name(status));
  }
  if (diagnostics) {
    anima_diagnostics_append(diagnostics, found);
  }
  anima_diagnostics_destroy(found);
  return status;
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
  anima_diagnostics *found = anima_diagnostics_create();
  if (!found) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  char name[ANIMA_MODULE_NAME_LENGTH + 1];
  if (!anima_module_name_from_path(path, name)) {
    /* Recorded as a module that failed (anima_runtime_module_report), named
     * after the file, so a listing shows it. */
    const char *slash = strrchr(path, '/');
    anima_module_record *record =
        anima_module_record_for(runtime, path, NULL, slash ? slash + 1 : path);
    anima_status status = anima_module_error(
        found, NULL, "name the file anima-<name>.so after its module",
        "%s is not a module file name (anima-<name>.so)", path);
    return finish(runtime, record, status, found, diagnostics);
  }
  anima_module_record *record =
      anima_module_record_for(runtime, path, NULL, name);
  anima_status status = open_file(runtime, path, name, record, found);
  return finish(runtime, record, status, found, diagnostics);
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
  bool readable = info->abi_major == ANIMA_MODULE_ABI_MAJOR &&
                  info->struct_size >= MINIMUM_INFO_SIZE;
  const char *where = readable && anima_module_valid_name(info->name)
                          ? info->name
                          : "(unnamed)";
  anima_diagnostics *found = anima_diagnostics_create();
  if (!found) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_module_record *record =
      anima_module_record_for(runtime, NULL, info, where);
  if (record) {
    anima_module_record_describe(record, info);
  }
  anima_status status =
      load_info(runtime, info, NULL, NULL, NULL, where, found);
  return finish(runtime, record, status, found, diagnostics);
}
