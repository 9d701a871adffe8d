"""The activation worked example of 4.4, both parts, through the public API with scripted dice.

(1) Force A (TF1): its slowest ship has speed 4, less a -1 MP marker from last turn's air attack: 3 MPs. From 3223
it moves two hexes to 3423, where a USN TF is; the search of that hex costs no MP and succeeds; Force A starts a
surface battle, which ends its movement with one MP unspent. (2) TG 38.3 (TF3): every ship is 4/5 and the turn is
even, so 5 MPs. From 2120 it air-searches and finds an IJN TF in 3215, beyond normal strike range; it spends 3 MPs
closing and its last 2 MPs launching the strike (6.2.2).
"""

from __future__ import annotations

from is_play import choose, day_record, option_kinds, rolls

import leyte

FORCE_A = ["yamato", "musashi", "nagato", "div-31"]
TG_38_3 = ["essex", "lexington", "langley", "princeton", "massachusetts", "south-dakota", "santa-fe", "mobile",
           "desrn-50-2"]


def _activation_frame(g: leyte.Game) -> dict:
    return [f for f in g.view(None)["stack"] if f["kind"] == "activate_tf"][-1]


def test_4_4_example_part_1_force_a_moves_searches_fights() -> None:
    pos = {
        "id": "example-4.4-1", "turn": 1, "turn_record": {"1": day_record(time="night")},
        "options": {"wild_bull": False, "fanaticism": False, "pt_boats": False},
        "tfs": [
            {"marker": "IJN-1", "name": "Force A", "side": "IJN", "hex": "3223", "ships": FORCE_A, "mp_markers": 1},
            {"marker": "USN-2", "name": "TF 77", "side": "USN", "fleet": "7th", "hex": "3423",
             "ships": ["mississippi", "west-virginia", "x-ray-1"], "detected": False},
        ],
        "start": {"activate": "IJN-1"},
    }
    # IJN search 6 (+1 own hex = 7, detects); the USN's secret results roll; the USN's own search 1 (+1 = 2, fails)
    g = leyte.new_game("imperial-sunset", scenario=pos, dice=[6, 10, 1])
    mp = [e for e in g.events if e.rule == "6.2" and e.kind == "mp"][-1].data
    assert (mp["speed"], mp["penalty"], mp["mp"]) == (4, 1, 3)
    choose(g, "move", to="3323")
    start = len(g.events)
    choose(g, "move", to="3423")
    assert _activation_frame(g)["mp"] == 1  # two of three MPs spent; the search cost nothing (7.1)
    while g.decision.kind == "search_report":  # the USN reports its TF to the IJN (7.2)
        g.apply(g.decision.options[0])
    ijn_search, usn_search = rolls(g.events[start:], "7.3")  # 7.1.1: each side searches the other
    assert (ijn_search["raw"], ijn_search["final"], ijn_search["result"]["detected"]) == (6, 7, True)
    assert (usn_search["raw"], usn_search["result"]["detected"]) == (1, False)
    assert g.decision.player == "IJN" and "surface_attack" in option_kinds(g)
    choose(g, "surface_attack")
    # Play the battle out with the first legal option each time; afterwards Force A cannot move again (6.2.5).
    for _ in range(2000):
        d = g.decision
        if d is None or d.kind == "tf_activation" and d.player == "IJN":
            break
        g.apply(d.options[0])
    d = g.decision
    if d is not None and d.kind == "tf_activation" and d.player == "IJN":
        assert "move" not in option_kinds(g)
        assert _activation_frame(g)["combat_done"] is True


def test_4_4_example_part_2_tg_38_3_closes_and_strikes() -> None:
    pos = {
        "id": "example-4.4-2", "turn": 2, "turn_record": {"2": day_record()},
        "options": {"wild_bull": False, "fanaticism": False, "auto_reports": False},
        "tfs": [
            {"marker": "USN-3", "name": "TG 38.3", "side": "USN", "fleet": "3rd", "hex": "2120", "ships": TG_38_3,
             "detected": True},
            {"marker": "IJN-1", "name": "Force A", "side": "IJN", "hex": "3215", "ships": FORCE_A},
        ],
        "air": [{"id": a, "parent": c} for c, units in (("essex", ["vf-15-1", "vf-15-2", "vb-15", "vt-15"]),
                                                          ("langley", ["vf-44", "vt-44"])) for a in units],
        "start": {"activate": "USN-3"},
    }
    g = leyte.new_game("imperial-sunset", scenario=pos, dice=[9])
    m = leyte.rules("imperial-sunset").map
    assert m.hex("2120").distance(m.hex("3215")) == 11
    mp = [e for e in g.events if e.rule == "6.2" and e.kind == "mp"][-1].data
    assert mp["mp"] == 5  # all ships 4/5 and an even turn (6.2)
    events = choose(g, "air_search")
    assert rolls(events, "7.3")[0]["result"]["detected"] is True
    while g.decision.kind == "search_report":
        g.apply(g.decision.options[0])
    target = m.hex("3215")
    for _ in range(3):  # close on the target with three MPs
        here = m.hex(_tf_hex(g))
        moves = [o for o in g.decision.options if o.kind == "move"]
        best = min(moves, key=lambda o: (m.hex(o["to"]).distance(target), o["to"]))
        assert m.hex(best["to"]).distance(target) < here.distance(target)
        g.apply(best)
    assert _activation_frame(g)["mp"] == 2
    assert m.hex(_tf_hex(g)).distance(target) == 8
    strikes = [o for o in g.decision.options if o.kind == "air_strike"]
    assert strikes, "a strike at 8 hexes with 2 MPs left must be offered (6.2.2, 6.5.1)"
    g.apply(strikes[0])
    choose(g, "strike_add", air="vb-15", role="strike")
    choose(g, "strike_add", air="vf-15-1", role="escort")
    choose(g, "strike_launch")
    for _ in range(500):  # fly the strike out with the first option each time
        d = g.decision
        if d is None or d.kind == "tf_activation":
            break
        g.apply(d.options[0])
    frames = [f for f in g.view(None)["stack"] if f["kind"] == "activate_tf"]
    assert frames and frames[-1]["mp"] == 0  # the strike took the last two MPs (6.2.2)
    assert "move" not in option_kinds(g)


def _tf_hex(g: leyte.Game) -> str:
    return [t for t in g.view("USN")["own_tfs"] if t["id"] == "USN-3"][0]["hex"]
