/*
 * scroll.h — setting scroll offsets from a host (SPEC `## scroll`, "Scroll
 * rig constraint"; docs/modules/scroll.md).
 *
 * The scroll module (`anima-scroll.so`, feature "scroll") registers the
 * operation `scroll <content> <offsetX> <offsetY>`, which is also the
 * SPEC §11.2 script command of the same words. This header wraps it for C
 * hosts; like rig.h it is `static inline` over the public API, so a host
 * links against libanima only.
 *
 * The offsets are a *proposal*, as pointer and wheel input are: the
 * player's next step applies it at its input stage (phase 1), before the
 * rig solves, and the scroll constraint clamps each enabled axis to
 * [0, max(0, content − viewport)] (grid units). An axis whose
 * `offsetX`/`offsetY` address the document animates or binds keeps that
 * authored value; a disabled axis stays 0. Later proposals start from the
 * clamped offsets. Read the result with anima_player_read at
 * "<content>.constraints.<i>.percentX" (offset over range, 0 for an empty
 * range) or the content's rig address "<content>.world.y".
 */
#ifndef ANIMA_SCROLL_H
#define ANIMA_SCROLL_H

#include <stdio.h>

#include <anima/module.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The scroll module's feature and operation name. */
#define ANIMA_SCROLL_FEATURE "scroll"
#define ANIMA_SCROLL_OPERATION "scroll"

/**
 * Proposes the interactive offsets (`offset_x`, `offset_y`, finite grid
 * units) of the first scroll constraint of the node `content` (its id) of
 * `player`'s document, for the next anima_player_step. Diagnostics go to
 * `diagnostics` (may be NULL).
 *
 * Returns ANIMA_OK; ANIMA_ERROR_INVALID_ARGUMENT for a NULL `player` or
 * `content`, a non-finite offset, an unknown node id
 * (`operation-arguments`), or a node without an interactive scroll
 * constraint (`scroll-target`, with a hint); ANIMA_ERROR_UNKNOWN_OPERATION
 * when the scroll module is not loaded (`unknown-operation`) or the
 * document does not require "scroll" (`undeclared-feature`). Allocates
 * nothing unless a diagnostic is added.
 */
static inline anima_status
anima_scroll_set_offset(anima_player *player, const char *content,
                        double offset_x, double offset_y,
                        anima_diagnostics *diagnostics) {
  if (!player || !content) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  /* %.17g round-trips a binary64; "inf" and "nan" fail the NUMBER check. */
  char x[32], y[32];
  snprintf(x, sizeof x, "%.17g", offset_x);
  snprintf(y, sizeof y, "%.17g", offset_y);
  const char *const words[] = {content, x, y};
  return anima_player_invoke(player, ANIMA_SCROLL_OPERATION, words, 3,
                             diagnostics);
}

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_SCROLL_H */
