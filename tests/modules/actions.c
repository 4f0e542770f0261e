/*
 * actions.c — a test feature module adding listener action kinds
 * (module.h anima_action_kind_desc, SPEC §9 actions), built outside
 * kernel/ against the public headers only; it links against nothing.
 * Feature "actions", two keys of a listener beside fire/set/toggle/emit:
 *
 *   "add": {"input": NAME, "by": NUMBER}   adds `by` to a number input at
 *                                          stage 1 (clamped like a set)
 *   "count": NAME                          reports the event NAME (layer
 *                                          null) whose time is how many
 *                                          times this action ran in this
 *                                          player (per-player instance)
 *   "later": NAME                          fires the trigger NAME for the
 *                                          next step (step_fire)
 */
#include <anima/module.h>

static const anima_host *host;

typedef struct add_data {
  size_t input;
  double by;
} add_data;

static anima_status add_compile(anima_compile *compile, const anima_site *site,
                                void *user, void **data) {
  (void)user;
  add_data *add = host->compile_alloc(compile, sizeof *add);
  if (!add) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const char *name =
      host->json_string(host->json_member(site->json, "input"), NULL);
  long input = host->compile_find_input(compile, name);
  if (input < 0 ||
      host->compile_input_type(compile, (size_t)input) != ANIMA_INPUT_NUMBER) {
    host->compile_report(compile, "input-type", NULL, "name a number input",
                         "\"add\" needs a number input");
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  add->input = (size_t)input;
  add->by = host->json_number(host->json_member(site->json, "by"));
  *data = add;
  return ANIMA_OK;
}

static void add_run(anima_step *step, const void *data, void *instance,
                    void *user) {
  (void)instance, (void)user;
  const add_data *add = data;
  anima_value value = host->step_input(step, add->input);
  value.as.number += add->by;
  host->step_set_input(step, add->input, &value);
}

static anima_status name_compile(anima_compile *compile, const anima_site *site,
                                 void *user, void **data) {
  (void)user;
  const char *name = host->json_string(site->json, NULL);
  *data = (void *)host->compile_event_name(compile, name);
  return *data ? ANIMA_OK : ANIMA_ERROR_NO_MEMORY;
}

static size_t count_size(const void *data, void *user) {
  (void)data, (void)user;
  return sizeof(double);
}

static void count_run(anima_step *step, const void *data, void *instance,
                      void *user) {
  (void)user;
  double *runs = instance;
  *runs += 1;
  host->step_report(step, data, -1, *runs);
}

typedef struct later_data {
  size_t input;
} later_data;

static anima_status later_compile(anima_compile *compile,
                                  const anima_site *site, void *user,
                                  void **data) {
  (void)user;
  later_data *later = host->compile_alloc(compile, sizeof *later);
  long input =
      host->compile_find_input(compile, host->json_string(site->json, NULL));
  if (!later || input < 0) {
    return later ? ANIMA_ERROR_INVALID_DOCUMENT : ANIMA_ERROR_NO_MEMORY;
  }
  later->input = (size_t)input;
  *data = later;
  return ANIMA_OK;
}

static void later_run(anima_step *step, const void *data, void *instance,
                      void *user) {
  (void)instance, (void)user;
  host->step_fire(step, ((const later_data *)data)->input);
}

static anima_status actions_init(const anima_host *kernel,
                                 anima_registrar *registrar) {
  host = kernel;
  static const anima_kind_desc add_kind = {
      .name = "add-action", .description = "Adds to a number input."};
  static const anima_field_desc fields[] = {
      {.owner = "listener",
       .name = "add",
       .kind = ANIMA_FIELD_OBJECT,
       .item_kind = "add-action",
       .minimum = -1e308,
       .maximum = 1e308,
       .description = "Adds `by` to a number input."},
      {.owner = "add-action",
       .name = "input",
       .kind = ANIMA_FIELD_NAME,
       .required = true,
       .minimum = -1e308,
       .maximum = 1e308,
       .description = "A number input."},
      {.owner = "add-action",
       .name = "by",
       .kind = ANIMA_FIELD_NUMBER,
       .required = true,
       .minimum = -1e308,
       .maximum = 1e308,
       .description = "What to add."},
      {.owner = "listener",
       .name = "count",
       .kind = ANIMA_FIELD_NAME,
       .minimum = -1e308,
       .maximum = 1e308,
       .description = "An event whose time counts the runs."},
      {.owner = "listener",
       .name = "later",
       .kind = ANIMA_FIELD_NAME,
       .minimum = -1e308,
       .maximum = 1e308,
       .description = "A trigger fired for the next step."},
  };
  static const anima_action_kind_desc actions[] = {
      {.struct_size = sizeof(anima_action_kind_desc),
       .key = "add",
       .lifecycle = {.compile = add_compile},
       .run = add_run},
      {.struct_size = sizeof(anima_action_kind_desc),
       .key = "count",
       .lifecycle = {.compile = name_compile, .instance_size = count_size},
       .run = count_run},
      {.struct_size = sizeof(anima_action_kind_desc),
       .key = "later",
       .lifecycle = {.compile = later_compile},
       .run = later_run},
  };
  anima_status status = host->add_kind(registrar, &add_kind);
  ANIMA_ADD_EACH(status, host->add_field, registrar, fields);
  ANIMA_ADD_EACH(status, host->add_action_kind, registrar, actions);
  return status;
}

static const char *const actions_features[] = {"actions", NULL};

ANIMA_MODULE_DEFINE(actions, .name = "actions", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima tests",
                    .description = "Listener action kinds for the kinds tests.",
                    .features = actions_features, .init = actions_init);
