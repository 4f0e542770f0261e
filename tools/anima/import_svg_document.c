/*
 * import_svg_document.c — walks an SVG document and builds the `.ani` JSON
 * (see import_svg.h, import_svg_file). Geometry: path `d` is kept as
 * written; rect (equal corner radii), circle map to their node types;
 * ellipse, line, polyline, polygon and rects with unequal radii become
 * path data. Styles come from import_svg_style.c; transforms become node
 * transforms (one or two per function) wrapped outermost first.
 */
#include <libxml/parser.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <anima/format.h>
#include <anima/markup.h>
#include <anima/path.h>

#include "import_svg_internal.h"

static const char svg_namespace[] = "http://www.w3.org/2000/svg";

/* SPEC §2: a node in `nodes` is at depth 1 and depth 32 is the deepest. */
static const size_t maximum_group_depth = 32;

void import_warn(import_context *context, const char *path,
                 const char *attribute, const char *format, ...) {
  char pointer[512];
  char message[512];
  snprintf(pointer, sizeof pointer, "%s%s%s", path, attribute ? "/@" : "",
           attribute ? attribute : "");
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(message, sizeof message, format, arguments);
  va_end(arguments);
  anima_diagnostics_add(context->diagnostics, "import-unsupported",
                        ANIMA_SEVERITY_WARNING, pointer, NULL, "%s", message);
}

static void import_error(anima_diagnostics *diagnostics, const char *hint,
                         const char *format, ...) ANIMA_PRINTF(3, 4);

static void import_error(anima_diagnostics *diagnostics, const char *hint,
                         const char *format, ...) {
  char message[512];
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(message, sizeof message, format, arguments);
  va_end(arguments);
  anima_diagnostics_add(diagnostics, "import-invalid", ANIMA_SEVERITY_ERROR, "",
                        hint, "%s", message);
}

/* ------------------------------------------------------------------------ */
/* Small helpers                                                             */
/* ------------------------------------------------------------------------ */

static bool is_svg_element(const xmlNode *node, const char *name) {
  return node->type == XML_ELEMENT_NODE &&
         (name == NULL || strcmp((const char *)node->name, name) == 0) &&
         (node->ns == NULL ||
          strcmp((const char *)node->ns->href, svg_namespace) == 0);
}

/* An attribute as a length; false when absent; warns when unusable. */
static bool length_attribute(import_context *context, const char *path,
                             xmlNode *element, const char *name, double *out,
                             bool *invalid) {
  xmlChar *raw = xmlGetProp(element, BAD_CAST name);
  if (raw == NULL) {
    return false;
  }
  bool ok = import_svg_parse_length((const char *)raw, out);
  if (!ok) {
    import_warn(context, path, name,
                "\"%s\" is not a number of user units (px); the element is "
                "omitted",
                (const char *)raw);
    *invalid = true;
  }
  xmlFree(raw);
  return ok;
}

/* Path data numbers: canonical (DECISIONS 2). The operands are finite and
 * a sum of two can only overflow from magnitudes beyond the path grammar's
 * 1e6 limit, which the parse of the data then reports. */
static void append_number(char *out, size_t size, double value) {
  char text[ANIMA_FORMAT_CAPACITY];
  anima_format_number(value, text);
  size_t length = strlen(out);
  snprintf(out + length, size - length, "%s", text);
}

/* Appends "<command><n> <n> ..." to a path data buffer. */
static void append_command(char *out, size_t size, char command,
                           const double *values, size_t count) {
  size_t length = strlen(out);
  snprintf(out + length, size - length, "%c", command);
  for (size_t index = 0; index < count; index++) {
    if (index > 0) {
      length = strlen(out);
      snprintf(out + length, size - length, " ");
    }
    append_number(out, size, values[index]);
  }
}

/*
 * A unique node id into `out` (128 bytes): `preferred` (an SVG id) when it
 * is a valid, unused name (SPEC §2 Names), else `<fallback>-<n>`.
 */
static void unique_id(import_context *context, const char *preferred,
                      const char *fallback, char *out) {
  out[0] = '\0';
  if (preferred != NULL) {
    bool valid =
        preferred[0] >= 'a' && preferred[0] <= 'z' && strlen(preferred) < 100;
    for (const char *c = preferred; valid && *c != '\0'; c++) {
      valid = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
              (*c >= '0' && *c <= '9') || *c == '-';
    }
    if (valid && json_object_get(context->used_ids, preferred) == NULL) {
      snprintf(out, 128, "%s", preferred);
    }
  }
  if (out[0] == '\0') {
    /* The first free number: every one below the remembered next number
     * is already taken. */
    char key[104];
    snprintf(key, sizeof key, "%.100s", fallback);
    json_int_t number =
        json_integer_value(json_object_get(context->next_numbers, key));
    for (number = number > 0 ? number : 1; out[0] == '\0'; number++) {
      snprintf(out, 128, "%.100s-%lld", fallback, (long long)number);
      if (json_object_get(context->used_ids, out) != NULL) {
        out[0] = '\0';
      }
    }
    json_object_set_new(context->next_numbers, key, json_integer(number));
  }
  json_object_set_new(context->used_ids, out, json_true());
}

static void node_id(import_context *context, xmlNode *element,
                    const char *fallback, char *out) {
  xmlChar *raw = xmlGetProp(element, BAD_CAST "id");
  unique_id(context, (const char *)raw, fallback, out);
  xmlFree(raw);
}

static json_t *point_array(double x, double y) {
  return json_pack("[ff]", x, y);
}

/* ------------------------------------------------------------------------ */
/* Paint                                                                     */
/* ------------------------------------------------------------------------ */

static json_t *hex_color(import_paint paint, double opacity) {
  char text[16];
  double alpha = floor(paint.a * opacity + 0.5);
  unsigned a = alpha < 0 ? 0 : (alpha > 255 ? 255 : (unsigned)alpha);
  if (a == 255) {
    snprintf(text, sizeof text, "#%02x%02x%02x", paint.r, paint.g, paint.b);
  } else {
    snprintf(text, sizeof text, "#%02x%02x%02x%02x", paint.r, paint.g, paint.b,
             a);
  }
  return json_string(text);
}

/*
 * The colour of a paint with its opacity folded in. currentColor cannot
 * carry alpha: its opacity goes to `*leftover` for the node opacity.
 */
static json_t *paint_color(const import_style *style, import_paint paint,
                           double opacity, double *leftover) {
  *leftover = 1;
  if (paint.kind == IMPORT_PAINT_CURRENT_COLOR && style->has_color) {
    paint = style->color;
  }
  if (paint.kind == IMPORT_PAINT_CURRENT_COLOR) {
    *leftover = opacity;
    return json_string("currentColor");
  }
  return hex_color(paint, opacity);
}

/*
 * Adds "fill" and "stroke" to `node` from `style`. Returns false when the
 * element paints nothing. `node_opacity` is multiplied by what a
 * currentColor paint's opacity leaves over.
 */
/*
 * A new fill or stroke object with its colour source: a gradient of the
 * file (import_svg_paint.c) or a colour. NULL when a gradient paints
 * nothing.
 */
static json_t *paint_source(import_context *context, const char *path,
                            const import_style *style, bool stroke,
                            const double *box, double *leftover) {
  json_t *paint = json_object();
  import_paint source = stroke ? style->stroke : style->fill;
  double opacity = stroke ? style->stroke_opacity : style->fill_opacity;
  *leftover = 1;
  if (source.kind != IMPORT_PAINT_SERVER) {
    json_object_set_new(paint, "color",
                        paint_color(style, source, opacity, leftover));
    return paint;
  }
  if (import_paint_gradient(context, path, stroke ? "stroke" : "fill",
                            stroke ? style->stroke_server : style->fill_server,
                            box, opacity, paint) == IMPORT_GRADIENT_NONE) {
    json_decref(paint);
    return NULL;
  }
  return paint;
}

static bool add_paint(import_context *context, const char *path,
                      const import_style *style, bool can_fill,
                      const double *box, json_t *node, double *node_opacity) {
  bool fills = can_fill && style->fill.kind != IMPORT_PAINT_NONE;
  bool strokes =
      style->stroke.kind != IMPORT_PAINT_NONE && style->stroke_width > 0;
  double fill_leftover = 1, stroke_leftover = 1;
  json_t *fill =
      fills ? paint_source(context, path, style, false, box, &fill_leftover)
            : NULL;
  json_t *stroke =
      strokes ? paint_source(context, path, style, true, box, &stroke_leftover)
              : NULL;
  fills = fill != NULL;
  strokes = stroke != NULL;
  if (!fills && !strokes) {
    return false;
  }
  if (fills) {
    if (style->evenodd) {
      json_object_set_new(fill, "rule", json_string("evenodd"));
    }
  }
  if (strokes) {
    json_object_set_new(stroke, "width", json_real(style->stroke_width));
    double dash_sum = 0;
    for (size_t i = 0; i < style->dash_count; i++) {
      dash_sum += style->dashes[i];
    }
    if (dash_sum > 0) {
      /* SVG: an all-zero pattern strokes solid */
      json_t *dash = json_array();
      for (size_t i = 0; i < style->dash_count; i++) {
        json_array_append_new(dash, json_real(style->dashes[i]));
      }
      json_object_set_new(stroke, "dash", dash);
      if (style->dash_offset != 0) {
        json_object_set_new(stroke, "dashOffset",
                            json_real(style->dash_offset));
      }
      context->uses_paint = true;
    }
    if (style->cap != ANIMA_LINE_CAP_ROUND) {
      json_object_set_new(stroke, "cap",
                          json_string(anima_line_cap_name(style->cap)));
    }
    if (style->join != ANIMA_LINE_JOIN_ROUND) {
      json_object_set_new(stroke, "join",
                          json_string(anima_line_join_name(style->join)));
    }
    if (import_style_warn_miter(style)) {
      import_warn(context, path, "stroke-miterlimit",
                  "the format uses SVG's default miter limit 4; %g is "
                  "ignored",
                  style->miter_limit);
    }
  }
  /* currentColor with opacity: exact as node opacity when it is the only
   * paint, or when both paints carry the same opacity. */
  if (fill_leftover != 1 || stroke_leftover != 1) {
    if (!fills || !strokes || fill_leftover == stroke_leftover) {
      *node_opacity *= fill_leftover != 1 ? fill_leftover : stroke_leftover;
    } else {
      import_warn(context, path, NULL,
                  "currentColor paints with different fill and stroke "
                  "opacities cannot be expressed; the opacities are ignored");
    }
  }
  if (fill != NULL) {
    json_object_set_new(node, "fill", fill);
  }
  if (stroke != NULL) {
    json_object_set_new(node, "stroke", stroke);
  }
  return true;
}

/* ------------------------------------------------------------------------ */
/* Geometry                                                                  */
/* ------------------------------------------------------------------------ */

/* Shared by the walk: the geometry keys of one shape element. */
typedef struct import_shape {
  const char *type; /* "path", "circle", "rect" */
  json_t *keys;     /* own keys in registry order */
  bool can_fill;
} import_shape;

static bool shape_path_data(import_context *context, const char *path,
                            const char *data, import_shape *shape) {
  anima_path parsed;
  anima_path_error error;
  if (anima_path_parse(data, strlen(data), &parsed, &error) != ANIMA_OK) {
    import_warn(context, path, "d",
                "path data does not parse (%s); the element is omitted",
                error.message);
    return false;
  }
  anima_path_release(&parsed);
  shape->type = "path";
  shape->keys = json_object();
  json_object_set_new(shape->keys, "d", json_string(data));
  return true;
}

/* Rect with corner radii rx, ry already resolved and clamped. */
static bool shape_rect(import_context *context, const char *path, double x,
                       double y, double w, double h, double rx, double ry,
                       import_shape *shape) {
  if (rx == ry) {
    shape->type = "rect";
    shape->keys = json_object();
    json_object_set_new(shape->keys, "x0", json_real(x));
    json_object_set_new(shape->keys, "y0", json_real(y));
    json_object_set_new(shape->keys, "w", json_real(w));
    json_object_set_new(shape->keys, "h", json_real(h));
    if (rx > 0) {
      json_object_set_new(shape->keys, "rx", json_real(rx));
    }
    return true;
  }
  char data[1024] = "";
  double values[7];
  values[0] = x + rx, values[1] = y;
  append_command(data, sizeof data, 'M', values, 2);
  values[0] = x + w - rx;
  append_command(data, sizeof data, 'H', values, 1);
  double corners[4][2] = {
      {x + w, y + ry}, {x + w - rx, y + h}, {x, y + h - ry}, {x + rx, y}};
  double edges[3][2] = {{'V', y + h - ry}, {'H', x + rx}, {'V', y + ry}};
  for (int corner = 0; corner < 4; corner++) {
    double arc[7] = {rx, ry, 0, 0, 1, corners[corner][0], corners[corner][1]};
    append_command(data, sizeof data, 'A', arc, 7);
    if (corner < 3) {
      append_command(data, sizeof data, (char)edges[corner][0],
                     &edges[corner][1], 1);
    }
  }
  append_command(data, sizeof data, 'Z', NULL, 0);
  return shape_path_data(context, path, data, shape);
}

static bool shape_from_points(import_context *context, const char *path,
                              xmlNode *element, bool close,
                              import_shape *shape) {
  xmlChar *raw = xmlGetProp(element, BAD_CAST "points");
  double points[4096];
  long count = raw ? import_svg_parse_numbers((const char *)raw, points,
                                              sizeof points / sizeof *points)
                   : 0;
  xmlFree(raw);
  if (count < 0 || (size_t)count > sizeof points / sizeof *points) {
    import_warn(context, path, "points",
                "the point list does not parse (or has more than 2048 "
                "points); the element is omitted");
    return false;
  }
  count -= count % 2; /* an odd coordinate is dropped, as SVG does */
  if (count < 4) {
    import_warn(context, path, "points",
                "<%s> with %s draws nothing (it needs two points: four "
                "numbers); the element is omitted",
                (const char *)element->name,
                count == 0 ? "no point" : "one point");
    return false;
  }
  char *data = malloc((size_t)count * 28 + 8);
  if (data == NULL) {
    return false;
  }
  data[0] = '\0';
  size_t size = (size_t)count * 28 + 8;
  for (long index = 0; index < count; index += 2) {
    append_command(data, size, index == 0 ? 'M' : 'L', points + index, 2);
  }
  if (close) {
    append_command(data, size, 'Z', NULL, 0);
  }
  bool ok = shape_path_data(context, path, data, shape);
  free(data);
  return ok;
}

/*
 * Warns that a shape element is omitted because it draws nothing in SVG
 * either (CLI.md: what is not imported is a warning naming the element):
 * `attribute` is missing (`present` false) or has `value`, and `rule` says
 * what SVG needs.
 */
static void omit_degenerate(import_context *context, const char *path,
                            xmlNode *element, const char *attribute,
                            bool present, double value, const char *rule) {
  const char *name = (const char *)element->name;
  if (present) {
    char number[ANIMA_FORMAT_CAPACITY];
    anima_format_number(value, number);
    import_warn(context, path, attribute,
                "<%s> with %s %s draws nothing (%s); the element is omitted",
                name, attribute, number, rule);
  } else {
    import_warn(context, path, attribute,
                "<%s> without %s draws nothing (%s); the element is omitted",
                name, attribute, rule);
  }
}

/*
 * The geometry of a shape element. Returns false when it renders nothing
 * (zero size, missing data: with a warning) or cannot be imported (after a
 * warning).
 */
static bool import_geometry(import_context *context, const char *path,
                            xmlNode *element, import_shape *shape) {
  const char *name = (const char *)element->name;
  bool invalid = false;
  shape->can_fill = true;
  if (strcmp(name, "path") == 0) {
    xmlChar *raw = xmlGetProp(element, BAD_CAST "d");
    bool ok = false;
    if (raw != NULL) {
      const char *data = (const char *)raw;
      while (*data == ' ' || *data == '\t' || *data == '\n' || *data == '\r') {
        data++;
      }
      ok = *data != '\0' && shape_path_data(context, path, data, shape);
    }
    if (raw == NULL ||
        ((const char *)raw)[strspn((const char *)raw, " \t\n\r")] == '\0') {
      import_warn(context, path, "d",
                  "<path> without path data draws nothing; the element is "
                  "omitted");
    }
    xmlFree(raw);
    return ok;
  }
  if (strcmp(name, "rect") == 0) {
    double x = 0, y = 0, w = 0, h = 0, rx = -1, ry = -1;
    length_attribute(context, path, element, "x", &x, &invalid);
    length_attribute(context, path, element, "y", &y, &invalid);
    bool has_w =
        length_attribute(context, path, element, "width", &w, &invalid);
    bool has_h =
        length_attribute(context, path, element, "height", &h, &invalid);
    bool has_rx =
        length_attribute(context, path, element, "rx", &rx, &invalid) &&
        rx >= 0;
    bool has_ry =
        length_attribute(context, path, element, "ry", &ry, &invalid) &&
        ry >= 0;
    if (!invalid && !(w > 0)) {
      omit_degenerate(context, path, element, "width", has_w, w,
                      "a rect needs a width > 0");
    } else if (!invalid && !(h > 0)) {
      omit_degenerate(context, path, element, "height", has_h, h,
                      "a rect needs a height > 0");
    }
    if (invalid || !(w > 0) || !(h > 0)) {
      return false;
    }
    /* SVG: a missing (or negative) radius takes the other one. */
    rx = has_rx ? rx : (has_ry ? ry : 0);
    ry = has_ry ? ry : rx;
    rx = fmin(rx, w / 2);
    ry = fmin(ry, h / 2);
    return shape_rect(context, path, x, y, w, h, rx, ry, shape);
  }
  if (strcmp(name, "circle") == 0) {
    double cx = 0, cy = 0, r = 0;
    length_attribute(context, path, element, "cx", &cx, &invalid);
    length_attribute(context, path, element, "cy", &cy, &invalid);
    bool has_r = length_attribute(context, path, element, "r", &r, &invalid);
    if (!invalid && !(r > 0)) {
      omit_degenerate(context, path, element, "r", has_r, r,
                      "a circle needs r > 0");
    }
    if (invalid || !(r > 0)) {
      return false;
    }
    shape->type = "circle";
    shape->keys = json_object();
    json_object_set_new(shape->keys, "center", point_array(cx, cy));
    json_object_set_new(shape->keys, "r", json_real(r));
    return true;
  }
  if (strcmp(name, "ellipse") == 0) {
    double cx = 0, cy = 0, rx = -1, ry = -1;
    length_attribute(context, path, element, "cx", &cx, &invalid);
    length_attribute(context, path, element, "cy", &cy, &invalid);
    bool has_rx = length_attribute(context, path, element, "rx", &rx, &invalid);
    bool has_ry = length_attribute(context, path, element, "ry", &ry, &invalid);
    rx = has_rx ? rx : ry; /* SVG 2: auto takes the other radius */
    ry = has_ry ? ry : rx;
    if (!invalid && !(rx > 0 && ry > 0)) {
      /* Name a radius as written (a missing one copies the other). */
      bool name_ry = !(has_rx && !(rx > 0)) && has_ry && !(ry > 0);
      omit_degenerate(context, path, element, name_ry ? "ry" : "rx",
                      name_ry || has_rx, name_ry ? ry : rx,
                      "an ellipse needs rx > 0 and ry > 0");
    }
    if (invalid || !(rx > 0) || !(ry > 0)) {
      return false;
    }
    char data[512] = "";
    double start[2] = {cx + rx, cy};
    double half[7] = {rx, ry, 0, 1, 1, cx - rx, cy};
    double back[7] = {rx, ry, 0, 1, 1, cx + rx, cy};
    append_command(data, sizeof data, 'M', start, 2);
    append_command(data, sizeof data, 'A', half, 7);
    append_command(data, sizeof data, 'A', back, 7);
    append_command(data, sizeof data, 'Z', NULL, 0);
    return shape_path_data(context, path, data, shape);
  }
  if (strcmp(name, "line") == 0) {
    double values[4] = {0, 0, 0, 0};
    const char *names[4] = {"x1", "y1", "x2", "y2"};
    for (int index = 0; index < 4; index++) {
      length_attribute(context, path, element, names[index], &values[index],
                       &invalid);
    }
    if (invalid) {
      return false;
    }
    char data[256] = "";
    append_command(data, sizeof data, 'M', values, 2);
    append_command(data, sizeof data, 'L', values + 2, 2);
    shape->can_fill = false; /* a line has no interior */
    return shape_path_data(context, path, data, shape);
  }
  if (strcmp(name, "polyline") == 0 || strcmp(name, "polygon") == 0) {
    return shape_from_points(context, path, element,
                             strcmp(name, "polygon") == 0, shape);
  }
  return false;
}

/* Extends `box` ([min x, min y, max x, max y]) by the cubic p0 p1 p2 p3:
 * its ends and the roots of its derivative inside (0, 1). */
static void cubic_bounds(const double p[4][2], double box[4]) {
  for (int axis = 0; axis < 2; axis++) {
    double a = -p[0][axis] + 3 * p[1][axis] - 3 * p[2][axis] + p[3][axis];
    double b = 2 * (p[0][axis] - 2 * p[1][axis] + p[2][axis]);
    double c = p[1][axis] - p[0][axis];
    double roots[2];
    int count = 0;
    if (fabs(a) < 1e-12) {
      if (fabs(b) > 1e-12) {
        roots[count++] = -c / b;
      }
    } else {
      double discriminant = b * b - 4 * a * c;
      if (discriminant >= 0) {
        double root = sqrt(discriminant);
        roots[count++] = (-b + root) / (2 * a);
        roots[count++] = (-b - root) / (2 * a);
      }
    }
    for (int i = 0; i < count; i++) {
      double t = roots[i];
      if (t > 0 && t < 1) {
        double u = 1 - t;
        double v = u * u * u * p[0][axis] + 3 * u * u * t * p[1][axis] +
                   3 * u * t * t * p[2][axis] + t * t * t * p[3][axis];
        box[axis] = fmin(box[axis], v);
        box[axis + 2] = fmax(box[axis + 2], v);
      }
    }
  }
}

/* The bounding box of a shape's geometry, [x, y, width, height] (SVG's
 * objectBoundingBox: the fill geometry, without the stroke). */
static bool shape_bounds(const import_shape *shape, double out[4]) {
  const json_t *keys = shape->keys;
  if (strcmp(shape->type, "rect") == 0) {
    out[0] = json_number_value(json_object_get(keys, "x0"));
    out[1] = json_number_value(json_object_get(keys, "y0"));
    out[2] = json_number_value(json_object_get(keys, "w"));
    out[3] = json_number_value(json_object_get(keys, "h"));
    return true;
  }
  if (strcmp(shape->type, "circle") == 0) {
    const json_t *center = json_object_get(keys, "center");
    double r = json_number_value(json_object_get(keys, "r"));
    out[0] = json_number_value(json_array_get(center, 0)) - r;
    out[1] = json_number_value(json_array_get(center, 1)) - r;
    out[2] = out[3] = 2 * r;
    return true;
  }
  const char *data = json_string_value(json_object_get(keys, "d"));
  anima_path parsed;
  anima_path_error error;
  if (data == NULL ||
      anima_path_parse(data, strlen(data), &parsed, &error) != ANIMA_OK) {
    return false;
  }
  double box[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY};
  anima_point current = {0, 0};
  for (size_t i = 0; i < parsed.count; i++) {
    const anima_segment *segment = &parsed.segments[i];
    int last = segment->kind == ANIMA_SEGMENT_CUBIC ? 2 : 0;
    if (segment->kind == ANIMA_SEGMENT_CLOSE) {
      continue;
    }
    anima_point end = segment->points[last];
    box[0] = fmin(box[0], end.x), box[1] = fmin(box[1], end.y);
    box[2] = fmax(box[2], end.x), box[3] = fmax(box[3], end.y);
    if (segment->kind == ANIMA_SEGMENT_CUBIC) {
      double p[4][2] = {{current.x, current.y},
                        {segment->points[0].x, segment->points[0].y},
                        {segment->points[1].x, segment->points[1].y},
                        {end.x, end.y}};
      cubic_bounds(p, box);
    }
    current = end;
  }
  anima_path_release(&parsed);
  if (!(box[2] >= box[0]) || !(box[3] >= box[1])) {
    return false;
  }
  out[0] = box[0];
  out[1] = box[1];
  out[2] = box[2] - box[0];
  out[3] = box[3] - box[1];
  return true;
}

/* ------------------------------------------------------------------------ */
/* Nodes and transforms                                                      */
/* ------------------------------------------------------------------------ */

static void set_transform(json_t *node, const import_node_transform *t) {
  if (t->x != 0) {
    json_object_set_new(node, "x", json_real(t->x));
  }
  if (t->y != 0) {
    json_object_set_new(node, "y", json_real(t->y));
  }
  if (t->rotate != 0) {
    json_object_set_new(node, "rotate", json_real(t->rotate));
  }
  if (t->scale_x == t->scale_y && t->scale_x != 1) {
    json_object_set_new(node, "scale", json_real(t->scale_x));
  } else if (t->scale_x != t->scale_y) {
    if (t->scale_x != 1) {
      json_object_set_new(node, "scaleX", json_real(t->scale_x));
    }
    if (t->scale_y != 1) {
      json_object_set_new(node, "scaleY", json_real(t->scale_y));
    }
  }
}

static void set_pivot(json_t *node, const import_node_transform *t) {
  if (t->pivot_x != 0 || t->pivot_y != 0) {
    json_object_set_new(node, "pivot", point_array(t->pivot_x, t->pivot_y));
  }
}

static bool node_transform_is_finite(const import_node_transform *t) {
  double values[] = {t->x,       t->y,       t->rotate, t->scale_x,
                     t->scale_y, t->pivot_x, t->pivot_y};
  for (size_t index = 0; index < sizeof values / sizeof *values; index++) {
    if (!isfinite(values[index])) {
      return false;
    }
  }
  return true;
}

/* The element's transform list as node transforms; -1 when unusable. */
static long element_transforms(import_context *context, const char *path,
                               xmlNode *element, import_node_transform *out,
                               size_t capacity) {
  xmlChar *raw = xmlGetProp(element, BAD_CAST "transform");
  if (raw == NULL) {
    return 0;
  }
  import_transform_function functions[32];
  long count = import_svg_parse_transform((const char *)raw, functions, 32);
  if (count < 0 || count > 32) {
    import_warn(context, path, "transform",
                "the transform \"%s\" does not parse; the element is omitted",
                (const char *)raw);
    xmlFree(raw);
    return -1;
  }
  size_t total = 0;
  for (long index = 0; index < count; index++) {
    import_node_transform nodes[2];
    int made = import_svg_function_nodes(&functions[index], nodes);
    for (int part = 0; part < made && total < capacity; part++) {
      import_node_transform *t = &nodes[part];
      if (!node_transform_is_finite(t)) {
        import_warn(context, path, "transform",
                    "the transform \"%s\" overflows binary64 numbers as "
                    "node transforms (x, y, rotate, scale, pivot); the "
                    "element is omitted",
                    (const char *)raw);
        xmlFree(raw);
        return -1;
      }
      bool identity = t->x == 0 && t->y == 0 && t->rotate == 0 &&
                      t->scale_x == 1 && t->scale_y == 1;
      if (!identity) {
        out[total++] = *t;
      }
    }
  }
  xmlFree(raw);
  return (long)total;
}

/*
 * Builds the node: id, type, geometry keys, its own (last) transform,
 * opacity, visible, pivot, paint, children; then wraps it in one group per
 * earlier transform, outermost first.
 */
static json_t *assemble(import_context *context, const char *id,
                        const char *type, json_t *keys,
                        const import_node_transform *transforms,
                        long transform_count, double opacity, bool visible,
                        json_t *paint, json_t *children) {
  json_t *node = json_object();
  json_object_set_new(node, "id", json_string(id));
  json_object_set_new(node, "type", json_string(type));
  if (keys != NULL) {
    json_object_update(node, keys);
    json_decref(keys);
  }
  const import_node_transform *own =
      transform_count > 0 ? &transforms[transform_count - 1] : NULL;
  if (own != NULL) {
    set_transform(node, own);
  }
  if (opacity != 1) {
    json_object_set_new(node, "opacity", json_real(opacity));
  }
  if (!visible) {
    json_object_set_new(node, "visible", json_false());
  }
  if (own != NULL) {
    set_pivot(node, own);
  }
  if (paint != NULL) {
    json_object_update(node, paint);
    json_decref(paint);
  }
  if (children != NULL) {
    json_object_set_new(node, "children", children);
  }
  context->node_count++;
  for (long index = transform_count - 1; index-- > 0;) {
    char fallback[160], group_id[128];
    snprintf(fallback, sizeof fallback, "%.100s-transform", id);
    unique_id(context, NULL, fallback, group_id);
    json_t *group = json_object();
    json_object_set_new(group, "id", json_string(group_id));
    json_object_set_new(group, "type", json_string("group"));
    set_transform(group, &transforms[index]);
    set_pivot(group, &transforms[index]);
    json_t *list = json_array();
    json_array_append_new(list, node);
    json_object_set_new(group, "children", list);
    context->node_count++;
    node = group;
  }
  return node;
}

static void import_children(import_context *context, xmlNode *parent,
                            const char *path, const import_style *style,
                            json_t *nodes);

/* Elements that draw nothing themselves: gradients are used through the
 * paints that name them (import_svg_paint.c). */
static const char *const silent_elements[] = {
    "title", "desc", "metadata", "linearGradient", "radialGradient", NULL};
static const char *const shape_elements[] = {
    "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", NULL};

static bool listed(const char *name, const char *const *list) {
  for (size_t index = 0; list[index] != NULL; index++) {
    if (strcmp(name, list[index]) == 0) {
      return true;
    }
  }
  return false;
}

/* `element`, the `index`th (from 1) element child of its parent with its
 * name, whose SVG element path is `parent_path`. */
static void import_element(import_context *context, xmlNode *element,
                           json_int_t index, const char *parent_path,
                           const import_style *parent_style, json_t *nodes) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s[%lld]", parent_path,
           (const char *)element->name, (long long)index);
  const char *name = (const char *)element->name;
  if (!is_svg_element(element, NULL)) {
    import_warn(context, path, NULL,
                "elements outside the SVG namespace are not imported");
    return;
  }
  if (listed(name, silent_elements)) {
    return;
  }
  if (strcmp(name, "defs") == 0) {
    /* Definitions draw nothing; only gradients are used (by reference). */
    json_t *counts = json_object();
    for (xmlNode *child = element->children; child != NULL;
         child = child->next) {
      if (child->type != XML_ELEMENT_NODE) {
        continue;
      }
      const char *child_name = (const char *)child->name;
      json_int_t number =
          json_integer_value(json_object_get(counts, child_name)) + 1;
      json_object_set_new(counts, child_name, json_integer(number));
      if (!listed(child_name, silent_elements)) {
        char child_path[1100];
        snprintf(child_path, sizeof child_path, "%s/%s[%lld]", path, child_name,
                 (long long)number);
        import_warn(context, child_path, NULL,
                    "<%s> in <defs> is not supported by the importer; it is "
                    "not used",
                    child_name);
      }
    }
    json_decref(counts);
    return;
  }
  bool group = strcmp(name, "g") == 0 || strcmp(name, "a") == 0;
  if (!group && !listed(name, shape_elements)) {
    import_warn(context, path, NULL,
                "<%s> is not supported by the importer; it is omitted", name);
    return;
  }
  import_style style;
  import_style_apply(context, path, element, parent_style, &style);
  if (!style.displayed) {
    return; /* display: none renders nothing */
  }
  import_node_transform transforms[64];
  long transform_count =
      element_transforms(context, path, element, transforms, 64);
  if (transform_count < 0) {
    return;
  }
  if (group) {
    /* SPEC §2: nodes nest at most 32 deep, so deeper groups cannot be
     * imported; stopping here also bounds the recursion (the frames are
     * large) for hostile files. */
    if (context->depth + 1 >= maximum_group_depth &&
        xmlFirstElementChild(element) != NULL) {
      if (!context->too_deep) {
        anima_diagnostics_add(context->diagnostics, "limit-exceeded",
                              ANIMA_SEVERITY_ERROR, path,
                              "flatten the nested <g> elements",
                              "groups nest deeper than the %zu node levels a "
                              "document allows (SPEC §2 limits)",
                              maximum_group_depth);
      }
      context->too_deep = true;
      return;
    }
    json_t *children = json_array();
    context->depth++;
    import_children(context, element, path, &style, children);
    context->depth--;
    if (json_array_size(children) == 0) {
      json_decref(children);
      return;
    }
    char id[128];
    node_id(context, element, "group", id);
    json_array_append_new(nodes, assemble(context, id, "group", NULL,
                                          transforms, transform_count,
                                          style.opacity, true, NULL, children));
    return;
  }
  import_shape shape = {0};
  if (!import_geometry(context, path, element, &shape)) {
    return;
  }
  json_t *paint = json_object();
  double opacity = style.opacity;
  double box[4];
  bool bounded = shape_bounds(&shape, box);
  if (!add_paint(context, path, &style, shape.can_fill, bounded ? box : NULL,
                 paint, &opacity)) {
    json_decref(paint);
    json_decref(shape.keys);
    return; /* paints nothing */
  }
  char id[128];
  node_id(context, element, name, id);
  json_array_append_new(nodes, assemble(context, id, shape.type, shape.keys,
                                        transforms, transform_count, opacity,
                                        style.visible, paint, NULL));
}

static void import_children(import_context *context, xmlNode *parent,
                            const char *path, const import_style *style,
                            json_t *nodes) {
  /* Element paths count same-named siblings (`/svg/circle[3]`); one
   * counter per name keeps n siblings O(n), not O(n²) (issue 10 F2). */
  json_t *counts = json_object();
  for (xmlNode *child = parent->children; child != NULL; child = child->next) {
    if (child->type == XML_ELEMENT_NODE) {
      const char *name = (const char *)child->name;
      json_int_t index = json_integer_value(json_object_get(counts, name)) + 1;
      json_object_set_new(counts, name, json_integer(index));
      import_element(context, child, index, path, style, nodes);
    }
  }
  json_decref(counts);
}

/* ------------------------------------------------------------------------ */
/* The document                                                              */
/* ------------------------------------------------------------------------ */

/* Name from the file stem: kebab-case, not ending in -<digits> (SPEC §2). */
static void document_name(const char *path, char *out, size_t size) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t length = 0;
  bool dash = false;
  for (const char *c = base; *c != '\0' && length + 2 < size; c++) {
    if (strcmp(c, ".svg") == 0 || strcmp(c, ".SVG") == 0) {
      break;
    }
    char lower = (*c >= 'A' && *c <= 'Z') ? (char)(*c - 'A' + 'a') : *c;
    if ((lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9')) {
      if (dash && length > 0) {
        out[length++] = '-';
      }
      out[length++] = lower;
      dash = false;
    } else {
      dash = true;
    }
  }
  out[length] = '\0';
  if (length == 0) {
    snprintf(out, size, "icon");
    return;
  }
  /* "-<digits>" at the end is reserved for Glyphy variants: drop the dash */
  char *last = strrchr(out, '-');
  if (last != NULL && last[1] != '\0' &&
      strspn(last + 1, "0123456789") == strlen(last + 1)) {
    memmove(last, last + 1, strlen(last));
  }
}

static bool read_view_box(import_context *context, xmlNode *root,
                          double box[4]) {
  xmlChar *raw = xmlGetProp(root, BAD_CAST "viewBox");
  if (raw != NULL) {
    long count = import_svg_parse_numbers((const char *)raw, box, 4);
    bool ok = count == 4 && box[2] > 0 && box[3] > 0;
    xmlFree(raw);
    if (ok) {
      return true;
    }
    import_error(context->diagnostics,
                 "write viewBox=\"x y width height\" with positive sizes",
                 "the root viewBox is not four numbers with a positive width "
                 "and height");
    return false;
  }
  bool invalid = false;
  box[0] = box[1] = 0;
  if (length_attribute(context, "/svg", root, "width", &box[2], &invalid) &&
      length_attribute(context, "/svg", root, "height", &box[3], &invalid) &&
      box[2] > 0 && box[3] > 0) {
    return true;
  }
  import_error(context->diagnostics, "add a viewBox to the root <svg> element",
               "the root <svg> has no viewBox and no usable width and height");
  return false;
}

static json_t *title_of(xmlNode *root) {
  for (xmlNode *child = root->children; child != NULL; child = child->next) {
    if (is_svg_element(child, "title")) {
      xmlChar *text = xmlNodeGetContent(child);
      json_t *title = NULL;
      if (text != NULL && text[0] != '\0') {
        title = json_string((const char *)text);
      }
      xmlFree(text);
      return title;
    }
  }
  return NULL;
}

static json_t *build_document(import_context *context, const char *path,
                              xmlNode *root) {
  double box[4];
  if (!read_view_box(context, root, box)) {
    return NULL;
  }
  memcpy(context->view_box, box, sizeof box);
  import_style initial, style;
  import_style_initial(&initial);
  import_style_apply(context, "/svg", root, &initial, &style);
  if (xmlHasProp(root, BAD_CAST "transform")) {
    import_warn(context, "/svg", "transform",
                "a transform on the root <svg> is not imported");
  }
  json_t *nodes = json_array();
  import_children(context, root, "/svg", &style, nodes);
  if (context->too_deep) {
    json_decref(nodes);
    return NULL;
  }
  if (json_array_size(nodes) == 0) {
    json_decref(nodes);
    import_error(context->diagnostics,
                 "the file needs at least one painted path or shape",
                 "the SVG draws nothing that can be imported");
    return NULL;
  }
  if (style.opacity != 1) {
    char id[128];
    unique_id(context, NULL, "root", id);
    json_t *group = json_object();
    json_object_set_new(group, "id", json_string(id));
    json_object_set_new(group, "type", json_string("group"));
    json_object_set_new(group, "opacity", json_real(style.opacity));
    json_object_set_new(group, "children", nodes);
    nodes = json_array();
    json_array_append_new(nodes, group);
  }
  char name[128];
  document_name(path, name, sizeof name);
  const char *base = strrchr(path, '/');
  json_t *document = json_object();
  json_object_set_new(document, "anima", json_string("0.1"));
  json_object_set_new(document, "name", json_string(name));
  json_t *title = title_of(root);
  if (title != NULL) {
    json_object_set_new(document, "title", title);
  }
  json_object_set_new(document, "grid", json_real(fmax(box[2], box[3])));
  json_object_set_new(document, "viewBox",
                      json_pack("[ffff]", box[0], box[1], box[2], box[3]));
  if (context->uses_paint) {
    /* gradients and dashes (SPEC paint chapter) */
    json_object_set_new(document, "requires", json_pack("[s]", "paint"));
  }
  json_object_set_new(
      document, "meta",
      json_pack("{ss}", "importedFrom", base ? base + 1 : path));
  json_object_set_new(document, "nodes", nodes);
  return document;
}

/* The first fatal XML error of a parse (later ones are often echoes), in
 * Anima's words (anima_markup_explain_xml_error). */
typedef struct first_xml_error {
  bool seen;
  int line, column;
  char message[256];
  char hint[256];
} first_xml_error;

static void on_xml_error(void *data, xmlErrorPtr error) {
  first_xml_error *first = ((xmlParserCtxtPtr)data)->_private;
  /* Only fatal errors stop a parse (an undeclared namespace prefix does
   * not). */
  if (first->seen || error == NULL || error->level < XML_ERR_FATAL) {
    return;
  }
  first->seen = true;
  first->line = error->line;
  first->column = error->int2;
  anima_xml_error words = {.code = error->code,
                           .text = error->message,
                           .str1 = error->str1,
                           .str2 = error->str2,
                           .int1 = error->int1};
  anima_markup_explain_xml_error(&words, "svg", first->message,
                                 sizeof first->message, first->hint,
                                 sizeof first->hint);
}

bool import_svg_file(const char *path, char **text,
                     anima_diagnostics *diagnostics) {
  *text = NULL;
  xmlParserCtxtPtr parser = xmlNewParserCtxt();
  if (parser == NULL) {
    return false;
  }
  first_xml_error first = {.seen = false};
  parser->_private = &first;
  parser->sax->serror = on_xml_error;
  xmlDocPtr xml = xmlCtxtReadFile(parser, path, NULL,
                                  XML_PARSE_NONET | XML_PARSE_NOERROR |
                                      XML_PARSE_NOWARNING);
  if (xml == NULL) {
    import_error(diagnostics,
                 first.seen ? first.hint
                            : "check that the file is a well-formed SVG",
                 "the file is not well-formed XML: %s",
                 first.seen ? first.message : "it cannot be parsed");
    if (first.seen && first.line > 0) {
      anima_diagnostics_set_position(diagnostics,
                                     anima_diagnostics_count(diagnostics) - 1,
                                     first.line, first.column);
    }
    xmlFreeParserCtxt(parser);
    return false;
  }
  xmlNode *root = xmlDocGetRootElement(xml);
  bool ok = false;
  if (!import_svg_check_entities(xml, diagnostics)) {
    /* refused: reading its attributes would expand too much */
  } else if (root == NULL || !is_svg_element(root, "svg")) {
    import_error(diagnostics, "the root element must be <svg>",
                 "the root element is <%s>, not <svg>",
                 root ? (const char *)root->name : "");
  } else {
    import_context context = {.diagnostics = diagnostics,
                              .used_ids = json_object(),
                              .next_numbers = json_object(),
                              .gradients = json_object()};
    import_paint_collect(&context, root);
    json_t *document = build_document(&context, path, root);
    if (document != NULL) {
      /* 17 significant digits read back exactly; the caller formats. */
      *text = json_dumps(document, JSON_INDENT(2) | JSON_REAL_PRECISION(17));
      ok = *text != NULL;
      json_decref(document);
    }
    json_decref(context.used_ids);
    json_decref(context.next_numbers);
    json_decref(context.gradients);
    import_paint_release(&context);
  }
  xmlFreeDoc(xml);
  xmlFreeParserCtxt(parser);
  return ok;
}
