/*
 * paint.h — what the files of the `paint` module share (SPEC paint
 * chapter). The module is split by concept; each file registers its own
 * part from paint.c's init:
 *
 *   shapes.c          ellipse, polygon, star, triangle: kinds, fields,
 *                     properties, node behaviours ("Parametric outlines")
 *   shape_outline.c   their outlines: vertices, cornerRadius cut-backs,
 *                     half-ellipse arcs
 *   shape_counts.c    sides and points: the sampled-count rule, authored
 *                     counts are whole numbers (fields, keys, poses)
 *   strokes.c         stroke.scale, stroke.dash, stroke.dashOffset
 *                     ("Dashes", "Transform-independent stroke")
 *   stroke_dash.c     the dash percentage syntax
 *   gradients.c       linear, radial and angular gradient fills and
 *                     strokes: kinds, fields, addresses, checks
 *                     ("Gradients", "Angular gradients and affine gradient
 *                     transforms")
 *   gradient_kinds.c  their paint kinds: compiled slots, lowered into the
 *                     draw frame's paint and stop tables
 *   morph.c           the value type "path" of `<pathId>.d` ("Compatible
 *                     path morphs"), morph_rest.c its rest values,
 *                     morph_outline.c the outline hook drawing it
 *   path_data.c       expanded SVG commands and the outline they draw
 *
 * Module-private: nothing here is part of the ABI.
 */
#ifndef ANIMA_PAINT_H
#define ANIMA_PAINT_H

#include <anima/module.h>

/** The feature every entry of this module belongs to. */
#define PAINT_FEATURE "paint"

/** The kernel's services (module.h anima_host), set by init. */
extern const anima_host *paint_host;

/** Appends "/" and `token`, escaped as RFC 6901 says (~0, ~1), to the
 * NUL-terminated pointer in `pointer` (`size` bytes; cut short when full). */
void paint_pointer_append(char *pointer, size_t size, const char *token);

/**
 * True when `address` ("star.points") is an object key or a string value
 * anywhere in `document` (a track, a pose, a binding ...): the property
 * may then change, and storage is sized for the largest count. Also true
 * beyond a nesting depth it does not search (the safe answer).
 */
bool paint_document_names(const anima_json *document, const char *address);

/** The registrations of each part; ANIMA_OK or the first error. */
anima_status paint_register_shapes(anima_registrar *registrar);
anima_status paint_register_strokes(anima_registrar *registrar);
anima_status paint_register_gradients(anima_registrar *registrar);

#endif
