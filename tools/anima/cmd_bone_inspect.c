/*
 * cmd_bone_inspect.c — `anima bone inspect <file.obone> [--format=text|json]`:
 * what a document holds once loaded (libanima-openbone's introspection):
 * counts, the bone tree's roots, skins, the constraints in the order they
 * run (§3.2 constraintOrder), sliders, animations with their durations,
 * events, state machines and the uses of features this runtime does not
 * implement. Loader diagnostics go to stderr. Exit status as validate.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "anima/openbone.h"
#include "cli.h"
#include "commands.h"
#include "json_print.h"

static json_t *describe(const anima_bone_model *model) {
  anima_bone_model_info info;
  anima_bone_model_info_get(model, &info);
  json_t *out = json_object();
  json_t *roots = json_array(), *skins = json_array();
  json_t *constraints = json_array(), *animations = json_array();
  for (size_t i = 0; i < info.bones; i++) {
    if (anima_bone_model_bone_parent(model, i) == NULL) {
      json_array_append_new(roots,
                            json_string(anima_bone_model_bone_name(model, i)));
    }
  }
  for (size_t i = 0; i < info.skins; i++) {
    json_array_append_new(skins,
                          json_string(anima_bone_model_skin_name(model, i)));
  }
  const char *kind = NULL, *name = NULL;
  for (size_t i = 0; (name = anima_bone_model_constraint(model, i, &kind));
       i++) {
    json_array_append_new(constraints,
                          json_pack("{s:s, s:s}", "kind", kind, "name", name));
  }
  double duration = 0;
  for (size_t i = 0; (name = anima_bone_model_animation(model, i, &duration));
       i++) {
    json_array_append_new(animations, json_pack("{s:s, s:f}", "name", name,
                                                "duration", duration));
  }
  json_object_set_new(out, "bones", json_integer((json_int_t)info.bones));
  json_object_set_new(out, "roots", roots);
  json_object_set_new(out, "slots", json_integer((json_int_t)info.slots));
  json_object_set_new(out, "skins", skins);
  json_object_set_new(out, "constraints", constraints);
  json_object_set_new(out, "sliders", json_integer((json_int_t)info.sliders));
  json_object_set_new(out, "animations", animations);
  json_object_set_new(out, "events", json_integer((json_int_t)info.events));
  json_object_set_new(out, "stateMachines",
                      json_integer((json_int_t)info.machines));
  json_object_set_new(out, "referenceScale", json_real(info.reference_scale));
  json_object_set_new(out, "notImplemented",
                      json_integer((json_int_t)info.unsupported));
  return out;
}

static void print_text(const char *path, const json_t *d) {
  printf("%s: OpenBone skeleton\n", path);
  printf("  bones: %lld (roots:",
         (long long)json_integer_value(json_object_get(d, "bones")));
  size_t i;
  json_t *item;
  json_array_foreach(json_object_get(d, "roots"), i, item) {
    printf(" %s", json_string_value(item));
  }
  printf(")\n  slots: %lld\n  skins:",
         (long long)json_integer_value(json_object_get(d, "slots")));
  json_array_foreach(json_object_get(d, "skins"), i, item) {
    printf(" %s", json_string_value(item));
  }
  printf("\n  constraints (in the order they run):");
  if (json_array_size(json_object_get(d, "constraints")) == 0) {
    printf(" none");
  }
  json_array_foreach(json_object_get(d, "constraints"), i, item) {
    printf(" %s %s%s", json_string_value(json_object_get(item, "kind")),
           json_string_value(json_object_get(item, "name")),
           i + 1 < json_array_size(json_object_get(d, "constraints")) ? ","
                                                                      : "");
  }
  printf("\n  sliders: %lld\n  animations:",
         (long long)json_integer_value(json_object_get(d, "sliders")));
  json_array_foreach(json_object_get(d, "animations"), i, item) {
    printf(" %s (%g s)", json_string_value(json_object_get(item, "name")),
           json_real_value(json_object_get(item, "duration")));
  }
  printf("\n  events: %lld\n  state machines: %lld\n",
         (long long)json_integer_value(json_object_get(d, "events")),
         (long long)json_integer_value(json_object_get(d, "stateMachines")));
  printf("  referenceScale: %g\n  features not implemented: %lld\n",
         json_real_value(json_object_get(d, "referenceScale")),
         (long long)json_integer_value(json_object_get(d, "notImplemented")));
}

int anima_command_bone_inspect(int argc, char **argv) {
  const char *path = NULL;
  cli_format format = CLI_FORMAT_TEXT;
  for (int i = 1; i < argc; i++) {
    if (strncmp(argv[i], "--format", 8) == 0) {
      if (!cli_parse_format("bone inspect", argc, argv, &i, &format)) {
        return CLI_EXIT_USAGE;
      }
    } else if (argv[i][0] == '-' || path) {
      fprintf(stderr,
              "usage: anima bone inspect <file.obone> [--format=text|json]\n");
      return CLI_EXIT_USAGE;
    } else {
      path = argv[i];
    }
  }
  if (path == NULL) {
    fprintf(stderr,
            "usage: anima bone inspect <file.obone> [--format=text|json]\n");
    return CLI_EXIT_USAGE;
  }
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  char *text = NULL;
  size_t length = 0;
  bool missing = false;
  if (diagnostics == NULL ||
      !cli_read_file(path, &text, &length, &missing, diagnostics)) {
    if (diagnostics) {
      cli_print_diagnostics_text(stderr, path, diagnostics);
    }
    anima_diagnostics_destroy(diagnostics);
    return missing ? CLI_EXIT_USAGE : CLI_EXIT_FAILED;
  }
  anima_bone_model *model = NULL;
  anima_status status =
      anima_bone_model_load(text, length, diagnostics, &model);
  free(text);
  cli_print_diagnostics_text(stderr, path, diagnostics);
  anima_diagnostics_destroy(diagnostics);
  if (status != ANIMA_OK) {
    return CLI_EXIT_FAILED;
  }
  json_t *description = describe(model);
  if (format == CLI_FORMAT_JSON) {
    json_print_line(stdout, description);
  } else {
    print_text(path, description);
  }
  json_decref(description);
  anima_bone_model_destroy(model);
  return CLI_EXIT_OK;
}
