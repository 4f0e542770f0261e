/*
 * expr_lex.c — tokens of the bind expression language (expr.h grammar).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr_internal.h"

size_t bind_utf16_offset(const char *text, size_t length, size_t byte_offset) {
  size_t units = 0;
  if (byte_offset > length) {
    byte_offset = length;
  }
  for (size_t i = 0; i < byte_offset; i++) {
    unsigned char c = (unsigned char)text[i];
    if ((c & 0xC0) == 0x80) {
      continue; /* a continuation byte */
    }
    units += c >= 0xF0 ? 2 : 1; /* four-byte sequences are surrogate pairs */
  }
  return units;
}

void bind_fail(bind_error *error, const char *code, const char *text,
               size_t length, size_t offset, const char *hint,
               const char *format, ...) {
  if (!error || error->code) {
    return; /* the first problem stands */
  }
  error->code = code;
  error->byte_offset = offset > length ? length : offset;
  error->offset = bind_utf16_offset(text, length, offset);
  va_list arguments;
  va_start(arguments, format);
  int written =
      vsnprintf(error->message, sizeof error->message, format, arguments);
  va_end(arguments);
  size_t used = written < 0 ? 0 : (size_t)written;
  if (used < sizeof error->message) {
    snprintf(error->message + used, sizeof error->message - used,
             " at character %zu", error->offset + 1);
  }
  snprintf(error->hint, sizeof error->hint, "%s", hint);
}

static bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
static bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) ||
         c == '-';
}
static int hex_value(char c) {
  if (is_digit(c)) {
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

/* Strict UTF-8 (no overlongs, surrogates or code points past U+10FFFF). */
static size_t utf8_sequence(const unsigned char *s, size_t left) {
  unsigned char c = s[0];
  if (c < 0x80) {
    return 1;
  }
  size_t n = c >= 0xC2 && c <= 0xDF   ? 2
             : c >= 0xE0 && c <= 0xEF ? 3
             : c >= 0xF0 && c <= 0xF4 ? 4
                                      : 0;
  if (n == 0 || n > left) {
    return 0;
  }
  for (size_t i = 1; i < n; i++) {
    if ((s[i] & 0xC0) != 0x80) {
      return 0;
    }
  }
  if ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] >= 0xA0) ||
      (c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] >= 0x90)) {
    return 0;
  }
  return n;
}

typedef struct lexer {
  const char *text;
  size_t length;
  size_t position;
  bind_tokens *out;
  size_t capacity;
  bind_error *error;
  anima_status status;
} lexer;

static void fail(lexer *l, size_t offset, const char *hint, const char *format,
                 const char *detail) {
  bind_fail(l->error, "bind-syntax", l->text, l->length, offset, hint, format,
            detail);
}

static bind_token *push(lexer *l, bind_token_kind kind, size_t offset,
                        size_t length) {
  if (l->out->count == l->capacity) {
    size_t capacity = l->capacity ? 2 * l->capacity : 32;
    bind_token *items = realloc(l->out->items, capacity * sizeof *items);
    if (!items) {
      l->status = ANIMA_ERROR_NO_MEMORY;
      return NULL;
    }
    l->out->items = items;
    l->capacity = capacity;
  }
  bind_token *token = &l->out->items[l->out->count++];
  memset(token, 0, sizeof *token);
  token->kind = kind;
  token->offset = offset;
  token->length = length;
  return token;
}

/* A number in JSON's syntax without sign: 0 | [1-9][0-9]*, then an
 * optional fraction and exponent. */
static bool lex_number(lexer *l) {
  const char *s = l->text;
  size_t start = l->position, i = start;
  if (s[i] == '0') {
    i++;
  } else {
    while (i < l->length && is_digit(s[i])) {
      i++;
    }
  }
  if (i < l->length && s[i] == '.') {
    i++;
    if (i >= l->length || !is_digit(s[i])) {
      fail(l, i, "write digits after the point, e.g. 1.0", "%s",
           "a number's point must be followed by digits");
      return false;
    }
    while (i < l->length && is_digit(s[i])) {
      i++;
    }
  }
  if (i < l->length && (s[i] == 'e' || s[i] == 'E')) {
    size_t e = i++;
    if (i < l->length && (s[i] == '+' || s[i] == '-')) {
      i++;
    }
    if (i >= l->length || !is_digit(s[i])) {
      fail(l, e, "write an exponent such as 2e-3", "%s",
           "a number's exponent needs digits");
      return false;
    }
    while (i < l->length && is_digit(s[i])) {
      i++;
    }
  }
  if (i < l->length && (is_name_char(s[i]) || s[i] == '.')) {
    fail(l, start, "write an operator between a number and a name, e.g. 2 * x",
         "%s", "a number runs into other characters");
    return false;
  }
  char buffer[64];
  size_t n = i - start;
  if (n >= sizeof buffer) {
    /* Long digit strings are still numbers: strtod reads them whole. */
    char *copy = malloc(n + 1);
    if (!copy) {
      l->status = ANIMA_ERROR_NO_MEMORY;
      return false;
    }
    memcpy(copy, s + start, n);
    copy[n] = '\0';
    double value = strtod(copy, NULL);
    free(copy);
    if (!isfinite(value)) {
      fail(l, start, "use a number within ±1.7e308", "%s",
           "the number is not finite");
      return false;
    }
    bind_token *token = push(l, TOKEN_NUMBER, start, n);
    if (token) {
      token->number = value;
    }
    l->position = i;
    return token != NULL;
  }
  memcpy(buffer, s + start, n);
  buffer[n] = '\0';
  double value = strtod(buffer, NULL);
  if (!isfinite(value)) {
    fail(l, start, "use a number within ±1.7e308", "%s",
         "the number is not finite");
    return false;
  }
  bind_token *token = push(l, TOKEN_NUMBER, start, n);
  if (!token) {
    return false;
  }
  token->number = value;
  l->position = i;
  return true;
}

static bool lex_color(lexer *l) {
  const char *s = l->text;
  size_t start = l->position, i = start + 1;
  while (i < l->length && hex_value(s[i]) >= 0) {
    i++;
  }
  size_t digits = i - start - 1;
  if ((digits != 3 && digits != 6 && digits != 8) ||
      (i < l->length && is_name_char(s[i]))) {
    fail(l, start, "write #rgb, #rrggbb or #rrggbbaa", "%s",
         "not a hex colour");
    return false;
  }
  uint8_t channels[4] = {0, 0, 0, 255};
  for (size_t c = 0; c < (digits == 8 ? 4u : 3u); c++) {
    if (digits == 3) {
      channels[c] = (uint8_t)(hex_value(s[start + 1 + c]) * 17);
    } else {
      channels[c] = (uint8_t)(hex_value(s[start + 1 + 2 * c]) * 16 +
                              hex_value(s[start + 2 + 2 * c]));
    }
  }
  bind_token *token = push(l, TOKEN_COLOR, start, i - start);
  if (!token) {
    return false;
  }
  token->color =
      (anima_color){channels[0], channels[1], channels[2], channels[3]};
  l->position = i;
  return true;
}

static size_t encode_utf8(uint32_t code, char *out) {
  if (code < 0x80) {
    out[0] = (char)code;
    return 1;
  }
  if (code < 0x800) {
    out[0] = (char)(0xC0 | (code >> 6));
    out[1] = (char)(0x80 | (code & 0x3F));
    return 2;
  }
  if (code < 0x10000) {
    out[0] = (char)(0xE0 | (code >> 12));
    out[1] = (char)(0x80 | ((code >> 6) & 0x3F));
    out[2] = (char)(0x80 | (code & 0x3F));
    return 3;
  }
  out[0] = (char)(0xF0 | (code >> 18));
  out[1] = (char)(0x80 | ((code >> 12) & 0x3F));
  out[2] = (char)(0x80 | ((code >> 6) & 0x3F));
  out[3] = (char)(0x80 | (code & 0x3F));
  return 4;
}

static long read_hex4(const char *s, size_t i, size_t length) {
  if (i + 4 > length) {
    return -1;
  }
  long value = 0;
  for (size_t k = 0; k < 4; k++) {
    int h = hex_value(s[i + k]);
    if (h < 0) {
      return -1;
    }
    value = value * 16 + h;
  }
  return value;
}

/* A double-quoted string with JSON's escapes, decoded to UTF-8. */
static bool lex_string(lexer *l) {
  const char *s = l->text;
  size_t start = l->position, i = start + 1;
  /* Decoded text is never longer than the source. */
  char *text = malloc(l->length - start + 1);
  if (!text) {
    l->status = ANIMA_ERROR_NO_MEMORY;
    return false;
  }
  size_t used = 0;
  for (;;) {
    if (i >= l->length) {
      free(text);
      fail(l, start, "close the string with a double quote", "%s",
           "the string is not closed");
      return false;
    }
    unsigned char c = (unsigned char)s[i];
    if (c == '"') {
      i++;
      break;
    }
    if (c < 0x20) {
      free(text);
      fail(l, i, "write control characters as escapes such as \\n", "%s",
           "a string holds a raw control character");
      return false;
    }
    if (c != '\\') {
      text[used++] = (char)c;
      i++;
      continue;
    }
    char e = i + 1 < l->length ? s[i + 1] : '\0';
    const char *simple = strchr("\"\\/bfnrt", e);
    if (e && simple) {
      static const char decoded[] = "\"\\/\b\f\n\r\t";
      text[used++] = decoded[simple - "\"\\/bfnrt"];
      i += 2;
      continue;
    }
    if (e != 'u') {
      free(text);
      fail(l, i, "use a JSON escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
           "%s", "unknown escape in a string");
      return false;
    }
    long code = read_hex4(s, i + 2, l->length);
    size_t escape = i;
    i += 6;
    if (code >= 0xD800 && code <= 0xDBFF && i + 1 < l->length && s[i] == '\\' &&
        s[i + 1] == 'u') {
      long low = read_hex4(s, i + 2, l->length);
      if (low >= 0xDC00 && low <= 0xDFFF) {
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
        i += 6;
      }
    }
    if (code < 0 || (code >= 0xD800 && code <= 0xDFFF)) {
      free(text);
      fail(l, escape, "write \\u and four hex digits; pair surrogates", "%s",
           "bad \\u escape in a string");
      return false;
    }
    /* \uXXXX (6 bytes, 12 for a pair) decodes to at most 4 bytes. */
    used += encode_utf8((uint32_t)code, text + used);
  }
  bind_token *token = push(l, TOKEN_STRING, start, i - start);
  if (!token) {
    free(text);
    return false;
  }
  token->text = text;
  token->text_length = used;
  l->position = i;
  return true;
}

static bool lex_name(lexer *l) {
  const char *s = l->text;
  size_t start = l->position, i = start;
  while (i < l->length && is_name_char(s[i])) {
    i++;
  }
  /* A dotted path reads a property ("ring.stroke.trimEnd"): kept as one
   * NAME token so the parser can say why it is refused. */
  while (i + 1 < l->length && s[i] == '.' && is_name_char(s[i + 1])) {
    i++;
    while (i < l->length && is_name_char(s[i])) {
      i++;
    }
  }
  size_t n = i - start;
  bind_token_kind kind = TOKEN_NAME;
  if (n == 3 && memcmp(s + start, "and", 3) == 0) {
    kind = TOKEN_AND;
  } else if (n == 2 && memcmp(s + start, "or", 2) == 0) {
    kind = TOKEN_OR;
  } else if (n == 3 && memcmp(s + start, "not", 3) == 0) {
    kind = TOKEN_NOT;
  }
  l->position = i;
  return push(l, kind, start, n) != NULL;
}

static bool lex_operator(lexer *l) {
  static const struct {
    const char *text;
    bind_token_kind kind;
  } operators[] = {
      {"<=", TOKEN_LESS_EQUAL}, {">=", TOKEN_GREATER_EQUAL},
      {"==", TOKEN_EQUAL},      {"!=", TOKEN_NOT_EQUAL},
      {"<", TOKEN_LESS},        {">", TOKEN_GREATER},
      {"(", TOKEN_LEFT},        {")", TOKEN_RIGHT},
      {",", TOKEN_COMMA},       {"+", TOKEN_PLUS},
      {"-", TOKEN_MINUS},       {"*", TOKEN_TIMES},
      {"/", TOKEN_DIVIDE},
  };
  const char *s = l->text + l->position;
  size_t left = l->length - l->position;
  if (left >= 2 && (memcmp(s, "&&", 2) == 0 || memcmp(s, "||", 2) == 0)) {
    fail(l, l->position, "write \"and\" or \"or\"",
         "\"%.2s\" is not an operator", s);
    return false;
  }
  if (left >= 3 && (memcmp(s, "===", 3) == 0 || memcmp(s, "!==", 3) == 0)) {
    fail(l, l->position, "write == or !=", "\"%.3s\" is not an operator", s);
    return false;
  }
  for (size_t k = 0; k < sizeof operators / sizeof *operators; k++) {
    size_t n = strlen(operators[k].text);
    if (left >= n && memcmp(s, operators[k].text, n) == 0) {
      l->position += n;
      return push(l, operators[k].kind, l->position - n, n) != NULL;
    }
  }
  if (s[0] == '=') {
    fail(l, l->position, "compare with ==; expressions cannot assign", "%s",
         "\"=\" is not an operator");
  } else if (s[0] == '!') {
    fail(l, l->position, "write \"not\" to negate a bool", "%s",
         "\"!\" is not an operator");
  } else if (s[0] == '\'') {
    fail(l, l->position, "write strings in double quotes", "%s",
         "single quotes do not start a string");
  } else if (s[0] == '$') {
    fail(l, l->position,
         "declare the data module for $ paths, or name an input", "%s",
         "data paths ($...) need the data module");
  } else if (s[0] >= 'A' && s[0] <= 'Z') {
    fail(l, l->position, "input names start with a lowercase letter", "%s",
         "unexpected capital letter");
  } else {
    fail(l, l->position,
         "expressions use inputs, numbers, \"strings\", #colours, "
         "( ) , + - * / < <= > >= == != and, or, not",
         "%s", "unexpected character");
  }
  return false;
}

bool bind_tokenize(const char *text, size_t length, bind_tokens *out,
                   bind_error *error, anima_status *status) {
  lexer l = {.text = text,
             .length = length,
             .out = out,
             .error = error,
             .status = ANIMA_OK};
  out->items = NULL;
  out->count = 0;
  for (size_t i = 0; i < length;) {
    size_t n = utf8_sequence((const unsigned char *)text + i, length - i);
    if (n == 0 || (n == 1 && text[i] == '\0')) {
      fail(&l, i, "write the expression in UTF-8 text", "%s",
           "invalid UTF-8 or NUL byte");
      *status = ANIMA_ERROR_INVALID_DOCUMENT;
      return false;
    }
    i += n;
  }
  bool ok = true;
  while (ok) {
    while (l.position < length &&
           (text[l.position] == ' ' || text[l.position] == '\t' ||
            text[l.position] == '\n' || text[l.position] == '\r')) {
      l.position++;
    }
    if (l.position >= length) {
      break;
    }
    if (out->count >= BIND_TOKEN_LIMIT) {
      bind_fail(error, "bind-syntax", text, length, l.position,
                "split the expression, or simplify it", "more than %d tokens",
                BIND_TOKEN_LIMIT);
      ok = false;
      break;
    }
    char c = text[l.position];
    if (is_digit(c)) {
      ok = lex_number(&l);
    } else if (c == '.' && l.position + 1 < length &&
               is_digit(text[l.position + 1])) {
      fail(&l, l.position, "write a digit before the point, e.g. 0.5", "%s",
           "a number starts with a point");
      ok = false;
    } else if (c >= 'a' && c <= 'z') {
      ok = lex_name(&l);
    } else if (c == '#') {
      ok = lex_color(&l);
    } else if (c == '"') {
      ok = lex_string(&l);
    } else {
      ok = lex_operator(&l);
    }
  }
  if (ok) {
    ok = push(&l, TOKEN_END, length, 0) != NULL;
  }
  *status =
      ok ? ANIMA_OK
         : (l.status != ANIMA_OK ? l.status : ANIMA_ERROR_INVALID_DOCUMENT);
  return ok;
}

void bind_tokens_free(bind_tokens *tokens) {
  for (size_t i = 0; i < tokens->count; i++) {
    free(tokens->items[i].text);
  }
  free(tokens->items);
  tokens->items = NULL;
  tokens->count = 0;
}
