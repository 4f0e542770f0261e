/*
 * test_bind_expr.c — the bind expression language (SPEC bind chapter,
 * "Expressions and types" and "Validation"; modules/bind/expr.h): values
 * derived by hand from the chapter's rules, one comment per derivation.
 *
 * Inputs of the scope: count (number, 7), flag (bool, true), ring
 * (trigger), level (number, 0.25), other (number, -3).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"

static const struct {
  const char *name;
  anima_input_type type;
  double value;
} inputs[] = {
    {"count", ANIMA_INPUT_NUMBER, 7},  {"flag", ANIMA_INPUT_BOOL, 1},
    {"ring", ANIMA_INPUT_TRIGGER, 0},  {"level", ANIMA_INPUT_NUMBER, 0.25},
    {"other", ANIMA_INPUT_NUMBER, -3},
};

static long find(void *context, const char *name, size_t length,
                 anima_input_type *type) {
  (void)context;
  for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) {
    if (strlen(inputs[i].name) == length &&
        memcmp(inputs[i].name, name, length) == 0) {
      *type = inputs[i].type;
      return (long)i;
    }
  }
  return -1;
}

static double read_input(void *context, uint32_t index) {
  (void)context;
  return inputs[index].value;
}

static void *test_alloc(void *context, size_t size) {
  (void)context;
  void *memory = aligned_alloc(16, (size + 15) & ~(size_t)15);
  if (memory) {
    memset(memory, 0, size);
  }
  return memory;
}

static const bind_scope scope = {.find = find};

/* A scope's "did you mean", as bind_scope.c writes it, always naming
 * count. */
static void suggest_count(void *context, const char *name, size_t length,
                          char *hint, size_t size) {
  (void)context;
  (void)name;
  (void)length;
  snprintf(hint, size, "did you mean \"count\"?");
}
static const bind_allocator allocator = {.alloc = test_alloc};

static bind_program *compile_ok(const char *text) {
  bind_program *program = NULL;
  bind_error error;
  anima_status status =
      bind_compile(text, strlen(text), &scope, &allocator, &program, &error);
  cr_assert_eq(status, ANIMA_OK, "%s: %s %s (%s)", text,
               error.code ? error.code : "-", error.message, error.hint);
  return program;
}

/* The value a number target receives (non-finite becomes 0). */
static double number(const char *text) {
  bind_program *program = compile_ok(text);
  cr_assert(program->type == BIND_NUMBER || program->type == BIND_BOOL,
            "%s has type %s", text, bind_type_name(program->type));
  double value = bind_finite(bind_evaluate(program, read_input, NULL).number);
  free(program);
  return value;
}

static bool truth(const char *text) {
  bind_program *program = compile_ok(text);
  cr_assert_eq(program->type, BIND_BOOL, "%s has type %s", text,
               bind_type_name(program->type));
  double value = bind_evaluate(program, read_input, NULL).number;
  free(program);
  return value != 0;
}

static anima_color color(const char *text) {
  bind_program *program = compile_ok(text);
  cr_assert_eq(program->type, BIND_COLOR);
  anima_color value = bind_evaluate(program, read_input, NULL).color;
  free(program);
  return value;
}

static bind_error refused(const char *text) {
  bind_program *program = NULL;
  bind_error error;
  anima_status status =
      bind_compile(text, strlen(text), &scope, &allocator, &program, &error);
  cr_assert_eq(status, ANIMA_ERROR_INVALID_DOCUMENT, "%s compiled", text);
  cr_assert_null(program);
  cr_assert_not_null(error.code);
  cr_assert(error.hint[0], "%s: no hint", text);
  return error;
}

static void expect_error(const char *text, const char *code, size_t offset) {
  bind_error error = refused(text);
  cr_assert_str_eq(error.code, code, "%s: %s (%s)", text, error.code,
                   error.message);
  cr_assert_eq(error.offset, offset, "%s: offset %zu, expected %zu (%s)", text,
               error.offset, offset, error.message);
  char where[40];
  snprintf(where, sizeof where, "at character %zu", offset + 1);
  cr_assert(strstr(error.message, where), "%s: \"%s\" lacks \"%s\"", text,
            error.message, where);
}

Test(bind_expr, precedence_and_associativity) {
  /* × before +: 1 + (2·3) = 7; parentheses first: 3·3 = 9. */
  cr_assert_eq(number("1 + 2 * 3"), 7);
  cr_assert_eq(number("(1 + 2) * 3"), 9);
  /* Left association: (10 − 4) − 3 = 3, not 10 − 1 = 9; (8/2)/2 = 2. */
  cr_assert_eq(number("10 - 4 - 3"), 3);
  cr_assert_eq(number("8 / 2 / 2"), 2);
  cr_assert_eq(number("2 * 3 / 4"), 1.5);
  /* Unary signs bind tightest: (−2)·3 = −6; −2 − (−3) = 1. */
  cr_assert_eq(number("-2 * 3"), -6);
  cr_assert_eq(number("- 2 - - 3"), 1);
  cr_assert_eq(number("+count"), 7);
  /* Whitespace is insignificant between tokens. */
  cr_assert_eq(number("count*2+1"), 15);
  cr_assert_eq(number("  count\t*\n2 +1 "), 15);
  /* Exponents and fractions as JSON writes them. */
  cr_assert_eq(number("2e-1 * 10"), 2);
  cr_assert_eq(number("0.5 + 0"), 0.5);
}

Test(bind_expr, logic_precedence) {
  /* `and` binds tighter than `or`: (F and F) or T = T; the other way
   * round, F and (F or T), would be F. */
  cr_assert(truth("1 > 2 and 1 > 2 or 1 < 2"));
  cr_assert(!truth("1 < 2 and 2 < 1"));
  cr_assert(truth("1 < 2 or 2 < 1"));
  /* `not` sits above comparison: not (1 < 2) = F. */
  cr_assert(!truth("not 1 < 2"));
  /* (not (1 > 2)) and (1 == 1) = T. */
  cr_assert(truth("not 1 > 2 and 1 == 1"));
  cr_assert(truth("not not flag"));
  /* count > 0 and mod(count, 5) == 0: 7 mod 5 = 2, so F. */
  cr_assert(!truth("count > 0 and mod(count, 5) == 0"));
  cr_assert(truth("count > 0 and mod(count - 2, 5) == 0"));
}

Test(bind_expr, comparisons) {
  cr_assert(truth("count >= 7"));
  cr_assert(!truth("count > 7"));
  cr_assert(truth("count <= 7"));
  cr_assert(!truth("count < 7"));
  cr_assert(truth("count == 7"));
  cr_assert(truth("count != 6"));
  /* Typed equality: bool with bool. flag is true and 7 > 3. */
  cr_assert(truth("flag == (count > 3)"));
  cr_assert(truth("#fff == #ffffff"));
  cr_assert(truth("#ffffff80 != #ffffff"));
  cr_assert(truth("\"a\" == \"a\""));
  cr_assert(!truth("\"a\" == \"A\""));
  /* Comparisons share one level and associate left: ((1 < 2) == 3) < 4
   * compares a bool with a number at "==". */
  expect_error("1 < 2 == 3 < 4", "bind-type", 6);
  cr_assert(truth("(1 < 2) == (3 < 4)"));
}

Test(bind_expr, bools_count_as_numbers) {
  /* A bare bool input keeps its type; arithmetic reads it as 1. */
  bind_program *program = compile_ok("flag");
  cr_assert_eq(program->type, BIND_BOOL);
  free(program);
  cr_assert_eq(number("count + flag"), 8);
  cr_assert_eq(number("flag * 10"), 10);
  cr_assert_eq(number("-flag"), -1);
  cr_assert_eq(number("min(flag, 5)"), 1);
  /* A comparison is a bool: 7 > 3 is 1, plus 1 = 2. */
  cr_assert_eq(number("(count > 3) + 1"), 2);
}

Test(bind_expr, functions) {
  cr_assert_eq(number("min(3, other)"), -3);
  cr_assert_eq(number("max(3, other)"), 3);
  /* clamp = min(max(x, lo), hi): 5 → 3, −1 → 0, 2 → 2; with lo > hi,
   * min(max(5, 3), 0) = 0. */
  cr_assert_eq(number("clamp(5, 0, 3)"), 3);
  cr_assert_eq(number("clamp(-1, 0, 3)"), 0);
  cr_assert_eq(number("clamp(2, 0, 3)"), 2);
  cr_assert_eq(number("clamp(5, 3, 0)"), 0);
  /* mix = a + (b − a)·t: 10 + 10·0.25 = 12.5; weights extrapolate:
   * 0 + 10·1.5 = 15; a bool weight: 0 + 10·1 = 10. */
  cr_assert_eq(number("mix(10, 20, level)"), 12.5);
  cr_assert_eq(number("mix(0, 10, 1.5)"), 15);
  cr_assert_eq(number("mix(0, 10, flag)"), 10);
  /* floor: the greatest integer ≤ x. */
  cr_assert_eq(number("floor(2.5)"), 2);
  cr_assert_eq(number("floor(-2.5)"), -3);
  cr_assert_eq(number("floor(-3)"), -3);
}

Test(bind_expr, mod_takes_the_divisor_sign) {
  /* a − b·floor(a/b): 7 − 3·2 = 1; −7 − 3·floor(−2.33) = −7 + 9 = 2;
   * 7 − (−3)·floor(−2.33) = 7 − 9 = −2; −7 − (−3)·floor(2.33) = −7 + 6 =
   * −1; 5.5 − 2·2 = 1.5; a zero divisor resolves to 0. */
  cr_assert_eq(number("mod(7, 3)"), 1);
  cr_assert_eq(number("mod(-7, 3)"), 2);
  cr_assert_eq(number("mod(7, -3)"), -2);
  cr_assert_eq(number("mod(-7, -3)"), -1);
  cr_assert_eq(number("mod(5.5, 2)"), 1.5);
  cr_assert_eq(number("mod(5, 0)"), 0);
  cr_assert_eq(number("mod(count, 0) + 1"), 1);
}

Test(bind_expr, non_finite_values_become_zero_where_consumed) {
  /* 1/0 is +∞: the target reads 0. */
  cr_assert_eq(number("1 / 0"), 0);
  cr_assert_eq(number("-1 / 0"), 0);
  /* Consumed by +: 0 + 5. By min: min(0, 3) = 0. By a comparison:
   * 0 > 4 is false. 0/0 is NaN, consumed as 0 == 0. */
  cr_assert_eq(number("1 / 0 + 5"), 5);
  cr_assert_eq(number("min(1 / 0, 3)"), 0);
  cr_assert(!truth("1 / 0 > 4"));
  cr_assert(truth("0 / 0 == 0"));
  /* 1e308·10 overflows to +∞, consumed by − as 0: 0 − 1. */
  cr_assert_eq(number("1e308 * 10 - 1"), -1);
  cr_assert_eq(number("floor(1 / 0)"), 0);
  cr_assert_eq(number("mix(1 / 0, 10, 0.5)"), 5);
}

Test(bind_expr, colours) {
  /* §5 channels: 0 + 255·0.5 = 127.5, round = floor(128.0) = 128. */
  anima_color c = color("mix(#000000, #ffffff, 0.5)");
  cr_assert(c.r == 128 && c.g == 128 && c.b == 128 && c.a == 255);
  /* r 255 − 255·0.25 = 191.25 → 191; b 63.75 → 64; alpha 0x80 = 128 →
   * 128 + 127·0.25 = 159.75 → 160. */
  c = color("mix(#ff000080, #0000ff, level)");
  cr_assert(c.r == 191 && c.g == 0 && c.b == 64 && c.a == 160, "%d %d %d %d",
            c.r, c.g, c.b, c.a);
  /* Extrapolated weights clamp channels to 0..255. */
  c = color("mix(#000, #fff, 2)");
  cr_assert(c.r == 255 && c.g == 255 && c.b == 255);
  c = color("mix(#888, #fff, -1)");
  /* 0x88 = 136: 136 + 119·(−1) = 17. */
  cr_assert(c.r == 17 && c.g == 17 && c.b == 17 && c.a == 255);
  /* #abc is #aabbcc; a bool weight counts 0/1. */
  c = color("mix(#abc, #000, not flag)");
  cr_assert(c.r == 0xaa && c.g == 0xbb && c.b == 0xcc);
  c = color("#12345678");
  cr_assert(c.r == 0x12 && c.g == 0x34 && c.b == 0x56 && c.a == 0x78);
}

Test(bind_expr, strings) {
  /* ECMAScript includes: case-sensitive; the empty part is in any text. */
  cr_assert(truth("contains(\"abc\", \"bc\")"));
  cr_assert(!truth("contains(\"abc\", \"ac\")"));
  cr_assert(!truth("contains(\"Abc\", \"a\")"));
  cr_assert(truth("contains(\"abc\", \"\")"));
  cr_assert(truth("contains(\"\", \"\")"));
  cr_assert(!truth("contains(\"\", \"a\")"));
  cr_assert(truth("contains(lower(\"Hello World\"), lower(\"WORLD\"))"));
  /* The chapter's worked values: U+0130 lowers to i + U+0307 (SpecialCasing,
   * unconditional); U+1E9E lowers to U+00DF, not "ss" (no folding). */
  cr_assert(truth("lower(\"\u0130\") == \"i\u0307\""));
  cr_assert(truth("lower(\"\\u0130\") == \"i\\u0307\""));
  cr_assert(truth("lower(\"\u1E9E\") == \"\u00DF\""));
  cr_assert(!truth("lower(\"\u1E9E\") == \"ss\""));
  /* Final_Sigma: a capital sigma ending a word lowers to U+03C2. */
  cr_assert(truth("lower(\"\u039F\u0394\u039F\u03A3\") == "
                  "\"\u03BF\u03B4\u03BF\u03C2\""));
  /* JSON escapes inside string literals, and a surrogate pair. */
  cr_assert(truth("\"a\\\"b\" == \"a\\u0022b\""));
  cr_assert(truth("\"\\ud83d\\ude00\" == \"\U0001F600\""));
  /* lower does not normalise: A + U+030A stays two code points. */
  cr_assert(truth("lower(\"A\u030A\") == \"a\u030A\""));
  cr_assert(!truth("lower(\"A\u030A\") == \"\u00E5\""));
}

Test(bind_expr, short_circuit_programs) {
  /* Both sides of and/or evaluate correctly whichever way the jump goes. */
  cr_assert(!truth("count < 0 and flag"));
  cr_assert(truth("count > 0 and flag"));
  cr_assert(truth("count > 0 or count / 0 > 1"));
  cr_assert(truth("count < 0 or flag"));
  cr_assert(!truth("count < 0 or not flag"));
  cr_assert_eq(number("(count < 0 or flag) + 1"), 2);
}

Test(bind_expr, syntax_errors) {
  expect_error("1 +", "bind-syntax", 3);
  expect_error("", "bind-syntax", 0);
  expect_error("   ", "bind-syntax", 0);
  expect_error("(1 + 2", "bind-syntax", 6);
  expect_error("1 + 2)", "bind-syntax", 5);
  expect_error("sin(1)", "bind-syntax", 0);
  expect_error("min(1)", "bind-syntax", 0);
  expect_error("2 * clamp(1, 2)", "bind-syntax", 4);
  expect_error("lower(\"a\", \"b\")", "bind-syntax", 0);
  expect_error("count = 1", "bind-syntax", 6);
  expect_error("flag && flag", "bind-syntax", 5);
  expect_error("!flag", "bind-syntax", 0);
  expect_error("true", "bind-syntax", 0);
  expect_error("count == false", "bind-syntax", 9);
  expect_error(".5", "bind-syntax", 0);
  expect_error("1.", "bind-syntax", 2);
  expect_error("1e", "bind-syntax", 1);
  expect_error("01", "bind-syntax", 0);
  expect_error("2count", "bind-syntax", 0);
  expect_error("1e400", "bind-syntax", 0);
  expect_error("#12", "bind-syntax", 0);
  expect_error("#1234567", "bind-syntax", 0);
  expect_error("\"open", "bind-syntax", 0);
  expect_error("\"\\q\"", "bind-syntax", 1);
  expect_error("\"\\ud800\"", "bind-syntax", 1);
  expect_error("'a'", "bind-syntax", 0);
  expect_error("$label", "bind-syntax", 0);
  expect_error("Count", "bind-syntax", 0);
  expect_error("count count", "bind-syntax", 6);
  expect_error("min(1, 2", "bind-syntax", 8);
  /* A property read is refused, with the address marked for bind-cycle. */
  bind_error error = refused("1 + ring.stroke.trimEnd");
  cr_assert_str_eq(error.code, "bind-syntax");
  cr_assert(error.reference);
  cr_assert_eq(error.reference_start, 4);
  cr_assert_eq(error.reference_length, 19);
}

Test(bind_expr, names) {
  expect_error("nope + 1", "unknown-input", 0);
  /* A hyphen is part of a name: count-1 is one (undeclared) name. count is
   * an input, so the hint spells the subtraction it reads as. */
  bind_error error = refused("count-1");
  cr_assert_str_eq(error.code, "unknown-input");
  cr_assert_str_eq(error.hint, "a hyphen is part of a name; to subtract, "
                               "write count - 1 with spaces");
  cr_assert_eq(number("count - 1"), 6);
  error = refused("count-other-1");
  cr_assert(strstr(error.hint, "write count - other - 1 with"), "%s",
            error.hint);
  /* nope is no input: the general hint. */
  error = refused("nope-1");
  cr_assert(strstr(error.hint, "declare it in \"inputs\"; a hyphen"), "%s",
            error.hint);
  /* The subtraction hint comes before a scope's "did you mean" (which
   * would name count, two edits away from count-1). */
  bind_scope suggesting = scope;
  suggesting.suggest = suggest_count;
  bind_program *program = NULL;
  cr_assert_eq(
      bind_compile("count-1", 7, &suggesting, &allocator, &program, &error),
      ANIMA_ERROR_INVALID_DOCUMENT);
  cr_assert(strstr(error.hint, "write count - 1 with spaces"), "%s",
            error.hint);
  cr_assert_eq(
      bind_compile("cont", 4, &suggesting, &allocator, &program, &error),
      ANIMA_ERROR_INVALID_DOCUMENT);
  cr_assert_str_eq(error.hint, "did you mean \"count\"?");
  /* Triggers cannot be values. */
  expect_error("ring", "bind-type", 0);
  expect_error("1 + ring", "bind-type", 4);
}

Test(bind_expr, type_errors) {
  expect_error("flag + #fff", "bind-type", 5);
  expect_error("count == flag", "bind-type", 6);
  expect_error("count and flag", "bind-type", 6);
  expect_error("flag or count", "bind-type", 5);
  expect_error("not count", "bind-type", 0);
  expect_error("flag < 1", "bind-type", 5);
  expect_error("#fff > #000", "bind-type", 5);
  expect_error("mix(#fff, 1, 0.5)", "bind-type", 0);
  expect_error("mix(#fff, #000, #888)", "bind-type", 0);
  expect_error("contains(1, \"a\")", "bind-type", 0);
  expect_error("lower(count)", "bind-type", 0);
  expect_error("\"a\" + 1", "bind-type", 4);
  expect_error("-#fff", "bind-type", 0);
  expect_error("floor(\"a\")", "bind-type", 0);
  /* A string is never a result. */
  expect_error("lower(\"A\")", "bind-type", 0);
}

Test(bind_expr, offsets_count_utf16_code_units) {
  /* "ẞ" + 1: U+1E9E is 3 bytes but 1 code unit, so "+" is at unit 4. */
  expect_error("\"\u1E9E\" + 1", "bind-type", 4);
  /* An astral character is 4 bytes and 2 code units: "+" at unit 5. */
  expect_error("\"\U0001F600\" + 1", "bind-type", 5);
  bind_error error = refused("\"\U0001F600\" + 1");
  cr_assert_eq(error.byte_offset, 7);
}

static char *repeat(const char *head, const char *unit, size_t count,
                    const char *tail) {
  size_t size = strlen(head) + strlen(unit) * count + strlen(tail) + 1;
  char *text = malloc(size);
  strcpy(text, head);
  for (size_t i = 0; i < count; i++) {
    strcat(text, unit);
  }
  strcat(text, tail);
  return text;
}

Test(bind_expr, limits) {
  /* "- 1" and 255 × "+ 1": 2 + 510 = 512 tokens, the limit. */
  char *text = repeat("- 1", " + 1", 255, "");
  cr_assert_eq(number(text), 254);
  free(text);
  /* "1" and 256 × "+1": 1 + 512 = 513 tokens; the 513th is refused. */
  text = repeat("1", "+1", 256, "");
  expect_error(text, "bind-syntax", 2 * 256);
  free(text);
  /* 64 nested parentheses are allowed, 65 are not (the 65th "(" is at
   * offset 64). */
  char *open = repeat("", "(", 64, "1");
  char *nested = repeat(open, ")", 64, "");
  cr_assert_eq(number(nested), 1);
  free(open);
  free(nested);
  open = repeat("", "(", 65, "1");
  nested = repeat(open, ")", 65, "");
  expect_error(nested, "bind-syntax", 64);
  free(open);
  free(nested);
  /* Signs and `not` nest too: 64 signs pass, 65 do not. */
  text = repeat("", "-", 64, "1");
  cr_assert_eq(number(text), 1);
  free(text);
  text = repeat("", "-", 65, "1");
  expect_error(text, "bind-syntax", 64);
  free(text);
}

Test(bind_expr, programs_are_compact) {
  /* count + 1: INPUT, CONSTANT, ADD; two values deep. */
  bind_program *program = compile_ok("count + 1");
  cr_assert_eq(program->op_count, 3);
  cr_assert_eq(program->max_stack, 2);
  free(program);
  /* Folded strings leave one constant. */
  program = compile_ok("contains(lower(\"ABC\"), \"b\")");
  cr_assert_eq(program->op_count, 1);
  cr_assert_eq(bind_evaluate(program, read_input, NULL).number, 1);
  free(program);
}
