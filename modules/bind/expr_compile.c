/*
 * expr_compile.c — an expression's text into a compact postfix program
 * (expr.h bind_compile): tokens, the typed tree, then instructions and
 * constants in one block of the caller's memory.
 */
#include <stdlib.h>
#include <string.h>

#include "expr_parse.h"

typedef struct emitter {
  const bind_node *nodes;
  bind_op *ops;
  size_t op_count;
  bind_value *constants;
  size_t constant_count;
  size_t depth, max_depth;
} emitter;

static void emit_op(emitter *e, bind_op_code code, uint32_t arg, int effect) {
  if (e->ops) {
    e->ops[e->op_count] = (bind_op){.code = (uint16_t)code, .arg = arg};
  }
  e->op_count++;
  e->depth = (size_t)((long)e->depth + effect);
  if (e->depth > e->max_depth) {
    e->max_depth = e->depth;
  }
}

/* Post-order; with `ops` NULL it only counts. */
static void emit(emitter *e, int index) {
  const bind_node *node = &e->nodes[index];
  switch (node->kind) {
  case NODE_CONSTANT:
    if (e->constants) {
      e->constants[e->constant_count] = node->value;
    }
    emit_op(e, OP_CONSTANT, (uint32_t)e->constant_count++, +1);
    return;
  case NODE_STRING:
    return; /* never reached: strings are refused as results */
  case NODE_INPUT:
    emit_op(e, OP_INPUT, node->input, +1);
    return;
  case NODE_UNARY:
    emit(e, node->a);
    if (node->op != OP_TRUTH) {
      emit_op(e, node->op, 0, 0);
    }
    return;
  case NODE_BINARY:
    emit(e, node->a);
    if (node->op == OP_AND_JUMP || node->op == OP_OR_JUMP) {
      size_t jump = e->op_count;
      emit_op(e, node->op, 0, -1);
      emit(e, node->b);
      if (e->ops) {
        e->ops[jump].arg = (uint32_t)e->op_count;
      }
      return;
    }
    emit(e, node->b);
    emit_op(e, node->op, 0, -1);
    return;
  case NODE_CALL:
    emit(e, node->a);
    if (node->b >= 0) {
      emit(e, node->b);
    }
    if (node->c >= 0) {
      emit(e, node->c);
    }
    emit_op(e, node->op, 0, node->c >= 0 ? -2 : node->b >= 0 ? -1 : 0);
    return;
  }
}

anima_status bind_compile(const char *text, size_t length,
                          const bind_scope *scope,
                          const bind_allocator *allocator, bind_program **out,
                          bind_error *error) {
  if (!text || !allocator || !allocator->alloc || !out || !error) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  memset(error, 0, sizeof *error);
  *out = NULL;
  bind_tokens tokens = {0};
  anima_status status;
  if (!bind_tokenize(text, length, &tokens, error, &status)) {
    bind_tokens_free(&tokens);
    return status;
  }
  bind_parser parser = {.text = text,
                        .length = length,
                        .tokens = &tokens,
                        .scope = scope,
                        .error = error,
                        .status = ANIMA_OK};
  if (tokens.count == 1) {
    bind_fail(error, "bind-syntax", text, length, 0,
              "write an expression such as \"progress\" or \"count + 1\"", "%s",
              "the expression is empty");
    bind_tokens_free(&tokens);
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  int root = bind_parse(&parser);
  status = parser.status;
  if (root >= 0 && parser.nodes[root].type == BIND_STRING) {
    bind_fail(error, "bind-type", text, length, 0,
              "strings only feed contains(text, part) and comparisons", "%s",
              "the expression's value is a string");
    root = -1;
  }
  if (root >= 0 && status == ANIMA_OK) {
    emitter count = {.nodes = parser.nodes};
    emit(&count, root);
    size_t size = sizeof(bind_program) + count.op_count * sizeof(bind_op) + 15 +
                  count.constant_count * sizeof(bind_value) + 15;
    unsigned char *block = allocator->alloc(allocator->context, size);
    if (!block) {
      status = ANIMA_ERROR_NO_MEMORY;
    } else {
      bind_program *program = (bind_program *)block;
      size_t ops_at = (sizeof *program + 15) & ~(size_t)15;
      size_t constants_at =
          (ops_at + count.op_count * sizeof(bind_op) + 15) & ~(size_t)15;
      emitter fill = {.nodes = parser.nodes,
                      .ops = (bind_op *)(block + ops_at),
                      .constants = (bind_value *)(block + constants_at)};
      emit(&fill, root);
      program->type = parser.nodes[root].type;
      program->op_count = (uint32_t)fill.op_count;
      program->max_stack = (uint32_t)fill.max_depth;
      program->ops = fill.ops;
      program->constants = fill.constants;
      *out = program;
    }
  }
  if (root < 0 && status == ANIMA_OK) {
    status = ANIMA_ERROR_INVALID_DOCUMENT;
  }
  bind_parser_free(&parser);
  bind_tokens_free(&tokens);
  return status;
}
