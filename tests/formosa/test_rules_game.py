"""The Formosa Rules object under the core Game's promises: save, load and continue; undo; fork; and the 8.1
deployment of a Japanese recruit (concealed, in a city or port already holding a Japanese unit)."""

from __future__ import annotations

import json

from rules_kit import game, play

from leyte.core.game import Game
from leyte.rulebooks.formosa import board as B
from leyte.rulebooks.formosa.rules import RULES


def _first_options(g: Game, n: int) -> None:
    for _ in range(n):
        d = g.decision
        g.apply(next(o for o in d.options if o.kind == "done") if d.kind == "buy" else d.options[0])


def test_save_load_continue_is_the_same_game():
    g = Game(RULES, RULES.load_scenario("1"), seed=11)
    _first_options(g, 20)
    saved = g.to_json()
    h = Game.from_json(saved, lambda _id: RULES)
    assert h.state_digest() == g.state_digest()
    _first_options(g, 15)
    _first_options(h, 15)
    assert h.state_digest() == g.state_digest()
    assert json.dumps([e.to_dict() for e in h.events]) == json.dumps([e.to_dict() for e in g.events])


def test_undo_and_fork_leave_the_original_alone():
    g = game({"us_1mar": "1017", "ij_7inf": "2104"}, phase="allied_movement")
    before = g.state_digest()
    f = g.fork()
    play(f, "move", unit="us_1mar", to="1118")
    assert g.state_digest() == before and f.state.units["us_1mar"].loc == "1118"
    play(g, "move", unit="us_1mar", to="1118")
    g.undo()
    assert g.state_digest() == before


def test_8_1_a_japanese_recruit_deploys_concealed_in_a_city_or_port_with_a_japanese_unit():
    # 1021 (Takao: port and city) and 1310 (Taichu airfield, no city or port) hold Japanese units.
    g = game({"ij_7inf": "1021", "ij_19inf": "1310", "us_1mar": "1017"}, phase="recruit", lp={"Japanese": 5})
    assert (g.decision.player, g.decision.kind) == ("Japanese", "buy")
    recruit = next(o for o in g.decision.options if o.kind == "buy" and B.unit(o["unit"]).type == "second_line")
    g.apply(recruit)
    uid = recruit["unit"]
    assert g.state.lp["Japanese"] == 5 - B.unit(uid).lp_recruit
    assert g.decision.kind == "deploy" and g.decision.rule == "8.1"
    assert [o["hex"] for o in g.decision.options] == ["1021"]
    play(g, "place", hex="1021")
    assert g.state.units[uid].loc == "1021" and g.state.units[uid].concealed
    assert (g.decision.player, g.decision.kind) == ("Japanese", "buy")  # back to buying, the unit placed once
    assert uid not in json.dumps(g.view("Allied"))
