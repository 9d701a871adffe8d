"""The trio test game as a plug-in: ``PLUGIN`` is what the ``leyte.games`` entry point ``trio`` names.

It brings no face (so ``leyte.core.face.DefaultFace`` draws it, as it would a new game on its first day) and one
bot of its own, ``greedy``, next to the random bot every game gets.
"""

from __future__ import annotations

from typing import Any

from leyte.core.players import Bot
from leyte.core.registry import GamePlugin
from trio_game.game import RULES


class GreedyBot(Bot):
    """Always picks the highest number and steps towards the goal hex; reads only its view and the decision."""

    name = "greedy"

    def choose(self, view: dict[str, Any], decision: Any) -> Any:
        opts = decision.options
        if decision.kind == "pick":
            return max(opts, key=lambda o: o["n"])
        m = RULES.data().map
        goal = m.hex(view["goal"])
        return min(opts, key=lambda o: (m.distance(m.hex(o["to"]), goal) if o.kind == "move"
                                        else m.distance(m.hex(decision.data["hex"]), goal), o.kind))


PLUGIN = GamePlugin(RULES.id, RULES, face=None, bots={"greedy": lambda side, seed: GreedyBot(side, seed)})

__all__ = ["PLUGIN", "RULES", "GreedyBot"]
