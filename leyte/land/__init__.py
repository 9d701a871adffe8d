"""Land-warfare mechanics shared by hex-and-counter land games: movement, supply, odds, stacking, attacks, retreats.

Nothing here names a game or a side. Each function takes the map, plain data (hexes, sets, mappings) and small
callables for what a game decides (what a hex costs, who is an enemy), so the next land game builds on the same
tested pieces instead of rewriting them. The searches themselves live in ``leyte.core.reach``; the charts in
``leyte.core.tables``. ``import leyte`` does not load this package: a game imports the module it needs.
"""

from __future__ import annotations

__all__ = ["movement", "supply", "odds", "stacking", "attacks", "retreat"]
