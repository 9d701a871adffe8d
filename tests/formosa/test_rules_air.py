"""Formosa's Special Attack Phase through the Game with scripted dice: 16.6 kamikaze (every GT, the 0 column when
no points fly, the Allied player's split of the hits) and 18.0 (no fleet marker can be held yet)."""

from __future__ import annotations

import json

import pytest
from rules_kit import game, play

from leyte.core.errors import IllegalAction

FAR = {"us_1mar": "1017", "ij_7inf": "2104"}  # an Allied unit on the map (no sudden death), no contact
NO_MARKERS = {"amphibious": 0, "drop_zone": 0, "b29": 0, "air_supply": 0}


def kamikaze_game(points: int, roll: int, *, amphibious: int = 0, ng: dict[str, int] | None = None,
                  dice: tuple[int, ...] = (), **kw):
    return game(FAR, phase="special_attack", dice=[roll, *dice], kamikaze=points,
                markers={**NO_MARKERS, "amphibious": amphibious}, ng=ng or {"US": 0, "CW": 0}, **kw)


def log_of(g, kind: str) -> list:
    return [e for e in g.events if e.kind == kind]


@pytest.mark.parametrize("roll,hits", [(1, 0), (4, 0), (5, 1), (6, 1)])
def test_16_6_kamikaze_rolls_on_the_0_column_even_with_no_points(roll, hits):
    g = kamikaze_game(0, roll, ng={"US": 3, "CW": 0})
    (k,) = log_of(g, "kamikaze")
    assert k.data == {"points": 0, "roll": roll, "hits": hits}
    if hits:
        assert g.decision.kind == "kamikaze_loss" and g.decision.player == "Allied" and g.decision.rule == "16.6"
    else:
        assert g.state.phase == "allied_movement" and g.state.ng["US"] == 3


def test_16_6_allied_player_splits_the_hits_between_markers_and_gunfire_and_the_points_are_spent():
    g = kamikaze_game(20, 6, amphibious=2, ng={"US": 3, "CW": 1})  # 20+ column, 6: 4 hits
    assert log_of(g, "kamikaze")[0].data["hits"] == 4 and g.state.kamikaze == 0
    assert {o.get("target") for o in g.decision.options} == {"amphibious", "ng_US", "ng_CW"}
    play(g, "kamikaze_loss", target="amphibious")
    play(g, "kamikaze_loss", target="ng_CW")
    assert {o.get("target") for o in g.decision.options} == {"amphibious", "ng_US"}  # no British NG left
    play(g, "kamikaze_loss", target="amphibious")
    assert g.decision.data["left"] == 1
    play(g, "kamikaze_loss", target="ng_US")
    assert (g.state.markers["amphibious"], g.state.ng) == (0, {"US": 2, "CW": 0})
    assert g.state.phase == "allied_movement"


def test_16_6_hits_beyond_what_the_allies_hold_are_lost_r79():
    g = kamikaze_game(20, 6, ng={"US": 1, "CW": 0})  # 4 hits, one NG unit to return
    play(g, "kamikaze_loss", target="ng_US")
    assert g.state.ng["US"] == 0 and g.state.phase == "allied_movement"
    assert any(e.data.get("unpaid") == 3 for e in g.events if e.rule == "16.6")


def test_16_6_returning_what_the_allies_do_not_hold_is_refused():
    g = kamikaze_game(20, 6, ng={"US": 2, "CW": 0})
    with pytest.raises(IllegalAction):
        g.apply({"kind": "kamikaze_loss", "target": "ng_CW"})
    assert g.state.ng == {"US": 2, "CW": 0}


def test_16_6_the_roll_is_public():
    g = kamikaze_game(3, 6)  # column 3, roll 6: 1 hit, nothing to return
    assert log_of(g, "kamikaze")[0].data["hits"] == 1
    assert not [e for e in g.events if e.rule == "18.0"]  # no fleet marker: no sortie question
    assert any(e.kind == "kamikaze" for e in g.log("Allied"))  # both sides see the attack


def test_18_0_fleet_marker_is_bought_once_in_secret_at_4_lp():
    g = game(FAR, phase="recruit", lp={"Allied": 0, "Japanese": 10})
    while g.decision.player != "Japanese":
        play(g, "done")
    play(g, "buy_item", item="fleet")
    assert g.state.lp["Japanese"] == 6 and g.state.fleet == "held"
    assert "fleet" not in {o.get("item") for o in g.decision.options}  # once a game
    assert "japanese" not in g.view("Allied") and g.view("Japanese")["japanese"]["fleet"] == "held"
    assert not [e for e in g.log("Allied") if e.data.get("item") == "fleet"]


@pytest.mark.parametrize("turn,asked", [(1, False), (2, True)])
def test_18_0_no_sortie_on_gt_1(turn, asked):
    g = kamikaze_game(0, 1, fleet="held", turn=turn)
    assert (g.decision.kind == "fleet_sortie") == asked


@pytest.mark.parametrize("scenario,roll,result", [("1", 3, "fiasco"), ("1", 4, "indecisive"), ("2", 4, "fiasco"),
                                                  ("2", 5, "indecisive"), ("1", 6, "decisive")])
def test_e20_sortie_reads_the_printed_table_by_scenario(scenario, roll, result):
    g = kamikaze_game(0, 1, dice=(roll, 3), fleet="held", scenario=scenario, ng={"US": 3, "CW": 0},
                      lp={"Allied": 5, "Japanese": 0})
    play(g, "fleet_sortie", go=True)
    assert [e.data["result"] for e in g.events if e.kind == "fleet_sortie"] == [result]
    assert g.state.fleet == "used"
    withdrawn = result != "fiasco"
    assert (g.state.ng["US"], g.state.ng_away.get("US", 0)) == ((0, 3) if withdrawn else (3, 0))
    assert g.state.lp["Allied"] == (2 if result == "decisive" else 5)  # 1d6 = 3 LP lost
    assert g.state.no_amphibious_gt == (g.state.turn if result == "decisive" else 0)


def test_e20_decisive_lp_loss_stops_at_zero_and_gunfire_comes_back_at_air_return():
    g = kamikaze_game(0, 1, dice=(6, 6), fleet="held", ng={"US": 2, "CW": 0}, lp={"Allied": 2, "Japanese": 0})
    play(g, "fleet_sortie", go=True)
    assert g.state.lp["Allied"] == 0 and g.state.ng == {"US": 0, "CW": 0}
    g.apply({"kind": "end_movement"})  # Allied movement
    play(g, "end_base_building")
    g.apply({"kind": "end_movement"})  # Japanese movement; no contact, so on through Air Return to the next GT
    assert g.state.turn == 4 and g.state.ng == {"US": 2, "CW": 0} and g.state.ng_away == {}
    assert any(e.rule == "18.0" and e.data == {"US": 2} for e in g.events)


def test_18_0_keeping_the_fleet_in_port_keeps_the_marker():
    g = kamikaze_game(0, 1, fleet="held")
    play(g, "fleet_sortie", go=False)
    assert g.state.fleet == "held" and g.state.phase == "allied_movement"


def test_18_0_a_position_with_an_unknown_fleet_state_is_refused():
    from leyte.core.errors import LeyteError

    with pytest.raises(LeyteError, match=r"position\.fleet.*18\.0"):
        kamikaze_game(0, 1, fleet="sunk")


def air_game(tac: dict[str, int], dice: list[int]):
    return game(FAR, phase="strike_planning", dice=dice, tac=tac, markers=NO_MARKERS)


def test_16_1_planning_is_secret_until_the_reveal():
    g = air_game({"US": 3, "CW": 0, "Japanese": 2}, [1, 1, 1])
    assert (g.decision.kind, g.decision.player) == ("strike_planning", "Allied")
    play(g, "plan", pool="US", mission="superiority", all=True)
    assert g.decision.player == "Japanese" and g.state.plan == {"US": {"superiority": 3}}
    play(g, "plan", pool="Japanese", mission="superiority", all=False)
    # Before the reveal the Allies see nothing of the Japanese plan, in their view, their log or their question.
    allied = json.dumps([e.to_dict() for e in g.log("Allied")]) + json.dumps(g.view("Allied"))
    assert "Japanese TAC" not in allied and '"pool": "Japanese"' not in allied
    assert g.view("Allied")["air_plan"] == {"US": {"superiority": 3}}
    assert g.view("Japanese")["air_plan"] == {"Japanese": {"superiority": 1}}
    assert not [e for e in g.log("Japanese") if e.data.get("pool") == "US"]  # nor the Japanese the Allied plan
    play(g, "done")
    (rev,) = [e for e in g.log("Allied") if e.kind == "strike_reveal"]
    assert rev.data["plan"] == {"Japanese": {"superiority": 1}, "US": {"superiority": 3}}


def test_16_2_allies_fire_first_and_japanese_fire_on_the_planned_column_e9():
    # Allied 15 superiority points: column 15-19, roll 6 -> 3 Japanese points lost; Japanese fire on their planned
    # 3 points although all were shot down: column 3, roll 6 -> 1 Allied point lost.
    g = air_game({"US": 15, "CW": 0, "Japanese": 3}, [6, 6, 1])
    play(g, "plan", pool="US", mission="superiority", all=True)
    play(g, "plan", pool="Japanese", mission="superiority", all=True)
    fire = [e.data for e in g.events if e.kind == "air_combat"]
    assert [(f["side"], f["points"], f["hits"]) for f in fire] == [("Allied", 15, 3), ("Japanese", 3, 1)]
    assert g.state.tac == {"US": 14, "CW": 0, "Japanese": 0}
    assert g.state.plan == {"US": {}, "Japanese": {}}  # survivors are free again


def test_e9_the_owner_chooses_losses_among_his_missions():
    # Superiority is the one built mission, so the owner's choice here is between his US and CW points.
    g = air_game({"US": 2, "CW": 2, "Japanese": 20}, [1, 6])
    play(g, "plan", pool="US", mission="superiority", all=True)
    play(g, "plan", pool="CW", mission="superiority", all=True)
    play(g, "plan", pool="Japanese", mission="superiority", all=True)
    # Allied 4 points roll 1: 0 hits; Japanese 20 points roll 6: 4 hits -> the Allies pick each one.
    assert g.decision.kind == "air_loss" and g.decision.player == "Allied" and g.decision.data["left"] == 4
    play(g, "air_loss", pool="CW", mission="superiority")
    play(g, "air_loss", pool="CW", mission="superiority")
    assert g.decision.kind != "air_loss"  # only US points left: taken without a question
    assert g.state.tac == {"US": 0, "CW": 0, "Japanese": 20}


E5 = {"us_17inf": "1118", "us_32inf": "1018", "ij_7inf": "1119", "ij_19inf": "2104"}  # as in test_rules_combat


def ground_support_game(us: int, cw: int = 0):
    """Plan ``us`` US (and ``cw`` CW) points for ground support, then go to the Allied Combat Phase: both
    superiority rolls and the kamikaze roll are 1 (no hits)."""
    g = game(E5, phase="strike_planning", dice=[1, 1, 1, 2], tac={"US": us, "CW": cw, "Japanese": 0},
             markers=NO_MARKERS)
    play(g, "plan", pool="US", mission="ground_support", all=True)
    if cw:
        play(g, "plan", pool="CW", mission="ground_support", all=True)
    g.apply({"kind": "end_movement"})
    assert g.decision.kind == "combat"
    return g


def test_16_3_ground_support_shifts_an_attack_two_points_a_hex_at_most():
    g = ground_support_game(3)
    air_opts = [o for o in g.decision.options if o.get("air")]
    assert [(o.get("air"), o.get("air_pool")) for o in air_opts] == [(2, "US")]  # 2 per defending hex
    with pytest.raises(IllegalAction, match=r"\(16\.3\).*at most 2"):
        g.apply({"kind": "attack", "attackers": ["1018", "1118"], "defenders": ["1119"], "air": 3})
    play(g, "attack", air=2, air_pool="US")
    res = next(e for e in g.events if e.kind == "combat_result").data
    assert res["odds"]["final"] != "300-399"  # 10 vs 3 without air is 300-399 (test_e5)
    assert any("ground support" in str(sh) for sh in res["odds"].get("shifts", []))
    assert g.state.plan["US"]["ground_support"] == 1  # the two points flew; one is left


def test_16_0_allied_air_needs_an_attacking_unit_of_its_nationality():
    g = game(E5, phase="strike_planning", dice=[1, 1, 1, 2], tac={"US": 0, "CW": 2, "Japanese": 0},
             markers=NO_MARKERS)
    play(g, "plan", pool="CW", mission="ground_support", all=True)
    g.apply({"kind": "end_movement"})
    assert not [o for o in g.decision.options if o.get("air")]  # only US units attack: CW air cannot help
    with pytest.raises(IllegalAction, match=r"\(16\.3\).*nationality"):
        g.apply({"kind": "attack", "attackers": ["1018", "1118"], "defenders": ["1119"], "air": 1,
                 "air_pool": "CW"})


def b29_game(units: dict, dice: list[int]):
    return game(units, phase="b29", dice=dice, markers={**NO_MARKERS, "b29": 1})


def test_16_5_ds_suppresses_the_hex_until_air_return():
    # 1119 is open: a 3 is DS. 1017 (US) is not next to 1119.
    g = b29_game({"us_1mar": "1017", "ij_7inf": "1119"}, [3])
    assert (g.decision.kind, g.decision.player) == ("b29", "Allied")
    assert {o.get("hex") for o in g.decision.options} == {"1119", ""}
    play(g, "b29_target", hex="1119")
    (b,) = [e.data for e in g.events if e.kind == "b29"]
    assert (b["column"], b["result"]) == ("open", "DS")
    assert g.state.suppressed == ["1119"] and g.state.markers["b29"] == 0
    assert g.view("Allied")["air_on_map"]["suppressed"] == ["1119"] == g.view("Japanese")["air_on_map"]["suppressed"]
    from leyte.rulebooks.formosa import board as B
    from leyte.rulebooks.formosa.sequence import movers

    assert not B.exerts_zoc(g.state, "ij_7inf") and "ij_7inf" not in movers(g.state, "Japanese")
    g.apply({"kind": "end_movement"})  # Allied movement
    play(g, "end_base_building")
    assert g.state.phase == "japanese_movement" and g.state.suppressed == ["1119"]
    g.apply({"kind": "end_movement"})
    assert g.state.suppressed == [] and g.state.turn == 4


def test_16_5_d1_the_japanese_choose_the_loss_then_ds_on_the_rest():
    g = b29_game({"us_1mar": "1017", "ij_7inf": "1119", "ij_19inf": "1119"}, [6])
    play(g, "b29_target", hex="1119")
    assert g.decision.kind == "b29_loss" and g.decision.player == "Japanese"
    play(g, "b29_loss", unit="ij_19inf")
    assert g.state.units["ij_19inf"].loc == "eliminated" and g.state.units["ij_7inf"].loc == "1119"
    assert g.state.suppressed == ["1119"]


def test_16_5_a_concealed_cd_may_be_revealed_for_the_fortified_column():
    units = {"us_1mar": "1017", "ij_cd1": {"loc": "1119", "concealed": True}}
    g = b29_game(units, [4])  # open 4: D1; fortified 4: NE
    play(g, "b29_target", hex="1119")
    assert g.decision.kind == "b29_reveal" and g.decision.player == "Japanese"
    play(g, "b29_reveal", reveal=True)
    (b,) = [e.data for e in g.events if e.kind == "b29"]
    assert (b["column"], b["result"]) == ("fortified", "NE")
    assert not g.state.units["ij_cd1"].concealed and g.state.suppressed == []


def test_16_5_staying_concealed_keeps_the_terrain_column():
    g = b29_game({"us_1mar": "1017", "ij_cd1": {"loc": "1119", "concealed": True}}, [4])
    play(g, "b29_target", hex="1119")
    play(g, "b29_reveal", reveal=False)
    assert [e.data["result"] for e in g.events if e.kind == "b29"] == ["D1"]
    play(g, "b29_loss", unit="ij_cd1")
    assert g.state.units["ij_cd1"].loc == "eliminated"


def test_16_5_allied_attack_on_a_suppressed_hex_gains_a_shift():
    g = game(E5, phase="b29", dice=[3, 2], markers={**NO_MARKERS, "b29": 1})
    play(g, "b29_target", hex="1119")
    assert g.state.suppressed == ["1119"]
    g.apply({"kind": "end_movement"})
    g.apply({"kind": "attack", "attackers": ["1018", "1118"], "defenders": ["1119"]})
    res = next(e for e in g.events if e.kind == "combat_result").data
    assert any("B-29" in str(sh) for sh in res["odds"].get("shifts", []))
    assert res["odds"]["final"] != "300-399"


NG = {"us_17inf": "0918", "ij_7inf": "1018"}  # 0918 is a coastal open hex next to 1018 (open, inland)


def test_17_0_naval_gunfire_supports_an_allied_attack_from_a_coastal_hex_two_at_most():
    g = game(NG, phase="allied_combat", dice=[3], ng={"US": 3, "CW": 1})
    ng_opts = [(o.get("ng"), o.get("ng_pool")) for o in g.decision.options if o.get("ng")]
    assert ng_opts == [(2, "US")]  # no CW unit attacks, so no CW gunfire (16.0)
    with pytest.raises(IllegalAction, match=r"\(17\.0\).*at most 2"):
        g.apply({"kind": "attack", "attackers": ["0918"], "defenders": ["1018"], "ng": 3, "ng_pool": "US"})
    play(g, "attack", ng=2, ng_pool="US")
    res = next(e for e in g.events if e.kind == "combat_result").data
    assert any("naval gunfire" in str(sh) for sh in res["odds"].get("shifts", []))
    assert g.state.ng == {"US": 3, "CW": 1}  # back in the Staging Area, never hit by results
    from leyte.rulebooks.formosa.air import ng_free

    assert ng_free(g.state, "US") == 1  # each unit fires once a player turn


def test_17_0_no_gunfire_inland():
    g = game(E5, phase="allied_combat", dice=[2], ng={"US": 3, "CW": 0})
    assert not [o for o in g.decision.options if o.get("ng")]
    with pytest.raises(IllegalAction, match=r"\(17\.0\).*coastal"):
        g.apply({"kind": "attack", "attackers": ["1018", "1118"], "defenders": ["1119"], "ng": 1})


def test_17_0_the_allies_may_fire_in_defence_a_shift_left_for_the_japanese():
    g = game(NG, phase="japanese_combat", dice=[3], ng={"US": 1, "CW": 0})
    g.apply({"kind": "attack", "attackers": ["1018"], "defenders": ["0918"]})
    assert g.decision.kind == "ng_defence" and g.decision.player == "Allied"
    play(g, "ng_defence", ng=1, pool="US")
    res = next(e for e in g.events if e.kind == "combat_result").data
    assert any("naval gunfire" in str(sh) and "-1" in str(sh) for sh in res["odds"].get("shifts", [])), res["odds"]


def interdiction_game(units: dict, us: int = 3):
    g = game(units, phase="strike_planning", dice=[1, 1, 1], tac={"US": us, "CW": 0, "Japanese": 0},
             markers=NO_MARKERS)
    play(g, "plan", pool="US", mission="interdiction", all=True)
    g.apply({"kind": "end_movement"})
    play(g, "end_base_building")
    assert (g.decision.kind, g.decision.player) == ("interdiction", "Allied")
    return g


def test_16_4_interdiction_reveals_and_costs_the_japanese_one_mp_a_point():
    from leyte.rulebooks.formosa import board as B
    from leyte.rulebooks.formosa.sequence import surcharge, unit_destinations

    g = interdiction_game({"us_1mar": "1017", "ij_7inf": {"loc": "2104", "concealed": True},
                           "ij_19inf": {"loc": "2204", "concealed": True}})
    m = B.board()
    before = {m.label(h): d.cost for h, d in unit_destinations(g.state, "ij_19inf").items()}
    play(g, "interdict", pool="US", hex="2104")
    assert not g.state.units["ij_7inf"].concealed  # revealed where the point lands
    assert g.state.units["ij_19inf"].concealed
    play(g, "interdict", pool="US", hex="2104")
    assert "2104" not in {o.get("hex") for o in g.decision.options}  # two points a hex at most
    with pytest.raises(IllegalAction):
        g.apply({"kind": "interdict", "pool": "US", "hex": "2104"})
    play(g, "done")
    assert g.state.interdiction == {"2104": {"pool": "US", "points": 2}}
    assert g.state.phase == "japanese_movement"
    h = m.hex("2104")
    assert surcharge(g.state, h, "Japanese") == 2 and surcharge(g.state, h, "Allied") == 0  # only the Japanese pay
    after = unit_destinations(g.state, "ij_19inf").get(h)
    assert after is not None and after.cost == before["2104"] + 2, (before["2104"], after)


def test_16_4_a_concealed_unit_entering_an_interdicted_hex_is_revealed_and_points_go_home():
    g = interdiction_game({"us_1mar": "1017", "ij_7inf": {"loc": "2204", "concealed": True}}, us=1)
    play(g, "interdict", pool="US", hex="2104")
    play(g, "done") if g.decision.kind == "interdiction" else None
    opts = [o for o in g.decision.options if o.kind == "move" and o.get("unit") == "ij_7inf" and o.get("to") == "2104"]
    assert opts, "2104 should be in reach"
    g.apply(opts[0])
    assert not g.state.units["ij_7inf"].concealed
    assert any(e.rule == "16.4" and e.kind == "reveal" for e in g.log("Allied"))
    g.apply({"kind": "end_movement"})
    assert g.state.interdiction == {} and g.state.turn == 4


def test_16_3_17_0_air_and_gunfire_together_on_one_attack():
    g = game(NG, phase="strike_planning", dice=[1, 1, 1, 3], tac={"US": 2, "CW": 0, "Japanese": 0},
             markers=NO_MARKERS, ng={"US": 2, "CW": 0})
    play(g, "plan", pool="US", mission="ground_support", all=True)
    g.apply({"kind": "end_movement"})
    play(g, "attack", air=2, air_pool="US", ng=2, ng_pool="US")
    res = next(e for e in g.events if e.kind == "combat_result").data
    texts = " ".join(str(sh) for sh in res["odds"].get("shifts", []))
    assert "ground support" in texts and "naval gunfire" in texts


def test_16_5_no_japanese_unit_enters_a_suppressed_hex():
    from leyte.rulebooks.formosa import board as B
    from leyte.rulebooks.formosa.sequence import unit_destinations

    g = b29_game({"us_1mar": "1017", "ij_7inf": "2104", "ij_19inf": "2204"}, [3])
    before = unit_destinations(g.state, "ij_19inf")
    assert B.board().hex("2104") in before
    play(g, "b29_target", hex="2104")
    assert [e.data["result"] for e in g.events if e.kind == "b29"] == ["DS"], "2104 should be open: 3 is DS"
    assert B.board().hex("2104") not in unit_destinations(g.state, "ij_19inf")
