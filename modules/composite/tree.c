/*
 * tree.c — the node tree of a document being checked or compiled, in the
 * kernel's pre-order node indices: parents, positions in the parent's
 * list, subtrees, ids and JSON pointers. Checks and lowering both ask who
 * is whose sibling, ancestor or descendant.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "composite.h"

void composite_pointer_append(char *pointer, size_t size, const char *token) {
  size_t length = strlen(pointer);
  if (length + 1 < size) {
    pointer[length++] = '/';
    pointer[length] = '\0';
  }
  for (const char *c = token; *c && length + 2 < size; c++) {
    if (*c == '~' || *c == '/') {
      pointer[length++] = '~';
      pointer[length++] = *c == '~' ? '0' : '1';
    } else {
      pointer[length++] = *c;
    }
    pointer[length] = '\0';
  }
}

const char *composite_string(const anima_json *object, const char *key) {
  const anima_host *host = composite_host;
  if (!object || host->json_type(object) != ANIMA_JSON_OBJECT) {
    return NULL;
  }
  const anima_json *value = host->json_member(object, key);
  return value && host->json_type(value) == ANIMA_JSON_STRING
             ? host->json_string(value, NULL)
             : NULL;
}

static bool allocate(composite_tree *tree, size_t count) {
  memset(tree, 0, sizeof *tree);
  size_t n = count ? count : 1;
  tree->count = count;
  tree->json = calloc(n, sizeof *tree->json);
  tree->id = calloc(n, sizeof *tree->id);
  tree->parent = calloc(n, sizeof *tree->parent);
  tree->position = calloc(n, sizeof *tree->position);
  tree->subtree_end = calloc(n, sizeof *tree->subtree_end);
  tree->pointer = calloc(n, sizeof *tree->pointer);
  if (!tree->json || !tree->id || !tree->parent || !tree->position ||
      !tree->subtree_end || !tree->pointer) {
    composite_tree_free(tree);
    return false;
  }
  return true;
}

/* Subtree ends from the parents (pre-order: a node's descendants follow
 * it), and positions from the order of siblings. */
static void finish(composite_tree *tree) {
  for (size_t i = 0; i < tree->count; i++) {
    tree->subtree_end[i] = i + 1;
  }
  for (size_t i = tree->count; i-- > 0;) {
    long parent = tree->parent[i];
    if (parent >= 0 && tree->subtree_end[i] > tree->subtree_end[parent]) {
      tree->subtree_end[parent] = tree->subtree_end[i];
    }
  }
}

/* The pointer's parent node pointer: "/nodes/0/children/2" gives
 * "/nodes/0" and position 2; "/nodes/3" gives "" and 3. */
static size_t parent_prefix(const char *pointer, size_t *position) {
  const char *last = strrchr(pointer, '/');
  *position = last ? (size_t)strtoul(last + 1, NULL, 10) : 0;
  if (!last || last == pointer) {
    return 0;
  }
  size_t length = (size_t)(last - pointer);
  /* strip "/children" */
  static const char children[] = "/children";
  size_t suffix = sizeof children - 1;
  if (length >= suffix &&
      memcmp(pointer + length - suffix, children, suffix) == 0) {
    return length - suffix;
  }
  return 0;
}

bool composite_tree_from_check(composite_tree *tree, anima_check *check) {
  const anima_host *host = composite_host;
  size_t count = host->check_node_count(check);
  if (!allocate(tree, count)) {
    return false;
  }
  /* Pre-order: a node's parent is the nearest earlier node whose pointer
   * is the node's own pointer without its last "/children/<i>". */
  long *stack = calloc(count ? count : 1, sizeof *stack);
  size_t depth = 0;
  if (!stack) {
    composite_tree_free(tree);
    return false;
  }
  for (size_t i = 0; i < count; i++) {
    const char *pointer = NULL;
    tree->json[i] = host->check_node(check, i, &pointer);
    tree->pointer[i] = strdup(pointer ? pointer : "");
    if (!tree->pointer[i]) {
      free(stack);
      composite_tree_free(tree);
      return false;
    }
    tree->id[i] = composite_string(tree->json[i], "id");
    size_t prefix = parent_prefix(tree->pointer[i], &tree->position[i]);
    tree->parent[i] = -1;
    while (depth > 0) {
      const char *candidate = tree->pointer[stack[depth - 1]];
      if (prefix > 0 && strlen(candidate) == prefix &&
          memcmp(candidate, tree->pointer[i], prefix) == 0) {
        tree->parent[i] = stack[depth - 1];
        break;
      }
      depth--;
    }
    stack[depth++] = (long)i;
  }
  free(stack);
  finish(tree);
  return true;
}

bool composite_tree_from_compile(composite_tree *tree, anima_compile *compile) {
  const anima_host *host = composite_host;
  size_t count = host->compile_node_count(compile);
  if (!allocate(tree, count)) {
    return false;
  }
  size_t *next = calloc(count + 1, sizeof *next); /* per parent, + top */
  if (!next) {
    composite_tree_free(tree);
    return false;
  }
  for (size_t i = 0; i < count; i++) {
    tree->json[i] = host->compile_node_json(compile, i);
    tree->id[i] = host->compile_node_id(compile, i);
    tree->parent[i] = host->compile_node_parent(compile, i);
    size_t slot = tree->parent[i] < 0 ? count : (size_t)tree->parent[i];
    tree->position[i] = next[slot]++;
    char pointer[COMPOSITE_POINTER_SIZE];
    char index[32];
    snprintf(index, sizeof index, "%zu", tree->position[i]);
    if (tree->parent[i] < 0) {
      snprintf(pointer, sizeof pointer, "/nodes/%s", index);
    } else {
      snprintf(pointer, sizeof pointer, "%s/children/%s",
               tree->pointer[tree->parent[i]], index);
    }
    tree->pointer[i] = strdup(pointer);
    if (!tree->pointer[i]) {
      free(next);
      composite_tree_free(tree);
      return false;
    }
  }
  free(next);
  finish(tree);
  return true;
}

void composite_tree_free(composite_tree *tree) {
  for (size_t i = 0; tree->pointer && i < tree->count; i++) {
    free(tree->pointer[i]);
  }
  free(tree->pointer);
  free(tree->json);
  free(tree->id);
  free(tree->parent);
  free(tree->position);
  free(tree->subtree_end);
  memset(tree, 0, sizeof *tree);
}

long composite_tree_find(const composite_tree *tree, const char *id) {
  for (size_t i = 0; id && i < tree->count; i++) {
    if (tree->id[i] && strcmp(tree->id[i], id) == 0) {
      return (long)i;
    }
  }
  return -1;
}

bool composite_tree_contains(const composite_tree *tree, size_t ancestor,
                             size_t node) {
  return node > ancestor && node < tree->subtree_end[ancestor];
}

long composite_tree_child(const composite_tree *tree, long parent,
                          size_t position) {
  size_t start = parent < 0 ? 0 : (size_t)parent + 1;
  size_t end = parent < 0 ? tree->count : tree->subtree_end[parent];
  for (size_t i = start; i < end; i++) {
    if (tree->parent[i] == parent && tree->position[i] == position) {
      return (long)i;
    }
  }
  return -1;
}

size_t composite_tree_child_count(const composite_tree *tree, long parent) {
  size_t count = 0;
  size_t start = parent < 0 ? 0 : (size_t)parent + 1;
  size_t end = parent < 0 ? tree->count : tree->subtree_end[parent];
  for (size_t i = start; i < end; i++) {
    count += tree->parent[i] == parent;
  }
  return count;
}

bool composite_tree_is_container(const composite_tree *tree, size_t node) {
  const anima_host *host = composite_host;
  const char *type = composite_string(tree->json[node], "type");
  return (type && strcmp(type, "group") == 0) ||
         host->json_member(tree->json[node], "children") != NULL;
}
