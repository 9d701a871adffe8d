"""Kamikazes (11.1, 4.6): a diving attack on a detected USN TF.

A kamikaze strikes any detected USN TF holding a ship bigger than a destroyer unit; there is no CAP and no AA; it
rolls on the Damage Table at its counter's factor, and every hit is also a critical hit.
"""

from __future__ import annotations

from typing import Any

from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset import damage
from leyte.rulebooks.imperial_sunset.air_ops import describe_target, detected_targets, ships_of_target
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.engine import ask, frame, opt, pop
from leyte.rulebooks.imperial_sunset.state import State


def kamikaze_options(st: State, fr: dict[str, Any]) -> list[Action]:
    """11.1: a kamikaze may strike any detected USN TF holding a ship that is not a destroyer or escort."""
    out = []
    for target in detected_targets(st, "IJN"):
        if any(not st.data.ships[s].small for s in ships_of_target(st, target)):
            out.append(opt("kamikaze_strike", f"Kamikaze attack on {describe_target(st, target)}", target=target))
    return out


@frame("kamikaze_attack")
class KamikazeAttack:
    """11.1: no CAP, no AA; the IJN picks a ship that is not a destroyer unit; every hit is also a critical hit."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        D = st.data
        ships = [s for s in ships_of_target(st, fr["target"]) if not D.ships[s].small]
        options = [opt("kamikaze_target", f"Dive on {damage.ship_name(D, s)}", ship=s) for s in ships]
        if len(options) < 2:
            return None
        return ask("IJN", "kamikaze_target", "Kamikaze: pick the target ship", "11.1", options)

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        _kamikaze_roll(st, fr, action["ship"], ctx)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        ships = [s for s in ships_of_target(st, fr["target"]) if not st.data.ships[s].small]
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
