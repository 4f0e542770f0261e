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

/** One term of an exitNext edge's `when` (persistent inputs only). */
enum {
  next_op_bool = 0,
  next_op_equal,
  next_op_not_equal,
  next_op_less,
  next_op_less_equal,
  next_op_greater,
  next_op_greater_equal,
};
typedef struct next_term {
  size_t input;
  int op;      /**< next_op_* */
  bool negate; /**< `!flag` */
  double number;
} next_term;

/** exitNext kinds. */
enum { next_none = 0, next_step, next_loop };

/** An exitNext edge of the state: its position in `on`, kind and terms
 * (a range of motion_clock.terms). */
typedef struct next_edge {
  size_t on_index;
  int kind;
  size_t first_term, term_count;
} next_edge;

typedef struct motion_clock {
  double start, end, span; /**< the work interval */
  double speed;            /**< effective: timeline × state */
  double quantize;         /**< 0: none */
  int loop, reduced;
  bool hold; /**< the state's `hold`: frozen at its entry position */
  /** The state's `time:` expression (host compile_expression), or NULL:
   * it owns the clock (seeks) instead of travel. */
  const void *expression;
  /** The state's exitNext edges (clock instances hold one armed boundary
   * each, after the fixed part: motion_clock_armed). */
  size_t next_count;
  next_edge *next;
  next_term *terms;
  size_t term_capacity;
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
  /** `time:` clocks: the sought position and the last evaluated (clamped)
   * value; a different value seeks. */
  double seek_position, last_value;
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

/** The armed exitNext boundaries of an instance (travel; NAN: not armed,
 * −INFINITY: eligible at once), one per motion_clock.next entry. */
double *motion_clock_armed(clock_instance *instance);

/** Travel distance at `state_time`, not capped by an armed boundary. */
double motion_clock_travel(const motion_clock *clock,
                           const clock_instance *instance, double state_time);

/** The unquantized timeline position at travel `d` (folded). */
double motion_clock_at(const motion_clock *clock, double d);

/** Parses `when` as exitNext terms (`flag`, `!flag`, `level OP number`
 * joined by &&); `find` resolves an input (its index, or −1) and type.
 * Returns the number of terms (writing at most `capacity` to `terms`,
 * which may be NULL); `*valid` false when a term is not of that kind. */
size_t motion_next_parse(const char *when, next_term *terms, size_t capacity,
                         long (*find)(void *context, const char *name,
                                      anima_input_type *type),
                         void *context, bool *valid);

/** The boundary (travel) of exitNext `kind` from travel `d`. */
double motion_next_boundary(const motion_clock *clock, double d, int kind);

/** Stage 2: arms (or cancels) the state's exitNext edges from the clock
 * before dt advances it. */
void motion_next_arm(anima_step *step, const motion_clock *clock,
                     clock_instance *record, double state_time);

/** Stage 2 for a `time:` clock of `layer`: a newly evaluated value that
 * differs from the last seeks to it (clock.c). */
void motion_clock_update_time(anima_step *step, size_t layer);

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
