/*
 * operations.c — a test feature module adding operations (module.h
 * anima_operation_desc: host calls that are also SPEC §11.2 script
 * commands), built outside kernel/ against the public headers only; it
 * links against nothing. Used by tests/test_operations.c and, through
 * `anima sample`, tests/cli/operations.script.txt.
 *
 * Feature "operations":
 *
 *   nudge <left|right|up|down> <node> <distance> [<tally>]
 *       WORD with options, NODE, NUMBER, optional BOOL (default true).
 *       Moves the node's x (left/right) or y (up/down, y grows downwards)
 *       by `distance` through the step context (step_write_number); when
 *       tally is true, counts the nudge in the per-player instance of the
 *       stage hook "tally". step_after: the script steps at 0 after it.
 *   charge <input> <amount>
 *       INPUT, NUMBER. Adds `amount` to a number input now
 *       (step_set_input, which clamps to the input's range); a bool or
 *       trigger input is refused with call_report code "operation-input".
 *   check <input> <expected> <message...>
 *       INPUT, NUMBER, TEXT. When the number input's value differs from
 *       `expected`, reports code "operation-check" with the message and the
 *       hint "the input is <value>".
 *
 *   stage hook "tally" (END): per-model data = the x and y slots of every
 *   node and the event name "nudged"; per-player instance = the count of
 *   tallied nudges and whether one is not reported yet. At END it reports
 *   "nudged" (layer null) with the count as its time once after each
 *   tallied nudge, and votes not at rest while one is pending.
 *
 *   peek [<padding>]
 *       optional NUMBER. Reports "nudged" (layer null) with the tally as
 *       its time through the call's step context and answers
 *       "nudges <tally>" (host call_answer; anima_player_ask), followed by
 *       <padding> dots, one call_answer each.
 *
 * Feature "operations-extra": the operations `shout [<text...>]` (does
 * nothing), for documents that do not declare that feature, and `recount`
 * (no arguments; sets the tally of the hook "tally", which is of feature
 * "operations", back to 0): available only when both features are
 * declared.
 */
#include <stdio.h>

#include <anima/module.h>

static const anima_host *host;

typedef struct tally_data {
  size_t node_count;
  long *x, *y; /* per node: slot of x and y, or -1 */
  const char *event;
} tally_data;

typedef struct tally_instance {
  double nudges;
  bool pending;
} tally_instance;

static anima_status tally_compile(anima_compile *compile,
                                  const anima_site *site, void *user,
                                  void **data) {
  (void)site, (void)user;
  tally_data *tally = host->compile_alloc(compile, sizeof *tally);
  size_t count = host->compile_node_count(compile);
  if (!tally) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  tally->node_count = count;
  tally->x = host->compile_alloc(compile, (count ? count : 1) * sizeof(long));
  tally->y = host->compile_alloc(compile, (count ? count : 1) * sizeof(long));
  tally->event = host->compile_event_name(compile, "nudged");
  if (!tally->x || !tally->y || !tally->event) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t node = 0; node < count; node++) {
    tally->x[node] = host->compile_find_slot(compile, node, "x");
    tally->y[node] = host->compile_find_slot(compile, node, "y");
  }
  *data = tally;
  return ANIMA_OK;
}

static size_t tally_size(const void *data, void *user) {
  (void)data, (void)user;
  return sizeof(tally_instance);
}

static void tally_run(anima_step *step, const void *data, void *instance,
                      void *user) {
  (void)user;
  const tally_data *tally = data;
  tally_instance *state = instance;
  if (state->pending) {
    host->step_report(step, tally->event, -1, state->nudges);
    state->pending = false;
  }
}

static bool tally_at_rest(anima_step *step, const void *data,
                          const void *instance, void *user) {
  (void)step, (void)data, (void)user;
  return !((const tally_instance *)instance)->pending;
}

static anima_status nudge(anima_operation_call *call, const void *data,
                          void *instance, const anima_argument *arguments,
                          size_t count, void *user) {
  (void)user;
  const tally_data *tally = data;
  tally_instance *state = instance;
  if (count != 4 || !tally || !state) {
    host->call_report(call, "operation-probe", NULL,
                      "nudge got %zu arguments, data %p, instance %p", count,
                      data, instance);
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const char *direction = arguments[0].word;
  size_t node = (size_t)arguments[1].index;
  double distance = arguments[2].number;
  /* An omitted tally (word NULL) counts. */
  bool counted = arguments[3].word == NULL || arguments[3].boolean;
  bool horizontal = direction[0] == 'l' || direction[0] == 'r';
  double sign = direction[0] == 'l' || direction[0] == 'u' ? -1 : 1;
  long slot = horizontal ? tally->x[node] : tally->y[node];
  if (slot < 0) {
    host->call_report(call, "operation-probe", NULL, "the node has no %s",
                      horizontal ? "x" : "y");
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_step *step = host->call_step(call);
  double now = host->step_number(step, (size_t)slot, 0);
  host->step_write_number(step, (size_t)slot, now + sign * distance);
  if (counted) {
    state->nudges += 1;
    state->pending = true;
  }
  return ANIMA_OK;
}

static anima_status charge(anima_operation_call *call, const void *data,
                           void *instance, const anima_argument *arguments,
                           size_t count, void *user) {
  (void)data, (void)instance, (void)count, (void)user;
  anima_step *step = host->call_step(call);
  size_t input = (size_t)arguments[0].index;
  anima_value value = host->step_input(step, input);
  if (value.type != ANIMA_VALUE_NUMBER) {
    host->call_report(call, "operation-input", "charge a number input",
                      "charge: \"%s\" is not a number input",
                      arguments[0].word);
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  value.as.number += arguments[1].number;
  host->step_set_input(step, input, &value);
  return ANIMA_OK;
}

static anima_status check(anima_operation_call *call, const void *data,
                          void *instance, const anima_argument *arguments,
                          size_t count, void *user) {
  (void)data, (void)instance, (void)count, (void)user;
  anima_value value =
      host->step_input(host->call_step(call), (size_t)arguments[0].index);
  if (value.type == ANIMA_VALUE_NUMBER &&
      value.as.number != arguments[1].number) {
    char hint[64];
    snprintf(hint, sizeof hint, "the input is %g", value.as.number);
    host->call_report(call, "operation-check", hint, "%s", arguments[2].word);
  }
  return ANIMA_OK;
}

static anima_status peek(anima_operation_call *call, const void *data,
                         void *instance, const anima_argument *arguments,
                         size_t count, void *user) {
  (void)count, (void)user;
  const tally_data *tally = data;
  const tally_instance *state = instance;
  host->step_report(host->call_step(call), tally->event, -1, state->nudges);
  host->call_answer(call, "nudges %g", state->nudges);
  double padding = arguments[0].word ? arguments[0].number : 0;
  for (double i = 0; i < padding; i++) {
    host->call_answer(call, ".");
  }
  return ANIMA_OK;
}

static anima_status shout(anima_operation_call *call, const void *data,
                          void *instance, const anima_argument *arguments,
                          size_t count, void *user) {
  (void)call, (void)data, (void)instance, (void)arguments, (void)count,
      (void)user;
  return ANIMA_OK;
}

static anima_status recount(anima_operation_call *call, const void *data,
                            void *instance, const anima_argument *arguments,
                            size_t count, void *user) {
  (void)call, (void)data, (void)arguments, (void)count, (void)user;
  ((tally_instance *)instance)->nudges = 0;
  return ANIMA_OK;
}

static anima_status operations_init(const anima_host *kernel,
                                    anima_registrar *registrar) {
  host = kernel;
  static const char *const directions[] = {"left", "right", "up", "down", NULL};
  static const anima_argument_desc nudge_arguments[] = {
      {.kind = ANIMA_ARGUMENT_WORD, .name = "direction", .options = directions},
      {.kind = ANIMA_ARGUMENT_NODE, .name = "node"},
      {.kind = ANIMA_ARGUMENT_NUMBER, .name = "distance"},
      {.kind = ANIMA_ARGUMENT_BOOL, .name = "tally", .optional = true},
  };
  static const anima_argument_desc charge_arguments[] = {
      {.kind = ANIMA_ARGUMENT_INPUT, .name = "input"},
      {.kind = ANIMA_ARGUMENT_NUMBER, .name = "amount"},
  };
  static const anima_argument_desc check_arguments[] = {
      {.kind = ANIMA_ARGUMENT_INPUT, .name = "input"},
      {.kind = ANIMA_ARGUMENT_NUMBER, .name = "expected"},
      {.kind = ANIMA_ARGUMENT_TEXT, .name = "message"},
  };
  static const anima_argument_desc peek_arguments[] = {
      {.kind = ANIMA_ARGUMENT_NUMBER, .name = "padding", .optional = true},
  };
  static const anima_argument_desc shout_arguments[] = {
      {.kind = ANIMA_ARGUMENT_TEXT, .name = "text", .optional = true},
  };
  static const anima_stage_hook_desc tally_hook = {
      .struct_size = sizeof(anima_stage_hook_desc),
      .stage = ANIMA_STAGE_END,
      .feature = "operations",
      .name = "tally",
      .lifecycle = {.compile = tally_compile, .instance_size = tally_size},
      .run = tally_run,
      .at_rest = tally_at_rest,
  };
  static const anima_operation_desc operations[] = {
      {.struct_size = sizeof(anima_operation_desc),
       .name = "nudge",
       .feature = "operations",
       .usage = "nudge left|right|up|down <node> <distance> [<tally>]",
       .description = "Moves a node along x or y and counts the nudge.",
       .arguments = nudge_arguments,
       .argument_count = 4,
       .step_after = true,
       .instance_of = "tally",
       .invoke = nudge},
      {.struct_size = sizeof(anima_operation_desc),
       .name = "charge",
       .feature = "operations",
       .usage = "charge <input> <amount>",
       .description = "Adds to a number input now.",
       .arguments = charge_arguments,
       .argument_count = 2,
       .invoke = charge},
      {.struct_size = sizeof(anima_operation_desc),
       .name = "check",
       .feature = "operations",
       .usage = "check <input> <expected> <message...>",
       .description = "Reports the message when a number input differs.",
       .arguments = check_arguments,
       .argument_count = 3,
       .invoke = check},
      {.struct_size = sizeof(anima_operation_desc),
       .name = "peek",
       .feature = "operations",
       .usage = "peek [<padding>]",
       .description = "Reports and answers the nudge tally.",
       .arguments = peek_arguments,
       .argument_count = 1,
       .instance_of = "tally",
       .invoke = peek},
      {.struct_size = sizeof(anima_operation_desc),
       .name = "shout",
       .feature = "operations-extra",
       .usage = "shout [<text...>]",
       .description = "Does nothing.",
       .arguments = shout_arguments,
       .argument_count = 1,
       .invoke = shout},
      {.struct_size = sizeof(anima_operation_desc),
       .name = "recount",
       .feature = "operations-extra",
       .usage = "recount",
       .description = "Sets the nudge tally back to 0.",
       .instance_of = "tally",
       .invoke = recount},
  };
  anima_status status = host->add_stage_hook(registrar, &tally_hook);
  ANIMA_ADD_EACH(status, host->add_operation, registrar, operations);
  return status;
}

static const char *const operations_features[] = {"operations",
                                                  "operations-extra", NULL};

ANIMA_MODULE_DEFINE(operations, .name = "operations", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima tests",
                    .description = "Operations for the script tests.",
                    .features = operations_features, .init = operations_init);
