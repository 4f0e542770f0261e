/*
 * condition_term.c — condition term kinds (module.h anima_term_kind_desc,
 * SPEC §8 conditions): the term context of module.h, and offering a term
 * the core grammar does not parse to the term kinds of the document's
 * features (condition.h anima_condition_terms), for validation and
 * compile alike.
 */
#include <stdlib.h>
#include <string.h>

#include "kinds.h"
#include "registry_internal.h"
#include "text.h"

struct anima_term_block {
  struct anima_term_block *next;
  _Alignas(16) unsigned char data[];
};

void *anima_term_context_alloc(anima_term_context *context, size_t size) {
  if (!context) {
    return NULL;
  }
  if (context->model) {
    void *memory = anima_model_alloc(context->model, size);
    context->out_of_memory |= memory == NULL;
    return memory;
  }
  struct anima_term_block *block = calloc(1, sizeof *block + (size ? size : 1));
  if (!block) {
    context->out_of_memory = true;
    return NULL;
  }
  block->next = context->blocks;
  context->blocks = block;
  return block->data;
}

long anima_term_context_input(anima_term_context *context, const char *name,
                              anima_input_type *type) {
  if (!context || !name || !context->input) {
    return -1;
  }
  anima_input_type found = ANIMA_INPUT_BOOL;
  long index = context->input(context->owner, name, &found);
  if (index >= 0 && type) {
    *type = found;
  }
  return index;
}

void anima_term_context_vreport(anima_term_context *context, const char *code,
                                const char *hint, const char *format,
                                va_list list) {
  if (!context) {
    return;
  }
  context->reported = true;
  if (!context->report || context->silent) {
    return;
  }
  anima_text message = {0};
  anima_text_vappendf(&message, format ? format : "", list);
  context->report(context->owner, code ? code : "bad-condition", hint,
                  anima_text_string(&message));
  anima_text_free(&message);
}

void anima_term_context_finish(anima_term_context *context) {
  while (context->blocks) {
    struct anima_term_block *next = context->blocks->next;
    free(context->blocks);
    context->blocks = next;
  }
}

/* One kind's parse of a NUL-terminated copy of the term. */
static anima_term_match try_kind(anima_term_context *context,
                                 const anima_term_kind_desc *kind,
                                 const char *text, size_t length, void **data) {
  *data = NULL;
  if (!kind->parse) {
    return ANIMA_TERM_NO_MATCH;
  }
  return kind->parse(context, text, length, data, kind->user);
}

/* condition.h anima_condition_terms.parse over the registry's kinds. */
static anima_term_match parse_term(void *owner, const char *text, size_t length,
                                   size_t offset, anima_condition_term *term) {
  anima_term_context *context = owner;
  size_t count = anima_registry_behaviour_count(context->registry,
                                                ANIMA_BEHAVIOUR_TERM_KIND);
  char *copy = malloc(length + 1);
  if (!copy) {
    context->out_of_memory = true;
    return ANIMA_TERM_NO_MATCH;
  }
  memcpy(copy, text, length);
  copy[length] = '\0';
  context->offset = offset;
  anima_term_match result = ANIMA_TERM_NO_MATCH;
  for (size_t i = 0; i < count && result == ANIMA_TERM_NO_MATCH; i++) {
    const anima_term_kind_desc *kind =
        anima_registry_behaviour(context->registry, ANIMA_BEHAVIOUR_TERM_KIND,
                                 i)
            ->desc;
    if (!anima_feature_declared(kind->feature, context->requires,
                                context->require_count)) {
      continue;
    }
    void *data = NULL;
    context->reported = false;
    result = try_kind(context, kind, copy, length, &data);
    if (result == ANIMA_TERM_MATCH) {
      term->module = kind;
      term->data = data;
    } else if (result == ANIMA_TERM_ERROR && !context->reported) {
      anima_term_context_report(
          context, "bad-condition", kind->syntax ? kind->syntax : NULL,
          "\"%s\" is not a valid %s term", copy, kind->name);
    }
  }
  /* A kind of an undeclared feature that knows the term: say so. */
  for (size_t i = 0;
       result == ANIMA_TERM_NO_MATCH && context->undeclared && i < count; i++) {
    const anima_term_kind_desc *kind =
        anima_registry_behaviour(context->registry, ANIMA_BEHAVIOUR_TERM_KIND,
                                 i)
            ->desc;
    if (anima_feature_declared(kind->feature, context->requires,
                               context->require_count)) {
      continue;
    }
    void *data = NULL;
    bool silent = context->silent;
    context->silent = true;
    anima_term_match match = try_kind(context, kind, copy, length, &data);
    context->silent = silent;
    if (match != ANIMA_TERM_NO_MATCH) {
      context->reported = true;
      context->undeclared(context->owner, kind, copy);
      result = ANIMA_TERM_ERROR;
    }
  }
  free(copy);
  return result;
}

anima_condition_terms anima_term_kinds(anima_term_context *context) {
  anima_condition_terms kinds = {.parse = parse_term, .context = context};
  return kinds;
}

void anima_term_context_report(anima_term_context *context, const char *code,
                               const char *hint, const char *format, ...) {
  va_list list;
  va_start(list, format);
  anima_term_context_vreport(context, code, hint, format, list);
  va_end(list);
}

/* ---- compile ---------------------------------------------------------------
 */

static long model_input(void *owner, const char *name, anima_input_type *type) {
  const anima_model *model = owner;
  for (size_t i = 0; i < model->input_count; i++) {
    if (strcmp(model->inputs[i].name, name) == 0) {
      *type = model->inputs[i].type;
      return (long)i;
    }
  }
  return -1;
}

anima_term_context anima_compile_term_context(anima_compiler *compiler) {
  anima_model *model = compiler->model;
  anima_term_context context = {
      .registry = model->registry,
      .requires = model->requires,
      .require_count = model->require_count,
      .model = model,
      .input = model_input,
      .owner = model,
  };
  return context;
}
