/*
 * test_bind.c — the `bind` module through the loader and the player (SPEC
 * bind chapter): property bindings after the layers and before clamping,
 * bool and colour targets, sleeping and waking, expression sets with one
 * snapshot per action, EXPR OP EXPR condition terms, zero allocations per
 * step, and one minimal invalid document per diagnostic (code, severity,
 * pointer). Documents use single quotes (swapped for double quotes).
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <anima/anima.h>
#include <anima/introspect.h>

#include "test_allocations.h"

typedef struct fixture {
  anima_runtime *runtime;
  anima_diagnostics *diagnostics;
  anima_model *model;
  anima_player *player;
  char text[8192];
} fixture;

static fixture f;

static void setup(void) {
  allocations_install();
  f.runtime = anima_runtime_create();
  f.diagnostics = anima_diagnostics_create();
  cr_assert_eq(
      anima_runtime_load_module_file(
          f.runtime, ANIMA_BUILD_ROOT "/modules/anima-bind.so", f.diagnostics),
      ANIMA_OK);
}

static void teardown(void) {
  anima_player_destroy(f.player);
  anima_model_destroy(f.model);
  anima_diagnostics_destroy(f.diagnostics);
  anima_runtime_destroy(f.runtime);
  memset(&f, 0, sizeof f);
}

TestSuite(bind, .init = setup, .fini = teardown);

/* A document: inputs, nodes (a circle "dot" unless given), and extra
 * members, with `requires: ['bind']` unless `requires` says otherwise. */
static const char *document(const char *requires, const char *inputs,
                            const char *extra) {
  int length = snprintf(
      f.text, sizeof f.text,
      "{'anima': '0.1', 'name': 'bind-test', 'grid': 20, 'requires': %s, "
      "'inputs': {%s}, 'nodes': [{'id': 'dot', 'type': 'circle', 'center': "
      "[10, 10], 'r': 4, 'opacity': 1, 'fill': {'color': '#000000'}, "
      "'stroke': {'color': '#ffffff', 'width': 1}}]%s%s}",
      requires ? requires : "['bind']", inputs, extra ? ", " : "",
      extra ? extra : "");
  cr_assert_lt((size_t)length, sizeof f.text);
  for (char *c = f.text; *c; c++) {
    if (*c == '\'') {
      *c = '"';
    }
  }
  return f.text;
}

static size_t validate(const char *json) {
  anima_diagnostics_clear(f.diagnostics);
  anima_document_validate(f.runtime, json, strlen(json), f.diagnostics);
  return anima_diagnostics_count(f.diagnostics);
}

/* The first error has `code` at `pointer`, severity error, a hint, and
 * (for expression codes) the 1-based character `at` in its message. */
static void expect(const char *json, const char *code, const char *pointer,
                   int at) {
  cr_assert_geq(validate(json), 1, "no diagnostic for %s", json);
  const anima_diagnostic *d = NULL;
  for (size_t i = 0; i < anima_diagnostics_count(f.diagnostics) && !d; i++) {
    const anima_diagnostic *candidate = anima_diagnostics_get(f.diagnostics, i);
    if (candidate->severity == ANIMA_SEVERITY_ERROR) {
      d = candidate;
    }
  }
  cr_assert_not_null(d);
  cr_assert_str_eq(d->code, code, "%s at %s: %s", d->code, d->pointer,
                   d->message);
  cr_assert_str_eq(d->pointer, pointer, "%s at %s: %s", d->code, d->pointer,
                   d->message);
  cr_assert_not_null(d->hint, "%s has no hint", d->code);
  if (at > 0) {
    char where[40];
    snprintf(where, sizeof where, "at character %d", at);
    cr_assert(strstr(d->message, where), "\"%s\" lacks \"%s\"", d->message,
              where);
  }
}

static void load(const char *json) {
  anima_diagnostics_clear(f.diagnostics);
  anima_status status =
      anima_model_load(f.runtime, json, strlen(json), f.diagnostics, &f.model);
  if (status != ANIMA_OK) {
    const anima_diagnostic *d = anima_diagnostics_get(f.diagnostics, 0);
    cr_assert_fail("did not load: %s %s %s", d ? d->code : "-",
                   d ? d->pointer : "", d ? d->message : "");
  }
  f.player = anima_player_create(f.model);
  cr_assert_not_null(f.player);
}

static anima_value value(const char *address) {
  long index = anima_model_property_find(f.model, address);
  cr_assert_geq(index, 0, "no property %s", address);
  anima_value out;
  cr_assert_eq(anima_player_read_property(f.player, (size_t)index, &out),
               ANIMA_OK);
  return out;
}

static double number(const char *address) {
  anima_value v = value(address);
  cr_assert_eq(v.type, ANIMA_VALUE_NUMBER);
  return v.as.number;
}

static double input(const char *name) {
  anima_value v;
  cr_assert_eq(anima_player_get_input(f.player, name, &v), ANIMA_OK);
  return v.type == ANIMA_VALUE_NUMBER ? v.as.number : v.as.boolean;
}

static anima_step_result step(double dt) {
  anima_step_result result;
  cr_assert_eq(anima_player_step(f.player, dt, &result), ANIMA_OK);
  return result;
}

/* ---- property bindings --------------------------------------------------- */

Test(bind, binding_overrides_the_pose_and_is_clamped_after) {
  /* The pose writes dot.x 7 and opacity 0.2; the bindings evaluate after
   * the layer (SPEC §7 stage 4) and win: with level 4, x = 4·2 + 1 = 9
   * and opacity = 4, clamped after to its range 0..1: 1. */
  load(document(NULL, "'level': {'type': 'number', 'default': 4}",
                "'bind': {'dot.x': 'level * 2 + 1', 'dot.opacity': 'level'}, "
                "'machine': {'layers': {'l': {'initial': 's', 'states': "
                "{'s': {'pose': {'dot.x': 7, 'dot.opacity': 0.2}}}}}}"));
  /* A new player's values include its bindings (SPEC §7: resolved as by
   * steps 3-4). */
  cr_assert_eq(number("dot.x"), 9);
  cr_assert_eq(number("dot.opacity"), 1);
  step(0);
  cr_assert_eq(number("dot.x"), 9);
  cr_assert_eq(number("dot.opacity"), 1);
  /* level 0.25: x = 1.5, opacity 0.25 (in range). */
  cr_assert_eq(anima_player_set_number(f.player, "level", 0.25), ANIMA_OK);
  step(0);
  cr_assert_eq(number("dot.x"), 1.5);
  cr_assert_eq(number("dot.opacity"), 0.25);
}

Test(bind, non_finite_results_become_zero_before_clamping) {
  /* r = 1/level with level 0 is +∞ → 0 (then r ≥ 0 holds). opacity =
   * 1/level − 1: +∞ consumed by − as 0, so −1, clamped to 0. */
  load(document(NULL, "'level': {'type': 'number'}",
                "'bind': {'dot.r': '1 / level', 'dot.opacity': "
                "'1 / level - 1'}"));
  step(0);
  cr_assert_eq(number("dot.r"), 0);
  cr_assert_eq(number("dot.opacity"), 0);
  /* level 0.5: r = 2, opacity = 1. */
  cr_assert_eq(anima_player_set_number(f.player, "level", 0.5), ANIMA_OK);
  step(0);
  cr_assert_eq(number("dot.r"), 2);
  cr_assert_eq(number("dot.opacity"), 1);
}

Test(bind, bool_and_colour_targets) {
  /* visible follows the bool `on`; the fill colour mixes black and white
   * by level: 255·0.5 = 127.5 → 128 (§5 rounding). A bool in a number
   * target counts 1: dot.x = on = 1. */
  load(document(NULL,
                "'on': {'type': 'bool'}, 'level': {'type': 'number', "
                "'default': 0.5}",
                "'bind': {'dot.visible': 'not on', 'dot.fill.color': "
                "'mix(#000000, #ffffff, level)', 'dot.x': 'on'}"));
  step(0);
  cr_assert_eq(value("dot.visible").as.boolean, true);
  anima_color c = value("dot.fill.color").as.color;
  cr_assert(c.r == 128 && c.g == 128 && c.b == 128 && c.a == 255);
  cr_assert_eq(number("dot.x"), 0);
  cr_assert_eq(anima_player_set_bool(f.player, "on", true), ANIMA_OK);
  step(0);
  cr_assert_eq(value("dot.visible").as.boolean, false);
  cr_assert_eq(number("dot.x"), 1);
}

Test(bind, bound_addresses_are_listed_and_settled_bindings_sleep) {
  load(document(NULL, "'level': {'type': 'number'}",
                "'bind': {'dot.stroke.trimEnd': 'level'}"));
  long index = anima_model_property_find(f.model, "dot.stroke.trimEnd");
  anima_property_info info;
  cr_assert_eq(anima_model_property_info(f.model, (size_t)index, &info),
               ANIMA_OK);
  cr_assert(info.bound);
  cr_assert(info.animated); /* in default snapshots */
  long other = anima_model_property_find(f.model, "dot.x");
  cr_assert_eq(anima_model_property_info(f.model, (size_t)other, &info),
               ANIMA_OK);
  cr_assert(!info.bound);
  /* Settled at once: nothing but inputs moves a binding. */
  cr_assert(step(0).settled);
  cr_assert(step(1).settled);
  /* An input write wakes the player; the value changes on the next step,
   * including step(0). */
  cr_assert_eq(anima_player_set_number(f.player, "level", 0.75), ANIMA_OK);
  cr_assert_eq(number("dot.stroke.trimEnd"), 0);
  cr_assert(step(0).settled);
  cr_assert_eq(number("dot.stroke.trimEnd"), 0.75);
}

Test(bind, twenty_bindings_step_without_allocating) {
  char bindings[4096] = "'bind': {";
  const char *addresses[] = {"x",
                             "y",
                             "rotate",
                             "scale",
                             "scaleX",
                             "scaleY",
                             "opacity",
                             "r",
                             "stroke.width",
                             "stroke.trimStart",
                             "stroke.trimEnd",
                             "stroke.trimOffset"};
  size_t count = sizeof addresses / sizeof *addresses;
  for (size_t i = 0; i < count; i++) {
    char one[128];
    snprintf(one, sizeof one, "%s'dot.%s': 'mix(0, 1, level) + mod(%zu, 3)'",
             i ? ", " : "", addresses[i], i);
    strcat(bindings, one);
  }
  strcat(bindings, "}");
  load(document(NULL, "'level': {'type': 'number'}", bindings));
  cr_assert(allocations_work());
  step(0);
  double level = 0;
  allocations_begin();
  for (int i = 0; i < 100; i++) {
    level += 0.01;
    anima_player_set_number(f.player, "level", level);
    anima_step_result result;
    anima_player_step(f.player, 1.0 / 60, &result);
  }
  long made = allocations_end();
  cr_assert_eq(made, 0, "%ld allocations in 100 steps", made);
  /* x = level + mod(0, 3) = 1.0000000000000007 (100 additions of 0.01). */
  cr_assert_float_eq(number("dot.x"), 1, 1e-9);
}

/* ---- expression sets ----------------------------------------------------- */

Test(bind, set_expressions_read_one_snapshot_per_action) {
  /* {count: count + 1, previous: count}: both read the snapshot taken
   * before the action's writes, so previous = the old count. */
  load(document(NULL,
                "'count': {'type': 'number'}, 'previous': {'type': 'number', "
                "'default': -1}, 'big': {'type': 'bool'}",
                "'listeners': [{'on': 'down', 'set': {'previous': 'count', "
                "'count': 'count + 1', 'big': 'count >= 1'}}]"));
  cr_assert_eq(anima_player_pointer_down(f.player, 10, 10), ANIMA_OK);
  step(0);
  cr_assert_eq(input("count"), 1);
  cr_assert_eq(input("previous"), 0);
  cr_assert_eq(input("big"), 0);
  /* Two actions queued before one step apply sequentially: 1 → 2 → 3; the
   * second sees the first's writes (previous 2, big true). */
  cr_assert_eq(anima_player_pointer_down(f.player, 10, 10), ANIMA_OK);
  cr_assert_eq(anima_player_pointer_down(f.player, 10, 10), ANIMA_OK);
  step(0);
  cr_assert_eq(input("count"), 3);
  cr_assert_eq(input("previous"), 2);
  cr_assert_eq(input("big"), 1);
}

Test(bind, set_expressions_clamp_and_zero_non_finite_results) {
  /* level has max 1: 5·2 = 10 clamps to 1. ratio = 1/0 = +∞ → 0, then
   * clamped to min 0.5 → 0.5. */
  load(document(NULL,
                "'level': {'type': 'number', 'max': 1}, 'ratio': {'type': "
                "'number', 'min': 0.5, 'default': 2}, 'zero': {'type': "
                "'number'}",
                "'listeners': [{'on': 'down', 'set': {'level': '5 * 2', "
                "'ratio': '1 / zero'}}]"));
  cr_assert_eq(anima_player_pointer_down(f.player, 10, 10), ANIMA_OK);
  step(0);
  cr_assert_eq(input("level"), 1);
  cr_assert_eq(input("ratio"), 0.5);
}

/* ---- condition terms ----------------------------------------------------- */

Test(bind, expression_terms_guard_transitions) {
  /* The milestone: count > 0 and mod(count, 5) == 0 holds at 5, 10, 15;
   * each click adds 1 and the state returns at once. */
  load(document(
      NULL, "'count': {'type': 'number'}",
      "'listeners': [{'on': 'down', 'set': {'count': 'count + 1'}}], "
      "'machine': {'layers': {'l': {'initial': 'idle', 'states': {"
      "'idle': {'pose': {}, 'on': [{'when': 'count > 0 and mod(count, 5) "
      "== 0', 'to': 'milestone'}]}, 'milestone': {'pose': {}, 'emit': "
      "'milestone', 'on': [{'when': 'mod(count, 5) != 0', 'to': "
      "'idle'}]}}}}}"));
  size_t milestones = 0;
  double at[3] = {0};
  for (int i = 1; i <= 16; i++) {
    cr_assert_eq(anima_player_pointer_down(f.player, 10, 10), ANIMA_OK);
    anima_step_result result = step(0);
    for (size_t e = 0; e < result.event_count; e++) {
      if (strcmp(result.events[e].name, "milestone") == 0) {
        cr_assert_lt(milestones, 3);
        at[milestones++] = input("count");
      }
    }
  }
  cr_assert_eq(milestones, 3);
  cr_assert(at[0] == 5 && at[1] == 10 && at[2] == 15);
}

Test(bind, comparing_two_inputs_and_a_bool_call) {
  load(document(
      NULL,
      "'a': {'type': 'number', 'default': 2}, 'b': {'type': 'number', "
      "'default': 3}",
      "'machine': {'layers': {'l': {'initial': 'low', 'states': {'low': "
      "{'pose': {'dot.x': 0}, 'on': [{'when': 'a - b > -1 && "
      "(contains(lower(\\\"AB\\\"), \\\"b\\\"))', 'to': 'high'}]}, "
      "'high': {'pose': {'dot.x': 1}}}}}}"));
  /* 2 − 3 = −1 is not > −1: stays low. */
  step(0);
  cr_assert_str_eq(anima_player_layer_state(f.player, 0), "low");
  /* a = 3: 0 > −1, and "ab" contains "b": high. */
  cr_assert_eq(anima_player_set_number(f.player, "a", 3), ANIMA_OK);
  step(0);
  cr_assert_str_eq(anima_player_layer_state(f.player, 0), "high");
}

/* ---- one minimal invalid document per diagnostic ------------------------- */

Test(bind, diagnostics_of_bindings) {
  const char *level = "'level': {'type': 'number'}";
  expect(document(NULL, level, "'bind': {'dot.x': 'level +'}"), "bind-syntax",
         "/bind/dot.x", 8);
  expect(document(NULL, level, "'bind': {'dot.x': 'sin(level)'}"),
         "bind-syntax", "/bind/dot.x", 1);
  expect(document(NULL, level, "'bind': {'dot.x': 'level + #fff'}"),
         "bind-type", "/bind/dot.x", 7);
  expect(document(NULL, level, "'bind': {'dot.visible': 'level'}"), "bind-type",
         "/bind/dot.visible", 0);
  expect(document(NULL, level, "'bind': {'dot.fill.color': 'level'}"),
         "bind-type", "/bind/dot.fill.color", 0);
  expect(document(NULL, level, "'bind': {'dot.x': 'levle * 2'}"),
         "unknown-input", "/bind/dot.x", 1);
  expect(document(NULL, "'go': {'type': 'trigger'}", "'bind': {'dot.x': 'go'}"),
         "bind-type", "/bind/dot.x", 1);
  /* Cycles: a self reference, and two bindings reading each other. */
  expect(document(NULL, level, "'bind': {'dot.x': 'dot.x + 1'}"), "bind-cycle",
         "/bind/dot.x", 1);
  expect(document(NULL, level,
                  "'bind': {'dot.x': 'dot.y', 'dot.y': 'level + dot.x'}"),
         "bind-cycle", "/bind/dot.x", 1);
  /* An acyclic property read is refused too, as bind-syntax. */
  expect(document(NULL, level, "'bind': {'dot.x': 'dot.y * 2'}"), "bind-syntax",
         "/bind/dot.x", 1);
  /* Targets: as tracks and poses. */
  expect(document(NULL, level, "'bind': {'spot.x': 'level'}"),
         "unknown-address", "/bind/spot.x", 0);
  expect(document(NULL, level, "'bind': {'dot.fill.rule': 'level'}"),
         "not-animatable", "/bind/dot.fill.rule", 0);
  expect(document(NULL, level, "'bind': {'dot.x': 3}"), "type", "/bind/dot.x",
         0);
  expect(document(NULL, level, "'bind': 'level'"), "type", "/bind", 0);
  /* Without requires: the key is undeclared. */
  expect(document("[]", level, "'bind': {'dot.x': 'level'}"),
         "undeclared-feature", "/bind", 0);
  /* 513 tokens; 65 nesting levels. */
  char tokens[2048] = "'bind': {'dot.x': '1";
  for (int i = 0; i < 256; i++) {
    strcat(tokens, "+1");
  }
  strcat(tokens, "'}");
  expect(document(NULL, level, tokens), "bind-syntax", "/bind/dot.x", 513);
  char nested[512] = "'bind': {'dot.x': '";
  for (int i = 0; i < 65; i++) {
    strcat(nested, "(");
  }
  strcat(nested, "level");
  for (int i = 0; i < 65; i++) {
    strcat(nested, ")");
  }
  strcat(nested, "'}");
  expect(document(NULL, level, nested), "bind-syntax", "/bind/dot.x", 65);
  /* A valid document has no diagnostic at all (the input counts as used). */
  cr_assert_eq(validate(document(NULL, level, "'bind': {'dot.x': 'level'}")),
               0);
}

/* The rest of the chapter's table: a target of an undeclared feature, the
 * old object-valued from/map form, bool literals, `$` data paths without
 * the data module, a chained ordering, a string-valued condition term and
 * a trigger written by a state's entry block. */
Test(bind, diagnostics_of_targets_forms_and_terms) {
  cr_assert_eq(anima_runtime_load_module_file(
                   f.runtime, ANIMA_BUILD_ROOT "/modules/anima-corners.so",
                   f.diagnostics),
               ANIMA_OK);
  const char *level = "'level': {'type': 'number'}";
  /* corners.0 belongs to a feature the document does not declare. */
  char rect[1024];
  snprintf(rect, sizeof rect, "%s",
           "{'anima': '0.1', 'name': 'bind-test', 'grid': 20, 'requires': "
           "['bind'], 'inputs': {'level': {'type': 'number'}}, 'nodes': "
           "[{'id': 'box', 'type': 'rect', 'x0': 1, 'y0': 1, 'w': 5, 'h': 5, "
           "'fill': {'color': '#000000'}}], 'bind': {'box.corners.0': "
           "'level'}}");
  for (char *c = rect; *c; c++) {
    if (*c == '\'') {
      *c = '"';
    }
  }
  expect(rect, "undeclared-feature", "/bind/box.corners.0", 0);
  expect(document(NULL, level,
                  "'bind': {'dot.x': {'from': 'level', 'map': [0, 1]}}"),
         "type", "/bind/dot.x", 0);
  expect(document(NULL, level, "'bind': {'dot.x': 'true'}"), "bind-syntax",
         "/bind/dot.x", 1);
  expect(document(NULL, level, "'bind': {'dot.x': 'level + $count'}"),
         "bind-syntax", "/bind/dot.x", 9);
  /* The refusal names the absent module ("`$` data paths when `data` is
   * declared"). */
  bool named = false;
  for (size_t i = 0; i < anima_diagnostics_count(f.diagnostics); i++) {
    named = named || strstr(anima_diagnostics_get(f.diagnostics, i)->message,
                            "need the data module");
  }
  cr_assert(named, "no diagnostic names the data module");
  expect(document(NULL, level, "'bind': {'dot.x': 'level < 1 < 2'}"),
         "bind-type", "/bind/dot.x", 11);
  const char *inputs = "'level': {'type': 'number'}, 'go': {'type': "
                       "'trigger'}, 'on': {'type': 'bool'}";
  expect(document(NULL, inputs,
                  "'bind': {'dot.x': 'level'}, 'listeners': [{'on': 'down', "
                  "'fire': 'go', 'toggle': 'on'}], 'machine': {'layers': "
                  "{'l': {'initial': 'a', 'states': {'a': {'pose': {}, 'on': "
                  "[{'when': 'lower(\\'A\\')', 'to': 'a'}]}}}}}"),
         "bind-type", "/machine/layers/l/states/a/on/0/when", 1);
  expect(document(NULL, inputs,
                  "'bind': {'dot.x': 'level'}, 'listeners': [{'on': 'down', "
                  "'toggle': 'on'}], 'machine': {'layers': {'l': {'initial': "
                  "'a', 'states': {'a': {'pose': {}, 'entry': {'set': {'go': "
                  "1}}}}}}}"),
         "input-type", "/machine/layers/l/states/a/entry/set/go", 0);
}

Test(bind, diagnostics_of_sets_and_terms) {
  const char *inputs = "'count': {'type': 'number'}, 'on': {'type': 'bool'}, "
                       "'go': {'type': 'trigger'}";
  expect(document(NULL, inputs,
                  "'listeners': [{'on': 'down', 'set': {'count': 'count +'}}]"),
         "bind-syntax", "/listeners/0/set/count", 8);
  expect(document(NULL, inputs,
                  "'listeners': [{'on': 'down', 'set': {'on': 'count'}}]"),
         "bind-type", "/listeners/0/set/on", 0);
  expect(document(NULL, inputs,
                  "'listeners': [{'on': 'down', 'set': {'count': '#fff'}}]"),
         "bind-type", "/listeners/0/set/count", 0);
  expect(document(NULL, inputs,
                  "'listeners': [{'on': 'down', 'set': {'count': 'go'}}]"),
         "bind-type", "/listeners/0/set/count", 1);
  expect(document(NULL, inputs,
                  "'listeners': [{'on': 'down', 'set': {'count': 'nope'}}]"),
         "unknown-input", "/listeners/0/set/count", 1);
  expect(document(NULL, inputs,
                  "'listeners': [{'on': 'down', 'set': {'go': 'count'}}]"),
         "input-type", "/listeners/0/set/go", 0);
  /* Without bind a string is no expression. */
  expect(document("[]", inputs,
                  "'listeners': [{'on': 'down', 'set': {'count': 'count + "
                  "1'}}]"),
         "undeclared-feature", "/listeners/0/set/count", 0);
  const char *machine =
      "'machine': {'layers': {'l': {'initial': 'a', 'states': {'a': {'pose': "
      "{}, 'on': [{'when': '%s', 'to': 'b'}]}, 'b': {'pose': {}}}}}}, "
      "'listeners': [{'on': 'down', 'set': {'count': 1, 'on': true}, 'fire': "
      "'go'}]";
  char extra[1024];
  snprintf(extra, sizeof extra, machine, "count + 1");
  expect(document(NULL, inputs, extra), "bind-type",
         "/machine/layers/l/states/a/on/0/when", 0);
  snprintf(extra, sizeof extra, machine, "count > on");
  expect(document(NULL, inputs, extra), "bind-type",
         "/machine/layers/l/states/a/on/0/when", 7);
  snprintf(extra, sizeof extra, machine, "mod(count) == 1");
  expect(document(NULL, inputs, extra), "bind-syntax",
         "/machine/layers/l/states/a/on/0/when", 1);
  snprintf(extra, sizeof extra, machine, "count > other");
  expect(document(NULL, inputs, extra), "unknown-input",
         "/machine/layers/l/states/a/on/0/when", 9);
}

Test(bind, diagnostics_of_machine_blocks) {
  const char *inputs = "'count': {'type': 'number'}, 'on': {'type': 'bool'}, "
                       "'go': {'type': 'trigger'}";
  const char *machine =
      "'listeners': [{'on': 'down', 'fire': 'go'}], 'machine': {'layers': "
      "{'l': {'initial': 'a', 'states': {'a': {'pose': {}, %s, 'on': "
      "[{'when': 'go', 'to': 'b'%s}]}, 'b': {'pose': {}}}}}}";
  char extra[1024];
  snprintf(extra, sizeof extra, machine, "'entry': {'set': {'count': 0}}", "");
  /* entry and exit need bind even with literal values. */
  expect(document("[]", inputs, extra), "undeclared-feature",
         "/machine/layers/l/states/a/entry", 0);
  snprintf(extra, sizeof extra, machine,
           "'entry': {'set': {'nope': 'count + 1'}}", "");
  expect(document(NULL, inputs, extra), "unknown-input",
         "/machine/layers/l/states/a/entry/set/nope", 0);
  snprintf(extra, sizeof extra, machine,
           "'exit': {'set': {'count': 'count +'}}", "");
  expect(document(NULL, inputs, extra), "bind-syntax",
         "/machine/layers/l/states/a/exit/set/count", 8);
  snprintf(extra, sizeof extra, machine, "'exit': {'toggle': 'on'}",
           ", 'actions': {'fire': 'on'}");
  expect(document(NULL, inputs, extra), "input-type",
         "/machine/layers/l/states/a/on/0/actions/fire", 0);
  snprintf(extra, sizeof extra, machine, "'exit': {'toggle': 'on'}",
           ", 'actions': {'set': {'on': 'count'}}");
  expect(document(NULL, inputs, extra), "bind-type",
         "/machine/layers/l/states/a/on/0/actions/set/on", 0);
  /* Valid blocks load. */
  snprintf(extra, sizeof extra, machine,
           "'entry': {'set': {'count': 'count + 1'}}, 'exit': {'toggle': "
           "'on'}",
           ", 'actions': {'set': {'count': 'count * 10'}, 'emit': 'went'}");
  cr_assert_eq(validate(document(NULL, inputs, extra)), 0, "%s",
               anima_diagnostics_get(f.diagnostics, 0)->message);
  /* Construction: entry count 0 + 1 = 1. Going: exit toggles on, the
   * actions make count 10 and emit, entering b runs nothing more. */
  load(document(NULL, inputs, extra));
  cr_assert_eq(input("count"), 1);
  cr_assert_eq(anima_player_fire(f.player, "go"), ANIMA_OK);
  anima_step_result result = step(0);
  cr_assert_str_eq(anima_player_layer_state(f.player, 0), "b");
  cr_assert_eq(input("count"), 10);
  cr_assert_eq(input("on"), 1);
  cr_assert_eq(result.event_count, 1);
  cr_assert_str_eq(result.events[0].name, "went");
}
