/*
 * test_script.c — the SPEC §11.2 script interpreter behind `anima sample`
 * and `anima session` (tools/anima/script*.c), canonical number and colour
 * text (DECISIONS 1, 2; include/anima/format.h), and the two commands'
 * exit statuses and replies through the built `anima` binary.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <anima/format.h>
#include <anima/registry.h>

#include "script.h"

static const char *number_text(double value) {
  static char buffer[ANIMA_FORMAT_CAPACITY];
  anima_format_number(value, buffer);
  return buffer;
}

Test(format, shortest_round_trip_numbers) {
  /* DECISIONS 2: 50 not 50.0; 0.1 not 0.10000000000000001; -0 -> 0. The
   * layout follows ECMAScript Number::toString: plain decimals for decimal
   * exponents −6 < n <= 21, else d.ddde±x. */
  cr_assert_str_eq(number_text(50), "50");
  cr_assert_str_eq(number_text(0.1), "0.1");
  cr_assert_str_eq(number_text(-0.0), "0");
  cr_assert_str_eq(number_text(-2.5), "-2.5");
  cr_assert_str_eq(number_text(0.1 + 0.2), "0.30000000000000004");
  cr_assert_str_eq(number_text(1e21), "1e+21");
  cr_assert_str_eq(number_text(1e20), "100000000000000000000");
  cr_assert_str_eq(number_text(1e-7), "1e-7");
  cr_assert_str_eq(number_text(1.5e-7), "1.5e-7");
  cr_assert_str_eq(number_text(0.000001), "0.000001");
  cr_assert_str_eq(number_text(123.456), "123.456");
  cr_assert_str_eq(number_text(5e-324), "5e-324");
  cr_assert_str_eq(number_text(1.7976931348623157e308),
                   "1.7976931348623157e+308");
  cr_assert_str_eq(number_text(0.942166873496528), "0.942166873496528");
}

/* Significant digits of a formatted number: the digits before any
 * exponent, without leading zeros (and the trailing zeros of an integer
 * written positionally, which are placeholders). */
static int significant_digits(const char *text) {
  char digits[64];
  int count = 0;
  for (const char *c = text; *c && *c != 'e'; c++) {
    if (*c >= '0' && *c <= '9' && (count > 0 || *c != '0')) {
      digits[count++] = *c;
    }
  }
  while (count > 1 && digits[count - 1] == '0') {
    count--;
  }
  return count;
}

Test(format, shortest_digits_against_a_plain_search) {
  /* An independent oracle: the fewest significant digits p (1..17) for
   * which printf's "%.{p-1}e" reads back as the value. anima_format_number
   * must read back exactly and use that many digits, for 40 000 values:
   * random bit patterns (every magnitude), subnormals (random mantissa,
   * exponent bits 0), short decimals and integers around 2^53. */
  unsigned long long state = 0x2545f4914f6cdd1dull;
  for (int i = 0; i < 40000; i++) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    double value;
    if (i % 4 == 0 || i % 4 == 3) {
      unsigned long long bits =
          i % 4 == 0 ? state : state & ((1ull << 52) - 1) >> (state % 52);
      memcpy(&value, &bits, sizeof value);
      if (value != value || value - value != 0 || value == 0) {
        continue;
      }
    } else if (i % 4 == 1) {
      value = (double)(long long)(state % 2000001) / 1000.0 - 1000.0;
      if (value == 0) {
        continue;
      }
    } else {
      value = 9007199254740992.0 + (double)(long long)(state % 64) - 32.0;
    }
    int fewest = 17;
    for (int precision = 1; precision <= 17; precision++) {
      char attempt[40];
      snprintf(attempt, sizeof attempt, "%.*e", precision - 1, value);
      if (strtod(attempt, NULL) == value) {
        fewest = precision;
        break;
      }
    }
    char text[ANIMA_FORMAT_CAPACITY];
    anima_format_number(value, text);
    cr_assert(strtod(text, NULL) == value, "%s for %.17g", text, value);
    cr_assert_eq(significant_digits(text), fewest, "%s for %.17g", text, value);
  }
}

Test(format, colors_and_values) {
  /* DECISIONS 1: lowercase, #rrggbb when alpha is 255, else #rrggbbaa. */
  char buffer[ANIMA_FORMAT_CAPACITY];
  anima_format_color((anima_color){0xd9, 0x77, 0x57, 255}, buffer);
  cr_assert_str_eq(buffer, "#d97757");
  anima_format_color((anima_color){0, 0xAB, 0xFF, 0x80}, buffer);
  cr_assert_str_eq(buffer, "#00abff80");
  anima_value color = {.type = ANIMA_VALUE_COLOR, .as.color = {255, 0, 0, 255}};
  anima_format_value(&color, buffer);
  cr_assert_str_eq(buffer, "\"#ff0000\"");
  anima_value truth = {.type = ANIMA_VALUE_BOOL, .as.boolean = true};
  anima_format_value(&truth, buffer);
  cr_assert_str_eq(buffer, "true");
}

Test(format, decimal_numbers_parse) {
  /* anima_parse_number: the decimal numbers scripts and operation
   * arguments take. strtod alone would also read 0x10 (16), inf, nan and
   * " 1"; none of them is a number here. 5e-324 is the smallest subnormal,
   * 1e-400 rounds to 0, 1e400 overflows binary64. */
  static const struct {
    const char *text;
    double value;
  } numbers[] = {{"2", 2},           {"-0.5", -0.5},  {".5", 0.5},   {"3.", 3},
                 {"+2", 2},          {"1e-3", 0.001}, {"2E+2", 200}, {"0", 0},
                 {"5e-324", 5e-324}, {"1e-400", 0}};
  for (size_t i = 0; i < sizeof numbers / sizeof *numbers; i++) {
    double value = -1;
    cr_assert(anima_parse_number(numbers[i].text, &value), "%s",
              numbers[i].text);
    cr_expect_eq(value, numbers[i].value, "%s", numbers[i].text);
  }
  static const char *const refused[] = {
      "0x10", "inf", "-inf", "nan", "infinity", " 1",    "1 ",    "",   ".",
      "-.",   "1e",  "e5",   "1e+", "--1",      "1.2.3", "1e400", "1,5"};
  for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
    double value = 7;
    cr_expect_not(anima_parse_number(refused[i], &value), "%s", refused[i]);
    cr_expect_eq(value, 7, "%s leaves *out alone", refused[i]);
  }
  cr_expect_not(anima_parse_number(NULL, NULL));
  cr_expect(anima_parse_number("4", NULL));
}

Test(format, colours_parse_back) {
  /* The public parser of SPEC §6 hex literals (one for the kernel and every
   * CLI command): #rgb doubles each digit (#f80 = #ff8800, alpha 255),
   * #rrggbb has alpha 255, #rrggbbaa its own; digits in either case. It
   * reads what anima_format_color writes. */
  anima_color color = {0, 0, 0, 0};
  cr_assert(anima_color_parse_hex("#F80", &color));
  cr_expect(color.r == 0xff && color.g == 0x88 && color.b == 0 &&
            color.a == 255);
  cr_assert(anima_color_parse_hex("#d97757", &color));
  cr_expect(color.r == 0xd9 && color.g == 0x77 && color.b == 0x57 &&
            color.a == 255);
  anima_color colors[] = {{0, 0xab, 0xff, 0x80}, {1, 2, 3, 255}, {0, 0, 0, 0}};
  for (size_t index = 0; index < sizeof colors / sizeof *colors; index++) {
    char buffer[ANIMA_FORMAT_CAPACITY];
    anima_format_color(colors[index], buffer);
    anima_color back = {9, 9, 9, 9};
    cr_assert(anima_color_parse_hex(buffer, &back), "%s", buffer);
    cr_expect(back.r == colors[index].r && back.g == colors[index].g &&
                  back.b == colors[index].b && back.a == colors[index].a,
              "%s", buffer);
  }
  /* #rgba is CSS, not the format; names are not literals. */
  const char *refused[] = {"#abcd", "#abcde",       "#ggg", " #abc", "#abc ",
                           "red",   "currentColor", "",     "#"};
  for (size_t index = 0; index < sizeof refused / sizeof *refused; index++) {
    anima_color untouched = {1, 2, 3, 4};
    cr_expect(!anima_color_parse_hex(refused[index], &untouched), "\"%s\"",
              refused[index]);
    cr_expect(untouched.r == 1 && untouched.a == 4);
  }
  cr_expect(!anima_color_parse_hex(NULL, NULL));
  cr_expect(anima_color_parse_hex("#abc", NULL));
}

/* The registry's options of `kind`.`field`, comma-joined. */
static void registry_options(const anima_registry *registry, const char *kind,
                             const char *field, char *out, size_t size) {
  const anima_field *entry = anima_registry_find_field(registry, kind, field);
  cr_assert_not_null(entry, "%s.%s", kind, field);
  out[0] = '\0';
  for (size_t i = 0; entry->options[i] != NULL; i++) {
    strncat(out, i ? "," : "", size - strlen(out) - 1);
    strncat(out, entry->options[i], size - strlen(out) - 1);
  }
}

Test(format, enum_names_are_the_registry_words) {
  /* One list per enum: the words anima/format.h names values with are the
   * options the registry validates documents against (SPEC §4, §8), in the
   * order of the C enums; §11.3's two severities. */
  anima_runtime *runtime = anima_runtime_create();
  const anima_registry *registry = anima_runtime_registry(runtime);
  char expected[128], names[128];
  registry_options(registry, "stroke", "cap", expected, sizeof expected);
  snprintf(names, sizeof names, "%s,%s,%s",
           anima_line_cap_name(ANIMA_LINE_CAP_BUTT),
           anima_line_cap_name(ANIMA_LINE_CAP_ROUND),
           anima_line_cap_name(ANIMA_LINE_CAP_SQUARE));
  cr_expect_str_eq(names, expected);
  cr_expect_str_eq(expected, "butt,round,square");
  registry_options(registry, "stroke", "join", expected, sizeof expected);
  snprintf(names, sizeof names, "%s,%s,%s",
           anima_line_join_name(ANIMA_LINE_JOIN_MITER),
           anima_line_join_name(ANIMA_LINE_JOIN_ROUND),
           anima_line_join_name(ANIMA_LINE_JOIN_BEVEL));
  cr_expect_str_eq(names, expected);
  registry_options(registry, "fill", "rule", expected, sizeof expected);
  snprintf(names, sizeof names, "%s,%s",
           anima_fill_rule_name(ANIMA_FILL_NONZERO),
           anima_fill_rule_name(ANIMA_FILL_EVENODD));
  cr_expect_str_eq(names, expected);
  registry_options(registry, "input", "type", expected, sizeof expected);
  snprintf(names, sizeof names, "%s,%s,%s",
           anima_input_type_name(ANIMA_INPUT_BOOL),
           anima_input_type_name(ANIMA_INPUT_NUMBER),
           anima_input_type_name(ANIMA_INPUT_TRIGGER));
  cr_expect_str_eq(names, expected);
  registry_options(registry, "a11y", "role", expected, sizeof expected);
  snprintf(names, sizeof names, "%s,%s,%s",
           anima_a11y_role_name(ANIMA_ROLE_BUTTON),
           anima_a11y_role_name(ANIMA_ROLE_SWITCH),
           anima_a11y_role_name(ANIMA_ROLE_IMG));
  cr_expect_str_eq(names, expected);
  cr_expect_null(anima_a11y_role_name(ANIMA_ROLE_NONE));
  cr_expect_str_eq(anima_value_type_name(ANIMA_VALUE_NUMBER), "number");
  cr_expect_str_eq(anima_value_type_name(ANIMA_VALUE_COLOR), "color");
  cr_expect_str_eq(anima_value_type_name(ANIMA_VALUE_BOOL), "bool");
  cr_expect_str_eq(anima_severity_name(ANIMA_SEVERITY_ERROR), "error");
  cr_expect_str_eq(anima_severity_name(ANIMA_SEVERITY_WARNING), "warning");
  cr_expect_null(anima_line_cap_name((anima_line_cap)3));
  cr_expect_null(anima_input_type_name((anima_input_type)-1));
  cr_expect_null(anima_severity_name((anima_severity)2));
  anima_runtime_destroy(runtime);
}

Test(format, json_strings_stay_valid_utf8) {
  /* Quotes, backslashes and controls are escaped; well-formed UTF-8 is
   * copied; a stray byte (0xff) or a truncated sequence becomes U+FFFD. */
  script_text text = {0};
  script_text_append_json_string(&text, "a\"b\\c\n\x01 é \xff \xe2\x82");
  char *out = script_text_take(&text);
  cr_assert_str_eq(out, "\"a\\\"b\\\\c\\n\\u0001 é \\ufffd \\ufffd\\ufffd\"");
  free(out);
}

Test(script_lexer, comments_colours_and_strings) {
  /* `#` starts a comment unless the word is a hex colour; JSON strings
   * keep spaces and `#`. */
  script_words words;
  char error[160];
  cr_assert(script_split("snapshot # the rest is a comment", &words, error));
  cr_assert_eq(words.count, 1);
  script_words_free(&words);
  cr_assert(
      script_split("expect dot.fill.color == #FF0000 # note", &words, error));
  cr_assert_eq(words.count, 4);
  cr_assert_str_eq(words.items[3].text, "#FF0000");
  script_words_free(&words);
  cr_assert(script_split("group \"a # b\\n\" end", &words, error));
  cr_assert_eq(words.count, 3);
  cr_assert_str_eq(words.items[1].text, "a # b\n");
  cr_assert(words.items[1].quoted);
  script_words_free(&words);
  cr_assert(!script_split("group \"open", &words, error));
  cr_assert(script_split("   ", &words, error));
  cr_assert_eq(words.count, 0);
  script_words_free(&words);
}

Test(script_lexer, word_count_is_bounded) {
  /* Review finding 16: a line of many words grew its array one word at a
   * time (quadratic copying). SCRIPT_MAXIMUM_WORDS words split; one more is
   * an error naming the limit, and nothing is left allocated. "w " per word,
   * so the line is 2 * (limit + 1) characters. */
  size_t words_in_line = SCRIPT_MAXIMUM_WORDS + 1;
  char *line = malloc(2 * words_in_line + 1);
  cr_assert_not_null(line);
  for (size_t i = 0; i < words_in_line; i++) {
    line[2 * i] = 'w';
    line[2 * i + 1] = ' ';
  }
  line[2 * words_in_line] = '\0';
  script_words words;
  char error[160] = "";
  cr_assert(!script_split(line, &words, error));
  cr_assert_not_null(strstr(error, "65536 words"), "%s", error);
  cr_assert_eq(words.count, 0);
  line[2 * SCRIPT_MAXIMUM_WORDS] = '\0'; /* exactly the limit */
  cr_assert(script_split(line, &words, error), "%s", error);
  cr_assert_eq(words.count, SCRIPT_MAXIMUM_WORDS);
  cr_assert_str_eq(words.items[SCRIPT_MAXIMUM_WORDS - 1].text, "w");
  script_words_free(&words);
  free(line);
}

/* ring: a stroked circle whose trimEnd a once timeline animates (0 -> 1
 * over 1 s); inputs hover (bool), level (number), tap (trigger). */
static const char document[] =
    "{\"anima\": \"0.1\", \"name\": \"test\", \"grid\": 20, \"inputs\": "
    "{\"hover\": {\"type\": \"bool\"}, \"level\": {\"type\": \"number\"}, "
    "\"tap\": {\"type\": \"trigger\"}}, \"nodes\": [{\"id\": \"ring\", "
    "\"type\": \"circle\", \"center\": [10, 10], \"r\": 4, \"stroke\": "
    "{\"color\": \"#d97757\", \"trimEnd\": 0}}], \"timelines\": {\"draw\": "
    "{\"duration\": 1, \"tracks\": {\"ring.stroke.trimEnd\": [[0, 0], [1, "
    "1]]}, \"events\": [[0.5, \"half\"]]}}, \"machine\": {\"layers\": "
    "{\"main\": {\"initial\": \"run\", \"states\": {\"run\": {\"play\": "
    "\"draw\", \"on\": [{\"when\": \"tap && hover && level > 0\", \"to\": "
    "\"run\"}]}}}}}}";

typedef struct session {
  anima_runtime *runtime;
  script_interpreter *interpreter;
  script_lines outputs;
  anima_diagnostics *diagnostics;
  size_t line;
} session;

static session open_session(const script_options *options) {
  session s = {0};
  s.runtime = anima_runtime_create();
  anima_model *model = NULL;
  cr_assert_eq(
      anima_model_load(s.runtime, document, strlen(document), NULL, &model),
      ANIMA_OK);
  s.interpreter = script_interpreter_create(model, options);
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
  anima_runtime_destroy(s->runtime);
}

Test(script, snapshot_lines_are_exact) {
  /* §11.2 and DECISIONS 4: before any step, time 0, the animated address
   * only, no events, settled false. After `advance 0.5 in 2` (two steps of
   * 0.25): trimEnd 0.5, the event half (0.5, in (0.25, 0.5]), settled
   * false (the once timeline runs until 1). */
  session s = open_session(NULL);
  cr_assert_eq(run(&s, "snapshot"), SCRIPT_OK);
  cr_assert_eq(run(&s, "advance 0.5 in 2"), SCRIPT_OK);
  cr_assert_eq(run(&s, "snapshot  # comment"), SCRIPT_OK);
  cr_assert_eq(s.outputs.count, 2);
  /* Both are snapshot lines (a session reply lists them in "snapshots"). */
  cr_assert(s.outputs.snapshot[0] && s.outputs.snapshot[1]);
  cr_assert_str_eq(s.outputs.items[0],
                   "{\"time\": 0, \"values\": {\"ring.stroke.trimEnd\": 0}, "
                   "\"states\": {\"main\": \"run\"}, \"events\": [], "
                   "\"settled\": false}");
  cr_assert_str_eq(s.outputs.items[1],
                   "{\"time\": 0.5, \"values\": {\"ring.stroke.trimEnd\": "
                   "0.5}, \"states\": {\"main\": \"run\"}, \"events\": "
                   "[{\"name\": \"half\", \"layer\": \"main\", \"time\": "
                   "0.5}], \"settled\": false}");
  cr_assert_eq(anima_diagnostics_count(s.diagnostics), 0);
  close_session(&s);
}

Test(script, selected_addresses_aliases_and_inputs) {
  /* `ring.trimEnd` is the AniML spelling of ring.stroke.trimEnd; keys use
   * the JSON path. Inputs appear under their names with the applied value
   * (the queued set takes effect only after a step). */
  session s = open_session(NULL);
  run(&s, "set level 2");
  run(&s, "snapshot ring.trimEnd level ring.r");
  run(&s, "advance 0");
  run(&s, "snapshot level");
  cr_assert_eq(anima_diagnostics_count(s.diagnostics), 0);
  cr_assert_str_eq(s.outputs.items[0],
                   "{\"time\": 0, \"values\": {\"ring.stroke.trimEnd\": 0, "
                   "\"level\": 0, \"ring.r\": 4}, \"states\": {\"main\": "
                   "\"run\"}, \"events\": [], \"settled\": false}");
  cr_assert_not_null(strstr(s.outputs.items[1], "{\"level\": 2}"));
  close_session(&s);
}

Test(script, snapshot_all_adds_properties_and_inputs) {
  /* --all: every animatable property (x, opacity, stroke colour ...) and
   * the bool and number inputs, never the trigger. */
  session s = open_session(NULL);
  run(&s, "snapshot --all");
  const char *line = s.outputs.items[0];
  cr_assert_not_null(strstr(line, "\"ring.x\": 0"));
  cr_assert_not_null(strstr(line, "\"ring.stroke.color\": \"#d97757\""));
  cr_assert_not_null(strstr(line, "\"hover\": false"));
  cr_assert_not_null(strstr(line, "\"level\": 0"));
  cr_assert_null(strstr(line, "\"tap\""));
  close_session(&s);
}

Test(script, bad_targets_and_commands) {
  /* An absent input is script-target (§11.2); unknown commands and bad
   * arguments are script-usage; all at /script/<zero-based line>. */
  session s = open_session(NULL);
  cr_assert_eq(run(&s, "set nope true"), SCRIPT_USAGE);
  cr_assert_eq(run(&s, "advanse 1"), SCRIPT_USAGE);
  cr_assert_eq(run(&s, "advance -1"), SCRIPT_USAGE);
  cr_assert_eq(run(&s, "snapshot ring.nothing"), SCRIPT_USAGE);
  cr_assert_eq(run(&s, "snapshot tap"), SCRIPT_USAGE);
  cr_assert_eq(run(&s, "set hover 3"), SCRIPT_USAGE);
  cr_assert_eq(run(&s, "focus clear"), SCRIPT_USAGE);
  /* Numbers are decimal (docs/SCRIPTS.md): strtod would read 0x10 as 16. */
  cr_assert_eq(run(&s, "advance 0x10"), SCRIPT_USAGE);
  const char *codes[] = {"script-target", "script-usage", "script-usage",
                         "script-target", "script-usage", "script-usage",
                         "script-usage",  "script-usage"};
  cr_assert_eq(anima_diagnostics_count(s.diagnostics), 8);
  for (size_t i = 0; i < 8; i++) {
    const anima_diagnostic *d = anima_diagnostics_get(s.diagnostics, i);
    char pointer[32];
    snprintf(pointer, sizeof pointer, "/script/%zu", i);
    cr_assert_str_eq(d->code, codes[i], "line %zu", i);
    cr_assert_str_eq(d->pointer, pointer);
  }
  cr_assert_str_eq(anima_diagnostics_get(s.diagnostics, 1)->hint,
                   "did you mean \"advance\"?");
  cr_assert_eq(s.outputs.count, 0);
  close_session(&s);
}

Test(script, expect_passes_and_fails_with_group_labels) {
  /* After 0.25 s trimEnd is 0.25: `~ 0.2500001` passes (|error| <= 1e-6),
   * `== 0.3` fails with script-expect, its message labelled by the open
   * groups. Colours compare with == on the parsed value. */
  session s = open_session(NULL);
  run(&s, "advance 0.25");
  cr_assert_eq(run(&s, "expect ring.trimEnd ~ 0.2500001"), SCRIPT_OK);
  cr_assert_eq(run(&s, "expect ring.stroke.color == #D97757"), SCRIPT_OK);
  cr_assert_eq(run(&s, "expect ring.trimEnd < 0.3"), SCRIPT_OK);
  cr_assert_eq(run(&s, "expect hover == false"), SCRIPT_OK);
  run(&s, "group \"outer group\"");
  run(&s, "group inner");
  cr_assert_eq(run(&s, "expect ring.stroke.trimEnd == 0.3"), SCRIPT_ASSERTION);
  run(&s, "end");
  run(&s, "end");
  cr_assert_eq(run(&s, "end"), SCRIPT_USAGE); /* no group open */
  const anima_diagnostic *d = anima_diagnostics_get(s.diagnostics, 0);
  cr_assert_str_eq(d->code, "script-expect");
  cr_assert_str_eq(d->pointer, "/script/7");
  cr_assert_not_null(strstr(d->message, "group outer group > inner: "), "%s",
                     d->message);
  /* The message shows the value; the hint adds the time and the state of
   * each layer instead of repeating it. */
  cr_assert_str_eq(d->hint, "at time 0.25 s, with main in state run");
  close_session(&s);
}

Test(script, failed_expect_hints_add_what_the_message_lacks) {
  /* ring.r is 4 in the document and no track or pose writes it. level is
   * set to 0.5; 0.5000002384185791 is 0.5 + 2^-22, so `==` misses by
   * -2^-22 = -2.384185791015625e-7 (exact in binary64), within the 1e-6
   * of `~`. */
  session s = open_session(NULL);
  run(&s, "set level 0.5");
  run(&s, "advance 0");
  cr_assert_eq(run(&s, "expect ring.r == 5"), SCRIPT_ASSERTION);
  cr_assert_eq(run(&s, "expect level == 0.5000002384185791"), SCRIPT_ASSERTION);
  cr_assert_eq(run(&s, "expect level ~ 0.5000002384185791"), SCRIPT_OK);
  cr_assert_eq(anima_diagnostics_count(s.diagnostics), 2);
  const anima_diagnostic *r = anima_diagnostics_get(s.diagnostics, 0);
  cr_assert_str_eq(r->message, "expected ring.r == 5, got 4");
  cr_assert_str_eq(r->hint,
                   "no track or pose writes ring.r, so it keeps its document "
                   "value");
  const anima_diagnostic *level = anima_diagnostics_get(s.diagnostics, 1);
  cr_assert_str_eq(level->hint, "the values differ by -2.384185791015625e-7; "
                                "`~` compares within 1e-6");
  close_session(&s);
}

Test(script, unknown_targets_suggest_the_documents_own_names) {
  /* Did-you-mean over the document's addresses in both spellings
   * (ring.trimEnd is the AniML spelling of ring.stroke.trimEnd, ANIML.md
   * §5) and its bool and number inputs; one edit away each. */
  session s = open_session(NULL);
  const char *lines[][2] = {
      {"snapshot ring.trimEn", "did you mean \"ring.trimEnd\"?"},
      {"expect ring.stroke.trimEn == 0",
       "did you mean \"ring.stroke.trimEnd\"?"},
      {"snapshot hovr", "did you mean \"hover\"?"},
      {"expect ring.rr == 4", "did you mean \"ring.r\"?"},
  };
  for (size_t i = 0; i < 4; i++) {
    cr_assert_eq(run(&s, lines[i][0]), SCRIPT_USAGE);
    const anima_diagnostic *d = anima_diagnostics_get(s.diagnostics, i);
    cr_assert_str_eq(d->code, "script-target");
    cr_assert_str_eq(d->hint, lines[i][1], "%s", lines[i][0]);
  }
  /* Nothing close ("tapp" is one edit from the trigger tap, which has no
   * value and is no candidate): the hint shows this document's first
   * animated address (its only track writes ring.stroke.trimEnd) and its
   * first bool or number input (hover). */
  cr_assert_eq(run(&s, "expect tapp == 1"), SCRIPT_USAGE);
  cr_assert_str_eq(anima_diagnostics_get(s.diagnostics, 4)->hint,
                   "use <node-id>.<property> such as \"ring.stroke.trimEnd\" "
                   "or an input such as \"hover\"; `snapshot --all` lists "
                   "them");
  close_session(&s);
}

Test(script, unknown_inputs_suggest_or_list_the_documents_inputs) {
  /* set/fire/toggle: did-you-mean over the inputs; else the inputs with
   * their types in declaration order; a property address is named as
   * such. */
  session s = open_session(NULL);
  cr_assert_eq(run(&s, "set levl 1"), SCRIPT_USAGE);
  cr_assert_eq(run(&s, "fire taps"), SCRIPT_USAGE);
  cr_assert_eq(run(&s, "toggle zzzzzz"), SCRIPT_USAGE);
  cr_assert_eq(run(&s, "set ring.r 2"), SCRIPT_USAGE);
  const char *hints[] = {
      "did you mean \"level\"?",
      "did you mean \"tap\"?",
      "the document's inputs: hover (bool), level (number), tap (trigger)",
      ("that is a property: set, fire and toggle write inputs, and the "
       "document's inputs are hover (bool), level (number), tap (trigger)"),
  };
  for (size_t i = 0; i < 4; i++) {
    const anima_diagnostic *d = anima_diagnostics_get(s.diagnostics, i);
    cr_assert_str_eq(d->code, "script-target");
    cr_assert_str_eq(d->hint, hints[i]);
  }
  close_session(&s);
}

Test(script, expect_error_consumes_or_reports) {
  /* expect-error script-target + a set of an absent input: the diagnostic
   * is consumed, the line is fine. A command that reports nothing gives
   * script-expect-error (an assertion), as does a script ending right
   * after expect-error. */
  session s = open_session(NULL);
  run(&s, "expect-error script-target");
  run(&s, "");
  run(&s, "# only a comment");
  cr_assert_eq(run(&s, "set nope true"), SCRIPT_OK);
  cr_assert_eq(anima_diagnostics_count(s.diagnostics), 0);
  run(&s, "expect-error script-usage");
  cr_assert_eq(run(&s, "advance 1"), SCRIPT_ASSERTION);
  cr_assert_str_eq(anima_diagnostics_get(s.diagnostics, 0)->code,
                   "script-expect-error");
  run(&s, "expect-error script-expect");
  cr_assert_eq(script_finish(s.interpreter, s.line, s.diagnostics),
               SCRIPT_ASSERTION);
  cr_assert_eq(anima_diagnostics_count(s.diagnostics), 2);
  close_session(&s);
}

Test(script, pointer_and_motion_commands_step_at_zero) {
  /* pointer commands step(0) after each delivery (time stays 0 but the
   * first step has happened: settled is now a step result, false because
   * the once timeline has not finished). motion reduce at the next step:
   * the `end` default freezes draw at d, trimEnd 1, settled. */
  session s = open_session(NULL);
  cr_assert_eq(run(&s, "pointer click 10 10"), SCRIPT_OK);
  cr_assert_eq(run(&s, "pointer drag 1 1 5 5 in 4"), SCRIPT_OK);
  cr_assert_eq(run(&s, "pointer leave"), SCRIPT_OK);
  cr_assert_eq(run(&s, "motion reduce"), SCRIPT_OK);
  run(&s, "advance 0");
  run(&s, "snapshot");
  cr_assert_not_null(strstr(s.outputs.items[0], "\"ring.stroke.trimEnd\": 1}"));
  cr_assert_not_null(strstr(s.outputs.items[0], "\"settled\": true"));
  cr_assert_eq(run(&s, "pointer wiggle 1 1"), SCRIPT_USAGE);
  close_session(&s);
}

/* Runs the built `anima` with `arguments` in a shell, feeding the `length`
 * bytes of `input` on stdin; returns the exit status and the first 64 KiB
 * of stdout (caller frees). */
static int run_anima_bytes(const char *arguments, const char *input,
                           size_t length, char **out) {
  char input_path[] = "/tmp/anima-test-script-XXXXXX";
  int fd = mkstemp(input_path);
  cr_assert_geq(fd, 0);
  FILE *file = fdopen(fd, "w");
  cr_assert_eq(fwrite(input, 1, length, file), length);
  fclose(file);
  char command[2048];
  snprintf(command, sizeof command, "%s/tools/anima/anima %s < %s 2>/dev/null",
           ANIMA_BUILD_ROOT, arguments, input_path);
  FILE *pipe = popen(command, "r");
  cr_assert_not_null(pipe);
  size_t capacity = 1 << 16, used = 0;
  char *text = calloc(1, capacity);
  used = fread(text, 1, capacity - 1, pipe);
  text[used] = '\0';
  int status = pclose(pipe);
  remove(input_path);
  *out = text;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int run_anima(const char *arguments, const char *input, char **out) {
  return run_anima_bytes(arguments, input ? input : "",
                         input ? strlen(input) : 0, out);
}

static char *write_document(const char *text) {
  static char path[64];
  snprintf(path, sizeof path, "/tmp/anima-test-doc-XXXXXX");
  int fd = mkstemp(path); /* a name without .animl reads as .ani JSON */
  cr_assert_geq(fd, 0);
  FILE *file = fdopen(fd, "w");
  fputs(text, file);
  fclose(file);
  return path;
}

Test(script_cli, sample_exit_statuses) {
  /* 0 when everything holds, 1 for a failed expect (the script goes on:
   * the snapshot after it is printed), 2 for a bad command (the script
   * stops) or a bad option. */
  char *path = write_document(document);
  char arguments[256], *out;
  snprintf(arguments, sizeof arguments, "sample %s -", path);
  cr_assert_eq(run_anima(arguments, "advance 0.5\nsnapshot\n", &out), 0);
  cr_assert_not_null(strstr(out, "\"time\": 0.5"));
  free(out);
  cr_assert_eq(
      run_anima(arguments, "expect ring.trimEnd == 2\nsnapshot ring.r\n", &out),
      1);
  cr_assert_not_null(strstr(out, "\"ring.r\": 4"));
  free(out);
  cr_assert_eq(run_anima(arguments, "bogus\nsnapshot\n", &out), 2);
  cr_assert_str_eq(out, "");
  free(out);
  snprintf(arguments, sizeof arguments, "sample %s --seed x", path);
  cr_assert_eq(run_anima(arguments, "", &out), 2);
  free(out);
  /* A script that cannot be read (a directory opens but reads nothing) is
   * a usage error, not an empty script that prints nothing and passes. */
  snprintf(arguments, sizeof arguments, "sample %s /tmp", path);
  cr_assert_eq(run_anima(arguments, "", &out), 2);
  cr_assert_str_eq(out, "");
  free(out);
  remove(path);
}

/* Lines in a file so far. */
static int count_lines(const char *path) {
  FILE *file = fopen(path, "r");
  int lines = 0;
  for (int c; file && (c = fgetc(file)) != EOF;) {
    lines += c == '\n';
  }
  if (file) {
    fclose(file);
  }
  return lines;
}

/* Waits (up to 10 s) until `path` has `lines` lines. */
static void wait_for_lines(const char *path, int lines) {
  for (int i = 0; i < 1000 && count_lines(path) < lines; i++) {
    struct timespec pause = {0, 10 * 1000 * 1000};
    nanosleep(&pause, NULL);
  }
  cr_assert_geq(count_lines(path), lines, "no reply from the session");
}

Test(script_cli, session_replies_once_per_request_and_survives_reload) {
  /* Each request gets one JSON reply line; a bad request is ok false and
   * the session goes on; after the file is broken, reload keeps the old
   * document ("reloaded": false) and the next snapshot still works; quit
   * ends it, so the request after it gets no reply. */
  char path[64];
  strcpy(path, write_document(document));
  char output[] = "/tmp/anima-test-session-XXXXXX";
  int fd = mkstemp(output);
  cr_assert_geq(fd, 0);
  close(fd);
  char command[1024];
  snprintf(command, sizeof command, "%s/tools/anima/anima session %s > %s",
           ANIMA_BUILD_ROOT, path, output);
  FILE *session = popen(command, "w");
  cr_assert_not_null(session);
  fputs("advance 0.25\n{\"cmd\": \"snapshot ring.trimEnd\"}\nset nope 1\n"
        "{\"nothing\": 1}\n",
        session);
  fflush(session);
  wait_for_lines(output, 4);
  FILE *broken = fopen(path, "a");
  fputs("trailing garbage", broken);
  fclose(broken);
  fputs("reload\nsnapshot ring.trimEnd\nquit\nsnapshot\n", session);
  int status = pclose(session);
  cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  cr_assert_eq(count_lines(output), 7);
  FILE *file = fopen(output, "r");
  char line[4096];
  const char *expected[] = {
      "{\"ok\": true, \"outputs\": [], ",
      "{\"ok\": true, \"outputs\": [], \"snapshots\": [{\"time\": 0.25, "
      "\"values\": {\"ring.stroke.trimEnd\": 0.25}",
      "{\"ok\": false, \"outputs\": [], \"snapshots\": [], \"diagnostics\": "
      "[{\"code\": \"script-target\"",
      "{\"ok\": false, \"outputs\": [], \"snapshots\": [], \"diagnostics\": "
      "[{\"code\": \"script-usage\"",
      "{\"ok\": false, \"reloaded\": false, ",
      "{\"ok\": true, \"outputs\": [], \"snapshots\": [{\"time\": 0.25, "
      "\"values\": {\"ring.stroke.trimEnd\": 0.25}",
      "{\"ok\": true, \"outputs\": [], "};
  for (size_t i = 0; i < 7; i++) {
    cr_assert_not_null(fgets(line, sizeof line, file));
    cr_assert_eq(strncmp(line, expected[i], strlen(expected[i])), 0,
                 "reply %zu: %s", i, line);
    /* Each snapshot appears once: a reply holds as many "time" members as
     * its request printed snapshots (one for replies 1 and 5; their event
     * lists are empty: the only event, half, is at 0.5 s). */
    size_t times = 0;
    for (const char *at = strstr(line, "\"time\""); at;
         at = strstr(at + 1, "\"time\"")) {
      times++;
    }
    cr_assert_eq(times, i == 1 || i == 5 ? 1u : 0u, "reply %zu: %s", i, line);
  }
  fclose(file);
  remove(output);
  remove(path);
}

/* The `length` bytes of `prefix` repeated `count` times, then `suffix`
 * (which may hold NUL bytes: `suffix_length`). Caller frees. */
static char *repeated(char byte, size_t count, const char *suffix,
                      size_t suffix_length, size_t *length) {
  char *text = malloc(count + suffix_length);
  cr_assert_not_null(text);
  memset(text, byte, count);
  memcpy(text + count, suffix, suffix_length);
  *length = count + suffix_length;
  return text;
}

/* The line `index` (zero-based) of `text`, copied; NULL when missing. */
static char *line_of(const char *text, size_t index) {
  for (size_t i = 0; i < index && text; i++) {
    text = strchr(text, '\n');
    text = text ? text + 1 : NULL;
  }
  if (!text || !*text) {
    return NULL;
  }
  const char *end = strchr(text, '\n');
  return strndup(text, end ? (size_t)(end - text) : strlen(text));
}

Test(script_cli, session_request_lines_are_bounded) {
  /* Issue 10 F4: a request line is at most 1 MiB (1 048 576 bytes, SCRIPTS.md
   * "The session protocol"). A 3 MiB line gets one short script-usage reply
   * naming the limit, the session skips to its newline and answers the next
   * request (the snapshot of ring.r, the document's r 4); a NUL byte in a
   * request is refused, not read as the end of the line. Before, the whole
   * line was read (an endless one until memory ran out) and echoed back in
   * an "unknown command" message 3 MiB long. */
  char *path = write_document(document);
  char arguments[256], *out;
  snprintf(arguments, sizeof arguments, "session %s", path);
  static const char rest[] = "\nsnapshot ring.r\nsnap\0shot\nquit\n";
  size_t length;
  char *input = repeated('a', 3u << 20, rest, sizeof rest - 1, &length);
  cr_assert_eq(run_anima_bytes(arguments, input, length, &out), 0);
  const char *expected[] = {
      "{\"ok\": false, \"outputs\": [], \"snapshots\": [], \"diagnostics\": "
      "[{\"code\": \"script-usage\", \"severity\": \"error\", \"pointer\": "
      "\"/script/0\", \"message\": \"the request line is longer than 1048576 "
      "bytes; the rest of the line is skipped\"",
      "{\"ok\": true, \"outputs\": [], \"snapshots\": [{\"time\": 0, "
      "\"values\": {\"ring.r\": 4}",
      "{\"ok\": false, \"outputs\": [], \"snapshots\": [], \"diagnostics\": "
      "[{\"code\": \"script-usage\", \"severity\": \"error\", \"pointer\": "
      "\"/script/2\", \"message\": \"the request holds a NUL byte at byte "
      "5\"",
      "{\"ok\": true, \"outputs\": [], \"snapshots\": [], \"diagnostics\": "
      "[]}"};
  for (size_t i = 0; i < 4; i++) {
    char *line = line_of(out, i);
    cr_assert_not_null(line, "reply %zu is missing", i);
    cr_assert_lt(strlen(line), 1024, "reply %zu is long", i);
    cr_assert_eq(strncmp(line, expected[i], strlen(expected[i])), 0,
                 "reply %zu: %.300s", i, line);
    free(line);
  }
  cr_assert_null(line_of(out, 4));
  free(out);
  free(input);
  /* An endless line of NUL bytes (`< /dev/zero`, here 2 MiB and the end of
   * input): one reply, at constant memory, then the end of input exits 0. */
  input = repeated('\0', 2u << 20, "", 0, &length);
  cr_assert_eq(run_anima_bytes(arguments, input, length, &out), 0);
  cr_assert_eq(strncmp(out, expected[0], strlen(expected[0])), 0, "%.300s",
               out);
  cr_assert_null(line_of(out, 1));
  free(out);
  free(input);
  remove(path);
}

Test(script, subnormal_seconds_are_numbers) {
  /* Issue 10 F10: strtod flags underflow with ERANGE, which made finite
   * subnormal seconds "not a number". 5e-324 reads as 2^-1074, the least
   * positive binary64; twice that, 2^-1073 ≈ 9.88e-324, prints as 1e-323
   * (the shortest text that reads back as it: 1e-323 / 2^-1074 ≈ 2.02
   * rounds to 2). 1e-400 rounds to 0 and adds nothing. */
  session s = open_session(NULL);
  cr_assert_eq(run(&s, "advance 5e-324"), SCRIPT_OK);
  cr_assert_eq(run(&s, "snapshot"), SCRIPT_OK);
  cr_assert_eq(run(&s, "advance 5e-324"), SCRIPT_OK);
  cr_assert_eq(run(&s, "advance 1e-400 in 2"), SCRIPT_OK);
  cr_assert_eq(run(&s, "snapshot"), SCRIPT_OK);
  cr_assert_eq(anima_diagnostics_count(s.diagnostics), 0);
  cr_assert_eq(s.outputs.count, 2);
  cr_assert_eq(strncmp(s.outputs.items[0], "{\"time\": 5e-324,", 16), 0, "%s",
               s.outputs.items[0]);
  cr_assert_eq(strncmp(s.outputs.items[1], "{\"time\": 1e-323,", 16), 0, "%s",
               s.outputs.items[1]);
  close_session(&s);
}

Test(script, the_players_time_stays_a_number) {
  /* Issue 10 F13: the time is the sum of every dt; two advances of the
   * largest binary64 overflowed it to +inf, printed as "time": null. Now
   * the advance that would pass the largest number is script-usage and
   * takes no step. With `in 2` from 1e308: the first step makes 1.5e308,
   * the second would reach 2e308 > 1.7976931348623157e308, so one step is
   * taken and the time stays 1.5e308. */
  session s = open_session(NULL);
  cr_assert_eq(run(&s, "advance 1.7976931348623157e308"), SCRIPT_OK);
  cr_assert_eq(run(&s, "advance 1.7976931348623157e308"), SCRIPT_USAGE);
  cr_assert_eq(run(&s, "snapshot ring.r"), SCRIPT_OK);
  cr_assert_str_eq(anima_diagnostics_get(s.diagnostics, 0)->message,
                   "advance 1.7976931348623157e+308 would take the player's "
                   "time (now 1.7976931348623157e+308 s) past the largest "
                   "number; no step was taken");
  cr_assert_eq(
      strncmp(s.outputs.items[0], "{\"time\": 1.7976931348623157e+308,", 33), 0,
      "%s", s.outputs.items[0]);
  close_session(&s);
  s = open_session(NULL);
  cr_assert_eq(run(&s, "advance 1e308"), SCRIPT_OK);
  cr_assert_eq(run(&s, "advance 1e308 in 2"), SCRIPT_USAGE);
  cr_assert_eq(run(&s, "snapshot ring.r"), SCRIPT_OK);
  cr_assert_str_eq(anima_diagnostics_get(s.diagnostics, 0)->message,
                   "advance 1e+308: step 2 of 2 would take the player's time "
                   "(now 1.5e+308 s) past the largest number; the steps "
                   "before it were taken");
  cr_assert_eq(strncmp(s.outputs.items[0], "{\"time\": 1.5e+308,", 18), 0, "%s",
               s.outputs.items[0]);
  close_session(&s);
}

/* Occurrences of `needle` in `text` (a plain scan: ASan's strstr measures
 * the whole text on every call, which made counting 100 000 quadratic). */
static size_t occurrences(const char *text, const char *needle) {
  size_t count = 0, length = strlen(needle);
  for (const char *at = text; *at != '\0'; at++) {
    count += *at == *needle && strncmp(at, needle, length) == 0;
  }
  return count;
}

Test(script, snapshot_events_are_bounded) {
  /* Issue 10 F3: the events between two snapshots were kept without bound
   * (10 million per `advance ... in 10000000` of a looping 0.01 s
   * timeline, a 1.8 GB snapshot line). A snapshot lists at most the last
   * 100 000 and counts the older ones in "eventsDropped" (SCRIPTS.md
   * "Limits"). Here a 1 s loop has one event at 0.5: after the first step
   * (advance 0: entry at 0, the event is not in [0, 0]), each step of 1 s
   * moves the clock from k - 1 to k and crosses exactly one occurrence,
   * k - 0.5. 100 002 steps report 100 002 events: 100 000 are listed, 2
   * dropped. The next snapshot starts over: no events, no count. */
  static const char looping[] =
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"nodes\": "
      "[{\"id\": "
      "\"c\", \"type\": \"circle\", \"center\": [10, 10], \"r\": 4, \"fill\": "
      "{\"color\": \"#000000\"}}], \"timelines\": {\"tick\": {\"duration\": "
      "1, \"loop\": \"loop\", \"tracks\": {\"c.x\": [[0, 0], [1, 1]]}, "
      "\"events\": [[0.5, \"tick\"]]}}, \"machine\": {\"layers\": {\"main\": "
      "{\"initial\": \"run\", \"states\": {\"run\": {\"play\": \"tick\"}}}}}}";
  anima_runtime *runtime = anima_runtime_create();
  anima_model *model = NULL;
  cr_assert_eq(
      anima_model_load(runtime, looping, strlen(looping), NULL, &model),
      ANIMA_OK);
  session s = {.runtime = runtime,
               .interpreter = script_interpreter_create(model, NULL),
               .diagnostics = anima_diagnostics_create()};
  cr_assert_eq(run(&s, "advance 0"), SCRIPT_OK);
  cr_assert_eq(run(&s, "advance 100002 in 100002"), SCRIPT_OK);
  cr_assert_eq(run(&s, "snapshot"), SCRIPT_OK);
  cr_assert_eq(run(&s, "snapshot"), SCRIPT_OK);
  cr_assert_eq(s.outputs.count, 2);
  const char *full = s.outputs.items[0];
  cr_assert_eq(occurrences(full, "{\"name\": \"tick\", \"layer\": \"main\", "
                                 "\"time\": 0.5}"),
               100000);
  cr_assert_not_null(strstr(full, "}], \"eventsDropped\": 2, \"settled\": "));
  cr_assert_not_null(
      strstr(s.outputs.items[1], "\"events\": [], \"settled\": false}"), "%s",
      s.outputs.items[1]);
  cr_assert_null(strstr(s.outputs.items[1], "eventsDropped"));
  close_session(&s);
}

/* Runs the built `anima` with `arguments` (which name their own input) in
 * a shell; returns the exit status and the first 64 KiB of stderr. */
static int run_anima_stderr(const char *arguments, char **err) {
  char command[2048];
  snprintf(command, sizeof command, "%s/tools/anima/anima %s 2>&1 >/dev/null",
           ANIMA_BUILD_ROOT, arguments);
  FILE *pipe = popen(command, "r");
  cr_assert_not_null(pipe);
  size_t capacity = 1 << 16;
  char *text = calloc(1, capacity);
  size_t used = fread(text, 1, capacity - 1, pipe);
  text[used] = '\0';
  int status = pclose(pipe);
  *err = text;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Writes `length` bytes to a new temporary file; returns its path
 * (static storage). */
static const char *write_bytes(const char *bytes, size_t length) {
  static char path[64];
  snprintf(path, sizeof path, "/tmp/anima-test-script-XXXXXX");
  int fd = mkstemp(path);
  cr_assert_geq(fd, 0);
  FILE *file = fdopen(fd, "w");
  cr_assert_eq(fwrite(bytes, 1, length, file), length);
  fclose(file);
  return path;
}

Test(script_cli, scripts_are_at_most_16_mib) {
  /* Issue 10 F5: `anima sample` read a script whole with no limit
   * (`/dev/zero`: 2.1 GB, then "Cannot allocate memory"). A script is at
   * most 16 MiB (16 777 216 bytes, SCRIPTS.md "Limits"): a larger file is
   * refused from its size before reading, a longer stream once the limit
   * is read. A script of exactly 16 MiB (`snapshot` and spaces) runs. */
  char *document_path = strdup(write_document(document));
  size_t limit = 16u << 20, length;
  char *text = repeated(' ', limit + 1 - 8, "snapshot", 8, &length);
  char path[64];
  strcpy(path, write_bytes(text, length));
  char arguments[512], *err, *out;
  snprintf(arguments, sizeof arguments, "sample %s %s", document_path, path);
  cr_assert_eq(run_anima_stderr(arguments, &err), 2);
  char expected[512];
  snprintf(expected, sizeof expected,
           "anima sample: cannot read script %s: it is 16777217 bytes; a "
           "script is at most 16 MiB (16777216 bytes) (hint: split it into "
           "several scripts)\n",
           path);
  cr_assert_str_eq(err, expected);
  free(err);
  /* The same bytes as a stream (stdin). */
  snprintf(arguments, sizeof arguments, "sample %s - < %s", document_path,
           path);
  cr_assert_eq(run_anima_stderr(arguments, &err), 2);
  cr_assert_str_eq(err, "anima sample: cannot read the script from stdin: it "
                        "is longer than 16 MiB (16777216 bytes), the limit "
                        "of a script; reading stopped there (hint: split it "
                        "into several scripts)\n");
  free(err);
  remove(path);
  /* One byte less is allowed: the snapshot is printed. */
  snprintf(arguments, sizeof arguments, "sample %s -", document_path);
  cr_assert_eq(run_anima_bytes(arguments, text + 1, length - 1, &out), 0);
  cr_assert_eq(strncmp(out, "{\"time\": 0, ", 12), 0, "%.200s", out);
  free(out);
  free(text);
  remove(document_path);
  free(document_path);
}

Test(script_cli, a_nul_byte_stops_the_script) {
  /* Issue 10 F7: the reader stopped at the first NUL byte, so `advance
   * 0.1<NUL> garbage\nsnapshot` printed nothing and exited 0. The line is
   * now a script-usage error naming the byte (the 12th: "advance 0.1" is
   * 11 bytes), which stops the script: exit 2. */
  char *document_path = strdup(write_document(document));
  static const char script[] = "advance 0.1\0 garbage\nsnapshot\n";
  char path[64];
  strcpy(path, write_bytes(script, sizeof script - 1));
  char arguments[512], *err;
  snprintf(arguments, sizeof arguments, "sample %s %s", document_path, path);
  cr_assert_eq(run_anima_stderr(arguments, &err), 2);
  char expected[512];
  snprintf(expected, sizeof expected,
           "%s: /script/0: error[script-usage]: the line holds a NUL byte at "
           "byte 12 (hint: a script is UTF-8 text: remove the NUL byte; a "
           "file saved as UTF-16 has one beside each ASCII letter)\n",
           path);
  cr_assert_str_eq(err, expected);
  free(err);
  remove(path);
  remove(document_path);
  free(document_path);
}

Test(script, run_text_stops_at_a_line_with_a_nul_byte) {
  /* The lines before the NUL byte run (line 0 prints a snapshot at time
   * 0.25), the line with it is script-usage at /script/1, and the line
   * after it does not run. */
  session s = open_session(NULL);
  static const char text[] = "advance 0.25\nsnapshot ring.r\0x\nsnapshot\n";
  s.line = 0;
  cr_assert_eq(script_run_text(s.interpreter, text, sizeof text - 1,
                               s.diagnostics, NULL, NULL),
               SCRIPT_USAGE);
  cr_assert_eq(anima_diagnostics_count(s.diagnostics), 1);
  const anima_diagnostic *d = anima_diagnostics_get(s.diagnostics, 0);
  cr_assert_str_eq(d->pointer, "/script/1");
  cr_assert_str_eq(d->message, "the line holds a NUL byte at byte 16");
  cr_assert_float_eq(
      anima_player_time(script_interpreter_player(s.interpreter)), 0.25, 0);
  close_session(&s);
}

/* A session over `json` in a runtime with the test module at `module`. */
static session open_module_session(const char *module, const char *json,
                                   const script_options *options) {
  session s = {0};
  s.runtime = anima_runtime_create();
  s.diagnostics = anima_diagnostics_create();
  cr_assert_eq(anima_runtime_load_module_file(s.runtime, module, s.diagnostics),
               ANIMA_OK);
  anima_model *model = NULL;
  cr_assert_eq(
      anima_model_load(s.runtime, json, strlen(json), s.diagnostics, &model),
      ANIMA_OK);
  s.interpreter = script_interpreter_create(model, options);
  cr_assert_not_null(s.interpreter);
  return s;
}

/* The test module `stages` (tests/modules/stages.c) writes one draw of the
 * random source per step into probe.stageRandom. */
static const char stages_document[] =
    "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"requires\": "
    "[\"stages\"], \"nodes\": [{\"id\": \"probe\", \"type\": \"group\", "
    "\"stageRandom\": 0}]}";

Test(script, seed_resets_the_players_random_source) {
  /* Machine chapter LCG: seed' = (1664525·seed + 1013904223) mod 2^32,
   * u = seed' / 2^32. Without a seed the source starts at 0x6d2b79f5 =
   * 1831565813: (1664525·1831565813 + 1013904223) mod 2^32 = 53002960, u
   * = 0.012340713292360306. --seed 7: 1664525·7 + 1013904223 =
   * 1025555898, u = 0.23878083983436227. `seed 0`: 1013904223, u =
   * 0.23606797284446657. */
  session s = open_module_session(ANIMA_TEST_MODULE_DIR "/anima-stages.so",
                                  stages_document, NULL);
  cr_assert_eq(run(&s, "advance 0"), SCRIPT_OK);
  cr_assert_eq(run(&s, "expect probe.stageRandom == 0.012340713292360306"),
               SCRIPT_OK);
  close_session(&s);

  script_options options = {.has_seed = true, .seed = 7};
  s = open_module_session(ANIMA_TEST_MODULE_DIR "/anima-stages.so",
                          stages_document, &options);
  cr_assert_eq(run(&s, "advance 0"), SCRIPT_OK);
  cr_assert_eq(run(&s, "expect probe.stageRandom == 0.23878083983436227"),
               SCRIPT_OK);
  cr_assert_eq(run(&s, "seed 0"), SCRIPT_OK);
  cr_assert_eq(run(&s, "advance 0"), SCRIPT_OK);
  cr_assert_eq(run(&s, "expect probe.stageRandom == 0.23606797284446657"),
               SCRIPT_OK);
  cr_assert_eq(anima_diagnostics_count(s.diagnostics), 0);
  close_session(&s);
}
