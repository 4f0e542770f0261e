/*
 * script_operation.c — script commands of modules (docs/SCRIPTS.md
 * "Commands of modules"): a command word that is not a core command is
 * looked up among the operations the runtime's modules registered
 * (module.h anima_model_find_operation) and called with the rest of the
 * line as its argument words (anima_player_invoke). The interpreter keeps
 * no table of them.
 */
#include <ctype.h>
#include <math.h>
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

/* True for a word that can be a JSON member name of an answer: letters,
 * digits, '-' and '_', starting with a letter. */
static bool answer_key(const char *word, size_t length) {
  if (length == 0 || !isalpha((unsigned char)word[0])) {
    return false;
  }
  for (size_t i = 0; i < length; i++) {
    if (!isalnum((unsigned char)word[i]) && word[i] != '-' && word[i] != '_') {
      return false;
    }
  }
  return true;
}

/* Appends the answer as a JSON object when it is `key value` pairs (a
 * finite number value as a number, any other as a string), else as one
 * string. The answer is at most ANIMA_OPERATION_ANSWER_CAPACITY bytes. */
static void append_answer(script_text *line, const char *answer) {
  const char *words[ANIMA_OPERATION_ANSWER_CAPACITY];
  size_t lengths[ANIMA_OPERATION_ANSWER_CAPACITY], count = 0;
  for (const char *at = answer; *at;) {
    while (*at == ' ') {
      at++;
    }
    if (!*at) {
      break;
    }
    words[count] = at;
    while (*at && *at != ' ') {
      at++;
    }
    lengths[count] = (size_t)(at - words[count]);
    count++;
  }
  bool pairs = count > 0 && count % 2 == 0 && !strchr(answer, '\n');
  for (size_t i = 0; pairs && i < count; i += 2) {
    pairs = answer_key(words[i], lengths[i]);
  }
  if (!pairs) {
    script_text_append_json_string(line, answer);
    return;
  }
  script_text_append(line, "{");
  for (size_t i = 0; i < count; i += 2) {
    char key[ANIMA_OPERATION_ANSWER_CAPACITY],
        value[ANIMA_OPERATION_ANSWER_CAPACITY];
    memcpy(key, words[i], lengths[i]);
    key[lengths[i]] = '\0';
    memcpy(value, words[i + 1], lengths[i + 1]);
    value[lengths[i + 1]] = '\0';
    script_text_append(line, i ? ", " : "");
    script_text_append_json_string(line, key);
    script_text_append(line, ": ");
    char *end = NULL;
    double number = strtod(value, &end);
    if (end != value && *end == '\0' && isfinite(number)) {
      script_text_append_number(line, number);
    } else {
      script_text_append_json_string(line, value);
    }
  }
  script_text_append(line, "}");
}

/* Prints what a query operation answered (`timeline <name> state`) as one
 * JSON line: {"operation": name, "arguments": [...], "answer": ...}
 * (docs/SCRIPTS.md "Commands of modules"). */
static void print_answer(script_context *context, const script_words *words,
                         const char *answer) {
  script_text line = {0};
  script_text_append(&line, "{\"operation\": ");
  script_text_append_json_string(&line, words->items[0].text);
  script_text_append(&line, ", \"arguments\": [");
  for (size_t i = 1; i < words->count; i++) {
    script_text_append(&line, i > 1 ? ", " : "");
    script_text_append_json_string(&line, words->items[i].text);
  }
  script_text_append(&line, "], \"answer\": ");
  append_answer(&line, answer);
  script_text_append(&line, "}");
  script_output(context, script_text_take(&line), false);
  script_text_free(&line);
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
  /* Asked rather than invoked, to print what it answers; the events of
   * the last step are recorded already (script_interpreter_step). */
  anima_operation_answer *answer = malloc(sizeof *answer);
  anima_status status = answer
                            ? anima_player_ask(interpreter->player, name,
                                               arguments, count, answer, found)
                            : ANIMA_ERROR_NO_MEMORY;
  free(arguments);
  if (status == ANIMA_OK && answer->text[0]) {
    print_answer(context, words, answer->text);
  }
  free(answer);
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
