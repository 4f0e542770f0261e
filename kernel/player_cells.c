/*
 * player_cells.c — the per-player cells of VECTOR values (value_type.h):
 * one block of model->cell_bytes, allocated at player creation; `step`
 * only writes numbers into it.
 */
#include <stdlib.h>

#include "player_internal.h"

bool anima_player_cells_create(anima_player *player) {
  const anima_model *model = player->model;
  if (model->cell_bytes == 0) {
    return true;
  }
  player->cells = calloc(1, model->cell_bytes);
  return player->cells != NULL;
}
