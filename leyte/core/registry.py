"""Game id -> rules package. Packages are imported only when a game is asked for, so ``import leyte`` stays light."""

from __future__ import annotations

import importlib
from typing import Any

from leyte.core.errors import LeyteError

# id -> module path; the module exposes RULES (a leyte.core.game.Rules).
_GAMES: dict[str, str] = {
    "imperial-sunset": "leyte.rulebooks.imperial_sunset",
    "samar": "leyte.rulebooks.samar",
}
_LOADED: dict[str, Any] = {}


def game_ids() -> list[str]:
    return list(_GAMES)


def get(game: str) -> Any:
    """The rules object of a game id; a clear error naming the known ids otherwise."""
    if not isinstance(game, str) or game not in _GAMES:
        raise LeyteError(f"unknown game {game!r}; known games: {', '.join(_GAMES)}")
    if game not in _LOADED:
        _LOADED[game] = importlib.import_module(_GAMES[game]).RULES
    return _LOADED[game]
