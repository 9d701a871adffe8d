"""Clash of the Carriers' worked examples as positions, options, scripted dice and scripted choices.

Each ``Example`` is plain data, so a notebook, a test or the command line replays it through the public API::

    from leyte.jupyter.session import play_script
    ex = EXAMPLES["6.1"]
    g = leyte.new_game("clash-of-the-carriers", scenario=ex.position, options=dict(ex.options),
                       dice=list(ex.dice), seed=ex.seed)
    play_script(g, ex.script)

The position (the format ``scenario.read_position`` reads) starts at the step the example needs; ``dice`` holds every
roll the example makes, in the order the engine asks for them, and nothing more; ``script`` holds the choices the
players make on the way, as matchers (an option's ``kind``, a ``text`` substring, parameters that must be equal).
After the script the game waits at the next decision with every scripted die used. ``shows`` retells, in our own
words, what the example shows and every number it states; the test for an example asserts each of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["EXAMPLES", "Example"]


@dataclass(frozen=True)
class Example:
    """One worked example: where it starts, the options it needs, the dice it rolls, the choices made, what it shows."""

    id: str  # the case that prints it, as "6.1"
    title: str
    case: str
    position: dict[str, Any]
    dice: tuple[int, ...]
    script: tuple[dict[str, Any], ...]
    options: dict[str, bool] = field(default_factory=dict)
    seed: int = 1
    shows: str = ""


# One entry per worked example, in rulebook order. Keep each entry self-contained (its own position dict).
_ALL: list[Example] = [
]

EXAMPLES: dict[str, Example] = {ex.id: ex for ex in _ALL}
