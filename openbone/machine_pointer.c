/*
 * machine_pointer.c — spec §9.5: the pointer queue, processPointer (step 3
 * of advance), listener hit tests against last frame's world pose, and the
 * listeners' actions in order (inputs, events, sounds, mute).
 */
#include <math.h>
#include <string.h>

#include "script.h"

anima_status anima_bone_machine_pointer(anima_bone_instance *instance,
                                        anima_bone_pointer_type type, double x,
                                        double y) {
  ob_machine_run *machine = instance->machine;
  if (machine == NULL || (unsigned)type > ANIMA_BONE_POINTER_MOVE ||
      !isfinite(x) || !isfinite(y)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (machine->pointer_count == OB_POINTER_QUEUE) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  ob_pointer_event *event = &machine->pointers[machine->pointer_count++];
  event->type = type;
  event->x = x;
  event->y = y;
  return ANIMA_OK;
}

/* The first bounding box among the slot's attachments: the default skin's
 * names overlaid by the active skin's (§9.5), in their stored key order. */
static const ob_attachment *first_box(const anima_bone_instance *instance,
                                      size_t slot) {
  const anima_bone_model *model = instance->model;
  const ob_skin_slot *base = model->skin_count > 0 && model->skins[0].slots
                                 ? &model->skins[0].slots[slot]
                                 : NULL;
  const ob_skin_slot *active =
      instance->skin > 0 && model->skins[instance->skin].slots
          ? &model->skins[instance->skin].slots[slot]
          : NULL;
  for (size_t i = 0; base && i < base->count; i++) {
    const ob_attachment *att = &base->attachments[i];
    for (size_t k = 0; active && k < active->count; k++) {
      if (strcmp(active->attachments[k].name, att->name) == 0) {
        att = &active->attachments[k];
        break;
      }
    }
    if (att->type == OB_ATTACHMENT_BOUNDING_BOX) {
      return att;
    }
  }
  for (size_t k = 0; active && k < active->count; k++) {
    const ob_attachment *att = &active->attachments[k];
    bool in_base = false;
    for (size_t i = 0; base && i < base->count && !in_base; i++) {
      in_base = strcmp(base->attachments[i].name, att->name) == 0;
    }
    if (!in_base && att->type == OB_ATTACHMENT_BOUNDING_BOX) {
      return att;
    }
  }
  return NULL;
}

static bool hit_test(anima_bone_instance *instance, size_t slot, double x,
                     double y) {
  const char *name = instance->slots[slot].attachment;
  const ob_attachment *current =
      name ? ob_attachment_lookup(instance, slot, name) : NULL;
  const ob_attachment *polygon = current;
  if (!(current && current->type == OB_ATTACHMENT_BOUNDING_BOX)) {
    const ob_attachment *box = first_box(instance, slot);
    if (box) {
      polygon = box;
    }
  }
  if (polygon == NULL) {
    return false;
  }
  float *points = instance->machine->hit_polygon;
  size_t n = ob_hit_polygon(instance, slot, polygon, points);
  return n > 0 && ob_point_in_polygon(points, n, x, y);
}

static void report_event(anima_bone_instance *instance, long index) {
  const ob_event_data *event = &instance->model->events[index];
  ob_play_options options = {
      event->has_volume,  event->volume, false, 0, false, false, 0, -1, -1,
      event->audio_source};
  ob_audio_play(instance, event->audio, &options);
  ob_push_record(instance, event->name, instance->machine->elapsed,
                 event->int_value, event->float_value, event->string);
}

static void set_mute(anima_bone_instance *instance, const ob_action *action) {
  ob_machine_run *machine = instance->machine;
  if (action->bus_missing) {
    return;
  }
  bool *flag = action->bus >= 0 ? &machine->bus_muted[action->bus]
                                : &machine->master_muted;
  *flag = action->mute == OB_MUTE_TOGGLE ? !*flag : action->mute == OB_MUTE_ON;
  ob_audio_mix(instance,
               action->bus >= 0 ? instance->model->buses[action->bus].id : NULL,
               *flag);
}

static void run_actions(anima_bone_instance *instance,
                        const ob_listener_data *listener) {
  ob_machine_run *machine = instance->machine;
  for (size_t i = 0; i < listener->action_count; i++) {
    const ob_action *action = &listener->actions[i];
    switch (action->type) {
    case OB_ACTION_SET_INPUT:
      if (action->input >= 0 &&
          !ob_machine_set_input(instance, (size_t)action->input,
                                &action->value)) {
        instance->event_overflow = true;
      }
      break;
    case OB_ACTION_TOGGLE_INPUT:
      if (action->input >= 0) {
        ob_value flipped = {
            OB_VALUE_BOOL, !ob_js_truthy(&machine->inputs[action->input].value),
            0, NULL};
        if (!ob_machine_set_input(instance, (size_t)action->input, &flipped)) {
          instance->event_overflow = true;
        }
      }
      break;
    case OB_ACTION_FIRE_TRIGGER:
      if (action->input >= 0) {
        machine->inputs[action->input].fired = true;
      }
      break;
    case OB_ACTION_REPORT_EVENT:
      if (action->event >= 0) {
        report_event(instance, action->event);
      }
      break;
    case OB_ACTION_PLAY_SOUND: {
      ob_play_options options = {false, 0, false, 0,  false,
                                 false, 0, -1,    -1, listener->source};
      ob_sound_ref ref = {action->sound, action->asset};
      ob_audio_play(instance, ref, &options);
      break;
    }
    case OB_ACTION_STOP_SOUND:
      ob_audio_stop_sound(instance, action->sound, action->asset,
                          action->has_fade, action->fade);
      break;
    case OB_ACTION_SET_MUTE:
      set_mute(instance, action);
      break;
    case OB_ACTION_SET_EMITTER:
      ob_machine_set_emitter(instance, action->slot, action->emitting);
      break;
    case OB_ACTION_EMIT_PARTICLES:
      if (action->slot >= 0) { /* added on the next particle step */
        instance->emit_pending[action->slot] += action->count;
      }
      break;
    case OB_ACTION_RUN_SCRIPT:
      ob_scripts_run(instance, action->script, action->fn);
      break;
    default:
      break;
    }
  }
}

static void listen(anima_bone_instance *instance, size_t index,
                   const ob_pointer_event *event) {
  const ob_listener_data *listener = &instance->machine->data->listeners[index];
  ob_listener_run *state = &instance->machine->listeners[index];
  bool hit = listener->any_slot ||
             (listener->slot >= 0 &&
              hit_test(instance, (size_t)listener->slot, event->x, event->y));
  bool fire = false;
  switch (listener->event) {
  case OB_LISTEN_DOWN:
    fire = event->type == ANIMA_BONE_POINTER_DOWN && hit;
    break;
  case OB_LISTEN_UP:
    fire = event->type == ANIMA_BONE_POINTER_UP && hit;
    break;
  case OB_LISTEN_MOVE:
    fire = event->type == ANIMA_BONE_POINTER_MOVE && hit;
    break;
  case OB_LISTEN_CLICK:
    if (event->type == ANIMA_BONE_POINTER_DOWN && hit) {
      state->pressed = true;
    } else if (event->type == ANIMA_BONE_POINTER_UP) {
      fire = hit && state->pressed;
      state->pressed = false;
    }
    break;
  case OB_LISTEN_ENTER:
  case OB_LISTEN_EXIT:
    if (hit && !state->hovered) {
      state->hovered = true;
      fire = listener->event == OB_LISTEN_ENTER;
    } else if (!hit && state->hovered) {
      state->hovered = false;
      fire = listener->event == OB_LISTEN_EXIT;
    }
    break;
  }
  if (fire) {
    run_actions(instance, listener);
  }
}

void ob_machine_process_pointer(anima_bone_instance *instance) {
  ob_machine_run *machine = instance->machine;
  for (size_t e = 0; e < machine->pointer_count; e++) {
    const ob_pointer_event *event = &machine->pointers[e];
    machine->pointer_x = event->x;
    machine->pointer_y = event->y;
    if (event->type == ANIMA_BONE_POINTER_DOWN) {
      machine->pointer_down = true;
    } else if (event->type == ANIMA_BONE_POINTER_UP) {
      machine->pointer_down = false;
    }
    ob_scripts_pointer(instance, event); /* before the listeners */
    for (size_t l = 0; l < machine->data->listener_count; l++) {
      listen(instance, l, event);
    }
  }
  machine->pointer_count = 0;
}
