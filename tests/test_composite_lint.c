/*
 * test_composite_lint.c — the view-box lint (include/anima/extent.h) over
 * the composite module's masks and clips: a shape is measured by the part
 * of its extent its masks and clips let show, and a mask source that does
 * not draw in place (sourceDraws false) is not measured there.
 *
 * Every box is worked out by hand on viewBox 0 0 24 24 (a rect node spans
 * [x0, y0, x0 + w, y0 + h]; a circle [cx - r, cy - r, cx + r, cy + r]):
 *
 *   band  rect x0 16, y0 8, w 14, h 8   [16, 8, 30, 16]: past the right by 6
 *   disc  circle centre (12, 12), r 9   [3, 3, 21, 21]: inside
 *   edge  circle centre (24, 12), r 4   [20, 8, 28, 16]: past the right by 4
 *   frame rect x0 0, y0 0, w 24, h 24   [0, 0, 24, 24]: the viewBox itself
 */
#include <math.h>

#include <anima/extent.h>

#include "test_composite_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = composite_runtime();
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(composite_lint, .init = setup, .fini = teardown);

#define BAND(after)                                                            \
  "{'id': 'band', 'type': 'rect', 'x0': 16, 'y0': 8, 'w': 14, 'h': 8, "        \
  "'fill': {'color': '#ffffff'}" after "}"
#define DISC(after)                                                            \
  "{'id': 'disc', 'type': 'circle', 'center': [12, 12], 'r': 9, "              \
  "'fill': {'color': '#3f6fa8'}" after "}"
#define EDGE(after)                                                            \
  "{'id': 'edge', 'type': 'circle', 'center': [24, 12], 'r': 4, "              \
  "'fill': {'color': '#000000'}" after "}"
#define FRAME(after)                                                           \
  "{'id': 'frame', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "       \
  "'fill': {'color': '#000000'}" after "}"

static anima_view_box_report *lint(const char *nodes) {
  paint_load(&f, paint_document(&f, "['composite']", nodes, NULL, NULL));
  anima_view_box_report *report = NULL;
  cr_assert_eq(anima_model_lint_view_box(f.model, &report), ANIMA_OK);
  return report;
}

static void expect_box(const anima_view_box_overflow *overflow, double x0,
                       double y0, double x1, double y1) {
  const double expected[4] = {x0, y0, x1, y1};
  for (int i = 0; i < 4; i++) {
    cr_assert(fabs(overflow->extent[i] - expected[i]) < 1e-9,
              "%s extent[%d] is %.17g, not %g", overflow->id, i,
              overflow->extent[i], expected[i]);
  }
}

Test(composite_lint, an_alpha_mask_inside_the_view_box_hides_the_overflow) {
  /* The composite example's gloss: the band leaves the viewBox, but the
   * disc's alpha covers nothing outside [3, 3, 21, 21]. */
  anima_view_box_report *report =
      lint("[" DISC("") ", " BAND(", 'mask': {'source': 'disc', 'mode': "
                                  "'alpha', 'sourceDraws': true}") "]");
  cr_assert_eq(report->overflow_count, 0, "%s is reported",
               report->overflow_count ? report->overflows[0].id : "");
  anima_view_box_report_destroy(report);
}

Test(composite_lint, a_mask_limits_the_extent_to_its_source) {
  /* Masked by `edge` (luminance counts its alpha too), the band shows at
   * most inside [16, 8, 30, 16] ∩ [20, 8, 28, 16] = [20, 8, 28, 16]. The
   * source does not draw in place, so only the band is reported. */
  anima_view_box_report *report =
      lint("[" EDGE("") ", " BAND(", 'mask': {'source': 'edge', 'mode': "
                                  "'luminance', 'sourceDraws': false}") "]");
  cr_assert_eq(report->overflow_count, 1);
  cr_assert_str_eq(report->overflows[0].id, "band");
  expect_box(&report->overflows[0], 20, 8, 28, 16);
  anima_view_box_report_destroy(report);
}

Test(composite_lint, an_inverted_mask_can_show_everything_outside_its_source) {
  /* Inverted alpha covers all outside the disc: the band keeps its whole
   * extent. */
  anima_view_box_report *report = lint(
      "[" DISC("") ", " BAND(", 'mask': {'source': 'disc', 'mode': "
                             "'inverted-alpha', 'sourceDraws': true}") "]");
  cr_assert_eq(report->overflow_count, 1);
  cr_assert_str_eq(report->overflows[0].id, "band");
  expect_box(&report->overflows[0], 16, 8, 30, 16);
  anima_view_box_report_destroy(report);
}

Test(composite_lint, an_invisible_mask_source_covers_nothing) {
  /* composite "Source masks": an invisible source covers nothing, so an
   * alpha mask of it shows nothing of the band. */
  anima_view_box_report *report = lint("[" EDGE(", 'visible': false") ", " BAND(
      ", 'mask': {'source': 'edge', 'mode': 'alpha', "
      "'sourceDraws': true}") "]");
  cr_assert_eq(report->overflow_count, 0, "%s is reported",
               report->overflow_count ? report->overflows[0].id : "");
  anima_view_box_report_destroy(report);
}

Test(composite_lint, a_clip_limits_the_extent_to_its_source_outline) {
  /* Clipped to the frame's outline (its visibility does not matter), the
   * band shows inside [16, 8, 24, 16]: it touches the right edge, inside. */
  anima_view_box_report *report = lint("[" FRAME(
      ", 'visible': false") ", " BAND(", 'clip': {'source': 'frame'}") "]");
  cr_assert_eq(report->overflow_count, 0, "%s is reported",
               report->overflow_count ? report->overflows[0].id : "");
  anima_view_box_report_destroy(report);
}

Test(composite_lint, nested_ranges_limit_together) {
  /* A group clipped to `frame` holds the band masked by `edge`:
   * [16, 8, 30, 16] ∩ [0, 0, 24, 24] ∩ [20, 8, 28, 16] = [20, 8, 24, 16],
   * inside. The edge itself draws in place and leaves by 4. */
  anima_view_box_report *report =
      lint("[" FRAME(", 'visible': false") ", " EDGE(
          "") ", {'id': 'g', 'type': 'group', 'clip': {'source': 'frame'}, "
              "'children': [" BAND(", 'mask': {'source': 'edge', 'mode': "
                                   "'alpha', 'sourceDraws': true}") "]}]");
  cr_assert_eq(report->overflow_count, 1);
  cr_assert_str_eq(report->overflows[0].id, "edge");
  expect_box(&report->overflows[0], 20, 8, 28, 16);
  anima_view_box_report_destroy(report);
}
