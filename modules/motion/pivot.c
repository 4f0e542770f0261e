/*
 * pivot.c — the animated transform origin (SPEC motion, "Animated
 * transform origin"): the numeric node properties `pivotX` and `pivotY`
 * (AniML the same names). Each rests at the document's value, else the
 * corresponding component of the static `pivot` vector, else 0. They feed
 * the §4 transform T(x, y)·T(pivot)·R·S·T(−pivot) in place of the static
 * pivot, so drawing, world matrices and hit testing use the animated
 * origin.
 *
 * The kernel builds each local matrix about the static pivot p0 (compile
 * time). A LAYOUT hook (after clamping and the kernel's pose, before the
 * solvers) moves the origin of every node whose pivot differs from p0:
 * with M the local matrix's linear part, the matrix about p is the matrix
 * about p0 with its translation plus (I − M)(p − p0). The kernel rebuilds
 * a replaced local matrix from the values on the next step, so a pivot
 * that returns to p0 needs no write. Nothing is allocated while stepping.
 */
#include <math.h>

#include "motion.h"

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

/** A node whose pivot may move: its two slots (-1: none) and the static
 * pivot the kernel composes its local matrix about. */
typedef struct pivot_node {
  size_t node;
  long slot[2];
  double fixed[2];
} pivot_node;

typedef struct pivot_data {
  size_t count;
  pivot_node *nodes;
} pivot_data;

static const char *const pivot_names[2] = {"pivotX", "pivotY"};

/* The kernel's static pivot component (compile_nodes.c: a number, else
 * 0). */
static double vector_component(const anima_json *node, size_t index) {
  const anima_host *host = motion_host;
  const anima_json *vector = host->json_member(node, "pivot");
  const anima_json *item = vector && host->json_type(vector) == ANIMA_JSON_ARRAY
                               ? host->json_item(vector, index)
                               : NULL;
  return item && host->json_type(item) == ANIMA_JSON_NUMBER
             ? host->json_number(item)
             : 0;
}

/* Sets the rest of the node's pivot slots that the document omits to the
 * vector's component, and says whether the node's pivot can differ from
 * the static one: authored, animated, or bindable (bind targets are only
 * known once bind compiled, so with bind required every node counts). */
static anima_status compile_node(anima_compile *compile, size_t node,
                                 bool bindable, pivot_node *out, bool *moves) {
  const anima_host *host = motion_host;
  const anima_json *json = host->compile_node_json(compile, node);
  *moves = false;
  out->node = node;
  for (size_t i = 0; i < 2; i++) {
    out->fixed[i] = vector_component(json, i);
    out->slot[i] = host->compile_find_slot(compile, node, pivot_names[i]);
    if (out->slot[i] < 0) {
      continue;
    }
    size_t slot = (size_t)out->slot[i];
    bool authored = host->json_member(json, pivot_names[i]) != NULL;
    if (!authored && out->fixed[i] != 0) {
      anima_value rest = {.type = ANIMA_VALUE_NUMBER,
                          .as.number = out->fixed[i]};
      anima_status status = host->compile_set_rest(compile, slot, &rest);
      if (status != ANIMA_OK) {
        return status;
      }
    }
    if (authored || bindable || host->compile_slot_animated(compile, slot)) {
      *moves = true;
    }
  }
  return ANIMA_OK;
}

static anima_status pivot_compile(anima_compile *compile,
                                  const anima_site *site, void *user,
                                  void **out) {
  (void)site, (void)user;
  const anima_host *host = motion_host;
  size_t count = host->compile_node_count(compile);
  pivot_data *data = host->compile_alloc(compile, sizeof *data);
  pivot_node *nodes =
      host->compile_alloc(compile, (count ? count : 1) * sizeof *nodes);
  if (!data || !nodes) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  bool bindable = host->compile_requires(compile, "bind");
  for (size_t node = 0; node < count; node++) {
    bool moves = false;
    anima_status status =
        compile_node(compile, node, bindable, &nodes[data->count], &moves);
    if (status != ANIMA_OK) {
      return status;
    }
    data->count += moves ? 1 : 0;
  }
  data->nodes = nodes;
  *out = data;
  return ANIMA_OK;
}

static double pivot_value(anima_step *step, const pivot_node *item, size_t i) {
  return item->slot[i] < 0 ? item->fixed[i]
                           : motion_host->step_number(
                                 step, (size_t)item->slot[i], item->fixed[i]);
}

/* The local matrix about pivot p from the one about p0:
 * T(x,y)·T(p)·M·T(−p) = T(x,y)·T(p0)·M·T(−p0) + (I − M)(p − p0). */
static anima_matrix move_origin(anima_matrix local, double dx, double dy) {
  local.e += dx - (local.a * dx + local.c * dy);
  local.f += dy - (local.b * dx + local.d * dy);
  return local;
}

static void pivot_run(anima_step *step, const void *data_, void *instance,
                      void *user) {
  (void)instance, (void)user;
  const pivot_data *data = data_;
  const anima_host *host = motion_host;
  for (size_t k = 0; k < data->count; k++) {
    const pivot_node *item = &data->nodes[k];
    double dx = pivot_value(step, item, 0) - item->fixed[0];
    double dy = pivot_value(step, item, 1) - item->fixed[1];
    if (dx == 0 && dy == 0) {
      continue;
    }
    anima_matrix local = host->step_local(step, item->node);
    host->step_set_local(step, item->node, move_origin(local, dx, dy));
  }
}

anima_status motion_register_pivot(const anima_host *host,
                                   anima_registrar *registrar) {
  static const anima_field_desc fields[] = {
      {.owner = "node",
       .name = "pivotX",
       .markup_name = "pivotX",
       .feature = MOTION_FEATURE,
       .kind = ANIMA_FIELD_NUMBER,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "x of the point the transform turns and scales about; "
                      "animatable. Omitted: pivot[0], else 0."},
      {.owner = "node",
       .name = "pivotY",
       .markup_name = "pivotY",
       .feature = MOTION_FEATURE,
       .kind = ANIMA_FIELD_NUMBER,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "y of the point the transform turns and scales about; "
                      "animatable. Omitted: pivot[1], else 0."},
  };
  static const anima_property_desc properties[] = {
      {.owner = "node",
       .address = "pivotX",
       .feature = MOTION_FEATURE,
       .type = ANIMA_VALUE_NUMBER,
       .animation = ANIMA_ANIMATION_INTERPOLATED,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},
       .description = "Transform origin x (rests at pivot[0], else 0)."},
      {.owner = "node",
       .address = "pivotY",
       .feature = MOTION_FEATURE,
       .type = ANIMA_VALUE_NUMBER,
       .animation = ANIMA_ANIMATION_INTERPOLATED,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},
       .description = "Transform origin y (rests at pivot[1], else 0)."},
  };
  static const anima_stage_hook_desc hook = {
      .struct_size = sizeof hook,
      .stage = ANIMA_STAGE_LAYOUT,
      .feature = MOTION_FEATURE,
      .name = "pivot",
      .lifecycle = {.compile = pivot_compile},
      .run = pivot_run,
      .runs_at_creation = true,
  };
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, host->add_field, registrar, fields);
  ANIMA_ADD_EACH(status, host->add_property, registrar, properties);
  if (status == ANIMA_OK) {
    status = host->add_stage_hook(registrar, &hook);
  }
  return status;
}
