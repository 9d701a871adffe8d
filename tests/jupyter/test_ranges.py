"""Range highlights: the activated TF's air search and strike ranges, shown only to its own side (issue 6)."""

from __future__ import annotations

import leyte
from leyte.jupyter import Session
from leyte.rulebooks.imperial_sunset.face import range_hexes

POS = {
    "id": "ranges", "turn": 2, "turn_record": {"2": {"date": "1944-10-24", "time": "day"}},
    "options": {"wild_bull": False, "fanaticism": False},
    "tfs": [
        {"marker": "USN-3", "name": "TG 38.3", "side": "USN", "fleet": "3rd", "hex": "2621",
         "ships": ["essex", "langley"], "detected": True},
        {"marker": "IJN-1", "name": "Force A", "side": "IJN", "hex": "2821", "ships": ["yamato"]},
    ],
    "air": [{"id": "vb-15", "parent": "essex"}, {"id": "vf-44", "parent": "langley"}],
    "start": {"activate": "USN-3"},
}


def test_activated_carrier_tf_shows_its_search_and_strike_rings_to_its_own_side() -> None:
    g = leyte.new_game("imperial-sunset", scenario=POS)
    m = leyte.rules("imperial-sunset").map
    rings = range_hexes(g.view("USN"), m)
    centre = m.hex("2621")
    assert rings["search"] and {m.hex(h).distance(centre) for h in rings["search"]} == {12}
    assert rings["strike"] and {m.hex(h).distance(centre) for h in rings["strike"]} == {8}
    assert range_hexes(g.view("IJN"), m) == {"search": [], "strike": []}  # the enemy learns nothing


def test_session_passes_the_rings_to_the_map() -> None:
    g = leyte.new_game("imperial-sunset", scenario=POS)
    s = Session(g, viewer="USN")
    assert s.ranges()["search"]
