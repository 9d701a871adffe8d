"""Radar-directed CAP, Clash's advanced rule 13.0 (option ``radar_cap``; rulings R-30, R-60, R-61).

Without the option every CAP unit covers its own group's hex (5.7, 8.2) and this module changes nothing: each frame
below hands over to Imperial Sunset's unchanged. With it, in the Initial Phase the USN may send a full-strength
fighter (F, never FB nor a fatigued one: G28) out one or two hexes from its carrier's group instead of over it: the
unit is flipped to its fatigued side and holds that hex for the whole turn (13.0). The choice is two small steps
(the unit, then the hex), each refused with 13.0 when it breaks the rule. IJN fighters never do this.

Such a unit no longer covers its group's hex: ``cap_over`` stays empty, so Imperial Sunset's own CAP pool (hex by hex,
``cap_scope`` = "hex_pool") never counts it. Its hex is kept in ``st.flags["radar_cap"]`` (unit -> [hex, turn]).

A Japanese raid flies a straight line from each of its units' launch points to its target (R-61). Radar CAP whose hex
is on that line or next to it fights the raid there, before the raid reaches the target: one CAP battle per radar
hex, the whole pool of that hex together (8.2.3), the hex farthest from the target first, then the CAP over the
target hex itself (13.0: an intercept in the target hex comes before any other combat there). Each battle is
Imperial Sunset's CAP procedure (``air_to_air``); ``strike_start`` and ``strike_after_cap`` are replaced here only
to chain them. Bombers lost to radar CAP are lost to CAP, so they never deliver their ordnance (13.0, 14.0).
"""

from __future__ import annotations

from typing import Any

from leyte.core.cases import own
from leyte.core.errors import IllegalAction
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.clash import islands
from leyte.rulebooks.clash.engine import ask, frame, opt
from leyte.rulebooks.imperial_sunset import strikes
from leyte.rulebooks.imperial_sunset.air_ops import can_fight, carrier_of, home_tf, on_mission, strength, unit_kind
from leyte.rulebooks.imperial_sunset.air_to_air import goto, intercepting_cap
from leyte.rulebooks.imperial_sunset.cap import CapAllocation
from leyte.rulebooks.imperial_sunset.state import State

RULE = own("13.0")
FLAG = "radar_cap"
RANGE = (1, 2)  # 13.0: one or two hexes from the carrier's hex


def radar_on(st: State) -> bool:
    return bool(st.options.get("radar_cap"))


def radar_hexes(st: State) -> dict[str, str]:
    """Units flying radar CAP this turn -> their hex (an entry of an earlier turn, or of a unit gone, is stale)."""
    out = {}
    for aid, (h, turn) in sorted(st.flags.get(FLAG, {}).items()):
        a = st.air.get(aid)
        if a is not None and a.box == "cap" and turn == st.turn:
            out[aid] = str(h)
    return out


def _why_not(st: State, aid: str) -> str | None:
    """Why ``aid`` may not fly radar CAP now, or None if it may (13.0, G28)."""
    a = st.air.get(aid)
    if a is None:
        return f"no air unit {aid!r}"
    name = st.data.air[aid].name
    if a.side != "USN":
        return f"{name} is Japanese: IJN fighters never fly radar-directed CAP"
    if unit_kind(st, aid) != "F":
        return f"{name} is an {unit_kind(st, aid)} unit: only fighter (F) units fly radar-directed CAP (G28)"
    if a.box != "ready" or not can_fight(st, aid):
        return f"{name} is not in its Ready box"
    if a.reduced:
        return f"{name} is fatigued: only full-strength fighters fly radar-directed CAP (G28)"
    tf = home_tf(st, aid)
    if tf is None or not tf.in_play or not tf.hex:
        return f"{name} has no carrier group on the map"
    return None


def eligible(st: State, units: list[str]) -> list[str]:
    return [a for a in units if _why_not(st, a) is None]


def placement_hexes(st: State, aid: str) -> list[str]:
    """The map hexes one or two hexes from the unit's carrier group (13.0), in label order."""
    tf = home_tf(st, aid)
    if tf is None or not tf.hex:
        return []
    m = st.data.map
    here = m.hex(tf.hex)
    return sorted(m.label(h) for r in RANGE for h in m.ring(here, r))


@frame("cap_allocation", replaces=True)
class RadarCapAllocation(CapAllocation):
    """5.7 with 13.0: besides CAP over its own group, a USN fighter may fly radar-directed CAP one or two hexes out.

    Without the option, or for the IJN, this is Imperial Sunset's frame exactly."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if not radar_on(st) or fr["side"] != "USN":
            return CapAllocation.decide(st, fr)
        D = st.data
        pick = fr.get("radar_unit")
        if pick:
            options = [opt("radar_hex", f"{D.air[pick].name} intercepts from {h}", air=pick, hex=h)
                       for h in placement_hexes(st, pick)]
            options.append(opt("radar_back", f"{D.air[pick].name} does not fly radar-directed CAP after all"))
            tf = home_tf(st, pick)
            return ask("USN", "radar_cap_hex", f"Radar-directed CAP: the hex {D.air[pick].name} holds, one or two "
                       f"hexes from {tf.name if tf else '?'}", RULE, options,
                       data={"air": pick, "from": tf.hex if tf else None})
        base = CapAllocation.decide(st, fr)
        ready, _ = CapAllocation._units(st, "USN")
        radar = [opt("cap_radar", f"{D.air[a].name} flies radar-directed CAP (13.0: fatigued, one or two hexes out)",
                     air=a) for a in eligible(st, ready)]
        if base is None or not radar:
            return base
        options = list(base.options)
        options[-1:-1] = radar  # before "CAP allocation done"
        return ask(base.player, base.kind, base.prompt, base.rule, options, data=base.data)

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "cap_radar":
            fr["radar_unit"] = action["air"]
            return
        if action.kind == "radar_back":
            fr.pop("radar_unit", None)
            return
        if action.kind == "radar_hex":
            aid = fr.pop("radar_unit")
            a = st.air[aid]
            a.box, a.cap_over, a.reduced = "cap", None, True
            st.flags.setdefault(FLAG, {})[aid] = [action["hex"], st.turn]
            fr.setdefault("placed", []).append(aid)
            ctx.emit(RULE, f"{st.data.air[aid].name} flies radar-directed CAP over {action['hex']}, fatigued "
                     f"(now {strength(st, aid)})", kind="cap", data={"air": aid, "hex": action["hex"]},
                     visible=("USN",))
            return
        CapAllocation.act(st, fr, action, ctx)

    @staticmethod
    def refuse(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
        """Why a radar-CAP choice is not legal here, naming 13.0."""
        if action.kind not in ("cap_radar", "radar_hex"):
            return None
        if not radar_on(st):
            return IllegalAction(RULE, "radar-directed CAP is an advanced rule: the game's options leave it off")
        if fr["side"] != "USN":
            return IllegalAction(RULE, "IJN fighters never fly radar-directed CAP")
        aid = str(action.get("air", ""))
        if action.kind == "cap_radar":
            if fr.get("radar_unit"):
                return IllegalAction(RULE, f"first choose the hex of {st.data.air[fr['radar_unit']].name}")
            return IllegalAction(RULE, _why_not(st, aid) or f"{aid} cannot fly radar-directed CAP now")
        if fr.get("radar_unit") != aid:
            return IllegalAction(RULE, f"{aid} was not chosen for radar-directed CAP")
        tf = home_tf(st, aid)
        m = st.data.map
        try:
            d = m.distance(m.hex(str(action.get("hex"))), m.hex(tf.hex)) if tf and tf.hex else -1
        except Exception:  # noqa: BLE001 - a label not on the map
            return IllegalAction(RULE, f"{action.get('hex')!r} is not a hex of the map")
        return IllegalAction(RULE, f"{action.get('hex')} is {d} hexes from {tf.name if tf else '?'}: radar CAP holds "
                             "a hex one or two hexes from its carrier's group")


# -- interception on the raid's way (13.0) ------------------------------------------------------------------------


def launch_hex(st: State, aid: str) -> tuple[str, bool] | None:
    """Where a unit of a raid starts, and whether the raid enters that hex itself: its carrier group's hex or its
    island base (no), or for a base beyond the map edge the edge hex it comes in through (yes: 2.1)."""
    if carrier_of(st, aid) is not None:
        tf = home_tf(st, aid)
        return (tf.hex, False) if tf and tf.hex else None
    try:
        b = islands.base(st, st.air[aid].parent)
    except Exception:  # noqa: BLE001 - not an island unit either
        return None
    if b.get("hex"):
        return str(b["hex"]), False
    return (str(b["edge_hex"]), True) if b.get("edge_hex") else None


def flight_path(st: State, units: list[str], target_hex: str) -> list[str]:
    """Every hex the raid enters: the straight lines from each unit's launch point to the target, a launch hex on the
    map itself left out (R-61)."""
    m = st.data.map
    to = m.hex(target_hex)
    seen: dict[str, None] = {}
    for origin, entered in sorted({x for a in units if (x := launch_hex(st, a))}):
        for h in m.hex(origin).line_to(to)[0 if entered else 1:]:
            seen.setdefault(m.label(h), None)
    return list(seen)


def intercepts(st: State, fr: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """The radar CAP pools this raid meets, each (hex, units), the one farthest from the target first (13.0)."""
    if fr["defender"] != "USN" or fr["mode"] != "normal" or not fr.get("target_hex"):
        return []
    radar = radar_hexes(st)
    if not radar:
        return []
    m = st.data.map
    path = [m.hex(h) for h in flight_path(st, fr["strike"] + fr["escorts"], fr["target_hex"])]
    target = m.hex(fr["target_hex"])
    pools: dict[str, list[str]] = {}
    for aid, h in radar.items():
        pools.setdefault(h, []).append(aid)
    met = [h for h in pools if any(m.hex(h).distance(p) <= 1 for p in path)]
    met.sort(key=lambda h: (-m.hex(h).distance(target), h))
    return [(h, sorted(pools[h])) for h in met]


def _begin_round(st: State, fr: dict[str, Any], cap: list[str], where: str, ctx: Context) -> None:
    """One CAP battle of the raid, Imperial Sunset's procedure (8.2.1-8.2.3) with ``cap`` as the defending pool."""
    fr.update(cap=cap, engaged_escorts=[], engaged_cap=[], losses=[], excess=0)
    ctx.emit(RULE, f"{len(cap)} USN radar-directed CAP unit(s) over {where} intercept the raid: "
             + ", ".join(f"{st.data.air[a].name} ({strength(st, a)})" for a in cap), kind="cap",
             data={"cap": cap, "hex": where})
    escorts = [a for a in fr["escorts"] if on_mission(st, a)]
    if escorts:
        fr["need_escorts"] = min(len(cap), len(escorts))
        goto(st, "commit_escorts")
    else:
        goto(st, "cap_vs_strike")


@frame("strike_start", replaces=True)
class RadarStrikeStart(strikes.StrikeStart):
    """8.2 with 13.0: radar CAP on the raid's way fights it first; without any, Imperial Sunset's step as it is."""

    @classmethod
    def auto(cls, st: State, fr: Any, ctx: Context) -> None:
        rounds = intercepts(st, fr) if radar_on(st) else []
        if not rounds:
            strikes.StrikeStart.auto(st, fr, ctx)
            return
        local = intercepting_cap(st, fr)
        fr.update(cap=[], engaged_escorts=[], engaged_cap=[], suppressors=[], losses=[], drms={}, areas={}, aim={},
                  pair={}, done=[], adjacent_fired=[], current=None, current_destroyed=None, landing=[], attackers=0,
                  attacked_ships=[], excess=0, ships=strikes.ships_of_target(st, fr["target"]),
                  cap_rounds=[[h, u] for h, u in rounds[1:]] + ([[fr["target_hex"], local]] if local else []),
                  fought_escorts=[])
        h, units = rounds[0]
        _begin_round(st, fr, units, h, ctx)


@frame("strike_after_cap", replaces=True)
class RadarStrikeAfterCap(strikes.StrikeAfterCap):
    """After each CAP battle of a raid met by radar CAP: the next one, or on to the air battle display."""

    @classmethod
    def auto(cls, st: State, fr: Any, ctx: Context) -> None:
        if "cap_rounds" not in fr:
            strikes.StrikeAfterCap.auto(st, fr, ctx)
            return
        fought = fr["fought_escorts"]
        fought += [a for a in fr["engaged_escorts"] if a not in fought]
        rounds = fr["cap_rounds"]
        if rounds and any(on_mission(st, a) for a in fr["strike"]):
            h, units = rounds.pop(0)
            alive = [a for a in units if st.air[a].box == "cap"]
            if alive:
                if h == fr["target_hex"]:
                    ctx.emit("8.2", f"{len(alive)} USN CAP unit(s) intercept: "
                             + ", ".join(f"{st.data.air[a].name} ({strength(st, a)})" for a in alive), kind="cap",
                             data={"cap": alive})
                    fr.update(cap=alive, engaged_escorts=[], engaged_cap=[], losses=[], excess=0)
                    escorts = [a for a in fr["escorts"] if on_mission(st, a)]
                    if escorts:
                        fr["need_escorts"] = min(len(alive), len(escorts))
                        goto(st, "commit_escorts")
                    else:
                        goto(st, "cap_vs_strike")
                else:
                    _begin_round(st, fr, alive, h, ctx)
                return
            goto(st, "after_cap")  # this pool is gone: on to the next one
            return
        # 8.2.4: an escort that fought any CAP of this raid never suppresses AA
        fr["suppressors"] = [a for a in fr["escorts"] if on_mission(st, a) and a not in fought]
        del fr["cap_rounds"]
        strikes.StrikeAfterCap.auto(st, fr, ctx)
