/*
 * test_openbone_script.c — the host side of OpenBone scripts (spec §11):
 * the log and error reports (anima_bone_set_script_report), clearOverrides
 * (anima_bone_machine_clear_overrides), a timeout that returns, a slot
 * attachment override surviving a machine restart, ob.bone's world
 * values, and the 16 MiB cap on what ob.emit copies. The script semantics
 * themselves are the conformance cases conformance/openbone/cases/script-*.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "anima/openbone.h"

/* root at the origin, arm at (0, 20) rotated 90 (setup), slot s on it with
 * attachment "a". Script `main`: onStart logs, overrides the arm and the
 * slot; onUpdate logs ob.bone's world values; `spin` never returns. */
static const char *document =
    "{\"format\": \"openbone\", \"version\": 1,"
    " \"skeleton\": {\"bones\": [{\"id\": \"root\", \"name\": \"root\"},"
    "   {\"id\": \"arm\", \"name\": \"arm\", \"parent\": \"root\", \"y\": 20,"
    "    \"rotation\": 90}],"
    "   \"slots\": [{\"id\": \"s\", \"name\": \"s\", \"bone\": \"arm\","
    "     \"attachment\": \"a\"}]},"
    " \"skins\": [{\"id\": \"default\", \"name\": \"default\"}],"
    " \"scripts\": ["
    "   {\"id\": \"main\", \"name\": \"main\", \"source\":"
    "    \"function onStart() { console.log('start', 1, true);"
    "      ob.setBone('arm', {x: 5}); ob.slot('s', {attachment: 'other',"
    "      color: '#ff000080'}); }"
    "     function onUpdate(dt) { var b = ob.bone('arm');"
    "      ob.log(b.worldX, b.worldY, b.worldRotation); }\"},"
    "   {\"id\": \"spin\", \"name\": \"spin\", \"source\":"
    "    \"function onUpdate() { for (;;) {} }\"}],"
    " \"stateMachines\": [{\"id\": \"m\", \"name\": \"m\", \"scripts\": "
    "   [\"main\", \"spin\"]}]}";

typedef struct reports {
  char text[8][160];
  int kinds[8];
  int count;
} reports;

static void collect(void *user, anima_bone_script_report_kind kind,
                    const char *script, const char *message) {
  reports *r = user;
  if (r->count < 8) {
    snprintf(r->text[r->count], sizeof r->text[0], "%s %s", script, message);
    r->kinds[r->count++] = (int)kind;
  }
}

static anima_bone_model *load(void) {
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_bone_model *model = NULL;
  cr_assert_eq(
      anima_bone_model_load(document, strlen(document), diagnostics, &model),
      ANIMA_OK);
  anima_diagnostics_destroy(diagnostics);
  cr_assert_eq(anima_bone_model_unsupported(model), 0);
  return model;
}

Test(openbone_script, reports_overrides_and_clear_overrides) {
  anima_bone_model *model = load();
  anima_bone_instance *instance = NULL;
  cr_assert_eq(anima_bone_instance_create(model, &instance), ANIMA_OK);
  reports r = {0};
  anima_bone_set_script_report(instance, collect, &r);
  cr_assert_eq(anima_bone_machine_start(instance, 0), ANIMA_OK);
  cr_assert_eq(anima_bone_instance_advance(instance, 0.5), ANIMA_OK);
  /* load main, its onStart; load spin; onUpdate of main, then spin's
   * timeout (an error, swallowed) */
  cr_assert_eq(r.count, 3);
  cr_assert_str_eq(r.text[0], "main start 1 true");
  cr_assert_eq(r.kinds[0], ANIMA_BONE_SCRIPT_LOG);
  /* onUpdate at step 4 sees last update's world: the constructor's, the
   * arm at (0, 20) rotated 90: worldX = cos 90° · 0 … = 0 within rounding,
   * printed by String() — so only the y and the rotation are compared */
  cr_assert(strncmp(r.text[1], "main ", 5) == 0);
  cr_assert(strstr(r.text[1], " 20 90") != NULL, "%s", r.text[1]);
  cr_assert_str_eq(r.text[2],
                   "spin onUpdate: timeout: the script ran past its time "
                   "budget");
  cr_assert_eq(r.kinds[2], ANIMA_BONE_SCRIPT_ERROR);
  /* step 9: the arm at x 5 (setup 0), the slot showing "other", colour
   * #ff000080 = (1, 0, 0, 128/255) */
  anima_bone_slot_state slot;
  cr_assert(anima_bone_slot(instance, 0, &slot));
  cr_assert_str_eq(slot.attachment, "other");
  cr_assert_float_eq(slot.color[3], 128.0 / 255, 1e-12);
  /* clearOverrides: the next advance poses without them */
  anima_bone_machine_clear_overrides(instance);
  cr_assert_eq(anima_bone_instance_advance(instance, 0.5), ANIMA_OK);
  cr_assert(anima_bone_slot(instance, 0, &slot));
  cr_assert_str_eq(slot.attachment, "a");
  cr_assert_float_eq(slot.color[3], 1, 1e-12);
  /* a restart frees the old machine's overrides; the slot must not keep
   * pointing at them (ASan would see a use after free) */
  r.count = 0;
  cr_assert_eq(anima_bone_machine_start(instance, 0), ANIMA_OK);
  cr_assert_eq(anima_bone_instance_advance(instance, 0), ANIMA_OK);
  cr_assert(anima_bone_slot(instance, 0, &slot));
  cr_assert_str_eq(slot.attachment, "other");
  cr_assert_eq(anima_bone_machine_start(instance, 0), ANIMA_OK);
  cr_assert(anima_bone_slot(instance, 0, &slot));
  cr_assert_str_eq(slot.attachment, "a");
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
}

Test(openbone_script, no_report_function_drops_reports) {
  anima_bone_model *model = load();
  anima_bone_instance *instance = NULL;
  cr_assert_eq(anima_bone_instance_create(model, &instance), ANIMA_OK);
  cr_assert_eq(anima_bone_machine_start(instance, 0), ANIMA_OK);
  cr_assert_eq(anima_bone_instance_advance(instance, 0.1), ANIMA_OK);
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
}

/* ob.emit's copies (OB_SCRIPT_EMIT_BYTES, openbone/script.h: 16 MiB =
 * 16 777 216 bytes per instance until the host reads the events;
 * docs/openbone/FORMAT.md). The events are undeclared and have no payload,
 * so each emit copies only its name, counting strlen + 1 (a payload would
 * also be JSON round-tripped, which costs far more time than the copy).
 * `big` has 2^20 - 1 characters: 2^20 bytes a copy. Each onUpdate emits
 * once, one strdup of at most 1 MiB, far under the 16 ms CPU budget of a
 * call even in a sanitizer build:
 *   calls 0..14  `big`         15 · 2^20            = 15 728 640 held
 *   call 15      big.slice(1)  + 2^20 - 1           = 16 777 215
 *   call 16      ''            + 1                  = 16 777 216, the cap
 *   call 17      ''            one byte past it: RangeError, no event
 * After anima_bone_events_clear nothing is held: call 18 emits `big`. */
static const char *emit_document =
    "{\"format\": \"openbone\", \"version\": 1,"
    " \"skeleton\": {\"bones\": [{\"id\": \"root\", \"name\": \"root\"}]},"
    " \"skins\": [{\"id\": \"default\", \"name\": \"default\"}],"
    " \"scripts\": [{\"id\": \"emitter\", \"name\": \"emitter\", \"source\":"
    "   \"var big = 'x'; while (big.length < 1048575) big += big;"
    "    big = big.slice(0, 1048575); var n = 0;"
    "    function onUpdate(dt) { var call = n++;"
    "      var name = call < 15 || call > 17 ? big"
    "        : call === 15 ? big.slice(1) : '';"
    "      ob.emit(name); ob.log('emitted', call, name.length); }\"}],"
    " \"stateMachines\": [{\"id\": \"m\", \"name\": \"m\","
    "   \"scripts\": [\"emitter\"]}]}";

typedef struct emit_reports {
  int logs, errors, last_log_call;
  char error[200];
} emit_reports;

static void collect_emits(void *user, anima_bone_script_report_kind kind,
                          const char *script, const char *message) {
  emit_reports *r = user;
  (void)script;
  if (kind == ANIMA_BONE_SCRIPT_ERROR) {
    r->errors++;
    snprintf(r->error, sizeof r->error, "%s", message);
  } else {
    r->logs++;
    sscanf(message, "emitted %d", &r->last_log_call);
  }
}

Test(openbone_script, emit_copies_stop_one_byte_past_16_mib) {
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_bone_model *model = NULL;
  cr_assert_eq(anima_bone_model_load(emit_document, strlen(emit_document),
                                     diagnostics, &model),
               ANIMA_OK);
  anima_diagnostics_destroy(diagnostics);
  anima_bone_instance *instance = NULL;
  cr_assert_eq(anima_bone_instance_create(model, &instance), ANIMA_OK);
  emit_reports r = {0};
  anima_bone_set_script_report(instance, collect_emits, &r);
  cr_assert_eq(anima_bone_machine_start(instance, 0), ANIMA_OK);
  /* calls 0..16: every emit fits, the last one reaching the cap exactly */
  for (int call = 0; call <= 16; call++) {
    cr_assert_eq(anima_bone_instance_advance(instance, 1.0 / 60), ANIMA_OK);
    cr_assert_eq(r.errors, 0, "call %d: %s", call, r.error);
    cr_assert_eq(r.logs, call + 1, "call %d", call);
  }
  cr_assert_eq(anima_bone_event_count(instance), 17);
  /* call 17: the byte past the cap */
  cr_assert_eq(anima_bone_instance_advance(instance, 1.0 / 60), ANIMA_OK);
  cr_assert_eq(r.errors, 1);
  cr_expect_not_null(strstr(r.error, "RangeError"), "%s", r.error);
  cr_expect_not_null(strstr(r.error, "16 MiB"), "%s", r.error);
  cr_assert_eq(r.logs, 17, "the call stopped at the emit");
  cr_assert_eq(anima_bone_event_count(instance), 17, "no event recorded");
  /* the host reads the events: the copies are freed, 1 MiB fits again */
  anima_bone_events_clear(instance);
  cr_assert_eq(anima_bone_instance_advance(instance, 1.0 / 60), ANIMA_OK);
  cr_assert_eq(r.errors, 1, "%s", r.error);
  cr_assert_eq(r.logs, 18);
  cr_assert_eq(r.last_log_call, 18);
  cr_assert_eq(anima_bone_event_count(instance), 1);
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
}
