/*
 * machine.c — the `machine` module (SPEC `## machine`,
 * docs/modules/machine.md): registration of its fields, kinds,
 * diagnostic codes and behaviours. `requires: ["machine"]` adds them to
 * 0.1 documents; without it playback is unchanged. Motion, bind and
 * components order before machine (`after`); none is a dependency.
 */
#include <math.h>

#include "machine.h"

const anima_host *machine_host;

static const char *const features[] = {MACHINE_FEATURE, NULL};
static const char *const after[] = {"motion", "bind", "components", NULL};

#define RANGED(owner_, name_, kind_, minimum_, maximum_)                       \
  .owner = owner_, .name = name_, .kind = kind_, .feature = MACHINE_FEATURE,   \
  .minimum = minimum_, .maximum = maximum_
#define FIELD(owner_, name_, kind_)                                            \
  RANGED(owner_, name_, kind_, -INFINITY, INFINITY)

static const char *const change_modes[] = {"changed", "increased", "decreased",
                                           NULL};
static const char *const blend_modes[] = {"1d", "direct", "additive", NULL};
static const char *const guard_ops[] = {"==", "!=", "<", "<=", ">", ">=", NULL};

static const anima_kind_desc kinds[] = {
    {.name = "machine-actions",
     .feature = MACHINE_FEATURE,
     .description = "A machine action group: fire, set, toggle, emit, "
                    "queued for the next step's input stage."},
    {.name = "machine-change",
     .feature = MACHINE_FEATURE,
     .description = "A change guard: the input's applied value against its "
                    "value at the end of the preceding step."},
    {.name = "machine-guard",
     .feature = MACHINE_FEATURE,
     .description = "A typed live guard {left, op, right}."},
    {.name = "machine-mix",
     .feature = MACHINE_FEATURE,
     .description = "A blend: children timelines mixed 1d (by an axis), "
                    "direct or additive (by weights)."},
    {.name = "machine-blend-child",
     .feature = MACHINE_FEATURE,
     .description = "One child of a blend: a timeline, its threshold and "
                    "its weight."},
};

static const anima_field_desc fields[] = {
    {RANGED("document", "machineSeed", ANIMA_FIELD_INTEGER, 0, 4294967295.0),
     .markup_name = "machineSeed", .default_json = "1831565813",
     .description = "The players' random seed (unsigned 32-bit), default "
                    "0x6d2b79f5; an explicit player/script seed overrides "
                    "it."},
    {FIELD("machine-actions", "fire", ANIMA_FIELD_NAME_OR_NAMES),
     .description = "Trigger name or list to fire."},
    {FIELD("machine-actions", "set", ANIMA_FIELD_CUSTOM),
     .markup_form = ANIMA_MARKUP_JSON,
     .description = "{input: value} for bool and number inputs; expression "
                    "strings need bind (one pre-action snapshot)."},
    {FIELD("machine-actions", "toggle", ANIMA_FIELD_NAME_OR_NAMES),
     .description = "Bool input name or list to toggle."},
    {FIELD("machine-actions", "emit", ANIMA_FIELD_NAME),
     .description = "An event to report, with layer null."},
    {FIELD("machine-change", "input", ANIMA_FIELD_NAME), .required = true,
     .description = "The bool or number input compared."},
    {FIELD("machine-change", "mode", ANIMA_FIELD_ENUM), .required = true,
     .options = change_modes,
     .description = "changed (bool or number), increased or decreased "
                    "(number)."},
    {FIELD("machine-guard", "left", ANIMA_FIELD_CUSTOM), .required = true,
     .markup_form = ANIMA_MARKUP_JSON,
     .description = "A number, a bool, {artboard: width|height|aspect}, "
                    "{component: \"id.input\"} or {focus: \"node-id\"}."},
    {FIELD("machine-guard", "op", ANIMA_FIELD_ENUM), .required = true,
     .options = guard_ops,
     .description = "== != (matching types) or < <= > >= (numbers)."},
    {FIELD("machine-guard", "right", ANIMA_FIELD_CUSTOM), .required = true,
     .markup_form = ANIMA_MARKUP_JSON,
     .description = "The right operand, as `left`."},
    {FIELD("machine-mix", "mode", ANIMA_FIELD_ENUM), .required = true,
     .options = blend_modes,
     .description = "1d (two neighbours by the axis), direct (weights from "
                    "rest) or additive (weights over the first child)."},
    {FIELD("machine-mix", "children", ANIMA_FIELD_ARRAY), .required = true,
     .item_kind = "machine-blend-child",
     .description = "The children, a nonempty array of {play, at?, "
                    "weight?}."},
    {FIELD("machine-mix", "axis", ANIMA_FIELD_CUSTOM),
     .description = "1d: a number, a number input's name or {bind: "
                    "\"numeric expression\"} (needs bind); required for 1d."},
    {RANGED("machine-mix", "exit", ANIMA_FIELD_INTEGER, 0, 4294967295.0),
     .description = "The zero-based index of the child whose clock is the "
                    "state's (@end, exitRatio, blendRatio); it must play the "
                    "state's `play`."},
    {FIELD("machine-blend-child", "play", ANIMA_FIELD_NAME), .required = true,
     .description = "The child's timeline."},
    {FIELD("machine-blend-child", "at", ANIMA_FIELD_NUMBER),
     .description = "1d: the child's axis threshold (strictly increasing, "
                    "required for 1d)."},
    {FIELD("machine-blend-child", "weight", ANIMA_FIELD_CUSTOM),
     .default_json = "1",
     .description = "direct/additive: a number, a number input's name or "
                    "{bind: \"numeric expression\"} (needs bind), clamped to "
                    "[0, 1]."},
    {FIELD("state", "mix", ANIMA_FIELD_OBJECT), .item_kind = "machine-mix",
     .markup_form = ANIMA_MARKUP_JSON,
     .description = "Makes a play state a blend of several timelines; "
                    "`play` names the exit-clock child."},
    {FIELD("state", "reset", ANIMA_FIELD_BOOL), .default_json = "true",
     .description = "Restart on every re-entry (the only behaviour); false "
                    "is machine-state."},
    {FIELD("state", "enterActions", ANIMA_FIELD_OBJECT),
     .markup_name = "enterActions", .item_kind = "machine-actions",
     .markup_form = ANIMA_MARKUP_JSON,
     .description = "Actions queued on entry, after the outgoing "
                    "exitActions and the transition's actions."},
    {FIELD("state", "exitActions", ANIMA_FIELD_OBJECT),
     .markup_name = "exitActions", .item_kind = "machine-actions",
     .markup_form = ANIMA_MARKUP_JSON,
     .description = "Actions queued on leaving the state, first."},
    {FIELD("transition", "disabled", ANIMA_FIELD_BOOL), .default_json = "false",
     .description = "Keep the edge but never select it."},
    {RANGED("transition", "exitRatio", ANIMA_FIELD_NUMBER, 0, 1),
     .markup_name = "exitRatio",
     .description = "Hold only once the source has played this fraction of "
                    "its duration; the overshoot spills into the target."},
    {RANGED("transition", "blendRatio", ANIMA_FIELD_NUMBER, 0, INFINITY),
     .markup_name = "blendRatio",
     .description = "Crossfade for this multiple of the source's play "
                    "duration; exclusive with blend."},
    {FIELD("transition", "change", ANIMA_FIELD_OBJECT),
     .item_kind = "machine-change", .markup_form = ANIMA_MARKUP_JSON,
     .description = "{input, mode}: hold when the input changed since the "
                    "preceding step; enters the target at time zero."},
    {FIELD("transition", "guard", ANIMA_FIELD_OBJECT),
     .item_kind = "machine-guard", .markup_form = ANIMA_MARKUP_JSON,
     .description = "{left, op, right}: a typed live guard ANDed with "
                    "when."},
    {FIELD("transition", "continue", ANIMA_FIELD_BOOL), .default_json = "false",
     .description = "Keep advancing the outgoing timeline during the "
                    "crossfade instead of freezing its exit pose; its events "
                    "stop at exit. The source clock must be autonomous."},
    {RANGED("transition", "weight", ANIMA_FIELD_NUMBER, 0, INFINITY),
     .default_json = "1",
     .description = "The edge's weight in a random state's choice."},
    {FIELD("transition", "endActions", ANIMA_FIELD_OBJECT),
     .markup_name = "endActions", .item_kind = "machine-actions",
     .markup_form = ANIMA_MARKUP_JSON,
     .description = "Actions queued when the crossfade completes (at entry "
                    "without one); discarded when it is interrupted."},
};

static const anima_code_desc codes[] = {
    {.code = "machine-state",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = MACHINE_FEATURE,
     .description = "A special state needs an empty pose; an any state "
                    "cannot be initial or a target; an exit state has no "
                    "edges; reset must be true; random weights must have a "
                    "finite total."},
    {.code = "machine-blend",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = MACHINE_FEATURE,
     .description = "A blend state needs a numeric axis, sorted unique "
                    "thresholds and an existing exit child matching play."},
    {.code = "machine-clock",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = MACHINE_FEATURE,
     .description = "Relative timing needs a play source with a finite "
                    "duration; choose blend or blendRatio; a continued "
                    "source's clock must be autonomous."},
    {.code = "machine-guard",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = MACHINE_FEATURE,
     .description = "A guard operand needs one valid source and matching "
                    "types; ordered comparisons need numbers."},
};

static anima_status init(const anima_host *host, anima_registrar *registrar) {
  machine_host = host;
  if (!ANIMA_HOST_HAS(host, output_mix) || !ANIMA_HOST_HAS(host, check_layer)) {
    return ANIMA_ERROR_UNSUPPORTED; /* a kernel without blend sampling */
  }
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, host->add_code, registrar, codes);
  ANIMA_ADD_EACH(status, host->add_kind, registrar, kinds);
  ANIMA_ADD_EACH(status, host->add_field, registrar, fields);
  if (status == ANIMA_OK) {
    status = machine_register_states(registrar);
  }
  if (status == ANIMA_OK) {
    status = machine_register_blend(registrar);
  }
  if (status == ANIMA_OK) {
    status = machine_register_model(registrar);
  }
  if (status == ANIMA_OK) {
    status = machine_register_edges(registrar);
  }
  if (status == ANIMA_OK) {
    status = machine_register_checks(registrar);
  }
  return status;
}

ANIMA_MODULE_DEFINE(machine, .name = "machine", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima",
                    .description = "The extended state machine: entry, exit, "
                                   "any and random states, transition "
                                   "fields, change and live guards, queued "
                                   "actions (SPEC machine).",
                    .features = features, .after = after, .init = init);
