/*
 * bone_script.h — the script language of `anima bone sample`
 * (OPENBONE-SAMPLES.md §2): one command per line, checked whole against the
 * document before anything runs.
 */
#ifndef ANIMA_TOOLS_BONE_SCRIPT_H
#define ANIMA_TOOLS_BONE_SCRIPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "anima/openbone.h"

typedef enum bone_command_kind {
  BONE_SET_SKIN,
  BONE_SET_ANIMATION,
  BONE_ADD_ANIMATION,
  BONE_TRACK_ENTRY,
  BONE_MACHINE,
  BONE_SET_INPUT,
  BONE_FIRE,
  BONE_POINTER,
  BONE_ADVANCE,
  BONE_SAMPLE,
} bone_command_kind;

typedef struct bone_command {
  bone_command_kind kind;
  int line;
  char *reference; /* setSkin (NULL = none), machine, setInput, fire */
  size_t track;
  long animation;
  bool loop;
  double number;  /* mix, alpha/speed, seconds, x */
  double number2; /* addAnimation mix, pointer y */
  double delay;
  anima_bone_track_field field;
  unsigned long repeat;            /* advance … in n */
  anima_bone_value value;          /* setInput */
  char *value_text;                /* its string, owned */
  anima_bone_pointer_type pointer; /* pointer */
} bone_command;

typedef struct bone_script {
  bone_command *commands;
  size_t count;
} bone_script;

/** The most steps one `advance … in n` may take. */
enum { BONE_SCRIPT_MAXIMUM_REPEAT = 10000000 };
/* Pointer events one advance processes: anima_bone_machine_pointer queues
 * at most 256 (openbone.h); the check refuses a 257th before an advance. */
enum { BONE_SCRIPT_POINTER_QUEUE = 256 };

/** The names a hint about an unknown reference offers. */
typedef enum bone_names {
  BONE_NAMES_SKINS,      /* the skins' names */
  BONE_NAMES_ANIMATIONS, /* the animations' names */
  BONE_NAMES_INPUTS,     /* ids and names of state machine `machine`'s inputs */
} bone_names;

/**
 * Writes into `out` (`size` bytes, NUL-terminated, cut to fit) the hint
 * after a message about the unknown reference `name`:
 * ` (did you mean "walk"?)` for the closest of the `names` of `model`
 * (anima_closest_name), else ` (the animations: idle, walk)` listing them,
 * else ` (there are none)`.
 */
void bone_name_hint(const anima_bone_model *model, bone_names names,
                    size_t machine, const char *name, char *out, size_t size);

/**
 * Parses and checks `text` (`length` bytes) against `model`. On the first
 * error prints `<path>:<line>: <message>` to `errors` and returns false
 * (nothing to free). On success fills `*script` (free with
 * bone_script_free). A reference the spec lets do nothing (OPENBONE-SAMPLES
 * §2: an unknown skin in `setSkin` selects none, an unknown input in
 * `setInput` or `fire` does nothing) is not an error: it prints
 * `<path>:<line>: warning: … (did you mean …)` to `errors` and the script
 * runs unchanged.
 */
bool bone_script_parse(const char *text, size_t length, const char *path,
                       const anima_bone_model *model, FILE *errors,
                       bone_script *script);

void bone_script_free(bone_script *script);

/**
 * Runs a checked script on `instance` (its first command sees the
 * instance as created). Each `sample` prints the sample line on `samples`;
 * with `samples` NULL it prints nothing, and the events and audio commands
 * of every step are dropped as they come (nobody reads them). Returns
 * CLI_EXIT_OK, or CLI_EXIT_FAILED after printing `script line <n>: …` on
 * stderr (an advance past the largest time, events that could not be
 * recorded, a runtime error, a sample that could not be written).
 */
int bone_script_run(const bone_script *script, const anima_bone_model *model,
                    anima_bone_instance *instance, FILE *samples);

/** The instance's script reports (spec §11) on stderr, one line each:
 * `script <id>: log|error: <message>` (anima_bone_set_script_report). */
void bone_script_print_report(void *user, anima_bone_script_report_kind kind,
                              const char *script, const char *message);

#endif
