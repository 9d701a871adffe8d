"""Battle off Samar: how strong the heuristic bots are. Prints figures; it is not a timed test.

    python benchmarks/samar_strength.py [--games 50] [--seed 1] [--workers 1] [--match all|h-r|r-h|h-h]

Three match-ups over the same seeded games: heuristic IJN against random USN, random IJN against heuristic USN,
and heuristic against heuristic. For each: victory levels (3.4), how often the map was cleared, the armor exited into
Leyte Gulf, the fewest US ships left on the map before the Bombardment Group may enter (0900), the armor each side
lost (sunk, hulked or beached) and, heuristic against heuristic, how often each of the four US ships the Japanese
sank that morning went down here too. Game k is played with seed ``seed + 2k``, the IJN bot seeded the same and the
USN bot one more, so any game can be replayed alone.
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
from leyte.simulation import bot_view  # noqa: E402

MATCHES = (("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic"))
HISTORICAL_LOSSES = ("gambier_bay", "hoel", "johnston", "samuel_b_roberts")


def one(job: tuple[str, str, int]) -> dict[str, Any]:
    ijn, usn, seed = job
    g = leyte.new_game("samar", seed=seed)
    bots = {"IJN": make_bot(ijn, "samar", "IJN", seed), "USN": make_bot(usn, "samar", "USN", seed + 1)}
    t = time.perf_counter()
    decisions, fewest = 0, 99
    bg = leyte.rules("samar").c("bombardment.first_turn")
    while (d := g.decision) is not None:
        bot = bots[d.player]
        g.apply(bot.choose(bot_view(g, d.player) if bot.needs_view else {}, d))
        decisions += 1
        if 2 <= g.state.turn < bg and g.state.phase == "movement":  # the umpire's count, for the figures only
            fewest = min(fewest, sum(1 for s in g.state.ships.values() if s.side == "USN" and s.where == "map"))
    r = g.result or {}
    lost = r.get("breakdown", {})
    return {
        "seed": seed,
        "winner": r.get("winner"),
        "level": r.get("level"),
        "cleared": bool(r.get("cleared")),
        "exited": int(r.get("exited_armor", 0)),
        "lost_IJN": int(r["points"]["IJN"]),
        "lost_USN": int(r["points"]["USN"]),
        "sunk_USN": sorted(lost.get("USN", {}).get("ships", {})),
        "turn": int(r.get("turn", 0)),
        "decisions": decisions,
        "fewest": fewest,
        "seconds": time.perf_counter() - t,
    }


def report(ijn: str, usn: str, rows: list[dict[str, Any]]) -> None:
    n = len(rows)
    print(f"\nIJN {ijn} vs USN {usn}: {n} games")
    levels = Counter(f"{r['winner'] or 'nobody'} {r['level']}" for r in rows)
    for k, v in levels.most_common():
        print(f"  {k:<14} {v:4d}  {100 * v / n:5.1f} %")
    wins = Counter(r["winner"] for r in rows)
    print(f"  wins: IJN {100 * wins['IJN'] / n:.1f} %, USN {100 * wins['USN'] / n:.1f} %")
    print(f"  map cleared (3.4) in {100 * sum(r['cleared'] for r in rows) / n:.1f} % of games;"
          f" armor exited into Leyte Gulf: mean {statistics.mean(r['exited'] for r in rows):.1f}")
    few = [r["fewest"] for r in rows]
    print(f"  fewest US ships on the map in a movement phase before the Bombardment Group may enter: mean"
          f" {statistics.mean(few):.1f}, least {min(few)}")
    li = [r["lost_IJN"] for r in rows]
    lu = [r["lost_USN"] for r in rows]
    print(f"  armor lost: IJN mean {statistics.mean(li):.1f} (sd {statistics.pstdev(li):.1f}),"
          f" USN mean {statistics.mean(lu):.1f} (sd {statistics.pstdev(lu):.1f});"
          f" the IJN lost less in {100 * sum(a < b for a, b in zip(li, lu, strict=True)) / n:.1f} % of games")
    if ijn == usn == "heuristic":
        sunk = Counter(s for r in rows for s in r["sunk_USN"])
        print("  sunk, as on 25 October 1944: "
              + ", ".join(f"{s} {100 * sunk[s] / n:.0f} %" for s in HISTORICAL_LOSSES))
    secs = sum(r["seconds"] for r in rows)
    print(f"  {statistics.mean(r['decisions'] for r in rows):.0f} decisions a game, {secs / n:.2f} s a game")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--match", choices=["all", "h-r", "r-h", "h-h"], default="all")
    a = ap.parse_args(argv)
    pick = {"h-r": MATCHES[:1], "r-h": MATCHES[1:2], "h-h": MATCHES[2:], "all": MATCHES}[a.match]
    for ijn, usn in pick:
        jobs = [(ijn, usn, a.seed + 2 * k) for k in range(a.games)]
        if a.workers > 1:
            with ProcessPoolExecutor(a.workers) as ex:
                rows = list(ex.map(one, jobs))
        else:
            rows = [one(j) for j in jobs]
        report(ijn, usn, rows)


if __name__ == "__main__":
    main()
