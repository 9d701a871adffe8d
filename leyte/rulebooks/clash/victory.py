"""Victory (10.0-10.3): what each side scores, the Saipan penalty, and the levels.

10.1 The IJN scores for USN ships sunk or damaged, by type (a hit on anything but a destroyer unit damages it), and
for each IJN carrier still afloat at the end: more for one without a hit than for a damaged one. 10.2 The USN scores
for IJN ships sunk, by type, and one point for every two factors of IJN *carrier* air destroyed — a unit lost with
its carrier counts, an island-based unit never does; and at every End Phase it loses a point for each naval unit
short of fourteen in the Saipan hex. 10.3 The USN total less the IJN total gives the level; 10.4's tally of the real
battle (net 37, a Decisive US Victory) is a test.

Every value comes from the data: ``vp_sunk``/``vp_damaged`` of ships.csv, and the ``vp.*`` and ``victory.*``
constants. Losses are counted from the ships and air units at the end, so a breakdown can always be recounted from
the state; the Saipan penalties, which happen during play, are awards in ``State.vp``.

Two readings, ours: a step lost by a two-step IJN air unit destroys the difference between its two sides' factors;
the factors-to-points division rounds by 1.2 (half up).
"""

from __future__ import annotations

import math
from typing import Any

from leyte.core.cases import own
from leyte.core.errors import LeyteError
from leyte.core.game import Context
from leyte.rulebooks.clash import state
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.state import State

LEVELS = (
    "Decisive US Victory",
    "Significant USN Victory",
    "Draw",
    "IJN (Pyrrhic) Victory",
    "Decisive Japanese Victory",
)
CARRIER_TYPES = ("CV", "CVL")


def award(st: State, side: str, points: int, reason: str, case: str, ctx: Context | None) -> None:
    """Record a VP award made during play (the Saipan penalty)."""
    st.vp.append({"side": side, "points": points, "reason": reason, "rule": str(case), "turn": st.turn})
    if ctx is not None:
        ctx.emit(own(case), f"{side} {points:+d} VP: {reason}", kind="vp",
                 data={"side": side, "points": points, "reason": reason})


def saipan_units(st: State) -> int:
    """USN naval units afloat in the Saipan hex now (each counter counts one, destroyer units included)."""
    h = state.extras(st)["saipan_hex"]
    if h is None:
        raise LeyteError("10.2: this game's map and scenario name no Saipan hex")
    n = 0
    for s in st.ships.values():
        if s.side != "USN" or s.sunk or s.exited:
            continue
        where = s.hex if s.independent else (st.tfs[s.tf].hex if s.tf in st.tfs else None)
        n += where == h
    return n


def saipan_check(st: State, ctx: Context) -> None:
    """10.2, at each End Phase: -1 USN VP (per the data) for each naval unit below fourteen in the Saipan hex."""
    D = st.data
    need = D.mod("vp.saipan_units")
    have = saipan_units(st)
    if have < need:
        short = need - have
        award(st, "USN", -short * D.mod("vp.saipan_penalty"),
              f"{have} naval units in the Saipan hex, {short} short of {need} (turn {st.turn})", "10.2", ctx)
    else:
        ctx.emit(own("10.2"), f"The Saipan hex holds {have} USN naval units: no penalty", kind="vp")


def _round(x: float) -> int:
    """1.2: a half or more rounds up."""
    return math.floor(x + 0.5)


def carrier_air_destroyed(st: State) -> list[dict[str, Any]]:
    """10.2: IJN carrier-based air factors destroyed, unit by unit (with its carrier, in combat, or a lost step)."""
    D: ISData = st.data
    out = []
    for aid in sorted(st.air):
        a, d = st.air[aid], D.air[aid]
        if a.side != "IJN" or d.parent not in D.ships:  # island-based units never count
            continue
        carrier = st.ships.get(a.parent)  # where it is based now: 15.6 may have landed it on another deck
        if a.box in ("destroyed", "eliminated") or (carrier is not None and carrier.sunk):
            lost, how = d.strength, "destroyed"
        elif a.reduced:
            lost, how = d.strength - d.reduced, "a step lost"
        else:
            continue
        out.append({"unit": aid, "factors": lost, "how": how})
    return out


def tally(st: State) -> dict[str, Any]:
    """The full 10.1-10.2 breakdown, recounted from the ships, the air units and the ledger."""
    D: ISData = st.data
    usn: list[dict[str, Any]] = []
    ijn: list[dict[str, Any]] = []
    for sid in sorted(st.ships):
        s, d = st.ships[sid], D.ships[sid]
        if s.side == "USN":
            if s.sunk and d.vp_sunk:
                ijn.append({"item": f"{d.name} ({d.type}) sunk", "points": d.vp_sunk, "rule": "10.1"})
            elif not s.sunk and s.hits and d.vp_damaged:
                ijn.append({"item": f"{d.name} ({d.type}) damaged", "points": d.vp_damaged, "rule": "10.1"})
            continue
        if s.sunk:
            if d.vp_sunk:
                usn.append({"item": f"{d.name} ({d.type}) sunk", "points": d.vp_sunk, "rule": "10.2"})
        elif d.type in CARRIER_TYPES:
            key = f"vp.ijn.surviving_{d.type.lower()}_{'damaged' if s.hits else 'full'}"
            ijn.append({"item": f"{d.name} ({d.type}) afloat{' damaged' if s.hits else ''}", "points": D.mod(key),
                        "rule": "10.1"})
    lost = carrier_air_destroyed(st)
    factors = sum(x["factors"] for x in lost)
    per = D.mod("vp.usn.air_factors_per_vp")
    if factors:
        usn.append({"item": f"{factors} IJN carrier air factors destroyed (1 VP per {per})",
                    "points": _round(factors / per), "rule": "10.2", "units": lost})
    for a in st.vp:
        (usn if a["side"] == "USN" else ijn).append({"item": a["reason"], "points": a["points"], "rule": a["rule"]})
    usn_total = sum(x["points"] for x in usn)
    ijn_total = sum(x["points"] for x in ijn)
    return {"USN": {"items": usn, "total": usn_total}, "IJN": {"items": ijn, "total": ijn_total},
            "air_factors_destroyed": factors, "net_usn": usn_total - ijn_total}


def level_for(D: ISData, net: int) -> str:
    """10.3: the level of the USN total less the IJN total."""
    if net > D.mod("victory.decisive_usn_over"):
        return LEVELS[0]
    for name, key in zip(LEVELS[1:], ("victory.significant_usn_from", "victory.draw_from",
                                      "victory.ijn_pyrrhic_from"), strict=False):
        if net >= D.mod(key):
            return name
    return LEVELS[-1]


def winner_of(level: str) -> str | None:
    if level in LEVELS[:2]:
        return "USN"
    return "IJN" if level in LEVELS[3:] else None


def finish(st: State, ctx: Context, *, reason: str) -> None:
    """End the game: tally, level, winner; clear the flow so no decision remains."""
    t = tally(st)
    level = level_for(st.data, t["net_usn"])
    winner = winner_of(level)
    st.result = {"winner": winner, "level": level, "net_usn": t["net_usn"], "reason": reason,
                 "points": {"USN": t["USN"]["total"], "IJN": t["IJN"]["total"]}, "breakdown": t, "turn": st.turn}
    st.stack.clear()
    st.phase = "over"
    ctx.emit(own("10.3"), f"Game over ({reason}): {level}, USN net {t['net_usn']}", kind="game_over",
             data={"level": level, "net_usn": t["net_usn"], "winner": winner})
