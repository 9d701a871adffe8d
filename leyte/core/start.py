"""Starting and loading games: the bodies of ``leyte.games``, ``leyte.new_game`` and ``leyte.load_game``.

They live in core so that modules inside the package (``simulate``, the front ends) can start games without
importing the top-level ``leyte`` package, which imports them lazily in turn (no import loop).
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from leyte.core import registry
from leyte.core.errors import LeyteError, ScenarioError
from leyte.core.game import Game
from leyte.core.limits import check_plain, excerpt

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
    if isinstance(scenario, str) and scenario in r.scenario_ids():
        ref = scenario
        scen = r.load_scenario(scenario)
    elif isinstance(scenario, (str, Path)):
        ref = None
        content = read_scenario_file(scenario, r.scenario_ids())
        check_plain(content, f"scenario file {excerpt(str(scenario))}", error=ScenarioError)
        scen = r.load_scenario(content)
    elif isinstance(scenario, Mapping):
        ref = None
        check_plain(scenario, "scenario", error=ScenarioError)
        scen = r.load_scenario(scenario)
    else:
        raise ScenarioError(f"scenario must be an id, a path or a dict, not {type(scenario).__name__}")
    return Game(r, scen, seed=seed, options=options, dice=dice, scenario_ref=ref)


MAX_SCENARIO_BYTES = 4 * 1024 * 1024


def read_scenario_file(path: str | Path, known: Sequence[str] = ()) -> dict[str, Any]:
    """A scenario or position file (TOML or JSON) read with care: it must be a regular file of at most
    ``MAX_SCENARIO_BYTES`` of UTF-8 text holding one object; anything else is a ``ScenarioError`` saying why.

    Only ``new_game`` reads files, when its caller names one; a save never does (it holds its scenario inline).
    """
    p = Path(path)
    shown = excerpt(str(path), 80)
    try:
        if not p.exists():
            ids = f"known ids are {', '.join(known)}, or " if known else ""
            raise ScenarioError(f"no scenario {shown}: {ids}give a path to a .toml or .json file")
        if not p.is_file():
            raise ScenarioError(f"scenario {shown} is not a regular file")
        if p.stat().st_size > MAX_SCENARIO_BYTES:
            raise ScenarioError(f"scenario {shown} is larger than {MAX_SCENARIO_BYTES} bytes")
        with p.open("rb") as f:
            raw = f.read(MAX_SCENARIO_BYTES + 1)
    except OSError as e:
        raise ScenarioError(f"cannot read scenario {shown}: {e.strerror or type(e).__name__}") from None
    if len(raw) > MAX_SCENARIO_BYTES:
        raise ScenarioError(f"scenario {shown} is larger than {MAX_SCENARIO_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError(f"scenario {shown} is not UTF-8 text") from None
    try:
        content = tomllib.loads(text) if p.suffix.lower() == ".toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as e:
        raise ScenarioError(f"scenario {shown} is not valid {'TOML' if p.suffix.lower() == '.toml' else 'JSON'}: "
                            f"{excerpt(str(e), 120)}") from None
    if not isinstance(content, dict):
        raise ScenarioError(f"scenario {shown} must hold one object, not {type(content).__name__}")
    return content


def load_game(text: str | bytes) -> Game:
    """Rebuild a game from ``Game.to_json()`` text; a damaged or foreign file raises ``SaveError`` saying why."""
    return Game.from_json(text, registry.get)
