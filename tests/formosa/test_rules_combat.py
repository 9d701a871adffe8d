"""Ground combat (15.0-15.8) through the Game with scripted dice: the reading notes' examples E2-E7 and E11,
refused declarations, retreats and advances."""

from __future__ import annotations

import pytest
from rules_kit import game, play

from leyte.core.errors import IllegalAction


def _locs(g):
    return {uid: u.loc for uid, u in g.state.units.items() if u.loc != "reinforcements" and u.loc != "pool"}


def _result(events):
    return next(e for e in events if e.kind == "combat_result").data


def _attack(g, attackers, defenders):
    return g.apply({"kind": "attack", "attackers": attackers, "defenders": defenders})


# 1018 and 1118 both touch 1119 (open, no river between them); 2104 is far away.
E5 = {"us_17inf": "1118", "us_32inf": "1018", "ij_7inf": "1119", "ij_19inf": "2104"}


def test_e5_bloodbath_two_5_5_against_a_3_6():
    g = game(E5, phase="allied_combat", dice=[2])
    assert g.decision.kind == "combat" and g.decision.data["must_attack"] == ["1018", "1118"]
    assert [o.text for o in g.decision.options] == ["attack 1119 from 1018+1118"]
    res = _result(_attack(g, ["1018", "1118"], ["1119"]))
    assert (res["attack"], res["defence"], res["odds"]["final"], res["result"]) == (10, 3, "300-399", "BB")
    assert g.state.units["ij_7inf"].loc == "eliminated"
    # 10 > 3: the Japanese lose everything, the US at least 3 printed CF: one 5-5, their choice.
    assert g.decision.kind == "combat_loss" and g.decision.player == "Allied"
    play(g, "eliminate", unit="us_32inf")
    assert g.state.units["us_32inf"].loc == "eliminated" and g.state.units["us_17inf"].loc == "1118"
    assert g.decision.kind == "combat_advance"
    assert {o.get("to") for o in g.decision.options if o.kind == "advance"} == {"1119"}
    play(g, "advance", unit="us_17inf", to="1119")
    assert g.state.units["us_17inf"].loc == "1119"
    assert g.decision.kind == "combat" and [o.kind for o in g.decision.options] == ["end_combat"]
    play(g, "end_combat")
    assert g.state.phase != "allied_combat"


def test_15_1_a_declaration_that_strands_a_unit_is_refused():
    g = game(E5, phase="allied_combat", dice=[2])
    before = g.state_digest()
    with pytest.raises(IllegalAction, match=r"\(15\.1\).*1018 \(us_32inf\) must attack"):
        _attack(g, ["1118"], ["1119"])
    with pytest.raises(IllegalAction, match=r"\(15\.0\).*1018 \(us_32inf\) must attack"):
        g.apply({"kind": "end_combat"})
    with pytest.raises(IllegalAction, match=r"\(17\.0\).*naval gunfire"):
        g.apply({"kind": "attack", "attackers": ["1018", "1118"], "defenders": ["1119"], "ng": 1})
    with pytest.raises(IllegalAction, match=r"\(15\.4\.1\).*supply"):
        g.apply({"kind": "attack", "attackers": ["1018", "1118"], "defenders": ["1119"], "lp": 1})
    assert g.state_digest() == before


def test_e2_columns_clamp_at_both_ends():
    # 1 vs 5: a Japanese construction unit (1 CF) must attack the US 5-5 whose zone it is in: 20 % -> <=49.
    g = game({"ij_con1": "1119", "us_17inf": "1018"}, phase="japanese_combat", dice=[5])
    res = _result(_attack(g, ["1119"], ["1018"]))
    assert (res["attack"], res["defence"], res["odds"]["percent"], res["odds"]["final"]) == (1, 5, 20, "49-")
    # 8 vs 1: two 4-CF Japanese against a 1-CF shore battalion: 800 % -> 700+.
    g = game({"ij_75imb": "1119", "ij_76imb": "1119", "us_sb1": "1018"}, phase="japanese_combat", dice=[1])
    res = _result(_attack(g, ["1119"], ["1018"]))
    assert (res["attack"], res["defence"], res["odds"]["percent"], res["odds"]["final"]) == (8, 1, 800, "700+")


def test_e3_attacker_and_defender_shifts_net_out():
    # 16 vs 4 = 400 %; Marines' A +1; the 4-CF D unit -1 and rough terrain -1 (Japanese) -> net -1 -> 300-399.
    # From 1220 (1219 and 1220 share no river, so no hexside shift).
    units = {"us_1mar": "1220", "us_5mar": "1220", "us_7mar": "1220", "us_xxiv": "1220", "ij_75imb": "1219"}
    g = game(units, phase="allied_combat", dice=[6])
    res = _result(_attack(g, ["1220"], ["1219"]))
    odds = res["odds"]
    assert (res["attack"], res["defence"], odds["percent"], odds["net"], odds["final"]) == (16, 4, 400, -1,
                                                                                          "300-399")
    assert res["result"] == "DE" and g.state.units["ij_75imb"].loc == "eliminated"
    # DE: advance one or two hexes.
    tos = {o.get("to") for o in g.decision.options if o.kind == "advance"}
    assert "1219" in tos and len(tos) > 1


def test_e4_terrain_shift_from_700_plus():
    # 20 vs 1 on the Japanese CRT; the 1-CF defender in rough gets one column left: 700+ -> 600-699. 1119 attacks
    # across a river and 1220 does not, so the river gives nothing (only when every attacker crosses one).
    units = {"ij_75imb": "1119", "ij_76imb": "1119", "ij_100imb": "1119", "ij_102imb": "1220", "ij_103imb": "1220",
             "us_sb1": "1219"}
    g = game(units, phase="japanese_combat", dice=[3])
    res = _result(_attack(g, ["1119", "1220"], ["1219"]))
    odds = res["odds"]
    assert (res["attack"], res["defence"], odds["net"], odds["final"]) == (20, 1, -1, "600-699")
    assert [s["source"] for s in odds["shifts"]] == ["defender in rough at 1219 (15.4.1)"]
    # From 1119 and 1120 both sides are rivers: one more column left.
    units = {**units, "ij_102imb": "1120", "ij_103imb": "1120"}
    g = game(units, phase="japanese_combat", dice=[3])
    odds = _result(_attack(g, ["1119", "1120"], ["1219"]))["odds"]
    assert (odds["net"], odds["final"]) == (-2, "500-599")


def test_e6_d1_on_a_two_unit_hex_allows_no_advance():
    units = {"us_17inf": "1118", "us_32inf": "1018", "ij_7inf": "1119", "ij_19inf": "1119"}
    units3 = {**units, "us_105inf": "1118", "us_106inf": "1018"}  # 20 vs 6 = 333 % -> 300-399, roll 5: D1
    g = game(units3, phase="allied_combat", dice=[5])
    res = _result(_attack(g, ["1018", "1118"], ["1119"]))
    assert (res["odds"]["final"], res["result"]) == ("300-399", "D1")
    assert g.decision.kind == "combat_loss" and g.decision.player == "Japanese"
    play(g, "eliminate", unit="ij_19inf")
    assert g.state.units["ij_7inf"].loc == "1119"
    assert g.decision.kind == "combat" and [o.kind for o in g.decision.options] == ["end_combat"]


def test_e7_d1_on_two_hexes_allows_an_advance_into_the_emptied_one():
    # 1119 and 1219 both touch 1218 and 1120; 4 US 5-5 (20) vs two 3-CF hexes (6) = 333 %, the rough at 1219 the
    # best terrain of the two (R-73): 200-299, roll 6: D1, which takes the unit at 1219.
    units = {"us_17inf": "1218", "us_32inf": "1218", "us_105inf": "1120", "us_106inf": "1120",
             "ij_7inf": "1119", "ij_19inf": "1219"}
    g = game(units, phase="allied_combat", dice=[6])
    res = _result(_attack(g, ["1120", "1218"], ["1119", "1219"]))
    assert res["result"] == "D1"
    play(g, "eliminate", unit="ij_19inf")
    tos = {o.get("to") for o in g.decision.options if o.kind == "advance"}
    assert tos == {"1219"}


def test_e11_counterattack_reads_at_least_50_99():
    # 10 vs 3 rolls 1 on 300-399: CA. The 3-CF defender counterattacks the stack at 1118: 3 vs 10 = 30 % (<=49),
    # one right shift and nothing else -> 50-99 on the Japanese CRT; its own CA would be no effect.
    units = {"us_17inf": "1118", "us_32inf": "1118", "ij_7inf": "1119"}
    g = game(units, phase="allied_combat", dice=[1, 3])
    events = _attack(g, ["1118"], ["1119"])
    results = [e.data for e in events if e.kind == "combat_result"]
    assert results[0]["result"] == "CA"
    counter = results[1]
    assert (counter["attack"], counter["defence"], counter["odds"]["final"]) == (3, 10, "50-99")
    assert [s["source"] for s in counter["odds"]["shifts"]] == ["counterattack (15.6; the only shift, L1041)"]
    # Japanese CRT 50-99 roll 3: A1 on the counterattacker, whose only unit goes without a choice.
    assert counter["result"] == "A1" and g.state.units["ij_7inf"].loc == "eliminated"
    assert g.state.units["us_17inf"].loc == g.state.units["us_32inf"].loc == "1118"


def test_15_5_ca_against_a_coastal_defence_unit_ends_the_combat():
    # 10 vs 2 = 500 %; D -1, city -2 (Japanese, R-17) -> 200-299; roll 2: CA, and a CD unit stops it.
    units = {"us_17inf": "1018", "us_32inf": "1018", "ij_cd1": "0919"}
    g = game(units, phase="allied_combat", dice=[2])
    events = _attack(g, ["1018"], ["0919"])
    assert any("coastal defence" in e.text for e in events)
    assert not [e for e in events if e.kind == "combat_result"][1:]


def test_15_7_retreat_into_an_ezoc_is_refused_and_legal_hexes_are_offered():
    g = game(E5, phase="allied_combat", dice=[4])  # 300-399 roll 4: DR
    res = _result(_attack(g, ["1018", "1118"], ["1119"]))
    assert res["result"] == "DR" and g.decision.kind == "combat_retreat" and g.decision.player == "Japanese"
    assert {o.get("to") for o in g.decision.options} == {"1120", "1219"}
    with pytest.raises(IllegalAction, match=r"\(15\.7\).*1019.*enemy zone of control"):
        g.apply({"kind": "retreat", "frm": "1119", "to": "1019"})
    play(g, "retreat", to="1219")
    assert g.state.units["ij_7inf"].loc == "1219"
    assert g.decision.kind == "combat_advance"
    play(g, "advance", unit="us_17inf", to="1119")
    assert g.state.units["us_17inf"].loc == "1119"


def test_15_7_blocked_retreat_eliminates():
    # A third US unit at 1220 puts 1219 and 1120 in its zone: nowhere is left.
    g = game({**E5, "us_105inf": "1220"}, phase="allied_combat", dice=[4])
    events = _attack(g, ["1018", "1118"], ["1119"])
    assert _result(events)["result"] == "DR"
    assert any("nowhere to retreat" in e.text for e in events)
    assert g.state.units["ij_7inf"].loc == "eliminated"


def test_refusals_do_not_name_a_concealed_defender():
    g = game({**E5, "ij_7inf": {"loc": "1119", "concealed": True}}, phase="allied_combat", dice=[2])
    with pytest.raises(IllegalAction) as e:
        g.apply({"kind": "end_combat"})
    assert "1119 (?) must be attacked" in str(e.value) and "ij_7inf" not in str(e.value)


def test_r78_a_deception_unit_neither_attacks_nor_obliges():
    g = game({"ij_dec1": {"loc": "1119", "concealed": True}, "us_17inf": "1018", "ij_7inf": "2104"},
             phase="japanese_combat")
    events = [e.text for e in g.log(None)]
    assert any("Japanese combat: nothing to do" in t for t in events)
    assert g.state.phase != "japanese_combat"


@pytest.mark.parametrize("roll", [5, 4])
def test_15_6_no_chain_of_counterattacks_and_an_attacker_retreat(roll):
    # As E11; the counterattack rolls CA (5: no effect, no second counterattack) or AR (4: the counterattacker
    # retreats, and the Allies, who only defended, do not advance).
    units = {"us_17inf": "1118", "us_32inf": "1118", "ij_7inf": "1119"}
    g = game(units, phase="allied_combat", dice=[1, roll])
    events = _attack(g, ["1118"], ["1119"])
    results = [e.data["result"] for e in events if e.kind == "combat_result"]
    if roll == 5:
        assert results == ["CA", "CA"] and any("no effect" in e.text for e in events)
        assert g.decision.kind == "combat" and [o.kind for o in g.decision.options] == ["end_combat"]
        assert g.state.units["ij_7inf"].loc == "1119"
    else:
        assert results == ["CA", "AR"]
        assert g.decision.kind == "combat_retreat" and g.decision.player == "Japanese"
        assert {o.get("to") for o in g.decision.options} == {"1019", "1120", "1219"}
        play(g, "retreat", to="1120")
        assert g.decision.kind == "combat" and [o.kind for o in g.decision.options] == ["end_combat"]


def test_attacking_a_lone_deception_unit_reveals_and_removes_it():
    g = game({"ij_dec1": {"loc": "1119", "concealed": True}, "us_17inf": "1018", "ij_7inf": "2104"},
             phase="allied_combat")
    events = _attack(g, ["1018"], ["1119"])
    assert g.state.units["ij_dec1"].loc == "removed"
    assert not [e for e in events if e.kind == "combat_result"] and any("No combat" in e.text for e in events)
    assert [o.kind for o in g.decision.options] == ["end_combat"]


def test_15_7_a_retreat_into_a_full_hex_goes_one_hex_further():
    full = {"ij_35inf": "1219", "ij_24inf": "1219", "ij_46inf": "1219",
            "ij_48inf": "1120", "ij_301inf": "1120", "ij_302inf": "1120"}
    g = game({**E5, **full}, phase="allied_combat", dice=[4])
    assert _result(_attack(g, ["1018", "1118"], ["1119"]))["result"] == "DR"
    tos = {o.get("to") for o in g.decision.options}
    assert tos and not tos & {"1219", "1120", "1019"}
    assert tos <= {"1320", "1319", "1220", "1020", "1121"}, tos
