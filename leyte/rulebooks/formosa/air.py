"""Formosa's air phases (16.0) that are built: the Japanese Special Attack Phase (16.6 kamikaze, 18.0 fleet sortie).

Kamikaze (16.6): the attack is rolled every GT, on the Air Combat Table column equal to the kamikaze points in the
Tokku display, the 0 column when there are none. The result is a number the Allied player removes, in any split he
likes, from the amphibious markers he holds and the naval gunfire units in the Staging Area; each one goes back to
the Allied Reinforcements Display (so it can be bought again, 8.0). The kamikaze points that flew are then lost.
What the Allies cannot pay (nothing left to return) is simply lost (R-79).

Fleet sortie (18.0): the mobile fleet marker costs 4 LP on the Japanese chart, but its purchase is not built yet, so
no side can ever hold it: the phase says so in the log. When the purchase is built the sortie goes here.

Still not built (they raise ``NotYetImplemented`` from ``sequence.py``): 16.1 planning and reveal, 16.2 air
superiority, 16.3 ground support, 16.4 interdiction, 16.5 B-29, 17.0 naval gunfire in combat.
"""

from __future__ import annotations

from typing import Any

from leyte.core.errors import IllegalAction
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.formosa import board as B
from leyte.rulebooks.formosa.engine import ask, frame, opt, pop
from leyte.rulebooks.formosa.state import State

# What a kamikaze loss can take, in the order the options are offered: the key the Allied player picks -> label.
KAMIKAZE_TARGETS = {"amphibious": "an amphibious marker", "ng_US": "a US naval gunfire unit",
                    "ng_CW": "a British naval gunfire unit"}


def kamikaze_targets(st: State) -> list[str]:
    """The kinds of thing the Allied player still holds that a kamikaze result can send back (16.6 a-c)."""
    have = {"amphibious": st.markers.get("amphibious", 0), "ng_US": st.ng.get("US", 0), "ng_CW": st.ng.get("CW", 0)}
    return [k for k in KAMIKAZE_TARGETS if have[k] > 0]


@frame("phase_special_attack")
class SpecialAttack:
    """16.6 then 18.0. Frame keys: ``left`` = kamikaze losses the Allies still have to take (absent before the
    roll)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if fr.get("left", 0) <= 0 or not kamikaze_targets(st):
            return None
        return ask("Allied", "kamikaze_loss", f"Kamikaze hits: return {fr['left']} more to the Reinforcements "
                   "Display", "16.6",
                   [opt("kamikaze_loss", f"return {KAMIKAZE_TARGETS[k]}", target=k) for k in kamikaze_targets(st)],
                   {"left": fr["left"]})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        k = action["target"]
        if k not in kamikaze_targets(st):
            raise IllegalAction(f"16.6: {k!r} is not something the Allies hold to return "
                                f"(one of {', '.join(kamikaze_targets(st))})")
        if k == "amphibious":
            st.markers["amphibious"] -= 1
        else:
            st.ng[k[3:]] -= 1
        fr["left"] -= 1
        ctx.emit("16.6", f"Kamikaze hit: the Allies return {KAMIKAZE_TARGETS[k]} to the Reinforcements Display",
                 data={"returned": k, "left": fr["left"]})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if "left" not in fr:
            pts = st.kamikaze
            table = B.data().table("air_combat")
            rec = ctx.roll_on(table, pts, purpose=f"kamikaze attack with {pts} points", rule="16.6")
            hits = int(rec.result["losses"])
            st.kamikaze = 0
            ctx.emit("16.6", f"Kamikaze attack with {pts} points, rolled {rec.final}: {hits} hits; the kamikaze "
                     f"points are spent", kind="kamikaze",
                     data={"points": pts, "roll": rec.final, "hits": hits})
            fr["left"] = hits
            return
        if fr["left"] > 0:  # decide() found nothing left to return: the rest is lost
            ctx.emit("16.6", f"{fr['left']} kamikaze hits find nothing left to return (R-79)",
                     data={"unpaid": fr["left"]})
        ctx.emit("18.0", "Mobile fleet sortie: the Japanese hold no fleet marker (its purchase is not built)")
        pop(st, fr)
