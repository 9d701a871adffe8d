"""Presentation mode's turn summary, for every game (issue 15 item 4): built from the viewer's own log, it tells no
player a name that player has not met.

A seeded random game is played over its first turn boundaries; at each, every player's summary of the turn just
finished is checked against ``Rules.hidden_names`` (the leak test's account of what the player has not found): a
name hidden from the player now may appear in its summary only if the player's own log of that turn holds it (a
force found, then lost again, has been seen). The summary must also be made of sentences.
"""

from __future__ import annotations

import pytest
from conformance_kit import bots, game_params, step
from test_leaks import find, hidden

import leyte
from leyte.core.face import TURN_KINDS, last_turn
from leyte.core.game import canonical

BOUNDARIES = 4  # turn (or day) openings played through per game
SEED = 1


def _texts(events: list[leyte.Event]) -> str:
    return " ".join(f"{e.text} {canonical(e.data)}" for e in events)


@pytest.mark.parametrize("game_id", game_params("turn_summary"))
def test_each_player_s_summary_names_nothing_hidden_from_it(game_id: str) -> None:
    g = leyte.new_game(game_id, seed=SEED)
    players = bots(g, SEED)
    checked = 0
    while g.decision is not None and checked < BOUNDARIES:
        n = len(g.events)
        step(g, players)
        if not any(e.kind in TURN_KINDS for e in g.events[n:]) and g.decision is not None:
            continue
        checked += 1
        for p in g.players:
            log = g.log(p)
            lines = g.face.turn_summary(log)
            assert lines and all(t.endswith((".", ":")) and t[:1].isupper() for t in lines), lines
            start, end, _ = last_turn(log)
            seen = _texts(log[start:end])
            names = hidden(g, p)
            for line in lines:
                found = find(line, names)
                assert found is None or find(seen, frozenset({found})), (
                    f"{game_id} seed {SEED}, boundary {checked}: {p}'s summary gives away {found!r}: {line!r}")
    assert checked, "the game opened no turn"
