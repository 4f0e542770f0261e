/*
 * operation.c — operations (module.h anima_operation_desc): host calls that
 * are also SPEC §11.2 script commands. Registration checks of a desc, the
 * runtime's list, the lookup among a model's declared features, argument
 * words checked and converted by their kinds, and the call context
 * (anima_operation_call) behind the host table's call_step / call_report.
 * Not in the step loop.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/format.h>

#include "host_internal.h"
#include "player_internal.h"
#include "runtime_internal.h"
#include "text.h"

/* ---- registration -------------------------------------------------------- */

static bool command_word(const char *name) {
  if (!name || !(*name >= 'a' && *name <= 'z')) {
    return false;
  }
  for (const char *c = name; *c; c++) {
    if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-')) {
      return false;
    }
  }
  return true;
}

/* The core script commands of SPEC §11.2 and the session's own words: a
 * script always means the core command, so no operation may take them. */
static bool core_command(const char *name) {
  static const char *const core[] = {
      "advance", "set",    "fire",     "toggle", "pointer",
      "key",     "motion", "snapshot", "expect", "expect-error",
      "group",   "end",    "seed",     "quit",   "reload",
  };
  for (size_t i = 0; i < sizeof core / sizeof *core; i++) {
    if (strcmp(core[i], name) == 0) {
      return true;
    }
  }
  return false;
}

bool anima_operation_desc_check(const anima_operation_desc *desc,
                                anima_text *why) {
  if (!command_word(desc->name)) {
    anima_text_append(why, "an operation's name is a word of a-z, 0-9 and "
                           "'-' starting with a letter");
    return false;
  }
  if (core_command(desc->name)) {
    anima_text_appendf(why, "\"%s\" is a core script command (SPEC §11.2)",
                       desc->name);
    return false;
  }
  if (!desc->usage || !*desc->usage || !desc->invoke) {
    anima_text_append(why, "an operation needs a usage line and invoke");
    return false;
  }
  if (desc->argument_count > ANIMA_OPERATION_ARGUMENTS) {
    anima_text_appendf(why,
                       "%zu arguments, more than the %d an operation "
                       "may declare",
                       desc->argument_count, ANIMA_OPERATION_ARGUMENTS);
    return false;
  }
  if (desc->argument_count > 0 && !desc->arguments) {
    anima_text_append(why, "argument_count without arguments");
    return false;
  }
  bool optional = false;
  for (size_t i = 0; i < desc->argument_count; i++) {
    const anima_argument_desc *argument = &desc->arguments[i];
    const char *problem = NULL;
    if (!argument->name || !*argument->name) {
      problem = "has no name";
    } else if ((unsigned)argument->kind > (unsigned)ANIMA_ARGUMENT_TEXT) {
      problem = "has an unknown kind";
    } else if (argument->options && argument->kind != ANIMA_ARGUMENT_WORD) {
      problem = "has options but is not a WORD";
    } else if (optional && !argument->optional) {
      problem = "is required after an optional argument";
    } else if (argument->kind == ANIMA_ARGUMENT_TEXT &&
               i + 1 != desc->argument_count) {
      problem = "is TEXT (the rest of the line) but not the last";
    }
    if (problem) {
      anima_text_appendf(why, "argument %zu (%s) %s", i + 1,
                         argument->name ? argument->name : "unnamed", problem);
      return false;
    }
    optional = optional || argument->optional;
  }
  return true;
}

/* ---- lookup ------------------------------------------------------------- */

size_t anima_runtime_operation_count(const anima_runtime *runtime) {
  return runtime ? anima_registry_behaviour_count(runtime->registry,
                                                  ANIMA_BEHAVIOUR_OPERATION)
                 : 0;
}

const anima_operation_desc *
anima_runtime_operation(const anima_runtime *runtime, size_t index,
                        const char **module) {
  const anima_behaviour *entry =
      runtime ? anima_registry_behaviour(runtime->registry,
                                         ANIMA_BEHAVIOUR_OPERATION, index)
              : NULL;
  if (module) {
    *module = entry ? entry->module : NULL;
  }
  return entry ? entry->desc : NULL;
}

/* The model's hook that `desc` names as its instance_of (same module), or
 * NULL when the document does not use it. */
static const anima_model_hook *instance_hook(const anima_model *model,
                                             const anima_behaviour *entry) {
  const anima_operation_desc *desc = entry->desc;
  for (size_t i = 0; i < model->hook_count; i++) {
    const anima_model_hook *hook = &model->hooks[i];
    if (hook->desc->name && strcmp(hook->desc->name, desc->instance_of) == 0 &&
        strcmp(hook->module, entry->module) == 0) {
      return hook;
    }
  }
  return NULL;
}

static const anima_behaviour *find_entry(const anima_model *model,
                                         const char *name,
                                         anima_operation_lookup *lookup) {
  *lookup = ANIMA_OPERATION_UNKNOWN;
  if (!model || !name) {
    return NULL;
  }
  size_t count = anima_registry_behaviour_count(model->registry,
                                                ANIMA_BEHAVIOUR_OPERATION);
  for (size_t i = 0; i < count; i++) {
    const anima_behaviour *entry =
        anima_registry_behaviour(model->registry, ANIMA_BEHAVIOUR_OPERATION, i);
    const anima_operation_desc *desc = entry->desc;
    if (strcmp(desc->name, name) != 0) {
      continue;
    }
    bool declared = anima_feature_declared(desc->feature, model->requires,
                                           model->require_count) &&
                    (!desc->instance_of || instance_hook(model, entry));
    *lookup = declared ? ANIMA_OPERATION_AVAILABLE : ANIMA_OPERATION_UNDECLARED;
    return entry;
  }
  return NULL;
}

const anima_operation_desc *
anima_model_find_operation(const anima_model *model, const char *name,
                           anima_operation_lookup *lookup,
                           const char **module) {
  anima_operation_lookup found;
  const anima_behaviour *entry = find_entry(model, name, &found);
  if (lookup) {
    *lookup = found;
  }
  if (module) {
    *module = entry ? entry->module : NULL;
  }
  return found == ANIMA_OPERATION_AVAILABLE ? entry->desc : NULL;
}

/* ---- arguments ----------------------------------------------------------- */

static size_t required_count(const anima_operation_desc *desc) {
  size_t required = 0;
  while (required < desc->argument_count &&
         !desc->arguments[required].optional) {
    required++;
  }
  return required;
}

static const char *kind_name(anima_argument_kind kind) {
  switch (kind) {
  case ANIMA_ARGUMENT_WORD:
    return "a word";
  case ANIMA_ARGUMENT_NUMBER:
    return "a finite number";
  case ANIMA_ARGUMENT_BOOL:
    return "true or false";
  case ANIMA_ARGUMENT_NODE:
    return "a node id";
  case ANIMA_ARGUMENT_INPUT:
    return "an input name";
  case ANIMA_ARGUMENT_TEXT:
    return "text";
  }
  return "an argument";
}

/* An operation-arguments diagnostic at word `word` (SIZE_MAX: the whole
 * call) with the usage line as its hint; returns INVALID_ARGUMENT. */
static anima_status bad_arguments(anima_diagnostics *diagnostics,
                                  const anima_operation_desc *desc, size_t word,
                                  const char *format, ...) ANIMA_PRINTF(4, 5);

static anima_status bad_arguments(anima_diagnostics *diagnostics,
                                  const anima_operation_desc *desc, size_t word,
                                  const char *format, ...) {
  if (diagnostics) {
    anima_text message = {0}, pointer = {0}, hint = {0};
    va_list list;
    va_start(list, format);
    anima_text_vappendf(&message, format, list);
    va_end(list);
    if (word != SIZE_MAX) {
      anima_text_append(&pointer, "/arguments");
      anima_text_append_pointer_index(&pointer, word);
    }
    anima_text_appendf(&hint, "usage: %s", desc->usage);
    anima_diagnostics_add(diagnostics, "operation-arguments",
                          ANIMA_SEVERITY_ERROR, anima_text_string(&pointer),
                          anima_text_string(&hint), "%s",
                          anima_text_string(&message));
    anima_text_free(&message);
    anima_text_free(&pointer);
    anima_text_free(&hint);
  }
  return ANIMA_ERROR_INVALID_ARGUMENT;
}

/* Appends the options of a WORD argument, "left, right or up". */
static void append_options(anima_text *text, const char *const *options) {
  for (size_t i = 0; options[i]; i++) {
    anima_text_appendf(text, "%s%s",
                       i == 0           ? ""
                       : options[i + 1] ? ", "
                                        : " or ",
                       options[i]);
  }
}

/* A did-you-mean for `word` among the model's node ids or input names. */
static const char *closest_in_model(const anima_model *model, bool nodes,
                                    const char *word) {
  size_t count = nodes ? model->node_count : model->input_count;
  const char **names = calloc(count ? count : 1, sizeof *names);
  if (!names) {
    return NULL;
  }
  for (size_t i = 0; i < count; i++) {
    names[i] = nodes ? model->nodes[i].id : model->inputs[i].name;
  }
  const char *closest = anima_closest_name(word, names, count);
  free(names);
  return closest;
}

/* Checks and converts word `i` for argument `argument`. */
static anima_status convert(const anima_model *model,
                            const anima_operation_desc *desc,
                            const anima_argument_desc *argument,
                            const char *word, size_t i, anima_argument *out,
                            anima_diagnostics *diagnostics) {
  out->word = word;
  switch (argument->kind) {
  case ANIMA_ARGUMENT_WORD:
  case ANIMA_ARGUMENT_TEXT:
    for (size_t o = 0; argument->options && argument->options[o]; o++) {
      if (strcmp(argument->options[o], word) == 0) {
        return ANIMA_OK;
      }
    }
    if (argument->options) {
      anima_text options = {0};
      append_options(&options, argument->options);
      anima_status status = bad_arguments(
          diagnostics, desc, i, "%s: <%s> is %s, not \"%s\"", desc->name,
          argument->name, anima_text_string(&options), word);
      anima_text_free(&options);
      return status;
    }
    return ANIMA_OK;
  case ANIMA_ARGUMENT_NUMBER:
    if (anima_parse_number(word, &out->number)) {
      return ANIMA_OK;
    }
    break;
  case ANIMA_ARGUMENT_BOOL:
    if (strcmp(word, "true") == 0 || strcmp(word, "false") == 0) {
      out->boolean = word[0] == 't';
      return ANIMA_OK;
    }
    break;
  case ANIMA_ARGUMENT_NODE:
  case ANIMA_ARGUMENT_INPUT: {
    bool node = argument->kind == ANIMA_ARGUMENT_NODE;
    out->index = node ? anima_model_find_node(model, word)
                      : anima_model_input_find(model, word);
    if (out->index >= 0) {
      return ANIMA_OK;
    }
    const char *closest = closest_in_model(model, node, word);
    return bad_arguments(diagnostics, desc, i,
                         "%s: <%s> is %s, and the document has no %s "
                         "\"%s\"%s%s%s",
                         desc->name, argument->name, kind_name(argument->kind),
                         node ? "node" : "input", word,
                         closest ? " (did you mean \"" : "",
                         closest ? closest : "", closest ? "\"?)" : "");
  }
  }
  return bad_arguments(diagnostics, desc, i, "%s: <%s> is %s, not \"%s\"",
                       desc->name, argument->name, kind_name(argument->kind),
                       word);
}

/* Fills `out` (desc->argument_count entries) from `words`; `joined` holds
 * a TEXT argument of several words (freed by the caller). */
static anima_status parse_arguments(const anima_model *model,
                                    const anima_operation_desc *desc,
                                    const char *const *words, size_t count,
                                    anima_argument *out, anima_text *joined,
                                    anima_diagnostics *diagnostics) {
  size_t required = required_count(desc);
  bool text_last =
      desc->argument_count > 0 &&
      desc->arguments[desc->argument_count - 1].kind == ANIMA_ARGUMENT_TEXT;
  if (count < required) {
    return bad_arguments(diagnostics, desc, SIZE_MAX,
                         "%s needs %s%zu argument%s, got %zu", desc->name,
                         required < desc->argument_count ? "at least " : "",
                         required, required == 1 ? "" : "s", count);
  }
  if (count > desc->argument_count && !text_last) {
    return bad_arguments(diagnostics, desc, desc->argument_count,
                         "%s takes %s%zu argument%s, got %zu", desc->name,
                         required < desc->argument_count ? "at most " : "",
                         desc->argument_count,
                         desc->argument_count == 1 ? "" : "s", count);
  }
  for (size_t i = 0; i < desc->argument_count; i++) {
    const anima_argument_desc *argument = &desc->arguments[i];
    out[i] = (anima_argument){.kind = argument->kind, .index = -1};
    if (i >= count) {
      continue; /* an omitted optional argument */
    }
    const char *word = words[i];
    if (argument->kind == ANIMA_ARGUMENT_TEXT && count > i + 1) {
      for (size_t w = i; w < count; w++) {
        anima_text_appendf(joined, "%s%s", w == i ? "" : " ", words[w]);
      }
      if (joined->failed) {
        return ANIMA_ERROR_NO_MEMORY;
      }
      word = anima_text_string(joined);
    }
    anima_status status =
        convert(model, desc, argument, word, i, &out[i], diagnostics);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}

/* ---- the call ------------------------------------------------------------ */

struct anima_operation_call {
  anima_player *player;
  const anima_operation_desc *desc;
  anima_diagnostics *diagnostics;
  size_t reports;
  /** anima_player_ask's answer text, or NULL (anima_player_invoke). */
  char *answer;
  size_t answer_length;
};

anima_step *anima_operation_call_step(anima_operation_call *call) {
  return call ? anima_player_step_context(call->player) : NULL;
}

void anima_operation_call_vreport(anima_operation_call *call, const char *code,
                                  const char *hint, const char *format,
                                  va_list list) {
  if (!call) {
    return;
  }
  call->reports++;
  if (!call->diagnostics) {
    return;
  }
  anima_text message = {0};
  anima_text_vappendf(&message, format ? format : "", list);
  anima_diagnostics_add(
      call->diagnostics, code && *code ? code : "operation-failed",
      ANIMA_SEVERITY_ERROR, "", hint, "%s", anima_text_string(&message));
  anima_text_free(&message);
}

void anima_operation_call_vanswer(anima_operation_call *call,
                                  const char *format, va_list list) {
  if (!call || !call->answer || !format) {
    return;
  }
  size_t room = ANIMA_OPERATION_ANSWER_CAPACITY - call->answer_length;
  if (room <= 1) {
    return;
  }
  int written =
      vsnprintf(call->answer + call->answer_length, room, format, list);
  if (written > 0) {
    call->answer_length += (size_t)written < room ? (size_t)written : room - 1;
  }
}

static anima_status unavailable(const anima_model *model, const char *name,
                                const anima_behaviour *entry,
                                anima_diagnostics *diagnostics) {
  if (!diagnostics) {
    return ANIMA_ERROR_UNKNOWN_OPERATION;
  }
  if (!entry) {
    anima_diagnostics_add(diagnostics, "unknown-operation",
                          ANIMA_SEVERITY_ERROR, "",
                          "`anima modules` lists the operations of the "
                          "loaded modules",
                          "no loaded module has an operation \"%s\"", name);
    return ANIMA_ERROR_UNKNOWN_OPERATION;
  }
  const anima_operation_desc *desc = entry->desc;
  const char *feature = desc->feature;
  bool via_hook = anima_feature_declared(desc->feature, model->requires,
                                         model->require_count);
  if (via_hook) {
    /* The feature is declared: its instance_of hook's is not, unless the
     * module registered no such hook with a stage and run (those are the
     * hooks a model compiles). */
    bool found = false;
    size_t count = anima_registry_behaviour_count(model->registry,
                                                  ANIMA_BEHAVIOUR_STAGE_HOOK);
    for (size_t i = 0; i < count && !found; i++) {
      const anima_behaviour *hook = anima_registry_behaviour(
          model->registry, ANIMA_BEHAVIOUR_STAGE_HOOK, i);
      const anima_stage_hook_desc *hook_desc = hook->desc;
      found = hook_desc->name && anima_stage_hook_compiles(hook_desc) &&
              strcmp(hook_desc->name, desc->instance_of) == 0 &&
              strcmp(hook->module, entry->module) == 0;
      feature = found ? hook_desc->feature : feature;
    }
    if (!found || anima_feature_declared(feature, model->requires,
                                         model->require_count)) {
      anima_diagnostics_add(
          diagnostics, "operation-failed", ANIMA_SEVERITY_ERROR, "", NULL,
          "the operation \"%s\" (module %s) works on the stage hook \"%s\", "
          "which its module does not register with a stage and run",
          name, entry->module, desc->instance_of);
      return ANIMA_ERROR_UNKNOWN_OPERATION;
    }
  }
  anima_text hint = {0}, message = {0};
  anima_text_appendf(&hint, "add \"%s\" to \"requires\"",
                     feature ? feature : "");
  anima_text_appendf(&message, "the operation \"%s\" (module %s) ", name,
                     entry->module);
  if (!via_hook) {
    anima_text_append(&message, "belongs to");
  } else {
    anima_text_appendf(&message, "works on the stage hook \"%s\" of",
                       desc->instance_of);
  }
  anima_text_appendf(&message,
                     " the feature \"%s\", which the document does not "
                     "declare",
                     feature ? feature : "");
  anima_diagnostics_add(diagnostics, "undeclared-feature", ANIMA_SEVERITY_ERROR,
                        "", anima_text_string(&hint), "%s",
                        anima_text_string(&message));
  anima_text_free(&message);
  anima_text_free(&hint);
  return ANIMA_ERROR_UNKNOWN_OPERATION;
}

/* anima_player_invoke and anima_player_ask: `answer` NULL for invoke. */
static anima_status call_operation(anima_player *player, const char *name,
                                   const char *const *words, size_t count,
                                   char *answer,
                                   anima_diagnostics *diagnostics) {
  if (!player || !name || (count > 0 && !words)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  for (size_t i = 0; i < count; i++) {
    if (!words[i]) {
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
  }
  const anima_model *model = player->model;
  anima_operation_lookup lookup;
  const anima_behaviour *entry = find_entry(model, name, &lookup);
  if (lookup != ANIMA_OPERATION_AVAILABLE) {
    return unavailable(model, name, entry, diagnostics);
  }
  const anima_operation_desc *desc = entry->desc;
  anima_argument arguments[ANIMA_OPERATION_ARGUMENTS];
  anima_text joined = {0};
  anima_status status = parse_arguments(model, desc, words, count, arguments,
                                        &joined, diagnostics);
  if (status == ANIMA_OK) {
    const anima_model_hook *hook =
        desc->instance_of ? instance_hook(model, entry) : NULL;
    anima_operation_call call = {player, desc, diagnostics, 0, answer, 0};
    /* The call acts on the step context outside a step: dt 0, no stage;
     * a call made from inside a step gets its context back after. */
    anima_step saved = player->step;
    anima_step *step = anima_player_step_context(player);
    step->dt = 0;
    step->stage = 0;
    step->solve_requested = false;
    status = desc->invoke(&call, hook ? hook->data : NULL,
                          hook ? anima_player_instance(player, hook->instance)
                               : NULL,
                          arguments, desc->argument_count, desc->user);
    player->step = saved;
    /* Whatever it changed, the next step runs in full. */
    player->sleeping = false;
    if (status == ANIMA_OK && call.reports > 0) {
      status = ANIMA_ERROR_INVALID_ARGUMENT;
    } else if (status != ANIMA_OK && call.reports == 0 && diagnostics) {
      anima_diagnostics_add(
          diagnostics, "operation-failed", ANIMA_SEVERITY_ERROR, "", NULL,
          "the operation \"%s\" failed: %s", name, anima_status_name(status));
    }
  }
  anima_text_free(&joined);
  return status;
}

anima_status anima_player_invoke(anima_player *player, const char *name,
                                 const char *const *words, size_t count,
                                 anima_diagnostics *diagnostics) {
  return call_operation(player, name, words, count, NULL, diagnostics);
}

anima_status anima_player_ask(anima_player *player, const char *name,
                              const char *const *words, size_t count,
                              anima_operation_answer *answer,
                              anima_diagnostics *diagnostics) {
  if (!answer) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  answer->events = NULL;
  answer->event_count = 0;
  answer->text[0] = '\0';
  if (!player) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  /* The operation's events are the only ones in the buffer. */
  player->event_count = 0;
  player->events_overflowed = false;
  anima_status status =
      call_operation(player, name, words, count, answer->text, diagnostics);
  answer->events = player->events;
  answer->event_count = player->event_count;
  return status;
}
