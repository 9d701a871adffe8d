"""Land-based air (6.5.9): the IJN air fleets' reinforcements and readiness rolls in the Initial Phase.

On the turns the turn record names, destroyed land-based units may come back, drawn at random; every flown IJN
land-based unit rolls to become ready again. Their ranges and airfields are in ``air_ops``.
"""

from __future__ import annotations

from typing import Any

from leyte.core.game import Context
from leyte.rulebooks.imperial_sunset.air_ops import LAND_FORMATIONS, unit_name
from leyte.rulebooks.imperial_sunset.engine import frame, pop
from leyte.rulebooks.imperial_sunset.state import State


@frame("air_reinforcement")
class AirReinforcement:
    """6.5.9: on the turns the record names, destroyed land-based units may come back, drawn at random."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        D = st.data
        pop(st, fr)
        rec = ctx.roll_on(D.table("ijn_air_reinforcement"), "-", [], purpose="IJN air reinforcements",
                          rule="6.5.9", visible=("IJN",))
        n = int(rec.result.get("units", 0))
        pool = [a.id for a in sorted(st.air.values(), key=lambda a: a.id)
                if a.side == "IJN" and a.box == "destroyed" and D.air[a.id].parent in LAND_FORMATIONS]
        got = []
        for _ in range(min(n, len(pool))):
            i = ctx.pick(len(pool), purpose="draw a reinforcement from the destroyed box", rule="6.5.9",
                         visible=("IJN",))
            aid = pool.pop(i)
            u = st.air[aid]
            u.box, u.reduced, u.parent, u.ashore, u.cap_over = "ready", False, D.air[aid].parent, False, None
            got.append(aid)
        ctx.emit("6.5.9", f"IJN air reinforcements: {len(got)} unit(s) return to the Ready box", kind="air_box",
                 data={"units": got}, visible=("IJN",))


@frame("ijn_readiness")
class IJNReadiness:
    """6.5.9: each flown IJN land-based unit rolls; a low roll makes it ready. Carrier CAP units simply return."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        D = st.data
        pop(st, fr)
        top = D.mod("air.ijn_ready_max")
        for a in sorted(st.air.values(), key=lambda a: a.id):
            if a.side != "IJN" or a.box != "flown":
                continue
            if a.parent in LAND_FORMATIONS:
                r = ctx.roll("d10", purpose=f"readiness of {unit_name(D, a.id)} (1-{top} readies it)", rule="6.5.9",
                             visible=("IJN",))
                if r.final <= top:
                    a.box = "ready"
            elif a.role == "CAP":
                # Carrier fighters back from CAP over another TF sat out one turn only (6.5.7); carrier aircraft
                # that struck (What-If, 13.2) stay in the Flown box until night: one strike a day.
                a.box, a.role = "ready", None
