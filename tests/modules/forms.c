/*
 * forms.c — a test feature module for the registry forms of ABI 2
 * (registry.h, docs/MODULES.md §7), built outside kernel/ against the public
 * headers only: it links against nothing and registers through the host
 * table. Used by tests/test_forms*.c. Its entries mirror the spec chapters
 * the forms exist for, under feature names of its own so that it never
 * stands in for the real modules:
 *
 *   "shade"  (paint chapter "Gradients"): fill/stroke `type` as the
 *            discriminator of the core paint families, variants "linear"
 *            (x1 y1 x2 y2) and "radial" (cx cy r, optional fx fy) with
 *            `stops` [{position, color}]; addresses fill.x1, fill.cx,
 *            fill.r, fill.stops.*.position, fill.stops.*.color (AniML alias
 *            fillStop.*), stroke.stops.*.color;
 *   "mixer"  (SPEC §6 colormix): fill `mix` {a, b, t}, the third member of
 *            the one-of group "source", written as <colorMix>; fill.mix.t;
 *   "tether" (rig chapter "Constraint fields"): `constraints` [{kind,
 *            strength, ...}] of kinds "follow" and "keepDistance" (a
 *            VARIANTS field), addresses constraints.*.strength,
 *            constraints.*.factor (follow only), constraints.*.distance;
 *            and `anchor` (a VARIANT field) whose discriminator `at` is
 *            optional: "corner" or "point" (anchor.x exists on points);
 *   "tags"   (motion chapter "Typed channels"): `channels` {name: number}
 *            on every node, address channels.* (one per key).
 */
#include <math.h>
#include <stddef.h>

#include <anima/module.h>

#define FIELD(owner_, name_, kind_, feature_)                                  \
  .owner = owner_, .name = name_, .kind = kind_, .feature = feature_,          \
  .minimum = -INFINITY, .maximum = INFINITY
/* Numbers: their range is part of the field. */
#define NUMBER(owner_, name_, feature_, min_, max_)                            \
  .owner = owner_, .name = name_, .kind = ANIMA_FIELD_NUMBER,                  \
  .feature = feature_, .minimum = min_, .maximum = max_
#define ANY_NUMBER(owner_, name_, feature_)                                    \
  NUMBER(owner_, name_, feature_, -INFINITY, INFINITY)

#define NUMBER_PROPERTY(owner_, address_, feature_, min_, max_, rest_)         \
  {                                                                            \
    .owner = owner_, .address = address_, .feature = feature_,                 \
    .type = ANIMA_VALUE_NUMBER, .animation = ANIMA_ANIMATION_INTERPOLATED,     \
    .minimum = min_, .maximum = max_,                                          \
    .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = rest_},         \
    .description = address_                                                    \
  }

static const char *const corners[] = {"tl", "tr", "bl", "br", NULL};
static const char *const distance_modes[] = {"within", "beyond", "exact", NULL};

static const anima_kind_desc forms_kinds[] = {
    /* shade: gradient variants of the core paint families. */
    {.name = "shade-stop",
     .element = "stop",
     .feature = "shade",
     .description = "A gradient stop {position, color}."},
    {.name = "shade-linear",
     .element = "linearGradient",
     .feature = "shade",
     .variant_of = "fill",
     .variant = "linear",
     .description = "A linear gradient fill."},
    {.name = "shade-radial",
     .element = "radialGradient",
     .feature = "shade",
     .variant_of = "fill",
     .variant = "radial",
     .description = "A radial gradient fill."},
    {.name = "shade-stroke-linear",
     .element = "linearGradient",
     .feature = "shade",
     .variant_of = "stroke",
     .variant = "linear",
     .description = "A linear gradient stroke."},
    /* mixer */
    {.name = "mixer-mix",
     .feature = "mixer",
     .description = "Two colours mixed by t."},
    /* tether: a family with a required discriminator, and one without. */
    {.name = "tether",
     .feature = "tether",
     .discriminator = "kind",
     .description = "A transform constraint."},
    {.name = "tether-follow",
     .element = "follow",
     .feature = "tether",
     .variant_of = "tether",
     .variant = "follow",
     .description = "Follows a target node."},
    {.name = "tether-keep-distance",
     .element = "keep-distance",
     .feature = "tether",
     .variant_of = "tether",
     .variant = "keepDistance",
     .description = "Keeps a distance to a node."},
    {.name = "anchor",
     .feature = "tether",
     .discriminator = "at",
     .description = "Where a node is anchored."},
    {.name = "anchor-corner",
     .element = "corner-anchor",
     .feature = "tether",
     .variant_of = "anchor",
     .variant = "corner",
     .description = "Anchored at a corner."},
    {.name = "anchor-point",
     .element = "point-anchor",
     .feature = "tether",
     .variant_of = "anchor",
     .variant = "point",
     .description = "Anchored at a point."},
    /* tags */
    {.name = "tags-channel",
     .element = "channel",
     .key_field = "name",
     .feature = "tags",
     .description = "A named number channel."},
};

/* A channel's number (the item field of the `channels` map). */
static const anima_field_desc channel_value = {
    ANY_NUMBER("tags-channel", "value", "tags"),
    .description = "The channel's value."};

/* The gradient fields, registered on each gradient variant. */
#define GRADIENT_STOPS(owner_)                                                 \
  {                                                                            \
    FIELD(owner_, "stops", ANIMA_FIELD_ARRAY, "shade"),                        \
        .item_kind = "shade-stop", .required = true,                           \
        .description = "At least two stops."                                   \
  }
#define LINEAR_FIELDS(owner_)                                                  \
  {ANY_NUMBER(owner_, "x1", "shade"), .required = true},                       \
      {ANY_NUMBER(owner_, "y1", "shade"), .required = true},                   \
      {ANY_NUMBER(owner_, "x2", "shade"), .required = true},                   \
      {ANY_NUMBER(owner_, "y2", "shade"), .required = true},                   \
      GRADIENT_STOPS(owner_)

static const anima_field_desc forms_fields[] = {
    /* shade: the discriminators join the core colour's one-of group. */
    {FIELD("fill", "type", ANIMA_FIELD_NAME, "shade"), .one_of = "source",
     .description = "Gradient type: linear or radial."},
    {FIELD("stroke", "type", ANIMA_FIELD_NAME, "shade"), .one_of = "source",
     .description = "Gradient type: linear."},
    {NUMBER("shade-stop", "position", "shade", 0, 1), .required = true},
    {FIELD("shade-stop", "color", ANIMA_FIELD_COLOR, "shade"),
     .required = true},
    LINEAR_FIELDS("shade-linear"),
    {ANY_NUMBER("shade-radial", "cx", "shade"), .required = true},
    {ANY_NUMBER("shade-radial", "cy", "shade"), .required = true},
    {NUMBER("shade-radial", "r", "shade", 0, INFINITY), .required = true},
    {ANY_NUMBER("shade-radial", "fx", "shade")},
    {ANY_NUMBER("shade-radial", "fy", "shade")},
    GRADIENT_STOPS("shade-radial"),
    LINEAR_FIELDS("shade-stroke-linear"),
    /* mixer */
    {FIELD("fill", "mix", ANIMA_FIELD_OBJECT, "mixer"),
     .item_kind = "mixer-mix", .one_of = "source", .markup_name = "colorMix",
     .markup_form = ANIMA_MARKUP_CHILDREN, .description = "Mix two colours."},
    {FIELD("mixer-mix", "a", ANIMA_FIELD_COLOR, "mixer"), .required = true},
    {FIELD("mixer-mix", "b", ANIMA_FIELD_COLOR, "mixer"), .required = true},
    {NUMBER("mixer-mix", "t", "mixer", 0, 1), .required = true},
    /* tether */
    {FIELD("node", "constraints", ANIMA_FIELD_VARIANTS, "tether"),
     .item_kind = "tether", .description = "Constraints, in order."},
    {FIELD("tether", "kind", ANIMA_FIELD_NAME, "tether"), .required = true,
     .description = "The constraint kind."},
    {NUMBER("tether", "strength", "tether", 0, 1), .default_json = "1"},
    {FIELD("tether-follow", "target", ANIMA_FIELD_NAME, "tether"),
     .required = true},
    {ANY_NUMBER("tether-follow", "factor", "tether"), .default_json = "1"},
    {FIELD("tether-keep-distance", "to", ANIMA_FIELD_NAME, "tether"),
     .required = true},
    {NUMBER("tether-keep-distance", "distance", "tether", 0, INFINITY),
     .required = true},
    {FIELD("tether-keep-distance", "mode", ANIMA_FIELD_ENUM, "tether"),
     .options = distance_modes, .default_json = "\"within\""},
    {FIELD("node", "anchor", ANIMA_FIELD_VARIANT, "tether"),
     .item_kind = "anchor", .description = "Where the node is anchored."},
    {FIELD("anchor", "at", ANIMA_FIELD_NAME, "tether"),
     .description = "corner or point; omitted: only an offset."},
    {ANY_NUMBER("anchor", "offset", "tether"), .default_json = "0"},
    {FIELD("anchor-corner", "corner", ANIMA_FIELD_ENUM, "tether"),
     .options = corners, .required = true},
    {ANY_NUMBER("anchor-point", "x", "tether"), .required = true},
    {ANY_NUMBER("anchor-point", "y", "tether"), .required = true},
    /* tags */
    {FIELD("node", "channels", ANIMA_FIELD_MAP, "tags"),
     .item_kind = "tags-channel", .item_field = &channel_value,
     .description = "Named number channels."},
};

static const anima_property_desc forms_properties[] = {
    NUMBER_PROPERTY("painted", "fill.x1", "shade", -INFINITY, INFINITY, 0),
    NUMBER_PROPERTY("painted", "fill.cx", "shade", -INFINITY, INFINITY, 0),
    NUMBER_PROPERTY("painted", "fill.r", "shade", 0, INFINITY, 0),
    NUMBER_PROPERTY("painted", "fill.stops.*.position", "shade", 0, 1, 0),
    {.owner = "painted",
     .address = "fill.stops.*.color",
     .markup_address = "fillStop.*",
     .feature = "shade",
     .type = ANIMA_VALUE_COLOR,
     .animation = ANIMA_ANIMATION_INTERPOLATED,
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .default_value = {.type = ANIMA_VALUE_COLOR, .as.color = {0, 0, 0, 255}},
     .description = "A fill gradient stop's colour."},
    {.owner = "painted",
     .address = "stroke.stops.*.color",
     .feature = "shade",
     .type = ANIMA_VALUE_COLOR,
     .animation = ANIMA_ANIMATION_INTERPOLATED,
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .default_value = {.type = ANIMA_VALUE_COLOR, .as.color = {0, 0, 0, 255}},
     .description = "A stroke gradient stop's colour."},
    NUMBER_PROPERTY("painted", "fill.mix.t", "mixer", 0, 1, 0),
    NUMBER_PROPERTY("node", "constraints.*.strength", "tether", 0, 1, 1),
    NUMBER_PROPERTY("node", "constraints.*.factor", "tether", -INFINITY,
                    INFINITY, 1),
    NUMBER_PROPERTY("node", "constraints.*.distance", "tether", 0, INFINITY, 0),
    NUMBER_PROPERTY("node", "anchor.offset", "tether", -INFINITY, INFINITY, 0),
    NUMBER_PROPERTY("node", "anchor.x", "tether", -INFINITY, INFINITY, 0),
    NUMBER_PROPERTY("node", "channels.*", "tags", -INFINITY, INFINITY, 0),
};

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static anima_status forms_init(const anima_host *host,
                               anima_registrar *registrar) {
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, host->add_kind, registrar, forms_kinds);
  ANIMA_ADD_EACH(status, host->add_field, registrar, forms_fields);
  ANIMA_ADD_EACH(status, host->add_property, registrar, forms_properties);
  return status;
}

static const char *const forms_features[] = {"shade", "mixer", "tether", "tags",
                                             NULL};

ANIMA_MODULE_DEFINE(forms, .name = "forms", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima tests",
                    .description = "Variant kinds, one-of fields and address "
                                   "patterns (a test module).",
                    .features = forms_features, .init = forms_init);
