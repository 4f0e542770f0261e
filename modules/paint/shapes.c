/*
 * shapes.c — the paint module's parametric node types (SPEC paint chapter,
 * "Parametric outlines"): ellipse (cx, cy, rx, ry), polygon (cx, cy, sides,
 * radius, rotation = 0, cornerRadius = 0), star (cx, cy, points, radius,
 * innerRadius, cornerRadius = 0) and triangle (x0, y0, width, height), as
 * painted node types with node behaviours. Every parameter is animatable
 * as `<id>.<parameter>`; AniML spells elements and attributes as the JSON
 * names. Outlines are built every draw and hit test from the current
 * values (shape_outline.c); their lengths are measured from the outline
 * (paint chapter, "Shared outline lengths").
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <anima/path.h>

#include "paint.h"
#include "shape_counts.h"
#include "shape_outline.h"

#define MAX_PARAMETERS 6

typedef enum shape_kind {
  SHAPE_ELLIPSE,
  SHAPE_POLYGON,
  SHAPE_STAR,
  SHAPE_TRIANGLE,
} shape_kind;

/* One parametric node type: its parameters in a fixed order. */
typedef struct shape_type {
  const char *name;
  shape_kind kind;
  const char *parameters[MAX_PARAMETERS];
  size_t parameter_count;
} shape_type;

static const shape_type ellipse_type = {
    "ellipse", SHAPE_ELLIPSE, {"cx", "cy", "rx", "ry"}, 4};
static const shape_type polygon_type = {
    "polygon",
    SHAPE_POLYGON,
    {"cx", "cy", "sides", "radius", "rotation", "cornerRadius"},
    6};
static const shape_type star_type = {
    "star",
    SHAPE_STAR,
    {"cx", "cy", "points", "radius", "innerRadius", "cornerRadius"},
    6};
static const shape_type triangle_type = {
    "triangle", SHAPE_TRIANGLE, {"x0", "y0", "width", "height"}, 4};

/* Parameter indices shared by the types above. */
enum { P_CX = 0, P_CY = 1 };
enum { ELLIPSE_RX = 2, ELLIPSE_RY = 3 };
enum { RING_COUNT = 2, RING_RADIUS = 3, RING_FOURTH = 4, RING_CORNER = 5 };
enum { TRIANGLE_X0 = 0, TRIANGLE_Y0, TRIANGLE_WIDTH, TRIANGLE_HEIGHT };

/* Per model, per node: the slots of its parameters, their document values
 * (used when a slot is missing) and the most vertices the node can need. */
typedef struct shape_data {
  long slot[MAX_PARAMETERS];
  double rest[MAX_PARAMETERS];
  size_t max_vertices;
} shape_data;

static double rest_default(const shape_type *type, size_t parameter) {
  if (type->kind == SHAPE_POLYGON && parameter == RING_COUNT) {
    return PAINT_SIDES_MIN;
  }
  if (type->kind == SHAPE_STAR && parameter == RING_COUNT) {
    return PAINT_POINTS_MIN;
  }
  return 0;
}

static anima_status shape_compile(anima_compile *compile,
                                  const anima_site *site, void *user,
                                  void **data) {
  const shape_type *type = user;
  shape_data *shape = paint_host->compile_alloc(compile, sizeof *shape);
  if (!shape) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t node = (size_t)site->node;
  for (size_t i = 0; i < type->parameter_count; i++) {
    const char *name = type->parameters[i];
    const anima_json *value = paint_host->json_member(site->json, name);
    shape->rest[i] = value && paint_host->json_type(value) == ANIMA_JSON_NUMBER
                         ? paint_host->json_number(value)
                         : rest_default(type, i);
    shape->slot[i] = paint_host->compile_find_slot(compile, node, name);
  }
  if (type->kind == SHAPE_POLYGON || type->kind == SHAPE_STAR) {
    bool polygon = type->kind == SHAPE_POLYGON;
    double minimum = polygon ? PAINT_SIDES_MIN : PAINT_POINTS_MIN;
    size_t count = paint_count_of(shape->rest[RING_COUNT], minimum);
    /* Storage is sized once: a count that can change (any key, pose or
     * other write naming the address) may reach the maximum. */
    const char *id = paint_host->compile_node_id(compile, node);
    char address[128];
    snprintf(address, sizeof address, "%s.%s", id ? id : "",
             type->parameters[RING_COUNT]);
    if (paint_document_names(paint_host->compile_document(compile), address)) {
      count = PAINT_COUNT_MAX;
    }
    shape->max_vertices = polygon ? count : 2 * count;
  }
  *data = shape;
  return ANIMA_OK;
}

static double parameter(const anima_view *view, const shape_data *shape,
                        size_t index) {
  long slot = shape->slot[index];
  return slot < 0
             ? shape->rest[index]
             : paint_host->view_number(view, (size_t)slot, shape->rest[index]);
}

static double at_least_zero(double value) {
  return value > 0 ? value : 0;
}

static size_t shape_segments(const void *data, void *user) {
  const shape_type *type = user;
  const shape_data *shape = data;
  switch (type->kind) {
  case SHAPE_ELLIPSE:
    return SHAPE_ELLIPSE_SEGMENTS;
  case SHAPE_TRIANGLE:
    return SHAPE_TRIANGLE_SEGMENTS;
  default:
    return shape_ring_segments(shape->max_vertices);
  }
}

/* The ring of a polygon or star from the current values. */
static shape_ring current_ring(const anima_view *view, const shape_type *type,
                               const shape_data *shape) {
  bool polygon = type->kind == SHAPE_POLYGON;
  size_t count = paint_count_of(parameter(view, shape, RING_COUNT),
                                polygon ? PAINT_SIDES_MIN : PAINT_POINTS_MIN);
  double radius = at_least_zero(parameter(view, shape, RING_RADIUS));
  double fourth = parameter(view, shape, RING_FOURTH);
  shape_ring ring = {.cx = parameter(view, shape, P_CX),
                     .cy = parameter(view, shape, P_CY),
                     .outer = radius};
  if (polygon) {
    ring.count = count;
    ring.inner = radius;
    ring.start_degrees = -90.0 + (isfinite(fourth) ? fourth : 0);
  } else {
    ring.count = 2 * count;
    ring.inner = at_least_zero(fourth);
    ring.start_degrees = -90.0;
  }
  /* Never more vertices than the storage was sized for. */
  size_t limit = shape->max_vertices;
  if (ring.count > limit) {
    ring.count = limit;
  }
  return ring;
}

static anima_status shape_outline(const anima_view *view, const void *data,
                                  anima_path *out, void *user) {
  const shape_type *type = user;
  const shape_data *shape = data;
  switch (type->kind) {
  case SHAPE_ELLIPSE:
    return shape_add_ellipse(
        out, parameter(view, shape, P_CX), parameter(view, shape, P_CY),
        parameter(view, shape, ELLIPSE_RX), parameter(view, shape, ELLIPSE_RY));
  case SHAPE_TRIANGLE:
    return shape_add_triangle(
        out, parameter(view, shape, TRIANGLE_X0),
        parameter(view, shape, TRIANGLE_Y0),
        at_least_zero(parameter(view, shape, TRIANGLE_WIDTH)),
        at_least_zero(parameter(view, shape, TRIANGLE_HEIGHT)));
  default: {
    shape_ring ring = current_ring(view, type, shape);
    return shape_add_ring(out, &ring,
                          at_least_zero(parameter(view, shape, RING_CORNER)));
  }
  }
}

/* ---- registration ------------------------------------------------------ */

/* Every number of a shape lies within ±1 000 000 grid units, the bound of
 * path data (ANIMA_PATH_NUMBER_LIMIT): far beyond any icon, and it keeps
 * outlines, lengths and trims finite (docs/DECISIONS.md "Robust
 * geometry"); animated values clamp to it. */
#define NO_MIN (-ANIMA_PATH_NUMBER_LIMIT)
#define NO_MAX (ANIMA_PATH_NUMBER_LIMIT)

/* A parameter: its field (AniML attribute = JSON name) and its property. */
typedef struct shape_parameter {
  const char *owner, *name;
  double minimum, maximum;
  bool required;
  const char *default_json; /* optional parameters */
  double rest;
  const char *description;
} shape_parameter;

static const shape_parameter shape_parameters[] = {
    {"ellipse", "cx", NO_MIN, NO_MAX, true, NULL, 0, "Centre x."},
    {"ellipse", "cy", NO_MIN, NO_MAX, true, NULL, 0, "Centre y."},
    {"ellipse", "rx", 0, NO_MAX, true, NULL, 0,
     "Horizontal semi-axis (>= 0); 0 gives SVG's degenerate outline."},
    {"ellipse", "ry", 0, NO_MAX, true, NULL, 0,
     "Vertical semi-axis (>= 0); 0 gives SVG's degenerate outline."},
    {"polygon", "cx", NO_MIN, NO_MAX, true, NULL, 0, "Centre x."},
    {"polygon", "cy", NO_MIN, NO_MAX, true, NULL, 0, "Centre y."},
    {"polygon", "sides", PAINT_SIDES_MIN, PAINT_COUNT_MAX, true, NULL,
     PAINT_SIDES_MIN,
     "Number of sides, a whole number 3..1024; animated values clamp to "
     "3..1024 and round to the nearest whole number, ties upward."},
    {"polygon", "radius", 0, NO_MAX, true, NULL, 0, "Centre to vertex (>= 0)."},
    {"polygon", "rotation", NO_MIN, NO_MAX, false, "0", 0,
     "Degrees clockwise; vertex 0 is at the top when 0."},
    {"polygon", "cornerRadius", 0, NO_MAX, false, "0", 0,
     "Cut-back of every corner along both edges (each limited to half "
     "the edge), joined by a quadratic curve through the vertex's control."},
    {"star", "cx", NO_MIN, NO_MAX, true, NULL, 0, "Centre x."},
    {"star", "cy", NO_MIN, NO_MAX, true, NULL, 0, "Centre y."},
    {"star", "points", PAINT_POINTS_MIN, PAINT_COUNT_MAX, true, NULL,
     PAINT_POINTS_MIN,
     "Number of points, a whole number 2..1024; animated values clamp to "
     "2..1024 and round to the nearest whole number, ties upward."},
    {"star", "radius", 0, NO_MAX, true, NULL, 0,
     "Centre to the outer vertices (>= 0); the first is at the top."},
    {"star", "innerRadius", 0, NO_MAX, true, NULL, 0,
     "Centre to the inner vertices (>= 0)."},
    {"star", "cornerRadius", 0, NO_MAX, false, "0", 0,
     "Cut-back of every corner along both edges (each limited to half "
     "the edge), joined by a quadratic curve through the vertex's control."},
    {"triangle", "x0", NO_MIN, NO_MAX, true, NULL, 0, "Left edge."},
    {"triangle", "y0", NO_MIN, NO_MAX, true, NULL, 0, "Top edge (the apex)."},
    {"triangle", "width", 0, NO_MAX, true, NULL, 0, "Width (>= 0)."},
    {"triangle", "height", 0, NO_MAX, true, NULL, 0, "Height (>= 0)."},
};

static anima_status add_parameter(anima_registrar *registrar,
                                  const shape_parameter *p) {
  anima_field_desc field = {.owner = p->owner,
                            .name = p->name,
                            .markup_name = p->name,
                            .feature = PAINT_FEATURE,
                            .kind = ANIMA_FIELD_NUMBER,
                            .minimum = p->minimum,
                            .maximum = p->maximum,
                            .required = p->required,
                            .default_json = p->default_json,
                            .description = p->description};
  anima_property_desc property = {
      .owner = p->owner,
      .address = p->name,
      .feature = PAINT_FEATURE,
      .type = ANIMA_VALUE_NUMBER,
      .animation = ANIMA_ANIMATION_INTERPOLATED,
      .minimum = p->minimum,
      .maximum = p->maximum,
      .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = p->rest},
      .description = p->description};
  anima_status status = paint_host->add_field(registrar, &field);
  return status == ANIMA_OK ? paint_host->add_property(registrar, &property)
                            : status;
}

/* `name_` repeats type_.name: a static initializer must be a constant
 * expression, which a member of another object is not (clang refuses it). */
#define SHAPE_BEHAVIOUR(type_, name_)                                          \
  {                                                                            \
    .struct_size = sizeof(anima_node_behaviour_desc), .node_type = name_,      \
    .feature = PAINT_FEATURE, .flags = ANIMA_BEHAVIOUR_OUTLINE,                \
    .lifecycle = {.compile = shape_compile}, .max_segments = shape_segments,   \
    .outline = shape_outline, .user = (void *)&type_                           \
  }

anima_status paint_register_shapes(anima_registrar *registrar) {
  static const anima_kind_desc kinds[] = {
      {.name = "ellipse",
       .feature = PAINT_FEATURE,
       .flags = ANIMA_KIND_NODE_TYPE | ANIMA_KIND_PAINTED,
       .description = "An ellipse (cx, cy, rx, ry): two half-ellipse arcs "
                      "from angle 0, clockwise."},
      {.name = "polygon",
       .feature = PAINT_FEATURE,
       .flags = ANIMA_KIND_NODE_TYPE | ANIMA_KIND_PAINTED,
       .description = "A regular polygon: vertices clockwise from the top, "
                      "turned by rotation, corners cut back by "
                      "cornerRadius."},
      {.name = "star",
       .feature = PAINT_FEATURE,
       .flags = ANIMA_KIND_NODE_TYPE | ANIMA_KIND_PAINTED,
       .description = "A star: outer and inner vertices alternating "
                      "clockwise from the top outer vertex."},
      {.name = "triangle",
       .feature = PAINT_FEATURE,
       .flags = ANIMA_KIND_NODE_TYPE | ANIMA_KIND_PAINTED,
       .description = "An isosceles triangle in the box (x0, y0, width, "
                      "height), apex at the top centre."},
  };
  static const anima_node_behaviour_desc behaviours[] = {
      SHAPE_BEHAVIOUR(ellipse_type, "ellipse"),
      SHAPE_BEHAVIOUR(polygon_type, "polygon"),
      SHAPE_BEHAVIOUR(star_type, "star"),
      SHAPE_BEHAVIOUR(triangle_type, "triangle"),
  };
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, paint_host->add_kind, registrar, kinds);
  ANIMA_ADD_EACH(status, add_parameter, registrar, shape_parameters);
  ANIMA_ADD_EACH(status, paint_host->add_node_behaviour, registrar, behaviours);
  if (status == ANIMA_OK) {
    status = paint_register_shape_counts(registrar);
  }
  return status;
}
