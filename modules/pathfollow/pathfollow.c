/*
 * pathfollow.c — the `pathfollow` module (SPEC `## pathfollow`;
 * docs/modules/pathfollow.md): two constraint kinds registered into the rig
 * module through include/anima/rig.h.
 *
 *   {"kind": "alongPath", "path": <id>, "at": f, "orient": b, "offset": b}
 *       AniML <along-path path="track" at="0.25"/>
 *   {"kind": "spreadAlongPath", "path": <id>, "start": f, "end": f,
 *    "shift": f, "orient": b}
 *       AniML <spread-along-path path="track" end="0.5"/>
 *
 * The target's outline is the one the draw frame would draw now
 * (host->step_outline: current path data, morphs, rect corners), measured
 * with the subdivision of the paint chapter's "Shared outline lengths"
 * (outline_walk.c). A fraction f picks the point at f · length along it:
 * clamped to 0..1 on an open outline, wrapped modulo 1 on a closed one
 * (every contour closed). The point and its tangent go through the
 * target's world matrix; the node's pivot lands on the point, and with
 * `orient` its world rotation becomes the tangent's angle.
 *
 * alongPath moves its host (the kernel blends the desired matrix by
 * `strength`); spreadAlongPath moves the host's direct children — its
 * declared writes — each to start + (end − start) · k / max(n − 1, 1) +
 * shift, blending each itself (anima_rig_blend) and leaving the host as it
 * is.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <anima/rig.h>

#include "../module_json.h"
#include "pathfollow.h"

static const anima_host *host;

enum kind { ALONG, SPREAD };

typedef struct follow {
  enum kind kind;
  size_t host;
  long parent;                          /* the host's parent node, or -1 */
  long target;                          /* the outline's node */
  long strength, at, start, end, shift; /* slots, or -1 */
  double at_rest, start_rest, end_rest, shift_rest;
  bool orient, offset;
  anima_point pivot;     /* the host's pivot (alongPath) */
  long x, y;             /* the host's x and y slots (offset), or -1 */
  double x_rest, y_rest; /* the host's authored x and y */
  size_t child_count;    /* spreadAlongPath: the host's direct children */
  size_t *children;      /* node indices in authored order */
  anima_point *pivots;   /* each child's pivot */
} follow;

/* ---- compile ------------------------------------------------------------ */

static anima_status compile_follow(anima_compile *c, const anima_site *site,
                                   enum kind kind, void **out) {
  follow *k = host->compile_alloc(c, sizeof *k);
  if (!k) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const anima_json *item = site->json;
  const char *id = host->json_string(host->json_member(item, "path"), NULL);
  k->kind = kind;
  k->host = (size_t)site->node;
  k->parent = host->compile_node_parent(c, k->host);
  k->target = id ? host->compile_find_node(c, id) : -1;
  if (k->target < 0 ||
      !pathfollow_measurable(host->compile_node_type(c, (size_t)k->target))) {
    /* Validation reports these first (rig-target, rig-path-target). */
    host->compile_report(c, "rig-path-target", site->pointer,
                         "name a path, contour, circle, rect or arc",
                         "the constraint's path is not a measurable shape");
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  k->strength = anima_rig_find_slot(host, c, site, "strength");
  k->at = anima_rig_find_slot(host, c, site, "at");
  k->start = anima_rig_find_slot(host, c, site, "start");
  k->end = anima_rig_find_slot(host, c, site, "end");
  k->shift = anima_rig_find_slot(host, c, site, "shift");
  k->at_rest = module_json_number(host, item, "at", 0);
  k->start_rest = module_json_number(host, item, "start", 0);
  k->end_rest = module_json_number(host, item, "end", 1);
  k->shift_rest = module_json_number(host, item, "shift", 0);
  k->orient = module_json_bool(host, item, "orient", false);
  k->offset = module_json_bool(host, item, "offset", false);
  k->pivot = module_node_pivot(host, c, k->host);
  const anima_json *node = host->compile_node_json(c, k->host);
  k->x = host->compile_find_slot(c, k->host, "x");
  k->y = host->compile_find_slot(c, k->host, "y");
  k->x_rest = module_json_number(host, node, "x", 0);
  k->y_rest = module_json_number(host, node, "y", 0);
  if (kind == SPREAD) {
    size_t count = host->compile_node_count(c);
    for (size_t i = 0; i < count; i++) {
      k->child_count +=
          host->compile_node_parent(c, i) == (long)k->host ? 1 : 0;
    }
    if (k->child_count > 0) {
      k->children =
          host->compile_alloc(c, k->child_count * sizeof *k->children);
      k->pivots = host->compile_alloc(c, k->child_count * sizeof *k->pivots);
      if (!k->children || !k->pivots) {
        return ANIMA_ERROR_NO_MEMORY;
      }
      size_t next = 0;
      for (size_t i = 0; i < count; i++) {
        if (host->compile_node_parent(c, i) == (long)k->host) {
          k->children[next] = i;
          k->pivots[next] = module_node_pivot(host, c, i);
          next++;
        }
      }
    }
  }
  *out = k;
  return ANIMA_OK;
}

static anima_status compile_along(anima_compile *c, const anima_site *site,
                                  void *user, void **data) {
  (void)user;
  return compile_follow(c, site, ALONG, data);
}

static anima_status compile_spread(anima_compile *c, const anima_site *site,
                                   void *user, void **data) {
  (void)user;
  return compile_follow(c, site, SPREAD, data);
}

static size_t targets(const void *data, long *nodes, size_t capacity,
                      void *user) {
  (void)user;
  if (capacity > 0) {
    nodes[0] = ((const follow *)data)->target;
  }
  return 1;
}

static size_t writes(const void *data, long *nodes, size_t capacity,
                     void *user) {
  (void)user;
  const follow *k = data;
  for (size_t i = 0; i < k->child_count && i < capacity; i++) {
    nodes[i] = (long)k->children[i];
  }
  return k->child_count;
}

/* ---- solving ------------------------------------------------------------ */

/* The target's outline sampled at `fraction`, in the world: false when the
 * target has no outline now. */
static bool sample(anima_step *step, const follow *k, double fraction,
                   anima_point *point, double *angle) {
  const anima_path *outline = host->step_outline(step, (size_t)k->target);
  if (!outline) {
    return false;
  }
  pathfollow_sample at;
  pathfollow_at(outline, fraction, &at);
  anima_matrix world = host->step_world(step, (size_t)k->target);
  *point = host->matrix_transform_point(world, at.point);
  anima_point tangent = {world.a * at.tangent.x + world.c * at.tangent.y,
                         world.b * at.tangent.x + world.d * at.tangent.y};
  *angle = atan2(tangent.y, tangent.x) * (180 / PATHFOLLOW_PI);
  return true;
}

/* `world` (whose pivot is `pivot`) with the pivot moved onto `point` and,
 * when orienting, its rotation replaced by `angle`. */
static anima_matrix placed(anima_matrix world, anima_point pivot,
                           anima_point point, bool orient, double angle) {
  if (orient) {
    anima_transform_parts parts = host->matrix_decompose(world, pivot);
    parts.x = point.x;
    parts.y = point.y;
    parts.rotate = angle;
    return host->matrix_compose(&parts, pivot);
  }
  anima_point at = host->matrix_transform_point(world, pivot);
  world.e += point.x - at.x;
  world.f += point.y - at.y;
  return world;
}

static bool solve_along(anima_step *step, const follow *k,
                        anima_matrix *desired) {
  double fraction = anima_rig_number(host, step, k->at, k->at_rest);
  anima_point point;
  double angle;
  if (!sample(step, k, fraction, &point, &angle)) {
    return false;
  }
  if (k->offset) {
    point.x += anima_rig_number(host, step, k->x, k->x_rest) - k->x_rest;
    point.y += anima_rig_number(host, step, k->y, k->y_rest) - k->y_rest;
  }
  anima_matrix world = placed(host->step_world(step, k->host), k->pivot, point,
                              k->orient, angle);
  return anima_rig_local_of(host, step, k->parent, world, desired);
}

static void solve_spread(anima_step *step, const follow *k, double strength) {
  double start = anima_rig_number(host, step, k->start, k->start_rest);
  double end = anima_rig_number(host, step, k->end, k->end_rest);
  double shift = anima_rig_number(host, step, k->shift, k->shift_rest);
  size_t n = k->child_count;
  double steps = n > 1 ? (double)(n - 1) : 1;
  for (size_t i = 0; i < n; i++) {
    double fraction = start + (end - start) * (double)i / steps + shift;
    anima_point point;
    double angle;
    if (!sample(step, k, fraction, &point, &angle)) {
      return;
    }
    size_t child = k->children[i];
    anima_matrix now = host->step_world(step, child);
    anima_matrix world = placed(now, k->pivots[i], point, k->orient, angle);
    world = anima_rig_blend(host, now, world, strength, k->pivots[i]);
    anima_rig_set_world(host, step, child, (long)k->host, world);
  }
}

static bool solve(anima_step *step, const void *data, void *instance,
                  size_t node, anima_matrix *desired, void *user) {
  (void)instance, (void)node, (void)user;
  const follow *k = data;
  if (k->kind == ALONG) {
    return solve_along(step, k, desired);
  }
  double strength = anima_rig_number(host, step, k->strength, 1);
  if (strength > 0) {
    solve_spread(step, k, strength);
  }
  return false; /* the host itself stays where it is */
}

/* ---- validation --------------------------------------------------------- */

static bool is_follow_kind(const char *kind) {
  return kind && (strcmp(kind, "alongPath") == 0 ||
                  strcmp(kind, "spreadAlongPath") == 0);
}

static void check_item(anima_check *c, const anima_json *item,
                       const char *pointer, const char *kind) {
  const char *id = host->json_string(host->json_member(item, "path"), NULL);
  if (!id) {
    return; /* a missing path is the schema's missing-field */
  }
  char at[1100];
  snprintf(at, sizeof at, "%.1024s/path", pointer);
  long target = host->check_find_node(c, id);
  if (target < 0) {
    /* rig's target diagnostic: at the constraint (SPEC rig "Unknown
     * references are rig-target at the constraint"). */
    host->check_report(c, "rig-target", ANIMA_SEVERITY_ERROR, pointer,
                       "set path to the id of a shape of the document",
                       "the %s constraint's path \"%s\" is not a node", kind,
                       id);
    return;
  }
  const anima_json *node = host->check_node(c, (size_t)target, NULL);
  const char *type = host->json_string(host->json_member(node, "type"), NULL);
  if (!pathfollow_measurable(type)) {
    host->check_report(c, "rig-path-target", ANIMA_SEVERITY_ERROR, at,
                       "use a path, contour, circle, rect or arc",
                       "\"%s\" (a %s) is not a measurable shape", id,
                       type ? type : "node");
  }
}

static void pathfollow_check(anima_check *c, void *user) {
  (void)user;
  size_t count = host->check_node_count(c);
  for (size_t i = 0; i < count; i++) {
    const char *pointer = NULL;
    const anima_json *node = host->check_node(c, i, &pointer);
    const anima_json *list =
        node && pointer ? host->json_member(node, ANIMA_RIG_LIST) : NULL;
    for (size_t k = 0; list && k < host->json_size(list); k++) {
      const anima_json *item = host->json_item(list, k);
      const char *kind =
          host->json_string(host->json_member(item, "kind"), NULL);
      if (is_follow_kind(kind)) {
        char at[1024];
        snprintf(at, sizeof at, "%.990s/%s/%zu", pointer, ANIMA_RIG_LIST, k);
        check_item(c, item, at, kind);
      }
    }
  }
}

/* ---- registration ------------------------------------------------------- */

#define FIELD(owner_, name_, kind_)                                            \
  .owner = owner_, .name = name_, .kind = kind_, .minimum = -INFINITY,         \
  .maximum = INFINITY
#define PATH(owner_)                                                           \
  {                                                                            \
    FIELD(owner_, "path", ANIMA_FIELD_NAME),                                   \
        .required = true,                                                      \
        .description = "The id of the path, contour, circle, rect or arc "     \
                       "followed."                                             \
  }
#define NUMBER(owner_, name_, default_, text_)                                 \
  {                                                                            \
    FIELD(owner_, name_, ANIMA_FIELD_NUMBER), .default_json = default_,        \
                                              .description = text_             \
  }
#define ORIENT(owner_)                                                         \
  {                                                                            \
    FIELD(owner_, "orient", ANIMA_FIELD_BOOL),                                 \
        .default_json = "false",                                               \
        .description = "Turn to the outline's tangent (0° along +x) "         \
                       "(static)."                                             \
  }
#define PROPERTY(address_, rest_)                                              \
  {                                                                            \
    .owner = "node", .address = "constraints.*." address_,                     \
    .type = ANIMA_VALUE_NUMBER, .animation = ANIMA_ANIMATION_INTERPOLATED,     \
    .minimum = -INFINITY, .maximum = INFINITY,                                 \
    .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = rest_},         \
    .description = "A path-following constraint's " address_                   \
                   " (a fraction of the outline's length)."                    \
  }

static anima_status pathfollow_init(const anima_host *kernel,
                                    anima_registrar *r) {
  host = kernel;
  if (!ANIMA_HOST_HAS(host, step_outline)) {
    return ANIMA_ERROR_MODULE; /* a kernel older than this module */
  }
  static const anima_field_desc along_fields[] = {
      PATH("alongPath"),
      NUMBER("alongPath", "at", "0",
             "Where on the outline, 0..1 of its length: clamped when open, "
             "wrapped when closed (animatable)."),
      ORIENT("alongPath"),
      {FIELD("alongPath", "offset", ANIMA_FIELD_BOOL), .default_json = "false",
       .description = "Add the node's animated x and y (away from their "
                      "authored values) after placing it (static)."},
  };
  static const anima_field_desc spread_fields[] = {
      PATH("spreadAlongPath"),
      NUMBER("spreadAlongPath", "start", "0",
             "The first child's fraction (animatable)."),
      NUMBER("spreadAlongPath", "end", "1",
             "The last child's fraction (animatable)."),
      NUMBER("spreadAlongPath", "shift", "0",
             "Added to every child's fraction (animatable)."),
      ORIENT("spreadAlongPath"),
  };
  static const anima_property_desc along_properties[] = {PROPERTY("at", 0)};
  static const anima_property_desc spread_properties[] = {
      PROPERTY("start", 0), PROPERTY("end", 1), PROPERTY("shift", 0)};
  static const anima_rig_constraint_desc along = {
      .struct_size = sizeof along,
      .kind = "alongPath",
      .element = "along-path",
      .description = "Places the node's pivot on a shape's outline at a "
                     "fraction of its length.",
      .fields = along_fields,
      .field_count = sizeof along_fields / sizeof *along_fields,
      .properties = along_properties,
      .property_count = 1,
      .lifecycle = {.compile = compile_along},
      .targets = targets,
      .solve = solve};
  static const anima_rig_constraint_desc spread = {
      .struct_size = sizeof spread,
      .kind = "spreadAlongPath",
      .element = "spread-along-path",
      .description = "Spreads the node's direct children along a shape's "
                     "outline, from start to end.",
      .fields = spread_fields,
      .field_count = sizeof spread_fields / sizeof *spread_fields,
      .properties = spread_properties,
      .property_count = 3,
      .lifecycle = {.compile = compile_spread},
      .targets = targets,
      .writes = writes,
      .solve = solve};
  static const anima_code_desc code = {
      .code = "rig-path-target",
      .severity = ANIMA_SEVERITY_ERROR,
      .description = "A path-following constraint's path names a node that "
                     "is not a measurable shape (path, contour, circle, rect "
                     "or arc)."};
  static const anima_check_desc check = {.struct_size = sizeof check,
                                         .name = "pathfollow",
                                         .check = pathfollow_check};
  anima_status status = host->add_code(r, &code);
  if (status == ANIMA_OK) {
    status = host->add_check(r, &check);
  }
  if (status == ANIMA_OK) {
    status = anima_rig_register_constraint(host, r, &along);
  }
  if (status == ANIMA_OK) {
    status = anima_rig_register_constraint(host, r, &spread);
  }
  return status;
}

static const char *const pathfollow_features[] = {"pathfollow", NULL};
static const char *const pathfollow_depends[] = {"rig", NULL};

ANIMA_MODULE_DEFINE(pathfollow, .name = "pathfollow", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima",
                    .description = "Path-following rig constraints: "
                                   "alongPath and spreadAlongPath (SPEC "
                                   "pathfollow chapter).",
                    .features = pathfollow_features,
                    .depends = pathfollow_depends, .init = pathfollow_init);
