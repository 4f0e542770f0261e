/*
 * script_operation.c — script commands of modules (docs/SCRIPTS.md
 * "Commands of modules"): a command word that is not a core command is
 * looked up among the operations the runtime's modules registered
 * (module.h anima_model_find_operation) and called with the rest of the
 * line as its argument words (anima_player_invoke). The interpreter keeps
 * no table of them.
 */
#include <stdlib.h>
#include <string.h>

#include <anima/module.h>

#include "script_internal.h"

/* Copies the call's diagnostics to the script at this line: argument and
 * availability problems are script-usage (SPEC §11.2: script syntax), with
 * the usage line as the hint; what the operation itself reported keeps its
 * code. */
static void copy_diagnostics(script_context *context,
                             const anima_operation_desc *desc,
                             const anima_diagnostics *found) {
  char pointer[64];
  snprintf(pointer, sizeof pointer, "/script/%zu", context->line);
  for (size_t i = 0; i < anima_diagnostics_count(found); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(found, i);
    bool arguments = strcmp(d->code, "operation-arguments") == 0;
    bool usage = arguments || strcmp(d->code, "undeclared-feature") == 0 ||
                 strcmp(d->code, "unknown-operation") == 0;
    char hint[512];
    const char *shown = d->hint;
    if (arguments && desc) {
      snprintf(hint, sizeof hint, "write `%s`", desc->usage);
      shown = hint;
    }
    anima_diagnostics_add(context->diagnostics,
                          usage ? "script-usage" : d->code, d->severity,
                          pointer, shown, "%s", d->message);
  }
}

bool script_command_operation(script_context *context,
                              const script_words *words,
                              script_result *result) {
  script_interpreter *interpreter = context->interpreter;
  const char *name = words->items[0].text;
  anima_operation_lookup lookup;
  const anima_operation_desc *desc =
      anima_model_find_operation(interpreter->model, name, &lookup, NULL);
  if (lookup == ANIMA_OPERATION_UNKNOWN) {
    return false;
  }
  size_t count = words->count - 1;
  const char **arguments = malloc((count ? count : 1) * sizeof *arguments);
  anima_diagnostics *found = anima_diagnostics_create();
  if (!arguments || !found) {
    free(arguments);
    anima_diagnostics_destroy(found);
    *result = script_report(context, "script-usage", NULL, "out of memory");
    return true;
  }
  for (size_t i = 0; i < count; i++) {
    arguments[i] = words->items[i + 1].text;
  }
  anima_status status =
      anima_player_invoke(interpreter->player, name, arguments, count, found);
  free(arguments);
  copy_diagnostics(context, desc, found);
  bool reported = anima_diagnostics_count(found) > 0;
  anima_diagnostics_destroy(found);
  if (status == ANIMA_OK) {
    /* SPEC §11.2: commands that deliver something step at 0 after it. */
    if (desc && desc->step_after) {
      script_interpreter_step(interpreter, 0);
    }
    *result = SCRIPT_OK;
  } else if (reported) {
    *result = SCRIPT_USAGE;
  } else {
    *result = script_report(context, "script-usage", NULL, "%s: %s", name,
                            anima_status_name(status));
  }
  return true;
}

size_t script_operation_names(const anima_model *model, const char **names,
                              size_t capacity) {
  const anima_runtime *runtime = anima_model_runtime(model);
  size_t found = 0;
  for (size_t i = 0; i < anima_runtime_operation_count(runtime); i++) {
    const anima_operation_desc *desc =
        anima_runtime_operation(runtime, i, NULL);
    if (desc && anima_model_find_operation(model, desc->name, NULL, NULL)) {
      if (found < capacity) {
        names[found] = desc->name;
      }
      found++;
    }
  }
  return found;
}
