/* inspect_model.c — the parts of an `anima inspect` report read from the
 * compiled model through the public API: the root a11y and the view-box
 * lint (inspect.h, include/anima/extent.h). */
#include <math.h>
#include <stdio.h>

#include <anima/extent.h>
#include <anima/format.h>

#include "inspect.h"

static json_t *string_or_null(const char *text) {
  return text ? json_string(text) : json_null();
}

static json_t *input_or_null(const anima_model *model, long index) {
  return string_or_null(
      index >= 0 ? anima_model_input_name(model, (size_t)index) : NULL);
}

json_t *inspect_a11y(const anima_model *model) {
  json_t *a11y = json_object();
  json_object_set_new(
      a11y, "role",
      string_or_null(anima_a11y_role_name(anima_model_a11y_role(model))));
  json_object_set_new(a11y, "label",
                      string_or_null(anima_model_a11y_label(model)));
  json_object_set_new(a11y, "activate",
                      input_or_null(model, anima_model_a11y_activate(model)));
  json_object_set_new(a11y, "pressed",
                      input_or_null(model, anima_model_a11y_pressed(model)));
  json_object_set_new(a11y, "held",
                      input_or_null(model, anima_model_a11y_held(model)));
  return a11y;
}

/* Extents print to 1e-4 grid units: float noise such as 24.000000000000004
 * says nothing to an author. */
static json_t *rounded(double value) {
  double result = round(value * 1e4) / 1e4;
  return json_real(result == 0 ? 0 : result);
}

static json_t *pose_json(const anima_model *model,
                         const anima_lint_pose *pose) {
  json_t *item = json_object();
  json_object_set_new(
      item, "layer",
      string_or_null(pose->layer >= 0
                         ? anima_model_layer_name(model, (size_t)pose->layer)
                         : NULL));
  json_object_set_new(item, "state", string_or_null(pose->state));
  json_object_set_new(item, "timeline", string_or_null(pose->timeline));
  json_object_set_new(item, "time",
                      pose->timeline ? json_real(pose->time) : json_null());
  return item;
}

/* How far the extent passes each edge of the view box, for the edges it
 * passes. */
static json_t *past_json(const anima_view_box_report *report,
                         const double extent[4]) {
  const double *box = report->view_box;
  double past[4] = {box[0] - extent[0], box[1] - extent[1],
                    extent[2] - (box[0] + box[2]),
                    extent[3] - (box[1] + box[3])};
  static const char *const edges[] = {"left", "top", "right", "bottom"};
  json_t *object = json_object();
  for (int i = 0; i < 4; i++) {
    if (past[i] > report->tolerance) {
      json_object_set_new(object, edges[i], rounded(past[i]));
    }
  }
  return object;
}

json_t *inspect_view_box_lint(const anima_model *model) {
  anima_view_box_report *report = NULL;
  if (anima_model_lint_view_box(model, &report) != ANIMA_OK) {
    return NULL;
  }
  json_t *list = json_array();
  for (size_t i = 0; i < report->overflow_count; i++) {
    const anima_view_box_overflow *overflow = &report->overflows[i];
    json_t *item = json_object();
    json_object_set_new(item, "node", string_or_null(overflow->id));
    json_object_set_new(item, "first", pose_json(model, &overflow->first));
    json_object_set_new(item, "poses",
                        json_integer((json_int_t)overflow->pose_count));
    json_t *extent = json_array();
    for (int e = 0; e < 4; e++) {
      json_array_append_new(extent, rounded(overflow->extent[e]));
    }
    json_object_set_new(item, "extent", extent);
    json_object_set_new(item, "past", past_json(report, overflow->extent));
    json_array_append_new(list, item);
  }
  json_t *lint = json_object();
  json_object_set_new(lint, "outsideViewBox", list);
  json_object_set_new(lint, "posesChecked",
                      json_integer((json_int_t)report->poses_checked));
  json_object_set_new(lint, "posesTotal",
                      json_integer((json_int_t)report->poses_total));
  anima_view_box_report_destroy(report);
  return lint;
}
