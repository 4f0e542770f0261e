/*
 * test_stage.c — stage hooks, lifecycles and the random source (module.h
 * anima_stage_hook_desc, anima_lifecycle; SPEC §7 stages and "Settled";
 * machine chapter "Deterministic random selection"). The test module
 * `stages` (tests/modules/stages.c) has a hook at every stage that writes
 * what it saw into properties of the node "probe".
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include <anima/draw.h>
#include <anima/module.h>

#define MODULE(file) ANIMA_TEST_MODULE_DIR "/" file

typedef struct loaded {
  anima_runtime *runtime;
  anima_model *model;
  anima_player *player;
} loaded;

static anima_model *load_model(anima_runtime *runtime, const char *json) {
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_model *model = NULL;
  anima_status status =
      anima_model_load(runtime, json, strlen(json), diagnostics, &model);
  if (status != ANIMA_OK) {
    const anima_diagnostic *first = anima_diagnostics_get(diagnostics, 0);
    cr_assert_fail("document did not load: %s %s %s",
                   first ? first->code : anima_status_name(status),
                   first ? first->pointer : "", first ? first->message : "");
  }
  anima_diagnostics_destroy(diagnostics);
  return model;
}

static loaded load(const char *json) {
  loaded l = {0};
  l.runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  cr_assert_eq(anima_runtime_load_module_file(
                   l.runtime, MODULE("anima-stages.so"), diagnostics),
               ANIMA_OK);
  anima_diagnostics_destroy(diagnostics);
  l.model = load_model(l.runtime, json);
  l.player = anima_player_create(l.model);
  cr_assert_not_null(l.player);
  return l;
}

static void unload(loaded *l) {
  anima_player_destroy(l->player);
  anima_model_destroy(l->model);
  anima_runtime_destroy(l->runtime);
}

static anima_step_result step(anima_player *player, double dt) {
  anima_step_result result;
  cr_assert_eq(anima_player_step(player, dt, &result), ANIMA_OK);
  return result;
}

static double read(anima_player *player, const char *address) {
  anima_value value;
  cr_assert_eq(anima_player_read(player, address, &value), ANIMA_OK, "%s",
               address);
  return value.as.number;
}

static bool reported(const anima_step_result *result, const char *name) {
  for (size_t i = 0; i < result->event_count; i++) {
    if (strcmp(result->events[i].name, name) == 0) {
      return true;
    }
  }
  return false;
}

/* The probe carries every property the hooks write; its child dot is a
 * circle of radius 1 at x 1. */
#define PROBE                                                                  \
  "{\"id\": \"probe\", \"type\": \"group\", \"stageTrace\": 0, "               \
  "\"stageInputs\": 0, "                                                       \
  "\"stageClocks\": 0, \"stageBind\": 0, \"stageLayout\": 0, \"stageEnd\": "   \
  "0, \"stageRandom\": 0, "                                                    \
  "\"stageSteps\": 0, \"stageSerial\": 0, \"opacity\": 1, \"children\": "      \
  "[{\"id\": "                                                                 \
  "\"dot\", \"type\": \"circle\", \"center\": [0, 0], \"r\": 1, \"x\": 1, "    \
  "\"fill\": {\"color\": \"#000000\"}}]}"

/* probe.x runs 0 → 20 over a 2 s loop: x = 10·t. */
static const char *const moving_document =
    "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"requires\": "
    "[\"stages\"], \"inputs\": {\"level\": {\"type\": \"number\"}, "
    "\"hover\": {\"type\": \"bool\"}}, \"nodes\": [" PROBE "], "
    "\"listeners\": [{\"on\": \"enter\", \"target\": \"dot\", \"set\": "
    "{\"hover\": true}}, {\"on\": \"leave\", \"target\": \"dot\", \"set\": "
    "{\"hover\": false}}], \"timelines\": {\"slide\": {\"duration\": 2, "
    "\"loop\": \"loop\", \"tracks\": {\"probe.x\": [[0, 0], [2, 20]]}}}, "
    "\"machine\": {\"layers\": {\"main\": {\"initial\": \"play\", "
    "\"states\": {\"play\": {\"play\": \"slide\"}}}}}}";

/* No machine: the core alone is settled from the first step. */
static const char *const still_document =
    "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"requires\": "
    "[\"stages\"], \"nodes\": [" PROBE "]}";

Test(stage_hooks, run_at_their_stages_in_order) {
  /* The hooks were registered END first, INPUTS last; the kernel runs them
   * INPUTS 1, CLOCKS 2, BIND 3, LAYOUT 4, SOLVE 5, POSE 6, LAYOUT and
   * SOLVE again (POSE asked for one more pass, twice: still exactly one;
   * the pass starts afresh from the values, LAYOUT included), END 7. */
  loaded l = load(moving_document);
  anima_player_set_number(l.player, "level", 7);
  step(l.player, 0.25);
  cr_expect_eq(read(l.player, "probe.stageTrace"), 123456457);
  /* INPUTS runs after stage 1 applied the queued write. */
  cr_expect_eq(read(l.player, "probe.stageInputs"), 7);
  /* CLOCKS runs before stage 2 advances the state time (0 → 0.25). */
  cr_expect_eq(read(l.player, "probe.stageClocks"), 0);
  /* BIND sees this step's layer output: x = 10 · 0.25. */
  cr_expect_eq(read(l.player, "probe.stageBind"), 2.5);
  /* ... and its opacity 2 is clamped to 1 (SPEC §7 stage 4). */
  cr_expect_eq(read(l.player, "probe.opacity"), 1);
  /* LAYOUT reads this step's pose: probe is top level, world = T(2.5, 0). */
  cr_expect_eq(read(l.player, "probe.stageLayout"), 2.5);
  /* LAYOUT replaced probe's local by T(50, 0); END reads dot's world
   * T(50, 0) · T(1, 0): x 51. */
  cr_expect_eq(read(l.player, "probe.stageEnd"), 51);
  /* The instance was initialised to 100 and counted one run. */
  cr_expect_eq(read(l.player, "probe.stageSteps"), 101);

  step(l.player, 0.25);
  cr_expect_eq(read(l.player, "probe.stageClocks"), 0.25);
  cr_expect_eq(read(l.player, "probe.stageBind"), 5);
  /* The replaced local matrix lasted one step: LAYOUT sees the authored
   * T(5, 0) again before replacing it. */
  cr_expect_eq(read(l.player, "probe.stageLayout"), 5);
  cr_expect_eq(read(l.player, "probe.stageEnd"), 51);
  cr_expect_eq(read(l.player, "probe.stageSteps"), 102);
  unload(&l);
}

Test(stage_hooks, drawing_and_hit_testing_read_the_replaced_pose) {
  /* After a step the dot is drawn where LAYOUT put it, T(51, 0), not at
   * its authored T(2.5 + 1, 0); the pointer hits it there (radius 1). */
  loaded l = load(moving_document);
  step(l.player, 0.25);
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(l.model, &frame), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(frame, l.player), ANIMA_OK);
  const anima_draw_item *dot = NULL;
  for (size_t i = 0; i < frame->item_count; i++) {
    if (frame->items[i].kind == ANIMA_DRAW_SHAPE) {
      dot = &frame->items[i];
    }
  }
  cr_assert_not_null(dot);
  cr_expect_str_eq(dot->id, "dot");
  cr_expect_eq(dot->world.e, 51);
  cr_expect_eq(dot->world.f, 0);
  anima_draw_frame_destroy(frame);
  anima_value hover;
  anima_player_pointer_move(l.player, 3.5, 0);
  step(l.player, 0);
  anima_player_get_input(l.player, "hover", &hover);
  cr_expect_not(hover.as.boolean, "the authored place is empty");
  anima_player_pointer_move(l.player, 51, 0.5);
  step(l.player, 0);
  anima_player_get_input(l.player, "hover", &hover);
  cr_expect(hover.as.boolean, "the dot is where LAYOUT put it");
  unload(&l);
}

Test(stage_hooks, at_rest_votes_keep_the_player_awake_and_sleep_runs_none) {
  /* END votes at rest from its third run (runs 100 → 103). Without the
   * module's vote the document (no machine) would settle at once. */
  loaded l = load(still_document);
  anima_step_result result = step(l.player, 0.1);
  cr_expect_not(result.settled);
  cr_expect(reported(&result, "stages-end"));
  result = step(l.player, 0.1);
  cr_expect_not(result.settled);
  result = step(l.player, 0.1);
  cr_expect(result.settled);
  cr_expect_eq(read(l.player, "probe.stageSteps"), 103);
  /* Settled and nothing pending: the player sleeps and runs no hook. */
  result = step(l.player, 0.1);
  cr_expect(result.settled);
  cr_expect_not(reported(&result, "stages-end"));
  cr_expect_eq(read(l.player, "probe.stageSteps"), 103);
  unload(&l);
}

Test(stage_hooks, model_data_is_shared_and_instances_belong_to_players) {
  loaded l = load(still_document);
  anima_player *other = anima_player_create(l.model);
  step(l.player, 0.1);
  step(l.player, 0.1);
  step(other, 0.1);
  /* One compile per model: both players see the same data ... */
  cr_expect_eq(read(l.player, "probe.stageSerial"),
               read(other, "probe.stageSerial"));
  /* ... and each has its own instance. */
  cr_expect_eq(read(l.player, "probe.stageSteps"), 102);
  cr_expect_eq(read(other, "probe.stageSteps"), 101);
  /* Another model of the same document compiles its own data. */
  anima_model *second = load_model(l.runtime, still_document);
  anima_player *third = anima_player_create(second);
  step(third, 0.1);
  cr_expect_neq(read(third, "probe.stageSerial"),
                read(l.player, "probe.stageSerial"));
  anima_player_destroy(third);
  anima_model_destroy(second);
  anima_player_destroy(other);
  unload(&l);
}

Test(stage_hooks, apply_only_to_documents_declaring_their_feature) {
  loaded l = load("{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, "
                  "\"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", "
                  "\"center\": [0, 0], \"r\": 1}]}");
  anima_step_result result = step(l.player, 0.1);
  cr_expect_not(reported(&result, "stages-end"));
  cr_expect(result.settled);
  unload(&l);
}

Test(stage_hooks, without_run_vote_but_are_never_called_while_stepping) {
  /* "stages-awake" has one END hook with no `run` (module.h: a hook with no
   * step work) whose at_rest is always false. The kernel compiles it and
   * asks its vote, so the player never settles — a document with no
   * machine would otherwise settle at the first step (the test above) —
   * and stepping, sleeping or not, calls no NULL `run`. */
  loaded l = load("{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, "
                  "\"requires\": [\"stages-awake\"], \"nodes\": [{\"id\": "
                  "\"dot\", \"type\": \"circle\", \"center\": [0, 0], "
                  "\"r\": 1}]}");
  for (int i = 0; i < 3; i++) {
    anima_step_result result = step(l.player, 0.1);
    cr_expect_not(result.settled, "step %d", i + 1);
    cr_expect_not(reported(&result, "stages-end"), "END of \"stages\" ran");
  }
  unload(&l);
}

Test(random_source, is_the_machine_chapter_lcg) {
  /* seed0 = 0x6d2b79f5 = 1831565813. seed1 = (1664525 · 1831565813 +
   * 1013904223) mod 2^32 = 3048688098788048 mod 4294967296 = 53002960
   * (3048688098788048 = 709828 · 2^32 + 53002960); u1 = 53002960 / 2^32.
   * seed2 = (1664525 · 53002960 + 1013904223) mod 2^32 = 2842671087. The
   * END hook draws once per step. */
  loaded l = load(still_document);
  step(l.player, 0.1);
  cr_expect_eq(read(l.player, "probe.stageRandom"), 53002960.0 / 4294967296.0);
  step(l.player, 0.1);
  cr_expect_eq(read(l.player, "probe.stageRandom"),
               2842671087.0 / 4294967296.0);
  /* anima_player_seed resets the source: seed 7 draws (1664525 · 7 +
   * 1013904223) = 1025555898, below 2^32. */
  cr_assert_eq(anima_player_seed(l.player, 7), ANIMA_OK);
  step(l.player, 0.1);
  cr_expect_eq(read(l.player, "probe.stageRandom"),
               1025555898.0 / 4294967296.0);
  /* Another player starts from the default seed again. */
  anima_player *other = anima_player_create(l.model);
  step(other, 0.1);
  cr_expect_eq(read(other, "probe.stageRandom"), 53002960.0 / 4294967296.0);
  anima_player_destroy(other);
  cr_expect_eq(anima_player_seed(NULL, 1), ANIMA_ERROR_INVALID_ARGUMENT);
  unload(&l);
}
