/* runtime_internal.h — the runtime struct (kernel-private). */
#ifndef ANIMA_KERNEL_RUNTIME_INTERNAL_H
#define ANIMA_KERNEL_RUNTIME_INTERNAL_H

#include <anima/module.h>

/** A module that was loaded and initialised (docs/MODULES.md). */
typedef struct anima_module_handle {
  void *library; /**< dlopen handle; NULL for a statically linked module */
  char *path;    /**< file path, or NULL for a static module */
  const anima_module_info *info;
  size_t rank; /**< load order, 1-based (0 is the kernel) */
} anima_module_handle;

struct anima_runtime {
  anima_registry *registry;
  anima_module_handle *modules;
  size_t module_count, module_capacity;
  unsigned loading_depth; /* guards dependency cycles */
};

/** Closes every module library (after the registry is gone). */
void anima_module_handles_close(anima_runtime *runtime);

#endif
