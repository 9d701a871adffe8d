"""What each side may know (the hidden-information rules of 2.2, 5.4, 7.2, 10.2 and 13.1.5.1).

A side sees all of its own forces. Of the enemy it sees TF markers on the map (a dummy looks like any other TF),
their detected status and whether they have moved, the contact reports it was given, detected independent ships
(6.4: in full view), sonar markers without their identity, and the PT boats' hex. It never sees enemy ship names in
an undetected TF, enemy air units, the other side's secret rolls (What-If OB, Wild Bull), or a dummy's status.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from leyte.rulebooks.imperial_sunset import detection, surface
from leyte.rulebooks.imperial_sunset.common import live_ships
from leyte.rulebooks.imperial_sunset.state import State, TFState


def _ready_ranges(st: State) -> dict[str, int]:
    """The longest range among each carrier's (or formation's) aircraft in the Ready box (6.5.1)."""
    D = st.data
    out: dict[str, int] = {}
    for a in st.air.values():
        if a.box == "ready" and not a.ashore:
            r = D.air[a.id].range
            if r > out.get(a.parent, 0):
                out[a.parent] = r
    return out


def _own_tf(st: State, tf: TFState, ready: dict[str, int] | None = None) -> dict[str, Any]:
    ready = _ready_ranges(st) if ready is None else ready
    counters, ships = st.data.ships, st.ships  # bots ask for a view at every decision: look each ship up once
    return {
        "air_search_range": 0 if tf.dummy else detection.air_search_range(st, tf),  # 7.2, for range highlights
        "strike_range": max((ready[s] for s in tf.ships if s in ready), default=0),  # 6.5.1: ready aircraft
        "id": tf.id, "name": tf.name, "side": tf.side, "hex": tf.hex, "dummy": tf.dummy, "fleet": tf.fleet,
        "detected": tf.detected, "activated": tf.activated, "moved": tf.moved, "mp_markers": tf.mp_markers,
        "ships": [{"id": s, "name": (d := counters[s]).name, "type": d.type, "hits": (x := ships[s]).hits,
                   "capacity": d.capacity, "torpedo_used": x.torpedo_used}
                  for s in live_ships(st, tf)],
    }


def _enemy_tf(st: State, tf: TFState, viewer: str, reports: dict[str, Any] | None = None) -> dict[str, Any]:
    """``reports`` is the viewer's contact reports by TF, when the caller has looked them up."""
    if reports is None:
        reports = st.flags.get("reports", {}).get(viewer, {})
    report = reports.get(tf.id)
    return {"id": tf.id, "side": tf.side, "hex": tf.hex, "detected": tf.detected, "activated": tf.activated,
            "moved": tf.moved, "last_report": report}


def view(st: State, player: str | None) -> dict[str, Any]:
    if player in (None, "umpire"):
        d = st.to_dict()
        d["viewer"] = "umpire"
        D = st.data
        for sid, ship in d["ships"].items():
            ship["name"], ship["type"] = D.ships[sid].name, D.ships[sid].type
        d["battle"] = _battle(st, None)
        return d
    D = st.data
    enemy = "USN" if player == "IJN" else "IJN"
    # Bots ask for a view at every decision: filter before sorting, and sort the TFs once for both lists.
    ready = _ready_ranges(st)
    in_play = sorted((t for t in st.tfs.values() if t.in_play), key=attrgetter("id"))
    own_tfs = [_own_tf(st, t, ready) for t in in_play if t.side == player]
    reports = st.flags.get("reports", {}).get(player, {})
    enemy_tfs = [_enemy_tf(st, t, player, reports) for t in in_play if t.side == enemy]
    own_ind, enemy_ind = [], []
    for s in sorted((x for x in st.ships.values() if x.independent and not x.sunk and not x.exited),
                    key=attrgetter("id")):
        entry = {"id": s.id, "name": D.ships[s.id].name, "type": D.ships[s.id].type, "hex": s.hex,
                 "detected": s.detected}
        if s.side == player:
            own_ind.append({**entry, "hits": s.hits, "destination": s.destination})
        elif s.detected:
            enemy_ind.append(entry)
    own_air = [{"id": a.id, "parent": a.parent, "box": a.box, "reduced": a.reduced, "cap_over": a.cap_over,
                "role": a.role} for a in sorted((x for x in st.air.values() if x.side == player), key=attrgetter("id"))]
    return {
        "viewer": player,
        "scenario": st.scenario,
        "turn": st.turn,
        "last_turn": st.last_turn,
        "phase": st.phase,
        "day": bool(st.flags.get("day", True)),
        "date": st.flags.get("turn_info", {}).get("date", ""),
        "own_tfs": own_tfs,
        "enemy_tfs": enemy_tfs,
        "own_independents": own_ind,
        "enemy_independents": enemy_ind,
        "own_air": own_air,
        "sonar": [{"hex": s["hex"]} for s in st.sonar],
        "pt_hex": st.pt_hex,
        "pool_size": len(st.pool),
        "own_losses": sorted(s.id for s in st.ships.values() if s.sunk and s.side == player),
        "secret": {k: v for k, v in st.secret.items() if _secret_owner(k) == player},
        "vp_awards": [a for a in st.vp],
        "battle": _battle(st, player),
        "activation": _activation(st, player),
        "result": st.result,
    }


def _activation(st: State, player: str) -> dict[str, Any] | None:
    """The viewer's own TF being activated now (its id, hex and MPs left), for range highlights."""
    for fr in reversed(st.stack):
        if fr.get("kind") == "activate_tf":
            if fr.get("side") != player:
                return None
            tf = st.tfs[fr["tf"]]
            return {"tf": tf.id, "hex": tf.hex, "mp": fr["mp"]}
    return None


def _battle(st: State, player: str | None) -> dict[str, Any] | None:
    for fr in reversed(st.stack):
        if fr.get("kind") == "surface_battle":
            return surface.battle_view(st, fr, player)
    return None


def _secret_owner(key: str) -> str:
    return {"wild_bull": "USN", "whatif_air_ob": "IJN"}.get(key, "umpire")
