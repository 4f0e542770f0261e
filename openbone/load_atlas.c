/*
 * load_atlas.c — the packed atlas (spec §8.7; OPENBONE-FORMAT-NOTES.md Part
 * B.8 `Atlas`, `AtlasPage`, `AtlasRegion`; the choices are in
 * docs/openbone/FORMAT.md "Packed atlas"). Read after `images` and before the
 * skins, so attachments and sequence frames find their image's region.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "load_internal.h"

/* A positive finite number member (bad-value otherwise); `fallback` when
 * absent and not required. */
static double positive(ob_loader *loader, json_t *object, const char *pointer,
                       const char *key, double fallback, bool required) {
  double value = ob_number(loader, object, pointer, key, fallback, required);
  json_t *member = json_object_get(object, key);
  if (json_is_number(member) && !(value > 0 && isfinite(value))) {
    char *at = ob_pointer_key(loader, pointer, key);
    ob_error(loader, "bad-value", at, "a size in pixels, greater than 0",
             "\"%s\" must be greater than 0 (texture coordinates divide by "
             "it)",
             key);
    free(at);
    return fallback;
  }
  return value;
}

static void load_pages(ob_loader *loader, json_t *pages, const char *pointer) {
  anima_bone_model *model = loader->model;
  size_t count = json_array_size(pages);
  model->pages = calloc(count ? count : 1, sizeof *model->pages);
  if (model->pages == NULL) {
    loader->out_of_memory = true;
    return;
  }
  for (size_t i = 0; i < count; i++) {
    char *where;
    json_t *page =
        ob_object_at(loader, pages, pointer, i,
                     "id width height src filterMin filterMag wrapX wrapY "
                     "pixelFormat",
                     &where);
    if (page) {
      ob_atlas_page *out = &model->pages[model->page_count];
      out->id = ob_id(loader, page, where);
      out->width = positive(loader, page, where, "width", 1, true);
      out->height = positive(loader, page, where, "height", 1, true);
      /* sampling fields and src change nothing in the draw list (§8.7) */
      static const char *strings[] = {"src",   "filterMin", "filterMag",
                                      "wrapX", "wrapY",     "pixelFormat"};
      for (size_t s = 0; s < sizeof strings / sizeof strings[0]; s++) {
        free(ob_string(loader, page, where, strings[s], false, true));
      }
      if (out->id) {
        ob_remember(loader, loader->page_ids, out->id, model->page_count);
        model->page_count++;
      }
    }
    free(where);
  }
}

/* The region's `polygon` as img[i] = (x/origW, y/origH), float32 (§8.7). */
static void read_polygon(ob_loader *loader, json_t *object, const char *pointer,
                         ob_atlas_region *region) {
  size_t count = 0;
  double *numbers =
      ob_numbers(loader, object, pointer, "polygon", false, &count);
  char *at = ob_pointer_key(loader, pointer, "polygon");
  if (count % 2 != 0) {
    ob_error(loader, "bad-value", at, "x, y pairs in original-image pixels",
             "a polygon has an even number of numbers, not %zu", count);
  } else if (count / 2 > OB_POLYGON_MAXIMUM) {
    ob_error(loader, "too-large", at, NULL,
             "a polygon of %zu points is more than %d", count / 2,
             OB_POLYGON_MAXIMUM);
  } else if (count >= 6) {
    region->polygon = malloc(count * sizeof(float));
    if (region->polygon == NULL) {
      loader->out_of_memory = true;
    } else {
      for (size_t i = 0; i < count / 2; i++) {
        region->polygon[2 * i] =
            (float)(numbers[2 * i] / region->original_width);
        region->polygon[2 * i + 1] =
            (float)(numbers[2 * i + 1] / region->original_height);
      }
      region->polygon_points = count / 2;
    }
  }
  free(at);
  free(numbers);
}

/* The id of `key` when it names an entry of `map`: its index, else -1 with
 * a warning (a missing image or page ignores the region, §2). */
static long region_reference(ob_loader *loader, json_t *object,
                             const char *pointer, const char *key,
                             json_t *map) {
  char *id = ob_string(loader, object, pointer, key, false, false);
  long index = ob_lookup(map, id);
  if (index < 0) {
    char *at = ob_pointer_key(loader, pointer, key);
    if (id) {
      ob_warning(loader, "unknown-reference", at, NULL,
                 "no %s has the id \"%s\"; the region is ignored (spec §2)",
                 key, id);
    } else if (json_object_get(object, key) == NULL) {
      ob_warning(loader, "missing-key", pointer, NULL,
                 "a region without \"%s\" is ignored (spec §2)", key);
    }
    free(at);
  }
  free(id);
  return index;
}

static void load_region(ob_loader *loader, json_t *object, const char *where) {
  anima_bone_model *model = loader->model;
  ob_check_keys(loader, object, where,
                "image page x y width height rotated offsetX offsetY "
                "originalWidth originalHeight polygon empty");
  long image =
      region_reference(loader, object, where, "image", loader->image_ids);
  long page = region_reference(loader, object, where, "page", loader->page_ids);
  ob_atlas_region *region = &model->regions[model->region_count];
  memset(region, 0, sizeof *region);
  bool empty = ob_bool(loader, object, where, "empty", false);
  region->x = ob_number(loader, object, where, "x", 0, true);
  region->y = ob_number(loader, object, where, "y", 0, true);
  region->width = positive(loader, object, where, "width", 1, !empty);
  region->height = positive(loader, object, where, "height", 1, !empty);
  region->rotated = ob_bool(loader, object, where, "rotated", false);
  region->offset_x = ob_number(loader, object, where, "offsetX", 0, false);
  region->offset_y = ob_number(loader, object, where, "offsetY", 0, false);
  region->original_width =
      positive(loader, object, where, "originalWidth", region->width, false);
  region->original_height =
      positive(loader, object, where, "originalHeight", region->height, false);
  if (empty) {
    /* a blank image: a 1×1 transparent block, origW = origH = 1 (§8.7) */
    region->original_width = region->original_height = 1;
  }
  read_polygon(loader, object, where, region);
  if (image < 0 || page < 0) {
    free(region->polygon);
    return;
  }
  region->page = (size_t)page;
  const char *image_id = json_string_value(
      json_object_get(json_array_get(loader->images, (size_t)image), "id"));
  if (ob_lookup(loader->image_regions, image_id) >= 0) {
    char *at = ob_pointer_key(loader, where, "image");
    ob_warning(loader, "duplicate-region", at, NULL,
               "the image \"%s\" already has a region; the first one is "
               "used",
               image_id);
    free(at);
    free(region->polygon);
    return;
  }
  ob_remember(loader, loader->image_regions, image_id, model->region_count);
  model->region_count++;
}

static void load_white(ob_loader *loader, json_t *atlas) {
  anima_bone_model *model = loader->model;
  json_t *white = json_object_get(atlas, "white");
  if (white == NULL || json_is_null(white)) {
    return;
  }
  if (!json_is_object(white)) {
    ob_error(loader, "bad-type", "/atlas/white",
             "{page, x, y, width, height} or null",
             "\"white\" must be an object or null");
    return;
  }
  ob_check_keys(loader, white, "/atlas/white", "page x y width height");
  long page =
      region_reference(loader, white, "/atlas/white", "page", loader->page_ids);
  double x = ob_number(loader, white, "/atlas/white", "x", 0, true);
  double y = ob_number(loader, white, "/atlas/white", "y", 0, true);
  double w = ob_number(loader, white, "/atlas/white", "width", 0, true);
  double h = ob_number(loader, white, "/atlas/white", "height", 0, true);
  if (page >= 0) {
    /* §8.7: the white block's uv is its centre */
    model->white_page = page;
    model->white_uv[0] = (x + w / 2) / model->pages[page].width;
    model->white_uv[1] = (y + h / 2) / model->pages[page].height;
  }
}

void ob_load_atlas(ob_loader *loader, json_t *root) {
  anima_bone_model *model = loader->model;
  model->white_page = -1;
  json_t *atlas = json_object_get(root, "atlas");
  if (atlas == NULL || json_is_null(atlas)) {
    return;
  }
  if (!json_is_object(atlas)) {
    ob_error(loader, "bad-type", "/atlas", "an object or null",
             "\"atlas\" must be an object or null");
    return;
  }
  ob_check_keys(loader, atlas, "/atlas",
                "premultipliedAlpha stripWhitespace polygons white pages "
                "regions");
  /* the flags change nothing in the draw list (§8.7): read for their type */
  ob_bool(loader, atlas, "/atlas", "premultipliedAlpha", false);
  ob_bool(loader, atlas, "/atlas", "stripWhitespace", false);
  ob_bool(loader, atlas, "/atlas", "polygons", false);
  load_pages(loader, ob_array(loader, atlas, "/atlas", "pages", true),
             "/atlas/pages");
  json_t *regions = ob_array(loader, atlas, "/atlas", "regions", true);
  size_t count = json_array_size(regions);
  model->regions = calloc(count ? count : 1, sizeof *model->regions);
  if (model->pages == NULL || model->regions == NULL) {
    loader->out_of_memory = true;
    return;
  }
  for (size_t i = 0; i < count; i++) {
    char *where;
    json_t *region =
        ob_object_at(loader, regions, "/atlas/regions", i, NULL, &where);
    if (region) {
      load_region(loader, region, where);
    }
    free(where);
  }
  load_white(loader, atlas);
}

long ob_image_region(ob_loader *loader, const char *image) {
  return image ? ob_lookup(loader->image_regions, image) : -1;
}

void ob_note_region_size(ob_loader *loader, long region) {
  if (region < 0) {
    return;
  }
  size_t points = loader->model->regions[region].polygon_points;
  if (points > loader->model->max_vertices) {
    loader->model->max_vertices = points;
  }
  if (points >= 3 && 3 * (points - 2) > loader->model->max_indices) {
    loader->model->max_indices = 3 * (points - 2);
  }
}

void ob_free_atlas(anima_bone_model *model) {
  for (size_t i = 0; i < model->page_count; i++) {
    free(model->pages[i].id);
  }
  free(model->pages);
  for (size_t i = 0; i < model->region_count; i++) {
    free(model->regions[i].polygon);
  }
  free(model->regions);
}
