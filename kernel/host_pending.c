/*
 * host_pending.c — host-table members whose contexts the kernel does not
 * create yet (ABI 2 work in progress, docs/MODULES.md "Status"). No kernel
 * code hands a module an anima_step, anima_state_output, anima_value_context,
 * anima_term_context or anima_operation_call yet, so none of these can be
 * reached; each moves to the source that owns its context as that context
 * is built, and this file goes away.
 */
#include "host_internal.h"

anima_step *anima_operation_call_step(anima_operation_call *call) {
  (void)call;
  return NULL;
}
void anima_operation_call_vreport(anima_operation_call *call, const char *code,
                                  const char *hint, const char *format,
                                  va_list list) {
  (void)call, (void)code, (void)hint, (void)format, (void)list;
}
