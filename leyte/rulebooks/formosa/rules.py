"""Operation Causeway: Formosa as a ``leyte`` Rules object (the core ``Game`` drives it).

Not registered under ``leyte.games`` yet: the air, invasion, naval transfer and combat phases raise
``NotYetImplemented``, so the conformance suite's playouts could not finish. Use it directly::

    from leyte.core.game import Game
    from leyte.rulebooks.formosa.rules import RULES
    g = Game(RULES, RULES.load_scenario("1"), seed=1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from leyte.core.flow import FrameRules
from leyte.core.game import Context
from leyte.rulebooks.formosa import engine, scenario, views
from leyte.rulebooks.formosa.board import data
from leyte.rulebooks.formosa.state import State

# Importing the sequence registers its frames with the engine.
from leyte.rulebooks.formosa import sequence  # noqa: E402,F401  isort: skip
from leyte.rulebooks.formosa import combat  # noqa: E402,F401  isort: skip
from leyte.rulebooks.formosa import air  # noqa: E402,F401  isort: skip


class Formosa(FrameRules):
    engine = engine.ENGINE
    end_rule = "4.0"
    id = "formosa"
    name = "Operation Causeway: Formosa 1944"
    players = ("Allied", "Japanese")
    first_scenarios = ("1", "2")

    def scenario_ids(self) -> list[str]:
        return scenario.scenario_ids()

    def load_scenario(self, source: str | Mapping[str, Any]) -> dict[str, Any]:
        return scenario.read_position(source)

    def new_state(self, pos: Mapping[str, Any], options: Mapping[str, Any], ctx: Context) -> State:
        st = scenario.new_state(pos, options)
        engine.push(st, "game")
        engine.advance(st, ctx)
        return st

    def view(self, st: State, player: str | None) -> dict[str, Any]:
        return views.view(st, player)

    def hidden_names(self, st: State, player: str) -> frozenset[str]:
        return views.hidden_names(st, player)

    def data(self) -> Any:
        return data()


RULES = Formosa()
