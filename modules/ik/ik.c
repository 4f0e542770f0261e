/*
 * ik.c — the `ik` module (SPEC `## ik`; docs/modules/ik.md): the constraint
 * kind `ik` registered into the rig module through include/anima/rig.h.
 *
 *   {"kind": "ik", "target": <id>, "bones": n, "bend": "cw" | "ccw",
 *    "strength": s}                       AniML <ik target="…" bones="2"/>
 *
 * The chain is the host bone and its n − 1 nearest bone ancestors, top
 * first. Every solve works in each bone's parent space (so a mirrored
 * ancestor mirrors the bend side with the chain) on the chain's current
 * pose: one bone aims at the target; otherwise, in order down the chain,
 * each of the first n − 1 links makes one analytic two-link solve (law of
 * cosines) against the chain's final tip, the rest of the chain turning as
 * one rigid remainder — n − 1 pair solves, no iteration to convergence (an
 * independent reimplementation of the strategy the chapter names). A
 * target beyond reach straightens the chain towards it; a target on the
 * chain's start leaves the pose unchanged.
 *
 * Strength mixes each chain bone's local rotation from its value before
 * the solve towards the solved one along the shorter arc, rebuilding the
 * chain from the top: the ancestors here (they are the kind's declared
 * writes), the host by the kernel's strength blend of its desired local
 * matrix (only its rotation differs).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <anima/rig.h>

static const anima_host *host;

#define PI 3.14159265358979323846
/* The longest chain the per-model data holds (the nesting limit is lower). */
#define MAX_CHAIN 64

typedef struct ik_data {
  long target;
  size_t count;            /* bones in the chain */
  size_t chain[MAX_CHAIN]; /* top first; chain[count − 1] is the host */
  long parents[MAX_CHAIN]; /* each bone's parent node, or -1 */
  int side;                /* +1 cw, −1 ccw */
  long strength;           /* the item's strength slot, or -1 */
  long length;             /* the host's `length` slot, or -1 */
  double length_rest;      /* the host's document length */
} ik_data;

static bool is_bone(anima_compile *c, long node) {
  const char *type =
      node >= 0 ? host->compile_node_type(c, (size_t)node) : NULL;
  return type && strcmp(type, "bone") == 0;
}

static anima_status ik_compile(anima_compile *c, const anima_site *site,
                               void *user, void **out) {
  (void)user;
  ik_data *k = host->compile_alloc(c, sizeof *k);
  if (!k) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const char *id =
      host->json_string(host->json_member(site->json, "target"), NULL);
  k->target = id ? host->compile_find_node(c, id) : -1;
  const anima_json *bones = host->json_member(site->json, "bones");
  size_t wanted = bones ? (size_t)host->json_number(bones) : 1;
  if (k->target < 0 || !is_bone(c, site->node) || wanted < 1 ||
      wanted > MAX_CHAIN) {
    /* Validation reports these first (rig-target, rig-ik-host,
     * rig-ik-chain). */
    host->compile_report(c, "rig-ik-chain", site->pointer,
                         "check the target, the host and bones",
                         "the ik constraint cannot be compiled");
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  long node = site->node;
  size_t reversed[MAX_CHAIN];
  size_t count = 0;
  while (count < wanted && is_bone(c, node)) {
    reversed[count++] = (size_t)node;
    node = host->compile_node_parent(c, (size_t)node);
  }
  if (count < wanted) {
    host->compile_report(c, "rig-ik-chain", site->pointer,
                         "reduce bones or add parent bones",
                         "the chain has fewer bones than `bones`");
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  k->count = count;
  for (size_t i = 0; i < count; i++) {
    k->chain[i] = reversed[count - 1 - i];
    k->parents[i] = host->compile_node_parent(c, k->chain[i]);
  }
  const char *bend =
      host->json_string(host->json_member(site->json, "bend"), NULL);
  k->side = bend && strcmp(bend, "ccw") == 0 ? -1 : 1;
  k->strength = anima_rig_find_slot(host, c, site, "strength");
  k->length = host->compile_find_slot(c, (size_t)site->node, "length");
  const anima_json *length = host->json_member(
      host->compile_node_json(c, (size_t)site->node), "length");
  k->length_rest = length ? host->json_number(length) : 0;
  *out = k;
  return ANIMA_OK;
}

static size_t ik_targets(const void *data, long *nodes, size_t capacity,
                         void *user) {
  (void)user;
  if (capacity > 0) {
    nodes[0] = ((const ik_data *)data)->target;
  }
  return 1;
}

static size_t ik_writes(const void *data, long *nodes, size_t capacity,
                        void *user) {
  (void)user;
  const ik_data *k = data;
  size_t count = k->count - 1;
  for (size_t i = 0; i < count && i < capacity; i++) {
    nodes[i] = (long)k->chain[i];
  }
  return count;
}

/* ---- one bone's local rotation ------------------------------------------ */

static const anima_point origin = {0, 0};

static double degrees_of(double radians) {
  return radians * (180 / PI);
}

/* Sets bone `node`'s local rotation to `degrees`, keeping its local
 * translation, scales and skew. */
static void set_rotation(anima_step *step, size_t node, double degrees) {
  anima_transform_parts parts =
      host->matrix_decompose(host->step_local(step, node), origin);
  parts.rotate = degrees;
  host->step_set_local(step, node, host->matrix_compose(&parts, origin));
}

static double rotation_of(anima_step *step, size_t node) {
  return host->matrix_decompose(host->step_local(step, node), origin).rotate;
}

/* The inverse world matrix of a chain bone's parent (identity at the top
 * level); false when singular. */
static bool parent_inverse(anima_step *step, long parent, anima_matrix *out) {
  *out = (anima_matrix){1, 0, 0, 1, 0, 0};
  return parent < 0 ||
         host->matrix_invert(host->step_world(step, (size_t)parent), out);
}

static anima_point start_of(anima_step *step, size_t bone) {
  return host->matrix_transform_point(host->step_world(step, bone), origin);
}

/* The chain's final tip: the host's F(now)·(length, 0). */
static anima_point tip_of(anima_step *step, const ik_data *k) {
  double length = anima_rig_number(host, step, k->length, k->length_rest);
  return host->matrix_transform_point(
      host->step_world(step, k->chain[k->count - 1]), (anima_point){length, 0});
}

static double distance(anima_point a, anima_point b) {
  return hypot(b.x - a.x, b.y - a.y);
}

static double clamp_unit(double v) {
  return v < -1 ? -1 : (v > 1 ? 1 : v);
}

/* One bone aims its x axis at `goal` (in its parent's space). */
static void solve_one(anima_step *step, const ik_data *k, size_t i,
                      anima_point goal, double *solved) {
  anima_matrix inverse;
  if (!parent_inverse(step, k->parents[i], &inverse)) {
    return;
  }
  anima_point a =
      host->matrix_transform_point(inverse, start_of(step, k->chain[i]));
  anima_point t = host->matrix_transform_point(inverse, goal);
  if (a.x == t.x && a.y == t.y) {
    return; /* the target on the start: unchanged */
  }
  solved[i] = degrees_of(atan2(t.y - a.y, t.x - a.x));
  set_rotation(step, k->chain[i], solved[i]);
}

/* Link i and the rest of the chain as one rigid remainder (down to the
 * final tip): the law of cosines in link i's parent space. */
static void solve_pair(anima_step *step, const ik_data *k, size_t i,
                       anima_point goal, double *solved) {
  anima_matrix inverse, own;
  size_t bone = k->chain[i], next = k->chain[i + 1];
  if (!parent_inverse(step, k->parents[i], &inverse) ||
      !host->matrix_invert(host->step_world(step, next), &own)) {
    return;
  }
  anima_point start = start_of(step, bone), joint = start_of(step, next);
  anima_point tip = tip_of(step, k);
  /* The remainder's direction in the next bone's own frame: its rotation
   * is corrected by that angle so that the remainder, not its x axis,
   * takes the solved direction. */
  anima_point end = host->matrix_transform_point(own, tip);
  double correction = -atan2(end.y, end.x);
  anima_point pa = host->matrix_transform_point(inverse, start);
  anima_point pc = host->matrix_transform_point(inverse, joint);
  anima_point pb = host->matrix_transform_point(inverse, tip);
  anima_point pt = host->matrix_transform_point(inverse, goal);
  double a = distance(pc, pb), b = distance(pa, pc), c = distance(pa, pt);
  if (c == 0 || b == 0) {
    return; /* the target on the start, or a link of no length */
  }
  double at_start = 0, at_joint = PI;
  /* Within 1e-9 of full reach the pair is straight: acos near ±1 would turn
   * rounding noise of ~1e-16 into angles of ~1e-6° (the last pair of a
   * longer chain always lies there, aimed by the pair before it). */
  if (a > 0 && c < (a + b) * (1 - 1e-9)) {
    at_start = acos(clamp_unit((b * b + c * c - a * a) / (2 * b * c)));
    at_joint = acos(clamp_unit((a * a + b * b - c * c) / (2 * a * b)));
  }
  double r1 = atan2(pt.y - pa.y, pt.x - pa.x) + k->side * at_start;
  double r2 = k->side * (at_joint - PI) + correction;
  solved[i] = degrees_of(r1);
  solved[i + 1] = degrees_of(r2);
  set_rotation(step, bone, solved[i]);
  set_rotation(step, next, solved[i + 1]);
}

/* The shorter way from `from` to `to`, degrees. */
static double mix_angle(double from, double to, double strength) {
  double turn = fmod(to - from, 360);
  if (turn > 180) {
    turn -= 360;
  } else if (turn <= -180) {
    turn += 360;
  }
  return from + turn * strength;
}

static bool ik_solve(anima_step *step, const void *data, void *instance,
                     size_t node, anima_matrix *desired, void *user) {
  (void)instance, (void)user, (void)node;
  const ik_data *k = data;
  double strength = anima_rig_number(host, step, k->strength, 1);
  if (!(strength > 0)) {
    return false; /* strength 0 is the unconstrained pose */
  }
  anima_point goal = anima_rig_position(host, step, (size_t)k->target, origin);
  double before[MAX_CHAIN], solved[MAX_CHAIN];
  for (size_t i = 0; i < k->count; i++) {
    before[i] = solved[i] = rotation_of(step, k->chain[i]);
  }
  if (k->count == 1) {
    solve_one(step, k, 0, goal, solved);
  } else {
    for (size_t i = 0; i + 1 < k->count; i++) {
      solve_pair(step, k, i, goal, solved);
    }
  }
  /* Rebuild from the top with mixed local rotations; the host's mixed
   * rotation is the kernel's blend of the desired matrix below. */
  size_t host_index = k->count - 1;
  for (size_t i = 0; i < host_index; i++) {
    set_rotation(step, k->chain[i],
                 strength >= 1 ? solved[i]
                               : mix_angle(before[i], solved[i], strength));
  }
  set_rotation(step, k->chain[host_index], before[host_index]);
  anima_transform_parts parts = host->matrix_decompose(
      host->step_local(step, k->chain[host_index]), origin);
  parts.rotate = solved[host_index];
  *desired = host->matrix_compose(&parts, origin);
  return true;
}

/* ---- validation -----------------------------------------------------------
 */

#define DEPTH 128

static bool type_is(const anima_json *node, const char *type) {
  const char *value = host->json_string(host->json_member(node, "type"), NULL);
  return value && strcmp(value, type) == 0;
}

static bool parent_pointer(const char *pointer, size_t *length) {
  const char *slash = strrchr(pointer, '/');
  static const char children[] = "/children";
  size_t n = sizeof children - 1;
  if (!slash || slash == pointer) {
    return false;
  }
  size_t end = (size_t)(slash - pointer);
  if (end < n || strncmp(pointer + end - n, children, n) != 0) {
    return false;
  }
  *length = end - n;
  return true;
}

static void check_item(anima_check *c, const anima_json *item,
                       const char *pointer, bool bone, size_t chain) {
  const char *id = host->json_string(host->json_member(item, "target"), NULL);
  if (id && host->check_find_node(c, id) < 0) {
    host->check_report(c, "rig-target", ANIMA_SEVERITY_ERROR, pointer,
                       "set target to the id of a node of the document",
                       "the ik constraint's target \"%s\" is not a node", id);
  }
  if (!bone) {
    host->check_report(c, "rig-ik-host", ANIMA_SEVERITY_ERROR, pointer,
                       "move the ik constraint to the bone at the chain's tip",
                       "an ik constraint belongs on a bone");
    return;
  }
  const anima_json *bones = host->json_member(item, "bones");
  double wanted = bones ? host->json_number(bones) : 1;
  if (wanted > (double)chain) {
    char at[1100], hint[128];
    snprintf(at, sizeof at, "%.1024s/bones", pointer);
    snprintf(hint, sizeof hint, "reduce bones to %zu, or add parent bones",
             chain);
    host->check_report(c, "rig-ik-chain", ANIMA_SEVERITY_ERROR, at, hint,
                       "the chain has %zu bone%s, not %g", chain,
                       chain == 1 ? "" : "s", wanted);
  }
}

static void ik_check(anima_check *c, void *user) {
  (void)user;
  size_t count = host->check_node_count(c);
  const char *pointers[DEPTH];
  size_t chains[DEPTH]; /* bones from the node up through bone parents */
  size_t depth = 0;
  for (size_t i = 0; i < count; i++) {
    const char *pointer = NULL;
    const anima_json *node = host->check_node(c, i, &pointer);
    if (!node || !pointer) {
      continue;
    }
    size_t length = 0;
    bool nested = parent_pointer(pointer, &length);
    while (depth > 0 && !(nested && strlen(pointers[depth - 1]) == length &&
                          strncmp(pointers[depth - 1], pointer, length) == 0)) {
      depth--;
    }
    bool bone = type_is(node, "bone");
    size_t chain = bone ? 1 + (depth > 0 ? chains[depth - 1] : 0) : 0;
    const anima_json *list = host->json_member(node, ANIMA_RIG_LIST);
    for (size_t k = 0; list && k < host->json_size(list); k++) {
      const anima_json *item = host->json_item(list, k);
      const char *kind =
          host->json_string(host->json_member(item, "kind"), NULL);
      if (kind && strcmp(kind, "ik") == 0) {
        char at[1024];
        snprintf(at, sizeof at, "%s/%s/%zu", pointer, ANIMA_RIG_LIST, k);
        check_item(c, item, at, bone, chain);
      }
    }
    if (depth < DEPTH) {
      pointers[depth] = pointer;
      chains[depth] = chain;
      depth++;
    }
  }
}

/* ---- registration ---------------------------------------------------------
 */

static const char *const bends[] = {"cw", "ccw", NULL};

static anima_status ik_init(const anima_host *kernel, anima_registrar *r) {
  host = kernel;
  static const anima_field_desc fields[] = {
      {.owner = "ik",
       .name = "target",
       .kind = ANIMA_FIELD_NAME,
       .required = true,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "The node whose world pivot the chain reaches for."},
      {.owner = "ik",
       .name = "bones",
       .kind = ANIMA_FIELD_INTEGER,
       .minimum = 1,
       .maximum = MAX_CHAIN,
       .default_json = "1",
       .description = "Bones in the chain, the host included (static)."},
      {.owner = "ik",
       .name = "bend",
       .kind = ANIMA_FIELD_ENUM,
       .options = bends,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .default_json = "\"cw\"",
       .description = "The joint's side of the line from the chain's start "
                      "to the target: cw (screen-clockwise) or ccw (static)."},
  };
  static const anima_code_desc codes[] = {
      {.code = "rig-ik-host",
       .severity = ANIMA_SEVERITY_ERROR,
       .description = "An ik constraint on a node that is not a bone."},
      {.code = "rig-ik-chain",
       .severity = ANIMA_SEVERITY_ERROR,
       .description = "An ik constraint's `bones` is longer than the host's "
                      "chain of parent bones."},
  };
  static const anima_check_desc check = {
      .struct_size = sizeof check, .name = "ik", .check = ik_check};
  static const anima_rig_constraint_desc ik = {
      .struct_size = sizeof ik,
      .kind = "ik",
      .element = "ik",
      .description = "Inverse kinematics: turns a chain of bones so that "
                     "its tip reaches for a target.",
      .fields = fields,
      .field_count = sizeof fields / sizeof *fields,
      .lifecycle = {.compile = ik_compile},
      .targets = ik_targets,
      .writes = ik_writes,
      .solve = ik_solve};
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, host->add_code, r, codes);
  if (status == ANIMA_OK) {
    status = host->add_check(r, &check);
  }
  if (status == ANIMA_OK) {
    status = anima_rig_register_constraint(host, r, &ik);
  }
  return status;
}

static const char *const ik_features[] = {"ik", NULL};
static const char *const ik_depends[] = {"rig", NULL};

ANIMA_MODULE_DEFINE(ik, .name = "ik", .version = "1.0.0", .license = "MIT",
                    .origin = "Anima",
                    .description = "Inverse kinematics for rig bone chains "
                                   "(SPEC ik chapter).",
                    .features = ik_features, .depends = ik_depends,
                    .init = ik_init);
