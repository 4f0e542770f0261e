/*
 * format_names.h — the format's words for the core enums, NULL-terminated
 * and in the order of their C enums: anima_fill_rule and anima_line_cap /
 * anima_line_join (draw.h), anima_input_type (anima.h), and model.h's
 * anima_loop_mode, anima_reduced_motion and anima_listener_event; the a11y
 * roles from ANIMA_ROLE_BUTTON on (anima.h: ANIMA_ROLE_NONE has no word).
 * core_registry.c defines them and registers them as the registry's enum
 * options; anima/format.h's *_name functions and the introspection API
 * answer from them; the compiler and validator map document words to enum
 * values with the same lists. Kernel-private.
 */
#ifndef ANIMA_KERNEL_FORMAT_NAMES_H
#define ANIMA_KERNEL_FORMAT_NAMES_H

extern const char *const anima_fill_rule_names[];
extern const char *const anima_line_cap_names[];
extern const char *const anima_line_join_names[];
extern const char *const anima_input_type_names[];
extern const char *const anima_loop_mode_names[];
extern const char *const anima_reduced_motion_names[];
extern const char *const anima_listener_event_names[];
extern const char *const anima_a11y_role_names[];

#endif
