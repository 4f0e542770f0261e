/* schema_text.c — the text output of `anima schema` (schema.h), printed
 * from the same JSON values `--format=json` prints. */
#include <string.h>

#include <anima/format.h>

#include "json_print.h"
#include "schema.h"

static void print_bound(FILE *out, const json_t *bound) {
  char number[ANIMA_FORMAT_CAPACITY];
  anima_format_number(json_number_value(bound), number);
  fputs(number, out);
}

/* ", <label> 0..1", ", <label> > 0", ", <label> >= 0", ", <label> <= 5"
 * or nothing when both bounds are null. */
static void print_range(FILE *out, const char *label, const json_t *minimum,
                        const json_t *maximum, bool exclusive_minimum) {
  bool low = json_is_number(minimum), high = json_is_number(maximum);
  if (!low && !high) {
    return;
  }
  fprintf(out, ", %s ", label);
  if (low && high) {
    print_bound(out, minimum);
    fputs("..", out);
    print_bound(out, maximum);
  } else if (low) {
    fputs(exclusive_minimum ? "> " : ">= ", out);
    print_bound(out, minimum);
  } else {
    fputs("<= ", out);
    print_bound(out, maximum);
  }
}

static void print_address(FILE *out, const json_t *address) {
  const char *animation = json_text_of(address, "animation");
  fprintf(out, "      address %s", json_text_of(address, "address"));
  if (json_is_string(json_object_get(address, "markup"))) {
    fprintf(out, " (AniML %s)", json_text_of(address, "markup"));
  }
  fprintf(out, ": %s, ", json_text_of(address, "valueType"));
  if (strcmp(animation, "static") == 0) {
    fputs("static (not animatable)", out);
  } else if (strcmp(animation, "hold") == 0) {
    fputs("animatable, hold only", out);
  } else {
    fputs("animatable, interpolated", out);
  }
  print_range(out, "clamped to", json_object_get(address, "minimum"),
              json_object_get(address, "maximum"), false);
  fputc('\n', out);
}

static void print_field(FILE *out, const json_t *field, bool qualified) {
  fputs("  ", out);
  if (qualified) {
    fprintf(out, "%s.", json_text_of(field, "owner"));
  }
  fprintf(out, "%s", json_text_of(field, "name"));
  if (strcmp(json_text_of(field, "name"), json_text_of(field, "markup")) != 0) {
    fprintf(out, " (AniML %s)", json_text_of(field, "markup"));
  }
  fprintf(out, ": %s", json_text_of(field, "kind"));
  const json_t *options = json_object_get(field, "options");
  for (size_t i = 0; i < json_array_size(options); i++) {
    fprintf(out, "%s%s", i == 0 ? " " : " | ",
            json_string_value(json_array_get(options, i)));
  }
  if (json_is_integer(json_object_get(field, "length"))) {
    fprintf(out, " of %lld",
            (long long)json_integer_value(json_object_get(field, "length")));
  }
  if (json_is_string(json_object_get(field, "items"))) {
    fprintf(out, " of %s", json_text_of(field, "items"));
  }
  if (json_is_true(json_object_get(field, "required"))) {
    fputs(", required", out);
  }
  const json_t *default_value = json_object_get(field, "default");
  if (default_value && !json_is_null(default_value)) {
    fputs(", default ", out);
    json_print_plain(out, default_value);
  }
  print_range(out, "range", json_object_get(field, "minimum"),
              json_object_get(field, "maximum"),
              json_is_true(json_object_get(field, "exclusiveMinimum")));
  if (json_is_string(json_object_get(field, "feature"))) {
    fprintf(out, ", feature %s", json_text_of(field, "feature"));
  }
  if (json_is_string(json_object_get(field, "reserved"))) {
    fprintf(out, ", reserved for %s", json_text_of(field, "reserved"));
  }
  if (json_is_string(json_object_get(field, "oneOf"))) {
    fprintf(out, ", one of the group \"%s\"", json_text_of(field, "oneOf"));
  }
  fprintf(out, "\n      %s\n", json_text_of(field, "description"));
  const json_t *addresses = json_object_get(field, "addresses");
  for (size_t i = 0; i < json_array_size(addresses); i++) {
    print_address(out, json_array_get(addresses, i));
  }
}

static void print_kind_heading(FILE *out, const json_t *kind) {
  fprintf(out, "%s (%s)", json_text_of(kind, "name"),
          strcmp(json_text_of(kind, "type"), "node-type") == 0 ? "node type"
                                                               : "structure");
  fprintf(out, ": %s\n", json_text_of(kind, "description"));
  fprintf(out, "  AniML element <%s>", json_text_of(kind, "element"));
  if (json_is_string(json_object_get(kind, "keyField"))) {
    fprintf(out, ", map key in attribute %s", json_text_of(kind, "keyField"));
  }
  if (json_is_true(json_object_get(kind, "painted"))) {
    fputs(", takes fill and stroke", out);
  }
  if (json_is_true(json_object_get(kind, "container"))) {
    fputs(", takes children", out);
  }
  if (json_is_string(json_object_get(kind, "feature"))) {
    fprintf(out, ", feature %s", json_text_of(kind, "feature"));
  }
  if (json_is_string(json_object_get(kind, "variantOf"))) {
    fprintf(out, ", the variant \"%s\" of %s", json_text_of(kind, "variant"),
            json_text_of(kind, "variantOf"));
  }
  fputc('\n', out);
}

/* "  Variants by "type": linear <linearGradient> (shade-linear), ..." */
static void print_variants(FILE *out, const json_t *topic,
                           const json_t *variants) {
  if (json_array_size(variants) == 0) {
    return;
  }
  fprintf(out, "  Variants by \"%s\":", json_text_of(topic, "discriminator"));
  for (size_t i = 0; i < json_array_size(variants); i++) {
    const json_t *variant = json_array_get(variants, i);
    fprintf(out, "%s %s <%s> (%s)", i ? "," : "",
            json_text_of(variant, "variant"), json_text_of(variant, "element"),
            json_text_of(variant, "name"));
  }
  fputc('\n', out);
}

static void print_topics(FILE *out, const json_t *topics) {
  const char *types[3] = {"node-type", "structure", "guide"};
  const char *headings[3] = {
      "Node types:", "Structural topics:", "Guides (grammar and forms):"};
  for (size_t t = 0; t < 3; t++) {
    fprintf(out, "%s%s\n", t ? "\n" : "", headings[t]);
    for (size_t i = 0; i < json_array_size(topics); i++) {
      const json_t *kind = json_array_get(topics, i);
      if (strcmp(json_text_of(kind, "type"), types[t]) != 0) {
        continue;
      }
      fprintf(out, "  %-12s %s", json_text_of(kind, "name"),
              json_text_of(kind, "description"));
      if (json_is_string(json_object_get(kind, "feature"))) {
        fprintf(out, " [feature %s]", json_text_of(kind, "feature"));
      }
      fputc('\n', out);
    }
  }
  fputs("\nRun `anima schema <topic>` for a topic's fields or a guide, "
        "`anima schema --search <words>` to search.\n",
        out);
}

/* `anima schema <feature>`: its node types and structures, then the fields
 * it adds to other topics. */
static void print_feature(FILE *out, const json_t *result) {
  const char *name = json_text_of(result, "feature");
  fprintf(out,
          "%s (feature): what a document gets with \"requires\": [\"%s\"] "
          "(`anima modules` describes its module)\n",
          name, name);
  const json_t *topics = json_object_get(result, "topics");
  const char *types[2] = {"node-type", "structure"};
  const char *headings[2] = {"Node types:", "Structural topics:"};
  for (size_t t = 0; t < 2; t++) {
    bool heading = false;
    for (size_t i = 0; i < json_array_size(topics); i++) {
      const json_t *kind = json_array_get(topics, i);
      if (strcmp(json_text_of(kind, "type"), types[t]) != 0) {
        continue;
      }
      if (!heading) {
        fprintf(out, "\n%s\n", headings[t]);
        heading = true;
      }
      fprintf(out, "  %-12s %s\n", json_text_of(kind, "name"),
              json_text_of(kind, "description"));
    }
  }
  const json_t *fields = json_object_get(result, "fields");
  if (json_array_size(fields) > 0) {
    fprintf(out, "\n%s (%zu):\n",
            json_array_size(topics) ? "Fields it adds to other topics"
                                    : "Fields",
            json_array_size(fields));
  }
  for (size_t i = 0; i < json_array_size(fields); i++) {
    print_field(out, json_array_get(fields, i), true);
  }
  fputs("\nRun `anima schema <topic>` for a topic's fields.\n", out);
}

static void print_results(FILE *out, const json_t *result) {
  const json_t *results = json_object_get(result, "results");
  if (json_array_size(results) == 0) {
    fputs("no matches\n", out);
    return;
  }
  for (size_t i = 0; i < json_array_size(results); i++) {
    const json_t *item = json_array_get(results, i);
    fprintf(out, "%5lld  %-9s  %s",
            (long long)json_integer_value(json_object_get(item, "score")),
            json_text_of(item, "type"), json_text_of(item, "name"));
    if (strcmp(json_text_of(item, "type"), "field") == 0) {
      fprintf(out, " (AniML %s)", json_text_of(item, "markup"));
    }
    fprintf(out, ": %s\n", json_text_of(item, "description"));
  }
}

/* Prints `text` wrapped at 100 columns; the first line starts with
 * `first` (already indented), later lines with `indent` spaces. */
static void print_wrapped(FILE *out, const char *first, size_t indent,
                          const char *text) {
  const size_t width = 100;
  fputs(first, out);
  size_t column = strlen(first);
  const char *word = text;
  bool line_start = true;
  while (*word) {
    size_t length = strcspn(word, " ");
    if (!line_start && column + 1 + length > width) {
      fprintf(out, "\n%*s", (int)indent, "");
      column = indent;
      line_start = true;
    }
    if (!line_start) {
      fputc(' ', out);
      column++;
    }
    fwrite(word, 1, length, out);
    column += length;
    line_start = false;
    word += length;
    while (*word == ' ') {
      word++;
    }
  }
  fputc('\n', out);
}

/* ", every node type" (a property of the kind "node") or ", on path,
 * circle, rect, arc". */
static void print_node_types(FILE *out, const json_t *address) {
  if (strcmp(json_text_of(address, "owner"), "node") == 0) {
    fputs(", every node type", out);
    return;
  }
  const json_t *types = json_object_get(address, "nodeTypes");
  for (size_t i = 0; i < json_array_size(types); i++) {
    fprintf(out, "%s%s", i ? ", " : ", on ",
            json_string_value(json_array_get(types, i)));
  }
}

/* One address line of a guide: "  <id>.stroke.trimEnd (AniML
 * <id>.trimEnd): number, interpolated, clamped to 0..1, on path, ...". */
static void print_guide_address(FILE *out, const json_t *address) {
  fprintf(out, "  <id>.%s", json_text_of(address, "address"));
  if (json_is_string(json_object_get(address, "markup"))) {
    fprintf(out, " (AniML <id>.%s)", json_text_of(address, "markup"));
  }
  const char *animation = json_text_of(address, "animation");
  fprintf(out, ": %s, %s", json_text_of(address, "valueType"),
          strcmp(animation, "static") == 0 ? "static (not animatable)"
          : strcmp(animation, "hold") == 0 ? "hold only"
                                           : "interpolated");
  print_range(out, "clamped to", json_object_get(address, "minimum"),
              json_object_get(address, "maximum"), false);
  print_node_types(out, address);
  if (json_is_string(json_object_get(address, "feature"))) {
    fprintf(out, ", feature %s", json_text_of(address, "feature"));
  }
  fputc('\n', out);
}

static void print_guide(FILE *out, const json_t *result) {
  const json_t *topic = json_object_get(result, "topic");
  fprintf(out, "%s (guide, %s): %s\n", json_text_of(topic, "name"),
          json_text_of(topic, "section"), json_text_of(topic, "description"));
  const json_t *grammar = json_object_get(result, "grammar");
  fputc('\n', out);
  for (size_t i = 0; i < json_array_size(grammar); i++) {
    fprintf(out, "  %s\n", json_string_value(json_array_get(grammar, i)));
  }
  const json_t *items = json_object_get(result, "items");
  if (json_array_size(items) > 0) {
    fprintf(out, "\n%s:\n", json_text_of(result, "itemsTitle"));
  }
  for (size_t i = 0; i < json_array_size(items); i++) {
    const json_t *item = json_array_get(items, i);
    char first[64];
    snprintf(first, sizeof first, "  %-22s ", json_text_of(item, "syntax"));
    print_wrapped(out, first, 25, json_text_of(item, "meaning"));
    if (json_is_string(json_object_get(item, "arguments"))) {
      print_wrapped(out, "                         arguments: ", 25,
                    json_text_of(item, "arguments"));
    }
    if (json_is_true(json_object_get(item, "reserved"))) {
      fputs("                         (the error `reserved`)\n", out);
    } else if (json_is_string(json_object_get(item, "example")) &&
               strcmp(json_text_of(item, "example"),
                      json_text_of(item, "syntax")) != 0) {
      fprintf(out, "                         e.g. %s\n",
              json_text_of(item, "example"));
    }
    if (json_is_string(json_object_get(item, "feature"))) {
      fprintf(out, "                         feature %s\n",
              json_text_of(item, "feature"));
    }
  }
  const json_t *notes = json_object_get(result, "notes");
  if (json_array_size(notes) > 0) {
    fputs("\nNotes:\n", out);
  }
  for (size_t i = 0; i < json_array_size(notes); i++) {
    print_wrapped(out, "  - ", 4, json_string_value(json_array_get(notes, i)));
  }
  const json_t *examples = json_object_get(result, "examples");
  if (json_array_size(examples) > 0) {
    fputs("\nExamples:\n", out);
  }
  for (size_t i = 0; i < json_array_size(examples); i++) {
    const json_t *example = json_array_get(examples, i);
    if (json_is_string(json_object_get(example, "json"))) {
      fprintf(out, "  JSON   %s\n", json_text_of(example, "json"));
    }
    if (json_is_string(json_object_get(example, "animl"))) {
      fprintf(out, "  AniML  %s\n", json_text_of(example, "animl"));
    }
  }
  const json_t *fields = json_object_get(result, "fields");
  if (json_array_size(fields) > 0) {
    fprintf(out, "\nFields (%zu):\n", json_array_size(fields));
  }
  for (size_t i = 0; i < json_array_size(fields); i++) {
    print_field(out, json_array_get(fields, i), true);
  }
  const json_t *addresses = json_object_get(result, "addresses");
  if (json_array_size(addresses) > 0) {
    fprintf(out, "\nProperty addresses (%zu):\n", json_array_size(addresses));
  }
  for (size_t i = 0; i < json_array_size(addresses); i++) {
    print_guide_address(out, json_array_get(addresses, i));
  }
  const json_t *codes = json_object_get(result, "codes");
  if (json_array_size(codes) > 0) {
    fputs("\nDiagnostics:\n", out);
  }
  for (size_t i = 0; i < json_array_size(codes); i++) {
    const json_t *code = json_array_get(codes, i);
    fprintf(out, "  %s (%s): %s\n", json_text_of(code, "code"),
            json_text_of(code, "severity"), json_text_of(code, "description"));
  }
}

void schema_print_text(FILE *out, const json_t *result) {
  const json_t *topic = json_object_get(result, "topic");
  const json_t *fields = json_object_get(result, "fields");
  if (topic && strcmp(json_text_of(topic, "type"), "guide") == 0) {
    print_guide(out, result);
  } else if (json_object_get(result, "feature")) {
    print_feature(out, result);
  } else if (json_object_get(result, "topics")) {
    print_topics(out, json_object_get(result, "topics"));
  } else if (json_object_get(result, "results")) {
    print_results(out, result);
  } else if (topic && json_object_get(result, "field")) {
    fprintf(out, "In ");
    print_kind_heading(out, topic);
    print_field(out, json_object_get(result, "field"), true);
  } else if (topic) {
    print_kind_heading(out, topic);
    print_variants(out, topic, json_object_get(result, "variants"));
    fprintf(out, "\nFields (%zu):\n", json_array_size(fields));
    for (size_t i = 0; i < json_array_size(fields); i++) {
      print_field(out, json_array_get(fields, i), false);
    }
  } else {
    fprintf(out, "Animatable fields (%zu):\n", json_array_size(fields));
    for (size_t i = 0; i < json_array_size(fields); i++) {
      print_field(out, json_array_get(fields, i), true);
    }
  }
}
