"""Shared helpers of the conformance suite: which games and scenarios to run, seeded random bots and sampled
decision points.

Every case list is built from ``leyte.games()`` when the test modules are collected, after ``conftest.py`` has
installed the trio test game, so a game that registers appears here without a line changing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

import leyte
from leyte.core import registry
from leyte.core.players import RandomBot

GAMES: list[str] = leyte.games()
SCENARIOS: list[tuple[str, str]] = [(g, sc) for g in GAMES for sc in registry.get(g).scenario_ids()]
PLAYOUT_SEEDS = (1, 2)  # two short seeded games per scenario: the whole folder stays a few seconds per game
SEED = 7  # the one seed of the checks that sample decisions inside a game
SAMPLES = 6  # decisions sampled per game for the costlier checks (refusals, save/load, undo, fork)
VIEW_SAMPLES = 30  # decisions at which every player's view is checked

def marks(test: str, game: str, *, face: bool = False) -> list[Any]:
    """Marks for a case (none today: every registered game passes every check; a known bug would be listed here
    as a strict xfail naming it, so the suite stays green while the bug stays visible)."""
    return []


def game_params(test: str, *, face: bool = False) -> list[Any]:
    return [pytest.param(g, id=g, marks=marks(test, g, face=face)) for g in GAMES]


def scenario_params(test: str, *, face: bool = False, seeds: tuple[int, ...] = (SEED,)) -> list[Any]:
    return [
        pytest.param(g, sc, seed, id=f"{g}-{sc}-{seed}", marks=marks(test, g, face=face))
        for g, sc in SCENARIOS for seed in seeds
    ]


def bots(game: leyte.Game, seed: int) -> dict[str, RandomBot]:
    """A seeded random bot for every player; the same seed gives the same bots."""
    return {p: RandomBot(p, seed * 1000 + i) for i, p in enumerate(game.players)}


def step(game: leyte.Game, players: dict[str, RandomBot]) -> Any:
    """Let the deciding player's bot answer one decision; returns the action played."""
    d = game.decision
    assert d is not None
    action = players[d.player].choose({}, d)
    game.apply(action)
    return action


def play_out(game: leyte.Game, players: dict[str, RandomBot], limit: int = 200_000) -> int:
    n = 0
    while game.decision is not None:
        assert n < limit, f"{game.id} did not end within {limit} decisions"
        step(game, players)
        n += 1
    return n


def new(game: str, scenario: str, seed: int) -> tuple[leyte.Game, dict[str, RandomBot]]:
    g = leyte.new_game(game, scenario=scenario, seed=seed)
    return g, bots(g, seed)


@cache
def length(game: str, scenario: str, seed: int) -> int:
    """How many decisions the seeded random game lasts (played once, remembered)."""
    g, b = new(game, scenario, seed)
    return play_out(g, b)


def sample_points(game: str, scenario: str, seed: int, k: int) -> list[int]:
    """``k`` decision indices spread evenly over the seeded random game, the first decision included."""
    n = length(game, scenario, seed)
    return sorted({min(n - 1, (i * n) // k) for i in range(k)}) if n else []


def walk(game: str, scenario: str, seed: int, k: int) -> Iterator[tuple[int, leyte.Game, dict[str, RandomBot]]]:
    """Play the seeded random game, stopping at each sampled decision (the test may look, but must restore)."""
    g, b = new(game, scenario, seed)
    at = 0
    for point in sample_points(game, scenario, seed, k):
        while at < point:
            step(g, b)
            at += 1
        yield at, g, b


def first(items: list[Any], pred: Callable[[Any], bool]) -> Any:
    return next((x for x in items if pred(x)), None)
