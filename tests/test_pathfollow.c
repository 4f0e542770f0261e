/*
 * test_pathfollow.c — the pathfollow module (modules/pathfollow; SPEC
 * `## pathfollow`): alongPath on open (clamped) and closed (wrapped)
 * outlines, orient, a transformed target, a circle (the outline's cubic
 * geometry), a parent under the host, strength, spreadAlongPath's fraction
 * formula (several children, one child, wrapping), the diagnostics. Values
 * are derived in the comments (y down, degrees clockwise, 0° along +x).
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <anima/module.h>

#include "test_module_player.h"

#define PATHFOLLOW_MODULE ANIMA_BUILD_ROOT "/modules/anima-pathfollow.so"

static const char *const modules[] = {PATHFOLLOW_MODULE, NULL};

/* Loads `json`; a document that loads is stepped once by 0. */
static loaded load_with(const char *json, bool expect_ok) {
  loaded l = loaded_open(modules, json, expect_ok);
  if (expect_ok) {
    loaded_step(&l, 0);
  }
  return l;
}

static void unload(loaded *l) {
  loaded_close(l);
}

static double read(const loaded *l, const char *address) {
  return loaded_number(l, address);
}

#define EXPECT(l, address, value)                                              \
  cr_expect_float_eq(read(l, address), value, 1e-9, "%s", address)

#define DOC(nodes)                                                             \
  "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 100, \"requires\": "        \
  "[\"rig\", \"pathfollow\"], \"nodes\": [" nodes "]}"
/* An open line 100 long along +x, and the closed 100 × 50 rectangle
 * (perimeter 300: top 0..100, right 100..150, bottom 150..250, closing
 * edge 250..300). */
#define LINE "{\"id\": \"p\", \"type\": \"path\", \"d\": \"M0 0 L100 0\"}, "
#define BOX                                                                    \
  "{\"id\": \"p\", \"type\": \"path\", \"d\": \"M0 0 L100 0 L100 50 L0 50 "    \
  "Z\"}, "
#define ALONG(id, extra)                                                       \
  "{\"id\": \"" id "\", \"type\": \"group\", \"constraints\": [{\"kind\": "    \
  "\"alongPath\", \"path\": \"p\"" extra "}]}"

Test(pathfollow, open_outlines_clamp) {
  /* 0.25 of 100 → (25, 0); 1.5 clamps to 1 → (100, 0); −1 clamps to 0. */
  loaded l =
      load_with(DOC(LINE ALONG("a", ", \"at\": 0.25") ", " ALONG(
                    "b", ", \"at\": 1.5") ", " ALONG("c", ", \"at\": -1")),
                true);
  EXPECT(&l, "a.world.x", 25);
  EXPECT(&l, "a.world.y", 0);
  EXPECT(&l, "b.world.x", 100);
  EXPECT(&l, "c.world.x", 0);
  unload(&l);
}

Test(pathfollow, closed_outlines_wrap_and_orient) {
  /* 0.4 · 300 = 120: 20 down the right edge → (100, 20), heading 90°.
   * 1.1 wraps to 0.1 → 30 along the top → (30, 0), heading 0°.
   * −0.1 wraps to 0.9 → 270: 20 up the closing edge from (0, 50) →
   * (0, 30), heading −90°. 1 wraps to 0: the start (0, 0). */
  loaded l = load_with(
      DOC(BOX ALONG("a", ", \"at\": 0.4, \"orient\": true") ", " ALONG(
          "b",
          ", \"at\": 1.1, \"orient\": true") ", " ALONG("c",
                                                        ", \"at\": "
                                                        "-0.1, "
                                                        "\"orient\": "
                                                        "true") ", " ALONG("d",
                                                                           ", "
                                                                           "\"a"
                                                                           "t\""
                                                                           ": "
                                                                           "1")),
      true);
  EXPECT(&l, "a.world.x", 100);
  EXPECT(&l, "a.world.y", 20);
  EXPECT(&l, "a.world.rotate", 90);
  EXPECT(&l, "b.world.x", 30);
  EXPECT(&l, "b.world.y", 0);
  EXPECT(&l, "b.world.rotate", 0);
  EXPECT(&l, "c.world.x", 0);
  EXPECT(&l, "c.world.y", 30);
  EXPECT(&l, "c.world.rotate", -90);
  EXPECT(&l, "d.world.x", 0);
  EXPECT(&l, "d.world.y", 0);
  unload(&l);
}

Test(pathfollow, without_orient_the_rotation_stays) {
  /* The host's own rotation 30° is kept; only its position moves. */
  loaded l = load_with(DOC(BOX "{\"id\": \"a\", \"type\": \"group\", "
                               "\"rotate\": 30, \"constraints\": [{\"kind\": "
                               "\"alongPath\", \"path\": \"p\", \"at\": "
                               "0.4}]}"),
                       true);
  EXPECT(&l, "a.world.x", 100);
  EXPECT(&l, "a.world.y", 20);
  EXPECT(&l, "a.world.rotate", 30);
  unload(&l);
}

Test(pathfollow, the_target_world_matrix_applies) {
  /* The line turned 90° and moved to (10, 5): local (50, 0) → R90 →
   * (0, 50) → (10, 55); the tangent (1, 0) → (0, 1): 90°. */
  loaded l =
      load_with(DOC("{\"id\": \"p\", \"type\": \"path\", \"x\": 10, \"y\": 5, "
                    "\"rotate\": 90, \"d\": \"M0 0 L100 0\"}, " ALONG(
                        "a", ", \"at\": 0.5, \"orient\": true")),
                true);
  EXPECT(&l, "a.world.x", 10);
  EXPECT(&l, "a.world.y", 55);
  EXPECT(&l, "a.world.rotate", 90);
  unload(&l);
}

Test(pathfollow, circles_follow_their_cubic_outline) {
  /* The circle's outline starts at angle 0 and runs clockwise in four
   * congruent quarter cubics with handles k = 4(√2 − 1)/3 · r. 0.125 of the
   * length is the middle of the first quarter, which the first split at
   * t = 0.5 halves into mirror images: B(0.5) = (p0 + 3p1 + 3p2 + p3)/8 =
   * r(4 + 3k)/8 = r·√2/2 from the centre on both axes, heading 135°. */
  loaded l = load_with(DOC("{\"id\": \"p\", \"type\": \"circle\", "
                           "\"center\": [50, 50], \"r\": 20}, " ALONG(
                               "a", ", \"at\": 0.125, \"orient\": true")),
                       true);
  double offset = 20 * sqrt(2) / 2;
  EXPECT(&l, "a.world.x", 50 + offset);
  EXPECT(&l, "a.world.y", 50 + offset);
  EXPECT(&l, "a.world.rotate", 135);
  unload(&l);
}

Test(pathfollow, the_host_pivot_lands_under_a_moved_parent) {
  /* The pivot (5, 5) of a host inside a group at (200, 0) scaled 2 lands on
   * (25, 0). */
  loaded l =
      load_with(DOC(LINE "{\"id\": \"g\", \"type\": \"group\", \"x\": 200, "
                         "\"scale\": 2, \"children\": [{\"id\": \"a\", "
                         "\"type\": \"group\", \"pivot\": [5, 5], "
                         "\"constraints\": [{\"kind\": \"alongPath\", "
                         "\"path\": \"p\", \"at\": 0.25}]}]}"),
                true);
  EXPECT(&l, "a.world.x", 25);
  EXPECT(&l, "a.world.y", 0);
  unload(&l);
}

Test(pathfollow, strength_blends_the_position) {
  /* From (0, 40) towards (50, 0) at strength 0.5: (25, 20). */
  loaded l = load_with(DOC(LINE "{\"id\": \"a\", \"type\": \"group\", "
                                "\"y\": 40, \"constraints\": [{\"kind\": "
                                "\"alongPath\", \"path\": \"p\", \"at\": "
                                "0.5, \"strength\": 0.5}]}"),
                       true);
  EXPECT(&l, "a.world.x", 25);
  EXPECT(&l, "a.world.y", 20);
  unload(&l);
}

#define KID(id) "{\"id\": \"" id "\", \"type\": \"group\"}"

Test(pathfollow, spread_uses_the_fraction_formula) {
  /* start + (end − start)·k/max(n − 1, 1) + shift, with the host at
   * (1000, 7) (children land in the world wherever their parent is):
   * defaults 0, 1, 0 over three children → 0, 0.5, 1 → x 0, 50, 100;
   * end 0.8, shift 0.1 → 0.1, 0.5, 0.9 → 10, 50, 90. */
  loaded l = load_with(
      DOC(LINE "{\"id\": \"s\", \"type\": \"group\", \"x\": 1000, \"y\": 7, "
               "\"constraints\": [{\"kind\": \"spreadAlongPath\", \"path\": "
               "\"p\"}], \"children\": [" KID("s0") ", " KID("s1") ", " KID(
                   "s2") "]}, {\"id\": \"t\", \"type\": \"group\", "
                         "\"constraints\": [{\"kind\": \"spreadAlongPath\", "
                         "\"path\": \"p\", \"end\": 0.8, \"shift\": 0.1}], "
                         "\"children\": [" KID("t0") ", " KID("t1") ", " KID(
                             "t2") "]}"),
      true);
  EXPECT(&l, "s0.world.x", 0);
  EXPECT(&l, "s1.world.x", 50);
  EXPECT(&l, "s2.world.x", 100);
  EXPECT(&l, "s1.world.y", 0);
  EXPECT(&l, "s.world.x", 1000); /* the host stays */
  EXPECT(&l, "t0.world.x", 10);
  EXPECT(&l, "t1.world.x", 50);
  EXPECT(&l, "t2.world.x", 90);
  unload(&l);
}

Test(pathfollow, spread_one_child_and_wrapping) {
  /* One child: start + shift = 0.3 + 0.2 = 0.5 → (50, 0) on the line.
   * Two children on the closed box from 0.5 to 1: 150 → (100, 50), the
   * end of the right edge (the first piece whose running length reaches
   * 150), heading 90°; and 1 wraps to 0 → (0, 0), heading 0°. */
  loaded l = load_with(
      DOC(BOX "{\"id\": \"s\", \"type\": \"group\", \"constraints\": "
              "[{\"kind\": \"spreadAlongPath\", \"path\": \"p\", \"start\": "
              "0.5, \"orient\": true}], \"children\": [" KID("s0") ", " KID(
                  "s1") "]}, {\"id\": \"q\", \"type\": \"path\", \"d\": \"M0 "
                        "0 L100 0\"}, {\"id\": \"o\", \"type\": \"group\", "
                        "\"constraints\": [{\"kind\": \"spreadAlongPath\", "
                        "\"path\": \"q\", \"start\": 0.3, \"shift\": 0.2}], "
                        "\"children\": [" KID("o0") "]}"),
      true);
  EXPECT(&l, "s0.world.x", 100);
  EXPECT(&l, "s0.world.y", 50);
  EXPECT(&l, "s0.world.rotate", 90);
  EXPECT(&l, "s1.world.x", 0);
  EXPECT(&l, "s1.world.y", 0);
  EXPECT(&l, "s1.world.rotate", 0);
  EXPECT(&l, "o0.world.x", 50);
  unload(&l);
}

Test(pathfollow, spread_strength_blends_each_child) {
  /* Children at (0, 40) and (0, 40) move halfway to 0 and 100 on the line:
   * (0, 20) and (50, 20). */
  loaded l = load_with(
      DOC(LINE "{\"id\": \"s\", \"type\": \"group\", \"constraints\": "
               "[{\"kind\": \"spreadAlongPath\", \"path\": \"p\", "
               "\"strength\": 0.5}], \"children\": [{\"id\": \"s0\", "
               "\"type\": \"group\", \"y\": 40}, {\"id\": \"s1\", \"type\": "
               "\"group\", \"y\": 40}]}"),
      true);
  EXPECT(&l, "s0.world.x", 0);
  EXPECT(&l, "s0.world.y", 20);
  EXPECT(&l, "s1.world.x", 50);
  EXPECT(&l, "s1.world.y", 20);
  unload(&l);
}

static void expect_error(const char *json, const char *code,
                         const char *pointer) {
  loaded l = load_with(json, false);
  const anima_diagnostic *d = anima_diagnostics_get(l.diagnostics, 0);
  cr_assert_not_null(d);
  cr_expect_str_eq(d->code, code);
  cr_expect_str_eq(d->pointer, pointer);
  cr_expect_eq(d->severity, ANIMA_SEVERITY_ERROR);
  if (strncmp(code, "rig-", 4) == 0) { /* the module's own: with a hint */
    cr_expect(d->hint && d->hint[0], "%s has no hint", code);
  }
  loaded_expect_validate_reports(l.runtime, json, code, pointer);
  anima_diagnostics_destroy(l.diagnostics);
  anima_runtime_destroy(l.runtime);
}

Test(pathfollow, diagnostics) {
  expect_error(DOC("{\"id\": \"p\", \"type\": \"group\"}, " ALONG("a", "")),
               "rig-path-target", "/nodes/1/constraints/0/path");
  expect_error(DOC("{\"id\": \"p\", \"type\": \"bone\", \"length\": 5}, "
                   "{\"id\": \"s\", \"type\": \"group\", \"constraints\": "
                   "[{\"kind\": \"spreadAlongPath\", \"path\": \"p\"}]}"),
               "rig-path-target", "/nodes/1/constraints/0/path");
  expect_error(DOC("{\"id\": \"a\", \"type\": \"group\", \"constraints\": "
                   "[{\"kind\": \"alongPath\", \"path\": \"nowhere\"}]}"),
               "rig-target", "/nodes/0/constraints/0");
  expect_error("{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 100, "
               "\"requires\": [\"rig\"], \"nodes\": [" LINE ALONG("a", "") "]}",
               "undeclared-feature", "/nodes/1/constraints/0/kind");
}

/* ---- one minimal invalid document per diagnostic ------------------------
 * tests/documents/pathfollow-invalid/<document>.ani. */

#include <dirent.h>

#define INVALID ANIMA_SOURCE_ROOT "/tests/documents/pathfollow-invalid"

static const struct {
  const char *document, *code, *pointer;
} expectations[] = {
    /* "If `path` resolves to a node that is not measurable, loading
     * reports `rig-path-target` at the exact constraint `/path` field". */
    {"rig-path-target", "rig-path-target", "/nodes/1/constraints/0/path"},
    {"spread-path-target", "rig-path-target", "/nodes/1/constraints/0/path"},
    /* "Unknown ids continue to use rig's normal target diagnostic." */
    {"rig-target", "rig-target", "/nodes/1/constraints/0"},
    /* "`path` is required". */
    {"missing-path", "missing-key", "/nodes/0/constraints/0"},
    /* `orient` is a boolean. */
    {"orient-type", "type", "/nodes/1/constraints/0/orient"},
    /* "Documents using these constraints declare both `rig` and
     * `pathfollow`". */
    {"undeclared", "undeclared-feature", "/nodes/1/constraints/0/kind"},
    /* The path inside the subtree the constraint moves (rig solve order). */
    {"cycle", "rig-cycle", "/nodes/0/constraints/0"},
};
#define EXPECTATIONS (sizeof expectations / sizeof expectations[0])

Test(pathfollow, each_invalid_document_reports_its_diagnostic) {
  for (size_t i = 0; i < EXPECTATIONS; i++) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s.ani", INVALID, expectations[i].document);
    expect_error(loaded_read_document(path), expectations[i].code,
                 expectations[i].pointer);
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
