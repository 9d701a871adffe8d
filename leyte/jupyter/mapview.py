"""The live hex map: an ipycanvas ``MultiCanvas`` with terrain, markers and an overlay, one message per frame.

Layers: 0 terrain, features, outlines and labels (redrawn only on zoom or pan); 1 highlights and markers (every
position change); 2 the hover outline and the status line. Each layer's frame is drawn inside one batch
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
from leyte.render.geometry import (
    DETECTED_EDGE,
    FEATURE_STYLE,
    HIGHLIGHT_COLOUR,
    SELECTED_COLOUR,
    UNDETECTED_EDGE,
    MapGeometry,
    map_geometry,
)
from leyte.render.overlay import hex_summary

__all__ = ["MapView", "batched"]

BACKGROUND = "#8fbcd4"
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



DEFAULT_HEX_SIZE = 11.0  # px per hex-size unit: the big maps' default, legible when zoomed to the action
SMALL_MAP_WIDTH = 320  # a map narrower than this at the default size is scaled up ...
FIT_WIDTH, FIT_HEIGHT = 640, 560  # ... to fill about this much of a 1280x720 projector


def fit_size(hexmap: Any) -> float:
    """The hex size a map is drawn at when none is given: the default for the big maps, and for a small map (a few
    dozen big hexes) whatever fills about half of a 1280x720 screen, so its counters read from the back row."""
    geo = map_geometry(hexmap)
    if geo.width * DEFAULT_HEX_SIZE >= SMALL_MAP_WIDTH:
        return DEFAULT_HEX_SIZE
    return min(FIT_WIDTH / geo.width, FIT_HEIGHT / geo.height)

class MapView:
    """A zoomable, pannable, clickable hex map for one ``HexMap``.

    Call ``show(markers, highlight=..., status=...)`` with markers from the game's face (``game.face.markers``);
    register ``on_hex_click(fn)`` to hear which hex label was clicked. ``widget`` is the thing to display.
    ``colours`` maps each player to its counter colour (``{p.id: p.colour for p in game.face.players()}``);
    ``overlay_style`` says how to draw each named set of hexes given to ``show(ranges=...)``
    (``game.face.overlay_style``); without it every set is outlined in grey.
    """

    def __init__(
        self,
        hexmap: Any,
        *,
        size: float = 11.0,
        width: int | None = None,
        height: int | None = None,
        label_zoom: float = 17.0,
        colours: dict[str, str] | None = None,
        overlay_style: Callable[[str], OverlayStyle] | None = None,
    ) -> None:
        self.hexmap = hexmap
        self.colours = dict(colours or {})
        self.overlay_style: Callable[[str], OverlayStyle] = overlay_style or (lambda _key: DEFAULT_OVERLAY)
        self.geo: MapGeometry = map_geometry(hexmap)
        self.base_size = size
        self.zoom = 1.0
        self.pan = (0.0, 0.0)
        self.label_zoom = label_zoom  # labels appear once a hex is this many px across (legible)
        self.margin = 4.0
        w = width or int(self.geo.width * size + 2 * self.margin)
        h = height or int(self.geo.height * size + 2 * self.margin) + STATUS_HEIGHT
        self.width, self.height = w, h
        self.canvas = MultiCanvas(3, width=w, height=h)
        self.canvas.layout.width = f"{w}px"  # else the canvas is stretched to the page width
        self.canvas.layout.height = f"{h}px"
        self._corners = np.array(self.geo.corners, dtype=float)  # (n, 6, 2) in layout units
        self._centers = np.array(self.geo.centers, dtype=float)  # (n, 2)
        self._colours = rgb(self.geo.colours)
        self.markers: list[dict[str, Any]] = []
        self.highlight: list[str] = []
        self.ranges: dict[str, list[str]] = {}
        self.los_drawn: list[tuple[str, str]] = []  # (from, to) hexes of the lines of sight in the last frame
        self.selected: list[str] = []
        self.status = ""
        self.hover: str | None = None
        self.describe: Callable[[str], str] = self._describe
        self._click_handlers: list[Callable[[str], None]] = []
        self._down: tuple[float, float] | None = None
        self.last_frame_ms = 0.0
        self.frames = 0
        self.info = W.HTML(value="&nbsp;", layout=W.Layout(min_height="2.6em"))
        self.info.add_class("leyte-hover")
        self.canvas.on_mouse_down(self._mouse_down)
        self.canvas.on_mouse_up(self._mouse_up)
        self.canvas.on_mouse_move(self._mouse_move)
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
        self.set_zoom(self.zoom * 1.5)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom / 1.5)

    def set_zoom(self, zoom: float, about: tuple[float, float] | None = None) -> None:
        """Zoom keeping the point ``about`` (canvas px; default the centre) where it is."""
        zoom = max(0.5, min(6.0, zoom))
        cx, cy = about or (self.width / 2, (self.height + STATUS_HEIGHT) / 2)
        k = zoom / self.zoom
        px, py = self.pan
        ox, oy = cx - self.margin, cy - self.margin - STATUS_HEIGHT
        self.pan = (ox - (ox - px) * k, oy - (oy - py) * k)
        self.zoom = zoom
        self.redraw()

    def pan_by(self, fx: float, fy: float) -> None:
        """Pan by a fraction of the canvas (1 = a third of its width or height)."""
        self.pan = (self.pan[0] + fx * self.width / 3, self.pan[1] + fy * self.height / 3)
        self.redraw()

    def reset_view(self) -> None:
        self.zoom, self.pan = 1.0, (0.0, 0.0)
        self.redraw()

    def center_on(self, label: str, zoom: float | None = None) -> None:
        """Put a hex in the middle of the canvas (optionally zooming first): a small set-up fills the view."""
        if zoom is not None:
            self.zoom = max(0.5, min(6.0, zoom))
        cx, cy = self.geo.center_of(label)
        s = self.scale
        self.pan = (self.width / 2 - self.margin - cx * s, (self.height - STATUS_HEIGHT) / 2 - self.margin - cy * s)
        self.redraw()

    # -- mouse ---------------------------------------------------------------------------------------------------

    def on_hex_click(self, fn: Callable[[str], None]) -> None:
        self._click_handlers.append(fn)

    def _mouse_down(self, x: float, y: float) -> None:
        self._down = (x, y)

    def _mouse_up(self, x: float, y: float) -> None:
        start, self._down = self._down, None
        if start is not None and abs(x - start[0]) + abs(y - start[1]) > 6:  # a drag pans
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
        label = self.hex_at(x, y)
        if label != self.hover:
            self.hover = label
            self.info.value = self.hover_text(label) if label else "&nbsp;"
            self.draw_overlay()

    def hover_text(self, label: str) -> str:
        from html import escape

        text = hex_summary(label, self.markers, self.describe(label))
        return "<br>".join(escape(line) for line in text.split("\n"))

    def _describe(self, label: str) -> str:
        m = self.hexmap
        h = m.hex(label)
        bits = [m.terrain(h)]
        for kind, name in m.features(h):
            if kind in FEATURE_STYLE or kind == "sea_name":
                bits.append(name or kind)
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
    ) -> None:
        """Draw a new position: markers, highlighted hexes (legal options), range rings and the status line."""
        self.markers = [dict(m) for m in markers]
        self.highlight = list(highlight)
        self.ranges = {k: list(v) for k, v in (ranges or {}).items()}
        self.selected = list(selected)
        self.status = status
        t = time.perf_counter()
        with batched():
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
        c.stroke_style = "#7aa7c0"
        c.line_width = 0.6 if self.zoom < 2 else 1.0
        c.stroke_polygons(polys)
        s = self.scale
        if self.geo.features:
            idx = np.array([i for i, _, _ in self.geo.features])
            xy = self.to_screen(self._centers[idx])
            colours = rgb([FEATURE_STYLE[k][0] for _, k, _ in self.geo.features])
            c.fill_styled_circles(xy[:, 0], xy[:, 1], max(2.0, s * 0.32), colours)
            c.stroke_style = "#333333"
            c.line_width = 1.0
            c.stroke_circles(xy[:, 0], xy[:, 1], max(2.0, s * 0.32))
            if s >= 9:
                c.fill_style = "#222222"
                c.font = f"bold {max(7, int(s * 0.42))}px sans-serif"
                c.text_align = "center"
                c.text_baseline = "middle"
                for (x, y), (_, kind, _) in zip(xy, self.geo.features):
                    c.fill_text(FEATURE_STYLE[kind][1], float(x), float(y) + s * 0.62)
        if s >= self.label_zoom:
            centers = self.to_screen(self._centers)
            vis = np.nonzero(self._visible(centers, s))[0]
            c.fill_style = "#33566e"
            c.font = f"{max(8, int(s * 0.36))}px sans-serif"
            c.text_align = "center"
            c.text_baseline = "middle"
            for i in vis:
                c.fill_text(self.geo.labels[i], float(centers[i, 0]), float(centers[i, 1] - s * 0.55))

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
        # Stack markers that share a hex with a small offset, in view order, so each stays clickable and visible.
        seen: dict[str, int] = {}
        boxes, fills, edges, texts, dots, rings = [], [], [], [], [], []
        side_len = max(6.0, s * 1.05)
        for m in self.markers:
            lab = m.get("hex")
            if lab not in self.geo.index:
                continue
            k = seen.get(lab, 0)
            seen[lab] = k + 1
            cx, cy = self.to_screen(np.array(self.geo.center_of(lab)))
            off = k * side_len * 0.35
            x, y = cx - side_len / 2 + off, cy - side_len / 2 - off
            shape, solid = m.get("shape", "counter"), bool(m.get("solid"))
            fill = m.get("colour") or self.colours.get(m.get("side") or "", UNKNOWN_COLOUR)
            if shape == "ring":
                rings.append((cx + off, cy - off, fill, str(m.get("label", ""))))
                continue
            if shape == "small":
                boxes.append((x + side_len * 0.15, y + side_len * 0.15, side_len * 0.7, side_len * 0.7))
                fills.append(fill)
                edges.append("#ffffff")
                texts.append((cx + off, cy - off, str(m.get("label", "")), "#ffffff"))
                continue
            boxes.append((x, y, side_len, side_len))
            fills.append(fill if solid else "#ffffff")
            edges.append(DETECTED_EDGE if m.get("detected") else UNDETECTED_EDGE)
            texts.append((cx + off, cy - off, str(m.get("label", "")), "#ffffff" if solid else fill))
            if m.get("moved"):
                dots.append((x + side_len * 0.85, y + side_len * 0.15, "#ffffff"))
            if m.get("damaged"):
                dots.append((x + side_len * 0.15, y + side_len * 0.15, "#ff9800"))
        if boxes:
            b = np.array(boxes)
            c.fill_styled_rects(b[:, 0], b[:, 1], b[:, 2], b[:, 3], rgb(fills))
            c.line_width = 2.0
            c.stroke_styled_rects(b[:, 0], b[:, 1], b[:, 2], b[:, 3], rgb(edges))
        if rings:
            r = np.array([(x, y) for x, y, _, _ in rings])
            c.fill_styled_circles(r[:, 0], r[:, 1], max(3.0, s * 0.35), rgb([col for _, _, col, _ in rings]))
            c.stroke_style = "#ffffff"
            c.line_width = 1.5
            c.stroke_circles(r[:, 0], r[:, 1], max(3.0, s * 0.35))
            texts.extend((x, y, text, "#ffffff") for x, y, _, text in rings)
        if dots:
            d = np.array([(x, y) for x, y, _ in dots])
            c.fill_styled_circles(d[:, 0], d[:, 1], max(1.5, s * 0.12), rgb([col for _, _, col in dots]))
        if s >= 7:
            c.font = f"bold {max(7, int(s * 0.5))}px sans-serif"
            c.text_align = "center"
            c.text_baseline = "middle"
            for x, y, text, col in texts:
                c.fill_style = col
                c.fill_text(text, float(x), float(y))

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
        side_len = max(6.0, s * 0.95)
        boxes, fills, ticks, dots, texts = [], [], [], [], []
        for m in self.markers:
            lab = m.get("hex")
            if m.get("kind") != "ship" or lab not in self.geo.index:
                continue
            k = seen.get(lab, 0)
            seen[lab] = k + 1
            cx, cy = self.to_screen(np.array(self.geo.center_of(lab)))
            off = (k % 4) * side_len * 0.3
            cx, cy = cx + off, cy - off
            boxes.append((cx - side_len / 2, cy - side_len / 2, side_len, side_len))
            fills.append(HULK_COLOUR if m.get("hulk") else self.colours.get(m.get("side") or "", UNKNOWN_COLOUR))
            ang = np.radians(-90.0 + 60.0 * int(m.get("facing") or 0))  # flat-topped: N is straight up
            ticks.append((cx, cy, cx + np.cos(ang) * side_len * 1.2, cy + np.sin(ang) * side_len * 1.2))
            if m.get("panic"):
                dots.append((cx - side_len * 0.35, cy - side_len * 0.35, "#ffffff"))
            if m.get("fire"):
                dots.append((cx + side_len * 0.35, cy - side_len * 0.35, "#ff9800"))
            texts.append((cx, cy, str(m.get("label", "")), str(m.get("speed") or "")))
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
        if s >= 7:
            c.text_align = "center"
            c.text_baseline = "middle"
            c.fill_style = "#ffffff"
            c.font = f"bold {max(6, int(s * 0.4))}px sans-serif"
            for x, y, text, _ in texts:
                c.fill_text(text, float(x), float(y))
            c.fill_style = "#ffeb3b"
            c.font = f"bold {max(6, int(s * 0.32))}px sans-serif"
            for x, y, _, speed in texts:
                if speed:
                    c.fill_text(speed, float(x) + side_len * 0.38, float(y) + side_len * 0.38)

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
            c.fill_text(self.status, 6, STATUS_HEIGHT / 2, max_width=self.width - 12)
        if self.hover and self.hover in self.geo.index:
            c.stroke_style = "#000000"
            c.line_width = 2.0
            c.stroke_polygons(self._hex_polys([self.hover]))
