/*
 * pictures.c — a test feature module ("pictures") built outside kernel/
 * against the public headers only (it links against nothing), proving that
 * a node behaviour draws through draw frame v2 primitives of its own
 * (module.h anima_node_behaviour_desc `reserve` and `emit`, the host's
 * emit_image and emit_mesh; docs/MODULES.md §8) for tests/test_draw_emit.c:
 *
 *   picture  a painted node whose outline is its `box` [x, y, w, h]; its
 *            behaviour reserves one image and one mesh of 4 vertices and 6
 *            indices, and emits, every build, the 2 × 2 pixels it
 *            generated at compile time
 *
 *                red    (255, 0, 0)    green  (0, 255, 0)
 *                blue   (0, 0, 255)    yellow (255, 255, 0)
 *
 *            as an IMAGE filling the box (nearest sampling, no wrap), then
 *            (unless `mesh` is false) as a MESH: the quad from (x + w, y)
 *            to (x + 2w, y + h), two triangles (0 1 2, 0 2 3), whose bottom
 *            vertices move right by the animatable `warp`.
 *
 *            `overflow` makes it emit past its reservation, as a careless
 *            behaviour would, ignoring the refusal: "image" emits a
 *            second image, "vertices" a mesh of 5 vertices, "indices" a
 *            mesh of 9 indices. A negative `warp` makes emit return an
 *            error (ANIMA_ERROR_INVALID_DOCUMENT) after emitting its image.
 *
 *            `clipTo` names a node whose outline clips the picture: a stage
 *            hook's per-document compile lowers it with compile_node_clip
 *            (docs/MODULES.md §8), so the emitted primitives draw inside
 *            the node's clip.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <anima/module.h>

static const anima_host *host;

enum overflow {
  OVERFLOW_NONE,
  OVERFLOW_IMAGE,
  OVERFLOW_VERTICES,
  OVERFLOW_INDICES
};

static const char *const overflow_options[] = {"none", "image", "vertices",
                                               "indices", NULL};

typedef struct picture_data {
  double box[4];
  long warp; /* slot of `warp` */
  bool mesh;
  enum overflow overflow;
  uint8_t pixels[2 * 2 * 4];
} picture_data;

static const uint8_t generated[2 * 2 * 4] = {
    255, 0, 0,   255, /* red */ 0,    255, 0, 255, /* green */
    0,   0, 255, 255, /* blue */ 255, 255, 0, 255, /* yellow */
};

static anima_status picture_compile(anima_compile *compile,
                                    const anima_site *site, void *user,
                                    void **data) {
  (void)user;
  picture_data *picture = host->compile_alloc(compile, sizeof *picture);
  if (!picture) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const anima_json *box = host->json_member(site->json, "box");
  for (size_t i = 0; i < 4; i++) {
    picture->box[i] = host->json_number(host->json_item(box, i));
  }
  const anima_json *mesh = host->json_member(site->json, "mesh");
  picture->mesh = mesh == NULL || host->json_bool(mesh);
  picture->overflow = OVERFLOW_NONE;
  const char *overflow =
      host->json_string(host->json_member(site->json, "overflow"), NULL);
  for (int i = 0; overflow != NULL && overflow_options[i] != NULL; i++) {
    if (strcmp(overflow, overflow_options[i]) == 0) {
      picture->overflow = (enum overflow)i;
    }
  }
  picture->warp = host->compile_find_slot(compile, (size_t)site->node, "warp");
  memcpy(picture->pixels, generated, sizeof generated);
  *data = picture;
  return ANIMA_OK;
}

static size_t picture_segments(const void *data, void *user) {
  (void)data, (void)user;
  return 5; /* move, three lines, close */
}

static anima_status picture_outline(const anima_view *view, const void *data,
                                    anima_path *out, void *user) {
  (void)view, (void)user;
  const picture_data *p = data;
  double x = p->box[0], y = p->box[1], w = p->box[2], h = p->box[3];
  anima_status status = host->path_move_to(out, x, y);
  if (status == ANIMA_OK) {
    status = host->path_line_to(out, x + w, y);
  }
  if (status == ANIMA_OK) {
    status = host->path_line_to(out, x + w, y + h);
  }
  if (status == ANIMA_OK) {
    status = host->path_line_to(out, x, y + h);
  }
  if (status == ANIMA_OK) {
    status = host->path_close(out);
  }
  return status;
}

static double picture_length(const anima_view *view, const void *data,
                             void *user) {
  (void)view, (void)user;
  const picture_data *p = data;
  return 2 * (p->box[2] + p->box[3]);
}

static void picture_reserve(const void *data, anima_draw_reserve *reserve,
                            void *user) {
  (void)data, (void)user;
  reserve->images = 1;
  reserve->meshes = 1;
  reserve->mesh_vertices = 4;
  reserve->mesh_indices = 6;
}

static anima_status picture_emit(const anima_view *view, const void *data,
                                 anima_draw_emit *emit, void *user) {
  (void)user;
  const picture_data *p = data;
  anima_draw_pixels pixels = {p->pixels, 2, 2, 8, NULL};
  double x = p->box[0], y = p->box[1], w = p->box[2], h = p->box[3];
  anima_draw_image image = {
      .pixels = pixels,
      .box = {x, y, w, h},
      .dest = {x, y, w, h},
      .source = {0, 0, 2, 2},
      .sampling = ANIMA_SAMPLING_NEAREST,
  };
  anima_status status = host->emit_image(emit, &image);
  if (status != ANIMA_OK) {
    return status;
  }
  if (p->overflow == OVERFLOW_IMAGE) {
    (void)host->emit_image(emit, &image); /* refused; ignored on purpose */
  }
  double warp = p->warp < 0 ? 0 : host->view_number(view, (size_t)p->warp, 0);
  if (warp < 0) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  if (!p->mesh) {
    return ANIMA_OK;
  }
  const anima_draw_vertex vertices[5] = {
      {x + w, y, 0, 0},
      {x + 2 * w, y, 1, 0},
      {x + 2 * w + warp, y + h, 1, 1},
      {x + w + warp, y + h, 0, 1},
      {x + w, y, 0, 0},
  };
  const uint32_t indices[9] = {0, 1, 2, 0, 2, 3, 0, 1, 3};
  size_t vertex_count = p->overflow == OVERFLOW_VERTICES ? 5 : 4;
  size_t index_count = p->overflow == OVERFLOW_INDICES ? 9 : 6;
  /* a refusal is ignored on purpose: the kernel fails the build anyway */
  (void)host->emit_mesh(emit, &pixels, ANIMA_SAMPLING_NEAREST, vertices,
                        vertex_count, indices, index_count);
  return ANIMA_OK;
}

/* The clips `clipTo` asks for (a stage hook's compile at site DOCUMENT,
 * after every node is compiled). */
static anima_status clips_compile(anima_compile *compile,
                                  const anima_site *site, void *user,
                                  void **data) {
  (void)site, (void)user, (void)data;
  size_t count = host->compile_node_count(compile);
  for (size_t node = 0; node < count; node++) {
    const char *type = host->compile_node_type(compile, node);
    if (type == NULL || strcmp(type, "picture") != 0) {
      continue;
    }
    const char *target = host->json_string(
        host->json_member(host->compile_node_json(compile, node), "clipTo"),
        NULL);
    long source = target ? host->compile_find_node(compile, target) : -1;
    if (target == NULL) {
      continue;
    }
    anima_node_clip_desc clip = {.struct_size = sizeof clip,
                                 .source = (size_t)source,
                                 .rule = ANIMA_FILL_NONZERO};
    if (source < 0 ||
        host->compile_node_clip(compile, node, &clip) != ANIMA_OK) {
      host->compile_report(compile, "bad-reference", NULL, NULL,
                           "clipTo \"%s\" is not a node with an outline",
                           target);
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
  }
  return ANIMA_OK;
}

static void clips_run(anima_step *step, const void *data, void *instance,
                      void *user) {
  (void)step, (void)data, (void)instance, (void)user;
}

static anima_status pictures_init(const anima_host *kernel,
                                  anima_registrar *registrar) {
  host = kernel;
  if (!ANIMA_HOST_HAS(host, emit_mesh)) {
    return ANIMA_ERROR_MODULE;
  }
  static const anima_kind_desc kind = {
      .name = "picture",
      .flags = ANIMA_KIND_NODE_TYPE | ANIMA_KIND_PAINTED,
      .description = "Generated pixels as an image and a mesh."};
  static const anima_field_desc fields[] = {
      {.owner = "picture",
       .name = "box",
       .kind = ANIMA_FIELD_NUMBERS,
       .length = 4,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .required = true,
       .description = "The image's box [x, y, width, height]."},
      {.owner = "picture",
       .name = "mesh",
       .kind = ANIMA_FIELD_BOOL,
       .description = "Also draw the pixels as a mesh (default true)."},
      {.owner = "picture",
       .name = "overflow",
       .kind = ANIMA_FIELD_ENUM,
       .options = overflow_options,
       .description = "Emit past the reservation (a test of refusals)."},
      {.owner = "picture",
       .name = "clipTo",
       .kind = ANIMA_FIELD_STRING,
       .description = "The id of a node whose outline clips the picture."},
      {.owner = "picture",
       .name = "warp",
       .kind = ANIMA_FIELD_NUMBER,
       .minimum = -INFINITY,
       .maximum = INFINITY,
       .description = "How far right the mesh's bottom vertices move "
                      "(negative: emit fails)."},
  };
  static const anima_property_desc warp = {
      .owner = "picture",
      .address = "warp",
      .type = ANIMA_VALUE_NUMBER,
      .animation = ANIMA_ANIMATION_INTERPOLATED,
      .minimum = -INFINITY,
      .maximum = INFINITY,
      .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},
      .description = "Mesh warp, grid units."};
  static const anima_node_behaviour_desc behaviour = {
      .struct_size = sizeof(anima_node_behaviour_desc),
      .node_type = "picture",
      .flags = ANIMA_BEHAVIOUR_OUTLINE,
      .lifecycle = {.compile = picture_compile},
      .max_segments = picture_segments,
      .outline = picture_outline,
      .length = picture_length,
      .reserve = picture_reserve,
      .emit = picture_emit};
  anima_status status = host->add_kind(registrar, &kind);
  ANIMA_ADD_EACH(status, host->add_field, registrar, fields);
  if (status == ANIMA_OK) {
    status = host->add_property(registrar, &warp);
  }
  if (status == ANIMA_OK) {
    status = host->add_node_behaviour(registrar, &behaviour);
  }
  static const anima_stage_hook_desc clips = {
      .struct_size = sizeof(anima_stage_hook_desc),
      .stage = ANIMA_STAGE_END,
      .name = "clips",
      .lifecycle = {.compile = clips_compile},
      .run = clips_run};
  if (status == ANIMA_OK) {
    status = host->add_stage_hook(registrar, &clips);
  }
  return status;
}

static const char *const pictures_features[] = {"pictures", NULL};

ANIMA_MODULE_DEFINE(pictures, .name = "pictures", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima tests",
                    .description = "A node behaviour that emits an image and "
                                   "a mesh (a test module).",
                    .features = pictures_features, .init = pictures_init);
