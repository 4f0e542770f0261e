/* bench_allocation.c — the counting allocator of `anima bench` (bench.h). */
#include "bench.h"

#include <stdint.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define BENCH_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define BENCH_SANITIZED 1
#endif

#if defined(__GLIBC__) && !defined(BENCH_SANITIZED) && defined(__GNUC__)
#define BENCH_COUNTS 1
#endif

/* What the wrappers count; changed only through the functions below and
 * the wrappers themselves. The CLI is single-threaded. */
static struct {
  bool counting;
  bench_allocations counts;
} bench_counter;

bool bench_allocation_available(void) {
#ifdef BENCH_COUNTS
  return true;
#else
  return false;
#endif
}

void bench_allocation_resume(void) {
  bench_counter.counting = true;
}

void bench_allocation_pause(void) {
  bench_counter.counting = false;
}

bench_allocations bench_allocation_take(void) {
  bench_allocations counts = bench_counter.counts;
  bench_counter.counts = (bench_allocations){0};
  return counts;
}

#ifdef BENCH_COUNTS

/* glibc's allocator under its own exported names. */
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);

static void count(size_t bytes) {
  if (bench_counter.counting) {
    bench_counter.counts.calls++;
    bench_counter.counts.bytes += bytes;
  }
}

/* Exported with default visibility so that libanima and every other
 * library resolve their allocations here. */
#define BENCH_EXPORT __attribute__((visibility("default")))

BENCH_EXPORT void *malloc(size_t size) {
  count(size);
  return __libc_malloc(size);
}

BENCH_EXPORT void *calloc(size_t count_of, size_t size) {
  count(size != 0 && count_of > SIZE_MAX / size ? SIZE_MAX : count_of * size);
  return __libc_calloc(count_of, size);
}

BENCH_EXPORT void *realloc(void *pointer, size_t size) {
  count(size);
  return __libc_realloc(pointer, size);
}

BENCH_EXPORT void free(void *pointer) {
  __libc_free(pointer);
}

#endif
