/*
 * paint_properties.c — the addresses of ordered paints (SPEC composite,
 * "Ordered paints and visibility"): <id>.paints.<i>.<fill|stroke>.<field>
 * for every property a single fill or stroke has, whoever registers it —
 * the core's colours, widths and trims, paint's gradient coordinates and
 * stops and dash offset, colormix's weight, this module's `visible`. Two
 * property mounts (registry.h) copy them under `paints.*.fill` and
 * `paints.*.stroke`, whatever order the modules load in. An address exists
 * where the entry has that paint (and, inside a gradient, that field),
 * like a single paint's.
 */
#include "composite.h"

anima_status composite_register_paint_properties(anima_registrar *registrar) {
  static const anima_property_mount_desc mounts[] = {
      {.owner = "painted",
       .prefix = "paints.*.fill",
       .source = "fill",
       .feature = COMPOSITE_FEATURE},
      {.owner = "painted",
       .prefix = "paints.*.stroke",
       .source = "stroke",
       .feature = COMPOSITE_FEATURE},
  };
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, composite_host->add_property_mount, registrar, mounts);
  return status;
}
