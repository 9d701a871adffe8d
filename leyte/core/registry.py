"""The registered games. Core lists none: each game package announces itself under the ``leyte.games`` entry point
group (as pytest finds its plugins), so a game installed by ``pip`` appears in ``leyte.games()``.

An entry point's name is the game id and its value names a ``GamePlugin`` (``"pkg.module:PLUGIN"``). Nothing is
imported until a game is asked for, so ``import leyte`` stays light. ``register`` adds a plugin at run time (tests,
a notebook trying out a home-made game).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from leyte.core.errors import LeyteError

__all__ = ["GamePlugin", "game_ids", "get", "plugin", "register", "unregister", "GROUP"]

GROUP = "leyte.games"

# A bot factory: (side, seed) -> a bot with ``choose(view, decision)``.
BotFactory = Callable[[str, int], Any]


@dataclass(frozen=True)
class GamePlugin:
    """What a game package exports: its rules, its face and its bots.

    ``face`` is a class (or any callable) taking the rules object; ``bots`` maps a bot name ("heuristic") to a
    factory ``(side, seed) -> bot``. The random bot is offered for every game by ``leyte.bots``.
    """

    id: str
    rules: Any
    face: Callable[[Any], Any] | None = None
    bots: Mapping[str, BotFactory] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if getattr(self.rules, "id", self.id) != self.id:
            raise LeyteError(f"plugin {self.id!r} carries the rules of {self.rules.id!r}")

    def sample(self, game: Any, player: str, rng: Any) -> Any:
        """A ``Game`` consistent with ``player``'s view of ``game``: what it sees unchanged, what it does not see
        redrawn from what it knows, never from the real hidden state (issue 19: the search bot's forward model).

        ``rng`` is a ``random.Random`` (same seed, same sample). The rules do the drawing (``rules.sample``); a game
        whose rules do not have it raises ``NotYetImplemented`` naming the hook.
        """
        from leyte.core.errors import NotYetImplemented

        if getattr(game, "rules", None) is not self.rules:
            raise LeyteError(f"sample: {game!r} is not a game of {self.id!r}")
        if player not in getattr(self.rules, "players", ()):
            raise LeyteError(f"sample: no player {player!r} in {self.id}; players: "
                             f"{', '.join(getattr(self.rules, 'players', ()))}")
        hook = getattr(self.rules, "sample", None)
        if hook is None:
            raise NotYetImplemented("sample", f"{self.id} has no sampling hook yet")
        return hook(game, player, rng)


_EXTRA: dict[str, GamePlugin | str] = {}  # registered at run time: a plugin, or "module:attr" to load on demand
_LOADED: dict[str, GamePlugin] = {}
_FACES: dict[str, Any] = {}


def _entry_points() -> dict[str, str]:
    from importlib import metadata  # here, not at the top: reading package metadata costs more than the rest

    found: dict[str, str] = {}
    for ep in metadata.entry_points(group=GROUP):
        found.setdefault(ep.name, ep.value)
    for name, value in _checkout_entry_points().items():
        found.setdefault(name, value)
    return found


@cache
def _checkout_entry_points() -> dict[str, str]:
    """The games declared in the checkout's own pyproject.toml, when leyte runs from a source tree that was never
    installed (``python -c`` in a clone): the same declarations the installed metadata would carry."""
    import tomllib

    root = Path(__file__).resolve().parent.parent.parent
    try:
        doc = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if doc.get("project", {}).get("name") != "leyte":
        return {}
    eps = doc.get("project", {}).get("entry-points", {}).get(GROUP, {})
    return {str(k): str(v) for k, v in eps.items()} if isinstance(eps, dict) else {}


def _sources() -> dict[str, GamePlugin | str]:
    return {**_entry_points(), **_EXTRA}


def game_ids() -> list[str]:
    """Every registered game id, sorted."""
    return sorted(_sources())


def plugin(game: str) -> GamePlugin:
    """The plugin of a game id; a clear error naming the known ids otherwise."""
    if not isinstance(game, str):
        raise LeyteError(f"a game id is a string such as {', '.join(map(repr, game_ids()[:2]))}, "
                         f"not {type(game).__name__}")
    if game in _LOADED:
        return _LOADED[game]
    src = _sources().get(game)
    if src is None:
        raise LeyteError(f"unknown game {game!r}; known games: {', '.join(game_ids()) or 'none installed'}")
    if isinstance(src, str):
        import importlib

        mod, _, attr = src.partition(":")
        try:
            obj = getattr(importlib.import_module(mod), attr or "PLUGIN")
        except (ImportError, AttributeError) as e:
            raise LeyteError(f"game {game!r} is registered as {src!r}, which cannot be loaded: {e}") from None
    else:
        obj = src
    if not isinstance(obj, GamePlugin) or obj.id != game:
        raise LeyteError(f"game {game!r} is registered as {src!r}, which is not that game's GamePlugin")
    _LOADED[game] = obj
    return obj


def get(game: str) -> Any:
    """The rules object of a game id (what ``Game`` drives)."""
    return plugin(game).rules


def face(game: str) -> Any:
    """The game's face (built once): a ``leyte.core.face.Face``; a ``DefaultFace`` if the game brings none."""
    if game not in _FACES:
        p = plugin(game)
        if p.face is None:
            from leyte.core.face import DefaultFace

            _FACES[game] = DefaultFace(p.rules)
        else:
            _FACES[game] = p.face(p.rules)
    return _FACES[game]


def register(p: GamePlugin | str, game: str | None = None) -> None:
    """Add a game at run time: a ``GamePlugin``, or ``"module:attr"`` with its ``game`` id (loaded when asked)."""
    if isinstance(p, GamePlugin):
        gid = p.id
    elif isinstance(p, str) and game:
        gid = game
    else:
        raise LeyteError("register takes a GamePlugin, or a 'module:attr' string and the game id")
    _EXTRA[gid] = p
    _LOADED.pop(gid, None)
    _FACES.pop(gid, None)


def unregister(game: str) -> None:
    """Take back a game registered at run time (tests clean up after themselves)."""
    _EXTRA.pop(game, None)
    _LOADED.pop(game, None)
    _FACES.pop(game, None)
