/*
 * test_scroll.c — the scroll module (modules/scroll; SPEC `## scroll`,
 * "Scroll rig constraint"): one minimal invalid document per diagnostic
 * (tests/documents/scroll-invalid/), the C API of include/anima/scroll.h
 * and its refusals, interactive offsets per player, and stepping without
 * allocating. Offsets, percents and thumbs are checked by the conformance
 * cases scroll-* (WHY.md and check.py there).
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <anima/module.h>
#include <anima/scroll.h>

#include "test_allocations.h"
#include "test_module_player.h"

#define MODULE(name) ANIMA_BUILD_ROOT "/modules/anima-" name ".so"
#define INVALID ANIMA_SOURCE_ROOT "/tests/documents/scroll-invalid"

static const char *const modules[] = {MODULE("rig"), MODULE("scroll"), NULL};

/* `list` holds a 100 × 300 rect in the 100 × 100 viewport `view`: y
 * scrolls over 0..200. `fixed` is the same, not interactive. */
#define RECT(id, h)                                                            \
  "{\"id\": \"" id "\", \"type\": \"rect\", \"x0\": 0, \"y0\": 0, \"w\": "     \
  "100, \"h\": " h ", \"fill\": {\"color\": \"#000000\"}}"
#define CONTENT(id, extra)                                                     \
  "{\"id\": \"" id "\", \"type\": \"group\", \"constraints\": [{\"kind\": "    \
  "\"scroll\", \"viewport\": \"view\", \"axis\": \"y\"" extra "}], "           \
  "\"children\": [" RECT(id "-page", "300") "]}"
#define LIST_DOCUMENT                                                          \
  "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 400, \"requires\": "        \
  "[\"rig\", \"scroll\"], \"nodes\": [" RECT("view", "100") ", " CONTENT(      \
      "list", "") ", " CONTENT("fixed", ", \"interactive\": false") "]}"

Test(scroll, the_c_api_proposes_offsets_for_the_next_step) {
  /* 120 is within 0..200: after the next step list sits at y −120 and
   * percentY is 0.6; 500 clamps to 200 (percentY 1); a second player of
   * the same model keeps its own offsets (0). */
  loaded l = loaded_open(modules, LIST_DOCUMENT, true);
  anima_player *other = anima_player_create(l.model);
  cr_assert_not_null(other);
  loaded_step(&l, 0);
  cr_assert_eq(anima_scroll_set_offset(l.player, "list", 7, 120, NULL),
               ANIMA_OK);
  cr_expect_float_eq(loaded_number(&l, "list.world.y"), 0, 1e-9,
                     "applied before the next step");
  loaded_step(&l, 0);
  cr_expect_float_eq(loaded_number(&l, "list.world.y"), -120, 1e-9);
  cr_expect_float_eq(loaded_number(&l, "list.world.x"), 0, 1e-9);
  cr_expect_float_eq(loaded_number(&l, "list.constraints.0.percentY"), 0.6,
                     1e-9);
  cr_assert_eq(anima_scroll_set_offset(l.player, "list", 0, 500, NULL),
               ANIMA_OK);
  loaded_step(&l, 0.5);
  cr_expect_float_eq(loaded_number(&l, "list.world.y"), -200, 1e-9);
  cr_expect_float_eq(loaded_number(&l, "list.constraints.0.percentY"), 1, 1e-9);
  anima_step_result result;
  cr_assert_eq(anima_player_step(other, 0, &result), ANIMA_OK);
  anima_value value;
  cr_assert_eq(anima_player_read(other, "list.world.y", &value), ANIMA_OK);
  cr_expect_float_eq(value.as.number, 0, 1e-9);
  anima_player_destroy(other);
  loaded_close(&l);
}

Test(scroll, the_c_api_refuses_what_it_cannot_scroll) {
  loaded l = loaded_open(modules, LIST_DOCUMENT, true);
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  /* A node without a scroll constraint, and a non-interactive one:
   * scroll-target with a hint. */
  cr_expect_eq(anima_scroll_set_offset(l.player, "view", 0, 1, diagnostics),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect_eq(anima_scroll_set_offset(l.player, "fixed", 0, 1, diagnostics),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 2);
  for (size_t i = 0; i < 2; i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    cr_expect_str_eq(d->code, "scroll-target");
    cr_expect(d->hint && d->hint[0]);
  }
  /* An unknown id and a non-finite offset are refused words. */
  cr_expect_eq(anima_scroll_set_offset(l.player, "nowhere", 0, 1, NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect_eq(anima_scroll_set_offset(l.player, "list", 0, NAN, NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect_eq(anima_scroll_set_offset(NULL, "list", 0, 1, NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
  /* Nothing was proposed: fixed stays at 0 after a step. */
  loaded_step(&l, 0);
  cr_expect_float_eq(loaded_number(&l, "fixed.world.y"), 0, 1e-9);
  cr_expect_float_eq(loaded_number(&l, "list.world.y"), 0, 1e-9);
  anima_diagnostics_destroy(diagnostics);
  loaded_close(&l);
}

Test(scroll, stepping_and_proposing_allocate_nothing) {
  allocations_install();
  cr_assert(allocations_work());
  loaded l = loaded_open(modules, LIST_DOCUMENT, true);
  loaded_step(&l, 0);
  loaded_step(&l, 1.0 / 60);
  allocations_begin();
  for (int i = 0; i < 60; i++) {
    cr_assert_eq(anima_scroll_set_offset(l.player, "list", 0, i, NULL),
                 ANIMA_OK);
    loaded_step(&l, 1.0 / 60);
  }
  cr_expect_eq(allocations_end(), 0);
  cr_expect_float_eq(loaded_number(&l, "list.world.y"), -59, 1e-9);
  loaded_close(&l);
}

/* ---- one minimal invalid document per diagnostic ------------------------
 */

static const struct {
  const char *document, *code, *pointer;
} expectations[] = {
    /* "A missing or unmeasurable viewport is `scroll-viewport` at that
     * constraint's `/viewport` pointer" */
    {"viewport-unknown", "scroll-viewport", "/nodes/0/constraints/0/viewport"},
    {"viewport-empty", "scroll-viewport", "/nodes/1/constraints/0/viewport"},
    /* "`viewport` is required" */
    {"missing-viewport", "missing-key", "/nodes/0/constraints/0"},
    /* "`axis` is `x`, `y` or `both`" */
    {"axis-value", "bad-value", "/nodes/1/constraints/0/axis"},
    /* "They are output addresses only" */
    {"percent-authored", "bad-value", "/nodes/1/constraints/0/percentY"},
    /* "An unknown `scrollThumb.scroll` target uses rig's `rig-target`
     * diagnostic" (and so does a node without a scroll constraint, and an
     * unknown track) */
    {"thumb-scroll-unknown", "rig-target", "/nodes/1/constraints/0/scroll"},
    {"thumb-scroll-plain", "rig-target", "/nodes/2/constraints/0/scroll"},
    {"thumb-track-unknown", "rig-target", "/nodes/2/constraints/0/track"},
    /* "The optional `scroll` module extends rig" */
    {"undeclared", "undeclared-feature", "/nodes/1/constraints/0/kind"},
};
#define EXPECTATIONS (sizeof expectations / sizeof expectations[0])

Test(scroll, each_invalid_document_reports_its_diagnostic) {
  for (size_t i = 0; i < EXPECTATIONS; i++) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s.ani", INVALID, expectations[i].document);
    loaded l = loaded_open(modules, loaded_read_document(path), false);
    const anima_diagnostic *d = anima_diagnostics_get(l.diagnostics, 0);
    cr_assert_not_null(d, "%s", expectations[i].document);
    cr_expect_str_eq(d->code, expectations[i].code, "%s",
                     expectations[i].document);
    cr_expect_str_eq(d->pointer, expectations[i].pointer, "%s",
                     expectations[i].document);
    cr_expect_eq(d->severity, ANIMA_SEVERITY_ERROR);
    if (strcmp(d->code, "scroll-viewport") == 0 ||
        strcmp(d->code, "rig-target") == 0) {
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
