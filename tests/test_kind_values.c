/*
 * test_kind_values.c — value types added by a module (issue 9 item 6,
 * module.h anima_value_type_desc): tests/modules/values.c adds int, uint,
 * string, reference, point and path types with one node property each
 * (tally, serial, caption, pointee, spot, morph). Values are derived by
 * hand below: hold types keep the left key (SPEC motion chapter "Typed
 * channels"), points and paths interpolate number by number (paint
 * chapter "Compatible path morphs": arc flags 0 below 0.5 else 1, five
 * decimals between keys, authored strings at exact keys), snapshots print
 * references as node ids (DECISIONS 11) and points as [x, y] (DECISIONS
 * 22).
 */
#include <anima/format.h>

#include "test_allocations.h"
#include "test_kind_fixture.h"

/* Node "a" (with the members A_MEMBERS) and node "b"; REST more document
 * members. */
#define VALUES(a_members, ...)                                                 \
  "{\"anima\": \"0.1\", \"name\": \"values\", \"grid\": 20, \"requires\": "    \
  "[\"values\"], \"nodes\": [{\"id\": \"a\", \"type\": \"circle\", "           \
  "\"center\": [10, 10], \"r\": 2, \"fill\": {\"color\": "                     \
  "\"#000000\"}" a_members                                                     \
  "}, {\"id\": \"b\", \"type\": \"circle\", \"center\": [5, 5], "              \
  "\"r\": 1, \"fill\": {\"color\": \"#000000\"}}]" __VA_ARGS__ "}"

/* A timeline "t" of 1 s played by the only state, with TRACKS. */
#define PLAYING(a_members, tracks)                                             \
  VALUES(a_members,                                                            \
         ", \"timelines\": {\"t\": {\"duration\": 1, \"tracks\": " tracks      \
         "}}, \"machine\": {\"layers\": {\"main\": {\"initial\": \"p\", "      \
         "\"states\": {\"p\": {\"play\": \"t\"}}}}}")

/* The snapshot text of a property (anima_model_format_value). */
static const char *text_of(const kind_fixture *f, const char *address) {
  static char buffer[256];
  anima_value value = kind_value(f, address);
  size_t length =
      anima_model_format_value(f->model, &value, buffer, sizeof buffer);
  cr_assert_eq(length, strlen(buffer), "%s: %s", address, buffer);
  return buffer;
}

Test(kind_values, document_values_parse_and_print_by_type) {
  kind_fixture f = kind_runtime("values");
  kind_load(&f, VALUES(", \"tally\": -3, \"serial\": 4294967295, \"caption\": "
                       "\"Ready now\", \"pointee\": \"b\", \"spot\": [1.5, "
                       "-2], \"morph\": \"M0 0 L10,0\""));
  cr_assert_eq(kind_value(&f, "a.tally").as.integer, -3);
  cr_assert_eq(kind_value(&f, "a.serial").as.integer, 4294967295);
  cr_assert_str_eq(kind_value(&f, "a.caption").as.text, "Ready now");
  cr_assert_eq(kind_value(&f, "a.pointee").as.reference, 1); /* node b */
  cr_assert_str_eq(text_of(&f, "a.tally"), "-3");
  cr_assert_str_eq(text_of(&f, "a.serial"), "4294967295");
  cr_assert_str_eq(text_of(&f, "a.caption"), "\"Ready now\"");
  cr_assert_str_eq(text_of(&f, "a.pointee"), "\"b\"");
  cr_assert_str_eq(text_of(&f, "a.spot"), "[1.5, -2]");
  /* The authored string, spaces and comma kept. */
  cr_assert_str_eq(text_of(&f, "a.morph"), "\"M0 0 L10,0\"");
  /* Defaults where the document has no value: b's caption "" and pointee
   * none. */
  cr_assert_str_eq(text_of(&f, "b.caption"), "\"\"");
  cr_assert_str_eq(text_of(&f, "b.pointee"), "null");
  kind_free(&f);
}

Test(kind_values, a_pattern_property_rests_at_its_own_member) {
  /* "notes.*" (a string per member): each slot's rest is the document
   * value of its own member, notes.greet "Hi" and notes.bye "Bye" (not the
   * property's default ""). */
  kind_fixture f = kind_runtime("values");
  kind_load(&f, VALUES(", \"notes\": {\"greet\": \"Hi\", \"bye\": \"Bye\"}"));
  cr_assert_str_eq(kind_value(&f, "a.notes.greet").as.text, "Hi");
  cr_assert_str_eq(kind_value(&f, "a.notes.bye").as.text, "Bye");
  kind_free(&f);
}

Test(kind_values, format_follows_the_snprintf_contract) {
  /* "Ready now" quoted is 11 bytes: a 6-byte buffer gets 5 and a NUL. */
  kind_fixture f = kind_runtime("values");
  kind_load(&f, VALUES(", \"caption\": \"Ready now\""));
  anima_value value = kind_value(&f, "a.caption");
  char buffer[6];
  cr_assert_eq(anima_model_format_value(f.model, &value, buffer, sizeof buffer),
               11);
  cr_assert_str_eq(buffer, "\"Read");
  cr_assert_eq(anima_model_format_value(f.model, &value, NULL, 0), 11);
  kind_free(&f);
}

/* The pointer and code of the only diagnostic of validating JSON. */
static void expect_one(kind_fixture *f, const char *json, const char *code,
                       const char *pointer) {
  kind_validate(f, json);
  const anima_diagnostic *d = kind_only(f);
  cr_assert_str_eq(d->code, code, "%s: %s", d->pointer, d->message);
  cr_assert_str_eq(d->pointer, pointer, "%s", d->message);
}

Test(kind_values, bad_document_values_are_reported_at_the_value) {
  kind_fixture f = kind_runtime("values");
  /* int holds [-2^31, 2^31 − 1]; uint [0, 2^32 − 1]. */
  expect_one(&f, VALUES(", \"tally\": 2147483648"), "integer-range",
             "/nodes/0/tally");
  expect_one(&f, VALUES(", \"tally\": 1.5"), "integer-range", "/nodes/0/tally");
  expect_one(&f, VALUES(", \"serial\": -1"), "integer-range",
             "/nodes/0/serial");
  /* The kernel's default parse of TEXT storage. */
  expect_one(&f, VALUES(", \"caption\": 5"), "value-type", "/nodes/0/caption");
  /* A reference to a later node is fine (ids are known first); to a
   * missing one it is not. */
  cr_assert_eq(kind_validate(&f, VALUES(", \"pointee\": \"b\"")), 0);
  expect_one(&f, VALUES(", \"pointee\": \"c\""), "unknown-reference",
             "/nodes/0/pointee");
  expect_one(&f, VALUES(", \"spot\": [1]"), "value-type", "/nodes/0/spot");
  expect_one(&f, VALUES(", \"morph\": \"L0 0\""), "bad-path", "/nodes/0/morph");
  kind_free(&f);
}

Test(kind_values, keys_and_poses_are_checked_against_the_type_and_rest) {
  kind_fixture f = kind_runtime("values");
  expect_one(&f, PLAYING("", "{\"a.tally\": [[0, 1], [1, \"two\"]]}"),
             "value-type", "/timelines/t/tracks/a.tally/1/1");
  /* Hold types take no ease but hold. */
  expect_one(&f,
             PLAYING("", "{\"a.caption\": [[0, \"x\", \"linear\"], [1, "
                         "\"y\"]]}"),
             "bad-ease", "/timelines/t/tracks/a.caption/0/2");
  cr_assert_eq(kind_validate(&f, PLAYING("", "{\"a.caption\": [[0, \"x\", "
                                             "\"hold\"], [1, \"y\"]]}")),
               0);
  /* A key's commands differ from the rest value's at segment 1. */
  expect_one(&f,
             PLAYING(", \"morph\": \"M0 0L10 0\"",
                     "{\"a.morph\": [[0, \"M0 0L10 0\"], [1, \"M0 0C1 1 2 "
                     "2 3 3\"]]}"),
             "morph-mismatch", "/timelines/t/tracks/a.morph/1/1");
  cr_assert_str_eq(kind_only(&f)->hint, "segment 1: expected \"L\", got \"C\"");
  /* A pose value one segment short. */
  expect_one(&f,
             VALUES(", \"morph\": \"M0 0L10 0\"",
                    ", \"machine\": {\"layers\": {\"main\": {\"initial\": "
                    "\"s\", \"states\": {\"s\": {\"pose\": {\"a.morph\": "
                    "\"M5 5\"}}}}}}"),
             "morph-mismatch", "/machine/layers/main/states/s/pose/a.morph");
  cr_assert_str_eq(kind_only(&f)->hint,
                   "segment 1: expected \"L\", got the end");
  /* Implicit repetitions expand (extra moveto pairs are lineto), so
   * "M0 0 10 0" has the commands of "M0 0L10 0". */
  cr_assert_eq(kind_validate(&f, PLAYING(", \"morph\": \"M0 0 10 0\"",
                                         "{\"a.morph\": [[0, \"M0 0L1 "
                                         "1\"]]}")),
               0);
  kind_free(&f);
}

Test(kind_values, values_of_an_undeclared_feature_are_refused) {
  kind_fixture f = kind_runtime("values");
  kind_validate(&f, "{\"anima\": \"0.1\", \"name\": \"v\", \"grid\": 20, "
                    "\"nodes\": [{\"id\": \"a\", \"type\": \"circle\", "
                    "\"center\": [10, 10], \"r\": 1, \"fill\": {\"color\": "
                    "\"#000000\"}, \"tally\": 2}]}");
  cr_assert_str_eq(kind_only(&f)->code, "undeclared-feature");
  kind_free(&f);
}

Test(kind_values, hold_types_keep_the_left_key) {
  /* Keys at 0 and 1 s: at 0.5 s every hold type shows key 0; at 1 s key
   * 1. */
  kind_fixture f = kind_runtime("values");
  kind_load(&f, PLAYING("", "{\"a.tally\": [[0, 1], [1, 5]], \"a.caption\": "
                            "[[0, \"one\"], [1, \"five\"]], \"a.pointee\": "
                            "[[0, \"a\"], [1, \"b\"]]}"));
  kind_step(&f, 0);
  kind_step(&f, 0.5);
  cr_assert_str_eq(text_of(&f, "a.tally"), "1");
  cr_assert_str_eq(text_of(&f, "a.caption"), "\"one\"");
  cr_assert_str_eq(text_of(&f, "a.pointee"), "\"a\"");
  kind_step(&f, 0.5);
  cr_assert_str_eq(text_of(&f, "a.tally"), "5");
  cr_assert_str_eq(text_of(&f, "a.caption"), "\"five\"");
  cr_assert_str_eq(text_of(&f, "a.pointee"), "\"b\"");
  kind_free(&f);
}

Test(kind_values, points_interpolate_per_coordinate) {
  /* [0, 0] -> [10, 20] over 1 s, linear: at 0.25 s, [2.5, 5]. */
  kind_fixture f = kind_runtime("values");
  kind_load(&f, PLAYING("", "{\"a.spot\": [[0, [0, 0]], [1, [10, 20]]]}"));
  kind_step(&f, 0);
  kind_step(&f, 0.25);
  cr_assert_str_eq(text_of(&f, "a.spot"), "[2.5, 5]");
  kind_free(&f);
}

Test(kind_values, paths_morph_number_by_number) {
  /* "M0 0L10 0" -> "M 0,0 L 20,10" over 1 s, linear. At 0 s the first
   * key's own string. At 1/3 s: x = 10 + 10/3 = 13.333…, y = 10/3 =
   * 3.333…, five decimals: "M0 0L13.33333 3.33333". At 0.5 s: "M0
   * 0L15 5". At 1 s the last key as authored, spaces and commas kept. */
  kind_fixture f = kind_runtime("values");
  kind_load(&f, PLAYING(", \"morph\": \"M0 0L10 0\"",
                        "{\"a.morph\": [[0, \"M0 0L10 0\"], [1, \"M 0,0 L "
                        "20,10\"]]}"));
  kind_step(&f, 0);
  cr_assert_str_eq(text_of(&f, "a.morph"), "\"M0 0L10 0\"");
  kind_step(&f, 1.0 / 3);
  cr_assert_str_eq(text_of(&f, "a.morph"), "\"M0 0L13.33333 3.33333\"");
  kind_step(&f, 0.5 - 1.0 / 3);
  cr_assert_str_eq(text_of(&f, "a.morph"), "\"M0 0L15 5\"");
  kind_step(&f, 0.5);
  cr_assert_str_eq(text_of(&f, "a.morph"), "\"M 0,0 L 20,10\"");
  kind_free(&f);
}

Test(kind_values, arc_flags_are_0_below_one_half_else_1) {
  /* "M0 0A5 5 0 0 1 10 0" -> "M0 0A15 5 0 1 0 10 0": rx = 5 + 10w, the
   * large-arc flag 0 -> 1 is 0 while w < 0.5, the sweep flag 1 -> 0 is
   * 1 - w, so 1 while 1 − w >= 0.5. w 0.4: rx 9, flags 0 1; w 0.5: rx
   * 10, flags 1 1; w 0.6: rx 11, flags 1 0. */
  kind_fixture f = kind_runtime("values");
  kind_load(&f, PLAYING(", \"morph\": \"M0 0A5 5 0 0 1 10 0\"",
                        "{\"a.morph\": [[0, \"M0 0A5 5 0 0 1 10 0\"], [1, "
                        "\"M0 0A15 5 0 1 0 10 0\"]]}"));
  kind_step(&f, 0);
  kind_step(&f, 0.4);
  cr_assert_str_eq(text_of(&f, "a.morph"), "\"M0 0A9 5 0 0 1 10 0\"");
  kind_step(&f, 0.1);
  cr_assert_str_eq(text_of(&f, "a.morph"), "\"M0 0A10 5 0 1 1 10 0\"");
  kind_step(&f, 0.1);
  cr_assert_str_eq(text_of(&f, "a.morph"), "\"M0 0A11 5 0 1 0 10 0\"");
  kind_free(&f);
}

/* Play states a ("M0 0L10 0" -> "M0 0L20 0") and b ("M0 0L100 0" -> "M0
 * 0L200 0"), 1 s loops; "go" crossfades a -> b in 1 s. */
#define MORPH_FADE                                                             \
  VALUES(", \"morph\": \"M0 0L10 0\"",                                         \
         ", \"inputs\": {\"go\": {\"type\": \"trigger\"}}, \"timelines\": "    \
         "{\"ta\": {\"duration\": 1, \"loop\": \"loop\", \"tracks\": "         \
         "{\"a.morph\": [[0, \"M0 0L10 0\"], [1, \"M0 0L20 0\"]]}}, \"tb\": "  \
         "{\"duration\": 1, \"loop\": \"loop\", \"tracks\": {\"a.morph\": "    \
         "[[0, \"M0 0L100 0\"], [1, \"M0 0L200 0\"]]}}}, \"machine\": "        \
         "{\"layers\": {\"main\": {\"initial\": \"a\", \"states\": {\"a\": "   \
         "{\"play\": \"ta\", \"on\": [{\"when\": \"go\", \"to\": \"b\", "      \
         "\"blend\": 1}]}, \"b\": {\"play\": \"tb\"}}}}}")

Test(kind_values, a_crossfade_snapshot_keeps_its_own_numbers) {
  /* At 0.5 s state a samples L15 0; go is taken at that step's stage 3:
   * the snapshot F = L15 0 (carry 0, w 0: the snapshot itself). 0.5 s
   * later b samples L150 0 (into the layer's sample cell) and w = 0.5:
   * 15 + (150 − 15)·0.5 = 82.5. A snapshot sharing the sample cell would
   * have become L150 0 and shown 150. At 1 s the fade ends: b's sample at
   * 1 s of a 1 s loop folds to 0: L100 0, as authored. */
  kind_fixture f = kind_runtime("values");
  kind_load(&f, MORPH_FADE);
  kind_step(&f, 0);
  kind_step(&f, 0.5);
  cr_assert_str_eq(text_of(&f, "a.morph"), "\"M0 0L15 0\"");
  anima_player_fire(f.player, "go");
  kind_step(&f, 0);
  cr_assert_str_eq(anima_player_layer_state(f.player, 0), "b");
  cr_assert_str_eq(text_of(&f, "a.morph"), "\"M0 0L15 0\"");
  kind_step(&f, 0.5);
  cr_assert_str_eq(text_of(&f, "a.morph"), "\"M0 0L82.5 0\"");
  kind_step(&f, 0.5);
  cr_assert_str_eq(text_of(&f, "a.morph"), "\"M0 0L100 0\"");
  kind_free(&f);
}

Test(kind_values, hold_types_take_the_target_from_the_start_of_a_fade) {
  /* Poses a (tally 1, caption "a") and b (tally 2, caption "b"), blend 1:
   * right after go is taken (w = 0) the hold values are b's already
   * (docs/DECISIONS.md), while the point is still a's. */
  kind_fixture f = kind_runtime("values");
  kind_load(&f,
            VALUES("", ", \"inputs\": {\"go\": {\"type\": \"trigger\"}}, "
                       "\"machine\": {\"layers\": {\"main\": {\"initial\": "
                       "\"a\", \"states\": {\"a\": {\"pose\": {\"a.tally\": "
                       "1, \"a.caption\": \"a\", \"a.spot\": [0, 0]}, \"on\": "
                       "[{\"when\": \"go\", \"to\": \"b\", \"blend\": 1}]}, "
                       "\"b\": {\"pose\": {\"a.tally\": 2, \"a.caption\": "
                       "\"b\", \"a.spot\": [4, 8]}}}}}}"));
  kind_step(&f, 0);
  anima_player_fire(f.player, "go");
  kind_step(&f, 0);
  cr_assert_str_eq(text_of(&f, "a.tally"), "2");
  cr_assert_str_eq(text_of(&f, "a.caption"), "\"b\"");
  cr_assert_str_eq(text_of(&f, "a.spot"), "[0, 0]");
  kind_step(&f, 0.5);
  cr_assert_str_eq(text_of(&f, "a.spot"), "[2, 4]");
  kind_free(&f);
}

Test(kind_values, morphing_and_fading_allocate_nothing) {
  kind_fixture f = kind_runtime("values");
  kind_load(&f, MORPH_FADE);
  allocations_install();
  cr_assert(allocations_work(), "the allocation counter does not count");
  kind_step(&f, 0);
  long total = 0;
  for (int i = 0; i < 600; i++) {
    if (i == 100) {
      anima_player_fire(f.player, "go");
    }
    allocations_begin();
    anima_step_result result;
    anima_player_step(f.player, 1.0 / 60, &result);
    total += allocations_end();
  }
  cr_assert_eq(total, 0, "%ld allocations in 600 steps", total);
  kind_free(&f);
}
