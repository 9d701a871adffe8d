"""The canvas map, headless: one message per frame, pixels <-> hexes, clicks, zoom, and the redraw for a new browser."""

from __future__ import annotations

from typing import Any

import ipycanvas.canvas  # noqa: E402
import pytest

import leyte  # noqa: E402
from leyte.jupyter import MapView, batched  # noqa: E402


@pytest.fixture(scope="module")
def hexmap() -> Any:
    return leyte.rules("imperial-sunset").map



def sixty_markers(mv: MapView) -> list[dict[str, Any]]:
    sea = [lab for lab, t in zip(mv.geo.labels, mv.geo.terrain) if t == "sea"]
    return [
        {
            "kind": "tf",
            "hex": sea[(i * 37) % len(sea)],
            "side": ("IJN", "USN")[i % 2],
            "id": f"X-{i}",
            "label": str(i),
            "title": f"TF {i}",
            "detected": i % 3 == 0,
            "moved": i % 4 == 0,
            "damaged": False,
        }
        for i in range(60)
    ]


def test_a_full_frame_is_one_message(hexmap: Any, sent: list[Any]) -> None:
    mv = MapView(hexmap)
    sent.clear()
    mv.redraw()
    assert len(sent) == 1
    sent.clear()
    mv.show(sixty_markers(mv), highlight=["3423", "3322"], status="Turn 1")
    assert len(sent) == 1


def test_batch_is_closed_even_when_drawing_raises(hexmap: Any, sent: list[Any]) -> None:
    mgr = ipycanvas.canvas._CANVAS_MANAGER
    with pytest.raises(RuntimeError):
        with batched():
            raise RuntimeError("boom")
    assert mgr._caching is False


def test_every_hex_centre_maps_back_to_its_hex(hexmap: Any) -> None:
    mv = MapView(hexmap)
    for zoom in (1.0, 2.5):
        mv.set_zoom(zoom)
        for lab in mv.geo.labels[::7]:
            x, y = mv.pixel_of(lab)
            if 0 <= x < mv.width and 30 <= y < mv.height:  # on the canvas, below the status line
                assert mv.hex_at(x + 1.5, y - 1.0) == lab


def test_a_click_reports_the_hex_and_a_drag_pans(hexmap: Any) -> None:
    mv = MapView(hexmap)
    got: list[str] = []
    mv.on_hex_click(got.append)
    x, y = mv.pixel_of("3521")
    mv._mouse_down(x, y)
    mv._mouse_up(x + 1, y)
    assert got == ["3521"]
    pan = mv.pan
    mv._mouse_down(x, y)
    mv._mouse_up(x + 40, y + 10)
    assert got == ["3521"] and mv.pan == (pan[0] + 40, pan[1] + 10)


def test_labels_are_drawn_only_when_legible(hexmap: Any, sent: list[Any]) -> None:
    mv = MapView(hexmap, size=8)
    sent.clear()
    mv.redraw()
    small = len(str(sent[0]))
    mv.set_zoom(3.0)
    sent.clear()
    mv.redraw()
    assert len(str(sent[0])) > small  # label text commands added when a hex is 24 px across


def test_a_new_browser_gets_the_whole_picture_again(hexmap: Any, sent: list[Any]) -> None:
    mv = MapView(hexmap)
    mgr = ipycanvas.canvas._CANVAS_MANAGER
    frames = mv.frames
    sent.clear()
    mv._client_ready()
    assert mv.frames == frames + 1 and len(sent) == 1
    assert mgr._current_canvas is not None  # the frame switched canvas explicitly first


def test_hover_names_the_hex_and_what_is_there(hexmap: Any) -> None:
    mv = MapView(hexmap)
    mv.show([{"kind": "tf", "hex": "3521", "side": "USN", "id": "USN-1", "label": "1", "title": "TF 78 (USN-1)"}])
    x, y = mv.pixel_of("3521")
    mv._mouse_move(x, y)
    assert "3521" in mv.info.value and "beachhead" in mv.info.value.lower() and "TF 78" in mv.info.value


def test_overlays_are_drawn_in_the_styles_the_face_gives(hexmap: Any, sent: list[Any]) -> None:
    """The map knows no overlay key: a face's ``overlay_style`` decides tint, outline or line for each set."""
    from leyte.core.face import DEFAULT_OVERLAY, DefaultFace, Face, OverlayStyle

    class Styled(DefaultFace):
        def overlay_styles(self) -> dict[str, OverlayStyle]:
            return {"sight:": OverlayStyle("#000000", "line"), "zone": OverlayStyle("#00ff00", "fill", alpha=0.2)}

    face = Styled(leyte.core.registry.get(leyte.games()[0]))
    assert face.overlay_style("sight:a") == face.overlay_style("sight:b") == OverlayStyle("#000000", "line")
    assert face.overlay_style("zone").style == "fill" and face.overlay_style("other") == DEFAULT_OVERLAY
    assert Face.overlay_styles(face) == {}  # the base styles nothing: every set a grey outline
    ranges = {"sight:x": ["3423", "3322", "3222"], "zone": ["3423"], "other": ["3322"], "sight:off": ["nowhere"]}
    mv = MapView(hexmap, overlay_style=face.overlay_style)
    sent.clear()
    mv.show([], ranges=ranges)
    assert len(sent) == 1 and mv.los_drawn == [("3423", "3222")]  # one line; a set off the map draws nothing
    plain = MapView(hexmap)
    plain.show([], ranges=ranges)
    assert plain.los_drawn == []  # unstyled, the same sets are only outlined


def test_marker_looks_come_from_the_marker_not_its_kind(hexmap: Any) -> None:
    """Solid counters, white counters, small ones in their own colour and rings, whatever ``kind`` says."""
    mv = MapView(hexmap, size=12, colours={"red": "#c00000", "blue": "#0000c0"})
    layer = mv.canvas[1]
    calls: dict[str, list[Any]] = {}

    def spy(name: str) -> Any:
        real = getattr(layer, name)

        def call(*args: Any, **kw: Any) -> Any:
            calls.setdefault(name, []).append(args)
            return real(*args, **kw)

        return call

    for name in ("fill_styled_rects", "fill_styled_circles"):
        object.__setattr__(layer, name, spy(name))
    mk = {"hex": "3521", "title": "", "detected": False, "moved": False, "damaged": False}
    mv.show([
        {**mk, "kind": "a", "id": "1", "side": "red", "label": "1", "solid": True},
        {**mk, "kind": "b", "id": "2", "side": "blue", "label": "2"},
        {**mk, "kind": "c", "id": "3", "side": "blue", "label": "X", "shape": "small", "colour": "#00aa00"},
        {**mk, "kind": "d", "id": "4", "side": "red", "label": "S", "shape": "ring"},
    ])
    rect_colours = [tuple(int(v) for v in row) for row in calls["fill_styled_rects"][-1][4]]
    # small markers and rings go under the counters of their hex: small green first, then solid red, then white
    assert rect_colours == [(0, 0xaa, 0), (0xc0, 0, 0), (255, 255, 255)]
    ring_colours = [tuple(int(v) for v in row) for row in calls["fill_styled_circles"][0][3]]
    assert ring_colours == [(0xc0, 0, 0)]


def test_a_contact_ring_never_hides_the_lettering_of_the_counter_in_its_hex(hexmap: Any) -> None:
    """A submarine contact listed after a task force in the same hex is drawn under it, and the task force's
    counter — the top of the stack — keeps its lettering."""
    mv = MapView(hexmap)
    drawn: list[str] = []
    real = mv._draw_counter_texts

    def spy(c: Any, texts: Any) -> None:
        drawn.extend(t[2] for t in texts)
        real(c, texts)

    object.__setattr__(mv, "_draw_counter_texts", spy)
    mk = {"hex": "3521", "title": "", "detected": False, "moved": False, "damaged": False}
    mv.show([
        {**mk, "kind": "tf", "id": "1", "side": "red", "label": "3 CVL+", "solid": True},
        {**mk, "kind": "sub", "id": "2", "side": "blue", "label": "S", "shape": "ring"},
    ])
    assert drawn == ["3 CVL+"]


def test_the_counter_a_face_ranks_highest_tops_its_stack_and_alone_is_lettered(hexmap: Any) -> None:
    """``rank`` (Face.markers): whatever order the view lists a hex's counters in, the highest rank lies on top."""
    mv = MapView(hexmap)
    drawn: list[str] = []
    real = mv._draw_counter_texts

    def spy(c: Any, texts: Any) -> None:
        drawn.extend(t[2] for t in texts)
        real(c, texts)

    object.__setattr__(mv, "_draw_counter_texts", spy)
    mk = {"hex": "3521", "title": "", "detected": False, "moved": False, "damaged": False, "kind": "tf",
          "side": "red", "solid": True}
    mv.show([{**mk, "id": "c", "label": "C", "rank": 2}, {**mk, "id": "a", "label": "A", "rank": 9},
             {**mk, "id": "b", "label": "B", "rank": 5}])
    assert drawn == ["A"]
    drawn.clear()
    mv.show([{**mk, "id": "c", "label": "C"}, {**mk, "id": "b", "label": "B"}])  # no ranks: the view's order
    assert drawn == ["B"]


def _inside(box: tuple[float, float, float, float], pt: tuple[float, float]) -> bool:
    x0, y0, w, h = box
    return x0 <= pt[0] <= x0 + w and y0 <= pt[1] <= y0 + h


def test_the_legend_keeps_off_the_hexes_the_decision_asks_about(hexmap: Any) -> None:
    mv = MapView(hexmap, width=400, height=500)  # narrower than the map: no empty band beside it for the legend
    mv.show([])
    box = mv.legend_box
    assert box is not None
    # the hexes under where the legend sat become the options of a decision
    under = sorted({lab for x in range(int(box[0]) + 4, int(box[0] + box[2]) - 4, 6)
                    for y in range(int(box[1]) + 4, int(box[1] + box[3]) - 4, 6)
                    if (lab := mv.hex_at(float(x), float(y))) is not None})
    assert under
    mv.show([], highlight=under)
    moved = mv.legend_box
    assert moved is not None and moved[:2] != box[:2]
    assert not any(_inside(moved, mv.pixel_of(lab)) for lab in under)


def test_the_legend_switch_hides_and_shows_the_legend(hexmap: Any) -> None:
    mv = MapView(hexmap)
    mv.show([], highlight=["3521"])
    assert mv.legend_shown and mv.legend_box is not None and mv.legend_toggle.value is True
    mv.legend_toggle.value = False  # the toolbar's visible "Legend" switch
    assert mv.legend is False and mv.legend_shown == [] and mv.legend_box is None
    mv.show([], highlight=["3521"])  # a new position keeps it hidden
    assert mv.legend_box is None
    mv.show_legend(True)
    assert mv.legend_toggle.value is True and mv.legend_box is not None and "can be chosen" in mv.legend_shown


def test_highlighted_hexes_lie_under_the_counters_and_their_lettering(hexmap: Any) -> None:
    """An option's yellow tint and orange outline are drawn before the counters and their text, so a highlighted
    hex never strikes through a counter's lettering."""
    mv = MapView(hexmap)
    layer = mv.canvas[1]
    order: list[str] = []

    def spy(name: str) -> Any:
        real = getattr(layer, name)

        def call(*args: Any, **kw: Any) -> Any:
            order.append(name)
            return real(*args, **kw)

        return call

    for name in ("fill_polygons", "stroke_polygons", "fill_styled_rects", "fill_text"):
        object.__setattr__(layer, name, spy(name))
    mk = {"hex": "3521", "title": "", "detected": False, "moved": False, "damaged": False, "kind": "tf",
          "side": "red", "solid": True, "id": "1", "label": "Force A", "sub": "3 CV+"}
    mv.show([mk], highlight=["3521", "3522"])
    last_outline = max(i for i, n in enumerate(order) if n in ("fill_polygons", "stroke_polygons"))
    first_counter = order.index("fill_styled_rects")
    assert last_outline < first_counter < order.index("fill_text")
