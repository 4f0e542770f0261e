/*
 * frame.c — the OpenBone draw list (spec §8.4) lowered into Anima's draw
 * frame (include/anima/draw.h); see "Drawing through Anima's draw frame" in
 * include/anima/openbone.h. Creation and anima_bone_frame_set_texture
 * allocate; anima_bone_frame_build allocates nothing.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "anima/path.h"
#include "instance.h"

typedef struct ob_texture {
  char *id;
  uint8_t *rgba; /* tightly packed, width · 4 bytes a row */
  int width, height;
} ob_texture;

struct anima_bone_frame {
  anima_draw_frame frame;
  const anima_bone_model *model;
  ob_texture *textures;
  size_t texture_count;
  size_t item_capacity; /* draw items: at most one per slot */
  size_t vertex_capacity, index_capacity;
  uint8_t **tinted; /* one buffer per draw item, largest texture size */
  size_t tint_bytes;
  uint8_t white[4];
  /* SHAPE outlines: the masks' triangles and the shape strokes, over one
   * segment store sized at creation */
  anima_path *outlines;
  anima_segment *segments;
  size_t segment_capacity;
  /* text items (§8.9): their glyph outlines, or none */
  anima_bone_text_outliner outliner;
  void *outliner_user;
};

void anima_bone_frame_set_text_outliner(anima_bone_frame *frame,
                                        anima_bone_text_outliner outliner,
                                        void *user) {
  frame->outliner = outliner;
  frame->outliner_user = user;
}

void anima_bone_frame_destroy(anima_bone_frame *frame) {
  if (frame == NULL) {
    return;
  }
  for (size_t i = 0; i < frame->texture_count; i++) {
    free(frame->textures[i].id);
    free(frame->textures[i].rgba);
  }
  free(frame->textures);
  for (size_t i = 0; frame->tinted && i < frame->item_capacity; i++) {
    free(frame->tinted[i]);
  }
  free(frame->tinted);
  free(frame->outlines);
  free(frame->segments);
  free(frame->frame.items);
  free(frame->frame.groups);
  free(frame->frame.clips);
  free(frame->frame.shapes);
  free(frame->frame.layers);
  free(frame->frame.strokes);
  free(frame->frame.paints);
  free(frame->frame.meshes);
  free(frame->frame.vertices);
  free(frame->frame.vertex_colors);
  free(frame->frame.indices);
  free(frame);
}

/* The most outline segments one draw list needs: per slot, the largest of
 * its clipping attachments' triangles (4 segments each: move, two lines,
 * close) and its shapes' outlines (a move, the lines, a close). A slot
 * gives a mask or an item, never both. */
static size_t segment_bound(const anima_bone_model *model) {
  size_t total = 1;
  for (size_t slot = 0; slot < model->slot_count; slot++) {
    size_t most = 0;
    for (size_t k = 0; k < model->skin_count; k++) {
      const ob_skin_slot *list = &model->skins[k].slots[slot];
      for (size_t a = 0; a < list->count; a++) {
        const ob_attachment *att = &list->attachments[a];
        size_t need = 0;
        if (att->type == OB_ATTACHMENT_CLIPPING) {
          need = att->triangle_index_count / 3 * 4;
        } else if (att->type == OB_ATTACHMENT_SHAPE) {
          need = att->vertex_count + 2;
        }
        most = need > most ? need : most;
      }
    }
    total += most;
  }
  return total;
}

anima_status anima_bone_frame_create(const anima_bone_instance *instance,
                                     anima_bone_frame **out) {
  *out = NULL;
  anima_bone_frame *frame = calloc(1, sizeof *frame);
  if (frame == NULL) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  memset(frame->white, 255, sizeof frame->white);
  anima_bone_draw_capacity(instance, &frame->vertex_capacity,
                           &frame->index_capacity);
  frame->model = instance->model;
  frame->item_capacity = instance->model->slot_count + 1;
  anima_draw_frame *f = &frame->frame;
  size_t items = frame->item_capacity;
  /* per draw item: GROUP, CLIP, MESH, SHAPE (stroke), CLIP_END, GROUP_END
   * (a text item: its SHAPE instead of the MESH, with up to two layers and
   * paints: stroke and fill); one SHAPE per mask (at most one per slot) */
  f->items = calloc(7 * items, sizeof *f->items);
  f->groups = calloc(items, sizeof *f->groups);
  f->meshes = calloc(items, sizeof *f->meshes);
  f->clips = calloc(items, sizeof *f->clips);
  f->shapes = calloc(2 * items, sizeof *f->shapes);
  f->layers = calloc(2 * items, sizeof *f->layers);
  f->strokes = calloc(items, sizeof *f->strokes);
  f->paints = calloc(2 * items, sizeof *f->paints);
  frame->outlines = calloc(2 * items, sizeof *frame->outlines);
  frame->segment_capacity = segment_bound(instance->model);
  frame->segments = calloc(frame->segment_capacity, sizeof *frame->segments);
  f->vertices = calloc(frame->vertex_capacity + 1, sizeof *f->vertices);
  f->vertex_colors =
      calloc(frame->vertex_capacity + 1, sizeof *f->vertex_colors);
  f->indices = calloc(frame->index_capacity + 1, sizeof *f->indices);
  frame->tinted = calloc(items, sizeof *frame->tinted);
  if (!f->items || !f->groups || !f->meshes || !f->vertices || !f->indices ||
      !f->vertex_colors || !frame->tinted || !f->clips || !f->shapes ||
      !f->layers || !f->strokes || !f->paints || !frame->outlines ||
      !frame->segments) {
    anima_bone_frame_destroy(frame);
    return ANIMA_ERROR_NO_MEMORY;
  }
  frame->tint_bytes = 4;
  for (size_t i = 0; i < items; i++) {
    frame->tinted[i] = malloc(frame->tint_bytes);
    if (frame->tinted[i] == NULL) {
      anima_bone_frame_destroy(frame);
      return ANIMA_ERROR_NO_MEMORY;
    }
  }
  f->grid = 1;
  *out = frame;
  return ANIMA_OK;
}

/* Grows every tint buffer to `bytes`. */
static bool grow_tints(anima_bone_frame *frame, size_t bytes) {
  if (bytes <= frame->tint_bytes) {
    return true;
  }
  for (size_t i = 0; i < frame->item_capacity; i++) {
    uint8_t *grown = realloc(frame->tinted[i], bytes);
    if (grown == NULL) {
      return false;
    }
    frame->tinted[i] = grown;
  }
  frame->tint_bytes = bytes;
  return true;
}

/* Texels an item's tinted copy may span besides its uv extent: one on each
 * side for bilinear filtering, one for rounding each edge out, one for
 * float32 uvs. */
#define TINT_MARGIN 6

/* The bytes one item's tinted copy of texture `id` (width × height) can
 * need. An atlas page's items sample one region's original image (texels
 * 1:1 with the page) or the white block's centre, so their copies hold
 * the largest such area plus the margin, at most the page; any other
 * texture is copied whole. */
static size_t tint_bound(const anima_bone_model *model, const char *id,
                         int width, int height) {
  size_t whole = 4 * (size_t)width * (size_t)height;
  for (size_t p = 0; p < model->page_count; p++) {
    if (strcmp(model->pages[p].id, id) != 0) {
      continue;
    }
    size_t most = 4 * TINT_MARGIN * TINT_MARGIN;
    for (size_t i = 0; i < model->region_count; i++) {
      const ob_atlas_region *r = &model->regions[i];
      if (r->page != p) {
        continue;
      }
      double w = r->rotated ? r->original_height : r->original_width;
      double h = r->rotated ? r->original_width : r->original_height;
      w = w + TINT_MARGIN < width ? ceil(w) + TINT_MARGIN : width;
      h = h + TINT_MARGIN < height ? ceil(h) + TINT_MARGIN : height;
      size_t bytes = 4 * (size_t)w * (size_t)h;
      most = bytes > most ? bytes : most;
    }
    return most < whole ? most : whole;
  }
  return whole;
}

anima_status anima_bone_frame_set_texture(anima_bone_frame *frame,
                                          const char *id, const uint8_t *rgba,
                                          int width, int height,
                                          size_t stride) {
  if (id == NULL || rgba == NULL || width <= 0 || height <= 0 ||
      width > ANIMA_BONE_TEXTURE_MAXIMUM ||
      height > ANIMA_BONE_TEXTURE_MAXIMUM || stride < 4 * (size_t)width) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  size_t row = 4 * (size_t)width, bytes = row * (size_t)height;
  uint8_t *pixels = malloc(bytes);
  if (pixels == NULL ||
      !grow_tints(frame, tint_bound(frame->model, id, width, height))) {
    free(pixels);
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (int y = 0; y < height; y++) {
    memcpy(pixels + row * (size_t)y, rgba + stride * (size_t)y, row);
  }
  for (size_t t = 0; t < frame->texture_count; t++) {
    if (strcmp(frame->textures[t].id, id) == 0) {
      free(frame->textures[t].rgba);
      frame->textures[t].rgba = pixels;
      frame->textures[t].width = width;
      frame->textures[t].height = height;
      return ANIMA_OK;
    }
  }
  ob_texture *grown =
      realloc(frame->textures, (frame->texture_count + 1) * sizeof *grown);
  char *copy = grown ? strdup(id) : NULL;
  if (grown) {
    frame->textures = grown;
  }
  if (copy == NULL) {
    free(pixels);
    return ANIMA_ERROR_NO_MEMORY;
  }
  frame->textures[frame->texture_count++] =
      (ob_texture){copy, pixels, width, height};
  return ANIMA_OK;
}

static anima_blend_mode blend_mode(const char *name, double *strength) {
  *strength = 0;
  if (name && strcmp(name, "additive") == 0) {
    *strength = 1;
    return ANIMA_BLEND_ADDITIVE;
  }
  if (name && strcmp(name, "multiply") == 0) {
    return ANIMA_BLEND_MULTIPLY;
  }
  if (name && strcmp(name, "screen") == 0) {
    return ANIMA_BLEND_SCREEN;
  }
  return ANIMA_BLEND_NORMAL;
}

static double unit(double value) {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}

/* The pixels an item draws and how its uvs map onto them
 * (u' = u·scale[0] + offset[0], v' = v·scale[1] + offset[1]). */
typedef struct item_texture {
  anima_draw_pixels pixels;
  double scale[2], offset[2];
} item_texture;

/* The pixels an item draws: its texture (white without one), tinted when
 * the tint changes it: each channel c (0..1) becomes c·light + (1 − c)·dark
 * with the dark colour (two-colour tint, docs/openbone/README.md
 * "Drawing"), else c·light; alpha is kept. Only the texels the item's uvs
 * span (plus a margin) are tinted, into the item's buffer; an item whose
 * uvs span more than the buffer holds (a mesh with uvs outside its image)
 * draws untinted. */
static item_texture item_pixels(anima_bone_frame *frame, size_t k,
                                const anima_bone_draw_item *item,
                                bool untinted) {
  item_texture out = {{frame->white, 1, 1, 4, NULL}, {1, 1}, {0, 0}};
  anima_draw_pixels *pixels = &out.pixels;
  for (size_t t = 0; item->texture && t < frame->texture_count; t++) {
    const ob_texture *texture = &frame->textures[t];
    if (strcmp(texture->id, item->texture) == 0) {
      pixels->data = texture->rgba;
      pixels->width = texture->width;
      pixels->height = texture->height;
      pixels->stride = (size_t)texture->width * 4;
    }
  }
  if (untinted) {
    return out; /* the colours are the vertices' */
  }
  double light[3], dark[3] = {0, 0, 0};
  for (int c = 0; c < 3; c++) {
    light[c] = unit(item->color[c]);
    dark[c] = item->has_dark ? unit(item->dark[c]) : 0;
  }
  if (light[0] == 1 && light[1] == 1 && light[2] == 1 &&
      (!item->has_dark || pixels->data == frame->white)) {
    return out; /* white light; a dark colour shows only where c < 1 */
  }
  /* the texel rectangle [x0, x1) × [y0, y1) the uvs span, grown by one
   * texel a side for filtering */
  double u0 = 1, v0 = 1, u1 = 0, v1 = 0;
  for (size_t v = 0; v < item->vertex_count; v++) {
    double u = item->uvs[2 * v], w = item->uvs[2 * v + 1];
    u0 = u < u0 ? u : u0;
    u1 = u > u1 ? u : u1;
    v0 = w < v0 ? w : v0;
    v1 = w > v1 ? w : v1;
  }
  double width = pixels->width, height = pixels->height;
  double x0 = floor(u0 * width) - 1, x1 = ceil(u1 * width) + 1;
  double y0 = floor(v0 * height) - 1, y1 = ceil(v1 * height) + 1;
  x0 = x0 < 0 || !isfinite(x0) ? 0 : x0 > width - 1 ? width - 1 : x0;
  y0 = y0 < 0 || !isfinite(y0) ? 0 : y0 > height - 1 ? height - 1 : y0;
  x1 = x1 > width || !isfinite(x1) ? width : x1 < x0 + 1 ? x0 + 1 : x1;
  y1 = y1 > height || !isfinite(y1) ? height : y1 < y0 + 1 ? y0 + 1 : y1;
  size_t columns = (size_t)(x1 - x0), rows = (size_t)(y1 - y0);
  if (4 * columns * rows > frame->tint_bytes) {
    return out; /* cannot happen for uvs inside their image */
  }
  uint8_t *tinted = frame->tinted[k];
  for (size_t y = 0; y < rows; y++) {
    const uint8_t *in =
        pixels->data + pixels->stride * ((size_t)y0 + y) + 4 * (size_t)x0;
    uint8_t *to = tinted + 4 * columns * y;
    for (size_t x = 0; x < columns; x++, in += 4, to += 4) {
      for (int c = 0; c < 3; c++) {
        to[c] = (uint8_t)(in[c] * light[c] + (255 - in[c]) * dark[c] + 0.5);
      }
      to[3] = in[3];
    }
  }
  pixels->data = tinted;
  pixels->width = (int)columns;
  pixels->height = (int)rows;
  pixels->stride = 4 * columns;
  out.scale[0] = width / (double)columns;
  out.offset[0] = -x0 / (double)columns;
  out.scale[1] = height / (double)rows;
  out.offset[1] = -y0 / (double)rows;
  return out;
}

static const anima_matrix identity = {1, 0, 0, 1, 0, 0};

/* Appends an item of `kind` with `payload` and returns its index. */
static size_t push_item(anima_draw_frame *f, anima_draw_item_kind kind,
                        size_t payload, const char *id) {
  size_t index = f->item_count++;
  anima_draw_item *item = &f->items[index];
  memset(item, 0, sizeof *item);
  item->kind = kind;
  item->id = id;
  item->node = ANIMA_DRAW_ROOT;
  item->pointer = "";
  item->partner = index;
  item->payload = payload;
  item->visible = true;
  item->opacity = 1;
  item->local = item->world = identity;
  return index;
}

static void pair_items(anima_draw_frame *f, size_t begin, size_t end) {
  f->items[begin].partner = end;
  f->items[end].partner = begin;
}

/* An outline over the next `need` segments of the store, or NULL. */
static anima_path *next_outline(anima_bone_frame *frame, size_t *segment_at,
                                size_t need) {
  anima_draw_frame *f = &frame->frame;
  if (*segment_at + need > frame->segment_capacity) {
    return NULL; /* cannot happen: sized from the model */
  }
  anima_path *path = &frame->outlines[f->shape_count];
  anima_path_init_storage(path, frame->segments + *segment_at, need);
  *segment_at += need;
  return path;
}

/* A mask (§8.4) as a SHAPE without layers whose outline is the mask's
 * triangles (earcut of its vertices), y negated: a clip source. */
static void push_mask(anima_bone_frame *frame, const anima_bone_mask *mask,
                      size_t *segment_at) {
  anima_draw_frame *f = &frame->frame;
  anima_path *path = next_outline(frame, segment_at, mask->index_count / 3 * 4);
  if (path == NULL) {
    return;
  }
  for (size_t t = 0; t + 2 < mask->index_count; t += 3) {
    for (int corner = 0; corner < 3; corner++) {
      unsigned v = mask->indices[t + (size_t)corner];
      double x = mask->vertices[2 * v], y = -mask->vertices[2 * v + 1];
      if (corner == 0) {
        anima_path_move_to(path, x, y);
      } else {
        anima_path_line_to(path, x, y);
      }
    }
    anima_path_close(path);
  }
  anima_draw_shape *shape = &f->shapes[f->shape_count];
  memset(shape, 0, sizeof *shape);
  shape->outline = path;
  size_t index =
      push_item(f, ANIMA_DRAW_SHAPE, f->shape_count++, mask->attachment);
  f->items[index].source_only = true; /* only an outline to clip with */
}

static uint8_t byte(double value) {
  return (uint8_t)(unit(value) * 255 + 0.5);
}

/* A shape attachment's visible stroke (§8.4: width > 0, stroke alpha × slot
 * alpha > 0) as a SHAPE with one centred stroke layer of colour stroke ×
 * slot colour, miter joins: the local outline placed by the slot bone's
 * world matrix (y negated), so the width scales with the bone. */
static void push_stroke(anima_bone_frame *frame, anima_bone_instance *instance,
                        const anima_bone_draw_item *item, size_t *segment_at) {
  const ob_attachment *att =
      ob_attachment_lookup(instance, item->slot, item->attachment);
  const ob_color slot = instance->slots[item->slot].color;
  if (att == NULL || att->type != OB_ATTACHMENT_SHAPE ||
      !(att->stroke_width > 0) || !(att->stroke_alpha * slot.a > 0) ||
      att->vertex_count < 2) {
    return;
  }
  anima_draw_frame *f = &frame->frame;
  anima_path *path = next_outline(frame, segment_at, att->vertex_count + 1);
  if (path == NULL) {
    return;
  }
  for (size_t v = 0; v < att->vertex_count; v++) {
    double x = att->vertices[2 * v], y = att->vertices[2 * v + 1];
    if (v == 0) {
      anima_path_move_to(path, x, y);
    } else {
      anima_path_line_to(path, x, y);
    }
  }
  anima_path_close(path);
  size_t n = f->stroke_count++;
  anima_draw_paint *paint = &f->paints[f->paint_count];
  memset(paint, 0, sizeof *paint);
  paint->kind = ANIMA_PAINT_SOLID;
  paint->color.color = (anima_color){
      byte(att->stroke_color.r * slot.r), byte(att->stroke_color.g * slot.g),
      byte(att->stroke_color.b * slot.b), byte(att->stroke_color.a * slot.a)};
  paint->transform = identity;
  paint->pointer = "";
  anima_draw_stroke *stroke = &f->strokes[n];
  memset(stroke, 0, sizeof *stroke);
  stroke->width = att->stroke_width;
  stroke->cap = ANIMA_LINE_CAP_BUTT;
  stroke->join = ANIMA_LINE_JOIN_MITER;
  stroke->trim_end = 1;
  stroke->trim.visible = stroke->trim.full = true;
  anima_draw_layer *layer = &f->layers[f->layer_count];
  memset(layer, 0, sizeof *layer);
  layer->kind = ANIMA_LAYER_STROKE;
  layer->visible = true;
  layer->paint = f->paint_count++;
  layer->stroke = n;
  layer->pointer = "";
  anima_draw_shape *shape = &f->shapes[f->shape_count];
  memset(shape, 0, sizeof *shape);
  shape->outline = path;
  shape->first_layer = f->layer_count++;
  shape->layer_count = 1;
  size_t index =
      push_item(f, ANIMA_DRAW_SHAPE, f->shape_count++, item->attachment);
  const ob_matrix *w =
      &instance->bones[instance->model->slots[item->slot].bone].world;
  anima_matrix world = {w->a, -w->c, w->b, -w->d, w->x, -w->y};
  f->items[index].local = f->items[index].world = world;
}

/* A solid paint of `color` (straight RGBA, clamped) for the next layer. */
static size_t push_paint(anima_draw_frame *f, const double color[4]) {
  anima_draw_paint *paint = &f->paints[f->paint_count];
  memset(paint, 0, sizeof *paint);
  paint->kind = ANIMA_PAINT_SOLID;
  paint->color.color = (anima_color){byte(color[0]), byte(color[1]),
                                     byte(color[2]), byte(color[3])};
  paint->transform = identity;
  paint->pointer = "";
  return f->paint_count++;
}

/* A text item (§8.9) as a SHAPE: the outliner's glyph outline (box
 * coordinates, y down) placed by the record's matrix with y negated on
 * both sides, under the slot alpha; an outline stroke (slot colour ×
 * outline colour, round joins) under the fill (slot colour × fill colour,
 * nonzero). Nothing without an outliner or an outline. */
static void push_text(anima_bone_frame *frame,
                      const anima_bone_draw_item *item) {
  const anima_bone_text *text = item->text;
  const anima_path *outline =
      frame->outliner ? frame->outliner(frame->outliner_user, item->slot, text)
                      : NULL;
  if (outline == NULL || outline->count == 0) {
    return;
  }
  anima_draw_frame *f = &frame->frame;
  anima_draw_shape *shape = &f->shapes[f->shape_count];
  memset(shape, 0, sizeof *shape);
  shape->outline = outline;
  shape->first_layer = f->layer_count;
  double light[4];
  if (text->has_outline && text->outline_width > 0 &&
      text->outline_color[3] > 0) {
    for (int c = 0; c < 4; c++) {
      light[c] = unit(item->color[c]) * unit(text->outline_color[c]);
    }
    light[3] = unit(text->outline_color[3]);
    size_t n = f->stroke_count++;
    anima_draw_stroke *stroke = &f->strokes[n];
    memset(stroke, 0, sizeof *stroke);
    stroke->width = text->outline_width;
    stroke->cap = ANIMA_LINE_CAP_ROUND;
    stroke->join = ANIMA_LINE_JOIN_ROUND;
    stroke->trim_end = 1;
    stroke->trim.visible = stroke->trim.full = true;
    anima_draw_layer *layer = &f->layers[f->layer_count++];
    memset(layer, 0, sizeof *layer);
    layer->kind = ANIMA_LAYER_STROKE;
    layer->visible = true;
    layer->paint = push_paint(f, light);
    layer->stroke = n;
    layer->pointer = "";
  }
  for (int c = 0; c < 3; c++) {
    light[c] = unit(item->color[c]) * unit(text->color[c]);
  }
  light[3] = unit(text->color[3]);
  anima_draw_layer *layer = &f->layers[f->layer_count++];
  memset(layer, 0, sizeof *layer);
  layer->kind = ANIMA_LAYER_FILL;
  layer->visible = true;
  layer->rule = ANIMA_FILL_NONZERO;
  layer->paint = push_paint(f, light);
  layer->pointer = "";
  shape->layer_count = f->layer_count - shape->first_layer;
  size_t index =
      push_item(f, ANIMA_DRAW_SHAPE, f->shape_count++, item->attachment);
  const double *m = text->matrix;
  anima_matrix world = {m[0], -m[2], -m[1], m[3], m[4], -m[5]};
  f->items[index].local = f->items[index].world = world;
  f->items[index].opacity = unit(item->color[3]);
}

/* A textured item's MESH: its vertices (y negated) and indices appended at
 * `*vertex_at`, `*index_at`, its uvs remapped onto its tinted pixels. */
static void push_mesh(anima_bone_frame *frame, size_t k,
                      const anima_bone_draw_item *item, size_t *vertex_at,
                      size_t *index_at) {
  anima_draw_frame *f = &frame->frame;
  size_t mesh = push_item(f, ANIMA_DRAW_MESH, f->mesh_count, item->attachment);
  /* particles (§8.8): each quad's colour, slot tint and alpha included,
   * is its vertices' colour; the texture is drawn untinted under them */
  bool per_vertex = item->colors != NULL;
  f->items[mesh].opacity = per_vertex ? 1 : unit(item->color[3]);
  anima_draw_mesh *payload = &f->meshes[f->mesh_count++];
  item_texture texture = item_pixels(frame, k, item, per_vertex);
  payload->pixels = texture.pixels;
  payload->sampling = ANIMA_SAMPLING_BILINEAR;
  payload->first_vertex = *vertex_at;
  payload->vertex_count = item->vertex_count;
  payload->first_index = *index_at;
  payload->index_count = item->index_count;
  for (size_t v = 0; v < item->vertex_count; v++) {
    anima_draw_vertex *out = &f->vertices[*vertex_at + v];
    out->x = item->vertices[2 * v];
    out->y = -item->vertices[2 * v + 1];
    out->u = item->uvs[2 * v] * texture.scale[0] + texture.offset[0];
    out->v = item->uvs[2 * v + 1] * texture.scale[1] + texture.offset[1];
    anima_color *color = &f->vertex_colors[*vertex_at + v];
    if (per_vertex) {
      const float *c = item->colors + 4 * v;
      *color = (anima_color){byte(c[0]), byte(c[1]), byte(c[2]), byte(c[3])};
    } else {
      *color = (anima_color){255, 255, 255, 255};
    }
  }
  for (size_t i = 0; i < item->index_count; i++) {
    f->indices[*index_at + i] = item->indices[i];
  }
  *vertex_at += item->vertex_count;
  *index_at += item->index_count;
}

const anima_draw_frame *anima_bone_frame_build(anima_bone_frame *frame,
                                               anima_bone_instance *instance,
                                               const double view_box[4]) {
  anima_draw_frame *f = &frame->frame;
  const anima_bone_draw_item *list = NULL;
  size_t count = anima_bone_draw_list(instance, &list);
  if (count > frame->item_capacity) {
    count = frame->item_capacity; /* cannot happen: sized from the model */
  }
  const anima_bone_mask *masks = NULL;
  size_t mask_count = anima_bone_masks(instance, &masks);
  if (mask_count > frame->item_capacity) {
    mask_count = frame->item_capacity;
  }
  memcpy(f->view_box, view_box, sizeof f->view_box);
  f->item_count = f->group_count = f->mesh_count = f->clip_count = 0;
  f->shape_count = f->layer_count = f->stroke_count = f->paint_count = 0;
  size_t vertex_at = 0, index_at = 0, segment_at = 0;
  /* the masks' outlines first: items 0 … mask_count − 1 */
  for (size_t m = 0; m < mask_count; m++) {
    push_mask(frame, &masks[m], &segment_at);
  }
  bool sources = f->item_count == mask_count;
  for (size_t k = 0; k < count; k++) {
    const anima_bone_draw_item *item = &list[k];
    size_t group = push_item(f, ANIMA_DRAW_GROUP_BEGIN, k, item->attachment);
    anima_draw_group *payload_group = &f->groups[f->group_count++];
    memset(payload_group, 0, sizeof *payload_group);
    payload_group->blend = blend_mode(item->blend, &payload_group->strength);
    long clip = -1;
    if (sources && item->clip >= 0 && (size_t)item->clip < mask_count) {
      /* §8.4: the item is clipped by its mask's triangles */
      anima_draw_clip *payload_clip = &f->clips[f->clip_count];
      payload_clip->source = (size_t)item->clip;
      payload_clip->rule = ANIMA_FILL_NONZERO;
      payload_clip->transform = identity;
      clip = (long)push_item(f, ANIMA_DRAW_CLIP_BEGIN, f->clip_count++,
                             item->attachment);
    }
    if (item->text) {
      push_text(frame, item); /* §8.9: the glyphs instead of the box quad */
    } else {
      push_mesh(frame, k, item, &vertex_at, &index_at);
    }
    if (item->type == ANIMA_BONE_ITEM_SHAPE) {
      push_stroke(frame, instance, item, &segment_at);
    }
    if (clip >= 0) {
      size_t end = push_item(f, ANIMA_DRAW_CLIP_END, f->items[clip].payload,
                             item->attachment);
      pair_items(f, (size_t)clip, end);
    }
    size_t end = push_item(f, ANIMA_DRAW_GROUP_END, f->items[group].payload,
                           item->attachment);
    pair_items(f, group, end);
  }
  f->vertex_count = vertex_at;
  f->index_count = index_at;
  return f;
}

bool anima_bone_draw_extent(anima_bone_instance *instance, double box[4]) {
  const anima_bone_draw_item *list = NULL;
  size_t count = anima_bone_draw_list(instance, &list);
  bool any = false;
  for (size_t k = 0; k < count; k++) {
    for (size_t v = 0; v < list[k].vertex_count; v++) {
      double x = list[k].vertices[2 * v], y = -list[k].vertices[2 * v + 1];
      box[0] = x < box[0] ? x : box[0];
      box[1] = y < box[1] ? y : box[1];
      box[2] = x > box[2] ? x : box[2];
      box[3] = y > box[3] ? y : box[3];
      any = true;
    }
  }
  return any;
}
