/*
 * test_module_outlines.c — outline hooks end to end (docs/MODULES.md
 * "Extension points"; the design sketch's D2-D5): through the draw frame
 * and hit testing, an outline of any length works every frame (D2); a hook
 * on `path` that declines leaves path nodes intact (D3); a hook applies
 * only to documents whose `requires` names its feature (D4); a second hook
 * for a node type is a module-load error naming both modules, and a
 * document may require any number of features (D5).
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <anima/draw.h>
#include <anima/module.h>
#include <anima/path.h>

static anima_runtime *runtime;
static anima_diagnostics *diagnostics;

static void setup(void) {
  runtime = anima_runtime_create();
  diagnostics = anima_diagnostics_create();
}

static void teardown(void) {
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}

TestSuite(outlines, .init = setup, .fini = teardown);

static const anima_host *host;

/* ---- burst: a circle drawn as a 20-point star ---------------------------- */

enum { BURST_POINTS = 20, BURST_VERTICES = 2 * BURST_POINTS };

/* π (pi is not C11). */
static const double pi = 3.14159265358979323846;

typedef struct burst_data {
  double cx, cy;
  long r; /* slot */
} burst_data;

static anima_status burst_compile(anima_compile *compile,
                                  const anima_site *site, void *user,
                                  void **data) {
  (void)user;
  burst_data *burst = host->compile_alloc(compile, sizeof *burst);
  if (!burst) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const anima_json *center = host->json_member(site->json, "center");
  burst->cx = center ? host->json_number(host->json_item(center, 0)) : 0;
  burst->cy = center ? host->json_number(host->json_item(center, 1)) : 0;
  burst->r = host->compile_find_slot(compile, (size_t)site->node, "r");
  *data = burst;
  return ANIMA_OK;
}

/* A move, 39 lines and the close. */
static size_t burst_segments(const void *data, void *user) {
  (void)data, (void)user;
  return BURST_VERTICES + 1;
}

/* Vertex k at angle 9k degrees clockwise from +x (y down), radius r on
 * even k (the tips) and r/2 on odd k (the valleys). */
static anima_status burst_outline(const anima_view *view, const void *data,
                                  anima_path *out, bool *handled, void *user) {
  (void)user;
  const burst_data *burst = data;
  double r = host->view_number(view, (size_t)burst->r, 0);
  anima_status status = ANIMA_OK;
  for (int k = 0; status == ANIMA_OK && k < BURST_VERTICES; k++) {
    double radius = k % 2 ? r / 2 : r;
    double angle = k * (2 * pi / BURST_VERTICES);
    double x = burst->cx + radius * cos(angle);
    double y = burst->cy + radius * sin(angle);
    status =
        k == 0 ? host->path_move_to(out, x, y) : host->path_line_to(out, x, y);
  }
  if (status == ANIMA_OK) {
    status = host->path_close(out);
  }
  *handled = true;
  return status;
}

static anima_status burst_init(const anima_host *kernel,
                               anima_registrar *registrar) {
  host = kernel;
  static const anima_outline_hook_desc hook = {
      .struct_size = sizeof hook,
      .node_type = "circle",
      .lifecycle = {.compile = burst_compile},
      .max_segments = burst_segments,
      .outline = burst_outline,
  };
  return host->add_outline_hook(registrar, &hook);
}
static const char *const burst_features[] = {"burst", NULL};
ANIMA_MODULE_DEFINE(burst, .name = "burst", .features = burst_features,
                    .init = burst_init);

/* A second module hooking circles. */
static const char *const other_features[] = {"other-burst", NULL};
ANIMA_MODULE_DEFINE(other_burst, .name = "other-burst",
                    .features = other_features, .init = burst_init);

/* ---- tracer: a hook on path that always declines --------------------------
 */

static size_t tracer_segments(const void *data, void *user) {
  (void)data, (void)user;
  return 0;
}

static anima_status tracer_outline(const anima_view *view, const void *data,
                                   anima_path *out, bool *handled, void *user) {
  (void)view, (void)data, (void)out, (void)user;
  *handled = false;
  return ANIMA_OK;
}

static anima_status tracer_init(const anima_host *kernel,
                                anima_registrar *registrar) {
  host = kernel;
  static const anima_outline_hook_desc hook = {
      .struct_size = sizeof hook,
      .node_type = "path",
      .max_segments = tracer_segments,
      .outline = tracer_outline,
  };
  return host->add_outline_hook(registrar, &hook);
}
static const char *const tracer_features[] = {"tracer", NULL};
ANIMA_MODULE_DEFINE(tracer, .name = "tracer", .features = tracer_features,
                    .init = tracer_init);

/* ---- helpers ------------------------------------------------------------- */

static anima_model *load(anima_runtime *from, const char *document) {
  anima_model *model = NULL;
  anima_diagnostics_clear(diagnostics);
  cr_assert_eq(
      anima_model_load(from, document, strlen(document), diagnostics, &model),
      ANIMA_OK, "%s",
      anima_diagnostics_count(diagnostics)
          ? anima_diagnostics_get(diagnostics, 0)->message
          : "");
  return model;
}

/* The outline of the frame's only shape after `frames` builds, copied. */
static void shape_outline(anima_model *model, int frames, anima_path *out) {
  anima_player *player = anima_player_create(model);
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(model, &frame), ANIMA_OK);
  anima_step_result result;
  for (int i = 0; i < frames; i++) {
    cr_assert_eq(anima_player_step(player, 1.0 / 60, &result), ANIMA_OK);
    cr_assert_eq(anima_draw_frame_build(frame, player), ANIMA_OK, "frame %d",
                 i);
  }
  cr_assert_eq(frame->item_count, 1);
  cr_assert_eq(frame->items[0].kind, ANIMA_DRAW_SHAPE);
  anima_path_init(out);
  cr_assert_eq(
      anima_path_append(out, frame->shapes[frame->items[0].payload].outline),
      ANIMA_OK);
  anima_draw_frame_destroy(frame);
  anima_player_destroy(player);
}

/* Does a click at (x, y) land on the only node (its listener toggles
 * `hit`)? */
static bool click_hits(anima_model *model, double x, double y) {
  anima_player *player = anima_player_create(model);
  anima_step_result result;
  cr_assert_eq(anima_player_pointer_down(player, x, y), ANIMA_OK);
  cr_assert_eq(anima_player_pointer_up(player, x, y), ANIMA_OK);
  cr_assert_eq(anima_player_step(player, 0, &result), ANIMA_OK);
  anima_value value;
  cr_assert_eq(anima_player_get_input(player, "hit", &value), ANIMA_OK);
  anima_player_destroy(player);
  return value.as.boolean;
}

#define DOCUMENT(requires, node)                                               \
  "{\"anima\": \"0.1\", \"name\": \"probe\", \"grid\": 24, " requires " \"inp" \
                                                                      "uts\":" \
                                                                      " {"     \
                                                                      "\"hit"  \
                                                                      "\": "   \
                                                                      "{\"typ" \
                                                                      "e\": "  \
                                                                      "\"bool" \
                                                                      "\"}},"  \
                                                                      " \"nod" \
                                                                      "es\": " \
                                                                      "[" node \
                                                                      "],"     \
                                                                      " \"lis" \
                                                                      "teners" \
                                                                      "\": "   \
                                                                      "[{"     \
                                                                      "\"on\"" \
                                                                      ": "     \
                                                                      "\"clic" \
                                                                      "k\", "  \
                                                                      "\"targ" \
                                                                      "et\": " \
                                                                      "\"shap" \
                                                                      "e\","   \
                                                                      " \"tog" \
                                                                      "gle\":" \
                                                                      " \"hit" \
                                                                      "\"}]}"

#define CIRCLE                                                                 \
  "{\"id\": \"shape\", \"type\": \"circle\", \"center\": [12, 12],"            \
  " \"r\": 10, \"fill\": {\"color\": \"#000\"}}"

/* A 20-segment zigzag band: a move, 9 lines along y = 4 and 9 back along
 * y = 8 (x from 2 to 20 in steps of 2), and the close. */
#define ZIGZAG                                                                 \
  "{\"id\": \"shape\", \"type\": \"path\", \"d\": \"M2 4 L4 4 L6 4 L8 4"       \
  " L10 4 L12 4 L14 4 L16 4 L18 4 L20 4 L20 8 L18 8 L16 8 L14 8 L12 8"         \
  " L10 8 L8 8 L6 8 L4 8 L2 8 Z\", \"fill\": {\"color\": \"#000\"}}"

/* ---- D2 ------------------------------------------------------------------ */

Test(outlines, an_outline_longer_than_the_kernel_shapes_draws_every_frame) {
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_burst_info, diagnostics),
               ANIMA_OK);
  anima_model *model =
      load(runtime, DOCUMENT("\"requires\": [\"burst\"],", CIRCLE));
  anima_path outline;
  shape_outline(model, 5, &outline);
  /* 41 segments, beyond the kernel shapes' 10 (ANIMA_SHAPE_OUTLINE_
   * SEGMENTS): the first tip at (12 + 10, 12), the first valley 9°
   * clockwise at radius 5: (12 + 5 cos 9°, 12 + 5 sin 9°). */
  cr_assert_eq(outline.count, BURST_VERTICES + 1);
  cr_assert_eq(outline.segments[0].kind, ANIMA_SEGMENT_MOVE);
  cr_assert_float_eq(outline.segments[0].points[0].x, 22, 1e-12);
  cr_assert_float_eq(outline.segments[0].points[0].y, 12, 1e-12);
  cr_assert_float_eq(outline.segments[1].points[0].x, 12 + 5 * cos(pi / 20),
                     1e-12);
  cr_assert_float_eq(outline.segments[1].points[0].y, 12 + 5 * sin(pi / 20),
                     1e-12);
  cr_assert_eq(outline.segments[BURST_VERTICES].kind, ANIMA_SEGMENT_CLOSE);
  anima_path_release(&outline);
  /* Hit testing reads the same outline: (20, 12) lies on the first spike
   * (radius 8 < 10 at angle 0); (12 + 8 cos 9°, 12 + 8 sin 9°) lies
   * towards the first valley, whose vertex is at radius 5: outside the
   * star though inside the circle of radius 10. */
  cr_assert(click_hits(model, 20, 12));
  cr_assert_not(
      click_hits(model, 12 + 8 * cos(pi / 20), 12 + 8 * sin(pi / 20)));
  anima_model_destroy(model);
}

/* ---- D3 ------------------------------------------------------------------ */

Test(outlines, a_declining_hook_on_path_leaves_paths_intact) {
  /* The same zigzag drawn by a runtime without the hook is the reference:
   * 21 segments (a move, 19 lines, the close). */
  anima_runtime *bare = anima_runtime_create();
  anima_model *reference = load(bare, DOCUMENT("", ZIGZAG));
  anima_path expected;
  shape_outline(reference, 1, &expected);
  cr_assert_eq(expected.count, 21);

  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_tracer_info, diagnostics),
               ANIMA_OK);
  anima_model *model =
      load(runtime, DOCUMENT("\"requires\": [\"tracer\"],", ZIGZAG));
  anima_path outline;
  shape_outline(model, 3, &outline);
  cr_assert_eq(outline.count, expected.count);
  for (size_t i = 0; i < outline.count; i++) {
    cr_assert_eq(outline.segments[i].kind, expected.segments[i].kind, "%zu", i);
    cr_assert_eq(outline.segments[i].points[0].x,
                 expected.segments[i].points[0].x, "%zu", i);
    cr_assert_eq(outline.segments[i].points[0].y,
                 expected.segments[i].points[0].y, "%zu", i);
  }
  /* Inside the band (11, 6) hits; above it (11, 2) does not. */
  cr_assert(click_hits(model, 11, 6));
  cr_assert_not(click_hits(model, 11, 2));
  anima_path_release(&outline);
  anima_path_release(&expected);
  anima_model_destroy(model);
  anima_model_destroy(reference);
  anima_runtime_destroy(bare);
}

/* ---- D4 ------------------------------------------------------------------ */

Test(outlines, a_hook_applies_only_to_documents_requiring_its_feature) {
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_burst_info, diagnostics),
               ANIMA_OK);
  anima_model *model = load(runtime, DOCUMENT("", CIRCLE));
  anima_path outline;
  shape_outline(model, 1, &outline);
  /* The kernel's circle: a move, four quarter cubics and the close,
   * starting at (cx + r, cy) = (22, 12). */
  cr_assert_eq(outline.count, 6);
  cr_assert_eq(outline.segments[1].kind, ANIMA_SEGMENT_CUBIC);
  cr_assert_float_eq(outline.segments[0].points[0].x, 22, 1e-12);
  /* (12 + 8 cos 9°, 12 + 8 sin 9°) is inside the plain circle. */
  cr_assert(click_hits(model, 12 + 8 * cos(pi / 20), 12 + 8 * sin(pi / 20)));
  anima_path_release(&outline);
  anima_model_destroy(model);
}

/* ---- D5 ------------------------------------------------------------------ */

/* Registers the burst hook twice under its one feature. */
static anima_status twice_init(const anima_host *kernel,
                               anima_registrar *registrar) {
  anima_status status = burst_init(kernel, registrar);
  return status == ANIMA_OK ? burst_init(kernel, registrar) : status;
}
static const char *const twice_features[] = {"twice", NULL};
ANIMA_MODULE_DEFINE(twice, .name = "twice", .features = twice_features,
                    .init = twice_init);

Test(outlines, a_second_hook_for_a_node_type_and_feature_is_refused) {
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_twice_info, diagnostics),
               ANIMA_ERROR_MODULE);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1);
  const anima_diagnostic *d = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(d->code, "module-load");
  cr_assert_str_eq(d->message,
                   "module twice failed to initialise (invalid argument): "
                   "cannot register outline hook \"circle\": the outline "
                   "hook of node type \"circle/twice\" is already "
                   "registered by module twice; nothing of it was "
                   "registered");
  cr_assert_not(anima_runtime_has_feature(runtime, "twice"));
}

/* A circle hook whose compile declines every node. */
static anima_status declining_compile(anima_compile *compile,
                                      const anima_site *site, void *user,
                                      void **data) {
  (void)compile, (void)site, (void)user;
  *data = NULL;
  return ANIMA_OK;
}
static anima_status declining_init(const anima_host *kernel,
                                   anima_registrar *registrar) {
  static const anima_outline_hook_desc hook = {
      .struct_size = sizeof hook,
      .node_type = "circle",
      .lifecycle = {.compile = declining_compile},
      .max_segments = burst_segments,
      .outline = burst_outline,
  };
  return kernel->add_outline_hook(registrar, &hook);
}
static const char *const declining_features[] = {"declining", NULL};
ANIMA_MODULE_DEFINE(declining, .name = "declining",
                    .features = declining_features, .init = declining_init);

Test(outlines, hooks_of_several_features_take_the_first_that_applies) {
  /* declining (loaded first) declines the circle: burst's hook, next in
   * module order, applies (41 segments); other-burst hooks circles too and
   * is accepted, but the node already has its hook. */
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_declining_info, diagnostics),
               ANIMA_OK);
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_burst_info, diagnostics),
               ANIMA_OK);
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_other_burst_info, diagnostics),
               ANIMA_OK);
  anima_model *model = load(
      runtime,
      DOCUMENT("\"requires\": [\"declining\", \"burst\", \"other-burst\"],",
               CIRCLE));
  anima_path outline;
  shape_outline(model, 1, &outline);
  cr_assert_eq(outline.count, BURST_VERTICES + 1);
  anima_path_release(&outline);
  anima_model_destroy(model);
  /* Declining alone: the kernel's circle (a move, four cubics, the
   * close). */
  model = load(runtime, DOCUMENT("\"requires\": [\"declining\"],", CIRCLE));
  shape_outline(model, 1, &outline);
  cr_assert_eq(outline.count, 6);
  anima_path_release(&outline);
  anima_model_destroy(model);
}

/* Ten features; the hook belongs to the tenth. */
static anima_status many_init(const anima_host *kernel,
                              anima_registrar *registrar) {
  host = kernel;
  static const anima_outline_hook_desc hook = {
      .struct_size = sizeof hook,
      .node_type = "circle",
      .feature = "many-9",
      .lifecycle = {.compile = burst_compile},
      .max_segments = burst_segments,
      .outline = burst_outline,
  };
  return host->add_outline_hook(registrar, &hook);
}
static const char *const many_features[] = {
    "many-0", "many-1", "many-2", "many-3", "many-4", "many-5",
    "many-6", "many-7", "many-8", "many-9", NULL};
ANIMA_MODULE_DEFINE(many, .name = "many", .features = many_features,
                    .init = many_init);

Test(outlines, a_document_may_require_more_than_eight_features) {
  cr_assert_eq(anima_runtime_add_static_module(runtime, &anima_module_many_info,
                                               diagnostics),
               ANIMA_OK);
  anima_model *model = load(
      runtime, DOCUMENT("\"requires\": [\"many-0\", \"many-1\", \"many-2\","
                        " \"many-3\", \"many-4\", \"many-5\", \"many-6\","
                        " \"many-7\", \"many-8\", \"many-9\"],",
                        CIRCLE));
  anima_path outline;
  shape_outline(model, 1, &outline);
  cr_assert_eq(outline.count, BURST_VERTICES + 1);
  anima_path_release(&outline);
  anima_model_destroy(model);
}
