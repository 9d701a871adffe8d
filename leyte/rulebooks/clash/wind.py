"""Optional rule 15.3, prevailing wind: carriers steam south-east before they launch.

A carrier turns into the wind to fly off aircraft, and in the Philippine Sea in June that meant steaming away from
the enemy. Played with ``options={"prevailing_wind": True}``:

- CAP (5.7): the first time in a turn a side puts a fighter of a formation on CAP, that formation (the TG, or the TF
  the TG is in, since a TF's TGs share its hex, 3.2.3) first moves ``wind.cap_hexes`` (1) hex south-east. CAP goes
  up in the Initial Phase, when no formation has MPs yet, so this move costs none (ruling R-82).
- Bombers (8.0): before an activated formation's first strike of the activation, it moves ``wind.strike_hexes`` (2)
  hexes south-east, paying an MP a hex; it may launch only with those MPs still left, and the range is counted from
  the hex it reaches (``movement.launching_from``, ``movement.wind_short``; ruling R-80).
- A wind step goes only where an ordinary move could (7.1, 3.3, 16.1.4) and never into a hex holding enemy units
  (ruling R-81); a step it cannot make is lost, and the launch goes ahead from where it stands (ruling R-80).

The bomber part lives in ``movement`` (it is part of an activation); this module replaces the CAP step. With the
option off the sequence pushes Imperial Sunset's own ``cap_allocation`` and nothing here runs.
"""

from __future__ import annotations

from typing import Any

from leyte.core.game import Action, Context
from leyte.rulebooks.clash import movement, state
from leyte.rulebooks.clash.engine import frame, push_many
from leyte.rulebooks.imperial_sunset.air_ops import home_tf
from leyte.rulebooks.imperial_sunset.cap import CapAllocation
from leyte.rulebooks.imperial_sunset.state import State

CAP_KIND = "clash_wind_cap_allocation"


def cap_frames(st: State) -> list[tuple[str, dict[str, Any]]]:
    """Both sides' CAP steps, the IJN first (5.7): the wind's when 15.3 is played, else Imperial Sunset's."""
    kind = CAP_KIND if movement.wind_on(st) else "cap_allocation"
    return [(kind, {"side": "IJN"}), (kind, {"side": "USN"})]


def formation_of(st: State, tg_id: str) -> str:
    """The marker that moves when a TG's fighters go up: its TF if it is in one (3.2.3), else the TG."""
    return state.tf_of(st, tg_id) or tg_id


@frame(CAP_KIND)
class WindCapAllocation(CapAllocation):
    """5.7 under 15.3: Imperial Sunset's CAP allocation, but a formation moves a hex south-east before its first
    fighter of the turn goes up. The decision and its options are the base frame's, so bots play it unchanged."""

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "cap_on":
            tg = home_tf(st, str(action["air"]))
            if tg is not None:
                marker = formation_of(st, tg.id)
                moved = fr.setdefault("wind", [])
                if marker not in moved:
                    moved.append(marker)
                    _, contacts = movement.wind_move(st, marker, fr["side"], st.data.mod("wind.cap_hexes"), ctx,
                                                     "before launching CAP")
                    push_many(st, contacts)
        CapAllocation.act(st, fr, action, ctx)
