/*
 * test_skin.c — the skin module (modules/skin; SPEC `## skin`):
 * p' = W0⁻¹·Σ wᵢ·Dᵢ·W0·p with Dᵢ = Bᵢ(now)·Bᵢ(rest)⁻¹, one bone, blended
 * bones and @rest, automatic weights 1/(d + 0.001)² on the two nearest
 * bones, independent handle weights, the rest-world drawing frame, the
 * drawn outline, normalization, and one minimal invalid document per
 * diagnostic. Values are derived in the comments (y down, degrees
 * clockwise).
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include <anima/draw.h>
#include <anima/module.h>

#include "test_allocations.h"
#include "test_module_player.h"
#include <anima/path.h>

#define SKIN_MODULE ANIMA_BUILD_ROOT "/modules/anima-skin.so"
#define CONTOUR_MODULE ANIMA_BUILD_ROOT "/modules/anima-contour.so"
#define MOTION_MODULE ANIMA_BUILD_ROOT "/modules/anima-motion.so"

/* Loads `json` and steps `seconds` (the timeline "t" plays from 0). */
static loaded load_at(const char *json, double seconds) {
  static const char *const modules[] = {SKIN_MODULE, NULL};
  loaded l = loaded_open(modules, json, true);
  loaded_step(&l, seconds);
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

/* A document whose timeline "t" (1 s) has `tracks`. */
#define DOC(nodes, tracks)                                                     \
  "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 100, \"requires\": "        \
  "[\"rig\", \"skin\"], \"nodes\": [" nodes "], \"timelines\": {\"t\": "       \
  "{\"duration\": 1, \"tracks\": {" tracks "}}}, \"machine\": {\"layers\": "   \
  "{\"main\": {\"initial\": \"play\", \"states\": {\"play\": {\"play\": "      \
  "\"t\"}}}}}}"
#define BONE(id, x, y)                                                         \
  "{\"id\": \"" id "\", \"type\": \"bone\", \"x\": " #x ", \"y\": " #y         \
  ", \"length\": 50}, "
#define PATH(extra, skin)                                                      \
  "{\"id\": \"p\", \"type\": \"path\", \"d\": \"M10 0 L40 0\", \"stroke\": "   \
  "{\"color\": \"#000\"}" extra ", \"skin\": " skin "}"

Test(skin, one_bone_carries_every_point) {
  /* Bone a at (0, 0) turns 0 → 90°: D = R(90°) about the origin; (10, 0)
   * → (0, 10), (40, 0) → (0, 40). */
  loaded l = load_at(DOC(BONE("a", 0, 0) PATH("", "{\"bones\": [\"a\"]}"),
                         "\"a.rotate\": [[0, 0], [1, 90]]"),
                     1);
  EXPECT(&l, "p.skin.point.0.x", 0);
  EXPECT(&l, "p.skin.point.0.y", 10);
  EXPECT(&l, "p.skin.point.1.x", 0);
  EXPECT(&l, "p.skin.point.1.y", 40);
  unload(&l);
}

Test(skin, weights_blend_bones_and_rest) {
  /* a stays, b turns 90° about (0, 0). Anchor 0 (10, 0): a 0.5, b 0.5 →
   * 0.5·(10, 0) + 0.5·(0, 10) = (5, 5). Anchor 1 (40, 0): b 0.5, @rest 0.5
   * → (20, 20). */
  loaded l = load_at(
      DOC(BONE("a", 0, 0) BONE("b", 0, 0)
              PATH("", "{\"bones\": [\"a\", \"b\"], \"weights\": [{\"point\": "
                       "{\"a\": 0.5, \"b\": 0.5}}, {\"point\": {\"b\": 0.5, "
                       "\"@rest\": 0.5}}]}"),
          "\"b.rotate\": [[0, 0], [1, 90]]"),
      1);
  EXPECT(&l, "p.skin.point.0.x", 5);
  EXPECT(&l, "p.skin.point.0.y", 5);
  EXPECT(&l, "p.skin.point.1.x", 20);
  EXPECT(&l, "p.skin.point.1.y", 20);
  unload(&l);
}

Test(skin, automatic_weights_take_the_two_nearest_bones) {
  /* a: (0, 0)–(50, 0); b: (0, 20)–(50, 20); c: (0, 100)–(50, 100), far.
   * (10, 0) lies on a (d 0) and 20 from b: wa = 1/0.001², wb = 1/20.001²;
   * (40, 0) the same. b moves down 10 (D_b = T(0, 10)): each point moves
   * by 10·wb/(wa + wb) = 10·0.001²/(0.001² + 20.001²). c moves 100 and
   * never counts (third nearest). */
  loaded l =
      load_at(DOC(BONE("a", 0, 0) BONE("b", 0, 20) BONE("c", 0, 100)
                      PATH("", "{\"bones\": [\"c\", \"a\", \"b\"]}"),
                  "\"b.y\": [[0, 20], [1, 30]], \"c.x\": [[0, 0], [1, 100]]"),
              1);
  double wb = 0.001 * 0.001 / (0.001 * 0.001 + 20.001 * 20.001);
  EXPECT(&l, "p.skin.point.0.x", 10);
  EXPECT(&l, "p.skin.point.0.y", 10 * wb);
  EXPECT(&l, "p.skin.point.1.y", 10 * wb);
  unload(&l);
}

Test(skin, automatic_weights_between_two_bones) {
  /* A point midway: path M25 10 L25 10.5. (25, 10) is 10 from a and 10
   * from b: 0.5 each; b moves down 10 → (25, 15). (25, 10.5): da 10.5,
   * db 9.5: wb = (1/9.501²)/(1/9.501² + 1/10.501²) = 10.501²/(10.501² +
   * 9.501²) → y 10.5 + 10·wb. */
  loaded l =
      load_at(DOC(BONE("a", 0, 0)
                      BONE("b", 0, 20) "{\"id\": \"p\", \"type\": \"path\", "
                                       "\"d\": \"M25 10 L25 10.5\", "
                                       "\"stroke\": {\"color\": \"#000\"}, "
                                       "\"skin\": {\"bones\": [\"a\", "
                                       "\"b\"]}}",
                  "\"b.y\": [[0, 20], [1, 30]]"),
              1);
  double wb = 10.501 * 10.501 / (10.501 * 10.501 + 9.501 * 9.501);
  EXPECT(&l, "p.skin.point.0.x", 25);
  EXPECT(&l, "p.skin.point.0.y", 15);
  EXPECT(&l, "p.skin.point.1.y", 10.5 + 10 * wb);
  unload(&l);
}

Test(skin, the_rest_world_is_the_drawing_frame) {
  /* p is authored at x 100 and animated to 200: its drawing frame stays
   * the rest world T(100, 0), so world.x is 100 and anchor 0 (10, 0)
   * lands at 110 while the bone a (at the origin, static) carries it with
   * the identity. */
  loaded l =
      load_at(DOC(BONE("a", 0, 0) PATH(", \"x\": 100", "{\"bones\": [\"a\"]}"),
                  "\"p.x\": [[0, 100], [1, 200]]"),
              1);
  EXPECT(&l, "p.world.x", 100);
  EXPECT(&l, "p.skin.point.0.x", 110);
  unload(&l);
}

Test(skin, the_frame_draws_the_deformed_outline) {
  /* As one_bone_carries_every_point, halfway: 45°: (40, 0) → (40 cos 45°,
   * 40 sin 45°) in the path's own space (its frame is the identity). */
  loaded l = load_at(DOC(BONE("a", 0, 0) PATH("", "{\"bones\": [\"a\"]}"),
                         "\"a.rotate\": [[0, 0], [1, 90]]"),
                     0.5);
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(l.model, &frame), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(frame, l.player), ANIMA_OK);
  const anima_path *outline = NULL;
  for (size_t i = 0; i < frame->item_count; i++) {
    if (frame->items[i].kind == ANIMA_DRAW_SHAPE) {
      outline = frame->shapes[frame->items[i].payload].outline;
    }
  }
  cr_assert_not_null(outline);
  cr_assert_eq(outline->count, 2);
  double c = 40 * sqrt(2) / 2;
  cr_expect_float_eq(outline->segments[1].points[0].x, c, 1e-9);
  cr_expect_float_eq(outline->segments[1].points[0].y, c, 1e-9);
  anima_draw_frame_destroy(frame);
  unload(&l);
}

Test(skin, handles_take_their_own_maps) {
  /* M0 0 C10 0 30 0 40 0: anchor 0 (0, 0) with out handle (10, 0), anchor
   * 1 (40, 0) with in handle (30, 0). Anchor 1's point and the out handle
   * of anchor 0 follow b (turned 90°: (x, 0) → (0, x)); anchor 1's `in`
   * stays (@rest); anchor 0 stays (a). Deformed cubic: (0, 0), (0, 10),
   * (30, 0), (0, 40). Anchor 1 reads (0, 40). */
  loaded l = load_at(
      DOC(BONE("a", 0, 0) BONE("b", 0, 0) "{\"id\": \"p\", \"type\": \"path\", "
                                          "\"d\": \"M0 0 C10 0 30 0 40 "
                                          "0\", \"stroke\": {\"color\": "
                                          "\"#000\"}, \"skin\": {\"bones\": "
                                          "[\"a\", \"b\"], \"weights\": "
                                          "[{\"point\": {\"a\": 1}, \"out\": "
                                          "{\"b\": 1}}, {\"point\": {\"b\": "
                                          "1}, \"in\": {\"@rest\": 1}}]}}",
          "\"b.rotate\": [[0, 0], [1, 90]]"),
      1);
  EXPECT(&l, "p.skin.point.0.x", 0);
  EXPECT(&l, "p.skin.point.1.x", 0);
  EXPECT(&l, "p.skin.point.1.y", 40);
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(l.model, &frame), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(frame, l.player), ANIMA_OK);
  const anima_path *outline = frame->shapes[0].outline;
  cr_assert_eq(outline->segments[1].kind, ANIMA_SEGMENT_CUBIC);
  cr_expect_float_eq(outline->segments[1].points[0].x, 0, 1e-9);
  cr_expect_float_eq(outline->segments[1].points[0].y, 10, 1e-9);
  cr_expect_float_eq(outline->segments[1].points[1].x, 30, 1e-9);
  cr_expect_float_eq(outline->segments[1].points[1].y, 0, 1e-9);
  anima_draw_frame_destroy(frame);
  unload(&l);
}

Test(skin, sums_other_than_one_are_normalized_with_a_warning) {
  /* {a: 0.25, b: 0.25} sums to 0.5: rig-weight-sum (warning) at the map,
   * normalized to 0.5/0.5: (10, 0) → (5, 5) as in weights_blend. */
  loaded l = load_at(
      DOC(BONE("a", 0, 0) BONE("b", 0, 0) PATH(
              "", "{\"bones\": [\"a\", \"b\"], \"weights\": [{\"point\": "
                  "{\"a\": 0.25, \"b\": 0.25}}, {\"point\": {\"a\": 0}}]}"),
          "\"b.rotate\": [[0, 0], [1, 90]]"),
      1);
  const anima_diagnostic *d = anima_diagnostics_get(l.diagnostics, 0);
  cr_assert_not_null(d);
  cr_expect_str_eq(d->code, "rig-weight-sum");
  cr_expect_eq(d->severity, ANIMA_SEVERITY_WARNING);
  cr_expect_str_eq(d->pointer, "/nodes/2/skin/weights/0/point");
  EXPECT(&l, "p.skin.point.0.x", 5);
  EXPECT(&l, "p.skin.point.0.y", 5);
  /* {a: 0} sums to 0: a full @rest — the point stays at (40, 0). */
  EXPECT(&l, "p.skin.point.1.x", 40);
  EXPECT(&l, "p.skin.point.1.y", 0);
  unload(&l);
}

/* ---- one minimal invalid document per diagnostic ------------------------ */

static void expect_error(const char *json, const char *code,
                         const char *pointer) {
  anima_runtime *runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  cr_assert_eq(
      anima_runtime_load_module_file(runtime, SKIN_MODULE, diagnostics),
      ANIMA_OK);
  cr_assert_eq(
      anima_runtime_load_module_file(runtime, CONTOUR_MODULE, diagnostics),
      ANIMA_OK);
  cr_assert_eq(
      anima_runtime_load_module_file(runtime, MOTION_MODULE, diagnostics),
      ANIMA_OK);
  anima_model *model = NULL;
  cr_assert_neq(
      anima_model_load(runtime, json, strlen(json), diagnostics, &model),
      ANIMA_OK, "%s loaded", code);
  bool found = false;
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    if (strcmp(d->code, code) == 0 && strcmp(d->pointer, pointer) == 0) {
      found = true;
      cr_expect_eq(d->severity, ANIMA_SEVERITY_ERROR);
      cr_expect(strncmp(code, "rig-", 4) != 0 || (d->hint && d->hint[0]));
    }
  }
  const anima_diagnostic *first = anima_diagnostics_get(diagnostics, 0);
  cr_expect(found, "no %s at %s (first: %s %s)", code, pointer,
            first ? first->code : "-", first ? first->pointer : "-");
  loaded_expect_validate_reports(runtime, json, code, pointer);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}

#define NO_TRACKS "\"a.rotate\": [[0, 0], [1, 0]]"

Test(skin, diagnostics) {
  /* "Any other host reports rig-skin-host at the node's /skin pointer". */
  expect_error(DOC(BONE("a", 0, 0) "{\"id\": \"g\", \"type\": \"group\", "
                                   "\"skin\": {\"bones\": [\"a\"]}}",
                   NO_TRACKS),
               "rig-skin-host", "/nodes/1/skin");
  expect_error(DOC(BONE("a", 0, 0) "{\"id\": \"c\", \"type\": \"circle\", "
                                   "\"center\": [0, 0], \"r\": 5, \"stroke\": "
                                   "{\"color\": \"#000\"}, \"skin\": "
                                   "{\"bones\": [\"a\"]}}",
                   NO_TRACKS),
               "rig-skin-host", "/nodes/1/skin");
  /* "A path whose d is animated or posed while skinned reports
   * rig-skin-morph". */
  expect_error(DOC(BONE("a", 0, 0) PATH("", "{\"bones\": [\"a\"]}"),
                   "\"p.d\": [[0, \"M10 0 L40 0\"], [1, \"M10 0 L40 5\"]]"),
               "rig-skin-morph", "/nodes/1/d");
  /* ... posed by a state of a named machine (SPEC motion `machines`). */
  expect_error(
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 100, "
      "\"requires\": [\"rig\", \"skin\", \"motion\"], \"nodes\": "
      "[" BONE("a", 0, 0)
          PATH("", "{\"bones\": [\"a\"]}") "], "
                                           "\"machines\": {\"m\": {\"layers\": "
                                           "{\"l\": {\"initial\": "
                                           "\"s\", \"states\": {\"s\": "
                                           "{\"pose\": {\"p.d\": "
                                           "\"M10 0 L40 5\"}}}}}}}}",
      "rig-skin-morph", "/nodes/1/d");
  /* "An unknown id, a non-bone id, or an explicit influence that is not
   * listed in skin.bones reports rig-weight-bone". */
  expect_error(
      DOC(BONE("a", 0, 0) PATH("", "{\"bones\": [\"a\", \"q\"]}"), NO_TRACKS),
      "rig-weight-bone", "/nodes/1/skin/bones/1");
  expect_error(
      DOC(BONE("a", 0, 0) "{\"id\": \"g\", \"type\": \"group\"}, " PATH(
              "", "{\"bones\": [\"g\"]}"),
          NO_TRACKS),
      "rig-weight-bone", "/nodes/2/skin/bones/0");
  expect_error(DOC(BONE("a", 0, 0) BONE("b", 0, 0) PATH(
                       "", "{\"bones\": [\"a\"], \"weights\": [{\"point\": "
                           "{\"a\": 1}}, {\"point\": {\"b\": 1}}]}"),
                   NO_TRACKS),
               "rig-weight-bone", "/nodes/2/skin/weights/1/point/b");
  /* "Influence maps may contain at most four entries; more report
   * rig-weight-count". */
  expect_error(
      DOC(BONE("a", 0, 0) BONE("b", 0, 0) BONE("c", 0, 0) BONE("d", 0, 0)
              PATH("", "{\"bones\": [\"a\", \"b\", \"c\", \"d\"], "
                       "\"weights\": [{\"point\": {\"a\": 0.2, \"b\": 0.2, "
                       "\"c\": 0.2, \"d\": 0.2, \"@rest\": 0.2}}, {\"point\": "
                       "{\"a\": 1}}]}"),
          NO_TRACKS),
      "rig-weight-count", "/nodes/4/skin/weights/0/point");
  /* "weights has exactly one entry per path anchor". */
  expect_error(DOC(BONE("a", 0, 0) PATH("", "{\"bones\": [\"a\"], "
                                            "\"weights\": [{\"point\": "
                                            "{\"a\": 1}}]}"),
                   NO_TRACKS),
               "bad-value", "/nodes/1/skin/weights");
  /* A skin without rig-and-skin in requires. */
  expect_error("{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 100, "
               "\"requires\": [\"rig\"], \"nodes\": [" BONE("a", 0, 0)
                   PATH("", "{\"bones\": [\"a\"]}") "]}",
               "undeclared-feature", "/nodes/1/skin");
}

/* ---- contour hosts (module.h point deformers) --------------------------- */

/* A document requiring rig, skin and contour whose timeline "t" (1 s) has
 * `tracks`. */
#define CDOC(nodes, tracks)                                                    \
  "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 100, \"requires\": "        \
  "[\"rig\", \"skin\", \"contour\"], \"nodes\": [" nodes "], \"timelines\": "  \
  "{\"t\": {\"duration\": 1, \"tracks\": {" tracks "}}}, \"machine\": "        \
  "{\"layers\": {\"main\": {\"initial\": \"play\", \"states\": {\"play\": "    \
  "{\"play\": \"t\"}}}}}}"

static loaded load_contour_at(const char *json, double seconds) {
  static const char *const modules[] = {SKIN_MODULE, CONTOUR_MODULE, NULL};
  loaded l = loaded_open(modules, json, true);
  loaded_step(&l, seconds);
  return l;
}

/* The outline of the frame's only shape (valid until the frame dies). */
static const anima_path *only_outline(anima_draw_frame *frame) {
  const anima_path *outline = NULL;
  for (size_t i = 0; i < frame->item_count; i++) {
    if (frame->items[i].kind == ANIMA_DRAW_SHAPE) {
      outline = frame->shapes[frame->items[i].payload].outline;
    }
  }
  cr_assert_not_null(outline);
  return outline;
}

#define EXPECT_POINT(p, px, py)                                                \
  do {                                                                         \
    cr_expect_float_eq((p).x, px, 1e-9);                                       \
    cr_expect_float_eq((p).y, py, 1e-9);                                       \
  } while (0)

Test(skin_contour, handles_deform_with_their_own_maps) {
  /* An open contour (0, 0) straight → (40, 0) mirrored, handle (0, 10) →
   * (80, 0) straight: edges (0,0)–C((0,0), (40,−10), (40,0)) and
   * C((40,10), (80,0), (80,0)): vertex 1's incoming control is
   * (40, 0) − (0, 10) = (40, −10), its outgoing (40, 10). Bone b turns 90°
   * about the origin: (x, y) → (−y, x). Vertex 1's point and incoming
   * handle follow `point` {@rest: 1} and stay; its outgoing handle
   * {b: 1} goes to (−10, 40); vertex 2 {b: 1} to (0, 80). */
  loaded l = load_contour_at(
      CDOC(BONE("a", 0, 0) BONE(
               "b", 0, 0) "{\"id\": \"c\", \"type\": \"contour\", "
                          "\"stroke\": {\"color\": \"#000\"}, \"vertices\": "
                          "[{\"point\": [0, 0], \"kind\": \"straight\"}, "
                          "{\"point\": [40, 0], \"kind\": \"mirrored\", "
                          "\"handle\": [0, 10]}, {\"point\": [80, 0], "
                          "\"kind\": \"straight\"}], \"skin\": {\"bones\": "
                          "[\"a\", \"b\"], \"weights\": [{\"point\": {\"a\": "
                          "1}}, {\"point\": {\"@rest\": 1}, \"out\": {\"b\": "
                          "1}}, {\"point\": {\"b\": 1}}]}}",
           "\"b.rotate\": [[0, 0], [1, 90]]"),
      1);
  EXPECT(&l, "c.skin.point.1.x", 40);
  EXPECT(&l, "c.skin.point.1.y", 0);
  EXPECT(&l, "c.skin.point.2.x", 0);
  EXPECT(&l, "c.skin.point.2.y", 80);
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(l.model, &frame), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(frame, l.player), ANIMA_OK);
  const anima_path *outline = only_outline(frame);
  cr_assert_eq(outline->count, 3); /* M, C, C */
  cr_assert_eq(outline->segments[1].kind, ANIMA_SEGMENT_CUBIC);
  EXPECT_POINT(outline->segments[1].points[1], 40, -10);
  EXPECT_POINT(outline->segments[1].points[2], 40, 0);
  cr_assert_eq(outline->segments[2].kind, ANIMA_SEGMENT_CUBIC);
  EXPECT_POINT(outline->segments[2].points[0], -10, 40);
  EXPECT_POINT(outline->segments[2].points[1], 0, 80);
  EXPECT_POINT(outline->segments[2].points[2], 0, 80);
  anima_draw_frame_destroy(frame);
  unload(&l);
}

Test(skin_contour, rounding_is_rebuilt_from_the_deformed_points) {
  /* conformance skin-module-contour-rounded-corner, the cubic itself: at
   * t = 1 vertex 2 is at (40, 40), so the corner (40, 0) cuts back
   * min(10, 20, 20) = 10 to (30, 0) and (40, 10); θ = 90°,
   * h = (4/3)·tan(22.5°)·(2 − sin 90°); controls (30 + 10h, 0) and
   * (40, 10 − 10h). (At rest the cutback would be min(10, 20, 6) = 6.) */
  loaded l = load_contour_at(
      CDOC("{\"id\": \"b\", \"type\": \"bone\", \"length\": 40}, "
           "{\"id\": \"c\", \"type\": \"contour\", \"closed\": true, "
           "\"fill\": {\"color\": \"#000\"}, \"vertices\": [{\"point\": [0, "
           "0], \"kind\": \"straight\"}, {\"point\": [40, 0], \"kind\": "
           "\"rounded\", \"radius\": 10}, {\"point\": [40, 12], \"kind\": "
           "\"straight\"}, {\"point\": [0, 12], \"kind\": \"straight\"}], "
           "\"skin\": {\"bones\": [\"b\"], \"weights\": [{\"point\": "
           "{\"@rest\": 1}}, {\"point\": {\"@rest\": 1}}, {\"point\": {\"b\": "
           "1}}, {\"point\": {\"b\": 1}}]}}",
           "\"b.y\": [[0, 0], [1, 28]]"),
      1);
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(l.model, &frame), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(frame, l.player), ANIMA_OK);
  const anima_path *outline = only_outline(frame);
  double h = 4.0 / 3.0 * tan(acos(-1.0) / 8);
  size_t cubic = 0;
  for (size_t i = 0; i < outline->count; i++) {
    if (outline->segments[i].kind == ANIMA_SEGMENT_CUBIC) {
      cubic = i;
    }
  }
  cr_assert_gt(cubic, 0);
  EXPECT_POINT(outline->segments[cubic - 1].points[0], 30, 0);
  EXPECT_POINT(outline->segments[cubic].points[0], 30 + 10 * h, 0);
  EXPECT_POINT(outline->segments[cubic].points[1], 40, 10 - 10 * h);
  EXPECT_POINT(outline->segments[cubic].points[2], 40, 10);
  EXPECT_POINT(outline->segments[cubic + 1].points[0], 40, 40);
  anima_draw_frame_destroy(frame);
  unload(&l);
}

Test(skin_contour, stepping_and_drawing_allocate_nothing) {
  /* SPEC §7 / docs/STYLE.md: the deformed contour is rebuilt at every
   * outline call from stack storage. */
  allocations_install();
  cr_assert(allocations_work());
  loaded l = load_contour_at(
      CDOC(BONE("a", 0, 0) BONE("b", 0, 20) "{\"id\": \"c\", \"type\": "
                                            "\"contour\", \"closed\": true, "
                                            "\"fill\": {\"color\": "
                                            "\"#000\"}, \"vertices\": "
                                            "[{\"point\": [5, 2], \"kind\": "
                                            "\"straight\"}, {\"point\": [45, "
                                            "2], \"kind\": \"rounded\", "
                                            "\"radius\": 6}, {\"point\": [45, "
                                            "22], \"kind\": \"mirrored\", "
                                            "\"handle\": [0, 4]}, {\"point\": "
                                            "[5, 22], \"kind\": "
                                            "\"straight\"}], \"skin\": "
                                            "{\"bones\": [\"a\", \"b\"]}}",
           "\"b.rotate\": [[0, 0], [1, 30]]"),
      0);
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(l.model, &frame), ANIMA_OK);
  loaded_step(&l, 1.0 / 60);
  cr_assert_eq(anima_draw_frame_build(frame, l.player), ANIMA_OK);
  allocations_begin();
  for (int i = 0; i < 30; i++) {
    loaded_step(&l, 1.0 / 60);
    cr_assert_eq(anima_draw_frame_build(frame, l.player), ANIMA_OK);
  }
  cr_expect_eq(allocations_end(), 0);
  anima_draw_frame_destroy(frame);
  unload(&l);
}

#define CONTOUR_HOST(extra, skin)                                              \
  "{\"id\": \"c\", \"type\": \"contour\", \"vertices\": [{\"point\": [0, "     \
  "0], \"kind\": \"straight\"}, {\"point\": [40, 0], \"kind\": "               \
  "\"straight\"}]" extra ", \"skin\": " skin "}"

Test(skin_contour, diagnostics) {
  /* "weights has exactly one entry per ... contour vertex". */
  expect_error(CDOC(BONE("a", 0, 0) CONTOUR_HOST(
                        ", \"stroke\": {\"color\": \"#000\"}",
                        "{\"bones\": [\"a\"], \"weights\": [{\"point\": "
                        "{\"a\": 1}}]}"),
                    NO_TRACKS),
               "bad-value", "/nodes/1/skin/weights");
  /* A clockwise fill is compiled once: a deformed contour cannot take it. */
  expect_error(CDOC(BONE("a", 0, 0) CONTOUR_HOST(
                        ", \"fill\": {\"color\": \"#000\", \"winding\": "
                        "\"clockwise\"}",
                        "{\"bones\": [\"a\"]}"),
                    NO_TRACKS),
               "bad-value", "/nodes/1/fill/winding");
  /* The contour's own rig-weight-bone, rig-weight-count. */
  expect_error(CDOC(BONE("a", 0, 0) CONTOUR_HOST(
                        ", \"stroke\": {\"color\": \"#000\"}",
                        "{\"bones\": [\"a\"], \"weights\": [{\"point\": "
                        "{\"a\": 1}}, {\"point\": {\"q\": 1}}]}"),
                    NO_TRACKS),
               "rig-weight-bone", "/nodes/1/skin/weights/1/point/q");
}

Test(skin_contour, a_deformed_contour_takes_at_most_256_vertices) {
  /* 257 straight vertices on a line: limit-exceeded at /vertices (the
   * contour rebuilds a deformed outline in stack storage); 256 load. */
  for (int count = 256; count <= 257; count++) {
    static char json[32768];
    int at = snprintf(
        json, sizeof json,
        "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": "
        "100, \"requires\": [\"rig\", \"skin\", \"contour\"], "
        "\"nodes\": [" BONE("a", 0,
                            0) "{\"id\": \"c\", "
                               "\"type\": \"contour\", \"stroke\": {\"color\": "
                               "\"#000\"}, \"skin\": {\"bones\": [\"a\"]}, "
                               "\"vertices\": [");
    for (int i = 0; i < count; i++) {
      at += snprintf(json + at, sizeof json - (size_t)at,
                     "%s{\"point\": [%d, 0], \"kind\": \"straight\"}",
                     i ? ", " : "", i);
    }
    snprintf(json + at, sizeof json - (size_t)at, "]}]}");
    if (count == 256) {
      loaded l = load_contour_at(json, 0);
      EXPECT(&l, "c.skin.point.3.x", 3);
      unload(&l);
    } else {
      expect_error(json, "limit-exceeded", "/nodes/1/vertices");
    }
  }
}

Test(skin_contour, images_and_glyph_paths_wait_for_their_modules) {
  /* A path drawn from a glyph (no inline d) is still rig-skin-host, and
   * says why. */
  anima_runtime *runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  cr_assert_eq(
      anima_runtime_load_module_file(runtime, SKIN_MODULE, diagnostics),
      ANIMA_OK);
  const char *json =
      DOC(BONE("a", 0, 0) "{\"id\": \"p\", \"type\": \"path\", \"glyph\": "
                          "\"A\", \"skin\": {\"bones\": [\"a\"]}}",
          NO_TRACKS);
  anima_model *model = NULL;
  cr_assert_neq(
      anima_model_load(runtime, json, strlen(json), diagnostics, &model),
      ANIMA_OK);
  bool found = false;
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    if (strcmp(d->code, "rig-skin-host") == 0) {
      found = true;
      cr_expect_str_eq(d->pointer, "/nodes/1/skin");
      cr_expect(strstr(d->message, "text module") != NULL, "%s", d->message);
    }
  }
  cr_expect(found);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}
