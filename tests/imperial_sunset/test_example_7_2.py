"""The search worked example of 7.2, both halves, through the public API with the book's dice.

(1) A USN TF of two fleet carriers and a light carrier air-searches an IJN TF (3 BB, 6 cruisers, 2 destroyer units)
seven hexes away: a roll of 7, +1 for the carriers and -1 for the range, is 7 — a report by type accurate to ±2; the
IJN reports one battleship, four cruisers and one destroyer. (2) IJN land-based air searches a USN TF of four
carriers, four cruisers and four destroyer units: 6 - 1 = 5 detects; the USN rolls 10 in secret on the IJN Search
Results Table and reports three carriers, three cruisers and three destroyers.
"""

from __future__ import annotations

import pytest
from is_play import choose, day_record, rolls

import leyte

IJN_TF = ["yamato", "musashi", "nagato", "chokai", "myoko", "haguro", "kumano", "suzuya", "noshiro", "div-2-32",
          "div-17"]
USN_CARRIER_TF = ["essex", "lexington", "langley"]
USN_BIG_TF = ["essex", "lexington", "langley", "princeton", "santa-fe", "mobile", "reno", "biloxi", "desrn-50-2",
              "desrn-55", "desdiv-110", "desdiv-104"]


def _air_search_position() -> dict:
    return {
        "id": "example-7.2a", "turn": 2, "turn_record": {"2": day_record()},
        "options": {"wild_bull": False, "fanaticism": False},
        "tfs": [
            {"marker": "USN-1", "name": "TG 38.3", "side": "USN", "fleet": "3rd", "hex": "2824",
             "ships": USN_CARRIER_TF, "detected": True},
            {"marker": "IJN-1", "name": "Force A", "side": "IJN", "hex": "3525", "ships": IJN_TF},
        ],
        "start": {"activate": "USN-1"},
    }


def test_7_2_example_usn_air_search_and_fuzzed_report() -> None:
    g = leyte.new_game("imperial-sunset", scenario=_air_search_position(), dice=[7])
    rules = leyte.rules("imperial-sunset")
    m = rules.map
    assert m.hex("2824").distance(m.hex("3525")) == 7
    types = rules.units["type"]
    assert sorted(types[USN_CARRIER_TF]) == ["CV", "CV", "CVL"]          # two fleet carriers and a light carrier
    ijn = list(types[IJN_TF])
    assert (ijn.count("BB"), sum(t in ("CA", "CL") for t in ijn), ijn.count("DD")) == (3, 6, 2)
    assert [t["air_search_range"] for t in g.view("USN")["own_tfs"]] == [12]   # seven hexes is within its 12
    events = choose(g, "air_search")
    r = rolls(events, "7.3")[0]
    assert r["raw"] == 7
    assert sorted(x["value"] for x in r["modifiers"]) == [-1, 1]
    assert r["final"] == 7
    assert r["result"] == {"detected": True, "report": "by_type", "plus_minus": 2}
    assert rolls(events, "7.3") and all(e.visible == ("USN",) for e in events if e.kind == "roll")
    # The IJN player now reports, inside the ±2 band, never reducing a present type to zero (7.2).
    d = g.decision
    assert (d.player, d.kind) == ("IJN", "search_report")
    assert [o["count"] for o in d.options] == [1, 2, 3, 4, 5]  # battleships: 3 ± 2, at least one
    choose(g, "report", category="battleships", count=1)
    assert [o["count"] for o in g.decision.options] == [4, 5, 6, 7, 8]  # cruisers: 6 ± 2
    choose(g, "report", category="cruisers", count=4)
    assert [o["count"] for o in g.decision.options] == [1, 2, 3, 4]  # destroyer units: 2 ± 2, at least one
    events = choose(g, "report", category="destroyers", count=1)
    rep = [e for e in events if e.kind == "report"][0]
    assert rep.data["counts"] == {"battleships": 1, "cruisers": 4, "destroyers": 1}
    assert rep.data["pm"] == 2
    assert g.view("USN")["enemy_tfs"][0]["last_report"]["counts"] == rep.data["counts"]
    assert g.view("USN")["enemy_tfs"][0]["detected"] is True


def test_7_2_report_cannot_invent_a_type_or_zero_one() -> None:
    g = leyte.new_game("imperial-sunset", scenario=_air_search_position(), dice=[7])
    choose(g, "air_search")
    with pytest.raises(leyte.IllegalAction, match="7.2"):
        g.apply({"kind": "report", "category": "battleships", "count": 0})
    with pytest.raises(leyte.IllegalAction):
        g.apply({"kind": "report", "category": "carriers", "count": 1})


def test_7_2_example_ijn_land_based_search_and_secret_results_roll() -> None:
    pos = {
        "id": "example-7.2b", "turn": 2, "turn_record": {"2": day_record()},
        "options": {"wild_bull": False, "fanaticism": False},
        "tfs": [{"marker": "USN-1", "name": "TG 38.3", "side": "USN", "fleet": "3rd", "hex": "2923",
                 "ships": USN_BIG_TF, "detected": False}],
        "start": {"activate": "1AF"},
    }
    types = list(leyte.rules("imperial-sunset").units["type"][USN_BIG_TF])
    assert (sum(t in ("CV", "CVL") for t in types), sum(t.startswith("C") and t not in ("CV", "CVL") for t in types),
            types.count("DD")) == (4, 4, 4)   # four carriers, four cruisers (light and AA), four destroyer units
    g = leyte.new_game("imperial-sunset", scenario=pos, dice=[6, 10])
    search = [e for e in g.events if e.kind == "roll" and e.rule == "7.3"][-1].data["roll"]
    assert (search["raw"], search["final"]) == (6, 5)
    assert [x["value"] for x in search["modifiers"]] == [-1]
    assert search["result"]["detected"] is True
    secret = [e for e in g.events if e.kind == "roll" and e.rule == "7.2"][-1]
    assert secret.visible == ("USN",) and secret.data["roll"]["raw"] == 10
    assert all(e is not secret for e in g.log("IJN"))  # the IJN never sees the secret roll
    for cat in ("carriers", "cruisers", "destroyers"):
        d = g.decision
        assert (d.player, d.kind) == ("USN", "search_report")
        assert [o["count"] for o in d.options] == [3, 4, 5]  # ±1 from the secret roll of 10
        events = choose(g, "report", category=cat, count=3)
    rep = [e for e in events if e.kind == "report"][0]
    assert rep.data["counts"] == {"carriers": 3, "cruisers": 3, "destroyers": 3}
    assert "IJN" in rep.visible
