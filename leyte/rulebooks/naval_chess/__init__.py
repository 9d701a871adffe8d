"""The Leyte Gulf Naval Chess Game (L. R. Coatney, 2001): the whole battle on a lettered map of big hexes, for three
players — the IJN, who plots in secret, and two Allied admirals (Halsey's Third Fleet, Kinkaid's Seventh) who may
not confer once play starts.

Modules follow the rulebook's section VI: ``sequence`` (VI.A replacements, VI.B.1.a the secret plot, the four
movement impulses, VI.B.1.b.5 the 5th Air Force, VI.C supply and victory), ``combat`` (VI.B.1.b.2 and VI.B.2.b:
the hex-by-hex order of an impulse's combat), whose steps are ``submarines`` (a), ``air`` (same-hex, long- and
extended-range strikes, scouting, land-based air, re-basing) and ``surface`` (battles with withdrawal, pursuit and
night surprise). ``state`` holds
the position, ``data`` the reconstructed charts and counters (scenarios/naval-chess), ``views`` what each seat may
know, ``face`` what the front ends draw. ``PLUGIN`` is what the ``leyte.games`` entry point names.
"""

from typing import Any

from leyte.core.registry import GamePlugin
from leyte.rulebooks.naval_chess.rules import RULES


def _face(rules: Any) -> Any:
    from leyte.rulebooks.naval_chess.face import NavalChessFace

    return NavalChessFace(rules)


def _heuristic(side: str, seed: int) -> Any:
    from leyte.rulebooks.naval_chess.heuristic import NavalChessHeuristic

    return NavalChessHeuristic(side, seed)


PLUGIN = GamePlugin(RULES.id, RULES, face=_face, bots={"heuristic": _heuristic})

__all__ = ["RULES", "PLUGIN"]
