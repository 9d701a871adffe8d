"""Map geometry in screen units, shared by the SVG renderer and the canvas widget.

Everything is computed from the map's own layout (``HexMap.layout``), so any game's map draws the same way. Screen
coordinates are in pixels for a given hex circumradius, with a margin; y grows downwards as on screen and paper.
"""

from __future__ import annotations

from dataclasses import dataclass

from leyte.core.hexgrid import Hex, HexMap

TERRAIN_COLOURS = {"sea": "#bfe3f2", "partial": "#4f86b8", "land": "#e8dcc0"}
SIDE_COLOURS = {"IJN": "#c0392b", "USN": "#1f4e99"}
FEATURE_STYLE = {
    "strait": ("#ffffff", "S"),
    "port": ("#5d4037", "P"),
    "airfield": ("#6d4c41", "A"),
    "beachhead": ("#2e7d32", "B"),
}


@dataclass(frozen=True, slots=True)
class Frame:
    """Where the map sits on screen: scale (circumradius in px) and the offset that puts the map at the margin."""

    size: float
    dx: float
    dy: float
    width: float
    height: float

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return x * self.size + self.dx, y * self.size + self.dy


def frame_for(m: HexMap, size: float = 10.0, margin: float = 4.0) -> Frame:
    xs, ys = [], []
    for h in m.info:
        for x, y in m.layout.corners(h):
            xs.append(x)
            ys.append(y)
    dx = margin - min(xs) * size
    dy = margin - min(ys) * size
    return Frame(size, dx, dy, (max(xs) - min(xs)) * size + 2 * margin, (max(ys) - min(ys)) * size + 2 * margin)


def hex_polygon(m: HexMap, h: Hex, fr: Frame) -> list[tuple[float, float]]:
    return [fr.xy(x, y) for x, y in m.layout.corners(h)]


def hex_center(m: HexMap, h: Hex, fr: Frame) -> tuple[float, float]:
    return fr.xy(*m.layout.center(h))


def pixel_to_hex(m: HexMap, px: float, py: float, fr: Frame) -> Hex | None:
    """The on-map hex under a screen point (nearest centre within one circumradius), for clicks and hovers."""
    x, y = (px - fr.dx) / fr.size, (py - fr.dy) / fr.size
    best, best_d = None, 1.0
    for h in m.info:
        cx, cy = m.layout.center(h)
        d = ((cx - x) ** 2 + (cy - y) ** 2) ** 0.5
        if d < best_d:
            best, best_d = h, d
    return best
