/*
 * compile_codecs.c — the four field codecs of the core (docs/ANIML.md):
 * timeline tracks as `<track target="…">time value [ease]; …</track>` (or
 * `<key t value ease/>` children), timeline events as `<event at name/>`,
 * state poses as `<pose address="value" …/>` and listener `set` as
 * `name=value` assignments. Addresses take AniML property spellings
 * (`ring.trimEnd`), resolved through the registry.
 */
#include <libxml/tree.h>
#include <stdlib.h>
#include <string.h>

#include "compile_internal.h"

/* Reports every attribute of `element` other than the `allowed` ones. */
static void refuse_attributes(compiler *c, const xmlNode *element,
                              const char *const *allowed) {
  for (const xmlAttr *a = element->properties; a; a = a->next) {
    const char *name = (const char *)a->name;
    bool known = false;
    for (size_t i = 0; allowed[i] && !a->ns; i++) {
      known = known || strcmp(allowed[i], name) == 0;
    }
    if (!known) {
      char hint[96] = "";
      const char *closest = anima_closest_name(
          name, allowed, (size_t)(allowed[1] ? allowed[2] ? 3 : 2 : 1));
      if (closest) {
        snprintf(hint, sizeof hint, "did you mean \"%s\"?", closest);
      }
      compiler_error(c, "unknown-key", NULL,
                     compiler_attribute_offset(c, element, name),
                     closest ? hint : NULL, "<%s> has no attribute \"%s\"",
                     (const char *)element->name, name);
    }
  }
}

/* Reports child elements and text of an element that takes neither. */
static void refuse_content(compiler *c, const xmlNode *element,
                           bool allow_text) {
  for (const xmlNode *child = element->children; child; child = child->next) {
    if (child->type == XML_ELEMENT_NODE) {
      compiler_error(c, "unknown-key", NULL, compiler_element_offset(child),
                     NULL, "<%s> cannot contain <%s>",
                     (const char *)element->name, (const char *)child->name);
    } else if (!allow_text &&
               (child->type == XML_TEXT_NODE ||
                child->type == XML_CDATA_SECTION_NODE) &&
               child->content &&
               ((const char *)child->content)[strspn(
                   (const char *)child->content, " \t\r\n")] != '\0') {
      compiler_error(c, "type", NULL, compiler_text_offset(c, child),
                     "move the text into a comment <!-- ... -->",
                     "<%s> cannot contain text", (const char *)element->name);
    }
  }
}

static char *attribute(const xmlNode *element, const char *name) {
  return (char *)xmlGetNoNsProp(element, (const xmlChar *)name);
}

/* ---- tracks ------------------------------------------------------------- */

/* Parses track text into `keys`, recording each token's position. */
static void parse_track_text(compiler *c, json_t *keys, const char *text,
                             const xmlNode *element) {
  size_t length = strlen(text), capacity = 1;
  for (const char *semicolon = text; (semicolon = strchr(semicolon, ';'));
       semicolon++) {
    capacity++; /* keys <= separators + 1 */
  }
  markup_key_offsets *offsets = malloc(capacity * sizeof *offsets);
  markup_text_error error = {0};
  json_t *parsed =
      markup_parse_keys(text, length, offsets, offsets ? capacity : 0, &error);
  const markup_tag *tag = compiler_tag(element);
  markup_source_cursor cursor = markup_source_cursor_start(
      tag ? tag->content : 0, tag ? tag->content_end : 0, false);
  const markup_source *source = &c->compiled->source;
  if (!parsed) {
    char index[32];
    snprintf(index, sizeof index, "%zu", error.item);
    compiler_error(c, "type", index,
                   markup_source_cursor_advance(source, &cursor, error.offset),
                   "write keys as \"time value [ease]\" separated by \";\"",
                   "%s: \"%.40s\"", error.message, text + error.offset);
    free(offsets);
    return;
  }
  size_t index;
  json_t *key;
  json_array_foreach(parsed, index, key) {
    json_array_append(keys, key);
    if (!offsets || !tag) {
      continue;
    }
    size_t mark = compiler_push_index(c, index);
    size_t at =
        markup_source_cursor_advance(source, &cursor, offsets[index].key);
    compiler_record(c, NULL, at);
    compiler_record(c, "0", at);
    compiler_record(
        c, "1",
        markup_source_cursor_advance(source, &cursor, offsets[index].value));
    if (json_array_size(key) > 2) {
      compiler_record(
          c, "2",
          markup_source_cursor_advance(source, &cursor, offsets[index].ease));
    }
    compiler_pop(c, mark);
  }
  json_decref(parsed);
  free(offsets);
}

/* <key t="…" value="…" ease="…"/> */
static void compile_key(compiler *c, json_t *keys, xmlNode *element) {
  static const char *const allowed[] = {"t", "value", "ease", NULL};
  size_t offset = compiler_element_offset(element);
  size_t mark = compiler_push_index(c, json_array_size(keys));
  refuse_attributes(c, element, allowed);
  refuse_content(c, element, false);
  char *time_text = attribute(element, "t");
  char *value_text = attribute(element, "value");
  char *ease_text = attribute(element, "ease");
  double time = 0;
  json_t *key = json_array();
  if (!time_text || !markup_parse_number(time_text, strlen(time_text), &time)) {
    compiler_error(c, time_text ? "type" : "missing-key", NULL, offset, NULL,
                   "<key> needs a number t (its time in seconds)");
  }
  json_array_append_new(key, json_real(time));
  json_t *value =
      value_text ? markup_decode_untyped(value_text, strlen(value_text)) : NULL;
  if (!value) {
    compiler_error(c, value_text ? "type" : "missing-key", NULL, offset, NULL,
                   "<key> needs a value");
    value = json_null();
  }
  json_array_append_new(key, value);
  if (ease_text) {
    json_array_append_new(key, json_string(ease_text));
  }
  json_array_append_new(keys, key);
  compiler_record(c, NULL, offset);
  compiler_pop(c, mark);
  xmlFree(time_text);
  xmlFree(value_text);
  xmlFree(ease_text);
}

void compile_track(compiler *c, json_t *timeline, const anima_field *field,
                   xmlNode *element) {
  static const char *const allowed[] = {"target", NULL};
  size_t offset = compiler_element_offset(element);
  json_t *tracks = compiler_container(c, timeline, field->name, false, offset);
  if (!tracks) {
    return;
  }
  size_t mark = compiler_push(c, field->name);
  refuse_attributes(c, element, allowed);
  char *target = attribute(element, "target");
  if (!target) {
    compiler_error(c, "missing-key", NULL, offset,
                   "name the animated property: target=\"node.property\"",
                   "<track> needs a target attribute");
    compiler_pop(c, mark);
    return;
  }
  markup_buffer address = {0};
  markup_address_to_json(c->registry, &c->ids, target, &address);
  const char *key = markup_buffer_string(&address);
  bool key_elements = false;
  for (xmlNode *child = element->children; child; child = child->next) {
    key_elements =
        key_elements || (child->type == XML_ELEMENT_NODE &&
                         strcmp((const char *)child->name, "key") == 0);
  }
  json_t *keys = json_array();
  size_t track_mark = compiler_push(c, key);
  compiler_comments_before(c, element);
  compiler_comments_inside(c, element, true);
  if (key_elements) {
    for (xmlNode *child = element->children; child; child = child->next) {
      if (child->type == XML_ELEMENT_NODE &&
          strcmp((const char *)child->name, "key") == 0) {
        compile_key(c, keys, child);
      } else if (child->type == XML_ELEMENT_NODE) {
        compiler_error(c, "unknown-key", NULL, compiler_element_offset(child),
                       "did you mean <key>?", "<track> cannot contain <%s>",
                       (const char *)child->name);
      } else if ((child->type == XML_TEXT_NODE ||
                  child->type == XML_CDATA_SECTION_NODE) &&
                 child->content &&
                 ((const char *)child->content)[strspn(
                     (const char *)child->content, " \t\r\n")] != '\0') {
        compiler_error(c, "type", NULL, offset,
                       "use either track text or <key> elements",
                       "<track> mixes key text and <key> elements");
      }
    }
  } else {
    refuse_content(c, element, true);
    char *text = (char *)xmlNodeGetContent(element);
    parse_track_text(c, keys, text ? text : "", element);
    xmlFree(text);
  }
  compiler_pop(c, track_mark);
  compiler_set(c, tracks, key, keys, offset);
  compiler_pop(c, mark);
  markup_buffer_free(&address);
  xmlFree(target);
}

/* ---- events ------------------------------------------------------------- */

void compile_event(compiler *c, json_t *timeline, const anima_field *field,
                   xmlNode *element) {
  static const char *const allowed[] = {"at", "name", NULL};
  size_t offset = compiler_element_offset(element);
  json_t *events = compiler_container(c, timeline, field->name, true, offset);
  if (!events) {
    return;
  }
  size_t mark = compiler_push(c, field->name);
  size_t item_mark = compiler_push_index(c, json_array_size(events));
  compiler_comments_before(c, element);
  refuse_attributes(c, element, allowed);
  refuse_content(c, element, false);
  char *at = attribute(element, "at");
  char *name = attribute(element, "name");
  json_t *event = json_array();
  double time = 0;
  if (at && markup_parse_number(at, strlen(at), &time)) {
    json_array_append_new(event, json_real(time));
  } else {
    compiler_error(c, at ? "type" : "missing-key", NULL,
                   at ? compiler_attribute_offset(c, element, "at") : offset,
                   NULL, "<event> needs a number at (seconds)");
    json_array_append_new(event, at ? json_string(at) : json_null());
  }
  if (name) {
    json_array_append_new(event, json_string(name));
  } else {
    compiler_error(c, "missing-key", NULL, offset, NULL,
                   "<event> needs a name");
  }
  json_array_append_new(events, event);
  compiler_record(c, NULL, offset);
  compiler_record(c, "0", compiler_attribute_offset(c, element, "at"));
  compiler_record(c, "1", compiler_attribute_offset(c, element, "name"));
  compiler_pop(c, item_mark);
  compiler_pop(c, mark);
  xmlFree(at);
  xmlFree(name);
}

/* ---- poses -------------------------------------------------------------- */

void compile_pose(compiler *c, json_t *state, const anima_field *field,
                  xmlNode *element) {
  size_t offset = compiler_element_offset(element);
  if (json_object_get(state, field->name)) {
    compiler_error(c, "duplicate-key", field->name, offset,
                   "a state has at most one <pose>", "<pose> is given twice");
    return;
  }
  json_t *pose = json_object();
  size_t mark = compiler_push(c, field->name);
  compiler_comments_before(c, element);
  refuse_content(c, element, false);
  markup_buffer address = {0};
  for (const xmlAttr *a = element->properties; a; a = a->next) {
    const char *name = (const char *)a->name;
    size_t at = compiler_attribute_offset(c, element, name);
    if (a->ns) {
      compiler_error(c, "unknown-key", NULL, at, NULL,
                     "<pose> attributes are property addresses, not "
                     "namespaced names");
      continue;
    }
    char *owned = NULL;
    const char *text = compiler_attribute_text(c, a, &owned);
    markup_buffer_truncate(&address, 0);
    if (strcmp(name, "_comment") == 0) {
      markup_buffer_append_string(&address, "$comment");
    } else {
      markup_address_to_json(c->registry, &c->ids, name, &address);
    }
    const char *key = markup_buffer_string(&address);
    json_t *value = markup_decode_untyped(text, strlen(text));
    if (!value) {
      compiler_error(c, "type", key, at, NULL,
                     "%s=\"%.80s\" is not a value (quote strings as JSON)",
                     name, text);
      value = json_string(text);
    }
    compiler_set(c, pose, key, value, at);
    xmlFree(owned);
  }
  markup_buffer_free(&address);
  compiler_pop(c, mark);
  compiler_set(c, state, field->name, pose, offset);
}

/* ---- set assignments ---------------------------------------------------- */

json_t *compile_assignments(compiler *c, const anima_field *field,
                            const char *text, size_t offset,
                            const markup_attribute_span *span) {
  if (text[strspn(text, " \t\r\n")] == '{') {
    json_t *value = markup_decode_untyped(text, strlen(text));
    if (!json_is_object(value)) {
      json_decref(value);
      compiler_error(c, "type", field->name, offset, NULL,
                     "%s='{…}' is not a JSON object",
                     anima_field_markup_name(field));
      return NULL;
    }
    return value;
  }
  size_t capacity = 1;
  for (const char *equals = text; (equals = strchr(equals, '=')); equals++) {
    capacity++; /* assignments <= '=' signs */
  }
  size_t *offsets = malloc(capacity * sizeof *offsets);
  markup_text_error error = {0};
  json_t *assignments = markup_parse_assignments(
      text, strlen(text), offsets, offsets ? capacity : 0, &error);
  const markup_source *source = &c->compiled->source;
  markup_source_cursor cursor = markup_source_cursor_start(
      span ? span->value : 0, span ? span->value_end : 0, true);
  size_t mark = compiler_push(c, field->name);
  if (!assignments) {
    size_t where =
        span ? markup_source_cursor_advance(source, &cursor, error.offset)
             : offset;
    compiler_error(c, error.duplicate ? "duplicate-key" : "type", NULL, where,
                   "write set=\"input=value other=value\"", "%s: %s=\"%.80s\"",
                   error.message, anima_field_markup_name(field), text);
  } else {
    const char *key;
    json_t *value;
    size_t index = 0;
    json_object_foreach(assignments, key, value) {
      size_t where =
          span && offsets
              ? markup_source_cursor_advance(source, &cursor, offsets[index])
              : offset;
      compiler_record(c, key, where);
      index++;
    }
  }
  compiler_pop(c, mark);
  free(offsets);
  return assignments;
}
