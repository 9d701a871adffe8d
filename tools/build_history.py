"""Write scenarios/<game>/history.csv: the real positions of the forces, turn by turn, placed on each game's map.

The waypoints below are real latitudes and longitudes (approximate, as the sources give them or as read between two
recorded positions); the tool puts each on the nearest hex of the game's map with the map's own fit (PROVENANCE.md of
each game) and writes the table. A position off a map goes on the nearest hex of the map and the row says so.
Run: ``PYTHONPATH=$PWD python tools/build_history.py [--check] [--game ID]`` from the repository root.
"""

from __future__ import annotations

import argparse
import csv
import io
import math
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from leyte.core.hexgrid import HexMap  # noqa: E402

FIELDS = ["turn", "date", "time", "force", "side", "hex", "lat", "lon", "event", "provenance", "source"]


def _nm(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Distance in nm on a local flat earth (the maps are small enough)."""
    k = math.cos(math.radians((lat1 + lat2) / 2))
    return 60 * math.hypot(lat1 - lat2, (lon1 - lon2) * k)


def _nearest(centres: dict[str, tuple[float, float]], lat: float, lon: float, half_nm: float) -> tuple[str, bool]:
    """The label of the hex centre nearest (lat, lon), and whether the point lies off the map (beyond half a hex)."""
    best = min(centres, key=lambda k: _nm(lat, lon, *centres[k]))
    return best, _nm(lat, lon, *centres[best]) > half_nm


# --------------------------------------------------------------------------------------------------- the map fits
def fitted_centres(m: HexMap, folder: Path) -> tuple[dict[str, tuple[float, float]], float]:
    """Hex centres on the globe through the ``[projection]`` block a coastline map tool writes in map.toml
    (tools/mapkit.py: the fitted similarity transform, then the sinusoidal projection inverted), and the distance
    beyond which a point is off the map (a little over half a hex, in real nm)."""
    p = tomllib.loads((folder / "map.toml").read_text(encoding="utf-8"))["projection"]
    z, pc, qc = complex(*p["z"]), complex(*p["pc"]), complex(*p["qc"])
    out = {}
    for h in m.hexes:
        x, y = m.center(h)
        w = pc + (complex(x, y) * p["s_nm"] - qc) / z
        lat = p["lat0"] - w.imag / 60
        out[m.label(h)] = (lat, p["lon0"] + w.real / (60 * math.cos(math.radians(lat))))
    return out, p["real_nm_per_hex"] * 0.6


def is_centres() -> tuple[dict[str, tuple[float, float]], float]:
    folder = ROOT / "scenarios" / "imperial-sunset"
    from leyte.rulebooks.imperial_sunset.data import load
    return fitted_centres(load(folder).map, folder)


def nc_centres() -> tuple[dict[str, tuple[float, float]], float]:
    from leyte.rulebooks.naval_chess.data import data
    m = data().map
    out = {}
    for h in m.hexes:
        lbl = m.label(h)
        c, r = ord(lbl[0]) - 64, int(lbl[1:])
        out[lbl] = (26.05 - 2.5 * (r - 1) - (1.25 if c % 2 == 0 else 0.0), 110.7 + 3.5 * (c - 1))
    return out, 130.0


SAMAR_ANCHOR = (11.667, 126.167)  # where the map's fit would put hex 1411: Taffy Three at 0648 (PROVENANCE.md)


def samar_centres() -> tuple[dict[str, tuple[float, float]], float]:
    """Hex centres as real positions *relative to Taffy Three's anchor*: the game's map is the real sea slid 20.8 nm
    west, so a force is placed where it stood relative to Taffy Three at 0648, not on the slid coastline."""
    from leyte.rulebooks.samar.data import data
    m = data().map
    s = 1 / math.sqrt(3)

    def xy(c: int, r: int) -> tuple[float, float]:
        return 1.5 * c * s, math.sqrt(3) * (r + (0.5 if c % 2 == 0 else 0.0)) * s

    x0, y0 = xy(14, 11)
    k = 60 * math.cos(math.radians(SAMAR_ANCHOR[0]))
    out = {}
    for h in m.hexes:
        lbl = m.label(h)
        x, y = xy(int(lbl[:2]), int(lbl[2:]))
        out[lbl] = (SAMAR_ANCHOR[0] - (y - y0) / 60, SAMAR_ANCHOR[1] + (x - x0) / k)
    return out, 0.6


def clash_centres() -> tuple[dict[str, tuple[float, float]], float]:
    """Clash of the Carriers: hex centres through the projection block tools/build_clash_map.py writes in map.toml."""
    folder = ROOT / "scenarios" / "clash-of-the-carriers"
    return fitted_centres(HexMap.load(folder), folder)


def render(game: str, centres: dict[str, tuple[float, float]], half: float, rows: list[tuple]) -> tuple[Path, str]:
    """The history.csv text of one game and where it goes."""
    out = []
    for turn, date, time, force, side, lat, lon, event, prov, source in rows:
        lbl, off = _nearest(centres, lat, lon, half)
        if off:
            source += "; off the game's map, shown on the nearest map hex"
        out.append(dict(zip(FIELDS, (turn, date, time, force, side, lbl, f"{lat:.2f}", f"{lon:.2f}", event, prov,
                                     source), strict=True)))
    buf = io.StringIO()
    w = csv.DictWriter(buf, FIELDS, lineterminator="\n")
    w.writeheader()
    w.writerows(out)
    return ROOT / "scenarios" / game / "history.csv", buf.getvalue()


def track(force: str, side: str, src: str, points: list[tuple], turns: list[tuple[int, str, str]]) -> list[tuple]:
    """Rows for one force: ``points`` are (lat, lon, event, note) per turn, in the order of ``turns``."""
    rows = []
    for (turn, date, time), p in zip(turns, points, strict=False):
        if p is None:
            continue
        lat, lon, event, note = p
        source = src + (f"; {note}" if note else "")
        rows.append((turn, date, time, force, side, lat, lon, event, "reconstructed", source))
    return rows


from history_waypoints import CLASH_TRACKS, CLASH_TURNS, IS_TRACKS, NC_TRACKS, SAMAR_TRACKS  # noqa: E402


def turns_of(game: str) -> list[tuple[int, str, str]]:
    if game == "clash-of-the-carriers":
        return list(CLASH_TURNS)
    if game == "samar":
        with (ROOT / "scenarios/samar/turn_record.csv").open() as f:
            return [(int(r["turn"]), "1944-10-25", r["time"]) for r in csv.DictReader(f)]
    if game == "imperial-sunset":
        with (ROOT / "scenarios/imperial-sunset/turn_record.csv").open() as f:
            return [(int(r["turn"]), r["date"], r["time"] + (f" {r['day_turn']}" if r["day_turn"] else ""))
                    for r in csv.DictReader(f) if r["scenario"] == "historical"]
    return [(d, f"1944-10-{19 + d}", "day") for d in range(1, 8)]


GAMES = (("samar", samar_centres, SAMAR_TRACKS), ("imperial-sunset", is_centres, IS_TRACKS),
         ("naval-chess", nc_centres, NC_TRACKS), ("clash-of-the-carriers", clash_centres, CLASH_TRACKS))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Write every game's history.csv from tools/history_waypoints.py.")
    ap.add_argument("--check", action="store_true", help="fail if a file on disk differs from a fresh build")
    ap.add_argument("--game", action="append", help="only this game id (repeatable); default: every game")
    args = ap.parse_args(argv)
    stale = []
    for game, fit, tracks in GAMES:
        if args.game and game not in args.game:
            continue
        centres, half = fit()
        rows = []
        for force, side, src, pts in tracks:
            rows += track(force, side, src, pts, turns_of(game))
        path, text = render(game, centres, half, rows)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path))
            continue
        path.write_text(text, encoding="utf-8", newline="")
        print(path, text.count("\n") - 1)
    if stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
