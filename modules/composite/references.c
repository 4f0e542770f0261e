/*
 * references.c — the node references of `mask.source`, `clip.source` and
 * `drawOrder.target` (SPEC composite, "Compositing diagnostics"):
 *
 *   unknown-source    a reference naming no node, at the reference
 *   self-reference    a node referring to itself, at the referencing
 *                     object; also a mask whose source lies inside the
 *                     node it masks (the node would mask itself with its
 *                     own part: docs/DECISIONS.md)
 *   reference-cycle   drawing a node needs drawing itself: a mask source
 *                     that contains the masked node (an ancestor), or a
 *                     chain of masks and children that comes back (a is
 *                     masked by b whose child is masked by a), or a chain
 *                     of drawOrder targets that comes back; at the
 *                     referencing object of the node closing the cycle
 *
 * Clips only take their source's outline, which never depends on what is
 * drawn, so clips take part in no cycle. What the references then mean
 * (clip-source-not-painted, bad-draw-target) is checked by clip.c and
 * draw_order.c on the references found valid here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "composite.h"

/* What each node refers to, once resolved (-1: none or bad). */
typedef struct references {
  const composite_tree *tree;
  long *mask;   /* mask source */
  long *target; /* drawOrder target */
} references;

static void pointer_of(char *out, const composite_tree *tree, size_t node,
                       const char *key, const char *member) {
  snprintf(out, COMPOSITE_POINTER_SIZE, "%s", tree->pointer[node]);
  composite_pointer_append(out, COMPOSITE_POINTER_SIZE, key);
  if (member) {
    composite_pointer_append(out, COMPOSITE_POINTER_SIZE, member);
  }
}

/* The closest node id to `word`, or NULL. */
static const char *closest_id(const composite_tree *tree, const char *word) {
  const char **ids = calloc(tree->count ? tree->count : 1, sizeof *ids);
  if (!ids) {
    return NULL;
  }
  size_t count = 0;
  for (size_t i = 0; i < tree->count; i++) {
    if (tree->id[i]) {
      ids[count++] = tree->id[i];
    }
  }
  const char *closest = composite_host->closest_name(word, ids, count);
  free(ids);
  return closest;
}

/*
 * Resolves `node`'s reference `key`.`member` ("mask"."source"): the node
 * it names, or -1 when absent or reported (unknown-source, self-reference).
 */
static long resolve(anima_check *check, const composite_tree *tree, size_t node,
                    const char *key, const char *member, const char *what) {
  const anima_host *host = composite_host;
  const anima_json *object = host->json_member(tree->json[node], key);
  const char *name = composite_string(object, member);
  if (!name) {
    return -1; /* absent or not a string: the registry reported it */
  }
  char pointer[COMPOSITE_POINTER_SIZE];
  long found = composite_tree_find(tree, name);
  if (found < 0) {
    pointer_of(pointer, tree, node, key, member);
    const char *closest = closest_id(tree, name);
    char hint[256];
    if (closest) {
      snprintf(hint, sizeof hint, "did you mean \"%s\"?", closest);
    } else {
      snprintf(hint, sizeof hint, "name the id of a node of this document");
    }
    host->check_report(check, "unknown-source", ANIMA_SEVERITY_ERROR, pointer,
                       hint, "the %s \"%s\" is not a node of this document",
                       what, name);
    return -1;
  }
  if ((size_t)found == node) {
    pointer_of(pointer, tree, node, key, NULL);
    host->check_report(check, "self-reference", ANIMA_SEVERITY_ERROR, pointer,
                       "name another node",
                       "node \"%s\" names itself as its %s", name, what);
    return -1;
  }
  return found;
}

/* A mask source inside the masked node (a descendant). */
static bool source_inside(anima_check *check, const composite_tree *tree,
                          size_t node, size_t source) {
  if (!composite_tree_contains(tree, node, source)) {
    return false;
  }
  char pointer[COMPOSITE_POINTER_SIZE], hint[256];
  const char *id = tree->id[node] ? tree->id[node] : "";
  pointer_of(pointer, tree, node, "mask", NULL);
  snprintf(hint, sizeof hint,
           "mask with a node outside \"%s\", or move the source out of it", id);
  composite_host->check_report(
      check, "self-reference", ANIMA_SEVERITY_ERROR, pointer, hint,
      "the mask source \"%s\" is inside \"%s\", the node it masks",
      tree->id[source], id);
  return true;
}

/* Drawing `node` draws its mask source and its children: is `goal` among
 * what drawing `node` needs? Depth-first with marks (each node once). */
static bool draws_into(const references *refs, size_t node, size_t goal,
                       unsigned char *seen, int depth) {
  const composite_tree *tree = refs->tree;
  if (node == goal && depth > 0) {
    return true;
  }
  if (seen[node] || depth > 4096) {
    return false;
  }
  seen[node] = 1;
  if (refs->mask[node] >= 0 &&
      draws_into(refs, (size_t)refs->mask[node], goal, seen, depth + 1)) {
    return true;
  }
  for (size_t child = node + 1; child < tree->subtree_end[node]; child++) {
    if (tree->parent[child] == (long)node &&
        draws_into(refs, child, goal, seen, depth + 1)) {
      return true;
    }
  }
  return false;
}

static void check_mask_cycles(anima_check *check, const references *refs) {
  const composite_tree *tree = refs->tree;
  unsigned char *seen = calloc(tree->count ? tree->count : 1, 1);
  if (!seen) {
    return;
  }
  for (size_t node = 0; node < tree->count; node++) {
    if (refs->mask[node] < 0) {
      continue;
    }
    memset(seen, 0, tree->count);
    size_t source = (size_t)refs->mask[node];
    if (draws_into(refs, source, node, seen, 1)) {
      char pointer[COMPOSITE_POINTER_SIZE], hint[256];
      const char *id = tree->id[node] ? tree->id[node] : "";
      pointer_of(pointer, tree, node, "mask", NULL);
      snprintf(hint, sizeof hint,
               "mask with a node whose drawing does not need \"%s\"", id);
      composite_host->check_report(
          check, "reference-cycle", ANIMA_SEVERITY_ERROR, pointer, hint,
          composite_tree_contains(tree, source, node)
              ? "the mask source \"%s\" contains \"%s\", the node it masks"
              : "drawing the mask source \"%s\" needs \"%s\" itself, through "
                "a chain of masks",
          tree->id[source], id);
      /* one report per cycle: the rest of it is not reported again */
      refs->mask[node] = -1;
    }
  }
  free(seen);
}

static void check_order_cycles(anima_check *check, const references *refs) {
  const composite_tree *tree = refs->tree;
  for (size_t node = 0; node < tree->count; node++) {
    /* follow the chain at most count steps */
    long current = refs->target[node];
    for (size_t step = 0; current >= 0 && step <= tree->count; step++) {
      if ((size_t)current == node) {
        char pointer[COMPOSITE_POINTER_SIZE];
        pointer_of(pointer, tree, node, "drawOrder", NULL);
        composite_host->check_report(
            check, "reference-cycle", ANIMA_SEVERITY_ERROR, pointer,
            "remove one of the drawOrder rules of the chain",
            "the drawOrder targets of \"%s\" lead back to \"%s\"",
            tree->id[node] ? tree->id[node] : "",
            tree->id[node] ? tree->id[node] : "");
        refs->target[node] = -1;
        break;
      }
      current = refs->target[current];
    }
  }
}

void composite_check_references(anima_check *check,
                                const composite_tree *tree) {
  references refs = {.tree = tree};
  size_t n = tree->count ? tree->count : 1;
  refs.mask = malloc(n * sizeof *refs.mask);
  refs.target = malloc(n * sizeof *refs.target);
  if (!refs.mask || !refs.target) {
    free(refs.mask);
    free(refs.target);
    return;
  }
  for (size_t node = 0; node < tree->count; node++) {
    refs.mask[node] =
        resolve(check, tree, node, "mask", "source", "mask source");
    if (refs.mask[node] >= 0 &&
        source_inside(check, tree, node, (size_t)refs.mask[node])) {
      refs.mask[node] = -1;
    }
    long clip = resolve(check, tree, node, "clip", "source", "clip source");
    if (clip >= 0) {
      composite_check_clip_source(check, tree, node, (size_t)clip);
    }
    refs.target[node] =
        resolve(check, tree, node, "drawOrder", "target", "drawOrder target");
    if (refs.target[node] >= 0 &&
        !composite_check_draw_target(check, tree, node,
                                     (size_t)refs.target[node])) {
      refs.target[node] = -1;
    }
  }
  check_mask_cycles(check, &refs);
  check_order_cycles(check, &refs);
  free(refs.mask);
  free(refs.target);
}
