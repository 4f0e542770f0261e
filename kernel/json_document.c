/*
 * json_document.c — `.ani` text to a jansson value (loader.h).
 *
 * jansson parses; before it, a structural scan of the raw text finds what a
 * standard parser hides: repeated object keys (duplicate-key, with the JSON
 * pointer of the repeated member) and nesting beyond the §2 limit of 96
 * levels (limit-exceeded). The scan gives up silently on text that is not
 * JSON, leaving the json-syntax report to jansson.
 */
#include <stdlib.h>
#include <string.h>

#include "loader.h"
#include "text.h"

typedef struct scan_frame {
  bool is_object;
  size_t index;          /* next array index */
  size_t pointer_length; /* pointer length before this frame's token */
  char **keys;           /* keys seen in this object */
  size_t key_count, key_capacity;
} scan_frame;

typedef struct scanner {
  const char *text;
  size_t length;
  size_t position;
  anima_text pointer;
  scan_frame frames[ANIMA_LIMIT_JSON_DEPTH + 1];
  size_t depth;
  anima_diagnostics *diagnostics;
  bool depth_reported;
  bool failed; /* not JSON, or out of memory: stop scanning */
} scanner;

static void skip_whitespace(scanner *scan) {
  while (scan->position < scan->length) {
    char c = scan->text[scan->position];
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
      return;
    }
    scan->position++;
  }
}

static int hex_digit(char c) {
  if (c >= '0' && c <= '9') {
    return c - '0';
  }
  if (c >= 'a' && c <= 'f') {
    return c - 'a' + 10;
  }
  if (c >= 'A' && c <= 'F') {
    return c - 'A' + 10;
  }
  return -1;
}

static bool read_hex4(scanner *scan, unsigned *value) {
  if (scan->position + 4 > scan->length) {
    return false;
  }
  *value = 0;
  for (int i = 0; i < 4; i++) {
    int digit = hex_digit(scan->text[scan->position++]);
    if (digit < 0) {
      return false;
    }
    *value = *value * 16 + (unsigned)digit;
  }
  return true;
}

static void append_utf8(anima_text *out, unsigned code_point) {
  char bytes[4];
  size_t count;
  if (code_point < 0x80) {
    bytes[0] = (char)code_point;
    count = 1;
  } else if (code_point < 0x800) {
    bytes[0] = (char)(0xC0 | (code_point >> 6));
    bytes[1] = (char)(0x80 | (code_point & 0x3F));
    count = 2;
  } else if (code_point < 0x10000) {
    bytes[0] = (char)(0xE0 | (code_point >> 12));
    bytes[1] = (char)(0x80 | ((code_point >> 6) & 0x3F));
    bytes[2] = (char)(0x80 | (code_point & 0x3F));
    count = 3;
  } else {
    bytes[0] = (char)(0xF0 | (code_point >> 18));
    bytes[1] = (char)(0x80 | ((code_point >> 12) & 0x3F));
    bytes[2] = (char)(0x80 | ((code_point >> 6) & 0x3F));
    bytes[3] = (char)(0x80 | (code_point & 0x3F));
    count = 4;
  }
  anima_text_append_length(out, bytes, count);
}

/* Reads a string at the current '"'; decodes it into `out` when non-NULL. */
static bool read_string(scanner *scan, anima_text *out) {
  scan->position++; /* opening quote */
  while (scan->position < scan->length) {
    char c = scan->text[scan->position++];
    if (c == '"') {
      return true;
    }
    if (c != '\\') {
      if (out) {
        anima_text_append_length(out, &c, 1);
      }
      continue;
    }
    if (scan->position >= scan->length) {
      return false;
    }
    char escape = scan->text[scan->position++];
    unsigned code_point = 0;
    switch (escape) {
    case 'u':
      if (!read_hex4(scan, &code_point)) {
        return false;
      }
      if (code_point >= 0xD800 && code_point < 0xDC00 &&
          scan->position + 6 <= scan->length &&
          scan->text[scan->position] == '\\' &&
          scan->text[scan->position + 1] == 'u') {
        unsigned low = 0;
        scan->position += 2;
        if (!read_hex4(scan, &low)) {
          return false;
        }
        code_point = 0x10000 + ((code_point - 0xD800) << 10) + (low - 0xDC00);
      }
      break;
    case 'b':
      code_point = '\b';
      break;
    case 'f':
      code_point = '\f';
      break;
    case 'n':
      code_point = '\n';
      break;
    case 'r':
      code_point = '\r';
      break;
    case 't':
      code_point = '\t';
      break;
    default:
      code_point = (unsigned char)escape;
      break;
    }
    if (out) {
      append_utf8(out, code_point);
    }
  }
  return false;
}

static int compare_keys(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Records `key` in the innermost object; reports it when repeated. Keys are
 * kept unsorted while the object is open and checked by a linear scan for
 * small objects, or by sorting when the object closes for large ones. */
static void remember_key(scanner *scan, scan_frame *frame, const char *key) {
  if (frame->key_count == frame->key_capacity) {
    size_t capacity = frame->key_capacity ? frame->key_capacity * 2 : 8;
    char **keys = realloc(frame->keys, capacity * sizeof *keys);
    if (!keys) {
      scan->failed = true;
      return;
    }
    frame->keys = keys;
    frame->key_capacity = capacity;
  }
  char *copy = anima_strdup(key);
  if (!copy) {
    scan->failed = true;
    return;
  }
  frame->keys[frame->key_count++] = copy;
}

static void report_duplicates(scanner *scan, scan_frame *frame) {
  if (frame->key_count < 2) {
    return;
  }
  /* Find repeated keys in order of their later occurrence: sort a copy of
   * the pointers, then report each key once. */
  char **sorted = malloc(frame->key_count * sizeof *sorted);
  if (!sorted) {
    scan->failed = true;
    return;
  }
  memcpy(sorted, frame->keys, frame->key_count * sizeof *sorted);
  qsort(sorted, frame->key_count, sizeof *sorted, compare_keys);
  for (size_t i = 1; i < frame->key_count; i++) {
    if (strcmp(sorted[i], sorted[i - 1]) == 0 &&
        (i + 1 == frame->key_count || strcmp(sorted[i], sorted[i + 1]) != 0)) {
      anima_text pointer = {0};
      anima_text_append_length(&pointer, anima_text_string(&scan->pointer),
                               frame->pointer_length);
      anima_text_append_pointer_token(&pointer, sorted[i]);
      anima_diagnostics_add(scan->diagnostics, "duplicate-key",
                            ANIMA_SEVERITY_ERROR, anima_text_string(&pointer),
                            "remove one of the repeated members",
                            "the key \"%s\" appears more than once in this "
                            "object",
                            sorted[i]);
      anima_text_free(&pointer);
    }
  }
  free(sorted);
}

static void close_frame(scanner *scan) {
  scan_frame *frame = &scan->frames[scan->depth - 1];
  if (frame->is_object) {
    report_duplicates(scan, frame);
  }
  for (size_t i = 0; i < frame->key_count; i++) {
    free(frame->keys[i]);
  }
  free(frame->keys);
  memset(frame, 0, sizeof *frame);
  scan->depth--;
}

/* Starts a value at the current position: the pointer already ends with the
 * value's token. Containers push a frame. */
static void open_value(scanner *scan, size_t pointer_length_before) {
  char c = scan->text[scan->position];
  if (c == '{' || c == '[') {
    if (scan->depth >= ANIMA_LIMIT_JSON_DEPTH) {
      if (!scan->depth_reported) {
        anima_diagnostics_add(
            scan->diagnostics, "limit-exceeded", ANIMA_SEVERITY_ERROR,
            anima_text_string(&scan->pointer), "flatten the structure",
            "JSON nesting deeper than %d levels", ANIMA_LIMIT_JSON_DEPTH);
        scan->depth_reported = true;
      }
      scan->failed = true;
      return;
    }
    scan_frame *frame = &scan->frames[scan->depth++];
    memset(frame, 0, sizeof *frame);
    frame->is_object = c == '{';
    frame->pointer_length = scan->pointer.length;
    scan->position++;
    (void)pointer_length_before;
    return;
  }
  if (c == '"') {
    if (!read_string(scan, NULL)) {
      scan->failed = true;
    }
  } else {
    /* number or literal: skip to a delimiter */
    size_t start = scan->position;
    while (scan->position < scan->length) {
      char d = scan->text[scan->position];
      if (d == ',' || d == ']' || d == '}' || d == ' ' || d == '\n' ||
          d == '\t' || d == '\r') {
        break;
      }
      scan->position++;
    }
    if (scan->position == start) {
      scan->failed = true; /* no value here ("[}"): not JSON; never loop */
    }
  }
  anima_text_truncate(&scan->pointer, pointer_length_before);
}

static void scan_text(scanner *scan) {
  skip_whitespace(scan);
  if (scan->position >= scan->length) {
    return;
  }
  open_value(scan, 0);
  while (!scan->failed && scan->depth > 0) {
    skip_whitespace(scan);
    if (scan->position >= scan->length) {
      scan->failed = true;
      break;
    }
    scan_frame *frame = &scan->frames[scan->depth - 1];
    char c = scan->text[scan->position];
    if (c == ',') {
      scan->position++;
      continue;
    }
    if ((frame->is_object && c == '}') || (!frame->is_object && c == ']')) {
      scan->position++;
      size_t length = frame->pointer_length;
      close_frame(scan);
      /* pop the container's own token */
      if (scan->depth > 0) {
        size_t parent_length = scan->frames[scan->depth - 1].pointer_length;
        anima_text_truncate(&scan->pointer, parent_length);
      } else {
        anima_text_truncate(&scan->pointer, 0);
      }
      (void)length;
      continue;
    }
    size_t before = frame->pointer_length;
    anima_text_truncate(&scan->pointer, before);
    if (frame->is_object) {
      if (c != '"') {
        scan->failed = true;
        break;
      }
      anima_text key = {0};
      if (!read_string(scan, &key)) {
        anima_text_free(&key);
        scan->failed = true;
        break;
      }
      remember_key(scan, frame, anima_text_string(&key));
      anima_text_append_pointer_token(&scan->pointer, anima_text_string(&key));
      anima_text_free(&key);
      skip_whitespace(scan);
      if (scan->position >= scan->length || scan->text[scan->position] != ':') {
        scan->failed = true;
        break;
      }
      scan->position++;
      skip_whitespace(scan);
      if (scan->position >= scan->length) {
        scan->failed = true;
        break;
      }
    } else {
      anima_text_append_pointer_index(&scan->pointer, frame->index++);
    }
    open_value(scan, before);
  }
  while (scan->depth > 0) {
    scan_frame *frame = &scan->frames[scan->depth - 1];
    for (size_t i = 0; i < frame->key_count; i++) {
      free(frame->keys[i]);
    }
    free(frame->keys);
    scan->depth--;
  }
  anima_text_free(&scan->pointer);
}

/* True when `value` nests containers deeper than `limit` levels (the root
 * container is level 1). Iterative, bounded by `limit`. */
static bool json_depth_exceeds(const json_t *value, size_t limit) {
  typedef struct frame {
    const json_t *container;
    void *iterator; /* objects */
    size_t index;   /* arrays */
  } frame;
  frame stack[ANIMA_LIMIT_JSON_DEPTH + 1];
  if (!json_is_object(value) && !json_is_array(value)) {
    return false;
  }
  size_t depth = 0;
  stack[depth++] = (frame){value, json_object_iter((json_t *)value), 0};
  while (depth > 0) {
    frame *top = &stack[depth - 1];
    const json_t *child = NULL;
    if (json_is_object(top->container)) {
      if (top->iterator) {
        child = json_object_iter_value(top->iterator);
        top->iterator =
            json_object_iter_next((json_t *)top->container, top->iterator);
      }
    } else if (top->index < json_array_size(top->container)) {
      child = json_array_get(top->container, top->index++);
    }
    if (!child) {
      depth--;
      continue;
    }
    if (json_is_object(child) || json_is_array(child)) {
      if (depth >= limit) {
        return true;
      }
      stack[depth++] = (frame){child, json_object_iter((json_t *)child), 0};
    }
  }
  return false;
}

anima_status anima_json_parse(const char *text, size_t length,
                              anima_diagnostics *diagnostics, json_t **out) {
  *out = NULL;
  if (length > ANIMA_LIMIT_TEXT_BYTES) {
    anima_diagnostics_add(diagnostics, "limit-exceeded", ANIMA_SEVERITY_ERROR,
                          "", "split the document or remove unused data",
                          "the document is %zu bytes; the limit is 1 MiB "
                          "(%d bytes)",
                          length, ANIMA_LIMIT_TEXT_BYTES);
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  /* Fast path: jansson refuses duplicate keys itself; only when it does
   * (or nesting overflows it) does the structural scan run to report every
   * repeated key and the nesting limit with their pointers. */
  json_error_t error;
  const size_t flags = JSON_DECODE_INT_AS_REAL | JSON_ALLOW_NUL;
  json_t *root =
      json_loadb(text, length, flags | JSON_REJECT_DUPLICATES, &error);
  bool needs_scan =
      root ? json_depth_exceeds(root, ANIMA_LIMIT_JSON_DEPTH)
           : (json_error_code(&error) == json_error_duplicate_key ||
              json_error_code(&error) == json_error_stack_overflow);
  if (needs_scan) {
    scanner scan = {.text = text, .length = length, .diagnostics = diagnostics};
    scan_text(&scan);
    if (scan.depth_reported) {
      json_decref(root);
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
    if (!root) {
      root = json_loadb(text, length, flags, &error);
    }
  }
  if (!root) {
    anima_diagnostics_add(diagnostics, "json-syntax", ANIMA_SEVERITY_ERROR, "",
                          "check the JSON near that position",
                          "line %d, column %d: %s", error.line, error.column,
                          error.text);
    anima_diagnostics_set_position(diagnostics,
                                   anima_diagnostics_count(diagnostics) - 1,
                                   error.line, error.column);
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  /* Duplicate keys were reported above; the value (last member wins) is
   * still returned so validation can report every other error too. */
  *out = root;
  return ANIMA_OK;
}
