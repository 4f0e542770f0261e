/*
 * mesh_geometry.c — triangle helpers both backends use to draw MESH items
 * (renderer_internal.h): the affine map of a textured triangle and the
 * half-pixel growth that keeps neighbouring triangles from showing seams.
 */
#include <math.h>

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
