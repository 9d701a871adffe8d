"""How a map reads on a projector: colours, name styles, the scale bar, the legend and the counter sizes.

Shared by the SVG picture and the canvas widget so both draw the same art. Sizes here are screen pixels that stay
the same at every zoom (names, counters at their smallest, the scale bar), because a name that shrinks with the
map is unreadable from the back row long before the hexes are. Pure Python; knows no game: the names and outlines
come from the game's ``coast.json`` and ``labels.csv`` (``leyte.core.mapart``), the marker kinds from its face.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

SEA = "#a9d3ea"  # the sea, and the page round the map
LAND = "#efe3c2"  # land inside the real coastline
COAST = "#6b5a3a"  # the coastline itself
GRID = "#1e3c5a"  # hex outlines, drawn faint (GRID_ALPHA) over land and sea alike
GRID_ALPHA = 0.28
HEX_NUMBER = "#2c4a60"
HALO = "#ffffff"

#: hex fills under a real coastline: quiet tints so the coast carries the picture, while a land hex (which the
#: rules treat as land) still reads a shade apart from the open sea around it
SOFT_TERRAIN = {"sea": SEA, "partial": "#c2e1ee", "land": "#d9dcc4", "coastal": "#b7daea", "strait": "#8fc4e0"}

#: name styles by kind: colour, italic, bold, letter spacing (em)
LABEL_STYLE: dict[str, tuple[str, bool, bool, float]] = {
    "sea": ("#1b4f72", True, False, 0.12),
    "strait": ("#0e3a5a", True, True, 0.0),
    "island": ("#4a3514", False, True, 0.04),
    "land": ("#4a3514", False, True, 0.2),
    "place": ("#222222", False, False, 0.0),
}
#: text height in screen pixels by size class: constant at every zoom
LABEL_PX = {"small": 13, "medium": 16, "large": 21}

MIN_COUNTER_PX = 30  # a counter is never drawn smaller than this on screen (read from the back of a room)
COUNTER_PER_HEX = 1.05  # ... and grows with the hexes once they are bigger than that
BADGE = "#d32f2f"  # the stack-count badge

#: words for the marker kinds the games share; any other kind is shown as it is named
KIND_WORDS = {"tf": "task force", "ship": "ship", "unit": "unit", "air": "air unit", "smoke": "smoke",
              "unknown": "unidentified", "sonar": "sonar contact", "pt": "PT boats"}


def counter_px(scale: float) -> float:
    """The side of a counter in screen pixels when a hex's circumradius is ``scale`` pixels."""
    return max(float(MIN_COUNTER_PX), scale * COUNTER_PER_HEX)


def font(kind: str, size: str) -> str:
    """A CSS/canvas font string for a name of this kind and size class."""
    _, italic, bold, _ = LABEL_STYLE.get(kind, LABEL_STYLE["place"])
    return f"{'italic ' if italic else ''}{'bold ' if bold else ''}{LABEL_PX.get(size, 14)}px sans-serif"


def label_text(kind: str, name: str) -> str:
    """Seas are lettered in capitals, as on a chart; everything else as written."""
    return name.upper() if kind == "sea" else name


@dataclass(frozen=True, slots=True)
class ScaleBar:
    """A scale bar: ``nm`` nautical miles drawn ``px`` pixels long, and how many hexes that is."""

    nm: float
    px: float
    hexes: float

    @property
    def text(self) -> str:
        nm = f"{self.nm:g} nm"
        h = self.hexes
        return nm + (f" ≈ {h:.0f} hex{'es' if round(h) != 1 else ''}" if h >= 1 and abs(h - round(h)) < 0.05 else "")


def scale_bar(nm_per_unit: float | None, px_per_unit: float, max_px: float = 160.0) -> ScaleBar | None:
    """The longest round distance (1, 2 or 5 times a power of ten nautical miles) that fits in ``max_px``."""
    if not nm_per_unit or px_per_unit <= 0:
        return None
    nm_per_px = nm_per_unit / px_per_unit
    best = None
    for e in range(-1, 5):
        for m in (1, 2, 5):
            nm = m * 10.0**e
            px = nm / nm_per_px
            if px <= max_px and px >= 24:
                best = ScaleBar(nm, px, nm / (nm_per_unit * math.sqrt(3)))
    return best


def stacks(markers: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """How many drawn pieces stand in each hex: stacked markers, plus what one marker says it holds (``count``)."""
    out: dict[str, int] = {}
    for m in markers:
        h = m.get("hex")
        if not h or m.get("kind") == "smoke":
            continue
        n = m.get("count")
        out[h] = out.get(h, 0) + (int(n) if isinstance(n, int) and not isinstance(n, bool) and n > 0 else 1)
    return out


def legend_entries(markers: Iterable[Mapping[str, Any]], colours: Mapping[str, str],
                   names: Mapping[str, str] | None = None, *, coast: bool = True,
                   highlight: bool = False,
                   terrain_rows: Sequence[tuple[str, str, str]] | None = None) -> list[tuple[str, str, str]]:
    """What the legend lists, as ``(swatch, colour, words)``: land and sea (or, on a land map, ``terrain_rows``:
    each terrain it uses and each line it draws, from ``LandArt.legend``), each player's colour (by its name), each
    marker kind on the map, and the highlight when options point at hexes. ``swatch`` is "area", "counter",
    "ring", "smoke", "small", or a line: "river", "road", "rail", "bridge"."""
    out: list[tuple[str, str, str]] = (
        list(terrain_rows) if terrain_rows
        else [("area", LAND if coast else SOFT_TERRAIN["land"], "land"), ("area", SEA, "sea")])
    ms = list(markers)
    sides = [s for s in dict.fromkeys(m.get("side") for m in ms) if s in colours]
    for s in sides:
        out.append(("counter", colours[s], str((names or {}).get(s, s))))
    for kind in dict.fromkeys(str(m.get("kind", "unit")) for m in ms):
        # the kind's swatch looks like its first counter: a disc, a small square, filled or white
        first = next(m for m in ms if str(m.get("kind", "unit")) == kind)
        shape = first.get("shape", "counter")
        sw = "smoke" if kind == "smoke" else "ring" if shape == "ring" else "small" if shape == "small" else "counter"
        sides = {m.get("side") for m in ms if str(m.get("kind", "unit")) == kind}
        # a kind both sides use is shown in grey: the player rows above give the colours
        own = first.get("colour") or colours.get(first.get("side") or "", "#555555") if len(sides) == 1 else "#757575"
        filled = first.get("solid") or "facing" in first or sw in ("ring", "small")  # a ship with a bow is filled
        fill = "#9e9e9e" if sw == "smoke" else own if filled else "#ffffff"
        out.append((sw, fill, KIND_WORDS.get(kind, kind)))
    if highlight:
        out.append(("area", "#ffeb3b", "can be chosen"))
    return out


def stack_key(marker: Mapping[str, Any]) -> tuple[bool, float]:
    """The drawing order within a hex (last drawn is on top): rings and small markers under the counters, then the
    face's ``rank`` (higher on top); a sort by this key is stable, so equal keys keep the view's order."""
    rank = marker.get("rank", 0)
    return (marker.get("shape") not in ("ring", "small"), float(rank) if isinstance(rank, (int, float)) else 0.0)


def legend_corner(points: Iterable[tuple[float, float]], width: float, height: float, box_w: float, box_h: float,
                  margin: float = 8.0, avoid: Iterable[tuple[float, float]] = ()) -> tuple[float, float]:
    """Where the legend goes: the left-hand corner (bottom first, then top) that hides the fewest of ``points``
    (counters and names, in screen pixels); the right-hand corners hold the scale bar and the north arrow.

    ``avoid`` are the hexes the decision asks about (highlighted options): hiding one of those costs more than
    hiding every counter and name, since the player must click it."""
    pts, must = list(points), list(avoid)

    def hides(pts: list[tuple[float, float]], x0: float, y0: float) -> int:
        return sum(1 for x, y in pts if x0 - 15 <= x <= x0 + box_w + 15 and y0 - 15 <= y <= y0 + box_h + 15)

    best: tuple[int, int, int, tuple[float, float]] | None = None
    for rank, (x0, y0) in enumerate(((margin, height - margin - box_h), (margin, margin))):
        key = (hides(must, x0, y0), hides(pts, x0, y0), rank)
        if best is None or key < best[:3]:
            best = (*key, (x0, y0))
    assert best is not None
    return best[3]


def counter_text(side: float, label: str, sub: str) -> tuple[float, float, float]:
    """A counter's width and its two lines' type sizes, ``(width, label_px, sub_px)``, for a counter ``side``
    pixels tall. The type never drops below what reads from the back row (12 px bold, 11 px); a counter whose
    text would not fit grows wider instead of the text shrinking."""
    label_px = max(12.0, min(side * 0.42, side * 1.45 / max(1, len(label)))) if label else 0.0
    if sub:
        label_px = min(label_px, side * 0.4)
    sub_px = max(11.0, side * 0.3) if sub else 0.0
    width = max(side, len(label) * label_px * 0.66 + 6, len(sub) * sub_px * 0.6 + 6)
    return width, label_px, sub_px


MAX_SPREAD_SIZE = 20.0  # px per hex circumradius: the most a first view zooms in to pull counters apart
#: a first view zooms to the spread size only when it is this many times the fitted size: a map whose counters
#: merely touch keeps its overview; a formation of ships on a map of small hexes is pulled apart
SPREAD_RATIO = 1.8


def spread_size(points: Sequence[tuple[float, float]], width: float, height: float,
                max_size: float = MAX_SPREAD_SIZE) -> float | None:
    """The hex size (px per map unit) at which the closest two of ``points`` (hex centres in map units: counters
    and option hexes) stand a counter apart, provided the whole set, with a hex round it, still fits in ``width``
    x ``height`` px at that size; the largest size that fits otherwise. None with fewer than two distinct points
    (or too many to compare). A front end zooms to this when its fitted size is much smaller (a formation of ships
    on a map of small hexes)."""
    pts = sorted(set(points))
    if len(pts) < 2 or len(pts) > 400:
        return None
    dmin = min(math.dist(a, b) for i, a in enumerate(pts) for b in pts[i + 1:])
    want = min(max_size, counter_px(0.0) * 1.1 / dmin)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    span_x, span_y = max(xs) - min(xs) + 2.5, max(ys) - min(ys) + 2.5
    return min(want, width / span_x, height / span_y)
