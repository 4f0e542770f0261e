/*
 * load_script.c — the document's `scripts` (spec §11, Part B.7 `Script`:
 * `{id, name, source}`) and the lists of script ids that state machines and
 * states carry. The sources are kept as text; they are compiled when a
 * state machine loads them (script.c).
 */
#include <stdlib.h>
#include <string.h>

#include "load_internal.h"

void ob_load_scripts(ob_loader *loader, json_t *list) {
  anima_bone_model *model = loader->model;
  size_t count = json_array_size(list);
  model->scripts = calloc(count ? count : 1, sizeof *model->scripts);
  if (model->scripts == NULL) {
    loader->out_of_memory = true;
    return;
  }
  for (size_t i = 0; i < count; i++) {
    char *where;
    json_t *object =
        ob_object_at(loader, list, "/scripts", i, "id name source", &where);
    if (object) {
      ob_script_data *script = &model->scripts[model->script_count++];
      script->id = ob_id(loader, object, where);
      script->name = ob_string(loader, object, where, "name", true, false);
      json_t *source = json_object_get(object, "source");
      if (source == NULL) {
        ob_error(loader, "missing-key", where, NULL,
                 "the required key \"source\" is missing (a script's "
                 "JavaScript text, §11)");
      } else if (!json_is_string(source)) {
        char *at = ob_pointer_key(loader, where, "source");
        ob_error(loader, "bad-type", at, NULL,
                 "\"source\" must be a string of JavaScript");
        free(at);
      } else {
        script->length = json_string_length(source);
        script->source = malloc(script->length + 1);
        if (script->source == NULL) {
          loader->out_of_memory = true;
        } else {
          memcpy(script->source, json_string_value(source), script->length);
          script->source[script->length] = '\0';
        }
      }
    }
    free(where);
  }
}

long ob_find_script(const anima_bone_model *model, const char *id) {
  for (size_t i = 0; id && i < model->script_count; i++) {
    if (model->scripts[i].id && strcmp(model->scripts[i].id, id) == 0) {
      return (long)i;
    }
  }
  return -1;
}

long *ob_load_script_list(ob_loader *loader, json_t *object, const char *where,
                          size_t *count) {
  *count = 0;
  json_t *list = ob_array(loader, object, where, "scripts", false);
  size_t length = json_array_size(list);
  long *indices = calloc(length ? length : 1, sizeof *indices);
  if (indices == NULL) {
    loader->out_of_memory = true;
    return NULL;
  }
  char *base = ob_pointer_key(loader, where, "scripts");
  for (size_t i = 0; i < length; i++) {
    json_t *id = json_array_get(list, i);
    char *at = ob_pointer_index(loader, base ? base : "", i);
    if (!json_is_string(id)) {
      ob_error(loader, "bad-type", at, NULL,
               "a script reference must be a script's id (a string)");
    } else {
      long index = ob_find_script(loader->model, json_string_value(id));
      if (index < 0) {
        ob_warning(loader, "unknown-reference", at, NULL,
                   "no script has the id \"%s\" (left out)",
                   json_string_value(id));
      } else {
        indices[(*count)++] = index;
      }
    }
    free(at);
  }
  free(base);
  return indices;
}

void ob_free_scripts(anima_bone_model *model) {
  for (size_t i = 0; model->scripts && i < model->script_count; i++) {
    free(model->scripts[i].id);
    free(model->scripts[i].name);
    free(model->scripts[i].source);
  }
  free(model->scripts);
  model->scripts = NULL;
  model->script_count = 0;
}
