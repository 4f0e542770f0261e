/*
 * condition.h — the transition condition grammar of SPEC §8, parsed into a
 * list of terms that name inputs.
 *
 *   condition := term ( "&&" term )*
 *   term      := "!"? NAME | NAME OP NUMBER | "@end" | "@after(" NUMBER ")"
 *   OP        := "==" | "!=" | "<" | "<=" | ">" | ">="
 *   NAME      := ^[a-z][a-zA-Z0-9-]*$ (SPEC §2 Names)
 *   NUMBER    := a JSON number (RFC 8259), e.g. 0.5, -1, 2e-3
 *
 * Whitespace between tokens is ignored (also inside `@after( 0.5 )`). The
 * `@after` seconds must be >= 0. `EXPR OP EXPR` belongs to the optional
 * `bind` module and is not part of this core grammar: comparing two names,
 * or a number on the left, is a parse error here.
 *
 * Parsing is grammar only: whether an input exists and has the right type
 * (`unknown-input`, `input-type`) is checked by the validator against the
 * document's inputs; the player resolves names to input indices once, at
 * compile time.
 *
 * Kernel-private: not exported from libanima.so; unit tests reach these
 * functions by linking the kernel's static library (kernel/meson.build).
 */
#ifndef ANIMA_KERNEL_CONDITION_H
#define ANIMA_KERNEL_CONDITION_H

#include <stddef.h>

#include <anima/anima.h>
#include <anima/module.h>

/** The kind of one condition term. */
typedef enum anima_term_kind {
  ANIMA_TERM_INPUT = 0, /**< NAME: a pending trigger or a true bool */
  ANIMA_TERM_NOT_INPUT, /**< !NAME: a false bool */
  ANIMA_TERM_COMPARE,   /**< NAME OP NUMBER: a number input */
  ANIMA_TERM_END,       /**< @end: the state's once timeline finished */
  ANIMA_TERM_AFTER,     /**< @after(s): state time >= s seconds */
  ANIMA_TERM_MODULE,    /**< a module's term kind (module.h) */
} anima_term_kind;

/** Comparison operators of ANIMA_TERM_COMPARE. */
typedef enum anima_compare_operator {
  ANIMA_COMPARE_EQUAL = 0,     /**< == */
  ANIMA_COMPARE_NOT_EQUAL,     /**< != */
  ANIMA_COMPARE_LESS,          /**< <  */
  ANIMA_COMPARE_LESS_EQUAL,    /**< <= */
  ANIMA_COMPARE_GREATER,       /**< >  */
  ANIMA_COMPARE_GREATER_EQUAL, /**< >= */
} anima_compare_operator;

/** One term of a condition. */
typedef struct anima_condition_term {
  anima_term_kind kind;
  /** INPUT, NOT_INPUT, COMPARE: the input name (NUL-terminated, owned by
   * the condition); NULL for END and AFTER. */
  const char *input;
  /** COMPARE only. */
  anima_compare_operator compare;
  /** COMPARE: the number compared with; AFTER: seconds (>= 0); else 0. */
  double number;
  /** Byte offset of the term's first character in the condition string. */
  size_t offset;
  /** MODULE: the term kind and the data its `parse` made. */
  const anima_term_kind_desc *module;
  const void *data;
} anima_condition_term;

/** A parsed condition: every term must hold (there is no `||`). */
typedef struct anima_condition {
  anima_condition_term *terms; /**< `count` terms in source order */
  size_t count;
  char *storage; /**< owned copies of the input names */
} anima_condition;

/** Why a condition was refused (`bad-condition`). */
typedef struct anima_condition_error {
  /** Byte offset of the offending character (the string's length when it
   * ends too early). */
  size_t offset;
  /** One English sentence, e.g. `expected a number after "<=" at offset
   * 8`. */
  char message[160];
  /** A term kind recognised the term and reported the error itself
   * (anima_condition_parse_with); `message` is empty. */
  bool reported;
} anima_condition_error;

/** Term kinds a term the core grammar does not parse is offered to
 * (module.h anima_term_kind_desc; condition_term.c). */
typedef struct anima_condition_terms {
  /** Parses the `length` bytes at `text` (trimmed; at byte `offset` of the
   * condition): NO_MATCH, MATCH (filling term->module and term->data) or
   * ERROR (reported). */
  anima_term_match (*parse)(void *context, const char *text, size_t length,
                            size_t offset, anima_condition_term *term);
  void *context;
} anima_condition_terms;

/**
 * Parses a NUL-terminated condition string. On success returns ANIMA_OK and
 * `*out` owns its terms (release with anima_condition_release). On a
 * grammar error returns ANIMA_ERROR_INVALID_DOCUMENT, fills `error` (may be
 * NULL) and leaves `*out` empty. ANIMA_ERROR_INVALID_ARGUMENT for NULL
 * `text` or `out`; ANIMA_ERROR_NO_MEMORY when allocation fails.
 */
anima_status anima_condition_parse(const char *text, anima_condition *out,
                                   anima_condition_error *error);

/**
 * anima_condition_parse with term kinds: a term (the text up to the next
 * "&&") the core grammar does not parse is offered to `kinds` (may be
 * NULL); when they decline, the core's error stands; when one reports an
 * error, ANIMA_ERROR_INVALID_DOCUMENT with error->reported set.
 */
anima_status anima_condition_parse_with(const char *text,
                                        const anima_condition_terms *kinds,
                                        anima_condition *out,
                                        anima_condition_error *error);

/** Frees the terms and names of a parsed condition and empties it. NULL is
 * allowed. */
void anima_condition_release(anima_condition *condition);

/** The source spelling of an operator ("==", "<=", ...). */
const char *anima_compare_operator_text(anima_compare_operator op);

#endif
