"""Clash of the Carriers (Mark E. Stille): the Battle of the Philippine Sea, 18-20 June 1944, on Imperial Sunset's
rules modules.

The same designer's same system four months before Leyte Gulf: Clash runs Imperial Sunset's modules with its own
data (``scenarios/clash-of-the-carriers/``), its own rule differences (``family.toml``: the switches of
``imperial_sunset.family``) and its own case numbers (``cases.csv``). This package holds what Clash does on its own:
``engine`` (Imperial Sunset's engine, extended), ``state`` (task groups inside one task force a side, search channels,
island air bases, the extended-range track), ``scenario`` (16.1), ``formations`` (3.0-3.3), ``sequence`` (the turn:
4.0-4.3, 5.1-5.7), ``activation`` (the pool, draws and command chits: 4.2, 5.2, 8.7), ``movement`` (an activated TG or
TF searches, moves and strikes: 7.0-7.3, 8.0, 16.1.4), ``victory`` (10.0-10.3), ``views`` and ``face``.

Search (``search``, 6.0-6.5), island air (``islands``: 5.3, 5.6, 5.7, R-5, 16.1.4), submarines (``submarines``,
11.0-11.1.6) and surface combat (``surface``, 12.0-12.9) are their own modules. The advanced and optional rules are
switches of ``new_game(options=...)`` listed in ``options``: radar-directed CAP (13.0, ``radar``), Deliver the
Ordnance (14.0: Imperial Sunset's ``aa`` under the family switch ``deliver_ordnance``), and 15.1-15.7 (15.3 in
``wind``, 15.6 in ``carriers``).

``PLUGIN`` is what the ``leyte.games`` entry point names: the rules, the face and the bots.
"""

from typing import Any

from leyte.core.registry import GamePlugin
from leyte.rulebooks.clash.rules import RULES


def _face(rules: Any) -> Any:
    from leyte.rulebooks.clash.face import ClashFace

    return ClashFace(rules)


def _heuristic(side: str, seed: int) -> Any:
    from leyte.rulebooks.clash.heuristic import make_heuristic

    return make_heuristic(RULES.id, side, seed)


PLUGIN = GamePlugin(RULES.id, RULES, face=_face, bots={"heuristic": _heuristic})

__all__ = ["RULES", "PLUGIN"]
