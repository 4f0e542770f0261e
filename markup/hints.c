/*
 * hints.c — loader hints in AniML spelling (docs/ANIML.md §8).
 *
 * The `.ani` loader writes its hints in JSON spelling: a key is quoted
 * (`add "color"`), a key with a value is a JSON member (`"loop": "once"`).
 * When a diagnostic is mapped back onto AniML, each quoted key becomes its
 * registry markup spelling: an attribute `"view-box"`, a member
 * `loop="once"`, a flattened paint member `"stroke"`, a child object
 * `<hit>`, a map or array item `a <color> element`. Keys are resolved in
 * the objects along the diagnostic's pointer (innermost first); a member is
 * also resolved anywhere in the registry when every field of that name is
 * spelled alike. A key inside a value the author wrote as JSON text keeps
 * its JSON spelling, and a quoted word that names something of the
 * author's (a slot, an input, a string value) is left alone. Nothing here
 * knows a key by name: everything comes from the registry.
 */
#include <stdlib.h>
#include <string.h>

#include "markup_internal.h"

static const size_t json_flags = JSON_DECODE_ANY | JSON_DECODE_INT_AS_REAL;

/* The field `name` of a scope's kind, or NULL. A node's `type` is its
 * element, so it has no attribute spelling. */
static const anima_field *scope_field(const anima_registry *registry,
                                      const markup_hint_scope *scope,
                                      const char *name) {
  const anima_field *field =
      anima_registry_find_field(registry, scope->kind->name, name);
  if (field && (scope->kind->flags & ANIMA_KIND_NODE_TYPE) &&
      strcmp(field->name, "type") == 0) {
    return NULL;
  }
  return field;
}

/* ---- scopes along a pointer -------------------------------------------- */

/* Copies the next pointer token (RFC 6901 unescaped) into `token`; returns
 * the offset after it, or 0 at the end. */
static size_t next_token(const char *pointer, size_t at, markup_buffer *token) {
  markup_buffer_truncate(token, 0);
  markup_buffer_append(token, "", 0);
  if (pointer[at] != '/') {
    return 0;
  }
  for (at++; pointer[at] && pointer[at] != '/'; at++) {
    char c = pointer[at];
    if (c == '~' && (pointer[at + 1] == '0' || pointer[at + 1] == '1')) {
      c = pointer[++at] == '0' ? '~' : '/';
    }
    markup_buffer_append_char(token, c);
  }
  return at;
}

/* The item at array index `token`, or NULL. */
static const json_t *array_item(const json_t *array, const char *token) {
  char *end = NULL;
  unsigned long index = strtoul(token, &end, 10);
  return (*token && end && *end == '\0') ? json_array_get(array, index) : NULL;
}

size_t markup_hint_scopes(const anima_registry *registry,
                          const markup_compiled *compiled, const char *pointer,
                          markup_hint_scope *scopes, size_t capacity) {
  const anima_kind *document = anima_registry_find_kind(registry, "document");
  if (!document || capacity == 0 || !compiled->document || !pointer) {
    return 0;
  }
  size_t count = 0;
  scopes[count++] = (markup_hint_scope){.kind = document};
  const json_t *value = compiled->document;
  markup_buffer token = {0}, walked = {0};
  size_t at = 0;
  while (count < capacity && (at = next_token(pointer, at, &token)) != 0) {
    const markup_hint_scope *scope = &scopes[count - 1];
    const char *name = markup_buffer_string(&token);
    const anima_field *field = scope_field(registry, scope, name);
    markup_buffer_append_pointer_token(&walked, name);
    value = json_object_get(value, name);
    if (!field || !value) {
      break;
    }
    markup_hint_scope next = {
        .node_type = scope->node_type,
        .json = scope->json || markup_compiled_is_json(
                                   compiled, markup_buffer_string(&walked))};
    const anima_kind *item = markup_item_kind(registry, field);
    if (field->kind == ANIMA_FIELD_OBJECT ||
        field->kind == ANIMA_FIELD_VARIANT) {
      next.kind = markup_object_kind(registry, item, value);
      if (markup_field_form(field) == ANIMA_MARKUP_FLATTENED) {
        next.flattened = field;
      }
    } else if ((field->kind == ANIMA_FIELD_MAP ||
                field->kind == ANIMA_FIELD_ARRAY ||
                field->kind == ANIMA_FIELD_VARIANTS ||
                field->kind == ANIMA_FIELD_NODES) &&
               (at = next_token(pointer, at, &token)) != 0) {
      name = markup_buffer_string(&token);
      markup_buffer_append_pointer_token(&walked, name);
      value = field->kind == ANIMA_FIELD_MAP ? json_object_get(value, name)
                                             : array_item(value, name);
      if (field->kind == ANIMA_FIELD_NODES) {
        item = markup_node_kind(
            registry, json_string_value(json_object_get(value, "type")));
        next.node_type = item ? item->name : NULL;
      }
      next.kind =
          field->item_field ? NULL : markup_object_kind(registry, item, value);
    }
    if (!next.kind || !json_is_object(value)) {
      break;
    }
    scopes[count++] = next;
  }
  markup_buffer_free(&token);
  markup_buffer_free(&walked);
  return count;
}

/* ---- the author's own names --------------------------------------------- */

static void add_name(markup_names *names, const char *name) {
  if (names->failed) {
    return;
  }
  if (names->count == names->capacity) {
    size_t capacity = names->capacity ? names->capacity * 2 : 64;
    const char **grown = realloc(names->items, capacity * sizeof *grown);
    if (!grown) {
      names->failed = true;
      return;
    }
    names->items = grown;
    names->capacity = capacity;
  }
  names->items[names->count++] = name;
}

static void collect_names(const anima_registry *registry,
                          const anima_kind *kind, const json_t *value,
                          markup_names *names, int depth);

/* The same over the members of an object of `kind`. */
static void collect_object_names(const anima_registry *registry,
                                 const anima_kind *kind, const json_t *object,
                                 markup_names *names, int depth) {
  const char *key;
  const json_t *member;
  json_object_foreach((json_t *)object, key, member) {
    const anima_field *field =
        kind ? anima_registry_find_field(registry, kind->name, key) : NULL;
    if (kind && !field) {
      continue; /* an unknown key: reported, not the author's name */
    }
    if (!kind) {
      add_name(names, key); /* a key of a map or free value */
    }
    const anima_kind *item = field ? markup_item_kind(registry, field) : NULL;
    if (field && field->kind == ANIMA_FIELD_MAP && json_is_object(member)) {
      const char *name;
      const json_t *entry;
      json_object_foreach((json_t *)member, name, entry) {
        add_name(names, name);
        collect_names(registry, field->item_field ? NULL : item, entry, names,
                      depth + 1);
      }
    } else if (field && field->kind == ANIMA_FIELD_NODES &&
               json_is_array(member)) {
      size_t index;
      const json_t *node;
      json_array_foreach(member, index, node) {
        const anima_kind *node_kind = markup_node_kind(
            registry, json_string_value(json_object_get(node, "type")));
        collect_names(registry, node_kind, node, names, depth + 1);
      }
    } else {
      collect_names(registry, item, member, names, depth + 1);
    }
  }
}

/* Every string value, and every key of a map or free value, anywhere in
 * `value` (an object of `kind`; free JSON when `kind` is NULL): a quoted
 * word in a hint that is one of them is the author's name. */
static void collect_names(const anima_registry *registry,
                          const anima_kind *kind, const json_t *value,
                          markup_names *names, int depth) {
  if (depth > 64) {
    return;
  }
  if (json_is_string(value)) {
    add_name(names, json_string_value(value));
  } else if (json_is_array(value)) {
    size_t index;
    const json_t *item;
    json_array_foreach(value, index, item) {
      collect_names(registry, kind, item, names, depth + 1);
    }
  } else if (json_is_object(value)) {
    collect_object_names(registry, kind, value, names, depth);
  }
}

static int compare_names(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void markup_names_collect(const anima_registry *registry,
                          const json_t *document, markup_names *names) {
  *names = (markup_names){0};
  const anima_kind *kind = anima_registry_find_kind(registry, "document");
  if (!document || !kind) {
    return;
  }
  collect_names(registry, kind, document, names, 0);
  if (names->count > 1) {
    qsort(names->items, names->count, sizeof *names->items, compare_names);
  }
  names->ready = !names->failed;
}

bool markup_names_has(const markup_names *names, const char *word) {
  return names && names->ready &&
         bsearch(&word, names->items, names->count, sizeof *names->items,
                 compare_names) != NULL;
}

void markup_names_free(markup_names *names) {
  free(names->items);
  *names = (markup_names){0};
}

/* ---- spelling one key --------------------------------------------------- */

typedef struct speller {
  const anima_registry *registry;
  const markup_hint_scope *scopes; /* outermost first */
  size_t count;
  const markup_names *names; /* the author's names; may be NULL */
} speller;

static void spell_text(const speller *s, const char *hint, size_t length,
                       markup_buffer *out);

/* The attribute of `field` in `scope` (flattened paint members take their
 * alias: stroke.color -> stroke). */
static void attribute_name(const speller *s, const markup_hint_scope *scope,
                           const anima_field *field, markup_buffer *out) {
  /* A variant's own field is an attribute of the variant element inside
   * <fill>, not a prefixed attribute of the owner. */
  if (scope->flattened && scope->flattened->item_kind &&
      strcmp(field->owner, scope->flattened->item_kind) == 0) {
    markup_flattened_name(s->registry, scope->node_type, scope->flattened,
                          field, out);
  } else {
    markup_buffer_append_string(out, anima_field_markup_name(field));
  }
}

/* The element a field's items, object or codec are written as, and
 * whether it stands for several items (maps, arrays). NULL when the field
 * is an attribute. */
static const char *field_element(const speller *s, const anima_field *field,
                                 bool *several) {
  *several = false;
  markup_codec codec = markup_field_codec(field);
  anima_markup_form form = markup_field_form(field);
  if (codec != MARKUP_CODEC_NONE) {
    *several = codec != MARKUP_CODEC_POSE;
    return markup_codec_element(codec);
  }
  if (form != ANIMA_MARKUP_CHILDREN) {
    return NULL;
  }
  if (field->kind == ANIMA_FIELD_OBJECT) {
    return anima_field_markup_name(field);
  }
  *several = true;
  const anima_kind *item = markup_item_kind(s->registry, field);
  return item ? markup_kind_element(item) : NULL;
}

/* `a <color> element`, `an <input> element`. */
static void append_one_element(markup_buffer *out, const char *element) {
  bool vowel = strchr("aeiou", element[0]) != NULL;
  markup_buffer_appendf(out, "%s <%s> element", vowel ? "an" : "a", element);
}

/* `a node element such as <group>` (the first node type registered). */
static void append_node_element(const anima_registry *registry,
                                markup_buffer *out) {
  markup_buffer_append_string(out, "a node element");
  size_t count = anima_registry_kind_count(registry);
  for (size_t i = 0; i < count; i++) {
    const anima_kind *kind = anima_registry_kind(registry, i);
    if (kind->flags & ANIMA_KIND_NODE_TYPE) {
      markup_buffer_appendf(out, " such as <%s>", markup_kind_element(kind));
      return;
    }
  }
}

/* A field mentioned without a value. */
static void spell_bare(const speller *s, const markup_hint_scope *scope,
                       const anima_field *field, markup_buffer *out) {
  if (scope->flattened &&
      field == markup_discriminator(s->registry, scope->kind)) {
    /* A flattened object's variant is an element inside <fill>. */
    markup_buffer_appendf(out, "<%s>",
                          anima_field_markup_name(scope->flattened));
    return;
  }
  bool several = false;
  const char *element =
      scope->flattened ? NULL : field_element(s, field, &several);
  if (field->kind == ANIMA_FIELD_NODES &&
      markup_field_form(field) == ANIMA_MARKUP_CHILDREN) {
    append_node_element(s->registry, out);
  } else if (element && several) {
    append_one_element(out, element);
  } else if (element) {
    markup_buffer_appendf(out, "<%s>", element);
  } else {
    markup_buffer_append_char(out, '"');
    attribute_name(s, scope, field, out);
    markup_buffer_append_char(out, '"');
  }
}

/* `name="text"`, single-quoted when the text holds a double quote. */
static void append_attribute(markup_buffer *out, const char *name,
                             const char *text) {
  char quote = strchr(text, '"') ? '\'' : '"';
  markup_buffer_appendf(out, "%s=%c%s%c", name, quote, text, quote);
}

/* A placeholder list such as `[cx, cy]` as `cx cy`. */
static void append_list_text(markup_buffer *out, const char *text,
                             size_t length) {
  bool space = false;
  for (size_t i = 1; i + 1 < length; i++) {
    char c = text[i];
    if (c == ',' || markup_is_space(c) || c == '"') {
      space = space || c == ',';
      continue;
    }
    if (space) {
      markup_buffer_append_char(out, ' ');
      space = false;
    }
    markup_buffer_append_char(out, c);
  }
}

/* The attribute text of `value_text` (JSON, or a placeholder such as
 * `[cx, cy]` or `{...}`) for an attribute field. */
static void attribute_text(const anima_field *field, const char *value_text,
                           size_t length, markup_buffer *out) {
  json_t *value = json_loadb(value_text, length, json_flags, NULL);
  anima_markup_form form = markup_field_form(field);
  bool written = false;
  if (value && form == ANIMA_MARKUP_ATTRIBUTE) {
    written = markup_encode_field(field->kind, value, out);
  } else if (value && json_is_string(value)) {
    markup_buffer_append_string(out, json_string_value(value));
    written = true;
  }
  if (!written && value) {
    markup_encode_json(value, out);
  } else if (!written && value_text[0] == '[' &&
             form == ANIMA_MARKUP_ATTRIBUTE) {
    append_list_text(out, value_text, length);
  } else if (!written) {
    markup_buffer_append(out, value_text, length);
  }
  json_decref(value);
}

/* The attributes of a JSON object's members in the scope of `kind`:
 * ` a="1" b="2"`. False when the text is not a JSON object. */
static bool member_attributes(const speller *s, const markup_hint_scope *scope,
                              const char *value_text, size_t length,
                              markup_buffer *out) {
  json_t *value = json_loadb(value_text, length, json_flags, NULL);
  if (!json_is_object(value) || !scope->kind) {
    json_decref(value);
    return false;
  }
  speller inner = {.registry = s->registry, .scopes = scope, .count = 1};
  const char *key;
  json_t *member;
  markup_buffer member_text = {0};
  json_object_foreach(value, key, member) {
    markup_buffer_truncate(&member_text, 0);
    markup_buffer_append_json_string(&member_text, key, strlen(key));
    markup_buffer_append_string(&member_text, ": ");
    markup_encode_json(member, &member_text);
    markup_buffer_append_char(out, ' ');
    spell_text(&inner, markup_buffer_string(&member_text), member_text.length,
               out);
  }
  markup_buffer_free(&member_text);
  json_decref(value);
  return true;
}

/* A field with a value (`"loop": "once"` -> `loop="once"`). */
static void spell_member(const speller *s, const markup_hint_scope *scope,
                         const anima_field *field, const char *value_text,
                         size_t length, markup_buffer *out) {
  /* A discriminator and its value are the variant's element: `"type":
   * "radial"` is <radialGradient>. */
  const anima_field *discriminator =
      markup_discriminator(s->registry, scope->kind);
  if (field == discriminator) {
    json_t *value = json_loadb(value_text, length, json_flags, NULL);
    const anima_kind *family =
        scope->kind->variant_of
            ? anima_registry_find_kind(s->registry, scope->kind->variant_of)
            : scope->kind;
    const anima_kind *variant =
        json_is_string(value)
            ? anima_registry_find_variant(s->registry, family->name,
                                          json_string_value(value))
            : NULL;
    json_decref(value);
    if (variant) {
      markup_buffer_appendf(out, "<%s>", markup_kind_element(variant));
      return;
    }
  }
  bool several = false;
  const char *element =
      scope->flattened ? NULL : field_element(s, field, &several);
  const anima_kind *item = markup_item_kind(s->registry, field);
  markup_buffer name = {0}, text = {0};
  if (element) {
    markup_hint_scope inner = {.kind = several ? NULL : item,
                               .node_type = scope->node_type};
    markup_buffer_appendf(out, "<%s", element);
    if (!member_attributes(s, &inner, value_text, length, out)) {
      markup_buffer_append_string(out, " ...");
    }
    markup_buffer_append_string(out, "/>");
  } else if (markup_field_form(field) == ANIMA_MARKUP_FLATTENED && item) {
    markup_hint_scope inner = {
        .kind = item, .node_type = scope->node_type, .flattened = field};
    markup_buffer attributes = {0};
    if (member_attributes(s, &inner, value_text, length, &attributes)) {
      markup_buffer_append_string(out, markup_buffer_string(&attributes) + 1);
    } else {
      append_attribute(out, anima_field_markup_name(field), "...");
    }
    markup_buffer_free(&attributes);
  } else {
    attribute_name(s, scope, field, &name);
    attribute_text(field, value_text, length, &text);
    append_attribute(out, markup_buffer_string(&name),
                     markup_buffer_string(&text));
  }
  markup_buffer_free(&name);
  markup_buffer_free(&text);
}

/* ---- resolving a key ---------------------------------------------------- */

/* The innermost scope with a field `word`; NULL when none has one. */
static const markup_hint_scope *
find_in_scopes(const speller *s, const char *word, const anima_field **field) {
  for (size_t i = s->count; i-- > 0;) {
    if (s->scopes[i].kind &&
        (*field = scope_field(s->registry, &s->scopes[i], word)) != NULL) {
      return &s->scopes[i];
    }
  }
  return NULL;
}

/* The scope of `kind` when nothing along the pointer has the key: a kind
 * that is the item of a flattened field is spelled as that field's members
 * on a node type that has it. */
static markup_hint_scope global_scope(const anima_registry *registry,
                                      const anima_kind *kind) {
  markup_hint_scope scope = {.kind = kind};
  if (kind->flags & ANIMA_KIND_NODE_TYPE) {
    scope.node_type = kind->name;
  }
  size_t kind_count = anima_registry_kind_count(registry);
  for (size_t k = 0; k < kind_count && !scope.flattened; k++) {
    const anima_kind *owner = anima_registry_kind(registry, k);
    if (!(owner->flags & ANIMA_KIND_NODE_TYPE)) {
      continue;
    }
    size_t count = 0;
    const anima_field *const *fields =
        anima_registry_fields(registry, owner->name, &count);
    for (size_t i = 0; i < count; i++) {
      if (fields[i]->item_kind &&
          strcmp(fields[i]->item_kind, kind->name) == 0 &&
          markup_field_form(fields[i]) == ANIMA_MARKUP_FLATTENED) {
        scope.flattened = fields[i];
        scope.node_type = owner->name;
        break;
      }
    }
  }
  return scope;
}

/* A member whose key is in no scope: spelled when every registered field
 * of that name is spelled alike. */
static bool spell_member_anywhere(const speller *s, const char *word,
                                  const char *value_text, size_t length,
                                  markup_buffer *out) {
  markup_buffer first = {0}, other = {0};
  bool found = false, alike = true;
  size_t kind_count = anima_registry_kind_count(s->registry);
  for (size_t k = 0; k < kind_count && alike; k++) {
    const anima_kind *kind = anima_registry_kind(s->registry, k);
    markup_hint_scope scope = global_scope(s->registry, kind);
    const anima_field *field = scope_field(s->registry, &scope, word);
    if (!field) {
      continue;
    }
    markup_buffer *target = found ? &other : &first;
    markup_buffer_truncate(target, 0);
    spell_member(s, &scope, field, value_text, length, target);
    alike = !found || strcmp(markup_buffer_string(&first),
                             markup_buffer_string(&other)) == 0;
    found = true;
  }
  bool spelled = found && alike;
  if (spelled) {
    markup_buffer_append_string(out, markup_buffer_string(&first));
  }
  markup_buffer_free(&first);
  markup_buffer_free(&other);
  return spelled;
}

/* Bytes of the value after a member's colon: a JSON string, array or
 * object (placeholders such as `[cx, cy]` included), else a bare token up
 * to white space, `,`, `;` or `)`. */
static size_t value_extent(const char *text, size_t length) {
  size_t extent = markup_json_extent(text, length);
  if (extent > 0) {
    return extent;
  }
  size_t i = 0;
  while (i < length && !markup_is_space(text[i]) && !strchr(",;)", text[i])) {
    i++;
  }
  return i;
}

/* Rewrites one quoted word at `text` (a JSON string of `quoted` bytes):
 * appends its spelling and returns the bytes consumed, or 0 to copy it. */
static size_t spell_quoted(const speller *s, const char *text, size_t length,
                           size_t quoted, markup_buffer *out) {
  json_t *decoded = json_loadb(text, quoted, json_flags, NULL);
  const char *word = json_string_value(decoded);
  size_t consumed = 0;
  size_t at = quoted;
  while (at < length && text[at] == ' ') {
    at++;
  }
  bool member = at < length && text[at] == ':';
  size_t value_at = at + 1;
  while (member && value_at < length && text[value_at] == ' ') {
    value_at++;
  }
  size_t value_length =
      member ? value_extent(text + value_at, length - value_at) : 0;
  const anima_field *field = NULL;
  const markup_hint_scope *scope =
      word ? find_in_scopes(s, word, &field) : NULL;
  if (!word || (scope && scope->json) || (member && value_length == 0)) {
    consumed = 0; /* not a key, or a key inside JSON the author wrote */
  } else if (member && scope) {
    spell_member(s, scope, field, text + value_at, value_length, out);
    consumed = value_at + value_length;
  } else if (member && spell_member_anywhere(s, word, text + value_at,
                                             value_length, out)) {
    consumed = value_at + value_length;
  } else if (!member && scope && !markup_names_has(s->names, word)) {
    spell_bare(s, scope, field, out);
    consumed = quoted;
  }
  json_decref(decoded);
  return consumed;
}

static void spell_text(const speller *s, const char *hint, size_t length,
                       markup_buffer *out) {
  for (size_t i = 0; i < length;) {
    size_t quoted =
        hint[i] == '"' ? markup_json_extent(hint + i, length - i) : 0;
    size_t consumed =
        quoted ? spell_quoted(s, hint + i, length - i, quoted, out) : 0;
    if (consumed == 0) {
      size_t copy = quoted ? quoted : 1;
      markup_buffer_append(out, hint + i, copy);
      consumed = copy;
    }
    i += consumed;
  }
}

void markup_hint_spell(const anima_registry *registry,
                       const markup_hint_scope *scopes, size_t count,
                       const markup_names *names, const char *hint,
                       markup_buffer *out) {
  speller s = {
      .registry = registry, .scopes = scopes, .count = count, .names = names};
  spell_text(&s, hint, strlen(hint), out);
}

/* ---- foreign names ------------------------------------------------------ */

void markup_foreign_hint(const anima_registry *registry,
                         const anima_foreign_name *foreign,
                         const markup_hint_scope *scope, markup_buffer *out) {
  markup_buffer json = {0};
  if (foreign->kind) {
    markup_buffer_appendf(&json, "use \"%s\"", foreign->instead);
    if (foreign->example) {
      markup_buffer_appendf(&json, ": %s", foreign->example);
    }
    if (foreign->note) {
      markup_buffer_appendf(&json, "; %s", foreign->note);
    }
    markup_hint_spell(registry, scope, 1, NULL, markup_buffer_string(&json),
                      out);
  } else {
    const anima_kind *kind =
        anima_registry_find_kind(registry, foreign->instead);
    markup_hint_scope inner = {.kind = kind, .node_type = foreign->instead};
    markup_buffer_appendf(out, "use <%s",
                          kind ? markup_kind_element(kind) : foreign->instead);
    if (foreign->example && kind) {
      markup_buffer_append_char(out, ' ');
      markup_hint_spell(registry, &inner, 1, NULL, foreign->example, out);
    }
    markup_buffer_append_char(out, '>');
    if (foreign->note) {
      markup_buffer_append_string(out, "; ");
      markup_hint_spell(registry, scope, 1, NULL, foreign->note, out);
    }
  }
  markup_buffer_free(&json);
}
