"""Cases that state a value without a labelled example, played through the public API: the island ready roll
(5.6, ``EXAMPLES["5.6"]``), the MP markers of big air attacks (7.2, ``["7.2"]``), air ranges (8.1, 8.1.1,
``["8.1.1"]``), USN AA from the next box at half (8.5 with 1.2's rounding, ``["8.5"]``), the USN's submarine markers
by date (11.1.1, ``["11.1.1"]``, ``["11.1.1-20-june"]``) and the exit roll from the surface display (12.3,
``["12.3"]``)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from example_kit import mods, played, rolls, start

from leyte.jupyter.session import play_script
from leyte.rulebooks.clash.examples import EXAMPLES


def test_5_6_example_guam_is_ready_on_5_peleliu_not_on_4() -> None:
    g = played("5.6")
    r = rolls(g, "5.6")
    assert [x["raw"] for x in r] == [5, 4]
    assert [x["result"] for x in r] == [{"guam": True, "other": False}, {"guam": True, "other": False}]
    ready = [e.data["air"] for e in g.events if e.kind == "air_box" and e.rule == "5.6"]
    assert ready == ["guam-261ag-f3"]  # Guam's column; Peleliu reads the other column
    air = g.view("IJN")["own_air"]
    boxes = {a["id"]: a["box"] for a in air} if isinstance(air, list) else {k: v["box"] for k, v in air.items()}
    assert boxes == {"guam-261ag-f3": "ready", "peleliu-263ag-f3": "flown"}
    assert (g.decision.player, g.decision.kind) == ("IJN", "island_cap")


@pytest.mark.parametrize("roll, guam, other", [(1, True, True), (3, True, True), (4, True, False), (5, True, False),
                                               (6, False, False), (10, False, False)])
def test_5_6_the_ready_bands(roll: int, guam: bool, other: bool) -> None:
    g = played("5.6", dice=[roll, roll])
    assert [x["result"] for x in rolls(g, "5.6")] == [{"guam": guam, "other": other}] * 2


def test_11_1_1_example_a_19_june_roll_of_9_plus_1_pulls_all_five_markers() -> None:
    g = played("11.1.1")
    (r,) = rolls(g, "11.1.1")
    assert (r["raw"], r["final"], r["result"]["markers"]) == (9, 10, 5)
    assert mods(r) == {"turn dated 1944-06-19 (11.1.1)": 1}
    assert g.decision.data["markers_left"] == 5


def test_11_1_1_example_a_20_june_roll_of_4_less_1_pulls_two() -> None:
    g = played("11.1.1-20-june")
    (r,) = rolls(g, "11.1.1")
    assert (r["raw"], r["final"], r["result"]["markers"]) == (4, 3, 2)
    assert mods(r) == {"turn dated 1944-06-20 (11.1.1)": -1}
    assert g.decision.data["markers_left"] == 2


def test_12_3_example_a_3_less_1_for_smoke_leaves_in_round_2() -> None:
    g = played("12.3")
    (r,) = rolls(g, "12.3")
    assert (r["raw"], r["final"]) == (3, 2) and mods(r) == {"smoke on the display (12.3)": -1}
    assert "at most 2 leaves" in next(e.text for e in g.events if e.kind == "roll" and e.rule == "12.3")
    end = next(e for e in g.events if e.kind == "battle_end")
    assert end.data["reason"] == "every IJN unit has left the display" and end.data["round"] == 2
    assert (g.decision.player, g.decision.kind) == ("IJN", "surface_retreat")


def test_12_3_a_4_less_1_is_above_round_2_and_the_unit_stays() -> None:
    g = played("12.3", dice=[6, 1, 1, 10, 4])
    (r,) = rolls(g, "12.3")
    assert r["final"] == 3
    assert [e.text for e in g.events if e.kind == "surface_exit"] == ["Div 61 stays in box 1"]
    assert not any(e.kind == "battle_end" for e in g.events)
    assert g.view(None)["battle"]["round"] == 2


def _strike_units(g: Any) -> dict[str, str]:
    return {o["air"]: o.text for o in g.decision.options if o.kind == "strike_add"}


def test_8_1_1_example_11_hexes_is_extended_range_on_the_fatigued_side() -> None:
    g = played("8.1.1")
    assert g.decision.kind == "strike_compose"
    units = _strike_units(g)
    assert set(units) == {"vf-2-1", "vf-2-2", "vb-2", "vt-2"}
    assert all("at extended range" in t for t in units.values())
    assert "strike unit (4)" in units["vb-2"] and "strike unit (3)" in units["vt-2"]  # DB 6 -> 4, T 5 -> 3


@pytest.mark.parametrize("hex_label, reach", [("2011", "full"), ("1911", "extended"), ("1611", None)])
def test_8_1_range_counts_the_target_hex_8_is_full_9_to_11_extended_12_none(hex_label: str, reach: str | None) -> None:
    pos = copy.deepcopy(EXAMPLES["8.1.1"].position)
    pos["tgs"][1]["hex"] = hex_label
    g = start("8.1.1", position=pos)
    g.apply({"kind": "end_move"})
    if reach is None:  # 12 hexes: no strike; the activation ends and the next marker is drawn
        assert g.decision.kind != "clash_strike"
        return
    g.apply({"kind": "clash_strike", "launcher": "tg-58-1", "hex": hex_label})
    texts = _strike_units(g).values()
    assert all(("at extended range" in t) is (reach == "extended") for t in texts)


def test_7_2_example_a_second_attack_by_four_air_units_makes_it_minus_2() -> None:
    first = played("7.2", upto=16)  # TG 58.1's strike is over; the IJN has drawn its chit
    assert first.decision.kind == "command_chit" and first.view(None)["tfs"]["force-a"]["mp_markers"] == 1
    g = played("7.2")
    marks = [e for e in g.events if e.rule == "7.2" and e.kind == "mp"]
    assert len(marks) == 2 and all("attacked by 4 air units" in e.text for e in marks)
    assert g.view(None)["tfs"]["force-a"]["mp_markers"] == 2
    bombs = [r for r in rolls(g, "8.0") if r.get("table") == "damage"]
    assert len(bombs) >= 8 and all(r["result"]["hits"] == 0 for r in bombs)  # only the size of the attacks counts


def test_7_2_a_third_big_attack_leaves_the_marker_at_2_and_the_next_move_pays_2() -> None:
    pos = copy.deepcopy(EXAMPLES["7.2"].position)
    pos["tgs"][2]["mp_markers"] = 2  # Force A already has -2 from two big attacks
    g = played("7.2", position=pos, upto=16)  # TG 58.1's four bombers attack it a third time
    assert any(e.rule == "7.2" and e.kind == "mp" for e in g.events)
    after = g.view(None)["tfs"]["force-a"]["mp_markers"]
    assert after >= 2  # the engine counts every big attack; the cap applies when the marker is used (7.2)
    pos["tgs"][2]["mp_markers"] = after
    pos["start"] = {"phase": "activation", "activate": "force-a"}
    g = start("7.2", position=pos, dice=[])
    mp = next(e for e in g.events if e.kind == "mp")
    assert mp.data["penalty"] == 2 and mp.data["mp"] == mp.data["speed"] - 2


def test_8_5_example_usn_aa_from_the_next_box_is_half_rounded_up() -> None:
    g = played("8.5")
    aa = [r for r in rolls(g, "8.0") if r.get("table") == "aa"]
    by_ship = {r["purpose"].split(" at ")[0]: r for r in aa}  # each roll is logged once per side's wording
    assert str(by_ship["AA from Enterprise"]["column"]) == "6"  # the target ship: its whole AA
    assert str(by_ship["AA from Birmingham"]["column"]) == "3"  # AA 5 in the next box: 2.5 rounds to 3 (1.2)
    assert "adjacent ship, half AA" in by_ship["AA from Birmingham"]["purpose"]
    assert (g.decision.player, g.decision.kind) == ("USN", "command_chit")


def test_8_5_the_next_box_ship_may_hold_its_fire() -> None:
    script = [*EXAMPLES["8.5"].script[:-1], {"kind": "aa_adjacent_done"}]
    g = start("8.5", dice=[1, 1, 3])
    play_script(g, script)
    aa = [r for r in rolls(g, "8.0") if r.get("table") == "aa"]
    assert {r["purpose"].split(" at ")[0] for r in aa} == {"AA from Enterprise"}


def test_1_3_a_die_face_of_0_is_a_10() -> None:
    g = played("11.1.1-20-june", dice=[0, 1, 1, 1, 1, 1, 4])  # 0 reads 10; 10 - 1 = 9 on 20 June pulls all five
    (r,) = rolls(g, "11.1.1")
    assert (r["raw"], r["final"], r["result"]["markers"]) == (10, 9, 5)
