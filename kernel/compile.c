/* PLACEHOLDER (lead): replaced by the player helper's compiler. */
#include "loader.h"

anima_status anima_model_compile(const anima_runtime *runtime,
                                 const json_t *document, anima_model **out) {
  (void)runtime;
  (void)document;
  *out = NULL;
  return ANIMA_ERROR_NO_MEMORY;
}
