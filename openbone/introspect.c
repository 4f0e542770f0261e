/*
 * introspect.c — what a loaded model holds (openbone.h "Introspection"),
 * for `anima bone inspect` and hosts that list animations and skins.
 */
#include "model.h"

void anima_bone_model_info_get(const anima_bone_model *model,
                               anima_bone_model_info *out) {
  anima_bone_model_info info = {0};
  info.bones = model->bone_count;
  info.slots = model->slot_count;
  for (size_t i = 0; i < model->constraint_count; i++) {
    switch (model->constraints[i].kind) {
    case OB_CONSTRAINT_IK:
      info.ik++;
      break;
    case OB_CONSTRAINT_TRANSFORM:
      info.transform++;
      break;
    case OB_CONSTRAINT_PATH:
      info.path++;
      break;
    case OB_CONSTRAINT_PHYSICS:
      info.physics++;
      break;
    }
  }
  info.sliders = model->slider_count;
  info.skins = model->skin_count;
  info.animations = model->animation_count;
  info.events = model->event_count;
  info.machines = model->machine_count;
  info.unsupported = model->unsupported;
  info.reference_scale = model->reference_scale;
  *out = info;
}

const char *anima_bone_model_constraint(const anima_bone_model *model,
                                        size_t position, const char **kind) {
  static const char *kinds[] = {"ik", "transform", "path", "physics"};
  if (position >= model->constraint_count) {
    return NULL;
  }
  const ob_constraint_data *c =
      &model->constraints[model->constraint_order[position]];
  if (kind) {
    *kind = kinds[c->kind];
  }
  return c->name;
}

const char *anima_bone_model_animation(const anima_bone_model *model,
                                       size_t index, double *duration) {
  if (index >= model->animation_count) {
    return NULL;
  }
  if (duration) {
    *duration = model->animations[index].duration;
  }
  return model->animations[index].name;
}

const char *anima_bone_model_skin_name(const anima_bone_model *model,
                                       size_t index) {
  return index < model->skin_count ? model->skins[index].name : NULL;
}

const char *anima_bone_model_bone_parent(const anima_bone_model *model,
                                         size_t index) {
  if (index >= model->bone_count || model->bones[index].parent < 0) {
    return NULL;
  }
  return model->bones[model->bones[index].parent].name;
}

bool anima_bone_model_text_font(const anima_bone_model *model, size_t index,
                                const char **font, double *weight,
                                const char **pointer, const char **source) {
  for (size_t k = 0; k < model->skin_count; k++) {
    for (size_t slot = 0; slot < model->slot_count; slot++) {
      const ob_skin_slot *list = &model->skins[k].slots[slot];
      for (size_t a = 0; a < list->count; a++) {
        const ob_text_data *text = list->attachments[a].text;
        if (list->attachments[a].type != OB_ATTACHMENT_TEXT || text == NULL) {
          continue;
        }
        if (index-- > 0) {
          continue;
        }
        if (font) {
          *font = text->font;
        }
        if (weight) {
          *weight = text->weight;
        }
        if (pointer) {
          *pointer = text->pointer;
        }
        if (source) {
          *source = text->text;
        }
        return true;
      }
    }
  }
  return false;
}
