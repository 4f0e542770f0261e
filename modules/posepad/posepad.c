/*
 * posepad.c — the posepad module (SPEC `## posepad`; docs/modules/
 * posepad.md): a node that draws nothing and maps two controls, valueX and
 * valueY in −1..1, onto the whole duration of two timelines.
 *
 *   {"type": "posepad", "timelineX": "lean", "timelineY": "nod",
 *    "valueX": 0, "valueY": 0, "invertX": false, "invertY": false,
 *    "handle": "knob", "box": [x0, y0, width, height]}
 *   AniML <posepad timeline-x="lean" value-x="0" box="0 0 40 40"/>
 *
 * At the POSE stage (after layout and the rig's first solve) the pads run
 * in authored node order, X before Y: a pad with a `handle` first sets its
 * outputs from where the handle's pivot lands in the pad's box, then each
 * axis with a timeline samples it at (v' + 1) / 2 · duration, v' the
 * clamped control, negated when the axis is inverted
 * (host->step_sample_timeline: no clock, no event, range-clamped writes).
 * When a pad sampled anything the module asks for the one more solve the
 * pose stage allows; the kernel then recomputes the pose from the sampled
 * values, runs LAYOUT (the rig's bones) and the solvers again. Without
 * rig the same stage runs; the pose simply follows the writes.
 *
 * The sampled values are an overlay above layers and bindings: animated
 * slots return to their rest at the next step before the layers write,
 * and the pads sample again.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../module_json.h"
#include "posepad.h"

const anima_host *posepad_host;
#define host posepad_host

typedef struct pad_axis {
  long timeline; /* index, or -1 */
  double duration;
  long value; /* the valueX/valueY slot, or -1 */
  double rest;
  bool invert;
} pad_axis;

typedef struct pad {
  size_t node;
  pad_axis axis[2];
  long handle; /* node, or -1 */
  anima_point handle_pivot;
  double box[4];
} pad;

typedef struct pads {
  size_t count;
  pad *items;
} pads;

/* ---- compile ------------------------------------------------------------ */

static bool is_pad(anima_compile *c, size_t node) {
  const char *type = host->compile_node_type(c, node);
  return type && strcmp(type, POSEPAD_TYPE) == 0;
}

static void compile_axis(anima_compile *c, size_t node, const anima_json *json,
                         const char *timeline, const char *value,
                         const char *invert, pad_axis *axis) {
  const char *name = host->json_string(host->json_member(json, timeline), NULL);
  axis->timeline =
      name ? host->compile_find_timeline(c, name, &axis->duration) : -1;
  axis->value = host->compile_find_slot(c, node, value);
  axis->rest = module_json_number(host, json, value, 0);
  const anima_json *flag = host->json_member(json, invert);
  axis->invert = flag && host->json_bool(flag);
}

/* A handle-driven output is written every step: bound, so snapshots show
 * it (SPEC: "Both outputs are included in snapshots"). */
static anima_status bind_output(anima_compile *c, size_t node,
                                const char *field) {
  char address[256];
  int length = snprintf(address, sizeof address, "%s.%s",
                        host->compile_node_id(c, node), field);
  if (length < 0 || (size_t)length >= sizeof address) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  return host->compile_bind_address(c, address, NULL) >= 0
             ? ANIMA_OK
             : ANIMA_ERROR_INVALID_DOCUMENT;
}

static anima_status compile_pads(anima_compile *c, const anima_site *site,
                                 void *user, void **out) {
  (void)site, (void)user;
  pads *data = host->compile_alloc(c, sizeof *data);
  if (!data) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t nodes = host->compile_node_count(c);
  for (size_t i = 0; i < nodes; i++) {
    data->count += is_pad(c, i);
  }
  data->items =
      host->compile_alloc(c, (data->count ? data->count : 1) * sizeof(pad));
  if (!data->items) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t k = 0;
  for (size_t i = 0; i < nodes; i++) {
    if (!is_pad(c, i)) {
      continue;
    }
    pad *item = &data->items[k++];
    const anima_json *json = host->compile_node_json(c, i);
    item->node = i;
    compile_axis(c, i, json, "timelineX", "valueX", "invertX", &item->axis[0]);
    compile_axis(c, i, json, "timelineY", "valueY", "invertY", &item->axis[1]);
    const char *handle =
        host->json_string(host->json_member(json, "handle"), NULL);
    const anima_json *box = host->json_member(json, "box");
    /* Validation refuses a handle without a box (posepad-box). */
    item->handle = handle && box ? host->compile_find_node(c, handle) : -1;
    if (item->handle >= 0) {
      item->handle_pivot = module_node_pivot(host, c, (size_t)item->handle);
      for (size_t b = 0; b < 4; b++) {
        item->box[b] = host->json_number(host->json_item(box, b));
      }
      anima_status status = bind_output(c, i, "valueX");
      if (status == ANIMA_OK) {
        status = bind_output(c, i, "valueY");
      }
      if (status != ANIMA_OK) {
        return status;
      }
    }
  }
  *out = data;
  return ANIMA_OK;
}

/* ---- the POSE stage ----------------------------------------------------- */

static double clamp_unit(double v) {
  return v < -1 ? -1 : v > 1 ? 1 : v;
}

/* The handle's pivot in pad coordinates mapped onto the box: uninverted
 * outputs in −1..1; centred (0, 0) when the pad's world is singular. */
static void handle_outputs(anima_step *step, const pad *p, double out[2]) {
  out[0] = out[1] = 0;
  anima_matrix inverse;
  if (!host->matrix_invert(host->step_world(step, p->node), &inverse)) {
    return;
  }
  anima_point world = host->matrix_transform_point(
      host->step_world(step, (size_t)p->handle), p->handle_pivot);
  anima_point local = host->matrix_transform_point(inverse, world);
  out[0] = clamp_unit(2 * (local.x - p->box[0]) / p->box[2] - 1);
  out[1] = clamp_unit(2 * (local.y - p->box[1]) / p->box[3] - 1);
}

static void run_pads(anima_step *step, const void *data, void *instance,
                     void *user) {
  (void)instance, (void)user;
  const pads *all = data;
  bool wrote = false;
  for (size_t i = 0; i < all->count; i++) {
    const pad *p = &all->items[i];
    if (p->handle >= 0) {
      double outputs[2];
      handle_outputs(step, p, outputs);
      for (size_t a = 0; a < 2; a++) {
        if (p->axis[a].value >= 0) {
          host->step_write_number(step, (size_t)p->axis[a].value, outputs[a]);
        }
      }
    }
    for (size_t a = 0; a < 2; a++) {
      const pad_axis *axis = &p->axis[a];
      if (axis->timeline < 0) {
        continue;
      }
      double v = clamp_unit(
          axis->value >= 0
              ? host->step_number(step, (size_t)axis->value, axis->rest)
              : axis->rest);
      if (axis->invert) {
        v = -v;
      }
      host->step_sample_timeline(step, (size_t)axis->timeline,
                                 (v + 1) / 2 * axis->duration);
      wrote = true;
    }
  }
  if (wrote) {
    host->step_request_solve(step);
  }
}

/* ---- registration ------------------------------------------------------- */

#define FIELD(name_, kind_)                                                    \
  .owner = POSEPAD_TYPE, .name = name_, .kind = kind_, .minimum = -INFINITY,   \
  .maximum = INFINITY

static const anima_field_desc fields[] = {
    {FIELD("timelineX", ANIMA_FIELD_STRING),
     .description = "The timeline valueX scrubs over its whole duration."},
    {FIELD("timelineY", ANIMA_FIELD_STRING),
     .description = "The timeline valueY scrubs over its whole duration."},
    {FIELD("valueX", ANIMA_FIELD_NUMBER), .default_json = "0",
     .description = "The X control, clamped to -1..1: -1 samples timelineX "
                    "at 0, 1 at its end (animatable, bindable)."},
    {FIELD("valueY", ANIMA_FIELD_NUMBER), .default_json = "0",
     .description = "The Y control, clamped to -1..1 (animatable, bindable)."},
    {FIELD("invertX", ANIMA_FIELD_BOOL), .default_json = "false",
     .description = "Negate valueX before sampling (static)."},
    {FIELD("invertY", ANIMA_FIELD_BOOL), .default_json = "false",
     .description = "Negate valueY before sampling (static)."},
    {FIELD("handle", ANIMA_FIELD_STRING),
     .description = "A node whose pivot, mapped into box, drives valueX and "
                    "valueY; requires box."},
    {FIELD("box", ANIMA_FIELD_NUMBERS), .length = 4,
     .description = "[x0, y0, width, height] in the pad's coordinates, "
                    "positive width and height."},
};

#define VALUE(address_, text_)                                                 \
  {                                                                            \
    .owner = POSEPAD_TYPE, .address = address_, .type = ANIMA_VALUE_NUMBER,    \
    .animation = ANIMA_ANIMATION_INTERPOLATED, .minimum = -1, .maximum = 1,    \
    .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},             \
    .description = text_                                                       \
  }

static const anima_property_desc properties[] = {
    VALUE("valueX", "The pad's X control, -1..1."),
    VALUE("valueY", "The pad's Y control, -1..1."),
};

#define CODE(code_, text_)                                                     \
  { .code = code_, .severity = ANIMA_SEVERITY_ERROR, .description = text_ }

static const anima_code_desc codes[] = {
    CODE("posepad-timeline", "A pose pad's timelineX or timelineY names no "
                             "timeline of the document."),
    CODE("posepad-handle", "A pose pad's handle names no node."),
    CODE("posepad-box", "A pose pad with a handle has no box."),
    CODE("posepad-output", "A track, state pose or binding writes a "
                           "handle-driven pose pad output."),
    CODE("posepad-cycle", "A pose pad's timeline writes its handle, a node "
                          "the handle depends on, or the pad's own frame."),
};

static anima_status posepad_init(const anima_host *kernel, anima_registrar *r) {
  host = kernel;
  if (!ANIMA_HOST_HAS(host, step_sample_timeline)) {
    return ANIMA_ERROR_MODULE; /* a kernel older than this module */
  }
  static const anima_kind_desc kind = {
      .name = POSEPAD_TYPE,
      .flags = ANIMA_KIND_NODE_TYPE,
      .description = "A pose pad: draws nothing; maps valueX and valueY "
                     "(or a handle's position in its box) onto the whole "
                     "duration of two timelines."};
  static const anima_node_behaviour_desc behaviour = {
      .struct_size = sizeof behaviour,
      .node_type = POSEPAD_TYPE,
      .flags = ANIMA_BEHAVIOUR_DRAWS_NOTHING};
  static const anima_stage_hook_desc hook = {
      .struct_size = sizeof hook,
      .stage = ANIMA_STAGE_POSE,
      .name = "pads",
      .lifecycle = {.compile = compile_pads},
      .run = run_pads};
  static const anima_check_desc check = {
      .struct_size = sizeof check, .name = "posepad", .check = posepad_check};
  anima_status status = host->add_kind(r, &kind);
  ANIMA_ADD_EACH(status, host->add_field, r, fields);
  ANIMA_ADD_EACH(status, host->add_property, r, properties);
  ANIMA_ADD_EACH(status, host->add_code, r, codes);
  if (status == ANIMA_OK) {
    status = host->add_node_behaviour(r, &behaviour);
  }
  if (status == ANIMA_OK) {
    status = host->add_stage_hook(r, &hook);
  }
  if (status == ANIMA_OK) {
    status = host->add_check(r, &check);
  }
  return status;
}

static const char *const posepad_features[] = {"posepad", NULL};
/* With rig, its solve runs before the pads read a handle. */
static const char *const posepad_after[] = {"rig", NULL};

ANIMA_MODULE_DEFINE(posepad, .name = "posepad", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima",
                    .description = "Pose pads: two controls scrub two "
                                   "timelines at the pose stage, with one "
                                   "more rig solve (SPEC posepad chapter).",
                    .features = posepad_features, .after = posepad_after,
                    .init = posepad_init);
