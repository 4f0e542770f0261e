/*
 * machine_states.c — the machine's state kinds (SPEC machine "State kinds
 * and priority", "Deterministic random selection"). Each keeps an empty
 * pose (`pose: {}`, checked by machine_check.c):
 *
 *   entry   an ordinary empty pose whose ordered conditions choose the
 *           next state at the first step
 *   exit    terminal; it writes the outgoing state's output at exit time
 *           (the transition snapshot) as constant values
 *   any     a declaration: its edges are searched before the current
 *           state's, in every nonterminal state
 *   random  chooses among the eligible edges by `weight` (default 1,
 *           zero-weight edges ignored) with the player's random source:
 *           the first edge whose cumulative weight exceeds u · sum
 */
#include <math.h>

#include "machine.h"

typedef struct random_data {
  size_t count;
  double weights[]; /* per edge of the state's `on` */
} random_data;

static anima_status random_compile(anima_compile *compile,
                                   const anima_site *site, void *user,
                                   void **out) {
  (void)user;
  const anima_host *h = machine_host;
  const anima_json *on = h->json_member(site->json, "on");
  size_t count = on ? h->json_size(on) : 0;
  random_data *data =
      h->compile_alloc(compile, sizeof *data + count * sizeof(double));
  if (!data) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  data->count = count;
  for (size_t i = 0; i < count; i++) {
    const anima_json *weight = h->json_member(h->json_item(on, i), "weight");
    data->weights[i] = weight ? h->json_number(weight) : 1;
  }
  *out = data;
  return ANIMA_OK;
}

/* `eligible` holds the edges whose conditions hold (disabled and false
 * ones are out already); zero weights are ignored too. None left: no
 * random number is drawn and no edge taken. */
static size_t random_select(anima_step *step, const void *data, void *instance,
                            size_t layer, const size_t *eligible, size_t count,
                            void *user) {
  (void)instance, (void)layer, (void)user;
  const random_data *random = data;
  double sum = 0;
  for (size_t i = 0; i < count; i++) {
    if (eligible[i] < random->count) {
      sum += random->weights[eligible[i]];
    }
  }
  if (!(sum > 0) || !isfinite(sum)) {
    return count;
  }
  double target = machine_host->step_random(step) * sum, cumulative = 0;
  size_t last = count;
  for (size_t i = 0; i < count; i++) {
    double weight =
        eligible[i] < random->count ? random->weights[eligible[i]] : 0;
    if (!(weight > 0)) {
      continue;
    }
    cumulative += weight;
    last = i;
    if (cumulative > target) {
      return i;
    }
  }
  return last; /* rounding: the last positive edge */
}

static bool exit_write(anima_step *step, const void *data, void *instance,
                       size_t layer, anima_state_output *output, void *user) {
  (void)step, (void)data, (void)instance, (void)layer, (void)user;
  machine_host->output_snapshot(output);
  return true;
}

anima_status machine_register_states(anima_registrar *registrar) {
  static const anima_kind_desc variants[] = {
      {.name = "machine-entry",
       .element = "entry-state",
       .variant_of = "state",
       .variant = "entry",
       .feature = MACHINE_FEATURE,
       .description = "An empty pose whose ordered conditions choose the "
                      "next state at the first step."},
      {.name = "machine-exit",
       .element = "exit-state",
       .variant_of = "state",
       .variant = "exit",
       .feature = MACHINE_FEATURE,
       .description = "Terminal: keeps the outgoing state's values at exit "
                      "time; no `on` list."},
      {.name = "machine-any",
       .element = "any-state",
       .variant_of = "state",
       .variant = "any",
       .feature = MACHINE_FEATURE,
       .description = "A declaration never current: its transitions are "
                      "searched first, from every nonterminal state."},
      {.name = "machine-random",
       .element = "random-state",
       .variant_of = "state",
       .variant = "random",
       .feature = MACHINE_FEATURE,
       .description = "Chooses among its eligible transitions by `weight` "
                      "with the player's seeded random source."},
  };
  static const anima_state_kind_desc kinds[] = {
      {.struct_size = sizeof(anima_state_kind_desc),
       .name = "entry",
       .feature = MACHINE_FEATURE,
       .code = "machine-state"},
      {.struct_size = sizeof(anima_state_kind_desc),
       .name = "exit",
       .feature = MACHINE_FEATURE,
       .flags = ANIMA_STATE_KIND_TERMINAL,
       .write = exit_write,
       .code = "machine-state"},
      {.struct_size = sizeof(anima_state_kind_desc),
       .name = "any",
       .feature = MACHINE_FEATURE,
       .flags = ANIMA_STATE_KIND_DECLARATION,
       .code = "machine-state"},
      {.struct_size = sizeof(anima_state_kind_desc),
       .name = "random",
       .feature = MACHINE_FEATURE,
       .lifecycle = {.compile = random_compile},
       .select = random_select,
       .code = "machine-state"},
  };
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, machine_host->add_kind, registrar, variants);
  ANIMA_ADD_EACH(status, machine_host->add_state_kind, registrar, kinds);
  return status;
}
