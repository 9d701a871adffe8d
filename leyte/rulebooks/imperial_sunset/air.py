"""Aircraft (6.5) and air combat (8.1 air-to-surface, 8.2 air-to-air, 11.1 kamikazes).

Air units sit in boxes (``AirState.box``): ``ready``, ``cap`` (with ``cap_over`` naming the TF they cover),
``mission`` (in the air on a strike), ``flown``, ``destroyed`` (IJN, the map's box of 6.5.9), ``out`` (their
carrier can no longer operate aircraft, 9.1) and ``eliminated``.

A strike is played as a small state machine in one ``air_strike`` frame: composition (``strike_compose``), CAP
against escorts then against the bombers (8.2.3, 8.2.2), the defender's placement of ships on the air battle
display, the attacker's placement of aircraft and AA-suppression pairings (8.1.1), then each attacking unit in the
attacker's order: the target's AA, the defender's choice of adjacent ships firing at half strength, the USN delivery
roll for IJN aircraft shot down (8.1 step 5), and the bombing roll (step 6). Every player choice is a Decision;
a choice with a single legal answer is taken automatically so the log stays readable.

The air battle display: its printed layout was lost. We use 16 areas (a TF holds at most 16 ship units, 5.5) in a
square of four rows of four; two areas are adjacent when they touch along a side or at a corner. See
notes/combat-rulings.md.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache
from typing import Any

from leyte.core.dice import Modifier
from leyte.core.errors import IllegalAction, NotYetImplemented
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset import damage, victory
from leyte.rulebooks.imperial_sunset.common import counters_of, dist, record_is_day, turn_record
from leyte.rulebooks.imperial_sunset.data import CARRIER_TYPES, ISData
from leyte.rulebooks.imperial_sunset.engine import ask, frame, opt, pop, push
from leyte.rulebooks.imperial_sunset.state import AirState, State, TFState, other

__all__ = [
    "initial_phase_frames", "terminal_phase", "activation_options", "kamikaze_options", "act", "strength",
    "air_ranges", "in_range", "check_cap_ranges", "DISPLAY_ROWS", "DISPLAY_COLS", "display_adjacent",
    "launch_strike",
]

LAND_FORMATIONS = ("1AF", "2AF")
DISPLAY_ROWS = 4
DISPLAY_COLS = 4

MY_KINDS = frozenset({"air_strike", "air_cap_other", "kamikaze_strike"})


# -- unit helpers -----------------------------------------------------------------------------------------------


def _name(D: ISData, aid: str) -> str:
    d = D.air[aid]
    return d.name if d.name and d.name != aid else aid


def strength(st: State, aid: str, *, extended: bool = False) -> int:
    """Current combat factor: the reduced/exhausted side when flipped, or when flying extended range (6.5.6)."""
    d = st.data.air[aid]
    a = st.air[aid]
    return d.reduced if (a.reduced or extended) else d.strength


def _kind(st: State, aid: str) -> str:
    return st.data.air[aid].kind


def _carrier_of(st: State, aid: str) -> str | None:
    a = st.air[aid]
    return a.parent if a.parent in st.ships else None


def _is_cve_unit(st: State, aid: str) -> bool:
    c = _carrier_of(st, aid)
    return c is not None and st.data.ships[c].type == "CVE"


def _home_tf(st: State, aid: str) -> TFState | None:
    c = _carrier_of(st, aid)
    if c is None:
        return None
    s = st.ships[c]
    return st.tfs.get(s.tf) if s.tf else None


def can_fight(st: State, aid: str) -> bool:
    """F units, FB squadrons flying as fighters this turn (6.5.2)."""
    k = _kind(st, aid)
    return k == "F" or (k == "FB" and st.air[aid].role in (None, "F"))


def can_bomb(st: State, aid: str) -> bool:
    k = _kind(st, aid)
    return k in ("B", "HB") or (k == "FB" and st.air[aid].role in (None, "B"))


def _unit_hex(st: State, aid: str) -> str | None:
    tf = _home_tf(st, aid)
    return tf.hex if tf else None


def air_ranges(st: State, formation: str) -> list[str]:
    """Hexes a land-based formation measures range from (6.5.9); see ``_range_origins``."""
    return list(_range_origins(st.data, formation))


@cache
def _range_origins(D: ISData, formation: str) -> tuple[str, ...]:
    """Hexes a land-based formation measures range from: its airfields (6.5.9); the 2nd Air Fleet only Clark Field.

    The map tags airfields ``airfleet:1`` / ``airfleet:2``; Clark Field carries ``range_origin`` or is found by its
    name. The USAAF has no range: it strikes anywhere in the search area tagged ``usaaf_search`` (6.5.8).
    """
    m = D.map
    if formation == "2AF":
        origin = m.find("range_origin", "2AF") or m.find("airfield", "Clark Field")
        if not origin:
            origin = [h for h in m.find("airfleet", "2") if "Clark" in " ".join(n for _, n in m.features(h))]
        if not origin:
            origin = [m.hex("2412")] if _has_label(D, "2412") else []
        return tuple(m.label(h) for h in origin)
    if formation == "1AF":
        return tuple(m.label(h) for h in m.find("airfleet", "1"))
    return ()


def _has_label(D: ISData, label: str) -> bool:
    try:
        D.map.hex(label)
        return True
    except Exception:  # noqa: BLE001 - a label not on this map
        return False


@cache
def _airfields(D: ISData, formation: str) -> tuple[str, ...]:
    m = D.map
    key = {"1AF": "1", "2AF": "2"}[formation]
    return tuple(m.label(h) for h in m.find("airfleet", key))




def in_range(st: State, aid: str, target_hex: str, *, extended: bool = False, cap: bool = False) -> bool:
    """Whether a unit can reach ``target_hex`` (6.5.1: the launching hex does not count, the target hex does).

    Land-based strikes of the 2nd Air Fleet are measured from Clark Field (6.5.9); CAP from any of the fleet's
    airfields (8.2.1).
    """
    D = st.data
    a = st.air[aid]
    rng = D.mod("air.usn_extended_range") if extended else D.air[aid].range
    if a.parent in st.ships:  # a carrier's unit: from its TF's hex
        tf = _home_tf(st, aid)
        return tf is not None and tf.hex is not None and dist(D, tf.hex, target_hex) <= rng
    if a.parent == "USAAF":
        return D.map.has_feature(D.map.hex(target_hex), "usaaf_search")
    if a.parent in LAND_FORMATIONS:
        origins = _airfields(D, a.parent) if cap else _range_origins(D, a.parent)
        return any(dist(D, h, target_hex) <= rng for h in origins)
    h = _unit_hex(st, aid)
    return h is not None and dist(D, h, target_hex) <= rng


def _may_extend(st: State, aid: str) -> bool:
    """6.5.6: USN fleet/light-carrier units not already exhausted may fly out to the extended range."""
    a = st.air[aid]
    c = _carrier_of(st, aid)
    return a.side == "USN" and c is not None and not _is_cve_unit(st, aid) and not a.reduced


# -- target helpers ---------------------------------------------------------------------------------------------


def _target_hex(st: State, target: str) -> str | None:
    kind, _, tid = target.partition(":")
    if kind == "tf":
        t = st.tfs.get(tid)
        return t.hex if t and t.in_play else None
    s = st.ships.get(tid)
    return s.hex if s and not s.sunk else None


def _targets(st: State, side: str) -> list[str]:
    """Detected enemy TFs and detected enemy independents on the map (air strikes need detection, 7.0)."""
    # filter first, then sort the few that pass (this runs for every activation)
    tfs = sorted(t.id for t in st.tfs.values()
                 if t.side != side and t.in_play and t.detected and not t.dummy and t.hex
                 and any(not st.ships[s].sunk and not st.ships[s].in_port for s in t.ships))
    ships = sorted(sid for sid, s in st.ships.items()
                   if s.independent and s.side != side and s.detected and not s.sunk and not s.in_port and s.hex
                   and not s.exited)
    return [f"tf:{t}" for t in tfs] + [f"ship:{sid}" for sid in ships]


def _target_text(st: State, target: str) -> str:
    kind, _, tid = target.partition(":")
    if kind == "tf":
        t = st.tfs[tid]
        return f"TF {t.id} in {t.hex}"
    return f"{damage.ship_name(st.data, tid)} in {st.ships[tid].hex}"


def _target_ships(st: State, target: str) -> list[str]:
    kind, _, tid = target.partition(":")
    if kind == "tf":
        return [s for s in st.tfs[tid].ships if not st.ships[s].sunk and not st.ships[s].exited
                and not st.ships[s].in_port]
    return [tid] if not st.ships[tid].sunk and not st.ships[tid].in_port else []


# -- which units a force can send -------------------------------------------------------------------------------


def _tf_units(st: State, tf: TFState, boxes: tuple[str, ...] = ("ready",),
              by_parent: dict[str, list[str]] | None = None) -> list[str]:
    """Air units of the carriers of a TF that can still operate aircraft, in the given boxes.

    ``by_parent`` is ``_units_by_parent(st)`` when the caller walks many TFs (one pass over the air units then).
    """
    if by_parent is not None:
        groups = by_parent
    else:
        flattops = counters_of(st.data, CARRIER_TYPES)  # most TFs hold none: they skip the damage-track look-up (9.1)
        carriers = {sid for sid in tf.ships if sid in flattops and damage.air_ops(st, sid)}
        if not carriers:
            return []
        groups = {}
        for aid, a in st.air.items():
            if a.parent in carriers and not a.ashore and a.box in boxes:
                groups.setdefault(a.parent, []).append(aid)
        return [aid for sid in tf.ships for aid in sorted(groups.get(sid, ()))]
    out: list[str] = []
    for sid in tf.ships:
        units = groups.get(sid)
        if units and damage.air_ops(st, sid):
            out += [aid for aid in units if st.air[aid].box in boxes]
    return out


def _units_by_parent(st: State) -> dict[str, list[str]]:
    """Aboard units (not ashore) grouped by parent, each group in id order (the order options are listed in)."""
    groups: dict[str, list[str]] = {}
    for aid, a in st.air.items():
        if not a.ashore:
            groups.setdefault(a.parent, []).append(aid)
    for units in groups.values():
        units.sort()
    return groups


def _formation_units(st: State, formation: str) -> list[str]:
    out = sorted(a.id for a in st.air.values() if a.parent == formation and a.box == "ready")
    if formation == "USAAF":
        out = [a for a in out if st.air[a].missions_today == 0]  # once a day (6.5.8)
    return out


def _source_units(st: State, fr: dict[str, Any]) -> list[str]:
    if "formation" in fr:
        return _formation_units(st, fr["formation"])
    return _tf_units(st, st.tfs[fr["tf"]])


def _day(st: State) -> bool:
    return bool(st.flags.get("day", True))


# -- activation: what an activated force may do with its aircraft ----------------------------------------------


def activation_options(st: State, fr: dict[str, Any]) -> list[Action]:
    """Strike and CAP options for an activated TF (4.4) or land-based formation (4.5); none at night (6.5.11)."""
    D = st.data
    if not _day(st):
        return []
    side = fr.get("side") or (st.tfs[fr["tf"]].side if "tf" in fr else "")
    units = _source_units(st, fr)
    if not units:
        return []
    out: list[Action] = []
    carrier_tf = "tf" in fr
    strike_ok = not carrier_tf or int(fr.get("mp", 0)) >= D.mod("air.carrier_strike_mp")
    # Every unit of a carrier TF flies from the TF's hex, and every unit of a land air fleet from the same airfields,
    # so "some unit reaches the hex" is the longest reach among them against the nearest origin (6.5.1, extended
    # range 6.5.6, 6.5.9). The USAAF strikes by map area instead (6.5.8), so it asks in_range unit by unit.
    formation = fr.get("formation")
    home = st.tfs[fr["tf"]].hex if carrier_tf else None
    if strike_ok:
        bombers = [a for a in units if can_bomb(st, a)]
        origins: tuple[str, ...] | None = None
        reach = -1
        if bombers and home is not None:
            ext = D.mod("air.usn_extended_range")
            origins = (home,)
            reach = max(max(D.air[a].range, ext if _may_extend(st, a) else -1) for a in bombers)
        elif bombers and formation in LAND_FORMATIONS:
            origins = _range_origins(D, formation)
            reach = max(D.air[a].range for a in bombers)
        for target in _targets(st, side) if bombers else ():
            h = _target_hex(st, target)
            if h is None:
                continue
            if _within(D, origins, h, reach) if origins is not None else any(
                    in_range(st, a, h) or (_may_extend(st, a) and in_range(st, a, h, extended=True))
                    for a in bombers):
                out.append(_strike_option(D, target, _target_text(st, target), carrier_tf))
    # CAP over another friendly TF in range (8.2.1), for carrier TFs and the Japanese air fleets (6.5.9).
    if formation == "USAAF":
        return out
    fighters = [a for a in units if can_fight(st, a)]
    if fighters:
        own = fr.get("tf")
        cap_from = (home,) if home is not None else _airfields(D, formation) if formation in LAND_FORMATIONS else None
        cap_reach = max(D.air[a].range for a in fighters)
        friends = sorted((t for t in st.tfs.values()
                          if t.side == side and t.in_play and not t.dummy and t.id != own and t.hex),
                         key=lambda t: t.id)
        for t in friends:
            if _within(D, cap_from, t.hex, cap_reach) if cap_from is not None else any(
                    in_range(st, a, t.hex, cap=True) for a in fighters):
                out.append(_cap_other_option(t.id, t.name))
    return out


def _within(D: ISData, origins: tuple[str, ...], target_hex: str, reach: int) -> bool:
    """Whether ``target_hex`` is at most ``reach`` hexes from one of ``origins``."""
    for o in origins:
        if dist(D, o, target_hex) <= reach:
            return True
    return False


@lru_cache(maxsize=1 << 14)
def _strike_option(D: ISData, target: str, where: str, carrier_tf: bool) -> Action:
    """An air strike option (6.5); asked at every step of every carrier TF by day, so each is built once."""
    cost = f" (costs {D.mod('air.carrier_strike_mp')} MP)" if carrier_tf else ""
    return opt("air_strike", f"Air strike on {where}{cost}", target=target)


@lru_cache(maxsize=1 << 14)
def _cap_other_option(tf_id: str, name: str) -> Action:
    return opt("air_cap_other", f"Fly CAP over {name}", over=tf_id)


def kamikaze_options(st: State, fr: dict[str, Any]) -> list[Action]:
    """11.1: a kamikaze may strike any detected USN TF holding a ship that is not a destroyer or escort."""
    out = []
    for target in _targets(st, "IJN"):
        if any(not st.data.ships[s].small for s in _target_ships(st, target)):
            out.append(opt("kamikaze_strike", f"Kamikaze attack on {_target_text(st, target)}", target=target))
    return out


def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> bool:
    """Carry out one of the options above; False when the action is not an air option."""
    if action.kind not in MY_KINDS:
        return False
    if action.kind == "kamikaze_strike":
        if action not in kamikaze_options(st, fr):
            raise IllegalAction("11.1", f"{action.text} is not a kamikaze target")
        target = action["target"]
        if st.stack and st.stack[-1] is fr:
            pop(st, fr)  # a kamikaze does nothing else once it has struck (4.6)
        push(st, "kamikaze_attack", target=target)
        return True
    # Game.apply has already matched the action against this decision's options (which include these), so the
    # option list is not rebuilt here.
    side = fr.get("side") or st.tfs[fr["tf"]].side
    act_index = next((i for i, f in enumerate(st.stack) if f is fr), len(st.stack) - 1)
    if action.kind == "air_strike":
        source = {"tf": fr["tf"]} if "tf" in fr else {"formation": fr["formation"]}
        push(st, "strike_compose", side=side, source=source, target=action["target"], chosen={}, act_index=act_index,
             mode="normal")
        return True
    push(st, "cap_other", side=side, source=({"tf": fr["tf"]} if "tf" in fr else {"formation": fr["formation"]}),
         over=action["over"])
    return True


# -- CAP over another TF (8.2.1) --------------------------------------------------------------------------------


@frame("cap_other")
class CapOther:
    """Pick the fighters that fly CAP over another friendly TF (any in range; one unit from a land air fleet)."""

    @staticmethod
    def _eligible(st: State, fr: dict[str, Any]) -> list[str]:
        over = st.tfs[fr["over"]]
        src = fr["source"]
        units = _tf_units(st, st.tfs[src["tf"]]) if "tf" in src else _formation_units(st, src["formation"])
        units = [a for a in units if can_fight(st, a) and over.hex and in_range(st, a, over.hex, cap=True)]
        if "formation" in src and len(fr.get("sent", [])) >= st.data.mod("air.ijn_land_cap_units"):
            return []
        return units

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        units = CapOther._eligible(st, fr)
        if not units or fr.get("finished"):
            return None
        options = [opt("cap_send", f"Send {_name(st.data, a)} (strength {strength(st, a)})", air=a) for a in units]
        options.append(opt("cap_done", "No more fighters"))
        return ask(fr["side"], "cap_other", f"CAP over {st.tfs[fr['over']].name}", "8.2.1", options)

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "cap_done":
            fr["finished"] = True
            return
        a = st.air[action["air"]]
        a.box = "cap"
        a.cap_over = fr["over"]
        if _kind(st, a.id) == "FB":
            a.role = "F"
        a.missions_today += 1
        fr.setdefault("sent", []).append(a.id)
        ctx.emit("8.2.1", f"{_name(st.data, a.id)} flies CAP over {st.tfs[fr['over']].name}", kind="cap",
                 data={"air": a.id, "over": fr["over"]}, visible=(fr["side"],))

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


def check_cap_ranges(st: State, ctx: Context) -> None:
    """8.2.1: CAP flown over another TF goes to the Flown box once that TF is out of the unit's range."""
    # Runs after every move, so first the cheap filter: units on CAP over some TF other than their carrier's own.
    ships, tfs = st.ships, st.tfs
    flying = [a for a in st.air.values() if a.box == "cap" and a.cap_over is not None
              and not (a.parent in ships and ships[a.parent].tf == a.cap_over and a.cap_over in tfs)]
    for a in sorted(flying, key=lambda a: a.id):
        over = tfs.get(a.cap_over or "")
        if over is None or not over.in_play or not over.hex or not in_range(st, a.id, over.hex, cap=True):
            _to_flown(st, a, ctx, "8.2.1", "its CAP is out of range")


def _to_flown(st: State, a: AirState, ctx: Context, rule: str, why: str) -> None:
    a.box = "flown"
    a.cap_over = None
    if a.side == "USN" and a.parent != "USAAF" and not _is_cve_unit(st, a.id):
        a.reduced = True
    ctx.emit(rule, f"{_name(st.data, a.id)} goes to the Flown box ({why})", kind="air_box", data={"air": a.id},
             visible=(a.side,))


# -- strike composition -----------------------------------------------------------------------------------------


def _compose_units(st: State, fr: dict[str, Any]) -> list[str]:
    src = fr["source"]
    if fr.get("mode") == "surface":
        tf_ids = src["tfs"]
        units: list[str] = []
        for t in tf_ids:
            units += _tf_units(st, st.tfs[t], boxes=("ready", "cap"))  # scramble (6.5.10)
        return units
    if "tf" in src:
        return _tf_units(st, st.tfs[src["tf"]])
    return _formation_units(st, src["formation"])


def _reach(st: State, fr: dict[str, Any], aid: str) -> str | None:
    """'normal', 'extended' or None (cannot reach the target)."""
    if fr.get("mode") == "surface":
        return "normal"
    h = _target_hex(st, fr["target"])
    if h is None:
        return None
    if in_range(st, aid, h):
        return "normal"
    if _may_extend(st, aid) and in_range(st, aid, h, extended=True):
        return "extended"
    return None


@lru_cache(maxsize=1 << 14)
def _compose_option(D: ISData, aid: str, role: str, strength_: int, extended: bool) -> Action:
    """Add a unit to a strike as ``role`` ("strike"/"escort") at this strength, or take it off ("remove"); 8.1."""
    if role == "remove":
        return opt("strike_remove", f"Take {_name(D, aid)} off the strike", air=aid)
    ext = " at extended range (exhausted strength, 6.5.6)" if extended else ""
    what = "a strike unit" if role == "strike" else "an escort"
    return opt("strike_add", f"Add {_name(D, aid)} as {what} ({strength_}){ext}", air=aid, role=role)


@lru_cache(maxsize=1 << 14)
def _place_ship_option(D: ISData, sid: str, area: int) -> Action:
    return opt("place_ship", f"Place {damage.ship_name(D, sid)} in area {area}", ship=sid, area=area)


@frame("strike_compose")
class StrikeCompose:
    """8.1 step 1: the attacker picks the strike aircraft and the escorts from the Ready box."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        D = st.data
        chosen: dict[str, str] = fr["chosen"]
        options: list[Action] = []
        for a in _compose_units(st, fr):
            if a in chosen:
                options.append(_compose_option(D, a, "remove", 0, False))
                continue
            reach = _reach(st, fr, a)
            if reach is None:
                continue
            extended = reach == "extended"
            f = strength(st, a, extended=extended)
            if can_bomb(st, a) and _kind(st, a) != "F":
                options.append(_compose_option(D, a, "strike", f, extended))
            if can_fight(st, a):
                options.append(_compose_option(D, a, "escort", f, extended))
        if any(r == "strike" for r in chosen.values()):
            options.append(opt("strike_launch", "Launch the strike"))
        options.append(opt("strike_cancel", "Cancel the strike"))
        target = _target_text(st, fr["target"]) if fr.get("mode") != "surface" else "the enemy ships in the battle"
        return ask(fr["side"], "strike_compose", f"Compose the air strike on {target}", "8.1", options)

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "strike_add":
            fr["chosen"][action["air"]] = action["role"]
        elif action.kind == "strike_remove":
            fr["chosen"].pop(action["air"], None)
        elif action.kind == "strike_cancel":
            ctx.emit("8.1", "The strike is called off", kind="strike", visible=(fr["side"],))
            pop(st, fr)
        elif action.kind == "strike_launch":
            launch_strike(st, fr, ctx)
        else:
            raise IllegalAction("8.1", f"{action.text} is not a strike composition choice")


def launch_strike(st: State, fr: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """Pay the carrier MP cost (6.2.2), put the chosen units in the air and replace the compose frame by the strike."""
    D = st.data
    side = fr["side"]
    chosen: dict[str, str] = fr["chosen"]
    mode = fr.get("mode", "normal")
    src = fr["source"]
    act_fr = st.stack[fr["act_index"]] if 0 <= fr.get("act_index", -1) < len(st.stack) else None
    if mode == "normal" and "tf" in src and act_fr is not None:
        cost = D.mod("air.carrier_strike_mp")
        if int(act_fr.get("mp", 0)) < cost:
            raise IllegalAction("6.2.2", f"a carrier strike needs {cost} MP; the TF has {act_fr.get('mp', 0)}")
        act_fr["mp"] = int(act_fr["mp"]) - cost
        ctx.emit("6.2.2", f"Launching the strike costs the TF {cost} MP ({act_fr['mp']} left)", kind="mp",
                 data={"tf": src["tf"], "cost": cost}, visible=(side,))
    strike = sorted(a for a, r in chosen.items() if r == "strike")
    escorts = sorted(a for a, r in chosen.items() if r == "escort")
    extended = sorted(a for a in chosen if _reach(st, fr, a) == "extended")
    for a in strike + escorts:
        u = st.air[a]
        u.box = "mission"
        u.cap_over = None
        u.missions_today += 1
        if _kind(st, a) == "FB":
            u.role = "B" if a in strike else "F"
    pop(st, fr)
    defender = other(side)
    visible_text = ", ".join(f"{_name(D, a)} ({strength(st, a, extended=a in extended)})" for a in strike)
    esc_text = ", ".join(_name(D, a) for a in escorts) or "none"
    if mode == "surface":
        target_text = "enemy ships in the surface battle"
    else:
        target_text = _target_text(st, fr["target"])
    ctx.emit("8.1", f"{side} air strike on {target_text}: {len(strike)} strike unit(s), {len(escorts)} escort(s)",
             kind="strike", data={"side": side, "target": fr.get("target"), "strike": len(strike),
                                  "escorts": len(escorts)})
    ctx.emit("8.1", f"Strike units: {visible_text}; escorts: {esc_text}", kind="strike",
             data={"strike": strike, "escorts": escorts, "extended": extended}, visible=(side,))
    return push(
        st, "air_strike", side=side, defender=defender, mode=mode, target=fr.get("target"), source=src,
        strike=strike, escorts=escorts, extended=extended, step="start", act_index=fr.get("act_index", -1),
        battle_index=fr.get("battle_index", -1), enemy_ships=fr.get("enemy_ships", []),
        target_hex=fr.get("target_hex") or (_target_hex(st, fr["target"]) if fr.get("target") else None),
        labels=dict(fr.get("labels", {})), aliases_of=dict(fr.get("aliases_of", {})),
    )


# -- the strike itself ------------------------------------------------------------------------------------------


def display_adjacent(a: int, b: int) -> bool:
    """Areas 1..16 on a four-by-four air battle display touch along a side or at a corner (reconstructed)."""
    ra, ca = divmod(a - 1, DISPLAY_COLS)
    rb, cb = divmod(b - 1, DISPLAY_COLS)
    return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1


def _alive(st: State, aid: str) -> bool:
    return st.air[aid].box == "mission"


def _cap_units(st: State, fr: dict[str, Any]) -> list[str]:
    if fr["mode"] == "kamikaze":
        return []
    if fr["mode"] == "surface":
        covered = set(fr["source"].get("enemy_tfs", []))
    else:
        kind, _, tid = (fr["target"] or "").partition(":")
        covered = {tid} if kind == "tf" else set()
    return [a.id for a in sorted(st.air.values(), key=lambda a: a.id)
            if a.side == fr["defender"] and a.box == "cap" and a.cap_over in covered]


def _a2a_mods(D: ISData, side: str) -> list[Modifier]:
    if side == "USN" and "air_to_air.usn" in D.mods and D.mod("air_to_air.usn"):
        return [Modifier(D.mod("air_to_air.usn"), "USN air-to-air (8.2)")]
    return []


def _a2a_roll(st: State, ctx: Context, side: str, units: list[str], purpose: str, rule: str) -> int:
    D = st.data
    total = sum(strength(st, a) for a in units)
    if total <= 0:
        return 0
    rec = ctx.roll_on(D.table("air_to_air"), total, _a2a_mods(D, side), purpose=f"{purpose} (factor {total})",
                      rule=rule)
    return int(rec.result.get("steps", 0))


def _ship_label(D: ISData, fr: dict[str, Any], sid: str) -> str:
    """How a target ship is named in this strike: face-down USN ships in a surface battle keep their alias (8.3.1)."""
    return fr.get("labels", {}).get(sid) or damage.ship_name(D, sid)


def _ship_param(fr: dict[str, Any], sid: str) -> str:
    return fr.get("aliases_of", {}).get(sid, sid)


def _ship_from_param(fr: dict[str, Any], value: str) -> str:
    for sid, alias in fr.get("aliases_of", {}).items():
        if alias == value:
            return sid
    return value


@frame("air_strike")
class AirStrike:
    """8.1 and 8.2: one strike from CAP combat to the last bombing roll."""

    # Each step either asks (``_question``) or runs; a question with one answer is taken automatically.

    @staticmethod
    def _question(st: State, fr: dict[str, Any]) -> tuple[str, str, str, str, list[Action]] | None:
        D = st.data
        step = fr["step"]
        side, defender = fr["side"], fr["defender"]
        if step == "commit_escorts":
            need = fr["need_escorts"]
            committed = fr["engaged_escorts"]
            free = [a for a in fr["escorts"] if a not in committed and _alive(st, a)]
            options = [opt("escort_commit", f"Commit {_name(D, a)} against the CAP", air=a) for a in free]
            if len(committed) >= need:
                options.append(opt("escort_done", "Keep the rest for AA suppression"))
            return side, "escort_commit", "Commit escorts against the CAP (one per CAP unit at least)", "8.2.3", \
                options
        if step == "commit_cap":
            committed = fr["engaged_cap"]
            free = [a for a in fr["cap"] if a not in committed]
            options = [opt("cap_commit", f"Send {_name(D, a)} against the escorts", air=a) for a in free]
            if len(committed) >= min(len(fr["engaged_escorts"]), len(fr["cap"])):
                options.append(opt("cap_done", "Keep the other CAP units for the strike aircraft"))
            return defender, "cap_commit", "Assign the CAP units beyond the escorts' number", "8.2.3", options
        if step == "losses":
            job = fr["losses"][0]
            pool = [a for a in job["pool"] if st.air[a].box in ("mission", "cap")] if job["n"] > 0 else []
            if job["kind"] == "steps":
                full = [a for a in pool if not st.air[a].reduced]
                choices = full or pool
                options = [opt("lose_step", f"{_name(D, a)} loses a step"
                               + (" (destroyed)" if st.air[a].reduced else ""), air=a) for a in choices]
                return job["owner"], "step_loss", f"Take {job['n']} step loss(es)", job["rule"], options
            choices = [a for a in pool if not st.air[a].reduced]
            options = [opt("flip", f"Flip {_name(D, a)} to its exhausted side", air=a) for a in choices]
            return job["owner"], "flip_loss", f"Flip {job['n']} unit(s) to the exhausted side", job["rule"], options
        if step == "excess_drm":
            options = [opt("place_drm", f"Put a {number_drm(D)} bombing DRM on {_name(D, a)}", air=a)
                       for a in fr["strike"] if _alive(st, a)]
            return defender, "excess_drm", f"Place {fr['excess']} bombing DRM(s) on the strike units", "8.2.2", \
                options
        if step == "place_ships":
            placed = fr["areas"]
            todo = [s for s in fr["ships"] if s not in placed]
            sid = todo[0]
            used = set(placed.values())
            free = [n for n in range(1, DISPLAY_ROWS * DISPLAY_COLS + 1) if n not in used]
            options = [_place_ship_option(D, sid, n) for n in free]
            return (defender, "air_display", f"Place {damage.ship_name(D, sid)} on the air battle display", "8.1",
                    options)
        if step == "place_air":
            todo = [a for a in fr["strike"] if _alive(st, a) and a not in fr["aim"]]
            aid = todo[0]
            options = [opt("aim", f"{_name(D, aid)} attacks {_ship_label(D, fr, s)}"
                           + (f" (area {fr['areas'][s]})" if s in fr["areas"] else ""), air=aid,
                           ship=_ship_param(fr, s))
                       for s in fr["ships"] if not st.ships[s].sunk]
            return side, "air_target", f"Choose the ship {_name(D, aid)} attacks", "8.1", options
        if step == "pair":
            todo = [e for e in fr["suppressors"] if e not in fr["pair"]]
            eid = todo[0]
            taken = set(fr["pair"].values())
            options = [opt("pair", f"{_name(D, eid)} suppresses AA for {_name(D, a)}", escort=eid, air=a)
                       for a in fr["strike"] if _alive(st, a) and a in fr["aim"] and a not in taken]
            options.append(opt("pair", f"{_name(D, eid)} does not suppress", escort=eid, air=""))
            return side, "aa_suppression", f"Pair {_name(D, eid)} with a strike unit", "8.1.1", options
        if step == "order":
            todo = [a for a in fr["strike"] if a in fr["aim"] and a not in fr["done"] and st.air[a].box == "mission"]
            options = [opt("attack_next", f"{_name(D, a)} attacks {_ship_label(D, fr, fr['aim'][a])} next", air=a)
                       for a in todo]
            return side, "attack_order", "Which unit attacks next?", "8.1", options
        if step == "aa_adjacent":
            cur = fr["current"]
            target = fr["aim"][cur]
            attacked = set(fr["aim"].values())
            options = []
            for s in fr["ships"]:
                if s in attacked or s in fr["adjacent_fired"] or st.ships[s].sunk or damage.aa(st, s) <= 0:
                    continue
                if display_adjacent(fr["areas"].get(s, 0), fr["areas"].get(target, 0)):
                    options.append(opt("aa_adjacent", f"{damage.ship_name(D, s)} fires at {_name(D, cur)} at half AA",
                                       ship=s))
            if not options:
                return None
            options.append(opt("aa_adjacent_done", "No more adjacent AA fire at this unit"))
            return defender, "aa_adjacent", f"Adjacent ships firing at {_name(D, cur)}", "8.1", options
        if step == "land":
            aid = fr["landing"][0]
            h = fr.get("target_hex")
            options = []
            for f in LAND_FORMATIONS:
                for af in _airfields(D, f):
                    if h and dist(D, h, af) <= D.air[aid].range:
                        options.append(opt("land", f"{_name(D, aid)} lands at {af} ({f})", air=aid, field=af,
                                           formation=f))
            if not options:
                return None
            return side, "land", f"Where does {_name(D, aid)} land?", "6.5.7", options
        return None

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        q = AirStrike._question(st, fr)
        if q is None or len(q[4]) < 2:
            return None
        return ask(*q)

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        D = st.data
        k = action.kind
        if k == "escort_commit":
            fr["engaged_escorts"].append(action["air"])
            if len(fr["engaged_escorts"]) >= len([a for a in fr["escorts"] if _alive(st, a)]):
                fr["step"] = "escorts_committed"
        elif k == "escort_done":
            fr["step"] = "escorts_committed"
        elif k == "cap_commit":
            fr["engaged_cap"].append(action["air"])
            if len(fr["engaged_cap"]) >= len(fr["cap"]):
                fr["step"] = "a2a_escorts"
        elif k == "cap_done":
            fr["step"] = "a2a_escorts"
        elif k in ("lose_step", "flip"):
            _take_loss(st, fr, action["air"], ctx)
        elif k == "place_drm":
            fr["drms"].setdefault(action["air"], []).append([number_drm(D), "CAP result left over (8.2.2)"])
            fr["excess"] -= 1
            ctx.emit("8.2.2", f"The IJN places a {number_drm(D)} bombing DRM on {_name(D, action['air'])}",
                     kind="strike", data={"air": action["air"]})
            if fr["excess"] <= 0:
                fr["step"] = "after_cap"
        elif k == "place_ship":
            fr["areas"][action["ship"]] = action["area"]
            ctx.emit("8.1", f"{damage.ship_name(D, action['ship'])} is placed in area {action['area']} of the air "
                     "battle display", kind="air_display", data={"ship": action["ship"], "area": action["area"]})
            if all(s in fr["areas"] for s in fr["ships"]):
                fr["step"] = "place_air"
        elif k == "aim":
            sid = _ship_from_param(fr, action["ship"])
            fr["aim"][action["air"]] = sid
            ctx.emit("8.1", f"{_name(D, action['air'])} will attack {_ship_label(D, fr, sid)}",
                     kind="air_target", data={"air": action["air"], "ship": action["ship"]})
            if all(a in fr["aim"] for a in fr["strike"] if _alive(st, a)):
                fr["step"] = "pair" if fr["suppressors"] else "order"
        elif k == "pair":
            fr["pair"][action["escort"]] = action["air"]
            if action["air"]:
                ctx.emit("8.1.1", f"{_name(D, action['escort'])} pairs with {_name(D, action['air'])} to suppress AA",
                         kind="air_pair", data={"escort": action["escort"], "air": action["air"]})
            if all(e in fr["pair"] for e in fr["suppressors"]):
                fr["step"] = "order"
        elif k == "attack_next":
            _begin_attack(st, fr, action["air"], ctx)
        elif k == "aa_adjacent":
            fr["adjacent_fired"].append(action["ship"])
            _aa_fire(st, fr, action["ship"], ctx, half=True, adjacent=True)
            if fr["current_destroyed"] is not None:
                fr["step"] = "bomb"
        elif k == "aa_adjacent_done":
            fr["step"] = "bomb"
        elif k == "land":
            _land(st, fr, action["air"], action["formation"], action["field"], ctx)
        else:
            raise IllegalAction("8.1", f"{action.text} is not a choice in this air strike")

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        q = AirStrike._question(st, fr)
        if q is not None and len(q[4]) == 1:
            AirStrike.act(st, fr, q[4][0], ctx)
            return
        step = fr["step"]
        if step == "start":
            _start(st, fr, ctx)
        elif step == "escorts_committed":
            fr["suppressors"] = [a for a in fr["escorts"] if a not in fr["engaged_escorts"] and _alive(st, a)]
            if len(fr["cap"]) > len(fr["engaged_escorts"]):
                fr["step"] = "commit_cap"
            else:
                fr["engaged_cap"] = list(fr["cap"])
                fr["step"] = "a2a_escorts"
        elif step == "a2a_escorts":
            _a2a_escorts(st, fr, ctx)
        elif step == "losses":
            _end_loss_job(st, fr, ctx)
        elif step == "cap_vs_strike":
            _cap_vs_strike(st, fr, ctx)
        elif step == "excess_drm":
            fr["step"] = "after_cap"  # no strike unit left to carry the DRMs
        elif step == "after_cap":
            _after_cap(st, fr, ctx)
        elif step == "place_air":
            fr["step"] = "pair" if fr["suppressors"] else "order"
        elif step == "pair":
            fr["step"] = "order"
        elif step == "order":
            fr["step"] = "finish"
        elif step == "aa_adjacent":
            fr["step"] = "bomb"
        elif step == "bomb":
            _bomb(st, fr, ctx)
        elif step == "finish":
            _finish(st, fr, ctx)
        elif step == "land":
            aid = fr["landing"].pop(0)
            _land(st, fr, aid, None, None, ctx)
        else:
            raise IllegalAction("8.1", f"air strike in unknown step {step!r}")


def number_drm(D: ISData) -> int:
    return D.mod("bombing.excess_cap_result") if "bombing.excess_cap_result" in D.mods else -1


def _start(st: State, fr: dict[str, Any], ctx: Context) -> None:
    fr.update(cap=_cap_units(st, fr), engaged_escorts=[], engaged_cap=[], suppressors=[], losses=[], drms={},
              areas={}, aim={}, pair={}, done=[], adjacent_fired=[], current=None, current_destroyed=None,
              landing=[], attackers=0, attacked_ships=[], excess=0)
    if fr["mode"] == "surface":
        fr["ships"] = [s for s in fr["enemy_ships"] if not st.ships[s].sunk]
    else:
        fr["ships"] = _target_ships(st, fr["target"])
    cap = fr["cap"]
    if cap:
        ctx.emit("8.2", f"{len(cap)} {fr['defender']} CAP unit(s) intercept: "
                 + ", ".join(f"{_name(st.data, a)} ({strength(st, a)})" for a in cap), kind="cap",
                 data={"cap": cap})
    if cap and fr["escorts"]:
        fr["need_escorts"] = min(len(cap), len(fr["escorts"]))
        fr["step"] = "commit_escorts"
    elif cap:
        fr["step"] = "cap_vs_strike"
    else:
        fr["suppressors"] = list(fr["escorts"])
        fr["step"] = "after_cap"


def _a2a_escorts(st: State, fr: dict[str, Any], ctx: Context) -> None:
    """8.2.3: committed escorts and CAP fire at each other; nothing is applied until both have rolled."""
    cap, esc = fr["engaged_cap"], fr["engaged_escorts"]
    d_res = _a2a_roll(st, ctx, fr["defender"], cap, f"{fr['defender']} CAP fires at the escorts", "8.2.3")
    a_res = _a2a_roll(st, ctx, fr["side"], esc, f"{fr['side']} escorts fire at the CAP", "8.2.3")
    jobs = []
    if a_res:
        jobs.append(_loss_job(fr["defender"], a_res, cap, "8.2.3", excess="ignore"))
    if d_res:
        jobs.append(_loss_job(fr["side"], d_res, esc, "8.2.3", excess="ignore"))
    fr["losses"] = jobs
    fr["after_losses"] = "cap_vs_strike"
    fr["step"] = "losses" if jobs else "cap_vs_strike"


def _loss_job(owner: str, n: int, pool: list[str], rule: str, *, excess: str) -> dict[str, Any]:
    kind = "steps" if owner == "IJN" else "flips"
    return {"owner": owner, "n": n, "pool": list(pool), "kind": kind, "rule": rule, "excess": excess}


def _take_loss(st: State, fr: dict[str, Any], aid: str, ctx: Context) -> None:
    D = st.data
    job = fr["losses"][0]
    a = st.air[aid]
    if job["kind"] == "steps":
        if a.reduced:
            a.box = "destroyed"
            a.cap_over = None
            ctx.emit(job["rule"], f"{_name(D, aid)} loses its last step and is destroyed", kind="air_loss",
                     data={"air": aid, "destroyed": True})
        else:
            a.reduced = True
            ctx.emit(job["rule"], f"{_name(D, aid)} loses a step (now {strength(st, aid)})", kind="air_loss",
                     data={"air": aid, "destroyed": False})
    else:
        a.reduced = True
        ctx.emit(job["rule"], f"{_name(D, aid)} is flipped to its exhausted side (now {strength(st, aid)})",
                 kind="air_loss", data={"air": aid})
    job["n"] -= 1


def _end_loss_job(st: State, fr: dict[str, Any], ctx: Context) -> None:
    """The current loss job has no choice left: it is done, or the rest is excess."""
    job = fr["losses"].pop(0)
    if job["n"] > 0:
        if job["excess"] == "drm":
            fr["excess"] = job["n"]
            ctx.emit("8.2.2", f"{job['n']} CAP result(s) left over become bombing DRMs", kind="strike",
                     data={"excess": job["n"]})
        elif job["n"]:
            ctx.emit(job["rule"], f"{job['n']} result(s) beyond what the units can take are ignored", kind="strike")
    if fr["losses"]:
        return
    if fr.get("excess"):
        fr["step"] = "excess_drm"
        return
    fr["step"] = fr.get("after_losses", "after_cap")


def _cap_vs_strike(st: State, fr: dict[str, Any], ctx: Context) -> None:
    """8.2.2: the surviving CAP fires at the strike aircraft, which never fire back."""
    cap = [a for a in fr["cap"] if st.air[a].box == "cap"]
    strike = [a for a in fr["strike"] if _alive(st, a)]
    if not cap or not strike:
        fr["step"] = "after_cap"
        return
    res = _a2a_roll(st, ctx, fr["defender"], cap, f"{fr['defender']} CAP fires at the strike aircraft", "8.2.2")
    if not res:
        fr["step"] = "after_cap"
        return
    fr["losses"] = [_loss_job(fr["side"], res, strike, "8.2.2",
                              excess="drm" if fr["side"] == "USN" else "ignore")]
    fr["after_losses"] = "after_cap"
    fr["step"] = "losses"


def _after_cap(st: State, fr: dict[str, Any], ctx: Context) -> None:
    strike = [a for a in fr["strike"] if _alive(st, a)]
    if not strike:
        ctx.emit("8.1", "No strike aircraft get through", kind="strike")
        fr["step"] = "finish"
        return
    if fr["mode"] in ("surface", "kamikaze") or len(fr["ships"]) <= 1:
        if len(fr["ships"]) == 1:
            fr["areas"] = {fr["ships"][0]: 1}
        fr["step"] = "place_air"
        return
    ctx.emit("8.1", f"{fr['defender']} places the ships of the target on the air battle display, one per area",
             kind="air_display")
    fr["step"] = "place_ships"


def _begin_attack(st: State, fr: dict[str, Any], aid: str, ctx: Context) -> None:
    """One attacking unit: the target's AA, then adjacent ships at half (not for heavy bombers, not in 8.3.7)."""
    D = st.data
    fr["current"] = aid
    fr["current_destroyed"] = None
    fr["attackers"] += 1
    target = fr["aim"][aid]
    if target not in fr["attacked_ships"]:
        fr["attacked_ships"].append(target)
    if st.ships[target].sunk:
        fr["step"] = "bomb"
        return
    ctx.emit("8.1", f"{_name(D, aid)} ({strength(st, aid, extended=aid in fr['extended'])}) attacks "
             f"{_ship_label(D, fr, target)}", kind="air_attack", data={"air": aid, "ship": _ship_param(fr, target)})
    hb = _kind(st, aid) == "HB"
    _aa_fire(st, fr, target, ctx, half=hb, adjacent=False)
    if fr["current_destroyed"] is not None or hb or fr["mode"] in ("surface", "kamikaze"):
        fr["step"] = "bomb"
    else:
        fr["step"] = "aa_adjacent"


def _suppression(st: State, fr: dict[str, Any], aid: str) -> int:
    D = st.data
    n = sum(1 for e, a in fr["pair"].items() if a == aid and _alive(st, e)) * (
        D.mod("aa.suppression") if "aa.suppression" in D.mods else 1)
    if _is_cve_unit(st, aid) and "aa.escort_carrier_strike" in D.mods:
        n += D.mod("aa.escort_carrier_strike")
    return n


def _aa_fire(st: State, fr: dict[str, Any], ship: str, ctx: Context, *, half: bool, adjacent: bool) -> None:
    D = st.data
    aid = fr["current"]
    factor = damage.aa(st, ship)
    if half:
        factor = math.floor(factor / 2 + 0.5)
    if factor <= 0:
        return
    why = "adjacent ship, half AA" if adjacent else ("heavy bombers, half AA" if half else "target ship")
    rec = ctx.roll_on(D.table("aa"), factor, [], purpose=f"AA from {_ship_label(D, fr, ship)} at {_name(D, aid)} "
                      f"({why}, factor {factor})", rule="8.1")
    drm = int(rec.result.get("drm", 0))
    if drm and not adjacent:
        sup = _suppression(st, fr, aid)
        if sup:
            new = min(0, drm + sup)
            ctx.emit("8.1.1", f"AA suppression turns the {drm} into {new}", kind="aa_suppression",
                     data={"air": aid, "before": drm, "after": new})
            drm = new
    if drm:
        fr["drms"].setdefault(aid, []).append([drm, f"AA from {_ship_label(D, fr, ship)}"])
    if rec.result.get("destroyed") and st.ships[ship].side == "USN" and st.air[aid].side == "IJN":
        d = ctx.roll("d10", purpose=f"{_name(D, aid)} is shot down: does it deliver its attack first?", rule="8.1")
        delivers = d.final >= D.mod("aa.delivery_min")
        fr["current_destroyed"] = "after" if delivers else "before"
        ctx.emit("8.1", f"{_name(D, aid)} is destroyed by AA " + ("after delivering its attack" if delivers
                 else "before it can attack"), kind="air_loss", data={"air": aid, "delivers": delivers})


def _bomb(st: State, fr: dict[str, Any], ctx: Context) -> None:
    D = st.data
    aid = fr["current"]
    target = fr["aim"][aid]
    fr["done"].append(aid)
    destroyed = fr["current_destroyed"]
    if destroyed != "before":
        if st.ships[target].sunk:
            ctx.emit("8.1", f"{_ship_label(D, fr, target)} has already sunk; {_name(D, aid)} wastes its attack",
                     kind="air_attack", data={"air": aid, "wasted": True})
        else:
            column = (kamikaze_column(D) if fr["mode"] == "kamikaze"
                      else strength(st, aid, extended=aid in fr["extended"]))
            mods = [Modifier(int(v), str(src)) for v, src in fr["drms"].get(aid, [])]
            rec = damage.roll_damage(D, ctx, column, mods,
                                     purpose=f"{_name(D, aid)} bombs {_ship_label(D, fr, target)}",
                                     rule="11.1" if fr["mode"] == "kamikaze" else "8.1")
            hits = int(rec.result.get("hits", 0))
            if hits:
                damage.apply_hits(st, target, hits, ctx, rule="8.1", cause=f"air attack by {_name(D, aid)}",
                                  per_attack_cap=True, critical=bool(rec.result.get("critical")),
                                  critical_each_point=fr["mode"] == "kamikaze",
                                  public_name=fr.get("labels", {}).get(target))
            else:
                ctx.emit("8.1", f"{_name(D, aid)} misses", kind="air_attack", data={"air": aid, "hits": 0})
    if destroyed is not None:
        st.air[aid].box = "destroyed"
    fr["current"] = None
    fr["current_destroyed"] = None
    fr["step"] = "order"


def _land(st: State, fr: dict[str, Any], aid: str, formation: str | None, field: str | None, ctx: Context) -> None:
    """6.5.7: IJN carrier strike aircraft land at an airfield in range of the target and join its air fleet."""
    D = st.data
    if aid in fr["landing"]:
        fr["landing"].remove(aid)
    a = st.air[aid]
    if formation is None:
        a.box = "destroyed"
        ctx.emit("6.5.7", f"{_name(D, aid)} finds no airfield in range and is lost", kind="air_loss", data={"air": aid})
    else:
        a.parent = formation
        a.ashore = True
        a.box = "flown"
        ctx.emit("6.5.7", f"{_name(D, aid)} lands at {field} and joins the {formation}", kind="air_box",
                 data={"air": aid, "field": field, "formation": formation}, visible=("IJN",))
    if not fr["landing"]:
        fr["step"] = "done"
        pop(st, fr)


def _finish(st: State, fr: dict[str, Any], ctx: Context) -> None:
    """Aircraft return (6.5.1, 6.5.3, 6.5.7, 6.5.8), and the target TF may lose an MP (6.2.3)."""
    for a in [x for x in fr["strike"] + fr["escorts"] if st.air[x].box == "mission"]:
        u = st.air[a]
        if u.side == "IJN" and _carrier_of(st, a) is not None and not st.flags.get("ijn_carrier_aircraft_return"):
            fr["landing"].append(a)
            continue
        u.box = "flown"
        if u.side == "USN" and u.parent != "USAAF" and not _is_cve_unit(st, a):
            u.reduced = True
            if a in fr["extended"]:
                u.missions_today = max(u.missions_today, 2)  # extended range uses the day's two missions (6.5.6)
    _mp_penalty(st, fr, ctx)
    ctx.emit("8.1", "The air strike is over", kind="strike_end")
    if fr["landing"]:
        fr["step"] = "land"
        return
    pop(st, fr)


def _mp_penalty(st: State, fr: dict[str, Any], ctx: Context) -> None:
    """6.2.3: a TF attacked by four or more air units in one activation sub-phase loses an MP (two a turn at most)."""
    D = st.data
    if fr["mode"] == "surface":
        bi = fr.get("battle_index", -1)
        if 0 <= bi < len(st.stack):
            bf = st.stack[bi]
            for s in fr["attacked_ships"]:
                if s in bf.get("display", {}):
                    bf["display"][s]["mp"] = bf["display"][s].get("mp", 0) + D.mod("surface.attack_mp")
    tfs: dict[str, int] = {}
    for s in fr.get("attacked_ships", []):
        t = st.ships[s].tf
        if t:
            tfs[t] = tfs.get(t, 0) + sum(1 for a, tgt in fr["aim"].items() if tgt == s and a in fr["done"])
    ai = fr.get("act_index", -1)
    holder: dict[str, Any] = st.stack[ai] if 0 <= ai < len(st.stack) else {}
    tally = holder.setdefault("air_attackers", {})
    for t, n in sorted(tfs.items()):
        before = tally.get(t, 0)
        tally[t] = before + n
        need = D.mod("air_attack.mp_loss_threshold")
        tf = st.tfs[t]
        if before < need <= tally[t] and tf.air_mp_lost_this_turn < D.mod("air_attack.mp_loss_max"):
            tf.mp_markers += 1
            tf.air_mp_lost_this_turn += 1
            ctx.emit("6.2.3", f"TF {tf.id} was attacked by {tally[t]} air units: -1 MP at its next activation",
                     kind="mp", data={"tf": t})


# -- kamikazes (11.1) -------------------------------------------------------------------------------------------


@frame("kamikaze_attack")
class KamikazeAttack:
    """11.1: no CAP, no AA; the IJN picks a ship that is not a destroyer unit; every hit is also a critical hit."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        D = st.data
        ships = [s for s in _target_ships(st, fr["target"]) if not D.ships[s].small]
        options = [opt("kamikaze_target", f"Dive on {damage.ship_name(D, s)}", ship=s) for s in ships]
        if len(options) < 2:
            return None
        return ask("IJN", "kamikaze_target", "Kamikaze: pick the target ship", "11.1", options)

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        _kamikaze_roll(st, fr, action["ship"], ctx)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        ships = [s for s in _target_ships(st, fr["target"]) if not st.data.ships[s].small]
        if not ships:
            pop(st, fr)
            ctx.emit("11.1", "The kamikaze finds no target", kind="kamikaze")
            return
        _kamikaze_roll(st, fr, ships[0], ctx)


def kamikaze_column(D: ISData) -> int:
    """11.1: the Damage Table column of a kamikaze — its counter's factor, else the printed 9."""
    k = [a.strength for a in D.air.values() if a.kind == "K"]
    return k[0] if k else D.mod("kamikaze.column")


def _kamikaze_roll(st: State, fr: dict[str, Any], sid: str, ctx: Context) -> None:
    D = st.data
    pop(st, fr)
    ctx.emit("11.1", f"A kamikaze dives on {damage.ship_name(D, sid)}", kind="kamikaze", data={"ship": sid})
    rec = damage.roll_damage(D, ctx, kamikaze_column(D), [], purpose=f"kamikaze on {damage.ship_name(D, sid)}",
                             rule="11.1")
    hits = int(rec.result.get("hits", 0))
    if hits:
        damage.apply_hits(st, sid, hits, ctx, rule="11.1", cause="kamikaze", per_attack_cap=True,
                          critical_each_point=True)
    else:
        ctx.emit("11.1", "The kamikaze misses", kind="kamikaze")


# -- Initial Phase (3.1) ----------------------------------------------------------------------------------------


def initial_phase_frames(st: State) -> list[tuple[str, dict[str, Any]]]:
    """The aircraft steps of the Initial Phase, in order (3.1, 6.5.2, 6.5.4, 6.5.9, 14.1, 14.2)."""
    frames: list[tuple[str, dict[str, Any]]] = []
    rec = st.flags.get("turn_info", {})
    if _truthy(rec.get("air_reinforcement", rec.get("ijn_air_reinforcement", ""))):
        frames.append(("air_reinforcement", {}))
    if _day(st):
        frames.append(("ijn_readiness", {}))
        if st.options.get("escort_carrier_ground_support"):
            frames.append(("ground_support", {}))
        if st.options.get("airfield_suppression"):
            frames.append(("airfield_suppression", {}))
        frames.append(("cap_allocation", {"side": "IJN"}))
        frames.append(("cap_allocation", {"side": "USN"}))
    return frames


def _truthy(v: Any) -> bool:
    return str(v).strip().lower() in ("1", "true", "yes", "y", "x")


@frame("air_reinforcement")
class AirReinforcement:
    """6.5.9: on the turns the record names, destroyed land-based units may come back, drawn at random."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        D = st.data
        pop(st, fr)
        rec = ctx.roll_on(D.table("ijn_air_reinforcement"), "-", [], purpose="IJN air reinforcements",
                          rule="6.5.9", visible=("IJN",))
        n = int(rec.result.get("units", 0))
        pool = [a.id for a in sorted(st.air.values(), key=lambda a: a.id)
                if a.side == "IJN" and a.box == "destroyed" and D.air[a.id].parent in LAND_FORMATIONS]
        got = []
        for _ in range(min(n, len(pool))):
            i = ctx.pick(len(pool), purpose="draw a reinforcement from the destroyed box", rule="6.5.9",
                         visible=("IJN",))
            aid = pool.pop(i)
            u = st.air[aid]
            u.box, u.reduced, u.parent, u.ashore, u.cap_over = "ready", False, D.air[aid].parent, False, None
            got.append(aid)
        ctx.emit("6.5.9", f"IJN air reinforcements: {len(got)} unit(s) return to the Ready box", kind="air_box",
                 data={"units": got}, visible=("IJN",))


@frame("ijn_readiness")
class IJNReadiness:
    """6.5.9: each flown IJN land-based unit rolls; a low roll makes it ready. Carrier CAP units simply return."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        D = st.data
        pop(st, fr)
        top = D.mod("air.ijn_ready_max")
        for a in sorted(st.air.values(), key=lambda a: a.id):
            if a.side != "IJN" or a.box != "flown":
                continue
            if a.parent in LAND_FORMATIONS:
                r = ctx.roll("d10", purpose=f"readiness of {_name(D, a.id)} (1-{top} readies it)", rule="6.5.9",
                             visible=("IJN",))
                if r.final <= top:
                    a.box = "ready"
            elif a.role == "CAP":
                # Carrier fighters back from CAP over another TF sat out one turn only (6.5.7); carrier aircraft
                # that struck (What-If, 13.2) stay in the Flown box until night: one strike a day.
                a.box, a.role = "ready", None


@cache
def _cap_option(D: ISData, kind: str, aid: str) -> Action:
    """One unit's CAP on/off option: fixed text and parameters, so built once (the decision repeats all day)."""
    text = "flies CAP over its own TF" if kind == "cap_on" else "leaves CAP for the Ready box"
    return opt(kind, f"{_name(D, aid)} {text}", air=aid)


@frame("cap_allocation")
class CapAllocation:
    """6.5.4/8.2.1: on day turns each side puts fighters in the CAP box over their own TF, or takes them off."""

    @staticmethod
    def _units(st: State, side: str) -> tuple[list[str], list[str]]:
        ready, cap = [], []
        groups = _units_by_parent(st)
        tfs = [t for t in st.tfs.values() if t.side == side and t.in_play and not t.dummy
               and any(s in groups for s in t.ships)]  # only TFs with aircraft aboard
        for tf in sorted(tfs, key=lambda t: t.id):
            units = _tf_units(st, tf, boxes=("ready", "cap"), by_parent=groups)
            ready += [a for a in units if st.air[a].box == "ready" and can_fight(st, a)]
            cap += [a for a in units if st.air[a].box == "cap" and st.air[a].cap_over == tf.id]
        return ready, cap

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        D = st.data
        ready, cap = CapAllocation._units(st, fr["side"])
        if fr.get("finished") or (not ready and not cap):
            return None
        options = [_cap_option(D, "cap_on", a) for a in ready]
        options += [_cap_option(D, "cap_off", a) for a in cap
                    if a not in fr.get("placed", [])]
        options.append(opt("cap_alloc_done", "CAP allocation done"))
        return ask(fr["side"], "cap_allocation", f"{fr['side']}: allocate CAP over your own TFs", "6.5.4", options)

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "cap_alloc_done":
            fr["finished"] = True
            return
        a = st.air[action["air"]]
        tf = _home_tf(st, a.id)
        if action.kind == "cap_on" and tf is not None:
            a.box, a.cap_over = "cap", tf.id
            if _kind(st, a.id) == "FB":
                a.role = "F"
            fr.setdefault("placed", []).append(a.id)
        elif action.kind == "cap_off":
            a.box, a.cap_over = "ready", None
            if _is_cve_unit(st, a.id):
                a.role = None
        ctx.emit("6.5.4", action.text, kind="cap", data={"air": a.id}, visible=(fr["side"],))

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


@frame("ground_support")
class GroundSupport:
    """Optional 14.1: a die roll says how many escort-carrier squadrons must support the troops on Leyte today.

    The USN commits squadrons from the Ready box one by one (they go to the Flown box for the turn); each one the
    roll asked for and the USN kept back gives the IJN 1 VP. In the Terminal Phase each committed squadron rolls;
    9 or 10 (``ground_support.exhaust_min``) flips it to its exhausted side.
    """

    @staticmethod
    def _ready(st: State) -> list[str]:
        return [a.id for a in sorted(st.air.values(), key=lambda a: a.id)
                if a.side == "USN" and a.box == "ready" and _is_cve_unit(st, a.id)
                and damage.air_ops(st, a.parent)]

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if "needed" not in fr or fr.get("finished") or len(fr["committed"]) >= fr["needed"]:
            return None
        units = GroundSupport._ready(st)
        if not units:
            return None
        options = [opt("ground_support_commit", f"Commit {_name(st.data, a)} to ground support", air=a) for a in units]
        short = fr["needed"] - len(fr["committed"])
        options.append(opt("ground_support_done", f"Keep the rest ({short} short: {short} VP to the IJN)"))
        return ask("USN", "ground_support", f"Ground support: {fr['needed']} squadron(s) asked for", "14.1", options)

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "ground_support_done":
            fr["finished"] = True
            return
        a = st.air[action["air"]]
        a.box, a.role = "flown", "B"
        a.missions_today += 1
        fr["committed"].append(a.id)
        st.flags.setdefault("ground_support", []).append(a.id)
        ctx.emit("14.1", f"{_name(st.data, a.id)} flies ground support over Leyte", kind="air_box", data={"air": a.id},
                 visible=("USN",))

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if "needed" not in fr:
            r = ctx.roll("d10", purpose="escort-carrier squadrons needed for ground support", rule="14.1")
            fr["needed"], fr["committed"] = r.final, []
            fr["available"] = len(GroundSupport._ready(st))
            return
        short = min(fr["needed"], fr["available"]) - len(fr["committed"])
        pop(st, fr)
        ctx.emit("14.1", f"Ground support: {len(fr['committed'])} squadron(s) committed of {fr['needed']} asked",
                 kind="ground_support", data={"needed": fr["needed"], "committed": len(fr["committed"])})
        if short > 0:
            victory.award(st, "IJN", short, f"{short} escort-carrier squadron(s) kept from ground support", "14.1",
                          ctx)


def _ijn_carrier_seen(st: State) -> bool:
    """14.2 lasts until an IJN TF with a fleet or light carrier has been detected (remembered once it happens)."""
    if st.flags.get("ijn_carrier_detected"):
        return True
    for t in st.tfs.values():
        if t.side == "IJN" and t.detected and t.in_play and any(
                st.data.ships[s].type in ("CV", "CVL") and not st.ships[s].sunk for s in t.ships):
            st.flags["ijn_carrier_detected"] = True
            return True
    return False


@frame("airfield_suppression")
class AirfieldSuppression:
    """Optional 14.2: until an IJN carrier TF is found, USN fleet-carrier units must strike Japanese airfields.

    The roll plus 2 (plus 4 instead once a kamikaze has been in play) is the number of USN CV/CVL air units the USN
    must send (all it has if fewer); they go to the Flown box. Each one then rolls against a Japanese land-based unit
    of the IJN's choice in a Ready box: 1-3 sends it to the Flown box.
    """

    @staticmethod
    def _usn_ready(st: State) -> list[str]:
        out = []
        for a in sorted(st.air.values(), key=lambda a: a.id):
            c = _carrier_of(st, a.id)
            if a.side == "USN" and a.box == "ready" and c and st.data.ships[c].type in ("CV", "CVL") \
                    and damage.air_ops(st, c):
                out.append(a.id)
        return out

    @staticmethod
    def _ijn_ready(st: State) -> list[str]:
        return [a.id for a in sorted(st.air.values(), key=lambda a: a.id)
                if a.side == "IJN" and a.box == "ready" and a.parent in LAND_FORMATIONS]

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        D = st.data
        if "needed" not in fr:
            return None
        if len(fr["sent"]) < fr["needed"]:
            units = AirfieldSuppression._usn_ready(st)
            if not units:
                return None
            return ask("USN", "airfield_suppression", f"Airfield suppression: send {fr['needed'] - len(fr['sent'])}"
                       " more unit(s)", "14.2", [opt("suppression_send", f"Send {_name(D, a)}", air=a) for a in units])
        if fr["rolls_left"] > 0:
            units = AirfieldSuppression._ijn_ready(st)
            if not units:
                return None
            return ask("IJN", "airfield_suppression_target", "Which of your land-based units does the next "
                       "suppression roll fall on?", "14.2",
                       [opt("suppression_target", f"{_name(D, a)}", air=a) for a in units])
        return None

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        D = st.data
        a = st.air[action["air"]]
        if action.kind == "suppression_send":
            a.box, a.reduced = "flown", True
            a.missions_today += 1
            fr["sent"].append(a.id)
            ctx.emit("14.2", f"{_name(D, a.id)} flies airfield suppression", kind="air_box", data={"air": a.id},
                     visible=("USN",))
            return
        fr["rolls_left"] -= 1
        r = ctx.roll("d10", purpose=f"airfield suppression against {_name(D, a.id)}", rule="14.2")
        if r.final <= D.mod("airfield_suppression.hit_max"):
            a.box = "flown"
            ctx.emit("14.2", f"{_name(D, a.id)} is caught on the ground and goes to the Flown box", kind="air_box",
                     data={"air": a.id})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if "needed" not in fr:
            if _ijn_carrier_seen(st):
                pop(st, fr)
                return
            D = st.data
            key = "airfield_suppression.after_kamikaze" if (st.kamikazes_used or st.kamikazes) else \
                "airfield_suppression.base"
            r = ctx.roll("d10", [Modifier(D.mod(key), key.split(".")[-1].replace("_", " ") + " (14.2)")],
                         purpose="USN carrier air units held for airfield suppression", rule="14.2")
            fr["needed"], fr["sent"] = r.final, []
            fr["rolls_left"] = 0
            return
        if len(fr["sent"]) < fr["needed"] and "rolled" not in fr:
            fr["needed"] = len(fr["sent"])  # fewer units than the roll asked for: all of them went
        if "rolled" not in fr:
            fr["rolled"] = True
            fr["rolls_left"] = len(fr["sent"])
            return
        pop(st, fr)


# -- Terminal Phase (3.3, 6.5.3, 6.5.4) -------------------------------------------------------------------------


def _next_is_night(st: State) -> bool:
    try:
        rec = turn_record(st, st.turn + 1)
    except Exception:  # noqa: BLE001 - no record for the turn after the last
        return True
    if not rec:
        return True
    return not record_is_day(rec)


def terminal_phase(st: State, ctx: Context) -> None:
    """Aircraft at the end of a turn.

    Day (6.5.3, 6.5.4, 8.2.1): USN fleet-carrier units back from their first mission of the day come to the Ready
    box on their exhausted side; those that flew twice stay in the Flown box. CAP over another TF ends (Flown,
    exhausted). Escort-carrier squadrons are ready for next turn's single mission. After the last day turn, CAP over
    the own TF also ends, exhausted. Night: every USN unit recovers to its fresh side in the Ready box, as do USAAF
    bombers and IJN carrier fighters; IJN land-based units wait for their readiness rolls (6.5.9).
    """
    D = st.data
    day = _day(st)
    if st.options.get("airedale_fatigue"):
        raise NotYetImplemented("14.6", "Airedale Fatigue (optional rule; its text is cut off)")
    if day and st.flags.get("ground_support"):
        # 14.1: each squadron back from ground support rolls; a high roll leaves it exhausted.
        for aid in st.flags.pop("ground_support"):
            # which squadrons flew ground support is the USN's secret (only the totals are public), so are these
            r = ctx.roll("d10", purpose=f"ground support losses of {_name(D, aid)}", rule="14.1", visible=("USN",))
            if r.final >= D.mod("ground_support.exhaust_min"):
                st.air[aid].reduced = True
                ctx.emit("14.1", f"{_name(D, aid)} comes back exhausted", kind="air_box", data={"air": aid},
                         visible=("USN",))
    moved: list[str] = []
    for a in sorted(st.air.values(), key=lambda a: a.id):
        if a.box in ("destroyed", "eliminated", "out"):
            continue
        cve = _is_cve_unit(st, a.id)
        home = _home_tf(st, a.id)
        if day:
            if a.box == "cap" and a.cap_over is not None and (home is None or a.cap_over != home.id):
                a.box, a.cap_over = "flown", None
                if a.side == "USN" and not cve:
                    a.reduced = True
                if a.side == "IJN" and home is not None:
                    a.role = "CAP"
                moved.append(a.id)
                continue
            if a.box == "cap" and _next_is_night(st):
                a.box, a.cap_over = "flown", None
                if a.side == "USN" and not cve:
                    a.reduced = True
                    a.missions_today = max(a.missions_today, 2)
                moved.append(a.id)
                continue
            if a.side == "USN" and a.box == "flown" and a.parent != "USAAF":
                if cve:
                    a.box = "ready"
                elif a.missions_today < 2:
                    a.box, a.reduced = "ready", True
                moved.append(a.id)
            if cve and a.box == "ready":
                a.role = None
        else:
            if a.side == "USN":
                if a.box in ("flown", "ready", "cap"):
                    a.box, a.reduced, a.cap_over = "ready", False, None
                a.missions_today = 0
                a.role = None
                moved.append(a.id)
            elif a.side == "IJN" and a.parent not in LAND_FORMATIONS and a.box in ("flown", "cap"):
                a.box, a.cap_over = "ready", None
                a.missions_today = 0
                moved.append(a.id)
    for side in ("IJN", "USN"):
        mine = [m for m in moved if st.air[m].side == side]
        if mine:
            ctx.emit("6.5.3" if day else "3.3", f"{side} aircraft recover: {len(mine)} unit(s) change box",
                     kind="air_box", data={"units": mine}, visible=(side,))


_ = (other,)
