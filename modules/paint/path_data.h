/*
 * path_data.h — SVG path data as the paint module's path morphs see it
 * (SPEC paint chapter, "Compatible path morphs"; SPEC §3): an expanded
 * command list (one letter per argument set, implicit repeats written out,
 * extra moveto pairs turned into lineto) with its numbers, and the outline
 * those commands draw for any numbers of the same shape.
 */
#ifndef ANIMA_PAINT_PATH_DATA_H
#define ANIMA_PAINT_PATH_DATA_H

#include <anima/module.h>

/** Numbers an argument set of `command` takes (M 2, C 6, A 7, Z 0 ...), or
 * -1 for a letter that is no command. */
int path_data_arguments(char command);

/** True when argument `index` of `command` is an arc flag (A/a, 3 and 4). */
bool path_data_is_flag(char command, int index);

/**
 * Scans path data that anima_path_parse accepted into its expanded
 * commands and numbers. With NULL outputs it only counts. Returns false
 * on text it cannot read (not path data): callers validate first.
 */
bool path_data_scan(const char *text, char *commands, size_t *command_count,
                    double *numbers, size_t *number_count);

/** Outline segments the commands can need at most, whatever the numbers
 * (an arc up to four pieces, any drawing command a restart move after a
 * close). */
size_t path_data_max_segments(const char *commands, size_t command_count);

/**
 * Appends the outline of `commands` with `numbers` (path_data_arguments of
 * each command, in order) to `out`, as anima_path_parse draws path data:
 * relative coordinates from the current point, smooth curves reflecting
 * the previous control, quadratics raised to cubics, arcs converted by
 * host->path_arc_to (flags: nonzero is 1). Non-finite numbers stop the
 * outline there (ANIMA_OK: what was drawn stays).
 */
anima_status path_data_outline(anima_path *out, const char *commands,
                               size_t command_count, const double *numbers);

/**
 * The absolute start point of each subpath (each moveto command) of
 * `commands`/`numbers`, in order, into `starts` (room for as many as there
 * are movetos), and the current point where each subpath ends into `ends`
 * (the start again after a close). Returns the number of subpaths.
 */
size_t path_data_subpath_points(const char *commands, size_t command_count,
                                const double *numbers, anima_point *starts,
                                anima_point *ends);

#endif
