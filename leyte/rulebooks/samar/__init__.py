"""Yamato Unleashed: Battle off Samar (Chris Perello, Decision Games 2015) at 1 nm and 12 minutes a turn.

Modules follow the rulebook: ``sequence`` (3.0: set-up, entry, the four phases, victory), ``movement`` (4.0),
``gunnery`` (5.0 with torpedoes 7.0 and air attacks 8.0), ``damage`` (6.0), ``geometry`` (5.2-5.4: LOS, arcs,
range bands). ``state`` holds the position, ``engine`` the flow, ``data`` the charts and counters, ``views`` what
each side sees (everything: the map is open, 2.0), ``face`` what the front ends draw.

``PLUGIN`` is what the ``leyte.games`` entry point names: the rules, the face and the bots.
"""

from typing import Any

from leyte.core.registry import GamePlugin
from leyte.rulebooks.samar.rules import RULES


def _face(rules: Any) -> Any:
    from leyte.rulebooks.samar.face import SamarFace

    return SamarFace(rules)


def _heuristic(side: str, seed: int) -> Any:
    from leyte.rulebooks.samar.heuristic import SamarHeuristic

    return SamarHeuristic(side, seed)


PLUGIN = GamePlugin(RULES.id, RULES, face=_face, bots={"heuristic": _heuristic})

__all__ = ["RULES", "PLUGIN"]
