/*
 * bone_script.c — lexer and checker of the `anima bone sample` script
 * (OPENBONE-SAMPLES.md §2). Tokens are separated by spaces or tabs; a token
 * beginning with `"` is a JSON string literal; a `#` beginning a token
 * starts a comment.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "anima/registry.h"
#include "bone_print.h"
#include "bone_script.h"
#include "cli.h"

typedef struct token {
  char *text; /* decoded */
  bool quoted;
} token;

typedef struct line_tokens {
  token items[8];
  size_t count;
  bool too_many;
} line_tokens;

static void free_tokens(line_tokens *tokens) {
  for (size_t i = 0; i < tokens->count; i++) {
    free(tokens->items[i].text);
  }
  tokens->count = 0;
}

/* Splits one line; false with a message on a bad string literal. */
static bool lex(const char *line, size_t length, line_tokens *out,
                const char **message) {
  size_t at = 0;
  out->count = 0;
  out->too_many = false;
  while (at < length) {
    while (at < length &&
           (line[at] == ' ' || line[at] == '\t' || line[at] == '\r')) {
      at++;
    }
    if (at >= length || line[at] == '#') {
      break;
    }
    size_t start = at;
    token item = {NULL, false};
    if (line[at] == '"') {
      at++;
      while (at < length && line[at] != '"') {
        at += line[at] == '\\' && at + 1 < length ? 2 : 1;
      }
      if (at >= length) {
        *message = "a string literal is not closed";
        return false;
      }
      at++;
      json_error_t error;
      json_t *value =
          json_loadb(line + start, at - start, JSON_DECODE_ANY, &error);
      if (!json_is_string(value)) {
        json_decref(value);
        *message = "a token beginning with \" must be a JSON string";
        return false;
      }
      item.text = strdup(json_string_value(value));
      item.quoted = true;
      json_decref(value);
    } else {
      while (at < length && line[at] != ' ' && line[at] != '\t' &&
             line[at] != '\r') {
        at++;
      }
      item.text = strndup(line + start, at - start);
    }
    if (item.text == NULL) {
      *message = "out of memory";
      return false;
    }
    if (out->count == sizeof out->items / sizeof out->items[0]) {
      free(item.text);
      out->too_many = true;
      continue;
    }
    out->items[out->count++] = item;
  }
  return true;
}

/* A bare JSON number. */
static bool number_token(const token *item, double *out) {
  if (item->quoted) {
    return false;
  }
  json_error_t error;
  json_t *value = json_loads(item->text, JSON_DECODE_ANY, &error);
  bool ok = json_is_number(value);
  if (ok) {
    *out = json_number_value(value);
  }
  json_decref(value);
  return ok;
}

/* A non-negative JSON integer. */
static bool integer_token(const token *item, unsigned long *out) {
  if (item->quoted) {
    return false;
  }
  json_error_t error;
  json_t *value = json_loads(item->text, JSON_DECODE_ANY, &error);
  bool ok = json_is_integer(value) && json_integer_value(value) >= 0;
  if (ok) {
    *out = (unsigned long)json_integer_value(value);
  }
  json_decref(value);
  return ok;
}

static bool bool_token(const token *item, bool *out) {
  if (item->quoted) {
    return false;
  }
  if (strcmp(item->text, "true") == 0) {
    *out = true;
    return true;
  }
  if (strcmp(item->text, "false") == 0) {
    *out = false;
    return true;
  }
  return false;
}

/* The candidates of a hint (bone_name_hint): at most `most`, owned by the
 * model. */
static size_t candidate_names(const anima_bone_model *model, bone_names names,
                              size_t machine, const char **out, size_t most) {
  size_t count = 0;
  for (size_t i = 0; count < most; i++) {
    const char *candidate = NULL;
    if (names == BONE_NAMES_SKINS) {
      candidate = anima_bone_model_skin_name(model, i);
    } else if (names == BONE_NAMES_ANIMATIONS) {
      candidate = anima_bone_model_animation(model, i, NULL);
    } else {
      candidate = anima_bone_model_machine_input(model, machine, i);
      const char *input_name =
          anima_bone_model_machine_input_name(model, machine, i);
      if (candidate && input_name && strcmp(input_name, candidate) != 0) {
        out[count++] = input_name; /* the name first: what users write */
        if (count == most) {
          break;
        }
      }
    }
    if (candidate == NULL) {
      break;
    }
    out[count++] = candidate;
  }
  return count;
}

void bone_name_hint(const anima_bone_model *model, bone_names names,
                    size_t machine, const char *name, char *out, size_t size) {
  static const char *const plural[] = {"skins", "animations", "inputs"};
  const char *candidates[64];
  size_t count = candidate_names(model, names, machine, candidates, 64);
  const char *closest = anima_closest_name(name, candidates, count);
  if (closest) {
    snprintf(out, size, " (did you mean \"%s\"?)", closest);
    return;
  }
  if (count == 0) {
    snprintf(out, size, " (there are no %s)", plural[names]);
    return;
  }
  int written = snprintf(out, size, " (the %s:", plural[names]);
  size_t at = written > 0 && (size_t)written < size ? (size_t)written : size;
  for (size_t i = 0; i < count && at < size; i++) {
    if (at + strlen(candidates[i]) + 3 + 5 > size) {
      snprintf(out + at, size - at, " ...)"); /* no room for the rest */
      return;
    }
    at += (size_t)snprintf(out + at, size - at, "%s %s", i ? "," : "",
                           candidates[i]);
  }
  if (at < size) {
    snprintf(out + at, size - at, ")");
  }
}

typedef struct checker {
  const anima_bone_model *model;
  bool machine;
  long machine_index;     /* the state machine of the last `machine` */
  size_t queued_pointers; /* pointer commands since machine or advance */
  const char *message;
  char detail[512];
  FILE *warnings; /* for references that do nothing (bone_script_parse) */
  const char *path;
  int line;
} checker;

static bool fail(checker *check, const char *message) {
  check->message = message;
  return false;
}

/* setInput and fire of an input the running machine lacks do nothing
 * (OPENBONE-SAMPLES §2): a warning with the closest input, not an error. */
static void warn_unknown_input(const checker *check, const char *command,
                               const char *reference) {
  size_t machine = (size_t)check->machine_index;
  for (size_t i = 0;; i++) {
    const char *id = anima_bone_model_machine_input(check->model, machine, i);
    const char *name =
        anima_bone_model_machine_input_name(check->model, machine, i);
    if (id == NULL) {
      break;
    }
    if (strcmp(id, reference) == 0 || (name && strcmp(name, reference) == 0)) {
      return;
    }
  }
  char hint[256];
  bone_name_hint(check->model, BONE_NAMES_INPUTS, machine, reference, hint,
                 sizeof hint);
  fprintf(check->warnings,
          "%s:%d: warning: the state machine has no input with the id or name "
          "\"%.200s\", so %s does nothing%s\n",
          check->path, check->line, reference, command, hint);
}

static bool arguments(checker *check, const line_tokens *tokens, size_t least,
                      size_t most) {
  if (tokens->too_many || tokens->count - 1 < least ||
      tokens->count - 1 > most) {
    return fail(check, "wrong number of arguments");
  }
  return true;
}

static bool animation_argument(checker *check, const token *item,
                               bone_command *command) {
  command->animation =
      anima_bone_model_find_animation(check->model, item->text);
  if (command->animation < 0) {
    char hint[256];
    bone_name_hint(check->model, BONE_NAMES_ANIMATIONS, 0, item->text, hint,
                   sizeof hint);
    snprintf(check->detail, sizeof check->detail,
             "no animation has the id or name \"%.200s\"%s", item->text, hint);
    return fail(check, check->detail);
  }
  return true;
}

static bool parse_animation_command(checker *check, const line_tokens *tokens,
                                    bone_command *command) {
  const token *t = tokens->items;
  bool add = strcmp(t[0].text, "addAnimation") == 0;
  if (check->machine) {
    return fail(check, "setAnimation, addAnimation and trackEntry cannot "
                       "follow machine");
  }
  if (!arguments(check, tokens, add ? 5 : 3, add ? 5 : 4)) {
    return false;
  }
  unsigned long track;
  if (!integer_token(&t[1], &track)) {
    return fail(check, "the track is a non-negative integer");
  }
  command->track = track;
  if (!animation_argument(check, &t[2], command)) {
    return false;
  }
  if (!bool_token(&t[3], &command->loop)) {
    return fail(check, "loop is true or false");
  }
  command->kind = add ? BONE_ADD_ANIMATION : BONE_SET_ANIMATION;
  command->number = 0.2; /* setAnimation's default mix (spec §6) */
  if (add) {
    if (!number_token(&t[4], &command->delay) ||
        !number_token(&t[5], &command->number)) {
      return fail(check, "addAnimation takes a delay and a mix (numbers)");
    }
  } else if (tokens->count == 5 && !number_token(&t[4], &command->number)) {
    return fail(check, "the mix is a number");
  }
  if (!(command->number >= 0)) {
    return fail(check, "the mix is not negative");
  }
  return true;
}

/* A <value> (OPENBONE-SAMPLES §2): true/false, a JSON number, a JSON
 * string, null, or any other bare word as that string. */
static bool value_token(const token *item, bone_command *command) {
  anima_bone_value *value = &command->value;
  double number;
  if (item->quoted) {
    value->type = ANIMA_BONE_VALUE_STRING;
  } else if (bool_token(item, &value->boolean)) {
    value->type = ANIMA_BONE_VALUE_BOOL;
    return true;
  } else if (strcmp(item->text, "null") == 0) {
    value->type = ANIMA_BONE_VALUE_NULL;
    return true;
  } else if (number_token(item, &number)) {
    value->type = ANIMA_BONE_VALUE_NUMBER;
    value->number = number;
    return true;
  } else {
    value->type = ANIMA_BONE_VALUE_STRING;
  }
  command->value_text = strdup(item->text);
  value->string = command->value_text;
  return command->value_text != NULL;
}

static bool parse_command(checker *check, const line_tokens *tokens,
                          bone_command *command) {
  const token *t = tokens->items;
  const char *name = t[0].quoted ? "" : t[0].text;
  if (strcmp(name, "sample") == 0) {
    command->kind = BONE_SAMPLE;
    return arguments(check, tokens, 0, 0);
  }
  if (strcmp(name, "setSkin") == 0) {
    command->kind = BONE_SET_SKIN;
    if (!arguments(check, tokens, 1, 1)) {
      return false;
    }
    if (!(!t[1].quoted && strcmp(t[1].text, "null") == 0)) {
      command->reference = strdup(t[1].text);
      if (anima_bone_model_find_skin(check->model, t[1].text) < 0) {
        char hint[256];
        bone_name_hint(check->model, BONE_NAMES_SKINS, 0, t[1].text, hint,
                       sizeof hint);
        fprintf(check->warnings,
                "%s:%d: warning: no skin has the id or name \"%.200s\", so "
                "setSkin selects none%s\n",
                check->path, check->line, t[1].text, hint);
      }
    }
    return true;
  }
  if (strcmp(name, "setAnimation") == 0 || strcmp(name, "addAnimation") == 0) {
    return parse_animation_command(check, tokens, command);
  }
  if (strcmp(name, "trackEntry") == 0) {
    command->kind = BONE_TRACK_ENTRY;
    if (check->machine) {
      return fail(check, "setAnimation, addAnimation and trackEntry cannot "
                         "follow machine");
    }
    unsigned long track;
    if (!arguments(check, tokens, 3, 3)) {
      return false;
    }
    if (!integer_token(&t[1], &track)) {
      return fail(check, "the track is a non-negative integer");
    }
    command->track = track;
    if (!t[2].quoted && strcmp(t[2].text, "alpha") == 0) {
      command->field = ANIMA_BONE_TRACK_ALPHA;
    } else if (!t[2].quoted && strcmp(t[2].text, "speed") == 0) {
      command->field = ANIMA_BONE_TRACK_SPEED;
    } else {
      return fail(check, "trackEntry sets alpha or speed");
    }
    if (!number_token(&t[3], &command->number)) {
      return fail(check, "the value is a number");
    }
    return true;
  }
  if (strcmp(name, "machine") == 0) {
    command->kind = BONE_MACHINE;
    if (!arguments(check, tokens, 1, 1)) {
      return false;
    }
    check->machine_index =
        anima_bone_model_find_machine(check->model, t[1].text);
    if (check->machine_index < 0) {
      snprintf(check->detail, sizeof check->detail,
               "no state machine has the id or name \"%.200s\"", t[1].text);
      return fail(check, check->detail);
    }
    check->machine = true;
    check->queued_pointers = 0; /* a new machine starts with none */
    command->reference = strdup(t[1].text);
    return true;
  }
  if (strcmp(name, "setInput") == 0 || strcmp(name, "fire") == 0 ||
      strcmp(name, "pointer") == 0) {
    if (!check->machine) {
      return fail(check, "setInput, fire and pointer need a machine first");
    }
    if (strcmp(name, "setInput") == 0) {
      command->kind = BONE_SET_INPUT;
      if (!arguments(check, tokens, 2, 2)) {
        return false;
      }
      warn_unknown_input(check, name, t[1].text);
      return value_token(&t[2], command) || fail(check, "out of memory");
    }
    if (strcmp(name, "fire") == 0) {
      command->kind = BONE_FIRE;
      if (!arguments(check, tokens, 1, 1)) {
        return false;
      }
      warn_unknown_input(check, name, t[1].text);
      return true;
    }
    command->kind = BONE_POINTER;
    if (!arguments(check, tokens, 3, 3)) {
      return false;
    }
    if (++check->queued_pointers > BONE_SCRIPT_POINTER_QUEUE) {
      return fail(check, "at most 256 pointer events wait for one advance "
                         "(anima_bone_machine_pointer's queue); advance "
                         "before this one");
    }
    if (t[1].quoted ||
        (strcmp(t[1].text, "down") != 0 && strcmp(t[1].text, "up") != 0 &&
         strcmp(t[1].text, "move") != 0)) {
      return fail(check, "the pointer event is down, up or move");
    }
    command->pointer = strcmp(t[1].text, "down") == 0 ? ANIMA_BONE_POINTER_DOWN
                       : strcmp(t[1].text, "up") == 0 ? ANIMA_BONE_POINTER_UP
                                                      : ANIMA_BONE_POINTER_MOVE;
    if (!number_token(&t[2], &command->number) ||
        !number_token(&t[3], &command->number2)) {
      return fail(check, "x and y are numbers");
    }
    return true;
  }
  if (strcmp(name, "advance") == 0) {
    command->kind = BONE_ADVANCE;
    check->queued_pointers = 0; /* its first step processes them */
    command->repeat = 1;
    if (tokens->too_many || (tokens->count != 2 && tokens->count != 4)) {
      return fail(check, "advance takes <seconds> [in <n>]");
    }
    if (!number_token(&t[1], &command->number) || !(command->number >= 0)) {
      return fail(check, "the seconds are a number ≥ 0");
    }
    if (tokens->count == 4) {
      if (t[2].quoted || strcmp(t[2].text, "in") != 0 ||
          !integer_token(&t[3], &command->repeat) || command->repeat == 0) {
        return fail(check, "write advance <seconds> in <n>, n a positive "
                           "integer");
      }
      if (command->repeat > BONE_SCRIPT_MAXIMUM_REPEAT) {
        return fail(check, "n is at most 10000000");
      }
    }
    return true;
  }
  snprintf(check->detail, sizeof check->detail, "unknown command \"%.200s\"",
           t[0].text);
  return fail(check, check->detail);
}

void bone_script_free(bone_script *script) {
  for (size_t i = 0; i < script->count; i++) {
    free(script->commands[i].reference);
    free(script->commands[i].value_text);
  }
  free(script->commands);
  script->commands = NULL;
  script->count = 0;
}

bool bone_script_parse(const char *text, size_t length, const char *path,
                       const anima_bone_model *model, FILE *errors,
                       bone_script *script) {
  script->commands = NULL;
  script->count = 0;
  size_t capacity = 0;
  checker check = {.model = model, .warnings = errors, .path = path};
  int line_number = 0;
  size_t at = 0;
  while (at < length) {
    const char *end = memchr(text + at, '\n', length - at);
    size_t line_length = end ? (size_t)(end - (text + at)) : length - at;
    line_number++;
    line_tokens tokens;
    const char *message = NULL;
    bool ok = lex(text + at, line_length, &tokens, &message);
    at += line_length + 1;
    if (!ok) {
      free_tokens(&tokens);
      fprintf(errors, "%s:%d: %s\n", path, line_number, message);
      bone_script_free(script);
      return false;
    }
    if (tokens.count == 0) {
      continue;
    }
    if (script->count == capacity) {
      capacity = capacity ? 2 * capacity : 16;
      bone_command *grown = realloc(script->commands, capacity * sizeof *grown);
      if (grown == NULL) {
        free_tokens(&tokens);
        fprintf(errors, "%s: out of memory\n", path);
        bone_script_free(script);
        return false;
      }
      script->commands = grown;
    }
    bone_command *command = &script->commands[script->count++];
    memset(command, 0, sizeof *command);
    command->line = line_number;
    check.line = line_number;
    ok = parse_command(&check, &tokens, command);
    if (ok && command->kind == BONE_SET_INPUT) {
      command->reference = strdup(tokens.items[1].text);
    } else if (ok && command->kind == BONE_FIRE) {
      command->reference = strdup(tokens.items[1].text);
    }
    free_tokens(&tokens);
    if (!ok) {
      fprintf(errors, "%s:%d: %s\n", path, line_number, check.message);
      bone_script_free(script);
      return false;
    }
  }
  return true;
}

/* Events an advance could not record (anima_bone_instance_advance returned
 * ANIMA_ERROR_NO_MEMORY, openbone.h): the instance keeps at most 2^20 unread
 * events and 2^20 unread audio commands, and one step crosses at most 10^6
 * loops of an animation; each sample line reads them. */
static void print_unrecorded_events(const anima_bone_instance *instance,
                                    int line) {
  const size_t most = (size_t)1 << 20;
  if (anima_bone_event_count(instance) >= most ||
      anima_bone_audio_count(instance) >= most) {
    fprintf(stderr,
            "script line %d: more than %zu events or audio commands since the "
            "last sample, the most the runtime keeps unread; the rest were "
            "not recorded (hint: sample between advances)\n",
            line, most);
    return;
  }
  fprintf(stderr,
          "script line %d: the events of this advance could not all be "
          "recorded: one step crossed more than 1000000 loops of an "
          "animation, or memory ran out (hint: split the advance: advance "
          "<seconds> in <n>)\n",
          line);
}
int bone_script_run(const bone_script *script, const anima_bone_model *model,
                    anima_bone_instance *instance, FILE *samples) {
  for (size_t i = 0; i < script->count; i++) {
    const bone_command *command = &script->commands[i];
    anima_status status = ANIMA_OK;
    switch (command->kind) {
    case BONE_SET_SKIN:
      anima_bone_instance_set_skin(instance, command->reference);
      break;
    case BONE_SET_ANIMATION:
      status =
          anima_bone_set_animation(instance, command->track, command->animation,
                                   command->loop, command->number);
      break;
    case BONE_ADD_ANIMATION:
      status = anima_bone_add_animation(instance, command->track,
                                        command->animation, command->loop,
                                        command->delay, command->number);
      break;
    case BONE_TRACK_ENTRY:
      status = anima_bone_track_set(instance, command->track, command->field,
                                    command->number);
      break;
    case BONE_ADVANCE: {
      double dt = command->number / (double)command->repeat;
      for (unsigned long n = 0; n < command->repeat && status == ANIMA_OK;
           n++) {
        status = anima_bone_instance_advance(instance, dt);
        if (samples == NULL) {
          /* nobody reads them: never let them pile up to the limit */
          anima_bone_events_clear(instance);
          anima_bone_audio_clear(instance);
        }
      }
      break;
    }
    case BONE_MACHINE:
      status = anima_bone_machine_start(
          instance, anima_bone_model_find_machine(model, command->reference));
      break;
    case BONE_SET_INPUT:
      status = anima_bone_machine_set_input(instance, command->reference,
                                            &command->value);
      if (status == ANIMA_ERROR_UNKNOWN_INPUT) {
        status = ANIMA_OK; /* an unknown input does nothing (§2) */
      }
      break;
    case BONE_FIRE:
      status = anima_bone_machine_fire(instance, command->reference);
      if (status == ANIMA_ERROR_UNKNOWN_INPUT) {
        status = ANIMA_OK;
      }
      break;
    case BONE_POINTER:
      status = anima_bone_machine_pointer(instance, command->pointer,
                                          command->number, command->number2);
      break;
    case BONE_SAMPLE:
      if (samples != NULL && !bone_print_sample(samples, instance, model)) {
        fprintf(stderr, "anima bone sample: could not write the sample\n");
        return CLI_EXIT_FAILED;
      }
      break;
    }
    if (status == ANIMA_ERROR_INVALID_ARGUMENT &&
        command->kind == BONE_ADVANCE) {
      fprintf(stderr,
              "script line %d: advance would take the time (now %.17g s) "
              "past the largest finite number; stopped there\n",
              command->line, anima_bone_instance_time(instance));
      return CLI_EXIT_FAILED;
    }
    if (status == ANIMA_ERROR_NO_MEMORY && command->kind == BONE_ADVANCE) {
      print_unrecorded_events(instance, command->line);
      return CLI_EXIT_FAILED;
    }
    if (status != ANIMA_OK) {
      fprintf(stderr, "script line %d: %s\n", command->line,
              anima_status_name(status));
      return CLI_EXIT_FAILED;
    }
  }
  return CLI_EXIT_OK;
}

void bone_script_print_report(void *user, anima_bone_script_report_kind kind,
                              const char *script, const char *message) {
  (void)user;
  fprintf(stderr, "script %s: %s: %s\n", script,
          kind == ANIMA_BONE_SCRIPT_ERROR ? "error" : "log", message);
}
