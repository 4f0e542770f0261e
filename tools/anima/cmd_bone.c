/*
 * cmd_bone.c — `anima bone sample <file.obone> <script.txt>`,
 * `anima bone validate <file.obone> [--format=text|json]`, `anima bone
 * render` (cmd_bone_render.c) and `anima bone inspect`
 * (cmd_bone_inspect.c): the OpenBone
 * runtime (libanima-openbone, docs/openbone/CLI.md). Exit status: 0 ok, 1
 * the document is refused (or uses a feature this runtime does not
 * implement, for sample), 2 usage errors (including a bad script).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "anima/openbone.h"
#include "bone_script.h"
#include "cli.h"
#include "commands.h"

static void print_help(FILE *out) {
  fprintf(out,
          "usage: anima bone sample <file.obone> <script.txt>\n"
          "       anima bone validate <file.obone> [--format=text|json]\n"
          "       anima bone inspect <file.obone> [--format=text|json]\n"
          "       anima bone render <file.obone> -o out.png|out.svg "
          "[--animation <ref>] [--once]\n"
          "         [--skin <ref>] [--at s | --frames N --fps F] [--size N] "
          "[--viewport WxH]\n"
          "         [--fit contain|cover|fill|none] [--scale k] "
          "[--background #hex]\n"
          "         [--font FILE]...\n"
          "       anima bone render <file.obone> -o out.png|out.svg "
          "-s|--script <script.txt>\n"
          "         [--size N] [--viewport WxH] [--fit …] [--scale k] "
          "[--background #hex]\n"
          "         [--font FILE]...\n"
          "sample runs the script against one skeleton instance and prints "
          "one JSON\nline per `sample` command (docs/openbone/CLI.md).\n"
          "Script commands: setSkin <ref>, setAnimation <track> <ref> <bool> "
          "[<mix>],\naddAnimation <track> <ref> <bool> <delay> <mix>, "
          "trackEntry <track> alpha|speed <n>,\nmachine <ref>, setInput <ref> "
          "<value>, fire <ref>, pointer down|up|move <x> <y>,\nadvance "
          "<seconds> [in <n>], sample.\n"
          "validate prints what the loader refuses and why; inspect what a "
          "document holds.\n"
          "render draws the skeleton through Anima's backends (PNG or "
          "SVG);\nwith --script, the pose at the end of a sample script (a "
          "state machine driven\nby pointer events and inputs). --font FILE "
          "(repeatable, at most 16, with or\nwithout --script) makes a font "
          "file's family available to text attachments.\n"
          "Exit status: 0 ok, 1 document refused, 2 usage error.\n");
}

/* A usage error of `anima bone <sub>`: says what is wrong with the command
 * line (a missing document or script, an unknown option, an argument too
 * many) and how the subcommand is written, on stderr; exit 2. */
static int usage_error(const char *sub, const char *form, const char *format,
                       ...) ANIMA_PRINTF(3, 4);
static int usage_error(const char *sub, const char *form, const char *format,
                       ...) {
  fprintf(stderr, "anima bone %s: ", sub);
  va_list arguments;
  va_start(arguments, format);
  vfprintf(stderr, format, arguments);
  va_end(arguments);
  fprintf(stderr, " (usage: anima bone %s %s); run `anima bone --help`\n", sub,
          form);
  return CLI_EXIT_USAGE;
}

/* Reads and loads a document; prints diagnostics to stderr. Returns an exit
 * status, or -1 with `*model` set. */
static int load(const char *path, anima_diagnostics *diagnostics,
                anima_bone_model **model, bool print) {
  char *text = NULL;
  size_t length = 0;
  bool missing = false;
  if (!cli_read_file(path, &text, &length, &missing, diagnostics)) {
    if (print) { /* validate prints what it reads itself */
      cli_print_diagnostics_text(stderr, path, diagnostics);
    }
    return missing ? CLI_EXIT_USAGE : CLI_EXIT_FAILED;
  }
  anima_status status = anima_bone_model_load(text, length, diagnostics, model);
  free(text);
  if (print) {
    cli_print_diagnostics_text(stderr, path, diagnostics);
  }
  if (status != ANIMA_OK) {
    if (status == ANIMA_ERROR_NO_MEMORY) {
      fprintf(stderr, "%s: out of memory\n", path);
    }
    return CLI_EXIT_FAILED;
  }
  return -1;
}

#define VALIDATE_FORM "<file.obone> [--format=text|json]"
#define SAMPLE_FORM "<file.obone> <script.txt>"

static int validate(int argc, char **argv) {
  const char *path = NULL;
  cli_format format = CLI_FORMAT_TEXT;
  for (int i = 1; i < argc; i++) {
    if (strncmp(argv[i], "--format", 8) == 0) {
      if (!cli_parse_format("bone validate", argc, argv, &i, &format)) {
        return CLI_EXIT_USAGE;
      }
    } else if (argv[i][0] == '-') {
      return usage_error("validate", VALIDATE_FORM, "unknown option \"%s\"",
                         argv[i]);
    } else if (path) {
      return usage_error("validate", VALIDATE_FORM,
                         "one document at a time: \"%s\" is one too many",
                         argv[i]);
    } else {
      path = argv[i];
    }
  }
  if (path == NULL) {
    return usage_error("validate", VALIDATE_FORM, "missing the document");
  }
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (diagnostics == NULL) {
    return CLI_EXIT_FAILED;
  }
  anima_bone_model *model = NULL;
  int status = load(path, diagnostics, &model, false);
  bool ok = status < 0;
  if (status == CLI_EXIT_USAGE) {
    cli_print_diagnostics_text(stderr, path, diagnostics);
  } else if (format == CLI_FORMAT_JSON) {
    cli_print_diagnostics_json(stdout, ok, diagnostics);
  } else {
    cli_print_diagnostics_text(ok ? stdout : stderr, path, diagnostics);
    if (ok) {
      printf("%s: valid%s\n", path,
             anima_diagnostics_count(diagnostics) ? " (with warnings)" : "");
    }
  }
  anima_bone_model_destroy(model);
  anima_diagnostics_destroy(diagnostics);
  return ok ? CLI_EXIT_OK : status;
}

static int sample(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (argv[i][0] == '-') {
      return usage_error("sample", SAMPLE_FORM,
                         "unknown option \"%s\" (sample takes none)", argv[i]);
    }
  }
  if (argc < 2) {
    return usage_error("sample", SAMPLE_FORM,
                       "missing the document and the script");
  }
  if (argc < 3) {
    return usage_error("sample", SAMPLE_FORM, "missing the script after \"%s\"",
                       argv[1]);
  }
  if (argc > 3) {
    return usage_error("sample", SAMPLE_FORM,
                       "one document and one script: \"%s\" is one too many",
                       argv[3]);
  }
  const char *path = argv[1], *script_path = argv[2];
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (diagnostics == NULL) {
    return CLI_EXIT_FAILED;
  }
  anima_bone_model *model = NULL;
  int status = load(path, diagnostics, &model, true);
  anima_diagnostics_destroy(diagnostics);
  if (status >= 0) {
    return status;
  }
  char *text = NULL;
  size_t length = 0;
  bool missing = false;
  anima_diagnostics *script_diagnostics = anima_diagnostics_create();
  if (script_diagnostics == NULL ||
      !cli_read_file(script_path, &text, &length, &missing,
                     script_diagnostics)) {
    if (script_diagnostics) {
      cli_print_diagnostics_text(stderr, script_path, script_diagnostics);
    }
    anima_diagnostics_destroy(script_diagnostics);
    anima_bone_model_destroy(model);
    return CLI_EXIT_USAGE;
  }
  anima_diagnostics_destroy(script_diagnostics);
  bone_script script;
  bool parsed =
      bone_script_parse(text, length, script_path, model, stderr, &script);
  free(text);
  if (!parsed) {
    anima_bone_model_destroy(model);
    return CLI_EXIT_USAGE;
  }
  status = CLI_EXIT_OK;
  if (status == CLI_EXIT_OK && anima_bone_model_unsupported(model) > 0) {
    fprintf(stderr,
            "%s: uses %zu feature(s) this runtime does not implement yet "
            "(the not-implemented warnings above); refusing to print "
            "results that would differ from the spec\n",
            path, anima_bone_model_unsupported(model));
    status = CLI_EXIT_FAILED;
  }
  anima_bone_instance *instance = NULL;
  if (status == CLI_EXIT_OK &&
      anima_bone_instance_create(model, &instance) != ANIMA_OK) {
    fprintf(stderr, "%s: out of memory\n", path);
    status = CLI_EXIT_FAILED;
  }
  if (status == CLI_EXIT_OK) {
    anima_bone_set_script_report(instance, bone_script_print_report, NULL);
    status = bone_script_run(&script, model, instance, stdout);
  }
  anima_bone_instance_destroy(instance);
  bone_script_free(&script);
  anima_bone_model_destroy(model);
  return status;
}

int anima_command_bone(int argc, char **argv) {
  if (argc < 2 || strcmp(argv[1], "--help") == 0 ||
      strcmp(argv[1], "-h") == 0) {
    print_help(argc < 2 ? stderr : stdout);
    return argc < 2 ? CLI_EXIT_USAGE : CLI_EXIT_OK;
  }
  /* `anima bone <subcommand> --help` as `anima <command> --help`: the help
   * (every subcommand's usage) on stdout, exit 0. */
  if (argc >= 3 &&
      (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0)) {
    print_help(stdout);
    return CLI_EXIT_OK;
  }
  if (strcmp(argv[1], "sample") == 0) {
    return sample(argc - 1, argv + 1);
  }
  if (strcmp(argv[1], "validate") == 0) {
    return validate(argc - 1, argv + 1);
  }
  if (strcmp(argv[1], "inspect") == 0) {
    return anima_command_bone_inspect(argc - 1, argv + 1);
  }
  if (strcmp(argv[1], "render") == 0) {
    return anima_command_bone_render(argc - 1, argv + 1);
  }
  fprintf(stderr, "anima bone: unknown subcommand \"%s\"\n", argv[1]);
  print_help(stderr);
  return CLI_EXIT_USAGE;
}
