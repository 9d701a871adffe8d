"""The option switches a Clash game accepts (``new_game(options=...)``): the advanced rules 13.0 and 14.0 and the
optional rules 15.1-15.7, each under the case it turns on.

``OPTIONS`` holds every switch, each under its case; a name not in it is refused as an unknown option, and a rule
the engine always plays (``ALWAYS_ON``) cannot be switched off. Kept apart from ``scenario`` so the notebooks and the
command line can list them without building a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from leyte.core.errors import ScenarioError

__all__ = ["ALWAYS_ON", "OPTIONS", "check_options"]

# Built switches: name -> "case: what it does (default)".
OPTIONS: dict[str, str] = {
    "radar_cap": "13.0: US fighters put on CAP may instead fly fatigued one or two hexes out from their carrier's "
                 "group and intercept every raid entering that hex or one next to it (off: ruling R-60)",
    "deliver_the_ordnance": "14.0: a Japanese bomber hit by US AA still bombs at its strength before the hit; one "
                            "shot down bombs first on a 6-10 (off: ruling R-60)",
    "prevailing_wind": "15.3: carriers steam south-east before launching, 1 hex for CAP and 2 for bombers (off)",
    "secret_movement": "15.7: markers move unseen and show only once found; every search rolls for every marker; "
                       "submarine markers placed by choice (off)",
    "secret_composition": "15.1: each side's TG composition stays hidden from the other (always on: ruling R-70)",
    "ijn_submarines": "15.2: the IJN pulls and places its own three submarine markers each turn (default off)",
    "night_movement": "15.4: every TG and TF, and every detached ship, has one more MP on a night turn (default off)",
    "reorganisation_cost": "15.5: a TG formed, or fed by a disbanded TG, in the Initial Phase moves 1 MP less "
                           "(default off)",
    "cross_decking": "15.6: IJN carrier aircraft may move, and those of a sunk IJN carrier land, on another IJN "
                     "carrier in the hex, up to its starting factors; USN air dies with its carrier (default off: "
                     "no aircraft change carrier and both sides' die with it)",
}

# Switches the engine always plays as the rulebook's optional rule: switching one off is refused with the ruling.
ALWAYS_ON: dict[str, tuple[str, str]] = {
    "secret_composition": ("15.1", "the engine keeps every TG's composition sheet hidden, as searching (6.1) needs; "
                                   "an open sheet has no marker-to-sheet key a computer could honestly show "
                                   "(ruling R-70)"),
}

def check_options(options: Mapping[str, Any], where: str = "options") -> dict[str, bool]:
    """The options given to ``new_game``, checked: known names with on/off (bool) values; a rule the engine always
    plays (``ALWAYS_ON``) switched off raises ``ScenarioError`` naming its case and the ruling. Returns the switches
    that are on or off, by name."""
    out: dict[str, bool] = {}
    for name, value in options.items():
        if name not in OPTIONS:
            known = ", ".join(sorted(OPTIONS))
            raise ScenarioError(f"{where}.{name}: no such Clash option (known: {known})")
        if not isinstance(value, bool):
            raise ScenarioError(f"{where}.{name} = {value!r}: an option is switched on or off with true or false")
        if name in ALWAYS_ON and not value:
            case, why = ALWAYS_ON[name]
            raise ScenarioError(f"{where}.{name} = false: rule {case} is always played here: {why}")
        out[name] = value
    return out
