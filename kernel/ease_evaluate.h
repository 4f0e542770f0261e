/*
 * ease_evaluate.h — evaluating compiled eases (SPEC §5 "Eases").
 * Parsing ease strings is ease.h's job; compile*.c turns a parsed ease into
 * an anima_model_ease (model.h) once, and the step loop calls
 * anima_model_ease_evaluate. Kernel-private: not exported
 * from libanima.so; unit tests link the kernel's static library.
 */
#ifndef ANIMA_KERNEL_EASE_EVALUATE_H
#define ANIMA_KERNEL_EASE_EVALUATE_H

#include "ease.h"
#include "model.h"

/**
 * The compiled form of a parsed ease: cubic control points as they are,
 * elastic with A = max(a, 1) and s = p / (2π) · asin(1 / A) precomputed.
 */
anima_model_ease anima_model_ease_compile(const anima_ease *parsed);

/** The linear ease (an omitted ease). */
anima_model_ease anima_model_ease_linear(void);

/**
 * w for progress `u` (SPEC §5): u is clamped to [0, 1]; w(0) = 0 and
 * w(1) = 1 exactly for linear, cubic, elastic and module ease kinds (whose
 * `weight` is called only for u strictly inside (0, 1); a non-finite
 * weight counts as linear); hold is 0 everywhere.
 * Cubic: the parameter s with Bx(s) = u is found by Newton's method from
 * the linear guess, accepted only when a bracket of ±1e-9 around it
 * contains the root, else by bisection to 1e-12; both are within 1e-7 of
 * the exact root. No allocation.
 */
double anima_model_ease_evaluate(const anima_model_ease *ease, double u);

#endif
