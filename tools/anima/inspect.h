/*
 * inspect.h — the parts of `anima inspect` (cmd_inspect.c): the report of a
 * valid document as one JSON value, read from its compiled model through
 * the public introspection API (inspect_report.c, include/anima/
 * introspect.h), the root a11y and the lint (inspect_model.c), and the
 * report's text form (inspect_text.c).
 */
#ifndef ANIMA_TOOLS_INSPECT_H
#define ANIMA_TOOLS_INSPECT_H

#include <jansson.h>
#include <stdio.h>

#include <anima/anima.h>
#include <anima/module.h>

/**
 * The report of `model`, as
 *
 *   {"file", "document": {name, title, grid, viewBox},
 *    "nodes": [{id, type, parent}],
 *    "inputs": [{name, type, default, min?, max?, buffer?}],
 *    "layers": [{name, initial, states: [{name, kind, timeline, speed,
 *                emit, pose, transitions: [{when, to, blend, ease,
 *                interruptible}]}]}],
 *    "timelines": [{name, duration, loop, reducedMotion,
 *                   tracks: [{address, keys}], events: [{time, name}]}],
 *    "listeners": [{on, target, hitPadding, actions: [{action, input |
 *                   event, value?}]}],
 *    "animated": [{address, node, type, valueType, animation, writers}],
 *    "features": {required, loaded}, "a11y": {...}, "lint": {...}}
 *
 * Nodes are in document pre-order with their registry type and parent id
 * (null at the top level). Defaults are filled in as the player uses them
 * (SPEC §5, §8, §9: loop once, reducedMotion end, blend 0, ease linear,
 * interruptible true, speed 1, buffer 0, hitPadding 0, bool inputs false,
 * number inputs 0); a state's kind is "pose" or "play"; values that do not
 * apply are null (a trigger's default, an omitted min or max, a pose
 * state's speed, a play state's pose). Addresses are the properties' JSON
 * addresses (AniML spellings resolved); pose values are written as the
 * document writes values (colours #rrggbb or #rrggbbaa); events are listed
 * by time. Animated addresses are those of every track and pose key,
 * sorted in code-point order, each with the timelines ("timeline:<name>")
 * and pose states ("pose:<layer>/<state>") that write it. `file` is the
 * path as given. NULL when out of memory.
 */
json_t *inspect_report(const anima_model *model, const char *file);

/** Adds each state's and transition's module fields, as the document
 * (`json`, `length` bytes of JSON) writes them, as `fields` objects to the
 * report's layers (inspect_fields.c). */
void inspect_add_module_fields(json_t *report, const char *json, size_t length);

/** Called by inspect_each_state for a reported state `item` (an object of
 * a layer's "states" in the report) and its object `state` in the
 * document. */
typedef void (*inspect_state_visit)(json_t *item, const json_t *state,
                                    void *user);

/**
 * Calls `visit` for every state the report lists (its "layers"[…]
 * "states"[…]) with the document's object of that state
 * (`machine.layers.<layer>.states.<state>`), skipping states the document
 * does not spell as an object. `document` may be NULL (nothing is called).
 */
void inspect_each_state(json_t *report, const json_t *document,
                        inspect_state_visit visit, void *user);

/** Adds the document's event definitions (events module) as
 *   "eventDefs": [{name, payload: [{name, type, source: "value" | "input" |
 *                  "address" | "expression", <source>}] | null, url,
 *                  target, audio, volume}]
 * ("expression": the text inside a number/bool/colour "{...}" value)
 * (target "_self" with a url, volume 1 with audio; null where a field does
 * not apply) and its "audioVolumes" object, each only when the document
 * has it (inspect_events.c). */
void inspect_add_event_definitions(json_t *report, const char *json,
                                   size_t length);

/* Adds "instances" when the document requires `motion` (inspect_motion.c):
 * for each timeline, the clock an explicit instance of it plays (SPEC
 * motion "Explicit runtime instances"; none exists before a host or script
 * makes one):
 *   "instances": [{timeline, work: [start, end], speed, quantize | null,
 *                  loop, events: [{time, name}]}]
 * (work defaults to [0, duration], speed to 1, loop to "once"; events:
 * those inside the work area, by time then authored order). */
void inspect_add_instances(json_t *report, const char *json, size_t length);

/**
 * Adds what the bind and machine chapters write, with its expression text
 * (inspect_expressions.c), read from the document's JSON text (`length`
 * bytes), each only where the document has it:
 *   - "bindings": [{address, expression}], the document's `bind` map in its
 *     order (the report's `bound` list holds the resolved addresses);
 *   - a listener `set` action whose value is an expression: "expression"
 *     (its text) instead of "value";
 *   - a transition's typed guard as "guard": "left op right" (operands: a
 *     number, true/false, or kind(text) for {artboard|component|focus:
 *     "text"}, e.g. "artboard(width) >= 20");
 *     its change guard as "change": "input mode";
 *   - a blend state (`mix`) as "blend": {mode, axis, exit, children: [{play,
 *     at, weight}]}: sources as text (a number, an input name,
 *     bind(expression)), `exit` the exit clock's timeline (the state's
 *     play), `at` null outside 1d, `weight` "1" when omitted and null where
 *     it does not apply (1d; an additive blend's first child).
 */
void inspect_add_expressions(json_t *report, const char *json, size_t length);

/**
 * Adds the rig of a document that has bones or constraints (inspect_rig.c;
 * SPEC `## rig`) as the report's `rig`:
 *
 *   {"bones": [{id, parent, start: "root" | "chained" | "nested root",
 *               length, grid, rest: {x, y, rotate, scaleX, scaleY},
 *               tip: [x, y]}],
 *    "solveOrder": [{node, list, index, kind, feature, targets: [ids],
 *                    writes: [ids], strength}]}
 *
 * Bones in document pre-order; `rest` is the bone's rest start frame from
 * the document values in the grid of `grid`, its nearest non-bone ancestor
 * (null: the document's grid), and `tip` where its length ends in that
 * grid; numbers rounded to 1e-9. `solveOrder` lists every constraint in
 * the order the rig stage runs them (introspect.h anima_model_solver_*),
 * with its declared targets and writes and its document strength. Nothing
 * is added to a document without bones or constraints. `json` is the
 * document's JSON text (`length` bytes).
 */
void inspect_add_rig(json_t *report, const anima_model *model, const char *json,
                     size_t length);

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
