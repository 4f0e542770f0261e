/*
 * spark_module.c — a test feature module ("spark") that exists only to show
 * that AniML is generic over the registry (docs/ANIML.md §7): it adds a node
 * type, an item kind written as child elements, an object field in each of
 * the JSON, child-element and flattened forms, a camelCase field on every
 * node and on the document, a property with an AniML alias and foreign
 * names (SVG-style spellings that only hints use). The AniML library has no
 * code for any of them. Built as anima-spark.so by
 * markup/meson.build and loaded by file path in tests/test_markup_module.c.
 */
#include <math.h>

#include <anima/module.h>

#define FIELD(owner_, name_, kind_)                                            \
  .owner = owner_, .name = name_, .kind = kind_, .minimum = -INFINITY,         \
  .maximum = INFINITY

static const anima_kind_desc spark_kinds[] = {
    {.name = "spark",
     .flags = ANIMA_KIND_NODE_TYPE | ANIMA_KIND_PAINTED,
     .description = "A star burst of rays."},
    {.name = "ray",
     .element = "spark-ray",
     .description = "One ray of a spark."},
    {.name = "halo", .description = "A soft disc behind a spark."},
    {.name = "shimmer", .description = "Twinkling of a spark."},
    {.name = "flare", .description = "A lens flare drawn over a spark."},
};

static const anima_field_desc spark_fields[] = {
    {FIELD("spark", "center", ANIMA_FIELD_NUMBERS), .length = 2,
     .required = true, .description = "Centre [x, y]."},
    {FIELD("spark", "rays", ANIMA_FIELD_ARRAY), .item_kind = "ray",
     .description = "The rays, in drawing order."},
    {FIELD("spark", "halo", ANIMA_FIELD_OBJECT), .item_kind = "halo",
     .description = "Halo (a JSON-valued attribute by default)."},
    {FIELD("spark", "flare", ANIMA_FIELD_OBJECT), .item_kind = "flare",
     .markup_form = ANIMA_MARKUP_CHILDREN,
     .description = "Lens flare (a child element)."},
    {FIELD("spark", "shimmer", ANIMA_FIELD_OBJECT), .item_kind = "shimmer",
     .markup_form = ANIMA_MARKUP_FLATTENED,
     .description = "Shimmer (flattened into shimmer-… attributes)."},
    {FIELD("ray", "angle", ANIMA_FIELD_NUMBER), .required = true,
     .description = "Direction in degrees."},
    {FIELD("ray", "length", ANIMA_FIELD_NUMBER), .required = true,
     .description = "Length in grid units."},
    {FIELD("halo", "radius", ANIMA_FIELD_NUMBER), .required = true,
     .description = "Radius in grid units."},
    {FIELD("flare", "streaks", ANIMA_FIELD_INTEGER),
     .description = "Number of streaks."},
    {FIELD("shimmer", "speed", ANIMA_FIELD_NUMBER),
     .description = "Twinkles per second."},
    {FIELD("shimmer", "depthRatio", ANIMA_FIELD_NUMBER),
     .description = "How deep a twinkle dims, 0..1."},
    {FIELD("node", "glintLevel", ANIMA_FIELD_NUMBER),
     .description = "Glint on any node."},
    {FIELD("document", "sparkSeed", ANIMA_FIELD_INTEGER),
     .description = "Seed of the twinkle pattern."},
};

/* Foreign names (hints only): a spark's centre spelled SVG's way, a
 * shorthand on every node (kind "node"), and a node-type name. */
static const anima_foreign_name_desc spark_foreign_names[] = {
    {.kind = "spark", .name = "cx", .instead = "center", .example = "[cx, cy]"},
    {.kind = "node", .name = "glint", .instead = "glintLevel"},
    {.name = "starburst", .instead = "spark"},
};

/* Entries the registry must refuse: an unknown kind, a field the kind
 * lacks, a node-type name whose replacement is no node type, a name
 * already taken for that kind, no name. */
static const anima_foreign_name_desc refused_foreign_names[] = {
    {.kind = "nebula", .name = "x", .instead = "center"},
    {.kind = "spark", .name = "x", .instead = "radius"},
    {.name = "beam", .instead = "ray"},
    {.kind = "spark", .name = "cx", .instead = "center"},
    {.kind = "spark", .instead = "center"},
};

static anima_status spark_register_foreign_names(const anima_host *host,
                                                 anima_registrar *registry) {
  anima_status status = ANIMA_OK;
  for (size_t i = 0; status == ANIMA_OK && i < sizeof spark_foreign_names /
                                                   sizeof *spark_foreign_names;
       i++) {
    status = host->add_foreign_name(registry, &spark_foreign_names[i]);
  }
  for (size_t i = 0;
       status == ANIMA_OK &&
       i < sizeof refused_foreign_names / sizeof *refused_foreign_names;
       i++) {
    if (host->add_foreign_name(registry, &refused_foreign_names[i]) !=
        ANIMA_ERROR_INVALID_ARGUMENT) {
      status = ANIMA_ERROR_INVALID_ARGUMENT; /* the load fails: tests see it */
    }
  }
  return status;
}

static anima_status spark_register(const anima_host *host,
                                   anima_registrar *registry) {
  anima_status status = ANIMA_OK;
  for (size_t i = 0;
       status == ANIMA_OK && i < sizeof spark_kinds / sizeof spark_kinds[0];
       i++) {
    status = host->add_kind(registry, &spark_kinds[i]);
  }
  for (size_t i = 0;
       status == ANIMA_OK && i < sizeof spark_fields / sizeof spark_fields[0];
       i++) {
    status = host->add_field(registry, &spark_fields[i]);
  }
  static const anima_property_desc radius = {
      .owner = "spark",
      .address = "halo.radius",
      .markup_address = "haloRadius",
      .type = ANIMA_VALUE_NUMBER,
      .animation = ANIMA_ANIMATION_INTERPOLATED,
      .minimum = 0,
      .maximum = INFINITY,
      .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},
      .description = "Halo radius."};
  if (status == ANIMA_OK) {
    status = host->add_property(registry, &radius);
  }
  if (status == ANIMA_OK) {
    status = spark_register_foreign_names(host, registry);
  }
  return status;
}

static const char *const spark_features[] = {"spark", NULL};

ANIMA_MODULE_DEFINE(spark, .name = "spark", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima tests",
                    .features = spark_features, .init = spark_register);
