/*
 * load_particles.c — particles (spec §8.8) and text (§8.9) attachments in
 * the Part B.5 shape. Every particle field missing from the document gets
 * its Part B default (§2 step 3: the reference's defaultParticleSettings
 * are not given, FORMAT.md); `image` has none. Gradients are stably sorted
 * by `t` here, once (§8.8 "sorted only if unsorted" gives the same order).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load_internal.h"

static const ob_color white = {1, 1, 1, 1};

void ob_free_particles(ob_particle_data *data) {
  if (data) {
    free(data->bursts);
    free(data->image);
    free(data->gradient);
    free(data->blend);
    free(data);
  }
}

void ob_free_text(ob_text_data *data) {
  if (data) {
    free(data->text);
    free(data->font);
    free(data->pointer);
    free(data->align);
    free(data);
  }
}

/* A range [a, b] (§8.8 range()); a bare number n reads as [n, n]. */
static void read_range(ob_loader *loader, json_t *object, const char *pointer,
                       const char *key, double a, double b, double out[2]) {
  out[0] = a;
  out[1] = b;
  json_t *value = json_object_get(object, key);
  if (value == NULL) {
    return;
  }
  if (json_is_number(value)) {
    out[0] = out[1] = json_number_value(value);
    return;
  }
  if (json_is_array(value) && json_array_size(value) == 2 &&
      json_is_number(json_array_get(value, 0)) &&
      json_is_number(json_array_get(value, 1))) {
    out[0] = json_number_value(json_array_get(value, 0));
    out[1] = json_number_value(json_array_get(value, 1));
    return;
  }
  char *at = ob_pointer_key(loader, pointer, key);
  ob_error(loader, "bad-type", at, "[min, max] or a number",
           "\"%s\" is a range: a list of two numbers", key);
  free(at);
}

static void read_bursts(ob_loader *loader, json_t *object, const char *pointer,
                        ob_particle_data *data) {
  json_t *list = ob_array(loader, object, pointer, "bursts", false);
  size_t count = json_array_size(list);
  char *at = ob_pointer_key(loader, pointer, "bursts");
  if (count > OB_PARTICLE_LIST_MAXIMUM) {
    ob_error(loader, "too-large", at, NULL,
             "\"bursts\" lists %zu bursts; at most %d are read", count,
             OB_PARTICLE_LIST_MAXIMUM);
    count = 0;
  }
  data->bursts = calloc(count ? count : 1, sizeof *data->bursts);
  loader->out_of_memory |= data->bursts == NULL;
  for (size_t i = 0; data->bursts && i < count; i++) {
    char *where;
    json_t *burst = ob_object_at(loader, list, at, i, "time count", &where);
    if (burst) {
      ob_burst *out = &data->bursts[data->burst_count++];
      out->time = ob_number(loader, burst, where, "time", 0, true);
      out->count =
          ob_particle_count(loader, burst, where, "a burst's \"count\"");
    }
    free(where);
  }
  free(at);
}

static void read_gradient(ob_loader *loader, json_t *object,
                          const char *pointer, ob_particle_data *data) {
  json_t *list = ob_array(loader, object, pointer, "gradient", false);
  size_t count = json_array_size(list);
  char *at = ob_pointer_key(loader, pointer, "gradient");
  if (list && count == 0) {
    ob_error(loader, "bad-value", at, "at least one {t, color} stop",
             "\"gradient\" is empty: a particle would have no colour");
  } else if (count > OB_PARTICLE_LIST_MAXIMUM) {
    ob_error(loader, "too-large", at, NULL,
             "\"gradient\" lists %zu stops; at most %d are read", count,
             OB_PARTICLE_LIST_MAXIMUM);
    count = 0;
  }
  data->gradient = calloc(count > 2 ? count : 2, sizeof *data->gradient);
  if (data->gradient == NULL) {
    loader->out_of_memory = true;
    free(at);
    return;
  }
  if (list == NULL || count == 0) {
    /* Part B default: white → transparent white */
    data->gradient[0] = (ob_gradient_stop){0, {1, 1, 1, 1}};
    data->gradient[1] = (ob_gradient_stop){1, {1, 1, 1, 0}};
    data->gradient_count = 2;
    free(at);
    return;
  }
  for (size_t i = 0; i < count; i++) {
    char *where;
    json_t *stop = ob_object_at(loader, list, at, i, "t color", &where);
    if (stop) {
      double t = ob_number(loader, stop, where, "t", 0, true);
      ob_color c = ob_color_member(loader, stop, where, "color", white);
      /* insertion sort: stable, and a sorted list stays as it is */
      size_t j = data->gradient_count++;
      while (j > 0 && data->gradient[j - 1].t > t) {
        data->gradient[j] = data->gradient[j - 1];
        j--;
      }
      data->gradient[j] = (ob_gradient_stop){t, {c.r, c.g, c.b, c.a}};
    }
    free(where);
  }
  if (data->gradient_count == 0) {
    data->gradient[0] = (ob_gradient_stop){0, {1, 1, 1, 1}};
    data->gradient_count = 1;
  }
  free(at);
}

void ob_read_particles(ob_loader *loader, json_t *object, const char *pointer,
                       ob_attachment *attachment) {
  ob_check_keys(loader, object, pointer,
                "type seed emitting rate prewarm loop duration bursts "
                "maxParticles space emitShape x y rotation angle radius width "
                "height speed lifetime startSize endSize startRotation "
                "endRotation angularVelocity gravity drag stretch look image "
                "gradient blend");
  ob_particle_data *data = calloc(1, sizeof *data);
  if (data == NULL) {
    loader->out_of_memory = true;
    return;
  }
  attachment->particles = data;
  data->seed = ob_number(loader, object, pointer, "seed", 0, false);
  data->emitting = ob_bool(loader, object, pointer, "emitting", true);
  data->rate = ob_number(loader, object, pointer, "rate", 10, false);
  data->prewarm = ob_bool(loader, object, pointer, "prewarm", false);
  data->loop = ob_bool(loader, object, pointer, "loop", true);
  data->duration = ob_number(loader, object, pointer, "duration", 1, false);
  read_bursts(loader, object, pointer, data);
  double most = ob_number(loader, object, pointer, "maxParticles", 100, false);
  if (!(most >= 0 && most == floor(most))) {
    char *at = ob_pointer_key(loader, pointer, "maxParticles");
    ob_error(loader, "bad-value", at, "a whole number from 0 to 16383",
             "\"maxParticles\" must be a whole number ≥ 0, not %g", most);
    free(at);
    most = 0;
  } else if (most > OB_PARTICLES_MAXIMUM) {
    char *at = ob_pointer_key(loader, pointer, "maxParticles");
    ob_error(loader, "too-large", at,
             "at most 16383 particles (one draw item, spec §8.8)",
             "\"maxParticles\" is %.0f; this runtime keeps at most %d per "
             "emitter",
             most, OB_PARTICLES_MAXIMUM);
    free(at);
    most = 0;
  } else if (loader->particle_total + most > OB_PARTICLES_DOCUMENT_MAXIMUM) {
    char *at = ob_pointer_key(loader, pointer, "maxParticles");
    ob_error(loader, "too-large", at,
             "at most 65536 particles in all the particles attachments of "
             "a document",
             "\"maxParticles\" %.0f brings the document's particles "
             "attachments to %.0f particles; this runtime steps at most %d",
             most, (double)loader->particle_total + most,
             OB_PARTICLES_DOCUMENT_MAXIMUM);
    free(at);
    most = 0;
  }
  loader->particle_total += (size_t)most;
  data->max_particles = (size_t)most;
  data->local =
      ob_choice(loader, object, pointer, "space", "world local", 0, false) == 1;
  data->shape = (ob_emit_shape)ob_choice(loader, object, pointer, "emitShape",
                                         "point circle box cone", 0, false);
  data->x = ob_number(loader, object, pointer, "x", 0, false);
  data->y = ob_number(loader, object, pointer, "y", 0, false);
  data->rotation = ob_number(loader, object, pointer, "rotation", 90, false);
  data->angle = ob_number(loader, object, pointer, "angle", 30, false);
  data->radius = ob_number(loader, object, pointer, "radius", 0, false);
  data->width = ob_number(loader, object, pointer, "width", 0, false);
  data->height = ob_number(loader, object, pointer, "height", 0, false);
  read_range(loader, object, pointer, "speed", 50, 100, data->speed);
  read_range(loader, object, pointer, "lifetime", 1, 1, data->lifetime);
  read_range(loader, object, pointer, "startSize", 8, 8, data->start_size);
  read_range(loader, object, pointer, "endSize", 0, 0, data->end_size);
  read_range(loader, object, pointer, "startRotation", 0, 0,
             data->start_rotation);
  read_range(loader, object, pointer, "endRotation", 0, 0, data->end_rotation);
  read_range(loader, object, pointer, "angularVelocity", 0, 0,
             data->angular_velocity);
  data->gravity = ob_number(loader, object, pointer, "gravity", 0, false);
  data->drag = ob_number(loader, object, pointer, "drag", 0, false);
  data->stretch = ob_number(loader, object, pointer, "stretch", 0, false);
  /* Part B order of the look names: circle is the default */
  static const int looks[] = {OB_LOOK_IMAGE, OB_LOOK_SQUARE, OB_LOOK_CIRCLE,
                              OB_LOOK_SPARK};
  data->look = (ob_particle_look)looks[ob_choice(
      loader, object, pointer, "look", "image square circle spark", 2, false)];
  data->image = ob_image_member(
      loader, object, pointer, "an image look draws nothing (spec §8.8)", NULL);
  data->region = data->image ? ob_image_region(loader, data->image) : -1;
  read_gradient(loader, object, pointer, data);
  data->blend = ob_blend_member(loader, object, pointer);
}

static char *string_or(ob_loader *loader, json_t *object, const char *pointer,
                       const char *key, const char *fallback) {
  char *text = ob_string(loader, object, pointer, key, false, false);
  if (text == NULL) {
    text = strdup(fallback);
    loader->out_of_memory |= text == NULL;
  }
  return text;
}

void ob_read_text(ob_loader *loader, json_t *object, const char *pointer,
                  ob_attachment *attachment) {
  ob_check_keys(loader, object, pointer,
                "type text color x y rotation width height scaleX scaleY "
                "skewX skewY font size weight align outline");
  ob_text_data *data = calloc(1, sizeof *data);
  if (data == NULL) {
    loader->out_of_memory = true;
    return;
  }
  attachment->text = data;
  data->pointer = strdup(pointer);
  loader->out_of_memory |= data->pointer == NULL;
  /* §8.2: the box is the unscaled, unskewed quad (text ignores both) */
  attachment->x = ob_number(loader, object, pointer, "x", 0, false);
  attachment->y = ob_number(loader, object, pointer, "y", 0, false);
  attachment->rotation =
      ob_number(loader, object, pointer, "rotation", 0, false);
  attachment->width = ob_number(loader, object, pointer, "width", 0, true);
  attachment->height = ob_number(loader, object, pointer, "height", 0, true);
  ob_number(loader, object, pointer, "scaleX", 1, false);
  ob_number(loader, object, pointer, "scaleY", 1, false);
  ob_number(loader, object, pointer, "skewX", 0, false);
  ob_number(loader, object, pointer, "skewY", 0, false);
  attachment->scale_x = attachment->scale_y = 1;
  attachment->skew_x = attachment->skew_y = 0;
  attachment->color = ob_color_member(loader, object, pointer, "color", white);
  data->text = ob_string(loader, object, pointer, "text", true, false);
  if (data->text == NULL) {
    data->text = strdup("");
    loader->out_of_memory |= data->text == NULL;
  }
  data->font = string_or(loader, object, pointer, "font", "sans-serif");
  data->size = ob_number(loader, object, pointer, "size", 16, false);
  data->weight = ob_number(loader, object, pointer, "weight", 400, false);
  static const char *aligns[] = {"left", "center", "right"};
  int align = ob_choice(loader, object, pointer, "align", "left center right",
                        1, false);
  data->align = strdup(aligns[align]);
  loader->out_of_memory |= data->align == NULL;
  json_t *outline = json_object_get(object, "outline");
  if (outline && !json_is_null(outline)) {
    char *at = ob_pointer_key(loader, pointer, "outline");
    if (ob_is_object(loader, outline, at)) {
      ob_check_keys(loader, outline, at, "color width");
      ob_color c = ob_color_member(loader, outline, at, "color", white);
      data->has_outline = true;
      data->outline_color[0] = c.r;
      data->outline_color[1] = c.g;
      data->outline_color[2] = c.b;
      data->outline_color[3] = c.a;
      data->outline_width = ob_number(loader, outline, at, "width", 1, false);
    }
    free(at);
  }
}
