"""Battle off Samar as a ``leyte`` game: the stateless Rules object the core Game drives."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from leyte.core.flow import FrameRules
from leyte.core.game import Context
from leyte.rulebooks.samar import engine, scenario, views
from leyte.rulebooks.samar.data import data
from leyte.rulebooks.samar.state import State

# Importing the rules modules registers their frames with the engine.
from leyte.rulebooks.samar import gunnery, movement, sequence  # noqa: E402,F401  isort: skip


class Samar(FrameRules):
    engine = engine.ENGINE
    end_rule = "3.4"
    id = "samar"
    name = "Yamato Unleashed: Battle off Samar, 25 October 1944"
    players = ("IJN", "USN")
    first_scenarios = ("historical",)

    def load_scenario(self, source: str | Mapping[str, Any]) -> dict[str, Any]:
        return scenario.read_position(source)

    def new_state(self, pos: Mapping[str, Any], options: Mapping[str, Any], ctx: Context) -> State:
        return scenario.new_state(pos, options, ctx)

    def view(self, st: State, player: str | None) -> dict[str, Any]:
        return views.view(st, player)

    def data(self) -> Any:
        return data()

    def sample(self, game: Any, player: str, rng: random.Random) -> Any:
        """Samar hides nothing from either side (every ship, hit and position is on the open map), so a position
        consistent with ``player``'s view is the position itself; only the dice to come are unknown, and the copy
        gets its own, drawn from ``rng``."""
        return game.fork(seed=rng.getrandbits(62))

    def summary_row(self, st: State) -> dict[str, Any]:
        """Extra columns for ``leyte simulate``: armor exited into Leyte Gulf and whether the map was cleared."""
        return {"exited_armor": st.exited_armor, "cleared": st.cleared}


RULES = Samar()
