"""The forward model a search bot would stand on (issue 19): how fast each game can be copied and stepped.

Run: python benchmarks/search_model.py [--game ID ...] [--positions N] [--rollouts N] [--depth N] [--repeat N]

Per game it prints
- plain random play: decisions/s through the ordinary ``Game.apply``;
- where a decision's time goes (cProfile): the share spent writing the log (every ``emit`` layer, the rolls' texts
  and dicts) and the share of ``Game.apply``'s own bookkeeping, i.e. what a "quiet" apply could save at most;
- the cost of one copy of a position late in a game: ``Game.fork`` now (``plain.clone_state``), the save-format
  round trip it used before (``state.copy()``: ``to_dict`` then ``from_dict``) and ``copy.deepcopy(state)``;
- simulated decisions/s of a search's inner loop (from a few positions of a random game: fork, reseed, play
  ``--depth`` random decisions, many times): with the old copy ("plain"), with the new copy, and with the new copy
  made quiet (``fork(quiet=True)``: no log kept; "fast"), and the speed-up of fast over plain.

Figures only, never a pass/fail test. Wall-clock figures on this shared machine drift by a quarter from minute to
minute; every figure is the best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import pstats
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import leyte  # noqa: E402
from leyte.core.game import Game  # noqa: E402


def random_game(gid: str, seed: int, steps: int) -> Game:
    g = leyte.new_game(gid, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        d = g.decision
        if d is None:
            break
        g.apply(rng.choice(d.options))
    return g


def plain_play(gid: str, games: int, cap: int) -> float:
    """Decisions/s of seeded random play through ``Game.apply`` (set-up not timed)."""
    n, spent = 0, 0.0
    for seed in range(games):
        g = leyte.new_game(gid, seed=seed)
        rng = random.Random(seed)
        t = time.perf_counter()
        while (d := g.decision) is not None and n < cap * (seed + 1):
            g.apply(rng.choice(d.options))
            n += 1
        spent += time.perf_counter() - t
    return n / spent


def log_share(gid: str, cap: int) -> tuple[float, float]:
    """(share of a random game's time spent writing events, share in ``Game.apply``'s own lines), by cProfile.

    Events: the time entering any ``emit`` from outside another ``emit`` (wrapping contexts — masking, a sister
    game's case numbers — nest), plus the rolls' ``text`` and ``to_dict``. The texts the rules format before they
    call ``emit`` are not counted; they are f-strings spread through the rules.
    """
    g = leyte.new_game(gid, seed=3)
    rng = random.Random(3)
    prof = cProfile.Profile()
    prof.enable()
    n = 0
    while (d := g.decision) is not None and n < cap:
        g.apply(rng.choice(d.options))
        n += 1
    prof.disable()
    st = pstats.Stats(prof)
    stats: dict[Any, Any] = st.stats  # type: ignore[attr-defined]
    total = st.total_tt  # type: ignore[attr-defined]
    logging = 0.0
    own = 0.0
    for (path, _line, name), (_cc, _nc, tt, _ct, callers) in stats.items():
        if name == "emit":
            logging += sum(c[3] for (_p, _l, cname), c in callers.items() if cname != "emit")
        elif name in ("text", "to_dict") and path.endswith("dice.py"):
            logging += sum(c[3] for (_p, _l, cname), c in callers.items() if cname in ("roll_on", "roll"))
        elif name == "apply" and path.endswith(str(Path("core", "game.py"))):
            own += tt
    return logging / total, own / total


def best(fn: Callable[[], float], repeat: int) -> float:
    return min(fn() for _ in range(repeat))


def copy_costs(g: Game, repeat: int, k: int = 30) -> tuple[float, float, float]:
    """Seconds per copy: (Game.fork now, the save-format round trip ``state.copy()``, ``copy.deepcopy(state)``)."""
    st = g.state
    # the deep copy leaves out what is not the position: the shared static data and the engine's cached question
    memo_base = {id(getattr(st, "data", None)): getattr(st, "data", None), id(st.asked): None}

    def timed(f: Callable[[], Any]) -> float:
        t = time.perf_counter()
        for _ in range(k):
            f()
        return (time.perf_counter() - t) / k

    return (best(lambda: timed(g.fork), repeat), best(lambda: timed(st.copy), repeat),
            best(lambda: timed(lambda: copy.deepcopy(st, dict(memo_base))), repeat))


def search_loop(positions: list[Game], rollouts: int, depth: int, quiet: bool = False) -> float:
    """Simulated decisions/s of a search's inner loop: fork each position, reseed it, play ``depth`` random
    decisions; the copies count in the time, as they do in a search."""
    n = 0
    t = time.perf_counter()
    for p in positions:
        rng = random.Random(len(p.actions))
        for r in range(rollouts):
            h = p.fork(seed=r, quiet=quiet)
            for _ in range(depth):
                d = h.decision
                if d is None:
                    break
                h.apply(rng.choice(d.options))
                n += 1
    return n / (time.perf_counter() - t)


def old_copy(rules: Any) -> Callable[[], None]:
    """Make ``rules`` copy states the way ``Game.fork`` did before (the save format's round trip); returns the undo."""
    rules.copy_state = lambda st: st.copy()

    def undo() -> None:
        del rules.copy_state

    return undo


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", help="a game id (repeatable; default every registered game)")
    ap.add_argument("--positions", type=int, default=4, help="positions per game the search starts from")
    ap.add_argument("--rollouts", type=int, default=25, help="rollouts from each position")
    ap.add_argument("--depth", type=int, default=10, help="random decisions per rollout")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each timing; the best is shown")
    args = ap.parse_args()
    games = args.game or leyte.games()
    print(f"{len(games)} games; {args.positions} positions x {args.rollouts} rollouts x {args.depth} decisions; "
          f"best of {args.repeat}; Python {sys.version.split()[0]}")
    for gid in games:
        leyte.new_game(gid, seed=0)  # load the game's data outside the timings
        dps = max(plain_play(gid, 3, 1500) for _ in range(args.repeat))
        logs, own = log_share(gid, 1500)
        late = random_game(gid, 1, 600)
        fork, round_trip, deep = copy_costs(late, args.repeat)
        positions = [random_game(gid, 20 + i, 60 + 120 * i) for i in range(args.positions)]
        positions = [p for p in positions if p.decision is not None]
        # the three loops take turns, so a neighbour's burst of work slows each of them alike
        plain = copied = fast = 0.0
        for _ in range(args.repeat):
            undo = old_copy(late.rules)
            try:
                plain = max(plain, search_loop(positions, args.rollouts, args.depth))
            finally:
                undo()
            copied = max(copied, search_loop(positions, args.rollouts, args.depth))
            fast = max(fast, search_loop(positions, args.rollouts, args.depth, quiet=True))
        print(f"\n{gid}")
        print(f"  plain random play          {dps:8.0f} decisions/s (Game.apply)")
        print(f"  writing the log            {logs:8.1%} of a random game's time; Game.apply's own lines {own:.1%}")
        print(f"  one copy, {len(late.actions):4d} actions in  Game.fork {fork * 1e6:6.0f} us; old round trip "
              f"{round_trip * 1e6:6.0f} us; copy.deepcopy {deep * 1e6:6.0f} us")
        print(f"  search loop                {plain:8.0f} decisions/s with the old copy (plain), {copied:8.0f} with "
              f"the new one, {fast:8.0f} with it quiet (fast): {fast / plain:.2f}x")


if __name__ == "__main__":
    main()
