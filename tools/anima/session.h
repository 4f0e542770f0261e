/*
 * session.h — the `anima session` protocol (SPEC §11.2, docs/SCRIPTS.md
 * "The session protocol"): requests read line by line from a stream, each
 * answered by exactly one JSON reply line
 *
 *   {"ok": bool, "outputs": [...], "snapshots": [...], "diagnostics": [...]}
 *
 * A request is a script command, or a JSON object {"cmd": "<command>"};
 * `quit` replies and ends the session, `reload` asks the caller for a new
 * model. Request numbers (zero-based) stand in for script lines in
 * pointers (`/script/<n>`).
 */
#ifndef ANIMA_TOOLS_SESSION_H
#define ANIMA_TOOLS_SESSION_H

#include <stdbool.h>
#include <stdio.h>

#include <anima/anima.h>

#include "script.h"

/** The longest request line in bytes, without its newline (1 MiB, like a
 * document, SPEC §2). A longer line gets one `script-usage` reply as soon
 * as the limit is passed; the rest of it, up to its newline, is read and
 * dropped, and the session goes on with the next line. */
#ifndef SESSION_REQUEST_LIMIT /* (the fuzz harness builds with less) */
#define SESSION_REQUEST_LIMIT (1024 * 1024)
#endif

/**
 * Loads the document again for `reload`. Returns true with the new model
 * (ownership passes to the session) in `*model`; false with the load
 * diagnostics in `diagnostics` (the old document stays).
 */
typedef bool (*session_reload_function)(void *context, anima_model **model,
                                        anima_diagnostics *diagnostics);

/**
 * Serves requests from `in` on `interpreter` until `quit` or the end of
 * `in`, writing one reply line per request to `out` (flushed after each).
 * `reload` (with `context`) is called for `reload` requests; NULL makes
 * them fail with script-usage. Returns false when memory ran out before
 * the end (a reply says so).
 */
bool session_serve(script_interpreter *interpreter, FILE *in, FILE *out,
                   session_reload_function reload, void *context);

/**
 * Writes one reply line to `out`: ok when `diagnostics` holds no error,
 * then `extra` (a JSON text fragment starting with ", " or NULL), the
 * printed lines of `outputs` (snapshot lines in "snapshots", others in
 * "outputs") and the diagnostics. Returns ok.
 */
bool session_reply(FILE *out, const script_lines *outputs,
                   const anima_diagnostics *diagnostics, const char *extra);

#endif
