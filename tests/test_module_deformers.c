/*
 * test_module_deformers.c — point deformers end to end (module.h
 * anima_deformer_desc, compile_node_deformer, view_deform_points,
 * view_deformer; docs/MODULES.md "Point deformers"). A test owner module
 * ("kite": a node type whose outline is built from five numbered points)
 * offers its rest points at compile and builds its outline from the
 * deformed ones; a test deformer ("nudge") moves them by the anchor and
 * role the owner gave each point. The skin module's contour hosts are the
 * real user (conformance/cases/skin-module-contour-*).
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

TestSuite(deformers, .init = setup, .fini = teardown);

static const anima_host *host;

/* ---- the owner: a kite of three anchors and two controls ----------------- */

/* Rest points (node-local): anchor 0 at (0, 0); anchor 1 at (10, 0) with
 * its outgoing control at (10, 4); anchor 2 at (0, 10) with its incoming
 * control at (4, 10). Outline: M a0 L a1 C(a1.out, a2.in, a2) Z. */
enum { KITE_POINTS = 5 };
static const anima_deform_point kite_rest[KITE_POINTS] = {
    {{0, 0}, 0, ANIMA_DEFORM_ANCHOR},
    {{10, 0}, 1, ANIMA_DEFORM_ANCHOR},
    {{10, 4}, 1, ANIMA_DEFORM_OUT},
    {{4, 10}, 2, ANIMA_DEFORM_IN},
    {{0, 10}, 2, ANIMA_DEFORM_ANCHOR}};

/* What the owner saw, for the assertions. */
static bool kite_deformed;
static anima_status kite_second_offer;
static anima_status kite_wrong_count;
static const char *kite_deformer_name;

static anima_status kite_compile(anima_compile *compile, const anima_site *site,
                                 void *user, void **data) {
  (void)user, (void)data;
  anima_status status = host->compile_node_deformer(
      compile, site, kite_rest, KITE_POINTS, 3, &kite_deformed);
  if (status == ANIMA_OK) {
    bool again = false;
    kite_second_offer = host->compile_node_deformer(compile, site, kite_rest,
                                                    KITE_POINTS, 3, &again);
  }
  return status;
}

static size_t kite_segments(const void *data, void *user) {
  (void)data, (void)user;
  return 4;
}

static anima_status kite_outline(const anima_view *view, const void *data,
                                 anima_path *out, void *user) {
  (void)data, (void)user;
  size_t node = 0; /* the documents below have the kite as node 0 */
  anima_point p[KITE_POINTS + 1];
  for (size_t i = 0; i < KITE_POINTS; i++) {
    p[i] = kite_rest[i].point;
  }
  kite_wrong_count = host->view_deform_points(view, node, p, KITE_POINTS + 1);
  anima_status status = host->view_deform_points(view, node, p, KITE_POINTS);
  const anima_deformer_desc *desc = NULL;
  host->view_deformer(view, node, &desc);
  kite_deformer_name = desc ? desc->name : NULL;
  if (status == ANIMA_OK) {
    status = host->path_move_to(out, p[0].x, p[0].y);
  }
  if (status == ANIMA_OK) {
    status = host->path_line_to(out, p[1].x, p[1].y);
  }
  if (status == ANIMA_OK) {
    status = host->path_cubic_to(out, p[2].x, p[2].y, p[3].x, p[3].y, p[4].x,
                                 p[4].y);
  }
  return status == ANIMA_OK ? host->path_close(out) : status;
}

static anima_status kite_init(const anima_host *kernel,
                              anima_registrar *registrar) {
  host = kernel;
  static const anima_kind_desc kind = {
      .name = "kite",
      .flags = ANIMA_KIND_NODE_TYPE | ANIMA_KIND_PAINTED,
      .description = "A kite of three anchors (a deformable owner)."};
  static const anima_node_behaviour_desc behaviour = {
      .struct_size = sizeof behaviour,
      .node_type = "kite",
      .flags = ANIMA_BEHAVIOUR_OUTLINE,
      .lifecycle = {.compile = kite_compile},
      .max_segments = kite_segments,
      .outline = kite_outline};
  anima_status status = host->add_kind(registrar, &kind);
  return status == ANIMA_OK ? host->add_node_behaviour(registrar, &behaviour)
                            : status;
}
static const char *const kite_features[] = {"kite", NULL};
ANIMA_MODULE_DEFINE(kite, .name = "kite", .features = kite_features,
                    .init = kite_init);

/* ---- the deformer: nudge ------------------------------------------------- */

/* `nudge: n` on a node: an anchor k moves right by n·(k + 1), an incoming
 * control down by n, an outgoing control up by n. A node without `nudge`
 * is declined; a negative nudge is reported at compile. */
typedef struct nudge_data {
  double amount;
  size_t count;
  anima_deform_point points[KITE_POINTS];
} nudge_data;

static anima_status nudge_compile(anima_compile *compile,
                                  const anima_site *site,
                                  const anima_deform_point *points,
                                  size_t count, size_t anchors, void *user,
                                  void **data) {
  (void)user, (void)anchors;
  const anima_json *nudge = host->json_member(site->json, "nudge");
  if (!nudge) {
    return ANIMA_OK; /* not for this node */
  }
  double amount = host->json_number(nudge);
  if (amount < 0) {
    host->compile_report(compile, "nudge-negative", site->pointer,
                         "nudge forwards", "a nudge of %g", amount);
    return ANIMA_OK;
  }
  nudge_data *made = host->compile_alloc(compile, sizeof *made);
  if (!made || count > KITE_POINTS) {
    return made ? ANIMA_ERROR_UNSUPPORTED : ANIMA_ERROR_NO_MEMORY;
  }
  made->amount = amount;
  made->count = count;
  memcpy(made->points, points, count * sizeof *points);
  *data = made;
  return ANIMA_OK;
}

static void nudge_deform(const anima_view *view, const void *data,
                         anima_point *points, size_t count, void *user) {
  (void)view, (void)user;
  const nudge_data *nudge = data;
  for (size_t i = 0; i < count && i < nudge->count; i++) {
    const anima_deform_point *rest = &nudge->points[i];
    switch (rest->role) {
    case ANIMA_DEFORM_ANCHOR:
      points[i].x += nudge->amount * (double)(rest->anchor + 1);
      break;
    case ANIMA_DEFORM_IN:
      points[i].y += nudge->amount;
      break;
    case ANIMA_DEFORM_OUT:
      points[i].y -= nudge->amount;
      break;
    }
  }
}

static anima_status nudge_init(const anima_host *kernel,
                               anima_registrar *registrar) {
  host = kernel;
  static const anima_field_desc field = {
      .owner = "node",
      .name = "nudge",
      .kind = ANIMA_FIELD_NUMBER,
      .minimum = -100,
      .maximum = 100,
      .description = "Moves the node's points (a test deformer)."};
  static const anima_code_desc code = {.code = "nudge-negative",
                                       .severity = ANIMA_SEVERITY_ERROR,
                                       .description = "A negative nudge."};
  static const anima_deformer_desc deformer = {.struct_size = sizeof deformer,
                                               .name = "nudge",
                                               .compile = nudge_compile,
                                               .deform = nudge_deform};
  anima_status status = host->add_field(registrar, &field);
  if (status == ANIMA_OK) {
    status = host->add_code(registrar, &code);
  }
  return status == ANIMA_OK ? host->add_deformer(registrar, &deformer) : status;
}
static const char *const nudge_features[] = {"nudge", NULL};
ANIMA_MODULE_DEFINE(nudge, .name = "nudge", .features = nudge_features,
                    .init = nudge_init);

/* A deformer without `deform` is refused at registration. */
static anima_status lame_init(const anima_host *kernel,
                              anima_registrar *registrar) {
  static const anima_deformer_desc deformer = {
      .struct_size = sizeof deformer, .name = "lame", .compile = nudge_compile};
  return kernel->add_deformer(registrar, &deformer);
}
static const char *const lame_features[] = {"lame", NULL};
ANIMA_MODULE_DEFINE(lame, .name = "lame", .features = lame_features,
                    .init = lame_init);

/* ---- helpers ------------------------------------------------------------- */

static anima_status load(const char *requires, const char *node,
                         anima_model **model) {
  char document[1024];
  snprintf(document, sizeof document,
           "{\"anima\": \"0.1\", \"name\": \"probe\", \"grid\": 24,"
           " \"requires\": [%s], \"nodes\": [%s]}",
           requires, node);
  anima_diagnostics_clear(diagnostics);
  *model = NULL;
  return anima_model_load(runtime, document, strlen(document), diagnostics,
                          model);
}

static void add_modules(void) {
  cr_assert_eq(anima_runtime_add_static_module(runtime, &anima_module_kite_info,
                                               diagnostics),
               ANIMA_OK);
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_nudge_info, diagnostics),
               ANIMA_OK);
}

/* The frame's only shape, after one step. */
static void outline_of(anima_model *model, anima_path *out) {
  anima_player *player = anima_player_create(model);
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(model, &frame), ANIMA_OK);
  anima_step_result result;
  cr_assert_eq(anima_player_step(player, 1.0 / 60, &result), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(frame, player), ANIMA_OK);
  cr_assert_eq(frame->item_count, 1);
  anima_path_init(out);
  cr_assert_eq(
      anima_path_append(out, frame->shapes[frame->items[0].payload].outline),
      ANIMA_OK);
  anima_draw_frame_destroy(frame);
  anima_player_destroy(player);
}

#define KITE(extra)                                                            \
  "{\"id\": \"k\", \"type\": \"kite\"" extra ", \"fill\": {\"color\": "        \
  "\"#000\"}}"

/* ---- tests --------------------------------------------------------------- */

Test(deformers, the_owner_builds_from_the_points_the_deformer_moved) {
  add_modules();
  anima_model *model = NULL;
  cr_assert_eq(load("\"kite\", \"nudge\"", KITE(", \"nudge\": 2"), &model),
               ANIMA_OK, "%s",
               anima_diagnostics_count(diagnostics)
                   ? anima_diagnostics_get(diagnostics, 0)->message
                   : "");
  cr_assert(kite_deformed);
  /* One offer per node: the second is refused. */
  cr_assert_eq(kite_second_offer, ANIMA_ERROR_INVALID_ARGUMENT);
  anima_path outline;
  outline_of(model, &outline);
  /* nudge 2: a0 (0,0) → (2,0); a1 (10,0) → (14,0); a1.out (10,4) → (10,2);
   * a2.in (4,10) → (4,12); a2 (0,10) → (6,10). */
  cr_assert_eq(outline.count, 4);
  cr_assert_eq(outline.segments[0].points[0].x, 2);
  cr_assert_eq(outline.segments[0].points[0].y, 0);
  cr_assert_eq(outline.segments[1].points[0].x, 14);
  cr_assert_eq(outline.segments[2].kind, ANIMA_SEGMENT_CUBIC);
  cr_assert_eq(outline.segments[2].points[0].x, 10);
  cr_assert_eq(outline.segments[2].points[0].y, 2);
  cr_assert_eq(outline.segments[2].points[1].x, 4);
  cr_assert_eq(outline.segments[2].points[1].y, 12);
  cr_assert_eq(outline.segments[2].points[2].x, 6);
  cr_assert_eq(outline.segments[2].points[2].y, 10);
  /* The count must be the one offered; view_deformer names the deformer. */
  cr_assert_eq(kite_wrong_count, ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_str_eq(kite_deformer_name, "nudge");
  anima_path_release(&outline);
  anima_model_destroy(model);
}

Test(deformers, a_declining_deformer_or_an_undeclared_one_leaves_rest_points) {
  add_modules();
  const char *cases[][2] = {
      {"\"kite\", \"nudge\"", KITE("")}, /* no nudge on the node */
      {"\"kite\"", KITE("")},            /* nudge not required */
  };
  for (size_t c = 0; c < 2; c++) {
    anima_model *model = NULL;
    cr_assert_eq(load(cases[c][0], cases[c][1], &model), ANIMA_OK, "%zu", c);
    cr_assert_not(kite_deformed, "%zu", c);
    anima_path outline;
    outline_of(model, &outline);
    /* The rest kite; a count mismatch is fine when nothing deforms. */
    cr_assert_eq(outline.segments[1].points[0].x, 10, "%zu", c);
    cr_assert_eq(outline.segments[2].points[0].y, 4, "%zu", c);
    cr_assert_eq(outline.segments[2].points[2].x, 0, "%zu", c);
    cr_assert_eq(kite_wrong_count, ANIMA_OK, "%zu", c);
    cr_assert_null(kite_deformer_name, "%zu", c);
    anima_path_release(&outline);
    anima_model_destroy(model);
  }
}

Test(deformers, a_deformers_report_fails_the_load_at_the_node_alone) {
  add_modules();
  anima_model *model = NULL;
  cr_assert_neq(load("\"kite\", \"nudge\"", KITE(", \"nudge\": -1"), &model),
                ANIMA_OK);
  cr_assert_null(model);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1);
  const anima_diagnostic *d = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(d->code, "nudge-negative");
  cr_assert_str_eq(d->pointer, "/nodes/0");
}

Test(deformers, a_deformer_without_deform_is_refused) {
  cr_assert_neq(anima_runtime_add_static_module(
                    runtime, &anima_module_lame_info, diagnostics),
                ANIMA_OK);
}
