/*
 * test_rig.c — the rig module (modules/rig; SPEC `## rig`): bone frames
 * (chained, root, nested root), rigid children through F(now)·F(rest)⁻¹,
 * the derived addresses world.* and tip.*, the bone diagnostics and the
 * five constraint kinds. Every expected value is derived by hand in the
 * comment above it (y down, degrees clockwise: R(90) maps (x, y) to
 * (−y, x)).
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <anima/module.h>

#include "test_allocations.h"
#include "test_module_player.h"

#define RIG_MODULE ANIMA_BUILD_ROOT "/modules/anima-rig.so"
#define TEST_MODULE(file) ANIMA_TEST_MODULE_DIR "/" file

static loaded load_with(const char *json, bool expect_ok, bool shapes) {
  const char *const modules[] = {
      RIG_MODULE, shapes ? TEST_MODULE("anima-shapes.so") : NULL, NULL};
  return loaded_open(modules, json, expect_ok);
}

static loaded load(const char *json) {
  return load_with(json, true, false);
}

static void unload(loaded *l) {
  loaded_close(l);
}

static void step(loaded *l, double dt) {
  loaded_step(l, dt);
}

static double read(const loaded *l, const char *address) {
  return loaded_number(l, address);
}

#define EXPECT(l, address, value)                                              \
  cr_expect_float_eq(read(l, address), value, 1e-9, "%s", address)

/* A document requiring rig with `nodes` and the rest of the document. */
#define DOC(nodes, rest)                                                       \
  "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 100, \"requires\": "        \
  "[\"rig\"], \"nodes\": [" nodes "]" rest "}"
/* One timeline `t` played by the only state, with `tracks`. */
#define PLAY(tracks)                                                           \
  ", \"timelines\": {\"t\": {\"duration\": 1, \"tracks\": {" tracks "}}}, "    \
  "\"machine\": {\"layers\": {\"l\": {\"initial\": \"s\", \"states\": "        \
  "{\"s\": {\"play\": \"t\"}}}}}"

static const char *const arm =
    DOC("{\"id\": \"g\", \"type\": \"group\", \"x\": 10, \"children\": ["
        " {\"id\": \"upper\", \"type\": \"bone\", \"x\": 20, \"y\": 30, "
        "  \"length\": 40, \"rotate\": 90, \"children\": ["
        "  {\"id\": \"fore\", \"type\": \"bone\", \"length\": 30, "
        "   \"rotate\": -90, \"children\": ["
        "   {\"id\": \"hand\", \"type\": \"circle\", \"center\": [90, 70], "
        "    \"r\": 2}]}]}]}",
        PLAY("\"upper.rotate\": [[0, 90], [1, 0]], "
             "\"fore.length\": [[0, 30], [1, 50]]"));

Test(bones, chain_from_the_parent_tip_with_rigid_children_at_rest) {
  /* The group moves the grid by (10, 0). upper is a root at (20, 30),
   * turned 90°: it starts at (30, 30) and its tip is (30, 30) + R(90)(40,
   * 0) = (30, 70). fore starts there, turned 90 − 90 = 0° in the world;
   * its tip is (60, 70). At rest the hand's drawing is F(rest)·F(rest)⁻¹ =
   * identity under the group: its pivot (0, 0) lands at (10, 0). */
  loaded l = load(arm);
  step(&l, 0);
  EXPECT(&l, "upper.world.x", 30);
  EXPECT(&l, "upper.world.y", 30);
  EXPECT(&l, "upper.world.rotate", 90);
  EXPECT(&l, "upper.tip.x", 30);
  EXPECT(&l, "upper.tip.y", 70);
  EXPECT(&l, "fore.world.x", 30);
  EXPECT(&l, "fore.world.y", 70);
  EXPECT(&l, "fore.world.rotate", 0);
  EXPECT(&l, "fore.tip.x", 60);
  EXPECT(&l, "fore.tip.y", 70);
  EXPECT(&l, "hand.world.x", 10);
  EXPECT(&l, "hand.world.y", 0);
  EXPECT(&l, "hand.world.rotate", 0);
  unload(&l);
}

Test(bones, follow_their_animated_parent_and_carry_rigid_art) {
  /* At 1 s upper turns 0°: it starts at (30, 30) with its tip at (70, 30).
   * fore starts there, turned −90° (up the screen), length 50: tip
   * (70, −20). The hand's drawing is G·F(now)·F(rest)⁻¹ with, in the
   * group's grid, F(rest) = T(20, 30)R(90)T(40, 0)R(−90) = T(20, 70) and
   * F(now) = T(20, 30)T(40, 0)R(−90) = T(60, 30)R(−90): the pivot (0, 0)
   * goes to R(−90)(−20, −70) + (60, 30) = (−70, 20) + (60, 30) = (−10, 50),
   * plus the group's (10, 0): (0, 50), turned −90°. */
  loaded l = load(arm);
  step(&l, 0);
  step(&l, 1);
  EXPECT(&l, "upper.world.rotate", 0);
  EXPECT(&l, "upper.tip.x", 70);
  EXPECT(&l, "upper.tip.y", 30);
  EXPECT(&l, "fore.world.x", 70);
  EXPECT(&l, "fore.world.y", 30);
  EXPECT(&l, "fore.world.rotate", -90);
  EXPECT(&l, "fore.tip.x", 70);
  EXPECT(&l, "fore.tip.y", -20);
  EXPECT(&l, "hand.world.x", 0);
  EXPECT(&l, "hand.world.y", 50);
  EXPECT(&l, "hand.world.rotate", -90);
  unload(&l);
}

Test(bones, a_nested_root_starts_in_its_parents_moving_grid) {
  /* a is a root at (0, 0), length 10, turning 0° → 90°. n (root: true)
   * starts at (5, 5) in a's moving grid F(now)·F(rest)⁻¹ = R(90) at 1 s:
   * (−5, 5), turned 90°; at 0 s at (5, 5). Its child bone c (length 4 on
   * n, scaleX 2 on n) starts at n's tip: n has length 3 and scaleX 2, so
   * the tip is 6 along n's x axis: (5 + 6, 5) at rest; R(90) of (11, 5)
   * = (−5, 11) at 1 s. */
  loaded l = load(
      DOC("{\"id\": \"a\", \"type\": \"bone\", \"length\": 10, \"children\": ["
          " {\"id\": \"n\", \"type\": \"bone\", \"root\": true, \"x\": 5, "
          "  \"y\": 5, \"length\": 3, \"scaleX\": 2, \"children\": ["
          "  {\"id\": \"c\", \"type\": \"bone\", \"length\": 4}]}]}",
          PLAY("\"a.rotate\": [[0, 0], [1, 90]]")));
  step(&l, 0);
  EXPECT(&l, "n.world.x", 5);
  EXPECT(&l, "n.world.y", 5);
  EXPECT(&l, "n.world.scaleX", 2);
  EXPECT(&l, "c.world.x", 11);
  EXPECT(&l, "c.world.y", 5);
  step(&l, 1);
  EXPECT(&l, "n.world.x", -5);
  EXPECT(&l, "n.world.y", 5);
  EXPECT(&l, "n.world.rotate", 90);
  EXPECT(&l, "c.world.x", -5);
  EXPECT(&l, "c.world.y", 11);
  unload(&l);
}

/* The first diagnostic of a document that must not load. */
static void expect_diagnostic(const char *json, bool shapes, const char *code,
                              const char *pointer) {
  loaded l = load_with(json, false, shapes);
  bool found = false;
  for (size_t i = 0; i < anima_diagnostics_count(l.diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(l.diagnostics, i);
    if (strcmp(d->code, code) == 0 && strcmp(d->pointer, pointer) == 0) {
      found = true;
      cr_expect_eq(d->severity, ANIMA_SEVERITY_ERROR);
      if (strncmp(code, "rig-", 4) == 0) {
        cr_expect(d->hint && d->hint[0], "%s has a hint", code);
      }
    }
  }
  cr_expect(found, "%s at %s (first: %s %s)", code, pointer,
            anima_diagnostics_get(l.diagnostics, 0)->code,
            anima_diagnostics_get(l.diagnostics, 0)->pointer);
  loaded_expect_validate_reports(l.runtime, json, code, pointer);
  anima_diagnostics_destroy(l.diagnostics);
  anima_runtime_destroy(l.runtime);
}

Test(bones, diagnostics) {
  expect_diagnostic(DOC("{\"id\": \"b\", \"type\": \"bone\", \"pivot\": [1, "
                        "0]}",
                        ""),
                    false, "rig-bone-pivot", "/nodes/0/pivot");
  expect_diagnostic(
      DOC("{\"id\": \"a\", \"type\": \"bone\", \"children\": [{\"id\": \"b\", "
          "\"type\": \"bone\", \"y\": 0}]}",
          ""),
      false, "rig-bone-offset", "/nodes/0/children/0/y");
  expect_diagnostic(
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 100, \"requires\": "
      "[\"rig\", \"shapes\"], \"nodes\": [{\"id\": \"t\", \"type\": "
      "\"tray\", \"children\": [{\"id\": \"b\", \"type\": \"bone\"}]}]}",
      true, "rig-bone-parent", "/nodes/0/children/0");
  expect_diagnostic(
      DOC("{\"id\": \"g\", \"type\": \"group\", \"scaleY\": 0, \"children\": "
          "[{\"id\": \"b\", \"type\": \"bone\"}]}",
          ""),
      false, "bad-value", "/nodes/0/children/0");
  expect_diagnostic(
      DOC("{\"id\": \"b\", \"type\": \"bone\", \"scale\": 0}", ""), false,
      "bad-value", "/nodes/0");
  expect_diagnostic(
      DOC("{\"id\": \"b\", \"type\": \"group\", \"constraints\": [{\"kind\": "
          "\"copyRotation\", \"from\": \"nope\"}]}",
          ""),
      false, "rig-target", "/nodes/0/constraints/0");
  expect_diagnostic(
      DOC("{\"id\": \"b\", \"type\": \"group\", \"constraints\": [{\"kind\": "
          "\"keepDistance\", \"to\": \"c\", \"distance\": 1}], \"children\": "
          "[{\"id\": \"c\", \"type\": \"group\"}]}",
          ""),
      false, "rig-cycle", "/nodes/0/constraints/0");
}

/* A target t at (40, 10) turned 30° and scaled 2, then hosts. */
#define TARGET                                                                 \
  "{\"id\": \"t\", \"type\": \"group\", \"x\": 40, \"y\": 10, \"rotate\": "    \
  "30, \"scale\": 2}, "

Test(constraints, the_five_kinds) {
  /* copyPosition at strength 0.5: from (0, 0) halfway to (40, 10).
   * copyRotation: r keeps its x 5 and turns 30°. copyScale without y:
   * scaleX 2, scaleY 1. copyTransform: x takes t's whole frame. keepDistance
   * within 10 of (40, 10) from (100, 0): along (60, −10)/√3700 · 10.
   * beyond 10 from t's own pivot: coincident, so along world +X. */
  loaded l = load(
      DOC(TARGET
          "{\"id\": \"p\", \"type\": \"group\", \"constraints\": [{\"kind\": "
          "\"copyPosition\", \"from\": \"t\", \"strength\": 0.5}]}, "
          "{\"id\": \"r\", \"type\": \"group\", \"x\": 5, \"constraints\": "
          "[{\"kind\": \"copyRotation\", \"from\": \"t\"}]}, "
          "{\"id\": \"s\", \"type\": \"group\", \"constraints\": [{\"kind\": "
          "\"copyScale\", \"from\": \"t\", \"copyY\": false}]}, "
          "{\"id\": \"x\", \"type\": \"group\", \"constraints\": [{\"kind\": "
          "\"copyTransform\", \"from\": \"t\"}]}, "
          "{\"id\": \"d\", \"type\": \"group\", \"x\": 100, \"constraints\": "
          "[{\"kind\": \"keepDistance\", \"to\": \"t\", \"distance\": 10}]}, "
          "{\"id\": \"e\", \"type\": \"group\", \"x\": 40, \"y\": 10, "
          "\"constraints\": [{\"kind\": \"keepDistance\", \"to\": \"t\", "
          "\"distance\": 10, \"mode\": \"beyond\"}]}",
          ""));
  step(&l, 0);
  EXPECT(&l, "p.world.x", 20);
  EXPECT(&l, "p.world.y", 5);
  EXPECT(&l, "r.world.x", 5);
  EXPECT(&l, "r.world.rotate", 30);
  EXPECT(&l, "s.world.scaleX", 2);
  EXPECT(&l, "s.world.scaleY", 1);
  EXPECT(&l, "x.world.x", 40);
  EXPECT(&l, "x.world.y", 10);
  EXPECT(&l, "x.world.rotate", 30);
  EXPECT(&l, "x.world.scaleY", 2);
  EXPECT(&l, "d.world.x", 40 + 600 / sqrt(3700));
  EXPECT(&l, "d.world.y", 10 - 100 / sqrt(3700));
  EXPECT(&l, "e.world.x", 50);
  EXPECT(&l, "e.world.y", 10);
  unload(&l);
}

Test(constraints, blending_at_strengths_between_0_and_1) {
  /* copyTransform at 0.5 from t (40, 10), 30°, scale 2 onto h at rest: the
   * parts halfway — (20, 5), 15°, scales 1.5. copyRotation at 0.5 from
   * −170° onto 170°: the shorter arc is +20°, halfway +10° → 180°, which
   * reads −180 in [−180, 180). From 0° towards 180° (a tie) the positive
   * half-turn wins: +90° at 0.5. At 0.25, copyPosition moves (0, 0) a
   * quarter of the way to (40, 10): (10, 2.5). */
  loaded l = load(DOC(
      TARGET "{\"id\": \"u\", \"type\": \"group\", \"rotate\": -170}, "
             "{\"id\": \"w\", \"type\": \"group\", \"rotate\": 180}, "
             "{\"id\": \"h\", \"type\": \"group\", \"constraints\": "
             "[{\"kind\": \"copyTransform\", \"from\": \"t\", \"strength\": "
             "0.5}]}, "
             "{\"id\": \"v\", \"type\": \"group\", \"rotate\": 170, "
             "\"constraints\": [{\"kind\": \"copyRotation\", \"from\": \"u\", "
             "\"strength\": 0.5}]}, "
             "{\"id\": \"z\", \"type\": \"group\", \"constraints\": "
             "[{\"kind\": \"copyRotation\", \"from\": \"w\", \"strength\": "
             "0.5}]}, "
             "{\"id\": \"q\", \"type\": \"group\", \"constraints\": "
             "[{\"kind\": \"copyPosition\", \"from\": \"t\", \"strength\": "
             "0.25}]}",
      ""));
  step(&l, 0);
  EXPECT(&l, "h.world.x", 20);
  EXPECT(&l, "h.world.y", 5);
  EXPECT(&l, "h.world.rotate", 15);
  EXPECT(&l, "h.world.scaleX", 1.5);
  EXPECT(&l, "h.world.scaleY", 1.5);
  EXPECT(&l, "v.world.rotate", -180);
  EXPECT(&l, "z.world.rotate", 90);
  EXPECT(&l, "q.world.x", 10);
  EXPECT(&l, "q.world.y", 2.5);
  unload(&l);
}

Test(constraints, solve_order_targets_first_and_later_ones_override) {
  /* a copies b's position, b copies c's (3, 4): b is solved first though
   * authored later, so a reads (3, 4), not b's authored (7, 0). h copies c
   * and then b at full strength: the later one wins, (3, 4) either way,
   * and k copies c at full strength, then keeps within 1 of (0, 0): from
   * (3, 4) (distance 5) onto (0.6, 0.8) — it reads the preceding result. */
  loaded l = load(
      DOC("{\"id\": \"a\", \"type\": \"group\", \"constraints\": [{\"kind\": "
          "\"copyPosition\", \"from\": \"b\"}]}, "
          "{\"id\": \"b\", \"type\": \"group\", \"x\": 7, \"constraints\": "
          "[{\"kind\": \"copyPosition\", \"from\": \"c\"}]}, "
          "{\"id\": \"c\", \"type\": \"group\", \"x\": 3, \"y\": 4}, "
          "{\"id\": \"o\", \"type\": \"group\"}, "
          "{\"id\": \"k\", \"type\": \"group\", \"constraints\": [{\"kind\": "
          "\"copyPosition\", \"from\": \"c\"}, {\"kind\": \"keepDistance\", "
          "\"to\": \"o\", \"distance\": 1}]}",
          ""));
  step(&l, 0);
  EXPECT(&l, "b.world.x", 3);
  EXPECT(&l, "a.world.x", 3);
  EXPECT(&l, "a.world.y", 4);
  EXPECT(&l, "k.world.x", 0.6);
  EXPECT(&l, "k.world.y", 0.8);
  unload(&l);
}

Test(constraints, spaces_offsets_and_limits) {
  /* Under a parent p at (100, 0): copyPosition from t (40, 10) in world
   * with maxX 30 (limitSpace = toSpace = world): (30, 10). The same with
   * toSpace local copies t's world position as local values: (140, 10) in
   * the world, and limitSpace world then clamps x to 30: (30, 10) — while
   * with limitSpace local (the default) maxX 30 gives local 30 → (130, 10).
   * copyRotation with offset adds the host's rest 5°: 35°; with max 20:
   * 20°. copyScale with offset multiplies the rest scaleX 3: 6. */
  loaded l = load(
      DOC(TARGET
          "{\"id\": \"p\", \"type\": \"group\", \"x\": 100, \"children\": ["
          "{\"id\": \"a\", \"type\": \"group\", \"constraints\": [{\"kind\": "
          "\"copyPosition\", \"from\": \"t\", \"maxX\": 30}]}, "
          "{\"id\": \"b\", \"type\": \"group\", \"constraints\": [{\"kind\": "
          "\"copyPosition\", \"from\": \"t\", \"toSpace\": \"local\", "
          "\"limitSpace\": \"world\", \"maxX\": 30}]}, "
          "{\"id\": \"c\", \"type\": \"group\", \"constraints\": [{\"kind\": "
          "\"copyPosition\", \"from\": \"t\", \"toSpace\": \"local\", "
          "\"maxX\": 30}]}, "
          "{\"id\": \"d\", \"type\": \"group\", \"rotate\": 5, "
          "\"constraints\": [{\"kind\": \"copyRotation\", \"from\": \"t\", "
          "\"offset\": true}]}, "
          "{\"id\": \"e\", \"type\": \"group\", \"constraints\": [{\"kind\": "
          "\"copyRotation\", \"from\": \"t\", \"max\": 20}]}, "
          "{\"id\": \"f\", \"type\": \"group\", \"scaleX\": 3, "
          "\"constraints\": [{\"kind\": \"copyScale\", \"from\": \"t\", "
          "\"offset\": true, \"copyY\": false}]}]}",
          ""));
  step(&l, 0);
  EXPECT(&l, "a.world.x", 30);
  EXPECT(&l, "a.world.y", 10);
  EXPECT(&l, "b.world.x", 30);
  EXPECT(&l, "b.world.y", 10);
  EXPECT(&l, "c.world.x", 130);
  EXPECT(&l, "c.world.y", 10);
  EXPECT(&l, "d.world.rotate", 35);
  EXPECT(&l, "e.world.rotate", 20);
  EXPECT(&l, "f.world.scaleX", 6);
  EXPECT(&l, "f.world.scaleY", 1);
  unload(&l);
}

Test(constraints, copy_transform_origin_and_constrained_bones) {
  /* copyTransform with origin [1, 0.5] from a rect x0 0, y0 0, 20 × 10 at
   * (50, 0): its rest bounds' point (20, 5) → (70, 5). A bone b (length 10)
   * constrained by copyRotation from r (90°) turns its chain: its tip is
   * (0, 10), and its child bone c starts there. */
  loaded l = load(DOC(
      "{\"id\": \"box\", \"type\": \"rect\", \"x\": 50, \"x0\": 0, \"y0\": "
      "0, \"w\": 20, \"h\": 10, \"fill\": {\"color\": \"#000000\"}}, "
      "{\"id\": \"h\", \"type\": \"group\", \"constraints\": [{\"kind\": "
      "\"copyTransform\", \"from\": \"box\", \"origin\": [1, 0.5]}]}, "
      "{\"id\": \"r\", \"type\": \"group\", \"rotate\": 90}, "
      "{\"id\": \"b\", \"type\": \"bone\", \"length\": 10, \"constraints\": "
      "[{\"kind\": \"copyRotation\", \"from\": \"r\"}], \"children\": "
      "[{\"id\": \"c\", \"type\": \"bone\", \"length\": 5}]}",
      ""));
  step(&l, 0);
  EXPECT(&l, "h.world.x", 70);
  EXPECT(&l, "h.world.y", 5);
  EXPECT(&l, "b.tip.x", 0);
  EXPECT(&l, "b.tip.y", 10);
  EXPECT(&l, "c.world.x", 0);
  EXPECT(&l, "c.world.y", 10);
  EXPECT(&l, "c.tip.y", 15);
  unload(&l);
}

/* ---- one minimal invalid document per diagnostic ------------------------
 * tests/documents/rig-invalid/<document>.ani, loaded with rig and the test
 * module `shapes` (whose `tray` is a container that is not a group). */

#include <dirent.h>
#include <stdlib.h>

#define RIG_INVALID ANIMA_SOURCE_ROOT "/tests/documents/rig-invalid"

typedef struct expectation {
  const char *document;
  const char *code;
  const char *pointer;
} expectation;

static const expectation expectations[] = {
    /* "Its pivot is always its start: authoring pivot is rig-bone-pivot." */
    {"rig-bone-pivot", "rig-bone-pivot", "/nodes/0/pivot"},
    /* "Inside a bone ... x or y, even 0, is rig-bone-offset": x 0. */
    {"rig-bone-offset", "rig-bone-offset", "/nodes/0/children/0/x"},
    /* "Every other parent ... is rig-bone-parent at the bone's pointer". */
    {"rig-bone-parent", "rig-bone-parent", "/nodes/0/children/0"},
    /* D39: zero rest scaleY on an ancestor is bad-value at the bone. */
    {"rig-bone-scale", "bad-value", "/nodes/0/children/0"},
    /* D47: a shape takes no children: unknown-key at its children. */
    {"rig-bone-shape-parent", "unknown-key", "/nodes/0/children"},
    /* "Unknown references are rig-target at the constraint". */
    {"rig-target", "rig-target", "/nodes/1/constraints/0"},
    /* "a cycle is rig-cycle at the constraint closing it": upper's target
     * fore is inside upper's own subtree. */
    {"rig-cycle", "rig-cycle", "/nodes/0/constraints/0"},
    /* copyTransform: "required from". */
    {"rig-missing-from", "missing-key", "/nodes/0/constraints/0"},
    /* keepDistance mode: within, beyond, exact. */
    {"rig-distance-mode", "bad-value", "/nodes/1/constraints/0/mode"},
    /* "numeric strength in 0..1". */
    {"rig-strength-range", "bad-value", "/nodes/1/constraints/0/strength"},
    /* An unknown constraint kind. */
    {"rig-unknown-kind", "bad-value", "/nodes/0/constraints/0/kind"},
    /* A bone without "rig" in requires. */
    {"rig-undeclared", "undeclared-feature", "/nodes/0/type"},
};

#define EXPECTATION_COUNT (sizeof expectations / sizeof expectations[0])

Test(rig_documents, each_invalid_document_reports_its_diagnostic) {
  for (size_t i = 0; i < EXPECTATION_COUNT; i++) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s.ani", RIG_INVALID,
             expectations[i].document);
    expect_diagnostic(loaded_read_document(path), true, expectations[i].code,
                      expectations[i].pointer);
  }
}

Test(rig_documents, every_document_is_in_the_table_and_every_code_covered) {
  DIR *directory = opendir(RIG_INVALID);
  cr_assert_not_null(directory);
  struct dirent *entry;
  while ((entry = readdir(directory)) != NULL) {
    size_t length = strlen(entry->d_name);
    if (length < 5 || strcmp(entry->d_name + length - 4, ".ani") != 0) {
      continue;
    }
    bool listed = false;
    for (size_t i = 0; i < EXPECTATION_COUNT && !listed; i++) {
      listed =
          strlen(expectations[i].document) == length - 4 &&
          strncmp(expectations[i].document, entry->d_name, length - 4) == 0;
    }
    cr_expect(listed, "%s is not in the table", entry->d_name);
  }
  closedir(directory);
  static const char *const codes[] = {"rig-bone-pivot", "rig-bone-offset",
                                      "rig-bone-parent", "rig-target",
                                      "rig-cycle"};
  for (size_t c = 0; c < sizeof codes / sizeof *codes; c++) {
    bool covered = false;
    for (size_t i = 0; i < EXPECTATION_COUNT && !covered; i++) {
      covered = strcmp(expectations[i].code, codes[c]) == 0;
    }
    cr_expect(covered, "no document for %s", codes[c]);
  }
}

Test(rig_bench, the_bench_rig_steps_without_allocating) {
  /* bench/rig-20-bones.ani: 20 bones and 10 constraints, posed and solved
   * every step; stepping allocates nothing (SPEC §7, docs/STYLE.md). */
  allocations_install();
  cr_assert(allocations_work());
  loaded l =
      load(loaded_read_document(ANIMA_SOURCE_ROOT "/bench/rig-20-bones.ani"));
  step(&l, 0);
  step(&l, 1.0 / 60);
  allocations_begin();
  for (int i = 0; i < 120; i++) {
    step(&l, 1.0 / 60);
  }
  cr_expect_eq(allocations_end(), 0);
  cr_expect_neq(read(&l, "b04.tip.x"), read(&l, "b14.tip.x"));
  unload(&l);
}

/* ---- a constraint kind of another module (include/anima/rig.h) -------- */

Test(extension, another_modules_kind_solves_in_the_one_order) {
  /* tests/modules/spring.c registers "spring" into rig. s springs towards
   * t, which copies a's position (10, 0) and is authored after s: targets
   * first, so s pulls towards (10, 0). k 50, c 10, from p 0, v 0:
   * step 0 (dt 0) leaves p; step 0.1: a = 50·10 = 500, v = 50, p = 5;
   * step 0.1: a = 50·5 − 10·50 = −250, v = 25, p = 7.5. It keeps the
   * player awake while it moves and lets it settle on the target. */
  loaded l = {0};
  l.runtime = anima_runtime_create();
  l.diagnostics = anima_diagnostics_create();
  cr_assert_eq(anima_runtime_load_module_file(
                   l.runtime, TEST_MODULE("anima-spring.so"), l.diagnostics),
               ANIMA_OK);
  const char *json =
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 100, \"requires\": "
      "[\"rig\", \"spring\"], \"nodes\": ["
      "{\"id\": \"s\", \"type\": \"group\", \"constraints\": [{\"kind\": "
      "\"spring\", \"target\": \"t\", \"stiffness\": 50}]}, "
      "{\"id\": \"t\", \"type\": \"group\", \"constraints\": [{\"kind\": "
      "\"copyPosition\", \"from\": \"a\"}]}, "
      "{\"id\": \"a\", \"type\": \"group\", \"x\": 10}]}";
  cr_assert_eq(
      anima_model_load(l.runtime, json, strlen(json), l.diagnostics, &l.model),
      ANIMA_OK);
  l.player = anima_player_create(l.model);
  anima_step_result result;
  cr_assert_eq(anima_player_step(l.player, 0, &result), ANIMA_OK);
  EXPECT(&l, "s.world.x", 0);
  cr_assert_eq(anima_player_step(l.player, 0.1, &result), ANIMA_OK);
  EXPECT(&l, "s.world.x", 5);
  cr_expect_not(result.settled);
  cr_assert_eq(anima_player_step(l.player, 0.1, &result), ANIMA_OK);
  EXPECT(&l, "s.world.x", 7.5);
  EXPECT(&l, "s.world.y", 0);
  for (int i = 0; i < 600 && !result.settled; i++) {
    cr_assert_eq(anima_player_step(l.player, 0.05, &result), ANIMA_OK);
  }
  cr_expect(result.settled);
  cr_expect_float_eq(read(&l, "s.world.x"), 10, 1e-3);
  unload(&l);
}

Test(extension, a_kind_needs_its_own_feature_declared) {
  /* The kind belongs to "spring": a document requiring only rig may not
   * use it. */
  loaded l = {0};
  l.runtime = anima_runtime_create();
  l.diagnostics = anima_diagnostics_create();
  cr_assert_eq(anima_runtime_load_module_file(
                   l.runtime, TEST_MODULE("anima-spring.so"), l.diagnostics),
               ANIMA_OK);
  const char *json =
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 100, \"requires\": "
      "[\"rig\"], \"nodes\": [{\"id\": \"s\", \"type\": \"group\", "
      "\"constraints\": [{\"kind\": \"spring\", \"target\": \"s\"}]}]}";
  cr_assert_neq(
      anima_model_load(l.runtime, json, strlen(json), l.diagnostics, &l.model),
      ANIMA_OK);
  cr_expect_str_eq(anima_diagnostics_get(l.diagnostics, 0)->code,
                   "undeclared-feature");
  anima_diagnostics_destroy(l.diagnostics);
  anima_runtime_destroy(l.runtime);
}
