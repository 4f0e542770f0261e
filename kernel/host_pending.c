/*
 * host_pending.c — host-table members whose contexts the kernel does not
 * create yet (ABI 2 work in progress, docs/MODULES.md "Status"). No kernel
 * code hands a module an anima_step, anima_state_output, anima_value_context,
 * anima_term_context or anima_operation_call yet, so none of these can be
 * reached; each moves to the source that owns its context as that context
 * is built, and this file goes away.
 */
#include "host_internal.h"

#define UNREACHABLE_STATUS ANIMA_ERROR_INVALID_ARGUMENT

anima_status anima_compile_node_blend(anima_compile *compile, size_t node,
                                      anima_blend_mode mode,
                                      long strength_slot) {
  (void)compile, (void)node, (void)mode, (void)strength_slot;
  return UNREACHABLE_STATUS;
}
anima_status anima_compile_node_mask(anima_compile *compile, size_t node,
                                     const anima_node_mask_desc *mask) {
  (void)compile, (void)node, (void)mask;
  return UNREACHABLE_STATUS;
}
anima_status anima_compile_node_clip(anima_compile *compile, size_t node,
                                     const anima_node_clip_desc *clip) {
  (void)compile, (void)node, (void)clip;
  return UNREACHABLE_STATUS;
}
anima_status anima_compile_node_paints(anima_compile *compile, size_t node,
                                       const anima_node_paint_desc *paints,
                                       size_t count) {
  (void)compile, (void)node, (void)paints, (void)count;
  return UNREACHABLE_STATUS;
}

anima_step *anima_operation_call_step(anima_operation_call *call) {
  (void)call;
  return NULL;
}
void anima_operation_call_vreport(anima_operation_call *call, const char *code,
                                  const char *hint, const char *format,
                                  va_list list) {
  (void)call, (void)code, (void)hint, (void)format, (void)list;
}
