/*
 * test_kind_terms.c — condition term kinds added by a module (issue 9 item
 * 6, module.h anima_term_kind_desc, SPEC §8 conditions):
 * tests/modules/terms.c adds `NAME OP NAME` over two number inputs and
 * `@past(s)` (state time, with carry, keeping the player awake). A term
 * the core grammar does not parse is offered to the kinds of declared
 * features; values derived by hand below.
 */
#include "test_kind_fixture.h"

/* Inputs level and limit (numbers), flag (bool), go (trigger); REQUIRES
 * the requires list; STATES the states of layer "main" (initial "a"). */
#define TERMS(requires, states)                                                \
  "{\"anima\": \"0.1\", \"name\": \"terms\", \"grid\": 20, "                   \
  "\"requires\": " requires ", \"nodes\": [{\"id\": \"dot\", \"type\": "       \
                            "\"circle\", "                                     \
                            "\"center\": [10, 10], \"r\": 2, \"fill\": "       \
                            "{\"color\": \"#000000\"}}], "                     \
                            "\"inputs\": {\"level\": {\"type\": \"number\"}, " \
                            "\"limit\": {\"type\": "                           \
                            "\"number\", \"default\": 0.5}, \"flag\": "        \
                            "{\"type\": \"bool\"}, \"go\": "                   \
                            "{\"type\": \"trigger\"}}, \"timelines\": "        \
                            "{\"t\": {\"duration\": 1, "                       \
                            "\"tracks\": {\"dot.x\": [[0, 0], [1, 10]]}}}, "   \
                            "\"machine\": {\"layers\": "                       \
                            "{\"main\": {\"initial\": \"a\", "                 \
                            "\"states\": " states "}}}}"

/* State a (a pose) goes to b (playing t) when WHEN holds. */
#define A_TO_B(when)                                                           \
  "{\"a\": {\"pose\": {}, \"on\": [{\"when\": \"" when "\", \"to\": "          \
  "\"b\"}]}, \"b\": {\"play\": \"t\"}}"

/* A_TO_B, with b going back to a on "flag && go": then every input is
 * read by some condition (no unused-input warnings). */
#define CHECKED(when)                                                          \
  "{\"a\": {\"pose\": {}, \"on\": [{\"when\": \"" when "\", \"to\": "          \
  "\"b\"}]}, \"b\": {\"play\": \"t\", \"on\": [{\"when\": \"flag && go\", "    \
  "\"to\": \"a\"}]}}"

Test(kind_terms, a_module_term_compares_two_inputs) {
  /* limit 0.5: level 0.4 > 0.5 is false (stay in a); level 0.6 is true. */
  kind_fixture f = kind_runtime("terms");
  kind_load(&f, TERMS("[\"terms\"]", A_TO_B("level > limit")));
  anima_player_set_number(f.player, "level", 0.4);
  kind_step(&f, 0);
  cr_assert_str_eq(anima_player_layer_state(f.player, 0), "a");
  anima_player_set_number(f.player, "level", 0.6);
  kind_step(&f, 0);
  cr_assert_str_eq(anima_player_layer_state(f.player, 0), "b");
  kind_free(&f);
}

Test(kind_terms, module_and_core_terms_join_with_and) {
  /* "go && level >= limit": level 0.5 >= 0.5 holds, but go is not
   * pending: stay; fire go: b. */
  kind_fixture f = kind_runtime("terms");
  kind_load(&f, TERMS("[\"terms\"]", A_TO_B("go && level >= limit")));
  anima_player_set_number(f.player, "level", 0.5);
  kind_step(&f, 0);
  cr_assert_str_eq(anima_player_layer_state(f.player, 0), "a");
  anima_player_fire(f.player, "go");
  kind_step(&f, 0);
  cr_assert_str_eq(anima_player_layer_state(f.player, 0), "b");
  kind_free(&f);
}

Test(kind_terms, a_module_term_carries_its_overshoot) {
  /* @past(0.25) holds at the step that brings state a to 0.4 s; the
   * overshoot 0.15 s carries into b (§7 3.2 c), whose timeline then
   * samples dot.x at 0.15: 10·0.15 = 1.5. */
  kind_fixture f = kind_runtime("terms");
  kind_load(&f, TERMS("[\"terms\"]", A_TO_B("@past(0.25)")));
  kind_step(&f, 0);
  kind_step(&f, 0.4);
  cr_assert_str_eq(anima_player_layer_state(f.player, 0), "b");
  cr_assert_float_eq(kind_number(&f, "dot.x"), 1.5, 1e-12);
  kind_free(&f);
}

Test(kind_terms, a_clock_term_keeps_the_player_awake) {
  /* At 0.1 s in a, @past(0.25) has not held yet: at_rest says no, so the
   * player is not settled (a pose with only level terms would be) and does
   * not sleep; at 0.3 s the transition is taken. */
  kind_fixture f = kind_runtime("terms");
  kind_load(&f, TERMS("[\"terms\"]", A_TO_B("@past(0.25)")));
  kind_step(&f, 0);
  kind_step(&f, 0.1);
  cr_assert(!anima_player_settled(f.player));
  kind_step(&f, 0.2);
  cr_assert_str_eq(anima_player_layer_state(f.player, 0), "b");
  kind_free(&f);
}

/* The only error of validating JSON, with its code (inputs the refused
 * condition names may also be warned about as unused). */
static const anima_diagnostic *one(kind_fixture *f, const char *json,
                                   const char *code) {
  kind_validate(f, json);
  cr_assert_eq(anima_diagnostics_error_count(f->diagnostics), 1);
  for (size_t i = 0; i < anima_diagnostics_count(f->diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(f->diagnostics, i);
    if (d->severity == ANIMA_SEVERITY_ERROR) {
      cr_assert_str_eq(d->code, code, "%s %s", d->pointer, d->message);
      return d;
    }
  }
  return NULL;
}

#define WHEN_POINTER "/machine/layers/main/states/a/on/0/when"

Test(kind_terms, terms_of_a_kind_are_checked_by_the_kind) {
  kind_fixture f = kind_runtime("terms");
  cr_assert_eq(
      kind_validate(&f, TERMS("[\"terms\"]", CHECKED("level > limit"))), 0,
      "inputs read only by a module term are used");
  const anima_diagnostic *d =
      one(&f, TERMS("[\"terms\"]", CHECKED("level > flag")), "input-type");
  cr_assert_str_eq(d->pointer, WHEN_POINTER);
  cr_assert_str_eq(d->message, "\"flag\" is not a number input");
  one(&f, TERMS("[\"terms\"]", CHECKED("level > nope")), "unknown-input");
  d = one(&f, TERMS("[\"terms\"]", CHECKED("@past(-1)")), "bad-condition");
  cr_assert_str_eq(d->hint, "write @past(seconds)");
  kind_free(&f);
}

Test(kind_terms, a_term_no_kind_knows_keeps_the_core_error) {
  /* ">>" is no operator of either grammar: the core's message, with the
   * declared kinds' syntaxes in the hint. */
  kind_fixture f = kind_runtime("terms");
  const anima_diagnostic *d =
      one(&f, TERMS("[\"terms\"]", CHECKED("level >> limit")), "bad-condition");
  cr_assert_str_eq(d->pointer, WHEN_POINTER);
  cr_assert_not_null(strstr(d->hint, "NAME OP NAME, @past(seconds)"), "%s",
                     d->hint);
  kind_free(&f);
}

Test(kind_terms, a_term_of_an_undeclared_feature_says_which) {
  /* Without "terms" in requires, the core alone would say that comparing
   * two inputs needs bind; the loaded kind knows the term. */
  kind_fixture f = kind_runtime("terms");
  const anima_diagnostic *d =
      one(&f, TERMS("[]", CHECKED("level > limit")), "undeclared-feature");
  cr_assert_str_eq(d->pointer, WHEN_POINTER);
  cr_assert_not_null(strstr(d->hint, "\"terms\""), "%s", d->hint);
  kind_free(&f);
}
