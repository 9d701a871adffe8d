"""Imperial Sunset (Mark E. Stille, Against the Odds 2006): the Battle of Leyte Gulf at 25 nm and six hours a turn.

One module per rulebook module: ``sequence`` (3), ``activation`` (4), ``taskforces`` (5), ``movement`` (6),
``detection`` (7), ``surface`` (8.3), ``damage`` (9), ``submarines`` (10), ``special`` (11), ``victory`` (12),
``scenario`` (13–14). The air rules are one module per topic: ``air`` (aircraft in an activation, 4.4/4.5),
``air_ops`` (units, ranges, readiness, 6.5), ``land_air`` (6.5.9), ``cap`` (6.5.4, 8.2.1), ``strikes`` (8.1),
``air_to_air`` (8.2), ``aa`` (8.1, 8.1.1), ``kamikaze`` (11.1), ``optional_air`` (14.1, 14.2). ``state`` holds
the position, ``engine`` the flow, ``data`` the charts and counters (loaded once by the Rules object in ``rules``
and reached by the rules through ``st.data``), ``options`` the option switches, ``views`` what each side may see.
``face`` says what the front ends draw. Imports run one way, from these low modules up to ``rules``
(tests/imperial_sunset/test_import_graph.py).

``PLUGIN`` is what the ``leyte.games`` entry point names: the rules, the face and the bots.
"""

from typing import Any

from leyte.core.registry import GamePlugin
from leyte.rulebooks.imperial_sunset.rules import RULES


def _face(rules: Any) -> Any:
    from leyte.rulebooks.imperial_sunset.face import ImperialSunsetFace

    return ImperialSunsetFace(rules)


def _heuristic(side: str, seed: int) -> Any:
    from leyte.rulebooks.imperial_sunset.heuristic import make_heuristic

    return make_heuristic(RULES.id, side, seed)


PLUGIN = GamePlugin(RULES.id, RULES, face=_face, bots={"heuristic": _heuristic})

__all__ = ["RULES", "PLUGIN"]
