/*
 * script_snapshot.c — `snapshot` and `expect` (SPEC §11.2): resolving
 * addresses (inputs first, then JSON addresses, then AniML spellings) and
 * printing snapshot lines.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/format.h>

#include "script_internal.h"

/* What an address or input name of a script names. */
typedef struct script_target {
  bool is_input;
  size_t index;    /**< input index or property index */
  const char *key; /**< the snapshot key: input name or JSON address */
} script_target;

/* Resolves `name` (SPEC §11.2: exact input names and JSON addresses win
 * over AniML spellings). Reports script-target or script-usage. */
static bool resolve_target(script_context *context, const char *command,
                           const char *name, script_target *out,
                           script_result *result) {
  const anima_model *model = context->interpreter->model;
  long input = anima_model_input_find(model, name);
  if (input >= 0) {
    if (anima_model_input_type(model, (size_t)input) == ANIMA_INPUT_TRIGGER) {
      *result = script_report(
          context, "script-usage", "a trigger is only pending for one step",
          "%s: \"%s\" is a trigger, which has no persistent value", command,
          name);
      return false;
    }
    out->is_input = true;
    out->index = (size_t)input;
    out->key = anima_model_input_name(model, (size_t)input);
    return true;
  }
  long property = anima_model_property_find(model, name);
  if (property < 0) {
    char hint[256];
    script_hint_unknown_target(model, name, hint, sizeof hint);
    *result = script_report(
        context, "script-target", hint,
        "%s: \"%s\" is neither an input nor a property of the document",
        command, name);
    return false;
  }
  out->is_input = false;
  out->index = (size_t)property;
  out->key = anima_model_property_address(model, (size_t)property);
  return true;
}

static anima_value target_value(script_interpreter *interpreter,
                                const script_target *target) {
  anima_value value = {.type = ANIMA_VALUE_NUMBER};
  if (target->is_input) {
    anima_player_get_input(interpreter->player, target->key, &value);
  } else {
    anima_player_read_property(interpreter->player, target->index, &value);
  }
  return value;
}

/* The JSON text of any value of `model` (module value types through their
 * format, docs/MODULES.md "Value types"); NULL when out of memory, else
 * free() it. */
static char *value_text(const anima_model *model, const anima_value *value) {
  size_t length = anima_model_format_value(model, value, NULL, 0);
  char *text = malloc(length + 1);
  if (text) {
    anima_model_format_value(model, value, text, length + 1);
  }
  return text;
}

static void append_member(script_text *text, const anima_model *model,
                          bool *first, const char *key,
                          const anima_value *value) {
  script_text_append(text, *first ? "" : ", ");
  *first = false;
  script_text_append_json_string(text, key);
  script_text_append(text, ": ");
  if (value->type < ANIMA_VALUE_MODULE_FIRST) {
    script_text_append_value(text, value);
    return;
  }
  char *shown = value_text(model, value);
  script_text_append(text, shown ? shown : "null");
  free(shown);
}

script_result script_command_snapshot(script_context *context,
                                      const script_words *words) {
  script_interpreter *interpreter = context->interpreter;
  const anima_model *model = interpreter->model;
  bool all = interpreter->options.snapshot_all;
  size_t listed = 0;
  for (size_t i = 1; i < words->count; i++) {
    const script_word *word = &words->items[i];
    if (!word->quoted && strcmp(word->text, "--all") == 0) {
      all = true;
    } else if (!word->quoted && strcmp(word->text, "--semantics") == 0) {
      return script_report(context, "script-usage",
                           "semantic trees come with the a11y module",
                           "snapshot --semantics needs the a11y module, which "
                           "this runtime does not have");
    } else if (!word->quoted && strncmp(word->text, "--", 2) == 0) {
      return script_report(context, "script-usage",
                           "write `snapshot [--all] [address ...]`",
                           "snapshot: unknown option %s", word->text);
    } else {
      listed++;
    }
  }
  /* Resolve the listed targets first: an unknown one prints nothing. */
  script_target *targets = calloc(listed ? listed : 1, sizeof *targets);
  if (!targets) {
    return script_report(context, "script-usage", NULL, "out of memory");
  }
  size_t count = 0;
  for (size_t i = 1; i < words->count; i++) {
    const script_word *word = &words->items[i];
    if (!word->quoted && strncmp(word->text, "--", 2) == 0) {
      continue;
    }
    script_result result = SCRIPT_OK;
    if (!resolve_target(context, "snapshot", word->text, &targets[count],
                        &result)) {
      free(targets);
      return result;
    }
    count++;
  }
  script_text text = {0};
  bool first = true;
  script_text_append(&text, "{\"time\": ");
  script_text_append_number(&text, anima_player_time(interpreter->player));
  script_text_append(&text, ", \"values\": {");
  size_t property_count = anima_model_property_count(model);
  anima_value value;
  if (count == 0 || all) {
    for (size_t i = 0; i < property_count; i++) {
      bool selected = all ? anima_model_property_animatable(model, i)
                          : anima_model_property_animated(model, i);
      if (selected && anima_player_read_property(interpreter->player, i,
                                                 &value) == ANIMA_OK) {
        append_member(&text, model, &first,
                      anima_model_property_address(model, i), &value);
      }
    }
    for (size_t i = 0; all && i < anima_model_input_count(model); i++) {
      if (anima_model_input_type(model, i) != ANIMA_INPUT_TRIGGER) {
        script_target input = {true, i, anima_model_input_name(model, i)};
        value = target_value(interpreter, &input);
        append_member(&text, model, &first, input.key, &value);
      }
    }
  }
  for (size_t i = 0; i < count; i++) {
    /* Skip keys already written (listed twice, or covered by --all). */
    bool written = false;
    for (size_t j = 0; j < i && !written; j++) {
      written = strcmp(targets[j].key, targets[i].key) == 0;
    }
    if (all && !written) {
      written = targets[i].is_input ||
                anima_model_property_animatable(model, targets[i].index);
    }
    if (!written) {
      value = target_value(interpreter, &targets[i]);
      append_member(&text, model, &first, targets[i].key, &value);
    }
  }
  free(targets);
  script_text_append(&text, "}, \"states\": {");
  /* The default machine's layers, then those of the named machines that
   * have an instance, as "<machine>/<layer>" (SPEC motion). */
  bool any = false;
  for (size_t i = 0; i < anima_model_layer_total(model); i++) {
    const char *state = anima_player_layer_state(interpreter->player, i);
    if (i >= anima_model_layer_count(model) && !state) {
      continue;
    }
    script_text_append(&text, any ? ", " : "");
    any = true;
    script_text_append_json_string(&text, anima_model_layer_name(model, i));
    script_text_append(&text, ": ");
    script_text_append_json_string(&text, state);
  }
  script_text_append(&text, "}, \"events\": [");
  for (size_t i = 0; i < interpreter->event_count; i++) {
    const script_event *event =
        &interpreter->events[(interpreter->event_start + i) %
                             interpreter->event_capacity];
    script_text_append(&text, i ? ", {\"name\": " : "{\"name\": ");
    script_text_append_json_string(&text, event->name);
    script_text_append(&text, ", \"layer\": ");
    if (event->layer < 0) {
      script_text_append(&text, "null");
    } else {
      script_text_append_json_string(
          &text, anima_model_layer_name(model, (size_t)event->layer));
    }
    script_text_append(&text, ", \"time\": ");
    script_text_append_number(&text, event->time);
    if (event->detail) {
      script_text_append(&text, event->detail);
    }
    script_text_append(&text, "}");
  }
  script_text_append(&text, "]");
  if (interpreter->events_dropped > 0) {
    /* More events than the ring holds: the count of the older ones. */
    char dropped[48];
    snprintf(dropped, sizeof dropped, ", \"eventsDropped\": %zu",
             interpreter->events_dropped);
    script_text_append(&text, dropped);
  }
  script_text_append(&text, ", \"settled\": ");
  script_text_append(
      &text, anima_player_settled(interpreter->player) ? "true}" : "false}");
  script_events_clear(interpreter);
  interpreter->events_dropped = 0;
  char *line = script_text_take(&text);
  if (!line) {
    return script_report(context, "script-usage", NULL, "out of memory");
  }
  script_output(context, line, true);
  if (interpreter->events_lost) {
    interpreter->events_lost = false;
    return script_report(context, "script-usage", NULL,
                         "events were lost: out of memory");
  }
  return SCRIPT_OK;
}

static bool colors_equal(anima_color a, anima_color b) {
  return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

/*
 * The hint of a failed expect; the message already shows the value, so
 * the hint adds what it does not: that an exact `==` missed by rounding
 * (`~` allows 1e-6), that no track or pose writes the property (it keeps
 * its document value), or else when the value was read and the state of
 * each layer.
 */
static void expect_hint(script_interpreter *interpreter,
                        const script_target *target, bool equal,
                        double difference, char *hint, size_t size) {
  const anima_model *model = interpreter->model;
  char number[ANIMA_FORMAT_CAPACITY];
  if (equal && difference != 0 && fabs(difference) <= 1e-6) {
    anima_format_number(difference, number);
    snprintf(hint, size, "the values differ by %s; `~` compares within 1e-6",
             number);
    return;
  }
  if (!target->is_input &&
      !anima_model_property_animated(model, target->index)) {
    snprintf(hint, size,
             "no track or pose writes %s, so it keeps its document value",
             target->key);
    return;
  }
  anima_format_number(anima_player_time(interpreter->player), number);
  size_t used = (size_t)snprintf(hint, size, "at time %s s", number);
  size_t layers = anima_model_layer_count(model);
  for (size_t i = 0; i < layers && used < size; i++) {
    const char *state = anima_player_layer_state(interpreter->player, i);
    used += (size_t)snprintf(
        hint + used, size - used, "%s%s in state %s", i ? ", " : ", with ",
        anima_model_layer_name(model, i), state ? state : "?");
  }
}

/*
 * `expect` on a value of a module value type: == and != compare its
 * snapshot text (anima_model_format_value) with the word, taken either as
 * JSON text (`3`, `[1, 2]`, `"Ready"`) or as a string's content (`Ready`
 * for "Ready"; a reference by its node id).
 */
static script_result expect_module_value(script_context *context,
                                         const script_target *target,
                                         const anima_value *actual,
                                         const char *name, const char *op,
                                         const char *text) {
  script_interpreter *interpreter = context->interpreter;
  bool equal = strcmp(op, "==") == 0;
  if (!equal && strcmp(op, "!=") != 0) {
    return script_report(context, "script-usage",
                         "compare values of module types with == or !=",
                         "expect %s %s %s: %s holds a value of a module type",
                         name, op, text, name);
  }
  char *shown = value_text(interpreter->model, actual);
  script_text quoted = {0};
  script_text_append_json_string(&quoted, text);
  char *quoted_text = script_text_take(&quoted);
  if (!shown || !quoted_text) {
    free(shown);
    free(quoted_text);
    return script_report(context, "script-usage", NULL, "out of memory");
  }
  bool same = strcmp(shown, text) == 0 || strcmp(shown, quoted_text) == 0;
  free(quoted_text);
  if (same == equal) {
    free(shown);
    return SCRIPT_OK;
  }
  char hint[256];
  expect_hint(interpreter, target, false, 0, hint, sizeof hint);
  script_result result =
      script_report(context, "script-expect", hint, "expected %s %s %s, got %s",
                    name, op, text, shown);
  free(shown);
  return result;
}

script_result script_command_expect(script_context *context,
                                    const script_words *words) {
  if (words->count != 4) {
    return script_report(context, "script-usage",
                         "write `expect <address|input> ==|!=|<|>|~ <value>`",
                         "expect needs a target, an operator and a value");
  }
  const char *name = words->items[1].text;
  const char *op = words->items[2].text;
  const char *text = words->items[3].text;
  bool equal = strcmp(op, "==") == 0, not_equal = strcmp(op, "!=") == 0;
  bool less = strcmp(op, "<") == 0, greater = strcmp(op, ">") == 0;
  bool near = strcmp(op, "~") == 0;
  if (!equal && !not_equal && !less && !greater && !near) {
    return script_report(context, "script-usage",
                         "the operators are ==, !=, <, > and ~ (within 1e-6)",
                         "expect: unknown operator \"%s\"", op);
  }
  script_target target;
  script_result result = SCRIPT_OK;
  if (!resolve_target(context, "expect", name, &target, &result)) {
    return result;
  }
  anima_value actual = target_value(context->interpreter, &target);
  if (actual.type >= ANIMA_VALUE_MODULE_FIRST) {
    return expect_module_value(context, &target, &actual, name, op, text);
  }
  anima_value wanted = {.type = actual.type};
  bool parsed = false;
  switch (actual.type) {
  case ANIMA_VALUE_NUMBER:
    parsed = script_number(&words->items[3], &wanted.as.number);
    break;
  case ANIMA_VALUE_BOOL:
    parsed = !words->items[3].quoted &&
             (strcmp(text, "true") == 0 || strcmp(text, "false") == 0);
    wanted.as.boolean = strcmp(text, "true") == 0;
    break;
  case ANIMA_VALUE_COLOR:
    parsed = anima_color_parse_hex(text, &wanted.as.color);
    break;
  }
  if (!parsed || (actual.type != ANIMA_VALUE_NUMBER && !equal && !not_equal)) {
    bool quoted = words->items[3].quoted;
    return script_report(
        context, "script-usage",
        quoted ? "a quoted word is text: write the value without quotes"
        : actual.type == ANIMA_VALUE_NUMBER ? "write a finite number"
        : actual.type == ANIMA_VALUE_BOOL   ? "compare booleans with == or !="
                                            : "compare colours (#rrggbb) with "
                                              "== or !=",
        "expect %s %s %s%s%s: the value does not fit a %s", name, op,
        quoted ? "\"" : "", text, quoted ? "\"" : "",
        actual.type == ANIMA_VALUE_NUMBER ? "number"
        : actual.type == ANIMA_VALUE_BOOL ? "boolean"
                                          : "colour");
  }
  bool same = false;
  switch (actual.type) {
  case ANIMA_VALUE_NUMBER:
    same = actual.as.number == wanted.as.number;
    break;
  case ANIMA_VALUE_BOOL:
    same = actual.as.boolean == wanted.as.boolean;
    break;
  case ANIMA_VALUE_COLOR:
    same = colors_equal(actual.as.color, wanted.as.color);
    break;
  }
  bool holds = equal       ? same
               : not_equal ? !same
               : less      ? actual.as.number < wanted.as.number
               : greater   ? actual.as.number > wanted.as.number
                           : fabs(actual.as.number - wanted.as.number) <= 1e-6;
  if (holds) {
    return SCRIPT_OK;
  }
  char shown[ANIMA_FORMAT_CAPACITY];
  anima_format_value(&actual, shown);
  char hint[256];
  expect_hint(context->interpreter, &target, equal,
              actual.type == ANIMA_VALUE_NUMBER
                  ? actual.as.number - wanted.as.number
                  : 0,
              hint, sizeof hint);
  return script_report(context, "script-expect", hint,
                       "expected %s %s %s, got %s", name, op, text, shown);
}
