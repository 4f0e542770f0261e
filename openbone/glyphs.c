/*
 * glyphs.c — libanima-openbone-text (include/anima/openbone_text.h): the
 * glyph outlines of OpenBone text items (spec §8.9). fontconfig resolves a
 * family and weight to a font file, FreeType loads the glyph outlines (in
 * font units, unhinted), HarfBuzz shapes each line. The layout is
 * docs/openbone/TEXT.md's: lines broken at '\n' and, in a box of width
 * > 0, wrapped at spaces; each line aligned in the box; the block of lines
 * centred vertically; nothing clipped.
 */
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "anima/openbone_text.h"

/* A glyph's outline in font units, y up; loaded the first time it draws. */
typedef struct glyph_shape {
  anima_path path;
  bool loaded;
} glyph_shape;

typedef struct face_entry {
  char *font; /* the requested family and weight: the key */
  double weight;
  FT_Face face;
  hb_blob_t *blob;
  hb_face_t *hb_face;
  hb_font_t *hb_font;
  double units_per_em, ascender, descender, line_gap; /* font units */
  glyph_shape *glyphs;
  size_t glyph_count;
} face_entry;

/* The last layout of one slot: its key and its outline (box units). */
typedef struct slot_layout {
  bool valid;
  size_t face; /* index in anima_bone_glyphs.faces */
  char *text;
  size_t text_capacity;
  double size, width, height;
  int align;
  anima_path path;
} slot_layout;

/* A line of the layout: bytes [start, end) of the string. */
typedef struct line_range {
  size_t start, end;
} line_range;

/* At most this many fonts are opened while drawing for records whose font
 * the model did not list (a record of another model). */
#define MOST_LATE_FACES 16

struct anima_bone_glyphs {
  FT_Library library;
  FcConfig *config;
  face_entry *faces;
  size_t face_count, face_capacity, late_faces;
  hb_buffer_t *buffer;
  slot_layout *slots;
  size_t slot_count;
  double *advance; /* per byte of a paragraph, then its prefix sums */
  size_t advance_capacity;
  line_range *lines;
  size_t line_capacity;
};

/* ------------------------------------------------------------------------ */
/* Glyph outlines                                                            */
/* ------------------------------------------------------------------------ */

typedef struct decompose {
  anima_path *path;
  bool open, failed;
  double x, y; /* the current point */
} decompose;

static void note(decompose *d, anima_status status) {
  d->failed |= status != ANIMA_OK;
}

static int move_to(const FT_Vector *to, void *user) {
  decompose *d = user;
  if (d->open) {
    note(d, anima_path_close(d->path));
  }
  note(d, anima_path_move_to(d->path, (double)to->x, (double)to->y));
  d->open = true;
  d->x = (double)to->x;
  d->y = (double)to->y;
  return 0;
}

static int line_to(const FT_Vector *to, void *user) {
  decompose *d = user;
  note(d, anima_path_line_to(d->path, (double)to->x, (double)to->y));
  d->x = (double)to->x;
  d->y = (double)to->y;
  return 0;
}

/* A quadratic raised to the cubic with the same curve: controls at 2/3 of
 * the way from each end to the quadratic's control. */
static int conic_to(const FT_Vector *control, const FT_Vector *to, void *user) {
  decompose *d = user;
  double qx = (double)control->x, qy = (double)control->y;
  double ex = (double)to->x, ey = (double)to->y;
  note(d, anima_path_cubic_to(d->path, d->x + 2.0 / 3 * (qx - d->x),
                              d->y + 2.0 / 3 * (qy - d->y),
                              ex + 2.0 / 3 * (qx - ex),
                              ey + 2.0 / 3 * (qy - ey), ex, ey));
  d->x = ex;
  d->y = ey;
  return 0;
}

static int cubic_to(const FT_Vector *c1, const FT_Vector *c2,
                    const FT_Vector *to, void *user) {
  decompose *d = user;
  note(d,
       anima_path_cubic_to(d->path, (double)c1->x, (double)c1->y, (double)c2->x,
                           (double)c2->y, (double)to->x, (double)to->y));
  d->x = (double)to->x;
  d->y = (double)to->y;
  return 0;
}

static const FT_Outline_Funcs outline_funcs = {move_to,  line_to, conic_to,
                                               cubic_to, 0,       0};

/* Glyph `id`'s outline in font units (empty for a glyph without one, such
 * as a space, or one FreeType cannot load). */
static const anima_path *glyph_outline(face_entry *face, unsigned id) {
  if (id >= face->glyph_count) {
    return NULL;
  }
  glyph_shape *glyph = &face->glyphs[id];
  if (!glyph->loaded) {
    glyph->loaded = true;
    anima_path_init(&glyph->path);
    if (FT_Load_Glyph(face->face, id,
                      FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING |
                          FT_LOAD_NO_BITMAP) == 0 &&
        face->face->glyph->format == FT_GLYPH_FORMAT_OUTLINE) {
      decompose d = {&glyph->path, false, false, 0, 0};
      if (FT_Outline_Decompose(&face->face->glyph->outline, &outline_funcs,
                               &d) != 0 ||
          (d.open && anima_path_close(&glyph->path) != ANIMA_OK) || d.failed) {
        anima_path_clear(&glyph->path);
      }
    }
  }
  return &glyph->path;
}

/* ------------------------------------------------------------------------ */
/* Fonts                                                                     */
/* ------------------------------------------------------------------------ */

static void close_face(face_entry *face) {
  for (size_t g = 0; face->glyphs && g < face->glyph_count; g++) {
    if (face->glyphs[g].loaded) {
      anima_path_release(&face->glyphs[g].path);
    }
  }
  free(face->glyphs);
  hb_font_destroy(face->hb_font);
  hb_face_destroy(face->hb_face);
  hb_blob_destroy(face->blob);
  if (face->face) {
    FT_Done_Face(face->face);
  }
  free(face->font);
  memset(face, 0, sizeof *face);
}

/* Opens font file `file` (face `index`) into `face`; false when FreeType
 * or HarfBuzz cannot read it or it has no outlines. */
static bool open_face(anima_bone_glyphs *glyphs, const char *file, int index,
                      face_entry *face) {
  if (FT_New_Face(glyphs->library, file, index, &face->face) != 0) {
    face->face = NULL;
    return false;
  }
  face->blob = hb_blob_create_from_file_or_fail(file);
  face->hb_face =
      face->blob ? hb_face_create(face->blob, (unsigned)index) : NULL;
  face->hb_font = face->hb_face ? hb_font_create(face->hb_face) : NULL;
  FT_Face f = face->face;
  if (face->hb_font == NULL || !FT_IS_SCALABLE(f) || f->units_per_EM == 0 ||
      f->num_glyphs <= 0 || hb_face_get_glyph_count(face->hb_face) == 0) {
    return false;
  }
  /* HarfBuzz positions in font units (its default scale is the em) */
  face->units_per_em = f->units_per_EM;
  face->ascender = f->ascender;
  face->descender = f->descender;
  face->line_gap = f->height - (f->ascender - f->descender);
  face->line_gap = face->line_gap > 0 ? face->line_gap : 0;
  face->glyph_count = (size_t)f->num_glyphs;
  face->glyphs = calloc(face->glyph_count, sizeof *face->glyphs);
  return face->glyphs != NULL;
}

static bool generic_family(const char *font) {
  static const char *generic[] = {"sans-serif", "serif",   "monospace",
                                  "cursive",    "fantasy", "system-ui",
                                  "sans",       "mono"};
  for (size_t i = 0; i < sizeof generic / sizeof generic[0]; i++) {
    if (strcasecmp(font, generic[i]) == 0) {
      return true;
    }
  }
  return false;
}

/* fontconfig's best match for `family` at CSS `weight`: its file and face
 * index, and whether one of its families is `family`. False when nothing
 * matches (no font installed). */
static bool match_font(FcConfig *config, const char *family, double weight,
                       char **file, int *index, bool *exact) {
  FcPattern *pattern = FcPatternCreate();
  if (pattern == NULL) {
    return false;
  }
  double w = isfinite(weight) ? weight : 400;
  w = w < 1 ? 1 : w > 1000 ? 1000 : w;
  FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
  FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType((int)lround(w)));
  FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);
  FcConfigSubstitute(config, pattern, FcMatchPattern);
  FcDefaultSubstitute(pattern);
  FcResult result = FcResultNoMatch;
  FcPattern *match = FcFontMatch(config, pattern, &result);
  FcPatternDestroy(pattern);
  bool found = false;
  FcChar8 *path = NULL;
  if (match && FcPatternGetString(match, FC_FILE, 0, &path) == FcResultMatch) {
    *file = strdup((const char *)path);
    found = *file != NULL;
    if (FcPatternGetInteger(match, FC_INDEX, 0, index) != FcResultMatch) {
      *index = 0;
    }
    *exact = false;
    FcChar8 *name = NULL;
    for (int i = 0;
         FcPatternGetString(match, FC_FAMILY, i, &name) == FcResultMatch; i++) {
      *exact |= strcasecmp((const char *)name, family) == 0;
    }
  }
  if (match) {
    FcPatternDestroy(match);
  }
  return found;
}

/* Resolves and opens the font of (`family`, `weight`) as a new face entry;
 * diagnostics at `pointer` when `diagnostics` is not NULL. Returns the
 * entry, or NULL (no memory, or no usable font: an error diagnostic). */
static face_entry *add_face(anima_bone_glyphs *glyphs, const char *family,
                            double weight, const char *pointer,
                            anima_diagnostics *diagnostics, bool *no_memory) {
  if (glyphs->face_count == glyphs->face_capacity) {
    size_t grown = glyphs->face_capacity ? 2 * glyphs->face_capacity : 4;
    face_entry *faces = realloc(glyphs->faces, grown * sizeof *faces);
    if (faces == NULL) {
      *no_memory = true;
      return NULL;
    }
    glyphs->faces = faces;
    glyphs->face_capacity = grown;
  }
  face_entry *face = &glyphs->faces[glyphs->face_count];
  memset(face, 0, sizeof *face);
  char at[1024];
  snprintf(at, sizeof at, "%s/font", pointer ? pointer : "");
  char *file = NULL;
  int index = 0;
  bool exact = false;
  bool matched =
      match_font(glyphs->config, family, weight, &file, &index, &exact);
  bool opened = matched && open_face(glyphs, file, index, face);
  if (matched && !opened) {
    /* the match cannot be read: fontconfig's default sans-serif face */
    close_face(face);
    free(file);
    file = NULL;
    exact = false;
    matched =
        match_font(glyphs->config, "sans-serif", weight, &file, &index, &exact);
    opened = matched && open_face(glyphs, file, index, face);
  }
  if (!opened) {
    close_face(face);
    if (diagnostics) {
      anima_diagnostics_add(
          diagnostics, "text-font-missing", ANIMA_SEVERITY_ERROR, at,
          "install a font (e.g. Debian's fonts-dejavu-core) or pass a font "
          "file",
          "no usable font for the family \"%s\" (weight %g)%s%s: the text "
          "cannot be drawn",
          family, weight, file ? ": the match " : "", file ? file : "");
    }
    free(file);
    return NULL;
  }
  if (!exact && !generic_family(family) && diagnostics) {
    anima_diagnostics_add(
        diagnostics, "text-font-fallback", ANIMA_SEVERITY_WARNING, at,
        "install the family or pass its font file",
        "no installed font has the family \"%s\"; the text draws with %s, "
        "fontconfig's default",
        family, face->face->family_name ? face->face->family_name : file);
  }
  free(file);
  face->font = strdup(family);
  if (face->font == NULL) {
    close_face(face);
    *no_memory = true;
    return NULL;
  }
  face->weight = weight;
  glyphs->face_count++;
  return face;
}

static face_entry *find_face(anima_bone_glyphs *glyphs, const char *family,
                             double weight) {
  for (size_t i = 0; i < glyphs->face_count; i++) {
    face_entry *face = &glyphs->faces[i];
    if ((face->weight == weight || (isnan(face->weight) && isnan(weight))) &&
        strcmp(face->font, family) == 0) {
      return face;
    }
  }
  return NULL;
}

void anima_bone_glyphs_destroy(anima_bone_glyphs *glyphs) {
  if (glyphs == NULL) {
    return;
  }
  for (size_t i = 0; i < glyphs->face_count; i++) {
    close_face(&glyphs->faces[i]);
  }
  free(glyphs->faces);
  for (size_t i = 0; glyphs->slots && i < glyphs->slot_count; i++) {
    free(glyphs->slots[i].text);
    anima_path_release(&glyphs->slots[i].path);
  }
  free(glyphs->slots);
  free(glyphs->advance);
  free(glyphs->lines);
  hb_buffer_destroy(glyphs->buffer);
  if (glyphs->config) {
    FcConfigDestroy(glyphs->config);
  }
  if (glyphs->library) {
    FT_Done_FreeType(glyphs->library);
  }
  free(glyphs);
}

anima_status anima_bone_glyphs_create(const anima_bone_model *model,
                                      const anima_bone_glyphs_options *options,
                                      anima_diagnostics *diagnostics,
                                      anima_bone_glyphs **out) {
  if (out) {
    *out = NULL;
  }
  if (model == NULL || out == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_bone_glyphs *glyphs = calloc(1, sizeof *glyphs);
  if (glyphs == NULL) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  glyphs->slot_count = anima_bone_model_slot_count(model);
  glyphs->slots = calloc(glyphs->slot_count + 1, sizeof *glyphs->slots);
  glyphs->buffer = hb_buffer_create();
  bool no_memory = glyphs->slots == NULL ||
                   !hb_buffer_allocation_successful(glyphs->buffer) ||
                   FT_Init_FreeType(&glyphs->library) != 0;
  if (!no_memory) {
    for (size_t i = 0; i < glyphs->slot_count; i++) {
      anima_path_init(&glyphs->slots[i].path);
    }
    glyphs->config = FcInitLoadConfigAndFonts();
    no_memory = glyphs->config == NULL;
  }
  bool errors = false;
  for (size_t i = 0; !no_memory && options && i < options->font_file_count;
       i++) {
    const char *file = options->font_files[i];
    FT_Face probe = NULL;
    bool readable =
        file && FT_New_Face(glyphs->library, file, 0, &probe) == 0 &&
        FT_IS_SCALABLE(probe) &&
        FcConfigAppFontAddFile(glyphs->config, (const FcChar8 *)file);
    if (probe) {
      FT_Done_Face(probe);
    }
    if (!readable) {
      errors = true;
      if (diagnostics) {
        anima_diagnostics_add(
            diagnostics, "text-font-unreadable", ANIMA_SEVERITY_ERROR, "",
            "give a TrueType or OpenType font file",
            "the font file %s is missing or is not a scalable font FreeType "
            "and fontconfig can read",
            file ? file : "(null)");
      }
    }
  }
  const char *font = NULL, *pointer = NULL, *template = NULL;
  double weight = 0;
  for (size_t i = 0;
       !no_memory && anima_bone_model_text_font(model, i, &font, &weight,
                                                &pointer, &template);
       i++) {
    if (strlen(template) > ANIMA_BONE_TEXT_MOST_GLYPHS && diagnostics) {
      anima_diagnostics_add(
          diagnostics, "text-too-long", ANIMA_SEVERITY_WARNING,
          pointer ? pointer : "", "shorten the text",
          "the text template has %zu bytes; at most %d glyphs of a text item "
          "are drawn",
          strlen(template), ANIMA_BONE_TEXT_MOST_GLYPHS);
    }
    if (find_face(glyphs, font, weight) == NULL &&
        add_face(glyphs, font, weight, pointer, diagnostics, &no_memory) ==
            NULL) {
      errors = true;
    }
  }
  if (no_memory || errors) {
    anima_bone_glyphs_destroy(glyphs);
    return no_memory ? ANIMA_ERROR_NO_MEMORY : ANIMA_ERROR_INVALID_DOCUMENT;
  }
  *out = glyphs;
  return ANIMA_OK;
}

/* ------------------------------------------------------------------------ */
/* Layout                                                                    */
/* ------------------------------------------------------------------------ */

static bool reserve(void **array, size_t *capacity, size_t need,
                    size_t element) {
  if (need <= *capacity) {
    return true;
  }
  size_t grown = *capacity ? *capacity : 16;
  while (grown < need) {
    grown *= 2;
  }
  void *bigger = realloc(*array, grown * element);
  if (bigger == NULL) {
    return false;
  }
  *array = bigger;
  *capacity = grown;
  return true;
}

/* Shapes bytes [start, end) of `text` (the whole string as context). */
static void shape(anima_bone_glyphs *glyphs, const face_entry *face,
                  const char *text, size_t length, size_t start, size_t end) {
  hb_buffer_clear_contents(glyphs->buffer);
  hb_buffer_add_utf8(glyphs->buffer, text, (int)length, (unsigned)start,
                     (int)(end - start));
  hb_buffer_guess_segment_properties(glyphs->buffer);
  hb_shape(face->hb_font, glyphs->buffer, NULL, 0);
}

/* Appends the lines of paragraph [start, end) to glyphs->lines: the whole
 * paragraph, or, when `room` (the box width in font units) is > 0, words
 * (runs without spaces) filled greedily while the line's advance from its
 * first byte to its last word's end fits; a word wider than the box stays
 * alone on its line and overflows. Spaces where a line breaks are
 * dropped. False when out of memory. */
static bool break_paragraph(anima_bone_glyphs *glyphs, const face_entry *face,
                            const char *text, size_t length, size_t start,
                            size_t end, double room, size_t *count) {
  if (room > 0 && end > start) {
    shape(glyphs, face, text, length, start, end);
    unsigned n = 0;
    const hb_glyph_info_t *info = hb_buffer_get_glyph_infos(glyphs->buffer, &n);
    const hb_glyph_position_t *position =
        hb_buffer_get_glyph_positions(glyphs->buffer, NULL);
    double *at = glyphs->advance; /* at[i]: advance before byte i */
    for (size_t i = start; i <= end; i++) {
      at[i] = 0;
    }
    for (unsigned g = 0; g < n; g++) {
      size_t cluster = info[g].cluster;
      if (cluster >= start && cluster < end) {
        at[cluster + 1] += position[g].x_advance;
      }
    }
    for (size_t i = start + 1; i <= end; i++) {
      at[i] += at[i - 1];
    }
    size_t line = start;
    while (line < end) {
      size_t fit = line, word_end = line;
      while (word_end < end) {
        size_t word = word_end;
        while (word < end && text[word] == ' ') {
          word++;
        }
        size_t stop = word;
        while (stop < end && text[stop] != ' ') {
          stop++;
        }
        if (stop == word) {
          break; /* only spaces remain */
        }
        if (at[stop] - at[line] > room && fit > line) {
          break;
        }
        fit = word_end = stop;
      }
      if (fit == line) {
        fit = end; /* nothing but spaces: keep them on one line */
      }
      if (!reserve((void **)&glyphs->lines, &glyphs->line_capacity, *count + 1,
                   sizeof *glyphs->lines)) {
        return false;
      }
      glyphs->lines[(*count)++] = (line_range){line, fit};
      line = fit;
      while (line < end && text[line] == ' ') {
        line++;
      }
    }
    return true;
  }
  if (!reserve((void **)&glyphs->lines, &glyphs->line_capacity, *count + 1,
               sizeof *glyphs->lines)) {
    return false;
  }
  glyphs->lines[(*count)++] = (line_range){start, end};
  return true;
}

static int align_of(const char *align) {
  if (align && strcmp(align, "left") == 0) {
    return -1;
  }
  if (align && strcmp(align, "right") == 0) {
    return 1;
  }
  return 0;
}

/* Appends glyph outline `glyph` (font units, y up) scaled by `scale` with
 * its origin at (x, y) (box units, y down). */
static bool place(anima_path *out, const anima_path *glyph, double scale,
                  double x, double y) {
  anima_status status = ANIMA_OK;
  for (size_t i = 0; i < glyph->count && status == ANIMA_OK; i++) {
    const anima_segment *s = &glyph->segments[i];
    const anima_point *p = s->points;
    switch (s->kind) {
    case ANIMA_SEGMENT_MOVE:
      status = anima_path_move_to(out, x + p[0].x * scale, y - p[0].y * scale);
      break;
    case ANIMA_SEGMENT_LINE:
      status = anima_path_line_to(out, x + p[0].x * scale, y - p[0].y * scale);
      break;
    case ANIMA_SEGMENT_CUBIC:
      status = anima_path_cubic_to(out, x + p[0].x * scale, y - p[0].y * scale,
                                   x + p[1].x * scale, y - p[1].y * scale,
                                   x + p[2].x * scale, y - p[2].y * scale);
      break;
    case ANIMA_SEGMENT_CLOSE:
      status = anima_path_close(out);
      break;
    }
  }
  return status == ANIMA_OK;
}

/* Lays out `t` with `face` into `s->path`; false when out of memory or a
 * coordinate is not finite (the path is then empty). */
static bool lay_out(anima_bone_glyphs *glyphs, face_entry *face, slot_layout *s,
                    const anima_bone_text *t) {
  const char *text = t->text;
  size_t length = strlen(text);
  double scale = t->size / face->units_per_em;
  double width = isfinite(t->width) && t->width > 0 ? t->width : 0;
  double height = isfinite(t->height) && t->height > 0 ? t->height : 0;
  if (!reserve((void **)&glyphs->advance, &glyphs->advance_capacity, length + 1,
               sizeof *glyphs->advance)) {
    return false;
  }
  size_t count = 0;
  for (size_t start = 0; start <= length;) {
    size_t end = start;
    while (end < length && text[end] != '\n') {
      end++;
    }
    size_t stop = end > start && text[end - 1] == '\r' ? end - 1 : end;
    if (!break_paragraph(glyphs, face, text, length, start, stop, width / scale,
                         &count)) {
      return false;
    }
    start = end + 1;
  }
  /* the block: the first line's ascent to the last line's descent */
  double ascent = face->ascender * scale, descent = -face->descender * scale;
  double line_height =
      (face->ascender - face->descender + face->line_gap) * scale;
  double block = (double)(count - 1) * line_height + ascent + descent;
  double top = -block / 2;
  (void)height; /* centred whatever the height; overflow is not clipped */
  int align = align_of(t->align);
  size_t placed = 0; /* glyphs, at most ANIMA_BONE_TEXT_MOST_GLYPHS */
  for (size_t l = 0; l < count; l++) {
    line_range line = glyphs->lines[l];
    if (line.end == line.start) {
      continue;
    }
    shape(glyphs, face, text, length, line.start, line.end);
    unsigned n = 0;
    const hb_glyph_info_t *info = hb_buffer_get_glyph_infos(glyphs->buffer, &n);
    const hb_glyph_position_t *position =
        hb_buffer_get_glyph_positions(glyphs->buffer, NULL);
    double advance = 0;
    for (unsigned g = 0; g < n; g++) {
      advance += position[g].x_advance;
    }
    advance *= scale;
    double x = align < 0   ? -width / 2
               : align > 0 ? width / 2 - advance
                           : -advance / 2;
    double baseline = top + ascent + (double)l * line_height;
    double pen = 0;
    for (unsigned g = 0; g < n && placed < ANIMA_BONE_TEXT_MOST_GLYPHS;
         g++, placed++) {
      const anima_path *outline = glyph_outline(face, info[g].codepoint);
      if (outline && !place(&s->path, outline, scale,
                            x + (pen + position[g].x_offset) * scale,
                            baseline - position[g].y_offset * scale)) {
        return false;
      }
      pen += position[g].x_advance;
    }
  }
  return true;
}

const anima_path *anima_bone_glyphs_outline(anima_bone_glyphs *glyphs,
                                            size_t slot,
                                            const anima_bone_text *text) {
  if (glyphs == NULL || text == NULL || text->text == NULL ||
      text->font == NULL || slot >= glyphs->slot_count ||
      !isfinite(text->size) || !(text->size > 0)) {
    return NULL;
  }
  face_entry *face = find_face(glyphs, text->font, text->weight);
  if (face == NULL && glyphs->late_faces < MOST_LATE_FACES) {
    /* a font the model did not list: opened now, once */
    bool no_memory = false;
    glyphs->late_faces++;
    face = add_face(glyphs, text->font, text->weight, "", NULL, &no_memory);
  }
  if (face == NULL) {
    return NULL;
  }
  slot_layout *s = &glyphs->slots[slot];
  int align = align_of(text->align);
  size_t face_index = (size_t)(face - glyphs->faces);
  if (s->valid && s->face == face_index && s->size == text->size &&
      s->width == text->width && s->height == text->height &&
      s->align == align && strcmp(s->text, text->text) == 0) {
    return s->path.count ? &s->path : NULL;
  }
  size_t length = strlen(text->text);
  s->valid = false;
  anima_path_clear(&s->path);
  if (!reserve((void **)&s->text, &s->text_capacity, length + 1, 1)) {
    return NULL;
  }
  memcpy(s->text, text->text, length + 1);
  if (!lay_out(glyphs, face, s, text)) {
    anima_path_clear(&s->path);
    return NULL;
  }
  s->face = face_index;
  s->size = text->size;
  s->width = text->width;
  s->height = text->height;
  s->align = align;
  s->valid = true;
  return s->path.count ? &s->path : NULL;
}

static const anima_path *outliner(void *user, size_t slot,
                                  const anima_bone_text *text) {
  return anima_bone_glyphs_outline(user, slot, text);
}

void anima_bone_glyphs_attach(anima_bone_glyphs *glyphs,
                              anima_bone_frame *frame) {
  anima_bone_frame_set_text_outliner(frame, outliner, glyphs);
}
