/*
 * cmd_bone_inspect.c — `anima bone inspect <file.obone> [--format=text|json]`:
 * what a document holds once loaded: counts, the bone tree's roots, skins
 * (their bones, constraints and attachments per type), the constraints in
 * the order they run (§3.2 constraintOrder, from libanima-openbone) with
 * their bones and targets, sliders, animations with their durations,
 * events, state machines (inputs, layers with their states and transitions,
 * bindings, listeners with their actions) and the uses of features this
 * runtime does not implement. Loader diagnostics go to stderr. Exit status
 * as validate.
 *
 * Only a document the loader accepts is described (bone_describe.c); this
 * file prints the description as text or JSON.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "anima/openbone.h"
#include "bone_describe.h"
#include "cli.h"
#include "commands.h"
#include "json_print.h"

/* Prints the strings of `list` separated by `separator`. */
static void print_list(const json_t *list, const char *separator) {
  size_t i;
  json_t *item;
  json_array_foreach(list, i, item) {
    printf("%s%s", i ? separator : "",
           json_is_string(item) ? json_string_value(item) : "null");
  }
}

static void print_value(const json_t *value) {
  char spelled[256];
  printf("%s", bone_describe_spell(value, spelled, sizeof spelled));
}

static void print_counts(const json_t *counts) {
  const char *type;
  json_t *count;
  bool first = true;
  json_object_foreach((json_t *)counts, type, count) {
    printf("%s%lld %s", first ? "" : ", ", (long long)json_integer_value(count),
           type);
    first = false;
  }
  if (first) {
    printf("none");
  }
}

static void print_machine(const json_t *m) {
  size_t i;
  json_t *item;
  printf("    %s\n      inputs:",
         json_string_value(json_object_get(m, "name")));
  json_array_foreach(json_object_get(m, "inputs"), i, item) {
    printf("%s %s (%s", i ? "," : "",
           json_string_value(json_object_get(item, "name")),
           json_string_value(json_object_get(item, "type")));
    if (strcmp(json_string_value(json_object_get(item, "type")), "trigger")) {
      printf(", default ");
      print_value(json_object_get(item, "default"));
    }
    printf(")");
  }
  printf("\n");
  json_array_foreach(json_object_get(m, "layers"), i, item) {
    const json_t *entry = json_object_get(item, "entry");
    printf("      layer %s (entry %s)\n        states:",
           json_string_value(json_object_get(item, "name")),
           json_is_string(entry) ? json_string_value(entry) : "none");
    size_t j;
    json_t *s;
    json_array_foreach(json_object_get(item, "states"), j, s) {
      const char *type = json_string_value(json_object_get(s, "type"));
      printf("%s %s (%s", j ? "," : "",
             json_string_value(json_object_get(s, "name")), type);
      if (strcmp(type, "animation") == 0) {
        const json_t *animation = json_object_get(s, "animation");
        printf(" %s%s",
               json_is_string(animation) ? json_string_value(animation)
                                         : "none",
               json_is_false(json_object_get(s, "loop")) ? ", once" : "");
      } else if (strcmp(type, "blend1d") == 0) {
        const json_t *input = json_object_get(s, "input");
        printf(" by %s",
               json_is_string(input) ? json_string_value(input) : "none");
      }
      if (json_object_get(s, "onComplete")) {
        printf(", then %s",
               json_string_value(json_object_get(s, "onComplete")));
      }
      printf(")");
    }
    printf("\n");
    json_array_foreach(json_object_get(item, "transitions"), j, s) {
      const json_t *from = json_object_get(s, "from"),
                   *to = json_object_get(s, "to");
      printf("        %s -> %s (",
             json_is_string(from) ? json_string_value(from) : "?",
             json_is_string(to) ? json_string_value(to) : "?");
      print_value(json_object_get(s, "duration"));
      printf(" s");
      if (!json_is_null(json_object_get(s, "exitTime"))) {
        printf(", exit time ");
        print_value(json_object_get(s, "exitTime"));
      }
      printf(")");
      if (json_array_size(json_object_get(s, "conditions"))) {
        printf(" when ");
        print_list(json_object_get(s, "conditions"), " and ");
      }
      printf("\n");
    }
  }
  json_array_foreach(json_object_get(m, "bindings"), i, item) {
    const json_t *input = json_object_get(item, "input"),
                 *id = json_object_get(item, "id");
    printf("      binding: %s -> %s %s %s\n",
           json_is_string(input) ? json_string_value(input) : "?",
           json_string_value(json_object_get(item, "target")),
           json_is_string(id) ? json_string_value(id) : "?",
           json_string_value(json_object_get(item, "property")));
  }
  json_array_foreach(json_object_get(m, "listeners"), i, item) {
    const json_t *slot = json_object_get(item, "slot");
    printf("      listener %s (%s on %s): ",
           json_string_value(json_object_get(item, "name")),
           json_string_value(json_object_get(item, "event")),
           json_is_string(slot) ? json_string_value(slot) : "anywhere");
    print_list(json_object_get(item, "actions"), "; ");
    printf("\n");
  }
}

static void print_text(const char *path, const json_t *d) {
  printf("%s: OpenBone skeleton\n", path);
  printf("  bones: %lld (roots: ",
         (long long)json_integer_value(json_object_get(d, "bones")));
  print_list(json_object_get(d, "roots"), ", ");
  printf(")\n  slots: %lld\n  skins:\n",
         (long long)json_integer_value(json_object_get(d, "slots")));
  size_t i;
  json_t *item;
  json_array_foreach(json_object_get(d, "skins"), i, item) {
    printf("    %s: ", json_string_value(json_object_get(item, "name")));
    print_counts(json_object_get(item, "attachments"));
    if (json_array_size(json_object_get(item, "bones"))) {
      printf("; bones ");
      print_list(json_object_get(item, "bones"), ", ");
    }
    if (json_array_size(json_object_get(item, "constraints"))) {
      printf("; constraints ");
      print_list(json_object_get(item, "constraints"), ", ");
    }
    printf("\n");
  }
  printf("  attachments: ");
  print_counts(json_object_get(d, "attachments"));
  printf("\n  constraints (in the order they run):%s\n",
         json_array_size(json_object_get(d, "constraints")) ? "" : " none");
  json_array_foreach(json_object_get(d, "constraints"), i, item) {
    printf("    %s %s: ", json_string_value(json_object_get(item, "kind")),
           json_string_value(json_object_get(item, "name")));
    print_list(json_object_get(item, "bones"), ", ");
    const json_t *target = json_object_get(item, "target");
    if (target) {
      printf(" -> %s",
             json_is_string(target) ? json_string_value(target) : "?");
    }
    printf("\n");
  }
  printf("  sliders: %lld\n  animations:%s",
         (long long)json_integer_value(json_object_get(d, "sliders")),
         json_array_size(json_object_get(d, "animations")) ? "" : " none");
  json_array_foreach(json_object_get(d, "animations"), i, item) {
    printf(" %s (%g s)", json_string_value(json_object_get(item, "name")),
           json_real_value(json_object_get(item, "duration")));
  }
  printf("\n  events: %lld\n  state machines: %zu\n",
         (long long)json_integer_value(json_object_get(d, "events")),
         json_array_size(json_object_get(d, "stateMachines")));
  json_array_foreach(json_object_get(d, "stateMachines"), i, item) {
    print_machine(item);
  }
  printf("  referenceScale: %g\n  features not implemented: %lld\n",
         json_real_value(json_object_get(d, "referenceScale")),
         (long long)json_integer_value(json_object_get(d, "notImplemented")));
}

static int usage(void) {
  fprintf(stderr,
          "usage: anima bone inspect <file.obone> [--format=text|json]\n");
  return CLI_EXIT_USAGE;
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
      return usage();
    } else {
      path = argv[i];
    }
  }
  if (path == NULL) {
    return usage();
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
  cli_print_diagnostics_text(stderr, path, diagnostics);
  anima_diagnostics_destroy(diagnostics);
  /* The loader accepted it, so it is one JSON object. */
  json_t *doc = status == ANIMA_OK
                    ? json_loadb(text, length, JSON_DECODE_ANY, NULL)
                    : NULL;
  free(text);
  if (status != ANIMA_OK || !json_is_object(doc)) {
    json_decref(doc);
    anima_bone_model_destroy(model);
    return CLI_EXIT_FAILED;
  }
  json_t *description = bone_describe(model, doc);
  json_decref(doc);
  if (format == CLI_FORMAT_JSON) {
    json_print_line(stdout, description);
  } else {
    print_text(path, description);
  }
  json_decref(description);
  anima_bone_model_destroy(model);
  return CLI_EXIT_OK;
}
