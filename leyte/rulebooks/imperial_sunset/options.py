"""The option switches an Imperial Sunset game accepts (``new_game(options=...)``), with the case each one turns on.

Kept in a module of its own, below both ``data`` (which lists them for the notebooks) and ``scenario`` (which checks
them at set-up), so neither has to import the other.
"""

from __future__ import annotations

# Option switches a game accepts in new_game(options=...), with what they do.
OPTIONS: dict[str, str] = {
    "wild_bull": "13.1.5.1 Wild Bull rule (default: as the scenario says)",
    "fanaticism": "13.1.5.2 IJN Fanaticism (default: as the scenario says)",
    "pt_boats": "11.2 the PT boat marker (default on)",
    "auto_reports": "7.2 search reports picked automatically within the band instead of asked (default off)",
    "escort_carrier_ground_support": "14.1 optional rule (default off)",
    "airfield_suppression": "14.2 optional rule (default off)",
}
OPTIONAL_NOT_BUILT = {
    "stronger_divine_wind": "14.3",
    "naval_bombardment": "14.4",
    "hermaphrodite_warships": "14.5",
    "airedale_fatigue": "14.6",
}
