/*
 * anima_fit.h — how a viewBox maps onto an output viewport (SPEC "CLI
 * projects and capture": `--fit contain|cover|fill|none`, `--viewport
 * WxH`), shared by the SVG and cairo backends.
 */
#ifndef ANIMA_FIT_H
#define ANIMA_FIT_H

#include <anima/anima.h>

#ifdef __cplusplus
extern "C" {
#endif

/** How the output viewport relates to the viewBox (SPEC "CLI projects and
 * capture": `--fit`). */
typedef enum anima_fit {
  ANIMA_FIT_CONTAIN = 0, /**< uniform scale, whole viewBox visible, centred */
  ANIMA_FIT_COVER = 1,   /**< uniform scale, viewport covered, centred */
  ANIMA_FIT_FILL = 2,    /**< stretched to the viewport */
  ANIMA_FIT_NONE = 3,    /**< one output pixel per unit, centred */
} anima_fit;

/**
 * The part of the viewBox, in grid units, that a viewport of width ×
 * height pixels shows with `fit`: [x, y, width, height]. contain shows at
 * least the viewBox, cover at most, fill exactly, none width × height
 * units; all but fill keep the viewBox centred. The mapping from
 * grid units to pixels is then a scale of width / region[2] and height /
 * region[3] after a translation by −region[0], −region[1]. Returns
 * ANIMA_ERROR_INVALID_ARGUMENT for a non-positive size or viewBox.
 */
ANIMA_API anima_status anima_fit_region(const double view_box[4], int width,
                                        int height, anima_fit fit,
                                        double region[4]);

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_FIT_H */
