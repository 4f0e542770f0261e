/*
 * script.c — the SPEC §11.2 script interpreter (script.h): the core
 * command table, stepping with event recording, inputs, pointer, keys,
 * motion, groups, seed and expect-error. Snapshots and expectations are in
 * script_snapshot.c, commands of modules (operations) in
 * script_operation.c.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/format.h>
#include <anima/module.h>

#include "script_internal.h"

/* `advance ... in n` steps at most this many times (docs/PLAYER.md); the
 * fuzz harnesses build with fewer so that one input stays fast. */
#ifndef ANIMA_SCRIPT_MAXIMUM_STEPS
#define ANIMA_SCRIPT_MAXIMUM_STEPS 10000000
#endif
static const double maximum_steps = ANIMA_SCRIPT_MAXIMUM_STEPS;

script_interpreter *script_interpreter_create(anima_model *model,
                                              const script_options *options) {
  script_interpreter *interpreter = calloc(1, sizeof *interpreter);
  if (!interpreter) {
    return NULL;
  }
  if (options) {
    interpreter->options = *options;
    interpreter->has_seed = options->has_seed;
    interpreter->seed = options->seed;
  }
  if (!script_interpreter_replace_model(interpreter, model)) {
    free(interpreter);
    return NULL;
  }
  return interpreter;
}

bool script_interpreter_replace_model(script_interpreter *interpreter,
                                      anima_model *model) {
  anima_player *player = anima_player_create_with_motion(
      model, interpreter->options.reduced_motion);
  if (!player) {
    return false;
  }
  /* An explicit seed (--seed, or the latest `seed` command) starts every
   * player of the interpreter, reloaded ones too (SPEC §11.2 seed). */
  if (interpreter->has_seed) {
    anima_player_seed(player, interpreter->seed);
  }
  anima_player_destroy(interpreter->player);
  anima_model_destroy(interpreter->model);
  interpreter->model = model;
  interpreter->player = player;
  script_events_clear(interpreter);
  interpreter->events_dropped = 0;
  interpreter->events_lost = false;
  return true;
}

void script_interpreter_destroy(script_interpreter *interpreter) {
  if (!interpreter) {
    return;
  }
  anima_player_destroy(interpreter->player);
  anima_model_destroy(interpreter->model);
  script_events_clear(interpreter);
  free(interpreter->events);
  for (size_t i = 0; i < interpreter->group_count; i++) {
    free(interpreter->groups[i]);
  }
  free(interpreter->groups);
  free(interpreter->expected_error);
  free(interpreter);
}

anima_player *script_interpreter_player(script_interpreter *interpreter) {
  return interpreter->player;
}

/* Records one event: appended while the ring has room (growing it up to
 * ANIMA_SCRIPT_EVENT_LIMIT), else in place of the oldest, which is counted
 * as dropped. False when memory ran out. */
static bool record_event(script_interpreter *interpreter,
                         const anima_event *reported) {
  bool failed = false;
  script_event event = {reported->name, reported->layer, reported->time,
                        script_event_detail_json(reported->detail, &failed)};
  if (failed) {
    return false;
  }
  if (interpreter->event_count == ANIMA_SCRIPT_EVENT_LIMIT) {
    free(interpreter->events[interpreter->event_start].detail);
    interpreter->events[interpreter->event_start] = event;
    interpreter->event_start =
        (interpreter->event_start + 1) % interpreter->event_capacity;
    if (interpreter->events_dropped < SIZE_MAX) {
      interpreter->events_dropped++;
    }
    return true;
  }
  if (interpreter->event_count == interpreter->event_capacity) {
    /* The ring only wraps when full, so event_start is 0 here. */
    size_t grown =
        interpreter->event_capacity ? interpreter->event_capacity * 2 : 64;
    if (grown > ANIMA_SCRIPT_EVENT_LIMIT) {
      grown = ANIMA_SCRIPT_EVENT_LIMIT;
    }
    script_event *larger = realloc(interpreter->events, grown * sizeof *larger);
    if (!larger) {
      free(event.detail);
      return false;
    }
    interpreter->events = larger;
    interpreter->event_capacity = grown;
  }
  interpreter->events[interpreter->event_count++] = event;
  return true;
}

void script_interpreter_step(script_interpreter *interpreter, double dt) {
  anima_step_result result;
  script_interpreter_step_result(interpreter, dt, &result);
}

anima_status script_interpreter_step_result(script_interpreter *interpreter,
                                            double dt,
                                            anima_step_result *result) {
  *result = (anima_step_result){0};
  anima_status status = anima_player_step(interpreter->player, dt, result);
  if (status != ANIMA_OK) {
    interpreter->events_lost = true;
  }
  for (size_t i = 0; i < result->event_count; i++) {
    if (!record_event(interpreter, &result->events[i])) {
      interpreter->events_lost = true;
      break;
    }
  }
  return status;
}

static bool is_assertion_code(const char *code) {
  return strcmp(code, "script-expect") == 0 ||
         strcmp(code, "script-expect-error") == 0;
}

script_result script_report(script_context *context, const char *code,
                            const char *hint, const char *format, ...) {
  char message[1024];
  size_t used = 0;
  script_interpreter *interpreter = context->interpreter;
  bool assertion = is_assertion_code(code);
  if (assertion && interpreter->group_count > 0) {
    used += (size_t)snprintf(message, sizeof message, "group ");
    for (size_t i = 0; i < interpreter->group_count && used < sizeof message;
         i++) {
      used += (size_t)snprintf(message + used, sizeof message - used, "%s%s",
                               i ? " > " : "", interpreter->groups[i]);
    }
    if (used < sizeof message) {
      used += (size_t)snprintf(message + used, sizeof message - used, ": ");
    }
  }
  if (used < sizeof message) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message + used, sizeof message - used, format, arguments);
    va_end(arguments);
  }
  char pointer[64];
  snprintf(pointer, sizeof pointer, "/script/%zu", context->line);
  anima_diagnostics_add(context->diagnostics, code, ANIMA_SEVERITY_ERROR,
                        pointer, hint, "%s", message);
  return assertion ? SCRIPT_ASSERTION : SCRIPT_USAGE;
}

void script_output(script_context *context, char *line, bool snapshot) {
  script_lines *lines = context->outputs;
  if (!line) {
    return;
  }
  if (lines->count == lines->capacity) {
    size_t grown = lines->capacity ? lines->capacity * 2 : 16;
    char **larger = realloc(lines->items, grown * sizeof *larger);
    if (larger) {
      lines->items = larger;
    }
    bool *kinds =
        larger ? realloc(lines->snapshot, grown * sizeof *kinds) : NULL;
    if (kinds) {
      lines->snapshot = kinds;
    }
    if (!larger || !kinds) {
      free(line);
      return;
    }
    lines->capacity = grown;
  }
  lines->snapshot[lines->count] = snapshot;
  lines->items[lines->count++] = line;
}

bool script_number(const script_word *word, double *out) {
  /* A quoted word is always text (docs/SCRIPTS.md), as for true/false; a
   * number is decimal (anima_parse_number: no hex, inf or nan). */
  return !word->quoted && anima_parse_number(word->text, out);
}

/* A whole number in [minimum, maximum]. */
static bool whole_number(const script_word *word, double minimum,
                         double maximum, double *out) {
  double value;
  if (!script_number(word, &value) || value != floor(value) ||
      value < minimum || value > maximum) {
    return false;
  }
  *out = value;
  return true;
}

static script_result usage(script_context *context, const char *hint,
                           const char *message) {
  return script_report(context, "script-usage", hint, "%s", message);
}

static script_result command_advance(script_context *context,
                                     const script_words *words) {
  double seconds = 0, steps = 1;
  const script_word *w = words->items;
  if ((words->count != 2 && words->count != 4) ||
      !script_number(&w[1], &seconds) || seconds < 0 ||
      (words->count == 4 && (strcmp(w[2].text, "in") != 0 ||
                             !whole_number(&w[3], 1, maximum_steps, &steps)))) {
    return usage(context,
                 "write `advance <seconds> [in <n>]` with seconds >= 0 and "
                 "n a whole number from 1 to 10000000",
                 "advance needs a number of seconds >= 0 and an optional "
                 "`in <n>`");
  }
  /* The player's time is the sum of every dt (a snapshot's "time"): it
   * must stay a finite number (SCRIPTS.md "Limits"). */
  anima_player *player = context->interpreter->player;
  double dt = seconds / steps;
  for (double i = 0; i < steps; i++) {
    double time = anima_player_time(player);
    if (!isfinite(time + dt)) {
      char now[ANIMA_FORMAT_CAPACITY], wanted[ANIMA_FORMAT_CAPACITY];
      anima_format_number(time, now);
      anima_format_number(seconds, wanted);
      const char *hint = "the player's time is the sum of every step and "
                         "stays at most 1.7976931348623157e308 s";
      if (i == 0) {
        return script_report(context, "script-usage", hint,
                             "advance %s would take the player's time (now "
                             "%s s) past the largest number; no step was "
                             "taken",
                             wanted, now);
      }
      return script_report(context, "script-usage", hint,
                           "advance %s: step %.0f of %.0f would take the "
                           "player's time (now %s s) past the largest number; "
                           "the steps before it were taken",
                           wanted, i + 1, steps, now);
    }
    script_interpreter_step(context->interpreter, dt);
  }
  return SCRIPT_OK;
}

/* The input `name` of a set/fire/toggle, or a script-target diagnostic. */
static long input_target(script_context *context, const char *command,
                         const char *name, script_result *result) {
  const anima_model *model = context->interpreter->model;
  long index = anima_model_input_find(model, name);
  if (index < 0) {
    char hint[256];
    script_hint_unknown_input(model, name, hint, sizeof hint);
    *result =
        script_report(context, "script-target", hint,
                      "%s: the document has no input \"%s\"", command, name);
  }
  return index;
}

static script_result command_input(script_context *context,
                                   const script_words *words) {
  const char *command = words->items[0].text;
  bool is_set = strcmp(command, "set") == 0;
  if (words->count != (is_set ? 3u : 2u)) {
    return usage(context,
                 is_set ? "write `set <input> <true|false|number>`"
                        : "write `fire <trigger>` or `toggle <bool>`",
                 is_set ? "set needs an input and a value"
                        : "fire and toggle need one input name");
  }
  script_result result = SCRIPT_OK;
  const char *name = words->items[1].text;
  long index = input_target(context, command, name, &result);
  if (index < 0) {
    return result;
  }
  anima_player *player = context->interpreter->player;
  anima_input_type type =
      anima_model_input_type(context->interpreter->model, (size_t)index);
  anima_status status = ANIMA_OK;
  if (strcmp(command, "fire") == 0) {
    status = anima_player_fire(player, name);
  } else if (strcmp(command, "toggle") == 0) {
    status = anima_player_toggle(player, name);
  } else {
    const char *text = words->items[2].text;
    double number;
    if (type == ANIMA_INPUT_BOOL && !words->items[2].quoted &&
        (strcmp(text, "true") == 0 || strcmp(text, "false") == 0)) {
      status = anima_player_set_bool(player, name, strcmp(text, "true") == 0);
    } else if (type == ANIMA_INPUT_NUMBER &&
               script_number(&words->items[2], &number)) {
      status = anima_player_set_number(player, name, number);
    } else if (type == ANIMA_INPUT_TRIGGER) {
      status = ANIMA_ERROR_INPUT_TYPE;
    } else {
      return script_report(context, "script-usage",
                           words->items[2].quoted
                               ? "a quoted word is text: write the value "
                                 "without quotes"
                           : type == ANIMA_INPUT_BOOL ? "write true or false"
                                                      : "write a finite number",
                           "set %s: \"%s\" is not a %s value", name, text,
                           anima_input_type_name(type));
    }
  }
  if (status == ANIMA_ERROR_INPUT_TYPE) {
    return script_report(
        context, "script-usage",
        type == ANIMA_INPUT_TRIGGER ? "use `fire` for a trigger"
        : type == ANIMA_INPUT_BOOL  ? "use `set` or `toggle` for a bool"
                                    : "use `set` for a number",
        "%s: \"%s\" is a %s input", command, name, anima_input_type_name(type));
  }
  if (status != ANIMA_OK) {
    return script_report(context, "script-usage", NULL, "%s %s: %s", command,
                         name, anima_status_name(status));
  }
  return SCRIPT_OK;
}

static script_result command_pointer(script_context *context,
                                     const script_words *words) {
  script_interpreter *interpreter = context->interpreter;
  anima_player *player = interpreter->player;
  const char *action = words->count > 1 ? words->items[1].text : "";
  double numbers[4] = {0};
  size_t wanted = strcmp(action, "leave") == 0  ? 0
                  : strcmp(action, "drag") == 0 ? 4
                                                : 2;
  bool known = strcmp(action, "move") == 0 || strcmp(action, "down") == 0 ||
               strcmp(action, "up") == 0 || strcmp(action, "click") == 0 ||
               wanted != 2;
  double steps = 1;
  bool shape =
      known && (words->count == 2 + wanted ||
                (wanted == 4 && words->count == 8 &&
                 strcmp(words->items[6].text, "in") == 0 &&
                 whole_number(&words->items[7], 1, maximum_steps, &steps)));
  for (size_t i = 0; shape && i < wanted; i++) {
    shape = script_number(&words->items[2 + i], &numbers[i]);
  }
  if (!shape) {
    return usage(context,
                 "write `pointer move|down|up|click <x> <y>`, `pointer leave` "
                 "or `pointer drag <x0> <y0> <x1> <y1> [in <n>]` with n a "
                 "whole number from 1 to 10000000",
                 "pointer needs an action and grid coordinates");
  }
  double x = numbers[0], y = numbers[1];
  if (strcmp(action, "leave") == 0) {
    anima_player_pointer_leave(player);
    script_interpreter_step(interpreter, 0);
  } else if (strcmp(action, "move") == 0) {
    anima_player_pointer_move(player, x, y);
    script_interpreter_step(interpreter, 0);
  } else if (strcmp(action, "down") == 0) {
    anima_player_pointer_down(player, x, y);
    script_interpreter_step(interpreter, 0);
  } else if (strcmp(action, "up") == 0) {
    anima_player_pointer_up(player, x, y);
    script_interpreter_step(interpreter, 0);
  } else if (strcmp(action, "click") == 0) {
    anima_player_pointer_move(player, x, y);
    script_interpreter_step(interpreter, 0);
    anima_player_pointer_down(player, x, y);
    script_interpreter_step(interpreter, 0);
    anima_player_pointer_up(player, x, y);
    script_interpreter_step(interpreter, 0);
  } else {
    /* drag: move and down at the start, n equal moves, up at the end. */
    anima_player_pointer_move(player, x, y);
    script_interpreter_step(interpreter, 0);
    anima_player_pointer_down(player, x, y);
    script_interpreter_step(interpreter, 0);
    for (double i = 1; i <= steps; i++) {
      double t = i / steps;
      anima_player_pointer_move(player, x + (numbers[2] - x) * t,
                                y + (numbers[3] - y) * t);
      script_interpreter_step(interpreter, 0);
    }
    anima_player_pointer_up(player, numbers[2], numbers[3]);
    script_interpreter_step(interpreter, 0);
  }
  return SCRIPT_OK;
}

static script_result command_key(script_context *context,
                                 const script_words *words) {
  const char *action = words->count > 1 ? words->items[1].text : "";
  const char *key = words->count > 2 ? words->items[2].text : "";
  bool enter = strcmp(key, "Enter") == 0;
  bool space = strcmp(key, "Space") == 0 || strcmp(key, " ") == 0;
  bool known = strcmp(action, "down") == 0 || strcmp(action, "up") == 0 ||
               strcmp(action, "repeat") == 0;
  if (words->count != 3 || !known) {
    return usage(context, "write `key down|up|repeat Enter|Space`",
                 "key needs down, up or repeat and a key");
  }
  if (!enter && !space) {
    return script_report(context, "script-usage",
                         "the core runtime handles Enter and Space of the "
                         "root a11y (SPEC §10); other keys need the focus or "
                         "input module",
                         "key %s: this runtime does not handle key \"%s\"",
                         action, key);
  }
  anima_player *player = context->interpreter->player;
  anima_key which = enter ? ANIMA_KEY_ENTER : ANIMA_KEY_SPACE;
  if (strcmp(action, "up") == 0) {
    anima_player_key_up(player, which);
  } else {
    anima_player_key_down(player, which, strcmp(action, "repeat") == 0);
  }
  script_interpreter_step(context->interpreter, 0);
  return SCRIPT_OK;
}

static script_result command_motion(script_context *context,
                                    const script_words *words) {
  const char *mode = words->count == 2 ? words->items[1].text : "";
  if (strcmp(mode, "reduce") != 0 && strcmp(mode, "full") != 0) {
    return usage(context, "write `motion reduce` or `motion full`",
                 "motion needs reduce or full");
  }
  anima_player_set_reduced_motion(context->interpreter->player,
                                  strcmp(mode, "reduce") == 0);
  return SCRIPT_OK;
}

static script_result command_group(script_context *context,
                                   const script_words *words) {
  script_interpreter *interpreter = context->interpreter;
  if (strcmp(words->items[0].text, "end") == 0) {
    if (words->count != 1) {
      return usage(context, "write `end` alone", "end takes no arguments");
    }
    if (interpreter->group_count == 0) {
      return usage(context, "open a group with `group <name>` first",
                   "end without an open group");
    }
    free(interpreter->groups[--interpreter->group_count]);
    return SCRIPT_OK;
  }
  if (words->count != 2) {
    return usage(context, "write `group <name>`; quote names with spaces",
                 "group needs one name");
  }
  char **grown = realloc(interpreter->groups,
                         (interpreter->group_count + 1) * sizeof *grown);
  char *name = grown ? strdup(words->items[1].text) : NULL;
  if (!grown || !name) {
    free(name);
    if (grown) {
      interpreter->groups = grown;
    }
    return usage(context, NULL, "out of memory");
  }
  interpreter->groups = grown;
  interpreter->groups[interpreter->group_count++] = name;
  return SCRIPT_OK;
}

static script_result command_seed(script_context *context,
                                  const script_words *words) {
  double value;
  if (words->count != 2 ||
      !whole_number(&words->items[1], 0, 4294967295.0, &value)) {
    return usage(context,
                 "write `seed <n>` with n a whole number from 0 to "
                 "4294967295",
                 "seed needs an unsigned 32-bit integer");
  }
  /* SPEC §11.2: resets the player's random source (anima_player_seed). */
  context->interpreter->has_seed = true;
  context->interpreter->seed = (uint32_t)value;
  anima_player_seed(context->interpreter->player, (uint32_t)value);
  return SCRIPT_OK;
}

static script_result command_expect_error(script_context *context,
                                          const script_words *words) {
  script_interpreter *interpreter = context->interpreter;
  if (words->count != 2) {
    return usage(context, "write `expect-error <code>`",
                 "expect-error needs one diagnostic code");
  }
  script_result result = SCRIPT_OK;
  if (interpreter->expected_error) {
    result = script_report(context, "script-expect-error", NULL,
                           "expect-error %s at line %zu was followed by "
                           "another expect-error, not a command",
                           interpreter->expected_error,
                           interpreter->expected_error_line);
    free(interpreter->expected_error);
  }
  interpreter->expected_error = strdup(words->items[1].text);
  interpreter->expected_error_line = context->line;
  return result;
}

/* SPEC §11.2 commands of optional modules, for the error when no loaded
 * module registers them (the commands themselves come from the registry's
 * operations, script_operation.c): which module to load. When that module
 * is loaded and still does not register the command (a module that does
 * not implement all of its chapter), the error says so instead. */
static const struct {
  const char *command;
  const char *module;
} missing_modules[] = {
    {"focus", "focus"},           {"semantics", "a11y"},
    {"semantic", "a11y-actions"}, {"touch", "input"},
    {"contact", "input"},         {"scroll", "input"},
    {"gamepads", "input"},        {"pointer-enable", "input"},
    {"scroll-cancel", "input"},   {"data", "data"},
    {"instance", "motion"},       {"timeline", "motion"},
    {"machine", "motion"},
};

typedef script_result (*command_function)(script_context *,
                                          const script_words *);

static const struct {
  const char *name;
  command_function run;
} commands[] = {
    {"advance", command_advance},
    {"set", command_input},
    {"fire", command_input},
    {"toggle", command_input},
    {"pointer", command_pointer},
    {"key", command_key},
    {"motion", command_motion},
    {"snapshot", script_command_snapshot},
    {"expect", script_command_expect},
    {"expect-error", command_expect_error},
    {"group", command_group},
    {"end", command_group},
    {"seed", command_seed},
};

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static script_result dispatch(script_context *context,
                              const script_words *words) {
  const char *name = words->items[0].text;
  for (size_t i = 0; i < COUNT(commands); i++) {
    if (strcmp(commands[i].name, name) == 0) {
      return commands[i].run(context, words);
    }
  }
  /* A command of a loaded module: the registry's operations. */
  script_result result;
  if (script_command_operation(context, words, &result)) {
    return result;
  }
  for (size_t i = 0; i < COUNT(missing_modules); i++) {
    if (strcmp(missing_modules[i].command, name) != 0) {
      continue;
    }
    const char *module = missing_modules[i].module;
    if (anima_runtime_has_feature(
            anima_model_runtime(context->interpreter->model), module)) {
      char hint[128];
      snprintf(hint, sizeof hint,
               "docs/modules/%s.md lists what is not implemented yet", module);
      return script_report(
          context, "script-usage", hint,
          "%s is a command of the %s module, which does not implement it yet",
          name, module);
    }
    return script_report(
        context, "script-usage",
        "this runtime implements the core script commands (SPEC §11.2)",
        "%s needs the %s module, which this runtime does not have", name,
        module);
  }
  /* Did you mean a core command or an operation the document can use? */
  const anima_model *model = context->interpreter->model;
  size_t operations = script_operation_names(model, NULL, 0);
  const char **names = malloc((COUNT(commands) + operations) * sizeof *names);
  const char *closest = NULL;
  if (names) {
    for (size_t i = 0; i < COUNT(commands); i++) {
      names[i] = commands[i].name;
    }
    script_operation_names(model, names + COUNT(commands), operations);
    closest = anima_closest_name(name, names, COUNT(commands) + operations);
  }
  char hint[256];
  if (closest) {
    snprintf(hint, sizeof hint, "did you mean \"%s\"?", closest);
  } else {
    snprintf(hint, sizeof hint, "%s%s",
             "commands: advance, set, fire, toggle, pointer, key, motion, "
             "snapshot, expect, expect-error, group, end, seed",
             operations > 0 ? ", and the document's module commands "
                              "(`anima modules`)"
                            : "");
  }
  free(names);
  return script_report(context, "script-usage", hint, "unknown command \"%s\"",
                       name);
}

static script_result result_of(const anima_diagnostics *diagnostics) {
  script_result result = SCRIPT_OK;
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const char *code = anima_diagnostics_get(diagnostics, i)->code;
    script_result one =
        is_assertion_code(code) ? SCRIPT_ASSERTION : SCRIPT_USAGE;
    if (one > result) {
      result = one;
    }
  }
  return result;
}

/* Copies `diagnostics` into `target`, leaving out those with `code`;
 * returns how many were left out. */
static size_t copy_except(anima_diagnostics *target,
                          const anima_diagnostics *diagnostics,
                          const char *code) {
  size_t consumed = 0;
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    if (code && strcmp(d->code, code) == 0) {
      consumed++;
      continue;
    }
    anima_diagnostics_add(target, d->code, d->severity, d->pointer, d->hint,
                          "%s", d->message);
  }
  return consumed;
}

script_result script_run_line(script_interpreter *interpreter, const char *line,
                              size_t line_number, script_lines *outputs,
                              anima_diagnostics *diagnostics) {
  script_words words;
  char error[160] = "";
  script_context context = {interpreter, line_number, outputs, diagnostics};
  bool split = script_split(line, &words, error);
  if (split && words.count == 0) {
    return SCRIPT_OK;
  }
  bool expecting = interpreter->expected_error &&
                   !(split && strcmp(words.items[0].text, "expect-error") == 0);
  anima_diagnostics *found = expecting ? anima_diagnostics_create() : NULL;
  if (expecting && !found) {
    script_words_free(&words);
    return usage(&context, NULL, "out of memory");
  }
  if (found) {
    context.diagnostics = found;
  }
  script_result result =
      split ? dispatch(&context, &words)
            : usage(&context, "quote strings as JSON: \"a b\"", error);
  script_words_free(&words);
  if (!found) {
    return result;
  }
  context.diagnostics = diagnostics;
  size_t consumed =
      copy_except(diagnostics, found, interpreter->expected_error);
  result = result_of(found);
  if (consumed == 0) {
    char hint[192];
    snprintf(hint, sizeof hint, "the command reported %s",
             anima_diagnostics_count(found) > 0
                 ? anima_diagnostics_get(found, 0)->code
                 : "no diagnostic");
    script_result missing = script_report(&context, "script-expect-error", hint,
                                          "expected the command to report %s",
                                          interpreter->expected_error);
    if (missing > result) {
      result = missing;
    }
  } else {
    /* Only what is left decides. */
    anima_diagnostics *rest = anima_diagnostics_create();
    if (rest) {
      copy_except(rest, found, interpreter->expected_error);
      result = result_of(rest);
      anima_diagnostics_destroy(rest);
    }
  }
  anima_diagnostics_destroy(found);
  free(interpreter->expected_error);
  interpreter->expected_error = NULL;
  return result;
}

script_result script_finish(script_interpreter *interpreter, size_t line_count,
                            anima_diagnostics *diagnostics) {
  if (!interpreter->expected_error) {
    return SCRIPT_OK;
  }
  script_context context = {interpreter, interpreter->expected_error_line, NULL,
                            diagnostics};
  script_result result = script_report(
      &context, "script-expect-error", "put a command after expect-error",
      "expect-error %s has no command after it (the script ends at line %zu)",
      interpreter->expected_error, line_count);
  free(interpreter->expected_error);
  interpreter->expected_error = NULL;
  return result;
}
