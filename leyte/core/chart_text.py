"""Chart titles that fit their chart: wrap a title onto as many lines as the figure's width needs.

Why: a bokeh title is one line unless it holds line breaks, and bokeh never shortens it, so a long title in a narrow
figure (a table's name, its case, a column and a modifier in a 460-pixel odds chart) runs past the plot's right
edge and is cut off. The charts of ``leyte.jupyter`` and of each game's ``charts.py`` pass their titles through
``fit_title`` so every line fits. Plain stdlib and duck typing (a figure is anything with ``width`` and
``title.text``), so the game packages may use it without importing bokeh.

The width of a line is estimated, not measured (no fonts here): ``CHAR_PX`` pixels a character is a little over the
average width of the bold 13 px sans-serif bokeh uses for titles, and ``MARGIN_PX`` is what the y axis, its label
and the borders take from the figure's width before the title's space begins.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["CHAR_PX", "MARGIN_PX", "title_room", "wrap_title", "fit_title"]

CHAR_PX = 7
MARGIN_PX = 70


def title_room(width: int | None) -> int:
    """How many title characters fit on one line of a figure ``width`` pixels wide (bokeh's default is 600)."""
    return max(12, (int(width or 600) - MARGIN_PX) // CHAR_PX)


# Where a title may break, best first: after a colon or before a parenthesis (between its parts), after a comma
# (between the items of a list), then between any two words. A title is cut at the best kind that makes it fit, so
# "Antiaircraft Table (8.1, 8.1.1), column 13+, modifier +0" breaks before the case, not inside "modifier +0".
_BREAKS = (re.compile(r"(?<=:) | (?=\()"), re.compile(r"(?<=,) "), re.compile(r"\s+"))


def _pack(text: str, room: int, level: int = 0) -> list[str]:
    """Fill lines greedily with the pieces ``text`` splits into at breaks of ``level``, a piece too long for a line
    cut first at the next kind of break. A single word longer than a line is left whole."""
    lines: list[str] = []
    for piece in _BREAKS[level].split(text):
        last = level + 1 == len(_BREAKS)
        for part in [piece] if len(piece) <= room or last else _pack(piece, room, level + 1):
            if lines and len(lines[-1]) + 1 + len(part) <= room:
                lines[-1] += " " + part
            else:
                lines.append(part)
    return lines


def wrap_title(text: str, width: int | None) -> str:
    """``text`` with line breaks so that no line is wider than a figure of ``width`` pixels allows, cut where the
    title's own punctuation separates its parts when it can. Breaks already in the text are kept."""
    room = title_room(width)
    return "\n".join(line for part in str(text).split("\n") for line in _pack(part.strip(), room))


def fit_title(fig: Any) -> Any:
    """Wrap ``fig``'s title in place to the figure's width and return the figure (so calls can be chained)."""
    title = getattr(fig, "title", None)
    if title is not None and getattr(title, "text", None):
        title.text = wrap_title(title.text, getattr(fig, "width", None))
    return fig
