/*
 * morph_rest.c — path values from text and the rest value of a morphing
 * path drawn from a glyph (morph.h; SPEC paint chapter, "Compatible path
 * morphs": "including when rest geometry comes from a glyph and selected
 * subpaths").
 */
#include <string.h>

#include "morph.h"
#include "paint.h"
#include "path_data.h"

static void *allocate(const morph_allocator *allocator, size_t size) {
  return allocator->alloc(allocator->context, size ? size : 1);
}

/* A vector of `number_count` numbers with a shape of `command_count`
 * commands; the caller fills both. */
static anima_vector *new_vector(const morph_allocator *allocator,
                                size_t command_count, size_t number_count,
                                morph_shape **shape, char **commands) {
  anima_vector *vector =
      allocate(allocator, sizeof *vector + number_count * sizeof(double));
  *shape = allocate(allocator, sizeof **shape);
  *commands = allocate(allocator, command_count + 1);
  if (!vector || !*shape || !*commands) {
    return NULL;
  }
  vector->count = number_count;
  vector->shape = *shape;
  (*shape)->command_count = command_count;
  (*shape)->commands = *commands;
  (*shape)->numbers = vector->numbers;
  (*shape)->number_count = number_count;
  return vector;
}

anima_vector *morph_vector_from_text(const morph_allocator *allocator,
                                     const char *text) {
  size_t command_count = 0, number_count = 0;
  if (!path_data_scan(text, NULL, &command_count, NULL, &number_count)) {
    return NULL;
  }
  morph_shape *shape;
  char *commands;
  anima_vector *vector =
      new_vector(allocator, command_count, number_count, &shape, &commands);
  size_t length = strlen(text);
  char *authored = allocate(allocator, length + 1);
  if (!vector || !authored) {
    return NULL;
  }
  memcpy(authored, text, length + 1);
  shape->authored = authored;
  path_data_scan(text, commands, &command_count, vector->numbers,
                 &number_count);
  return vector;
}

/* ---- a glyph's selected subpaths ----------------------------------------- */

/* Appends `text` to a growing buffer of `capacity` bytes (counting only when
 * the buffer is NULL). */
static void put(char *buffer, size_t *length, const char *text) {
  size_t size = strlen(text);
  if (buffer) {
    memcpy(buffer + *length, text, size + 1);
  }
  *length += size;
}

/* The text of commands and numbers, numbers in their shortest form. */
static size_t write_text(const char *commands, size_t command_count,
                         const double *numbers, char *buffer) {
  size_t length = 0, n = 0;
  if (buffer) {
    buffer[0] = '\0';
  }
  for (size_t c = 0; c < command_count; c++) {
    char letter[2] = {commands[c], '\0'};
    put(buffer, &length, letter);
    int count = path_data_arguments(commands[c]);
    for (int k = 0; k < count; k++, n++) {
      char number[ANIMA_FORMAT_CAPACITY + 1] = " ";
      paint_host->format_number(numbers[n], number + (k > 0 ? 1 : 0));
      put(buffer, &length, number);
    }
  }
  return length;
}

/* The glyph's path data text of `node`, or NULL. */
static const char *glyph_data(const anima_json *document,
                              const anima_json *node) {
  const anima_json *name = paint_host->json_member(node, "glyph");
  if (!name || paint_host->json_type(name) != ANIMA_JSON_STRING) {
    return NULL;
  }
  const anima_json *glyph =
      paint_host->json_member(paint_host->json_member(document, "glyphs"),
                              paint_host->json_string(name, NULL));
  const anima_json *d = paint_host->json_member(glyph, "d");
  return d && paint_host->json_type(d) == ANIMA_JSON_STRING
             ? paint_host->json_string(d, NULL)
             : NULL;
}

/* Everything about the glyph's path data the selection needs. */
typedef struct glyph_scan {
  char *commands;
  double *numbers;
  size_t command_count, number_count;
  size_t *first_command; /* per subpath: its moveto's command index */
  size_t *first_number;  /* per subpath: its moveto's first number */
  anima_point *starts, *ends;
  size_t subpath_count;
} glyph_scan;

static bool scan_glyph(const morph_allocator *allocator, const char *text,
                       glyph_scan *g) {
  if (!path_data_scan(text, NULL, &g->command_count, NULL, &g->number_count)) {
    return false;
  }
  g->commands = allocate(allocator, g->command_count);
  g->numbers = allocate(allocator, g->number_count * sizeof(double));
  size_t moves = g->command_count; /* at most one per command */
  g->first_command = allocate(allocator, moves * sizeof(size_t));
  g->first_number = allocate(allocator, moves * sizeof(size_t));
  g->starts = allocate(allocator, moves * sizeof(anima_point));
  g->ends = allocate(allocator, moves * sizeof(anima_point));
  if (!g->commands || !g->numbers || !g->first_command || !g->first_number ||
      !g->starts || !g->ends) {
    return false;
  }
  path_data_scan(text, g->commands, &g->command_count, g->numbers,
                 &g->number_count);
  size_t n = 0;
  g->subpath_count = 0;
  for (size_t c = 0; c < g->command_count; c++) {
    if (g->commands[c] == 'M' || g->commands[c] == 'm') {
      g->first_command[g->subpath_count] = c;
      g->first_number[g->subpath_count] = n;
      g->subpath_count++;
    }
    n += (size_t)path_data_arguments(g->commands[c]);
  }
  path_data_subpath_points(g->commands, g->command_count, g->numbers, g->starts,
                           g->ends);
  return g->subpath_count > 0;
}

/* Commands [first, end) and numbers of subpath `s`. */
static void subpath_range(const glyph_scan *g, size_t s, size_t *first_command,
                          size_t *end_command, size_t *first_number,
                          size_t *end_number) {
  *first_command = g->first_command[s];
  *first_number = g->first_number[s];
  bool last = s + 1 == g->subpath_count;
  *end_command = last ? g->command_count : g->first_command[s + 1];
  *end_number = last ? g->number_count : g->first_number[s + 1];
}

bool morph_glyph_rest(const morph_allocator *allocator,
                      const anima_json *document, const anima_json *node,
                      anima_vector **out) {
  const char *text = glyph_data(document, node);
  anima_path parsed;
  if (!text ||
      paint_host->path_parse(text, strlen(text), &parsed, NULL) != ANIMA_OK) {
    return false;
  }
  paint_host->path_release(&parsed);
  glyph_scan g;
  if (!scan_glyph(allocator, text, &g)) {
    return false;
  }
  /* The selection: `subpaths` (any order, always drawn in the glyph's
   * order, SPEC §3), or every subpath. */
  const anima_json *selection = paint_host->json_member(node, "subpaths");
  bool all = !selection || paint_host->json_type(selection) != ANIMA_JSON_ARRAY;
  bool *chosen = allocate(allocator, g.subpath_count * sizeof(bool));
  size_t *order = allocate(allocator, g.subpath_count * sizeof(size_t));
  if (!chosen || !order) {
    return false;
  }
  for (size_t s = 0; s < g.subpath_count; s++) {
    chosen[s] = all;
  }
  for (size_t i = 0; !all && i < paint_host->json_size(selection); i++) {
    double index = paint_host->json_number(paint_host->json_item(selection, i));
    if (!(index >= 0 && index < (double)g.subpath_count)) {
      return false;
    }
    chosen[(size_t)index] = true;
  }
  size_t selected = 0, command_count = 0, number_count = 0;
  for (size_t s = 0; s < g.subpath_count; s++) {
    if (!chosen[s]) {
      continue;
    }
    order[selected++] = s;
    size_t first_command, end_command, first_number, end_number;
    subpath_range(&g, s, &first_command, &end_command, &first_number,
                  &end_number);
    command_count += end_command - first_command;
    number_count += end_number - first_number;
  }
  if (selected == 0) {
    return false;
  }
  morph_shape *shape;
  char *commands;
  anima_vector *vector =
      new_vector(allocator, command_count, number_count, &shape, &commands);
  if (!vector) {
    return false;
  }
  size_t c = 0, n = 0;
  anima_point pen = {0, 0}; /* where the previous selected subpath ended */
  for (size_t i = 0; i < selected; i++) {
    size_t s = order[i];
    size_t first_command, end_command, first_number, end_number;
    subpath_range(&g, s, &first_command, &end_command, &first_number,
                  &end_number);
    memcpy(commands + c, g.commands + first_command,
           end_command - first_command);
    memcpy(vector->numbers + n, g.numbers + first_number,
           (end_number - first_number) * sizeof(double));
    if (g.commands[first_command] == 'm') {
      /* Rebase the relative moveto onto this selection's pen. */
      vector->numbers[n] = g.starts[s].x - pen.x;
      vector->numbers[n + 1] = g.starts[s].y - pen.y;
    }
    pen = g.ends[s];
    c += end_command - first_command;
    n += end_number - first_number;
  }
  size_t length = write_text(commands, command_count, vector->numbers, NULL);
  char *authored = allocate(allocator, length + 1);
  if (!authored) {
    return false;
  }
  write_text(commands, command_count, vector->numbers, authored);
  shape->authored = authored;
  *out = vector;
  return true;
}
