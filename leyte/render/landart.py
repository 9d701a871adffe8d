"""How a land map reads: terrain colours from the map's own data, rivers, roads, railways, bridges and place symbols.

A naval map knows only sea, land and a shade between; a land war needs its terrain told apart at a glance and its
rivers and routes drawn along the hexsides the rules read them from. Everything here comes from the map's data, so
any game gets it without code:

- ``map.toml`` may hold an ``[art.terrain_colours]`` table (terrain name -> ``"#rrggbb"``) and an ``art.relief``
  list (the terrains drawn with a relief mark); a terrain the table leaves out takes the default for its common
  name (``DEFAULT_TERRAIN_COLOURS``);
- rivers are the hexsides of kind ``river``, drawn along the shared edge; roads and railways are the hexsides of
  kind ``road`` / ``rail``, drawn from hex centre to hex centre across that side; where one hexside carries a river
  and a road or railway, a bridge is drawn on it.

A map none of whose terrains has a land-war colour (the naval maps: sea, partial, land, coastal, strait) and with no
art table gets ``None`` from ``land_art`` and is drawn exactly as before. Pure Python, in layout units (hex
circumradius 1, the geometry's top-left corner at 0, 0) like ``MapGeometry``; both front ends scale them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from leyte.core.errors import ScenarioError
from leyte.core.hexgrid import HexMap

#: colours for the common names of land terrain; a map's own ``[art.terrain_colours]`` overrides any of them
DEFAULT_TERRAIN_COLOURS = {
    "sea": "#a9d3ea",
    "open": "#f3ecd2",  # pale: nothing slows a column here
    "clear": "#f3ecd2",
    "rough": "#d9c79a",  # a shade darker than open
    "hills": "#d9c79a",
    "forest": "#a9c98e",
    "jungle": "#8fbf7a",
    "mountain": "#b58a5a",  # brown, with a relief mark
    "peak": "#8a5f3a",  # darker still
    "mud_flats": "#b9cf9a",  # greenish
    "swamp": "#9fc3a0",
    "marsh": "#9fc3a0",
    "urban": "#c9b8b0",
}
#: terrains drawn with a relief mark when the map names none
DEFAULT_RELIEF = ("mountain", "peak", "hills")
#: the naval maps' terrain words: a map that uses only these draws as before
NAVAL_TERRAINS = frozenset({"sea", "partial", "land", "coastal", "strait"})
WATER = frozenset({"sea", "partial", "coastal", "strait"})

RIVER = "#2f7fc1"
ROAD = "#8d2f1f"
RAIL = "#222222"
BRIDGE = "#4e342e"
RELIEF = "#5b3a1e"

#: symbols for hex features a land map shows: (fill, letter); drawn as a disc with the letter, like the naval ones
LAND_FEATURE_STYLE = {
    "city": ("#b71c1c", "C"),
    "town": ("#e57373", "T"),
    "industrial": ("#6a1b9a", "I"),
    "peak": ("#4e342e", "▲"),
}
#: how the legend words a hexside line
LINE_WORDS = {"river": "river", "road": "road", "rail": "railway", "bridge": "bridge"}
#: the feature symbols a land map's legend explains, in this order, with their words
FEATURE_WORDS = {"city": "city", "town": "town", "port": "port", "airfield": "airfield", "industrial": "industry",
                 "peak": "peak"}

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")

Point = tuple[float, float]
Segment = tuple[Point, Point]


@dataclass(frozen=True)
class LandArt:
    """What a land map draws over its hexes, in layout units shifted to the geometry's origin.

    ``palette`` colours every terrain the map declares; ``terrains`` are those its hexes use, in declared order
    (the legend lists them); ``relief`` the terrains drawn with a relief mark; ``rivers`` the hexside edges,
    ``roads`` and ``rails`` the centre-to-centre segments, ``bridges`` the midpoints of river sides a road or
    railway crosses.
    """

    palette: dict[str, str]
    terrains: tuple[str, ...]
    relief: frozenset[str]
    rivers: tuple[Segment, ...]
    roads: tuple[Segment, ...]
    rails: tuple[Segment, ...]
    bridges: tuple[Point, ...]
    features: tuple[tuple[str, str], ...] = ()  # (kind, fill) of each feature symbol the map shows

    def colour(self, terrain: str) -> str:
        return self.palette.get(terrain, "#cccccc")

    def legend(self) -> list[tuple[str, str, str]]:
        """Legend rows ``(swatch, colour, words)``: each terrain the map uses, then each line it draws."""
        rows = [("area", self.colour(t), t.replace("_", " ")) for t in self.terrains]
        for kind, segs, colour in (("river", self.rivers, RIVER), ("road", self.roads, ROAD),
                                   ("rail", self.rails, RAIL)):
            if segs:
                rows.append((kind, colour, LINE_WORDS[kind]))
        if self.bridges:
            rows.append(("bridge", BRIDGE, LINE_WORDS["bridge"]))
        rows.extend(("ring", fill, FEATURE_WORDS.get(kind, kind)) for kind, fill in self.features)
        return rows


def terrain_palette(m: HexMap) -> dict[str, str] | None:
    """The colour of each terrain the map declares, from its ``[art.terrain_colours]`` over the defaults; None for
    a map that declares no land-war terrain and no art table (it draws as before)."""
    table = _art_table(m)
    own = table.get("terrain_colours", {})
    if not isinstance(own, dict):
        raise ScenarioError("map.toml, field 'art.terrain_colours': must be a table of terrain = \"#rrggbb\"")
    if not own and set(m.terrains) <= NAVAL_TERRAINS:
        return None
    out: dict[str, str] = {}
    for name, colour in own.items():
        if name not in m.terrains:
            raise ScenarioError(f"map.toml, field 'art.terrain_colours.{name}': {name!r} is not one of the map's "
                                f"terrains ({', '.join(m.terrains)})")
        if not isinstance(colour, str) or not _COLOUR.match(colour):
            raise ScenarioError(f"map.toml, field 'art.terrain_colours.{name}': {colour!r} is not a colour #rrggbb")
    for t in m.terrains:
        out[t] = str(own.get(t) or DEFAULT_TERRAIN_COLOURS.get(t, "#cccccc"))
    return out


def _art_table(m: HexMap) -> dict[str, Any]:
    table = (m.meta or {}).get("art", {})
    if not isinstance(table, dict):
        raise ScenarioError("map.toml, field 'art': must be a table")
    return table


def _relief(m: HexMap) -> frozenset[str]:
    given = _art_table(m).get("relief")
    if given is None:
        return frozenset(t for t in DEFAULT_RELIEF if t in m.terrains)
    if not isinstance(given, list) or any(t not in m.terrains for t in given):
        raise ScenarioError(f"map.toml, field 'art.relief': {given!r} must list terrains of the map "
                            f"({', '.join(m.terrains)})")
    return frozenset(given)


def _shared_edge(m: HexMap, a: Any, b: Any) -> Segment:
    """The two corners hexes ``a`` and ``b`` share (their common edge)."""
    ca, cb = m.layout.corners(a), m.layout.corners(b)
    common = [p for p in ca if any(abs(p[0] - q[0]) < 1e-6 and abs(p[1] - q[1]) < 1e-6 for q in cb)]
    if len(common) != 2:  # pragma: no cover - adjacent hexes always share two corners
        raise ScenarioError(f"hexside {m.label(a)}-{m.label(b)}: no shared edge")
    return common[0], common[1]


def land_art(m: HexMap, origin: Point = (0.0, 0.0), symbols: dict[str, tuple[str, str]] | None = None
             ) -> LandArt | None:
    """The land art of a map (None for a naval map), with every point shifted by ``-origin`` (pass the
    geometry's origin to get its units); ``symbols`` are the feature styles the front end draws beyond
    ``LAND_FEATURE_STYLE`` (the naval ones: port, airfield...), so the legend explains each symbol shown."""
    palette = terrain_palette(m)
    if palette is None:
        return None
    ox, oy = origin

    def sh(p: Point) -> Point:
        return (p[0] - ox, p[1] - oy)

    used = {m.terrain(h) for h in m.hexes}
    rivers, roads, rails, bridges = [], [], [], []
    kinds = set(m.side_kinds)
    for side in sorted(m.hexsides, key=lambda s: (m.label(s[0]), m.label(s[1]))):
        got = m.hexsides[side]
        a, b = side
        if a not in m.info or b not in m.info:
            continue
        ca, cb = sh(m.layout.center(a)), sh(m.layout.center(b))
        if "river" in got and "river" in kinds:
            p, q = _shared_edge(m, a, b)
            rivers.append((sh(p), sh(q)))
            if "road" in got or "rail" in got:
                bridges.append(((ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2))
        if "road" in got:
            roads.append((ca, cb))
        if "rail" in got:
            rails.append((ca, cb))
    styles = {**(symbols or {}), **LAND_FEATURE_STYLE}
    shown = {k for h in m.hexes for k, _ in m.features(h) if k in styles}
    order = [*FEATURE_WORDS, *sorted(shown - set(FEATURE_WORDS))]
    feats = tuple((k, styles[k][0]) for k in order if k in shown)
    return LandArt(palette=palette, terrains=tuple(t for t in m.terrains if t in used), relief=_relief(m),
                   rivers=tuple(rivers), roads=tuple(roads), rails=tuple(rails), bridges=tuple(bridges),
                   features=feats)


def relief_marks(center: Point, r: float) -> list[list[Point]]:
    """Two small peaks (open polylines) about a hex centre, ``r`` the circumradius in the same units: the relief
    mark of a mountain hex, drawn the same by both front ends."""
    x, y = center
    w, h = r * 0.22, r * 0.2
    out = []
    for dx, dy in ((-0.28 * r, 0.12 * r), (0.26 * r, -0.12 * r)):
        cx, cy = x + dx, y + dy
        out.append([(cx - w, cy + h / 2), (cx, cy - h / 2), (cx + w, cy + h / 2)])
    return out
