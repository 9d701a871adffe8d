"""6.1's worked example through the public API, on the game's own data: the IJN searches a 12-unit USN TG, the USN
player rolls 7 in secret, and reports each type within ±2 — "1 CV, 3 CVL, 1 BB, 4 CA and 6 DES DIV" is a legal
report; a 0 for a present type, a type that is absent, or a count outside ±2 is refused naming 6.1."""

from __future__ import annotations

import json
from typing import Any

import pytest

from leyte.core.errors import IllegalAction
from leyte.core.game import Action, Context, Game
from leyte.rulebooks.clash import search
from leyte.rulebooks.clash.engine import advance, push
from leyte.rulebooks.clash.rules import RULES

# The example's TG: 2 CV, 2 CVL, 2 BB, 2 CA and 4 destroyer divisions (DD in ships.csv), 12 naval units.
EXAMPLE_TG = ["bunker-hill", "wasp", "monterey", "cabot", "washington", "north-carolina", "new-orleans", "minneapolis",
              "desrn-52", "desdiv-104", "desrn-1", "desdiv-100"]
TRUE = {"CV": 2, "CVL": 2, "BB": 2, "CA": 2, "DD": 4}


def example_game() -> Game:
    """Turn 2 (a day turn); an IJN TG with one fleet carrier 9 hexes away, where its search has no modifier, so the
    USN's secret die is the table roll itself."""
    pos: dict[str, Any] = {
        "id": "example-6-1", "turn": 2, "last_turn": 12, "turn_record_key": "historical",
        "tgs": [{"id": "tg-example", "name": "TG example", "side": "USN", "hex": "3111", "ships": EXAMPLE_TG},
                {"id": "force-a", "name": "Force A", "side": "IJN", "hex": "2211", "ships": ["taiho", "myoko"]}],
        "start": {"phase": "formations", "side": "USN"},
    }
    g = Game(RULES, RULES.load_scenario(pos), seed=1, dice=[7])
    push(g.state, "clash_search", side="IJN", formation="force-a")
    advance(g.state, RULES._context(Context(g.dice, g.events), g.state.data))
    g._decision = False
    return g


def count(t: str, n: int) -> Action:
    return Action("report_count", {"type": t, "count": n})


def test_6_1_example_roll_of_7_lets_the_usn_report_each_type_within_two() -> None:
    g = example_game()
    roll = next(e for e in g.events if e.kind == "roll")
    assert roll.rule == "6.1" and roll.visible == ("USN",)  # the defender rolls, in secret
    assert roll.data["roll"]["final"] == 7 and roll.data["roll"]["result"]["plus_minus"] == 2
    d = g.decision
    assert (d.player, d.kind, d.rule) == ("USN", "search_report", "6.1")
    assert d.data["truth"] == TRUE and d.data["pm"] == 2
    assert g.legal_actions()[0]["way"] == "honest"  # the honest report is offered first
    g.apply(Action("report_way", {"way": "by_type"}))
    declared = {"CV": 1, "CVL": 3, "BB": 1, "CA": 4, "DD": 6}
    for t, n in declared.items():
        assert g.decision.kind == "search_report_count" and g.decision.data["type"] == t
        assert g.legal_actions()[0]["count"] == TRUE[t]  # truth first in every small decision
        g.apply(count(t, n))
    report = next(e for e in g.events if e.kind == "report")
    assert report.rule == "6.1" and report.data["counts"] == declared
    assert report.visible == ("IJN", "USN")
    assert g.decision.kind == "formations"  # the search is over: back where it was pushed
    ijn_log = json.dumps([e.to_dict() for e in g.log("IJN")])
    assert '"final": 7' not in ijn_log and "plus_minus" not in ijn_log  # the die stays secret


@pytest.mark.parametrize("t, n, why", [
    ("CV", 0, "never reported as 0"),
    ("CL", 1, "absent is never reported"),
    ("CV", 5, "outside the search table's ±2"),
    ("CV", -1, "never reported as 0"),
])
def test_6_1_example_refuses_zero_absent_types_and_counts_outside_the_band(t: str, n: int, why: str) -> None:
    g = example_game()
    g.apply(Action("report_way", {"way": "by_type"}))
    before = g.state_digest()
    with pytest.raises(IllegalAction) as e:
        g.apply(count(t, n))
    assert e.value.rule == "6.1" and why in str(e.value)
    assert g.state_digest() == before  # a refusal changes nothing


def test_6_1_example_the_honest_report_is_one_answer() -> None:
    g = example_game()
    g.apply(g.legal_actions()[0])
    report = next(e for e in g.events if e.kind == "report")
    assert report.data["counts"] == TRUE
    assert search.detected(g.state, "IJN", "carrier", "tg-example")
    assert not search.detected(g.state, "IJN", "island", "tg-example")  # 6.3.1: carrier finds are not island's
