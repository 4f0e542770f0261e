/*
 * cmd_bone_render.c — `anima bone render <file.obone> -o out.png|out.svg`:
 * poses a skeleton (a skin, an animation on track 0, a time or a frame
 * sequence) and draws its draw list through Anima's backends
 * (anima_bone_frame, include/anima/openbone.h; cairo for PNG, the SVG
 * writer for SVG). Options follow
 * `anima render` where they apply (docs/openbone/CLI.md):
 *
 *   --animation <ref>    played on track 0, looped unless --once
 *   --skin <ref>         setSkin before posing
 *   --at s               the time drawn (default 0)
 *   --frames N --fps F   N PNG frames out-0000.png …, 1/F s apart
 *   -s, --script s.txt   instead of those four: a script in the language of
 *                        `anima bone sample` (a state machine, pointer
 *                        events, inputs …) drives the skeleton, and the
 *                        pose at its end is drawn
 *   --size N, --viewport WxH, --fit contain|cover|fill|none, --scale k,
 *   --background #hex    as anima render
 *   --font FILE          a font file text attachments may name by family
 *                        (repeatable, at most 16)
 *
 * Text items (§8.9) draw through libanima-openbone-text
 * (include/anima/openbone_text.h): fonts are opened before drawing, and a
 * font that cannot be found or read is a diagnostic, not a crash.
 * Time advances in steps of at most 1/60 s (physics and events see the
 * steps a player would). The viewBox is the union of the draw list's
 * extents over every time drawn, grown by 5 % a side.
 */
#include <cairo.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "anima/format.h"
#include "anima/openbone_text.h"
#include "anima/render.h"
#include "anima/render_cairo.h"
#include "bone_images.h"
#include "bone_script.h"
#include "cli.h"
#include "commands.h"

typedef struct bone_render_options {
  const char *input, *output, *animation, *skin, *script;
  bool once, has_at;
  double at;
  long frames;
  double fps;
  anima_render_options render;
  const char *fonts[16];
  size_t font_count;
} bone_render_options;

/* The latest time drawn, in seconds: time advances in steps of at most
 * 1/60 s, so one hour is 216 000 steps per pass. A larger --at (or a last
 * frame at (N - 1)/F past it) stepped for hours, and 1e308 for ever. */
#define LATEST_TIME 3600

static int usage(const char *message, const char *value) {
  fprintf(stderr, "anima bone render: %s%s%s%s\n", message, value ? " \"" : "",
          value ? value : "", value ? "\"" : "");
  fprintf(stderr,
          "usage: anima bone render <file.obone> -o out.png|out.svg "
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
          "         [--font FILE]...\n");
  return CLI_EXIT_USAGE;
}

static bool parse_size(const char *text, int *out) {
  double value = 0;
  if (!cli_parse_number(text, &value) || value != floor(value) || value < 1 ||
      value > 16384) {
    return false;
  }
  *out = (int)value;
  return true;
}

static int parse_option(bone_render_options *o, const char *name,
                        const char *value) {
  if (strcmp(name, "-o") == 0 || strcmp(name, "--out") == 0) {
    o->output = value;
  } else if (strcmp(name, "--animation") == 0) {
    o->animation = value;
  } else if (strcmp(name, "--skin") == 0) {
    o->skin = value;
  } else if (strcmp(name, "-s") == 0 || strcmp(name, "--script") == 0) {
    o->script = value;
  } else if (strcmp(name, "--at") == 0) {
    o->has_at = true;
    if (!cli_parse_number(value, &o->at) || o->at < 0 || o->at > LATEST_TIME) {
      return usage("--at must be a time in seconds from 0 to 3600, not", value);
    }
  } else if (strcmp(name, "--frames") == 0) {
    double n = 0;
    if (!cli_parse_number(value, &n) || n != floor(n) || n < 1 || n > 10000) {
      return usage("--frames must be an integer from 1 to 10000, not", value);
    }
    o->frames = (long)n;
  } else if (strcmp(name, "--fps") == 0) {
    if (!cli_parse_number(value, &o->fps) || !(o->fps > 0) || o->fps > 240) {
      return usage("--fps must be a number with 0 < F <= 240, not", value);
    }
  } else if (strcmp(name, "--size") == 0) {
    if (!parse_size(value, &o->render.width)) {
      return usage("--size takes 1 to 16384 pixels, not", value);
    }
    o->render.height = o->render.width;
  } else if (strcmp(name, "--viewport") == 0) {
    const char *x = strchr(value, 'x');
    char first[32];
    if (x == NULL || (size_t)(x - value) >= sizeof first) {
      return usage("--viewport must be WxH, not", value);
    }
    memcpy(first, value, (size_t)(x - value));
    first[x - value] = '\0';
    if (!parse_size(first, &o->render.width) ||
        !parse_size(x + 1, &o->render.height)) {
      return usage("--viewport must be WxH with 1 to 16384 pixels, not", value);
    }
  } else if (strcmp(name, "--fit") == 0) {
    static const char *fits[] = {"contain", "cover", "fill", "none"};
    bool found = false;
    for (int i = 0; i < 4; i++) {
      if (strcmp(value, fits[i]) == 0) {
        o->render.fit = (anima_fit)i;
        found = true;
      }
    }
    if (!found) {
      return usage("--fit must be contain, cover, fill or none, not", value);
    }
  } else if (strcmp(name, "--scale") == 0) {
    if (!cli_parse_number(value, &o->render.scale) || !(o->render.scale > 0) ||
        o->render.scale > 1) {
      return usage("--scale must be a number with 0 < k <= 1, not", value);
    }
  } else if (strcmp(name, "--background") == 0) {
    if (!anima_color_parse_hex(value, &o->render.background)) {
      return usage("--background must be a colour #rgb, #rrggbb or "
                   "#rrggbbaa, not",
                   value);
    }
    o->render.has_background = true;
  } else if (strcmp(name, "--font") == 0) {
    if (o->font_count == sizeof o->fonts / sizeof o->fonts[0]) {
      return usage("at most 16 --font files; one too many:", value);
    }
    o->fonts[o->font_count++] = value;
  } else {
    return usage("unknown option", name);
  }
  return -1;
}

static int parse_arguments(int argc, char **argv, bone_render_options *o) {
  o->render.width = o->render.height = 256;
  for (int i = 1; i < argc; i++) {
    const char *argument = argv[i];
    if (strcmp(argument, "--once") == 0) {
      o->once = true;
    } else if (argument[0] == '-') {
      if (i + 1 >= argc) {
        return usage("missing value after", argument);
      }
      int status = parse_option(o, argument, argv[++i]);
      if (status >= 0) {
        return status;
      }
    } else if (o->input == NULL) {
      o->input = argument;
    } else {
      return usage("more than one document:", argument);
    }
  }
  if (o->input == NULL || o->output == NULL) {
    return usage("give the document and -o out.png|out.svg", NULL);
  }
  bool svg = cli_has_suffix(o->output, ".svg");
  if (!svg && !cli_has_suffix(o->output, ".png")) {
    return usage("the output must end in .png or .svg:", o->output);
  }
  if (o->frames > 0 && svg) {
    return usage("--frames renders PNG sequences; use -o out.png", NULL);
  }
  if (o->script != NULL &&
      (o->animation || o->skin || o->once || o->has_at || o->frames > 0)) {
    return usage("--script poses the skeleton itself (setSkin, setAnimation, "
                 "advance …): it does not go with --animation, --skin, "
                 "--once, --at or --frames",
                 NULL);
  }
  if ((o->frames > 0) != (o->fps > 0)) {
    return usage("--frames and --fps go together", NULL);
  }
  if (o->frames > 0 && (double)(o->frames - 1) / o->fps > LATEST_TIME) {
    return usage("the last frame, (N - 1)/F seconds, must be at most 3600 "
                 "seconds",
                 NULL);
  }
  return -1;
}

/* A fresh instance posed at time 0: skin, animation on track 0. */
static anima_bone_instance *start(const anima_bone_model *model,
                                  const bone_render_options *o,
                                  long animation) {
  anima_bone_instance *instance = NULL;
  if (anima_bone_instance_create(model, &instance) != ANIMA_OK) {
    return NULL;
  }
  if (o->skin) {
    anima_bone_instance_set_skin(instance, o->skin);
  }
  if (animation >= 0) {
    anima_bone_set_animation(instance, 0, animation, !o->once, 0);
  }
  anima_bone_instance_advance(instance, 0);
  return instance;
}

/* Advances by `seconds` in steps of at most 1/60 s. */
static void advance(anima_bone_instance *instance, double seconds) {
  if (seconds <= 0) {
    return;
  }
  double steps = ceil(seconds * 60 - 1e-9);
  double dt = seconds / (steps < 1 ? 1 : steps);
  for (double n = 0; n < steps; n++) {
    anima_bone_instance_advance(instance, dt);
  }
}

static double frame_time(const bone_render_options *o, long frame) {
  return o->frames > 0 ? (double)frame / o->fps : o->at;
}

static void frame_path(const char *output, long frame, char *out, size_t size) {
  size_t stem = strlen(output) - 4;
  snprintf(out, size, "%.*s-%04ld.png", (int)stem, output, frame);
}

static bool write_png(const anima_draw_frame *frame,
                      const anima_render_options *options, const char *path) {
  int width = 0, height = 0;
  if (anima_render_size(options, &width, &height) != ANIMA_OK) {
    return false;
  }
  anima_renderer *renderer = NULL;
  if (anima_renderer_create(NULL, &renderer) != ANIMA_OK) {
    return false;
  }
  cairo_surface_t *surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  bool ok = cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS &&
            anima_cairo_render(renderer, frame, options, surface) == ANIMA_OK &&
            cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS;
  if (!ok && anima_renderer_error(renderer)) {
    fprintf(stderr, "anima bone render: %s\n", anima_renderer_error(renderer));
  }
  cairo_surface_destroy(surface);
  anima_renderer_destroy(renderer);
  return ok;
}

static bool write_svg(const anima_draw_frame *frame,
                      const anima_render_options *options, const char *path) {
  /* What the SVG writer cannot draw (the additive blend) is reported as
   * `anima render` reports it, before anything is written. */
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (diagnostics &&
      anima_draw_frame_check(frame, anima_svg_caps(), diagnostics) ==
          ANIMA_ERROR_UNSUPPORTED) {
    cli_print_diagnostics_text(stderr, path, diagnostics);
    anima_diagnostics_destroy(diagnostics);
    return false;
  }
  anima_diagnostics_destroy(diagnostics);
  FILE *out = fopen(path, "w");
  if (out == NULL) {
    return false;
  }
  bool ok = anima_svg_write(frame, options, out) == ANIMA_OK;
  return fclose(out) == 0 && ok;
}

/* The viewBox of the extent `box` (frame units, y down; `any` false: no
 * vertex): grown by 5 % of its larger side a side (at least 1 unit);
 * false after a message when it is not finite. */
static bool fit_view_box(const bone_render_options *o, const double box[4],
                         bool any, double view_box[4]) {
  view_box[0] = view_box[1] = -50;
  view_box[2] = view_box[3] = 100;
  if (any) {
    double w = box[2] - box[0], h = box[3] - box[1];
    double margin = 0.05 * (w > h ? w : h);
    margin = margin > 1 ? margin : 1;
    view_box[0] = box[0] - margin;
    view_box[1] = box[1] - margin;
    view_box[2] = w + 2 * margin;
    view_box[3] = h + 2 * margin;
  }
  if (!isfinite(view_box[0]) || !isfinite(view_box[1]) ||
      !isfinite(view_box[2]) || !isfinite(view_box[3])) {
    /* float32 world vertices past ±3.4e38 are infinite: no viewBox fits
     * them, and the backends refuse the frame without saying why. */
    fprintf(stderr,
            "%s: the drawn extent is not finite (x from %g to %g, y from %g "
            "to %g): a vertex lies beyond the float range, so no viewBox "
            "fits the skeleton; nothing is drawn (hint: look for huge scales, "
            "sizes or positions)\n",
            o->input, box[0], box[2], box[1], box[3]);
    return false;
  }
  return true;
}

/* Opens the fonts of the model's text attachments (none without text);
 * prints their diagnostics. False when one is an error: the text would be
 * missing from the picture. */
static bool open_fonts(const bone_render_options *o,
                       const anima_bone_model *model,
                       anima_bone_glyphs **glyphs) {
  if (!anima_bone_model_text_font(model, 0, NULL, NULL, NULL, NULL) &&
      o->font_count == 0) {
    return true;
  }
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (diagnostics == NULL) {
    fprintf(stderr, "%s: out of memory\n", o->input);
    return false;
  }
  anima_bone_glyphs_options options = {o->fonts, o->font_count};
  anima_status status =
      anima_bone_glyphs_create(model, &options, diagnostics, glyphs);
  cli_print_diagnostics_text(stderr, o->input, diagnostics);
  anima_diagnostics_destroy(diagnostics);
  if (status == ANIMA_ERROR_NO_MEMORY) {
    fprintf(stderr, "%s: out of memory\n", o->input);
  }
  return status == ANIMA_OK;
}

/* The lowering of `instance` with the document's images and, when it has
 * text, its fonts (`*glyphs`, freed by the caller after the frame), or
 * NULL after a message. */
static anima_bone_frame *make_frame(const bone_render_options *o,
                                    const anima_bone_model *model,
                                    anima_bone_instance *instance,
                                    const char *text, size_t length,
                                    anima_bone_glyphs **glyphs) {
  char *directory = strdup(o->input);
  char *slash = directory ? strrchr(directory, '/') : NULL;
  if (directory) {
    if (slash) {
      *slash = '\0';
    } else {
      directory[0] = '\0';
    }
  }
  anima_bone_frame *frame = NULL;
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_status status = ANIMA_ERROR_NO_MEMORY;
  if (instance && directory && diagnostics &&
      anima_bone_frame_create(instance, &frame) == ANIMA_OK) {
    status = bone_images_load(frame, text, length, directory, diagnostics);
    cli_print_diagnostics_text(stderr, o->input, diagnostics);
  }
  anima_diagnostics_destroy(diagnostics);
  free(directory);
  if (status != ANIMA_OK) {
    /* An image that cannot be drawn would leave a part of the picture
     * white: nothing is drawn (docs/openbone/CLI.md). */
    if (status == ANIMA_ERROR_NO_MEMORY) {
      fprintf(stderr, "%s: out of memory\n", o->input);
    }
    anima_bone_frame_destroy(frame);
    return NULL;
  }
  if (!open_fonts(o, model, glyphs)) {
    anima_bone_frame_destroy(frame);
    return NULL;
  }
  if (*glyphs) {
    anima_bone_glyphs_attach(*glyphs, frame);
  }
  return frame;
}

/* Draws the instance's current pose into `path`. */
static bool draw_pose(const bone_render_options *o, anima_bone_frame *frame,
                      anima_bone_instance *instance, const double view_box[4],
                      const char *path) {
  const anima_draw_frame *drawn =
      anima_bone_frame_build(frame, instance, view_box);
  bool ok = cli_has_suffix(o->output, ".svg")
                ? write_svg(drawn, &o->render, path)
                : write_png(drawn, &o->render, path);
  if (!ok) {
    fprintf(stderr, "anima bone render: could not write %s\n", path);
  }
  return ok;
}

/* --script: the script (checked whole against the document first, as
 * `anima bone sample` checks it) drives a fresh instance; the pose at its
 * end is drawn, framed by its own extent. */
static int render_script(const bone_render_options *o,
                         const anima_bone_model *model, const char *text,
                         size_t length) {
  char *source = NULL;
  size_t size = 0;
  bool missing = false;
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (diagnostics == NULL ||
      !cli_read_file(o->script, &source, &size, &missing, diagnostics)) {
    if (diagnostics) {
      cli_print_diagnostics_text(stderr, o->script, diagnostics);
    }
    anima_diagnostics_destroy(diagnostics);
    return CLI_EXIT_USAGE;
  }
  anima_diagnostics_destroy(diagnostics);
  bone_script script;
  bool parsed =
      bone_script_parse(source, size, o->script, model, stderr, &script);
  free(source);
  if (!parsed) {
    return CLI_EXIT_USAGE;
  }
  anima_bone_instance *instance = NULL;
  if (anima_bone_instance_create(model, &instance) != ANIMA_OK) {
    bone_script_free(&script);
    fprintf(stderr, "%s: out of memory\n", o->input);
    return CLI_EXIT_FAILED;
  }
  anima_bone_set_script_report(instance, bone_script_print_report, NULL);
  int status = bone_script_run(&script, model, instance, NULL);
  bone_script_free(&script);
  double box[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY};
  double view_box[4];
  if (status == CLI_EXIT_OK &&
      !fit_view_box(o, box, anima_bone_draw_extent(instance, box), view_box)) {
    status = CLI_EXIT_FAILED;
  }
  anima_bone_frame *frame = NULL;
  anima_bone_glyphs *glyphs = NULL;
  if (status == CLI_EXIT_OK &&
      (frame = make_frame(o, model, instance, text, length, &glyphs)) == NULL) {
    status = CLI_EXIT_FAILED;
  }
  if (status == CLI_EXIT_OK &&
      !draw_pose(o, frame, instance, view_box, o->output)) {
    status = CLI_EXIT_FAILED;
  }
  anima_bone_frame_destroy(frame);
  anima_bone_glyphs_destroy(glyphs);
  anima_bone_instance_destroy(instance);
  return status;
}

static int render(const bone_render_options *o, const anima_bone_model *model,
                  const char *text, size_t length) {
  long animation = -1;
  char message[512], hint[256];
  if (o->animation) {
    animation = anima_bone_model_find_animation(model, o->animation);
    if (animation < 0) {
      bone_name_hint(model, BONE_NAMES_ANIMATIONS, 0, o->animation, hint,
                     sizeof hint);
      snprintf(message, sizeof message,
               "--animation: no animation has the id or name \"%.200s\"%s",
               o->animation, hint);
      return usage(message, NULL);
    }
  }
  /* setSkin takes an unknown skin as "none" (spec §3.3), which draws the
   * default skin: a misspelt --skin would look like it worked. */
  if (o->skin && anima_bone_model_find_skin(model, o->skin) < 0) {
    bone_name_hint(model, BONE_NAMES_SKINS, 0, o->skin, hint, sizeof hint);
    snprintf(message, sizeof message,
             "--skin: no skin has the id or name \"%.200s\"%s", o->skin, hint);
    return usage(message, NULL);
  }
  long count = o->frames > 0 ? o->frames : 1;
  /* Pass 1: the viewBox over every time drawn. */
  anima_bone_instance *instance = start(model, o, animation);
  if (instance == NULL) {
    fprintf(stderr, "%s: out of memory\n", o->input);
    return CLI_EXIT_FAILED;
  }
  double box[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY}, now = 0;
  bool any = false;
  for (long i = 0; i < count; i++) {
    advance(instance, frame_time(o, i) - now);
    now = frame_time(o, i);
    any |= anima_bone_draw_extent(instance, box);
  }
  anima_bone_instance_destroy(instance);
  double view_box[4];
  if (!fit_view_box(o, box, any, view_box)) {
    return CLI_EXIT_FAILED;
  }
  /* Pass 2: draw. */
  instance = start(model, o, animation);
  anima_bone_glyphs *glyphs = NULL;
  anima_bone_frame *frame =
      make_frame(o, model, instance, text, length, &glyphs);
  int status = frame ? CLI_EXIT_OK : CLI_EXIT_FAILED;
  now = 0;
  for (long i = 0; i < count && status == CLI_EXIT_OK; i++) {
    advance(instance, frame_time(o, i) - now);
    now = frame_time(o, i);
    char path[4096];
    if (o->frames > 0) {
      frame_path(o->output, i, path, sizeof path);
    } else {
      snprintf(path, sizeof path, "%s", o->output);
    }
    if (!draw_pose(o, frame, instance, view_box, path)) {
      status = CLI_EXIT_FAILED;
    }
  }
  anima_bone_frame_destroy(frame);
  anima_bone_glyphs_destroy(glyphs);
  anima_bone_instance_destroy(instance);
  return status;
}

int anima_command_bone_render(int argc, char **argv) {
  bone_render_options o;
  memset(&o, 0, sizeof o);
  int status = parse_arguments(argc, argv, &o);
  if (status >= 0) {
    return status;
  }
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  char *text = NULL;
  size_t length = 0;
  bool missing = false;
  if (diagnostics == NULL ||
      !cli_read_file(o.input, &text, &length, &missing, diagnostics)) {
    if (diagnostics) {
      cli_print_diagnostics_text(stderr, o.input, diagnostics);
    }
    anima_diagnostics_destroy(diagnostics);
    return missing ? CLI_EXIT_USAGE : CLI_EXIT_FAILED;
  }
  anima_bone_model *model = NULL;
  anima_status loaded =
      anima_bone_model_load(text, length, diagnostics, &model);
  cli_print_diagnostics_text(stderr, o.input, diagnostics);
  anima_diagnostics_destroy(diagnostics);
  if (loaded != ANIMA_OK) {
    free(text);
    return CLI_EXIT_FAILED;
  }
  status = o.script ? render_script(&o, model, text, length)
                    : render(&o, model, text, length);
  anima_bone_model_destroy(model);
  free(text);
  return status;
}
