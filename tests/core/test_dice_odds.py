"""Dice for the coming games (issue 13, item 4): any die size, sums of dice, exact odds, scripted dice validated."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leyte.core.dice import (
    Dice,
    Modifier,
    chance_at_least,
    chance_at_most,
    chance_outcomes,
    distribution,
    parse_dice,
)
from leyte.core.errors import LeyteError
from leyte.core.tables import Table


@pytest.mark.parametrize(
    "spec,expected",
    [("d6", (1, 6)), ("d10", (1, 10)), ("d12", (1, 12)), ("d20", (1, 20)), ("2d6", (2, 6)), ("3D6", (3, 6)),
     (" 1d100 ", (1, 100)), (8, (1, 8))],
)
def test_dice_specs_are_read_one_way(spec, expected) -> None:
    assert parse_dice(spec) == expected


@pytest.mark.parametrize("bad", ["d1", "0d6", "2x6", "d 6", "", "d", "d6+1", 1, True, "101d6"])
def test_a_bad_dice_spec_is_refused_naming_it(bad) -> None:
    with pytest.raises(LeyteError) as e:
        parse_dice(bad)
    assert repr(bad) in str(e.value) or str(bad) in str(e.value)


@pytest.mark.parametrize("die", ["d4", "d8", "d12", "d20", 7])
def test_any_die_size_rolls_every_face_and_nothing_else(die) -> None:
    _, sides = parse_dice(die)
    d = Dice(31)
    seen = Counter(d.roll(die)[0] for _ in range(400 * sides))
    assert set(seen) == set(range(1, sides + 1))
    assert all(abs(n - 400) < 130 for n in seen.values())


def test_two_d6_sums_two_dice_and_reports_each_face() -> None:
    d = Dice(5)
    total, faces, scripted = d.roll_dice("2d6")
    assert len(faces) == 2 and total == sum(faces) and all(1 <= f <= 6 for f in faces) and not scripted
    assert d.count == 2  # one draw per die, like two single rolls


def test_sums_use_the_generator_exactly_as_single_rolls_would() -> None:
    a, b = Dice(77), Dice(77)
    sums = [a.roll_dice("2d6") for _ in range(50)]
    singles = [(b.roll("d6")[0], b.roll("d6")[0]) for _ in range(50)]
    assert [f for _, f, _ in sums] == singles


def test_scripted_dice_feed_each_die_of_a_sum_then_the_seed_takes_over() -> None:
    plain = Dice(9)
    after = plain.roll_dice("2d6")
    d = Dice(9, [3, 5])
    assert d.roll_dice("2d6") == (8, (3, 5), True)
    assert d.roll_dice("2d6") == after
    assert Dice(0, [0]).roll_dice("d10") == (10, (10,), True)  # the d10 zero still reads as 10


@pytest.mark.parametrize(
    "die,value,msg",
    [("d6", 7, r"scripted roll 7 is not a face of a d6 \(faces 1-6\)"),
     ("d20", 21, r"not a face of a d20 \(faces 1-20\)"),
     ("d12", 0, r"scripted roll 0 is not a face of a d12"),
     ("d10", 11, r"d10 \(faces 1-10; a 0 reads as 10\)"),
     ("2d6", 9, "not a face of a d6")],
)
def test_a_scripted_value_is_checked_against_the_die_it_is_used_for(die, value, msg) -> None:
    d = Dice(1, [1, value] if die == "2d6" else [value])
    with pytest.raises(LeyteError, match=msg):
        d.roll_dice(die)


def test_2d6_odds_are_exact() -> None:
    dist = distribution("2d6")
    assert dist == {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}
    assert chance_at_least("2d6", 10) == Fraction(6, 36)
    assert chance_at_most("2d6", 4) == Fraction(6, 36)
    # Modifiers shift the totals: 2d6+2 makes 10 or more as likely as 2d6 makes 8 or more.
    assert chance_at_least("2d6", 10, [Modifier(2, "veteran"), Modifier(0, "none")]) == chance_at_least("2d6", 8)
    assert chance_at_most("d10", 3, -1) == Fraction(4, 10)
    assert chance_at_least("d20", 21) == 0 and chance_at_most("d20", 20) == 1


@given(st.integers(1, 4), st.sampled_from([2, 4, 6, 8, 10, 12, 20]), st.integers(-5, 5))
def test_exact_odds_sum_to_one_and_match_enumeration(n: int, sides: int, mod: int) -> None:
    spec = f"{n}d{sides}"
    dist = distribution(spec, mod)
    assert sum(dist.values()) == 1
    assert min(dist) == n + mod and max(dist) == n * sides + mod
    if sides ** n <= 10_000:
        counts = Counter(sum(f) + mod for f in itertools.product(range(1, sides + 1), repeat=n))
        assert dist == {t: Fraction(c, sides**n) for t, c in counts.items()}
    for target in (n + mod, n * sides + mod, (n + n * sides) // 2 + mod):
        assert chance_at_least(spec, target, mod - mod) + chance_at_most(spec, target - 1, 0) == 1


def _table_2d6() -> Table:
    meta = {"id": "crt", "die": "2d6", "fields": {"r": "str"}, "provenance": "reconstructed",
            "columns": {"by": "none"}}
    rows = [{"column": "-", "roll": roll, "r": r} for roll, r in (("2-6", "miss"), ("7-9", "hit"), ("10+", "sunk"))]
    return Table.from_rows(meta, rows)


def test_a_table_rolled_on_2d6_records_both_faces_and_has_exact_odds() -> None:
    t = _table_2d6()
    rec = Dice(0, [4, 6]).roll_on(t, None, [Modifier(1, "radar")], purpose="gunnery", rule="7.1")
    assert (rec.raw, rec.faces, rec.final, rec.row, rec.result) == (10, (4, 6), 11, "10+", {"r": "sunk"})
    assert rec.to_dict()["faces"] == [4, 6] and "(4+6)" in rec.text()
    odds = {c.roll: p for c, p in chance_outcomes(t, None, 1)}
    # +1: raw 2-5 miss (1+2+3+4 ways), raw 6-8 hit (5+6+5), raw 9-12 sink (4+3+2+1), out of 36
    assert odds == {"2-6": Fraction(10, 36), "7-9": Fraction(16, 36), "10+": Fraction(10, 36)}
    plain = Dice(0, [2, 2]).roll_plain("2d6", purpose="p", rule="r")
    assert plain.final == 4 and plain.faces == (2, 2)


def test_single_die_records_keep_their_old_shape() -> None:
    rec = Dice(3, [4]).roll_plain("d10", purpose="p", rule="r")
    assert rec.faces == () and "faces" not in rec.to_dict()
    assert rec.text() == "p: rolled 4 = 4"


def test_a_table_with_an_unknown_die_is_refused() -> None:
    meta = {"id": "t", "die": "d6x", "fields": {"r": "str"}, "provenance": "reconstructed", "columns": {"by": "none"}}
    with pytest.raises(LeyteError, match="unknown die 'd6x'"):
        Table.from_rows(meta, [{"column": "-", "roll": "1-6", "r": "x"}])


def test_chance_outcomes_agree_with_seeded_2d6_frequencies() -> None:
    t = _table_2d6()
    exact = {c.roll: float(p) for c, p in chance_outcomes(t, None, 0)}
    d = Dice(1944)
    n = 60_000
    seen = Counter(d.roll_on(t, None, purpose="p", rule="r").row for _ in range(n))
    for row, p in exact.items():
        assert abs(seen[row] / n - p) < 5 * (p * (1 - p) / n) ** 0.5
