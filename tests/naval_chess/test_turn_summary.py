"""Presentation mode's day summary for the Naval Chess Game (issue 15 item 4): the two sides' losses, damage and
points, and what each seat's own searches found — a unit the viewer has not identified stays "a ship" (R-45)."""

from __future__ import annotations

from summary_kit import played

_played = played


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
