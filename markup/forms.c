/*
 * forms.c — how registry entries are spelled in AniML (docs/ANIML.md,
 * "From the registry to AniML"). Everything the compiler and decompiler
 * know about a kind, field or address comes through these functions, so a
 * module's registry entries get both syntaxes without markup code.
 */
#include <stdlib.h>
#include <string.h>

#include "markup_internal.h"

anima_markup_form markup_field_form(const anima_field *field) {
  if (field->markup_form != ANIMA_MARKUP_DEFAULT) {
    return field->markup_form;
  }
  switch (field->kind) {
  case ANIMA_FIELD_MAP:
  case ANIMA_FIELD_ARRAY:
  case ANIMA_FIELD_NODES:
  case ANIMA_FIELD_VARIANTS:
    /* Order matters (SPEC §2: tools preserve member order): children. */
    return ANIMA_MARKUP_CHILDREN;
  case ANIMA_FIELD_VARIANT:
    /* A variant object is the element of its variant (docs/ANIML.md §7). */
    return ANIMA_MARKUP_CHILDREN;
  case ANIMA_FIELD_OBJECT:
    /* Object-valued fields are JSON-valued attributes unless the registry
     * asks for a child element or flattening. */
    return ANIMA_MARKUP_JSON;
  default:
    return ANIMA_MARKUP_ATTRIBUTE;
  }
}

typedef struct codec_entry {
  const char *owner;
  const char *name;
  markup_codec codec;
} codec_entry;

/* The SPECIAL fields of the core and their codecs. */
static const codec_entry codecs[] = {
    {"timeline", "tracks", MARKUP_CODEC_TRACKS},
    {"timeline", "events", MARKUP_CODEC_EVENTS},
    {"state", "pose", MARKUP_CODEC_POSE},
    {"listener", "set", MARKUP_CODEC_ASSIGNMENTS},
};

markup_codec markup_field_codec(const anima_field *field) {
  if (markup_field_form(field) != ANIMA_MARKUP_SPECIAL) {
    return MARKUP_CODEC_NONE;
  }
  for (size_t i = 0; i < sizeof codecs / sizeof codecs[0]; i++) {
    if (strcmp(codecs[i].owner, field->owner) == 0 &&
        strcmp(codecs[i].name, field->name) == 0) {
      return codecs[i].codec;
    }
  }
  return MARKUP_CODEC_NONE;
}

const char *markup_codec_element(markup_codec codec) {
  switch (codec) {
  case MARKUP_CODEC_TRACKS:
    return "track";
  case MARKUP_CODEC_EVENTS:
    return "event";
  case MARKUP_CODEC_POSE:
    return "pose";
  default:
    return NULL;
  }
}

const char *markup_item_field_name(const anima_field *item_field) {
  return item_field->markup_name ? item_field->markup_name : item_field->name;
}

const char *markup_kind_element(const anima_kind *kind) {
  return kind->element ? kind->element : kind->name;
}

const anima_kind *markup_node_kind(const anima_registry *registry,
                                   const char *type) {
  const anima_kind *kind = anima_registry_find_kind(registry, type);
  return (kind && (kind->flags & ANIMA_KIND_NODE_TYPE)) ? kind : NULL;
}

/* ---- variant families ------------------------------------------------------
 */

const anima_field *markup_discriminator(const anima_registry *registry,
                                        const anima_kind *kind) {
  if (!kind) {
    return NULL;
  }
  const anima_kind *family =
      kind->variant_of ? anima_registry_find_kind(registry, kind->variant_of)
                       : kind;
  if (!family || !family->discriminator) {
    return NULL;
  }
  const anima_field *field =
      anima_registry_find_field(registry, family->name, family->discriminator);
  return field && strcmp(field->owner, family->name) == 0 ? field : NULL;
}

const anima_kind *markup_object_kind(const anima_registry *registry,
                                     const anima_kind *kind,
                                     const json_t *object) {
  const anima_field *discriminator = markup_discriminator(registry, kind);
  if (!discriminator || kind->variant_of || !json_is_object(object)) {
    return kind;
  }
  const char *value =
      json_string_value(json_object_get(object, discriminator->name));
  const anima_kind *variant =
      value ? anima_registry_find_variant(registry, kind->name, value) : NULL;
  return variant ? variant : kind;
}

const anima_kind *markup_variant_by_element(const anima_registry *registry,
                                            const anima_kind *family,
                                            const char *element) {
  if (!markup_discriminator(registry, family) || family->variant_of) {
    return NULL;
  }
  size_t count = 0;
  const anima_kind *const *variants =
      anima_registry_variants(registry, family->name, &count);
  for (size_t i = 0; i < count; i++) {
    if (strcmp(markup_kind_element(variants[i]), element) == 0) {
      return variants[i];
    }
  }
  return NULL;
}

const anima_kind *markup_item_kind(const anima_registry *registry,
                                   const anima_field *field) {
  if (!field->item_kind) {
    return NULL;
  }
  return anima_registry_find_kind(registry, field->item_kind);
}

/*
 * The property `address` (JSON, or its AniML alias when `alias`) applying
 * to nodes of `node_type`, as anima_registry_find_property answers it, but
 * comparing the address before the (costlier) type check.
 */
static long find_property(const anima_registry *registry, const char *node_type,
                          const char *address, bool alias) {
  size_t count = anima_registry_property_count(registry);
  /* Exact JSON address, JSON pattern, exact alias, alias pattern. */
  for (int pass = 0; pass < (alias ? 4 : 2); pass++) {
    for (size_t i = 0; i < count; i++) {
      const anima_property *property = anima_registry_property(registry, i);
      const char *name =
          pass < 2 ? property->address : property->markup_address;
      bool match =
          name && (pass % 2 == 0 ? strcmp(name, address) == 0
                                 : anima_address_is_pattern(name) &&
                                       anima_address_matches(name, address));
      if (match && anima_registry_property_applies(registry, i, node_type)) {
        return (long)i;
      }
    }
  }
  return -1;
}

/* Appends `address` (a match of pattern `from`) spelt as pattern `to`. */
static void append_rewritten(const char *from, const char *to,
                             const char *address, markup_buffer *out) {
  char buffer[512];
  size_t length =
      anima_address_rewrite(from, to, address, buffer, sizeof buffer);
  if (length > 0 && length < sizeof buffer) {
    markup_buffer_append_string(out, buffer);
  } else {
    markup_buffer_append_string(out, address);
  }
}

const anima_field **markup_canonical_fields(const anima_registry *registry,
                                            const anima_kind *kind,
                                            size_t *count) {
  *count = 0;
  size_t total = 0;
  const anima_field *const *fields =
      anima_registry_fields(registry, kind->name, &total);
  const anima_field **ordered = malloc((total ? total : 1) * sizeof *ordered);
  if (!ordered) {
    return NULL;
  }
  if (!(kind->flags & ANIMA_KIND_NODE_TYPE)) {
    memcpy(ordered, fields, total * sizeof *ordered);
    *count = total;
    return ordered;
  }
  /* Node types: identity (the required common fields: id, type), then what
   * makes this type (its own fields), then the shared fields. */
  size_t used = 0;
  for (size_t pass = 0; pass < 3; pass++) {
    for (size_t i = 0; i < total; i++) {
      const anima_field *field = fields[i];
      bool common = strcmp(field->owner, "node") == 0;
      bool identity = common && field->required;
      bool own = strcmp(field->owner, kind->name) == 0;
      if ((pass == 0 && identity) || (pass == 1 && own) ||
          (pass == 2 && !identity && !own)) {
        ordered[used++] = field;
      }
    }
  }
  *count = used;
  return ordered;
}

const markup_kind_info *markup_kinds_get(markup_kinds *kinds,
                                         const anima_kind *kind) {
  for (size_t i = 0; i < kinds->count; i++) {
    if (kinds->entries[i].kind == kind) {
      return &kinds->entries[i];
    }
  }
  if (kinds->count == kinds->capacity) {
    size_t capacity = kinds->capacity ? kinds->capacity * 2 : 16;
    markup_kind_info *grown = realloc(kinds->entries, capacity * sizeof *grown);
    if (!grown) {
      return NULL;
    }
    kinds->entries = grown;
    kinds->capacity = capacity;
  }
  markup_kind_info info = {.kind = kind};
  info.fields = markup_canonical_fields(kinds->registry, kind, &info.count);
  info.items = malloc((info.count ? info.count : 1) * sizeof *info.items);
  if (!info.fields || !info.items) {
    free(info.fields);
    free(info.items);
    return NULL;
  }
  for (size_t i = 0; i < info.count; i++) {
    info.items[i] = markup_item_kind(kinds->registry, info.fields[i]);
  }
  kinds->entries[kinds->count] = info;
  return &kinds->entries[kinds->count++];
}

const anima_field *markup_kind_field(const markup_kind_info *info,
                                     const char *name, size_t *index) {
  for (size_t i = 0; info && i < info->count; i++) {
    if (strcmp(info->fields[i]->name, name) == 0) {
      if (index) {
        *index = i;
      }
      return info->fields[i];
    }
  }
  return NULL;
}

void markup_kinds_free(markup_kinds *kinds) {
  for (size_t i = 0; i < kinds->count; i++) {
    free(kinds->entries[i].fields);
    free(kinds->entries[i].items);
  }
  free(kinds->entries);
  *kinds = (markup_kinds){0};
}

void markup_flattened_name(const anima_registry *registry,
                           const char *node_type, const anima_field *object,
                           const anima_field *member, markup_buffer *out) {
  char address[256];
  size_t object_length = strlen(object->name);
  size_t member_length = strlen(member->name);
  if (object_length + member_length + 2 <= sizeof address) {
    memcpy(address, object->name, object_length);
    address[object_length] = '.';
    memcpy(address + object_length + 1, member->name, member_length + 1);
    long id = find_property(registry, node_type, address, false);
    const anima_property *property =
        id >= 0 ? anima_registry_property(registry, (size_t)id) : NULL;
    if (property && property->markup_address) {
      markup_hyphenate(out, property->markup_address);
      return;
    }
  }
  markup_buffer_append_string(out, anima_field_markup_name(object));
  markup_buffer_append_char(out, '-');
  markup_buffer_append_string(out, anima_field_markup_name(member));
}

/* ---- node ids ----------------------------------------------------------- */

void markup_ids_add(markup_ids *ids, const char *id, const char *type) {
  if (ids->failed) {
    return;
  }
  if (ids->count == ids->capacity) {
    size_t capacity = ids->capacity ? ids->capacity * 2 : 16;
    const char **grown_ids = realloc(ids->ids, capacity * sizeof *grown_ids);
    if (grown_ids) {
      ids->ids = grown_ids;
    }
    const char **grown_types =
        realloc(ids->types, capacity * sizeof *grown_types);
    if (grown_types) {
      ids->types = grown_types;
    }
    if (!grown_ids || !grown_types) {
      ids->failed = true;
      return;
    }
    ids->capacity = capacity;
  }
  ids->ids[ids->count] = id;
  ids->types[ids->count] = type;
  ids->count++;
}

const char *markup_ids_type(const markup_ids *ids, const char *id,
                            size_t id_length) {
  for (size_t i = 0; i < ids->count; i++) {
    if (strncmp(ids->ids[i], id, id_length) == 0 &&
        ids->ids[i][id_length] == '\0') {
      return ids->types[i];
    }
  }
  return NULL;
}

void markup_ids_free(markup_ids *ids) {
  free(ids->ids);
  free(ids->types);
  *ids = (markup_ids){0};
}

/* ---- addresses ---------------------------------------------------------- */

/* Splits "<id>.<property>" at its first dot; NULL type when the id is not
 * a known node. */
static const char *address_node_type(const markup_ids *ids, const char *address,
                                     const char **property) {
  const char *dot = strchr(address, '.');
  if (!dot || dot == address || dot[1] == '\0') {
    return NULL;
  }
  *property = dot + 1;
  return markup_ids_type(ids, address, (size_t)(dot - address));
}

void markup_address_to_json(const anima_registry *registry,
                            const markup_ids *ids, const char *address,
                            markup_buffer *out) {
  const char *property = NULL;
  const char *type = address_node_type(ids, address, &property);
  if (type && find_property(registry, type, property, false) < 0) {
    long id = find_property(registry, type, property, true);
    if (id >= 0) {
      const anima_property *found =
          anima_registry_property(registry, (size_t)id);
      markup_buffer_append(out, address, (size_t)(property - address));
      append_rewritten(found->markup_address, found->address, property, out);
      return;
    }
  }
  markup_buffer_append_string(out, address);
}

void markup_address_to_markup(const anima_registry *registry,
                              const markup_ids *ids, const char *address,
                              markup_buffer *out) {
  const char *property = NULL;
  const char *type = address_node_type(ids, address, &property);
  long id = type ? find_property(registry, type, property, false) : -1;
  const anima_property *found =
      id >= 0 ? anima_registry_property(registry, (size_t)id) : NULL;
  /* Use the alias only when it leads back here: it is no JSON address of
   * this type itself and resolves to this very property. */
  if (!found || !found->markup_address) {
    markup_buffer_append_string(out, address);
    return;
  }
  markup_buffer alias = {0};
  append_rewritten(found->address, found->markup_address, property, &alias);
  const char *spelled = markup_buffer_string(&alias);
  if (find_property(registry, type, spelled, false) < 0 &&
      find_property(registry, type, spelled, true) == id) {
    markup_buffer_append(out, address, (size_t)(property - address));
    markup_buffer_append_string(out, spelled);
    markup_buffer_free(&alias);
    return;
  }
  markup_buffer_free(&alias);
  markup_buffer_append_string(out, address);
}
