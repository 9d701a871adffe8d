"""The Imperial Sunset map (scenarios/imperial-sunset/map.toml + map.csv), built by tools/build_imperial_sunset_map.py.

The printed map is lost; these tests hold the reconstruction to what the rulebook does print (the hex numbers of
6.3, 6.5.9, 9.4, 12.1, 12.3 and the set-ups of 13.1-13.3 and the examples) and to the geography the rules lean
on: the two straits as the only doors between the inner seas and the Philippine Sea, the USN limits past them,
the exits of damaged ships, the PT and USAAF zones and the two Air Fleets' airfields. Rulings cited as M1, M2...
are in scenarios/imperial-sunset/notes/map-rulings.md.
"""

from __future__ import annotations

import math
import subprocess
import sys
from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from leyte.core.hexgrid import Hex, HexMap

ROOT = Path(__file__).resolve().parents[2]
MAP_DIR = ROOT / "scenarios" / "imperial-sunset"

# Real places (decimal degrees) the named hexes stand for; sources in tools/sources/imperial_sunset_places.toml.
NAMED = {
    "3119": ("San Bernardino Strait", 12.5875, 124.1964),
    "3722": ("Surigao Strait", 10.167, 125.383),
    "2512": ("Manila", 14.5958, 120.9772),
    "2412": ("Clark Field", 15.186, 120.560),
    "3520": ("Ormoc", 11.0064, 124.6075),
    "3521": ("Leyte beachhead", 11.05, 125.10),
}

# Every hex a scenario or example puts a naval unit in, with the case; ruling M5 moves Force C off Bohol.
SETUP_SEA = {
    "2821": "13.1.1 Force A, Force B",
    "3920": "13.1.1 Force C (printed 3820, ruling M5)",
    "3119": "13.1.1 Shima Force",
    "2418": "13.1.1 Reinforcement Force, DesDiv 21",
    "3909": "13.1.1 Transport Group",
    "3623": "13.1.3.1 Taffys",
    "3521": "13.1.3.1 TF 78/79",
    "2824": "13.1.3.2 TG 38.2",
    "2621": "13.1.3.2 TG 38.3",
    "3328": "13.1.3.2 TG 38.4",
    "2328": "13.1.4 TG 38.1",
    "2428": "13.1.4 TG 38.1",
    "2528": "13.1.4 TG 38.1",
    "4301": "13.3.1 Force A",
    "4412": "13.3.1 Force B, Force C",
    "3410": "13.3.1 Shima Force",
    "2510": "13.3.1 Reinforcement Escort Force",
    "4120": "13.3.1 Transport Force",
    "2512": "13.3.1 DesDiv 21",
    "2828": "13.3.4 TG 38.2",
    "2628": "13.3.4 TG 38.1",
    "3520": "12.1 APD at Ormoc",
    "1004": "10.7 example, Ozawa Force",
    "3223": "4.4 example, Force A",
    "3423": "4.4 example, Force A",
    "2120": "4.4 example, TG 38.3",
    "3215": "4.4 example, IJN TF",
}


@pytest.fixture(scope="module")
def m() -> HexMap:
    return HexMap.load(MAP_DIR)


# -- helpers ----------------------------------------------------------------------------------------------------


def blocked(m: HexMap, a: Hex, b: Hex) -> bool:
    """A hexside the map marks as land (``blocked_side:<label>``) is closed to ships."""
    return m.has_feature(a, "blocked_side", m.label(b))


def sail_cost(m: HexMap) -> Callable[[Hex, Hex], float]:
    return lambda a, b: math.inf if blocked(m, a, b) else 1.0


def sea_component(m: HexMap, start: Hex, avoid: Iterable[Hex] = ()) -> set[Hex]:
    """Every sea hex a fleet can reach from ``start`` without entering ``avoid`` or crossing a blocked side."""
    bar = set(avoid)
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in m.neighbours(h):
            if n not in seen and n not in bar and m.is_sea(n) and not blocked(m, h, n):
                seen.add(n)
                todo.append(n)
    return seen


def sea_named(m: HexMap, name: str) -> Hex:
    (h,) = m.find("sea_name", name)
    return h


def latlon_to_hex(m: HexMap, lat: float, lon: float) -> Hex:
    """The hex holding a real point, through the fitted projection the map file records."""
    p = m.meta["projection"]
    x = (lon - p["lon0"]) * 60 * math.cos(math.radians(lat))
    y = (p["lat0"] - lat) * 60
    z = complex(*p["z"])
    w = complex(*p["qc"]) + z * (complex(x, y) - complex(*p["pc"]))
    ux, uy = w.real / p["s_nm"], w.imag / p["s_nm"]
    return min(m.hexes, key=lambda h: (m.center(h)[0] - ux) ** 2 + (m.center(h)[1] - uy) ** 2)


def hex_to_latlon(m: HexMap, h: Hex) -> tuple[float, float]:
    p = m.meta["projection"]
    cx, cy = m.center(h)
    w = complex(cx * p["s_nm"], cy * p["s_nm"])
    q = complex(*p["pc"]) + (w - complex(*p["qc"])) / complex(*p["z"])
    lat = p["lat0"] - q.imag / 60
    return lat, p["lon0"] + q.real / (60 * math.cos(math.radians(lat)))


# -- layout and named places ------------------------------------------------------------------------------------


def test_2_1_layout_is_pointy_rows_first_odd_rows_shifted(m: HexMap) -> None:
    assert (m.layout.orientation, m.layout.first, m.layout.offset) == ("pointy", "row", "odd")
    assert m.meta["cols"] == [1, 30] and m.meta["rows"] == [10, 46]
    assert len(m) == 30 * 37


def test_2_1_named_hexes_carry_their_roles(m: HexMap) -> None:
    assert m.features(m.hex("3119"))[0] == ("strait", "San Bernardino Strait")
    assert m.features(m.hex("3722"))[0] == ("strait", "Surigao Strait")
    assert m.has_feature(m.hex("2512"), "port", "Manila") and m.has_feature(m.hex("2512"), "base", "Manila")
    assert m.has_feature(m.hex("2412"), "airfield", "Clark Field")
    assert m.has_feature(m.hex("3520"), "port", "Ormoc")
    assert m.has_feature(m.hex("3521"), "beachhead")
    for label in ("3119", "3722", "2512", "3520", "3521"):
        assert m.terrain(m.hex(label)) == "sea", label
    assert [m.label(h) for h in m.find("strait")] == ["3119", "3722"]
    assert [m.label(h) for h in m.find("beachhead")] == ["3521"]
    assert [m.label(h) for h in m.find("base")] == ["2512"]


def test_12_1_ormoc_lies_west_of_the_beachhead_on_the_same_row(m: HexMap) -> None:
    ox, oy = m.center(m.hex("3520"))
    bx, by = m.center(m.hex("3521"))
    assert oy == by and ox < bx
    # Clark Field (6.5.9) is north-west of Manila (9.4), one row up.
    cx, cy = m.center(m.hex("2412"))
    mx, my = m.center(m.hex("2512"))
    assert cy < my and cx < mx


@pytest.mark.parametrize("label", sorted(NAMED))
def test_named_hexes_sit_within_one_hex_of_the_real_place(m: HexMap, label: str) -> None:
    name, lat, lon = NAMED[label]
    hlat, hlon = hex_to_latlon(m, m.hex(label))
    miles = math.hypot((hlat - lat) * 60, (hlon - lon) * 60 * math.cos(math.radians(lat)))
    assert miles < 26.5, f"{name}: hex {label} centre is {miles:.1f} nm from the real place"


def test_map_looks_like_the_philippines(m: HexMap) -> None:
    """Island interiors are land or partial sea, open water is sea (checked through the recorded projection)."""
    solid = {
        "central Luzon": (15.8, 121.0),
        "northern Luzon": (17.5, 121.2),
        "Samar": (12.0, 125.0),
        "Panay": (11.1, 122.5),
        "Negros": (10.0, 122.9),
        "Mindanao": (7.8, 125.0),
        "Bohol": (9.85, 124.2),
        "Mindoro": (12.9, 121.1),
        "Palawan": (9.6, 118.5),
    }
    for name, (lat, lon) in solid.items():
        assert m.terrain(latlon_to_hex(m, lat, lon)) != "sea", name
    water = {
        "Philippine Sea": (13.0, 127.0),
        "South China Sea": (16.5, 118.0),
        "Sibuyan Sea": (12.8, 122.6),
        "Sulu Sea": (8.5, 120.5),
        "Leyte Gulf": (10.85, 125.45),
        "Mindanao Sea": (9.2, 124.3),
    }
    for name, (lat, lon) in water.items():
        h = latlon_to_hex(m, lat, lon)
        assert m.terrain(h) == "sea", name
        assert m.has_feature(h, "sea_name", name)


# -- set-up hexes -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("label", sorted(SETUP_SEA))
def test_13_setup_and_example_hexes_are_sea(m: HexMap, label: str) -> None:
    assert m.terrain(m.hex(label)) == "sea", SETUP_SEA[label]


def test_13_1_2_and_13_3_2_ozawa_enters_along_the_north_edge(m: HexMap) -> None:
    for first, last in ((23, 30), (15, 28)):
        for col in range(first, last + 1):
            h = m.hex(f"10{col:02d}")
            assert m.is_sea(h) and m.has_feature(h, "edge", "north")


def test_13_1_3_taffys_and_tf77_have_room_to_set_up(m: HexMap) -> None:
    # 13.1.3.1: three escort-carrier TFs within two hexes of 3623, TF 78/79 within two of 3521; 5.5 allows two
    # friendly TFs a hex, so a few sea hexes suffice, but the Taffys need hexes east of Leyte, not inland water.
    taffy = [h for h in m.within(m.hex("3623"), 2) if m.is_sea(h) and not m.has_feature(h, "west_of")]
    assert len(taffy) >= 8
    tf77 = [h for h in m.within(m.hex("3521"), 2) if m.is_sea(h) and not m.has_feature(h, "west_of")]
    assert len(tf77) >= 4


def test_m5_printed_force_c_hex_is_bohol(m: HexMap) -> None:
    # 13.1.1 prints 3820 for Force C; on this map it is the interior of Bohol, so the ruling uses 3920.
    assert m.terrain(m.hex("3820")) == "land"
    assert m.distance(m.hex("3920"), m.hex("3722")) == m.distance(m.hex("3820"), m.hex("3722"))


# -- straits and the USN limits (6.3) ------------------------------------------------------------------------------


def test_6_3_inner_seas_meet_the_philippine_sea_only_at_the_straits(m: HexMap) -> None:
    """Across every open hexside between the west_of zone and the rest, the other hex is a strait, or lies north
    of Luzon in the Luzon Strait (rows 10-15), where the South China Sea meets the Philippine Sea (ruling M3)."""
    for h in m.find("west_of"):
        for n in m.neighbours(h):
            if m.is_sea(n) and not m.has_feature(n, "west_of") and not blocked(m, h, n):
                assert m.label(n) in ("3119", "3722") or m.layout.to_offset(n)[1] <= 15, (m.label(h), m.label(n))


def test_6_3_no_back_door_from_the_sibuyan_visayan_or_mindanao_seas(m: HexMap) -> None:
    straits = [m.hex("3119"), m.hex("3722")]
    luzon_strait = [h for h in m.hexes if m.layout.to_offset(h)[1] <= 15]
    goals = {sea_named(m, "Philippine Sea"), sea_named(m, "Leyte Gulf"), sea_named(m, "Lamon Bay")}
    for sea in ("Sibuyan Sea", "Visayan Sea", "Samar Sea", "Camotes Sea", "Mindanao Sea"):
        start = sea_named(m, sea)
        assert not (sea_component(m, start, avoid=straits + luzon_strait) & goals), sea
        # ...and each strait on its own is a way through.
        for strait in straits:
            other = [s for s in straits if s != strait]
            assert sea_component(m, start, avoid=other + luzon_strait) & goals, (sea, m.label(strait))


def test_6_3_the_route_through_each_strait_is_short(m: HexMap) -> None:
    # Kurita went from the Sibuyan Sea (Musashi sank at 12 50 N, 122 35 E) to the strait in one night; the
    # Southern Force came up the Mindanao Sea to Surigao.
    cost = sail_cost(m)
    sb = m.path(sea_named(m, "Sibuyan Sea"), m.hex("3119"), passable=m.is_sea, cost=cost)
    assert sb is not None and len(sb) - 1 <= 5
    su = m.path(sea_named(m, "Mindanao Sea"), m.hex("3722"), passable=m.is_sea, cost=cost)
    assert su is not None and len(su) - 1 <= 5


def test_6_3_usn_cannot_pass_san_bernardino_and_goes_one_hex_past_surigao(m: HexMap) -> None:
    one_west = m.find("one_west_of", "surigao")
    assert [m.label(h) for h in one_west] == ["3822"]
    surigao = m.hex("3722")
    for h in one_west:
        assert h in m.neighbours(surigao) and m.has_feature(h, "west_of") and m.is_sea(h)
    assert not any(m.has_feature(h, "one_west_of") for h in m.neighbours(m.hex("3119")))

    def usn_ok(h: Hex) -> bool:
        return m.is_sea(h) and not m.has_feature(h, "west_of")

    reach = m.reachable(sea_named(m, "Leyte Gulf"), 200, passable=usn_ok, cost=sail_cost(m))
    assert m.hex("3119") in reach and surigao in reach
    assert sea_named(m, "Sibuyan Sea") not in reach and sea_named(m, "Mindanao Sea") not in reach
    assert m.hex("2512") not in reach  # Manila lies on the closed side
    # A cruiser or destroyer may step from the strait to the hex beyond it, and no further.
    cruiser = m.reachable(surigao, 200, passable=lambda h: usn_ok(h) or h in one_west, cost=sail_cost(m))
    assert set(one_west) <= set(cruiser)
    beyond = {n for h in one_west for n in m.neighbours(h) if m.has_feature(n, "west_of") and n not in one_west}
    assert beyond and not (beyond & set(cruiser))


def test_6_3_ormoc_and_the_beachhead_are_divided_by_leyte(m: HexMap) -> None:
    ormoc, beach = m.hex("3520"), m.hex("3521")
    assert blocked(m, ormoc, beach) and blocked(m, beach, ormoc)
    assert m.has_feature(ormoc, "west_of") and not m.has_feature(beach, "west_of")
    path = m.path(ormoc, beach, passable=m.is_sea, cost=sail_cost(m))
    assert path is not None and m.hex("3722") in path


def test_blocked_sides_are_symmetric_and_between_adjacent_sea_hexes(m: HexMap) -> None:
    sides = m.find("blocked_side")
    assert sides
    for h in sides:
        assert m.is_sea(h)
        for kind, name in m.features(h):
            if kind == "blocked_side":
                other = m.hex(name)
                assert other in m.neighbours(h) and m.is_sea(other)
                assert m.has_feature(other, "blocked_side", m.label(h))


# -- damaged ships (6.4, 9.4) ---------------------------------------------------------------------------------------


def test_9_4_damaged_ijn_ships_can_reach_north_west_or_manila(m: HexMap) -> None:
    main = sea_component(m, sea_named(m, "Sibuyan Sea")) | sea_component(m, sea_named(m, "Philippine Sea"))
    exits = {
        h for h in m.hexes if m.is_sea(h) and (m.has_feature(h, "edge", "north") or m.has_feature(h, "edge", "west"))
    }
    assert exits
    for h in main:
        assert sea_component(m, h) & exits, m.label(h)
    assert m.hex("2512") in sea_component(m, sea_named(m, "Sibuyan Sea"))


def test_6_4_2_damaged_usn_ships_can_reach_the_east_edge(m: HexMap) -> None:
    east = {h for h in m.find("edge", "east") if m.is_sea(h)}
    for start in ("3521", "3623", "3119", "3722"):
        assert sea_component(m, m.hex(start), avoid=m.find("west_of")) & east, start


def test_every_sea_hex_joins_the_main_water(m: HexMap) -> None:
    main = sea_component(m, sea_named(m, "Sibuyan Sea")) | sea_component(m, sea_named(m, "Philippine Sea"))
    stray = [m.label(h) for h in m.hexes if m.is_sea(h) and h not in main]
    assert stray == []


# -- zones -----------------------------------------------------------------------------------------------------


def test_11_2_pt_boats_within_three_hexes_of_the_beachhead(m: HexMap) -> None:
    # Ruling M4: 13.1.3.2's 3521 over 11.2's 3308.
    beach = m.hex("3521")
    pt = set(m.find("pt_zone"))
    assert pt == {h for h in m.within(beach, 3) if m.is_sea(h)}
    assert m.hex("3722") in pt and m.hex("3308") not in pt


def test_6_5_8_usaaf_search_area_covers_the_south_not_luzon(m: HexMap) -> None:
    usaaf = set(m.find("usaaf_search", "Morotai"))
    for label in ("3722", "3521", "3623"):
        assert m.hex(label) in usaaf
    for h in (sea_named(m, "Mindanao Sea"), sea_named(m, "Sulu Sea"), sea_named(m, "Camotes Sea")):
        assert h in usaaf
    for h in (m.hex("2512"), m.hex("2412"), sea_named(m, "Sibuyan Sea"), sea_named(m, "Lamon Bay")):
        assert h not in usaaf


def test_6_5_9_airfields_belong_to_the_air_fleet_of_their_row(m: HexMap) -> None:
    fields = m.find("airfield")
    assert len(fields) >= 10
    for h in fields:
        fleets = [n for k, n in m.features(h) if k == "airfleet"]
        assert len(fleets) == 1, m.label(h)
        row = m.layout.to_offset(h)[1]
        if fleets == ["2"]:
            assert row < 25, m.label(h)  # ruling M2: "west of hex-row 2500" means rows numbered below 25
    assert m.has_feature(m.hex("2412"), "airfleet", "2")
    assert m.has_feature(m.hex("2512"), "airfleet", "1")  # Manila's fields are on row 25 itself
    assert {n for h in fields for k, n in m.features(h) if k == "airfleet"} == {"1", "2"}
    for name in ("Davao", "Cebu", "Bacolod", "Legaspi", "Nichols Field"):
        assert m.find("airfield", name), name


def test_6_3_map_edges(m: HexMap) -> None:
    for side, count in (("north", 30), ("south", 30), ("west", 37), ("east", 37)):
        assert len(m.find("edge", side)) == count, side
    assert m.has_feature(m.hex("1001"), "edge", "north") and m.has_feature(m.hex("1001"), "edge", "west")
    assert m.has_feature(m.hex("4630"), "edge", "south") and m.has_feature(m.hex("4630"), "edge", "east")


# -- worked examples ---------------------------------------------------------------------------------------------


def test_4_4_example_force_a_moves_two_hexes_from_3223_to_3423(m: HexMap) -> None:
    path = m.path(m.hex("3223"), m.hex("3423"), passable=m.is_sea, cost=sail_cost(m))
    assert path is not None and len(path) - 1 == 2


def test_4_4_example_tg_38_3_closes_three_hexes_to_strike_3215(m: HexMap) -> None:
    tg, target = m.hex("2120"), m.hex("3215")
    assert m.distance(tg, target) == 11  # inside the 12-hex carrier search of 7.2
    ends = m.reachable(tg, 3, passable=m.is_sea, cost=sail_cost(m))
    assert min(m.distance(h, target) for h in ends) == 8


def test_10_x_example_submarine_hex_1004_is_open_sea(m: HexMap) -> None:
    h = m.hex("1004")
    assert m.is_sea(h) and all(m.is_sea(n) for n in m.neighbours(h))


# -- the generator ----------------------------------------------------------------------------------------------


def test_map_files_match_a_fresh_build() -> None:
    """The generator is deterministic and the committed files are its output (needs the build-time land mask)."""
    tool = ROOT / "tools" / "build_imperial_sunset_map.py"
    res = subprocess.run([sys.executable, str(tool), "--check", "--quiet"], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
