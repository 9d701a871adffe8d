"""Shared combat odds (leyte.land.odds) on a toy percentage chart with the Formosa column bands (15.3).

The cells of the toy chart are placeholders ("<column>/<roll>"); only the column bands matter here.
"""

from __future__ import annotations

import pytest

from leyte.core.errors import LeyteError
from leyte.core.tables import Shift, Table
from leyte.land.odds import gather_shifts, odds_column, percent_odds

COLUMNS = ("49-", "50-99", "100-199", "200-299", "300-399", "400-499", "500-599", "600-699", "700+")


def chart() -> Table:
    meta = {"id": "toy_crt", "name": "Toy CRT", "die": "d6", "fields": {"r": "str"}, "provenance": "reconstructed",
            "columns": {"by": "percent"}}
    return Table.from_rows(meta, [{"column": c, "roll": str(n), "r": f"{c}/{n}"} for c in COLUMNS
                                  for n in range(1, 7)])


def test_15_3_e2_one_against_five_and_eight_against_one() -> None:
    low = odds_column(chart(), 1, 5)
    assert low.percent == 20 and low.final == "49-"
    high = odds_column(chart(), 8, 1)
    assert high.percent == 800 and high.final == "700+"


def test_15_3_percentages_round_down_and_49_is_the_lowest_column() -> None:
    assert percent_odds(2, 3) == 66 and percent_odds(199, 100) == 199
    assert odds_column(chart(), 49, 100).final == "49-" and odds_column(chart(), 1, 2).final == "50-99"
    assert odds_column(chart(), 399, 200).final == "100-199"


def test_15_4_e3_four_hundred_percent_one_right_two_left_reads_three_hundred() -> None:
    res = odds_column(chart(), 4, 1, {"attacker air support": +1}, [Shift(-2, "defender terrain")])
    assert res.choice.base == "400-499" and res.net == -1 and res.final == "300-399"
    assert [(s.value, s.source) for s in res.choice.shifts] == [(1, "attacker air support"), (-2, "defender terrain")]
    assert "+1 (attacker air support) -2 (defender terrain) = -1" in res.text()


def test_15_4_e4_twenty_against_one_one_left_for_terrain() -> None:
    res = odds_column(chart(), 20, 1, Shift(-1, "defender in rough"))
    assert res.choice.base == "700+" and res.final == "600-699"


def test_15_4_shifts_clamp_at_both_ends() -> None:
    left = odds_column(chart(), 1, 5, {"terrain": -3})
    assert left.final == "49-" and left.choice.clamped == "first"
    right = odds_column(chart(), 6, 1, {"air": +2, "naval gunfire": +2})
    assert right.final == "700+" and right.choice.clamped == "last"


def test_15_6_e11_counterattack_never_below_fifty_percent() -> None:
    ca = odds_column(chart(), 1, 10, {"counterattack": +1}, floor="50-99")
    assert ca.percent == 10 and ca.final == "50-99" and not ca.floored  # the +1 alone lifts 49- to 50-99
    worse = odds_column(chart(), 1, 10, {"counterattack": +1, "defender terrain": -2}, floor="50-99")
    assert worse.choice.final == "49-" and worse.floored and worse.final == "50-99"
    assert worse.to_dict()["final"] == "50-99" and "not below 50-99" in worse.text()
    better = odds_column(chart(), 3, 1, {"counterattack": +1}, floor="50-99")
    assert better.final == "400-499" and not better.floored


def test_zero_shifts_are_dropped_and_every_shift_needs_a_reason() -> None:
    assert gather_shifts({"air": 0, "terrain": -1}) == (Shift(-1, "terrain"),)
    with pytest.raises(LeyteError, match="needs a source"):
        gather_shifts({"": 1})
    with pytest.raises(LeyteError, match="must be Shift"):
        gather_shifts([("air", 1)])


def test_bad_odds_input_is_refused() -> None:
    with pytest.raises(LeyteError, match="floor column '25-49' is not a column"):
        odds_column(chart(), 1, 1, floor="25-49")
    with pytest.raises(LeyteError, match="defence strength must be positive"):
        odds_column(chart(), 3, 0)
