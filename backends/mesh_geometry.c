/*
 * mesh_geometry.c — triangle helpers both backends use to draw MESH items
 * (renderer_internal.h): the affine map of a textured triangle and the
 * half-pixel growth that keeps neighbouring triangles from showing seams.
 */
#include <math.h>
#include <string.h>

#include "backend_internal.h"

void anima_render_grow_triangle(double points[3][2], double distance) {
  double area = (points[1][0] - points[0][0]) * (points[2][1] - points[0][1]) -
                (points[2][0] - points[0][0]) * (points[1][1] - points[0][1]);
  double sign = area > 0 ? 1 : -1;
  double normals[3][2]; /* outward unit normal of edge i → i+1 */
  for (int i = 0; i < 3; i++) {
    double dx = points[(i + 1) % 3][0] - points[i][0];
    double dy = points[(i + 1) % 3][1] - points[i][1];
    double length = hypot(dx, dy);
    normals[i][0] = length > 0 ? sign * dy / length : 0;
    normals[i][1] = length > 0 ? -sign * dx / length : 0;
  }
  double grown[3][2];
  for (int i = 0; i < 3; i++) {
    /* where the two moved edges through vertex i meet */
    const double *a = normals[(i + 2) % 3], *b = normals[i];
    double nx = a[0] + b[0], ny = a[1] + b[1];
    double dot = 1 + a[0] * b[0] + a[1] * b[1];
    double scale = dot > 1e-9 ? distance / dot : 0;
    double reach = hypot(nx, ny) * scale;
    if (reach > 4 * distance) {
      scale *= 4 * distance / reach; /* a miter limit for sharp corners */
    }
    grown[i][0] = points[i][0] + nx * scale;
    grown[i][1] = points[i][1] + ny * scale;
  }
  for (int i = 0; i < 3; i++) {
    points[i][0] = grown[i][0];
    points[i][1] = grown[i][1];
  }
}

bool anima_render_triangle_map(const anima_draw_vertex *const vertices[3],
                               double width, double height, anima_matrix *out) {
  const anima_draw_vertex *const *v = vertices;
  double x1 = v[1]->x - v[0]->x, y1 = v[1]->y - v[0]->y;
  double x2 = v[2]->x - v[0]->x, y2 = v[2]->y - v[0]->y;
  double u1 = (v[1]->u - v[0]->u) * width, w1 = (v[1]->v - v[0]->v) * height;
  double u2 = (v[2]->u - v[0]->u) * width, w2 = (v[2]->v - v[0]->v) * height;
  double det = x1 * y2 - x2 * y1;
  if (!(fabs(det) > 1e-12)) {
    return false;
  }
  /* [u; w] = M · [x; y] on the two edge vectors */
  double a = (u1 * y2 - u2 * y1) / det, c = (u2 * x1 - u1 * x2) / det;
  double b = (w1 * y2 - w2 * y1) / det, d = (w2 * x1 - w1 * x2) / det;
  if (!(fabs(u1 * w2 - u2 * w1) > 1e-12)) {
    /* Degenerate texture coordinates (one point, or one line: a flat
     * colour such as an OpenBone shape's zero uvs): sample the texel at the
     * first vertex's coordinates. A singular map cannot be a cairo pattern
     * matrix nor an SVG transform to invert, so the linear part is a
     * uniform 1e-6 texels per unit: the triangle stays within a hundredth
     * of a texel of that point for coordinates up to 1e4. */
    a = d = 1e-6;
    b = c = 0;
  }
  double e = v[0]->u * width - a * v[0]->x - c * v[0]->y;
  double f = v[0]->v * height - b * v[0]->x - d * v[0]->y;
  *out = (anima_matrix){a, b, c, d, e, f};
  return isfinite(a) && isfinite(b) && isfinite(c) && isfinite(d) &&
         isfinite(e) && isfinite(f);
}

/* ------------------------------------------------------------------------ */
/* Vertex colours (draw.h anima_draw_frame.vertex_colors)                    */
/* ------------------------------------------------------------------------ */

static bool is_white(anima_color c) {
  return c.r == 255 && c.g == 255 && c.b == 255 && c.a == 255;
}

anima_color anima_render_vertex_color(const anima_draw_frame *frame,
                                      const anima_draw_mesh *mesh,
                                      uint32_t index) {
  if (frame->vertex_colors == NULL) {
    return (anima_color){255, 255, 255, 255};
  }
  return frame->vertex_colors[mesh->first_vertex + index];
}

size_t anima_render_mesh_run(const anima_draw_frame *frame,
                             const anima_draw_mesh *mesh, size_t first,
                             bool *colored) {
  const uint32_t *indices = frame->indices + mesh->first_index;
  size_t end = first + 3;
  while (end + 2 < mesh->index_count &&
         (end - first) / 3 < ANIMA_RENDER_RUN_MAX) {
    int shared = 0;
    for (int a = 0; a < 3; a++) {
      for (int b = 0; b < 3; b++) {
        shared += indices[end + (size_t)a] == indices[end - 3 + (size_t)b];
      }
    }
    if (shared < 2) {
      break;
    }
    end += 3;
  }
  *colored = false;
  for (size_t i = first; i < end && !*colored; i++) {
    *colored = !is_white(anima_render_vertex_color(frame, mesh, indices[i]));
  }
  return end;
}

bool anima_render_uniform_color(const anima_draw_frame *frame,
                                const anima_draw_mesh *mesh, size_t first,
                                size_t end, anima_color *color) {
  const uint32_t *indices = frame->indices + mesh->first_index;
  *color = anima_render_vertex_color(frame, mesh, indices[first]);
  for (size_t i = first + 1; i < end; i++) {
    anima_color c = anima_render_vertex_color(frame, mesh, indices[i]);
    if (c.r != color->r || c.g != color->g || c.b != color->b ||
        c.a != color->a) {
      return false;
    }
  }
  return true;
}

void anima_render_barycentric(const double points[3][2], double x, double y,
                              double weights[3]) {
  double x1 = points[1][0] - points[0][0], y1 = points[1][1] - points[0][1];
  double x2 = points[2][0] - points[0][0], y2 = points[2][1] - points[0][1];
  double det = x1 * y2 - x2 * y1;
  if (!(fabs(det) > 1e-300)) {
    weights[0] = 1;
    weights[1] = weights[2] = 0;
    return;
  }
  double px = x - points[0][0], py = y - points[0][1];
  weights[1] = (px * y2 - x2 * py) / det;
  weights[2] = (x1 * py - px * y1) / det;
  weights[0] = 1 - weights[1] - weights[2];
}

void anima_render_mix_colors(const anima_color colors[3],
                             const double weights[3], double out[4]) {
  double w[3], total = 0;
  for (int k = 0; k < 3; k++) {
    w[k] = weights[k] < 0 ? 0 : weights[k] > 1 ? 1 : weights[k];
    total += w[k];
  }
  for (int k = 0; k < 3; k++) {
    w[k] = total > 0 ? w[k] / total : (k == 0);
  }
  for (int c = 0; c < 4; c++) {
    out[c] = 0;
  }
  for (int k = 0; k < 3; k++) {
    out[0] += w[k] * colors[k].r / 255.0;
    out[1] += w[k] * colors[k].g / 255.0;
    out[2] += w[k] * colors[k].b / 255.0;
    out[3] += w[k] * colors[k].a / 255.0;
  }
}

void anima_render_subtriangle(size_t index, double weights[3][3]) {
  /* row r of the n × n grid of barycentric steps holds 2r + 1 triangles:
   * upright ones at even positions, inverted ones at odd positions */
  const double n = ANIMA_RENDER_SUBDIVISIONS;
  size_t row = 0;
  while ((row + 1) * (row + 1) <= index) {
    row++;
  }
  size_t k = index - row * row;
  size_t column = k / 2;
  double corners[3][2]; /* (i, j): weights (1 − (i + j)/n, i/n, j/n) */
  if (k % 2 == 0) {
    double i = (double)row - (double)column, j = (double)column;
    double c[3][2] = {{i, j}, {i + 1, j}, {i, j + 1}};
    memcpy(corners, c, sizeof corners);
  } else {
    double i = (double)row - (double)column - 1, j = (double)column;
    double c[3][2] = {{i + 1, j}, {i + 1, j + 1}, {i, j + 1}};
    memcpy(corners, c, sizeof corners);
  }
  for (int v = 0; v < 3; v++) {
    weights[v][1] = corners[v][0] / n;
    weights[v][2] = corners[v][1] / n;
    weights[v][0] = 1 - weights[v][1] - weights[v][2];
  }
}
