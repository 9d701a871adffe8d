"""The mutable position of a Samar game: plain data only, so it saves as JSON and copies cheaply.

Ships are keyed by id; hexes are printed labels. Static values (a ship's armor, a table) live in ``data``. The flow
of play is the frame ``stack`` (see ``leyte.core.flow``); ``asked`` caches the current Decision and is never saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from leyte.core.plain import state_from_dict, state_to_dict

SIDES = ("IJN", "USN")
SPEEDS = ("battle", "cruise", "flank", "evasive")


def other(side: str) -> str:
    return "USN" if side == "IJN" else "IJN"


@dataclass(slots=True)
class ShipState:
    """One ship. ``where``: pool (not yet entered), map, hulk (sinking, still on the map), sunk, exited."""

    id: str
    side: str
    where: str = "pool"
    hex: str | None = None
    facing: int = 0  # 0 = map north, clockwise in hexsides (1 NE, 2 SE, 3 S, 4 SW, 5 NW)
    speed: str = "battle"  # the voluntary marker: battle, cruise, flank or evasive (4.1)
    speed_since: int = 0  # turn the current voluntary marker was placed (its first turn moves differently)
    waterline: int = 0  # 1 = slowed, 2+ = dead in the water (6.3)
    hits: int = 0  # hit markers on the current side of the counter (6.2)
    flipped: bool = False  # reduced side up (6.2)
    fires: int = 0  # fire markers (6.3)
    panic: bool = False  # panic marker: the opponent moves it (4.7)
    torps_out: int = 0  # Torpedoes Out markers (7.3)
    beached: bool = False  # hulked by shallows (4.4)
    lost_turn: int = 0  # turn it was sunk, hulked or beached
    exited_turn: int = 0
    exit_counted: bool = False  # its armor counts toward 3.4
    entry_mp: int = 0  # hexes already spent entering the map this movement phase

    @property
    def slowed(self) -> bool:
        return self.waterline == 1

    @property
    def diw(self) -> bool:
        return self.waterline >= 2

    @property
    def on_map(self) -> bool:
        return self.where == "map"

    @property
    def lost(self) -> bool:
        return self.where in ("hulk", "sunk")


@dataclass(slots=True)
class AirState:
    """One air unit: pool (the cup), available (the box), placed (on a target), used (out of the game)."""

    id: str
    side: str
    where: str = "pool"
    target: str | None = None


@dataclass(slots=True)
class State:
    scenario: str
    turn: int
    last_turn: int
    phase: str = "setup"
    ships: dict[str, ShipState] = field(default_factory=dict)
    air: dict[str, AirState] = field(default_factory=dict)
    pools: dict[str, list[str]] = field(default_factory=dict)  # ijn, ijn_bb, taffy2, bombardment
    smoke: dict[str, int] = field(default_factory=dict)  # hex label -> smoke markers
    options: dict[str, Any] = field(default_factory=dict)
    flags: dict[str, Any] = field(default_factory=dict)
    combat: dict[str, Any] = field(default_factory=dict)  # this combat phase: who fired, pending effects
    moved: list[str] = field(default_factory=list)  # ships that have moved this movement phase
    cleared: bool = False  # 3.4: the map has been cleared of US ships
    exited_armor: int = 0
    stack: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    asked: Any = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return state_to_dict(self, ("ships", "air"))

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        return state_from_dict(cls, d, {"ships": ShipState, "air": AirState}, "samar")

    def copy(self) -> State:
        return State.from_dict(self.to_dict())

    def on_map(self, side: str | None = None) -> list[ShipState]:
        """Ships afloat on the map (not hulks), in id order."""
        return [s for s in self.ships.values() if s.where == "map" and (side is None or s.side == side)]

    def at(self, label: str) -> list[ShipState]:
        """Every vessel in a hex, hulks included."""
        return [s for s in self.ships.values() if s.hex == label and s.where in ("map", "hulk")]
