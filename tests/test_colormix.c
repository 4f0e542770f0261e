/*
 * test_colormix.c — the `colormix` module (SPEC §6 "Optional slot mixing
 * (colormix)"): diagnostics at the chapter's pointers with its hints, the
 * premultiplied mix the draw frame paints (round half up, zero alpha gives
 * zero RGB), the weight clamped after resolving, live SVG's color-mix()
 * and static SVG's resolved colours, and snapshots of <id>.fill.mix.t.
 *
 * Mixes are derived by hand: alpha A = a.α·(1 − t) + b.α·t; each channel
 * (a.c·a.α·(1 − t) + b.c·b.α·t) / A (0 when A = 0), then floor(x + 0.5).
 */
#include <anima/render.h>

#include "test_cli_support.h"
#include "test_paint_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = paint_runtime(true);
  paint_load_module(&f, "colormix");
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(colormix, .init = setup, .fini = teardown);

#define RECT "'id': 'r', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24"
#define SLOTS                                                                  \
  ", 'colors': {'off': '#ff0000', 'on': '#0000ff80', 'ink': "                  \
  "'currentColor'}"

static size_t validate_fill(const char *requires, const char *fill) {
  char nodes[2048];
  snprintf(nodes, sizeof nodes, "[{" RECT ", 'fill': %s}]", fill);
  return paint_validate(&f, paint_document(&f, requires, nodes, NULL, SLOTS));
}

static void expect_hint(const anima_diagnostic *d, const char *words) {
  cr_assert(d->hint && strstr(d->hint, words), "hint \"%s\" lacks \"%s\"",
            d->hint ? d->hint : "", words);
}

/* ------------------------------------------------------------------------ */
/* Diagnostics                                                               */
/* ------------------------------------------------------------------------ */

Test(colormix, valid_mixes) {
  cr_assert_eq(
      validate_fill("['colormix']", "{'mix': {'a': 'off', 'b': 'on', 't': 0}}"),
      0);
  cr_assert_eq(
      validate_fill("['colormix']",
                    "{'mix': {'a': '#123', 'b': '#12345678', 't': 1}}"),
      0);
}

Test(colormix, undeclared) {
  cr_assert_eq(validate_fill(NULL, "{'mix': {'a': 'off', 'b': 'on', 't': 0}}"),
               1);
  expect_hint(paint_expect(&f, 0, "undeclared-feature", "/nodes/0/fill/mix"),
              "add \"colormix\" to \"requires\"");
}

Test(colormix, endpoints) {
  /* currentColor, a slot defaulting to currentColor, an unknown name and
   * a malformed hex are colormix-color at …/mix/a or /b with a hex hint. */
  cr_assert_eq(validate_fill("['colormix']",
                             "{'mix': {'a': 'currentColor', 'b': 'ink', 't': "
                             "0.5}}"),
               2);
  expect_hint(paint_expect(&f, 0, "colormix-color", "/nodes/0/fill/mix/a"),
              "hex");
  expect_hint(paint_expect(&f, 1, "colormix-color", "/nodes/0/fill/mix/b"),
              "hex default");
  cr_assert_eq(validate_fill("['colormix']",
                             "{'mix': {'a': 'nope', 'b': '#12', 't': 0.5}}"),
               2);
  paint_expect(&f, 0, "colormix-color", "/nodes/0/fill/mix/a");
  paint_expect(&f, 1, "colormix-color", "/nodes/0/fill/mix/b");
}

Test(colormix, rest_weight_range) {
  cr_assert_eq(validate_fill("['colormix']",
                             "{'mix': {'a': 'off', 'b': 'on', 't': 1.5}}"),
               1);
  expect_hint(paint_expect(&f, 0, "colormix-range", "/nodes/0/fill/mix/t"),
              "0 (all a) to 1 (all b)");
  cr_assert_eq(validate_fill("['colormix']",
                             "{'mix': {'a': 'off', 'b': 'on', 't': -0.1}}"),
               1);
  paint_expect(&f, 0, "colormix-range", "/nodes/0/fill/mix/t");
}

Test(colormix, registry_diagnostics) {
  /* Missing arguments, wrong types and unknown keys keep the registry's
   * codes at the object or argument. */
  cr_assert_eq(
      validate_fill("['colormix']", "{'mix': {'a': 'off', 'b': 'on'}}"), 1);
  expect_hint(paint_expect(&f, 0, "missing-key", "/nodes/0/fill/mix"),
              "add \"t\"");
  cr_assert_eq(validate_fill("['colormix']",
                             "{'mix': {'a': 'off', 'b': 'on', 't': '0.5'}}"),
               1);
  paint_expect(&f, 0, "type", "/nodes/0/fill/mix/t");
  cr_assert_eq(validate_fill("['colormix']",
                             "{'mix': {'a': 'off', 'b': 'on', 't': 0.5, 'x': "
                             "1}}"),
               1);
  paint_expect(&f, 0, "unknown-key", "/nodes/0/fill/mix/x");
  cr_assert_eq(validate_fill("['colormix']", "{'mix': 5}"), 1);
  paint_expect(&f, 0, "type", "/nodes/0/fill/mix");
}

Test(colormix, one_source) {
  /* A paint needs exactly one colour source; mix beside color or a
   * gradient type is colormix-source at the later key (SPEC §6). */
  cr_assert_eq(validate_fill("['colormix']",
                             "{'color': '#000000', 'mix': {'a': 'off', 'b': "
                             "'on', 't': 0}}"),
               1);
  expect_hint(paint_expect(&f, 0, "colormix-source", "/nodes/0/fill/mix"),
              "keep one of \"color\" or \"mix\"");
  cr_assert_eq(validate_fill("['colormix', 'paint']",
                             "{'mix': {'a': 'off', 'b': 'on', 't': 0}, "
                             "'type': 'linear', 'x1': 0, 'y1': 0, 'x2': 1, "
                             "'y2': 0, 'stops': [{'position': 0, 'color': "
                             "'#000'}, {'position': 1, 'color': '#fff'}]}"),
               1);
  paint_expect(&f, 0, "colormix-source", "/nodes/0/fill/type");
  cr_assert_eq(validate_fill("['colormix']", "{'rule': 'evenodd'}"), 1);
  expect_hint(paint_expect(&f, 0, "missing-key", "/nodes/0/fill"), "\"mix\"");
}

Test(colormix, static_endpoints) {
  /* The endpoints are static references; t is animatable. */
  cr_assert_eq(
      paint_validate(&f, paint_document(&f, "['colormix']",
                                        "[{" RECT ", 'stroke': {'mix': {'a': "
                                        "'off', 'b': 'on', 't': 0}}}]",
                                        "{'r.stroke.mix.t': [[0, 0], [1, 1]], "
                                        "'r.stroke.mix.a': [[0, '#000000']]}",
                                        SLOTS)),
      1);
  paint_expect(&f, 0, "not-animatable", "/timelines/t/tracks/r.stroke.mix.a");
}

/* ------------------------------------------------------------------------ */
/* The mix                                                                   */
/* ------------------------------------------------------------------------ */

static const anima_draw_paint *fill_paint(void) {
  const anima_draw_shape *shape = paint_shape(&f, 0);
  return &f.frame->paints[f.frame->layers[shape->first_layer].paint];
}

static void expect_color(anima_color actual, anima_color expected) {
  cr_expect(actual.r == expected.r && actual.g == expected.g &&
                actual.b == expected.b && actual.a == expected.a,
            "(%d, %d, %d, %d) != (%d, %d, %d, %d)", actual.r, actual.g,
            actual.b, actual.a, expected.r, expected.g, expected.b, expected.a);
}

/* The fill colour of mix {a, b, t} (literals) at rest. */
static anima_color mixed(const char *a, const char *b, double t) {
  char nodes[512];
  snprintf(nodes, sizeof nodes,
           "[{" RECT ", 'fill': {'mix': {'a': '%s', 'b': '%s', 't': %.17g}}}]",
           a, b, t);
  paint_load(&f, paint_document(&f, "['colormix']", nodes, NULL, SLOTS));
  paint_step(&f, 0);
  const anima_draw_paint *paint = fill_paint();
  cr_assert_eq(paint->kind, ANIMA_PAINT_SOLID);
  cr_assert(paint->mixed);
  cr_assert_eq(paint->mix_t, t);
  return paint->color.color;
}

Test(colormix, premultiplied_mixing) {
  /* Opaque: black/white at 0.3: 255·0.3 = 76.5 → 77 (ties upward). */
  expect_color(mixed("#000000", "#ffffff", 0.3),
               (anima_color){77, 77, 77, 255});
  /* Alpha: #ff000080 (α 128) and #0000ff at 0.5: A = 64 + 127.5 = 191.5 →
   * 192; red 255·128·0.5 / 191.5 = 85.22 → 85; blue 255·255·0.5 / 191.5 =
   * 169.78 → 170. (Non-premultiplied mixing would give (128, 0, 128).) */
  expect_color(mixed("#ff000080", "#0000ff", 0.5),
               (anima_color){85, 0, 170, 192});
  /* Zero alpha on both sides gives zero RGB. */
  expect_color(mixed("#ff000000", "#00ff0000", 0.5), (anima_color){0, 0, 0, 0});
  /* One transparent end: only the other's colour shows, at t·α:
   * #ff000000 and #0000ff at 0.25: A = 63.75 → 64, blue 255 → 255. */
  expect_color(mixed("#ff000000", "#0000ff", 0.25),
               (anima_color){0, 0, 255, 64});
  /* The ends are the endpoints. */
  expect_color(mixed("#102030", "#405060", 0), (anima_color){16, 32, 48, 255});
  expect_color(mixed("#102030", "#405060", 1), (anima_color){64, 80, 96, 255});
}

Test(colormix, slots_and_overrides) {
  /* off #ff0000, on #0000ff80 at t = 0.3: (210, 0, 45, 217) (see
   * test_gradient_render.c); the endpoints keep their slot sources. With
   * `on` overridden to #00ff00: A = 255, green 255·0.3 = 76.5 → 77, red
   * 178.5 → 179: (179, 77, 0, 255). */
  paint_load(&f, paint_document(&f, "['colormix']",
                                "[{" RECT ", 'fill': {'mix': {'a': 'off', 'b': "
                                "'on', 't': 0.3}}}]",
                                NULL, SLOTS));
  paint_step(&f, 0);
  const anima_draw_paint *paint = fill_paint();
  expect_color(paint->color.color, (anima_color){210, 0, 45, 217});
  cr_assert_eq(paint->mix_a.source, ANIMA_COLOR_SOURCE_SLOT);
  cr_assert_eq(paint->mix_b.source, ANIMA_COLOR_SOURCE_SLOT);
  long slot = anima_draw_frame_find_slot(f.frame, "on");
  cr_assert_geq(slot, 0);
  cr_assert_eq(anima_draw_frame_set_slot(f.frame, (size_t)slot,
                                         (anima_color){0, 255, 0, 255}),
               ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(f.frame, f.player), ANIMA_OK);
  expect_color(fill_paint()->color.color, (anima_color){179, 77, 0, 255});
}

Test(colormix, animated_weight_clamps) {
  /* t keyed 0 → 2 over one second: 0.25 at 0.125 s (grey 63.75 → 64),
   * 1.5 at 0.75 s, clamped to 1 (white). */
  paint_load(&f, paint_document(&f, "['colormix']",
                                "[{" RECT ", 'stroke': {'width': 2, 'mix': "
                                "{'a': '#000000', 'b': '#ffffff', 't': 0}}}]",
                                "{'r.stroke.mix.t': [[0, 0], [1, 2]]}", NULL));
  paint_step(&f, 0.125);
  const anima_draw_shape *shape = paint_shape(&f, 0);
  const anima_draw_paint *paint =
      &f.frame->paints[f.frame->layers[shape->first_layer].paint];
  cr_assert_eq(paint->mix_t, 0.25);
  expect_color(paint->color.color, (anima_color){64, 64, 64, 255});
  paint_step(&f, 0.625);
  cr_assert_eq(paint->mix_t, 1);
  expect_color(paint->color.color, (anima_color){255, 255, 255, 255});
}

/* ------------------------------------------------------------------------ */
/* SVG and snapshots                                                         */
/* ------------------------------------------------------------------------ */

static char *svg_of(bool live) {
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
  anima_render_options options = {.svg_mode =
                                      live ? ANIMA_SVG_LIVE : ANIMA_SVG_STATIC};
  char *text = NULL;
  cr_assert_eq(anima_render_svg(renderer, f.player, &options, &text, NULL),
               ANIMA_OK);
  anima_renderer_destroy(renderer);
  return text;
}

Test(colormix, svg) {
  /* Live: color-mix(in srgb, var(--anima-off, #ff0000),
   * var(--anima-on, #0000ff80) 30%) — the second colour has weight t.
   * Static: the resolved colour #d2002d with opacity 217/255 = 0.85098. */
  paint_load(&f, paint_document(&f, "['colormix']",
                                "[{" RECT ", 'fill': {'mix': {'a': 'off', 'b': "
                                "'on', 't': 0.3}}}]",
                                NULL, SLOTS));
  paint_step(&f, 0);
  char *live = svg_of(true);
  cr_expect(strstr(live, "fill: color-mix(in srgb, var(--anima-off, #ff0000), "
                         "var(--anima-on, #0000ff80) 30%)"),
            "%s", live);
  free(live);
  char *still = svg_of(false);
  cr_expect(strstr(still, "fill=\"#d2002d\" fill-opacity=\"0.85098\""), "%s",
            still);
  free(still);
}

static char *scratch_file(const char *name, const char *text) {
  char directory[] = "/tmp/anima-colormix-XXXXXX";
  cr_assert_not_null(mkdtemp(directory));
  char *path = malloc(strlen(directory) + strlen(name) + 2);
  cr_assert_not_null(path);
  sprintf(path, "%s/%s", directory, name);
  FILE *file = fopen(path, "wb");
  cr_assert_not_null(file);
  fputs(text, file);
  fclose(file);
  return path;
}

Test(colormix, snapshots) {
  /* The animated weight is in the default snapshot: keyed 0 → 1 over one
   * second, 0.25 at 0.25 s. */
  char *document = scratch_file(
      "mix.ani",
      paint_document(&f, "['colormix']",
                     "[{" RECT ", 'fill': {'mix': {'a': 'off', 'b': 'on', "
                     "'t': 0}}}]",
                     "{'r.fill.mix.t': [[0, 0], [1, 1]]}", SLOTS));
  char *script =
      scratch_file("script.txt", "advance 0.25\nsnapshot\nexpect r.fill.mix.t "
                                 "== 0.25\n");
  const char *arguments[] = {"sample", document, script, NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_str_eq(run.out, "{\"time\": 0.25, \"values\": {\"r.fill.mix.t\": "
                            "0.25}, \"states\": {\"l\": \"s\"}, \"events\": "
                            "[], \"settled\": false}\n");
  cli_run_free(&run);
  free(document);
  free(script);
}

/* `anima schema` shows every field of the mix and of the gradients with
 * the addresses at it (patterns included). */
static void expect_schema(const char *topic, const char *const *parts) {
  const char *arguments[] = {"schema", topic, NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  for (size_t i = 0; parts[i]; i++) {
    cr_expect(strstr(run.out, parts[i]) != NULL, "%s lacks %s:\n%s", topic,
              parts[i], run.out);
  }
  cli_run_free(&run);
}

Test(colormix, schema_shows_every_field) {
  static const char *const mix[] = {
      "AniML element <colorMix>",
      "a: string, required, feature colormix",
      "b: string, required, feature colormix",
      "t: number, required, feature colormix",
      "address fill.mix.t: number, animatable, interpolated, clamped to 0..1",
      "address stroke.mix.t: number, animatable, interpolated, clamped to "
      "0..1",
      NULL};
  expect_schema("colormix-mix", mix);
  static const char *const fill[] = {
      "Variants by \"type\": linear <linearGradient> (paint-fill-linear), "
      "radial <radialGradient> (paint-fill-radial), angular "
      "<angularGradient> (paint-fill-angular)",
      "mix (AniML colorMix): object of colormix-mix", NULL};
  expect_schema("fill", fill);
  static const char *const radial[] = {
      "cx: number, required",
      "cy: number, required",
      "r: number, required, range >= 0",
      "fx: number, feature paint",
      "fy: number, feature paint",
      "stops: array of paint-stop, required",
      "gradientTransform (AniML gradient-transform): numbers of 6",
      "address stroke.r: number, animatable, interpolated, clamped to >= 0",
      NULL};
  expect_schema("paint-stroke-radial", radial);
  static const char *const stop[] = {
      "address fill.stops.*.position: number, animatable, interpolated, "
      "clamped to 0..1",
      "address stroke.stops.*.color: color, animatable, interpolated", NULL};
  expect_schema("paint-stop", stop);
}
