/*
 * load.c — spec §2: JSON `.obone` to an immutable model. The document
 * checks (format, version), the Part B shape with its defaults, and the
 * skeleton construction rules (bones in document order with parents among
 * earlier bones; slots whose bone is missing dropped). Skins are read by
 * load_skin.c, animations by load_animation.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load_internal.h"

static const ob_color white = {1, 1, 1, 1};

static const char *inherit_names[] = {"normal", "onlyTranslation", "noRotation",
                                      "noScale"};

static bool read_inherit(ob_loader *loader, json_t *bone, const char *pointer,
                         ob_inherit *out) {
  *out = OB_INHERIT_NORMAL;
  char *name = ob_string(loader, bone, pointer, "inherit", false, false);
  if (name == NULL) {
    return true;
  }
  bool found = false;
  for (int i = 0; i < 4; i++) {
    if (strcmp(name, inherit_names[i]) == 0) {
      *out = (ob_inherit)i;
      found = true;
    }
  }
  if (!found) {
    char *where = ob_pointer_key(loader, pointer, "inherit");
    ob_error(loader, "bad-value", where,
             "one of normal, onlyTranslation, noRotation, noScale",
             "\"%s\" is not an inherit mode", name);
    free(where);
  }
  free(name);
  return found;
}

static void load_bones(ob_loader *loader, json_t *bones, const char *pointer) {
  anima_bone_model *model = loader->model;
  size_t count = json_array_size(bones);
  model->bones = calloc(count ? count : 1, sizeof *model->bones);
  if (model->bones == NULL) {
    loader->out_of_memory = true;
    return;
  }
  /* Every bone id first, to tell a late parent from an unknown one. */
  json_t *all = json_object();
  for (size_t i = 0; i < count; i++) {
    json_t *id = json_object_get(json_array_get(bones, i), "id");
    if (json_is_string(id) && all) {
      json_object_set_new(all, json_string_value(id), json_true());
    }
  }
  for (size_t i = 0; i < count; i++) {
    char *where;
    json_t *bone =
        ob_object_at(loader, bones, pointer, i,
                     "id name parent length x y rotation scaleX scaleY shearX "
                     "shearY inherit",
                     &where);
    if (bone == NULL) {
      continue;
    }
    ob_bone_data *data = &model->bones[model->bone_count];
    data->id = ob_id(loader, bone, where);
    data->name = ob_string(loader, bone, where, "name", true, false);
    char *parent = ob_string(loader, bone, where, "parent", false, true);
    data->parent = ob_lookup(loader->bone_ids, parent);
    if (parent && data->parent < 0) {
      char *at = ob_pointer_key(loader, where, "parent");
      bool later = all && json_object_get(all, parent);
      ob_warning(loader, later ? "parent-after-child" : "unknown-reference", at,
                 "write bones parent-first (spec §2)",
                 later ? "the parent \"%s\" is listed after this bone, so "
                         "this bone is a root (spec §2)"
                       : "no bone has the id \"%s\", so this bone is a root",
                 parent);
      free(at);
    }
    free(parent);
    data->length = ob_number(loader, bone, where, "length", 0, false);
    data->setup.x = ob_number(loader, bone, where, "x", 0, false);
    data->setup.y = ob_number(loader, bone, where, "y", 0, false);
    data->setup.rotation = ob_number(loader, bone, where, "rotation", 0, false);
    data->setup.scale_x = ob_number(loader, bone, where, "scaleX", 1, false);
    data->setup.scale_y = ob_number(loader, bone, where, "scaleY", 1, false);
    data->setup.shear_x = ob_number(loader, bone, where, "shearX", 0, false);
    data->setup.shear_y = ob_number(loader, bone, where, "shearY", 0, false);
    read_inherit(loader, bone, where, &data->inherit);
    ob_remember(loader, loader->bone_ids, data->id, model->bone_count);
    model->bone_count++;
    free(where);
  }
  json_decref(all);
}

static void load_slots(ob_loader *loader, json_t *slots, const char *pointer) {
  anima_bone_model *model = loader->model;
  size_t count = json_array_size(slots);
  model->slots = calloc(count ? count : 1, sizeof *model->slots);
  if (model->slots == NULL) {
    loader->out_of_memory = true;
    return;
  }
  for (size_t i = 0; i < count; i++) {
    char *where;
    json_t *slot =
        ob_object_at(loader, slots, pointer, i,
                     "id name bone color dark attachment blend", &where);
    if (slot == NULL) {
      continue;
    }
    ob_slot_data data = {0};
    data.id = ob_id(loader, slot, where);
    data.name = ob_string(loader, slot, where, "name", true, false);
    char *bone = ob_string(loader, slot, where, "bone", true, false);
    long bone_index = ob_lookup(loader->bone_ids, bone);
    data.color = ob_color_member(loader, slot, where, "color", white);
    json_t *dark = json_object_get(slot, "dark");
    if (dark && !json_is_null(dark)) {
      char *at = ob_pointer_key(loader, where, "dark");
      data.has_dark = ob_color_value(loader, dark, at, &data.dark);
      free(at);
    }
    data.attachment = ob_string(loader, slot, where, "attachment", false, true);
    data.blend = ob_blend_member(loader, slot, where);
    if (bone && bone_index < 0) {
      char *at = ob_pointer_key(loader, where, "bone");
      ob_warning(loader, "slot-dropped", at, NULL,
                 "no bone has the id \"%s\", so this slot is dropped "
                 "(spec §2)",
                 bone);
      free(at);
    }
    free(bone);
    if (bone_index < 0) {
      free(data.id);
      free(data.name);
      free(data.attachment);
      free(data.blend);
    } else {
      data.bone = (size_t)bone_index;
      ob_remember(loader, loader->slot_ids, data.id, model->slot_count);
      model->slots[model->slot_count++] = data;
    }
    free(where);
  }
}

/* `bones` (ids of bones) and `target` (a bone id; a slot id for a path
 * constraint) of an IK, transform or path constraint; unknown ids warn and
 * make the constraint skip (§7.1-§7.3). */
static void load_bones_and_target(ob_loader *loader, json_t *constraint,
                                  const char *where, ob_constraint_data *data,
                                  bool ik) {
  bool slot_target = data->kind == OB_CONSTRAINT_PATH;
  json_t *bones = ob_array(loader, constraint, where, "bones", true);
  if (bones) {
    size_t count = json_array_size(bones);
    char *at = ob_pointer_key(loader, where, "bones");
    if (ik && (count < 1 || count > 2)) {
      ob_error(loader, "bad-value", at, "list one bone, or a parent and child",
               "an IK constraint has 1 or 2 bones, not %zu", count);
    }
    data->bones = malloc((count ? count : 1) * sizeof(long));
    if (data->bones == NULL) {
      loader->out_of_memory = true;
      free(at);
      return;
    }
    for (size_t i = 0; i < count; i++) {
      json_t *bone = json_array_get(bones, i);
      char *item = ob_pointer_index(loader, at, i);
      if (!json_is_string(bone)) {
        ob_error(loader, "bad-type", item, NULL, "a bone id is a string");
        data->bones[i] = -1;
      } else {
        data->bones[i] = ob_lookup(loader->bone_ids, json_string_value(bone));
        if (data->bones[i] < 0) {
          ob_warning(loader, "unknown-reference", item, NULL,
                     "no bone has the id \"%s\"; the constraint is skipped",
                     json_string_value(bone));
        }
      }
      free(item);
    }
    data->bone_count = count;
    if (count > loader->model->max_constraint_bones) {
      loader->model->max_constraint_bones = count;
    }
    free(at);
  }
  char *target = ob_string(loader, constraint, where, "target", true, false);
  data->target =
      ob_lookup(slot_target ? loader->slot_ids : loader->bone_ids, target);
  if (target && data->target < 0) {
    char *at = ob_pointer_key(loader, where, "target");
    ob_warning(loader, "unknown-reference", at, NULL,
               "no %s has the id \"%s\"; the constraint is skipped",
               slot_target ? "slot" : "bone", target);
    free(at);
  }
  free(target);
}

static void load_ik(ob_loader *loader, json_t *constraint, const char *where,
                    ob_constraint_data *data) {
  ob_check_keys(loader, constraint, where,
                "id name order bones target mix softness bendPositive "
                "stretch compress uniform");
  load_bones_and_target(loader, constraint, where, data, true);
  data->setup[OB_IK_MIX] =
      ob_number(loader, constraint, where, "mix", 1, false);
  data->setup[OB_IK_SOFTNESS] =
      ob_number(loader, constraint, where, "softness", 0, false);
  data->setup[OB_IK_BEND] =
      ob_bool(loader, constraint, where, "bendPositive", true) ? 1 : -1;
  data->setup[OB_IK_STRETCH] =
      ob_bool(loader, constraint, where, "stretch", false) ? 1 : 0;
  data->setup[OB_IK_COMPRESS] =
      ob_bool(loader, constraint, where, "compress", false) ? 1 : 0;
  data->uniform = ob_bool(loader, constraint, where, "uniform", false);
}

/* Transform keys in the order of the OB_TRANSFORM_* values, with Part B's
 * defaults (§2 fills mixShear and the offsets' scale and shear with 0). */
static const struct {
  const char *key;
  double fallback;
} transform_values[] = {
    {"mixRotate", 1},   {"mixTranslate", 1},   {"mixScale", 1},
    {"mixShear", 0},    {"offsetRotation", 0}, {"offsetX", 0},
    {"offsetY", 0},     {"offsetScaleX", 0},   {"offsetScaleY", 0},
    {"offsetShear", 0},
};

static void load_transform(ob_loader *loader, json_t *constraint,
                           const char *where, ob_constraint_data *data) {
  ob_check_keys(loader, constraint, where,
                "id name order bones target mixRotate mixTranslate mixScale "
                "mixShear offsetRotation offsetX offsetY offsetScaleX "
                "offsetScaleY offsetShear local relative");
  load_bones_and_target(loader, constraint, where, data, false);
  for (size_t i = 0; i < sizeof transform_values / sizeof transform_values[0];
       i++) {
    data->setup[i] =
        ob_number(loader, constraint, where, transform_values[i].key,
                  transform_values[i].fallback, false);
  }
  data->setup[OB_TRANSFORM_MIX] = 1; /* §3.1: transform constraints get mix 1 */
  data->local = ob_bool(loader, constraint, where, "local", false);
  data->relative = ob_bool(loader, constraint, where, "relative", false);
}

/* Path keys in the order of the OB_PATH_* values (Part B defaults). */
static const struct {
  const char *key;
  double fallback;
} path_values[] = {
    {"position", 0},  {"spacing", 0}, {"offsetRotation", 0},
    {"mixRotate", 1}, {"mixX", 1},    {"mixY", 1},
};

static void load_path(ob_loader *loader, json_t *constraint, const char *where,
                      ob_constraint_data *data) {
  ob_check_keys(loader, constraint, where,
                "id name order bones target positionMode spacingMode "
                "rotateMode position spacing offsetRotation mixRotate mixX "
                "mixY");
  load_bones_and_target(loader, constraint, where, data, false);
  for (size_t i = 0; i < sizeof path_values / sizeof path_values[0]; i++) {
    data->setup[i] = ob_number(loader, constraint, where, path_values[i].key,
                               path_values[i].fallback, false);
  }
  data->position_percent = ob_choice(loader, constraint, where, "positionMode",
                                     "fixed percent", 1, false) == 1;
  data->spacing_mode = (ob_spacing_mode)ob_choice(
      loader, constraint, where, "spacingMode",
      "length fixed percent proportional", OB_SPACING_LENGTH, false);
  data->rotate_mode = (ob_rotate_mode)ob_choice(
      loader, constraint, where, "rotateMode", "tangent chain chainScale",
      OB_ROTATE_TANGENT, false);
}

/* Physics live values in the order of the OB_PHYSICS_* values. */
static const struct {
  const char *key;
  double fallback;
} physics_values[] = {
    {"inertia", 1}, {"strength", 100}, {"damping", 1}, {"mass", 1},
    {"wind", 0},    {"gravity", 0},    {"mix", 1},
};

static void load_physics(ob_loader *loader, json_t *constraint,
                         const char *where, ob_constraint_data *data) {
  ob_check_keys(loader, constraint, where,
                "id name order bone x y rotate scaleX inertia strength "
                "damping mass wind gravity mix fps");
  data->bones = malloc(sizeof(long));
  if (data->bones == NULL) {
    loader->out_of_memory = true;
    return;
  }
  char *bone = ob_string(loader, constraint, where, "bone", true, false);
  data->bones[0] = ob_lookup(loader->bone_ids, bone);
  data->bone_count = 1;
  if (bone && data->bones[0] < 0) {
    char *at = ob_pointer_key(loader, where, "bone");
    ob_warning(loader, "unknown-reference", at, NULL,
               "no bone has the id \"%s\"; the constraint is skipped", bone);
    free(at);
  }
  free(bone);
  if (loader->model->max_constraint_bones < 1) {
    loader->model->max_constraint_bones = 1;
  }
  for (size_t i = 0; i < sizeof physics_values / sizeof physics_values[0];
       i++) {
    data->setup[i] = ob_number(loader, constraint, where, physics_values[i].key,
                               physics_values[i].fallback, false);
  }
  data->physics_x = ob_number(loader, constraint, where, "x", 0, false);
  data->physics_y = ob_number(loader, constraint, where, "y", 0, false);
  data->physics_rotate =
      ob_number(loader, constraint, where, "rotate", 0, false);
  data->physics_scale_x =
      ob_number(loader, constraint, where, "scaleX", 0, false);
  data->fps = ob_number(loader, constraint, where, "fps", 0, false);
}

int ob_constraint_value(int kind, const char *name) {
  if (kind == OB_CONSTRAINT_TRANSFORM && strcmp(name, "mix") == 0) {
    return OB_TRANSFORM_MIX;
  }
  for (size_t i = 0; kind == OB_CONSTRAINT_TRANSFORM &&
                     i < sizeof transform_values / sizeof transform_values[0];
       i++) {
    if (strcmp(name, transform_values[i].key) == 0) {
      return (int)i;
    }
  }
  for (size_t i = 0; kind == OB_CONSTRAINT_PATH &&
                     i < sizeof path_values / sizeof path_values[0];
       i++) {
    if (strcmp(name, path_values[i].key) == 0) {
      return (int)i;
    }
  }
  for (size_t i = 0; kind == OB_CONSTRAINT_PHYSICS &&
                     i < sizeof physics_values / sizeof physics_values[0];
       i++) {
    if (strcmp(name, physics_values[i].key) == 0) {
      return (int)i;
    }
  }
  return -1;
}

static const char *constraint_keys[] = {"ik", "transform", "path", "physics"};

static void load_constraints(ob_loader *loader, json_t *skeleton,
                             const char *pointer) {
  anima_bone_model *model = loader->model;
  json_t *lists[4];
  size_t total = 0;
  for (int kind = 0; kind < 4; kind++) {
    lists[kind] =
        ob_array(loader, skeleton, pointer, constraint_keys[kind], false);
    total += json_array_size(lists[kind]);
  }
  model->constraints = calloc(total ? total : 1, sizeof *model->constraints);
  model->constraint_order = calloc(total ? total : 1, sizeof(size_t));
  if (model->constraints == NULL || model->constraint_order == NULL) {
    loader->out_of_memory = true;
    return;
  }
  for (int kind = 0; kind < 4; kind++) {
    char *list_pointer = ob_pointer_key(loader, pointer, constraint_keys[kind]);
    for (size_t i = 0; i < json_array_size(lists[kind]); i++) {
      char *where;
      json_t *constraint =
          ob_object_at(loader, lists[kind], list_pointer, i, NULL, &where);
      if (constraint == NULL) {
        continue;
      }
      ob_constraint_data *data = &model->constraints[model->constraint_count];
      data->kind = (ob_constraint_kind)kind;
      data->target = -1;
      data->id = ob_id(loader, constraint, where);
      data->name = ob_string(loader, constraint, where, "name", false, false);
      if (data->name == NULL && data->id) {
        data->name = strdup(data->id);
      }
      json_t *order = json_object_get(constraint, "order");
      if (order && !json_is_null(order)) {
        data->has_order = true;
        data->order = ob_number(loader, constraint, where, "order", 0, false);
      }
      if (kind == OB_CONSTRAINT_IK) {
        load_ik(loader, constraint, where, data);
      } else if (kind == OB_CONSTRAINT_TRANSFORM) {
        load_transform(loader, constraint, where, data);
      } else if (kind == OB_CONSTRAINT_PATH) {
        load_path(loader, constraint, where, data);
      } else {
        load_physics(loader, constraint, where, data);
      }
      ob_remember(loader, loader->constraint_ids, data->id,
                  model->constraint_count);
      model->constraint_count++;
      free(where);
    }
    free(list_pointer);
  }
  /* constraintOrder (§3.2): stable sort by (order ?? index, index). */
  bool any_order = false;
  for (size_t i = 0; i < model->constraint_count; i++) {
    model->constraint_order[i] = i;
    any_order |= model->constraints[i].has_order;
  }
  if (!any_order) {
    return;
  }
  for (size_t i = 1; i < model->constraint_count; i++) {
    size_t moving = model->constraint_order[i];
    const ob_constraint_data *c = &model->constraints[moving];
    double key = c->has_order ? c->order : (double)moving;
    size_t j = i;
    while (j > 0) {
      size_t before = model->constraint_order[j - 1];
      const ob_constraint_data *b = &model->constraints[before];
      double before_key = b->has_order ? b->order : (double)before;
      if (!(before_key > key || (before_key == key && before > moving))) {
        break;
      }
      model->constraint_order[j] = before;
      j--;
    }
    model->constraint_order[j] = moving;
  }
}

static void load_skeleton(ob_loader *loader, json_t *skeleton,
                          const char *pointer) {
  ob_check_keys(loader, skeleton, pointer,
                "referenceScale bones slots ik transform path physics sliders");
  loader->model->reference_scale =
      ob_number(loader, skeleton, pointer, "referenceScale", 100, false);
  json_t *bones = ob_array(loader, skeleton, pointer, "bones", true);
  char *at = ob_pointer_key(loader, pointer, "bones");
  load_bones(loader, bones, at);
  free(at);
  json_t *slots = ob_array(loader, skeleton, pointer, "slots", false);
  at = ob_pointer_key(loader, pointer, "slots");
  load_slots(loader, slots, at);
  free(at);
  load_constraints(loader, skeleton, pointer);
}

static void load_events(ob_loader *loader, json_t *events,
                        const char *pointer) {
  anima_bone_model *model = loader->model;
  size_t count = json_array_size(events);
  model->events = calloc(count ? count : 1, sizeof *model->events);
  if (model->events == NULL) {
    loader->out_of_memory = true;
    return;
  }
  for (size_t i = 0; i < count; i++) {
    char *where;
    json_t *event =
        ob_object_at(loader, events, pointer, i,
                     "id name int float string audio volume", &where);
    if (event) {
      ob_event_data *data = &model->events[model->event_count];
      data->id = ob_id(loader, event, where);
      data->name = ob_string(loader, event, where, "name", true, false);
      data->int_value = ob_number(loader, event, where, "int", 0, false);
      data->float_value = ob_number(loader, event, where, "float", 0, false);
      data->string = ob_string(loader, event, where, "string", false, false);
      if (data->string == NULL) {
        data->string = strdup("");
        loader->out_of_memory |= data->string == NULL;
      }
      char *audio = ob_string(loader, event, where, "audio", false, true);
      char *at = ob_pointer_key(loader, where, "audio");
      data->audio = ob_resolve_sound(loader, audio, at);
      free(at);
      free(audio);
      data->has_volume = json_object_get(event, "volume") != NULL;
      data->volume = ob_number(loader, event, where, "volume", 1, false);
      data->audio_source = ob_prefixed(loader, "event:", data->name);
      ob_remember(loader, loader->event_ids, data->id, model->event_count);
      model->event_count++;
    }
    free(where);
  }
}

static void load_images(ob_loader *loader, json_t *images) {
  for (size_t i = 0; i < json_array_size(images); i++) {
    char *where;
    json_t *image = ob_object_at(loader, images, "/images", i,
                                 "id name width height src", &where);
    if (image) {
      char *id = ob_id(loader, image, where);
      ob_remember(loader, loader->image_ids, id, i);
      free(id);
    }
    free(where);
  }
}

/* Scripts (§11), state machines (§9) and the mute flag. */
static void report_unsupported_lists(ob_loader *loader, json_t *root) {
  ob_load_scripts(loader, ob_array(loader, root, "", "scripts", false));
  ob_load_machines(loader, ob_array(loader, root, "", "stateMachines", false));
  json_t *muted = json_object_get(root, "masterMuted");
  if (muted && !json_is_boolean(muted)) {
    ob_error(loader, "bad-type", "/masterMuted", NULL,
             "\"masterMuted\" must be true or false");
  }
  loader->model->master_muted = json_is_true(muted);
}

/* §2 step 1: format and version. False stops loading. */
static bool check_header(ob_loader *loader, json_t *root) {
  json_t *format = json_object_get(root, "format");
  if (!json_is_string(format) ||
      strcmp(json_string_value(format), "openbone") != 0) {
    ob_error(loader, "bad-format", format ? "/format" : "",
             "an OpenBone document starts {\"format\": \"openbone\", "
             "\"version\": 1, …}",
             format ? "\"format\" is not exactly \"openbone\""
                    : "the key \"format\" is missing");
    return false;
  }
  json_t *version = json_object_get(root, "version");
  if (version == NULL) {
    ob_error(loader, "missing-key", "", "write \"version\": 1",
             "the required key \"version\" is missing");
    return false;
  }
  if (!json_is_number(version)) {
    ob_error(loader, "bad-type", "/version", "write \"version\": 1",
             "\"version\" must be a number");
    return false;
  }
  if (json_number_value(version) > 1) {
    ob_error(loader, "bad-version", "/version",
             "this runtime reads version 1 documents",
             "version %g is newer than this runtime reads (1)",
             json_number_value(version));
    return false;
  }
  return true;
}

static void load_document(ob_loader *loader, json_t *root) {
  ob_check_keys(loader, root, "",
                "format version skeleton skins animations events "
                "stateMachines scripts images atlas audioAssets sounds "
                "buses masterMuted");
  json_t *skeleton = json_object_get(root, "skeleton");
  if (skeleton == NULL) {
    ob_error(loader, "missing-key", "", NULL,
             "the required key \"skeleton\" is missing");
    return;
  }
  if (!ob_is_object(loader, skeleton, "/skeleton")) {
    return;
  }
  loader->images = ob_array(loader, root, "", "images", false);
  loader->root = root;
  load_images(loader, loader->images);
  ob_load_atlas(loader, root);
  load_skeleton(loader, skeleton, "/skeleton");
  ob_load_audio(loader, root);
  load_events(loader, ob_array(loader, root, "", "events", false), "/events");
  json_t *skins = ob_array(loader, root, "", "skins", true);
  if (skins && json_array_size(skins) == 0) {
    ob_error(loader, "bad-value", "/skins",
             "add {\"id\": \"default\", \"name\": \"default\"}",
             "a document has at least one skin (skins[0] is the default)");
  }
  ob_load_skins(loader, skins, "/skins");
  ob_load_animations(loader, ob_array(loader, root, "", "animations", false),
                     "/animations");
  ob_load_sliders(loader, root, skeleton);
  report_unsupported_lists(loader, root);
}

anima_status anima_bone_model_load(const char *json, size_t length,
                                   anima_diagnostics *diagnostics,
                                   anima_bone_model **out) {
  *out = NULL;
  ob_loader loader = {.diagnostics = diagnostics};
  json_error_t error;
  json_t *root = json_loadb(json, length, JSON_DECODE_ANY, &error);
  if (root == NULL) {
    ob_error(&loader, "not-json", "", NULL, "not JSON: %s (line %d)",
             error.text, error.line);
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  if (!json_is_object(root)) {
    ob_error(&loader, "not-object", "", NULL,
             "an OpenBone document is one JSON object");
    json_decref(root);
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  loader.model = calloc(1, sizeof *loader.model);
  loader.ids = json_object();
  loader.bone_ids = json_object();
  loader.slot_ids = json_object();
  loader.event_ids = json_object();
  loader.image_ids = json_object();
  loader.constraint_ids = json_object();
  loader.page_ids = json_object();
  loader.image_regions = json_object();
  if (loader.model == NULL || !loader.ids || !loader.bone_ids ||
      !loader.slot_ids || !loader.event_ids || !loader.image_ids ||
      !loader.constraint_ids || !loader.page_ids || !loader.image_regions) {
    loader.out_of_memory = true;
  } else if (check_header(&loader, root)) {
    load_document(&loader, root);
  }
  json_decref(root);
  json_decref(loader.ids);
  json_decref(loader.bone_ids);
  json_decref(loader.slot_ids);
  json_decref(loader.event_ids);
  json_decref(loader.image_ids);
  json_decref(loader.page_ids);
  json_decref(loader.image_regions);
  json_decref(loader.constraint_ids);
  if (loader.out_of_memory || loader.errors > 0) {
    anima_bone_model_destroy(loader.model);
    return loader.out_of_memory ? ANIMA_ERROR_NO_MEMORY
                                : ANIMA_ERROR_INVALID_DOCUMENT;
  }
  *out = loader.model;
  return ANIMA_OK;
}

void anima_bone_model_destroy(anima_bone_model *model) {
  if (model == NULL) {
    return;
  }
  for (size_t i = 0; i < model->bone_count; i++) {
    free(model->bones[i].id);
    free(model->bones[i].name);
  }
  free(model->bones);
  for (size_t i = 0; i < model->slot_count; i++) {
    ob_slot_data *slot = &model->slots[i];
    free(slot->id);
    free(slot->name);
    free(slot->attachment);
    free(slot->blend);
  }
  free(model->slots);
  for (size_t i = 0; i < model->constraint_count; i++) {
    free(model->constraints[i].id);
    free(model->constraints[i].name);
    free(model->constraints[i].bones);
  }
  free(model->constraints);
  free(model->constraint_order);
  for (size_t i = 0; model->sliders && i < model->slider_count; i++) {
    free(model->sliders[i].input);
  }
  free(model->sliders);
  for (size_t i = 0; i < model->skin_count; i++) {
    ob_skin_data *skin = &model->skins[i];
    free(skin->id);
    free(skin->name);
    free(skin->bones);
    for (size_t c = 0; c < skin->constraint_count; c++) {
      free(skin->constraints[c]);
    }
    free(skin->constraints);
    for (size_t s = 0; skin->slots && s < model->slot_count; s++) {
      for (size_t a = 0; a < skin->slots[s].count; a++) {
        ob_free_attachment(&skin->slots[s].attachments[a]);
      }
      free(skin->slots[s].attachments);
    }
    free(skin->slots);
  }
  free(model->skins);
  for (size_t i = 0; i < model->animation_count; i++) {
    ob_animation_data *animation = &model->animations[i];
    for (size_t t = 0; t < animation->timeline_count; t++) {
      ob_timeline *timeline = &animation->timelines[t];
      for (size_t k = 0; k < timeline->key_count; k++) {
        free((char *)timeline->keys[k].string);
        free(timeline->keys[k].array);
        free(timeline->keys[k].order);
      }
      free(timeline->keys);
      free(timeline->target_id);
      free(timeline->property_name);
      free(timeline->attachment);
    }
    free(animation->timelines);
    for (size_t e = 0; e < animation->event_count; e++) {
      free(animation->events[e].string);
    }
    free(animation->events);
    free(animation->audio);
    free(animation->audio_source);
    free(animation->id);
    free(animation->name);
  }
  free(model->animations);
  for (size_t i = 0; i < model->event_count; i++) {
    free(model->events[i].id);
    free(model->events[i].name);
    free(model->events[i].string);
    free(model->events[i].audio_source);
  }
  free(model->events);
  ob_free_audio(model);
  ob_free_machines(model);
  ob_free_atlas(model);
  ob_free_scripts(model);
  free(model);
}

size_t anima_bone_model_unsupported(const anima_bone_model *model) {
  return model ? model->unsupported : 0;
}

size_t anima_bone_model_bone_count(const anima_bone_model *model) {
  return model->bone_count;
}

const char *anima_bone_model_bone_name(const anima_bone_model *model,
                                       size_t index) {
  return index < model->bone_count ? model->bones[index].name : NULL;
}

size_t anima_bone_model_slot_count(const anima_bone_model *model) {
  return model->slot_count;
}

const char *anima_bone_model_slot_name(const anima_bone_model *model,
                                       size_t index) {
  return index < model->slot_count ? model->slots[index].name : NULL;
}

long anima_bone_model_find_machine(const anima_bone_model *model,
                                   const char *reference) {
  for (int pass = 0; reference && pass < 2; pass++) {
    for (size_t i = 0; i < model->machine_count; i++) {
      const char *name =
          pass == 0 ? model->machines[i].id : model->machines[i].name;
      if (name && strcmp(name, reference) == 0) {
        return (long)i;
      }
    }
  }
  return -1;
}

long anima_bone_model_find_skin(const anima_bone_model *model,
                                const char *reference) {
  for (int pass = 0; reference && pass < 2; pass++) {
    for (size_t i = 0; i < model->skin_count; i++) {
      const char *name = pass == 0 ? model->skins[i].id : model->skins[i].name;
      if (name && strcmp(name, reference) == 0) {
        return (long)i;
      }
    }
  }
  return -1;
}

long anima_bone_model_find_animation(const anima_bone_model *model,
                                     const char *reference) {
  if (reference == NULL) {
    return -1;
  }
  for (size_t i = 0; i < model->animation_count; i++) {
    if (model->animations[i].id &&
        strcmp(model->animations[i].id, reference) == 0) {
      return (long)i;
    }
  }
  for (size_t i = 0; i < model->animation_count; i++) {
    if (model->animations[i].name &&
        strcmp(model->animations[i].name, reference) == 0) {
      return (long)i;
    }
  }
  return -1;
}
