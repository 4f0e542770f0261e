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
 * Decodes every image and atlas page of the .obone JSON text `document`
 * into `frame`;
 * images that cannot be read are reported on `errors` and drawn white.
 * Returns false only when memory runs out.
 */
bool bone_images_load(anima_bone_frame *frame, const char *document,
                      size_t length, const char *directory, FILE *errors);

#endif
