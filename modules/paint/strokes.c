/*
 * strokes.c — what the paint module adds to every stroke (SPEC paint
 * chapter, "Dashes" and "Transform-independent stroke"; DECISIONS 16):
 *
 *   scale       "normal" (default) or "fixed" (SVG non-scaling-stroke),
 *               static; AniML stroke-scale
 *   dash        a nonempty static array of nonnegative grid-unit numbers or
 *               of percentage strings ("10%": of the whole outline length),
 *               not mixed, at least one positive; odd arrays repeat; each
 *               subpath restarts the pattern; AniML stroke-dash
 *   dashOffset  animatable number, default 0 (grid units, or a fraction of
 *               the outline length with percentage dashes: 0.1 = 10%);
 *               address <id>.stroke.dashOffset, AniML alias dashOffset
 *
 * The kernel's draw-frame builder lowers these into its strokes (dash
 * table, fixed flag): percentages and the offset multiply by the natural
 * outline length, and a partial trim replaces the dashes ("trim wins").
 * This file registers them and checks what the registry cannot.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "paint.h"
#include "stroke_dash.h"

static const char *const stroke_scales[] = {"normal", "fixed", NULL};

/* Checks one stroke's `dash` (the structural walk leaves CUSTOM fields to
 * their module). */
static void check_dash(anima_check *check, const anima_json *dash,
                       const char *pointer) {
  if (paint_host->json_type(dash) != ANIMA_JSON_ARRAY) {
    paint_host->check_report(check, "type", ANIMA_SEVERITY_ERROR, pointer,
                             "write an array such as [2, 1] or [\"10%\", "
                             "\"5%\"]",
                             "\"dash\" must be an array of lengths");
    return;
  }
  size_t count = paint_host->json_size(dash);
  if (count == 0) {
    paint_host->check_report(check, "bad-value", ANIMA_SEVERITY_ERROR, pointer,
                             "give at least one length, such as [2, 1], or "
                             "leave \"dash\" out",
                             "\"dash\" is empty");
    return;
  }
  paint_dash_unit unit = PAINT_DASH_UNKNOWN;
  bool positive = false, reported = false, mixed = false;
  for (size_t i = 0; i < count; i++) {
    const anima_json *item = paint_host->json_item(dash, i);
    char index[32], at[512];
    snprintf(index, sizeof index, "%zu", i);
    snprintf(at, sizeof at, "%s", pointer);
    paint_pointer_append(at, sizeof at, index);
    double length = 0;
    paint_dash_unit item_unit = PAINT_DASH_UNKNOWN;
    if (paint_host->json_type(item) == ANIMA_JSON_NUMBER) {
      item_unit = PAINT_DASH_LENGTH;
      length = paint_host->json_number(item);
      if (length < 0) {
        char number[ANIMA_FORMAT_CAPACITY];
        paint_host->format_number(length, number);
        paint_host->check_report(check, "bad-value", ANIMA_SEVERITY_ERROR, at,
                                 "dash lengths are 0 or more",
                                 "the dash length %s is negative", number);
        reported = true;
        continue;
      }
    } else if (paint_host->json_type(item) == ANIMA_JSON_STRING) {
      const char *text = paint_host->json_string(item, NULL);
      if (!paint_dash_parse_percent(text, &length)) {
        paint_host->check_report(
            check, "bad-value", ANIMA_SEVERITY_ERROR, at,
            "write a percentage such as \"10%\" or \"2.5%\" (no sign or "
            "exponent), or a number of grid units",
            "\"%s\" is not a dash percentage", text);
        reported = true;
        continue;
      }
      item_unit = PAINT_DASH_PERCENT;
      if (!(length <= PAINT_DASH_PERCENT_LIMIT / 100.0)) {
        /* 300 nines overflowed to inf: SVG wrote "0 0.5", PNG drew solid. */
        paint_host->check_report(
            check, "bad-value", ANIMA_SEVERITY_ERROR, at,
            "dash percentages are at most \"1000000%\"",
            "the dash percentage \"%.40s%s\" is larger than 1000000%%", text,
            strlen(text) > 40 ? "…" : "");
        reported = true;
        continue;
      }
    } else {
      paint_host->check_report(check, "type", ANIMA_SEVERITY_ERROR, at,
                               "write a number of grid units or a "
                               "percentage string such as \"10%\"",
                               "a dash length is a number or a percentage");
      reported = true;
      continue;
    }
    if (unit == PAINT_DASH_UNKNOWN) {
      unit = item_unit;
    } else if (unit != item_unit && !mixed) {
      /* One report for the first item of the other unit. */
      mixed = true;
      paint_host->check_report(
          check, "bad-value", ANIMA_SEVERITY_ERROR, at,
          unit == PAINT_DASH_LENGTH
              ? "write every dash as grid units, or every dash as a "
                "percentage"
              : "write every dash as a percentage, or every dash as grid "
                "units",
          "dash %zu mixes units: the first dash is %s", i,
          unit == PAINT_DASH_LENGTH ? "in grid units" : "a percentage");
      reported = true;
      continue;
    }
    positive = positive || length > 0;
  }
  if (!positive && !reported) {
    paint_host->check_report(check, "bad-value", ANIMA_SEVERITY_ERROR, pointer,
                             "make at least one length positive, or leave "
                             "\"dash\" out for a solid stroke",
                             "every dash length is zero");
  }
}

static void check_strokes(anima_check *check, void *user) {
  (void)user;
  for (size_t i = 0; i < paint_host->check_node_count(check); i++) {
    const char *pointer = NULL;
    const anima_json *node = paint_host->check_node(check, i, &pointer);
    const anima_json *stroke = paint_host->json_member(node, "stroke");
    const anima_json *dash = paint_host->json_member(stroke, "dash");
    if (!dash || !pointer) {
      continue;
    }
    char at[512];
    snprintf(at, sizeof at, "%s", pointer);
    paint_pointer_append(at, sizeof at, "stroke");
    paint_pointer_append(at, sizeof at, "dash");
    check_dash(check, dash, at);
  }
}

anima_status paint_register_strokes(anima_registrar *registrar) {
  static const anima_field_desc fields[] = {
      {.owner = "stroke",
       .name = "scale",
       .feature = PAINT_FEATURE,
       .kind = ANIMA_FIELD_ENUM,
       .options = stroke_scales,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .default_json = "\"normal\"",
       .description = "\"fixed\" keeps the width (and dashes) in output "
                      "pixels whatever the transforms (SVG "
                      "non-scaling-stroke); static."},
      {.owner = "stroke",
       .name = "dash",
       .feature = PAINT_FEATURE,
       .kind = ANIMA_FIELD_CUSTOM,
       .minimum = 0,
       .maximum = INFINITY,
       .description = "Dash pattern: grid units [2, 1] or percentages of the "
                      "outline length [\"10%\", \"5%\"], not mixed, one "
                      "positive at least; odd arrays repeat; restarts on "
                      "each subpath; static. A partial trim replaces it."},
      {.owner = "stroke",
       .name = "dashOffset",
       .feature = PAINT_FEATURE,
       .kind = ANIMA_FIELD_NUMBER,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .default_json = "0",
       .description = "Where the pattern starts: grid units, or with "
                      "percentage dashes a fraction of the outline length "
                      "(0.1 = 10%); animatable."},
  };
  static const anima_property_desc dash_offset = {
      .owner = "painted",
      .address = "stroke.dashOffset",
      .markup_address = "dashOffset",
      .feature = PAINT_FEATURE,
      .type = ANIMA_VALUE_NUMBER,
      .animation = ANIMA_ANIMATION_INTERPOLATED,
      .minimum = -INFINITY,
      .maximum = INFINITY,
      .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},
      .description = "Dash offset (grid units, or a fraction of the outline "
                     "length with percentage dashes)."};
  static const anima_check_desc check = {.struct_size = sizeof check,
                                         .feature = PAINT_FEATURE,
                                         .name = "stroke-dash",
                                         .check = check_strokes};
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, paint_host->add_field, registrar, fields);
  if (status == ANIMA_OK) {
    status = paint_host->add_property(registrar, &dash_offset);
  }
  if (status == ANIMA_OK) {
    status = paint_host->add_check(registrar, &check);
  }
  return status;
}
