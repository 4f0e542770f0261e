/*
 * cmd_schema.c — `anima schema [topic | type.field] [--search words]
 * [--animatable] [--format=text|json]`: the format as the registry
 * describes it (SPEC "CLI projects and capture"). No argument lists the
 * topics (node types, structural kinds and guides); a topic lists its
 * fields, a guide (schema_guide.h) its grammar, forms and examples with the
 * registry entries that use them; a `type.field` shows one field, matched
 * by its JSON or AniML spelling; `--search` ranks node types, topics,
 * fields, diagnostic codes and guides (schema_search.c). `--animatable` keeps
 * only fields that are animatable addresses. Exit 0 on success, 1 when
 * `--animatable` rejects the one field asked for, 2 on usage errors (unknown
 * option, topic or field).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "json_print.h"
#include "schema.h"
#include "schema_describe.h"
#include "schema_guide.h"

static void print_help(FILE *out) {
  fprintf(out,
          "usage: anima schema [topic | type.field] [--animatable] "
          "[--format=text|json]\n"
          "       anima schema --search words... [--animatable] "
          "[--format=text|json]\n"
          "Describes the format from the registry of this build (core and "
          "every loaded module).\n"
          "  (no argument)   the topics: node types, structural kinds and "
          "guides\n"
          "  topic           a topic's fields (JSON and AniML spellings, "
          "kinds, defaults,\n"
          "                  ranges, animatability), e.g. `anima schema "
          "stroke`\n"
          "  guide           grammar, forms, examples, fields, addresses and "
          "diagnostics of:\n"
          "                 ");
  for (size_t i = 0; i < schema_guide_count(); i++) {
    fprintf(out, " %s", schema_guide_at(i)->names[0]);
  }
  fprintf(out,
          "\n"
          "  type.field      one field by JSON or AniML spelling, e.g. "
          "`rect.width`\n"
          "  --search words  rank topics, fields and diagnostic codes: per "
          "word 100 for\n"
          "                  an exact name, 10 for a name substring, 1 for "
          "a description\n"
          "                  substring (case-insensitive)\n"
          "  --animatable    only fields that are animatable addresses\n"
          "Exit status: 0 success, 1 the field asked for is not animatable "
          "(with\n--animatable), 2 usage error (unknown option, topic or "
          "field).\n");
}

/* Appends the whitespace-separated words of `text` to `query`; prints why
 * and returns false when a word is not UTF-8 or memory runs out. */
static bool add_words(schema_query *query, const char *text) {
  const char *c = text;
  while (*c) {
    while (*c == ' ' || *c == '\t' || *c == '\n') {
      c++;
    }
    const char *start = c;
    while (*c && *c != ' ' && *c != '\t' && *c != '\n') {
      c++;
    }
    if (c > start) {
      /* JSON output holds the words: they must be UTF-8. */
      json_t *probe = json_stringn(start, (size_t)(c - start));
      if (!probe) {
        fprintf(stderr, "anima schema: search words must be UTF-8\n");
        return false;
      }
      json_decref(probe);
      if (!schema_query_add(query, start, (size_t)(c - start))) {
        fprintf(stderr, "anima schema: out of memory\n");
        return false;
      }
    }
  }
  return true;
}

static int run(const anima_registry *registry, const char *topic,
               const schema_query *query, bool searching, bool animatable,
               cli_format format) {
  json_t *result = NULL;
  int status = CLI_EXIT_OK;
  if (searching) {
    result = schema_search(registry, query, animatable);
  } else if (!topic) {
    result = animatable ? schema_animatable_fields(registry)
                        : schema_topics(registry);
  } else {
    status = schema_lookup(registry, topic, animatable, &result);
  }
  if (!result) {
    if (status == CLI_EXIT_OK) {
      fprintf(stderr, "anima schema: out of memory\n");
      status = CLI_EXIT_FAILED;
    }
    return status;
  }
  if (format == CLI_FORMAT_JSON) {
    json_print_line(stdout, result);
  } else {
    schema_print_text(stdout, result);
  }
  json_decref(result);
  return status;
}

int anima_command_schema(int argc, char **argv) {
  cli_format format = CLI_FORMAT_TEXT;
  const char *topic = NULL;
  bool searching = false, animatable = false;
  schema_query query = {0};
  int status = CLI_EXIT_OK;
  for (int i = 1; i < argc && status == CLI_EXIT_OK; i++) {
    const char *argument = argv[i];
    if (strcmp(argument, "--help") == 0 || strcmp(argument, "-h") == 0) {
      print_help(stdout);
      schema_query_clear(&query);
      return CLI_EXIT_OK;
    }
    if (strncmp(argument, "--format", 8) == 0) {
      if (!cli_parse_format("schema", argc, argv, &i, &format)) {
        status = CLI_EXIT_USAGE;
      }
    } else if (strcmp(argument, "--animatable") == 0) {
      animatable = true;
    } else if (strcmp(argument, "--search") == 0 ||
               strncmp(argument, "--search=", 9) == 0) {
      searching = true;
      const char *words = argument[8] == '=' ? argument + 9 : NULL;
      if (!words && i + 1 < argc && argv[i + 1][0] != '-') {
        words = argv[++i];
      }
      if (words && !add_words(&query, words)) {
        status = CLI_EXIT_USAGE;
      }
    } else if (argument[0] == '-' && argument[1] != '\0') {
      fprintf(stderr, "anima schema: unknown option \"%s\"\n", argument);
      print_help(stderr);
      status = CLI_EXIT_USAGE;
    } else if (searching || topic) {
      /* With --search every further word is a search word. */
      if (!searching) {
        fprintf(stderr,
                "anima schema: expected one topic, got \"%s\" too (use "
                "--search to search for words)\n",
                argument);
        status = CLI_EXIT_USAGE;
      } else if (!add_words(&query, argument)) {
        status = CLI_EXIT_USAGE;
      }
    } else {
      topic = argument;
    }
  }
  if (status == CLI_EXIT_OK && searching && topic) {
    /* A topic given before --search is a search word too. */
    if (!add_words(&query, topic)) {
      status = CLI_EXIT_USAGE;
    }
    topic = NULL;
  }
  if (status == CLI_EXIT_OK && searching && query.count == 0) {
    fprintf(stderr, "anima schema: --search needs at least one word\n");
    status = CLI_EXIT_USAGE;
  }
  if (status != CLI_EXIT_OK) {
    schema_query_clear(&query);
    return status;
  }
  anima_runtime *runtime = cli_runtime_create();
  if (!runtime) {
    fprintf(stderr, "anima schema: out of memory\n");
    schema_query_clear(&query);
    return CLI_EXIT_FAILED;
  }
  status = run(anima_runtime_registry(runtime), topic, &query, searching,
               animatable, format);
  schema_query_clear(&query);
  anima_runtime_destroy(runtime);
  return status;
}
