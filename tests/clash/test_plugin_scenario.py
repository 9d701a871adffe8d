"""Scenario 16.1 set up through Clash's Rules object: the printed USN hexes, the IJN's set-up choices, island air and
reinforcements. (Runs on the test fixture's shortened order of battle; the hexes and the rules are the game's.)"""

from __future__ import annotations

import pytest
from clash_kit import choose, game, rules

from leyte.core.errors import IllegalAction, ScenarioError
from leyte.rulebooks.clash import state


def _hex(g, tid: str) -> str:  # noqa: ANN001
    return g.state.tfs[tid].hex


def test_16_1_3_the_usn_sets_up_on_the_printed_hexes() -> None:
    g = game()
    cl = state.extras(g.state)
    assert cl["tfs"]["tf-58"] == {"name": "TF 58", "side": "USN", "hex": "3111"}
    assert [t.id for t in state.tgs_of(g.state, "tf-58")] == ["tg-58-2", "tg-58-3", "tg-58-7"]
    assert {t: _hex(g, t) for t in ("tg-58-2", "tg-58-3", "tg-58-7", "tg-58-1", "tg-58-4", "tg-52-10")} == {
        "tg-58-2": "3111", "tg-58-3": "3111", "tg-58-7": "3111", "tg-58-1": "2811", "tg-58-4": "3209",
        "tg-52-10": "3712"}
    assert state.tf_of(g.state, "tg-58-1") is None and state.tf_of(g.state, "tg-52-10") is None
    assert cl["saipan_hex"] == "3712"
    # 3.1.4: the ships of 52.10 and of 58.x keep the group they started in
    assert cl["origin"]["new-mexico"] == "52.10" and cl["origin"]["hornet"] == "58"


def test_16_1_1_the_historical_choices_come_first_all_three_forces_with_the_mobile_fleet_in_0618() -> None:
    g = game()
    d = g.decision
    assert d.options[0]["forces"] == "force-a,force-b,force-c" and len(d.options) == 7  # every non-empty choice
    g.apply(d.options[0])
    d = g.decision
    assert d.kind == "setup" and d.options[0]["hex"] == "0618"
    g.apply(d.options[0])
    assert g.decision.kind == "setup_dummies" and [o["n"] for o in g.decision.options] == [0, 1, 2, 3]
    assert {_hex(g, t) for t in ("force-a", "force-b", "force-c")} == {"0618"}
    assert [t.id for t in state.tgs_of(g.state, "mobile-fleet")] == ["force-a", "force-b", "force-c"]


def test_16_1_1_the_mobile_fleet_sets_up_within_three_hexes_of_0618() -> None:
    g = game()
    choose(g, "mobile_fleet", forces="force-a")
    m = rules().data().map
    hexes = [o["hex"] for o in g.decision.options]
    near = {m.label(h) for h in m.hexes if h.distance(m.hex("0618")) <= 3}
    assert set(hexes) == near and len(hexes) == 34  # 37 hexes, less three below the fixture map's row 20
    assert "0918" in hexes and "1018" not in hexes
    with pytest.raises(IllegalAction) as e:
        g.apply({"kind": "setup_hex", "tf": "mobile-fleet", "hex": "1018"})
    assert e.value.rule == "16.1.1"


def test_16_1_1_forces_left_out_set_up_west_of_column_07_and_dummies_join_a_real_force() -> None:
    g = game()
    choose(g, "mobile_fleet", forces="force-a")
    choose(g, "setup_hex", hex="0918")  # the Mobile Fleet (Force A) east of column 07
    d = g.decision
    assert d.data["tg"] == "force-b"
    cols = {int(o["hex"][:2]) for o in d.options}
    assert cols == set(range(1, 8))  # columns 01-07 inclusive
    with pytest.raises(IllegalAction) as e:
        g.apply({"kind": "setup_hex", "tg": "force-b", "hex": "0818"})
    assert e.value.rule == "16.1.1"
    choose(g, "setup_hex", tg="force-b", hex="0305")
    choose(g, "setup_hex", tg="force-c", hex="0710")
    # two Forces outside the Mobile Fleet leave room for one more TG (16.1.1: three in all)
    assert [o["n"] for o in g.decision.options] == [0, 1]
    choose(g, "dummies", n=1)
    assert sorted(o["hex"] for o in g.decision.options) == ["0305", "0710"]  # not 0918: east of column 07
    choose(g, "setup_hex", hex="0305")
    assert (g.decision.kind, g.decision.rule) == ("formations", "5.1")
    assert state.tf_of(g.state, "force-b") is None and _hex(g, "force-b") == "0305"
    assert [t.id for t in state.tgs_of(g.state, "mobile-fleet")] == ["force-a"] and _hex(g, "force-a") == "0918"


def test_16_1_1_island_air_starts_ready_and_16_1_2_reinforcements_are_scheduled() -> None:
    g = game(dice=[9])
    st = g.state
    for base, units in {"guam": ["guam-b1", "guam-db1", "guam-f3"], "peleliu": ["peleliu-f3", "peleliu-f4",
                        "peleliu-t1"], "yap": ["yap-b2", "yap-db2", "yap-f2"], "iwo-jima": ["iwo-jima-b2"]}.items():
        assert sorted(a.id for a in st.air.values() if a.parent == base) == units
        assert all(st.air[a].box == "ready" and not st.air[a].reduced for a in units)
    assert not any(a.parent == "truk" for a in st.air.values())
    cl = state.extras(st)
    assert cl["air_bases"]["guam"] == {"name": "Guam", "hex": "3417", "capacity": 6}
    assert cl["air_bases"]["truk"] == {"name": "Truk", "hexes_beyond": 23, "edge_hex": "4020", "capacity": 6}
    assert [(r["turn"], r["bases"]) for r in cl["reinforcements"]] == [
        (2, {"truk-f2": "truk", "truk-t1": "truk"}),
        (9, {"iwo-jima-r-f1": "iwo-jima", "peleliu-r-f3": "peleliu", "peleliu-r-db2": "peleliu"})]
    assert [r["every"] for r in cl["recurring"]] == ["day_turn"]  # 16.1.2's revived units: a standing rule
    roll = [e for e in g.events if e.kind == "roll"]
    assert len(roll) == 1 and roll[0].rule == "16.1.2" and roll[0].visible == ("IJN",)


def test_16_1_carrier_air_starts_on_its_carriers() -> None:
    st = game().state
    assert sorted(a.id for a in st.air.values() if a.parent == "taiho") == ["taiho-db5", "taiho-f4", "taiho-t3"]
    ijn_carrier_factors = sum(st.data.air[a.id].strength for a in st.air.values()
                              if a.side == "IJN" and a.parent in st.data.ships)
    assert ijn_carrier_factors == 69  # Force A 36, B 21, C 12 (16.1.1)


@pytest.mark.parametrize("name", ["tf58-unleashed", "japanese-dream", "16.2"])
def test_16_2_and_16_3_are_lost_and_say_so(name: str) -> None:
    with pytest.raises(ScenarioError, match="16.2 .*16.3 .*lost"):
        rules().load_scenario(name)


def test_a_scenario_file_naming_an_unknown_tf_is_refused() -> None:
    raw = dict(rules().data().scenarios["historical"])
    raw["task_groups"] = [dict(raw["task_groups"][0], tf="tf-99")]
    with pytest.raises(ScenarioError, match="tf 'tf-99' is not one of the"):
        rules().load_scenario(raw)


def test_a_position_that_starts_in_the_turn_begins_with_the_initial_phase() -> None:
    pos = {"id": "p", "tgs": [{"id": "a", "name": "TG A", "side": "USN", "hex": "3111", "ships": ["wasp"]}],
           "start": {"phase": "turn"}}
    g = game(pos)
    assert (g.decision.kind, g.decision.player, g.decision.rule) == ("formations", "IJN", "5.1")
