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
    Example(
        "14.0", "Deliver the Ordnance: a 3-strength DB that loses a step to AA still bombs on the 3 column", "14.0",
        {"id": "example-14.0", "name": "Worked example 14.0", "turn": 2, "first_turn": 1, "last_turn": 2,
         "turn_record_key": "historical",
         "tgs": [{"id": "force-b", "name": "Force B", "side": "IJN", "hex": "1410", "ships": ["junyo"]},
                 {"id": "tg-58-7", "name": "TG 58.7", "side": "USN", "hex": "1416", "ships": ["washington"]}],
         "tfs": [], "air": [{"id": "junyo-db3-1", "parent": "junyo", "box": "ready"}],
         "detected": {"IJN": {"carrier": ["tg-58-7"]}}, "start": {"phase": "activation"}},
        dice=(1, 8, 10),
        script=({"kind": "end_move"},
                {"kind": "clash_strike", "launcher": "force-b", "hex": "1416"},
                {"kind": "strike_add", "air": "junyo-db3-1", "role": "strike"},
                {"kind": "strike_launch"}),
        options={"deliver_the_ordnance": True},
        shows="The IJN draws Force B first (the pick 1 of the four markers), stays in 1410 and strikes TG 58.7 six "
              "hexes away with Junyo's DB, a 3-strength unit whose reduced side is 1. Washington's AA (factor 8) "
              "rolls 8: a D result with -3, so the DB loses a step and is flipped to its 1 side. Under 14.0 it still "
              "bombs on the 3 column, not the 1 column, and keeps the -3 the AA gave it: 10 - 3 = 7 on the 3 column "
              "is 1 hit (on the 1 column it would be none). It then flies back to its carrier's Flown box on its "
              "1-strength side.",
    ),
]

EXAMPLES: dict[str, Example] = {ex.id: ex for ex in _ALL}
