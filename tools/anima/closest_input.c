/* closest_input.c — closest_input.h. */
#include <stdlib.h>

#include <anima/module.h>

#include "closest_input.h"

const char *closest_input(const anima_model *model, const char *name) {
  size_t count = anima_model_input_count(model);
  const char **names = malloc((count + 1) * sizeof *names);
  if (!names) {
    return NULL;
  }
  for (size_t i = 0; i < count; i++) {
    names[i] = anima_model_input_name(model, i);
  }
  const char *closest = anima_closest_name(name, names, count);
  free(names);
  return closest;
}
