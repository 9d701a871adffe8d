"""Optional air rules (14.1, 14.2): escort-carrier ground support over Leyte and USN airfield suppression.

14.1: a roll says how many escort-carrier squadrons the troops ask for; each one kept back gives the IJN a VP, and
each one that goes may come back exhausted. 14.2: until an IJN carrier TF has been found, the USN must send
fleet-carrier units against the Japanese airfields, each of which may catch a land-based unit on the ground.
"""

from __future__ import annotations

from typing import Any

from leyte.core.dice import Modifier
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset import damage, victory
from leyte.rulebooks.imperial_sunset.air_ops import LAND_FORMATIONS, carrier_of, is_cve_unit, unit_name
from leyte.rulebooks.imperial_sunset.engine import ask, frame, opt, pop
from leyte.rulebooks.imperial_sunset.state import State


@frame("ground_support")
class GroundSupport:
    """Optional 14.1: a die roll says how many escort-carrier squadrons must support the troops on Leyte today.

    The USN commits squadrons from the Ready box one by one (they go to the Flown box for the turn); each one the
    roll asked for and the USN kept back gives the IJN 1 VP. In the Terminal Phase each committed squadron rolls;
    9 or 10 (``ground_support.exhaust_min``) flips it to its exhausted side.
    """

    @staticmethod
    def _ready(st: State) -> list[str]:
        return [a.id for a in sorted(st.air.values(), key=lambda a: a.id)
                if a.side == "USN" and a.box == "ready" and is_cve_unit(st, a.id)
                and damage.air_ops(st, a.parent)]

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        D = st.data
        if "needed" not in fr or fr.get("finished") or len(fr["committed"]) >= fr["needed"]:
            return None
        units = GroundSupport._ready(st)
        if not units:
            return None
        options = [opt("ground_support_commit", f"Commit {unit_name(D, a)} to ground support", air=a) for a in units]
        short = fr["needed"] - len(fr["committed"])
        options.append(opt("ground_support_done", f"Keep the rest ({short} short: {short} VP to the IJN)"))
        return ask("USN", "ground_support", f"Ground support: {fr['needed']} squadron(s) asked for", "14.1", options,
                   data={"needed": fr["needed"], "short": short})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        D = st.data
        if action.kind == "ground_support_done":
            fr["finished"] = True
            return
        a = st.air[action["air"]]
        a.box, a.role = "flown", "B"
        a.missions_today += 1
        fr["committed"].append(a.id)
        st.flags.setdefault("ground_support", []).append(a.id)
        ctx.emit("14.1", f"{unit_name(D, a.id)} flies ground support over Leyte", kind="air_box", data={"air": a.id},
                 visible=("USN",))

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if "needed" not in fr:
            r = ctx.roll("d10", purpose="escort-carrier squadrons needed for ground support", rule="14.1")
            fr["needed"], fr["committed"] = r.final, []
            fr["available"] = len(GroundSupport._ready(st))
            return
        short = min(fr["needed"], fr["available"]) - len(fr["committed"])
        pop(st, fr)
        ctx.emit("14.1", f"Ground support: {len(fr['committed'])} squadron(s) committed of {fr['needed']} asked",
                 kind="ground_support", data={"needed": fr["needed"], "committed": len(fr["committed"])})
        if short > 0:
            victory.award(st, "IJN", short, f"{short} escort-carrier squadron(s) kept from ground support", "14.1",
                          ctx)


def _ijn_carrier_seen(st: State) -> bool:
    """14.2 lasts until an IJN TF with a fleet or light carrier has been detected (remembered once it happens)."""
    if st.flags.get("ijn_carrier_detected"):
        return True
    for t in st.tfs.values():
        if t.side == "IJN" and t.detected and t.in_play and any(
                st.data.ships[s].type in ("CV", "CVL") and not st.ships[s].sunk for s in t.ships):
            st.flags["ijn_carrier_detected"] = True
            return True
    return False


@frame("airfield_suppression")
class AirfieldSuppression:
    """Optional 14.2: until an IJN carrier TF is found, USN fleet-carrier units must strike Japanese airfields.

    The roll plus 2 (plus 4 instead once a kamikaze has been in play) is the number of USN CV/CVL air units the USN
    must send (all it has if fewer); they go to the Flown box. Each one then rolls against a Japanese land-based unit
    of the IJN's choice in a Ready box: 1-3 sends it to the Flown box.
    """

    @staticmethod
    def _usn_ready(st: State) -> list[str]:
        out = []
        for a in sorted(st.air.values(), key=lambda a: a.id):
            c = carrier_of(st, a.id)
            if a.side == "USN" and a.box == "ready" and c and st.data.ships[c].type in ("CV", "CVL") \
                    and damage.air_ops(st, c):
                out.append(a.id)
        return out

    @staticmethod
    def _ijn_ready(st: State) -> list[str]:
        return [a.id for a in sorted(st.air.values(), key=lambda a: a.id)
                if a.side == "IJN" and a.box == "ready" and a.parent in LAND_FORMATIONS]

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        D = st.data
        if "needed" not in fr:
            return None
        if len(fr["sent"]) < fr["needed"]:
            units = AirfieldSuppression._usn_ready(st)
            if not units:
                return None
            return ask("USN", "airfield_suppression", f"Airfield suppression: send {fr['needed'] - len(fr['sent'])}"
                       " more unit(s)", "14.2",
                       [opt("suppression_send", f"Send {unit_name(D, a)}", air=a) for a in units],
                       data={"still_needed": fr["needed"] - len(fr["sent"])})
        if fr["rolls_left"] > 0:
            units = AirfieldSuppression._ijn_ready(st)
            if not units:
                return None
            return ask("IJN", "airfield_suppression_target", "Which of your land-based units does the next "
                       "suppression roll fall on?", "14.2",
                       [opt("suppression_target", f"{unit_name(D, a)}", air=a) for a in units],
                       data={"rolls_left": fr["rolls_left"]})
        return None

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        D = st.data
        a = st.air[action["air"]]
        if action.kind == "suppression_send":
            a.box, a.reduced = "flown", True
            a.missions_today += 1
            fr["sent"].append(a.id)
            ctx.emit("14.2", f"{unit_name(D, a.id)} flies airfield suppression", kind="air_box", data={"air": a.id},
                     visible=("USN",))
            return
        fr["rolls_left"] -= 1
        r = ctx.roll("d10", purpose=f"airfield suppression against {unit_name(D, a.id)}", rule="14.2")
        if r.final <= D.mod("airfield_suppression.hit_max"):
            a.box = "flown"
            ctx.emit("14.2", f"{unit_name(D, a.id)} is caught on the ground and goes to the Flown box", kind="air_box",
                     data={"air": a.id})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if "needed" not in fr:
            if _ijn_carrier_seen(st):
                pop(st, fr)
                return
            D = st.data
            key = "airfield_suppression.after_kamikaze" if (st.kamikazes_used or st.kamikazes) else \
                "airfield_suppression.base"
            r = ctx.roll("d10", [Modifier(D.mod(key), key.split(".")[-1].replace("_", " ") + " (14.2)")],
                         purpose="USN carrier air units held for airfield suppression", rule="14.2")
            fr["needed"], fr["sent"] = r.final, []
            fr["rolls_left"] = 0
            return
        if len(fr["sent"]) < fr["needed"] and "rolled" not in fr:
            fr["needed"] = len(fr["sent"])  # fewer units than the roll asked for: all of them went
        if "rolled" not in fr:
            fr["rolled"] = True
            fr["rolls_left"] = len(fr["sent"])
            return
        pop(st, fr)
