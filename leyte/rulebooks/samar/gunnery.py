"""Gunnery (5.0), torpedo attacks (7.0) and air attacks (8.0): who may fire at whom, with how many dice.

``firing_dice`` is the Firing Throw schedule as code: every die it adds or takes away is returned as a Modifier with
its source, so the log, the tests and the notebooks can show the count being built. ``attack`` makes the throw and
the damage throws and returns the effects; the combat phase applies them together (3.3), reaction fire at once.
"""

from __future__ import annotations

import math
from typing import Any

from leyte.core.dice import Modifier
from leyte.core.errors import NotYetImplemented
from leyte.core.game import Context
from leyte.rulebooks.samar import damage
from leyte.rulebooks.samar.common import (
    dist,
    gunnery,
    hx,
    maneuver,
    name,
    sdef,
    secondary,
    speed_state,
    torpedo_rating,
    torpedoes_left,
)
from leyte.rulebooks.samar.data import data
from leyte.rulebooks.samar.geometry import arc, band, line
from leyte.rulebooks.samar.state import ShipState, State

WEAPONS = ("main", "secondary", "torpedo")


def radar_works(st: State, firer: ShipState, target: ShipState) -> bool:
    """R ships use radar unless the firer or the target is in shallows (2.3; RULINGS R-10)."""
    if not sdef(firer).radar:
        return False
    m = data().map
    return m.terrain(hx(firer.hex)) == "sea" and m.terrain(hx(target.hex)) == "sea"  # type: ignore[arg-type]


def los(st: State, firer: ShipState, target_hex: str) -> tuple[bool, str]:
    """5.2: centre-to-centre line no longer than this turn's MLOS, not through a ship next to the firer."""
    D = data()
    d = dist(firer.hex, target_hex)  # type: ignore[arg-type]
    mlos = D.mlos(st.turn)
    if d > mlos:
        return False, f"range {d} is beyond this turn's maximum line of sight {mlos}"
    path = line(hx(firer.hex), hx(target_hex))  # type: ignore[arg-type]
    if len(path) > 2:
        adj = D.map.label(path[1]) if path[1] in D.map else None
        if adj is not None and any(s.where == "map" for s in st.at(adj)):
            return False, f"the line passes through {adj}, next to the firer, where a ship blocks it"
    return True, ""


def obscuring(st: State, firer: ShipState, target: ShipState, radar: bool) -> list[Modifier]:
    """-1 per smoke marker in a hex the LOS crosses (radar ignores smoke, 4.5), per fire marker on the firer and on
    ships the line passes (6.3), and per hulk it passes (6.4, read as smoke). RULINGS R-11."""
    D = data()
    mods: list[Modifier] = []
    v = D.c("target.smoke_or_fire")
    path = [D.map.label(h) for h in line(hx(firer.hex), hx(target.hex)) if h in D.map]  # type: ignore[arg-type]
    if not radar:
        for lb in path:
            for _ in range(st.smoke.get(lb, 0)):
                mods.append(Modifier(v, f"smoke in {lb}"))
    for _ in range(firer.fires):
        mods.append(Modifier(v, f"fire on {name(firer)}"))
    for lb in path[1:-1]:
        for s in st.at(lb):
            if s.where == "map":
                for _ in range(s.fires):
                    mods.append(Modifier(v, f"fire on {name(s)} in {lb}"))
            elif not radar:
                mods.append(Modifier(v, f"hulk of {name(s)} in {lb}"))
    return mods


def target_mods(st: State, firer_hex: str | None, firer_facing: int | None, target: ShipState,
                firer_id: str | None = None) -> list[Modifier]:
    """The schedule's target-ship lines, which count for gunnery, torpedoes and aircraft alike. The firer itself
    is never one of the "other ships" in the target's hex (RULINGS R-15)."""
    D = data()
    mods: list[Modifier] = []
    if firer_hex is not None and firer_hex != target.hex:
        if arc(hx(target.hex), target.facing, hx(firer_hex)) == "broadside":  # type: ignore[arg-type]
            mods.append(Modifier(D.c("target.broadside"), "target broadside to the firer"))
    others = [s for s in st.at(target.hex) if s.id not in (target.id, firer_id)]  # type: ignore[arg-type]
    for s in others:
        mods.append(Modifier(D.c("target.other_ship_in_hex"), f"{name(s)} in the target's hex"))
    state = speed_state(target)
    eff = D.speed_effects[state]["target"]
    if eff == "-maneuver":
        m = maneuver(target)
        if m:
            mods.append(Modifier(-m, f"target on evasive action (maneuver {m})"))
    elif eff:
        mods.append(Modifier(int(eff), f"target {state.replace('_', ' ')}"))
    return mods


def firing_dice(st: State, firer: ShipState, target: ShipState, weapon: str,
                reaction: bool = False) -> dict[str, Any]:
    """The dice a ship throws at a target, or why it cannot fire: {ok, reason, dice, base, mods, band, fire}."""
    D = data()
    sd = sdef(firer)
    out: dict[str, Any] = {"ok": False, "reason": "", "dice": 0, "mods": [], "band": None, "fire": "other"}
    if firer.where != "map" or target.where != "map":
        out["reason"] = "both ships must be afloat on the map"
        return out
    if firer.side == target.side:
        out["reason"] = "a ship fires only at enemy ships"
        return out
    ok, why = los(st, firer, target.hex)  # type: ignore[arg-type]
    if not ok:
        out["reason"] = why
        return out
    d = dist(firer.hex, target.hex)  # type: ignore[arg-type]
    mods: list[Modifier] = []
    radar = radar_works(st, firer, target)
    if weapon == "torpedo":
        if not torpedoes_left(firer) or torpedo_rating(firer) <= 0:
            out["reason"] = "no torpedoes left (7.3)"
            return out
        if d > D.c("torpedo.range"):
            out["reason"] = f"range {d} is beyond the torpedo range {D.c('torpedo.range')} (7.2)"
            return out
        base, fire = torpedo_rating(firer), "torpedo"
        out["band"] = "torpedo"
    else:
        if weapon == "secondary":
            if sd.secondary_aa_only or secondary(firer) <= 0:
                out["reason"] = "the secondary battery is AA only (A)"
                return out
            if d > sd.secondary_range:
                out["reason"] = f"range {d} is beyond the secondary range {sd.secondary_range}"
                return out
            base, fire = secondary(firer), "secondary"
            out["band"] = "secondary"
        else:
            b = band(d, sd.range, sd.range_m)
            if b is None:
                out["reason"] = f"range {d} is beyond the ship's {'printed' if sd.range_m else 'maximum'} range"
                return out
            if reaction and b != "point_blank":
                out["reason"] = "reaction fire is at point blank only"
                return out
            base = gunnery(firer)
            out["band"] = b
            if reaction or sd.range_m or b in ("point_blank", "close"):
                fire = "other"
            else:
                fire = "low_arc" if b == "effective" else "high_arc"
            if b == "maximum":
                mods.append(Modifier(D.c("range.extended"), "main battery at maximum range"))
            elif b == "close":
                mods.append(Modifier(D.c("range.close"), "main battery at close range"))
            elif b == "point_blank":
                mods.append(Modifier(D.c("range.point_blank"), "main battery at point blank"))
        if base <= 0:
            out["reason"] = "the ship has no gunnery rating"
            return out
        if d > 0 and arc(hx(firer.hex), firer.facing, hx(target.hex)) == "broadside":  # type: ignore[arg-type]
            mods.append(Modifier(D.c("fire.broadside"), "firing broadside"))
        fs = speed_state(firer)
        v = D.speed_effects[fs]["firing"]
        if v:
            mods.append(Modifier(int(v), f"firer {fs.replace('_', ' ')}"))
        if d > D.c("fire.range_threshold") and not radar:
            mods.append(Modifier(D.c("fire.range_over_15_no_radar"), "range over 15 without radar"))
    mods += target_mods(st, firer.hex, firer.facing, target, firer.id)
    mods += obscuring(st, firer, target, radar)
    out.update(ok=True, base=base, mods=mods, dice=base + sum(m.value for m in mods), fire=fire, range=d)
    return out


def throw(ctx: Context, n: int, purpose: str, rule: str) -> tuple[list[int], int]:
    """Roll ``n`` dice on the Firing Throw table; returns the faces and the hits (5.6)."""
    t = data().table("firing_throw")
    faces = [ctx.dice.roll(t.die)[0] for _ in range(max(0, n))]
    hits = sum(1 for f in faces if t.lookup_label("-", f).result["hit"])
    return faces, hits


def attack(st: State, ctx: Context, firer: ShipState, target: ShipState, weapon: str, *,
           reaction: bool = False) -> dict[str, Any]:
    """One gunnery or torpedo attack: the firing throw, its damage throws; returns the effects to apply."""
    D = data()
    info = firing_dice(st, firer, target, weapon, reaction=reaction)
    if not info["ok"]:
        raise ValueError(info["reason"])
    rule = "7.0" if weapon == "torpedo" else ("4.3" if reaction else "5.6")
    n = info["dice"]
    faces, hits = throw(ctx, n, f"{name(firer)} fires at {name(target)}", rule)
    ctx.emit(rule, f"{name(firer)} {'launches torpedoes' if weapon == 'torpedo' else 'fires'} at {name(target)} "
             f"({info['band']}, range {info['range']}): {info['base']} "
             + "".join(f"{m.value:+d} ({m.source}) " for m in info["mods"])
             + f"= {n} dice {faces} -> {hits} hit{'s' if hits != 1 else ''}",
             kind="fire", data={"firer": firer.id, "target": target.id, "weapon": weapon, "reaction": reaction,
                                "base": info["base"], "mods": [m.to_dict() for m in info["mods"]], "dice": n,
                                "faces": faces, "hits": hits, "band": info["band"], "fire": info["fire"]})
    if weapon == "torpedo":
        firer.torps_out += 1
        weight = D.c("torpedo.weight")
    elif weapon == "secondary":
        weight = sdef(firer).secondary_weight
    else:
        weight = sdef(firer).weight
    crits = "none" if reaction or weapon == "secondary" else "table"
    eff = damage.damage_throws(ctx, target, hits, weight, info["fire"], crits=crits)
    eff["why"] = f"{name(firer)}'s {weapon}"
    eff["panic_total"] = sum(faces)
    return eff


def legal_attacks(st: State, firer: ShipState, exclude_guns: set[str]) -> list[tuple[str, str, int]]:
    """(weapon, target id, dice) for every attack the ship may make now; targets attacked by friendly aircraft
    this turn are closed to gunnery (8.2 combined fire) but not to torpedoes."""
    out = []
    if firer.where != "map":
        return out
    for t in st.ships.values():
        if t.where != "map" or t.side == firer.side:
            continue
        if dist(firer.hex, t.hex) > data().mlos(st.turn):  # type: ignore[arg-type]
            continue
        for w in WEAPONS:
            if w != "torpedo" and t.id in exclude_guns:
                continue
            info = firing_dice(st, firer, t, w)
            if info["ok"] and info["dice"] > 0:  # 5.5: at zero dice or fewer no fire is made
                out.append((w, t.id, info["dice"]))
    return out


# -- aircraft (8.0) -----------------------------------------------------------------------------------------------

def air_dice(st: State, unit: str, target: ShipState) -> dict[str, Any]:
    """An air unit's dice: its gunnery or torpedo rating plus the target lines of the schedule (no facing, no
    range, nothing along a line of sight: the planes sit on the target, 2.6, 8.2)."""
    a = data().air[unit]
    base = a.torpedo if a.kind == "T" else a.gunnery
    mods = target_mods(st, None, None, target)
    fire = {"D": "high_arc", "T": "torpedo", "F": "fighter"}[a.kind]
    return {"base": base, "mods": mods, "dice": base + sum(m.value for m in mods), "fire": fire}


def air_attack(st: State, ctx: Context, unit: str, target: ShipState) -> dict[str, Any]:
    a = data().air[unit]
    info = air_dice(st, unit, target)
    if info["dice"] <= 0:
        ctx.emit("5.5", f"{a.name} has no dice left against {name(target)}: no attack", kind="air_attack",
                 data={"unit": unit, "target": target.id, "dice": info["dice"], "faces": [], "hits": 0, "mods": []})
        return {"target": target.id, "hits": 0, "crits": [], "fire": "other", "panic_total": 0, "why": a.name}
    faces, hits = throw(ctx, info["dice"], f"{a.name} attacks {name(target)}", "8.2")
    ctx.emit("8.4", f"{a.name} ({a.kind}) attacks {name(target)}: {info['base']} "
             + "".join(f"{m.value:+d} ({m.source}) " for m in info["mods"])
             + f"= {info['dice']} dice {faces} -> {hits} hit{'s' if hits != 1 else ''}",
             kind="air_attack", data={"unit": unit, "target": target.id, "dice": info["dice"], "faces": faces,
                                      "hits": hits, "mods": [m.to_dict() for m in info["mods"]]})
    if a.kind == "F":
        eff = damage.damage_throws(ctx, target, hits, a.weight, "other", crits="fire_only", rule="8.4")
    else:
        fire = "torpedo" if a.kind == "T" else "high_arc"
        eff = damage.damage_throws(ctx, target, hits, a.weight if a.kind != "T" else data().c("torpedo.weight"),
                                   fire)
    eff["why"] = a.name
    eff["panic_total"] = sum(faces)
    return eff


def anti_aircraft(st: State, ctx: Context, target: ShipState, units: list[str]) -> list[str]:
    """8.3: the target and its friends within point blank each roll once; a roll within the secondary rating
    (one better against dive bombers, RULINGS R-9) removes one attacker. Burning ships cannot fire AA. The
    attacker's choice of which unit to lose is made for him: the weakest, which is never worse for him."""
    D = data()
    kinds = {D.air[u].kind for u in units}
    bonus = D.c("aa.vs_dive_bombers") if kinds == {"D"} else 0
    pb = D.c("range.point_blank_max")
    shooters = [s for s in st.on_map(target.side) if dist(s.hex, target.hex) <= pb]  # type: ignore[arg-type]
    left = sorted(units, key=lambda u: (D.air[u].gunnery + D.air[u].torpedo, u), reverse=True)
    for s in shooters:
        if not left:
            break
        if s.fires:
            ctx.emit("8.3", f"{name(s)} is burning and cannot fire AA", kind="aa", data={"ship": s.id})
            continue
        rating = secondary(s) + bonus
        if rating <= 0:
            continue
        rec = ctx.roll("d6", purpose=f"AA by {name(s)} (needs {rating} or less)", rule="8.3")
        if rec.final <= rating:
            lost = left.pop()
            st.air[lost].where = "used"
            ctx.emit("8.3", f"AA by {name(s)} drives off {D.air[lost].name}", kind="aa_hit",
                     data={"ship": s.id, "unit": lost})
    return sorted(left)


def ceil_half(x: int) -> int:
    return math.ceil(x / 2)


def not_built(rule: str, what: str) -> None:
    raise NotYetImplemented(rule, what)
