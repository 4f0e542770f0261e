/*
 * gradient_kinds.h — the paint kinds of the gradients (paint chapter
 * "Gradients", "Angular gradients and affine gradient transforms"): what
 * each gradient compiles to and how it lowers into the draw frame's paint
 * and stop tables (module.h anima_paint_kind_desc). Module-private.
 */
#ifndef ANIMA_PAINT_GRADIENT_KINDS_H
#define ANIMA_PAINT_GRADIENT_KINDS_H

#include <anima/module.h>

/** The gradient types, the `type` values of a fill or stroke. */
#define PAINT_GRADIENT_COUNT 3
extern const char *const paint_gradient_names[PAINT_GRADIENT_COUNT];

/** True when `matrix` has a finite inverse (written to `inverse`): the
 * rule of a valid gradientTransform. */
bool paint_gradient_transform_invertible(anima_matrix matrix,
                                         anima_matrix *inverse);

/** Registers the linear, radial and angular paint kinds. */
anima_status paint_register_gradient_kinds(anima_registrar *registrar);

#endif
