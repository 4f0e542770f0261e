/*
 * import_svg_paint.c — gradients and dashes of `anima import` (SPEC paint
 * chapter "Gradients", "Dashes"): what needs `requires: ["paint"]`.
 *
 * Gradients: every <linearGradient> and <radialGradient> of the file is
 * found by id before the walk; a `fill` or `stroke` of url(#id) becomes a
 * gradient paint of the shape. Attributes and stops come through `href`
 * (or xlink:href) chains as SVG says: each attribute from the first
 * element of the chain that has it (x1 … fy only from gradients of the
 * same kind), stops from the first that has any. objectBoundingBox
 * coordinates (the default) stay fractions and the bounding box becomes
 * part of the gradientTransform, [w, 0, 0, h, x, y] · gradientTransform,
 * which is exact for every gradient; userSpaceOnUse percentages resolve
 * against the viewBox. Stops take stop-color and stop-opacity, offsets
 * clamped to 0..1 and raised to the running maximum (SVG's rule, and the
 * format's "nondecreasing at rest"), the element's fill-/stroke-opacity
 * folded into every stop. No stop paints nothing and one stop its colour,
 * as in SVG. What the format cannot keep — spreadMethod reflect/repeat, a
 * focal radius fr, patterns — is reported with `import-unsupported`.
 *
 * Dashes: stroke-dasharray (lengths or percentages of the normalized
 * viewBox diagonal) becomes `stroke.dash` in grid units, stroke-dashoffset
 * `stroke.dashOffset`; both are inherited, as in SVG.
 */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import_svg_internal.h"

/* Longest href chain followed (a cycle ends there too). */
enum { maximum_chain = 16 };

/* The paint property using a gradient: reports point at it (the element's
 * path and `property`) and name the gradient. */
typedef struct gradient_site {
  import_context *context;
  const char *path;     /* the painted element */
  const char *property; /* "fill" or "stroke" */
  const char *id;       /* the gradient's id */
} gradient_site;

static void gradient_warn(const gradient_site *site, const char *format, ...)
    ANIMA_PRINTF(2, 3);

static void gradient_warn(const gradient_site *site, const char *format, ...) {
  char message[512];
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(message, sizeof message, format, arguments);
  va_end(arguments);
  import_warn(site->context, site->path, site->property,
              "the gradient \"#%s\": %s", site->id, message);
}

static bool is_gradient(const xmlNode *node) {
  return node->type == XML_ELEMENT_NODE &&
         (strcmp((const char *)node->name, "linearGradient") == 0 ||
          strcmp((const char *)node->name, "radialGradient") == 0);
}

static void collect(import_context *context, xmlNode *parent, size_t depth) {
  for (xmlNode *child = parent->children; child != NULL; child = child->next) {
    if (child->type != XML_ELEMENT_NODE) {
      continue;
    }
    if (is_gradient(child)) {
      xmlChar *id = xmlGetProp(child, BAD_CAST "id");
      if (id != NULL &&
          json_object_get(context->gradients, (const char *)id) == NULL) {
        /* the first element with an id wins, as getElementById */
        json_object_set_new(context->gradients, (const char *)id,
                            json_integer((json_int_t)context->gradient_count));
        xmlNode **grown =
            realloc(context->gradient_elements,
                    (context->gradient_count + 1) * sizeof *grown);
        if (grown != NULL) {
          grown[context->gradient_count++] = child;
          context->gradient_elements = grown;
        } else {
          json_object_del(context->gradients, (const char *)id);
        }
      }
      xmlFree(id);
    }
    if (depth < 64) {
      collect(context, child, depth + 1);
    }
  }
}

void import_paint_collect(import_context *context, xmlNode *root) {
  collect(context, root, 0);
}

void import_paint_release(import_context *context) {
  free(context->gradient_elements);
  context->gradient_elements = NULL;
  context->gradient_count = 0;
}

bool import_paint_server_id(const char *value, char *id, size_t size) {
  while (isspace((unsigned char)*value)) {
    value++;
  }
  if (strncmp(value, "url(", 4) != 0) {
    return false;
  }
  const char *start = value + 4;
  while (isspace((unsigned char)*start)) {
    start++;
  }
  bool quoted = *start == '"' || *start == '\'';
  char quote = quoted ? *start++ : ')';
  if (*start != '#') {
    return false; /* another file's paint server */
  }
  start++;
  const char *end = strchr(start, quote);
  if (end == NULL || (size_t)(end - start) >= size || end == start) {
    return false;
  }
  size_t length = (size_t)(end - start);
  while (length > 0 && isspace((unsigned char)start[length - 1])) {
    length--;
  }
  memcpy(id, start, length);
  id[length] = '\0';
  return true;
}

bool import_paint_has_gradient(const import_context *context, const char *id) {
  return json_object_get(context->gradients, id) != NULL;
}

static xmlNode *gradient_by_id(const import_context *context, const char *id) {
  json_t *index = json_object_get(context->gradients, id);
  return index != NULL ? context->gradient_elements[json_integer_value(index)]
                       : NULL;
}

/* The gradient an element's href names, or NULL. */
static xmlNode *referenced(const import_context *context, xmlNode *element) {
  xmlChar *href = xmlGetProp(element, BAD_CAST "href");
  if (href == NULL) {
    href = xmlGetNsProp(element, BAD_CAST "href",
                        BAD_CAST "http://www.w3.org/1999/xlink");
  }
  xmlNode *target = NULL;
  if (href != NULL && href[0] == '#') {
    target = gradient_by_id(context, (const char *)href + 1);
  }
  xmlFree(href);
  return target;
}

/* The href chain from `element`: at most maximum_chain elements. */
static size_t chain_of(const import_context *context, xmlNode *element,
                       xmlNode **chain) {
  size_t count = 0;
  while (element != NULL && count < maximum_chain) {
    for (size_t i = 0; i < count; i++) {
      if (chain[i] == element) {
        return count; /* a cycle */
      }
    }
    chain[count++] = element;
    element = referenced(context, element);
  }
  return count;
}

/* Attribute `name` from the first element of the chain that has it
 * (`same_kind`: only from gradients of the first element's kind). The
 * caller frees it with xmlFree; NULL when none has it. */
static xmlChar *chain_attribute(xmlNode *const *chain, size_t count,
                                const char *name, bool same_kind) {
  for (size_t i = 0; i < count; i++) {
    if (same_kind && strcmp((const char *)chain[i]->name,
                            (const char *)chain[0]->name) != 0) {
      continue;
    }
    xmlChar *value = xmlGetProp(chain[i], BAD_CAST name);
    if (value != NULL) {
      return value;
    }
  }
  return NULL;
}

/* A coordinate: a number or a percentage. Fractions of the bounding box
 * for objectBoundingBox (50% = 0.5); user units for userSpaceOnUse, where
 * a percentage is of `reference` (the viewBox width, height or normalized
 * diagonal). False when it is neither. */
static bool coordinate(const char *text, bool bounding_box, double reference,
                       double *out) {
  char copy[64];
  size_t length = strlen(text);
  while (length > 0 && isspace((unsigned char)text[length - 1])) {
    length--;
  }
  if (length == 0 || length >= sizeof copy) {
    return false;
  }
  memcpy(copy, text, length);
  copy[length] = '\0';
  bool percent = copy[length - 1] == '%';
  if (percent) {
    copy[length - 1] = '\0';
  }
  double value = 0;
  if (percent ? import_svg_parse_numbers(copy, &value, 1) != 1
              : !import_svg_parse_length(copy, &value)) {
    return false;
  }
  if (percent) {
    value = bounding_box ? value / 100 : value * reference / 100;
  }
  *out = value;
  return isfinite(value);
}

/* One stop property, from the `style` attribute (which wins) or the
 * presentation attribute; NULL when absent. Free with free(). */
static char *stop_property(xmlNode *stop, const char *name) {
  char *result = NULL;
  xmlChar *style = xmlGetProp(stop, BAD_CAST "style");
  if (style != NULL) {
    size_t length = strlen(name);
    for (const char *cursor = (const char *)style; *cursor != '\0';) {
      while (*cursor == ';' || isspace((unsigned char)*cursor)) {
        cursor++;
      }
      const char *end = strchr(cursor, ';');
      size_t declaration = end ? (size_t)(end - cursor) : strlen(cursor);
      if (strncmp(cursor, name, length) == 0) {
        const char *colon = cursor + length;
        while (colon < cursor + declaration && isspace((unsigned char)*colon)) {
          colon++;
        }
        if (colon < cursor + declaration && *colon == ':') {
          size_t value = declaration - (size_t)(colon + 1 - cursor);
          free(result);
          result = strndup(colon + 1, value);
        }
      }
      cursor += declaration;
    }
    xmlFree(style);
  }
  if (result == NULL) {
    xmlChar *attribute = xmlGetProp(stop, BAD_CAST name);
    if (attribute != NULL) {
      result = strdup((const char *)attribute);
      xmlFree(attribute);
    }
  }
  if (result != NULL) {
    char *important = strstr(result, "!important");
    if (important != NULL) {
      *important = '\0';
    }
  }
  return result;
}

static json_t *stop_color(const gradient_site *site, size_t number,
                          xmlNode *stop, double opacity) {
  import_paint color = {IMPORT_PAINT_COLOR, 0, 0, 0, 255};
  char *text = stop_property(stop, "stop-color");
  if (text != NULL && !import_svg_parse_paint(text, &color)) {
    gradient_warn(site, "stop %zu: invalid stop-color \"%s\"; black is used",
                  number, text);
    color = (import_paint){IMPORT_PAINT_COLOR, 0, 0, 0, 255};
  }
  free(text);
  double alpha = 1;
  text = stop_property(stop, "stop-opacity");
  if (text != NULL) {
    char *end = NULL;
    double value = strtod(text, &end);
    while (end && isspace((unsigned char)*end)) {
      end++;
    }
    if (end && *end == '%') {
      value /= 100;
    }
    alpha = isfinite(value) ? fmin(fmax(value, 0), 1) : 1;
    free(text);
  }
  alpha *= opacity;
  if (color.kind == IMPORT_PAINT_CURRENT_COLOR) {
    if (alpha < 1) {
      gradient_warn(site,
                    "stop %zu: a currentColor stop cannot carry an opacity; "
                    "it is imported opaque",
                    number);
    }
    return json_string("currentColor");
  }
  if (color.kind != IMPORT_PAINT_COLOR) {
    color = (import_paint){IMPORT_PAINT_COLOR, 0, 0, 0, 0}; /* none */
  }
  char hex[16];
  double scaled = floor(color.a * alpha + 0.5);
  unsigned a = scaled < 0 ? 0 : (scaled > 255 ? 255 : (unsigned)scaled);
  if (a == 255) {
    snprintf(hex, sizeof hex, "#%02x%02x%02x", color.r, color.g, color.b);
  } else {
    snprintf(hex, sizeof hex, "#%02x%02x%02x%02x", color.r, color.g, color.b,
             a);
  }
  return json_string(hex);
}

/* The stops of the first element of the chain that has any. */
static json_t *stops_of(const gradient_site *site, xmlNode *const *chain,
                        size_t count, double opacity) {
  json_t *stops = json_array();
  for (size_t i = 0; i < count && json_array_size(stops) == 0; i++) {
    double shown = 0;
    size_t number = 0;
    for (xmlNode *child = chain[i]->children; child != NULL;
         child = child->next) {
      if (child->type != XML_ELEMENT_NODE ||
          strcmp((const char *)child->name, "stop") != 0) {
        continue;
      }
      number++;
      double offset = 0;
      xmlChar *text = xmlGetProp(child, BAD_CAST "offset");
      if (text != NULL && !coordinate((const char *)text, true, 1, &offset)) {
        gradient_warn(site, "stop %zu: invalid offset \"%s\"; 0 is used",
                      number, (const char *)text);
        offset = 0;
      }
      xmlFree(text);
      offset = fmin(fmax(offset, 0), 1);
      shown = fmax(shown, offset); /* SVG: at least every earlier offset */
      json_t *stop = json_object();
      json_object_set_new(stop, "position", json_real(shown));
      json_object_set_new(stop, "color",
                          stop_color(site, number, child, opacity));
      json_array_append_new(stops, stop);
    }
  }
  return stops;
}

static bool is_identity(const import_matrix *m) {
  return m->a == 1 && m->b == 0 && m->c == 0 && m->d == 1 && m->e == 0 &&
         m->f == 0;
}

/* gradientTransform of the chain (identity when absent); false when it
 * does not parse. */
static bool chain_transform(xmlNode *const *chain, size_t count,
                            import_matrix *out) {
  *out = (import_matrix){1, 0, 0, 1, 0, 0};
  xmlChar *text = chain_attribute(chain, count, "gradientTransform", false);
  if (text == NULL) {
    return true;
  }
  import_transform_function functions[32];
  long parsed = import_svg_parse_transform((const char *)text, functions, 32);
  xmlFree(text);
  if (parsed < 0 || parsed > 32) {
    return false;
  }
  for (long i = 0; i < parsed; i++) {
    import_matrix m = import_svg_function_matrix(&functions[i]);
    *out = import_svg_multiply(out, &m);
  }
  return true;
}

/*
 * Reads the coordinate attributes `names` of the chain (with their SVG
 * defaults `fallbacks`, percentages of `references` in user space) into
 * `values`; `present[i]` says whether the chain gives the attribute.
 */
static bool read_coordinates(const gradient_site *site, xmlNode *const *chain,
                             size_t count, bool bounding_box,
                             const char *const *names,
                             const char *const *fallbacks,
                             const double *references, size_t n, double *values,
                             bool *present) {
  for (size_t i = 0; i < n; i++) {
    xmlChar *text = chain_attribute(chain, count, names[i], true);
    present[i] = text != NULL;
    const char *written = text != NULL ? (const char *)text : fallbacks[i];
    if (written != NULL &&
        !coordinate(written, bounding_box, references[i], &values[i])) {
      gradient_warn(site, "invalid %s \"%s\"; the paint is imported as none",
                    names[i], written);
      xmlFree(text);
      return false;
    }
    xmlFree(text);
  }
  return true;
}

import_gradient_result import_paint_gradient(import_context *context,
                                             const char *element_path,
                                             const char *property,
                                             const char *id, const double *box,
                                             double opacity, json_t *paint) {
  xmlNode *element = gradient_by_id(context, id);
  if (element == NULL) {
    return IMPORT_GRADIENT_NONE;
  }
  /* Reports name the gradient and point at the paint property using it. */
  gradient_site site = {context, element_path, property, id};
  xmlNode *chain[maximum_chain];
  size_t count = chain_of(context, element, chain);
  bool radial = strcmp((const char *)element->name, "radialGradient") == 0;

  xmlChar *units = chain_attribute(chain, count, "gradientUnits", false);
  bool bounding_box =
      units == NULL || strcmp((const char *)units, "userSpaceOnUse") != 0;
  xmlFree(units);
  xmlChar *spread = chain_attribute(chain, count, "spreadMethod", false);
  if (spread != NULL && strcmp((const char *)spread, "pad") != 0) {
    gradient_warn(&site,
                  "spreadMethod \"%s\" is not supported (gradients pad); it "
                  "is imported with pad",
                  (const char *)spread);
  }
  xmlFree(spread);

  json_t *stops = stops_of(&site, chain, count, opacity);
  size_t stop_count = json_array_size(stops);
  if (stop_count < 2) {
    /* SVG: no stop paints nothing, one stop paints its colour. */
    if (stop_count == 1) {
      json_object_set(paint, "color",
                      json_object_get(json_array_get(stops, 0), "color"));
    }
    json_decref(stops);
    return stop_count == 1 ? IMPORT_GRADIENT_SOLID : IMPORT_GRADIENT_NONE;
  }

  const double *view = context->view_box;
  double diagonal = sqrt((view[2] * view[2] + view[3] * view[3]) / 2);
  double values[5] = {0};
  bool present[5] = {false};
  bool read;
  if (radial) {
    static const char *const names[5] = {"cx", "cy", "r", "fx", "fy"};
    static const char *const fallbacks[5] = {"50%", "50%", "50%", NULL, NULL};
    double references[5] = {view[2], view[3], diagonal, view[2], view[3]};
    read = read_coordinates(&site, chain, count, bounding_box, names, fallbacks,
                            references, 5, values, present);
    xmlChar *fr = chain_attribute(chain, count, "fr", true);
    double focal_radius = 0;
    if (read && fr != NULL &&
        coordinate((const char *)fr, bounding_box, diagonal, &focal_radius) &&
        focal_radius != 0) {
      gradient_warn(&site, "a focal radius (fr) is not supported; it is "
                           "imported with fr 0");
    }
    xmlFree(fr);
    if (read && values[2] < 0) {
      gradient_warn(&site, "a negative r is an error in SVG; the paint is "
                           "imported as none");
      read = false;
    }
  } else {
    static const char *const names[4] = {"x1", "y1", "x2", "y2"};
    static const char *const fallbacks[4] = {"0%", "0%", "100%", "0%"};
    double references[4] = {view[2], view[3], view[2], view[3]};
    read = read_coordinates(&site, chain, count, bounding_box, names, fallbacks,
                            references, 4, values, present);
  }
  import_matrix transform;
  if (read && !chain_transform(chain, count, &transform)) {
    gradient_warn(&site, "its gradientTransform does not parse; the paint is "
                         "imported as none");
    read = false;
  }
  if (read && bounding_box) {
    if (box == NULL || !(box[2] > 0) || !(box[3] > 0)) {
      gradient_warn(&site, "objectBoundingBox units on a shape without width "
                           "or height paint nothing (SVG); the paint is "
                           "imported as none");
      read = false;
    } else {
      import_matrix space = {box[2], 0, 0, box[3], box[0], box[1]};
      transform = import_svg_multiply(&space, &transform);
    }
  }
  if (read && !(transform.a * transform.d - transform.b * transform.c != 0)) {
    gradient_warn(&site, "its transform is singular; the paint is imported "
                         "as none");
    read = false;
  }
  if (!read) {
    json_decref(stops);
    return IMPORT_GRADIENT_NONE;
  }
  json_object_set_new(paint, "type", json_string(radial ? "radial" : "linear"));
  static const char *const linear_keys[4] = {"x1", "y1", "x2", "y2"};
  static const char *const radial_keys[5] = {"cx", "cy", "r", "fx", "fy"};
  for (size_t i = 0; i < (radial ? 5u : 4u); i++) {
    if (radial && i >= 3 && !present[i]) {
      continue; /* the focal point defaults to the centre */
    }
    json_object_set_new(paint, radial ? radial_keys[i] : linear_keys[i],
                        json_real(values[i]));
  }
  json_object_set_new(paint, "stops", stops);
  /* rotations leave 6e-17 for 0: keep the exact zeros they stand for */
  double *entries = &transform.a;
  for (size_t i = 0; i < 6; i++) {
    entries[i] = fabs(entries[i]) < 1e-12 ? 0 : entries[i];
  }
  if (!is_identity(&transform)) {
    json_object_set_new(paint, "gradientTransform",
                        json_pack("[ffffff]", transform.a, transform.b,
                                  transform.c, transform.d, transform.e,
                                  transform.f));
  }
  context->uses_paint = true;
  return IMPORT_GRADIENT_OK;
}

/* ------------------------------------------------------------------------ */
/* Dashes                                                                    */
/* ------------------------------------------------------------------------ */

/* A dash length: a number (px allowed) or a percentage of the normalized
 * viewBox diagonal (SVG). */
static bool dash_length(const import_context *context, const char *text,
                        double *out) {
  const double *view = context->view_box;
  double diagonal = sqrt((view[2] * view[2] + view[3] * view[3]) / 2);
  return coordinate(text, false, diagonal, out);
}

bool import_paint_parse_dashes(const import_context *context, const char *text,
                               double *dashes, size_t capacity, size_t *count) {
  *count = 0;
  char *copy = strdup(text);
  if (copy == NULL) {
    return false;
  }
  bool ok = true;
  for (char *token = strtok(copy, " \t\r\n,"); token != NULL && ok;
       token = strtok(NULL, " \t\r\n,")) {
    double value = 0;
    ok = *count < capacity && dash_length(context, token, &value) && value >= 0;
    if (ok) {
      dashes[(*count)++] = value;
    }
  }
  free(copy);
  return ok && *count > 0;
}

bool import_paint_parse_dash_offset(const import_context *context,
                                    const char *text, double *out) {
  return dash_length(context, text, out);
}
