"""What each side may know (2.0 displays, 11.0 concealment).

The umpire (``None``) sees everything. A side sees its own units, LP, air and naval points in full. Of the enemy it
sees the map: Allied units wherever they are (the Staging Area is open), Japanese units on the map that have been
revealed, and each hex of concealed Japanese units only as a "?" stack with its hex and its number of counters —
never an id, a type, a CF or an MF (R-69). The Japanese off-map pools, TAC and kamikaze points stay hidden from
the Allies. A side sees which of its own units on the map trace a line of supply (19.0, ``supply``); the
enemy's supply is not shown (a Japanese line would point at its concealed CD/HW sources).
"""

from __future__ import annotations

from typing import Any

from leyte.rulebooks.formosa import board as B
from leyte.rulebooks.formosa import supply as S
from leyte.rulebooks.formosa.state import State


def _card(st: State, uid: str) -> dict[str, Any]:
    u, s = B.unit(uid), st.units[uid]
    return {"id": uid, "name": u.name, "side": u.side, "nationality": u.nationality, "type": u.type,
            "size": u.size, "cf": u.cf, "bonus": u.bonus, "mf": B.movement_factor(st, uid), "loc": s.loc,
            "concealed": s.concealed, "base": s.base}


def view(st: State, player: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {"game": "formosa", "scenario": st.scenario, "turn": st.turn, "last_turn": st.last_turn,
                           "phase": st.phase, "lp": dict(st.lp), "amoy_captured": st.amoy_captured,
                           "result": st.result, "player": player or "umpire"}
    units: list[dict[str, Any]] = []
    unknown: dict[str, int] = {}
    for uid in sorted(st.units):
        u, s = B.unit(uid), st.units[uid]
        if player in (None, "umpire") or u.side == player or u.side == "Allied":
            units.append(_card(st, uid))
        elif s.on_map and not s.concealed:
            units.append(_card(st, uid))
        elif s.on_map:
            unknown[s.loc] = unknown.get(s.loc, 0) + 1
    out["units"] = units
    umpire = player in (None, "umpire")
    out["supply"] = {uid: S.in_supply(st, uid) for uid in sorted(st.units)
                     if st.units[uid].on_map and (umpire or B.unit(uid).side == player)}
    out["concealed_stacks"] = [{"hex": h, "units": "?", "count": n} for h, n in sorted(unknown.items())]
    out["allied"] = {"tac": {"US": st.tac["US"], "CW": st.tac["CW"]}, "ng": dict(st.ng), "markers": dict(st.markers)}
    # 16.1: a side's air plan is secret until the Strike Reveal Phase; each player sees his own (the umpire both).
    mine = {"Allied": ("US", "CW"), "Japanese": ("Japanese",)}.get(player or "", ("US", "CW", "Japanese"))
    revealed = st.phase not in ("strike_planning",)
    out["air_plan"] = {p: dict(m) for p, m in st.plan.items() if p in mine or revealed}
    # On-map air (16.4 interdiction, 16.5 suppression) and gunfire withdrawn by a fleet sortie (18.0) are public.
    out["air_on_map"] = {"interdiction": {h: dict(v) for h, v in st.interdiction.items()},
                         "suppressed": list(st.suppressed), "ng_away": dict(st.ng_away)}
    if player in (None, "umpire", "Japanese"):
        out["japanese"] = {"tac": st.tac["Japanese"], "kamikaze": st.kamikaze, "fleet": st.fleet}
    return out


def hidden_names(st: State, player: str) -> frozenset[str]:
    """Ids and names of the Japanese units the Allies have not seen: concealed on the map, or never yet on it
    (a unit revealed and then removed or eliminated has been seen)."""
    if player != "Allied":
        return frozenset()
    out: set[str] = set()
    for uid, s in st.units.items():
        u = B.unit(uid)
        if u.side == "Japanese" and (s.concealed or s.loc in ("setup", "pool", "reinforcements")):
            out.update((uid, u.name))
    return frozenset(out)
