/*
 * player_pointer.c — the pointer model of SPEC §9: which listener targets
 * are under the pointer, listeners run in the order leave, enter,
 * move/down/up, click, their actions queued for the next step.
 */
#include <math.h>

#include "node_outline.h"
#include "player_internal.h"
#include "slot_values.h"

/* Is the point over listener `index`'s target (SPEC §9)? */
static bool listener_hit(anima_player *player, size_t index, double x,
                         double y) {
  const anima_model *model = player->model;
  const anima_model_listener *listener = &model->listeners[index];
  double padding = listener->hit_padding;
  if (listener->target < 0) {
    const double *area = model->hit_area;
    if (model->hit_kind == ANIMA_HIT_CIRCLE) {
      return anima_hit_test_circle(area[0], area[1], area[2], padding, x, y);
    }
    return anima_hit_test_rect(area[0], area[1], area[2], area[3], padding, x,
                               y);
  }
  const anima_model_node *target = &model->nodes[listener->target];
  for (size_t node = (size_t)listener->target; node < target->subtree_end;
       node++) {
    if (anima_player_node_hit(player, node, padding, x, y)) {
      return true;
    }
  }
  return false;
}

/* Queues a listener's actions: fire, set, toggle, emit (SPEC §9). */
static anima_status run_listener(anima_player *player, size_t index) {
  const anima_model *model = player->model;
  const anima_model_listener *listener = &model->listeners[index];
  size_t expressions = 0;
  if (listener->expression_count > 0) {
    anima_input_write snapshot = {.kind = ANIMA_WRITE_SNAPSHOT, .index = index};
    anima_status status = anima_player_queue(player, &snapshot);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  for (size_t i = 0; i < listener->action_count; i++) {
    const anima_model_action *action =
        &model->actions[listener->first_action + i];
    anima_input_write write = {
        .input = (size_t)(action->input < 0 ? 0 : action->input)};
    switch (action->kind) {
    case ANIMA_ACTION_FIRE:
      write.kind = ANIMA_WRITE_FIRE;
      break;
    case ANIMA_ACTION_SET:
      if (action->expression) {
        write.kind = ANIMA_WRITE_SET_EXPRESSION;
        write.index = expressions++;
      } else if (action->value.type == ANIMA_VALUE_NUMBER) {
        write.kind = ANIMA_WRITE_SET_NUMBER;
        write.number = action->value.as.number;
      } else {
        write.kind = ANIMA_WRITE_SET_BOOL;
        write.boolean = action->value.as.boolean;
      }
      break;
    case ANIMA_ACTION_TOGGLE:
      write.kind = ANIMA_WRITE_TOGGLE;
      break;
    case ANIMA_ACTION_EMIT:
      write.kind = ANIMA_WRITE_EMIT;
      write.name = action->name;
      break;
    case ANIMA_ACTION_MODULE:
      write.kind = ANIMA_WRITE_ACTION;
      write.action = action;
      break;
    }
    anima_status status = anima_player_queue(player, &write);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}

typedef enum pointer_kind {
  POINTER_MOVE,
  POINTER_DOWN,
  POINTER_UP
} pointer_kind;

/* One pointer event (SPEC §9): which targets are under the pointer, then
 * four passes over the listeners in document order: leave (was under, is
 * not), enter (is, was not), move/down/up (is under), click (up over a
 * target also under the down, moved less than 0.5 units). */
static anima_status pointer_event(anima_player *player, pointer_kind kind,
                                  double x, double y) {
  if (!player) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (!isfinite(x) || !isfinite(y)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model *model = player->model;
  size_t count = model->listener_count;
  anima_status status = ANIMA_OK;
  bool *was = player->listener_under;
  bool *under = player->listener_now;
  for (size_t i = 0; i < count; i++) {
    under[i] = listener_hit(player, i, x, y);
  }
  for (size_t pass = 0; pass < 4 && status == ANIMA_OK; pass++) {
    for (size_t i = 0; i < count && status == ANIMA_OK; i++) {
      const anima_model_listener *listener = &model->listeners[i];
      bool now = under[i];
      bool run = false;
      switch (pass) {
      case 0:
        run = listener->on == ANIMA_LISTENER_LEAVE && was[i] && !now;
        break;
      case 1:
        run = listener->on == ANIMA_LISTENER_ENTER && !was[i] && now;
        break;
      case 2:
        run = now &&
              ((kind == POINTER_MOVE && listener->on == ANIMA_LISTENER_MOVE) ||
               (kind == POINTER_DOWN && listener->on == ANIMA_LISTENER_DOWN) ||
               (kind == POINTER_UP && listener->on == ANIMA_LISTENER_UP));
        break;
      case 3: {
        double dx = x - player->down_x, dy = y - player->down_y;
        run = kind == POINTER_UP && listener->on == ANIMA_LISTENER_CLICK &&
              now && player->pressing && player->listener_pressed[i] &&
              sqrt(dx * dx + dy * dy) < 0.5;
        break;
      }
      }
      if (run) {
        status = run_listener(player, i);
      }
    }
  }
  for (size_t i = 0; i < count; i++) {
    was[i] = under[i];
    if (kind == POINTER_DOWN) {
      player->listener_pressed[i] = was[i];
    }
  }
  if (kind == POINTER_DOWN) {
    player->pressing = true;
    player->down_x = x;
    player->down_y = y;
  } else if (kind == POINTER_UP) {
    player->pressing = false;
  }
  return status;
}

anima_status anima_player_pointer_move(anima_player *player, double x,
                                       double y) {
  return pointer_event(player, POINTER_MOVE, x, y);
}

anima_status anima_player_pointer_down(anima_player *player, double x,
                                       double y) {
  return pointer_event(player, POINTER_DOWN, x, y);
}

anima_status anima_player_pointer_up(anima_player *player, double x, double y) {
  return pointer_event(player, POINTER_UP, x, y);
}

anima_status anima_player_pointer_leave(anima_player *player) {
  if (!player) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model *model = player->model;
  anima_status status = ANIMA_OK;
  for (size_t i = 0; i < model->listener_count && status == ANIMA_OK; i++) {
    if (model->listeners[i].on == ANIMA_LISTENER_LEAVE &&
        player->listener_under[i]) {
      status = run_listener(player, i);
    }
  }
  for (size_t i = 0; i < model->listener_count; i++) {
    player->listener_under[i] = false;
    player->listener_pressed[i] = false;
  }
  player->pressing = false;
  return status;
}
