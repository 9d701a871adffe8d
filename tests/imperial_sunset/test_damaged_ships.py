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
