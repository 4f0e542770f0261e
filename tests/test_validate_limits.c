/*
 * test_validate_limits.c — SPEC §2 limits (limit-exceeded) at and just past
 * each boundary, with generated documents, and the `requires` / module
 * feature rules (unknown-feature, undeclared-feature) with the glow test
 * module of tests/modules.
 */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/module.h>

static anima_runtime *runtime;
static anima_diagnostics *diagnostics;

static void setup(void) {
  runtime = anima_runtime_create();
  diagnostics = anima_diagnostics_create();
  cr_assert_not_null(runtime);
  cr_assert_not_null(diagnostics);
}

static void teardown(void) {
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}

TestSuite(limits, .init = setup, .fini = teardown);
TestSuite(features, .init = setup, .fini = teardown);

/* A growable text for generated documents. */
typedef struct buffer {
  char *data;
  size_t length, capacity;
} buffer;

static void append(buffer *b, const char *format, ...) {
  va_list arguments;
  for (;;) {
    va_start(arguments, format);
    int written =
        vsnprintf(b->data ? b->data + b->length : NULL,
                  b->data ? b->capacity - b->length : 0, format, arguments);
    va_end(arguments);
    cr_assert_geq(written, 0);
    if (b->data && b->length + (size_t)written < b->capacity) {
      b->length += (size_t)written;
      return;
    }
    b->capacity = (b->capacity + (size_t)written + 1) * 2;
    b->data = realloc(b->data, b->capacity);
    cr_assert_not_null(b->data);
  }
}

static anima_status validate(buffer *b) {
  anima_status status =
      anima_document_validate(runtime, b->data, b->length, diagnostics);
  free(b->data);
  memset(b, 0, sizeof *b);
  return status;
}

static const anima_diagnostic *only(void) {
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1, "got %zu",
               anima_diagnostics_count(diagnostics));
  return anima_diagnostics_get(diagnostics, 0);
}

#define HEAD "{\"anima\": \"0.1\", \"name\": \"limits\", \"grid\": 20, "
#define DOT                                                                    \
  "{\"id\": \"n%zu\", \"type\": \"circle\", \"center\": [1, 1], "              \
  "\"r\": 1, \"fill\": {\"color\": \"#000\"}}"

/* `count` sibling circles n0 ... n<count-1>. */
static void nodes(buffer *b, size_t count) {
  append(b, HEAD "\"nodes\": [");
  for (size_t i = 0; i < count; i++) {
    append(b, "%s" DOT, i ? ", " : "", i);
  }
  append(b, "]}");
}

Test(limits, nodes) {
  /* §2: 2 048 nodes are allowed; the 2 049th (index 2048) is reported. */
  buffer b = {0};
  nodes(&b, 2048);
  cr_assert_eq(validate(&b), ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 0);
  nodes(&b, 2049);
  cr_assert_eq(validate(&b), ANIMA_ERROR_INVALID_DOCUMENT);
  const anima_diagnostic *d = only();
  cr_assert_str_eq(d->code, "limit-exceeded");
  cr_assert_str_eq(d->pointer, "/nodes/2048");
}

/* One track with `count` keys at times 0, 1, 2, ... in a long timeline. */
static void keyframes(buffer *b, size_t count) {
  append(b,
         HEAD "\"nodes\": [" DOT "], \"timelines\": {\"t\": "
              "{\"duration\": 100000, \"tracks\": {\"n0.x\": [",
         (size_t)0);
  for (size_t i = 0; i < count; i++) {
    append(b, "%s[%zu, 0]", i ? "," : "", i);
  }
  append(b, "]}}}}");
}

Test(limits, keyframes) {
  /* §2: 20 000 keyframes in total; key index 20000 is the 20 001st. */
  buffer b = {0};
  keyframes(&b, 20000);
  cr_assert_eq(validate(&b), ANIMA_OK);
  keyframes(&b, 20001);
  cr_assert_eq(validate(&b), ANIMA_ERROR_INVALID_DOCUMENT);
  const anima_diagnostic *d = only();
  cr_assert_str_eq(d->code, "limit-exceeded");
  cr_assert_str_eq(d->pointer, "/timelines/t/tracks/n0.x/20000");
}

/* `layers` layers of one pose state each. */
static void layers(buffer *b, size_t count) {
  append(b, HEAD "\"nodes\": [" DOT "], \"machine\": {\"layers\": {",
         (size_t)0);
  for (size_t i = 0; i < count; i++) {
    append(b,
           "%s\"l%zu\": {\"initial\": \"s\", \"states\": {\"s\": "
           "{\"pose\": {}}}}",
           i ? ", " : "", i);
  }
  append(b, "}}}");
}

Test(limits, layers) {
  /* §2: 64 layers; the 65th (named l64) is reported. */
  buffer b = {0};
  layers(&b, 64);
  cr_assert_eq(validate(&b), ANIMA_OK);
  layers(&b, 65);
  cr_assert_eq(validate(&b), ANIMA_ERROR_INVALID_DOCUMENT);
  const anima_diagnostic *d = only();
  cr_assert_str_eq(d->code, "limit-exceeded");
  cr_assert_str_eq(d->pointer, "/machine/layers/l64");
}

/* One layer with `count` states s0 ... chained s0 -> s1 -> ... on @end-free
 * @after(0) transitions so every state is reachable. */
static void states(buffer *b, size_t count) {
  append(b,
         HEAD "\"nodes\": [" DOT "], \"machine\": {\"layers\": {\"l\": "
              "{\"initial\": \"s0\", \"states\": {",
         (size_t)0);
  for (size_t i = 0; i < count; i++) {
    append(b,
           "%s\"s%zu\": {\"pose\": {}, \"on\": [{\"when\": \"@after(1)\", "
           "\"to\": \"s%zu\"}]}",
           i ? ", " : "", i, (i + 1) % count);
  }
  append(b, "}}}}}");
}

Test(limits, states_per_layer) {
  /* §2: 256 states per layer; the 257th (s256) is reported. */
  buffer b = {0};
  states(&b, 256);
  cr_assert_eq(validate(&b), ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 0);
  states(&b, 257);
  cr_assert_eq(validate(&b), ANIMA_ERROR_INVALID_DOCUMENT);
  const anima_diagnostic *d = only();
  cr_assert_str_eq(d->code, "limit-exceeded");
  cr_assert_str_eq(d->pointer, "/machine/layers/l/states/s256");
}

Test(limits, text_size) {
  /* §2: 1 MiB of text. A valid document padded with spaces to 1 MiB + 1
   * byte is refused as a whole (pointer ""). */
  buffer b = {0};
  nodes(&b, 1);
  size_t target = 1024 * 1024 + 1;
  while (b.length < target) {
    append(&b, " ");
  }
  cr_assert_eq(validate(&b), ANIMA_ERROR_INVALID_DOCUMENT);
  const anima_diagnostic *d = only();
  cr_assert_str_eq(d->code, "limit-exceeded");
  cr_assert_str_eq(d->pointer, "");
}

Test(limits, json_nesting_in_meta) {
  /* §2: 96 levels of JSON nesting anywhere, meta included. The document
   * object is level 1, the meta object (§2: meta is an object) level 2 and
   * its member's outer array level 3, so 94 nested arrays in meta reach
   * level 96 (allowed) and 95 reach 97. */
  for (size_t depth = 94; depth <= 95; depth++) {
    buffer b = {0};
    append(&b, HEAD "\"nodes\": [" DOT "], \"meta\": {\"deep\": ", (size_t)0);
    for (size_t i = 0; i < depth; i++) {
      append(&b, "[");
    }
    for (size_t i = 0; i < depth; i++) {
      append(&b, "]");
    }
    append(&b, "}}");
    anima_diagnostics_clear(diagnostics);
    anima_status status = validate(&b);
    if (depth == 94) {
      cr_assert_eq(status, ANIMA_OK, "96 levels with meta");
    } else {
      cr_assert_eq(status, ANIMA_ERROR_INVALID_DOCUMENT);
      cr_assert_str_eq(only()->code, "limit-exceeded");
    }
  }
}

/* ---- features ---------------------------------------------------------- */

#define GLOW_MODULE ANIMA_TEST_MODULE_DIR "/anima-glow.so"
#define GLOW_DOCUMENT(requires, node_key, tracks)                                 \
  "{\"anima\": \"0.1\", \"name\": \"glow\", \"grid\": 20, " requires "\"nodes"    \
                                                                     "\": "       \
                                                                     "[{"         \
                                                                     "\"id\":"    \
                                                                     " \"dot"     \
                                                                     "\", "       \
                                                                     "\"type"     \
                                                                     "\": "       \
                                                                     "\"circl"    \
                                                                     "e\", "      \
                                                                     "\"cente"    \
                                                                     "r\": "      \
                                                                     "[1, "       \
                                                                     "1], "       \
                                                                     "\"r\": "    \
                                                                     "1, "        \
                                                                     "\"fill"     \
                                                                     "\": "       \
                                                                     "{\"colo"    \
                                                                     "r\": "      \
                                                                     "\"#"        \
                                                                     "000\""      \
                                                                     "}" node_key \
                                                                     "}"          \
                                                                     "]" tracks   \
                                                                     "}"

static anima_status validate_text(const char *text) {
  return anima_document_validate(runtime, text, strlen(text), diagnostics);
}

Test(features, a_module_key_without_requires_is_undeclared) {
  /* The glow module adds the node key "glow" owned by feature "glow"; using
   * it without "requires": ["glow"] is undeclared-feature at the key, with
   * the hint to add the feature (SPEC §11.3, issue 2 item 4). */
  cr_assert_eq(
      anima_runtime_load_module_file(runtime, GLOW_MODULE, diagnostics),
      ANIMA_OK);
  cr_assert_eq(validate_text(GLOW_DOCUMENT("", ", \"glow\": 0.5", "")),
               ANIMA_ERROR_INVALID_DOCUMENT);
  const anima_diagnostic *d = only();
  cr_assert_str_eq(d->code, "undeclared-feature");
  cr_assert_str_eq(d->pointer, "/nodes/0/glow");
  cr_assert_str_eq(d->hint, "add \"glow\" to \"requires\"");
}

Test(features, the_same_file_is_in_tests_documents) {
  /* tests/documents/invalid/undeclared-feature.ani is that document. */
  cr_assert_eq(
      anima_runtime_load_module_file(runtime, GLOW_MODULE, diagnostics),
      ANIMA_OK);
  FILE *file =
      fopen(ANIMA_SOURCE_ROOT "/tests/documents/invalid/undeclared-feature.ani",
            "rb");
  cr_assert_not_null(file);
  char text[4096];
  size_t length = fread(text, 1, sizeof text, file);
  fclose(file);
  anima_document_validate(runtime, text, length, diagnostics);
  cr_assert_str_eq(only()->code, "undeclared-feature");
  cr_assert_str_eq(only()->pointer, "/nodes/0/glow");
}

Test(features, a_module_address_without_requires_is_undeclared) {
  /* The track address "dot.glow" is the module's property. */
  cr_assert_eq(
      anima_runtime_load_module_file(runtime, GLOW_MODULE, diagnostics),
      ANIMA_OK);
  validate_text(GLOW_DOCUMENT("", "",
                              ", \"timelines\": {\"t\": {\"duration\": 1, "
                              "\"tracks\": {\"dot.glow\": [[0, 0], [1, "
                              "1]]}}}"));
  const anima_diagnostic *d = only();
  cr_assert_str_eq(d->code, "undeclared-feature");
  cr_assert_str_eq(d->pointer, "/timelines/t/tracks/dot.glow");
  cr_assert_str_eq(d->hint, "add \"glow\" to \"requires\"");
}

Test(features, declared_module_keys_and_addresses_are_valid) {
  cr_assert_eq(
      anima_runtime_load_module_file(runtime, GLOW_MODULE, diagnostics),
      ANIMA_OK);
  cr_assert_eq(validate_text(GLOW_DOCUMENT(
                   "\"requires\": [\"glow\"], ", ", \"glow\": 0.5",
                   ", \"timelines\": {\"t\": {\"duration\": 1, \"tracks\": "
                   "{\"dot.glow\": [[0, 0], [1, 1]]}}}")),
               ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 0);
  /* The module's range applies: glow is 0..1 (glow.c). */
  cr_assert_eq(validate_text(GLOW_DOCUMENT("\"requires\": [\"glow\"], ",
                                           ", \"glow\": 2", "")),
               ANIMA_ERROR_INVALID_DOCUMENT);
  cr_assert_str_eq(only()->code, "bad-value");
}

Test(features, requires_without_the_module_is_unknown_feature) {
  /* Without the module, "glow" is not a feature of this runtime: the
   * document is refused at /requires/0 and nothing else is reported (its
   * keys may belong to the missing feature). */
  validate_text(GLOW_DOCUMENT("\"requires\": [\"knockout\", \"glow\"], ",
                              ", \"glow\": 0.5", ""));
  const anima_diagnostic *d = only();
  cr_assert_str_eq(d->code, "unknown-feature");
  cr_assert_str_eq(d->pointer, "/requires/1");
}

Test(features, knockout_is_a_core_feature) {
  /* §2: 0.1 defines "knockout"; listing it is allowed but not needed. */
  cr_assert_eq(validate_text(GLOW_DOCUMENT("\"requires\": [\"knockout\"], ",
                                           ", \"knockout\": 1", "")),
               ANIMA_OK);
  cr_assert_eq(validate_text(GLOW_DOCUMENT("", ", \"knockout\": 1", "")),
               ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 0);
}

static const anima_host *sparkle_host;
static int check_calls;
static void count_check(anima_check *check, void *user) {
  check_calls++;
  sparkle_host->check_report(check, "bad-value", ANIMA_SEVERITY_ERROR, "/grid",
                             NULL, "check %s", (const char *)user);
}

static anima_status sparkle_init(const anima_host *host,
                                 anima_registrar *registrar) {
  sparkle_host = host;
  static const anima_check_desc check = {.struct_size = sizeof check,
                                         .name = "count",
                                         .check = count_check,
                                         .user = "sparkle"};
  return host->add_check(registrar, &check);
}
static const char *const sparkle_features[] = {"sparkle", NULL};
ANIMA_MODULE_DEFINE(sparkle, .name = "sparkle", .features = sparkle_features,
                    .init = sparkle_init);

Test(features, module_checks_run_after_the_core_checks) {
  /* A module's check runs only for documents that declare its feature,
   * after the core checks (docs/MODULES.md, D4). */
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_sparkle_info, diagnostics),
               ANIMA_OK);
  check_calls = 0;
  validate_text(GLOW_DOCUMENT("", "", ", \"unknown\": 1"));
  cr_assert_eq(check_calls, 0);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1);
  cr_assert_str_eq(anima_diagnostics_get(diagnostics, 0)->code, "unknown-key");
  /* Declared: it runs, and its diagnostic follows the core ones. */
  anima_diagnostics_clear(diagnostics);
  validate_text(
      GLOW_DOCUMENT("\"requires\": [\"sparkle\"], ", "", ", \"unknown\": 1"));
  cr_assert_eq(check_calls, 1);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 2);
  cr_assert_str_eq(anima_diagnostics_get(diagnostics, 0)->code, "unknown-key");
  cr_assert_str_eq(anima_diagnostics_get(diagnostics, 1)->message,
                   "check sparkle");
}

Test(limits, drawable_range_of_grid_and_view_box) {
  /* Issue 10 F9: a grid of 5e-324 or a viewBox of 1e308 validated, then
   * failed to render ("drawing failed": cairo refuses a view matrix whose
   * scale squared under- or overflows) and SVG output printed a viewBox of
   * "0 0 0 0" or a 63-digit number. Sizes are drawable from 0.01 to
   * 1 000 000 grid units and the viewBox origin within ±1 000 000
   * (docs/DECISIONS.md): both ends are allowed, the next values past them
   * are bad-value at the number, with the number as written. */
  static const struct {
    const char *grid, *view_box, *pointer, *message;
  } cases[] = {
      {"0.01", NULL, NULL, NULL},
      {"1000000", "[-1000000, 1000000, 0.01, 1000000]", NULL, NULL},
      {"5e-324", NULL, "/grid",
       "the grid 5e-324 is too small to draw: it must be from 0.01 to "
       "1000000"},
      {"0.0099", NULL, "/grid",
       "the grid 0.0099 is too small to draw: it must be from 0.01 to "
       "1000000"},
      {"1000001", "[0, 0, 20, 20]", "/grid",
       "the grid 1000001 is too large to draw: it must be from 0.01 to "
       "1000000"},
      {"20", "[0, 0, 1e308, 20]", "/viewBox/2",
       "the viewBox width 1e+308 is too large to draw: it must be from 0.01 "
       "to 1000000"},
      {"20", "[0, 0, 20, 5e-324]", "/viewBox/3",
       "the viewBox height 5e-324 is too small to draw: it must be from "
       "0.01 to 1000000"},
      {"20", "[-1000000.5, 0, 20, 20]", "/viewBox/0",
       "the viewBox x -1000000.5 is too far to draw: it must be from "
       "-1000000 to 1000000"},
      {"20", "[0, 1e300, 20, 20]", "/viewBox/1",
       "the viewBox y 1e+300 is too far to draw: it must be from -1000000 to "
       "1000000"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    buffer b = {0};
    append(&b,
           "{\"anima\": \"0.1\", \"name\": \"limits\", \"grid\": %s, "
           "%s%s%s\"nodes\": [" DOT "]}",
           cases[i].grid, cases[i].view_box ? "\"viewBox\": " : "",
           cases[i].view_box ? cases[i].view_box : "",
           cases[i].view_box ? ", " : "", (size_t)0);
    anima_diagnostics_clear(diagnostics);
    anima_status status = validate(&b);
    if (!cases[i].pointer) {
      cr_assert_eq(status, ANIMA_OK, "case %zu", i);
      continue;
    }
    cr_assert_eq(status, ANIMA_ERROR_INVALID_DOCUMENT, "case %zu", i);
    const anima_diagnostic *d = only();
    cr_assert_str_eq(d->code, "bad-value", "case %zu", i);
    cr_assert_str_eq(d->pointer, cases[i].pointer, "case %zu", i);
    cr_assert_str_eq(d->message, cases[i].message, "case %zu", i);
  }
}

/* A path node with `d` of one move and `lines` lines. */
static void line_path(buffer *b, size_t lines) {
  append(b, "{\"id\": \"p\", \"type\": \"path\", \"stroke\": {\"color\": "
            "\"#000\"}, \"d\": \"M0 0");
  for (size_t i = 0; i < lines; i++) {
    append(b, " L%zu %zu", i % 20, (i * 7) % 20);
  }
  append(b, "\"}");
}

Test(limits, path_segments) {
  /* The path-complexity budget (docs/DECISIONS.md, issue 10): the path
   * nodes of a document draw at most 4 096 segments, each command of path
   * data one segment (the move included), a glyph counting whole for each
   * node that uses it. One move and 4 095 lines are 4 096: allowed; one
   * line more is limit-exceeded at the d that crosses the budget. */
  for (size_t lines = 4095; lines <= 4096; lines++) {
    buffer b = {0};
    append(&b, HEAD "\"nodes\": [");
    line_path(&b, lines);
    append(&b, "]}");
    anima_diagnostics_clear(diagnostics);
    anima_status status = validate(&b);
    if (lines == 4095) {
      cr_assert_eq(status, ANIMA_OK);
      continue;
    }
    cr_assert_eq(status, ANIMA_ERROR_INVALID_DOCUMENT);
    const anima_diagnostic *d = only();
    cr_assert_str_eq(d->code, "limit-exceeded");
    cr_assert_str_eq(d->pointer, "/nodes/0/d");
    cr_assert_str_eq(d->message, "the paths of the document draw more than "
                                 "4096 segments (4097 with this one); "
                                 "renderers draw at most 4096");
  }
  /* A glyph of 1 + 2 047 = 2 048 segments used by two nodes makes 4 096;
   * a third node with "M0 0" (one segment) crosses the budget, once. */
  buffer b = {0};
  append(&b, HEAD "\"glyphs\": {\"g\": {\"d\": \"M0 0");
  for (size_t i = 0; i < 2047; i++) {
    append(&b, " L%zu 1", i % 20);
  }
  append(&b, "\"}}, \"nodes\": [");
  for (size_t i = 0; i < 4; i++) {
    append(&b,
           "%s{\"id\": \"n%zu\", \"type\": \"path\", %s, \"fill\": "
           "{\"color\": \"#000\"}}",
           i ? ", " : "", i, i < 2 ? "\"glyph\": \"g\"" : "\"d\": \"M0 0\"");
  }
  append(&b, "]}");
  anima_diagnostics_clear(diagnostics);
  cr_assert_eq(validate(&b), ANIMA_ERROR_INVALID_DOCUMENT);
  const anima_diagnostic *d = only();
  cr_assert_str_eq(d->pointer, "/nodes/2/d");
  cr_assert_str_eq(d->message, "the paths of the document draw more than "
                               "4096 segments (4097 with this one); "
                               "renderers draw at most 4096");
  /* A node that selects subpaths draws only those: subpath 0 of glyph h is
   * one move and 4 093 lines (4 094), subpath 1 a move and a line (2).
   * Nodes drawing [1], [0], [1] make 2, 4 096 and 4 098: the third node
   * crosses the budget (counting the whole glyph, the second would). */
  append(&b, HEAD "\"glyphs\": {\"h\": {\"d\": \"M0 0");
  for (size_t i = 0; i < 4093; i++) {
    append(&b, " L%zu 1", i % 20);
  }
  append(&b, " M5 5 L6 6\"}}, \"nodes\": [");
  for (size_t i = 0; i < 3; i++) {
    append(&b,
           "%s{\"id\": \"n%zu\", \"type\": \"path\", \"glyph\": \"h\", "
           "\"subpaths\": [%d], \"fill\": {\"color\": \"#000\"}}",
           i ? ", " : "", i, i == 1 ? 0 : 1);
  }
  append(&b, "]}");
  anima_diagnostics_clear(diagnostics);
  cr_assert_eq(validate(&b), ANIMA_ERROR_INVALID_DOCUMENT);
  d = only();
  cr_assert_str_eq(d->pointer, "/nodes/2/glyph");
  cr_assert_str_eq(d->message, "the paths of the document draw more than "
                               "4096 segments (4098 with this one); "
                               "renderers draw at most 4096");
}
