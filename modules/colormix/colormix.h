/*
 * colormix.h — what the files of the `colormix` module share (SPEC §6
 * "Optional slot mixing (colormix)"):
 *
 *   colormix.c        the module: `mix` {a, b, t} on fills and strokes,
 *                     addresses, diagnostics
 *   colormix_kind.c   its paint kind: the premultiplied mix lowered into
 *                     the draw frame's paint table
 *
 * Module-private: nothing here is part of the ABI.
 */
#ifndef ANIMA_COLORMIX_H
#define ANIMA_COLORMIX_H

#include <anima/module.h>

/** The feature every entry of this module belongs to. */
#define COLORMIX_FEATURE "colormix"

/** The kernel's services (module.h anima_host), set by init. */
extern const anima_host *colormix_host;

/**
 * SPEC §6: `a` and `b` mixed with weight `t` of `b` (clamped to 0..1) in
 * premultiplied sRGB channels and alpha, then unpremultiplied (zero alpha
 * gives zero RGB), each channel rounded to the nearest 8-bit value with
 * ties upward (floor(x + 0.5)) and clamped to 0..255 — CSS
 * `color-mix(in srgb, a, b t·100%)`.
 */
anima_color colormix_mix(anima_color a, anima_color b, double t);

/** Registers the paint kind selected by the key `mix`. */
anima_status colormix_register_kind(anima_registrar *registrar);

#endif
