/*
 * bind.c — the `bind` feature module (SPEC bind chapter), built as
 * anima-bind.so: the document's `bind` map of property bindings, the
 * expression kind of action `set` values, the EXPR OP EXPR condition term
 * and the diagnostics bind-syntax, bind-type and bind-cycle. In AniML a
 * binding is <bind address="ring.stroke.trimEnd" expression="progress"/>
 * (docs/modules/bind.md).
 */
#include <math.h>

#include "bind.h"

const anima_host *bind_host;

static const char *const features[] = {BIND_FEATURE, NULL};

static const anima_field_desc bind_field = {
    .owner = "document",
    .name = "bind",
    .kind = ANIMA_FIELD_CUSTOM,
    .markup_form = ANIMA_MARKUP_JSON,
    .feature = BIND_FEATURE,
    .minimum = -INFINITY,
    .maximum = INFINITY,
    .description = "Property bindings {\"<id>.<property>\": \"expression\"}: "
                   "expressions of inputs (numbers, bools, \"strings\", "
                   "#colours, + - * / < <= > >= == != and or not, min max "
                   "clamp mix floor mod contains lower), evaluated after the "
                   "layers and before clamping."};

static const anima_code_desc codes[] = {
    {.code = "bind-syntax",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = BIND_FEATURE,
     .description = "A bind expression is malformed: an unknown call, wrong "
                    "arity, a property read, or more than 512 tokens or 64 "
                    "nesting levels."},
    {.code = "bind-type",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = BIND_FEATURE,
     .description = "A bind expression has operands of incompatible types, "
                    "reads a trigger, or its value does not fit its target."},
    {.code = "bind-cycle",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = BIND_FEATURE,
     .description = "A binding reads a property that (through other "
                    "bindings) is its own target."},
};

static anima_status init(const anima_host *host, anima_registrar *registrar) {
  bind_host = host;
  if (!ANIMA_HOST_HAS(host, compile_bind_address)) {
    return ANIMA_ERROR_UNSUPPORTED; /* a kernel without bind's services */
  }
  anima_status status = host->add_field(registrar, &bind_field);
  ANIMA_ADD_EACH(status, host->add_code, registrar, codes);
  if (status == ANIMA_OK) {
    status = bind_register_document(registrar);
  }
  if (status == ANIMA_OK) {
    status = bind_register_actions(registrar);
  }
  if (status == ANIMA_OK) {
    status = bind_register_terms(registrar);
  }
  if (status == ANIMA_OK) {
    status = bind_register_blocks(registrar);
  }
  return status;
}

ANIMA_MODULE_DEFINE(bind, .name = "bind", .version = "1.0.0", .license = "MIT",
                    .origin = "Anima",
                    .description = "Input expressions: property bindings, "
                                   "expression guards and set actions "
                                   "(SPEC bind).",
                    .features = features, .init = init);
