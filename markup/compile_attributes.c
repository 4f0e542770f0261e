/*
 * compile_attributes.c — one AniML attribute to one JSON member, by the
 * field's registry markup form (docs/ANIML.md "From the registry to
 * AniML"): scalar and list attributes, JSON-valued attributes, flattened
 * paint attributes (`fill`, `stroke-width`, `trim-end`), `_comment`, and
 * unknown attributes with a `did you mean` hint.
 */
#include <stdlib.h>
#include <string.h>

#include "compile_internal.h"

static const char *element_name(const xmlNode *element) {
  return (const char *)element->name;
}

bool compiler_given_as_json(const element_state *state,
                            const anima_field *field) {
  for (size_t i = 0; i < state->json_field_count; i++) {
    if (state->json_fields[i] == field) {
      return true;
    }
  }
  return false;
}

static void remember_json(element_state *state, const anima_field *field) {
  if (state->json_field_count <
      sizeof state->json_fields / sizeof state->json_fields[0]) {
    state->json_fields[state->json_field_count++] = field;
  }
}

/* Decodes `text` for `field`, reporting `type` on failure (the raw text is
 * then stored so the loader stays quiet about the same key). */
json_t *compiler_decode(compiler *c, const anima_field *field,
                        const char *token, const char *attribute,
                        const char *text, size_t offset,
                        const markup_tag *tag) {
  const char *expected = "a value";
  json_t *value = NULL;
  anima_markup_form form = markup_field_form(field);
  markup_codec codec = markup_field_codec(field);
  if (codec == MARKUP_CODEC_ASSIGNMENTS) {
    const markup_attribute_span *span =
        tag ? markup_source_find_attribute(&c->compiled->source, tag, attribute)
            : NULL;
    value = compile_assignments(c, field, text, offset, span);
    return value ? value : json_string(text);
  }
  const char *first = text + strspn(text, " \t\r\n");
  if (*first == '{' || *first == '[') {
    compiler_mark_json(c, token);
  }
  if (form == ANIMA_MARKUP_ATTRIBUTE) {
    value = markup_decode_field(field->kind, text, &expected);
  } else {
    expected = "JSON text";
    value = markup_decode_field(ANIMA_FIELD_OBJECT, text, &expected);
  }
  if (!value) {
    compiler_error(c, "type", token, offset, NULL, "%s=\"%.80s\" is not %s",
                   attribute, text, expected);
    value = json_string(text);
  }
  return value;
}

/* On a variant element (or its family's own element): the elements of
 * the (other) variants of the family that have attribute `name`
 * (`<radialGradient>` for cx on a <linearGradient>), as a hint. */
static bool variant_attribute_hint(compiler *c, const element_state *state,
                                   const char *name, char *hint,
                                   size_t capacity) {
  const anima_kind *variant = state->kind;
  const char *family =
      state->family_element ? variant->name : variant->variant_of;
  if (!family || !markup_discriminator(c->registry, variant)) {
    return false;
  }
  size_t count = 0;
  const anima_kind *const *variants =
      anima_registry_variants(c->registry, family, &count);
  markup_buffer_truncate(&c->scratch, 0);
  size_t found = 0;
  for (size_t i = 0; i < count; i++) {
    const anima_field *field = variants[i] == variant
                                   ? NULL
                                   : anima_registry_find_field_by_markup(
                                         c->registry, variants[i]->name, name);
    if (field && strcmp(field->owner, variants[i]->name) == 0) {
      markup_buffer_appendf(&c->scratch, "%s<%s>", found ? " or " : "",
                            markup_kind_element(variants[i]));
      found++;
    }
  }
  if (found) {
    snprintf(hint, capacity, "\"%s\" is an attribute of %s", name,
             markup_buffer_string(&c->scratch));
  }
  return found > 0;
}

/* Hint for an unknown attribute: what to write for a foreign name (SVG's
 * cx), the variant element it belongs to, its AniML spelling when the
 * author used the JSON one, else the closest attribute name. */
static bool attribute_hint(compiler *c, const element_state *state,
                           const char *name, char *hint, size_t capacity) {
  if (variant_attribute_hint(c, state, name, hint, capacity)) {
    return true;
  }
  const anima_foreign_name *foreign =
      anima_registry_find_foreign_name(c->registry, state->kind->name, name);
  if (foreign) {
    markup_hint_scope scope = {.kind = state->kind,
                               .node_type = state->node_type};
    markup_buffer_truncate(&c->scratch, 0);
    markup_foreign_hint(c->registry, foreign, &scope, &c->scratch);
    snprintf(hint, capacity, "%s", markup_buffer_string(&c->scratch));
    return true;
  }
  size_t count = 0;
  const anima_field *const *fields =
      anima_registry_fields(c->registry, state->kind->name, &count);
  const char **names = malloc((count * 17 + 2) * sizeof *names);
  markup_buffer spellings = {0}; /* flattened names, NUL-separated */
  if (!names) {
    return false;
  }
  size_t used = 0;
  const char *spelled = NULL;
  for (size_t i = 0; i < count && !spelled; i++) {
    const anima_field *field = fields[i];
    anima_markup_form form = markup_field_form(field);
    if (state->implied && strcmp(field->name, state->implied) == 0) {
      continue;
    }
    if (form == ANIMA_MARKUP_FLATTENED) {
      size_t member_count = 0;
      const anima_field *const *members =
          anima_registry_fields(c->registry, field->item_kind, &member_count);
      const anima_field *discriminator = markup_discriminator(
          c->registry, markup_item_kind(c->registry, field));
      for (size_t m = 0; m < member_count && used < count * 16; m++) {
        if (members[m] == discriminator) {
          continue; /* the variant element inside <field> says it */
        }
        markup_buffer_truncate(&c->scratch, 0);
        markup_flattened_name(c->registry, state->node_type, field, members[m],
                              &c->scratch);
        markup_buffer_append(&spellings, markup_buffer_string(&c->scratch),
                             c->scratch.length + 1);
        used++;
      }
      continue;
    }
    if (form == ANIMA_MARKUP_CHILDREN ||
        (form == ANIMA_MARKUP_SPECIAL &&
         markup_field_codec(field) != MARKUP_CODEC_ASSIGNMENTS)) {
      continue;
    }
    if (strcmp(field->name, name) == 0 &&
        strcmp(anima_field_markup_name(field), name) != 0) {
      spelled = anima_field_markup_name(field);
    }
  }
  /* names[]: the flattened spellings, then the plain attribute names. */
  size_t total = 0;
  for (size_t offset = 0; !spelled && offset < spellings.length;
       offset += strlen(spellings.data + offset) + 1) {
    names[total++] = spellings.data + offset;
  }
  for (size_t i = 0; !spelled && i < count; i++) {
    anima_markup_form form = markup_field_form(fields[i]);
    if (form == ANIMA_MARKUP_ATTRIBUTE || form == ANIMA_MARKUP_JSON ||
        markup_field_codec(fields[i]) == MARKUP_CODEC_ASSIGNMENTS) {
      if (!(state->implied && strcmp(fields[i]->name, state->implied) == 0)) {
        names[total++] = anima_field_markup_name(fields[i]);
      }
    }
  }
  for (size_t i = 0; !spelled && i < total; i++) {
    markup_buffer_truncate(&c->scratch, 0);
    markup_camelize(&c->scratch, names[i]);
    if (strcmp(markup_buffer_string(&c->scratch), name) == 0) {
      spelled = names[i];
    }
  }
  const char *closest = spelled ? NULL : anima_closest_name(name, names, total);
  if (spelled) {
    snprintf(hint, capacity, "AniML spells it \"%s\"", spelled);
  } else if (closest) {
    snprintf(hint, capacity, "did you mean \"%s\"?", closest);
  }
  free(names);
  markup_buffer_free(&spellings);
  return spelled || closest;
}

/* Sets member `member` of flattened object field `object` from attribute
 * text. */
static void set_flattened(compiler *c, json_t *target,
                          const element_state *state, const anima_field *object,
                          const anima_field *member, const char *attribute,
                          const char *text, size_t offset,
                          const markup_tag *tag) {
  if (compiler_given_as_json(state, object)) {
    compiler_error(c, "duplicate-key", object->name, offset,
                   "put every member in the JSON value, or none",
                   "%s is given both as JSON and as %s", object->name,
                   attribute);
    return;
  }
  json_t *paint = compiler_container(c, target, object->name, false, offset);
  if (!paint) {
    return;
  }
  size_t mark = compiler_push(c, object->name);
  compiler_set(
      c, paint, member->name,
      compiler_decode(c, member, member->name, attribute, text, offset, tag),
      offset);
  compiler_pop(c, mark);
}

/* Finds the flattened field and member spelled `name`; false if none. */
static bool find_flattened(compiler *c, const element_state *state,
                           const char *name, const anima_field **object,
                           const anima_field **member) {
  size_t count = 0;
  const anima_field *const *fields =
      anima_registry_fields(c->registry, state->kind->name, &count);
  for (size_t i = 0; i < count; i++) {
    if (markup_field_form(fields[i]) != ANIMA_MARKUP_FLATTENED) {
      continue;
    }
    size_t member_count = 0;
    const anima_field *const *members =
        anima_registry_fields(c->registry, fields[i]->item_kind, &member_count);
    const anima_field *discriminator = markup_discriminator(
        c->registry, markup_item_kind(c->registry, fields[i]));
    for (size_t m = 0; m < member_count; m++) {
      if (members[m] == discriminator) {
        continue; /* given by a variant element inside <field> */
      }
      markup_buffer_truncate(&c->scratch, 0);
      markup_flattened_name(c->registry, state->node_type, fields[i],
                            members[m], &c->scratch);
      if (strcmp(markup_buffer_string(&c->scratch), name) == 0) {
        *object = fields[i];
        *member = members[m];
        return true;
      }
    }
  }
  return false;
}

/* A new object: `$comment` first, then the members of `object` in order.
 * Takes the reference to `comment`. NULL when out of memory. */
static json_t *comment_first(json_t *comment, const json_t *object) {
  json_t *result = json_object();
  if (!result || json_object_set_new(result, "$comment", comment) != 0 ||
      json_object_update(result, (json_t *)object) != 0) {
    json_decref(result);
    return NULL;
  }
  return result;
}

/* Sets `target[field]` to a value decoded from an attribute. When a
 * `<field>._comment` attribute came first, its `$comment` goes first in
 * the value. */
static void set_decoded(compiler *c, json_t *target, const anima_field *field,
                        json_t *value, size_t offset) {
  json_t *held = json_object_get(target, field->name);
  json_t *comment = json_object_get(held, "$comment");
  if (comment && json_object_size(held) == 1 && json_is_object(value) &&
      !json_object_get(value, "$comment")) {
    json_t *merged = comment_first(json_incref(comment), value);
    json_decref(value);
    value = merged;
    json_object_del(target, field->name);
  }
  compiler_set(c, target, field->name, value, offset);
}

/* `<field>._comment`: the `$comment` of a map written as child elements or
 * as `set` assignments, or of a flattened object (docs/ANIML.md §4).
 * Returns false when `name` is no such attribute. */
static bool compile_member_comment(compiler *c, json_t *target,
                                   const element_state *state, const char *name,
                                   const char *text, size_t offset) {
  static const char suffix[] = "._comment";
  size_t length = strlen(name);
  if (length <= sizeof suffix - 1 ||
      strcmp(name + length - (sizeof suffix - 1), suffix) != 0) {
    return false;
  }
  markup_buffer_truncate(&c->scratch, 0);
  markup_buffer_append(&c->scratch, name, length - (sizeof suffix - 1));
  const anima_field *field = anima_registry_find_field_by_markup(
      c->registry, state->kind->name, markup_buffer_string(&c->scratch));
  anima_markup_form form = field ? markup_field_form(field) : 0;
  bool holder =
      field &&
      ((field->kind == ANIMA_FIELD_MAP && form == ANIMA_MARKUP_CHILDREN) ||
       (field->kind == ANIMA_FIELD_OBJECT && form == ANIMA_MARKUP_FLATTENED) ||
       markup_field_codec(field) == MARKUP_CODEC_TRACKS ||
       markup_field_codec(field) == MARKUP_CODEC_ASSIGNMENTS);
  if (!holder) {
    return false;
  }
  json_t *container = compiler_container(c, target, field->name, false, offset);
  if (container && json_object_size(container) > 0 &&
      !json_object_get(container, "$comment")) {
    /* Written after its map (`set="…" set._comment="…"`): still first. */
    json_t *value = markup_decode_untyped(text, strlen(text));
    json_t *merged =
        comment_first(value ? value : json_string(text), container);
    if (!merged || json_object_set_new(target, field->name, merged) != 0) {
      c->out_of_memory = true;
      return true;
    }
    size_t mark = compiler_push(c, field->name);
    compiler_record(c, "$comment", offset);
    compiler_pop(c, mark);
  } else if (container) {
    size_t mark = compiler_push(c, field->name);
    json_t *value = markup_decode_untyped(text, strlen(text));
    compiler_set(c, container, "$comment", value ? value : json_string(text),
                 offset);
    compiler_pop(c, mark);
  }
  return true;
}

void compile_attribute(compiler *c, json_t *target, element_state *state,
                       const xmlNode *element, const xmlAttr *attribute) {
  const char *name = (const char *)attribute->name;
  if (state->key_attribute && strcmp(name, state->key_attribute) == 0 &&
      !attribute->ns) {
    return;
  }
  const markup_tag *tag = compiler_tag(element);
  size_t offset = compiler_attribute_offset(c, element, name);
  char *owned = NULL;
  const char *text = compiler_attribute_text(c, attribute, &owned);
  const anima_field *field = attribute->ns
                                 ? NULL
                                 : anima_registry_find_field_by_markup(
                                       c->registry, state->kind->name, name);
  if (field && state->implied && strcmp(field->name, state->implied) == 0) {
    char hint[160];
    snprintf(hint, sizeof hint, "the element name is the %s",
             state->node_type ? "node type" : state->implied);
    if (state->family_element) {
      /* The variant elements of the family: "use <follow> or <keep-…>". */
      size_t count = 0;
      const anima_kind *const *variants =
          anima_registry_variants(c->registry, state->kind->name, &count);
      markup_buffer_truncate(&c->scratch, 0);
      markup_buffer_append_string(&c->scratch, "use");
      for (size_t i = 0; i < count; i++) {
        markup_buffer_appendf(&c->scratch, "%s <%s>",
                              i == 0           ? ""
                              : i + 1 == count ? " or"
                                               : ",",
                              markup_kind_element(variants[i]));
      }
      snprintf(hint, sizeof hint, "%s", markup_buffer_string(&c->scratch));
    }
    compiler_error(c, "unknown-key", field->name, offset, hint,
                   "<%s> takes no %s attribute", element_name(element),
                   field->name);
    xmlFree(owned);
    return;
  }
  const anima_field *object = NULL, *member = NULL;
  if (!attribute->ns && strcmp(name, "_comment") == 0) {
    json_t *value = markup_decode_untyped(text, strlen(text));
    compiler_set(c, target, "$comment", value ? value : json_string(text),
                 offset);
  } else if (!attribute->ns &&
             compile_member_comment(c, target, state, name, text, offset)) {
    /* done */
  } else if (!attribute->ns && strcmp(name, "_schema") == 0 &&
             strcmp(state->kind->name, "document") == 0) {
    compiler_set(c, target, "$schema", json_string(text), offset);
  } else if (field && markup_field_form(field) == ANIMA_MARKUP_FLATTENED &&
             text[strspn(text, " \t\r\n")] != '{' &&
             find_flattened(c, state, name, &object, &member)) {
    set_flattened(c, target, state, object, member, name, text, offset, tag);
  } else if (field) {
    if (markup_field_form(field) != ANIMA_MARKUP_ATTRIBUTE &&
        markup_field_codec(field) != MARKUP_CODEC_ASSIGNMENTS) {
      remember_json(state, field);
    }
    set_decoded(c, target, field,
                compiler_decode(c, field, field->name, name, text, offset, tag),
                offset);
  } else if (!attribute->ns &&
             find_flattened(c, state, name, &object, &member)) {
    set_flattened(c, target, state, object, member, name, text, offset, tag);
  } else {
    char hint[160] = "";
    bool hinted = attribute_hint(c, state, name, hint, sizeof hint);
    markup_buffer_truncate(&c->scratch, 0);
    markup_camelize(&c->scratch, name);
    compiler_error(c, "unknown-key", markup_buffer_string(&c->scratch), offset,
                   hinted ? hint : NULL, "<%s> has no attribute \"%s\"",
                   element_name(element), name);
  }
  xmlFree(owned);
}
