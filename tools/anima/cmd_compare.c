/*
 * cmd_compare.c — `anima compare a.png b.png [--tolerance 0..255]
 * [-o diff.png]` (SPEC "CLI projects and capture").
 *
 * Both images are decoded to 8-bit non-premultiplied RGBA and compared
 * without resizing. One JSON object goes to stdout:
 *
 *   {"width": W, "height": H, "maxChannelDifference": n,
 *    "meanChannelDifference": x, "differingPixels": n,
 *    "pixelsBeyondTolerance": n, "tolerance": t, "pass": bool}
 *
 * `meanChannelDifference` averages |a - b| over all four channels of all
 * pixels; `differingPixels` counts pixels where any channel differs;
 * `pixelsBeyondTolerance` counts pixels where some channel differs by more
 * than the tolerance (default 0). The comparison passes when no pixel is
 * beyond the tolerance. Images of different dimensions fail with
 * {"pass": false, "reason": "..."} and no diff image.
 *
 * The diff image is opaque 8-bit grayscale: each pixel is the largest
 * channel difference at that pixel (0 black = identical).
 *
 * Exit status: 0 pass, 1 comparison failure, 2 bad arguments (argument
 * count, tolerance outside 0..255, an output name not ending in .png, an
 * input that cannot be read as PNG).
 */
#include <errno.h>
#include <math.h>
#include <png.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

typedef struct compare_image {
  png_uint_32 width;
  png_uint_32 height;
  unsigned char *pixels; /* RGBA, row-major, width * 4 bytes per row */
} compare_image;

static bool ends_with(const char *text, const char *suffix) {
  size_t length = strlen(text);
  size_t suffix_length = strlen(suffix);
  return length >= suffix_length &&
         strcmp(text + length - suffix_length, suffix) == 0;
}

static bool compare_read_png(const char *path, compare_image *out) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  FILE *file = fopen(path, "rb");
  if (!file) {
    fprintf(stderr, "anima compare: cannot read %s: %s\n", path,
            strerror(errno));
    return false;
  }
  fclose(file);
  if (!png_image_begin_read_from_file(&image, path)) {
    fprintf(stderr, "anima compare: cannot read %s as PNG: %s%s\n", path,
            image.message,
            ends_with(path, ".svg") || ends_with(path, ".SVG")
                ? " (hint: compare compares PNG images; render the SVG's "
                  "document with `anima render <file> -o out.png` first)"
                : "");
    return false;
  }
  image.format = PNG_FORMAT_RGBA;
  size_t size = PNG_IMAGE_SIZE(image);
  unsigned char *pixels = malloc(size > 0 ? size : 1);
  if (pixels == NULL) {
    png_image_free(&image);
    fprintf(stderr, "anima compare: out of memory reading %s\n", path);
    return false;
  }
  if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
    fprintf(stderr, "anima compare: cannot decode %s: %s\n", path,
            image.message);
    free(pixels);
    return false;
  }
  out->width = image.width;
  out->height = image.height;
  out->pixels = pixels;
  return true;
}

static bool compare_write_diff(const char *path, const unsigned char *gray,
                               png_uint_32 width, png_uint_32 height) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  image.width = width;
  image.height = height;
  image.format = PNG_FORMAT_GRAY;
  if (!png_image_write_to_file(&image, path, 0, gray, 0, NULL)) {
    fprintf(stderr, "anima compare: cannot write %s: %s\n", path,
            image.message);
    return false;
  }
  return true;
}

static bool compare_parse_tolerance(const char *text, double *out) {
  double value = 0;
  if (!cli_parse_number(text, &value) || value < 0 || value > 255) {
    return false;
  }
  *out = value;
  return true;
}

/* Shortest "%.Ng" that reads back as the same binary64 (DECISIONS 2). */
static void compare_format_number(char *out, size_t size, double value) {
  if (value == 0) {
    snprintf(out, size, "0");
    return;
  }
  if (value == floor(value) && fabs(value) < 1e15) {
    snprintf(out, size, "%.0f", value); /* "10", not "1e+01" */
    return;
  }
  for (int precision = 1; precision <= 17; precision++) {
    snprintf(out, size, "%.*g", precision, value);
    if (strtod(out, NULL) == value) {
      return;
    }
  }
}

static void compare_help(FILE *out) {
  fprintf(out,
          "usage: anima compare a.png b.png [--tolerance 0..255] "
          "[-o diff.png]\n"
          "Compares two PNG images channel by channel (8-bit RGBA, no "
          "resizing) and prints\none JSON object: width, height, "
          "maxChannelDifference, meanChannelDifference,\ndifferingPixels, "
          "pixelsBeyondTolerance, tolerance, pass.\n"
          "  --tolerance t  a pixel fails when a channel differs by more than "
          "t (default 0)\n"
          "  -o diff.png    write the largest channel difference per pixel "
          "as grayscale\n"
          "Render an SVG or a document to PNG first (`anima render doc.animl "
          "-o a.png`).\n"
          "Exit status: 0 pass, 1 the images differ beyond the tolerance or "
          "the diff\nimage cannot be written, 2 usage error.\n");
}

static int compare_usage(const char *problem) {
  fprintf(stderr,
          "anima compare: %s\n"
          "usage: anima compare a.png b.png [--tolerance 0..255] "
          "[-o diff.png]\n",
          problem);
  return 2;
}

int anima_command_compare(int argc, char **argv) {
  const char *inputs[2] = {NULL, NULL};
  int input_count = 0;
  const char *diff_path = NULL;
  double tolerance = 0;
  for (int index = 1; index < argc; index++) {
    const char *argument = argv[index];
    if (strcmp(argument, "--help") == 0 || strcmp(argument, "-h") == 0) {
      compare_help(stdout);
      return 0;
    }
    if (strcmp(argument, "--tolerance") == 0 ||
        strncmp(argument, "--tolerance=", 12) == 0) {
      const char *value = NULL;
      if (argument[11] == '=') {
        value = argument + 12;
      } else if (index + 1 < argc) {
        value = argv[++index];
      } else {
        return compare_usage("--tolerance needs a value from 0 to 255");
      }
      if (!compare_parse_tolerance(value, &tolerance)) {
        fprintf(stderr,
                "anima compare: invalid tolerance \"%s\": expected a number "
                "from 0 to 255\n",
                value);
        return 2;
      }
    } else if (strcmp(argument, "-o") == 0 || strcmp(argument, "--out") == 0) {
      if (index + 1 >= argc) {
        return compare_usage("-o needs an output path ending in .png");
      }
      diff_path = argv[++index];
      if (!ends_with(diff_path, ".png") && !ends_with(diff_path, ".PNG")) {
        fprintf(stderr,
                "anima compare: the diff output \"%s\" must end in .png\n",
                diff_path);
        return 2;
      }
    } else if (argument[0] == '-' && argument[1] != '\0') {
      char problem[256];
      snprintf(problem, sizeof problem, "unknown option \"%s\"", argument);
      return compare_usage(problem);
    } else {
      if (input_count == 2) {
        return compare_usage("expected exactly two PNG files");
      }
      inputs[input_count++] = argument;
    }
  }
  if (input_count != 2) {
    return compare_usage("expected exactly two PNG files");
  }

  compare_image first = {0}, second = {0};
  if (!compare_read_png(inputs[0], &first)) {
    return 2;
  }
  if (!compare_read_png(inputs[1], &second)) {
    free(first.pixels);
    return 2;
  }

  int status = 0;
  if (first.width != second.width || first.height != second.height) {
    printf("{\"pass\": false, \"reason\": \"dimensions differ: %ux%u and "
           "%ux%u\", \"width\": [%u, %u], \"height\": [%u, %u]}\n",
           (unsigned)first.width, (unsigned)first.height,
           (unsigned)second.width, (unsigned)second.height,
           (unsigned)first.width, (unsigned)second.width,
           (unsigned)first.height, (unsigned)second.height);
    fprintf(stderr, "anima compare: the images have different dimensions\n");
    free(first.pixels);
    free(second.pixels);
    return 1;
  }

  size_t pixel_count = (size_t)first.width * first.height;
  unsigned char *gray = NULL;
  if (diff_path != NULL) {
    gray = malloc(pixel_count > 0 ? pixel_count : 1);
    if (gray == NULL) {
      fprintf(stderr, "anima compare: out of memory\n");
      free(first.pixels);
      free(second.pixels);
      return 2;
    }
  }
  unsigned maximum = 0;
  unsigned long long total = 0;
  size_t differing = 0, beyond = 0;
  for (size_t pixel = 0; pixel < pixel_count; pixel++) {
    unsigned largest = 0;
    for (int channel = 0; channel < 4; channel++) {
      int a = first.pixels[pixel * 4 + channel];
      int b = second.pixels[pixel * 4 + channel];
      unsigned difference = (unsigned)(a > b ? a - b : b - a);
      total += difference;
      if (difference > largest) {
        largest = difference;
      }
    }
    if (largest > 0) {
      differing++;
    }
    if ((double)largest > tolerance) {
      beyond++;
    }
    if (largest > maximum) {
      maximum = largest;
    }
    if (gray != NULL) {
      gray[pixel] = (unsigned char)largest;
    }
  }
  double mean = pixel_count > 0 ? (double)total / (double)(pixel_count * 4) : 0;
  bool pass = beyond == 0;
  char mean_text[32], tolerance_text[32];
  compare_format_number(mean_text, sizeof mean_text, mean);
  compare_format_number(tolerance_text, sizeof tolerance_text, tolerance);
  printf("{\"width\": %u, \"height\": %u, \"maxChannelDifference\": %u, "
         "\"meanChannelDifference\": %s, \"differingPixels\": %zu, "
         "\"pixelsBeyondTolerance\": %zu, \"tolerance\": %s, "
         "\"pass\": %s}\n",
         (unsigned)first.width, (unsigned)first.height, maximum, mean_text,
         differing, beyond, tolerance_text, pass ? "true" : "false");
  if (gray != NULL &&
      !compare_write_diff(diff_path, gray, first.width, first.height)) {
    status = 1; /* a file that could not be written (docs/CLI.md) */
  } else if (!pass) {
    status = 1;
  }
  free(gray);
  free(first.pixels);
  free(second.pixels);
  return status;
}
