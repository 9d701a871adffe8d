"""Golden playthroughs: fixed seeds of every scenario of every game, played to the end by bots, whose event logs
must not change by a byte when code is moved (the plug-in refactor, speed work) rather than rules changed.

Each file in ``tests/golden/<game>/`` records one game: how to replay it (scenario, seed, options, bots and their
seeds) and what it gave (decisions, events, a SHA-256 of the canonical event log, and checkpoint hashes every
``STEP`` events so a divergence can be found without keeping megabytes of logs in the repository).

Regenerate deliberately, after a rules change that is meant to change games, with::

    python tests/golden/golden_kit.py --write

and say in the commit why the games changed.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
STEP = 500

IS_SCENARIOS = ("historical", "what-if", "campaign")
# (game, scenario, seed, bots, options): random games cover the rules' corners, heuristic ones the bots' choices.
CASES: list[tuple[str, str, int, str, dict[str, Any]]] = [
    *[("imperial-sunset", sc, seed, "random", {}) for sc in IS_SCENARIOS for seed in (1, 2, 3)],
    *[("imperial-sunset", sc, seed, "heuristic", {}) for sc in IS_SCENARIOS for seed in (1, 2)],
    ("imperial-sunset", "historical", 4, "random",
     {"wild_bull": True, "pt_boats": True, "escort_carrier_ground_support": True, "airfield_suppression": True}),
    ("imperial-sunset", "campaign", 4, "heuristic",
     {"escort_carrier_ground_support": True, "airfield_suppression": True}),
    *[("samar", "historical", seed, "random", {}) for seed in (1, 2, 3)],
    ("samar", "historical", 1, "heuristic", {}),
    ("samar", "historical", 4, "random", {"alternate_movement": True}),
    ("samar", "historical", 5, "random", {"setup_by_hand": True}),  # Taffy Three placed hex by hex (3.1)
    *[("naval-chess", "historical", seed, "random", {}) for seed in (1, 2)],
    ("naval-chess", "historical", 1, "heuristic", {}),
    ("naval-chess", "historical", 3, "heuristic", {"unryu": True}),
    # Clash: random bots only (the heuristic bot is still being tuned); 2 and 7 are short games, one won by each
    # side; 1, a long one, was recorded with the code from before the formation step's speed work.
    *[("clash-of-the-carriers", "historical", seed, "random", {}) for seed in (1, 2, 7)],
]


def case_name(game: str, scenario: str, seed: int, bots: str, options: dict[str, Any]) -> str:
    opt = "-options" if options else ""
    return f"{scenario}-{bots}-{seed}{opt}"


def play(game: str, scenario: str, seed: int, bots: str, options: dict[str, Any]) -> dict[str, Any]:
    import leyte
    from leyte.bots import make_bot
    from leyte.simulation import play_out

    g = leyte.new_game(game, scenario=scenario, seed=seed, options=options)
    players = {p: make_bot(bots, game, p, seed * 1000 + i) for i, p in enumerate(g.players)}
    n = play_out(g, players)
    lines = g.events_json().split("\n")
    checkpoints = []
    h = hashlib.sha256()
    for i, line in enumerate(lines, 1):
        h.update(line.encode() + b"\n")
        if i % STEP == 0:
            checkpoints.append(h.hexdigest()[:16])
    res = g.result or {}
    return {
        "game": game, "scenario": scenario, "seed": seed, "bots": bots, "options": options,
        "decisions": n, "events": len(lines), "events_sha256": h.hexdigest(),
        "checkpoints": checkpoints, "level": res.get("level"), "winner": res.get("winner"),
        "actions_sha256": hashlib.sha256("\n".join(json.dumps(a.to_dict(), sort_keys=True)
                                                   for a in g.actions).encode()).hexdigest(),
    }


def path_of(case: tuple[str, str, int, str, dict[str, Any]]) -> Path:
    return HERE / case[0] / (case_name(*case) + ".json")


def write_all() -> None:
    for case in CASES:
        p = path_of(case)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(play(*case), indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print("wrote", p.relative_to(HERE))


if __name__ == "__main__":
    if "--write" in sys.argv:
        write_all()
    else:
        print(__doc__)
