/*
 * node_behaviours.h — the kernel's own node behaviours (group, path,
 * circle, rect, arc; node_behaviours.c) and the kernel-private flag they
 * use. Kernel-private.
 */
#ifndef ANIMA_KERNEL_NODE_BEHAVIOURS_H
#define ANIMA_KERNEL_NODE_BEHAVIOURS_H

#include <anima/module.h>

#include "registry_internal.h"

/** Kernel-private behaviour flag: the per-model data is the node's outline
 * (a const anima_path *) and never changes with values, so drawing and hit
 * testing use it directly instead of rebuilding it (path nodes). */
#define ANIMA_BEHAVIOUR_FIXED_OUTLINE (1u << 31)

/** Registers the core node types' behaviours (feature NULL, module
 * "anima"). */
anima_status anima_core_register_behaviours(anima_registry *registry);

#endif
