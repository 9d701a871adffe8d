"""Imperial Sunset (Mark E. Stille, Against the Odds 2006): the Battle of Leyte Gulf at 25 nm and six hours a turn.

One module per rulebook module: ``sequence`` (3), ``activation`` (4), ``taskforces`` (5), ``movement`` (6),
``air`` (6.5, 8.1–8.2), ``detection`` (7), ``surface`` (8.3), ``damage`` (9), ``submarines`` (10), ``special`` (11),
``victory`` (12), ``scenario`` (13–14). ``state`` holds the position, ``engine`` the flow, ``data`` the charts and
counters, ``views`` what each side may see.
"""

from leyte.rulebooks.imperial_sunset.rules import RULES

__all__ = ["RULES"]
