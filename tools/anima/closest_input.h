/*
 * closest_input.h — the did-you-mean of an unknown input name, shared by
 * `anima render --set` (render_inputs.c) and the script's hints
 * (script_hints.c).
 */
#ifndef ANIMA_TOOLS_CLOSEST_INPUT_H
#define ANIMA_TOOLS_CLOSEST_INPUT_H

#include <anima/anima.h>

/** The input of `model` whose name is closest to `name`
 * (anima_closest_name), owned by the model; NULL when none is close
 * enough, and when out of memory. */
const char *closest_input(const anima_model *model, const char *name);

#endif
