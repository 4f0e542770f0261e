/*
 * inspect.h — the parts of `anima inspect` (cmd_inspect.c): the report of a
 * valid document as one JSON value (inspect_report.c) and its text form
 * (inspect_text.c). The report is read from the validated document JSON and
 * the registry only, never from a compiled model, so it does not depend on
 * the player's internals.
 */
#ifndef ANIMA_TOOLS_INSPECT_H
#define ANIMA_TOOLS_INSPECT_H

#include <jansson.h>
#include <stdio.h>

#include <anima/module.h>

/**
 * The report of `document` (a parsed document that anima_document_validate
 * accepted), as
 *
 *   {"file", "document": {name, title, grid, viewBox},
 *    "inputs": [{name, type, default, min?, max?, buffer?}],
 *    "layers": [{name, initial, states: [{name, kind: "pose"|"play",
 *                timeline, speed, emit, pose, transitions: [{when, to,
 *                blend, ease, interruptible}]}]}],
 *    "timelines": [{name, duration, loop, reducedMotion,
 *                   tracks: [{address, keys}], events: [{time, name}]}],
 *    "listeners": [{on, target, hitPadding, actions: [{action, input |
 *                   event, value?}]}],
 *    "animated": [{address, node, type, valueType, animation, writers}],
 *    "features": {required, loaded}}
 *
 * Omitted keys are filled with their defaults: the registry's default JSON
 * where it has one (loop, reducedMotion, blend, ease, interruptible,
 * buffer, hitPadding), else SPEC §8's (bool inputs false, number inputs 0,
 * speed 1); values that do not apply are null. Animated addresses are the
 * JSON addresses (AniML aliases resolved through the registry) of every
 * track and pose key, sorted in code-point order, each with the timelines
 * ("timeline:<name>") and pose states ("pose:<layer>/<state>") that write
 * it. `file` is the path as given. NULL when out of memory.
 */
json_t *inspect_report(const anima_registry *registry, const json_t *document,
                       const char *file);

/** Prints a report for a person to read. */
void inspect_print_text(FILE *out, const json_t *report);

#endif
