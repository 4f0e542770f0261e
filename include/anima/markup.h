/*
 * markup.h — AniML, the XML spelling of `.ani` documents (docs/ANIML.md),
 * and canonical text for both spellings. Library `libanima-markup`
 * (meson dependency `anima_markup_dep`).
 *
 * AniML compiles to exactly the JSON value the `.ani` loader validates
 * (SPEC §2-§10; SPEC §11.1: `case.ani` is the build output of `case.animl`).
 * The mapping is generic over the runtime's registry (include/anima/
 * module.h): a loaded feature module's kinds and fields are AniML elements
 * and attributes without markup code of their own.
 *
 * Diagnostics are the loader's (code, severity, JSON pointer of the
 * compiled value, message, hint) with the AniML `line` and `column`
 * (1-based; columns count characters) of the element, attribute or track
 * token that produced the value. Hints are in AniML spelling: the loader's
 * JSON-spelled keys are rewritten to their registry markup names
 * (`add version="0.1"`, `loop="once"`; docs/ANIML.md §8). Codes the
 * compiler adds: `animl-syntax` (XML that is not well-formed, with the fix
 * for a bare `&` or `<` in an attribute; a DOCTYPE; a root other than
 * <anima>),
 * `duplicate-key` (an attribute or element given twice), `unknown-key`
 * and `unknown-node-type` (unknown attributes and elements, with a
 * `did you mean` hint or, for a registered foreign name such as SVG's `cx`
 * or `<g>`, what to write instead), `type` (a value that does not decode),
 * `missing-key` and `limit-exceeded` (text over 1 MiB).
 *
 * Text returned through `char **` parameters is NUL-terminated, owned by the
 * caller and released with anima_markup_free(). On failure the out
 * parameters are set to NULL and 0.
 *
 * Safety: no network access, no DTD, no external or internal entities
 * (libxml2 with XML_PARSE_NONET, without XML_PARSE_NOENT/DTDLOAD; any
 * DOCTYPE is refused before parsing). Any input gives diagnostics, never a
 * crash. Thread safety: as anima.h; the runtime is only read.
 */
#ifndef ANIMA_MARKUP_H
#define ANIMA_MARKUP_H

#include <anima/anima.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Options of anima_markup_compile and anima_markup_decompile. */
enum {
  /** Only map between the spellings: do not run the `.ani` loader's
   * validation (SPEC §2-§10) on the document. Used by the formatters. */
  ANIMA_MARKUP_SYNTAX_ONLY = 1u << 0,
};

/**
 * Compiles AniML text (UTF-8, `length` bytes) to canonical `.ani` JSON text
 * (the output of `anima build`, ending with a newline). Unless `options`
 * has ANIMA_MARKUP_SYNTAX_ONLY the result is validated like any `.ani`
 * document and the loader's errors and warnings are appended with their
 * AniML positions; loader diagnostics at or below a value that already has
 * a compiler error are dropped (no cascades).
 *
 * Returns ANIMA_OK with the text in `*json` (length in `*json_length`,
 * which may be NULL) when there is no error (warnings allowed);
 * ANIMA_ERROR_INVALID_DOCUMENT when there is one (`*json` is NULL: nothing
 * compiles partially); ANIMA_ERROR_INVALID_ARGUMENT for a NULL runtime,
 * text or `json`; ANIMA_ERROR_NO_MEMORY.
 */
ANIMA_API anima_status anima_markup_compile(anima_runtime *runtime,
                                            const char *text, size_t length,
                                            unsigned options,
                                            anima_diagnostics *diagnostics,
                                            char **json, size_t *json_length);

/**
 * Writes a `.ani` document (JSON text) as canonical AniML. Unless
 * `options` has ANIMA_MARKUP_SYNTAX_ONLY the document must first validate
 * (its diagnostics are appended; errors give ANIMA_ERROR_INVALID_DOCUMENT).
 * For every document that loads, compiling the result gives back the same
 * JSON value, including the member order of every map (`machine.layers`,
 * SPEC §2 Order). Text that is not JSON is `json-syntax` (with line and
 * column), a repeated key `duplicate-key`; a value with no AniML spelling
 * (an unknown key, a control character in a name) is `type`. Returns and
 * ownership as anima_markup_compile.
 */
ANIMA_API anima_status anima_markup_decompile(
    anima_runtime *runtime, const char *json, size_t length, unsigned options,
    anima_diagnostics *diagnostics, char **animl, size_t *animl_length);

/**
 * Formats AniML canonically: attributes in registry order and canonical
 * value spellings (shortest numbers, property aliases), two-space
 * indentation; XML comments between elements are kept, before the element
 * that follows them. Only compiler errors stop it (the document need not
 * validate). Stable and idempotent: formatting the result changes nothing.
 * Returns and ownership as anima_markup_compile.
 */
ANIMA_API anima_status anima_markup_format(anima_runtime *runtime,
                                           const char *text, size_t length,
                                           anima_diagnostics *diagnostics,
                                           char **out, size_t *out_length);

/**
 * Formats `.ani` JSON canonically (docs/ANIML.md "Canonical .ani"): members
 * of known objects in registry order, maps and arrays in their order,
 * numbers in shortest round-trip form (DECISIONS 2), two-space indentation,
 * short containers on one line. Any JSON object formats; only `json-syntax`
 * and `duplicate-key` stop it. Idempotent. Returns and ownership as
 * anima_markup_compile.
 */
ANIMA_API anima_status anima_document_format(anima_runtime *runtime,
                                             const char *json, size_t length,
                                             anima_diagnostics *diagnostics,
                                             char **out, size_t *out_length);

/**
 * Gives AniML positions to diagnostics that have none (line 0), for
 * diagnostics produced later from the compiled JSON (e.g. warnings of
 * anima_model_load): each gets the line and column of its pointer's value
 * in `text`, the AniML the JSON was compiled from, and its hint in AniML
 * spelling (as anima_markup_compile gives them). Diagnostics with a
 * position are left alone; the order is kept. Returns
 * ANIMA_ERROR_INVALID_ARGUMENT for NULL arguments, ANIMA_ERROR_NO_MEMORY,
 * else ANIMA_OK (also when `text` no longer compiles: nothing is changed
 * then).
 */
ANIMA_API anima_status anima_markup_locate(anima_runtime *runtime,
                                           const char *text, size_t length,
                                           anima_diagnostics *diagnostics);

/** Releases text returned by the functions above. NULL is allowed. */
ANIMA_API void anima_markup_free(char *text);

/**
 * An XML well-formedness error as libxml2 reports it (the fields of its
 * xmlError), for anima_markup_explain_xml_error. Strings may be NULL.
 */
typedef struct anima_xml_error {
  int code;         /**< libxml2's error code (xmlParserErrors) */
  const char *text; /**< libxml2's own message */
  const char *str1; /**< libxml2's str1: an element, attribute or entity
                         name where the error has one */
  const char *str2; /**< libxml2's str2: the closing tag's name of a
                         mismatch */
  int int1;         /**< libxml2's int1: the line of an unclosed tag, the
                         nesting depth of a depth limit */
} anima_xml_error;

/**
 * Anima's words for an XML error (docs/DIAGNOSTICS.md "XML that is not
 * well-formed"): a `message` that says what is wrong in terms of the
 * author's text (`<group> (line 2) is not closed before </anima>`) and a
 * `hint` that names the fix (`close it with </group> ...`), never
 * libxml2's own wording or its option names. `root` is the element the
 * document should be ("anima" for AniML, "svg" for `anima import`). Both
 * are written NUL-terminated, truncated to their sizes (which must be at
 * least 1). An error without words of its own is "the text is not
 * well-formed XML here" with libxml2's description as the hint. The AniML
 * compiler and `anima import` use it.
 */
ANIMA_API void anima_markup_explain_xml_error(const anima_xml_error *error,
                                              const char *root, char *message,
                                              size_t message_size, char *hint,
                                              size_t hint_size);

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_MARKUP_H */
