/*
 * scroll.c — the scroll module's constraint kinds (SPEC `## scroll`,
 * "Scroll rig constraint"; docs/modules/scroll.md), registered into rig
 * through include/anima/rig.h.
 *
 *   {"kind": "scroll", "viewport": <id>, "axis": "x|y|both",
 *    "offsetX": 0, "offsetY": 0, "interactive": true}
 *       on the content node; AniML <scroll viewport="…" axis="y"/>
 *   {"kind": "scrollThumb", "scroll": <content id>, "track": <id>,
 *    "axis": "x|y", "resize": false}
 *       on the thumb node; AniML <scroll-thumb scroll="…" track="…"/>
 *
 * Extents are rest bounds (scroll_bounds.c; there is no layout module, so
 * no layout box): the viewport's own subtree in its space, the content's
 * subtree in its space. Each enabled offset — the authored value, or the
 * interactive one once set unless the document animates or binds that
 * address — clamps to [0, max(0, content − viewport)]; a disabled axis is
 * 0. The content moves by the negative offsets in its parent's space, and
 * `<content>.constraints.<i>.percentX|Y` receive offset / range (0 for an
 * empty range).
 *
 * A thumb follows the linked percent across its track's travel, both read
 * in the thumb's parent space (author them as siblings): the thumb's rest
 * box [e0, e0 + l0] along the axis maps onto [s, s + len] with
 * s = t0 + p·(L − len), L the track's length, len = l0 or, with resize,
 * clamp(L·viewport/content, l0, L).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <anima/rig.h>

#include "scroll.h"

const anima_host *scroll_host;
#define host scroll_host

typedef struct scroll_data {
  bool enabled[2];
  long offset[2]; /* slots, or -1 */
  double rest[2];
  bool authored[2]; /* a track, pose or binding writes the offset */
  long percent[2];
  double range[2];
  size_t entry;
} scroll_data;

typedef struct thumb_data {
  long content, track;
  int axis;     /* 0 x, 1 y */
  long percent; /* the content's percent slot on the axis, or -1 */
  double track_start, track_length; /* in the thumb's parent space */
  double edge, length;              /* the thumb's rest box on the axis */
  double ratio;                     /* viewport / content, or 1 */
  bool resize;
} thumb_data;

/* ---- compile ------------------------------------------------------------ */

static const char *string_of(const anima_json *object, const char *key) {
  return host->json_string(host->json_member(object, key), NULL);
}

static long node_of(anima_compile *c, const anima_json *item, const char *key) {
  const char *id = string_of(item, key);
  return id ? host->compile_find_node(c, id) : -1;
}

static double extent(module_box b, int axis) {
  return b.any ? (axis ? b.y1 - b.y0 : b.x1 - b.x0) : 0;
}

static long item_slot(anima_compile *c, const anima_site *site,
                      const char *field) {
  return anima_rig_find_slot(host, c, site, field);
}

static anima_status compile_scroll(anima_compile *c, const anima_site *site,
                                   void *user, void **out) {
  (void)user;
  scroll_data *s = host->compile_alloc(c, sizeof *s);
  if (!s) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const anima_json *item = site->json;
  long viewport = node_of(c, item, "viewport");
  if (viewport < 0) {
    return ANIMA_ERROR_INVALID_DOCUMENT; /* validation: scroll-viewport */
  }
  const char *axis = string_of(item, "axis");
  bool both = axis && strcmp(axis, "both") == 0;
  s->enabled[0] = both || (axis && strcmp(axis, "x") == 0);
  s->enabled[1] = both || (axis && strcmp(axis, "y") == 0);
  static const char *const offsets[] = {"offsetX", "offsetY"};
  static const char *const percents[] = {"percentX", "percentY"};
  module_box view =
      module_rest_bounds(host, host->compile_node_json(c, viewport));
  module_box content =
      module_rest_bounds(host, host->compile_node_json(c, (size_t)site->node));
  for (int a = 0; a < 2; a++) {
    s->offset[a] = item_slot(c, site, offsets[a]);
    s->rest[a] = module_json_number(host, item, offsets[a], 0);
    s->authored[a] = s->offset[a] >= 0 &&
                     host->compile_slot_animated(c, (size_t)s->offset[a]);
    s->percent[a] = item_slot(c, site, percents[a]);
    s->range[a] = fmax(0, extent(content, a) - extent(view, a));
  }
  s->entry = scroll_entry_index(c, (size_t)site->node, site->index);
  *out = s;
  return ANIMA_OK;
}

/* The first scroll constraint of `content`: its position, or -1. */
static long scroll_item_of(anima_compile *c, size_t content) {
  const anima_json *list =
      host->json_member(host->compile_node_json(c, content), "constraints");
  for (size_t k = 0; list && host->json_type(list) == ANIMA_JSON_ARRAY &&
                     k < host->json_size(list);
       k++) {
    if (scroll_is_kind(host->json_item(list, k), "scroll")) {
      return (long)k;
    }
  }
  return -1;
}

static anima_status compile_thumb(anima_compile *c, const anima_site *site,
                                  void *user, void **out) {
  (void)user;
  thumb_data *t = host->compile_alloc(c, sizeof *t);
  if (!t) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const anima_json *item = site->json;
  t->content = node_of(c, item, "scroll");
  t->track = node_of(c, item, "track");
  long k = t->content >= 0 ? scroll_item_of(c, (size_t)t->content) : -1;
  if (t->track < 0 || k < 0) {
    return ANIMA_ERROR_INVALID_DOCUMENT; /* validation: rig-target */
  }
  const char *axis = string_of(item, "axis");
  t->axis = axis && strcmp(axis, "y") == 0 ? 1 : 0;
  const anima_json *resize = host->json_member(item, "resize");
  t->resize = resize && host->json_bool(resize);
  char address[64];
  snprintf(address, sizeof address, "constraints.%ld.%s", k,
           t->axis ? "percentY" : "percentX");
  t->percent = host->compile_find_slot(c, (size_t)t->content, address);
  module_box track = scroll_rest_bounds_in_parent(
      host->compile_node_json(c, (size_t)t->track));
  module_box thumb = scroll_rest_bounds_in_parent(
      host->compile_node_json(c, (size_t)site->node));
  t->track_start = track.any ? (t->axis ? track.y0 : track.x0) : 0;
  t->track_length = extent(track, t->axis);
  t->edge = thumb.any ? (t->axis ? thumb.y0 : thumb.x0) : 0;
  t->length = extent(thumb, t->axis);
  /* viewport / content on the axis, from the linked scroll constraint. */
  const anima_json *scroll = host->json_item(
      host->json_member(host->compile_node_json(c, (size_t)t->content),
                        "constraints"),
      (size_t)k);
  long viewport = node_of(c, scroll, "viewport");
  double view = viewport >= 0
                    ? extent(module_rest_bounds(host, host->compile_node_json(
                                                          c, (size_t)viewport)),
                             t->axis)
                    : 0;
  double content = extent(
      module_rest_bounds(host, host->compile_node_json(c, (size_t)t->content)),
      t->axis);
  t->ratio = content > 0 ? view / content : 1;
  *out = t;
  return ANIMA_OK;
}

static size_t thumb_targets(const void *data, long *nodes, size_t capacity,
                            void *user) {
  (void)user;
  const thumb_data *t = data;
  if (capacity >= 2) {
    nodes[0] = t->content;
    nodes[1] = t->track;
  }
  return 2;
}

/* ---- solving ------------------------------------------------------------ */

static bool solve_scroll(anima_step *step, const void *data, void *instance,
                         size_t node, anima_matrix *desired, void *user) {
  (void)instance, (void)node, (void)user;
  const scroll_data *s = data;
  scroll_entry *entry = scroll_entry_of(step, s->entry);
  double offset[2] = {0, 0};
  for (int a = 0; a < 2; a++) {
    if (s->enabled[a]) {
      double v = anima_rig_number(host, step, s->offset[a], s->rest[a]);
      if (entry && entry->set && !s->authored[a]) {
        v = entry->offset[a];
      }
      offset[a] = v < 0 ? 0 : v > s->range[a] ? s->range[a] : v;
      if (entry && entry->set) {
        entry->offset[a] = offset[a]; /* later proposals start clamped */
      }
    }
    if (s->percent[a] >= 0) {
      host->step_write_number(step, (size_t)s->percent[a],
                              s->range[a] > 0 ? offset[a] / s->range[a] : 0);
    }
  }
  anima_matrix move = {1, 0, 0, 1, -offset[0], -offset[1]};
  *desired = host->matrix_multiply(move, *desired);
  return true;
}

static bool solve_thumb(anima_step *step, const void *data, void *instance,
                        size_t node, anima_matrix *desired, void *user) {
  (void)instance, (void)node, (void)user;
  const thumb_data *t = data;
  double p = anima_rig_number(host, step, t->percent, 0);
  double length = t->length;
  if (t->resize) {
    length = fmin(t->track_length, fmax(t->length, t->track_length * t->ratio));
  }
  double start = t->track_start + p * (t->track_length - length);
  double k = t->length > 0 ? length / t->length : 1;
  /* x ↦ start + (x − edge)·k along the axis, in the parent's space. */
  anima_matrix map = {1, 0, 0, 1, 0, 0};
  if (t->axis) {
    map.d = k;
    map.f = start - t->edge * k;
  } else {
    map.a = k;
    map.e = start - t->edge * k;
  }
  *desired = host->matrix_multiply(map, *desired);
  return true;
}

static size_t scroll_targets(const void *data, long *nodes, size_t capacity,
                             void *user) {
  (void)data, (void)nodes, (void)capacity, (void)user;
  return 0; /* extents are rest values: nothing must solve first */
}

/* ---- registration ------------------------------------------------------- */

#define FIELD(owner_, name_, kind_)                                            \
  .owner = owner_, .name = name_, .kind = kind_, .minimum = -INFINITY,         \
  .maximum = INFINITY

static const char *const scroll_axes[] = {"x", "y", "both", NULL};
static const char *const thumb_axes[] = {"x", "y", NULL};

static const anima_field_desc scroll_fields[] = {
    {FIELD("scroll", "viewport", ANIMA_FIELD_STRING), .required = true,
     .description = "The id of the viewport node: its rest bounds are the "
                    "visible extent."},
    {FIELD("scroll", "axis", ANIMA_FIELD_ENUM), .options = scroll_axes,
     .required = true,
     .description = "The axes that scroll: x, y or both (static)."},
    {FIELD("scroll", "offsetX", ANIMA_FIELD_NUMBER), .default_json = "0",
     .description = "The X offset, grid units, clamped to 0..max(0, content "
                    "- viewport) (animatable, bindable)."},
    {FIELD("scroll", "offsetY", ANIMA_FIELD_NUMBER), .default_json = "0",
     .description = "The Y offset, grid units (animatable, bindable)."},
    {FIELD("scroll", "interactive", ANIMA_FIELD_BOOL), .default_json = "true",
     .description = "Input (the scroll operation, pointer and wheel) may "
                    "set the offsets (static)."},
    {FIELD("scroll", "percentX", ANIMA_FIELD_NUMBER),
     .description = "Derived, read-only: the clamped X offset over its "
                    "range, 0 for an empty range; never authored."},
    {FIELD("scroll", "percentY", ANIMA_FIELD_NUMBER),
     .description = "Derived, read-only: the clamped Y offset over its "
                    "range; never authored."},
};

static const anima_field_desc thumb_fields[] = {
    {FIELD("scrollThumb", "scroll", ANIMA_FIELD_STRING), .required = true,
     .description = "The id of the content node whose scroll constraint "
                    "the thumb shows."},
    {FIELD("scrollThumb", "track", ANIMA_FIELD_STRING), .required = true,
     .description = "The id of the track node the thumb travels along."},
    {FIELD("scrollThumb", "axis", ANIMA_FIELD_ENUM), .options = thumb_axes,
     .required = true,
     .description = "The axis the thumb shows and travels: x or y "
                    "(static)."},
    {FIELD("scrollThumb", "resize", ANIMA_FIELD_BOOL), .default_json = "false",
     .description = "Length trackLength * viewport / content, within the "
                    "track and never below the authored length (static)."},
};

#define OFFSET(address_)                                                       \
  {                                                                            \
    .owner = "node", .address = "constraints.*." address_,                     \
    .type = ANIMA_VALUE_NUMBER, .animation = ANIMA_ANIMATION_INTERPOLATED,     \
    .minimum = -INFINITY, .maximum = INFINITY,                                 \
    .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},             \
    .description = "A scroll constraint's " address_ ", grid units."           \
  }
#define PERCENT(address_)                                                      \
  {                                                                            \
    .owner = "node", .address = "constraints.*." address_,                     \
    .type = ANIMA_VALUE_NUMBER, .animation = ANIMA_ANIMATION_NONE,             \
    .minimum = 0, .maximum = 1,                                                \
    .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},             \
    .description = "A scroll constraint's " address_                           \
                   " (derived, read-only: offset over range)."                 \
  }

static const anima_property_desc scroll_properties[] = {
    OFFSET("offsetX"), OFFSET("offsetY"), PERCENT("percentX"),
    PERCENT("percentY")};

anima_status scroll_register_kinds(anima_registrar *r) {
  static const anima_rig_constraint_desc scroll = {
      .struct_size = sizeof scroll,
      .kind = "scroll",
      .element = "scroll",
      .description = "Moves the content node by its clamped scroll offsets "
                     "within a viewport.",
      .fields = scroll_fields,
      .field_count = sizeof scroll_fields / sizeof *scroll_fields,
      .properties = scroll_properties,
      .property_count = sizeof scroll_properties / sizeof *scroll_properties,
      .lifecycle = {.compile = compile_scroll},
      .targets = scroll_targets,
      .solve = solve_scroll};
  static const anima_rig_constraint_desc thumb = {
      .struct_size = sizeof thumb,
      .kind = "scrollThumb",
      .element = "scroll-thumb",
      .description = "Places (and with resize sizes) a thumb along its track "
                     "by a scroll constraint's percent.",
      .fields = thumb_fields,
      .field_count = sizeof thumb_fields / sizeof *thumb_fields,
      .lifecycle = {.compile = compile_thumb},
      .targets = thumb_targets,
      .solve = solve_thumb};
  anima_status status = anima_rig_register_constraint(host, r, &scroll);
  if (status == ANIMA_OK) {
    status = anima_rig_register_constraint(host, r, &thumb);
  }
  return status;
}

static anima_status scroll_init(const anima_host *kernel, anima_registrar *r) {
  host = kernel;
  if (!ANIMA_HOST_HAS(host, view_find_slot)) {
    return ANIMA_ERROR_MODULE; /* a kernel older than this module */
  }
  static const anima_code_desc code = {
      .code = "scroll-viewport",
      .severity = ANIMA_SEVERITY_ERROR,
      .description = "A scroll constraint's viewport names no node, or one "
                     "without rest geometry."};
  static const anima_check_desc check = {
      .struct_size = sizeof check, .name = "scroll", .check = scroll_check};
  anima_status status = host->add_code(r, &code);
  if (status == ANIMA_OK) {
    status = host->add_check(r, &check);
  }
  if (status == ANIMA_OK) {
    status = scroll_register_kinds(r);
  }
  if (status == ANIMA_OK) {
    status = scroll_register_offsets(r);
  }
  return status;
}

static const char *const scroll_features[] = {SCROLL_FEATURE, NULL};
static const char *const scroll_depends[] = {"rig", NULL};

ANIMA_MODULE_DEFINE(scroll, .name = "scroll", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima",
                    .description = "Scroll rig constraints: scroll and "
                                   "scrollThumb, with interactive offsets "
                                   "(SPEC scroll chapter).",
                    .features = scroll_features, .depends = scroll_depends,
                    .init = scroll_init);
