"""Exact odds (``chance_outcomes``) against 100,000 seeded rolls on the Damage Table and the other combat charts.

Each cell's observed frequency must lie within five standard errors of its exact probability; the test also checks
that a deliberately wrong expectation would be caught, so it can fail.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from leyte.core.dice import Dice, Modifier, chance_outcomes
from leyte.rulebooks.imperial_sunset.rules import RULES

data = RULES.data  # the game's static data, as its Rules object loads it

N = 100_000


def _frequencies(table_id: str, column: object, mods: list[Modifier], seed: int) -> dict[str, int]:
    dice = Dice(seed)
    table = data().table(table_id)
    counts: dict[str, int] = {}
    for _ in range(N):
        rec = dice.roll_on(table, column, mods, purpose="odds test", rule="9")
        counts[rec.row] = counts.get(rec.row, 0) + 1
    return counts


def _within(exact: list[tuple[object, Fraction]], counts: dict[str, int]) -> list[str]:
    bad = []
    for cell, p in exact:
        pf = float(p)
        seen = counts.get(cell.roll, 0) / N
        sigma = math.sqrt(pf * (1 - pf) / N)
        if abs(seen - pf) > 5 * sigma + 1e-12:
            bad.append(f"row {cell.roll}: exact {pf:.4f}, seen {seen:.4f}")
    rows = {cell.roll for cell, _ in exact}
    bad += [f"row {r} seen but impossible" for r in counts if r not in rows]
    return bad


@pytest.mark.parametrize(("table_id", "column", "mods", "seed"), [
    ("damage", 6, [Modifier(-1, "range 7")], 1944),
    ("damage", 11, [Modifier(-4, "range 11"), Modifier(1, "USN")], 25),
    ("damage", 3, [Modifier(-2, "AA")], 10),
    ("aa", 6, [], 8),
    ("air_to_air", 4, [Modifier(1, "USN")], 2),
])
def test_9_chance_outcomes_match_100000_seeded_rolls(table_id: str, column: object, mods: list[Modifier],
                                                     seed: int) -> None:
    table = data().table(table_id)
    exact = chance_outcomes(table, column, mods)
    assert sum(p for _, p in exact) == 1
    counts = _frequencies(table_id, column, mods, seed)
    assert sum(counts.values()) == N
    assert _within(exact, counts) == []


def test_9_odds_check_can_fail() -> None:
    """Comparing the 6 column's rolls against the 11 column's odds must be flagged."""
    table = data().table("damage")
    wrong = chance_outcomes(table, 11, [])
    counts = _frequencies("damage", 6, [], 3)
    # Rows are the same labels in both columns, but the hit results differ; compare by hits instead.
    by_hits_exact: dict[int, float] = {}
    for cell, p in wrong:
        by_hits_exact[cell.result["hits"]] = by_hits_exact.get(cell.result["hits"], 0.0) + float(p)
    by_hits_seen: dict[int, float] = {}
    six = {c.roll: c.result["hits"] for c in table.cells_in(table.column_for(6))}
    for row, n in counts.items():
        by_hits_seen[six[row]] = by_hits_seen.get(six[row], 0.0) + n / N
    assert any(abs(by_hits_seen.get(h, 0.0) - p) > 0.05 for h, p in by_hits_exact.items())
