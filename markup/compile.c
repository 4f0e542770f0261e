/*
 * compile.c — AniML to the JSON value of a `.ani` document, generic over the
 * registry (docs/ANIML.md). libxml2 parses (no DTD, no entities, no
 * network); this file walks the tree: every element is an object of a
 * registry kind, every attribute a field in the field's markup form, every
 * child element an item of a map, array or node list, or an object field.
 * Nothing here knows a node type or a document key by name: a module's
 * registry entries compile the same way.
 */
#include <libxml/parser.h>
#include <stdlib.h>
#include <string.h>

#include "compile_internal.h"

/* ---- small helpers shared with compile_codecs.c ------------------------ */

const markup_tag *compiler_tag(const xmlNode *element) {
  return (const markup_tag *)element->_private;
}

size_t compiler_element_offset(const xmlNode *element) {
  const markup_tag *tag = compiler_tag(element);
  return tag ? tag->offset : 0;
}

size_t compiler_attribute_offset(const compiler *c, const xmlNode *element,
                                 const char *name) {
  const markup_tag *tag = compiler_tag(element);
  if (!tag) {
    return 0;
  }
  const markup_attribute_span *span =
      markup_source_find_attribute(&c->compiled->source, tag, name);
  return span ? span->name : tag->offset;
}

const char *compiler_attribute_text(compiler *c, const xmlAttr *attribute,
                                    char **owned) {
  *owned = NULL;
  const xmlNode *child = attribute->children;
  if (!child) {
    return "";
  }
  if (child->type == XML_TEXT_NODE && !child->next && child->content) {
    return (const char *)child->content;
  }
  *owned = (char *)xmlNodeListGetString(c->document, child, 1);
  return *owned ? *owned : "";
}

size_t compiler_push(compiler *c, const char *token) {
  size_t mark = c->pointer.length;
  markup_buffer_append_pointer_token(&c->pointer, token);
  return mark;
}

size_t compiler_push_index(compiler *c, size_t index) {
  size_t mark = c->pointer.length;
  markup_buffer_append_pointer_index(&c->pointer, index);
  return mark;
}

void compiler_pop(compiler *c, size_t mark) {
  markup_buffer_truncate(&c->pointer, mark);
}

void compiler_record(compiler *c, const char *token, size_t offset) {
  size_t mark = token ? compiler_push(c, token) : c->pointer.length;
  markup_source_map_add(&c->compiled->map, markup_buffer_string(&c->pointer),
                        c->pointer.length, offset);
  compiler_pop(c, mark);
}

void compiler_error(compiler *c, const char *code, const char *token,
                    size_t offset, const char *hint, const char *format, ...) {
  size_t mark = token ? compiler_push(c, token) : c->pointer.length;
  char message[512];
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(message, sizeof message, format, arguments);
  va_end(arguments);
  const char *pointer = markup_buffer_string(&c->pointer);
  if (anima_diagnostics_add(c->diagnostics, code, ANIMA_SEVERITY_ERROR, pointer,
                            hint, "%s", message) != ANIMA_OK) {
    c->out_of_memory = true;
  }
  int line = 0, column = 0;
  markup_source_position(&c->compiled->source, offset, &line, &column);
  anima_diagnostics_set_position(c->diagnostics,
                                 anima_diagnostics_count(c->diagnostics) - 1,
                                 line, column);
  markup_buffer_append(&c->compiled->error_pointers, pointer,
                       c->pointer.length + 1);
  c->compiled->error_count++;
  compiler_pop(c, mark);
}

bool compiler_set(compiler *c, json_t *object, const char *key, json_t *value,
                  size_t offset) {
  if (!value) {
    c->out_of_memory = true;
    return false;
  }
  if (json_object_get(object, key)) {
    json_decref(value);
    compiler_error(c, "duplicate-key", key, offset, "remove one of them",
                   "\"%s\" is given twice", key);
    return false;
  }
  if (json_object_set_new(object, key, value) != 0) {
    c->out_of_memory = true;
    return false;
  }
  compiler_record(c, key, offset);
  return true;
}

json_t *compiler_container(compiler *c, json_t *object, const char *key,
                           bool array, size_t offset) {
  json_t *member = json_object_get(object, key);
  if (!member) {
    member = array ? json_array() : json_object();
    if (!member || json_object_set_new(object, key, member) != 0) {
      c->out_of_memory = true;
      return NULL;
    }
    compiler_record(c, key, offset);
    return member;
  }
  if (array ? json_is_array(member) : json_is_object(member)) {
    return member;
  }
  compiler_error(c, "duplicate-key", key, offset, "remove one of them",
                 "\"%s\" is given both as an attribute and as elements", key);
  return NULL;
}

/* ---- names and hints ---------------------------------------------------- */

static const char *element_name(const xmlNode *element) {
  return (const char *)element->name;
}

/* The node kind spelled by an element, or NULL. */
static const anima_kind *node_kind(const compiler *c, const char *element) {
  return anima_registry_find_kind_by_element(c->registry, element);
}

/* The child element `name` of an object of `kind`: the field it fills (or
 * NULL), its codec, and whether it is a node. */
static const anima_field *child_field(const compiler *c, const anima_kind *kind,
                                      const char *name, markup_codec *codec,
                                      bool *node) {
  *codec = MARKUP_CODEC_NONE;
  *node = false;
  size_t count = 0;
  const anima_field *const *fields =
      anima_registry_fields(c->registry, kind->name, &count);
  const anima_field *nodes = NULL;
  for (size_t i = 0; i < count; i++) {
    const anima_field *field = fields[i];
    anima_markup_form form = markup_field_form(field);
    if (form == ANIMA_MARKUP_SPECIAL) {
      const char *element = markup_codec_element(markup_field_codec(field));
      if (element && strcmp(element, name) == 0) {
        *codec = markup_field_codec(field);
        return field;
      }
      continue;
    }
    if (form != ANIMA_MARKUP_CHILDREN) {
      continue;
    }
    const anima_kind *item = markup_item_kind(c->registry, field);
    if (field->kind == ANIMA_FIELD_OBJECT &&
        strcmp(anima_field_markup_name(field), name) == 0) {
      return field;
    }
    if ((field->kind == ANIMA_FIELD_MAP || field->kind == ANIMA_FIELD_ARRAY) &&
        item && strcmp(markup_kind_element(item), name) == 0) {
      return field;
    }
    if (field->kind == ANIMA_FIELD_NODES && !nodes) {
      nodes = field;
    }
  }
  if (nodes && node_kind(c, name)) {
    *node = true;
    return nodes;
  }
  return NULL;
}

/* The NODES field of a kind, or NULL. */
static const anima_field *nodes_field(const compiler *c,
                                      const anima_kind *kind) {
  size_t count = 0;
  const anima_field *const *fields =
      anima_registry_fields(c->registry, kind->name, &count);
  for (size_t i = 0; i < count; i++) {
    if (fields[i]->kind == ANIMA_FIELD_NODES &&
        markup_field_form(fields[i]) == ANIMA_MARKUP_CHILDREN) {
      return fields[i];
    }
  }
  return NULL;
}

/* Fills `hint` with `did you mean "x"?` over the child elements of `kind`. */
static bool element_hint(const compiler *c, const anima_kind *kind,
                         const char *name, char *hint, size_t capacity) {
  size_t field_count = 0;
  const anima_field *const *fields =
      anima_registry_fields(c->registry, kind->name, &field_count);
  size_t kind_count = anima_registry_kind_count(c->registry);
  const char **names = malloc((field_count + kind_count + 1) * sizeof *names);
  if (!names) {
    return false;
  }
  size_t count = 0;
  bool takes_nodes = false;
  for (size_t i = 0; i < field_count; i++) {
    const anima_field *field = fields[i];
    anima_markup_form form = markup_field_form(field);
    const anima_kind *item = markup_item_kind(c->registry, field);
    if (form == ANIMA_MARKUP_SPECIAL &&
        markup_codec_element(markup_field_codec(field))) {
      names[count++] = markup_codec_element(markup_field_codec(field));
    } else if (form != ANIMA_MARKUP_CHILDREN) {
      continue;
    } else if (field->kind == ANIMA_FIELD_OBJECT) {
      names[count++] = anima_field_markup_name(field);
    } else if (field->kind == ANIMA_FIELD_NODES) {
      takes_nodes = true;
    } else if (item) {
      names[count++] = markup_kind_element(item);
    }
  }
  for (size_t i = 0; takes_nodes && i < kind_count; i++) {
    const anima_kind *candidate = anima_registry_kind(c->registry, i);
    if (candidate->flags & ANIMA_KIND_NODE_TYPE) {
      names[count++] = markup_kind_element(candidate);
    }
  }
  const char *closest = anima_closest_name(name, names, count);
  if (closest) {
    snprintf(hint, capacity, "did you mean <%s>?", closest);
  }
  free(names);
  return closest != NULL;
}

/* ---- attributes --------------------------------------------------------- */

/* Per element: fields given as JSON-valued attributes (so that elements or
 * flattened attributes for the same field are duplicates). */
typedef struct element_state {
  const anima_kind *kind;
  const char *node_type; /* JSON type for node elements, else NULL */
  const char *key_attribute;
  const anima_field *json_fields[32];
  size_t json_field_count;
} element_state;

static bool given_as_json(const element_state *state,
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
static json_t *decode_or_report(compiler *c, const anima_field *field,
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

/* Hint for an unknown attribute: its AniML spelling when the author used
 * the JSON one, else the closest attribute name. */
static bool attribute_hint(compiler *c, const element_state *state,
                           const char *name, char *hint, size_t capacity) {
  size_t count = 0;
  const anima_field *const *fields =
      anima_registry_fields(c->registry, state->kind->name, &count);
  const char **names = malloc((count * 16 + 2) * sizeof *names);
  markup_buffer spellings = {0}; /* flattened names, NUL-separated */
  if (!names) {
    return false;
  }
  size_t used = 0;
  const char *spelled = NULL;
  for (size_t i = 0; i < count && !spelled; i++) {
    const anima_field *field = fields[i];
    anima_markup_form form = markup_field_form(field);
    if (state->node_type && strcmp(field->name, "type") == 0) {
      continue;
    }
    if (form == ANIMA_MARKUP_FLATTENED) {
      size_t member_count = 0;
      const anima_field *const *members =
          anima_registry_fields(c->registry, field->item_kind, &member_count);
      for (size_t m = 0; m < member_count && used < count * 16; m++) {
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
      if (!(state->node_type && strcmp(fields[i]->name, "type") == 0)) {
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
  if (given_as_json(state, object)) {
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
      decode_or_report(c, member, member->name, attribute, text, offset, tag),
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
    for (size_t m = 0; m < member_count; m++) {
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

static void compile_attribute(compiler *c, json_t *target, element_state *state,
                              const xmlNode *element,
                              const xmlAttr *attribute) {
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
  if (field && state->node_type && strcmp(field->name, "type") == 0) {
    compiler_error(c, "unknown-key", "type", offset,
                   "the element name is the node type",
                   "<%s> takes no type attribute", element_name(element));
    xmlFree(owned);
    return;
  }
  const anima_field *object = NULL, *member = NULL;
  if (!attribute->ns && strcmp(name, "_comment") == 0) {
    json_t *value = markup_decode_untyped(text, strlen(text));
    compiler_set(c, target, "$comment", value ? value : json_string(text),
                 offset);
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
    compiler_set(
        c, target, field->name,
        decode_or_report(c, field, field->name, name, text, offset, tag),
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

/* ---- elements ----------------------------------------------------------- */

static json_t *compile_object(compiler *c, xmlNode *element,
                              const anima_kind *kind, const char *node_type,
                              const char *key_attribute);

static bool is_blank(const char *text) {
  return !text || text[strspn(text, " \t\r\n")] == '\0';
}

/* A map item: <color name="ink" value="…"/> or <layer name="…">…</layer>.
 */
static void compile_map_item(compiler *c, json_t *target,
                             const anima_field *field, const anima_kind *item,
                             xmlNode *element) {
  size_t offset = compiler_element_offset(element);
  json_t *map = compiler_container(c, target, field->name, false, offset);
  if (!map) {
    return;
  }
  const char *key_attribute = item->key_field ? item->key_field : "name";
  xmlChar *key = xmlGetNoNsProp(element, (const xmlChar *)key_attribute);
  if (!key) {
    compiler_error(c, "missing-key", field->name, offset, NULL,
                   "<%s> needs a %s attribute", element_name(element),
                   key_attribute);
    return;
  }
  size_t mark = compiler_push(c, field->name);
  if (json_object_get(map, (const char *)key)) {
    compiler_error(c, "duplicate-key", (const char *)key, offset,
                   "each name may be declared once",
                   "<%s %s=\"%s\"> is declared twice", element_name(element),
                   key_attribute, (const char *)key);
  } else if (field->item_field) {
    /* A map of scalars: the value sits in one attribute. */
    const char *value_attribute = markup_item_field_name(field->item_field);
    size_t item_mark = compiler_push(c, (const char *)key);
    json_t *value = NULL;
    for (xmlAttr *a = element->properties; a; a = a->next) {
      const char *name = (const char *)a->name;
      size_t at = compiler_attribute_offset(c, element, name);
      if (!a->ns && strcmp(name, key_attribute) == 0) {
        continue;
      }
      if (!a->ns && strcmp(name, value_attribute) == 0) {
        char *owned = NULL;
        const char *text = compiler_attribute_text(c, a, &owned);
        value = decode_or_report(c, field->item_field, NULL, name, text, at,
                                 compiler_tag(element));
        xmlFree(owned);
      } else {
        char hint[64];
        snprintf(hint, sizeof hint, "did you mean \"%s\"?", value_attribute);
        compiler_error(c, "unknown-key", NULL, at, hint,
                       "<%s> has no attribute \"%s\"", element_name(element),
                       name);
      }
    }
    compiler_pop(c, item_mark);
    if (!value) {
      compiler_error(c, "missing-key", (const char *)key, offset, NULL,
                     "<%s> needs a %s attribute", element_name(element),
                     value_attribute);
      value = json_null();
    }
    json_object_set_new(map, (const char *)key, value);
    compiler_record(c, (const char *)key, offset);
  } else {
    size_t item_mark = compiler_push(c, (const char *)key);
    json_t *value = compile_object(c, element, item, NULL, key_attribute);
    compiler_pop(c, item_mark);
    if (value) {
      json_object_set_new(map, (const char *)key, value);
    }
  }
  compiler_pop(c, mark);
  xmlFree(key);
}

static void compile_child(compiler *c, json_t *target,
                          const element_state *state, xmlNode *child) {
  const char *name = element_name(child);
  size_t offset = compiler_element_offset(child);
  markup_codec codec = MARKUP_CODEC_NONE;
  bool node = false;
  const anima_field *field =
      child->ns ? NULL : child_field(c, state->kind, name, &codec, &node);
  if (field && given_as_json(state, field)) {
    compiler_error(c, "duplicate-key", field->name, offset,
                   "use the attribute or the elements, not both",
                   "%s is given both as an attribute and as <%s>", field->name,
                   name);
    return;
  }
  if (!field) {
    char hint[160] = "";
    bool hinted = element_hint(c, state->kind, name, hint, sizeof hint);
    const anima_field *nodes = nodes_field(c, state->kind);
    if (nodes) {
      json_t *list = compiler_container(c, target, nodes->name, true, offset);
      if (!list) {
        return;
      }
      size_t mark = compiler_push(c, nodes->name);
      size_t item_mark = compiler_push_index(c, json_array_size(list));
      compiler_error(c, "unknown-node-type", NULL, offset, hinted ? hint : NULL,
                     "<%s> is not a node type", name);
      /* Keep the slot so later pointers match the authored order. */
      json_t *placeholder = json_object();
      json_object_set_new(placeholder, "type", json_string(name));
      json_array_append_new(list, placeholder);
      compiler_record(c, NULL, offset);
      compiler_pop(c, item_mark);
      compiler_pop(c, mark);
    } else {
      markup_buffer_truncate(&c->scratch, 0);
      markup_camelize(&c->scratch, name);
      compiler_error(c, "unknown-key", markup_buffer_string(&c->scratch),
                     offset, hinted ? hint : NULL, "<%s> cannot contain <%s>",
                     markup_kind_element(state->kind), name);
    }
    return;
  }
  switch (codec) {
  case MARKUP_CODEC_TRACKS:
    compile_track(c, target, field, child);
    return;
  case MARKUP_CODEC_EVENTS:
    compile_event(c, target, field, child);
    return;
  case MARKUP_CODEC_POSE:
    compile_pose(c, target, field, child);
    return;
  default:
    break;
  }
  const anima_kind *item = markup_item_kind(c->registry, field);
  if (field->kind == ANIMA_FIELD_OBJECT) {
    if (!item) {
      return;
    }
    json_t *value = compile_object(c, child, item, NULL, NULL);
    compiler_set(c, target, field->name, value, offset);
  } else if (field->kind == ANIMA_FIELD_MAP) {
    compile_map_item(c, target, field, item, child);
  } else {
    json_t *list = compiler_container(c, target, field->name, true, offset);
    if (!list) {
      return;
    }
    const anima_kind *kind = node ? node_kind(c, name) : item;
    size_t mark = compiler_push(c, field->name);
    size_t item_mark = compiler_push_index(c, json_array_size(list));
    json_t *value =
        compile_object(c, child, kind, node ? kind->name : NULL, NULL);
    compiler_pop(c, item_mark);
    compiler_pop(c, mark);
    if (value && json_array_append_new(list, value) != 0) {
      c->out_of_memory = true;
    }
  }
}

static json_t *compile_object(compiler *c, xmlNode *element,
                              const anima_kind *kind, const char *node_type,
                              const char *key_attribute) {
  json_t *object = json_object();
  if (!object) {
    c->out_of_memory = true;
    return NULL;
  }
  compiler_record(c, NULL, compiler_element_offset(element));
  element_state state = {
      .kind = kind, .node_type = node_type, .key_attribute = key_attribute};
  if (node_type) {
    json_object_set_new(object, "type", json_string(node_type));
  }
  for (xmlAttr *attribute = element->properties; attribute;
       attribute = attribute->next) {
    compile_attribute(c, object, &state, element, attribute);
  }
  for (xmlNode *child = element->children; child; child = child->next) {
    if (child->type == XML_ELEMENT_NODE) {
      compile_child(c, object, &state, child);
    } else if ((child->type == XML_TEXT_NODE ||
                child->type == XML_CDATA_SECTION_NODE) &&
               !is_blank((const char *)child->content)) {
      compiler_error(c, "type", NULL, compiler_element_offset(element),
                     "move the text into an attribute",
                     "<%s> cannot contain text", element_name(element));
    } else if (child->type == XML_ENTITY_REF_NODE) {
      compiler_error(c, "animl-syntax", NULL, compiler_element_offset(element),
                     NULL, "entity references are not allowed");
    }
  }
  return object;
}

/* ---- the document ------------------------------------------------------- */

/* Attaches each element's tag record (document order) and collects node
 * ids. Returns the number of elements. */
static size_t attach_tags(compiler *c, xmlNode *element, size_t index) {
  for (xmlNode *node = element; node; node = node->next) {
    if (node->type != XML_ELEMENT_NODE) {
      continue;
    }
    const markup_source *source = &c->compiled->source;
    node->_private = index < source->tag_count ? &source->tags[index] : NULL;
    index++;
    const anima_kind *kind = node_kind(c, element_name(node));
    xmlAttr *id = kind ? xmlHasNsProp(node, (const xmlChar *)"id", NULL) : NULL;
    if (id && id->children && id->children->content) {
      markup_ids_add(&c->ids, (const char *)id->children->content, kind->name);
    }
    index = attach_tags(c, node->children, index);
  }
  return index;
}

static void detach_tags(xmlNode *element) {
  for (xmlNode *node = element; node; node = node->next) {
    node->_private = NULL;
    detach_tags(node->children);
  }
}

static void syntax_error(compiler *c, const char *code, int line, int column,
                         const char *message) {
  anima_diagnostics_add(
      c->diagnostics, code, ANIMA_SEVERITY_ERROR, "",
      strcmp(code, "duplicate-key") == 0 ? "remove one of them" : NULL, "%s",
      message);
  anima_diagnostics_set_position(c->diagnostics,
                                 anima_diagnostics_count(c->diagnostics) - 1,
                                 line, column);
  markup_buffer_append(&c->compiled->error_pointers, "", 1);
  c->compiled->error_count++;
}

/* Parses with libxml2; reports ill-formed XML with line and column. */
static xmlDoc *parse(compiler *c, const char *text, size_t length) {
  xmlParserCtxt *context = xmlNewParserCtxt();
  if (!context) {
    c->out_of_memory = true;
    return NULL;
  }
  /* No network, no DTD loading, no entity substitution, no error output. */
  int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                XML_PARSE_NOCDATA;
  xmlDoc *document = xmlCtxtReadMemory(context, text, (int)length,
                                       "input.animl", "UTF-8", options);
  const xmlError *error = xmlCtxtGetLastError(context);
  if (!document || (error && error->level == XML_ERR_FATAL)) {
    char message[300] = "the text is not well-formed XML";
    int line = 1, column = 0;
    const char *code = "animl-syntax";
    if (error && error->message) {
      snprintf(message, sizeof message, "%s", error->message);
      size_t end = strlen(message);
      while (end > 0 && markup_is_space(message[end - 1])) {
        message[--end] = '\0';
      }
      line = error->line > 0 ? error->line : 1;
      column = error->int2;
      if (error->code == XML_ERR_ATTRIBUTE_REDEFINED) {
        code = "duplicate-key";
      }
    }
    syntax_error(c, code, line, column, message);
    xmlFreeDoc(document);
    document = NULL;
  }
  xmlFreeParserCtxt(context);
  return document;
}

anima_status markup_compile(const anima_registry *registry, const char *text,
                            size_t length, anima_diagnostics *diagnostics,
                            markup_compiled *compiled) {
  *compiled = (markup_compiled){0};
  compiler c = {
      .registry = registry, .compiled = compiled, .diagnostics = diagnostics};
  if (!markup_source_scan(&compiled->source, text, length)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  int line = 0, column = 0;
  if (length > 1024 * 1024) {
    syntax_error(&c, "limit-exceeded", 1, 1,
                 "the text is larger than 1 MiB (SPEC §2 limits)");
    return ANIMA_OK;
  }
  if (compiled->source.doctype >= 0) {
    markup_source_position(&compiled->source, (size_t)compiled->source.doctype,
                           &line, &column);
    syntax_error(&c, "animl-syntax", line, column,
                 "AniML has no DOCTYPE: DTDs and entities are not allowed");
    return ANIMA_OK;
  }
  xmlInitParser();
  c.document = parse(&c, text, length);
  if (!c.document) {
    return c.out_of_memory ? ANIMA_ERROR_NO_MEMORY : ANIMA_OK;
  }
  xmlNode *root = xmlDocGetRootElement(c.document);
  if (attach_tags(&c, root, 0) != compiled->source.tag_count ||
      !compiled->source.complete) {
    /* The scan disagrees with libxml2: positions fall back to 1:1. */
    detach_tags(root);
  }
  const anima_kind *document_kind =
      anima_registry_find_kind(registry, "document");
  if (!root || !document_kind ||
      strcmp(element_name(root), markup_kind_element(document_kind)) != 0 ||
      root->ns) {
    markup_source_position(&compiled->source,
                           root ? compiler_element_offset(root) : 0, &line,
                           &column);
    syntax_error(&c, "animl-syntax", line, column,
                 "the root element must be <anima>");
  } else {
    compiled->document = compile_object(&c, root, document_kind, NULL, NULL);
  }
  xmlFreeDoc(c.document);
  markup_buffer_free(&c.pointer);
  markup_buffer_free(&c.scratch);
  markup_ids_free(&c.ids);
  if (c.out_of_memory || compiled->map.pointers.failed ||
      compiled->error_pointers.failed) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  return ANIMA_OK;
}

void markup_compiled_free(markup_compiled *compiled) {
  json_decref(compiled->document);
  markup_source_free(&compiled->source);
  markup_source_map_free(&compiled->map);
  markup_buffer_free(&compiled->error_pointers);
  *compiled = (markup_compiled){0};
}
