/*
 * decompile.c — a `.ani` JSON value as canonical AniML (docs/ANIML.md), the
 * inverse of compile.c and, like it, generic over the registry.
 *
 * Every field is written in its registry markup form when that form reads
 * back as the same value (element order carries map and array order, so
 * `machine.layers` keeps its order); otherwise as a JSON-valued attribute
 * (empty maps, one-item name lists, ...). A value with no AniML spelling at
 * all (an unknown key, a string XML cannot carry) is reported, code `type`.
 * Layout: two-space indentation, attributes in canonical field order on the
 * start tag (decompile_output.c wraps them before column 100), track text
 * on one line when it fits, else one key per line.
 */
#include <stdlib.h>
#include <string.h>

#include "decompile_internal.h"

/* ---- fields ------------------------------------------------------------- */

/* How write_object writes an object beyond its kind and element. */
typedef struct object_style {
  const char *key_attribute; /* a map item's key attribute, or NULL */
  const char *key;           /* its value */
  const char *node_type;     /* a node element's type, or NULL */
  const char *implied;       /* the field the element name stands for */
  bool own_only;             /* only the kind's own fields (a variant element
                                inside <fill>: the family's are elsewhere) */
} object_style;

static void write_object(decompiler *d, const char *element,
                         const anima_kind *kind, const json_t *object,
                         const object_style *style, size_t indent);
static void write_children(decompiler *d, const anima_field *field,
                           const json_t *value, size_t indent);
static bool structural(decompiler *d, const anima_field *field,
                       const json_t *value);

/* True when an object of `kind` can be an element: its discriminator, if
 * its family has one and it is given, names a registered variant. */
static bool variant_writable(decompiler *d, const anima_kind *kind,
                             const json_t *object) {
  const anima_field *discriminator = markup_discriminator(d->registry, kind);
  const json_t *value =
      discriminator ? json_object_get(object, discriminator->name) : NULL;
  return !value || markup_object_kind(d->registry, kind, object) != kind;
}

/* Writes an object of `kind` as its element: the variant's element (the
 * discriminator implied) when it selects one, else `element`. */
static void write_variant_object(decompiler *d, const char *element,
                                 const anima_kind *kind, const json_t *object,
                                 object_style style, size_t indent) {
  const anima_kind *selected = markup_object_kind(d->registry, kind, object);
  if (selected != kind) {
    style.implied = markup_discriminator(d->registry, kind)->name;
    element = markup_kind_element(selected);
  }
  write_object(d, element, selected, object, &style, indent);
}

/* Adds the JSON form of a field. */
static void add_json(start_tag *tag, const char *name, const json_t *value) {
  markup_buffer text = {0};
  markup_encode_json(value, &text);
  decompiler_tag_add(tag, name, markup_buffer_string(&text), '\'');
  markup_buffer_free(&text);
}

/* Whether a map field (MAP, tracks, `set`) holds `$comment`: not at
 * all, as its first member (written as the attribute `<field>._comment`),
 * or later (then the map keeps its JSON form, to keep member order). */
typedef enum map_comment {
  NO_COMMENT,
  FIRST_COMMENT,
  LATER_COMMENT
} map_comment;

static map_comment find_map_comment(const anima_field *field,
                                    const json_t *value) {
  markup_codec codec = markup_field_codec(field);
  if (!json_is_object(value) || !json_object_get(value, "$comment") ||
      (field->kind != ANIMA_FIELD_MAP && codec != MARKUP_CODEC_TRACKS &&
       codec != MARKUP_CODEC_ASSIGNMENTS)) {
    return NO_COMMENT;
  }
  void *first = json_object_iter((json_t *)value);
  return strcmp(json_object_iter_key(first), "$comment") == 0 ? FIRST_COMMENT
                                                              : LATER_COMMENT;
}

/* Adds `<field>._comment` for a map's leading `$comment` (a flattened
 * paint's is added by add_flattened). */
static void add_map_comment(start_tag *tag, const anima_field *field,
                            const json_t *value) {
  if (find_map_comment(field, value) != FIRST_COMMENT) {
    return;
  }
  markup_buffer name = {0}, text = {0};
  markup_buffer_appendf(&name, "%s._comment", anima_field_markup_name(field));
  markup_encode_untyped(json_object_get(value, "$comment"), &text);
  decompiler_tag_add(tag, markup_buffer_string(&name),
                     markup_buffer_string(&text), '"');
  markup_buffer_free(&name);
  markup_buffer_free(&text);
}

/* Where a member of a flattened object goes (docs/ANIML.md §7). */
typedef enum flattened_place {
  PLACE_NONE = 0, /* no spelling: the object keeps its JSON form */
  PLACE_OWNER,    /* a prefixed attribute of the owner (fill-rule) */
  PLACE_WRAPPER,  /* inside <fill>: a field in element or JSON form */
  PLACE_VARIANT,  /* inside <fill>: the variant element (its discriminator
                     and the variant's own fields) */
} flattened_place;

static flattened_place member_place(decompiler *d, const anima_kind *family,
                                    const anima_kind *selected, const char *key,
                                    const json_t *value) {
  const anima_field *member =
      anima_registry_find_field(d->registry, selected->name, key);
  const anima_field *discriminator = markup_discriminator(d->registry, family);
  if (!member) {
    return PLACE_NONE;
  }
  if (member == discriminator) {
    return selected != family ? PLACE_VARIANT : PLACE_NONE;
  }
  if (strcmp(member->owner, family->name) != 0) {
    return PLACE_VARIANT;
  }
  if (markup_field_form(member) != ANIMA_MARKUP_ATTRIBUTE) {
    return PLACE_WRAPPER;
  }
  markup_buffer probe = {0};
  bool ok = markup_encode_field(member->kind, value, &probe);
  markup_buffer_free(&probe);
  return ok ? PLACE_OWNER : PLACE_NONE;
}

/* True when every member of `paint` has a place; `wrapper` tells whether
 * some go inside a <field> element. */
static bool flattenable(decompiler *d, const anima_field *object,
                        const json_t *paint, bool *wrapper) {
  *wrapper = false;
  const anima_kind *family = markup_item_kind(d->registry, object);
  if (!family || !json_is_object(paint) || json_object_size(paint) == 0) {
    return false;
  }
  const anima_kind *selected = markup_object_kind(d->registry, family, paint);
  const char *key;
  const json_t *value;
  json_object_foreach((json_t *)paint, key, value) {
    if (strcmp(key, "$comment") == 0) {
      continue; /* the attribute <paint>._comment */
    }
    flattened_place place = member_place(d, family, selected, key, value);
    if (place == PLACE_NONE) {
      return false;
    }
    *wrapper = *wrapper || place != PLACE_OWNER;
  }
  return true;
}

/* Adds the owner's attributes of a flattened object; returns true when a
 * <field> element must follow among the children. */
static bool add_flattened(decompiler *d, start_tag *tag,
                          const anima_field *object, const json_t *paint,
                          const char *node_type) {
  bool wrapper = false;
  if (!flattenable(d, object, paint, &wrapper)) {
    if (json_is_object(paint)) {
      add_json(tag, anima_field_markup_name(object), paint);
    } else {
      decompiler_unrepresentable(d, object->name, "it must be an object");
    }
    return false;
  }
  const anima_kind *kind = markup_item_kind(d->registry, object);
  size_t count = 0;
  const anima_field **members =
      kind ? markup_canonical_fields(d->registry, kind, &count) : NULL;
  markup_buffer name = {0}, text = {0};
  const json_t *comment = json_object_get(paint, "$comment");
  if (comment) {
    markup_buffer_appendf(&name, "%s._comment",
                          anima_field_markup_name(object));
    markup_encode_untyped(comment, &text);
    decompiler_tag_add(tag, markup_buffer_string(&name),
                       markup_buffer_string(&text), '"');
  }
  for (size_t i = 0; i < count; i++) {
    const json_t *value = json_object_get(paint, members[i]->name);
    if (!value ||
        member_place(d, kind, kind, members[i]->name, value) != PLACE_OWNER) {
      continue;
    }
    markup_buffer_truncate(&name, 0);
    markup_buffer_truncate(&text, 0);
    markup_flattened_name(d->registry, node_type, object, members[i], &name);
    markup_encode_field(members[i]->kind, value, &text);
    decompiler_tag_add(tag, markup_buffer_string(&name),
                       markup_buffer_string(&text), '"');
  }
  markup_buffer_free(&name);
  markup_buffer_free(&text);
  free(members);
  return wrapper;
}

/* A member of a flattened object written as a child of its <fill> element:
 * a structural value, unless its field asks for the JSON-valued attribute
 * (contour's stroke `trim`: the registry's explicit ANIMA_MARKUP_JSON). */
static bool element_form(decompiler *d, const anima_field *field,
                         const json_t *value) {
  return field->markup_form != ANIMA_MARKUP_JSON && structural(d, field, value);
}

/* <fill>: the members of a flattened object that are no attributes of the
 * owner. Fields in JSON form are its attributes; fields in element form
 * and the variant element (with the variant's own fields) its children,
 * in field order. */
static void write_wrapper(decompiler *d, const anima_field *object,
                          const json_t *paint, size_t indent) {
  const anima_kind *family = markup_item_kind(d->registry, object);
  const anima_kind *selected = markup_object_kind(d->registry, family, paint);
  const anima_field *discriminator = markup_discriminator(d->registry, family);
  size_t count = 0;
  const anima_field **fields =
      markup_canonical_fields(d->registry, family, &count);
  start_tag tag = {0};
  bool children = false;
  for (size_t i = 0; fields && i < count; i++) {
    const json_t *value = json_object_get(paint, fields[i]->name);
    flattened_place place =
        value ? member_place(d, family, selected, fields[i]->name, value)
              : PLACE_NONE;
    if (place == PLACE_VARIANT ||
        (place == PLACE_WRAPPER && element_form(d, fields[i], value))) {
      children = true;
    } else if (place == PLACE_WRAPPER) {
      add_json(&tag, anima_field_markup_name(fields[i]), value);
    }
  }
  const char *element = anima_field_markup_name(object);
  if (!children) {
    decompiler_write_empty(d, element, &tag, indent);
  } else {
    decompiler_comments_at(d, 'b', false, indent, true);
    decompiler_write_start(d, element, &tag, indent);
    markup_buffer_append_string(d->out, ">\n");
    for (size_t i = 0; fields && i < count; i++) {
      const json_t *value = json_object_get(paint, fields[i]->name);
      flattened_place place =
          value ? member_place(d, family, selected, fields[i]->name, value)
                : PLACE_NONE;
      if (place == PLACE_VARIANT && fields[i] == discriminator) {
        object_style style = {.implied = discriminator->name, .own_only = true};
        write_object(d, markup_kind_element(selected), selected, paint, &style,
                     indent + 2);
      } else if (place == PLACE_WRAPPER && element_form(d, fields[i], value)) {
        write_children(d, fields[i], value, indent + 2);
      }
    }
    decompiler_comments_at(d, 'e', false, indent + 2, true);
    decompiler_indent_to(d->out, indent);
    markup_buffer_appendf(d->out, "</%s>\n", element);
  }
  decompiler_tag_free(&tag);
  free(fields);
}

/* True for an ASCII XML name (what a pose attribute name must be). */
static bool xml_name(const char *name) {
  for (const char *c = name; *c; c++) {
    bool letter =
        (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || *c == '_';
    bool other = (*c >= '0' && *c <= '9') || *c == '.' || *c == '-';
    if (!letter && !(other && c != name)) {
      return false;
    }
  }
  return *name != '\0';
}

/* True when an address written with its alias compiles back to itself. */
static bool address_round_trips(decompiler *d, const char *address) {
  markup_buffer alias = {0}, back = {0};
  markup_address_to_markup(d->registry, &d->ids, address, &alias);
  markup_address_to_json(d->registry, &d->ids, markup_buffer_string(&alias),
                         &back);
  bool same = strcmp(markup_buffer_string(&back), address) == 0;
  markup_buffer_free(&alias);
  markup_buffer_free(&back);
  return same;
}

/* Whether a CHILDREN or codec field can be written as elements. */
static bool structural(decompiler *d, const anima_field *field,
                       const json_t *value) {
  const anima_kind *item = markup_item_kind(d->registry, field);
  size_t index;
  const json_t *element;
  switch (markup_field_codec(field)) {
  case MARKUP_CODEC_TRACKS: {
    map_comment comment = find_map_comment(field, value);
    if (!json_is_object(value) || json_object_size(value) == 0 ||
        comment == LATER_COMMENT) {
      return false;
    }
    const char *address;
    const json_t *keys;
    json_object_foreach((json_t *)value, address, keys) {
      if (comment == FIRST_COMMENT && strcmp(address, "$comment") == 0) {
        continue;
      }
      if (!json_is_array(keys) || !address_round_trips(d, address)) {
        return false;
      }
      markup_buffer text = {0};
      bool ok = true;
      json_array_foreach(keys, index, element) {
        if (index > 0) {
          markup_buffer_append_string(&text, "; ");
        }
        ok = ok && markup_encode_key(element, &text);
      }
      ok = ok && markup_keys_round_trip(keys, markup_buffer_string(&text),
                                        text.length);
      markup_buffer_free(&text);
      if (!ok) {
        return false;
      }
    }
    return true;
  }
  case MARKUP_CODEC_EVENTS:
    if (!json_is_array(value) || json_array_size(value) == 0) {
      return false;
    }
    json_array_foreach(value, index, element) {
      if (json_array_size(element) != 2 ||
          !json_is_number(json_array_get(element, 0)) ||
          !json_is_string(json_array_get(element, 1))) {
        return false;
      }
    }
    return true;
  case MARKUP_CODEC_POSE: {
    if (!json_is_object(value)) {
      return false;
    }
    const char *address;
    const json_t *pose_value;
    json_object_foreach((json_t *)value, address, pose_value) {
      if (strcmp(address, "$comment") != 0 &&
          (!xml_name(address) || strcmp(address, "_comment") == 0 ||
           !address_round_trips(d, address))) {
        return false;
      }
    }
    return true;
  }
  default:
    break;
  }
  switch (field->kind) {
  case ANIMA_FIELD_OBJECT:
  case ANIMA_FIELD_VARIANT:
    return item && json_is_object(value) && variant_writable(d, item, value);
  case ANIMA_FIELD_MAP: {
    map_comment comment = find_map_comment(field, value);
    if (!item || !json_is_object(value) || json_object_size(value) == 0 ||
        comment == LATER_COMMENT) {
      return false;
    }
    const char *key;
    json_object_foreach((json_t *)value, key, element) {
      if (comment == FIRST_COMMENT && strcmp(key, "$comment") == 0) {
        continue;
      }
      markup_buffer probe = {0};
      bool ok =
          field->item_field
              ? markup_encode_field(field->item_field->kind, element, &probe)
              : json_is_object(element) && variant_writable(d, item, element);
      markup_buffer_free(&probe);
      if (!ok) {
        return false;
      }
    }
    return true;
  }
  case ANIMA_FIELD_ARRAY:
  case ANIMA_FIELD_VARIANTS:
  case ANIMA_FIELD_NODES:
    if (!json_is_array(value) || json_array_size(value) == 0 ||
        (field->kind != ANIMA_FIELD_NODES && !item)) {
      return false;
    }
    json_array_foreach(value, index, element) {
      if (!json_is_object(element) ||
          (item && !variant_writable(d, item, element))) {
        return false;
      }
      if (field->kind == ANIMA_FIELD_NODES &&
          !markup_node_kind(d->registry, json_string_value(json_object_get(
                                             element, "type")))) {
        return false;
      }
    }
    return true;
  default:
    return false;
  }
}

/* ---- children ----------------------------------------------------------- */

static void write_track(decompiler *d, const char *address, const json_t *keys,
                        size_t indent) {
  markup_buffer alias = {0}, text = {0};
  markup_address_to_markup(d->registry, &d->ids, address, &alias);
  start_tag tag = {0};
  decompiler_tag_add(&tag, "target", markup_buffer_string(&alias), '"');
  size_t index;
  const json_t *key;
  json_array_foreach(keys, index, key) {
    if (index > 0) {
      markup_buffer_append_string(&text, "; ");
    }
    markup_encode_key(key, &text);
  }
  decompiler_comments_at(d, 'b', false, indent, true);
  bool inside = decompiler_comments_at(d, 'e', false, indent, false);
  size_t line_start = d->out->length;
  decompiler_write_start(d, "track", &tag, indent);
  markup_buffer_append_char(d->out, '>');
  markup_buffer escaped = {0};
  markup_buffer_append_xml_text(&escaped, markup_buffer_string(&text));
  size_t line = d->out->length - line_start + escaped.length + 8;
  if (!inside && line <= decompiler_line_width &&
      !strchr(d->out->data + line_start, '\n')) {
    markup_buffer_append(d->out, escaped.data, escaped.length);
  } else {
    json_array_foreach(keys, index, key) {
      markup_buffer one = {0};
      markup_encode_key(key, &one);
      markup_buffer_append_char(d->out, '\n');
      decompiler_indent_to(d->out, indent + 2);
      markup_buffer_append_xml_text(d->out, markup_buffer_string(&one));
      if (index + 1 < json_array_size(keys)) {
        markup_buffer_append_char(d->out, ';');
      }
      markup_buffer_free(&one);
    }
    markup_buffer_append_char(d->out, '\n');
    decompiler_comments_at(d, 'e', false, indent + 2, true);
    decompiler_indent_to(d->out, indent);
  }
  markup_buffer_append_string(d->out, "</track>\n");
  markup_buffer_free(&escaped);
  markup_buffer_free(&alias);
  markup_buffer_free(&text);
  decompiler_tag_free(&tag);
}

static void write_children(decompiler *d, const anima_field *field,
                           const json_t *value, size_t indent) {
  size_t mark = d->pointer.length;
  markup_buffer_append_pointer_token(&d->pointer, field->name);
  const anima_kind *item = markup_item_kind(d->registry, field);
  markup_codec codec = markup_field_codec(field);
  const char *key;
  const json_t *member;
  size_t index;
  if (codec == MARKUP_CODEC_TRACKS) {
    json_object_foreach((json_t *)value, key, member) {
      if (strcmp(key, "$comment") == 0) {
        continue; /* the attribute tracks._comment */
      }
      size_t item_mark = d->pointer.length;
      markup_buffer_append_pointer_token(&d->pointer, key);
      write_track(d, key, member, indent);
      markup_buffer_truncate(&d->pointer, item_mark);
    }
  } else if (codec == MARKUP_CODEC_EVENTS) {
    json_array_foreach(value, index, member) {
      size_t item_mark = d->pointer.length;
      markup_buffer_append_pointer_index(&d->pointer, index);
      start_tag tag = {0};
      markup_buffer at = {0};
      markup_buffer_append_number(&at,
                                  json_number_value(json_array_get(member, 0)));
      decompiler_tag_add(&tag, "at", markup_buffer_string(&at), '"');
      decompiler_tag_add(&tag, "name",
                         json_string_value(json_array_get(member, 1)), '"');
      decompiler_write_empty(d, "event", &tag, indent);
      markup_buffer_free(&at);
      decompiler_tag_free(&tag);
      markup_buffer_truncate(&d->pointer, item_mark);
    }
  } else if (codec == MARKUP_CODEC_POSE) {
    start_tag tag = {0};
    markup_buffer name = {0}, text = {0};
    json_object_foreach((json_t *)value, key, member) {
      markup_buffer_truncate(&name, 0);
      markup_buffer_truncate(&text, 0);
      if (strcmp(key, "$comment") == 0) {
        markup_buffer_append_string(&name, "_comment");
      } else {
        markup_address_to_markup(d->registry, &d->ids, key, &name);
      }
      markup_encode_untyped(member, &text);
      decompiler_tag_add(&tag, markup_buffer_string(&name),
                         markup_buffer_string(&text), '"');
    }
    decompiler_write_empty(d, "pose", &tag, indent);
    markup_buffer_free(&name);
    markup_buffer_free(&text);
    decompiler_tag_free(&tag);
  } else if (markup_field_form(field) == ANIMA_MARKUP_FLATTENED) {
    write_wrapper(d, field, value, indent);
  } else if (field->kind == ANIMA_FIELD_OBJECT ||
             field->kind == ANIMA_FIELD_VARIANT) {
    object_style style = {0};
    write_variant_object(d, anima_field_markup_name(field), item, value, style,
                         indent);
  } else if (field->kind == ANIMA_FIELD_MAP) {
    const char *key_attribute = item->key_field ? item->key_field : "name";
    json_object_foreach((json_t *)value, key, member) {
      if (strcmp(key, "$comment") == 0) {
        continue; /* the attribute <field>._comment */
      }
      size_t item_mark = d->pointer.length;
      markup_buffer_append_pointer_token(&d->pointer, key);
      if (field->item_field) {
        start_tag tag = {0};
        markup_buffer text = {0};
        markup_encode_field(field->item_field->kind, member, &text);
        decompiler_tag_add(&tag, key_attribute, key, '"');
        decompiler_tag_add(&tag, markup_item_field_name(field->item_field),
                           markup_buffer_string(&text), '"');
        decompiler_write_empty(d, markup_kind_element(item), &tag, indent);
        markup_buffer_free(&text);
        decompiler_tag_free(&tag);
      } else {
        object_style style = {.key_attribute = key_attribute, .key = key};
        write_variant_object(d, markup_kind_element(item), item, member, style,
                             indent);
      }
      markup_buffer_truncate(&d->pointer, item_mark);
    }
  } else {
    json_array_foreach(value, index, member) {
      size_t item_mark = d->pointer.length;
      markup_buffer_append_pointer_index(&d->pointer, index);
      if (field->kind == ANIMA_FIELD_NODES) {
        const anima_kind *kind = markup_node_kind(
            d->registry, json_string_value(json_object_get(member, "type")));
        object_style style = {.node_type = kind->name, .implied = "type"};
        write_object(d, markup_kind_element(kind), kind, member, &style,
                     indent);
      } else {
        object_style style = {0};
        write_variant_object(d, markup_kind_element(item), item, member, style,
                             indent);
      }
      markup_buffer_truncate(&d->pointer, item_mark);
    }
  }
  markup_buffer_truncate(&d->pointer, mark);
}

/* ---- objects ------------------------------------------------------------ */

static bool is_special_key(const char *key) {
  return strcmp(key, "$comment") == 0 || strcmp(key, "$schema") == 0;
}

static void write_object(decompiler *d, const char *element,
                         const anima_kind *kind, const json_t *object,
                         const object_style *style, size_t indent) {
  const char *node_type = style->node_type;
  start_tag tag = {0};
  if (style->key_attribute) {
    decompiler_tag_add(&tag, style->key_attribute, style->key, '"');
  }
  size_t count = 0;
  const anima_field **fields =
      markup_canonical_fields(d->registry, kind, &count);
  const anima_field **children = malloc((count ? count : 1) * sizeof *children);
  if (!children) {
    d->failed = true;
  }
  size_t child_count = 0;
  markup_buffer text = {0};
  const json_t *comment =
      style->own_only ? NULL : json_object_get(object, "$comment");
  if (comment) {
    markup_encode_untyped(comment, &text);
    decompiler_tag_add(&tag, "_comment", markup_buffer_string(&text), '"');
  }
  const json_t *schema = json_object_get(object, "$schema");
  if (schema && strcmp(kind->name, "document") == 0 && json_is_string(schema)) {
    decompiler_tag_add(&tag, "_schema", json_string_value(schema), '"');
  } else if (schema) {
    decompiler_unrepresentable(d, "$schema", "only the document has $schema");
  }
  for (size_t i = 0; fields && children && i < count; i++) {
    const anima_field *field = fields[i];
    const json_t *value = json_object_get(object, field->name);
    if (!value ||
        (style->implied && strcmp(field->name, style->implied) == 0) ||
        (style->own_only && strcmp(field->owner, kind->name) != 0)) {
      continue;
    }
    const char *name = anima_field_markup_name(field);
    anima_markup_form form = markup_field_form(field);
    markup_codec codec = markup_field_codec(field);
    markup_buffer_truncate(&text, 0);
    if (form == ANIMA_MARKUP_FLATTENED) {
      if (add_flattened(d, &tag, field, value, node_type)) {
        children[child_count++] = field; /* the <field> element */
      }
    } else if (codec == MARKUP_CODEC_ASSIGNMENTS) {
      map_comment comment = find_map_comment(field, value);
      json_t *assignments = comment == FIRST_COMMENT
                                ? json_copy((json_t *)value)
                                : json_incref((json_t *)value);
      if (comment == FIRST_COMMENT) {
        json_object_del(assignments, "$comment");
      }
      if (assignments && comment != LATER_COMMENT &&
          json_object_size(assignments) > 0 &&
          markup_encode_assignments(assignments, &text)) {
        decompiler_tag_add(&tag, name, markup_buffer_string(&text), '"');
        add_map_comment(&tag, field, value);
      } else if (json_is_object(value)) {
        add_json(&tag, name, value);
      } else {
        decompiler_unrepresentable(d, field->name, "it must be an object");
      }
      json_decref(assignments);
    } else if (form == ANIMA_MARKUP_ATTRIBUTE) {
      if (markup_encode_field(field->kind, value, &text)) {
        decompiler_tag_add(&tag, name, markup_buffer_string(&text), '"');
      } else {
        markup_buffer_truncate(&text, 0);
        markup_encode_json(value, &text);
        bool escapable = field->kind != ANIMA_FIELD_STRING &&
                         field->kind != ANIMA_FIELD_NAME &&
                         field->kind != ANIMA_FIELD_ENUM &&
                         field->kind != ANIMA_FIELD_COLOR &&
                         strchr("\"[{", markup_buffer_string(&text)[0]);
        if (escapable) {
          decompiler_tag_add(&tag, name, markup_buffer_string(&text), '\'');
        } else {
          decompiler_unrepresentable(d, field->name,
                                     "its type does not match the key");
        }
      }
    } else if ((form == ANIMA_MARKUP_CHILDREN ||
                form == ANIMA_MARKUP_SPECIAL) &&
               structural(d, field, value)) {
      add_map_comment(&tag, field, value);
      children[child_count++] = field;
    } else {
      add_json(&tag, name, value);
    }
  }
  /* Keys the registry does not define have no spelling. */
  const char *member;
  const json_t *value;
  json_object_foreach((json_t *)object, member, value) {
    bool known = style->own_only || is_special_key(member) ||
                 anima_registry_find_field(d->registry, kind->name, member);
    if (!known) {
      decompiler_unrepresentable(d, member, "the key is not defined here");
    }
  }
  bool root = d->pointer.length == 0;
  if (child_count == 0 &&
      !decompiler_comments_at(d, 'e', root, indent, false)) {
    decompiler_write_empty(d, element, &tag, indent);
  } else {
    decompiler_comments_at(d, 'b', false, indent, true);
    decompiler_write_start(d, element, &tag, indent);
    markup_buffer_append_string(d->out, ">\n");
    for (size_t i = 0; i < child_count; i++) {
      write_children(d, children[i], json_object_get(object, children[i]->name),
                     indent + 2);
    }
    /* The root also takes comments whose element was not written. */
    decompiler_comments_at(d, 'e', false, indent + 2, true);
    decompiler_comments_at(d, 'e', root, indent + 2, true);
    decompiler_indent_to(d->out, indent);
    markup_buffer_appendf(d->out, "</%s>\n", element);
  }
  markup_buffer_free(&text);
  free(children);
  free(fields);
  decompiler_tag_free(&tag);
}

/* Collects node ids (for address aliases) from a node list. */
static void collect_ids(decompiler *d, const json_t *nodes) {
  size_t index;
  const json_t *node;
  json_array_foreach(nodes, index, node) {
    const char *id = json_string_value(json_object_get(node, "id"));
    const anima_kind *kind = markup_node_kind(
        d->registry, json_string_value(json_object_get(node, "type")));
    if (id && kind) {
      markup_ids_add(&d->ids, id, kind->name);
    }
    size_t count = 0;
    const anima_field *const *fields =
        kind ? anima_registry_fields(d->registry, kind->name, &count) : NULL;
    for (size_t i = 0; i < count; i++) {
      if (fields[i]->kind == ANIMA_FIELD_NODES) {
        collect_ids(d, json_object_get(node, fields[i]->name));
      }
    }
  }
}

bool markup_decompile(const anima_registry *registry, const json_t *document,
                      const markup_comments *comments,
                      anima_diagnostics *diagnostics, markup_buffer *out) {
  decompiler d = {.registry = registry,
                  .diagnostics = diagnostics,
                  .out = out,
                  .comments = comments};
  if (comments && comments->count > 0) {
    d.written = calloc(comments->count, sizeof *d.written);
    if (!d.written) {
      return false;
    }
  }
  const anima_kind *kind = anima_registry_find_kind(registry, "document");
  if (!kind || !json_is_object(document)) {
    decompiler_unrepresentable(&d, NULL, "a document is a JSON object");
    return false;
  }
  size_t count = 0;
  const anima_field *const *fields =
      anima_registry_fields(registry, kind->name, &count);
  for (size_t i = 0; i < count; i++) {
    if (fields[i]->kind == ANIMA_FIELD_NODES) {
      collect_ids(&d, json_object_get(document, fields[i]->name));
    }
  }
  object_style style = {0};
  write_object(&d, markup_kind_element(kind), kind, document, &style, 0);
  markup_buffer_free(&d.pointer);
  markup_ids_free(&d.ids);
  free(d.written);
  return !d.failed && !out->failed;
}
