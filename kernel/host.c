/*
 * host.c — the host table (module.h anima_host) and the registrar: every
 * service a module reaches, and registration inside a module's `init`.
 */
#include <jansson.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <anima/format.h>

#include "color.h"
#include "host_internal.h"
#include "text.h"

/* ---- registrar ----------------------------------------------------------- */

/* Records the latest failed registration of a module: the registry's
 * reason, prefixed by what was being registered (the message when `init`
 * then fails; a module may also try a registration and go on without it). */
static anima_status registered(anima_registrar *r, anima_status status,
                               const char *what, const char *name) {
  if (status == ANIMA_OK) {
    return status;
  }
  r->failure = status;
  anima_text text = {0};
  const char *reason = anima_registry_last_error(r->registry);
  if (status == ANIMA_ERROR_NO_MEMORY) {
    anima_text_appendf(&text, "out of memory registering %s \"%s\"", what,
                       name ? name : "");
  } else {
    anima_text_appendf(&text, "cannot register %s \"%s\": %s", what,
                       name ? name : "",
                       reason ? reason : "a required member is missing");
  }
  free(r->reason);
  r->reason = anima_text_take(&text);
  return status;
}

/* Is `feature` (a name or alternatives "a|b") one the registering module
 * may register for: every alternative a valid name, one of them its own?
 * Otherwise records why (docs/MODULES.md "Features": an entry for a
 * feature the module does not provide is refused). */
static anima_status owned_feature(anima_registrar *r, const char *feature,
                                  const char *what, const char *name) {
  if (!r->features) {
    return ANIMA_OK; /* the kernel's own registrations */
  }
  bool owned = false, valid = feature && *feature;
  for (const char *start = feature; valid && start;) {
    const char *end = strchr(start, '|');
    size_t length = end ? (size_t)(end - start) : strlen(start);
    valid = length > 0;
    for (size_t i = 0; i < length; i++) {
      char c = start[i];
      valid = valid &&
              ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
    }
    for (const char *const *own = r->features; valid && *own; own++) {
      owned = owned ||
              (strlen(*own) == length && strncmp(*own, start, length) == 0);
    }
    start = end ? end + 1 : NULL;
  }
  if (valid && owned) {
    return ANIMA_OK;
  }
  anima_text text = {0};
  anima_text_appendf(&text, "cannot register %s \"%s\": ", what,
                     name ? name : "");
  if (!valid) {
    anima_text_appendf(&text,
                       "\"%s\" is not a feature name or alternatives "
                       "\"a|b\"",
                       feature ? feature : "");
  } else {
    anima_text_appendf(&text,
                       "its feature \"%s\" is not one this module provides "
                       "(it provides",
                       feature);
    for (const char *const *own = r->features; *own; own++) {
      anima_text_appendf(&text, "%s \"%s\"", own == r->features ? "" : ",",
                         *own);
    }
    anima_text_append(&text, ")");
  }
  r->failure = ANIMA_ERROR_INVALID_ARGUMENT;
  free(r->reason);
  r->reason = anima_text_take(&text);
  return ANIMA_ERROR_INVALID_ARGUMENT;
}

/* A copy of a registry desc with the module's feature as the default,
 * refused when the feature is not the module's own. */
#define WITH_FEATURE(type, desc, r, what, name)                                \
  type copy = *(desc);                                                         \
  if (!copy.feature) {                                                         \
    copy.feature = (r)->feature;                                               \
  }                                                                            \
  if (owned_feature((r), copy.feature, (what), (name)) != ANIMA_OK) {          \
    return ANIMA_ERROR_INVALID_ARGUMENT;                                       \
  }

static anima_status host_add_kind(anima_registrar *r,
                                  const anima_kind_desc *desc) {
  if (!r || !desc) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  WITH_FEATURE(anima_kind_desc, desc, r, "kind", desc->name);
  return registered(r, anima_registry_add_kind(r->registry, &copy), "kind",
                    desc->name);
}

static anima_status host_add_field(anima_registrar *r,
                                   const anima_field_desc *desc) {
  if (!r || !desc) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  WITH_FEATURE(anima_field_desc, desc, r, "field", desc->name);
  return registered(r, anima_registry_add_field(r->registry, &copy), "field",
                    desc->name);
}

static anima_status host_add_property(anima_registrar *r,
                                      const anima_property_desc *desc) {
  if (!r || !desc) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  WITH_FEATURE(anima_property_desc, desc, r, "property", desc->address);
  if (copy.value_type) {
    /* A module value type by name: registered before (by this module or
     * one it depends on); the property takes its id. */
    bool found = false;
    copy.type =
        anima_registry_value_type_id(r->registry, copy.value_type, &found);
    if (!found) {
      r->failure = ANIMA_ERROR_INVALID_ARGUMENT;
      anima_text text = {0};
      anima_text_appendf(&text,
                         "cannot register property \"%s\": no value type "
                         "\"%s\" is registered",
                         desc->address, copy.value_type);
      free(r->reason);
      r->reason = anima_text_take(&text);
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
    copy.default_value.type = copy.type;
  }
  return registered(r, anima_registry_add_property(r->registry, &copy, NULL),
                    "property", desc->address);
}

static anima_status
host_add_property_mount(anima_registrar *r,
                        const anima_property_mount_desc *desc) {
  if (!r || !desc) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  WITH_FEATURE(anima_property_mount_desc, desc, r, "property mount",
               desc->prefix);
  return registered(r, anima_registry_add_property_mount(r->registry, &copy),
                    "property mount", desc->prefix);
}

static anima_status host_add_code(anima_registrar *r,
                                  const anima_code_desc *desc) {
  if (!r || !desc) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  WITH_FEATURE(anima_code_desc, desc, r, "diagnostic code", desc->code);
  return registered(r, anima_registry_add_code(r->registry, &copy),
                    "diagnostic code", desc->code);
}

static anima_status host_add_foreign_name(anima_registrar *r,
                                          const anima_foreign_name_desc *desc) {
  if (!r || !desc) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  WITH_FEATURE(anima_foreign_name_desc, desc, r, "foreign name", desc->name);
  return registered(r, anima_registry_add_foreign_name(r->registry, &copy),
                    "foreign name", desc->name);
}

/* Behaviours: copied at the kernel's size; a missing feature becomes the
 * module's first feature (the second member after struct_size differs by
 * type, so the copy is made first and patched by the caller). */
static anima_status add_behaviour(anima_registrar *r, anima_behaviour_kind kind,
                                  const void *desc, size_t full_size,
                                  const char *what, const char *name) {
  if (!r || !desc) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  return registered(r,
                    anima_registry_add_behaviour(r->registry, kind, desc,
                                                 full_size, r->module,
                                                 r->module_rank),
                    what, name);
}

/* Copies a desc of `type` at the kernel's size (zero-filling what an older
 * module lacks), fills a missing feature, then registers it. */
#define ADD_BEHAVIOUR(type, kind, desc, r, what, name_member)                  \
  do {                                                                         \
    if (!(r) || !(desc) || (desc)->struct_size < sizeof(size_t)) {             \
      return ANIMA_ERROR_INVALID_ARGUMENT;                                     \
    }                                                                          \
    type copy;                                                                 \
    memset(&copy, 0, sizeof copy);                                             \
    memcpy(&copy, (desc),                                                      \
           (desc)->struct_size < sizeof copy ? (desc)->struct_size             \
                                             : sizeof copy);                   \
    copy.struct_size = sizeof copy;                                            \
    if (!copy.feature) {                                                       \
      copy.feature = (r)->feature;                                             \
    }                                                                          \
    if (owned_feature((r), copy.feature, (what), copy.name_member) !=          \
        ANIMA_OK) {                                                            \
      return ANIMA_ERROR_INVALID_ARGUMENT;                                     \
    }                                                                          \
    return add_behaviour((r), (kind), &copy, sizeof copy, (what),              \
                         copy.name_member);                                    \
  } while (0)

static anima_status host_add_check(anima_registrar *r,
                                   const anima_check_desc *desc) {
  ADD_BEHAVIOUR(anima_check_desc, ANIMA_BEHAVIOUR_CHECK, desc, r, "check",
                name);
}
static anima_status host_add_stage_hook(anima_registrar *r,
                                        const anima_stage_hook_desc *desc) {
  ADD_BEHAVIOUR(anima_stage_hook_desc, ANIMA_BEHAVIOUR_STAGE_HOOK, desc, r,
                "stage hook", name);
}
static anima_status host_add_state_kind(anima_registrar *r,
                                        const anima_state_kind_desc *desc) {
  ADD_BEHAVIOUR(anima_state_kind_desc, ANIMA_BEHAVIOUR_STATE_KIND, desc, r,
                "state kind", name);
}
static anima_status host_add_term_kind(anima_registrar *r,
                                       const anima_term_kind_desc *desc) {
  ADD_BEHAVIOUR(anima_term_kind_desc, ANIMA_BEHAVIOUR_TERM_KIND, desc, r,
                "condition term kind", name);
}
static anima_status host_add_ease_kind(anima_registrar *r,
                                       const anima_ease_kind_desc *desc) {
  ADD_BEHAVIOUR(anima_ease_kind_desc, ANIMA_BEHAVIOUR_EASE_KIND, desc, r,
                "ease", name);
}
static anima_status host_add_action_kind(anima_registrar *r,
                                         const anima_action_kind_desc *desc) {
  ADD_BEHAVIOUR(anima_action_kind_desc, ANIMA_BEHAVIOUR_ACTION_KIND, desc, r,
                "action", key);
}
static anima_status host_add_solver_kind(anima_registrar *r,
                                         const anima_solver_kind_desc *desc) {
  ADD_BEHAVIOUR(anima_solver_kind_desc, ANIMA_BEHAVIOUR_SOLVER_KIND, desc, r,
                "solver kind", kind);
}
static anima_status
host_add_node_behaviour(anima_registrar *r,
                        const anima_node_behaviour_desc *desc) {
  ADD_BEHAVIOUR(anima_node_behaviour_desc, ANIMA_BEHAVIOUR_NODE, desc, r,
                "node behaviour", node_type);
}
static anima_status host_add_outline_hook(anima_registrar *r,
                                          const anima_outline_hook_desc *desc) {
  ADD_BEHAVIOUR(anima_outline_hook_desc, ANIMA_BEHAVIOUR_OUTLINE_HOOK, desc, r,
                "outline hook", node_type);
}
/* A deformer needs a name, compile and deform (module.h). */
static anima_status host_add_deformer(anima_registrar *r,
                                      const anima_deformer_desc *desc) {
  if (!desc || desc->struct_size < sizeof(size_t)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_deformer_desc full;
  memset(&full, 0, sizeof full);
  memcpy(&full, desc,
         desc->struct_size < sizeof full ? desc->struct_size : sizeof full);
  full.struct_size = sizeof full;
  if (!full.name || !full.compile || !full.deform) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_deformer_desc *checked = &full;
  ADD_BEHAVIOUR(anima_deformer_desc, ANIMA_BEHAVIOUR_DEFORMER, checked, r,
                "point deformer", name);
}
static anima_status host_add_paint_kind(anima_registrar *r,
                                        const anima_paint_kind_desc *desc) {
  ADD_BEHAVIOUR(anima_paint_kind_desc, ANIMA_BEHAVIOUR_PAINT_KIND, desc, r,
                "paint kind", type);
}
static anima_status
host_add_derived_property(anima_registrar *r,
                          const anima_derived_property_desc *desc) {
  ADD_BEHAVIOUR(anima_derived_property_desc, ANIMA_BEHAVIOUR_DERIVED_PROPERTY,
                desc, r, "derived property", address);
}
static anima_status
host_add_expression_kind(anima_registrar *r,
                         const anima_expression_kind_desc *desc) {
  ADD_BEHAVIOUR(anima_expression_kind_desc, ANIMA_BEHAVIOUR_EXPRESSION_KIND,
                desc, r, "expression kind", name);
}
static anima_status
host_add_transition_hook(anima_registrar *r,
                         const anima_transition_hook_desc *desc) {
  ADD_BEHAVIOUR(anima_transition_hook_desc, ANIMA_BEHAVIOUR_TRANSITION_HOOK,
                desc, r, "transition hook", name);
}
static anima_status
host_add_crossfade_rule(anima_registrar *r,
                        const anima_crossfade_rule_desc *desc) {
  ADD_BEHAVIOUR(anima_crossfade_rule_desc, ANIMA_BEHAVIOUR_CROSSFADE_RULE, desc,
                r, "crossfade rule", name);
}
static anima_status host_add_clock(anima_registrar *r,
                                   const anima_clock_desc *desc) {
  ADD_BEHAVIOUR(anima_clock_desc, ANIMA_BEHAVIOUR_CLOCK, desc, r, "clock",
                name);
}
static anima_status
host_add_listener_source(anima_registrar *r,
                         const anima_listener_source_desc *desc) {
  if (desc && desc->struct_size >= sizeof(size_t) &&
      (!desc->prefix || !desc->prefix[0])) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  ADD_BEHAVIOUR(anima_listener_source_desc, ANIMA_BEHAVIOUR_LISTENER_SOURCE,
                desc, r, "listener source", prefix);
}
static anima_status host_add_interface(anima_registrar *r,
                                       const anima_interface_desc *desc) {
  if (desc &&
      desc->struct_size >=
          offsetof(anima_interface_desc, table) + sizeof desc->table &&
      (!desc->name || !desc->name[0] || !desc->table)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  ADD_BEHAVIOUR(anima_interface_desc, ANIMA_BEHAVIOUR_INTERFACE, desc, r,
                "interface", name);
}
static anima_status host_add_operation(anima_registrar *r,
                                       const anima_operation_desc *desc) {
  if (r && desc && desc->struct_size >= sizeof(size_t)) {
    /* The fields the check reads are all in ABI 2.0's desc. */
    anima_operation_desc copy;
    memset(&copy, 0, sizeof copy);
    memcpy(&copy, desc,
           desc->struct_size < sizeof copy ? desc->struct_size : sizeof copy);
    anima_text why = {0};
    if (!anima_operation_desc_check(&copy, &why)) {
      anima_text text = {0};
      anima_text_appendf(&text, "cannot register operation \"%s\": %s",
                         copy.name ? copy.name : "", anima_text_string(&why));
      anima_text_free(&why);
      r->failure = ANIMA_ERROR_INVALID_ARGUMENT;
      free(r->reason);
      r->reason = anima_text_take(&text);
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
  }
  ADD_BEHAVIOUR(anima_operation_desc, ANIMA_BEHAVIOUR_OPERATION, desc, r,
                "operation", name);
}

static anima_status host_add_value_type(anima_registrar *r,
                                        const anima_value_type_desc *desc,
                                        anima_value_type *id) {
  if (!r || !desc || desc->struct_size < sizeof(size_t) || !desc->name) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_value_type_desc copy;
  memset(&copy, 0, sizeof copy);
  memcpy(&copy, desc,
         desc->struct_size < sizeof copy ? desc->struct_size : sizeof copy);
  copy.struct_size = sizeof copy;
  if (!copy.feature) {
    copy.feature = r->feature;
  }
  if (owned_feature(r, copy.feature, "value type", copy.name) != ANIMA_OK) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_status status = add_behaviour(r, ANIMA_BEHAVIOUR_VALUE_TYPE, &copy,
                                      sizeof copy, "value type", copy.name);
  if (status == ANIMA_OK && id) {
    bool found = false;
    *id = anima_registry_value_type_id(r->registry, copy.name, &found);
  }
  return status;
}

static const anima_registry *host_registry(anima_registrar *r) {
  return r ? r->registry : NULL;
}

/* ---- JSON -----------------------------------------------------------------
 */

static const json_t *as_json(const anima_json *value) {
  return (const json_t *)value;
}

static anima_json_type host_json_type(const anima_json *value) {
  const json_t *json = as_json(value);
  if (json_is_boolean(json)) {
    return ANIMA_JSON_BOOL;
  }
  if (json_is_number(json)) {
    return ANIMA_JSON_NUMBER;
  }
  if (json_is_string(json)) {
    return ANIMA_JSON_STRING;
  }
  if (json_is_array(json)) {
    return ANIMA_JSON_ARRAY;
  }
  if (json_is_object(json)) {
    return ANIMA_JSON_OBJECT;
  }
  return ANIMA_JSON_NULL;
}

static bool host_json_bool(const anima_json *value) {
  return json_is_true(as_json(value));
}

static double host_json_number(const anima_json *value) {
  return json_is_number(as_json(value)) ? json_number_value(as_json(value)) : 0;
}

static const char *host_json_string(const anima_json *value, size_t *length) {
  const json_t *json = as_json(value);
  if (!json_is_string(json)) {
    if (length) {
      *length = 0;
    }
    return NULL;
  }
  if (length) {
    *length = json_string_length(json);
  }
  return json_string_value(json);
}

static size_t host_json_size(const anima_json *value) {
  const json_t *json = as_json(value);
  return json_is_array(json)    ? json_array_size(json)
         : json_is_object(json) ? json_object_size(json)
                                : 0;
}

static const anima_json *host_json_item(const anima_json *array, size_t index) {
  return (const anima_json *)json_array_get(as_json(array), index);
}

static const anima_json *host_json_member(const anima_json *object,
                                          const char *key) {
  const json_t *json = as_json(object);
  return json_is_object(json) && key
             ? (const anima_json *)json_object_get(json, key)
             : NULL;
}

/* Members in document order: jansson iterates objects in insertion order,
 * which is the document's order. */
static void *member_at(const anima_json *object, size_t index) {
  const json_t *json = as_json(object);
  if (!json_is_object(json)) {
    return NULL;
  }
  void *iterator = json_object_iter((json_t *)json);
  for (size_t i = 0; iterator && i < index; i++) {
    iterator = json_object_iter_next((json_t *)json, iterator);
  }
  return iterator;
}

static const char *host_json_key_at(const anima_json *object, size_t index) {
  void *iterator = member_at(object, index);
  return iterator ? json_object_iter_key(iterator) : NULL;
}

static const anima_json *host_json_value_at(const anima_json *object,
                                            size_t index) {
  void *iterator = member_at(object, index);
  return iterator ? (const anima_json *)json_object_iter_value(iterator) : NULL;
}

/* ---- variadic wrappers ------------------------------------------------------
 */

static void host_check_report(anima_check *c, const char *code,
                              anima_severity severity, const char *pointer,
                              const char *hint, const char *format, ...) {
  va_list list;
  va_start(list, format);
  anima_check_vreport(c, code, severity, pointer, hint, format, list);
  va_end(list);
}

static void host_compile_report(anima_compile *c, const char *code,
                                const char *pointer, const char *hint,
                                const char *format, ...) {
  va_list list;
  va_start(list, format);
  anima_compile_vreport(c, code, pointer, hint, format, list);
  va_end(list);
}

static void host_value_report(anima_value_context *v, const char *code,
                              const char *hint, const char *format, ...) {
  va_list list;
  va_start(list, format);
  anima_value_context_vreport(v, code, hint, format, list);
  va_end(list);
}

static void host_term_report(anima_term_context *t, const char *code,
                             const char *hint, const char *format, ...) {
  va_list list;
  va_start(list, format);
  anima_term_context_vreport(t, code, hint, format, list);
  va_end(list);
}

static void host_call_report(anima_operation_call *call, const char *code,
                             const char *hint, const char *format, ...) {
  va_list list;
  va_start(list, format);
  anima_operation_call_vreport(call, code, hint, format, list);
  va_end(list);
}

static void host_call_answer(anima_operation_call *call, const char *format,
                             ...) {
  va_list list;
  va_start(list, format);
  anima_operation_call_vanswer(call, format, list);
  va_end(list);
}

/* ---- text -------------------------------------------------------------------
 */

static bool host_parse_color(const char *text, anima_color *out) {
  anima_color color = {0, 0, 0, 255};
  if (!text || anima_color_parse(text, &color) != ANIMA_COLOR_FORM_HEX) {
    return false;
  }
  if (out) {
    *out = color;
  }
  return true;
}

/* ---- the table ------------------------------------------------------------
 */

static const anima_host host_table = {
    .struct_size = sizeof(anima_host),
    .abi_major = ANIMA_MODULE_ABI_MAJOR,
    .abi_minor = ANIMA_MODULE_ABI_MINOR,

    .add_kind = host_add_kind,
    .add_field = host_add_field,
    .add_property = host_add_property,
    .add_code = host_add_code,
    .add_foreign_name = host_add_foreign_name,
    .add_check = host_add_check,
    .add_stage_hook = host_add_stage_hook,
    .add_state_kind = host_add_state_kind,
    .add_term_kind = host_add_term_kind,
    .add_ease_kind = host_add_ease_kind,
    .add_action_kind = host_add_action_kind,
    .add_value_type = host_add_value_type,
    .add_solver_kind = host_add_solver_kind,
    .add_node_behaviour = host_add_node_behaviour,
    .add_outline_hook = host_add_outline_hook,
    .add_paint_kind = host_add_paint_kind,
    .add_derived_property = host_add_derived_property,
    .add_operation = host_add_operation,
    .registry = host_registry,

    .json_type = host_json_type,
    .json_bool = host_json_bool,
    .json_number = host_json_number,
    .json_string = host_json_string,
    .json_size = host_json_size,
    .json_item = host_json_item,
    .json_member = host_json_member,
    .json_key_at = host_json_key_at,
    .json_value_at = host_json_value_at,

    .check_document = anima_check_document,
    .check_node_count = anima_check_node_count,
    .check_node = anima_check_node,
    .check_find_node = anima_check_find_node,
    .check_requires = anima_check_requires,
    .check_report = host_check_report,

    .compile_document = anima_compile_document,
    .compile_alloc = anima_compile_alloc,
    .compile_string = anima_compile_string,
    .compile_node_count = anima_compile_node_count,
    .compile_find_node = anima_compile_find_node,
    .compile_node_id = anima_compile_node_id,
    .compile_node_type = anima_compile_node_type,
    .compile_node_parent = anima_compile_node_parent,
    .compile_node_json = anima_compile_node_json,
    .compile_find_slot = anima_compile_find_slot,
    .compile_find_input = anima_compile_find_input,
    .compile_input_type = anima_compile_input_type,
    .compile_requires = anima_compile_requires,
    .compile_event_name = anima_compile_event_name,
    .compile_state_writes = anima_compile_state_writes,
    .compile_node_blend = anima_compile_node_blend,
    .compile_node_mask = anima_compile_node_mask,
    .compile_node_clip = anima_compile_node_clip,
    .compile_node_paints = anima_compile_node_paints,
    .compile_report = host_compile_report,

    .value_alloc = anima_value_context_alloc,
    .value_string = anima_value_context_string,
    .value_find_node = anima_value_context_find_node,
    .value_pointer = anima_value_context_pointer,
    .value_report = host_value_report,

    .term_alloc = anima_term_context_alloc,
    .term_input = anima_term_context_input,
    .term_report = host_term_report,

    .step_dt = anima_step_dt,
    .step_time = anima_step_time,
    .step_value = anima_step_value,
    .step_number = anima_step_number,
    .step_write = anima_step_write,
    .step_write_number = anima_step_write_number,
    .step_input = anima_step_input,
    .step_set_input = anima_step_set_input,
    .step_fire = anima_step_fire,
    .step_local = anima_step_local,
    .step_world = anima_step_world,
    .step_set_local = anima_step_set_local,
    .step_random = anima_step_random,
    .step_report = anima_step_report,
    .step_request_solve = anima_step_request_solve,
    .step_set_child_order = anima_step_set_child_order,
    .step_layer_state = anima_step_layer_state,
    .step_state_time = anima_step_state_time,
    .step_reduced_motion = anima_step_reduced_motion,
    .step_hook_instance = anima_step_hook_instance,

    .output_write = anima_state_output_write,
    .output_base = anima_state_output_base,

    .view_value = anima_view_value,
    .view_number = anima_view_number,
    .view_local = anima_view_local,
    .view_world = anima_view_world,
    .view_color = anima_view_color,

    .call_step = anima_operation_call_step,
    .call_report = host_call_report,

    .path_move_to = anima_path_move_to,
    .path_line_to = anima_path_line_to,
    .path_cubic_to = anima_path_cubic_to,
    .path_close = anima_path_close,
    .path_append = anima_path_append,
    .path_parse = anima_path_parse,
    .path_release = anima_path_release,
    .path_length = anima_path_length,
    .matrix_multiply = anima_matrix_multiply,
    .matrix_invert = anima_matrix_invert,
    .matrix_transform_point = anima_matrix_transform_point,

    .format_number = anima_format_number,
    .format_color = anima_format_color,
    .parse_color = host_parse_color,
    .closest_name = anima_closest_name,

    .compile_slot_animated = anima_compile_slot_animated,
    .compile_set_rest = anima_compile_set_rest,
    .path_arc_to = anima_path_arc_to,

    .matrix_decompose = anima_matrix_decompose,
    .matrix_compose = anima_matrix_compose,
    .view_pivot = anima_view_pivot,
    .add_property_mount = host_add_property_mount,

    .emit_image = anima_draw_emit_image,
    .emit_mesh = anima_draw_emit_mesh,
    .compile_fill_path = anima_compile_fill_path,
    .check_count_segments = anima_check_count_segments,
    .compile_stroke_path = anima_compile_stroke_path,
    .view_find_slot = anima_view_find_slot,
    .compile_blend = anima_compile_blend,

    .add_expression_kind = host_add_expression_kind,
    .check_address = anima_check_address,
    .check_input = anima_check_input,
    .compile_bind_address = anima_compile_bind_address,

    .step_outline = anima_step_outline,
    .view_outline_hook = anima_view_outline_hook,

    .add_transition_hook = host_add_transition_hook,
    .output_snapshot = anima_state_output_snapshot,
    .check_action_block = anima_check_action_block,
    .compile_action_block = anima_compile_action_block_handle,
    .step_queue_block = anima_step_queue_block,
    .compile_node_outline = anima_compile_node_outline,
    .add_crossfade_rule = host_add_crossfade_rule,
    .add_clock = host_add_clock,
    .step_layer_clock = anima_step_layer_clock,
    .compile_find_timeline = anima_compile_find_timeline,
    .step_sample_timeline = anima_step_sample_timeline,
    .check_expression = anima_check_expression,
    .compile_expression = anima_compile_module_expression,
    .step_expression = anima_step_expression,

    .compile_timeline_info = anima_compile_timeline_info,
    .compile_state_writes_timeline = anima_compile_state_writes_timeline,
    .step_timeline_local = anima_step_timeline_local,
    .output_mix = anima_state_output_mix,
    .step_report_detail = anima_step_report_detail,
    .step_events = anima_step_events,
    .step_set_event_detail = anima_step_set_event_detail,
    .add_listener_source = host_add_listener_source,
    .check_property = anima_check_property,
    .step_layer_wrap = anima_step_layer_wrap,
    .step_mix_timeline = anima_step_mix_timeline,
    .add_deformer = host_add_deformer,
    .compile_node_deformer = anima_compile_node_deformer,
    .view_deform_points = anima_view_deform_points,
    .view_deformer = anima_view_deformer,
    .call_answer = host_call_answer,
    .compile_timeline_clock = anima_compile_timeline_clock,
    .timeline_clock_local = anima_timeline_clock_local,
    .check_value_expression = anima_check_value_expression,
    .compile_value_expression = anima_compile_value_expression,
    .step_value_expression = anima_step_value_expression,
    .step_machine_find = anima_step_machine_find,
    .step_machine_start = anima_step_machine_start,
    .step_machine_run = anima_step_machine_run,
    .step_machine_at_rest = anima_step_machine_at_rest,
    .step_machine_set_input = anima_step_machine_set_input,
    .step_machine_input = anima_step_machine_input,
    .step_machine_state = anima_step_machine_state,
    .add_interface = host_add_interface,
    .check_interface = anima_check_interface,
    .compile_interface = anima_compile_interface,
    .compile_layer_count = anima_compile_layer_count,
    .compile_layer = anima_compile_layer,
    .step_layer_machine = anima_step_layer_machine,
    .check_layer_count = anima_check_layer_count,
    .check_layer = anima_check_layer,
};

const anima_host *anima_host_table(void) {
  return &host_table;
}
