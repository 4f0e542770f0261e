/*
 * render_script.h — the playback commands of the script language (SPEC
 * §11.2) for `anima render -s script.txt`: advance, set, fire, toggle,
 * pointer move|down|up|click|leave, key down|up enter|space, motion
 * reduce|full. Output and assertion commands (snapshot, expect,
 * expect-error, group, end, seed) change no value and are skipped; any
 * other command is an error naming its line.
 */
#ifndef ANIMA_TOOLS_RENDER_SCRIPT_H
#define ANIMA_TOOLS_RENDER_SCRIPT_H

#include <stdbool.h>

#include <anima/anima.h>

/**
 * Runs the script file at `path` on `player`. Prints `path:line: message`
 * to stderr and returns false on the first unreadable file, unknown
 * command, bad argument or rejected input write.
 */
bool render_script_run(anima_player *player, const char *path);

#endif
