"""The game turn through the Game with scripted dice: GT-1 skips (6.1), income and the cap (7.2, E15), Amoy (9.1,
E14), over-stacking (13.3), bases (20.1, E16), sudden death (4.1) and victory (4.2, E17), and phases not built yet."""

from __future__ import annotations

import pytest
from rules_kit import game, play

from leyte.core.errors import IllegalAction, NotYetImplemented
from leyte.rulebooks.formosa.rules import RULES

FAR_JAPANESE = {"ij_7inf": "2104"}  # far from the Allied units of these tests, so no ZOC and no combat


def _texts(g):
    return [e.text for e in g.events]


def test_6_1_gt1_skips_logistics_recruit_and_amoy_and_says_so():
    g = game({"us_1mar": "1017", **FAR_JAPANESE}, phase="logistics", turn=1)
    skipped = [e.data["phase"] for e in g.events if e.text.startswith("GT 1 skips")]
    assert skipped == ["logistics", "recruit", "amoy"]
    # No income die, no Amoy die: the one roll is the kamikaze attack, made every GT (16.6, the 0 column here).
    assert [e.rule for e in g.events if e.kind == "roll"] == ["16.6"]
    assert g.decision.kind == "movement" and g.decision.player == "Allied"
    # Phases with nothing to do by the rules say so; none passes without an entry in the log.
    for ph in ("strike planning", "air superiority", "b29", "invasion", "naval transfer"):
        assert any(t.startswith(f"{ph}: nothing to do") for t in _texts(g)), ph


def test_e15_allied_income_with_amoy_ports_and_airfields_and_japanese_income():
    bases = {f"us_eng{i}": {"loc": h, "base": True}
             for i, h in enumerate(("1021", "1122", "1620", "1019", "1115", "1121"), start=1)}
    japanese = {"ij_7inf": "1310", "ij_19inf": "1506", "ij_35inf": "1904", "ij_24inf": "2107"}
    g = game({**bases, **japanese}, phase="logistics", turn=4, dice=[4], amoy_captured=2,
             lp={"Allied": 10, "Japanese": 0})
    income = next(e for e in g.events if e.rule == "7.2" and e.kind == "lp")
    # 5 (Scenario 1) + 5 (Amoy) + 3 (one major port) + 2 (two minor ports) + 1 (three airfields, halved) = 16
    assert income.data["allied_parts"] == {"base": 5, "amoy": 5, "major_ports": 3, "minor_ports": 2, "airfields": 1}
    assert income.data["Allied"] == 16
    assert income.data["Japanese"] == 4 + 4 // 2  # the die plus one per two airfields held
    assert g.state.lp == {"Allied": 26, "Japanese": 6}
    # The Recruit Phase follows: the Japanese, then the Allies; 26 Allied LP finishing it lose 6 to the cap.
    assert (g.decision.player, g.decision.kind, g.decision.rule) == ("Japanese", "buy", "8.0")
    play(g, "done")
    assert g.decision.player == "Allied" and g.decision.data["spend_at_least"] == 6
    events = g.apply({"kind": "done"})
    assert [e.data["lost"] for e in events if "lost" in e.data] == [6] and g.state.lp["Allied"] == 20


@pytest.mark.parametrize("turn,roll,falls", [(2, 1, True), (2, 2, False), (5, 4, True), (5, 5, False),
                                             (7, 6, True)])
def test_e14_amoy_falls_on_a_roll_below_the_gt(turn, roll, falls):
    g = game({"us_1mar": "1017", **FAR_JAPANESE}, phase="amoy", turn=turn, dice=[roll])
    assert g.state.amoy_captured == (turn if falls else 0)
    assert g.decision.kind == "movement"  # the stage went on to the Allied Movement Phase


def test_e14_amoy_pays_5_lp_and_brings_the_6th_marines_from_the_next_gt():
    g = game({"us_1mar": "1017", **FAR_JAPANESE}, phase="amoy", turn=2, dice=[1, 3], lp={"Allied": 0, "Japanese": 0})
    assert g.state.amoy_captured == 2
    play(g, "end_movement")  # Allied movement
    play(g, "end_base_building")
    play(g, "end_movement")  # Japanese movement
    assert g.state.turn == 3 and g.state.phase == "recruit"
    assert g.state.lp["Allied"] == 5 + 5
    assert sorted(g.state.at("amoy")) == ["us_22mar", "us_29mar", "us_4mar"]


def test_13_3_overstacked_hex_loses_the_excess_to_replacements():
    units = {"us_1mar": "1017", "us_5mar": "1017", "us_7mar": "1017", "us_2mar": "1017", "us_6mar": "1118",
             **FAR_JAPANESE}
    g = game(units, phase="allied_movement")
    play(g, "move", unit="us_6mar", to="1017")
    play(g, "end_movement")
    d = g.decision
    assert (d.kind, d.rule, d.data["hex"], d.data["excess"]) == ("overstack", "13.3", "1017", {"mobile": 1})
    play(g, "remove", unit="us_2mar")
    assert g.state.units["us_2mar"].loc == "replacements"
    assert g.decision.kind == "base_building"


def test_e16_base_costs_and_one_base_per_hex():
    units = {"us_eng1": "0919", "us_eng2": "1021", "us_eng3": "1115", "us_eng4": "1021", "us_eng5": "1017",
             **FAR_JAPANESE}
    g = game(units, phase="base_building", lp={"Allied": 10, "Japanese": 0})
    built = {o["unit"] for o in g.decision.options if o.kind == "build"}
    assert built == {"us_eng1", "us_eng2", "us_eng3", "us_eng4"}  # 1017 has no port or airfield
    for uid, lp in (("us_eng1", 6), ("us_eng2", 3), ("us_eng3", 2)):  # 4 port+airfield, 3 port, 1 airfield
        play(g, "build", unit=uid)
        assert g.state.lp["Allied"] == lp
    with pytest.raises(IllegalAction, match=r"\(20\.1\): 1021 already holds an engineer base"):
        g.apply({"kind": "build", "unit": "us_eng4"})
    with pytest.raises(IllegalAction, match=r"\(20\.1\): 1017 has neither a port nor an airfield"):
        g.apply({"kind": "build", "unit": "us_eng5"})
    play(g, "demobilize", unit="us_eng3")  # 20.2
    assert not g.state.units["us_eng3"].base


def test_4_1_sudden_death_japanese_when_no_allied_unit_is_on_the_map_from_gt_2():
    g = game({"us_1mar": "staging", **FAR_JAPANESE}, phase="amoy", turn=2, dice=[6])
    assert g.over and g.result["winner"] == "Japanese" and g.result["level"] == "strategic"
    g1 = game({"us_1mar": "reinforcements", **FAR_JAPANESE}, phase="allied_movement", turn=1)
    assert not g1.over  # never during GT 1


def test_4_1_sudden_death_allied_when_every_port_and_airfield_is_occupied():
    from leyte.rulebooks.formosa import board as B

    m = B.board()
    targets = sorted({m.label(h) for h in m.find("port") + m.find("airfield")})
    allied = [u for u in sorted(RULES.data().units) if RULES.data().units[u].at_start == "staging"]
    units = dict(zip(allied, targets))
    g = game({**units, "ij_7inf": "1310"}, phase="allied_movement", turn=2)
    assert g.over and g.result["winner"] == "Allied" and g.result["sudden_death"]
    units.pop(allied[0])
    assert not game({**units, "ij_7inf": "1310"}, phase="allied_movement", turn=2).over


@pytest.mark.parametrize("eliminated,level,winner", [(0, "operational", "Allied"), (1, "draw", ""),
                                                      (7, "operational", "Japanese")])
def test_e17_victory_after_the_last_gt(eliminated, level, winner):
    bases = {f"us_eng{i}": {"loc": h, "base": True} for i, h in enumerate(("2104", "1021", "2011", "0919", "1506"),
                                                                          start=1)}
    lost = {u: "eliminated" for u in ("us_1mar", "us_5mar", "us_7mar", "us_2mar", "us_6mar", "us_8mar",
                                       "us_17inf")[:eliminated]}
    g = game({**bases, **lost, "ij_7inf": "1310", "us_armor1": "replacements"}, phase="end_of_turn", turn=13)
    assert g.over
    # 2104: 4 + 1 industrial; 1021: 4 + 1; 2011: 2 + 1 + 1; 0919: 2 + 1; 1506: 1 + 1 = 19 Allied VP.
    assert g.result["points"] == {"Allied": 19, "Japanese": eliminated}  # over-stack removals do not score
    assert (g.result["level"], g.result["winner"] or "") == (level, winner)


@pytest.mark.parametrize("margin,level,winner", [(25, "strategic", "Allied"), (24, "operational", "Allied"),
                                                 (19, "operational", "Allied"), (18, "draw", ""), (13, "draw", ""),
                                                 (12, "operational", "Japanese"), (7, "operational", "Japanese"),
                                                 (6, "strategic", "Japanese")])
def test_e17_bands(margin, level, winner):
    band = RULES.data().victory_level(margin)
    assert (band.level, band.winner) == (level, winner)


def test_15_units_in_contact_lead_into_the_combat_phase():
    g = game({"us_1mar": "1017", "ij_7inf": "1118"}, phase="allied_movement")
    g.apply({"kind": "end_movement"})
    assert g.state.phase == "allied_combat" and g.decision.kind == "combat" and g.decision.rule == "15.0"
    assert g.decision.data["must_attack"] == ["1017"] and g.decision.data["must_be_attacked"] == ["1118"]


@pytest.mark.parametrize("phase,extra,case", [
    ("invasion", {"markers": {"amphibious": 1}}, r"10\.1"),
    ("naval_transfer", {}, r"21\.0"),
])
def test_unbuilt_phases_raise_naming_their_case(phase, extra, case):
    with pytest.raises(NotYetImplemented, match=rf"rule {case} "):
        game({"us_1mar": "1017", "us_5mar": "staging", **FAR_JAPANESE}, phase=phase, **extra)
