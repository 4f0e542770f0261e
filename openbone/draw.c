/*
 * draw.c — spec §8.2-§8.5 and §8.10: the draw list of region, mesh,
 * sequence, shape, particle (particles.c) and text (text.c) attachments,
 * clipping masks (world vertices and uvs stored as float32, §12) and the
 * bounding-box snapshot. Everything goes into buffers sized at instance
 * creation.
 */
#include <math.h>
#include <string.h>

#include "instance.h"

static const unsigned quad_indices[6] = {0, 1, 2, 0, 2, 3};
static const float quad_uvs[8] = {0, 0, 1, 0, 1, 1, 0, 1};

/* §8.2: the region quad TL, TR, BR, BL in world space (doubles). */
static void region_corners(const ob_attachment *att, const ob_matrix *w,
                           double *out) {
  double hw = att->width / 2 * att->scale_x;
  double hh = att->height / 2 * att->scale_y;
  double corners[8] = {-hw, hh, hw, hh, hw, -hh, -hw, -hh};
  double kx = tan(att->skew_x * OB_DEG), ky = tan(att->skew_y * OB_DEG);
  double cosine = cos(att->rotation * OB_DEG);
  double sine = sin(att->rotation * OB_DEG);
  for (int i = 0; i < 4; i++) {
    double x = corners[2 * i], y = corners[2 * i + 1];
    double sx = x + kx * y, sy = y + ky * x;
    double rx = sx * cosine - sy * sine + att->x;
    double ry = sx * sine + sy * cosine + att->y;
    out[2 * i] = w->a * rx + w->b * ry + w->x;
    out[2 * i + 1] = w->c * rx + w->d * ry + w->y;
  }
}

static void region_vertices(const ob_attachment *att, const ob_matrix *w,
                            float *out) {
  double corners[8];
  region_corners(att, w, corners);
  for (int i = 0; i < 8; i++) {
    out[i] = (float)corners[i];
  }
}

/* §8.6: the frame a sequence shows now, or -1 when hidden. */
static long sequence_index(const anima_bone_instance *instance,
                           ob_slot_state *state, const ob_attachment *att) {
  ob_sequence_key *key = ob_slot_sequence(state, att->name);
  double counter;
  if (key && key->set) {
    counter = floor(key->frame + 1e-6) + att->offset;
  } else if (att->has_input) {
    /* the running machine's number input value, else its default */
    double v = att->input_default;
    ob_machine_input_value(instance, att->input, &v);
    counter = floor(v + 1e-6) + att->offset;
  } else {
    double time = instance->has_animation_time ? instance->animation_time
                                               : instance->clock;
    counter = floor(time * att->fps + 1e-6) + att->offset;
  }
  double n = (double)att->frame_count, f = floor(counter);
  if (att->frame_count == 0 || !isfinite(f)) {
    return -1;
  }
  switch (att->mode) {
  case OB_SEQUENCE_ONCE:
    return f < 0 ? 0 : f >= n ? -1 : (long)f;
  case OB_SEQUENCE_HOLD_LAST:
    return (long)(f < 0 ? 0 : f > n - 1 ? n - 1 : f);
  case OB_SEQUENCE_PING_PONG: {
    if (att->frame_count == 1) {
      return 0;
    }
    double period = 2 * n - 2;
    double k = fmod(fmod(f, period) + period, period);
    return (long)(k < n ? k : period - k);
  }
  default:
    return (long)fmod(fmod(f, n) + n, n);
  }
}

/* §8.6 frame layout: the region quad shrunk by the trim, uvs from the
 * rect; a packed frame (`packed`, §8.7) keeps the part of the rect its
 * region holds, remapped to the page. False when that part is empty. */
static bool sequence_quad(const anima_bone_model *model,
                          const ob_attachment *att,
                          const ob_sequence_frame *frame, const ob_matrix *w,
                          bool packed, float *vertices, float *uvs) {
  double iw = frame->image_width, ih = frame->image_height;
  double rect[4] = {0, 0, iw, ih};
  if (frame->has_rect) {
    memcpy(rect, frame->rect, sizeof rect);
  }
  double uv[4] = {0, 0, 1, 1};
  if (frame->has_rect && iw != 0 && ih != 0) {
    uv[0] = rect[0] / iw;
    uv[1] = rect[1] / ih;
    uv[2] = (rect[0] + rect[2]) / iw;
    uv[3] = (rect[1] + rect[3]) / ih;
  }
  double quad[4] = {0, 0, 1, 1};
  if (frame->has_trim) {
    const double *t = frame->trim;
    quad[0] = t[0] / t[2];
    quad[1] = t[1] / t[3];
    quad[2] = (t[0] + rect[2]) / t[2];
    quad[3] = (t[1] + rect[3]) / t[3];
  }
  packed = packed && frame->region >= 0;
  if (packed && !ob_atlas_sequence_part(model, frame->region, uv, quad)) {
    return false;
  }
  double c[8];
  region_corners(att, w, c);
  if (quad[0] != 0 || quad[1] != 0 || quad[2] != 1 || quad[3] != 1) {
    ob_trim_quad(c, quad);
  }
  double u[8] = {uv[0], uv[1], uv[2], uv[1], uv[2], uv[3], uv[0], uv[3]};
  for (int i = 0; i < 8; i++) {
    vertices[i] = (float)c[i];
    uvs[i] = (float)u[i];
  }
  if (packed) {
    ob_atlas_remap(model, frame->region, u, 4, uvs);
  }
  return true;
}

/* §8.3: mesh, bounding box and path vertices with deform offsets. */
void ob_posed_vertices(const anima_bone_instance *instance, size_t slot,
                       const ob_attachment *att, const ob_deform *deform,
                       float *out) {
  const ob_matrix *slot_world =
      &instance->bones[instance->model->slots[slot].bone].world;
  for (size_t v = 0; v < att->vertex_count; v++) {
    double dx = 0, dy = 0;
    if (deform && deform->set) {
      dx = 2 * v < deform->length ? deform->offsets[2 * v] : 0;
      dy = 2 * v + 1 < deform->length ? deform->offsets[2 * v + 1] : 0;
    }
    double x = 0, y = 0;
    if (att->influence_start == NULL) {
      double lx = att->vertices[2 * v] + dx, ly = att->vertices[2 * v + 1] + dy;
      x = slot_world->a * lx + slot_world->b * ly + slot_world->x;
      y = slot_world->c * lx + slot_world->d * ly + slot_world->y;
    } else {
      for (size_t i = att->influence_start[v]; i < att->influence_start[v + 1];
           i++) {
        const ob_influence *in = &att->influences[i];
        const ob_matrix *w =
            in->bone >= 0 ? &instance->bones[in->bone].world : slot_world;
        double lx = in->x + dx, ly = in->y + dy;
        x += in->weight * (w->a * lx + w->b * ly + w->x);
        y += in->weight * (w->c * lx + w->d * ly + w->y);
      }
    }
    out[2 * v] = (float)x;
    out[2 * v + 1] = (float)y;
  }
}

/* §8.3 deform lookup: a linked mesh that shares its parent's deform reads
 * slot.deform[parent name] when present, else its own. */
const ob_deform *ob_find_deform(anima_bone_instance *instance, size_t slot,
                                const ob_attachment *att) {
  ob_slot_state *state = &instance->slots[slot];
  if (att->linked_mesh) {
    ob_deform *linked = ob_slot_deform(state, att->linked_mesh);
    if (linked && linked->set) {
      return linked;
    }
  }
  return ob_slot_deform(state, att->name);
}

size_t ob_hit_polygon(anima_bone_instance *instance, size_t slot,
                      const ob_attachment *att, float *out) {
  const ob_matrix *world =
      &instance->bones[instance->model->slots[slot].bone].world;
  switch (att->type) {
  case OB_ATTACHMENT_REGION:
  case OB_ATTACHMENT_TEXT: /* the unscaled box (§8.2) */
    region_vertices(att, world, out);
    return 4;
  case OB_ATTACHMENT_SEQUENCE: {
    long index = sequence_index(instance, &instance->slots[slot], att);
    if (index < 0 || att->frames[index].image == NULL) {
      return 0;
    }
    float uvs[8]; /* hit-testing ignores packing (docs/openbone/FORMAT.md) */
    sequence_quad(instance->model, att, &att->frames[index], world, false, out,
                  uvs);
    return 4;
  }
  case OB_ATTACHMENT_SHAPE:
    ob_posed_vertices(instance, slot, att, NULL, out);
    return att->vertex_count;
  case OB_ATTACHMENT_MESH:
    ob_posed_vertices(instance, slot, att, ob_find_deform(instance, slot, att),
                      out);
    return att->hull < att->vertex_count ? att->hull : att->vertex_count;
  case OB_ATTACHMENT_BOUNDING_BOX:
  case OB_ATTACHMENT_CLIPPING:
    ob_posed_vertices(instance, slot, att, ob_find_deform(instance, slot, att),
                      out);
    return att->vertex_count;
  default:
    return 0; /* point, path, particles */
  }
}

/* The fields every item shares: slot, attachment, blend, colour, dark. */
static void item_head(const anima_bone_instance *instance, size_t slot,
                      ob_color color, anima_bone_draw_item *item) {
  const ob_slot_state *state = &instance->slots[slot];
  item->slot = slot;
  item->attachment = state->attachment;
  item->blend = instance->model->slots[slot].blend;
  item->texture = NULL;
  item->color[0] = color.r;
  item->color[1] = color.g;
  item->color[2] = color.b;
  item->color[3] = color.a;
  item->has_dark = state->has_dark;
  item->dark[0] = state->dark.r;
  item->dark[1] = state->dark.g;
  item->dark[2] = state->dark.b;
  item->dark[3] = state->dark.a;
  item->clip = -1;
  item->colors = NULL;
  item->text = NULL;
}

/* §8.8 particle item and §8.9 text item; 1, or 0 when none. */
static size_t particle_or_text_item(anima_bone_instance *instance, size_t slot,
                                    const ob_attachment *att,
                                    anima_bone_draw_item *item,
                                    size_t *vertex_at, size_t *index_at) {
  const ob_slot_state *state = &instance->slots[slot];
  float *vertices = instance->vertex_buffer + 2 * *vertex_at;
  float *uvs = instance->uv_buffer + 2 * *vertex_at;
  unsigned *indices = instance->index_buffer + *index_at;
  item_head(instance, slot, state->color, item);
  if (att->type == OB_ATTACHMENT_TEXT) {
    if (state->color.a <= 0) {
      return 0;
    }
    item->type = ANIMA_BONE_ITEM_TEXT;
    region_vertices(att,
                    &instance->bones[instance->model->slots[slot].bone].world,
                    vertices);
    memcpy(uvs, quad_uvs, sizeof quad_uvs);
    memcpy(indices, quad_indices, sizeof quad_indices);
    item->vertex_count = 4;
    item->index_count = 6;
    item->text = ob_text_record(instance, slot, att);
  } else {
    const ob_particle_data *d = att->particles;
    if (d->look == OB_LOOK_IMAGE && d->image == NULL) {
      return 0; /* an image look without its image */
    }
    float *colors = instance->color_buffer + 4 * *vertex_at;
    double tint[4] = {state->color.r, state->color.g, state->color.b,
                      state->color.a};
    size_t drawn = ob_particles_geometry(instance, slot, att, tint, vertices,
                                         uvs, colors, indices);
    if (drawn == 0) {
      return 0;
    }
    item->type = ANIMA_BONE_ITEM_PARTICLES;
    item->blend = d->blend;
    const anima_bone_model *model = instance->model;
    item->texture = d->look == OB_LOOK_IMAGE    ? d->image
                    : d->look == OB_LOOK_SQUARE ? NULL
                                                : "@openbone/particle-dot";
    if (d->look == OB_LOOK_IMAGE && d->region >= 0) {
      /* §8.8: the atlas page, the unit uvs remapped (§8.7) */
      static const double unit[8] = {0, 0, 1, 0, 1, 1, 0, 1};
      item->texture = model->pages[model->regions[d->region].page].id;
      for (size_t q = 0; q < drawn; q++) {
        ob_atlas_remap(model, d->region, unit, 4, uvs + 8 * q);
      }
    } else if (d->look == OB_LOOK_SQUARE && model->white_page >= 0) {
      /* §8.8: the white page with every uv at the white block's centre */
      item->texture = model->pages[model->white_page].id;
      for (size_t i = 0; i < 4 * drawn; i++) {
        uvs[2 * i] = (float)model->white_uv[0];
        uvs[2 * i + 1] = (float)model->white_uv[1];
      }
    }
    item->colors = colors;
    item->vertex_count = 4 * drawn;
    item->index_count = 6 * drawn;
  }
  item->vertices = vertices;
  item->uvs = uvs;
  item->indices = indices;
  *vertex_at += item->vertex_count;
  *index_at += item->index_count;
  return 1;
}

/* One slot's item (§8.4) into `item`; returns 1, or 0 when it draws
 * nothing. */
static size_t draw_item(anima_bone_instance *instance, size_t slot,
                        const ob_attachment *att, anima_bone_draw_item *item,
                        size_t *vertex_at, size_t *index_at) {
  const anima_bone_model *model = instance->model;
  const ob_slot_state *state = &instance->slots[slot];
  const ob_sequence_frame *frame = NULL;
  if (att->type == OB_ATTACHMENT_PARTICLES || att->type == OB_ATTACHMENT_TEXT) {
    return particle_or_text_item(instance, slot, att, item, vertex_at,
                                 index_at);
  }
  if (att->type == OB_ATTACHMENT_SEQUENCE) {
    long index = sequence_index(instance, &instance->slots[slot], att);
    if (index < 0 || att->frames[index].image == NULL) {
      return 0; /* hidden, or a missing image */
    }
    frame = &att->frames[index];
  }
  ob_color color = ob_mul_color(state->color, att->color);
  if (color.a <= 0 &&
      !(att->type == OB_ATTACHMENT_SHAPE && att->stroke_width > 0 &&
        att->stroke_alpha * state->color.a > 0)) {
    return 0;
  }
  item_head(instance, slot, color, item);
  /* §8.4: the atlas page when the image is packed, else the image */
  long region = frame ? frame->region : att->region;
  item->texture = frame ? frame->image : att->texture;
  if (region >= 0) {
    item->texture = model->pages[model->regions[region].page].id;
  }
  float *vertices = instance->vertex_buffer + 2 * *vertex_at;
  float *uvs = instance->uv_buffer + 2 * *vertex_at;
  unsigned *indices = instance->index_buffer + *index_at;
  const ob_matrix *world = &instance->bones[model->slots[slot].bone].world;
  if (frame) {
    item->type = ANIMA_BONE_ITEM_SEQUENCE;
    if (!sequence_quad(model, att, frame, world, true, vertices, uvs)) {
      return 0; /* the rect lies outside the packed part */
    }
    memcpy(indices, quad_indices, sizeof quad_indices);
    item->vertex_count = 4;
    item->index_count = 6;
  } else if (att->type == OB_ATTACHMENT_REGION && region >= 0) {
    item->type = ANIMA_BONE_ITEM_REGION;
    double corners[8];
    region_corners(att, world, corners);
    item->vertex_count = ob_atlas_region_item(model, region, corners, vertices,
                                              uvs, indices, &item->index_count);
  } else if (att->type == OB_ATTACHMENT_REGION) {
    item->type = ANIMA_BONE_ITEM_REGION;
    region_vertices(att, world, vertices);
    memcpy(uvs, quad_uvs, sizeof quad_uvs);
    memcpy(indices, quad_indices, sizeof quad_indices);
    item->vertex_count = 4;
    item->index_count = 6;
  } else if (att->type == OB_ATTACHMENT_SHAPE) {
    /* §8.4: the world outline, earcut indices, no texture: zero uvs */
    item->type = ANIMA_BONE_ITEM_SHAPE;
    ob_posed_vertices(instance, slot, att, NULL, vertices);
    memset(uvs, 0, 2 * att->vertex_count * sizeof(float));
    if (model->white_page >= 0) {
      /* the atlas white page, every uv at the white block's centre */
      item->texture = model->pages[model->white_page].id;
      for (size_t i = 0; i < att->vertex_count; i++) {
        uvs[2 * i] = (float)model->white_uv[0];
        uvs[2 * i + 1] = (float)model->white_uv[1];
      }
    }
    if (att->triangle_index_count > 0) {
      /* a degenerate outline (collinear or repeated points) has no
       * triangles, and no array to copy from */
      memcpy(indices, att->triangles,
             att->triangle_index_count * sizeof(unsigned));
    }
    item->vertex_count = att->vertex_count;
    item->index_count = att->triangle_index_count;
  } else {
    item->type = ANIMA_BONE_ITEM_MESH;
    ob_posed_vertices(instance, slot, att, ob_find_deform(instance, slot, att),
                      vertices);
    if (region >= 0) {
      ob_atlas_remap(model, region, att->uvs, att->vertex_count, uvs);
    } else {
      for (size_t i = 0; i < 2 * att->vertex_count; i++) {
        uvs[i] = (float)att->uvs[i];
      }
    }
    if (att->triangle_index_count > 0) {
      memcpy(indices, att->triangles,
             att->triangle_index_count * sizeof(unsigned));
    }
    item->vertex_count = att->vertex_count;
    item->index_count = att->triangle_index_count;
  }
  item->vertices = vertices;
  item->uvs = uvs;
  item->indices = indices;
  *vertex_at += item->vertex_count;
  *index_at += item->index_count;
  return 1;
}

/* §8.4 clipping: the attachment becomes the active mask. */
static long start_mask(anima_bone_instance *instance, size_t slot,
                       const ob_attachment *att, size_t *mask_vertex_at) {
  anima_bone_mask *mask = &instance->masks[instance->mask_count];
  float *vertices = instance->mask_buffer + 2 * *mask_vertex_at;
  ob_posed_vertices(instance, slot, att, NULL, vertices);
  mask->slot = slot;
  mask->attachment = instance->slots[slot].attachment;
  mask->vertices = vertices;
  mask->vertex_count = att->vertex_count;
  mask->indices = att->triangles;
  mask->index_count = att->triangle_index_count;
  *mask_vertex_at += att->vertex_count;
  return (long)instance->mask_count++;
}

static bool drawn_type(ob_attachment_type type) {
  return type == OB_ATTACHMENT_REGION || type == OB_ATTACHMENT_MESH ||
         type == OB_ATTACHMENT_SEQUENCE || type == OB_ATTACHMENT_SHAPE ||
         type == OB_ATTACHMENT_PARTICLES || type == OB_ATTACHMENT_TEXT;
}

size_t anima_bone_draw_list(anima_bone_instance *instance,
                            const anima_bone_draw_item **items) {
  const anima_bone_model *model = instance->model;
  size_t count = 0, vertex_at = 0, index_at = 0, mask_vertex_at = 0;
  long mask = -1, mask_end = -1; /* the active mask and its end slot */
  instance->mask_count = 0;
  for (size_t k = 0; k < model->slot_count; k++) {
    size_t slot = instance->draw_order[k];
    size_t first = count;
    const ob_slot_state *state = &instance->slots[slot];
    const ob_attachment *att =
        instance->bones[model->slots[slot].bone].active
            ? ob_attachment_lookup(instance, slot, state->attachment)
            : NULL;
    if (att && att->type == OB_ATTACHMENT_CLIPPING) {
      if (mask < 0 && att->vertex_count >= 3) {
        mask = start_mask(instance, slot, att, &mask_vertex_at);
        mask_end = att->clip_end;
      }
    } else if (att && drawn_type(att->type)) {
      count += draw_item(instance, slot, att, &instance->items[count],
                         &vertex_at, &index_at);
    }
    if (mask >= 0) {
      if (instance->masks[mask].slot != slot) {
        for (size_t i = first; i < count; i++) {
          instance->items[i].clip = mask;
        }
      }
      if (mask_end == (long)slot) {
        mask = -1;
      }
    }
  }
  *items = instance->items;
  return count;
}

size_t anima_bone_masks(const anima_bone_instance *instance,
                        const anima_bone_mask **masks) {
  *masks = instance->masks;
  return instance->mask_count;
}

void anima_bone_draw_capacity(const anima_bone_instance *instance,
                              size_t *vertices, size_t *indices) {
  *vertices = instance->vertex_capacity;
  *indices = instance->index_capacity;
}
