/*
 * stages.c — a test feature module ("stages") built outside kernel/
 * against the public headers only, proving stage hooks and lifecycles
 * (module.h anima_stage_hook_desc, anima_lifecycle) for
 * tests/test_stage.c. It registers number properties on every node
 * (stageTrace, stageInputs, ... stageSerial; below without the prefix) and
 * one hook per stage; each hook writes what it saw into the node "probe":
 *
 *   INPUTS  appends 1 to the step's trace; `inputs` = the number input
 *           `level` as this step applied it;
 *   CLOCKS  appends 2; `clocks` = layer 0's state time (not yet advanced);
 *   BIND    appends 3; `bind` = probe.x as the layers wrote it; writes
 *           probe.opacity = 2 (the kernel clamps it to 1);
 *   LAYOUT  appends 4; `layout` = probe's world x translation; replaces
 *           probe's local matrix by a translation (50, 0);
 *   SOLVE   appends 5;
 *   POSE    appends 6 and asks twice for one more solve;
 *   END     appends 7; `trace` = the digits of the step's trace; `end` =
 *           the world x translation of probe's child "dot"; `random` =
 *           one draw of the random source; `steps` = its run count
 *           (per-player instance, initialised to 100); `serial` = the
 *           serial of its per-model data; reports the event
 *           "stages-end"; votes at rest from its third run on.
 *
 * The feature "stages-awake" adds one hook at END with no `run`: it only
 * votes, never at rest.
 *
 * The trace lives in the END hook's instance, which the other hooks find
 * with step_hook_instance.
 */
#include <math.h>
#include <stddef.h>

#include <anima/module.h>

static const anima_host *host;

/* Properties this module adds to every node, in this order. */
enum {
  TRACE,
  INPUTS,
  CLOCKS,
  BIND,
  LAYOUT,
  END,
  RANDOM,
  STEPS,
  SERIAL,
  PROPERTY_COUNT
};
static const char *const property_names[PROPERTY_COUNT] = {
    "stageTrace", "stageInputs", "stageClocks", "stageBind",  "stageLayout",
    "stageEnd",   "stageRandom", "stageSteps",  "stageSerial"};

/* Per-model data (one per hook): slots of the probe, and a serial that
 * counts compiles in this process. */
typedef struct stages_data {
  long slot[PROPERTY_COUNT];
  long probe_x, probe_opacity;
  long probe, dot, level;
  const char *event;
  unsigned serial;
} stages_data;

/* Per-player instance of the END hook. */
typedef struct stages_instance {
  double runs;
  int trace[16];
  int trace_count;
} stages_instance;

static unsigned compile_count;

static anima_status stages_compile(anima_compile *compile,
                                   const anima_site *site, void *user,
                                   void **data) {
  (void)site, (void)user;
  stages_data *d = host->compile_alloc(compile, sizeof *d);
  if (!d) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  d->serial = ++compile_count;
  d->probe = host->compile_find_node(compile, "probe");
  d->dot = host->compile_find_node(compile, "dot");
  d->level = host->compile_find_input(compile, "level");
  d->event = host->compile_event_name(compile, "stages-end");
  for (size_t i = 0; i < PROPERTY_COUNT; i++) {
    d->slot[i] = d->probe < 0
                     ? -1
                     : host->compile_find_slot(compile, (size_t)d->probe,
                                               property_names[i]);
  }
  d->probe_x = d->probe < 0
                   ? -1
                   : host->compile_find_slot(compile, (size_t)d->probe, "x");
  d->probe_opacity =
      d->probe < 0
          ? -1
          : host->compile_find_slot(compile, (size_t)d->probe, "opacity");
  *data = d;
  return ANIMA_OK;
}

static size_t stages_instance_size(const void *data, void *user) {
  (void)data, (void)user;
  return sizeof(stages_instance);
}

static void stages_instance_init(const void *data, void *instance, void *user) {
  (void)data, (void)user;
  ((stages_instance *)instance)->runs = 100;
}

static void put(anima_step *step, const stages_data *d, int property,
                double value) {
  if (d->slot[property] >= 0) {
    host->step_write_number(step, (size_t)d->slot[property], value);
  }
}

/* Appends `stage` to the trace in the END hook's instance. */
static void trace(anima_step *step, int stage) {
  void *instance = NULL;
  if (!host->step_hook_instance(step, "stages", "end", NULL, &instance) ||
      !instance) {
    return;
  }
  stages_instance *end = instance;
  if (stage == 1) {
    end->trace_count = 0;
  }
  if (end->trace_count < 16) {
    end->trace[end->trace_count++] = stage;
  }
}

static void run_inputs(anima_step *step, const void *data, void *instance,
                       void *user) {
  (void)instance, (void)user;
  const stages_data *d = data;
  trace(step, 1);
  if (d->level >= 0) {
    put(step, d, INPUTS, host->step_input(step, (size_t)d->level).as.number);
  }
}

static void run_clocks(anima_step *step, const void *data, void *instance,
                       void *user) {
  (void)instance, (void)user;
  trace(step, 2);
  put(step, data, CLOCKS, host->step_state_time(step, 0));
}

static void run_bind(anima_step *step, const void *data, void *instance,
                     void *user) {
  (void)instance, (void)user;
  const stages_data *d = data;
  trace(step, 3);
  if (d->probe_x >= 0) {
    put(step, d, BIND, host->step_number(step, (size_t)d->probe_x, -1));
  }
  if (d->probe_opacity >= 0) {
    host->step_write_number(step, (size_t)d->probe_opacity, 2);
  }
}

static void run_layout(anima_step *step, const void *data, void *instance,
                       void *user) {
  (void)instance, (void)user;
  const stages_data *d = data;
  trace(step, 4);
  if (d->probe >= 0) {
    put(step, d, LAYOUT, host->step_world(step, (size_t)d->probe).e);
    anima_matrix moved = {1, 0, 0, 1, 50, 0};
    host->step_set_local(step, (size_t)d->probe, moved);
  }
}

static void run_solve(anima_step *step, const void *data, void *instance,
                      void *user) {
  (void)data, (void)instance, (void)user;
  trace(step, 5);
}

static void run_pose(anima_step *step, const void *data, void *instance,
                     void *user) {
  (void)data, (void)instance, (void)user;
  trace(step, 6);
  host->step_request_solve(step);
  host->step_request_solve(step); /* still one more solve */
}

static void run_end(anima_step *step, const void *data, void *instance,
                    void *user) {
  (void)user;
  const stages_data *d = data;
  stages_instance *end = instance;
  trace(step, 7);
  double digits = 0;
  for (int i = 0; i < end->trace_count; i++) {
    digits = digits * 10 + end->trace[i];
  }
  put(step, d, TRACE, digits);
  if (d->dot >= 0) {
    put(step, d, END, host->step_world(step, (size_t)d->dot).e);
  }
  put(step, d, RANDOM, host->step_random(step));
  end->runs += 1;
  put(step, d, STEPS, end->runs);
  put(step, d, SERIAL, d->serial);
  host->step_report(step, d->event, -1, 0);
}

static bool end_at_rest(anima_step *step, const void *data,
                        const void *instance, void *user) {
  (void)step, (void)data, (void)user;
  return ((const stages_instance *)instance)->runs >= 103;
}

/* The hook of the feature "stages-awake": no step work (no `run`) and no
 * lifecycle, only a vote that keeps every player declaring it awake. */
static bool awake_at_rest(anima_step *step, const void *data,
                          const void *instance, void *user) {
  (void)step, (void)data, (void)instance, (void)user;
  return false;
}

static anima_status stages_init(const anima_host *kernel,
                                anima_registrar *registrar) {
  host = kernel;
  anima_status status = ANIMA_OK;
  for (size_t i = 0; status == ANIMA_OK && i < PROPERTY_COUNT; i++) {
    anima_field_desc field = {.owner = "node",
                              .name = property_names[i],
                              .kind = ANIMA_FIELD_NUMBER,
                              .minimum = -INFINITY,
                              .maximum = INFINITY,
                              .description = "What a stage hook saw."};
    anima_property_desc property = {
        .owner = "node",
        .address = property_names[i],
        .type = ANIMA_VALUE_NUMBER,
        .animation = ANIMA_ANIMATION_INTERPOLATED,
        .minimum = -INFINITY,
        .maximum = INFINITY,
        .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},
        .description = "What a stage hook saw."};
    status = host->add_field(registrar, &field);
    if (status == ANIMA_OK) {
      status = host->add_property(registrar, &property);
    }
  }
#define DATA_ONLY                                                              \
  { .compile = stages_compile }
#define WITH_INSTANCE                                                          \
  {                                                                            \
    .compile = stages_compile, .instance_size = stages_instance_size,          \
    .instance_init = stages_instance_init                                      \
  }
  /* Registered out of stage order on purpose: the kernel sorts them. */
  static const anima_stage_hook_desc hooks[] = {
      {.struct_size = sizeof(anima_stage_hook_desc),
       .stage = ANIMA_STAGE_END,
       .name = "end",
       .lifecycle = WITH_INSTANCE,
       .run = run_end,
       .at_rest = end_at_rest},
      {.struct_size = sizeof(anima_stage_hook_desc),
       .stage = ANIMA_STAGE_POSE,
       .name = "pose",
       .lifecycle = DATA_ONLY,
       .run = run_pose},
      {.struct_size = sizeof(anima_stage_hook_desc),
       .stage = ANIMA_STAGE_SOLVE,
       .name = "solve",
       .lifecycle = DATA_ONLY,
       .run = run_solve},
      {.struct_size = sizeof(anima_stage_hook_desc),
       .stage = ANIMA_STAGE_LAYOUT,
       .name = "layout",
       .lifecycle = DATA_ONLY,
       .run = run_layout},
      {.struct_size = sizeof(anima_stage_hook_desc),
       .stage = ANIMA_STAGE_BIND,
       .name = "bind",
       .lifecycle = DATA_ONLY,
       .run = run_bind},
      {.struct_size = sizeof(anima_stage_hook_desc),
       .stage = ANIMA_STAGE_CLOCKS,
       .name = "clocks",
       .lifecycle = DATA_ONLY,
       .run = run_clocks},
      {.struct_size = sizeof(anima_stage_hook_desc),
       .stage = ANIMA_STAGE_INPUTS,
       .name = "inputs",
       .lifecycle = DATA_ONLY,
       .run = run_inputs},
      {.struct_size = sizeof(anima_stage_hook_desc),
       .stage = ANIMA_STAGE_END,
       .feature = "stages-awake",
       .name = "awake",
       .at_rest = awake_at_rest},
  };
  ANIMA_ADD_EACH(status, host->add_stage_hook, registrar, hooks);
  return status;
}

static const char *const stages_features[] = {"stages", "stages-awake", NULL};

ANIMA_MODULE_DEFINE(stages, .name = "stages", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima tests",
                    .description = "A hook at every stage (a test module).",
                    .features = stages_features, .init = stages_init);
