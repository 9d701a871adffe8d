"""Small facts the rules modules share: which units are where, who is an enemy, how fast a force may move in an
impulse, the anti-air and anti-sub factors of a task force, the table lookups, and damage with its victory points.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from leyte.core.errors import LeyteError
from leyte.core.game import Context
from leyte.rulebooks.naval_chess.data import ALLIED_SEATS, CARRIERS, SEATS, SIDE_OF, Cell, data
from leyte.rulebooks.naval_chess.state import State

ALL = None  # an event everyone sees


def allied(seat: str) -> bool:
    return SIDE_OF[seat] == "Allies"


def enemies_of(seat: str) -> tuple[str, ...]:
    return ALLIED_SEATS if seat == "IJN" else ("IJN",)


def friends_of(seat: str) -> tuple[str, ...]:
    return ALLIED_SEATS if allied(seat) else ("IJN",)


def unit_name(uid: str) -> str:
    return data().units[uid].name


def cls(uid: str) -> str:
    return data().units[uid].cls


def at(st: State, label: str, seats: Iterable[str] = SEATS, kinds: Iterable[str] = ("ship", "sub", "pt")) -> list[str]:
    """Ids of afloat units in a hex, of the given seats and kinds, in id order."""
    D = data()
    seats, kinds = set(seats), set(kinds)
    return sorted(u.id for u in st.units.values()
                  if u.loc == label and u.seat in seats and D.units[u.id].kind in kinds)  # air units' loc is "ready"


def surface_at(st: State, label: str, seats: Iterable[str]) -> list[str]:
    return at(st, label, seats, ("ship",))


def speed_class(st: State, uid: str) -> str:
    """A ship's speed now: Damaged ships move only in the Morning (R-7); an unsupplied ship at most Slow (VI.C)."""
    u = st.units[uid]
    ud = data().units[uid]
    if ud.kind == "sub":
        return "SS"
    if u.damaged:
        return "D"
    sp = ud.speed
    if not u.supplied and sp in ("F", ""):
        return "S"
    return sp


_MOVES = {
    "F": ("morning", "afternoon", "before_midnight", "after_midnight"),
    "": ("morning", "afternoon", "after_midnight"),
    "S": ("afternoon", "after_midnight"),
    "D": ("morning",),
    "SS": ("after_midnight",),
    "PT": ("morning", "afternoon", "after_midnight"),
}


def may_move(speed: str, impulse: str, day: int) -> bool:
    """The speed grid of VI.B.1.a (RULINGS R-5 to R-7): Very Slow moves After Midnight, and in the Afternoon of
    even-numbered days."""
    if speed == "VS":
        return impulse == "after_midnight" or (impulse == "afternoon" and day % 2 == 0)
    return impulse in _MOVES[speed]


def unit_may_move(st: State, uid: str, impulse: str) -> bool:
    if data().units[uid].kind == "pt":
        return may_move("PT", impulse, st.day)
    return may_move(speed_class(st, uid), impulse, st.day)


def marker_may_move(st: State, label: str, impulse: str) -> bool:
    """A task force moves at its slowest ship; a dummy may move in any impulse."""
    m = st.markers[label]
    return all(unit_may_move(st, u, impulse) for u in m.units)


def home_harbor(seat: str, label: str) -> bool:
    D = data()
    if allied(seat):
        return D.has(label, "anchorage")
    return D.has(label, "harbor")


def roll_cell(col: str, roll: int) -> Cell:
    return data().anti_ship[col][max(1, min(6, roll))]  # modified rolls above 6 read row 6


def loss_needs(code: str) -> int:
    """How many X factors a loss entry needs (R-21); 0 means no loss on this row."""
    return 0 if code == "-" else len(code)


def task_force(st: State, uid: str) -> list[str]:
    """The task force a ship belongs to (R-24): its IJN marker's units, or its Allied seat's ships in the hex."""
    u = st.units[uid]
    if u.seat == "IJN":
        m = st.markers.get(u.marker)
        return [x for x in m.units if st.units[x].loc == u.loc] if m else [uid]
    return surface_at(st, u.loc, (u.seat,))


def in_strait(label: str) -> bool:
    return data().terrain(label) == "strait"


def asw_factors(st: State, uid: str, night: bool) -> int:
    """VI.B.1.b.2.a: one factor for the task force's escorts, one more for an Undamaged carrier (not a CVB) in it
    by day (none in Surigao Strait); at most two."""
    f = 1
    if not night and not in_strait(st.units[uid].loc):
        if any(cls(x) in CARRIERS and not st.units[x].damaged for x in task_force(st, uid)):
            f += 1
    return min(f, data().constant("asw_max"))


def aa_factors(st: State, uid: str, extended: bool) -> int:
    """VI.B.1.b.2.b: one for the target's task force's guns; one for each carrier (not CVB), Damaged or not —
    every Allied carrier in the hex for an Allied target, only its own task force's for an IJN target; one more
    against an extended-range strike. Carriers in Surigao Strait add nothing."""
    u = st.units[uid]
    f = 1
    if not in_strait(u.loc):
        pool = surface_at(st, u.loc, ALLIED_SEATS) if allied(u.seat) else task_force(st, uid)
        f += sum(1 for x in pool if cls(x) in CARRIERS)
    return f + (1 if extended else 0)


def vp_value(uid: str) -> int:
    D = data()
    ud = D.units[uid]
    if ud.kind == "air":
        key = "air_strong" if ud.strength == "strong" else "air_weak"
        return D.vp[key]
    return D.vp[ud.cls]


def score(st: State, ctx: Context, points: int, reason: str, rule: str, now: bool = False) -> None:
    """Victory points to the Allies (negative: to Japan). They are tallied after the night (VI.C), so an entry waits
    in the ledger until ``publish_vp`` unless ``now`` (a scoring everyone sees at once, like the Unryu option)."""
    st.ledger.append({"day": st.day, "vp": points, "reason": reason, "rule": rule, "published": False})
    if now:
        publish_vp(st, ctx)


def publish_vp(st: State, ctx: Context) -> None:
    """VI.C: the tally — every waiting ledger entry is added to the Allied total and announced to all."""
    for e in st.ledger:
        if e["published"]:
            continue
        e["published"] = True
        st.allied_vp += e["vp"]
        ctx.emit(e["rule"], f"Victory points: {e['vp']:+d} to the Allies ({e['reason']}); Allied total "
                 f"{st.allied_vp}", kind="vp", data={"vp": e["vp"], "total": st.allied_vp})


def public_name(st: State, uid: str, viewer_side: str) -> str:
    """How a unit is named to the other side once it is detected: its name and class."""
    return f"{unit_name(uid)} ({cls(uid)})"


def sink(st: State, ctx: Context, uid: str, rule: str, visible: tuple[str, ...] | None) -> None:
    """A unit is sunk (or an air unit destroyed): off the board, VP to the other side (IV; only sinkings score),
    and the air unit on a sunk carrier goes down with it unless it is in the air (VI.B.1.b.2.b)."""
    u = st.units[uid]
    u.loc = "sunk"
    u.damaged = u.anchored = False
    if u.marker and u.marker in st.markers:
        m = st.markers[u.marker]
        m.units.remove(uid)
        u.marker = ""
        if not m.units:  # a task force sunk to the last ship: its marker leaves the board like a lifted dummy
            remove_marker(st, ctx, m.label, rule)
    value = vp_value(uid)
    score(st, ctx, value if u.seat == "IJN" else -value, f"{ledger_name(uid)} lost", "IV")
    for a in st.units.values():
        if a.base == uid and a.loc != "sunk" and not a.airborne:  # a unit in the air survives its carrier
            a.loc = "sunk"
            ctx.emit(rule, f"{air_label(a.id)} goes down with its carrier", kind="air_lost", visible=visible)
            value = vp_value(a.id)
            score(st, ctx, value if a.seat == "IJN" else -value, f"{ledger_name(a.id)} lost", "IV")
    for pt in st.units.values():
        if pt.loc == f"aboard:{uid}":
            sink(st, ctx, pt.id, rule, visible)


def ledger_name(uid: str) -> str:
    """How the public tally names a lost unit: a ship by name and class (its loss is known to all at the tally,
    R-41), an air unit only by side and kind (R-45: its name would tell which carrier group it flew from)."""
    ud = data().units[uid]
    if ud.kind == "air":
        return air_label(uid).removeprefix("an ")
    return f"{ud.name} ({ud.cls})"


def air_label(uid: str) -> str:
    """An air unit as the enemy sees it: its side, kind and strength, never the carrier or group it belongs to."""
    ud = data().units[uid]
    side = "IJN" if ud.seat == "IJN" else "Allied"
    kind = {"naval": "naval", "land": "land-based", "seaplane": "seaplane", "kamikaze": "Kamikaze"}[ud.cls]
    return f"an {side} {kind} air unit"


def apply_result(st: State, ctx: Context, uid: str, result: str, rule: str, visible: tuple[str, ...] | None,
                 text_prefix: str, detail: dict[str, Any] | None = None) -> str:
    """Apply a result code (damage note of VI.B.1.b.2): D damages but never sinks a Damaged ship; DS damages, or
    sinks a Damaged one; S sinks; "D1-3/DS4-6" rolls again. Returns what happened.

    ``detail`` (the table column, the raw roll, the row read, the loss entry and the defenders' factors) goes into
    the event's data, so a reader of the log can check every number of the attack, not only its outcome."""
    u = st.units[uid]
    code = result
    if result == "D1-3/DS4-6":
        r = ctx.roll("d6", purpose="second roll: D on 1-3, DS on 4-6", rule=rule, visible=visible)
        result = "D" if r.final <= 3 else "DS"
    if result == "-":
        outcome = "no effect"
    elif result == "S" or (result == "DS" and u.damaged):
        outcome = "sunk"
    elif result in ("D", "DS"):
        outcome = "already damaged" if u.damaged else "damaged"
        u.damaged = True
    else:
        raise LeyteError(f"unknown result code {result!r}")
    data_ = {**(detail or {}), "target": uid, "cell": code, "result": result, "outcome": outcome}
    seats = SEATS if visible is None else visible
    blind = tuple(s for s in seats if not knows(st, s, uid))
    if not blind:
        ctx.emit(rule, f"{text_prefix}: {result} — {outcome}", kind="hit", data=data_, visible=visible)
    else:  # those who have not identified the target learn what happened to "a ship unit", not which
        ctx.emit(rule, f"{text_prefix}: {result} — {outcome}", kind="hit", data=data_,
                 visible=tuple(s for s in seats if s not in blind))
        masked = {**{k: v for k, v in data_.items() if k != "target"}, "masked": True}  # the umpire skips it
        ctx.emit(rule, f"{text_prefix.replace(unit_name(uid), masked_name(st, uid))}: {result} — {outcome}",
                 kind="hit", data=masked, visible=blind)
    if outcome == "sunk":
        sink(st, ctx, uid, rule, visible)
    return outcome


def knows(st: State, seat: str, uid: str) -> bool:
    """Has ``seat`` identified unit ``uid``: its own side's, or detected today (its marker, for an IJN unit)."""
    u = st.units[uid]
    if allied(u.seat) == allied(seat):
        return True
    if seat == "IJN":
        return detected_by(st, "IJN", uid)
    return bool(u.marker) and detected_by(st, seat, u.marker)


def masked_name(st: State, uid: str) -> str:
    """A unit as someone who has not identified it names it (R-45)."""
    u = st.units[uid]
    if u.seat == "IJN":
        return f"a ship unit of marker {u.marker}" if u.marker else "an IJN ship unit"
    return "an Allied ship unit"


def detect(st: State, seat: str, thing: str) -> bool:
    """Mark a marker (for Allied seats) or an Allied unit (for the IJN) as seen by ``seat`` today; True if new.
    Whatever it shows is also added to what the seat has ever identified (``identified``), which outlasts the day."""
    ever = st.identified.setdefault(seat, [])
    for uid in (st.markers[thing].units if thing in st.markers else [thing]):
        if uid not in ever:
            ever.append(uid)
    seen = st.seen(seat)
    if thing in seen:
        return False
    seen.append(thing)
    return True


def detected_by(st: State, seat: str, thing: str) -> bool:
    return thing in st.detected.get(seat, ())


def composition(st: State, label: str) -> list[dict[str, Any]]:
    return [{"id": x, "name": unit_name(x), "class": cls(x), "damaged": st.units[x].damaged}
            for x in st.markers[label].units]


def describe_marker(st: State, label: str) -> str:
    units = st.markers[label].units
    if not units:
        return f"marker {label}: no ships (a dummy)"
    return f"marker {label}: " + ", ".join(f"{unit_name(x)} ({cls(x)}{', damaged' if st.units[x].damaged else ''})"
                                           for x in units)


def remove_marker(st: State, ctx: Context, label: str, rule: str) -> None:
    m = st.markers.pop(label)
    st.marker_pool.append(label)
    st.marker_pool.sort(key=lambda x: int(x[1:]))
    for seat in ALLIED_SEATS:
        if label in st.detected.get(seat, []):
            st.detected[seat].remove(label)
    where = "off the map" if m.loc.startswith("off:") else m.loc
    ctx.emit(rule, f"IJN marker {label} at {where} is taken off the board", kind="marker_gone",
             data={"marker": label, "hex": m.loc})


def draw_label(st: State, ctx: Context, rule: str) -> str:
    """A fresh IJN marker label, drawn at random from the free ones (R-15) so it tells nothing. The draw uses the
    game's seeded generator but never the scripted dice of a worked example, which hold only the rulebook's rolls."""
    i = ctx.dice.randbelow(len(st.marker_pool))
    return st.marker_pool.pop(i)  # bookkeeping, not news: the IJN's log shows the marker itself


# -- who is where, shared by the combat steps (combat, submarines, air, surface) --------------------------------------

IJN = ("IJN",)  # the Japanese seat, as a tuple of enemy seats for an Allied unit


def night(st: State) -> bool:
    """The two night impulses: surface battles open with a surprise roll and air does not fly (VI.B.2.b)."""
    return st.impulse in ("before_midnight", "after_midnight")


def seats_in(st: State, label: str, kinds: tuple[str, ...] = ("ship", "sub", "pt")) -> list[str]:
    """The seats with a unit of one of ``kinds`` in hex ``label``, in seat order."""
    D = data()
    return [s for s in SEATS if any(u.loc == label and u.seat == s and D.units[u.id].kind in kinds
                                    for u in st.units.values())]


def witnesses(st: State, label: str) -> tuple[str, ...]:
    """Who sees what happens in a hex: every seat with a unit there (a battle's events go to them alone)."""
    return tuple(seats_in(st, label))


def contact(st: State, label: str) -> bool:
    """Whether the Japanese and at least one Allied seat share hex ``label``, so combat happens there."""
    seats = seats_in(st, label)
    return "IJN" in seats and any(s in seats for s in ALLIED_SEATS)


def label_key(label: str) -> tuple[int, int]:
    """Sort key for hex labels such as "F6" (letter, then number), so hexes are fought in a fixed order."""
    return (ord(label[0]), int(label[1:]))
