/*
 * trail.c — a third party's rig constraint kind (SPEC `## rig`, "Rig stage
 * and extension contract"), built outside Anima's tree against the
 * installed headers alone (pkg-config anima-module; include/anima/rig.h)
 * and linking against nothing.
 *
 *   {"kind": "trail", "target": "<id>", "halfLife": 0.25}
 *   AniML <trail target="ball" half-life="0.25"/>
 *
 * The host's pivot trails the target's world pivot: every solve closes the
 * gap by 1 − 2^(−dt / halfLife) — half of it each `halfLife` seconds —
 * starting from where the host's pivot is at its first solve. The host
 * keeps its rotation, scales and shear. While the gap is 0.001 or more the
 * item keeps the player awake; below that it lands on the target.
 * `halfLife` (> 0, default 0.25 s) is animatable; `strength` blends as for
 * every constraint. A trail whose target is its own host is `trail-self`.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <anima/rig.h>

static const anima_host *host;

typedef struct trail_data {
  long target, parent, half_life;
  double half_life_rest;
  anima_point pivot; /* the host's pivot */
} trail_data;

typedef struct trail_state {
  bool started;
  double x, y, gap;
} trail_state;

static anima_status trail_compile(anima_compile *c, const anima_site *site,
                                  void *user, void **out) {
  (void)user;
  trail_data *t = host->compile_alloc(c, sizeof *t);
  if (!t) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const char *id =
      host->json_string(host->json_member(site->json, "target"), NULL);
  t->target = id ? host->compile_find_node(c, id) : -1;
  if (t->target < 0 || t->target == site->node) {
    host->compile_report(c, "trail-self", site->pointer,
                         "name another node of the document",
                         "the trail's target is not another node");
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  t->parent = host->compile_node_parent(c, (size_t)site->node);
  t->half_life = anima_rig_find_slot(host, c, site, "halfLife");
  const anima_json *h = host->json_member(site->json, "halfLife");
  t->half_life_rest = h ? host->json_number(h) : 0.25;
  const anima_json *pivot = host->json_member(
      host->compile_node_json(c, (size_t)site->node), "pivot");
  if (pivot && host->json_size(pivot) == 2) {
    t->pivot.x = host->json_number(host->json_item(pivot, 0));
    t->pivot.y = host->json_number(host->json_item(pivot, 1));
  }
  *out = t;
  return ANIMA_OK;
}

static size_t trail_instance_size(const void *data, void *user) {
  (void)data, (void)user;
  return sizeof(trail_state);
}

static size_t trail_targets(const void *data, long *nodes, size_t capacity,
                            void *user) {
  (void)user;
  if (capacity > 0) {
    nodes[0] = ((const trail_data *)data)->target;
  }
  return 1;
}

static bool trail_solve(anima_step *step, const void *data, void *instance,
                        size_t node, anima_matrix *desired, void *user) {
  (void)user;
  const trail_data *t = data;
  trail_state *s = instance;
  anima_matrix world = host->step_world(step, node);
  anima_point goal =
      anima_rig_position(host, step, (size_t)t->target, (anima_point){0, 0});
  if (!s->started) {
    anima_point at = host->matrix_transform_point(world, t->pivot);
    s->started = true;
    s->x = at.x;
    s->y = at.y;
  }
  double half_life =
      anima_rig_number(host, step, t->half_life, t->half_life_rest);
  double dt = host->step_dt(step);
  double closed = half_life > 0 ? 1 - pow(2, -dt / half_life) : 1;
  s->x += (goal.x - s->x) * closed;
  s->y += (goal.y - s->y) * closed;
  s->gap = hypot(goal.x - s->x, goal.y - s->y);
  if (s->gap < 0.001) {
    s->x = goal.x, s->y = goal.y, s->gap = 0;
  }
  anima_point at = host->matrix_transform_point(world, t->pivot);
  world.e += s->x - at.x;
  world.f += s->y - at.y;
  return anima_rig_local_of(host, step, t->parent, world, desired);
}

static bool trail_at_rest(anima_step *step, const void *data,
                          const void *instance, void *user) {
  (void)step, (void)data, (void)user;
  const trail_state *s = instance;
  return s->started && s->gap == 0;
}

/* A check every document gets: a trail targeting its own host. */
static void trail_check(anima_check *c, void *user) {
  (void)user;
  for (size_t i = 0; i < host->check_node_count(c); i++) {
    const char *pointer = NULL;
    const anima_json *node = host->check_node(c, i, &pointer);
    const char *id = host->json_string(host->json_member(node, "id"), NULL);
    const anima_json *list = host->json_member(node, ANIMA_RIG_LIST);
    for (size_t k = 0; id && list && k < host->json_size(list); k++) {
      const anima_json *item = host->json_item(list, k);
      const char *kind =
          host->json_string(host->json_member(item, "kind"), NULL);
      const char *target =
          host->json_string(host->json_member(item, "target"), NULL);
      if (kind && strcmp(kind, "trail") == 0 && target &&
          strcmp(target, id) == 0) {
        char at[1100];
        snprintf(at, sizeof at, "%.1000s/%s/%zu/target", pointer,
                 ANIMA_RIG_LIST, k);
        host->check_report(c, "trail-self", ANIMA_SEVERITY_ERROR, at,
                           "name another node: the host cannot trail itself",
                           "node \"%s\" trails itself", id);
      }
    }
  }
}

static anima_status trail_init(const anima_host *kernel, anima_registrar *r) {
  host = kernel;
  static const anima_field_desc fields[] = {
      {.owner = "trail",
       .name = "target",
       .kind = ANIMA_FIELD_NAME,
       .required = true,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "The node whose world pivot the host trails."},
      {.owner = "trail",
       .name = "halfLife",
       .kind = ANIMA_FIELD_NUMBER,
       .minimum = 0,
       .exclusive_minimum = true,
       .maximum = INFINITY,
       .default_json = "0.25",
       .description = "Seconds in which the gap halves (animatable)."},
  };
  static const anima_property_desc properties[] = {
      {.owner = "node",
       .address = "constraints.*.halfLife",
       .type = ANIMA_VALUE_NUMBER,
       .animation = ANIMA_ANIMATION_INTERPOLATED,
       .minimum = 0.001,
       .maximum = INFINITY,
       .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0.25},
       .description = "A trail's half-life, seconds."},
  };
  static const anima_code_desc code = {
      .code = "trail-self",
      .severity = ANIMA_SEVERITY_ERROR,
      .description = "A trail constraint whose target is its own host."};
  static const anima_check_desc check = {
      .struct_size = sizeof check, .name = "trail", .check = trail_check};
  static const anima_rig_constraint_desc trail = {
      .struct_size = sizeof trail,
      .kind = "trail",
      .description = "The host's pivot trails a target's, halving the gap "
                     "every halfLife seconds.",
      .fields = fields,
      .field_count = sizeof fields / sizeof *fields,
      .properties = properties,
      .property_count = sizeof properties / sizeof *properties,
      .lifecycle = {.compile = trail_compile,
                    .instance_size = trail_instance_size},
      .targets = trail_targets,
      .solve = trail_solve,
      .at_rest = trail_at_rest};
  anima_status status = host->add_code(r, &code);
  if (status == ANIMA_OK) {
    status = host->add_check(r, &check);
  }
  if (status == ANIMA_OK) {
    status = anima_rig_register_constraint(host, r, &trail);
  }
  return status;
}

static const char *const trail_features[] = {"trail", NULL};
static const char *const trail_depends[] = {"rig", NULL};

ANIMA_MODULE_DEFINE(trail, .name = "trail", .version = "1.0.0",
                    .license = "MIT", .origin = "the Anima example",
                    .description = "A rig constraint kind from outside the "
                                   "tree: the host trails a target.",
                    .features = trail_features, .depends = trail_depends,
                    .init = trail_init);
