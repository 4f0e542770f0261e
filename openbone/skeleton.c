/*
 * skeleton.c — the instance's skeleton: construction (spec §2), active
 * flags (§3.3), setToSetupPose (§3.1), updateWorldTransform (§3.2) with
 * updateSubtree and syncApplied, attachment lookup (§8.1).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "instance.h"

static const ob_matrix identity = {1, 0, 0, 1, 0, 0};

ob_matrix ob_parent_world(const anima_bone_instance *instance, size_t bone) {
  long parent = instance->model->bones[bone].parent;
  return parent >= 0 ? instance->bones[parent].world : identity;
}

void ob_update_world(anima_bone_instance *instance, size_t bone) {
  ob_bone_state *state = &instance->bones[bone];
  long parent = instance->model->bones[bone].parent;
  ob_matrix p = ob_parent_world(instance, bone);
  state->world = ob_bone_world(
      &p, &state->applied, parent >= 0 ? state->inherit : OB_INHERIT_NORMAL);
}

/* Depth-first, children in creation order (§3.2). Bones are parent-first,
 * so the descendants of `bone` are later bones whose parent chain reaches
 * it; walking forward in order visits each after its parent. */
void ob_update_subtree(anima_bone_instance *instance, size_t bone,
                       bool include_self) {
  const anima_bone_model *model = instance->model;
  if (!instance->bones[bone].active) {
    return;
  }
  if (include_self) {
    ob_update_world(instance, bone);
  }
  for (size_t i = bone + 1; i < model->bone_count; i++) {
    long up = model->bones[i].parent;
    while (up >= 0 && (size_t)up != bone) {
      up = model->bones[up].parent;
    }
    if (up < 0) {
      continue;
    }
    /* An inactive bone on the way stops its subtree. */
    bool blocked = false;
    for (long b = (long)i; b >= 0 && (size_t)b != bone;
         b = model->bones[b].parent) {
      blocked |= !instance->bones[b].active;
    }
    if (!blocked) {
      ob_update_world(instance, i);
    }
  }
}

/* §3.2 syncApplied: core/math.ts:localFromWorld with the bone's live
 * inherit mode. Position always; for `normal` the full decomposition with
 * shear X kept. */
void ob_sync_applied(anima_bone_instance *instance, size_t bone) {
  ob_bone_state *state = &instance->bones[bone];
  ob_matrix p = ob_parent_world(instance, bone);
  ob_matrix inverse = ob_invert(&p);
  ob_matrix *w = &state->world;
  double dx = w->x - p.x, dy = w->y - p.y;
  state->applied.x = inverse.a * dx + inverse.b * dy;
  state->applied.y = inverse.c * dx + inverse.d * dy;
  bool normal = instance->model->bones[bone].parent < 0 ||
                state->inherit == OB_INHERIT_NORMAL;
  if (!normal) {
    return;
  }
  ob_matrix linear = {w->a, w->b, w->c, w->d, 0, 0};
  ob_matrix local = ob_multiply(&inverse, &linear);
  ob_pose *a = &state->applied;
  a->scale_x = hypot(local.a, local.c);
  a->scale_y = hypot(local.b, local.d);
  a->rotation = atan2(local.c, local.a) * OB_RAD - a->shear_x;
  a->shear_y = atan2(local.d, local.b) * OB_RAD - 90 - a->rotation;
}

void ob_set_to_setup_pose(anima_bone_instance *instance) {
  const anima_bone_model *model = instance->model;
  for (size_t i = 0; i < model->bone_count; i++) {
    instance->bones[i].pose = model->bones[i].setup;
    instance->bones[i].inherit = model->bones[i].inherit;
  }
  for (size_t i = 0; i < model->slot_count; i++) {
    ob_slot_state *slot = &instance->slots[i];
    slot->color = model->slots[i].color;
    slot->has_dark = model->slots[i].has_dark;
    slot->dark = model->slots[i].dark;
    slot->attachment = model->slots[i].attachment;
    for (size_t d = 0; d < slot->deform_count; d++) {
      slot->deforms[d].set = false;
      slot->deforms[d].length = 0;
    }
    for (size_t q = 0; q < slot->sequence_count; q++) {
      slot->sequences[q].set = false; /* keyed sequence frames cleared */
    }
    instance->draw_order[i] = i;
  }
  instance->has_animation_time = false;
  memset(instance->particle_values, 0,
         (model->slot_count ? model->slot_count : 1) *
             sizeof *instance->particle_values);
  for (size_t i = 0; i < model->constraint_count; i++) {
    memcpy(instance->values[i], model->constraints[i].setup,
           sizeof instance->values[i]);
  }
}

static bool listed_bone(const ob_skin_data *skin, size_t bone) {
  for (size_t i = 0; skin && i < skin->bone_count; i++) {
    if (skin->bones[i] == bone) {
      return true;
    }
  }
  return false;
}

static bool listed_constraint(const ob_skin_data *skin, const char *id) {
  for (size_t i = 0; skin && id && i < skin->constraint_count; i++) {
    if (strcmp(skin->constraints[i], id) == 0) {
      return true;
    }
  }
  return false;
}

static bool bone_off(const anima_bone_instance *instance, long bone) {
  return bone >= 0 && !instance->bones[bone].active;
}

/* §3.3 updateActive. */
void ob_update_active(anima_bone_instance *instance) {
  const anima_bone_model *model = instance->model;
  const ob_skin_data *current =
      instance->skin >= 0 ? &model->skins[instance->skin] : NULL;
  bool any_skin_bones = false;
  for (size_t s = 0; s < model->skin_count; s++) {
    any_skin_bones |= model->skins[s].bone_count > 0;
  }
  for (size_t b = 0; b < model->bone_count; b++) {
    if (!any_skin_bones) {
      instance->bones[b].active = true;
      continue;
    }
    long parent = model->bones[b].parent;
    bool required = false;
    for (size_t s = 0; s < model->skin_count && !required; s++) {
      required = listed_bone(&model->skins[s], b);
    }
    instance->bones[b].active =
        (parent < 0 || instance->bones[parent].active) &&
        (!required || listed_bone(current, b));
  }
  for (size_t i = 0; i < model->constraint_count; i++) {
    const ob_constraint_data *c = &model->constraints[i];
    bool required = false;
    for (size_t s = 0; s < model->skin_count && !required; s++) {
      required = listed_constraint(&model->skins[s], c->id);
    }
    bool skip = required && !listed_constraint(current, c->id);
    if (!skip && any_skin_bones) {
      long target = c->target;
      if (c->kind == OB_CONSTRAINT_PATH && target >= 0) {
        target = (long)model->slots[target].bone; /* the bone of the slot */
      }
      skip = bone_off(instance, target);
      for (size_t b = 0; b < c->bone_count; b++) {
        skip |= bone_off(instance, c->bones[b]);
      }
    }
    instance->constraint_active[i] = !skip;
  }
  instance->flags_skin = instance->skin;
}

void ob_update_world_transform(anima_bone_instance *instance) {
  const anima_bone_model *model = instance->model;
  ob_apply_sliders(instance);
  for (size_t i = 0; i < model->bone_count; i++) {
    if (!instance->bones[i].active) {
      continue;
    }
    instance->bones[i].applied = instance->bones[i].pose;
    ob_update_world(instance, i);
  }
  double dt = instance->pending_dt;
  instance->pending_dt = 0;
  for (size_t k = 0; k < model->constraint_count; k++) {
    size_t c = model->constraint_order[k];
    if (!instance->constraint_active[c]) {
      continue;
    }
    switch (model->constraints[c].kind) {
    case OB_CONSTRAINT_IK:
      ob_apply_ik(instance, c);
      break;
    case OB_CONSTRAINT_TRANSFORM:
      ob_apply_transform(instance, c);
      break;
    case OB_CONSTRAINT_PATH:
      ob_apply_path(instance, c);
      break;
    case OB_CONSTRAINT_PHYSICS:
      ob_apply_physics(instance, c, dt);
      break;
    }
  }
  /* §8.8: particleClock "realtime" (the only clock, FORMAT.md) */
  if (instance->particle_pending > 0) {
    ob_particles_advance(instance, instance->particle_pending);
  }
  instance->particle_pending = 0;
}

const ob_attachment *ob_attachment_lookup(const anima_bone_instance *instance,
                                          size_t slot, const char *name) {
  const anima_bone_model *model = instance->model;
  if (name == NULL || model->skin_count == 0) {
    return NULL;
  }
  long skins[2] = {instance->skin, 0};
  for (int k = 0; k < 2; k++) {
    if (skins[k] < 0) {
      continue;
    }
    const ob_skin_slot *entry = &model->skins[skins[k]].slots[slot];
    for (size_t i = 0; i < entry->count; i++) {
      if (strcmp(entry->attachments[i].name, name) == 0) {
        return &entry->attachments[i];
      }
    }
  }
  return NULL;
}

ob_deform *ob_slot_deform(ob_slot_state *slot, const char *attachment) {
  for (size_t i = 0; attachment && i < slot->deform_count; i++) {
    if (strcmp(slot->deforms[i].attachment, attachment) == 0) {
      return &slot->deforms[i];
    }
  }
  return NULL;
}

ob_sequence_key *ob_slot_sequence(ob_slot_state *slot, const char *attachment) {
  for (size_t i = 0; attachment && i < slot->sequence_count; i++) {
    if (strcmp(slot->sequences[i].attachment, attachment) == 0) {
      return &slot->sequences[i];
    }
  }
  return NULL;
}
