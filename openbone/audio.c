/*
 * audio.c — spec §10 AudioDirector for the AnimationState: play (resolve,
 * the looping (owner, tag) skip, volume × option, rate, fadeIn, the
 * bookkeeping end time), update(dt) (forget finished plays silently),
 * stopOwner; audio keys crossed (§5.2's rule, keeping their array index).
 * Commands go to the instance's list, which grows to its high-water mark.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "instance.h"

static anima_bone_audio_command *new_command(anima_bone_instance *instance) {
  if (instance->audio_count >= OB_MAXIMUM_EVENTS) {
    instance->event_overflow = true;
    return NULL;
  }
  if (instance->audio_count == instance->audio_capacity) {
    size_t capacity =
        instance->audio_capacity ? 2 * instance->audio_capacity : 16;
    anima_bone_audio_command *grown =
        realloc(instance->audio, capacity * sizeof *grown);
    if (grown == NULL) {
      instance->event_overflow = true;
      return NULL;
    }
    instance->audio = grown;
    instance->audio_capacity = capacity;
  }
  anima_bone_audio_command *command = &instance->audio[instance->audio_count++];
  memset(command, 0, sizeof *command);
  return command;
}

static ob_playing *new_playing(anima_bone_instance *instance) {
  if (instance->playing_count == instance->playing_capacity) {
    size_t capacity =
        instance->playing_capacity ? 2 * instance->playing_capacity : 16;
    if (capacity > OB_MAXIMUM_EVENTS) {
      instance->event_overflow = true;
      return NULL;
    }
    ob_playing *grown = realloc(instance->playing, capacity * sizeof *grown);
    if (grown == NULL) {
      instance->event_overflow = true;
      return NULL;
    }
    instance->playing = grown;
    instance->playing_capacity = capacity;
  }
  return &instance->playing[instance->playing_count++];
}

void ob_audio_play(anima_bone_instance *instance, ob_sound_ref ref,
                   const ob_play_options *options) {
  const anima_bone_model *model = instance->model;
  const ob_sound_data *sound =
      ref.sound >= 0 ? &model->sounds[ref.sound] : NULL;
  if (sound == NULL && ref.asset < 0) {
    return; /* unknown ⇒ nothing */
  }
  /* A raw asset plays as {bus "sfx" or null, volume 1, rate 1, loop false,
   * fades 0}. */
  long asset = sound ? sound->asset : ref.asset;
  long bus = sound ? sound->bus : model->sfx_bus;
  bool loop = options->has_loop ? options->loop : sound ? sound->loop : false;
  if (loop && options->tag_animation != -1) {
    for (size_t i = 0; i < instance->playing_count; i++) {
      const ob_playing *p = &instance->playing[i];
      if (p->loop && p->owner == options->owner &&
          p->tag_animation == options->tag_animation &&
          p->tag_key == options->tag_key) {
        return; /* already playing and looping: skipped */
      }
    }
  }
  double volume =
      (sound ? sound->volume : 1) * (options->has_volume ? options->volume : 1);
  double rate = options->has_rate ? options->rate : sound ? sound->rate : 1;
  anima_bone_audio_command *command = new_command(instance);
  ob_playing *playing = command ? new_playing(instance) : NULL;
  if (playing == NULL) {
    if (command) {
      instance->audio_count--;
    }
    return;
  }
  unsigned long id = ++instance->play_serial;
  command->type = ANIMA_BONE_AUDIO_PLAY;
  command->id = id;
  command->sound = sound ? sound->id : model->assets[ref.asset].id;
  command->asset = asset >= 0 ? model->assets[asset].id : NULL;
  command->bus = bus >= 0 ? model->buses[bus].id : NULL;
  command->volume = volume;
  command->rate = rate;
  command->loop = loop;
  command->fade_in = sound ? sound->fade_in : 0;
  command->source = options->source;
  double duration = asset >= 0 ? model->assets[asset].duration : 0;
  playing->id = id;
  playing->owner = options->owner;
  playing->tag_animation = options->tag_animation;
  playing->tag_key = options->tag_key;
  playing->sound = ref.sound;
  playing->asset = sound ? -1 : ref.asset;
  playing->fade_out = sound ? sound->fade_out : 0;
  playing->loop = loop;
  playing->end =
      loop ? INFINITY
           : instance->audio_now + (duration > 0 ? duration / rate : 10);
}

void ob_audio_update(anima_bone_instance *instance, double dt) {
  instance->audio_now += dt;
  size_t kept = 0;
  for (size_t i = 0; i < instance->playing_count; i++) {
    if (!(instance->playing[i].end <= instance->audio_now)) {
      instance->playing[kept++] = instance->playing[i];
    }
  }
  instance->playing_count = kept;
}

void ob_audio_stop_owner(anima_bone_instance *instance, unsigned long owner,
                         double fade) {
  size_t kept = 0;
  for (size_t i = 0; i < instance->playing_count; i++) {
    const ob_playing *p = &instance->playing[i];
    if (p->owner == owner && p->loop) {
      anima_bone_audio_command *command = new_command(instance);
      if (command) {
        command->type = ANIMA_BONE_AUDIO_STOP;
        command->id = p->id;
        command->fade = fmax(fade, p->fade_out);
      }
      continue;
    }
    instance->playing[kept++] = *p;
  }
  instance->playing_count = kept;
}

void ob_audio_stop_sound(anima_bone_instance *instance, long sound, long asset,
                         bool has_fade, double fade) {
  if (sound < 0 && asset < 0) {
    return;
  }
  size_t kept = 0;
  for (size_t i = 0; i < instance->playing_count; i++) {
    const ob_playing *p = &instance->playing[i];
    if (sound >= 0 ? p->sound == sound : (p->sound < 0 && p->asset == asset)) {
      anima_bone_audio_command *command = new_command(instance);
      if (command) {
        command->type = ANIMA_BONE_AUDIO_STOP;
        command->id = p->id;
        command->fade = has_fade ? fade : p->fade_out;
      }
      continue;
    }
    instance->playing[kept++] = *p;
  }
  instance->playing_count = kept;
}

void ob_audio_mix(anima_bone_instance *instance, const char *bus, bool muted) {
  anima_bone_audio_command *command = new_command(instance);
  if (command) {
    command->type = ANIMA_BONE_AUDIO_MIX;
    command->bus = bus;
    command->muted = muted;
  }
}

void ob_audio_reset(anima_bone_instance *instance) {
  instance->playing_count = 0;
  instance->audio_now = 0;
}

/* One audio key crossed: play(key.sound, {volume, rate, loop from the key,
 * owner, tag "<animId>#<keyIndex>", source "key:<anim name>"}). */
static void play_key(anima_bone_instance *instance, long animation,
                     size_t index, unsigned long owner) {
  const ob_animation_data *data = &instance->model->animations[animation];
  const ob_audio_key *key = &data->audio[index];
  ob_play_options options = {
      key->has_volume, key->volume,       key->has_rate, key->rate,
      key->has_loop,   key->loop,         owner,         animation,
      (long)index,     data->audio_source};
  ob_audio_play(instance, key->sound, &options);
}

void ob_audio_keys_between(anima_bone_instance *instance, long animation,
                           double previous, double next, bool loop,
                           unsigned long owner) {
  if (next <= previous) {
    return;
  }
  const ob_animation_data *data = &instance->model->animations[animation];
  double d = data->duration;
  for (size_t i = 0; i < data->audio_count; i++) {
    double time = data->audio[i].time;
    if (!loop || d <= 0) {
      if (previous < time && time <= next) {
        play_key(instance, animation, i, owner);
      }
      continue;
    }
    double first = floor(previous / d), last = floor(next / d);
    if (last - first > OB_MAXIMUM_CYCLES) {
      instance->event_overflow = true;
      return;
    }
    for (double c = first; c <= last; c++) {
      double at = c * d + time;
      if (previous < at && at <= next) {
        play_key(instance, animation, i, owner);
      }
    }
  }
}

size_t anima_bone_audio_count(const anima_bone_instance *instance) {
  return instance->audio_count;
}

const anima_bone_audio_command *
anima_bone_audio_get(const anima_bone_instance *instance, size_t index) {
  return index < instance->audio_count ? &instance->audio[index] : NULL;
}

void anima_bone_audio_clear(anima_bone_instance *instance) {
  instance->audio_count = 0;
}
