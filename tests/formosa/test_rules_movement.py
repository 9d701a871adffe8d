"""Movement (12.0-12.4), zones of control (14.1) and concealment in the views (11.0), through the Game."""

from __future__ import annotations

import json

import pytest
from rules_kit import game, play

from leyte.core.errors import IllegalAction

# 1017 -> 1118 crosses a river with no road into open terrain; 0918 -> 1017 follows the trunk road over a river.


def _moves(g, uid):
    return {o["to"]: o for o in g.decision.options if o.kind == "move" and o["unit"] == uid}


def test_12_1_e1_unbridged_river_into_open_costs_two():
    g = game({"us_1mar": "1017", "ij_7inf": "2104"}, phase="allied_movement")
    assert g.decision.player == "Allied" and g.decision.kind == "movement"
    assert "(2 MP)" in _moves(g, "us_1mar")["1118"].text
    events = g.apply(_moves(g, "us_1mar")["1118"])
    move = next(e for e in events if e.kind == "move")
    assert move.data["cost"] == "2" and move.data["path"] == ["1017", "1118"]
    assert g.view(None)["units"][[u["id"] for u in g.view(None)["units"]].index("us_1mar")]["loc"] == "1118"


def test_12_4_road_over_a_river_costs_half():
    g = game({"us_1mar": "0918", "ij_7inf": "2104"}, phase="allied_movement")
    assert "(1/2 MP)" in _moves(g, "us_1mar")["1017"].text


def test_12_2_refused_moves_name_the_case_and_change_nothing():
    g = game({"us_1mar": "1017", "ij_7inf": "1019"}, phase="allied_movement")
    before = g.state_digest()
    with pytest.raises(IllegalAction, match=r"\(12\.2\).*occupied by an enemy"):
        g.apply({"kind": "move", "unit": "us_1mar", "to": "1019"})
    with pytest.raises(IllegalAction, match=r"\(12\.1\).*cannot reach 2104"):
        g.apply({"kind": "move", "unit": "us_1mar", "to": "2104"})
    with pytest.raises(IllegalAction, match=r"\(12\.2\).*prohibited terrain"):
        g.apply({"kind": "move", "unit": "us_1mar", "to": "0101"})
    assert g.state_digest() == before
    play(g, "move", unit="us_1mar", to="1118")
    with pytest.raises(IllegalAction, match=r"\(12\.2\).*already moved"):
        g.apply({"kind": "move", "unit": "us_1mar", "to": "1017"})


def test_14_1_a_unit_stops_on_entering_an_ezoc():
    # A Japanese unit at 1220: its ZOC covers 1119/1120/...; the Marines may enter it but not pass through.
    g = game({"us_1mar": "1017", "ij_7inf": "1220"}, phase="allied_movement")
    from leyte.rulebooks.formosa import board as B

    zoc = {B.board().label(h) for h in B.ezoc(g.state, "Allied")}
    moves = _moves(g, "us_1mar")
    assert [h for h in moves if h in zoc], "some EZOC hex should be reachable"
    # Every reachable hex beyond the ZOC is reached by a path whose inner hexes lie outside the ZOC.
    from leyte.rulebooks.formosa.sequence import unit_destinations

    for dst in unit_destinations(g.state, "us_1mar").values():
        inner = [B.board().label(h) for h in dst.path[1:-1]]
        assert not set(inner) & zoc


def test_12_3_minimum_move_and_mechanised_barred_from_mountains():
    from leyte.rulebooks.formosa import board as B
    from leyte.rulebooks.formosa.sequence import unit_destinations

    g = game({"us_armor1": "1017", "ij_7inf": "2104"}, phase="allied_movement")
    m = B.board()
    dests = unit_destinations(g.state, "us_armor1")
    assert dests
    for dst in dests.values():
        for a, b in zip(dst.path, dst.path[1:]):
            if B.enter_cost(b, True) is None:  # barred terrain only along a road (12.2)
                assert m.side(a, b) & {"road", "rail"}, (m.label(a), m.label(b))
    # An infantry unit with MF 1 left would still get one hex (12.3): a static-free check through the search.
    far = {m.label(h) for h, d in dests.items() if d.minimum_move}
    assert all(dests[m.hex(x)].cost > 8 for x in far)


def test_11_concealed_unit_absent_from_the_allied_view_and_options():
    units = {"us_1mar": "1017", "ij_7inf": {"loc": "1220", "concealed": True}, "ij_19inf": "2104"}
    g = game(units, phase="allied_movement")
    allied = g.view("Allied")
    text = json.dumps(allied) + json.dumps(g.decision.to_dict())
    assert "ij_7inf" not in text and "7 Inf/9th Div" not in text
    assert allied["concealed_stacks"] == [{"hex": "1220", "units": "?", "count": 1}]
    assert "ij_19inf" in json.dumps(allied)  # a revealed unit is seen
    assert "japanese" not in allied  # TAC and kamikaze points stay hidden
    assert "ij_7inf" in json.dumps(g.view("Japanese"))
    assert "ij_7inf" in g.rules.hidden_names(g.state, "Allied")


def test_11_1_concealed_units_move_with_the_concealed_mf_and_allies_see_only_a_question_mark():
    from leyte.rulebooks.formosa import board as B

    g = game({"us_1mar": "2104", "ij_7inf": {"loc": "1017", "concealed": True}}, phase="japanese_movement")
    assert B.movement_factor(g.state, "ij_7inf") == B.data().constant("concealed.mf") == 7
    assert g.decision.player == "Japanese"
    play(g, "move", unit="ij_7inf", to="1118")
    allied_log = json.dumps([e.to_dict() for e in g.log("Allied")])
    assert "ij_7inf" not in allied_log and "1118" in allied_log


def test_14_0_r68_no_zoc_and_no_move_across_an_all_sea_hexside():
    from leyte.rulebooks.formosa import board as B

    m = B.board()
    assert "all_sea" in m.side(m.hex("1704"), m.hex("1803"))
    g = game({"us_1mar": "1704", "ij_7inf": "1803"}, phase="allied_movement")
    assert m.hex("1704") not in B.ezoc(g.state, "Allied")  # the Japanese unit's ZOC does not cross the strait
    near = [n for n in m.neighbours(m.hex("1803")) if B.land(n) and "all_sea" not in m.side(m.hex("1803"), n)]
    assert near and all(n in B.ezoc(g.state, "Allied") for n in near)
