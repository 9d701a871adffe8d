"""The plug-in on the game's own data (scenarios/clash-of-the-carriers/): 16.1 as printed (10.4's tally on the real
order of battle is the worked example in test_example_10.py). The fixture tests (tests/clash/data/) cover the rules;
these prove the two fit together."""

from __future__ import annotations

import pytest

from leyte.core.errors import IllegalAction
from leyte.core.game import Game
from leyte.rulebooks.clash import formations, state, victory
from leyte.rulebooks.clash.rules import RULES

TG_HEXES = {"tg-58-2": "3111", "tg-58-3": "3111", "tg-58-7": "3111", "tg-58-1": "2811", "tg-58-4": "3209",
            "tg-52-10": "3712"}


def historical(seed: int = 1, dice: list[int] | None = None) -> Game:
    return Game(RULES, RULES.load_scenario("historical"), seed=seed, dice=dice, scenario_ref="historical")


def test_16_1_sets_up_on_the_game_s_data() -> None:
    g = historical(dice=[6])
    st = g.state
    assert {t: st.tfs[t].hex for t in TG_HEXES} == TG_HEXES
    assert [t.id for t in state.tgs_of(st, "tf-58")] == ["tg-58-2", "tg-58-3", "tg-58-7"]
    assert [t.id for t in state.tgs_of(st, "mobile-fleet")] == ["force-a", "force-b", "force-c"]
    assert len(st.tfs["force-c"].ships) == 18  # as printed, over 3.1's 16 (ruling U-1)
    assert formations.state_problems(st) == []
    assert victory.saipan_units(st) == 14  # TG 52.10 holds exactly the 14 of 10.2
    ijn_air = sum(st.data.air[a.id].strength for a in st.air.values() if a.side == "IJN" and a.parent in st.data.ships)
    assert ijn_air == 69
    for base in ("guam", "peleliu", "yap", "iwo-jima"):
        units = [a for a in st.air.values() if a.parent == base]
        assert units and all(a.box == "ready" and not a.reduced for a in units)
    cl = state.extras(st)
    assert cl["saipan_hex"] == "3712" and cl["reinforcements"][1]["turn"] == 6
    assert g.decision.kind == "setup_mobile_fleet" and g.decision.rule == "16.1.1"


def test_16_1_the_historical_choices_reach_the_first_initial_phase() -> None:
    g = historical()
    g.apply(g.decision.options[0])
    g.apply(g.decision.options[0])
    assert g.state.tfs["force-c"].hex == "0618"
    g.apply(g.decision.options[0])
    assert (g.decision.kind, g.decision.player, g.decision.rule) == ("formations", "IJN", "5.1")


def test_16_1_4_cautious_spruance_keeps_tf_58_intact_on_the_game_s_data() -> None:
    pos = RULES.load_scenario("historical")
    pos["start"] = {"phase": "formations", "side": "USN"}
    g = Game(RULES, pos, seed=1)
    assert not any(o.kind == "split" for o in g.legal_actions())
    with pytest.raises(IllegalAction) as e:
        g.apply({"kind": "split", "tg": "tg-58-7"})
    assert e.value.rule == "16.1.4" and "Cautious Spruance" in e.value.reason
