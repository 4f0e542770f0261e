/*
 * lint_view_box.c — the view-box lint of `anima inspect` (extent.h).
 *
 * One scratch player shows each pose in turn: it starts at rest (every
 * layer in its initial state, as created); for a pose of layer L, L's
 * runtime record is pointed at the state with no crossfade — a play state
 * frozen at the key time, so the loop mode cannot wrap a key at the
 * timeline's end back to 0 — and the player's values are resolved as a
 * step's stage 3.3, bindings, clamp, layout and rig solve would
 * (anima_player_resolve_solved); the draw frame built from them gives every
 * shown shape's extent.
 */
#include <math.h>
#include <stdlib.h>

#include <anima/extent.h>

#include "extent_internal.h"
#include "player_internal.h"

/* Poses × shape segments the lint looks at, at most (extent.h). */
static const double work_budget = 2e7;

typedef struct lint {
  const anima_model *model;
  anima_player *player;
  anima_draw_frame *frame;
  anima_view_box_report *report;
  anima_view_box_overflow *by_node; /* per node; pose_count 0: inside */
  double (*ranges)[4]; /* per open mask or clip, and the top level */
  double work_per_pose;
  anima_status status;
} lint;

static bool leaves(const anima_view_box_report *report, const double e[4]) {
  const double *box = report->view_box;
  double tolerance = report->tolerance;
  return e[0] < box[0] - tolerance || e[1] < box[1] - tolerance ||
         e[2] > box[0] + box[2] + tolerance ||
         e[3] > box[1] + box[3] + tolerance;
}

static void note(lint *l, const anima_draw_item *item, const double e[4],
                 const anima_lint_pose *pose) {
  anima_view_box_overflow *entry = &l->by_node[item->node];
  if (entry->pose_count == 0) {
    *entry = (anima_view_box_overflow){.node = item->node,
                                       .id = item->id,
                                       .first = *pose,
                                       .extent = {e[0], e[1], e[2], e[3]}};
  } else {
    for (int i = 0; i < 4; i++) {
      entry->extent[i] =
          i < 2 ? fmin(entry->extent[i], e[i]) : fmax(entry->extent[i], e[i]);
    }
  }
  entry->pose_count++;
}

/* A box [min x, min y, max x, max y] in viewBox coordinates; a box with
 * min > max is empty. */
static const double everywhere[4] = {-INFINITY, -INFINITY, INFINITY, INFINITY};
static const double nowhere[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY};

static void copy_box(double out[4], const double box[4]) {
  for (int i = 0; i < 4; i++) {
    out[i] = box[i];
  }
}

static void intersect(double box[4], const double with[4]) {
  for (int i = 0; i < 4; i++) {
    box[i] = i < 2 ? fmax(box[i], with[i]) : fmin(box[i], with[i]);
  }
}

static void unite(double box[4], const double with[4]) {
  for (int i = 0; i < 4; i++) {
    box[i] = i < 2 ? fmin(box[i], with[i]) : fmax(box[i], with[i]);
  }
}

static bool empty(const double box[4]) {
  return box[0] > box[2] || box[1] > box[3];
}

static bool shown(const anima_draw_item *item) {
  return item->visible && item->opacity > 0;
}

/* Where the mask source starting at item `index` paints, drawn as it draws
 * in place with its own visibility and opacity (draw.h anima_draw_mask):
 * the union of the extents of the shown shapes of its range, `everywhere`
 * when an image or mesh paints there (the lint does not measure them). */
static void source_box(lint *l, size_t index, double out[4]) {
  const anima_draw_frame *frame = l->frame;
  const anima_draw_item *first = &frame->items[index];
  copy_box(out, nowhere);
  size_t last = first->kind == ANIMA_DRAW_GROUP_BEGIN ||
                        first->kind == ANIMA_DRAW_MASK_BEGIN ||
                        first->kind == ANIMA_DRAW_CLIP_BEGIN
                    ? first->partner
                    : index;
  for (size_t i = index; l->status == ANIMA_OK && i <= last; i++) {
    const anima_draw_item *item = &frame->items[i];
    if (item->kind == ANIMA_DRAW_GROUP_BEGIN && !shown(item)) {
      i = item->partner;
    } else if (item->kind == ANIMA_DRAW_IMAGE ||
               item->kind == ANIMA_DRAW_MESH) {
      copy_box(out, everywhere);
      return;
    } else if (item->kind == ANIMA_DRAW_SHAPE && shown(item)) {
      double extent[4];
      bool paints = false;
      l->status = anima_draw_item_extent(frame, i, extent, &paints);
      if (paints) {
        unite(out, extent);
      }
    }
  }
}

/* What the mask or clip that item `index` begins lets show, into `out`:
 * an alpha or luminance mask nothing outside its source's painted box (an
 * inverted mask or a knockout can show anything outside it), a clip
 * nothing outside its source's outline. */
static void range_box(lint *l, size_t index, double out[4]) {
  const anima_draw_frame *frame = l->frame;
  const anima_draw_item *item = &frame->items[index];
  copy_box(out, everywhere);
  if (item->kind == ANIMA_DRAW_MASK_BEGIN) {
    const anima_draw_mask *mask = &frame->masks[item->payload];
    if (!mask->area && (mask->mode == ANIMA_MASK_ALPHA ||
                        mask->mode == ANIMA_MASK_LUMINANCE)) {
      source_box(l, mask->source, out);
    }
  } else if (item->kind == ANIMA_DRAW_CLIP_BEGIN) {
    bool found = false;
    l->status = anima_draw_item_outline_box(
        frame, frame->clips[item->payload].source, out, &found);
    if (!found) {
      copy_box(out, nowhere);
    }
  }
}

/* Checks the pose the player shows now. A shape inside masks and clips is
 * measured by the part of its extent they let show. */
static void check_pose(lint *l, const anima_lint_pose *pose) {
  if (l->status != ANIMA_OK) {
    return;
  }
  l->status = anima_draw_frame_build(l->frame, l->player);
  const anima_draw_frame *frame = l->frame;
  /* ranges[d]: what the d innermost open masks and clips let show */
  size_t depth = 0;
  copy_box(l->ranges[0], everywhere);
  for (size_t i = 0; l->status == ANIMA_OK && i < frame->item_count; i++) {
    const anima_draw_item *item = &frame->items[i];
    if (item->source_only ||
        (item->kind == ANIMA_DRAW_GROUP_BEGIN && !shown(item))) {
      i = item->partner; /* the whole range draws nothing here */
      continue;
    }
    if (item->kind == ANIMA_DRAW_MASK_BEGIN ||
        item->kind == ANIMA_DRAW_CLIP_BEGIN) {
      depth++;
      range_box(l, i, l->ranges[depth]);
      intersect(l->ranges[depth], l->ranges[depth - 1]);
      continue;
    }
    if (item->kind == ANIMA_DRAW_MASK_END ||
        item->kind == ANIMA_DRAW_CLIP_END) {
      depth--;
      continue;
    }
    if (item->kind != ANIMA_DRAW_SHAPE || !shown(item)) {
      continue;
    }
    double extent[4];
    bool paints = false;
    l->status = anima_draw_item_extent(frame, i, extent, &paints);
    if (l->status == ANIMA_OK && paints) {
      intersect(extent, l->ranges[depth]);
      if (!empty(extent) && leaves(l->report, extent)) {
        note(l, item, extent, pose);
      }
    }
  }
  l->report->poses_checked++;
}

static int compare_times(const void *a, const void *b) {
  double left = *(const double *)a, right = *(const double *)b;
  return (left > right) - (left < right);
}

/* The key times of `timeline`, ascending without repeats, into `times`
 * (room for every key of the model); returns their number. */
static size_t key_times(const anima_model *model,
                        const anima_model_timeline *timeline, double *times) {
  size_t count = 0;
  for (size_t t = 0; t < timeline->track_count; t++) {
    const anima_model_track *track = &model->tracks[timeline->first_track + t];
    for (size_t k = 0; k < track->key_count; k++) {
      times[count++] = model->keys[track->first_key + k].time;
    }
  }
  qsort(times, count, sizeof *times, compare_times);
  size_t unique = 0;
  for (size_t i = 0; i < count; i++) {
    if (unique == 0 || times[i] != times[unique - 1]) {
      times[unique++] = times[i];
    }
  }
  return unique;
}

/* The poses of state `index`: 0 for the initial pose state of its layer
 * (that is the rest pose), 1 for another pose state, the number of key
 * times for a play state. */
static size_t state_pose_count(const anima_model *model, size_t index,
                               double *times) {
  const anima_model_state *state = &model->states[index];
  if (state->kind == ANIMA_STATE_POSE) {
    return model->layers[state->layer].initial == index ? 0 : 1;
  }
  return key_times(model, &model->timelines[state->timeline], times);
}

/* Shows state `index` on its layer at timeline time `time`, checks it. */
static void check_state(lint *l, size_t index, double time) {
  const anima_model *model = l->model;
  const anima_model_state *state = &model->states[index];
  anima_layer_state *record = &l->player->layers[state->layer];
  anima_layer_state saved = *record;
  record->state = index;
  record->fading = false;
  record->frozen = true;
  record->frozen_local = time;
  anima_player_resolve_solved(l->player);
  anima_lint_pose pose = {.layer = (long)state->layer,
                          .state = state->name,
                          .timeline =
                              state->kind == ANIMA_STATE_PLAY
                                  ? model->timelines[state->timeline].name
                                  : NULL,
                          .time = time};
  check_pose(l, &pose);
  *record = saved;
  anima_player_resolve_solved(l->player);
}

/* Segments the extents of one pose look at: every shape's outline. */
static double pose_work(const anima_draw_frame *frame) {
  double work = (double)frame->item_count;
  for (size_t i = 0; i < frame->shape_count; i++) {
    if (frame->shapes[i].outline) {
      work += (double)frame->shapes[i].outline->count;
    }
  }
  return work;
}

static void check_all(lint *l, double *times) {
  const anima_model *model = l->model;
  anima_view_box_report *report = l->report;
  report->poses_total = 1;
  for (size_t s = 0; s < model->state_count; s++) {
    report->poses_total += state_pose_count(model, s, times);
  }
  anima_lint_pose rest = {.layer = -1};
  anima_player_resolve_solved(l->player);
  check_pose(l, &rest);
  if (l->status != ANIMA_OK) {
    return;
  }
  l->work_per_pose = pose_work(l->frame);
  double budget_poses = floor(work_budget / fmax(l->work_per_pose, 1));
  for (size_t s = 0; s < model->state_count; s++) {
    size_t count = state_pose_count(model, s, times);
    for (size_t k = 0; k < count && l->status == ANIMA_OK; k++) {
      if ((double)report->poses_checked >= budget_poses) {
        return;
      }
      check_state(l, s,
                  model->states[s].kind == ANIMA_STATE_PLAY ? times[k] : 0);
    }
  }
}

static anima_status collect(lint *l) {
  anima_view_box_report *report = l->report;
  size_t count = 0;
  for (size_t n = 0; n < l->model->node_count; n++) {
    count += l->by_node[n].pose_count > 0;
  }
  report->overflows = calloc(count ? count : 1, sizeof *report->overflows);
  if (!report->overflows) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t n = 0; n < l->model->node_count; n++) {
    if (l->by_node[n].pose_count > 0) {
      report->overflows[report->overflow_count++] = l->by_node[n];
    }
  }
  return ANIMA_OK;
}

anima_status anima_model_lint_view_box(const anima_model *model,
                                       anima_view_box_report **out) {
  if (!model || !out) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  *out = NULL;
  lint l = {.model = model, .status = ANIMA_OK};
  l.report = calloc(1, sizeof *l.report);
  l.by_node =
      calloc(model->node_count ? model->node_count : 1, sizeof *l.by_node);
  double *times =
      malloc((model->key_count ? model->key_count : 1) * sizeof *times);
  l.player = anima_player_create(model);
  if (!l.report || !l.by_node || !times || !l.player) {
    l.status = ANIMA_ERROR_NO_MEMORY;
  } else {
    l.status = anima_draw_frame_create(model, &l.frame);
  }
  if (l.status == ANIMA_OK) {
    l.ranges = malloc((l.frame->item_count + 1) * sizeof *l.ranges);
    l.status = l.ranges ? ANIMA_OK : ANIMA_ERROR_NO_MEMORY;
  }
  if (l.status == ANIMA_OK) {
    for (int i = 0; i < 4; i++) {
      l.report->view_box[i] = model->view_box[i];
    }
    l.report->tolerance = model->grid / 1000;
    check_all(&l, times);
  }
  if (l.status == ANIMA_OK) {
    l.status = collect(&l);
  }
  free(l.ranges);
  anima_draw_frame_destroy(l.frame);
  anima_player_destroy(l.player);
  free(times);
  free(l.by_node);
  if (l.status != ANIMA_OK) {
    anima_view_box_report_destroy(l.report);
    return l.status;
  }
  *out = l.report;
  return ANIMA_OK;
}

void anima_view_box_report_destroy(anima_view_box_report *report) {
  if (report) {
    free(report->overflows);
    free(report);
  }
}
