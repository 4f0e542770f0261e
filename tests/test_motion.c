/*
 * test_motion.c — the motion module (modules/motion; SPEC `## motion`):
 * the curves elastic-in, elastic-in-out and value-cubic, typed channels
 * (values, C reads, snapshots) and one minimal invalid document per
 * diagnostic (tests/documents/motion-invalid). Expected values are derived
 * by hand in the comment above each assertion; the conformance cases
 * motion-* carry the same derivations in their WHY.md.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <anima/draw.h>
#include <anima/module.h>

#include "test_allocations.h"
#include "test_module_player.h"

#define MOTION_MODULE ANIMA_BUILD_ROOT "/modules/anima-motion.so"
#define BIND_MODULE ANIMA_BUILD_ROOT "/modules/anima-bind.so"
#define MOTION_INVALID ANIMA_SOURCE_ROOT "/tests/documents/motion-invalid"

static loaded load_with(const char *json, bool expect_ok) {
  /* bind gives `time:` expressions their grammar (SPEC motion). */
  static const char *const modules[] = {MOTION_MODULE, BIND_MODULE, NULL};
  return loaded_open(modules, json, expect_ok);
}

static void unload(loaded *l) {
  loaded_close(l);
}

static void step(loaded *l, double dt) {
  loaded_step(l, dt);
}

static anima_value read(const loaded *l, const char *address) {
  return loaded_value(l, address);
}

static double number(const loaded *l, const char *address) {
  return loaded_number(l, address);
}

/* The snapshot text of a value (anima_model_format_value). */
static const char *text_of(const loaded *l, const char *address) {
  static char buffer[256];
  anima_value value = read(l, address);
  anima_model_format_value(l->model, &value, buffer, sizeof buffer);
  return buffer;
}

/* One circle "dot" (MEMBERS more of its members), a 1 s timeline "t" with
 * TRACKS played by the only state. */
#define PLAYED(members, tracks)                                                \
  "{\"anima\": \"0.1\", \"name\": \"m\", \"grid\": 20, \"requires\": "         \
  "[\"motion\"], \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", "         \
  "\"center\": [10, 10], \"r\": 1, \"fill\": {\"color\": \"#000000\"}" members \
  "}, {\"id\": \"ring\", \"type\": \"circle\", \"center\": [5, 5], \"r\": "    \
  "1}], "                                                                      \
  "\"timelines\": {\"t\": {\"duration\": 1, \"tracks\": " tracks "}}, "        \
  "\"machine\": {\"layers\": {\"main\": {\"initial\": \"p\", \"states\": "     \
  "{\"p\": {\"play\": \"t\"}}}}}}"

Test(curves, elastic_in_gives_the_worked_value) {
  /* a = 1, p = 1/2: A = 1, s = (1/2)/(2π)·asin(1) = 1/8; elastic-in(u) =
   * −2^(−10(1−u))·sin((7/8 − u)·4π). u = 1/2: −2^−5·sin(3π/2) = 1/32.
   * u = 3/4: −2^−2.5·sin(π/2) = −0.17677669529663687 (an anticipation
   * below the start). a = 2, p = 1/2 at u = 1/2: A = 2, s = (1/(4π))·(π/6) =
   * 1/24, −2·2^−5·sin((1/2 − 1/24)·4π) = −(1/16)·sin(11π/6) = 1/32 too. */
  loaded l = load_with(
      PLAYED("", "{\"dot.x\": [[0, 0, \"elastic-in(1, 0.5)\"], [1, 1]], "
                 "\"dot.y\": [[0, 0, \"elastic-in(2, 0.5)\"], [1, 1]]}"),
      true);
  step(&l, 0);
  step(&l, 0.5);
  cr_assert_float_eq(number(&l, "dot.x"), 1.0 / 32, 1e-12);
  cr_assert_float_eq(number(&l, "dot.y"), 1.0 / 32, 1e-12);
  step(&l, 0.25);
  cr_assert_float_eq(number(&l, "dot.x"), -pow(2, -2.5), 1e-12);
  unload(&l);
}

Test(curves, elastic_in_out_joins_the_two_halves) {
  /* u = 1/4: elastic-in(1/2)/2 = 1/64; u = 1/2: 1/2 + elastic(0)/2 with
   * elastic(0) = sin(−π/2) + 1 = 0 → 1/2; u = 3/4: 1/2 + elastic(1/2)/2,
   * elastic(1/2) = 2^−5·sin(3π/2) + 1 = 31/32 → 63/64. On a transition
   * (a weight curve) it shapes the crossfade: poses 0 and 100, blend 1,
   * halfway 100·1/2 = 50. */
  loaded l = load_with(
      PLAYED("", "{\"dot.x\": [[0, 0, \"elastic-in-out(1, 0.5)\"], [1, 1]]}"),
      true);
  step(&l, 0);
  step(&l, 0.25);
  cr_assert_float_eq(number(&l, "dot.x"), 1.0 / 64, 1e-12);
  step(&l, 0.25);
  cr_assert_float_eq(number(&l, "dot.x"), 0.5, 1e-12);
  step(&l, 0.25);
  cr_assert_float_eq(number(&l, "dot.x"), 63.0 / 64, 1e-12);
  unload(&l);
  l = load_with(
      "{\"anima\": \"0.1\", \"name\": \"m\", \"grid\": 20, \"requires\": "
      "[\"motion\"], \"inputs\": {\"go\": {\"type\": \"trigger\"}}, "
      "\"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", \"center\": [10, "
      "10], \"r\": 1}], \"machine\": {\"layers\": {\"main\": {\"initial\": "
      "\"a\", \"states\": {\"a\": {\"pose\": {\"dot.x\": 0}, \"on\": "
      "[{\"when\": \"go\", \"to\": \"b\", \"blend\": 1, \"ease\": "
      "\"elastic-in-out(1, 0.5)\"}]}, \"b\": {\"pose\": {\"dot.x\": "
      "100}}}}}}}",
      true);
  step(&l, 0);
  anima_player_fire(l.player, "go");
  step(&l, 0);
  step(&l, 0.5);
  cr_assert_float_eq(number(&l, "dot.x"), 50, 1e-9);
  unload(&l);
}

Test(curves, value_cubic_moves_between_equal_endpoints) {
  /* value-cubic(0.25, 8, 0.75, 8), keys 0 → 0: at u = 1/2, Bx(1/2) = 1/2
   * (symmetric controls) so s = 1/2 and the value is 3·(1/8)·8 + 3·(1/8)·8
   * = 6. dot.y with x controls 1/3, 2/3 (Bx(s) = s) and ordinates 4, −1 at
   * u = 1/4: 3·(9/16)(1/4)·4 − 3·(3/4)(1/16) = 99/64. At the last key the
   * keys' own values: 0. */
  loaded l = load_with(
      PLAYED("",
             "{\"dot.x\": [[0, 0, \"value-cubic(0.25, 8, 0.75, 8)\"], "
             "[1, 0]], \"dot.y\": [[0, 0, \"value-cubic(0.3333333333333333, "
             "4, 0.6666666666666666, -1)\"], [1, 0]]}"),
      true);
  step(&l, 0);
  step(&l, 0.25);
  cr_assert_float_eq(number(&l, "dot.y"), 99.0 / 64, 1e-9);
  step(&l, 0.25);
  cr_assert_float_eq(number(&l, "dot.x"), 6, 1e-9);
  step(&l, 0.5);
  cr_assert_eq(number(&l, "dot.x"), 0);
  cr_assert_eq(number(&l, "dot.y"), 0);
  unload(&l);
}

Test(channels, values_read_as_their_payload_and_print_by_type) {
  /* Rest values: count −3, serial 4294967295, label "Ready \"now\"",
   * target "ring". A host reads the payload text (the number's digits,
   * the string, the node id); snapshots print integers as numbers and the
   * others as JSON strings (DECISIONS 11). */
  loaded l = load_with(
      PLAYED(", \"channels\": {\"count\": {\"type\": \"int\", \"value\": -3}, "
             "\"serial\": {\"type\": \"uint\", \"value\": 4294967295}, "
             "\"label\": {\"type\": \"string\", \"value\": \"Ready "
             "\\\"now\\\"\"}, "
             "\"target\": {\"type\": \"reference\", \"value\": \"ring\"}}",
             "{\"dot.x\": [[0, 0], [1, 1]]}"),
      true);
  step(&l, 0);
  cr_assert_str_eq(read(&l, "dot.channels.count").as.text, "-3");
  cr_assert_str_eq(read(&l, "dot.channels.label").as.text, "Ready \"now\"");
  cr_assert_str_eq(read(&l, "dot.channels.target").as.text, "ring");
  cr_assert_str_eq(text_of(&l, "dot.channels.count"), "-3");
  cr_assert_str_eq(text_of(&l, "dot.channels.serial"), "4294967295");
  cr_assert_str_eq(text_of(&l, "dot.channels.label"), "\"Ready \\\"now\\\"\"");
  cr_assert_str_eq(text_of(&l, "dot.channels.target"), "\"ring\"");
  unload(&l);
}

Test(channels, keys_hold_until_the_exact_next_key) {
  /* "hold-only: left value until the exact next key": keys 1 at 0 and 2
   * at 0.5; at 0.4999 still 1, at 0.5 exactly 2. */
  loaded l = load_with(
      PLAYED(", \"channels\": {\"count\": {\"type\": \"int\", \"value\": 0}}",
             "{\"dot.channels.count\": [[0, 1], [0.5, 2]]}"),
      true);
  step(&l, 0);
  step(&l, 0.4999);
  cr_assert_str_eq(read(&l, "dot.channels.count").as.text, "1");
  step(&l, 0.0001);
  cr_assert_str_eq(read(&l, "dot.channels.count").as.text, "2");
  unload(&l);
}

Test(channels, stepping_with_curves_and_channels_allocates_nothing) {
  allocations_install();
  cr_assert(allocations_work());
  loaded l = load_with(
      PLAYED(", \"channels\": {\"label\": {\"type\": \"string\", \"value\": "
             "\"a\"}}",
             "{\"dot.x\": [[0, 0, \"value-cubic(0.2, 5, 0.8, -5)\"], [1, 0]], "
             "\"dot.y\": [[0, 0, \"elastic-in-out(1.5, 0.3)\"], [1, 1]], "
             "\"dot.channels.label\": [[0, \"a\"], [0.5, \"b\"]]}"),
      true);
  step(&l, 0);
  allocations_begin();
  for (int i = 0; i < 120; i++) {
    step(&l, 1.0 / 120);
  }
  cr_assert_eq(allocations_end(), 0);
  unload(&l);
}

/* Timeline clock and controls: a quantized reverse loop over a work area
 * with events, synced back and forth between a forward and a held state
 * behind an exit gate, stepped 240 times (crossing the loop seam and both
 * syncs), allocates nothing. */
Test(clock, stepping_with_clocks_and_controls_allocates_nothing) {
  allocations_install();
  cr_assert(allocations_work());
  loaded l = load_with(
      "{\"anima\": \"0.1\", \"name\": \"m\", \"grid\": 20, \"requires\": "
      "[\"motion\"], \"inputs\": {\"go\": {\"type\": \"bool\"}}, \"nodes\": "
      "[{\"id\": \"dot\", \"type\": \"circle\", \"center\": [10, 10], "
      "\"r\": 1}], \"timelines\": {\"t\": {\"duration\": 1, \"loop\": "
      "\"loop\", \"speed\": -1.5, \"quantize\": 30, \"work\": [0.1, 0.9], "
      "\"tracks\": {\"dot.x\": [[0, 0], [1, 10]]}, \"events\": [[0.1, "
      "\"a\"], [0.5, \"b\"], [0.9, \"c\"]]}}, \"machine\": {\"layers\": "
      "{\"main\": {\"initial\": \"p\", \"states\": {\"p\": {\"play\": "
      "\"t\", \"on\": [{\"when\": \"go\", \"to\": \"h\", \"sync\": true, "
      "\"exitFraction\": 0.25}]}, \"h\": {\"play\": \"t\", \"hold\": true, "
      "\"on\": [{\"when\": \"!go\", \"to\": \"p\", \"sync\": true}]}}}}}}",
      true);
  step(&l, 0);
  allocations_begin();
  for (int i = 0; i < 240; i++) {
    if (i % 40 == 0) {
      anima_player_set_bool(l.player, "go", (i / 40) % 2 == 1);
    }
    step(&l, 1.0 / 120);
  }
  cr_assert_eq(allocations_end(), 0);
  unload(&l);
}

/* ---- animated transform origin ------------------------------------------ */

/* SPEC motion "Animated transform origin": dot rotates 90° about
 * (pivotX, pivotY) = (10 → 14 in 1 s, 10); its local matrix is
 * T(p)·R(90°)·T(−p) = [0 −1 1 0 | px + py, py − px] (R(90°): a = 0, b = 1,
 * c = −1, d = 0 in y-down coordinates), so at t = 0.5 (px 12) it is
 * e = 22, f = −2: the draw frame's world matrix and the hit test at the
 * centre's image (14, 10) → (−10 + 22, 14 − 2) = (12, 12) agree. Stepping
 * 120 times allocates nothing. */
Test(pivot, an_animated_pivot_moves_the_drawn_and_hit_matrix) {
  allocations_install();
  cr_assert(allocations_work());
  loaded l = load_with(
      "{\"anima\": \"0.1\", \"name\": \"m\", \"grid\": 20, \"requires\": "
      "[\"motion\"], \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", "
      "\"center\": [14, 10], \"r\": 1.5, \"rotate\": 90, \"pivot\": [6, 4], "
      "\"pivotY\": 10, \"fill\": {\"color\": \"#000000\"}}], \"timelines\": "
      "{\"t\": {\"duration\": 1, \"tracks\": {\"dot.pivotX\": [[0, 10], [1, "
      "14]]}}}, \"machine\": {\"layers\": {\"main\": {\"initial\": \"p\", "
      "\"states\": {\"p\": {\"play\": \"t\"}}}}}}",
      true);
  step(&l, 0);
  allocations_begin();
  for (int i = 0; i < 60; i++) {
    step(&l, 1.0 / 120);
  }
  cr_assert_eq(allocations_end(), 0);
  cr_assert_float_eq(number(&l, "dot.pivotY"), 10, 1e-12);
  cr_assert_float_eq(number(&l, "dot.pivotX"), 12, 1e-9);
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(l.model, &frame), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(frame, l.player), ANIMA_OK);
  anima_matrix world = frame->items[0].world;
  cr_expect_float_eq(world.a, 0, 1e-12);
  cr_expect_float_eq(world.b, 1, 1e-12);
  cr_expect_float_eq(world.c, -1, 1e-12);
  cr_expect_float_eq(world.d, 0, 1e-12);
  cr_expect_float_eq(world.e, 22, 1e-9);
  cr_expect_float_eq(world.f, -2, 1e-9);
  anima_draw_frame_destroy(frame);
  long hit = -1;
  cr_assert_eq(anima_player_hit_node(l.player, 12, 12, &hit), ANIMA_OK);
  cr_expect_eq(hit, 0);
  cr_assert_eq(anima_player_hit_node(l.player, 14, 10, &hit), ANIMA_OK);
  cr_expect_eq(hit, -1);
  /* t = 1: px = 14, e = 24, f = −4 (the centre is the pivot). */
  for (int i = 0; i < 60; i++) {
    step(&l, 1.0 / 120);
  }
  cr_assert_eq(anima_draw_frame_create(l.model, &frame), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(frame, l.player), ANIMA_OK);
  cr_expect_float_eq(frame->items[0].world.e, 24, 1e-9);
  cr_expect_float_eq(frame->items[0].world.f, -4, 1e-9);
  anima_draw_frame_destroy(frame);
  unload(&l);
}

/* ---- one minimal invalid document per diagnostic ------------------------ */

typedef struct expectation {
  const char *document; /* tests/documents/motion-invalid/<document>.ani */
  const char *code;
  const char *pointer;
} expectation;

static const expectation expectations[] = {
    /* "Invalid integer values are motion-integer at the value": a uint
     * declared −1, an int key 2^31, an int pose 0.5. */
    {"motion-integer", "motion-integer", "/nodes/0/channels/c/value"},
    {"motion-integer-key", "motion-integer",
     "/timelines/t/tracks/dot.channels.c/0/1"},
    {"motion-integer-pose", "motion-integer",
     "/machine/layers/main/states/a/pose/dot.channels.c"},
    /* "unresolved references are motion-reference": document and key. */
    {"motion-reference", "motion-reference", "/nodes/0/channels/c/value"},
    {"motion-reference-key", "motion-reference",
     "/timelines/t/tracks/dot.channels.c/0/1"},
    /* "wrong string values are value-type": a string channel valued 3, an
     * int channel keyed "1". */
    {"motion-value-type", "value-type", "/nodes/0/channels/c/value"},
    {"motion-value-type-key", "value-type",
     "/timelines/t/tracks/dot.channels.c/0/1"},
    /* "Structural channel/name errors use §11 codes": type "float". */
    {"motion-channel-type", "bad-value", "/nodes/0/channels/c/type"},
    /* "An explicit ease other than hold is bad-ease." */
    {"motion-channel-ease", "bad-ease",
     "/timelines/t/tracks/dot.channels.c/0/2"},
    /* "Both require finite a >= 0, p > 0": p 0 and a −1. */
    {"motion-elastic-period", "bad-ease", "/timelines/t/tracks/dot.x/0/2"},
    {"motion-elastic-amplitude", "bad-ease", "/timelines/t/tracks/dot.x/0/2"},
    /* value-cubic: time controls in [0, 1]; not on transitions or colours. */
    {"motion-value-cubic-range", "bad-ease", "/timelines/t/tracks/dot.x/0/2"},
    {"motion-value-cubic-transition", "bad-ease",
     "/machine/layers/main/states/a/on/0/ease"},
    {"motion-value-cubic-color", "bad-ease",
     "/timelines/t/tracks/dot.fill.color/0/2"},
    /* "a missing requirement reports undeclared-feature". */
    {"motion-undeclared", "undeclared-feature",
     "/timelines/t/tracks/dot.x/0/2"},
    /* "Invalid work bounds report motion-work at /timelines/<name>/work":
     * an end past the duration ([0.5, 2] of 1 s) and start = end. */
    {"motion-work", "motion-work", "/timelines/t/work"},
    {"motion-work-order", "motion-work", "/timelines/t/work"},
    /* "Structural nonpositive quantization ... use the existing range
     * diagnostics": quantize 0. */
    {"motion-quantize", "bad-value", "/timelines/t/quantize"},
    /* DECISIONS 19: without motion, §8's speed > 0 stands (speed −1). */
    {"motion-speed-undeclared", "bad-value",
     "/machine/layers/main/states/a/speed"},
    /* A timeline speed in a document without motion. */
    {"motion-clock-undeclared", "undeclared-feature", "/timelines/t/speed"},
    /* exit "requires a play source and must lie within its work span";
     * "never both" (motion-exit at the later key). */
    {"motion-exit-pose", "motion-exit",
     "/machine/layers/main/states/a/on/0/exit"},
    {"motion-exit-span", "motion-exit",
     "/machine/layers/main/states/a/on/0/exit"},
    {"motion-exit-both", "motion-exit",
     "/machine/layers/main/states/a/on/0/exitFraction"},
    /* exitNext "cannot combine with triggers" (motion-exit at /exitNext). */
    {"motion-exit-next", "motion-exit",
     "/machine/layers/main/states/a/on/0/exitNext"},
    /* "Both states must play the same timeline (motion-sync at .../sync)". */
    {"motion-sync", "motion-sync", "/machine/layers/main/states/a/on/0/sync"},
    /* "either on a pose reports motion-control at the state". */
    {"motion-control", "motion-control", "/machine/layers/main/states/b"},
    /* "hold and time are exclusive ... (conflict at /time)". */
    {"motion-control-time", "motion-control",
     "/machine/layers/main/states/a/time"},
    /* "missing bind reports undeclared-feature there"; "Errors use bind's
     * existing codes at the state's /time". */
    {"motion-time-undeclared", "undeclared-feature",
     "/machine/layers/main/states/a/time"},
    {"motion-time-syntax", "bind-syntax", "/machine/layers/main/states/a/time"},
    /* Animated transform origin: pivotX/pivotY are motion's ("a missing
     * requirement reports undeclared-feature"); a key must be a number
     * (value-type). */
    {"motion-pivot-undeclared", "undeclared-feature",
     "/timelines/t/tracks/dot.pivotX"},
    {"motion-pivot-key", "value-type", "/timelines/t/tracks/dot.pivotX/1/1"},
    /* Named machines (SPEC motion "Explicit runtime instances"): `machines`
     * is motion's; a machine may not take a timeline's name ("Instance
     * names are unique across timelines and machines"); a definition needs
     * `layers` and a name; its layers are validated as the default
     * machine's ("Definitions are validated even before instantiation"),
     * at pointers under /machines/<name>/layers. */
    {"motion-machine-undeclared", "undeclared-feature", "/machines"},
    {"motion-machine-timeline-name", "motion-machine", "/machines/m"},
    {"motion-machine-layers", "missing-key", "/machines/m"},
    {"motion-machine-name", "bad-name", "/machines/Bad"},
    {"motion-machine-initial", "unknown-state", "/machines/m/layers/l/initial"},
    {"motion-machine-play", "unknown-timeline",
     "/machines/m/layers/l/states/p/play"},
    {"motion-machine-condition", "unknown-input",
     "/machines/m/layers/l/states/p/on/0/when"},
    /* A module key that does not run in a named machine yet (motion's
     * `hold` here) is refused, not read and silently left unrun
     * (docs/DECISIONS.md "Named machines run module features"). */
    {"motion-machine-module-key", "motion-machine",
     "/machines/m/layers/l/states/p/hold"},
};

#define EXPECTATION_COUNT (sizeof expectations / sizeof expectations[0])

Test(motion_documents, each_invalid_document_reports_its_diagnostic) {
  for (size_t i = 0; i < EXPECTATION_COUNT; i++) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s.ani", MOTION_INVALID,
             expectations[i].document);
    loaded l = load_with(loaded_read_document(path), false);
    size_t count = anima_diagnostics_count(l.diagnostics);
    cr_expect_eq(count, 1, "%s: %zu diagnostics", expectations[i].document,
                 count);
    const anima_diagnostic *d = anima_diagnostics_get(l.diagnostics, 0);
    cr_assert_not_null(d, "%s", expectations[i].document);
    cr_expect_str_eq(d->code, expectations[i].code, "%s",
                     expectations[i].document);
    cr_expect_str_eq(d->pointer, expectations[i].pointer, "%s",
                     expectations[i].document);
    cr_expect_eq(d->severity, ANIMA_SEVERITY_ERROR, "%s",
                 expectations[i].document);
    cr_expect(d->hint && d->hint[0], "%s has a hint", expectations[i].document);
    anima_diagnostics_destroy(l.diagnostics);
    anima_runtime_destroy(l.runtime);
  }
}

Test(motion_documents, every_document_is_in_the_table_and_every_code_covered) {
  DIR *directory = opendir(MOTION_INVALID);
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
  static const char *const codes[] = {
      "motion-integer", "motion-reference", "motion-work",   "motion-exit",
      "motion-sync",    "motion-control",   "motion-machine"};
  for (size_t c = 0; c < sizeof codes / sizeof *codes; c++) {
    bool covered = false;
    for (size_t i = 0; i < EXPECTATION_COUNT && !covered; i++) {
      covered = strcmp(expectations[i].code, codes[c]) == 0;
    }
    cr_expect(covered, "no document for %s", codes[c]);
  }
}
