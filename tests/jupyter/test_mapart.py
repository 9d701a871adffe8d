"""Issue 15 item 1: a map worth projecting — real coastlines, names, scale bar, north arrow, legend, counters a back
row can read, stacks with a count, and a first view on the action; in the canvas widget and in the SVG alike.

The art comes from each game's data (``coast.json``, ``labels.csv``) through ``leyte.core.mapart``; these tests check
that the files say what they claim (the coast agrees with the map's own land hexes), that both front ends draw it,
and that the loaders refuse a broken file naming the file and the field.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import leyte
from leyte.core.errors import ScenarioError
from leyte.core.mapart import MapArt, Projection, load_coast, load_labels, map_art
from leyte.jupyter import MapView
from leyte.jupyter.mapview import fit_size
from leyte.render import art
from leyte.render.svg import game_svg

GAMES = ("imperial-sunset", "samar", "naval-chess")
LEYTE_GULF_NAMES = ("Luzon", "Samar", "Leyte", "Mindanao", "SIBUYAN SEA", "San Bernardino Strait", "Surigao Strait")


def hexmap(game: str) -> Any:
    return leyte.new_game(game, seed=1).face.map()


def inside(pt: tuple[float, float], ring: Any) -> bool:
    x, y = pt
    hit = False
    for (x0, y0), (x1, y1) in zip(ring, list(ring[1:]) + [ring[0]]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


# -- the data -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_coastline_agrees_with_the_maps_own_land_and_sea_hexes(game: str) -> None:
    """The outlines were traced from the land mask the maps were classified from, under the same projection: most
    land hexes' centres are inside a land outline and almost no open-sea hex centre is."""
    m = hexmap(game)
    a = map_art(m)
    assert a.rings and a.projection is not None and "GLOBE" in a.source
    land = [m.center(h) for h in m.hexes if m.terrain(h) == "land"]
    sea = [m.center(h) for h in m.hexes if m.terrain(h) == "sea"]
    land_in = sum(any(inside(p, r) for r in a.rings) for p in land) / len(land)
    sea_in = sum(any(inside(p, r) for r in a.rings) for p in sea) / len(sea)
    assert land_in >= 0.8, f"{game}: only {land_in:.0%} of land hex centres lie on land"
    assert sea_in <= 0.03, f"{game}: {sea_in:.0%} of open-sea hex centres lie on land"


@pytest.mark.parametrize("game", GAMES)
def test_projections_go_both_ways(game: str) -> None:
    p = map_art(hexmap(game)).projection
    assert p is not None
    for x, y in ((0.0, 0.0), (10.0, 20.0), (7.5, 3.25)):
        lat, lon = p.to_latlon(x, y)
        bx, by = p.to_map(lat, lon)
        assert math.isclose(bx, x, abs_tol=1e-6) and math.isclose(by, y, abs_tol=1e-6)


def test_the_real_places_land_where_the_maps_put_them() -> None:
    """A name placed by latitude and longitude falls in the hex the map builders tied to that place."""
    m = hexmap("naval-chess")
    manila = next(lb for lb in map_art(m).labels if lb.name == "Manila")
    assert m.label(min(m.hexes, key=lambda h: math.dist(m.center(h), (manila.x, manila.y)))) == "D5"  # PROVENANCE
    m = hexmap("imperial-sunset")
    samar = next(lb for lb in map_art(m).labels if lb.name == "Samar")
    h = min(m.hexes, key=lambda h: math.dist(m.center(h), (samar.x, samar.y)))
    assert m.terrain(h) == "land"


def test_leyte_gulf_names_are_all_there() -> None:
    names = {art.label_text(lb.kind, lb.name) for lb in map_art(hexmap("imperial-sunset")).labels}
    assert set(LEYTE_GULF_NAMES) <= names


def test_a_map_without_art_files_draws_plain() -> None:
    m = leyte.core.hexgrid.HexMap.from_ascii("..#\n.#.\n...")
    assert map_art(m) == MapArt() and map_art(m).empty


# -- the loaders refuse broken files ------------------------------------------------------------------------------


def _coast(tmp_path: Path, **change: Any) -> Path:
    doc = {"provenance": "reconstructed", "source": "a test", "rings": [[[0, 0], [1, 0], [1, 1]]],
           "projection": {"kind": "linear", "lat0": 10, "lon0": 120, "deg_lat_per_unit": 1, "deg_lon_per_unit": 1}}
    doc.update(change)
    p = tmp_path / "coast.json"
    p.write_text(json.dumps({k: v for k, v in doc.items() if v is not None}))
    return p


@pytest.mark.parametrize(("change", "field"), [
    ({"source": None}, "'source'"),
    ({"provenance": "guessed"}, "'provenance'"),
    ({"rings": [[[0, 0], [1, 0]]]}, "'rings[0]'"),
    ({"rings": [[[0, 0], [1, "x"], [1, 1]]]}, "'rings[0][1]'"),
    ({"projection": {"kind": "mercator", "lat0": 1, "lon0": 2}}, "'projection.kind'"),
    ({"projection": {"kind": "linear", "lat0": 1, "lon0": 2}}, "'projection'"),
])
def test_a_bad_coast_file_is_refused_naming_the_file_and_field(tmp_path: Path, change: dict, field: str) -> None:
    p = _coast(tmp_path, **change)
    with pytest.raises(ScenarioError, match=re.escape(str(p))) as e:
        load_coast(p)
    assert field in str(e.value)


def test_a_good_coast_file_loads(tmp_path: Path) -> None:
    rings, proj, source = load_coast(_coast(tmp_path))
    assert rings == (((0.0, 0.0), (1.0, 0.0), (1.0, 1.0)),) and proj is not None and source == "a test"
    assert proj.to_map(9.0, 121.0) == (1.0, 1.0)


HEAD = "name,kind,lat,lon,hex,size,provenance,source\n"


@pytest.mark.parametrize(("row", "field"), [
    ("Luzon,continent,16,121,,large,reconstructed,atlas", "'kind'"),
    ("Luzon,island,16,121,,huge,reconstructed,atlas", "'size'"),
    ("Luzon,island,16,121,,large,made up,atlas", "'provenance'"),
    ("Luzon,island,16,121,,large,reconstructed,", "'source'"),
    ("Luzon,island,north,121,,large,reconstructed,atlas", "'lat'"),
    ("Luzon,island,16,,,large,reconstructed,atlas", "'lon'"),
    ("Luzon,island,,,9999,large,reconstructed,atlas", "'hex'"),
    ("Luzon,island,16,121,0101,large,reconstructed,atlas", "'hex'"),
    (",island,16,121,,large,reconstructed,atlas", "'name'"),
])
def test_a_bad_labels_file_is_refused_naming_the_row_and_field(tmp_path: Path, row: str, field: str) -> None:
    m = hexmap("samar")
    p = tmp_path / "labels.csv"
    p.write_text(HEAD + "Samar,island,11.2,125.6,,large,reconstructed,atlas\n" + row + "\n")
    with pytest.raises(ScenarioError, match=r"labels\.csv, row 3, field") as e:
        load_labels(p, m, Projection("linear", {"lat0": 12, "lon0": 125, "deg_lat_per_unit": 0.01,
                                                "deg_lon_per_unit": 0.01}))
    assert field in str(e.value)


def test_a_label_in_degrees_needs_a_projection(tmp_path: Path) -> None:
    p = tmp_path / "labels.csv"
    p.write_text(HEAD + "Samar,island,11.2,125.6,,large,reconstructed,atlas\n")
    with pytest.raises(ScenarioError, match="row 2, field 'lat'.*projection"):
        load_labels(p, hexmap("samar"), None)
    p.write_text(HEAD + "Samar,island,,,0101,large,reconstructed,atlas\n")
    (lb,) = load_labels(p, hexmap("samar"), None)
    m = hexmap("samar")
    assert (lb.x, lb.y) == pytest.approx(m.center(m.hex("0101")), abs=1e-4)


# -- the SVG ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_svg_draws_coast_names_scale_north_and_legend(game: str) -> None:
    g = leyte.new_game(game, seed=1)
    svg = game_svg(g)
    coast = re.search(r'<path class="coast" d="([^"]+)"', svg)
    assert coast and coast.group(1).count("M") == len(map_art(g.face.map()).rings)
    assert 'class="grid"' in svg and 'class="north-arrow"' in svg and 'class="legend"' in svg
    assert 'class="scale-bar"' in svg and " nm" in svg
    for lb in map_art(g.face.map()).labels:
        assert f">{art.label_text(lb.kind, lb.name)}</text>" in svg.replace("&#x27;", "'")
    sizes = {float(s) for s in re.findall(r'font-size="([\d.]+)"[^>]*class="name', svg)}
    assert sizes <= set(map(float, art.LABEL_PX.values())) and min(sizes) >= 13


def test_the_svg_shows_leyte_gulf_by_name_and_counters_a_back_row_can_read() -> None:
    g = leyte.new_game("imperial-sunset", seed=1)
    svg = game_svg(g)
    for name in LEYTE_GULF_NAMES:
        assert f">{name}</text>" in svg
    widths = [float(w) for w in re.findall(r'<rect x="[^"]+" y="[^"]+" width="([\d.]+)"[^>]*class="marker"', svg)]
    assert widths and min(widths) >= 28
    assert 'class="stack-count"' in svg  # Force A and Force B start together


# -- the canvas ---------------------------------------------------------------------------------------------------


def test_names_keep_their_screen_size_at_every_zoom() -> None:
    mv = MapView(hexmap("imperial-sunset"))
    fonts = {n: f for n, f, _, _ in mv.names_drawn}
    spots = {n: (x, y) for n, _, x, y in mv.names_drawn}
    assert set(LEYTE_GULF_NAMES[:4]) <= set(fonts)
    mv.set_zoom(3.0)
    zoomed = {n: f for n, f, _, _ in mv.names_drawn}
    assert zoomed and all(fonts[n] == f for n, f in zoomed.items())  # same px, only their places moved
    assert any(spots[n] != (x, y) for n, _, x, y in mv.names_drawn)
    assert all(int(re.search(r"(\d+)px", f).group(1)) >= 13 for f in zoomed.values())


@pytest.mark.parametrize("game", GAMES)
def test_counters_are_readable_at_the_default_fit_on_a_projector(game: str) -> None:
    g = leyte.new_game(game, seed=1)
    m = g.face.map()
    mv = MapView(m, size=fit_size(m), colours=g.face.colours())
    assert mv.width <= 800 and mv.height <= 560  # beside the decision panel on a 1280x720 page
    layer = mv.canvas[1]
    widths: list[float] = []
    real = layer.fill_styled_rects

    def spy(x: Any, y: Any, w: Any, h: Any, *rest: Any, **kw: Any) -> Any:
        widths.extend(np.atleast_1d(w).tolist())
        return real(x, y, w, h, *rest, **kw)

    object.__setattr__(layer, "fill_styled_rects", spy)
    markers = [mk for mk in g.face.markers(g.view(None)) if mk.get("kind") != "smoke"]
    mv.show(markers)
    n_small = sum(mk.get("shape") == "small" for mk in markers)
    assert len(widths) == len(markers)
    # counters first in their batch order; the "small" ones (an air unit beside its fleet) are a size down
    big = [w for w, mk in zip(widths, markers) if mk.get("shape") != "small"]
    assert big and min(big) >= 28, f"{game}: counters of {min(big):.0f} px"
    assert n_small == 0 or min(widths) >= 24
    assert mv.scale_shown is not None and mv.legend_shown[:2] == ["land", "sea"]


def test_stacks_show_how_many_pieces_they_hold() -> None:
    mv = MapView(hexmap("imperial-sunset"))
    mk = {"kind": "tf", "side": "a", "title": "", "detected": False, "moved": False, "damaged": False, "label": "1"}
    mv.show([{**mk, "id": "1", "hex": "3521"}, {**mk, "id": "2", "hex": "3521"}, {**mk, "id": "3", "hex": "2020"},
             {**mk, "id": "4", "hex": "2222", "count": 5}])
    assert mv.badges == {"3521": 2, "2222": 5}


def test_the_first_view_zooms_a_crowded_formation_apart_and_centres_it() -> None:
    g = leyte.new_game("samar", seed=1)
    m = g.face.map()
    mv = MapView(m, size=9)
    ships = [mk for mk in g.face.markers(g.view(None)) if mk.get("kind") == "ship"]
    mv.show(ships)
    assert mv.zoom > 1.4  # 1 nm hexes: Taffy 3's ships in neighbouring hexes would hide each other
    x, y = mv.to_screen(mv.action_point())
    assert 0.2 * mv.width <= x <= 0.8 * mv.width and 0.2 * mv.height <= y <= 0.8 * mv.height
    mv.pan_by(1, 0)  # the user moved the view: it stays where they put it
    pan = mv.pan
    mv.show(ships)
    assert mv.pan == pan


def test_a_sparse_map_keeps_its_whole_view_and_zoom_keeps_the_action_still() -> None:
    g = leyte.new_game("naval-chess", seed=1)
    mv = MapView(g.face.map())
    mv.show(g.face.markers(g.view(None)), focus="E7")
    assert mv.zoom == 1.0 and mv.pan == (0.0, 0.0)  # its counters do not crowd each other: the whole map shows
    before = mv.pixel_of("E7")
    mv.zoom_in()
    assert mv.zoom == 1.5 and mv.pixel_of("E7") == pytest.approx(before)


def test_the_first_view_keeps_every_counter_on_the_canvas() -> None:
    g = leyte.new_game("imperial-sunset", seed=1)
    mv = MapView(g.face.map())
    markers = g.face.markers(g.view(None))
    mv.show(markers)
    for mk in markers:
        x, y = mv.pixel_of(mk["hex"])
        assert 0 <= x <= mv.width and 0 <= y <= mv.height, (mk["id"], mv.zoom, mv.pan)


def test_a_task_force_counter_says_what_it_holds_only_to_its_owner() -> None:
    """Imperial Sunset: an own TF's counter reads its number over its heaviest ships ("3 BB+"); an enemy TF's
    reads "TF ?", so the counter tells the other side nothing the view does not (5.4)."""
    g = leyte.new_game("imperial-sunset", seed=1)
    own = {m["id"]: m for m in g.face.markers(g.view("IJN")) if m["kind"] == "tf"}
    assert own["IJN-1"]["label"] == "1" and re.fullmatch(r"\d+ (BB|CA|CL|DD|CAV)\+?", own["IJN-1"]["sub"])
    enemy = [m for m in own.values() if m["side"] == "USN"]
    assert enemy and {m["sub"] for m in enemy} == {"TF ?"}
    umpire = {m["id"]: m for m in g.face.markers(g.view(None)) if m["kind"] == "tf"}
    assert all(re.fullmatch(r"\d+ [A-Z]+\+?|dummy", m["sub"]) for m in umpire.values())


def test_the_wheel_zooms_about_the_pointer() -> None:
    mv = MapView(hexmap("imperial-sunset"))
    x, y = mv.pixel_of("2020")
    mv._mouse_move(x, y)
    mv._mouse_wheel(0.0, -120.0)  # up: in
    assert mv.zoom == pytest.approx(1.25) and mv.pixel_of("2020") == pytest.approx((x, y))
    mv._mouse_wheel(0.0, 120.0)
    assert mv.zoom == pytest.approx(1.0) and mv.pixel_of("2020") == pytest.approx((x, y))


def test_the_svg_of_a_crowded_formation_shows_the_action_zoomed_until_its_counters_stand_apart() -> None:
    """Samar's 1 nm hexes: the whole map would put Taffy 3's ships on top of each other, so the picture shows the
    formation and the sea round it, with hex numbers; Imperial Sunset keeps its overview."""
    g = leyte.new_game("samar", seed=1)
    svg = game_svg(g)
    w, h = (float(v) for v in re.search(r'<svg[^>]* width="([\d.]+)" height="([\d.]+)"', svg).groups())
    vb = [float(v) for v in re.search(r'viewBox="([^"]+)"', svg).group(1).split()]
    assert vb[2:] == [w, h] and (vb[0], vb[1]) != (0.0, 0.0)
    xs = [(float(x), float(y)) for x, y in re.findall(r'<rect x="([\d.]+)" y="([\d.]+)"[^>]*class="marker"', svg)]
    side = min(float(v) for v in re.findall(r'width="([\d.]+)"[^>]*class="marker"', svg))
    assert side >= 28 and len(xs) == 13
    gaps = [math.dist(a, b) for i, a in enumerate(xs) for b in xs[i + 1:]]
    assert min(gaps) >= 0.9 * side  # neighbours' counters no longer cover each other
    for x, y in xs:
        assert vb[0] <= x and x + side <= vb[0] + vb[2] and vb[1] <= y and y + side <= vb[1] + vb[3]
    assert 'class="hex-number"' in svg
    overview = game_svg(leyte.new_game("imperial-sunset", seed=1))
    assert re.search(r'viewBox="0 0 ', overview) and 'class="hex-number"' not in overview


def test_hovering_a_named_hex_says_its_name() -> None:
    m = hexmap("naval-chess")
    mv = MapView(m)
    manila = next(lb for lb in map_art(m).labels if lb.name == "Manila")
    where = min(m.hexes, key=lambda h: math.dist(m.center(h), (manila.x, manila.y)))
    x, y = mv.pixel_of(m.label(where))
    mv._mouse_move(x, y)
    assert "Manila" in mv.info.value


def test_clash_s_island_outlines_sit_in_the_island_hexes() -> None:
    """Clash of the Carriers' map is open sea with small islands, each a single hex (map ruling M-2): the traced
    outlines of Saipan, Tinian, Rota and Guam lie in the hexes the map gives them, and its names are the islands'."""
    m = hexmap("clash-of-the-carriers")
    a = map_art(m)
    assert a.rings and "GLOBE" in a.source
    p = a.projection
    assert p is not None
    for island, hex_label in (("Saipan", "3712"), ("Rota", "3614"), ("Guam", "3516")):
        cx, cy = m.center(m.hex(hex_label))
        near = min(math.dist((cx, cy), pt) for r in a.rings for pt in r)
        assert near < 1.0, f"{island}: no coastline within a hex of {hex_label} ({near:.2f} units)"
    names = {lb.name for lb in a.labels}
    assert {"Saipan", "Guam", "Rota", "Tinian", "PHILIPPINE SEA"} <= names
