"""The Leyte Gulf Naval Chess Game: how the bots fare against each other, and how fast the game runs. Prints
figures; it is not a timed test.

    python benchmarks/naval_chess_strength.py [--games 60] [--seed 1] [--workers 2]

Four line-ups over the same seeded games (IJN / Third Fleet / Seventh Fleet): all heuristic; heuristic IJN against
random Allies; random IJN against heuristic Allies; all random. For each: the victory bands of IV (Allied VP), the
mean, spread and range of the Allied score, how often each side's big units were sunk, and decisions per second.
Game k uses seed ``seed + k`` for the dice and the bots, so any game can be replayed alone.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import leyte  # noqa: E402
from leyte.bots import make_bot  # noqa: E402

GAME = "naval-chess"
LINEUPS = {
    "all heuristic": ("heuristic", "heuristic", "heuristic"),
    "heuristic IJN v random Allies": ("heuristic", "random", "random"),
    "random IJN v heuristic Allies": ("random", "heuristic", "heuristic"),
    "all random": ("random", "random", "random"),
}


def one(job: tuple[tuple[str, ...], int]) -> dict[str, Any]:
    names, seed = job
    g = leyte.new_game(GAME, seed=seed)
    bots = {p: make_bot(n, GAME, p, seed) for p, n in zip(g.players, names, strict=True)}
    t = time.perf_counter()
    n = 0
    while not g.over:
        d = g.decision
        g.apply(bots[d.player].choose(g.view(d.player), d))
        n += 1
    view = g.view(None)
    sunk = [u["class"] for u in view["units"].values() if u["loc"] == "sunk" and u["kind"] != "air"]
    return {"result": g.result, "decisions": n, "seconds": time.perf_counter() - t, "sunk": sunk,
            "ijn_sunk": [u["class"] for u in view["units"].values() if u["loc"] == "sunk" and u["seat"] == "IJN"
                         and u["kind"] != "air"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    for title, names in LINEUPS.items():
        jobs = [(names, args.seed + k) for k in range(args.games)]
        t = time.perf_counter()
        with ProcessPoolExecutor(args.workers) as ex:
            rows = list(ex.map(one, jobs))
        wall = time.perf_counter() - t
        bands = Counter(f"{r['result']['winner']} {r['result']['level']}" for r in rows)
        vps = [r["result"]["allied_vp"] for r in rows]
        dec = sum(r["decisions"] for r in rows)
        cpu = sum(r["seconds"] for r in rows)
        ijn = Counter(c for r in rows for c in r["ijn_sunk"])
        allied = Counter(c for r in rows for c in r["sunk"]) - ijn
        print(f"\n{title} ({args.games} games)")
        for band in ("Allies strategic", "Allies tactical", "Japan tactical", "Japan strategic"):
            print(f"  {band:<18} {bands.get(band, 0):>4}  {100 * bands.get(band, 0) / len(rows):5.1f} %")
        print(f"  Allied VP: mean {statistics.mean(vps):.1f}, sd {statistics.pstdev(vps):.1f}, "
              f"min {min(vps)}, max {max(vps)} (historically 72)")
        print("  IJN units sunk per game: " + ", ".join(f"{c} {n / len(rows):.2f}" for c, n in ijn.most_common()))
        print("  Allied units sunk per game: " + ", ".join(f"{c} {n / len(rows):.2f}" for c, n in allied.most_common()))
        print(f"  {dec / len(rows):.0f} decisions a game; {dec / cpu:,.0f} decisions/s and {len(rows) / cpu:.1f} "
              f"games/s on one core; {len(rows) / wall:.1f} games/s with {args.workers} workers")


if __name__ == "__main__":
    main()
