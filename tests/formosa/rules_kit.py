"""Helpers for the Formosa rules tests: a scenario dict that starts at a given phase with units where we say."""

from __future__ import annotations

import copy
from typing import Any

from leyte.core.game import Game
from leyte.rulebooks.formosa.rules import RULES


def position(units: dict[str, Any], *, phase: str, turn: int = 3, scenario: str = "1", **extra: Any) -> dict:
    """Scenario ``scenario`` started at ``phase`` of GT ``turn``; ``units`` maps id -> hex label or a dict."""
    s = copy.deepcopy(RULES.load_scenario(scenario))
    s["position"] = {"turn": turn, "phase": phase,
                     "units": {k: (v if isinstance(v, dict) else {"loc": v}) for k, v in units.items()}, **extra}
    return s


def game(units: dict[str, Any], *, phase: str, dice: list[int] | None = None, **kw: Any) -> Game:
    return Game(RULES, RULES.load_scenario(position(units, phase=phase, **kw)), seed=7, dice=dice)


def play(g: Game, kind: str, **params: Any) -> None:
    """Apply the one option of the current decision with this kind and these parameters."""
    for o in g.decision.options:
        if o.kind == kind and all(o.get(k) == v for k, v in params.items()):
            g.apply(o)
            return
    raise AssertionError(f"no {kind} {params} among {[o.text for o in g.decision.options][:20]}")
