"""Machine instructions per decision of random Imperial Sunset games, counted by Valgrind's callgrind.

Run: python benchmarks/instructions.py [--games N] [--repo PATH]

Wall-clock figures on a shared machine move by a quarter or more from minute to minute, which hides a 5 % change
in the code. An instruction count does not move: the same games give the same count to within a few parts in a
thousand, so two versions of the rules can be compared exactly (``--repo`` points at another checkout). It is a
figure, not a test; it needs ``valgrind`` on the PATH (Debian: ``apt install valgrind``) and takes about twenty
seconds a game, a minute and a half for the default four. The start-up (imports, loading the data, one new game) is
counted in a zero-game run and taken off.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

GAME = "imperial-sunset"
SCENARIO = "historical"

# The child run: play ``games`` random games (seeds 0, 1, ...) and print the number of decisions.
CHILD = """
import sys
sys.path.insert(0, sys.argv[1])
import leyte
from leyte.bots import make_bot
from leyte.simulation import play_out
leyte.new_game({game!r}, scenario={scenario!r}, seed=0)
n = 0
for seed in range(int(sys.argv[2])):
    g = leyte.new_game({game!r}, scenario={scenario!r}, seed=seed)
    bots = {{p: make_bot("random", {game!r}, p, seed * 1000 + i) for i, p in enumerate(g.players)}}
    n += play_out(g, bots)
print("decisions", n)
"""


def count(repo: Path, games: int) -> tuple[int, int]:
    """(instructions, decisions) of one callgrind run of ``games`` games."""
    env = dict(os.environ, PYTHONHASHSEED="0")  # the same set and dict layouts every run
    code = CHILD.format(game=GAME, scenario=SCENARIO)
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", code, str(repo),
         str(games)],
        capture_output=True, text=True, env=env, check=True)
    m = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    d = re.search(r"decisions (\d+)", out.stdout)
    if not m or not d:
        raise SystemExit(f"could not read callgrind's output:\n{out.stderr[-2000:]}")
    return int(m.group(1)), int(d.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=4, help="random games, seeds 0.. (default 4: two short, two long)")
    ap.add_argument("--repo", type=Path, default=Path(__file__).resolve().parents[1],
                    help="the checkout to measure (default: this one)")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt install valgrind); nothing measured")
    base, _ = count(args.repo, 0)
    total, decisions = count(args.repo, args.games)
    per = (total - base) / max(1, decisions)
    print(f"Imperial Sunset, {SCENARIO} scenario, {args.games} random games ({decisions} decisions), {args.repo}")
    print(f"{total - base:,} instructions after start-up: {per:,.0f} per decision")


if __name__ == "__main__":
    main()
