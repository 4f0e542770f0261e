/*
 * expr_parse.h — the parser's state, shared by expr_parse.c (the grammar)
 * and expr_compile.c (tokens in, program out). Module-private.
 */
#ifndef ANIMA_BIND_EXPR_PARSE_H
#define ANIMA_BIND_EXPR_PARSE_H

#include "expr_internal.h"

typedef struct bind_parser {
  const char *text;
  size_t length;
  const bind_tokens *tokens;
  size_t position;
  const bind_scope *scope;
  bind_error *error;
  anima_status status; /* ANIMA_ERROR_NO_MEMORY when an allocation failed */
  bind_node *nodes;
  size_t node_count, node_capacity;
  int depth;
  char **kept; /* folded strings, freed with the parser */
  size_t kept_count, kept_capacity;
} bind_parser;

/* Parses the whole token list: the root node, or -1 (error or status). */
int bind_parse(bind_parser *p);
/* The parser owns `text` from now on (freed by bind_parser_free). */
bool bind_parser_keep(bind_parser *p, char *text);
void bind_parser_free(bind_parser *p);

#endif
