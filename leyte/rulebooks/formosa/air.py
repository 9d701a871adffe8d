"""Formosa's air phases (16.0) that are built: the Japanese Special Attack Phase (16.6 kamikaze, 18.0 fleet sortie).

Kamikaze (16.6): the attack is rolled every GT, on the Air Combat Table column equal to the kamikaze points in the
Tokku display, the 0 column when there are none. The result is a number the Allied player removes, in any split he
likes, from the amphibious markers he holds and the naval gunfire units in the Staging Area; each one goes back to
the Allied Reinforcements Display (so it can be bought again, 8.0). The kamikaze points that flew are then lost.
What the Allies cannot pay (nothing left to return) is simply lost (R-79).

Fleet sortie (18.0): the Japanese may buy the mobile fleet marker once a game (4 LP, Recruit Phase, secret). From
the scenario's ``fleet_sortie_from_gt`` (never GT 1) the Japanese player, holding it, may declare the sortie after
the kamikaze attack: one d6 on the printed table, the scenario's column (E20). Fiasco: nothing. Indecisive: every
naval gunfire unit in the Staging Area goes to the Available display for this GT (back at the Air Return Phase).
Decisive: the same, the Allies lose 1d6 LP (not below 0) and may place no amphibious marker this GT.

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
    roll); ``fleet_asked`` once the Japanese player has been offered the sortie."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if fr.get("kamikaze_done") and not fr.get("fleet_asked") and may_sortie(st):
            return ask("Japanese", "fleet_sortie", "Declare the mobile fleet sortie this GT?", "18.0",
                       [opt("fleet_sortie", "sortie the mobile fleet", go=True),
                        opt("fleet_sortie", "keep the fleet in port", go=False)], {})
        if fr.get("left", 0) <= 0 or not kamikaze_targets(st):
            return None
        return ask("Allied", "kamikaze_loss", f"Kamikaze hits: return {fr['left']} more to the Reinforcements "
                   "Display", "16.6",
                   [opt("kamikaze_loss", f"return {KAMIKAZE_TARGETS[k]}", target=k) for k in kamikaze_targets(st)],
                   {"left": fr["left"]})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "fleet_sortie":
            fr["fleet_asked"] = True
            if action["go"]:
                sortie(st, ctx)
            return
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
        if not fr.get("kamikaze_done"):
            if fr["left"] > 0:  # decide() found nothing left to return: the rest is lost
                ctx.emit("16.6", f"{fr['left']} kamikaze hits find nothing left to return (R-79)",
                         data={"unpaid": fr["left"]})
            fr["kamikaze_done"] = True
            return
        pop(st, fr)


def may_sortie(st: State) -> bool:
    """18.0: the marker bought and not yet used, and not before the scenario's first sortie GT (never GT 1)."""
    return st.fleet == "held" and st.turn >= max(2, int(st.rules["special"]["fleet_sortie_from_gt"]))


def sortie(st: State, ctx: Context) -> None:
    """Roll the Mobile Fleet Sortie Table on the scenario's column and apply the result (18.0, E20)."""
    st.fleet = "used"
    column = st.rules["special"]["fleet_column"]
    rec = ctx.roll_on(B.data().table("fleet_sortie"), "-", purpose="mobile fleet sortie", rule="18.0")
    res = str(rec.result[column])
    ctx.emit("18.0", f"Mobile fleet sortie, rolled {rec.final}: {res}", kind="fleet_sortie",
             data={"roll": rec.final, "result": res})
    if res == "fiasco":
        return
    away = {k: n for k, n in st.ng.items() if n}
    for k, n in away.items():
        st.ng_away[k] = st.ng_away.get(k, 0) + n
        st.ng[k] = 0
    ctx.emit("18.0", f"Allied naval gunfire withdrawn to the Available display for this GT: {away}",
             data={"ng_away": away})
    if res != "decisive":
        return
    loss = ctx.roll("1d6", purpose="Allied LP lost to the Decisive Battle", rule="18.0").final
    lost = min(loss, st.lp["Allied"])
    st.lp["Allied"] -= lost
    st.no_amphibious_gt = st.turn
    ctx.emit("18.0", f"Decisive Battle: the Allies lose {lost} LP (rolled {loss}) and place no amphibious marker "
             f"this GT", data={"roll": loss, "lp_lost": lost})
