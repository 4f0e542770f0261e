/*
 * loader.h — kernel-private stages of loading a document:
 * text -> JSON (json_document.c) -> validation (validate*.c) -> model
 * (compile*.c). anima_model_load (runtime.c) runs them in that order and
 * compiles only when validation found no error (SPEC §2 Strictness).
 */
#ifndef ANIMA_KERNEL_LOADER_H
#define ANIMA_KERNEL_LOADER_H

#include <jansson.h>

#include <anima/module.h>

/** SPEC §2 limits. */
enum {
  ANIMA_LIMIT_TEXT_BYTES = 1024 * 1024,
  ANIMA_LIMIT_NODE_DEPTH = 32,
  ANIMA_LIMIT_JSON_DEPTH = 96,
  ANIMA_LIMIT_NODES = 2048,
  ANIMA_LIMIT_KEYFRAMES = 20000,
  ANIMA_LIMIT_LAYERS = 64,
  ANIMA_LIMIT_STATES_PER_LAYER = 256,
};

/**
 * Parses `.ani` text into a jansson value (numbers as reals). Reports
 * json-syntax (with line and column in the message and the diagnostic
 * position), duplicate-key (pointer to the repeated member), and
 * limit-exceeded for text over 1 MiB or JSON nesting deeper than 96 levels.
 * Returns ANIMA_OK with a new reference in `*out` when the text parsed
 * (duplicate keys are reported but do not stop the parse: the last member
 * wins, so validation can still report every other error); the caller
 * json_decref()s it.
 */
anima_status anima_json_parse(const char *text, size_t length,
                              anima_diagnostics *diagnostics, json_t **out);

/**
 * Validates a parsed document against the registry and every rule of SPEC
 * §2-§10 (plus validate hooks of loaded modules), appending every error and
 * warning found to `diagnostics`.
 */
void anima_validate(const anima_registry *registry, const json_t *document,
                    anima_diagnostics *diagnostics);

/**
 * Compiles a document that validated without errors into an immutable model.
 * Errors only modules' compile callbacks can find (rig-cycle ...) are
 * appended to `diagnostics` (may be NULL). Returns ANIMA_ERROR_NO_MEMORY on
 * allocation failure, ANIMA_ERROR_INVALID_DOCUMENT when a compile error was
 * reported.
 */
anima_status anima_model_compile(const anima_runtime *runtime,
                                 const json_t *document,
                                 anima_diagnostics *diagnostics,
                                 anima_model **out);

#endif
