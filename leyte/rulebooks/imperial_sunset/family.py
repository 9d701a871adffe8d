"""The rules family: what a sister game of Imperial Sunset changes when it runs these modules.

Clash of the Carriers (the Philippine Sea, June 1944) is the same designer's same system four months earlier: most
procedures are Imperial Sunset's, some differ in a number or a step. Each difference is a *switch* named here, with
Imperial Sunset's value as the default, so the modules read ``st.data.family.switch("launch_mp")`` instead of
branching on a game id; a sister game's data folder sets its values in ``family.toml`` and maps case numbers in
``cases.csv`` (``leyte.core.cases``). Imperial Sunset's own folder has neither file and gets the defaults, so its
games are exactly what they were.

A module that meets a switch value it does not implement yet raises ``NotBuilt`` naming the switch and both cases:
a difference never silently plays as Imperial Sunset.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from leyte.core.cases import CaseMap
from leyte.core.errors import LeyteError, NotYetImplemented, ScenarioError

BASE_GAME = "imperial-sunset"


@dataclass(frozen=True)
class Switch:
    """One rule difference between the rulebooks of the family: its values, Imperial Sunset's, and the cases."""

    name: str
    default: Any
    values: tuple[Any, ...]
    is_case: str
    meaning: str


def _s(name: str, default: Any, values: tuple[Any, ...], is_case: str, meaning: str) -> Switch:
    return Switch(name, default, values, is_case, meaning)


# The number in brackets is the difference's number in the Clash reading notes (§2.5).
SWITCHES: dict[str, Switch] = {s.name: s for s in (
    _s("launch_mp", 2, (0, 2), "6.2.2", "MP a TF pays to launch a strike [9]"),
    _s("aa_adjacent", "both_half_single", ("both_half_single", "usn_half_all"), "8.1",
       "which ships in the adjacent display box fire AA, and at how many attackers [19]"),
    _s("aa_suppression", "result_plus_one_paired", ("result_plus_one_paired", "roll_minus_one_per_fighter"),
       "8.1.1", "how escorting fighters blunt AA fire [20]"),
    _s("a2a_excess", "pooled_drm", ("pooled_drm", "per_unit_drm"), "8.2.2",
       "what CAP hits beyond the strike's steps do [21]"),
    _s("deliver_ordnance", "always_kills", ("always_kills", "optional_steps"), "8.1",
       "whether Deliver the Ordnance is standard and what it covers [22]"),
    _s("criticals", "damage_table", ("damage_table", "torpedo_only"), "9.2", "what causes critical hits [23]"),
    _s("carrier_half", "remove_air", ("remove_air", "ready_to_flown"), "9.1",
       "what a carrier's air group does when the carrier loses air operations [24]"),
    _s("ijn_carrier_air_after_strike", "airfield", ("airfield", "flown_forever"), "6.5.7",
       "where IJN carrier aircraft go after a strike [14]"),
    _s("usn_recovery", "two_per_day", ("two_per_day", "unlimited_fatigued"), "6.5.3",
       "how often USN carrier air flies by day [13]"),
    _s("extended_range", "to_flown", ("to_flown", "turn_track"), "6.5.6",
       "where an extended-range strike's units go afterwards [17]"),
    _s("cap_scope", "other_tfs", ("other_tfs", "hex_pool"), "6.5.4", "where CAP may fly and whom it covers [18]"),
    _s("surface_initiative", "every_round", ("every_round", "once"), "8.3.2",
       "whether surface-battle initiative is rolled each round or once for the battle [27]"),
    _s("surface_deployment", "groups_face_down", ("groups_face_down", "per_unit_face_up"), "8.3.1",
       "how ships are placed on the surface display: a roll per group of four, USN face down, or a roll per unit [28]"),
    _s("surface_gunnery", "designated", ("designated", "simultaneous_plain"), "8.3.3",
       "IJN pre-designation, halving for a second shooter, -1 MP after firing, Moved markers and a night shooter "
       "being seen, or none of these [29]"),
    _s("surface_torpedoes", "once_per_game", ("once_per_game", "once_per_battle"), "8.3.6",
       "how often a ship fires torpedoes, and with how many rolls [30]"),
    _s("surface_disengage", "active_rolls", ("active_rolls", "both_roll"), "8.3.8",
       "who rolls to break off a surface battle, and when the players may ask [31]"),
    _s("surface_end", "placement", ("placement", "retreat"), "8.3.9",
       "where the sides go after a surface battle, and who stays after the last round [32]"),
    _s("surface_smoke", "day_only_cleared", ("day_only_cleared", "stays"), "8.3.5",
       "whether smoke works at night and whether it is cleared each round [33]"),
    _s("surface_adjust", "recentre", ("recentre", "none"), "8.3.11",
       "whether ships near the display's ends are shifted back towards its middle [34]"),
    _s("surface_exits", "none", ("none", "edge_roll"), "8.3.2",
       "whether ships may leave the surface display from its end boxes [§6.1 item 14]"),
    _s("surface_air", "strike", ("strike", "target_aa_only"), "8.3.7",
       "how carrier aircraft attack in a surface battle and who fires AA at them [Clash 12.7]"),
    _s("air_one_step", "flip_first", ("flip_first", "no_reduced_side_dies"), "8.2",
       "whether an air unit printed without a weaker side dies at its first step lost [Clash 2.3.2]"),
)}


class NotBuilt(NotYetImplemented):
    """A family switch value whose rule is not built yet in a shared module: never played as the base game's.

    ``rule`` is the running game's case for the rule when its case map knows it, else Imperial Sunset's."""

    def __init__(self, switch: str, value: Any, game: str, rule: str = "") -> None:
        sw = SWITCHES.get(switch)
        where = f" (Imperial Sunset {sw.is_case}: {sw.meaning})" if sw else ""
        self.rule = rule or (sw.is_case if sw else "?")
        LeyteError.__init__(self, f"{game}: rule difference {switch}={value!r}{where} is not built yet")


@dataclass(frozen=True)
class Family:
    """A game's place in the family: its id, its switch values and, for a sister game, its case map."""

    game: str = BASE_GAME
    values: Mapping[str, Any] = field(default_factory=dict)
    cases: CaseMap | None = None

    def switch(self, name: str) -> Any:
        """The game's value of the switch ``name`` (Imperial Sunset's unless the game's family.toml sets it)."""
        try:
            sw = SWITCHES[name]
        except KeyError:
            raise LeyteError(f"no rules-family switch {name!r}") from None
        return self.values.get(name, sw.default)

    def not_built(self, name: str) -> NotBuilt:
        """The error a shared module raises where it meets this game's value of ``name`` and cannot play it yet."""
        sw = SWITCHES.get(name)
        rule = ""
        if sw is not None and self.cases is not None:
            rule = self.cases.cases.get(sw.is_case) or ""
        return NotBuilt(name, self.switch(name), self.game, rule)

    @property
    def is_base(self) -> bool:
        return self.game == BASE_GAME


def load_family(folder: Path, game: str) -> Family:
    """Read ``family.toml`` (switch values) and ``cases.csv`` (case map) from a game's data folder, if present.

    Every switch named must exist and take one of its values; the case map is required for a sister game (a
    game that is not Imperial Sunset must cite its own rulebook).
    """
    path = folder / "family.toml"
    if not path.exists():
        if game != BASE_GAME:
            raise ScenarioError(f"{path}: a sister game of {BASE_GAME} needs a family.toml")
        return Family()
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise ScenarioError(f"{path}: {e}") from None
    values = doc.get("switches", {})
    if not isinstance(values, dict):
        raise ScenarioError(f"{path}: [switches] must be a table")
    for k, v in values.items():
        sw = SWITCHES.get(k)
        if sw is None:
            raise ScenarioError(f"{path}: switches.{k}: no such rules-family switch (known: {', '.join(SWITCHES)})")
        if v not in sw.values or type(v) is not type(sw.default):
            raise ScenarioError(f"{path}: switches.{k}: {v!r} is not one of {sw.values}")
    cases = None
    if game != BASE_GAME:
        cpath = folder / "cases.csv"
        if not cpath.exists():
            raise ScenarioError(f"{cpath}: a sister game of {BASE_GAME} needs a case map")
        cases = CaseMap.read(cpath, BASE_GAME, game)
    return Family(game, dict(values), cases)
