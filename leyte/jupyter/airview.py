"""The air battle display (8.1) on a canvas: a four-by-four board, one ship to an area, the strike on top.

Each area shows its ship and the attacking units aimed at it; the unit attacking now is outlined, and the areas
whose ships may add half their AA against it (touching the target's area) are shaded.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from leyte.jupyter.mapview import CanvasPanel, batched
from leyte.render.airbattle import COLS, ROWS, AirDisplay, adjacent, air_display

__all__ = ["AirBattleView"]


class AirBattleView(CanvasPanel):
    """A canvas showing the latest air strike in the events given to ``show``."""

    def __init__(self, *, cell: int = 118, names: Mapping[str, str] | None = None,
                 target_colour: str = "#c0392b") -> None:
        """``target_colour`` is the colour of the side whose ships are under attack (the game's face gives it)."""
        self.cell = cell
        self.names = dict(names or {})
        self.target_colour = target_colour
        super().__init__(COLS * cell + 20, ROWS * cell + 60, "leyte-air-battle")
        self.display = AirDisplay()
        self.draw()

    def show(self, events: Iterable[Any]) -> AirDisplay:
        self.display = air_display(events, self.names)
        self.draw()
        return self.display

    def name(self, unit: str) -> str:
        return self.names.get(unit, unit)

    def area_xy(self, area: int) -> tuple[float, float]:
        r, c = divmod(area - 1, COLS)
        return 10 + c * self.cell, 40 + r * self.cell

    def draw(self) -> None:
        with batched():
            self._draw()
        self.frames += 1

    def _draw(self) -> None:
        c, ad, n = self.canvas, self.display, self.cell
        c.clear()
        c.fill_style = "#eef3f7"
        c.fill_rect(0, 0, self.width, self.height)
        c.fill_style = "#1a2a3a"
        c.font = "13px sans-serif"
        c.text_align = "left"
        c.text_baseline = "middle"
        if ad.events == 0:
            c.fill_text("No air strike yet.", 10, 16)
            return
        c.fill_text(f"Air strike on {ad.target}" + (" · over" if ad.ended else ""), 10, 16)
        if ad.results:
            c.font = "11px sans-serif"
            c.fill_text(" · ".join(ad.results[-3:]), 10, self.height - 10, max_width=self.width - 20)
        target_area = ad.areas.get(ad.aims.get(ad.current or "", ""), 0)
        for area in range(1, ROWS * COLS + 1):
            x, y = self.area_xy(area)
            if target_area and adjacent(area, target_area):
                c.fill_style = "#fff3c4"  # may add half AA against the unit attacking now
                c.fill_rect(x, y, n, n)
            c.stroke_style = "#9fb6c8"
            c.line_width = 1
            c.stroke_rect(x, y, n, n)
            c.fill_style = "#7a8fa0"
            c.font = "10px sans-serif"
            c.text_align = "left"
            c.fill_text(str(area), x + 4, y + 9)
        for sid, area in ad.areas.items():
            x, y = self.area_xy(area)
            c.fill_style = "#9e9e9e" if sid in ad.sunk else self.target_colour if area else "#555555"
            c.fill_rect(x + 8, y + 16, n - 16, 22)
            c.fill_style = "#ffffff"
            c.font = "bold 11px sans-serif"
            c.text_align = "center"
            c.fill_text(self.name(sid)[:14], x + n / 2, y + 27, max_width=n - 20)
            if ad.hits.get(sid):
                c.fill_style = "#ff9800"
                c.fill_text(f"{ad.hits[sid]} hit(s)", x + n / 2, y + 48)
            attackers = [a for a, s in ad.aims.items() if s == sid]
            for k, a in enumerate(attackers):
                ay = y + 62 + k * 18
                c.fill_style = "#1f4e99"
                c.fill_rect(x + 8, ay, n - 16, 15)
                c.fill_style = "#ffffff"
                c.font = "10px sans-serif"
                c.fill_text(self.name(a)[:18], x + n / 2, ay + 8, max_width=n - 20)
                if a == ad.current:
                    c.stroke_style = "#ff6f00"
                    c.line_width = 2.5
                    c.stroke_rect(x + 7, ay - 1, n - 14, 17)
