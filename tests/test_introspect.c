/*
 * test_introspect.c — the model introspection API (include/anima/
 * introspect.h) on the document below. Every expected value is read off
 * the document, with the defaults SPEC §2, §5, §8 and §9 give for what it
 * omits.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include <anima/format.h>
#include <anima/introspect.h>

#include "test_player_fixture.h"

static const char *const document =
    "{\"anima\": \"0.1\", \"name\": \"probe\", \"title\": \"Probe\","
    " \"grid\": 20, \"requires\": [\"knockout\"],"
    " \"inputs\": {\"go\": {\"type\": \"trigger\", \"buffer\": 0.25},"
    "  \"on\": {\"type\": \"bool\", \"default\": true},"
    "  \"level\": {\"type\": \"number\", \"max\": 4}},"
    " \"nodes\": ["
    "  {\"id\": \"arm\", \"type\": \"group\", \"children\": ["
    "   {\"id\": \"dot\", \"type\": \"circle\", \"center\": [10, 10],"
    "    \"r\": 2, \"fill\": {\"color\": \"#FF8800\"}}]},"
    "  {\"id\": \"ring\", \"type\": \"arc\", \"center\": [10, 10], \"r\": 8,"
    "   \"from\": 0, \"to\": 90, \"stroke\": {\"color\": \"#000\","
    "   \"width\": 1}}],"
    " \"timelines\": {"
    "  \"swing\": {\"duration\": 2, \"loop\": \"pingpong\","
    "   \"tracks\": {\"arm.rotate\": [[0, 0, \"out\"], [1, 30], [2, 0]],"
    "    \"dot.fill.color\": [[0, \"#ff0000\"], [2, \"#0000ff\"]]},"
    "   \"events\": [[1.5, \"late\"], [0.5, \"early\"]]},"
    "  \"still\": {\"duration\": 1, \"reducedMotion\": \"skip\","
    "   \"tracks\": {\"dot.r\": [[0, 2]]}}},"
    " \"machine\": {\"layers\": {\"main\": {\"initial\": \"idle\","
    "  \"states\": {"
    "   \"idle\": {\"pose\": {\"ring.stroke.trimEnd\": 0.5,"
    "    \"dot.visible\": true},"
    "    \"on\": [{\"when\": \"go && level > 1\", \"to\": \"moving\","
    "     \"blend\": 0.3, \"ease\": \"cubic(0.4, 0, 0.2, 1)\"}]},"
    "   \"moving\": {\"play\": \"swing\", \"speed\": 2, \"emit\": \"moved\","
    "    \"on\": [{\"when\": \"@after(1)\", \"to\": \"idle\","
    "     \"interruptible\": false}]}}}}},"
    " \"listeners\": ["
    "  {\"on\": \"click\", \"fire\": \"go\", \"emit\": \"tapped\"},"
    "  {\"on\": \"enter\", \"target\": \"dot\", \"hitPadding\": 2,"
    "   \"set\": {\"level\": 3}, \"toggle\": \"on\"}]}";

Test(introspect, document_nodes_and_properties) {
  fixture f = fixture_load(document);
  const anima_model *m = f.model;
  cr_assert_str_eq(anima_model_name(m), "probe");
  cr_assert_str_eq(anima_model_title(m), "Probe");
  cr_assert_eq(anima_model_grid(m), 20);
  /* §2: no viewBox → [0, 0, grid, grid]. */
  double box[4];
  cr_assert_eq(anima_model_view_box(m, box), ANIMA_OK);
  cr_assert(box[0] == 0 && box[1] == 0 && box[2] == 20 && box[3] == 20);
  cr_assert_eq(anima_model_required_count(m), 1);
  cr_assert_str_eq(anima_model_required(m, 0), "knockout");
  cr_assert_null(anima_model_required(m, 1));
  /* Pre-order: arm, dot (its child), ring. */
  cr_assert_eq(anima_model_node_count(m), 3);
  anima_node_info node;
  cr_assert_eq(anima_model_node_info(m, 1, &node), ANIMA_OK);
  cr_assert_str_eq(node.id, "dot");
  cr_assert_str_eq(node.type, "circle");
  cr_assert_eq(node.parent, 0);
  cr_assert_eq(node.depth, 2);
  cr_assert_eq(anima_model_node_find(m, "ring"), 2);
  cr_assert_eq(anima_model_node_find(m, "nope"), -1);
  cr_assert_eq(anima_model_node_info(m, 0, &node), ANIMA_OK);
  cr_assert_eq(node.parent, -1);
  cr_assert_eq(node.child_count, 1);
  /* dot's properties are its own range; dot.fill.color rests at the
   * document's #FF8800 and is animated by the swing track. */
  anima_model_node_info(m, 1, &node);
  long color = anima_model_property_find(m, "dot.fill.color");
  cr_assert(color >= (long)node.first_property &&
            color < (long)(node.first_property + node.property_count));
  anima_property_info property;
  cr_assert_eq(anima_model_property_info(m, (size_t)color, &property),
               ANIMA_OK);
  cr_assert_str_eq(property.address, "dot.fill.color");
  cr_assert_eq(property.node, 1);
  cr_assert_eq(property.type, ANIMA_VALUE_COLOR);
  cr_assert(property.rest.as.color.r == 0xff &&
            property.rest.as.color.g == 0x88 && property.rest.as.color.b == 0);
  cr_assert(property.animated && property.animatable);
  cr_assert_not_null(property.descriptor);
  cr_assert_eq(property.descriptor->animation, ANIMA_ANIMATION_INTERPOLATED);
  cr_assert_eq(anima_model_node_info(m, 3, &node),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(
      anima_model_property_info(m, anima_model_property_count(m), &property),
      ANIMA_ERROR_INVALID_ARGUMENT);
  fixture_free(&f);
}

Test(introspect, inputs_with_defaults) {
  fixture f = fixture_load(document);
  anima_input_info input;
  /* go: trigger, buffer 0.25, no default, unbounded. */
  cr_assert_eq(anima_model_input_info(f.model, 0, &input), ANIMA_OK);
  cr_assert_str_eq(input.name, "go");
  cr_assert_eq(input.type, ANIMA_INPUT_TRIGGER);
  cr_assert(!input.has_default);
  cr_assert_eq(input.buffer, 0.25);
  /* on: bool, default true. */
  anima_model_input_info(f.model, 1, &input);
  cr_assert(input.has_default && input.default_value.type == ANIMA_VALUE_BOOL &&
            input.default_value.as.boolean);
  /* level: number, §8 default 0, no min (−inf), max 4. */
  anima_model_input_info(f.model, 2, &input);
  cr_assert_eq(input.default_value.as.number, 0);
  cr_assert(isinf(input.minimum) && input.minimum < 0);
  cr_assert_eq(input.maximum, 4);
  cr_assert_eq(anima_model_input_info(f.model, 3, &input),
               ANIMA_ERROR_INVALID_ARGUMENT);
  fixture_free(&f);
}

Test(introspect, timelines_tracks_keys_and_events) {
  fixture f = fixture_load(document);
  const anima_model *m = f.model;
  cr_assert_eq(anima_model_timeline_count(m), 2);
  anima_timeline_info timeline;
  cr_assert_eq(anima_model_timeline_info(m, 0, &timeline), ANIMA_OK);
  cr_assert_str_eq(timeline.name, "swing");
  cr_assert_eq(timeline.duration, 2);
  cr_assert_str_eq(timeline.loop, "pingpong");
  cr_assert_str_eq(timeline.reduced_motion, "end"); /* §10 default */
  cr_assert_eq(timeline.track_count, 2);
  anima_model_timeline_info(m, 1, &timeline);
  cr_assert_str_eq(timeline.loop, "once"); /* §5 default */
  cr_assert_str_eq(timeline.reduced_motion, "skip");
  cr_assert_eq(anima_model_timeline_find(m, "still"), 1);
  anima_track_info track;
  cr_assert_eq(anima_model_track_info(m, 0, 0, &track), ANIMA_OK);
  cr_assert_str_eq(track.address, "arm.rotate");
  cr_assert_eq(track.key_count, 3);
  cr_assert_eq(track.property,
               (size_t)anima_model_property_find(m, "arm.rotate"));
  anima_key_info key;
  cr_assert_eq(anima_model_key_info(m, 0, 0, 1, &key), ANIMA_OK);
  cr_assert(key.time == 1 && key.value.as.number == 30);
  cr_assert_eq(anima_model_key_info(m, 0, 0, 3, &key),
               ANIMA_ERROR_INVALID_ARGUMENT);
  /* Events by time: early (0.5) before late (1.5), as written reversed. */
  anima_timeline_event_info event;
  cr_assert_eq(anima_model_event_info(m, 0, 0, &event), ANIMA_OK);
  cr_assert(strcmp(event.name, "early") == 0 && event.time == 0.5);
  anima_model_event_info(m, 0, 1, &event);
  cr_assert_str_eq(event.name, "late");
  cr_assert_eq(anima_model_event_info(m, 1, 0, &event),
               ANIMA_ERROR_INVALID_ARGUMENT);
  fixture_free(&f);
}

Test(introspect, layers_states_and_transitions_as_written) {
  fixture f = fixture_load(document);
  const anima_model *m = f.model;
  anima_layer_info layer;
  cr_assert_eq(anima_model_layer_info(m, 0, &layer), ANIMA_OK);
  cr_assert_str_eq(layer.name, "main");
  cr_assert_eq(layer.initial, 0);
  cr_assert_eq(layer.state_count, 2);
  anima_state_info state;
  cr_assert_eq(anima_model_state_info(m, 0, 0, &state), ANIMA_OK);
  cr_assert_str_eq(state.name, "idle");
  cr_assert_str_eq(state.kind, "pose");
  cr_assert_eq(state.timeline, -1);
  cr_assert_null(state.emit);
  cr_assert_eq(state.pose_value_count, 2);
  anima_pose_value_info value;
  cr_assert_eq(anima_model_pose_value_info(m, 0, 0, 0, &value), ANIMA_OK);
  cr_assert_str_eq(value.address, "ring.stroke.trimEnd");
  cr_assert_eq(value.value.as.number, 0.5);
  anima_model_pose_value_info(m, 0, 0, 1, &value);
  cr_assert(value.value.type == ANIMA_VALUE_BOOL && value.value.as.boolean);
  anima_transition_info transition;
  cr_assert_eq(anima_model_transition_info(m, 0, 0, 0, &transition), ANIMA_OK);
  cr_assert_str_eq(transition.when, "go && level > 1");
  cr_assert_eq(transition.to, 1);
  cr_assert_eq(transition.blend, 0.3);
  cr_assert_str_eq(transition.ease, "cubic(0.4, 0, 0.2, 1)");
  cr_assert(transition.interruptible); /* §8 default */
  cr_assert_eq(anima_model_state_info(m, 0, 1, &state), ANIMA_OK);
  cr_assert_str_eq(state.kind, "play");
  cr_assert_eq(state.timeline, 0);
  cr_assert_eq(state.speed, 2);
  cr_assert_str_eq(state.emit, "moved");
  cr_assert_eq(anima_model_pose_value_info(m, 0, 1, 0, &value),
               ANIMA_ERROR_INVALID_ARGUMENT);
  anima_model_transition_info(m, 0, 1, 0, &transition);
  cr_assert_str_eq(transition.when, "@after(1)");
  cr_assert_eq(transition.blend, 0);
  cr_assert_str_eq(transition.ease, "linear"); /* §8 default */
  cr_assert(!transition.interruptible);
  cr_assert_eq(anima_model_state_info(m, 0, 2, &state),
               ANIMA_ERROR_INVALID_ARGUMENT);
  fixture_free(&f);
}

Test(introspect, listeners_and_actions_in_run_order) {
  fixture f = fixture_load(document);
  const anima_model *m = f.model;
  cr_assert_eq(anima_model_listener_count(m), 2);
  anima_listener_info listener;
  cr_assert_eq(anima_model_listener_info(m, 0, &listener), ANIMA_OK);
  cr_assert_str_eq(listener.on, "click");
  cr_assert_eq(listener.target, -1); /* the whole icon */
  cr_assert_eq(listener.hit_padding, 0);
  cr_assert_eq(listener.action_count, 2);
  anima_action_info action;
  anima_model_action_info(m, 0, 0, &action);
  cr_assert_str_eq(action.action, "fire");
  cr_assert_eq(action.input, 0);
  anima_model_action_info(m, 0, 1, &action);
  cr_assert_str_eq(action.action, "emit");
  cr_assert_str_eq(action.event, "tapped");
  cr_assert_eq(action.input, -1);
  /* §9: set runs before toggle whatever the key order. */
  anima_model_listener_info(m, 1, &listener);
  cr_assert_str_eq(listener.on, "enter");
  cr_assert_eq(listener.target, 1);
  cr_assert_eq(listener.hit_padding, 2);
  anima_model_action_info(m, 1, 0, &action);
  cr_assert_str_eq(action.action, "set");
  cr_assert_eq(action.input, 2);
  cr_assert(action.has_value && action.value.as.number == 3);
  anima_model_action_info(m, 1, 1, &action);
  cr_assert_str_eq(action.action, "toggle");
  cr_assert(!action.has_value);
  cr_assert_eq(anima_model_action_info(m, 1, 2, &action),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_model_listener_info(NULL, 0, &listener),
               ANIMA_ERROR_INVALID_ARGUMENT);
  fixture_free(&f);
}
