/*
 * test_allocations.h — counting the allocations a stretch of code makes
 * (a step must make none, SPEC §7 and docs/STYLE.md). Include it in one
 * test file only: in a plain build it interposes the C library's malloc
 * family (libanima's calls resolve to it too); under AddressSanitizer,
 * which owns malloc, the sanitizer's allocation hook counts instead.
 *
 *   allocations_install();
 *   allocations_begin(); ... ; long made = allocations_end();
 */
#ifndef ANIMA_TEST_ALLOCATIONS_H
#define ANIMA_TEST_ALLOCATIONS_H

#include <stdbool.h>
#include <stdlib.h>

static _Thread_local bool counting;
static _Thread_local long allocations;

#if defined(__SANITIZE_ADDRESS__)
#define ANIMA_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ANIMA_TEST_SANITIZED 1
#endif
#endif

#ifdef ANIMA_TEST_SANITIZED
int __sanitizer_install_malloc_and_free_hooks(
    void (*malloc_hook)(const volatile void *, size_t),
    void (*free_hook)(const volatile void *));

static void count_allocation(const volatile void *pointer, size_t size) {
  (void)pointer, (void)size;
  if (counting) {
    allocations++;
  }
}

static void ignore_free(const volatile void *pointer) {
  (void)pointer;
}

static inline void allocations_install(void) {
  /* Both hooks are required, or the sanitizer installs neither. */
  __sanitizer_install_malloc_and_free_hooks(count_allocation, ignore_free);
}
#else
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

void *malloc(size_t size) {
  if (counting) {
    allocations++;
  }
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  if (counting) {
    allocations++;
  }
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  if (counting) {
    allocations++;
  }
  return __libc_realloc(pointer, size);
}

static inline void allocations_install(void) {}
#endif

static inline void allocations_begin(void) {
  allocations = 0;
  counting = true;
}

static inline long allocations_end(void) {
  counting = false;
  return allocations;
}

/** True when the counter counts (a probe allocation through a volatile
 * pointer, so the compiler cannot move it out of the counted region). */
static inline bool allocations_work(void) {
  void *(*volatile allocate)(size_t) = malloc;
  allocations_begin();
  void *probe = allocate(16);
  long made = allocations_end();
  free(probe);
  return made >= 1;
}

#endif
