/*
 * scroll_check.c — the scroll chapter's diagnostics (SPEC `## scroll`):
 *
 *   scroll-viewport  at …/constraints/<k>/viewport: the viewport names no
 *                    node, or one whose subtree has no rest geometry
 *   rig-target       at …/constraints/<k>/scroll or /track: an unknown
 *                    scrollThumb target, or a `scroll` node that carries
 *                    no scroll constraint
 *   bad-value        at …/constraints/<k>/percentX|percentY: the derived
 *                    addresses are read-only, never authored
 *
 * Missing required fields and enumerations are the generic validator's.
 */
#include <stdio.h>
#include <string.h>

#include <anima/rig.h>

#include "scroll.h"

#define host scroll_host

static void at(char *out, size_t size, const char *pointer, const char *key) {
  snprintf(out, size, "%.1000s/%s", pointer, key);
}

static bool carries_scroll(const anima_json *node) {
  const anima_json *list = host->json_member(node, ANIMA_RIG_LIST);
  for (size_t k = 0; list && host->json_type(list) == ANIMA_JSON_ARRAY &&
                     k < host->json_size(list);
       k++) {
    if (scroll_is_kind(host->json_item(list, k), "scroll")) {
      return true;
    }
  }
  return false;
}

static void check_scroll(anima_check *c, const anima_json *item,
                         const char *pointer) {
  char where[1100];
  const char *id = host->json_string(host->json_member(item, "viewport"), NULL);
  if (id) {
    long viewport = host->check_find_node(c, id);
    if (viewport < 0 ||
        !module_rest_bounds(host, host->check_node(c, (size_t)viewport, NULL))
             .any) {
      at(where, sizeof where, pointer, "viewport");
      host->check_report(c, "scroll-viewport", ANIMA_SEVERITY_ERROR, where,
                         "target a node or subtree with rest geometry (a "
                         "rect, circle, arc or path)",
                         viewport < 0 ? "the scroll viewport \"%s\" is not a "
                                        "node"
                                      : "the scroll viewport \"%s\" has no "
                                        "rest geometry to measure",
                         id);
    }
  }
  static const char *const derived[] = {"percentX", "percentY"};
  for (size_t i = 0; i < 2; i++) {
    if (host->json_member(item, derived[i])) {
      at(where, sizeof where, pointer, derived[i]);
      host->check_report(c, "bad-value", ANIMA_SEVERITY_ERROR, where,
                         "remove it: snapshots read it from the offsets",
                         "%s is derived and read-only", derived[i]);
    }
  }
}

static void check_thumb(anima_check *c, const anima_json *item,
                        const char *pointer) {
  char where[1100];
  const char *scroll =
      host->json_string(host->json_member(item, "scroll"), NULL);
  if (scroll) {
    long content = host->check_find_node(c, scroll);
    if (content < 0 ||
        !carries_scroll(host->check_node(c, (size_t)content, NULL))) {
      at(where, sizeof where, pointer, "scroll");
      host->check_report(c, "rig-target", ANIMA_SEVERITY_ERROR, where,
                         "name the content node that carries the scroll "
                         "constraint",
                         content < 0 ? "the thumb's scroll \"%s\" is not a node"
                                     : "\"%s\" carries no scroll constraint",
                         scroll);
    }
  }
  const char *track = host->json_string(host->json_member(item, "track"), NULL);
  if (track && host->check_find_node(c, track) < 0) {
    at(where, sizeof where, pointer, "track");
    host->check_report(c, "rig-target", ANIMA_SEVERITY_ERROR, where,
                       "set track to the id of a node of the document",
                       "the thumb's track \"%s\" is not a node", track);
  }
}

void scroll_check(anima_check *c, void *user) {
  (void)user;
  size_t count = host->check_node_count(c);
  for (size_t i = 0; i < count; i++) {
    const char *pointer = NULL;
    const anima_json *node = host->check_node(c, i, &pointer);
    const anima_json *list =
        node && pointer ? host->json_member(node, ANIMA_RIG_LIST) : NULL;
    for (size_t k = 0; list && host->json_type(list) == ANIMA_JSON_ARRAY &&
                       k < host->json_size(list);
         k++) {
      const anima_json *item = host->json_item(list, k);
      char where[1024];
      snprintf(where, sizeof where, "%.990s/%s/%zu", pointer, ANIMA_RIG_LIST,
               k);
      if (scroll_is_kind(item, "scroll")) {
        check_scroll(c, item, where);
      } else if (scroll_is_kind(item, "scrollThumb")) {
        check_thumb(c, item, where);
      }
    }
  }
}
