"""The position of a Naval Chess game as plain data, so it saves as JSON and copies cheaply.

Units are keyed by id; hexes are printed labels ("E7"). Off the map a unit's ``loc`` says where it is: ``off:north``
or ``off:west`` (IJN forces waiting to enter, V.B), ``reserve`` (not yet in play), ``aboard:<id>`` (the PT boats
on their transport, V.A), ``exited`` (fled the map, VI.B.1.a) or ``sunk``. An air unit's ``base`` is a hex label
(an airfield or harbor) or the id of its carrier.

The IJN's forces on the map are *markers* (VI.B.1.a, RULINGS R-15): a task force, a dummy (a marker with no units)
or a submarine. The Allies see a marker's label and hex, never what is under it until one of their own units
detects it. The label is drawn at random from a pool, so it tells nothing either.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from leyte.core.plain import state_from_dict, state_to_dict


@dataclass(slots=True)
class UnitState:
    id: str
    seat: str
    loc: str = "reserve"
    damaged: bool = False
    marker: str = ""  # the IJN marker the unit is under
    anchored: bool = False  # in a friendly harbor or anchorage and not moving this impulse
    moved_from: str = ""  # hex left in the current impulse (withdrawal geometry, hexside battles)
    moved: bool = False  # moved in the current impulse (Allied units)
    supplied: bool = True  # VI.C, decided at the end of each day
    hidden: bool = False  # a PT boat hiding by day (VI.B.2.b)
    day_hex: str = ""  # where a ship ended the daytime phase: one that stays there at night gets a surprise shift
    # air units
    base: str = ""
    strength: str = ""
    points: int = 0  # strike points spent today: same-hex 1, long 2, extended 4 (RULINGS R-35)
    phase_strikes: int = 0  # strikes this combat phase
    airborne: bool = False  # launched in a simultaneous same-hex strike and not yet landed
    struck_here: bool = False  # made a same-hex strike this combat phase: no ranged strike now (VI.B.1.b.2.d)
    rebuild: int = 0  # Allied air: days left to rebuild (VI.A)

    @property
    def on_map(self) -> bool:
        """On a hex of the map (a ship, sub or PT boat at sea or in harbor; an air unit is never "on" the map)."""
        return len(self.loc) >= 2 and self.loc[0] in "ABCDEFGH" and self.loc[1:].isdigit()

    @property
    def afloat(self) -> bool:
        return self.loc not in ("sunk", "exited", "reserve") and not self.loc.startswith("aboard:")


@dataclass(slots=True)
class Marker:
    label: str
    loc: str
    units: list[str] = field(default_factory=list)
    plot: dict[str, str] = field(default_factory=dict)  # impulse -> hex (secret, IJN only)
    moved_from: str = ""


@dataclass(slots=True)
class State:
    scenario: str
    day: int
    last_day: int
    phase: str = "setup"
    impulse: str = ""
    units: dict[str, UnitState] = field(default_factory=dict)
    markers: dict[str, Marker] = field(default_factory=dict)
    marker_pool: list[str] = field(default_factory=list)
    detected: dict[str, list[str]] = field(default_factory=dict)  # seat -> marker labels / unit ids seen today
    identified: dict[str, list[str]] = field(default_factory=dict)  # seat -> enemy unit ids it has ever identified
    posture: dict[str, str] = field(default_factory=dict)  # seat -> active / passive (VI.A)
    escalated: bool = False
    allied_vp: int = 0
    ledger: list[dict[str, Any]] = field(default_factory=list)
    leyte_since: int = 0  # day the Allies first anchored a transport in Leyte Gulf (0 = never)
    unloaded: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    stack: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    asked: Any = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return state_to_dict(self, ("units", "markers"))

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        return state_from_dict(cls, d, {"units": UnitState, "markers": Marker}, "naval-chess")

    def copy(self) -> State:
        return State.from_dict(self.to_dict())

    def seen(self, seat: str) -> list[str]:
        return self.detected.setdefault(seat, [])
