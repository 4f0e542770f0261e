/*
 * import_svg_style.c — the cascade of SVG presentation attributes and
 * `style` declarations for `anima import` (inherited: fill, stroke,
 * stroke-width, stroke-linecap, stroke-linejoin, stroke-miterlimit,
 * stroke-dasharray, stroke-dashoffset, fill-rule, fill-opacity,
 * stroke-opacity, visibility, color; per element:
 * opacity, display), plus warnings for the properties the format cannot
 * express. See import_svg_internal.h.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <anima/format.h>

#include "import_svg_internal.h"

void import_style_initial(import_style *style) {
  memset(style, 0, sizeof *style);
  style->fill = (import_paint){IMPORT_PAINT_COLOR, 0, 0, 0, 255};
  style->stroke = (import_paint){IMPORT_PAINT_NONE, 0, 0, 0, 0};
  style->fill_opacity = 1;
  style->stroke_opacity = 1;
  style->stroke_width = 1;
  style->cap = ANIMA_LINE_CAP_BUTT;
  style->join = ANIMA_LINE_JOIN_MITER;
  style->miter_limit = 4;
  style->visible = true;
  style->displayed = true;
  style->opacity = 1;
}

static bool parse_unit_number(const char *value, double *out) {
  double number = 0;
  size_t length = strlen(value);
  if (length > 1 && value[length - 1] == '%') {
    char copy[64];
    if (length >= sizeof copy) {
      return false;
    }
    memcpy(copy, value, length - 1);
    copy[length - 1] = '\0';
    if (import_svg_parse_numbers(copy, &number, 1) != 1) {
      return false;
    }
    number /= 100;
  } else if (import_svg_parse_numbers(value, &number, 1) != 1) {
    return false;
  }
  *out = number < 0 ? 0 : (number > 1 ? 1 : number);
  return true;
}

/* Paints: url(#id) of a gradient of the file stays a paint server (its id
 * in `server`); another paint server (a pattern, a missing id) falls back
 * to the colour after it, with a warning. */
static bool apply_paint(import_context *context, const char *path,
                        const char *name, const char *value,
                        import_paint *paint, char *server, size_t size) {
  import_paint parsed;
  if (!import_svg_parse_paint(value, &parsed)) {
    return false;
  }
  if (parsed.kind == IMPORT_PAINT_SERVER) {
    char id[128];
    if (import_paint_server_id(value, id, sizeof id) &&
        import_paint_has_gradient(context, id) && strlen(id) < size) {
      strcpy(server, id);
      *paint = parsed;
      return true;
    }
    const char *close = strchr(value, ')');
    import_paint fallback = {IMPORT_PAINT_NONE, 0, 0, 0, 0};
    if (close != NULL && import_svg_parse_paint(close + 1, &fallback) &&
        fallback.kind != IMPORT_PAINT_SERVER) {
      parsed = fallback;
    } else {
      parsed = (import_paint){IMPORT_PAINT_NONE, 0, 0, 0, 0};
    }
    import_warn(context, path, name,
                "only the file's linear and radial gradients are imported "
                "(not patterns or other files): \"%s\" becomes %s",
                value,
                parsed.kind == IMPORT_PAINT_NONE ? "none"
                                                 : "its fallback colour");
  }
  *paint = parsed;
  return true;
}

/* Properties that change rendering but have no .ani equivalent. */
static const char *const unsupported_properties[] = {
    "clip-path",     "mask",           "filter", "marker-start",
    "marker-mid",    "marker-end",     "marker", "paint-order",
    "vector-effect", "mix-blend-mode", NULL};

/*
 * Applies one property to `style`. Returns false when the property is not
 * a styling property at all (the caller ignores it).
 */
static bool apply_property(import_context *context, const char *path,
                           const char *name, const char *value,
                           import_style *style) {
  if (strcmp(value, "inherit") == 0) {
    return true; /* already inherited from the parent */
  }
  bool valid = true;
  if (strcmp(name, "fill") == 0) {
    valid = apply_paint(context, path, name, value, &style->fill,
                        style->fill_server, sizeof style->fill_server);
  } else if (strcmp(name, "stroke") == 0) {
    valid = apply_paint(context, path, name, value, &style->stroke,
                        style->stroke_server, sizeof style->stroke_server);
  } else if (strcmp(name, "color") == 0) {
    import_paint color;
    valid = import_svg_parse_paint(value, &color) &&
            (color.kind == IMPORT_PAINT_COLOR ||
             color.kind == IMPORT_PAINT_CURRENT_COLOR);
    if (valid && color.kind == IMPORT_PAINT_COLOR) {
      style->has_color = true;
      style->color = color;
    }
  } else if (strcmp(name, "stroke-width") == 0) {
    double width = 0;
    valid = import_svg_parse_length(value, &width) && width >= 0;
    if (valid) {
      style->stroke_width = width;
    }
  } else if (strcmp(name, "stroke-linecap") == 0) {
    valid = false;
    for (int cap = 0; anima_line_cap_name((anima_line_cap)cap) != NULL; cap++) {
      if (strcmp(value, anima_line_cap_name((anima_line_cap)cap)) == 0) {
        style->cap = (anima_line_cap)cap;
        valid = true;
      }
    }
  } else if (strcmp(name, "stroke-linejoin") == 0) {
    valid = false;
    for (int join = 0; anima_line_join_name((anima_line_join)join) != NULL;
         join++) {
      if (strcmp(value, anima_line_join_name((anima_line_join)join)) == 0) {
        style->join = (anima_line_join)join;
        valid = true;
      }
    }
    if (strcmp(value, "miter-clip") == 0 || strcmp(value, "arcs") == 0) {
      style->join = ANIMA_LINE_JOIN_MITER;
      valid = true;
      import_warn(context, path, name, "%s joins are imported as miter", value);
    }
  } else if (strcmp(name, "stroke-miterlimit") == 0) {
    double limit = 0;
    valid = import_svg_parse_numbers(value, &limit, 1) == 1 && limit >= 1;
    if (valid) {
      style->miter_limit = limit;
    }
  } else if (strcmp(name, "fill-rule") == 0) {
    valid = strcmp(value, "nonzero") == 0 || strcmp(value, "evenodd") == 0;
    if (valid) {
      style->evenodd = strcmp(value, "evenodd") == 0;
    }
  } else if (strcmp(name, "fill-opacity") == 0) {
    valid = parse_unit_number(value, &style->fill_opacity);
  } else if (strcmp(name, "stroke-opacity") == 0) {
    valid = parse_unit_number(value, &style->stroke_opacity);
  } else if (strcmp(name, "opacity") == 0) {
    valid = parse_unit_number(value, &style->opacity);
  } else if (strcmp(name, "visibility") == 0) {
    valid = strcmp(value, "visible") == 0 || strcmp(value, "hidden") == 0 ||
            strcmp(value, "collapse") == 0;
    if (valid) {
      style->visible = strcmp(value, "visible") == 0;
    }
  } else if (strcmp(name, "display") == 0) {
    style->displayed = strcmp(value, "none") != 0;
  } else if (strcmp(name, "stroke-dasharray") == 0) {
    if (strcmp(value, "none") == 0) {
      style->dash_count = 0;
    } else {
      double dashes[64];
      size_t count = 0;
      valid = import_paint_parse_dashes(context, value, dashes, 64, &count);
      if (valid) {
        memcpy(style->dashes, dashes, count * sizeof *dashes);
        style->dash_count = count;
      }
    }
  } else if (strcmp(name, "stroke-dashoffset") == 0) {
    valid = import_paint_parse_dash_offset(context, value, &style->dash_offset);
  } else {
    for (size_t index = 0; unsupported_properties[index] != NULL; index++) {
      if (strcmp(name, unsupported_properties[index]) == 0) {
        if (strcmp(value, "none") != 0 && strcmp(value, "normal") != 0) {
          import_warn(context, path, name, "%s is not supported; ignored",
                      name);
        }
        return true;
      }
    }
    return false;
  }
  if (!valid) {
    import_warn(context, path, name,
                "invalid or unsupported value \"%s\"; ignored", value);
  }
  return true;
}

static char *trim(char *text) {
  while (isspace((unsigned char)*text)) {
    text++;
  }
  size_t length = strlen(text);
  while (length > 0 && isspace((unsigned char)text[length - 1])) {
    text[--length] = '\0';
  }
  return text;
}

/* `style="a: b; c: d"`: declarations override presentation attributes. */
static void apply_style_attribute(import_context *context, const char *path,
                                  const char *text, import_style *style) {
  char *copy = strdup(text);
  if (copy == NULL) {
    return;
  }
  char *cursor = copy;
  while (cursor != NULL && *cursor != '\0') {
    char *next = strchr(cursor, ';');
    if (next != NULL) {
      *next++ = '\0';
    }
    char *declaration = trim(cursor);
    char *colon = strchr(declaration, ':');
    char *name = declaration;
    if (colon != NULL) {
      *colon = '\0';
      name = trim(declaration);
    }
    if (*declaration == '\0' && colon == NULL) {
      /* an empty declaration (";;"): nothing to say */
    } else if (colon == NULL || *name == '\0') {
      /* CSS ignores a declaration without a property name or colon. */
      if (colon != NULL) {
        *colon = ':';
      }
      import_warn(context, path, "style",
                  "the style declaration \"%.200s\" has no %s; it is "
                  "ignored",
                  declaration, colon == NULL ? "colon" : "property name");
    } else {
      char *value = trim(colon + 1);
      char *important = strstr(value, "!important");
      if (important != NULL) {
        *important = '\0';
        value = trim(value);
      }
      if (!apply_property(context, path, name, value, style)) {
        import_warn(context, path, "style",
                    "the style property \"%.200s\" is not imported", name);
      }
    }
    cursor = next;
  }
  free(copy);
}

void import_style_apply(import_context *context, const char *path,
                        xmlNode *element, const import_style *parent,
                        import_style *style) {
  *style = *parent;
  /* Not inherited: each element starts opaque and displayed. */
  style->opacity = 1;
  style->displayed = true;
  const char *style_text = NULL;
  for (xmlAttr *attribute = element->properties; attribute != NULL;
       attribute = attribute->next) {
    const char *name = (const char *)attribute->name;
    xmlChar *raw = xmlNodeListGetString(element->doc, attribute->children, 1);
    const char *value = raw != NULL ? (const char *)raw : "";
    if (strcmp(name, "style") == 0) {
      style_text = NULL; /* applied after the attributes, below */
    } else {
      char *copy = strdup(value);
      if (copy != NULL) {
        apply_property(context, path, name, trim(copy), style);
        free(copy);
      }
    }
    xmlFree(raw);
  }
  xmlChar *style_value = xmlGetProp(element, BAD_CAST "style");
  if (style_value != NULL) {
    style_text = (const char *)style_value;
    apply_style_attribute(context, path, style_text, style);
    xmlFree(style_value);
  }
}

bool import_style_warn_miter(const import_style *style) {
  return style->join == ANIMA_LINE_JOIN_MITER && style->miter_limit != 4;
}
