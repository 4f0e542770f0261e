/*
 * test_ik.c — the ik module (modules/ik; SPEC `## ik`): one bone aiming,
 * two bones by the law of cosines on either bend side, out of reach
 * (straight), a target on the start (unchanged), strength mixing local
 * rotations, a three-bone chain (n − 1 pair solves, checked against an
 * independent calculation), a mirrored ancestor, the diagnostics and the
 * declared writes (a sibling of a chain bone follows the solved chain).
 * Values are derived in the comments (y down, degrees clockwise).
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include <anima/module.h>

#include "test_module_player.h"

#define IK_MODULE ANIMA_BUILD_ROOT "/modules/anima-ik.so"

static const char *const modules[] = {IK_MODULE, NULL};

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
  "[\"rig\", \"ik\"], \"nodes\": [" nodes "]}"
#define AIM(x, y)                                                              \
  "{\"id\": \"aim\", \"type\": \"group\", \"x\": " #x ", \"y\": " #y "}, "
/* Two bones of length 10 from (0, 0) with an ik item on the second. */
#define TWO(item)                                                              \
  "{\"id\": \"a\", \"type\": \"bone\", \"length\": 10, \"children\": ["        \
  "{\"id\": \"b\", \"type\": \"bone\", \"length\": 10, \"constraints\": "      \
  "[" item "]}]}"

Test(ik, one_bone_aims_at_the_target) {
  /* From (0, 0) towards (0, 10): 90°, tip (0, 10). */
  loaded l = load_with(DOC(AIM(0, 10) "{\"id\": \"a\", \"type\": \"bone\", "
                                      "\"length\": 10, \"constraints\": "
                                      "[{\"kind\": \"ik\", \"target\": "
                                      "\"aim\"}]}"),
                       true);
  EXPECT(&l, "a.world.rotate", 90);
  EXPECT(&l, "a.tip.x", 0);
  EXPECT(&l, "a.tip.y", 10);
  unload(&l);
}

Test(ik, two_bones_bend_clockwise_or_counterclockwise) {
  /* Lengths 10 and 10, target (10, 0) at distance 10: an equilateral
   * triangle, 60° at the start and at the joint. cw puts the joint on the
   * screen-clockwise side of the line (0, 0) → (10, 0), i.e. below (y
   * down): a turns +60°, the joint is (5, 5√3); b turns 60° − 180° =
   * −120° locally, −60° in the world, and its tip is the target. ccw
   * mirrors: −60°, joint (5, −5√3). */
  loaded l =
      load_with(DOC(AIM(10, 0) TWO("{\"kind\": \"ik\", \"target\": \"aim\", "
                                   "\"bones\": 2}")),
                true);
  EXPECT(&l, "a.world.rotate", 60);
  EXPECT(&l, "b.world.x", 5);
  EXPECT(&l, "b.world.y", 5 * sqrt(3));
  EXPECT(&l, "b.world.rotate", -60);
  EXPECT(&l, "b.tip.x", 10);
  EXPECT(&l, "b.tip.y", 0);
  unload(&l);
  l = load_with(DOC(AIM(10, 0) TWO("{\"kind\": \"ik\", \"target\": \"aim\", "
                                   "\"bones\": 2, \"bend\": \"ccw\"}")),
                true);
  EXPECT(&l, "a.world.rotate", -60);
  EXPECT(&l, "b.world.y", -5 * sqrt(3));
  EXPECT(&l, "b.tip.x", 10);
  EXPECT(&l, "b.tip.y", 0);
  unload(&l);
}

Test(ik, out_of_reach_straightens_and_the_start_leaves_it_unchanged) {
  /* (30, 0) lies beyond 10 + 10: both bones point at it, tip (20, 0).
   * A target at the chain's start (0, 0) leaves the authored pose (a at
   * 0°, b at 30°). */
  loaded l =
      load_with(DOC(AIM(30, 0) TWO("{\"kind\": \"ik\", \"target\": \"aim\", "
                                   "\"bones\": 2}")),
                true);
  EXPECT(&l, "a.world.rotate", 0);
  EXPECT(&l, "b.world.rotate", 0);
  EXPECT(&l, "b.tip.x", 20);
  unload(&l);
  l = load_with(DOC(AIM(0, 0) "{\"id\": \"a\", \"type\": \"bone\", "
                              "\"length\": 10, \"children\": [{\"id\": \"b\", "
                              "\"type\": \"bone\", \"length\": 10, "
                              "\"rotate\": 30, \"constraints\": [{\"kind\": "
                              "\"ik\", \"target\": \"aim\", \"bones\": 2}]}]}"),
                true);
  EXPECT(&l, "a.world.rotate", 0);
  EXPECT(&l, "b.world.rotate", 30);
  unload(&l);
}

Test(ik, strength_mixes_local_rotations) {
  /* The cw solve above at strength 0.5: a from 0° to 60° → 30°, b locally
   * from 0° to −120° → −60° (−30° in the world). The joint is
   * (10 cos 30°, 10 sin 30°) = (5√3, 5) and the tip adds (5√3, −5):
   * (10√3, 0). The child still starts at its parent's tip. */
  loaded l =
      load_with(DOC(AIM(10, 0) TWO("{\"kind\": \"ik\", \"target\": \"aim\", "
                                   "\"bones\": 2, \"strength\": 0.5}")),
                true);
  EXPECT(&l, "a.world.rotate", 30);
  EXPECT(&l, "b.world.rotate", -30);
  EXPECT(&l, "a.tip.x", 5 * sqrt(3));
  EXPECT(&l, "b.world.x", 5 * sqrt(3));
  EXPECT(&l, "b.world.y", 5);
  EXPECT(&l, "b.tip.x", 10 * sqrt(3));
  EXPECT(&l, "b.tip.y", 0);
  unload(&l);
}

Test(ik, three_bones_make_two_pair_solves) {
  /* Three bones of 10 from (0, 0) reaching for (15, 5), cw. Link 0 with
   * the remainder (bones 1-2, straight: 20 long) and then link 1 with
   * bone 2, each by the law of cosines in its parent's space; an
   * independent calculation (conformance/cases/rig-ik-chain/check.py)
   * gives the local rotations 117.53238499°, −128.68218745°, 0° and the
   * joints (−4.6224990, 8.8674970), (5.1887505, 6.9337485); the tip
   * reaches (15, 5). */
  loaded l = load_with(
      DOC(AIM(15, 5) "{\"id\": \"a\", \"type\": \"bone\", \"length\": 10, "
                     "\"children\": [{\"id\": \"b\", \"type\": \"bone\", "
                     "\"length\": 10, \"children\": [{\"id\": \"c\", "
                     "\"type\": \"bone\", \"length\": 10, \"constraints\": "
                     "[{\"kind\": \"ik\", \"target\": \"aim\", \"bones\": "
                     "3}]}]}]}"),
      true);
  cr_expect_float_eq(read(&l, "a.world.rotate"), 117.53238499230541, 1e-6);
  cr_expect_float_eq(read(&l, "b.world.x"), -4.622498999199199, 1e-6);
  cr_expect_float_eq(read(&l, "b.world.y"), 8.867496997597597, 1e-6);
  cr_expect_float_eq(read(&l, "c.world.x"), 5.1887505004004, 1e-6);
  cr_expect_float_eq(read(&l, "c.world.y"), 6.933748498798796, 1e-6);
  cr_expect_float_eq(read(&l, "c.tip.x"), 15, 1e-6);
  cr_expect_float_eq(read(&l, "c.tip.y"), 5, 1e-6);
  unload(&l);
}

Test(ik, a_mirrored_ancestor_mirrors_the_bend) {
  /* Under a group with scaleX −1 the chain's grid is mirrored: the target
   * at world (−10, 0) is (10, 0) in the group, and cw bends the joint to
   * the group's +y side — which stays below the line on screen, while the
   * line now runs right to left: on screen the joint is on the
   * counterclockwise side. Joint (−5, 5√3), tip (−10, 0). */
  loaded l = load_with(
      DOC(AIM(-10, 0) "{\"id\": \"g\", \"type\": \"group\", \"scaleX\": -1, "
                      "\"children\": [" TWO("{\"kind\": \"ik\", \"target\": "
                                            "\"aim\", \"bones\": 2}") "]}"),
      true);
  EXPECT(&l, "b.world.x", -5);
  EXPECT(&l, "b.world.y", 5 * sqrt(3));
  EXPECT(&l, "b.tip.x", -10);
  cr_expect_float_eq(read(&l, "b.tip.y"), 0, 1e-9);
  unload(&l);
}

Test(ik, writes_come_before_the_chains_other_descendants) {
  /* A rigid circle on bone a, and a copyRotation host beside the chain
   * under a: both follow a's solved 60° (the ik writes a, so the sibling's
   * constraint runs after it). */
  loaded l = load_with(
      DOC(AIM(10, 0) "{\"id\": \"a\", \"type\": \"bone\", \"length\": 10, "
                     "\"children\": [{\"id\": \"b\", \"type\": \"bone\", "
                     "\"length\": 10, \"constraints\": [{\"kind\": \"ik\", "
                     "\"target\": \"aim\", \"bones\": 2}]}, {\"id\": \"s\", "
                     "\"type\": \"group\", \"constraints\": [{\"kind\": "
                     "\"copyRotation\", \"from\": \"b\"}]}]}"),
      true);
  EXPECT(&l, "a.world.rotate", 60);
  EXPECT(&l, "s.world.rotate", -60);
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
  cr_expect(d->hint && d->hint[0]);
  loaded_expect_validate_reports(l.runtime, json, code, pointer);
  anima_diagnostics_destroy(l.diagnostics);
  anima_runtime_destroy(l.runtime);
}

Test(ik, diagnostics) {
  expect_error(DOC(AIM(0, 0) "{\"id\": \"g\", \"type\": \"group\", "
                             "\"constraints\": [{\"kind\": \"ik\", "
                             "\"target\": \"aim\"}]}"),
               "rig-ik-host", "/nodes/1/constraints/0");
  expect_error(DOC(AIM(0, 0) TWO("{\"kind\": \"ik\", \"target\": \"aim\", "
                                 "\"bones\": 3}")),
               "rig-ik-chain", "/nodes/1/children/0/constraints/0/bones");
  expect_error(DOC(TWO("{\"kind\": \"ik\", \"target\": \"nowhere\"}")),
               "rig-target", "/nodes/0/children/0/constraints/0");
  expect_error("{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 100, "
               "\"requires\": [\"rig\"], \"nodes\": [" AIM(0, 0)
                   TWO("{\"kind\": \"ik\", \"target\": \"aim\"}") "]}",
               "undeclared-feature", "/nodes/1/children/0/constraints/0/kind");
}
