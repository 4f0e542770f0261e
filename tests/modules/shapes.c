/*
 * shapes.c — a test feature module ("shapes") built outside kernel/ against
 * the public headers only, proving node behaviours (module.h
 * anima_node_behaviour_desc) for tests/test_pose.c:
 *
 *   diamond  a painted node with an outline: the square turned 45° with
 *            corners `size` from `center` (top, right, bottom, left), and
 *            its closed-form length 4·size·√2;
 *   waypoint a node that draws nothing itself and takes children;
 *   tray     a container (its children draw inside it, like a group).
 *
 * It also tries to take the kernel's own node type `rect`, which must be
 * refused (a module-load error naming the owner); init fails if it is not.
 */
#include <math.h>

#include <anima/module.h>

static const anima_host *host;

#define FIELD(owner_, name_, kind_)                                            \
  .owner = owner_, .name = name_, .kind = kind_, .minimum = -INFINITY,         \
  .maximum = INFINITY

typedef struct diamond_data {
  double x, y; /* centre */
  long size;   /* slot of `size` */
} diamond_data;

static anima_status diamond_compile(anima_compile *compile,
                                    const anima_site *site, void *user,
                                    void **data) {
  (void)user;
  diamond_data *diamond = host->compile_alloc(compile, sizeof *diamond);
  if (!diamond) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const anima_json *center = host->json_member(site->json, "center");
  diamond->x = host->json_number(host->json_item(center, 0));
  diamond->y = host->json_number(host->json_item(center, 1));
  diamond->size = host->compile_find_slot(compile, (size_t)site->node, "size");
  *data = diamond;
  return ANIMA_OK;
}

static size_t diamond_segments(const void *data, void *user) {
  (void)data, (void)user;
  return 5; /* move, three lines, close */
}

static double diamond_size(const anima_view *view, const diamond_data *d) {
  return d->size < 0 ? 0 : host->view_number(view, (size_t)d->size, 0);
}

static anima_status diamond_outline(const anima_view *view, const void *data,
                                    anima_path *out, void *user) {
  (void)user;
  const diamond_data *d = data;
  double size = diamond_size(view, d);
  anima_status status = host->path_move_to(out, d->x, d->y - size);
  if (status == ANIMA_OK) {
    status = host->path_line_to(out, d->x + size, d->y);
  }
  if (status == ANIMA_OK) {
    status = host->path_line_to(out, d->x, d->y + size);
  }
  if (status == ANIMA_OK) {
    status = host->path_line_to(out, d->x - size, d->y);
  }
  if (status == ANIMA_OK) {
    status = host->path_close(out);
  }
  return status;
}

static double diamond_length(const anima_view *view, const void *data,
                             void *user) {
  (void)user;
  return 4.0 * diamond_size(view, data) * sqrt(2.0);
}

static anima_status shapes_init(const anima_host *kernel,
                                anima_registrar *registrar) {
  host = kernel;
  static const anima_kind_desc kinds[] = {
      {.name = "diamond",
       .flags = ANIMA_KIND_NODE_TYPE | ANIMA_KIND_PAINTED,
       .description = "A square turned 45 degrees."},
      {.name = "waypoint",
       .flags = ANIMA_KIND_NODE_TYPE | ANIMA_KIND_CONTAINER,
       .description = "A point that draws nothing; its children follow it."},
      {.name = "tray",
       .flags = ANIMA_KIND_NODE_TYPE | ANIMA_KIND_CONTAINER,
       .description = "A group of the shapes module."},
  };
  static const anima_field_desc fields[] = {
      {FIELD("diamond", "center", ANIMA_FIELD_NUMBERS), .length = 2,
       .required = true, .description = "Centre [x, y]."},
      {.owner = "diamond",
       .name = "size",
       .kind = ANIMA_FIELD_NUMBER,
       .minimum = 0,
       .maximum = INFINITY,
       .required = true,
       .description = "Centre to corner, grid units."},
  };
  static const anima_property_desc size = {
      .owner = "diamond",
      .address = "size",
      .type = ANIMA_VALUE_NUMBER,
      .animation = ANIMA_ANIMATION_INTERPOLATED,
      .minimum = 0,
      .maximum = INFINITY,
      .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},
      .description = "Centre to corner."};
  static const anima_node_behaviour_desc behaviours[] = {
      {.struct_size = sizeof(anima_node_behaviour_desc),
       .node_type = "diamond",
       .flags = ANIMA_BEHAVIOUR_OUTLINE,
       .lifecycle = {.compile = diamond_compile},
       .max_segments = diamond_segments,
       .outline = diamond_outline,
       .length = diamond_length},
      {.struct_size = sizeof(anima_node_behaviour_desc),
       .node_type = "waypoint",
       .flags = ANIMA_BEHAVIOUR_DRAWS_NOTHING},
      {.struct_size = sizeof(anima_node_behaviour_desc),
       .node_type = "tray",
       .flags = ANIMA_BEHAVIOUR_CONTAINER},
  };
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, host->add_kind, registrar, kinds);
  ANIMA_ADD_EACH(status, host->add_field, registrar, fields);
  if (status == ANIMA_OK) {
    status = host->add_property(registrar, &size);
  }
  ANIMA_ADD_EACH(status, host->add_node_behaviour, registrar, behaviours);
  /* The kernel's own rect is taken: the registration must be refused. */
  static const anima_node_behaviour_desc rect = {
      .struct_size = sizeof(anima_node_behaviour_desc),
      .node_type = "rect",
      .flags = ANIMA_BEHAVIOUR_DRAWS_NOTHING};
  if (status == ANIMA_OK && host->add_node_behaviour(registrar, &rect) !=
                                ANIMA_ERROR_INVALID_ARGUMENT) {
    status = ANIMA_ERROR_INVALID_ARGUMENT;
  }
  return status;
}

static const char *const shapes_features[] = {"shapes", NULL};

ANIMA_MODULE_DEFINE(shapes, .name = "shapes", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima tests",
                    .description = "Node behaviours (a test module).",
                    .features = shapes_features, .init = shapes_init);
