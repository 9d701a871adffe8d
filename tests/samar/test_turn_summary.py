"""Presentation mode's turn summary for Battle off Samar (issue 15 item 4): one sentence per printed group (Center
Force, Taffy 3, ...) — who it fired on, what it lost and to what, what got off the map."""

from __future__ import annotations

from summary_kit import played

_played = played


def test_a_turn_of_gunfire_and_ships_steaming_off_the_map() -> None:
    g = _played("samar", 3, 4)
    lines = g.face.turn_summary(g.log("IJN"))
    assert lines == g.face.turn_summary(g.log("USN")), "an open map: both sides read the same log"
    assert lines[0] == "Turn 5: 0736, maximum line of sight 15:"
    assert ("Center Force fought Taffy 3 in the Philippine Sea and got CA Tone, DD Nowaki and CL Yahagi off the "
            "map.") in lines
    assert "Taffy 3 had DE Dennis damaged and lost CVE Gambier Bay to gunfire in the Philippine Sea." in lines


def test_a_beached_battleship_and_the_result() -> None:
    g = _played("samar", 3, 99)
    assert g.over
    assert g.face.turn_summary(g.log("USN"))[1:] == [
        "Bombardment Group lost BB Mississippi to running aground near Guiuan and got BB West Virginia, "
        "CL Columbia and CL Boise off the map.",
        "The game is over: a major victory for the USN.",
    ]
