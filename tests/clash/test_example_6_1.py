"""6.1's worked example through the public API (``EXAMPLES["6.1"]``): the IJN searches a 12-unit USN TG, the USN
player rolls 7 in secret, and reports each type within 2 — "1 CV, 3 CVL, 1 BB, 4 CA and 6 DES DIV" is a legal
report; a 0 for a present type, a type that is absent, or a count outside 2 is refused naming 6.1."""

from __future__ import annotations

import json

import pytest
from example_kit import played, rolls, start

from leyte.core.errors import IllegalAction

TRUE = {"CV": 2, "CVL": 2, "BB": 2, "CA": 2, "DD": 4}  # 12 units: DES DIVs are counted as units (DD in ships.csv)
DECLARED = {"CV": 1, "CVL": 3, "BB": 1, "CA": 4, "DD": 6}


def test_6_1_example_roll_of_7_lets_the_usn_report_each_type_within_two() -> None:
    g = start("6.1")
    (roll,) = rolls(g, "6.1")
    ev = next(e for e in g.events if e.kind == "roll")
    assert ev.visible == ("USN",)  # the defender rolls, in secret
    assert roll["raw"] == roll["final"] == 7 and roll["modifiers"] == []  # 9 hexes, one fleet carrier: no modifier
    assert roll["result"]["plus_minus"] == 2 and roll["result"]["report"] == "by_type"
    d = g.decision
    assert (d.player, d.kind, d.rule) == ("USN", "search_report", "6.1")
    assert d.data["truth"] == TRUE and sum(d.data["truth"].values()) == 12 and d.data["pm"] == 2
    assert g.legal_actions()[0]["way"] == "honest"  # the honest report is offered first
    g = played("6.1")
    report = next(e for e in g.events if e.kind == "report")
    assert report.rule == "6.1" and report.data["counts"] == DECLARED
    assert {t: DECLARED[t] - TRUE[t] for t in TRUE} == {"CV": -1, "CVL": 1, "BB": -1, "CA": 2, "DD": 2}
    assert report.visible == ("IJN", "USN")
    assert (g.decision.player, g.decision.kind) == ("IJN", "clash_move")  # the search is over; Force A moves next
    ijn_view = json.dumps(g.view("IJN"))
    assert '"final": 7' not in ijn_view and "plus_minus" not in ijn_view  # the die stays secret


@pytest.mark.parametrize("t, n, why", [
    ("CV", 0, "never reported as 0"),
    ("CL", 1, "absent is never reported"),
    ("CA", 5, "outside the search table's ±2"),
    ("CV", -1, "never reported as 0"),
])
def test_6_1_example_refuses_zero_absent_types_and_counts_outside_the_band(t: str, n: int, why: str) -> None:
    g = played("6.1", upto=1)  # the USN has chosen to report by type
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply({"kind": "report_count", "type": t, "count": n})
    assert e.value.rule == "6.1" and why in str(e.value)
    assert g.to_json() == before  # a refusal changes nothing


def test_6_1_example_destroyers_are_counted_as_units_not_ships() -> None:
    g = played("6.1", upto=5)  # CV, CVL, BB and CA reported; now the destroyer units
    d = g.decision
    assert d.kind == "search_report_count" and d.data["type"] == "DD"
    assert sorted(o["count"] for o in d.options) == [2, 3, 4, 5, 6]  # 4 units, within 2


def test_6_1_example_the_honest_report_is_one_answer() -> None:
    g = start("6.1")
    g.apply(g.legal_actions()[0])
    report = next(e for e in g.events if e.kind == "report")
    assert report.data["counts"] == TRUE
    assert g.view("IJN")["detected"] == {"carrier": ["tg-example"], "island": []}  # 6.3.1: not the island channel
