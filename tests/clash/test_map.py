"""The Clash of the Carriers map and its companions (scenarios/clash-of-the-carriers/map.toml, map.csv,
airfields.csv, search_zones.csv, history.csv), built by tools/build_clash_map.py and tools/build_history.py.

The printed map is lost; these tests hold the reconstruction to what the rulebook prints (the label scheme and north
edge of 2.1, the set-up hexes of 16.1.1 and 16.1.3, the Saipan hex of 10.2, the island bases of 16.1.1-16.1.2, the
5.6 recovery numbers, the exit edges of 7.3 and 12.9) and to real geography: the islands sit where they really
are relative to one another, and the off-map fields are as far beyond the grid as they really are. Rulings cited as
M-1, M-2... are in scenarios/clash-of-the-carriers/notes/map-rulings.md.
"""

from __future__ import annotations

import csv
import math
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from leyte.core.hexgrid import Hex, HexMap
from leyte.core.history import load_history

ROOT = Path(__file__).resolve().parents[2]
MAP_DIR = ROOT / "scenarios" / "clash-of-the-carriers"

# Real centres of the Marianas islands with airfields (decimal degrees; Wikipedia infoboxes).
ISLANDS = {
    "Saipan": (15.185, 145.745),
    "Tinian": (14.99, 145.635),
    "Rota": (14.15, 145.21),
    "Guam": (13.45, 144.78),
}
FIELD_IDS = {"guam", "rota", "tinian", "saipan", "yap", "peleliu", "iwo-jima", "truk"}
# 16.1.1-16.1.2: how many air units each off-map base must hold at once (start plus reinforcements).
OOB_UNITS = {"guam": 3, "peleliu": 5, "yap": 3, "iwo-jima": 2, "truk": 2}


@pytest.fixture(scope="module")
def m() -> HexMap:
    return HexMap.load(MAP_DIR)


@pytest.fixture(scope="module")
def centres(m: HexMap) -> dict[str, tuple[float, float]]:
    """Latitude and longitude of every hex centre, through the projection block of map.toml."""
    p = tomllib.loads((MAP_DIR / "map.toml").read_text(encoding="utf-8"))["projection"]
    z, pc, qc = complex(*p["z"]), complex(*p["pc"]), complex(*p["qc"])
    out = {}
    for h in m.hexes:
        x, y = m.center(h)
        w = pc + (complex(x, y) * p["s_nm"] - qc) / z
        lat = p["lat0"] - w.imag / 60
        out[m.label(h)] = (lat, p["lon0"] + w.real / (60 * math.cos(math.radians(lat))))
    return out


def gc_nm(a: tuple[float, float], b: tuple[float, float]) -> float:
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    c = math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(math.radians(b[1] - a[1]))
    return math.degrees(math.acos(max(-1.0, min(1.0, c)))) * 60.0


def rows(name: str) -> list[dict[str, str]]:
    with (MAP_DIR / name).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def island_hex(m: HexMap, name: str) -> Hex:
    found = [h for h in m.hexes if m.info[h].name and name in m.info[h].name.split(" and ")]
    assert len(found) == 1, f"{name}: {[m.label(h) for h in found]}"
    return found[0]


# -- the generators -----------------------------------------------------------------------------------------------


def test_map_files_match_a_fresh_build() -> None:
    """The map generator is deterministic and the committed files are its output (needs the build-time land mask)."""
    tool = ROOT / "tools" / "build_clash_map.py"
    res = subprocess.run([sys.executable, str(tool), "--check", "--quiet"], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr


def test_history_file_matches_a_fresh_build() -> None:
    tool = ROOT / "tools" / "build_history.py"
    res = subprocess.run([sys.executable, str(tool), "--check", "--game", "clash-of-the-carriers"],
                         capture_output=True, text=True, cwd=ROOT)
    assert res.returncode == 0, res.stderr


# -- 2.1: labels, edges -------------------------------------------------------------------------------------------


def test_2_1_labels_are_column_first_and_the_north_edge_is_row_01(m: HexMap) -> None:
    assert m.layout.first == "col" and m.layout.orientation == "flat"
    assert m.layout.parse_label("0618") == (6, 18)
    # Columns grow east, rows grow south: the Mobile Fleet's 0618 lies west and south of TF 58's 3111.
    x0, y0 = m.center(m.hex("0618"))
    x1, y1 = m.center(m.hex("3111"))
    assert x0 < x1 and y0 > y1
    north = m.find("edge", "north")
    assert north and all(m.label(h).endswith("01") for h in north)
    assert {m.label(h)[:2] for h in north} == {f"{c:02d}" for c in range(1, 45)}


def test_7_3_every_border_hex_names_its_edge(m: HexMap) -> None:
    cols = [int(m.label(h)[:2]) for h in m.hexes]
    rws = [int(m.label(h)[2:]) for h in m.hexes]
    for h in m.hexes:
        c, r = int(m.label(h)[:2]), int(m.label(h)[2:])
        edges = {n for k, n in m.features(h) if k == "edge"}
        want = {e for e, on in (("north", r == min(rws)), ("south", r == max(rws)), ("west", c == min(cols)),
                                ("east", c == max(cols))) if on}
        assert edges == want, m.label(h)


def test_map_has_no_land_hex_and_island_hexes_are_rare(m: HexMap) -> None:
    """25 nm hexes over open ocean: every island is a partial hex inside a sea of sea hexes (ruling M-2)."""
    terr = [m.terrain(h) for h in m.hexes]
    assert terr.count("land") == 0
    assert 10 <= terr.count("partial") <= 30
    assert terr.count("sea") > 1000


# -- 16.1: set-up hexes -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("label", ["0618", "3111", "2811", "3209"])
def test_16_1_set_up_hexes_are_open_sea(m: HexMap, label: str) -> None:
    assert m.is_sea(m.hex(label))


def test_16_1_1_mobile_fleet_zone_and_west_of_hexrow_07_are_open_sea(m: HexMap) -> None:
    assert all(m.is_sea(h) for h in m.within(m.hex("0618"), 3))
    west = [h for h in m.hexes if int(m.label(h)[:2]) <= 7]
    assert len(west) == 7 * 24 and all(m.is_sea(h) for h in west)


def test_10_2_3712_is_the_saipan_hex_and_ships_may_be_in_it(m: HexMap) -> None:
    h = m.hex("3712")
    assert m.find("saipan") == [h]
    assert m.terrain(h) == "partial"  # an island hex: mostly water, ships may enter (ruling M-2)
    assert ("island", "Saipan") in m.features(h)
    assert island_hex(m, "Saipan") == h
    assert {n for k, n in m.features(h) if k == "airfield"} == {"saipan", "tinian"}


def test_16_1_4_cautious_spruance_radius_holds_tf_58_at_the_start(m: HexMap) -> None:
    """TF 58 must stay within nine hexes of Saipan until turn 9; its printed set-up hex must obey that."""
    saipan = m.find("saipan")[0]
    assert m.distance(saipan, m.hex("3111")) <= 9


# -- islands where history puts them -----------------------------------------------------------------------------


@pytest.mark.parametrize("a,b", [("Saipan", "Guam"), ("Saipan", "Rota"), ("Rota", "Guam"), ("Saipan", "Tinian"),
                                 ("Tinian", "Guam")])
def test_islands_are_as_many_hexes_apart_as_real_miles_say(m: HexMap, a: str, b: str) -> None:
    real = gc_nm(ISLANDS[a], ISLANDS[b]) / 25.0
    assert abs(m.distance(island_hex(m, a), island_hex(m, b)) - real) <= 1.0, (a, b, real)


def test_islands_lie_in_the_right_directions(m: HexMap) -> None:
    sx, sy = m.center(island_hex(m, "Saipan"))
    for name in ("Rota", "Guam"):
        x, y = m.center(island_hex(m, name))
        assert y > sy and x < sx, name  # south-south-west of Saipan
    gx, gy = m.center(island_hex(m, "Guam"))
    rx, ry = m.center(island_hex(m, "Rota"))
    assert gy > ry  # Guam south of Rota


def test_each_island_hex_holds_its_island(m: HexMap, centres: dict[str, tuple[float, float]]) -> None:
    for name, pos in ISLANDS.items():
        assert gc_nm(centres[m.label(island_hex(m, name))], pos) < 25.0, name


# -- airfields.csv ------------------------------------------------------------------------------------------------


def test_airfields_ids_are_the_units_parents() -> None:
    assert {r["id"] for r in rows("airfields.csv")} == FIELD_IDS


def test_on_map_airfields_name_a_hex_that_carries_them(m: HexMap) -> None:
    on = [r for r in rows("airfields.csv") if r["hex"]]
    assert {r["id"] for r in on} == {"guam", "rota", "tinian", "saipan"}
    for r in on:
        h = m.hex(r["hex"])
        assert ("airfield", r["id"]) in m.features(h)
        assert m.terrain(h) == "partial" and m.info[h].name
        assert r["off_map_edge_hex"] == r["hexes_beyond"] == ""


def test_2_1_off_map_airfields_count_hexes_beyond_from_the_nearest_edge_hex(
    m: HexMap, centres: dict[str, tuple[float, float]]
) -> None:
    edges = [m.label(h) for h in m.hexes if any(k == "edge" for k, _ in m.features(h))]
    off = [r for r in rows("airfields.csv") if not r["hex"]]
    assert {r["id"] for r in off} == {"yap", "peleliu", "iwo-jima", "truk"}
    for r in off:
        pos = (float(r["lat"]), float(r["lon"]))
        # Really off the map: no hex centre is within half a hex of the field.
        assert min(gc_nm(pos, c) for c in centres.values()) > 12.5, r["id"]
        nearest = min(edges, key=lambda e: gc_nm(pos, centres[e]))
        assert r["off_map_edge_hex"] == nearest
        d = gc_nm(pos, centres[nearest])
        assert abs(float(r["distance_nm"]) - d) < 1.0
        assert int(r["hexes_beyond"]) == math.floor(d / 25.0 + 0.5)  # 1.2: a half rounds up
        assert not [n for k, n in m.features(m.hex(nearest)) if k == "airfield"]


def test_off_map_distances_match_the_real_ones_from_saipan(m: HexMap) -> None:
    """Range from Saipan to an off-map field: hexes on the map to the edge hex plus the hexes beyond, against the
    real great-circle distance (Iwo Jima 628 nm, Truk 586, Yap 561, Peleliu 837). Counting hexes can only lengthen a
    route that runs between the grid's six directions, by up to 2/sqrt(3) (about 15%), so the game range must lie
    between the real one less a hex and the real one times 2/sqrt(3) plus a hex."""
    real = {"iwo-jima": 628, "truk": 586, "yap": 561, "peleliu": 837}
    saipan = m.find("saipan")[0]
    for r in rows("airfields.csv"):
        if r["id"] in real:
            game = m.distance(saipan, m.hex(r["off_map_edge_hex"])) + int(r["hexes_beyond"])
            hexes = real[r["id"]] / 25.0
            assert hexes - 1.0 <= game <= hexes * 2 / math.sqrt(3) + 1.0, (r["id"], game, hexes)


def test_5_6_ready_numbers_and_6_3_2_air_fleets() -> None:
    by_id = {r["id"]: r for r in rows("airfields.csv")}
    assert int(by_id["guam"]["ready_max"]) == 5
    assert all(int(r["ready_max"]) == 3 for i, r in by_id.items() if i != "guam")
    assert by_id["guam"]["air_fleet"] == "61" and int(by_id["guam"]["search_hexes"]) == 25
    assert all(r["air_fleet"] in ("61", "22") for r in by_id.values())
    assert all(int(r["search_hexes"]) == 0 for r in by_id.values() if r["air_fleet"] == "22")
    assert {i for i, r in by_id.items() if r["air_fleet"] == "22"} == {"truk", "iwo-jima"}


def test_capacities_hold_the_printed_order_of_battle() -> None:
    by_id = {r["id"]: r for r in rows("airfields.csv")}
    for fid, need in OOB_UNITS.items():
        assert int(by_id[fid]["capacity"]) >= need, fid
    assert all(r["provenance"] == "reconstructed" and r["source"] for r in by_id.values())
    # Aslito fell to US troops on 18 June 1944 (ruling M-6): no Japanese unit may base on Saipan.
    assert int(by_id["saipan"]["capacity"]) == 0
    assert all(int(r["capacity"]) > 0 for i, r in by_id.items() if i != "saipan")


# -- search_zones.csv ---------------------------------------------------------------------------------------------


def test_6_3_3_search_zones_are_tagged_on_the_map(m: HexMap, centres: dict[str, tuple[float, float]]) -> None:
    zones = {r["id"]: r for r in rows("search_zones.csv")}
    assert set(zones) == {"VP-16", "VB-101"}
    for zid, z in zones.items():
        base = (float(z["lat"]), float(z["lon"]))
        inside = {m.label(h) for h in m.find("us_search", zid)}
        want = {lab for lab, c in centres.items() if gc_nm(c, base) <= float(z["radius_nm"])}
        assert inside == want and len(inside) == int(z["hexes"]), zid
        assert z["night"] == "yes" and z["provenance"] == "reconstructed" and z["source"]
    vp = set(m.find("us_search", "VP-16"))
    vb = set(m.find("us_search", "VB-101"))
    assert vp & vb and vp - vb and vb - vp  # 2.1: the areas differ and some overlap occurs
    assert m.find("saipan")[0] in vp


def test_vp_16_reaches_its_night_contact_of_19_june(m: HexMap, centres: dict[str, tuple[float, float]]) -> None:
    """A VP-16 Mariner found the Mobile Fleet near 13 N, 136 E early on 19 June: that sea must be inside its area."""
    h = min(centres, key=lambda lab: gc_nm(centres[lab], (13.0, 136.0)))
    assert m.has_feature(m.hex(h), "us_search", "VP-16")


# -- history.csv --------------------------------------------------------------------------------------------------


def test_history_loads_and_starts_where_the_scenario_sets_up(m: HexMap) -> None:
    hist = load_history(MAP_DIR / "history.csv", m, range(1, 13), ("USN", "IJN"))
    forces = {r["force"] for r in hist}
    assert len(forces) == 7 and len(hist) == 7 * 12
    first = {r["force"]: m.hex(r["hex"]) for r in hist if r["turn"] == 1}
    assert first["TG 52.10 (Oldendorf)"] == m.hex("3712")
    assert m.distance(first["TF 58 (TG 58.2, 58.3, 58.7)"], m.hex("3111")) <= 2
    for f in ("Force A (Ozawa)", "Force B (Joshima)", "Force C, the Van (Kurita)"):
        assert m.distance(first[f], m.hex("0618")) <= 3, f  # 16.1.1: within three hexes of 0618
    assert {(r["turn"], r["date"], r["time"]) for r in hist if r["turn"] in (1, 5, 12)} == {
        (1, "1944-06-18", "night"), (5, "1944-06-19", "night"), (12, "1944-06-20", "day 3")}
    assert all(r["provenance"] == "reconstructed" for r in hist)


def test_history_puts_hiyo_sinking_in_force_b_last_turn(m: HexMap, centres: dict[str, tuple[float, float]]) -> None:
    hist = load_history(MAP_DIR / "history.csv", m, range(1, 13), ("USN", "IJN"))
    last = next(r for r in hist if r["force"] == "Force B (Joshima)" and r["turn"] == 12)
    assert gc_nm(centres[last["hex"]], (15.5, 133.833)) < 25.0
