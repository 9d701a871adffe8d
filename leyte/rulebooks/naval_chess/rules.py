"""The Leyte Gulf Naval Chess Game as a ``leyte`` game: the stateless Rules object the core Game drives."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from leyte.core.flow import FrameRules
from leyte.core.game import Context
from leyte.rulebooks.naval_chess import engine, scenario, views
from leyte.rulebooks.naval_chess.data import SEATS, SIDE_OF, data
from leyte.rulebooks.naval_chess.state import State

# Importing the rules modules registers their frames with the engine.
from leyte.rulebooks.naval_chess import combat, sequence, setup  # noqa: E402,F401  isort: skip


class NavalChess(FrameRules):
    engine = engine.ENGINE
    end_rule = "IV"
    id = "naval-chess"
    name = "Leyte Gulf Naval Chess Game, 20-26 October 1944"
    players = SEATS
    sides = SIDE_OF
    first_scenarios = ("historical",)
    options = scenario.OPTIONS

    def load_scenario(self, source: str | Mapping[str, Any]) -> dict[str, Any]:
        return scenario.read_position(source)

    def new_state(self, pos: Mapping[str, Any], options: Mapping[str, Any], ctx: Context) -> State:
        return scenario.new_state(pos, options, ctx)

    def view(self, st: State, player: str | None) -> dict[str, Any]:
        return views.view(st, player)

    def data(self) -> Any:
        return data()

    def hidden_names(self, st: State, player: str) -> frozenset[str]:
        return views.hidden_names(st, player)

    def summary_row(self, st: State) -> dict[str, Any]:
        """Extra columns for ``leyte simulate``: the Allied score and the days the transports held Leyte Gulf."""
        return {"allied_vp": st.allied_vp, "leyte_since": st.leyte_since}


RULES = NavalChess()
