/*
 * value_type.c — module value types (value_type.h): the value context of
 * module.h, default parsing by storage, compatibility, compiling document,
 * key and pose values, sizing VECTOR cells, sampling and crossfades, and
 * snapshot text (anima_model_format_value, format.h).
 */
#include "value_type.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/format.h>

#include "registry_internal.h"
#include "text.h"

/* ---- the value context ----------------------------------------------------
 */

struct anima_value_block {
  anima_value_block *next;
  _Alignas(16) unsigned char data[];
};

void *anima_value_context_alloc(anima_value_context *context, size_t size) {
  if (!context) {
    return NULL;
  }
  if (context->model) {
    void *memory = anima_model_alloc(context->model, size);
    context->out_of_memory |= memory == NULL;
    return memory;
  }
  anima_value_block *block = calloc(1, sizeof *block + (size ? size : 1));
  if (!block) {
    context->out_of_memory = true;
    return NULL;
  }
  block->next = context->blocks;
  context->blocks = block;
  return block->data;
}

const char *anima_value_context_string(anima_value_context *context,
                                       const char *text) {
  if (!context || !text) {
    return NULL;
  }
  if (context->model) {
    const char *copy = anima_model_intern(context->model, text);
    context->out_of_memory |= copy == NULL;
    return copy;
  }
  size_t length = strlen(text) + 1;
  char *copy = anima_value_context_alloc(context, length);
  if (copy) {
    memcpy(copy, text, length);
  }
  return copy;
}

long anima_value_context_find_node(anima_value_context *context,
                                   const char *id) {
  return context && id && context->find_node
             ? context->find_node(context->owner, id)
             : -1;
}

const char *anima_value_context_pointer(anima_value_context *context) {
  return context && context->pointer ? context->pointer : "";
}

void anima_value_context_vreport(anima_value_context *context, const char *code,
                                 const char *hint, const char *format,
                                 va_list list) {
  if (!context) {
    return;
  }
  context->reported = true;
  if (!context->report) {
    return;
  }
  anima_text message = {0};
  anima_text_vappendf(&message, format ? format : "", list);
  context->report(context->owner, anima_value_context_pointer(context),
                  code ? code : "value-type", hint,
                  anima_text_string(&message));
  anima_text_free(&message);
}

static void report(anima_value_context *context, const char *code,
                   const char *hint, const char *format, ...)
    ANIMA_PRINTF(4, 5);

static void report(anima_value_context *context, const char *code,
                   const char *hint, const char *format, ...) {
  va_list list;
  va_start(list, format);
  anima_value_context_vreport(context, code, hint, format, list);
  va_end(list);
}

void anima_value_context_finish(anima_value_context *context) {
  while (context->blocks) {
    anima_value_block *next = context->blocks->next;
    free(context->blocks);
    context->blocks = next;
  }
}

/* ---- types ----------------------------------------------------------------
 */

const anima_value_type_desc *
anima_value_type_find(const anima_registry *registry, anima_value_type type) {
  return type >= ANIMA_VALUE_MODULE_FIRST
             ? anima_registry_value_type(registry, type)
             : NULL;
}

bool anima_value_type_holds(const anima_registry *registry,
                            anima_value_type type) {
  if (type == ANIMA_VALUE_BOOL) {
    return true;
  }
  const anima_value_type_desc *desc = anima_value_type_find(registry, type);
  return desc && desc->animation != ANIMA_ANIMATION_INTERPOLATED;
}

/* The parse a type without `parse` gets: its storage's JSON form. */
static bool default_parse(anima_value_context *context,
                          const anima_value_type_desc *desc, const json_t *json,
                          anima_value *out) {
  switch (desc->storage) {
  case ANIMA_STORAGE_NUMBER:
    if (!json_is_number(json)) {
      report(context, "value-type", "use a number", "a %s is a number",
             desc->name);
      return false;
    }
    out->as.number = json_number_value(json);
    return true;
  case ANIMA_STORAGE_INTEGER: {
    double number = json_is_number(json) ? json_number_value(json) : NAN;
    if (!(floor(number) == number && fabs(number) < 9007199254740992.0)) {
      report(context, "value-type", "use a whole number",
             "a %s is a whole number", desc->name);
      return false;
    }
    out->as.integer = (int64_t)number;
    return true;
  }
  case ANIMA_STORAGE_POINT:
    if (!json_is_array(json) || json_array_size(json) != 2 ||
        !json_is_number(json_array_get(json, 0)) ||
        !json_is_number(json_array_get(json, 1))) {
      report(context, "value-type", "write [x, y]", "a %s is [x, y]",
             desc->name);
      return false;
    }
    out->as.point[0] = json_number_value(json_array_get(json, 0));
    out->as.point[1] = json_number_value(json_array_get(json, 1));
    return true;
  case ANIMA_STORAGE_TEXT:
    if (!json_is_string(json)) {
      report(context, "value-type", "use a JSON string", "a %s is a string",
             desc->name);
      return false;
    }
    out->as.text = anima_value_context_string(context, json_string_value(json));
    return out->as.text != NULL;
  case ANIMA_STORAGE_REFERENCE: {
    const char *id = json_is_string(json) ? json_string_value(json) : NULL;
    if (!id) {
      report(context, "value-type", "use a node id", "a %s is a node id",
             desc->name);
      return false;
    }
    out->as.reference = anima_value_context_find_node(context, id);
    if (out->as.reference < 0) {
      report(context, "value-type", "use the id of a node of this document",
             "no node has the id \"%s\"", id);
      return false;
    }
    return true;
  }
  case ANIMA_STORAGE_VECTOR: {
    size_t count = json_is_array(json) ? json_array_size(json) : 0;
    for (size_t i = 0; i < count; i++) {
      if (!json_is_number(json_array_get(json, i))) {
        count = 0;
        json = NULL;
      }
    }
    if (!json_is_array(json)) {
      report(context, "value-type", "write an array of numbers",
             "a %s is an array of numbers", desc->name);
      return false;
    }
    anima_vector *vector = anima_value_context_alloc(
        context, sizeof *vector + count * sizeof(double));
    if (!vector) {
      return false;
    }
    vector->count = count;
    for (size_t i = 0; i < count; i++) {
      vector->numbers[i] = json_number_value(json_array_get(json, i));
    }
    out->as.vector = vector;
    return true;
  }
  }
  return false;
}

bool anima_value_parse(anima_value_context *context, anima_value_type type,
                       const json_t *json, anima_value *out) {
  const anima_value_type_desc *desc =
      anima_value_type_find(context->registry, type);
  memset(out, 0, sizeof *out);
  out->type = type;
  if (!desc) {
    return false;
  }
  bool reported = context->reported;
  context->reported = false;
  bool parsed = desc->parse ? desc->parse(context, (const anima_json *)json,
                                          out, desc->user)
                            : default_parse(context, desc, json, out);
  out->type = type;
  if (parsed && desc->storage == ANIMA_STORAGE_VECTOR && !out->as.vector) {
    parsed = false; /* a vector value always has numbers (maybe none) */
  }
  if (!parsed && !context->reported && !context->out_of_memory) {
    report(context, "value-type", NULL, "this is not a valid %s value",
           desc->name);
  }
  context->reported |= reported;
  return parsed;
}

bool anima_value_node_rest(anima_value_context *context, anima_value_type type,
                           const json_t *document, const json_t *node,
                           const char *address, anima_value *out) {
  const anima_value_type_desc *desc =
      anima_value_type_find(context->registry, type);
  if (!desc || !desc->node_rest || !node) {
    return false;
  }
  anima_value value = {.type = type};
  bool reported = context->reported;
  bool given =
      desc->node_rest(context, (const anima_json *)document,
                      (const anima_json *)node, address, &value, desc->user);
  context->reported = reported;
  if (!given || (desc->storage == ANIMA_STORAGE_VECTOR && !value.as.vector)) {
    return false;
  }
  value.type = type;
  *out = value;
  return true;
}

bool anima_value_compatible(anima_value_context *context,
                            const anima_value *rest, const anima_value *other) {
  const anima_value_type_desc *desc =
      anima_value_type_find(context->registry, other->type);
  if (!desc || !desc->compatible || rest->type != other->type) {
    return true;
  }
  if (desc->storage == ANIMA_STORAGE_VECTOR &&
      (!rest->as.vector || !other->as.vector)) {
    return true;
  }
  bool reported = context->reported;
  context->reported = false;
  bool compatible = desc->compatible(context, rest, other, desc->user);
  if (!compatible && !context->reported) {
    report(context, "value-type", NULL,
           "this %s value does not fit the rest value", desc->name);
  }
  context->reported |= reported;
  return compatible;
}

/* ---- compile ----------------------------------------------------------------
 */

static long model_find_node(void *owner, const char *id) {
  const anima_model *model = owner;
  for (size_t i = 0; i < model->node_count; i++) {
    if (strcmp(model->nodes[i].id, id) == 0) {
      return (long)i;
    }
  }
  return -1;
}

static anima_value_context compile_context(anima_compiler *compiler) {
  anima_value_context context = {
      .registry = compiler->model->registry,
      .model = compiler->model,
      .find_node = model_find_node,
      .owner = compiler->model,
  };
  return context;
}

anima_status anima_compile_module_value(anima_compiler *compiler,
                                        const json_t *json,
                                        anima_value_type type,
                                        anima_value *out) {
  anima_value_context context = compile_context(compiler);
  bool parsed = anima_value_parse(&context, type, json, out);
  if (context.out_of_memory) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  return parsed ? ANIMA_OK : ANIMA_ERROR_INVALID_DOCUMENT;
}

/* The node objects of the document in pre-order (model node order). */
static void collect_nodes(const json_t *list, const json_t **objects,
                          size_t count, size_t *used) {
  for (size_t i = 0; i < json_array_size(list) && *used < count; i++) {
    const json_t *node = json_array_get(list, i);
    objects[(*used)++] = node;
    collect_nodes(json_object_get(node, "children"), objects, count, used);
  }
}

/* The JSON pointer of node `index` ("/nodes/0/children/2"). */
static void node_pointer(const anima_model *model, size_t index,
                         anima_text *text) {
  long parent = model->nodes[index].parent;
  const size_t *siblings =
      parent >= 0 ? model->children + model->nodes[parent].first_child
                  : model->roots;
  size_t count =
      parent >= 0 ? model->nodes[parent].child_count : model->root_count;
  if (parent >= 0) {
    node_pointer(model, (size_t)parent, text);
  }
  for (size_t i = 0; i < count; i++) {
    if (siblings[i] == index) {
      anima_text_appendf(text, parent >= 0 ? "/children/%zu" : "/nodes/%zu", i);
    }
  }
}

/* A rest value that does not parse although validation passed (a module
 * whose property's document value is not a VALUE field of its type). */
static void report_rest(anima_compiler *compiler, size_t slot) {
  const anima_model *model = compiler->model;
  if (!compiler->diagnostics) {
    return;
  }
  anima_text pointer = {0};
  node_pointer(model, model->slots[slot].node, &pointer);
  const anima_property *property =
      anima_registry_property(model->registry, model->slots[slot].property);
  for (const char *segment = property->address; *segment;) {
    size_t length = strcspn(segment, ".");
    anima_text token = {0};
    anima_text_append_length(&token, segment, length);
    anima_text_append_pointer_token(&pointer, anima_text_string(&token));
    anima_text_free(&token);
    segment += length + (segment[length] == '.');
  }
  anima_diagnostics_add(compiler->diagnostics, "value-type",
                        ANIMA_SEVERITY_ERROR, anima_text_string(&pointer),
                        "declare the field as a value of its type (module.h "
                        "ANIMA_FIELD_VALUE)",
                        "\"%s\" is not a valid value of its type",
                        model->slots[slot].address);
  anima_text_free(&pointer);
}

/* The document value at a property address inside a node object
 * ("fill.color"; numeric segments index arrays), or NULL. */
static const json_t *value_at(const json_t *node, const char *address) {
  const json_t *current = node;
  char segment[128];
  while (current && *address) {
    size_t length = strcspn(address, ".");
    if (length >= sizeof segment) {
      return NULL;
    }
    memcpy(segment, address, length);
    segment[length] = '\0';
    if (json_is_object(current)) {
      current = json_object_get(current, segment);
    } else if (json_is_array(current) && length > 0 &&
               strspn(segment, "0123456789") == length) {
      current = json_array_get(current, strtoul(segment, NULL, 10));
    } else {
      return NULL;
    }
    address += length + (address[length] == '.');
  }
  return current;
}

anima_status anima_compile_value_rests(anima_compiler *compiler) {
  anima_model *model = compiler->model;
  const anima_registry *registry = model->registry;
  if (anima_registry_behaviour_count(registry, ANIMA_BEHAVIOUR_VALUE_TYPE) ==
      0) {
    return ANIMA_OK;
  }
  const json_t **objects =
      calloc(model->node_count ? model->node_count : 1, sizeof *objects);
  if (!objects) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t used = 0;
  collect_nodes(json_object_get(compiler->document, "nodes"), objects,
                model->node_count, &used);
  anima_status status = ANIMA_OK;
  for (size_t i = 0; status == ANIMA_OK && i < model->slot_count; i++) {
    anima_model_slot *slot = &model->slots[i];
    if (!anima_value_type_find(registry, slot->type)) {
      continue;
    }
    if (slot->animation != ANIMA_ANIMATION_NONE) {
      slot->animation = anima_value_type_holds(registry, slot->type)
                            ? ANIMA_ANIMATION_HOLD
                            : slot->animation;
    }
    /* The slot's concrete address after "<node-id>." (ids hold no '.'):
     * a pattern property ("channels.*") has one slot per match. */
    const char *dot = slot->address ? strchr(slot->address, '.') : NULL;
    const char *suffix =
        dot ? dot + 1
            : anima_registry_property(registry, slot->property)->address;
    const json_t *json =
        slot->node < used ? value_at(objects[slot->node], suffix) : NULL;
    if (json) {
      status =
          anima_compile_module_value(compiler, json, slot->type, &slot->rest);
      if (status == ANIMA_ERROR_INVALID_DOCUMENT) {
        report_rest(compiler, i);
      }
    } else if (slot->node < used) {
      anima_value_context context = compile_context(compiler);
      anima_value_node_rest(&context, slot->type, compiler->document,
                            objects[slot->node], suffix, &slot->rest);
      if (context.out_of_memory) {
        status = ANIMA_ERROR_NO_MEMORY;
      }
    }
  }
  free(objects);
  return status;
}

static size_t cell_size(size_t count) {
  return sizeof(anima_vector) + count * sizeof(double);
}

static bool is_vector(const anima_model *model, anima_value_type type) {
  const anima_value_type_desc *desc =
      anima_value_type_find(model->registry, type);
  return desc && desc->storage == ANIMA_STORAGE_VECTOR;
}

static void note_count(size_t *counts, size_t slot, const anima_value *value) {
  if (value->as.vector && value->as.vector->count > counts[slot]) {
    counts[slot] = value->as.vector->count;
  }
}

anima_status anima_compile_value_cells(anima_compiler *compiler) {
  anima_model *model = compiler->model;
  bool any = false;
  for (size_t i = 0; i < model->slot_count && !any; i++) {
    any = is_vector(model, model->slots[i].type);
  }
  if (!any) {
    return ANIMA_OK;
  }
  /* The longest vector of each slot: its rest, keys and pose values. */
  size_t *counts = calloc(model->slot_count, sizeof *counts);
  model->slot_cells = malloc(model->slot_count * sizeof *model->slot_cells);
  model->slot_mix_cells =
      malloc(model->slot_count * sizeof *model->slot_mix_cells);
  model->domain_cells =
      malloc(3 * (model->layer_slot_count ? model->layer_slot_count : 1) *
             sizeof *model->domain_cells);
  if (!counts || !model->slot_cells || !model->slot_mix_cells ||
      !model->domain_cells) {
    free(counts);
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < model->slot_count; i++) {
    if (is_vector(model, model->slots[i].type)) {
      note_count(counts, i, &model->slots[i].rest);
    }
  }
  for (size_t t = 0; t < model->track_count; t++) {
    const anima_model_track *track = &model->tracks[t];
    if (!is_vector(model, model->slots[track->slot].type)) {
      continue;
    }
    for (size_t k = 0; k < track->key_count; k++) {
      note_count(counts, track->slot, &model->keys[track->first_key + k].value);
    }
  }
  for (size_t p = 0; p < model->pose_value_count; p++) {
    const anima_model_pose_value *pose = &model->pose_values[p];
    if (is_vector(model, model->slots[pose->slot].type)) {
      note_count(counts, pose->slot, &pose->value);
    }
  }
  size_t bytes = 0;
  for (size_t i = 0; i < model->slot_count; i++) {
    model->slot_cells[i] = SIZE_MAX;
    model->slot_mix_cells[i] = SIZE_MAX;
    if (is_vector(model, model->slots[i].type)) {
      model->slot_cells[i] = bytes;
      bytes += cell_size(counts[i]);
      model->slot_mix_cells[i] = bytes;
      bytes += cell_size(counts[i]);
    }
  }
  for (size_t e = 0; e < model->layer_slot_count; e++) {
    size_t slot = model->layer_slots[e];
    for (size_t which = 0; which < 3; which++) {
      model->domain_cells[3 * e + which] = SIZE_MAX;
      if (is_vector(model, model->slots[slot].type)) {
        model->domain_cells[3 * e + which] = bytes;
        bytes += cell_size(counts[slot]);
      }
    }
  }
  free(counts);
  model->cell_bytes = bytes;
  return ANIMA_OK;
}

/* ---- sampling and crossfades ----------------------------------------------
 */

/* The type's lerp of a and b at w, strictly inside (0, 1). */
static anima_value lerp(const anima_value_type_desc *desc, const anima_value *a,
                        const anima_value *b, double w, anima_vector *cell) {
  anima_value out = *a;
  if (!desc->lerp) {
    return w < 1 ? *a : *b;
  }
  if (desc->storage == ANIMA_STORAGE_VECTOR) {
    const anima_vector *from = a->as.vector, *to = b->as.vector;
    if (!cell || !from || !to || from->count != to->count) {
      return w < 1 ? *a : *b; /* incompatible: refused by validation */
    }
    cell->count = from->count;
    cell->shape = from->shape;
    out.as.vector = cell;
  }
  desc->lerp(a, b, w, &out, desc->user);
  out.type = a->type;
  return out;
}

anima_value anima_module_value_sample(const anima_model *model,
                                      const anima_value *a,
                                      const anima_value *b, double w,
                                      anima_vector *cell) {
  const anima_value_type_desc *desc =
      anima_value_type_find(model->registry, a->type);
  if (!desc || desc->animation != ANIMA_ANIMATION_INTERPOLATED || w == 0) {
    return *a;
  }
  if (w == 1) {
    return *b;
  }
  return lerp(desc, a, b, w, cell);
}

anima_value anima_module_value_fade(const anima_model *model,
                                    const anima_value *a, const anima_value *b,
                                    double w, anima_vector *cell) {
  const anima_value_type_desc *desc =
      anima_value_type_find(model->registry, b->type);
  if (!desc || desc->animation != ANIMA_ANIMATION_INTERPOLATED || w == 1) {
    return *b;
  }
  if (w == 0) {
    return *a;
  }
  return lerp(desc, a, b, w, cell);
}

/* ---- snapshot text ----------------------------------------------------------
 */

/* Appends `text` as a JSON string. */
static void append_json_string(anima_text *out, const char *text) {
  anima_text_append(out, "\"");
  for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
    switch (*c) {
    case '"':
      anima_text_append(out, "\\\"");
      break;
    case '\\':
      anima_text_append(out, "\\\\");
      break;
    case '\n':
      anima_text_append(out, "\\n");
      break;
    case '\r':
      anima_text_append(out, "\\r");
      break;
    case '\t':
      anima_text_append(out, "\\t");
      break;
    default:
      if (*c < 0x20) {
        anima_text_appendf(out, "\\u%04x", *c);
      } else {
        anima_text_append_length(out, (const char *)c, 1);
      }
    }
  }
  anima_text_append(out, "\"");
}

static void append_number(anima_text *out, double number) {
  char buffer[ANIMA_FORMAT_CAPACITY];
  anima_text_append_length(out, buffer, anima_format_number(number, buffer));
}

/* The storage's own JSON text (types without `format`). */
static void default_format(const anima_model *model,
                           const anima_value_type_desc *desc,
                           const anima_value *value, anima_text *out) {
  switch (desc->storage) {
  case ANIMA_STORAGE_NUMBER:
    append_number(out, value->as.number);
    return;
  case ANIMA_STORAGE_INTEGER:
    anima_text_appendf(out, "%" PRId64, value->as.integer);
    return;
  case ANIMA_STORAGE_POINT:
    anima_text_append(out, "[");
    append_number(out, value->as.point[0]);
    anima_text_append(out, ", ");
    append_number(out, value->as.point[1]);
    anima_text_append(out, "]");
    return;
  case ANIMA_STORAGE_TEXT:
    append_json_string(out, value->as.text ? value->as.text : "");
    return;
  case ANIMA_STORAGE_REFERENCE:
    if (value->as.reference >= 0 &&
        (size_t)value->as.reference < model->node_count) {
      append_json_string(out, model->nodes[value->as.reference].id);
    } else {
      anima_text_append(out, "null");
    }
    return;
  case ANIMA_STORAGE_VECTOR: {
    const anima_vector *vector = value->as.vector;
    anima_text_append(out, "[");
    for (size_t i = 0; vector && i < vector->count; i++) {
      anima_text_append(out, i ? ", " : "");
      append_number(out, vector->numbers[i]);
    }
    anima_text_append(out, "]");
    return;
  }
  }
  anima_text_append(out, "null");
}

size_t anima_model_format_value(const anima_model *model,
                                const anima_value *value, char *buffer,
                                size_t size) {
  if (!value) {
    return 0;
  }
  const anima_value_type_desc *desc =
      model ? anima_value_type_find(model->registry, value->type) : NULL;
  if (!desc) {
    char core[ANIMA_FORMAT_CAPACITY];
    size_t length = anima_format_value(value, core);
    if (size > 0) {
      snprintf(buffer, size, "%s", core);
    }
    return length;
  }
  /* References always print as the node id (DECISIONS 11): a module's
   * format cannot see the model's ids. */
  if (desc->format && desc->storage != ANIMA_STORAGE_REFERENCE &&
      !(desc->storage == ANIMA_STORAGE_VECTOR && !value->as.vector)) {
    char scratch[1];
    return desc->format(value, size ? buffer : scratch, size, desc->user);
  }
  anima_text text = {0};
  default_format(model, desc, value, &text);
  size_t length = text.length;
  if (size > 0) {
    snprintf(buffer, size, "%s", text.failed ? "" : anima_text_string(&text));
  }
  anima_text_free(&text);
  return length;
}
