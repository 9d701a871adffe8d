"""Reading a face's data for the map: which options a click on a hex could mean, and the hover text of a hex.

What goes on the map (markers, the hexes each option points at, rings and lines) comes from the game's face
(``leyte.core.face``); these helpers only combine it, for the SVG picture and the canvas widget alike, so "what a
click picks" is decided in one place and tested without a browser.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["Marker", "options_at", "hex_summary"]

Marker = dict[str, Any]


def options_at(hex_label: str, targets: Mapping[int, Sequence[str]]) -> list[int]:
    """The option indices a click on ``hex_label`` could mean, in option order."""
    return [i for i, hs in targets.items() if hex_label in hs]


def hex_summary(hex_label: str, markers: Sequence[Marker], describe: str = "") -> str:
    """Hover text: the printed label, what the map says about the hex, and the markers the viewer sees there."""
    here = [m["title"] for m in markers if m.get("hex") == hex_label]
    head = f"{hex_label}" + (f" · {describe}" if describe else "")
    return head + ("".join(f"\n• {t}" for t in here) if here else "")
