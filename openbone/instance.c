/*
 * instance.c — creating an instance (spec §2 "Skeleton construction"),
 * setSkin (§2, §3.3), advance without a state machine (§3) and the
 * getters of openbone.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "script.h"

/* Registers `attachment` as a deform target of `slot` (deduplicated). */
static bool add_deform(anima_bone_instance *instance, size_t slot,
                       const char *attachment, size_t capacity) {
  ob_slot_state *state = &instance->slots[slot];
  if (ob_slot_deform(state, attachment)) {
    return true;
  }
  ob_deform *grown =
      realloc(state->deforms, (state->deform_count + 1) * sizeof *grown);
  if (grown == NULL) {
    return false;
  }
  state->deforms = grown;
  ob_deform *deform = &grown[state->deform_count];
  memset(deform, 0, sizeof *deform);
  deform->attachment = attachment;
  deform->offsets = calloc(capacity ? capacity : 1, sizeof(double));
  if (deform->offsets == NULL) {
    return false;
  }
  state->deform_count++;
  return true;
}

/* Registers `attachment` as a sequence-frame target of `slot`. */
static bool add_sequence(anima_bone_instance *instance, size_t slot,
                         const char *attachment) {
  ob_slot_state *state = &instance->slots[slot];
  if (ob_slot_sequence(state, attachment)) {
    return true;
  }
  ob_sequence_key *grown =
      realloc(state->sequences, (state->sequence_count + 1) * sizeof *grown);
  if (grown == NULL) {
    return false;
  }
  state->sequences = grown;
  grown[state->sequence_count].attachment = attachment;
  grown[state->sequence_count].frame = 0;
  grown[state->sequence_count].set = false;
  state->sequence_count++;
  return true;
}

/* The most particles any attachment a skin gives `slot` may keep. */
static size_t particle_capacity(const anima_bone_model *model, size_t slot) {
  size_t most = 0;
  for (size_t s = 0; s < model->skin_count; s++) {
    const ob_skin_slot *entry = &model->skins[s].slots[slot];
    for (size_t a = 0; a < entry->count; a++) {
      const ob_particle_data *p = entry->attachments[a].particles;
      if (p && p->max_particles > most) {
        most = p->max_particles;
      }
    }
  }
  return most;
}

/* §8.8, §8.9: emitters with their fixed storage, particle values, the
 * per-vertex colour buffer and the text records; `extra` vertices and
 * indices the particle items need beyond the other items. */
static bool allocate_particles(anima_bone_instance *instance, size_t slots) {
  const anima_bone_model *model = instance->model;
  size_t total = 0;
  for (size_t i = 0; i < model->slot_count; i++) {
    total += particle_capacity(model, i);
  }
  instance->emitters = calloc(slots, sizeof *instance->emitters);
  instance->particle_store =
      calloc(total ? total : 1, sizeof *instance->particle_store);
  instance->particle_values = calloc(slots, sizeof *instance->particle_values);
  instance->emit_pending = calloc(slots, sizeof(double));
  instance->text_records = calloc(slots, sizeof *instance->text_records);
  instance->text_offset = calloc(slots + 1, sizeof(size_t));
  if (!instance->emitters || !instance->particle_store ||
      !instance->particle_values || !instance->emit_pending ||
      !instance->text_records || !instance->text_offset) {
    return false;
  }
  size_t at = 0;
  for (size_t i = 0; i < model->slot_count; i++) {
    instance->emitters[i].particles = instance->particle_store + at;
    instance->emitters[i].capacity = particle_capacity(model, i);
    at += instance->emitters[i].capacity;
  }
  /* one quad per particle: 4 vertices and 6 indices */
  instance->vertex_capacity += 4 * total;
  instance->index_capacity += 6 * total;
  return ob_text_reserve(instance, 0);
}

static bool allocate(anima_bone_instance *instance) {
  const anima_bone_model *model = instance->model;
  size_t bones = model->bone_count ? model->bone_count : 1;
  size_t slots = model->slot_count ? model->slot_count : 1;
  size_t constraints = model->constraint_count ? model->constraint_count : 1;
  instance->bones = calloc(bones, sizeof *instance->bones);
  instance->setup_world = calloc(bones, sizeof *instance->setup_world);
  instance->slots = calloc(slots, sizeof *instance->slots);
  instance->draw_order = calloc(slots, sizeof(size_t));
  instance->order_scratch = calloc(slots, sizeof(size_t));
  instance->order_taken = calloc(slots, sizeof(bool));
  instance->values = calloc(constraints, sizeof *instance->values);
  instance->constraint_active = calloc(constraints, sizeof(bool));
  instance->array_scratch =
      calloc(model->max_deform ? model->max_deform : 1, sizeof(double));
  size_t points = model->max_vertices > 4 ? model->max_vertices : 4;
  instance->vertex_capacity = slots * points;
  size_t indices = model->max_indices > 6 ? model->max_indices : 6;
  instance->index_capacity = slots * indices;
  if (!allocate_particles(instance, slots)) {
    return false;
  }
  instance->color_buffer = calloc(4 * instance->vertex_capacity, sizeof(float));
  if (instance->color_buffer == NULL) {
    return false;
  }
  instance->items = calloc(slots, sizeof *instance->items);
  instance->boxes = calloc(slots, sizeof *instance->boxes);
  instance->masks = calloc(slots, sizeof *instance->masks);
  instance->mask_buffer = calloc(2 * instance->vertex_capacity, sizeof(float));
  instance->vertex_buffer =
      calloc(2 * instance->vertex_capacity, sizeof(float));
  instance->uv_buffer = calloc(2 * instance->vertex_capacity, sizeof(float));
  instance->box_buffer = calloc(2 * instance->vertex_capacity, sizeof(float));
  instance->index_buffer = calloc(instance->index_capacity, sizeof(unsigned));
  instance->physics = calloc(constraints, sizeof *instance->physics);
  size_t path_points = model->max_vertices ? model->max_vertices : 1;
  size_t chain = model->max_constraint_bones + 1;
  instance->path_points = calloc(2 * path_points, sizeof(float));
  instance->path_table = calloc((path_points / 3 + 1) * 32 + 1, sizeof(double));
  instance->path_lengths = calloc(chain, sizeof(double));
  instance->path_spots = calloc(chain, sizeof *instance->path_spots);
  instance->slider_pose = calloc(bones, sizeof *instance->slider_pose);
  instance->slider_inherit = calloc(bones, sizeof *instance->slider_inherit);
  if (!instance->physics || !instance->path_points || !instance->path_table ||
      !instance->path_lengths || !instance->path_spots ||
      !instance->slider_pose || !instance->slider_inherit) {
    return false;
  }
  if (!instance->bones || !instance->setup_world || !instance->slots ||
      !instance->draw_order || !instance->order_scratch ||
      !instance->order_taken || !instance->values ||
      !instance->constraint_active || !instance->array_scratch ||
      !instance->items || !instance->boxes || !instance->masks ||
      !instance->mask_buffer || !instance->vertex_buffer ||
      !instance->uv_buffer || !instance->box_buffer ||
      !instance->index_buffer) {
    return false;
  }
  for (size_t a = 0; a < model->animation_count; a++) {
    const ob_animation_data *animation = &model->animations[a];
    for (size_t t = 0; t < animation->timeline_count; t++) {
      const ob_timeline *timeline = &animation->timelines[t];
      if (timeline->target == OB_TARGET_DEFORM && timeline->index >= 0 &&
          timeline->attachment &&
          !add_deform(instance, (size_t)timeline->index, timeline->attachment,
                      model->max_deform)) {
        return false;
      }
      if (timeline->target == OB_TARGET_SEQUENCE && timeline->index >= 0 &&
          timeline->attachment &&
          !add_sequence(instance, (size_t)timeline->index,
                        timeline->attachment)) {
        return false;
      }
    }
  }
  return true;
}

anima_status anima_bone_instance_create(const anima_bone_model *model,
                                        anima_bone_instance **out) {
  *out = NULL;
  if (model == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_bone_instance *instance = calloc(1, sizeof *instance);
  if (instance == NULL) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  instance->model = model;
  instance->skin = -1;
  if (!allocate(instance)) {
    anima_bone_instance_destroy(instance);
    return ANIMA_ERROR_NO_MEMORY;
  }
  /* A bone never active keeps the identity world (§3.3). setupWorld
   * (§7.2, core/setup.ts): the setup pose without constraints, root·s. */
  const ob_matrix identity = {1, 0, 0, 1, 0, 0};
  for (size_t i = 0; i < model->bone_count; i++) {
    const ob_bone_data *bone = &model->bones[i];
    instance->bones[i].world = identity;
    instance->setup_world[i] = ob_bone_world(
        bone->parent >= 0 ? &instance->setup_world[bone->parent] : &identity,
        &bone->setup, bone->parent >= 0 ? bone->inherit : OB_INHERIT_NORMAL);
  }
  ob_update_active(instance);
  ob_set_to_setup_pose(instance);
  ob_update_world_transform(instance);
  *out = instance;
  return ANIMA_OK;
}

void anima_bone_instance_destroy(anima_bone_instance *instance) {
  if (instance == NULL) {
    return;
  }
  ob_state_free(instance);
  ob_machine_free(instance);
  ob_script_strings_clear(instance);
  free(instance->script_strings);
  for (size_t i = 0; instance->slots && i < instance->model->slot_count; i++) {
    for (size_t d = 0; d < instance->slots[i].deform_count; d++) {
      free(instance->slots[i].deforms[d].offsets);
    }
    free(instance->slots[i].deforms);
    free(instance->slots[i].sequences);
  }
  free(instance->bones);
  free(instance->setup_world);
  free(instance->slots);
  free(instance->draw_order);
  free(instance->order_scratch);
  free(instance->order_taken);
  free(instance->values);
  free(instance->constraint_active);
  free(instance->array_scratch);
  free(instance->events);
  free(instance->audio);
  free(instance->playing);
  free(instance->items);
  free(instance->boxes);
  free(instance->masks);
  free(instance->mask_buffer);
  free(instance->vertex_buffer);
  free(instance->uv_buffer);
  free(instance->box_buffer);
  free(instance->index_buffer);
  free(instance->physics);
  free(instance->path_points);
  free(instance->path_table);
  free(instance->path_lengths);
  free(instance->path_spots);
  free(instance->slider_pose);
  free(instance->slider_inherit);
  free(instance->emitters);
  free(instance->particle_store);
  free(instance->particle_values);
  free(instance->emit_pending);
  free(instance->color_buffer);
  free(instance->text_records);
  free(instance->text_buffer);
  free(instance->text_offset);
  free(instance);
}

void anima_bone_instance_set_skin(anima_bone_instance *instance,
                                  const char *reference) {
  long found = anima_bone_model_find_skin(instance->model, reference);
  /* §3.3: skipped when the skin and the flags' skin are both unchanged. */
  if (found == instance->skin && found == instance->flags_skin) {
    return;
  }
  instance->skin = found;
  ob_update_active(instance);
}

anima_status anima_bone_instance_advance(anima_bone_instance *instance,
                                         double dt) {
  if (!(dt >= 0) || !isfinite(dt) || !isfinite(instance->time + dt)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (instance->machine) {
    ob_machine_advance(instance, dt); /* §9.1 replaces §3 */
  } else {
    ob_state_update(instance, dt);
    ob_set_to_setup_pose(instance);
    ob_state_apply(instance);
    if (dt > 0) { /* skeleton.update(dt) */
      instance->clock += dt;
      instance->pending_dt += dt;
      instance->particle_pending += dt;
    }
    ob_update_world_transform(instance);
  }
  instance->time += dt;
  if (instance->event_overflow) {
    instance->event_overflow = false;
    return ANIMA_ERROR_NO_MEMORY;
  }
  return ANIMA_OK;
}

double anima_bone_instance_time(const anima_bone_instance *instance) {
  return instance->time;
}

bool anima_bone_world(const anima_bone_instance *instance, size_t index,
                      double out[6]) {
  if (index >= instance->model->bone_count) {
    return false;
  }
  const ob_matrix *w = &instance->bones[index].world;
  out[0] = w->a;
  out[1] = w->b;
  out[2] = w->c;
  out[3] = w->d;
  out[4] = w->x;
  out[5] = w->y;
  return true;
}

bool anima_bone_slot(const anima_bone_instance *instance, size_t index,
                     anima_bone_slot_state *out) {
  if (index >= instance->model->slot_count) {
    return false;
  }
  const ob_slot_state *slot = &instance->slots[index];
  out->attachment = slot->attachment;
  out->color[0] = slot->color.r;
  out->color[1] = slot->color.g;
  out->color[2] = slot->color.b;
  out->color[3] = slot->color.a;
  out->has_dark = slot->has_dark;
  out->dark[0] = slot->dark.r;
  out->dark[1] = slot->dark.g;
  out->dark[2] = slot->dark.b;
  out->dark[3] = slot->dark.a;
  return true;
}

size_t anima_bone_event_count(const anima_bone_instance *instance) {
  return instance->event_count;
}

const anima_bone_event *
anima_bone_event_get(const anima_bone_instance *instance, size_t index) {
  return index < instance->event_count ? &instance->events[index] : NULL;
}

void anima_bone_events_clear(anima_bone_instance *instance) {
  instance->event_count = 0;
  ob_script_strings_clear(instance); /* the strings scripts' events held */
}
