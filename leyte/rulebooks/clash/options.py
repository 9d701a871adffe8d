"""The option switches a Clash game accepts (``new_game(options=...)``): the advanced rules 13.0 and 14.0 and the
optional rules 15.1-15.7, each under the case it turns on.

``OPTIONS`` holds the switches that are built; ``NOT_BUILT`` the ones that are not yet, so that asking for one
raises ``NotYetImplemented`` naming its case instead of being silently ignored. A name in neither is refused as an
unknown option. Kept apart from ``scenario`` so the notebooks and the command line can list them without building a
game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from leyte.core.errors import NotYetImplemented, ScenarioError

__all__ = ["NOT_BUILT", "OPTIONS", "check_options"]

# Built switches: name -> "case: what it does (default)".
OPTIONS: dict[str, str] = {
    "radar_cap": "13.0: US fighters put on CAP may instead fly fatigued one or two hexes out from their carrier's "
                 "group and intercept every raid entering that hex or one next to it (off: ruling R-60)",
    "deliver_the_ordnance": "14.0: a Japanese bomber hit by US AA still bombs at its strength before the hit; one "
                            "shot down bombs first on a 6-10 (off: ruling R-60)",
    "prevailing_wind": "15.3: carriers steam south-east before launching, 1 hex for CAP and 2 for bombers (off)",
    "secret_movement": "15.7: markers move unseen and show only once found; every search rolls for every marker; "
                       "submarine markers placed by choice (off)",
}

# Switches of the rulebook not built yet: name -> (case, what it would do).
NOT_BUILT: dict[str, tuple[str, str]] = {
    "secret_composition": ("15.1", "task-group composition sheets kept hidden"),
    "ijn_submarines": ("15.2", "Japanese submarine markers"),
    "night_movement": ("15.4", "one more movement point at night"),
    "reorganisation_cost": ("15.5", "a new or reinforced task group loses a movement point"),
    "cross_decking": ("15.6", "aircraft landing on another carrier; US air lost with its carrier"),
}


def check_options(options: Mapping[str, Any], where: str = "options") -> dict[str, bool]:
    """The options given to ``new_game``, checked: known names with on/off (bool) values; an unbuilt rule that is
    switched on raises ``NotYetImplemented`` naming its case. Returns the switches that are on or off, by name."""
    out: dict[str, bool] = {}
    for name, value in options.items():
        if name not in OPTIONS and name not in NOT_BUILT:
            known = ", ".join(sorted({*OPTIONS, *NOT_BUILT}))
            raise ScenarioError(f"{where}.{name}: no such Clash option (known: {known})")
        if not isinstance(value, bool):
            raise ScenarioError(f"{where}.{name} = {value!r}: an option is switched on or off with true or false")
        if name in NOT_BUILT and value:
            case, what = NOT_BUILT[name]
            raise NotYetImplemented(case, f"option {name} ({what})")
        out[name] = value
    return out
