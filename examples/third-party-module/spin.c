/*
 * spin.c — a third-party feature module for Anima, built out of tree
 * against the installed headers alone (docs/MODULES.md, "Write a module").
 * It links against nothing: every kernel service comes from the host
 * table. Feature "spin":
 *
 *   "spin": degrees per second   a node field; at SPEC §7 stage 4a (the
 *                                BIND stage hook) the node's rotate becomes
 *                                what the layers wrote (or its rest) plus
 *                                spin × the player's time. A spinning
 *                                player never settles.
 *   smoother                     an ease for keys and transitions: Perlin's
 *                                smootherstep, w = 6u⁵ − 15u⁴ + 10u³
 *   spin-origin (warning)        a check: a node that spins about its own
 *                                origin (no "pivot") is probably a mistake
 *
 * Build:  cc -shared -fPIC $(pkg-config --cflags anima-module) spin.c \
 *           -o anima-spin.so
 *   or:   meson setup build && meson compile -C build (meson.build here)
 * Use:    ANIMA_MODULE_PATH=$PWD anima sample wheel.ani wheel.script.txt
 */
#include <stdio.h>

#include <anima/module.h>

static const anima_host *host;

/* ---- the field's check ---- */

static void check_origin(anima_check *check, void *user) {
  (void)user;
  for (size_t i = 0; i < host->check_node_count(check); i++) {
    const char *pointer = NULL;
    const anima_json *node = host->check_node(check, i, &pointer);
    const anima_json *spin = host->json_member(node, "spin");
    if (spin && host->json_number(spin) != 0 &&
        !host->json_member(node, "pivot")) {
      const anima_json *id = host->json_member(node, "id");
      char at[1024]; /* the node's pointer and "/spin" */
      snprintf(at, sizeof at, "%s/spin", pointer);
      host->check_report(check, "spin-origin", ANIMA_SEVERITY_WARNING, at,
                         "set \"pivot\" to the point it turns about",
                         "node \"%s\" spins about its origin (0, 0)",
                         id ? host->json_string(id, NULL) : "?");
    }
  }
}

/* ---- the stage hook ---- */

/* What the hook needs of one spinning node, found once per model. */
typedef struct spinner {
  size_t rotate; /* slot of <id>.rotate */
  double rest;   /* its rest value */
  bool animated; /* a track or pose writes it every step */
  double speed;  /* degrees per second */
} spinner;

typedef struct spin_data {
  size_t count;
  spinner spinners[]; /* count of them */
} spin_data;

static anima_status spin_compile(anima_compile *compile, const anima_site *site,
                                 void *user, void **data) {
  (void)site, (void)user;
  size_t nodes = host->compile_node_count(compile), count = 0;
  for (size_t i = 0; i < nodes; i++) {
    const anima_json *spin =
        host->json_member(host->compile_node_json(compile, i), "spin");
    count += spin && host->json_number(spin) != 0;
  }
  if (count == 0) {
    *data = NULL; /* nothing spins: the hook does nothing */
    return ANIMA_OK;
  }
  spin_data *d =
      host->compile_alloc(compile, sizeof *d + count * sizeof(spinner));
  if (!d) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < nodes; i++) {
    const anima_json *node = host->compile_node_json(compile, i);
    const anima_json *spin = host->json_member(node, "spin");
    long slot = host->compile_find_slot(compile, i, "rotate");
    if (!spin || host->json_number(spin) == 0 || slot < 0) {
      continue;
    }
    const anima_json *rest = host->json_member(node, "rotate");
    d->spinners[d->count++] = (spinner){
        .rotate = (size_t)slot,
        .rest = rest ? host->json_number(rest) : 0,
        .animated = host->compile_slot_animated(compile, (size_t)slot),
        .speed = host->json_number(spin),
    };
  }
  *data = d;
  return ANIMA_OK;
}

static void spin_run(anima_step *step, const void *data, void *instance,
                     void *user) {
  (void)instance, (void)user;
  const spin_data *d = data;
  double time = host->step_time(step);
  for (size_t i = 0; d && i < d->count; i++) {
    const spinner *s = &d->spinners[i];
    double base =
        s->animated ? host->step_number(step, s->rotate, s->rest) : s->rest;
    host->step_write_number(step, s->rotate, base + s->speed * time);
  }
}

static bool spin_at_rest(anima_step *step, const void *data,
                         const void *instance, void *user) {
  (void)step, (void)instance, (void)user;
  return data == NULL; /* spinning never settles */
}

/* ---- the ease ---- */

static double smoother(const double *arguments, size_t count, double u,
                       void *user) {
  (void)arguments, (void)count, (void)user;
  return u * u * u * (u * (6 * u - 15) + 10);
}

/* ---- registration ---- */

static anima_status spin_init(const anima_host *kernel,
                              anima_registrar *registrar) {
  host = kernel;
  if (!ANIMA_HOST_HAS(host, compile_slot_animated)) {
    return ANIMA_ERROR_MODULE; /* a kernel older than this module needs */
  }
  static const anima_field_desc field = {
      .owner = "node",
      .name = "spin",
      .kind = ANIMA_FIELD_NUMBER,
      .minimum = -3600,
      .maximum = 3600,
      .default_json = "0",
      .description = "Turns the node this many degrees per second, clockwise "
                     "(the spin module)."};
  static const anima_code_desc code = {
      .code = "spin-origin",
      .severity = ANIMA_SEVERITY_WARNING,
      .description = "A node spins about its own origin (0, 0): it has no "
                     "pivot."};
  static const anima_check_desc check = {
      .struct_size = sizeof check, .name = "origin", .check = check_origin};
  static const anima_stage_hook_desc hook = {
      .struct_size = sizeof hook,
      .stage = ANIMA_STAGE_BIND,
      .name = "spin",
      .lifecycle = {.compile = spin_compile},
      .run = spin_run,
      .at_rest = spin_at_rest,
  };
  static const anima_ease_kind_desc ease = {
      .struct_size = sizeof ease,
      .name = "smoother",
      .syntax = "smoother",
      .weight = smoother,
  };
  anima_status status = host->add_field(registrar, &field);
  if (status == ANIMA_OK) {
    status = host->add_code(registrar, &code);
  }
  if (status == ANIMA_OK) {
    status = host->add_check(registrar, &check);
  }
  if (status == ANIMA_OK) {
    status = host->add_stage_hook(registrar, &hook);
  }
  if (status == ANIMA_OK) {
    status = host->add_ease_kind(registrar, &ease);
  }
  return status;
}

static const char *const spin_features[] = {"spin", NULL};

ANIMA_MODULE_DEFINE(spin, .name = "spin", .version = "1.0.0", .license = "MIT",
                    .origin = "examples/third-party-module (Anima)",
                    .description = "Spinning nodes, a smootherstep ease and a "
                                   "pivot check.",
                    .features = spin_features, .init = spin_init);
