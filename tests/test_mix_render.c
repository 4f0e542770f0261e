/*
 * test_mix_render.c — render probes of the `mix` module's per-paint blend
 * override (SPEC mix, "Per-paint blend override", "Additive blend and
 * strength"). Every case is a document drawn by the cairo backend; its
 * pixels at chosen grid points must have the colours derived by hand
 * below — from the chapter's S + D·(1 − Sa·(1 − a)) for additive and the
 * CSS Compositing and Blending Level 1 formulas for the other modes —
 * written before any output was looked at. The cases SVG can draw (all
 * but additive) are then written as SVG and shown by one headless
 * Chromium run, each in its own 240 × 240 iframe: Chromium's pixels must
 * match the same hand-derived values, and every SVG must be well-formed.
 *
 * Geometry: viewBox 0 0 24 24 drawn at 240 × 240 on white; the probe at
 * grid point (x, y) reads pixel (⌊10x⌋, ⌊10y⌋), 0.5 units or more from
 * every edge.
 *
 * Colours (channel / 255): Cb = #33cc99 = (0.2, 0.8, 0.6) the backdrop;
 * P = #669933 = (0.4, 0.6, 0.2) a fill; G = #808080 = 128/255 = 0.50196
 * per channel (a stroke). Results × 255, rounded. Tolerance 2 (cairo
 * composites in 8 bits, rounding twice).
 */
#include <cairo.h>
#include <libxml/parser.h>
#include <stdlib.h>
#include <unistd.h>

#include <anima/render.h>
#include <anima/render_cairo.h>

#include "test_chromium.h"
#include "test_composite_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = composite_runtime();
  paint_load_module(&f, "mix");
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(mix_render, .init = setup, .fini = teardown);

#define MAX_PROBES 4
#define TOLERANCE 2
#define CHROMIUM_TOLERANCE 4

typedef struct probe {
  double x, y;
  anima_color expected;
} probe;

typedef struct render_case {
  const char *name;
  const char *requires;
  const char *nodes;
  const char *tracks; /* or NULL */
  double time;
  bool svg; /* SVG draws it (no additive) */
  probe probes[MAX_PROBES];
} render_case;

#define RGB(r, g, b)                                                           \
  { r, g, b, 255 }

#define BACKDROP                                                               \
  "{'id': 'd', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "           \
  "'fill': {'color': '#33cc99'}}"
/* The source rect [6, 18]² with fill P; its stroke of width 4 covers
 * x in [4, 8] on the left edge at y = 12: (5, 12) is stroke over the
 * backdrop, (7, 12) stroke over the fill, (12, 12) fill alone, (2, 2) the
 * backdrop. */
#define SOURCE(extra)                                                          \
  "{'id': 's', 'type': 'rect', 'x0': 6, 'y0': 6, 'w': 12, 'h': 12" extra "}"
#define FILL_P "'fill': {'color': '#669933'"
#define STROKE_G "'stroke': {'color': '#808080', 'width': 4"

static const render_case cases[] = {
    /* P multiply over Cb: (0.08, 0.48, 0.12) → (20, 122, 31). */
    {"fill-multiply",
     "['mix']",
     "[" BACKDROP ", " SOURCE(", " FILL_P ", 'blend': 'multiply'}") "]",
     NULL,
     0,
     true,
     {{12, 12, RGB(20, 122, 31)}, {2, 2, RGB(51, 204, 153)}}},
    /* Stroke G screen, fill P normal. Over Cb: cb + cs − cb·cs = (0.6016,
     * 0.9004, 0.8008) → (153, 230, 204). Over the fill P (the earlier
     * paint): (0.7012, 0.8008, 0.6016) → (179, 204, 153). The fill
     * alone: P = (102, 153, 51). */
    {"stroke-screen-over-fill",
     "['mix']",
     "[" BACKDROP
     ", " SOURCE(", " FILL_P "}, " STROKE_G ", 'blend': 'screen'}") "]",
     NULL,
     0,
     true,
     {{5, 12, RGB(153, 230, 204)},
      {7, 12, RGB(179, 204, 153)},
      {12, 12, RGB(102, 153, 51)}}},
    /* Node mix multiply moves to the paints because the stroke overrides
     * with normal: the fill multiplies (20, 122, 31); the stroke is plain
     * G (128, 128, 128) on both sides of the edge — left on the node's
     * group it would multiply with Cb: (26, 102, 77). */
    {"node-mix-moves-to-paints",
     "['mix']",
     "[" BACKDROP ", " SOURCE(", 'mix': {'mode': 'multiply'}, " FILL_P
                              "}, " STROKE_G ", 'blend': 'normal'}") "]",
     NULL,
     0,
     true,
     {{12, 12, RGB(20, 122, 31)},
      {5, 12, RGB(128, 128, 128)},
      {7, 12, RGB(128, 128, 128)}}},
    /* Composite blend screen moves too; the stroke multiplies. Fill P
     * screen over Cb: (0.52, 0.92, 0.68) → (133, 235, 173). Stroke G
     * multiply over Cb: 0.50196·Cb = (0.1004, 0.4016, 0.3012) → (26, 102,
     * 77); over the screened fill: 0.50196·(0.52, 0.92, 0.68) = (0.2610,
     * 0.4618, 0.3413) → (67, 118, 87). */
    {"composite-blend-moves",
     "['mix', 'composite']",
     "[" BACKDROP ", " SOURCE(", 'blend': 'screen', " FILL_P "}, " STROKE_G
                              ", 'blend': 'multiply'}") "]",
     NULL,
     0,
     true,
     {{12, 12, RGB(133, 235, 173)},
      {5, 12, RGB(26, 102, 77)},
      {7, 12, RGB(67, 118, 87)}}},
    /* Opacity 0.5 isolates the paints: P multiplies with nothing (it is
     * P), then 0.5·P + 0.5·Cb = (76.5, 178.5, 102) → (77, 179, 102). */
    {"opacity-isolates-the-paints",
     "['mix']",
     "[" BACKDROP
     ", " SOURCE(", 'opacity': 0.5, " FILL_P ", 'blend': 'multiply'}") "]",
     NULL,
     0,
     true,
     {{12, 12, RGB(77, 179, 102)}}},
    /* Ordered paints: P, then G multiply onto P: 0.50196·P = (0.2008,
     * 0.3012, 0.1004) → (51, 77, 26). */
    {"ordered-paints",
     "['mix', 'composite']",
     "[" BACKDROP ", " SOURCE(", 'paints': [{" FILL_P
                              "}}, {'fill': {'color': '#808080', 'blend': "
                              "'multiply'}}]") "]",
     NULL,
     0,
     true,
     {{12, 12, RGB(51, 77, 26)}, {2, 2, RGB(51, 204, 153)}}},
    /* World space: a group scaled 0.5 about the origin and moved by
     * (12, 0) holds the source; its world box is [15, 21] × [3, 9]. The
     * multiply fill there is (20, 122, 31); (12, 12), outside, is Cb. A
     * clipped node (circle r 3 at (6, 18), clipped by a rect [6, 12] ×
     * [12, 24] in a translated group) also lands in world space: inside
     * the clip (7.5, 18) is its red; outside (4.5, 18) is Cb. */
    {"world-space-groups-and-clips",
     "['mix', 'composite']",
     "[" BACKDROP ", {'id': 'g', 'type': 'group', 'x': 12, 'scale': 0.5, "
     "'children': [" SOURCE(
         ", " FILL_P
         ", 'blend': 'multiply'}") "]}, "
                                   "{'id': 'h', 'type': 'group', 'y': 6, "
                                   "'children': [{'id': 'c', "
                                   "'type': 'circle', 'center': [6, 12], 'r': "
                                   "3, 'fill': {'color': "
                                   "'#ff0000'}, 'clip': {'source': 'k'}}, "
                                   "{'id': 'k', 'type': 'rect', "
                                   "'x0': 6, 'y0': 6, 'w': 6, 'h': 12}]}]",
     NULL,
     0,
     true,
     {{18, 6, RGB(20, 122, 31)},
      {12, 12, RGB(51, 204, 153)},
      {7.5, 18, RGB(255, 0, 0)},
      {4.5, 18, RGB(51, 204, 153)}}},
    /* Additive paints (cairo only). D = Cb = (51, 204, 153), S = G = 128
     * opaque (Sa = 1): S + D·(1 − (1 − a)) = S + a·D. a = 0.5 on the
     * fill: 128 + (25.5, 102, 76.5) = (153.5, 230, 204.5) → (154, 230,
     * 205)... */
    {"additive-fill-amount",
     "['mix']",
     "[" BACKDROP ", " SOURCE(", 'fill': {'color': '#808080', 'blend': "
                              "'additive', 'blendAmount': 0.5}") "]",
     NULL,
     0,
     false,
     {{12, 12, RGB(154, 230, 205)}}},
    /* ... an inherited additive node mix with strength 0.5 and an explicit
     * normal stroke: the fill the same (154, 230, 205), the stroke plain
     * G over Cb at (5, 12) ... */
    {"additive-inherits-the-strength",
     "['mix']",
     "[" BACKDROP ", " SOURCE(", 'mix': {'mode': 'additive', 'strength': "
                              "0.5}, 'fill': {'color': '#808080'}, " STROKE_G
                              ", 'blend': 'normal'}") "]",
     NULL,
     0,
     false,
     {{12, 12, RGB(154, 230, 205)}, {5, 12, RGB(128, 128, 128)}}},
    /* ... an animated amount 0 → 1 over 1 s, 0.25 at 0.25 s: with Sa = 1,
     * S + D·(1 − (1 − 0.25)) = S + 0.25·D = 128 + (12.75, 51, 38.25) =
     * (140.75, 179, 166.25) → (141, 179, 166) ... */
    {"additive-animated-amount",
     "['mix']",
     "[" BACKDROP ", " SOURCE(", 'fill': {'color': '#808080', 'blend': "
                              "'additive', 'blendAmount': 0}") "]",
     "{'s.fill.blendAmount': [[0, 0], [1, 1]]}",
     0.25,
     false,
     {{12, 12, RGB(141, 179, 166)}}},
    /* ... and a stroke entry of ordered paints adding G onto the fill P at
     * amount 1: P + G = (102 + 128, 153 + 128 → 255, 51 + 128) = (230,
     * 255, 179) at (7, 12); over Cb at (5, 12): (179, 255, 255). */
    {"additive-ordered-stroke",
     "['mix', 'composite']",
     "[" BACKDROP ", " SOURCE(", 'paints': [{" FILL_P "}}, {" STROKE_G
                              ", 'blend': 'additive'}}]") "]",
     NULL,
     0,
     false,
     {{7, 12, RGB(230, 255, 179)}, {5, 12, RGB(179, 255, 255)}}},
};

#define CASE_COUNT (sizeof cases / sizeof cases[0])

static const anima_render_options options = {
    .width = 240,
    .height = 240,
    .has_background = true,
    .background = {255, 255, 255, 255}};

static size_t probe_count(const render_case *c) {
  size_t count = 0;
  while (count < MAX_PROBES && c->probes[count].expected.a != 0) {
    count++;
  }
  return count;
}

static void load_case(const render_case *c) {
  paint_load(&f, paint_document(&f, c->requires, c->nodes, c->tracks, NULL));
  paint_step(&f, 0);
  if (c->time > 0) {
    paint_step(&f, c->time);
  }
}

static anima_color pixel(cairo_surface_t *image, int x, int y) {
  anima_color color;
  cr_assert_eq(anima_cairo_probe(image, x, y, &color), ANIMA_OK);
  return color;
}

static bool near(anima_color a, anima_color b, int tolerance) {
  return abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance &&
         abs(a.b - b.b) <= tolerance && abs(a.a - b.a) <= tolerance;
}

static cairo_surface_t *cairo_picture(anima_renderer *renderer) {
  char path[] = "/tmp/anima-mix-png-XXXXXX";
  int descriptor = mkstemp(path);
  cr_assert(descriptor >= 0);
  close(descriptor);
  cr_assert_eq(anima_render_png(renderer, f.player, &options, path), ANIMA_OK);
  cairo_surface_t *image = test_read_png(path);
  unlink(path);
  return image;
}

Test(mix_render, cairo_probes) {
  for (size_t i = 0; i < CASE_COUNT; i++) {
    const render_case *c = &cases[i];
    load_case(c);
    anima_renderer *renderer = NULL;
    cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
    cairo_surface_t *image = cairo_picture(renderer);
    for (size_t p = 0; p < probe_count(c); p++) {
      const probe *at = &c->probes[p];
      anima_color actual = pixel(image, (int)(at->x * 10), (int)(at->y * 10));
      cr_expect(near(actual, at->expected, TOLERANCE),
                "%s at (%g, %g): (%d, %d, %d, %d), expected (%d, %d, %d)",
                c->name, at->x, at->y, actual.r, actual.g, actual.b, actual.a,
                at->expected.r, at->expected.g, at->expected.b);
    }
    cairo_surface_destroy(image);
    /* SVG draws every case but the additive ones, which it refuses */
    char *text = NULL;
    cr_expect_eq(anima_render_svg(renderer, f.player, &options, &text, NULL),
                 c->svg ? ANIMA_OK : ANIMA_ERROR_UNSUPPORTED, "%s", c->name);
    free(text);
    anima_renderer_destroy(renderer);
  }
}

Test(mix_render, chromium_draws_the_svg_cases, .timeout = 900) {
  const char *browser = test_chromium();
  if (!browser) {
    cr_log_warn("Chromium is not installed: SVG output not compared");
    return;
  }
  char directory[] = "/tmp/anima-mix-render-XXXXXX";
  cr_assert_not_null(mkdtemp(directory));
  char page_path[512];
  snprintf(page_path, sizeof page_path, "%s/page.html", directory);
  FILE *page = fopen(page_path, "w");
  cr_assert_not_null(page);
  fputs("<!doctype html><html><head><style>html,body{margin:0;padding:0;"
        "background:#fff;overflow:hidden}iframe{position:absolute;border:0;"
        "width:240px;height:240px}</style></head><body>\n",
        page);
  size_t shown = 0;
  for (size_t i = 0; i < CASE_COUNT; i++) {
    const render_case *c = &cases[i];
    if (!c->svg) {
      continue;
    }
    load_case(c);
    anima_renderer *renderer = NULL;
    cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
    char *text = NULL;
    cr_assert_eq(anima_render_svg(renderer, f.player, &options, &text, NULL),
                 ANIMA_OK, "%s", c->name);
    xmlDocPtr document = xmlReadMemory(text, (int)strlen(text), c->name, NULL,
                                       XML_PARSE_NONET | XML_PARSE_NOERROR |
                                           XML_PARSE_NOWARNING);
    cr_expect_not_null(document, "%s: the SVG is not well-formed", c->name);
    xmlFreeDoc(document);
    char path[600];
    snprintf(path, sizeof path, "%s/%s.svg", directory, c->name);
    FILE *file = fopen(path, "w");
    cr_assert_not_null(file);
    fputs(text, file);
    fclose(file);
    free(text);
    anima_renderer_destroy(renderer);
    fprintf(page,
            "<iframe scrolling=\"no\" style=\"left:%zupx;top:0\" "
            "src=\"%s.svg\"></iframe>\n",
            shown * 240, c->name);
    shown++;
  }
  fputs("</body></html>\n", page);
  fclose(page);
  char shot[512], log[512], command[4096];
  snprintf(shot, sizeof shot, "%s/shot.png", directory);
  snprintf(log, sizeof log, "%s/chromium.log", directory);
  snprintf(command, sizeof command,
           "timeout 300 %s --headless --no-sandbox --disable-gpu "
           "--hide-scrollbars --force-device-scale-factor=1 "
           "--window-size=%zu,240 --no-first-run --disable-sync "
           "--disable-background-networking --disable-component-update "
           "--allow-file-access-from-files --enable-logging=stderr --v=0 "
           "--user-data-dir=%s/profile --screenshot=%s file://%s "
           ">/dev/null 2>%s",
           browser, shown * 240, directory, shot, page_path, log);
  cr_assert_eq(system(command), 0, "Chromium failed on %s", page_path);
  snprintf(command, sizeof command, "grep 'INFO:CONSOLE' %s | grep -q 'Error'",
           log);
  cr_expect_neq(system(command), 0, "Chromium reported an error: see %s", log);
  cairo_surface_t *picture = test_read_png(shot);
  shown = 0;
  for (size_t i = 0; i < CASE_COUNT; i++) {
    const render_case *c = &cases[i];
    if (!c->svg) {
      continue;
    }
    for (size_t p = 0; p < probe_count(c); p++) {
      const probe *at = &c->probes[p];
      anima_color theirs =
          pixel(picture, (int)(shown * 240 + at->x * 10), (int)(at->y * 10));
      cr_expect(near(theirs, at->expected, CHROMIUM_TOLERANCE),
                "%s in Chromium at (%g, %g): (%d, %d, %d), expected (%d, %d, "
                "%d)",
                c->name, at->x, at->y, theirs.r, theirs.g, theirs.b,
                at->expected.r, at->expected.g, at->expected.b);
    }
    shown++;
  }
  cairo_surface_destroy(picture);
  snprintf(command, sizeof command, "rm -rf %s", directory);
  cr_assert_eq(system(command), 0);
}
