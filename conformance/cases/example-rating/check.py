#!/usr/bin/env python3
"""Independent numbers for example-rating (see WHY.md): the star bindings
(SPEC bind: mod with the divisor's sign, a bool weight in colour mix), the
medal's 1D blend over `count` (SPEC machine "Blends and bound data", SPEC §5
colour interpolation), the burst timeline and the milestone guard
`count > 0 and mod(count, 5) == 0` with its event payload (SPEC events).
Prints expected.jsonl."""
import json, math

GREY, GOLD = (0xD5, 0xD8, 0xDC), (0xF2, 0xB0, 0x1E)
# The blend's children: (at, colour, scale) of plain, bronze, silver, gold.
LEVELS = [(0, (0x9A, 0xA0, 0xA6), 0.7), (5, (0xCD, 0x7F, 0x32), 0.8),
          (10, (0xA8, 0xB4, 0xC0), 0.9), (15, (0xF2, 0xB0, 0x1E), 1.0)]


def mod(a, b):
    """SPEC bind: a - b*floor(a/b), the divisor's sign; a zero divisor gives 0."""
    return 0 if b == 0 else a - b * math.floor(a / b)


def hexa(c):
    return "#%02x%02x%02x" % c


def mix_colour(a, b, w):
    """SPEC §5: c = a + (b - a)*w per channel, round(c) = floor(c + 0.5), clamp 0..255."""
    return tuple(max(0, min(255, math.floor(x + (y - x) * w + 0.5))) for x, y in zip(a, b))


def stars(count):
    """star-k: mix(grey, gold, min(count, mod(count - 1, 5) + 1) >= k), a bool weight 0/1."""
    in_round = min(count, mod(count - 1, 5) + 1)
    return {f"star-{k}.fill.color": hexa(mix_colour(GREY, GOLD, 1 if in_round >= k else 0))
            for k in range(1, 6)}


def medal(count):
    """1D blend: the axis clamped to [0, 15], the two neighbouring children interpolated."""
    axis = max(LEVELS[0][0], min(LEVELS[-1][0], count))
    for (at0, c0, s0), (at1, c1, s1) in zip(LEVELS, LEVELS[1:]):
        if at0 <= axis <= at1:
            w = (axis - at0) / (at1 - at0)
            return {"medal.fill.color": hexa(mix_colour(c0, c1, w)),
                    "medal.scale": round(s0 + (s1 - s0) * w, 9)}
    raise AssertionError(axis)


def burst(t):
    """The burst (0.6 s, linear): opacity 1 -> 0, scale 0.7 -> 1.3; t is cheer's state time."""
    p = min(t, 0.6) / 0.6
    return {"rays.opacity": round(1 - p, 9), "rays.scale": round(0.7 + 0.6 * p, 9)}


REST_RAYS = {"rays.opacity": 0, "rays.scale": 1}  # the authored group (idle writes nothing)


def milestone_guard(count):
    return count > 0 and mod(count, 5) == 0


def signals(layer, source, target):
    return [{"name": "@state-end", "layer": layer, "time": 0, "payload": {"state": source}},
            {"name": "@transition-start", "layer": layer, "time": 0, "payload": {"state": target}},
            {"name": "@transition-end", "layer": layer, "time": 0, "payload": {"state": target}}]


def full(count, cheer_time):
    values = {"count": count}
    values.update(stars(count))
    values.update(medal(count))
    values.update(burst(cheer_time) if cheer_time is not None else REST_RAYS)
    return values


def line(time, values, milestone, events, settled):
    return json.dumps({"time": time, "values": values,
                       "states": {"keys": "ready", "level": "medal", "milestone": milestone},
                       "events": events, "settled": settled})


# The milestone layer, count by count: enter `cheer` exactly where the guard holds, leave it
# at the next count (mod != 0). Collect the events each count reports.
def step_events(previous_state, count):
    if previous_state == "idle" and milestone_guard(count):
        return "cheer", signals("milestone", "idle", "cheer") + [
            {"name": "milestone", "layer": "milestone", "time": 0, "payload": {"count": count}}]
    if previous_state == "cheer" and mod(count, 5) != 0:
        return "idle", signals("milestone", "cheer", "idle")
    return previous_state, []


state = "idle"
fired = []


def count_to(start, end):
    """Clicks from start+1 to end; returns the events reported on the way."""
    global state
    events = []
    for count in range(start + 1, end + 1):
        state, new = step_events(state, count)
        events += new
        fired.extend(e["payload"]["count"] for e in new if e["name"] == "milestone")
    return events


out = []
# New player: resolved values (SPEC §7), no events, settled false.
out.append(line(0, full(0, None), "idle", [], False))
# Clicks 1-4 (steps at 0): the blend's once children at time 0 can still move: not settled.
e = count_to(0, 4)
out.append(line(0, full(4, None), state, e, False))
# Click 5: the first milestone; the burst at time 0.
e = count_to(4, 5)
out.append(line(0, full(5, 0.0), state, e, False))
# advance 0.3: burst half way (still moving).
out.append(line(0.3, {"count": 5, **burst(0.3)}, state, [], False))
# Click 6: back to idle; the children ended at 0.25 and idle writes nothing: settled.
e = count_to(5, 6)
out.append(line(0.3, full(6, None), state, e, True))
# Clicks 7-9: nothing reported.
e = count_to(6, 9)
out.append(line(0.3, full(9, None), state, e, True))
# key down Enter: `tap` re-enters `ready` through the any state (its signals); the increment is
# queued for the next step: count stays 9 and the pending action keeps the player unsettled.
out.append(line(0.3, {"count": 9}, state, signals("keys", "ready", "ready"), False))
# advance 0: the queued set applies: count 10, the second milestone.
e = count_to(9, 10)
out.append(line(0.3, full(10, 0.0), state, e, False))
# Clicks 11-14: leave cheer at 11 (rays back to rest), nothing else.
e = count_to(10, 14)
out.append(line(0.3, full(14, None), state, e, True))
# Click 15: the third milestone; gold.
e = count_to(14, 15)
out.append(line(0.3, full(15, 0.0), state, e, False))
# advance 0.6 in 2: the burst at its end (once): nothing can move.
out.append(line(0.9, {"count": 15, **burst(0.6)}, state, [], True))
# Click 16: the next round; the axis clamps at 15 (gold stays).
e = count_to(15, 16)
out.append(line(0.9, full(16, None), state, e, True))

assert fired == [5, 10, 15], fired
for text in out:
    print(text)
