"""Dice: determinism, scripted rolls, d10 zero, save/restore of the generator (core, issue 2)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from leyte.core.dice import Dice, Modifier, chance_outcomes
from leyte.core.errors import LeyteError, SaveError
from leyte.core.tables import Table


def test_same_seed_same_rolls_different_seed_different_rolls() -> None:
    a, b, c = Dice(1944), Dice(1944), Dice(1945)
    ra = [a.roll("d10")[0] for _ in range(200)]
    assert ra == [b.roll("d10")[0] for _ in range(200)]
    assert ra != [c.roll("d10")[0] for _ in range(200)]


def test_faces_are_in_range_and_roughly_uniform() -> None:
    d = Dice(7)
    counts = Counter(d.roll("d6")[0] for _ in range(60000))
    assert set(counts) == set(range(1, 7))
    assert all(abs(n - 10000) < 500 for n in counts.values())


def test_scripted_dice_come_first_then_the_seed() -> None:
    plain = Dice(5)
    expected_after = [plain.roll("d10")[0] for _ in range(3)]
    d = Dice(5, [7, 4, 0])
    assert [d.roll("d10") for _ in range(3)] == [(7, True), (4, True), (10, True)]  # a 0 on a d10 reads as 10
    assert [d.roll("d10")[0] for _ in range(3)] == expected_after


def test_scripted_value_that_is_not_a_face_is_refused() -> None:
    with pytest.raises(LeyteError, match="not a face"):
        Dice(1, [7]).roll("d6")


def test_state_round_trip_continues_identically() -> None:
    d = Dice(99, [3])
    for _ in range(10):
        d.roll("d10")
    saved = d.to_dict()
    e = Dice.from_dict(saved)
    assert [d.roll("d10")[0] for _ in range(50)] == [e.roll("d10")[0] for _ in range(50)]


@pytest.mark.parametrize(
    "bad,msg",
    [("x", "expected an object"), ({"seed": 1}, "missing field"), ({"seed": 1, "state": -1, "script": [],
                                                                     "count": 0}, "out of range")],
)
def test_corrupted_dice_state_is_refused(bad, msg) -> None:
    with pytest.raises(SaveError, match=msg):
        Dice.from_dict(bad)


def _table() -> Table:
    meta = {"id": "t", "name": "Test", "die": "d10", "fields": {"hits": "int"}, "columns": {"by": "factor"}}
    rows = [{"column": "1-5", "roll": r, "hits": h} for r, h in (("1-4", 0), ("5-8", 1), ("9+", 2))]
    rows += [{"column": "6+", "roll": r, "hits": h} for r, h in (("1-4", 1), ("5-8", 2), ("9+", 3))]
    for r in rows:
        r["provenance"] = "reconstructed"
    return Table.from_rows(meta, rows)


def test_roll_on_records_raw_modifiers_final_and_cell() -> None:
    t = _table()
    rec = Dice(0, [7]).roll_on(t, 3, [Modifier(-1, "range"), Modifier(+3, "strait")], purpose="p", rule="7.3")
    assert (rec.raw, rec.final, rec.column, rec.row, rec.result) == (7, 9, "1-5", "9+", {"hits": 2})
    assert [m.source for m in rec.modifiers] == ["range", "strait"]
    assert rec.scripted


def test_chance_outcomes_are_exact_and_clamp() -> None:
    t = _table()
    odds = {c.roll: p for c, p in chance_outcomes(t, 8, [Modifier(-3, "x")])}
    # raw 1..10 -3 -> -2..7: rolls <=4 clamp onto "1-4" (7 faces), 5..7 read "5-8" (3 faces)
    assert odds == {"1-4": Fraction(7, 10), "5-8": Fraction(3, 10)}
    assert sum(odds.values()) == 1


def test_chance_outcomes_match_seeded_frequencies() -> None:
    t = _table()
    exact = {c.roll: float(p) for c, p in chance_outcomes(t, 2, 1)}
    d = Dice(2024)
    n = 100_000
    seen = Counter(d.roll_on(t, 2, [Modifier(1, "m")], purpose="p", rule="r").row for _ in range(n))
    for row, p in exact.items():
        sd = (p * (1 - p) / n) ** 0.5
        assert abs(seen[row] / n - p) < 5 * sd
