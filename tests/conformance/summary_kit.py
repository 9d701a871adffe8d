"""A played game to sum up: shared by each game's presentation-summary tests (tests/<game>/test_turn_summary.py)."""

from __future__ import annotations

import leyte
from leyte.core.face import TURN_KINDS
from leyte.core.players import RandomBot


def played(game_id: str, seed: int, turns: int) -> leyte.Game:
    """A random-bot game (one seeded bot per player) stopped as the turn after ``turns`` more opens, so the last
    finished turn is the one summed up."""
    g = leyte.new_game(game_id, seed=seed)
    bots = {p: RandomBot(p, seed) for p in g.players}
    opened = 0
    while g.decision is not None:
        n = len(g.events)
        d = g.decision
        g.apply(bots[d.player].choose({}, d))
        if any(e.kind in TURN_KINDS for e in g.events[n:]):
            opened += 1
            if opened > turns:
                break
    return g
