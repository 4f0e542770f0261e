/*
 * slider.c — spec §7.5 applySliders: run first in updateWorldTransform, in
 * array order; each maps a bone's local property (or a state-machine
 * input) from [from, to] to a time of its animation and applies the
 * animation at that time, either mixed (alpha = mix) or additively (the
 * animation's change from the setup pose, times mix, added to the pose).
 * The bones' local pose keeps the result until the next setToSetupPose;
 * animationTime is restored after all sliders.
 */
#include <math.h>

#include "instance.h"

static double *pose_member(ob_pose *pose, ob_property property) {
  switch (property) {
  case OB_PROPERTY_X:
    return &pose->x;
  case OB_PROPERTY_Y:
    return &pose->y;
  case OB_PROPERTY_SCALE_X:
    return &pose->scale_x;
  case OB_PROPERTY_SCALE_Y:
    return &pose->scale_y;
  case OB_PROPERTY_SHEAR_X:
    return &pose->shear_x;
  case OB_PROPERTY_SHEAR_Y:
    return &pose->shear_y;
  default:
    return &pose->rotation;
  }
}

static bool keys_inherit(const ob_animation_data *animation, size_t bone) {
  for (size_t i = 0; i < animation->timeline_count; i++) {
    const ob_timeline *t = &animation->timelines[i];
    if (t->target == OB_TARGET_BONE && t->property == OB_PROPERTY_INHERIT &&
        t->index == (long)bone && t->key_count > 0) {
      return true;
    }
  }
  return false;
}

/* The additive branch: every bone's change from its setup pose under the
 * animation, times mix, added to its saved pose. */
static void apply_additive(anima_bone_instance *instance,
                           const ob_slider_data *slider, double time) {
  const anima_bone_model *model = instance->model;
  size_t count = model->bone_count;
  for (size_t b = 0; b < count; b++) {
    instance->slider_pose[b] = instance->bones[b].pose;
    instance->slider_inherit[b] = instance->bones[b].inherit;
    instance->bones[b].pose = model->bones[b].setup;
    instance->bones[b].inherit = model->bones[b].inherit;
  }
  ob_apply_timelines(instance, slider->animation, time, 1, NULL,
                     OB_TIMELINES_BONES);
  const ob_animation_data *animation = &model->animations[slider->animation];
  double mix = slider->mix;
  for (size_t b = 0; b < count; b++) {
    ob_pose *now = &instance->bones[b].pose;
    const ob_pose *setup = &model->bones[b].setup;
    const ob_pose *saved = &instance->slider_pose[b];
    now->x = saved->x + (now->x - setup->x) * mix;
    now->y = saved->y + (now->y - setup->y) * mix;
    now->rotation =
        saved->rotation + ob_wrap_deg(now->rotation - setup->rotation) * mix;
    now->scale_x = saved->scale_x + (now->scale_x - setup->scale_x) * mix;
    now->scale_y = saved->scale_y + (now->scale_y - setup->scale_y) * mix;
    now->shear_x = saved->shear_x + (now->shear_x - setup->shear_x) * mix;
    now->shear_y = saved->shear_y + (now->shear_y - setup->shear_y) * mix;
    if (!(mix >= 0.5 && keys_inherit(animation, b))) {
      instance->bones[b].inherit = instance->slider_inherit[b];
    }
  }
  ob_apply_timelines(instance, slider->animation, time, mix, NULL,
                     OB_TIMELINES_NOT_BONES);
}

void ob_apply_sliders(anima_bone_instance *instance) {
  const anima_bone_model *model = instance->model;
  if (model->slider_count == 0) {
    return;
  }
  bool had_time = instance->has_animation_time;
  double saved_time = instance->animation_time;
  for (size_t i = 0; i < model->slider_count; i++) {
    const ob_slider_data *slider = &model->sliders[i];
    if (!(slider->mix > 0) || slider->animation < 0) {
      continue;
    }
    double v = 0;
    if (slider->source == OB_SLIDER_BONE) {
      if (slider->bone < 0) {
        continue;
      }
      v = *pose_member(&instance->bones[slider->bone].pose, slider->property);
    } else if (slider->source == OB_SLIDER_INPUT) {
      /* inputValues[input] ‖ first default ‖ 0: a running machine's number
       * inputs are the skeleton's inputValues (§9.1 step 10) */
      v = ob_machine_number_input(instance, slider->input);
      if (v == 0 || isnan(v)) {
        v = slider->input_default;
      }
    }
    double f = slider->to == slider->from
                   ? 0
                   : (v - slider->from) / (slider->to - slider->from);
    if (slider->loop) {
      f -= floor(f);
    } else {
      f = f < 0 ? 0 : f > 1 ? 1 : f;
    }
    double time_from = isnan(slider->time_from) ? 0 : slider->time_from;
    double time_to = slider->time_to;
    if (time_to == 0 || isnan(time_to)) { /* timeTo ‖ duration */
      time_to = model->animations[slider->animation].duration;
    }
    double t = time_from + f * (time_to - time_from);
    if (slider->additive) {
      apply_additive(instance, slider, t);
    } else {
      ob_apply_animation(instance, slider->animation, t, slider->mix, NULL);
    }
  }
  instance->has_animation_time = had_time;
  instance->animation_time = saved_time;
}
