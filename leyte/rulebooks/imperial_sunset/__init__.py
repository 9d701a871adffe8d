"""Imperial Sunset (Mark E. Stille, Against the Odds 2006): the Battle of Leyte Gulf at 25 nm and six hours a turn.

One module per rulebook module: ``sequence`` (3), ``activation`` (4), ``taskforces`` (5), ``movement`` (6),
``air`` (6.5, 8.1–8.2), ``detection`` (7), ``surface`` (8.3), ``damage`` (9), ``submarines`` (10), ``special`` (11),
``victory`` (12), ``scenario`` (13–14). ``state`` holds the position, ``engine`` the flow, ``data`` the charts and
counters, ``views`` what each side may see, ``face`` what the front ends draw.

``PLUGIN`` is what the ``leyte.games`` entry point names: the rules, the face and the bots.
"""

from typing import Any

from leyte.core.registry import GamePlugin
from leyte.rulebooks.imperial_sunset.rules import RULES


def _face(rules: Any) -> Any:
    from leyte.rulebooks.imperial_sunset.face import ImperialSunsetFace

    return ImperialSunsetFace(rules)


def _heuristic(side: str, seed: int) -> Any:
    from leyte.bots.imperial_sunset import make_heuristic

    return make_heuristic(RULES.id, side, seed)


PLUGIN = GamePlugin(RULES.id, RULES, face=_face, bots={"heuristic": _heuristic})

__all__ = ["RULES", "PLUGIN"]
