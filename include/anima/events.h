/*
 * events.h — event payloads and host requests of the events module (SPEC
 * events chapter; docs/modules/events.md).
 *
 * A document that declares `requires: ["events"]` may define its events
 * (`eventDefs`). Every occurrence of a defined name that a step reports
 * (timeline events, state `emit`, listener `emit`, `endEmit`/`startEmit`)
 * carries a detail (anima_event.detail, anima.h): the definition's payload
 * resolved at the end of that step, and its URL and audio request. The
 * module signals `@state-end`, `@transition-start` and `@transition-end`
 * carry `{state}` as their payload; `@loop` carries none (DECISIONS 10).
 *
 * A native runtime opens nothing itself: no navigation and no audio. The
 * host receives the requests after the step returned, in event order,
 * through the callbacks of anima_event_requests (anima_events_deliver
 * below), so a callback can never re-enter the step that reported them.
 *
 * Header-only: it needs no library beyond libanima (the module is loaded
 * with dlopen and exports nothing but its descriptor).
 */
#ifndef ANIMA_EVENTS_H
#define ANIMA_EVENTS_H

#include <stddef.h>

#include <anima/anima.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A payload field's type (SPEC events: number, bool, string, color). */
typedef enum anima_event_field_type {
  ANIMA_EVENT_FIELD_NUMBER = 0,
  ANIMA_EVENT_FIELD_BOOL,
  ANIMA_EVENT_FIELD_STRING,
  ANIMA_EVENT_FIELD_COLOR,
} anima_event_field_type;

/** One payload field as resolved at the end of the step that reported the
 * event (all occurrences of a name in one step share that snapshot). */
typedef struct anima_event_field {
  const char *name; /**< the field name, as authored */
  anima_event_field_type type;
  double number; /**< NUMBER (a bool expression counts 0/1); else 0 */
  bool boolean;  /**< BOOL; else false */
  /** STRING: the literal, verbatim (braces included); COLOR: the canonical
   * hex string, lowercase, "#rrggbb", or "#rrggbbaa" when alpha is not 255
   * (DECISIONS 1); else NULL. */
  const char *text;
} anima_event_field;

/**
 * What the events module attaches to an occurrence (anima_event.detail).
 * Strings and fields are owned by the model or the player and valid as the
 * step result's `events` are: until the next call that changes the player.
 * Copy what must outlive that.
 */
typedef struct anima_event_detail {
  size_t struct_size;
  /** True when the definition has a `payload` (possibly empty): the
   * record then has a `payload` object; false adds no key (DECISIONS 10). */
  bool has_payload;
  const anima_event_field *payload; /**< fields in authored order */
  size_t payload_count;
  /** A navigation request: an http(s) URL or a relative reference, as
   * authored (the host resolves it; SPEC: host parsing is authoritative),
   * or NULL. `target` is "_self" (default), "_blank", "_parent" or "_top";
   * NULL when `url` is. */
  const char *url;
  const char *target;
  /** An audio request: the audio asset's name, or NULL. */
  const char *audio;
  /** The definition's own `volume` in [0, 1] (default 1). */
  double volume;
  /** `volume` × `audioVolumes[audio]` (each omitted gain 1): the effective
   * gain before the host's own volume multiplies it. */
  double gain;
  /* Appended (the assets module; test struct_size before reading). */
  /** The audio asset's `source` as authored (a data URI, or a URL the host
   * resolves against the document), or NULL without `audio`. */
  const char *audio_source;
  /** The clip (SPEC assets P5b: "Clip events start at `start` and play for
   * `end-start`"): `clip_start` in seconds (the asset's `start`, default
   * 0); `clip_end` the asset's `end`, else its `duration`, when
   * `has_clip_end`; otherwise the clip plays to the decoded end, which
   * only the host knows (`clip_end` 0). */
  double clip_start, clip_end;
  bool has_clip_end;
} anima_event_detail;

/** One audio request (anima_event_requests.play_clip): what a host needs
 * to start one separate playback. Valid during the callback. */
typedef struct anima_audio_request {
  const char *asset;  /**< the audio asset's name */
  const char *source; /**< its source (a data URI or a URL), or NULL */
  /** `volume` × `audioVolumes[asset]`; the host multiplies its own volume
   * (SPEC events: `event.volume * audioVolumes[asset] * icon.volume`). */
  double gain;
  double start; /**< seconds into the source to start at */
  /** Seconds into the source to stop at when `has_end` (play for
   * end - start); else play to the decoded end. */
  double end;
  bool has_end;
} anima_audio_request;

/** The callbacks a host gives anima_events_deliver. Every member may be
 * NULL (that request is then not delivered). */
typedef struct anima_event_requests {
  /** Decides a navigation: the URL is delivered to `open_url` only when
   * this returns exactly true, or, without a policy, when `allow_urls`
   * is set (SPEC events: no navigation without an explicit allow policy
   * or a callback returning true). */
  bool (*url_policy)(void *user, const char *url, const char *target,
                     const anima_event *event);
  bool allow_urls;
  /** Navigate (the host resolves relative references against its own
   * document and applies its origin rules). */
  void (*open_url)(void *user, const char *url, const char *target,
                   const anima_event *event);
  /** Start one separate playback of `asset` at `gain` (the host multiplies
   * its own volume). Called only when `play_clip` is NULL; the source and
   * clip are in event->detail (audio_source, clip_start, clip_end). */
  void (*play_audio)(void *user, const char *asset, double gain,
                     const anima_event *event);
  /** Appended: start one separate playback of the clip `request`
   * describes (name, source, gain, start, end). When set, audio requests
   * go here instead of `play_audio`. */
  void (*play_clip)(void *user, const anima_audio_request *request,
                    const anima_event *event);
} anima_event_requests;

/**
 * Delivers the requests of `count` reported events (a step result's
 * `events`), in event order; for one event the URL request comes before
 * its audio request. Call it after anima_player_step returned, never from
 * inside a module callback. Returns how many requests it delivered
 * (policy refusals and NULL callbacks are not counted). Allocates nothing.
 */
static inline size_t anima_events_deliver(const anima_event *events,
                                          size_t count,
                                          const anima_event_requests *requests,
                                          void *user) {
  size_t delivered = 0;
  for (size_t i = 0; events && requests && i < count; i++) {
    const anima_event_detail *detail = events[i].detail;
    if (!detail) {
      continue;
    }
    if (detail->url && requests->open_url) {
      bool allowed =
          requests->url_policy
              ? requests->url_policy(user, detail->url, detail->target,
                                     &events[i]) == true
              : requests->allow_urls;
      if (allowed) {
        requests->open_url(user, detail->url, detail->target, &events[i]);
        delivered++;
      }
    }
    if (detail->audio && requests->play_clip) {
      bool clip = detail->struct_size >=
                  offsetof(anima_event_detail, has_clip_end) + sizeof(bool);
      const anima_audio_request request = {
          .asset = detail->audio,
          .source = clip ? detail->audio_source : NULL,
          .gain = detail->gain,
          .start = clip ? detail->clip_start : 0,
          .end = clip ? detail->clip_end : 0,
          .has_end = clip && detail->has_clip_end};
      requests->play_clip(user, &request, &events[i]);
      delivered++;
    } else if (detail->audio && requests->play_audio) {
      requests->play_audio(user, detail->audio, detail->gain, &events[i]);
      delivered++;
    }
  }
  return delivered;
}

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_EVENTS_H */
