/*
 * bone_describe.h — the description `anima bone inspect` prints
 * (docs/openbone/CLI.md "anima bone inspect").
 */
#ifndef ANIMA_TOOL_BONE_DESCRIBE_H
#define ANIMA_TOOL_BONE_DESCRIBE_H

#include <jansson.h>
#include <stddef.h>

#include "anima/openbone.h"

/**
 * The description of `model`, loaded from `doc` (the same document, parsed
 * with jansson; both non-NULL): one new JSON object {bones, roots, slots,
 * skins, attachments, constraints, sliders, animations, events,
 * stateMachines, referenceScale, notImplemented} as docs/openbone/CLI.md
 * spells it. The caller owns it (json_decref).
 */
json_t *bone_describe(const anima_bone_model *model, const json_t *doc);

/** `value` as JSON text into `out` (NUL-terminated, cut to `size`), a real
 * in its shortest usual spelling (%.15g: 0.2, not 0.20000000000000001). */
const char *bone_describe_spell(const json_t *value, char *out, size_t size);

#endif /* ANIMA_TOOL_BONE_DESCRIBE_H */
