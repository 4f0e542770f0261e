#!/bin/sh
# Writes the Duktape configuration OpenBone's scripts (§11) build Debian's
# Duktape with: the duk_config.h that duktape-dev ships (argument 1) with the
# interrupt counter switched on and the execution-timeout check calling
# ob_script_interrupted (openbone/script.c), which bounds every call, and the
# native stack check calling ob_script_stack_low (script.c), which keeps
# Duktape's C recursion (calls through native functions, JSON, the compiler,
# regular expressions) inside the calling thread's stack. Debian's
# libduktape.so is built without that hook, so openbone/meson.build compiles
# duktape-dev's own duktape.c with this header instead (and
# scripts/fuzz-smoke.sh does the same). Output on stdout.
set -eu
sed -e 's|^#undef DUK_USE_INTERRUPT_COUNTER$|#define DUK_USE_INTERRUPT_COUNTER|' \
    -e 's|^#undef DUK_USE_EXEC_TIMEOUT_CHECK$|#define DUK_USE_EXEC_TIMEOUT_CHECK(udata) ob_script_interrupted(udata)|' \
    -e 's|^#undef DUK_USE_NATIVE_STACK_CHECK$|#define DUK_USE_NATIVE_STACK_CHECK() ob_script_stack_low()|' \
    -e 's|^#endif  */\* DUK_CONFIG_H_INCLUDED \*/$|duk_bool_t ob_script_interrupted(void *udata);\nint ob_script_stack_low(void);\n&|' "$1"
