/*
 * bone_images.h — the images and atlas pages of an OpenBone document
 * (`images[].src`, `atlas.pages[].src`: a PNG
 * path relative to the document or a base64 PNG data URL) decoded with
 * libpng and given to the library's draw-frame lowering
 * (anima_bone_frame_set_texture, include/anima/openbone.h) for
 * `anima bone render` (docs/openbone/CLI.md).
 */
#ifndef ANIMA_CLI_BONE_IMAGES_H
#define ANIMA_CLI_BONE_IMAGES_H

#include <stdbool.h>
#include <stdio.h>

#include "anima/openbone.h"

/**
 * The most pixels all the images and atlas pages of one document may hold
 * together once decoded: 8192 × 8192, one largest texture (256 MiB of
 * RGBA8).
 */
#define BONE_IMAGES_MOST_PIXELS (8192 * 8192)

/**
 * Decodes every image and atlas page of the .obone JSON text `document`
 * (`src` relative to `directory`, "" for the working directory) into
 * `frame`. Each one that cannot be used is an error diagnostic in
 * `diagnostics` at its `src` (`/images/i/src`, `/atlas/pages/i/src`):
 * `image-unreadable` (no such regular file, not a PNG, a truncated or
 * corrupt PNG, a data URL that is not base64 PNG or whose base64 is
 * malformed), `image-too-large` (a side outside 1 to
 * ANIMA_BONE_TEXTURE_MAXIMUM, or more than BONE_IMAGES_MOST_PIXELS pixels
 * in all), `atlas-page-size` (a page PNG whose size is not the page's
 * `width` × `height`). Returns ANIMA_OK, ANIMA_ERROR_INVALID_DOCUMENT after
 * such an error (the others are still checked), or ANIMA_ERROR_NO_MEMORY.
 */
anima_status bone_images_load(anima_bone_frame *frame, const char *document,
                              size_t length, const char *directory,
                              anima_diagnostics *diagnostics);

#endif
