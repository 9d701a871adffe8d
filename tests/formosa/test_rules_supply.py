"""Lines of supply (19.0-19.3) on real positions loaded through the rules' Game: direct to a functional port,
through an HQ and the rail net, cut by enemy units and zones, and the Japanese CD/HW sources revealed on use."""

from __future__ import annotations

import pytest
from rules_kit import game

from leyte.core.errors import LeyteError
from leyte.rulebooks.formosa import supply

# Takao (1021) is a major port; an engineer base there makes it functional (20.0). Its rail runs north through
# 1020, 1019, 0919, 1018, 0918, 1017, 1016, 1116, 1115, 1214, 1213, 1212.
PORT = {"us_eng1": {"loc": "1021", "base": True}}


def _g(units, **kw):
    return game({**PORT, **units}, phase="allied_movement", **kw)


def _lab(g, h):
    from leyte.rulebooks.formosa import board as B
    return B.board().label(h)


def test_19_2_direct_to_a_functional_port_within_the_printed_mf():
    g = _g({"us_1mar": "1119"})
    ln = supply.line(g.state, "us_1mar")
    assert ln and _lab(g, ln.source) == "1021" and ln.relay is None and ln.length <= 5


def test_19_2_a_port_without_an_engineer_base_is_no_source():
    g = game({"us_eng1": "1021", "us_1mar": "1119"}, phase="allied_movement")
    assert not supply.in_supply(g.state, "us_1mar")


def test_19_2_through_an_hq_and_then_along_the_rail_net():
    far = _g({"us_1mar": "1213"})
    assert not supply.in_supply(far.state, "us_1mar")  # 9 hexes from the port: beyond its MF of 5
    g = _g({"us_1mar": "1213", "us_xxiv": "1212"})
    ln = supply.line(g.state, "us_1mar")
    assert ln and _lab(g, ln.relay) == "1212" and _lab(g, ln.source) == "1021"
    assert "1016" in [_lab(g, h) for h in ln.path]  # it follows the rail south


def test_19_0_an_enemy_unit_on_the_net_cuts_the_line():
    g = _g({"us_1mar": "1213", "us_xxiv": "1212", "ij_7inf": "1017"})
    assert not supply.in_supply(g.state, "us_1mar")


def test_19_0_the_units_own_hex_may_be_in_an_enemy_zone_but_no_other():
    g = _g({"us_1mar": "1119", "ij_7inf": "1219"})  # 1119 is in the Japanese zone
    assert supply.in_supply(g.state, "us_1mar")
    cut = _g({"us_1mar": "1119", "ij_7inf": "1219", "ij_19inf": "1121"})  # 1121's zone covers the port hex
    assert not supply.in_supply(cut.state, "us_1mar")


def test_19_3_japanese_trace_to_a_cd_unit_which_is_revealed_on_use():
    g = game({"ij_cd2": {"loc": "1021", "concealed": True}, "ij_7inf": "1119"}, phase="japanese_movement")
    st = g.state
    assert supply.in_supply(st, "ij_7inf") and st.units["ij_cd2"].concealed  # a query reveals nothing
    ln = supply.use(st, "ij_7inf")
    assert ln and not st.units["ij_cd2"].concealed


def test_19_3_a_japanese_unit_out_of_reach_of_any_cd_or_hw_unit_is_unsupplied():
    g = game({"ij_cd2": "1021", "ij_7inf": "1213"}, phase="japanese_movement")
    assert not supply.in_supply(g.state, "ij_7inf")


def test_23_guerrillas_need_no_line():
    g = game({"ij_gue1": "1213"}, phase="japanese_movement")
    assert supply.in_supply(g.state, "ij_gue1")


def test_19_0_off_map_units_trace_nothing():
    g = _g({"us_1mar": "staging"})
    with pytest.raises(LeyteError, match=r"19\.0.*not on the map"):
        supply.line(g.state, "us_1mar")


def test_19_2_an_hq_supplies_only_units_of_its_own_nationality():
    us_hq = _g({"cw_18bde": "1213", "us_xxiv": "1212"}, scenario="2")
    assert not supply.in_supply(us_hq.state, "cw_18bde")
    cw_hq = _g({"cw_18bde": "1213", "cw_i_aus": "1212"}, scenario="2")
    assert supply.line(cw_hq.state, "cw_18bde").relay is not None


# The reading notes' E5 bloodbath (see test_rules_combat): both sides lose units; Tainan/Anpei (0919) is a minor port.
E5 = {"us_17inf": "1118", "us_32inf": "1018", "ij_7inf": "1119", "ij_19inf": "2104",
      "us_eng1": {"loc": "0919", "base": True}}


def _bloodbath(units):
    g = game(units, phase="allied_combat", dice=[2])
    events = g.apply({"kind": "attack", "attackers": ["1018", "1118"], "defenders": ["1119"]})
    assert g.state.units["ij_7inf"].loc == "eliminated"
    g.apply({"kind": "eliminate", "unit": "us_32inf"})
    return g, events


def test_19_5_an_eliminated_unit_without_los_is_marked_and_one_with_it_is_not():
    g, events = _bloodbath(E5)
    assert g.state.units["ij_7inf"].unsupplied  # no CD/HW unit on the map
    assert not g.state.units["us_32inf"].unsupplied  # next to the functional port at 0919
    loss = next(e for e in events if e.kind == "loss" and e.data["unit"] == "ij_7inf")
    assert loss.data["supplied"] is False and "out of supply" in loss.text


def test_19_3_elimination_checks_the_los_and_reveals_the_cd_source():
    g, events = _bloodbath({**E5, "ij_cd2": {"loc": "1021", "concealed": True}})
    assert not g.state.units["ij_7inf"].unsupplied and not g.state.units["ij_cd2"].concealed
    assert any(e.kind == "reveal" and e.data["unit"] == "ij_cd2" for e in events)


@pytest.mark.parametrize("unsupplied", [False, True])
def test_8_3_only_units_lost_in_supply_may_be_replaced(unsupplied):
    g = game({"ij_ngd_takao": {"loc": "eliminated", "unsupplied": unsupplied}, "us_2mar": "1119", "ij_7inf": "2104"},
             phase="recruit", lp={"Allied": 20, "Japanese": 20})
    offered = [o.get("unit") for o in g.decision.options if o.kind == "replace"]
    assert offered == ([] if unsupplied else ["ij_ngd_takao"])


def test_15_4_1_the_allied_attacker_buys_up_to_two_shifts_when_an_attacker_is_in_supply():
    g = game(E5, phase="allied_combat", dice=[2], lp={"Allied": 5, "Japanese": 3})
    assert sorted(o.get("lp") or 0 for o in g.decision.options if o.kind == "attack") == [0, 1, 2]
    events = g.apply({"kind": "attack", "attackers": ["1018", "1118"], "defenders": ["1119"], "lp": 2})
    res = next(e for e in events if e.kind == "combat_result").data
    # 10:3 reads 300-399; two LP shifts move it to 500-599, where a 2 is a DR rather than the BB of E5.
    assert (res["odds"]["base"], res["odds"]["final"], res["result"]) == ("300-399", "500-599", "DR")
    assert g.state.lp["Allied"] == 3


def test_15_4_1_lp_shifts_are_refused_out_of_supply_over_the_limit_or_beyond_the_lp_in_hand():
    from leyte.core.errors import IllegalAction

    base = {k: v for k, v in E5.items() if k != "us_eng1"}
    g = game(base, phase="allied_combat", dice=[2], lp={"Allied": 5, "Japanese": 3})
    assert [o.get("lp") for o in g.decision.options if o.kind == "attack"] == [None]
    with pytest.raises(IllegalAction, match=r"\(15\.4\.1\).*line of supply"):
        g.apply({"kind": "attack", "attackers": ["1018", "1118"], "defenders": ["1119"], "lp": 1})
    g = game(E5, phase="allied_combat", dice=[2], lp={"Allied": 1, "Japanese": 3})
    with pytest.raises(IllegalAction, match=r"\(15\.4\.1\).*1 LP, not the 2"):
        g.apply({"kind": "attack", "attackers": ["1018", "1118"], "defenders": ["1119"], "lp": 2})
    with pytest.raises(IllegalAction, match=r"\(15\.4\.1\).*from 0 to 2"):
        g.apply({"kind": "attack", "attackers": ["1018", "1118"], "defenders": ["1119"], "lp": 3})


def test_15_4_1_a_supplied_defender_may_spend_one_lp_and_its_cd_source_is_revealed():
    g = game({**E5, "ij_cd2": {"loc": "1021", "concealed": True}}, phase="allied_combat", dice=[2],
             lp={"Allied": 5, "Japanese": 3})
    g.apply({"kind": "attack", "attackers": ["1018", "1118"], "defenders": ["1119"], "lp": 2})
    assert g.decision.kind == "combat_lp" and g.decision.player == "Japanese"
    assert g.state.units["ij_cd2"].concealed  # offering the choice reveals nothing
    events = g.apply({"kind": "defend_lp", "lp": 1})
    res = next(e for e in events if e.kind == "combat_result").data
    assert (res["odds"]["net"], res["odds"]["final"], res["result"]) == (1, "400-499", "B1")
    assert g.state.lp == {"Allied": 3, "Japanese": 2} and not g.state.units["ij_cd2"].concealed


def test_15_4_1_an_unsupplied_defender_is_not_asked():
    g = game(E5, phase="allied_combat", dice=[2], lp={"Allied": 5, "Japanese": 3})
    events = g.apply({"kind": "attack", "attackers": ["1018", "1118"], "defenders": ["1119"]})
    assert any(e.kind == "combat_result" for e in events) and g.state.lp["Japanese"] == 3


@pytest.mark.parametrize(("source", "offered"), [(None, ["1120", "1219"]), ("1021", ["1120"]), ("1316", ["1219"])])
def test_15_7_a_retreat_goes_toward_the_nearest_supply_source(source, offered):
    units = {k: v for k, v in E5.items() if k != "us_eng1"}
    if source:
        units["ij_cd2"] = source  # the Japanese source (19.3); without one every legal hex is offered
    g = game(units, phase="allied_combat", dice=[4])  # 300-399 roll 4: DR
    g.apply({"kind": "attack", "attackers": ["1018", "1118"], "defenders": ["1119"]})
    assert g.decision.kind == "combat_retreat"
    assert [o.get("to") for o in g.decision.options] == offered
    if source:
        from leyte.core.errors import IllegalAction

        wrong = ({"1120", "1219"} - set(offered)).pop()
        with pytest.raises(IllegalAction, match=r"\(15\.7\)"):
            g.apply({"kind": "retreat", "frm": "1119", "to": wrong})


def test_views_show_a_side_only_its_own_units_supply():
    g = game({**E5, "ij_cd2": {"loc": "1021", "concealed": True}}, phase="allied_combat")
    allied, japanese = g.view("Allied"), g.view("Japanese")
    assert allied["supply"] == {"us_17inf": True, "us_32inf": True, "us_eng1": True}
    assert japanese["supply"] == {"ij_19inf": False, "ij_7inf": True, "ij_cd2": True}
    assert "ij_cd2" not in str(allied)  # the concealed source leaks nowhere
    assert g.state.units["ij_cd2"].concealed


def test_19_4_air_supply_is_refused_in_supply_and_not_yet_implemented_out_of_it():
    from leyte.core.errors import IllegalAction, NotYetImplemented

    attack = {"kind": "attack", "attackers": ["1018", "1118"], "defenders": ["1119"], "air_supply": 1}
    g = game(E5, phase="allied_combat", dice=[2])
    with pytest.raises(IllegalAction, match=r"\(19\.4\).*no line of supply"):
        g.apply(attack)
    g = game({k: v for k, v in E5.items() if k != "us_eng1"}, phase="allied_combat", dice=[2])
    before = g.state_digest()
    with pytest.raises(NotYetImplemented, match=r"19\.4"):
        g.apply(attack)
    assert g.state_digest() == before


def test_15_4_1_the_japanese_attacker_buys_at_most_one_shift():
    from leyte.core.errors import IllegalAction

    g = game({**E5, "ij_cd2": "1021"}, phase="japanese_combat", lp={"Allied": 5, "Japanese": 3})
    assert g.decision.kind == "combat" and g.decision.player == "Japanese"
    lps = {o.get("lp") or 0 for o in g.decision.options if o.kind == "attack"}
    assert lps == {0, 1}
    att = next(o for o in g.decision.options if o.kind == "attack")
    with pytest.raises(IllegalAction, match=r"\(15\.4\.1\).*from 0 to 1"):
        g.apply({"kind": "attack", "attackers": att.get("attackers"), "defenders": att.get("defenders"), "lp": 2})


def test_15_4_1_and_16_3_air_and_lp_shifts_combine_in_one_attack():
    """Two US ground-support points and one LP in one attack (R-75 superseded): the column moves three to the right,
    the LP is paid and the air points flown."""
    from rules_kit import play

    no_markers = {"amphibious": 0, "drop_zone": 0, "b29": 0, "air_supply": 0}
    g = game(E5, phase="strike_planning", dice=[1, 1, 1, 2], tac={"US": 2, "CW": 0, "Japanese": 0},
             markers=no_markers, lp={"Allied": 5, "Japanese": 3})
    play(g, "plan", pool="US", mission="ground_support", all=True)
    g.apply({"kind": "end_movement"})
    both = [o for o in g.decision.options if o.kind == "attack" and o.get("air") and o.get("lp")]
    assert {(o.get("air"), o.get("lp")) for o in both} == {(2, 1), (2, 2)}
    events = g.apply({"kind": "attack", "attackers": ["1018", "1118"], "defenders": ["1119"], "air": 2,
                      "air_pool": "US", "lp": 1})
    res = next(e for e in events if e.kind == "combat_result").data
    assert (res["odds"]["base"], res["odds"]["final"]) == ("300-399", "600-699")  # +2 air, +1 LP
    assert g.state.lp["Allied"] == 4 and g.state.plan["US"]["ground_support"] == 0
