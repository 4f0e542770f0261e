/*
 * load_audio.c — audio assets, sounds and buses (OPENBONE-FORMAT-NOTES.md
 * Part B.8) and the sound references of audio keys and events, resolved
 * once here as §10 `resolveSound` does: a sound by id, then by name; else
 * an audio asset by id, then by name (a raw asset play); else nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "load_internal.h"

/* Index of the entry whose id, then name, is `reference`, or -1. */
#define FIND(list, count, reference)                                           \
  do {                                                                         \
    for (size_t k_ = 0; k_ < (count); k_++) {                                  \
      if ((list)[k_].id && strcmp((list)[k_].id, (reference)) == 0) {          \
        return (long)k_;                                                       \
      }                                                                        \
    }                                                                          \
    for (size_t k_ = 0; k_ < (count); k_++) {                                  \
      if ((list)[k_].name && strcmp((list)[k_].name, (reference)) == 0) {      \
        return (long)k_;                                                       \
      }                                                                        \
    }                                                                          \
    return -1;                                                                 \
  } while (0)

static long find_sound(const anima_bone_model *model, const char *reference) {
  FIND(model->sounds, model->sound_count, reference);
}

static long find_asset(const anima_bone_model *model, const char *reference) {
  FIND(model->assets, model->asset_count, reference);
}

static long find_bus(const anima_bone_model *model, const char *reference) {
  FIND(model->buses, model->bus_count, reference);
}

ob_sound_ref ob_resolve_sound(ob_loader *loader, const char *reference,
                              const char *pointer) {
  ob_sound_ref ref = {-1, -1};
  if (reference == NULL) {
    return ref;
  }
  ref.sound = find_sound(loader->model, reference);
  if (ref.sound < 0) {
    ref.asset = find_asset(loader->model, reference);
  }
  if (ref.sound < 0 && ref.asset < 0) {
    ob_warning(loader, "unknown-reference", pointer, NULL,
               "no sound or audio asset has the id or name \"%s\"; nothing "
               "plays (spec §10)",
               reference);
  }
  return ref;
}

/* Reads the list `key` of objects, calling `read` on each. */
static void each(ob_loader *loader, json_t *root, const char *key,
                 void (*read)(ob_loader *, json_t *, const char *)) {
  json_t *list = ob_array(loader, root, "", key, false);
  char *at = ob_pointer_key(loader, "", key);
  for (size_t i = 0; i < json_array_size(list); i++) {
    char *where;
    json_t *item = ob_object_at(loader, list, at, i, NULL, &where);
    if (item) {
      read(loader, item, where);
    }
    free(where);
  }
  free(at);
}

static void read_asset(ob_loader *loader, json_t *object, const char *at) {
  anima_bone_model *model = loader->model;
  ob_check_keys(loader, object, at, "id name duration src");
  ob_asset_data *asset = &model->assets[model->asset_count++];
  asset->id = ob_id(loader, object, at);
  asset->name = ob_string(loader, object, at, "name", true, false);
  asset->duration = ob_number(loader, object, at, "duration", 0, false);
}

static void read_bus(ob_loader *loader, json_t *object, const char *at) {
  anima_bone_model *model = loader->model;
  ob_check_keys(loader, object, at, "id name muted");
  ob_bus_data *bus = &model->buses[model->bus_count++];
  bus->id = ob_id(loader, object, at);
  bus->name = ob_string(loader, object, at, "name", true, false);
  bus->muted = ob_bool(loader, object, at, "muted", false);
}

static long reference(ob_loader *loader, json_t *object, const char *at,
                      const char *key, bool required,
                      long (*find)(const anima_bone_model *, const char *)) {
  char *id = ob_string(loader, object, at, key, required, true);
  long index = id ? find(loader->model, id) : -1;
  if (id && index < 0) {
    char *where = ob_pointer_key(loader, at, key);
    ob_warning(loader, "unknown-reference", where, NULL,
               "no %s has the id or name \"%s\"", key, id);
    free(where);
  }
  free(id);
  return index;
}

static void read_sound(ob_loader *loader, json_t *object, const char *at) {
  anima_bone_model *model = loader->model;
  ob_check_keys(loader, object, at,
                "id name asset bus volume rate loop fadeIn fadeOut");
  ob_sound_data *sound = &model->sounds[model->sound_count++];
  sound->id = ob_id(loader, object, at);
  sound->name = ob_string(loader, object, at, "name", true, false);
  sound->asset = reference(loader, object, at, "asset", true, find_asset);
  sound->bus = reference(loader, object, at, "bus", false, find_bus);
  sound->volume = ob_number(loader, object, at, "volume", 1, false);
  sound->rate = ob_number(loader, object, at, "rate", 1, false);
  sound->loop = ob_bool(loader, object, at, "loop", false);
  sound->fade_in = ob_number(loader, object, at, "fadeIn", 0, false);
  sound->fade_out = ob_number(loader, object, at, "fadeOut", 0, false);
}

void ob_load_audio(ob_loader *loader, json_t *root) {
  anima_bone_model *model = loader->model;
  size_t assets = json_array_size(json_object_get(root, "audioAssets"));
  size_t sounds = json_array_size(json_object_get(root, "sounds"));
  size_t buses = json_array_size(json_object_get(root, "buses"));
  model->assets = calloc(assets ? assets : 1, sizeof *model->assets);
  model->sounds = calloc(sounds ? sounds : 1, sizeof *model->sounds);
  model->buses = calloc(buses ? buses : 1, sizeof *model->buses);
  model->sfx_bus = -1;
  if (!model->assets || !model->sounds || !model->buses) {
    loader->out_of_memory = true;
    return;
  }
  each(loader, root, "audioAssets", read_asset);
  each(loader, root, "buses", read_bus);
  each(loader, root, "sounds", read_sound);
  for (size_t i = 0; i < model->bus_count && model->sfx_bus < 0; i++) {
    if (model->buses[i].name && strcmp(model->buses[i].name, "sfx") == 0) {
      model->sfx_bus = (long)i;
    }
  }
}

void ob_free_audio(anima_bone_model *model) {
  for (size_t i = 0; model->assets && i < model->asset_count; i++) {
    free(model->assets[i].id);
    free(model->assets[i].name);
  }
  for (size_t i = 0; model->sounds && i < model->sound_count; i++) {
    free(model->sounds[i].id);
    free(model->sounds[i].name);
  }
  for (size_t i = 0; model->buses && i < model->bus_count; i++) {
    free(model->buses[i].id);
    free(model->buses[i].name);
  }
  free(model->assets);
  free(model->sounds);
  free(model->buses);
}

char *ob_prefixed(ob_loader *loader, const char *prefix, const char *name) {
  size_t size = strlen(prefix) + (name ? strlen(name) : 0) + 1;
  char *text = malloc(size);
  if (text == NULL) {
    loader->out_of_memory = true;
    return NULL;
  }
  snprintf(text, size, "%s%s", prefix, name ? name : "");
  return text;
}
