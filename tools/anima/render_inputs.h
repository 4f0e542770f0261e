/*
 * render_inputs.h — `anima render --set input=value` (cmd_render.c): input
 * writes that put the player in a pose without a script.
 */
#ifndef ANIMA_TOOLS_RENDER_INPUTS_H
#define ANIMA_TOOLS_RENDER_INPUTS_H

#include <stddef.h>

#include <anima/anima.h>

/**
 * Queues each write of `writes` (`count` texts "name=value", in order) on
 * `player` — a bool takes `true` or `false`, a number a finite number
 * (clamped to its range as anima_player_set_number does), a trigger
 * `fire` — then steps the player by 0 so the writes and the transitions
 * they allow take effect (SPEC §7 stages 1-3). Returns -1 when every write
 * applies; otherwise prints `anima render: ...` naming the bad write (an
 * unknown input with the closest name, or a value of the wrong kind) to
 * stderr and returns CLI_EXIT_USAGE (CLI_EXIT_FAILED when the player
 * cannot queue it: out of memory), leaving the player unstepped.
 */
int render_apply_inputs(const anima_model *model, anima_player *player,
                        const char *const *writes, size_t count);

#endif
