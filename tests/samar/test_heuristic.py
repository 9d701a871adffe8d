"""The rules-of-thumb bot (10.2 designer's advice) plays legal games from its own view and beats random play."""

from __future__ import annotations

import leyte
from leyte.bots import RandomBot
from leyte.rulebooks.samar.heuristic import SamarHeuristic


def usn_losses(seed: int, ijn: str, usn: str) -> int:
    g = leyte.new_game("samar", seed=seed)
    make = {"random": RandomBot, "heuristic": SamarHeuristic}
    bots = {"IJN": make[ijn]("IJN", seed), "USN": make[usn]("USN", seed + 1)}
    while not g.over:
        d = g.decision
        g.apply(bots[d.player].choose(g.view(d.player) if ijn == usn == "heuristic" else
                                      g.rules.view(g.state, d.player), d))
    return g.result["points"]["USN"]


def test_heuristic_ijn_sinks_more_than_random_and_heuristic_usn_loses_less() -> None:
    seeds = range(3)
    rr = sum(usn_losses(s, "random", "random") for s in seeds)
    hr = sum(usn_losses(s, "heuristic", "random") for s in seeds)
    rh = sum(usn_losses(s, "random", "heuristic") for s in seeds)
    assert hr > rr and rh < hr
