"""Hex math: the properties every map relies on, and ASCII-art path fixtures (core, issue 2)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leyte.core.errors import LeyteError, ScenarioError
from leyte.core.hexgrid import Hex, HexMap, MapLayout

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
LAYOUTS = [
    MapLayout(orientation=o, first=f, offset=off)
    for o, f, off in itertools.product(("flat", "pointy"), ("col", "row"), ("odd", "even"))
]


@given(hexes, hexes)
def test_distance_is_symmetric(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes)
def test_every_neighbour_is_at_distance_one(h: Hex) -> None:
    ns = h.neighbours()
    assert len(set(ns)) == 6
    assert all(h.distance(n) == 1 for n in ns)


@given(hexes, st.integers(min_value=0, max_value=6))
def test_ring_and_range_sizes(h: Hex, k: int) -> None:
    ring = h.ring(k)
    assert len(ring) == (1 if k == 0 else 6 * k)
    assert all(h.distance(x) == k for x in ring)
    assert len(set(h.within(k))) == 1 + 3 * k * (k + 1)


@given(hexes, hexes)
def test_line_is_contiguous_and_as_long_as_the_distance(a: Hex, b: Hex) -> None:
    line = a.line_to(b)
    assert line[0] == a and line[-1] == b
    assert len(line) == a.distance(b) + 1
    assert all(p.distance(q) == 1 for p, q in zip(line, line[1:]))


def test_hex_is_immutable_and_hashable() -> None:
    h = Hex(3, -1)
    with pytest.raises(AttributeError):
        h.q = 4  # type: ignore[misc]
    assert {h: 1}[Hex(3, -1)] == 1


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda lay: f"{lay.orientation}-{lay.first}-{lay.offset}")
def test_label_round_trip_and_adjacent_centres(layout: MapLayout) -> None:
    for col in range(0, 30):
        for row in range(0, 30):
            label = layout.format_label(col, row)
            assert layout.parse_label(label) == (col, row)
            h = layout.to_hex(col, row)
            assert layout.to_offset(h) == (col, row)
            x, y = layout.center(h)
            for n in h.neighbours():
                nx, ny = layout.center(n)
                assert abs(((nx - x) ** 2 + (ny - y) ** 2) ** 0.5 - 3**0.5) < 1e-9


def test_malformed_labels_are_refused_with_a_reason() -> None:
    lay = MapLayout()
    for bad in ("311", "31199", "31a9", ""):
        with pytest.raises(LeyteError, match="hex label"):
            lay.parse_label(bad)


PATH_MAP = """
S..#....
.#.#.##.
.#.#..#.
.#...#G.
"""


def test_path_goes_around_land_ascii_fixture() -> None:
    m = HexMap.from_ascii(PATH_MAP)
    start, goal = m.find("mark", "S")[0], m.find("mark", "G")[0]
    path = m.path(start, goal, passable=m.is_sea)
    assert path is not None
    assert path[0] == start and path[-1] == goal
    assert all(m.is_sea(h) for h in path)
    assert all(a.distance(b) == 1 for a, b in zip(path, path[1:]))
    # The wall of land in column 4 only opens at the bottom row, so the path must use that gap.
    gap = [h for h in path if m.layout.to_offset(h)[0] == 4]
    assert gap and all(m.layout.to_offset(h)[1] >= 3 for h in gap)
    marks = {h: "*" for h in path[1:-1]}
    drawn = m.ascii(marks)
    assert drawn.count("*") == len(path) - 2


def test_path_none_when_walled_in() -> None:
    m = HexMap.from_ascii(
        """
        S#..
        ##..
        ...G
        """
    )
    start, goal = m.find("mark", "S")[0], m.find("mark", "G")[0]
    assert m.path(start, goal, passable=m.is_sea) is None


def test_path_prefers_cheap_hexes() -> None:
    m = HexMap.from_ascii(
        """
        S...G
        .....
        """
    )
    start, goal = m.find("mark", "S")[0], m.find("mark", "G")[0]
    row1 = {h for h in m.hexes if m.layout.to_offset(h)[1] == 1}
    cheap = m.path(start, goal, cost=lambda a, b: 1.0 if b in row1 else 5.0)
    assert cheap is not None and len(set(cheap[1:-1]) & row1) >= 1


def test_reachable_respects_budget() -> None:
    m = HexMap.from_ascii("S.....\n......\n......")
    start = m.find("mark", "S")[0]
    reach = m.reachable(start, 2)
    assert all(start.distance(h) <= 2 for h in reach)
    assert set(m.within(start, 2)) == set(reach)


def test_loading_reports_file_row_and_field(tmp_path) -> None:
    (tmp_path / "map.toml").write_text('orientation = "flat"\nfirst = "col"\noffset = "even"\n')
    (tmp_path / "map.csv").write_text("label,terrain,features\n0101,sea,\n0102,lava,\n")
    with pytest.raises(ScenarioError, match=r"map.csv, row 3, field 'terrain'"):
        HexMap.load(tmp_path)
    (tmp_path / "map.csv").write_text("label,terrain,features\n0101,sea,\n0101,land,\n")
    with pytest.raises(ScenarioError, match="appears twice"):
        HexMap.load(tmp_path)
    (tmp_path / "map.toml").write_text('orientation = "round"\n')
    with pytest.raises(ScenarioError, match="orientation"):
        HexMap.load(tmp_path)


@pytest.mark.parametrize("game", ["imperial-sunset", "samar"])
def test_label_round_trip_on_every_shipped_map(game: str) -> None:
    import leyte

    m = leyte.rules(game).map
    assert len(m) > 100
    for h in m.hexes:
        label = m.label(h)
        assert m.hex(label) == h
        assert m.layout.format_label(*m.layout.to_offset(h)) == label
        assert all(m.hex(m.label(n)) == n for n in m.neighbours(h))


# -- words for a move: compass direction and place names (issue 15 item 6) -----------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda lay: f"{lay.orientation}-{lay.first}-{lay.offset}")
def test_compass_points_the_way_the_printed_map_does(layout: MapLayout) -> None:
    """From the hex centres: a hex straight above is N, below S; a neighbour is never named E/W on a flat map (its
    columns are straight, so side neighbours lie NE/SE/SW/NW) and never N/S on a pointy one."""
    m = HexMap.from_ascii("\n".join(["." * 9] * 9), layout=layout)
    mid = layout.to_hex(5, 5)
    assert m.compass(mid, mid) == ""
    seen = {m.compass(mid, n) for n in m.neighbours(mid)}
    if layout.orientation == "flat":
        assert m.compass(mid, layout.to_hex(5, 3)) == "N" and m.compass(mid, layout.to_hex(5, 8)) == "S"
        assert seen == {"N", "NE", "SE", "S", "SW", "NW"}
    else:
        assert m.compass(mid, layout.to_hex(3, 5)) == "W" and m.compass(mid, layout.to_hex(8, 5)) == "E"
        assert seen == {"NE", "E", "SE", "SW", "W", "NW"}
    for a, b in itertools.product(m.hexes[::7], m.hexes[::5]):  # the way back is the opposite point
        there, back = m.compass(a, b), m.compass(b, a)
        if there:
            pts = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
            diff = (pts.index(there) - pts.index(back)) % 8
            assert diff == 4 or (diff in (3, 5) and _on_a_boundary(m, a, b)), (m.label(a), m.label(b), there, back)


def _on_a_boundary(m: HexMap, a: Hex, b: Hex) -> bool:
    """Whether the bearing a->b is (within rounding) exactly between two compass points, where either may be said."""
    import math

    (ax, ay), (bx, by) = m.center(a), m.center(b)
    bearing = math.degrees(math.atan2(bx - ax, ay - by)) % 360.0
    return abs((bearing / 45.0) % 1.0 - 0.5) < 1e-6


def test_a_map_keeps_the_place_names_of_its_optional_name_column(tmp_path) -> None:
    (tmp_path / "map.toml").write_text('orientation = "flat"\nfirst = "col"\noffset = "even"\n')
    (tmp_path / "map.csv").write_text("label,terrain,features,name\n0101,sea,,Surigao Strait\n0102,land,, \n")
    m = HexMap.load(tmp_path)
    assert m.place_name(m.hex("0101")) == "Surigao Strait" and m.place_name(m.hex("0102")) == ""
    (tmp_path / "map.csv").write_text("label,terrain,features\n0101,sea,\n")  # the column is optional
    assert HexMap.load(tmp_path).place_name(HexMap.load(tmp_path).hex("0101")) == ""
    with pytest.raises(LeyteError, match="0909 is not on this map"):
        m.place_name(m.layout.to_hex(9, 9))
