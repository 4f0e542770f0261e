/*
 * bone_print.h — the JSON sample line of `anima bone sample`
 * (OPENBONE-SAMPLES.md §3).
 */
#ifndef ANIMA_TOOLS_BONE_PRINT_H
#define ANIMA_TOOLS_BONE_PRINT_H

#include <stdbool.h>
#include <stdio.h>

#include "anima/openbone.h"

/**
 * `n` rounded as Math.round(n·1e4)/1e4 (-0 → 0) in the shortest spelling
 * that reads back as the same binary64; "null" when not finite.
 */
void bone_format_number(double n, char out[40]);

/**
 * Prints one sample line of `instance` to `stream` and forgets the events
 * it listed. False when out of memory or the write failed.
 */
bool bone_print_sample(FILE *stream, anima_bone_instance *instance,
                       const anima_bone_model *model);

#endif
