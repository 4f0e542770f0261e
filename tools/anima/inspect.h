/*
 * inspect.h — the parts of `anima inspect` (cmd_inspect.c): the report of a
 * valid document as one JSON value (inspect_report.c) and its text form
 * (inspect_text.c). The report is read from the validated document JSON and
 * the registry, except the root a11y and the lint, which come from the
 * compiled model through the public API (inspect_model.c).
 */
#ifndef ANIMA_TOOLS_INSPECT_H
#define ANIMA_TOOLS_INSPECT_H

#include <jansson.h>
#include <stdio.h>

#include <anima/anima.h>
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

/**
 * The root a11y of `model` (SPEC §10) as {"role": "button" | "switch" |
 * "img" | null, "label", "activate", "pressed", "held"}: strings, or null
 * when the document does not give them.
 */
json_t *inspect_a11y(const anima_model *model);

/**
 * The lints of `model` (advice, not diagnostics):
 *   {"outsideViewBox": [{"node", "first": {layer, state, timeline, time},
 *                        "poses", "extent": [x0, y0, x1, y1],
 *                        "past": {"left"?, "top"?, "right"?, "bottom"?}}],
 *    "posesChecked", "posesTotal"}
 * from anima_model_lint_view_box (extent.h): every shown node whose extent
 * leaves the viewBox, the first pose it does so in (layer and state null
 * at rest; timeline and time only for a play state's key) and how many
 * poses, its extent over those poses and how far it passes each edge, in
 * grid units rounded to 1e-4. NULL when out of memory.
 */
json_t *inspect_view_box_lint(const anima_model *model);

/** Prints a report for a person to read. */
void inspect_print_text(FILE *out, const json_t *report);

#endif
