/*
 * schema_guide.c — the guide topics of `anima schema` (schema_guide.h): one
 * table of grammar and SPEC text, joined with what the registry knows
 * (fields, property addresses, diagnostic codes, loaded features) when a
 * guide is shown.
 */
#include "schema_guide.h"

#include <string.h>

#include <anima/format.h>

#include "schema_describe.h"

static const schema_guide guides[] = {
    {
        .names = {"ease", "eases", "easing"},
        .keywords = {"linear", "hold", "in", "out", "inOut", "cubic", "elastic",
                     "spring", "cubic-bezier"},
        .section = "SPEC §5",
        .summary = "An ease shapes how a track moves from one key to the "
                   "next, or how a transition crossfades.",
        .grammar = {"ease := linear | hold | in | out | inOut",
                    "      | cubic(x1, y1, x2, y2) | elastic(a, p)",
                    "Arguments are JSON numbers separated by commas; spaces "
                    "are optional."},
        .items_title = "Eases (u: progress through the segment, 0..1; w: "
                       "the eased fraction)",
        .items =
            {
                {.name = "linear",
                 .syntax = "linear",
                 .meaning = "w = u. An omitted ease means linear.",
                 .example = "linear"},
                {.name = "hold",
                 .syntax = "hold",
                 .meaning = "w = 0: the value stays at the left key until "
                            "the next key. The only ease a boolean track may "
                            "carry.",
                 .example = "hold"},
                {.name = "in",
                 .syntax = "in",
                 .meaning = "cubic(0.42, 0, 1, 1)",
                 .example = "in"},
                {.name = "out",
                 .syntax = "out",
                 .meaning = "cubic(0, 0, 0.58, 1)",
                 .example = "out"},
                {.name = "inOut",
                 .syntax = "inOut",
                 .meaning = "cubic(0.42, 0, 0.58, 1)",
                 .example = "inOut"},
                {.name = "cubic",
                 .syntax = "cubic(x1, y1, x2, y2)",
                 .meaning = "CSS cubic-bezier: with Bx, By the Bezier "
                            "through (0,0) (x1,y1) (x2,y2) (1,1), find s in "
                            "[0, 1] with Bx(s) = u and return By(s); "
                            "w(0) = 0, w(1) = 1.",
                 .arguments = "x1 and x2 in [0, 1]; y1 and y2 any number "
                              "(overshoot allowed).",
                 .example = "cubic(0.2, 0, 0.3, 1)"},
                {.name = "elastic",
                 .syntax = "elastic(a, p)",
                 .meaning = "Ease-out elastic: A = max(a, 1), s = p / (2π) "
                            "· asin(1 / A), w = A · 2^(−10u) · sin((u − s) · "
                            "2π / p) + 1; w(0) = 0, w(1) = 1.",
                 .arguments = "a >= 0 (amplitude), p > 0 (period).",
                 .example = "elastic(1, 0.3)"},
                {.name = "spring",
                 .syntax = "spring(...)",
                 .meaning = "Reserved for a later format version.",
                 .example = "spring(1, 100, 10)",
                 .reserved = true},
            },
        .notes = {"The ease on key i shapes the segment from key i to key "
                  "i+1; the ease on the last key is never read, so omit it.",
                  "Booleans hold: their keys take hold or no ease.",
                  "A transition's ease shapes its crossfade of blend seconds "
                  "(default linear)."},
        .examples =
            {
                {"\"tracks\": {\"dot.scale\": [[0, 0, \"out\"], [0.3, 1.2, "
                 "\"inOut\"], [0.5, 1]]}",
                 "<track target=\"dot.scale\">0 0 out; 0.3 1.2 inOut; 0.5 "
                 "1</track>"},
                {"{\"when\": \"hover\", \"to\": \"lit\", \"blend\": 0.2, "
                 "\"ease\": \"cubic(0.2, 0, 0.3, 1)\"}",
                 "<on when=\"hover\" to=\"lit\" blend=\"0.2\" "
                 "ease=\"cubic(0.2, 0, 0.3, 1)\"/>"},
            },
        .fields = {"timeline.tracks", "transition.ease"},
        .codes = {"bad-ease", "reserved"},
    },
    {
        .names = {"condition", "conditions", "when", "guard"},
        .keywords = {"&&", "@end", "@after", "trigger", "||"},
        .section = "SPEC §8",
        .summary = "A transition's `when`: terms joined by && that must all "
                   "hold.",
        .grammar = {"condition := term ( \"&&\" term )*",
                    "term      := \"!\"? NAME | NAME OP NUMBER | \"@end\" | "
                    "\"@after(\" NUMBER \")\"",
                    "OP        := \"==\" | \"!=\" | \"<\" | \"<=\" | \">\" | "
                    "\">=\"",
                    "NAME is an input name, NUMBER a JSON number; whitespace "
                    "between tokens is ignored."},
        .items_title = "Terms",
        .items =
            {
                {.name = "name",
                 .syntax = "name",
                 .meaning = "The trigger is pending (and not yet consumed by "
                            "this layer this step), or the bool is true.",
                 .example = "hover"},
                {.name = "!name",
                 .syntax = "!name",
                 .meaning = "The bool is false (a negated trigger is "
                            "input-type).",
                 .example = "!pressed"},
                {.name = "compare",
                 .syntax = "name OP number",
                 .meaning = "Compares a number input (comparing a bool or "
                            "trigger is input-type).",
                 .example = "level >= 0.5"},
                {.name = "@end",
                 .syntax = "@end",
                 .meaning = "The state's once timeline has finished (on a "
                            "pose state or a loop/pingpong timeline: "
                            "bad-end).",
                 .example = "@end"},
                {.name = "@after",
                 .syntax = "@after(s)",
                 .meaning = "The state time is at least s seconds.",
                 .arguments = "s >= 0 seconds.",
                 .example = "@after(0.3)"},
                {.name = "expression",
                 .syntax = "EXPR OP EXPR",
                 .meaning = "Compares two numeric expressions of the bind "
                            "feature.",
                 .feature = "bind"},
            },
        .notes = {"All terms must hold. There is no ||: write two "
                  "transitions.",
                  "Transitions are tried in order and the first that holds "
                  "is taken.",
                  "A transition to the current state needs a trigger, @end "
                  "or @after term (self-transition).",
                  "In AniML, && inside an attribute is written "
                  "&amp;&amp;."},
        .examples =
            {
                {"{\"when\": \"ring\", \"to\": \"ringing\"}",
                 "<on when=\"ring\" to=\"ringing\"/>"},
                {"{\"when\": \"hover && !pressed\", \"to\": \"lit\", "
                 "\"blend\": 0.15}",
                 "<on when=\"hover &amp;&amp; !pressed\" to=\"lit\" "
                 "blend=\"0.15\"/>"},
                {"{\"when\": \"level >= 0.5 && @after(0.2)\", \"to\": "
                 "\"full\"}",
                 "<on when=\"level >= 0.5 &amp;&amp; @after(0.2)\" "
                 "to=\"full\"/>"},
                {"{\"when\": \"@end\", \"to\": \"idle\"}",
                 "<on when=\"@end\" to=\"idle\"/>"},
            },
        .fields = {"transition.when", "transition.to", "input.type"},
        .codes = {"bad-condition", "unknown-input", "input-type", "bad-end",
                  "self-transition"},
    },
    {
        .names = {"bind", "expression", "expressions", "binding"},
        .keywords = {"min", "max", "clamp", "mix", "floor", "mod", "contains",
                     "lower", "and"},
        .section = "SPEC bind",
        .summary = "Expressions of inputs (feature bind): property "
                   "bindings, expression sets of actions, EXPR OP EXPR "
                   "condition terms.",
        .grammar = {"or-expr := and-expr (\"or\" and-expr)*;  and-expr := "
                    "not-expr (\"and\" not-expr)*",
                    "not-expr := \"not\" not-expr | sum (OP sum)*;  OP := "
                    "== != < <= > >=",
                    "sum := product ((\"+\" | \"-\") product)*;  product := "
                    "unary ((\"*\" | \"/\") unary)*",
                    "unary := (\"+\" | \"-\") unary | NAME | NUMBER | "
                    "\"string\" | #colour | call | \"(\" or-expr \")\";  "
                    "call := FUNCTION \"(\" or-expr (\",\" or-expr)* \")\"",
                    "NAME := [a-z][a-zA-Z0-9-]* (an input);  NUMBER := a "
                    "finite JSON number;  \"string\" with JSON escapes;  "
                    "#colour := #rgb | #rrggbb | #rrggbbaa",
                    "Binary operators associate left; a hyphen is part of a "
                    "NAME (write a - b); at most 512 tokens and 64 nesting "
                    "levels."},
        .items_title = "Functions",
        .items =
            {
                {.name = "min",
                 .syntax = "min(a, b)",
                 .meaning = "The smaller of two numbers (bools count 0/1).",
                 .example = "min(count, 5)",
                 .feature = "bind"},
                {.name = "max",
                 .syntax = "max(a, b)",
                 .meaning = "The larger of two numbers (bools count 0/1).",
                 .example = "max(level, 0)",
                 .feature = "bind"},
                {.name = "clamp",
                 .syntax = "clamp(x, lo, hi)",
                 .meaning = "min(max(x, lo), hi).",
                 .example = "clamp(level * 2, 0, 1)",
                 .feature = "bind"},
                {.name = "mix",
                 .syntax = "mix(a, b, t)",
                 .meaning = "a + (b - a)*t for numbers; for two hex colours "
                            "and a number or bool weight, §5 channel "
                            "interpolation (alpha, rounding, clamping); t "
                            "may extrapolate.",
                 .example = "mix(#000000, #ffffff, level)",
                 .feature = "bind"},
                {.name = "floor",
                 .syntax = "floor(x)",
                 .meaning = "The greatest integer <= x.",
                 .example = "floor(level * 4)",
                 .feature = "bind"},
                {.name = "mod",
                 .syntax = "mod(a, b)",
                 .meaning = "a - b*floor(a/b): the divisor's sign; a zero "
                            "divisor gives 0.",
                 .example = "mod(count, 5) == 0",
                 .feature = "bind"},
                {.name = "contains",
                 .syntax = "contains(text, part)",
                 .meaning = "Two strings; true when part is a contiguous "
                            "substring (case-sensitive; \"\" is in every "
                            "text).",
                 .example = "contains(lower(\"Hello\"), \"ell\")",
                 .feature = "bind"},
                {.name = "lower",
                 .syntax = "lower(text)",
                 .meaning = "Unicode default lowercasing (ECMAScript "
                            "toLowerCase; no normalisation or folding): "
                            "lower(\"\u0130\") is \"i\u0307\".",
                 .example = "lower(\"ABC\") == \"abc\"",
                 .feature = "bind"},
                {.name = "types",
                 .syntax = "number | bool | \"string\" | #colour",
                 .meaning = "Arithmetic and ordering take numbers (bools "
                            "count 0/1); == and != one type; and/or/not "
                            "bools; non-finite values become 0 where "
                            "consumed.",
                 .example = "count > 0 and not on",
                 .feature = "bind"},
            },
        .notes = {"Declare \"requires\": [\"bind\"]. Names are declared "
                  "bool or number inputs; triggers are not values.",
                  "bind: {\"<id>.<property>\": \"expression\"} evaluates "
                  "after the layers and before clamping.",
                  "A listener set value that is a string is an expression; "
                  "one input snapshot serves every set of an action.",
                  "Diagnostics give the 1-based character offset in UTF-16 "
                  "code units."},
        .examples =
            {
                {"\"bind\": {\"ring.stroke.trimEnd\": \"progress\"}",
                 "<anima ... requires=\"bind\" "
                 "bind='{\"ring.stroke.trimEnd\":\"progress\"}'>"},
                {"{\"on\": \"click\", \"set\": {\"count\": \"count + 1\", "
                 "\"previous\": \"count\"}}",
                 "<listener on=\"click\" set=\"count=count + 1 "
                 "previous=count\"/>"},
                {"{\"when\": \"count > 0 and mod(count, 5) == 0\", \"to\": "
                 "\"milestone\"}",
                 "<on when=\"count > 0 and mod(count, 5) == 0\" "
                 "to=\"milestone\"/>"},
                {"\"idle\": {\"pose\": {}, \"entry\": {\"set\": "
                 "{\"count\": 0}}}",
                 "<state name=\"idle\" entry='{\"set\":{\"count\":0}}'>"},
            },
        .fields = {"document.bind", "listener.set", "transition.when",
                   "state.entry", "state.exit", "transition.actions"},
        .codes = {"bind-syntax", "bind-type", "bind-cycle", "unknown-input",
                  "unknown-address", "not-animatable", "input-type",
                  "undeclared-feature", "type"},
    },
    {
        .names = {"motion", "curves", "channels", "channel"},
        .keywords = {"elastic-in", "elastic-in-out", "value-cubic", "int",
                     "uint", "string", "reference", "typed", "instance",
                     "machines"},
        .section = "SPEC motion",
        .summary = "Extra curves, typed channels, the timeline clock, "
                   "declarative timeline control, explicit timeline "
                   "instances and named machines (feature motion).",
        .grammar = {"ease    := ... | elastic-in(a, p) | elastic-in-out(a, p) "
                    "| value-cubic(x1, y1, x2, y2)",
                    "channel := \"channels\": {name: {\"type\": int | uint | "
                    "string | reference, \"value\": ...}}",
                    "address := <node-id>.channels.<name>  (hold only)",
                    "timeline := {... \"speed\": s, \"quantize\": q, "
                    "\"work\": [start, end]}",
                    "transition := {... \"exit\": s | \"exitFraction\": f | "
                    "\"exitNext\": step|loop, \"sync\": true}",
                    "state := {... \"hold\": true | \"time\": \"<bind "
                    "expression>\"}",
                    "machines := \"machines\": {name: {\"layers\": {...}}}  "
                    "(AniML <machine name=\"name\">; run by `machine <name> "
                    "...`)"},
        .items_title = "Curves, channel types and clock controls",
        .items =
            {
                {.name = "elastic-in",
                 .syntax = "elastic-in(a, p)",
                 .meaning = "1 - elastic(a, p)(1 - u): the elastic ease "
                            "reflected; w(0) = 0, w(1) = 1.",
                 .arguments = "a >= 0 (amplitude), p > 0 (period).",
                 .example = "elastic-in(1, 0.5)",
                 .feature = "motion"},
                {.name = "elastic-in-out",
                 .syntax = "elastic-in-out(a, p)",
                 .meaning = "elastic-in(a, p)(2u) / 2 for u < 1/2, else "
                            "1/2 + elastic(a, p)(2u - 1) / 2.",
                 .arguments = "a >= 0 (amplitude), p > 0 (period).",
                 .example = "elastic-in-out(1, 0.5)",
                 .feature = "motion"},
                {.name = "value-cubic",
                 .syntax = "value-cubic(x1, y1, x2, y2)",
                 .meaning = "A value curve on number keys: s with Bx(s) = u "
                            "(x controls 0, x1, x2, 1), then the cubic with "
                            "ordinates (left value, y1, y2, right value).",
                 .arguments = "x1 and x2 in [0, 1]; y1 and y2 in the "
                              "property's units. Not on transitions, "
                              "colours or channels.",
                 .example = "value-cubic(0.25, 8, 0.75, 8)",
                 .feature = "motion"},
                {.name = "int",
                 .syntax = "{\"type\": \"int\", \"value\": -3}",
                 .meaning = "A 32-bit signed whole number, held.",
                 .arguments = "[-2147483648, 2147483647]",
                 .feature = "motion"},
                {.name = "uint",
                 .syntax = "{\"type\": \"uint\", \"value\": 7}",
                 .meaning = "A 32-bit unsigned whole number, held.",
                 .arguments = "[0, 4294967295]",
                 .feature = "motion"},
                {.name = "string",
                 .syntax = "{\"type\": \"string\", \"value\": \"Ready\"}",
                 .meaning = "Any string (whitespace and \"\" included), "
                            "held.",
                 .feature = "motion"},
                {.name = "reference",
                 .syntax = "{\"type\": \"reference\", \"value\": \"dot\"}",
                 .meaning = "The id of a node of this scene, held; it swaps "
                            "nothing by itself.",
                 .feature = "motion"},
                {.name = "clock",
                 .syntax = "speed, quantize, work (timeline)",
                 .meaning = "Clock = directional start + stateTime x "
                            "timeline speed x state speed, folded into "
                            "work; the sample time goes down onto "
                            "floor(t*q)/q; a once state ends after "
                            "span/|speed|.",
                 .arguments = "speed any finite (negative starts at the "
                              "work end, 0 holds); quantize > 0; 0 <= "
                              "start < end <= duration.",
                 .example = "\"work\": [0.5, 1.5], \"speed\": -1",
                 .feature = "motion"},
                {.name = "control",
                 .syntax = "exit, exitFraction, exitNext, sync (transition); "
                           "hold, time (state)",
                 .meaning = "exit gates on source distance stateTime x "
                            "|speed|; exitNext waits for the next step/loop "
                            "boundary; sync starts the target at the "
                            "source's local time; hold keeps the entry "
                            "position; time (bind) seeks on change.",
                 .arguments = "exit in [0, work span]; exitFraction in "
                              "[0, 1]; exitNext step | loop with persistent "
                              "inputs only; sync within one timeline; hold "
                              "or time on play states.",
                 .example = "{\"when\": \"back\", \"to\": \"r\", "
                            "\"sync\": true}",
                 .feature = "motion"},
                {.name = "instance",
                 .syntax = "instance <name> <timeline> [mix]; timeline "
                           "<name> play|pause|stop|apply|seek|scrub|speed|"
                           "mix|advance|loop ...",
                 .meaning = "A runtime clock over a timeline (script and "
                            "anima/motion.h), mixed after the layers and "
                            "bindings in creation order: mix(incoming, "
                            "sample, weight); playing ones report events "
                            "with layer null.",
                 .arguments = "speed multiplies the timeline's; mix clamped "
                              "to [0, 1] (0 writes nothing); loop once | "
                              "loop | pingpong | authored; 32 per player.",
                 .example = "instance spin wave 0.5",
                 .feature = "motion"},
            },
        .notes = {"Declare \"requires\": [\"motion\"].",
                  "Channel keys hold: an ease other than hold is bad-ease.",
                  "In AniML a channel is <channel name type value/> inside "
                  "its node; value and string keys are JSON text.",
                  "Node pivotX, pivotY (AniML the same): the animatable "
                  "transform origin; omitted, pivot's component, else 0 "
                  "(anima schema node)."},
        .examples =
            {
                {"\"dot.y\": [[0, 0, \"value-cubic(0.25, 8, 0.75, 8)\"], "
                 "[1, 0]]",
                 "<track target=\"dot.y\">0 0 value-cubic(0.25, 8, 0.75, 8); "
                 "1 0</track>"},
                {"\"channels\": {\"label\": {\"type\": \"string\", "
                 "\"value\": \"Ready\"}}",
                 "<channel name=\"label\" type=\"string\" "
                 "value='\"Ready\"'/>"},
            },
        .fields = {"node.channels", "motion-channel.type",
                   "motion-channel.value", "timeline.speed",
                   "timeline.quantize", "timeline.work", "document.machines"},
        .codes = {"bad-ease", "motion-integer", "motion-reference",
                  "value-type", "undeclared-feature", "motion-work",
                  "motion-exit", "motion-sync", "motion-control", "bad-value",
                  "motion-instance", "motion-machine"},
    },
    {
        .names = {"pose", "poses"},
        .section = "SPEC §7, §8",
        .summary = "A state's fixed values {address: value}: a timeline of "
                   "one instant.",
        .grammar = {"JSON:  \"pose\": { \"<node-id>.<property>\": value, ... "
                    "}",
                    "AniML: <pose ADDRESS=\"value\" .../> inside <state>"},
        .notes = {"A state has exactly one of pose and play (state-kind); {} "
                  "or <pose/> writes nothing.",
                  "Keys are property addresses (below); AniML attribute "
                  "names may use the aliases (dot.fill for dot.fill.color).",
                  "A value has the property's type: a number, a hex colour "
                  "literal (not a slot) or a boolean.",
                  "A property the pose does not set blends back to the value "
                  "below the layer: for a single layer, its rest value."},
        .examples =
            {
                {"\"idle\": {\"pose\": {\"dot.scale\": 0}, \"on\": "
                 "[{\"when\": \"ring\", \"to\": \"ringing\"}]}",
                 "<state name=\"idle\"><pose dot.scale=\"0\"/><on "
                 "when=\"ring\" to=\"ringing\"/></state>"},
                {"\"pose\": {\"tilt.rotate\": -4, \"dot.fill.color\": "
                 "\"#ffffff\"}",
                 "<pose tilt.rotate=\"-4\" dot.fill=\"#ffffff\"/>"},
            },
        .fields = {"state.pose", "state.play"},
        .addresses = SCHEMA_GUIDE_ANIMATABLE_ADDRESSES,
        .codes = {"state-kind", "unknown-address", "not-animatable",
                  "value-type", "color-slot-animated"},
    },
    {
        .names = {"track", "tracks", "key", "keys", "keyframe", "keyframes"},
        .section = "SPEC §5",
        .summary = "A timeline track: the keys [time, value, ease?] of one "
                   "property address.",
        .grammar = {"JSON:  \"tracks\": { \"<node-id>.<property>\": [[time, "
                    "value, ease?], ...] }",
                    "AniML: <track target=\"ADDRESS\">time value ease?; time "
                    "value ease?; ...</track>",
                    "AniML: <track target=\"ADDRESS\"><key t=\"time\" "
                    "value=\"value\" ease=\"ease\"/>...</track>"},
        .items_title = "Key parts",
        .items =
            {
                {.name = "time",
                 .syntax = "time",
                 .meaning = "Seconds in [0, duration] (key-range), strictly "
                            "increasing (key-order).",
                 .example = "0.15"},
                {.name = "value",
                 .syntax = "value",
                 .meaning = "The property's type: a number, a hex colour "
                            "literal or a boolean (value-type).",
                 .example = "14"},
                {.name = "ease",
                 .syntax = "ease",
                 .meaning = "Optional; shapes the segment to the next key "
                            "(default linear). See `anima schema ease`.",
                 .example = "out"},
            },
        .notes = {"A track has at least one key (empty-track). Before the "
                  "first key it has the first value, after the last the "
                  "last.",
                  "Between keys i and i+1: u = (t - ti) / (ti+1 - ti), w = "
                  "ease of key i at u, value = vi + (vi+1 - vi) * w.",
                  "Colours interpolate per channel, alpha included, in "
                  "non-premultiplied sRGB; booleans keep the left key's "
                  "value.",
                  "In AniML track text a string with spaces or ; is written "
                  "as JSON: 0 \"M0 0L2 2\"."},
        .examples =
            {
                {"\"tracks\": {\"swing.rotate\": [[0, 0, \"out\"], [0.15, "
                 "14, \"inOut\"], [0.6, 0]]}",
                 "<track target=\"swing.rotate\">0 0 out; 0.15 14 inOut; 0.6 "
                 "0</track>"},
                {"\"tracks\": {\"dot.fill.color\": [[0, \"#ff0000\"], [1, "
                 "\"#00ff00\"]]}",
                 "<track target=\"dot.fill\"><key t=\"0\" "
                 "value=\"#ff0000\"/><key t=\"1\" "
                 "value=\"#00ff00\"/></track>"},
            },
        .fields = {"timeline.tracks", "timeline.duration", "timeline.loop"},
        .addresses = SCHEMA_GUIDE_ANIMATABLE_ADDRESSES,
        .codes = {"unknown-address", "not-animatable", "value-type",
                  "empty-track", "key-order", "key-range", "bad-ease",
                  "color-slot-animated"},
    },
    {
        .names = {"event", "events", "emit"},
        .section = "SPEC §5, §7, §8, §9",
        .summary = "Named events a document reports to its host: timeline "
                   "events and the emit of states and listeners.",
        .grammar = {"JSON:  \"events\": [[time, name], ...] in a timeline; "
                    "\"emit\": name on a state or listener",
                    "AniML: <event at=\"time\" name=\"name\"/> inside "
                    "<timeline>; emit=\"name\""},
        .notes = {"A timeline event is reported when playback crosses its "
                  "time, which lies in [0, duration] (key-range).",
                  "A state's emit is reported when the state is entered; a "
                  "listener's when it acts (layer null).",
                  "Names match ^[a-z][a-zA-Z0-9-]*$ (bad-name); names "
                  "starting with @ are built in (@limit).",
                  "`anima sample` snapshots list the events since the "
                  "previous snapshot as {name, layer, time}."},
        .examples =
            {
                {"\"events\": [[0.05, \"ding\"]]",
                 "<event at=\"0.05\" name=\"ding\"/>"},
                {"\"ringing\": {\"play\": \"ring\", \"emit\": \"rang\"}",
                 "<state name=\"ringing\" play=\"ring\" emit=\"rang\"/>"},
            },
        .fields = {"timeline.events", "state.emit", "listener.emit"},
        .codes = {"key-range", "bad-name"},
    },
    {
        .names = {"address", "addresses", "property", "properties"},
        .keywords = {"alias", "aliases", "target"},
        .section = "SPEC §4, §5, §11.2",
        .summary = "A property address names one value of one node: "
                   "<node-id>.<property>.",
        .grammar = {"address  := NODE-ID \".\" PROPERTY",
                    "PROPERTY := a JSON address below (stroke.trimEnd) or "
                    "its AniML alias (trimEnd)"},
        .items_title = "Spellings",
        .items =
            {
                {.name = "json",
                 .syntax = "<node-id>.<property>",
                 .meaning = "The JSON address: .ani tracks and poses, and "
                            "the keys of snapshots.",
                 .example = "ring.stroke.trimEnd"},
                {.name = "alias",
                 .syntax = "<node-id>.<alias>",
                 .meaning = "The AniML alias: AniML targets and pose "
                            "attributes, script snapshot and expect.",
                 .example = "ring.trimEnd"},
            },
        .notes = {"The node id may be any node of the document; the property "
                  "must apply to its type (a rect has w, a circle r).",
                  "An exact JSON address wins over an alias.",
                  "Static addresses exist but cannot be animated "
                  "(not-animatable); pivot is no address.",
                  "Scripts read addresses and inputs: `snapshot "
                  "ring.trimEnd hover`, `expect ring.r == 4`.",
                  "A * in a module's address stands for an index of a list "
                  "(no leading zeros) or a key of a map, and must exist on "
                  "the node: fill.stops.*.color is written "
                  "g.fill.stops.1.color."},
        .examples =
            {
                {"\"tracks\": {\"ring.stroke.trimEnd\": [[0, 0], [1, 1]]}",
                 "<track target=\"ring.trimEnd\">0 0; 1 1</track>"},
            },
        .addresses = SCHEMA_GUIDE_ALL_ADDRESSES,
        .codes = {"unknown-address", "not-animatable", "undeclared-feature"},
    },
    {
        .names = {"color", "colour", "colours", "slot", "slots"},
        .keywords = {"currentColor", "hex", "literal"},
        .section = "SPEC §6",
        .summary = "A paint colour is a declared slot name or a colour "
                   "literal.",
        .grammar = {"color := SLOT | #rgb | #rrggbb | #rrggbbaa | "
                    "currentColor   (hex digits in any case)",
                    "JSON:  \"colors\": {\"<slot>\": literal}; \"fill\": "
                    "{\"color\": color}",
                    "AniML: <color name=\"<slot>\" value=\"literal\"/>; "
                    "fill=\"color\" stroke=\"color\""},
        .items_title = "Forms",
        .items =
            {
                {.name = "slot",
                 .syntax = "<slot name>",
                 .meaning = "A slot declared in colors; drawn in the slot's "
                            "value unless the host overrides it (CLI: "
                            "--color slot=#hex).",
                 .example = "accent"},
                {.name = "#rgb",
                 .syntax = "#rgb",
                 .meaning = "Each digit doubled: #f80 is #ff8800.",
                 .example = "#f80"},
                {.name = "#rrggbb",
                 .syntax = "#rrggbb",
                 .meaning = "Opaque.",
                 .example = "#d97757"},
                {.name = "#rrggbbaa",
                 .syntax = "#rrggbbaa",
                 .meaning = "With alpha: 00 transparent to ff opaque.",
                 .example = "#d9775780"},
                {.name = "currentColor",
                 .syntax = "currentColor",
                 .meaning = "The host's current colour (CLI: --current #hex, "
                            "default black).",
                 .example = "currentColor"},
            },
        .notes = {"A slot's value is a literal or currentColor, never another "
                  "slot.",
                  "Slots are not animatable: a paint colour that a track or "
                  "pose writes has a hex literal as its document value, and "
                  "so has every key and pose value (color-slot-animated).",
                  "Colour tracks interpolate per channel, alpha included, in "
                  "non-premultiplied sRGB.",
                  "Tools print colours as lowercase #rrggbb, or #rrggbbaa "
                  "when alpha is not ff."},
        .examples =
            {
                {"\"colors\": {\"ink\": \"currentColor\", \"accent\": "
                 "\"#d97757\"}",
                 "<color name=\"ink\" value=\"currentColor\"/> <color "
                 "name=\"accent\" value=\"#d97757\"/>"},
                {"\"fill\": {\"color\": \"accent\"}, \"stroke\": {\"color\": "
                 "\"#00000080\", \"width\": 2}",
                 "fill=\"accent\" stroke=\"#00000080\" stroke-width=\"2\""},
            },
        .fields = {"document.colors"},
        .color_fields = true,
        .addresses = SCHEMA_GUIDE_COLOR_ADDRESSES,
        .codes = {"bad-color", "unknown-color-slot", "color-slot-animated"},
    },
};

#define GUIDE_COUNT (sizeof guides / sizeof guides[0])

size_t schema_guide_count(void) {
  return GUIDE_COUNT;
}

const schema_guide *schema_guide_at(size_t index) {
  return index < GUIDE_COUNT ? &guides[index] : NULL;
}

const schema_guide *schema_guide_find(const char *name) {
  for (size_t g = 0; g < GUIDE_COUNT; g++) {
    for (size_t n = 0; n < SCHEMA_GUIDE_NAMES && guides[g].names[n]; n++) {
      if (strcmp(guides[g].names[n], name) == 0) {
        return &guides[g];
      }
    }
  }
  return NULL;
}

static json_t *string_or_null(const char *text) {
  return text ? json_string(text) : json_null();
}

/* A JSON array of the strings of a NULL-terminated fixed list. */
static json_t *strings_json(const char *const *list, size_t capacity) {
  json_t *array = json_array();
  for (size_t i = 0; array && i < capacity && list[i]; i++) {
    json_array_append_new(array, json_string(list[i]));
  }
  return array;
}

json_t *schema_guide_topic_json(const schema_guide *guide) {
  json_t *topic = json_object();
  if (!topic) {
    return NULL;
  }
  json_object_set_new(topic, "name", json_string(guide->names[0]));
  json_object_set_new(topic, "type", json_string("guide"));
  json_object_set_new(topic, "names",
                      strings_json(guide->names, SCHEMA_GUIDE_NAMES));
  json_object_set_new(topic, "section", json_string(guide->section));
  json_object_set_new(topic, "description", json_string(guide->summary));
  return topic;
}

static json_t *items_json(const anima_registry *registry,
                          const schema_guide *guide) {
  json_t *items = json_array();
  for (size_t i = 0; items && i < SCHEMA_GUIDE_ITEMS && guide->items[i].name;
       i++) {
    const schema_guide_item *item = &guide->items[i];
    if (item->feature && !anima_registry_has_feature(registry, item->feature)) {
      continue;
    }
    json_t *entry = json_object();
    json_object_set_new(entry, "name", json_string(item->name));
    json_object_set_new(entry, "syntax", json_string(item->syntax));
    json_object_set_new(entry, "meaning", json_string(item->meaning));
    json_object_set_new(entry, "arguments", string_or_null(item->arguments));
    json_object_set_new(entry, "example", string_or_null(item->example));
    json_object_set_new(entry, "feature", string_or_null(item->feature));
    json_object_set_new(entry, "reserved", json_boolean(item->reserved));
    json_array_append_new(items, entry);
  }
  return items;
}

static json_t *examples_json(const schema_guide *guide) {
  json_t *examples = json_array();
  for (size_t i = 0; examples && i < SCHEMA_GUIDE_EXAMPLES &&
                     (guide->examples[i].json || guide->examples[i].animl);
       i++) {
    json_t *entry = json_object();
    json_object_set_new(entry, "json", string_or_null(guide->examples[i].json));
    json_object_set_new(entry, "animl",
                        string_or_null(guide->examples[i].animl));
    json_array_append_new(examples, entry);
  }
  return examples;
}

/* The field "owner.field" (JSON names), or NULL. */
static const anima_field *find_qualified(const anima_registry *registry,
                                         const char *qualified) {
  const char *dot = strchr(qualified, '.');
  char owner[64];
  if (!dot || (size_t)(dot - qualified) >= sizeof owner) {
    return NULL;
  }
  memcpy(owner, qualified, (size_t)(dot - qualified));
  owner[dot - qualified] = '\0';
  return anima_registry_find_field(registry, owner, dot + 1);
}

static void append_field(const anima_registry *registry,
                         const anima_field *field, bool animatable,
                         json_t *fields) {
  if (!animatable || schema_field_is_animatable(registry, field)) {
    json_array_append_new(fields, schema_field_json(registry, field));
  }
}

/* The named fields, then (with color_fields) every colour field the
 * registry has: each field registered by its own kind, and the value of
 * each map of colour scalars (the colour slots). */
static json_t *fields_json(const anima_registry *registry,
                           const schema_guide *guide, bool animatable) {
  json_t *fields = json_array();
  for (size_t i = 0; fields && i < SCHEMA_GUIDE_LINES && guide->fields[i];
       i++) {
    const anima_field *field = find_qualified(registry, guide->fields[i]);
    if (field) {
      append_field(registry, field, animatable, fields);
    }
  }
  size_t kind_count = anima_registry_kind_count(registry);
  for (size_t k = 0; fields && guide->color_fields && k < kind_count; k++) {
    const char *kind = anima_registry_kind(registry, k)->name;
    size_t count = 0;
    const anima_field *const *list =
        anima_registry_fields(registry, kind, &count);
    for (size_t f = 0; f < count; f++) {
      const anima_field *field = list[f];
      if (strcmp(field->owner, kind) != 0) {
        continue;
      }
      if (field->kind == ANIMA_FIELD_COLOR) {
        append_field(registry, field, animatable, fields);
      } else if (field->kind == ANIMA_FIELD_MAP && field->item_field &&
                 field->item_field->kind == ANIMA_FIELD_COLOR) {
        append_field(registry, field->item_field, animatable, fields);
      }
    }
  }
  return fields;
}

/* The node types property `id` applies to, in registry order. */
static json_t *node_types_json(const anima_registry *registry, size_t id) {
  json_t *types = json_array();
  size_t kind_count = anima_registry_kind_count(registry);
  for (size_t k = 0; types && k < kind_count; k++) {
    const anima_kind *kind = anima_registry_kind(registry, k);
    if ((kind->flags & ANIMA_KIND_NODE_TYPE) &&
        anima_registry_property_applies(registry, id, kind->name)) {
      json_array_append_new(types, json_string(kind->name));
    }
  }
  return types;
}

static json_t *addresses_json(const anima_registry *registry,
                              const schema_guide *guide, bool animatable) {
  json_t *addresses = json_array();
  size_t count = anima_registry_property_count(registry);
  animatable =
      animatable || guide->addresses == SCHEMA_GUIDE_ANIMATABLE_ADDRESSES;
  for (size_t id = 0; addresses && id < count; id++) {
    const anima_property *property = anima_registry_property(registry, id);
    bool wanted = guide->addresses == SCHEMA_GUIDE_ALL_ADDRESSES ||
                  guide->addresses == SCHEMA_GUIDE_ANIMATABLE_ADDRESSES ||
                  (guide->addresses == SCHEMA_GUIDE_COLOR_ADDRESSES &&
                   property->type == ANIMA_VALUE_COLOR);
    if (!wanted ||
        (animatable && property->animation == ANIMA_ANIMATION_NONE)) {
      continue;
    }
    json_t *entry = schema_property_json(property);
    if (entry) {
      json_object_set_new(entry, "owner", json_string(property->owner));
      json_object_set_new(entry, "nodeTypes", node_types_json(registry, id));
      json_object_set_new(
          entry, "description",
          json_string(property->description ? property->description : ""));
      json_array_append_new(addresses, entry);
    }
  }
  return addresses;
}

static json_t *codes_json(const anima_registry *registry,
                          const schema_guide *guide) {
  json_t *codes = json_array();
  for (size_t i = 0; codes && i < SCHEMA_GUIDE_CODES && guide->codes[i]; i++) {
    const anima_code *code =
        anima_registry_find_code(registry, guide->codes[i]);
    if (!code) {
      continue;
    }
    json_t *entry = json_object();
    json_object_set_new(entry, "code", json_string(code->code));
    json_object_set_new(entry, "severity",
                        json_string(anima_severity_name(code->severity)));
    json_object_set_new(
        entry, "description",
        json_string(code->description ? code->description : ""));
    json_array_append_new(codes, entry);
  }
  return codes;
}

json_t *schema_guide_json(const anima_registry *registry,
                          const schema_guide *guide, bool animatable) {
  json_t *result = json_object();
  if (!result) {
    return NULL;
  }
  json_object_set_new(result, "topic", schema_guide_topic_json(guide));
  json_object_set_new(result, "grammar",
                      strings_json(guide->grammar, SCHEMA_GUIDE_LINES));
  json_object_set_new(result, "itemsTitle", string_or_null(guide->items_title));
  json_object_set_new(result, "items", items_json(registry, guide));
  json_object_set_new(result, "notes",
                      strings_json(guide->notes, SCHEMA_GUIDE_LINES));
  json_object_set_new(result, "examples", examples_json(guide));
  json_object_set_new(result, "fields",
                      fields_json(registry, guide, animatable));
  json_object_set_new(result, "addresses",
                      addresses_json(registry, guide, animatable));
  json_object_set_new(result, "codes", codes_json(registry, guide));
  return result;
}
