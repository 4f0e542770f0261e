/*
 * compile_solvers.c — the solver list of a model (module.h
 * anima_solver_kind_desc; rig chapter "Rig stage and extension
 * contract"): every item of a node's solver list (`constraints`) whose
 * kind a declared feature registered is compiled once (site CONSTRAINT),
 * and all of them are sorted once: a host after the hosts its targets and
 * their ancestors are, a parent before its children, authored order
 * otherwise (document order of hosts, then list order). A dependency that
 * closes a cycle is `rig-cycle` at the constraint closing it. A solver's
 * declared writes (nodes it sets besides its host) precede their other
 * descendants.
 */
#include <stdlib.h>
#include <string.h>

#include "compile_internal.h"
#include "registry_internal.h"
#include "text.h"

/* One compiled item before sorting. */
typedef struct pending {
  anima_model_solver solver;
  const char *kind;
  size_t index;  /* position in its list */
  char *pointer; /* owned */
  long *targets; /* owned */
  size_t target_count;
  long *writes; /* owned: nodes `solve` sets besides the host */
  size_t write_count;
} pending;

typedef struct solver_compile {
  anima_compiler *compiler;
  pending *items;
  size_t count, capacity;
} solver_compile;

/* The solver kind for (list, kind) of a declared feature, or NULL. */
static const anima_behaviour *find_kind(const anima_model *model,
                                        const char *list, const char *kind) {
  size_t count = anima_registry_behaviour_count(model->registry,
                                                ANIMA_BEHAVIOUR_SOLVER_KIND);
  for (size_t i = 0; kind && i < count; i++) {
    const anima_behaviour *entry = anima_registry_behaviour(
        model->registry, ANIMA_BEHAVIOUR_SOLVER_KIND, i);
    const anima_solver_kind_desc *desc = entry->desc;
    if (desc->list_field && desc->kind && desc->solve &&
        strcmp(desc->list_field, list) == 0 && strcmp(desc->kind, kind) == 0 &&
        anima_feature_declared(desc->feature, model->requires,
                               model->require_count)) {
      return entry;
    }
  }
  return NULL;
}

/* The discriminator of the items of `list` on node type `type` (the
 * family's, registry forms), "kind" when the registry does not say. */
static const char *discriminator(const anima_model *model, const char *type,
                                 const char *list) {
  const anima_field *field =
      anima_registry_find_field(model->registry, type, list);
  const anima_kind *family =
      field ? anima_registry_find_kind(model->registry, field->item_kind)
            : NULL;
  return family && family->discriminator ? family->discriminator : "kind";
}

typedef size_t (*node_list)(const void *data, long *nodes, size_t capacity,
                            void *user);

/* The nodes `list` gives (dependencies, writes), asked until the buffer is
 * large enough. */
static anima_status ask_nodes(node_list list,
                              const anima_solver_kind_desc *desc,
                              const pending *item, long **out, size_t *count) {
  if (!list) {
    return ANIMA_OK;
  }
  size_t capacity = 8;
  for (int attempt = 0; attempt < 2; attempt++) {
    long *nodes = malloc(capacity * sizeof *nodes);
    if (!nodes) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    size_t given = list(item->solver.data, nodes, capacity, desc->user);
    if (given <= capacity) {
      *out = nodes;
      *count = given;
      return ANIMA_OK;
    }
    free(nodes);
    capacity = given;
  }
  return ANIMA_ERROR_INVALID_ARGUMENT; /* the count keeps changing */
}

/* The nodes `desc` depends on, and those it writes besides its host. */
static anima_status ask_dependencies(const anima_solver_kind_desc *desc,
                                     pending *item) {
  anima_status status = ask_nodes(desc->dependencies, desc, item,
                                  &item->targets, &item->target_count);
  if (status == ANIMA_OK) {
    status =
        ask_nodes(desc->writes, desc, item, &item->writes, &item->write_count);
  }
  return status;
}

/* Compiles the items of one solver list of node `node`. */
static anima_status compile_list(solver_compile *state, size_t node,
                                 const json_t *object, const char *list_field,
                                 anima_text *pointer) {
  anima_compiler *compiler = state->compiler;
  anima_model *model = compiler->model;
  const json_t *list = json_object_get(object, list_field);
  const char *key = discriminator(model, model->nodes[node].type, list_field);
  size_t prefix = pointer->length;
  anima_status status = ANIMA_OK;
  for (size_t i = 0; status == ANIMA_OK && i < json_array_size(list); i++) {
    const json_t *item_json = json_array_get(list, i);
    const char *kind = json_string_value(json_object_get(item_json, key));
    const anima_behaviour *entry = find_kind(model, list_field, kind);
    if (!entry) {
      continue; /* not a solver kind of a declared feature */
    }
    const anima_solver_kind_desc *desc = entry->desc;
    if (!anima_compile_grow((void **)&state->items, state->count,
                            &state->capacity, sizeof *state->items)) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    pending *item = &state->items[state->count];
    memset(item, 0, sizeof *item);
    anima_text_truncate(pointer, prefix);
    anima_text_append_pointer_token(pointer, list_field);
    anima_text_append_pointer_index(pointer, i);
    item->pointer = anima_strdup(anima_text_string(pointer));
    if (!item->pointer) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    state->count++;
    item->kind = desc->kind;
    item->index = i;
    item->solver.desc = desc;
    item->solver.host = node;
    item->solver.index = i;
    anima_site site = {
        .struct_size = sizeof site,
        .kind = ANIMA_SITE_CONSTRAINT,
        .json = (const anima_json *)item_json,
        .pointer = item->pointer,
        .node = (long)node,
        .layer = -1,
        .state = -1,
        .index = i,
    };
    status = anima_compile_lifecycle(compiler, &desc->lifecycle, desc->user,
                                     &site, entry->module, &item->solver.data,
                                     &item->solver.instance);
    if (status == ANIMA_OK) {
      anima_text address = {0};
      anima_text_appendf(&address, "%s.%zu.strength", list_field, i);
      item->solver.strength = anima_model_node_address_slot(
          model, node, anima_text_string(&address));
      anima_text_free(&address);
      status = ask_dependencies(desc, item);
    }
  }
  anima_text_truncate(pointer, prefix);
  return status;
}

/* Every solver list of node `node`: each list field that a declared
 * solver kind names, once. */
static anima_status compile_node(solver_compile *state, size_t node,
                                 const json_t *object, anima_text *pointer) {
  const anima_model *model = state->compiler->model;
  size_t count = anima_registry_behaviour_count(model->registry,
                                                ANIMA_BEHAVIOUR_SOLVER_KIND);
  anima_status status = ANIMA_OK;
  for (size_t i = 0; status == ANIMA_OK && i < count; i++) {
    const anima_solver_kind_desc *desc =
        anima_registry_behaviour(model->registry, ANIMA_BEHAVIOUR_SOLVER_KIND,
                                 i)
            ->desc;
    bool seen = !desc->list_field;
    for (size_t j = 0; !seen && j < i; j++) {
      const anima_solver_kind_desc *earlier =
          anima_registry_behaviour(model->registry, ANIMA_BEHAVIOUR_SOLVER_KIND,
                                   j)
              ->desc;
      seen = earlier->list_field &&
             strcmp(earlier->list_field, desc->list_field) == 0;
    }
    if (!seen && json_is_array(json_object_get(object, desc->list_field))) {
      status = compile_list(state, node, object, desc->list_field, pointer);
    }
  }
  return status;
}

static anima_status visit_node(void *state, size_t node, const json_t *object,
                               anima_text *pointer) {
  return compile_node(state, node, object, pointer);
}

/* ---- sorting --------------------------------------------------------- */

typedef struct host_graph {
  size_t count;  /* hosts, in authored (document) order */
  size_t *nodes; /* host → node */
  long *host_of; /* node → host, or -1 */
  bool *before;  /* before[a * count + b]: host a precedes host b */
  bool *visited; /* scratch of reaches() */
} host_graph;

/* Is there a path of `before` edges from host `from` to host `to`? */
static bool reaches(host_graph *graph, size_t from, size_t to) {
  if (from == to) {
    return true;
  }
  memset(graph->visited, 0, graph->count * sizeof *graph->visited);
  size_t *stack = graph->nodes + graph->count; /* scratch after the nodes */
  size_t depth = 0;
  stack[depth++] = from;
  graph->visited[from] = true;
  while (depth > 0) {
    size_t current = stack[--depth];
    for (size_t next = 0; next < graph->count; next++) {
      if (graph->before[current * graph->count + next] &&
          !graph->visited[next]) {
        if (next == to) {
          return true;
        }
        graph->visited[next] = true;
        stack[depth++] = next;
      }
    }
  }
  return false;
}

static void report_cycle(anima_compiler *compiler, const pending *item,
                         const char *target, const char *why) {
  if (!compiler->diagnostics) {
    return;
  }
  const anima_model *model = compiler->model;
  anima_diagnostics_add(
      compiler->diagnostics, "rig-cycle", ANIMA_SEVERITY_ERROR, item->pointer,
      "move its target outside the constrained subtree",
      "the %s constraint of \"%s\" targets \"%s\", %s", item->kind,
      model->nodes[item->solver.host].id, target, why);
}

static bool valid_node(const anima_model *model, long node) {
  return node >= 0 && (size_t)node < model->node_count;
}

/* Is `node` `ancestor` or below it? */
static bool at_or_below(const anima_model *model, long node, long ancestor) {
  for (; node >= 0; node = model->nodes[node].parent) {
    if (node == ancestor) {
      return true;
    }
  }
  return false;
}

/* Adds the edge host `from` → host `to` for `item` unless it closes a
 * cycle (reported, false). */
static bool add_edge(anima_compiler *compiler, host_graph *graph,
                     const pending *item, size_t from, size_t to,
                     const char *target_id) {
  if (from == to || reaches(graph, to, from)) {
    anima_text why = {0};
    if (from == to) {
      anima_text_append(&why, "a node it writes itself");
    } else {
      anima_text_appendf(&why, "which waits for \"%s\" already",
                         compiler->model->nodes[item->solver.host].id);
    }
    report_cycle(compiler, item, target_id, anima_text_string(&why));
    anima_text_free(&why);
    return false;
  }
  graph->before[from * graph->count + to] = true;
  return true;
}

/* The edges of `item`'s declared writes (module.h
 * anima_solver_kind_desc.writes): its host precedes every other host at or
 * below a written node that is not an ancestor of its host, and every
 * solver whose target lies at or below a written node. */
static bool add_write_edges(anima_compiler *compiler, host_graph *graph,
                            const pending *items, size_t count,
                            const pending *item) {
  const anima_model *model = compiler->model;
  long host_node = (long)item->solver.host;
  size_t host = (size_t)graph->host_of[host_node];
  for (size_t w = 0; w < item->write_count; w++) {
    long written = item->writes[w];
    if (!valid_node(model, written)) {
      continue;
    }
    for (size_t other = 0; other < graph->count; other++) {
      long node = (long)graph->nodes[other];
      if (other == host || at_or_below(model, host_node, node) ||
          !at_or_below(model, node, written)) {
        continue;
      }
      if (!add_edge(compiler, graph, item, host, other,
                    model->nodes[node].id)) {
        return false;
      }
    }
    for (size_t j = 0; j < count; j++) {
      for (size_t t = 0; t < items[j].target_count; t++) {
        long target = items[j].targets[t];
        if (!valid_node(model, target) ||
            !at_or_below(model, target, written)) {
          continue;
        }
        size_t to = (size_t)graph->host_of[items[j].solver.host];
        if (to == host && &items[j] != item) {
          continue; /* the same host: authored order */
        }
        if (to != host && graph->before[host * graph->count + to]) {
          continue;
        }
        if (!add_edge(compiler, graph, item, host, to,
                      model->nodes[target].id)) {
          return false;
        }
      }
    }
  }
  return true;
}

/* Adds the edges of `item`: every host among its targets and their
 * ancestors precedes its host. False (reported) when one closes a
 * cycle. */
static bool add_edges(anima_compiler *compiler, host_graph *graph,
                      const pending *item) {
  const anima_model *model = compiler->model;
  size_t host = (size_t)graph->host_of[item->solver.host];
  for (size_t t = 0; t < item->target_count; t++) {
    long target = item->targets[t];
    if (target < 0 || (size_t)target >= model->node_count) {
      continue;
    }
    const char *target_id = model->nodes[target].id;
    for (long node = target; node >= 0; node = model->nodes[node].parent) {
      long other = graph->host_of[node];
      if (other < 0) {
        continue;
      }
      if ((size_t)other == host) {
        report_cycle(compiler, item, target_id,
                     node == target ? "itself"
                                    : "inside the subtree it constrains");
        return false;
      }
      if (reaches(graph, host, (size_t)other)) {
        anima_text why = {0};
        anima_text_appendf(&why, "which waits for \"%s\" already",
                           model->nodes[item->solver.host].id);
        report_cycle(compiler, item, target_id, anima_text_string(&why));
        anima_text_free(&why);
        return false;
      }
      graph->before[(size_t)other * graph->count + host] = true;
    }
  }
  return true;
}

/* Hosts in dependency order, the earliest authored first among those
 * ready (Kahn). `order` receives `count` hosts. */
static void topological(host_graph *graph, size_t *order) {
  size_t n = graph->count;
  bool *done = graph->visited;
  memset(done, 0, n * sizeof *done);
  for (size_t placed = 0; placed < n; placed++) {
    for (size_t candidate = 0; candidate < n; candidate++) {
      if (done[candidate]) {
        continue;
      }
      bool ready = true;
      for (size_t other = 0; ready && other < n; other++) {
        ready = done[other] || !graph->before[other * n + candidate];
      }
      if (ready) {
        done[candidate] = true;
        order[placed] = candidate;
        break;
      }
    }
  }
}

static anima_status sort_solvers(solver_compile *state) {
  anima_compiler *compiler = state->compiler;
  anima_model *model = compiler->model;
  host_graph graph = {0};
  graph.host_of = malloc((model->node_count ? model->node_count : 1) *
                         sizeof *graph.host_of);
  /* nodes: hosts, then the same room again as DFS scratch. */
  graph.nodes = malloc((2 * state->count + 1) * sizeof *graph.nodes);
  if (!graph.host_of || !graph.nodes) {
    free(graph.host_of);
    free(graph.nodes);
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < model->node_count; i++) {
    graph.host_of[i] = -1;
  }
  for (size_t i = 0; i < state->count; i++) {
    size_t node = state->items[i].solver.host;
    if (graph.host_of[node] < 0) {
      graph.host_of[node] = (long)graph.count;
      graph.nodes[graph.count++] = node;
    }
  }
  size_t n = graph.count;
  graph.before = calloc(n > 0 ? n * n : 1, sizeof *graph.before);
  graph.visited = calloc(n ? n : 1, sizeof *graph.visited);
  size_t *order = malloc((n ? n : 1) * sizeof *order);
  model->solvers = calloc(state->count, sizeof *model->solvers);
  size_t written = 0;
  for (size_t i = 0; i < state->count; i++) {
    written += state->items[i].write_count;
  }
  model->solver_hosts =
      calloc(n + written ? n + written : 1, sizeof *model->solver_hosts);
  anima_status status = ANIMA_OK;
  if (!graph.before || !graph.visited || !order || !model->solvers ||
      !model->solver_hosts) {
    status = ANIMA_ERROR_NO_MEMORY;
  }
  /* Parents before children. */
  for (size_t h = 0; status == ANIMA_OK && h < n; h++) {
    for (long parent = model->nodes[graph.nodes[h]].parent; parent >= 0;
         parent = model->nodes[parent].parent) {
      if (graph.host_of[parent] >= 0) {
        graph.before[(size_t)graph.host_of[parent] * n + h] = true;
      }
    }
  }
  /* Targets before hosts, in authored order: the first edge that closes a
   * cycle names its constraint. */
  for (size_t i = 0; status == ANIMA_OK && i < state->count; i++) {
    if (!add_edges(compiler, &graph, &state->items[i])) {
      status = ANIMA_ERROR_INVALID_DOCUMENT;
    }
  }
  /* Declared writes before their other descendants. */
  for (size_t i = 0; status == ANIMA_OK && i < state->count; i++) {
    if (!add_write_edges(compiler, &graph, state->items, state->count,
                         &state->items[i])) {
      status = ANIMA_ERROR_INVALID_DOCUMENT;
    }
  }
  if (status == ANIMA_OK) {
    topological(&graph, order);
    for (size_t k = 0; k < n; k++) {
      size_t node = graph.nodes[order[k]];
      model->solver_hosts[model->solver_host_count++] = node;
      for (size_t i = 0; i < state->count; i++) {
        if (state->items[i].solver.host == node) {
          model->solvers[model->solver_count++] = state->items[i].solver;
        }
      }
    }
    /* Written nodes that are not hosts start a second solve afresh too. */
    for (size_t i = 0; i < state->count; i++) {
      for (size_t w = 0; w < state->items[i].write_count; w++) {
        long node = state->items[i].writes[w];
        bool known = !valid_node(model, node);
        for (size_t k = 0; !known && k < model->solver_host_count; k++) {
          known = model->solver_hosts[k] == (size_t)node;
        }
        if (!known) {
          model->solver_hosts[model->solver_host_count++] = (size_t)node;
        }
      }
    }
  }
  free(order);
  free(graph.host_of);
  free(graph.nodes);
  free(graph.before);
  free(graph.visited);
  return status;
}

anima_status anima_compile_solvers(anima_compiler *compiler) {
  anima_model *model = compiler->model;
  if (anima_registry_behaviour_count(model->registry,
                                     ANIMA_BEHAVIOUR_SOLVER_KIND) == 0) {
    return ANIMA_OK;
  }
  solver_compile state = {.compiler = compiler};
  anima_status status = anima_compile_each_node(compiler, visit_node, &state);
  if (status == ANIMA_OK && state.count > 0) {
    status = sort_solvers(&state);
    model->step_modules = model->step_modules || model->solver_count > 0;
  }
  for (size_t i = 0; i < state.count; i++) {
    free(state.items[i].pointer);
    free(state.items[i].targets);
    free(state.items[i].writes);
  }
  free(state.items);
  return status;
}
