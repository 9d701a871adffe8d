"""The live hex map: an ipycanvas ``MultiCanvas`` with terrain, markers and an overlay, one message per frame.

Layers: 0 sea, hex tints (a land map's terrain colours, relief marks, rivers, roads, railways and bridges:
``leyte.render.landart``), the real coastline, the faint hex grid, features, hex numbers (zoomed in) and the names
of islands, seas, straits and places (redrawn only on zoom or pan); 1 highlights and counters (every position
change); 2 the status line, the hover outline, the north arrow, the scale bar and the legend. The art is the SVG's
(``leyte.render.art``): names and counters keep a readable screen size at every zoom.

Each layer's frame is drawn inside one batch
(``hold_canvas``, closed in ``finally`` so an exception cannot leave ipycanvas caching for ever) with the bulk
calls ``fill_styled_polygons`` / ``fill_styled_rects``: a full frame is a few dozen commands, not thousands (see
``shared/design/JUPYTER.md``: unbatched drawing times out under nbval).

The canvas keeps no picture of its own for a browser that connects later (Voilà, a second tab), so the widget
draws everything again in ``on_client_ready``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import ipycanvas
import ipywidgets as W
import numpy as np
from ipycanvas import Canvas, MultiCanvas, hold_canvas

from leyte.core.face import DEFAULT_OVERLAY, OverlayStyle
from leyte.core.mapart import map_art, nm_per_unit
from leyte.render import art, landart
from leyte.render.geometry import (
    DETECTED_EDGE,
    FEATURE_STYLE,
    HIGHLIGHT_COLOUR,
    SELECTED_COLOUR,
    TERRAIN_COLOURS,
    UNDETECTED_EDGE,
    MapGeometry,
    map_geometry,
)
from leyte.render.overlay import hex_summary

__all__ = ["MapView", "batched"]

BACKGROUND = art.SEA
UNKNOWN_COLOUR = "#555555"
STATUS_HEIGHT = 22
SMOKE_COLOUR = "#9e9e9e"
HULK_COLOUR = "#616161"
def rgb(colours: Sequence[str]) -> np.ndarray:
    """ "#rrggbb" strings -> an (n, 3) uint8 array, the colour form ipycanvas's styled bulk calls take."""
    return np.array([[int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)] for c in colours], dtype=np.uint8)


def forget_current_canvas() -> None:
    """Before drawing for a newly connected browser, drop ipycanvas's notion of the current canvas.

    With ipycanvas 0.14.3 a redraw from ``on_client_ready`` otherwise fails in the page ("Cannot read properties of
    undefined (reading 'clearCanvas')") and the canvas stays blank (JUPYTER.md). The version is pinned for this.
    """
    ipycanvas.canvas._CANVAS_MANAGER._current_canvas = None


class CanvasPanel:
    """A fixed-size canvas in a VBox that draws itself again whenever a browser connects; subclasses ``draw``."""

    def __init__(self, width: int, height: int, css_class: str) -> None:
        self.width, self.height = width, height
        self.canvas = Canvas(width=width, height=height)
        self.canvas.layout.width = f"{width}px"
        self.canvas.layout.height = f"{height}px"
        self.canvas.on_client_ready(self._client_ready)
        self.frames = 0
        self.widget = W.VBox([self.canvas])
        for name in css_class.split():  # one class a call: the browser refuses a class name holding a space
            self.widget.add_class(name)

    def draw(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def _client_ready(self) -> None:
        forget_current_canvas()
        self.draw()


@contextmanager
def batched() -> Iterator[None]:
    """``hold_canvas()`` that always ends its batch: ipycanvas 0.14's own context manager skips its flush and
    leaves caching switched on if the drawing code raises, after which nothing ever reaches the browser."""
    cm = hold_canvas()
    cm.__enter__()
    try:
        yield
    finally:
        cm.__exit__(None, None, None)



FIT_WIDTH, FIT_HEIGHT = 780, 520  # the map's share of a 1280x720 projector (the decision panel takes the rest)
MIN_WIDTH = 600  # a tall, narrow map still gets a canvas this wide (the first view zooms to the action)
ZOOM_MIN, ZOOM_MAX = 0.5, 6.0


def fit_size(hexmap: Any) -> float:
    """The hex size a map is drawn at when none is given: the whole map in about ``FIT_WIDTH`` x ``FIT_HEIGHT``
    (most of a 1280x720 screen beside the decision panel). A map whose hexes are then too small to read (a tall
    map of small hexes) is zoomed to the action for its first view instead (``MapView.show``)."""
    geo = map_geometry(hexmap)
    return min(FIT_WIDTH / geo.width, FIT_HEIGHT / geo.height)

class MapView:
    """A zoomable, pannable, clickable hex map for one ``HexMap``.

    Call ``show(markers, highlight=..., status=...)`` with markers from the game's face (``game.face.markers``);
    register ``on_hex_click(fn)`` to hear which hex label was clicked. ``widget`` is the thing to display.
    ``colours`` maps each player to its counter colour (``{p.id: p.colour for p in game.face.players()}``);
    ``overlay_style`` says how to draw each named set of hexes given to ``show(ranges=...)``
    (``game.face.overlay_style``); without it every set is outlined in grey. ``names`` gives each player's
    readable name for the legend (``{p.id: p.name for p in game.face.players()}``).

    The view follows the action (``show(focus=...)``, else the options' hexes, else the counters) until the user
    moves it: the first view zooms a crowded formation apart (``auto_zoom``). The + and - buttons zoom about the
    action, the mouse wheel about the pointer, a drag pans.
    """

    def __init__(
        self,
        hexmap: Any,
        *,
        size: float | None = None,
        width: int | None = None,
        height: int | None = None,
        label_zoom: float = 17.0,
        colours: dict[str, str] | None = None,
        overlay_style: Callable[[str], OverlayStyle] | None = None,
        names: Mapping[str, str] | None = None,
    ) -> None:
        self.hexmap = hexmap
        size = size if size is not None else fit_size(hexmap)
        self.colours = dict(colours or {})
        self.names = dict(names or {})  # player -> readable name, for the legend (else the player's id)
        self.overlay_style: Callable[[str], OverlayStyle] = overlay_style or (lambda _key: DEFAULT_OVERLAY)
        self.geo: MapGeometry = map_geometry(hexmap)
        self.base_size = size
        self.zoom = 1.0
        self.pan = (0.0, 0.0)
        self.label_zoom = label_zoom  # labels appear once a hex is this many px across (legible)
        self.margin = 4.0
        w = width or max(int(self.geo.width * size + 2 * self.margin), MIN_WIDTH)
        # a map taller than a projector's share of the screen is cut there (pan with the arrows or a drag)
        tallest = FIT_HEIGHT + 2 * int(self.margin)
        h = height or min(int(self.geo.height * size + 2 * self.margin), tallest) + STATUS_HEIGHT
        self.width, self.height = w, h
        self.canvas = MultiCanvas(3, width=w, height=h)
        self.canvas.layout.width = f"{w}px"  # else the canvas is stretched to the page width
        self.canvas.layout.height = f"{h}px"
        self._corners = np.array(self.geo.corners, dtype=float)  # (n, 6, 2) in layout units
        self._centers = np.array(self.geo.centers, dtype=float)  # (n, 2)
        # the real coastline and the names, in the geometry's units (its top-left corner at 0, 0)
        self.art = map_art(hexmap)
        ox, oy = self.geo.origin
        self._rings = [np.array(r, dtype=float) - np.array([ox, oy]) for r in self.art.rings]
        self._names = [(lb, np.array([lb.x - ox, lb.y - oy])) for lb in self.art.labels]
        self._named_hexes: dict[str, list[str]] = {}  # hex -> the names whose text is centred in it (hover text)
        for lb, pt in self._names:
            at = self.geo.label_at(float(pt[0]), float(pt[1]))
            if at is not None:
                self._named_hexes.setdefault(at, []).append(lb.name)
        # a land map colours its terrain from its own data and draws rivers, roads and railways (landart)
        self._land = landart.land_art(hexmap, self.geo.origin, FEATURE_STYLE)
        if self._land is not None:
            palette = self._land.palette
            self._land_idx = np.array([i for i, t in enumerate(self.geo.terrain) if t not in landart.WATER], dtype=int)
            self._relief = np.array([mk for i, t in enumerate(self.geo.terrain) if t in self._land.relief
                                     for mk in landart.relief_marks(self.geo.centers[i], 1.0)], dtype=float)
        else:
            palette = art.SOFT_TERRAIN if self._rings else TERRAIN_COLOURS
        self._colours = rgb([palette.get(t, "#cccccc") for t in self.geo.terrain])
        styles = {**FEATURE_STYLE, **(landart.LAND_FEATURE_STYLE if self._land is not None else {})}
        # the feature symbols: (centre index, kind, name, x offset in circumradii) - side by side on a land map
        self._features: list[tuple[int, str, str, float]] = []
        for i, h in enumerate(hexmap.hexes):
            fs = [(k, n) for k, n in hexmap.features(h) if k in styles]
            for j, (k, n) in enumerate(fs):
                off = (j - (len(fs) - 1) / 2) * 0.5 if self._land is not None else 0.0
                self._features.append((i, k, n, off))
        self._feature_styles = styles
        self.lines_drawn: dict[str, int] = {}  # how many river, road, rail and bridge marks the last frame drew
        self._auto = True  # the view follows the action until the user (or a caller) moves it
        self.legend = True
        self.markers: list[dict[str, Any]] = []
        self.highlight: list[str] = []
        self.ranges: dict[str, list[str]] = {}
        self.los_drawn: list[tuple[str, str]] = []  # (from, to) hexes of the lines of sight in the last frame
        self.selected: list[str] = []
        self.focus: str | None = None
        self.badges: dict[str, int] = {}  # hex -> the count shown on its stack in the last frame
        self.names_drawn: list[tuple[str, str, float, float]] = []
        self.legend_shown: list[str] = []
        self.legend_box: tuple[float, float, float, float] | None = None  # x, y, width, height in the last frame
        self.scale_shown: art.ScaleBar | None = None
        self.status = ""
        self.hover: str | None = None
        self.describe: Callable[[str], str] = self._describe
        self._click_handlers: list[Callable[[str], None]] = []
        self._down: tuple[float, float] | None = None
        self._pointer: tuple[float, float] | None = None  # where the mouse last moved on the canvas
        self.last_frame_ms = 0.0
        self.frames = 0
        self.info = W.HTML(value="&nbsp;", layout=W.Layout(min_height="2.6em"))
        self.info.add_class("leyte-hover")
        self.canvas.on_mouse_down(self._mouse_down)
        self.canvas.on_mouse_up(self._mouse_up)
        self.canvas.on_mouse_move(self._mouse_move)
        self.canvas.on_mouse_out(self._mouse_out)
        self.canvas.on_mouse_wheel(self._mouse_wheel)
        self.canvas.on_client_ready(self._client_ready)
        buttons = [
            ("+", self.zoom_in, "zoom in"),
            ("−", self.zoom_out, "zoom out"),
            ("⟲", self.reset_view, "fit"),
            ("←", lambda: self.pan_by(1, 0), "pan"),
            ("→", lambda: self.pan_by(-1, 0), "pan"),
            ("↑", lambda: self.pan_by(0, 1), "pan"),
            ("↓", lambda: self.pan_by(0, -1), "pan"),
        ]
        row = []
        for text, fn, tip in buttons:
            b = W.Button(description=text, tooltip=tip, layout=W.Layout(width="34px"))
            b.on_click(lambda _b, fn=fn: fn())
            row.append(b)
        # the legend can be put away (and back) by a visible switch: on a crowded map it may cover what matters
        self.legend_toggle = W.ToggleButton(value=True, description="Legend", icon="list",
                                            tooltip="show or hide the map's legend", layout=W.Layout(width="90px"))
        self.legend_toggle.observe(lambda ch: self.show_legend(bool(ch["new"])), names="value")
        row.append(self.legend_toggle)
        self.toolbar = W.HBox(row)
        self.widget = W.VBox([self.toolbar, self.canvas, self.info])
        self.redraw()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    # -- geometry ------------------------------------------------------------------------------------------------

    @property
    def scale(self) -> float:
        return self.base_size * self.zoom

    def to_screen(self, pts: np.ndarray) -> np.ndarray:
        s = self.scale
        return pts * s + np.array([self.margin + self.pan[0], self.margin + self.pan[1] + STATUS_HEIGHT])

    def hex_at(self, x: float, y: float) -> str | None:
        """The hex label under a canvas pixel (None off the map or on the status line)."""
        if y < STATUS_HEIGHT:
            return None
        s = self.scale
        return self.geo.label_at(
            (x - self.margin - self.pan[0]) / s, (y - self.margin - self.pan[1] - STATUS_HEIGHT) / s
        )

    def pixel_of(self, label: str) -> tuple[float, float]:
        """The canvas pixel at a hex's centre (what a test clicks)."""
        x, y = self.to_screen(np.array(self.geo.center_of(label)))
        return float(x), float(y)

    # -- zoom and pan --------------------------------------------------------------------------------------------

    def zoom_in(self) -> None:
        """Zoom in about the action (``action_pixel``): what the decision is about stays in view."""
        self._auto = False
        self.set_zoom(self.zoom * 1.5, about=self.action_pixel())

    def zoom_out(self) -> None:
        self._auto = False
        self.set_zoom(self.zoom / 1.5, about=self.action_pixel())

    def set_zoom(self, zoom: float, about: tuple[float, float] | None = None) -> None:
        """Zoom keeping the point ``about`` (canvas px; default the centre) where it is."""
        self._zoom_about(zoom, about)
        self.redraw()

    def _zoom_about(self, zoom: float, about: tuple[float, float] | None) -> None:
        zoom = max(ZOOM_MIN, min(ZOOM_MAX, zoom))
        cx, cy = about or (self.width / 2, (self.height + STATUS_HEIGHT) / 2)
        k = zoom / self.zoom
        px, py = self.pan
        ox, oy = cx - self.margin, cy - self.margin - STATUS_HEIGHT
        self.pan = (ox - (ox - px) * k, oy - (oy - py) * k)
        self.zoom = zoom

    def pan_by(self, fx: float, fy: float) -> None:
        """Pan by a fraction of the canvas (1 = a third of its width or height)."""
        self._auto = False
        self.pan = (self.pan[0] + fx * self.width / 3, self.pan[1] + fy * self.height / 3)
        self.redraw()

    def reset_view(self) -> None:
        self._auto = False
        self.zoom, self.pan = 1.0, (0.0, 0.0)
        self.redraw()

    def center_on(self, label: str, zoom: float | None = None) -> None:
        """Put a hex in the middle of the canvas (optionally zooming first): a small set-up fills the view."""
        self._auto = False
        self._center_at(np.array(self.geo.center_of(label)), zoom)
        self.redraw()

    def _center_at(self, point: np.ndarray, zoom: float | None = None) -> None:
        if zoom is not None:
            self.zoom = max(ZOOM_MIN, min(ZOOM_MAX, zoom))
        s = self.scale
        cx, cy = float(point[0]), float(point[1])
        self.pan = (float(self.width / 2 - self.margin - cx * s),
                    float((self.height - STATUS_HEIGHT) / 2 - self.margin - cy * s))

    # -- the action ----------------------------------------------------------------------------------------------

    def action_point(self) -> np.ndarray | None:
        """Where the action is, in map units: the focus hex given to ``show``, else the middle of the hexes the
        options point at, else of the selected hexes, else of the counters; None on an empty map."""
        for labels in ([self.focus] if self.focus else [], self.highlight, self.selected,
                       [m.get("hex") for m in self.markers if m.get("kind") != "smoke"]):
            idx = [self.geo.index[lab] for lab in labels if lab in self.geo.index]
            if idx:
                pts = self._centers[idx]
                # the middle of the points' extent (not their mean: one far-off counter should not drag the view)
                return (pts.min(axis=0) + pts.max(axis=0)) / 2
        return None

    def action_pixel(self) -> tuple[float, float] | None:
        """The action's canvas pixel if it is on the canvas (zooming keeps it still), else None (the centre)."""
        p = self.action_point()
        if p is None:
            return None
        x, y = self.to_screen(p)
        if 0 <= x <= self.width and STATUS_HEIGHT <= y <= self.height:
            return float(x), float(y)
        return None

    def auto_zoom(self) -> float:
        """The zoom of the first view: 1, unless counters in nearby hexes would overlap and the whole action (every
        counter and option hex) still fits on the canvas when zoomed until they do not (a tactical map of small
        hexes, with a formation of ships in it); then that zoom (``art.spread_size``)."""
        labels = {m.get("hex") for m in self.markers if m.get("kind") != "smoke"} | set(self.highlight)
        pts = [self.geo.center_of(lab) for lab in sorted(lab for lab in labels if lab in self.geo.index)]
        size = art.spread_size(pts, self.width - 2 * self.margin, self.height - STATUS_HEIGHT - 2 * self.margin)
        if size is None or size <= self.base_size * art.SPREAD_RATIO:
            return 1.0
        return min(ZOOM_MAX, size / self.base_size)

    def _follow_action(self) -> bool:
        """The first view: zoom crowded counters apart (``auto_zoom``) and keep the action in the middle part of
        the canvas until the user moves the view. Returns whether the view changed."""
        if not self._auto:
            return False
        p = self.action_point()
        if p is None:
            return False
        changed = False
        if self.zoom == 1.0 and self.pan == (0.0, 0.0):
            z = self.auto_zoom()
            if z != 1.0:
                self.zoom = z
                changed = True
        x, y = self.to_screen(p)
        w, h = self.width, self.height - STATUS_HEIGHT
        if changed or not (0.2 * w <= x <= 0.8 * w and STATUS_HEIGHT + 0.2 * h <= y <= STATUS_HEIGHT + 0.8 * h):
            if self.geo.width * self.scale > self.width or self.geo.height * self.scale > self.height - STATUS_HEIGHT:
                self._center_at(p)
                self._clamp_pan()
                changed = True
        return changed

    def _clamp_pan(self) -> None:
        """Keep the map covering the canvas where it can (no empty band beside a map bigger than the canvas)."""
        s = self.scale
        mw, mh = self.geo.width * s, self.geo.height * s
        w, h = self.width - 2 * self.margin, self.height - STATUS_HEIGHT - 2 * self.margin
        px, py = self.pan
        px = min(0.0, max(w - mw, px)) if mw > w else (w - mw) / 2
        py = min(0.0, max(h - mh, py)) if mh > h else (h - mh) / 2
        self.pan = (float(px), float(py))

    # -- mouse ---------------------------------------------------------------------------------------------------

    def show_legend(self, on: bool = True) -> None:
        """Show or hide the legend (the toolbar's "Legend" switch calls this; so may a notebook)."""
        self.legend = bool(on)
        if self.legend_toggle.value != self.legend:
            self.legend_toggle.value = self.legend  # its observer calls back here
            return
        if not self.legend:
            self.legend_shown = []
        self.draw_overlay()

    def on_hex_click(self, fn: Callable[[str], None]) -> None:
        self._click_handlers.append(fn)

    def _mouse_down(self, x: float, y: float) -> None:
        self._down = (x, y)

    def _mouse_up(self, x: float, y: float) -> None:
        start, self._down = self._down, None
        if start is not None and abs(x - start[0]) + abs(y - start[1]) > 6:  # a drag pans
            self._auto = False
            self.pan = (self.pan[0] + x - start[0], self.pan[1] + y - start[1])
            self.redraw()
            return
        self.click(x, y)

    def click(self, x: float, y: float) -> str | None:
        """Handle a click at a canvas pixel: tell the listeners which hex it hit."""
        label = self.hex_at(x, y)
        if label is not None:
            for fn in list(self._click_handlers):
                fn(label)
        return label

    def _mouse_move(self, x: float, y: float) -> None:
        self._pointer = (x, y)
        label = self.hex_at(x, y)
        if label != self.hover:
            self.hover = label
            self.info.value = self.hover_text(label) if label else "&nbsp;"
            self.draw_overlay()

    def _mouse_out(self, x: float, y: float) -> None:
        self._down = None
        self._pointer = None

    def _mouse_wheel(self, dx: float, dy: float) -> None:
        """The wheel zooms about the pointer (ipycanvas 0.14 sends the wheel's deltas only, so the pointer is the
        last place the mouse moved to); scrolling up zooms in."""
        if not dy:
            return
        self._auto = False
        self.set_zoom(self.zoom * (1.25 if dy < 0 else 1 / 1.25), about=self._pointer or self.action_pixel())

    def hover_text(self, label: str) -> str:
        from html import escape

        text = hex_summary(label, self.markers, self.describe(label))
        return "<br>".join(escape(line) for line in text.split("\n"))

    def _describe(self, label: str) -> str:
        m = self.hexmap
        h = m.hex(label)
        bits = [m.terrain(h)]
        for kind, name in m.features(h):
            if kind in self._feature_styles or kind == "sea_name":
                # a land map names what each symbol is (port minor, airfield Tainan, city Tainan)
                bits.append(f"{kind} {name}" if name and self._land is not None else name or kind)
        bits.extend(n for n in self._named_hexes.get(label, ()) if n not in bits)  # labels.csv names placed here
        return ", ".join(bits)

    def _client_ready(self) -> None:
        # A browser connected after we drew (Voilà, a second tab): its canvas is blank and it does not know which
        # canvas ipycanvas last switched to, so forget that and draw every layer again (JUPYTER.md, 0.14.3).
        forget_current_canvas()
        self.redraw()

    # -- drawing -------------------------------------------------------------------------------------------------

    def show(
        self,
        markers: Sequence[Mapping[str, Any]],
        *,
        highlight: Sequence[str] = (),
        selected: Sequence[str] = (),
        status: str = "",
        ranges: Mapping[str, Sequence[str]] | None = None,
        focus: str | None = None,
    ) -> None:
        """Draw a new position: markers, highlighted hexes (legal options), range rings and the status line.

        ``focus`` is the hex the decision is about (``game.face.focus``); without it the action is where the
        options point, else where the counters are. Until the user moves the view, it follows the action."""
        self.markers = [dict(m) for m in markers]
        self.highlight = list(highlight)
        self.ranges = {k: list(v) for k, v in (ranges or {}).items()}
        self.selected = list(selected)
        self.status = status
        self.focus = focus if focus in self.geo.index else None
        moved = self._follow_action()
        t = time.perf_counter()
        with batched():
            if moved:
                self._draw_terrain()
            self._draw_units()
            self._draw_overlay()
        self._timed(t)

    def redraw(self) -> None:
        """Every layer again (zoom, pan, a new browser)."""
        t = time.perf_counter()
        with batched():
            self._draw_terrain()
            self._draw_units()
            self._draw_overlay()
        self._timed(t)

    def draw_overlay(self) -> None:
        with batched():
            self._draw_overlay()

    def _timed(self, t: float) -> None:
        self.last_frame_ms = (time.perf_counter() - t) * 1000
        self.frames += 1

    def _visible(self, pts: np.ndarray, pad: float) -> np.ndarray:
        return (
            (pts[:, 0] > -pad) & (pts[:, 0] < self.width + pad) & (pts[:, 1] > -pad) & (pts[:, 1] < self.height + pad)
        )

    def _draw_terrain(self) -> None:
        c = self.canvas[0]
        c.clear()
        c.fill_style = BACKGROUND
        c.fill_rect(0, 0, self.width, self.height)
        polys = self.to_screen(self._corners)
        c.fill_styled_polygons(polys, self._colours)
        if self._rings:
            rings = [self.to_screen(r) for r in self._rings]
            c.fill_style = art.LAND
            c.fill_polygons(rings)
            if self._land is not None and len(self._land_idx):
                # the land hexes' terrain over the coast fill: the rules read terrain hex by hex
                c.fill_styled_polygons(polys[self._land_idx], self._colours[self._land_idx])
            c.line_join = "round"
            c.stroke_style = art.COAST
            c.line_width = 1.2 if self.zoom < 2 else 1.8
            c.stroke_polygons(rings)
            c.global_alpha = art.GRID_ALPHA
            c.stroke_style = art.GRID
            c.line_width = 0.8 if self.zoom < 2 else 1.0
            c.stroke_polygons(polys)
            c.global_alpha = 1.0
        else:
            c.stroke_style = "#7aa7c0"
            c.line_width = 0.6 if self.zoom < 2 else 1.0
            c.stroke_polygons(polys)
        s = self.scale
        if self._land is not None:
            self._draw_land_lines(c)
        if self._features:
            land = self._land is not None
            r = max(4.0, s * 0.24) if land else max(2.0, s * 0.32)
            idx = np.array([i for i, _, _, _ in self._features])
            xy = self.to_screen(self._centers[idx])
            xy[:, 0] += np.array([off for _, _, _, off in self._features]) * r * 4.2
            colours = rgb([self._feature_styles[k][0] for _, k, _, _ in self._features])
            c.fill_styled_circles(xy[:, 0], xy[:, 1], r, colours)
            c.stroke_style = "#333333"
            c.line_width = 1.0
            c.stroke_circles(xy[:, 0], xy[:, 1], r)
            if s >= 9:
                c.fill_style = "#ffffff" if land else "#222222"
                c.font = f"bold {max(7, int(r * 1.2 if land else s * 0.42))}px sans-serif"
                c.text_align = "center"
                c.text_baseline = "middle"
                for (x, y), (_, kind, _, _) in zip(xy, self._features):
                    if land and r < 6:
                        break
                    c.fill_text(self._feature_styles[kind][1], float(x), float(y) + (0 if land else s * 0.62))
        if s >= self.label_zoom:
            centers = self.to_screen(self._centers)
            vis = np.nonzero(self._visible(centers, s))[0]
            c.fill_style = art.HEX_NUMBER
            c.font = f"{max(9, int(s * 0.3))}px sans-serif"
            c.text_align = "center"
            c.text_baseline = "middle"
            for i in vis:
                c.fill_text(self.geo.labels[i], float(centers[i, 0]), float(centers[i, 1] - s * 0.55))
        self._draw_names(c)

    def _draw_land_lines(self, c: Any) -> None:
        """Relief marks, rivers along hexsides, roads (dashed) and railways (track) from centre to centre, and
        bridges, as the SVG draws them (``landart``)."""
        land = self._land
        assert land is not None
        s = self.scale
        w = max(1.6, s * 0.12)
        drawn: dict[str, int] = {}
        c.line_join = "round"
        if len(self._relief):
            c.stroke_style = landart.RELIEF
            c.global_alpha = 0.7
            c.line_width = max(0.8, s * 0.08)
            c.stroke_line_segments(self.to_screen(self._relief))
            c.global_alpha = 1.0
        for kind, segs in (("river", land.rivers), ("road", land.roads), ("rail", land.rails)):
            if not segs:
                continue
            pts = self.to_screen(np.array(segs, dtype=float))
            if kind == "rail":
                pts = pts + w * 0.9  # beside a road that shares its hexsides
            c.line_cap = "round" if kind == "river" else "butt"
            c.stroke_style = {"river": landart.RIVER, "road": landart.ROAD, "rail": landart.RAIL}[kind]
            c.line_width = w * 1.4 if kind == "river" else w * 1.1 if kind == "rail" else w
            c.set_line_dash([w * 3, w * 1.8] if kind == "road" else [])
            c.stroke_line_segments(pts)
            if kind == "rail":
                c.stroke_style = "#ffffff"
                c.line_width = w * 0.5
                c.set_line_dash([w * 1.2, w * 1.2])
                c.stroke_line_segments(pts)
            drawn[kind] = len(segs)
        c.set_line_dash([])
        c.line_cap = "butt"
        if land.bridges:
            r = max(3.0, s * 0.16)
            xy = self.to_screen(np.array(land.bridges, dtype=float))
            c.fill_style = "#ffffff"
            c.stroke_style = landart.BRIDGE
            c.line_width = 1.5
            for x, y in xy:
                c.fill_rect(float(x) - r, float(y) - r * 0.55, r * 2, r * 1.1)
                c.stroke_rect(float(x) - r, float(y) - r * 0.55, r * 2, r * 1.1)
            drawn["bridge"] = len(land.bridges)
        self.lines_drawn = drawn

    def _draw_names(self, c: Any) -> None:
        """Island, sea, strait and place names at their fixed screen size, each over a white halo."""
        self.names_drawn: list[tuple[str, str, float, float]] = []  # (name, font, x, y) of the last frame, for tests
        if not self._names:
            return
        c.line_join = "round"
        c.text_baseline = "middle"
        for lb, pt in self._names:
            x, y = (float(v) for v in self.to_screen(pt))
            if not (-200 <= x <= self.width + 200 and -50 <= y <= self.height + 50):
                continue
            colour = art.LABEL_STYLE[lb.kind][0]
            f = art.font(lb.kind, lb.size)
            text = art.label_text(lb.kind, lb.name)
            if lb.kind == "place":
                c.fill_style = colour
                c.fill_circle(x, y, 3.5)
                x += 7
                c.text_align = "left"
            else:
                c.text_align = "center"
            c.font = f
            c.stroke_style = art.HALO
            c.line_width = 4.0
            c.stroke_text(text, x, y)
            c.fill_style = colour
            c.fill_text(text, x, y)
            self.names_drawn.append((lb.name, f, x, y))

    def _hex_polys(self, labels: Sequence[str]) -> np.ndarray:
        idx = [self.geo.index[lab] for lab in labels if lab in self.geo.index]
        return self.to_screen(self._corners[idx]) if idx else np.zeros((0, 6, 2))

    def _draw_units(self) -> None:
        c = self.canvas[1]
        c.clear()
        s = self.scale
        if self.highlight:
            polys = self._hex_polys(self.highlight)
            c.global_alpha = 0.55
            c.fill_style = HIGHLIGHT_COLOUR
            c.fill_polygons(polys)
            c.global_alpha = 1.0
            c.stroke_style = "#f57f17"
            c.line_width = 1.5
            c.stroke_polygons(polys)
        self._draw_overlays(c)
        if self.selected:
            c.stroke_style = SELECTED_COLOUR
            c.line_width = 3.0
            c.stroke_polygons(self._hex_polys(self.selected))
        if not self.markers:
            return
        if any("facing" in m or m.get("kind") == "smoke" for m in self.markers):
            self._draw_ships(c)  # single ships with a facing, and smoke
            return
        # Stack markers that share a hex with a small offset, in view order, so each stays clickable and visible;
        # a stack of two or more pieces gets a count badge on its top counter.
        seen: dict[str, int] = {}
        top: dict[str, tuple[float, float]] = {}
        boxes, fills, edges, texts, dots, rings = [], [], [], [], [], []
        side_len = art.counter_px(s)
        # rings and small markers (contacts, air units) lie under the counters that share their hex, so a task
        # force's counter stays on top of its stack and keeps its lettering; among counters the face's rank decides
        for m in sorted(self.markers, key=art.stack_key):
            lab = m.get("hex")
            if lab not in self.geo.index:
                continue
            k = seen.get(lab, 0)
            seen[lab] = k + 1
            cx, cy = self.to_screen(np.array(self.geo.center_of(lab)))
            off = (k % 4) * side_len * 0.22
            cx, cy = cx + off, cy - off
            shape, solid = m.get("shape", "counter"), bool(m.get("solid"))
            fill = m.get("colour") or self.colours.get(m.get("side") or "", UNKNOWN_COLOUR)
            label, sub = str(m.get("label", "")), str(m.get("sub") or "")
            wd = art.counter_text(side_len, label, sub)[0] if shape == "counter" else side_len
            x, y = cx - wd / 2, cy - side_len / 2
            top[lab] = (float(cx + wd / 2), float(cy - side_len / 2))  # where its stack badge goes
            if shape == "ring":
                rings.append((cx, cy, fill, label, lab, k))
                continue
            if shape == "small":
                boxes.append((x + side_len * 0.1, y + side_len * 0.1, side_len * 0.8, side_len * 0.8))
                fills.append(fill)
                edges.append("#ffffff")
                texts.append((cx, cy, label, "", "#ffffff", side_len * 0.8, lab, k))
                continue
            boxes.append((x, y, wd, side_len))
            fills.append(fill if solid else "#ffffff")
            edges.append(DETECTED_EDGE if m.get("detected") else UNDETECTED_EDGE)
            texts.append((cx, cy, label, sub, "#ffffff" if solid else fill, side_len, lab, k))
            if m.get("moved"):
                dots.append((x + wd - side_len * 0.15, y + side_len * 0.85, "#ffffff"))
            if m.get("damaged"):
                dots.append((x + side_len * 0.15, y + side_len * 0.85, "#ff9800"))
        if rings:
            r = np.array([(x, y) for x, y, *_ in rings])
            radius = side_len * 0.4
            c.fill_styled_circles(r[:, 0], r[:, 1], radius, rgb([ring[2] for ring in rings]))
            c.stroke_style = "#ffffff"
            c.line_width = 1.5
            c.stroke_circles(r[:, 0], r[:, 1], radius)
            texts.extend((x, y, text, "", "#ffffff", side_len * 0.8, lab, k) for x, y, _, text, lab, k in rings)
        if boxes:
            b = np.array(boxes)
            c.fill_styled_rects(b[:, 0], b[:, 1], b[:, 2], b[:, 3], rgb(fills))
            c.line_width = 2.0
            c.stroke_styled_rects(b[:, 0], b[:, 1], b[:, 2], b[:, 3], rgb(edges))
        if dots:
            d = np.array([(x, y) for x, y, _ in dots])
            c.fill_styled_circles(d[:, 0], d[:, 1], max(2.5, side_len * 0.09), rgb([col for _, _, col in dots]))
        # only the top piece of a stack is lettered: the text of those under it would show through
        self._draw_counter_texts(c, [t[:6] for t in texts if t[7] == seen[t[6]] - 1])
        self._draw_badges(c, self.markers, top, side_len)

    def _draw_counter_texts(self, c: Any, texts: Sequence[tuple[float, float, str, str, str, float]]) -> None:
        """A counter's first line (its name or number) in bold, shrunk to fit its width; its second line (type or
        factors, the marker's ``sub``) smaller, below."""
        c.text_align = "center"
        c.text_baseline = "middle"
        for x, y, text, sub, col, side in texts:
            c.fill_style = col
            _, label_px, sub_px = art.counter_text(side, text, sub)
            if text:
                c.font = f"bold {int(label_px)}px sans-serif"
                c.fill_text(text, float(x), float(y) - (side * 0.17 if sub else 0.0))
            if sub:
                c.font = f"bold {int(sub_px)}px sans-serif"
                c.fill_text(sub, float(x), float(y) + side * 0.24)

    def _draw_badges(self, c: Any, markers: Sequence[Mapping[str, Any]], top: Mapping[str, tuple[float, float]],
                     side_len: float) -> None:
        """A red disc with the number of pieces on every hex that holds two or more (``art.stacks``)."""
        self.badges: dict[str, int] = {}
        badges = [(lab, n) for lab, n in sorted(art.stacks(markers).items()) if n >= 2 and lab in top]
        if not badges:
            return
        xy = np.array([top[lab] for lab, _ in badges])
        c.fill_style = art.BADGE
        c.fill_circles(xy[:, 0], xy[:, 1], 9.0)
        c.stroke_style = "#ffffff"
        c.line_width = 1.5
        c.stroke_circles(xy[:, 0], xy[:, 1], 9.0)
        c.fill_style = "#ffffff"
        c.font = "bold 12px sans-serif"
        c.text_align = "center"
        c.text_baseline = "middle"
        for (lab, n), (x, y) in zip(badges, xy):
            c.fill_text(str(n), float(x), float(y))
            self.badges[lab] = n

    def _draw_overlays(self, c: Any) -> None:
        """The face's named sets of hexes (rings, arcs, bands, lines of sight) in the styles it gives: tints first,
        then outlines, then lines, each in the order the face listed them. A ``line`` set is one dashed line from
        its first hex's centre to its last's; ``los_drawn`` records them for tests."""
        self.los_drawn = []
        sets = [(self.overlay_style(k), [h for h in v if h in self.geo.index]) for k, v in self.ranges.items()]
        for st, hexes in sets:
            if st.style == "fill" and hexes:
                c.global_alpha = st.alpha
                c.fill_style = st.colour
                c.fill_polygons(self._hex_polys(hexes))
                c.global_alpha = 1.0
        for st, hexes in sets:
            if st.style not in ("fill", "line") and hexes:
                c.stroke_style = st.colour
                c.line_width = st.width
                c.stroke_polygons(self._hex_polys(hexes))
        for st, hexes in sets:
            if st.style != "line" or len(hexes) < 2:
                continue
            a = self.to_screen(np.array(self.geo.center_of(hexes[0])))
            b = self.to_screen(np.array(self.geo.center_of(hexes[-1])))
            c.stroke_style = st.colour
            c.line_width = st.width
            c.set_line_dash([6, 4])
            c.stroke_line(float(a[0]), float(a[1]), float(b[0]), float(b[1]))
            c.set_line_dash([])
            self.los_drawn.append((hexes[0], hexes[-1]))

    def _draw_ships(self, c: Any) -> None:
        """Samar markers: smoke puffs under side-coloured counters, each with a bow tick towards its facing, a speed
        letter (C cruise, F flank, E evasive), a white dot for panic and an orange one for fire; hulks are grey."""
        s = self.scale
        smoke = [m for m in self.markers if m.get("kind") == "smoke" and m.get("hex") in self.geo.index]
        if smoke:
            xy = self.to_screen(np.array([self.geo.center_of(m["hex"]) for m in smoke]))
            c.global_alpha = 0.6
            c.fill_style = SMOKE_COLOUR
            c.fill_circles(xy[:, 0], xy[:, 1], s * 0.8)
            c.global_alpha = 1.0
        seen: dict[str, int] = {}
        top: dict[str, tuple[float, float]] = {}
        side_len = art.counter_px(s)
        boxes, fills, ticks, dots, texts = [], [], [], [], []
        for m in self.markers:
            lab = m.get("hex")
            if m.get("kind") != "ship" or lab not in self.geo.index:
                continue
            k = seen.get(lab, 0)
            seen[lab] = k + 1
            cx, cy = self.to_screen(np.array(self.geo.center_of(lab)))
            off = (k % 4) * side_len * 0.22
            cx, cy = cx + off, cy - off
            top[lab] = (float(cx + side_len / 2), float(cy - side_len / 2))
            boxes.append((cx - side_len / 2, cy - side_len / 2, side_len, side_len))
            fills.append(HULK_COLOUR if m.get("hulk") else self.colours.get(m.get("side") or "", UNKNOWN_COLOUR))
            ang = np.radians(-90.0 + 60.0 * int(m.get("facing") or 0))  # flat-topped: N is straight up
            ca, sa = float(np.cos(ang)), float(np.sin(ang))
            ticks.append((cx + ca * side_len * 0.5, cy + sa * side_len * 0.5, cx + ca * side_len, cy + sa * side_len))
            if m.get("panic"):
                dots.append((cx - side_len * 0.35, cy - side_len * 0.35, "#ffffff"))
            if m.get("fire"):
                dots.append((cx + side_len * 0.35, cy - side_len * 0.35, "#ff9800"))
            texts.append((cx, cy, str(m.get("label", "")), str(m.get("speed") or ""), lab, k))
        if not boxes:
            return
        b = np.array(boxes)
        c.fill_styled_rects(b[:, 0], b[:, 1], b[:, 2], b[:, 3], rgb(fills))
        c.stroke_style = "#ffffff"
        c.line_width = 1.0
        c.stroke_rects(b[:, 0], b[:, 1], b[:, 2], b[:, 3])
        t = np.array(ticks)
        c.stroke_style = "#111111"
        c.line_width = max(2.0, s * 0.18)
        # No bulk line call in ipycanvas 0.14: one path with a move and a line per tick, still one batch.
        c.begin_path()
        for x0, y0, x1, y1 in t:
            c.move_to(float(x0), float(y0))
            c.line_to(float(x1), float(y1))
        c.stroke()
        if dots:
            d = np.array([(x, y) for x, y, _ in dots])
            c.fill_styled_circles(d[:, 0], d[:, 1], max(1.5, s * 0.14), rgb([col for _, _, col in dots]))
        texts = [t[:4] for t in texts if t[5] == seen[t[4]] - 1]  # the top ship of a stack is lettered
        c.text_align = "center"
        c.text_baseline = "middle"
        c.fill_style = "#ffffff"
        for x, y, text, _ in texts:
            c.font = f"bold {max(8, int(min(side_len * 0.42, side_len * 1.45 / max(1, len(text)))))}px sans-serif"
            c.fill_text(text, float(x), float(y) - side_len * 0.08)
        c.fill_style = "#ffeb3b"
        c.font = f"bold {int(side_len * 0.32)}px sans-serif"
        for x, y, _, speed in texts:
            if speed:
                c.fill_text(speed, float(x) + side_len * 0.3, float(y) + side_len * 0.3)
        self._draw_badges(c, [m for m in self.markers if m.get("kind") == "ship"], top, side_len)

    def _draw_overlay(self) -> None:
        c = self.canvas[2]
        c.clear()
        c.fill_style = "rgba(255,255,255,0.9)"
        c.fill_rect(0, 0, self.width, STATUS_HEIGHT)
        if self.status:
            c.fill_style = "#1a2a3a"
            c.font = "13px sans-serif"
            c.text_align = "left"
            c.text_baseline = "middle"
            # cut a long line with an ellipsis rather than let the canvas squeeze it to an unreadable width (the
            # decision panel beside the map says it in full); 7 px is a 13 px sans-serif character's usual advance
            fits = max(8, int((self.width - 12) / 7))
            text = self.status if len(self.status) <= fits else self.status[: fits - 1].rstrip() + "…"
            c.fill_text(text, 6, STATUS_HEIGHT / 2)
        if self.hover and self.hover in self.geo.index:
            c.stroke_style = "#000000"
            c.line_width = 2.0
            c.stroke_polygons(self._hex_polys([self.hover]))
        self._draw_decorations(c)

    def _draw_decorations(self, c: Any) -> None:
        """North arrow (top right), scale bar (bottom right) and legend (a left-hand corner), on white cards."""
        w, h = self.width, self.height
        c.text_align = "center"
        c.text_baseline = "middle"
        # north arrow: every map is drawn with north up
        ax, ay = w - 28.0, STATUS_HEIGHT + 14.0
        c.fill_style = "rgba(255,255,255,0.85)"
        c.fill_rect(ax - 16, ay - 8, 32, 52)
        c.fill_style = "#222222"
        c.fill_polygon([(ax, ay), (ax + 9, ay + 26), (ax, ay + 20), (ax - 9, ay + 26)])
        c.font = "bold 14px sans-serif"
        c.fill_text("N", ax, ay + 36)
        self.scale_shown = art.scale_bar(nm_per_unit(self.hexmap), self.scale, max_px=min(180.0, w * 0.3))
        bar = self.scale_shown
        if bar is not None:
            x1, y1 = w - 16 - bar.px, h - 14.0
            c.fill_style = "rgba(255,255,255,0.85)"
            c.fill_rect(x1 - 8, y1 - 26, bar.px + 16, 34)
            c.stroke_style = "#222222"
            c.line_width = 2.5
            c.stroke_lines([(x1, y1 - 6), (x1, y1), (x1 + bar.px, y1), (x1 + bar.px, y1 - 6)])
            c.fill_style = "#222222"
            c.font = "13px sans-serif"
            c.fill_text(bar.text, x1 + bar.px / 2, y1 - 15)
        self.legend_box = None
        if not self.legend:
            return
        entries = art.legend_entries(self.markers, self.colours, self.names, coast=bool(self._rings),
                                     highlight=bool(self.highlight),
                                     terrain_rows=self._land.legend() if self._land is not None else None)
        row, pad = 20, 8
        lw = 12 + max(len(words) for _, _, words in entries) * 7.5 + 28
        lh = pad * 2 + row * len(entries)
        busy = [tuple(self.to_screen(np.array(self.geo.center_of(m["hex"]))))
                for m in self.markers if m.get("hex") in self.geo.index]
        busy += [tuple(self.to_screen(pt)) for _, pt in self._names]
        right = float(self.to_screen(np.array([self.geo.width, 0.0]))[0])
        if w - right - 16 >= lw:  # the canvas is wider than the map: the legend goes in the empty band
            x0, y0 = w - 8 - lw, STATUS_HEIGHT + 72.0
        else:
            asked = [*self.highlight, *self.selected, *([self.focus] if self.focus else [])]
            avoid = [(x, y - STATUS_HEIGHT) for x, y in (tuple(self.to_screen(np.array(self.geo.center_of(lab))))
                                                         for lab in asked if lab in self.geo.index)]
            x0, y0 = art.legend_corner([(x, y - STATUS_HEIGHT) for x, y in busy], w, h - STATUS_HEIGHT, lw, lh,
                                       avoid=avoid)
            y0 += STATUS_HEIGHT
        self.legend_box = (float(x0), float(y0), float(lw), float(lh))
        c.fill_style = "rgba(255,255,255,0.88)"
        c.fill_rect(x0, y0, lw, lh)
        c.stroke_style = "#90a4ae"
        c.line_width = 1.0
        c.stroke_rect(x0, y0, lw, lh)
        c.text_align = "left"
        c.font = "13px sans-serif"
        for i, (swatch, colour, words) in enumerate(entries):
            cy = y0 + pad + row * i + row / 2
            sx = x0 + pad
            if swatch in ("smoke", "ring"):
                c.fill_style = colour
                c.fill_circle(sx + 8, cy, 7)
            elif swatch == "small":
                c.fill_style = colour
                c.fill_rect(sx + 3, cy - 5, 10, 10)
            elif swatch in ("river", "road", "rail", "bridge"):
                c.stroke_style = colour
                c.line_width = {"river": 3.0, "bridge": 5.0}.get(swatch, 2.2)
                c.set_line_dash({"road": [5, 3], "rail": [1.5, 2.5]}.get(swatch, []))
                c.stroke_line(sx, cy, sx + 16, cy)
                c.set_line_dash([])
            else:
                c.fill_style = colour
                c.fill_rect(sx, cy - 7, 16, 14)
                c.stroke_style = "#111111" if swatch == "counter" else "#555555"
                c.line_width = 1.5 if swatch == "counter" else 0.8
                c.stroke_rect(sx, cy - 7, 16, 14)
            c.fill_style = "#222222"
            c.fill_text(words, sx + 24, cy)
        self.legend_shown = [words for _, _, words in entries]
