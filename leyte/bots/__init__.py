"""Bots: players that choose among the legal options from their own side's view only.

A bot is called as ``bot.choose(view, decision)``: ``view`` is ``game.view(side)`` (what that side may know) and
``decision`` the current Decision (whose options are built for that side alone). It never receives the Game, so it
cannot peek at hidden information. ``random`` works for every game; ``heuristic`` plays Imperial Sunset
(``leyte.bots.imperial_sunset``: rules of thumb for each side) and Battle off Samar
(``leyte.rulebooks.samar.heuristic``); game-specific bots register here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from leyte.core.dice import Dice
from leyte.core.errors import LeyteError
from leyte.core.game import Action, Decision

__all__ = ["Bot", "RandomBot", "make_bot", "bot_names", "register"]


class Bot:
    """Base class: a named, seeded chooser."""

    name = "bot"
    needs_view = True  # False: batch play may pass an empty view (the bot ignores it), which saves building one

    def __init__(self, side: str, seed: int = 0) -> None:
        self.side = side
        self.rng = Dice(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError


class RandomBot(Bot):
    """A uniformly random legal option, from its own seeded generator (any game)."""

    name = "random"
    needs_view = False  # a uniform choice among the options reads nothing else

    def choose(self, view: dict[str, Any], decision: Decision) -> Action:
        return decision.options[self.rng.randbelow(len(decision.options))]


def _heuristic(game: str, side: str, seed: int) -> Bot:
    # Imported on first use: the game-specific module imports this one (for Bot), and ``import leyte`` stays light.
    if game == "samar":
        from leyte.rulebooks.samar.heuristic import SamarHeuristic

        return SamarHeuristic(side, seed)
    from leyte.bots.imperial_sunset import make_heuristic

    return make_heuristic(game, side, seed)


_FACTORIES: dict[str, Callable[[str, str, int], Bot]] = {
    "random": lambda game, side, seed: RandomBot(side, seed),
    "heuristic": _heuristic,
}


def register(name: str, factory: Callable[[str, str, int], Bot]) -> None:
    _FACTORIES[name] = factory


def bot_names() -> list[str]:
    return sorted(_FACTORIES)


def make_bot(name: str, game: str, side: str, seed: int = 0) -> Bot:
    """A bot by name for one side of a game."""
    if name not in _FACTORIES:
        raise LeyteError(f"unknown bot {name!r}; bots: {', '.join(bot_names())}")
    return _FACTORIES[name](game, side, seed)
