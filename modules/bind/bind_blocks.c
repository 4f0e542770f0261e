/*
 * bind_blocks.c — the core machine's action blocks (SPEC bind, "The
 * existing core machine also accepts state `entry` and `exit` blocks and
 * transition `actions` blocks"): the registry entries. Each block is an
 * object with the listener's optional `fire`, `set`, `toggle` and `emit`
 * keys (kind "actions"); `entry`/`exit` need bind, `actions` bind or
 * machine. In AniML they are JSON attributes:
 * <state name="idle" entry='{"set":{"count":0}}'>. The kernel validates
 * their keys like a listener's, compiles them into action ranges and runs
 * them in the immediate order (kernel/player_layer.c).
 */
#include <math.h>

#include "bind.h"

#define FIELD(owner_, name_, kind_)                                            \
  .owner = owner_, .name = name_, .kind = kind_, .feature = BIND_FEATURE,      \
  .minimum = -INFINITY, .maximum = INFINITY
/* The block's own keys serve transition `actions`, which machine also
 * declares (SPEC machine "Actions and completion": literal machine groups
 * require only machine). */
#define BLOCK_FIELD(name_, kind_)                                              \
  .owner = "actions", .name = name_, .kind = kind_,                            \
  .feature = BIND_FEATURE "|machine", .minimum = -INFINITY,                    \
  .maximum = INFINITY

static const anima_kind_desc block_kind = {
    .name = "actions",
    .feature = BIND_FEATURE "|machine",
    .description = "An action block: fire, set, toggle, emit, run at once "
                   "as one snapshot action (SPEC bind)."};

static const anima_field_desc fields[] = {
    {BLOCK_FIELD("fire", ANIMA_FIELD_NAME_OR_NAMES),
     .description = "Trigger name or list to fire (pending at once)."},
    {BLOCK_FIELD("set", ANIMA_FIELD_CUSTOM), .markup_form = ANIMA_MARKUP_JSON,
     .description = "{input: value or expression} for bool and number "
                    "inputs, all read from one input snapshot."},
    {BLOCK_FIELD("toggle", ANIMA_FIELD_NAME_OR_NAMES),
     .description = "Bool input name or list to toggle."},
    {BLOCK_FIELD("emit", ANIMA_FIELD_NAME),
     .description = "An event to report (of the state's layer)."},
    {FIELD("state", "entry", ANIMA_FIELD_OBJECT), .item_kind = "actions",
     .markup_form = ANIMA_MARKUP_JSON,
     .description = "Actions run on entering the state, before its emit and "
                    "timeline events."},
    {FIELD("state", "exit", ANIMA_FIELD_OBJECT), .item_kind = "actions",
     .markup_form = ANIMA_MARKUP_JSON,
     .description = "Actions run on leaving the state (also on re-entry), "
                    "before the transition's actions."},
    {.owner = "transition",
     .name = "actions",
     .kind = ANIMA_FIELD_OBJECT,
     .feature = BIND_FEATURE "|machine",
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .item_kind = "actions",
     .markup_form = ANIMA_MARKUP_JSON,
     .description = "Actions run when the transition is taken, after the "
                    "source's exit and before the target's entry."},
};

anima_status bind_register_blocks(anima_registrar *registrar) {
  anima_status status = bind_host->add_kind(registrar, &block_kind);
  ANIMA_ADD_EACH(status, bind_host->add_field, registrar, fields);
  return status;
}
