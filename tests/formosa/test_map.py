"""The Formosa map (scenarios/formosa/map.toml, map.csv, hexsides.csv, labels.csv, coast.json), rebuilt from real
geography by tools/build_formosa_map.py because the printed map art was lost.

These tests hold the reconstruction to what the rulebook prints (10-mile hexes, 1.0; four-digit numbers, 2.2; the
terrain and objectives 4.2, 10.1, 12.4 and 19.1 name; the VP values of 4.2) and to real geography: Kiirun lies north
of Takao, the mountain spine stands between the west and east coasts, and the west-coast trunk road bridges each of
the big western rivers. Rulings cited as M-1, M-2, ... are in scenarios/formosa/notes/map-rulings.md.
"""

from __future__ import annotations

import csv
import subprocess
import sys
from collections import deque
from pathlib import Path

import pytest

from leyte.core.hexgrid import Hex, HexMap
from leyte.core.mapart import map_art

ROOT = Path(__file__).resolve().parents[2]
MAP_DIR = ROOT / "scenarios" / "formosa"
TRUNK = "West-coast trunk line"
WEST_RIVERS = ("Tansui", "Taiko", "Daian", "Dakusui", "Sobun", "Shimo-Tansui")
# 4.2: Allied VP per objective; reading notes 2b: the bands suggest roughly 35-45 on the map (ruling M-10).
VP_PER = {"major": 4, "minor": 2, "airfield": 1, "industrial": 1, "peak": 1}
VP_BAND = (35, 45)


@pytest.fixture(scope="module")
def m() -> HexMap:
    return HexMap.load(MAP_DIR)


@pytest.fixture(scope="module")
def side_names() -> dict[tuple[str, str], set[str]]:
    """hexsides.csv's ``names`` column: which river or route gives each side its kinds."""
    with (MAP_DIR / "hexsides.csv").open(encoding="utf-8", newline="") as f:
        return {(r["a"], r["b"]): set(r["names"].split(";")) for r in csv.DictReader(f)}


def place(m: HexMap, kind: str, name: str) -> Hex:
    found = m.find(kind, name)
    assert len(found) == 1, f"{kind}:{name} should be in exactly one hex, found {found}"
    return found[0]


def col_row(m: HexMap, h: Hex) -> tuple[int, int]:
    return m.layout.to_offset(h)


def test_2_2_map_loads_with_its_own_terrain_vocabulary_and_four_digit_labels(m: HexMap) -> None:
    assert m.terrains == ("sea", "open", "rough", "mountain", "peak", "mud_flats")
    assert set(m.side_kinds) == {"river", "road", "rail", "all_sea"}
    assert m.layout.digits == (2, 2) and m.layout.first == "col"
    assert m.label(m.hex("1021")) == "1021"
    assert m.meta["hex_size_miles"] == 10
    land = [h for h in m.hexes if m.terrain(h) != "sea"]
    # Taiwan is about 245 x 90 miles: some 150-200 land hexes of 10 miles (reading notes 2b)
    assert 150 <= len(land) <= 210
    for t in ("open", "rough", "mountain", "peak", "mud_flats"):
        assert any(m.terrain(h) == t for h in land), t


def test_every_hex_and_hexside_is_tagged_reconstructed_with_a_source(m: HexMap) -> None:
    assert m.meta["provenance"] == "reconstructed" and "not the printed map" in m.meta["source"]
    for h in m.hexes:
        info = m.info[h]
        assert info.provenance == "reconstructed" and info.source, info.label
    with (MAP_DIR / "hexsides.csv").open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert rows and all(r["provenance"] == "reconstructed" and r["source"] for r in rows)


def test_named_places_keep_their_real_relative_positions(m: HexMap) -> None:
    kiirun, takao = place(m, "city", "Kiirun"), place(m, "city", "Takao")
    assert col_row(m, kiirun)[1] < col_row(m, takao)[1], "Kiirun lies north of Takao"
    order_north_to_south = ["Taihoku", "Shinchiku", "Taichu", "Kagi", "Tainan", "Takao"]
    rows = [col_row(m, place(m, "city", n))[1] for n in order_north_to_south]
    assert rows == sorted(rows) and len(set(rows)) == len(rows)
    assert col_row(m, place(m, "city", "Karenko"))[0] > col_row(m, place(m, "city", "Taichu"))[0]
    mako = m.find("port", "major")
    mako = [h for h in mako if m.info[h].name == "Mako"][0]
    assert m.has_feature(mako, "island", "Pescadores")
    assert all(col_row(m, mako)[0] < col_row(m, place(m, "city", c))[0] for c in order_north_to_south)
    # Kiirun and Takao are the major ports of Formosa itself; both hexes are coastal
    for port in (kiirun, takao):
        assert m.has_feature(port, "port", "major") and m.has_feature(port, "coastal")


def test_mountain_spine_stands_between_the_west_and_east_coasts(m: HexMap) -> None:
    def crosses_mountains(a: Hex, b: Hex) -> bool:
        return any(m.terrain(h) in ("mountain", "peak") for h in a.line_to(b) if h in m)

    for west, east in (("Taichu", "Karenko"), ("Kagi", "Karenko"), ("Shinchiku", "Giran"), ("Tainan", "Taito"),
                       ("Takao", "Taito")):
        a = m.find("city", west)[0]
        b = (m.find("city", east) or m.find("town", east))[0]
        assert crosses_mountains(a, b), f"{west} to {east}"
    # the peaks sit in the range, ringed by mountain hexes
    for peak in ("Niitaka-yama", "Tsugitaka-yama"):
        h = place(m, "peak", peak)
        assert m.terrain(h) == "peak"
        assert sum(m.terrain(n) == "mountain" for n in h.neighbours() if n in m) >= 4
    # 10.1: ports are coastal; the Allies land there
    for h in m.find("port"):
        assert m.has_feature(h, "coastal"), m.label(h)
    # mud flats lie only on the west coast (22.0, L1385, names them among coastal terrain)
    for h in m.hexes:
        if m.terrain(h) == "mud_flats":
            assert m.has_feature(h, "coastal") and col_row(m, h)[0] < col_row(m, place(m, "peak", "Niitaka-yama"))[0]


def test_12_4_trunk_road_is_contiguous_from_kiirun_to_heito(m: HexMap) -> None:
    start = place(m, "city", "Kiirun")
    seen, todo = {start}, deque([start])
    while todo:
        h = todo.popleft()
        for n in h.neighbours():
            if n in m and n not in seen and m.side_has(h, n, "road"):
                seen.add(n)
                todo.append(n)
    for city in ("Taihoku", "Shinchiku", "Taichu", "Shoka", "Kagi", "Tainan", "Takao", "Heito"):
        assert place(m, "city", city) in seen, city
    # rail counts as road (12.4): every rail side is a road side too
    for kinds in m.hexsides.values():
        if "rail" in kinds:
            assert "road" in kinds


def test_12_4_west_rivers_cross_the_trunk_road_where_bridges_would_be(
    m: HexMap, side_names: dict[tuple[str, str], set[str]]
) -> None:
    for river in WEST_RIVERS:
        sides = [k for k, names in side_names.items() if f"river:{river}" in names]
        assert len(sides) >= 3, river
        bridges = [k for k in sides if f"road:{TRUNK}" in side_names[k]]
        assert bridges, f"the trunk road does not cross the {river}"
        for a, b in bridges:
            ha, hb = m.hex(a), m.hex(b)
            assert m.side_has(ha, hb, "river") and m.side_has(ha, hb, "road")
        # away from the road the river still costs a crossing (12.1: +1 MP unbridged)
        assert len(bridges) < len(sides)
    # the Dakusui divides the island: it separates Shoka (north) from Kagi (south) along the trunk
    shoka, kagi = col_row(m, place(m, "city", "Shoka")), col_row(m, place(m, "city", "Kagi"))
    dak = [k for k, names in side_names.items() if "river:Dakusui" in names and f"road:{TRUNK}" in names]
    rows = [col_row(m, m.hex(lab))[1] for k in dak for lab in k]
    assert all(shoka[1] <= r <= kagi[1] for r in rows)


def test_12_1_each_river_is_one_contiguous_chain_of_hexsides(
    m: HexMap, side_names: dict[tuple[str, str], set[str]]
) -> None:
    """Two river sides meet at a hex corner when their hexes are three mutually adjacent hexes (M-6)."""
    for river in (*WEST_RIVERS, "Karenko", "Hinan"):
        sides = [frozenset(k) for k, names in side_names.items() if f"river:{river}" in names]
        assert sides, river

        def meet(s: frozenset[str], t: frozenset[str]) -> bool:
            hexes = [m.hex(lab) for lab in s | t]
            return len(hexes) == 3 and all(a.distance(b) == 1 for a in hexes for b in hexes if a != b)

        seen, todo = {sides[0]}, [sides[0]]
        while todo:
            s = todo.pop()
            for t in sides:
                if t not in seen and meet(s, t):
                    seen.add(t)
                    todo.append(t)
        assert len(seen) == len(sides), f"the {river} breaks into pieces"


def test_15_0_all_sea_sides_join_only_land_hexes_and_carry_no_road(m: HexMap) -> None:
    for (a, b), kinds in m.hexsides.items():
        if "all_sea" in kinds:
            assert m.terrain(a) != "sea" and m.terrain(b) != "sea"
            assert not kinds & {"road", "rail"}
        if "river" in kinds:
            assert m.terrain(a) != "sea" and m.terrain(b) != "sea"


def test_4_2_allied_vp_on_the_map_fit_the_bands(m: HexMap) -> None:
    total = 0
    for h in m.hexes:
        for kind, name in m.features(h):
            if kind == "port":
                total += VP_PER[name]
            elif kind in ("airfield", "industrial", "peak"):
                total += VP_PER[kind]
    assert VP_BAND[0] <= total <= VP_BAND[1]
    assert len(m.find("port", "major")) == 3 and 6 <= len(m.find("port", "minor")) <= 8
    assert 10 <= len(m.find("airfield")) <= 15
    assert len(m.find("peak")) == 2
    # the provenance note states the same total and names the bands
    note = (MAP_DIR / "notes" / "map-provenance.md").read_text(encoding="utf-8")
    assert f"{total} Allied VP" in note and "35-45" in note


def test_map_art_loads_coast_and_labels(m: HexMap) -> None:
    art = map_art(m, MAP_DIR)
    assert len(art.rings) >= 2  # Formosa and at least one Pescadores island
    names = {lab.name for lab in art.labels}
    assert {"Taihoku", "Takao", "Formosa Strait", "Niitaka-yama"} <= names


def test_build_tool_check_passes() -> None:
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "build_formosa_map.py"), "--check", "--quiet"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
