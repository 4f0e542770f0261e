/*
 * terms.c — a test feature module adding condition term kinds (module.h
 * anima_term_kind_desc, SPEC §8 conditions), built outside kernel/ against
 * the public headers only; it links against nothing. Feature "terms":
 *
 *   NAME OP NAME   compares two number inputs (the shape of bind's
 *                  EXPR OP EXPR): unknown-input, input-type when they are
 *                  not number inputs
 *   @past(s)       the state has lasted s seconds (s >= 0), carrying the
 *                  overshoot like @after, and keeping the player awake
 *                  until then (at_rest)
 */
#include <stdlib.h>
#include <string.h>

#include <anima/module.h>

static const anima_host *host;

/* ---- NAME OP NAME ------------------------------------------------------- */

typedef enum operator_kind {
  EQUAL,
  NOT_EQUAL,
  LESS,
  LESS_EQUAL,
  GREATER,
  GREATER_EQUAL
} operator_kind;

typedef struct comparison {
  size_t left, right;
  operator_kind op;
} comparison;

static bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '-';
}

/* A name at text[*i] (after spaces) into `name` (`size` bytes). */
static bool read_name(const char *text, size_t *i, char *name, size_t size) {
  while (text[*i] == ' ') {
    (*i)++;
  }
  if (!(text[*i] >= 'a' && text[*i] <= 'z')) {
    return false;
  }
  size_t length = 0;
  while (is_name_char(text[*i]) && length + 1 < size) {
    name[length++] = text[(*i)++];
  }
  name[length] = '\0';
  return !is_name_char(text[*i]);
}

static bool read_operator(const char *text, size_t *i, operator_kind *op) {
  static const struct {
    const char *text;
    operator_kind op;
  } operators[] = {{"==", EQUAL},         {"!=", NOT_EQUAL}, {"<=", LESS_EQUAL},
                   {">=", GREATER_EQUAL}, {"<", LESS},       {">", GREATER}};
  while (text[*i] == ' ') {
    (*i)++;
  }
  for (size_t k = 0; k < sizeof operators / sizeof *operators; k++) {
    size_t length = strlen(operators[k].text);
    if (strncmp(text + *i, operators[k].text, length) == 0) {
      *op = operators[k].op;
      *i += length;
      return true;
    }
  }
  return false;
}

/* A number input by name, or a report (ERROR). */
static bool number_input(anima_term_context *context, const char *name,
                         size_t *index) {
  anima_input_type type;
  long found = host->term_input(context, name, &type);
  if (found < 0) {
    host->term_report(context, "unknown-input", "declare it in \"inputs\"",
                      "no input named \"%s\" is declared", name);
    return false;
  }
  if (type != ANIMA_INPUT_NUMBER) {
    host->term_report(context, "input-type", "compare number inputs",
                      "\"%s\" is not a number input", name);
    return false;
  }
  *index = (size_t)found;
  return true;
}

static anima_term_match comparison_parse(anima_term_context *context,
                                         const char *text, size_t length,
                                         void **data, void *user) {
  (void)length, (void)user;
  char left[64], right[64];
  size_t i = 0;
  operator_kind op;
  if (!read_name(text, &i, left, sizeof left) ||
      !read_operator(text, &i, &op) ||
      !read_name(text, &i, right, sizeof right) || text[i] != '\0') {
    return ANIMA_TERM_NO_MATCH;
  }
  comparison *parsed = host->term_alloc(context, sizeof *parsed);
  if (!parsed || !number_input(context, left, &parsed->left) ||
      !number_input(context, right, &parsed->right)) {
    return ANIMA_TERM_ERROR;
  }
  parsed->op = op;
  *data = parsed;
  return ANIMA_TERM_MATCH;
}

static bool comparison_holds(anima_step *step, const void *data, size_t layer,
                             double *carry, void *user) {
  (void)layer, (void)carry, (void)user;
  const comparison *c = data;
  double a = host->step_input(step, c->left).as.number;
  double b = host->step_input(step, c->right).as.number;
  switch (c->op) {
  case EQUAL:
    return a == b;
  case NOT_EQUAL:
    return a != b;
  case LESS:
    return a < b;
  case LESS_EQUAL:
    return a <= b;
  case GREATER:
    return a > b;
  case GREATER_EQUAL:
    return a >= b;
  }
  return false;
}

/* ---- @past(s) --------------------------------------------------------------
 */

static anima_term_match past_parse(anima_term_context *context,
                                   const char *text, size_t length, void **data,
                                   void *user) {
  (void)user;
  if (length < 7 || strncmp(text, "@past(", 6) != 0 ||
      text[length - 1] != ')') {
    return ANIMA_TERM_NO_MATCH;
  }
  char *end = NULL;
  double seconds = strtod(text + 6, &end);
  if (end == text + 6 || *end != ')' || !(seconds >= 0)) {
    host->term_report(context, "bad-condition", "write @past(seconds)",
                      "@past(...) takes seconds >= 0");
    return ANIMA_TERM_ERROR;
  }
  double *parsed = host->term_alloc(context, sizeof *parsed);
  if (!parsed) {
    return ANIMA_TERM_ERROR;
  }
  *parsed = seconds;
  *data = parsed;
  return ANIMA_TERM_MATCH;
}

/* SPEC §5 clock boundaries: reached when t >= s − 1e-9. */
static bool past_holds(anima_step *step, const void *data, size_t layer,
                       double *carry, void *user) {
  (void)user;
  double seconds = *(const double *)data;
  double time = host->step_state_time(step, layer);
  if (time < seconds - 1e-9) {
    return false;
  }
  *carry = time > seconds ? time - seconds : 0;
  return true;
}

static bool past_at_rest(anima_step *step, const void *data, size_t layer,
                         void *user) {
  (void)user;
  return host->step_state_time(step, layer) >= *(const double *)data - 1e-9;
}

static anima_status terms_init(const anima_host *kernel,
                               anima_registrar *registrar) {
  host = kernel;
  static const anima_term_kind_desc kinds[] = {
      {.struct_size = sizeof(anima_term_kind_desc),
       .name = "comparison",
       .syntax = "NAME OP NAME",
       .parse = comparison_parse,
       .holds = comparison_holds},
      {.struct_size = sizeof(anima_term_kind_desc),
       .name = "past",
       .syntax = "@past(seconds)",
       .parse = past_parse,
       .holds = past_holds,
       .at_rest = past_at_rest},
  };
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
    anima_status status = host->add_term_kind(registrar, &kinds[i]);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}

static const char *const terms_features[] = {"terms", NULL};

ANIMA_MODULE_DEFINE(terms, .name = "terms", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima tests",
                    .description = "Condition term kinds for the kinds tests.",
                    .features = terms_features, .init = terms_init);
