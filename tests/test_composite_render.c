/*
 * test_composite_render.c — render probes of the `composite` module (SPEC
 * composite: "Blend modes", "Source masks", "Geometry clips", "Ordered
 * paints and visibility", "Stroke placement", "Sibling draw order";
 * DECISIONS 17). Every case is a document drawn by the cairo backend into a
 * PNG (read back) whose pixels at chosen grid points must have the colours
 * derived by hand below from the CSS Compositing and Blending Level 1 and
 * SVG masking formulas — written before any output was looked at. Then the
 * SVG backend's output of every case (static and live) is written to files
 * and shown by ONE headless Chromium run, each case in its own 240 × 240
 * iframe of a grid page: the browser must log no error and its pixels must
 * agree with cairo's at the same probes; every SVG must also be
 * well-formed XML.
 *
 * Geometry: the viewBox 0 0 24 24 is drawn at 240 × 240 on white, so the
 * probe at grid point (x, y) reads pixel (⌊10x⌋, ⌊10y⌋), whose square lies
 * at least 0.5 units from every edge: fully covered or not at all.
 *
 * Tolerances: 2 for values derived exactly (cairo composites in 8 bits,
 * rounding twice); 3 for the non-separable blend modes (SetLum and
 * ClipColor in 8-bit steps).
 */
#include <cairo.h>
#include <libxml/parser.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <anima/render.h>
#include <anima/render_cairo.h>

#include "test_chromium.h"
#include "test_composite_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = composite_runtime();
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(composite_render, .init = setup, .fini = teardown);

#define CHROMIUM_TOLERANCE 4
#define MAX_PROBES 6

typedef struct probe {
  double x, y; /* grid point */
  anima_color expected;
  int tolerance;
} probe;

typedef struct render_case {
  const char *name;
  const char *nodes;
  const char *tracks; /* or NULL */
  double time;        /* seconds stepped before drawing */
  probe probes[MAX_PROBES];
} render_case;

#define RGB(r, g, b)                                                           \
  { r, g, b, 255 }
#define WHITE RGB(255, 255, 255)
#define RED RGB(255, 0, 0)
#define BLUE RGB(0, 0, 255)
#define GREEN RGB(0, 255, 0)
#define BLACK RGB(0, 0, 0)
#define YELLOW RGB(255, 255, 0)

/* ---- blend modes ---------------------------------------------------------
 * The backdrop Cb is an opaque rect #33cc99 = (0.2, 0.8, 0.6) over the whole
 * view; the source Cs an opaque rect #669933 = (0.4, 0.6, 0.2) over
 * [6, 18]², with the mode. Both opaque, so CSS's composite is the blend
 * B(Cb, Cs) itself inside the source, Cb outside (probe (3, 3)). Each result
 * channel × 255, rounded.
 */
#define BACKDROP                                                               \
  "{'id': 'cb', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "          \
  "'fill': {'color': '#33cc99'}}"
#define SOURCE(mode)                                                           \
  "[" BACKDROP ", {'id': 'cs', 'type': 'rect', 'x0': 6, 'y0': 6, 'w': 12, "    \
  "'h': 12, 'fill': {'color': '#669933'}, 'blend': '" mode "'}]"
#define BLEND_CASE(mode, r, g, b, tolerance)                                   \
  {                                                                            \
    "blend-" mode, SOURCE(mode), NULL, 0, {                                    \
      {12, 12, RGB(r, g, b), tolerance}, {                                     \
        3, 3, RGB(51, 204, 153), 2                                             \
      }                                                                        \
    }                                                                          \
  }

static const render_case cases[] = {
    /* normal: Cs = (102, 153, 51). */
    BLEND_CASE("normal", 102, 153, 51, 2),
    /* multiply Cb·Cs: 0.2·0.4 = 0.08 → 20.4; 0.8·0.6 = 0.48 → 122.4;
     * 0.6·0.2 = 0.12 → 30.6. */
    BLEND_CASE("multiply", 20, 122, 31, 2),
    /* screen Cb + Cs − Cb·Cs: 0.52 → 132.6; 0.92 → 234.6; 0.68 → 173.4. */
    BLEND_CASE("screen", 133, 235, 173, 2),
    /* overlay = hard-light(Cs, Cb): R Cb 0.2 ≤ 0.5: 2·Cb·Cs = 0.16 →
     * 40.8; G Cb 0.8 > 0.5: screen(Cs, 2Cb − 1 = 0.6) = 0.6 + 0.6 − 0.36
     * = 0.84 → 214.2; B Cb 0.6: screen(0.2, 0.2) = 0.36 → 91.8. */
    BLEND_CASE("overlay", 41, 214, 92, 2),
    /* darken min: (0.2, 0.6, 0.2) → (51, 153, 51). */
    BLEND_CASE("darken", 51, 153, 51, 2),
    /* lighten max: (0.4, 0.8, 0.6) → (102, 204, 153). */
    BLEND_CASE("lighten", 102, 204, 153, 2),
    /* color-dodge min(1, Cb / (1 − Cs)): 0.2 / 0.6 = 1/3 → 85;
     * 0.8 / 0.4 → 1 → 255; 0.6 / 0.8 = 0.75 → 191.25. */
    BLEND_CASE("color-dodge", 85, 255, 191, 2),
    /* color-burn 1 − min(1, (1 − Cb) / Cs): 0.8 / 0.4 → 1: 0;
     * 0.2 / 0.6 = 1/3: 2/3 → 170; 0.4 / 0.2 → 1: 0. */
    BLEND_CASE("color-burn", 0, 170, 0, 2),
    /* hard-light: R Cs 0.4 ≤ 0.5: Cb·2Cs = 0.16 → 40.8; G Cs 0.6:
     * screen(Cb, 2Cs − 1 = 0.2) = 0.8 + 0.2 − 0.16 = 0.84 → 214.2; B Cs
     * 0.2: 0.6·0.4 = 0.24 → 61.2. */
    BLEND_CASE("hard-light", 41, 214, 61, 2),
    /* soft-light: R Cs 0.4 ≤ 0.5: Cb − (1 − 2Cs)·Cb·(1 − Cb) = 0.2 −
     * 0.2·0.2·0.8 = 0.168 → 42.84; G Cs 0.6 > 0.5, Cb 0.8 > 0.25: D =
     * √0.8 = 0.894427, Cb + (2Cs − 1)(D − Cb) = 0.8 + 0.2·0.094427 =
     * 0.818885 → 208.82; B Cs 0.2: 0.6 − 0.6·0.6·0.4 = 0.456 → 116.28. */
    BLEND_CASE("soft-light", 43, 209, 116, 2),
    /* difference |Cb − Cs|: (0.2, 0.2, 0.4) → (51, 51, 102). */
    BLEND_CASE("difference", 51, 51, 102, 2),
    /* exclusion Cb + Cs − 2·Cb·Cs: 0.6 − 0.16 = 0.44 → 112.2; 1.4 − 0.96
     * = 0.44 → 112.2; 0.8 − 0.24 = 0.56 → 142.8. */
    BLEND_CASE("exclusion", 112, 112, 143, 2),
    /* Non-separable, Lum = 0.3R + 0.59G + 0.11B: Lum(Cb) = 0.06 + 0.472 +
     * 0.066 = 0.598, Lum(Cs) = 0.12 + 0.354 + 0.022 = 0.496; Sat(Cb) =
     * 0.8 − 0.2 = 0.6, Sat(Cs) = 0.6 − 0.2 = 0.4. No case needs ClipColor.
     * hue = SetLum(SetSat(Cs, 0.6), 0.598): SetSat(Cs): max G = 0.6, min B
     * = 0, mid R = (0.4 − 0.2)·0.6 / 0.4 = 0.3; its Lum 0.09 + 0.354 =
     * 0.444, + 0.154: (0.454, 0.754, 0.154) → (115.77, 192.27, 39.27). */
    BLEND_CASE("hue", 116, 192, 39, 3),
    /* saturation = SetLum(SetSat(Cb, 0.4), 0.598): max G = 0.4, min R = 0,
     * mid B = (0.6 − 0.2)·0.4 / 0.6 = 0.266667; Lum 0.236 + 0.029333 =
     * 0.265333, + 0.332667: (0.332667, 0.732667, 0.599333) → (84.83,
     * 186.83, 152.83). */
    BLEND_CASE("saturation", 85, 187, 153, 3),
    /* color = SetLum(Cs, 0.598): + 0.102: (0.502, 0.702, 0.302) → (128.01,
     * 179.01, 77.01). */
    BLEND_CASE("color", 128, 179, 77, 3),
    /* luminosity = SetLum(Cb, 0.496): − 0.102: (0.098, 0.698, 0.498) →
     * (24.99, 177.99, 126.99). */
    BLEND_CASE("luminosity", 25, 178, 127, 3),
    /* soft-light's other branch: Cb = #333333 (0.2 ≤ 0.25), Cs = #cccccc
     * (0.8 > 0.5): D = ((16·0.2 − 12)·0.2 + 4)·0.2 = 0.448, Cb + (2Cs −
     * 1)(D − Cb) = 0.2 + 0.6·0.248 = 0.3488 → 88.94. */
    {"blend-soft-light-dark",
     "[{'id': 'cb', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "
     "'fill': {'color': '#333333'}}, {'id': 'cs', 'type': 'rect', 'x0': 6, "
     "'y0': 6, 'w': 12, 'h': 12, 'fill': {'color': '#cccccc'}, 'blend': "
     "'soft-light'}]",
     NULL,
     0,
     {{12, 12, RGB(89, 89, 89), 2}, {3, 3, RGB(51, 51, 51), 2}}},
    /* A blended group composites its children as one layer first: two
     * overlapping white and black halves inside a multiply group over the
     * backdrop: white·Cb = Cb, black·Cb = black. */
    {"blend-group",
     "[" BACKDROP ", {'id': 'g', 'type': 'group', 'blend': 'multiply', "
     "'children': [{'id': 'w', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 12, "
     "'h': 24, 'fill': {'color': '#ffffff'}}, {'id': 'k', 'type': 'rect', "
     "'x0': 12, 'y0': 0, 'w': 12, 'h': 24, 'fill': {'color': '#000000'}}]}]",
     NULL,
     0,
     {{6, 12, RGB(51, 204, 153), 2}, {18, 12, BLACK, 2}}},

    /* ---- source masks ------------------------------------------------------
     * The target is a red rect over the whole view; a mask of coverage c
     * shows it at c over white: (255, 255·(1 − c), 255·(1 − c)). Sources do
     * not draw in place (sourceDraws false) unless said. */
    /* alpha: the source covers the left half at opacity 0.5: c = 0.5 →
     * 127.5 (±2); right half c = 0: white. */
    {"mask-alpha",
     "[{'id': 't', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "
     "'fill': {'color': '#ff0000'}, 'mask': {'source': 'm', 'mode': 'alpha', "
     "'sourceDraws': false}}, {'id': 'm', 'type': 'rect', 'x0': 0, 'y0': 0, "
     "'w': 12, 'h': 24, 'opacity': 0.5, 'fill': {'color': '#000000'}}]",
     NULL,
     0,
     {{6, 12, RGB(255, 128, 128), 2}, {18, 12, WHITE, 2}}},
    /* luminance, coverage = luminance·alpha with luminance 0.2125R +
     * 0.7154G + 0.0721B: a grey #808080 left quarter: 128/255 = 0.50196 →
     * 255·0.49804 = 127.0; a red #ff0000 second quarter: 0.2125 → 200.8; a
     * white third quarter: 1 → red; nothing in the last: white. */
    {"mask-luminance",
     "[{'id': 't', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "
     "'fill': {'color': '#ff0000'}, 'mask': {'source': 'm', 'mode': "
     "'luminance', 'sourceDraws': false}}, {'id': 'm', 'type': 'group', "
     "'children': [{'id': 'm1', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 6, "
     "'h': 24, 'fill': {'color': '#808080'}}, {'id': 'm2', 'type': 'rect', "
     "'x0': 6, 'y0': 0, 'w': 6, 'h': 24, 'fill': {'color': '#ff0000'}}, "
     "{'id': 'm3', 'type': 'rect', 'x0': 12, 'y0': 0, 'w': 6, 'h': 24, "
     "'fill': {'color': '#ffffff'}}]}]",
     NULL,
     0,
     {{3, 12, RGB(255, 127, 127), 2},
      {9, 12, RGB(255, 201, 201), 2},
      {15, 12, RED, 2},
      {21, 12, WHITE, 2}}},
    /* inverted-alpha: coverage 1 − alpha: an opaque left half hides, a
     * right half at opacity 0.25 gives 0.75 → 255·0.25 = 63.75. */
    {"mask-inverted-alpha",
     "[{'id': 't', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "
     "'fill': {'color': '#ff0000'}, 'mask': {'source': 'm', 'mode': "
     "'inverted-alpha', 'sourceDraws': false}}, {'id': 'm', 'type': 'group', "
     "'children': [{'id': 'm1', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 12, "
     "'h': 24, 'fill': {'color': '#000000'}}, {'id': 'm2', 'type': 'rect', "
     "'x0': 12, 'y0': 0, 'w': 12, 'h': 12, 'opacity': 0.25, 'fill': "
     "{'color': '#000000'}}]}]",
     NULL,
     0,
     {{6, 12, WHITE, 2}, {18, 6, RGB(255, 64, 64), 2}, {18, 18, RED, 2}}},
    /* inverted-luminance: coverage 1 − luminance·alpha: grey #808080: 1 −
     * 0.50196 = 0.49804 → 255·0.50196 = 128.0; a white half at opacity 0.5:
     * luminance·alpha = 0.5 → 127.5 (luminanceToAlpha alone would give
     * 1 → white: the alpha is kept); nothing: 1 → red. */
    {"mask-inverted-luminance",
     "[{'id': 't', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "
     "'fill': {'color': '#ff0000'}, 'mask': {'source': 'm', 'mode': "
     "'inverted-luminance', 'sourceDraws': false}}, {'id': 'm', 'type': "
     "'group', 'children': [{'id': 'm1', 'type': 'rect', 'x0': 0, 'y0': 0, "
     "'w': 8, 'h': 24, 'fill': {'color': '#808080'}}, {'id': 'm2', 'type': "
     "'rect', 'x0': 8, 'y0': 0, 'w': 8, 'h': 24, 'opacity': 0.5, 'fill': "
     "{'color': '#ffffff'}}]}]",
     NULL,
     0,
     {{4, 12, RGB(255, 128, 128), 2},
      {12, 12, RGB(255, 128, 128), 2},
      {20, 12, RED, 2}}},
    /* The source's ancestors give their transforms, not their opacity or
     * visibility: a source rect [0, 12] inside a group moved by x 12, at
     * opacity 0.2 and invisible, masks the right half at coverage 1. The
     * source draws in place too (sourceDraws true) but its group is
     * invisible, so nothing shows of it. */
    {"mask-source-ancestors",
     "[{'id': 't', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "
     "'fill': {'color': '#ff0000'}, 'mask': {'source': 'm', 'mode': 'alpha', "
     "'sourceDraws': true}}, {'id': 'g', 'type': 'group', 'x': 12, "
     "'opacity': 0.2, 'visible': false, 'children': [{'id': 'm', 'type': "
     "'rect', 'x0': 0, 'y0': 0, 'w': 12, 'h': 24, 'fill': {'color': "
     "'#000000'}}]}]",
     NULL,
     0,
     {{6, 12, WHITE, 2}, {18, 12, RED, 2}}},
    /* Mask space is the target's parent space: the target [0, 12] sits in
     * a group moved by x 6 (world [6, 18]); the top-level source covers
     * world [6, 12]: red there, white over world [12, 18]. The source draws
     * in place (blue) but the target paints over it at [6, 12]. */
    {"mask-parent-space",
     "[{'id': 'm', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 12, 'h': 24, "
     "'fill': {'color': '#0000ff'}}, {'id': 'g', 'type': 'group', 'x': 6, "
     "'children': [{'id': 't', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 12, "
     "'h': 24, 'fill': {'color': '#ff0000'}, 'mask': {'source': 'm', "
     "'mode': 'alpha', 'sourceDraws': true}}]}]",
     NULL,
     0,
     {{3, 12, BLUE, 2}, {9, 12, RED, 2}, {15, 12, WHITE, 2}}},

    /* Any false sourceDraws hides the source's ordinary drawing: two
     * red targets over the view, inverted-alpha masked by the blue left
     * half `m`, one keeping it drawn and one not. Left: both targets are
     * cut away and m does not draw: white (blue if it drew). Right:
     * red. */
    {"mask-any-false-hides",
     "[{'id': 't1', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "
     "'fill': {'color': '#ff0000'}, 'mask': {'source': 'm', 'mode': "
     "'inverted-alpha', 'sourceDraws': true}}, {'id': 't2', 'type': 'rect', "
     "'x0': 0, 'y0': 0, 'w': 24, 'h': 24, 'fill': {'color': '#ff0000'}, "
     "'mask': {'source': 'm', 'mode': 'inverted-alpha', 'sourceDraws': "
     "false}}, {'id': 'm', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 12, 'h': "
     "24, 'fill': {'color': '#0000ff'}}]",
     NULL,
     0,
     {{6, 12, WHITE, 2}, {18, 12, RED, 2}}},
    /* Blend and mask on one node: the masked drawing blends with what is
     * below (the blend group wraps the mask). Source #669933 multiply over
     * the backdrop #33cc99, masked to the left half: (20, 122, 31) as in
     * blend-multiply; right of 12 the backdrop (51, 204, 153). Were the
     * blend inside the mask it would meet the mask's empty layer and draw
     * #669933 = (102, 153, 51) plain. */
    {"blend-masked",
     "[" BACKDROP ", {'id': 'm', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 12, "
     "'h': 24, 'fill': {'color': '#000000'}}, {'id': 'cs', 'type': 'rect', "
     "'x0': 0, 'y0': 0, 'w': 24, 'h': 24, 'fill': {'color': '#669933'}, "
     "'blend': 'multiply', 'mask': {'source': 'm', 'mode': 'alpha', "
     "'sourceDraws': false}}]",
     NULL,
     0,
     {{6, 12, RGB(20, 122, 31), 2}, {18, 12, RGB(51, 204, 153), 2}}},

    /* ---- geometry clips ----------------------------------------------------
     */
    /* A red rect over the view clipped to a circle r 6 at (12, 12) that
     * draws nothing itself (its opacity 0 does not matter): red inside,
     * white at the corner (3, 3) (|(9, 9)| = 12.7 > 6). */
    {"clip-circle",
     "[{'id': 't', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "
     "'fill': {'color': '#ff0000'}, 'clip': {'source': 'c'}}, {'id': 'c', "
     "'type': 'circle', 'center': [12, 12], 'r': 6, 'opacity': 0, 'fill': "
     "{'color': '#000000'}}]",
     NULL,
     0,
     {{12, 12, RED, 2}, {3, 3, WHITE, 2}, {16, 12, RED, 2}}},
    /* Two squares wound the same way, [2, 22]² and [8, 16]²: nonzero fills
     * both (the inner winding is 2): red at (12, 12) and at (4, 4); evenodd
     * makes the inner one a hole: white at (12, 12). The source is a path
     * with a stroke only: its outline clips, not its paint. */
    {"clip-nonzero",
     "[{'id': 't', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "
     "'fill': {'color': '#ff0000'}, 'clip': {'source': 'p', 'rule': "
     "'nonzero'}}, {'id': 'p', 'type': 'path', 'd': 'M2 2H22V22H2ZM8 "
     "8H16V16H8Z', 'visible': false, 'stroke': {'color': '#000000'}}]",
     NULL,
     0,
     {{12, 12, RED, 2}, {4, 4, RED, 2}, {23.5, 12, WHITE, 2}}},
    {"clip-evenodd",
     "[{'id': 't', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "
     "'fill': {'color': '#ff0000'}, 'clip': {'source': 'p', 'rule': "
     "'evenodd'}}, {'id': 'p', 'type': 'path', 'd': 'M2 2H22V22H2ZM8 "
     "8H16V16H8Z', 'visible': false, 'stroke': {'color': '#000000'}}]",
     NULL,
     0,
     {{12, 12, WHITE, 2}, {4, 4, RED, 2}, {23.5, 12, WHITE, 2}}},
    /* A group clip applies to all its children, nested groups included:
     * the clip source is the group's own first child, a rect [0, 12] ×
     * [0, 24] drawn blue; the nested red rect covers the view: red left of
     * 12 (over the blue), white right of it. */
    {"clip-group",
     "[{'id': 'g', 'type': 'group', 'clip': {'source': 'c'}, 'children': "
     "[{'id': 'c', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 12, 'h': 24, "
     "'fill': {'color': '#0000ff'}}, {'id': 'n', 'type': 'group', "
     "'children': [{'id': 't', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, "
     "'h': 24, 'fill': {'color': '#ff0000'}}]}]}]",
     NULL,
     0,
     {{6, 12, RED, 2}, {18, 12, WHITE, 2}}},
    /* Projected into the target's parent space: the target [0, 12]² sits in
     * a group scaled 2 (world [0, 24]²); the source is the top-level rect
     * [0, 12] × [0, 24] in world units, so the world's left half shows:
     * red at (6, 6), white at (18, 6). */
    {"clip-projected",
     "[{'id': 'g', 'type': 'group', 'scale': 2, 'children': [{'id': 't', "
     "'type': 'rect', 'x0': 0, 'y0': 0, 'w': 12, 'h': 12, 'fill': {'color': "
     "'#ff0000'}, 'clip': {'source': 'c'}}]}, {'id': 'c', 'type': 'rect', "
     "'x0': 0, 'y0': 0, 'w': 12, 'h': 24, 'visible': false, 'fill': "
     "{'color': '#000000'}}]",
     NULL,
     0,
     {{6, 6, RED, 2}, {18, 6, WHITE, 2}, {6, 18, RED, 2}}},
    /* An animated source clips where it is now: a reveal rect whose width
     * runs 0 → 24 over 1 s, at 0.5 s is 12 wide: red left, white right. */
    {"clip-animated",
     "[{'id': 't', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "
     "'fill': {'color': '#ff0000'}, 'clip': {'source': 'c'}}, {'id': 'c', "
     "'type': 'rect', 'x0': 0, 'y0': 0, 'w': 0, 'h': 24, 'visible': false, "
     "'fill': {'color': '#000000'}}]",
     "{'c.w': [[0, 0], [1, 24]]}",
     0.5,
     {{6, 12, RED, 2}, {18, 12, WHITE, 2}}},

    /* ---- ordered paints and visibility -------------------------------------
     * A circle r 6 at (12, 12) painted red fill, a blue stroke 4 wide
     * (covering r ∈ [4, 8]), then a green fill: the green covers the inner
     * half of the stroke. Probes on the horizontal through the centre at
     * r = 0 (green), 5.5 (green: the later fill), 7.5 (blue: the outer
     * stroke half) and 9.5 (white). */
    {"paints-ordered",
     "[{'id': 'c', 'type': 'circle', 'center': [12, 12], 'r': 6, 'paints': "
     "[{'fill': {'color': '#ff0000'}}, {'stroke': {'color': '#0000ff', "
     "'width': 4}}, {'fill': {'color': '#00ff00'}}]}]",
     NULL,
     0,
     {{12, 12, GREEN, 2},
      {17.5, 12, GREEN, 2},
      {19.5, 12, BLUE, 2},
      {21.5, 12, WHITE, 2}}},
    /* The same with the last fill hidden: red centre, the whole stroke
     * blue. */
    {"paints-hidden",
     "[{'id': 'c', 'type': 'circle', 'center': [12, 12], 'r': 6, 'paints': "
     "[{'fill': {'color': '#ff0000'}}, {'stroke': {'color': '#0000ff', "
     "'width': 4}}, {'fill': {'color': '#00ff00', 'visible': false}}]}]",
     NULL,
     0,
     {{12, 12, RED, 2}, {17.5, 12, BLUE, 2}, {19.5, 12, BLUE, 2}}},
    /* Paint visibility animates (hold): the stroke of a single paint hidden
     * from 0.5 s: at 0.75 s only the fill shows, red out to r 6; and the
     * fill's own visible is false at rest: nothing at the centre. */
    {"paints-single-visible",
     "[{'id': 'c', 'type': 'circle', 'center': [12, 12], 'r': 6, 'fill': "
     "{'color': '#ff0000', 'visible': false}, 'stroke': {'color': "
     "'#0000ff', 'width': 4}}]",
     "{'c.stroke.visible': [[0, true], [0.5, false]], 'c.fill.visible': "
     "[[0, false], [0.5, true]]}",
     0.75,
     {{12, 12, RED, 2}, {17.5, 12, RED, 2}, {19.5, 12, WHITE, 2}}},
    /* An entry's width animates at its address: 0 → 8 over 1 s, 4 at
     * 0.5 s: blue at r 7.5, white at r 8.5. */
    {"paints-animated-width",
     "[{'id': 'c', 'type': 'circle', 'center': [12, 12], 'r': 6, 'paints': "
     "[{'fill': {'color': '#ff0000'}}, {'stroke': {'color': '#0000ff', "
     "'width': 0}}]}]",
     "{'c.paints.1.stroke.width': [[0, 0], [1, 8]]}",
     0.5,
     {{12, 12, RED, 2}, {19.5, 12, BLUE, 2}, {20.5, 12, WHITE, 2}}},

    /* ---- stroke placement ------------------------------------------------
     * A circle r 6 at (12, 12), yellow fill, black stroke width 2. Probes at
     * r = 4.5, 5.5, 6.5, 7.5 right of the centre. Center: the band [5, 7].
     * Inside: width 4 clipped to the fill: [4, 6]. Outside: width 4 minus
     * the fill: [6, 8]. The fill draws once, before the stroke. */
    {"stroke-center",
     "[{'id': 'c', 'type': 'circle', 'center': [12, 12], 'r': 6, 'fill': "
     "{'color': '#ffff00'}, 'stroke': {'color': '#000000', 'width': 2}}]",
     NULL,
     0,
     {{16.5, 12, YELLOW, 2},
      {17.5, 12, BLACK, 2},
      {18.5, 12, BLACK, 2},
      {19.5, 12, WHITE, 2}}},
    {"stroke-inside",
     "[{'id': 'c', 'type': 'circle', 'center': [12, 12], 'r': 6, 'fill': "
     "{'color': '#ffff00'}, 'stroke': {'color': '#000000', 'width': 2, "
     "'position': 'inside'}}]",
     NULL,
     0,
     {{16.5, 12, BLACK, 2},
      {17.5, 12, BLACK, 2},
      {18.5, 12, WHITE, 2},
      {15.2, 12, YELLOW, 2}}},
    {"stroke-outside",
     "[{'id': 'c', 'type': 'circle', 'center': [12, 12], 'r': 6, 'fill': "
     "{'color': '#ffff00'}, 'stroke': {'color': '#000000', 'width': 2, "
     "'position': 'outside'}}]",
     NULL,
     0,
     {{16.5, 12, YELLOW, 2},
      {17.5, 12, YELLOW, 2},
      {18.5, 12, BLACK, 2},
      {19.5, 12, BLACK, 2},
      {20.5, 12, WHITE, 2}}},

    /* ---- sibling draw order ----------------------------------------------
     * a: red rect x ∈ [0, 14]; b: blue rect x ∈ [10, 24]; overlap [10, 14].
     * Authored order a, b: blue in the overlap. */
    {"order-authored",
     "[{'id': 'a', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 14, 'h': 24, "
     "'fill': {'color': '#ff0000'}}, {'id': 'b', 'type': 'rect', 'x0': 10, "
     "'y0': 0, 'w': 14, 'h': 24, 'fill': {'color': '#0000ff'}}]",
     NULL,
     0,
     {{12, 12, BLUE, 2}, {5, 12, RED, 2}, {19, 12, BLUE, 2}}},
    /* b before a: b paints first, a over it (DECISIONS 17: before paints
     * earlier). */
    {"order-before",
     "[{'id': 'a', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 14, 'h': 24, "
     "'fill': {'color': '#ff0000'}}, {'id': 'b', 'type': 'rect', 'x0': 10, "
     "'y0': 0, 'w': 14, 'h': 24, 'fill': {'color': '#0000ff'}, 'drawOrder': "
     "{'target': 'a', 'position': 'before'}}]",
     NULL,
     0,
     {{12, 12, RED, 2}, {5, 12, RED, 2}, {19, 12, BLUE, 2}}},
    /* a after b: a paints later, on top. Its rule is inactive from 0.5 s
     * (hold): at 0.25 s red in the overlap. */
    {"order-after",
     "[{'id': 'a', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 14, 'h': 24, "
     "'fill': {'color': '#ff0000'}, 'drawOrder': {'target': 'b', "
     "'position': 'after'}}, {'id': 'b', 'type': 'rect', 'x0': 10, 'y0': 0, "
     "'w': 14, 'h': 24, 'fill': {'color': '#0000ff'}}]",
     "{'a.drawOrder.active': [[0, true], [0.5, false]]}",
     0.25,
     {{12, 12, RED, 2}}},
    /* ... and at 0.75 s the rule is off: the authored order again. */
    {"order-inactive",
     "[{'id': 'a', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 14, 'h': 24, "
     "'fill': {'color': '#ff0000'}, 'drawOrder': {'target': 'b', "
     "'position': 'after'}}, {'id': 'b', 'type': 'rect', 'x0': 10, 'y0': 0, "
     "'w': 14, 'h': 24, 'fill': {'color': '#0000ff'}}]",
     "{'a.drawOrder.active': [[0, true], [0.5, false]]}",
     0.75,
     {{12, 12, BLUE, 2}}},
    /* Rules run in authored node order, removing then inserting: a after c,
     * then c before b. From [a, b, c]: a → [b, c, a]; c → [c, b, a]: a on
     * top of b, b on top of c. (The other order would give [c, a, b].)
     * a: red x ∈ [0, 14]; b: blue x ∈ [10, 24]; c: green band y ∈ [10, 14]
     * over the whole width. (12, 5): a over b: red; (20, 12): b over c:
     * blue; (5, 12): a over c: red. */
    {"order-precedence",
     "[{'id': 'a', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 14, 'h': 24, "
     "'fill': {'color': '#ff0000'}, 'drawOrder': {'target': 'c', "
     "'position': 'after'}}, {'id': 'b', 'type': 'rect', 'x0': 10, 'y0': 0, "
     "'w': 14, 'h': 24, 'fill': {'color': '#0000ff'}}, {'id': 'c', 'type': "
     "'rect', 'x0': 0, 'y0': 10, 'w': 24, 'h': 4, 'fill': {'color': "
     "'#00ff00'}, 'drawOrder': {'target': 'b', 'position': 'before'}}]",
     NULL,
     0,
     {{12, 5, RED, 2}, {20, 12, BLUE, 2}, {5, 12, RED, 2}}},
};

#define CASE_COUNT (sizeof cases / sizeof cases[0])

static const anima_render_options options = {
    .width = 240,
    .height = 240,
    .has_background = true,
    .background = {255, 255, 255, 255}};

static bool near(anima_color a, anima_color b, int tolerance) {
  return abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance &&
         abs(a.b - b.b) <= tolerance && abs(a.a - b.a) <= tolerance;
}

static anima_color pixel(cairo_surface_t *image, int x, int y) {
  anima_color color;
  cr_assert_eq(anima_cairo_probe(image, x, y, &color), ANIMA_OK);
  return color;
}

static size_t probe_count(const render_case *c) {
  size_t count = 0;
  while (count < MAX_PROBES && c->probes[count].tolerance > 0) {
    count++;
  }
  return count;
}

/* Loads a case and steps it to its time. */
static void load_case(const render_case *c) {
  paint_load(&f,
             paint_document(&f, "['composite']", c->nodes, c->tracks, NULL));
  paint_step(&f, 0);
  if (c->time > 0) {
    paint_step(&f, c->time);
  }
}

/* The cairo picture of the loaded player. */
static cairo_surface_t *cairo_picture(anima_renderer *renderer) {
  char path[] = "/tmp/anima-composite-png-XXXXXX";
  int descriptor = mkstemp(path);
  cr_assert(descriptor >= 0);
  close(descriptor);
  cr_assert_eq(anima_render_png(renderer, f.player, &options, path), ANIMA_OK);
  cairo_surface_t *image = test_read_png(path);
  unlink(path);
  return image;
}

Test(composite_render, cairo_probes) {
  cr_assert_geq(CASE_COUNT, 25);
  for (size_t i = 0; i < CASE_COUNT; i++) {
    const render_case *c = &cases[i];
    load_case(c);
    anima_renderer *renderer = NULL;
    cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
    cairo_surface_t *image = cairo_picture(renderer);
    for (size_t p = 0; p < probe_count(c); p++) {
      const probe *at = &c->probes[p];
      anima_color actual = pixel(image, (int)(at->x * 10), (int)(at->y * 10));
      cr_expect(near(actual, at->expected, at->tolerance),
                "%s at (%g, %g): (%d, %d, %d, %d), expected (%d, %d, %d, %d) "
                "± %d",
                c->name, at->x, at->y, actual.r, actual.g, actual.b, actual.a,
                at->expected.r, at->expected.g, at->expected.b, at->expected.a,
                at->tolerance);
    }
    cairo_surface_destroy(image);
    anima_renderer_destroy(renderer);
  }
}

/* ---- Chromium ------------------------------------------------------------ */

#define COLUMNS 8

static void write_file(const char *path, const char *text) {
  FILE *file = fopen(path, "w");
  cr_assert_not_null(file, "%s", path);
  fputs(text, file);
  fclose(file);
}

/* One SVG text: well-formed XML (libxml2), written to `path`. */
static void keep_svg(const char *path, const char *svg, const char *name) {
  xmlDocPtr document =
      xmlReadMemory(svg, (int)strlen(svg), name, NULL,
                    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  cr_expect_not_null(document, "%s: the SVG is not well-formed XML", name);
  xmlFreeDoc(document);
  write_file(path, svg);
}

Test(composite_render, chromium_agrees_with_cairo, .timeout = 900) {
  const char *browser = test_chromium();
  if (!browser) {
    cr_log_warn("Chromium is not installed: SVG output not compared");
    return;
  }
  char directory[] = "/tmp/anima-composite-XXXXXX";
  cr_assert_not_null(mkdtemp(directory));
  cairo_surface_t *pictures[CASE_COUNT];
  for (int live = 0; live < 2; live++) {
    /* every case's SVG, one iframe each in a grid */
    char page_path[512];
    snprintf(page_path, sizeof page_path, "%s/page%d.html", directory, live);
    FILE *page = fopen(page_path, "w");
    cr_assert_not_null(page);
    fputs("<!doctype html><html><head><style>html,body{margin:0;padding:0;"
          "background:#fff;overflow:hidden}iframe{position:absolute;border:0;"
          "width:240px;height:240px}</style></head><body>\n",
          page);
    for (size_t i = 0; i < CASE_COUNT; i++) {
      const render_case *c = &cases[i];
      load_case(c);
      anima_renderer *renderer = NULL;
      cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
      if (live == 0) {
        pictures[i] = cairo_picture(renderer);
      }
      anima_render_options svg_options = options;
      svg_options.svg_mode = live ? ANIMA_SVG_LIVE : ANIMA_SVG_STATIC;
      char *text = NULL;
      cr_assert_eq(
          anima_render_svg(renderer, f.player, &svg_options, &text, NULL),
          ANIMA_OK, "%s", c->name);
      char path[512];
      snprintf(path, sizeof path, "%s/%s-%d.svg", directory, c->name, live);
      keep_svg(path, text, c->name);
      free(text);
      anima_renderer_destroy(renderer);
      fprintf(page,
              "<iframe scrolling=\"no\" style=\"left:%zupx;top:%zupx\" "
              "src=\"%s-%d.svg\"></iframe>\n",
              (i % COLUMNS) * 240, (i / COLUMNS) * 240, c->name, live);
    }
    fputs("</body></html>\n", page);
    fclose(page);
    size_t rows = (CASE_COUNT + COLUMNS - 1) / COLUMNS;
    char shot[512], log[512], command[4096];
    snprintf(shot, sizeof shot, "%s/shot%d.png", directory, live);
    snprintf(log, sizeof log, "%s/chromium%d.log", directory, live);
    snprintf(command, sizeof command,
             "timeout 300 %s --headless --no-sandbox --disable-gpu "
             "--hide-scrollbars --force-device-scale-factor=1 "
             "--window-size=%d,%zu --no-first-run --disable-sync "
             "--disable-background-networking --disable-component-update "
             "--allow-file-access-from-files --enable-logging=stderr --v=0 "
             "--user-data-dir=%s/profile --screenshot=%s file://%s "
             ">/dev/null 2>%s",
             browser, COLUMNS * 240, rows * 240, directory, shot, page_path,
             log);
    cr_assert_eq(system(command), 0, "Chromium failed on %s", page_path);
    /* no console error from any SVG */
    snprintf(command, sizeof command,
             "grep 'INFO:CONSOLE' %s | grep -q 'Error'", log);
    cr_expect_neq(system(command), 0, "Chromium reported an error: see %s",
                  log);
    cairo_surface_t *browser_picture = test_read_png(shot);
    for (size_t i = 0; i < CASE_COUNT; i++) {
      const render_case *c = &cases[i];
      int left = (int)((i % COLUMNS) * 240), top = (int)((i / COLUMNS) * 240);
      for (size_t p = 0; p < probe_count(c); p++) {
        const probe *at = &c->probes[p];
        int px = (int)(at->x * 10), py = (int)(at->y * 10);
        anima_color ours = pixel(pictures[i], px, py);
        anima_color theirs = pixel(browser_picture, left + px, top + py);
        cr_expect(near(ours, theirs, CHROMIUM_TOLERANCE),
                  "%s (%s SVG) at (%g, %g): Chromium (%d, %d, %d), cairo "
                  "(%d, %d, %d)",
                  c->name, live ? "live" : "static", at->x, at->y, theirs.r,
                  theirs.g, theirs.b, ours.r, ours.g, ours.b);
      }
    }
    cairo_surface_destroy(browser_picture);
  }
  for (size_t i = 0; i < CASE_COUNT; i++) {
    cairo_surface_destroy(pictures[i]);
  }
  char command[600];
  snprintf(command, sizeof command, "rm -rf %s", directory);
  cr_assert_eq(system(command), 0);
}
