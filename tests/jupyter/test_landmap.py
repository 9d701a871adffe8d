"""Issue 18 item 6: a map that shows a land war, in the SVG and on the live canvas alike: terrain in the map's own
colours, rivers along hexsides, roads and railways through hex centres, bridges, place symbols, and a legend that
lists the terrains the map uses; the naval maps keep their look."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import leyte
from leyte.core.hexgrid import HexMap
from leyte.jupyter import MapView
from leyte.render import landart
from leyte.render.svg import map_svg

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def formosa() -> HexMap:
    return HexMap.load(ROOT / "scenarios" / "formosa")


def legend_words(svg: str) -> list[str]:
    legend = re.search(r'<g class="legend">(.*?)</g>', svg, re.S)
    assert legend is not None
    return re.findall(r">([^<>]+)</text>", legend.group(1))


def test_svg_colours_each_land_hex_by_its_terrain_from_map_toml(formosa: HexMap) -> None:
    svg = map_svg(formosa)
    colours = formosa.meta["art"]["terrain_colours"]
    for t in ("open", "rough", "mountain", "peak", "mud_flats"):
        assert re.search(rf'<path class="terrain {t}" d="M[^"]+" fill="{colours[t]}"/>', svg), t
    assert '<path class="relief"' in svg  # mountains carry a relief mark


def test_svg_draws_a_river_on_its_hexside(formosa: HexMap) -> None:
    size = 20.0
    svg = map_svg(formosa, size=size)
    river = re.search(r'<path class="river" d="([^"]+)"', svg)
    assert river is not None
    segs = re.findall(r"M([\d.]+),([\d.]+) L([\d.]+),([\d.]+)", river.group(1))
    assert len(segs) == len(formosa.sides_with("river"))
    # every segment is one hex edge long (the circumradius), not a centre-to-centre line
    for x0, y0, x1, y1 in segs:
        assert abs(((float(x1) - float(x0)) ** 2 + (float(y1) - float(y0)) ** 2) ** 0.5 - size) < 0.3
    assert '<path class="road"' in svg and 'stroke-dasharray' in svg
    assert '<path class="rail"' in svg and '<rect class="bridge"' in svg


def test_svg_shows_the_land_features_and_keeps_the_place_names(formosa: HexMap) -> None:
    svg = map_svg(formosa)
    for kind in ("port", "airfield", "city", "town", "peak", "industrial"):
        assert f'class="feature {kind}"' in svg, kind
    assert ">Taihoku</text>" in svg and ">Takao</text>" in svg


def test_svg_legend_lists_the_maps_terrains_and_lines(formosa: HexMap) -> None:
    words = legend_words(map_svg(formosa))
    assert words[:6] == ["sea", "open", "rough", "mountain", "peak", "mud flats"]
    assert {"river", "road", "railway", "bridge"} <= set(words)
    assert words[-6:] == ["city", "town", "port", "airfield", "industry", "peak"]  # each symbol on the map
    assert "land" not in words


@pytest.mark.parametrize("game", ["imperial-sunset", "clash-of-the-carriers", "naval-chess"])
def test_a_naval_map_keeps_its_land_and_sea_look(game: str) -> None:
    m = leyte.rules(game).map
    svg = map_svg(m)
    assert 'class="terrain' not in svg and 'class="river"' not in svg and 'class="relief"' not in svg
    assert 'class="feature' not in svg and 'class="coastline"' not in svg
    assert legend_words(svg)[:2] == ["land", "sea"]


def test_the_live_map_draws_terrain_rivers_routes_and_the_terrain_legend(formosa: HexMap, sent: list[Any]) -> None:
    mv = MapView(formosa)
    la = landart.land_art(formosa)
    assert la is not None
    assert mv.lines_drawn == {"river": len(la.rivers), "road": len(la.roads), "rail": len(la.rails),
                              "bridge": len(la.bridges)}
    assert mv.legend_shown[:6] == ["sea", "open", "rough", "mountain", "peak", "mud flats"]
    assert {"river", "road", "railway", "bridge"} <= set(mv.legend_shown)
    # each hex's fill is its terrain's colour from map.toml
    i = mv.geo.labels.index(next(lab for lab, t in zip(mv.geo.labels, mv.geo.terrain) if t == "mountain"))
    r, g, b = (int(v) for v in mv._colours[i])
    assert f"#{r:02x}{g:02x}{b:02x}" == formosa.meta["art"]["terrain_colours"]["mountain"]
    sent.clear()
    mv.redraw()
    assert len(sent) == 1  # still one message a frame


def test_the_live_map_hover_names_a_city(formosa: HexMap) -> None:
    mv = MapView(formosa)
    h = formosa.find("city")[0]
    name = next(n for k, n in formosa.features(h) if k == "city")
    assert f"city {name}" in mv.hover_text(formosa.label(h))


def test_a_naval_live_map_draws_no_land_lines() -> None:
    mv = MapView(leyte.rules("imperial-sunset").map)
    assert mv.lines_drawn == {} and mv.legend_shown[:2] == ["land", "sea"]
