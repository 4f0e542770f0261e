/*
 * morph.h — the paint module's path morphs (SPEC paint chapter,
 * "Compatible path morphs"): the value type "path" of the address
 * `<pathId>.d`, its rest value from `d` or from a glyph's selected
 * subpaths, and the outline hook that draws the sampled value.
 */
#ifndef ANIMA_PAINT_MORPH_H
#define ANIMA_PAINT_MORPH_H

#include <anima/module.h>

/**
 * The shape of a path value (anima_vector.shape): its expanded commands,
 * the text it was written as and its numbers as written (a value whose
 * numbers are these prints as that text: "exact endpoint samples retain
 * their authored strings").
 */
typedef struct morph_shape {
  size_t command_count;
  const char *commands;
  const char *authored;
  const double *numbers;
  size_t number_count;
} morph_shape;

/** Memory for a rest value: value_alloc while parsing values, compile_alloc
 * in the outline hook's compile. */
typedef struct morph_allocator {
  void *(*alloc)(void *context, size_t size);
  void *context;
} morph_allocator;

/**
 * The rest geometry of a path node without `d`: the path data of its
 * glyph's selected subpaths (all of them without `subpaths`), in the
 * glyph's order as they are drawn (SPEC §3), each with its own commands;
 * a subpath that starts with a relative `m` keeps the letter with numbers
 * rebased onto the end of the subpath before it in the selection, so the
 * value draws what the static path draws. False when the node has no
 * glyph whose data parses, or a selection index is out of range.
 */
bool morph_glyph_rest(const morph_allocator *allocator,
                      const anima_json *document, const anima_json *node,
                      anima_vector **out);

/** Parses path data `text` (accepted by anima_path_parse) into a vector
 * with its shape; NULL when it does not scan or memory runs out. */
anima_vector *morph_vector_from_text(const morph_allocator *allocator,
                                     const char *text);

/** Registers the value type, the `d` property of path, the code
 * morph-mismatch and the outline hook. */
anima_status paint_register_morphs(anima_registrar *registrar);

/** The outline hook on `path` (morph_outline.c). */
anima_status paint_register_morph_outline(anima_registrar *registrar);

#endif
