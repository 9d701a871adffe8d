"""Where the game data lives: inside the installed package, or in the checkout during development.

The wheel copies ``scenarios/`` to ``leyte/_data/scenarios/`` (see pyproject.toml), so a non-editable install
carries its data; an editable install or a plain checkout reads the top-level ``scenarios/`` folder directly.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from leyte.core.errors import ScenarioError


@cache
def scenarios_root() -> Path:
    here = Path(__file__).resolve().parent.parent  # the leyte package folder
    for candidate in (here / "_data" / "scenarios", here.parent / "scenarios"):
        if candidate.is_dir():
            return candidate
    raise ScenarioError(f"no scenario data found next to {here} (looked in _data/scenarios and ../scenarios)")


def game_data_dir(game: str) -> Path:
    d = scenarios_root() / game
    if not d.is_dir():
        raise ScenarioError(f"no data folder for game {game!r} in {scenarios_root()}")
    return d
