/* runtime.c — the runtime object and the load pipeline (anima.h). */
#include <stdlib.h>

#include "loader.h"
#include "registry_internal.h"
#include "runtime_internal.h"

anima_runtime *anima_runtime_create(void) {
  anima_runtime *runtime = calloc(1, sizeof *runtime);
  if (!runtime) {
    return NULL;
  }
  runtime->registry = anima_registry_create();
  if (!runtime->registry ||
      anima_core_register(runtime->registry) != ANIMA_OK) {
    anima_runtime_destroy(runtime);
    return NULL;
  }
  return runtime;
}

void anima_runtime_destroy(anima_runtime *runtime) {
  if (!runtime) {
    return;
  }
  anima_registry_destroy(runtime->registry);
  anima_module_handles_close(runtime);
  free(runtime);
}

const anima_registry *anima_runtime_registry(const anima_runtime *runtime) {
  return runtime ? runtime->registry : NULL;
}

bool anima_runtime_has_feature(const anima_runtime *runtime,
                               const char *feature) {
  return runtime && anima_registry_has_feature(runtime->registry, feature);
}

/* Parses and validates; on success hands the parsed document to the caller. */
static anima_status parse_and_validate(anima_runtime *runtime, const char *text,
                                       size_t length,
                                       anima_diagnostics *diagnostics,
                                       json_t **document) {
  *document = NULL;
  if (!runtime || (!text && length > 0)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_diagnostics *found = anima_diagnostics_create();
  if (!found) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  json_t *parsed = NULL;
  anima_status status =
      anima_json_parse(text ? text : "", length, found, &parsed);
  if (status == ANIMA_OK) {
    anima_validate(runtime->registry, parsed, found);
    if (anima_diagnostics_error_count(found) > 0) {
      status = ANIMA_ERROR_INVALID_DOCUMENT;
    }
  }
  if (diagnostics) {
    anima_diagnostics_append(diagnostics, found);
  }
  anima_diagnostics_destroy(found);
  if (status == ANIMA_OK) {
    *document = parsed;
  } else {
    json_decref(parsed);
  }
  return status;
}

anima_status anima_document_validate(anima_runtime *runtime, const char *text,
                                     size_t length,
                                     anima_diagnostics *diagnostics) {
  json_t *document = NULL;
  anima_status status =
      parse_and_validate(runtime, text, length, diagnostics, &document);
  if (status == ANIMA_OK &&
      json_array_size(json_object_get(document, "requires")) > 0) {
    /* What only compiling finds (rig-cycle in the solve order, module
     * compile hooks) is part of what a load would report: compile a
     * throwaway model for it. Only modules report at compile, so a
     * document declaring no feature skips it. The registry is not frozen:
     * nothing of the model outlives this call. */
    anima_diagnostics *compile_errors = anima_diagnostics_create();
    anima_model *model = NULL;
    status = anima_model_compile(runtime, document, compile_errors, &model);
    if (compile_errors && anima_diagnostics_error_count(compile_errors) > 0) {
      status = ANIMA_ERROR_INVALID_DOCUMENT;
    }
    if (diagnostics && compile_errors) {
      anima_diagnostics_append(diagnostics, compile_errors);
    }
    anima_diagnostics_destroy(compile_errors);
    anima_model_destroy(model);
  }
  json_decref(document);
  return status;
}

anima_status anima_model_load(anima_runtime *runtime, const char *text,
                              size_t length, anima_diagnostics *diagnostics,
                              anima_model **out) {
  if (!out) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  *out = NULL;
  json_t *document = NULL;
  anima_status status =
      parse_and_validate(runtime, text, length, diagnostics, &document);
  if (status == ANIMA_OK) {
    /* The registry is frozen from the first model on (docs/MODULES.md
     * "Lifetimes"): models share its entries. */
    anima_registry_freeze(runtime->registry);
    anima_diagnostics *compile_errors = anima_diagnostics_create();
    status = anima_model_compile(runtime, document, compile_errors, out);
    bool reported =
        compile_errors && anima_diagnostics_error_count(compile_errors) > 0;
    if (diagnostics && compile_errors) {
      anima_diagnostics_append(diagnostics, compile_errors);
    }
    anima_diagnostics_destroy(compile_errors);
    if (reported) {
      status = ANIMA_ERROR_INVALID_DOCUMENT;
    } else if (status != ANIMA_OK && diagnostics) {
      /* A validated document must compile: say so rather than fail
       * silently. */
      anima_diagnostics_add(
          diagnostics,
          status == ANIMA_ERROR_NO_MEMORY ? "out-of-memory" : "internal-error",
          ANIMA_SEVERITY_ERROR, "", "please report this document",
          "the document is valid but could not be compiled (%s)",
          anima_status_name(status));
    }
  }
  json_decref(document);
  return status;
}
