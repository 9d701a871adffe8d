"""Formosa's Special Attack Phase through the Game with scripted dice: 16.6 kamikaze (every GT, the 0 column when
no points fly, the Allied player's split of the hits) and 18.0 (no fleet marker can be held yet)."""

from __future__ import annotations

import pytest
from rules_kit import game, play

from leyte.core.errors import IllegalAction

FAR = {"us_1mar": "1017", "ij_7inf": "2104"}  # an Allied unit on the map (no sudden death), no contact
NO_MARKERS = {"amphibious": 0, "drop_zone": 0, "b29": 0, "air_supply": 0}


def kamikaze_game(points: int, roll: int, *, amphibious: int = 0, ng: dict[str, int] | None = None):
    return game(FAR, phase="special_attack", dice=[roll], kamikaze=points,
                markers={**NO_MARKERS, "amphibious": amphibious}, ng=ng or {"US": 0, "CW": 0})


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


def test_16_6_the_roll_is_public_and_18_0_is_logged():
    g = kamikaze_game(3, 6)  # column 3, roll 6: 1 hit, nothing to return
    assert log_of(g, "kamikaze")[0].data["hits"] == 1
    assert any(e.rule == "18.0" for e in g.events)
    assert any(e.kind == "kamikaze" for e in g.log("Allied"))  # both sides see the attack
