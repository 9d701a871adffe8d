"""Set-up (3.0, 24.1, 24.2) through the Game: set-up LP and the 20-LP cap (E12, E13), scenario files and their
validation, placement, reconnaissance, and the first GT reaching a phase not built yet."""

from __future__ import annotations

import copy

import pytest

from leyte.core.errors import ScenarioError
from leyte.core.game import Game
from leyte.rulebooks.formosa.rules import RULES


def _to(g: Game, kind: str, player: str) -> None:
    """Answer every decision with its first option until ``player`` faces a ``kind`` decision."""
    while not (g.decision.kind == kind and g.decision.player == player):
        d = g.decision
        g.apply(next(o for o in d.options if o.kind == "done") if d.kind == "buy" else d.options[0])


@pytest.mark.parametrize("scenario,roll,lp,spend", [("1", 6, 21, 1), ("1", 5, 20, 0), ("2", 6, 26, 6),
                                                    ("2", 1, 21, 1)])
def test_e12_japanese_set_up_lp_and_the_cap(scenario, roll, lp, spend):
    g = Game(RULES, RULES.load_scenario(scenario), seed=3, dice=[roll, 2, 4])
    _to(g, "buy", "Japanese")
    d = g.decision
    assert d.data == {"lp": lp, "cap": 20, "spend_at_least": spend}
    assert g.view("Japanese")["japanese"] == {"tac": 5, "kamikaze": 4, "fleet": "none"}  # 1d6+3 and 1d6 (24.1)
    assert "kamikaze" not in {o.get("item") for o in d.options}  # none bought at set-up
    events = g.apply(next(o for o in d.options if o.kind == "done"))
    lost = [e for e in events if e.kind == "lp" and "lost" in e.data]
    assert g.state.lp["Japanese"] == min(lp, 20)
    assert [e.data["lost"] for e in lost] == ([spend] if spend else [])


def test_e12_spending_the_excess_loses_nothing():
    g = Game(RULES, RULES.load_scenario("1"), seed=3, dice=[6, 2, 4])
    _to(g, "buy", "Japanese")
    tac = next(o for o in g.decision.options if o.get("item") == "tac")  # 2 LP (Japanese chart)
    g.apply(tac)
    assert g.state.lp["Japanese"] == 19 and g.state.tac["Japanese"] == 6
    events = g.apply(next(o for o in g.decision.options if o.kind == "done"))
    assert not [e for e in events if "lost" in e.data] and g.state.lp["Japanese"] == 19


@pytest.mark.parametrize("scenario,lp,spend", [("1", 30, 10), ("2", 40, 20)])
def test_e13_allied_set_up_lp_spend_at_least(scenario, lp, spend):
    g = Game(RULES, RULES.load_scenario(scenario), seed=3, dice=[3, 2, 4])
    _to(g, "buy", "Allied")
    assert g.decision.data == {"lp": lp, "cap": 20, "spend_at_least": spend}
    items = {o.get("item") for o in g.decision.options}
    assert {"amphibious", "drop_zone", "b29"} <= items  # no markers at start: they are bought (24.1)
    assert g.state.markers == {"amphibious": 0, "drop_zone": 0, "b29": 0, "air_supply": 0}
    g.apply(next(o for o in g.decision.options if o.get("item") == "amphibious"))
    assert g.state.lp["Allied"] == lp - 3 and g.state.markers["amphibious"] == 1
    ng = g.state.ng["US"]
    g.apply(next(o for o in g.decision.options if o.get("item") == "ng"))  # 3 LP (Allied chart)
    assert g.state.lp["Allied"] == lp - 6 and g.state.ng["US"] == ng + 1 == 5
    g.apply(next(o for o in g.decision.options if o.kind == "done"))
    assert g.state.lp["Allied"] == 20


def test_24_set_up_places_every_japanese_unit_on_formosa_and_recon_reveals_rolled_stacks():
    from leyte.rulebooks.formosa import board as B

    g = Game(RULES, RULES.load_scenario("1"), seed=3, dice=[3, 2, 4])
    _to(g, "buy", "Allied")
    placed = [uid for uid in B.units_of(g.state, "Japanese")]
    assert len(placed) == 16 + 14  # 24.1: 12 regiments, 4 deception; 5 HW, 2 CD, 5 brigades, 2 engineers
    assert all(B.on_formosa(B.board().hex(g.state.units[u].loc)) for u in placed)
    assert all(g.state.units[u].loc == "staging" for u in g.state.units if B.unit(u).at_start == "staging")
    g.apply(next(o for o in g.decision.options if o.kind == "done"))
    # The scripted dice are used up: the recon roll is seeded. It is 1d6, so 1 to 6 reveals.
    assert g.decision.kind == "recon" and g.decision.player == "Allied"
    left = g.decision.data["left"]
    assert 1 <= left <= 6
    hexes = [o["hex"] for o in g.decision.options]
    g.apply(g.decision.options[0])
    assert all(not g.state.units[u].concealed for u in g.state.at(hexes[0]))


def test_6_1_after_set_up_the_allies_plan_their_air_missions():
    g = Game(RULES, RULES.load_scenario("1"), seed=3, dice=[3, 2, 4])
    _to(g, "recon", "Allied")
    while g.decision.kind == "recon":
        g.apply(g.decision.options[0])
    assert (g.decision.kind, g.decision.player, g.decision.rule) == ("strike_planning", "Allied", "16.1")
    assert g.state.phase == "strike_planning"


def test_scenario_files_hold_the_printed_numbers():
    d = RULES.data()
    for sid, key in (("1", "s1"), ("2", "s2")):
        s = RULES.load_scenario(sid)
        assert s["turns"] == d.constant(f"{key}.turns")
        assert s["allied"]["lp"] == d.constant(f"{key}.allied_lp")
        assert s["japanese"]["setup_lp"]["plus"] == d.constant(f"{key}.japanese_lp_base")
        assert s["lp_cap"] == d.constant("lp.cap")
        assert s["allied_income"] == d.constant(f"lp.allied_income_s{sid}")
        assert s["allied"]["tac"]["US"] == d.constant(f"{key}.allied_tac")
        assert s["allied"]["markers"] == {"amphibious": 0, "drop_zone": 0, "b29": 0, "air_supply": 0}
    assert RULES.load_scenario("2")["allied"]["tac"]["CW"] == d.constant("s2.cw_tac")
    assert RULES.scenario_ids() == ["1", "2"]


@pytest.mark.parametrize("edit,match", [
    (lambda s: s.pop("turns"), r"field turns: missing"),
    (lambda s: s["japanese"]["setup_lp"].update(plus=-1), r"japanese\.setup_lp\.plus: -1 must not be negative"),
    (lambda s: s["japanese"]["free_choice"].update(heavy_weapons=9), r"free_choice\.heavy_weapons: 9 .*holds 7"),
    (lambda s: s["allied"]["markers"].update(landing_craft=1), r"allied\.markers\.landing_craft: not one of"),
    (lambda s: s["special"].update(gt1_skips=["combat"]), r"special\.gt1_skips: 'combat'"),
    (lambda s: s.update(position={"turn": 2, "phase": "lunch", "units": {}}), r"position\.phase: 'lunch'"),
    (lambda s: s.update(position={"turn": 99, "phase": "amoy", "units": {}}), r"position\.turn: 99"),
    (lambda s: s.update(position={"turn": 2, "phase": "amoy", "units": {"us_nope": {"loc": "1017"}}}),
     r"position\.units\.us_nope: no such unit"),
    (lambda s: s.update(position={"turn": 2, "phase": "amoy", "units": {"us_1mar": {"loc": "0101"}}}),
     r"position\.units\.us_1mar\.loc: 0101 is a sea hex"),
    (lambda s: s.update(position={"turn": 2, "phase": "amoy", "units": {"us_1mar": {"loc": "1017", "base": True}}}),
     r"position\.units\.us_1mar\.base: only an Allied engineer"),
    (lambda s: s.update(position={"turn": 2, "phase": "amoy", "units": {"us_1mar": {"loc": "1017",
                                                                                    "concealed": True}}}),
     r"position\.units\.us_1mar\.concealed: only Japanese"),
])
def test_scenario_validation_names_the_field(edit, match):
    s = copy.deepcopy(RULES.load_scenario("1"))
    edit(s)
    with pytest.raises(ScenarioError, match=match):
        RULES.load_scenario(s)


def test_unknown_scenario_is_refused():
    with pytest.raises(ScenarioError, match=r"no scenario '9'"):
        RULES.load_scenario("9")
