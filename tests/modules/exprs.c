/*
 * exprs.c — a test feature module ("tinyexpr") whose expression language
 * has no typed results (module.h anima_expression_kind_desc without
 * check_value, compile_value and evaluate_value), built outside kernel/
 * against the public headers only; it links against nothing. It exercises
 * the kernel's fallback for typed expressions (host check_value_expression,
 * compile_value_expression, step_value_expression): numbers and bools
 * through the kind's check, compile and evaluate, no colours.
 *
 * The language "tiny": an input name, optionally preceded by '-' (the
 * negated value); a bool input reads 0 or 1. An unknown name is
 * `unknown-input` at the expression.
 *
 * Three document strings use it:
 *
 *   tinyNumber  a number expression written to dot.x at the bind stage
 *   tinyBool    a bool expression written to dot.visible at the bind stage
 *   tinyColor   a colour expression, which the language cannot give: the
 *               module's check reports `tiny-type` at /tinyColor when
 *               check_value_expression says so (returns false)
 */
#include <stdbool.h>
#include <string.h>

#include <anima/module.h>

static const anima_host *host;

#define FEATURE "tinyexpr"

/* ---- the expression kind ------------------------------------------------- */

typedef struct tiny_expression {
  size_t input;
  bool negate;
} tiny_expression;

static const char *tiny_name(const char *text, bool *negate) {
  *negate = text[0] == '-';
  return *negate ? text + 1 : text;
}

static bool tiny_check(anima_check *check, const char *pointer,
                       const char *text, const char *target,
                       anima_input_type type, void *user) {
  (void)type, (void)user;
  bool negate;
  const char *name = tiny_name(text, &negate);
  if (host->check_input(check, name, NULL) < 0) {
    host->check_report(check, "unknown-input", ANIMA_SEVERITY_ERROR, pointer,
                       "name a declared input", "%s: no input named \"%s\"",
                       target, name);
    return false;
  }
  return true;
}

static anima_status tiny_compile(anima_compile *compile, const char *text,
                                 anima_input_type type, void **data,
                                 void *user) {
  (void)type, (void)user;
  bool negate;
  long input = host->compile_find_input(compile, tiny_name(text, &negate));
  if (input < 0) {
    return ANIMA_ERROR_INVALID_DOCUMENT; /* the check said why */
  }
  tiny_expression *expression =
      host->compile_alloc(compile, sizeof *expression);
  if (!expression) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  *expression = (tiny_expression){.input = (size_t)input, .negate = negate};
  *data = expression;
  return ANIMA_OK;
}

static double tiny_evaluate(const void *data,
                            double (*read)(void *context, size_t input),
                            void *context, void *user) {
  (void)user;
  const tiny_expression *expression = data;
  double value = read(context, expression->input);
  return expression->negate ? -value : value;
}

/* ---- the document strings ------------------------------------------------ */

static const char *document_text(const anima_json *document, const char *key) {
  const anima_json *value = host->json_member(document, key);
  return value ? host->json_string(value, NULL) : NULL;
}

static void tiny_document_check(anima_check *check, void *user) {
  (void)user;
  static const struct {
    const char *key, *pointer;
    anima_value_type type;
  } uses[] = {{"tinyNumber", "/tinyNumber", ANIMA_VALUE_NUMBER},
              {"tinyBool", "/tinyBool", ANIMA_VALUE_BOOL},
              {"tinyColor", "/tinyColor", ANIMA_VALUE_COLOR}};
  const anima_json *document = host->check_document(check);
  for (size_t i = 0; i < sizeof uses / sizeof *uses; i++) {
    const char *text = document_text(document, uses[i].key);
    if (text && !host->check_value_expression(check, uses[i].pointer, text,
                                              uses[i].key, uses[i].type)) {
      host->check_report(check, "tiny-type", ANIMA_SEVERITY_ERROR,
                         uses[i].pointer, "write a number or bool expression",
                         "no loaded expression language gives this value");
    }
  }
}

/** The bind-stage hook's data: each expression and the slot it writes (-1:
 * none). */
typedef struct tiny_data {
  const void *number, *boolean;
  long x, visible;
} tiny_data;

static anima_status tiny_hook_compile(anima_compile *compile,
                                      const anima_site *site, void *user,
                                      void **out) {
  (void)site, (void)user;
  tiny_data *data = host->compile_alloc(compile, sizeof *data);
  if (!data) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const anima_json *document = host->compile_document(compile);
  long dot = host->compile_find_node(compile, "dot");
  data->x = dot >= 0 ? host->compile_find_slot(compile, (size_t)dot, "x") : -1;
  data->visible =
      dot >= 0 ? host->compile_find_slot(compile, (size_t)dot, "visible") : -1;
  const char *number = document_text(document, "tinyNumber");
  const char *boolean = document_text(document, "tinyBool");
  anima_status status = ANIMA_OK;
  if (number) {
    status = host->compile_value_expression(compile, "/tinyNumber", number,
                                            ANIMA_VALUE_NUMBER, &data->number);
  }
  if (status == ANIMA_OK && boolean) {
    status = host->compile_value_expression(compile, "/tinyBool", boolean,
                                            ANIMA_VALUE_BOOL, &data->boolean);
  }
  *out = data;
  return status;
}

static void tiny_hook_run(anima_step *step, const void *data, void *instance,
                          void *user) {
  (void)instance, (void)user;
  const tiny_data *tiny = data;
  if (tiny->number && tiny->x >= 0) {
    anima_value value = host->step_value_expression(step, tiny->number);
    host->step_write(step, (size_t)tiny->x, &value);
  }
  if (tiny->boolean && tiny->visible >= 0) {
    anima_value value = host->step_value_expression(step, tiny->boolean);
    host->step_write(step, (size_t)tiny->visible, &value);
  }
}

/* ---- registration -------------------------------------------------------- */

static anima_status exprs_init(const anima_host *kernel,
                               anima_registrar *registrar) {
  host = kernel;
  if (!ANIMA_HOST_HAS(host, step_value_expression)) {
    return ANIMA_ERROR_MODULE;
  }
  static const anima_field_desc fields[] = {
      {.owner = "document",
       .name = "tinyNumber",
       .kind = ANIMA_FIELD_STRING,
       .feature = FEATURE,
       .description = "A tiny number expression written to dot.x."},
      {.owner = "document",
       .name = "tinyBool",
       .kind = ANIMA_FIELD_STRING,
       .feature = FEATURE,
       .description = "A tiny bool expression written to dot.visible."},
      {.owner = "document",
       .name = "tinyColor",
       .kind = ANIMA_FIELD_STRING,
       .feature = FEATURE,
       .description = "A colour expression, which tiny cannot give."},
  };
  static const anima_code_desc codes[] = {
      {.code = "tiny-type",
       .severity = ANIMA_SEVERITY_ERROR,
       .feature = FEATURE,
       .description = "A tiny expression where its language gives no value "
                      "of the type."},
  };
  static const anima_expression_kind_desc kind = {
      .struct_size = sizeof kind,
      .name = "tiny",
      .feature = FEATURE,
      .check = tiny_check,
      .compile = tiny_compile,
      .evaluate = tiny_evaluate,
  };
  static const anima_check_desc check = {
      .struct_size = sizeof check,
      .feature = FEATURE,
      .name = "tiny",
      .check = tiny_document_check,
  };
  static const anima_stage_hook_desc hook = {
      .struct_size = sizeof hook,
      .stage = ANIMA_STAGE_BIND,
      .feature = FEATURE,
      .name = "tiny",
      .lifecycle = {.compile = tiny_hook_compile},
      .run = tiny_hook_run,
  };
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, host->add_field, registrar, fields);
  ANIMA_ADD_EACH(status, host->add_code, registrar, codes);
  if (status == ANIMA_OK) {
    status = host->add_expression_kind(registrar, &kind);
  }
  if (status == ANIMA_OK) {
    status = host->add_check(registrar, &check);
  }
  if (status == ANIMA_OK) {
    status = host->add_stage_hook(registrar, &hook);
  }
  return status;
}

static const char *const exprs_features[] = {FEATURE, NULL};

ANIMA_MODULE_DEFINE(exprs, .name = "exprs", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima tests",
                    .description = "An expression language without typed "
                                   "results, for the kinds tests.",
                    .features = exprs_features, .init = exprs_init);
