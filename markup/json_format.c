/*
 * json_format.c — canonical `.ani` text (docs/ANIML.md "Canonical .ani").
 *
 * Members of objects whose kind the registry knows come in registry order
 * (`$schema`, `$comment` first; unknown keys last, as written); maps, free
 * values (`meta`) and arrays keep their order. Two-space indentation; a
 * container is written on one line when it nests at most two levels and
 * the line stays within 80 columns. Numbers in shortest round-trip form,
 * except inside free-form values (`meta`): there as written, which tools
 * preserve (SPEC §2).
 * The output depends only on the JSON value, so formatting is idempotent.
 */
#include <stdlib.h>
#include <string.h>

#include "markup_internal.h"

enum { line_width = 80, inline_depth = 2 };

typedef enum context_type {
  CONTEXT_FREE = 0, /* any JSON: keep order */
  CONTEXT_OBJECT,   /* an object of `kind` */
  CONTEXT_MAP,      /* {name: object of kind} */
  CONTEXT_ARRAY,    /* [object of kind] */
  CONTEXT_NODES,    /* [node]: kind from each item's type */
} context_type;

typedef struct context {
  context_type type;
  const anima_kind *kind;
  bool free_form; /* inside a free-form value (meta): numbers as written */
} context;

typedef struct member {
  const char *key;
  const json_t *value;
} member;

/* The context of `object[key]` for an object of `kind`. */
static context member_context(markup_kinds *kinds, const anima_kind *kind,
                              const char *key) {
  const markup_kind_info *info = markup_kinds_get(kinds, kind);
  size_t index = 0;
  const anima_field *field = markup_kind_field(info, key, &index);
  context result = {CONTEXT_FREE, NULL, false};
  if (!field) {
    return result;
  }
  if (field->kind == ANIMA_FIELD_ANY) {
    result.free_form = true;
    return result;
  }
  const anima_kind *item = info->items[index];
  switch (field->kind) {
  case ANIMA_FIELD_OBJECT:
  case ANIMA_FIELD_VARIANT:
    result = (context){item ? CONTEXT_OBJECT : CONTEXT_FREE, item, false};
    break;
  case ANIMA_FIELD_MAP:
    result = (context){item && !field->item_field ? CONTEXT_MAP : CONTEXT_FREE,
                       item, false};
    break;
  case ANIMA_FIELD_ARRAY:
  case ANIMA_FIELD_VARIANTS:
    result = (context){item ? CONTEXT_ARRAY : CONTEXT_FREE, item, false};
    break;
  case ANIMA_FIELD_NODES:
    result = (context){CONTEXT_NODES, NULL, false};
    break;
  default:
    break;
  }
  return result;
}

/* The context of item `value` of a container in context `parent`. */
static context item_context(markup_kinds *kinds, context parent,
                            const json_t *value) {
  switch (parent.type) {
  case CONTEXT_MAP:
  case CONTEXT_ARRAY:
    return (context){CONTEXT_OBJECT, parent.kind, false};
  case CONTEXT_NODES: {
    const anima_kind *kind = markup_node_kind(
        kinds->registry, json_string_value(json_object_get(value, "type")));
    return (context){kind ? CONTEXT_OBJECT : CONTEXT_FREE, kind, false};
  }
  default:
    return (context){CONTEXT_FREE, NULL, parent.free_form};
  }
}

/* The members of `object` in canonical order; malloc'd, `count` entries. */
static member *ordered_members(markup_kinds *kinds, const json_t *object,
                               context here, size_t *count) {
  size_t size = json_object_size(object);
  member *members = malloc((size ? size : 1) * sizeof *members);
  *count = 0;
  if (!members) {
    return NULL;
  }
  const char *key;
  const json_t *value;
  if (here.type != CONTEXT_OBJECT || !here.kind) {
    json_object_foreach((json_t *)object, key, value) {
      members[(*count)++] = (member){key, value};
    }
    return members;
  }
  static const char *const leading[] = {"$schema", "$comment"};
  for (size_t i = 0; i < 2; i++) {
    value = json_object_get(object, leading[i]);
    if (value) {
      members[(*count)++] = (member){leading[i], value};
    }
  }
  /* A variant object: its family's fields, then the variant's. */
  const markup_kind_info *info = markup_kinds_get(
      kinds, markup_object_kind(kinds->registry, here.kind, object));
  size_t field_count = info ? info->count : 0;
  const anima_field *const *fields = info ? info->fields : NULL;
  for (size_t i = 0; i < field_count; i++) {
    value = json_object_get(object, fields[i]->name);
    if (value) {
      members[(*count)++] = (member){fields[i]->name, value};
    }
  }
  json_object_foreach((json_t *)object, key, value) {
    bool placed = strcmp(key, "$schema") == 0 || strcmp(key, "$comment") == 0;
    for (size_t i = 0; i < field_count && !placed; i++) {
      placed = strcmp(fields[i]->name, key) == 0;
    }
    if (!placed) {
      members[(*count)++] = (member){key, value};
    }
  }
  return members;
}

/* Nesting depth, stopping early above `limit`. */
static size_t depth(const json_t *value, size_t limit) {
  size_t deepest = 0;
  if (json_is_array(value)) {
    size_t index;
    const json_t *item;
    json_array_foreach(value, index, item) {
      size_t d = depth(item, limit);
      deepest = d > deepest ? d : deepest;
      if (deepest > limit) {
        break;
      }
    }
    return deepest + 1;
  }
  if (json_is_object(value)) {
    const char *key;
    const json_t *member_value;
    json_object_foreach((json_t *)value, key, member_value) {
      size_t d = depth(member_value, limit);
      deepest = d > deepest ? d : deepest;
      if (deepest > limit) {
        break;
      }
    }
    return deepest + 1;
  }
  return 0;
}

static void write_value(markup_kinds *kinds, const json_t *value, context here,
                        size_t indent, size_t column, markup_buffer *out);

/* One-line form. */
static void write_inline(markup_kinds *kinds, const json_t *value, context here,
                         markup_buffer *out) {
  if (json_is_object(value)) {
    if (json_object_size(value) == 0) {
      markup_buffer_append_string(out, "{}");
      return;
    }
    size_t count = 0;
    member *members = ordered_members(kinds, value, here, &count);
    markup_buffer_append_string(out, "{ ");
    for (size_t i = 0; members && i < count; i++) {
      if (i > 0) {
        markup_buffer_append_string(out, ", ");
      }
      markup_buffer_append_json_string(out, members[i].key,
                                       strlen(members[i].key));
      markup_buffer_append_string(out, ": ");
      context inner = here.type == CONTEXT_OBJECT && here.kind
                          ? member_context(kinds,
                                           markup_object_kind(kinds->registry,
                                                              here.kind, value),
                                           members[i].key)
                          : item_context(kinds, here, members[i].value);
      write_inline(kinds, members[i].value, inner, out);
    }
    markup_buffer_append_string(out, " }");
    free(members);
  } else if (json_is_array(value)) {
    markup_buffer_append_char(out, '[');
    size_t index;
    const json_t *item;
    json_array_foreach(value, index, item) {
      if (index > 0) {
        markup_buffer_append_string(out, ", ");
      }
      write_inline(kinds, item, item_context(kinds, here, item), out);
    }
    markup_buffer_append_char(out, ']');
  } else if (json_is_string(value)) {
    markup_buffer_append_json_string(out, json_string_value(value),
                                     json_string_length(value));
  } else {
    const markup_raw_number *raw =
        here.free_form ? markup_raw_numbers_find(kinds->raw_numbers, value)
                       : NULL;
    if (raw) {
      markup_buffer_append(out, raw->text, raw->length);
    } else {
      markup_encode_json(value, out);
    }
  }
}

static void newline(markup_buffer *out, size_t indent) {
  markup_buffer_append_char(out, '\n');
  markup_buffer_append_spaces(out, indent);
}

/* `column`: where the value starts on its line (after `"key": `). The one
 * character after it (a comma) counts against the line width. */
static void write_value(markup_kinds *kinds, const json_t *value, context here,
                        size_t indent, size_t column, markup_buffer *out) {
  bool container = json_is_object(value) || json_is_array(value);
  /* The document itself is never folded onto one line. */
  bool foldable = column > 0 || indent > 0 ||
                  (json_is_object(value) ? json_object_size(value)
                                         : json_array_size(value)) == 0;
  if (!container || (foldable && depth(value, inline_depth) <= inline_depth)) {
    size_t start = out->length;
    write_inline(kinds, value, here, out);
    if (!container || column + (out->length - start) + 1 <= line_width ||
        (json_is_object(value) ? json_object_size(value)
                               : json_array_size(value)) == 0) {
      return;
    }
    markup_buffer_truncate(out, start);
  }
  if (json_is_array(value)) {
    markup_buffer_append_char(out, '[');
    size_t index;
    const json_t *item;
    json_array_foreach(value, index, item) {
      newline(out, indent + 2);
      write_value(kinds, item, item_context(kinds, here, item), indent + 2,
                  indent + 2, out);
      if (index + 1 < json_array_size(value)) {
        markup_buffer_append_char(out, ',');
      }
    }
    newline(out, indent);
    markup_buffer_append_char(out, ']');
    return;
  }
  size_t count = 0;
  member *members = ordered_members(kinds, value, here, &count);
  markup_buffer_append_char(out, '{');
  for (size_t i = 0; members && i < count; i++) {
    newline(out, indent + 2);
    size_t start = out->length;
    markup_buffer_append_json_string(out, members[i].key,
                                     strlen(members[i].key));
    markup_buffer_append_string(out, ": ");
    context inner =
        here.type == CONTEXT_OBJECT && here.kind
            ? member_context(
                  kinds, markup_object_kind(kinds->registry, here.kind, value),
                  members[i].key)
            : item_context(kinds, here, members[i].value);
    write_value(kinds, members[i].value, inner, indent + 2,
                indent + 2 + (out->length - start), out);
    if (i + 1 < count) {
      markup_buffer_append_char(out, ',');
    }
  }
  newline(out, indent);
  markup_buffer_append_char(out, '}');
  free(members);
}

void markup_format_json(const anima_registry *registry, const json_t *document,
                        const markup_raw_numbers *raw_numbers,
                        markup_buffer *out) {
  markup_kinds kinds = {.registry = registry, .raw_numbers = raw_numbers};
  const anima_kind *kind = anima_registry_find_kind(registry, "document");
  context here = {kind && json_is_object(document) ? CONTEXT_OBJECT
                                                   : CONTEXT_FREE,
                  kind, false};
  write_value(&kinds, document, here, 0, 0, out);
  markup_kinds_free(&kinds);
  markup_buffer_append_char(out, '\n');
}
