/*
 * registry.c — storage and lookup of the format description (module.h).
 * Registration and lookups run at load/validation time only; the step loop
 * never touches the registry.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry_internal.h"
#include "text.h"

typedef struct field_list {
  const anima_field **items;
  size_t count;
  size_t capacity;
} field_list;

typedef struct kind_entry {
  anima_kind desc;
  field_list own;      /* fields registered on this kind */
  field_list combined; /* node types: node + painted + own; others: own */
  /* Families: their variants (anima_registry_variants), rebuilt when
   * their number changes. */
  const anima_kind **variants;
  size_t variant_count;
} kind_entry;

struct anima_registry {
  char **features;
  size_t feature_count, feature_capacity;
  kind_entry **kinds;
  size_t kind_count, kind_capacity;
  anima_field **fields; /* owned copies, for freeing */
  size_t field_count, field_capacity;
  char **derived_names; /* derived AniML spellings, owned */
  size_t derived_name_count, derived_name_capacity;
  anima_property **properties;
  size_t property_count, property_capacity;
  /* ABI 2 property mounts (registry.h); copies of their strings owned */
  anima_property_mount_desc *mounts;
  size_t mount_count, mount_capacity;
  anima_code *codes;
  size_t code_count, code_capacity;
  anima_foreign_name *foreign_names;
  size_t foreign_name_count, foreign_name_capacity;
  const char *registering_feature;
  /* ABI 2 behaviours, one list per kind (registry_internal.h). */
  anima_behaviour *behaviours[ANIMA_BEHAVIOUR_KIND_COUNT];
  size_t behaviour_count[ANIMA_BEHAVIOUR_KIND_COUNT];
  size_t behaviour_capacity[ANIMA_BEHAVIOUR_KIND_COUNT];
  size_t sequence;
  bool frozen;
  char *last_error;
};

/* Grows an array of `element_size` items to hold one more; false on OOM. */
static bool grow(void **items, size_t *capacity, size_t count,
                 size_t element_size) {
  if (count < *capacity) {
    return true;
  }
  size_t next = *capacity ? *capacity * 2 : 16;
  void *grown = realloc(*items, next * element_size);
  if (!grown) {
    return false;
  }
  *items = grown;
  *capacity = next;
  return true;
}

static bool field_list_push(field_list *list, const anima_field *field) {
  if (!grow((void **)&list->items, &list->capacity, list->count,
            sizeof *list->items)) {
    return false;
  }
  list->items[list->count++] = field;
  return true;
}

anima_registry *anima_registry_create(void) {
  return calloc(1, sizeof(anima_registry));
}

void anima_registry_destroy(anima_registry *registry) {
  if (!registry) {
    return;
  }
  for (size_t i = 0; i < registry->feature_count; i++) {
    free(registry->features[i]);
  }
  free(registry->features);
  for (size_t i = 0; i < registry->kind_count; i++) {
    free(registry->kinds[i]->own.items);
    free(registry->kinds[i]->combined.items);
    free(registry->kinds[i]->variants);
    free(registry->kinds[i]);
  }
  free(registry->kinds);
  for (size_t i = 0; i < registry->field_count; i++) {
    free(registry->fields[i]);
  }
  free(registry->fields);
  for (size_t i = 0; i < registry->derived_name_count; i++) {
    free(registry->derived_names[i]);
  }
  free(registry->derived_names);
  for (size_t i = 0; i < registry->property_count; i++) {
    free(registry->properties[i]);
  }
  free(registry->properties);
  free(registry->mounts);
  free(registry->codes);
  free(registry->foreign_names);
  for (size_t kind = 0; kind < ANIMA_BEHAVIOUR_KIND_COUNT; kind++) {
    for (size_t i = 0; i < registry->behaviour_count[kind]; i++) {
      free((void *)registry->behaviours[kind][i].desc);
    }
    free(registry->behaviours[kind]);
  }
  free(registry->last_error);
  free(registry);
}

void anima_registry_set_registering_feature(anima_registry *registry,
                                            const char *feature) {
  registry->registering_feature = feature;
}

static const char *owning_feature(const anima_registry *registry,
                                  const char *feature) {
  return feature ? feature : registry->registering_feature;
}

/* Records why a registration failed and returns INVALID_ARGUMENT. */
static anima_status refuse(anima_registry *registry, const char *format, ...)
    ANIMA_PRINTF(2, 3);
static anima_status refuse(anima_registry *registry, const char *format, ...) {
  anima_text text = {0};
  va_list arguments;
  va_start(arguments, format);
  anima_text_vappendf(&text, format, arguments);
  va_end(arguments);
  free(registry->last_error);
  registry->last_error = anima_text_take(&text);
  return ANIMA_ERROR_INVALID_ARGUMENT;
}

/* Who registered an entry of `feature`, for messages: "feature x" or
 * "the core format" (FEATURE_OWNER expands to two %s arguments). */
#define FEATURE_OWNER(feature)                                                 \
  (feature) ? "feature " : "", (feature) ? (feature) : "the core format"

/* Forgets the reason of an earlier refusal (each registration call starts
 * without one, so a message never tells an older failure). */
static void forget_error(anima_registry *registry) {
  if (registry) {
    free(registry->last_error);
    registry->last_error = NULL;
  }
}

const char *anima_registry_last_error(const anima_registry *registry) {
  return registry ? registry->last_error : NULL;
}

void anima_registry_freeze(anima_registry *registry) {
  if (registry) {
    registry->frozen = true;
  }
}

bool anima_registry_frozen(const anima_registry *registry) {
  return registry && registry->frozen;
}

/* ---- features ---------------------------------------------------------- */

anima_status anima_registry_add_feature(anima_registry *registry,
                                        const char *feature) {
  forget_error(registry);
  if (registry && registry->frozen) {
    return refuse(
        registry,
        "the registry is frozen: a model was already loaded from this runtime");
  }
  if (!registry || !feature || !*feature) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (anima_registry_has_feature(registry, feature)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (!grow((void **)&registry->features, &registry->feature_capacity,
            registry->feature_count, sizeof *registry->features)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  char *copy = anima_strdup(feature);
  if (!copy) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  registry->features[registry->feature_count++] = copy;
  return ANIMA_OK;
}

bool anima_registry_has_feature(const anima_registry *registry,
                                const char *feature) {
  if (!registry || !feature) {
    return false;
  }
  for (size_t i = 0; i < registry->feature_count; i++) {
    if (strcmp(registry->features[i], feature) == 0) {
      return true;
    }
  }
  return false;
}

size_t anima_registry_feature_count(const anima_registry *registry) {
  return registry ? registry->feature_count : 0;
}

const char *anima_registry_feature(const anima_registry *registry,
                                   size_t index) {
  return (registry && index < registry->feature_count)
             ? registry->features[index]
             : NULL;
}

/* ---- kinds ------------------------------------------------------------- */

static kind_entry *find_kind_entry(const anima_registry *registry,
                                   const char *name) {
  if (!name) {
    return NULL;
  }
  for (size_t i = 0; i < registry->kind_count; i++) {
    if (strcmp(registry->kinds[i]->desc.name, name) == 0) {
      return registry->kinds[i];
    }
  }
  return NULL;
}

/* Rebuilds the combined field list of one kind. */
static bool rebuild_combined(const anima_registry *registry,
                             kind_entry *entry) {
  entry->combined.count = 0;
  const kind_entry *family = find_kind_entry(registry, entry->desc.variant_of);
  for (size_t i = 0; family && family != entry && i < family->own.count; i++) {
    if (!field_list_push(&entry->combined, family->own.items[i])) {
      return false;
    }
  }
  if (entry->desc.flags & ANIMA_KIND_NODE_TYPE) {
    const kind_entry *node = find_kind_entry(registry, "node");
    const kind_entry *painted = find_kind_entry(registry, "painted");
    const kind_entry *container = find_kind_entry(registry, "container");
    const kind_entry *shared[3] = {
        node, (entry->desc.flags & ANIMA_KIND_PAINTED) ? painted : NULL,
        (entry->desc.flags & ANIMA_KIND_CONTAINER) ? container : NULL};
    for (size_t s = 0; s < 3; s++) {
      if (!shared[s] || shared[s] == entry) {
        continue;
      }
      for (size_t i = 0; i < shared[s]->own.count; i++) {
        if (!field_list_push(&entry->combined, shared[s]->own.items[i])) {
          return false;
        }
      }
    }
  }
  for (size_t i = 0; i < entry->own.count; i++) {
    if (!field_list_push(&entry->combined, entry->own.items[i])) {
      return false;
    }
  }
  return true;
}

anima_status anima_registry_add_kind(anima_registry *registry,
                                     const anima_kind_desc *kind) {
  forget_error(registry);
  if (registry && registry->frozen) {
    return refuse(
        registry,
        "the registry is frozen: a model was already loaded from this runtime");
  }
  if (!registry || !kind || !kind->name) {
    return registry ? refuse(registry, "a kind needs a name")
                    : ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const kind_entry *existing = find_kind_entry(registry, kind->name);
  if (existing) {
    return refuse(registry, "the kind \"%s\" is already registered by %s%s",
                  kind->name, FEATURE_OWNER(existing->desc.feature));
  }
  if (kind->variant_of || kind->variant) {
    const kind_entry *family = find_kind_entry(registry, kind->variant_of);
    if (!family || !family->desc.discriminator || !kind->variant ||
        !*kind->variant || (kind->flags & ANIMA_KIND_NODE_TYPE)) {
      return refuse(registry,
                    "the variant kind \"%s\" needs a registered family with "
                    "a discriminator (variant_of) and a value (variant)",
                    kind->name);
    }
    if (anima_registry_find_variant(registry, kind->variant_of,
                                    kind->variant)) {
      return refuse(registry,
                    "the family \"%s\" already has a variant \"%s\" = "
                    "\"%s\"",
                    kind->variant_of, family->desc.discriminator,
                    kind->variant);
    }
  }
  if (!grow((void **)&registry->kinds, &registry->kind_capacity,
            registry->kind_count, sizeof *registry->kinds)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  kind_entry *entry = calloc(1, sizeof *entry);
  if (!entry) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  entry->desc = *kind;
  entry->desc.feature = owning_feature(registry, kind->feature);
  registry->kinds[registry->kind_count++] = entry;
  if (!rebuild_combined(registry, entry)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  return ANIMA_OK;
}

size_t anima_registry_kind_count(const anima_registry *registry) {
  return registry ? registry->kind_count : 0;
}

const anima_kind *anima_registry_kind(const anima_registry *registry,
                                      size_t index) {
  return (registry && index < registry->kind_count)
             ? &registry->kinds[index]->desc
             : NULL;
}

const anima_kind *anima_registry_find_kind(const anima_registry *registry,
                                           const char *name) {
  kind_entry *entry = registry ? find_kind_entry(registry, name) : NULL;
  return entry ? &entry->desc : NULL;
}

const anima_kind *
anima_registry_find_kind_by_element(const anima_registry *registry,
                                    const char *element) {
  if (!registry || !element) {
    return NULL;
  }
  for (size_t i = 0; i < registry->kind_count; i++) {
    const anima_kind *kind = &registry->kinds[i]->desc;
    const char *name = kind->element ? kind->element : kind->name;
    if ((kind->flags & ANIMA_KIND_NODE_TYPE) && strcmp(name, element) == 0) {
      return kind;
    }
  }
  return NULL;
}

size_t anima_registry_node_type_names(const anima_registry *registry,
                                      const char **names, size_t capacity) {
  size_t count = 0;
  for (size_t i = 0; i < registry->kind_count; i++) {
    if (registry->kinds[i]->desc.flags & ANIMA_KIND_NODE_TYPE) {
      if (count < capacity) {
        names[count] = registry->kinds[i]->desc.name;
      }
      count++;
    }
  }
  return count;
}

/* ---- fields ------------------------------------------------------------ */

/* The AniML spelling derived from a camelCase JSON name: every capital
 * becomes '-' plus its lowercase letter (scaleX -> scale-x). */
static char *derive_markup_name(const char *name) {
  anima_text text = {0};
  for (const char *c = name; *c; c++) {
    if (*c >= 'A' && *c <= 'Z') {
      char pair[2] = {'-', (char)(*c - 'A' + 'a')};
      anima_text_append_length(&text, pair, 2);
    } else {
      anima_text_append_length(&text, c, 1);
    }
  }
  return anima_text_take(&text);
}

anima_status anima_registry_add_field(anima_registry *registry,
                                      const anima_field_desc *field) {
  forget_error(registry);
  if (registry && registry->frozen) {
    return refuse(
        registry,
        "the registry is frozen: a model was already loaded from this runtime");
  }
  if (!registry || !field || !field->owner || !field->name) {
    return registry ? refuse(registry, "a field needs an owner and a name")
                    : ANIMA_ERROR_INVALID_ARGUMENT;
  }
  kind_entry *owner = find_kind_entry(registry, field->owner);
  if (!owner) {
    return refuse(registry, "no kind \"%s\" is registered", field->owner);
  }
  for (size_t i = 0; i < owner->combined.count; i++) {
    if (strcmp(owner->combined.items[i]->name, field->name) == 0) {
      return refuse(registry,
                    "kind \"%s\" already has a field \"%s\" (from %s%s)",
                    field->owner, field->name,
                    FEATURE_OWNER(owner->combined.items[i]->feature));
    }
  }
  /* A family's field may not repeat a field of one of its variants. */
  for (size_t i = 0; i < registry->kind_count; i++) {
    const kind_entry *entry = registry->kinds[i];
    if (!entry->desc.variant_of ||
        strcmp(entry->desc.variant_of, field->owner) != 0) {
      continue;
    }
    for (size_t f = 0; f < entry->own.count; f++) {
      if (strcmp(entry->own.items[f]->name, field->name) == 0) {
        return refuse(registry,
                      "the variant \"%s\" of \"%s\" already has a field "
                      "\"%s\"",
                      entry->desc.name, field->owner, field->name);
      }
    }
  }
  if (!grow((void **)&registry->fields, &registry->field_capacity,
            registry->field_count, sizeof *registry->fields)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_field *copy = malloc(sizeof *copy);
  if (!copy) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  *copy = *field;
  copy->feature = owning_feature(registry, field->feature);
  if (!copy->markup_name) {
    char *derived = derive_markup_name(field->name);
    if (!derived ||
        !grow((void **)&registry->derived_names,
              &registry->derived_name_capacity, registry->derived_name_count,
              sizeof *registry->derived_names)) {
      free(derived);
      free(copy);
      return ANIMA_ERROR_NO_MEMORY;
    }
    registry->derived_names[registry->derived_name_count++] = derived;
    copy->markup_name = derived;
  }
  registry->fields[registry->field_count++] = copy;
  if (!field_list_push(&owner->own, copy)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  bool shared = strcmp(field->owner, "node") == 0 ||
                strcmp(field->owner, "painted") == 0 ||
                strcmp(field->owner, "container") == 0;
  for (size_t i = 0; i < registry->kind_count; i++) {
    kind_entry *entry = registry->kinds[i];
    bool variant = entry->desc.variant_of &&
                   strcmp(entry->desc.variant_of, field->owner) == 0;
    if (entry == owner || variant ||
        (shared && (entry->desc.flags & ANIMA_KIND_NODE_TYPE))) {
      if (!rebuild_combined(registry, entry)) {
        return ANIMA_ERROR_NO_MEMORY;
      }
    }
  }
  return ANIMA_OK;
}

const anima_field *const *anima_registry_fields(const anima_registry *registry,
                                                const char *kind,
                                                size_t *count) {
  kind_entry *entry = registry ? find_kind_entry(registry, kind) : NULL;
  if (!entry) {
    if (count) {
      *count = 0;
    }
    return NULL;
  }
  if (count) {
    *count = entry->combined.count;
  }
  return entry->combined.items;
}

const anima_field *anima_registry_find_field(const anima_registry *registry,
                                             const char *kind,
                                             const char *name) {
  size_t count = 0;
  const anima_field *const *fields =
      anima_registry_fields(registry, kind, &count);
  for (size_t i = 0; name && i < count; i++) {
    if (strcmp(fields[i]->name, name) == 0) {
      return fields[i];
    }
  }
  return NULL;
}

const anima_field *
anima_registry_find_field_by_markup(const anima_registry *registry,
                                    const char *kind, const char *markup_name) {
  size_t count = 0;
  const anima_field *const *fields =
      anima_registry_fields(registry, kind, &count);
  for (size_t i = 0; markup_name && i < count; i++) {
    const anima_field *field = fields[i];
    if (strcmp(field->markup_name, markup_name) == 0) {
      return field;
    }
  }
  return NULL;
}

const char *anima_field_markup_name(const anima_field *field) {
  return field ? field->markup_name : NULL;
}

size_t anima_registry_field_names(const anima_registry *registry,
                                  const char *kind, const char **names,
                                  size_t capacity) {
  size_t count = 0;
  const anima_field *const *fields =
      anima_registry_fields(registry, kind, &count);
  for (size_t i = 0; i < count && i < capacity; i++) {
    names[i] = fields[i]->name;
  }
  return count;
}

/* ---- properties -------------------------------------------------------- */

/* Non-empty segments, each "*" or free of '*'. */
static bool address_well_formed(const char *address) {
  const char *segment = address;
  for (;;) {
    const char *dot = strchr(segment, '.');
    size_t length = dot ? (size_t)(dot - segment) : strlen(segment);
    if (length == 0 ||
        (memchr(segment, '*', length) && !(length == 1 && *segment == '*'))) {
      return false;
    }
    if (!dot) {
      return true;
    }
    segment = dot + 1;
  }
}

static anima_status mount_property(anima_registry *registry,
                                   const anima_property_mount_desc *mount,
                                   const anima_property *property);

anima_status anima_registry_add_property(anima_registry *registry,
                                         const anima_property_desc *property,
                                         size_t *id) {
  forget_error(registry);
  if (registry && registry->frozen) {
    return refuse(
        registry,
        "the registry is frozen: a model was already loaded from this runtime");
  }
  if (!registry || !property || !property->owner || !property->address) {
    return registry
               ? refuse(registry, "a property needs an owner and an address")
               : ANIMA_ERROR_INVALID_ARGUMENT;
  }
  for (size_t i = 0; i < registry->property_count; i++) {
    const anima_property *other = registry->properties[i];
    if (strcmp(other->owner, property->owner) == 0 &&
        strcmp(other->address, property->address) == 0) {
      return refuse(
          registry, "\"%s\" already has a property \"%s\" (from %s%s)",
          property->owner, property->address, FEATURE_OWNER(other->feature));
    }
  }
  if (!address_well_formed(property->address) ||
      (property->markup_address &&
       !address_well_formed(property->markup_address))) {
    return refuse(registry,
                  "a property address is segments separated by '.', each "
                  "non-empty and either \"*\" or without '*'");
  }
  if (property->markup_address &&
      anima_address_rewrite(property->address, property->markup_address,
                            property->address, NULL, 0) == 0) {
    return refuse(registry,
                  "the AniML alias \"%s\" of \"%s\" must have as many \"*\" "
                  "segments as the address",
                  property->markup_address, property->address);
  }
  if (!grow((void **)&registry->properties, &registry->property_capacity,
            registry->property_count, sizeof *registry->properties)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_property *copy = malloc(sizeof *copy);
  if (!copy) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  *copy = *property;
  copy->feature = owning_feature(registry, property->feature);
  if (id) {
    *id = registry->property_count;
  }
  registry->properties[registry->property_count++] = copy;
  for (size_t i = 0; i < registry->mount_count; i++) {
    anima_status status = mount_property(registry, &registry->mounts[i], copy);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}

/* The rest of `address` after the mount's source and its '.', or NULL when
 * the address is not under the source. */
static const char *mounted_rest(const anima_property_mount_desc *mount,
                                const char *address) {
  size_t length = strlen(mount->source);
  return strncmp(address, mount->source, length) == 0 && address[length] == '.'
             ? address + length + 1
             : NULL;
}

/* The copy of `property` under `mount` (docs/MODULES.md "Property
 * mounts"): its address string lives in the same allocation. */
static anima_status mount_property(anima_registry *registry,
                                   const anima_property_mount_desc *mount,
                                   const anima_property *property) {
  const char *rest = mounted_rest(mount, property->address);
  if (!rest || strcmp(property->owner, mount->owner) != 0) {
    return ANIMA_OK;
  }
  size_t length = strlen(mount->prefix) + 1 + strlen(rest) + 1;
  anima_property *copy = malloc(sizeof *copy + length);
  if (!copy) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  *copy = *property;
  char *address = (char *)(copy + 1);
  snprintf(address, length, "%s.%s", mount->prefix, rest);
  copy->address = address;
  for (size_t i = 0; i < registry->property_count; i++) {
    const anima_property *other = registry->properties[i];
    if (strcmp(other->owner, copy->owner) == 0 &&
        strcmp(other->address, address) == 0) {
      free(copy); /* registered already (by hand) */
      return ANIMA_OK;
    }
  }
  if (!grow((void **)&registry->properties, &registry->property_capacity,
            registry->property_count, sizeof *registry->properties)) {
    free(copy);
    return ANIMA_ERROR_NO_MEMORY;
  }
  copy->markup_address = NULL;
  copy->feature = mount->feature;
  registry->properties[registry->property_count++] = copy;
  return ANIMA_OK;
}

anima_status
anima_registry_add_property_mount(anima_registry *registry,
                                  const anima_property_mount_desc *mount) {
  if (registry && registry->frozen) {
    return refuse(
        registry,
        "the registry is frozen: a model was already loaded from this runtime");
  }
  if (!registry || !mount || !mount->owner || !mount->prefix ||
      !mount->source) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (!address_well_formed(mount->prefix) ||
      !address_well_formed(mount->source) ||
      anima_address_is_pattern(mount->source)) {
    return refuse(registry,
                  "a mount's prefix is an address (\"*\" segments allowed) "
                  "and its source an address without \"*\"");
  }
  size_t source = strlen(mount->source);
  if (strncmp(mount->prefix, mount->source, source) == 0 &&
      (mount->prefix[source] == '.' || mount->prefix[source] == '\0')) {
    return refuse(registry, "the mount \"%s\" lies under its own source \"%s\"",
                  mount->prefix, mount->source);
  }
  if (!grow((void **)&registry->mounts, &registry->mount_capacity,
            registry->mount_count, sizeof *registry->mounts)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_property_mount_desc *copy = &registry->mounts[registry->mount_count++];
  *copy = *mount;
  copy->feature = owning_feature(registry, mount->feature);
  /* Properties registered so far; later ones are mounted as they come. */
  size_t existing = registry->property_count;
  for (size_t i = 0; i < existing; i++) {
    anima_status status =
        mount_property(registry, copy, registry->properties[i]);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}

size_t anima_registry_property_count(const anima_registry *registry) {
  return registry ? registry->property_count : 0;
}

const anima_property *anima_registry_property(const anima_registry *registry,
                                              size_t id) {
  return (registry && id < registry->property_count) ? registry->properties[id]
                                                     : NULL;
}

bool anima_registry_property_applies(const anima_registry *registry, size_t id,
                                     const char *node_type) {
  const anima_property *property = anima_registry_property(registry, id);
  if (!property || !node_type) {
    return false;
  }
  if (strcmp(property->owner, "node") == 0) {
    return true;
  }
  const anima_kind *kind = anima_registry_find_kind(registry, node_type);
  if (!kind) {
    return false;
  }
  if (strcmp(property->owner, "painted") == 0) {
    return (kind->flags & ANIMA_KIND_PAINTED) != 0;
  }
  return strcmp(property->owner, node_type) == 0;
}

/* Passes of a property lookup, in precedence order: exact JSON address,
 * JSON pattern, exact alias, alias pattern. */
static bool property_pass_matches(const anima_property *property, int pass,
                                  const char *address) {
  const char *name = pass < 2 ? property->address : property->markup_address;
  if (!name) {
    return false;
  }
  return pass % 2 == 0 ? strcmp(name, address) == 0
                       : anima_address_is_pattern(name) &&
                             anima_address_matches(name, address);
}

long anima_registry_find_property(const anima_registry *registry,
                                  const char *node_type, const char *address,
                                  bool allow_markup) {
  if (!registry || !address) {
    return -1;
  }
  for (int pass = 0; pass < (allow_markup ? 4 : 2); pass++) {
    for (size_t i = 0; i < registry->property_count; i++) {
      if (property_pass_matches(registry->properties[i], pass, address) &&
          anima_registry_property_applies(registry, i, node_type)) {
        return (long)i;
      }
    }
  }
  return -1;
}

/* ---- codes ------------------------------------------------------------- */

anima_status anima_registry_add_code(anima_registry *registry,
                                     const anima_code_desc *code) {
  forget_error(registry);
  if (registry && registry->frozen) {
    return refuse(
        registry,
        "the registry is frozen: a model was already loaded from this runtime");
  }
  if (!registry || !code || !code->code) {
    return registry ? refuse(registry, "a diagnostic code needs a name")
                    : ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_code *existing = anima_registry_find_code(registry, code->code);
  if (existing) {
    return refuse(registry, "the code \"%s\" is already registered by %s%s",
                  code->code, FEATURE_OWNER(existing->feature));
  }
  if (!grow((void **)&registry->codes, &registry->code_capacity,
            registry->code_count, sizeof *registry->codes)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  registry->codes[registry->code_count] = *code;
  registry->codes[registry->code_count].feature =
      owning_feature(registry, code->feature);
  registry->code_count++;
  return ANIMA_OK;
}

size_t anima_registry_code_count(const anima_registry *registry) {
  return registry ? registry->code_count : 0;
}

const anima_code *anima_registry_code(const anima_registry *registry,
                                      size_t index) {
  return (registry && index < registry->code_count) ? &registry->codes[index]
                                                    : NULL;
}

const anima_code *anima_registry_find_code(const anima_registry *registry,
                                           const char *code) {
  for (size_t i = 0; registry && code && i < registry->code_count; i++) {
    if (strcmp(registry->codes[i].code, code) == 0) {
      return &registry->codes[i];
    }
  }
  return NULL;
}

/* ---- foreign names ------------------------------------------------------ */

/* True when an entry for `entry_kind` applies to objects of `kind`. */
static bool foreign_kind_matches(const anima_registry *registry,
                                 const char *entry_kind, const char *kind) {
  if (!entry_kind || !kind) {
    return entry_kind == kind;
  }
  if (strcmp(entry_kind, kind) == 0) {
    return true;
  }
  const kind_entry *entry = find_kind_entry(registry, kind);
  unsigned flags = entry ? entry->desc.flags : 0;
  return ((flags & ANIMA_KIND_NODE_TYPE) && strcmp(entry_kind, "node") == 0) ||
         ((flags & ANIMA_KIND_PAINTED) && strcmp(entry_kind, "painted") == 0);
}

anima_status
anima_registry_add_foreign_name(anima_registry *registry,
                                const anima_foreign_name_desc *name) {
  forget_error(registry);
  if (registry && registry->frozen) {
    return refuse(
        registry,
        "the registry is frozen: a model was already loaded from this runtime");
  }
  if (!registry || !name || !name->name || !*name->name || !name->instead) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const kind_entry *node_type = find_kind_entry(registry, name->instead);
  bool known =
      name->kind ? anima_registry_find_field(registry, name->kind,
                                             name->instead) != NULL
                 : node_type && (node_type->desc.flags & ANIMA_KIND_NODE_TYPE);
  if (!known) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  for (size_t i = 0; i < registry->foreign_name_count; i++) {
    const anima_foreign_name *known = &registry->foreign_names[i];
    if (strcmp(known->name, name->name) == 0 &&
        (known->kind == name->kind ||
         (known->kind && name->kind && strcmp(known->kind, name->kind) == 0))) {
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
  }
  if (!grow((void **)&registry->foreign_names, &registry->foreign_name_capacity,
            registry->foreign_name_count, sizeof *registry->foreign_names)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_foreign_name *entry =
      &registry->foreign_names[registry->foreign_name_count++];
  *entry = *name;
  entry->feature = owning_feature(registry, name->feature);
  return ANIMA_OK;
}

const anima_foreign_name *
anima_registry_find_foreign_name(const anima_registry *registry,
                                 const char *kind, const char *name) {
  for (size_t i = 0; registry && name && i < registry->foreign_name_count;
       i++) {
    const anima_foreign_name *entry = &registry->foreign_names[i];
    if (strcmp(entry->name, name) == 0 &&
        foreign_kind_matches(registry, entry->kind, kind)) {
      return entry;
    }
  }
  return NULL;
}

size_t anima_registry_foreign_name_count(const anima_registry *registry) {
  return registry ? registry->foreign_name_count : 0;
}

const anima_foreign_name *
anima_registry_foreign_name(const anima_registry *registry, size_t index) {
  return (registry && index < registry->foreign_name_count)
             ? &registry->foreign_names[index]
             : NULL;
}

/* ---- features declared by a document ------------------------------------ */

bool anima_feature_declared(const char *feature, const char *const *requires,
                            size_t count) {
  if (!feature) {
    return true;
  }
  const char *start = feature;
  while (*start) {
    const char *end = strchr(start, '|');
    size_t length = end ? (size_t)(end - start) : strlen(start);
    for (size_t i = 0; i < count; i++) {
      if (requires[i] && strlen(requires[i]) == length &&
          strncmp(requires[i], start, length) == 0) {
        return true;
      }
    }
    if (!end) {
      break;
    }
    start = end + 1;
  }
  return false;
}

/* ---- variants ------------------------------------------------------------ */

const anima_kind *anima_registry_find_variant(const anima_registry *registry,
                                              const char *family,
                                              const char *variant) {
  for (size_t i = 0; registry && family && variant && i < registry->kind_count;
       i++) {
    const anima_kind *kind = &registry->kinds[i]->desc;
    if (kind->variant_of && kind->variant &&
        strcmp(kind->variant_of, family) == 0 &&
        strcmp(kind->variant, variant) == 0) {
      return kind;
    }
  }
  return NULL;
}

const anima_kind *const *anima_registry_variants(const anima_registry *registry,
                                                 const char *family,
                                                 size_t *count) {
  /* Variants are listed through a per-call scratch kept in the registry:
   * rebuilt on demand since registration order only grows. */
  static const anima_kind *none[1];
  size_t found = 0;
  for (size_t i = 0; registry && family && i < registry->kind_count; i++) {
    const anima_kind *kind = &registry->kinds[i]->desc;
    if (kind->variant_of && strcmp(kind->variant_of, family) == 0) {
      found++;
    }
  }
  if (count) {
    *count = 0;
  }
  if (found == 0) {
    return none;
  }
  kind_entry *entry = find_kind_entry(registry, family);
  if (!entry) {
    return none;
  }
  /* The family keeps its variant list (rebuilt when stale). */
  if (entry->variant_count != found) {
    const anima_kind **grown =
        realloc(entry->variants, found * sizeof *entry->variants);
    if (!grown) {
      return none;
    }
    entry->variants = grown;
    entry->variant_count = 0;
    for (size_t i = 0; i < registry->kind_count; i++) {
      const anima_kind *kind = &registry->kinds[i]->desc;
      if (kind->variant_of && strcmp(kind->variant_of, family) == 0) {
        entry->variants[entry->variant_count++] = kind;
      }
    }
  }
  if (count) {
    *count = entry->variant_count;
  }
  return entry->variants;
}

/* ---- behaviours ---------------------------------------------------------- */

/* The identifying key of a behaviour desc, for duplicate detection: two
 * entries of one kind with equal keys conflict. `second` may be NULL. */
static void behaviour_key(anima_behaviour_kind kind, const void *desc,
                          const char **first, const char **second,
                          const char **what) {
  *second = NULL;
  switch (kind) {
  case ANIMA_BEHAVIOUR_CHECK: {
    const anima_check_desc *d = desc;
    *first = d->feature, *second = d->name, *what = "check";
    break;
  }
  case ANIMA_BEHAVIOUR_STAGE_HOOK: {
    const anima_stage_hook_desc *d = desc;
    *first = d->feature, *second = d->name, *what = "stage hook";
    break;
  }
  case ANIMA_BEHAVIOUR_STATE_KIND:
    *first = ((const anima_state_kind_desc *)desc)->name;
    *what = "state kind";
    break;
  case ANIMA_BEHAVIOUR_TERM_KIND:
    *first = ((const anima_term_kind_desc *)desc)->name;
    *what = "condition term kind";
    break;
  case ANIMA_BEHAVIOUR_EASE_KIND:
    *first = ((const anima_ease_kind_desc *)desc)->name;
    *what = "ease";
    break;
  case ANIMA_BEHAVIOUR_ACTION_KIND:
    *first = ((const anima_action_kind_desc *)desc)->key;
    *what = "action";
    break;
  case ANIMA_BEHAVIOUR_VALUE_TYPE:
    *first = ((const anima_value_type_desc *)desc)->name;
    *what = "value type";
    break;
  case ANIMA_BEHAVIOUR_SOLVER_KIND: {
    const anima_solver_kind_desc *d = desc;
    *first = d->list_field, *second = d->kind, *what = "solver kind";
    break;
  }
  case ANIMA_BEHAVIOUR_NODE:
    *first = ((const anima_node_behaviour_desc *)desc)->node_type;
    *what = "node behaviour of node type";
    break;
  case ANIMA_BEHAVIOUR_OUTLINE_HOOK: {
    /* One per node type and feature (module.h anima_outline_hook_desc). */
    const anima_outline_hook_desc *d = desc;
    *first = d->node_type, *second = d->feature;
    *what = "outline hook of node type";
    break;
  }
  case ANIMA_BEHAVIOUR_PAINT_KIND: {
    const anima_paint_kind_desc *d = desc;
    *first = d->type ? d->type : d->key;
    *what = d->type ? "paint type" : "paint key";
    break;
  }
  case ANIMA_BEHAVIOUR_DERIVED_PROPERTY: {
    const anima_derived_property_desc *d = desc;
    *first = d->owner, *second = d->address, *what = "derived property";
    break;
  }
  case ANIMA_BEHAVIOUR_OPERATION:
    *first = ((const anima_operation_desc *)desc)->name;
    *what = "operation";
    break;
  case ANIMA_BEHAVIOUR_EXPRESSION_KIND:
    *first = ((const anima_expression_kind_desc *)desc)->name;
    *what = "expression kind";
    break;
  case ANIMA_BEHAVIOUR_TRANSITION_HOOK: {
    const anima_transition_hook_desc *d = desc;
    *first = d->feature, *second = d->name, *what = "transition hook";
    break;
  }
  case ANIMA_BEHAVIOUR_CROSSFADE_RULE: {
    const anima_crossfade_rule_desc *d = desc;
    *first = d->feature, *second = d->name, *what = "crossfade rule";
    break;
  }
  case ANIMA_BEHAVIOUR_CLOCK: {
    const anima_clock_desc *d = desc;
    *first = d->feature, *second = d->name, *what = "clock";
    break;
  }
  case ANIMA_BEHAVIOUR_LISTENER_SOURCE:
    *first = ((const anima_listener_source_desc *)desc)->prefix;
    *what = "listener source";
    break;
  case ANIMA_BEHAVIOUR_DEFORMER: {
    const anima_deformer_desc *d = desc;
    *first = d->feature, *second = d->name, *what = "point deformer";
    break;
  }
  case ANIMA_BEHAVIOUR_INTERFACE:
    *first = ((const anima_interface_desc *)desc)->name;
    *what = "interface";
    break;
  case ANIMA_BEHAVIOUR_KIND_COUNT:
    *first = NULL, *what = "behaviour";
    break;
  }
}

static bool same_text(const char *a, const char *b) {
  return (a == NULL && b == NULL) || (a && b && strcmp(a, b) == 0);
}

/* Names the kernel owns that a module cannot take (SPEC §5 eases, §9
 * actions, the core value types). */
static bool reserved_name(anima_behaviour_kind kind, const char *name) {
  static const char *const eases[] = {"linear",  "hold",   "in",
                                      "out",     "inOut",  "cubic",
                                      "elastic", "spring", NULL};
  static const char *const actions[] = {"fire", "set", "toggle", "emit", NULL};
  static const char *const types[] = {"number", "color", "bool", NULL};
  const char *const *list = kind == ANIMA_BEHAVIOUR_EASE_KIND     ? eases
                            : kind == ANIMA_BEHAVIOUR_ACTION_KIND ? actions
                            : kind == ANIMA_BEHAVIOUR_VALUE_TYPE  ? types
                                                                  : NULL;
  for (size_t i = 0; list && name && list[i]; i++) {
    if (strcmp(list[i], name) == 0) {
      return true;
    }
  }
  return false;
}

anima_status anima_registry_add_behaviour(anima_registry *registry,
                                          anima_behaviour_kind kind,
                                          const void *desc, size_t full_size,
                                          const char *module,
                                          size_t module_rank) {
  forget_error(registry);
  if (!registry || !desc || kind >= ANIMA_BEHAVIOUR_KIND_COUNT) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (registry->frozen) {
    return refuse(registry, "the registry is frozen: a model was already "
                            "loaded from this runtime");
  }
  size_t given = *(const size_t *)desc;
  if (given < sizeof(size_t)) {
    return refuse(registry, "a %s desc has no struct_size", "behaviour");
  }
  const char *first = NULL, *second = NULL, *what = NULL;
  behaviour_key(kind, desc, &first, &second, &what);
  if (!first && kind != ANIMA_BEHAVIOUR_CHECK &&
      kind != ANIMA_BEHAVIOUR_STAGE_HOOK) {
    return refuse(registry, "a %s without a name", what);
  }
  if (reserved_name(kind, first)) {
    return refuse(registry, "the %s \"%s\" belongs to the core format", what,
                  first);
  }
  for (size_t i = 0; i < registry->behaviour_count[kind]; i++) {
    const anima_behaviour *other = &registry->behaviours[kind][i];
    const char *other_first = NULL, *other_second = NULL, *other_what = NULL;
    behaviour_key(kind, other->desc, &other_first, &other_second, &other_what);
    if (same_text(first, other_first) && same_text(second, other_second)) {
      return refuse(registry,
                    "the %s \"%s%s%s\" is already registered by module %s",
                    what, first ? first : "", second ? "/" : "",
                    second ? second : "", other->module);
    }
  }
  if (!grow((void **)&registry->behaviours[kind],
            &registry->behaviour_capacity[kind],
            registry->behaviour_count[kind],
            sizeof *registry->behaviours[kind])) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  unsigned char *copy = calloc(1, full_size);
  if (!copy) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  memcpy(copy, desc, given < full_size ? given : full_size);
  *(size_t *)copy = full_size;
  anima_behaviour *entry =
      &registry->behaviours[kind][registry->behaviour_count[kind]++];
  entry->kind = kind;
  entry->desc = copy;
  entry->module = module ? module : "anima";
  entry->module_rank = module_rank;
  entry->sequence = registry->sequence++;
  return ANIMA_OK;
}

void anima_registry_set_module_rank(anima_registry *registry,
                                    const char *module, size_t rank) {
  for (size_t kind = 0; registry && module && kind < ANIMA_BEHAVIOUR_KIND_COUNT;
       kind++) {
    for (size_t i = 0; i < registry->behaviour_count[kind]; i++) {
      anima_behaviour *entry = &registry->behaviours[kind][i];
      if (strcmp(entry->module, module) == 0) {
        entry->module_rank = rank;
      }
    }
  }
}

static int compare_module_order(const void *a, const void *b) {
  const anima_behaviour *left = a, *right = b;
  if (left->module_rank != right->module_rank) {
    return left->module_rank < right->module_rank ? -1 : 1;
  }
  return left->sequence < right->sequence   ? -1
         : left->sequence > right->sequence ? 1
                                            : 0;
}

void anima_registry_order_behaviours(anima_registry *registry) {
  for (size_t kind = 0; registry && kind < ANIMA_BEHAVIOUR_KIND_COUNT; kind++) {
    if (kind != ANIMA_BEHAVIOUR_VALUE_TYPE &&
        registry->behaviour_count[kind] > 1) {
      qsort(registry->behaviours[kind], registry->behaviour_count[kind],
            sizeof *registry->behaviours[kind], compare_module_order);
    }
  }
}

size_t anima_registry_behaviour_count(const anima_registry *registry,
                                      anima_behaviour_kind kind) {
  return (registry && kind < ANIMA_BEHAVIOUR_KIND_COUNT)
             ? registry->behaviour_count[kind]
             : 0;
}

const anima_behaviour *anima_registry_behaviour(const anima_registry *registry,
                                                anima_behaviour_kind kind,
                                                size_t index) {
  if (!registry || kind >= ANIMA_BEHAVIOUR_KIND_COUNT ||
      index >= registry->behaviour_count[kind]) {
    return NULL;
  }
  return &registry->behaviours[kind][index];
}

anima_value_type anima_registry_value_type_id(const anima_registry *registry,
                                              const char *name, bool *found) {
  *found = false;
  size_t count =
      anima_registry_behaviour_count(registry, ANIMA_BEHAVIOUR_VALUE_TYPE);
  for (size_t i = 0; name && i < count; i++) {
    const anima_value_type_desc *desc =
        registry->behaviours[ANIMA_BEHAVIOUR_VALUE_TYPE][i].desc;
    if (strcmp(desc->name, name) == 0) {
      *found = true;
      return (anima_value_type)(ANIMA_VALUE_MODULE_FIRST + i);
    }
  }
  return ANIMA_VALUE_NUMBER;
}

const anima_value_type_desc *
anima_registry_value_type(const anima_registry *registry, anima_value_type id) {
  if (id < ANIMA_VALUE_MODULE_FIRST) {
    return NULL;
  }
  const anima_behaviour *entry =
      anima_registry_behaviour(registry, ANIMA_BEHAVIOUR_VALUE_TYPE,
                               (size_t)(id - ANIMA_VALUE_MODULE_FIRST));
  return entry ? entry->desc : NULL;
}

/* ---- transactions ----------------------------------------------------------
 */

anima_registry_mark anima_registry_get_mark(const anima_registry *registry) {
  anima_registry_mark mark = {
      .features = registry->feature_count,
      .kinds = registry->kind_count,
      .fields = registry->field_count,
      .derived_names = registry->derived_name_count,
      .properties = registry->property_count,
      .mounts = registry->mount_count,
      .codes = registry->code_count,
      .foreign_names = registry->foreign_name_count,
      .sequence = registry->sequence,
  };
  for (size_t kind = 0; kind < ANIMA_BEHAVIOUR_KIND_COUNT; kind++) {
    mark.behaviours[kind] = registry->behaviour_count[kind];
  }
  return mark;
}

/* True when `field` was registered after the mark (an index >= fields). */
static bool field_after(const anima_registry *registry,
                        const anima_registry_mark *mark,
                        const anima_field *field) {
  for (size_t i = mark->fields; i < registry->field_count; i++) {
    if (registry->fields[i] == field) {
      return true;
    }
  }
  return false;
}

void anima_registry_rollback(anima_registry *registry,
                             const anima_registry_mark *mark) {
  for (size_t kind = 0; kind < ANIMA_BEHAVIOUR_KIND_COUNT; kind++) {
    while (registry->behaviour_count[kind] > mark->behaviours[kind]) {
      registry->behaviour_count[kind]--;
      free((void *)registry->behaviours[kind][registry->behaviour_count[kind]]
               .desc);
    }
  }
  registry->sequence = mark->sequence;
  registry->foreign_name_count = mark->foreign_names;
  registry->code_count = mark->codes;
  while (registry->property_count > mark->properties) {
    free(registry->properties[--registry->property_count]);
  }
  registry->mount_count = mark->mounts;
  /* Fields leave their owners' lists before they are freed. */
  for (size_t i = 0; i < mark->kinds && i < registry->kind_count; i++) {
    field_list *own = &registry->kinds[i]->own;
    size_t kept = 0;
    for (size_t f = 0; f < own->count; f++) {
      if (!field_after(registry, mark, own->items[f])) {
        own->items[kept++] = own->items[f];
      }
    }
    own->count = kept;
  }
  while (registry->field_count > mark->fields) {
    free(registry->fields[--registry->field_count]);
  }
  while (registry->derived_name_count > mark->derived_names) {
    free(registry->derived_names[--registry->derived_name_count]);
  }
  while (registry->kind_count > mark->kinds) {
    kind_entry *entry = registry->kinds[--registry->kind_count];
    free(entry->own.items);
    free(entry->combined.items);
    free(entry->variants);
    free(entry);
  }
  for (size_t i = 0; i < registry->kind_count; i++) {
    registry->kinds[i]->variant_count = 0; /* rebuilt on demand */
    rebuild_combined(registry, registry->kinds[i]);
  }
  while (registry->feature_count > mark->features) {
    free(registry->features[--registry->feature_count]);
  }
}

const anima_interface_desc *
anima_registry_interface(const anima_registry *registry, const char *name) {
  size_t count =
      anima_registry_behaviour_count(registry, ANIMA_BEHAVIOUR_INTERFACE);
  for (size_t i = 0; name && i < count; i++) {
    const anima_interface_desc *desc =
        anima_registry_behaviour(registry, ANIMA_BEHAVIOUR_INTERFACE, i)->desc;
    if (desc->name && strcmp(desc->name, name) == 0) {
      return desc;
    }
  }
  return NULL;
}
