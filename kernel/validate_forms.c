/*
 * validate_forms.c — the registry forms of ABI 2 in the structural walk
 * (registry.h, docs/MODULES.md §7): variant objects dispatched on their
 * family's discriminator, keys that belong to another variant, and one-of
 * groups (a paint's `color`, a gradient's `type`, colormix's `mix`).
 * Generic: nothing here knows a family, a variant or a group by name.
 */
#include <stdlib.h>
#include <string.h>

#include "address_internal.h"
#include "validate.h"

/* The field `name` registered on `kind` itself (not inherited), or NULL. */
static const anima_field *own_field(const validation *v, const anima_kind *kind,
                                    const char *name) {
  const anima_field *field =
      anima_registry_find_field(v->registry, kind->name, name);
  return field && strcmp(field->owner, kind->name) == 0 ? field : NULL;
}

/* "a" / "a" or "b" / "a", "b" or "c" (quoted) into `text`. */
static void append_alternatives(anima_text *text, const char *const *names,
                                size_t count, const char *prefix) {
  for (size_t i = 0; i < count; i++) {
    const char *separator = i == 0 ? "" : i + 1 == count ? " or " : ", ";
    anima_text_appendf(text, "%s%s\"%s\"", separator, prefix, names[i]);
  }
}

/* The variants of `family` whose feature the document declares. */
static size_t declared_variants(const validation *v, const anima_kind *family,
                                const char **names, size_t capacity) {
  size_t count = 0;
  const anima_kind *const *variants =
      anima_registry_variants(v->registry, family->name, &count);
  size_t used = 0;
  for (size_t i = 0; i < count && used < capacity; i++) {
    if (validation_feature_declared(v, variants[i]->feature)) {
      names[used++] = variants[i]->variant;
    }
  }
  return used;
}

const anima_field *validation_discriminator(const validation *v,
                                            const anima_kind *kind) {
  return kind->discriminator ? own_field(v, kind, kind->discriminator) : NULL;
}

/* Reports a discriminator value that names no variant (at its key), in
 * the words of an enum's bad-value. */
static void report_unknown_variant(validation *v, const anima_kind *family,
                                   const char *value) {
  size_t count = 0;
  anima_registry_variants(v->registry, family->name, &count);
  const char **names = malloc((count ? count : 1) * sizeof *names);
  size_t used = names ? declared_variants(v, family, names, count) : 0;
  if (used == 0) {
    validation_report(v, "bad-value", NULL, "\"%s\" is not a %s of %s", value,
                      family->discriminator, family->name);
    free(names);
    return;
  }
  anima_text options = {0};
  for (size_t i = 0; i < used; i++) {
    anima_text_appendf(&options, "%s\"%s\"", i ? ", " : "", names[i]);
  }
  const char *hint = validation_hint(v, value, names, used);
  validation_report(v, "bad-value", hint ? hint : anima_text_string(&options),
                    "\"%s\" is not one of %s", value,
                    anima_text_string(&options));
  anima_text_free(&options);
  free(names);
}

validation_form validation_select_form(validation *v, const json_t *object,
                                       const anima_kind *kind) {
  validation_form form = {.kind = kind};
  const anima_field *discriminator = validation_discriminator(v, kind);
  if (!discriminator) {
    return form;
  }
  form.family = kind;
  form.discriminator = discriminator;
  const json_t *value = json_object_get(object, discriminator->name);
  bool usable = !discriminator->reserved_for &&
                validation_feature_declared(v, discriminator->feature);
  if (!value || !usable) {
    /* Absent (a missing required discriminator is the one mistake: keys of
     * its variants are not reported too), or reported as a key. */
    form.unresolved = !value && usable && discriminator->required;
    return form;
  }
  form.unresolved = true;
  size_t length = validation_push_key(v, discriminator->name);
  const char *text = validation_string(value);
  const anima_kind *variant =
      text ? anima_registry_find_variant(v->registry, kind->name, text) : NULL;
  if (!json_is_string(value)) {
    validation_report(v, "type", NULL, "expected a string naming a %s of %s",
                      discriminator->name, kind->name);
  } else if (!variant) {
    report_unknown_variant(v, kind, text ? text : json_string_value(value));
  } else if (!validation_feature_declared(v, variant->feature)) {
    anima_text what = {0};
    anima_text_appendf(&what, "the %s \"%s\"", discriminator->name, text);
    validation_report_undeclared(v, anima_text_string(&what), variant->feature);
    anima_text_free(&what);
  } else {
    form.kind = variant;
    form.unresolved = false;
  }
  validation_pop(v, length);
  return form;
}

void validation_report_missing_discriminator(validation *v,
                                             const validation_form *form) {
  size_t count = 0;
  anima_registry_variants(v->registry, form->family->name, &count);
  const char **names = malloc((count ? count : 1) * sizeof *names);
  size_t used = names ? declared_variants(v, form->family, names, count) : 0;
  anima_text hint = {0};
  anima_text_appendf(&hint, "add \"%s\"", form->discriminator->name);
  if (used > 0) {
    anima_text_append(&hint, ": ");
    append_alternatives(&hint, names, used, "");
  }
  validation_report(v, "missing-key", anima_text_string(&hint),
                    "the required key \"%s\" is missing",
                    form->discriminator->name);
  anima_text_free(&hint);
  free(names);
}

bool validation_other_variant_key(validation *v, const validation_form *form,
                                  const char *key) {
  if (!form->family) {
    return false;
  }
  size_t count = 0;
  const anima_kind *const *variants =
      anima_registry_variants(v->registry, form->family->name, &count);
  const char **owners = malloc((count ? count : 1) * sizeof *owners);
  const anima_field *first = NULL;
  size_t used = 0;
  for (size_t i = 0; owners && i < count; i++) {
    const anima_field *field = own_field(v, variants[i], key);
    if (field && variants[i] != form->kind) {
      first = first ? first : field;
      owners[used++] = variants[i]->variant;
    }
  }
  if (!first || form->unresolved) {
    free(owners);
    return first != NULL; /* after a bad discriminator: no cascade */
  }
  const char *name = form->discriminator->name;
  if (!validation_feature_declared(v, first->feature)) {
    anima_text what = {0};
    anima_text_appendf(&what, "the key \"%s\"", key);
    validation_report_undeclared(v, anima_text_string(&what), first->feature);
    anima_text_free(&what);
    free(owners);
    return true;
  }
  anima_text belongs = {0}, hint = {0};
  anima_text_appendf(&belongs, "\"%s\": ", name);
  append_alternatives(&belongs, owners, used, "");
  bool selected = form->kind != form->family;
  anima_text_appendf(&hint, "remove \"%s\", or %s \"%s\": \"%s\"", key,
                     selected ? "use" : "add", name, owners[0]);
  if (selected) {
    validation_report(v, "bad-value", anima_text_string(&hint),
                      "\"%s\" belongs to %s, not to \"%s\": \"%s\"", key,
                      anima_text_string(&belongs), name, form->kind->variant);
  } else {
    validation_report(v, "bad-value", anima_text_string(&hint),
                      "\"%s\" belongs to %s; this %s has no \"%s\"", key,
                      anima_text_string(&belongs), form->family->name, name);
  }
  anima_text_free(&belongs);
  anima_text_free(&hint);
  free(owners);
  return true;
}

/* ---- one-of groups --------------------------------------------------------
 */

/* The members of `field`'s one-of group among `fields` that the document
 * may use (declared feature, not reserved), in field order. */
static size_t group_members(const validation *v,
                            const anima_field *const *fields, size_t count,
                            const char *group, const char **names) {
  size_t used = 0;
  for (size_t i = 0; i < count; i++) {
    const anima_field *field = fields[i];
    if (field->one_of && strcmp(field->one_of, group) == 0 &&
        !field->reserved_for &&
        validation_feature_declared(v, field->feature)) {
      names[used++] = field->name;
    }
  }
  return used;
}

bool validation_one_of_conflict(validation *v, const json_t *object,
                                const anima_field *const *fields, size_t count,
                                const anima_field *field, const char *key) {
  if (!field->one_of) {
    return false;
  }
  /* The first member of the group in document order, if not this key. */
  const char *earlier = NULL;
  const char *code = field->conflict_code;
  const char *member;
  const json_t *value;
  json_object_foreach((json_t *)object, member, value) {
    if (strcmp(member, key) == 0) {
      break;
    }
    for (size_t i = 0; i < count && !earlier; i++) {
      if (fields[i]->one_of && strcmp(fields[i]->one_of, field->one_of) == 0 &&
          strcmp(fields[i]->name, member) == 0) {
        earlier = fields[i]->name;
        code = code ? code : fields[i]->conflict_code;
      }
    }
    if (earlier) {
      break;
    }
  }
  if (!earlier) {
    return false;
  }
  const char **names = malloc((count ? count : 1) * sizeof *names);
  size_t used =
      names ? group_members(v, fields, count, field->one_of, names) : 0;
  anima_text hint = {0};
  anima_text_append(&hint, "keep one of ");
  append_alternatives(&hint, names, used, "");
  validation_report(v, code ? code : "bad-value", anima_text_string(&hint),
                    "\"%s\" cannot be given together with \"%s\"", key,
                    earlier);
  anima_text_free(&hint);
  free(names);
  return true;
}

bool validation_one_of_missing(validation *v, const json_t *object,
                               const anima_field *const *fields, size_t count,
                               size_t index, const anima_field **single) {
  *single = NULL;
  const anima_field *field = fields[index];
  for (size_t i = 0; i < index; i++) {
    if (fields[i]->one_of && strcmp(fields[i]->one_of, field->one_of) == 0) {
      return false; /* the group was decided at its first member */
    }
  }
  bool required = false;
  for (size_t i = index; i < count; i++) {
    const anima_field *member = fields[i];
    if (!member->one_of || strcmp(member->one_of, field->one_of) != 0) {
      continue;
    }
    if (json_object_get(object, member->name)) {
      return false; /* present, even if reported as undeclared */
    }
    required = required || (member->required && !member->reserved_for &&
                            validation_feature_declared(v, member->feature));
  }
  if (!required) {
    return false;
  }
  const char **names = malloc((count ? count : 1) * sizeof *names);
  size_t used =
      names ? group_members(v, fields, count, field->one_of, names) : 0;
  if (used == 1) {
    /* One alternative: the plain missing-key of that field. */
    for (size_t i = index; i < count && !*single; i++) {
      if (strcmp(fields[i]->name, names[0]) == 0) {
        *single = fields[i];
      }
    }
    free(names);
    return *single != NULL;
  }
  anima_text list = {0}, hint = {0};
  append_alternatives(&list, names, used, "");
  anima_text_appendf(&hint, "add one of %s", anima_text_string(&list));
  validation_report(v, "missing-key", anima_text_string(&hint),
                    "one of %s is required", anima_text_string(&list));
  anima_text_free(&list);
  anima_text_free(&hint);
  free(names);
  return true;
}

/* ---- addresses through variants and patterns -------------------------------
 */

/* The variants of `family` that have their own field `key`. */
static size_t variants_with(const validation *v, const anima_kind *family,
                            const char *key, const char **names,
                            size_t capacity) {
  size_t count = 0;
  const anima_kind *const *variants =
      anima_registry_variants(v->registry, family->name, &count);
  size_t used = 0;
  for (size_t i = 0; i < count && used < capacity; i++) {
    if (own_field(v, variants[i], key)) {
      names[used++] = variants[i]->variant;
    }
  }
  return used;
}

/* Reports why `location` (a failed address) does not exist. */
static void report_location(validation *v, const validation_node *node,
                            const anima_address_location *location,
                            const char *suffix, const char *address) {
  anima_text segment = {0}, holder = {0}, message = {0}, hint = {0};
  anima_text_append_length(&segment, suffix + location->segment_start,
                           location->segment_length);
  anima_text_append_length(
      &holder, location->container_name ? location->container_name : "",
      location->container_name_length);
  const char *name = anima_text_string(&segment);
  const char *owner = anima_text_string(&holder);
  switch (location->failure) {
  case ANIMA_ADDRESS_NO_ITEM: {
    size_t size = json_array_size(location->container);
    bool digits = strspn(name, "0123456789") == strlen(name) && *name;
    if (digits && name[0] == '0' && name[1]) {
      anima_text_appendf(&message, "\"%s\" is not an index of \"%s\"", name,
                         owner);
      anima_text_appendf(&hint, "write indices without leading zeros: \"%s\"",
                         name + strspn(name, "0") == name + strlen(name)
                             ? "0"
                             : name + strspn(name, "0"));
    } else {
      anima_text_appendf(&message, "\"%s\" of node \"%s\" has %zu item%s",
                         owner, node->id, size, size == 1 ? "" : "s");
      if (size == 0) {
        anima_text_appendf(&hint, "add an item to \"%s\" first", owner);
      } else {
        anima_text_appendf(&hint, "use an index from 0 to %zu", size - 1);
      }
    }
    break;
  }
  case ANIMA_ADDRESS_NO_KEY: {
    anima_text_appendf(&message, "\"%s\" of node \"%s\" has no \"%s\"", owner,
                       node->id, name);
    const char *closest = validation_hint_keys(v, name, location->container);
    if (closest) {
      anima_text_append(&hint, closest);
    } else {
      anima_text_appendf(&hint, "add \"%s\" to \"%s\" first", name, owner);
    }
    break;
  }
  case ANIMA_ADDRESS_OTHER_VARIANT: {
    const anima_kind *kind = location->kind;
    const anima_kind *family =
        kind && kind->variant_of
            ? anima_registry_find_kind(v->registry, kind->variant_of)
            : kind;
    const char *discriminator = family ? family->discriminator : "";
    if (kind && kind->variant_of) {
      anima_text_appendf(&message,
                         "the \"%s\" of node \"%s\" is \"%s\": "
                         "\"%s\" and has no \"%s\"",
                         owner, node->id, discriminator, kind->variant, name);
    } else {
      anima_text_appendf(&message,
                         "the \"%s\" of node \"%s\" has no \"%s\" (it has no "
                         "\"%s\")",
                         owner, node->id, name, discriminator);
    }
    const char *names[16];
    size_t used = family ? variants_with(v, family, name, names,
                                         sizeof names / sizeof *names)
                         : 0;
    if (used > 0) {
      anima_text_appendf(&hint, "\"%s\" belongs to \"%s\": ", name,
                         discriminator);
      append_alternatives(&hint, names, used, "");
    }
    break;
  }
  case ANIMA_ADDRESS_NO_MEMBER:
  default:
    anima_text_appendf(&message, "node \"%s\" has no \"%s\"", node->id, name);
    anima_text_appendf(&hint, "give node \"%s\" a \"%s\" first", node->id,
                       name);
    break;
  }
  validation_report(
      v, "unknown-address", hint.length ? anima_text_string(&hint) : NULL,
      "%s, so \"%s\" does not exist", anima_text_string(&message), address);
  anima_text_free(&segment);
  anima_text_free(&holder);
  anima_text_free(&message);
  anima_text_free(&hint);
}

bool validation_address_exists(validation *v, const validation_node *node,
                               const anima_property *property,
                               const char *suffix, const char *address) {
  anima_address_location location = anima_address_locate(
      v->registry, node->kind->name, node->object, property->address, suffix);
  if (location.failure == ANIMA_ADDRESS_FOUND) {
    return true;
  }
  report_location(v, node, &location, suffix, address);
  return false;
}
