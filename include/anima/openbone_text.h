/*
 * openbone_text.h — libanima-openbone-text: the glyph outlines of OpenBone
 * text items (spec §8.9), so that the draw-frame lowering
 * (anima_bone_frame, include/anima/openbone.h) draws them.
 *
 * A separate library on purpose: libanima-openbone records text (the
 * anima_bone_text record of each text draw item) but never loads a font,
 * so a host that draws text itself needs neither FreeType nor HarfBuzz nor
 * fontconfig. This library adds them: fontconfig resolves a text
 * attachment's `font` and `weight` to a font file, FreeType loads the
 * glyph outlines, HarfBuzz shapes the string (kerning, ligatures, and
 * right-to-left runs as the shaper orders them). docs/openbone/TEXT.md
 * describes the layout (box, alignment, vertical centring, line breaks,
 * wrapping, overflow) and the memory bounds.
 *
 * Units: outlines are in the text box's own coordinates: skeleton units,
 * origin at the box centre, x right, y down (the lowering places them with
 * the record's matrix, y negated as for every item).
 *
 * Memory: anima_bone_glyphs_create resolves and opens every font the
 * model's text attachments name (allocates; fontconfig's scan of the
 * installed fonts happens here). Drawing then allocates only to grow its
 * caches: a glyph's outline the first time the glyph is drawn (at most
 * every glyph of each opened font once), and a slot's laid-out outline
 * when a string needs more segments than any earlier one in that slot
 * (at most the slot's longest possible string, which the text buffer of
 * §8.9 bounds). A string that changes every frame (a counter) reuses the
 * slot's outline: memory does not grow with the number of strings seen.
 */
#ifndef ANIMA_OPENBONE_TEXT_H
#define ANIMA_OPENBONE_TEXT_H

#include <anima/anima.h>
#include <anima/openbone.h>
#include <anima/path.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * At most this many glyphs of one text item are drawn (the rest of a
 * longer string is not), so that a huge string cannot make the outline's
 * memory unbounded; anima_bone_glyphs_create warns (`text-too-long`) about
 * a template longer than this many bytes.
 */
#define ANIMA_BONE_TEXT_MOST_GLYPHS 4096

/** Fonts, shaper and outline caches for one model's text attachments. */
typedef struct anima_bone_glyphs anima_bone_glyphs;

/** Options of anima_bone_glyphs_create; a zeroed struct is the default. */
typedef struct anima_bone_glyphs_options {
  /** Font files (TrueType, OpenType, WOFF as FreeType reads them) made
   * available besides the installed fonts, matched by their family names
   * like installed ones: `font_file_count` paths, or NULL. */
  const char *const *font_files;
  size_t font_file_count;
} anima_bone_glyphs_options;

/**
 * Opens the fonts of every text attachment of `model` (font family and
 * CSS weight, openbone.h anima_bone_model_text_font) through fontconfig
 * (installed fonts plus `options->font_files`; `options` may be NULL).
 *
 * Diagnostics (appended to `diagnostics` when not NULL):
 *  - error `text-font-unreadable` (pointer ""): a file of
 *    `options->font_files` is missing or is not a font fontconfig and
 *    FreeType can read;
 *  - warning `text-font-fallback` (pointer of the attachment's `font`):
 *    no installed font has the family; the text draws with fontconfig's
 *    best match, its default sans-serif face (DejaVu Sans on Debian with
 *    fonts-dejavu-core); generic families (sans-serif, serif, monospace,
 *    cursive, fantasy, system-ui) never warn;
 *  - error `text-font-missing` (same pointer): no usable font at all (none
 *    installed, or the match and the sans-serif fallback both fail to
 *    load or have no outlines);
 *  - warning `text-too-long` (the attachment's pointer): a template longer
 *    than ANIMA_BONE_TEXT_MOST_GLYPHS bytes, of which only that many
 *    glyphs can be drawn.
 *
 * Returns ANIMA_OK with `*out` set (warnings allowed);
 * ANIMA_ERROR_INVALID_DOCUMENT when an error diagnostic was added
 * (`*out` NULL); ANIMA_ERROR_NO_MEMORY; ANIMA_ERROR_INVALID_ARGUMENT for a
 * NULL model or out. The model must outlive the glyphs.
 */
ANIMA_API anima_status anima_bone_glyphs_create(
    const anima_bone_model *model, const anima_bone_glyphs_options *options,
    anima_diagnostics *diagnostics, anima_bone_glyphs **out);

/** Frees the glyphs and their fonts. NULL is allowed. */
ANIMA_API void anima_bone_glyphs_destroy(anima_bone_glyphs *glyphs);

/**
 * The outline of text record `text` drawn in slot `slot` (spec §8.9:
 * anima_bone_draw_item.text and .slot), laid out in the record's box as
 * docs/openbone/TEXT.md says, in box coordinates (origin at the centre, y
 * down, skeleton units), filled by the nonzero rule. Returns NULL when
 * nothing draws: an empty or all-space string, a size that is not a
 * finite number > 0, a slot outside the model, or a font that could not
 * be opened. The path is owned by `glyphs` and stays valid until the next
 * call for the same slot or anima_bone_glyphs_destroy. The same record
 * contents as the slot's previous call return the cached outline without
 * shaping again.
 */
ANIMA_API const anima_path *
anima_bone_glyphs_outline(anima_bone_glyphs *glyphs, size_t slot,
                          const anima_bone_text *text);

/**
 * Makes `frame` draw text items with `glyphs`
 * (anima_bone_frame_set_text_outliner with anima_bone_glyphs_outline).
 * `glyphs` must outlive the frame's builds.
 */
ANIMA_API void anima_bone_glyphs_attach(anima_bone_glyphs *glyphs,
                                        anima_bone_frame *frame);

#ifdef __cplusplus
}
#endif

#endif
