"""A drawn TG or TF acts (6.0, 7.0, 8.0) and damaged detached units go home (7.3, 4.3).

Ruling R-1 fixes the order of an activation: search, then move, then air strikes.

- Search (6.0-6.5): a real formation pushes ``clash_search`` (``side``, ``formation``) by day, and at night only
  when an enemy shares its hex (6.2; air search is day only, 6.3). A dummy never searches (6.5).
- Movement (7.1, 7.2): hex by hex through sea hexes, up to the slowest ship's MPs on this turn's parity (split
  speeds: left on odd turns, right on even), less the -1/-2 MP markers of 7.2 (the largest among a TF's TGs, used
  up by this move); a dummy moves at most 4 (3.1.6). A TF moves with all its TGs (3.2.3). Entering a hex with enemy
  units ends the move (7.1): the mover searches there (6.2, ruling R-1) and, when both sides have ships in the hex,
  ``clash_surface_battle`` follows (``hex``, ``attacker``, ``formations``; 12.0 decides if a battle is fought, R-2).
  Limits: two friendly TGs a hex outside a TF (3.3), and TGs of a hex crowded at the end of the Initial Phase must
  leave it (3.3); Cautious Spruance keeps TF 58 and its TGs within nine hexes of Saipan until turn 9 (16.1.4);
  Decisive Battle Mentality bars every IJN move west while an IJN carrier air unit is still Ready, i.e. until all
  carrier air has struck (16.1.4, ruling R-35).
- Air strikes (8.0): by day only (ruling R-9), a TG of the formation launches from its Ready box at a hex holding an
  enemy formation its carrier channel has detected (6.3.1, ruling R-41) within its aircraft's reach (8.1); the TG
  attacked is drawn at random among the detected enemy TGs in that hex (8.0). The strike itself is Imperial
  Sunset's (``strike_compose`` and the frames after it) under Clash's family switches.

What this module does not decide: whether a search finds anything (``search``), a surface battle (``surface``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from leyte.core.cases import own
from leyte.core.errors import IllegalAction
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.clash import state, submarines
from leyte.rulebooks.clash.engine import ask, frame, opt, pop, push, push_many
from leyte.rulebooks.imperial_sunset.air_ops import can_bomb, in_range, may_extend, tf_units
from leyte.rulebooks.imperial_sunset.common import dist, has_live_ships, is_day, live_ships, ship_speed
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.movement import side_blocked
from leyte.rulebooks.imperial_sunset.state import State, TFState

PRINTED = {"dummy.speed": 4, "air_attack.mp_loss_max": 2}  # 3.1.6, 7.2: for a data folder that lacks the constant
EXIT_EDGES = {"USN": ("east", "south"), "IJN": ("west", "north")}  # 7.3


def can_sail(D: ISData, a: str, b: str) -> bool:
    """Whether ships may pass from hex ``a`` to the adjacent ``b``: any hex but a land one (ruling M-2: island hexes
    are water with an island in them, and ships enter them), through an open hexside."""
    m = D.map
    return m.terrain(m.hex(b)) != "land" and not side_blocked(D, a, b)


def constant(D: ISData, key: str) -> int:
    """A constant from the data folder, or the number the rulebook prints where the folder has no row for it."""
    row = D.mods.get(key)
    return int(row.value) if row is not None else PRINTED[key]


# -- the formation behind a marker -------------------------------------------------------------------------------


def members(st: State, marker: str) -> list[TFState]:
    """The TGs a marker moves: a TF's TGs (3.2.3) or the TG itself."""
    if marker in state.extras(st)["tfs"]:
        return state.tgs_of(st, marker)
    t = st.tfs.get(marker)
    return [t] if t is not None and t.in_play else []


def formation_hex(st: State, marker: str) -> str | None:
    tf = state.extras(st)["tfs"].get(marker)
    if tf is not None:
        return str(tf["hex"])
    t = st.tfs.get(marker)
    return t.hex if t is not None else None


def formation_name(st: State, marker: str) -> str:
    tf = state.extras(st)["tfs"].get(marker)
    return str(tf["name"]) if tf is not None else st.tfs[marker].name


def is_dummy(st: State, marker: str) -> bool:
    tgs = members(st, marker)
    return bool(tgs) and all(t.dummy for t in tgs)


def speed(st: State, marker: str) -> int:
    """7.1: the slowest naval unit's MPs on this turn's parity (damage slows a ship, 9.0); a dummy moves 4 (3.1.6)."""
    speeds: list[int] = []
    for t in members(st, marker):
        if t.dummy:
            speeds.append(constant(st.data, "dummy.speed"))
        else:
            speeds += [ship_speed(st, s) for s in live_ships(st, t)]
    return min(speeds) if speeds else 0


def mp_penalty(st: State, marker: str) -> int:
    """7.2: the -1/-2 MP markers on the formation (a TF carries the largest of its TGs'), at most 2."""
    worst = max((t.mp_markers for t in members(st, marker)), default=0)
    return min(worst, constant(st.data, "air_attack.mp_loss_max"))


def move_to(st: State, marker: str, to: str) -> None:
    if marker in state.extras(st)["tfs"]:
        state.move_tf(st, marker, to)
    else:
        st.tfs[marker].hex = to


# -- where enemies are --------------------------------------------------------------------------------------------


def enemy_tgs_at(st: State, hex_label: str, side: str) -> list[TFState]:
    return [t for t in state.tgs(st) if t.side != side and t.hex == hex_label]


def enemy_ships_alone_at(st: State, hex_label: str, side: str) -> list[str]:
    """Detached damaged enemy ships (3.4) in a hex."""
    return sorted(s.id for s in st.ships.values() if s.independent and s.side != side and s.hex == hex_label
                  and not s.sunk and not s.exited)


def enemy_at(st: State, hex_label: str, side: str) -> bool:
    return bool(enemy_tgs_at(st, hex_label, side) or enemy_ships_alone_at(st, hex_label, side))


def _top_level_ids(st: State, tgs: list[TFState]) -> list[str]:
    parents = state.extras(st)["parent_tf"]
    return sorted({parents.get(t.id, t.id) for t in tgs})


# -- an activation ------------------------------------------------------------------------------------------------


def night_bonus(st: State, full: int) -> int:
    """15.4 (option ``night_movement``): the extra MP every formation and detached ship has on a night turn; none by
    day, without the option, or for a unit that cannot move at all (ruling R-72)."""
    if not st.options.get("night_movement") or is_day(st) or full <= 0:
        return 0
    return constant(st.data, "night.extra_mp")


def reorg_cost(st: State, marker: str) -> int:
    """15.5 (option ``reorganisation_cost``): the MP a formation loses because one of its TGs was formed, or took
    ships from a TG that was disbanded, in this turn's Initial Phase (``TFState.reorganized``; ruling R-73)."""
    if not st.options.get("reorganisation_cost") or not any(t.reorganized for t in members(st, marker)):
        return 0
    return constant(st.data, "reorganize.mp_loss")


def begin(st: State, marker: str, ctx: Context, *, by_chit: bool = False) -> None:
    """Activate a TG or TF: work out its MPs (7.1, 7.2; 15.4 and 15.5 when those options are on), then search, move
    and strike (ruling R-1)."""
    side = state.extras(st)["tfs"][marker]["side"] if marker in state.extras(st)["tfs"] else st.tfs[marker].side
    full = speed(st, marker)
    night = night_bonus(st, full)
    reorg = reorg_cost(st, marker)
    markers = mp_penalty(st, marker)
    # the 15.5 marker adds to the 7.2 markers; together they never take more than the largest marker, -2
    penalty = min(min(markers + reorg, constant(st.data, "air_attack.mp_loss_max")), full + night)
    mp = full + night - penalty
    for t in members(st, marker):
        t.activated = True
        t.mp_markers = 0  # 7.2: the markers count on the next move only
        t.reorganized = False  # 15.5: so is the reorganisation marker
    data: dict[str, Any] = {"formation": marker, "speed": full, "penalty": penalty, "mp": mp}
    extra: dict[str, Any] = {}
    if night:
        data["night"] = night
    if reorg:
        data["reorganised"] = reorg
    if night or reorg:  # the standard game's frame and events stay exactly as they were
        extra["mp_rule"] = "15.5" if reorg else "15.4"
    text = f"{formation_name(st, marker)} has {full} MP"
    text += f", plus {night} on a night turn (15.4)" if night else ""
    text += (f", less {penalty} for its -MP marker" + (" (reorganised this turn, 15.5)" if reorg else "")
             if penalty else "")
    ctx.emit(own("7.1"), f"{text} = {mp}", kind="mp", data=data, visible=(side,))
    push(st, "clash_activate", formation=marker, side=side, mp=mp, start=formation_hex(st, marker),
         path=[formation_hex(st, marker)], stage="search", by_chit=by_chit, **extra)


def spruance_rule(st: State, marker: str) -> dict[str, Any] | None:
    """16.1.4 Cautious Spruance, if it binds this formation now (TF 58 or one of its TGs, before the lifting turn)."""
    rule = st.flags.get("special_rules", {}).get("cautious-spruance")
    if not rule or st.turn >= int(rule.get("lifted_on_turn", 0)):
        return None
    bound = {str(rule.get("task_force", ""))} | {str(t) for t in rule.get("task_groups", [])}
    parents = state.extras(st)["parent_tf"]
    ids = {marker} | {t.id for t in members(st, marker)} | {parents.get(t.id, "") for t in members(st, marker)}
    return rule if ids & bound else None


def carrier_air_ready(st: State) -> list[str]:
    """IJN carrier-based air units still in a Ready box (16.1.4: the ban on moving west lasts while any is)."""
    return sorted(a.id for a in st.air.values() if a.side == "IJN" and a.parent in st.ships and a.box == "ready"
                  and not st.ships[a.parent].sunk)


def decisive_battle_binds(st: State, side: str) -> bool:
    rule = st.flags.get("special_rules", {}).get("decisive-battle-mentality")
    return bool(side == "IJN" and rule and rule.get("no_move_west_until_all_carrier_air_struck", True)
                and carrier_air_ready(st))


def decisive_rule(st: State) -> dict[str, Any] | None:
    """16.1.4 Decisive Battle Mentality while its dates last (ruling R-35: 18 and 19 June, turns 1-8)."""
    rule = st.flags.get("special_rules", {}).get("decisive-battle-mentality")
    date = str(st.flags.get("turn_info", {}).get("date", ""))
    return rule if rule and date in [str(d) for d in rule.get("dates", [])] else None


def _carriers(st: State, t: TFState) -> int:
    return sum(1 for s in live_ships(st, t) if st.data.ships[s].type in ("CV", "CVL"))


def decisive_targets(st: State, fr: dict[str, Any]) -> tuple[list[str], list[str]]:
    """R-35: the detected USN TGs with three or more carriers (hexes), and this IJN formation's Ready carrier units
    that can reach one of them."""
    rule = decisive_rule(st)
    if rule is None or fr["side"] != "IJN" or not is_day(st):
        return [], []
    least = int(rule.get("target_carriers_min", 3))
    hexes = [h for h, ids in _detected_hexes(st, "IJN").items() if any(_carriers(st, st.tfs[i]) >= least
                                                                        for i in ids)]
    with launching_from(st, fr):  # 15.3: reach counts from the launch hex
        units = sorted(a for t in _launchers(st, fr["formation"]) for a in tf_units(st, t)
                       if can_bomb(st, a) and any(in_range(st, a, h) for h in hexes))
    return hexes, units


def _decisive_open(st: State, fr: dict[str, Any]) -> None:
    """R-35, at the start of an IJN strike step: note the chance, and which Ready units were able to take it."""
    hexes, units = decisive_targets(st, fr)
    if units:
        fr["decisive"] = {"hexes": hexes, "units": units, "struck": False}
        st.flags.setdefault("decisive_battle", {})["chance"] = True


def _decisive_close(st: State, fr: dict[str, Any], ctx: Context) -> None:
    """R-35, at the end of that step: the duty is met if a strike went at such a TG and every unit that was able flew
    (in this strike or earlier ones)."""
    d = fr.get("decisive")
    if not d:
        return
    if d["struck"] and all(st.air[a].box != "ready" for a in d["units"]):
        st.flags.setdefault("decisive_battle", {})["met"] = True
        ctx.emit(own("16.1.4"), "Decisive Battle Mentality: the IJN has struck a USN carrier TG with all its able "
                 "carrier air", kind="special_rule", data={"units": d["units"]})


def _column(D: ISData, label: str) -> int:
    return D.map.layout.parse_label(label)[0]


def step_refusal(st: State, fr: dict[str, Any], to: str, *, here: str | None = None) -> tuple[str, str] | None:
    """Why the activated formation may not enter ``to`` now, as (case, reason); None if it may. ``here`` is the hex
    it would step from, if not where it stands (the wind's second step, 15.3)."""
    D = st.data
    m = D.map
    marker, side = fr["formation"], fr["side"]
    if here is None:
        here = formation_hex(st, marker) or ""
    if fr["stage"] != "move":
        if fr["mp"] < 1 and fr.get("mp_rule"):  # an optional rule set its MPs: cite it (15.4, 15.5)
            return fr["mp_rule"], f"no movement points left (its MPs this activation follow {fr['mp_rule']})"
        return "7.1", "movement is over for this activation"
    try:
        target = m.hex(to)
    except (ValueError, KeyError):
        return "7.1", f"{to} is not a hex on the map"
    if target not in m.neighbours(m.hex(here)):
        return "7.1", f"{to} is not adjacent to {here}; hexes cannot be skipped"
    if fr["mp"] < 1:
        return fr.get("mp_rule", "7.1"), "no movement points left"  # the standard game: 7.1
    if not can_sail(D, here, to):
        return "7.1", f"{to} cannot be entered from {here} by sea"
    movers = members(st, marker)
    if marker not in state.extras(st)["tfs"]:
        loose = state.loose_tgs_at(st, to, side)
        if len([t for t in loose if t not in movers]) + len(movers) > st.data.mod("stack.friendly_tgs"):
            return "3.3", f"{to} already holds {len(loose)} friendly TGs outside a TF"
    rule = spruance_rule(st, marker)
    saipan = state.extras(st)["saipan_hex"]
    if rule is not None and saipan:
        limit = int(rule.get("max_hexes", 9))
        if dist(D, to, saipan) > limit:
            return "16.1.4", (f"Cautious Spruance: {formation_name(st, marker)} stays within {limit} hexes of Saipan "
                              f"({saipan}) until turn {rule.get('lifted_on_turn')}")
    if decisive_battle_binds(st, side) and _column(D, to) < _column(D, here):
        return "16.1.4", ("Decisive Battle Mentality: no IJN formation moves west until all IJN carrier air has "
                          f"struck ({len(carrier_air_ready(st))} carrier air units still Ready)")
    return None


def _must_disperse(st: State, fr: dict[str, Any]) -> bool:
    """3.3: a TG standing by itself in a hex that held three or more TGs at the end of the Initial Phase must leave."""
    marker = fr["formation"]
    if marker in state.extras(st)["tfs"]:
        return False
    here = formation_hex(st, marker)
    crowded = st.flags.get("must_disperse", {}).get(fr["side"], [])
    if here not in crowded or len(state.loose_tgs_at(st, here or "", fr["side"])) <= \
            st.data.mod("stack.friendly_tgs"):
        return False
    m = st.data.map
    return any(step_refusal(st, fr, m.label(n)) is None for n in m.neighbours(m.hex(here or "")))


def _launchers(st: State, marker: str) -> list[TFState]:
    return [t for t in members(st, marker) if not t.dummy
            and any(can_bomb(st, a) for a in tf_units(st, t))]


def _detected_hexes(st: State, side: str) -> dict[str, list[str]]:
    """Hex -> the enemy TGs there that side's carrier channel has detected (directly or through their TF)."""
    cl = state.extras(st)
    found = set(state.detected_by(st, side, "carrier"))
    out: dict[str, list[str]] = {}
    for t in state.tgs(st):
        if t.side == side or t.dummy or not t.hex or not has_live_ships(st, t):
            continue
        if t.id in found or cl["parent_tf"].get(t.id) in found:
            out.setdefault(t.hex, []).append(t.id)
    return {h: sorted(v) for h, v in sorted(out.items())}


# -- 15.3 prevailing wind (optional) ------------------------------------------------------------------------------


def wind_on(st: State) -> bool:
    """Whether the game plays optional rule 15.3 (``options={"prevailing_wind": True}``)."""
    return bool(st.options.get("prevailing_wind"))


def downwind(D: ISData, here: str) -> str | None:
    """The hex south-east of ``here`` on the printed map (15.3), or None at the map's edge."""
    m = D.map
    h = m.hex(here)
    return next((m.label(n) for n in m.neighbours(h) if m.compass(h, n) == "SE"), None)


def wind_path(st: State, marker: str, side: str, steps: int) -> tuple[list[str], str | None]:
    """The hexes ``marker`` steams through into the wind before a launch (15.3), and why it stopped short (None if it
    made every step). A step goes where an ordinary move could (7.1, 3.3, 16.1.4) and never into a hex holding enemy
    units (ruling R-81); a step it cannot make ends the wind move there (ruling R-80)."""
    D = st.data
    here = formation_hex(st, marker) or ""
    probe = {"formation": marker, "side": side, "stage": "move", "mp": steps}
    path: list[str] = []
    for _ in range(steps):
        to = downwind(D, here)
        if to is None:
            return path, f"{here} is on the map's edge"
        why = step_refusal(st, probe, to, here=here)
        if why is not None:
            return path, why[1]
        if enemy_at(st, to, side):
            return path, f"{to} holds enemy units"
        path.append(to)
        here = to
    return path, None


def wind_move(st: State, marker: str, side: str, steps: int, ctx: Context,
              why: str) -> tuple[list[str], list[tuple[str, dict[str, Any]]]]:
    """Make the wind move of 15.3 (``why``: before CAP or bombers) and log it as an ordinary move is logged: in full
    to the owner, by marker label to both. Returns the hexes entered and the submarine contacts made (11.1.3)."""
    path, stop = wind_path(st, marker, side, steps)
    label = state.public_id(st, marker)
    contacts: list[tuple[str, dict[str, Any]]] = []
    frm = formation_hex(st, marker) or ""
    for to in path:
        move_to(st, marker, to)
        for t in members(st, marker):
            t.moved = True
        ctx.emit(own("15.3"), f"{formation_name(st, marker)} steams south-east into the wind {frm} -> {to} {why}",
                 kind="move", data={"formation": marker, "from": frm, "to": to, "wind": True}, visible=(side,))
        if not state.secret(st):  # 15.7: the move is written down, not shown
            ctx.emit(own("15.3"), f"{side} marker {label} moves {frm} -> {to}", kind="move_public",
                     data={"formation": label, "from": frm, "to": to}, visible=("IJN", "USN"))
        contacts += submarines.contact_frames(st, to, [marker], side)
        frm = to
    if stop is not None:
        ctx.emit(own("15.3"), f"{formation_name(st, marker)} launches from {frm} after {len(path)} of {steps} "
                 f"hex(es) south-east: {stop} (ruling R-80)", kind="wind_blocked",
                 data={"formation": marker, "hex": frm, "moved": len(path), "steps": steps}, visible=(side,))
    return path, contacts


@contextmanager
def launching_from(st: State, fr: dict[str, Any]) -> Iterator[str]:
    """Stand the activated formation, for the length of the ``with`` block, where its bombers would take off: after
    its wind move if 15.3 is played and it has not made it this activation, else where it is. Range is measured
    from the launch hex (15.3); the formation is put back afterwards, so nothing is changed."""
    marker = fr["formation"]
    here = formation_hex(st, marker) or ""
    if not wind_on(st) or fr.get("wind_done"):
        yield here
        return
    path, _ = wind_path(st, marker, fr["side"], st.data.mod("wind.strike_hexes"))
    launch = path[-1] if path else here
    if launch == here:
        yield here
        return
    move_to(st, marker, launch)
    try:
        yield launch
    finally:
        move_to(st, marker, here)


def wind_short(st: State, fr: dict[str, Any]) -> str | None:
    """15.3, ruling R-80: why the formation may not launch bombers now for want of MPs to steam into the wind (None
    if it may): the wind move costs its MPs, once an activation, and needs them all left."""
    if not wind_on(st) or fr.get("wind_done"):
        return None
    need = st.data.mod("wind.strike_hexes")
    if fr["mp"] >= need:
        return None
    return (f"bombers launch only after steaming {need} hexes south-east, which takes {need} MP; "
            f"{formation_name(st, fr['formation'])} has {fr['mp']} left")


def strike_options(st: State, fr: dict[str, Any]) -> list[Action]:
    """8.0/8.1: each TG of the formation with Ready bombers, at each detected hex some of them can reach."""
    if not is_day(st):
        return []  # ruling R-9
    if wind_short(st, fr) is not None:
        return []  # 15.3: no MPs left to turn into the wind
    out: list[Action] = []
    targets = _detected_hexes(st, fr["side"])
    with launching_from(st, fr):  # 15.3: range from the launch hex
        for tg in _launchers(st, fr["formation"]):
            bombers = [a for a in tf_units(st, tg) if can_bomb(st, a)]
            for h in targets:
                if any(in_range(st, a, h) or (may_extend(st, a) and in_range(st, a, h, extended=True))
                       for a in bombers):
                    out.append(opt("clash_strike", f"{tg.name} launches an air strike at the detected enemy in {h}",
                                   launcher=tg.id, hex=h))
    return out


@frame("clash_activate")
class Activate:
    """An activated TG or TF: search (6.0), move (7.0), air strikes (8.0), in that order (ruling R-1)."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        marker, side = fr["formation"], fr["side"]
        if not members(st, marker):  # its last ship sank, or the dummy was found out (3.1.6)
            Activate._finish(st, fr, ctx)
            return
        if fr["stage"] == "search":
            fr["stage"] = "move"
            here = formation_hex(st, marker) or ""
            if not is_dummy(st, marker) and (is_day(st) or enemy_at(st, here, side)):
                push(st, "clash_search", side=side, formation=marker)
            return
        if fr["stage"] == "strike" and not strike_options(st, fr):
            Activate._finish(st, fr, ctx)
            return
        if fr["stage"] == "move":  # nothing left to decide about moving (decide asked nothing)
            Activate._to_strike(st, fr)

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        marker, side = fr["formation"], fr["side"]
        if not members(st, marker):
            return None
        name = formation_name(st, marker)
        here = formation_hex(st, marker)
        if fr["stage"] == "move":
            if fr["mp"] < 1:
                return None
            options = [opt("move", f"Move to {st.data.map.label(n)}", to=st.data.map.label(n))
                       for n in st.data.map.neighbours(st.data.map.hex(here or ""))]
            options = [o for o in options if step_refusal(st, fr, str(o["to"])) is None]
            if not options:
                return None
            if not _must_disperse(st, fr):
                options.append(opt("end_move", "End movement"))
            return ask(side, "clash_move", f"{name} in {here}, {fr['mp']} MP left", own("7.1"), options,
                       data={"formation": marker, "hex": here, "mp_left": fr["mp"]})
        if fr["stage"] == "strike":
            options = strike_options(st, fr)
            if not options:
                return None
            options.append(opt("end_activation", "End this activation"))
            return ask(side, "clash_strike", f"{name} in {here}: launch air strikes or end", own("8.0"), options,
                       data={"formation": marker, "hex": here})
        return None

    @staticmethod
    def refuse(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
        name = formation_name(st, fr["formation"]) if members(st, fr["formation"]) else fr["formation"]
        if action.kind == "move":
            why = step_refusal(st, fr, str(action.get("to", "")))
            if why is not None:
                return IllegalAction(own(why[0]), f"{name} cannot move to {action.get('to')}: {why[1]}")
        if action.kind == "end_move" and _must_disperse(st, fr):
            return IllegalAction(own("3.3"), f"{name} must leave {formation_hex(st, fr['formation'])}: three or more "
                                 "TGs stood there at the end of the Initial Phase")
        if action.kind == "clash_strike":
            if not is_day(st):
                return IllegalAction(own("8.0"), "no air strikes on a night turn (ruling R-9)")
            short = wind_short(st, fr) if fr["stage"] in ("move", "strike") else None
            if short is not None:
                return IllegalAction(own("15.3"), f"{action.get('launcher')} cannot launch: {short}")
            if fr["stage"] != "strike" or not any(o["launcher"] == action.get("launcher") and o["hex"] ==
                                                  action.get("hex") for o in strike_options(st, fr)):
                return IllegalAction(own("8.0"), f"{action.get('launcher')} has no Ready bomber that can reach a "
                                     f"detected enemy formation in {action.get('hex')} now")
        return None

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        why = Activate.refuse(st, fr, action)
        if why is not None:
            raise why
        marker, side = fr["formation"], fr["side"]
        if action.kind == "move":
            Activate._move(st, fr, str(action["to"]), ctx)
        elif action.kind == "end_move":
            Activate._to_strike(st, fr)
        elif action.kind == "clash_strike":
            Activate._strike(st, fr, str(action["launcher"]), str(action["hex"]), ctx)
        elif action.kind == "end_activation":
            Activate._finish(st, fr, ctx)
        else:
            raise IllegalAction(own("4.2"), f"{action.text} is not something {formation_name(st, marker)} can do "
                                f"now ({side})")

    @staticmethod
    def _to_strike(st: State, fr: dict[str, Any]) -> None:
        fr["stage"] = "strike"
        _decisive_open(st, fr)

    @staticmethod
    def _move(st: State, fr: dict[str, Any], to: str, ctx: Context) -> None:
        marker, side = fr["formation"], fr["side"]
        frm = formation_hex(st, marker) or ""
        move_to(st, marker, to)
        fr["mp"] -= 1
        fr["path"].append(to)
        for t in members(st, marker):
            t.moved = True
        ctx.emit(own("7.1"), f"{formation_name(st, marker)} moves {frm} -> {to}", kind="move",
                 data={"formation": marker, "from": frm, "to": to, "mp_left": fr["mp"]}, visible=(side,))
        label = state.public_id(st, marker)  # 3.1.6: the enemy reads the marker's label, never its id
        if not state.secret(st):  # 15.7: the move is written down, not shown
            ctx.emit(own("7.1"), f"{side} marker {label} moves {frm} -> {to}", kind="move_public",
                     data={"formation": label, "from": frm, "to": to}, visible=("IJN", "USN"))
        contacts = submarines.contact_frames(st, to, [marker], side)  # 11.1.3: the marker is flipped at once
        if not enemy_at(st, to, side):
            push_many(st, contacts)
            return
        fr["mp"] = 0  # 7.1: entering a hex with enemy units ends the move
        ctx.emit(own("7.1"), f"{side} marker {label} enters {to}, where enemy units are: its move ends", kind="move",
                 data={"formation": label, "hex": to})
        if is_dummy(st, marker):
            push_many(st, contacts)
            return  # 6.5: a dummy never searches or fights
        frames: list[tuple[str, dict[str, Any]]] = [
            *contacts, ("clash_search", {"side": side, "formation": marker, "same_hex": True})]
        enemies = [t for t in enemy_tgs_at(st, to, side) if not t.dummy and has_live_ships(st, t)]
        if enemies or enemy_ships_alone_at(st, to, side):
            enemy = "USN" if side == "IJN" else "IJN"
            frames.append(("clash_surface_battle", {
                "hex": to, "attacker": side,
                "formations": {side: [marker], enemy: _top_level_ids(st, enemies) + enemy_ships_alone_at(st, to,
                                                                                                            side)}}))
        push_many(st, frames)

    @staticmethod
    def _strike(st: State, fr: dict[str, Any], launcher: str, hex_label: str, ctx: Context) -> None:
        side = fr["side"]
        candidates = _detected_hexes(st, side)[hex_label]
        if len(candidates) > 1:
            # drawn for the defender: how many TGs the hex holds is on his TF chart, not on the map (3.2.3)
            i = ctx.pick(len(candidates), purpose=f"the TG attacked in {hex_label}", rule=own("8.0"),
                         visible=("USN" if side == "IJN" else "IJN",))
            target = candidates[i]
        else:
            target = candidates[0]
        if fr.get("decisive") and hex_label in fr["decisive"]["hexes"]:
            fr["decisive"]["struck"] = True
        if wind_on(st) and not fr.get("wind_done"):  # 15.3: into the wind first, once an activation
            steps = st.data.mod("wind.strike_hexes")
            path, contacts = wind_move(st, fr["formation"], side, steps, ctx, "before launching bombers")
            fr["mp"] -= steps
            fr["path"] += path
            fr["wind_done"] = True
            push_many(st, contacts)  # under the strike: a submarine met on the way attacks once it has flown
        act_index = next(i for i, f in enumerate(st.stack) if f is fr)
        push(st, "strike_compose", side=side, source={"tf": launcher}, target=f"tf:{target}", chosen={},
             act_index=act_index, mode="normal")

    @staticmethod
    def _finish(st: State, fr: dict[str, Any], ctx: Context) -> None:
        _decisive_close(st, fr, ctx)
        pop(st, fr)
        marker = fr["formation"]
        where = None if state.secret(st) else formation_hex(st, marker)  # 15.7: its end hex is written down
        label = state.public_id(st, marker)
        ctx.emit(own("4.2"), f"{fr['side']} marker {label} ends its activation" + (f" in {where}" if where else ""),
                 kind="activate_end", data={"formation": label})


# -- damaged detached units (7.3, 4.3) ----------------------------------------------------------------------------


def _edge_hexes(D: ISData, edge: str) -> list[str]:
    """The sea hexes along a map edge: the map's ``edge`` features, else its outermost rows and columns."""
    m = D.map
    found = [m.label(h) for h in m.find("edge", edge) if m.terrain(h) != "land"]
    if found:
        return found
    cells = [(m.layout.parse_label(m.label(h)), m.label(h)) for h in m.hexes if m.terrain(h) != "land"]
    if not cells:
        return []
    cols = [c for (c, _), _ in cells]
    rows = [r for (_, r), _ in cells]
    want = {"west": (0, min(cols)), "east": (0, max(cols)), "north": (1, min(rows)), "south": (1, max(rows))}[edge]
    return [lab for cr, lab in cells if cr[want[0]] == want[1]]


@cache
def _route_field(D: ISData, side: str) -> dict[str, str]:
    """Next hex on a shortest sea route from every sea hex to the side's exit edges (7.3), breadth first."""
    m = D.map
    goals = sorted({h for e in EXIT_EDGES[side] for h in _edge_hexes(D, e)})
    nxt = {g: g for g in goals}
    q = deque(goals)
    while q:
        lab = q.popleft()
        for n in m.neighbours(m.hex(lab)):
            nl = m.label(n)
            if nl not in nxt and can_sail(D, nl, lab):
                nxt[nl] = lab
                q.append(nl)
    return nxt


def move_detached(st: State, side: str, ctx: Context) -> list[tuple[str, dict[str, Any]]]:
    """4.3/7.3: each damaged ship sailing alone (with any escorts) heads for its side's exit edges at full speed and
    leaves the map once it stands on one with an MP to spare; escorts keep with it and leave with it. It stops short
    of a hex with enemy units rather than sail into a surface battle (7.3). Returns the submarine contacts its
    moves made (11.1.3: a detached unit entering a marker's hex flips it too), for the End Phase to resolve before
    the markers leave the map."""
    D = st.data
    field = _route_field(D, side)
    contacts: list[tuple[str, dict[str, Any]]] = []
    for sid in sorted(s.id for s in st.ships.values() if s.side == side and s.independent and not s.sunk
                      and not s.exited and not s.escorting):
        s = st.ships[sid]
        escorts = [e for e in st.ships.values() if e.escorting == sid and not e.sunk and not e.exited]
        mp = min([ship_speed(st, sid)] + [ship_speed(st, e.id) for e in escorts])
        mp += night_bonus(st, mp)  # 15.4: detached ships too (ruling R-72)
        here = s.hex or ""
        if here not in field:
            ctx.emit(own("7.3"), f"{D.ships[sid].name} has no sea route to the {' or '.join(EXIT_EDGES[side])} edge",
                     kind="move", visible=(side,))
            continue
        while mp > 0 and field[here] != here and not enemy_at(st, field[here], side):  # never into a battle
            here = field[here]
            mp -= 1
            hit = submarines.contact_frames(st, here, [sid], side)
            if hit:
                contacts += hit
                break  # the contact is resolved before it sails on; it moves no further this End Phase
        for x in [s, *escorts]:
            x.hex = here
        if field[here] == here and mp > 0:
            for x in [s, *escorts]:
                x.exited = True
            ctx.emit(own("7.3"), f"{D.ships[sid].name} leaves the map from {here}" +
                     (f" with {len(escorts)} escort(s)" if escorts else ""), kind="exit",
                     data={"ship": sid, "side": side, "hex": here})
        else:
            ctx.emit(own("7.3"), f"{D.ships[sid].name} (damaged) sails to {here}", kind="move",
                     data={"ship": sid, "to": here})
    return contacts

