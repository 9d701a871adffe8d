"""10.2's Saipan penalty and 10.4's historical tally through the public API (``EXAMPLES["10.2"]``, ``["10.4"]``):
positions that start at the End Phase of the last turn."""

from __future__ import annotations

import copy

import pytest
from example_kit import played

import leyte
from leyte.rulebooks.clash.examples import EXAMPLES


def _saipan(units: int, *, turn: int = 12) -> dict:
    pos = {**copy.deepcopy(EXAMPLES["10.2"].position), "turn": turn}
    pos["tgs"][0]["ships"] = EXAMPLES["10.4"].position["tgs"][0]["ships"][:units]
    return pos


def test_10_2_example_13_units_in_the_saipan_hex_cost_the_usn_a_point() -> None:
    g = played("10.2")
    assert g.over
    usn = g.result["breakdown"]["USN"]
    assert usn["total"] == -1 and usn["items"][0]["rule"] == "10.2" and g.result["net_usn"] == -1
    (vp,) = [e for e in g.events if e.kind == "vp"]
    assert vp.rule == "10.2" and vp.data["points"] == -1


@pytest.mark.parametrize("units, penalty", [(14, 0), (13, -1), (12, -2), (5, -9)])
def test_10_2_each_unit_short_of_fourteen_costs_a_point(units: int, penalty: int) -> None:
    g = played("10.2", position=_saipan(units))
    assert g.result["breakdown"]["USN"]["total"] == penalty and g.result["net_usn"] == penalty
    if units >= 14:
        assert any(e.rule == "10.2" and "holds 14" in e.text for e in g.events)


def test_10_2_the_count_is_made_at_every_end_phase() -> None:
    g = played("10.2", position=_saipan(12, turn=11))  # turn 11's End Phase, then all of turn 12
    while not g.over:
        g.apply(g.legal_actions()[-1] if g.decision.kind != "formations" else {"kind": "done"})
    vps = [e.data["points"] for e in g.events if e.kind == "vp" and e.rule == "10.2"]
    assert vps == [-2, -2] and g.result["breakdown"]["USN"]["total"] == -4


def test_10_4_example_the_historical_tally_is_57_less_20_a_decisive_us_victory() -> None:
    g = played("10.4")
    r = g.result
    usn, ijn = r["breakdown"]["USN"], r["breakdown"]["IJN"]
    assert [(x["item"], x["points"]) for x in usn["items"][:3]] == [
        ("Hiyo (CVL) sunk", 5), ("Shokaku (CV) sunk", 10), ("Taiho (CV) sunk", 10)]  # 25
    assert r["breakdown"]["air_factors_destroyed"] == 64
    assert usn["items"][3]["points"] == 32 and usn["total"] == 57
    assert sorted((x["item"], x["points"]) for x in ijn["items"]) == [
        ("Chitose (CVL) afloat", 3), ("Chiyoda (CVL) afloat", 3), ("Junyo (CVL) afloat", 3),
        ("Ryuho (CVL) afloat", 3), ("Zuiho (CVL) afloat", 3), ("Zuikaku (CV) afloat", 5)]
    assert ijn["total"] == 20  # 5 + 15; nothing for sinking or damaging USN ships
    assert not any("sunk" in x["item"] or "damaged" in x["item"] for x in ijn["items"])
    assert (r["net_usn"], r["level"], r["winner"]) == (37, "Decisive US Victory", "USN")
    assert r["points"] == {"USN": 57, "IJN": 20}
    assert g.events[-1].rule == "10.3" and g.events[-1].kind == "game_over"


def test_10_4_the_ijn_started_with_69_carrier_air_factors() -> None:
    air = leyte.rules("clash-of-the-carriers").air  # the game's data: id -> air unit
    ids = [a["id"] for a in EXAMPLES["10.4"].position["air"]]
    assert len(ids) == len(set(ids)) == 31
    assert sum(air[i].strength for i in ids) == 69  # Force A 36, Force B 21, Force C 12: 64 lost is possible
