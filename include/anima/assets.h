/*
 * assets.h — the `assets` module's interface for other modules (SPEC
 * `## assets`, `### P5b asset pipeline`; docs/modules/assets.md).
 *
 * The module (anima-assets.so) registers the document's `assets` map and
 * its diagnostics, and offers the interface ANIMA_ASSETS_INTERFACE
 * (module.h anima_interface_desc) so that another module resolves an asset
 * name without reading the map itself: the events module resolves an
 * event's `audio` with it. A module gets the table with
 * `host->check_interface(c, ANIMA_ASSETS_INTERFACE)` while validating, or
 * `host->compile_interface(c, ANIMA_ASSETS_INTERFACE)` while compiling; both
 * give NULL unless the document declares `requires: [..., "assets"]`.
 *
 * Core validation and stepping perform no IO: the module validates data
 * URIs (never decodes what they carry) and never opens a URL or a file.
 *
 * Header-only: it needs no library beyond libanima.
 */
#ifndef ANIMA_ASSETS_H
#define ANIMA_ASSETS_H

#include <anima/module.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The interface name (anima_interface_desc.name) of the assets module. */
#define ANIMA_ASSETS_INTERFACE "assets"

/** An asset's `type` (SPEC assets: image, font, audio or blob). */
typedef enum anima_asset_type {
  ANIMA_ASSET_IMAGE = 0,
  ANIMA_ASSET_FONT,
  ANIMA_ASSET_AUDIO,
  ANIMA_ASSET_BLOB,
} anima_asset_type;

/**
 * One asset declaration as the assets module reads it. Strings point into
 * the document the lookup was given (valid while it is); copy what must
 * outlive it (compile_string).
 */
typedef struct anima_asset_info {
  size_t struct_size;
  const char *name;      /**< the key in `assets` */
  anima_asset_type type; /**< `type` */
  const char *source;    /**< `source` as authored: a data URI or a URL */
  /** `storage`, or inferred when omitted: true ("embedded") for a data
   * URI, false ("referenced") for a URL. */
  bool embedded;
  /** `width`, `height` in grid units; 0 when omitted (the host decodes
   * them before drawing). */
  double width, height;
  /** Audio clip bounds in seconds (P5b): `start`, 0 when omitted; `end`,
   * else `duration`, when `has_end`; without both the clip plays to the
   * decoded end, which the host alone knows (`has_end` false, `end` 0). */
  double start, end;
  bool has_end;
  /** `duration` in seconds when declared (`has_duration`), else 0. */
  double duration;
  bool has_duration;
  /** `mime` as authored, or NULL. */
  const char *mime;
} anima_asset_info;

/** The function table of ANIMA_ASSETS_INTERFACE. */
typedef struct anima_assets_interface {
  size_t struct_size;
  /**
   * Looks up asset `name` in `document`'s `assets` map (the JSON document
   * a check or compile hook was given). Returns true and fills `*out`
   * (struct_size set by the module) when a declaration of that name has a
   * known `type` and a string `source`; false otherwise, leaving `*out`
   * untouched. A document that validated has only such declarations.
   * Allocates nothing, opens nothing.
   */
  bool (*find)(const anima_json *document, const char *name,
               anima_asset_info *out);
} anima_assets_interface;

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_ASSETS_H */
