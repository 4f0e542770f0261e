/*
 * rig.h — writing a constraint kind for the rig module (SPEC `## rig`,
 * "Rig stage and extension contract"; docs/modules/rig.md "Writing a
 * constraint kind").
 *
 * The rig module (`anima-rig.so`, feature "rig") owns the list field
 * `constraints` on every node, the variant family `constraint`
 * (discriminator `kind`, common field `strength`, property pattern
 * `constraints.*.strength`), bones, and the five kinds of the chapter.
 * Another module — in this repository or a third party's, built against the
 * installed headers — adds a kind during its `init` with
 * anima_rig_register_constraint() below: the kernel then compiles, sorts
 * (parents and targets before hosts, declared writes before their other
 * descendants, `rig-cycle`) and runs every constraint of a model, the
 * rig's and everyone else's, in one dependency order computed at load, and
 * blends each host's desired matrix by the item's strength.
 *
 * Everything here is `static inline` over the host table (module.h): a
 * module that uses it still links against nothing. Declare the dependency
 * so that rig loads (and registers the family) first:
 *
 *     static const char *const depends[] = {"rig", NULL};
 *     ANIMA_MODULE_DEFINE(spring, .name = "spring", .features = features,
 *                         .depends = depends, .init = init);
 *
 * A document that uses the kind requires both features ("rig" and the
 * module's own).
 *
 * Frames (docs/modules/rig.md "How bones are posed"): during `solve`,
 * host->step_world(step, node) is a node's world frame — for a bone its
 * start frame (its position is where the bone starts), for other nodes
 * their grid matrix. anima_rig_position() is where a node's pivot lands.
 * `solve` returns the host's desired *local* matrix (below its parent:
 * anima_rig_local_of()); writes to other declared nodes go through
 * anima_rig_set_world() and are blended by the solver itself
 * (anima_rig_blend()).
 */
#ifndef ANIMA_RIG_H
#define ANIMA_RIG_H

#include <stdio.h>

#include <anima/module.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The rig module's feature, list field and constraint family. */
#define ANIMA_RIG_FEATURE "rig"
#define ANIMA_RIG_LIST "constraints"
#define ANIMA_RIG_FAMILY "constraint"

/**
 * A constraint kind. Strings and arrays must outlive the runtime (static
 * data). `struct_size` is sizeof(anima_rig_constraint_desc).
 */
typedef struct anima_rig_constraint_desc {
  size_t struct_size;
  /** The JSON `kind` value and the registry kind's name: "spring". It
   * must not be a kind of the rig ("copyPosition", ...) or of another
   * module. */
  const char *kind;
  /** The AniML element, e.g. "spring" (NULL: the same as `kind`). */
  const char *element;
  /** The feature the kind belongs to (NULL: the module's first). */
  const char *feature;
  /** One sentence for `anima schema`. */
  const char *description;
  /** The kind's own fields, each with `.owner` equal to `kind` (checked:
   * anything else is ANIMA_ERROR_INVALID_ARGUMENT). The family's `kind`
   * and `strength` come with the family: do not list them. */
  const anima_field_desc *fields;
  size_t field_count;
  /** Animatable numbers of the kind: properties with `.owner` "node" and
   * `.address` "constraints.*.<field>" (the kernel gives one slot per item
   * of this kind that has the field). May be NULL. */
  const anima_property_desc *properties;
  size_t property_count;
  /** Per-model data of one item (site ANIMA_SITE_CONSTRAINT: `site->node`
   * the host, `site->index` the item's position, `site->json` the item)
   * and per-player instances. */
  anima_lifecycle lifecycle;
  /** The nodes whose frames must be final before the item solves (its
   * targets); as anima_solver_kind_desc.dependencies. */
  size_t (*targets)(const void *data, long *nodes, size_t capacity, void *user);
  /** Nodes other than the host that `solve` sets (an IK chain's parent
   * bones); as anima_solver_kind_desc.writes. May be NULL. */
  size_t (*writes)(const void *data, long *nodes, size_t capacity, void *user);
  /** Writes the host's desired local matrix into `*desired` (which holds
   * its current one) and returns true; false leaves the host unchanged.
   * Must not allocate. */
  bool (*solve)(anima_step *step, const void *data, void *instance, size_t host,
                anima_matrix *desired, void *user);
  /** The item's vote on `settled` (false keeps the player awake, as a
   * spring in motion does). NULL: at rest. */
  bool (*at_rest)(anima_step *step, const void *data, const void *instance,
                  void *user);
  void *user;
} anima_rig_constraint_desc;

/**
 * Registers `desc` during the module's `init` (with the `host` and
 * `registrar` it was given): the variant kind `desc->kind` of the family
 * `constraint` with AniML element `desc->element`, its fields and
 * properties, and a kernel solver kind of the list `constraints`. Returns
 * ANIMA_OK; ANIMA_ERROR_INVALID_ARGUMENT for a NULL argument, a desc
 * without `kind` or `solve`, a field whose owner is not `kind`;
 * or the first error of the host's registrations: the variant kind is
 * refused when the family `constraint` is not registered (the module does
 * not depend on "rig") or `kind` is taken; the registrar names the
 * conflict, and everything `init` registered is rolled back.
 */
static inline anima_status
anima_rig_register_constraint(const anima_host *host,
                              anima_registrar *registrar,
                              const anima_rig_constraint_desc *desc) {
  if (!host || !registrar || !desc || !desc->kind || !desc->solve ||
      (desc->field_count > 0 && !desc->fields) ||
      (desc->property_count > 0 && !desc->properties)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  for (size_t i = 0; i < desc->field_count; i++) {
    const char *owner = desc->fields[i].owner, *kind = desc->kind;
    while (owner && *owner && *owner == *kind) {
      owner++, kind++;
    }
    if (!owner || *owner != *kind) {
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
  }
  anima_kind_desc variant = {.name = desc->kind,
                             .element =
                                 desc->element ? desc->element : desc->kind,
                             .feature = desc->feature,
                             .description = desc->description,
                             .variant_of = ANIMA_RIG_FAMILY,
                             .variant = desc->kind};
  anima_status status = host->add_kind(registrar, &variant);
  for (size_t i = 0; status == ANIMA_OK && i < desc->field_count; i++) {
    status = host->add_field(registrar, &desc->fields[i]);
  }
  for (size_t i = 0; status == ANIMA_OK && i < desc->property_count; i++) {
    status = host->add_property(registrar, &desc->properties[i]);
  }
  if (status == ANIMA_OK) {
    anima_solver_kind_desc solver = {.struct_size = sizeof solver,
                                     .list_field = ANIMA_RIG_LIST,
                                     .kind = desc->kind,
                                     .feature = desc->feature,
                                     .lifecycle = desc->lifecycle,
                                     .dependencies = desc->targets,
                                     .solve = desc->solve,
                                     .at_rest = desc->at_rest,
                                     .user = desc->user,
                                     .writes = desc->writes};
    status = host->add_solver_kind(registrar, &solver);
  }
  return status;
}

/**
 * The slot of the item's animatable field `field` ("constraints.<index>.
 * <field>" on the host; see `properties`), or -1 when the item has none.
 * Call from `lifecycle.compile` with the site it was given.
 */
static inline long anima_rig_find_slot(const anima_host *host,
                                       anima_compile *compile,
                                       const anima_site *site,
                                       const char *field) {
  char address[128];
  int length = snprintf(address, sizeof address, "%s.%zu.%s", ANIMA_RIG_LIST,
                        site->index, field);
  if (!field || site->node < 0 || length < 0 ||
      (size_t)length >= sizeof address) {
    return -1;
  }
  return host->compile_find_slot(compile, (size_t)site->node, address);
}

/** A number of the step: slot `slot`'s value, or `fallback` for slot -1
 * (a field the item does not have). */
static inline double anima_rig_number(const anima_host *host, anima_step *step,
                                      long slot, double fallback) {
  return slot >= 0 ? host->step_number(step, (size_t)slot, fallback) : fallback;
}

/** Where `node`'s pivot (`pivot`, in its own space; a bone's is (0, 0),
 * its start) lands in the world during the solve. */
static inline anima_point anima_rig_position(const anima_host *host,
                                             anima_step *step, size_t node,
                                             anima_point pivot) {
  return host->matrix_transform_point(host->step_world(step, node), pivot);
}

/**
 * The local matrix below `parent` (a node index, or -1 for the top level)
 * that gives the world frame `world`: what `solve` returns for its host
 * (`parent` is the host's parent, site compile_node_parent). False when the
 * parent's world matrix is singular (leave the host unchanged).
 */
static inline bool anima_rig_local_of(const anima_host *host, anima_step *step,
                                      long parent, anima_matrix world,
                                      anima_matrix *local) {
  anima_matrix inverse = {1, 0, 0, 1, 0, 0};
  if (parent >= 0 &&
      !host->matrix_invert(host->step_world(step, (size_t)parent), &inverse)) {
    return false;
  }
  *local = host->matrix_multiply(inverse, world);
  return true;
}

/** Publishes a declared write: `node` (one of the solver's `writes`, whose
 * parent is `parent`) takes the world frame `world`; its subtree follows.
 * False, writing nothing, when the parent is singular. */
static inline bool anima_rig_set_world(const anima_host *host, anima_step *step,
                                       size_t node, long parent,
                                       anima_matrix world) {
  anima_matrix local;
  if (!anima_rig_local_of(host, step, parent, world, &local)) {
    return false;
  }
  host->step_set_local(step, node, local);
  return true;
}

/**
 * The strength blend every constraint uses (rig chapter): `from` and `to`
 * decomposed about `pivot` (QR: scaleX ≥ 0, signed scaleY, shear), position,
 * scales and shear interpolated by `strength` (0..1), the rotation along the
 * shorter arc (the positive half-turn winning an exact tie), composed again
 * about `pivot`. For writes a solver blends itself; the host's matrix is
 * blended by the kernel.
 */
static inline anima_matrix anima_rig_blend(const anima_host *host,
                                           anima_matrix from, anima_matrix to,
                                           double strength, anima_point pivot) {
  if (!(strength > 0)) {
    return from;
  }
  if (strength >= 1) {
    return to;
  }
  anima_transform_parts a = host->matrix_decompose(from, pivot);
  anima_transform_parts b = host->matrix_decompose(to, pivot);
  /* Both angles lie in [-180, 180): their difference in (-360, 360). */
  double turn = b.rotate - a.rotate;
  if (turn > 180) {
    turn -= 360;
  } else if (turn <= -180) {
    turn += 360; /* -180 becomes +180: the positive half-turn */
  }
  anima_transform_parts out = {
      .x = a.x + (b.x - a.x) * strength,
      .y = a.y + (b.y - a.y) * strength,
      .rotate = a.rotate + turn * strength,
      .scale_x = a.scale_x + (b.scale_x - a.scale_x) * strength,
      .scale_y = a.scale_y + (b.scale_y - a.scale_y) * strength,
      .skew = a.skew + (b.skew - a.skew) * strength};
  return host->matrix_compose(&out, pivot);
}

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_RIG_H */
