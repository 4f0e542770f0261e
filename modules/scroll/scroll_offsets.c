/*
 * scroll_offsets.c — interactive scroll offsets (SPEC `## scroll`:
 * "Interactive offsets are per-player state. Pointer and scroll input only
 * queue a proposed state; phase 1 of the next Player.step applies the
 * queue before rig solving"). The stage hook `offsets` (INPUTS) owns one
 * entry per scroll constraint of the model in each player; the operation
 * `scroll <content> <offsetX> <offsetY>` (a SPEC §11.2 script command, and
 * the C API of include/anima/scroll.h) queues a proposal there, which the
 * next step's INPUTS stage applies. The scroll solver clamps it.
 */
#include <string.h>

#include "scroll.h"

#define host scroll_host

bool scroll_is_kind(const anima_json *item, const char *kind) {
  const char *value = host->json_string(host->json_member(item, "kind"), NULL);
  return value && strcmp(value, kind) == 0;
}

static const anima_json *constraints(anima_compile *c, size_t node) {
  const anima_json *list =
      host->json_member(host->compile_node_json(c, node), "constraints");
  return list && host->json_type(list) == ANIMA_JSON_ARRAY ? list : NULL;
}

size_t scroll_entry_index(anima_compile *c, size_t node, size_t index) {
  size_t entry = 0;
  for (size_t n = 0; n <= node; n++) {
    const anima_json *list = constraints(c, n);
    size_t size = list ? host->json_size(list) : 0;
    size_t end = n == node && index < size ? index : size;
    for (size_t k = 0; list && k < end; k++) {
      entry += scroll_is_kind(host->json_item(list, k), "scroll");
    }
  }
  return entry;
}

scroll_entry *scroll_entry_of(anima_step *step, size_t index) {
  const void *data = NULL;
  void *instance = NULL;
  if (!host->step_hook_instance(step, SCROLL_FEATURE, SCROLL_HOOK, &data,
                                &instance) ||
      !data || index >= ((const scroll_list *)data)->count) {
    return NULL;
  }
  return (scroll_entry *)instance + index;
}

/* ---- the stage hook ----------------------------------------------------- */

static anima_status compile_list(anima_compile *c, const anima_site *site,
                                 void *user, void **out) {
  (void)site, (void)user;
  scroll_list *list = host->compile_alloc(c, sizeof *list);
  if (!list) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t nodes = host->compile_node_count(c);
  /* Every scroll item: all of the last node's items count. */
  list->count = nodes ? scroll_entry_index(c, nodes - 1, (size_t)-1) : 0;
  size_t slots = list->count ? list->count : 1;
  list->hosts = host->compile_alloc(c, slots * sizeof *list->hosts);
  list->interactive = host->compile_alloc(c, slots * sizeof *list->interactive);
  if (!list->hosts || !list->interactive) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t next = 0;
  for (size_t n = 0; n < nodes; n++) {
    const anima_json *items = constraints(c, n);
    for (size_t k = 0; items && k < host->json_size(items); k++) {
      const anima_json *item = host->json_item(items, k);
      if (scroll_is_kind(item, "scroll") && next < list->count) {
        const anima_json *flag = host->json_member(item, "interactive");
        list->hosts[next] = n;
        list->interactive[next] = !flag || host->json_bool(flag);
        next++;
      }
    }
  }
  *out = list;
  return ANIMA_OK;
}

static size_t list_instance_size(const void *data, void *user) {
  (void)user;
  const scroll_list *list = data;
  return (list && list->count ? list->count : 1) * sizeof(scroll_entry);
}

/* Phase 1: the queued proposals become the interactive offsets. */
static void apply_queue(anima_step *step, const void *data, void *instance,
                        void *user) {
  (void)step, (void)user;
  const scroll_list *list = data;
  scroll_entry *entries = instance;
  for (size_t i = 0; i < list->count; i++) {
    if (entries[i].has_pending) {
      entries[i].offset[0] = entries[i].pending[0];
      entries[i].offset[1] = entries[i].pending[1];
      entries[i].set = true;
      entries[i].has_pending = false;
    }
  }
}

/* ---- the operation ------------------------------------------------------ */

static anima_status invoke_scroll(anima_operation_call *call, const void *data,
                                  void *instance, const anima_argument *args,
                                  size_t count, void *user) {
  (void)count, (void)user;
  const scroll_list *list = data;
  scroll_entry *entries = instance;
  for (size_t i = 0; i < list->count; i++) {
    if ((long)list->hosts[i] != args[0].index) {
      continue;
    }
    if (!list->interactive[i]) {
      host->call_report(call, "scroll-target",
                        "set \"interactive\": true on its scroll constraint",
                        "the scroll constraint of \"%s\" is not interactive",
                        args[0].word);
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
    entries[i].pending[0] = args[1].number;
    entries[i].pending[1] = args[2].number;
    entries[i].has_pending = true;
    return ANIMA_OK;
  }
  host->call_report(call, "scroll-target",
                    "name a node that carries a scroll constraint",
                    "\"%s\" carries no scroll constraint", args[0].word);
  return ANIMA_ERROR_INVALID_ARGUMENT;
}

anima_status scroll_register_offsets(anima_registrar *r) {
  static const anima_stage_hook_desc hook = {
      .struct_size = sizeof hook,
      .stage = ANIMA_STAGE_INPUTS,
      .name = SCROLL_HOOK,
      .lifecycle = {.compile = compile_list,
                    .instance_size = list_instance_size},
      .run = apply_queue};
  static const anima_argument_desc arguments[] = {
      {.kind = ANIMA_ARGUMENT_NODE, .name = "content"},
      {.kind = ANIMA_ARGUMENT_NUMBER, .name = "offsetX"},
      {.kind = ANIMA_ARGUMENT_NUMBER, .name = "offsetY"},
  };
  static const anima_operation_desc operation = {
      .struct_size = sizeof operation,
      .name = "scroll",
      .usage = "scroll <content> <offsetX> <offsetY>",
      .description = "Proposes the interactive scroll offsets of a content "
                     "node's scroll constraint (grid units), applied and "
                     "clamped at the next step.",
      .arguments = arguments,
      .argument_count = 3,
      .step_after = true,
      .instance_of = SCROLL_HOOK,
      .invoke = invoke_scroll};
  static const anima_code_desc code = {
      .code = "scroll-target",
      .severity = ANIMA_SEVERITY_ERROR,
      .description = "The scroll operation names a node without an "
                     "interactive scroll constraint."};
  anima_status status = host->add_code(r, &code);
  if (status == ANIMA_OK) {
    status = host->add_stage_hook(r, &hook);
  }
  if (status == ANIMA_OK) {
    status = host->add_operation(r, &operation);
  }
  return status;
}
