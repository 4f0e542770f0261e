/*
 * bind_document.c — property bindings (SPEC bind chapter): the document's
 * `bind` map {address: expression} is checked (the target like a track's,
 * then the expression against the target's type), compiled at load into
 * one program per binding, and evaluated by a BIND stage hook after the
 * layers wrote and before clamping (SPEC §7 stage 4), so a binding
 * overrides poses, timelines and crossfades on its address. The hook also
 * runs at player creation, so a new player's values include its bindings.
 *
 * Diagnostics, at /bind/<escaped address>:
 *   unknown-address, not-animatable, undeclared-feature   the target
 *   bind-syntax, bind-type, unknown-input                 the expression
 *   bind-cycle   the expression reads a property whose binding reads back
 *                (through bindings) the target; any other property read is
 *                bind-syntax
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bind.h"

/* ---- check --------------------------------------------------------------- */

/* "/bind/<address>" with RFC 6901 escapes (~0, ~1). */
static char *binding_pointer(const char *address) {
  size_t length = strlen(address);
  char *pointer = malloc(6 + 2 * length + 1);
  if (!pointer) {
    return NULL;
  }
  size_t used = 0;
  memcpy(pointer, "/bind/", 6);
  used = 6;
  for (const char *c = address; *c; c++) {
    if (*c == '~' || *c == '/') {
      pointer[used++] = '~';
      pointer[used++] = *c == '~' ? '0' : '1';
    } else {
      pointer[used++] = *c;
    }
  }
  pointer[used] = '\0';
  return pointer;
}

/* Does the expression's value fit a property of `property` type? */
static bool fits(anima_value_type property, bind_type type) {
  switch (property) {
  case ANIMA_VALUE_NUMBER:
    return type == BIND_NUMBER || type == BIND_BOOL;
  case ANIMA_VALUE_BOOL:
    return type == BIND_BOOL;
  case ANIMA_VALUE_COLOR:
    return type == BIND_COLOR;
  default:
    return false;
  }
}

static const char *property_type_name(anima_value_type type) {
  return type == ANIMA_VALUE_NUMBER  ? "number"
         : type == ANIMA_VALUE_BOOL  ? "bool"
         : type == ANIMA_VALUE_COLOR ? "colour"
                                     : "module-typed";
}

/* A binding whose expression reads a property (refused either way). */
typedef struct reference {
  const char *target;
  char *address; /* the property read */
  char *pointer;
  bind_error error;
} reference;

/* Does following reads from `start` come back to `target`? Each step
 * moves to the binding of the address read (at most `count` steps). */
static bool closes_cycle(const reference *references, size_t count,
                         const char *target, const char *start) {
  const char *current = start;
  for (size_t step = 0; step <= count; step++) {
    if (strcmp(current, target) == 0) {
      return true;
    }
    const char *next = NULL;
    for (size_t i = 0; i < count && !next; i++) {
      if (strcmp(references[i].target, current) == 0) {
        next = references[i].address;
      }
    }
    if (!next) {
      return false;
    }
    current = next;
  }
  return false;
}

static void report_references(anima_check *check, reference *references,
                              size_t count) {
  for (size_t i = 0; i < count; i++) {
    reference *r = &references[i];
    if (closes_cycle(references, count, r->target, r->address)) {
      r->error.code = "bind-cycle";
      snprintf(r->error.message, sizeof r->error.message,
               "the binding of \"%s\" reads \"%s\", which %s (at character "
               "%zu)",
               r->target, r->address,
               strcmp(r->target, r->address) == 0
                   ? "is its own target"
                   : "is bound to an expression that reads it back",
               r->error.offset + 1);
      snprintf(r->error.hint, sizeof r->error.hint,
               "bind both properties to expressions of inputs; expressions "
               "cannot read properties");
    }
    bind_report(check, r->pointer, &r->error);
  }
  /* Freed after all are reported: closes_cycle reads every address. */
  for (size_t i = 0; i < count; i++) {
    free(references[i].address);
    free(references[i].pointer);
  }
}

static void check_binding(anima_check *check, const char *address,
                          const anima_json *value, reference *references,
                          size_t *reference_count) {
  const anima_host *host = bind_host;
  char *pointer = binding_pointer(address);
  if (!pointer) {
    return;
  }
  anima_value_type target = ANIMA_VALUE_NUMBER;
  bool target_ok = host->check_address(check, pointer, address, &target);
  if (host->json_type(value) != ANIMA_JSON_STRING) {
    host->check_report(check, "type", ANIMA_SEVERITY_ERROR, pointer,
                       "write the expression as a string, e.g. \"level\"",
                       "a binding is an expression string");
    free(pointer);
    return;
  }
  size_t length = 0;
  const char *text = host->json_string(value, &length);
  if (strlen(text) != length) {
    /* C reads the text up to the NUL: refuse it rather than compile a
     * shortened expression. */
    host->check_report(check, "bind-syntax", ANIMA_SEVERITY_ERROR, pointer,
                       "remove the \\u0000 from the expression",
                       "the expression holds a NUL character (\\u0000) at "
                       "byte %zu",
                       strlen(text));
    free(pointer);
    return;
  }
  bind_type type;
  bind_error error;
  if (!bind_check_compile(check, text, &type, &error)) {
    if (!error.code) {
      free(pointer); /* out of memory */
      return;
    }
    if (error.reference) {
      reference *r = &references[(*reference_count)++];
      r->target = address;
      r->address =
          strndup(text + error.reference_start, error.reference_length);
      r->pointer = pointer;
      r->error = error;
      if (!r->address) {
        (*reference_count)--;
        free(pointer);
      }
      return;
    }
    bind_report(check, pointer, &error);
  } else if (target_ok && !fits(target, type)) {
    char hint[160];
    snprintf(hint, sizeof hint,
             target == ANIMA_VALUE_BOOL
                 ? "a bool property takes a bool expression, e.g. a bool "
                   "input or a comparison such as level > 0"
             : target == ANIMA_VALUE_COLOR
                 ? "a colour property takes a colour expression, e.g. "
                   "mix(#000000, #ffffff, level)"
                 : "a number property takes a number or bool expression");
    host->check_report(check, "bind-type", ANIMA_SEVERITY_ERROR, pointer, hint,
                       "\"%s\" is a %s property, but the expression is a %s",
                       address, property_type_name(target),
                       bind_type_name(type));
  }
  free(pointer);
}

static void check_bindings(anima_check *check, void *user) {
  (void)user;
  const anima_host *host = bind_host;
  const anima_json *map =
      host->json_member(host->check_document(check), "bind");
  if (!map) {
    return;
  }
  if (host->json_type(map) != ANIMA_JSON_OBJECT) {
    host->check_report(check, "type", ANIMA_SEVERITY_ERROR, "/bind",
                       "write {\"<id>.<property>\": \"expression\"}",
                       "\"bind\" is an object of address -> expression");
    return;
  }
  size_t count = host->json_size(map);
  reference *references = calloc(count ? count : 1, sizeof *references);
  if (!references) {
    return;
  }
  size_t reference_count = 0;
  for (size_t i = 0; i < count; i++) {
    const char *address = host->json_key_at(map, i);
    if (strcmp(address, "$comment") != 0) {
      check_binding(check, address, host->json_value_at(map, i), references,
                    &reference_count);
    }
  }
  report_references(check, references, reference_count);
  free(references);
}

/* ---- compile and step ---------------------------------------------------- */

typedef struct binding {
  size_t slot;
  anima_value_type type; /* the property's */
  const bind_program *program;
} binding;

typedef struct bindings {
  size_t count;
  binding items[];
} bindings;

static anima_status compile_bindings(anima_compile *compile,
                                     const anima_site *site, void *user,
                                     void **data) {
  (void)user;
  const anima_host *host = bind_host;
  const anima_json *map = host->json_member(site->json, "bind");
  size_t count = map && host->json_type(map) == ANIMA_JSON_OBJECT
                     ? host->json_size(map)
                     : 0;
  if (count == 0) {
    *data = NULL; /* nothing bound: the hook does not run */
    return ANIMA_OK;
  }
  bindings *compiled = host->compile_alloc(
      compile, sizeof *compiled + count * sizeof compiled->items[0]);
  if (!compiled) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  bind_scope scope = bind_compile_scope(compile);
  bind_allocator allocator = bind_compile_allocator(compile);
  for (size_t i = 0; i < count; i++) {
    const char *address = host->json_key_at(map, i);
    const anima_json *value = host->json_value_at(map, i);
    if (strcmp(address, "$comment") == 0) {
      continue;
    }
    anima_value_type type;
    long slot = host->compile_bind_address(compile, address, &type);
    const char *text = host->json_string(value, NULL);
    if (slot < 0 || !text) {
      return ANIMA_ERROR_INVALID_DOCUMENT; /* validation refused it */
    }
    bind_program *program = NULL;
    bind_error error;
    anima_status status =
        bind_compile(text, strlen(text), &scope, &allocator, &program, &error);
    if (status != ANIMA_OK) {
      return status;
    }
    compiled->items[compiled->count++] =
        (binding){.slot = (size_t)slot, .type = type, .program = program};
  }
  *data = compiled;
  return ANIMA_OK;
}

static void run_bindings(anima_step *step, const void *data, void *instance,
                         void *user) {
  (void)instance, (void)user;
  const bindings *compiled = data;
  if (!compiled) {
    return;
  }
  const anima_host *host = bind_host;
  for (size_t i = 0; i < compiled->count; i++) {
    const binding *b = &compiled->items[i];
    bind_value result = bind_evaluate(b->program, bind_step_input, step);
    anima_value value;
    if (b->type == ANIMA_VALUE_COLOR) {
      value =
          (anima_value){.type = ANIMA_VALUE_COLOR, .as.color = result.color};
    } else if (b->type == ANIMA_VALUE_BOOL) {
      value = (anima_value){.type = ANIMA_VALUE_BOOL,
                            .as.boolean = result.number != 0};
    } else {
      /* Non-finite results resolve to 0 before clamping (SPEC bind). */
      value = (anima_value){.type = ANIMA_VALUE_NUMBER,
                            .as.number = bind_finite(result.number)};
    }
    host->step_write(step, b->slot, &value);
  }
}

anima_status bind_register_document(anima_registrar *registrar) {
  static const anima_check_desc check = {.struct_size = sizeof check,
                                         .feature = BIND_FEATURE,
                                         .name = "bindings",
                                         .check = check_bindings};
  static const anima_stage_hook_desc hook = {
      .struct_size = sizeof hook,
      .stage = ANIMA_STAGE_BIND,
      .feature = BIND_FEATURE,
      .name = "bindings",
      .lifecycle = {.compile = compile_bindings},
      .run = run_bindings,
      .runs_at_creation = true,
  };
  anima_status status = bind_host->add_check(registrar, &check);
  if (status == ANIMA_OK) {
    status = bind_host->add_stage_hook(registrar, &hook);
  }
  return status;
}
