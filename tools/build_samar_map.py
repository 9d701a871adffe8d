"""Build the Battle off Samar map (``scenarios/samar/map.toml`` + ``map.csv``) from real coastlines.

The printed map was lost. The rulebook keeps its grid (2.3: 1 nm flat-topped hexes, column-first labels), its
size (2.0: 34" x 22") and a handful of hexes with a role: the Japanese entry corner 0104-0401 (3.2), Taffy Three
round 1411 (3.1), Taffy Two's entry 3241-3243 (3.1), and a south edge with deep-water exits towards Leyte Gulf
(3.1, 3.4). This tool

1. reads every input from ``tools/sources/samar_places.toml``;
2. lays the grid with map north = true north at 1 nm a hex, and slides it (a pure translation, half a mile at a
   time) from the historical position of Taffy Three towards the coast until the map shows Samar's seaboard as
   the constraints require, keeping the placement closest to the anchor;
3. samples a 1 km land mask (``global-land-mask``, build time only) at 19 points a hex and classifies each hex as
   ``sea`` (open ocean, deep water), ``partial`` (the rulebook's *shallows*: water with land in the hex or next to
   it) or ``land``;
4. tags the hexes the rules name and the map edges, and writes the two files deterministically.

Run from the repository root::

    /work/venv/bin/python tools/build_samar_map.py [--check]

``--check`` rebuilds in memory and fails if the files on disk differ. The engine never imports this module.
"""

from __future__ import annotations

import argparse
import math
import sys
import tomllib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "tools" / "sources" / "samar_places.toml"
OUT_DIR = ROOT / "scenarios" / "samar"
SQ3 = math.sqrt(3.0)
NM_PER_DEG_LAT = 60.0


def hex_center_nm(col: int, row: int) -> tuple[float, float]:
    """Centre of a flat-topped hex in nm from the centre of hex 0000, x east, y south (even columns sit lower)."""
    s = 1.0 / SQ3  # circumradius so that neighbouring centres are 1 nm apart
    shifted = 0.5 if col % 2 == 0 else 0.0
    return 1.5 * col * s, SQ3 * (row + shifted) * s


def to_latlon(x: np.ndarray, y: np.ndarray, lat0: float, lon0: float) -> tuple[np.ndarray, np.ndarray]:
    """Map nm (x east, y south) about (lat0, lon0) -> latitude, longitude (local equirectangular; 45 nm is small)."""
    lat = lat0 - y / NM_PER_DEG_LAT
    lon = lon0 + x / (NM_PER_DEG_LAT * np.cos(np.radians(lat)))
    return lat, lon


def sample_offsets() -> np.ndarray:
    pts = [(0.0, 0.0)]
    for radius, n in ((0.25, 6), (0.45, 12)):
        for i in range(n):
            a = 2 * math.pi * i / n
            pts.append((radius * math.cos(a), radius * math.sin(a)))
    return np.array(pts)


def classify(src: dict, lat0: float, lon0: float) -> dict[tuple[int, int], tuple[str, float]]:
    """(col, row) -> (terrain, land fraction) for every hex, with the grid's hex 0000 centre at (lat0, lon0)."""
    from global_land_mask import globe

    c0, c1 = src["grid"]["cols"]
    r0, r1 = src["grid"]["rows"]
    offs = sample_offsets()
    keys, xs, ys = [], [], []
    for c in range(c0, c1 + 1):
        for r in range(r0, r1 + 1):
            x, y = hex_center_nm(c, r)
            keys.append((c, r))
            xs.append(x + offs[:, 0])
            ys.append(y + offs[:, 1])
    lat, lon = to_latlon(np.array(xs), np.array(ys), lat0, lon0)
    land = globe.is_land(lat, lon)
    frac = land.mean(axis=1)
    thresh = src["sampling"]["land_fraction_for_land"]
    base = {k: float(f) for k, f in zip(keys, frac)}
    out: dict[tuple[int, int], tuple[str, float]] = {}
    for k, f in base.items():
        if f >= thresh:
            out[k] = ("land", f)
            continue
        near = f > 0 or any(base.get(n, 0.0) >= thresh for n in neighbours(*k))
        out[k] = ("partial" if near else "sea", f)
    return out


def neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """Offset neighbours of a flat-topped hex with even columns pushed down."""
    if col % 2 == 0:
        d = [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]
    else:
        d = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)]
    return [(col + a, row + b) for a, b in d]


def label(c: int, r: int) -> str:
    return f"{c:02d}{r:02d}"


def parse(lbl: str) -> tuple[int, int]:
    return int(lbl[:2]), int(lbl[2:])


def acceptable(src: dict, terr: dict[tuple[int, int], tuple[str, float]]) -> bool:
    con = src["constraints"]
    must_sea = [parse(x) for x in con["ijn_entry"] + con["taffy2_entry"]]
    cc = parse(con["taffy3_centre"])
    rad = int(con["taffy3_radius"])
    for k in terr:
        if offset_distance(k, cc) <= rad:
            must_sea.append(k)
    if any(terr[k][0] != "sea" for k in must_sea):
        return False
    n = len(terr)
    if sum(1 for t, _ in terr.values() if t != "sea") < con["min_land_or_shallows_fraction"] * n:
        return False
    last = src["grid"]["rows"][1]
    south = [terr[k][0] for k in terr if k[1] == last]
    return (sum(1 for t in south if t != "sea") >= con["min_south_edge_not_deep"]
            and sum(1 for t in south if t == "sea") >= con["min_south_edge_deep"])


def offset_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    def axial(c: int, r: int) -> tuple[int, int]:
        return c, r - (c + (c & 1)) // 2

    (q1, r1), (q2, r2) = axial(*a), axial(*b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def fit(src: dict) -> tuple[float, float, float, dict]:
    """Slide the grid from the anchor; the acceptable placement nearest the anchor wins (ties: fixed order)."""
    a = src["anchor"]
    cx, cy = hex_center_nm(*parse(src["constraints"]["taffy3_centre"]))
    best = None
    # candidate shifts of the anchor point, in nm, nearest first (deterministic order)
    cands = []
    for dx in np.arange(-40.0, 10.01, 0.5):
        for dy in np.arange(-20.0, 20.01, 0.5):
            cands.append((math.hypot(dx, dy), round(float(dx), 1), round(float(dy), 1)))
    cands.sort()
    for d, dx, dy in cands:
        # the point the hex 1411 centre lands on: anchor shifted by (dx, dy) nm (x east, y south)
        lat_t = a["lat"] - dy / NM_PER_DEG_LAT
        lon_t = a["lon"] + dx / (NM_PER_DEG_LAT * math.cos(math.radians(lat_t)))
        lat0 = lat_t + cy / NM_PER_DEG_LAT
        lon0 = lon_t - cx / (NM_PER_DEG_LAT * math.cos(math.radians(lat_t)))
        terr = classify(src, lat0, lon0)
        if acceptable(src, terr):
            best = (d, lat0, lon0, terr)
            break
    if best is None:
        raise SystemExit("no placement satisfies the constraints")
    return best


def build(src: dict) -> tuple[str, str]:
    d, lat0, lon0, terr = fit(src)
    g = src["grid"]
    con = src["constraints"]
    c0, c1 = g["cols"]
    r0, r1 = g["rows"]
    ijn = set(con["ijn_entry"])
    t2 = set(con["taffy2_entry"])
    lines = ["label,terrain,features,provenance,source"]
    for c in range(c0, c1 + 1):
        for r in range(r0, r1 + 1):
            t, f = terr[(c, r)]
            lb = label(c, r)
            feats = []
            if lb in ijn:
                feats.append("entry:IJN")
            if lb == con["taffy3_centre"]:
                feats.append("setup:Taffy 3")
            if lb in t2:
                feats.append("entry:Taffy 2")
            if r == r1 and t == "sea":
                feats.append("exit:Leyte Gulf")
            if r == r0:
                feats.append("edge:north")
            if r == r1:
                feats.append("edge:south")
            if c == c0:
                feats.append("edge:west")
            if c == c1:
                feats.append("edge:east")
            if lb in ijn or lb in t2 or lb == con["taffy3_centre"]:
                prov, note = "printed", "hex named by 3.1/3.2; terrain from the land mask"
            else:
                prov = "reconstructed"
                note = f"land mask: {round(100 * f)}% land in the hex"
            lines.append(f"{lb},{t},{';'.join(feats)},{prov},\"{note}\"")
    lat_c, lon_c = to_latlon(np.array([hex_center_nm(14, 11)[0]]), np.array([hex_center_nm(14, 11)[1]]), lat0, lon0)
    toml = "\n".join([
        "# Generated by tools/build_samar_map.py from tools/sources/samar_places.toml.",
        "# Do not edit by hand: change the sources and re-run the tool. Method: PROVENANCE.md.",
        'id = "samar"',
        'name = "The sea east of Samar, 25 October 1944"',
        "hex_size_nm = 1",
        f'orientation = "{g["orientation"]}"',
        "label_digits = [2, 2]",
        f'first = "{g["first"]}"',
        f'offset = "{g["offset"]}"',
        f"cols = [{c0}, {c1}]",
        f"rows = [{r0}, {r1}]",
        'provenance = "reconstructed"',
        'source = "Real coastline (GLOBE 30-arc-second land mask) under a 1 nm grid slid from Taffy Three\'s '
        'historical position until the map shows the Samar seaboard; see PROVENANCE.md"',
        "# terrain: sea = open ocean (deep water); partial = shallows (2.3, 4.4); land = land",
        "",
        "[projection]",
        "# hex 0000 centre; x = 1.5 col s, y = sqrt(3) (row + 0.5 if col even) s, s = 1/sqrt(3) nm (x east, y south)",
        'kind = "local equirectangular"',
        f"lat0 = {lat0:.5f}",
        f"lon0 = {lon0:.5f}",
        f"hex_1411 = [{float(lat_c[0]):.4f}, {float(lon_c[0]):.4f}]",
        f"shift_from_anchor_nm = {d:.1f}",
        "",
    ])
    return toml, "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if the files on disk differ from a fresh build")
    args = ap.parse_args(argv)
    src = tomllib.loads(SOURCES.read_text(encoding="utf-8"))
    toml, csv_text = build(src)
    tp, cp = OUT_DIR / "map.toml", OUT_DIR / "map.csv"
    if args.check:
        same = tp.read_text(encoding="utf-8") == toml and cp.read_text(encoding="utf-8") == csv_text
        print("map up to date" if same else "map differs from a fresh build")
        return 0 if same else 1
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    tp.write_text(toml, encoding="utf-8")
    cp.write_text(csv_text, encoding="utf-8")
    print(f"wrote {tp} and {cp}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
