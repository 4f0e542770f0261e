/*
 * pins.c — a test feature module ("pins") built outside kernel/ against
 * the public headers only, proving solver kinds and derived read-only
 * properties (module.h anima_solver_kind_desc,
 * anima_derived_property_desc) for tests/test_solve.c. It stands in for
 * the rig chapter's constraints under names of its own:
 *
 *   pins: [{kind, strength, ...}] on every node (a variant family with the
 *   discriminator `kind`; `pins.*.strength` animatable, 0..1, default 1):
 *     follow  {target}  moves the host so that its origin lands on the
 *                       target's world origin (its linear part is kept);
 *                       depends on the target;
 *     turn    {angle}   turns the host by `angle` degrees about its pivot,
 *                       after its own transform; depends on nothing.
 *     lift    {dy, target?}  moves the host's parent down by `dy` with
 *                       step_set_local, declaring the parent as its write
 *                       (anima_solver_kind_desc.writes); the host itself is
 *                       left as it is. An optional `target` is only a
 *                       dependency (for the cycle of a target below a
 *                       write).
 *   Each solve counts in the item's per-player instance and writes the
 *   count into the host's `pinSolves` when it has one.
 *
 *   A POSE hook asks for one more solve when the document sets
 *   `pinsRepose: true`. With `pinsSample: "<timeline>"` it first samples
 *   that timeline at half its duration (host->step_sample_timeline) and
 *   asks for the solve.
 *
 *   Derived properties on every node: pinSolvesSeen (the node's pinSolves
 *   read through host->view_find_slot; the read fails if an unknown
 *   address or node finds a slot), pinWorld.x, pinWorld.y (where its
 *   pivot lands), pinWorld.rotate, pinWorld.scaleX, pinWorld.scaleY (its
 *   world matrix decomposed, host->matrix_decompose) — the rig chapter's
 *   world.* addresses under names of its own, since the rig module owns
 *   world.* (both can load into one runtime).
 */
#include <math.h>
#include <stddef.h>

#include <anima/module.h>

static const anima_host *host;

/* Per-model data of one item. */
typedef struct pin_data {
  long target;       /* follow: the target node, else -1 */
  long parent;       /* the host's parent, or -1 */
  double angle;      /* turn */
  anima_point pivot; /* the host's pivot */
  long solves;       /* the host's pinSolves slot, or -1 */
} pin_data;

typedef struct pin_instance {
  double solves;
} pin_instance;

static anima_status pin_compile(anima_compile *compile, const anima_site *site,
                                void *user, void **data) {
  (void)user;
  pin_data *pin = host->compile_alloc(compile, sizeof *pin);
  if (!pin) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t node = (size_t)site->node;
  const char *target =
      host->json_string(host->json_member(site->json, "target"), NULL);
  pin->target = target ? host->compile_find_node(compile, target) : -1;
  if (target && pin->target < 0) {
    host->compile_report(compile, "unknown-target", site->pointer,
                         "name a node of the document",
                         "pin target \"%s\" is not a node", target);
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  pin->parent = host->compile_node_parent(compile, node);
  pin->angle = host->json_number(host->json_member(site->json, "angle"));
  if (host->json_member(site->json, "dy")) {
    pin->angle = host->json_number(host->json_member(site->json, "dy"));
  }
  const anima_json *pivot =
      host->json_member(host->compile_node_json(compile, node), "pivot");
  if (pivot) {
    pin->pivot.x = host->json_number(host->json_item(pivot, 0));
    pin->pivot.y = host->json_number(host->json_item(pivot, 1));
  }
  pin->solves = host->compile_find_slot(compile, node, "pinSolves");
  *data = pin;
  return ANIMA_OK;
}

static size_t pin_instance_size(const void *data, void *user) {
  (void)data, (void)user;
  return sizeof(pin_instance);
}

static size_t follow_dependencies(const void *data, long *nodes,
                                  size_t capacity, void *user) {
  (void)user;
  const pin_data *pin = data;
  if (capacity > 0) {
    nodes[0] = pin->target;
  }
  return 1;
}

static void count_solve(anima_step *step, const pin_data *pin,
                        pin_instance *instance) {
  instance->solves += 1;
  if (pin->solves >= 0) {
    host->step_write_number(step, (size_t)pin->solves, instance->solves);
  }
}

static bool follow_solve(anima_step *step, const void *data, void *instance,
                         size_t node, anima_matrix *desired, void *user) {
  (void)node, (void)user;
  const pin_data *pin = data;
  count_solve(step, pin, instance);
  if (pin->target < 0) {
    return false;
  }
  /* Where the target's origin lands in the world, brought into the host
   * parent's space: the host's origin goes there. */
  anima_matrix target_world = host->step_world(step, (size_t)pin->target);
  anima_point goal = {target_world.e, target_world.f};
  if (pin->parent >= 0) {
    anima_matrix inverse;
    if (!host->matrix_invert(host->step_world(step, (size_t)pin->parent),
                             &inverse)) {
      return false;
    }
    goal = host->matrix_transform_point(inverse, goal);
  }
  desired->e = goal.x;
  desired->f = goal.y;
  return true;
}

static size_t lift_writes(const void *data, long *nodes, size_t capacity,
                          void *user) {
  (void)user;
  const pin_data *pin = data;
  if (pin->parent < 0) {
    return 0;
  }
  if (capacity > 0) {
    nodes[0] = pin->parent;
  }
  return 1;
}

static size_t lift_dependencies(const void *data, long *nodes, size_t capacity,
                                void *user) {
  const pin_data *pin = data;
  return pin->target < 0 ? 0 : follow_dependencies(data, nodes, capacity, user);
}

static bool lift_solve(anima_step *step, const void *data, void *instance,
                       size_t node, anima_matrix *desired, void *user) {
  (void)node, (void)desired, (void)user;
  const pin_data *pin = data;
  count_solve(step, pin, instance);
  if (pin->parent >= 0) {
    anima_matrix local = host->step_local(step, (size_t)pin->parent);
    local.f += pin->angle; /* dy, read into `angle` */
    host->step_set_local(step, (size_t)pin->parent, local);
  }
  return false;
}

static bool turn_solve(anima_step *step, const void *data, void *instance,
                       size_t node, anima_matrix *desired, void *user) {
  (void)node, (void)user;
  const pin_data *pin = data;
  count_solve(step, pin, instance);
  /* T(pivot) · R(angle) · T(−pivot), after the host's own transform. */
  anima_transform_parts turn = {.x = pin->pivot.x,
                                .y = pin->pivot.y,
                                .rotate = pin->angle,
                                .scale_x = 1,
                                .scale_y = 1};
  *desired =
      host->matrix_multiply(*desired, host->matrix_compose(&turn, pin->pivot));
  return true;
}

/* ---- the POSE hook -------------------------------------------------------
 */

typedef struct repose_data {
  bool repose;
  long timeline; /* pinsSample, or -1 */
  double duration;
} repose_data;

static anima_status repose_compile(anima_compile *compile,
                                   const anima_site *site, void *user,
                                   void **data) {
  (void)user;
  repose_data *repose = host->compile_alloc(compile, sizeof *repose);
  if (!repose) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const anima_json *value = host->json_member(site->json, "pinsRepose");
  repose->repose = value && host->json_bool(value);
  const anima_json *sample = host->json_member(site->json, "pinsSample");
  repose->timeline =
      sample ? host->compile_find_timeline(
                   compile, host->json_string(sample, NULL), &repose->duration)
             : -1;
  *data = repose;
  return ANIMA_OK;
}

static void repose_run(anima_step *step, const void *data, void *instance,
                       void *user) {
  (void)instance, (void)user;
  const repose_data *repose = data;
  if (repose->timeline >= 0) {
    host->step_sample_timeline(step, (size_t)repose->timeline,
                               repose->duration / 2);
  }
  if (repose->repose || repose->timeline >= 0) {
    host->step_request_solve(step);
  }
}

/* ---- derived properties -------------------------------------------------
 */

enum { WORLD_X, WORLD_Y, WORLD_ROTATE, WORLD_SCALE_X, WORLD_SCALE_Y };

static bool world_read(const anima_view *view, size_t node, anima_value *out,
                       int which) {
  anima_transform_parts parts = host->matrix_decompose(
      host->view_world(view, node), host->view_pivot(view, node));
  double values[] = {parts.x, parts.y, parts.rotate, parts.scale_x,
                     parts.scale_y};
  out->type = ANIMA_VALUE_NUMBER;
  out->as.number = values[which];
  return true;
}

#define WORLD_READER(name_, which_)                                            \
  static bool name_(const anima_view *view, size_t node, anima_value *out,     \
                    void *user) {                                              \
    (void)user;                                                                \
    return world_read(view, node, out, which_);                                \
  }
WORLD_READER(read_world_x, WORLD_X)
WORLD_READER(read_world_y, WORLD_Y)
WORLD_READER(read_world_rotate, WORLD_ROTATE)
WORLD_READER(read_world_scale_x, WORLD_SCALE_X)
WORLD_READER(read_world_scale_y, WORLD_SCALE_Y)

/* pinSolvesSeen: the node's pinSolves slot found by address through the
 * view (host->view_find_slot), as a derived reader that has no per-model
 * data finds a property of its node; -1 when the node has none. */
static bool read_solves_seen(const anima_view *view, size_t node,
                             anima_value *out, void *user) {
  (void)user;
  if (host->view_find_slot(view, node, "noSuchProperty") != -1 ||
      host->view_find_slot(view, (size_t)-1, "pinSolves") != -1) {
    return false; /* an unknown address or node has no slot */
  }
  long slot = host->view_find_slot(view, node, "pinSolves");
  out->type = ANIMA_VALUE_NUMBER;
  out->as.number = slot < 0 ? -1 : host->view_number(view, (size_t)slot, -1);
  return true;
}

/* ---- registration --------------------------------------------------------
 */

#define FIELD(owner_, name_, kind_)                                            \
  .owner = owner_, .name = name_, .kind = kind_, .minimum = -INFINITY,         \
  .maximum = INFINITY

static anima_status pins_init(const anima_host *kernel,
                              anima_registrar *registrar) {
  host = kernel;
  static const anima_kind_desc kinds[] = {
      {.name = "pin", .discriminator = "kind", .description = "A pin."},
      {.name = "pin-follow",
       .element = "pin-follow",
       .variant_of = "pin",
       .variant = "follow",
       .description = "Moves the host onto a target."},
      {.name = "pin-turn",
       .element = "pin-turn",
       .variant_of = "pin",
       .variant = "turn",
       .description = "Turns the host about its pivot."},
      {.name = "pin-lift",
       .element = "pin-lift",
       .variant_of = "pin",
       .variant = "lift",
       .description = "Moves the host's parent down."},
  };
  static const anima_field_desc fields[] = {
      {FIELD("node", "pins", ANIMA_FIELD_VARIANTS), .item_kind = "pin",
       .description = "Pins, in order."},
      {FIELD("pin", "kind", ANIMA_FIELD_NAME), .required = true,
       .description = "The pin kind."},
      {.owner = "pin",
       .name = "strength",
       .kind = ANIMA_FIELD_NUMBER,
       .minimum = 0,
       .maximum = 1,
       .default_json = "1",
       .description = "How much of the pin applies."},
      {FIELD("pin-follow", "target", ANIMA_FIELD_NAME), .required = true,
       .description = "The node to follow."},
      {FIELD("pin-turn", "angle", ANIMA_FIELD_NUMBER), .required = true,
       .description = "Degrees clockwise."},
      {FIELD("pin-lift", "dy", ANIMA_FIELD_NUMBER), .required = true,
       .description = "Grid units down."},
      {FIELD("pin-lift", "target", ANIMA_FIELD_NAME),
       .description = "A node depended on."},
      {FIELD("node", "pinSolves", ANIMA_FIELD_NUMBER),
       .description = "Solves counted by the pins."},
      {FIELD("document", "pinsRepose", ANIMA_FIELD_BOOL),
       .description = "Ask for one more solve at the POSE stage."},
      {FIELD("document", "pinsSample", ANIMA_FIELD_STRING),
       .description = "A timeline sampled at half its duration at the POSE "
                      "stage, then one more solve."},
  };
  static const anima_property_desc properties[] = {
      {.owner = "node",
       .address = "pins.*.strength",
       .type = ANIMA_VALUE_NUMBER,
       .animation = ANIMA_ANIMATION_INTERPOLATED,
       .minimum = 0,
       .maximum = 1,
       .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 1},
       .description = "A pin's strength."},
      {.owner = "node",
       .address = "pinSolves",
       .type = ANIMA_VALUE_NUMBER,
       .animation = ANIMA_ANIMATION_INTERPOLATED,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},
       .description = "Solves counted by the pins."},
  };
#define PIN_LIFECYCLE                                                          \
  { .compile = pin_compile, .instance_size = pin_instance_size }
  static const anima_solver_kind_desc solvers[] = {
      {.struct_size = sizeof(anima_solver_kind_desc),
       .list_field = "pins",
       .kind = "follow",
       .lifecycle = PIN_LIFECYCLE,
       .dependencies = follow_dependencies,
       .solve = follow_solve},
      {.struct_size = sizeof(anima_solver_kind_desc),
       .list_field = "pins",
       .kind = "turn",
       .lifecycle = PIN_LIFECYCLE,
       .solve = turn_solve},
      {.struct_size = sizeof(anima_solver_kind_desc),
       .list_field = "pins",
       .kind = "lift",
       .lifecycle = PIN_LIFECYCLE,
       .dependencies = lift_dependencies,
       .solve = lift_solve,
       .writes = lift_writes},
  };
  static const anima_stage_hook_desc repose = {
      .struct_size = sizeof(anima_stage_hook_desc),
      .stage = ANIMA_STAGE_POSE,
      .name = "repose",
      .lifecycle = {.compile = repose_compile},
      .run = repose_run};
#define DERIVED(address_, read_)                                               \
  {                                                                            \
    .struct_size = sizeof(anima_derived_property_desc), .owner = "node",       \
    .address = address_, .type = ANIMA_VALUE_NUMBER, .read = read_             \
  }
  static const anima_derived_property_desc derived[] = {
      DERIVED("pinWorld.x", read_world_x),
      DERIVED("pinWorld.y", read_world_y),
      DERIVED("pinWorld.rotate", read_world_rotate),
      DERIVED("pinWorld.scaleX", read_world_scale_x),
      DERIVED("pinWorld.scaleY", read_world_scale_y),
      DERIVED("pinSolvesSeen", read_solves_seen),
  };
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, host->add_kind, registrar, kinds);
  ANIMA_ADD_EACH(status, host->add_field, registrar, fields);
  ANIMA_ADD_EACH(status, host->add_property, registrar, properties);
  ANIMA_ADD_EACH(status, host->add_solver_kind, registrar, solvers);
  if (status == ANIMA_OK) {
    status = host->add_stage_hook(registrar, &repose);
  }
  ANIMA_ADD_EACH(status, host->add_derived_property, registrar, derived);
  return status;
}

static const char *const pins_features[] = {"pins", NULL};

ANIMA_MODULE_DEFINE(pins, .name = "pins", .version = "1.0.0", .license = "MIT",
                    .origin = "Anima tests",
                    .description = "Solver kinds and derived properties (a "
                                   "test module).",
                    .features = pins_features, .init = pins_init);
