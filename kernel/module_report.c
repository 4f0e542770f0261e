/*
 * module_report.c — what a runtime knows about every module it saw,
 * loaded or refused (module.h anima_module_report; `anima modules`).
 * Strings are copied: a refused module's library is closed.
 */
#include <stdlib.h>
#include <string.h>

#include "module_internal.h"

static const char *const no_names[] = {NULL};

/* A copy owned by the record; NULL in, NULL out (and on OOM). */
static const char *keep(anima_module_record *record, const char *text) {
  if (!text) {
    return NULL;
  }
  char **grown = realloc(record->strings,
                         (record->string_count + 1) * sizeof *record->strings);
  if (!grown) {
    return NULL;
  }
  record->strings = grown;
  char *copy = anima_strdup(text);
  if (copy) {
    record->strings[record->string_count++] = copy;
  }
  return copy;
}

/* A copy of a NULL-terminated list (`slot` 0..2 of record->lists). */
static const char *const *keep_list(anima_module_record *record, size_t slot,
                                    const char *const *list) {
  size_t count = 0;
  while (list && list[count]) {
    count++;
  }
  free(record->lists[slot]);
  record->lists[slot] = calloc(count + 1, sizeof *record->lists[slot]);
  if (!record->lists[slot]) {
    return no_names;
  }
  size_t kept = 0;
  for (size_t i = 0; i < count; i++) {
    const char *copy = keep(record, list[i]);
    if (copy) {
      record->lists[slot][kept++] = copy;
    }
  }
  return record->lists[slot];
}

anima_module_record *anima_module_record_for(anima_runtime *runtime,
                                             const char *path,
                                             const anima_module_info *info,
                                             const char *name) {
  for (size_t i = 0; i < runtime->record_count; i++) {
    anima_module_record *record = runtime->records[i];
    if (path ? (record->report.path && strcmp(record->report.path, path) == 0)
             : record->static_info == info) {
      return record;
    }
  }
  anima_module_record **grown = realloc(
      runtime->records, (runtime->record_count + 1) * sizeof *runtime->records);
  if (!grown) {
    return NULL;
  }
  runtime->records = grown;
  anima_module_record *record = calloc(1, sizeof *record);
  if (!record) {
    return NULL;
  }
  record->static_info = path ? NULL : info;
  record->report.name = keep(record, name);
  record->report.path = keep(record, path);
  record->report.features = no_names;
  record->report.depends = no_names;
  record->report.after = no_names;
  if (!record->report.name) {
    record->report.name = "(unknown)"; /* out of memory: kept anyway */
  }
  runtime->records[runtime->record_count++] = record;
  return record;
}

/* Does a descriptor of `size` bytes hold member ending at `end`? */
#define HOLDS(info, member)                                                    \
  ((info)->struct_size >=                                                      \
   offsetof(anima_module_info, member) + sizeof((info)->member))

void anima_module_record_describe(anima_module_record *record,
                                  const anima_module_info *info) {
  /* struct_size, abi_major and abi_minor lead every descriptor of every
   * ABI; the rest is read only from an ABI 2 descriptor. */
  record->report.abi_major = info->abi_major;
  record->report.abi_minor = info->abi_minor;
  if (info->abi_major != ANIMA_MODULE_ABI_MAJOR) {
    return;
  }
  if (HOLDS(info, name) && info->name) {
    record->report.name = keep(record, info->name);
  }
  if (HOLDS(info, version)) {
    record->report.version = keep(record, info->version);
  }
  if (HOLDS(info, license)) {
    record->report.license = keep(record, info->license);
  }
  if (HOLDS(info, origin)) {
    record->report.origin = keep(record, info->origin);
  }
  if (HOLDS(info, description)) {
    record->report.description = keep(record, info->description);
  }
  if (HOLDS(info, features)) {
    record->report.features = keep_list(record, 0, info->features);
  }
  if (HOLDS(info, depends)) {
    record->report.depends = keep_list(record, 1, info->depends);
  }
  if (HOLDS(info, after)) {
    record->report.after = keep_list(record, 2, info->after);
  }
}

void anima_module_record_loaded(anima_module_record *record) {
  record->report.loaded = true;
  record->report.shadowed = false;
  record->report.error = NULL;
}

void anima_module_record_failed(anima_module_record *record,
                                const char *error) {
  record->report.loaded = false;
  record->report.shadowed = false;
  record->report.rank = 0;
  record->report.error = keep(record, error ? error : "not loaded");
}

void anima_module_record_shadowed(anima_module_record *record,
                                  const char *why) {
  anima_module_record_failed(record, why);
  record->report.shadowed = true;
}

void anima_module_records_free(anima_runtime *runtime) {
  for (size_t i = 0; i < runtime->record_count; i++) {
    anima_module_record *record = runtime->records[i];
    for (size_t s = 0; s < record->string_count; s++) {
      free(record->strings[s]);
    }
    free(record->strings);
    for (size_t l = 0; l < 3; l++) {
      free(record->lists[l]);
    }
    free(record);
  }
  free(runtime->records);
  runtime->records = NULL;
  runtime->record_count = 0;
}

size_t anima_runtime_module_count(const anima_runtime *runtime) {
  return runtime ? runtime->record_count : 0;
}

const anima_module_report *
anima_runtime_module_report(const anima_runtime *runtime, size_t index) {
  return runtime && index < runtime->record_count
             ? &runtime->records[index]->report
             : NULL;
}
