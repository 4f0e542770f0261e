/*
 * render_script.c — playback commands for `anima render -s` (see
 * render_script.h; SPEC §11.2).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_script.h"

#define MAX_WORDS 8

static bool number(const char *text, double *out) {
  char *end = NULL;
  errno = 0;
  double value = strtod(text, &end);
  if (end == text || *end != '\0' || errno != 0 || !isfinite(value)) {
    return false;
  }
  *out = value;
  return true;
}

static bool step(anima_player *player, double dt) {
  anima_step_result result;
  return anima_player_step(player, dt, &result) == ANIMA_OK;
}

/* One command; returns NULL when fine, else a message. */
static const char *run_command(anima_player *player, char **words, int count) {
  const char *command = words[0];
  double x = 0, y = 0;
  if (strcmp(command, "advance") == 0) {
    double seconds = 0, steps = 1;
    if ((count != 2 && count != 4) || !number(words[1], &seconds) ||
        seconds < 0 ||
        (count == 4 &&
         (strcmp(words[2], "in") != 0 || !number(words[3], &steps) ||
          steps < 1 || steps != floor(steps) || steps > 1e6))) {
      return "expected: advance <seconds> [in <n>]";
    }
    for (long index = 0; index < (long)steps; index++) {
      if (!step(player, seconds / steps)) {
        return "the step was refused";
      }
    }
    return NULL;
  }
  if (strcmp(command, "set") == 0) {
    if (count != 3) {
      return "expected: set <input> <true|false|number>";
    }
    anima_status status;
    if (strcmp(words[2], "true") == 0 || strcmp(words[2], "false") == 0) {
      status = anima_player_set_bool(player, words[1],
                                     strcmp(words[2], "true") == 0);
    } else if (number(words[2], &x)) {
      status = anima_player_set_number(player, words[1], x);
    } else {
      return "expected: set <input> <true|false|number>";
    }
    return status == ANIMA_OK ? NULL : anima_status_name(status);
  }
  if (strcmp(command, "fire") == 0 || strcmp(command, "toggle") == 0) {
    if (count != 2) {
      return "expected one input name";
    }
    anima_status status = command[0] == 'f'
                              ? anima_player_fire(player, words[1])
                              : anima_player_toggle(player, words[1]);
    return status == ANIMA_OK ? NULL : anima_status_name(status);
  }
  if (strcmp(command, "pointer") == 0 && count >= 2) {
    const char *what = words[1];
    if (strcmp(what, "leave") == 0 && count == 2) {
      return anima_player_pointer_leave(player) == ANIMA_OK && step(player, 0)
                 ? NULL
                 : "the pointer event was refused";
    }
    if (count != 4 || !number(words[2], &x) || !number(words[3], &y)) {
      return "expected: pointer move|down|up|click <x> <y>, or pointer "
             "leave";
    }
    bool ok = true;
    if (strcmp(what, "move") == 0) {
      ok = anima_player_pointer_move(player, x, y) == ANIMA_OK;
    } else if (strcmp(what, "down") == 0) {
      ok = anima_player_pointer_down(player, x, y) == ANIMA_OK;
    } else if (strcmp(what, "up") == 0) {
      ok = anima_player_pointer_up(player, x, y) == ANIMA_OK;
    } else if (strcmp(what, "click") == 0) {
      ok = anima_player_pointer_move(player, x, y) == ANIMA_OK &&
           step(player, 0) &&
           anima_player_pointer_down(player, x, y) == ANIMA_OK &&
           step(player, 0) && anima_player_pointer_up(player, x, y) == ANIMA_OK;
    } else {
      return "expected: pointer move|down|up|click|leave";
    }
    return ok && step(player, 0) ? NULL : "the pointer event was refused";
  }
  if (strcmp(command, "key") == 0 && count == 3) {
    anima_key key;
    if (strcmp(words[2], "enter") == 0 || strcmp(words[2], "Enter") == 0) {
      key = ANIMA_KEY_ENTER;
    } else if (strcmp(words[2], "space") == 0 ||
               strcmp(words[2], "Space") == 0) {
      key = ANIMA_KEY_SPACE;
    } else {
      return "expected: key down|up enter|space";
    }
    anima_status status;
    if (strcmp(words[1], "down") == 0) {
      status = anima_player_key_down(player, key, false);
    } else if (strcmp(words[1], "up") == 0) {
      status = anima_player_key_up(player, key);
    } else {
      return "expected: key down|up enter|space";
    }
    return status == ANIMA_OK && step(player, 0) ? NULL : "the key was refused";
  }
  if (strcmp(command, "motion") == 0 && count == 2 &&
      (strcmp(words[1], "reduce") == 0 || strcmp(words[1], "full") == 0)) {
    anima_player_set_reduced_motion(player, strcmp(words[1], "reduce") == 0);
    return NULL;
  }
  const char *skipped[] = {"snapshot", "expect", "expect-error", "group", "end",
                           "seed",     NULL};
  for (size_t index = 0; skipped[index] != NULL; index++) {
    if (strcmp(command, skipped[index]) == 0) {
      return NULL; /* changes no value: nothing to render differently */
    }
  }
  return "unknown or unsupported command for render";
}

bool render_script_run(anima_player *player, const char *path) {
  FILE *file = fopen(path, "r");
  if (file == NULL) {
    fprintf(stderr, "anima render: cannot read the script %s\n", path);
    return false;
  }
  char line[4096];
  int number_of_line = 0;
  bool ok = true;
  while (ok && fgets(line, sizeof line, file) != NULL) {
    number_of_line++;
    char *comment = strchr(line, '#');
    if (comment != NULL) {
      *comment = '\0';
    }
    char *words[MAX_WORDS];
    int count = 0;
    for (char *word = strtok(line, " \t\r\n");
         word != NULL && count < MAX_WORDS; word = strtok(NULL, " \t\r\n")) {
      words[count++] = word;
    }
    if (count == 0) {
      continue;
    }
    const char *problem = run_command(player, words, count);
    if (problem != NULL) {
      fprintf(stderr, "%s:%d: %s: %s\n", path, number_of_line, words[0],
              problem);
      ok = false;
    }
  }
  fclose(file);
  return ok;
}
