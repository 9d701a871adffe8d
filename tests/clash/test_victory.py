"""Victory (10.1-10.4): the tally, the Saipan penalty and the levels, through Clash's Rules object with position dicts
that start at the End Phase of the last turn."""

from __future__ import annotations

from typing import Any

import pytest
from clash_kit import game, rules

from leyte.rulebooks.clash import victory

TG_52_10 = ["new-mexico", "idaho", "maryland", "colorado", "tennessee", "california", "pennsylvania", "louisville",
            "honolulu", "st-louis", "desrn-54-1", "desrn-54-2", "desrn-54-3", "desrn-54-4"]
IJN_CARRIERS = ["taiho", "shokaku", "zuikaku", "junyo", "hiyo", "ryuho", "chitose", "chiyoda", "zuiho"]


def carrier_air() -> list[dict[str, Any]]:
    """Every IJN carrier air unit of 16.1.1 on its carrier, Ready."""
    D = rules().data()
    return [{"id": a.id, "parent": a.parent, "box": "ready"} for a in D.air.values()
            if a.side == "IJN" and a.parent in IJN_CARRIERS]


def end_of_game(*, saipan: list[str], ijn: list[str] | None = None, ships: list[dict[str, Any]] | None = None,
                air: list[dict[str, Any]] | None = None, turn: int = 12) -> dict[str, Any]:
    tgs = [{"id": "tg-52-10", "name": "TG 52.10", "side": "USN", "hex": "3712", "ships": saipan}]
    for i in range(0, len(ijn or []), 3):  # 3.1.3: at most three carriers a TG
        tgs.append({"id": f"force-{i}", "name": f"Force {i}", "side": "IJN", "hex": "0618", "ships": ijn[i:i + 3]})
    return {"id": "end", "turn": turn, "last_turn": 12, "tgs": tgs, "ships": ships or [], "air": air or [],
            "start": {"phase": "end_phase"}}


def test_10_2_fourteen_units_in_the_saipan_hex_cost_nothing() -> None:
    g = game(end_of_game(saipan=TG_52_10))
    assert g.over and g.result["points"] == {"USN": 0, "IJN": 0}
    assert any(e.rule == "10.2" and "holds 14" in e.text for e in g.events)


@pytest.mark.parametrize("units, penalty", [(13, -1), (12, -2), (5, -9)])
def test_10_2_each_unit_short_of_fourteen_in_the_saipan_hex_costs_the_usn_a_point(units: int, penalty: int) -> None:
    g = game(end_of_game(saipan=TG_52_10[:units]))
    usn = g.result["breakdown"]["USN"]
    assert usn["total"] == penalty and usn["items"][0]["rule"] == "10.2"
    assert g.result["net_usn"] == penalty
    ev = [e for e in g.events if e.kind == "vp"]
    assert len(ev) == 1 and ev[0].rule == "10.2" and ev[0].data["points"] == penalty  # cited as Clash's 10.2


def test_10_2_sunk_units_and_units_elsewhere_do_not_count() -> None:
    pos = end_of_game(saipan=TG_52_10, ships=[{"id": "idaho", "sunk": True}])
    pos["tgs"].append({"id": "tg-58-7", "name": "TG 58.7", "side": "USN", "hex": "3711", "ships": ["washington"]})
    g = game(pos)
    usn = g.result["breakdown"]["USN"]
    assert [x["points"] for x in usn["items"]] == [-1]
    assert g.result["breakdown"]["IJN"]["items"] == [{"item": "Idaho (BB) sunk", "points": 8, "rule": "10.1"}]


def test_10_4_the_historical_tally_is_37_a_decisive_us_victory() -> None:
    """10.4: two CVs and a CVL sunk (25) and 64 carrier air factors (32) for the USN, 57; one CV (5) and five CVLs
    (15) afloat for the IJN, 20; net 37."""
    air = carrier_air()
    gone_with_ships = ("taiho", "shokaku", "hiyo")
    shot_down = {"zuikaku", "junyo", "ryuho", "chitose"}
    for a in air:
        if a["parent"] in shot_down or a["id"] in ("chiyoda-f1", "chiyoda-fb2"):
            a["box"] = "destroyed"
    g = game(end_of_game(saipan=TG_52_10, ijn=IJN_CARRIERS, air=air,
                         ships=[{"id": s, "sunk": True} for s in gone_with_ships]))
    r = g.result
    usn, ijn = r["breakdown"]["USN"], r["breakdown"]["IJN"]
    assert [(x["item"], x["points"]) for x in usn["items"][:3]] == [
        ("Hiyo (CVL) sunk", 5), ("Shokaku (CV) sunk", 10), ("Taiho (CV) sunk", 10)]
    assert r["breakdown"]["air_factors_destroyed"] == 64
    assert usn["items"][3]["points"] == 32 and usn["total"] == 57
    assert sorted((x["item"], x["points"]) for x in ijn["items"]) == [
        ("Chitose (CVL) afloat", 3), ("Chiyoda (CVL) afloat", 3), ("Junyo (CVL) afloat", 3),
        ("Ryuho (CVL) afloat", 3), ("Zuiho (CVL) afloat", 3), ("Zuikaku (CV) afloat", 5)]
    assert ijn["total"] == 20
    assert (r["net_usn"], r["level"], r["winner"]) == (37, "Decisive US Victory", "USN")
    assert g.events[-1].rule == "10.3" and g.events[-1].kind == "game_over"


def test_10_2_a_lost_step_counts_the_factors_between_the_two_sides_and_island_air_never_counts() -> None:
    D = rules().data()
    air = [{"id": "taiho-f4", "parent": "taiho", "box": "ready", "reduced": True},
           {"id": "guam-f3", "parent": "guam", "box": "destroyed"}]
    g = game(end_of_game(saipan=TG_52_10, ijn=["taiho"], air=air))
    lost = g.result["breakdown"]["air_factors_destroyed"]
    assert lost == D.air["taiho-f4"].strength - D.air["taiho-f4"].reduced == 2
    assert g.result["points"]["USN"] == 1  # 2 factors / 2


def test_10_1_usn_losses_score_for_the_ijn_by_type_and_a_damaged_ijn_carrier_scores_less() -> None:
    g = game(end_of_game(saipan=TG_52_10, ijn=["zuikaku", "ryuho"],
                         ships=[{"id": "zuikaku", "hits": 1}, {"id": "desrn-54-4", "sunk": True},
                                {"id": "honolulu", "hits": 1}]))
    ijn = {x["item"]: x["points"] for x in g.result["breakdown"]["IJN"]["items"]}
    # a destroyer unit sunk is 1; a hit on a cruiser is no VP (10.1 lists damage only for carriers)
    assert ijn == {"Desrn 54 4 (DD) sunk": 1, "Ryuho (CVL) afloat": 3, "Zuikaku (CV) afloat damaged": 2}


def test_10_1_usn_carriers_sunk_and_damaged() -> None:
    pos = end_of_game(saipan=TG_52_10, ships=[{"id": "wasp", "sunk": True}, {"id": "cabot", "hits": 1}])
    pos["tgs"].append({"id": "tg-58-2", "name": "TG 58.2", "side": "USN", "hex": "3111", "ships": ["wasp", "cabot"]})
    g = game(pos)
    ijn = {x["item"]: x["points"] for x in g.result["breakdown"]["IJN"]["items"]}
    assert ijn == {"Wasp (CV) sunk": 20, "Cabot (CVL) damaged": 2}


@pytest.mark.parametrize("net, level, winner", [
    (37, "Decisive US Victory", "USN"), (30, "Decisive US Victory", "USN"), (29, "Significant USN Victory", "USN"),
    (20, "Significant USN Victory", "USN"), (19, "Draw", None), (10, "Draw", None),
    (9, "IJN (Pyrrhic) Victory", "IJN"), (0, "IJN (Pyrrhic) Victory", "IJN"),
    (-1, "Decisive Japanese Victory", "IJN"),
])
def test_10_3_levels_of_victory(net: int, level: str, winner: str | None) -> None:
    lv = victory.level_for(rules().data(), net)
    assert (lv, victory.winner_of(lv)) == (level, winner)


def test_10_3_the_level_comes_from_the_net_total_through_play() -> None:
    # 10 units in Saipan (-4), no other losses: USN net -4, a Decisive Japanese Victory
    g = game(end_of_game(saipan=TG_52_10[:10]))
    assert (g.result["net_usn"], g.result["level"], g.result["winner"]) == (-4, "Decisive Japanese Victory", "IJN")


def test_an_end_phase_before_the_last_turn_goes_on_to_the_next_turn() -> None:
    g = game(end_of_game(saipan=TG_52_10, turn=5))
    assert g.result is None and g.state.turn == 6
    assert (g.decision.kind, g.decision.rule) == ("formations", "5.1")
