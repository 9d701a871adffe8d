"""Placeholders for the Clash steps other parts of the plug-in build: each raises ``NotYetImplemented`` naming its case.

The sequence of play (``sequence``, ``activation``, ``movement``) pushes these frame kinds where the rules call for
them, with the parameters their real frames take. Until the real frame is merged, reaching one stops the game
loudly instead of skipping the rule:

(none left)

The module that builds a step registers its own frame under the same kind; the placeholder is then deleted here.
Search, island air, surface combat and submarines are all built, so the list is empty; the mechanism stays for
the next step built in parallel.
"""

from __future__ import annotations

from typing import Any

from leyte.core.cases import own
from leyte.core.errors import NotYetImplemented
from leyte.core.game import Context
from leyte.rulebooks.clash.engine import frame
from leyte.rulebooks.imperial_sunset.state import State

PLACEHOLDERS: dict[str, tuple[str, str]] = {}


def _placeholder(kind: str, case: str, what: str) -> type:
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        params = ", ".join(f"{k}={v!r}" for k, v in sorted(fr.items()) if k != "kind")
        raise NotYetImplemented(own(case), f"{what} is not built yet (frame {kind}" + (f": {params})" if params
                                                                                        else ")"))

    cls = type(f"Pending_{kind}", (), {"run": staticmethod(run), "__doc__": f"{case}: {what} — not built yet."})
    return frame(kind)(cls)


HANDLERS = {kind: _placeholder(kind, case, what) for kind, (case, what) in PLACEHOLDERS.items()}
