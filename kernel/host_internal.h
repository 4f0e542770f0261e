/*
 * host_internal.h — the kernel's side of the module ABI (module.h): the
 * registrar, the host table, and the context structs behind the opaque
 * types module callbacks receive. Each context is defined by the kernel
 * source that owns the stage it belongs to; this header only declares the
 * functions the host table points at. Kernel-private.
 */
#ifndef ANIMA_KERNEL_HOST_INTERNAL_H
#define ANIMA_KERNEL_HOST_INTERNAL_H

#include <stdarg.h>

#include <anima/module.h>

#include "registry_internal.h"

/** One module's registration in progress (module.h anima_registrar). */
struct anima_registrar {
  anima_registry *registry;
  const char *module;  /**< module name (outlives the registry) */
  size_t module_rank;  /**< load order of the module, 1-based */
  const char *feature; /**< the module's first feature: the default */
  /** The module's features: an entry's feature (each alternative of
   * "a|b") must include one of them (docs/MODULES.md "Features"). */
  const char *const *features;
  anima_status failure; /**< the latest failed registration, else OK */
  char *reason;         /**< why it failed (owned), or NULL */
};

/** The host table every module receives (host.c). */
const anima_host *anima_host_table(void);

/* ---- implemented by the kernel sources that own each context ----------- */

/* validate.c: checks */
const anima_json *anima_check_document(anima_check *check);
size_t anima_check_node_count(anima_check *check);
const anima_json *anima_check_node(anima_check *check, size_t node,
                                   const char **pointer);
long anima_check_find_node(anima_check *check, const char *id);
bool anima_check_requires(anima_check *check, const char *feature);
const void *anima_check_interface(anima_check *check, const char *name);
void anima_check_vreport(anima_check *check, const char *code,
                         anima_severity severity, const char *pointer,
                         const char *hint, const char *format, va_list list);
void anima_check_count_segments(anima_check *check, const char *pointer,
                                size_t segments);
bool anima_check_address(anima_check *check, const char *pointer,
                         const char *address, anima_value_type *type);
bool anima_check_property(anima_check *check, const char *address,
                          anima_value_type *type);
long anima_check_input(anima_check *check, const char *name,
                       anima_input_type *type);
/** module.h check_expression. */
bool anima_check_expression(anima_check *check, const char *pointer,
                            const char *text, const char *target,
                            anima_input_type type);
/** A compiled expression of module.h compile_expression: the declared
 * expression kind and its data (model memory). */
typedef struct anima_module_expression {
  const anima_expression_kind_desc *kind;
  const void *data;
  /** compile_value_expression: true when `data` is the kind's
   * compile_value result of type `type` (evaluate_value applies). */
  bool typed;
  anima_value_type type;
} anima_module_expression;
/** module.h check_value_expression. */
bool anima_check_value_expression(anima_check *check, const char *pointer,
                                  const char *text, const char *target,
                                  anima_value_type type);
/** module.h compile_value_expression. */
anima_status anima_compile_value_expression(anima_compile *compile,
                                            const char *pointer,
                                            const char *text,
                                            anima_value_type type,
                                            const void **expression);
/** module.h step_value_expression. */
anima_value anima_step_value_expression(anima_step *step,
                                        const void *expression);
/** module.h compile_expression. */
anima_status anima_compile_module_expression(anima_compile *compile,
                                             const char *pointer,
                                             const char *text,
                                             anima_input_type type,
                                             const void **expression);
/** module.h step_expression. */
double anima_step_expression(anima_step *step, const void *expression);

/* compile_module.c: compile contexts */
const anima_json *anima_compile_document(anima_compile *compile);
void *anima_compile_alloc(anima_compile *compile, size_t size);
const char *anima_compile_string(anima_compile *compile, const char *text);
size_t anima_compile_node_count(anima_compile *compile);
long anima_compile_find_node(anima_compile *compile, const char *id);
const char *anima_compile_node_id(anima_compile *compile, size_t node);
const char *anima_compile_node_type(anima_compile *compile, size_t node);
long anima_compile_node_parent(anima_compile *compile, size_t node);
const anima_json *anima_compile_node_json(anima_compile *compile, size_t node);
bool anima_compile_slot_animated(anima_compile *compile, size_t slot);
anima_status anima_compile_set_rest(anima_compile *compile, size_t slot,
                                    const anima_value *rest);
long anima_compile_find_slot(anima_compile *compile, size_t node,
                             const char *address);
long anima_compile_find_input(anima_compile *compile, const char *name);
anima_input_type anima_compile_input_type(anima_compile *compile, size_t input);
/* module.h compile_find_timeline (compile_module.c). */
long anima_compile_find_timeline(anima_compile *compile, const char *name,
                                 double *duration);
bool anima_compile_requires(anima_compile *compile, const char *feature);
const void *anima_compile_interface(anima_compile *compile, const char *name);
const char *anima_compile_event_name(anima_compile *compile, const char *name);
anima_status anima_compile_state_writes(anima_compile *compile, size_t slot);
long anima_compile_bind_address(anima_compile *compile, const char *address,
                                anima_value_type *type);
/* module.h compile_fill_path (draw_compile.c). */
anima_status anima_compile_fill_path(anima_compile *compile, size_t node,
                                     const anima_path *path);
/* module.h compile_stroke_path (draw_compile.c). */
anima_status anima_compile_stroke_path(anima_compile *compile, size_t node,
                                       const anima_stroke_path_desc *desc);
/* module.h compile_node_outline (draw_compile.c). */
const anima_path *anima_compile_node_outline(anima_compile *compile,
                                             size_t node, size_t *max_segments);
anima_status anima_compile_node_blend(anima_compile *compile, size_t node,
                                      anima_blend_mode mode,
                                      long strength_slot);
/* module.h compile_blend (draw_compile.c). */
anima_status anima_compile_blend(anima_compile *compile,
                                 const anima_blend_desc *desc);
anima_status anima_compile_node_mask(anima_compile *compile, size_t node,
                                     const anima_node_mask_desc *mask);
anima_status anima_compile_node_clip(anima_compile *compile, size_t node,
                                     const anima_node_clip_desc *clip);
anima_status anima_compile_node_paints(anima_compile *compile, size_t node,
                                       const anima_node_paint_desc *paints,
                                       size_t count);
void anima_compile_vreport(anima_compile *compile, const char *code,
                           const char *pointer, const char *hint,
                           const char *format, va_list list);

/* value types: value contexts */
void *anima_value_context_alloc(anima_value_context *context, size_t size);
const char *anima_value_context_string(anima_value_context *context,
                                       const char *text);
long anima_value_context_find_node(anima_value_context *context,
                                   const char *id);
const char *anima_value_context_pointer(anima_value_context *context);
void anima_value_context_vreport(anima_value_context *context, const char *code,
                                 const char *hint, const char *format,
                                 va_list list);

/* condition terms */
void *anima_term_context_alloc(anima_term_context *context, size_t size);
long anima_term_context_input(anima_term_context *context, const char *name,
                              anima_input_type *type);
void anima_term_context_vreport(anima_term_context *context, const char *code,
                                const char *hint, const char *format,
                                va_list list);

/* the step */
double anima_step_dt(anima_step *step);
double anima_step_time(anima_step *step);
const anima_value *anima_step_value(anima_step *step, size_t slot);
double anima_step_number(anima_step *step, size_t slot, double fallback);
void anima_step_write(anima_step *step, size_t slot, const anima_value *value);
void anima_step_write_number(anima_step *step, size_t slot, double value);
anima_value anima_step_input(anima_step *step, size_t input);
void anima_step_set_input(anima_step *step, size_t input,
                          const anima_value *value);
void anima_step_fire(anima_step *step, size_t input);
anima_matrix anima_step_local(anima_step *step, size_t node);
anima_matrix anima_step_world(anima_step *step, size_t node);
void anima_step_set_local(anima_step *step, size_t node, anima_matrix local);
double anima_step_random(anima_step *step);
void anima_step_report(anima_step *step, const char *name, long layer,
                       double time);
void anima_step_report_detail(anima_step *step, const char *name, long layer,
                              double time,
                              const struct anima_event_detail *detail);
void anima_step_layer_wrap(anima_step *step, size_t layer, double boundary);
/* module.h step_machine_* (player_machine.c). */
long anima_step_machine_find(anima_step *step, const char *name);
bool anima_step_machine_start(anima_step *step, size_t machine);
void anima_step_machine_run(anima_step *step, size_t machine, double weight,
                            bool advance);
bool anima_step_machine_at_rest(anima_step *step, size_t machine);
anima_status anima_step_machine_set_input(anima_step *step, size_t machine,
                                          const char *name,
                                          const anima_value *value);
anima_status anima_step_machine_input(anima_step *step, size_t machine,
                                      const char *name, anima_value *out);
const char *anima_step_machine_state(anima_step *step, size_t machine,
                                     size_t layer, const char **layer_name);
/* module.h compile_layer_count, compile_layer (compile_module.c) and
 * step_layer_machine (player_machine.c). */
size_t anima_compile_layer_count(anima_compile *compile);
const anima_json *anima_compile_layer(anima_compile *compile, size_t layer,
                                      anima_machine_layer_info *info);
long anima_step_layer_machine(anima_step *step, size_t layer);
/* module.h check_layer_count, check_layer (validate.c). */
size_t anima_check_layer_count(anima_check *check);
const anima_json *anima_check_layer(anima_check *check, size_t layer,
                                    char *pointer, size_t size);

/* module.h step_mix_timeline (step_context.c). */
void anima_step_mix_timeline(anima_step *step, size_t timeline, double time,
                             double weight);
const anima_event *anima_step_events(anima_step *step, size_t *count);
void anima_step_set_event_detail(anima_step *step, size_t index,
                                 const struct anima_event_detail *detail);
void anima_step_request_solve(anima_step *step);
/* module.h step_sample_timeline (step_context.c). */
void anima_step_sample_timeline(anima_step *step, size_t timeline, double time);
void anima_step_set_child_order(anima_step *step, long parent,
                                const size_t *order, size_t count);
size_t anima_step_layer_state(anima_step *step, size_t layer);
double anima_step_state_time(anima_step *step, size_t layer);
bool anima_step_reduced_motion(anima_step *step);
/** module.h step_layer_clock. */
void *anima_step_layer_clock(anima_step *step, size_t layer,
                             const anima_clock_desc **desc, const void **data);
bool anima_step_hook_instance(anima_step *step, const char *feature,
                              const char *name, const void **data,
                              void **instance);
/** module.h step_outline. */
const anima_path *anima_step_outline(anima_step *step, size_t node);

/* state output */
void anima_state_output_write(anima_state_output *output, size_t slot,
                              const anima_value *value);
void anima_state_output_base(anima_state_output *output);
void anima_state_output_snapshot(anima_state_output *output);
void anima_state_output_mix(anima_state_output *output, size_t timeline,
                            double local, double weight);
double anima_step_timeline_local(anima_step *step, size_t timeline,
                                 double played);
anima_status anima_compile_timeline_info(anima_compile *compile,
                                         size_t timeline,
                                         anima_timeline_info *info);
anima_status anima_compile_timeline_clock(anima_compile *compile,
                                          size_t timeline, double speed,
                                          anima_timeline_clock *clock);
double anima_timeline_clock_local(const anima_timeline_clock *clock,
                                  double travel, bool frozen);
anima_status anima_compile_state_writes_timeline(anima_compile *compile,
                                                 size_t timeline);
/* transition hooks and action blocks (machine chapter) */
void anima_check_action_block(anima_check *check, const anima_json *object,
                              const char *pointer);
anima_status anima_compile_action_block_handle(anima_compile *compile,
                                               const anima_json *object,
                                               const char *pointer,
                                               size_t *block);
void anima_step_queue_block(anima_step *step, size_t block);

/* views */
const anima_value *anima_view_value(const anima_view *view, size_t slot);
double anima_view_number(const anima_view *view, size_t slot, double fallback);
anima_matrix anima_view_local(const anima_view *view, size_t node);
anima_matrix anima_view_world(const anima_view *view, size_t node);
anima_draw_color anima_view_color(const anima_view *view, size_t slot);
anima_point anima_view_pivot(const anima_view *view, size_t node);
/** module.h view_find_slot. */
long anima_view_find_slot(const anima_view *view, size_t node,
                          const char *address);
/** module.h compile_node_deformer (compile_module.c). */
anima_status anima_compile_node_deformer(anima_compile *compile,
                                         const anima_site *site,
                                         const anima_deform_point *points,
                                         size_t count, size_t anchors,
                                         bool *deformed);
/** module.h view_deform_points and view_deformer (pose_view.c). */
anima_status anima_view_deform_points(const anima_view *view, size_t node,
                                      anima_point *points, size_t count);
const void *anima_view_deformer(const anima_view *view, size_t node,
                                const anima_deformer_desc **desc);
/** module.h view_outline_hook. */
const void *anima_view_outline_hook(const anima_view *view, size_t node,
                                    const anima_outline_hook_desc **desc);

/* pose_blend.c: transforms as parts (solver blending, derived properties) */
anima_transform_parts anima_matrix_decompose(anima_matrix matrix,
                                             anima_point pivot);
anima_matrix anima_matrix_compose(const anima_transform_parts *parts,
                                  anima_point pivot);
/** `from` blended towards `to` by `weight` in 0..1, decomposed about
 * `pivot`: positions, scales and skew linearly, the rotation the shorter
 * way (a half turn goes the positive way). */
anima_matrix anima_matrix_blend(anima_matrix from, anima_matrix to,
                                double weight, anima_point pivot);

/* operation.c: operations */
struct anima_text;
/** True when `desc` may be registered (module.h anima_operation_desc);
 * otherwise appends why to `why`. */
bool anima_operation_desc_check(const anima_operation_desc *desc,
                                struct anima_text *why);
anima_step *anima_operation_call_step(anima_operation_call *call);
void anima_operation_call_vreport(anima_operation_call *call, const char *code,
                                  const char *hint, const char *format,
                                  va_list list);
/* Appends to the call's answer (anima_player_ask); nothing for a call
 * without one. */
void anima_operation_call_vanswer(anima_operation_call *call,
                                  const char *format, va_list list);

/* draw_emit.c: node behaviours' images and meshes (module.h emit_image,
 * emit_mesh) */
anima_status anima_draw_emit_image(anima_draw_emit *emit,
                                   const anima_draw_image *image);
anima_status anima_draw_emit_mesh(anima_draw_emit *emit,
                                  const anima_draw_pixels *pixels,
                                  anima_image_sampling sampling,
                                  const anima_draw_vertex *vertices,
                                  size_t vertex_count, const uint32_t *indices,
                                  size_t index_count);

#endif
