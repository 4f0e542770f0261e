/*
 * load_slider.c — `skeleton.sliders` (spec §7.5, Part B.4): read after the
 * animations, since a slider names one. A missing animation or bone warns
 * and makes the slider skip, as the spec says.
 */
#include <stdlib.h>
#include <string.h>

#include "load_internal.h"

static long find_animation(const anima_bone_model *model, const char *id) {
  for (size_t i = 0; id && i < model->animation_count; i++) {
    if (model->animations[i].id && strcmp(model->animations[i].id, id) == 0) {
      return (long)i;
    }
  }
  return -1;
}

/* "first state-machine default for that input id" (§7.5): the first input
 * of any machine, in document order, with that id. Booleans read as 1 / 0;
 * any other kind of default reads as 0 (docs/openbone/FORMAT.md). */
static double input_default(json_t *root, const char *id) {
  json_t *machines = json_object_get(root, "stateMachines");
  for (size_t m = 0; m < json_array_size(machines); m++) {
    json_t *inputs = json_object_get(json_array_get(machines, m), "inputs");
    for (size_t i = 0; i < json_array_size(inputs); i++) {
      json_t *input = json_array_get(inputs, i);
      json_t *input_id = json_object_get(input, "id");
      if (!json_is_string(input_id) ||
          strcmp(json_string_value(input_id), id) != 0) {
        continue;
      }
      json_t *value = json_object_get(input, "default");
      return json_is_number(value) ? json_number_value(value)
             : json_is_true(value) ? 1
                                   : 0;
    }
  }
  return 0;
}

static const char *bone_properties[] = {
    "x", "y", "rotation", "scaleX", "scaleY", "shearX", "shearY"};

static void load_slider(ob_loader *loader, json_t *root, json_t *object,
                        const char *where, ob_slider_data *slider) {
  anima_bone_model *model = loader->model;
  ob_check_keys(loader, object, where,
                "id name animation mix bone property input from to loop "
                "timeFrom timeTo additive");
  free(ob_id(loader, object, where));
  char *name = ob_string(loader, object, where, "name", false, false);
  free(name);
  char *animation = ob_string(loader, object, where, "animation", true, false);
  slider->animation = find_animation(model, animation);
  if (animation && slider->animation < 0) {
    char *at = ob_pointer_key(loader, where, "animation");
    ob_warning(loader, "unknown-reference", at, NULL,
               "no animation has the id \"%s\"; the slider is skipped "
               "(spec §7.5)",
               animation);
    free(at);
  }
  free(animation);
  slider->mix = ob_number(loader, object, where, "mix", 1, false);
  slider->from = ob_number(loader, object, where, "from", 0, false);
  slider->to = ob_number(loader, object, where, "to", 1, false);
  slider->loop = ob_bool(loader, object, where, "loop", false);
  slider->time_from = ob_number(loader, object, where, "timeFrom", 0, false);
  slider->time_to = ob_number(loader, object, where, "timeTo", 0, false);
  slider->additive = ob_bool(loader, object, where, "additive", false);
  /* property ‖ "rotation": an empty string falls back too. */
  slider->property = OB_PROPERTY_ROTATION;
  char *property = ob_string(loader, object, where, "property", false, true);
  if (property && property[0]) {
    bool found = false;
    for (int i = 0; i < 7; i++) {
      if (strcmp(property, bone_properties[i]) == 0) {
        slider->property = (ob_property)(OB_PROPERTY_X + i);
        found = true;
      }
    }
    if (!found) {
      char *at = ob_pointer_key(loader, where, "property");
      ob_error(loader, "bad-value", at,
               "x, y, rotation, scaleX, scaleY, shearX or shearY",
               "\"%s\" is not a bone's local property", property);
      free(at);
    }
  }
  free(property);
  char *bone = ob_string(loader, object, where, "bone", false, true);
  char *input = ob_string(loader, object, where, "input", false, true);
  if (bone) {
    slider->source = OB_SLIDER_BONE;
    slider->bone = ob_lookup(loader->bone_ids, bone);
    if (slider->bone < 0) {
      char *at = ob_pointer_key(loader, where, "bone");
      ob_warning(loader, "unknown-reference", at, NULL,
                 "no bone has the id \"%s\"; the slider is skipped "
                 "(spec §7.5)",
                 bone);
      free(at);
    }
  } else if (input) {
    slider->source = OB_SLIDER_INPUT;
    slider->input_default = input_default(root, input);
    slider->input = input;
    input = NULL;
  } else {
    slider->source = OB_SLIDER_NOTHING;
  }
  free(bone);
  free(input);
}

void ob_load_sliders(ob_loader *loader, json_t *root, json_t *skeleton) {
  anima_bone_model *model = loader->model;
  json_t *sliders = ob_array(loader, skeleton, "/skeleton", "sliders", false);
  size_t count = json_array_size(sliders);
  model->sliders = calloc(count ? count : 1, sizeof *model->sliders);
  if (model->sliders == NULL) {
    loader->out_of_memory = true;
    return;
  }
  char *list = ob_pointer_key(loader, "/skeleton", "sliders");
  for (size_t i = 0; i < count; i++) {
    char *where;
    json_t *object = ob_object_at(loader, sliders, list, i, NULL, &where);
    if (object) {
      load_slider(loader, root, object, where,
                  &model->sliders[model->slider_count++]);
    }
    free(where);
  }
  free(list);
}
