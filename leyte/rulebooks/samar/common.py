"""Small questions every Samar module asks: a ship's current ratings, its speed state, who controls it, hexes."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from leyte.core.hexgrid import Hex
from leyte.rulebooks.samar.data import ShipDef, data
from leyte.rulebooks.samar.geometry import FACING_NAMES
from leyte.rulebooks.samar.state import ShipState, State, other


def hx(label: str) -> Hex:
    return data().map.hex(label)


@lru_cache(maxsize=262_144)
def dist(a: str, b: str) -> int:
    m = data().map
    return m.hex(a).distance(m.hex(b))


def sdef(s: ShipState | str) -> ShipDef:
    return data().ships[s if isinstance(s, str) else s.id]


def armor(s: ShipState) -> int:
    """Current armor: the side of the counter that is up (6.2)."""
    return sdef(s).face(s.flipped).armor


def gunnery(s: ShipState) -> int:
    return sdef(s).face(s.flipped).gunnery


def secondary(s: ShipState) -> int:
    return sdef(s).face(s.flipped).secondary


def torpedo_rating(s: ShipState) -> int:
    return sdef(s).face(s.flipped).torpedo


def printed_speed(s: ShipState) -> int:
    return sdef(s).face(s.flipped).speed


def maneuver(s: ShipState) -> int:
    """Maneuver rating; a slowed ship's is 0 (4.1)."""
    if s.slowed:
        return data().c("slowed.maneuver")
    return sdef(s).maneuver


def speed_state(s: ShipState) -> str:
    """The state the Speed Effects chart reads: slowed and DIW override the voluntary markers (4.1)."""
    if s.diw:
        return "dead_in_water"
    if s.slowed:
        return "slowed"
    if s.panic and s.speed == "battle":
        return "evasive"  # 2.7/4.7: a panicked ship counts as on evasive action when it could be
    return s.speed


def controller(s: ShipState) -> str:
    """Who moves the ship: its owner, or the opponent while it is panicked (4.7)."""
    return other(s.side) if s.panic else s.side


def torpedoes_left(s: ShipState) -> bool:
    """7.3 as printed: undamaged, a USN ship is out when its markers equal its rating and an IJN ship when they
    exceed it (by one); once flipped, either side is out when the markers exceed the reduced rating. A ship whose
    current rating is 0 has nothing to launch (RULINGS R-8)."""
    rating = torpedo_rating(s)
    if rating <= 0:
        return False
    if s.flipped or s.side == "IJN":
        return s.torps_out <= rating
    return s.torps_out < rating


def underway(s: ShipState) -> bool:
    """4.0: hulks and DIW ships do not move."""
    return s.where == "map" and not s.diw


def panicked_count(st: State, side: str) -> int:
    return sum(1 for s in st.on_map(side) if s.panic)


def name(s: ShipState | str) -> str:
    return sdef(s).label


def ship_facts(s: ShipState) -> dict[str, Any]:
    """The facts about a ship that a decision's prompt names in words, as ``Decision.data`` carries them: who it is,
    where, which way its bow points and its speed marker (the map is open to both sides, 2.0, so any player may
    know them)."""
    return {"ship": s.id, "side": s.side, "hex": s.hex, "facing": s.facing,
            "facing_name": FACING_NAMES[s.facing] if s.hex else None, "speed": s.speed,
            "speed_state": speed_state(s), "panic": s.panic}
