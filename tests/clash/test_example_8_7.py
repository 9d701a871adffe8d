"""8.7's worked examples through the public API: a TG's activation (search, move, strike, its -1 MP marker used
up; ``EXAMPLES["8.7"]``) and the two Special Command Chits (``EXAMPLES["8.7-chits"]``)."""

from __future__ import annotations

import copy

import pytest
from example_kit import played, rolls, start

from leyte.core.errors import IllegalAction
from leyte.rulebooks.clash.examples import EXAMPLES


def test_8_7_example_even_turn_5_mp_less_the_marker_4_search_first_then_move_then_strike() -> None:
    g = start("8.7")
    mp = next(e for e in g.events if e.kind == "mp")
    assert mp.rule == "7.1" and mp.data == {"formation": "tg-58-1", "speed": 5, "penalty": 1, "mp": 4}
    assert next(e for e in g.events if e.kind == "search").rule == "6.3.1"  # an air search, before any move
    (roll,) = rolls(g, "6.1")
    assert (roll["raw"], roll["final"], roll["result"]["detected"]) == (5, 6, True)
    g = played("8.7")
    moves = [e.data for e in g.events if e.kind == "move"]
    assert [(m["from"], m["to"], m["mp_left"]) for m in moves] == [
        ("2811", "2711", 3), ("2711", "2611", 2), ("2611", "2612", 1), ("2612", "2712", 0)]
    assert g.events.index(next(e for e in g.events if e.kind == "search")) < g.events.index(
        next(e for e in g.events if e.kind == "move"))
    assert (g.decision.player, g.decision.kind) == ("USN", "strike_compose")  # the strike is launched
    tg = g.view(None)["tfs"]["tg-58-1"]
    assert tg["hex"] == "2712" and tg["mp_markers"] == 0  # the -1 MP marker was used by this move


def test_8_7_example_without_the_marker_the_tg_has_all_5_mp() -> None:
    pos = copy.deepcopy(EXAMPLES["8.7"].position)
    pos["tgs"][0]["mp_markers"] = 0
    g = start("8.7", position=pos)
    assert next(e for e in g.events if e.kind == "mp").data["mp"] == 5


def test_8_7_chits_the_usn_chit_returns_the_ijn_chit_does_not_and_nothing_moves_twice() -> None:
    g = start("8.7-chits")
    d = g.decision
    assert d.rule == "8.7" and {o["marker"] for o in d.options if o.kind == "chit_activate"} == {"tg-58-1", "tg-58-4"}
    assert not any(str(o.get("marker", "")).startswith("af:") for o in d.options)  # never an Air Flotilla
    g = played("8.7-chits")
    draws = [e for e in g.events if e.kind == "draw"]
    picks = [(e.data["index"] + 1, e.data["of"]) for e in draws if "index" in e.data]
    # 6 markers; the USN chit drawn and put back (6); the IJN chit drawn and spent (5); two set aside (4, 3)
    assert picks == [(5, 6), (4, 5), (2, 4), (3, 3)]
    ignored = [e.data["marker"] for e in draws if e.data.get("ignored")]
    assert ignored == ["tg-58-4", "force-b"] and all(e.rule == "8.7" for e in draws if e.data.get("ignored"))
    chits = [e.data["marker"] for e in draws if e.data.get("marker", "").startswith("chit:")]
    assert chits == ["chit:USN", "chit:IJN", "chit:USN"]  # the USN chit came out twice, the IJN one once
    by_chit = [e.data["marker"] for e in draws if e.data.get("by_chit")]
    assert by_chit == ["tg-58-4", "force-b", "tg-58-1"]
    assert (g.decision.kind, g.decision.data["formation"]) == ("clash_move", "tg-58-1")
    assert "chit:USN" in g.view(None)["pool"] and "chit:IJN" not in g.view(None)["pool"]


def test_8_7_chits_the_returned_chit_cannot_activate_what_already_acted_and_a_refusal_changes_nothing() -> None:
    g = played("8.7-chits", upto=4)  # the USN's returned chit is out again
    d = g.decision
    assert (d.player, d.kind) == ("USN", "command_chit")
    assert {o["marker"] for o in d.options if o.kind == "chit_activate"} == {"tg-58-1"}
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply({"kind": "chit_activate", "marker": "tg-58-4"})
    assert e.value.rule == "8.7" and g.to_json() == before
