/*
 * machine_edges.c — the machine's transition fields (SPEC machine
 * "Transitions and previous values", "Typed live guards", "Actions and
 * completion"), as one transition hook applying to every edge of a
 * document that declares machine:
 *
 *   disabled    the edge never holds
 *   guard       {left, op, right} ANDed with `when`
 *   exitRatio   holds once the source has played ratio × its duration;
 *               the carry is the smaller of that overshoot and `when`'s
 *   change      holds when the input's applied value changed (increased,
 *               decreased) against the previous step's baseline, once per
 *               step; enters the target at time zero
 *   blendRatio  the crossfade lasts ratio × the source's play duration
 *   continue    the crossfade keeps advancing the outgoing timeline
 *               (the kernel's `continues`); not toward an exit state,
 *               which keeps the samples at exit time
 *   actions     queued (machine owns them): outgoing exitActions, the
 *               edge's actions, incoming enterActions
 *   endActions  queued when the crossfade completes, at once for none
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "machine.h"

typedef enum change_mode {
  CHANGE_NONE = 0,
  CHANGE_CHANGED,
  CHANGE_INCREASED,
  CHANGE_DECREASED,
} change_mode;

typedef enum guard_op {
  GUARD_EQUAL = 0,
  GUARD_NOT_EQUAL,
  GUARD_LESS,
  GUARD_LESS_EQUAL,
  GUARD_GREATER,
  GUARD_GREATER_EQUAL,
} guard_op;

/** A guard operand: a constant (numbers, bools 0/1, artboard dimensions
 * resolved at load) or a live focus reading (false without a reader). */
typedef struct guard_operand {
  bool focus;
  double value;
} guard_operand;

typedef struct machine_edge {
  bool disabled;
  double exit_ratio;  /**< < 0: none */
  double blend_ratio; /**< < 0: none */
  change_mode change;
  size_t change_input;
  bool guarded;
  guard_op op;
  guard_operand left, right;
  long action_block, end_block; /**< -1: none */
  bool continues; /**< `continue: true`, toward a state that is no exit */
} machine_edge;

typedef struct edge_instance {
  uint64_t fired; /**< the step serial at which the change edge last fired */
} edge_instance;

static const char *const operators[] = {"==", "!=", "<", "<=", ">", ">="};

static bool machine_guard_operator(const char *text, int *op) {
  for (int i = 0; i < 6; i++) {
    if (text && strcmp(text, operators[i]) == 0) {
      *op = i;
      return true;
    }
  }
  return false;
}

/* The artboard's dimension `name` in grid units (its viewBox). */
static double machine_artboard(const anima_json *document, const char *name) {
  const anima_host *h = machine_host;
  const anima_json *box = h->json_member(document, "viewBox");
  double width = 0, height = 0;
  if (box && h->json_type(box) == ANIMA_JSON_ARRAY && h->json_size(box) == 4) {
    width = h->json_number(h->json_item(box, 2));
    height = h->json_number(h->json_item(box, 3));
  } else {
    const anima_json *grid = h->json_member(document, "grid");
    width = height = grid ? h->json_number(grid) : 0;
  }
  if (strcmp(name, "width") == 0) {
    return width;
  }
  if (strcmp(name, "height") == 0) {
    return height;
  }
  return height != 0 ? width / height : 0;
}

static void compile_operand(const anima_json *document, const anima_json *json,
                            guard_operand *out) {
  const anima_host *h = machine_host;
  switch (h->json_type(json)) {
  case ANIMA_JSON_NUMBER:
    out->value = h->json_number(json);
    return;
  case ANIMA_JSON_BOOL:
    out->value = h->json_bool(json) ? 1 : 0;
    return;
  case ANIMA_JSON_OBJECT: {
    const anima_json *artboard = h->json_member(json, "artboard");
    if (artboard) {
      out->value = machine_artboard(document, h->json_string(artboard, NULL));
      return;
    }
    out->focus = h->json_member(json, "focus") != NULL;
    return;
  }
  default:
    return;
  }
}

static long edge_block(anima_compile *compile, const anima_site *site,
                       const char *key, anima_status *status) {
  const anima_host *h = machine_host;
  const anima_json *value = h->json_member(site->json, key);
  if (!value || h->json_type(value) != ANIMA_JSON_OBJECT) {
    return -1;
  }
  char at[1024];
  machine_join2(at, sizeof at, site->pointer, "/", key);
  size_t block;
  *status = h->compile_action_block(compile, value, at, &block);
  return *status == ANIMA_OK ? (long)block : -1;
}

static double number_or(const anima_json *object, const char *key,
                        double fallback) {
  const anima_json *value = machine_host->json_member(object, key);
  return value ? machine_host->json_number(value) : fallback;
}

static anima_status edge_compile(anima_compile *compile, const anima_site *site,
                                 void *user, void **out) {
  (void)user;
  const anima_host *h = machine_host;
  machine_edge *edge = h->compile_alloc(compile, sizeof *edge);
  if (!edge) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const anima_json *object = site->json;
  const anima_json *disabled = h->json_member(object, "disabled");
  edge->disabled = disabled && h->json_bool(disabled);
  edge->exit_ratio = number_or(object, "exitRatio", -1);
  edge->blend_ratio = number_or(object, "blendRatio", -1);
  const anima_json *change = h->json_member(object, "change");
  if (change) {
    const anima_json *input = h->json_member(change, "input");
    const anima_json *mode = h->json_member(change, "mode");
    const char *mode_text = mode ? h->json_string(mode, NULL) : "";
    long index = h->compile_find_input(
        compile, input ? h->json_string(input, NULL) : "");
    if (index < 0) {
      return ANIMA_ERROR_INVALID_DOCUMENT; /* validation said why */
    }
    edge->change_input = (size_t)index;
    edge->change = strcmp(mode_text, "increased") == 0   ? CHANGE_INCREASED
                   : strcmp(mode_text, "decreased") == 0 ? CHANGE_DECREASED
                                                         : CHANGE_CHANGED;
  }
  const anima_json *guard = h->json_member(object, "guard");
  if (guard) {
    int op = 0;
    const anima_json *op_json = h->json_member(guard, "op");
    if (!machine_guard_operator(op_json ? h->json_string(op_json, NULL) : NULL,
                                &op)) {
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
    edge->guarded = true;
    edge->op = (guard_op)op;
    const anima_json *document = h->compile_document(compile);
    compile_operand(document, h->json_member(guard, "left"), &edge->left);
    compile_operand(document, h->json_member(guard, "right"), &edge->right);
  }
  const anima_json *continues = h->json_member(object, "continue");
  if (continues && h->json_bool(continues)) {
    /* An exit target keeps the outgoing samples at exit time (SPEC machine
     * "State kinds and priority"), so only other targets continue. */
    const anima_json *to = h->json_member(object, "to");
    const anima_json *states = h->json_member(
        h->compile_layer(compile, (size_t)site->layer, NULL), "states");
    const anima_json *target =
        to && states ? h->json_member(states, h->json_string(to, NULL)) : NULL;
    const anima_json *kind = target ? h->json_member(target, "kind") : NULL;
    const char *kind_text = kind ? h->json_string(kind, NULL) : NULL;
    edge->continues = !kind_text || strcmp(kind_text, "exit") != 0;
  }
  anima_status status = ANIMA_OK;
  edge->action_block = edge_block(compile, site, "actions", &status);
  if (status == ANIMA_OK) {
    edge->end_block = edge_block(compile, site, "endActions", &status);
  }
  *out = edge;
  return status;
}

static size_t edge_instance_size(const void *data, void *user) {
  (void)data, (void)user;
  return sizeof(edge_instance);
}

static double operand_value(const guard_operand *operand) {
  /* No focus reader is installed in a native player: focus is false
   * (SPEC machine "Typed live guards and the focus seam"). */
  return operand->focus ? 0 : operand->value;
}

static bool guard_holds(const machine_edge *edge) {
  double left = operand_value(&edge->left);
  double right = operand_value(&edge->right);
  switch (edge->op) {
  case GUARD_EQUAL:
    return left == right;
  case GUARD_NOT_EQUAL:
    return left != right;
  case GUARD_LESS:
    return left < right;
  case GUARD_LESS_EQUAL:
    return left <= right;
  case GUARD_GREATER:
    return left > right;
  case GUARD_GREATER_EQUAL:
    return left >= right;
  }
  return false;
}

/* The played time of the layer's current state and its duration. */
static void source_clock(anima_step *step, const machine_data *machine,
                         size_t layer, double *played, double *duration,
                         double *speed) {
  size_t state = machine_host->step_layer_state(step, layer);
  const machine_state_info *info =
      state < machine->state_count ? &machine->states[state] : NULL;
  *speed = info && info->speed > 0 ? info->speed : 1;
  *duration = info ? info->duration : 0;
  *played = machine_host->step_state_time(step, layer) * *speed;
}

static bool change_observed(const machine_edge *edge, double now,
                            double before) {
  switch (edge->change) {
  case CHANGE_CHANGED:
    return now != before;
  case CHANGE_INCREASED:
    return now > before;
  case CHANGE_DECREASED:
    return now < before;
  case CHANGE_NONE:
    break;
  }
  return false;
}

static bool edge_holds(anima_step *step, const void *data, void *instance,
                       size_t layer, double *carry, void *user) {
  (void)user;
  const machine_edge *edge = data;
  if (edge->disabled || (edge->guarded && !guard_holds(edge))) {
    return false;
  }
  const machine_data *machine = NULL;
  machine_instance *record = NULL;
  if (edge->exit_ratio >= 0 || edge->change != CHANGE_NONE) {
    if (!machine_record(step, &machine, &record)) {
      return false;
    }
  }
  if (edge->exit_ratio >= 0) {
    double played, duration, speed;
    source_clock(step, machine, layer, &played, &duration, &speed);
    double threshold = edge->exit_ratio * duration;
    if (played < threshold - MACHINE_EPSILON) {
      return false;
    }
    /* The carry is the overshoot of the gate that opened last: the
     * ratio's unless `when` opened later (docs/DECISIONS.md). */
    double overshoot = (played - threshold) / speed;
    if (overshoot < *carry) {
      *carry = overshoot;
    }
  }
  if (edge->change != CHANGE_NONE) {
    const edge_instance *fired = instance;
    if (fired->fired == record->serial ||
        edge->change_input >= machine->input_count) {
      return false;
    }
    double now = machine_input_value(step, edge->change_input);
    double before = machine_previous(machine, record)[edge->change_input];
    if (!change_observed(edge, now, before)) {
      return false;
    }
    *carry = 0; /* the change is observed in this step */
  }
  return true;
}

static double edge_blend(anima_step *step, const void *data, void *instance,
                         size_t layer, double blend, void *user) {
  (void)instance, (void)user;
  const machine_edge *edge = data;
  const machine_data *machine;
  machine_instance *record;
  if (edge->blend_ratio < 0 || !machine_record(step, &machine, &record)) {
    return blend;
  }
  double played, duration, speed;
  source_clock(step, machine, layer, &played, &duration, &speed);
  return edge->blend_ratio * duration / speed;
}

static void edge_taken(anima_step *step, const void *data, void *instance,
                       size_t layer, double blend, void *user) {
  (void)user;
  const anima_host *h = machine_host;
  const machine_edge *edge = data;
  const machine_data *machine;
  machine_instance *record;
  if (!machine_record(step, &machine, &record) ||
      layer >= machine->layer_count) {
    return;
  }
  if (edge->change != CHANGE_NONE) {
    ((edge_instance *)instance)->fired = record->serial;
  }
  size_t *current = machine_current(machine, record);
  size_t outgoing = current[layer];
  size_t target = h->step_layer_state(step, layer);
  /* Order on entry: outgoing exitActions, transition actions, incoming
   * enterActions, each queued for the next step's input stage. */
  if (outgoing < machine->state_count &&
      machine->states[outgoing].exit_block >= 0) {
    h->step_queue_block(step, (size_t)machine->states[outgoing].exit_block);
  }
  if (edge->action_block >= 0) {
    h->step_queue_block(step, (size_t)edge->action_block);
  }
  if (target < machine->state_count &&
      machine->states[target].enter_block >= 0) {
    h->step_queue_block(step, (size_t)machine->states[target].enter_block);
  }
  current[layer] = target;
  /* An interrupted fade discards its endActions. */
  machine_pending_end *end = &machine_ends(machine, record)[layer];
  end->block = -1;
  if (edge->end_block < 0) {
    return;
  }
  if (blend > 0) {
    end->block = edge->end_block;
    end->duration = blend;
    end->elapsed = h->step_state_time(step, layer); /* the carry */
    return;
  }
  h->step_queue_block(step, (size_t)edge->end_block);
}

static bool edge_at_rest(anima_step *step, const void *data,
                         const void *instance, size_t layer, void *user) {
  (void)instance, (void)user;
  const machine_edge *edge = data;
  if (edge->exit_ratio < 0 || edge->disabled) {
    return true;
  }
  const machine_data *machine;
  machine_instance *record;
  if (!machine_record(step, &machine, &record)) {
    return true;
  }
  double played, duration, speed;
  source_clock(step, machine, layer, &played, &duration, &speed);
  return played >= edge->exit_ratio * duration - MACHINE_EPSILON;
}

static bool edge_continues(const void *data, void *user) {
  (void)user;
  return ((const machine_edge *)data)->continues;
}

static bool edge_self_entry(const void *data, void *user) {
  (void)user;
  return ((const machine_edge *)data)->change != CHANGE_NONE;
}

anima_status machine_register_edges(anima_registrar *registrar) {
  static const anima_transition_hook_desc hook = {
      .struct_size = sizeof hook,
      .feature = MACHINE_FEATURE,
      .name = "edges",
      .flags = ANIMA_TRANSITION_HOOK_OWNS_ACTIONS,
      .lifecycle = {.compile = edge_compile,
                    .instance_size = edge_instance_size},
      .holds = edge_holds,
      .blend = edge_blend,
      .taken = edge_taken,
      .at_rest = edge_at_rest,
      .self_entry = edge_self_entry,
      .continues = edge_continues,
  };
  return machine_host->add_transition_hook(registrar, &hook);
}
