/*
 * load_internal.h — helpers shared by the loader's files (load*.c): typed
 * field reads that report a diagnostic with a JSON pointer, the document's
 * id set, and the resolution of ids to indices.
 */
#ifndef ANIMA_OPENBONE_LOAD_INTERNAL_H
#define ANIMA_OPENBONE_LOAD_INTERNAL_H

#include <jansson.h>
#include <stdbool.h>

#include "model.h"

typedef struct ob_loader {
  anima_diagnostics *diagnostics;
  size_t errors;
  bool out_of_memory;
  anima_bone_model *model;
  json_t *ids;       /* every id of the document → 1 (Part B rule 2) */
  json_t *bone_ids;  /* bone id → index */
  json_t *slot_ids;  /* slot id → model slot index (dropped slots absent) */
  json_t *event_ids; /* event id → index */
  json_t *image_ids; /* image id → index in `images` */
  json_t *images;    /* the document's `images` (borrowed) */
  json_t *root;      /* the document (borrowed) */
  json_t *constraint_ids; /* constraint id → index */
  json_t *page_ids;       /* atlas page id → index */
  json_t *image_regions;  /* image id → index of its atlas region */
  size_t particle_total;  /* the maxParticles of every particles attachment */
} ob_loader;

/* A JSON pointer built from a parent and one key or index (RFC 6901
 * escaping). The caller frees it; NULL when out of memory (the loader then
 * records out_of_memory and uses "" so reading goes on). */
char *ob_pointer_key(ob_loader *loader, const char *base, const char *key);
char *ob_pointer_index(ob_loader *loader, const char *base, size_t index);

void ob_error(ob_loader *loader, const char *code, const char *pointer,
              const char *hint, const char *format, ...)
    __attribute__((format(printf, 5, 6)));
void ob_warning(ob_loader *loader, const char *code, const char *pointer,
                const char *hint, const char *format, ...)
    __attribute__((format(printf, 5, 6)));
/* One `not-implemented` warning; counts towards model->unsupported. */
void ob_unsupported(ob_loader *loader, const char *pointer, const char *what);
/* The same warning for a feature that changes nothing unless a host uses it
 * (state machines, scripts, audio assets): not counted. */
void ob_unsupported_note(ob_loader *loader, const char *pointer,
                         const char *what);

/* Index of `text` among the space-separated `words`, or -1. */
int ob_word(const char *words, const char *text);
/* A string member that must be one of the space-separated `words`: its
 * index. `fallback` when absent (a `missing-key` error too when required),
 * not a string (bad-type) or not one of them (bad-value, `words` as hint). */
int ob_choice(ob_loader *loader, json_t *object, const char *pointer,
              const char *key, const char *words, int fallback, bool required);

/* Warns `unknown-key` for every member not in `allowed` (space separated). */
void ob_check_keys(ob_loader *loader, json_t *object, const char *pointer,
                   const char *allowed);

/* Typed reads. A missing optional member gives `fallback`; a required one
 * (required = true) is a `missing-key` error; a wrong JSON type is a
 * `bad-type` error. Both return the fallback. */
double ob_number(ob_loader *loader, json_t *object, const char *pointer,
                 const char *key, double fallback, bool required);
bool ob_bool(ob_loader *loader, json_t *object, const char *pointer,
             const char *key, bool fallback);
/* A string member copied (caller frees); NULL when absent, null (if
 * `nullable`) or wrong. A required string must be present and non-null. */
char *ob_string(ob_loader *loader, json_t *object, const char *pointer,
                const char *key, bool required, bool nullable);
/* An array member: NULL when absent (missing-key if required) or not an
 * array (bad-type). */
json_t *ob_array(ob_loader *loader, json_t *object, const char *pointer,
                 const char *key, bool required);
/* An object that is a list element; reports bad-type otherwise. */
bool ob_is_object(ob_loader *loader, json_t *value, const char *pointer);
/* Element `index` of the array `list` (whose pointer is `base`) when it is
 * an object, its members checked against `allowed` (ob_check_keys; NULL:
 * not checked) and its pointer in `*at` (the caller frees it). NULL, with
 * a bad-type error and `*at` NULL, when the element is not an object. */
json_t *ob_object_at(ob_loader *loader, json_t *list, const char *base,
                     size_t index, const char *allowed, char **at);

/* Reads `id` (required, non-empty, unique in the document: duplicate-id). */
char *ob_id(ob_loader *loader, json_t *object, const char *pointer);
/* The index stored for `id` in `map`, or -1. */
long ob_lookup(json_t *map, const char *id);
bool ob_remember(ob_loader *loader, json_t *map, const char *id, size_t index);

/* The `image` member (an id of the document's `images`, or null) copied
 * (caller frees), with its index in `images` in `*index` (when not NULL;
 * -1 for none). NULL when absent or null, and when the id names no image:
 * then after an `unknown-reference` warning "no image has the id …;
 * <consequence>". */
char *ob_image_member(ob_loader *loader, json_t *object, const char *pointer,
                      const char *consequence, long *index);
/* The `blend` member (normal, additive, multiply or screen; default
 * normal) copied (caller frees; NULL with out_of_memory). */
char *ob_blend_member(ob_loader *loader, json_t *object, const char *pointer);

/* The required `count` member, a whole number ≥ 0 of particles (§8.8
 * bursts, emitParticles): 0 after a bad-value error ("<what> must be a
 * whole number of particles") otherwise. */
double ob_particle_count(ob_loader *loader, json_t *object, const char *pointer,
                         const char *what);

/* A colour member (§4.5 spellings), `fallback` when absent. */
ob_color ob_color_member(ob_loader *loader, json_t *object, const char *pointer,
                         const char *key, ob_color fallback);
/* Parses a colour value at `pointer`; false (with bad-color) when wrong. */
bool ob_color_value(ob_loader *loader, json_t *value, const char *pointer,
                    ob_color *out);

/* load.c: the index among a constraint kind's live values (OB_TRANSFORM_*,
 * OB_PATH_*, OB_PHYSICS_*) of a keyable numeric property, or -1. */
int ob_constraint_value(int kind, const char *name);

/* load_slider.c: skeleton.sliders (§7.5), after the animations. */
void ob_load_sliders(ob_loader *loader, json_t *root, json_t *skeleton);

/* load_skin.c */
void ob_load_skins(ob_loader *loader, json_t *skins, const char *pointer);
void ob_free_attachment(ob_attachment *attachment);
/* A list of numbers (bad-type when an element is not one); caller frees. */
double *ob_numbers(ob_loader *loader, json_t *object, const char *pointer,
                   const char *key, bool required, size_t *count);

/* load_shape.c: clipping and shape attachments (§8.4, §8.5), their
 * outlines triangulated once here. */
#define OB_POLYGON_MAXIMUM 1024
void ob_read_clipping(ob_loader *loader, json_t *object, const char *pointer,
                      ob_attachment *attachment);
void ob_read_shape(ob_loader *loader, json_t *object, const char *pointer,
                   ob_attachment *attachment);
/* load_atlas.c: the packed atlas (§8.7), after `images`, before skins. */
void ob_load_atlas(ob_loader *loader, json_t *root);
/* The atlas region of image `image` (an id), or -1 when it is not packed. */
long ob_image_region(ob_loader *loader, const char *image);
/* Grows the model's largest vertex and index counts for a region attachment
 * drawn with the polygon of `region` (-1: nothing). */
void ob_note_region_size(ob_loader *loader, long region);
void ob_free_atlas(anima_bone_model *model);
/* load_particles.c: particles (§8.8) and text (§8.9) attachments. */
void ob_read_particles(ob_loader *loader, json_t *object, const char *pointer,
                       ob_attachment *attachment);
void ob_read_text(ob_loader *loader, json_t *object, const char *pointer,
                  ob_attachment *attachment);
void ob_free_particles(ob_particle_data *data);
void ob_free_text(ob_text_data *data);
/* load_animation.c */
/* load_audio.c */
void ob_load_audio(ob_loader *loader, json_t *root);
void ob_free_audio(anima_bone_model *model);
ob_sound_ref ob_resolve_sound(ob_loader *loader, const char *reference,
                              const char *pointer);
/* `prefix` + `name` in a new string (NULL, with out_of_memory, on failure). */
char *ob_prefixed(ob_loader *loader, const char *prefix, const char *name);

/* load_machine.c: `stateMachines` (§9, Part B.7), after the skeleton,
 * audio, events and animations. */
void ob_load_machines(ob_loader *loader, json_t *machines);
void ob_free_machines(anima_bone_model *model);

/* load_script.c (§11): the top-level `scripts` (before the machines), the
 * `scripts` id list of a machine or state (unknown ids warned and left
 * out; *count set; the caller frees), a script by id (-1 = none). */
void ob_load_scripts(ob_loader *loader, json_t *list);
long *ob_load_script_list(ob_loader *loader, json_t *object, const char *where,
                          size_t *count);
long ob_find_script(const anima_bone_model *model, const char *id);
void ob_free_scripts(anima_bone_model *model);

void ob_load_animations(ob_loader *loader, json_t *animations,
                        const char *pointer);

#endif
