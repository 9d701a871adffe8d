"""Build each game's ``scenarios/<game>/coast.json``: real coastlines as smooth outlines in map units.

The maps themselves were built from the GLOBE 30-arc-second land mask (``global-land-mask``) laid under each
game's hex grid (see each game's PROVENANCE.md). The outlines come from the same mask under the same projection,
so coast and hexes agree:

1. sample the land mask on a fine raster in map units (``HexMap.center`` units, hex circumradius 1), covering the
   map and a margin, through the projection ``map.toml`` records (for the lettered Naval Chess map, the degree grid
   its PROVENANCE.md derives);
2. soften the 0/1 raster with a 3x3 box filter and trace its 0.5 level with marching squares (interpolated edge
   crossings, saddles settled by the cell's mean); the raster is padded with sea, so every outline closes;
3. keep only land outlines (holes in the land are lakes: a map counts them as land), drop islets smaller than the
   game's threshold, simplify with Douglas-Peucker at a tolerance below a pixel at the default zoom, smooth the
   raster's staircase away with two rounds of Chaikin corner cutting (thinned again at a finer tolerance), and
   round.

Run from the repository root (build time only; the engine never imports this module)::

    /work/venv/bin/python tools/build_coastlines.py [--check] [game ...]

``--check`` rebuilds in memory and fails if a file on disk differs.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from leyte.core.hexgrid import HexMap  # noqa: E402
from leyte.core.mapart import Projection  # noqa: E402

SQ3 = math.sqrt(3.0)
SOURCE = ("GLOBE 30-arc-second land mask (NOAA NGDC, via the global-land-mask 1.0.0 package), traced with marching "
          "squares at the map's projection by tools/build_coastlines.py")


@dataclass(frozen=True)
class Spec:
    """Per game: the raster step, the simplification tolerance and the smallest islet kept, all in map units."""

    step: float
    tolerance: float
    min_area: float
    note: str


SPECS = {
    # 25 nm hexes, circumradius 14.4 nm: a 1.2 nm raster (GLOBE is 0.5 nm), islets under ~6 nm^2 dropped
    "imperial-sunset": Spec(0.08, 0.035, 0.03, "projection from map.toml [projection] (sinusoidal + grid fit)"),
    # 1 nm hexes, circumradius 0.58 nm: the raster is GLOBE's own resolution; the coast of Samar only
    "samar": Spec(0.4, 0.12, 0.5, "projection from map.toml [projection] (local equirectangular about hex 0000)"),
    # lettered map, a unit is about 2.3 deg of longitude: a 2.8 nm raster, islets under ~150 nm^2 dropped
    # the same 25 nm hexes; the Marianas are small (Saipan ~34 nm^2), so only islets under ~2 nm^2 are dropped
    "clash-of-the-carriers": Spec(0.08, 0.035, 0.01,
                                  "projection from map.toml [projection] (sinusoidal + grid fit)"),
    # 10-mile hexes, circumradius 5.0 nm: a 0.5 nm raster (GLOBE's own), so the Pescadores islets (~1 nm^2) stay
    "formosa": Spec(0.1, 0.03, 0.02, "projection from map.toml [projection] (sinusoidal, no fit)"),
    "naval-chess": Spec(0.02, 0.006, 0.004,
                        "degree grid from scenarios/naval-chess/PROVENANCE.md (3.5 deg longitude per column, "
                        "2.5 deg latitude per row, Hong Kong at the centre of B2)"),
}


def projection_for(game: str, m: HexMap) -> Projection:
    """The projection a map was built with, in the form ``leyte.core.mapart.Projection`` reads back."""
    p = m.meta.get("projection")
    if p and p.get("kind") == "sinusoidal":
        keep = ("lat0", "lon0", "s_nm", "z", "pc", "qc")
        return Projection("sinusoidal", {k: p[k] for k in keep})
    if p and p.get("kind") == "local equirectangular":
        # tools/build_samar_map.py measures nm from (lat0, lon0) at map-unit (0, 0), one unit = 1/sqrt(3) nm
        return Projection("local equirectangular", {"lat0": p["lat0"], "lon0": p["lon0"],
                                                    "nm_per_unit": round(1 / SQ3, 9), "origin": [0.0, 0.0]})
    if game == "naval-chess":
        # column c (A = 1) centre at 110.7 + 3.5 (c - 1) E; row r at 26.05 - 2.5 (r - 1) N in odd columns. A flat
        # column is 1.5 units wide and a row sqrt(3) units tall, so per unit: 3.5/1.5 deg and 2.5/sqrt(3) deg.
        return Projection("linear", {"lat0": 28.55, "lon0": 107.2, "deg_lon_per_unit": round(3.5 / 1.5, 9),
                                     "deg_lat_per_unit": round(2.5 / SQ3, 9)})
    raise SystemExit(f"{game}: no projection known for this map")


def land_raster(m: HexMap, proj: Projection, step: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    from global_land_mask import globe  # build-time dependency only (tools/requirements.txt)

    xs = [x for h in m.hexes for x, _ in m.layout.corners(h)]
    ys = [y for h in m.hexes for _, y in m.layout.corners(h)]
    pad = 1.0
    gx = np.arange(min(xs) - pad, max(xs) + pad + step, step)
    gy = np.arange(min(ys) - pad, max(ys) + pad + step, step)
    x, y = np.meshgrid(gx, gy)
    lat, lon = proj.to_latlon(x, y, cos=np.cos)
    land = globe.is_land(np.clip(lat, -89.9, 89.9), np.clip(lon, -179.9, 179.9)).astype(float)
    land[0, :] = land[-1, :] = 0.0  # sea all round, so every outline closes
    land[:, 0] = land[:, -1] = 0.0
    soft = land.copy()
    acc = np.zeros_like(land)
    for di in (-1, 0, 1):
        for dj in (-1, 0, 1):
            acc += np.roll(np.roll(land, di, 0), dj, 1)
    soft[1:-1, 1:-1] = (acc / 9.0)[1:-1, 1:-1]
    return gx, gy, soft


# Marching squares. Corners of cell (i, j): a = (i, j), b = (i, j+1), c = (i+1, j+1), d = (i+1, j); edges
# T = a-b, R = b-c, B = d-c, L = a-d. Case bits: a 8, b 4, c 2, d 1. Each case lists the edge pairs it joins.
_CASES: dict[int, tuple[tuple[str, str], ...]] = {
    0: (), 15: (),
    1: (("L", "B"),), 14: (("L", "B"),),
    2: (("B", "R"),), 13: (("B", "R"),),
    3: (("L", "R"),), 12: (("L", "R"),),
    4: (("T", "R"),), 11: (("T", "R"),),
    6: (("T", "B"),), 9: (("T", "B"),),
    7: (("L", "T"),), 8: (("L", "T"),),
}


def trace(gx: np.ndarray, gy: np.ndarray, f: np.ndarray, level: float = 0.5) -> list[list[tuple[float, float]]]:
    """Closed contour rings of ``f`` at ``level`` (in x, y units of ``gx``, ``gy``)."""
    inside = f >= level
    code = (inside[:-1, :-1] * 8 + inside[:-1, 1:] * 4 + inside[1:, 1:] * 2 + inside[1:, :-1] * 1).astype(int)
    pts: dict[tuple[str, int, int], tuple[float, float]] = {}

    def edge(i: int, j: int, e: str) -> tuple[str, int, int]:
        # a horizontal edge ("h", i, j) joins (i, j)-(i, j+1); a vertical one ("v", i, j) joins (i, j)-(i+1, j)
        key = {"T": ("h", i, j), "B": ("h", i + 1, j), "L": ("v", i, j), "R": ("v", i, j + 1)}[e]
        if key not in pts:
            k, a, b = key
            v0 = f[a, b]
            v1 = f[a, b + 1] if k == "h" else f[a + 1, b]
            t = (level - v0) / (v1 - v0) if v1 != v0 else 0.5
            if k == "h":
                pts[key] = (gx[b] + t * (gx[b + 1] - gx[b]), gy[a])
            else:
                pts[key] = (gx[b], gy[a] + t * (gy[a + 1] - gy[a]))
        return key

    links: dict[tuple[str, int, int], list[tuple[str, int, int]]] = {}
    for i, j in zip(*np.nonzero((code > 0) & (code < 15))):
        i, j = int(i), int(j)
        c = int(code[i, j])
        if c in (5, 10):
            mean_in = (f[i, j] + f[i, j + 1] + f[i + 1, j + 1] + f[i + 1, j]) / 4 >= level
            # 5 = b and d inside; 10 = a and c inside. Join round the inside corners when the centre is outside.
            pairs = (("T", "L"), ("B", "R")) if (c == 5) == mean_in else (("T", "R"), ("L", "B"))
        else:
            pairs = _CASES[c]
        for e0, e1 in pairs:
            k0, k1 = edge(i, j, e0), edge(i, j, e1)
            links.setdefault(k0, []).append(k1)
            links.setdefault(k1, []).append(k0)
    rings = []
    seen: set[tuple[str, int, int]] = set()
    for start in sorted(links):
        if start in seen:
            continue
        ring, prev, cur = [], None, start
        while True:
            seen.add(cur)
            ring.append(pts[cur])
            nxt = [k for k in links[cur] if k != prev and k not in seen]
            if not nxt:
                break
            prev, cur = cur, nxt[0]
        if len(ring) >= 3:
            rings.append(ring)
    return rings


def area(ring: list[tuple[float, float]]) -> float:
    return 0.5 * sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]))


def inside(pt: tuple[float, float], ring: list[tuple[float, float]]) -> bool:
    x, y = pt
    hit = False
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def is_land_outline(ring: list[tuple[float, float]], gx: np.ndarray, gy: np.ndarray, f: np.ndarray) -> bool:
    """Whether the ring has land inside it (an island or a coast) rather than water (a lake in the land)."""
    # the raster value at the vertex of the ring nearest to its inside, a little in from the outline
    (x0, y0), (x1, y1) = ring[0], ring[1]
    nx, ny = -(y1 - y0), x1 - x0
    n = math.hypot(nx, ny) or 1.0
    eps = (gx[1] - gx[0]) * 0.6
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    p = (mx + nx / n * eps, my + ny / n * eps)
    if not inside(p, ring):
        p = (mx - nx / n * eps, my - ny / n * eps)
    j = int(np.clip(round((p[0] - gx[0]) / (gx[1] - gx[0])), 0, len(gx) - 1))
    i = int(np.clip(round((p[1] - gy[0]) / (gy[1] - gy[0])), 0, len(gy) - 1))
    return bool(f[i, j] >= 0.5)


def simplify(pts: list[tuple[float, float]], tol: float) -> list[tuple[float, float]]:
    """Douglas-Peucker on an open polyline, iterative."""
    if len(pts) < 3:
        return pts
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        a, b = stack.pop()
        (ax, ay), (bx, by) = pts[a], pts[b]
        dx, dy = bx - ax, by - ay
        n = math.hypot(dx, dy)
        best, at = -1.0, -1
        for k in range(a + 1, b):
            px, py = pts[k]
            d = abs(dx * (ay - py) - dy * (ax - px)) / n if n else math.hypot(px - ax, py - ay)
            if d > best:
                best, at = d, k
        if best > tol and at > 0:
            keep[at] = True
            stack.append((a, at))
            stack.append((at, b))
    return [p for p, k in zip(pts, keep) if k]


def simplify_ring(ring: list[tuple[float, float]], tol: float) -> list[tuple[float, float]]:
    half = len(ring) // 2
    a = simplify(ring[: half + 1], tol)
    b = simplify(ring[half:] + ring[:1], tol)
    return a[:-1] + b[:-1]


def chaikin(ring: list[tuple[float, float]], rounds: int = 2) -> list[tuple[float, float]]:
    """Chaikin's corner cutting on a closed ring: each round replaces every corner by two points a quarter of the
    way along its edges, so the raster's staircase becomes a smooth outline (the shape moves by under a quarter
    of the simplification tolerance)."""
    for _ in range(rounds):
        out = []
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
            out.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
            out.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
        ring = out
    return ring


def build(game: str) -> str:
    folder = ROOT / "scenarios" / game
    m = HexMap.load(folder)
    spec = SPECS[game]
    proj = projection_for(game, m)
    gx, gy, f = land_raster(m, proj, spec.step)
    rings = []
    for ring in trace(gx, gy, f):
        if abs(area(ring)) < spec.min_area or not is_land_outline(ring, gx, gy, f):
            continue
        s = simplify_ring(ring, spec.tolerance)
        s = simplify_ring(chaikin(s), spec.tolerance * 0.3) if len(s) >= 3 else s
        if len(s) >= 3:
            rings.append([[round(x, 3), round(y, 3)] for x, y in s])
    rings.sort(key=lambda r: (-abs(area([tuple(p) for p in r])), r[0]))
    doc = {
        "game": game,
        "what": "closed land outlines in HexMap.center units (hex circumradius 1, x map-east, y map-south)",
        "provenance": "reconstructed",
        "source": SOURCE,
        "method": (f"raster step {spec.step}, 3x3 box filter, 0.5 contour, lakes kept as land, islets under "
                   f"{spec.min_area} square units dropped, Douglas-Peucker tolerance {spec.tolerance}, two rounds of "
                   f"Chaikin smoothing; {spec.note}"),
        "projection": proj.to_dict(),
        "rings": rings,
    }
    # one ring a line: small, diffable, deterministic
    head = json.dumps({k: v for k, v in doc.items() if k != "rings"}, indent=1)[:-2]
    body = ",\n".join(json.dumps(r, separators=(",", ":")) for r in rings)
    return f'{head},\n "rings": [\n{body}\n ]\n}}\n'


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=sorted(SPECS))
    ap.add_argument("--check", action="store_true", help="fail if a file on disk differs from a rebuild")
    args = ap.parse_args(argv)
    bad = 0
    for game in args.games:
        text = build(game)
        path = ROOT / "scenarios" / game / "coast.json"
        n = sum(1 for line in text.splitlines() if line.startswith("[["))
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                print(f"{path}: differs from a rebuild", file=sys.stderr)
                bad += 1
            else:
                print(f"{path}: up to date")
        else:
            path.write_text(text, encoding="utf-8")
            print(f"{path}: {len(text) // 1024} KiB, {n} outlines")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
