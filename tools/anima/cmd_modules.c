/*
 * cmd_modules.c — `anima modules [--format=text|json] [--module FILE]...`:
 * every feature module found (docs/CLI.md, docs/MODULES.md "Loading"):
 * name, version, features, dependencies, module ABI, license, origin, path,
 * whether it loaded (and its stage order) or why not, and the operations
 * (script commands) a loaded one adds, after the search path in order. Exit
 * status 0 when every module found loaded (or is shadowed by an earlier copy),
 * 1 when one did not, 2 for a usage error.
 */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/module.h>

#include "cli.h"
#include "commands.h"
#include "json_print.h"

static void print_help(FILE *out) {
  fprintf(out,
          "usage: anima modules [--format=text|json] [--module FILE]...\n"
          "Lists every feature module found: the files named with --module,\n"
          "then the search path (ANIMA_MODULE_PATH, then the install\n"
          "directory): name, version, features, depends, after, module ABI,\n"
          "license, origin, path, whether it loaded (its stage order)\n"
          "or why not, and the operations it adds (script commands: usage\n"
          "and description).\n"
          "Exit status: 0 every module found loaded (or is shadowed by an\n"
          "earlier copy), 1 one did not, 2 usage error.\n");
}

static json_t *string_or_null(const char *text) {
  return text ? json_string(text) : json_null();
}

static json_t *names_json(const char *const *names) {
  json_t *array = json_array();
  for (; names && *names; names++) {
    json_array_append_new(array, json_string(*names));
  }
  return array;
}

static const char *argument_kind_name(anima_argument_kind kind) {
  switch (kind) {
  case ANIMA_ARGUMENT_WORD:
    return "word";
  case ANIMA_ARGUMENT_NUMBER:
    return "number";
  case ANIMA_ARGUMENT_BOOL:
    return "bool";
  case ANIMA_ARGUMENT_NODE:
    return "node";
  case ANIMA_ARGUMENT_INPUT:
    return "input";
  case ANIMA_ARGUMENT_TEXT:
    return "text";
  }
  return "word";
}

/* The operations (script commands) `module` registered, in module order. */
static json_t *operations_json(const anima_runtime *runtime,
                               const char *module) {
  json_t *list = json_array();
  for (size_t i = 0; i < anima_runtime_operation_count(runtime); i++) {
    const char *owner = NULL;
    const anima_operation_desc *desc =
        anima_runtime_operation(runtime, i, &owner);
    if (!desc || strcmp(owner, module) != 0) {
      continue;
    }
    json_t *arguments = json_array();
    for (size_t a = 0; a < desc->argument_count; a++) {
      const anima_argument_desc *argument = &desc->arguments[a];
      json_t *item = json_object();
      json_object_set_new(item, "name", json_string(argument->name));
      json_object_set_new(item, "kind",
                          json_string(argument_kind_name(argument->kind)));
      json_object_set_new(item, "optional", json_boolean(argument->optional));
      if (argument->options) {
        json_object_set_new(item, "options", names_json(argument->options));
      }
      json_array_append_new(arguments, item);
    }
    json_t *operation = json_object();
    json_object_set_new(operation, "name", json_string(desc->name));
    json_object_set_new(operation, "feature", string_or_null(desc->feature));
    json_object_set_new(operation, "usage", json_string(desc->usage));
    json_object_set_new(operation, "description",
                        string_or_null(desc->description));
    json_object_set_new(operation, "stepAfter", json_boolean(desc->step_after));
    json_object_set_new(operation, "arguments", arguments);
    json_array_append_new(list, operation);
  }
  return list;
}

static json_t *report_json(const anima_runtime *runtime,
                           const anima_module_report *report) {
  char abi[32];
  snprintf(abi, sizeof abi, "%u.%u", report->abi_major, report->abi_minor);
  json_t *module = json_object();
  json_object_set_new(module, "name", json_string(report->name));
  json_object_set_new(module, "version", string_or_null(report->version));
  json_object_set_new(module, "features", names_json(report->features));
  json_object_set_new(module, "depends", names_json(report->depends));
  json_object_set_new(module, "after", names_json(report->after));
  json_object_set_new(module, "abi",
                      report->abi_major ? json_string(abi) : json_null());
  json_object_set_new(module, "license", string_or_null(report->license));
  json_object_set_new(module, "origin", string_or_null(report->origin));
  json_object_set_new(module, "description",
                      string_or_null(report->description));
  json_object_set_new(module, "path", string_or_null(report->path));
  json_object_set_new(module, "loaded", json_boolean(report->loaded));
  json_object_set_new(module, "rank",
                      report->loaded ? json_integer((json_int_t)report->rank)
                                     : json_null());
  json_object_set_new(module, "error", string_or_null(report->error));
  json_object_set_new(module, "shadowed", json_boolean(report->shadowed));
  json_object_set_new(module, "operations",
                      report->loaded ? operations_json(runtime, report->name)
                                     : json_array());
  return module;
}

static void print_names(FILE *out, const char *label,
                        const char *const *names) {
  fprintf(out, "  %-9s", label);
  if (!names || !*names) {
    fprintf(out, " -");
  }
  for (const char *const *name = names; name && *name; name++) {
    fprintf(out, "%s %s", name == names ? "" : ",", *name);
  }
  fputc('\n', out);
}

/* Where a module was met, for the listing's order (docs/CLI.md "modules"):
 * the files given with --module and linked-in modules first, in the order
 * the runtime saw them; then the search path in order, each directory's
 * files by name. The runtime records a dependency when it loads it (ik
 * brings rig in before the files after ik), so its own order is not the
 * order the files were met in. */
typedef struct module_place {
  size_t directory; /* index on the search path; SIZE_MAX: not on it */
  const char *file; /* the file's name in that directory */
  size_t seen;      /* the runtime's index */
} module_place;

static int compare_places(const void *a, const void *b) {
  const module_place *left = a, *right = b;
  bool left_listed = left->directory != SIZE_MAX;
  bool right_listed = right->directory != SIZE_MAX;
  if (left_listed != right_listed) {
    return left_listed ? 1 : -1;
  }
  if (left_listed && left->directory != right->directory) {
    return left->directory < right->directory ? -1 : 1;
  }
  int by_file = left_listed ? strcmp(left->file, right->file) : 0;
  if (by_file != 0) {
    return by_file;
  }
  return left->seen < right->seen ? -1 : left->seen > right->seen;
}

/* The runtime's module indices in listing order, in `order` (sized to the
 * module count by the caller). The --module files,
 * which the runtime saw first. `places` is scratch of the same size. */
static void listing_order(const anima_runtime *runtime,
                          const char *const *directories,
                          size_t directory_count, size_t *order,
                          module_place *places) {
  size_t count = anima_runtime_module_count(runtime);
  for (size_t i = 0; i < count; i++) {
    const anima_module_report *report = anima_runtime_module_report(runtime, i);
    places[i] = (module_place){.directory = SIZE_MAX, .seen = i};
    const char *path = report->path;
    const char *slash = path ? strrchr(path, '/') : NULL;
    for (size_t d = 0; slash && d < directory_count; d++) {
      size_t length = strlen(directories[d]);
      while (length > 1 && directories[d][length - 1] == '/') {
        length--;
      }
      if ((size_t)(slash - path) == length &&
          strncmp(path, directories[d], length) == 0) {
        places[i].directory = d;
        places[i].file = slash + 1;
        break;
      }
    }
  }
  qsort(places, count, sizeof *places, compare_places);
  for (size_t i = 0; i < count; i++) {
    order[i] = places[i].seen;
  }
}

static void print_text(FILE *out, anima_runtime *runtime,
                       const char *const *directories, size_t directory_count,
                       const size_t *order) {
  fprintf(out, "search path:\n");
  for (size_t i = 0; i < directory_count; i++) {
    fprintf(out, "  %s\n", directories[i]);
  }
  size_t count = anima_runtime_module_count(runtime);
  if (count == 0) {
    fprintf(out, "no modules found\n");
  }
  for (size_t i = 0; i < count; i++) {
    const anima_module_report *report =
        anima_runtime_module_report(runtime, order[i]);
    fprintf(out, "\n%s %s: ", report->name,
            report->version ? report->version : "(no version)");
    if (report->loaded) {
      fprintf(out, "loaded (stage order %zu)\n", report->rank);
    } else {
      fprintf(out, "%s\n  %-9s %s\n",
              report->shadowed ? "not loaded (shadowed)" : "not loaded", "why",
              report->error);
    }
    if (report->description) {
      fprintf(out, "  %s\n", report->description);
    }
    print_names(out, "features", report->features);
    print_names(out, "depends", report->depends);
    print_names(out, "after", report->after);
    if (report->abi_major) {
      fprintf(out, "  %-9s %u.%u\n", "abi", report->abi_major,
              report->abi_minor);
    }
    fprintf(out, "  %-9s %s\n", "license",
            report->license ? report->license : "-");
    fprintf(out, "  %-9s %s\n", "origin",
            report->origin ? report->origin : "-");
    fprintf(out, "  %-9s %s\n", "path",
            report->path ? report->path : "(linked in)");
    for (size_t o = 0;
         report->loaded && o < anima_runtime_operation_count(runtime); o++) {
      const char *owner = NULL;
      const anima_operation_desc *desc =
          anima_runtime_operation(runtime, o, &owner);
      if (desc && strcmp(owner, report->name) == 0) {
        fprintf(out, "  %-9s %s\n", "operation", desc->usage);
        fprintf(out, "  %-9s %s%s(feature %s%s)\n", "",
                desc->description ? desc->description : "",
                desc->description ? " " : "",
                desc->feature ? desc->feature : "-",
                desc->step_after ? "; the script steps at 0 after it" : "");
      }
    }
  }
}

int anima_command_modules(int argc, char **argv) {
  cli_format format = CLI_FORMAT_TEXT;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      print_help(stdout);
      return CLI_EXIT_OK;
    }
    if (strncmp(argv[i], "--format", 8) == 0) {
      if (!cli_parse_format("modules", argc, argv, &i, &format)) {
        return CLI_EXIT_USAGE;
      }
      continue;
    }
    fprintf(stderr, "anima modules: unknown argument \"%s\"\n", argv[i]);
    print_help(stderr);
    return CLI_EXIT_USAGE;
  }
  /* Failures are listed below, not printed as warnings. */
  anima_runtime *runtime = cli_runtime_create_quiet();
  if (!runtime) {
    fprintf(stderr, "anima modules: out of memory\n");
    return CLI_EXIT_FAILED;
  }
  size_t directory_count = anima_runtime_module_directories(runtime, NULL, 0);
  const char *directories[64];
  if (directory_count > 64) {
    directory_count = 64;
  }
  anima_runtime_module_directories(runtime, directories, directory_count);
  size_t module_count = anima_runtime_module_count(runtime);
  size_t *order = malloc((module_count ? module_count : 1) * sizeof *order);
  module_place *places =
      malloc((module_count ? module_count : 1) * sizeof *places);
  if (!order || !places) {
    free(order);
    free(places);
    anima_runtime_destroy(runtime);
    fprintf(stderr, "anima modules: out of memory\n");
    return CLI_EXIT_FAILED;
  }
  listing_order(runtime, directories, directory_count, order, places);
  free(places);
  bool all_loaded = true;
  for (size_t i = 0; i < anima_runtime_module_count(runtime); i++) {
    const anima_module_report *report = anima_runtime_module_report(runtime, i);
    all_loaded = all_loaded && (report->loaded || report->shadowed);
  }
  if (format == CLI_FORMAT_JSON) {
    json_t *root = json_object();
    json_t *path = json_array();
    for (size_t i = 0; i < directory_count; i++) {
      json_array_append_new(path, json_string(directories[i]));
    }
    json_object_set_new(root, "searchPath", path);
    json_t *modules = json_array();
    for (size_t i = 0; i < module_count; i++) {
      json_array_append_new(
          modules,
          report_json(runtime, anima_runtime_module_report(runtime, order[i])));
    }
    json_object_set_new(root, "modules", modules);
    json_print_line(stdout, root);
    json_decref(root);
  } else {
    print_text(stdout, runtime, directories, directory_count, order);
  }
  free(order);
  anima_runtime_destroy(runtime);
  return all_loaded ? CLI_EXIT_OK : CLI_EXIT_FAILED;
}
