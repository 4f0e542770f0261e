/*
 * atlas.c — spec §8.7 (core/atlas.ts:atlasUvMap, remapUvs): texture
 * coordinates of packed images on their atlas page, the trim box of a
 * trimmed region, region polygons (skeleton.ts:quadPoints) and the packed
 * part of a sequence frame (§8.6). Results are float32 like every uv (§8.3).
 */
#include <string.h>

#include "instance.h"

/* atlasUvMap: (u, v), fractions of the original image (v down), to page
 * fractions. */
static void map_uv(const anima_bone_model *model, const ob_atlas_region *r,
                   double u, double v, float *out) {
  const ob_atlas_page *page = &model->pages[r->page];
  double pw = page->width, ph = page->height;
  double ow = r->original_width, oh = r->original_height;
  if (r->rotated) {
    out[0] = (float)((r->x + r->height + r->offset_y) / pw - v * oh / pw);
    out[1] = (float)((r->y - r->offset_x) / ph + u * ow / ph);
  } else {
    out[0] = (float)((r->x - r->offset_x) / pw + u * ow / pw);
    out[1] = (float)((r->y - r->offset_y) / ph + v * oh / ph);
  }
}

void ob_atlas_remap(const anima_bone_model *model, long region,
                    const double *uvs, size_t count, float *out) {
  for (size_t i = 0; i < count; i++) {
    map_uv(model, &model->regions[region], uvs[2 * i], uvs[2 * i + 1],
           out + 2 * i);
  }
}

/* The region's packed part in fractions of the original image: the trim
 * box [offX/origW, offY/origH, (offX+w)/origW, (offY+h)/origH]. */
static void trim_box(const ob_atlas_region *r, double box[4]) {
  box[0] = r->offset_x / r->original_width;
  box[1] = r->offset_y / r->original_height;
  box[2] = (r->offset_x + r->width) / r->original_width;
  box[3] = (r->offset_y + r->height) / r->original_height;
}

void ob_trim_quad(double corners[8], const double quad[4]) {
  double *c = corners;
  double ux = c[2] - c[0], uy = c[3] - c[1], vx = c[6] - c[0];
  double vy = c[7] - c[1], x0 = c[0], y0 = c[1];
  double at[8] = {quad[0], quad[1], quad[2], quad[1],
                  quad[2], quad[3], quad[0], quad[3]};
  for (int i = 0; i < 4; i++) {
    c[2 * i] = x0 + ux * at[2 * i] + vx * at[2 * i + 1];
    c[2 * i + 1] = y0 + uy * at[2 * i] + vy * at[2 * i + 1];
  }
}

size_t ob_atlas_region_item(const anima_bone_model *model, long region,
                            double corners[8], float *vertices, float *uvs,
                            unsigned *indices, size_t *index_count) {
  const ob_atlas_region *r = &model->regions[region];
  if (r->polygon_points >= 3) {
    /* quadPoints over the untrimmed quad, fan indices (no earcut) */
    const double *c = corners;
    double ux = c[2] - c[0], uy = c[3] - c[1], vx = c[6] - c[0];
    double vy = c[7] - c[1];
    for (size_t i = 0; i < r->polygon_points; i++) {
      double u = r->polygon[2 * i], v = r->polygon[2 * i + 1];
      vertices[2 * i] = (float)(c[0] + ux * u + vx * v);
      vertices[2 * i + 1] = (float)(c[1] + uy * u + vy * v);
      map_uv(model, r, u, v, uvs + 2 * i);
    }
    for (size_t i = 0; i + 2 < r->polygon_points; i++) {
      indices[3 * i] = 0;
      indices[3 * i + 1] = (unsigned)(i + 1);
      indices[3 * i + 2] = (unsigned)(i + 2);
    }
    *index_count = 3 * (r->polygon_points - 2);
    return r->polygon_points;
  }
  double box[4] = {0, 0, 1, 1};
  if (r->offset_x != 0 || r->offset_y != 0 || r->width != r->original_width ||
      r->height != r->original_height) {
    trim_box(r, box);
    ob_trim_quad(corners, box);
  }
  double fractions[8] = {box[0], box[1], box[2], box[1],
                         box[2], box[3], box[0], box[3]};
  ob_atlas_remap(model, region, fractions, 4, uvs);
  for (int i = 0; i < 8; i++) {
    vertices[i] = (float)corners[i];
  }
  static const unsigned quad[6] = {0, 1, 2, 0, 2, 3};
  memcpy(indices, quad, sizeof quad);
  *index_count = 6;
  return 4;
}

bool ob_atlas_sequence_part(const anima_bone_model *model, long region,
                            double uv[4], double quad[4]) {
  double box[4];
  trim_box(&model->regions[region], box);
  double part[4] = {
      uv[0] > box[0] ? uv[0] : box[0], uv[1] > box[1] ? uv[1] : box[1],
      uv[2] < box[2] ? uv[2] : box[2], uv[3] < box[3] ? uv[3] : box[3]};
  if (part[0] >= part[2] || part[1] >= part[3]) {
    return false;
  }
  /* the quad fractions follow the uv range linearly */
  double du = uv[2] - uv[0], dv = uv[3] - uv[1];
  double qu = quad[2] - quad[0], qv = quad[3] - quad[1];
  double moved[4] = {quad[0] + (part[0] - uv[0]) / du * qu,
                     quad[1] + (part[1] - uv[1]) / dv * qv,
                     quad[0] + (part[2] - uv[0]) / du * qu,
                     quad[1] + (part[3] - uv[1]) / dv * qv};
  memcpy(quad, moved, sizeof moved);
  memcpy(uv, part, sizeof part);
  return true;
}
