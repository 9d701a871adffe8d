"""The victory tally worked example of 12.3, rebuilt as a final-turn position and ended through the public API.

The USN destroys 114 VP of IJN ships; 80 VP of IJN ships escape, of which 75 % (60) comes off the USN total (54).
The IJN sinks or damages 28 VP of USN ships and lands the Ormoc transport with 4 damage points left (4 VP): 32. The
net is 22 USN — a Significant USN Victory.
"""

from __future__ import annotations

import pytest
from is_play import choose, day_record

import leyte

IJN_SUNK = ["yamato", "musashi", "nagato", "kongo", "haruna", "fuso", "yamashiro", "ise", "hyuga", "atago", "takao",
            "maya", "chokai", "myoko", "haguro", "nachi", "noshiro"]
IJN_AFLOAT_A = ["div-31", "ashigara", "kumano", "suzuya", "tone", "chikuma", "mogami", "aoba", "yahagi", "abukuma",
                "kinu", "isuzu"]
IJN_AFLOAT_B = ["tama", "oyodo", "div-2-32", "div-17", "desrn-10", "div-4", "div-7-18", "uranami", "div-21", "div-43",
                "div-61"]
USN_SUNK = ["princeton", "gambier-bay", "st-lo", "taffy-3-1", "taffy-3-2"]


def _position() -> dict:
    ships = [{"id": s, "sunk": True} for s in IJN_SUNK]
    ships += [{"id": "div-31", "hits": 1}]
    ships += [{"id": "princeton", "sunk": True, "hits": 4}, {"id": "gambier-bay", "sunk": True, "hits": 3},
              {"id": "st-lo", "sunk": True, "hits": 3}, {"id": "taffy-3-1", "sunk": True, "hits": 3},
              {"id": "taffy-3-2", "sunk": True, "hits": 4}]
    return {
        "id": "example-12.3", "turn": 12, "first_turn": 1, "last_turn": 12,
        "turn_record": {"12": day_record("1944-10-26")},
        "options": {"wild_bull": False, "fanaticism": False},
        "tfs": [
            {"marker": "IJN-1", "name": "Transport Group", "side": "IJN", "hex": "3520", "ships": ["maru-apd"]},
            {"marker": "IJN-2", "name": "Force B", "side": "IJN", "hex": "2510", "ships": IJN_AFLOAT_A},
            {"marker": "IJN-3", "name": "Force C", "side": "IJN", "hex": "1015", "ships": IJN_AFLOAT_B},
            {"marker": "USN-1", "name": "TG 38.3", "side": "USN", "fleet": "3rd", "hex": "2824",
             "ships": ["essex", "langley"], "hits": {"essex": 1, "langley": 1}},
            {"marker": "USN-2", "name": "TF 77", "side": "USN", "fleet": "7th", "hex": "3622",
             "ships": ["mississippi", "x-ray-1", "x-ray-2"], "hits": {"mississippi": 1, "x-ray-1": 2, "x-ray-2": 3}},
        ],
        "ships": ships,
        "start": {"activate": "IJN-1"},
    }


def test_12_3_example_significant_usn_victory() -> None:
    g = leyte.new_game("imperial-sunset", scenario=_position(), seed=5)
    events = choose(g, "unload")
    landing = [e for e in events if e.kind == "vp"][0]
    assert landing.data == {"side": "IJN", "points": 4, "reason": landing.data["reason"]}
    choose(g, "end_activation")
    assert g.over
    r = g.result
    t = r["breakdown"]
    assert t["USN"]["total"] == 114
    assert t["escaped"]["non_carrier_value"] == 80 and t["escaped"]["deduction"] == 60
    assert t["USN"]["total"] - t["escaped"]["deduction"] == 54
    assert t["IJN"]["total"] == 32
    assert sum(x["points"] for x in t["IJN"]["items"] if x["rule"] != "12.1" or "Ormoc" not in x["item"]) == 28
    assert r["net_usn"] == 22
    assert r["level"] == "Significant USN Victory" and r["winner"] == "USN"
    assert not [e for e in g.events if e.kind == "roll"]   # nothing left to chance: the seed plays no part


# Each band edge of 12.3 reached by a game played to its end: (net USN, level, IJN ships sunk, hits on USN ships).
# A destroyer unit (Desdiv 4, 4 VP) escapes in every game, so 3 VP come off the USN total (12.2); Essex damaged is
# 2 VP to the IJN, Langley damaged 1 (12.1).
EDGE_CASES: list[tuple[int, str, list[str], dict[str, int]]] = [
    (31, "Decisive USN Victory", ["yamato", "musashi", "nagato", "myoko", "tama"], {"langley": 1}),   # 35 - 3 - 1
    (30, "Significant USN Victory", ["yamato", "musashi", "nagato", "myoko", "tama"], {"essex": 1}),  # 35 - 3 - 2
    (21, "Significant USN Victory", ["yamato", "nagato", "myoko", "tama"], {"langley": 1}),           # 25 - 3 - 1
    (20, "Draw", ["yamato", "nagato", "myoko", "tama"], {"essex": 1}),                                # 25 - 3 - 2
    (10, "Draw", ["nagato", "myoko"], {}),                                                            # 13 - 3
    (9, "IJN (Pyrrhic) Victory", ["nagato", "myoko"], {"langley": 1}),                                # 13 - 3 - 1
]


def edge_position(ijn_sunk: list[str], usn_hits: dict[str, int]) -> dict:
    """The last turn, a USN TF activated with nothing else to draw: ending its activation ends the game."""
    return {
        "id": "example-12.3-edge", "turn": 12, "first_turn": 1, "last_turn": 12,
        "turn_record": {"12": day_record("1944-10-26")},
        "options": {"wild_bull": False, "fanaticism": False},
        "tfs": [
            {"marker": "USN-1", "name": "TG 38.3", "side": "USN", "fleet": "3rd", "hex": "2824",
             "ships": ["essex", "langley"], "hits": usn_hits},
            {"marker": "IJN-1", "name": "Desdiv 4", "side": "IJN", "hex": "1015", "ships": ["div-4"]},
        ],
        "ships": [{"id": s, "sunk": True} for s in ijn_sunk],
        "start": {"activate": "USN-1", "pool": []},
    }


@pytest.mark.parametrize(("net", "level", "ijn_sunk", "usn_hits"), EDGE_CASES,
                         ids=[f"net{c[0]}" for c in EDGE_CASES])
def test_12_3_levels_at_their_edges(net: int, level: str, ijn_sunk: list[str], usn_hits: dict[str, int]) -> None:
    g = leyte.new_game("imperial-sunset", scenario=edge_position(ijn_sunk, usn_hits), seed=1)
    choose(g, "end_activation")
    assert g.over
    r = g.result
    sunk_vp = int(sum(leyte.rules("imperial-sunset").units.loc[ijn_sunk, "vp_sunk"]))
    assert r["breakdown"]["USN"]["total"] == sunk_vp
    assert r["breakdown"]["escaped"]["non_carrier_value"] == 4 and r["breakdown"]["escaped"]["deduction"] == 3
    assert r["breakdown"]["IJN"]["total"] == 2 * usn_hits.get("essex", 0) + usn_hits.get("langley", 0)
    assert r["net_usn"] == net
    assert r["level"] == level
    assert r["winner"] == ("USN" if net > 20 else "IJN" if net < 10 else None)
    assert not [e for e in g.events if e.kind == "roll"]   # nothing left to chance: the seed plays no part


def test_12_3_beachhead_ends_the_game_at_once() -> None:
    pos = {
        "id": "beachhead", "turn": 6, "turn_record": {"6": day_record("1944-10-25")},
        "options": {"wild_bull": False, "fanaticism": False, "pt_boats": False},
        "tfs": [{"marker": "IJN-1", "name": "Force A", "side": "IJN", "hex": "3522",
                 "ships": ["yamato", "musashi", "nagato"]}],
        "start": {"activate": "IJN-1"},
    }
    g = leyte.new_game("imperial-sunset", scenario=pos)
    choose(g, "move", to="3521")
    assert g.over
    assert g.result["level"] == "IJN Decisive Victory" and g.result["winner"] == "IJN"
