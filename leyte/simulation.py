"""Batch play: many seeded bot-vs-bot games, one row each, independent of how many worker processes run them.

Game ``i`` of a run with base seed ``S`` uses seed ``S + i`` for the dice and ``S + i`` (mixed with the side) for
each bot, so any row of the results can be replayed alone, and the results do not depend on ``workers`` (or on a
Dask ``scheduler``: the same jobs, gathered in seed order). From a save (``from_save``, a "what if" branch) game
``i`` replays the save and then reseeds the dice with ``S + i``, so each branch run has its own recorded future.

A row holds the seed, what the game's face puts in its summary row (``Face.summary_row``: winner, level, points,
losses by type as ``lost_<player>_<type>``, and whatever else that game reports), and how many decisions and
seconds the game took. Nothing here names a game.
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from typing import Any

from leyte.bots import make_bot
from leyte.core.errors import LeyteError
from leyte.core.game import Game
from leyte.core.start import load_game, new_game


def bot_view(game: Game, player: str) -> dict[str, Any]:
    """``game.view(player)`` without the log or the option list: what a bot is shown.

    ``Game.view`` rebuilds the whole visible log as dicts on every call, which makes a long game quadratic (it was
    three quarters of a heuristic game's time); no bot reads the log, so batch play leaves it out. The decision is
    given as its header (player, kind, prompt, rule) only: a bot is handed the ``Decision`` itself, options and
    all, so turning every option into a dict again would be wasted work. Everything else is exactly the side's view.
    """
    v = game.rules.view(game.state, player)
    d = game.decision
    v["decision"] = None if d is None else (
        {"player": d.player, "kind": d.kind, "prompt": d.prompt, "rule": d.rule, "data": dict(d.data)}
        if d.player == player else {"player": d.player, "kind": d.kind, "rule": d.rule})
    v["log"] = []
    return v


def play_out(game: Game, bots: dict[str, Any], *, max_decisions: int = 1_000_000) -> int:
    """Let bots answer every decision until the game ends; returns the number of decisions made.

    A bot whose ``needs_view`` is False (the random bot) is not shown a view at all: building one is most of the
    cost of a random game.
    """
    n = 0
    # Everything alive before the game (the game data above all) is parked outside the cyclic collector while the
    # game runs: a game allocates tens of thousands of options, and each full collection would otherwise walk the
    # whole data set again (about a tenth of a random game's time). Nothing is leaked: unfreeze hands it all back.
    own_freeze = gc.get_freeze_count() == 0  # leave a caller's own frozen objects alone
    if own_freeze:
        gc.freeze()
    try:
        while (d := game.decision) is not None:
            if n >= max_decisions:
                raise LeyteError(f"game did not end within {max_decisions} decisions")
            bot = bots[d.player]
            game.apply(bot.choose(bot_view(game, d.player) if getattr(bot, "needs_view", True) else {}, d))
            n += 1
    finally:
        if own_freeze:
            gc.unfreeze()
    return n


def _bot_seed(seed: int, side: str) -> int:
    return seed * 1000 + sum(ord(c) for c in side)


@lru_cache(maxsize=4)
def _loaded(save_text: str) -> Game:
    """A save, loaded (replayed) once per process; games fork it. Loading replays every action, which can take
    longer than playing the rest of the game."""
    return load_game(save_text)


def run_one(args: tuple[Any, ...]) -> dict[str, Any]:
    """One game: (game id, scenario, seed, bot names per player in order, save text to start from[, on_error]).

    With ``on_error="record"`` a game that raises gives a row with the error text instead of stopping the study
    (a rare engine bug should cost one row of a ten-thousand-game run, not the run); the default re-raises.
    """
    game_id, scenario, seed, bot_names, from_save, *rest = args
    on_error = rest[0] if rest else "raise"
    t0 = time.perf_counter()
    try:
        return _play_one(game_id, scenario, seed, bot_names, from_save, t0)
    except Exception as e:
        if on_error != "record":
            raise
        return {"seed": seed, "decisions": None, "seconds": round(time.perf_counter() - t0, 4),
                "error": f"{type(e).__name__}: {e}"[:500]}


def _play_one(game_id: str, scenario: Any, seed: int, bot_names: Sequence[str], from_save: str | None,
              t0: float) -> dict[str, Any]:
    if from_save:
        g = _loaded(from_save).fork()  # replaying the save once per process, not once per game
        g.reseed(seed)  # each run from the save gets its own recorded future
    else:
        g = new_game(game_id, scenario=scenario, seed=seed)
    bots = {p: make_bot(b, game_id, p, _bot_seed(seed, p)) for p, b in zip(g.players, bot_names)}
    n = play_out(g, bots)
    row: dict[str, Any] = {"seed": seed, "decisions": n, "seconds": round(time.perf_counter() - t0, 4)}
    row.update(g.face.summary_row(g))
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
    scheduler: str | Any | None = None,
    on_error: str = "raise",
) -> Any:
    """Play ``games`` games and return a pandas DataFrame with one row per game (seed first).

    ``workers`` > 1 runs them in local processes; ``scheduler`` (a Dask distributed address such as
    ``"tcp://host:8786"``, or a ``distributed.Client``) runs them on a cluster — the optional ``dask`` extra. Either
    way the rows are the same as with one worker: every game is a pure function of its job. ``on_error="record"``
    turns a game that raises into a row with an ``error`` column rather than stopping the run.
    """
    import pandas as pd

    if games < 1:
        raise LeyteError("games must be at least 1")
    players = new_game(game, scenario=scenario, seed=seed).players if not from_save else \
        _loaded(from_save).players
    if len(bots) != len(players):
        raise LeyteError(f"{game} has {len(players)} players ({', '.join(players)}); give one bot each")
    if on_error not in ("raise", "record"):
        raise LeyteError(f"on_error must be 'raise' or 'record', not {on_error!r}")
    jobs = [(game, scenario, seed + i, tuple(bots), from_save, on_error) for i in range(games)]
    rows: list[dict[str, Any]] = []
    if scheduler is not None:
        rows = _run_on_dask(scheduler, jobs, progress)
    elif workers <= 1:
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
    lost = sorted(c for c in frame.columns if c.startswith("lost_"))
    frame[lost] = frame[lost].fillna(0).astype(int)
    return frame[[c for c in frame.columns if c not in lost] + lost]


def _run_on_dask(scheduler: str | Any, jobs: list[tuple[Any, ...]],
                 progress: Callable[[int, int], None] | None) -> list[dict[str, Any]]:
    """Submit one task per game to a Dask distributed scheduler and gather the rows as they finish."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise LeyteError("--scheduler needs Dask distributed: pip install 'leyte[dask]'") from None
    own = not isinstance(scheduler, Client)
    try:
        client = Client(scheduler, timeout="10s") if own else scheduler
    except OSError as e:
        raise LeyteError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
    try:
        futures = client.map(run_one, jobs, pure=False)
        rows = []
        for i, fut in enumerate(as_completed(futures)):
            rows.append(fut.result())
            if progress:
                progress(i + 1, len(jobs))
        return rows
    finally:
        if own:
            client.close()


def text_progress(done: int, total: int) -> None:
    width = 30
    filled = int(width * done / total)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()
