"""Seeded random play of what is built: from set-up to the first unbuilt phase, and from a position to the end or
to the first unbuilt phase, checking after every action that the Allies never meet a concealed unit's name or id
(11.0) and that no hex holds units of both sides (12.2)."""

from __future__ import annotations

import json
import random

import pytest
from rules_kit import position

from leyte.core.errors import NotYetImplemented
from leyte.core.game import Game
from leyte.rulebooks.formosa import board as B
from leyte.rulebooks.formosa.rules import RULES

UNBUILT = ("10.1", "21.0")


def _check(g: Game) -> None:
    hidden = RULES.hidden_names(g.state, "Allied")
    seen = json.dumps(g.view("Allied"))
    if g.decision is not None and g.decision.player == "Allied":
        seen += json.dumps(g.decision.to_dict())
    seen += json.dumps([e.to_dict() for e in g.log("Allied")][-20:])
    leaked = [n for n in hidden if f'"{n}"' in seen or f"({n})" in seen or f" {n} " in seen]
    assert not leaked, leaked
    assert not B.occupied(g.state, "Allied") & B.occupied(g.state, "Japanese")


def _play(g: Game, rng: random.Random, steps: int, *, buy: bool = True) -> str:
    for _ in range(steps):
        if g.over:
            return "over"
        d = g.decision
        opts = list(d.options)
        # Finish buying and movement phases now and then, so play moves on.
        action = rng.choice(opts) if rng.random() < 0.8 or len(opts) == 1 else opts[-1]
        if d.kind == "buy" and not buy:
            action = opts[-1]
        try:
            g.apply(action)
        except NotYetImplemented as e:
            return e.rule
        _check(g)
    return "steps"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_set_up_plays_through_the_air_phases_to_an_unbuilt_case(seed):
    g = Game(RULES, RULES.load_scenario(str(1 + seed % 2)), seed=seed)
    end = _play(g, random.Random(seed), 400)
    assert end in UNBUILT
    assert any(e.rule == "16.1" for e in g.events)  # strike planning was played, not refused
    assert not g.state.at("setup") and g.state.lp["Allied"] <= 20 and g.state.lp["Japanese"] <= 20


@pytest.mark.parametrize("seed,buy", [(4, True), (5, True), (6, False), (7, False), (8, False)])
def test_random_movement_turns_from_a_position(seed, buy):
    units = {"us_1mar": "1017", "us_5mar": "1118", "us_armor1": "0918", "us_eng1": "1021",
             "ij_7inf": {"loc": "2104", "concealed": True}, "ij_19inf": "2011", "ij_35inf": {"loc": "1904",
                                                                                            "concealed": True}}
    g = Game(RULES, RULES.load_scenario(position(units, phase="logistics", turn=11, amoy_captured=1)), seed=seed)
    _check(g)
    end = _play(g, random.Random(seed), 600, buy=buy)
    # Buying markers or air points leads into a phase not built yet; that must be one of the listed cases.
    assert end in ("over", *UNBUILT), end
    if not buy:
        # Nothing bought and Amoy long taken (its 6th MarDiv came and went): no air, invasion or transfer work.
        assert end == "over", end
    if end == "over":
        pts = g.result["points"]
        assert g.state.turn == 13 and g.result["margin"] == pts["Allied"] - pts["Japanese"]


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_random_combat_turns_from_a_position_in_contact(seed):
    """Units start in each other's zones: both Combat Phases are played (every declaration the options offer is
    legal, losses, retreats and advances), to the end of the game."""
    units = {"us_1mar": "1018", "us_5mar": "1118", "us_17inf": "1118", "us_32inf": "1220", "us_eng1": "1021",
             "ij_7inf": "1119", "ij_19inf": {"loc": "1219", "concealed": True}, "ij_35inf": "1120",
             "ij_75imb": "2011"}
    g = Game(RULES, RULES.load_scenario(position(units, phase="allied_movement", turn=11, amoy_captured=1)),
             seed=seed)
    end = _play(g, random.Random(seed), 800, buy=False)
    assert end == "over", end
    results = [e for e in g.events if e.kind == "combat_result"]
    assert results and all(e.data["result"] in ("A1", "AE", "AR", "B1", "BB", "CA", "D1", "DR", "DE")
                           for e in results)
