/*
 * instance.h — the per-instance state of an OpenBone skeleton (spec §3):
 * bones' local pose, applied pose and world; slots; constraint live values;
 * the AnimationState (§6); preallocated buffers for deform, the draw list
 * and the event records.
 */
#ifndef ANIMA_OPENBONE_INSTANCE_H
#define ANIMA_OPENBONE_INSTANCE_H

#include "model.h"

typedef struct ob_bone_state {
  ob_pose pose;    /* local pose (setup, then timelines) */
  ob_pose applied; /* what constraints edit (§3.2 resetApplied) */
  ob_inherit inherit;
  ob_matrix world;
  bool active;
} ob_bone_state;

/* One slot's deform offsets for one attachment name (§5.1, §8.3). */
typedef struct ob_deform {
  const char *attachment;
  double *offsets; /* capacity: model->max_deform */
  size_t length;
  bool set;
} ob_deform;

/* One slot's keyed sequence frame for one attachment name (§5.1, §8.6). */
typedef struct ob_sequence_key {
  const char *attachment;
  double frame;
  bool set;
} ob_sequence_key;

typedef struct ob_slot_state {
  ob_color color;
  bool has_dark;
  ob_color dark;
  const char *attachment; /* owned by the model */
  ob_deform *deforms;     /* every attachment a deform timeline names */
  size_t deform_count;
  ob_sequence_key *sequences; /* every attachment a sequence timeline names */
  size_t sequence_count;
} ob_slot_state;

typedef struct ob_entry {
  unsigned long serial; /* the owner of its sounds (§10) */
  long animation;
  bool loop;
  double time, prev_time, speed, alpha;
  double mix_time, mix_duration;
  double completed_loops;
  double delay, mix; /* while queued */
  struct ob_entry *mixing_from;
  struct ob_entry *next; /* queue */
} ob_entry;

/* One play the director keeps (§10 bookkeeping). */
typedef struct ob_playing {
  unsigned long id, owner;
  long tag_animation, tag_key; /* tag_animation -2: a state hook */
  long sound, asset;           /* what plays (stopSound, §9.5) */
  double fade_out, end;        /* end: seconds on the director's clock */
  bool loop;
} ob_playing;

/* More loop cycles than this in one step is refused (a hang otherwise). */
#define OB_MAXIMUM_CYCLES 1e6
/* Events (and audio commands) held before the host reads them; more is
 * refused. */
#define OB_MAXIMUM_EVENTS ((size_t)1 << 20)

typedef struct ob_track {
  ob_entry *current;
  ob_entry *queue;
} ob_track;

/* One physics particle (§7.4). */
typedef struct ob_particle {
  double x, y, vx, vy, px, py;
} ob_particle;

/* A physics constraint's state, kept per constraint (§7.4). */
typedef struct ob_physics_state {
  bool started;
  ob_particle origin, tip;
  double last_ox, last_oy, last_tx, last_ty;
  double time, steps;
} ob_physics_state;

/* A sampled point of a path (§7.3): position and tangent angle (radians). */
typedef struct ob_path_spot {
  double x, y, angle;
} ob_path_spot;

/* §9 state machine at run time (machine.c). */
typedef struct ob_state_run {
  long state; /* index into the layer's states */
  double time, prev_time;
  unsigned long serial; /* the owner of its sounds (§10) */
} ob_state_run;

typedef struct ob_layer_run {
  bool has_current, has_from, exited;
  ob_state_run current, from;
  double mix_time, mix_duration;
} ob_layer_run;

typedef struct ob_input_run {
  ob_value value;
  bool fired;
  char *text; /* a string input's value, `capacity` bytes */
  size_t capacity;
} ob_input_run;

typedef struct ob_listener_run {
  bool pressed, hovered;
} ob_listener_run;

typedef struct ob_pointer_event {
  anima_bone_pointer_type type;
  double x, y;
} ob_pointer_event;

/* Pointer events queued before one advance; more is refused. */
#define OB_POINTER_QUEUE 256

typedef struct ob_machine_run {
  const ob_machine_data *data;
  bool started;
  double elapsed;
  ob_input_run *inputs;
  ob_layer_run *layers;
  ob_listener_run *listeners;
  ob_pointer_event pointers[OB_POINTER_QUEUE];
  size_t pointer_count;
  double pointer_x, pointer_y;
  bool pointer_down;
  bool *bus_muted; /* per bus, from the document's flags */
  bool master_muted;
  float *hit_polygon;            /* 2 × max(model->max_vertices, 4) */
  ob_particle_values *emitters;  /* per slot: setEmitter overrides (§9.2) */
  struct ob_script_run *scripts; /* §11 (script.h); NULL: no scripts */
} ob_machine_run;

struct anima_bone_instance {
  const anima_bone_model *model;
  ob_machine_run *machine; /* NULL until anima_bone_machine_start */
  ob_bone_state *bones;
  ob_slot_state *slots;
  size_t *draw_order;
  size_t *order_scratch;
  bool *order_taken;
  double (*values)[OB_CONSTRAINT_VALUES];
  bool *constraint_active;
  long skin;       /* -1 = none */
  long flags_skin; /* skin the active flags were computed for */
  bool has_animation_time;
  double animation_time;
  double clock, pending_dt, time;
  double *array_scratch;  /* sampleArray result, model->max_deform */
  ob_matrix *setup_world; /* setupWorld (§7.2): setup pose, no constraints */
  ob_physics_state *physics; /* per constraint (§7.4) */
  /* path constraints (§7.3), sized from the model's largest path and
   * longest bone list */
  float *path_points;
  double *path_table, *path_lengths;
  ob_path_spot *path_spots;
  /* sliders (§7.5): the local poses and inherit modes an additive slider
   * saves */
  ob_pose *slider_pose;
  ob_inherit *slider_inherit;
  ob_track *tracks;
  size_t track_count;
  anima_bone_event *events;
  size_t event_count, event_capacity;
  /* §10: the AnimationState's audio director */
  anima_bone_audio_command *audio;
  size_t audio_count, audio_capacity;
  ob_playing *playing;
  size_t playing_count, playing_capacity;
  double audio_now;
  unsigned long play_serial, entry_serial;
  bool event_overflow;
  /* §11: strings of events scripts emitted (freed with the events), and
   * where the scripts' log and error reports go */
  char **script_strings;
  size_t script_string_count, script_string_capacity;
  size_t script_string_bytes; /* held by script_strings and deferred
                                 events together: ≤ OB_SCRIPT_EMIT_BYTES */
  anima_bone_script_report script_report;
  void *script_report_user;
  /* draw list (§8.4) and bounds (§8.10) buffers, sized at creation */
  anima_bone_draw_item *items;
  anima_bone_mask *masks;
  size_t mask_count; /* masks of the last draw list */
  float *mask_buffer;
  anima_bone_box *boxes;
  size_t box_count;     /* the last §8.10 snapshot */
  double box_bounds[4]; /* its minX, minY, maxX, maxY */
  float *vertex_buffer, *uv_buffer, *box_buffer;
  unsigned *index_buffer;
  size_t vertex_capacity, index_capacity;
  /* particles (§8.8, particles.c): one emitter per slot with the slot's
   * fixed capacity, particleValues, pending emitParticles counts, the
   * realtime clock; per-vertex colours of particle items */
  ob_emitter *emitters;
  ob_live_particle *particle_store;
  ob_particle_values *particle_values;
  double *emit_pending;
  double particle_pending, particle_frac;
  float *color_buffer; /* 4 per vertex of vertex_buffer */
  /* text (§8.9, text.c): one record per slot, the formatted strings */
  anima_bone_text *text_records;
  char *text_buffer;
  size_t *text_offset;     /* slot k's text is at text_offset[k], with room
                              up to text_offset[k + 1] (slot_count + 1) */
  size_t text_string_room; /* the longest string value text_room assumes */
  size_t text_capacity;
};

/* earcut.c: spec §8.5 triangulation. `nodes` holds `capacity` nodes of
 * ob_earcut_node_size() bytes; 3 per point is always enough. */
#define OB_EARCUT_DEPTH 4096
typedef struct ob_node_workspace {
  void *nodes;
  size_t capacity;
} ob_node_workspace;
/* Triangulates the ring of `count` points [x0, y0, …] into `out` (room for
 * `out_capacity` indices, 3·(count − 2) is enough); returns the number of
 * indices, or -1 when the workspace, `out` or the depth ran out. */
long ob_earcut(const double *points, size_t count, ob_node_workspace *space,
               unsigned *out, size_t out_capacity);
size_t ob_earcut_node_size(void);

/* bounds.c: pointInPolygon (§9.5), even-odd, over n ≥ 1 points. */
bool ob_point_in_polygon(const float *v, size_t n, double x, double y);

/* skeleton.c */
void ob_set_to_setup_pose(anima_bone_instance *instance);
void ob_update_world_transform(anima_bone_instance *instance);
void ob_update_active(anima_bone_instance *instance);
void ob_update_subtree(anima_bone_instance *instance, size_t bone,
                       bool include_self);
void ob_update_world(anima_bone_instance *instance, size_t bone);
void ob_sync_applied(anima_bone_instance *instance, size_t bone);
ob_matrix ob_parent_world(const anima_bone_instance *instance, size_t bone);
const ob_attachment *ob_attachment_lookup(const anima_bone_instance *instance,
                                          size_t slot, const char *name);
ob_deform *ob_slot_deform(ob_slot_state *slot, const char *attachment);
ob_sequence_key *ob_slot_sequence(ob_slot_state *slot, const char *attachment);

/* animation.c (§5) */
typedef struct ob_mix_out {
  long into;      /* animation faded to, or -1 */
  double alpha;   /* outgoing weight */
  long also_into; /* a second animation faded to (a blend pair), or -1 */
} ob_mix_out;
void ob_apply_animation(anima_bone_instance *instance, long animation,
                        double time, double alpha, const ob_mix_out *mix_out);
typedef enum ob_timeline_filter {
  OB_TIMELINES_ALL = 0,
  OB_TIMELINES_BONES,     /* bone timelines only */
  OB_TIMELINES_NOT_BONES, /* every other timeline */
} ob_timeline_filter;
/* ob_apply_animation restricted to some timelines (additive sliders). */
void ob_apply_timelines(anima_bone_instance *instance, long animation,
                        double time, double alpha, const ob_mix_out *mix_out,
                        ob_timeline_filter filter);
double ob_local_time(const ob_animation_data *animation, double total,
                     bool loop);
/* §5.2 events crossed; each event's audio plays with `owner` first. */
void ob_events_between(anima_bone_instance *instance,
                       const ob_animation_data *animation, double previous,
                       double next, bool loop, unsigned long owner);

/* audio.c (§10) */
typedef struct ob_play_options {
  bool has_volume;
  double volume;
  bool has_rate;
  double rate;
  bool has_loop, loop;
  unsigned long owner;         /* entry serial, 0 = unowned */
  long tag_animation, tag_key; /* tag "<animId>#<keyIndex>", -1 none */
  const char *source;
} ob_play_options;
void ob_audio_play(anima_bone_instance *instance, ob_sound_ref ref,
                   const ob_play_options *options);
void ob_audio_update(anima_bone_instance *instance, double dt);
void ob_audio_stop_owner(anima_bone_instance *instance, unsigned long owner,
                         double fade);
/* stopSound (§9.5, §10): stops every instance playing `sound` (or the raw
 * `asset` when sound < 0) with fade `fade` when has_fade, else the sound's
 * fadeOut. */
void ob_audio_stop_sound(anima_bone_instance *instance, long sound, long asset,
                         bool has_fade, double fade);
/* A `mix` command {bus, muted} (§9.5 setMute). */
void ob_audio_mix(anima_bone_instance *instance, const char *bus, bool muted);
/* The director of a state machine starts empty (§10: one per machine). */
void ob_audio_reset(anima_bone_instance *instance);
void ob_audio_keys_between(anima_bone_instance *instance, long animation,
                           double previous, double next, bool loop,
                           unsigned long owner);

/* state.c (§6) */
void ob_state_update(anima_bone_instance *instance, double dt);
void ob_state_apply(anima_bone_instance *instance);
void ob_state_free(anima_bone_instance *instance);

/* animation.c: one event record (§10) without audio. */
void ob_push_record(anima_bone_instance *instance, const char *name,
                    double time, double int_value, double float_value,
                    const char *string);

/* machine.c (§9) */
void ob_machine_advance(anima_bone_instance *instance, double dt);
void ob_machine_free(anima_bone_instance *instance);
/* setInput (§9.5) for input `index` of the running machine; false when
 * memory ran out holding a string. */
bool ob_machine_set_input(anima_bone_instance *instance, size_t index,
                          const ob_value *value);
/* inputValues[id] (§9.1 step 10): the value of the running, started
 * machine's number input `id`, else 0. */
double ob_machine_number_input(const anima_bone_instance *instance,
                               const char *id);
/* §8.6 "input set": when the running, started machine has a number input
 * `id`, writes its value to `*out` and returns true. */
bool ob_machine_input_value(const anima_bone_instance *instance, const char *id,
                            double *out);
/* setEmitter (§9.2, §9.5): the slot's emitter override; switching it on
 * (true where it was not true) restarts the slot's emitter. */
void ob_machine_set_emitter(anima_bone_instance *instance, long slot,
                            bool emitting);
/* machine_pointer.c (§9.5): processPointer, step 3. */
void ob_machine_process_pointer(anima_bone_instance *instance);
/* machine_value.c: JS conversions (§9.3, §9.5). */
double ob_js_number(const ob_value *value);
bool ob_js_truthy(const ob_value *value);
/* String(value) into `out` (room for `size` ≥ 32 bytes plus the string's
 * own length); returns out. */
const char *ob_js_string(const ob_value *value, char *out, size_t size);
bool ob_js_strict_equal(const ob_value *a, const ob_value *b);

/* draw.c: the hit polygon of an attachment (§9.5): world vertices into
 * `out` (float32), returns the number of points (0: none). */
size_t ob_hit_polygon(anima_bone_instance *instance, size_t slot,
                      const ob_attachment *att, float *out);

/* particles.c (§8.8) */
/* advanceParticles(dt): the realtime clock, then every slot's emitter. */
void ob_particles_advance(anima_bone_instance *instance, double dt);
/* restart() of a slot's emitter (§9.2 setEmitter switching on). */
void ob_particles_restart(anima_bone_instance *instance, size_t slot);
/* geometry(frac, m, tint) of the slot's emitter for `att` into the buffers
 * (4 vertices, 8 uvs, 16 colour floats and 6 indices per particle);
 * returns the number of particles drawn (0: no item). */
size_t ob_particles_geometry(const anima_bone_instance *instance, size_t slot,
                             const ob_attachment *att, const double tint[4],
                             float *vertices, float *uvs, float *colors,
                             unsigned *indices);

/* text.c (§8.9) */
/* The bytes one slot's formatted text may need with string values of at
 * most `string_room` bytes: linear in the template's length (each
 * placeholder gets room for its own value, a string's only when its name
 * may be a string input's). */
size_t ob_text_room(const anima_bone_model *model, const ob_attachment *att,
                    size_t string_room);
/* Sizes the text buffer for string values of `string_room` bytes (called
 * at creation and when an input takes a longer string); false when out of
 * memory. */
bool ob_text_reserve(anima_bone_instance *instance, size_t string_room);
/* formatTemplate of the slot's text attachment into its record. */
const anima_bone_text *ob_text_record(anima_bone_instance *instance,
                                      size_t slot, const ob_attachment *att);

/* ik.c (§7.1) */
void ob_apply_ik(anima_bone_instance *instance, size_t constraint);

/* transform.c (§7.2) */
void ob_apply_transform(anima_bone_instance *instance, size_t constraint);

/* path.c (§7.3) */
void ob_apply_path(anima_bone_instance *instance, size_t constraint);

/* physics.c (§7.4): dt = the time given to the skeleton since the last
 * updateWorldTransform */
void ob_apply_physics(anima_bone_instance *instance, size_t constraint,
                      double dt);

/* slider.c (§7.5) */
void ob_apply_sliders(anima_bone_instance *instance);

/* atlas.c (§8.7). ob_atlas_remap: `count` uv pairs in fractions of the
 * original image to fractions of `region`'s page (atlasUvMap). */
void ob_atlas_remap(const anima_bone_model *model, long region,
                    const double *uvs, size_t count, float *out);
/* trimQuad (§8.6): the quad TL, TR, BR, BL moved to TL + U·u + V·v at the
 * corners of `quad` [u0, v0, u1, v1] (U = TR − TL, V = BL − TL). */
void ob_trim_quad(double corners[8], const double quad[4]);
/* A packed region attachment's item from its world quad `corners` (§8.2):
 * the polygon with fan indices, else the quad shrunk to the trim box, with
 * remapped uvs. Returns the vertex count; `corners` may be changed. */
size_t ob_atlas_region_item(const anima_bone_model *model, long region,
                            double corners[8], float *vertices, float *uvs,
                            unsigned *indices, size_t *index_count);
/* §8.6 packed frame: intersects `uv` [u0, v0, u1, v1] (original-image
 * fractions) with the region's packed part and moves `quad` with it
 * linearly; false when the intersection is empty (no item). */
bool ob_atlas_sequence_part(const anima_bone_model *model, long region,
                            double uv[4], double quad[4]);

/* draw.c (§8.3): an attachment's world vertices (float32) and the deform
 * offsets it reads */
void ob_posed_vertices(const anima_bone_instance *instance, size_t slot,
                       const ob_attachment *att, const ob_deform *deform,
                       float *out);
const ob_deform *ob_find_deform(anima_bone_instance *instance, size_t slot,
                                const ob_attachment *att);

#endif
