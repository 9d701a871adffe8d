"""leyte — WWII Pacific naval wargames as one rules engine.

The public API (fixed; notebooks, the CLI, tests and outside users stand on it)::

    import leyte
    leyte.games()                                   # ["imperial-sunset", ...]
    g = leyte.new_game("imperial-sunset", scenario="historical", seed=1944)
    g.decision                                      # who must decide what: .player .kind .prompt .rule .options
    g.legal_actions()                               # the same options as a list
    g.apply(g.legal_actions()[0])                   # or its dict form; returns the new events
    g.over, g.result                                # result: winner, victory level, points with breakdown
    g.view("USN")                                   # exactly what that side may know
    g.events                                        # the full structured log
    text = g.to_json(); g2 = leyte.load_game(text)  # versioned save; never pickle
    g.undo(); g.fork()
    leyte.rules("imperial-sunset")                  # the game's data: .map, .units, .tables[name]

Importing this module loads no widget, canvas, plotting or pandas module; those load only when asked for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from leyte.core import registry
from leyte.core.errors import IllegalAction, LeyteError, NotYetImplemented, SaveError, ScenarioError
from leyte.core.game import Action, Decision, Event, Game

__all__ = [
    "games",
    "new_game",
    "load_game",
    "rules",
    "simulate",
    "Game",
    "Action",
    "Decision",
    "Event",
    "LeyteError",
    "IllegalAction",
    "ScenarioError",
    "SaveError",
    "NotYetImplemented",
    "__version__",
]

__version__ = "0.1.0"


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
        scen = r.load_scenario(scenario)
    else:
        raise ScenarioError(f"scenario must be an id, a path or a dict, not {type(scenario).__name__}")
    return Game(r, scen, seed=seed, options=options, dice=dice, scenario_ref=ref)


def load_game(text: str | bytes) -> Game:
    """Rebuild a game from ``Game.to_json()`` text; a damaged or foreign file raises ``SaveError`` saying why."""
    return Game.from_json(text, registry.get)


def simulate(game: str, scenario: Any = None, **kwargs: Any) -> Any:
    """Play many seeded bot-vs-bot games; a pandas DataFrame with one row per game (see ``leyte.simulate``)."""
    from leyte.simulation import simulate as _simulate

    return _simulate(game, scenario, **kwargs)


def rules(game: str) -> Any:
    """The game's data: ``.map`` (``.to_frame()``), ``.units`` (DataFrame), ``.tables[name]``, ``.scenarios``."""
    return registry.get(game).data()
