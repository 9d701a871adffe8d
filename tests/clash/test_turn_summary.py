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
    assert ijn[0] == usn[0] == "Turn 3: 1944-06-18 day:"
    # the struck US groups are named by the marker labels the IJN reads on the map, in Saipan's waters
    assert "TF usn-marker-8 came under three air strikes off Saipan." in ijn
    assert "TF usn-marker-7 was sighted off Saipan and came under one air strike." in ijn
    assert "The USN lost 14 points." in ijn and "The USN lost 14 points." in usn  # 10.2: short of Saipan's quota
    assert "TF usn-marker-1 was sighted off Rota." in ijn
    # no historical group's id or name reaches the IJN's summary
    usn_groups = [t for t in g.state.tfs.values() if t.side == "USN"]
    text = " ".join(ijn)
    assert not any(t.id in text or t.name in text for t in usn_groups if not t.name.startswith("TF "))
