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

from typing import Any

from leyte.core import registry
from leyte.core.errors import IllegalAction, LeyteError, NotYetImplemented, SaveError, ScenarioError
from leyte.core.game import Action, Decision, Event, Game
from leyte.core.start import games, load_game, new_game

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


def simulate(game: str, scenario: Any = None, **kwargs: Any) -> Any:
    """Play many seeded bot-vs-bot games; a pandas DataFrame with one row per game (see ``leyte.simulate``)."""
    from leyte.simulation import simulate as _simulate

    return _simulate(game, scenario, **kwargs)


def rules(game: str) -> Any:
    """The game's data: ``.map`` (``.to_frame()``), ``.units`` (DataFrame), ``.tables[name]``, ``.scenarios``."""
    return registry.get(game).data()
