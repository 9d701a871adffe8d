"""What each side may know: everything on the map (the game has no hidden units, 2.0), both pools' contents, the
air box and placed aircraft. Only the order of the cups is secret, and the state never stores one.

Each ship entry also carries its counter's values (``counter``), so a player, a bot or a front end reads the range,
its M and R letters, the ratings and the other letters from the view without going back to the data."""

from __future__ import annotations

from typing import Any

from leyte.rulebooks.samar.common import controller, maneuver, speed_state, torpedoes_left
from leyte.rulebooks.samar.data import data
from leyte.rulebooks.samar.geometry import FACING_NAMES
from leyte.rulebooks.samar.state import ShipState, State


def counter(s: ShipState) -> dict[str, Any]:
    """The counter's values as a player reads them now (2.5): the side that is up after a flip (6.2), the
    letters as flags — M and R on the range, A on the secondary, P and T on the armor, H on the speed — and the
    maneuver a slowed ship has left (4.1). ``speed_rating`` is the printed battle speed; ``speed`` (in the view)
    stays the marker the ship carries."""
    sd = data().ships[s.id]
    face = sd.face(s.flipped)
    return {
        "group": sd.group, "range": sd.range, "range_m": sd.range_m, "radar": sd.radar,
        "gunnery": face.gunnery, "secondary": face.secondary, "secondary_aa_only": sd.secondary_aa_only,
        "secondary_range": sd.secondary_range, "weight": sd.weight, "armor": face.armor,
        "armor_p": sd.armor_p, "armor_t": sd.armor_t, "torpedo": face.torpedo, "torpedoes_left": torpedoes_left(s),
        "speed_rating": face.speed, "speed_h": sd.speed_h, "maneuver": maneuver(s), "heavy": sd.heavy,
    }


def view(st: State, player: str | None) -> dict[str, Any]:
    D = data()
    ships: dict[str, dict[str, Any]] = {}
    for s in st.ships.values():
        ships[s.id] = {
            "id": s.id, "name": D.ships[s.id].name, "type": D.ships[s.id].type, "side": s.side, "where": s.where,
            "hex": s.hex, "facing": s.facing, "facing_name": FACING_NAMES[s.facing], "speed": s.speed,
            "speed_state": speed_state(s), "hits": s.hits, "flipped": s.flipped,
            "waterline": s.waterline, "fires": s.fires, "panic": s.panic, "controller": controller(s),
            "torps_out": s.torps_out, "beached": s.beached, "sunk": s.where in ("hulk", "sunk"),
            **counter(s),
        }
    return {
        "viewer": player or "umpire",
        "scenario": st.scenario,
        "turn": st.turn,
        "time": D.time(st.turn),
        "mlos": D.mlos(st.turn),
        "last_turn": st.last_turn,
        "phase": st.phase,
        "ships": ships,
        "air": [{"id": a.id, "side": a.side, "where": a.where, "target": a.target, "name": D.air[a.id].name,
                 "kind": D.air[a.id].kind, "gunnery": D.air[a.id].gunnery, "weight": D.air[a.id].weight,
                 "torpedo": D.air[a.id].torpedo, "special_attack": D.air[a.id].special_attack}
                for a in st.air.values()],
        "pools": {k: list(v) for k, v in st.pools.items()},
        "smoke": dict(st.smoke),
        "cleared": st.cleared,
        "exited_armor": st.exited_armor,
        "options": dict(st.options),
        "result": st.result,
    }
