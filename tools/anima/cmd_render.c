/*
 * cmd_render.c — `anima render <file> -o out.png|out.svg` (SPEC §1, §6,
 * "CLI projects and capture"; DECISIONS 9).
 *
 * Options:
 *   --size N             square output of N pixels (default 256)
 *   --viewport WxH       output W × H pixels (overrides --size)
 *   --fit contain|cover|fill|none   placement of the viewBox (contain)
 *   --scale k            0 < k <= 1: output dimensions round(d · k)
 *   --at SECONDS         step the new player by this time first
 *   -s script.txt        run a SPEC §11.2 script first (its output lines
 *                        are not printed)
 *   --set input=value    write an input first (repeatable; true/false,
 *                        a number, or fire for a trigger), then step 0
 *   --reduced-motion     reduced motion on from the start (SPEC §10)
 *   --color slot=#hex    override a colour slot (repeatable)
 *   --current #hex       what currentColor paints (default black)
 *   --background #hex    paint the whole output first
 *   --live               SVG output keeps slots and currentColor themable
 *   --probe 'x,y;x,y'    print the RGBA of output pixels as JSON
 *   --frames N --fps F   N PNG frames, out-0000.png ..., 1/F s apart
 *
 * Exit status: 0 rendered, 1 invalid document or failed rendering, 2 bad
 * arguments (with a message naming the option).
 */
#include <cairo.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <anima/format.h>
#include <anima/registry.h>
#include <anima/render_cairo.h>

#include "cli.h"
#include "commands.h"
#include "render_inputs.h"
#include "script.h"

#define MAX_COLOR_OVERRIDES 64
#define MAX_PROBES 256
#define MAX_INPUT_WRITES 64

typedef struct render_options {
  const char *input;
  const char *output;
  int size, viewport_width, viewport_height;
  anima_fit fit;
  double scale;
  bool has_at;
  double at;
  const char *script;
  bool reduced_motion;
  size_t input_count;
  const char *inputs[MAX_INPUT_WRITES];
  size_t color_count;
  const char *color_names[MAX_COLOR_OVERRIDES];
  anima_color colors[MAX_COLOR_OVERRIDES];
  bool has_current;
  anima_color current;
  bool has_background;
  anima_color background;
  bool live;
  size_t probe_count;
  int probes[MAX_PROBES][2];
  long frames;
  double fps;
} render_options;

static void print_help(FILE *out) {
  fprintf(out,
          "usage: anima render [file] [-o out.png|out.svg] [--size N] "
          "[--viewport WxH]\n"
          "         [--fit contain|cover|fill|none] [--scale k] [--at s | -s "
          "script.txt]\n"
          "         [--set input=value]... [--reduced-motion] [--color "
          "slot=#hex]...\n"
          "         [--current #hex] [--background #hex] [--live] [--probe "
          "'x,y;x,y']\n"
          "         [--frames N --fps F]\n"
          "Renders a document to PNG (cairo) or SVG. Without a file: the "
          "\"entry\" of the\nnearest anima.json.\n"
          "--set input=value writes an input before --at or -s (true/false, "
          "a number, or\nfire for a trigger; repeatable) and steps by 0, so "
          "`--set hover=true --at 1`\nshows the hovered pose without a "
          "script.\n"
          "--size N and --viewport WxH take 1 to 16384 pixels a side. A "
          "PNG (and --probe)\nholds 4 bytes a pixel in memory: --size 16384 "
          "needs over 1 GiB (about 2 GB at\npeak) and tens of seconds; "
          "--size 4096 about 140 MB. SVG output is text: its\ncost does "
          "not grow with the size.\n"
          "Exit status: 0 rendered, 1 invalid document, an output that "
          "cannot be written\nor a failed -s script assertion (expect; the "
          "output is still written),\n2 usage error.\n");
}

static int usage_error(const char *format, const char *value) {
  fputs("anima render: ", stderr);
  fprintf(stderr, format, value);
  fputc('\n', stderr);
  return CLI_EXIT_USAGE;
}

static bool parse_integer(const char *text, long minimum, long maximum,
                          long *out) {
  char *end = NULL;
  errno = 0;
  long value = strtol(text, &end, 10);
  if (end == text || *end != '\0' || errno != 0 || value < minimum ||
      value > maximum) {
    return false;
  }
  *out = value;
  return true;
}

static bool parse_viewport(const char *text, int *width, int *height) {
  const char *x = strchr(text, 'x');
  if (x == NULL || x == text) {
    return false;
  }
  char first[32];
  size_t length = (size_t)(x - text);
  if (length >= sizeof first) {
    return false;
  }
  memcpy(first, text, length);
  first[length] = '\0';
  long w = 0, h = 0;
  if (!parse_integer(first, 1, 16384, &w) ||
      !parse_integer(x + 1, 1, 16384, &h)) {
    return false;
  }
  *width = (int)w;
  *height = (int)h;
  return true;
}

/* 'x,y;x,y': integer output pixels, each from 0 to 16383 (an output is
 * at most 16384 pixels a side), at most MAX_PROBES. On failure writes the
 * reason (one sentence) into `message`. */
static bool parse_probes(const char *text, render_options *options,
                         char *message, size_t size) {
  const char *cursor = text;
  size_t count = 0;
  for (const char *c = text; *c != '\0'; c++) {
    count += *c == ';' && c[1] != '\0';
  }
  /* Repeated --probe options add up. */
  if (*text != '\0' && options->probe_count + count + 1 > MAX_PROBES) {
    snprintf(message, size,
             "--probe takes at most %d probes in all; \"%.40s...\" makes "
             "%zu",
             MAX_PROBES, text, options->probe_count + count + 1);
    return false;
  }
  while (*cursor != '\0') {
    char *end = NULL;
    errno = 0;
    long x = strtol(cursor, &end, 10);
    bool shaped = end != cursor && *end == ',' && errno == 0;
    long y = 0;
    if (shaped) {
      const char *second = end + 1;
      y = strtol(second, &end, 10);
      shaped = end != second && (*end == ';' || *end == '\0') && errno == 0;
    }
    if (!shaped) {
      snprintf(message, size,
               "--probe must be 'x,y;x,y' with integer pixel coordinates, "
               "not \"%.200s\"",
               text);
      return false;
    }
    if (x < 0 || y < 0 || x > 16383 || y > 16383) {
      snprintf(message, size,
               "--probe %ld,%ld is outside any output: pixel coordinates run "
               "from 0 to 16383, (0,0) the top left pixel",
               x, y);
      return false;
    }
    options->probes[options->probe_count][0] = (int)x;
    options->probes[options->probe_count][1] = (int)y;
    options->probe_count++;
    cursor = *end == ';' ? end + 1 : end;
  }
  if (options->probe_count == 0) {
    snprintf(message, size,
             "--probe must be 'x,y;x,y' with integer pixel coordinates, not "
             "\"%.200s\"",
             text);
    return false;
  }
  return true;
}

static const char *fit_names[] = {"contain", "cover", "fill", "none"};

/* The options that take a value (parse_arguments). */
static const char *const value_options[] = {
    "-o",       "--out",    "--size",    "--viewport",
    "--fit",    "--scale",  "--at",      "-s",
    "--script", "--color",  "--current", "--background",
    "--probe",  "--frames", "--fps",     "--set",
    NULL};

static bool takes_value(const char *argument) {
  for (size_t index = 0; value_options[index] != NULL; index++) {
    if (strcmp(argument, value_options[index]) == 0) {
      return true;
    }
  }
  return false;
}

/* Parses argv into `options`; returns -1 when fine, else an exit status. */
static int parse_arguments(int argc, char **argv, render_options *options) {
  for (int index = 1; index < argc; index++) {
    const char *argument = argv[index];
    if (strcmp(argument, "--help") == 0 || strcmp(argument, "-h") == 0) {
      print_help(stdout);
      return CLI_EXIT_OK;
    }
    if (strcmp(argument, "--reduced-motion") == 0) {
      options->reduced_motion = true;
      continue;
    }
    if (strcmp(argument, "--live") == 0) {
      options->live = true;
      continue;
    }
    if (argument[0] != '-' || argument[1] == '\0') {
      if (options->input != NULL) {
        return usage_error("expected one input file, got \"%s\" too", argument);
      }
      options->input = argument;
      continue;
    }
    if (!takes_value(argument)) {
      return usage_error("unknown option \"%s\" (see anima render --help)",
                         argument);
    }
    if (index + 1 >= argc) {
      return usage_error("%s needs a value", argument);
    }
    const char *value = argv[++index];
    long integer = 0;
    if (strcmp(argument, "-o") == 0 || strcmp(argument, "--out") == 0) {
      options->output = value;
    } else if (strcmp(argument, "--size") == 0) {
      if (!parse_integer(value, 1, 16384, &integer)) {
        return usage_error("--size must be an integer from 1 to 16384, not "
                           "\"%s\"",
                           value);
      }
      options->size = (int)integer;
    } else if (strcmp(argument, "--viewport") == 0) {
      if (!parse_viewport(value, &options->viewport_width,
                          &options->viewport_height)) {
        return usage_error("--viewport must be WxH with integers from 1 to "
                           "16384, not \"%s\"",
                           value);
      }
    } else if (strcmp(argument, "--fit") == 0) {
      int found = -1;
      for (int fit = 0; fit < 4; fit++) {
        if (strcmp(value, fit_names[fit]) == 0) {
          found = fit;
        }
      }
      if (found < 0) {
        return usage_error("--fit must be contain, cover, fill or none, not "
                           "\"%s\"",
                           value);
      }
      options->fit = (anima_fit)found;
    } else if (strcmp(argument, "--scale") == 0) {
      if (!cli_parse_number(value, &options->scale) || !(options->scale > 0) ||
          options->scale > 1) {
        return usage_error("--scale must be a number with 0 < k <= 1, not "
                           "\"%s\"",
                           value);
      }
    } else if (strcmp(argument, "--at") == 0) {
      if (!cli_parse_number(value, &options->at) || options->at < 0) {
        return usage_error("--at must be a number of seconds >= 0, not \"%s\"",
                           value);
      }
      options->has_at = true;
    } else if (strcmp(argument, "-s") == 0 ||
               strcmp(argument, "--script") == 0) {
      options->script = value;
    } else if (strcmp(argument, "--color") == 0) {
      const char *equals = strchr(value, '=');
      if (equals == NULL || equals == value ||
          options->color_count == MAX_COLOR_OVERRIDES ||
          !anima_color_parse_hex(equals + 1,
                                 &options->colors[options->color_count])) {
        return usage_error("--color must be slot=#hex (#rgb, #rrggbb or "
                           "#rrggbbaa), not \"%s\"",
                           value);
      }
      options->color_names[options->color_count++] = value;
    } else if (strcmp(argument, "--set") == 0) {
      const char *equals = strchr(value, '=');
      if (equals == NULL || equals == value) {
        return usage_error("--set must be input=value, not \"%s\"", value);
      }
      if (options->input_count == MAX_INPUT_WRITES) {
        return usage_error("%s", "--set is given more than 64 times");
      }
      options->inputs[options->input_count++] = value;
    } else if (strcmp(argument, "--current") == 0) {
      if (!anima_color_parse_hex(value, &options->current)) {
        return usage_error("--current must be a colour #rgb, #rrggbb or "
                           "#rrggbbaa, not \"%s\"",
                           value);
      }
      options->has_current = true;
    } else if (strcmp(argument, "--background") == 0) {
      if (!anima_color_parse_hex(value, &options->background)) {
        return usage_error("--background must be a colour #rgb, #rrggbb or "
                           "#rrggbbaa, not \"%s\"",
                           value);
      }
      options->has_background = true;
    } else if (strcmp(argument, "--probe") == 0) {
      char message[512];
      if (!parse_probes(value, options, message, sizeof message)) {
        return usage_error("%s", message);
      }
    } else if (strcmp(argument, "--frames") == 0) {
      if (!parse_integer(value, 1, 10000, &options->frames)) {
        return usage_error("--frames must be an integer from 1 to 10000, not "
                           "\"%s\"",
                           value);
      }
    } else if (strcmp(argument, "--fps") == 0) {
      if (!cli_parse_number(value, &options->fps) || !(options->fps > 0) ||
          options->fps > 240) {
        return usage_error("--fps must be a number with 0 < F <= 240, not "
                           "\"%s\"",
                           value);
      }
    } else {
      return usage_error("unknown option \"%s\" (see anima render --help)",
                         argument);
    }
  }
  return -1;
}

/* Checks combinations; returns -1 when fine, else an exit status. */
static int check_arguments(render_options *options) {
  if (options->input == NULL) {
    int status = cli_default_input("render", &options->input);
    if (status >= 0) {
      return status;
    }
  }
  if (options->output == NULL && options->probe_count == 0) {
    return usage_error("%s", "give -o out.png|out.svg, or --probe");
  }
  bool svg = options->output != NULL && cli_has_suffix(options->output, ".svg");
  if (options->output != NULL && cli_has_suffix(options->output, ".webm")) {
    /* SPEC "CLI projects and capture": WebM needs Chromium capture. */
    fprintf(stderr,
            "anima render: error[build-encoder-unavailable]: WebM capture "
            "needs headless Chromium canvas capture, which this build does "
            "not include (hint: render PNG frames with -o out.png --frames "
            "N)\n");
    return CLI_EXIT_FAILED;
  }
  if (options->output != NULL && !svg &&
      !cli_has_suffix(options->output, ".png")) {
    return usage_error("the output \"%s\" must end in .png or .svg",
                       options->output);
  }
  if (options->has_at && options->script != NULL) {
    return usage_error("%s", "use either --at or -s, not both");
  }
  if (options->frames > 0 && svg) {
    return usage_error("%s", "--frames renders PNG sequences; use -o out.png");
  }
  if (options->frames > 0 && options->probe_count > 0) {
    return usage_error("%s", "--probe applies to single frames, not --frames");
  }
  if (options->fps > 0 && options->frames == 0) {
    return usage_error("%s", "--fps needs --frames");
  }
  if (options->frames > 0 && options->output == NULL) {
    return usage_error("%s", "--frames needs -o out.png");
  }
  if (options->live && !svg) {
    return usage_error("%s", "--live applies to SVG output (-o out.svg)");
  }
  return -1;
}

/* ------------------------------------------------------------------------ */
/* Rendering                                                                 */
/* ------------------------------------------------------------------------ */

typedef struct render_session {
  const render_options *options;
  anima_player *player;
  anima_renderer *renderer;
  anima_render_options output;
  cairo_surface_t *image; /* the last PNG drawn, owned by the renderer */
} render_session;

/* Why drawing failed: memory, a module's node behaviour (what its emit
 * did wrong, anima_renderer_error) or otherwise. */
static void print_failure(render_session *session, anima_status status,
                          int width, int height) {
  const char *reason = anima_renderer_error(session->renderer);
  if (status == ANIMA_ERROR_NO_MEMORY) {
    fprintf(stderr, "anima render: out of memory drawing a %dx%d image\n",
            width, height);
  } else if (reason != NULL) {
    fprintf(stderr, "anima render: drawing failed: %s\n", reason);
  } else {
    fprintf(stderr, "anima render: drawing failed\n");
  }
}

static bool render_png(render_session *session, const char *path) {
  anima_status status = anima_render_image(session->renderer, session->player,
                                           &session->output, &session->image);
  if (status != ANIMA_OK) {
    int width = 0, height = 0;
    anima_render_size(&session->output, &width, &height);
    print_failure(session, status, width, height);
    return false;
  }
  errno = 0;
  cairo_status_t written =
      path != NULL ? cairo_surface_write_to_png(session->image, path)
                   : CAIRO_STATUS_SUCCESS;
  if (written != CAIRO_STATUS_SUCCESS) {
    /* cairo opens the file with fopen, so errno names the reason. */
    fprintf(stderr, "anima render: cannot write %s: %s\n", path,
            errno != 0 ? strerror(errno) : cairo_status_to_string(written));
    return false;
  }
  return true;
}

/* What SVG cannot draw in the frame just built (an angular gradient,
 * paint "Angular gradients"), as unsupported-render diagnostics at their
 * pointers. */
static void print_unsupported(render_session *session) {
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (diagnostics != NULL &&
      anima_renderer_check(session->renderer, anima_svg_caps(), diagnostics) ==
          ANIMA_ERROR_UNSUPPORTED) {
    cli_print_diagnostics_text(stderr, session->options->input, diagnostics);
  } else {
    fprintf(stderr, "anima render: SVG cannot draw this document\n");
  }
  anima_diagnostics_destroy(diagnostics);
}

/* Writes the SVG text to `path` only once it is complete. */
static bool render_svg(render_session *session, const char *path) {
  char *text = NULL;
  size_t length = 0;
  anima_status status = anima_render_svg(session->renderer, session->player,
                                         &session->output, &text, &length);
  if (status == ANIMA_ERROR_UNSUPPORTED) {
    print_unsupported(session);
    return false;
  }
  if (status != ANIMA_OK) {
    if (status == ANIMA_ERROR_NO_MEMORY) {
      fprintf(stderr, "anima render: out of memory\n");
    } else {
      print_failure(session, status, 0, 0);
    }
    return false;
  }
  FILE *file = fopen(path, "wb");
  if (file == NULL) {
    fprintf(stderr, "anima render: cannot write %s: %s\n", path,
            strerror(errno));
    free(text);
    return false;
  }
  errno = 0;
  size_t written = fwrite(text, 1, length, file);
  free(text);
  if (fclose(file) != 0 || written != length) {
    fprintf(stderr, "anima render: cannot write %s: %s\n", path,
            errno != 0 ? strerror(errno) : "short write");
    return false;
  }
  return true;
}

/* Prints the probes as one JSON line, or, when one is outside the output,
 * only the reason on stderr (no partial JSON on stdout). */
static bool print_probes(render_session *session) {
  const render_options *options = session->options;
  anima_color colors[MAX_PROBES];
  for (size_t index = 0; index < options->probe_count; index++) {
    int x = options->probes[index][0], y = options->probes[index][1];
    if (anima_cairo_probe(session->image, x, y, &colors[index]) != ANIMA_OK) {
      fprintf(stderr,
              "anima render: --probe %d,%d is outside the %dx%d output "
              "(pixels 0 to %d, 0 to %d)\n",
              x, y, cairo_image_surface_get_width(session->image),
              cairo_image_surface_get_height(session->image),
              cairo_image_surface_get_width(session->image) - 1,
              cairo_image_surface_get_height(session->image) - 1);
      return false;
    }
  }
  printf("{\"probes\": [");
  for (size_t index = 0; index < options->probe_count; index++) {
    const anima_color *color = &colors[index];
    printf("%s{\"x\": %d, \"y\": %d, \"rgba\": [%u, %u, %u, %u]}",
           index ? ", " : "", options->probes[index][0],
           options->probes[index][1], color->r, color->g, color->b, color->a);
  }
  printf("]}\n");
  return true;
}

/* out.png → out-0000.png */
static void frame_path(const char *output, long frame, char *out, size_t size) {
  size_t stem = strlen(output) - 4;
  snprintf(out, size, "%.*s-%04ld.png", (int)stem, output, frame);
}

static void progress(long done, long total) {
  int width = 30;
  int filled = (int)(width * done / total);
  fprintf(stderr, "\r[%.*s%*s] %ld/%ld", filled,
          "##############################", width - filled, "", done, total);
  if (done == total) {
    fputc('\n', stderr);
  }
}

static int render_frames(render_session *session) {
  const render_options *options = session->options;
  double fps = options->fps > 0 ? options->fps : 60;
  bool show_progress = isatty(STDERR_FILENO);
  char path[4096];
  for (long frame = 0; frame < options->frames; frame++) {
    if (frame > 0) {
      anima_step_result result;
      anima_player_step(session->player, 1.0 / fps, &result);
    }
    frame_path(options->output, frame, path, sizeof path);
    if (!render_png(session, path)) {
      return CLI_EXIT_FAILED;
    }
    if (show_progress) {
      progress(frame + 1, options->frames);
    }
  }
  return CLI_EXIT_OK;
}

/* `--color` named no colour slot: a usage error with the closest slot
 * name, else the document's slots (read off a draw frame of the model made
 * for the message). */
static int unknown_color_slot(const anima_model *model, const char *name) {
  fprintf(stderr,
          "anima render: --color names \"%s\", which is not a colour slot of "
          "the document",
          name);
  anima_draw_frame *frame = NULL;
  const char **names = NULL;
  if (anima_draw_frame_create(model, &frame) == ANIMA_OK &&
      (names = malloc((frame->slot_count + 1) * sizeof *names)) != NULL) {
    for (size_t i = 0; i < frame->slot_count; i++) {
      names[i] = frame->slots[i].name;
    }
    const char *closest = anima_closest_name(name, names, frame->slot_count);
    if (closest) {
      fprintf(stderr, " (did you mean \"%s\"?)", closest);
    } else if (frame->slot_count > 0) {
      fputs(" (its colour slots:", stderr);
      for (size_t i = 0; i < frame->slot_count; i++) {
        fprintf(stderr, "%s %s", i ? "," : "", names[i]);
      }
      fputc(')', stderr);
    } else {
      fputs(" (it declares no colors)", stderr);
    }
  }
  free(names);
  anima_draw_frame_destroy(frame);
  fputc('\n', stderr);
  return CLI_EXIT_USAGE;
}

/* Slot overrides and currentColor (SPEC §6; DECISIONS 9). */
static int apply_colors(render_session *session, const anima_model *model) {
  const render_options *options = session->options;
  if (options->has_current) {
    anima_renderer_set_current_color(session->renderer, options->current);
  }
  for (size_t index = 0; index < options->color_count; index++) {
    const char *text = options->color_names[index];
    char name[128];
    size_t length = (size_t)(strchr(text, '=') - text);
    snprintf(name, sizeof name, "%.*s", (int)length, text);
    if (anima_renderer_set_slot(session->renderer, name,
                                options->colors[index]) != ANIMA_OK) {
      return unknown_color_slot(model, name);
    }
  }
  return -1;
}

/*
 * Runs a script (SPEC §11.2) to position the player. Output lines are not
 * printed; failed expectations are reported on stderr, `*assertion_failed`
 * is set and rendering goes on (the file is still written, exit 1 after);
 * a bad command stops with exit 2. Returns -1 to go on.
 */
static int run_script(script_interpreter *interpreter, const char *path,
                      anima_diagnostics *diagnostics, bool *assertion_failed) {
  char *text = NULL;
  size_t length = 0;
  char message[4400];
  if (!script_read(path, &text, &length, message, sizeof message)) {
    fprintf(stderr, "anima render: %s\n", message);
    return CLI_EXIT_USAGE;
  }
  script_result worst =
      script_run_text(interpreter, text, length, diagnostics, NULL, NULL);
  free(text);
  cli_print_diagnostics_text(stderr, path, diagnostics);
  *assertion_failed = worst == SCRIPT_ASSERTION;
  return worst == SCRIPT_USAGE ? CLI_EXIT_USAGE : -1;
}

/* Loads, positions the player (--at / -s), then renders. */
static int render_document(const render_options *options,
                           anima_runtime *runtime,
                           anima_diagnostics *diagnostics) {
  bool missing = false;
  anima_model *model = NULL;
  if (!cli_load_model(runtime, options->input, &model, &missing, diagnostics)) {
    cli_print_diagnostics_text(stderr, options->input, diagnostics);
    return missing ? CLI_EXIT_USAGE : CLI_EXIT_FAILED;
  }
  render_session session = {.options = options};
  int status = -1;
  /* The interpreter owns the model and the player (SPEC §11.2 scripts). */
  script_options script = {.reduced_motion = options->reduced_motion};
  script_interpreter *interpreter = script_interpreter_create(model, &script);
  if (interpreter == NULL) {
    anima_model_destroy(model);
    fprintf(stderr, "anima render: out of memory\n");
    return CLI_EXIT_FAILED;
  }
  session.player = script_interpreter_player(interpreter);
  anima_status created = anima_renderer_create(model, &session.renderer);
  if (session.player == NULL || created != ANIMA_OK) {
    fprintf(stderr, "anima render: %s\n",
            created == ANIMA_ERROR_MODULE
                ? "the document uses a node type this renderer cannot draw"
                : "out of memory");
    status = CLI_EXIT_FAILED;
  }
  int size = options->size > 0 ? options->size : 256;
  session.output = (anima_render_options){
      .width = options->viewport_width > 0 ? options->viewport_width : size,
      .height = options->viewport_height > 0 ? options->viewport_height : size,
      .fit = options->fit,
      .scale = options->scale > 0 ? options->scale : 1,
      .has_background = options->has_background,
      .background = options->background,
      .svg_mode = options->live ? ANIMA_SVG_LIVE : ANIMA_SVG_STATIC};
  if (status < 0) {
    status = apply_colors(&session, model);
  }
  if (status < 0) {
    status = render_apply_inputs(model, script_interpreter_player(interpreter),
                                 options->inputs, options->input_count);
  }
  if (status < 0 && options->has_at) {
    script_interpreter_step(interpreter, options->at);
  }
  bool assertion_failed = false;
  if (status < 0 && options->script != NULL) {
    status = run_script(interpreter, options->script, diagnostics,
                        &assertion_failed);
  }
  if (status < 0 && options->frames > 0) {
    status = render_frames(&session);
  } else if (status < 0) {
    bool svg =
        options->output != NULL && cli_has_suffix(options->output, ".svg");
    bool ok = svg ? render_svg(&session, options->output)
                  : render_png(&session, options->output);
    if (ok && options->probe_count > 0) {
      if (svg) {
        ok = render_png(&session, NULL);
      }
      if (ok && !print_probes(&session)) {
        status = CLI_EXIT_USAGE;
      }
    }
    if (status < 0) {
      status = ok ? CLI_EXIT_OK : CLI_EXIT_FAILED;
    }
  }
  if (status == CLI_EXIT_OK && assertion_failed) {
    status = CLI_EXIT_FAILED; /* the output is written; the script failed */
  }
  anima_renderer_destroy(session.renderer);
  script_interpreter_destroy(interpreter);
  return status;
}

int anima_command_render(int argc, char **argv) {
  render_options options = {.fit = ANIMA_FIT_CONTAIN};
  int status = parse_arguments(argc, argv, &options);
  if (status >= 0) {
    return status;
  }
  status = check_arguments(&options);
  if (status >= 0) {
    return status;
  }
  anima_runtime *runtime = cli_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (runtime == NULL || diagnostics == NULL) {
    fprintf(stderr, "anima render: out of memory\n");
    status = CLI_EXIT_FAILED;
  } else {
    status = render_document(&options, runtime, diagnostics);
  }
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
  return status;
}
