/*
 * contour.c — the `contour` feature module (SPEC contour chapter), built as
 * anima-contour.so (contour.h lists the files).
 *
 * A `contour` node is a painted node whose `vertices` (at least two
 * objects {point: [x, y], kind, ...}), `closed` and `geometryOrigin` are
 * static authoring fields: the path is built once per model, at compile,
 * and the outline hook hands that same path to drawing (SVG, cairo),
 * lengths and hit testing. Stepping and drawing allocate nothing.
 *
 * A contour is also the owner of deformable geometry (module.h
 * anima_deformer_desc): at compile it offers its vertices and handles to
 * the document's point deformers (skin). When one applies, the path is
 * rebuilt at every outline call from the deformed points — handles move
 * as points, then rounded corners are reconstructed from the deformed
 * neighbours — in stack storage (at most CONTOUR_DEFORMED_VERTICES_MAX
 * vertices), allocating nothing.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "contour.h"

const anima_host *contour_host;

/* Per model, per node: the compiled path (model-owned segments) and, when
 * a deformer moves the node's points, what rebuilding it takes. */
typedef struct contour_data {
  anima_path path;
  bool deformed;
  size_t node;
  bool closed;
  size_t count;                   /* vertices */
  const contour_vertex *vertices; /* rest, origin subtracted */
  /* Per vertex, the index of its anchor, incoming and outgoing control in
   * the offered points; (size_t)-1 for a control it does not have. */
  size_t (*offered)[3];
  size_t point_count;
  const anima_deform_point *points;
} contour_data;

/* The points a contour offers a deformer: per vertex its anchor, then its
 * incoming and outgoing controls when nonzero (a zero control means "no
 * handle" and stays one), as absolute positions. */
static anima_status offer_points(anima_compile *compile, const anima_site *site,
                                 contour_data *contour) {
  const anima_host *h = contour_host;
  anima_deform_point *points =
      h->compile_alloc(compile, 3 * contour->count * sizeof *points);
  contour->offered =
      h->compile_alloc(compile, contour->count * sizeof *contour->offered);
  if (!points || !contour->offered) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t n = 0;
  for (size_t i = 0; i < contour->count; i++) {
    const contour_vertex *v = &contour->vertices[i];
    contour->offered[i][0] = n;
    points[n++] = (anima_deform_point){v->point, i, ANIMA_DEFORM_ANCHOR};
    contour->offered[i][1] = contour->offered[i][2] = (size_t)-1;
    if (v->in.x != 0 || v->in.y != 0) {
      contour->offered[i][1] = n;
      points[n++] = (anima_deform_point){
          {v->point.x + v->in.x, v->point.y + v->in.y}, i, ANIMA_DEFORM_IN};
    }
    if (v->out.x != 0 || v->out.y != 0) {
      contour->offered[i][2] = n;
      points[n++] = (anima_deform_point){
          {v->point.x + v->out.x, v->point.y + v->out.y}, i, ANIMA_DEFORM_OUT};
    }
  }
  contour->points = points;
  contour->point_count = n;
  anima_status status = h->compile_node_deformer(
      compile, site, points, n, contour->count, &contour->deformed);
  if (status == ANIMA_OK && contour->deformed &&
      contour->count > CONTOUR_DEFORMED_VERTICES_MAX) {
    char pointer[512];
    snprintf(pointer, sizeof pointer, "%s/vertices", site->pointer);
    h->compile_report(compile, "limit-exceeded", pointer,
                      "split the contour into contours of at most 256 "
                      "vertices",
                      "a deformed contour takes at most %d vertices (%zu here)",
                      CONTOUR_DEFORMED_VERTICES_MAX, contour->count);
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  return status;
}

/* A node whose fill has `winding: "clockwise"` fills the positive-winding
 * region of its outline (contour_winding.c), compiled once. */
static anima_status compile_winding(anima_compile *compile,
                                    const anima_site *site,
                                    const anima_path *outline, bool deformed) {
  const anima_host *h = contour_host;
  const anima_json *fill = h->json_member(site->json, "fill");
  const anima_json *winding = fill ? h->json_member(fill, "winding") : NULL;
  if (!winding || h->json_type(winding) != ANIMA_JSON_STRING ||
      strcmp(h->json_string(winding, NULL), "clockwise") != 0) {
    return ANIMA_OK;
  }
  if (deformed) {
    /* The region is compiled once; a deformed outline changes. */
    char pointer[512];
    snprintf(pointer, sizeof pointer, "%s/fill/winding", site->pointer);
    h->compile_report(compile, "bad-value", pointer,
                      "fill the deformed contour with \"rule\" instead",
                      "a contour that a deformer (skin) moves cannot fill "
                      "clockwise");
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  anima_path region;
  anima_status status = contour_positive_fill(compile, outline, &region);
  if (status == ANIMA_ERROR_UNSUPPORTED) {
    char pointer[512];
    snprintf(pointer, sizeof pointer, "%s/fill/winding", site->pointer);
    h->compile_report(compile, "limit-exceeded", pointer,
                      "simplify the outline or fill it with \"rule\"",
                      "the clockwise fill of node \"%s\" needs more than "
                      "%d edges or %d path segments",
                      h->compile_node_id(compile, (size_t)site->node),
                      CONTOUR_WINDING_EDGES_MAX, CONTOUR_WINDING_SEGMENTS_MAX);
  }
  if (status != ANIMA_OK) {
    return status;
  }
  anima_path *kept = h->compile_alloc(compile, sizeof *kept);
  if (!kept) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  *kept = region;
  return h->compile_fill_path(compile, (size_t)site->node, kept);
}

static anima_status contour_compile(anima_compile *compile,
                                    const anima_site *site, void *user,
                                    void **data) {
  (void)user;
  const anima_host *h = contour_host;
  const anima_json *vertices = h->json_member(site->json, "vertices");
  if (!vertices || h->json_type(vertices) != ANIMA_JSON_ARRAY ||
      h->json_size(vertices) < 2) {
    return ANIMA_ERROR_INVALID_ARGUMENT; /* validation refused it already */
  }
  size_t count = h->json_size(vertices);
  anima_point origin = {0, 0};
  const anima_json *at = h->json_member(site->json, "geometryOrigin");
  if (at && h->json_type(at) == ANIMA_JSON_ARRAY && h->json_size(at) == 2) {
    origin = (anima_point){h->json_number(h->json_item(at, 0)),
                           h->json_number(h->json_item(at, 1))};
  }
  const anima_json *closed = h->json_member(site->json, "closed");
  bool is_closed =
      closed && h->json_type(closed) == ANIMA_JSON_BOOL && h->json_bool(closed);
  contour_data *contour = h->compile_alloc(compile, sizeof *contour);
  contour_vertex *parsed = h->compile_alloc(compile, count * sizeof *parsed);
  size_t capacity = contour_segments(count);
  anima_segment *segments =
      h->compile_alloc(compile, capacity * sizeof *segments);
  if (!contour || !parsed || !segments) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < count; i++) {
    if (!contour_read_vertex(h->json_item(vertices, i), origin, &parsed[i])) {
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
  }
  *contour = (contour_data){.node = (size_t)site->node,
                            .closed = is_closed,
                            .count = count,
                            .vertices = parsed};
  /* Caller storage (path.h anima_path_init_storage): never grows. */
  contour->path = (anima_path){.segments = segments,
                               .count = 0,
                               .capacity = capacity,
                               .growable = false};
  anima_status status = contour_build(parsed, count, is_closed, &contour->path);
  if (status == ANIMA_OK) {
    status = offer_points(compile, site, contour);
  }
  if (status != ANIMA_OK) {
    return status;
  }
  *data = contour;
  status = compile_winding(compile, site, &contour->path, contour->deformed);
  if (status != ANIMA_OK) {
    return status;
  }
  /* The own stroke over the static path (its ordered paints entries:
   * contour_strokes.c). */
  char pointer[512];
  snprintf(pointer, sizeof pointer, "%s/stroke", site->pointer);
  contour_stroke_target target = {.node = (size_t)site->node,
                                  .json = h->json_member(site->json, "stroke"),
                                  .pointer = pointer,
                                  .address = "stroke"};
  /* A deformed contour's outline changes every frame: its trim or stack
   * is applied to each frame's outline. */
  return contour->deformed
             ? contour_compile_outline_stroke(compile, &target,
                                              contour_segments(count))
             : contour_compile_stroke(compile, &target, &contour->path);
}

static size_t contour_max_segments(const void *data, void *user) {
  (void)user;
  const contour_data *contour = data;
  return !contour            ? 0
         : contour->deformed ? contour_segments(contour->count)
                             : contour->path.count;
}

/* The contour from its deformed points: each vertex at its deformed
 * anchor, its controls the deformed handles relative to it. */
static anima_status deformed_outline(const anima_view *view,
                                     const contour_data *contour,
                                     anima_path *out) {
  anima_point points[3 * CONTOUR_DEFORMED_VERTICES_MAX];
  contour_vertex vertices[CONTOUR_DEFORMED_VERTICES_MAX];
  for (size_t i = 0; i < contour->point_count; i++) {
    points[i] = contour->points[i].point;
  }
  anima_status status = contour_host->view_deform_points(
      view, contour->node, points, contour->point_count);
  for (size_t i = 0; status == ANIMA_OK && i < contour->count; i++) {
    vertices[i] = contour->vertices[i];
    anima_point p = points[contour->offered[i][0]];
    vertices[i].point = p;
    if (contour->offered[i][1] != (size_t)-1) {
      anima_point in = points[contour->offered[i][1]];
      vertices[i].in = (anima_point){in.x - p.x, in.y - p.y};
    }
    if (contour->offered[i][2] != (size_t)-1) {
      anima_point o = points[contour->offered[i][2]];
      vertices[i].out = (anima_point){o.x - p.x, o.y - p.y};
    }
  }
  return status == ANIMA_OK
             ? contour_build(vertices, contour->count, contour->closed, out)
             : status;
}

static anima_status contour_outline(const anima_view *view, const void *data,
                                    anima_path *out, void *user) {
  (void)view, (void)user;
  const contour_data *contour = data;
  if (contour && contour->deformed) {
    return deformed_outline(view, contour, out);
  }
  return contour ? contour_host->path_append(out, &contour->path) : ANIMA_OK;
}

/* ---- registration ------------------------------------------------------ */

#define COORDINATE_LIMIT ANIMA_PATH_NUMBER_LIMIT

static const anima_kind_desc kinds[] = {
    {.name = "contour",
     .feature = CONTOUR_FEATURE,
     .flags = ANIMA_KIND_NODE_TYPE | ANIMA_KIND_PAINTED,
     .description = "An editable outline: vertices joined in order by lines "
                    "and cubics (straight, mirrored, asymmetric, detached "
                    "and rounded vertices), open or closed."},
    {.name = "contour-vertex",
     .feature = CONTOUR_FEATURE,
     .discriminator = "kind",
     .description = "One vertex of a contour: a point and its kind's "
                    "handles or radius."},
    {.name = "contour-straight",
     .feature = CONTOUR_FEATURE,
     .variant_of = "contour-vertex",
     .variant = "straight",
     .description = "A corner without handles: its edges are lines unless "
                    "the neighbour supplies a handle."},
    {.name = "contour-mirrored",
     .feature = CONTOUR_FEATURE,
     .variant_of = "contour-vertex",
     .variant = "mirrored",
     .description = "A smooth vertex: the outgoing control is `handle`, "
                    "the incoming one its exact negative."},
    {.name = "contour-asymmetric",
     .feature = CONTOUR_FEATURE,
     .variant_of = "contour-vertex",
     .variant = "asymmetric",
     .description = "A smooth vertex of two lengths: `outgoing` gives the "
                    "direction and length, `incoming` a length only, laid "
                    "opposite."},
    {.name = "contour-detached",
     .feature = CONTOUR_FEATURE,
     .variant_of = "contour-vertex",
     .variant = "detached",
     .description = "A vertex with independent `incoming` and `outgoing` "
                    "controls."},
    {.name = "contour-rounded",
     .feature = CONTOUR_FEATURE,
     .variant_of = "contour-vertex",
     .variant = "rounded",
     .description = "A corner rounded by one cutback min(radius, half of "
                    "each adjacent length) and a natural-rounding cubic; "
                    "open endpoints do not round."},
};

#define PAIR_FIELD(owner_, name_, required_, default_, text_)                  \
  {                                                                            \
    .owner = owner_, .name = name_, .feature = CONTOUR_FEATURE,                \
    .kind = ANIMA_FIELD_NUMBERS, .length = 2, .minimum = -COORDINATE_LIMIT,    \
    .maximum = COORDINATE_LIMIT, .required = required_,                        \
    .default_json = default_, .description = text_                             \
  }

static const char *const winding_options[] = {"clockwise", NULL};

static const anima_field_desc fields[] = {
    {.owner = "contour",
     .name = "vertices",
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .markup_name = "vertices",
     .feature = CONTOUR_FEATURE,
     .kind = ANIMA_FIELD_VARIANTS,
     .item_kind = "contour-vertex",
     .required = true,
     .markup_form = ANIMA_MARKUP_JSON,
     .description = "At least two vertices {point: [x, y], kind, ...} in "
                    "drawing order (static; AniML: a JSON-valued "
                    "attribute)."},
    {.owner = "contour",
     .name = "closed",
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .feature = CONTOUR_FEATURE,
     .kind = ANIMA_FIELD_BOOL,
     .default_json = "false",
     .description = "Joins the last vertex to the first, then closes "
                    "(static)."},
    PAIR_FIELD("contour", "geometryOrigin", false, "[0, 0]",
               "Subtracted from every vertex point before the node's "
               "transforms, independently of paint coordinates (static)."),
    {.owner = "contour-vertex",
     .name = "kind",
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .feature = CONTOUR_FEATURE,
     .kind = ANIMA_FIELD_STRING,
     .required = true,
     .description = "The vertex kind: straight, mirrored, asymmetric, "
                    "detached or rounded."},
    PAIR_FIELD("contour-vertex", "point", true, NULL,
               "The vertex in grid units, before the geometry origin is "
               "subtracted."),
    PAIR_FIELD("contour-mirrored", "handle", false, "[0, 0]",
               "The outgoing control relative to the point; the incoming "
               "control is its negative."),
    PAIR_FIELD("contour-asymmetric", "outgoing", false, "[0, 0]",
               "The outgoing control relative to the point: direction and "
               "length."),
    PAIR_FIELD("contour-asymmetric", "incoming", false, "[0, 0]",
               "Its length only counts: the incoming control lies that far "
               "opposite `outgoing` (needs a nonzero `outgoing`)."),
    PAIR_FIELD("contour-detached", "outgoing", false, "[0, 0]",
               "The outgoing control relative to the point."),
    PAIR_FIELD("contour-detached", "incoming", false, "[0, 0]",
               "The incoming control relative to the point."),
    {.owner = "fill",
     .name = "winding",
     .feature = CONTOUR_FEATURE,
     .kind = ANIMA_FIELD_ENUM,
     .options = winding_options,
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .description = "\"clockwise\": fill exactly where the outline winds "
                    "positively (clockwise +1, counterclockwise -1, open "
                    "contours closed), overriding rule; contour nodes only "
                    "(static)."},
    {.owner = "contour-rounded",
     .name = "radius",
     .feature = CONTOUR_FEATURE,
     .kind = ANIMA_FIELD_NUMBER,
     .minimum = 0,
     .maximum = COORDINATE_LIMIT,
     .default_json = "0",
     .description = "Cutback along both edges (>= 0), limited to half of "
                    "each adjacent length; 0 leaves a sharp corner."},
};

static anima_status contour_init(const anima_host *kernel,
                                 anima_registrar *registrar) {
  contour_host = kernel;
  if (!ANIMA_HOST_HAS(kernel, view_deformer)) {
    return ANIMA_ERROR_MODULE; /* a kernel older than point deformers */
  }
  static const anima_node_behaviour_desc behaviour = {
      .struct_size = sizeof behaviour,
      .node_type = "contour",
      .feature = CONTOUR_FEATURE,
      .flags = ANIMA_BEHAVIOUR_OUTLINE,
      .lifecycle = {.compile = contour_compile},
      .max_segments = contour_max_segments,
      .outline = contour_outline,
  };
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, kernel->add_kind, registrar, kinds);
  ANIMA_ADD_EACH(status, kernel->add_field, registrar, fields);
  if (status == ANIMA_OK) {
    status = kernel->add_node_behaviour(registrar, &behaviour);
  }
  if (status == ANIMA_OK) {
    status = contour_register_check(registrar);
  }
  if (status == ANIMA_OK) {
    status = contour_register_effects(registrar);
  }
  if (status == ANIMA_OK) {
    status = contour_register_strokes(registrar);
  }
  return status;
}

static const char *const contour_features[] = {CONTOUR_FEATURE, NULL};
/* composite registers the codes unknown-source and paint-conflict, which
 * effect stacks report too. */
static const char *const contour_depends[] = {"composite", NULL};

ANIMA_MODULE_DEFINE(contour, .name = "contour", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima",
                    .description = "Editable contours: vertex kinds, "
                                   "rounded corners, the geometry origin, "
                                   "clockwise fill, trims and effect stacks "
                                   "(SPEC contour chapter).",
                    .features = contour_features, .depends = contour_depends,
                    .init = contour_init);
