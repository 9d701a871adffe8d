"""What each side may know: everything on the map (the game has no hidden units, 2.0), both pools' contents, the
air box and placed aircraft. Only the order of the cups is secret, and the state never stores one."""

from __future__ import annotations

from typing import Any

from leyte.rulebooks.samar.common import armor, controller, speed_state
from leyte.rulebooks.samar.data import data
from leyte.rulebooks.samar.geometry import FACING_NAMES
from leyte.rulebooks.samar.state import State


def view(st: State, player: str | None) -> dict[str, Any]:
    D = data()
    ships: dict[str, dict[str, Any]] = {}
    for s in st.ships.values():
        ships[s.id] = {
            "id": s.id, "name": D.ships[s.id].name, "type": D.ships[s.id].type, "side": s.side, "where": s.where,
            "hex": s.hex, "facing": s.facing, "facing_name": FACING_NAMES[s.facing], "speed": s.speed,
            "speed_state": speed_state(s), "hits": s.hits, "flipped": s.flipped, "armor": armor(s),
            "waterline": s.waterline, "fires": s.fires, "panic": s.panic, "controller": controller(s),
            "torps_out": s.torps_out, "beached": s.beached, "sunk": s.where in ("hulk", "sunk"),
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
        "air": [{"id": a.id, "side": a.side, "where": a.where, "target": a.target} for a in st.air.values()],
        "pools": {k: list(v) for k, v in st.pools.items()},
        "smoke": dict(st.smoke),
        "cleared": st.cleared,
        "exited_armor": st.exited_armor,
        "options": dict(st.options),
        "result": st.result,
    }
