#!/bin/sh
# Writes the Duktape configuration OpenBone's scripts (§11) build Debian's
# Duktape with: the duk_config.h that duktape-dev ships (argument 1) with the
# interrupt counter switched on and the execution-timeout check calling
# ob_script_interrupted (openbone/script.c), which bounds every call. Debian's
# libduktape.so is built without that hook, so openbone/meson.build compiles
# duktape-dev's own duktape.c with this header instead (and
# scripts/fuzz-smoke.sh does the same). Output on stdout.
set -eu
sed -e 's|^#undef DUK_USE_INTERRUPT_COUNTER$|#define DUK_USE_INTERRUPT_COUNTER|' \
    -e 's|^#undef DUK_USE_EXEC_TIMEOUT_CHECK$|#define DUK_USE_EXEC_TIMEOUT_CHECK(udata) ob_script_interrupted(udata)|' \
    -e 's|^#endif  */\* DUK_CONFIG_H_INCLUDED \*/$|duk_bool_t ob_script_interrupted(void *udata);\n&|' "$1"
