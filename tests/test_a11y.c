/*
 * test_a11y.c — the root a11y through the public C API (anima.h, SPEC §10):
 * role, label, and the activate / pressed / held inputs a host needs to
 * expose the icon to assistive technology and to route keys.
 */
#include "test_player_fixture.h"

/* A switch whose `dark` input is activated by and checked from the keys,
 * with `down` held while Enter or Space is down. */
static const char *const switch_document =
    "{\"anima\": \"0.1\", \"name\": \"toggle\", \"grid\": 24,"
    " \"inputs\": {\"dark\": {\"type\": \"bool\"},"
    "              \"down\": {\"type\": \"bool\"}},"
    " \"a11y\": {\"role\": \"switch\", \"label\": \"Dark mode\","
    "            \"activate\": \"dark\", \"pressed\": \"dark\","
    "            \"held\": \"down\"},"
    " \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", \"center\": [12, "
    "12], \"r\": 4, \"fill\": {\"color\": \"#000\"}}]}";

Test(a11y, switch_role_label_and_inputs) {
  fixture f = fixture_load(switch_document);
  cr_assert_eq(anima_model_a11y_role(f.model), ANIMA_ROLE_SWITCH);
  cr_assert_str_eq(anima_model_a11y_label(f.model), "Dark mode");
  /* Inputs are indexed in document order: dark 0, down 1. */
  cr_assert_eq(anima_model_a11y_activate(f.model), 0);
  cr_assert_eq(anima_model_a11y_pressed(f.model), 0);
  cr_assert_eq(anima_model_a11y_held(f.model), 1);
  cr_assert_str_eq(
      anima_model_input_name(f.model, anima_model_a11y_held(f.model)), "down");
  fixture_free(&f);
}

Test(a11y, held_is_what_the_keys_hold) {
  /* SPEC §10: while either key is held the `held` bool is true; the getter
   * names the input the player writes. */
  fixture f = fixture_load(switch_document);
  const char *held =
      anima_model_input_name(f.model, anima_model_a11y_held(f.model));
  cr_assert_eq(anima_player_key_down(f.player, ANIMA_KEY_SPACE, false),
               ANIMA_OK);
  step(&f, 0);
  anima_value value;
  cr_assert_eq(anima_player_get_input(f.player, held, &value), ANIMA_OK);
  cr_assert(value.as.boolean, "%s is true while Space is down", held);
  cr_assert_eq(anima_player_key_up(f.player, ANIMA_KEY_SPACE), ANIMA_OK);
  step(&f, 0);
  cr_assert_eq(anima_player_get_input(f.player, held, &value), ANIMA_OK);
  cr_assert_not(value.as.boolean);
  fixture_free(&f);
}

Test(a11y, img_with_label_and_no_inputs) {
  fixture f = fixture_load(
      "{\"anima\": \"0.1\", \"name\": \"logo\", \"grid\": 24,"
      " \"a11y\": {\"role\": \"img\", \"label\": \"Logo\"},"
      " \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", \"center\": [12, "
      "12], \"r\": 4, \"fill\": {\"color\": \"#000\"}}]}");
  cr_assert_eq(anima_model_a11y_role(f.model), ANIMA_ROLE_IMG);
  cr_assert_str_eq(anima_model_a11y_label(f.model), "Logo");
  cr_assert_eq(anima_model_a11y_activate(f.model), -1);
  cr_assert_eq(anima_model_a11y_pressed(f.model), -1);
  cr_assert_eq(anima_model_a11y_held(f.model), -1);
  fixture_free(&f);
}

Test(a11y, no_a11y_block) {
  fixture f = fixture_load(
      "{\"anima\": \"0.1\", \"name\": \"plain\", \"grid\": 24,"
      " \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", \"center\": [12, "
      "12], \"r\": 4, \"fill\": {\"color\": \"#000\"}}]}");
  cr_assert_eq(anima_model_a11y_role(f.model), ANIMA_ROLE_NONE);
  cr_assert_null(anima_model_a11y_label(f.model));
  cr_assert_eq(anima_model_a11y_activate(f.model), -1);
  cr_assert_eq(anima_model_a11y_held(f.model), -1);
  fixture_free(&f);
}

Test(a11y, null_model) {
  cr_assert_eq(anima_model_a11y_role(NULL), ANIMA_ROLE_NONE);
  cr_assert_null(anima_model_a11y_label(NULL));
  cr_assert_eq(anima_model_a11y_activate(NULL), -1);
  cr_assert_eq(anima_model_a11y_pressed(NULL), -1);
  cr_assert_eq(anima_model_a11y_held(NULL), -1);
}
