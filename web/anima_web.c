/*
 * anima_web.c — the C API the WebAssembly build exports to JavaScript
 * (scripts/build-web.sh, web/anima.mjs): load `.ani` or `.animl` text, read
 * diagnostics, create players, set inputs, deliver pointer and key events,
 * step, draw the draw frame as SVG text, and run script lines (SPEC §11.2)
 * whose snapshots are the lines `anima sample` prints.
 *
 * Everything is the kernel's, the markup compiler's, the SVG writer's and
 * the CLI's script interpreter's own code: this file only wires them
 * together for a caller that passes C strings. A web player is a script
 * interpreter (tools/anima/script.h), which owns its model and player, so
 * that `snapshot` reports the events of every step, live or scripted.
 *
 * Strings returned by these functions are owned by the player (or, for
 * anima_web_diagnostics and anima_web_compile, by this file) and stay
 * valid until the next call that returns a string of the same owner.
 */
#include <stdlib.h>
#include <string.h>

#include <anima/anima.h>
#include <anima/draw.h>
#include <anima/format.h>
#include <anima/introspect.h>
#include <anima/markup.h>
#include <anima/module.h>
#include <anima/render.h>

#include "script.h"
#include "web_modules.h"

#define ANIMA_WEB_EXPORT __attribute__((used, visibility("default")))

/** Source formats of anima_web_player_create and anima_web_compile. */
enum { WEB_FORMAT_AUTO = 0, WEB_FORMAT_ANI = 1, WEB_FORMAT_ANIML = 2 };

typedef struct anima_web_player {
  script_interpreter *interpreter; /* owns the model and the player */
  anima_draw_frame *frame;
  /* Whether the SVG writer can draw the frame (anima_draw_frame_check),
   * and the unsupported-render diagnostics as JSON when it cannot. */
  bool drawable;
  char *unsupported;
  const anima_model *model; /* the interpreter's */
  anima_step_result last_step;
  char *text; /* the latest string handed out */
} anima_web_player;

static anima_runtime *runtime;
static char *last_diagnostics; /* JSON array of the latest call's */
static char *last_compiled;    /* anima_web_compile's result */

/* Adds static module `info` after the modules it depends on, as the
 * loader does for files (module_loader.c): a dependency is found among
 * the linked modules by name. */
static void add_module(const anima_module_info *info,
                       anima_diagnostics *diagnostics, size_t depth) {
  if (depth > 32) {
    return; /* a cycle: the loader refuses it when the module is added */
  }
  for (const char *const *name = info->depends; name && *name; name++) {
    for (const anima_module_info *const *other = web_modules; *other; other++) {
      if (strcmp((*other)->name, *name) == 0) {
        add_module(*other, diagnostics, depth + 1);
      }
    }
  }
  anima_runtime_add_static_module(runtime, info, diagnostics);
}

/* The runtime: the core format and every linked module, once. */
static anima_runtime *web_runtime(anima_diagnostics *diagnostics) {
  if (runtime == NULL) {
    runtime = anima_runtime_create();
    for (const anima_module_info *const *info = web_modules; runtime && *info;
         info++) {
      add_module(*info, diagnostics, 0);
    }
  }
  return runtime;
}

static void set_diagnostics(const anima_diagnostics *diagnostics) {
  script_text text = {0};
  script_text_append(&text, "[");
  for (size_t i = 0; diagnostics && i < anima_diagnostics_count(diagnostics);
       i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    script_text_append(&text, i ? ", {\"code\": " : "{\"code\": ");
    script_text_append_json_string(&text, d->code);
    script_text_append(&text, ", \"severity\": ");
    script_text_append_json_string(&text, anima_severity_name(d->severity));
    script_text_append(&text, ", \"pointer\": ");
    script_text_append_json_string(&text, d->pointer ? d->pointer : "");
    script_text_append(&text, ", \"message\": ");
    script_text_append_json_string(&text, d->message ? d->message : "");
    script_text_append(&text, ", \"hint\": ");
    if (d->hint) {
      script_text_append_json_string(&text, d->hint);
    } else {
      script_text_append(&text, "null");
    }
    script_text_append(&text, ", \"line\": ");
    script_text_append_number(&text, d->line);
    script_text_append(&text, ", \"column\": ");
    script_text_append_number(&text, d->column);
    script_text_append(&text, "}");
  }
  script_text_append(&text, "]");
  free(last_diagnostics);
  last_diagnostics = script_text_take(&text);
  script_text_free(&text);
}

static bool is_animl(const char *text, int format) {
  if (format != WEB_FORMAT_AUTO) {
    return format == WEB_FORMAT_ANIML;
  }
  const char *c = text;
  while (*c == ' ' || *c == '\t' || *c == '\r' || *c == '\n') {
    c++;
  }
  return *c == '<' || strncmp(c, "\xEF\xBB\xBF<", 4) == 0;
}

/* The JSON text of a document (AniML compiled first, as the CLI's
 * cli_load_source does), or NULL with diagnostics. */
static char *document_json(const char *text, size_t length, bool animl,
                           size_t *json_length,
                           anima_diagnostics *diagnostics) {
  if (!animl) {
    char *copy = malloc(length + 1);
    if (copy) {
      memcpy(copy, text, length);
      copy[length] = '\0';
      *json_length = length;
    }
    return copy;
  }
  char *json = NULL;
  if (anima_markup_compile(runtime, text, length, 0, diagnostics, &json,
                           json_length) != ANIMA_OK) {
    anima_markup_free(json);
    return NULL;
  }
  return json;
}

/** The diagnostics of the latest load, compile, draw or script call: a
 * JSON array of {code, severity, pointer, message, hint, line, column}
 * (line and column 1-based for AniML sources, 0 when unknown). */
ANIMA_WEB_EXPORT const char *anima_web_diagnostics(void) {
  return last_diagnostics ? last_diagnostics : "[]";
}

/**
 * Compiles `text` (`format`: 0 decide by the first character, 1 `.ani`
 * JSON, 2 AniML) and validates it: the `.ani` JSON text the loader reads, or
 * NULL when the document has errors (see anima_web_diagnostics; warnings are
 * there too on success).
 */
ANIMA_WEB_EXPORT const char *anima_web_compile(const char *text, int format) {
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  free(last_compiled);
  last_compiled = NULL;
  bool animl = is_animl(text, format);
  size_t length = 0;
  char *json =
      web_runtime(diagnostics)
          ? document_json(text, strlen(text), animl, &length, diagnostics)
          : NULL;
  if (json &&
      anima_document_validate(runtime, json, length, diagnostics) == ANIMA_OK) {
    last_compiled = strdup(json);
  }
  if (json && animl) {
    anima_markup_locate(runtime, text, strlen(text), diagnostics);
  }
  anima_markup_free(json);
  set_diagnostics(diagnostics);
  anima_diagnostics_destroy(diagnostics);
  return last_compiled;
}

static anima_player *player_of(anima_web_player *web) {
  return script_interpreter_player(web->interpreter);
}

/* Whether the SVG writer can draw the built frame; when it cannot, keeps
 * the unsupported-render diagnostics (with the pointers of what asked for
 * each feature) for anima_web_player_svg and leaves them as the latest. */
static void check_drawable(anima_web_player *web) {
  anima_diagnostics *unsupported = anima_diagnostics_create();
  web->drawable = anima_draw_frame_check(web->frame, anima_svg_caps(),
                                         unsupported) == ANIMA_OK;
  set_diagnostics(unsupported);
  free(web->unsupported);
  web->unsupported = web->drawable ? NULL : strdup(last_diagnostics);
  anima_diagnostics_destroy(unsupported);
}

static const char *hand_out(anima_web_player *web, char *text) {
  free(web->text);
  web->text = text;
  return text;
}

/**
 * Loads `text` (format as anima_web_compile) and creates a player of it
 * (`reduced_motion` nonzero: it starts with reduced motion, SPEC §10),
 * with its draw frame. NULL when the document has errors (diagnostics as
 * the CLI's `anima sample` reports them, with AniML line and column).
 */
ANIMA_WEB_EXPORT anima_web_player *
anima_web_player_create(const char *text, int format, int reduced_motion) {
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_web_player *web = calloc(1, sizeof *web);
  if (!diagnostics || !web || !web_runtime(diagnostics)) {
    free(web);
    anima_diagnostics_destroy(diagnostics);
    set_diagnostics(NULL);
    return NULL;
  }
  bool animl = is_animl(text, format);
  size_t length = 0;
  char *json = document_json(text, strlen(text), animl, &length, diagnostics);
  anima_model *model = NULL;
  bool loaded = json && anima_model_load(runtime, json, length, diagnostics,
                                         &model) == ANIMA_OK;
  bool compiled = json != NULL;
  anima_markup_free(json);
  if (compiled && animl) {
    anima_markup_locate(runtime, text, strlen(text), diagnostics);
  }
  script_options options = {.reduced_motion = reduced_motion != 0};
  if (loaded) {
    web->interpreter = script_interpreter_create(model, &options);
    if (!web->interpreter) {
      anima_model_destroy(model);
    }
    web->model = model;
  }
  if (web->interpreter &&
      anima_draw_frame_create(model, &web->frame) == ANIMA_OK) {
    /* The check reads the frame's structure as a build fills it (a
     * paint's kind among them), so the frame is built once first, as
     * `anima render` checks the frame it has just built. */
    anima_draw_frame_build(web->frame, player_of(web));
    check_drawable(web);
  }
  if (!web->frame) {
    script_interpreter_destroy(web->interpreter);
    free(web);
    web = NULL;
  }
  set_diagnostics(diagnostics);
  anima_diagnostics_destroy(diagnostics);
  return web;
}

/** Destroys a player made by anima_web_player_create (NULL is allowed). */
ANIMA_WEB_EXPORT void anima_web_player_destroy(anima_web_player *web) {
  if (!web) {
    return;
  }
  anima_draw_frame_destroy(web->frame);
  script_interpreter_destroy(web->interpreter);
  free(web->unsupported);
  free(web->text);
  free(web);
}

static void append_name_or_null(script_text *text, const char *name) {
  if (name) {
    script_text_append_json_string(text, name);
  } else {
    script_text_append(text, "null");
  }
}

static const char *input_name_or_null(const anima_model *model, long index) {
  return index >= 0 ? anima_model_input_name(model, (size_t)index) : NULL;
}

/**
 * What a host needs to present the document, as a JSON object:
 * {"viewBox": [x, y, w, h], "inputs": [{"name": ..., "type": ...}],
 *  "a11y": {"role": ..., "label": ..., "activate": ..., "pressed": ...},
 *  "drawable": true|false}: role "none", "button", "switch" or "img"
 * (SPEC §10); label, activate and pressed (input names) null when the
 * document has none; drawable false when the SVG writer cannot draw the
 * document (anima_web_player_svg then fails with unsupported-render).
 */
ANIMA_WEB_EXPORT const char *anima_web_player_info(anima_web_player *web) {
  const anima_model *model = web->model;
  script_text text = {0};
  double view_box[4] = {0, 0, 0, 0};
  anima_model_view_box(model, view_box);
  script_text_append(&text, "{\"viewBox\": [");
  for (int i = 0; i < 4; i++) {
    script_text_append(&text, i ? ", " : "");
    script_text_append_number(&text, view_box[i]);
  }
  script_text_append(&text, "], \"inputs\": [");
  for (size_t i = 0; i < anima_model_input_count(model); i++) {
    script_text_append(&text, i ? ", {\"name\": " : "{\"name\": ");
    script_text_append_json_string(&text, anima_model_input_name(model, i));
    script_text_append(&text, ", \"type\": ");
    script_text_append_json_string(
        &text, anima_input_type_name(anima_model_input_type(model, i)));
    script_text_append(&text, "}");
  }
  script_text_append(&text, "], \"a11y\": {\"role\": ");
  script_text_append_json_string(
      &text, anima_a11y_role_name(anima_model_a11y_role(model)));
  script_text_append(&text, ", \"label\": ");
  append_name_or_null(&text, anima_model_a11y_label(model));
  script_text_append(&text, ", \"activate\": ");
  append_name_or_null(
      &text, input_name_or_null(model, anima_model_a11y_activate(model)));
  script_text_append(&text, ", \"pressed\": ");
  append_name_or_null(
      &text, input_name_or_null(model, anima_model_a11y_pressed(model)));
  script_text_append(&text, "}, \"timelines\": [");
  for (size_t i = 0; i < anima_model_timeline_count(model); i++) {
    anima_timeline_info timeline;
    if (anima_model_timeline_info(model, i, &timeline) != ANIMA_OK) {
      continue;
    }
    script_text_append(&text, i ? ", {\"name\": " : "{\"name\": ");
    script_text_append_json_string(&text, timeline.name);
    script_text_append(&text, ", \"duration\": ");
    script_text_append_number(&text, timeline.duration);
    script_text_append(&text, "}");
  }
  script_text_append(&text, "], \"drawable\": ");
  script_text_append(&text, web->drawable ? "true" : "false");
  script_text_append(&text, "}");
  char *result = script_text_take(&text);
  script_text_free(&text);
  return hand_out(web, result);
}

/**
 * Queues a write of input `name` (SPEC §8; the next step applies it):
 * `command` "set" (a bool input takes value != 0, a number input the
 * value), "fire" (a trigger) or "toggle" (a bool). Returns an
 * anima_status (0 ANIMA_OK); an unknown input or a wrong command for its
 * type is an error status.
 */
ANIMA_WEB_EXPORT int anima_web_player_input(anima_web_player *web,
                                            const char *command,
                                            const char *name, double value) {
  anima_player *player = player_of(web);
  long index = anima_model_input_find(web->model, name);
  if (index < 0) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_input_type type = anima_model_input_type(web->model, (size_t)index);
  if (strcmp(command, "fire") == 0) {
    return anima_player_fire(player, name);
  }
  if (strcmp(command, "toggle") == 0) {
    return anima_player_toggle(player, name);
  }
  if (strcmp(command, "set") == 0 && type == ANIMA_INPUT_BOOL) {
    return anima_player_set_bool(player, name, value != 0);
  }
  if (strcmp(command, "set") == 0) {
    return anima_player_set_number(player, name, value);
  }
  return ANIMA_ERROR_INVALID_ARGUMENT;
}

/**
 * A pointer event in grid units (SPEC §9; hit testing is the kernel's):
 * `kind` 0 move, 1 down, 2 up, 3 leave (x, y ignored). The next step
 * processes it. Returns an anima_status.
 */
ANIMA_WEB_EXPORT int anima_web_player_pointer(anima_web_player *web, int kind,
                                              double x, double y) {
  anima_player *player = player_of(web);
  switch (kind) {
  case 0:
    return anima_player_pointer_move(player, x, y);
  case 1:
    return anima_player_pointer_down(player, x, y);
  case 2:
    return anima_player_pointer_up(player, x, y);
  case 3:
    return anima_player_pointer_leave(player);
  default:
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
}

/**
 * A key of the root a11y (SPEC §10): `action` 0 down, 1 up, 2 repeat (a
 * held key's repeated down); `key` 0 Enter, 1 Space. Returns an
 * anima_status.
 */
ANIMA_WEB_EXPORT int anima_web_player_key(anima_web_player *web, int action,
                                          int key) {
  if (key != ANIMA_KEY_ENTER && key != ANIMA_KEY_SPACE) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_player *player = player_of(web);
  switch (action) {
  case 0:
  case 2:
    return anima_player_key_down(player, (anima_key)key, action == 2);
  case 1:
    return anima_player_key_up(player, (anima_key)key);
  default:
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
}

/** Reduced motion on (nonzero) or off, from the next step (SPEC §10). */
ANIMA_WEB_EXPORT void anima_web_player_set_reduced_motion(anima_web_player *web,
                                                          int reduced) {
  anima_player_set_reduced_motion(player_of(web), reduced != 0);
}

/**
 * Steps the player by `dt` seconds (SPEC §7), recording the events for the
 * next `snapshot` as `anima sample` does. Returns the number of events
 * the step reported (anima_web_player_events lists them), or -1 for a
 * refused step (negative or non-finite dt).
 */
ANIMA_WEB_EXPORT int anima_web_player_step(anima_web_player *web, double dt) {
  if (script_interpreter_step_result(web->interpreter, dt, &web->last_step) !=
      ANIMA_OK) {
    return -1;
  }
  return (int)web->last_step.event_count;
}

/**
 * Timeline scrubbing (SPEC §11.4, anima_player_show_timeline): shows
 * timeline `name` sampled at `time` seconds, clamped to [0, duration], over
 * the rest values, without advancing the machine or reporting events. The
 * next step shows the live state again. Returns an anima_status (0
 * ANIMA_OK); an unknown timeline is ANIMA_ERROR_INVALID_ARGUMENT.
 */
ANIMA_WEB_EXPORT int anima_web_player_show_timeline(anima_web_player *web,
                                                    const char *name,
                                                    double time) {
  long index = anima_model_timeline_find(web->model, name);
  if (index < 0) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  return anima_player_show_timeline(player_of(web), (size_t)index, time);
}

/** Whether the latest step left the player settled (SPEC §7 stage 6): a
 * host need not step it again until an input or event arrives. */
ANIMA_WEB_EXPORT int anima_web_player_settled(anima_web_player *web) {
  return anima_player_settled(player_of(web));
}

/** The player's time: the sum of every dt stepped, in seconds. */
ANIMA_WEB_EXPORT double anima_web_player_time(anima_web_player *web) {
  return anima_player_time(player_of(web));
}

/**
 * The events of the latest step as a JSON array of {"name", "layer",
 * "time"} (layer the machine layer's name, null for listener events), as
 * a snapshot lists them.
 */
ANIMA_WEB_EXPORT const char *anima_web_player_events(anima_web_player *web) {
  script_text text = {0};
  script_text_append(&text, "[");
  for (size_t i = 0; i < web->last_step.event_count; i++) {
    const anima_event *event = &web->last_step.events[i];
    script_text_append(&text, i ? ", {\"name\": " : "{\"name\": ");
    script_text_append_json_string(&text, event->name);
    script_text_append(&text, ", \"layer\": ");
    append_name_or_null(
        &text, event->layer >= 0
                   ? anima_model_layer_name(web->model, (size_t)event->layer)
                   : NULL);
    script_text_append(&text, ", \"time\": ");
    script_text_append_number(&text, event->time);
    script_text_append(&text, "}");
  }
  script_text_append(&text, "]");
  char *result = script_text_take(&text);
  script_text_free(&text);
  return hand_out(web, result);
}

/**
 * Overrides colour slot `slot` (SPEC §6) with `color` ("#rgb", "#rrggbb"
 * or "#rrggbbaa"), or sets what currentColor paints when `slot` is
 * "currentColor". Returns an anima_status (an unknown slot or a bad
 * colour is ANIMA_ERROR_INVALID_ARGUMENT).
 */
ANIMA_WEB_EXPORT int anima_web_player_set_color(anima_web_player *web,
                                                const char *slot,
                                                const char *color) {
  anima_color parsed;
  if (!anima_color_parse_hex(color, &parsed)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (strcmp(slot, "currentColor") == 0) {
    return anima_draw_frame_set_current_color(web->frame, parsed);
  }
  long index = anima_draw_frame_find_slot(web->frame, slot);
  if (index < 0) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  return anima_draw_frame_set_slot(web->frame, (size_t)index, parsed);
}

/**
 * The player's current frame as SVG text (the draw frame built from its
 * values, written by the SVG backend): `width` × `height` pixels (both 0:
 * no size, the viewBox alone), `live` nonzero for themable colours
 * (var(--anima-<slot>)), ids prefixed with `id_prefix` (may be empty) so
 * several icons share a page. NULL when it cannot be drawn: the
 * diagnostics say why (unsupported-render for what SVG cannot draw, a
 * module's draw error as draw-failed).
 */
ANIMA_WEB_EXPORT const char *anima_web_player_svg(anima_web_player *web,
                                                  int width, int height,
                                                  int live,
                                                  const char *id_prefix) {
  if (!web->drawable) {
    free(last_diagnostics);
    last_diagnostics = strdup(web->unsupported ? web->unsupported : "[]");
    return NULL;
  }
  anima_status status = anima_draw_frame_build(web->frame, player_of(web));
  char *svg = NULL;
  if (status == ANIMA_OK) {
    anima_render_options options = {
        .width = width,
        .height = height,
        .svg_mode = live ? ANIMA_SVG_LIVE : ANIMA_SVG_STATIC,
        .id_prefix = id_prefix && *id_prefix ? id_prefix : NULL,
    };
    status = anima_svg_write_string(web->frame, &options, &svg, NULL);
  }
  if (status == ANIMA_ERROR_UNSUPPORTED) {
    /* What the check at creation did not see: said as unsupported-render
     * at its pointers, and the player is not drawn again. */
    check_drawable(web);
    if (!web->drawable) {
      free(svg);
      return NULL;
    }
  }
  if (status != ANIMA_OK) {
    anima_diagnostics *diagnostics = anima_diagnostics_create();
    const char *why = anima_draw_frame_error(web->frame);
    if (diagnostics) {
      anima_diagnostics_add(diagnostics, "draw-failed", ANIMA_SEVERITY_ERROR,
                            "", NULL, "the frame could not be drawn: %s",
                            why ? why : anima_status_name(status));
    }
    set_diagnostics(diagnostics);
    anima_diagnostics_destroy(diagnostics);
    free(svg);
    return NULL;
  }
  return hand_out(web, svg);
}

/**
 * Builds the draw frame from the player's current values (SPEC §7's draw:
 * anima_draw_frame_build, allocation-free), what anima_web_player_svg then
 * writes as text; exported so a page can time the draw apart from the SVG
 * text (web/test/speed.mjs). Returns an anima_status.
 */
ANIMA_WEB_EXPORT int anima_web_player_build(anima_web_player *web) {
  return anima_draw_frame_build(web->frame, player_of(web));
}

/* Collects what a script line printed. */
typedef struct run_output {
  script_text text;
  anima_diagnostics *diagnostics;
} run_output;

static void collect_line(void *context, script_lines *outputs,
                         anima_diagnostics *diagnostics) {
  run_output *run = context;
  for (size_t i = 0; i < outputs->count; i++) {
    script_text_append(&run->text, outputs->items[i]);
    script_text_append(&run->text, "\n");
  }
  anima_diagnostics_append(run->diagnostics, diagnostics);
  anima_diagnostics_clear(diagnostics);
}

/**
 * Runs script text (SPEC §11.2, docs/SCRIPTS.md: one command per line;
 * line numbers from 0 in each call) on the player, as `anima sample`
 * does: returns its exit status (0 ok, 1 an expect failed, 2 a bad
 * command, which stops the script); anima_web_player_output gives the
 * printed lines (each snapshot one JSON line ending in "\n") and
 * anima_web_diagnostics the script's diagnostics.
 */
ANIMA_WEB_EXPORT int anima_web_player_run(anima_web_player *web,
                                          const char *script) {
  run_output run = {.diagnostics = anima_diagnostics_create()};
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (!run.diagnostics || !diagnostics) {
    anima_diagnostics_destroy(run.diagnostics);
    anima_diagnostics_destroy(diagnostics);
    return 2;
  }
  script_result worst =
      script_run_text(web->interpreter, script, strlen(script), diagnostics,
                      collect_line, &run);
  set_diagnostics(run.diagnostics);
  anima_diagnostics_destroy(run.diagnostics);
  anima_diagnostics_destroy(diagnostics);
  script_text_append(&run.text, "");
  hand_out(web, script_text_take(&run.text));
  script_text_free(&run.text);
  return worst == SCRIPT_USAGE ? 2 : worst == SCRIPT_ASSERTION ? 1 : 0;
}

/** The lines the latest anima_web_player_run printed (valid until the
 * next call that returns a string of this player). */
ANIMA_WEB_EXPORT const char *anima_web_player_output(anima_web_player *web) {
  return web->text ? web->text : "";
}
