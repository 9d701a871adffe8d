"""7.2 with the auto_reports option: the engine picks each report within the band, and the draw it spends is in the
reporting player's log (so a scripted die used there can be seen) and in no one else's."""

from __future__ import annotations

import leyte
from leyte.bots import make_bot


def test_7_2_automatic_report_draws_are_logged_for_the_reporter_alone() -> None:
    g = leyte.new_game("imperial-sunset", scenario="historical", seed=3, options={"auto_reports": True})
    bots = {p: make_bot("random", g.id, p, 7 + i) for i, p in enumerate(g.players)}
    draws = []
    while g.decision is not None and not draws:
        d = g.decision
        for e in g.apply(bots[d.player].choose({}, d)):
            if e.kind == "draw" and e.rule == "7.2":
                draws.append(e)
    assert draws, "no automatic report needed a draw in this game"
    e = draws[0]
    assert e.visible is not None and len(e.visible) == 1
    reporter = e.visible[0]
    searcher = next(p for p in g.players if p != reporter)
    assert e in g.log(reporter) and e not in g.log(searcher)
    assert "automatic report" in e.text and e.data["of"] >= 2
