/*
 * compile_listeners.c — listeners with target node indices and their
 * actions in the order fire, set, toggle, emit (SPEC §9); the whole-icon
 * `hit` area; the root `a11y` object (SPEC §10).
 */
#include <stdio.h>
#include <string.h>

#include "compile_internal.h"
#include "format_names.h"
#include "registry_internal.h"
#include "text.h"

static long input_index(const anima_model *model, const char *name) {
  for (size_t i = 0; name && i < model->input_count; i++) {
    if (strcmp(model->inputs[i].name, name) == 0) {
      return (long)i;
    }
  }
  return -1;
}

static anima_status append_action(anima_compiler *compiler,
                                  anima_action_kind kind, long input,
                                  anima_value value, const char *name) {
  anima_model *model = compiler->model;
  size_t index;
  if (!ANIMA_COMPILE_APPEND(model->actions, model->action_count,
                            compiler->action_capacity, index)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_model_action *action = &model->actions[index];
  action->instance_offset = ANIMA_NO_INSTANCE;
  action->kind = kind;
  action->input = input;
  action->value = value;
  if (name) {
    action->name = anima_model_intern(model, name);
    if (!action->name) {
      return ANIMA_ERROR_NO_MEMORY;
    }
  }
  return ANIMA_OK;
}

/* `fire` or `toggle`: a name or a list of names of inputs of `type`. */
static anima_status compile_name_actions(anima_compiler *compiler,
                                         const json_t *names,
                                         anima_action_kind kind,
                                         anima_input_type type) {
  if (!names) {
    return ANIMA_OK;
  }
  size_t count = json_is_array(names) ? json_array_size(names) : 1;
  for (size_t i = 0; i < count; i++) {
    const json_t *name =
        json_is_array(names) ? json_array_get(names, i) : names;
    long input = input_index(
        compiler->model, json_is_string(name) ? json_string_value(name) : NULL);
    if (input < 0 || compiler->model->inputs[input].type != type) {
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
    anima_value none = {.type = ANIMA_VALUE_BOOL};
    anima_status status = append_action(compiler, kind, input, none, NULL);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}

static anima_status compile_set_actions(anima_compiler *compiler,
                                        const json_t *set, const char *at,
                                        size_t *expressions) {
  anima_model *model = compiler->model;
  const char *name;
  const json_t *json;
  if (set && !json_is_object(set)) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  json_object_foreach((json_t *)set, name, json) {
    if (anima_compile_is_comment(name)) {
      continue;
    }
    long input = input_index(model, name);
    if (input < 0) {
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
    anima_value value = {.type = ANIMA_VALUE_BOOL};
    if (model->inputs[input].type == ANIMA_INPUT_BOOL &&
        json_is_boolean(json)) {
      value.as.boolean = json_is_true(json);
    } else if (model->inputs[input].type == ANIMA_INPUT_NUMBER &&
               json_is_number(json)) {
      value.type = ANIMA_VALUE_NUMBER;
      value.as.number = json_number_value(json);
    } else if (json_is_string(json)) {
      /* An expression string (SPEC bind "Input expressions in actions"). */
      anima_text pointer = {0};
      anima_text_append(&pointer, at);
      anima_text_append(&pointer, "/set");
      anima_text_append_pointer_token(&pointer, name);
      const anima_expression_kind_desc *kind = NULL;
      const void *data = NULL;
      anima_status status =
          pointer.failed
              ? ANIMA_ERROR_NO_MEMORY
              : anima_compile_expression(compiler, json_string_value(json),
                                         model->inputs[input].type,
                                         anima_text_string(&pointer), &kind,
                                         &data);
      anima_text_free(&pointer);
      if (status == ANIMA_OK) {
        value.type = model->inputs[input].type == ANIMA_INPUT_NUMBER
                         ? ANIMA_VALUE_NUMBER
                         : ANIMA_VALUE_BOOL;
        status = append_action(compiler, ANIMA_ACTION_SET, input, value, NULL);
      }
      if (status != ANIMA_OK) {
        return status;
      }
      anima_model_action *action = &model->actions[model->action_count - 1];
      action->expression = kind;
      action->expression_data = data;
      (*expressions)++;
      if (*expressions > model->action_expression_limit) {
        model->action_expression_limit = *expressions;
      }
      continue;
    } else {
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
    anima_status status =
        append_action(compiler, ANIMA_ACTION_SET, input, value, NULL);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}

/* The module action keys of a listener (module.h anima_action_kind_desc),
 * after its core keys, in registration order: per-model data from the
 * key's value (site ACTION). */
static anima_status compile_module_actions(anima_compiler *compiler,
                                           const json_t *object,
                                           size_t listener) {
  anima_model *model = compiler->model;
  const anima_registry *registry = model->registry;
  size_t count =
      anima_registry_behaviour_count(registry, ANIMA_BEHAVIOUR_ACTION_KIND);
  for (size_t i = 0; i < count; i++) {
    const anima_behaviour *entry =
        anima_registry_behaviour(registry, ANIMA_BEHAVIOUR_ACTION_KIND, i);
    const anima_action_kind_desc *kind = entry->desc;
    const json_t *value = json_object_get(object, kind->key);
    if (!value || !anima_feature_declared(kind->feature, model->requires,
                                          model->require_count)) {
      continue;
    }
    anima_text pointer = {0};
    anima_text_appendf(&pointer, "/listeners/%zu", listener);
    anima_text_append_pointer_token(&pointer, kind->key);
    anima_site site = {
        .struct_size = sizeof site,
        .kind = ANIMA_SITE_ACTION,
        .json = (const anima_json *)value,
        .pointer = anima_text_string(&pointer),
        .node = -1,
        .layer = -1,
        .state = -1,
        .index = listener,
    };
    void *data = NULL;
    size_t instance = ANIMA_NO_INSTANCE;
    anima_status status =
        pointer.failed
            ? ANIMA_ERROR_NO_MEMORY
            : anima_compile_lifecycle(compiler, &kind->lifecycle, kind->user,
                                      &site, entry->module, &data, &instance);
    anima_text_free(&pointer);
    if (status != ANIMA_OK) {
      return status;
    }
    anima_value none = {.type = ANIMA_VALUE_BOOL};
    status = append_action(compiler, ANIMA_ACTION_MODULE, -1, none, NULL);
    if (status != ANIMA_OK) {
      return status;
    }
    anima_model_action *action = &model->actions[model->action_count - 1];
    action->module = kind;
    action->module_data = data;
    action->instance_offset = instance;
  }
  return ANIMA_OK;
}

anima_status anima_compile_action_block(anima_compiler *compiler,
                                        const json_t *object, const char *at,
                                        size_t *first, size_t *count,
                                        size_t *expressions) {
  anima_model *model = compiler->model;
  *first = model->action_count;
  *count = 0;
  anima_status status =
      compile_name_actions(compiler, json_object_get(object, "fire"),
                           ANIMA_ACTION_FIRE, ANIMA_INPUT_TRIGGER);
  if (status == ANIMA_OK) {
    status = compile_set_actions(compiler, json_object_get(object, "set"), at,
                                 expressions);
  }
  if (status == ANIMA_OK) {
    status = compile_name_actions(compiler, json_object_get(object, "toggle"),
                                  ANIMA_ACTION_TOGGLE, ANIMA_INPUT_BOOL);
  }
  const char *emit = anima_json_string_member(object, "emit");
  if (status == ANIMA_OK && emit) {
    anima_value none = {.type = ANIMA_VALUE_BOOL};
    status = append_action(compiler, ANIMA_ACTION_EMIT, -1, none, emit);
  }
  *count = model->action_count - *first;
  return status;
}

/* Does `on` belong to a listener source of a declared feature (module.h
 * anima_listener_source_desc)? Validation accepted it so. */
static bool listener_source(const anima_model *model, const char *on) {
  size_t count = anima_registry_behaviour_count(
      model->registry, ANIMA_BEHAVIOUR_LISTENER_SOURCE);
  for (size_t i = 0; i < count; i++) {
    const anima_listener_source_desc *source =
        anima_registry_behaviour(model->registry,
                                 ANIMA_BEHAVIOUR_LISTENER_SOURCE, i)
            ->desc;
    size_t length = strlen(source->prefix);
    if (strncmp(on, source->prefix, length) == 0 && on[length] &&
        anima_feature_declared(source->feature, model->requires,
                               model->require_count)) {
      return true;
    }
  }
  return false;
}

static anima_status compile_listener(anima_compiler *compiler,
                                     const json_t *object) {
  anima_model *model = compiler->model;
  size_t index;
  if (!ANIMA_COMPILE_APPEND(model->listeners, model->listener_count,
                            compiler->listener_capacity, index)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_model_listener *listener = &model->listeners[index];
  const char *on = anima_json_string_member(object, "on");
  int event = -1;
  for (int i = 0; on && anima_listener_event_names[i]; i++) {
    if (strcmp(on, anima_listener_event_names[i]) == 0) {
      event = i;
    }
  }
  if (event < 0 && on && listener_source(model, on)) {
    event = ANIMA_LISTENER_SOURCE;
  }
  if (event < 0) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  listener->on = (anima_listener_event)event;
  listener->on_text = anima_model_intern(model, on);
  if (!listener->on_text) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  listener->target = -1;
  const char *target = anima_json_string_member(object, "target");
  if (target) {
    for (size_t i = 0; i < model->node_count; i++) {
      if (strcmp(model->nodes[i].id, target) == 0) {
        listener->target = (long)i;
      }
    }
    if (listener->target < 0) {
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
  }
  listener->hit_padding =
      anima_json_number_or(json_object_get(object, "hitPadding"), 0);
  listener->first_action = model->action_count;
  char at[64];
  snprintf(at, sizeof at, "/listeners/%zu", index);
  size_t first, count, expressions = 0;
  anima_status status = anima_compile_action_block(compiler, object, at, &first,
                                                   &count, &expressions);
  model->listeners[index].expression_count = expressions;
  if (status == ANIMA_OK) {
    status = compile_module_actions(compiler, object, index);
  }
  listener = &model->listeners[index];
  listener->action_count = model->action_count - listener->first_action;
  return status;
}

static anima_status compile_a11y(anima_compiler *compiler) {
  anima_model *model = compiler->model;
  const json_t *a11y = json_object_get(compiler->document, "a11y");
  model->a11y.activate = model->a11y.pressed = model->a11y.held = -1;
  if (!json_is_object(a11y)) {
    return ANIMA_OK;
  }
  const char *role = anima_json_string_member(a11y, "role");
  for (int i = 0; role && anima_a11y_role_names[i]; i++) {
    if (strcmp(role, anima_a11y_role_names[i]) == 0) {
      model->a11y.role = (anima_a11y_role)(ANIMA_ROLE_BUTTON + i);
    }
  }
  const char *label = anima_json_string_member(a11y, "label");
  if (label) {
    model->a11y.label = anima_model_intern(model, label);
    if (!model->a11y.label) {
      return ANIMA_ERROR_NO_MEMORY;
    }
  }
  const char *activate = anima_json_string_member(a11y, "activate");
  const char *pressed = anima_json_string_member(a11y, "pressed");
  const char *held = anima_json_string_member(a11y, "held");
  model->a11y.activate = input_index(model, activate);
  model->a11y.pressed = input_index(model, pressed);
  model->a11y.held = input_index(model, held);
  if ((activate &&
       (model->a11y.activate < 0 ||
        model->inputs[model->a11y.activate].type == ANIMA_INPUT_NUMBER)) ||
      (pressed &&
       (model->a11y.pressed < 0 ||
        model->inputs[model->a11y.pressed].type != ANIMA_INPUT_BOOL)) ||
      (held && (model->a11y.held < 0 ||
                model->inputs[model->a11y.held].type != ANIMA_INPUT_BOOL))) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  return ANIMA_OK;
}

static void compile_hit(anima_compiler *compiler) {
  anima_model *model = compiler->model;
  const json_t *hit = json_object_get(compiler->document, "hit");
  const json_t *circle = json_object_get(hit, "circle");
  const json_t *rect = json_object_get(hit, "rect");
  model->hit_kind = ANIMA_HIT_VIEWBOX;
  memcpy(model->hit_area, model->view_box, sizeof model->hit_area);
  if (json_is_array(circle) && json_array_size(circle) == 3) {
    model->hit_kind = ANIMA_HIT_CIRCLE;
    for (size_t i = 0; i < 3; i++) {
      model->hit_area[i] = anima_json_number_or(json_array_get(circle, i), 0);
    }
    model->hit_area[3] = 0;
  } else if (json_is_array(rect) && json_array_size(rect) == 4) {
    model->hit_kind = ANIMA_HIT_RECT;
    for (size_t i = 0; i < 4; i++) {
      model->hit_area[i] = anima_json_number_or(json_array_get(rect, i), 0);
    }
  }
}

anima_status anima_compile_listeners(anima_compiler *compiler) {
  const json_t *listeners = json_object_get(compiler->document, "listeners");
  if (listeners && !json_is_array(listeners)) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  for (size_t i = 0; i < json_array_size(listeners); i++) {
    anima_status status =
        compile_listener(compiler, json_array_get(listeners, i));
    if (status != ANIMA_OK) {
      return status;
    }
  }
  compile_hit(compiler);
  return compile_a11y(compiler);
}
