/*
 * test_openbone_particles.c — particles (spec §8.8) and text (§8.9) in
 * libanima-openbone's API: stepping and drawing an emitter at its
 * capacity, driven by a state machine's emitParticles / setEmitter and a
 * text template reading a number input, allocates nothing from the first
 * frame (tools/anima/bench_allocation.c's counter; not counted under
 * sanitizers); a string input longer than any before grows the text room
 * when it is set, so the draw list still allocates nothing; the text
 * record carries the box, the defaults and `matrix`.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "anima/openbone.h"
#include "bench.h"

/* An emitter of at most 40 particles that the entry state switches off,
 * a listener anywhere that bursts 25 and switches it on, a text template
 * on a number input `n` and a string input `s`. The text bone is at
 * (100, 50); the attachment at (5, 2) rotated 90°. */
static const char *document =
    "{\"format\": \"openbone\", \"version\": 1,"
    " \"skeleton\": {\"bones\": [{\"id\": \"root\", \"name\": \"root\"},"
    "   {\"id\": \"b\", \"name\": \"b\", \"parent\": \"root\", \"x\": 100,"
    "    \"y\": 50}],"
    "  \"slots\": [{\"id\": \"fx\", \"name\": \"fx\", \"bone\": \"root\","
    "    \"attachment\": \"p\"},"
    "   {\"id\": \"t\", \"name\": \"t\", \"bone\": \"b\", \"attachment\": "
    "\"label\"}]},"
    " \"skins\": [{\"id\": \"default\", \"name\": \"default\", "
    "\"attachments\": {"
    "   \"fx\": {\"p\": {\"type\": \"particles\", \"maxParticles\": 40,"
    "     \"rate\": 600, \"lifetime\": [5, 5], \"emitShape\": \"circle\","
    "     \"radius\": 3, \"look\": \"spark\", \"stretch\": 0.1}},"
    "   \"t\": {\"label\": {\"type\": \"text\", \"text\": \"{n:#,##0.00} "
    "[{s}]\","
    "     \"x\": 5, \"y\": 2, \"rotation\": 90, \"width\": 40, \"height\": "
    "10}}}}],"
    " \"stateMachines\": [{\"id\": \"m\", \"name\": \"m\","
    "   \"inputs\": [{\"id\": \"n\", \"name\": \"n\", \"type\": \"number\","
    "     \"default\": 0},"
    "    {\"id\": \"s\", \"name\": \"s\", \"type\": \"string\", \"default\": "
    "\"x\"}],"
    "   \"layers\": [{\"id\": \"L\", \"name\": \"L\", \"entry\": \"idle\","
    "     \"states\": [{\"id\": \"idle\", \"name\": \"idle\","
    "       \"emitters\": [{\"slot\": \"fx\", \"emitting\": false}]}]}],"
    "   \"listeners\": [{\"id\": \"li\", \"name\": \"li\", \"slot\": null,"
    "     \"event\": \"down\", \"actions\": ["
    "       {\"type\": \"emitParticles\", \"slot\": \"fx\", \"count\": 25},"
    "       {\"type\": \"setEmitter\", \"slot\": \"fx\", \"emitting\": "
    "true}]}]}]}";

static anima_bone_model *load(void) {
  anima_bone_model *model = NULL;
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  cr_assert_eq(
      anima_bone_model_load(document, strlen(document), diagnostics, &model),
      ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 0);
  anima_diagnostics_destroy(diagnostics);
  cr_assert_eq(anima_bone_model_unsupported(model), 0);
  return model;
}

static const anima_bone_draw_item *find(const anima_bone_draw_item *items,
                                        size_t count,
                                        anima_bone_item_type type) {
  for (size_t i = 0; i < count; i++) {
    if (items[i].type == type) {
      return &items[i];
    }
  }
  return NULL;
}

Test(openbone_particles, stepping_and_drawing_allocate_nothing) {
  anima_bone_model *model = load();
  anima_bone_instance *instance = NULL;
  cr_assert_eq(anima_bone_instance_create(model, &instance), ANIMA_OK);
  cr_assert_eq(anima_bone_machine_start(instance, 0), ANIMA_OK);
  bench_allocations counted = {0, 0};
  size_t most_particles = 0;
  for (int frame = 0; frame < 240; frame++) {
    anima_bone_value n = {ANIMA_BONE_VALUE_NUMBER, false, frame * 1234.5, NULL};
    bench_allocation_resume();
    anima_bone_machine_set_input(instance, "n", &n);
    if (frame == 10) {
      anima_bone_machine_pointer(instance, ANIMA_BONE_POINTER_DOWN, 0, 0);
    }
    anima_status status = anima_bone_instance_advance(instance, 1.0 / 45);
    const anima_bone_draw_item *items;
    size_t count = anima_bone_draw_list(instance, &items);
    bench_allocation_pause();
    cr_assert_eq(status, ANIMA_OK);
    bench_allocations taken = bench_allocation_take();
    counted.calls += taken.calls;
    counted.bytes += taken.bytes;
    const anima_bone_draw_item *particles =
        find(items, count, ANIMA_BONE_ITEM_PARTICLES);
    if (frame < 10) {
      /* the entry state switched the emitter off (§9.2) */
      cr_assert_null(particles, "frame %d", frame);
    } else {
      cr_assert_not_null(particles, "frame %d", frame);
      cr_assert_eq(particles->vertex_count % 4, 0);
      cr_assert_eq(particles->index_count, particles->vertex_count / 4 * 6);
      cr_assert_str_eq(particles->texture, "@openbone/particle-dot");
      cr_assert_not_null(particles->colors);
      size_t alive = particles->vertex_count / 4;
      most_particles = alive > most_particles ? alive : most_particles;
      cr_assert_leq(alive, 40);
    }
    const anima_bone_draw_item *text = find(items, count, ANIMA_BONE_ITEM_TEXT);
    cr_assert_not_null(text);
    char want[64];
    /* formatNumber(frame·1234.5, "#,##0.00"), by hand for two frames */
    if (frame == 3) {
      strcpy(want, "3,703.50 [x]");
      cr_assert_str_eq(text->text->text, want);
    } else if (frame == 239) {
      strcpy(want, "295,045.50 [x]");
      cr_assert_str_eq(text->text->text, want);
    }
  }
  /* rate 600/s for seconds: the emitter filled to maxParticles */
  cr_assert_eq(most_particles, 40);
  if (bench_allocation_available()) {
    cr_assert_eq(counted.calls, 0, "%zu allocations (%zu bytes)", counted.calls,
                 counted.bytes);
  }
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
}

Test(openbone_particles, a_long_string_grows_the_text_room_when_set) {
  anima_bone_model *model = load();
  anima_bone_instance *instance = NULL;
  cr_assert_eq(anima_bone_instance_create(model, &instance), ANIMA_OK);
  cr_assert_eq(anima_bone_machine_start(instance, 0), ANIMA_OK);
  size_t length = 100000;
  char *long_text = malloc(length + 1);
  memset(long_text, 'y', length);
  long_text[length] = '\0';
  anima_bone_value s = {ANIMA_BONE_VALUE_STRING, false, 0, long_text};
  cr_assert_eq(anima_bone_machine_set_input(instance, "s", &s), ANIMA_OK);
  cr_assert_eq(anima_bone_instance_advance(instance, 0.1), ANIMA_OK);
  bench_allocation_resume();
  const anima_bone_draw_item *items;
  size_t count = anima_bone_draw_list(instance, &items);
  bench_allocation_pause();
  bench_allocations taken = bench_allocation_take();
  const anima_bone_draw_item *text = find(items, count, ANIMA_BONE_ITEM_TEXT);
  cr_assert_not_null(text);
  /* "0.00 [" + 100000 × y + "]": the whole value, not a cut one */
  cr_assert_eq(strlen(text->text->text), 6 + length + 1);
  cr_assert_eq(strncmp(text->text->text, "0.00 [yyy", 9), 0);
  cr_assert_eq(text->text->text[6 + length], ']');
  if (bench_allocation_available()) {
    cr_assert_eq(taken.calls, 0);
  }
  free(long_text);
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
}

Test(openbone_particles, the_text_record_carries_box_defaults_and_matrix) {
  anima_bone_model *model = load();
  anima_bone_instance *instance = NULL;
  cr_assert_eq(anima_bone_instance_create(model, &instance), ANIMA_OK);
  const anima_bone_draw_item *items;
  size_t count = anima_bone_draw_list(instance, &items);
  const anima_bone_draw_item *text = find(items, count, ANIMA_BONE_ITEM_TEXT);
  cr_assert_not_null(text);
  const anima_bone_text *record = text->text;
  /* no machine runs: {n} is the default 0, {s} the default "x" (§8.9) */
  cr_assert_str_eq(record->text, "0.00 [x]");
  /* Part B defaults (FORMAT.md) */
  cr_assert_str_eq(record->font, "sans-serif");
  cr_assert_eq(record->size, 16);
  cr_assert_eq(record->weight, 400);
  cr_assert_str_eq(record->align, "center");
  cr_assert_eq(record->width, 40);
  cr_assert_eq(record->height, 10);
  cr_assert_not(record->has_outline);
  /* matrix = bone world (translate 100, 50) · [cos −sin; sin cos | 5, 2]
   * with 90°: a = cos 90 ≈ 0, b = −1, c = 1, d ≈ 0, x = 105, y = 52 */
  const double want[6] = {0, -1, 1, 0, 105, 52};
  for (int i = 0; i < 6; i++) {
    cr_assert(fabs(record->matrix[i] - want[i]) < 1e-12, "matrix[%d] = %g", i,
              record->matrix[i]);
  }
  /* the item: the box quad TL (−20, 5) rotated 90° = (−5, −20), + (5, 2),
   * + (100, 50) ⇒ (100, 32); texture null (§8.4) */
  cr_assert_null(text->texture);
  cr_assert_eq(text->vertex_count, 4);
  cr_assert(fabs(text->vertices[0] - 100) < 1e-4);
  cr_assert(fabs(text->vertices[1] - 32) < 1e-4);
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
}
