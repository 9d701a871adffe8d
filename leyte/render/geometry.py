"""Map geometry in screen units, shared by the SVG renderer and the canvas widget.

Everything is computed from the map's own layout (``HexMap.layout``), so any game's map draws the same way. Screen
coordinates are in pixels for a given hex circumradius, with a margin; y grows downwards as on screen and paper.

``MapGeometry`` precomputes what a front end needs every frame (every hex outline, centre, terrain colour and
feature glyph, in label order) once per map, so a canvas frame is array arithmetic rather than a walk over hexes.
It stays pure Python: the widget turns its lists into numpy arrays itself (numpy belongs to the ``jupyter`` extra).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from leyte.core.hexgrid import Hex, HexMap

# Terrain vocabulary across the games' maps: "coastal" is sea with a coast in it (big-hex maps), "strait" a narrow
# passage hex; both read as water, a shade apart from open sea.
TERRAIN_COLOURS = {"sea": "#bfe3f2", "partial": "#4f86b8", "land": "#e8dcc0", "coastal": "#d6ecd9",
                   "strait": "#8fc4e0"}
FEATURE_STYLE = {
    "strait": ("#ffffff", "S"),
    "port": ("#5d4037", "P"),
    "airfield": ("#6d4c41", "A"),
    "harbor": ("#5d4037", "H"),
    "anchorage": ("#0d47a1", "G"),
    "beachhead": ("#2e7d32", "B"),
}
HIGHLIGHT_COLOUR = "#ffeb3b"
SELECTED_COLOUR = "#ff6f00"
DETECTED_EDGE = "#ffd600"
UNDETECTED_EDGE = "#111111"


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
    """The on-map hex under a screen point, for clicks and hovers (None off the map)."""
    x, y = (px - fr.dx) / fr.size, (py - fr.dy) / fr.size
    h = _layout_inverse(m)(x, y)
    return h if h in m.info else None


def _layout_inverse(m: HexMap):  # type: ignore[no-untyped-def]
    """Layout-space point -> nearest hex, by inverting the (affine) axial -> centre map and cube rounding.

    Every layout ``MapLayout`` supports puts hex centres on an affine image of the axial lattice, so three centres
    fix the map exactly; rounding then picks the hex, with a neighbour check to settle points near a corner.
    """
    lay = m.layout
    o = lay.center(Hex(0, 0))
    a = lay.center(Hex(1, 0))
    b = lay.center(Hex(0, 1))
    ax, ay = a[0] - o[0], a[1] - o[1]
    bx, by = b[0] - o[0], b[1] - o[1]
    det = ax * by - ay * bx

    def inverse(x: float, y: float) -> Hex:
        px, py = x - o[0], y - o[1]
        fq = (px * by - py * bx) / det
        fr = (ax * py - ay * px) / det
        fs = -fq - fr
        q, r, s = round(fq), round(fr), round(fs)
        dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
        if dq > dr and dq > ds:
            q = -r - s
        elif dr > ds:
            r = -q - s
        guess = Hex(int(q), int(r))
        best, best_d = guess, math.inf
        for h in (guess, *guess.neighbours()):
            cx, cy = lay.center(h)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if d < best_d:
                best, best_d = h, d
        return best

    return inverse


@dataclass(frozen=True)
class MapGeometry:
    """Everything static a map picture needs, in layout units (hex circumradius 1, map's top-left corner at 0, 0).

    Lists run in label order (``HexMap.hexes``): ``labels[i]`` has outline ``corners[i]`` and centre ``centers[i]``.
    Scale by the circumradius in pixels and add a pan offset to get screen coordinates.
    """

    labels: tuple[str, ...]
    terrain: tuple[str, ...]
    corners: tuple[tuple[tuple[float, float], ...], ...]
    centers: tuple[tuple[float, float], ...]
    features: tuple[tuple[int, str, str], ...]  # (hex index, kind, name) for the kinds in FEATURE_STYLE
    width: float
    height: float
    origin: tuple[float, float]  # layout coordinates of the top-left corner
    index: dict[str, int] = field(repr=False, compare=False, default_factory=dict)
    hexmap: HexMap | None = field(repr=False, compare=False, default=None)

    @property
    def colours(self) -> list[str]:
        return [TERRAIN_COLOURS.get(t, "#cccccc") for t in self.terrain]

    def center_of(self, label: str) -> tuple[float, float]:
        return self.centers[self.index[label]]

    def label_at(self, x: float, y: float) -> str | None:
        """The label of the hex under a point in these (unscaled, origin-shifted) units; None off the map."""
        assert self.hexmap is not None
        h = _layout_inverse(self.hexmap)(x + self.origin[0], y + self.origin[1])
        i = self.hexmap.info.get(h)
        return i.label if i is not None else None


def _build_geometry(m: HexMap) -> MapGeometry:
    hexes = m.hexes
    raw_corners = [m.layout.corners(h) for h in hexes]
    min_x = min(x for cs in raw_corners for x, _ in cs)
    min_y = min(y for cs in raw_corners for _, y in cs)
    max_x = max(x for cs in raw_corners for x, _ in cs)
    max_y = max(y for cs in raw_corners for _, y in cs)
    corners = tuple(tuple((x - min_x, y - min_y) for x, y in cs) for cs in raw_corners)
    centers = tuple((c[0] - min_x, c[1] - min_y) for c in (m.layout.center(h) for h in hexes))
    labels = tuple(m.label(h) for h in hexes)
    feats = tuple((i, kind, name) for i, h in enumerate(hexes) for kind, name in m.features(h) if kind in FEATURE_STYLE)
    return MapGeometry(
        labels=labels,
        terrain=tuple(m.terrain(h) for h in hexes),
        corners=corners,
        centers=centers,
        features=feats,
        width=max_x - min_x,
        height=max_y - min_y,
        origin=(min_x, min_y),
        index={lab: i for i, lab in enumerate(labels)},
        hexmap=m,
    )


# HexMap is an unhashable dataclass; cache on identity (a loaded map is read-only), keeping the map alive with it.
_CACHE: dict[int, tuple[HexMap, MapGeometry]] = {}


def map_geometry(m: HexMap) -> MapGeometry:
    """The (cached) geometry of a map; computing it walks every hex once (~10 ms for 1,100 hexes)."""
    hit = _CACHE.get(id(m))
    if hit is not None and hit[0] is m:
        return hit[1]
    if len(_CACHE) > 8:
        _CACHE.clear()
    geo = _build_geometry(m)
    _CACHE[id(m)] = (m, geo)
    return geo
