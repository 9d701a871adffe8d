"""Play Clash's worked examples (``leyte.rulebooks.clash.examples``) through the public API only."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

import leyte
from leyte.jupyter.session import play_script
from leyte.rulebooks.clash.examples import EXAMPLES

GAME = "clash-of-the-carriers"


def start(name: str, *, dice: Sequence[int] | None = None, position: Mapping[str, Any] | None = None) -> Any:
    """A new game at the example's position (or a variant of it), with its dice (or others)."""
    ex = EXAMPLES[name]
    return leyte.new_game(GAME, scenario=copy.deepcopy(dict(position or ex.position)), options=dict(ex.options),
                          dice=list(ex.dice if dice is None else dice), seed=ex.seed)


def played(name: str, *, dice: Sequence[int] | None = None, position: Mapping[str, Any] | None = None,
           upto: int | None = None) -> Any:
    """The example's game after its script (or its first ``upto`` steps)."""
    g = start(name, dice=dice, position=position)
    script = EXAMPLES[name].script
    play_script(g, script if upto is None else script[:upto])
    return g


def rolls(g: Any, rule: str | None = None) -> list[dict[str, Any]]:
    """Every roll in the log (``rule``: only that case's), as the events' roll records."""
    return [e.data["roll"] for e in g.events if e.kind == "roll" and (rule is None or e.rule == rule)]


def mods(roll: Mapping[str, Any]) -> dict[str, int]:
    return {m["source"]: m["value"] for m in roll["modifiers"]}
