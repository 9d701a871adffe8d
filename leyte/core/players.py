"""Players that are programs: the ``Bot`` base every game's bots build on, and the random bot that plays any game.

A bot is called as ``bot.choose(view, decision)``: ``view`` is ``game.view(player)`` (what that player may know)
and ``decision`` the current ``Decision`` (whose options and ``data`` are built for that player alone). It never
receives the ``Game``, so it cannot peek at hidden information.
"""

from __future__ import annotations

from typing import Any

from leyte.core.dice import Dice
from leyte.core.game import Action, Decision

__all__ = ["Bot", "RandomBot"]


class Bot:
    """Base class: a named, seeded chooser for one player."""

    name = "bot"
    needs_view = True  # False: batch play may pass an empty view (the bot ignores it), which saves building one

    def __init__(self, side: str, seed: int = 0) -> None:
        self.side = side
        self.rng = Dice(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Action:
        raise NotImplementedError(f"{type(self).__name__} must define choose(view, decision)")


class RandomBot(Bot):
    """A uniformly random legal option, from its own seeded generator (any game)."""

    name = "random"
    needs_view = False  # a uniform choice among the options reads nothing else

    def choose(self, view: dict[str, Any], decision: Decision) -> Action:
        return decision.options[self.rng.randbelow(len(decision.options))]
