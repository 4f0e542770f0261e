/*
 * test_posepad.c — the posepad module (modules/posepad; SPEC `## posepad`):
 * one minimal invalid document per diagnostic of the chapter
 * (tests/documents/posepad-invalid/), the overlay leaving other players
 * and the rest values alone, handle outputs in default snapshots, and
 * stepping without allocating. Sampled values are checked by the
 * conformance cases posepad-* (WHY.md and check.py there).
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include <anima/introspect.h>
#include <anima/module.h>

#include "test_allocations.h"
#include "test_module_player.h"

#define MODULE(name) ANIMA_BUILD_ROOT "/modules/anima-" name ".so"
#define INVALID ANIMA_SOURCE_ROOT "/tests/documents/posepad-invalid"

static const char *const modules[] = {MODULE("rig"), MODULE("posepad"),
                                      MODULE("bind"), MODULE("motion"), NULL};

static loaded load_with(const char *json, bool expect_ok) {
  return loaded_open(modules, json, expect_ok);
}

static void unload(loaded *l) {
  loaded_close(l);
}

static void step(anima_player *player, double dt) {
  anima_step_result result;
  cr_assert_eq(anima_player_step(player, dt, &result), ANIMA_OK);
}

static double read(anima_player *player, const char *address) {
  anima_value value;
  cr_assert_eq(anima_player_read(player, address, &value), ANIMA_OK, "%s",
               address);
  return value.as.number;
}

/* dot.x 0 → 100 over `lean` (2 s), scrubbed by pad's valueX 0.5 (authored):
 * (0.5 + 1)/2 · 2 = 1.5 s → 75. */
#define PADDED                                                                 \
  "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 100, \"requires\": "        \
  "[\"posepad\"], \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", "        \
  "\"center\": [0, 0], \"r\": 2, \"fill\": {\"color\": \"#000000\"}}, "        \
  "{\"id\": \"knob\", \"type\": \"group\", \"x\": 5}, {\"id\": \"pad\", "      \
  "\"type\": \"posepad\", \"timelineX\": \"lean\", \"valueX\": 0.5}, "         \
  "{\"id\": \"held\", \"type\": \"posepad\", \"handle\": \"knob\", \"box\": "  \
  "[0, 0, 10, 10]}], \"timelines\": {\"lean\": {\"duration\": 2, "             \
  "\"tracks\": {\"dot.x\": [[0, 0], [2, 100]]}}}}"

Test(posepad, the_overlay_is_per_player_and_keeps_the_rest) {
  /* A second player not yet stepped still shows the rest 0; the model's
   * rest value is unchanged (SPEC: "It does not mutate model rest values,
   * tracks or another player's state"). */
  loaded l = load_with(PADDED, true);
  anima_player *other = anima_player_create(l.model);
  cr_assert_not_null(other);
  step(l.player, 0);
  cr_expect_float_eq(read(l.player, "dot.x"), 75, 1e-9);
  cr_expect_float_eq(read(other, "dot.x"), 0, 1e-9);
  long index = anima_model_property_find(l.model, "dot.x");
  cr_assert_geq(index, 0);
  anima_property_info info;
  cr_assert_eq(anima_model_property_info(l.model, (size_t)index, &info),
               ANIMA_OK);
  cr_expect_float_eq(info.rest.as.number, 0, 1e-9);
  anima_player_destroy(other);
  unload(&l);
}

Test(posepad, handle_outputs_are_bound_and_snapshotted) {
  /* "Both outputs are included in snapshots even when no track references
   * them": held.valueX/valueY are bound (written every step); knob at
   * (5, 0) in the box [0, 0, 10, 10] gives (0, −1). pad.valueX, driven by
   * nothing, is not. */
  loaded l = load_with(PADDED, true);
  step(l.player, 0);
  const char *bound[] = {"held.valueX", "held.valueY"};
  for (size_t i = 0; i < 2; i++) {
    long index = anima_model_property_find(l.model, bound[i]);
    cr_assert_geq(index, 0);
    anima_property_info info;
    cr_assert_eq(anima_model_property_info(l.model, (size_t)index, &info),
                 ANIMA_OK);
    cr_expect(info.bound, "%s is not bound", bound[i]);
  }
  long index = anima_model_property_find(l.model, "pad.valueX");
  anima_property_info info;
  cr_assert_eq(anima_model_property_info(l.model, (size_t)index, &info),
               ANIMA_OK);
  cr_expect_not(info.bound);
  cr_expect_float_eq(read(l.player, "held.valueX"), 0, 1e-9);
  cr_expect_float_eq(read(l.player, "held.valueY"), -1, 1e-9);
  unload(&l);
}

Test(posepad, stepping_allocates_nothing) {
  allocations_install();
  cr_assert(allocations_work());
  loaded l = load_with(PADDED, true);
  step(l.player, 0);
  step(l.player, 1.0 / 60);
  allocations_begin();
  for (int i = 0; i < 60; i++) {
    step(l.player, 1.0 / 60);
  }
  cr_expect_eq(allocations_end(), 0);
  unload(&l);
}

/* ---- one minimal invalid document per diagnostic ------------------------
 */

static const struct {
  const char *document, *code, *pointer;
} expectations[] = {
    /* "`posepad-timeline` at /nodes/…/timelineX|timelineY names an unknown
     * timeline" */
    {"timeline", "posepad-timeline", "/nodes/0/timelineX"},
    /* "`posepad-handle` at /nodes/…/handle means an unknown handle" */
    {"handle", "posepad-handle", "/nodes/0/handle"},
    /* "`posepad-box` at /nodes/…/box means the required box is absent" */
    {"box", "posepad-box", "/nodes/1/box"},
    /* "Structural box errors use bad-type or bad-value at the offending
     * field/coordinate" (the validator's type code is `type`). */
    {"box-width", "bad-value", "/nodes/0/box/2"},
    {"box-type", "type", "/nodes/0/box"},
    /* "`posepad-output` points at a bind, track or state-pose write to a
     * handle-driven value" */
    {"output-track", "posepad-output", "/timelines/t/tracks/pad.valueX"},
    {"output-pose", "posepad-output",
     "/machine/layers/main/states/rest/pose/pad.valueY"},
    {"output-bind", "posepad-output", "/bind/pad.valueX"},
    /* ... and a state pose of a named machine (SPEC motion `machines`). */
    {"output-pose-named", "posepad-output",
     "/machines/m/layers/main/states/rest/pose/pad.valueY"},
    /* "`posepad-cycle` at the pad's axis timeline rejects a write to its
     * handle, any handle ancestor, any transitive constraint target (and
     * its ancestors), or its own coordinate frame/ancestors" */
    {"cycle-handle", "posepad-cycle", "/nodes/1/timelineX"},
    {"cycle-target", "posepad-cycle", "/nodes/2/timelineY"},
    {"cycle-frame", "posepad-cycle", "/nodes/1/children/0/timelineX"},
    /* `requires: ["posepad"]` enables the node type. */
    {"undeclared", "undeclared-feature", "/nodes/0/type"},
};
#define EXPECTATIONS (sizeof expectations / sizeof expectations[0])

Test(posepad, each_invalid_document_reports_its_diagnostic) {
  for (size_t i = 0; i < EXPECTATIONS; i++) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s.ani", INVALID, expectations[i].document);
    loaded l = load_with(loaded_read_document(path), false);
    const anima_diagnostic *d = anima_diagnostics_get(l.diagnostics, 0);
    cr_assert_not_null(d, "%s", expectations[i].document);
    cr_expect_str_eq(d->code, expectations[i].code, "%s",
                     expectations[i].document);
    cr_expect_str_eq(d->pointer, expectations[i].pointer, "%s",
                     expectations[i].document);
    cr_expect_eq(d->severity, ANIMA_SEVERITY_ERROR);
    if (strncmp(d->code, "posepad-", 8) == 0) {
      cr_expect(d->hint && d->hint[0], "%s has no hint", d->code);
    }
    loaded_close(&l);
  }
  DIR *directory = opendir(INVALID);
  cr_assert_not_null(directory);
  size_t files = 0;
  for (struct dirent *entry; (entry = readdir(directory)) != NULL;) {
    files += strstr(entry->d_name, ".ani") != NULL;
  }
  closedir(directory);
  cr_expect_eq(files, EXPECTATIONS, "a document is not in the table");
}
