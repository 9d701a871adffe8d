"""Facing, firing arcs, line of sight and range bands (4.2, 5.2, 5.3, 5.4) on the flat-topped 1 nm grid.

Facings are hexsides numbered clockwise from map north: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW (the hex numbers sit on
the north face, 2.3). Arcs (the lost 5.3 illustration, ruled in RULINGS.md R-3): measure the angle between the bow
and the line to the target's centre. Up to 30 degrees off the bow is the **bow** arc, 150 degrees or more is the
**stern** arc (both boundaries included, so the hexes on the spines running out of the bow and stern corners belong
to the bow and stern arcs), anything between is **broadside**, where both turret groups bear.
"""

from __future__ import annotations

import math
from functools import lru_cache

from leyte.core.hexgrid import Hex

# Axial steps for facings 0..5 on a flat-topped grid (x east, y south).
FACING_STEP: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
FACING_NAMES = ("N", "NE", "SE", "S", "SW", "NW")


def step(h: Hex, facing: int) -> Hex:
    dq, dr = FACING_STEP[facing % 6]
    return Hex(h.q + dq, h.r + dr)


def turn_size(a: int, b: int) -> int:
    """Hexsides pivoted to go from facing a to facing b by the shorter way (0..3)."""
    d = (b - a) % 6
    return min(d, 6 - d)


def _xy(h: Hex) -> tuple[float, float]:
    return 1.5 * h.q, math.sqrt(3) * (h.r + h.q / 2)


@lru_cache(maxsize=65536)
def angle_off_bow(frm: Hex, facing: int, to: Hex) -> float:
    """Degrees (0..180) between the bow of a ship in ``frm`` facing ``facing`` and the line to ``to``."""
    if frm == to:
        return 0.0
    x0, y0 = _xy(frm)
    x1, y1 = _xy(to)
    bx, by = _xy(step(Hex(0, 0), facing))
    dx, dy = x1 - x0, y1 - y0
    cos = (dx * bx + dy * by) / (math.hypot(dx, dy) * math.hypot(bx, by))
    return math.degrees(math.acos(max(-1.0, min(1.0, cos))))


def arc(frm: Hex, facing: int, to: Hex) -> str:
    """``bow``, ``stern`` or ``broadside`` (5.3; RULINGS R-3). The same hex counts as bow (no broadside bonus)."""
    a = angle_off_bow(frm, facing, to)
    if a <= 30.0 + 1e-9:
        return "bow"
    if a >= 150.0 - 1e-9:
        return "stern"
    return "broadside"


def line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes a line from centre to centre passes through (5.2), firer and target included."""
    return a.line_to(b)


def band(distance: int, rating: int, m: bool) -> str | None:
    """Range band of a main-battery shot (5.4); None when out of range.

    Point blank (1-2 hexes, and the firer's own hex) beats close range, close range is up to half the rating
    rounded up, effective up to the rating, maximum up to 150 per cent rounded up — not for M ships.
    """
    if distance <= 2:
        return "point_blank"
    if distance <= math.ceil(rating / 2):
        return "close"
    if distance <= rating:
        return "effective"
    if not m and distance <= math.ceil(rating * 1.5):
        return "maximum"
    return None
