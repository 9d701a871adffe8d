"""Maps for the coming games: label schemes, per-map terrain vocabularies and hexside attributes (issue 13, item 4).

Clash of the Carriers prints column-first four-digit labels ("0712"); the Naval Chess Game prints a letter and a
number ("E7"); a land game brings its own terrain names and rivers and roads along hexsides.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leyte.core.errors import LeyteError, ScenarioError
from leyte.core.hexgrid import Hex, HexInfo, HexMap, Hexside, MapLayout

SCHEMES = [
    MapLayout(orientation=o, offset=off, scheme="letters", letter=let)
    for o, off, let in itertools.product(("flat", "pointy"), ("odd", "even"), ("col", "row"))
] + [
    MapLayout(orientation=o, offset=off, first=f)
    for o, off, f in itertools.product(("flat", "pointy"), ("odd", "even"), ("col", "row"))
]


def _ids(lay: MapLayout) -> str:
    return f"{lay.scheme}-{lay.letter if lay.scheme == 'letters' else lay.first}-{lay.orientation}-{lay.offset}"


def _grid(layout: MapLayout, cols: range, rows: range, terrain: str = "sea") -> HexMap:
    info = {}
    for c in cols:
        for r in rows:
            info[layout.to_hex(c, r)] = HexInfo(layout.format_label(c, r), terrain)
    return HexMap(layout=layout, info=info)


def test_column_first_four_digits_read_column_then_row() -> None:
    lay = MapLayout(first="col")
    assert lay.parse_label("0712") == (7, 12)
    assert lay.format_label(7, 12) == "0712"
    assert MapLayout(first="row").parse_label("0712") == (12, 7)


def test_lettered_labels_put_the_letter_on_the_axis_the_map_declares() -> None:
    by_col = MapLayout(scheme="letters", letter="col")
    by_row = MapLayout(scheme="letters", letter="row")
    # The Naval Chess Game's places: Hong Kong B2, Manila D5, Surigao Strait E7.
    assert [by_col.parse_label(x) for x in ("B2", "D5", "E7")] == [(2, 2), (4, 5), (5, 7)]
    assert [by_row.parse_label(x) for x in ("B2", "D5", "E7")] == [(2, 2), (5, 4), (7, 5)]
    assert by_col.format_label(5, 7) == "E7" and by_row.format_label(7, 5) == "E7"
    # Past Z the letters run on as a spreadsheet's columns do, so every number has one spelling.
    assert [by_col.format_label(n, 1) for n in (26, 27, 52, 53, 702, 703)] == ["Z1", "AA1", "AZ1", "BA1", "ZZ1",
                                                                                "AAA1"]
    assert by_col.parse_label("e7") == (5, 7) and by_col.canonical(" e7 ") == "E7"


@given(st.integers(min_value=1, max_value=20_000), st.integers(min_value=0, max_value=20_000),
       st.sampled_from(["col", "row"]))
def test_lettered_label_round_trip_property(letter_value: int, number: int, letter: str) -> None:
    lay = MapLayout(scheme="letters", letter=letter)
    col, row = (letter_value, number) if letter == "col" else (number, letter_value)
    label = lay.format_label(col, row)
    assert lay.parse_label(label) == (col, row)
    assert label == label.upper() and label[-1].isdigit()


@pytest.mark.parametrize("layout", SCHEMES, ids=_ids)
def test_label_round_trip_on_every_hex_of_a_map(layout: MapLayout) -> None:
    m = _grid(layout, range(1, 31), range(1, 28))
    assert len(m) == 30 * 27
    for h in m.hexes:
        label = m.label(h)
        assert m.hex(label) == h
        assert m.layout.to_hex(*m.layout.parse_label(label)) == h
        assert all(m.hex(m.label(n)) == n for n in m.neighbours(h))
    assert len({m.label(h) for h in m.hexes}) == len(m)


def test_lettered_map_lists_hexes_in_natural_order() -> None:
    m = _grid(MapLayout(scheme="letters", letter="col"), range(1, 3), range(1, 12))
    labels = [m.label(h) for h in m.hexes]
    assert labels[:3] == ["A1", "A2", "A3"] and labels.index("A10") == 9 and labels[11] == "B1"


@pytest.mark.parametrize(
    "layout,bad,scheme_words",
    [
        (MapLayout(scheme="letters"), "7E", "letters scheme"),
        (MapLayout(scheme="letters"), "E07", "letters scheme"),
        (MapLayout(scheme="letters"), "E", "letters scheme"),
        (MapLayout(scheme="letters"), "É7", "letters scheme"),
        (MapLayout(scheme="letters", letter="row"), "", "letter for the row"),
        (MapLayout(), "E7", "4-digit scheme, column first, e.g. 0712"),
        (MapLayout(first="row"), "071", "row first, e.g. 1207"),
        (MapLayout(), "07١2", "4-digit"),  # a non-ASCII digit is not a printed label
    ],
)
def test_a_bad_label_names_the_label_and_the_scheme(layout: MapLayout, bad: str, scheme_words: str) -> None:
    with pytest.raises(LeyteError) as e:
        layout.parse_label(bad)
    assert repr(bad) in str(e.value) and scheme_words in str(e.value) and "hex label" in str(e.value)


def test_a_lettered_map_refuses_hexes_off_it_and_labels_it_cannot_print() -> None:
    m = _grid(MapLayout(scheme="letters"), range(1, 6), range(1, 8))
    assert m.hex("e7") == m.hex("E7")
    with pytest.raises(LeyteError, match="F1 .* is not on this map"):
        m.hex("F1")
    with pytest.raises(LeyteError, match="no label in the letters scheme"):
        m.layout.format_label(0, 3)


def test_map_toml_declares_lettered_labels_terrains_and_hexsides(tmp_path) -> None:
    (tmp_path / "map.toml").write_text('label_scheme = "letters"\nletter = "col"\n'
                                       'terrains = ["sea", "land", "reef"]\n')
    (tmp_path / "map.csv").write_text("label,terrain,features\nA1,sea,\nA2,reef,\nB1,land,port:Hong Kong\nB2,sea,\n")
    (tmp_path / "hexsides.csv").write_text("a,b,kinds\nA1,B1,all_sea\nB2,A2,blocked;river\n")
    m = HexMap.load(tmp_path)
    assert m.terrains == ("sea", "land", "reef")
    assert m.terrain(m.hex("A2")) == "reef" and m.find("port", "Hong Kong") == [m.hex("B1")]
    assert m.side(m.hex("B1"), m.hex("A1")) == {"all_sea"}
    assert m.blocked(m.hex("A2"), m.hex("B2")) and m.side_has(m.hex("B2"), m.hex("A2"), "river")


@pytest.mark.parametrize(
    "toml,body,sides,msg",
    [
        ('terrains = ["clear", "forest"]\n', "0101,clear\n0102,swamp\n", None,
         r"row 3, field 'terrain': 'swamp' is not one of clear, forest"),
        ('terrains = []\n', "0101,clear\n", None, "terrains: the list is empty"),
        ('terrains = ["sea", "sea"]\n', "0101,sea\n", None, "repeats a name"),
        ('label_scheme = "roman"\n', "0101,sea\n", None, "label_scheme must be one of digits, letters"),
        ('label_scheme = "letters"\n', "0101,sea\n", None, r"row 2, field 'label': '0101' is not a hex label"),
        ("", "0101,sea\n0102,sea\n", "a,b,kinds\n0101,0103,river\n", r"hexsides.csv, row 2: 0101 and 0103 are not"),
        ("", "0101,sea\n0102,sea\n", "a,b,kinds\n0101,0102,ford\n", r"row 2, field 'kinds': ford is not one of"),
        ("", "0101,sea\n0102,sea\n", "a,b,kinds\n0101,0102,road\n0102,0101,rail\n", "appears twice"),
        ("", "0101,sea\n0102,sea\n", "a,b,kinds\n0101,01x2,road\n", r"row 2, field 'b'"),
        ("", "0101,sea\n", "a,b,kinds\n0505,0506,road\n", "neither 0505 nor 0506 is on the map"),
    ],
)
def test_loading_refuses_undeclared_terrain_and_bad_hexsides(tmp_path, toml, body, sides, msg) -> None:
    (tmp_path / "map.toml").write_text(toml)
    (tmp_path / "map.csv").write_text("label,terrain\n" + body)
    if sides is not None:
        (tmp_path / "hexsides.csv").write_text(sides)
    with pytest.raises(ScenarioError, match=msg):
        HexMap.load(tmp_path)


def test_a_map_built_in_code_refuses_an_undeclared_terrain() -> None:
    lay = MapLayout()
    info = {lay.to_hex(1, 1): HexInfo("0101", "clear"), lay.to_hex(1, 2): HexInfo("0102", "lava")}
    with pytest.raises(LeyteError, match=r"hex 0102: terrain 'lava' is not one this map declares \(clear, rough\)"):
        HexMap(layout=lay, info=info, terrains=("clear", "rough"))
    # With no declaration the naval vocabulary holds, so the maps already shipped load as before.
    with pytest.raises(LeyteError, match=r"\(sea, partial, land\)"):
        HexMap(layout=lay, info=info)


LAND = {".": "clear", "r": "rough", "f": "forest", "m": "mountain", "s": "swamp", "c": "city"}


def test_ascii_fixture_with_a_land_vocabulary_round_trips() -> None:
    art = "..rf\nmsc.\n"
    m = HexMap.from_ascii(art, legend=LAND)
    assert m.terrains == ("clear", "rough", "forest", "mountain", "swamp", "city")
    assert m.ascii(legend=LAND) == art.strip()
    assert sorted({m.terrain(h) for h in m.hexes}) == sorted(LAND.values())


def test_hexside_attributes_read_the_same_from_either_hex() -> None:
    m = HexMap.from_ascii("AB.\n.CD\n", legend=LAND, sides={("A", "B"): {"river"}, ("D", "C"): {"road", "rail"}})
    a, b, c, d = (m.find("mark", x)[0] for x in "ABCD")
    assert m.side(a, b) == m.side(b, a) == {"river"}
    assert m.side_has(d, c, "road") and m.side_has(c, d, "rail") and not m.side_has(c, d, "river")
    assert b.distance(c) == 1 and m.side(b, c) == m.side(c, b) == frozenset()
    assert Hexside(a, b) == Hexside(b, a) and hash(Hexside(a, b)) == hash(Hexside(b, a))
    assert m.sides_with("river") == [Hexside(a, b)]
    assert not m.blocked(a, b)


def test_a_hexside_between_hexes_that_do_not_touch_is_refused() -> None:
    m = HexMap.from_ascii("A.B\n...\n", legend=LAND)
    a, b = m.find("mark", "A")[0], m.find("mark", "B")[0]
    with pytest.raises(LeyteError, match="hexes 0101 and 0301 are not adjacent, so they share no hexside"):
        m.side(a, b)
    with pytest.raises(LeyteError, match="not adjacent"):
        Hexside(a, b)
    with pytest.raises(LeyteError, match="not a mark or label"):
        HexMap.from_ascii("AB\n", legend=LAND, sides={("A", "Z"): {"river"}})
    with pytest.raises(LeyteError, match="not adjacent"):
        HexMap.from_ascii("A.B\n", legend=LAND, sides={("A", "B"): {"river"}})
    with pytest.raises(LeyteError, match="'ford' not one of the map's hexside kinds"):
        HexMap.from_ascii("AB\n", legend=LAND, sides={("A", "B"): {"ford"}})
    with pytest.raises(LeyteError, match="use HexMap.hex for a label"):
        HexMap(layout=m.layout, info=dict(m.info), terrains=m.terrains, hexsides={("0101", "0201"): {"river"}})
    with pytest.raises(LeyteError, match="hexside kind 'rivers' is not one this map declares"):
        m.side_has(a, m.neighbours(a)[0], "rivers")


def test_old_blocked_side_features_and_new_blocked_hexsides_agree() -> None:
    lay = MapLayout()
    a, b, c = lay.to_hex(1, 1), lay.to_hex(1, 2), lay.to_hex(2, 1)
    info = {a: HexInfo("0101", "sea", (("blocked_side", "0102"),)), b: HexInfo("0102", "sea"),
            c: HexInfo("0201", "sea")}
    m = HexMap(layout=lay, info=info, hexsides={(c, a): {"blocked", "all_sea"}})
    assert m.blocked(a, b) and m.blocked(b, a) and m.side(b, a) == {"blocked"}
    assert m.blocked(a, c) and m.blocked(c, a) and m.side(a, c) == {"blocked", "all_sea"}
    assert not m.blocked(b, c)
    assert m.sides_with("blocked") == sorted([Hexside(a, b), Hexside(a, c)])
    assert m.sides_with("all_sea") == [Hexside(a, c)] and m.sides_with("road") == []


@given(st.integers(-30, 30), st.integers(-30, 30), st.integers(0, 5))
def test_hexside_is_symmetric_property(q: int, r: int, direction: int) -> None:
    h = Hex(q, r)
    n = h.neighbours()[direction]
    assert Hexside(h, n) == Hexside(n, h)
    assert set(Hexside(h, n).hexes) == {h, n}


def test_a_lettered_ascii_fixture_names_hexsides_by_label() -> None:
    # The Naval Chess Game's board as a fixture: letters for columns, a reef between C2 and C3.
    lay = MapLayout(scheme="letters", letter="col")
    m = HexMap.from_ascii("..#\n.~.\n", layout=lay, legend={".": "sea", "#": "land", "~": "reef"},
                          sides={("C1", "C2"): {"all_sea"}})
    assert [m.label(h) for h in m.hexes] == ["A1", "A2", "B1", "B2", "C1", "C2"]
    assert m.terrain(m.hex("C1")) == "land" and m.terrain(m.hex("b2")) == "reef"
    assert m.side_has(m.hex("C2"), m.hex("C1"), "all_sea")
