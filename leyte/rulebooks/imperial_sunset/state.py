"""The mutable position of an Imperial Sunset game: one place for everything that changes during play.

Everything here is plain data (strings, numbers, lists, dicts of those) so a state serialises to JSON exactly and
copies cheaply. Hexes are kept as their printed labels; the map turns them into coordinates when rules need
geometry. Static values (a ship's gunnery, a table) never live here — they are in ``data.ISData``, which the state
only points at (``State.data``, shared, never saved or copied).

The flow of play is a stack of *frames* (``State.stack``): each frame is a small dict naming a step of the
sequence of play ("activation", "search_report", "surface_battle", ...) and its progress. The top frame either asks
a player a question (a ``Decision``) or runs by itself; ``engine.advance`` runs automatic frames until the next
question. Keeping the flow as data is what makes save/load and undo exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from leyte.core.plain import state_from_dict, state_to_dict

SIDES = ("IJN", "USN")
_NOT_SAVED = ("asked", "data")  # a cache slot and the shared static data: neither is part of the position


def other(side: str) -> str:
    return "USN" if side == "IJN" else "IJN"


@dataclass(slots=True)
class ShipState:
    """One ship unit in play: where it is (through its TF, or alone on the map) and what has happened to it."""

    id: str
    side: str
    tf: str | None = None  # the task force it belongs to; None while independent or out of play
    hex: str | None = None  # only for independents (detached damaged ships, 6.4; over-stacked ships, 8.3.9)
    hits: int = 0
    sunk: bool = False
    exited: bool = False  # left the map (6.3) — counts as escaped for victory (12.2)
    in_port: bool = False  # reached Manila (9.4): safe from air attack
    torpedo_used: bool = False  # the "T" crossed off (8.3.6)
    independent: bool = False
    detected: bool = False  # detected marker on an independent (6.4)
    mp_penalty: int = 0  # a -1/-2 MP marker the ship carries when it changes TF (6.2.4)
    destination: str | None = None  # forced destination of a detached ship: "north", "west", "east", "manila"
    damaged_this_activation: bool = False
    air_ops_lost: bool = False
    landed_at_ormoc: bool = False
    escorting: str | None = None  # 6.4.2: the damaged ship this independent escorts (moves and exits with it)
    escort_dds: int = 0  # 6.4.1: destroyers detached from a squadron to escort this damaged IJN ship
    detached_points: int = 0  # 6.4.1: points of this destroyer unit marked off as escorts, not as losses
    force: str | None = None  # the force it started in: 13.1.5.2 binds ships of Forces A, B, C, Shima and Ozawa
    fanaticism_met: bool = False  # 13.1.5.2: it was in a TF that fought a significant battle


@dataclass(slots=True)
class TFState:
    """A task force marker: real or dummy, on the map, with its status markers."""

    id: str
    side: str
    name: str
    hex: str | None
    ships: list[str] = field(default_factory=list)
    dummy: bool = False
    fleet: str | None = None  # "3rd" / "7th" for the USN (5.3.1)
    detected: bool = False
    activated: bool = False  # has had its activation this turn (4.2)
    moved: bool = False
    mp_markers: int = 0  # -1/-2 MP markers waiting for the next activation (6.2.1, 6.2.3, 6.2.4)
    air_mp_lost_this_turn: int = 0  # at most two MPs a turn from air attacks (6.2.3)
    entered_turn: int = 0
    reorganized: bool = False  # formed, merged or split this Initial Phase (6.2.1)
    through_strait: bool = False  # for IJN Fanaticism (13.1.5.2)
    exited: bool = False
    in_play: bool = True


@dataclass(slots=True)
class AirState:
    """One air unit: which box it is in and which side of the counter is up."""

    id: str
    side: str
    parent: str  # carrier ship id, or an air formation id ("1AF", "2AF", "USAAF")
    box: str = "ready"  # ready | cap | flown | destroyed | out (carrier lost air ops, 9.1) | eliminated
    reduced: bool = False  # IJN: lost a step; USN: exhausted / fatigued side up
    cap_over: str | None = None  # TF id this unit flies CAP over
    role: str | None = None  # escort-carrier squadrons: "F" or "B" declared for the turn (6.5.2)
    missions_today: int = 0
    ashore: bool = False  # IJN carrier aircraft that landed at an airfield (6.5.7)


@dataclass(slots=True)
class State:
    """The whole position."""

    scenario: str
    turn: int
    first_turn: int
    last_turn: int
    phase: str = "setup"
    ships: dict[str, ShipState] = field(default_factory=dict)
    tfs: dict[str, TFState] = field(default_factory=dict)
    air: dict[str, AirState] = field(default_factory=dict)
    pool: list[str] = field(default_factory=list)  # activation markers still in the cup (4.1)
    activated_by_chit: list[str] = field(default_factory=list)
    sonar: list[dict[str, Any]] = field(default_factory=list)  # {"hex", "identity": "IJN"|"USN"|"dummy"}
    subs_sunk: int = 0
    pt_hex: str | None = None
    kamikazes: int = 0  # kamikaze markers waiting for a detected target (11.1)
    kamikazes_used: int = 0
    vp: list[dict[str, Any]] = field(default_factory=list)  # every award: side, points, reason, rule
    options: dict[str, Any] = field(default_factory=dict)
    secret: dict[str, Any] = field(default_factory=dict)  # per-side secrets: wild bull result, what-if OB roll
    flags: dict[str, Any] = field(default_factory=dict)
    stack: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    counter: int = 0  # for ids of TFs created in play
    asked: Any = field(default=None, repr=False, compare=False)  # engine's cached Decision; never saved
    # The game's static data (``data.ISData``), given by the Rules object in ``new_state``. Shared and immutable:
    # never saved, never copied, not part of the digest; a copy points at the same object.
    data: Any = field(default=None, repr=False, compare=False)

    # -- queries used everywhere ---------------------------------------------------------------------------------

    def live_ships(self, tf_id: str) -> list[str]:
        tf = self.tfs[tf_id]
        return [s for s in tf.ships if not self.ships[s].sunk]

    def tfs_at(self, hex_label: str, side: str | None = None) -> list[TFState]:
        return [
            t for t in self.tfs.values()
            if t.in_play and t.hex == hex_label and (side is None or t.side == side)
        ]

    def next_id(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}-{self.counter}"

    # -- serialisation -------------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return state_to_dict(self, ("ships", "tfs", "air"), skip=_NOT_SAVED)

    @classmethod
    def from_dict(cls, d: dict[str, Any], data: Any = None) -> State:
        """Rebuild a state from ``to_dict``; ``data`` is the game's static data, which a saved state never holds."""
        return state_from_dict(cls, d, {"ships": ShipState, "tfs": TFState, "air": AirState}, "imperial-sunset",
                               data=data)

    def copy(self) -> State:
        return State.from_dict(self.to_dict(), self.data)
