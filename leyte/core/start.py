"""Starting and loading games: the bodies of ``leyte.games``, ``leyte.new_game`` and ``leyte.load_game``.

They live in core so that modules inside the package (``simulate``, the front ends) can start games without
importing the top-level ``leyte`` package, which imports them lazily in turn (no import loop).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from leyte.core import registry
from leyte.core.errors import LeyteError, ScenarioError
from leyte.core.game import Game
from leyte.core.limits import check_plain

__all__ = ["games", "new_game", "load_game"]


def games() -> list[str]:
    """The ids of the games this version plays."""
    return registry.game_ids()


def new_game(
    game: str,
    scenario: str | Path | Mapping[str, Any] | None = None,
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    dice: Sequence[int] | None = None,
) -> Game:
    """Start a game.

    ``scenario`` is a scenario id (``"historical"``), a path to a scenario TOML/JSON file, or a dict describing any
    position (the worked examples use this). ``seed`` drives every random event; ``dice`` scripts the next rolls
    (the worked examples' numbers), after which the seed takes over. ``options`` switches optional and special
    rules on or off (see ``leyte.rules(game).options``).
    """
    r = registry.get(game)
    if seed is None or isinstance(seed, bool) or not isinstance(seed, int):
        raise LeyteError(f"seed must be an integer, not {seed!r}")
    if scenario is None:
        scenario = r.scenario_ids()[0]
    ref: Any
    if isinstance(scenario, Path):
        ref = None
        scen = r.load_scenario(str(scenario))
    elif isinstance(scenario, str):
        ref = scenario if scenario in r.scenario_ids() else None
        scen = r.load_scenario(scenario)
    elif isinstance(scenario, Mapping):
        ref = None
        check_plain(scenario, "scenario", error=ScenarioError)
        scen = r.load_scenario(scenario)
    else:
        raise ScenarioError(f"scenario must be an id, a path or a dict, not {type(scenario).__name__}")
    return Game(r, scen, seed=seed, options=options, dice=dice, scenario_ref=ref)


def load_game(text: str | bytes) -> Game:
    """Rebuild a game from ``Game.to_json()`` text; a damaged or foreign file raises ``SaveError`` saying why."""
    return Game.from_json(text, registry.get)
