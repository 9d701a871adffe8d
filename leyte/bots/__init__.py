"""Bots: players that choose among the legal options from their own player's view only.

``random`` plays every game; each game brings its own bots through its plug-in (``GamePlugin.bots``: Imperial
Sunset's and Battle off Samar's ``heuristic``). ``register`` adds a bot for every game at run time. The base classes
live in ``leyte.core.players``.
"""

from __future__ import annotations

from collections.abc import Callable

from leyte.core import registry
from leyte.core.errors import LeyteError
from leyte.core.players import Bot, RandomBot

__all__ = ["Bot", "RandomBot", "make_bot", "bot_names", "register"]

# Bots for every game: name -> factory(game id, player, seed).
_COMMON: dict[str, Callable[[str, str, int], Bot]] = {
    "random": lambda game, side, seed: RandomBot(side, seed),
}


def register(name: str, factory: Callable[[str, str, int], Bot]) -> None:
    """Offer a bot for every game under ``name`` (a game's own bots come from its plug-in)."""
    _COMMON[name] = factory


def bot_names(game: str | None = None) -> list[str]:
    """The bots that can play ``game`` (with no game: every bot name any registered game offers)."""
    names = set(_COMMON)
    for gid in ([game] if game else registry.game_ids()):
        names.update(registry.plugin(gid).bots)
    return sorted(names)


def make_bot(name: str, game: str, side: str, seed: int = 0) -> Bot:
    """A bot by name for one player of a game."""
    own = registry.plugin(game).bots
    if name in own:
        return own[name](side, seed)
    if name in _COMMON:
        return _COMMON[name](game, side, seed)
    raise LeyteError(f"unknown bot {name!r} for {game}; bots: {', '.join(bot_names(game))}")
