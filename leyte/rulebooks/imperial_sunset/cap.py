"""Combat air patrol (6.5.4, 8.2.1): fighters over their own TF, over another friendly TF, and coming home.

On day turns each side puts fighters in the CAP box over their own TF (6.5.4); an activated force may send fighters
to cover another friendly TF in range (8.2.1; a land-based air fleet sends at most one unit), and that CAP goes to
the Flown box once the TF it covers moves out of range. The fighting itself is in ``air_to_air``.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset.air_ops import (
    can_fight,
    formation_units,
    home_tf,
    in_range,
    is_cve_unit,
    strength,
    tf_units,
    to_flown,
    unit_kind,
    unit_name,
    units_by_parent,
)
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.engine import ask, frame, opt, pop
from leyte.rulebooks.imperial_sunset.state import State


@lru_cache(maxsize=1 << 14)
def cap_other_option(tf_id: str, name: str) -> Action:
    return opt("air_cap_other", f"Fly CAP over {name}", over=tf_id)


@frame("cap_other")
class CapOther:
    """Pick the fighters that fly CAP over another friendly TF (any in range; one unit from a land air fleet)."""

    @staticmethod
    def _eligible(st: State, fr: dict[str, Any]) -> list[str]:
        over = st.tfs[fr["over"]]
        src = fr["source"]
        units = tf_units(st, st.tfs[src["tf"]]) if "tf" in src else formation_units(st, src["formation"])
        units = [a for a in units if can_fight(st, a) and over.hex and in_range(st, a, over.hex, cap=True)]
        if "formation" in src and len(fr.get("sent", [])) >= st.data.mod("air.ijn_land_cap_units"):
            return []
        return units

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        units = CapOther._eligible(st, fr)
        if not units or fr.get("finished"):
            return None
        options = [opt("cap_send", f"Send {unit_name(st.data, a)} (strength {strength(st, a)})", air=a) for a in units]
        options.append(opt("cap_done", "No more fighters"))
        return ask(fr["side"], "cap_other", f"CAP over {st.tfs[fr['over']].name}", "8.2.1", options,
                   data={"over": fr["over"], "over_name": st.tfs[fr["over"]].name})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "cap_done":
            fr["finished"] = True
            return
        a = st.air[action["air"]]
        a.box = "cap"
        a.cap_over = fr["over"]
        if unit_kind(st, a.id) == "FB":
            a.role = "F"
        a.missions_today += 1
        fr.setdefault("sent", []).append(a.id)
        ctx.emit("8.2.1", f"{unit_name(st.data, a.id)} flies CAP over {st.tfs[fr['over']].name}", kind="cap",
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
            to_flown(st, a, ctx, "8.2.1", "its CAP is out of range")


@cache
def _cap_option(D: ISData, kind: str, aid: str) -> Action:
    """One unit's CAP on/off option: fixed text and parameters, so built once (the decision repeats all day)."""
    text = "flies CAP over its own TF" if kind == "cap_on" else "leaves CAP for the Ready box"
    return opt(kind, f"{unit_name(D, aid)} {text}", air=aid)


@frame("cap_allocation")
class CapAllocation:
    """6.5.4/8.2.1: on day turns each side puts fighters in the CAP box over their own TF, or takes them off."""

    @staticmethod
    def _units(st: State, side: str) -> tuple[list[str], list[str]]:
        ready, cap = [], []
        groups = units_by_parent(st)
        tfs = [t for t in st.tfs.values() if t.side == side and t.in_play and not t.dummy
               and any(s in groups for s in t.ships)]  # only TFs with aircraft aboard
        for tf in sorted(tfs, key=lambda t: t.id):
            units = tf_units(st, tf, boxes=("ready", "cap"), by_parent=groups)
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
        tf = home_tf(st, a.id)
        if action.kind == "cap_on" and tf is not None:
            a.box, a.cap_over = "cap", tf.id
            if unit_kind(st, a.id) == "FB":
                a.role = "F"
            fr.setdefault("placed", []).append(a.id)
        elif action.kind == "cap_off":
            a.box, a.cap_over = "ready", None
            if is_cve_unit(st, a.id):
                a.role = None
        ctx.emit("6.5.4", action.text, kind="cap", data={"air": a.id}, visible=(fr["side"],))

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
