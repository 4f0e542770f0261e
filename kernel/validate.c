/* PLACEHOLDER (lead): replaced by the loader helper's validator. */
#include "loader.h"

void anima_validate(const anima_registry *registry, const json_t *document,
                    anima_diagnostics *diagnostics) {
  (void)registry;
  (void)document;
  (void)diagnostics;
}
