"""Submarine attacks in an impulse's combat (VI.B.1.b.2.a): the targets a submarine may attack and its roll.

A submarine's contact report goes to its owner alone.
"""

from __future__ import annotations

from typing import Any

from leyte.core.game import Action, Context
from leyte.rulebooks.naval_chess.common import (
    IJN,
    allied,
    apply_result,
    asw_factors,
    cls,
    describe_marker,
    detect,
    loss_needs,
    night,
    roll_cell,
    sink,
    surface_at,
    unit_name,
    witnesses,
)
from leyte.rulebooks.naval_chess.data import ALLIED_SEATS, data
from leyte.rulebooks.naval_chess.engine import ask, frame, opt, pop
from leyte.rulebooks.naval_chess.state import State


def sub_targets(st: State, sub: str) -> list[str]:
    """VI.B.1.b.2.a: enemy surface ships at sea in the hex (not subs, not PT boats, not ships in harbor)."""
    u = st.units[sub]
    enemies = ALLIED_SEATS if u.seat == "IJN" else IJN
    return [x for x in surface_at(st, u.loc, enemies) if not st.units[x].anchored]


def _chooser(st: State, targets: list[str]) -> str:
    """Who picks the target of an attack on Allied ships (R-19): the Allied seat with the most ships there."""
    seats = [st.units[t].seat for t in targets]
    if "IJN" in seats:
        return "IJN"
    return max(ALLIED_SEATS, key=lambda s: (seats.count(s), s == "Third Fleet"))


@frame("sub_attack")
class SubAttack:
    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Any:
        targets = sub_targets(st, fr["sub"])
        if not targets:
            return None
        seat = _chooser(st, targets)
        own = [t for t in targets if st.units[t].seat == seat]
        sub_owner = st.units[fr["sub"]].seat
        who = "an Allied submarine" if allied(sub_owner) else "an IJN submarine"
        return ask(seat, "sub_target", f"{who} attacks at {fr['hex']}: choose which of your ships it attacks",
                   "VI.B.1.b.2.a", [opt("target", f"{unit_name(t)} ({cls(t)})", unit=t) for t in own],
                   data={"hex": fr["hex"]})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        D = data()
        sub, target, h = fr["sub"], action["unit"], fr["hex"]
        owner = st.units[sub].seat
        seen = witnesses(st, h)
        active = st.posture.get(owner) == "active"
        plus = 1 if st.units[target].damaged else 0
        r = ctx.roll("d6", purpose=f"submarine attack at {h} ({'active' if active else 'passive'}"
                     f"{', +1 against a Damaged ship' if plus else ''})", rule="VI.B.1.b.2.a", visible=seen)
        raw = r.final
        cell = roll_cell("SS", raw + plus)
        hit = cell.active_hit if active else cell.hit
        loss = (roll_cell("SS", raw).active_loss if active else roll_cell("SS", raw).loss)
        name = "the Allied submarine" if allied(owner) else "the IJN submarine"
        # One roll settles the attack and the escorts' answer together, so the anti-sub factors are those of the
        # task force as the sub found it: a carrier the attack damages (or sinks) still counted when it was made.
        asw = asw_factors(st, target, night(st))
        apply_result(st, ctx, target, hit, "VI.B.1.b.2.a", seen, f"Submarine attack on {unit_name(target)}",
                     {"column": "SS", "raw": raw, "row": min(6, raw + plus), "loss": loss, "factors": asw})
        need = loss_needs(loss)
        if need and asw >= need:
            ctx.emit("VI.B.1.b.2.a", f"The escorts sink {name} ({loss} against {asw} anti-sub factors)",
                     kind="sub_lost", visible=seen)
            sink(st, ctx, sub, "VI.B.1.b.2.a", seen)
        elif st.units[sub].afloat:
            threshold = D.constant("sub_report_ijn" if owner == "IJN" else "sub_report_allies")
            if raw >= threshold:
                _sub_report(st, ctx, sub, h)
        pop(st, fr)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


def _sub_report(st: State, ctx: Context, sub: str, h: str) -> None:
    """The surviving sub tells its owner (only) every enemy ship unit in its hex."""
    owner = st.units[sub].seat
    if owner == "IJN":
        found = surface_at(st, h, ALLIED_SEATS)
        for u in found:
            detect(st, "IJN", u)
        text = ", ".join(f"{unit_name(u)} ({cls(u)})" for u in found)
    else:
        labels = sorted({st.units[u].marker for u in surface_at(st, h, IJN)})
        for lab in labels:
            detect(st, owner, lab)
        text = "; ".join(describe_marker(st, lab) for lab in labels)
    ctx.emit("VI.B.1.b.2.a", f"Contact report from {unit_name(sub)} at {h}: {text}", kind="detected",
             data={"hex": h, "by": sub}, visible=(owner,))
