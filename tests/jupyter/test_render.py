"""The pure renderers and the panel canvases: the static SVG a game shows where no widget runs, and the generic
track and grid canvases that draw any game's tactical displays (``Face.panels``)."""

from __future__ import annotations

from typing import Any

from is_play import STRAIT, into_battle, surigao  # noqa: E402,F401  (the 8.3 position, tests/imperial_sunset)

import leyte
from leyte.render.geometry import map_geometry
from leyte.render.svg import game_svg


def test_game_svg_shows_a_side_only_what_it_knows_and_highlights_its_options() -> None:
    g = leyte.new_game("imperial-sunset", scenario=surigao(), seed=1)
    ijn = game_svg(g, "IJN")
    usn = game_svg(g, "USN")
    assert ijn.startswith("<svg") and ijn.rstrip().endswith("</svg>")
    assert "Force C" in ijn and "TF 77.2" not in ijn and "Mississippi" not in ijn
    assert "TF 77.2" in usn and "Force C" not in usn
    moves = [o for o in g.legal_actions() if o.kind == "move"]
    assert ijn.count('fill="#ffeb3b"') == len(moves)  # the IJN is on move: its destinations are highlighted
    assert usn.count('fill="#ffeb3b"') == 0  # the USN does not see the IJN's options
    assert g._repr_svg_() is not None


def test_geometry_is_cached_per_map() -> None:
    m = leyte.rules("imperial-sunset").map
    assert map_geometry(m) is map_geometry(m)
    geo = map_geometry(m)
    assert len(geo.labels) == len(m) and geo.index["3521"] == geo.labels.index("3521")


def test_app_odds_pane_shows_the_exact_odds_of_the_latest_roll() -> None:
    from leyte.jupyter import GameApp

    g = leyte.new_game("imperial-sunset", scenario=surigao(), seed=1944, dice=[4, 9, 1])
    script = [{"kind": "move", "to": STRAIT}, {"kind": "report", "count": 2}, {"kind": "report", "count": 2}]
    app = GameApp(g, ijn="random", usn="random", viewer="umpire", cards=False, script=script)
    assert app.odds.value == ""  # no roll yet
    app.session.run("decision")
    html = app.odds.value
    assert "leyte-odds" in html and "USN search" in html  # the latest table roll: the USN's mutual search (7.1.1)
    assert html.count("outline:2px") == 1  # the row it read


def _track(**extra: Any) -> dict[str, Any]:
    """A made-up track panel: no game's, so the canvas is shown to draw whatever a face hands it."""
    pieces = [
        {"id": f"a{i}", "box": 3, "lane": 0, "label": f"Alpha {i}", "side": "red", "struck": i == 0, "title": "",
         "mark": i == 1, "damage": 0.5}
        for i in range(6)
    ] + [{"id": "b", "box": 9, "lane": 1, "label": "Bravo", "side": None, "struck": False, "title": "", "mark": False,
          "damage": 0.0}]
    return {"kind": "track", "id": "t", "title": "A track", "notes": ["a note"], "boxes": 10, "shaded": [4],
            "pieces": pieces, **extra}


def test_track_view_draws_any_track_panel_and_grows_for_tall_stacks() -> None:
    from leyte import LeyteError
    from leyte.jupyter import TrackView, panel_view

    empty = {**_track(), "pieces": []}
    tv = panel_view(empty, colours={"red": "#c0392b"})
    assert isinstance(tv, TrackView) and tv.width == 10 * tv.box_px + 20
    short = tv.height
    frames = tv.frames
    tv.show(_track())
    assert tv.frames == frames + 1 and tv.height > short  # six pieces in one box: taller than four
    assert tv.canvas.height == tv.height and tv.piece("a1")["mark"] and tv.piece("zz") is None
    assert tv.colour(tv.piece("a0")) == "#9e9e9e" and tv.colour(tv.piece("a2")) == "#c0392b"
    assert tv.colour(tv.piece("b")) == "#555555"  # an owner the viewer cannot know is grey
    tv.show(empty)
    assert tv.height == short
    try:
        tv.show({"kind": "grid", "id": "g", "pieces": []})
    except LeyteError as e:
        assert "track view cannot draw a 'grid' panel" in str(e)
    else:
        raise AssertionError("a track view drew a grid")


def test_grid_view_draws_any_grid_panel_and_an_unknown_kind_is_refused() -> None:
    from leyte import LeyteError
    from leyte.jupyter import GridView, panel_view

    panel = {"kind": "grid", "id": "g", "title": "A grid", "notes": [], "rows": 2, "cols": 3, "shaded": [2],
             "pieces": [{"id": "s", "cell": 5, "label": "Ship", "side": "red", "struck": False, "title": "",
                         "major": True, "note": "1 hit(s)", "active": False}]
             + [{"id": f"p{i}", "cell": 5, "label": f"Plane {i}", "side": "blue", "struck": False, "title": "",
                 "major": False, "note": "", "active": i == 2} for i in range(9)]}
    gv = panel_view(panel, colours={"red": "#c0392b", "blue": "#1f4e99"})
    assert isinstance(gv, GridView) and (gv.rows, gv.cols) == (2, 3)
    assert gv.width == 3 * gv.cell + 20 and gv.frames >= 1 and gv.piece("p2")["active"]
    assert gv.cell_xy(5) == (10 + gv.cell, gv.cell_xy(1)[1] + gv.cell)  # numbered row by row
    try:
        panel_view({"kind": "dial", "id": "d"})
    except LeyteError as e:
        assert "'dial'" in str(e) and "track" in str(e) and "grid" in str(e)
    else:
        raise AssertionError("an unknown panel kind was drawn")


def test_game_app_shows_the_faces_panels_and_redraws_them_as_the_game_goes() -> None:
    from leyte import LeyteError
    from leyte.jupyter import GameApp

    g = into_battle()
    offered = [p["id"] for p in g.face.panels(g.view(None), g.log(None))]
    app = GameApp(g, ijn="random", usn="random", viewer="umpire", cards=False, panels=True)
    assert list(app.panels) == offered and len(offered) >= 1
    first = app.panels[offered[0]]
    assert first.panel == app.session.panels()[0] and first.panel["pieces"]
    assert all(pv.widget in app.widget.children for pv in app.panels.values())
    before = first.frames
    app.controls.step.click()
    assert first.frames > before and first.panel == app.session.panels()[0]
    only = GameApp(g.fork(), ijn="random", usn="random", cards=False, panels=[offered[-1]])
    assert list(only.panels) == [offered[-1]]
    try:
        GameApp(g.fork(), ijn="random", usn="random", cards=False, panels=["no-such-panel"])
    except LeyteError as e:
        assert "no panel 'no-such-panel'" in str(e) and offered[0] in str(e)
    else:
        raise AssertionError("an unknown panel id was accepted")
    assert GameApp(g.fork(), ijn="random", usn="random", cards=False).panels == {}


def test_every_games_panels_are_drawable_from_every_viewers_eyes() -> None:
    """Whatever a face returns follows ``Face.panels``: the keys every panel and piece has, a kind a canvas draws,
    the same ids in the same order from every viewer; a face with no displays (the default) returns none."""
    from leyte.core.face import DefaultFace
    from leyte.core.registry import get
    from leyte.jupyter import panel_view

    for game in leyte.games():
        assert DefaultFace(get(game)).panels({}, []) == []
        g = leyte.new_game(game, seed=3)
        ids = None
        for who in [*g.players, None]:
            panels = g.face.panels(g.view(who), g.log(who))
            assert ids is None or [p["id"] for p in panels] == ids
            ids = [p["id"] for p in panels]
            for p in panels:
                assert {"kind", "id", "title", "notes", "shaded", "pieces"} <= set(p), (game, p["id"])
                for piece in p["pieces"]:
                    assert {"id", "label", "side", "struck", "title"} <= set(piece), (game, p["id"])
                    assert piece["side"] in (None, *g.players)
                pv = panel_view(p, colours=g.face.colours())
                assert pv.panel == p and pv.frames >= 1
