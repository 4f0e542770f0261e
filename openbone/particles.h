/*
 * particles.h — particle emitters (spec §8.8) and text attachments (§8.9):
 * the immutable settings the loader builds (load_particles.c), the
 * per-slot emitter state an instance keeps (particles.c) and the text
 * formatting of text.c.
 *
 * Storage is fixed at instance creation: each slot gets room for the
 * largest `maxParticles` of the particle attachments any skin gives it, so
 * stepping and drawing allocate nothing. `maxParticles` is bounded by
 * OB_PARTICLES_MAXIMUM (the most one draw item holds, §8.8); a larger value
 * is refused by the loader (`too-large`).
 */
#ifndef ANIMA_OPENBONE_PARTICLES_H
#define ANIMA_OPENBONE_PARTICLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* §8.8 "at most 16383 particles": 16383 × 4 vertices fit 16-bit indices. */
#define OB_PARTICLES_MAXIMUM 16383
/* The most particles all the particles attachments of one document may
 * keep together (their `maxParticles` summed; more is `too-large`): it
 * bounds a frame's work to 30 steps × 65536 particles and a prewarm's to
 * 600 × 65536 particle advances, however many slots emit. */
#define OB_PARTICLES_DOCUMENT_MAXIMUM 65536
/* §8.8 clock: STEP = 1/60, at most 30 steps per frame; prewarm ≤ 600. */
#define OB_PARTICLE_STEP (1.0 / 60.0)
#define OB_PARTICLE_MAX_STEPS 30
#define OB_PARTICLE_MAX_PREWARM 600
/* Stops of a gradient and bursts of an emitter the loader accepts. */
#define OB_PARTICLE_LIST_MAXIMUM 1024

typedef enum ob_emit_shape {
  OB_EMIT_POINT = 0,
  OB_EMIT_CIRCLE,
  OB_EMIT_BOX,
  OB_EMIT_CONE,
} ob_emit_shape;

typedef enum ob_particle_look {
  OB_LOOK_CIRCLE = 0,
  OB_LOOK_IMAGE,
  OB_LOOK_SQUARE,
  OB_LOOK_SPARK,
} ob_particle_look;

typedef struct ob_gradient_stop {
  double t;
  double rgba[4];
} ob_gradient_stop;

typedef struct ob_burst {
  double time, count;
} ob_burst;

/* One particles attachment's settings (Part B.5 `Particles`, every field
 * filled with its default at load, §2 step 3). */
typedef struct ob_particle_data {
  double seed;
  bool emitting, prewarm, loop, local;
  double rate, duration;
  ob_burst *bursts;
  size_t burst_count;
  size_t max_particles; /* 0 … OB_PARTICLES_MAXIMUM */
  ob_emit_shape shape;
  double x, y, rotation, angle, radius, width, height;
  double speed[2], lifetime[2], start_size[2], end_size[2];
  double start_rotation[2], end_rotation[2], angular_velocity[2];
  double gravity, drag, stretch;
  ob_particle_look look;
  char *image;                /* image id when that image exists, else NULL */
  long region;                /* the image's atlas region (§8.7), or -1 */
  ob_gradient_stop *gradient; /* ≥ 1 stop, stably sorted by t at load */
  size_t gradient_count;
  char *blend;
} ob_particle_data;

/* One text attachment's record fields (Part B.5 `Text`, §8.9); the box is
 * the attachment's quad (x, y, rotation, width, height). */
typedef struct ob_text_data {
  char *text; /* the template */
  char *font;
  char *pointer; /* the attachment's JSON pointer (font diagnostics) */
  double size, weight;
  char *align; /* "left", "center" or "right" */
  bool has_outline;
  double outline_color[4], outline_width;
} ob_text_data;

/* A live particle; its numbers are float32 (§12 "particle buffers"). */
typedef struct ob_live_particle {
  float x, y, vx, vy, age, life, size0, size1, rot0, rot1, spin;
} ob_live_particle;

/* A slot's emitter (§8.8 particles.ts). */
typedef struct ob_emitter {
  const void *attachment; /* the ob_attachment it was made for; NULL = none */
  uint32_t rng;           /* mulberry32 state */
  unsigned long steps;
  double acc, cycle, pending;
  bool was_emitting, has_last;
  double last_x, last_y;
  ob_live_particle *particles; /* the slot's capacity */
  size_t alive, capacity;
} ob_emitter;

/* particleValues[slot] (§3.1 cleared by setToSetupPose, §5.1 timelines,
 * §9.1 step 10 machine overrides). */
typedef struct ob_particle_values {
  bool has_emitting, emitting;
  bool has_rate;
  double rate;
} ob_particle_values;

/* fnv1a over the UTF-16 code units of a UTF-8 string (§8.8). */
uint32_t ob_fnv1a_utf16(const char *text);
/* mulberry32 next() (§8.8): a number in [0, 1). */
double ob_mulberry32(uint32_t *state);
/* JS ToInt32 then >>> 0 of a number, as `seed XOR …` reads it. */
uint32_t ob_js_uint32(double value);

/* text.c (§8.9): formatNumber(v, pattern) into `out` (room for `size`
 * bytes; OB_TEXT_NUMBER_ROOM + strlen(pattern) is always enough). */
#define OB_TEXT_NUMBER_ROOM 160
void ob_format_number(double v, const char *pattern, char *out, size_t size);
/* String(Number(v.toFixed(6))), the value of {name} without a pattern. */
void ob_format_plain(double v, char *out, size_t size);

#endif
