"""Presentation mode's turn summary for Clash of the Carriers (issue 15 item 4): Imperial Sunset's reading of the
shared event kinds, on the Marianas map's names."""

from __future__ import annotations

import leyte
from leyte.core.face import TURN_KINDS
from leyte.core.players import RandomBot


def _played(game_id: str, seed: int, turns: int) -> leyte.Game:
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


def test_air_strikes_near_saipan_and_the_points_the_usn_loses() -> None:
    g = _played("clash-of-the-carriers", 3, 3)
    ijn, usn = g.face.turn_summary(g.log("IJN")), g.face.turn_summary(g.log("USN"))
    assert ijn[0] == "Turn 3: 1944-06-18 day:"
    assert "TF usn-tg-12 came under three air strikes off Saipan and had Tennessee damaged." in ijn
    # the USN calls its own TG by the name its moves use
    assert "New TG usn-tg-12 came under three air strikes off Saipan and had Tennessee damaged." in usn
    assert "The USN lost 14 points." in ijn and "The USN lost 14 points." in usn  # 10.2: short of Saipan's quota
    assert "TF usn-marker-1 was sighted off Rota." in ijn
