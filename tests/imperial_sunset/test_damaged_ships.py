"""Damaged ships leaving their TF (6.4, 6.4.2, 9.4) and heading home in the Terminal Phase."""

from __future__ import annotations

from is_play import choose

import leyte


def _pos() -> dict:
    return {
        "id": "detach", "turn": 3, "last_turn": 4, "turn_record": {"3": {"date": "1944-10-24", "time": "day"},
                                                                   "4": {"date": "1944-10-24", "time": "day"}},
        "options": {"wild_bull": False, "fanaticism": False, "pt_boats": False},
        "tfs": [{"marker": "USN-1", "name": "TG 38.4", "side": "USN", "fleet": "3rd", "hex": "3328",
                 "ships": ["franklin", "new-orleans", "desrn-6"], "hits": {"franklin": 2}}],
        "start": {"activate": "USN-1"},
    }


def test_6_4_2_damaged_usn_carrier_detaches_with_an_escort_and_heads_east() -> None:
    g = leyte.new_game("imperial-sunset", scenario=_pos(), seed=1)
    g.state.ships["franklin"].damaged_this_activation = True  # as if just hit this sub-phase
    choose(g, "end_activation")
    d = g.decision
    assert (d.player, d.kind, d.rule) == ("USN", "detach_damaged", "9.4")
    choose(g, "detach", ship="franklin", destination="east")
    assert g.decision.kind == "detach_escort"
    assert {o.get("ship") for o in g.decision.options if o.kind == "escort"} == {"new-orleans", "desrn-6"}
    choose(g, "escort", ship="new-orleans")
    events = choose(g, "escort_done")  # the pool is empty: the Terminal Phase follows at once (3.3)
    after = g.view(None)["ships"]
    assert after["franklin"]["independent"] and after["franklin"]["destination"] == "east"
    assert after["new-orleans"]["escorting"] == "franklin"
    moved = [e for e in events if e.kind in ("move", "exit") and e.data.get("ship") == "franklin"]
    assert moved and after["franklin"]["hex"] != "3328"  # she heads for the east edge at full speed (6.4)
    m = leyte.rules("imperial-sunset").map
    assert m.hex(after["franklin"]["hex"]).distance(m.hex("3328")) >= 1
    assert after["new-orleans"]["hex"] == after["franklin"]["hex"]  # the escort stays with her


def test_9_4_ijn_ship_detaches_only_from_half_damage() -> None:
    from leyte.rulebooks.imperial_sunset.damage import may_detach

    g = leyte.new_game("imperial-sunset", scenario={
        "id": "ijn", "turn": 2, "turn_record": {"2": {"date": "1944-10-24", "time": "day"}},
        "options": {"wild_bull": False, "fanaticism": False},
        "tfs": [{"marker": "IJN-1", "name": "Force C", "side": "IJN", "hex": "3920",
                 "ships": ["fuso", "mogami", "div-4"], "hits": {"fuso": 3, "mogami": 2}}],
        "start": {"activate": "IJN-1"}})
    st = g.state
    assert not may_detach(st, "fuso")  # 3 of 8: below half
    assert may_detach(st, "mogami")  # 2 of 3: half rounded up
    st.ships["div-4"].hits = 3
    assert not may_detach(st, "div-4")  # destroyer units never detach (9.3)


def test_6_4_1_ijn_destroyers_escort_a_damaged_battleship_and_are_not_losses() -> None:
    g = leyte.new_game("imperial-sunset", scenario={
        "id": "ijn-escort", "turn": 12, "last_turn": 12, "turn_record": {"12": {"date": "1944-10-26", "time": "day"}},
        "options": {"wild_bull": False, "fanaticism": False, "pt_boats": False},
        "tfs": [{"marker": "IJN-1", "name": "Force B", "side": "IJN", "hex": "2821",
                 "ships": ["kongo", "div-17"], "hits": {"kongo": 4}}],
        "start": {"activate": "IJN-1"}})
    g.state.ships["kongo"].damaged_this_activation = True
    choose(g, "end_activation")
    choose(g, "detach", ship="kongo", destination="north")
    d = g.decision
    assert (d.kind, d.rule) == ("detach_escort", "6.4.1")
    assert {(o.get("squadron"), o.get("count")) for o in d.options if o.kind == "escort_dd"} == {
        ("div-17", 1), ("div-17", 2)}
    choose(g, "escort_dd", squadron="div-17", count=2)
    st = g.state
    assert (st.ships["div-17"].hits, st.ships["div-17"].detached_points, st.ships["kongo"].escort_dds) == (2, 2, 2)
    while g.decision is not None:
        g.apply(g.decision.options[0])
    t = g.result["breakdown"]
    assert not any("Div 17" in x["item"] for x in t["USN"]["items"])  # escorts are not losses (E21)
    assert t["escaped"]["non_carrier_value"] >= 4 + 8  # Div 17's four points (two with Kongo) and Kongo
