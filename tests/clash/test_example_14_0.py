"""The worked example of 14.0 (Deliver the Ordnance), replayed from ``clash.examples.EXAMPLES`` through the public API
(``leyte.new_game`` with the example's position, options and scripted dice, then ``play_script``), and the same
strike with the option off (ruling R-25: then the stepped unit bombs on its reduced column)."""

from __future__ import annotations

from typing import Any

import leyte
from leyte.jupyter.session import play_script
from leyte.rulebooks.clash.examples import EXAMPLES

GAME = "clash-of-the-carriers"
DB = "junyo-db3-1"


def _play(options: dict[str, bool]) -> Any:
    ex = EXAMPLES["14.0"]
    g = leyte.new_game(GAME, scenario=ex.position, options=options, dice=list(ex.dice), seed=ex.seed)
    play_script(g, ex.script)
    return g


def _rolls(g: Any, table: str) -> list[dict[str, Any]]:
    """The rolls on ``table`` as the IJN's own log tells them (the USN's copy names the unit only by its type)."""
    return [e.data["roll"] for e in g.events if e.kind == "roll" and e.data["roll"]["table"] == table
            and "Junyo DB" in e.data["roll"]["purpose"]]


def test_example_14_0_a_3_db_stepped_by_aa_bombs_on_the_3_column_and_flies_home_a_1() -> None:
    ex = EXAMPLES["14.0"]
    assert ex.options == {"deliver_the_ordnance": True} and ex.case == "14.0"
    g = _play(dict(ex.options))
    assert g.decision is not None and all(r["scripted"] for r in _rolls(g, "aa") + _rolls(g, "damage"))
    assert len(ex.dice) == 4 and not g.dice.script  # every scripted die was used, and no more
    assert (g.decision.player, g.decision.kind) == ("USN", "clash_move")  # the last die drew TG 58.7
    D = g.state.data
    assert (D.air[DB].kind, D.air[DB].strength, D.air[DB].reduced) == ("B", 3, 1)  # a DB 3, its reduced side 1
    (aa,) = _rolls(g, "aa")
    assert (int(aa["column"]), aa["raw"], aa["result"]["result"], aa["result"]["step_loss"]) == (8, 8, "D-3", True)
    step = next(e for e in g.events if e.kind == "air_loss" and e.data.get("air") == DB)
    assert step.data["destroyed"] is False and "now 1" in step.text  # flipped to its 1 side
    (bomb,) = _rolls(g, "damage")
    assert int(bomb["column"]) == 3  # the 3 column, not the 1 column
    assert [(m["value"], m["source"]) for m in bomb["modifiers"]] == [(-3, "AA from Washington")]  # DRMs kept
    assert (bomb["raw"], bomb["final"], bomb["result"]["hits"]) == (10, 7, 1)
    assert g.state.ships["washington"].hits == 1
    a = g.state.air[DB]
    assert (a.box, a.reduced, D.air[DB].reduced) == ("flown", True, 1)  # home on its 1-strength side
    assert not [e for e in g.events if e.kind == "roll" and "deliver" in e.text]  # a step loss needs no 14.0 roll


def test_14_0_off_the_stepped_db_bombs_on_its_1_column_and_misses() -> None:
    g = _play({})
    (bomb,) = _rolls(g, "damage")
    assert (int(bomb["column"]), bomb["final"], bomb["result"]["hits"]) == (1, 7, 0)
    assert g.state.ships["washington"].hits == 0 and g.state.air[DB].reduced


def test_14_0_a_db_destroyed_by_aa_bombs_first_on_6_to_10_and_never_on_1_to_5() -> None:
    ex = EXAMPLES["14.0"]
    pos = dict(ex.position, air=[{"id": DB, "parent": "junyo", "box": "ready", "reduced": True}])
    out = {}
    for delivery in (5, 6):
        dice = [1, 8, delivery] + [10] * (delivery >= 6)  # the bombing roll only when it delivers
        g = leyte.new_game(GAME, scenario=pos, options={"deliver_the_ordnance": True}, dice=dice, seed=1)
        play_script(g, ex.script)
        loss = next(e for e in g.events if e.kind == "air_loss" and e.data.get("air") == DB)
        bombs = _rolls(g, "damage")
        out[delivery] = (loss.data["delivers"], [(int(b["column"]), b["final"]) for b in bombs], g.state.air[DB].box)
    assert out[5] == (False, [], "destroyed")
    assert out[6] == (True, [(1, 7)], "destroyed")  # attacks on its own (1) column with the AA's -3, then is lost


def test_14_0_off_a_db_destroyed_by_aa_never_bombs_and_rolls_nothing() -> None:
    ex = EXAMPLES["14.0"]
    pos = dict(ex.position, air=[{"id": DB, "parent": "junyo", "box": "ready", "reduced": True}])
    g = leyte.new_game(GAME, scenario=pos, dice=[1, 8], seed=1)
    play_script(g, ex.script)
    loss = next(e for e in g.events if e.kind == "air_loss" and e.data.get("air") == DB)
    assert loss.data["delivers"] is False and not _rolls(g, "damage") and g.state.air[DB].box == "destroyed"
