"""Odds columns and column shifts (issue 13, item 4): ratio and percentage bands, netted shifts, clamping, the record.

A land game's combat results table picks its column by attacker:defender odds rounded in the defender's favour,
then shifts it for terrain, air support and so on; the record of all that goes into the combat event.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leyte.core.dice import Dice
from leyte.core.errors import LeyteError, ScenarioError
from leyte.core.tables import ColumnChoice, Shift, Table, percent_odds

RATIOS = ("1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1")
PERCENTS = ("0-49", "50-99", "100-149", "150-199", "200+")


def crt(columns=RATIOS, by: str = "ratio", below: str = "clamp", above: str = "clamp") -> Table:
    meta = {"id": "crt", "name": "Combat Results", "die": "d6", "fields": {"r": "str"}, "provenance": "reconstructed",
            "columns": {"by": by, "below": below, "above": above}}
    rows = [{"column": c, "roll": str(n), "r": f"{c}/{n}"} for c in columns for n in range(1, 7)]
    return Table.from_rows(meta, rows)


@pytest.mark.parametrize(
    "attack,defence,column",
    [(11, 4, "2:1"), (12, 4, "3:1"), (8, 4, "2:1"), (7, 4, "1:1"), (4, 4, "1:1"), (3, 4, "1:2"), (2, 4, "1:2"),
     (5, 2, "2:1"), (17, 3, "5:1"), (35, 5, "6:1"), (100, 1, "6:1")],
)
def test_odds_round_in_the_defenders_favour(attack, defence, column) -> None:
    t = crt()
    assert t.column_for((attack, defence)) == column
    choice = t.column_with_shifts((attack, defence))
    assert choice.base == choice.final == column and choice.odds == Fraction(attack, defence)


def test_eleven_to_four_is_two_to_one_and_the_record_says_so() -> None:
    choice = crt().column_with_shifts((11, 4), [Shift(+2, "defender in forest"), Shift(-1, "attacker air support")])
    assert choice.raw == "11:4" and choice.odds == Fraction(11, 4) and choice.base == "2:1"
    assert choice.net == 1 and choice.final == "3:1" and choice.clamped == "" and choice.off_table == ""
    assert [(s.value, s.source) for s in choice.shifts] == [(2, "defender in forest"), (-1, "attacker air support")]
    assert choice.text() == ("crt: odds 11:4 -> 2:1; +2 (defender in forest) -1 (attacker air support) = +1 "
                             "-> 3:1")
    d = choice.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d == {"table": "crt", "raw": "11:4", "odds": "11/4", "percent": None, "base": "2:1", "off_table": "",
                 "shifts": [{"value": 2, "source": "defender in forest"},
                            {"value": -1, "source": "attacker air support"}],
                 "net": 1, "clamped": "", "final": "3:1"}


def test_ratio_odds_compare_exactly_however_the_strengths_are_scaled() -> None:
    t = crt(("1:3", "1:2", "2:3", "1:1"))
    assert t.column_for((2, 3)) == t.column_for((20, 30)) == t.column_for((Fraction(2, 7), Fraction(3, 7))) == "2:3"
    assert t.column_for((1999, 3000)) == "1:2"


def test_shifts_net_and_clamp_at_both_edges() -> None:
    t = crt()
    up = t.column_with_shifts((5, 1), {"surprise": 3, "armour": 2})
    assert (up.base, up.net, up.final, up.clamped) == ("5:1", 5, "6:1", "last")
    assert "stopped at the last column" in up.text()
    down = t.column_with_shifts((1, 1), [Shift(-3, "river"), Shift(-1, "fortress")])
    assert (down.base, down.net, down.final, down.clamped) == ("1:1", -4, "1:2", "first")
    cancel = t.column_with_shifts((3, 1), [Shift(2, "a"), Shift(-2, "b")])
    assert (cancel.final, cancel.net, cancel.clamped) == ("3:1", 0, "")


def test_odds_off_the_table_follow_the_header_before_shifting() -> None:
    low = crt().column_with_shifts((1, 5), [Shift(1, "air")])
    assert (low.base, low.off_table, low.final) == ("1:2", "below", "1:1")
    high = crt().column_with_shifts((40, 5), [Shift(-1, "rough")])
    assert (high.base, high.off_table, high.final) == ("6:1", "above", "5:1")
    assert "off the table above" in high.text()
    with pytest.raises(LeyteError, match="below the lowest column"):
        crt(below="error").column_with_shifts((1, 5), [Shift(3, "air")])
    with pytest.raises(LeyteError, match="above the highest column"):
        crt(above="error").column_with_shifts((40, 5))


def test_percentage_odds_bands() -> None:
    t = crt(PERCENTS, by="percent")
    assert percent_odds(3, 2) == 150 and percent_odds(299, 200) == 149 and percent_odds(Fraction(1, 3), 1) == 33
    assert [t.column_for(x) for x in ((1, 3), (1, 2), (299, 200), (3, 2), (9, 2))] == [
        "0-49", "50-99", "100-149", "150-199", "200+"]
    assert t.column_for(149.9) == "100-149"
    choice = t.column_with_shifts((299, 200), [Shift(1, "elite")])
    assert (choice.raw, choice.percent, choice.base, choice.final) == ("299:200", 149, "100-149", "150-199")
    assert "(149%)" in choice.text() and choice.to_dict()["percent"] == 149


def test_factor_tables_shift_too() -> None:
    meta = {"id": "f", "die": "d10", "fields": {"r": "int"}, "provenance": "reconstructed",
            "columns": {"by": "factor", "below": "clamp"}}
    t = Table.from_rows(meta, [{"column": c, "roll": "1-10", "r": i} for i, c in enumerate(("1-2", "3-5", "6+"))])
    choice = t.column_with_shifts(4, [Shift(1, "radar")])
    assert (choice.raw, choice.odds, choice.base, choice.final) == ("4", None, "3-5", "6+")
    assert t.column_with_shifts("1-2", {"night": -1}).clamped == "first"
    assert t.column_with_shifts(0).off_table == "below"


def test_the_final_column_is_what_the_roll_reads() -> None:
    t = crt()
    choice = t.column_with_shifts((11, 4), [Shift(1, "terrain")])
    rec = Dice(0, [5]).roll_on(t, choice.final, purpose="assault", rule="9.2")
    assert rec.column == "3:1" and rec.result == {"r": "3:1/5"} and rec.column_choice is None
    assert "column_choice" not in rec.to_dict()


def test_a_roll_with_shifts_carries_the_whole_working_into_its_record() -> None:
    t = crt()
    rec = Dice(0, [5]).roll_on(t, (11, 4), purpose="assault", rule="9.2",
                               shifts=[Shift(2, "forest"), Shift(-1, "air")])
    assert rec.column == "3:1" and rec.result == {"r": "3:1/5"}
    d = rec.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["column_choice"]["base"] == "2:1" and d["column_choice"]["net"] == 1
    assert "[crt: odds 11:4 -> 2:1; +2 (forest) -1 (air) = +1 -> 3:1]" in rec.text()
    none = Dice(0, [5]).roll_on(t, (11, 4), purpose="assault", rule="9.2", shifts={})
    assert none.column == "2:1" and none.column_choice is not None and none.column_choice.net == 0


@pytest.mark.parametrize(
    "value,shifts,msg",
    [((3, 0), (), "defence strength must be positive"),
     ((-1, 2), (), "attack strength must not be negative"),
     (("3", 2), (), "attack strength must be a number"),
     ((3, 2), [(1, "air")], r"must be Shift\(value, source\)")],
)
def test_bad_odds_or_shifts_are_refused_with_a_reason(value, shifts, msg) -> None:
    with pytest.raises(LeyteError, match=msg):
        crt().column_with_shifts(value, shifts)


def test_a_shift_needs_a_whole_number_and_a_source() -> None:
    with pytest.raises(LeyteError, match="whole number of columns"):
        Shift(1.5, "half")  # type: ignore[arg-type]
    with pytest.raises(LeyteError, match="needs a source"):
        Shift(1, " ")


def test_a_ratio_column_with_a_zero_defender_is_refused_at_load() -> None:
    with pytest.raises(ScenarioError, match="zero defender side"):
        crt(("1:0", "1:1"))
    with pytest.raises(ScenarioError, match="columns.by must be factor, ratio, percent or none"):
        crt(by="odds")


@given(st.integers(0, 200), st.integers(1, 60), st.lists(st.integers(-4, 4), max_size=5))
def test_shift_record_properties(attack: int, defence: int, shifts: list[int]) -> None:
    t = crt()
    choice: ColumnChoice = t.column_with_shifts((attack, defence), [Shift(v, f"s{i}") for i, v in enumerate(shifts)])
    base_i, final_i = t.columns.index(choice.base), t.columns.index(choice.final)
    # The base column never claims better odds than the real ones (unless the odds are below the whole table).
    base_ratio = Fraction(*map(int, choice.base.split(":")))
    assert base_ratio <= Fraction(attack, defence) or choice.off_table == "below"
    nxt = t.columns[base_i + 1] if base_i + 1 < len(t.columns) else None
    assert nxt is None or Fraction(*map(int, nxt.split(":"))) > Fraction(attack, defence)
    assert choice.net == sum(shifts)
    assert final_i == min(max(base_i + choice.net, 0), len(t.columns) - 1)
    assert (choice.clamped == "") == (0 <= base_i + choice.net < len(t.columns))
