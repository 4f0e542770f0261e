/*
 * load_skin.c — skins (spec §3.3, §8.1) and their attachments (§8.2-§8.4,
 * Part B.5). Attachment names of one slot are kept in JS object key order
 * (integer-like names ascending first, then insertion order; Part B rule 7).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load_internal.h"

static const ob_color white = {1, 1, 1, 1};

void ob_free_attachment(ob_attachment *attachment) {
  free(attachment->name);
  free(attachment->texture);
  free(attachment->vertices);
  free(attachment->influences);
  free(attachment->influence_start);
  free(attachment->uvs);
  free(attachment->triangles);
  free(attachment->linked_mesh);
  free(attachment->input);
  for (size_t i = 0; i < attachment->frame_count; i++) {
    free(attachment->frames[i].image);
  }
  free(attachment->frames);
  ob_free_particles(attachment->particles);
  ob_free_text(attachment->text);
}

/* JS canonical array index: "0" or [1-9][0-9]* below 2^32 − 1. */
static bool integer_like(const char *key, unsigned long long *value) {
  size_t length = strlen(key);
  if (length == 0 || length > 10 || (length > 1 && key[0] == '0')) {
    return false;
  }
  unsigned long long n = 0;
  for (size_t i = 0; i < length; i++) {
    if (key[i] < '0' || key[i] > '9') {
      return false;
    }
    n = n * 10 + (unsigned)(key[i] - '0');
  }
  *value = n;
  return n < 4294967295ULL;
}

/* Reads `key` as a flat list of numbers; NULL (with diagnostics) if absent
 * and required, or not a list of numbers. */
double *ob_numbers(ob_loader *loader, json_t *object, const char *pointer,
                   const char *key, bool required, size_t *count) {
  *count = 0;
  json_t *list = ob_array(loader, object, pointer, key, required);
  if (list == NULL) {
    return NULL;
  }
  size_t n = json_array_size(list);
  double *values = malloc((n ? n : 1) * sizeof *values);
  if (values == NULL) {
    loader->out_of_memory = true;
    return NULL;
  }
  for (size_t i = 0; i < n; i++) {
    json_t *item = json_array_get(list, i);
    if (!json_is_number(item)) {
      char *at = ob_pointer_key(loader, pointer, key);
      ob_error(loader, "bad-type", at, NULL, "\"%s\" must be a list of numbers",
               key);
      free(at);
      free(values);
      return NULL;
    }
    values[i] = json_number_value(item);
  }
  *count = n;
  return values;
}

static void read_weights(ob_loader *loader, json_t *object, const char *pointer,
                         ob_attachment *attachment) {
  json_t *weights = json_object_get(object, "weights");
  if (weights == NULL || json_is_null(weights)) {
    return;
  }
  char *at = ob_pointer_key(loader, pointer, "weights");
  if (!json_is_array(weights) ||
      json_array_size(weights) != attachment->vertex_count) {
    ob_error(loader, "bad-value", at,
             "one list of {bone, x, y, weight} per vertex",
             "\"weights\" must list one influence list per vertex (%zu)",
             attachment->vertex_count);
    free(at);
    return;
  }
  size_t total = 0;
  for (size_t v = 0; v < attachment->vertex_count; v++) {
    total += json_array_size(json_array_get(weights, v));
  }
  attachment->influences =
      calloc(total ? total : 1, sizeof *attachment->influences);
  attachment->influence_start =
      calloc(attachment->vertex_count + 1, sizeof(size_t));
  if (!attachment->influences || !attachment->influence_start) {
    loader->out_of_memory = true;
    free(at);
    return;
  }
  size_t n = 0;
  for (size_t v = 0; v < attachment->vertex_count; v++) {
    json_t *list = json_array_get(weights, v);
    char *vertex_at = ob_pointer_index(loader, at, v);
    attachment->influence_start[v] = n;
    if (!json_is_array(list)) {
      ob_error(loader, "bad-type", vertex_at, NULL,
               "a vertex's weights are a list");
    }
    for (size_t i = 0; i < json_array_size(list); i++) {
      char *where;
      json_t *influence =
          ob_object_at(loader, list, vertex_at, i, "bone x y weight", &where);
      if (influence) {
        char *bone = ob_string(loader, influence, where, "bone", true, false);
        ob_influence *in = &attachment->influences[n++];
        in->bone = ob_lookup(loader->bone_ids, bone);
        if (bone && in->bone < 0) {
          ob_warning(loader, "unknown-reference", where, NULL,
                     "no bone has the id \"%s\"; the slot's bone is used "
                     "(spec §8.3)",
                     bone);
        }
        free(bone);
        in->x = ob_number(loader, influence, where, "x", 0, true);
        in->y = ob_number(loader, influence, where, "y", 0, true);
        in->weight = ob_number(loader, influence, where, "weight", 0, true);
      }
      free(where);
    }
    free(vertex_at);
  }
  attachment->influence_start[attachment->vertex_count] = n;
  free(at);
}

static void read_image(ob_loader *loader, json_t *object, const char *pointer,
                       ob_attachment *attachment) {
  attachment->texture = ob_image_member(
      loader, object, pointer, "the texture is null (spec §8.4)", NULL);
  if (attachment->texture) {
    attachment->region = ob_image_region(loader, attachment->texture);
    ob_note_region_size(loader, attachment->region);
  }
}

static void read_mesh(ob_loader *loader, json_t *object, const char *pointer,
                      ob_attachment *attachment, bool bounding_box) {
  size_t count = 0;
  attachment->vertices =
      ob_numbers(loader, object, pointer, "vertices", true, &count);
  if (count % 2 != 0) {
    char *at = ob_pointer_key(loader, pointer, "vertices");
    ob_error(loader, "bad-value", at, NULL,
             "\"vertices\" holds x, y pairs: an even count, not %zu", count);
    free(at);
  }
  attachment->vertex_count = count / 2;
  read_weights(loader, object, pointer, attachment);
  if (bounding_box) {
    return;
  }
  size_t uv_count = 0;
  attachment->uvs = ob_numbers(loader, object, pointer, "uvs", true, &uv_count);
  if (attachment->uvs && uv_count != 2 * attachment->vertex_count) {
    char *at = ob_pointer_key(loader, pointer, "uvs");
    ob_error(loader, "bad-value", at, NULL,
             "\"uvs\" must hold one u, v pair per vertex (%zu numbers), not "
             "%zu",
             2 * attachment->vertex_count, uv_count);
    free(at);
  }
  size_t triangle_count = 0;
  double *triangles =
      ob_numbers(loader, object, pointer, "triangles", true, &triangle_count);
  if (triangles) {
    attachment->triangles =
        malloc((triangle_count ? triangle_count : 1) * sizeof(unsigned));
    loader->out_of_memory |= attachment->triangles == NULL;
    char *at = ob_pointer_key(loader, pointer, "triangles");
    if (triangle_count % 3 != 0) {
      ob_error(loader, "bad-value", at, NULL,
               "\"triangles\" holds 3 indices per triangle, not %zu numbers",
               triangle_count);
    }
    for (size_t i = 0; attachment->triangles && i < triangle_count; i++) {
      double index = triangles[i];
      if (!(index >= 0 && index < (double)attachment->vertex_count &&
            index == (double)(unsigned)index)) {
        ob_error(loader, "bad-value", at, NULL,
                 "index %g of \"triangles\" is not a vertex (0 to %zu)", index,
                 attachment->vertex_count ? attachment->vertex_count - 1 : 0);
        break;
      }
      attachment->triangles[i] = (unsigned)index;
    }
    attachment->triangle_index_count = triangle_count;
    free(at);
    free(triangles);
  }
  double hull = ob_number(loader, object, pointer, "hull", 0, false);
  attachment->hull = hull > 0 ? (size_t)hull : 0;
  json_t *linked = json_object_get(object, "linked");
  if (json_is_object(linked) &&
      json_is_true(json_object_get(linked, "deform"))) {
    char *at = ob_pointer_key(loader, pointer, "linked");
    attachment->linked_mesh =
        ob_string(loader, linked, at, "mesh", true, false);
    free(at);
  }
}

/* The quad of a region or sequence (Part B `Quad`) and its colour. */
static void read_quad(ob_loader *loader, json_t *object, const char *pointer,
                      ob_attachment *attachment) {
  attachment->x = ob_number(loader, object, pointer, "x", 0, false);
  attachment->y = ob_number(loader, object, pointer, "y", 0, false);
  attachment->rotation =
      ob_number(loader, object, pointer, "rotation", 0, false);
  attachment->width = ob_number(loader, object, pointer, "width", 0, true);
  attachment->height = ob_number(loader, object, pointer, "height", 0, true);
  attachment->scale_x = ob_number(loader, object, pointer, "scaleX", 1, false);
  attachment->scale_y = ob_number(loader, object, pointer, "scaleY", 1, false);
  attachment->skew_x = ob_number(loader, object, pointer, "skewX", 0, false);
  attachment->skew_y = ob_number(loader, object, pointer, "skewY", 0, false);
  attachment->color = ob_color_member(loader, object, pointer, "color", white);
}

/* The first default of a state-machine input with id `id` (§8.6 "input
 * set": no machine runs, so the default); false when no input has it. */
static bool input_default(ob_loader *loader, const char *id, double *out) {
  json_t *machines = json_object_get(loader->root, "stateMachines");
  for (size_t m = 0; m < json_array_size(machines); m++) {
    json_t *inputs = json_object_get(json_array_get(machines, m), "inputs");
    for (size_t i = 0; i < json_array_size(inputs); i++) {
      json_t *input = json_array_get(inputs, i);
      json_t *input_id = json_object_get(input, "id");
      if (json_is_string(input_id) &&
          strcmp(json_string_value(input_id), id) == 0) {
        json_t *value = json_object_get(input, "default");
        *out = json_is_number(value) ? json_number_value(value)
               : json_is_true(value) ? 1
                                     : 0;
        return true;
      }
    }
  }
  return false;
}

/* A {k1: number, …} object of four numbers, e.g. rect {x, y, w, h}. */
static bool four_numbers(ob_loader *loader, json_t *object, const char *pointer,
                         const char *key, const char *names, double out[4]) {
  json_t *value = json_object_get(object, key);
  if (value == NULL || json_is_null(value)) {
    return false;
  }
  char *at = ob_pointer_key(loader, pointer, key);
  bool ok = ob_is_object(loader, value, at);
  char name[8];
  const char *cursor = names;
  for (int i = 0; ok && i < 4; i++) {
    size_t n = strcspn(cursor, " ");
    snprintf(name, sizeof name, "%.*s", (int)n, cursor);
    cursor += n + (cursor[n] ? 1 : 0);
    out[i] = ob_number(loader, value, at, name, 0, true);
  }
  free(at);
  return ok;
}

static void read_sequence(ob_loader *loader, json_t *object,
                          const char *pointer, ob_attachment *attachment) {
  attachment->fps = ob_number(loader, object, pointer, "fps", 24, false);
  attachment->offset = ob_number(loader, object, pointer, "offset", 0, false);
  attachment->constant_speed = true;
  attachment->mode = (ob_sequence_mode)ob_choice(
      loader, object, pointer, "mode", "loop once holdLast pingPong", 0, false);
  char *input = ob_string(loader, object, pointer, "input", false, true);
  if (input) {
    attachment->has_input =
        input_default(loader, input, &attachment->input_default);
    attachment->input = input;
  }
  json_t *frames = ob_array(loader, object, pointer, "frames", true);
  size_t count = json_array_size(frames);
  attachment->frames = calloc(count ? count : 1, sizeof *attachment->frames);
  if (attachment->frames == NULL) {
    loader->out_of_memory = true;
    return;
  }
  char *list = ob_pointer_key(loader, pointer, "frames");
  for (size_t i = 0; i < count; i++) {
    char *where;
    json_t *frame =
        ob_object_at(loader, frames, list, i, "image rect trim", &where);
    ob_sequence_frame *out = &attachment->frames[attachment->frame_count];
    out->region = -1;
    if (frame) {
      long index = -1;
      out->image = ob_image_member(
          loader, frame, where, "the frame draws nothing (spec §8.6)", &index);
      if (out->image) {
        json_t *data = json_array_get(loader->images, (size_t)index);
        out->region = ob_image_region(loader, out->image);
        out->image_width = json_number_value(json_object_get(data, "width"));
        out->image_height = json_number_value(json_object_get(data, "height"));
      }
      out->has_rect =
          four_numbers(loader, frame, where, "rect", "x y w h", out->rect);
      out->has_trim =
          four_numbers(loader, frame, where, "trim", "x y sw sh", out->trim);
      attachment->frame_count++;
    }
    free(where);
  }
  free(list);
}

static void read_attachment(ob_loader *loader, json_t *object,
                            const char *pointer, ob_attachment *attachment) {
  char *type = ob_string(loader, object, pointer, "type", true, false);
  attachment->type = OB_ATTACHMENT_OTHER;
  attachment->color = white;
  attachment->scale_x = attachment->scale_y = 1;
  attachment->region = -1;
  if (type == NULL) {
    return;
  }
  if (strcmp(type, "region") == 0) {
    attachment->type = OB_ATTACHMENT_REGION;
    ob_check_keys(loader, object, pointer,
                  "type image color x y rotation width height scaleX scaleY "
                  "skewX skewY");
    read_quad(loader, object, pointer, attachment);
    read_image(loader, object, pointer, attachment);
  } else if (strcmp(type, "mesh") == 0) {
    attachment->type = OB_ATTACHMENT_MESH;
    ob_check_keys(loader, object, pointer,
                  "type image color vertices weights uvs triangles hull "
                  "linked");
    attachment->color =
        ob_color_member(loader, object, pointer, "color", white);
    read_image(loader, object, pointer, attachment);
    read_mesh(loader, object, pointer, attachment, false);
  } else if (strcmp(type, "boundingBox") == 0) {
    attachment->type = OB_ATTACHMENT_BOUNDING_BOX;
    ob_check_keys(loader, object, pointer, "type vertices weights");
    read_mesh(loader, object, pointer, attachment, true);
  } else if (strcmp(type, "point") == 0) {
    attachment->type = OB_ATTACHMENT_POINT;
    ob_check_keys(loader, object, pointer, "type x y rotation");
    attachment->x = ob_number(loader, object, pointer, "x", 0, false);
    attachment->y = ob_number(loader, object, pointer, "y", 0, false);
    attachment->rotation =
        ob_number(loader, object, pointer, "rotation", 0, false);
  } else if (strcmp(type, "path") == 0) {
    /* Drawn by nothing (§8.4); the spline of path constraints (§7.3):
     * knots of 6 numbers [inX, inY, x, y, outX, outY] (Part B.9 rule 4). */
    attachment->type = OB_ATTACHMENT_PATH;
    ob_check_keys(loader, object, pointer,
                  "type vertices weights closed constantSpeed");
    read_mesh(loader, object, pointer, attachment, true);
    attachment->closed = ob_bool(loader, object, pointer, "closed", false);
    attachment->constant_speed =
        ob_bool(loader, object, pointer, "constantSpeed", true);
  } else if (strcmp(type, "sequence") == 0) {
    attachment->type = OB_ATTACHMENT_SEQUENCE;
    ob_check_keys(loader, object, pointer,
                  "type color x y rotation width height scaleX scaleY skewX "
                  "skewY fps offset mode input frames");
    read_quad(loader, object, pointer, attachment);
    read_sequence(loader, object, pointer, attachment);
  } else if (strcmp(type, "clipping") == 0) {
    attachment->type = OB_ATTACHMENT_CLIPPING;
    ob_read_clipping(loader, object, pointer, attachment);
  } else if (strcmp(type, "shape") == 0) {
    attachment->type = OB_ATTACHMENT_SHAPE;
    ob_read_shape(loader, object, pointer, attachment);
  } else if (strcmp(type, "text") == 0) {
    attachment->type = OB_ATTACHMENT_TEXT;
    ob_read_text(loader, object, pointer, attachment);
  } else if (strcmp(type, "particles") == 0) {
    attachment->type = OB_ATTACHMENT_PARTICLES;
    ob_read_particles(loader, object, pointer, attachment);
  } else {
    char *at = ob_pointer_key(loader, pointer, "type");
    ob_error(loader, "bad-value", at,
             "region, mesh, boundingBox, path, clipping, point, shape, text, "
             "sequence or particles",
             "\"%s\" is not an attachment type", type);
    free(at);
  }
  free(type);
  size_t points = attachment->vertex_count;
  if (points > loader->model->max_vertices) {
    loader->model->max_vertices = points;
  }
  if (attachment->triangle_index_count > loader->model->max_indices) {
    loader->model->max_indices = attachment->triangle_index_count;
  }
}

static void read_slot_attachments(ob_loader *loader, json_t *names,
                                  const char *pointer, ob_skin_slot *slot) {
  size_t count = json_object_size(names);
  slot->attachments = calloc(count ? count : 1, sizeof *slot->attachments);
  const char **order = calloc(count ? count : 1, sizeof *order);
  if (slot->attachments == NULL || order == NULL) {
    loader->out_of_memory = true;
    free(order);
    return;
  }
  /* JS order: integer-like keys ascending, then the others as written. */
  size_t n = 0;
  const char *key;
  json_t *value;
  json_object_foreach(names, key, value) {
    unsigned long long number;
    if (integer_like(key, &number)) {
      size_t j = n;
      unsigned long long other;
      while (j > 0 && integer_like(order[j - 1], &other) && other > number) {
        order[j] = order[j - 1];
        j--;
      }
      order[j] = key;
      n++;
    }
  }
  json_object_foreach(names, key, value) {
    unsigned long long number;
    if (!integer_like(key, &number)) {
      order[n++] = key;
    }
  }
  for (size_t i = 0; i < n; i++) {
    json_t *attachment = json_object_get(names, order[i]);
    char *where = ob_pointer_key(loader, pointer, order[i]);
    if (ob_is_object(loader, attachment, where)) {
      ob_attachment *data = &slot->attachments[slot->count++];
      data->name = strdup(order[i]);
      loader->out_of_memory |= data->name == NULL;
      read_attachment(loader, attachment, where, data);
    }
    free(where);
  }
  free(order);
}

static void read_id_list(ob_loader *loader, json_t *skin, const char *pointer,
                         const char *key, char ***out, size_t *count) {
  *count = 0;
  json_t *list = ob_array(loader, skin, pointer, key, false);
  size_t n = json_array_size(list);
  *out = calloc(n ? n : 1, sizeof **out);
  if (*out == NULL) {
    loader->out_of_memory = true;
    return;
  }
  for (size_t i = 0; i < n; i++) {
    json_t *id = json_array_get(list, i);
    if (!json_is_string(id)) {
      char *at = ob_pointer_key(loader, pointer, key);
      char *item = ob_pointer_index(loader, at, i);
      ob_error(loader, "bad-type", item, NULL, "an id is a string");
      free(item);
      free(at);
      continue;
    }
    (*out)[*count] = strdup(json_string_value(id));
    loader->out_of_memory |= (*out)[*count] == NULL;
    (*count)++;
  }
}

static void read_skin(ob_loader *loader, json_t *skin, const char *pointer,
                      ob_skin_data *data) {
  anima_bone_model *model = loader->model;
  ob_check_keys(loader, skin, pointer, "id name bones constraints attachments");
  data->id = ob_id(loader, skin, pointer);
  data->name = ob_string(loader, skin, pointer, "name", true, false);
  char **bone_ids = NULL;
  size_t bone_count = 0;
  read_id_list(loader, skin, pointer, "bones", &bone_ids, &bone_count);
  data->bones = calloc(bone_count ? bone_count : 1, sizeof *data->bones);
  loader->out_of_memory |= data->bones == NULL;
  for (size_t i = 0; i < bone_count; i++) {
    long bone = ob_lookup(loader->bone_ids, bone_ids[i]);
    if (bone < 0) {
      char *at = ob_pointer_key(loader, pointer, "bones");
      char *item = ob_pointer_index(loader, at, i);
      ob_warning(loader, "unknown-reference", item, NULL,
                 "no bone has the id \"%s\"", bone_ids[i]);
      free(item);
      free(at);
    } else if (data->bones) {
      data->bones[data->bone_count++] = (size_t)bone;
    }
    free(bone_ids[i]);
  }
  free(bone_ids);
  read_id_list(loader, skin, pointer, "constraints", &data->constraints,
               &data->constraint_count);
  data->slots =
      calloc(model->slot_count ? model->slot_count : 1, sizeof *data->slots);
  if (data->slots == NULL) {
    loader->out_of_memory = true;
    return;
  }
  json_t *attachments = json_object_get(skin, "attachments");
  if (attachments == NULL) {
    return;
  }
  char *at = ob_pointer_key(loader, pointer, "attachments");
  if (ob_is_object(loader, attachments, at)) {
    const char *slot_id;
    json_t *names;
    json_object_foreach(attachments, slot_id, names) {
      char *where = ob_pointer_key(loader, at, slot_id);
      long slot = ob_lookup(loader->slot_ids, slot_id);
      if (slot < 0) {
        ob_warning(loader, "unknown-reference", where, NULL,
                   "no slot has the id \"%s\" (or it was dropped); these "
                   "attachments are never used",
                   slot_id);
      } else if (ob_is_object(loader, names, where) &&
                 data->slots[slot].attachments == NULL) {
        read_slot_attachments(loader, names, where, &data->slots[slot]);
      }
      free(where);
    }
  }
  free(at);
}

void ob_load_skins(ob_loader *loader, json_t *skins, const char *pointer) {
  anima_bone_model *model = loader->model;
  size_t count = json_array_size(skins);
  model->skins = calloc(count ? count : 1, sizeof *model->skins);
  if (model->skins == NULL) {
    loader->out_of_memory = true;
    return;
  }
  for (size_t i = 0; i < count; i++) {
    char *where;
    json_t *skin = ob_object_at(loader, skins, pointer, i, NULL, &where);
    if (skin) {
      read_skin(loader, skin, where, &model->skins[model->skin_count++]);
    }
    free(where);
  }
}
