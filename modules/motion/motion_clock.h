/*
 * motion_clock.h — the timeline clock's per-state data and per-player
 * instance (clock.c), shared with the declarative controls (control.c):
 * exit gates read the source's travel, `sync` moves the target's clock.
 */
#ifndef ANIMA_MOTION_CLOCK_H
#define ANIMA_MOTION_CLOCK_H

#include "motion.h"

typedef struct clock_event {
  double at;   /**< travel distance from the directional start */
  double time; /**< authored time (what is reported) */
  const char *name;
  size_t order; /**< authored position (ties keep it) */
} clock_event;

typedef struct motion_clock {
  double start, end, span; /**< the work interval */
  double speed;            /**< effective: timeline × state */
  double quantize;         /**< 0: none */
  int loop, reduced;
  bool hold; /**< the state's `hold`: frozen at its entry position */
  size_t event_count;
  clock_event *events; /**< work-area events in travel order */
} motion_clock;

typedef struct clock_instance {
  /** δ = origin_distance + (state time − origin_time)·|v|; the origin
   * moves only when reduced motion unfreezes a loop. */
  double origin_time, origin_distance;
  bool frozen;
  double frozen_at; /**< travel distance of the frozen position */
  /** Reduced motion switched on (end): report travel in (from, span] at
   * the next report. */
  bool report_freeze;
  double freeze_from;
  /** Entered through a `sync` transition: the entry interval excludes
   * the transfer point. */
  bool synced;
} clock_instance;

/** A `sync` transfer waiting for the target's entry (one per layer, in
 * the instance of the stage hook "sync"; control.c). */
typedef struct sync_pending {
  bool pending;
  double position; /**< the source's unquantized timeline position */
} sync_pending;

/** Most layers a document has (SPEC §2). */
#define MOTION_MAX_LAYERS 64

/** The pending transfer of `layer` (NULL when the document has none). */
sync_pending *motion_sync_pending(anima_step *step, size_t layer);

/** The clock desc (clock.c), to recognise a layer's clock. */
extern const anima_clock_desc motion_clock_desc;

/** The unquantized timeline position of the clock at `state_time`. */
double motion_clock_position(const motion_clock *clock,
                             const clock_instance *instance, double state_time);

/** Moves the clock so that it is at timeline position `position` (clamped
 * into the work area) at state time `state_time`, travelling in its own
 * direction from there. */
void motion_clock_seek(const motion_clock *clock, clock_instance *instance,
                       double state_time, double position);

#endif
