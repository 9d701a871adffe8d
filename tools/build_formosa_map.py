"""Build the Operation Causeway: Formosa map from real geography, every value tagged ``reconstructed``.

The rulebook keeps the map's scale (10 miles a hex, 1.0), its size (22 x 34 inches, 2.0) and its 4-digit hex
numbers (2.2), and names the terrain and objectives the rules use (4.2, 10.1, 12, 19.1, 22.0), but the map art was
lost. This tool rebuilds it and never claims to reproduce the printed map:

1. reads every input from ``tools/sources/formosa_places.toml`` (points, polylines and polygons with sources);
2. lays a flat-topped CCRR grid of 10-mile hexes over a sinusoidal projection of Taiwan (no fit: the rulebook ties
   no hex number to a place, ruling M-3) and samples the GLOBE 1 km land mask (``global-land-mask``, build time
   only) every half nautical mile to tell sea from land;
3. gives each land hex one terrain (open, rough, mountain, peak, mud_flats) from the hand-drawn relief polygons, and
   its places as features (port:major / port:minor, airfield, city, town, industrial, peak);
4. puts rivers on hexsides (the polyline snapped to a chain of hex edges), roads and railways on the hexsides
   between the hexes they pass through, and ``all_sea`` on land-land sides with only water across them;
5. counts the Allied VP the map holds (4.2) and refuses a map outside the bands the notes give;
6. writes ``map.toml``, ``map.csv``, ``hexsides.csv``, ``labels.csv`` and ``notes/map-provenance.md`` under
   ``scenarios/formosa/``, then ``coast.json`` through ``tools/build_coastlines.py``; deterministic (run twice,
   same bytes).

Run from the repository root::

    /work/venv/bin/python tools/build_formosa_map.py [--check] [--ascii] [--quiet]

``--check`` rebuilds in memory and fails if a file on disk differs. The engine never imports this module.
"""

from __future__ import annotations

import argparse
import heapq
import math
import sys
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import mapkit as mk  # noqa: E402

from leyte.core.hexgrid import Hex, MapLayout  # noqa: E402

SOURCES = ROOT / "tools" / "sources" / "formosa_places.toml"
OUT_DIR = ROOT / "scenarios" / "formosa"
TOOL = "tools/build_formosa_map.py"

NM_PER_MILE = 0.868976
TERRAINS = ("sea", "open", "rough", "mountain", "peak", "mud_flats")
SIDE_KINDS = ("river", "road", "rail", "all_sea")
#: how the renderers colour each terrain (map.toml [art]; leyte/render/landart.py reads it): open pale, rough a
#: shade darker, mountain brown with a relief mark, peak darker, mud flats greenish; the sea as on the naval maps
ART_COLOURS = {"sea": "#a9d3ea", "open": "#f3ecd2", "rough": "#d9c79a", "mountain": "#b58a5a", "peak": "#8a5f3a",
               "mud_flats": "#b9cf9a"}
ART_RELIEF = ("mountain", "peak")
FEATURE_ORDER = ("port", "airfield", "city", "town", "industrial", "peak", "island", "coastal")
# 4.2: what each objective is worth to the Allies (ports and airfields need a base; industry and peaks do not).
VP = {("port", "major"): 4, ("port", "minor"): 2, ("airfield", None): 1, ("industrial", None): 1, ("peak", None): 1}
# West of this longitude lies the Pescadores group, not Formosa itself (for the island feature and the checks).
PESCADORES_EAST_LON = 119.8


def label_of(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def parse_label(label: str) -> tuple[int, int]:
    return int(label[:2]), int(label[2:])


def in_ring(lat: float, lon: float, ring: list[list[float]]) -> bool:
    """Even-odd test of a point in a [lat, lon] ring; the rings are small enough to treat degrees as flat."""
    inside = False
    n = len(ring)
    for i in range(n):
        (a_lat, a_lon), (b_lat, b_lon) = ring[i], ring[(i + 1) % n]
        if (a_lat > lat) != (b_lat > lat):
            x = a_lon + (lat - a_lat) * (b_lon - a_lon) / (b_lat - a_lat)
            if lon < x:
                inside = not inside
    return inside


@dataclass(frozen=True)
class Grid:
    """Flat-topped hexes labelled CCRR, even columns half a hex south, placed as the core's ``MapLayout`` places
    them, so a hex centre here is ``HexMap.center`` times the circumradius ``s_nm``."""

    cols: tuple[int, int]
    rows: tuple[int, int]
    size_nm: float  # across the flats = between neighbouring centres

    @property
    def layout(self) -> MapLayout:
        return MapLayout(orientation="flat", first="col", offset="even")

    @property
    def s_nm(self) -> float:
        return self.size_nm / mk.SQ3

    def centre_nm(self, col: int, row: int) -> tuple[float, float]:
        x, y = self.layout.center(self.layout.to_hex(col, row))
        return x * self.s_nm, y * self.s_nm

    def labels(self) -> list[tuple[int, int]]:
        return [(c, r) for c in range(self.cols[0], self.cols[1] + 1) for r in range(self.rows[0], self.rows[1] + 1)]

    def on_map(self, col: int, row: int) -> bool:
        return self.cols[0] <= col <= self.cols[1] and self.rows[0] <= row <= self.rows[1]

    def locate(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Map nm -> (col, row) of the hex holding each point."""
        fq = np.asarray(x, dtype=float) / (1.5 * self.s_nm)
        fr = np.asarray(y, dtype=float) / (mk.SQ3 * self.s_nm) - fq / 2.0 - 0.5
        q, r = mk.cube_round(fq, fr)
        return q, r + (q + (q & 1)) // 2


@dataclass
class HexData:
    col: int
    row: int
    land: float = 0.0
    terrain: str = "sea"
    name: str = ""
    source: str = ""
    features: list[tuple[str, str]] = field(default_factory=list)

    @property
    def label(self) -> str:
        return label_of(self.col, self.row)

    def has(self, kind: str) -> bool:
        return any(k == kind for k, _ in self.features)


class Build:
    """Everything the generator computes, kept together for the outputs, the checks and the ASCII view."""

    def __init__(self, src: dict[str, Any]) -> None:
        self.src = src
        self.log: list[str] = []
        self.problems: list[str] = []  # reported after the build, so --ascii can still show the map
        m = src["map"]
        self.size_nm = float(m["hex_size_miles"]) * NM_PER_MILE
        self.grid = Grid(tuple(m["cols"]), tuple(m["rows"]), self.size_nm)
        p = src["projection"]
        self.proj = mk.Projection(p["lat0"], p["lon0"])
        s = self.grid.s_nm
        self.qc = complex(1.5 * p["centre_col"] * s, mk.SQ3 * p["centre_row"] * s)
        self._check_locate()
        self.sample_land()
        self.classify()
        self.place_points()
        self.assign_terrain()
        self.mark_coast()
        self.sides: dict[tuple[str, str], dict[str, set[str]]] = {}
        self.mark_all_sea()
        self.mark_rivers()
        self.mark_routes()
        self.settle_all_sea()
        self.count_vp()

    # -- geometry ---------------------------------------------------------------------------------------------------

    def to_map(self, lat: float | np.ndarray, lon: float | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        px, py = self.proj.forward(lat, lon)
        return px + self.qc.real, py + self.qc.imag

    def to_latlon(self, x: float | np.ndarray, y: float | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return self.proj.inverse(np.asarray(x) - self.qc.real, np.asarray(y) - self.qc.imag)

    def hex_at(self, lat: float, lon: float) -> str | None:
        x, y = self.to_map(lat, lon)
        c, r = self.grid.locate(np.array([x]), np.array([y]))
        col, row = int(c[0]), int(r[0])
        return label_of(col, row) if self.grid.on_map(col, row) else None

    def latlon_of(self, label: str) -> tuple[float, float]:
        x, y = self.grid.centre_nm(*parse_label(label))
        lat, lon = self.to_latlon(x, y)
        return float(lat), float(lon)

    def hex_of(self, label: str) -> Hex:
        return self.grid.layout.to_hex(*parse_label(label))

    def label_hex(self, h: Hex) -> str | None:
        c, r = self.grid.layout.to_offset(h)
        return label_of(c, r) if self.grid.on_map(c, r) else None

    def _check_locate(self) -> None:
        for c, r in self.grid.labels():
            x, y = self.grid.centre_nm(c, r)
            lc, lr = self.grid.locate(np.array([x]), np.array([y]))
            if (int(lc[0]), int(lr[0])) != (c, r):
                raise SystemExit(f"grid: hex {label_of(c, r)} does not locate to itself")

    def is_land(self, lat: np.ndarray, lon: np.ndarray) -> np.ndarray:
        from global_land_mask import globe  # build-time dependency only (tools/requirements.txt)

        return globe.is_land(np.asarray(lat, dtype=float), np.asarray(lon, dtype=float))

    # -- steps ------------------------------------------------------------------------------------------------------

    def sample_land(self) -> None:
        step = float(self.src["classify"]["raster_step_nm"])
        labels = self.grid.labels()
        xs = [self.grid.centre_nm(c, r)[0] for c, r in labels]
        ys = [self.grid.centre_nm(c, r)[1] for c, r in labels]
        pad = self.grid.s_nm + step
        gx = np.arange(min(xs) - pad, max(xs) + pad, step) + step / 2
        gy = np.arange(min(ys) - pad, max(ys) + pad, step) + step / 2
        x, y = np.meshgrid(gx, gy)
        lat, lon = self.to_latlon(x, y)
        land = self.is_land(lat, lon)
        col, row = self.grid.locate(x, y)
        on = (col >= self.grid.cols[0]) & (col <= self.grid.cols[1]) & (row >= self.grid.rows[0]) & (
            row <= self.grid.rows[1])
        nrows = self.grid.rows[1] - self.grid.rows[0] + 1
        hid = np.where(on, (col - self.grid.cols[0]) * nrows + (row - self.grid.rows[0]), -1)
        self.counts = np.bincount(hid[on], minlength=len(labels))
        self.lcounts = np.bincount(hid[on & land], minlength=len(labels))
        self.log.append(f"Land mask sampled at {land.size} points every {step} nm.")

    def classify(self) -> None:
        """Sea or land by the share of land (ruling M-4); terrain comes later."""
        cut = float(self.src["classify"]["land_if_share_at_least"])
        self.hexes: dict[str, HexData] = {}
        for i, (c, r) in enumerate(self.grid.labels()):
            d = HexData(c, r)
            d.land = self.lcounts[i] / self.counts[i] if self.counts[i] else 0.0
            d.terrain = "open" if d.land >= cut else "sea"
            d.source = "land mask: " + ("no land" if self.lcounts[i] == 0 else f"{d.land:.0%} land")
            lat, lon = self.latlon_of(d.label)
            for off in self.src["off_map_land"]:
                if d.land > 0 and in_ring(lat, lon, off["ring"]):
                    d.terrain = "sea"
                    d.source += f"; shown as sea: {off['name']} is not part of the game (M-11)"
            self.hexes[d.label] = d

    def place_points(self) -> None:
        """Ports, airfields, cities, towns, industry and peaks as features; a hex holding a place is land."""
        self.place_hex: dict[tuple[str, str], str] = {}
        for kind in ("port", "airfield", "city", "town", "industrial", "peak"):
            for p in self.src[kind]:
                lab = self.hex_at(p["lat"], p["lon"])
                if lab is None:
                    raise SystemExit(f"{kind} {p['name']} lies off the map")
                d = self.hexes[lab]
                if d.terrain == "sea":
                    d.terrain = "open"
                    d.source += f"; land because {p['name']} lies here (ruling M-4)"
                value = p["size"] if kind == "port" else p["name"]
                if kind in ("port", "airfield", "industrial", "peak") and d.has(kind):
                    raise SystemExit(f"hex {lab} would hold two {kind} objectives ({p['name']}); move one")
                d.features.append((kind, value))
                self.place_hex[(kind, p["name"])] = lab
        for d in self.hexes.values():
            for kind in ("port", "city", "town", "airfield", "peak", "industrial"):
                names = [n for (k, n), lab in sorted(self.place_hex.items()) if k == kind and lab == d.label]
                if names and not d.name:
                    d.name = names[0]
            if d.terrain != "sea" and self.latlon_of(d.label)[1] < PESCADORES_EAST_LON:
                d.features.append(("island", "Pescadores"))

    def assign_terrain(self) -> None:
        """One terrain per land hex from the relief polygons at its centre (priority: M-5)."""
        for d in self.hexes.values():
            if d.terrain == "sea":
                continue
            lat, lon = self.latlon_of(d.label)
            why = "no relief polygon: open"
            terrain = "open"
            for kind in ("mud_flats", "rough", "mountain"):
                for poly in self.src[kind]:
                    if in_ring(lat, lon, poly["ring"]):
                        terrain, why = kind, f"{kind} ({poly['name']}; {poly['source']})"
                        break
            if terrain == "mountain" and (d.has("port") or d.has("city") or d.has("airfield")):
                terrain, why = "rough", "rough: a port, city or airfield keeps its own strip of lower ground (M-5)"
            if d.has("peak"):
                terrain, why = "peak", "peak (4.2 objective)"
            d.terrain = terrain
            d.source += f"; terrain {why}"

    def neighbours(self, label: str) -> list[str]:
        out = []
        for n in self.hex_of(label).neighbours():
            lab = self.label_hex(n)
            if lab is not None:
                out.append(lab)
        return out

    def mark_coast(self) -> None:
        """A land hex next to a sea hex (or on the map edge) is coastal: where 10.1 lets landings go."""
        for d in self.hexes.values():
            if d.terrain != "sea" and any(self.hexes[n].terrain == "sea" for n in self.neighbours(d.label)):
                d.features.append(("coastal", ""))

    def add_side(self, a: str, b: str, kind: str, name: str) -> None:
        key = (a, b) if a < b else (b, a)
        self.sides.setdefault(key, {}).setdefault(kind, set()).add(name)

    def mark_all_sea(self) -> None:
        """A side between two land hexes is all-sea when the strip between their centres is all water (M-9)."""
        ts = np.linspace(0.3, 0.7, 9)
        for d in self.hexes.values():
            if d.terrain == "sea":
                continue
            ax, ay = self.grid.centre_nm(d.col, d.row)
            for n in self.neighbours(d.label):
                e = self.hexes[n]
                if e.terrain == "sea" or n < d.label:
                    continue
                bx, by = self.grid.centre_nm(e.col, e.row)
                lat, lon = self.to_latlon(ax + ts * (bx - ax), ay + ts * (by - ay))
                if not self.is_land(lat, lon).any():
                    self.add_side(d.label, n, "all_sea", "water between")

    # -- rivers along hex edges ---------------------------------------------------------------------------------------

    def edge_graph(self) -> None:
        """Corners of every on-map hex as graph vertices; each edge knows the two hexes it separates."""
        s = self.grid.s_nm
        self.vertex: dict[tuple[int, int], tuple[float, float]] = {}
        self.vadj: dict[tuple[int, int], set[tuple[int, int]]] = {}
        self.edge_hexes: dict[frozenset[tuple[int, int]], list[str]] = {}
        for c, r in self.grid.labels():
            cx, cy = self.grid.centre_nm(c, r)
            corners = []
            for i in range(6):
                x = cx + s * math.cos(math.radians(60 * i))
                y = cy + s * math.sin(math.radians(60 * i))
                key = (round(x * 100), round(y * 100))
                self.vertex.setdefault(key, (x, y))
                corners.append(key)
            for i in range(6):
                a, b = corners[i], corners[(i + 1) % 6]
                self.vadj.setdefault(a, set()).add(b)
                self.vadj.setdefault(b, set()).add(a)
                self.edge_hexes.setdefault(frozenset((a, b)), []).append(label_of(c, r))
        self.vkeys = list(self.vertex)
        self.varr = np.array([self.vertex[k] for k in self.vkeys])

    def nearest_vertex(self, x: float, y: float) -> tuple[int, int]:
        i = int(np.argmin((self.varr[:, 0] - x) ** 2 + (self.varr[:, 1] - y) ** 2))
        return self.vkeys[i]

    def vertex_path(self, a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
        """Cheapest chain of hex edges between two corners (Dijkstra on edge length, coast edges dear; ties broken
        by the key)."""
        dist = {a: 0.0}
        prev: dict[tuple[int, int], tuple[int, int]] = {}
        heap = [(0.0, a)]
        while heap:
            dcur, v = heapq.heappop(heap)
            if v == b:
                break
            if dcur > dist[v]:
                continue
            for w in sorted(self.vadj[v]):
                # edges along the coast cost far more, so a river keeps to land sides until its mouth (M-6)
                hexes = self.edge_hexes[frozenset((v, w))]
                wet = len(hexes) != 2 or any(self.hexes[h].terrain == "sea" for h in hexes)
                nd = dcur + math.dist(self.vertex[v], self.vertex[w]) * (20.0 if wet else 1.0)
                if nd < dist.get(w, math.inf) - 1e-9:
                    dist[w], prev[w] = nd, v
                    heapq.heappush(heap, (nd, w))
        path = [b]
        while path[-1] != a:
            path.append(prev[path[-1]])
        return path[::-1]

    def densify(self, line: list[list[float]], step_nm: float) -> list[tuple[float, float]]:
        pts = [tuple(float(v) for v in self.to_map(lat, lon)) for lat, lon in line]
        out: list[tuple[float, float]] = []
        for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
            n = max(1, int(math.hypot(x1 - x0, y1 - y0) / step_nm))
            out.extend((x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n) for i in range(n))
        out.append(pts[-1])
        return out

    def mark_rivers(self) -> None:
        """Each river becomes a contiguous chain of hexsides between land hexes (M-6)."""
        self.edge_graph()
        self.river_sides: dict[str, list[tuple[str, str]]] = {}
        for riv in self.src["river"]:
            snapped: list[tuple[int, int]] = []
            for x, y in self.densify(riv["line"], self.grid.s_nm / 2):
                v = self.nearest_vertex(x, y)
                if not snapped or snapped[-1] != v:
                    snapped.append(v)
            chain = [snapped[0]]
            for v in snapped[1:]:
                chain.extend(self.vertex_path(chain[-1], v)[1:])
            got: list[tuple[str, str]] = []
            for a, b in zip(chain, chain[1:], strict=False):
                hexes = sorted(self.edge_hexes.get(frozenset((a, b)), []))
                if len(hexes) != 2 or any(self.hexes[h].terrain == "sea" for h in hexes):
                    if got:
                        break  # the river has reached the coast; what follows is its mouth (M-6)
                    continue
                if (hexes[0], hexes[1]) not in got:
                    got.append((hexes[0], hexes[1]))
                    self.add_side(hexes[0], hexes[1], "river", riv["name"])
            self.river_sides[riv["name"]] = got
            self.log.append(f"River {riv['name']}: {len(got)} hexsides")

    def mark_routes(self) -> None:
        """Roads and railways join the hexes they pass through, side by side (12.4 wants a contiguous road, M-8)."""
        self.route_hexes: dict[str, list[str]] = {}
        for route in self.src["route"]:
            seq: list[str] = []
            for x, y in self.densify(route["line"], self.grid.s_nm / 4):
                c, r = self.grid.locate(np.array([x]), np.array([y]))
                lab = label_of(int(c[0]), int(r[0]))
                if not seq or seq[-1] != lab:
                    if seq and self.hex_of(seq[-1]).distance(self.hex_of(lab)) > 1:
                        for h in self.hex_of(seq[-1]).line_to(self.hex_of(lab))[1:-1]:
                            seq.append(self.label_hex(h) or "")
                    seq.append(lab)
            for lab in seq:
                if not lab or self.hexes[lab].terrain == "sea":
                    self.problems.append(f"route {route['name']} passes through sea hex {lab}; adjust its line")
            for a, b in zip(seq, seq[1:], strict=False):
                for kind in route["kinds"]:
                    self.add_side(a, b, kind, route["name"])
            self.route_hexes[route["name"]] = seq
            self.log.append(f"Route {route['name']}: {len(seq)} hexes")

    def settle_all_sea(self) -> None:
        """A road or railway along a side proves a land link there (a bay cut the line between the centres, not
        the land), so such a side is not all-sea (M-9)."""
        for key, kinds in self.sides.items():
            if "all_sea" in kinds and ("road" in kinds or "rail" in kinds):
                del kinds["all_sea"]
                self.log.append(f"Side {key[0]}-{key[1]}: carries a route, so not all-sea (M-9)")

    def count_vp(self) -> None:
        """4.2: every objective in a hex scores; the total must fall in the bands the reading notes derive (M-10)."""
        self.vp_rows: list[tuple[str, str, str, int]] = []
        for (kind, name), lab in sorted(self.place_hex.items(), key=lambda t: (t[1], t[0])):
            if kind == "port":
                size = next(p["size"] for p in self.src["port"] if p["name"] == name)
                self.vp_rows.append((lab, f"{size} port", name, VP[("port", size)]))
            elif kind in ("airfield", "industrial", "peak"):
                self.vp_rows.append((lab, kind, name, VP[(kind, None)]))
        self.vp_total = sum(v for *_, v in self.vp_rows)
        lo, hi = self.src["vp_bands"]["min"], self.src["vp_bands"]["max"]
        self.log.append(f"Allied VP on the map: {self.vp_total} (bands {lo}-{hi})")
        if not lo <= self.vp_total <= hi:
            self.problems.append(f"the map holds {self.vp_total} Allied VP, outside {lo}-{hi} (4.2, ruling M-10)")

    # -- outputs ----------------------------------------------------------------------------------------------------

    def rows(self) -> list[HexData]:
        return [self.hexes[label_of(c, r)] for c, r in self.grid.labels()]

    def csv_text(self) -> str:
        lines = ["label,terrain,features,name,provenance,source"]
        for d in self.rows():
            ftext = mk.feature_text(d.features, FEATURE_ORDER)
            lines.append(",".join([d.label, d.terrain, mk.csv_cell(ftext), mk.csv_cell(d.name), "reconstructed",
                                   mk.csv_cell(d.source)]))
        return "\n".join(lines) + "\n"

    def sides_text(self) -> str:
        lines = ["a,b,kinds,names,provenance,source"]
        for (a, b), kinds in sorted(self.sides.items()):
            ks = ";".join(k for k in SIDE_KINDS if k in kinds)
            names = ";".join(f"{k}:{n}" for k in SIDE_KINDS if k in kinds for n in sorted(kinds[k]))
            why = []
            if "river" in kinds:
                why.append("river polyline snapped to hex edges (M-6)")
            if "road" in kinds or "rail" in kinds:
                why.append("route polyline through the hexes it crosses (M-8)")
            if "all_sea" in kinds:
                why.append("GLOBE land mask: only water between the two hex centres (M-9)")
            src = "; ".join(why) + "; tools/sources/formosa_places.toml"
            lines.append(",".join([a, b, ks, mk.csv_cell(names), "reconstructed", mk.csv_cell(src)]))
        return "\n".join(lines) + "\n"

    def toml_text(self) -> str:
        m = self.src["map"]
        p = self.src["projection"]
        s = self.grid.s_nm
        lat0, lon0 = self.latlon_of(label_of(m["cols"][0], m["rows"][0]))
        lat1, lon1 = self.latlon_of(label_of(m["cols"][1], m["rows"][1]))
        terr = ", ".join(f'"{t}"' for t in TERRAINS)
        kinds = ", ".join(f'"{k}"' for k in SIDE_KINDS)
        return "\n".join([
            f"# Generated by {TOOL} from tools/sources/formosa_places.toml.",
            "# Do not edit by hand: change the sources and re-run the tool. Method and rulings:",
            "# notes/map-provenance.md and notes/map-rulings.md.",
            f'id = "{m["id"]}"',
            f'name = "{m["name"]}"',
            f"hex_size_nm = {self.size_nm:.6f}",
            f"hex_size_miles = {m['hex_size_miles']}",
            f'orientation = "{m["orientation"]}"',
            f"label_digits = [{m['label_digits'][0]}, {m['label_digits'][1]}]",
            f'first = "{m["first"]}"',
            f'offset = "{m["offset"]}"',
            f"terrains = [{terr}]",
            f"hexside_kinds = [{kinds}]",
            f"cols = [{m['cols'][0]}, {m['cols'][1]}]",
            f"rows = [{m['rows'][0]}, {m['rows'][1]}]",
            'provenance = "reconstructed"',
            'source = "Real geography (GLOBE 30-arc-second land mask; hand-drawn relief, rivers and routes from '
            'general atlases) on a grid of 10-mile hexes (1.0, 2.2); not the printed map, which was lost; see '
            'notes/map-provenance.md"',
            "# Labels are column first (CCRR, ruling M-2); columns grow east, rows grow south; row 01 is north.",
            "# terrain: sea; open; rough; mountain; peak; mud_flats (one per hex, ruling M-5). Cities and towns are",
            "# features, so a rule can apply 2.2 (move by the worst, defend by the best) to them.",
            "# features: port:major|minor, airfield:<name>, city:<name>, town:<name>, industrial:<name>,",
            "# peak:<name>, island:Pescadores, coastal: (a land hex next to the sea). Hexsides: hexsides.csv.",
            "",
            "[projection]",
            "# How a hex centre (HexMap.center, units of the circumradius s) maps to latitude and longitude:",
            "# map_nm = center * s_nm; projected = pc + (map_nm - qc) / z (complex numbers x + iy, y south);",
            "# lat = lat0 - y / 60; lon = lon0 + x / (60 cos lat). For rendering and checks only.",
            'kind = "sinusoidal"',
            f"lat0 = {p['lat0']}",
            f"lon0 = {p['lon0']}",
            f"s_nm = {s:.6f}",
            "z = [1.000000, 0.000000]",
            "pc = [0.0000, 0.0000]",
            f"qc = [{self.qc.real:.4f}, {self.qc.imag:.4f}]",
            f"real_nm_per_hex = {self.size_nm:.2f}",
            f"north_west_centre = [{lat0:.3f}, {lon0:.3f}]",
            f"south_east_centre = [{lat1:.3f}, {lon1:.3f}]",
            "",
            "[art]",
            "# How the map is drawn (leyte/render/landart.py): the terrains given a relief mark, and each terrain's",
            "# colour. Drawing only; no rule reads it.",
            f"relief = [{', '.join(f'{chr(34)}{t}{chr(34)}' for t in ART_RELIEF)}]",
            "",
            "[art.terrain_colours]",
            *(f'{t} = "{ART_COLOURS[t]}"' for t in TERRAINS),
            "",
        ])

    def labels_text(self) -> str:
        lines = ["name,kind,lat,lon,hex,size,provenance,source"]
        src = "approximate real position from general reference atlases (tools/sources/formosa_places.toml)"
        for c in self.src["city"]:
            lines.append(",".join([mk.csv_cell(c["name"]), "place", f"{c['lat']:.2f}", f"{c['lon']:.2f}", "",
                                   "medium", "reconstructed", mk.csv_cell(src)]))
        for p in self.src["peak"]:
            lines.append(",".join([mk.csv_cell(p["name"]), "place", f"{p['lat']:.2f}", f"{p['lon']:.2f}", "",
                                   "small", "reconstructed", mk.csv_cell(src)]))
        for lab in self.src["label"]:
            lines.append(",".join([mk.csv_cell(lab["name"]), lab["kind"], f"{lab['lat']:.2f}", f"{lab['lon']:.2f}",
                                   "", lab["size"], "reconstructed",
                                   mk.csv_cell("placed for legibility near the real feature (general atlases)")]))
        return "\n".join(lines) + "\n"

    def provenance_md(self) -> str:
        counts = {t: sum(1 for d in self.hexes.values() if d.terrain == t) for t in TERRAINS}
        side_counts = {k: sum(1 for v in self.sides.values() if k in v) for k in SIDE_KINDS}
        bridges = sum(1 for v in self.sides.values() if "river" in v and "road" in v)
        lo, hi = self.src["vp_bands"]["min"], self.src["vp_bands"]["max"]
        out = [
            "# Formosa map: provenance",
            "",
            f"Generated by `{TOOL}` from `tools/sources/formosa_places.toml`; do not edit by hand. Every hex, hexside",
            "and label is `reconstructed`: the printed map art was lost with the OCR of the rulebook, so this map is",
            "rebuilt from real geography and is **not** the printed map. A player holding the printed game can",
            "replace `map.csv` and `hexsides.csv` with the printed values. Judgements: `map-rulings.md` (M-1 ...).",
            "",
            "## What the rulebook fixes (printed)",
            "",
            "- 10 miles a hex (1.0); a 22 x 34 inch map (2.0); four-digit hex numbers and Japanese names (2.2).",
            "- Terrain the rules name: open and coastal hexes (10.1), rough, mountain and mud flats (22.0, Rangers),",
            "  mountain and peak (19.1), cities and towns (8.1, 25.10), ports major and minor, airfields,",
            "  Industrial Objectives and Peaks (4.2), rivers and bridges, roads and railroads (12.1, 12.4, 15.4),",
            "  all-sea hexsides (15.0).",
            "",
            "## Method (reconstructed)",
            "",
            "1. A flat-topped grid of 10-mile hexes (8.69 nm between centres) over a sinusoidal projection centred",
            f"   on {self.src['projection']['lat0']} N {self.src['projection']['lon0']} E; no rotation and no fit,",
            "   since the text ties no hex number to a place (M-3).",
            "2. Sea or land from the GLOBE 30-arc-second land mask (NOAA NGDC, via `global-land-mask`), sampled every",
            "   0.5 nm: land when at least 40% of the hex is land, or when a named place lies in it (M-4).",
            "3. Terrain from hand-drawn relief polygons (general physical maps, no DEM), tested at the hex centre, in",
            "   the priority peak > mountain > rough > mud flats > open (M-5).",
            "4. Rivers are polylines snapped to a contiguous chain of hex edges (M-6); roads and railways mark the",
            "   hexsides between the consecutive hexes they pass through (M-8); a side carrying both a river and a",
            "   road is a bridge (12.4: the road ignores the river). All-sea sides: M-9.",
            "",
            "## Counts",
            "",
            f"- Hexes: {len(self.hexes)}; " + ", ".join(f"{t} {n}" for t, n in counts.items()) + ".",
            "- Hexsides: " + ", ".join(f"{k} {n}" for k, n in side_counts.items()) + f"; bridges {bridges}.",
            "",
            f"## Victory points on the map (4.2): {self.vp_total} Allied VP",
            "",
            "The reading notes (section 2b) infer from 4.2's bands (a margin of 25+ wins strategically) that the map",
            f"should hold roughly {lo}-{hi} Allied VP. With 4 per major port, 2 per minor port, 1 per airfield,",
            f"Industrial Objective and Peak, and every objective in a hex counted (4.2), this map holds "
            f"{self.vp_total}, inside the band; the builder refuses to write a map outside it (M-10).",
            "",
            "| hex | objective | name | VP |",
            "|---|---|---|---|",
        ]
        out += [f"| {lab} | {what} | {name} | {v} |" for lab, what, name, v in self.vp_rows]
        out += ["", "## Places and their hexes", "", "| kind | name | hex | source |", "|---|---|---|---|"]
        for kind in ("port", "airfield", "city", "town", "industrial", "peak"):
            for p in self.src[kind]:
                srcs = p.get("source", "approximate real position from general atlases")
                out.append(f"| {kind} | {p['name']} | {self.place_hex[(kind, p['name'])]} | {srcs} |")
        out += ["", "## Build log", "", "```", *self.log, "```", ""]
        return "\n".join(out)

    def ascii(self) -> str:
        """A rough picture for a person checking the build: one character per hex, rows of columns."""
        ch = {"sea": ".", "open": "o", "rough": "r", "mountain": "M", "peak": "P", "mud_flats": "m"}
        lines = []
        for r in range(self.grid.rows[0], self.grid.rows[1] + 1):
            row = []
            for c in range(self.grid.cols[0], self.grid.cols[1] + 1):
                d = self.hexes[label_of(c, r)]
                mark = ch[d.terrain]
                if d.has("port"):
                    mark = "#"
                elif d.has("city"):
                    mark = "C"
                row.append(mark)
            lines.append(f"{r:02d} " + " ".join(row))
        return "\n".join(lines)


def outputs(b: Build) -> dict[Path, str]:
    return {
        OUT_DIR / "map.toml": b.toml_text(),
        OUT_DIR / "map.csv": b.csv_text(),
        OUT_DIR / "hexsides.csv": b.sides_text(),
        OUT_DIR / "labels.csv": b.labels_text(),
        OUT_DIR / "notes" / "map-provenance.md": b.provenance_md(),
    }


def coast_text() -> str:
    """coast.json for the map art, traced from the same mask under the map.toml on disk."""
    import build_coastlines  # build time only

    return build_coastlines.build("formosa")


def main(argv: Iterable[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if the files on disk differ from a fresh build")
    ap.add_argument("--ascii", action="store_true", help="print a one-character-per-hex picture")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(list(argv) if argv is not None else None)
    b = Build(tomllib.loads(SOURCES.read_text(encoding="utf-8")))
    if not args.quiet:
        print("\n".join(b.log))
    if args.ascii:
        print(b.ascii())
    if b.problems:
        print("\n".join(b.problems), file=sys.stderr)
        return 1
    files = outputs(b)
    if mk.write_or_check(files, check=args.check):
        return 1
    return mk.write_or_check({OUT_DIR / "coast.json": coast_text()}, check=args.check)


if __name__ == "__main__":
    raise SystemExit(main())
