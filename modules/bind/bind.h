/*
 * bind.h — what the files of the `bind` module share (SPEC bind chapter):
 *
 *   expr*.c          the expression language (expr.h)
 *   bind.c           registration: the document's `bind` map, codes
 *   bind_scope.c     input scopes for checks, compiles, terms and steps;
 *                    reporting an expression's error
 *   bind_document.c  property bindings: check, compile, the BIND stage
 *                    hook (evaluated after the layers, before clamping)
 *   bind_actions.c   the expression kind of action `set` values
 *   bind_terms.c     the condition term kind EXPR OP EXPR
 *   bind_blocks.c    state entry/exit and transition actions blocks
 *
 * Module-private: nothing here is part of the ABI.
 */
#ifndef ANIMA_BIND_H
#define ANIMA_BIND_H

#include <anima/module.h>

#include "expr.h"

/** The feature every entry of this module belongs to. */
#define BIND_FEATURE "bind"

/** The kernel's services (module.h anima_host), set by init. */
extern const anima_host *bind_host;

/** Scopes over the document's inputs in each context; the check scope
 * marks what it finds as used and suggests close names. */
bind_scope bind_check_scope(anima_check *check);
bind_scope bind_compile_scope(anima_compile *compile);
bind_scope bind_term_scope(anima_term_context *context);

/** Memory for programs: the model's (compile_alloc, term_alloc) or a
 * throwaway malloc for checks (bind_check_compile frees it). */
bind_allocator bind_compile_allocator(anima_compile *compile);
bind_allocator bind_term_allocator(anima_term_context *context);

/**
 * Compiles `text` for a check: returns the program's type in `*type` and
 * true, or false with `error` filled (the program itself is discarded).
 * ANIMA_ERROR_NO_MEMORY leaves error->code NULL.
 */
bool bind_check_compile(anima_check *check, const char *text, bind_type *type,
                        bind_error *error);

/** Reports `error` at `pointer` (check_report, severity error). */
void bind_report(anima_check *check, const char *pointer,
                 const bind_error *error);

/** The input reader of a step: numbers, bools as 0/1. */
double bind_step_input(void *step, uint32_t input);

anima_status bind_register_document(anima_registrar *registrar);
anima_status bind_register_actions(anima_registrar *registrar);
anima_status bind_register_terms(anima_registrar *registrar);
anima_status bind_register_blocks(anima_registrar *registrar);

#endif
