"""Facing, firing arcs (5.3, RULINGS R-3), line of sight (5.2) and range bands (5.4), with ASCII fixtures."""

from __future__ import annotations

import pytest

from leyte.core.hexgrid import MapLayout
from leyte.rulebooks.samar.geometry import arc, band, step, turn_size

LAYOUT = MapLayout("flat", "col", "even")

ARC_N = """
x   b   b   b   b   x
  x   b   b   b   x
x   x   b   b   x   x
  x   b   b   b   x
x   x   b   b   x   x
  x   x   b   x   x
x   x   b   b   x   x
  x   x   b   x   x
x   x   x   x   x   x
  x   x   @   x   x
x   x   x   x   x   x
  x   x   s   x   x
x   x   s   s   x   x
  x   x   s   x   x
x   x   s   s   x   x
  x   s   s   s   x
x   x   s   s   x   x
  x   s   s   s   x
"""

ARC_NE = """
x   x   x   x   b   b
  x   x   x   x   b
x   x   x   x   b   b
  x   x   x   b   b
x   x   x   x   b   b
  x   x   x   b   b
x   x   x   b   b   b
  x   x   x   b   b
x   x   x   b   b   b
  s   s   @   b   b
s   s   s   x   x   x
  s   s   x   x   x
s   s   s   x   x   x
  s   s   x   x   x
s   s   x   x   x   x
  s   s   x   x   x
s   s   x   x   x   x
  s   x   x   x   x
"""


def arc_art(facing: int, cols: range = range(1, 12), rows: range = range(1, 10),
            centre: tuple[int, int] = (6, 5)) -> str:
    """Each text line holds every other column (odd columns on even lines), so the hex stagger shows."""
    c = LAYOUT.to_hex(*centre)
    grid = [[" "] * (2 * len(cols)) for _ in range(2 * max(rows) + 2)]
    for ci, col in enumerate(cols):
        for row in rows:
            h = LAYOUT.to_hex(col, row)
            ch = "@" if h == c else {"bow": "b", "stern": "s", "broadside": "x"}[arc(c, facing, h)]
            grid[2 * row + (1 if col % 2 == 0 else 0)][2 * ci] = ch
    return "\n".join("".join(r).rstrip() for r in grid if "".join(r).strip())


@pytest.mark.parametrize("facing,art", [(0, ARC_N), (1, ARC_NE)])
def test_5_3_firing_arcs_match_the_fixture(facing: int, art: str) -> None:
    assert arc_art(facing) == art.strip("\n")


@pytest.mark.parametrize("facing", range(6))
def test_5_3_arcs_turn_with_the_ship_and_are_symmetric(facing: int) -> None:
    c = LAYOUT.to_hex(10, 10)
    counts = {"bow": 0, "stern": 0, "broadside": 0}
    for h in c.within(6):
        if h != c:
            counts[arc(c, facing, h)] += 1
    # two 60-degree wedges: 4 hexes per two rings plus the spine hexes on the even rings
    assert counts == {"bow": 24, "stern": 24, "broadside": 78}
    ahead = c
    for _ in range(5):
        ahead = step(ahead, facing)
        assert arc(c, facing, ahead) == "bow"
        assert arc(c, (facing + 3) % 6, ahead) == "stern"
        assert arc(c, (facing + 1) % 6, ahead) == "broadside"  # 60 degrees off the bow
        assert arc(c, (facing + 2) % 6, ahead) == "broadside"
    spine = step(step(c, facing), (facing + 1) % 6)  # 30 degrees off the bow: on the spine, bow arc
    assert arc(c, facing, spine) == "bow"
    assert arc(c, (facing + 3) % 6, step(step(c, (facing + 3) % 6), (facing + 4) % 6)) == "bow"


def test_4_2_turn_size_is_the_shorter_way_round() -> None:
    assert [turn_size(0, f) for f in range(6)] == [0, 1, 2, 3, 2, 1]


@pytest.mark.parametrize("d,rating,m,expect", [
    (0, 15, False, "point_blank"), (2, 15, False, "point_blank"), (3, 15, False, "close"), (8, 15, False, "close"),
    (9, 15, False, "effective"), (15, 15, False, "effective"), (16, 15, False, "maximum"),
    (23, 15, False, "maximum"), (24, 15, False, None), (3, 6, True, "close"), (4, 6, True, "effective"),
    (6, 6, True, "effective"), (7, 6, True, None), (3, 5, False, "close"), (8, 5, False, "maximum"),
    (9, 5, False, None),
])
def test_5_4_range_bands(d: int, rating: int, m: bool, expect: str | None) -> None:
    assert band(d, rating, m) == expect
