/*
 * compile_state.c — the compiler's bookkeeping (compile_internal.h): the
 * JSON pointer being built, the source map, positions of elements and
 * attributes, error reporting and duplicate-safe member setting.
 */
#include <stdlib.h>
#include <string.h>

#include "compile_internal.h"

const markup_tag *compiler_tag(const xmlNode *element) {
  return (const markup_tag *)element->_private;
}

size_t compiler_element_offset(const xmlNode *element) {
  const markup_tag *tag = compiler_tag(element);
  return tag ? tag->offset : 0;
}

/* Offset just after an element's end: after `/>`, or after the `>` of its
 * end tag. */
static size_t element_end(const markup_source *source, const markup_tag *tag) {
  if (tag->content >= 2 && source->text[tag->content - 2] == '/') {
    return tag->content; /* <x/> */
  }
  const char *close = memchr(source->text + tag->content_end, '>',
                             source->length - tag->content_end);
  return close ? (size_t)(close - source->text) + 1 : tag->content_end;
}

size_t compiler_text_offset(const compiler *c, const xmlNode *text) {
  const markup_source *source = &c->compiled->source;
  const xmlNode *before = text->prev;
  while (before && before->type != XML_ELEMENT_NODE) {
    before = before->prev;
  }
  const markup_tag *tag = before ? compiler_tag(before) : NULL;
  const markup_tag *parent = text->parent ? compiler_tag(text->parent) : NULL;
  if (!tag && !parent) {
    return 0;
  }
  size_t at = tag ? element_end(source, tag) : parent->content;
  size_t fallback = tag ? tag->offset : parent->offset;
  /* The first character that is neither blank nor in a comment. */
  while (at < source->length) {
    char ch = source->text[at];
    if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n') {
      at++;
    } else if (source->length - at >= 4 &&
               memcmp(source->text + at, "<!--", 4) == 0) {
      const char *end = strstr(source->text + at + 4, "-->");
      if (!end) {
        return fallback;
      }
      at = (size_t)(end - source->text) + 3;
    } else {
      return ch == '<' && (source->length - at < 9 ||
                           memcmp(source->text + at, "<![CDATA[", 9) != 0)
                 ? fallback /* not the text after all */
                 : at;
    }
  }
  return fallback;
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

void compiler_mark_json(compiler *c, const char *token) {
  size_t mark = token ? compiler_push(c, token) : c->pointer.length;
  markup_buffer_append(&c->compiled->json_pointers,
                       markup_buffer_string(&c->pointer),
                       c->pointer.length + 1);
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

/* ---- comments (kept by the formatter) ----------------------------------- */

static void add_comment(compiler *c, char place, const xmlNode *comment) {
  markup_comments *comments = &c->compiled->comments;
  markup_buffer_append_char(&comments->records, place);
  markup_buffer_append(&comments->records, markup_buffer_string(&c->pointer),
                       c->pointer.length + 1);
  const char *text = comment->content ? (const char *)comment->content : "";
  markup_buffer_append(&comments->records, text, strlen(text) + 1);
  comments->count++;
}

void compiler_comments_before(compiler *c, const xmlNode *element) {
  const xmlNode *first = element;
  while (first->prev && first->prev->type != XML_ELEMENT_NODE) {
    first = first->prev;
  }
  for (const xmlNode *node = first; node != element; node = node->next) {
    if (node->type == XML_COMMENT_NODE) {
      add_comment(c, 'b', node);
    }
  }
}

void compiler_comments_inside(compiler *c, const xmlNode *element, bool all) {
  const xmlNode *first = element->children;
  for (const xmlNode *node = element->children; node && !all;
       node = node->next) {
    if (node->type == XML_ELEMENT_NODE) {
      first = node->next;
    }
  }
  for (const xmlNode *node = first; node; node = node->next) {
    if (node->type == XML_COMMENT_NODE) {
      add_comment(c, 'e', node);
    }
  }
}

void compiler_comments_after(compiler *c, const xmlNode *element) {
  for (const xmlNode *node = element->next; node; node = node->next) {
    if (node->type == XML_COMMENT_NODE) {
      add_comment(c, 'e', node);
    }
  }
}
