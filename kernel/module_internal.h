/*
 * module_internal.h — the module loader's parts (docs/MODULES.md
 * "Loading"): opening and initialising (module_loader.c), the search path
 * and finding providers (module_search.c), stage order (module_order.c)
 * and what `anima modules` lists (module_report.c). Kernel-private.
 */
#ifndef ANIMA_KERNEL_MODULE_INTERNAL_H
#define ANIMA_KERNEL_MODULE_INTERNAL_H

#include <stdbool.h>

#include "runtime_internal.h"
#include "text.h"

/** Longest module or feature name. */
enum { ANIMA_MODULE_NAME_LENGTH = 64 };

/** Appends a `module-load` error (pointer `pointer`, "" when NULL) to
 * `diagnostics` (may be NULL) and returns ANIMA_ERROR_MODULE. */
anima_status anima_module_error(anima_diagnostics *diagnostics,
                                const char *pointer, const char *hint,
                                const char *format, ...) ANIMA_PRINTF(4, 5);

/** Feature and module names: lowercase letters, digits and '-', at most
 * ANIMA_MODULE_NAME_LENGTH bytes. */
bool anima_module_valid_name(const char *name);

/** The module name of a file path `.../anima-<name>.so` into `out`
 * (ANIMA_MODULE_NAME_LENGTH + 1 bytes); false for any other file name. */
bool anima_module_name_from_path(const char *path, char *out);

/** The descriptor symbol of module `name`: anima_module_<name>_info with
 * '-' spelt '_' (`out` holds ANIMA_MODULE_NAME_LENGTH + 32 bytes). */
void anima_module_symbol(const char *name, char *out, size_t size);

/** The loaded module providing `feature`, or -1. */
long anima_module_provider(const anima_runtime *runtime, const char *feature);

/** The loaded module called `name`, or -1. */
long anima_module_find_loaded(const anima_runtime *runtime, const char *name);

/* ---- search (module_search.c) ------------------------------------------ */

/** Refreshes runtime->search_path (host directories, ANIMA_MODULE_PATH,
 * the install directory); false when out of memory. */
bool anima_module_refresh_search_path(anima_runtime *runtime);

/* ---- stage order (module_order.c) -------------------------------------- */

/**
 * Checks that `candidate` (about to be initialised, described by `where`)
 * can be ordered with the loaded modules: `depends` and `after` edges
 * form no cycle. A cycle is a `module-load` error naming the modules on
 * it (ANIMA_ERROR_MODULE).
 */
anima_status anima_module_check_order(const anima_runtime *runtime,
                                      const anima_module_info *candidate,
                                      const char *where,
                                      anima_diagnostics *diagnostics);

/** Computes every loaded module's rank and gives it to the registry's
 * behaviours (anima_behaviour.module_rank). */
anima_status anima_module_apply_order(anima_runtime *runtime);

/* ---- reports (module_report.c) ----------------------------------------- */

/** The record of the module file `path` or of static module `info`,
 * created (named `name`) when new; NULL when out of memory. */
anima_module_record *anima_module_record_for(anima_runtime *runtime,
                                             const char *path,
                                             const anima_module_info *info,
                                             const char *name);

/** Copies what the descriptor says (up to its struct_size) into the
 * record. */
void anima_module_record_describe(anima_module_record *record,
                                  const anima_module_info *info);

/** Marks the record loaded (rank 0 until the order is applied) or not
 * loaded because of `error` (copied; NULL keeps the message unknown). */
void anima_module_record_loaded(anima_module_record *record);
void anima_module_record_failed(anima_module_record *record, const char *error);
/** Marks the record not loaded because an earlier copy wins (`why`). */
void anima_module_record_shadowed(anima_module_record *record, const char *why);

/** Frees every record. */
void anima_module_records_free(anima_runtime *runtime);

#endif
