/*
 * module_json.h — reads of a document's JSON (through the host table,
 * module.h) that several feature modules make at check and compile time:
 * a member of one type or a fallback, a point, a node's pivot. Header only,
 * so a module still links against nothing; each call takes the module's
 * host table.
 */
#ifndef ANIMA_MODULE_JSON_H
#define ANIMA_MODULE_JSON_H

#include <string.h>

#include <anima/module.h>

/** The number member `key` of `object`; `fallback` when `object` is NULL
 * or the member is absent or not a number. */
static inline double module_json_number(const anima_host *host,
                                        const anima_json *object,
                                        const char *key, double fallback) {
  const anima_json *value = object ? host->json_member(object, key) : NULL;
  return value && host->json_type(value) == ANIMA_JSON_NUMBER
             ? host->json_number(value)
             : fallback;
}

/** The boolean member `key` of `object`; `fallback` when `object` is NULL
 * or the member is absent or not a boolean. */
static inline bool module_json_bool(const anima_host *host,
                                    const anima_json *object, const char *key,
                                    bool fallback) {
  const anima_json *value = object ? host->json_member(object, key) : NULL;
  return value && host->json_type(value) == ANIMA_JSON_BOOL
             ? host->json_bool(value)
             : fallback;
}

/** The point member `key` of `object` ([x, y], SPEC §2 grid units); (0, 0)
 * when it is absent or not a list of two. */
static inline anima_point module_json_point(const anima_host *host,
                                            const anima_json *object,
                                            const char *key) {
  const anima_json *value = object ? host->json_member(object, key) : NULL;
  if (!value || host->json_type(value) != ANIMA_JSON_ARRAY ||
      host->json_size(value) != 2) {
    return (anima_point){0, 0};
  }
  return (anima_point){host->json_number(host->json_item(value, 0)),
                       host->json_number(host->json_item(value, 1))};
}

/** The authored pivot of node `node` being compiled (SPEC §4 Transform):
 * its `pivot`, (0, 0) when absent; a bone's pivot is its start, (0, 0). */
static inline anima_point module_node_pivot(const anima_host *host,
                                            anima_compile *c, size_t node) {
  const char *type = host->compile_node_type(c, node);
  if (type && strcmp(type, "bone") == 0) {
    return (anima_point){0, 0};
  }
  return module_json_point(host, host->compile_node_json(c, node), "pivot");
}

#endif
