/*
 * test_mix_timeline.c — the host's step_mix_timeline (module.h, ABI 2.0
 * appended; SPEC motion "Explicit runtime instances": an instance writes
 * mix(incoming, sample, weight), weights clamped to [0, 1], zero writes
 * nothing). Kernel-private: it calls the step context directly, as a
 * module's stage hook would.
 */
#include <criterion/criterion.h>
#include <math.h>

#include "host_internal.h"
#include "player_internal.h"
#include "test_player_fixture.h"

/* A pose layer holds dot.x 2, opacity 1, colour red and visible true; the
 * timeline `t` (played by no state) runs x 0 -> 10, opacity 0 -> 1, colour
 * #000000 -> #ff0000 and visible true -> false (a held bool) over 1 s. */
#define MIX_DOCUMENT                                                           \
  DOCUMENT("\"timelines\": {\"t\": {\"duration\": 1, \"tracks\": "             \
           "{\"dot.x\": [[0, 0], [1, 10]], \"dot.opacity\": [[0, 0], [1, "     \
           "1]], \"dot.fill.color\": [[0, \"#000000\"], [1, \"#ff0000\"]], "   \
           "\"dot.visible\": [[0, false]]}}}, \"machine\": {\"layers\": "      \
           "{\"main\": {\"initial\": \"rest\", \"states\": {\"rest\": "        \
           "{\"pose\": {\"dot.x\": 2, \"dot.fill.color\": \"#ffffff\"}}}}}}")

static void mix(fixture *f, double time, double weight) {
  anima_step *context = anima_player_step_context(f->player);
  anima_step_mix_timeline(context, 0, time, weight);
}

Test(mix_timeline, half_weight_mixes_each_type_from_the_incoming_value) {
  fixture f = fixture_load(MIX_DOCUMENT);
  step(&f, 0);
  cr_assert_eq(value_of(&f, "dot.x"), 2);
  /* At t = 0.5 the sample is x 5, opacity 0.5, colour #800000 (127.5
   * rounds to 128 = 0x80), visible false. Weight 0.5 over the incoming
   * x 2, opacity 1, colour #ffffff, visible true:
   * x = 2 + (5 - 2)/2 = 3.5; opacity = 1 + (0.5 - 1)/2 = 0.75;
   * r = 255 + (128 - 255)/2 = 191.5 -> 192 (floor(c + 0.5)),
   * g = b = 255 + (0 - 255)/2 = 127.5 -> 128; visible takes the sample
   * for a positive weight: false. */
  mix(&f, 0.5, 0.5);
  cr_assert_float_eq(value_of(&f, "dot.x"), 3.5, 1e-12);
  cr_assert_float_eq(value_of(&f, "dot.opacity"), 0.75, 1e-12);
  anima_value color = any_value_of(&f, "dot.fill.color");
  cr_assert_eq(color.as.color.r, 192);
  cr_assert_eq(color.as.color.g, 128);
  cr_assert_eq(color.as.color.b, 128);
  cr_assert_eq(any_value_of(&f, "dot.visible").as.boolean, false);
  fixture_free(&f);
}

Test(mix_timeline, weights_clamp_and_zero_writes_nothing) {
  fixture f = fixture_load(MIX_DOCUMENT);
  step(&f, 0);
  mix(&f, 0.5, 0); /* nothing: x stays 2, visible stays true */
  cr_assert_eq(value_of(&f, "dot.x"), 2);
  cr_assert_eq(any_value_of(&f, "dot.visible").as.boolean, true);
  mix(&f, 0.5, -3); /* clamped to 0: nothing */
  mix(&f, 0.5, NAN);
  cr_assert_eq(value_of(&f, "dot.x"), 2);
  mix(&f, 0.25, 7); /* clamped to 1: the sample, x 2.5 */
  cr_assert_float_eq(value_of(&f, "dot.x"), 2.5, 1e-12);
  mix(&f, 3, 1); /* time clamped to the duration: x 10 */
  cr_assert_eq(value_of(&f, "dot.x"), 10);
  fixture_free(&f);
}

Test(mix_timeline, sequential_mixes_compose_in_call_order) {
  fixture f = fixture_load(MIX_DOCUMENT);
  step(&f, 0);
  /* Incoming 2; mix toward 10 (t = 1) at 0.5 -> 6; then toward 0 (t = 0)
   * at 0.25 -> 6 - 6/4 = 4.5. */
  mix(&f, 1, 0.5);
  mix(&f, 0, 0.25);
  cr_assert_float_eq(value_of(&f, "dot.x"), 4.5, 1e-12);
  fixture_free(&f);
}

Test(mix_timeline, out_of_range_timeline_or_time_writes_nothing) {
  fixture f = fixture_load(MIX_DOCUMENT);
  step(&f, 0);
  anima_step *context = anima_player_step_context(f.player);
  anima_step_mix_timeline(context, 1, 0.5, 1);
  anima_step_mix_timeline(context, 0, INFINITY, 1);
  cr_assert_eq(value_of(&f, "dot.x"), 2);
  fixture_free(&f);
}
