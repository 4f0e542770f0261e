/*
 * expr.h — the bind expression language (SPEC bind chapter, "Expressions
 * and types"): a tokenizer and a typed precedence parser that compile an
 * expression once, at load, into a compact postfix program, and an
 * evaluator that runs the program against input values without
 * allocating.
 *
 *   or-expr   := and-expr ( "or" and-expr )*
 *   and-expr  := not-expr ( "and" not-expr )*
 *   not-expr  := "not" not-expr | compare
 *   compare   := sum ( ( "<" | "<=" | ">" | ">=" | "==" | "!=" ) sum )*
 *   sum       := product ( ( "+" | "-" ) product )*
 *   product   := unary ( ( "*" | "/" ) unary )*
 *   unary     := ( "+" | "-" ) unary | primary
 *   primary   := NUMBER | STRING | COLOR | NAME | NAME "(" args ")"
 *              | "(" or-expr ")"
 *   NAME      := [a-z][a-zA-Z0-9-]*   (an input; a hyphen is part of it)
 *   NUMBER    := a finite JSON number without sign (0.5, 12, 2e-3)
 *   COLOR     := #rgb | #rrggbb | #rrggbbaa
 *   STRING    := a double-quoted JSON string ("a\"b", "\u0130")
 *
 * Binary operators associate left; whitespace between tokens is ignored.
 * Types are number, bool, string and colour, checked at compile time:
 * arithmetic and min/max/clamp/floor/mod take numbers (bools count 0/1);
 * ordering takes numbers; equality takes two operands of one type;
 * and/or/not take bools; mix takes numbers, or two colours and a number or
 * bool weight; contains takes two strings, lower one string. Strings come
 * only from literals (no input holds a string), so every string operation
 * is folded at compile time (lower uses ICU's locale-independent Unicode
 * default case conversion) and programs hold numbers, bools and colours.
 *
 * Limits: 512 tokens, 64 nesting levels (each parenthesis group, call,
 * `not` and unary sign opens one); beyond either is `bind-syntax`.
 *
 * Module-private: nothing here is part of the ABI.
 */
#ifndef ANIMA_BIND_EXPR_H
#define ANIMA_BIND_EXPR_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <anima/anima.h>

/** Most tokens in one expression (SPEC bind "Validation"). */
#define BIND_TOKEN_LIMIT 512
/** Most nesting levels in one expression. */
#define BIND_NESTING_LIMIT 64

/** The static type of an expression or subexpression. */
typedef enum bind_type {
  BIND_NUMBER = 0,
  BIND_BOOL,
  BIND_STRING,
  BIND_COLOR,
} bind_type;

/** The type's name for messages ("number", "bool", "string", "colour"). */
const char *bind_type_name(bind_type type);

/** How the compiler resolves input names (the scope map of SPEC bind). */
typedef struct bind_scope {
  /** The index and type of input `name` (`length` bytes, not
   * NUL-terminated), or -1 when no input has that name. */
  long (*find)(void *context, const char *name, size_t length,
               anima_input_type *type);
  /** Optional: writes a "did you mean" hint for an unknown name into
   * `hint` (`size` bytes), or leaves it empty. */
  void (*suggest)(void *context, const char *name, size_t length, char *hint,
                  size_t size);
  void *context;
} bind_scope;

/** Why an expression was refused. */
typedef struct bind_error {
  /** "bind-syntax", "bind-type", "unknown-input" or "bind-cycle". */
  const char *code;
  /** Zero-based offset of the offending token in UTF-16 code units (the
   * expression's length when it ends too early). */
  size_t offset;
  /** Byte offset of the same place. */
  size_t byte_offset;
  /** One sentence naming the 1-based character offset ("at character
   * 5"). */
  char message[256];
  /** What to write instead (never empty). */
  char hint[256];
  /** The expression reads a property ("ring.stroke.trimEnd"): the bytes
   * of that address in the expression (code "bind-syntax"; the caller may
   * call it a `bind-cycle` when the reference closes a cycle). */
  bool reference;
  size_t reference_start, reference_length;
} bind_error;

/** One instruction of a compiled program. */
typedef struct bind_op {
  uint16_t code; /**< bind_op_code (expr_program.h) */
  uint32_t arg;  /**< input index, constant index or jump target */
} bind_op;

/** A value on the evaluator's stack: numbers and bools (0/1) in `number`,
 * colours in `color`. */
typedef struct bind_value {
  double number;
  anima_color color;
} bind_value;

/** A compiled expression: immutable, in one block of memory. */
typedef struct bind_program {
  bind_type type;     /**< the result type (never BIND_STRING) */
  uint32_t op_count;  /**< instructions */
  uint32_t max_stack; /**< deepest stack the program reaches (<= 512) */
  const bind_op *ops;
  const bind_value *constants;
} bind_program;

/** Memory for a compiled program (the model's arena, or malloc). */
typedef struct bind_allocator {
  /** Zeroed memory, 16-byte aligned, or NULL. */
  void *(*alloc)(void *context, size_t size);
  void *context;
} bind_allocator;

/**
 * Compiles `text` (`length` bytes of UTF-8) against `scope`. On success
 * returns ANIMA_OK with `*out` in memory from `allocator` (one block).
 * A refused expression returns ANIMA_ERROR_INVALID_DOCUMENT with `error`
 * filled (the first problem in source order); a string-typed result is
 * refused too (no target holds strings). ANIMA_ERROR_NO_MEMORY when an
 * allocation fails; ANIMA_ERROR_INVALID_ARGUMENT for NULL arguments.
 * Allocates temporary memory with malloc and frees it before returning.
 */
anima_status bind_compile(const char *text, size_t length,
                          const bind_scope *scope,
                          const bind_allocator *allocator, bind_program **out,
                          bind_error *error);

/** Reads the current value of input `index` (a number, or a bool as 0/1). */
typedef double (*bind_read_input)(void *context, uint32_t index);

/**
 * Runs `program`: the result's `number` for number and bool programs (a
 * bool as 0 or 1; a non-finite number as computed — the consumer makes it
 * 0, bind_finite), its `color` for colour programs. Allocates nothing;
 * uses at most 16·512 bytes of the C stack.
 */
bind_value bind_evaluate(const bind_program *program, bind_read_input read,
                         void *context);

/** SPEC bind: a non-finite number resolves to zero where it is consumed. */
static inline double bind_finite(double number) {
  return isfinite(number) ? number : 0;
}

/** The zero-based UTF-16 offset of byte `byte_offset` of `text` (valid
 * UTF-8; counting stops at `length`). */
size_t bind_utf16_offset(const char *text, size_t length, size_t byte_offset);

#endif
