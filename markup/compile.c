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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/markup.h>

#include "compile_internal.h"

/* ---- names and hints ---------------------------------------------------- */

static const char *element_name(const xmlNode *element) {
  return (const char *)element->name;
}

/* The node kind spelled by an element, or NULL. */
static const anima_kind *node_kind(const compiler *c, const char *element) {
  return anima_registry_find_kind_by_element(c->registry, element);
}

/* What a child element stands for (child_field). */
typedef struct child_role {
  markup_codec codec;
  bool node;                 /* an item of a node list */
  bool wrapper;              /* <fill>: the non-attribute part of a
                                flattened object */
  const anima_kind *variant; /* a variant element of the field's family */
} child_role;

/* The child element `name` of an object of `kind`: the field it fills (or
 * NULL) and what it is (docs/ANIML.md §7). */
static const anima_field *child_field(const compiler *c, const anima_kind *kind,
                                      const char *name, xmlNode *element,
                                      child_role *role) {
  *role = (child_role){0};
  size_t count = 0;
  const anima_field *const *fields =
      anima_registry_fields(c->registry, kind->name, &count);
  const anima_field *nodes = NULL;
  /* An element with a `name` attribute is a map item when a map's items
   * take its element name, even where a single object field has the same
   * element: <machine name="m"> is an item of `machines` (SPEC motion),
   * <machine> the default `machine`. */
  bool keyed = element && xmlHasProp(element, (const xmlChar *)"name");
  const anima_field *single_match = NULL;
  for (size_t i = 0; i < count; i++) {
    const anima_field *field = fields[i];
    anima_markup_form form = markup_field_form(field);
    if (form == ANIMA_MARKUP_SPECIAL) {
      const char *element = markup_codec_element(markup_field_codec(field));
      if (element && strcmp(element, name) == 0) {
        role->codec = markup_field_codec(field);
        return field;
      }
      continue;
    }
    if (form == ANIMA_MARKUP_FLATTENED &&
        strcmp(anima_field_markup_name(field), name) == 0) {
      role->wrapper = true;
      return field;
    }
    if (form != ANIMA_MARKUP_CHILDREN) {
      continue;
    }
    const anima_kind *item = markup_item_kind(c->registry, field);
    bool single =
        field->kind == ANIMA_FIELD_OBJECT || field->kind == ANIMA_FIELD_VARIANT;
    bool items = field->kind == ANIMA_FIELD_MAP ||
                 field->kind == ANIMA_FIELD_ARRAY ||
                 field->kind == ANIMA_FIELD_VARIANTS;
    if (single && strcmp(anima_field_markup_name(field), name) == 0) {
      if (!keyed) {
        return field;
      }
      single_match = single_match ? single_match : field;
      continue;
    }
    if (items && item && strcmp(markup_kind_element(item), name) == 0) {
      return field;
    }
    if ((single || items) && item &&
        (role->variant = markup_variant_by_element(c->registry, item, name))) {
      return field;
    }
    if (field->kind == ANIMA_FIELD_NODES && !nodes) {
      nodes = field;
    }
  }
  if (single_match) {
    return single_match;
  }
  if (nodes && node_kind(c, name)) {
    role->node = true;
    return nodes;
  }
  return NULL;
}

/* Adds the variant elements of `family` to `names`. */
static size_t add_variant_elements(const compiler *c, const anima_kind *family,
                                   const char **names, size_t count) {
  size_t variant_count = 0;
  const anima_kind *const *variants =
      markup_discriminator(c->registry, family) && !family->variant_of
          ? anima_registry_variants(c->registry, family->name, &variant_count)
          : NULL;
  for (size_t i = 0; i < variant_count; i++) {
    names[count++] = markup_kind_element(variants[i]);
  }
  return count;
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

/* Fills `hint` with what to write for a foreign node type (<g>: use
 * <group>), else `did you mean <x>?` over the child elements of `kind`. */
static bool element_hint(compiler *c, const anima_kind *kind, const char *name,
                         char *hint, size_t capacity) {
  size_t field_count = 0;
  const anima_field *const *fields =
      anima_registry_fields(c->registry, kind->name, &field_count);
  size_t kind_count = anima_registry_kind_count(c->registry);
  /* At most every field, every kind (node types, variants) once more. */
  const char **names =
      malloc((2 * field_count + 2 * kind_count + 1) * sizeof *names);
  if (!names) {
    return false;
  }
  size_t count = add_variant_elements(c, kind, names, 0); /* in <fill> */
  bool takes_nodes = false;
  for (size_t i = 0; i < field_count; i++) {
    const anima_field *field = fields[i];
    anima_markup_form form = markup_field_form(field);
    const anima_kind *item = markup_item_kind(c->registry, field);
    if (form == ANIMA_MARKUP_SPECIAL &&
        markup_codec_element(markup_field_codec(field))) {
      names[count++] = markup_codec_element(markup_field_codec(field));
    } else if (form == ANIMA_MARKUP_FLATTENED) {
      names[count++] = anima_field_markup_name(field);
    } else if (form != ANIMA_MARKUP_CHILDREN) {
      continue;
    } else if (field->kind == ANIMA_FIELD_NODES) {
      takes_nodes = true;
    } else {
      if (field->kind == ANIMA_FIELD_OBJECT ||
          field->kind == ANIMA_FIELD_VARIANT) {
        names[count++] = anima_field_markup_name(field);
      } else if (item) {
        names[count++] = markup_kind_element(item);
      }
      count = item ? add_variant_elements(c, item, names, count) : count;
    }
  }
  for (size_t i = 0; takes_nodes && i < kind_count; i++) {
    const anima_kind *candidate = anima_registry_kind(c->registry, i);
    if (candidate->flags & ANIMA_KIND_NODE_TYPE) {
      names[count++] = markup_kind_element(candidate);
    }
  }
  const anima_foreign_name *foreign =
      takes_nodes ? anima_registry_find_foreign_name(c->registry, NULL, name)
                  : NULL;
  const char *closest = foreign ? NULL : anima_closest_name(name, names, count);
  if (foreign) {
    markup_hint_scope scope = {.kind = kind};
    markup_buffer_truncate(&c->scratch, 0);
    markup_foreign_hint(c->registry, foreign, &scope, &c->scratch);
    snprintf(hint, capacity, "%s", markup_buffer_string(&c->scratch));
  } else if (closest) {
    snprintf(hint, capacity, "did you mean <%s>?", closest);
  }
  free(names);
  return foreign || closest;
}

/* ---- elements ----------------------------------------------------------- */

static json_t *compile_object(compiler *c, xmlNode *element,
                              const anima_kind *kind, const char *node_type,
                              const char *key_attribute,
                              const anima_kind *variant);
static void compile_into(compiler *c, json_t *object, xmlNode *element,
                         element_state *state);
static void compile_child(compiler *c, json_t *target,
                          const element_state *state, xmlNode *child);

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
    compiler_comments_before(c, element);
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
        value = compiler_decode(c, field->item_field, NULL, name, text, at,
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
    json_t *value = compile_object(
        c, element, item, NULL, key_attribute,
        markup_variant_by_element(c->registry, item, element_name(element)));
    compiler_pop(c, item_mark);
    if (value) {
      json_object_set_new(map, (const char *)key, value);
    }
  }
  compiler_pop(c, mark);
  xmlFree(key);
}

/* <fill>…</fill>: the members of a flattened object that are no
 * attributes of the owner — a variant element (the discriminator and the
 * variant's fields) and fields in element or JSON form — merged into the
 * object the owner's flattened attributes give (docs/ANIML.md §7). */
static void compile_wrapper(compiler *c, json_t *target,
                            const anima_field *field, xmlNode *wrapper) {
  size_t offset = compiler_element_offset(wrapper);
  const anima_kind *family = markup_item_kind(c->registry, field);
  json_t *object = compiler_container(c, target, field->name, false, offset);
  if (!object || !family) {
    return;
  }
  size_t mark = compiler_push(c, field->name);
  element_state state = {.kind = family};
  compiler_comments_before(c, wrapper);
  for (xmlAttr *attribute = wrapper->properties; attribute;
       attribute = attribute->next) {
    compile_attribute(c, object, &state, wrapper, attribute);
  }
  const anima_field *discriminator = markup_discriminator(c->registry, family);
  for (xmlNode *child = wrapper->children; child; child = child->next) {
    const anima_kind *variant =
        child->type == XML_ELEMENT_NODE && !child->ns
            ? markup_variant_by_element(c->registry, family,
                                        element_name(child))
            : NULL;
    if (!variant) {
      if (child->type == XML_ELEMENT_NODE) {
        compile_child(c, object, &state, child);
      } else if ((child->type == XML_TEXT_NODE ||
                  child->type == XML_CDATA_SECTION_NODE) &&
                 !is_blank((const char *)child->content)) {
        compiler_error(c, "type", NULL, offset,
                       "move the text into an attribute",
                       "<%s> cannot contain text", element_name(wrapper));
      }
      continue;
    }
    size_t at = compiler_element_offset(child);
    if (json_object_get(object, discriminator->name)) {
      compiler_error(c, "duplicate-key", discriminator->name, at,
                     "give one variant element", "<%s> holds more than one %s",
                     element_name(wrapper), discriminator->name);
      continue;
    }
    compiler_set(c, object, discriminator->name, json_string(variant->variant),
                 at);
    element_state inner = {.kind = variant, .implied = discriminator->name};
    compile_into(c, object, child, &inner);
  }
  compiler_comments_inside(c, wrapper, false);
  compiler_pop(c, mark);
}

/*
 * The shorthand of a flattened object's element-form member written
 * directly in the owner (SPEC §6 colormix: `<colorMix a=".." b=".."
 * t=".."/>` inside a node is the fill's `mix`, `<colorMix paint="stroke"
 * .../>` the stroke's): the member goes into the flattened field named by
 * the attribute `paint`, by default the first flattened field that has it.
 * Returns false when `child` is no such element (the caller reports it).
 */
static bool compile_member_shorthand(compiler *c, json_t *target,
                                     const element_state *state,
                                     xmlNode *child) {
  const char *name = element_name(child);
  xmlChar *paint = xmlGetProp(child, BAD_CAST "paint");
  size_t count = 0;
  const anima_field *const *fields =
      anima_registry_fields(c->registry, state->kind->name, &count);
  const anima_field *owner = NULL, *member = NULL;
  bool named = false; /* some flattened field has the member */
  for (size_t i = 0; i < count && !member; i++) {
    const anima_kind *kind = markup_item_kind(c->registry, fields[i]);
    if (markup_field_form(fields[i]) != ANIMA_MARKUP_FLATTENED || !kind) {
      continue;
    }
    size_t member_count = 0;
    const anima_field *const *members =
        anima_registry_fields(c->registry, kind->name, &member_count);
    for (size_t j = 0; j < member_count; j++) {
      const anima_field *candidate = members[j];
      if (markup_field_form(candidate) != ANIMA_MARKUP_CHILDREN ||
          candidate->kind != ANIMA_FIELD_OBJECT ||
          strcmp(anima_field_markup_name(candidate), name) != 0) {
        continue;
      }
      named = true;
      if (!paint || strcmp((const char *)paint, fields[i]->name) == 0) {
        owner = fields[i];
        member = candidate;
      }
      break;
    }
  }
  size_t offset = compiler_element_offset(child);
  if (!member) {
    if (named && paint) {
      compiler_error(c, "bad-value", "paint", offset,
                     "write paint=\"fill\" or paint=\"stroke\"",
                     "<%s paint=\"%s\">: no paint of <%s> takes <%s>", name,
                     (const char *)paint, markup_kind_element(state->kind),
                     name);
    }
    xmlFree(paint);
    return named && paint;
  }
  if (paint) {
    xmlUnsetProp(child, BAD_CAST "paint"); /* not a member of the object */
  }
  xmlFree(paint);
  json_t *object = compiler_container(c, target, owner->name, false, offset);
  const anima_kind *item = markup_item_kind(c->registry, member);
  if (!object || !item) {
    return true;
  }
  size_t mark = compiler_push(c, owner->name);
  if (json_object_get(object, member->name)) {
    compiler_error(c, "duplicate-key", member->name, offset,
                   "remove one of them", "<%s> is given twice for the %s", name,
                   owner->name);
  } else {
    size_t member_mark = compiler_push(c, member->name);
    json_t *value = compile_object(c, child, item, NULL, NULL, NULL);
    compiler_pop(c, member_mark);
    compiler_set(c, object, member->name, value, offset);
  }
  compiler_pop(c, mark);
  return true;
}

static void compile_child(compiler *c, json_t *target,
                          const element_state *state, xmlNode *child) {
  const char *name = element_name(child);
  size_t offset = compiler_element_offset(child);
  child_role role = {0};
  const anima_field *field =
      child->ns ? NULL : child_field(c, state->kind, name, child, &role);
  markup_codec codec = role.codec;
  bool node = role.node;
  if (field && compiler_given_as_json(state, field)) {
    compiler_error(c, "duplicate-key", field->name, offset,
                   "use the attribute or the elements, not both",
                   "%s is given both as an attribute and as <%s>", field->name,
                   name);
    return;
  }
  if (!field && !child->ns &&
      compile_member_shorthand(c, target, state, child)) {
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
  if (role.wrapper) {
    compile_wrapper(c, target, field, child);
    return;
  }
  const anima_kind *item = markup_item_kind(c->registry, field);
  if (field->kind == ANIMA_FIELD_OBJECT || field->kind == ANIMA_FIELD_VARIANT) {
    if (!item) {
      return;
    }
    if (json_object_get(target, field->name)) {
      compiler_error(c, "duplicate-key", field->name, offset,
                     "remove one of them", "<%s> is given twice", name);
      return;
    }
    size_t mark = compiler_push(c, field->name);
    json_t *value = compile_object(c, child, item, NULL, NULL, role.variant);
    compiler_pop(c, mark);
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
    json_t *value = compile_object(c, child, kind, node ? kind->name : NULL,
                                   NULL, role.variant);
    compiler_pop(c, item_mark);
    compiler_pop(c, mark);
    if (value && json_array_append_new(list, value) != 0) {
      c->out_of_memory = true;
    }
  }
}

/* A new object of `kind` from `element`: a node element (`node_type`), a
 * map item (`key_attribute`), a variant element (`variant`: its
 * discriminator comes first, from the element name) or a plain one. */
static json_t *compile_object(compiler *c, xmlNode *element,
                              const anima_kind *kind, const char *node_type,
                              const char *key_attribute,
                              const anima_kind *variant) {
  json_t *object = json_object();
  if (!object) {
    c->out_of_memory = true;
    return NULL;
  }
  element_state state = {
      .kind = kind, .node_type = node_type, .key_attribute = key_attribute};
  if (node_type) {
    json_object_set_new(object, "type", json_string(node_type));
    state.implied = "type";
  }
  const anima_field *discriminator =
      variant ? markup_discriminator(c->registry, variant) : NULL;
  const anima_field *family = markup_discriminator(c->registry, kind);
  if (!variant && family && !kind->variant_of) {
    state.implied = family->name; /* <anchor at="point"> is <point-anchor> */
    state.family_element = true;
  }
  if (discriminator) {
    json_object_set_new(object, discriminator->name,
                        json_string(variant->variant));
    compiler_record(c, discriminator->name, compiler_element_offset(element));
    state.kind = variant;
    state.implied = discriminator->name;
  }
  compile_into(c, object, element, &state);
  return object;
}

/* The attributes and children of `element` into `object`. */
static void compile_into(compiler *c, json_t *object, xmlNode *element,
                         element_state *state) {
  compiler_record(c, NULL, compiler_element_offset(element));
  compiler_comments_before(c, element);
  for (xmlAttr *attribute = element->properties; attribute;
       attribute = attribute->next) {
    compile_attribute(c, object, state, element, attribute);
  }
  for (xmlNode *child = element->children; child; child = child->next) {
    if (child->type == XML_ELEMENT_NODE) {
      compile_child(c, object, state, child);
    } else if ((child->type == XML_TEXT_NODE ||
                child->type == XML_CDATA_SECTION_NODE) &&
               !is_blank((const char *)child->content)) {
      compiler_error(c, "type", NULL, compiler_text_offset(c, child),
                     "move the text into an attribute, or into a comment "
                     "<!-- ... -->",
                     "<%s> cannot contain text", element_name(element));
    } else if (child->type == XML_ENTITY_REF_NODE) {
      compiler_error(c, "animl-syntax", NULL, compiler_element_offset(element),
                     NULL, "entity references are not allowed");
    }
  }
  compiler_comments_inside(c, element, false);
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
                         const char *hint, const char *message) {
  if (!hint && strcmp(code, "duplicate-key") == 0) {
    hint = "remove one of them";
  }
  anima_diagnostics_add(c->diagnostics, code, ANIMA_SEVERITY_ERROR, "", hint,
                        "%s", message);
  anima_diagnostics_set_position(c->diagnostics,
                                 anima_diagnostics_count(c->diagnostics) - 1,
                                 line, column);
  markup_buffer_append(&c->compiled->error_pointers, "", 1);
  c->compiled->error_count++;
}

/* The first XML error libxml2 reports (later ones are often echoes), in
 * Anima's words (anima_markup_explain_xml_error). */
typedef struct first_error {
  bool seen;
  int code, line, column;
  char message[300];
  char hint[300];
} first_error;

static void on_xml_error(void *data, xmlErrorPtr error) {
  first_error *first = ((xmlParserCtxt *)data)->_private;
  if (first->seen || !error || error->level < XML_ERR_ERROR) {
    return;
  }
  first->seen = true;
  first->code = error->code;
  first->line = error->line > 0 ? error->line : 1;
  first->column = error->int2;
  anima_xml_error words = {.code = error->code,
                           .text = error->message,
                           .str1 = error->str1,
                           .str2 = error->str2,
                           .int1 = error->int1};
  anima_markup_explain_xml_error(&words, "anima", first->message,
                                 sizeof first->message, first->hint,
                                 sizeof first->hint);
}

/* XML's most common trap in AniML: `when="a && b"` (or a bare `<`) in an
 * attribute. When the text has one at or before libxml2's first error,
 * reports it with the fix instead of libxml2's message. */
static bool unescaped_error(compiler *c, const first_error *first) {
  const markup_source *source = &c->compiled->source;
  size_t offset = 0;
  const markup_attribute_span *span = NULL;
  int line = 0, column = 0;
  if (!markup_source_unescaped(source, &offset, &span)) {
    return false;
  }
  markup_source_position(source, offset, &line, &column);
  if (first->seen && line > first->line) {
    return false;
  }
  char message[300];
  const char *hint = "write < as &lt; inside attributes";
  bool ampersands = source->text[offset] == '&';
  bool pair = ampersands && offset + 1 < span->value_end &&
              source->text[offset + 1] == '&';
  if (ampersands) {
    hint = pair ? "write && as &amp;&amp; inside attributes"
                : "write & as &amp; inside attributes";
  }
  snprintf(message, sizeof message,
           "the value of %.*s holds an unescaped \"%s\"",
           (int)(span->name_length < 80 ? span->name_length : 80),
           source->text + span->name,
           pair         ? "&&"
           : ampersands ? "&"
                        : "<");
  syntax_error(c, "animl-syntax", line, column, hint, message);
  return true;
}

/* Parses with libxml2; reports ill-formed XML with line and column. */
static xmlDoc *parse(compiler *c, const char *text, size_t length) {
  xmlParserCtxt *context = xmlNewParserCtxt();
  if (!context) {
    c->out_of_memory = true;
    return NULL;
  }
  first_error first = {.seen = false};
  context->_private = &first;
  context->sax->serror = on_xml_error;
  /* No network, no DTD loading, no entity substitution, no error output. */
  int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                XML_PARSE_NOCDATA;
  xmlDoc *document = xmlCtxtReadMemory(context, text, (int)length,
                                       "input.animl", "UTF-8", options);
  if ((!document || first.seen) && unescaped_error(c, &first)) {
    xmlFreeDoc(document);
    document = NULL;
  } else if (!document || first.seen) {
    syntax_error(c,
                 first.code == XML_ERR_ATTRIBUTE_REDEFINED ? "duplicate-key"
                                                           : "animl-syntax",
                 first.seen ? first.line : 1, first.seen ? first.column : 1,
                 first.seen ? first.hint : NULL,
                 first.seen ? first.message
                            : "the text is not well-formed XML");
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
    syntax_error(&c, "limit-exceeded", 1, 1, NULL,
                 "the text is larger than 1 MiB (SPEC §2 limits)");
    return ANIMA_OK;
  }
  if (compiled->source.doctype >= 0) {
    markup_source_position(&compiled->source, (size_t)compiled->source.doctype,
                           &line, &column);
    syntax_error(&c, "animl-syntax", line, column, NULL,
                 "AniML has no DOCTYPE: DTDs and entities are not allowed");
    return ANIMA_OK;
  }
  if (compiled->source.crowded >= 0) {
    markup_source_position(&compiled->source, (size_t)compiled->source.crowded,
                           &line, &column);
    char message[96];
    snprintf(message, sizeof message,
             "an element has more than %d attributes, the limit",
             MARKUP_ATTRIBUTE_LIMIT);
    syntax_error(&c, "limit-exceeded", line, column,
                 "split the element's values, or remove unused attributes",
                 message);
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
    syntax_error(&c, "animl-syntax", line, column, NULL,
                 "the root element must be <anima>");
  } else {
    compiled->document =
        compile_object(&c, root, document_kind, NULL, NULL, NULL);
    compiler_comments_after(&c, root);
  }
  xmlFreeDoc(c.document);
  markup_source_map_sort(&compiled->map);
  markup_buffer_free(&c.pointer);
  markup_buffer_free(&c.scratch);
  markup_ids_free(&c.ids);
  if (c.out_of_memory || compiled->map.pointers.failed ||
      compiled->error_pointers.failed || compiled->json_pointers.failed) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  return ANIMA_OK;
}

void markup_compiled_free(markup_compiled *compiled) {
  json_decref(compiled->document);
  markup_source_free(&compiled->source);
  markup_source_map_free(&compiled->map);
  markup_buffer_free(&compiled->error_pointers);
  markup_buffer_free(&compiled->comments.records);
  markup_buffer_free(&compiled->json_pointers);
  *compiled = (markup_compiled){0};
}
