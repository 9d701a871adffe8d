"""The position of a Formosa game as plain data, so it saves as JSON, copies cheaply and undoes with the game.

Units are keyed by their ``units.csv`` id. A unit's ``loc`` is a hex label ("1021") when it is on the map, or one
of the off-map places of 2.0/24.0: ``staging`` (the Allied Staging Area), ``amoy`` (the Amoy display, 9.0),
``reinforcements`` (not yet bought, 8.0), ``pool`` (a Japanese set-up choice not taken), ``setup`` (waiting to be
placed at set-up), ``eliminated`` (lost in combat: it scores for the Japanese, 4.2, R-5), ``replacements``
(removed for over-stacking, 13.3: it does not) or ``removed`` (a deception unit once revealed, R-12).
Control of a hex is never stored: 5.x makes it "occupied by a friendly unit", so it is read from the units.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any

OFF_MAP = ("staging", "amoy", "reinforcements", "pool", "setup", "eliminated", "replacements", "removed")


@dataclass(slots=True)
class UnitState:
    """One counter's changing facts; its printed values stay in ``data.Unit``."""

    id: str
    loc: str = "reinforcements"
    concealed: bool = False  # Japanese only: showing its "?" back (11.0)
    moved: bool = False  # moved in the current Movement Phase (12.2: once per phase)
    base: bool = False  # an Allied engineer flipped to its base side (20.1)
    unsupplied: bool = False  # eliminated with no LOS (19.5 point 3): 8.3 may not replace it

    @property
    def on_map(self) -> bool:
        return self.loc.isdigit()


@dataclass(slots=True)
class State:
    """Everything that changes in one game; the rules are stateless and read the data files for the rest."""

    scenario: str
    turn: int
    last_turn: int
    phase: str = "setup"
    units: dict[str, UnitState] = field(default_factory=dict)
    lp: dict[str, int] = field(default_factory=dict)  # side -> LP (7.0)
    half_lp: dict[str, int] = field(default_factory=dict)  # side -> 0/1: the half LP a kamikaze buy leaves
    tac: dict[str, int] = field(default_factory=dict)  # "US", "CW", "Japanese" -> tactical air points
    kamikaze: int = 0
    ng: dict[str, int] = field(default_factory=dict)  # "US", "CW" -> naval gunfire units
    markers: dict[str, int] = field(default_factory=dict)  # amphibious, drop_zone, b29, air_supply -> available
    amoy_captured: int = 0  # the GT Amoy fell (9.1); 0 while it holds
    fleet: str = "none"  # the Japanese mobile fleet marker (18.0): "none", "held" (bought, secret) or "used"
    ng_away: dict[str, int] = field(default_factory=dict)  # NG units a fleet sortie sent to Available (18.0)
    no_amphibious_gt: int = 0  # the GT a Decisive Battle forbids amphibious markers in (18.0 b)
    plan: dict[str, dict[str, int]] = field(default_factory=dict)  # pool -> mission -> TAC points this GT (16.1)
    suppressed: list[str] = field(default_factory=list)  # hexes a B-29 suppressed until Air Return (16.5 DS)
    ng_used: dict[str, Any] = field(default_factory=dict)  # {"turn": "GT:phase", pool: NG units fired} (17.0)
    interdiction: dict[str, dict[str, Any]] = field(default_factory=dict)  # hex -> {pool, points} (16.4)
    options: dict[str, Any] = field(default_factory=dict)
    rules: dict[str, Any] = field(default_factory=dict)  # the scenario's numbers and special rules (24.0)
    stack: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    asked: Any = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        for name in self.__dataclass_fields__:
            if name == "asked":
                continue
            v = getattr(self, name)
            d[name] = {k: asdict(u) for k, u in v.items()} if name == "units" else v
        return copy.deepcopy(d)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        d = copy.deepcopy(dict(d))
        d["units"] = {k: UnitState(**u) for k, u in d.get("units", {}).items()}
        return cls(**d)

    def copy(self) -> State:
        return State.from_dict(self.to_dict())

    def at(self, loc: str) -> list[str]:
        """Ids of the units at one place, in id order (stable option lists)."""
        return sorted(u.id for u in self.units.values() if u.loc == loc)
