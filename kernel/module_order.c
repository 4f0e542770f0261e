/*
 * module_order.c — the stage order of modules (docs/MODULES.md "Stages"):
 * within a stage, a module's hooks run after those of the modules
 * providing its `depends`, then of those providing its `after`; modules
 * the graph leaves unordered keep load order. The order is computed at
 * every load and handed to the registry as each behaviour's module_rank
 * (1 first; the kernel's own behaviours are 0); the registry then lists
 * each kind's behaviours in that order (anima_registry_behaviour). A module
 * that would close a cycle is refused before its `init`, naming the modules on
 * the cycle.
 */
#include <stdlib.h>
#include <string.h>

#include "module_internal.h"
#include "registry_internal.h"

/* Why one module runs before another. */
typedef struct order_edge {
  const char *feature; /* NULL: no edge */
  const char *member;  /* "depends" or "after" */
} order_edge;

/* The loaded modules, then optionally a candidate, as a graph:
 * edges[p * count + j] set when p runs before j. */
typedef struct order_graph {
  size_t count;
  const anima_module_info **infos;
  order_edge *edges;
} order_graph;

static long provider_in(const order_graph *graph, const char *feature) {
  for (size_t i = 0; i < graph->count; i++) {
    for (const char *const *f = graph->infos[i]->features; f && *f; f++) {
      if (strcmp(*f, feature) == 0) {
        return (long)i;
      }
    }
  }
  return -1;
}

static void add_edges(order_graph *graph, size_t module,
                      const char *const *features, const char *member) {
  for (; features && *features; features++) {
    long provider = provider_in(graph, *features);
    if (provider < 0 || (size_t)provider == module) {
      continue;
    }
    order_edge *edge = &graph->edges[(size_t)provider * graph->count + module];
    if (!edge->feature) {
      *edge = (order_edge){*features, member};
    }
  }
}

static bool graph_make(order_graph *graph, const anima_runtime *runtime,
                       const anima_module_info *candidate) {
  graph->count = runtime->module_count + (candidate ? 1 : 0);
  size_t nodes = graph->count ? graph->count : 1;
  graph->infos = calloc(nodes, sizeof *graph->infos);
  graph->edges = calloc(nodes * nodes, sizeof *graph->edges);
  if (!graph->infos || !graph->edges) {
    free(graph->infos);
    free(graph->edges);
    return false;
  }
  for (size_t i = 0; i < runtime->module_count; i++) {
    graph->infos[i] = runtime->modules[i].info;
  }
  if (candidate) {
    graph->infos[graph->count - 1] = candidate;
  }
  for (size_t j = 0; j < graph->count; j++) {
    add_edges(graph, j, graph->infos[j]->depends, "depends");
    add_edges(graph, j, graph->infos[j]->after, "after");
  }
  return true;
}

static void graph_free(order_graph *graph) {
  free(graph->infos);
  free(graph->edges);
}

/* Ranks (1-based) into `rank` by Kahn's algorithm, the lowest load index
 * first among the modules ready; false when a cycle remains. */
static bool graph_rank(const order_graph *graph, size_t *rank) {
  size_t n = graph->count;
  for (size_t i = 0; i < n; i++) {
    rank[i] = 0;
  }
  for (size_t placed = 0; placed < n; placed++) {
    long next = -1;
    for (size_t j = 0; j < n && next < 0; j++) {
      bool ready = rank[j] == 0;
      for (size_t p = 0; ready && p < n; p++) {
        ready = !graph->edges[p * n + j].feature || rank[p] != 0;
      }
      if (ready) {
        next = (long)j;
      }
    }
    if (next < 0) {
      return false;
    }
    rank[next] = placed + 1;
  }
  return true;
}

/* A cycle through `start` (the graph was acyclic before it came): the
 * modules from `start` back to it, by a breadth-first walk. Returns the
 * length written to `cycle` (0 when there is none). */
static size_t find_cycle(const order_graph *graph, size_t start,
                         size_t *cycle) {
  size_t n = graph->count;
  long *parent = malloc(n * sizeof *parent);
  size_t *queue = malloc(n * sizeof *queue);
  size_t length = 0;
  if (parent && queue) {
    for (size_t i = 0; i < n; i++) {
      parent[i] = -1;
    }
    size_t head = 0, tail = 0;
    queue[tail++] = start;
    parent[start] = (long)start;
    long last = -1;
    while (head < tail && last < 0) {
      size_t at = queue[head++];
      if (graph->edges[at * n + start].feature) {
        last = (long)at;
        break;
      }
      for (size_t next = 0; next < n; next++) {
        if (graph->edges[at * n + next].feature && parent[next] < 0) {
          parent[next] = (long)at;
          queue[tail++] = next;
        }
      }
    }
    /* Walk back from `last` to `start`, then reverse. */
    for (long at = last; at >= 0; at = parent[at]) {
      cycle[length++] = (size_t)at;
      if ((size_t)at == start) {
        break;
      }
    }
    for (size_t i = 0; i < length / 2; i++) {
      size_t swap = cycle[i];
      cycle[i] = cycle[length - 1 - i];
      cycle[length - 1 - i] = swap;
    }
  }
  free(parent);
  free(queue);
  return length;
}

anima_status anima_module_check_order(const anima_runtime *runtime,
                                      const anima_module_info *candidate,
                                      const char *where,
                                      anima_diagnostics *diagnostics) {
  order_graph graph;
  if (!graph_make(&graph, runtime, candidate)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t *rank = malloc(graph.count * sizeof *rank);
  size_t *cycle = malloc(graph.count * sizeof *cycle);
  anima_status status = rank && cycle ? ANIMA_OK : ANIMA_ERROR_NO_MEMORY;
  if (status == ANIMA_OK && !graph_rank(&graph, rank)) {
    size_t start = graph.count - 1, length = find_cycle(&graph, start, cycle);
    anima_text chain = {0};
    for (size_t i = 0; i < length; i++) {
      size_t before = cycle[i], later = cycle[(i + 1) % length];
      const order_edge *edge = &graph.edges[before * graph.count + later];
      anima_text_appendf(&chain, "%s%s runs after %s (its `%s` names \"%s\")",
                         i ? "; " : "", graph.infos[later]->name,
                         graph.infos[before]->name, edge->member,
                         edge->feature);
    }
    status = anima_module_error(
        diagnostics, NULL,
        "remove one of these `after` or `depends` entries: modules that "
        "order each other cannot both load",
        "module %s cannot be ordered: modules %s and %s would each run "
        "before the other within a stage (%s)",
        where, candidate->name,
        length > 1 ? graph.infos[cycle[1]]->name : "(unknown)",
        anima_text_string(&chain));
    anima_text_free(&chain);
  }
  free(rank);
  free(cycle);
  graph_free(&graph);
  return status;
}

anima_status anima_module_apply_order(anima_runtime *runtime) {
  if (runtime->module_count == 0) {
    return ANIMA_OK;
  }
  order_graph graph;
  if (!graph_make(&graph, runtime, NULL)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t *rank = malloc(graph.count * sizeof *rank);
  if (!rank) {
    graph_free(&graph);
    return ANIMA_ERROR_NO_MEMORY;
  }
  if (!graph_rank(&graph, rank)) {
    /* Unreachable: every module was checked before it loaded. */
    for (size_t i = 0; i < graph.count; i++) {
      rank[i] = i + 1;
    }
  }
  for (size_t i = 0; i < runtime->module_count; i++) {
    anima_module_handle *module = &runtime->modules[i];
    module->rank = rank[i];
    anima_registry_set_module_rank(runtime->registry, module->info->name,
                                   rank[i]);
    for (size_t r = 0; r < runtime->record_count; r++) {
      anima_module_report *report = &runtime->records[r]->report;
      if (report->loaded && strcmp(report->name, module->info->name) == 0) {
        report->rank = rank[i];
      }
    }
  }
  anima_registry_order_behaviours(runtime->registry);
  free(rank);
  graph_free(&graph);
  return ANIMA_OK;
}
