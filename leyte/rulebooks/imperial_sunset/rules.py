"""Imperial Sunset as a ``leyte`` game: the Rules object the core Game drives.

Stateless glue: every call gets the ``State``; the work is done by the module of the rulebook it concerns.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from leyte.core.flow import FrameRules
from leyte.core.game import Context
from leyte.rulebooks.imperial_sunset import engine
from leyte.rulebooks.imperial_sunset.common import data
from leyte.rulebooks.imperial_sunset.state import State

# Importing the rules modules registers their frames with the engine.
from leyte.rulebooks.imperial_sunset import (  # noqa: E402,F401  isort: skip
    activation,
    air,
    detection,
    movement,
    scenario,
    sequence,
    special,
    submarines,
    surface,
    taskforces,
    views,
)


class ImperialSunset(FrameRules):
    engine = engine.ENGINE
    end_rule = "12.0"
    id = "imperial-sunset"
    name = "Imperial Sunset: the Battle of Leyte Gulf, 23-26 October 1944"
    players = ("IJN", "USN")

    def scenario_ids(self) -> list[str]:
        order = ["historical", "what-if", "campaign"]
        ids = list(data().scenarios)
        return [s for s in order if s in ids] + sorted(s for s in ids if s not in order)

    def load_scenario(self, source: str | Mapping[str, Any]) -> dict[str, Any]:
        return scenario.read_position(source)

    def new_state(self, pos: Mapping[str, Any], options: Mapping[str, Any], ctx: Context) -> State:
        return scenario.new_state(pos, options, ctx)

    def view(self, st: State, player: str | None) -> dict[str, Any]:
        return views.view(st, player)

    def data(self) -> Any:
        return data()


RULES = ImperialSunset()
