"""How strong the heuristic Imperial Sunset bots are (issue 7): heuristic against random on each side, and the
distribution of victory levels when heuristic meets heuristic, against the historical result (a Decisive USN
Victory, 12.3).

Run: python benchmarks/strength.py [--games N] [--workers K] [--scenario historical]

Figures only (target from the issue: the heuristic side wins at least 90 % of the games against random). Games
that stop on an engine error are counted and shown with their seed, not hidden: ``leyte simulate ... --seed S
--games 1`` replays one.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from leyte.simulation import simulate  # noqa: E402

GAME = "imperial-sunset"
LEVELS = ["Decisive USN Victory", "Significant USN Victory", "Draw", "IJN (Pyrrhic) Victory", "IJN Decisive Victory"]


def run(bots: tuple[str, str], games: int, workers: int, scenario: str, seed: int) -> object:
    t = time.perf_counter()
    frame = simulate(GAME, scenario, games=games, seed=seed, bots=bots, workers=workers, on_error="record")
    frame.attrs["wall"] = time.perf_counter() - t
    return frame


def describe(title: str, frame: object, side: str | None) -> None:
    import pandas as pd

    assert isinstance(frame, pd.DataFrame)
    ok = frame[frame["error"].isna()] if "error" in frame else frame
    n = len(ok)
    print(f"\n{title}: {len(frame)} games in {frame.attrs['wall']:.0f} s")
    if side is not None and n:
        wins = int((ok["winner"] == side).sum())
        print(f"  heuristic {side} wins {wins}/{n} = {100 * wins / n:.1f} % (target >= 90 %)")
    for level in LEVELS:
        k = int((ok["level"] == level).sum())
        print(f"  {level:<26} {k:5d}  {100 * k / max(n, 1):5.1f} %")
    if n:
        print(f"  net USN VP mean {ok['net'].mean():.1f}, sd {ok['net'].std(ddof=0):.1f}, "
              f"quartiles {ok['net'].quantile(0.25):.0f} / {ok['net'].median():.0f} / {ok['net'].quantile(0.75):.0f}")
        print(f"  ended at once on the beachhead (12.3): {int(ok['sudden_death'].sum())}; "
              f"mean turn of decision {ok['turn'].mean():.1f}")
        print(f"  ships lost per game: USN {ok['lost_USN'].mean():.1f}, IJN {ok['lost_IJN'].mean():.1f}")
    if "error" in frame and frame["error"].notna().any():
        bad = frame[frame["error"].notna()]
        print(f"  {len(bad)} game(s) stopped on an engine error (not counted above): seeds {list(bad['seed'])[:8]}")
        for msg, k in bad["error"].value_counts().items():
            print(f"    {k} x {msg[:110]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--scenario", default="historical")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"Imperial Sunset, {args.scenario} scenario, {args.games} games per match-up, {args.workers} workers")
    describe("heuristic IJN vs random USN", run(("heuristic", "random"), args.games, args.workers, args.scenario,
                                                args.seed), "IJN")
    describe("random IJN vs heuristic USN", run(("random", "heuristic"), args.games, args.workers, args.scenario,
                                                args.seed), "USN")
    hh = run(("heuristic", "heuristic"), args.games, args.workers, args.scenario, args.seed)
    describe("heuristic vs heuristic (history: Decisive USN Victory)", hh, None)


if __name__ == "__main__":
    main()
