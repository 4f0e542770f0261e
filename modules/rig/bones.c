/*
 * bones.c — the `bone` node type (SPEC `## rig`, "Bone frames and rigid
 * art"): its fields, its published local matrices (a LAYOUT hook, so that
 * the rig stage's constraints start from posed bones) and the derived
 * read-only addresses <id>.world.x|y|rotate|scaleX|scaleY and
 * <bone>.tip.x|y.
 */
#include <math.h>
#include <string.h>

#include "rig.h"

/* One node whose local matrix the rig publishes. */
typedef struct posed {
  size_t node;
  /* A chained bone: the local is T(parent length, 0)·R·S, the parent's
   * `length` slot (or -1, with `length` its rest). Otherwise `pre` · the
   * authored local (a nested root: Fr(parent)⁻¹; a non-bone child of a
   * bone: Fr(bone)⁻¹). */
  bool chained;
  long length_slot;
  double length;
  anima_matrix pre;
} posed;

typedef struct bones_data {
  size_t count;
  posed *items;
} bones_data;

static bool is_posed(anima_compile *c, size_t node) {
  long parent = rig_host->compile_node_parent(c, node);
  return rig_is_bone(c, parent);
}

static anima_status bones_compile(anima_compile *c, const anima_site *site,
                                  void *user, void **out) {
  (void)site, (void)user;
  bones_data *data = rig_host->compile_alloc(c, sizeof *data);
  if (!data) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t nodes = rig_host->compile_node_count(c);
  for (size_t i = 0; i < nodes; i++) {
    data->count += is_posed(c, i);
  }
  data->items = rig_host->compile_alloc(c, (data->count ? data->count : 1) *
                                               sizeof *data->items);
  if (!data->items) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t k = 0;
  for (size_t i = 0; i < nodes; i++) {
    if (!is_posed(c, i)) {
      continue;
    }
    posed *item = &data->items[k++];
    item->node = i;
    item->pre = rig_identity();
    if (rig_is_chained(c, i)) {
      size_t parent = (size_t)rig_host->compile_node_parent(c, i);
      item->chained = true;
      item->length_slot = rig_host->compile_find_slot(c, parent, "length");
      item->length =
          rig_json_number(rig_host->compile_node_json(c, parent), "length", 0);
    } else if (!rig_pre(c, i, &item->pre)) {
      /* A singular rest frame is refused by validation (zero rest
       * scales); keep identity. */
      item->pre = rig_identity();
    }
  }
  *out = data;
  return ANIMA_OK;
}

static void bones_run(anima_step *step, const void *data, void *instance,
                      void *user) {
  (void)instance, (void)user;
  const bones_data *bones = data;
  for (size_t i = 0; i < bones->count; i++) {
    const posed *item = &bones->items[i];
    anima_matrix local = rig_host->step_local(step, item->node);
    anima_matrix pre = item->pre;
    if (item->chained) {
      pre.e = item->length_slot >= 0
                  ? rig_host->step_number(step, (size_t)item->length_slot,
                                          item->length)
                  : item->length;
    }
    rig_host->step_set_local(step, item->node, rig_multiply(pre, local));
  }
}

/* ---- derived properties ------------------------------------------------- */

enum { WORLD_X, WORLD_Y, WORLD_ROTATE, WORLD_SCALE_X, WORLD_SCALE_Y };

static bool world_read(const anima_view *view, size_t node, anima_value *out,
                       int which) {
  anima_transform_parts parts = rig_parts(rig_host->view_world(view, node),
                                          rig_host->view_pivot(view, node));
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

/* The tip: F(now) · (length, 0). */
static anima_point tip(const anima_view *view, size_t node) {
  long slot = rig_host->view_find_slot(view, node, "length");
  double length = slot >= 0 ? rig_host->view_number(view, (size_t)slot, 0) : 0;
  return rig_apply(rig_host->view_world(view, node), (anima_point){length, 0});
}

static bool read_tip_x(const anima_view *view, size_t node, anima_value *out,
                       void *user) {
  (void)user;
  out->type = ANIMA_VALUE_NUMBER;
  out->as.number = tip(view, node).x;
  return true;
}

static bool read_tip_y(const anima_view *view, size_t node, anima_value *out,
                       void *user) {
  (void)user;
  out->type = ANIMA_VALUE_NUMBER;
  out->as.number = tip(view, node).y;
  return true;
}

/* ---- registration ------------------------------------------------------- */

anima_status rig_register_bones(anima_registrar *r) {
  static const anima_kind_desc bone = {
      .name = "bone",
      .flags = ANIMA_KIND_NODE_TYPE | ANIMA_KIND_CONTAINER,
      .description = "A bone: draws nothing; starts at its parent bone's tip "
                     "(or at x, y as a root) and carries rigid children."};
  static const anima_field_desc fields[] = {
      {.owner = "bone",
       .name = "length",
       .kind = ANIMA_FIELD_NUMBER,
       .minimum = 0,
       .maximum = INFINITY,
       .default_json = "0",
       .description = "Start to tip along the bone's x axis, grid units "
                      "(animatable)."},
      {.owner = "bone",
       .name = "root",
       .kind = ANIMA_FIELD_BOOL,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .default_json = "false",
       .description = "Inside a bone: start at (x, y) in the parent's moving "
                      "grid, anchoring a new chain (static)."},
  };
  static const anima_property_desc length = {
      .owner = "bone",
      .address = "length",
      .type = ANIMA_VALUE_NUMBER,
      .animation = ANIMA_ANIMATION_INTERPOLATED,
      .minimum = 0,
      .maximum = INFINITY,
      .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},
      .description = "The bone's length, grid units."};
  static const anima_node_behaviour_desc behaviour = {
      .struct_size = sizeof(anima_node_behaviour_desc),
      .node_type = "bone",
      .flags = ANIMA_BEHAVIOUR_DRAWS_NOTHING};
  static const anima_stage_hook_desc hook = {
      .struct_size = sizeof(anima_stage_hook_desc),
      .stage = ANIMA_STAGE_LAYOUT,
      .name = "bones",
      .lifecycle = {.compile = bones_compile},
      .run = bones_run,
      .runs_at_creation = true};
#define DERIVED(owner_, address_, read_)                                       \
  {                                                                            \
    .struct_size = sizeof(anima_derived_property_desc), .owner = owner_,       \
    .address = address_, .type = ANIMA_VALUE_NUMBER, .read = read_             \
  }
  static const anima_derived_property_desc derived[] = {
      DERIVED("node", "world.x", read_world_x),
      DERIVED("node", "world.y", read_world_y),
      DERIVED("node", "world.rotate", read_world_rotate),
      DERIVED("node", "world.scaleX", read_world_scale_x),
      DERIVED("node", "world.scaleY", read_world_scale_y),
      DERIVED("bone", "tip.x", read_tip_x),
      DERIVED("bone", "tip.y", read_tip_y),
  };
  anima_status status = rig_host->add_kind(r, &bone);
  ANIMA_ADD_EACH(status, rig_host->add_field, r, fields);
  if (status == ANIMA_OK) {
    status = rig_host->add_property(r, &length);
  }
  if (status == ANIMA_OK) {
    status = rig_host->add_node_behaviour(r, &behaviour);
  }
  if (status == ANIMA_OK) {
    status = rig_host->add_stage_hook(r, &hook);
  }
  ANIMA_ADD_EACH(status, rig_host->add_derived_property, r, derived);
  return status;
}
