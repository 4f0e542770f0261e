/*
 * test_chromium.h — Chromium's picture of an SVG document, for tests that
 * compare the SVG backend's output as a browser draws it with the cairo
 * backend's pixels (issue 11: "Chromium's rendering of it agrees with the
 * cairo PNG"). Headless Chromium screenshots a page showing the SVG as an
 * image filling the window; tests skip the comparison when Chromium is not
 * installed (it is a Debian package, not a build dependency).
 */
#ifndef ANIMA_TEST_CHROMIUM_H
#define ANIMA_TEST_CHROMIUM_H

#include <cairo.h>
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/** The Chromium executable, or NULL. */
static inline const char *test_chromium(void) {
  static const char *const candidates[] = {"/usr/bin/chromium",
                                           "/usr/bin/chromium-browser"};
  for (size_t i = 0; i < 2; i++) {
    if (access(candidates[i], X_OK) == 0) {
      return candidates[i];
    }
  }
  return NULL;
}

/** A PNG file as an ARGB32 image (an opaque PNG may load as RGB24). */
static inline cairo_surface_t *test_read_png(const char *path) {
  cairo_surface_t *read = cairo_image_surface_create_from_png(path);
  cr_assert_eq(cairo_surface_status(read), CAIRO_STATUS_SUCCESS, "%s", path);
  int width = cairo_image_surface_get_width(read);
  int height = cairo_image_surface_get_height(read);
  cairo_surface_t *image =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create(image);
  cairo_set_source_surface(cr, read, 0, 0);
  cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
  cairo_paint(cr);
  cairo_destroy(cr);
  cairo_surface_destroy(read);
  cairo_surface_flush(image);
  return image;
}

/**
 * Chromium's `size` × `size` screenshot of `svg` on a white page, as an
 * ARGB32 image (the caller destroys it), or NULL when Chromium is missing.
 * A failing Chromium fails the test.
 */
static inline cairo_surface_t *test_chromium_shot(const char *svg, int size) {
  const char *browser = test_chromium();
  if (!browser) {
    cr_log_warn("Chromium is not installed: SVG output not compared");
    return NULL;
  }
  char directory[] = "/tmp/anima-chromium-XXXXXX";
  cr_assert_not_null(mkdtemp(directory));
  char path[256], page[256], shot[256], command[2048];
  snprintf(path, sizeof path, "%s/picture.svg", directory);
  snprintf(page, sizeof page, "%s/page.html", directory);
  snprintf(shot, sizeof shot, "%s/shot.png", directory);
  FILE *file = fopen(path, "w");
  cr_assert_not_null(file);
  fputs(svg, file);
  fclose(file);
  file = fopen(page, "w");
  cr_assert_not_null(file);
  fprintf(file,
          "<!doctype html><html><head><style>html,body{margin:0;padding:0;"
          "background:#fff;overflow:hidden}img{display:block;width:%dpx;"
          "height:%dpx}</style></head><body><img src=\"picture.svg\"></body>"
          "</html>\n",
          size, size);
  fclose(file);
  snprintf(command, sizeof command,
           "timeout 120 %s --headless --no-sandbox --disable-gpu "
           "--hide-scrollbars --force-device-scale-factor=1 "
           "--window-size=%d,%d --no-first-run --disable-sync "
           "--disable-background-networking --disable-component-update "
           "--user-data-dir=%s/profile --screenshot=%s file://%s "
           ">/dev/null 2>&1",
           browser, size, size, directory, shot, page);
  cr_assert_eq(system(command), 0, "Chromium failed on %s", path);
  cairo_surface_t *image = test_read_png(shot);
  snprintf(command, sizeof command, "rm -rf %s", directory);
  cr_assert_eq(system(command), 0);
  return image;
}

#endif
