/*
 * test_validate_parsers.c — the ease (SPEC §5), condition (§8) and colour
 * (§6) parsers the loader and the model compiler share (kernel/ease.h,
 * kernel/condition.h, kernel/color.h). Expected values are read off the
 * SPEC tables and grammars.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "color.h"
#include "condition.h"
#include "ease.h"

/* ---- eases ------------------------------------------------------------- */

static anima_ease parse_ok(const char *text) {
  anima_ease ease;
  anima_ease_error error = {0};
  cr_assert_eq(anima_ease_parse(text, &ease, &error), ANIMA_EASE_PARSE_OK,
               "\"%s\": %s", text, error.message);
  return ease;
}

static anima_ease_error parse_invalid(const char *text) {
  anima_ease ease;
  anima_ease_error error = {0};
  cr_assert_eq(anima_ease_parse(text, &ease, &error), ANIMA_EASE_PARSE_INVALID,
               "\"%s\" parsed", text);
  /* A refused ease leaves the output linear. */
  cr_assert_eq(ease.kind, ANIMA_EASE_LINEAR);
  cr_assert_gt(strlen(error.message), 0);
  return error;
}

Test(ease, named_eases) {
  /* §5 table: linear w = u, hold w = 0. */
  cr_assert_eq(parse_ok("linear").kind, ANIMA_EASE_LINEAR);
  cr_assert_eq(parse_ok("hold").kind, ANIMA_EASE_HOLD);
  /* in = cubic(0.42, 0, 1, 1), out = cubic(0, 0, 0.58, 1),
   * inOut = cubic(0.42, 0, 0.58, 1). */
  const struct {
    const char *name;
    double p[4];
  } named[] = {{"in", {0.42, 0, 1, 1}},
               {"out", {0, 0, 0.58, 1}},
               {"inOut", {0.42, 0, 0.58, 1}}};
  for (size_t i = 0; i < 3; i++) {
    anima_ease ease = parse_ok(named[i].name);
    cr_assert_eq(ease.kind, ANIMA_EASE_CUBIC, "%s", named[i].name);
    for (size_t j = 0; j < 4; j++) {
      cr_assert_eq(ease.parameters[j], named[i].p[j], "%s %zu", named[i].name,
                   j);
    }
  }
  cr_assert_eq(anima_ease_linear().kind, ANIMA_EASE_LINEAR);
}

Test(ease, cubic_arguments) {
  /* Spaces are optional; y is unbounded (overshoot allowed). */
  anima_ease ease = parse_ok("cubic(0.2,-1.5,0.3,2e0)");
  cr_assert_eq(ease.kind, ANIMA_EASE_CUBIC);
  cr_assert_eq(ease.parameters[0], 0.2);
  cr_assert_eq(ease.parameters[1], -1.5);
  cr_assert_eq(ease.parameters[2], 0.3);
  cr_assert_eq(ease.parameters[3], 2);
  ease = parse_ok("  cubic ( 0 , 0 , 1 , 1 )  ");
  cr_assert_eq(ease.parameters[2], 1);
  /* x1 and x2 are limited to [0, 1], the endpoints included. */
  parse_ok("cubic(1, 0, 0, 1)");
  parse_invalid("cubic(1.5, 0, 0.5, 1)");
  parse_invalid("cubic(0.5, 0, -0.01, 1)");
}

Test(ease, elastic_arguments) {
  /* §5: a >= 0, p > 0. */
  anima_ease ease = parse_ok("elastic(1, 0.3)");
  cr_assert_eq(ease.kind, ANIMA_EASE_ELASTIC);
  cr_assert_eq(ease.parameters[0], 1);
  cr_assert_eq(ease.parameters[1], 0.3);
  parse_ok("elastic(0,1)");
  parse_invalid("elastic(-1, 0.3)");
  parse_invalid("elastic(1, 0)");
  parse_invalid("elastic(1)");
}

Test(ease, refused_forms) {
  /* Not in the §5 table, or not JSON numbers (".5", "1.", "+1"), or
   * wrong argument counts, or trailing text. */
  static const char *const refused[] = {
      "",
      "easeIn",
      "Linear",
      "linear x",
      "cubic",
      "cubic()",
      "cubic(0,0,1)",
      "cubic(0,0,1,1,1)",
      "cubic(.5,0,1,1)",
      "cubic(1.,0,1,1)",
      "cubic(+1,0,1,1)",
      "cubic(0 0 1 1)",
      "cubic(0,0,1,1",
      "cubic(0,0,1,1))",
      "hold()",
      "elastic(1e999, 1)",
  };
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
    parse_invalid(refused[i]);
  }
}

Test(ease, spring_is_reserved) {
  /* §5: spring(...) is reserved for a later version, whatever its
   * arguments. */
  anima_ease ease;
  anima_ease_error error = {0};
  cr_assert_eq(anima_ease_parse("spring(1, 100, 10)", &ease, &error),
               ANIMA_EASE_PARSE_RESERVED);
  cr_assert_eq(anima_ease_parse("spring", &ease, &error),
               ANIMA_EASE_PARSE_RESERVED);
}

Test(ease, error_offsets) {
  /* "cubic(0, x" — the x is at byte 9. */
  cr_assert_eq(parse_invalid("cubic(0, x").offset, 9);
  /* "linear!" — the trailing "!" is at byte 6. */
  cr_assert_eq(parse_invalid("linear!").offset, 6);
}

/* ---- conditions -------------------------------------------------------- */

static anima_condition condition_ok(const char *text) {
  anima_condition condition;
  anima_condition_error error = {0};
  cr_assert_eq(anima_condition_parse(text, &condition, &error), ANIMA_OK,
               "\"%s\": %s", text, error.message);
  return condition;
}

static anima_condition_error condition_bad(const char *text) {
  anima_condition condition;
  anima_condition_error error = {0};
  cr_assert_eq(anima_condition_parse(text, &condition, &error),
               ANIMA_ERROR_INVALID_DOCUMENT, "\"%s\" parsed", text);
  cr_assert_eq(condition.count, 0);
  cr_assert_gt(strlen(error.message), 0);
  return error;
}

Test(condition, every_term_kind) {
  /* §8: term := "!"? NAME | NAME OP NUMBER | "@end" | "@after(" NUMBER ")"
   * joined by "&&"; whitespace between tokens is ignored. */
  anima_condition c =
      condition_ok("ring && !hover&&level>=0.5 && @end && @after( 1.5 )");
  cr_assert_eq(c.count, 5);
  cr_assert_eq(c.terms[0].kind, ANIMA_TERM_INPUT);
  cr_assert_str_eq(c.terms[0].input, "ring");
  cr_assert_eq(c.terms[0].offset, 0);
  cr_assert_eq(c.terms[1].kind, ANIMA_TERM_NOT_INPUT);
  cr_assert_str_eq(c.terms[1].input, "hover");
  cr_assert_eq(c.terms[1].offset, 8);
  cr_assert_eq(c.terms[2].kind, ANIMA_TERM_COMPARE);
  cr_assert_str_eq(c.terms[2].input, "level");
  cr_assert_eq(c.terms[2].compare, ANIMA_COMPARE_GREATER_EQUAL);
  cr_assert_eq(c.terms[2].number, 0.5);
  cr_assert_eq(c.terms[3].kind, ANIMA_TERM_END);
  cr_assert_null(c.terms[3].input);
  cr_assert_eq(c.terms[4].kind, ANIMA_TERM_AFTER);
  cr_assert_eq(c.terms[4].number, 1.5);
  anima_condition_release(&c);
  cr_assert_null(c.terms);
}

Test(condition, operators) {
  const struct {
    const char *text;
    anima_compare_operator op;
    double number;
  } cases[] = {
      {"a==1", ANIMA_COMPARE_EQUAL, 1},
      {"a != -2", ANIMA_COMPARE_NOT_EQUAL, -2},
      {"a<3e2", ANIMA_COMPARE_LESS, 300},
      {"a <= 0", ANIMA_COMPARE_LESS_EQUAL, 0},
      {"a>0.25", ANIMA_COMPARE_GREATER, 0.25},
      {"a >=1E-1", ANIMA_COMPARE_GREATER_EQUAL, 0.1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    anima_condition c = condition_ok(cases[i].text);
    cr_assert_eq(c.count, 1);
    cr_assert_eq(c.terms[0].compare, cases[i].op, "%s", cases[i].text);
    cr_assert_eq(c.terms[0].number, cases[i].number, "%s", cases[i].text);
    cr_assert_str_eq(anima_compare_operator_text(cases[i].op), i == 0   ? "=="
                                                               : i == 1 ? "!="
                                                               : i == 2 ? "<"
                                                               : i == 3 ? "<="
                                                               : i == 4 ? ">"
                                                                        : ">=");
    anima_condition_release(&c);
  }
}

Test(condition, names_follow_the_name_pattern) {
  /* §2 Names: ^[a-z][a-zA-Z0-9-]*$ — hyphens and capitals after the first
   * letter are part of the name. */
  anima_condition c = condition_ok("is-Down2 && x");
  cr_assert_str_eq(c.terms[0].input, "is-Down2");
  cr_assert_str_eq(c.terms[1].input, "x");
  anima_condition_release(&c);
}

Test(condition, refused_conditions_name_the_offset) {
  /* Offsets count bytes from the start of the string. */
  cr_assert_eq(condition_bad("").offset, 0);
  cr_assert_eq(condition_bad("a ||b").offset, 2); /* no || */
  cr_assert_eq(condition_bad("a = 1").offset, 2); /* = is not == */
  cr_assert_eq(condition_bad("a && ").offset, 5); /* term missing */
  cr_assert_eq(condition_bad("a > b").offset, 4); /* bind only */
  cr_assert_eq(condition_bad("1 < a").offset, 0); /* number first */
  cr_assert_eq(condition_bad("@ends").offset, 0); /* no such built-in */
  cr_assert_eq(condition_bad("@after(x)").offset, 7);
  cr_assert_eq(condition_bad("@after(-1)").offset, 7); /* seconds >= 0 */
  cr_assert_eq(condition_bad("!a > 1").offset, 0);     /* negated comparison */
  cr_assert_eq(condition_bad("Hover").offset, 0);      /* capital first */
  cr_assert_eq(condition_bad("a & b").offset, 2);
  cr_assert_eq(condition_bad("a b").offset, 2);
  cr_assert_eq(condition_bad("a > .5").offset, 4); /* not a JSON number */
}

/* ---- colours ----------------------------------------------------------- */

Test(color, hex_literals) {
  /* §6: #rgb doubles each digit; #rrggbb has alpha 255; case-insensitive. */
  anima_color color;
  cr_assert_eq(anima_color_parse("#f80", &color), ANIMA_COLOR_FORM_HEX);
  cr_assert(color.r == 0xff && color.g == 0x88 && color.b == 0x00 &&
            color.a == 255);
  cr_assert_eq(anima_color_parse("#D97757", &color), ANIMA_COLOR_FORM_HEX);
  cr_assert(color.r == 0xd9 && color.g == 0x77 && color.b == 0x57 &&
            color.a == 255);
  cr_assert_eq(anima_color_parse("#11223380", &color), ANIMA_COLOR_FORM_HEX);
  cr_assert(color.r == 0x11 && color.g == 0x22 && color.b == 0x33 &&
            color.a == 0x80);
  cr_assert(anima_color_parse_hex("#aBc", &color));
  cr_assert(color.r == 0xaa && color.g == 0xbb && color.b == 0xcc);
}

Test(color, forms) {
  cr_assert_eq(anima_color_parse("currentColor", NULL),
               ANIMA_COLOR_FORM_CURRENT);
  cr_assert_eq(anima_color_parse("accent", NULL), ANIMA_COLOR_FORM_SLOT);
  cr_assert_eq(anima_color_parse("ink-2", NULL), ANIMA_COLOR_FORM_SLOT);
  /* Neither hex, currentColor nor a name: bad-color. */
  static const char *const invalid[] = {
      "#",          "#ab",  "#abcd", "#abcde", "#abcdefg",
      "#abcdef012", "#ggg", " #abc", "#abc ",  "Red",
      "rgb(0,0,0)", "",     "1ink",  "@slot",
  };
  for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
    anima_color untouched = {1, 2, 3, 4};
    cr_assert_eq(anima_color_parse(invalid[i], &untouched),
                 ANIMA_COLOR_FORM_INVALID, "\"%s\"", invalid[i]);
    cr_assert(untouched.r == 1 && untouched.a == 4);
  }
  cr_assert_eq(anima_color_parse(NULL, NULL), ANIMA_COLOR_FORM_INVALID);
  cr_assert_not(anima_color_parse_hex("currentColor", NULL));
}
