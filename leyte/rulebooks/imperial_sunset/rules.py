"""Imperial Sunset as a ``leyte`` game: the Rules object the core Game drives.

Glue: every call gets the ``State``; the work is done by the module of the rulebook it concerns. The Rules object
owns the game's static data: it loads it once (from ``folder``, by default the game's own data directory) and hands
it to every new state, so the rules modules read ``st.data`` and never a global. A sister game of the same rules
family can build another ``ImperialSunset`` on its own data folder and run the same modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from leyte.core.cases import CaseContext
from leyte.core.errors import IllegalAction
from leyte.core.flow import FrameRules
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset import common, engine
from leyte.rulebooks.imperial_sunset.data import ISData, load
from leyte.rulebooks.imperial_sunset.state import State

# Importing the rules modules registers their frames with the engine.
from leyte.rulebooks.imperial_sunset import (  # noqa: E402,F401  isort: skip
    aa,
    activation,
    air,
    air_ops,
    air_to_air,
    cap,
    detection,
    kamikaze,
    land_air,
    movement,
    optional_air,
    scenario,
    sequence,
    special,
    strikes,
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
    first_scenarios = ("historical", "what-if", "campaign")

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = folder
        self._data: ISData | None = None

    def data(self) -> ISData:
        """The game's static data, read and validated on first use and shared by every game of these rules."""
        if self._data is None:
            self._data = load(self.folder, self.id)
        return self._data

    def _context(self, ctx: Context, D: ISData) -> Context:
        """The context the rules write through: masking (views), and a sister game's own case numbers."""
        c: Context = views.MaskingContext(ctx, D)
        return CaseContext(c, D.family.cases) if D.family.cases is not None else c

    def load_scenario(self, source: str | Mapping[str, Any]) -> dict[str, Any]:
        return scenario.read_position(self.data(), source)

    def new_state(self, pos: Mapping[str, Any], options: Mapping[str, Any], ctx: Context) -> State:
        D = self.data()
        return scenario.new_state(D, pos, options, self._context(ctx, D))

    def apply(self, st: State, action: Action, ctx: Context) -> None:
        cases = st.data.family.cases
        if cases is None:
            super().apply(st, action, self._context(ctx, st.data))
            return
        try:
            super().apply(st, action, self._context(ctx, st.data))
        except IllegalAction as e:
            raise cases.refusal(e) from None

    def decision(self, st: State) -> Decision | None:
        d = super().decision(st)
        cases = st.data.family.cases
        return d if cases is None else cases.decision(d)

    def refusal(self, st: State, action: Action) -> IllegalAction:
        why = super().refusal(st, action)
        cases = st.data.family.cases
        return why if cases is None else cases.refusal(why)

    def view(self, st: State, player: str | None) -> dict[str, Any]:
        return views.view(st, player)

    def hidden_names(self, st: State, player: str) -> frozenset[str]:
        return views.hidden_names(st, player)

    def sample(self, game: Any, player: str, rng: Any) -> Any:
        """A game consistent with ``player``'s view, the unseen enemy TF contents dealt again (``sampling``)."""
        from leyte.rulebooks.imperial_sunset import sampling

        return sampling.sample(game, player, rng)


RULES = ImperialSunset()


def hex_distance(a: str, b: str) -> int:
    """Hex distance between two labels on Imperial Sunset's own map (public geometry, for the bots)."""
    return common.dist(RULES.data(), a, b)


def sea_distance(a: str, b: str) -> int | None:
    """Sea-route distance from ``a`` to ``b`` on Imperial Sunset's own map, or None (public geometry, for the bots)."""
    return movement.sea_distance(RULES.data(), a, b)
