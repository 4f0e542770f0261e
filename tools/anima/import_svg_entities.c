/*
 * import_svg_entities.c — the bound on DTD entities in an imported SVG
 * (import_svg_internal.h; issue 10 F6). The importer parses without
 * substituting entities (no external entity is ever loaded), so a
 * reference stays in the tree and libxml2 expands it again each time an
 * attribute is read: 2 000 references to an 8 KB entity in one attribute
 * took a second, a 130 KB file more than a minute. An SVG icon needs at
 * most a handful of entities (old Illustrator exports name namespaces with
 * them); more than the bound below is refused with `import-invalid`.
 */
#include <libxml/entities.h>
#include <string.h>

#include "import_svg_internal.h"

/* References in the document, counting those inside entity text, and the
 * bytes of entity text they expand to (docs/DECISIONS.md). */
enum { maximum_references = 1024, maximum_bytes = 64 * 1024 };
/* Entities referring to entities referring to ...: at most this deep. */
enum { maximum_nesting = 8 };

typedef struct entity_budget {
  xmlDocPtr document;
  size_t references, bytes;
  const char *problem; /* why the file is refused, NULL while within */
  char entity[128];    /* the entity whose reference hit the problem */
  int line;            /* of the element holding that reference */
} entity_budget;

static bool count_entity(entity_budget *budget, const char *name, int depth);

/* Counts the general entity references (`&name;`, not `&#...;`) in an
 * entity's replacement text. */
static bool count_text(entity_budget *budget, const char *text, int depth) {
  for (const char *c = text; c != NULL && *c != '\0'; c++) {
    if (*c != '&' || c[1] == '#') {
      continue;
    }
    const char *end = strchr(c, ';');
    char name[128];
    if (end == NULL || (size_t)(end - c - 1) >= sizeof name) {
      continue; /* not a reference libxml2 accepted */
    }
    memcpy(name, c + 1, (size_t)(end - c - 1));
    name[end - c - 1] = '\0';
    if (!count_entity(budget, name, depth + 1)) {
      return false;
    }
    c = end;
  }
  return true;
}

static bool count_entity(entity_budget *budget, const char *name, int depth) {
  snprintf(budget->entity, sizeof budget->entity, "%s", name);
  xmlEntityPtr entity = xmlGetDocEntity(budget->document, BAD_CAST name);
  if (entity != NULL && entity->etype == XML_INTERNAL_PREDEFINED_ENTITY) {
    return true; /* &amp; and its kin */
  }
  if (entity == NULL || entity->etype != XML_INTERNAL_GENERAL_ENTITY) {
    budget->problem = "external";
    return false;
  }
  if (++budget->references > maximum_references) {
    budget->problem = "references";
    return false;
  }
  budget->bytes += (size_t)(entity->length > 0 ? entity->length : 0);
  if (budget->bytes > maximum_bytes) {
    budget->problem = "bytes";
    return false;
  }
  if (depth >= maximum_nesting) {
    budget->problem = "nesting";
    return false;
  }
  return count_text(budget, (const char *)entity->content, depth);
}

/* Walks nodes (and the attributes of elements) counting references. */
static bool count_nodes(entity_budget *budget, xmlNode *node, int line) {
  for (; node != NULL; node = node->next) {
    int here = node->type == XML_ELEMENT_NODE ? node->line : line;
    if (node->type == XML_ENTITY_REF_NODE) {
      budget->line = line;
      if (!count_entity(budget, (const char *)node->name, 0)) {
        return false;
      }
      continue;
    }
    if (node->type == XML_ELEMENT_NODE) {
      for (xmlAttr *attribute = node->properties; attribute != NULL;
           attribute = attribute->next) {
        if (!count_nodes(budget, attribute->children, here)) {
          return false;
        }
      }
      if (!count_nodes(budget, node->children, here)) {
        return false;
      }
    }
  }
  return true;
}

bool import_svg_check_entities(xmlDocPtr document,
                               anima_diagnostics *diagnostics) {
  entity_budget budget = {.document = document};
  if (count_nodes(&budget, document->children, 0)) {
    return true;
  }
  const char *hint = "replace the entity references with their text, or "
                     "export the SVG without a DOCTYPE";
  if (strcmp(budget.problem, "external") == 0) {
    anima_diagnostics_add(diagnostics, "import-invalid", ANIMA_SEVERITY_ERROR,
                          "", hint,
                          "&%s; is not an entity declared with its text in "
                          "the SVG's DOCTYPE; the importer loads no external "
                          "entities",
                          budget.entity);
  } else if (strcmp(budget.problem, "nesting") == 0) {
    anima_diagnostics_add(diagnostics, "import-invalid", ANIMA_SEVERITY_ERROR,
                          "", hint,
                          "entities nest more than %d deep (at &%s;); the "
                          "importer expands at most %d levels",
                          maximum_nesting, budget.entity, maximum_nesting);
  } else if (strcmp(budget.problem, "bytes") == 0) {
    anima_diagnostics_add(
        diagnostics, "import-invalid", ANIMA_SEVERITY_ERROR, "", hint,
        "the SVG's entity references (&%s; among them) "
        "expand to more than %d bytes; the importer expands "
        "at most %d bytes of entity text and %d references",
        budget.entity, maximum_bytes, maximum_bytes, maximum_references);
  } else {
    anima_diagnostics_add(
        diagnostics, "import-invalid", ANIMA_SEVERITY_ERROR, "", hint,
        "the SVG has more than %d entity references (&%s; "
        "among them); the importer expands at most %d "
        "references and %d bytes of entity text",
        maximum_references, budget.entity, maximum_references, maximum_bytes);
  }
  if (budget.line > 0) {
    anima_diagnostics_set_position(
        diagnostics, anima_diagnostics_count(diagnostics) - 1, budget.line, 0);
  }
  return false;
}
