/*
 * bench.h — allocation counting for `anima bench` (cmd_bench.c).
 *
 * bench_allocation.c replaces malloc, calloc, realloc and free in the
 * `anima` executable with wrappers around glibc's own allocator that count
 * calls and requested bytes while counting is switched on, so the bench
 * can show that the step loop and draw-frame building allocate nothing
 * (docs/STYLE.md). The counter is the one piece of process-wide mutable
 * state in the tool; interposing the allocator needs it. It is off outside
 * the measured calls. Builds without glibc or with AddressSanitizer or
 * ThreadSanitizer (which bring their own allocator) have no counter:
 * bench_allocation_available() is false there and the bench reports the
 * counts as unknown.
 */
#ifndef ANIMA_TOOLS_BENCH_H
#define ANIMA_TOOLS_BENCH_H

#include <stdbool.h>
#include <stddef.h>

/** Calls to malloc, calloc and realloc, and the bytes they asked for. */
typedef struct bench_allocations {
  size_t calls;
  size_t bytes;
} bench_allocations;

/** True when this build counts allocations. */
bool bench_allocation_available(void);

/** Switches counting on; counts add to what was counted before. */
void bench_allocation_resume(void);

/** Switches counting off. */
void bench_allocation_pause(void);

/** Returns the counts so far and sets them to zero. */
bench_allocations bench_allocation_take(void);

#endif
