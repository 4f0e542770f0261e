/* buffer.c — escaping and numbers appended to the string buffer
 * (markup_internal.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/format.h>

#include "markup_internal.h"

void markup_buffer_append_spaces(markup_buffer *buffer, size_t count) {
  static const char spaces[] = "                                ";
  while (count > 0) {
    size_t run = count < sizeof spaces - 1 ? count : sizeof spaces - 1;
    markup_buffer_append(buffer, spaces, run);
    count -= run;
  }
}

void markup_buffer_append_number(markup_buffer *buffer, double value) {
  char text[ANIMA_FORMAT_CAPACITY];
  size_t length = anima_format_number(value, text);
  markup_buffer_append(buffer, text, length);
}

void markup_buffer_append_json_string(markup_buffer *buffer, const char *string,
                                      size_t length) {
  markup_buffer_append_char(buffer, '"');
  size_t run = 0; /* start of the bytes not yet copied */
  for (size_t i = 0; i < length; i++) {
    unsigned char c = (unsigned char)string[i];
    const char *escape = NULL;
    char code[8];
    switch (c) {
    case '"':
      escape = "\\\"";
      break;
    case '\\':
      escape = "\\\\";
      break;
    case '\n':
      escape = "\\n";
      break;
    case '\r':
      escape = "\\r";
      break;
    case '\t':
      escape = "\\t";
      break;
    case '\b':
      escape = "\\b";
      break;
    case '\f':
      escape = "\\f";
      break;
    default:
      if (c < 0x20 || c == 0x7f) {
        snprintf(code, sizeof code, "\\u%04x", c);
        escape = code;
      }
    }
    if (escape) {
      markup_buffer_append(buffer, string + run, i - run);
      markup_buffer_append_string(buffer, escape);
      run = i + 1;
    }
  }
  markup_buffer_append(buffer, string + run, length - run);
  markup_buffer_append_char(buffer, '"');
}

/* XML 1.0 Char excludes C0 controls other than TAB, LF, CR and the
 * non-characters U+FFFE, U+FFFF (UTF-8 EF BF BE / EF BF BF). */
static bool xml_forbidden(const unsigned char *c) {
  if (*c < 0x20 && *c != '\t' && *c != '\n' && *c != '\r') {
    return true;
  }
  return c[0] == 0xef && c[1] == 0xbf && (c[2] == 0xbe || c[2] == 0xbf);
}

static bool append_xml(markup_buffer *buffer, const char *text, char quote) {
  bool ok = true;
  for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
    if (xml_forbidden(c)) {
      ok = false;
      continue;
    }
    switch (*c) {
    case '&':
      markup_buffer_append_string(buffer, "&amp;");
      break;
    case '<':
      markup_buffer_append_string(buffer, "&lt;");
      break;
    case '>':
      markup_buffer_append_string(buffer, "&gt;");
      break;
    case '\t':
    case '\n':
    case '\r':
      /* Attribute normalisation would turn these into spaces, and content
       * would turn CR into LF: write them as character references. */
      markup_buffer_appendf(buffer, "&#%d;", *c);
      break;
    default:
      if (quote && *c == (unsigned char)quote) {
        markup_buffer_append_string(buffer, quote == '"' ? "&quot;" : "&apos;");
      } else {
        markup_buffer_append_char(buffer, (char)*c);
      }
    }
  }
  return ok;
}

bool markup_buffer_append_xml_attribute(markup_buffer *buffer, const char *text,
                                        char quote) {
  return append_xml(buffer, text, quote);
}

bool markup_buffer_append_xml_text(markup_buffer *buffer, const char *text) {
  return append_xml(buffer, text, 0);
}

bool markup_is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

void markup_hyphenate(markup_buffer *out, const char *name) {
  for (const char *c = name; *c; c++) {
    if (*c >= 'A' && *c <= 'Z') {
      markup_buffer_append_char(out, '-');
      markup_buffer_append_char(out, (char)(*c - 'A' + 'a'));
    } else {
      markup_buffer_append_char(out, *c);
    }
  }
}

void markup_camelize(markup_buffer *out, const char *name) {
  for (const char *c = name; *c; c++) {
    if (*c == '-' && c[1] >= 'a' && c[1] <= 'z') {
      markup_buffer_append_char(out, (char)(c[1] - 'a' + 'A'));
      c++;
    } else {
      markup_buffer_append_char(out, *c);
    }
  }
}
