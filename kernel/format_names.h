/*
 * format_names.h — the format's words for the core enums, NULL-terminated
 * and in the order of their C enums: anima_fill_rule and anima_line_cap /
 * anima_line_join (draw.h), anima_input_type (anima.h). core_registry.c
 * defines them, registers them as the registry's enum options and answers
 * anima/format.h's *_name functions from them; the compiler and validator
 * map document words to enum values with the same lists. Kernel-private.
 */
#ifndef ANIMA_KERNEL_FORMAT_NAMES_H
#define ANIMA_KERNEL_FORMAT_NAMES_H

extern const char *const anima_fill_rule_names[];
extern const char *const anima_line_cap_names[];
extern const char *const anima_line_join_names[];
extern const char *const anima_input_type_names[];

#endif
