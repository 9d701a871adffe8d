"""Clash of the Carriers as a ``leyte`` game: Imperial Sunset's Rules object on Clash's own data, engine and cases.

``ClashOfTheCarriers`` is an ``ImperialSunset`` built on ``scenarios/clash-of-the-carriers/``: that folder's
``family.toml`` sets every rule difference (``imperial_sunset.family``) and its ``cases.csv`` renumbers every case the
shared modules cite into Clash's rulebook. What differs in the flow — set-up (16.1), formations (3.0-3.3), the
sequence of play (4.0-4.3, 5.0-5.7), the pool and command chits (4.2, 5.2, 8.7), movement (7.0-7.3), the End Phase
and victory (4.3, 10.0-10.3) — runs as Clash's own frames on an engine extended from Imperial Sunset's. Search, island
air, surface combat and submarines (11.0) are their own modules' frames.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from leyte.core.cases import own
from leyte.core.errors import NotYetImplemented
from leyte.core.game import Context
from leyte.rulebooks.clash import (
    activation,
    carriers,
    formations,
    islands,
    movement,
    pending,
    radar,
    scenario,
    search,
    sequence,
    submarines,
    surface,
    victory,
    views,
)
from leyte.rulebooks.clash.engine import ENGINE, GAME_ID
from leyte.rulebooks.clash.options import OPTIONS
from leyte.rulebooks.imperial_sunset.rules import ImperialSunset
from leyte.rulebooks.imperial_sunset.state import State

# imported for the frames they register
_ = (activation, carriers, formations, islands, movement, pending, radar, search, sequence, submarines, surface,
     victory)


class ClashOfTheCarriers(ImperialSunset):
    engine = ENGINE
    end_rule = own("10.0")
    id = GAME_ID
    name = "Clash of the Carriers: the Battle of the Philippine Sea, 18-20 June 1944"
    players = ("IJN", "USN")
    first_scenarios = ("historical",)
    options = OPTIONS  # the built switches new_game(options=...) takes (clash.options)

    def __init__(self, folder: str | Path | None = None) -> None:
        super().__init__(folder)

    def load_scenario(self, source: str | Mapping[str, Any]) -> dict[str, Any]:
        return scenario.read_position(self.data(), source)

    def new_state(self, pos: Mapping[str, Any], options: Mapping[str, Any], ctx: Context) -> State:
        D = self.data()
        return scenario.new_state(D, pos, options, self._context(ctx, D))

    def view(self, st: State, player: str | None) -> dict[str, Any]:
        return views.view(st, player)

    def hidden_names(self, st: State, player: str) -> frozenset[str]:
        return views.hidden_names(st, player)

    def sample(self, game: Any, player: str, rng: Any) -> Any:
        """Not built yet: Clash hides more than Imperial Sunset's sampler redraws (its own search and air rules),
        so it refuses rather than hand a search bot positions that could leak or be inconsistent."""
        raise NotYetImplemented("sample", f"{self.id} has no sampling hook yet (positions consistent with one "
                                "player's view); Imperial Sunset's does not cover Clash's hidden rules")


RULES = ClashOfTheCarriers()
