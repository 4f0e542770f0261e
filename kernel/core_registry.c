/*
 * core_registry.c — the core 0.1 format (SPEC §2-§10) and its diagnostic
 * codes (§11.3), registered through the same API modules use (module.h).
 * Field order here is the canonical member order of formatted `.ani` output.
 */
#include <math.h>
#include <stddef.h>

#include <anima/format.h>

#include "format_names.h"
#include "node_behaviours.h"
#include "registry_internal.h"

#define NO_MIN (-INFINITY)
#define NO_MAX (INFINITY)

static const char *const format_versions[] = {"0.1", NULL};
/* In the order of their C enums (format_names.h): the format's words live
 * here only. */
const char *const anima_fill_rule_names[] = {"nonzero", "evenodd", NULL};
const char *const anima_line_cap_names[] = {"butt", "round", "square", NULL};
const char *const anima_line_join_names[] = {"miter", "round", "bevel", NULL};
const char *const anima_input_type_names[] = {"bool", "number", "trigger",
                                              NULL};
static const char *const severities[] = {"error", "warning", NULL};
static const char *const value_types[] = {"number", "color", "bool", NULL};

/* names[value], or NULL when value is outside the NULL-terminated list. */
static const char *enum_name(const char *const *names, int value) {
  for (int index = 0; names[index] != NULL; index++) {
    if (index == value) {
      return names[index];
    }
  }
  return NULL;
}

const char *anima_input_type_name(anima_input_type type) {
  return enum_name(anima_input_type_names, (int)type);
}

const char *anima_value_type_name(anima_value_type type) {
  return enum_name(value_types, (int)type);
}

const char *anima_a11y_role_name(anima_a11y_role role) {
  return role == ANIMA_ROLE_NONE
             ? NULL
             : enum_name(anima_a11y_role_names,
                         (int)role - (int)ANIMA_ROLE_BUTTON);
}

const char *anima_severity_name(anima_severity severity) {
  return enum_name(severities, (int)severity);
}

const char *anima_fill_rule_name(anima_fill_rule rule) {
  return enum_name(anima_fill_rule_names, (int)rule);
}

const char *anima_line_cap_name(anima_line_cap cap) {
  return enum_name(anima_line_cap_names, (int)cap);
}

const char *anima_line_join_name(anima_line_join join) {
  return enum_name(anima_line_join_names, (int)join);
}
const char *const anima_loop_mode_names[] = {"once", "loop", "pingpong", NULL};
const char *const anima_reduced_motion_names[] = {"play", "end", "skip", NULL};
const char *const anima_listener_event_names[] = {
    "enter", "leave", "down", "up", "click", "move", NULL};
const char *const anima_a11y_role_names[] = {"button", "switch", "img", NULL};

/* The value of a colour slot (document "colors" map items). */
static const anima_field_desc color_slot_value = {
    .owner = "colors",
    .name = "value",
    .kind = ANIMA_FIELD_COLOR,
    .minimum = NO_MIN,
    .maximum = NO_MAX,
    .description = "A colour literal (#rgb, #rrggbb, #rrggbbaa) or "
                   "currentColor."};

static const anima_kind_desc core_kinds[] = {
    {.name = "document",
     .element = "anima",
     .description = "A .ani document (SPEC §2)."},
    {.name = "node", .description = "Properties every node has (SPEC §4)."},
    {.name = "painted",
     .description =
         "Paint properties of path, circle, rect and arc (SPEC §4)."},
    {.name = "container", .description = "Nodes that take children."},
    {.name = "group",
     .flags = ANIMA_KIND_NODE_TYPE | ANIMA_KIND_CONTAINER,
     .description = "A group of nodes sharing a transform and opacity."},
    {.name = "path",
     .flags = ANIMA_KIND_NODE_TYPE | ANIMA_KIND_PAINTED,
     .description = "Path data from a glyph (with subpaths) or inline d."},
    {.name = "circle",
     .flags = ANIMA_KIND_NODE_TYPE | ANIMA_KIND_PAINTED,
     .description = "A circle; its outline starts at angle 0."},
    {.name = "rect",
     .flags = ANIMA_KIND_NODE_TYPE | ANIMA_KIND_PAINTED,
     .description = "A rectangle; its outline starts at (x0 + rx, y0), "
                    "clockwise."},
    {.name = "arc",
     .flags = ANIMA_KIND_NODE_TYPE | ANIMA_KIND_PAINTED,
     .description = "An open circular arc, stroke only."},
    /* Paints are variant families on "type" (registry.h): 0.1 registers no
     * `type` field, so they stay plain objects until a module (paint's
     * gradients) registers it with its variants. */
    {.name = "fill",
     .description = "A fill paint (SPEC §4).",
     .discriminator = "type"},
    {.name = "stroke",
     .description = "A stroke paint with trims (SPEC §4).",
     .discriminator = "type"},
    {.name = "colors",
     .element = "color",
     .key_field = "name",
     .description = "Colour slots (SPEC §6)."},
    {.name = "glyph",
     .key_field = "name",
     .description = "Embedded path data (SPEC §3)."},
    {.name = "input",
     .key_field = "name",
     .description = "A typed input: bool, number or trigger (SPEC §8)."},
    {.name = "timeline",
     .key_field = "name",
     .description = "Tracks of keyframes and events (SPEC §5)."},
    {.name = "machine", .description = "The state machine (SPEC §8)."},
    {.name = "layer",
     .key_field = "name",
     .description = "A machine layer; later layers win (SPEC §7)."},
    /* A variant family on "kind": state kinds of modules (module.h
     * anima_state_kind_desc) register their variants. */
    {.name = "state",
     .key_field = "name",
     .description = "A pose or play state with transitions (SPEC §8).",
     .discriminator = "kind"},
    {.name = "transition",
     .element = "on",
     .description = "A guarded transition with optional crossfade (SPEC §8)."},
    {.name = "listener",
     .description = "A pointer listener and its actions (SPEC §9)."},
    {.name = "a11y",
     .description = "Root accessibility: role, label, activation (SPEC §10)."},
    {.name = "hit", .description = "The whole-icon hit area (SPEC §9)."},
};

/* Shorthands for the field table below. */
#define NUMBER(owner_, name_, min_, max_, default_, text_)                     \
  {                                                                            \
    .owner = owner_, .name = name_, .kind = ANIMA_FIELD_NUMBER,                \
    .minimum = min_, .maximum = max_, .default_json = default_,                \
    .description = text_                                                       \
  }
#define REQUIRED_NUMBER(owner_, name_, min_, max_, text_)                      \
  {                                                                            \
    .owner = owner_, .name = name_, .kind = ANIMA_FIELD_NUMBER,                \
    .minimum = min_, .maximum = max_, .required = true, .description = text_   \
  }
#define POSITIVE_NUMBER(owner_, name_, required_, text_)                       \
  {                                                                            \
    .owner = owner_, .name = name_, .kind = ANIMA_FIELD_NUMBER, .minimum = 0,  \
    .maximum = NO_MAX, .exclusive_minimum = true, .required = required_,       \
    .description = text_                                                       \
  }
#define FIELD(owner_, name_, kind_, text_)                                     \
  {                                                                            \
    .owner = owner_, .name = name_, .kind = kind_, .minimum = NO_MIN,          \
    .maximum = NO_MAX, .description = text_                                    \
  }
#define REQUIRED(owner_, name_, kind_, text_)                                  \
  {                                                                            \
    .owner = owner_, .name = name_, .kind = kind_, .minimum = NO_MIN,          \
    .maximum = NO_MAX, .required = true, .description = text_                  \
  }
#define PAINT_SOURCE(owner_, name_, text_)                                     \
  {                                                                            \
    .owner = owner_, .name = name_, .kind = ANIMA_FIELD_COLOR,                 \
    .minimum = NO_MIN, .maximum = NO_MAX, .required = true,                    \
    .one_of = "source", .description = text_                                   \
  }
#define ENUM(owner_, name_, options_, default_, text_)                         \
  {                                                                            \
    .owner = owner_, .name = name_, .kind = ANIMA_FIELD_ENUM,                  \
    .options = options_, .minimum = NO_MIN, .maximum = NO_MAX,                 \
    .default_json = default_, .description = text_                             \
  }
#define ITEMS(owner_, name_, kind_, item_, required_, text_)                   \
  {                                                                            \
    .owner = owner_, .name = name_, .kind = kind_, .item_kind = item_,         \
    .minimum = NO_MIN, .maximum = NO_MAX, .required = required_,               \
    .description = text_                                                       \
  }
#define NUMBERS(owner_, name_, length_, required_, default_, text_)            \
  {                                                                            \
    .owner = owner_, .name = name_, .kind = ANIMA_FIELD_NUMBERS,               \
    .length = length_, .minimum = NO_MIN, .maximum = NO_MAX,                   \
    .required = required_, .default_json = default_, .description = text_      \
  }
#define RESERVED(owner_, name_, version_, text_)                               \
  {                                                                            \
    .owner = owner_, .name = name_, .kind = ANIMA_FIELD_ANY,                   \
    .minimum = NO_MIN, .maximum = NO_MAX, .reserved_for = version_,            \
    .description = text_                                                       \
  }

static const anima_field_desc core_fields[] = {
    /* §2 document, in the order of the §2 table. */
    {.owner = "document",
     .name = "anima",
     .markup_name = "version",
     .kind = ANIMA_FIELD_ENUM,
     .options = format_versions,
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .required = true,
     .description = "Format version; a 0.1 runtime loads exactly \"0.1\"."},
    REQUIRED("document", "name", ANIMA_FIELD_STRING,
             "Kebab-case identifier, not ending in -<digits>."),
    FIELD("document", "title", ANIMA_FIELD_STRING, "Human name."),
    POSITIVE_NUMBER("document", "grid", true,
                    "Glyph grid size in units (usually 20)."),
    NUMBERS("document", "viewBox", 4, false, NULL,
            "Drawing area [x, y, w, h] in grid units; default [0, 0, grid, "
            "grid]."),
    FIELD("document", "requires", ANIMA_FIELD_NAMES,
          "Optional features the file uses."),
    FIELD("document", "meta", ANIMA_FIELD_ANY,
          "Free-form metadata that runtimes ignore and tools preserve."),
    {.owner = "document",
     .name = "colors",
     .kind = ANIMA_FIELD_MAP,
     .item_kind = "colors",
     .item_field = &color_slot_value,
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .description = "Colour slots {slot: colour} (SPEC §6)."},
    ITEMS("document", "glyphs", ANIMA_FIELD_MAP, "glyph", false,
          "Embedded path data {name: glyph} (SPEC §3)."),
    {.owner = "document",
     .name = "a11y",
     .kind = ANIMA_FIELD_OBJECT,
     .item_kind = "a11y",
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .markup_form = ANIMA_MARKUP_CHILDREN,
     .description = "Root accessibility (SPEC §10)."},
    ITEMS("document", "inputs", ANIMA_FIELD_MAP, "input", false,
          "Typed inputs {name: input} (SPEC §8)."),
    ITEMS("document", "nodes", ANIMA_FIELD_NODES, NULL, true,
          "The scene tree; document order is paint order (SPEC §4)."),
    {.owner = "document",
     .name = "hit",
     .kind = ANIMA_FIELD_OBJECT,
     .item_kind = "hit",
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .markup_form = ANIMA_MARKUP_CHILDREN,
     .description = "Hit area of the whole icon; default the viewBox "
                    "(SPEC §9)."},
    ITEMS("document", "timelines", ANIMA_FIELD_MAP, "timeline", false,
          "Timelines {name: timeline} (SPEC §5)."),
    {.owner = "document",
     .name = "machine",
     .kind = ANIMA_FIELD_OBJECT,
     .item_kind = "machine",
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .markup_form = ANIMA_MARKUP_CHILDREN,
     .description = "The state machine (SPEC §8)."},
    ITEMS("document", "listeners", ANIMA_FIELD_ARRAY, "listener", false,
          "Pointer listeners (SPEC §9)."),

    /* §4 common node properties. */
    REQUIRED("node", "id", ANIMA_FIELD_NAME,
             "Unique node id, matching ^[a-z][a-zA-Z0-9-]*$."),
    REQUIRED("node", "type", ANIMA_FIELD_STRING, "The node type."),
    NUMBER("node", "x", NO_MIN, NO_MAX, "0", "Translation along x."),
    NUMBER("node", "y", NO_MIN, NO_MAX, "0", "Translation along y."),
    NUMBER("node", "rotate", NO_MIN, NO_MAX, "0",
           "Rotation in degrees about pivot, positive clockwise."),
    NUMBER("node", "scale", NO_MIN, NO_MAX, "1",
           "Uniform scale about pivot; multiplies scaleX and scaleY."),
    NUMBER("node", "scaleX", NO_MIN, NO_MAX, "1", "Scale along x about pivot."),
    NUMBER("node", "scaleY", NO_MIN, NO_MAX, "1", "Scale along y about pivot."),
    NUMBER("node", "opacity", NO_MIN, NO_MAX, "1",
           "Group opacity, clamped to 0..1 when resolved."),
    {.owner = "node",
     .name = "visible",
     .kind = ANIMA_FIELD_BOOL,
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .default_json = "true",
     .description = "Hold-only; an invisible node draws, hits and cuts "
                    "nothing."},
    NUMBERS("node", "pivot", 2, false, "[0, 0]",
            "Point the transform turns and scales about; not animatable."),

    /* §4 paint. */
    {.owner = "painted",
     .name = "fill",
     .kind = ANIMA_FIELD_OBJECT,
     .item_kind = "fill",
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .markup_form = ANIMA_MARKUP_FLATTENED,
     .description = "Fill paint {color, rule}."},
    {.owner = "painted",
     .name = "stroke",
     .kind = ANIMA_FIELD_OBJECT,
     .item_kind = "stroke",
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .markup_form = ANIMA_MARKUP_FLATTENED,
     .description = "Stroke paint {color, width, cap, join, trims}."},
    NUMBER("painted", "knockout", 0, NO_MAX, NULL,
           "Cut the painted area grown by this many units out of every "
           "earlier sibling."),
    ITEMS("container", "children", ANIMA_FIELD_NODES, NULL, false,
          "Child nodes, in paint order."),

    /* §4 node types. */
    FIELD("path", "glyph", ANIMA_FIELD_NAME, "Name of a declared glyph."),
    FIELD("path", "subpaths", ANIMA_FIELD_INDICES,
          "Subpath indices of the glyph to draw; omitted means all."),
    FIELD("path", "d", ANIMA_FIELD_STRING, "Inline SVG path data."),
    NUMBERS("circle", "center", 2, true, NULL, "Centre [x, y]."),
    REQUIRED_NUMBER("circle", "r", 0, NO_MAX, "Radius (animatable, >= 0)."),
    REQUIRED_NUMBER("rect", "x0", NO_MIN, NO_MAX, "Left edge."),
    REQUIRED_NUMBER("rect", "y0", NO_MIN, NO_MAX, "Top edge."),
    {.owner = "rect",
     .name = "w",
     .markup_name = "width",
     .kind = ANIMA_FIELD_NUMBER,
     .minimum = 0,
     .maximum = NO_MAX,
     .required = true,
     .description = "Width (animatable, >= 0)."},
    {.owner = "rect",
     .name = "h",
     .markup_name = "height",
     .kind = ANIMA_FIELD_NUMBER,
     .minimum = 0,
     .maximum = NO_MAX,
     .required = true,
     .description = "Height (animatable, >= 0)."},
    NUMBER("rect", "rx", 0, NO_MAX, "0", "Corner radius (animatable, >= 0)."),
    NUMBERS("arc", "center", 2, true, NULL, "Centre [x, y]."),
    REQUIRED_NUMBER("arc", "r", 0, NO_MAX, "Radius (animatable, >= 0)."),
    REQUIRED_NUMBER("arc", "from", NO_MIN, NO_MAX,
                    "Start angle in degrees (animatable)."),
    REQUIRED_NUMBER("arc", "to", NO_MIN, NO_MAX,
                    "End angle in degrees; at rest 0 < to - from <= 360."),

    /* §4 paint objects. */
    /* A paint's colour source (D6): `color` is one of the one-of group
     * "source", so a module can add alternatives (a gradient's `type`,
     * colormix's `mix`); the group stays required. */
    PAINT_SOURCE("fill", "color", "A slot name or colour literal."),
    ENUM("fill", "rule", anima_fill_rule_names, "\"nonzero\"", "Fill rule."),
    PAINT_SOURCE("stroke", "color", "A slot name or colour literal."),
    NUMBER("stroke", "width", 0, NO_MAX, "1",
           "Stroke width in grid units; scales with the world transform."),
    ENUM("stroke", "cap", anima_line_cap_names, "\"round\"", "Line cap."),
    ENUM("stroke", "join", anima_line_join_names, "\"round\"", "Line join."),
    NUMBER("stroke", "trimStart", NO_MIN, NO_MAX, "0",
           "Start of the visible part, a fraction of the outline length."),
    NUMBER("stroke", "trimEnd", NO_MIN, NO_MAX, "1",
           "End of the visible part, a fraction of the outline length."),
    NUMBER("stroke", "trimOffset", NO_MIN, NO_MAX, "0",
           "Offset added to trim start and end, wrapping around 1."),

    /* §3 glyphs. */
    FIELD("glyph", "source", ANIMA_FIELD_STRING,
          "Where the data came from (\"glyphy\")."),
    FIELD("glyph", "pick", ANIMA_FIELD_STRING, "Glyphy's variant stem."),
    FIELD("glyph", "sha256", ANIMA_FIELD_STRING,
          "Hex SHA-256 of the d string's UTF-8 bytes."),
    REQUIRED("glyph", "d", ANIMA_FIELD_STRING, "SVG path data."),

    /* §8 inputs. */
    {.owner = "input",
     .name = "type",
     .kind = ANIMA_FIELD_ENUM,
     .options = anima_input_type_names,
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .required = true,
     .description = "bool, number or trigger."},
    FIELD("input", "default", ANIMA_FIELD_CUSTOM,
          "Initial value: false for bool, 0 for number."),
    NUMBER("input", "min", NO_MIN, NO_MAX, NULL, "Lowest number value."),
    NUMBER("input", "max", NO_MIN, NO_MAX, NULL, "Highest number value."),
    NUMBER("input", "buffer", 0, NO_MAX, "0",
           "Seconds an unconsumed trigger stays pending."),

    /* §5 timelines. */
    POSITIVE_NUMBER("timeline", "duration", true, "Duration in seconds."),
    ENUM("timeline", "loop", anima_loop_mode_names, "\"once\"",
         "once, loop or pingpong."),
    ENUM("timeline", "reducedMotion", anima_reduced_motion_names, "\"end\"",
         "What reduced motion does on entry: play, end or skip."),
    {.owner = "timeline",
     .name = "tracks",
     .kind = ANIMA_FIELD_CUSTOM,
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .markup_form = ANIMA_MARKUP_SPECIAL,
     .description = "{address: [[time, value, ease?], ...]}."},
    {.owner = "timeline",
     .name = "events",
     .kind = ANIMA_FIELD_CUSTOM,
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .markup_form = ANIMA_MARKUP_SPECIAL,
     .description = "[[time, name], ...] reported when playback crosses "
                    "them."},
    RESERVED("timeline", "colorSpace", "0.2",
             "Colour interpolation space (reserved for 0.2)."),

    /* §8 machine. */
    ITEMS("machine", "layers", ANIMA_FIELD_MAP, "layer", true,
          "Layers {name: layer}; member order is significant."),
    REQUIRED("layer", "initial", ANIMA_FIELD_NAME, "The initial state."),
    ITEMS("layer", "states", ANIMA_FIELD_MAP, "state", true,
          "States {name: state}."),
    RESERVED("layer", "mode", "0.2", "Layer blend mode (reserved for 0.2)."),
    {.owner = "state",
     .name = "pose",
     .kind = ANIMA_FIELD_CUSTOM,
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .markup_form = ANIMA_MARKUP_SPECIAL,
     .description = "{address: value}: a timeline of one instant."},
    FIELD("state", "play", ANIMA_FIELD_NAME, "A timeline name."),
    /* > 0 is checked with the machine (validate_machine.c): a module clock
     * may allow any finite speed (module.h ANIMA_CLOCK_SIGNED_SPEED). */
    FIELD("state", "speed", ANIMA_FIELD_NUMBER,
          "Played time = state time x speed (default 1; > 0, any finite "
          "number with a clock that allows it, e.g. motion)."),
    FIELD("state", "emit", ANIMA_FIELD_NAME, "An event reported on entry."),
    FIELD("state", "kind", ANIMA_FIELD_STRING,
          "A state kind a module adds (its variants of \"state\")."),
    ITEMS("state", "on", ANIMA_FIELD_ARRAY, "transition", false,
          "Transitions, evaluated in order."),
    REQUIRED("transition", "when", ANIMA_FIELD_STRING,
             "Condition: terms joined by &&; with bind declared a term "
             "may be an expression, e.g. count > 0 and mod(count, 5) == 0."),
    REQUIRED("transition", "to", ANIMA_FIELD_NAME, "The target state."),
    NUMBER("transition", "blend", 0, NO_MAX, "0",
           "Crossfade duration in seconds."),
    {.owner = "transition",
     .name = "ease",
     .kind = ANIMA_FIELD_STRING,
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .default_json = "\"linear\"",
     .description = "Ease of the crossfade."},
    {.owner = "transition",
     .name = "interruptible",
     .kind = ANIMA_FIELD_BOOL,
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .default_json = "true",
     .description = "When false, no transitions while this crossfade runs."},

    /* §9 listeners. */
    {.owner = "listener",
     .name = "on",
     .kind = ANIMA_FIELD_ENUM,
     .options = anima_listener_event_names,
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .required = true,
     .description = "enter, leave, down, up, click or move."},
    FIELD("listener", "target", ANIMA_FIELD_NAME,
          "A node id; omitted for the whole icon."),
    NUMBER("listener", "hitPadding", 0, NO_MAX, "0",
           "Grid units the target's hit area grows by."),
    FIELD("listener", "fire", ANIMA_FIELD_NAME_OR_NAMES,
          "Trigger name or list to fire."),
    {.owner = "listener",
     .name = "set",
     .kind = ANIMA_FIELD_CUSTOM,
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .markup_form = ANIMA_MARKUP_SPECIAL,
     .description = "{input: value} for bool and number inputs; with bind "
                    "declared a string value is an expression read from one "
                    "snapshot (AniML set=\"count=count+1 previous=count\")."},
    FIELD("listener", "toggle", ANIMA_FIELD_NAME_OR_NAMES,
          "Bool input name or list to toggle."),
    FIELD("listener", "emit", ANIMA_FIELD_NAME, "An event to report."),

    /* §10 a11y. */
    ENUM("a11y", "role", anima_a11y_role_names, NULL, "button, switch or img."),
    FIELD("a11y", "label", ANIMA_FIELD_STRING, "Accessible name."),
    FIELD("a11y", "activate", ANIMA_FIELD_NAME,
          "Trigger fired, or bool toggled, by Enter/Space."),
    FIELD("a11y", "pressed", ANIMA_FIELD_NAME,
          "Bool that aria-pressed / aria-checked follows."),
    FIELD("a11y", "held", ANIMA_FIELD_NAME,
          "Bool that is true while Enter or Space is held."),

    /* §9 hit. */
    NUMBERS("hit", "circle", 3, false, NULL, "[cx, cy, r]."),
    NUMBERS("hit", "rect", 4, false, NULL, "[x, y, w, h]."),
};

#define NUMBER_VALUE(v)                                                        \
  { .type = ANIMA_VALUE_NUMBER, .as.number = (v) }

#define NUMBER_PROPERTY(owner_, address_, markup_, min_, max_, default_,       \
                        text_)                                                 \
  {                                                                            \
    .owner = owner_, .address = address_, .markup_address = markup_,           \
    .type = ANIMA_VALUE_NUMBER, .animation = ANIMA_ANIMATION_INTERPOLATED,     \
    .minimum = min_, .maximum = max_, .default_value = NUMBER_VALUE(default_), \
    .description = text_                                                       \
  }
#define STATIC_PROPERTY(owner_, address_, markup_, text_)                      \
  {                                                                            \
    .owner = owner_, .address = address_, .markup_address = markup_,           \
    .type = ANIMA_VALUE_NUMBER, .animation = ANIMA_ANIMATION_NONE,             \
    .minimum = NO_MIN, .maximum = NO_MAX, .default_value = NUMBER_VALUE(0),    \
    .description = text_                                                       \
  }

static const anima_property_desc core_properties[] = {
    NUMBER_PROPERTY("node", "x", NULL, NO_MIN, NO_MAX, 0, "Translation x."),
    NUMBER_PROPERTY("node", "y", NULL, NO_MIN, NO_MAX, 0, "Translation y."),
    NUMBER_PROPERTY("node", "rotate", NULL, NO_MIN, NO_MAX, 0,
                    "Rotation in degrees."),
    NUMBER_PROPERTY("node", "scale", NULL, NO_MIN, NO_MAX, 1, "Uniform scale."),
    NUMBER_PROPERTY("node", "scaleX", NULL, NO_MIN, NO_MAX, 1, "Scale x."),
    NUMBER_PROPERTY("node", "scaleY", NULL, NO_MIN, NO_MAX, 1, "Scale y."),
    NUMBER_PROPERTY("node", "opacity", NULL, 0, 1, 1, "Group opacity."),
    {.owner = "node",
     .address = "visible",
     .type = ANIMA_VALUE_BOOL,
     .animation = ANIMA_ANIMATION_HOLD,
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .default_value = {.type = ANIMA_VALUE_BOOL, .as.boolean = true},
     .description = "Visibility (hold only)."},
    {.owner = "painted",
     .address = "fill.color",
     .markup_address = "fill",
     .type = ANIMA_VALUE_COLOR,
     .animation = ANIMA_ANIMATION_INTERPOLATED,
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .default_value = {.type = ANIMA_VALUE_COLOR, .as.color = {0, 0, 0, 255}},
     .description = "Fill colour."},
    {.owner = "painted",
     .address = "stroke.color",
     .markup_address = "stroke",
     .type = ANIMA_VALUE_COLOR,
     .animation = ANIMA_ANIMATION_INTERPOLATED,
     .minimum = NO_MIN,
     .maximum = NO_MAX,
     .default_value = {.type = ANIMA_VALUE_COLOR, .as.color = {0, 0, 0, 255}},
     .description = "Stroke colour."},
    NUMBER_PROPERTY("painted", "stroke.width", "strokeWidth", 0, NO_MAX, 1,
                    "Stroke width."),
    NUMBER_PROPERTY("painted", "stroke.trimStart", "trimStart", 0, 1, 0,
                    "Trim start fraction."),
    NUMBER_PROPERTY("painted", "stroke.trimEnd", "trimEnd", 0, 1, 1,
                    "Trim end fraction."),
    NUMBER_PROPERTY("painted", "stroke.trimOffset", "trimOffset", NO_MIN,
                    NO_MAX, 0, "Trim offset fraction."),
    NUMBER_PROPERTY("circle", "r", NULL, 0, NO_MAX, 0, "Radius."),
    NUMBER_PROPERTY("rect", "w", "width", 0, NO_MAX, 0, "Width."),
    NUMBER_PROPERTY("rect", "h", "height", 0, NO_MAX, 0, "Height."),
    NUMBER_PROPERTY("rect", "rx", NULL, 0, NO_MAX, 0, "Corner radius."),
    NUMBER_PROPERTY("arc", "r", NULL, 0, NO_MAX, 0, "Radius."),
    NUMBER_PROPERTY("arc", "from", NULL, NO_MIN, NO_MAX, 0,
                    "Start angle in degrees."),
    NUMBER_PROPERTY("arc", "to", NULL, NO_MIN, NO_MAX, 0,
                    "End angle in degrees."),
    STATIC_PROPERTY("rect", "x0", NULL, "Left edge."),
    STATIC_PROPERTY("rect", "y0", NULL, "Top edge."),
    STATIC_PROPERTY("painted", "knockout", NULL, "Knockout growth."),
};

#define ERROR_CODE(code_, text_)                                               \
  { .code = code_, .severity = ANIMA_SEVERITY_ERROR, .description = text_ }
#define WARNING_CODE(code_, text_)                                             \
  { .code = code_, .severity = ANIMA_SEVERITY_WARNING, .description = text_ }

static const anima_code_desc core_codes[] = {
    ERROR_CODE("json-syntax",
               "The text is not JSON. The message carries line and column."),
    ERROR_CODE("duplicate-key", "An object repeats a key."),
    ERROR_CODE("type", "A value has the wrong JSON type."),
    ERROR_CODE("missing-key", "A required key is absent."),
    ERROR_CODE("unknown-key",
               "A key is not defined here. Hint: the closest valid key."),
    ERROR_CODE("reserved", "A key, ease or address reserved for a later "
                           "version."),
    ERROR_CODE("version-unsupported", "anima is not \"0.1\"."),
    ERROR_CODE("undeclared-feature",
               "A module key or address is used without its feature in "
               "requires; hint: add the feature to requires."),
    ERROR_CODE("unknown-feature",
               "requires names a feature this runtime lacks."),
    ERROR_CODE("bad-name", "A name breaks its pattern."),
    ERROR_CODE("duplicate-id", "Two nodes share an id."),
    ERROR_CODE("unknown-node-type", "type is not a node type."),
    ERROR_CODE("bad-value", "A value is out of range or not an allowed "
                            "option."),
    ERROR_CODE("bad-color", "A colour string does not parse."),
    ERROR_CODE("unknown-color-slot",
               "A paint names a slot that is not declared."),
    ERROR_CODE("unknown-glyph", "A path names a glyph that is not declared."),
    ERROR_CODE("bad-path", "Path data does not parse."),
    ERROR_CODE("bad-subpath", "A subpath index is out of range or repeated."),
    ERROR_CODE("path-source", "A path has both or neither of glyph and d."),
    ERROR_CODE("arc-fill", "An arc has a fill."),
    ERROR_CODE("trim-multi-subpath",
               "A stroke with trims on a path of several subpaths."),
    ERROR_CODE("unknown-address",
               "A track or pose names an unknown node or property."),
    ERROR_CODE("not-animatable",
               "A track or pose writes a property that cannot be animated."),
    ERROR_CODE("value-type", "A keyframe or pose value has the wrong type."),
    ERROR_CODE("color-slot-animated",
               "An animated colour uses a slot or currentColor."),
    ERROR_CODE("empty-track", "A track has no keyframes."),
    ERROR_CODE("key-order", "Keyframe times do not strictly increase."),
    ERROR_CODE("key-range",
               "A keyframe or event time lies outside [0, duration]."),
    ERROR_CODE("bad-ease", "An ease does not parse, has invalid arguments, "
                           "or eases a boolean."),
    ERROR_CODE("unknown-timeline",
               "A state plays a timeline that is not declared."),
    ERROR_CODE("unknown-state",
               "initial or to names a state that is not in the layer."),
    ERROR_CODE("state-kind", "A state has both or neither of pose and play, "
                             "or speed without play."),
    ERROR_CODE("bad-condition", "A condition does not parse."),
    ERROR_CODE("unknown-input",
               "A condition, listener or a11y names an input that is not "
               "declared."),
    ERROR_CODE("input-type",
               "An input is used in a way its type does not allow."),
    ERROR_CODE("bad-end", "@end on a pose state or a looping timeline."),
    ERROR_CODE("self-transition",
               "A transition to the current state with only level terms."),
    ERROR_CODE("unknown-target",
               "A listener targets a node that does not exist."),
    ERROR_CODE("limit-exceeded", "A §2 limit is exceeded."),
    WARNING_CODE("hash-mismatch", "A glyph's sha256 does not match its d."),
    WARNING_CODE("no-paint", "A painted node has neither fill nor stroke."),
    WARNING_CODE("unreachable-state", "No transition reaches a state."),
    WARNING_CODE("unused-input", "Nothing reads or writes an input."),
    ERROR_CODE("module-load",
               "A feature module could not be found, opened or accepted."),
    ERROR_CODE("unknown-operation",
               "A host or script calls an operation no loaded module "
               "registers (anima_player_invoke)."),
    ERROR_CODE("operation-arguments",
               "An operation's arguments are too few, too many or of the "
               "wrong kind; hint: its usage line."),
    ERROR_CODE("operation-failed",
               "An operation returned an error without reporting why, or "
               "names no stage hook of its module as instance_of."),
    ERROR_CODE("rig-cycle",
               "Solvers depend on each other in a cycle (a constraint's "
               "target waits for its own host): reported at the constraint "
               "closing it (rig chapter, \"Rig stage and extension "
               "contract\")."),
    ERROR_CODE("unsupported-render",
               "A renderer cannot draw a feature the document uses (SVG: "
               "angular gradients, additive blending ...)."),
};

/* SVG habits and what the core writes instead (hints only, module.h). */
#define SHAPE_TO_PATH(name_)                                                   \
  {                                                                            \
    .name = name_, .instead = "path", .example = "\"d\": \"...\"",             \
    .note = "anima import converts SVG shapes to paths"                        \
  }

static const anima_foreign_name_desc core_foreign_names[] = {
    {.kind = "circle",
     .name = "cx",
     .instead = "center",
     .example = "[cx, cy]"},
    {.kind = "circle",
     .name = "cy",
     .instead = "center",
     .example = "[cx, cy]"},
    {.kind = "arc", .name = "cx", .instead = "center", .example = "[cx, cy]"},
    {.kind = "arc", .name = "cy", .instead = "center", .example = "[cx, cy]"},
    {.kind = "circle",
     .name = "width",
     .instead = "r",
     .note = "the radius is half the width"},
    {.kind = "circle",
     .name = "height",
     .instead = "r",
     .note = "the radius is half the height"},
    /* x and y are fields of every node (a translation): the note goes on
     * the missing-key hint of x0 / y0. */
    {.kind = "rect",
     .name = "x",
     .instead = "x0",
     .note = "\"x\" and \"y\" translate the node; the corner is \"x0\" and "
             "\"y0\""},
    {.kind = "rect",
     .name = "y",
     .instead = "y0",
     .note = "\"x\" and \"y\" translate the node; the corner is \"x0\" and "
             "\"y0\""},
    {.kind = "rect", .name = "width", .instead = "w"},
    {.kind = "rect", .name = "height", .instead = "h"},
    {.name = "g", .instead = "group"},
    SHAPE_TO_PATH("ellipse"),
    SHAPE_TO_PATH("line"),
    SHAPE_TO_PATH("polyline"),
    SHAPE_TO_PATH("polygon"),
};

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

anima_status anima_core_register(anima_registry *registry) {
  anima_status status = anima_registry_add_feature(registry, "knockout");
  for (size_t i = 0; status == ANIMA_OK && i < COUNT(core_kinds); i++) {
    status = anima_registry_add_kind(registry, &core_kinds[i]);
  }
  for (size_t i = 0; status == ANIMA_OK && i < COUNT(core_fields); i++) {
    status = anima_registry_add_field(registry, &core_fields[i]);
  }
  for (size_t i = 0; status == ANIMA_OK && i < COUNT(core_properties); i++) {
    status = anima_registry_add_property(registry, &core_properties[i], NULL);
  }
  for (size_t i = 0; status == ANIMA_OK && i < COUNT(core_codes); i++) {
    status = anima_registry_add_code(registry, &core_codes[i]);
  }
  for (size_t i = 0; status == ANIMA_OK && i < COUNT(core_foreign_names); i++) {
    status = anima_registry_add_foreign_name(registry, &core_foreign_names[i]);
  }
  if (status == ANIMA_OK) {
    status = anima_core_register_behaviours(registry);
  }
  return status;
}
