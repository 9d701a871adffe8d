"""Batch play: many seeded bot-vs-bot games, one row each, independent of how many worker processes run them.

Game ``i`` of a run with base seed ``S`` uses seed ``S + i`` for the dice and ``S + i`` (mixed with the side) for
each bot, so any row of the results can be replayed alone, and the results do not depend on ``workers``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from leyte.bots import make_bot
from leyte.core.errors import LeyteError
from leyte.core.game import Game


def play_out(game: Game, bots: dict[str, Any], *, max_decisions: int = 1_000_000) -> int:
    """Let bots answer every decision until the game ends; returns the number of decisions made."""
    n = 0
    while (d := game.decision) is not None:
        if n >= max_decisions:
            raise LeyteError(f"game did not end within {max_decisions} decisions")
        bot = bots[d.player]
        game.apply(bot.choose(game.view(d.player) if getattr(bot, "needs_view", True) else {}, d))
        n += 1
    return n


def _bot_seed(seed: int, side: str) -> int:
    return seed * 1000 + sum(ord(c) for c in side)


def run_one(args: tuple[str, Any, int, Sequence[str], str | None]) -> dict[str, Any]:
    """One game: (game id, scenario, seed, bot names per player in order, save text to start from)."""
    import leyte

    game_id, scenario, seed, bot_names, from_save = args
    t0 = time.perf_counter()
    if from_save:
        g = leyte.load_game(from_save)
        g.reseed(seed)  # each run from the save gets its own recorded future
    else:
        g = leyte.new_game(game_id, scenario=scenario, seed=seed)
    bots = {p: make_bot(b, game_id, p, _bot_seed(seed, p)) for p, b in zip(g.players, bot_names)}
    n = play_out(g, bots)
    res = g.result or {}
    row: dict[str, Any] = {"seed": seed, "decisions": n, "seconds": round(time.perf_counter() - t0, 4),
                           "winner": res.get("winner"), "level": res.get("level"), "net": res.get("net_usn"),
                           "turn": res.get("turn")}
    for side, pts in (res.get("points") or {}).items():
        row[f"vp_{side}"] = pts
    extra = getattr(g.rules, "summary_row", None)
    if callable(extra):
        row.update(extra(g.state))
    return row


def simulate(
    game: str,
    scenario: Any = None,
    *,
    games: int = 10,
    seed: int = 0,
    bots: Sequence[str] = ("random", "random"),
    workers: int = 1,
    from_save: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Any:
    """Play ``games`` games and return a pandas DataFrame with one row per game (seed first)."""
    import pandas as pd

    import leyte

    if games < 1:
        raise LeyteError("games must be at least 1")
    players = leyte.new_game(game, scenario=scenario, seed=seed).players if not from_save else \
        leyte.load_game(from_save).players
    if len(bots) != len(players):
        raise LeyteError(f"{game} has {len(players)} players ({', '.join(players)}); give one bot each")
    jobs = [(game, scenario, seed + i, tuple(bots), from_save) for i in range(games)]
    rows: list[dict[str, Any]] = []
    if workers <= 1:
        for i, job in enumerate(jobs):
            rows.append(run_one(job))
            if progress:
                progress(i + 1, games)
    else:
        with ProcessPoolExecutor(max_workers=workers) as ex:
            for i, row in enumerate(ex.map(run_one, jobs, chunksize=max(1, games // (workers * 4)))):
                rows.append(row)
                if progress:
                    progress(i + 1, games)
    frame = pd.DataFrame(rows).sort_values("seed").reset_index(drop=True)
    return frame


def text_progress(done: int, total: int) -> None:
    width = 30
    filled = int(width * done / total)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()
