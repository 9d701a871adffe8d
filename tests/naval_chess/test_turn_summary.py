"""Presentation mode's day summary for the Naval Chess Game (issue 15 item 4): the two sides' losses, damage and
points, and what each seat's own searches found — a unit the viewer has not identified stays "a ship" (R-45)."""

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


def test_a_submarine_sinks_iowa_and_only_the_seats_that_know_her_name_her() -> None:
    g = _played("naval-chess", 5, 1)
    third, ijn = g.face.turn_summary(g.log("Third Fleet")), g.face.turn_summary(g.log("IJN"))
    assert third[0] == ijn[0] == "Day 2: 21 October 1944:"
    assert ("The Allies had TG 38.1 damaged, lost Iowa to submarines in the South China Sea and lost seven "
            "points.") in third
    assert "The Allies lost a ship to submarines and lost seven points." in ijn
    assert "Iowa" not in " ".join(ijn)
    assert "The IJN had Nagato and Kumano group damaged and lost a submarine to escorts." in ijn
    # the IJN's markers read as a person says them (the searcher knows whose they are)
    assert "Japanese marker J4, Japanese marker J11 and Japanese marker J2 were sighted in the Philippine Sea." in third
    # the Seventh Fleet's submarine damaged a ship it knows only as one of marker J14's: the marker's group had it
    # damaged (not "the IJN had a ship unit of marker J14 damaged")
    seventh = g.face.turn_summary(g.log("Seventh Fleet"))
    assert "Japanese marker J14 had a ship damaged." in seventh
    assert not any("ship unit" in line or " marker J" in line.replace("Japanese marker J", "") for line in seventh)
