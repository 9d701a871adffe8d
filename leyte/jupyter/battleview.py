"""The 25-area surface battle display (8.3) on a canvas, redrawn from the log after every step.

Japanese ships stand above the track, American ships below it, each in its area; smoke shades an area; a ship
that moved more than one area carries a white dot (the Moved marker, 8.3.2); a sunk ship is greyed and crossed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from leyte.jupyter.mapview import CanvasPanel, batched
from leyte.render.battle import AREAS, BattleDisplay, battle_display, display_from_view

__all__ = ["BattleView"]


class BattleView(CanvasPanel):
    """A canvas showing the latest surface battle in the events given to ``show``."""

    def __init__(self, *, area_px: int = 34, names: Mapping[str, str] | None = None,
                 colours: Mapping[str, str] | None = None) -> None:
        """``colours`` maps each side to its colour, in the order the sides are drawn (the first above the
        areas, the rest below): a game's face gives them (``{p.id: p.colour for p in face.players()}``)."""
        self.area_px = area_px
        self.names = dict(names or {})
        self.colours = dict(colours or {})
        super().__init__(AREAS * area_px + 20, 250, "leyte-battle")
        self.display = BattleDisplay()
        self.draw()

    def show(
        self, events: Iterable[Any], *, umpire: bool = False, battle: Mapping[str, Any] | None = None
    ) -> BattleDisplay:
        """Show the latest battle: from the view's ``battle`` entry when there is one, else folded from the log."""
        if battle:
            self.display = display_from_view(battle, self.names)
        else:
            self.display = battle_display(events, umpire=umpire, names=self.names)
        self.draw()
        return self.display

    def area_x(self, area: int) -> float:
        return 10 + (area - 1) * self.area_px

    def draw(self) -> None:
        with batched():
            self._draw()
        self.frames += 1

    def _draw(self) -> None:
        c, bd, a = self.canvas, self.display, self.area_px
        mid = self.height / 2 + 8
        c.clear()
        c.fill_style = "#dcebf5"
        c.fill_rect(0, 0, self.width, self.height)
        c.font = "13px sans-serif"
        c.text_align = "left"
        c.text_baseline = "middle"
        c.fill_style = "#1a2a3a"
        if bd.events == 0:
            c.fill_text("No surface battle yet.", 10, 14)
        else:
            head = f"Surface battle in {bd.hex} · round {bd.round}" + (" · ended" if bd.ended else "")
            c.fill_text(head, 10, 14)
            if bd.last_roll:
                c.font = "11px sans-serif"
                c.fill_text(bd.last_roll[:150], 10, 32, max_width=self.width - 20)
        for area in bd.smoke:
            c.fill_style = "rgba(120,120,120,0.35)"
            c.fill_rect(self.area_x(area), 42, a, self.height - 50)
        c.stroke_style = "#7aa7c0"
        c.line_width = 1
        for i in range(1, AREAS + 1):
            c.stroke_rect(self.area_x(i), mid - 9, a, 18)
        c.font = "10px sans-serif"
        c.text_align = "center"
        c.fill_style = "#33566e"
        for i in range(1, AREAS + 1):
            c.fill_text(str(i), self.area_x(i) + a / 2, mid)
        for area, ships in bd.by_area().items():
            x = self.area_x(min(max(area, 1), AREAS))
            first = next(iter(self.colours), None)
            up = [s for s in ships if s.side == first]
            down = [s for s in ships if s.side != first]
            for k, s in enumerate(up):
                self._ship(s, x, mid - 14 - (k + 1) * 20)
            for k, s in enumerate(down):
                self._ship(s, x, mid + 14 + k * 20)

    def _ship(self, s: Any, x: float, y: float) -> None:
        c, a = self.canvas, self.area_px
        c.fill_style = "#9e9e9e" if s.sunk else self.colours.get(s.side, "#555555")
        c.fill_rect(x + 1, y, a - 2, 18)
        c.fill_style = "#ffffff"
        c.font = "9px sans-serif"
        c.text_align = "center"
        c.text_baseline = "middle"
        c.fill_text((s.name or s.id)[:7], x + a / 2, y + 9, max_width=a - 3)
        if s.hits:
            c.fill_style = "#ff9800"
            c.fill_rect(x + 1, y + 15, min(a - 2, (a - 2) * s.hits / max(1, s.capacity or s.hits)), 3)
        if s.moved:
            c.fill_style = "#ffffff"
            c.fill_circle(x + a - 5, y + 4, 2.5)
        if s.sunk:
            c.stroke_style = "#000000"
            c.line_width = 1.5
            c.stroke_line(x + 2, y + 1, x + a - 2, y + 17)
            c.stroke_line(x + a - 2, y + 1, x + 2, y + 17)
