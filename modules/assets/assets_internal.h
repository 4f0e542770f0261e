/*
 * assets_internal.h — the assets module's shared declarations (SPEC
 * `## assets`, docs/modules/assets.md). Module-private.
 */
#ifndef ANIMA_MODULES_ASSETS_INTERNAL_H
#define ANIMA_MODULES_ASSETS_INTERNAL_H

#include <anima/assets.h>
#include <anima/draw.h>

#define ASSETS_FEATURE "assets"
/** Bytes of a JSON pointer buffer; longer pointers are cut. */
#define ASSETS_POINTER_SIZE 512

extern const anima_host *assets_host;

/* assets.c */
/** "/assets/<name>[/<key>]", the name escaped (RFC 6901). */
void assets_pointer(char *out, const char *name, const char *key);
/** The interface's find (include/anima/assets.h). */
bool assets_find(const anima_json *document, const char *name,
                 anima_asset_info *out);

/* image.c */
/** Registers the image node type, its fields, properties and behaviour. */
anima_status assets_register_images(anima_registrar *registrar);
/** unknown-asset, asset-type and (warning) asset-load of image nodes. */
void assets_check_images(anima_check *c);
/** Can the native backends draw `source` (a base64 PNG data URI)? */
bool assets_image_drawable(const char *source);
/** The fitted image rectangle {x, y, w, h} relative to the box's origin
 * (SPEC Image nodes' fit table and align): `fit` the index in contain,
 * cover, fill, resize, none, scale-down, fit-width, fit-height; align 0,
 * 0.5 or 1 per axis. */
void assets_fit(int fit, double box_w, double box_h, double intrinsic_w,
                double intrinsic_h, double align_x, double align_y,
                double out[4]);

#endif
