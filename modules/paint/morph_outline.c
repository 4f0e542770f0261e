/*
 * morph_outline.c — the outline hook on `path` for documents declaring
 * paint (morph.h): a path whose `d` the document animates (a track, a pose
 * or any write naming `<id>.d`) draws its sampled path value, so drawing,
 * lengths and hit tests follow the morph ("Hit tests follow the sampled
 * outline"). Other paths keep the kernel's own fixed outline: the hook's
 * compile gives them no data.
 */
#include <stdio.h>
#include <string.h>

#include "morph.h"
#include "paint.h"
#include "path_data.h"

/* Per model, per morphing path. */
typedef struct morph_outline_data {
  size_t slot;         /* of `d` */
  size_t max_segments; /* of its commands (every key has the same) */
} morph_outline_data;

static void *compile_allocate(void *context, size_t size) {
  return paint_host->compile_alloc(context, size);
}

static anima_status morph_compile(anima_compile *compile,
                                  const anima_site *site, void *user,
                                  void **data) {
  (void)user;
  *data = NULL;
  size_t node = (size_t)site->node;
  const char *id = paint_host->compile_node_id(compile, node);
  char address[160];
  snprintf(address, sizeof address, "%s.d", id ? id : "");
  const anima_json *document = paint_host->compile_document(compile);
  long slot = paint_host->compile_find_slot(compile, node, "d");
  if (slot < 0 || !paint_document_names(document, address)) {
    return ANIMA_OK; /* a static path: the kernel's outline */
  }
  morph_allocator allocator = {compile_allocate, compile};
  const anima_json *d = paint_host->json_member(site->json, "d");
  anima_vector *rest = NULL;
  if (d && paint_host->json_type(d) == ANIMA_JSON_STRING) {
    rest = morph_vector_from_text(&allocator, paint_host->json_string(d, NULL));
  } else if (!morph_glyph_rest(&allocator, document, site->json, &rest)) {
    rest = NULL;
  }
  if (!rest) {
    return ANIMA_OK; /* validation reported the path's source */
  }
  const morph_shape *shape = rest->shape;
  morph_outline_data *outline =
      paint_host->compile_alloc(compile, sizeof *outline);
  if (!outline) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  outline->slot = (size_t)slot;
  outline->max_segments =
      path_data_max_segments(shape->commands, shape->command_count);
  *data = outline;
  return ANIMA_OK;
}

static size_t morph_segments(const void *data, void *user) {
  (void)user;
  const morph_outline_data *outline = data;
  return outline ? outline->max_segments : 0;
}

static anima_status morph_outline(const anima_view *view, const void *data,
                                  anima_path *out, bool *handled, void *user) {
  (void)user;
  const morph_outline_data *outline = data;
  *handled = false;
  if (!outline) {
    return ANIMA_OK;
  }
  const anima_value *value = paint_host->view_value(view, outline->slot);
  const anima_vector *vector = value ? value->as.vector : NULL;
  const morph_shape *shape = vector ? vector->shape : NULL;
  if (!shape || shape->command_count == 0) {
    return ANIMA_OK;
  }
  *handled = true;
  return path_data_outline(out, shape->commands, shape->command_count,
                           vector->numbers);
}

anima_status paint_register_morph_outline(anima_registrar *registrar) {
  static const anima_outline_hook_desc hook = {
      .struct_size = sizeof hook,
      .node_type = "path",
      .feature = PAINT_FEATURE,
      .lifecycle = {.compile = morph_compile},
      .max_segments = morph_segments,
      .outline = morph_outline,
  };
  return paint_host->add_outline_hook(registrar, &hook);
}
