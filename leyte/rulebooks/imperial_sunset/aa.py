"""The air battle display and anti-aircraft fire (8.1 steps 3–5, 8.1.1).

The defender places the target's ships on the air battle display, one per area. Its printed layout was lost: we use
16 areas (a TF holds at most 16 ship units, 5.5) in a square of four rows of four, two areas adjacent when they
touch along a side or at a corner (see notes/combat-rulings.md). Each attacking unit meets its target's AA, and
adjacent ships may fire at half strength; paired escorts suppress AA (8.1.1); an IJN unit shot down by USN AA rolls
to see whether it delivers its attack first (8.1 step 5). Face-down USN ships in a surface battle keep their
aliases on the display (8.3.1).

Rules-family switches read here (``family.py``): ``aa_suppression`` (Clash puts escorts on a ship, each -1 on its
AA roll, 8.5.1) and ``deliver_ordnance`` (Clash: AA costs an IJN unit a step, and Deliver the Ordnance is optional,
14.0); ``aa_adjacent`` is read where adjacent fire is offered (``strikes``).
"""

from __future__ import annotations

import math
from typing import Any

from leyte.core.dice import Modifier
from leyte.core.game import Context
from leyte.rulebooks.imperial_sunset import damage
from leyte.rulebooks.imperial_sunset.air_ops import has_weaker_side, is_cve_unit, on_mission, strength, unit_name
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.state import State


def display_areas(D: ISData) -> int:
    """How many areas the air battle display has, one ship in each: rows times columns from the game's constants
    (both layouts are lost: Imperial Sunset's four by four, ruling C13; Clash's four by five, so that Force C's
    printed 18 units fit)."""
    return D.mod("air.display_rows") * D.mod("air.display_cols")


def display_adjacent(D: ISData, a: int, b: int) -> bool:
    """Areas numbered row by row on the air battle display touch along a side or at a corner (reconstructed)."""
    cols = D.mod("air.display_cols")
    ra, ca = divmod(a - 1, cols)
    rb, cb = divmod(b - 1, cols)
    return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1


def ship_label(D: ISData, fr: dict[str, Any], sid: str) -> str:
    """How a target ship is named in this strike: face-down USN ships in a surface battle keep their alias (8.3.1)."""
    return fr.get("labels", {}).get(sid) or damage.ship_name(D, sid)


def ship_param(fr: dict[str, Any], sid: str) -> str:
    return fr.get("aliases_of", {}).get(sid, sid)


def ship_from_param(fr: dict[str, Any], value: str) -> str:
    for sid, alias in fr.get("aliases_of", {}).items():
        if alias == value:
            return sid
    return value


def roll_suppression(D: ISData) -> bool:
    """Family switch ``aa_suppression``: Clash 8.5.1 places escorts on a ship, each one -1 on that ship's AA roll;
    Imperial Sunset 8.1.1 pairs one escort with one strike unit and softens the AA result instead."""
    return D.family.switch("aa_suppression") == "roll_minus_one_per_fighter"


def suppression_key(sid: str) -> str:
    """What ``pair`` holds for an escort placed on ship ``sid`` (Clash 8.5.1) rather than paired with a unit."""
    return f"ship:{sid}"


def _suppression(st: State, fr: dict[str, Any], aid: str) -> int:
    D = st.data
    n = sum(1 for e, a in fr["pair"].items() if a == aid and on_mission(st, e)) * (
        D.mod("aa.suppression") if "aa.suppression" in D.mods else 1)
    if is_cve_unit(st, aid) and "aa.escort_carrier_strike" in D.mods:
        n += D.mod("aa.escort_carrier_strike")
    return n


def aa_fire(st: State, fr: dict[str, Any], ship: str, ctx: Context, *, half: bool, adjacent: bool) -> None:
    D = st.data
    aid = fr["current"]
    factor = damage.aa(st, ship)
    if half:
        factor = math.floor(factor / 2 + 0.5)
    if factor <= 0:
        return
    why = "adjacent ship, half AA" if adjacent else ("heavy bombers, half AA" if half else "target ship")
    on_roll = roll_suppression(D)
    mods: list[Modifier] = []
    if on_roll:
        n = sum(1 for e, v in fr["pair"].items() if v == suppression_key(ship) and on_mission(st, e))
        if n:
            mods.append(Modifier(-n, f"{n} escort(s) suppressing {ship_label(D, fr, ship)} (8.5.1)"))
    rec = ctx.roll_on(D.table("aa"), factor, mods, purpose=f"AA from {ship_label(D, fr, ship)} at "
                      f"{unit_name(D, aid)} ({why}, factor {factor})", rule="8.1")
    drm = int(rec.result.get("drm", 0))
    if drm and not adjacent and not on_roll:
        sup = _suppression(st, fr, aid)
        if sup:
            new = min(0, drm + sup)
            ctx.emit("8.1.1", f"AA suppression turns the {drm} into {new}", kind="aa_suppression",
                     data={"air": aid, "before": drm, "after": new})
            drm = new
    if drm:
        fr["drms"].setdefault(aid, []).append([drm, f"AA from {ship_label(D, fr, ship)}"])
    # A D result: Imperial Sunset's table marks it "destroyed", Clash's "step_loss" (8.5.2: one IJN step)
    hit = rec.result.get("destroyed") or rec.result.get("step_loss")
    if hit and st.ships[ship].side == "USN" and st.air[aid].side == "IJN":
        if D.family.switch("deliver_ordnance") == "optional_steps":
            _aa_step_loss(st, fr, aid, ctx)
            return
        d = ctx.roll("d10", purpose=f"{unit_name(D, aid)} is shot down: does it deliver its attack first?", rule="8.1")
        delivers = d.final >= D.mod("aa.delivery_min")
        fr["current_destroyed"] = "after" if delivers else "before"
        ctx.emit("8.1", f"{unit_name(D, aid)} is destroyed by AA " + ("after delivering its attack" if delivers
                 else "before it can attack"), kind="air_loss", data={"air": aid, "delivers": delivers})


def _aa_step_loss(st: State, fr: dict[str, Any], aid: str, ctx: Context) -> None:
    """Family switch ``deliver_ordnance`` = "optional_steps" (Clash 8.5.2, 14.0): USN AA's D result costs an IJN
    unit one step, and only its last step kills it.

    Deliver the Ordnance is an optional rule there, on when the game's options hold ``deliver_the_ordnance``: a
    unit that loses a step still bombs on the column of its strength before the AA (14.0's example: a 3 stepped to
    1 bombs on the 3 column and flies home a 1), and a unit killed rolls, as in Imperial Sunset, whether it bombs
    first. Without it the stepped unit bombs at its new strength and a killed one never bombs.
    """
    D = st.data
    a = st.air[aid]
    dto = bool(st.options.get("deliver_the_ordnance"))
    if not a.reduced and has_weaker_side(st, aid):
        if dto:
            fr.setdefault("dto_column", {})[aid] = strength(st, aid, extended=aid in fr.get("extended", ()))
        a.reduced = True
        ctx.emit("8.1", f"{unit_name(D, aid)} loses a step to AA (now {strength(st, aid)})", kind="air_loss",
                 data={"air": aid, "destroyed": False})
        return
    delivers = False
    if dto:
        d = ctx.roll("d10", purpose=f"{unit_name(D, aid)} is shot down: does it deliver its attack first?", rule="8.1")
        delivers = d.final >= D.mod("aa.delivery_min")
    fr["current_destroyed"] = "after" if delivers else "before"
    ctx.emit("8.1", f"{unit_name(D, aid)} is destroyed by AA " + ("after delivering its attack" if delivers
             else "before it can attack"), kind="air_loss", data={"air": aid, "delivers": delivers})
