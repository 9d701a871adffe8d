"""Victory (module 12): who scores what, the escaped-ships deduction, and the levels of victory.

12.1 The IJN scores for USN ships sunk or damaged (by type), for every damage point on USN destroyer units, for
landing the Ormoc transport (a point per damage point it still has) and, with optional rules, for missed escort
carrier support (14.1). 12.2 The USN scores for IJN ships sunk and destroyer points; then subtracts 75 % of the value
of every IJN non-carrier ship still afloat at the end and the full value of surviving IJN carriers; and loses a point
each turn for each Seventh Fleet escort-carrier TF further than three hexes from the beachhead. 12.3 The net USN
score sets the level; an IJN TF holding 25 VP of ships in the beachhead hex ends the game at once in an IJN
Decisive Victory.

The ledger of awards made during play lives in ``State.vp``; losses are counted from the ships themselves at the end
so that the breakdown can always be recounted independently from the state.
"""

from __future__ import annotations

import math
from typing import Any

from leyte.core.game import Context
from leyte.rulebooks.imperial_sunset.common import dist, live_ships, tf_value
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.state import State, TFState

LEVELS = (
    "Decisive USN Victory",
    "Significant USN Victory",
    "Draw",
    "IJN (Pyrrhic) Victory",
    "IJN Decisive Victory",
)


def award(st: State, side: str, points: int, reason: str, rule: str, ctx: Context | None) -> None:
    """Record a VP award made during play (Ormoc landing, Seventh Fleet penalty, optional-rule points)."""
    st.vp.append({"side": side, "points": points, "reason": reason, "rule": rule, "turn": st.turn})
    if ctx is not None:
        ctx.emit(rule, f"{side} {points:+d} VP: {reason}", kind="vp",
                 data={"side": side, "points": points, "reason": reason})


def seventh_fleet_proximity(st: State, ctx: Context) -> None:
    """12.2: each turn, -1 VP to the USN for each 7th Fleet escort-carrier TF more than 3 hexes from 3521."""
    D = st.data
    radius = D.mod("vp.seventh_fleet_radius")
    for tf in sorted(st.tfs.values(), key=lambda t: t.id):
        if not tf.in_play or tf.side != "USN" or tf.fleet != "7th" or tf.dummy:
            continue
        if not any(D.ships[s].type == "CVE" for s in live_ships(st, tf)):
            continue
        if tf.hex is None or dist(D, tf.hex, "3521") > radius:
            # the award is public; it must not tell the IJN which marker (or which named group) holds the carriers
            award(st, "USN", -D.mod("vp.seventh_fleet_penalty"),
                  f"a 7th Fleet escort-carrier TF is more than {radius} hexes from the beachhead", "12.2", ctx)


def check_beachhead(st: State, tf: TFState, ctx: Context) -> None:
    """12.3: an IJN TF with 25+ VP of ships in 3521 ends the game at once."""
    if tf.side != "IJN" or tf.hex != "3521" or tf.dummy:
        return
    value = tf_value(st, tf)
    if value >= st.data.mod("vp.beachhead_threshold"):
        ctx.emit("12.3", f"{tf.name} reaches the beachhead with {value} VP of ships", kind="victory")
        finish(st, ctx, reason=f"IJN TF with {value} VP of ships in the beachhead hex 3521", beachhead=True)


def _ship_value(D: ISData, sid: str) -> int:
    return D.ships[sid].vp_sunk


def tally(st: State) -> dict[str, Any]:
    """The full VP breakdown, recounted from the ships and the ledger."""
    D = st.data
    usn: list[dict[str, Any]] = []
    ijn: list[dict[str, Any]] = []
    escaped_noncarrier = 0
    escaped_carrier = 0
    for sid in sorted(st.ships):
        s, d = st.ships[sid], D.ships[sid]
        gainer, book = ("USN", usn) if s.side == "IJN" else ("IJN", ijn)
        if d.small:
            # DD/DE units score per damage point (12.1/12.2); the APD's points score nothing (ruling U13).
            lost = s.hits - s.detached_points  # destroyers sent off as escorts (6.4.1) are not losses
            if lost and d.vp_per_point:
                book.append({"item": f"{d.name}: {lost} damage point(s)", "points": lost * d.vp_per_point,
                             "rule": "12.1/12.2"})
            if s.side == "IJN" and d.type != "APD":
                # a surviving destroyer unit escapes with its remaining points, and escorts with theirs (E13, E21)
                escaped_noncarrier += ((0 if s.sunk else d.capacity - s.hits) + s.detached_points) * d.vp_per_point
            continue
        if s.sunk:
            book.append({"item": f"{d.name} sunk", "points": d.vp_sunk, "rule": "12.1/12.2"})
        elif s.hits and d.vp_damaged:
            book.append({"item": f"{d.name} damaged", "points": d.vp_damaged, "rule": "12.1"})
        if s.side == "IJN" and not s.sunk and d.type != "APD":
            if d.type in ("CV", "CVL"):
                escaped_carrier += d.vp_sunk
            else:
                escaped_noncarrier += d.vp_sunk
        _ = gainer
    for a in st.vp:
        (usn if a["side"] == "USN" else ijn).append({"item": a["reason"], "points": a["points"],
                                                     "rule": a["rule"]})
    pct = D.mod("vp.escaped_fraction_percent")
    deduct = math.floor(escaped_noncarrier * pct / 100 + 0.5) + escaped_carrier  # 1.2: round .5 up
    usn_total = sum(x["points"] for x in usn)
    ijn_total = sum(x["points"] for x in ijn)
    net = usn_total - deduct - ijn_total
    return {
        "USN": {"items": usn, "total": usn_total},
        "IJN": {"items": ijn, "total": ijn_total},
        "escaped": {"non_carrier_value": escaped_noncarrier, "carrier_value": escaped_carrier,
                    "deduction": deduct, "percent": pct, "rule": "12.2"},
        "net_usn": net,
    }


def level_for(D: ISData, net: int) -> str:
    if net > D.mod("victory.decisive_usn_over"):
        return LEVELS[0]
    if net >= D.mod("victory.significant_usn_from"):
        return LEVELS[1]
    if net >= D.mod("victory.draw_from"):
        return LEVELS[2]
    return LEVELS[3]


def finish(st: State, ctx: Context, *, reason: str, beachhead: bool = False) -> None:
    """End the game: tally, level, winner; clear the flow so no decision remains."""
    t = tally(st)
    level = LEVELS[4] if beachhead else level_for(st.data, t["net_usn"])
    winner = "IJN" if level.startswith("IJN") else ("USN" if "USN" in level else None)
    st.result = {"winner": winner, "level": level, "net_usn": t["net_usn"], "reason": reason,
                 "points": {"USN": t["USN"]["total"], "IJN": t["IJN"]["total"]}, "breakdown": t,
                 "turn": st.turn}
    st.stack.clear()
    st.phase = "over"
    ctx.emit("12.3", f"Game over ({reason}): {level}, USN net {t['net_usn']}", kind="game_over",
             data={"level": level, "net_usn": t["net_usn"], "winner": winner})


_ = _ship_value
