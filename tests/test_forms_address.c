/*
 * test_forms_address.c — address patterns (registry.h "Properties",
 * docs/MODULES.md §7; issue 9 item 7): one slot per existing match of a
 * `*` pattern with its concrete address, variant-dependent addresses,
 * unknown-address for indices and keys a node lacks, and the concrete
 * addresses in player reads, script snapshots and `expect` (SPEC §11.2),
 * AniML aliases of patterns included. Properties come from the test module
 * tests/modules/forms.c:
 *
 *   painted  fill.x1, fill.cx, fill.r, fill.stops.*.position,
 *            fill.stops.*.color (AniML fillStop.*), stroke.stops.*.color
 *   node     constraints.*.strength (rest 1), constraints.*.factor (rest 1),
 *            constraints.*.distance, anchor.offset, anchor.x, channels.*
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/module.h>

#include "script.h"

#define MODULE(file) ANIMA_TEST_MODULE_DIR "/" file

static anima_runtime *runtime;
static anima_diagnostics *diagnostics;

static void setup(void) {
  runtime = anima_runtime_create();
  diagnostics = anima_diagnostics_create();
  cr_assert_eq(anima_runtime_load_module_file(runtime, MODULE("anima-forms.so"),
                                              diagnostics),
               ANIMA_OK);
}

static void teardown(void) {
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}

TestSuite(forms_address, .init = setup, .fini = teardown);

static const char *listing(void) {
  static char buffer[8192];
  buffer[0] = '\0';
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    size_t used = strlen(buffer);
    snprintf(buffer + used, sizeof buffer - used, "\n  %s %s %s (%s)",
             d->pointer, d->code, d->message, d->hint ? d->hint : "-");
  }
  return buffer;
}

/* g: a rect with a linear gradient of three stops, two constraints (a
 * follow at strength 0.5, a keepDistance at the default strength 1) and
 * two channels; a: a plain group. `tracks` is the timeline's tracks
 * object (a JSON object text). */
static char *document(const char *tracks) {
  static char text[4096];
  snprintf(
      text, sizeof text,
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"requires\": "
      "[\"shade\", \"tether\", \"tags\"], \"nodes\": [{\"id\": \"a\", "
      "\"type\": \"group\"}, {\"id\": \"g\", \"type\": \"rect\", \"x0\": 0, "
      "\"y0\": 0, \"w\": 20, \"h\": 20, \"fill\": {\"type\": \"linear\", "
      "\"x1\": 0, \"y1\": 0, \"x2\": 20, \"y2\": 0, \"stops\": "
      "[{\"position\": 0, \"color\": \"#ff0000\"}, {\"position\": 0.5, "
      "\"color\": \"#00ff00\"}, {\"position\": 1, \"color\": \"#0000ff\"}]}, "
      "\"constraints\": [{\"kind\": \"follow\", \"target\": \"a\", "
      "\"strength\": 0.5}, {\"kind\": \"keepDistance\", \"to\": \"a\", "
      "\"distance\": 2}], \"channels\": {\"level\": 3, \"gain\": 0.5}}], "
      "\"timelines\": {\"t\": {\"duration\": 1, \"loop\": \"loop\", "
      "\"tracks\": %s}}, \"machine\": {\"layers\": {\"main\": {\"initial\": "
      "\"run\", \"states\": {\"run\": {\"play\": \"t\"}}}}}}",
      tracks);
  return text;
}

static const char animated[] =
    "{\"g.fill.stops.1.color\": [[0, \"#00ff00\", \"linear\"], [1, "
    "\"#ffffff\"]], \"g.constraints.0.strength\": [[0, 0.5, \"linear\"], [1, "
    "1]], \"g.channels.gain\": [[0, 0.5, \"linear\"], [1, 1]]}";

static anima_model *load(const char *text) {
  anima_model *model = NULL;
  anima_diagnostics_clear(diagnostics);
  anima_status status =
      anima_model_load(runtime, text, strlen(text), diagnostics, &model);
  cr_assert_eq(status, ANIMA_OK, "%s", listing());
  return model;
}

static bool has_property(const anima_model *model, const char *address) {
  for (size_t i = 0; i < anima_model_property_count(model); i++) {
    if (strcmp(anima_model_property_address(model, i), address) == 0) {
      return true;
    }
  }
  return false;
}

Test(forms_address, a_pattern_has_one_slot_per_existing_match) {
  anima_model *model = load(document(animated));
  /* Three stops: indices 0, 1, 2 of both stop patterns. */
  for (int i = 0; i < 3; i++) {
    char address[64];
    snprintf(address, sizeof address, "g.fill.stops.%d.color", i);
    cr_assert(has_property(model, address), "%s", address);
    snprintf(address, sizeof address, "g.fill.stops.%d.position", i);
    cr_assert(has_property(model, address), "%s", address);
  }
  cr_assert_not(has_property(model, "g.fill.stops.3.color"));
  cr_assert_not(has_property(model, "g.fill.stops.*.color"));
  /* strength is a family field: on both items; factor only on the
   * follow, distance only on the keepDistance. */
  cr_assert(has_property(model, "g.constraints.0.strength"));
  cr_assert(has_property(model, "g.constraints.1.strength"));
  cr_assert(has_property(model, "g.constraints.0.factor"));
  cr_assert_not(has_property(model, "g.constraints.1.factor"));
  cr_assert(has_property(model, "g.constraints.1.distance"));
  cr_assert_not(has_property(model, "g.constraints.0.distance"));
  /* Map keys, in document order. */
  cr_assert(has_property(model, "g.channels.level"));
  cr_assert(has_property(model, "g.channels.gain"));
  /* A linear fill has x1 but no cx (a radial coordinate); no stroke, so
   * no stroke stops; the group has no constraints. */
  cr_assert(has_property(model, "g.fill.x1"));
  cr_assert_not(has_property(model, "g.fill.cx"));
  cr_assert_not(has_property(model, "g.stroke.stops.0.color"));
  cr_assert_not(has_property(model, "a.constraints.0.strength"));
  /* Registry order, then document order: level before gain. */
  long level = anima_model_property_find(model, "g.channels.level");
  long gain = anima_model_property_find(model, "g.channels.gain");
  cr_assert_lt(level, gain);
  long stop0 = anima_model_property_find(model, "g.fill.stops.0.color");
  long stop2 = anima_model_property_find(model, "g.fill.stops.2.color");
  cr_assert_eq(stop2, stop0 + 2);
  anima_model_destroy(model);
}

Test(forms_address, matches_rest_at_their_document_values) {
  anima_model *model = load(document(animated));
  anima_player *player = anima_player_create(model);
  anima_value value;
  cr_assert_eq(anima_player_read(player, "g.fill.stops.2.color", &value),
               ANIMA_OK);
  cr_assert_eq(value.type, ANIMA_VALUE_COLOR);
  cr_assert(value.as.color.r == 0 && value.as.color.g == 0 &&
            value.as.color.b == 0xff && value.as.color.a == 0xff);
  cr_assert_eq(anima_player_read(player, "g.fill.stops.1.position", &value),
               ANIMA_OK);
  cr_assert_float_eq(value.as.number, 0.5, 0);
  /* The keepDistance gives no strength: the property's rest 1. */
  cr_assert_eq(anima_player_read(player, "g.constraints.1.strength", &value),
               ANIMA_OK);
  cr_assert_float_eq(value.as.number, 1, 0);
  cr_assert_eq(anima_player_read(player, "g.channels.level", &value), ANIMA_OK);
  cr_assert_float_eq(value.as.number, 3, 0);
  cr_assert_eq(anima_player_read(player, "g.fill.stops.3.color", &value),
               ANIMA_ERROR_UNKNOWN_ADDRESS);
  anima_player_destroy(player);
  anima_model_destroy(model);
}

Test(forms_address, tracks_animate_concrete_matches) {
  /* Linear keys over 1 s (SPEC §5): at 0.25, strength 0.5 + 0.5·0.25 =
   * 0.625 and gain the same; the stop colour's green stays 255 and red
   * and blue go 0 -> 255: 63.75, which rounds to 64 (0x40). */
  anima_model *model = load(document(animated));
  anima_player *player = anima_player_create(model);
  cr_assert_eq(anima_player_step(player, 0.25, NULL), ANIMA_OK);
  anima_value value;
  cr_assert_eq(anima_player_read(player, "g.constraints.0.strength", &value),
               ANIMA_OK);
  cr_assert_float_eq(value.as.number, 0.625, 1e-12);
  cr_assert_eq(anima_player_read(player, "g.channels.gain", &value), ANIMA_OK);
  cr_assert_float_eq(value.as.number, 0.625, 1e-12);
  cr_assert_eq(anima_player_read(player, "g.fill.stops.1.color", &value),
               ANIMA_OK);
  cr_assert_eq(value.as.color.g, 0xff);
  cr_assert_eq(value.as.color.r, 0x40, "%d", value.as.color.r);
  cr_assert_eq(value.as.color.b, 0x40, "%d", value.as.color.b);
  /* Untouched matches keep their rest. */
  cr_assert_eq(anima_player_read(player, "g.constraints.1.strength", &value),
               ANIMA_OK);
  cr_assert_float_eq(value.as.number, 1, 0);
  anima_player_destroy(player);
  anima_model_destroy(model);
}

/* Validates the document with one track at `address` (a number track). */
static void validate_track(const char *address, const char *keys) {
  char tracks[256];
  snprintf(tracks, sizeof tracks, "{\"%s\": %s}", address, keys);
  const char *text = document(tracks);
  anima_diagnostics_clear(diagnostics);
  anima_document_validate(runtime, text, strlen(text), diagnostics);
}

static void assert_unknown_address(const char *address, const char *message,
                                   const char *hint) {
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1, "%s", listing());
  const anima_diagnostic *d = anima_diagnostics_get(diagnostics, 0);
  char pointer[128];
  snprintf(pointer, sizeof pointer, "/timelines/t/tracks/%s", address);
  cr_assert_str_eq(d->code, "unknown-address", "%s", listing());
  cr_assert_str_eq(d->pointer, pointer, "%s", listing());
  cr_assert_str_eq(d->message, message, "%s", listing());
  cr_assert_str_eq(d->hint, hint, "%s", listing());
}

Test(forms_address, a_missing_index_or_key_is_unknown_address) {
  validate_track("g.fill.stops.3.color", "[[0, \"#ffffff\"]]");
  assert_unknown_address(
      "g.fill.stops.3.color",
      "\"fill.stops\" of node \"g\" has 3 items, so \"g.fill.stops.3.color\" "
      "does not exist",
      "use an index from 0 to 2");
  /* SPEC paint chapter: indices are "decimal integers without leading
   * zeros". */
  validate_track("g.fill.stops.01.color", "[[0, \"#ffffff\"]]");
  assert_unknown_address("g.fill.stops.01.color",
                         "\"01\" is not an index of \"fill.stops\", so "
                         "\"g.fill.stops.01.color\" does not exist",
                         "write indices without leading zeros: \"1\"");
  validate_track("g.constraints.x.strength", "[[0, 1]]");
  assert_unknown_address("g.constraints.x.strength",
                         "\"constraints\" of node \"g\" has 2 items, so "
                         "\"g.constraints.x.strength\" does not exist",
                         "use an index from 0 to 1");
  validate_track("g.channels.gian", "[[0, 1]]");
  assert_unknown_address("g.channels.gian",
                         "\"channels\" of node \"g\" has no \"gian\", so "
                         "\"g.channels.gian\" does not exist",
                         "did you mean \"gain\"?");
  /* Without the containing list: the loader's usual words. */
  validate_track("a.constraints.0.strength", "[[0, 1]]");
  assert_unknown_address("a.constraints.0.strength",
                         "node \"a\" has no \"constraints\", so "
                         "\"a.constraints.0.strength\" does not exist",
                         "give node \"a\" a \"constraints\" first");
}

/* The did-you-mean of an unknown address names only addresses the node
 * has: g's fill is linear (no radial "fill.r"), it has no stroke (no
 * "stroke.stops.*.color"), and its stops are concrete ("fill.stops.1.color",
 * never the pattern "fill.stops.*.color"). */
static const char *unknown_hint(const char *address) {
  validate_track(address, "[[0, 1]]");
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1, "%s", listing());
  const anima_diagnostic *d = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(d->code, "unknown-address", "%s", listing());
  return d->hint ? d->hint : "";
}

Test(forms_address, did_you_mean_names_only_addresses_the_node_has) {
  const char *hint = unknown_hint("g.fill.rr");
  cr_expect(!strstr(hint, "\"fill.r\""), "a radial address: %s", hint);
  hint = unknown_hint("g.fill.stops.1.colr");
  cr_expect_str_eq(hint, "did you mean \"fill.stops.1.color\"?");
  hint = unknown_hint("g.stroke.stops.0.colr");
  cr_expect(!strstr(hint, "stroke.stops"), "g has no stroke: %s", hint);
  hint = unknown_hint("g.fill.x");
  cr_expect_str_eq(hint, "did you mean \"fill.x1\"?");
}

Test(forms_address, a_member_of_another_variant_is_unknown_address) {
  /* paint chapter: "Coordinates must belong to the authored gradient". */
  validate_track("g.fill.cx", "[[0, 1]]");
  assert_unknown_address("g.fill.cx",
                         "the \"fill\" of node \"g\" is \"type\": \"linear\" "
                         "and has no \"cx\", so \"g.fill.cx\" does not exist",
                         "\"cx\" belongs to \"type\": \"radial\"");
  validate_track("g.constraints.1.factor", "[[0, 1]]");
  assert_unknown_address(
      "g.constraints.1.factor",
      "the \"constraints.1\" of node \"g\" is \"kind\": \"keepDistance\" and "
      "has no \"factor\", so \"g.constraints.1.factor\" does not exist",
      "\"factor\" belongs to \"kind\": \"follow\"");
}

Test(forms_address, poses_use_patterns_too) {
  const char *text =
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"requires\": "
      "[\"tags\"], \"nodes\": [{\"id\": \"n\", \"type\": \"group\", "
      "\"channels\": {\"level\": 1}}], \"machine\": {\"layers\": {\"main\": "
      "{\"initial\": \"s\", \"states\": {\"s\": {\"pose\": "
      "{\"n.channels.level\": 4, \"n.channels.lvel\": 2}}}}}}}";
  anima_diagnostics_clear(diagnostics);
  anima_document_validate(runtime, text, strlen(text), diagnostics);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1, "%s", listing());
  const anima_diagnostic *d = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(d->code, "unknown-address");
  cr_assert_str_eq(d->pointer,
                   "/machine/layers/main/states/s/pose/n.channels.lvel");
  cr_assert_str_eq(d->hint, "did you mean \"level\"?");
}

Test(forms_address, the_registry_matches_concrete_addresses) {
  const anima_registry *registry = anima_runtime_registry(runtime);
  long color = anima_registry_find_property(registry, "rect",
                                            "fill.stops.7.color", false);
  cr_assert_geq(color, 0);
  cr_assert_str_eq(anima_registry_property(registry, (size_t)color)->address,
                   "fill.stops.*.color");
  /* The alias pattern, only when aliases are allowed. */
  cr_assert_eq(
      anima_registry_find_property(registry, "rect", "fillStop.7", true),
      color);
  cr_assert_eq(
      anima_registry_find_property(registry, "rect", "fillStop.7", false), -1);
  /* A group is not painted. */
  cr_assert_eq(anima_registry_find_property(registry, "group",
                                            "fill.stops.0.color", false),
               -1);
  cr_assert(anima_address_matches("channels.*", "channels.gain"));
  cr_assert_not(anima_address_matches("channels.*", "channels"));
  cr_assert_not(anima_address_matches("channels.*", "channels.a.b"));
  cr_assert_not(anima_address_matches("channels.*", "channels."));
  char buffer[64];
  cr_assert_eq(anima_address_rewrite("fill.stops.*.color", "fillStop.*",
                                     "fill.stops.12.color", buffer,
                                     sizeof buffer),
               strlen("fillStop.12"));
  cr_assert_str_eq(buffer, "fillStop.12");
  cr_assert_eq(anima_address_rewrite("fill.stops.*.color", "fillStop.*",
                                     "fill.stops.12.width", buffer,
                                     sizeof buffer),
               0);
}

/* ---- SPEC §11.2 snapshots and expect ---------------------------------- */

typedef struct session {
  script_interpreter *interpreter;
  script_lines outputs;
  anima_diagnostics *diagnostics;
  size_t line;
} session;

static session open_session(void) {
  session s = {0};
  s.interpreter = script_interpreter_create(load(document(animated)), NULL);
  s.diagnostics = anima_diagnostics_create();
  cr_assert_not_null(s.interpreter);
  return s;
}

static script_result run(session *s, const char *line) {
  return script_run_line(s->interpreter, line, s->line++, &s->outputs,
                         s->diagnostics);
}

static void close_session(session *s) {
  script_lines_free(&s->outputs);
  anima_diagnostics_destroy(s->diagnostics);
  script_interpreter_destroy(s->interpreter);
}

Test(forms_address, snapshots_show_concrete_addresses) {
  /* A default snapshot lists the animated slots, each under its concrete
   * address, in slot order (fill stops, constraints, channels). */
  session s = open_session();
  cr_assert_eq(run(&s, "advance 0.25"), SCRIPT_OK);
  cr_assert_eq(run(&s, "snapshot"), SCRIPT_OK);
  cr_assert_eq(s.outputs.count, 1);
  cr_assert_not_null(
      strstr(s.outputs.items[0],
             "\"values\": {\"g.fill.stops.1.color\": \"#40ff40\", "
             "\"g.constraints.0.strength\": 0.625, \"g.channels.gain\": "
             "0.625}"),
      "%s", s.outputs.items[0]);
  /* Selected addresses: JSON, and a pattern's AniML alias (fillStop.2 is
   * g.fill.stops.2.color), keyed by the JSON address. */
  cr_assert_eq(run(&s, "snapshot g.channels.level g.fillStop.2"), SCRIPT_OK,
               "%s", listing());
  cr_assert_not_null(strstr(s.outputs.items[1],
                            "\"values\": {\"g.channels.level\": 3, "
                            "\"g.fill.stops.2.color\": \"#0000ff\"}"),
                     "%s", s.outputs.items[1]);
  cr_assert_eq(run(&s, "expect g.constraints.1.strength == 1"), SCRIPT_OK);
  cr_assert_eq(run(&s, "expect g.fillStop.1 == #40ff40"), SCRIPT_OK);
  cr_assert_eq(run(&s, "expect g.channels.gain ~ 0.625"), SCRIPT_OK);
  cr_assert_eq(anima_diagnostics_count(s.diagnostics), 0);
  /* A match the node lacks is no address. */
  cr_assert_eq(run(&s, "expect g.fill.stops.3.color == #ffffff"), SCRIPT_USAGE);
  close_session(&s);
}
