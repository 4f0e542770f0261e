/*
 * script_hints.c — hints for script names the document does not have
 * (script_internal.h): a did-you-mean over the document's own property
 * addresses (JSON and AniML spellings) and input names, else examples and
 * lists taken from the document.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/format.h>
#include <anima/module.h>

#include "closest_input.h"
#include "script_internal.h"

/* The AniML spelling of property `index` ("ring.trimEnd" for
 * "ring.stroke.trimEnd"), written to `out`; false when it has none. The
 * alias is the registry's markup address of the part after the node id,
 * kept only when the model resolves it back to the same property. */
static bool property_alias(const anima_model *model, size_t index, char *out,
                           size_t size) {
  const anima_registry *registry =
      anima_runtime_registry(anima_model_runtime(model));
  const char *address = anima_model_property_address(model, index);
  const char *dot = address ? strchr(address, '.') : NULL;
  if (!registry || !dot) {
    return false;
  }
  size_t count = anima_registry_property_count(registry);
  for (size_t id = 0; id < count; id++) {
    const anima_property *property = anima_registry_property(registry, id);
    if (!property->markup_address || strcmp(property->address, dot + 1) != 0) {
      continue;
    }
    int written = snprintf(out, size, "%.*s.%s", (int)(dot - address), address,
                           property->markup_address);
    if (written > 0 && (size_t)written < size &&
        anima_model_property_find(model, out) == (long)index) {
      return true;
    }
  }
  return false;
}

/* An address of the document to show as an example: the first one a track
 * or pose writes, else the first one. */
static const char *example_address(const anima_model *model) {
  size_t count = anima_model_property_count(model);
  for (size_t i = 0; i < count; i++) {
    if (anima_model_property_animated(model, i)) {
      return anima_model_property_address(model, i);
    }
  }
  return count > 0 ? anima_model_property_address(model, 0) : NULL;
}

/* The first bool or number input of the document, or NULL. */
static const char *example_input(const anima_model *model) {
  for (size_t i = 0; i < anima_model_input_count(model); i++) {
    if (anima_model_input_type(model, i) != ANIMA_INPUT_TRIGGER) {
      return anima_model_input_name(model, i);
    }
  }
  return NULL;
}

/* Longest AniML spelling built here; longer ones are not suggested. */
#define ALIAS_SIZE 160

void script_hint_unknown_target(const anima_model *model, const char *name,
                                char *hint, size_t size) {
  size_t properties = anima_model_property_count(model);
  size_t inputs = anima_model_input_count(model);
  const char **candidates =
      malloc((2 * properties + inputs + 1) * sizeof *candidates);
  char **aliases = calloc(properties + 1, sizeof *aliases);
  const char *closest = NULL;
  if (candidates && aliases) {
    size_t count = 0;
    /* JSON addresses first: they win ties with their aliases. */
    for (size_t i = 0; i < properties; i++) {
      candidates[count++] = anima_model_property_address(model, i);
    }
    for (size_t i = 0; i < properties; i++) {
      char alias[ALIAS_SIZE];
      if (property_alias(model, i, alias, sizeof alias) &&
          (aliases[i] = strdup(alias)) != NULL) {
        candidates[count++] = aliases[i];
      }
    }
    for (size_t i = 0; i < inputs; i++) {
      if (anima_model_input_type(model, i) != ANIMA_INPUT_TRIGGER) {
        candidates[count++] = anima_model_input_name(model, i);
      }
    }
    closest = anima_closest_name(name, candidates, count);
  }
  if (closest) {
    snprintf(hint, size, "did you mean \"%s\"?", closest);
  } else {
    const char *address = example_address(model);
    const char *input = example_input(model);
    snprintf(hint, size,
             "use <node-id>.<property> such as \"%s\"%s%s%s; `snapshot "
             "--all` lists them",
             address ? address : "", input ? " or an input such as \"" : "",
             input ? input : "", input ? "\"" : "");
  }
  for (size_t i = 0; aliases && i < properties; i++) {
    free(aliases[i]);
  }
  free(aliases);
  free(candidates);
}

/* Appends "name (type), ..." for the document's inputs to `hint` (which
 * holds `used` bytes), ending in "..." when they do not all fit. */
static void append_inputs(const anima_model *model, char *hint, size_t size,
                          size_t used) {
  size_t count = anima_model_input_count(model);
  for (size_t i = 0; i < count && used < size; i++) {
    char item[128];
    int length =
        snprintf(item, sizeof item, "%s%s (%s)", i ? ", " : "",
                 anima_model_input_name(model, i),
                 anima_input_type_name(anima_model_input_type(model, i)));
    if (length < 0 || used + (size_t)length + 5 > size) {
      snprintf(hint + used, size - used, ", ...");
      return;
    }
    memcpy(hint + used, item, (size_t)length + 1);
    used += (size_t)length;
  }
}

void script_hint_unknown_input(const anima_model *model, const char *name,
                               char *hint, size_t size) {
  size_t count = anima_model_input_count(model);
  const char *closest = closest_input(model, name);
  if (closest) {
    snprintf(hint, size, "did you mean \"%s\"?", closest);
    return;
  }
  if (count == 0) {
    snprintf(hint, size,
             "the document declares no inputs; set, fire and toggle write "
             "inputs");
    return;
  }
  int used = snprintf(hint, size, "%s",
                      anima_model_property_find(model, name) >= 0
                          ? "that is a property: set, fire and toggle write "
                            "inputs, and the document's inputs are "
                          : "the document's inputs: ");
  if (used > 0 && (size_t)used < size) {
    append_inputs(model, hint, size, (size_t)used);
  }
}
