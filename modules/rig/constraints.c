/*
 * constraints.c — the five constraint kinds of the rig chapter (SPEC
 * `## rig`, "Constraint fields and evaluation"): copyPosition,
 * copyRotation, copyScale, copyTransform and keepDistance, as solver kinds
 * of the list `constraints` (module.h anima_solver_kind_desc). The kernel
 * runs them in the one dependency order computed at load (parents and
 * targets before hosts, authored order otherwise; `rig-cycle`) and blends
 * each result into the host by its `strength` (QR parts about the host's
 * pivot, rotation the shorter way).
 *
 * Frames: W(n) is a node's world matrix in the pose — for a bone its
 * start frame, for other nodes their grid matrix (frames.c). Positions are
 * where a node's pivot lands (a bone's start). Local space is relative to
 * the parent's frame P(n) = W(parent) · pre(n) (the moving rest grid of a
 * bone's non-bone child or nested root; a chained bone's local position is
 * (parent length, 0)).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rig.h"

enum kind {
  COPY_POSITION,
  COPY_ROTATION,
  COPY_SCALE,
  COPY_TRANSFORM,
  KEEP_DISTANCE
};
enum mode { WITHIN, BEYOND, EXACT };

/* An animatable number: its slot (or -1) and document value. */
typedef struct number {
  long slot;
  double value;
  bool present; /* optional limits: authored */
} number;

typedef struct constraint {
  enum kind kind;
  size_t host;
  long parent, target, target_parent;
  anima_point host_pivot, target_pivot, parent_pivot;
  anima_matrix host_pre, target_pre;
  bool from_local, to_local, limit_local;
  bool copy_x, copy_y, offset;
  number factor_x, factor_y, min_x, max_x, min_y, max_y;
  /* Host rest parts in the destination space (offset). */
  anima_transform_parts rest;
  bool has_origin;
  anima_point origin; /* copyTransform: the point in the target's space */
  number distance;
  enum mode mode;
} constraint;

static double value_of(anima_step *step, const number *n) {
  return n->slot >= 0 ? rig_host->step_number(step, (size_t)n->slot, n->value)
                      : n->value;
}

/* ---- compile ------------------------------------------------------------ */

static number compile_number(anima_compile *c, const anima_site *site,
                             const char *key, double fallback) {
  number n = {.slot = -1, .value = fallback};
  const anima_json *value = rig_host->json_member(site->json, key);
  n.present = value && rig_host->json_type(value) == ANIMA_JSON_NUMBER;
  if (n.present) {
    n.value = rig_host->json_number(value);
  }
  char address[64];
  int length =
      snprintf(address, sizeof address, "constraints.%zu.%s", site->index, key);
  if (length > 0 && (size_t)length < sizeof address) {
    n.slot = rig_host->compile_find_slot(c, (size_t)site->node, address);
  }
  return n;
}

static bool local_space(const anima_json *item, const char *key,
                        bool fallback) {
  const char *value =
      rig_host->json_string(rig_host->json_member(item, key), NULL);
  return value ? strcmp(value, "local") == 0 : fallback;
}

static long compile_reference(anima_compile *c, const anima_json *item,
                              const char *key) {
  const char *id =
      rig_host->json_string(rig_host->json_member(item, key), NULL);
  return id ? rig_host->compile_find_node(c, id) : -1;
}

static anima_status compile_kind(anima_compile *c, const anima_site *site,
                                 enum kind kind, void **out) {
  constraint *k = rig_host->compile_alloc(c, sizeof *k);
  if (!k) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const anima_json *item = site->json;
  k->kind = kind;
  k->host = (size_t)site->node;
  k->parent = rig_host->compile_node_parent(c, k->host);
  k->host_pivot = rig_node_pivot(c, k->host);
  if (k->parent >= 0) {
    k->parent_pivot = rig_node_pivot(c, (size_t)k->parent);
  }
  if (!rig_pre(c, k->host, &k->host_pre)) {
    k->host_pre = rig_identity();
  }
  k->target = compile_reference(c, item, kind == KEEP_DISTANCE ? "to" : "from");
  if (rig_host->json_member(item, kind == KEEP_DISTANCE ? "to" : "from") &&
      k->target < 0) {
    rig_host->compile_report(c, "rig-target", site->pointer,
                             "name a node of the document",
                             "the constraint names a node that does not "
                             "exist");
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  k->target_pre = rig_identity();
  k->target_parent = -1;
  if (k->target >= 0) {
    k->target_pivot = rig_node_pivot(c, (size_t)k->target);
    k->target_parent = rig_host->compile_node_parent(c, (size_t)k->target);
    if (!rig_pre(c, (size_t)k->target, &k->target_pre)) {
      k->target_pre = rig_identity();
    }
  }
  k->from_local = local_space(item, "fromSpace", false);
  k->to_local = local_space(item, "toSpace", false);
  k->limit_local = local_space(item, "limitSpace", k->to_local);
  k->copy_x = rig_json_bool(item, "copyX", true);
  k->copy_y = rig_json_bool(item, "copyY", true);
  k->offset = rig_json_bool(item, "offset", false);
  if (kind == COPY_ROTATION) {
    k->factor_x = compile_number(c, site, "factor", 1);
    k->min_x = compile_number(c, site, "min", 0);
    k->max_x = compile_number(c, site, "max", 0);
  } else {
    k->factor_x = compile_number(c, site, "factorX", 1);
    k->factor_y = compile_number(c, site, "factorY", 1);
    k->min_x = compile_number(c, site, "minX", 0);
    k->max_x = compile_number(c, site, "maxX", 0);
    k->min_y = compile_number(c, site, "minY", 0);
    k->max_y = compile_number(c, site, "maxY", 0);
  }
  /* The host's document-rest parts in the destination space. */
  anima_matrix rest = rig_rest_world(c, k->host);
  if (k->to_local) {
    anima_matrix pre_inverse;
    rest = rig_rest_local(c, k->host);
    if (rig_invert(k->host_pre, &pre_inverse)) {
      rest = rig_multiply(pre_inverse, rest);
    }
  }
  k->rest = rig_parts(rest, k->host_pivot);
  const anima_json *origin = rig_host->json_member(item, "origin");
  if (kind == COPY_TRANSFORM && origin && k->target >= 0) {
    anima_point uv = {rig_host->json_number(rig_host->json_item(origin, 0)),
                      rig_host->json_number(rig_host->json_item(origin, 1))};
    anima_status status =
        rig_origin_point(c, (size_t)k->target, uv, &k->origin);
    if (status != ANIMA_OK) {
      return status;
    }
    k->has_origin = true;
  }
  if (kind == KEEP_DISTANCE) {
    k->distance = compile_number(c, site, "distance", 0);
    const char *mode =
        rig_host->json_string(rig_host->json_member(item, "mode"), NULL);
    k->mode = !mode || strcmp(mode, "within") == 0 ? WITHIN
              : strcmp(mode, "beyond") == 0        ? BEYOND
                                                   : EXACT;
  }
  *out = k;
  return ANIMA_OK;
}

#define COMPILER(name_, kind_)                                                 \
  static anima_status name_(anima_compile *c, const anima_site *site,          \
                            void *user, void **data) {                         \
    (void)user;                                                                \
    return compile_kind(c, site, kind_, data);                                 \
  }
COMPILER(compile_position, COPY_POSITION)
COMPILER(compile_rotation, COPY_ROTATION)
COMPILER(compile_scale, COPY_SCALE)
COMPILER(compile_transform, COPY_TRANSFORM)
COMPILER(compile_distance, KEEP_DISTANCE)

static size_t dependencies(const void *data, long *nodes, size_t capacity,
                           void *user) {
  (void)user;
  const constraint *k = data;
  if (k->target < 0) {
    return 0;
  }
  if (capacity > 0) {
    nodes[0] = k->target;
  }
  return 1;
}

/* ---- solving ------------------------------------------------------------ */

static anima_matrix world_of(anima_step *step, long node) {
  return node >= 0 ? rig_host->step_world(step, (size_t)node) : rig_identity();
}

/* P(n) = W(parent) · pre(n). */
static anima_matrix parent_frame(anima_step *step, long parent,
                                 anima_matrix pre) {
  return rig_multiply(world_of(step, parent), pre);
}

/* `m` (world) in local space below `frame`, or false when singular. */
static bool into(anima_matrix frame, anima_matrix m, anima_matrix *out) {
  anima_matrix inverse;
  if (!rig_invert(frame, &inverse)) {
    return false;
  }
  *out = rig_multiply(inverse, m);
  return true;
}

static double clamp(double v, const number *min, const number *max,
                    anima_step *step) {
  if (min->present && v < value_of(step, min)) {
    v = value_of(step, min);
  }
  if (max->present && v > value_of(step, max)) {
    v = value_of(step, max);
  }
  return v;
}

/* Clamps the copied components of `p` by the constraint's limits. */
static void limit(const constraint *k, anima_step *step,
                  anima_transform_parts *p) {
  switch (k->kind) {
  case COPY_POSITION:
    if (k->copy_x) {
      p->x = clamp(p->x, &k->min_x, &k->max_x, step);
    }
    if (k->copy_y) {
      p->y = clamp(p->y, &k->min_y, &k->max_y, step);
    }
    break;
  case COPY_ROTATION:
    p->rotate = clamp(p->rotate, &k->min_x, &k->max_x, step);
    break;
  case COPY_SCALE:
    if (k->copy_x) {
      p->scale_x = clamp(p->scale_x, &k->min_x, &k->max_x, step);
    }
    if (k->copy_y) {
      p->scale_y = clamp(p->scale_y, &k->min_y, &k->max_y, step);
    }
    break;
  default:
    break;
  }
}

static bool has_limits(const constraint *k) {
  return k->min_x.present || k->max_x.present || k->min_y.present ||
         k->max_y.present;
}

/* The source parts in the source space. */
static bool source_parts(const constraint *k, anima_step *step,
                         anima_transform_parts *s, anima_matrix *frame) {
  if (k->target >= 0) {
    anima_matrix m = world_of(step, k->target);
    if (k->from_local &&
        !into(parent_frame(step, k->target_parent, k->target_pre), m, &m)) {
      return false;
    }
    *frame = m;
    *s = rig_parts(m, k->target_pivot);
    return true;
  }
  if (k->from_local) {
    *frame = rig_identity();
    *s = (anima_transform_parts){.scale_x = 1, .scale_y = 1};
    return true;
  }
  *frame = world_of(step, k->parent);
  *s = rig_parts(*frame, k->parent_pivot);
  return true;
}

/* copy*: the host's desired world frame. */
static bool copy_world(const constraint *k, anima_step *step,
                       anima_matrix *world) {
  anima_transform_parts s;
  anima_matrix source;
  if (!source_parts(k, step, &s, &source)) {
    return false;
  }
  anima_matrix host_world = world_of(step, (long)k->host);
  anima_matrix host_parent = parent_frame(step, k->parent, k->host_pre);
  anima_matrix m = host_world;
  if (k->to_local && !into(host_parent, host_world, &m)) {
    return false;
  }
  anima_transform_parts d = rig_parts(m, k->host_pivot);
  double fx = value_of(step, &k->factor_x), fy = value_of(step, &k->factor_y);
  switch (k->kind) {
  case COPY_POSITION:
    if (k->copy_x) {
      d.x = fx * s.x + (k->offset ? k->rest.x : 0);
    }
    if (k->copy_y) {
      d.y = fy * s.y + (k->offset ? k->rest.y : 0);
    }
    break;
  case COPY_ROTATION:
    d.rotate = fx * s.rotate + (k->offset ? k->rest.rotate : 0);
    break;
  case COPY_SCALE:
    if (k->copy_x) {
      d.scale_x = fx * s.scale_x * (k->offset ? k->rest.scale_x : 1);
    }
    if (k->copy_y) {
      d.scale_y = fy * s.scale_y * (k->offset ? k->rest.scale_y : 1);
    }
    break;
  case COPY_TRANSFORM:
    d = s;
    if (k->has_origin) {
      anima_point at = rig_apply(source, k->origin);
      d.x = at.x;
      d.y = at.y;
    }
    break;
  default:
    return false;
  }
  bool same_space = k->limit_local == k->to_local;
  if (same_space) {
    limit(k, step, &d); /* the signed copied values */
  }
  m = rig_compose(&d, k->host_pivot);
  *world = k->to_local ? rig_multiply(host_parent, m) : m;
  if (!same_space && has_limits(k)) {
    anima_matrix l = *world;
    if (k->limit_local && !into(host_parent, *world, &l)) {
      return false;
    }
    anima_transform_parts p = rig_parts(l, k->host_pivot);
    limit(k, step, &p);
    l = rig_compose(&p, k->host_pivot);
    *world = k->limit_local ? rig_multiply(host_parent, l) : l;
  }
  return true;
}

/* keepDistance: the host's world frame moved onto the allowed ring. */
static bool distance_world(const constraint *k, anima_step *step,
                           anima_matrix *world) {
  anima_matrix host_world = world_of(step, (long)k->host);
  anima_point p = rig_apply(host_world, k->host_pivot);
  anima_point t = rig_apply(world_of(step, k->target), k->target_pivot);
  double r = value_of(step, &k->distance);
  double dx = p.x - t.x, dy = p.y - t.y;
  double d = hypot(dx, dy);
  bool move = k->mode == WITHIN ? d > r : k->mode == BEYOND ? d < r : d != r;
  if (!move) {
    return false;
  }
  anima_point goal;
  if (d == 0) {
    goal = (anima_point){t.x + r, t.y}; /* along world +X */
  } else {
    goal = (anima_point){t.x + dx * r / d, t.y + dy * r / d};
  }
  *world = host_world;
  world->e += goal.x - p.x;
  world->f += goal.y - p.y;
  return true;
}

static bool solve(anima_step *step, const void *data, void *instance,
                  size_t host, anima_matrix *desired, void *user) {
  (void)instance, (void)host, (void)user;
  const constraint *k = data;
  anima_matrix world;
  bool moved = k->kind == KEEP_DISTANCE ? distance_world(k, step, &world)
                                        : copy_world(k, step, &world);
  /* The desired local matrix below the host's parent. */
  return moved && into(world_of(step, k->parent), world, desired);
}

/* ---- registration ------------------------------------------------------- */

static const char *const spaces[] = {"world", "local", NULL};
static const char *const modes[] = {"within", "beyond", "exact", NULL};

#define F(owner_, name_, kind_)                                                \
  .owner = owner_, .name = name_, .kind = kind_, .minimum = -INFINITY,         \
  .maximum = INFINITY
#define FROM(owner_, required_)                                                \
  {                                                                            \
    F(owner_, "from", ANIMA_FIELD_NAME),                                       \
        .required = required_,                                                 \
        .description =                                                         \
            "The target node's id; omitted: the host's parent (world) "        \
            "or identity (local)."                                             \
  }
#define SPACE(owner_, name_, default_)                                         \
  {                                                                            \
    F(owner_, name_, ANIMA_FIELD_ENUM),                                        \
        .options = spaces, .default_json = default_,                           \
        .description = "world or local (static)."                              \
  }
#define NUM(owner_, name_, default_, text_)                                    \
  {                                                                            \
    F(owner_, name_, ANIMA_FIELD_NUMBER), .default_json = default_,            \
                                          .description = text_                 \
  }
#define BOOLEAN(owner_, name_, default_, text_)                                \
  {                                                                            \
    F(owner_, name_, ANIMA_FIELD_BOOL), .default_json = default_,              \
                                        .description = text_                   \
  }
#define AXES(owner_, what_)                                                    \
  FROM(owner_, false),                                                         \
      NUM(owner_, "factorX", "1", "Multiplies the source " what_ " x."),       \
      NUM(owner_, "factorY", "1", "Multiplies the source " what_ " y."),       \
      BOOLEAN(owner_, "copyX", "true", "Copy the x " what_ " (static)."),      \
      BOOLEAN(owner_, "copyY", "true", "Copy the y " what_ " (static)."),      \
      NUM(owner_, "minX", NULL, "Lower limit of x in limitSpace."),            \
      NUM(owner_, "maxX", NULL, "Upper limit of x in limitSpace."),            \
      NUM(owner_, "minY", NULL, "Lower limit of y in limitSpace."),            \
      NUM(owner_, "maxY", NULL, "Upper limit of y in limitSpace."),            \
      BOOLEAN(owner_, "offset", "false",                                       \
              "Add the host's rest " what_ " (scales: multiply)."),            \
      SPACE(owner_, "fromSpace", "\"world\""),                                 \
      SPACE(owner_, "toSpace", "\"world\""), SPACE(owner_, "limitSpace", NULL)

#define PROPERTY(address_, min_, max_, rest_)                                  \
  {                                                                            \
    .owner = "node", .address = "constraints.*." address_,                     \
    .type = ANIMA_VALUE_NUMBER, .animation = ANIMA_ANIMATION_INTERPOLATED,     \
    .minimum = min_, .maximum = max_,                                          \
    .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = rest_},         \
    .description = "A constraint's " address_ "."                              \
  }

anima_status rig_register_constraints(anima_registrar *r) {
  static const anima_kind_desc kinds[] = {
      {.name = "constraint",
       .discriminator = "kind",
       .description = "A constraint of the rig: its kind, its strength and "
                      "the kind's fields."},
      {.name = "copyPosition",
       .element = "copy-position",
       .variant_of = "constraint",
       .variant = "copyPosition",
       .description = "Copies a target's position."},
      {.name = "copyRotation",
       .element = "copy-rotation",
       .variant_of = "constraint",
       .variant = "copyRotation",
       .description = "Copies a target's rotation."},
      {.name = "copyScale",
       .element = "copy-scale",
       .variant_of = "constraint",
       .variant = "copyScale",
       .description = "Copies a target's scales."},
      {.name = "copyTransform",
       .element = "copy-transform",
       .variant_of = "constraint",
       .variant = "copyTransform",
       .description = "Copies a target's position, rotation, scales and "
                      "shear."},
      {.name = "keepDistance",
       .element = "keep-distance",
       .variant_of = "constraint",
       .variant = "keepDistance",
       .description = "Keeps the host within, beyond or exactly at a "
                      "distance from a target."},
  };
  static const anima_field_desc fields[] = {
      {F("node", "constraints", ANIMA_FIELD_VARIANTS),
       .item_kind = "constraint",
       .description = "Constraints, solved in order; later full-strength "
                      "ones override earlier ones."},
      {F("constraint", "kind", ANIMA_FIELD_NAME), .required = true,
       .description = "The constraint kind."},
      {.owner = "constraint",
       .name = "strength",
       .kind = ANIMA_FIELD_NUMBER,
       .minimum = 0,
       .maximum = 1,
       .default_json = "1",
       .description = "0 skips, 1 replaces; between, the transform blend "
                      "(animatable)."},
      AXES("copyPosition", "position"),
      FROM("copyRotation", false),
      NUM("copyRotation", "factor", "1", "Multiplies the source rotation."),
      NUM("copyRotation", "min", NULL, "Lower limit, degrees, limitSpace."),
      NUM("copyRotation", "max", NULL, "Upper limit, degrees, limitSpace."),
      BOOLEAN("copyRotation", "offset", "false",
              "Add the host's rest rotation."),
      SPACE("copyRotation", "fromSpace", "\"world\""),
      SPACE("copyRotation", "toSpace", "\"world\""),
      SPACE("copyRotation", "limitSpace", NULL),
      AXES("copyScale", "scale"),
      FROM("copyTransform", true),
      {F("copyTransform", "origin", ANIMA_FIELD_NUMBERS), .length = 2,
       .description = "[u, v]: a normalized point over the target's rest "
                      "geometric bounds instead of its pivot."},
      SPACE("copyTransform", "fromSpace", "\"world\""),
      SPACE("copyTransform", "toSpace", "\"world\""),
      {F("keepDistance", "to", ANIMA_FIELD_NAME), .required = true,
       .description = "The node measured from (its world pivot)."},
      {.owner = "keepDistance",
       .name = "distance",
       .kind = ANIMA_FIELD_NUMBER,
       .minimum = 0,
       .maximum = INFINITY,
       .required = true,
       .description = "Grid units (animatable)."},
      {F("keepDistance", "mode", ANIMA_FIELD_ENUM), .options = modes,
       .default_json = "\"within\"",
       .description = "within (a maximum), beyond (a minimum) or exact."},
  };
  static const anima_property_desc properties[] = {
      PROPERTY("strength", 0, 1, 1),
      PROPERTY("factorX", -INFINITY, INFINITY, 1),
      PROPERTY("factorY", -INFINITY, INFINITY, 1),
      PROPERTY("factor", -INFINITY, INFINITY, 1),
      PROPERTY("minX", -INFINITY, INFINITY, 0),
      PROPERTY("maxX", -INFINITY, INFINITY, 0),
      PROPERTY("minY", -INFINITY, INFINITY, 0),
      PROPERTY("maxY", -INFINITY, INFINITY, 0),
      PROPERTY("min", -INFINITY, INFINITY, 0),
      PROPERTY("max", -INFINITY, INFINITY, 0),
      PROPERTY("distance", 0, INFINITY, 0),
  };
#define SOLVER(kind_, compile_)                                                \
  {                                                                            \
    .struct_size = sizeof(anima_solver_kind_desc),                             \
    .list_field = "constraints", .kind = kind_,                                \
    .lifecycle = {.compile = compile_}, .dependencies = dependencies,          \
    .solve = solve                                                             \
  }
  static const anima_solver_kind_desc solvers[] = {
      SOLVER("copyPosition", compile_position),
      SOLVER("copyRotation", compile_rotation),
      SOLVER("copyScale", compile_scale),
      SOLVER("copyTransform", compile_transform),
      SOLVER("keepDistance", compile_distance),
  };
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, rig_host->add_kind, r, kinds);
  ANIMA_ADD_EACH(status, rig_host->add_field, r, fields);
  ANIMA_ADD_EACH(status, rig_host->add_property, r, properties);
  ANIMA_ADD_EACH(status, rig_host->add_solver_kind, r, solvers);
  return status;
}
