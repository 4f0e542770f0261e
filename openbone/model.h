/*
 * model.h — the immutable OpenBone skeleton data (spec §2), as built by
 * load.c from a Part B document. Every reference is resolved to an index
 * (-1 = missing); strings are owned by the model.
 */
#ifndef ANIMA_OPENBONE_MODEL_H
#define ANIMA_OPENBONE_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "anima/openbone.h"
#include "machine_model.h"
#include "particles.h"

typedef struct ob_color {
  double r, g, b, a;
} ob_color;

/** A bone's local pose (spec §4.1). */
typedef struct ob_pose {
  double x, y, rotation, scale_x, scale_y, shear_x, shear_y;
} ob_pose;

typedef enum ob_inherit {
  OB_INHERIT_NORMAL = 0,
  OB_INHERIT_ONLY_TRANSLATION,
  OB_INHERIT_NO_ROTATION,
  OB_INHERIT_NO_SCALE,
} ob_inherit;

typedef struct ob_bone_data {
  char *id, *name;
  long parent; /* index of an earlier bone, or -1 (root) */
  double length;
  ob_pose setup;
  ob_inherit inherit;
} ob_bone_data;

typedef struct ob_slot_data {
  char *id, *name;
  size_t bone;
  ob_color color;
  bool has_dark;
  ob_color dark;
  char *attachment; /* setup attachment name, or NULL */
  char *blend;
} ob_slot_data;

typedef enum ob_attachment_type {
  OB_ATTACHMENT_REGION = 0,
  OB_ATTACHMENT_MESH,
  OB_ATTACHMENT_BOUNDING_BOX,
  OB_ATTACHMENT_POINT,
  OB_ATTACHMENT_PATH,
  OB_ATTACHMENT_SEQUENCE,
  OB_ATTACHMENT_CLIPPING,
  OB_ATTACHMENT_SHAPE,
  OB_ATTACHMENT_PARTICLES, /* §8.8 */
  OB_ATTACHMENT_TEXT,      /* §8.9 */
  OB_ATTACHMENT_OTHER,     /* an unknown type (refused) */
} ob_attachment_type;

/** One influence of a weighted vertex (spec §8.3). */
typedef struct ob_influence {
  long bone; /* -1 = missing: the slot's bone */
  double x, y, weight;
} ob_influence;

typedef enum ob_sequence_mode {
  OB_SEQUENCE_LOOP = 0,
  OB_SEQUENCE_ONCE,
  OB_SEQUENCE_HOLD_LAST,
  OB_SEQUENCE_PING_PONG,
} ob_sequence_mode;

/** One frame of a sequence (§8.6): an image, its rect and trim. */
typedef struct ob_sequence_frame {
  char *image; /* image id, NULL when missing (the frame draws nothing) */
  double image_width, image_height; /* the image's `width`, `height` */
  bool has_rect, has_trim;
  double rect[4]; /* x, y, w, h */
  double trim[4]; /* x, y, sw, sh */
  long region;    /* packed: index of the image's atlas region, else -1 */
} ob_sequence_frame;

typedef struct ob_attachment {
  char *name;
  ob_attachment_type type;
  /* region (quad, §8.2); point uses x, y, rotation */
  double x, y, rotation, width, height, scale_x, scale_y, skew_x, skew_y;
  ob_color color;
  char *texture; /* image id when the image exists, else NULL */
  long region;   /* region, mesh: the image's atlas region (§8.7), or -1 */
  /* mesh, bounding box, path */
  double *vertices;         /* [x0, y0, …] */
  size_t vertex_count;      /* number of points */
  ob_influence *influences; /* all influences, vertex by vertex */
  size_t *influence_start;  /* vertex_count + 1 offsets, or NULL */
  double *uvs;              /* mesh: 2 per vertex */
  unsigned *triangles;      /* mesh */
  size_t triangle_index_count;
  size_t hull;
  char *linked_mesh;           /* linked mesh parent name when linked.deform */
  bool closed, constant_speed; /* path */
  /* clipping (§8.4): vertices, triangles = earcut of them, the end slot */
  long clip_end; /* slot index, -1 = never (null or an unknown id) */
  /* shape (§8.5): vertices = the outline (rotated, offset), triangles =
   * its earcut, color = fill; a stroke is visible when its width > 0 and
   * its alpha × the slot alpha > 0 */
  double stroke_width, stroke_alpha;
  ob_color stroke_color; /* drawn by the frame lowering (frame.c) */
  /* sequence (§8.6) */
  double fps, offset;
  ob_sequence_mode mode;
  bool has_input;       /* driven by a state-machine input */
  double input_default; /* that input's first default (no machine runs) */
  char *input;          /* that input's id (a running machine's value) */
  ob_sequence_frame *frames;
  size_t frame_count;
  ob_particle_data *particles; /* particles (§8.8), else NULL */
  ob_text_data *text;          /* text (§8.9; the quad above), else NULL */
} ob_attachment;

/** Attachments of one slot in one skin, in JS key order (Part B rule 7). */
typedef struct ob_skin_slot {
  ob_attachment *attachments;
  size_t count;
} ob_skin_slot;

typedef struct ob_skin_data {
  char *id, *name;
  size_t *bones; /* indices of the skin-only bones this skin lists */
  size_t bone_count;
  char **constraints; /* constraint ids (unknown ids kept, §3.3) */
  size_t constraint_count;
  ob_skin_slot *slots; /* one per slot of the model */
} ob_skin_data;

typedef enum ob_constraint_kind {
  OB_CONSTRAINT_IK = 0,
  OB_CONSTRAINT_TRANSFORM,
  OB_CONSTRAINT_PATH,
  OB_CONSTRAINT_PHYSICS,
} ob_constraint_kind;

/** IK live values, indices into ob_constraint_data.setup. */
enum {
  OB_IK_MIX = 0,
  OB_IK_SOFTNESS,
  OB_IK_BEND,
  OB_IK_STRETCH,
  OB_IK_COMPRESS,
  OB_IK_VALUE_COUNT
};

/** Transform constraint live values (§7.2; `mix` setup 1, not stored). */
enum {
  OB_TRANSFORM_MIX_ROTATE = 0,
  OB_TRANSFORM_MIX_TRANSLATE,
  OB_TRANSFORM_MIX_SCALE,
  OB_TRANSFORM_MIX_SHEAR,
  OB_TRANSFORM_OFFSET_ROTATION,
  OB_TRANSFORM_OFFSET_X,
  OB_TRANSFORM_OFFSET_Y,
  OB_TRANSFORM_OFFSET_SCALE_X,
  OB_TRANSFORM_OFFSET_SCALE_Y,
  OB_TRANSFORM_OFFSET_SHEAR,
  OB_TRANSFORM_MIX,
  OB_TRANSFORM_VALUE_COUNT
};

/** Path constraint live values (§7.3). */
enum {
  OB_PATH_POSITION = 0,
  OB_PATH_SPACING,
  OB_PATH_OFFSET_ROTATION,
  OB_PATH_MIX_ROTATE,
  OB_PATH_MIX_X,
  OB_PATH_MIX_Y,
  OB_PATH_VALUE_COUNT
};

/** Physics constraint live values (§7.4). */
enum {
  OB_PHYSICS_INERTIA = 0,
  OB_PHYSICS_STRENGTH,
  OB_PHYSICS_DAMPING,
  OB_PHYSICS_MASS,
  OB_PHYSICS_WIND,
  OB_PHYSICS_GRAVITY,
  OB_PHYSICS_MIX,
  OB_PHYSICS_VALUE_COUNT
};

typedef enum ob_spacing_mode {
  OB_SPACING_LENGTH = 0,
  OB_SPACING_FIXED,
  OB_SPACING_PERCENT,
  OB_SPACING_PROPORTIONAL,
} ob_spacing_mode;

typedef enum ob_rotate_mode {
  OB_ROTATE_TANGENT = 0,
  OB_ROTATE_CHAIN,
  OB_ROTATE_CHAIN_SCALE,
} ob_rotate_mode;

#define OB_CONSTRAINT_VALUES 16

typedef struct ob_constraint_data {
  ob_constraint_kind kind;
  char *id, *name;
  bool has_order;
  double order;
  long *bones; /* listed bones (-1 = missing); ik: 1 or 2 */
  size_t bone_count;
  long target; /* bone index (path: slot index) or -1 */
  bool uniform;
  bool local, relative; /* transform */
  /* path (§7.3) */
  bool position_percent;
  ob_spacing_mode spacing_mode;
  ob_rotate_mode rotate_mode;
  /* physics (§7.4): read from the data, not keyable */
  double physics_x, physics_y, physics_rotate, physics_scale_x, fps;
  double setup[OB_CONSTRAINT_VALUES]; /* setupValues (§3.1) */
} ob_constraint_data;

typedef enum ob_curve_kind {
  OB_CURVE_LINEAR = 0,
  OB_CURVE_STEPPED,
  OB_CURVE_BEZIER,
} ob_curve_kind;

typedef struct ob_key {
  double time;
  ob_curve_kind curve;
  double bezier[4];
  double number;      /* numbers, booleans (1/0), inherit mode */
  ob_color color;     /* colours */
  const char *string; /* attachment names (NULL = hide); owned by the model */
  double *array;      /* deform offsets */
  size_t array_length;
  long *order; /* drawOrder: slot indices (missing ones left out) */
  size_t order_length;
  bool is_null; /* drawOrder null */
} ob_key;

typedef enum ob_target {
  OB_TARGET_BONE = 0,
  OB_TARGET_SLOT,
  OB_TARGET_IK,
  OB_TARGET_TRANSFORM,
  OB_TARGET_PATH,
  OB_TARGET_PHYSICS,
  OB_TARGET_DEFORM,
  OB_TARGET_DRAW_ORDER,
  OB_TARGET_SEQUENCE,
  OB_TARGET_PARTICLES, /* §5.1 particles emitting / rate, by slot id */
  OB_TARGET_OTHER,     /* an unknown target (refused) */
} ob_target;

typedef enum ob_property {
  OB_PROPERTY_X = 0,
  OB_PROPERTY_Y,
  OB_PROPERTY_ROTATION,
  OB_PROPERTY_SCALE_X,
  OB_PROPERTY_SCALE_Y,
  OB_PROPERTY_SHEAR_X,
  OB_PROPERTY_SHEAR_Y,
  OB_PROPERTY_INHERIT,
  OB_PROPERTY_COLOR,
  OB_PROPERTY_DARK,
  OB_PROPERTY_ATTACHMENT,
  OB_PROPERTY_IK_MIX,
  OB_PROPERTY_IK_SOFTNESS,
  OB_PROPERTY_IK_BEND,
  OB_PROPERTY_IK_STRETCH,
  OB_PROPERTY_IK_COMPRESS,
  OB_PROPERTY_OFFSETS,
  OB_PROPERTY_FRAME,            /* sequence frame */
  OB_PROPERTY_CONSTRAINT_VALUE, /* a numeric live value: ob_timeline.value */
  OB_PROPERTY_EMITTING,         /* particles (§5.1) */
  OB_PROPERTY_RATE,             /* particles (§5.1) */
  OB_PROPERTY_NONE,
} ob_property;

typedef struct ob_timeline {
  ob_target target;
  char *target_id; /* as written, for mixing-out identity (§5.1a) */
  char *property_name;
  long index; /* bone / slot / constraint index, -1 = missing */
  ob_property property;
  char *attachment; /* deform */
  int value;        /* OB_PROPERTY_CONSTRAINT_VALUE: index into the values */
  ob_key *keys;
  size_t key_count;
} ob_timeline;

typedef struct ob_event_key {
  double time;
  long event; /* index, or -1 (never fires) */
  bool has_int, has_float, has_string;
  double int_value, float_value;
  char *string;
} ob_event_key;

/* A sound reference resolved as §10 resolveSound does: a sound by id, then
 * name; else an audio asset by id, then name (played raw); else nothing. */
typedef struct ob_sound_ref {
  long sound; /* index into model->sounds, or -1 */
  long asset; /* raw asset play when sound < 0: index, or -1 */
} ob_sound_ref;

/** An audio key (§5.2, §10). */
typedef struct ob_audio_key {
  double time;
  ob_sound_ref sound;
  bool has_volume, has_rate, has_loop;
  double volume, rate;
  bool loop;
} ob_audio_key;

typedef struct ob_animation_data {
  char *id, *name;
  char *audio_source; /* "key:<name>" */
  ob_audio_key *audio;
  size_t audio_count;
  double duration; /* explicit > 0, else the largest key time (§5.1) */
  ob_timeline *timelines;
  size_t timeline_count;
  ob_event_key *events;
  size_t event_count;
} ob_animation_data;

typedef struct ob_event_data {
  char *id, *name;
  double int_value, float_value;
  char *string;
  ob_sound_ref audio; /* `audio`: played when the event fires */
  bool has_volume;
  double volume;
  char *audio_source; /* "event:<name>" */
} ob_event_data;

/** A script (§11, Part B.7 `Script`): JavaScript source. */
typedef struct ob_script_data {
  char *id, *name;
  char *source; /* `length` bytes and a terminating NUL */
  size_t length;
} ob_script_data;

/** Audio (Part B.8, §10). */
typedef struct ob_asset_data {
  char *id, *name;
  double duration; /* seconds; ≤ 0 ⇒ 10 s bookkeeping */
} ob_asset_data;

typedef struct ob_sound_data {
  char *id, *name;
  long asset; /* index, or -1 */
  long bus;   /* index, or -1 */
  double volume, rate, fade_in, fade_out;
  bool loop;
} ob_sound_data;

typedef struct ob_bus_data {
  char *id, *name;
  bool muted;
} ob_bus_data;

typedef enum ob_slider_input {
  OB_SLIDER_BONE = 0, /* the bone's local `property` */
  OB_SLIDER_INPUT,    /* a state-machine input's value */
  OB_SLIDER_NOTHING,  /* neither: the value is 0 */
} ob_slider_input;

/** A slider (§7.5). */
typedef struct ob_slider_data {
  long animation; /* -1 = missing: skipped */
  double mix;
  ob_slider_input source;
  long bone;            /* OB_SLIDER_BONE: index, -1 = missing: skipped */
  ob_property property; /* OB_PROPERTY_X … OB_PROPERTY_SHEAR_Y */
  double input_default; /* OB_SLIDER_INPUT: first default, ‖ 0 */
  char *input;          /* OB_SLIDER_INPUT: the input id */
  double from, to, time_from, time_to;
  bool loop, additive;
} ob_slider_data;

typedef struct ob_image_data {
  char *id;
} ob_image_data;

/** A page of the packed atlas (§8.7, Part B.8 `AtlasPage`). */
typedef struct ob_atlas_page {
  char *id;             /* the draw-list texture of its regions */
  double width, height; /* P.w, P.h in pixels */
} ob_atlas_page;

/** A region of the packed atlas (§8.7, Part B.8 `AtlasRegion`): where an
 * image's pixels sit on a page. Pixels, y down. */
typedef struct ob_atlas_region {
  size_t page;
  double x, y, width, height; /* r.x, r.y; packed size, image orientation */
  double offset_x, offset_y;  /* offX, offY: trim offset in the original */
  double original_width, original_height; /* origW, origH */
  bool rotated;
  /* polygon / original size as float32 (img[i]), when it has ≥ 3 points */
  float *polygon;
  size_t polygon_points;
} ob_atlas_region;

struct anima_bone_model {
  double reference_scale;
  ob_bone_data *bones;
  size_t bone_count;
  ob_slot_data *slots;
  size_t slot_count;
  ob_constraint_data *constraints; /* ik, transform, path, physics */
  size_t constraint_count;
  size_t max_constraint_bones; /* longest constraint bone list */
  ob_slider_data *sliders;
  size_t slider_count;
  size_t *constraint_order; /* constraintOrder (§3.2) */
  ob_skin_data *skins;
  size_t skin_count;
  ob_animation_data *animations;
  size_t animation_count;
  ob_event_data *events;
  size_t event_count;
  ob_asset_data *assets;
  size_t asset_count;
  ob_sound_data *sounds;
  size_t sound_count;
  ob_bus_data *buses;
  size_t bus_count;
  long sfx_bus;      /* the bus named "sfx" (raw asset plays), or -1 */
  bool master_muted; /* `masterMuted` (§9.5 setMute starts from it) */
  size_t unsupported;
  ob_machine_data *machines; /* state machines (§9, load_machine.c) */
  size_t machine_count;
  /* the packed atlas (§8.7, load_atlas.c); no pages without one */
  ob_atlas_page *pages;
  size_t page_count;
  ob_atlas_region *regions;
  size_t region_count;
  long white_page;         /* page of the white block, or -1 */
  double white_uv[2];      /* the white block's centre, page fractions */
  ob_script_data *scripts; /* `scripts` (§11, load_script.c) */
  size_t script_count;
  /* Largest sizes, for the instance's preallocated buffers. */
  size_t max_vertices; /* points of any mesh/box attachment */
  size_t max_indices;  /* triangle indices of any mesh */
  size_t max_deform;   /* numbers in any deform key */
};

/* maths.c (spec §4) */
typedef struct ob_matrix {
  double a, b, c, d, x, y;
} ob_matrix;

#define OB_DEG (3.14159265358979323846 / 180.0)
#define OB_RAD (180.0 / 3.14159265358979323846)

ob_matrix ob_local_matrix(const ob_pose *pose);
ob_matrix ob_bone_world(const ob_matrix *parent, const ob_pose *local,
                        ob_inherit inherit);
ob_matrix ob_multiply(const ob_matrix *p, const ob_matrix *l);
ob_matrix ob_invert(const ob_matrix *m);
double ob_eval_curve(const ob_key *key, double t);
double ob_wrap_deg(double degrees);
double ob_lerp_angle(double a, double b, double t);
double ob_lerp(double a, double b, double t);
bool ob_parse_hex(const char *text, ob_color *out);
ob_color ob_lerp_color(ob_color a, ob_color b, double t);
ob_color ob_mul_color(ob_color a, ob_color b);
double ob_world_rotation(const ob_matrix *m);
double ob_world_scale_x(const ob_matrix *m);
/* rotateAxes (§7.2): left-multiplies the linear part by a rotation of
 * `radians` (nothing when 0). */
void ob_rotate_axes(ob_matrix *w, double radians);

#endif
