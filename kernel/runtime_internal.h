/* runtime_internal.h — the runtime struct (kernel-private). */
#ifndef ANIMA_KERNEL_RUNTIME_INTERNAL_H
#define ANIMA_KERNEL_RUNTIME_INTERNAL_H

#include <anima/module.h>

/** Most modules loading at once, each waiting for its dependencies. */
enum { ANIMA_MODULE_MAXIMUM_DEPTH = 16 };

/** A module that was loaded and initialised (docs/MODULES.md). */
typedef struct anima_module_handle {
  void *library; /**< dlopen handle; NULL for a statically linked module */
  char *path;    /**< file path, or NULL for a static module */
  const anima_module_info *info;
  size_t rank; /**< stage order, 1-based (0 is the kernel): module_order.c */
} anima_module_handle;

/** A module report (module.h) with the storage behind its strings. */
typedef struct anima_module_record {
  anima_module_report report;
  const anima_module_info *static_info; /**< the key of a static module */
  char **strings;                       /**< every owned string */
  size_t string_count;
  const char **lists[3]; /**< features, depends, after (owned arrays) */
} anima_module_record;

struct anima_runtime {
  anima_registry *registry;
  anima_module_handle *modules; /* loaded, in load order */
  size_t module_count;
  char **directories; /* added by the host, searched first */
  size_t directory_count;
  /* The search path of the latest search (module_search.c): owned copies. */
  char **search_path;
  size_t search_path_count;
  anima_module_record **records; /* every module seen (module_report.c) */
  size_t record_count;
  /* Names of the modules waiting for their dependencies, outermost first:
   * a name met again is a dependency cycle. */
  const char *loading[ANIMA_MODULE_MAXIMUM_DEPTH];
  unsigned loading_depth;
};

/** Closes every module library and frees the module bookkeeping (after the
 * registry is gone). */
void anima_module_handles_close(anima_runtime *runtime);

#endif
