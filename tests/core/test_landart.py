"""Issue 18 item 6: a land map's terrain palette comes from its own ``map.toml`` (``[art]``), its rivers lie on the
hexsides the data names, roads and railways join hex centres across their hexsides, and a bridge marks a river side
a road crosses; a naval map gets no land art and so draws as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from leyte.core.errors import ScenarioError
from leyte.core.hexgrid import HexMap
from leyte.render import landart

ROOT = Path(__file__).resolve().parents[2]

MAP_TOML = """id = "test-land"
orientation = "flat"
label_digits = [2, 2]
terrains = ["sea", "open", "rough", "mountain", "swampy_thing"]
hexside_kinds = ["river", "road", "rail"]
{art}
"""
MAP_CSV = """label,terrain,features
0101,open,city:Alpha
0102,open,
0201,rough,
0202,mountain,peak:Top
0301,sea,
"""
SIDES_CSV = """a,b,kinds
0101,0102,river;road
0102,0202,rail
0201,0202,river
"""


def write_map(folder: Path, art: str = "") -> HexMap:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "map.toml").write_text(MAP_TOML.format(art=art), encoding="utf-8")
    (folder / "map.csv").write_text(MAP_CSV, encoding="utf-8")
    (folder / "hexsides.csv").write_text(SIDES_CSV, encoding="utf-8")
    return HexMap.load(folder)


def test_the_palette_is_read_from_the_maps_own_art_table(tmp_path: Path) -> None:
    m = write_map(tmp_path, '[art.terrain_colours]\nrough = "#123456"\nswampy_thing = "#00ff00"\n')
    pal = landart.terrain_palette(m)
    assert pal is not None
    assert pal["rough"] == "#123456" and pal["swampy_thing"] == "#00ff00"
    # a terrain the table leaves out takes the default for its common name
    assert pal["open"] == landart.DEFAULT_TERRAIN_COLOURS["open"]
    assert pal["mountain"] == landart.DEFAULT_TERRAIN_COLOURS["mountain"]


def test_without_a_table_a_land_map_still_gets_a_palette_and_unknown_names_are_grey(tmp_path: Path) -> None:
    pal = landart.terrain_palette(write_map(tmp_path))
    assert pal is not None
    assert pal["mountain"] != pal["open"] != pal["rough"]
    assert pal["swampy_thing"] == "#cccccc"


@pytest.mark.parametrize("art, field", [
    ('[art.terrain_colours]\nrough = "brown"\n', "art.terrain_colours.rough"),
    ('[art.terrain_colours]\nlava = "#ff0000"\n', "art.terrain_colours.lava"),
    ('[art]\nrelief = ["volcano"]\n', "art.relief"),
    ('art = 3\n', "'art'"),
])
def test_a_bad_art_table_is_refused_naming_the_field(tmp_path: Path, art: str, field: str) -> None:
    with pytest.raises(ScenarioError, match=field.replace(".", r"\.")):
        landart.land_art(write_map(tmp_path, art))


def test_a_river_side_is_drawn_on_the_edge_the_two_hexes_share(tmp_path: Path) -> None:
    m = write_map(tmp_path)
    la = landart.land_art(m)
    assert la is not None and len(la.rivers) == 2
    a, b = m.hex("0201"), m.hex("0202")
    ca, cb = set(m.layout.corners(a)), set(m.layout.corners(b))
    river = next(seg for seg in la.rivers if all(any(abs(p[0] - q[0]) < 1e-9 and abs(p[1] - q[1]) < 1e-9
                                                     for q in ca) for p in seg))
    for p in river:
        assert any(abs(p[0] - q[0]) < 1e-9 and abs(p[1] - q[1]) < 1e-9 for q in cb)


def test_roads_and_railways_join_centres_and_a_bridge_marks_the_crossing(tmp_path: Path) -> None:
    m = write_map(tmp_path)
    la = landart.land_art(m)
    assert la is not None
    c1, c2 = m.center(m.hex("0101")), m.center(m.hex("0102"))
    assert la.roads == ((c1, c2),)
    assert la.rails == ((c2, m.center(m.hex("0202"))),)
    assert la.bridges == (((c1[0] + c2[0]) / 2, (c1[1] + c2[1]) / 2),)  # the road crosses the 0101/0102 river


def test_the_legend_lists_the_terrains_the_map_uses_its_lines_and_symbols(tmp_path: Path) -> None:
    la = landart.land_art(write_map(tmp_path))
    assert la is not None
    words = [w for _, _, w in la.legend()]
    # swampy_thing is declared but no hex has it: not listed
    assert words == ["sea", "open", "rough", "mountain", "river", "road", "railway", "bridge", "city", "peak"]
    assert la.relief == {"mountain"}


def test_a_naval_map_gets_no_land_art() -> None:
    for game in ("clash-of-the-carriers", "naval-chess", "samar", "imperial-sunset"):
        assert landart.land_art(HexMap.load(ROOT / "scenarios" / game)) is None


def test_formosa_map_carries_its_palette_and_draws_its_rivers_and_routes() -> None:
    m = HexMap.load(ROOT / "scenarios" / "formosa")
    la = landart.land_art(m)
    assert la is not None
    assert la.palette == m.meta["art"]["terrain_colours"]
    assert set(la.terrains) == {"sea", "open", "rough", "mountain", "peak", "mud_flats"}
    assert len(la.rivers) == len(m.sides_with("river"))
    assert len(la.roads) == len(m.sides_with("road")) and len(la.rails) == len(m.sides_with("rail"))
    assert la.bridges  # the trunk line crosses rivers
