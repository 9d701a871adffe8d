"""Speed of whole games (issue 7; Imperial Sunset by default, any operational game with ``--game``, e.g. Clash of
the Carriers beside it, issue 17): games/s and decisions/s on one core, the scaling with two workers, the peak
memory of one game, and a profile of where the time goes.

Run: python benchmarks/speed.py [--game ID] [--games N] [--repeat N] [--profile-rows N]

Figures only, never a pass/fail test (targets, from the issue: >= 10 random games/s and >= 20,000 decisions/s on
one core; >= 1.8x with two workers). The profile shows the hot path so a fix can go where the time is. Wall-clock
figures on a shared machine drift from minute to minute; to compare two versions of the code, count instructions
with benchmarks/instructions.py instead.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import resource
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import leyte  # noqa: E402
from leyte.bots import make_bot  # noqa: E402
from leyte.simulation import bot_view, play_out, simulate  # noqa: E402

GAME = "imperial-sunset"
SCENARIO = "historical"


def set_game(game: str) -> None:
    """Time ``game`` instead of Imperial Sunset (its ``historical`` scenario; its side names come from the game)."""
    global GAME
    if game not in leyte.games():
        raise SystemExit(f"no game {game!r}: {', '.join(leyte.games())}")
    GAME = game


def one_core(bots: tuple[str, str], games: int) -> tuple[float, float, float]:
    """(games/s, decisions/s, mean decisions per game), in this process, timing play only."""
    decisions = 0
    spent = 0.0
    for seed in range(games):
        g = leyte.new_game(GAME, scenario=SCENARIO, seed=seed)
        players = {p: make_bot(b, GAME, p, seed * 1000 + i) for i, (p, b) in enumerate(zip(g.players, bots))}
        t = time.perf_counter()
        decisions += play_out(g, players)
        spent += time.perf_counter() - t
    return games / spent, decisions / spent, decisions / games


def scaling(bots: tuple[str, str], games: int) -> tuple[float, float]:
    """Wall-clock seconds for the same games with one worker and with two (process start-up included)."""
    t = time.perf_counter()
    simulate(GAME, SCENARIO, games=games, seed=0, bots=bots, workers=1)
    one = time.perf_counter() - t
    t = time.perf_counter()
    simulate(GAME, SCENARIO, games=games, seed=0, bots=bots, workers=2)
    two = time.perf_counter() - t
    return one, two


def peak_memory(bots: tuple[str, str]) -> tuple[float, float]:
    """(peak MiB of Python allocations during one game, this process's max RSS in MiB)."""
    g = leyte.new_game(GAME, scenario=SCENARIO, seed=1)
    players = {p: make_bot(b, GAME, p, i) for i, (p, b) in enumerate(zip(g.players, bots))}
    tracemalloc.start()
    play_out(g, players)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return peak / 2**20, rss


def view_cost() -> tuple[float, float, int]:
    """Seconds per call of Game.view (which rebuilds the log) and of the bots' log-free view, late in a game."""
    g = leyte.new_game(GAME, scenario=SCENARIO, seed=2)
    players = {p: make_bot("heuristic", GAME, p, i) for i, p in enumerate(g.players)}
    for _ in range(2000):
        d = g.decision
        if d is None:
            break
        g.apply(players[d.player].choose(bot_view(g, d.player), d))
    side = g.decision.player if g.decision else g.players[-1]
    n = 50
    t = time.perf_counter()
    for _ in range(n):
        g.view(side)
    full = (time.perf_counter() - t) / n
    t = time.perf_counter()
    for _ in range(n):
        bot_view(g, side)
    light = (time.perf_counter() - t) / n
    return full, light, len(g.events)


def profile(bots: tuple[str, str], rows: int) -> str:
    g = leyte.new_game(GAME, scenario=SCENARIO, seed=3)
    players = {p: make_bot(b, GAME, p, i) for i, (p, b) in enumerate(zip(g.players, bots))}
    prof = cProfile.Profile()
    prof.enable()
    play_out(g, players)
    prof.disable()
    out = io.StringIO()
    st = pstats.Stats(prof, stream=out)
    st.sort_stats("tottime").print_stats(rows)
    text = out.getvalue()
    # keep the table, drop pstats' preamble
    return text[text.find("   ncalls"):] if "   ncalls" in text else text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="games per measurement (default 20)")
    ap.add_argument("--repeat", type=int, default=5,
                    help="one-core runs of the same games; the best and the median are shown (default 5: a shared "
                         "machine's figures vary by a quarter or more from run to run, and the best run is the one "
                         "least disturbed by its neighbours)")
    ap.add_argument("--profile-rows", type=int, default=18)
    ap.add_argument("--game", default=GAME, help=f"the game to time (default {GAME})")
    args = ap.parse_args()
    set_game(args.game)
    print(f"{GAME}, {SCENARIO} scenario; {os.cpu_count()} CPUs; Python {sys.version.split()[0]}")
    leyte.new_game(GAME, scenario=SCENARIO, seed=0)  # load the game data once, outside the timings
    for bots in (("random", "random"), ("heuristic", "heuristic")):
        name = f"{bots[0]} vs {bots[1]}"
        runs = sorted(one_core(bots, args.games) for _ in range(max(1, args.repeat)))
        gps, dps, per = runs[-1]
        mid = runs[len(runs) // 2]
        print(f"\n{name}: {gps:6.2f} games/s, {dps:8.0f} decisions/s on one core, best of {len(runs)} "
              f"(median {mid[0]:.2f} games/s, {mid[1]:.0f}/s; {per:.0f} decisions per game, {args.games} games; "
              "targets for random: 10 games/s, 20,000/s)")
        one, two = scaling(bots, args.games)
        print(f"{name}: {args.games} games in {one:.2f} s with 1 worker, {two:.2f} s with 2 workers: "
              f"{one / two:.2f}x (target 1.8x; process start-up included)")
        peak, rss = peak_memory(bots)
        print(f"{name}: peak Python allocations during one game {peak:.1f} MiB; process max RSS {rss:.0f} MiB")
    full, light, events = view_cost()
    print(f"\nGame.view(side) late in a game ({events} events): {full * 1000:.2f} ms per call; "
          f"without the log (what bots get, simulation.bot_view): {light * 1000:.2f} ms")
    for bots in (("random", "random"), ("heuristic", "heuristic")):
        print(f"\nProfile of one {bots[0]} vs {bots[1]} game, by own time (top {args.profile_rows}):")
        print(profile(bots, args.profile_rows))


if __name__ == "__main__":
    main()
