"""Aircraft in an activation (4.4, 4.5, 6.5, 11.1): what an activated carrier TF or land-based air formation may do
with its aircraft, and the first step of doing it.

A carrier TF strikes a detected enemy in range for 2 MP (6.2.2, 6.5.1; USN fleet carriers also at extended range,
6.5.6), a land-based formation strikes from its airfields (6.5.8, 6.5.9); either may send fighters to fly CAP over
another friendly TF in range (8.2.1). None of this happens at night (6.5.11). The options push the frames of the
modules that play them out, by name: ``strike_compose`` (``strikes``), ``cap_other`` (``cap``) and
``kamikaze_attack`` (``kamikaze``).

The air rules are split by topic: ``air_ops`` (units, boxes, ranges, readiness and recovery), ``land_air``
(6.5.9), ``cap`` (6.5.4, 8.2.1), ``strikes`` (8.1), ``air_to_air`` (8.2), ``aa`` (8.1, 8.1.1), ``kamikaze``
(11.1) and ``optional_air`` (14.1, 14.2).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from leyte.core.errors import IllegalAction
from leyte.core.game import Action, Context
from leyte.rulebooks.imperial_sunset.air_ops import (
    LAND_FORMATIONS,
    airfield_hexes,
    can_bomb,
    can_fight,
    carrier_strike_mp,
    describe_target,
    detected_targets,
    hex_of_target,
    in_range,
    may_extend,
    range_origins,
    source_units,
    within_reach,
)
from leyte.rulebooks.imperial_sunset.cap import cap_other_option
from leyte.rulebooks.imperial_sunset.common import is_day
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.engine import opt, pop, push
from leyte.rulebooks.imperial_sunset.kamikaze import kamikaze_options
from leyte.rulebooks.imperial_sunset.state import State

MY_KINDS = frozenset({"air_strike", "air_cap_other", "kamikaze_strike"})


def activation_options(st: State, fr: dict[str, Any]) -> list[Action]:
    """Strike and CAP options for an activated TF (4.4) or land-based formation (4.5); none at night (6.5.11)."""
    D = st.data
    if not is_day(st):
        return []
    side = fr.get("side") or (st.tfs[fr["tf"]].side if "tf" in fr else "")
    units = source_units(st, fr)
    if not units:
        return []
    out: list[Action] = []
    carrier_tf = "tf" in fr
    strike_ok = not carrier_tf or int(fr.get("mp", 0)) >= carrier_strike_mp(D)
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
            reach = max(max(D.air[a].range, ext if may_extend(st, a) else -1) for a in bombers)
        elif bombers and formation in LAND_FORMATIONS:
            origins = range_origins(D, formation)
            reach = max(D.air[a].range for a in bombers)
        for target in detected_targets(st, side) if bombers else ():
            h = hex_of_target(st, target)
            if h is None:
                continue
            if within_reach(D, origins, h, reach) if origins is not None else any(
                    in_range(st, a, h) or (may_extend(st, a) and in_range(st, a, h, extended=True))
                    for a in bombers):
                out.append(_strike_option(D, target, describe_target(st, target), carrier_tf))
    # CAP over another friendly TF in range (8.2.1), for carrier TFs and the Japanese air fleets (6.5.9).
    if formation == "USAAF":
        return out
    fighters = [a for a in units if can_fight(st, a)]
    if fighters and D.family.switch("cap_scope") == "hex_pool":
        return out  # Clash 8.2.3: CAP covers the hex it flies over, never sent over another force
    if fighters:
        own = fr.get("tf")
        cap_from = ((home,) if home is not None
                    else airfield_hexes(D, formation) if formation in LAND_FORMATIONS else None)
        cap_reach = max(D.air[a].range for a in fighters)
        friends = sorted((t for t in st.tfs.values()
                          if t.side == side and t.in_play and not t.dummy and t.id != own and t.hex),
                         key=lambda t: t.id)
        for t in friends:
            if within_reach(D, cap_from, t.hex, cap_reach) if cap_from is not None else any(
                    in_range(st, a, t.hex, cap=True) for a in fighters):
                out.append(cap_other_option(t.id, t.name))
    return out


@lru_cache(maxsize=1 << 14)
def _strike_option(D: ISData, target: str, where: str, carrier_tf: bool) -> Action:
    """An air strike option (6.5); asked at every step of every carrier TF by day, so each is built once."""
    mp = carrier_strike_mp(D)
    cost = f" (costs {mp} MP)" if carrier_tf and mp else ""
    return opt("air_strike", f"Air strike on {where}{cost}", target=target)


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
