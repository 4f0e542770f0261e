/*
 * expr_parse.c — the typed precedence parser of the bind expression
 * language (expr.h grammar): tokens into a syntax tree whose every node
 * has its static type, string operations folded into constants.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr_internal.h"
#include "expr_parse.h"

const char *bind_type_name(bind_type type) {
  switch (type) {
  case BIND_NUMBER:
    return "number";
  case BIND_BOOL:
    return "bool";
  case BIND_STRING:
    return "string";
  case BIND_COLOR:
    return "colour";
  }
  return "value";
}

static const bind_token *peek(const bind_parser *p) {
  return &p->tokens->items[p->position];
}

static const bind_token *next(bind_parser *p) {
  const bind_token *token = peek(p);
  if (token->kind != TOKEN_END) {
    p->position++;
  }
  return token;
}

static void syntax(bind_parser *p, size_t offset, const char *hint,
                   const char *message) {
  bind_fail(p->error, "bind-syntax", p->text, p->length, offset, hint, "%s",
            message);
}

static void type_error(bind_parser *p, size_t offset, const char *hint,
                       const char *format, const char *a, const char *b) {
  bind_fail(p->error, "bind-type", p->text, p->length, offset, hint, format, a,
            b);
}

static int add_node(bind_parser *p, bind_node_kind kind, bind_type type) {
  if (p->node_count == p->node_capacity) {
    size_t capacity = p->node_capacity ? 2 * p->node_capacity : 64;
    bind_node *nodes = realloc(p->nodes, capacity * sizeof *nodes);
    if (!nodes) {
      p->status = ANIMA_ERROR_NO_MEMORY;
      return -1;
    }
    p->nodes = nodes;
    p->node_capacity = capacity;
  }
  bind_node *node = &p->nodes[p->node_count];
  memset(node, 0, sizeof *node);
  node->kind = kind;
  node->type = type;
  node->a = node->b = node->c = -1;
  return (int)p->node_count++;
}

static int node_with(bind_parser *p, bind_node_kind kind, bind_type type,
                     bind_op_code op, int a, int b, int c) {
  int n = add_node(p, kind, type);
  if (n >= 0) {
    p->nodes[n].op = op;
    p->nodes[n].a = a;
    p->nodes[n].b = b;
    p->nodes[n].c = c;
  }
  return n;
}

static bool numeric(const bind_parser *p, int n) {
  return p->nodes[n].type == BIND_NUMBER || p->nodes[n].type == BIND_BOOL;
}

static const char *type_of(const bind_parser *p, int n) {
  return bind_type_name(p->nodes[n].type);
}

/* Entering one more nesting level (a group, a call, `not`, a sign). */
static bool enter(bind_parser *p, size_t offset) {
  if (++p->depth > BIND_NESTING_LIMIT) {
    bind_fail(p->error, "bind-syntax", p->text, p->length, offset,
              "simplify the expression", "nested more than %d levels",
              BIND_NESTING_LIMIT);
    return false;
  }
  return true;
}

static int parse_or(bind_parser *p);

static void unexpected(bind_parser *p, const bind_token *token,
                       const char *expected) {
  char message[160];
  if (token->kind == TOKEN_END) {
    snprintf(message, sizeof message, "the expression ends where %s is due",
             expected);
  } else {
    snprintf(message, sizeof message, "expected %s, found \"%.*s\"", expected,
             (int)(token->length > 40 ? 40 : token->length),
             p->text + token->offset);
  }
  syntax(p, token->offset, "check the expression's operators and parentheses",
         message);
}

/* ---- calls ------------------------------------------------------------ */

typedef enum function_kind {
  F_MIN,
  F_MAX,
  F_CLAMP,
  F_MIX,
  F_FLOOR,
  F_MOD,
  F_CONTAINS,
  F_LOWER,
} function_kind;

static const struct {
  const char *name;
  function_kind kind;
  int arity;
} functions[] = {
    {"min", F_MIN, 2},           {"max", F_MAX, 2},     {"clamp", F_CLAMP, 3},
    {"mix", F_MIX, 3},           {"floor", F_FLOOR, 1}, {"mod", F_MOD, 2},
    {"contains", F_CONTAINS, 2}, {"lower", F_LOWER, 1},
};

static const char function_list[] =
    "the functions are min(a,b), max(a,b), clamp(x,lo,hi), mix(a,b,t), "
    "floor(x), mod(a,b), contains(text,part), lower(text)";

static int fold_string_call(bind_parser *p, function_kind kind, int *args,
                            const bind_token *name) {
  for (int i = 0; i < (kind == F_LOWER ? 1 : 2); i++) {
    if (p->nodes[args[i]].type != BIND_STRING) {
      type_error(p, name->offset,
                 kind == F_LOWER ? "lower(text) takes a string, e.g. "
                                   "lower(\"Abc\")"
                                 : "contains(text, part) takes two strings",
                 "%s takes strings, not a %s",
                 kind == F_LOWER ? "lower" : "contains", type_of(p, args[i]));
      return -1;
    }
  }
  const bind_node *text = &p->nodes[args[0]];
  if (kind == F_CONTAINS) {
    const bind_node *part = &p->nodes[args[1]];
    /* Folded before add_node, which may move p->nodes (and text, part). */
    bool found = bind_text_contains(text->text, text->text_length, part->text,
                                    part->text_length);
    int n = add_node(p, NODE_CONSTANT, BIND_BOOL);
    if (n >= 0) {
      p->nodes[n].value.number = found ? 1 : 0;
    }
    return n;
  }
  char *lowered = NULL;
  size_t lowered_length = 0;
  anima_status status =
      bind_text_lower(text->text, text->text_length, &lowered, &lowered_length);
  if (status != ANIMA_OK) {
    p->status = status;
    return -1;
  }
  if (!bind_parser_keep(p, lowered)) {
    free(lowered);
    return -1;
  }
  int n = add_node(p, NODE_STRING, BIND_STRING);
  if (n >= 0) {
    p->nodes[n].text = lowered;
    p->nodes[n].text_length = lowered_length;
  }
  return n;
}

static int typed_call(bind_parser *p, function_kind kind, int *args,
                      const bind_token *name, const char *function_name) {
  if (kind == F_CONTAINS || kind == F_LOWER) {
    return fold_string_call(p, kind, args, name);
  }
  if (kind == F_MIX && p->nodes[args[0]].type == BIND_COLOR &&
      p->nodes[args[1]].type == BIND_COLOR) {
    if (!numeric(p, args[2])) {
      type_error(p, name->offset, "the weight t is a number or a bool",
                 "mix's weight is a %s%s", type_of(p, args[2]), "");
      return -1;
    }
    return node_with(p, NODE_CALL, BIND_COLOR, OP_MIX_COLOR, args[0], args[1],
                     args[2]);
  }
  int arity = kind == F_CLAMP || kind == F_MIX ? 3 : kind == F_FLOOR ? 1 : 2;
  for (int i = 0; i < arity; i++) {
    if (!numeric(p, args[i])) {
      type_error(p, name->offset,
                 kind == F_MIX ? "mix takes three numbers, or two colours "
                                 "and a number weight"
                               : "pass numbers (bools count as 0 and 1)",
                 "%s takes numbers, not a %s", function_name,
                 type_of(p, args[i]));
      return -1;
    }
  }
  static const bind_op_code ops[] = {
      [F_MIN] = OP_MIN, [F_MAX] = OP_MAX,     [F_CLAMP] = OP_CLAMP,
      [F_MIX] = OP_MIX, [F_FLOOR] = OP_FLOOR, [F_MOD] = OP_MOD,
  };
  return node_with(p, NODE_CALL, BIND_NUMBER, ops[kind], args[0],
                   arity > 1 ? args[1] : -1, arity > 2 ? args[2] : -1);
}

static int parse_call(bind_parser *p, const bind_token *name) {
  int found = -1;
  for (size_t i = 0; i < sizeof functions / sizeof *functions; i++) {
    if (strlen(functions[i].name) == name->length &&
        memcmp(functions[i].name, p->text + name->offset, name->length) == 0) {
      found = (int)i;
    }
  }
  if (found < 0) {
    char message[160];
    snprintf(message, sizeof message, "unknown function \"%.*s\"",
             (int)(name->length > 40 ? 40 : name->length),
             p->text + name->offset);
    syntax(p, name->offset, function_list, message);
    return -1;
  }
  if (!enter(p, name->offset)) {
    return -1;
  }
  next(p); /* ( */
  int args[3] = {-1, -1, -1};
  int count = 0;
  if (peek(p)->kind != TOKEN_RIGHT) {
    for (;;) {
      int arg = parse_or(p);
      if (arg < 0) {
        return -1;
      }
      if (count < 3) {
        args[count] = arg;
      }
      count++;
      if (peek(p)->kind != TOKEN_COMMA) {
        break;
      }
      next(p);
    }
  }
  if (peek(p)->kind != TOKEN_RIGHT) {
    unexpected(p, peek(p), "\",\" or \")\"");
    return -1;
  }
  next(p);
  p->depth--;
  if (count != functions[found].arity) {
    char message[160];
    snprintf(message, sizeof message, "%s takes %d argument%s, not %d",
             functions[found].name, functions[found].arity,
             functions[found].arity == 1 ? "" : "s", count);
    syntax(p, name->offset, function_list, message);
    return -1;
  }
  return typed_call(p, functions[found].kind, args, name,
                    functions[found].name);
}

/* ---- primaries -------------------------------------------------------- */

/* For an unknown name with a hyphen whose part before the first hyphen is
 * a declared input (`count-1`, `count-other`), the hint to write it as the
 * subtraction it reads as: the name with spaces around each hyphen. */
static bool subtraction_hint(bind_parser *p, const char *name, size_t length,
                             char *hint, size_t size) {
  const char *hyphen = memchr(name, '-', length);
  anima_input_type type;
  if (!hyphen || !p->scope || !p->scope->find ||
      p->scope->find(p->scope->context, name, (size_t)(hyphen - name), &type) <
          0) {
    return false;
  }
  char spaced[40 * 3 + 1];
  size_t used = 0;
  for (size_t i = 0; i < length && i < 40; i++) {
    if (name[i] == '-') {
      memcpy(spaced + used, " - ", 3);
      used += 3;
    } else {
      spaced[used++] = name[i];
    }
  }
  spaced[used] = '\0';
  snprintf(hint, size,
           "a hyphen is part of a name; to subtract, write %s%s with spaces",
           spaced, length > 40 ? "..." : "");
  return true;
}

static int parse_name(bind_parser *p, const bind_token *token) {
  const char *name = p->text + token->offset;
  if (memchr(name, '.', token->length)) {
    syntax(p, token->offset,
           "expressions read inputs only; drive both properties from the "
           "same input instead",
           "a property cannot be read in an expression");
    if (p->error) {
      p->error->reference = true;
      p->error->reference_start = token->offset;
      p->error->reference_length = token->length;
    }
    return -1;
  }
  if ((token->length == 4 && memcmp(name, "true", 4) == 0) ||
      (token->length == 5 && memcmp(name, "false", 5) == 0)) {
    syntax(p, token->offset,
           "use a bool input or a comparison such as count > 0",
           "expressions have no boolean literals");
    return -1;
  }
  anima_input_type input_type = ANIMA_INPUT_NUMBER;
  long index =
      p->scope && p->scope->find
          ? p->scope->find(p->scope->context, name, token->length, &input_type)
          : -1;
  if (index < 0) {
    char hint[200] = "";
    if (subtraction_hint(p, name, token->length, hint, sizeof hint)) {
      /* count-1 with count declared: a subtraction without spaces */
    } else if (p->scope && p->scope->suggest) {
      p->scope->suggest(p->scope->context, name, token->length, hint,
                        sizeof hint);
    }
    if (!hint[0]) {
      snprintf(hint, sizeof hint, "%s",
               memchr(name, '-', token->length)
                   ? "declare it in \"inputs\"; a hyphen is part of a name, "
                     "so write a - b with spaces to subtract"
                   : "declare it in \"inputs\"");
    }
    bind_fail(p->error, "unknown-input", p->text, p->length, token->offset,
              hint, "no input named \"%.*s\" is declared",
              (int)(token->length > 60 ? 60 : token->length), name);
    return -1;
  }
  if (input_type == ANIMA_INPUT_TRIGGER) {
    bind_fail(p->error, "bind-type", p->text, p->length, token->offset,
              "a trigger is not a value; test it in a condition term",
              "\"%.*s\" is a trigger, which cannot be read as a value",
              (int)(token->length > 60 ? 60 : token->length), name);
    return -1;
  }
  int n = add_node(p, NODE_INPUT,
                   input_type == ANIMA_INPUT_BOOL ? BIND_BOOL : BIND_NUMBER);
  if (n >= 0) {
    p->nodes[n].input = (uint32_t)index;
  }
  return n;
}

static int parse_primary(bind_parser *p) {
  const bind_token *token = peek(p);
  switch (token->kind) {
  case TOKEN_NUMBER: {
    next(p);
    int n = add_node(p, NODE_CONSTANT, BIND_NUMBER);
    if (n >= 0) {
      p->nodes[n].value.number = token->number;
    }
    return n;
  }
  case TOKEN_COLOR: {
    next(p);
    int n = add_node(p, NODE_CONSTANT, BIND_COLOR);
    if (n >= 0) {
      p->nodes[n].value.color = token->color;
    }
    return n;
  }
  case TOKEN_STRING: {
    next(p);
    int n = add_node(p, NODE_STRING, BIND_STRING);
    if (n >= 0) {
      p->nodes[n].text = token->text;
      p->nodes[n].text_length = token->text_length;
    }
    return n;
  }
  case TOKEN_NAME:
    next(p);
    if (peek(p)->kind == TOKEN_LEFT) {
      return parse_call(p, token);
    }
    return parse_name(p, token);
  case TOKEN_LEFT: {
    if (!enter(p, token->offset)) {
      return -1;
    }
    next(p);
    int inner = parse_or(p);
    if (inner < 0) {
      return -1;
    }
    if (peek(p)->kind != TOKEN_RIGHT) {
      unexpected(p, peek(p), "\")\"");
      return -1;
    }
    next(p);
    p->depth--;
    return inner;
  }
  default:
    unexpected(p, token,
               "a value (an input, a number, a string, a colour, "
               "a call or a parenthesis)");
    return -1;
  }
}

static int parse_unary(bind_parser *p) {
  const bind_token *token = peek(p);
  if (token->kind != TOKEN_PLUS && token->kind != TOKEN_MINUS) {
    return parse_primary(p);
  }
  if (!enter(p, token->offset)) {
    return -1;
  }
  next(p);
  int operand = parse_unary(p);
  if (operand < 0) {
    return -1;
  }
  p->depth--;
  if (!numeric(p, operand)) {
    type_error(p, token->offset, "signs apply to numbers",
               "a sign cannot apply to a %s%s", type_of(p, operand), "");
    return -1;
  }
  return node_with(p, NODE_UNARY, BIND_NUMBER,
                   token->kind == TOKEN_MINUS ? OP_NEGATE : OP_TRUTH, operand,
                   -1, -1);
}

static int parse_product(bind_parser *p) {
  int left = parse_unary(p);
  while (left >= 0 &&
         (peek(p)->kind == TOKEN_TIMES || peek(p)->kind == TOKEN_DIVIDE)) {
    const bind_token *op = next(p);
    int right = parse_unary(p);
    if (right < 0) {
      return -1;
    }
    if (!numeric(p, left) || !numeric(p, right)) {
      type_error(p, op->offset,
                 "arithmetic takes numbers (bools count as 0 "
                 "and 1); colours mix with mix(a, b, t)",
                 "\"%s\" cannot take a %s", op->kind == TOKEN_TIMES ? "*" : "/",
                 type_of(p, numeric(p, left) ? right : left));
      return -1;
    }
    left = node_with(p, NODE_BINARY, BIND_NUMBER,
                     op->kind == TOKEN_TIMES ? OP_MULTIPLY : OP_DIVIDE, left,
                     right, -1);
  }
  return left;
}

static int parse_sum(bind_parser *p) {
  int left = parse_product(p);
  while (left >= 0 &&
         (peek(p)->kind == TOKEN_PLUS || peek(p)->kind == TOKEN_MINUS)) {
    const bind_token *op = next(p);
    int right = parse_product(p);
    if (right < 0) {
      return -1;
    }
    if (!numeric(p, left) || !numeric(p, right)) {
      type_error(p, op->offset,
                 "arithmetic takes numbers (bools count as 0 "
                 "and 1); strings do not concatenate",
                 "\"%s\" cannot take a %s", op->kind == TOKEN_PLUS ? "+" : "-",
                 type_of(p, numeric(p, left) ? right : left));
      return -1;
    }
    left = node_with(p, NODE_BINARY, BIND_NUMBER,
                     op->kind == TOKEN_PLUS ? OP_ADD : OP_SUBTRACT, left, right,
                     -1);
  }
  return left;
}

static bool is_comparison(bind_token_kind kind) {
  return kind == TOKEN_LESS || kind == TOKEN_LESS_EQUAL ||
         kind == TOKEN_GREATER || kind == TOKEN_GREATER_EQUAL ||
         kind == TOKEN_EQUAL || kind == TOKEN_NOT_EQUAL;
}

static int compare(bind_parser *p, const bind_token *op, int left, int right) {
  const bind_node *a = &p->nodes[left], *b = &p->nodes[right];
  char text[3] = {0};
  memcpy(text, p->text + op->offset, op->length < 2 ? op->length : 2);
  if (op->kind != TOKEN_EQUAL && op->kind != TOKEN_NOT_EQUAL) {
    if (a->type != BIND_NUMBER || b->type != BIND_NUMBER) {
      type_error(p, op->offset,
                 "ordering compares numbers; compare bools, strings and "
                 "colours with == or !=",
                 "\"%s\" cannot order a %s", text,
                 bind_type_name(a->type != BIND_NUMBER ? a->type : b->type));
      return -1;
    }
    static const bind_op_code ops[] = {
        [TOKEN_LESS] = OP_LESS,
        [TOKEN_LESS_EQUAL] = OP_LESS_EQUAL,
        [TOKEN_GREATER] = OP_GREATER,
        [TOKEN_GREATER_EQUAL] = OP_GREATER_EQUAL,
    };
    return node_with(p, NODE_BINARY, BIND_BOOL, ops[op->kind], left, right, -1);
  }
  if (a->type != b->type) {
    type_error(p, op->offset,
               "equality compares two values of one type (a number with a "
               "number, a bool with a bool)",
               "\"%s\" compares a %s with a different type", text,
               bind_type_name(a->type));
    return -1;
  }
  bool equal = op->kind == TOKEN_EQUAL;
  if (a->type == BIND_STRING) {
    bool same = a->text_length == b->text_length &&
                memcmp(a->text, b->text, a->text_length) == 0;
    int n = add_node(p, NODE_CONSTANT, BIND_BOOL);
    if (n >= 0) {
      p->nodes[n].value.number = same == equal ? 1 : 0;
    }
    return n;
  }
  bind_op_code code = a->type == BIND_COLOR
                          ? (equal ? OP_COLOR_EQUAL : OP_COLOR_NOT_EQUAL)
                          : (equal ? OP_EQUAL : OP_NOT_EQUAL);
  return node_with(p, NODE_BINARY, BIND_BOOL, code, left, right, -1);
}

static int parse_compare(bind_parser *p) {
  int left = parse_sum(p);
  while (left >= 0 && is_comparison(peek(p)->kind)) {
    const bind_token *op = next(p);
    int right = parse_sum(p);
    if (right < 0) {
      return -1;
    }
    left = compare(p, op, left, right);
  }
  return left;
}

static int parse_not(bind_parser *p) {
  const bind_token *token = peek(p);
  if (token->kind != TOKEN_NOT) {
    return parse_compare(p);
  }
  if (!enter(p, token->offset)) {
    return -1;
  }
  next(p);
  int operand = parse_not(p);
  if (operand < 0) {
    return -1;
  }
  p->depth--;
  if (p->nodes[operand].type != BIND_BOOL) {
    type_error(p, token->offset,
               "not takes a bool; numbers are not bools, compare them "
               "(count == 0)",
               "\"not\" cannot take a %s%s", type_of(p, operand), "");
    return -1;
  }
  return node_with(p, NODE_UNARY, BIND_BOOL, OP_NOT, operand, -1, -1);
}

static int logical(bind_parser *p, bind_token_kind kind,
                   int (*operand)(bind_parser *)) {
  int left = operand(p);
  while (left >= 0 && peek(p)->kind == kind) {
    const bind_token *op = next(p);
    int right = operand(p);
    if (right < 0) {
      return -1;
    }
    if (p->nodes[left].type != BIND_BOOL || p->nodes[right].type != BIND_BOOL) {
      type_error(p, op->offset,
                 "and/or take bools; numbers are not bools, compare them "
                 "(count > 0)",
                 "\"%s\" cannot take a %s", kind == TOKEN_AND ? "and" : "or",
                 type_of(p, p->nodes[left].type != BIND_BOOL ? left : right));
      return -1;
    }
    left = node_with(p, NODE_BINARY, BIND_BOOL,
                     kind == TOKEN_AND ? OP_AND_JUMP : OP_OR_JUMP, left, right,
                     -1);
  }
  return left;
}

static int parse_and(bind_parser *p) {
  return logical(p, TOKEN_AND, parse_not);
}

static int parse_or(bind_parser *p) {
  return logical(p, TOKEN_OR, parse_and);
}

int bind_parse(bind_parser *p) {
  int root = parse_or(p);
  if (root >= 0 && peek(p)->kind != TOKEN_END) {
    unexpected(p, peek(p), "an operator or the end");
    return -1;
  }
  return root;
}

bool bind_parser_keep(bind_parser *p, char *text) {
  if (p->kept_count == p->kept_capacity) {
    size_t capacity = p->kept_capacity ? 2 * p->kept_capacity : 8;
    char **kept = realloc(p->kept, capacity * sizeof *kept);
    if (!kept) {
      p->status = ANIMA_ERROR_NO_MEMORY;
      return false;
    }
    p->kept = kept;
    p->kept_capacity = capacity;
  }
  p->kept[p->kept_count++] = text;
  return true;
}

void bind_parser_free(bind_parser *p) {
  for (size_t i = 0; i < p->kept_count; i++) {
    free(p->kept[i]);
  }
  free(p->kept);
  free(p->nodes);
}
