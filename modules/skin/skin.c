/*
 * skin.c — the `skin` module (SPEC `## skin`; docs/modules/skin.md):
 * bind-pose skinning of paths and contours by rig bones.
 *
 *   {"type": "path", "d": "...", "skin": {"bones": ["upper", "fore"],
 *    "weights": [{"point": {"upper": 1}}, ...]}}
 *   AniML <path d="..."><skin bones="upper fore" weights='[...]'/></path>
 *
 * A point p of the rest path (node-local) is drawn at
 * p' = W0⁻¹ · Σ wᵢ · Dᵢ · W0 · p, Dᵢ = Bᵢ(now) · Bᵢ(rest)⁻¹ (`@rest`: the
 * identity), W0 the node's document-rest world frame, which stays the
 * node's drawing frame (a stage hook at the end of every step pins it), so
 * the path's own and its ancestors' animation add no second motion. The
 * deformed outline is an outline hook on `path` (the draw frame, hit
 * testing, lengths and trims read it); `<path>.skin.point.<k>.x|y` read
 * anchor k deformed, in the world.
 *
 * A contour (and any other owner of geometry) is skinned through the
 * kernel's point deformers (module.h anima_deformer_desc): the contour
 * offers its vertices and handles at compile, skin binds weights to them
 * here, and the contour rebuilds its path — rounded corners included —
 * from the points skin_deform moves. A mesh module plugs in the same way
 * (its vertices as anchors); skin_check then lists its host type.
 * `<contour>.skin.point.<k>.x|y` read vertex k deformed, in the world.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <anima/rig.h>

#include "skin.h"

const anima_host *skin_host;

/* ---- the bind: bones and frames, shared by paths and contours ----------- */

/* Fills node, bones, their rest inverses and W0 of `data` from the node's
 * `skin` object. */
static anima_status bind_bones(anima_compile *c, const anima_json *skin,
                               size_t node, skin_data *data) {
  data->node = node;
  const anima_json *bones = skin_host->json_member(skin, "bones");
  data->bone_count = skin_host->json_size(bones);
  data->bones = skin_host->compile_alloc(
      c, (data->bone_count ? data->bone_count : 1) * sizeof *data->bones);
  data->rest_inverse = skin_host->compile_alloc(
      c, (data->bone_count ? data->bone_count : 1) * sizeof(anima_matrix));
  if (!data->bones || !data->rest_inverse) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < data->bone_count; i++) {
    const char *id =
        skin_host->json_string(skin_host->json_item(bones, i), NULL);
    long bone = id ? skin_host->compile_find_node(c, id) : -1;
    if (!skin_is_bone(c, bone)) {
      return ANIMA_ERROR_INVALID_DOCUMENT; /* rig-weight-bone */
    }
    data->bones[i] = (size_t)bone;
    if (!skin_invert(skin_rest_world(c, (size_t)bone),
                     &data->rest_inverse[i])) {
      /* A bone with a singular rest frame moves nothing. */
      data->rest_inverse[i] = (anima_matrix){0, 0, 0, 0, 0, 0};
    }
  }
  data->rest_world = skin_rest_world(c, node);
  data->invertible = skin_invert(data->rest_world, &data->rest_world_inverse);
  return ANIMA_OK;
}

/* ---- the outline hook ---------------------------------------------------- */

static anima_status skin_outline_compile(anima_compile *c,
                                         const anima_site *site, void *user,
                                         void **out) {
  (void)user;
  *out = NULL;
  const anima_json *skin = skin_host->json_member(site->json, "skin");
  const char *d =
      skin_host->json_string(skin_host->json_member(site->json, "d"), NULL);
  if (!skin || !d) {
    return ANIMA_OK; /* not skinned: another hook or the kernel's path */
  }
  skin_data *data = skin_host->compile_alloc(c, sizeof *data);
  if (!data) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_path parsed = {0};
  anima_path_error error;
  anima_status status = skin_host->path_parse(d, strlen(d), &parsed, &error);
  if (status != ANIMA_OK) {
    return status; /* validation reported the path data */
  }
  data->segment_count = parsed.count;
  data->rest = skin_host->compile_alloc(c, (parsed.count ? parsed.count : 1) *
                                               sizeof *data->rest);
  if (data->rest && parsed.count) {
    memcpy(data->rest, parsed.segments, parsed.count * sizeof *data->rest);
  }
  skin_host->path_release(&parsed);
  data->point_count = data->segment_count * 3;
  data->points = skin_host->compile_alloc(
      c, (data->point_count ? data->point_count : 1) * sizeof *data->points);
  if (!data->rest || !data->points) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < data->point_count; i++) {
    data->points[i] = data->rest[i / 3].points[i % 3];
  }
  status = bind_bones(c, skin, (size_t)site->node, data);
  if (status == ANIMA_OK) {
    status = skin_compile_weights(c, skin, data, NULL, 0);
  }
  if (status == ANIMA_OK) {
    *out = data;
  }
  return status;
}

static size_t skin_segments(const void *data, void *user) {
  (void)user;
  return ((const skin_data *)data)->segment_count;
}

anima_point skin_world_point(const anima_view *view, const skin_data *data,
                             size_t index) {
  anima_point q = skin_apply(data->rest_world, data->points[index]);
  const skin_influence *influence = &data->influences[index];
  anima_point sum = {influence->rest * q.x, influence->rest * q.y};
  for (unsigned i = 0; i < influence->count; i++) {
    size_t bone = influence->bone[i];
    anima_matrix deform =
        skin_multiply(skin_host->view_world(view, data->bones[bone]),
                      data->rest_inverse[bone]);
    anima_point moved = skin_apply(deform, q);
    sum.x += influence->weight[i] * moved.x;
    sum.y += influence->weight[i] * moved.y;
  }
  return sum;
}

static anima_status skin_outline(const anima_view *view, const void *raw,
                                 anima_path *out, bool *handled, void *user) {
  (void)user;
  const skin_data *data = raw;
  anima_status status = ANIMA_OK;
  for (size_t s = 0; status == ANIMA_OK && s < data->segment_count; s++) {
    const anima_segment *segment = &data->rest[s];
    anima_point p[3];
    for (size_t j = 0; j < 3; j++) {
      /* A non-invertible rest transform leaves the source point. */
      p[j] = data->invertible
                 ? skin_apply(data->rest_world_inverse,
                              skin_world_point(view, data, s * 3 + j))
                 : segment->points[j];
    }
    switch (segment->kind) {
    case ANIMA_SEGMENT_MOVE:
      status = skin_host->path_move_to(out, p[0].x, p[0].y);
      break;
    case ANIMA_SEGMENT_LINE:
      status = skin_host->path_line_to(out, p[0].x, p[0].y);
      break;
    case ANIMA_SEGMENT_CUBIC:
      status = skin_host->path_cubic_to(out, p[0].x, p[0].y, p[1].x, p[1].y,
                                        p[2].x, p[2].y);
      break;
    case ANIMA_SEGMENT_CLOSE:
      status = skin_host->path_close(out);
      break;
    }
  }
  *handled = status == ANIMA_OK;
  return status;
}

/* ---- the point deformer: contours (and later meshes) ----------------------
 */

/* Binds the points a contour offered (any owner but a path, which the
 * outline hook skins from its d). */
static anima_status skin_deform_compile(anima_compile *c,
                                        const anima_site *site,
                                        const anima_deform_point *points,
                                        size_t count, size_t anchors,
                                        void *user, void **out) {
  (void)user;
  *out = NULL;
  const anima_json *skin = skin_host->json_member(site->json, "skin");
  const char *type =
      skin_host->json_string(skin_host->json_member(site->json, "type"), NULL);
  if (!skin || (type && strcmp(type, "path") == 0)) {
    return ANIMA_OK;
  }
  skin_data *data = skin_host->compile_alloc(c, sizeof *data);
  if (!data) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  data->point_count = count;
  data->points =
      skin_host->compile_alloc(c, (count ? count : 1) * sizeof *data->points);
  if (!data->points) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < count; i++) {
    data->points[i] = points[i].point;
  }
  anima_status status = bind_bones(c, skin, (size_t)site->node, data);
  if (status == ANIMA_OK) {
    status = skin_compile_weights(c, skin, data, points, anchors);
  }
  if (status == ANIMA_OK) {
    *out = data;
  }
  return status;
}

/* p' = W0⁻¹ · Σ wᵢ · Dᵢ · W0 · p for every point; a non-invertible rest
 * transform leaves the points where they are. */
static void skin_deform(const anima_view *view, const void *raw,
                        anima_point *points, size_t count, void *user) {
  (void)user;
  const skin_data *data = raw;
  if (!data->invertible) {
    return;
  }
  for (size_t i = 0; i < count && i < data->point_count; i++) {
    points[i] =
        skin_apply(data->rest_world_inverse, skin_world_point(view, data, i));
  }
}

/* ---- the drawing frame stays W0 ------------------------------------------ */

typedef struct pinned {
  size_t count;
  size_t *nodes;
  long *parents;
  anima_matrix *rest_worlds;
} pinned;

static anima_status pin_compile(anima_compile *c, const anima_site *site,
                                void *user, void **out) {
  (void)site, (void)user;
  size_t nodes = skin_host->compile_node_count(c);
  pinned *p = skin_host->compile_alloc(c, sizeof *p);
  if (!p) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < nodes; i++) {
    p->count += skin_host->json_member(skin_host->compile_node_json(c, i),
                                       "skin") != NULL;
  }
  size_t room = p->count ? p->count : 1;
  p->nodes = skin_host->compile_alloc(c, room * sizeof *p->nodes);
  p->parents = skin_host->compile_alloc(c, room * sizeof *p->parents);
  p->rest_worlds = skin_host->compile_alloc(c, room * sizeof(anima_matrix));
  if (!p->nodes || !p->parents || !p->rest_worlds) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t next = 0;
  for (size_t i = 0; i < nodes; i++) {
    if (skin_host->json_member(skin_host->compile_node_json(c, i), "skin")) {
      p->nodes[next] = i;
      p->parents[next] = skin_host->compile_node_parent(c, i);
      p->rest_worlds[next++] = skin_rest_world(c, i);
    }
  }
  *out = p;
  return ANIMA_OK;
}

static void pin_run(anima_step *step, const void *data, void *instance,
                    void *user) {
  (void)instance, (void)user;
  const pinned *p = data;
  for (size_t i = 0; i < p->count; i++) {
    anima_rig_set_world(skin_host, step, p->nodes[i], p->parents[i],
                        p->rest_worlds[i]);
  }
}

/* ---- <path>.skin.point.<k>.x|y ------------------------------------------- */

/* The skin data of a path (its outline hook) or a contour (its
 * deformer), or NULL. */
static const skin_data *skinned(const anima_view *view, size_t node) {
  const anima_outline_hook_desc *hook = NULL;
  const skin_data *data = skin_host->view_outline_hook(view, node, &hook);
  if (data && hook && hook->outline == skin_outline) {
    return data;
  }
  const anima_deformer_desc *deformer = NULL;
  data = skin_host->view_deformer(view, node, &deformer);
  return data && deformer && deformer->deform == skin_deform ? data : NULL;
}

static bool read_point(const anima_view *view, size_t node, anima_value *out,
                       void *user) {
  const skin_data *data = skinned(view, node);
  uintptr_t code = (uintptr_t)user % (SKIN_DERIVED_POINTS * 2);
  size_t anchor = code / 2;
  if (!data || anchor >= data->anchor_count ||
      data->anchor_points[anchor] == (size_t)-1) {
    return false;
  }
  size_t index = data->anchor_points[anchor];
  anima_point p = data->invertible
                      ? skin_world_point(view, data, index)
                      : skin_apply(data->rest_world, data->points[index]);
  *out = (anima_value){.type = ANIMA_VALUE_NUMBER,
                       .as.number = code % 2 ? p.y : p.x};
  return true;
}

/* ---- registration -------------------------------------------------------- */

/* The node types whose `skin.point.<k>.x|y` exist. */
static const char *const skinned_types[] = {"path", "contour"};
#define SKINNED_TYPES (sizeof skinned_types / sizeof *skinned_types)

static char derived_names[SKIN_DERIVED_POINTS * 2][32];
static anima_derived_property_desc
    derived[SKINNED_TYPES * SKIN_DERIVED_POINTS * 2];

static anima_status skin_init(const anima_host *kernel, anima_registrar *r) {
  skin_host = kernel;
  if (!ANIMA_HOST_HAS(kernel, view_deformer)) {
    return ANIMA_ERROR_MODULE; /* a kernel older than this module */
  }
  static const anima_kind_desc kind = {
      .name = "skin",
      .element = "skin",
      .description = "Bind-pose skinning of a path or a contour by rig bones "
                     "(SPEC skin)."};
  static const anima_field_desc fields[] = {
      {.owner = "node",
       .name = "skin",
       .kind = ANIMA_FIELD_OBJECT,
       .item_kind = "skin",
       .markup_form = ANIMA_MARKUP_CHILDREN,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "Deforms the path's or contour's points by bones "
                      "{bones, weights}; static."},
      {.owner = "skin",
       .name = "bones",
       .kind = ANIMA_FIELD_NAMES,
       .required = true,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "The bones that deform the host (ids; AniML: a "
                      "whitespace-separated list)."},
      {.owner = "skin",
       .name = "weights",
       .kind = ANIMA_FIELD_ANY,
       .markup_form = ANIMA_MARKUP_JSON,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "One {point, in?, out?} per path anchor or contour "
                      "vertex, each a map of "
                      "bone id or @rest to a weight; omitted: automatic "
                      "weights 1/(d + 0.001)^2 on the two nearest bones."},
  };
  static const anima_code_desc codes[] = {
      {.code = "rig-skin-host",
       .severity = ANIMA_SEVERITY_ERROR,
       .description = "A skin on a node that cannot be skinned (here: "
                      "anything but a path with inline d or a contour; "
                      "glyphs and meshed images wait for the text and mesh "
                      "modules)."},
      {.code = "rig-skin-morph",
       .severity = ANIMA_SEVERITY_ERROR,
       .description = "A skinned path whose d is animated or posed."},
      {.code = "rig-weight-bone",
       .severity = ANIMA_SEVERITY_ERROR,
       .description = "A skin bone that is not a bone, or an influence not "
                      "listed in skin.bones."},
      {.code = "rig-weight-count",
       .severity = ANIMA_SEVERITY_ERROR,
       .description = "An influence map with more than four entries."},
      {.code = "rig-weight-sum",
       .severity = ANIMA_SEVERITY_WARNING,
       .description = "Influence weights that do not sum to 1 (within "
                      "1e-6): normalized."},
  };
  static const anima_check_desc check = {
      .struct_size = sizeof check, .name = "skin", .check = skin_check};
  static const anima_outline_hook_desc hook = {
      .struct_size = sizeof hook,
      .node_type = "path",
      .lifecycle = {.compile = skin_outline_compile},
      .max_segments = skin_segments,
      .outline = skin_outline};
  static const anima_deformer_desc deformer = {.struct_size = sizeof deformer,
                                               .name = "skin",
                                               .compile = skin_deform_compile,
                                               .deform = skin_deform};
  static const anima_stage_hook_desc pin = {
      .struct_size = sizeof pin,
      .stage = ANIMA_STAGE_END,
      .name = "rest-frames",
      .lifecycle = {.compile = pin_compile},
      .run = pin_run,
      .runs_at_creation = true};
  anima_status status = skin_host->add_kind(r, &kind);
  ANIMA_ADD_EACH(status, skin_host->add_field, r, fields);
  ANIMA_ADD_EACH(status, skin_host->add_code, r, codes);
  if (status == ANIMA_OK) {
    status = skin_host->add_check(r, &check);
  }
  if (status == ANIMA_OK) {
    status = skin_host->add_outline_hook(r, &hook);
  }
  if (status == ANIMA_OK) {
    status = skin_host->add_deformer(r, &deformer);
  }
  if (status == ANIMA_OK) {
    status = skin_host->add_stage_hook(r, &pin);
  }
  for (size_t i = 0; i < SKIN_DERIVED_POINTS * 2; i++) {
    snprintf(derived_names[i], sizeof derived_names[i], "skin.point.%zu.%c",
             i / 2, i % 2 ? 'y' : 'x');
  }
  for (size_t i = 0;
       status == ANIMA_OK && i < SKINNED_TYPES * SKIN_DERIVED_POINTS * 2; i++) {
    size_t code = i % (SKIN_DERIVED_POINTS * 2);
    derived[i] = (anima_derived_property_desc){
        .struct_size = sizeof derived[i],
        .owner = skinned_types[i / (SKIN_DERIVED_POINTS * 2)],
        .address = derived_names[code],
        .type = ANIMA_VALUE_NUMBER,
        .read = read_point,
        .user = (void *)(uintptr_t)code};
    status = skin_host->add_derived_property(r, &derived[i]);
  }
  return status;
}

static const char *const skin_features[] = {"skin", NULL};
static const char *const skin_depends[] = {"rig", NULL};

ANIMA_MODULE_DEFINE(skin, .name = "skin", .version = "1.0.0", .license = "MIT",
                    .origin = "Anima",
                    .description = "Bind-pose skinning of paths and "
                                   "contours by rig bones (SPEC skin "
                                   "chapter).",
                    .features = skin_features, .depends = skin_depends,
                    .init = skin_init);
