"""Shared helpers for the Clash of the Carriers plug-in tests: a Rules object on the test data folder.

``tests/clash/data/`` is a small fixture in the game's data formats (a few ships a TG, a 40 x 20 all-sea map with
Saipan and Guam); the game's own family.toml and cases.csv are copied beside it, so the tests run Clash's real rule
differences and case map on it. The game is not registered under the entry point yet, so tests build games through
``leyte.core.game.Game`` with this Rules object directly.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from leyte.core.game import Game
from leyte.rulebooks.clash.rules import ClashOfTheCarriers

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).resolve().parent / "data"
GAME_FOLDER = ROOT / "scenarios" / "clash-of-the-carriers"


@cache
def data_folder() -> Path:
    """The fixture plus the game's family files, in a temporary folder kept for the test session."""
    folder = Path(tempfile.mkdtemp(prefix="clash-test-data-"))
    atexit.register(shutil.rmtree, folder, True)  # gone when the test process ends
    shutil.copytree(FIXTURE, folder, dirs_exist_ok=True)
    for name in ("family.toml", "cases.csv"):
        shutil.copy(GAME_FOLDER / name, folder / name)
    return folder


@cache
def rules() -> ClashOfTheCarriers:
    return ClashOfTheCarriers(data_folder())


def game(scenario: str | Mapping[str, Any] = "historical", *, seed: int = 1, dice: Sequence[int] | None = None) -> Game:
    r = rules()
    return Game(r, r.load_scenario(scenario), seed=seed, dice=dice,
                scenario_ref=scenario if isinstance(scenario, str) else None)


def choose(g: Game, kind: str, **params: Any) -> list[Any]:
    """Play the legal option of ``kind`` whose parameters include ``params``."""
    for o in g.legal_actions():
        if o.kind == kind and all(o.get(k) == v for k, v in params.items()):
            return g.apply(o)
    raise AssertionError(f"no legal {kind} {params} among {[o.text for o in g.legal_actions()][:20]}")


@cache
def real_rules_until_subs() -> ClashOfTheCarriers:
    """A Rules object on the game's own data folder, submarines and all (the name dates from when the submarine step
    was still a placeholder and this gave a copy without USN markers)."""
    return ClashOfTheCarriers(GAME_FOLDER)
