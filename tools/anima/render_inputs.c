/* render_inputs.c — `anima render --set input=value` (render_inputs.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/module.h>

#include "cli.h"
#include "closest_input.h"
#include "render_inputs.h"

/* Longest input name looked up; longer ones are unknown. */
#define NAME_SIZE 256

static int unknown_input(const anima_model *model, const char *name) {
  size_t count = anima_model_input_count(model);
  const char *closest = closest_input(model, name);
  fprintf(stderr,
          "anima render: --set names \"%s\", which is not an input "
          "of the document",
          name);
  if (closest) {
    fprintf(stderr, " (did you mean \"%s\"?)", closest);
  } else if (count > 0) {
    fprintf(stderr, " (its inputs:");
    for (size_t i = 0; i < count; i++) {
      fprintf(stderr, "%s %s", i ? "," : "", anima_model_input_name(model, i));
    }
    fputc(')', stderr);
  } else {
    fputs(" (it declares none)", stderr);
  }
  fputc('\n', stderr);
  return CLI_EXIT_USAGE;
}

/* Queues one "name=value" write; returns -1 when it applies. */
static int apply(const anima_model *model, anima_player *player,
                 const char *write) {
  const char *equals = strchr(write, '=');
  char name[NAME_SIZE];
  size_t length = equals ? (size_t)(equals - write) : 0;
  if (!equals || length == 0 || length >= sizeof name) {
    fprintf(stderr, "anima render: --set must be input=value, not \"%s\"\n",
            write);
    return CLI_EXIT_USAGE;
  }
  memcpy(name, write, length);
  name[length] = '\0';
  const char *value = equals + 1;
  long index = anima_model_input_find(model, name);
  if (index < 0) {
    return unknown_input(model, name);
  }
  anima_status status = ANIMA_OK;
  const char *expected = NULL;
  switch (anima_model_input_type(model, (size_t)index)) {
  case ANIMA_INPUT_BOOL:
    if (strcmp(value, "true") == 0 || strcmp(value, "false") == 0) {
      status = anima_player_set_bool(player, name, value[0] == 't');
    } else {
      expected = "a bool input takes true or false";
    }
    break;
  case ANIMA_INPUT_NUMBER: {
    double number = 0;
    if (cli_parse_number(value, &number)) {
      status = anima_player_set_number(player, name, number);
    } else {
      expected = "a number input takes a finite number";
    }
    break;
  }
  case ANIMA_INPUT_TRIGGER:
    if (strcmp(value, "fire") == 0) {
      status = anima_player_fire(player, name);
    } else {
      expected = "a trigger has no value: --set NAME=fire fires it";
    }
    break;
  }
  if (expected) {
    fprintf(stderr, "anima render: --set %s: \"%s\" does not fit (%s)\n", name,
            value, expected);
    return CLI_EXIT_USAGE;
  }
  if (status != ANIMA_OK) {
    fprintf(stderr, "anima render: --set %s: %s\n", name,
            anima_status_name(status));
    return CLI_EXIT_FAILED;
  }
  return -1;
}

int render_apply_inputs(const anima_model *model, anima_player *player,
                        const char *const *writes, size_t count) {
  for (size_t i = 0; i < count; i++) {
    int status = apply(model, player, writes[i]);
    if (status >= 0) {
      return status;
    }
  }
  if (count > 0) {
    anima_step_result result;
    anima_player_step(player, 0, &result);
  }
  return -1;
}
