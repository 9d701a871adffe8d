"""Air-to-air combat (8.2): CAP against escorts (8.2.3), then against the strike aircraft (8.2.2).

Committed escorts and CAP fire at each other, both rolls made before any loss is taken; the surviving CAP then
fires at the strike aircraft, which never fire back. The IJN takes results as step losses, the USN as flips to the
exhausted side; CAP results left over against a USN strike become bombing DRMs (8.2.2). These steps run as frames of
an air strike (``strikes``), and ``goto`` hands the strike on to its next step frame.

Rules-family switches read here (``family.py``): ``cap_scope`` (Clash pools CAP by hex, 8.2.3) and ``a2a_excess``
(Clash makes each step on a fatigued USN unit that unit's own bombing DRM, 8.2.1).
"""

from __future__ import annotations

from typing import Any

from leyte.core.dice import Modifier
from leyte.core.errors import LeyteError
from leyte.core.game import Context
from leyte.rulebooks.imperial_sunset.air_ops import has_weaker_side, on_mission, strength, unit_name
from leyte.rulebooks.imperial_sunset.data import ISData
from leyte.rulebooks.imperial_sunset.engine import push
from leyte.rulebooks.imperial_sunset.state import State


def goto(st: State, step: str) -> None:
    """Hand an air strike on to its next step: the step frame on top (``strike_<step>``) gives way to the next one.

    Each step of a strike is a frame of its own, registered in ``strikes`` and found by name through the engine;
    the strike's record is the ``air_strike`` frame underneath them.
    """
    fr = st.stack[-1]
    if not str(fr.get("kind", "")).startswith("strike_"):
        raise LeyteError(f"goto({step!r}): the top frame {fr.get('kind')} is not a strike step")
    st.stack.pop()
    push(st, f"strike_{step}")


def intercepting_cap(st: State, fr: dict[str, Any]) -> list[str]:
    """The defender's CAP that meets this strike: over the TF attacked (IS 8.2.1), or, where the family switch
    ``cap_scope`` is "hex_pool" (Clash 8.2.3), every CAP unit over any friendly force in the hex attacked."""
    if fr["mode"] == "kamikaze":
        return []
    if fr["mode"] == "surface" and st.data.family.switch("surface_air") == "target_aa_only":
        return []  # Clash 12.7: the aircraft go straight onto the ship they attack; its AA is all they meet
    if st.data.family.switch("cap_scope") == "hex_pool":
        tfs = st.tfs
        if fr["mode"] == "surface":
            hexes = {tfs[t].hex for t in fr["source"].get("enemy_tfs", []) if t in tfs}
        else:
            hexes = {fr.get("target_hex")}
        return [a.id for a in sorted(st.air.values(), key=lambda a: a.id)
                if a.side == fr["defender"] and a.box == "cap" and a.cap_over in tfs
                and tfs[a.cap_over].in_play and tfs[a.cap_over].hex in hexes]
    if fr["mode"] == "surface":
        covered = set(fr["source"].get("enemy_tfs", []))
    else:
        kind, _, tid = (fr["target"] or "").partition(":")
        covered = {tid} if kind == "tf" else set()
    return [a.id for a in sorted(st.air.values(), key=lambda a: a.id)
            if a.side == fr["defender"] and a.box == "cap" and a.cap_over in covered]


def _a2a_mods(D: ISData, side: str) -> list[Modifier]:
    if side == "USN" and "air_to_air.usn" in D.mods and D.mod("air_to_air.usn"):
        return [Modifier(D.mod("air_to_air.usn"), "USN air-to-air (8.2)")]
    return []


def _a2a_roll(st: State, ctx: Context, side: str, units: list[str], purpose: str, rule: str) -> int:
    D = st.data
    total = sum(strength(st, a) for a in units)
    if total <= 0:
        return 0
    rec = ctx.roll_on(D.table("air_to_air"), total, _a2a_mods(D, side), purpose=f"{purpose} (factor {total})",
                      rule=rule)
    return int(rec.result.get("steps", 0))


def number_drm(D: ISData) -> int:
    return D.mod("bombing.excess_cap_result") if "bombing.excess_cap_result" in D.mods else -1


def escorts_vs_cap(st: State, fr: dict[str, Any], ctx: Context) -> None:
    """8.2.3: committed escorts and CAP fire at each other; nothing is applied until both have rolled."""
    cap, esc = fr["engaged_cap"], fr["engaged_escorts"]
    d_res = _a2a_roll(st, ctx, fr["defender"], cap, f"{fr['defender']} CAP fires at the escorts", "8.2.3")
    a_res = _a2a_roll(st, ctx, fr["side"], esc, f"{fr['side']} escorts fire at the CAP", "8.2.3")
    jobs = []
    if a_res:
        jobs.append(_loss_job(fr["defender"], a_res, cap, "8.2.3", excess="ignore"))
    if d_res:
        jobs.append(_loss_job(fr["side"], d_res, esc, "8.2.3", excess="ignore"))
    fr["losses"] = jobs
    fr["after_losses"] = "cap_vs_strike"
    goto(st, "losses" if jobs else "cap_vs_strike")


def _loss_job(owner: str, n: int, pool: list[str], rule: str, *, excess: str) -> dict[str, Any]:
    kind = "steps" if owner == "IJN" else "flips"
    return {"owner": owner, "n": n, "pool": list(pool), "kind": kind, "rule": rule, "excess": excess}


def take_loss(st: State, fr: dict[str, Any], aid: str, ctx: Context) -> None:
    D = st.data
    job = fr["losses"][0]
    a = st.air[aid]
    if job["kind"] == "steps":
        if a.reduced or not has_weaker_side(st, aid):
            a.box = "destroyed"
            a.cap_over = None
            ctx.emit(job["rule"], f"{unit_name(D, aid)} loses its last step and is destroyed", kind="air_loss",
                     data={"air": aid, "destroyed": True})
        else:
            a.reduced = True
            ctx.emit(job["rule"], f"{unit_name(D, aid)} loses a step (now {strength(st, aid)})", kind="air_loss",
                     data={"air": aid, "destroyed": False})
    elif a.reduced and job["excess"] == "per_unit":
        fr["drms"].setdefault(aid, []).append([number_drm(D), "step lost while fatigued (8.2.1)"])
        ctx.emit(job["rule"], f"{unit_name(D, aid)} loses a step while fatigued: {number_drm(D)} on its bombing "
                 "roll", kind="air_loss", data={"air": aid, "drm": number_drm(D)})
    else:
        a.reduced = True
        ctx.emit(job["rule"], f"{unit_name(D, aid)} is flipped to its exhausted side (now {strength(st, aid)})",
                 kind="air_loss", data={"air": aid})
    job["n"] -= 1


def end_loss_job(st: State, fr: dict[str, Any], ctx: Context) -> None:
    """The current loss job has no choice left: it is done, or the rest is excess."""
    job = fr["losses"].pop(0)
    if job["n"] > 0:
        if job["excess"] == "drm":
            fr["excess"] = job["n"]
            ctx.emit("8.2.2", f"{job['n']} CAP result(s) left over become bombing DRMs", kind="strike",
                     data={"excess": job["n"]})
        elif job["n"]:
            ctx.emit(job["rule"], f"{job['n']} result(s) beyond what the units can take are ignored", kind="strike")
    if fr["losses"]:
        return
    if fr.get("excess"):
        goto(st, "excess_drm")
        return
    goto(st, fr.get("after_losses", "after_cap"))


def cap_fires_at_strike(st: State, fr: dict[str, Any], ctx: Context) -> None:
    """8.2.2: the surviving CAP fires at the strike aircraft, which never fire back."""
    cap = [a for a in fr["cap"] if st.air[a].box == "cap"]
    strike = [a for a in fr["strike"] if on_mission(st, a)]
    if not cap or not strike:
        goto(st, "after_cap")
        return
    res = _a2a_roll(st, ctx, fr["defender"], cap, f"{fr['defender']} CAP fires at the strike aircraft", "8.2.2")
    if not res:
        goto(st, "after_cap")
        return
    # A USN strike's results beyond flipping every unit: IS 8.2.2 pools them as DRMs the IJN places; a sister game
    # whose family switch ``a2a_excess`` is "per_unit_drm" (Clash 8.2.1) has the USN take each as a step on a
    # fatigued unit of its choice, which bombs at -1 per such step.
    usn_excess = "per_unit" if st.data.family.switch("a2a_excess") == "per_unit_drm" else "drm"
    fr["losses"] = [_loss_job(fr["side"], res, strike, "8.2.2",
                              excess=usn_excess if fr["side"] == "USN" else "ignore")]
    fr["after_losses"] = "after_cap"
    goto(st, "losses")
