"""Victory (10.1-10.3): the tally, the Saipan penalty and the levels, through Clash's Rules object with position dicts
that start at the End Phase of the last turn. The worked examples of 10.2 and 10.4 are in test_example_10.py."""

from __future__ import annotations

from typing import Any

import pytest
from clash_kit import game, rules

from leyte.rulebooks.clash import victory

TG_52_10 = ["new-mexico", "idaho", "maryland", "colorado", "tennessee", "california", "pennsylvania", "louisville",
            "honolulu", "st-louis", "desrn-54-1", "desrn-54-2", "desrn-54-3", "desrn-54-4"]


def end_of_game(*, saipan: list[str], ijn: list[str] | None = None, ships: list[dict[str, Any]] | None = None,
                air: list[dict[str, Any]] | None = None, turn: int = 12) -> dict[str, Any]:
    tgs = [{"id": "tg-52-10", "name": "TG 52.10", "side": "USN", "hex": "3712", "ships": saipan}]
    for i in range(0, len(ijn or []), 3):  # 3.1.3: at most three carriers a TG
        tgs.append({"id": f"force-{i}", "name": f"Force {i}", "side": "IJN", "hex": "0618", "ships": ijn[i:i + 3]})
    return {"id": "end", "turn": turn, "last_turn": 12, "tgs": tgs, "ships": ships or [], "air": air or [],
            "start": {"phase": "end_phase"}}


def test_10_2_sunk_units_and_units_elsewhere_do_not_count() -> None:
    pos = end_of_game(saipan=TG_52_10, ships=[{"id": "idaho", "sunk": True}])
    pos["tgs"].append({"id": "tg-58-7", "name": "TG 58.7", "side": "USN", "hex": "3711", "ships": ["washington"]})
    g = game(pos)
    usn = g.result["breakdown"]["USN"]
    assert [x["points"] for x in usn["items"]] == [-1]
    assert g.result["breakdown"]["IJN"]["items"] == [{"item": "Idaho (BB) sunk", "points": 8, "rule": "10.1"}]


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
