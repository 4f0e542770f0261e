/*
 * test_openbone_frame.c — the draw-frame lowering of libanima-openbone
 * (include/anima/openbone.h "Drawing through Anima's draw frame",
 * docs/openbone/README.md "Drawing"): the items a mask, a clipped item, a
 * two-colour tint and a shape stroke lower into, with values derived by
 * hand below, a frame the kernel's validator accepts, and building
 * without allocating (tools/anima/bench_allocation.c's counter; not
 * counted under sanitizers).
 */
#include <criterion/criterion.h>
#include <string.h>

#include "anima/openbone.h"
#include "bench.h"

/* One bone at (5, 0); slots in draw order: a clipping triangle ending at
 * 'tinted', the region 'tinted' (light #ff0000, dark #0000ff, texture
 * 'grey'), the shape 'ring' (rect 20×10, stroke #ffff00 width 2, slot
 * colour #ffffff80). */
static const char *document =
    "{\"format\": \"openbone\", \"version\": 1,"
    " \"skeleton\": {\"bones\": [{\"id\": \"root\", \"name\": \"root\", "
    "\"x\": 5}],"
    "   \"slots\": ["
    "     {\"id\": \"m\", \"name\": \"m\", \"bone\": \"root\", "
    "\"attachment\": \"mask\"},"
    "     {\"id\": \"t\", \"name\": \"t\", \"bone\": \"root\", "
    "\"attachment\": \"tinted\", \"color\": \"#ff0000\", \"dark\": "
    "\"#0000ff\"},"
    "     {\"id\": \"r\", \"name\": \"r\", \"bone\": \"root\", "
    "\"attachment\": \"ring\", \"color\": \"#ffffff80\"}]},"
    " \"skins\": [{\"id\": \"default\", \"name\": \"default\", "
    "\"attachments\": {"
    "   \"m\": {\"mask\": {\"type\": \"clipping\", \"vertices\": [0, 0, 10, "
    "0, 0, 10], \"end\": \"t\"}},"
    "   \"t\": {\"tinted\": {\"type\": \"region\", \"image\": \"grey\", "
    "\"width\": 4, \"height\": 4}},"
    "   \"r\": {\"ring\": {\"type\": \"shape\", \"kind\": \"rect\", "
    "\"width\": 20, \"height\": 10, \"stroke\": {\"color\": \"#ffff00\", "
    "\"width\": 2}}}}}],"
    " \"images\": [{\"id\": \"grey\", \"name\": \"grey\", \"width\": 1, "
    "\"height\": 1, \"src\": null}]}";

static anima_bone_model *load(void) {
  anima_bone_model *model = NULL;
  cr_assert_eq(anima_bone_model_load(document, strlen(document), NULL, &model),
               ANIMA_OK);
  return model;
}

static const anima_draw_item *item_at(const anima_draw_frame *frame,
                                      size_t index) {
  cr_assert_lt(index, frame->item_count);
  return anima_draw_frame_item(frame, index);
}

Test(openbone_frame, masks_tints_and_strokes_lower_by_hand) {
  anima_bone_model *model = load();
  anima_bone_instance *instance = NULL;
  cr_assert_eq(anima_bone_instance_create(model, &instance), ANIMA_OK);
  anima_bone_frame *lowering = NULL;
  cr_assert_eq(anima_bone_frame_create(instance, &lowering), ANIMA_OK);
  const uint8_t grey[4] = {128, 128, 128, 200};
  cr_assert_eq(anima_bone_frame_set_texture(lowering, "grey", grey, 1, 1, 4),
               ANIMA_OK);
  const double view_box[4] = {-20, -20, 40, 40};
  const anima_draw_frame *frame =
      anima_bone_frame_build(lowering, instance, view_box);
  cr_assert_eq(anima_draw_frame_validate(frame), ANIMA_OK);
  /* item 0: the mask's SHAPE; 'tinted': GROUP CLIP MESH CLIP_END GROUP_END
   * (items 1-5); 'ring': GROUP MESH SHAPE GROUP_END (items 6-9) */
  static const anima_draw_item_kind kinds[] = {
      ANIMA_DRAW_SHAPE,       ANIMA_DRAW_GROUP_BEGIN, ANIMA_DRAW_CLIP_BEGIN,
      ANIMA_DRAW_MESH,        ANIMA_DRAW_CLIP_END,    ANIMA_DRAW_GROUP_END,
      ANIMA_DRAW_GROUP_BEGIN, ANIMA_DRAW_MESH,        ANIMA_DRAW_SHAPE,
      ANIMA_DRAW_GROUP_END};
  cr_assert_eq(frame->item_count, sizeof kinds / sizeof kinds[0]);
  for (size_t i = 0; i < frame->item_count; i++) {
    cr_assert_eq(item_at(frame, i)->kind, kinds[i], "item %zu", i);
  }
  /* the mask: earcut of one triangle is that triangle; world = bone
   * (5, 0) + (0,0) (10,0) (0,10), y negated: move, two lines, close */
  const anima_draw_shape *mask = &frame->shapes[item_at(frame, 0)->payload];
  cr_assert_eq(mask->layer_count, 0);
  cr_assert_eq(mask->outline->count, 4);
  double xs[3], ys[3];
  for (int k = 0; k < 3; k++) {
    xs[k] = mask->outline->segments[k].points[0].x;
    ys[k] = mask->outline->segments[k].points[0].y;
  }
  cr_assert_eq(mask->outline->segments[3].kind, ANIMA_SEGMENT_CLOSE);
  /* the three corners in some rotation: their sums and extremes */
  cr_assert_float_eq(xs[0] + xs[1] + xs[2], 5 + 15 + 5, 1e-6);
  cr_assert_float_eq(ys[0] + ys[1] + ys[2], 0 + 0 - 10, 1e-6);
  const anima_draw_clip *clip = &frame->clips[item_at(frame, 2)->payload];
  cr_assert_eq(clip->source, 0);
  cr_assert_eq(item_at(frame, 2)->partner, 4);
  cr_assert_eq(item_at(frame, 1)->partner, 5);
  /* two-colour tint of grey 128: 128·1 + 127·0 = 128 red, 0 green,
   * 128·0 + 127·1 = 127 blue; alpha 200 kept */
  const anima_draw_mesh *tinted = &frame->meshes[item_at(frame, 3)->payload];
  cr_assert_eq(tinted->pixels.data[0], 128);
  cr_assert_eq(tinted->pixels.data[1], 0);
  cr_assert_eq(tinted->pixels.data[2], 127);
  cr_assert_eq(tinted->pixels.data[3], 200);
  cr_assert_float_eq(item_at(frame, 3)->opacity, 1, 1e-12);
  /* the stroke: colour #ffff00 × slot #ffffff80 = (255, 255, 0, 128),
   * width 2, the local outline (4 points: move, 3 lines, close) placed by
   * the bone: world (x, y) ↦ (x + 5, −y) */
  const anima_draw_item *ring = item_at(frame, 8);
  const anima_draw_shape *stroked = &frame->shapes[ring->payload];
  cr_assert_eq(stroked->layer_count, 1);
  const anima_draw_layer *layer = &frame->layers[stroked->first_layer];
  cr_assert_eq(layer->kind, ANIMA_LAYER_STROKE);
  anima_color color = frame->paints[layer->paint].color.color;
  cr_assert(color.r == 255 && color.g == 255 && color.b == 0 && color.a == 128,
            "stroke colour %d %d %d %d", color.r, color.g, color.b, color.a);
  cr_assert_float_eq(frame->strokes[layer->stroke].width, 2, 1e-12);
  cr_assert_eq(stroked->outline->count, 5);
  cr_assert_float_eq(ring->world.e, 5, 1e-12);
  cr_assert_float_eq(ring->world.d, -1, 1e-12);
  /* the ring's fill: white × slot alpha 0.5 */
  cr_assert_float_eq(item_at(frame, 7)->opacity, 128.0 / 255, 1e-6);
  anima_bone_frame_destroy(lowering);
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
}

Test(openbone_frame, building_allocates_nothing) {
  anima_bone_model *model = load();
  anima_bone_instance *instance = NULL;
  cr_assert_eq(anima_bone_instance_create(model, &instance), ANIMA_OK);
  anima_bone_frame *lowering = NULL;
  cr_assert_eq(anima_bone_frame_create(instance, &lowering), ANIMA_OK);
  const uint8_t grey[4] = {128, 128, 128, 255};
  anima_bone_frame_set_texture(lowering, "grey", grey, 1, 1, 4);
  const double view_box[4] = {-20, -20, 40, 40};
  size_t items = 0;
  bench_allocation_resume();
  for (int i = 0; i < 50; i++) {
    anima_bone_instance_advance(instance, 1.0 / 60);
    items += anima_bone_frame_build(lowering, instance, view_box)->item_count;
  }
  bench_allocation_pause();
  bench_allocations taken = bench_allocation_take();
  cr_assert_eq(items, 50 * 10);
  if (bench_allocation_available()) {
    cr_assert_eq(taken.calls, 0, "%zu allocations (%zu bytes)", taken.calls,
                 taken.bytes);
  }
  anima_bone_frame_destroy(lowering);
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
}

/* A 4×4 region packed at (40, 8) on a 64×32 page, drawn with light
 * #808080: only the texels its uvs span, one more a side, are tinted. */
static const char *packed_document =
    "{\"format\": \"openbone\", \"version\": 1,"
    " \"skeleton\": {\"bones\": [{\"id\": \"root\", \"name\": \"root\"}],"
    "   \"slots\": [{\"id\": \"s\", \"name\": \"s\", \"bone\": \"root\", "
    "\"attachment\": \"dot\", \"color\": \"#808080\"}]},"
    " \"skins\": [{\"id\": \"default\", \"name\": \"default\", "
    "\"attachments\": {\"s\": {\"dot\": {\"type\": \"region\", \"image\": "
    "\"dot\", \"width\": 4, \"height\": 4}}}}],"
    " \"images\": [{\"id\": \"dot\", \"name\": \"dot\", \"width\": 4, "
    "\"height\": 4, \"src\": null}],"
    " \"atlas\": {\"pages\": [{\"id\": \"page\", \"width\": 64, \"height\": "
    "32}], \"regions\": [{\"image\": \"dot\", \"page\": \"page\", \"x\": 40, "
    "\"y\": 8, \"width\": 4, \"height\": 4}]}}";

Test(openbone_frame, a_packed_item_tints_only_its_region) {
  anima_bone_model *model = NULL;
  cr_assert_eq(anima_bone_model_load(packed_document, strlen(packed_document),
                                     NULL, &model),
               ANIMA_OK);
  anima_bone_instance *instance = NULL;
  cr_assert_eq(anima_bone_instance_create(model, &instance), ANIMA_OK);
  anima_bone_frame *lowering = NULL;
  cr_assert_eq(anima_bone_frame_create(instance, &lowering), ANIMA_OK);
  /* texel (x, y) of the page is (4x, 8y, 0, 255) */
  static uint8_t page[32][64][4];
  for (int y = 0; y < 32; y++) {
    for (int x = 0; x < 64; x++) {
      page[y][x][0] = (uint8_t)(4 * x);
      page[y][x][1] = (uint8_t)(8 * y);
      page[y][x][3] = 255;
    }
  }
  cr_assert_eq(anima_bone_frame_set_texture(lowering, "page", &page[0][0][0],
                                            64, 32, 64 * 4),
               ANIMA_OK);
  const double view_box[4] = {-5, -5, 10, 10};
  const anima_draw_frame *frame =
      anima_bone_frame_build(lowering, instance, view_box);
  cr_assert_eq(anima_draw_frame_validate(frame), ANIMA_OK);
  cr_assert_eq(frame->mesh_count, 1);
  const anima_draw_mesh *mesh = &frame->meshes[0];
  /* uvs span page texels x 40…44, y 8…12 (§8.7: (40 + 4u)/64,
   * (8 + 4v)/32); grown by one texel a side: x 39…45, y 7…13 ⇒ 6 × 6 */
  cr_assert_eq(mesh->pixels.width, 6);
  cr_assert_eq(mesh->pixels.height, 6);
  /* its first texel is page texel (39, 7) × 128/255: 156 → 78, 56 → 28 */
  cr_assert_eq(mesh->pixels.data[0], 78);
  cr_assert_eq(mesh->pixels.data[1], 28);
  cr_assert_eq(mesh->pixels.data[3], 255);
  /* the TL corner's uv (40/64, 8/32) lands on sub-texel (1, 1) of 6:
   * (40 − 39)/6, (8 − 7)/6 */
  const anima_draw_vertex *corner = &frame->vertices[mesh->first_vertex];
  cr_assert_float_eq(corner->u, 1.0 / 6, 1e-6);
  cr_assert_float_eq(corner->v, 1.0 / 6, 1e-6);
  anima_bone_frame_destroy(lowering);
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
}

/* Particles (§8.8): the slot 'fx' (colour #00ffff80) bursts one square
 * particle at time 0 that stays (speed 0, 2 s), gradient #ffff00 all
 * along; the slot 'plain' shows a 4×4 region after it. A particle vertex's
 * colour is (c.rgb × tint.rgb, c.a × tint.a) = (0, 1, 0, 128/255) ⇒
 * bytes (0, 255, 0, 128); the region's vertices stay opaque white. */
static const char *particle_document =
    "{\"format\": \"openbone\", \"version\": 1,"
    " \"skeleton\": {\"bones\": [{\"id\": \"root\", \"name\": \"root\"}],"
    "   \"slots\": ["
    "     {\"id\": \"fx\", \"name\": \"fx\", \"bone\": \"root\", "
    "\"attachment\": \"dots\", \"color\": \"#00ffff80\"},"
    "     {\"id\": \"p\", \"name\": \"plain\", \"bone\": \"root\", "
    "\"attachment\": \"box\"}]},"
    " \"skins\": [{\"id\": \"default\", \"name\": \"default\", "
    "\"attachments\": {"
    "   \"fx\": {\"dots\": {\"type\": \"particles\", \"look\": \"square\", "
    "\"rate\": 0, \"bursts\": [{\"time\": 0, \"count\": 1}], \"speed\": [0, "
    "0], \"lifetime\": [2, 2], \"startSize\": [16, 16], \"endSize\": [16, "
    "16], \"gradient\": [{\"t\": 0, \"color\": \"#ffff00ff\"}, {\"t\": 1, "
    "\"color\": \"#ffff00ff\"}]}},"
    "   \"p\": {\"box\": {\"type\": \"region\", \"width\": 4, \"height\": "
    "4}}}}]}";

Test(openbone_frame, particles_lower_their_colours_per_vertex) {
  anima_bone_model *model = NULL;
  cr_assert_eq(anima_bone_model_load(particle_document,
                                     strlen(particle_document), NULL, &model),
               ANIMA_OK);
  anima_bone_instance *instance = NULL;
  cr_assert_eq(anima_bone_instance_create(model, &instance), ANIMA_OK);
  anima_bone_frame *lowering = NULL;
  cr_assert_eq(anima_bone_frame_create(instance, &lowering), ANIMA_OK);
  const double view_box[4] = {-20, -20, 40, 40};
  size_t items = 0;
  anima_bone_instance_advance(instance, 1.0 / 60);
  bench_allocation_resume();
  for (int i = 0; i < 20; i++) {
    anima_bone_instance_advance(instance, 1.0 / 60);
    items += anima_bone_frame_build(lowering, instance, view_box)->item_count;
  }
  bench_allocation_pause();
  bench_allocations taken = bench_allocation_take();
  if (bench_allocation_available()) {
    cr_assert_eq(taken.calls, 0, "%zu allocations (%zu bytes)", taken.calls,
                 taken.bytes);
  }
  const anima_draw_frame *frame =
      anima_bone_frame_build(lowering, instance, view_box);
  cr_assert_eq(anima_draw_frame_validate(frame), ANIMA_OK);
  cr_assert_eq(items, 20 * 6); /* two items: GROUP, MESH, GROUP_END each */
  cr_assert_not_null(frame->vertex_colors);
  const anima_draw_item *dots = item_at(frame, 1);
  const anima_draw_item *box = item_at(frame, 4);
  cr_assert_eq(dots->kind, ANIMA_DRAW_MESH);
  cr_assert_eq(box->kind, ANIMA_DRAW_MESH);
  cr_expect_eq(dots->opacity, 1, "the alpha is the vertices'");
  const anima_draw_mesh *mesh = &frame->meshes[dots->payload];
  cr_assert_eq(mesh->vertex_count, 4);
  cr_expect_eq(mesh->pixels.width, 1);
  cr_expect_eq(mesh->pixels.data[0], 255, "the texture is not tinted");
  cr_expect_eq(mesh->pixels.data[1], 255);
  cr_expect_eq(mesh->pixels.data[2], 255);
  for (size_t v = 0; v < 4; v++) {
    anima_color c = frame->vertex_colors[mesh->first_vertex + v];
    cr_expect(c.r == 0 && c.g == 255 && c.b == 0 && c.a == 128,
              "particle vertex %zu: %d %d %d %d", v, c.r, c.g, c.b, c.a);
  }
  const anima_draw_mesh *plain = &frame->meshes[box->payload];
  for (size_t v = 0; v < plain->vertex_count; v++) {
    anima_color c = frame->vertex_colors[plain->first_vertex + v];
    cr_expect(c.r == 255 && c.g == 255 && c.b == 255 && c.a == 255,
              "region vertex %zu: %d %d %d %d", v, c.r, c.g, c.b, c.a);
  }
  anima_bone_frame_destroy(lowering);
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
}
