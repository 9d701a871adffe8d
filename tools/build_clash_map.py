"""Build the Clash of the Carriers map and its air-base and search-zone files from real coastlines.

The rulebook's map was lost. The text keeps five set-up hexes (16.1.1, 16.1.3), the label scheme (2.1), the names of
the Japanese island air bases (16.1.1-16.1.2) and the word that some bases lie "beyond the hex grid" (2.1). This tool

1. reads every input from ``tools/sources/clash_places.toml``;
2. fits the hex grid to the real places behind the set-up hexes (weighted least squares, similarity transform),
   prints the residuals in nm and keeps the simplest fit that is not clearly worse (tools/mapkit.py);
3. samples a 1 km land mask (``global-land-mask``, build time only) every half map mile and marks each hex as sea,
   an island hex (``partial``: some land, mostly water; ships may enter, ruling M-2) or land;
4. names the islands, tags the airfields, the Saipan hex (10.2), the map edges (7.3, 12.9) and the US land-based
   search areas (6.3.3), and measures each off-map field's distance beyond the grid (2.1, rounded by 1.2);
5. writes ``map.toml``, ``map.csv``, ``airfields.csv`` and ``search_zones.csv`` under
   ``scenarios/clash-of-the-carriers/`` deterministically (run twice, same bytes).

Run from the repository root::

    /work/venv/bin/python tools/build_clash_map.py [--preview /tmp/clash.png] [--check]

``--check`` rebuilds in memory and fails if the files on disk differ. The engine never imports this module.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import mapkit as mk  # noqa: E402  (shared with the Imperial Sunset map tool)

from leyte.core.hexgrid import MapLayout  # noqa: E402

SOURCES = ROOT / "tools" / "sources" / "clash_places.toml"
OUT_DIR = ROOT / "scenarios" / "clash-of-the-carriers"

# Order in which feature kinds are written, so every run writes the same text.
FEATURE_ORDER = ("saipan", "island", "airfield", "us_search", "edge")


def round_half_up(x: float) -> int:
    """1.2: a fraction of 0.5 or more rounds up, less rounds down."""
    return int(math.floor(x + 0.5))


# ---------------------------------------------------------------------------------------------------------------
# Grid: flat-topped hexes labelled CCRR, with the core's own layout so the centres agree with HexMap.center
# ---------------------------------------------------------------------------------------------------------------


class Grid(mk.GridBase):
    """Flat-topped hexes labelled CCRR; ``offset`` says whether odd or even columns sit half a hex south."""

    @property
    def layout(self) -> MapLayout:
        return MapLayout(orientation="flat", first="col", offset=self.offset)

    def centre_nm(self, col: int, row: int) -> tuple[float, float]:
        lay = self.layout
        x, y = lay.center(lay.to_hex(col, row))
        return x * self.s_nm, y * self.s_nm

    def labels(self) -> list[tuple[int, int]]:
        """Every (col, row), column by column: the order map.csv is written in."""
        return [(c, r) for c in range(self.cols[0], self.cols[1] + 1) for r in range(self.rows[0], self.rows[1] + 1)]

    def on_map(self, col: int, row: int) -> bool:
        return self.cols[0] <= col <= self.cols[1] and self.rows[0] <= row <= self.rows[1]

    def locate(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Map miles -> (col, row) of the hex holding each point (cube rounding of fractional axial coordinates)."""
        fq = np.asarray(x, dtype=float) / (1.5 * self.s_nm)
        fr = np.asarray(y, dtype=float) / (mk.SQ3 * self.s_nm) - fq / 2.0 - (0.5 if self.offset == "even" else 0.0)
        q, r = mk.cube_round(fq, fr)
        push = (q - (q & 1)) // 2 if self.offset == "odd" else (q + (q & 1)) // 2
        return q, r + push

    def distance(self, a: tuple[int, int], b: tuple[int, int]) -> int:
        lay = self.layout
        return lay.to_hex(*a).distance(lay.to_hex(*b))


def label_of(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def parse_label(label: str) -> tuple[int, int]:
    """'3712' -> (col 37, row 12)."""
    return int(label[:2]), int(label[2:])


# ---------------------------------------------------------------------------------------------------------------
# Fit
# ---------------------------------------------------------------------------------------------------------------


def choose_fit(src: dict, proj: mk.Projection, log: list[str]) -> mk.Fit:
    """Both column parities, fixed or free scale and rotation; keep the simplest fit that is not clearly worse."""
    m = src["map"]
    anchors = [a for a in src["anchor"] if a["weight"] > 0]
    weights = np.array([a["weight"] for a in anchors], dtype=float)
    px, py = proj.forward(np.array([a["lat"] for a in anchors]), np.array([a["lon"] for a in anchors]))
    ppts = px + 1j * py
    drop = float(src["fit"]["adopt_if_rms_drops"])

    def map_points(offset: str) -> np.ndarray:
        grid = Grid(offset, tuple(m["cols"]), tuple(m["rows"]), float(m["hex_size_nm"]))
        return np.array([complex(*grid.centre_nm(*parse_label(a["label"]))) for a in anchors])

    results = mk.fit_variants(ppts, weights, map_points, log)
    best_offset = min(("odd", "even"), key=lambda o: (results[(o, False, False)].rms_nm, o))
    chosen, line = mk.adopt_simplest(results, best_offset, drop)
    log.append(f"{line}.")
    return chosen


# ---------------------------------------------------------------------------------------------------------------
# The build
# ---------------------------------------------------------------------------------------------------------------


@dataclass
class HexData:
    col: int
    row: int
    land: float = 0.0  # share of samples on land
    terrain: str = "sea"
    name: str = ""
    provenance: str = "reconstructed"
    source: str = ""
    features: list[tuple[str, str]] = field(default_factory=list)

    @property
    def label(self) -> str:
        return label_of(self.col, self.row)


class Build(mk.FittedMap):
    """Everything the generator computes, kept together so the checks and the preview can read it."""

    label_of = staticmethod(label_of)
    parse_label = staticmethod(parse_label)

    def __init__(self, src: dict) -> None:
        super().__init__(src)
        m = src["map"]
        self.fit = choose_fit(src, self.proj, self.log)
        self.grid = Grid(self.fit.offset, tuple(m["cols"]), tuple(m["rows"]), float(m["hex_size_nm"]))
        self._check_locate()
        self.residual_table()
        self.sample_land()
        self.classify()
        self.name_islands()
        self.tag_airfields()
        self.tag_search()
        self.tag_edges()
        self.check_setups()

    # -- geometry -------------------------------------------------------------------------------------------------

    def _check_locate(self) -> None:
        """Every hex centre must locate back to its own hex (the grid and the core's layout agree)."""
        for c, r in self.grid.labels():
            x, y = self.grid.centre_nm(c, r)
            lc, lr = self.grid.locate(np.array([x]), np.array([y]))
            if (int(lc[0]), int(lr[0])) != (c, r):
                raise SystemExit(f"grid: hex {label_of(c, r)} does not locate to itself")

    # -- steps ----------------------------------------------------------------------------------------------------

    def residual_table(self) -> None:
        self.residuals: list[tuple[str, str, float, float]] = []
        for a, res in self.anchor_residuals():
            self.residuals.append((a["label"], a["name"], float(a["weight"]), res))

    def sample_land(self) -> None:
        from global_land_mask import globe  # build-time dependency only (tools/requirements.txt)

        step = float(self.src["classify"]["raster_step_nm"])
        labels = self.grid.labels()
        xs = [self.grid.centre_nm(c, r)[0] for c, r in labels]
        ys = [self.grid.centre_nm(c, r)[1] for c, r in labels]
        pad = self.grid.s_nm + step
        # Half-step offsets keep samples off hex boundaries' exact lines.
        gx = np.arange(min(xs) - pad, max(xs) + pad, step) + step / 2
        gy = np.arange(min(ys) - pad, max(ys) + pad, step) + step / 2
        x, y = np.meshgrid(gx, gy)
        px, py = self.fit.to_projected(x, y)
        lat, lon = self.proj.inverse(px, py)
        self.sx, self.sy, self.slat, self.slon = x, y, lat, lon
        self.land = globe.is_land(lat, lon)
        col, row = self.grid.locate(x, y)
        on = (
            (col >= self.grid.cols[0]) & (col <= self.grid.cols[1]) & (row >= self.grid.rows[0])
            & (row <= self.grid.rows[1])
        )
        nrows = self.grid.rows[1] - self.grid.rows[0] + 1
        self.hex_id = np.where(on, (col - self.grid.cols[0]) * nrows + (row - self.grid.rows[0]), -1)
        self.log.append(f"Land mask sampled at {self.land.size} points every {step} map nm.")

    def classify(self) -> None:
        cfg = self.src["classify"]
        labels = self.grid.labels()
        on = self.hex_id >= 0
        counts = np.bincount(self.hex_id[on], minlength=len(labels))
        lcounts = np.bincount(self.hex_id[on & self.land], minlength=len(labels))
        self.hexes: dict[str, HexData] = {}
        for i, (c, r) in enumerate(labels):
            d = HexData(c, r)
            d.land = lcounts[i] / counts[i] if counts[i] else 0.0
            if 1.0 - d.land < cfg["land_if_water_below"]:
                d.terrain = "land"
            elif d.land >= cfg["partial_if_land_at_least"]:
                d.terrain = "partial"
            d.source = "land mask: " + ("no land" if lcounts[i] == 0 else f"{d.land:.1%} land")
            self.hexes[d.label] = d
        # Where the land of each hex lies (its centroid), to name the hexes an island's land spills into.
        self.land_centroid: dict[str, tuple[float, float]] = {}
        for lab, d in self.hexes.items():
            if d.land > 0:
                i = labels.index((d.col, d.row))
                sel = (self.hex_id == i) & self.land
                self.land_centroid[lab] = (float(self.slat[sel].mean()), float(self.slon[sel].mean()))

    def name_islands(self) -> None:
        """Every named island gets a hex a player can name: the hex holding its centre (ruling M-5).

        A hex the mask gives no land (an island smaller than the mask's 1 km cells sees) is still an island hex
        when a named island lies in it. A hex with land but no named island of its own takes the name of the island
        its land belongs to (the nearest named island to its land's centroid) as a feature, not as its name.
        """
        self.island_hex: dict[str, str] = {}
        for isl in self.src["island"]:
            lab = isl.get("hex") or self.hex_at(isl["lat"], isl["lon"])
            if lab is None:
                self.log.append(f"Island {isl['name']} is off the map")
                continue
            d = self.hexes[lab]
            if d.terrain == "sea":
                d.terrain = "partial"
                d.source += "; an island smaller than the mask resolves lies here (ruling M-2)"
            # Two islands a few miles apart (Saipan and Tinian) share a 25 nm hex; the hex carries both names.
            d.name = f"{d.name} and {isl['name']}" if d.name else isl["name"]
            d.features.append(("island", isl["name"]))
            self.island_hex[isl["name"]] = lab
            real = self.hex_at(isl["lat"], isl["lon"])
            if real != lab:
                d.source += f"; {isl['name']} is placed in {lab} (its centre falls in {real}; ruling M-1)"
        named = [(isl["name"], isl["lat"], isl["lon"]) for isl in self.src["island"]]
        for lab, (la, lo) in sorted(self.land_centroid.items()):
            d = self.hexes[lab]
            if d.name or d.terrain == "sea":
                continue
            name, dist = min(((n, mk.great_circle_nm(la, lo, a, b)) for n, a, b in named), key=lambda t: (t[1], t[0]))
            if dist <= 30.0:
                d.features.append(("island", name))
                d.source += f"; part of {name}"
        self.log.append(
            "Island hexes: " + ", ".join(f"{n} {h}" for n, h in sorted(self.island_hex.items(), key=lambda t: t[1]))
        )

    def tag_airfields(self) -> None:
        """On-map fields tag their island's hex; off-map fields get the nearest edge hex and the hexes beyond."""
        self.fields: list[dict[str, object]] = []
        edge_labels = [
            label_of(c, r)
            for c, r in self.grid.labels()
            if c in self.grid.cols or r in self.grid.rows
        ]
        edge_pos = {lab: self.latlon_of(lab) for lab in edge_labels}
        per_runway = 3
        for a in self.src["airfield"]:
            lab = self.hex_at(a["lat"], a["lon"])
            isl = next((i for i in self.src["island"] if i.get("airfield") == a["id"]), None)
            if isl is not None and isl["name"] in self.island_hex:
                lab = self.island_hex[isl["name"]]
            row: dict[str, object] = {
                "id": a["id"],
                "name": a["name"],
                "lat": f"{a['lat']:.2f}",
                "lon": f"{a['lon']:.2f}",
                "capacity": 0 if a.get("captured") else per_runway * int(a["runways"]),
                "air_fleet": a["air_fleet"],
                "search_hexes": 25 if a["id"] == "guam" else 0,
                "ready_max": a["ready_max"],
            }
            if lab is not None:
                self.hexes[lab].features.append(("airfield", a["id"]))
                row.update(hex=lab, off_map_edge_hex="", hexes_beyond="", distance_nm="")
                where = f"on the map in {lab}"
            else:
                near, dist = min(
                    ((e, mk.great_circle_nm(a["lat"], a["lon"], *edge_pos[e])) for e in edge_labels),
                    key=lambda t: (t[1], t[0]),
                )
                beyond = round_half_up(dist / float(self.src["map"]["hex_size_nm"]))
                row.update(hex="", off_map_edge_hex=near, hexes_beyond=beyond, distance_nm=f"{dist:.0f}")
                where = f"off the map, {dist:.0f} nm from edge hex {near} = {beyond} hexes beyond (2.1, 1.2)"
            cap = (f"capacity 0 (ruling M-6): {a['captured']}; before that " if a.get("captured")
                   else "capacity = ")
            row["source"] = (
                f"{where}; {cap}{per_runway} air units x {a['runways']} runway(s) in service in June 1944 "
                f"(ruling M-7): {a['capacity_source']}; air_fleet and search: ruling M-8; ready_max printed 5.6"
            )
            row["provenance"] = "reconstructed"
            self.fields.append(row)
            self.log.append(f"  airfield {a['id']:9s} {where}")

    def tag_search(self) -> None:
        """6.3.3: a hex is inside a US land-based search area when its centre is within the squadron's radius."""
        self.zones: list[dict[str, object]] = []
        for z in self.src["search"]:
            inside = []
            for lab, d in sorted(self.hexes.items()):
                if mk.great_circle_nm(*self.latlon_of(lab), z["lat"], z["lon"]) <= z["radius_nm"]:
                    d.features.append(("us_search", z["id"]))
                    inside.append(lab)
            base = self.hex_at(z["lat"], z["lon"]) or ""
            self.zones.append(
                {
                    "id": z["id"],
                    "name": z["name"],
                    "base": z["base"],
                    "base_hex": base,
                    "lat": f"{z['lat']:.2f}",
                    "lon": f"{z['lon']:.2f}",
                    "radius_nm": z["radius_nm"],
                    "radius_hexes": round_half_up(z["radius_nm"] / float(self.src["map"]["hex_size_nm"])),
                    "night": "yes",
                    "hexes": len(inside),
                    "provenance": "reconstructed",
                    "source": z["source"] + "; every map hex whose centre lies within the radius (great circle) "
                    "carries the feature us_search:" + z["id"] + " in map.csv (ruling M-9)",
                }
            )
            self.log.append(f"  search {z['id']}: {len(inside)} hexes within {z['radius_nm']} nm of {z['base']}")
        both = sum(1 for d in self.hexes.values() if sum(k == "us_search" for k, _ in d.features) == 2)
        self.log.append(f"  hexes inside both search areas (2.1 'some overlap'): {both}")

    def tag_edges(self) -> None:
        """The map edges (7.3, 12.9), then the Saipan hex (10.2), which the set-up check reads next."""
        super().tag_edges()
        saipan = self.hexes[self.island_hex["Saipan"]]
        saipan.features.append(("saipan", "10.2"))
        saipan.source = "10.2, 16.1.4: the Saipan hex (TG 52.10's set-up hex 3712, ruling M-1); " + saipan.source

    def check_setups(self) -> None:
        self.log.append("Set-up hexes:")
        for s, d, terr, where in self.setup_hexes():
            self.log.append(f"  {s['label']} ({s['what']}, {s['case']}): {terr} at {where}")
            if d is not None:
                d.source += f"; set-up hex printed in {s['case']}: {s['what']}"
            allowed = ("sea", "partial") if s["label"] == self.island_hex["Saipan"] else ("sea",)
            if terr not in allowed:
                raise SystemExit(f"set-up hex {s['label']} is {terr}, not {' or '.join(allowed)}")

    # -- output ---------------------------------------------------------------------------------------------------

    def rows(self) -> list[HexData]:
        return [self.hexes[label_of(c, r)] for c, r in self.grid.labels()]

    def csv_text(self) -> str:
        lines = ["label,terrain,features,name,provenance,source"]
        for d in self.rows():
            ftext = mk.feature_text(d.features, FEATURE_ORDER)
            lines.append(",".join([d.label, d.terrain, mk.csv_cell(ftext), mk.csv_cell(d.name), d.provenance,
                                   mk.csv_cell(d.source)]))
        return "\n".join(lines) + "\n"

    def toml_text(self) -> str:
        m = self.src["map"]
        return "\n".join(
            [
                *self.header_toml("tools/build_clash_map.py", "tools/sources/clash_places.toml"),
                'terrains = ["sea", "partial", "land"]',
                f"cols = [{m['cols'][0]}, {m['cols'][1]}]",
                f"rows = [{m['rows'][0]}, {m['rows'][1]}]",
                'provenance = "reconstructed"',
                'source = "Real coastlines (GLOBE 30-arc-second land mask) on a hex grid fitted to the set-up hexes '
                'the rulebook prints (16.1.1, 16.1.3) and the Saipan hex (10.2); see notes/map-provenance.md"',
                "# Labels are column first (CCRR). Column numbers grow to the right (map east), row numbers grow",
                "# downwards (map south); row 01 is the north edge (2.1).",
                "# terrain: sea = open ocean; partial = an island hex (an island or atoll in a hex of water; ships may",
                "# enter it and stay, the Saipan hex is one, ruling M-2); land = almost all land (none on this map).",
                "# features: island:<name>, airfield:<airfields.csv id>, saipan:10.2 (the Saipan hex),",
                "# us_search:VP-16 / us_search:VB-101 (6.3.3), edge:north/south/east/west (7.3, 12.9).",
                "",
                *self.projection_toml(),
            ]
        )

    def airfields_text(self) -> str:
        cols = ["id", "name", "hex", "off_map_edge_hex", "hexes_beyond", "distance_nm", "lat", "lon", "capacity",
                "air_fleet", "search_hexes", "ready_max", "provenance", "source"]
        lines = [",".join(cols)]
        for f in self.fields:
            lines.append(",".join(mk.csv_cell(str(f[c])) for c in cols))
        return "\n".join(lines) + "\n"

    def zones_text(self) -> str:
        cols = ["id", "name", "base", "base_hex", "lat", "lon", "radius_nm", "radius_hexes", "night", "hexes",
                "provenance", "source"]
        lines = [",".join(cols)]
        for z in self.zones:
            lines.append(",".join(mk.csv_cell(str(z[c])) for c in cols))
        return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------------------------
# Preview (build time only; never written into the repository)
# ---------------------------------------------------------------------------------------------------------------


def preview(b: Build, path: Path, px_per_nm: float = 2.0) -> None:
    """A PNG of the map for a human to look at: terrain, real land, labels, set-up hexes, fields, search limits."""
    from PIL import Image, ImageDraw  # build-time only

    s = b.grid.s_nm
    xs = [b.grid.centre_nm(c, r)[0] for c, r in b.grid.labels()]
    ys = [b.grid.centre_nm(c, r)[1] for c, r in b.grid.labels()]
    x0, y0 = min(xs) - s, min(ys) - s
    w = int((max(xs) + s - x0) * px_per_nm) + 1
    h = int((max(ys) + s - y0) * px_per_nm) + 1
    img = Image.new("RGB", (w, h), "white")
    dr = ImageDraw.Draw(img)

    def pt(x: float, y: float) -> tuple[float, float]:
        return (x - x0) * px_per_nm, (y - y0) * px_per_nm

    colours = {"sea": (191, 227, 247), "partial": (120, 170, 120), "land": (217, 207, 167)}
    for d in b.rows():
        cx, cy = b.grid.centre_nm(d.col, d.row)
        poly = [pt(cx + s * math.cos(math.radians(60 * i)), cy + s * math.sin(math.radians(60 * i))) for i in range(6)]
        fill = colours[d.terrain]
        kinds = {k for k, _ in d.features}
        zones = {n for k, n in d.features if k == "us_search"}
        if "VB-101" in zones:
            fill = (fill[0] - 25, fill[1] - 10, fill[2])
        if "VP-16" in zones:
            fill = (fill[0], fill[1] - 20, fill[2] - 30)
        if "edge" in kinds and d.terrain == "sea":
            fill = (fill[0] - 15, fill[1] - 15, fill[2] - 15)
        dr.polygon(poly, fill=fill, outline=(150, 150, 150))
    land = b.land & (b.hex_id >= 0)
    for x, y in zip(b.sx[land].tolist(), b.sy[land].tolist(), strict=True):
        px, py = pt(x, y)
        dr.point((px, py), fill=(110, 70, 30))
    for d in b.rows():
        cx, cy = b.grid.centre_nm(d.col, d.row)
        px, py = pt(cx, cy + 0.55 * s)
        dr.text((px - 9, py - 4), d.label, fill=(60, 60, 60))
        if d.name:
            qx, qy = pt(cx, cy - 0.75 * s)
            dr.text((qx - 3 * len(d.name), qy - 4), d.name, fill=(0, 0, 0))
        if any(k == "airfield" for k, _ in d.features):
            qx, qy = pt(cx, cy)
            dr.polygon([(qx, qy - 6), (qx - 6, qy + 5), (qx + 6, qy + 5)], fill=(0, 110, 0))
        if any(k == "saipan" for k, _ in d.features):
            qx, qy = pt(cx, cy)
            dr.ellipse([qx - 14, qy - 14, qx + 14, qy + 14], outline=(200, 0, 0), width=2)
    for lab, _what, terr, _ in b.setup_report:
        cx, cy = b.grid.centre_nm(*parse_label(lab))
        qx, qy = pt(cx, cy)
        dr.ellipse([qx - 10, qy - 10, qx + 10, qy + 10], outline=(0, 150, 0) if terr == "sea" else (200, 0, 0),
                   width=3)
    dr.text((10, h - 20), "Clash of the Carriers map preview (build tool, not shipped). Shading: VP-16 greener, "
            "VB-101 bluer; green hexes hold islands; circles: set-up hexes; red ring: Saipan hex", fill=(0, 0, 0))
    img.save(path)


# ---------------------------------------------------------------------------------------------------------------


def outputs(b: Build) -> dict[Path, str]:
    return {
        OUT_DIR / "map.toml": b.toml_text(),
        OUT_DIR / "map.csv": b.csv_text(),
        OUT_DIR / "airfields.csv": b.airfields_text(),
        OUT_DIR / "search_zones.csv": b.zones_text(),
    }


def main(argv: list[str] | None = None) -> int:
    return mk.run_map_tool(argv, __doc__, SOURCES, Build, outputs, preview)

if __name__ == "__main__":
    raise SystemExit(main())
