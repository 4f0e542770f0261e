/*
 * test_openbone_machine.c — the state-machine API of libanima-openbone
 * (spec §9): errors of the input and pointer calls, activeStates, the JS
 * spelling of String(number) that string inputs compare (§9.3, §12), and
 * allocation-free stepping: after the first frames (the event and audio
 * lists at their high-water marks) advancing a machine with pointer
 * events, inputs, listeners, sounds and bindings allocates nothing
 * (tools/anima/bench_allocation.c's counter; not counted under sanitizers).
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "anima/openbone.h"
#include "bench.h"

/* One machine: a number input `dial` bound to a bone and a slot, a
 * string input `word`, a blend1d state on `dial`, a trigger `go` to a
 * state with an enter sound hook, a listener anywhere that reports an
 * event, plays and stops a sound and toggles the master mute. Layers
 * `s-<k>` go to `yes` when word == <k>'s spelling. */
static const char *document =
    "{\"format\": \"openbone\", \"version\": 1,"
    " \"skeleton\": {\"bones\": [{\"id\": \"root\", \"name\": \"root\"},"
    "   {\"id\": \"arm\", \"name\": \"arm\", \"parent\": \"root\"}],"
    "   \"slots\": [{\"id\": \"s\", \"name\": \"s\", \"bone\": \"arm\","
    "     \"attachment\": \"box\"}]},"
    " \"skins\": [{\"id\": \"default\", \"name\": \"default\", \"attachments\":"
    "   {\"s\": {\"box\": {\"type\": \"boundingBox\","
    "     \"vertices\": [-5, -5, 5, -5, 5, 5, -5, 5]}}}}],"
    " \"animations\": ["
    "   {\"id\": \"lo\", \"name\": \"lo\", \"duration\": 1, \"timelines\": ["
    "     {\"target\": \"bone\", \"id\": \"arm\", \"property\": \"x\","
    "      \"keys\": [{\"time\": 0, \"value\": 0}, {\"time\": 1, \"value\": "
    "4}]}],"
    "    \"events\": [{\"time\": 0.5, \"event\": \"tick\"}],"
    "    \"audio\": [{\"time\": 0.25, \"sound\": \"beep\"}]},"
    "   {\"id\": \"hi\", \"name\": \"hi\", \"duration\": 1, \"timelines\": ["
    "     {\"target\": \"bone\", \"id\": \"arm\", \"property\": \"y\","
    "      \"keys\": [{\"time\": 0, \"value\": 0}, {\"time\": 1, \"value\": "
    "4}]}]}],"
    " \"events\": [{\"id\": \"tick\", \"name\": \"tick\", \"audio\": \"beep\"},"
    "   {\"id\": \"tap\", \"name\": \"tap\"}],"
    " \"audioAssets\": [{\"id\": \"a\", \"name\": \"a\", \"duration\": 0.05}],"
    " \"sounds\": [{\"id\": \"beep\", \"name\": \"beep\", \"asset\": \"a\"},"
    "   {\"id\": \"hum\", \"name\": \"hum\", \"asset\": \"a\", \"loop\": "
    "true}],"
    " \"stateMachines\": [{\"id\": \"m\", \"name\": \"m\","
    "   \"inputs\": [{\"id\": \"dial\", \"name\": \"dial\", \"type\": "
    "\"number\"},"
    "     {\"id\": \"word\", \"name\": \"word\", \"type\": \"string\"},"
    "     {\"id\": \"go\", \"name\": \"go\", \"type\": \"trigger\"}],"
    "   \"layers\": [{\"id\": \"base\", \"name\": \"base\", \"entry\": "
    "\"blend\","
    "     \"states\": [{\"id\": \"blend\", \"name\": \"blend\", \"type\": "
    "\"blend1d\","
    "       \"input\": \"dial\", \"entries\": [{\"animation\": \"lo\", "
    "\"value\": "
    "0},"
    "       {\"animation\": \"hi\", \"value\": 1}]},"
    "      {\"id\": \"busy\", \"name\": \"busy\", \"animation\": \"lo\","
    "       \"sounds\": [{\"sound\": \"hum\", \"on\": \"enter\"}]}],"
    "     \"transitions\": [{\"from\": \"blend\", \"to\": \"busy\", "
    "\"duration\": 0.1,"
    "       \"conditions\": [{\"input\": \"go\"}]},"
    "      {\"from\": \"busy\", \"to\": \"blend\", \"duration\": 0.1,"
    "       \"exitTime\": 0.5}]},"
    "    %s],"
    "   \"bindings\": [{\"input\": \"dial\", \"target\": \"bone\", \"id\": "
    "\"root\","
    "     \"property\": \"rotation\", \"inMin\": 0, \"inMax\": 1, \"outMin\": "
    "0,"
    "     \"outMax\": 10},"
    "    {\"input\": \"dial\", \"target\": \"slot\", \"id\": \"s\", "
    "\"property\": "
    "\"color\","
    "     \"outMin\": \"#000\", \"outMax\": \"#fff\"}],"
    "   \"listeners\": [{\"id\": \"l\", \"name\": \"l\", \"slot\": \"s\", "
    "\"event\": \"down\","
    "     \"actions\": [{\"type\": \"reportEvent\", \"event\": \"tap\"},"
    "      {\"type\": \"playSound\", \"sound\": \"beep\"},"
    "      {\"type\": \"stopSound\", \"sound\": \"beep\"},"
    "      {\"type\": \"setMute\", \"bus\": null, \"muted\": \"toggle\"},"
    "      {\"type\": \"setInput\", \"input\": \"word\", \"value\": 2.5},"
    "      {\"type\": \"toggleInput\", \"input\": \"go\"}]}]}]}";

/* The spellings String(number) must give (ECMAScript Number::toString). */
static const struct {
  double number;
  const char *text;
} spellings[] = {
    {1e21, "1e+21"},
    {1e-7, "1e-7"},
    {0.000001, "0.000001"},
    {123.456, "123.456"},
    {-0.0, "0"},
    {100, "100"},
    {1.5e300, "1.5e+300"},
    {0.1, "0.1"},
    {-2.5e-9, "-2.5e-9"},
    {123456789012345680000.0, "123456789012345680000"},
};
#define SPELLINGS (sizeof spellings / sizeof spellings[0])

static anima_bone_model *load(void) {
  /* one layer per spelling: no → yes when word == that text */
  char layers[8192] = "";
  size_t at = 0;
  for (size_t i = 0; i < SPELLINGS; i++) {
    at += (size_t)snprintf(
        layers + at, sizeof layers - at,
        "%s{\"id\": \"s-%zu\", \"name\": \"s-%zu\", \"entry\": \"no\","
        " \"states\": [{\"id\": \"no\", \"name\": \"no\"}, {\"id\": \"yes\","
        " \"name\": \"yes\"}], \"transitions\": [{\"from\": \"no\", \"to\":"
        " \"yes\", \"conditions\": [{\"input\": \"word\", \"op\": \"==\","
        " \"value\": \"%s\"}]}]}",
        i ? ", " : "", i, i, spellings[i].text);
  }
  static char text[32768];
  int length = snprintf(text, sizeof text, document, layers);
  cr_assert(length > 0 && (size_t)length < sizeof text);
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_bone_model *model = NULL;
  anima_status status =
      anima_bone_model_load(text, (size_t)length, diagnostics, &model);
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    cr_log_info("%s %s %s", d->code, d->pointer, d->message);
  }
  cr_assert_eq(status, ANIMA_OK);
  cr_assert_eq(anima_bone_model_unsupported(model), 0);
  anima_diagnostics_destroy(diagnostics);
  return model;
}

Test(openbone_machine, calls_without_a_machine_or_input_fail_clearly) {
  anima_bone_model *model = load();
  anima_bone_instance *instance = NULL;
  cr_assert_eq(anima_bone_instance_create(model, &instance), ANIMA_OK);
  anima_bone_value one = {ANIMA_BONE_VALUE_NUMBER, false, 1, NULL};
  cr_assert_not(anima_bone_instance_has_machine(instance));
  cr_assert_eq(anima_bone_machine_set_input(instance, "dial", &one),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_bone_machine_fire(instance, "go"),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(
      anima_bone_machine_pointer(instance, ANIMA_BONE_POINTER_DOWN, 0, 0),
      ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_bone_machine_layer_count(instance), 0);
  cr_assert_eq(anima_bone_machine_start(instance, 1),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_bone_machine_start(instance, -1),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_bone_machine_start(
                   instance, anima_bone_model_find_machine(model, "m")),
               ANIMA_OK);
  cr_assert_eq(anima_bone_machine_set_input(instance, "nope", &one),
               ANIMA_ERROR_UNKNOWN_INPUT);
  cr_assert_eq(anima_bone_machine_fire(instance, "nope"),
               ANIMA_ERROR_UNKNOWN_INPUT);
  cr_assert_eq(anima_bone_machine_set_input(instance, "dial", NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(
      anima_bone_machine_pointer(instance, ANIMA_BONE_POINTER_DOWN, NAN, 0),
      ANIMA_ERROR_INVALID_ARGUMENT);
  /* not started: no current state anywhere */
  cr_assert_eq(anima_bone_machine_layer_count(instance), 1 + SPELLINGS);
  cr_assert_null(anima_bone_machine_active_state(instance, 0));
  cr_assert_null(anima_bone_machine_active_state(instance, 99));
  for (int i = 0; i < 256; i++) {
    cr_assert_eq(
        anima_bone_machine_pointer(instance, ANIMA_BONE_POINTER_MOVE, 100, 100),
        ANIMA_OK);
  }
  cr_assert_eq(
      anima_bone_machine_pointer(instance, ANIMA_BONE_POINTER_MOVE, 100, 100),
      ANIMA_ERROR_NO_MEMORY);
  cr_assert_eq(anima_bone_instance_advance(instance, 0), ANIMA_OK);
  cr_assert_str_eq(anima_bone_machine_active_state(instance, 0), "blend");
  /* the queue was emptied by the advance */
  cr_assert_eq(
      anima_bone_machine_pointer(instance, ANIMA_BONE_POINTER_MOVE, 100, 100),
      ANIMA_OK);
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
}

Test(openbone_machine, string_inputs_spell_numbers_as_javascript_does) {
  anima_bone_model *model = load();
  for (size_t i = 0; i < SPELLINGS; i++) {
    anima_bone_instance *instance = NULL;
    cr_assert_eq(anima_bone_instance_create(model, &instance), ANIMA_OK);
    cr_assert_eq(anima_bone_machine_start(instance, 0), ANIMA_OK);
    anima_bone_value value = {ANIMA_BONE_VALUE_NUMBER, false,
                              spellings[i].number, NULL};
    cr_assert_eq(anima_bone_machine_set_input(instance, "word", &value),
                 ANIMA_OK);
    cr_assert_eq(anima_bone_instance_advance(instance, 0), ANIMA_OK);
    for (size_t k = 0; k < SPELLINGS; k++) {
      bool same = strcmp(spellings[k].text, spellings[i].text) == 0;
      cr_expect_str_eq(anima_bone_machine_active_state(instance, 1 + k),
                       same ? "yes" : "no", "String(%.17g) vs \"%s\"",
                       spellings[i].number, spellings[k].text);
    }
    anima_bone_instance_destroy(instance);
  }
  anima_bone_model_destroy(model);
}

Test(openbone_machine, stepping_allocates_nothing_after_the_first_frames) {
  anima_bone_model *model = load();
  anima_bone_instance *instance = NULL;
  cr_assert_eq(anima_bone_instance_create(model, &instance), ANIMA_OK);
  cr_assert_eq(anima_bone_machine_start(instance, 0), ANIMA_OK);
  bench_allocations counted = {0, 0};
  size_t events = 0, commands = 0;
  for (int frame = 0; frame < 400; frame++) {
    anima_bone_value dial = {ANIMA_BONE_VALUE_NUMBER, false,
                             (frame % 40) / 40.0, NULL};
    anima_bone_value word = {ANIMA_BONE_VALUE_STRING, false, 0, "2.5"};
    if (frame >= 20) {
      bench_allocation_resume();
    }
    anima_bone_machine_set_input(instance, "dial", &dial);
    anima_bone_machine_set_input(instance, "word", &word);
    if (frame % 7 == 0) {
      anima_bone_machine_pointer(instance, ANIMA_BONE_POINTER_DOWN, 0, 0);
      anima_bone_machine_pointer(instance, ANIMA_BONE_POINTER_UP, 50, 50);
    }
    anima_status status = anima_bone_instance_advance(instance, 1.0 / 30);
    const anima_bone_draw_item *items;
    anima_bone_draw_list(instance, &items);
    bench_allocation_pause();
    cr_assert_eq(status, ANIMA_OK);
    bench_allocations taken = bench_allocation_take();
    counted.calls += taken.calls;
    counted.bytes += taken.bytes;
    events += anima_bone_event_count(instance);
    commands += anima_bone_audio_count(instance);
    anima_bone_events_clear(instance);
    anima_bone_audio_clear(instance);
  }
  /* the frames did the work being measured: listener events, sounds */
  cr_assert_gt(events, 50);
  cr_assert_gt(commands, 50);
  if (bench_allocation_available()) {
    cr_assert_eq(counted.calls, 0, "%zu allocations (%zu bytes)", counted.calls,
                 counted.bytes);
  }
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
}
