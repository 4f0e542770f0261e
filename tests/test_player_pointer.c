/*
 * test_player_pointer.c — SPEC §9 listeners and the pointer model: order
 * leave, enter, move/down/up, click; click distance; leave() cancelling a
 * press; hitPadding; whole-icon hit areas; node targets (fill, stroke,
 * groups, invisible nodes, transforms). Listener `emit` events (layer -1)
 * show which listeners ran, in order, at the next step.
 */
#include <criterion/criterion.h>
#include <math.h>

#include <anima/draw.h>

#include "test_player_fixture.h"

/* disc: circle (5, 10) r 3, filled. ring: circle (15, 10) r 3, stroke
 * width 1 only (stroke area: distance 2.5 .. 3.5 from its center). box: a
 * group moved by x 0, y −6 holding a rect (8, 14) 4×2, i.e. (8, 8) 4×2 in
 * world units. ghost: invisible filled circle (10, 18) r 1. */
#define POINTER_DOCUMENT(listeners)                                            \
  "{\"anima\": \"0.1\", \"name\": \"test\", \"grid\": 20, \"inputs\": "        \
  "{\"tap\": {\"type\": \"trigger\"}, \"on\": {\"type\": \"bool\"}, "          \
  "\"level\": {\"type\": \"number\"}}, \"nodes\": [{\"id\": \"disc\", "        \
  "\"type\": \"circle\", \"center\": [5, 10], \"r\": 3, \"fill\": "            \
  "{\"color\": \"#000000\"}}, {\"id\": \"ring\", \"type\": \"circle\", "       \
  "\"center\": [15, 10], \"r\": 3, \"stroke\": {\"color\": \"#000000\", "      \
  "\"width\": 1}}, {\"id\": \"box\", \"type\": \"group\", \"y\": -6, "         \
  "\"children\": [{\"id\": \"slab\", \"type\": \"rect\", \"x0\": 8, \"y0\": "  \
  "14, \"w\": 4, \"h\": 2, \"fill\": {\"color\": \"#000000\"}}]}, {\"id\": "   \
  "\"ghost\", \"type\": \"circle\", \"center\": [10, 18], \"r\": 1, "          \
  "\"visible\": false, \"fill\": {\"color\": \"#000000\"}}], "                 \
  "\"listeners\": " listeners "}"

/* The names of the listener events of the next step(0), comma-joined. */
static void events_after(fixture *f, char *out, size_t capacity) {
  anima_step_result result = step(f, 0);
  out[0] = '\0';
  for (size_t i = 0; i < result.event_count; i++) {
    cr_assert_eq(result.events[i].layer, -1, "listener events have no layer");
    strncat(out, i ? "," : "", capacity - strlen(out) - 1);
    strncat(out, result.events[i].name, capacity - strlen(out) - 1);
  }
}

Test(player_pointer, groups_run_leave_enter_move_in_that_order) {
  /* Listed enter, move, leave in the document; moving from the disc onto
   * the ring still runs leave (disc), then enter (ring), then move (ring). */
  fixture f = fixture_load(POINTER_DOCUMENT(
      "[{\"on\": \"enter\", \"target\": \"ring\", \"emit\": \"enter-ring\"}, "
      "{\"on\": \"move\", \"target\": \"ring\", \"emit\": \"move-ring\"}, "
      "{\"on\": \"leave\", \"target\": \"disc\", \"emit\": "
      "\"leave-disc\"}, {\"on\": \"enter\", \"target\": \"disc\", \"emit\": "
      "\"enter-disc\"}]"));
  char events[256];
  anima_player_pointer_move(f.player, 5, 10);
  events_after(&f, events, sizeof events);
  cr_assert_str_eq(events, "enter-disc");
  anima_player_pointer_move(f.player, 5.5, 10);
  events_after(&f, events, sizeof events);
  cr_assert_str_eq(events, ""); /* still over the disc: no enter again */
  anima_player_pointer_move(f.player, 18, 10); /* 3 from the ring center */
  events_after(&f, events, sizeof events);
  cr_assert_str_eq(events, "leave-disc,enter-ring,move-ring");
  fixture_free(&f);
}

Test(player_pointer, click_needs_the_same_target_and_little_motion) {
  /* DECISIONS 7: the straight-line distance between down and up must be
   * less than 0.5. (5,10) -> (5.3,10.3): 0.424 -> click. (5,10) ->
   * (5.4,10.3): 0.5 -> no click. */
  fixture f = fixture_load(POINTER_DOCUMENT(
      "[{\"on\": \"click\", \"target\": \"disc\", \"emit\": \"click\"}, "
      "{\"on\": \"down\", \"target\": \"disc\", \"emit\": \"down\"}, "
      "{\"on\": \"up\", \"target\": \"disc\", \"emit\": \"up\"}]"));
  char events[256];
  anima_player_pointer_down(f.player, 5, 10);
  events_after(&f, events, sizeof events);
  cr_assert_str_eq(events, "down");
  anima_player_pointer_up(f.player, 5.3, 10.3);
  events_after(&f, events, sizeof events);
  cr_assert_str_eq(events, "up,click");
  anima_player_pointer_down(f.player, 5, 10);
  anima_player_pointer_up(f.player, 5.4, 10.3);
  events_after(&f, events, sizeof events);
  cr_assert_str_eq(events, "down,up");
  /* Down outside, up on the disc: the target was not under the down. */
  anima_player_pointer_down(f.player, 1, 1);
  anima_player_pointer_up(f.player, 5, 10);
  events_after(&f, events, sizeof events);
  cr_assert_str_eq(events, "up");
  fixture_free(&f);
}

Test(player_pointer, leave_cancels_a_press_and_leaves_every_target) {
  fixture f = fixture_load(POINTER_DOCUMENT(
      "[{\"on\": \"click\", \"target\": \"disc\", \"emit\": \"click\"}, "
      "{\"on\": \"leave\", \"target\": \"disc\", \"emit\": \"leave\"}, "
      "{\"on\": \"leave\", \"emit\": \"leave-icon\"}]"));
  char events[256];
  anima_player_pointer_down(f.player, 5, 10);
  anima_player_pointer_leave(f.player);
  events_after(&f, events, sizeof events);
  cr_assert_str_eq(events, "leave,leave-icon");
  anima_player_pointer_up(f.player, 5, 10);
  events_after(&f, events, sizeof events);
  cr_assert_str_eq(events, ""); /* the press was cancelled: no click */
  fixture_free(&f);
}

Test(player_pointer, stroke_band_fill_and_padding) {
  /* ring: stroke only, band 2.5..3.5 from (15, 10). (18, 10): distance 3
   * -> hit. (15, 10): its center, no fill -> no hit. (18.8, 10): 3.8 ->
   * outside; with hitPadding 0.5 the band grows to 4.0 -> hit. */
  fixture f = fixture_load(POINTER_DOCUMENT(
      "[{\"on\": \"down\", \"target\": \"ring\", \"emit\": \"ring\"}, "
      "{\"on\": \"down\", \"target\": \"ring\", \"hitPadding\": 0.5, "
      "\"emit\": \"padded\"}]"));
  char events[256];
  anima_player_pointer_down(f.player, 18, 10);
  events_after(&f, events, sizeof events);
  cr_assert_str_eq(events, "ring,padded");
  anima_player_pointer_down(f.player, 15, 10);
  events_after(&f, events, sizeof events);
  cr_assert_str_eq(events, "");
  anima_player_pointer_down(f.player, 18.8, 10);
  events_after(&f, events, sizeof events);
  cr_assert_str_eq(events, "padded");
  fixture_free(&f);
}

Test(player_pointer, groups_transforms_and_invisible_nodes) {
  /* box moves its rect up by 6: world (8, 8)-(12, 10). (10, 9) hits box
   * (through its painted descendant) and slab; (10, 15), where the rect is
   * authored, hits nothing. ghost is invisible: (10, 18) hits nothing. */
  fixture f = fixture_load(POINTER_DOCUMENT(
      "[{\"on\": \"down\", \"target\": \"box\", \"emit\": \"box\"}, "
      "{\"on\": \"down\", \"target\": \"slab\", \"emit\": \"slab\"}, "
      "{\"on\": \"down\", \"target\": \"ghost\", \"emit\": \"ghost\"}]"));
  char events[256];
  anima_player_pointer_down(f.player, 10, 9);
  events_after(&f, events, sizeof events);
  cr_assert_str_eq(events, "box,slab");
  anima_player_pointer_down(f.player, 10, 15);
  events_after(&f, events, sizeof events);
  cr_assert_str_eq(events, "");
  anima_player_pointer_down(f.player, 10, 18);
  events_after(&f, events, sizeof events);
  cr_assert_str_eq(events, "");
  fixture_free(&f);
}

Test(player_pointer, whole_icon_hit_circle) {
  /* hit circle (10, 10) r 5: (14, 10) is inside (4 <= 5), (16, 10) is
   * not, although the viewBox contains it. */
  fixture f = fixture_load(
      "{\"anima\": \"0.1\", \"name\": \"test\", \"grid\": 20, \"hit\": "
      "{\"circle\": [10, 10, 5]}, \"nodes\": [{\"id\": \"dot\", \"type\": "
      "\"circle\", \"center\": [10, 10], \"r\": 2, \"fill\": {\"color\": "
      "\"#000000\"}}], \"listeners\": [{\"on\": \"down\", \"emit\": "
      "\"icon\"}]}");
  char events[256];
  anima_player_pointer_down(f.player, 14, 10);
  events_after(&f, events, sizeof events);
  cr_assert_str_eq(events, "icon");
  anima_player_pointer_down(f.player, 16, 10);
  events_after(&f, events, sizeof events);
  cr_assert_str_eq(events, "");
  fixture_free(&f);
}

Test(player_pointer, values_are_read_as_the_draw_frame_reads_them) {
  /* ring.stroke.width runs from 1 to 1.7e308 under elastic(5, 0.3). At
   * u = 0.05: A = 5, s = 0.3 / (2π) · asin(1 / 5) = 0.009616, w = 5 ·
   * 2^(−0.5) · sin((0.05 − s) · 2π / 0.3) + 1 = 5 · 0.7071 · 0.7484 + 1 =
   * 3.646, so the width 1 + 3.646 · (1.7e308 − 1) overflows to +inf (SPEC
   * §5). The draw frame reads a non-finite number as the property's default
   * (width 1), so the ring is stroked 5.5 .. 6.5 from (12, 12); hit testing
   * reads it the same way, so a press at (18.4, 12), 6.4 from the centre,
   * hits the ring (it used to read inf, hit no stroke band and only the
   * outline itself). */
  fixture f = fixture_load(
      "{\"anima\": \"0.1\", \"name\": \"test\", \"grid\": 24,"
      " \"nodes\": [{\"id\": \"ring\", \"type\": \"circle\", \"center\":"
      " [12, 12], \"r\": 6, \"stroke\": {\"color\": \"#000000\","
      " \"width\": 1}}],"
      " \"timelines\": {\"grow\": {\"duration\": 1, \"tracks\":"
      " {\"ring.stroke.width\": [[0, 1, \"elastic(5, 0.3)\"], [1, 1.7e308]]}}},"
      " \"machine\": {\"layers\": {\"main\": {\"initial\": \"grow\","
      " \"states\": {\"grow\": {\"play\": \"grow\"}}}}},"
      " \"listeners\": [{\"on\": \"down\", \"target\": \"ring\","
      " \"emit\": \"down-ring\"}]}");
  step(&f, 0.05);
  anima_value width = any_value_of(&f, "ring.stroke.width");
  cr_assert(isinf(width.as.number), "the width is %g", width.as.number);
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(f.model, &frame), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(frame, f.player), ANIMA_OK);
  const anima_draw_shape *shape = &frame->shapes[frame->items[0].payload];
  cr_assert_eq(shape->layer_count, 1);
  const anima_draw_layer *layer = &frame->layers[shape->first_layer];
  cr_assert_eq(layer->kind, ANIMA_LAYER_STROKE);
  cr_expect_eq(frame->strokes[layer->stroke].width, 1,
               "drawn at the default 1");
  anima_draw_frame_destroy(frame);
  char events[256];
  anima_player_pointer_down(f.player, 18.4, 12);
  events_after(&f, events, sizeof events);
  cr_expect_str_eq(events, "down-ring");
  fixture_free(&f);
}

Test(player_pointer, actions_run_fire_set_toggle_emit) {
  /* One listener with every action: fire tap, set level 0.25, toggle on,
   * emit. After the step: level 0.25, on true, the emit reported; tap
   * was pending in that step (a layer could consume it). */
  fixture f = fixture_load(POINTER_DOCUMENT(
      "[{\"on\": \"down\", \"fire\": \"tap\", \"set\": {\"level\": 0.25}, "
      "\"toggle\": \"on\", \"emit\": \"all\"}]"));
  anima_player_pointer_down(f.player, 1, 1);
  anima_value value;
  anima_player_get_input(f.player, "level", &value);
  cr_assert_eq(value.as.number, 0); /* queued until the next step */
  anima_step_result result = step(&f, 0);
  cr_assert_eq(result.event_count, 1);
  cr_assert_str_eq(result.events[0].name, "all");
  anima_player_get_input(f.player, "level", &value);
  cr_assert_eq(value.as.number, 0.25);
  anima_player_get_input(f.player, "on", &value);
  cr_assert(value.as.boolean);
  cr_assert_eq(anima_player_pointer_move(f.player, NAN, 1),
               ANIMA_ERROR_INVALID_ARGUMENT);
  fixture_free(&f);
}
