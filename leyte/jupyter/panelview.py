"""A game's tactical displays (``Face.panels``) on canvases: a ``track`` of numbered boxes with pieces above and
below it, or a ``grid`` of numbered cells with a large piece and smaller ones under it in each cell.

The panels are generic data (see ``leyte.core.face.Face.panels``): the game decides what a piece is, where it stands
and what it is called; these canvases only draw, in the players' colours the face gives (``face.colours()``). A
struck piece is greyed and crossed; a damaged one carries an orange bar; a marked one a white dot; shaded boxes
(smoke, the cells that may fire) are tinted; the active piece is outlined.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from leyte.jupyter.mapview import CanvasPanel, batched

__all__ = ["PanelView", "TrackView", "GridView", "panel_view"]

UNKNOWN = "#555555"
STRUCK = "#9e9e9e"
INK = "#1a2a3a"
DAMAGE = "#ff9800"
ACTIVE = "#ff6f00"
HEADER = 44  # title and one line of notes


def _fit(text: str, px: float, char_px: float) -> str:
    """Cut ``text`` to about what fits in ``px`` at ``char_px`` per character (the canvas squeezes the rest)."""
    n = max(1, int(px / char_px))
    return text if len(text) <= n else text[: max(1, n - 1)] + "…"


class PanelView(CanvasPanel):
    """A canvas showing one panel; ``show(panel)`` redraws it. Use ``panel_view`` to get the right kind."""

    kind = ""
    background = "#eef3f7"

    def __init__(self, width: int, height: int, *, colours: Mapping[str, str] | None = None,
                 panel: Mapping[str, Any] | None = None) -> None:
        """``colours`` maps each player to its counter colour (``game.face.colours()``); others are grey."""
        self.colours = dict(colours or {})
        self.panel: dict[str, Any] = dict(panel or {"kind": self.kind, "title": "", "notes": [], "pieces": []})
        super().__init__(width, height, f"leyte-panel leyte-panel-{self.kind}")
        self.draw()

    def show(self, panel: Mapping[str, Any]) -> dict[str, Any]:
        """Draw ``panel`` (a dict from ``Face.panels`` of this view's kind) and keep it as ``self.panel``."""
        if panel.get("kind") != self.kind:
            from leyte import LeyteError

            raise LeyteError(f"a {self.kind} view cannot draw a {panel.get('kind')!r} panel ({panel.get('id')!r})")
        self.panel = dict(panel)
        self._resize()
        self.draw()
        return self.panel

    def piece(self, pid: str) -> dict[str, Any] | None:
        """The shown piece with this id, or None (for tests and notebooks asserting what is on the board)."""
        return next((p for p in self.panel.get("pieces", []) if p.get("id") == pid), None)

    def colour(self, piece: Mapping[str, Any]) -> str:
        return STRUCK if piece.get("struck") else self.colours.get(piece.get("side"), UNKNOWN)

    def draw(self) -> None:
        with batched():
            self._header()
            self._draw()
        self.frames += 1

    def _resize(self) -> None:
        """Grow (or shrink back) the canvas when the panel needs another height; ipycanvas clears on resize."""
        want = self.height_for(self.panel)
        if want != self.height:
            self.height = want
            self.canvas.height = want
            self.canvas.layout.height = f"{want}px"

    def height_for(self, panel: Mapping[str, Any]) -> int:
        return self.height

    def _header(self) -> None:
        c, p = self.canvas, self.panel
        c.clear()
        c.fill_style = self.background
        c.fill_rect(0, 0, self.width, self.height)
        c.fill_style = INK
        c.font = "13px sans-serif"
        c.text_align = "left"
        c.text_baseline = "middle"
        c.fill_text(str(p.get("title", "")), 10, 14, max_width=self.width - 20)
        notes = [str(n) for n in p.get("notes", []) if n]
        if notes:
            c.font = "11px sans-serif"
            c.fill_text(" · ".join(notes)[:200], 10, 32, max_width=self.width - 20)

    def _draw(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _cross(self, x: float, y: float, w: float, h: float) -> None:
        c = self.canvas
        c.stroke_style = "#000000"
        c.line_width = 1.5
        c.stroke_line(x + 1, y + 1, x + w - 1, y + h - 1)
        c.stroke_line(x + w - 1, y + 1, x + 1, y + h - 1)


class TrackView(PanelView):
    """A track of numbered boxes; lane 0 pieces stack upwards above it, lane 1 pieces downwards below it."""

    kind = "track"
    background = "#dcebf5"
    PIECE_H = 18
    STEP = 20

    def __init__(self, *, boxes: int = 25, box_px: int = 44, colours: Mapping[str, str] | None = None,
                 panel: Mapping[str, Any] | None = None) -> None:
        self.boxes = int((panel or {}).get("boxes", boxes))
        self.box_px = box_px
        base = panel or {"kind": "track", "title": "", "notes": [], "pieces": [], "boxes": self.boxes}
        super().__init__(self.boxes * box_px + 20, self.height_for(base), colours=colours, panel=base)

    def height_for(self, panel: Mapping[str, Any]) -> int:
        up, down = self._depths(panel)
        return max(250, HEADER + 14 + (up + down) * self.STEP + 18 + 2 * 14 + 8)

    @staticmethod
    def _depths(panel: Mapping[str, Any]) -> tuple[int, int]:
        """The tallest stack above and below the track (at least four each, so the board keeps its shape)."""
        count: dict[tuple[int, int], int] = {}
        for p in panel.get("pieces", []):
            k = (int(p.get("box", 0)), 1 if p.get("lane") else 0)
            count[k] = count.get(k, 0) + 1
        up = max([n for (_, lane), n in count.items() if lane == 0], default=0)
        down = max([n for (_, lane), n in count.items() if lane == 1], default=0)
        return max(4, up), max(4, down)

    def box_x(self, box: int) -> float:
        return 10 + (min(max(box, 1), self.boxes) - 1) * self.box_px

    def _draw(self) -> None:
        c, a, p = self.canvas, self.box_px, self.panel
        up, _ = self._depths(p)
        mid = HEADER + 14 + up * self.STEP + 9
        for box in p.get("shaded", []):
            c.fill_style = "rgba(120,120,120,0.35)"
            c.fill_rect(self.box_x(int(box)), HEADER - 2, a, self.height - HEADER - 4)
        c.stroke_style = "#7aa7c0"
        c.line_width = 1
        for i in range(1, self.boxes + 1):
            c.stroke_rect(self.box_x(i), mid - 9, a, 18)
        c.font = "10px sans-serif"
        c.text_align = "center"
        c.fill_style = "#33566e"
        for i in range(1, self.boxes + 1):
            c.fill_text(str(i), self.box_x(i) + a / 2, mid)
        stacked: dict[tuple[int, int], int] = {}
        for piece in p.get("pieces", []):
            box, lane = int(piece.get("box", 1)), 1 if piece.get("lane") else 0
            k = stacked.get((box, lane), 0)
            stacked[(box, lane)] = k + 1
            y = mid - 14 - (k + 1) * self.STEP if lane == 0 else mid + 14 + k * self.STEP
            self._piece(piece, self.box_x(box), y)

    def _piece(self, piece: Mapping[str, Any], x: float, y: float) -> None:
        c, a, h = self.canvas, self.box_px, self.PIECE_H
        c.fill_style = self.colour(piece)
        c.fill_rect(x + 1, y, a - 2, h)
        c.fill_style = "#ffffff"
        c.font = "9px sans-serif"
        c.text_align = "center"
        c.text_baseline = "middle"
        c.fill_text(_fit(str(piece.get("label", "")), a - 3, 4.6), x + a / 2, y + 9, max_width=a - 3)
        dmg = float(piece.get("damage") or 0)
        if dmg > 0:
            c.fill_style = DAMAGE
            c.fill_rect(x + 1, y + h - 3, max(2.0, (a - 2) * min(1.0, dmg)), 3)
        if piece.get("mark"):
            c.fill_style = "#ffffff"
            c.fill_circle(x + a - 5, y + 4, 2.5)
        if piece.get("struck"):
            self._cross(x + 1, y, a - 2, h)


class GridView(PanelView):
    """A grid of numbered cells; in each, the large pieces with their notes, then the small ones, in list order."""

    kind = "grid"

    def __init__(self, *, rows: int = 4, cols: int = 4, cell: int = 118, colours: Mapping[str, str] | None = None,
                 panel: Mapping[str, Any] | None = None) -> None:
        self.rows = int((panel or {}).get("rows", rows))
        self.cols = int((panel or {}).get("cols", cols))
        self.cell = cell
        base = panel or {"kind": "grid", "title": "", "notes": [], "pieces": [], "rows": self.rows, "cols": self.cols}
        super().__init__(self.cols * cell + 20, HEADER + self.rows * cell + 10, colours=colours, panel=base)

    def cell_xy(self, cell: int) -> tuple[float, float]:
        r, c = divmod(cell - 1, self.cols)
        return 10 + c * self.cell, HEADER + r * self.cell

    def _draw(self) -> None:
        c, n, p = self.canvas, self.cell, self.panel
        shaded = {int(x) for x in p.get("shaded", [])}
        for cell in range(1, self.rows * self.cols + 1):
            x, y = self.cell_xy(cell)
            if cell in shaded:
                c.fill_style = "#fff3c4"
                c.fill_rect(x, y, n, n)
            c.stroke_style = "#9fb6c8"
            c.line_width = 1
            c.stroke_rect(x, y, n, n)
            c.fill_style = "#7a8fa0"
            c.font = "10px sans-serif"
            c.text_align = "left"
            c.text_baseline = "middle"
            c.fill_text(str(cell), x + 4, y + 9)
        by_cell: dict[int, list[Mapping[str, Any]]] = {}
        for piece in p.get("pieces", []):
            cell = int(piece.get("cell", 0))
            if 1 <= cell <= self.rows * self.cols:
                by_cell.setdefault(cell, []).append(piece)
        for cell, pieces in by_cell.items():
            x, y = self.cell_xy(cell)
            ordered = [q for q in pieces if q.get("major")] + [q for q in pieces if not q.get("major")]
            cy, bottom = y + 16, y + n - 4
            for k, piece in enumerate(ordered):
                h = 22 if piece.get("major") else 15
                need = h + (14 if piece.get("note") else 3)
                if cy + need > bottom and k < len(ordered) - 1:
                    c.fill_style = INK
                    c.font = "10px sans-serif"
                    c.text_align = "center"
                    c.fill_text(f"+{len(ordered) - k} more", x + n / 2, bottom - 5)
                    break
                self._piece(piece, x, cy, h)
                cy += h + 3
                if piece.get("note"):
                    c.fill_style = DAMAGE
                    c.font = "11px sans-serif"
                    c.text_align = "center"
                    c.fill_text(str(piece["note"]), x + n / 2, cy + 5, max_width=n - 20)
                    cy += 14

    def _piece(self, piece: Mapping[str, Any], x: float, y: float, h: float) -> None:
        c, n = self.canvas, self.cell
        major = bool(piece.get("major"))
        c.fill_style = self.colour(piece)
        c.fill_rect(x + 8, y, n - 16, h)
        c.fill_style = "#ffffff"
        c.font = "bold 11px sans-serif" if major else "10px sans-serif"
        c.text_align = "center"
        c.text_baseline = "middle"
        c.fill_text(_fit(str(piece.get("label", "")), n - 20, 6.2 if major else 5.6), x + n / 2, y + h / 2,
                    max_width=n - 20)
        if piece.get("active"):
            c.stroke_style = ACTIVE
            c.line_width = 2.5
            c.stroke_rect(x + 7, y - 1, n - 14, h + 2)
        if piece.get("struck"):
            self._cross(x + 8, y, n - 16, h)


VIEWS: dict[str, type[PanelView]] = {"track": TrackView, "grid": GridView}


def panel_view(panel: Mapping[str, Any], *, colours: Mapping[str, str] | None = None) -> PanelView:
    """A canvas of the right kind for ``panel``, already showing it; a clear error for a kind no view draws."""
    cls = VIEWS.get(str(panel.get("kind")))
    if cls is None:
        from leyte import LeyteError

        raise LeyteError(f"no panel view draws a {panel.get('kind')!r} panel ({panel.get('id')!r}); "
                         f"known kinds: {', '.join(VIEWS)}")
    view = cls(colours=colours, panel=panel)
    view.show(panel)
    return view
