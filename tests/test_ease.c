/*
 * test_ease.c — ease evaluation (SPEC §5 "Eases"), against values derived
 * independently of kernel/ease_evaluate.c.
 *
 * Cubic goldens: the parameter s with Bx(s) = u was found by plain
 * bisection on [0, 1] until the bracket was narrower than 1e-13 (Python,
 * Bx(s) = 3(1−s)²s·x1 + 3(1−s)s²·x2 + s³), then w = By(s):
 *
 *   def bez(c1, c2, s): r = 1 - s; return 3*r*r*s*c1 + 3*r*s*s*c2 + s**3
 *   lo, hi = 0.0, 1.0
 *   while hi - lo > 1e-13:
 *       m = (lo + hi) / 2
 *       lo, hi = (m, hi) if bez(x1, x2, m) < u else (lo, m)
 *   w = bez(y1, y2, (lo + hi) / 2)
 *
 * The spec asks for the root within 1e-7; the tolerance below on w is 1e-7
 * (|By'| <= 3 max(|y1|, |y2 − y1|, |1 − y2|) keeps w within a few 1e-7 of a
 * root that close; the implementation does far better).
 */
#include <criterion/criterion.h>
#include <math.h>

#include "ease.h"
#include "ease_evaluate.h"

static anima_model_ease parse(const char *text) {
  anima_ease parsed;
  cr_assert_eq(anima_ease_parse(text, &parsed, NULL), ANIMA_EASE_PARSE_OK,
               "ease %s", text);
  return anima_model_ease_compile(&parsed);
}

static double w(const char *text, double u) {
  anima_model_ease ease = parse(text);
  return anima_model_ease_evaluate(&ease, u);
}

Test(ease, linear_is_identity) {
  /* §5: omitted / linear: w = u. */
  anima_model_ease linear = anima_model_ease_linear();
  cr_assert_eq(anima_model_ease_evaluate(&linear, 0.3), 0.3);
  cr_assert_eq(w("linear", 0.75), 0.75);
}

Test(ease, hold_is_zero) {
  /* §5: hold: w = 0 for every u, including u = 1. */
  cr_assert_eq(w("hold", 0.5), 0);
  cr_assert_eq(w("hold", 1), 0);
}

Test(ease, endpoints_are_exact) {
  /* §5: w(0) = 0 and w(1) = 1 exactly for cubic and elastic. */
  const char *eases[] = {"in",
                         "out",
                         "inOut",
                         "cubic(0.3, -0.5, 0.7, 1.5)",
                         "elastic(1, 0.3)",
                         "elastic(3, 0.7)"};
  for (size_t i = 0; i < sizeof eases / sizeof eases[0]; i++) {
    cr_assert_eq(w(eases[i], 0), 0, "%s at 0", eases[i]);
    cr_assert_eq(w(eases[i], 1), 1, "%s at 1", eases[i]);
  }
}

Test(ease, progress_outside_unit_interval_clamps) {
  /* u is a progress; outside [0, 1] it takes the endpoint values. */
  cr_assert_eq(w("in", -0.5), 0);
  cr_assert_eq(w("in", 1.5), 1);
}

Test(ease, named_cubics) {
  /* in = cubic(0.42, 0, 1, 1): u 0.25 -> s 0.188786994126502,
   * w 0.093464650718849; u 0.5 -> s 0.374253435535280, w 0.315356812572571.
   * out = cubic(0, 0, 0.58, 1): u 0.5 -> w 0.684643187427429 (= 1 − in(0.5)
   * by the point symmetry of the two curves); u 0.1 -> w 0.160572154237554.
   * inOut = cubic(0.42, 0, 0.58, 1): u 0.3 -> w 0.187395906705323; u 0.5 ->
   * 0.5 (symmetric about (0.5, 0.5)). */
  cr_assert_float_eq(w("in", 0.25), 0.093464650718849, 1e-7);
  cr_assert_float_eq(w("in", 0.5), 0.315356812572571, 1e-7);
  cr_assert_float_eq(w("out", 0.5), 0.684643187427429, 1e-7);
  cr_assert_float_eq(w("out", 0.1), 0.160572154237554, 1e-7);
  cr_assert_float_eq(w("inOut", 0.3), 0.187395906705323, 1e-7);
  cr_assert_float_eq(w("inOut", 0.5), 0.5, 1e-7);
}

Test(ease, general_cubics) {
  /* Bisection goldens (see the header):
   * cubic(0.2, 0, 0.3, 1) at u = 0.116667/1.1 -> w 0.091461823139113
   * cubic(0.3, -0.5, 0.7, 1.5) at u 0.3 -> w 0.103694009282542 (y outside
   *   [0, 1]: overshoot allowed)
   * cubic(1, 0, 0, 1) at 0.45 -> w 0.176880837479075
   * cubic(0.9, 0.1, 0.1, 0.9) at 0.01 -> w 0.001148118277057 */
  cr_assert_float_eq(w("cubic(0.2, 0, 0.3, 1)", 0.116667 / 1.1),
                     0.091461823139113, 1e-7);
  cr_assert_float_eq(w("cubic(0.3,-0.5,0.7,1.5)", 0.3), 0.103694009282542,
                     1e-7);
  cr_assert_float_eq(w("cubic(1, 0, 0, 1)", 0.45), 0.176880837479075, 1e-7);
  cr_assert_float_eq(w("cubic(0.9, 0.1, 0.1, 0.9)", 0.01), 0.001148118277057,
                     1e-7);
}

Test(ease, cubic_flat_slope_at_the_root) {
  /* cubic(1, 0, 0, 1): Bx(s) = 3s − 6s² + 4s³ = 0.5 + 4(s − 0.5)³, so
   * u = 0.5 has the root s = 0.5 exactly although Bx'(0.5) = 0 (Newton
   * cannot move there); By(0.5) with y = (0, 1) is 3·0.25·0.5 + 0.125 = 0.5.
   * cubic(0, 0, 1, 1) at u = 0.001: Bx'(0) = 0, the root is
   * s = 0.018370253858819 and w = 0.001000000000001 (bisection).
   * cubic(1, 0, 0, 1) at u = 0.5 + 1e-12: 4t³ = 1e-12 with t = s − 0.5, so
   * t = (2.5e-13)^(1/3) = 6.299605249e-5, and By(s) = 3s² − 2s³ =
   * 0.5 + 1.5t − 2t³ = 0.500094494078242. (Plain evaluation of Bx near
   * s = 0.5 only resolves t to about 3e-6.) */
  cr_assert_float_eq(w("cubic(1, 0, 0, 1)", 0.5), 0.5, 1e-7);
  cr_assert_float_eq(w("cubic(1, 0, 0, 1)", 0.5 + 1e-12), 0.500094494078242,
                     1.5e-7);
  cr_assert_float_eq(w("cubic(0, 0, 1, 1)", 0.001), 0.001000000000001, 1e-7);
}

Test(ease, cubic_is_monotonic_for_monotonic_y) {
  /* With y1, y2 in [0, 1] the curve never decreases: check a fine grid. */
  anima_model_ease ease = parse("cubic(0.7, 0.1, 0.2, 0.95)");
  double previous = 0;
  for (int i = 1; i <= 1000; i++) {
    double value = anima_model_ease_evaluate(&ease, i / 1000.0);
    cr_assert_geq(value, previous - 1e-12, "at u = %g", i / 1000.0);
    previous = value;
  }
}

Test(ease, elastic_by_hand) {
  /* elastic(a, p): A = max(a, 1), s = p/(2π)·asin(1/A),
   * w = A·2^(−10u)·sin((u − s)·2π/p) + 1.
   * elastic(1, 0.3): A = 1, s = 0.3/(2π)·(π/2) = 0.075.
   *   u 0.1: 2^−1·sin(0.025·2π/0.3 = π/6) + 1 = 0.5·0.5 + 1 = 1.25
   *   u 0.5: 2^−5·sin(0.425·2π/0.3 = 17π/6) + 1 = (1/32)·0.5 + 1 = 1.015625
   * elastic(0.5, 0.3): a < 1 so A = 1, the same curve: u 0.2:
   *   2^−2·sin(0.125·2π/0.3 = 5π/6) + 1 = 0.25·0.5 + 1 = 1.125
   * elastic(2, 0.4): A = 2, s = 0.4/(2π)·(π/6) = 1/30; u 0.25:
   *   2·2^−2.5·sin((0.25 − 1/30)·5π = 13π/12) + 1
   *   = 2·0.1767767·(−0.2588190) + 1 = 0.908493649... */
  cr_assert_float_eq(w("elastic(1, 0.3)", 0.1), 1.25, 1e-12);
  cr_assert_float_eq(w("elastic(1, 0.3)", 0.5), 1.015625, 1e-12);
  cr_assert_float_eq(w("elastic(0.5, 0.3)", 0.2), 1.125, 1e-12);
  cr_assert_float_eq(w("elastic(2, 0.4)", 0.25), 0.908493649053890, 1e-12);
}
