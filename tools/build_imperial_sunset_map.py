"""Build the Imperial Sunset map (``scenarios/imperial-sunset/map.toml`` + ``map.csv``) from real coastlines.

The rulebook's map was lost, but the text keeps a few hex numbers tied to real places (the two straits, Manila,
Clark Field, Ormoc, the beachhead) and a few dozen set-up hexes. This tool

1. reads those places and every other input from ``tools/sources/imperial_sunset_places.toml``;
2. fits the hex grid to the real places (least squares, similarity transform), prints the residuals in nm and
   keeps the simplest fit that is not clearly worse;
3. samples a 1 km land mask (``global-land-mask``, build time only) about every map mile and classifies each hex
   as sea, partial sea (impassable: mostly land, or water cut up by land) or land;
4. forces the printed hexes to their role, closes every passage between the inner seas and the Philippine Sea
   other than the two straits, and tags airfields, zones and edges;
5. writes the two data files deterministically (run twice, same bytes).

Run from the repository root::

    /work/venv/bin/python tools/build_imperial_sunset_map.py [--preview /tmp/map.png] [--check]

``--check`` rebuilds in memory and fails if the files on disk differ. The engine never imports this module.
"""

from __future__ import annotations

import math
import sys
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import mapkit as mk  # noqa: E402  (shared with the Clash map tool)

SOURCES = ROOT / "tools" / "sources" / "imperial_sunset_places.toml"
OUT_DIR = ROOT / "scenarios" / "imperial-sunset"

# Order in which feature kinds are written, so every run writes the same text.
FEATURE_ORDER = (
    "strait",
    "port",
    "base",
    "beachhead",
    "airfield",
    "airfleet",
    "blocked_side",
    "sea_name",
    "west_of",
    "one_west_of",
    "usaaf_search",
    "pt_zone",
    "edge",
)


# ---------------------------------------------------------------------------------------------------------------
# Hex geometry
# ---------------------------------------------------------------------------------------------------------------


class Grid(mk.GridBase):
    """Pointy-topped hexes labelled RRCC; ``offset`` says whether odd or even rows sit half a hex east."""

    def shifted(self, row: int) -> bool:
        return (row % 2 == 1) == (self.offset == "odd")

    def centre_nm(self, col: int, row: int) -> tuple[float, float]:
        return mk.SQ3 * self.s_nm * (col + (0.5 if self.shifted(row) else 0.0)), 1.5 * self.s_nm * row

    def labels(self) -> list[tuple[int, int]]:
        return [(c, r) for r in range(self.rows[0], self.rows[1] + 1) for c in range(self.cols[0], self.cols[1] + 1)]

    def neighbours(self, col: int, row: int) -> list[tuple[int, int]]:
        """On-map neighbours in a fixed order (east, west, then the two above, then the two below)."""
        east_side = 1 if self.shifted(row) else 0  # the upper/lower neighbours are (col-1+e, col+e)
        cand = [(col + 1, row), (col - 1, row)]
        for dr in (-1, 1):
            cand += [(col - 1 + east_side, row + dr), (col + east_side, row + dr)]
        return [(c, r) for c, r in cand if self.cols[0] <= c <= self.cols[1] and self.rows[0] <= r <= self.rows[1]]

    def locate(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Map miles -> (col, row) of the hex holding each point (cube rounding of fractional axial coordinates)."""
        u = np.asarray(x, dtype=float) / self.s_nm
        v = np.asarray(y, dtype=float) / self.s_nm
        fr = v / 1.5
        q, r = mk.cube_round(u / mk.SQ3 - fr / 2.0 - (0.5 if self.offset == "even" else 0.0), fr)
        if self.offset == "odd":
            col = q + (r - (r & 1)) // 2
        else:
            col = q + (r + (r & 1)) // 2
        return col, r


def label_of(col: int, row: int) -> str:
    return f"{row:02d}{col:02d}"


def parse_label(label: str) -> tuple[int, int]:
    """'3119' -> (col 19, row 31)."""
    return int(label[2:]), int(label[:2])


def hex_distance(grid: Grid, a: tuple[int, int], b: tuple[int, int]) -> int:
    def axial(c: int, r: int) -> tuple[int, int]:
        push = (r - (r & 1)) // 2 if grid.offset == "odd" else (r + (r & 1)) // 2
        return c - push, r

    (q1, r1), (q2, r2) = axial(*a), axial(*b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# ---------------------------------------------------------------------------------------------------------------
# Fit
# ---------------------------------------------------------------------------------------------------------------


def choose_fit(src: dict, proj: mk.Projection, cols: tuple[int, int], rows: tuple[int, int], out: list[str]) -> mk.Fit:
    """Try both row parities, fixed or free scale and rotation; keep the simplest fit that is not clearly worse."""
    anchors = [a for a in src["anchor"] if a["weight"] > 0]
    lat = np.array([a["lat"] for a in anchors])
    lon = np.array([a["lon"] for a in anchors])
    weights = np.array([a["weight"] for a in anchors])
    px, py = proj.forward(lat, lon)
    ppts = px + 1j * py
    drop = float(src["fit"]["adopt_if_rms_drops"])

    def map_points(offset: str) -> np.ndarray:
        grid = Grid(offset, cols, rows)
        return np.array([complex(*grid.centre_nm(*parse_label(a["label"]))) for a in anchors])

    results = mk.fit_variants(ppts, weights, map_points, out)
    best_offset = min(("odd", "even"), key=lambda o: results[(o, True, True)].rms_nm)
    chosen, line = mk.adopt_simplest(results, best_offset, drop)
    out.append(f"{line}, rotation {math.degrees(math.atan2(chosen.z.imag, chosen.z.real)):+.2f} deg.")
    # For comparison: the same choice fitted to the six printed places alone.
    six = [a for a in anchors if a["weight"] >= 1.0]
    sx, sy = proj.forward(np.array([a["lat"] for a in six]), np.array([a["lon"] for a in six]))
    grid = Grid(chosen.offset, cols, rows)
    smap = np.array([complex(*grid.centre_nm(*parse_label(a["label"]))) for a in six])
    sw = np.ones(len(six))
    z, pc, qc = mk.fit_similarity(
        sx + 1j * sy, smap, sw, free_scale=chosen.free_scale, free_rotation=chosen.free_rotation
    )
    rms = mk.weighted_rms(qc + z * (sx + 1j * sy - pc) - smap, sw)
    out.append(
        f"Same fit on the six printed places alone: rms {rms:.1f} map nm, one hex = {25.0 / abs(z):.1f} real nm."
    )
    return chosen


# ---------------------------------------------------------------------------------------------------------------
# Raster and connected components
# ---------------------------------------------------------------------------------------------------------------


def label_components(mask: np.ndarray, group: np.ndarray | None = None) -> np.ndarray:
    """4-connected components of ``mask``; with ``group``, cells join only cells of the same group value.

    Returns, per cell, the flat index of a representative cell of its component (-1 off the mask). Min-label
    propagation with pointer jumping: plain numpy, deterministic, a few dozen passes on this raster.
    """
    h, w = mask.shape
    idx = np.arange(h * w).reshape(h, w)
    lab = np.where(mask, idx, h * w)
    big = h * w
    # Which neighbour links are allowed (both cells on the mask, same group).
    right = mask[:, :-1] & mask[:, 1:]
    down = mask[:-1, :] & mask[1:, :]
    if group is not None:
        right &= group[:, :-1] == group[:, 1:]
        down &= group[:-1, :] == group[1:, :]
    while True:
        new = lab.copy()
        np.minimum(new[:, :-1], np.where(right, lab[:, 1:], big), out=new[:, :-1])
        np.minimum(new[:, 1:], np.where(right, lab[:, :-1], big), out=new[:, 1:])
        np.minimum(new[:-1, :], np.where(down, lab[1:, :], big), out=new[:-1, :])
        np.minimum(new[1:, :], np.where(down, lab[:-1, :], big), out=new[1:, :])
        flat = new.reshape(-1)
        on = flat < big
        for _ in range(4):  # pointer jumping: follow representatives of representatives
            flat[on] = np.minimum(flat[on], flat[flat[on]])
        if np.array_equal(new, lab):
            break
        lab = new
    return np.where(mask, lab, -1)


@dataclass
class Raster:
    """Land-mask samples over the whole map, each tagged with the hex it falls in."""

    x: np.ndarray
    y: np.ndarray
    lat: np.ndarray
    lon: np.ndarray
    water: np.ndarray  # sea water (lakes count as land)
    hex_id: np.ndarray  # index into Grid.labels(), -1 off the map
    lakes: int = 0


def build_raster(grid: Grid, fit: mk.Fit, proj: mk.Projection, step: float) -> Raster:
    from global_land_mask import globe  # build-time dependency only (tools/requirements.txt)

    labels = grid.labels()
    xs = [grid.centre_nm(c, r)[0] for c, r in labels]
    ys = [grid.centre_nm(c, r)[1] for c, r in labels]
    pad = grid.s_nm + step
    gx = np.arange(min(xs) - pad, max(xs) + pad, step)
    gy = np.arange(min(ys) - pad, max(ys) + pad, step)
    x, y = np.meshgrid(gx, gy)
    px, py = fit.to_projected(x, y)
    lat, lon = proj.inverse(px, py)
    land = globe.is_land(lat, lon)
    water = ~land
    # Lakes (Laguna de Bay, Lanao, Taal) are water the fleets cannot reach: only water joined to the raster's
    # border is sea.
    comp = label_components(water)
    border = np.unique(np.concatenate([comp[0], comp[-1], comp[:, 0], comp[:, -1]]))
    border = border[border >= 0]
    sea = np.isin(comp, border)
    lakes = len(np.unique(comp[water & ~sea]))
    col, row = grid.locate(x, y)
    on = (col >= grid.cols[0]) & (col <= grid.cols[1]) & (row >= grid.rows[0]) & (row <= grid.rows[1])
    ncols = grid.cols[1] - grid.cols[0] + 1
    hex_id = np.where(on, (row - grid.rows[0]) * ncols + (col - grid.cols[0]), -1)
    return Raster(x, y, lat, lon, sea, hex_id, lakes)


# ---------------------------------------------------------------------------------------------------------------
# Classification
# ---------------------------------------------------------------------------------------------------------------


@dataclass
class HexData:
    col: int
    row: int
    water: float = 0.0  # share of samples that are sea water
    main_share: float = 0.0  # share of the hex's water in its largest body
    main_comp: int = -1  # representative of that body (per-hex component labelling)
    bodies: list[int] = field(default_factory=list)  # water bodies holding at least 20% of the hex's water
    terrain: str = "land"
    provenance: str = "reconstructed"
    source: str = ""
    notes: list[str] = field(default_factory=list)
    features: list[tuple[str, str]] = field(default_factory=list)

    @property
    def label(self) -> str:
        return label_of(self.col, self.row)


def classify(grid: Grid, ras: Raster, cfg: dict) -> tuple[dict[str, HexData], dict[int, set[int]], dict[int, int]]:
    """First pass: water share and water bodies per hex, and the graph of water bodies touching across hexsides."""
    labels = grid.labels()
    n = len(labels)
    hid = ras.hex_id
    on = hid >= 0
    comp = label_components(ras.water & on, group=hid)
    counts = np.bincount(hid[on], minlength=n)
    wcounts = np.bincount(hid[on & ras.water], minlength=n)
    # Size of every per-hex water body.
    flat_comp = comp[comp >= 0]
    reps, sizes = np.unique(flat_comp, return_counts=True)
    size_of = dict(zip(reps.tolist(), sizes.tolist(), strict=True))
    hex_of_rep = {int(r): int(hid.reshape(-1)[r]) for r in reps}
    best: dict[int, tuple[int, int]] = {}
    per_hex: dict[int, list[tuple[int, int]]] = {}
    for rep, size in sorted(size_of.items()):
        h = hex_of_rep[rep]
        per_hex.setdefault(h, []).append((rep, size))
        if h not in best or size > best[h][1]:
            best[h] = (rep, size)
    data: dict[str, HexData] = {}
    for i, (c, r) in enumerate(labels):
        d = HexData(c, r)
        d.water = wcounts[i] / counts[i] if counts[i] else 0.0
        if i in best and wcounts[i]:
            d.main_comp, main_size = best[i]
            d.main_share = main_size / wcounts[i]
            d.bodies = [rep for rep, size in per_hex[i] if size >= 0.2 * wcounts[i]]
        if d.water < cfg["land_if_water_below"]:
            d.terrain = "land"
        elif d.water >= cfg["sea_if_water_at_least"] and d.main_share >= cfg["sea_main_body_at_least"]:
            d.terrain = "sea"
        else:
            d.terrain = "partial"
        d.source = f"land mask: {d.water:.0%} water, largest water body {d.main_share:.0%} of it"
        data[d.label] = d
    # Water bodies that touch across a hexside (4-neighbour samples in different hexes, both water).
    links: dict[int, set[int]] = {}
    for a, b in (
        (comp[:, :-1], comp[:, 1:]),
        (comp[:-1, :], comp[1:, :]),
    ):
        m = (a >= 0) & (b >= 0) & (a != b)
        pairs = np.unique(np.stack([a[m], b[m]], axis=1), axis=0)
        for u, v in pairs.tolist():
            links.setdefault(u, set()).add(v)
            links.setdefault(v, set()).add(u)
    return data, links, hex_of_rep


def joined(
    d1: HexData, d2: HexData, links: dict[int, set[int]], hex_of_rep: dict[int, int], ids: dict[str, int]
) -> bool:
    """Can a ship sail from one hex's water to the other's without leaving the two hexes?

    Only water bodies holding a real share of a hex's water count (``HexData.bodies``): a ship in a hex is
    somewhere in its navigable water, not in a tidal creek.
    """
    if not d1.bodies or not d2.bodies:
        return False
    allowed = {ids[d1.label], ids[d2.label]}
    goal = set(d2.bodies)
    seen = set(d1.bodies)
    todo = deque(sorted(seen))
    while todo:
        u = todo.popleft()
        if u in goal:
            return True
        for v in sorted(links.get(u, ())):
            if v not in seen and hex_of_rep[v] in allowed:
                seen.add(v)
                todo.append(v)
    return False


# ---------------------------------------------------------------------------------------------------------------
# The build
# ---------------------------------------------------------------------------------------------------------------


class Build(mk.FittedMap):
    """Everything the generator computes, kept together so the checks and the preview can read it."""

    label_of = staticmethod(label_of)
    parse_label = staticmethod(parse_label)

    def __init__(self, src: dict) -> None:
        super().__init__(src)
        m = src["map"]
        cols, rows = tuple(m["cols"]), tuple(m["rows"])
        self.fit = choose_fit(src, self.proj, cols, rows, self.log)
        self.grid = Grid(self.fit.offset, cols, rows, float(m["hex_size_nm"]))
        self.ids = {label_of(c, r): i for i, (c, r) in enumerate(self.grid.labels())}
        self.residual_table()
        cfg = src["classify"]
        self.raster = build_raster(self.grid, self.fit, self.proj, float(cfg["raster_step_nm"]))
        self.log.append(
            f"Land mask sampled at {self.raster.water.size} points; {self.raster.lakes} lakes treated as land."
        )
        self.hexes, self.links, self.hex_of_rep = classify(self.grid, self.raster, cfg)
        self.blocked: set[frozenset[str]] = {frozenset((b["a"], b["b"])) for b in src.get("blocked_side", [])}
        self.force_roles()
        self.settle_cut_pairs()
        self.drop_enclosed()
        self.line_hexes = self.luzon_strait_line()
        self.close_other_passages()
        self.tag_zones()
        self.tag_airfields()
        self.tag_sea_names()
        self.tag_edges()
        self.tag_blocked_sides()
        self.check_setups()

    # -- geometry helpers ----------------------------------------------------------------------------------------

    def nbrs(self, label: str) -> list[str]:
        return [label_of(c, r) for c, r in self.grid.neighbours(*parse_label(label))]

    def sea_nbrs(self, label: str) -> list[str]:
        return [
            n for n in self.nbrs(label) if self.hexes[n].terrain == "sea" and frozenset((label, n)) not in self.blocked
        ]

    def component(self, start: str, barrier: Iterable[str] = ()) -> set[str]:
        bar = set(barrier)
        if start in bar or self.hexes[start].terrain != "sea":
            return set()
        seen = {start}
        todo = deque([start])
        while todo:
            u = todo.popleft()
            for v in self.sea_nbrs(u):
                if v not in seen and v not in bar:
                    seen.add(v)
                    todo.append(v)
        return seen

    def shortest(self, start: str, goal: str, barrier: Iterable[str] = ()) -> list[str] | None:
        bar = set(barrier)
        prev: dict[str, str | None] = {start: None}
        todo = deque([start])
        while todo:
            u = todo.popleft()
            if u == goal:
                path = [u]
                while (p := prev[path[-1]]) is not None:
                    path.append(p)
                return path[::-1]
            for v in self.sea_nbrs(u):
                if v not in prev and v not in bar:
                    prev[v] = u
                    todo.append(v)
        return None

    def demote(self, label: str, why: str) -> None:
        d = self.hexes[label]
        d.terrain = "partial"
        d.notes.append(why)

    # -- steps ---------------------------------------------------------------------------------------------------

    def residual_table(self) -> None:
        self.residuals: list[tuple[str, str, float, float, float]] = []
        for a, res in self.anchor_residuals():
            self.residuals.append((a["label"], a["name"], a["weight"], res, 0.0))

    def force_roles(self) -> None:
        self.forced: set[str] = set()
        for f in self.src["forced"]:
            d = self.hexes[f["label"]]
            if d.terrain != f["terrain"]:
                d.notes.append(f"terrain forced to {f['terrain']} (mask alone gives {d.terrain})")
            d.terrain = f["terrain"]
            d.provenance = f.get("provenance", "printed")
            d.source = f"{f['case']}: {f['why']}; {d.source}"
            for feat in f["features"]:
                kind, _, name = feat.partition(":")
                d.features.append((kind, name))
            self.forced.add(f["label"])

    def settle_cut_pairs(self) -> None:
        """Two sea hexes side by side whose waters do not meet inside the pair (a cape, an island or an isthmus
        lies across their common side) would let a fleet sail through land.

        If the wetter of the two is open water and the other is marginal, the marginal one becomes partial sea
        (that is how a printed map shows a long island such as Palawan: a chain of dark hexes). If both are open
        water, neither is worth losing, and their common side is blocked instead.
        """
        keep = float(self.src["classify"]["block_if_both_water_at_least"])
        self.cut_sides: set[frozenset[str]] = set()
        changed = True
        while changed:
            changed = False
            for label in sorted(self.hexes):
                d = self.hexes[label]
                if d.terrain != "sea":
                    continue
                for n in self.sea_nbrs(label):
                    e = self.hexes[n]
                    if joined(d, e, self.links, self.hex_of_rep, self.ids):
                        continue
                    cands = [x for x in (d, e) if x.label not in self.forced and x.water < keep]
                    if not cands:
                        self.cut_sides.add(frozenset((label, n)))
                        self.blocked.add(frozenset((label, n)))
                        continue
                    loser = min(cands, key=lambda x: (x.water, x.label))
                    other = e if loser is d else d
                    self.demote(loser.label, f"land lies between its water and {other.label}'s")
                    changed = True
                    break
                if changed:
                    break
        self.log.append(f"Blocked {len(self.cut_sides)} hexsides where land separates two open-water hexes.")

    def drop_enclosed(self) -> None:
        """Sea hexes with no sea route to the north, west or east edge are water no fleet can reach or leave (the
        inner end of Davao Gulf, whose mouth lies south of the map): they become partial sea."""
        edge = [
            lab
            for lab, d in sorted(self.hexes.items())
            if d.terrain == "sea" and (d.col in self.grid.cols or d.row == self.grid.rows[0])
        ]
        reach: set[str] = set()
        for e in edge:
            if e not in reach:
                reach |= self.component(e)
        for lab, d in sorted(self.hexes.items()):
            if d.terrain == "sea" and lab not in reach and lab not in self.forced:
                self.demote(lab, "enclosed water: no sea route to the north, west or east edge")

    def luzon_strait_line(self) -> list[str]:
        """Hexes along the IHO limit between the South China Sea and the Philippine Sea north of Luzon."""
        pts = self.src["straits"]["luzon_strait_line"]
        out: list[str] = []
        for (la1, lo1), (la2, lo2) in zip(pts, pts[1:], strict=False):
            for t in np.linspace(0.0, 1.0, 200):
                lab = self.hex_at(la1 + (la2 - la1) * t, lo1 + (lo2 - lo1) * t)
                if lab is not None and lab not in out:
                    out.append(lab)
        return out

    def seeds(self) -> tuple[str, str]:
        s = self.src["straits"]
        inner = self.hex_at(s["inner_seed"]["lat"], s["inner_seed"]["lon"])
        outer = self.hex_at(s["outer_seed"]["lat"], s["outer_seed"]["lon"])
        for seed in (inner, outer):
            if seed is None or self.hexes[seed].terrain != "sea":
                raise SystemExit(f"strait seed {seed} is not a sea hex")
        assert inner and outer
        return inner, outer

    def close_other_passages(self) -> None:
        """6.3 names two ways between the inner seas and the Philippine Sea; at 25 nm a hex is too coarse for the
        narrows (San Juanico, the Dinagat passages, the Bicol isthmus), so any other hex chain is closed by making
        the most landlocked hex on it partial sea."""
        inner, outer = self.seeds()
        barrier = {"3119", "3722", *self.line_hexes}
        while True:
            path = self.shortest(inner, outer, barrier)
            if path is None:
                break
            cands = [p for p in path if p not in self.forced]
            worst = max(cands, key=lambda p: (1.0 - self.hexes[p].water, p))
            self.demote(
                worst, "closes a passage between the inner seas and the Philippine Sea other than the two straits (6.3)"
            )
            self.log.append(f"Closed a back door at {worst} (path {'-'.join(path)})")
        # Both straits must still join the two sides.
        for strait in ("3119", "3722"):
            sides = {
                "inner": [n for n in self.sea_nbrs(strait) if n in self.component(inner, barrier)],
                "outer": [n for n in self.sea_nbrs(strait) if n in self.component(outer, barrier)],
            }
            if not sides["inner"] or not sides["outer"]:
                raise SystemExit(f"strait {strait} does not join the two sides: {sides}")

    def tag_zones(self) -> None:
        inner, outer = self.seeds()
        barrier = {"3119", "3722", *self.line_hexes}
        self.inner = self.component(inner, barrier)
        self.outer = self.component(outer, barrier)
        assert not (self.inner & self.outer)
        for lab in sorted(self.inner):
            self.hexes[lab].features.append(("west_of", "straits"))
        for n in self.sea_nbrs("3722"):
            if n in self.inner:
                self.hexes[n].features.append(("one_west_of", "surigao"))
        # USAAF search area (6.5.8), great-circle range from Morotai.
        u = self.src["usaaf"]
        for lab, d in sorted(self.hexes.items()):
            lat, lon = self.latlon_of(lab)
            if mk.great_circle_nm(lat, lon, u["lat"], u["lon"]) <= u["range_nm"]:
                d.features.append(("usaaf_search", u["name"]))
        # PT boats (13.1.3.2 read over 11.2): sea hexes within the radius of the centre hex.
        p = self.src["pt"]
        cc, cr = parse_label(p["centre"])
        for _lab, d in sorted(self.hexes.items()):
            if d.terrain == "sea" and hex_distance(self.grid, (cc, cr), (d.col, d.row)) <= p["radius"]:
                d.features.append(("pt_zone", "7th Fleet PT boats"))

    def tag_airfields(self) -> None:
        self.airfield_hexes: dict[str, str] = {}
        for a in self.src["air"]["airfields"]:
            lab = self.hex_at(a["lat"], a["lon"])
            if lab is None:
                raise SystemExit(f"airfield {a['name']} is off the map")
            d = self.hexes[lab]
            fleet = "2" if (a["island"] == "Luzon" and d.row < 25) else "1"
            if ("airfield", a["name"]) not in d.features:
                d.features.append(("airfield", a["name"]))
            if ("airfleet", fleet) not in d.features:
                d.features.append(("airfleet", fleet))
            fleets = {n for k, n in d.features if k == "airfleet"}
            if len(fleets) > 1:
                raise SystemExit(f"hex {lab} holds airfields of both air fleets")
            self.airfield_hexes[a["name"]] = lab

    def tag_sea_names(self) -> None:
        for s in self.src["straits"]["sea_names"]:
            lab = self.hex_at(s["lat"], s["lon"])
            if lab is None or self.hexes[lab].terrain != "sea":
                raise SystemExit(f"sea name {s['name']} does not fall in a sea hex ({lab})")
            self.hexes[lab].features.append(("sea_name", s["name"]))

    def tag_blocked_sides(self) -> None:
        for pair in sorted(self.blocked, key=sorted):
            a, b = sorted(pair)
            if self.hexes[a].terrain == "sea" and self.hexes[b].terrain == "sea":
                self.hexes[a].features.append(("blocked_side", b))
                self.hexes[b].features.append(("blocked_side", a))

    def check_setups(self) -> None:
        for s, _d, terr, where in self.setup_hexes():
            self.log.append(f"  set-up {s['label']} ({s['what']}, {s['case']}): {terr} at {where}")

    # -- output --------------------------------------------------------------------------------------------------

    def rows(self) -> list[HexData]:
        return [self.hexes[label_of(c, r)] for c, r in self.grid.labels()]

    def csv_text(self) -> str:
        lines = ["label,terrain,features,provenance,source"]
        for d in self.rows():
            ftext = mk.feature_text(d.features, FEATURE_ORDER)
            src = d.source + ("; " + "; ".join(d.notes) if d.notes else "")
            zones = {"west_of", "one_west_of", "usaaf_search", "pt_zone", "sea_name", "blocked_side"}
            if d.provenance == "printed" and zones & {k for k, _ in d.features}:
                src += "; the zone tags and blocked sides on this hex are reconstructed (notes/map-provenance.md)"
            lines.append(",".join([d.label, d.terrain, mk.csv_cell(ftext), d.provenance, mk.csv_cell(src)]))
        return "\n".join(lines) + "\n"

    def toml_text(self) -> str:
        m = self.src["map"]
        return "\n".join(
            [
                *self.header_toml("tools/build_imperial_sunset_map.py", "tools/sources/imperial_sunset_places.toml"),
                f"cols = [{m['cols'][0]}, {m['cols'][1]}]",
                f"rows = [{m['rows'][0]}, {m['rows'][1]}]",
                'provenance = "reconstructed"',
                'source = "Real coastlines (GLOBE 30-arc-second land mask) on a hex grid fitted to the six hexes the '
                'rulebook ties to places (6.3, 6.5.9, 9.4, 12.1, 12.3); see notes/map-provenance.md"',
                "# Column numbers grow to the right (map east), row numbers grow downwards (map south).",
                "",
                *self.projection_toml(),
            ]
        )


# ---------------------------------------------------------------------------------------------------------------
# Preview (build time only; never written into the repository)
# ---------------------------------------------------------------------------------------------------------------


def preview(b: Build, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.collections import PolyCollection

    colours = {"sea": "#bfe3f7", "partial": "#3d78b8", "land": "#d9cfa7"}
    polys, fc = [], []
    s = b.grid.s_nm
    for d in b.rows():
        cx, cy = b.grid.centre_nm(d.col, d.row)
        polys.append(
            [
                (cx + s * math.cos(math.radians(30 + 60 * i)), cy + s * math.sin(math.radians(30 + 60 * i)))
                for i in range(6)
            ]
        )
        fc.append(colours[d.terrain])
    fig, ax = plt.subplots(figsize=(14, 15), dpi=110)
    ax.add_collection(PolyCollection(polys, facecolors=fc, edgecolors="#777777", linewidths=0.3))
    r = b.raster
    overlay = np.zeros(r.water.shape + (4,))
    overlay[~r.water] = (0.35, 0.24, 0.12, 0.35)  # real land, drawn over the hexes
    ax.imshow(overlay, extent=(r.x[0, 0], r.x[0, -1], r.y[-1, 0], r.y[0, 0]), origin="upper", zorder=2)
    marks = {
        "strait": ("*", "red"),
        "port": ("s", "black"),
        "beachhead": ("P", "red"),
        "airfield": ("^", "darkgreen"),
    }
    for d in b.rows():
        cx, cy = b.grid.centre_nm(d.col, d.row)
        kinds = {k for k, _ in d.features}
        for k, (marker, colr) in marks.items():
            if k in kinds:
                ax.plot(cx, cy, marker, color=colr, ms=7)
        if "west_of" in kinds:
            ax.plot(cx, cy, ".", color="#1f4e79", ms=2)
        if "usaaf_search" in kinds:
            ax.plot(cx + s * 0.4, cy, "x", color="purple", ms=3, alpha=0.5)
        if "pt_zone" in kinds:
            ax.plot(cx - s * 0.4, cy, "o", mfc="none", color="orange", ms=4)
        if d.label in b.line_hexes:
            ax.plot(cx, cy, "|", color="red", ms=8)
        ax.text(cx, cy + 0.55 * s, d.label, ha="center", va="center", fontsize=3.2, color="#333333")
    for lab, _what, terr, _ in b.setup_report:
        c, r = parse_label(lab)
        cx, cy = b.grid.centre_nm(c, r)
        ax.plot(cx, cy, "o", mfc="none", mec="red" if terr != "sea" else "green", ms=9, mew=1.2)
    for lab in b.forced:
        c, r = parse_label(lab)
        cx, cy = b.grid.centre_nm(c, r)
        ax.text(cx, cy - 0.45 * s, lab, ha="center", fontsize=6, color="red", weight="bold")
    xs = [p[0] for poly in polys for p in poly]
    ys = [p[1] for poly in polys for p in poly]
    ax.set_xlim(min(xs), max(xs))
    ax.set_ylim(max(ys), min(ys))
    ax.set_aspect("equal")
    ax.set_title("Imperial Sunset map preview (build tool, not shipped)")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


# ---------------------------------------------------------------------------------------------------------------


def outputs(b: Build) -> dict[Path, str]:
    return {OUT_DIR / "map.toml": b.toml_text(), OUT_DIR / "map.csv": b.csv_text()}


def main(argv: list[str] | None = None) -> int:
    return mk.run_map_tool(argv, __doc__, SOURCES, Build, outputs, preview)

if __name__ == "__main__":
    raise SystemExit(main())
