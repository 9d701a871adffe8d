"""Parts every real-coastline map generator shares (Imperial Sunset, Clash of the Carriers).

Both games lost their printed map, so both tools rebuild one the same way: project the real places, fit a hex grid
to the few hexes the rulebook ties to places (a similarity transform, fixed or free scale and rotation), then sample
a land mask. The geometry, the fit search, the residual and set-up reports, the map-edge tags, the ``[projection]``
block of ``map.toml`` and the write-or-check step live here once, so a fix to one game's map reaches the other.
What differs between the games (label scheme, hex orientation, terrain rules, features) stays in each tool.

Build time only: the engine never imports this module.
"""

from __future__ import annotations

import argparse
import math
import sys
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

SQ3 = math.sqrt(3.0)


# ---------------------------------------------------------------------------------------------------------------
# Projection, distances, CSV cells
# ---------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Projection:
    """Sinusoidal projection about (lat0, lon0), in nautical miles, x east and y south.

    Equal-area and true to scale along every parallel, which is what a map maker working from a chart of the
    Philippines (5-21 N) would get to within a few per cent whatever chart he used.
    """

    lat0: float
    lon0: float

    def forward(self, lat: np.ndarray | float, lon: np.ndarray | float) -> tuple[np.ndarray, np.ndarray]:
        lat = np.asarray(lat, dtype=float)
        lon = np.asarray(lon, dtype=float)
        return (lon - self.lon0) * 60.0 * np.cos(np.radians(lat)), (self.lat0 - lat) * 60.0

    def inverse(self, x: np.ndarray | float, y: np.ndarray | float) -> tuple[np.ndarray, np.ndarray]:
        x = np.asarray(x, dtype=float)
        y = np.asarray(y, dtype=float)
        lat = self.lat0 - y / 60.0
        return lat, self.lon0 + x / (60.0 * np.cos(np.radians(lat)))


def csv_cell(text: str) -> str:
    """Quote a CSV cell only when it needs it, so the files stay readable in a diff."""
    if any(ch in text for ch in ',"\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def great_circle_nm(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Distance along the earth in nautical miles (one minute of arc each), for radii and nearest-place checks."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dl = math.radians(lon2 - lon1)
    c = math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(dl)
    return math.degrees(math.acos(max(-1.0, min(1.0, c)))) * 60.0


def cube_round(fq: np.ndarray, fr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Round fractional axial coordinates to the hex holding each point (cube rounding), as integer arrays.

    The coordinate with the largest rounding error is rebuilt from the other two so that q + r + s stays 0.
    """
    fs = -fq - fr
    q, r, s = np.round(fq), np.round(fr), np.round(fs)
    dq, dr, ds = np.abs(q - fq), np.abs(r - fr), np.abs(s - fs)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = ~fix_q & (dr > ds)
    q = np.where(fix_q, -r - s, q)
    r = np.where(fix_r, -q - s, r)
    return q.astype(int), r.astype(int)


def feature_text(features: list[tuple[str, str]], order: tuple[str, ...]) -> str:
    """A hex's features as ``kind:name;...``, deduplicated and in a fixed order so every run writes the same text."""
    feats = sorted(set(features), key=lambda kn: (order.index(kn[0]), kn[1]))
    return ";".join(f"{k}:{n}" for k, n in feats)


# ---------------------------------------------------------------------------------------------------------------
# Fit
# ---------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fit:
    """Map miles = qc + z * (projected miles - pc), with complex numbers for 2-D points."""

    z: complex
    pc: complex
    qc: complex
    offset: str
    free_scale: bool
    free_rotation: bool
    rms_nm: float

    def to_map(self, px: np.ndarray, py: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        w = self.qc + self.z * ((px + 1j * py) - self.pc)
        return w.real, w.imag

    def to_projected(self, mx: np.ndarray, my: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        w = self.pc + ((mx + 1j * my) - self.qc) / self.z
        return w.real, w.imag


def fit_similarity(
    proj_pts: np.ndarray, map_pts: np.ndarray, weights: np.ndarray, *, free_scale: bool, free_rotation: bool
) -> tuple[complex, complex, complex]:
    """Weighted least-squares similarity transform from projected to map points (closed form, complex algebra)."""
    w = weights / weights.sum()
    pc = complex((w * proj_pts).sum())
    qc = complex((w * map_pts).sum())
    a = proj_pts - pc
    b = map_pts - qc
    z = complex((w * np.conj(a) * b).sum() / (w * np.abs(a) ** 2).sum())
    if not free_rotation:
        z = complex(z.real, 0.0)
    if not free_scale:
        z = z / abs(z)
    return z, pc, qc


def weighted_rms(residuals: np.ndarray, weights: np.ndarray) -> float:
    return float(math.sqrt((weights * np.abs(residuals) ** 2).sum() / weights.sum()))


FitKey = tuple[str, bool, bool]


def fit_variants(
    ppts: np.ndarray, weights: np.ndarray, map_points: Callable[[str], np.ndarray], log: list[str]
) -> dict[FitKey, Fit]:
    """Fit both grid parities with fixed or free scale and rotation, logging each; ``map_points(offset)`` gives
    the anchors' hex centres for one parity. Keyed by (offset, free_scale, free_rotation)."""
    results: dict[FitKey, Fit] = {}
    log.append("Fit variants (weighted RMS over the fitted places, map nm):")
    for offset in ("odd", "even"):
        mpts = map_points(offset)
        for free_scale in (False, True):
            for free_rotation in (False, True):
                z, pc, qc = fit_similarity(ppts, mpts, weights, free_scale=free_scale, free_rotation=free_rotation)
                res = qc + z * (ppts - pc) - mpts
                f = Fit(z, pc, qc, offset, free_scale, free_rotation, weighted_rms(res, weights))
                results[(offset, free_scale, free_rotation)] = f
                log.append(
                    f"  offset={offset:4s} scale={'free ' if free_scale else 'fixed'} "
                    f"rotation={'free ' if free_rotation else 'fixed'}: rms {f.rms_nm:5.1f}, "
                    f"scale {abs(z):.3f}, rotation {math.degrees(math.atan2(z.imag, z.real)):+.2f} deg"
                )
    return results


def adopt_simplest(results: Mapping[FitKey, Fit], offset: str, drop: float) -> tuple[Fit, str]:
    """Start from fixed scale and rotation and take a freedom only if it cuts the RMS by ``drop``: a fit with more
    freedom always fits a handful of places better, so it must earn its place. Returns the fit and the start of the
    log line that says what was chosen (the caller ends the sentence)."""
    chosen = results[(offset, False, False)]
    for key in ((offset, True, False), (offset, False, True), (offset, True, True)):
        cand = results[key]
        if cand.rms_nm <= chosen.rms_nm * (1.0 - drop):
            chosen = cand
    line = (
        f"Chosen: offset {chosen.offset}, scale {'free' if chosen.free_scale else 'fixed'}, rotation "
        f"{'free' if chosen.free_rotation else 'fixed'} (a freedom is taken only if it cuts the RMS by "
        f"{drop:.0%}); one hex = {25.0 / abs(chosen.z):.1f} real nm"
    )
    return chosen, line


# ---------------------------------------------------------------------------------------------------------------
# What a map build has, and the steps both games run on it
# ---------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GridBase:
    """The hex grid a map is fitted to: which parity of columns or rows is shifted half a hex, the label ranges and
    the hex size across the flats. Each tool subclasses it with its own orientation (centres, labels, locate)."""

    offset: str
    cols: tuple[int, int]
    rows: tuple[int, int]
    size_nm: float = 25.0  # across the flats

    @property
    def s_nm(self) -> float:
        """Circumradius in nautical miles (map units of the core's HexMap.center are this long)."""
        return self.size_nm / SQ3


class MapGrid(Protocol):
    """The grid calls the shared steps make; each tool's ``Grid`` supplies them for its own hex orientation."""

    cols: tuple[int, int]
    rows: tuple[int, int]

    @property
    def s_nm(self) -> float: ...

    def centre_nm(self, col: int, row: int) -> tuple[float, float]: ...

    def labels(self) -> list[tuple[int, int]]: ...

    def locate(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]: ...


class HexLike(Protocol):
    col: int
    row: int
    features: list[tuple[str, str]]


class FittedMap:
    """Base of a tool's ``Build``: the geometry between real places and hexes once the grid is fitted.

    A subclass sets ``src``, ``log``, ``proj``, ``fit``, ``grid`` and ``hexes``, and its label scheme as the
    static methods ``label_of`` and ``parse_label`` (the games number hexes differently).
    """

    src: dict[str, Any]
    log: list[str]
    proj: Projection
    fit: Fit
    grid: MapGrid
    hexes: Mapping[str, Any]
    label_of: Callable[[int, int], str]
    parse_label: Callable[[str], tuple[int, int]]

    def __init__(self, src: dict[str, Any]) -> None:
        """Start a build from the tool's source file: the projection is fixed there; the fit and grid come next."""
        self.src = src
        self.log = []
        self.proj = Projection(src["projection"]["lat0"], src["projection"]["lon0"])

    def cr_at(self, lat: float, lon: float) -> tuple[int, int]:
        """(col, row) of the hex holding a real place, on the map or not."""
        px, py = self.proj.forward(lat, lon)
        mx, my = self.fit.to_map(px, py)
        col, row = self.grid.locate(np.array([mx]), np.array([my]))
        return int(col[0]), int(row[0])

    def hex_at(self, lat: float, lon: float) -> str | None:
        """The on-map hex holding a real place, or None off the map."""
        c, r = self.cr_at(lat, lon)
        if not (self.grid.cols[0] <= c <= self.grid.cols[1] and self.grid.rows[0] <= r <= self.grid.rows[1]):
            return None
        return self.label_of(c, r)

    def latlon_of(self, label: str) -> tuple[float, float]:
        """Latitude and longitude of a hex centre."""
        mx, my = self.grid.centre_nm(*self.parse_label(label))
        px, py = self.fit.to_projected(np.array(mx), np.array(my))
        lat, lon = self.proj.inverse(px, py)
        return float(lat), float(lon)

    def anchor_residuals(self) -> Iterator[tuple[dict[str, Any], float]]:
        """Each anchor place with its distance to its hex centre in real nm, logged as the fit's report."""
        self.log.append("Residuals (distance from the real place to its hex centre, real nm):")
        scale = abs(self.fit.z)
        for a in self.src["anchor"]:
            px, py = self.proj.forward(a["lat"], a["lon"])
            mx, my = self.fit.to_map(px, py)
            hx, hy = self.grid.centre_nm(*self.parse_label(a["label"]))
            res = math.hypot(float(mx) - hx, float(my) - hy) / scale
            yield a, res
            self.log.append(f"  {a['label']}  w={a['weight']:<4} {res:6.1f}  {a['name']}")

    def setup_hexes(self) -> Iterator[tuple[dict[str, Any], Any, str, str]]:
        """Each printed set-up hex with its hex data (None off the map), terrain and real position; the hexes are
        also kept in ``setup_report`` for the preview."""
        self.setup_report: list[tuple[str, str, str, str]] = []
        for s in self.src["checks"]["setup"]:
            d = self.hexes.get(s["label"])
            terr = d.terrain if d else "off map"
            lat, lon = self.latlon_of(s["label"])
            where = f"{lat:.2f} N {lon:.2f} E"
            self.setup_report.append((s["label"], s["what"], terr, where))
            yield s, d, terr, where

    def tag_edges(self) -> None:
        """Tag the hexes on each map edge (ships leave, and some arrive, there)."""
        for d in self.hexes.values():
            if d.row == self.grid.rows[0]:
                d.features.append(("edge", "north"))
            if d.row == self.grid.rows[1]:
                d.features.append(("edge", "south"))
            if d.col == self.grid.cols[0]:
                d.features.append(("edge", "west"))
            if d.col == self.grid.cols[1]:
                d.features.append(("edge", "east"))

    def header_toml(self, tool: str, sources: str) -> list[str]:
        """The opening lines of map.toml, up to the fitted offset: where the file comes from and the grid's shape."""
        m = self.src["map"]
        return [
            f"# Generated by {tool} from {sources}.",
            "# Do not edit by hand: change the sources and re-run the tool. Method and rulings:",
            "# notes/map-provenance.md and notes/map-rulings.md.",
            f'id = "{m["id"]}"',
            f'name = "{m["name"]}"',
            f"hex_size_nm = {m['hex_size_nm']}",
            f'orientation = "{m["orientation"]}"',
            f"label_digits = [{m['label_digits'][0]}, {m['label_digits'][1]}]",
            f'first = "{m["first"]}"',
            f'offset = "{self.fit.offset}"',
        ]

    def projection_toml(self) -> list[str]:
        """The ``[projection]`` block of map.toml: enough to put any hex centre back on the globe."""
        m = self.src["map"]
        z = self.fit.z
        lat0, lon0 = self.latlon_of(self.label_of(m["cols"][0], m["rows"][0]))
        lat1, lon1 = self.latlon_of(self.label_of(m["cols"][1], m["rows"][1]))
        return [
            "[projection]",
            "# How a hex centre (HexMap.center, units of the circumradius s) maps to latitude and longitude:",
            "# map_nm = center * s_nm; projected = pc + (map_nm - qc) / z (complex numbers x + iy, y south);",
            "# lat = lat0 - y / 60; lon = lon0 + x / (60 cos lat). For rendering and checks only.",
            'kind = "sinusoidal"',
            f"lat0 = {self.proj.lat0}",
            f"lon0 = {self.proj.lon0}",
            f"s_nm = {self.grid.s_nm:.6f}",
            f"z = [{z.real:.6f}, {z.imag:.6f}]",
            f"pc = [{self.fit.pc.real:.4f}, {self.fit.pc.imag:.4f}]",
            f"qc = [{self.fit.qc.real:.4f}, {self.fit.qc.imag:.4f}]",
            f"real_nm_per_hex = {25.0 / abs(z):.2f}",
            f"rms_residual_nm = {self.fit.rms_nm / abs(z):.2f}",
            f"north_west_centre = [{lat0:.3f}, {lon0:.3f}]",
            f"south_east_centre = [{lat1:.3f}, {lon1:.3f}]",
            "",
        ]


# ---------------------------------------------------------------------------------------------------------------
# Running a generator
# ---------------------------------------------------------------------------------------------------------------


def sync_files(files: Mapping[Path, str], *, check: bool) -> list[Path]:
    """Compare each output with the file on disk and, unless only checking, write the ones that differ.

    Returns the files that were out of date (missing or different), in the order given. Written with ``\\n`` line
    ends on every platform so the bytes match the committed files.
    """
    stale = [p for p, text in files.items() if not p.exists() or p.read_text(encoding="utf-8") != text]
    if not check:
        for p in stale:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(files[p], encoding="utf-8", newline="\n")
    return stale


def run_map_tool(
    argv: list[str] | None,
    doc: str | None,
    sources: Path,
    build: Callable[[dict[str, Any]], Any],
    outputs: Callable[[Any], Mapping[Path, str]],
    preview: Callable[[Any, Path], None],
) -> int:
    """A map tool's command line (``doc`` is the tool's docstring): build from ``sources``, report, then write (or
    with ``--check`` compare) the files ``outputs`` names, and draw a preview PNG if asked."""
    ap = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    ap.add_argument("--preview", type=Path, help="write a PNG preview here (keep it out of the repository)")
    ap.add_argument("--check", action="store_true", help="fail if the files on disk differ from a fresh build")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    b = build(tomllib.loads(sources.read_text(encoding="utf-8")))
    if not args.quiet:
        print_terrain_summary(b.log, b.rows())
    if write_or_check(outputs(b), check=args.check):
        return 1
    if args.preview:
        preview(b, args.preview)
    return 0


def print_terrain_summary(log: list[str], rows: list[Any]) -> None:
    """The fit report and the count of hexes per terrain, for the person running the tool."""
    print("\n".join(log))
    counts = {t: sum(1 for d in rows if d.terrain == t) for t in ("sea", "partial", "land")}
    print(f"Hexes: {len(rows)} ({counts})")


def write_or_check(files: Mapping[Path, str], *, check: bool) -> int:
    """The map tools' last step: with ``check``, exit status 1 naming the stale files; otherwise write them."""
    stale = sync_files(files, check=check)
    if check and stale:
        print("out of date: " + ", ".join(str(p) for p in stale), file=sys.stderr)
        return 1
    return 0
