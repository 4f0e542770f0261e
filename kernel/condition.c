/* condition.c — the SPEC §8 condition grammar (condition.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "condition.h"
#include "ease.h"

static bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool is_name_start(char c) {
  return c >= 'a' && c <= 'z';
}

static bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '-';
}

static size_t skip_spaces(const char *text, size_t i) {
  while (is_space(text[i])) {
    i++;
  }
  return i;
}

static void fail(anima_condition_error *error, size_t offset,
                 const char *format, ...) {
  if (!error) {
    return;
  }
  error->offset = offset;
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(error->message, sizeof error->message, format, arguments);
  va_end(arguments);
}

static const char *const operator_texts[] = {"==", "!=", "<", "<=", ">", ">="};

const char *anima_compare_operator_text(anima_compare_operator op) {
  return (unsigned)op < 6 ? operator_texts[op] : "?";
}

/* Reads an operator at text[i]; returns its length (0: none). */
static size_t read_operator(const char *text, size_t i,
                            anima_compare_operator *op) {
  char c = text[i];
  char next = c != '\0' ? text[i + 1] : '\0';
  if (c == '=' && next == '=') {
    *op = ANIMA_COMPARE_EQUAL;
    return 2;
  }
  if (c == '!' && next == '=') {
    *op = ANIMA_COMPARE_NOT_EQUAL;
    return 2;
  }
  if (c == '<') {
    *op = next == '=' ? ANIMA_COMPARE_LESS_EQUAL : ANIMA_COMPARE_LESS;
    return next == '=' ? 2 : 1;
  }
  if (c == '>') {
    *op = next == '=' ? ANIMA_COMPARE_GREATER_EQUAL : ANIMA_COMPARE_GREATER;
    return next == '=' ? 2 : 1;
  }
  return 0;
}

typedef struct parser {
  const char *text;
  size_t position;
  anima_condition_error *error;
} parser;

/* Parses one term at the parser position into `term` (names as spans into
 * the text: `name_offset`, `name_length`). Returns false on a grammar error.
 */
static bool parse_term(parser *p, anima_condition_term *term,
                       size_t *name_offset, size_t *name_length) {
  const char *text = p->text;
  size_t i = skip_spaces(text, p->position);
  memset(term, 0, sizeof *term);
  term->offset = i;
  *name_length = 0;
  if (text[i] == '@') {
    size_t start = i + 1;
    size_t end = start;
    while (is_name_char(text[end])) {
      end++;
    }
    size_t length = end - start;
    if (length == 3 && strncmp(text + start, "end", 3) == 0) {
      term->kind = ANIMA_TERM_END;
      p->position = end;
      return true;
    }
    if (length == 5 && strncmp(text + start, "after", 5) == 0) {
      size_t j = skip_spaces(text, end);
      if (text[j] != '(') {
        fail(p->error, j, "expected \"(\" after \"@after\" at offset %zu", j);
        return false;
      }
      j = skip_spaces(text, j + 1);
      size_t number_length = anima_number_scan(text + j, &term->number);
      if (number_length == 0) {
        fail(p->error, j, "expected seconds in \"@after(...)\" at offset %zu",
             j);
        return false;
      }
      if (term->number < 0) {
        fail(p->error, j,
             "\"@after(...)\" needs seconds >= 0, got %g at offset %zu",
             term->number, j);
        return false;
      }
      j = skip_spaces(text, j + number_length);
      if (text[j] != ')') {
        fail(p->error, j, "expected \")\" to close \"@after(\" at offset %zu",
             j);
        return false;
      }
      term->kind = ANIMA_TERM_AFTER;
      p->position = j + 1;
      return true;
    }
    fail(p->error, i,
         "unknown built-in \"@%.*s\" at offset %zu; conditions know @end "
         "and @after(seconds)",
         (int)length, text + start, i);
    return false;
  }
  bool negated = false;
  if (text[i] == '!' && text[i + 1] != '=') {
    negated = true;
    i = skip_spaces(text, i + 1);
  }
  if (!is_name_start(text[i])) {
    if (text[i] == '\0') {
      fail(p->error, i, "expected a term at offset %zu (the condition %s)", i,
           i == 0 || negated ? "is incomplete" : "ends too early");
    } else if (anima_number_scan(text + i, NULL) > 0) {
      fail(p->error, i,
           "a term starts with an input name, not a number (offset %zu); "
           "write \"name OP number\"",
           i);
    } else {
      fail(p->error, i, "expected an input name at offset %zu", i);
    }
    return false;
  }
  size_t end = i;
  while (is_name_char(text[end])) {
    end++;
  }
  *name_offset = i;
  *name_length = end - i;
  term->kind = negated ? ANIMA_TERM_NOT_INPUT : ANIMA_TERM_INPUT;
  size_t j = skip_spaces(text, end);
  anima_compare_operator op = ANIMA_COMPARE_EQUAL;
  size_t op_length = read_operator(text, j, &op);
  if (op_length == 0) {
    if (text[j] == '=' && (text[j + 1] == '>' || text[j + 1] == '<')) {
      /* `=>` and `=<` mean `>=` and `<=` (the order other languages use). */
      fail(p->error, j, "\"=%c\" is not an operator at offset %zu; use \"%c=\"",
           text[j + 1], j, text[j + 1]);
      return false;
    }
    if (text[j] == '=') {
      fail(p->error, j, "\"=\" is not an operator at offset %zu; use \"==\"",
           j);
      return false;
    }
    p->position = end;
    return true;
  }
  if ((op_length == 2 && text[j + 2] == '=' &&
       (op == ANIMA_COMPARE_EQUAL || op == ANIMA_COMPARE_NOT_EQUAL))) {
    /* JavaScript's strict `===` and `!==`. */
    fail(p->error, j, "\"%s=\" is not an operator at offset %zu; use \"%s\"",
         operator_texts[op], j, operator_texts[op]);
    return false;
  }
  if (negated) {
    fail(p->error, term->offset,
         "\"!\" cannot negate a comparison (offset %zu); use the opposite "
         "operator",
         term->offset);
    return false;
  }
  size_t k = skip_spaces(text, j + op_length);
  size_t number_length = anima_number_scan(text + k, &term->number);
  if (number_length == 0) {
    if (is_name_start(text[k])) {
      fail(p->error, k,
           "comparing two inputs needs the bind module; the core grammar "
           "compares an input with a number (offset %zu)",
           k);
    } else {
      fail(p->error, k, "expected a number after \"%s\" at offset %zu",
           operator_texts[op], k);
    }
    return false;
  }
  term->kind = ANIMA_TERM_COMPARE;
  term->compare = op;
  p->position = k + number_length;
  return true;
}

void anima_condition_release(anima_condition *condition) {
  if (!condition) {
    return;
  }
  free(condition->terms);
  free(condition->storage);
  memset(condition, 0, sizeof *condition);
}

anima_status anima_condition_parse(const char *text, anima_condition *out,
                                   anima_condition_error *error) {
  return anima_condition_parse_with(text, NULL, out, error);
}

/* What follows a term that parsed: "&&" or the end, else the error the
 * core grammar reports there. */
static bool term_ends(const char *text, size_t i,
                      anima_condition_error *error) {
  if (text[i] == '\0' || (text[i] == '&' && text[i + 1] == '&')) {
    return true;
  }
  if (text[i] == '|' && text[i + 1] == '|') {
    fail(error, i,
         "there is no \"||\" (offset %zu); write two transitions instead", i);
  } else if (text[i] == '&') {
    fail(error, i, "expected \"&&\" at offset %zu", i);
  } else {
    fail(error, i,
         "expected \"&&\" or the end of the condition at offset "
         "%zu",
         i);
  }
  return false;
}

/* Offers the term at text[start] (up to the next "&&", trimmed) to the
 * term kinds; MATCH fills `term`. */
static anima_term_match offer_term(const anima_condition_terms *kinds,
                                   const char *text, size_t start,
                                   anima_condition_term *term, size_t *end) {
  const char *next = strstr(text + start, "&&");
  size_t stop = next ? (size_t)(next - text) : strlen(text);
  size_t length = stop - start;
  while (length > 0 && is_space(text[start + length - 1])) {
    length--;
  }
  if (length == 0) {
    return ANIMA_TERM_NO_MATCH;
  }
  memset(term, 0, sizeof *term);
  term->offset = start;
  anima_term_match match =
      kinds->parse(kinds->context, text + start, length, start, term);
  if (match == ANIMA_TERM_MATCH) {
    term->kind = ANIMA_TERM_MODULE;
    term->offset = start;
    *end = stop;
  }
  return match;
}

anima_status anima_condition_parse_with(const char *text,
                                        const anima_condition_terms *kinds,
                                        anima_condition *out,
                                        anima_condition_error *error) {
  if (error) {
    error->reported = false;
  }
  if (out) {
    memset(out, 0, sizeof *out);
  }
  if (!text || !out) {
    fail(error, 0, "no condition given");
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  /* Count terms generously: at most one per "&&" plus one. */
  size_t capacity = 1;
  for (const char *c = text; (c = strstr(c, "&&")) != NULL; c += 2) {
    capacity++;
  }
  size_t text_length = strlen(text);
  anima_condition_term *terms = calloc(capacity, sizeof *terms);
  size_t *name_offsets = calloc(capacity, sizeof *name_offsets);
  size_t *name_lengths = calloc(capacity, sizeof *name_lengths);
  char *storage = malloc(text_length + capacity + 1);
  if (!terms || !name_offsets || !name_lengths || !storage) {
    free(terms);
    free(name_offsets);
    free(name_lengths);
    free(storage);
    fail(error, 0, "out of memory");
    return ANIMA_ERROR_NO_MEMORY;
  }
  /* The core grammar's error is kept aside until the term kinds have
   * declined the term. */
  anima_condition_error core = {0};
  parser p = {.text = text, .position = 0, .error = &core};
  size_t count = 0;
  bool ok = true;
  for (;;) {
    if (count == capacity) {
      ok = false;
      break;
    }
    size_t start = skip_spaces(text, p.position);
    size_t end = 0;
    bool parsed = parse_term(&p, &terms[count], &name_offsets[count],
                             &name_lengths[count]);
    if (parsed) {
      end = skip_spaces(text, p.position);
      parsed = term_ends(text, end, &core);
    }
    if (!parsed && kinds) {
      anima_term_match match =
          offer_term(kinds, text, start, &terms[count], &end);
      if (match == ANIMA_TERM_ERROR) {
        if (error) {
          error->reported = true; /* the term kind said why */
          error->offset = start;
          error->message[0] = '\0';
        }
        ok = false;
        break;
      }
      parsed = match == ANIMA_TERM_MATCH;
      name_lengths[count] = 0;
    }
    if (!parsed) {
      if (error) {
        error->offset = core.offset;
        memcpy(error->message, core.message, sizeof error->message);
      }
      ok = false;
      break;
    }
    count++;
    if (text[end] == '\0') {
      break;
    }
    p.position = end + 2;
  }
  if (ok) {
    size_t used = 0;
    for (size_t t = 0; t < count; t++) {
      if (name_lengths[t] == 0) {
        continue;
      }
      memcpy(storage + used, text + name_offsets[t], name_lengths[t]);
      storage[used + name_lengths[t]] = '\0';
      name_offsets[t] = used;
      used += name_lengths[t] + 1;
    }
    for (size_t t = 0; t < count; t++) {
      terms[t].input = name_lengths[t] ? storage + name_offsets[t] : NULL;
    }
    out->terms = terms;
    out->count = count;
    out->storage = storage;
  } else {
    free(terms);
    free(storage);
  }
  free(name_offsets);
  free(name_lengths);
  return ok ? ANIMA_OK : ANIMA_ERROR_INVALID_DOCUMENT;
}
