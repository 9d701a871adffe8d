"""Cost of one sample (issue 19): ``GamePlugin.sample`` at positions 100, 300 and 600 random actions into a game.

    python benchmarks/sampling.py [--repeat N]

Prints per game and depth: the milliseconds per sample, the cost of a plain ``fork`` there for comparison, and how
many enemy TF markers the sampler redealt (Imperial Sunset). Measured, never a timed test.
"""

from __future__ import annotations

import argparse
import random
import time

import leyte
from leyte.bots import RandomBot
from leyte.core import registry


def _position(game: str, n: int, seed: int) -> leyte.Game:
    g = leyte.new_game(game, seed=seed)
    bots = {p: RandomBot(p, seed + i) for i, p in enumerate(g.players)}
    for _ in range(n):
        d = g.decision
        if d is None:
            break
        g.apply(bots[d.player].choose(g.view(d.player), d))
    return g


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=200)
    args = ap.parse_args()
    print("| game | actions in | log events | sample | fork | markers redealt |")
    print("| --- | --- | --- | --- | --- | --- |")
    for game in ("imperial-sunset", "samar"):
        p = registry.plugin(game)
        for n in (100, 300, 600):
            g = _position(game, n, 1)
            if g.over:
                continue
            player = g.decision.player if g.decision else g.players[0]
            rng = random.Random(0)
            t = time.perf_counter()
            for _ in range(args.repeat):
                p.sample(g, player, rng)
            ms = (time.perf_counter() - t) * 1000 / args.repeat
            t = time.perf_counter()
            for _ in range(args.repeat):
                g.fork()
            fork_ms = (time.perf_counter() - t) * 1000 / args.repeat
            redealt = "-"
            if game == "imperial-sunset":
                from leyte.rulebooks.imperial_sunset.sampling import shufflable

                redealt = str(len(shufflable(g, player)))
            print(f"| {game} | {n} | {len(g.events)} | {ms:.2f} ms | {fork_ms:.2f} ms | {redealt} |")


if __name__ == "__main__":
    main()
