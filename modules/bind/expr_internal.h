/*
 * expr_internal.h — what the files of the expression language share:
 *
 *   expr_lex.c      tokens (names, numbers, colours, strings, operators)
 *   expr_parse.c    the typed precedence parser into a syntax tree, with
 *                   string operations folded (expr_text.c)
 *   expr_text.c     string functions: lower (ICU), contains
 *   expr_emit.c     the syntax tree into a postfix program
 *   expr_eval.c     the evaluator
 *
 * Module-private.
 */
#ifndef ANIMA_BIND_EXPR_INTERNAL_H
#define ANIMA_BIND_EXPR_INTERNAL_H

#include "expr.h"

typedef enum bind_token_kind {
  TOKEN_END = 0,
  TOKEN_NUMBER,
  TOKEN_NAME,
  TOKEN_COLOR,
  TOKEN_STRING,
  TOKEN_LEFT,  /* ( */
  TOKEN_RIGHT, /* ) */
  TOKEN_COMMA,
  TOKEN_PLUS,
  TOKEN_MINUS,
  TOKEN_TIMES,
  TOKEN_DIVIDE,
  TOKEN_LESS,
  TOKEN_LESS_EQUAL,
  TOKEN_GREATER,
  TOKEN_GREATER_EQUAL,
  TOKEN_EQUAL,
  TOKEN_NOT_EQUAL,
  TOKEN_AND,
  TOKEN_OR,
  TOKEN_NOT,
} bind_token_kind;

typedef struct bind_token {
  bind_token_kind kind;
  size_t offset;     /* byte offset in the expression */
  size_t length;     /* bytes of source text */
  double number;     /* NUMBER */
  anima_color color; /* COLOR */
  /* STRING: the decoded text (malloc'd, may hold NULs), else NULL */
  char *text;
  size_t text_length;
} bind_token;

typedef struct bind_tokens {
  bind_token *items;
  size_t count;
} bind_tokens;

/* Splits `text` into tokens ending with TOKEN_END. On failure returns
 * false with `error` filled (bind-syntax). `out` is freed with
 * bind_tokens_free either way. */
bool bind_tokenize(const char *text, size_t length, bind_tokens *out,
                   bind_error *error, anima_status *status);
void bind_tokens_free(bind_tokens *tokens);

/* Fills an error at byte `offset` of `text`: the message gets " at
 * character N" appended (1-based UTF-16). */
void bind_fail(bind_error *error, const char *code, const char *text,
               size_t length, size_t offset, const char *hint,
               const char *format, ...) __attribute__((format(printf, 7, 8)));

/* Instructions. Stack effects in comments (a b -- r). */
typedef enum bind_op_code {
  OP_CONSTANT = 0, /* -- constants[arg] */
  OP_INPUT,        /* -- input arg (number or bool 0/1) */
  OP_NEGATE,       /* a -- -a */
  OP_ADD,
  OP_SUBTRACT,
  OP_MULTIPLY,
  OP_DIVIDE,
  OP_LESS, /* a b -- a<b as 0/1 */
  OP_LESS_EQUAL,
  OP_GREATER,
  OP_GREATER_EQUAL,
  OP_EQUAL, /* numbers and bools */
  OP_NOT_EQUAL,
  OP_COLOR_EQUAL,
  OP_COLOR_NOT_EQUAL,
  OP_NOT,       /* a -- !a */
  OP_AND_JUMP,  /* a -- a, jumping to arg when false; else a -- */
  OP_OR_JUMP,   /* a -- a, jumping to arg when true; else a -- */
  OP_MIN,       /* a b -- min */
  OP_MAX,       /* a b -- max */
  OP_CLAMP,     /* x lo hi -- min(max(x, lo), hi) */
  OP_MIX,       /* a b t -- a + (b - a)·t */
  OP_MIX_COLOR, /* a b t -- colour */
  OP_FLOOR,     /* x -- floor(x) */
  OP_MOD,       /* a b -- a - b·floor(a/b), 0 when b is 0 */
  OP_TRUTH,     /* a -- a (a bool kept as 0/1; no-op marker) */
} bind_op_code;

/* Syntax tree. */
typedef enum bind_node_kind {
  NODE_CONSTANT = 0, /* number, bool or colour constant (value) */
  NODE_STRING,       /* string constant (text, text_length) */
  NODE_INPUT,        /* input `input` */
  NODE_UNARY,        /* op on child a */
  NODE_BINARY,       /* op on a, b */
  NODE_CALL,         /* op on a, b, c (as many as the function takes) */
} bind_node_kind;

typedef struct bind_node {
  bind_node_kind kind;
  bind_type type;
  bind_op_code op;
  int a, b, c; /* children (node indices), -1 when absent */
  bind_value value;
  uint32_t input;
  const char *text;
  size_t text_length;
} bind_node;

/* String functions (expr_text.c). `lower` writes a malloc'd result. */
anima_status bind_text_lower(const char *text, size_t length, char **out,
                             size_t *out_length);
bool bind_text_contains(const char *text, size_t length, const char *part,
                        size_t part_length);

#endif
