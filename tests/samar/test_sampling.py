"""Samar's sampling hook (issue 19): full information, so a sample is the position itself with new dice."""

from __future__ import annotations

import random

import leyte
from leyte.bots import RandomBot
from leyte.core import registry
from leyte.core.game import canonical


def test_samar_sample_is_the_position_with_its_own_dice() -> None:
    g = leyte.new_game("samar", seed=3)
    bots = {p: RandomBot(p, 3) for p in g.players}
    for _ in range(30):
        d = g.decision
        g.apply(bots[d.player].choose(g.view(d.player), d))
    p = registry.plugin("samar")
    a = p.sample(g, "IJN", random.Random(5))
    b = p.sample(g, "IJN", random.Random(5))
    c = p.sample(g, "IJN", random.Random(6))
    for s in (a, c):
        assert g.rules.state_to_dict(s.state) == g.rules.state_to_dict(g.state)
        assert canonical(s.view("IJN")) == canonical(g.view("IJN"))
    assert a.state_digest() == b.state_digest()  # same seed, same sample
    assert a.dice.to_dict() != c.dice.to_dict()  # the dice to come are redrawn
    assert a.dice.to_dict() != g.dice.to_dict()
