"""Every game's face is complete: what the front ends draw for it is well-formed data (``leyte.core.face``).

- ``players()`` names every rules player, with a colour and the side ``Game.sides`` gives it;
- ``markers(view)`` of each player's view and the umpire's are dicts with the documented keys, ids unique on the
  map, hexes that are labels of ``face.map()`` and owners that are players (or None);
- ``option_targets`` indices are valid and point at hexes on the map; ``overlays`` and ``focus`` name map hexes;
- ``status(view)`` is a non-empty string; ``cards(view)`` are dicts with id, title, side and lines;
- at the end ``result_text`` says something and ``summary_row(game)`` is a dict of scalars;
- ``game._repr_svg_()`` is an SVG that draws a counter when the umpire's markers are not empty.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from conformance_kit import game_params, new, play_out, sample_points, scenario_params, walk

import leyte

MARKER_KEYS = {"kind", "id", "hex", "side", "label", "title", "detected", "moved", "dummy", "damaged"}
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
SCALARS = (str, int, float, bool, type(None))
# A counter in leyte.render.svg.map_svg is a <rect> with a position (the sea background is a <rect> without one).
SVG_COUNTER = re.compile(r"<rect x=")


def map_labels(face: Any) -> set[str]:
    m = face.map()
    return {m.label(h) for h in m.hexes}


def check_markers(face: Any, g: leyte.Game, view: dict[str, Any], labels: set[str], where: str) -> list[dict]:
    ms = face.markers(view)
    assert isinstance(ms, list), f"{where}: markers is a {type(ms).__name__}"
    ids = set()
    for mk in ms:
        assert isinstance(mk, dict), f"{where}: a marker is a {type(mk).__name__}"
        missing = MARKER_KEYS - set(mk)
        assert not missing, f"{where}: marker {mk.get('id')!r} lacks {sorted(missing)}"
        assert mk["hex"] in labels, f"{where}: marker {mk['id']!r} is on {mk['hex']!r}, not a hex of the map"
        assert mk["side"] is None or mk["side"] in g.players, f"{where}: marker {mk['id']!r} side {mk['side']!r}"
        assert isinstance(mk["kind"], str) and mk["kind"]
        assert isinstance(mk["label"], str) and isinstance(mk["title"], str)
        assert mk["detected"] in (None, True, False) and mk["dummy"] in (None, True, False)
        assert mk["moved"] in (True, False) and mk["damaged"] in (True, False)
        assert mk["id"] not in ids, f"{where}: two markers share the id {mk['id']!r}"
        ids.add(mk["id"])
    return ms


def check_position(g: leyte.Game, where: str) -> None:
    face = g.face
    labels = map_labels(face)
    d = g.decision
    for viewer in (*g.players, None):
        v = g.view(viewer)
        w = f"{where}, {viewer or 'umpire'}'s view"
        check_markers(face, g, v, labels, w)
        status = face.status(v)
        assert isinstance(status, str) and status.strip(), f"{w}: empty status line"
        cards = face.cards(v)
        assert isinstance(cards, list)
        for c in cards:
            assert {"id", "title", "side", "lines"} <= set(c), f"{w}: card {c.get('id')!r} lacks keys"
            assert isinstance(c["lines"], list) and all(isinstance(x, str) for x in c["lines"])
        if d is not None and viewer in (d.player, None):
            targets = face.option_targets(d.options, v)
            assert isinstance(targets, dict)
            for i, hexes in targets.items():
                assert isinstance(i, int) and 0 <= i < len(d.options), f"{w}: option index {i!r} out of range"
                assert hexes and all(h in labels for h in hexes), f"{w}: option {i} points off the map: {hexes}"
            over = face.overlays(v, d)
            assert isinstance(over, dict)
            for key, hexes in over.items():
                assert isinstance(key, str) and all(h in labels for h in hexes), f"{w}: overlay {key!r} off the map"
            focus = face.focus(v, d)
            assert focus is None or focus in labels, f"{w}: focus {focus!r} is not a hex of the map"


@pytest.mark.parametrize("game_id", game_params("face-players", face=True))
def test_face_names_every_player_with_a_colour(game_id: str) -> None:
    g = leyte.new_game(game_id)
    face = g.face
    styles = face.players()
    assert [p.id for p in styles] == list(g.players), "players() must list the rules' players, in order"
    for p in styles:
        assert isinstance(p.name, str) and p.name.strip(), f"player {p.id} has no name"
        assert COLOUR.match(p.colour) and COLOUR.match(p.light), f"player {p.id}: colours {p.colour}, {p.light}"
        assert p.side == g.sides[p.id], f"player {p.id} plays for {g.sides[p.id]}, the face says {p.side}"
    assert len({p.colour for p in styles}) == len(styles), "two players share a counter colour"
    assert set(face.viewers()) >= {*g.players, "umpire"}
    assert face.map() is not None and map_labels(face)


@pytest.mark.parametrize("game_id,scenario,seed", scenario_params("face-positions", face=True))
def test_face_draws_every_sampled_position(game_id: str, scenario: str, seed: int) -> None:
    for at, g, _ in walk(game_id, scenario, seed, 8):
        check_position(g, f"{game_id}/{scenario} seed {seed}, decision {at}")


@pytest.mark.parametrize("game_id,scenario,seed", scenario_params("face-end", face=True))
def test_face_of_a_finished_game(game_id: str, scenario: str, seed: int) -> None:
    g, b = new(game_id, scenario, seed)
    play_out(g, b)
    check_position(g, f"{game_id}/{scenario} seed {seed}, game over")
    face = g.face
    text = face.result_text(g.result)
    assert isinstance(text, str) and text.strip(), "result_text says nothing about a finished game"
    row = face.summary_row(g)
    assert isinstance(row, dict) and row, "summary_row of a finished game is empty"
    for k, v in row.items():
        assert isinstance(k, str) and isinstance(v, SCALARS), f"summary_row[{k!r}] is a {type(v).__name__}"
    lines = face.summary_text([row, row])
    assert isinstance(lines, list) and all(isinstance(x, str) for x in lines)


@pytest.mark.parametrize("game_id,scenario,seed", scenario_params("svg", face=True))
def test_svg_draws_the_umpires_markers(game_id: str, scenario: str, seed: int) -> None:
    looked = 0
    for at, g, _ in walk(game_id, scenario, seed, 3):
        svg = g._repr_svg_()
        assert isinstance(svg, str) and svg.lstrip().startswith("<svg") and svg.rstrip().endswith("</svg>")
        markers = g.face.markers(g.view(None))
        if markers:
            n = len(SVG_COUNTER.findall(svg))
            assert n >= 1, f"decision {at}: the umpire sees {len(markers)} markers, the SVG draws none"
        looked += 1
    assert looked == len(sample_points(game_id, scenario, seed, 3))
