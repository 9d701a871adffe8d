"""Clash of the Carriers: how the heuristic bots fare against each other and against the random bot. Prints figures;
it is not a timed test.

    python benchmarks/clash_strength.py [--games 40] [--seed 1] [--workers 1] [--lineups hh,hr,rh]

Line-ups (IJN v USN): ``hh`` heuristic v heuristic, ``hr`` heuristic IJN v random USN, ``rh`` random IJN v heuristic
USN, ``rr`` random v random. For each: the 10.3 victory levels, the USN net score (mean, spread, range), IJN and USN
carriers sunk and IJN carrier air factors destroyed per game, and decisions per second. Historically (the "Turkey
Shoot") the result is a Decisive US Victory with three IJN carriers sunk and the carrier air arm destroyed; heuristic
against heuristic should make that the most common outcome while the IJN still wins sometimes.

Game k uses seed ``seed + k`` for the dice and both bots, so any game can be replayed alone. A game the engine stops
with an error (a rule not built yet) is counted and its first error printed, never hidden.
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
from leyte.core.game import Game  # noqa: E402
from leyte.core.players import RandomBot  # noqa: E402
from leyte.rulebooks.clash.heuristic import GAME, make_heuristic  # noqa: E402
from leyte.rulebooks.clash.victory import LEVELS  # noqa: E402  (10.3, best for the USN first)

LINEUPS = {
    "hh": ("heuristic IJN v heuristic USN", "heuristic", "heuristic"),
    "hr": ("heuristic IJN v random USN", "heuristic", "random"),
    "rh": ("random IJN v heuristic USN", "random", "heuristic"),
    "rr": ("random IJN v random USN", "random", "random"),
}


def new_game(seed: int) -> Game:
    """Scenario 16.1 through the public API."""
    return leyte.new_game(GAME, scenario="historical", seed=seed)


def one(job: tuple[str, str, int]) -> dict[str, Any]:
    ijn, usn, seed = job
    g = new_game(seed)
    bots = {side: (make_heuristic(GAME, side, seed) if name == "heuristic" else RandomBot(side, seed))
            for side, name in (("IJN", ijn), ("USN", usn))}
    t = time.perf_counter()
    n = 0
    try:
        while not g.over:
            d = g.decision
            g.apply(bots[d.player].choose(g.view(d.player), d))
            n += 1
    except leyte.LeyteError as e:
        return {"error": f"{type(e).__name__}: {e}", "decisions": n, "seconds": time.perf_counter() - t,
                "seed": seed}
    st = g.state
    sunk = [(s.side, st.data.ships[sid].type) for sid, s in st.ships.items() if s.sunk]
    r = g.result
    return {"level": r["level"], "net": r["net_usn"], "decisions": n, "seconds": time.perf_counter() - t,
            "ijn_cv": sum(1 for side, t in sunk if side == "IJN" and t in ("CV", "CVL")),
            "usn_cv": sum(1 for side, t in sunk if side == "USN" and t in ("CV", "CVL")),
            "air": int(r["breakdown"].get("air_factors_destroyed", 0)), "seed": seed}


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--lineups", default="hh,hr,rh", help="comma-separated: " + ", ".join(LINEUPS))
    args = ap.parse_args()
    for key in args.lineups.split(","):
        title, ijn, usn = LINEUPS[key]
        jobs = [(ijn, usn, args.seed + k) for k in range(args.games)]
        t = time.perf_counter()
        if args.workers > 1:
            with ProcessPoolExecutor(args.workers) as ex:
                rows = list(ex.map(one, jobs))
        else:
            rows = [one(j) for j in jobs]
        wall = time.perf_counter() - t
        done = [r for r in rows if "error" not in r]
        errors = [r for r in rows if "error" in r]
        print(f"\n{title} ({args.games} games, seeds {args.seed}-{args.seed + args.games - 1})")
        levels = Counter(r["level"] for r in done)
        for level in LEVELS:
            print(f"  {level:<30} {levels.get(level, 0):>4}  {100 * levels.get(level, 0) / max(len(done), 1):5.1f} %")
        if errors:
            kinds = Counter(r["error"][:110] for r in errors)
            print(f"  stopped by an engine error: {len(errors)} (seeds {', '.join(str(r['seed']) for r in errors)})")
            for text, n in kinds.most_common():
                print(f"    {n} x {text}")
        if done:
            nets = [r["net"] for r in done]
            print(f"  USN net: mean {statistics.mean(nets):.1f}, sd {statistics.pstdev(nets):.1f}, min {min(nets)}, "
                  f"max {max(nets)}")
            print(f"  per game: IJN carriers sunk {statistics.mean(r['ijn_cv'] for r in done):.2f} (historically 3), "
                  f"USN carriers sunk {statistics.mean(r['usn_cv'] for r in done):.2f}, IJN carrier air factors "
                  f"destroyed {statistics.mean(r['air'] for r in done):.1f}")
        dec = sum(r["decisions"] for r in rows)
        cpu = sum(r["seconds"] for r in rows)
        print(f"  {dec / len(rows):.0f} decisions a game; {dec / max(cpu, 1e-9):,.0f} decisions/s, "
              f"{len(rows) / max(cpu, 1e-9):.2f} games/s on one core ({wall:.0f} s wall)")


if __name__ == "__main__":
    main()
