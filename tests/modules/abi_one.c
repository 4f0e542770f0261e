/*
 * abi_one.c — what a module built for module ABI 1 exports: the entry
 * function `anima_module_entry` and no name-derived descriptor. The loader
 * refuses it saying so (tests/test_modules.c).
 */
#if defined(__GNUC__)
__attribute__((visibility("default")))
#endif
const void *
anima_module_entry(void);

const void *anima_module_entry(void) {
  return 0;
}
