/*
 * kinds.h — the kinds a feature module adds to what a layer and its
 * values do (module.h, docs/MODULES.md §5): ease kinds, condition term
 * kinds, state kinds and action kinds, as the kernel's validation, compile
 * and step loop use them. Value types have their own header
 * (value_type.h). Kernel-private.
 */
#ifndef ANIMA_KERNEL_KINDS_H
#define ANIMA_KERNEL_KINDS_H

#include "compile_internal.h"
#include "condition.h"
#include "host_internal.h"
#include "ease.h"
#include "model.h"

/* ---- ease kinds (ease_kind.c) ------------------------------------------- */

/** What anima_ease_kind_parse found. */
typedef enum anima_ease_kind_result {
  /** No ease kind of that name is registered (or the text is not
   * `name(...)`): the core's own error stands. */
  ANIMA_EASE_KIND_UNKNOWN = 0,
  ANIMA_EASE_KIND_OK,
  /** The kind's syntax, but wrong: arguments that do not parse, a wrong
   * count, or the kind's `check` refused them (`bad-ease`). */
  ANIMA_EASE_KIND_INVALID,
  /** A registered kind whose feature the document does not declare
   * (`undeclared-feature`); out->kind is set. */
  ANIMA_EASE_KIND_UNDECLARED,
} anima_ease_kind_result;

/** The ease kind named by the `length` bytes at `name`, or NULL. */
const anima_ease_kind_desc *anima_ease_kind_find(const anima_registry *registry,
                                                 const char *name,
                                                 size_t length);

/**
 * Parses `name`, `name()` or `name(a, b, ...)` (JSON numbers, spaces
 * allowed) as an ease kind usable by a document whose `requires` lists
 * `requires`: the argument count must lie in the kind's range and its
 * `check` must accept them. On INVALID fills `error` (may be NULL) and
 * writes a hint (the kind's own, else its syntax) into `hint`.
 */
anima_ease_kind_result
anima_ease_kind_parse(const anima_registry *registry,
                      const char *const *requires, size_t require_count,
                      const char *text, anima_model_module_ease *out,
                      anima_ease_error *error, char *hint, size_t hint_size);

/** Writes the syntaxes of the ease kinds usable by such a document,
 * comma-separated, into `buffer` (truncated to `size`); returns how many. */
size_t anima_ease_kind_syntaxes(const anima_registry *registry,
                                const char *const *requires,
                                size_t require_count, char *buffer,
                                size_t size);

/**
 * Compiles an ease string of a key or transition (core or module kind)
 * into `out`; module arguments live in the model. INVALID_DOCUMENT when it
 * does not parse (validation reports why), NO_MEMORY.
 */
anima_status anima_compile_ease(anima_compiler *compiler, const char *text,
                                anima_model_ease *out);

/* ---- condition term kinds (condition_term.c) ---------------------------- */

/**
 * One condition being parsed (module.h anima_term_context): by validation
 * (reports become diagnostics at the condition, memory is scratch freed by
 * anima_term_context_finish, inputs are marked used) or by compile
 * (memory is model-owned, reports are dropped).
 */
struct anima_term_context {
  const anima_registry *registry;
  const char *const *requires; /**< the document's declared features */
  size_t require_count;
  anima_model *model;              /**< compile: owns memory; else NULL */
  struct anima_term_block *blocks; /**< validation scratch */
  long (*input)(void *owner, const char *name, anima_input_type *type);
  /** Appends a diagnostic (validation), or NULL to drop reports. */
  void (*report)(void *owner, const char *code, const char *hint,
                 const char *message);
  /** A kind of an undeclared feature knows the term (validation), or
   * NULL. */
  void (*undeclared)(void *owner, const anima_term_kind_desc *kind,
                     const char *text);
  void *owner;
  size_t offset; /**< byte offset of the term being parsed */
  bool reported; /**< the kind being tried reported */
  bool silent;   /**< drop reports (probing undeclared kinds) */
  bool out_of_memory;
};

/** The term kinds of a context, for anima_condition_parse_with. */
anima_condition_terms anima_term_kinds(anima_term_context *context);

/** Reports through the context (printf-style). */
void anima_term_context_report(anima_term_context *context, const char *code,
                               const char *hint, const char *format, ...)
    ANIMA_PRINTF(4, 5);

/** Frees a context's scratch memory (terms parsed with it die). */
void anima_term_context_finish(anima_term_context *context);

/** A compile context: model memory, the model's inputs, no reports. */
anima_term_context anima_compile_term_context(anima_compiler *compiler);

/* ---- state kinds (compile_kinds.c, player_kinds.c) ---------------------- */

/** The state kind `name` usable by a document declaring `requires`, or
 * NULL. */
const anima_state_kind_desc *
anima_state_kind_find(const anima_registry *registry, const char *name,
                      const char *const *requires, size_t require_count);

/** The state kind of the state object `state`: the one its `kind` names,
 * or, without `kind`, the first one selected by a member the state has
 * (anima_state_kind_desc.field); NULL when none applies. */
const anima_state_kind_desc *anima_state_kind_of(const anima_registry *registry,
                                                 const json_t *state,
                                                 const char *const *requires,
                                                 size_t require_count);

/** A state's `kind`: its state kind, per-model data and per-player
 * instance (site STATE at `pointer`) and the slots it declares into
 * S(state); after the state's base writes. */
anima_status anima_compile_state_kind(anima_compiler *compiler,
                                      const json_t *object, const char *pointer,
                                      size_t layer, size_t state);

/** A play state's module clock (module.h anima_clock_desc): the first
 * clock of a declared feature whose compile gives data owns it. */
anima_status anima_compile_clock(anima_compiler *compiler, const json_t *object,
                                 const char *pointer, size_t layer,
                                 size_t state);

/** The declaration states of a layer (model->declarations). */
anima_status anima_compile_declarations(anima_compiler *compiler, size_t layer);

#endif
