/*
 * spring.c — a constraint kind of another module, registered into the rig
 * module through include/anima/rig.h (SPEC `## rig`, "Rig stage and
 * extension contract"), as a third party's would be: built against the
 * public headers only, linking against nothing, `depends: ["rig"]`. Used
 * by tests/test_rig.c.
 *
 *   {"kind": "spring", "target": <id>, "stiffness": k, "damping": c}
 *   AniML <spring target="..." stiffness="..." damping="..."/>
 *
 * The host's pivot is a damped mass on a spring pulled towards the target's
 * world pivot: each solve, with dt the step's seconds,
 *   a = k·(t − p) − c·v,  v += a·dt,  p += v·dt   (semi-implicit Euler)
 * from p = the host's own world pivot and v = 0 at the first solve. The
 * host keeps its rotation, scale and shear. `stiffness` (> 0, default 100)
 * and `damping` (≥ 0, default 10) are animatable. The item keeps the
 * player awake while it moves (|v| or |t − p| above 1e-3).
 */
#include <math.h>

#include <anima/rig.h>

static const anima_host *host;

typedef struct spring_data {
  long target, parent, stiffness, damping;
  double stiffness_rest, damping_rest;
} spring_data;

typedef struct spring_state {
  bool started;
  double x, y, vx, vy, gap;
} spring_state;

static anima_status spring_compile(anima_compile *c, const anima_site *site,
                                   void *user, void **out) {
  (void)user;
  spring_data *s = host->compile_alloc(c, sizeof *s);
  if (!s) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const char *id =
      host->json_string(host->json_member(site->json, "target"), NULL);
  s->target = id ? host->compile_find_node(c, id) : -1;
  if (s->target < 0) {
    host->compile_report(c, "rig-target", site->pointer,
                         "name a node of the document",
                         "the spring's target is not a node");
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  s->parent = host->compile_node_parent(c, (size_t)site->node);
  s->stiffness = anima_rig_find_slot(host, c, site, "stiffness");
  s->damping = anima_rig_find_slot(host, c, site, "damping");
  const anima_json *k = host->json_member(site->json, "stiffness");
  const anima_json *d = host->json_member(site->json, "damping");
  s->stiffness_rest = k ? host->json_number(k) : 100;
  s->damping_rest = d ? host->json_number(d) : 10;
  *out = s;
  return ANIMA_OK;
}

static size_t spring_instance_size(const void *data, void *user) {
  (void)data, (void)user;
  return sizeof(spring_state);
}

static size_t spring_targets(const void *data, long *nodes, size_t capacity,
                             void *user) {
  (void)user;
  if (capacity > 0) {
    nodes[0] = ((const spring_data *)data)->target;
  }
  return 1;
}

static bool spring_solve(anima_step *step, const void *data, void *instance,
                         size_t node, anima_matrix *desired, void *user) {
  (void)user;
  const spring_data *s = data;
  spring_state *state = instance;
  anima_point origin = {0, 0};
  anima_matrix world = host->step_world(step, node);
  anima_point at = host->matrix_transform_point(world, origin);
  anima_point goal = anima_rig_position(host, step, (size_t)s->target, origin);
  if (!state->started) {
    state->started = true;
    state->x = at.x;
    state->y = at.y;
  }
  double dt = host->step_dt(step);
  double k = anima_rig_number(host, step, s->stiffness, s->stiffness_rest);
  double c = anima_rig_number(host, step, s->damping, s->damping_rest);
  state->vx += (k * (goal.x - state->x) - c * state->vx) * dt;
  state->vy += (k * (goal.y - state->y) - c * state->vy) * dt;
  state->x += state->vx * dt;
  state->y += state->vy * dt;
  state->gap = hypot(goal.x - state->x, goal.y - state->y);
  world.e += state->x - at.x;
  world.f += state->y - at.y;
  return anima_rig_local_of(host, step, s->parent, world, desired);
}

static bool spring_at_rest(anima_step *step, const void *data,
                           const void *instance, void *user) {
  (void)step, (void)data, (void)user;
  const spring_state *state = instance;
  return !state->started ||
         (hypot(state->vx, state->vy) < 1e-3 && state->gap < 1e-3);
}

static anima_status spring_init(const anima_host *kernel,
                                anima_registrar *registrar) {
  host = kernel;
  static const anima_field_desc fields[] = {
      {.owner = "spring",
       .name = "target",
       .kind = ANIMA_FIELD_NAME,
       .required = true,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "The node pulled towards (its world pivot)."},
      {.owner = "spring",
       .name = "stiffness",
       .kind = ANIMA_FIELD_NUMBER,
       .minimum = 0,
       .maximum = INFINITY,
       .exclusive_minimum = true,
       .default_json = "100",
       .description = "k, per second squared (animatable)."},
      {.owner = "spring",
       .name = "damping",
       .kind = ANIMA_FIELD_NUMBER,
       .minimum = 0,
       .maximum = INFINITY,
       .default_json = "10",
       .description = "c, per second (animatable)."},
  };
  static const anima_property_desc properties[] = {
      {.owner = "node",
       .address = "constraints.*.stiffness",
       .type = ANIMA_VALUE_NUMBER,
       .animation = ANIMA_ANIMATION_INTERPOLATED,
       .minimum = 0,
       .maximum = INFINITY,
       .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 100},
       .description = "A spring's stiffness."},
      {.owner = "node",
       .address = "constraints.*.damping",
       .type = ANIMA_VALUE_NUMBER,
       .animation = ANIMA_ANIMATION_INTERPOLATED,
       .minimum = 0,
       .maximum = INFINITY,
       .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 10},
       .description = "A spring's damping."},
  };
  static const anima_rig_constraint_desc spring = {
      .struct_size = sizeof spring,
      .kind = "spring",
      .element = "spring",
      .description = "A damped spring pulling the host towards a target.",
      .fields = fields,
      .field_count = sizeof fields / sizeof *fields,
      .properties = properties,
      .property_count = sizeof properties / sizeof *properties,
      .lifecycle = {.compile = spring_compile,
                    .instance_size = spring_instance_size},
      .targets = spring_targets,
      .solve = spring_solve,
      .at_rest = spring_at_rest};
  return anima_rig_register_constraint(host, registrar, &spring);
}

static const char *const spring_features[] = {"spring", NULL};
static const char *const spring_depends[] = {"rig", NULL};

ANIMA_MODULE_DEFINE(spring, .name = "spring", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima tests",
                    .description = "A constraint kind registered into rig "
                                   "(a test module).",
                    .features = spring_features, .depends = spring_depends,
                    .init = spring_init);
