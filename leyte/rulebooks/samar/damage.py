"""Damage (6.0): damage throws, cumulative hits and flipping, critical hits, sinking and hulks, panic marking.

Combat is simultaneous (3.3), so a combat-phase attack only *records* its effects; ``apply`` puts them on the
ships once every attack of the phase has been made. Reaction fire, fouling and shallows apply at once (4.3, 4.4).
"""

from __future__ import annotations

from typing import Any

from leyte.core.dice import Modifier
from leyte.core.game import Context
from leyte.rulebooks.samar.common import armor, name, panicked_count, sdef
from leyte.rulebooks.samar.data import data
from leyte.rulebooks.samar.state import ShipState, State

# Which Critical Hit Throw column a kind of fire reads (6.3, 5.4, 8.4).
CRIT_COLUMN = {"high_arc": 1, "low_arc": 2, "torpedo": 3, "other": 4}
PLUNGING = ("high_arc", "low_arc")


def weight_mods(weight: int, target: ShipState, fire: str) -> list[Modifier]:
    """Damage-throw modifiers: weight of fire against current armor (6.1), and the P/T ratings (RULINGS R-6)."""
    D = data()
    a = armor(target)
    mods: list[Modifier] = []
    if weight < a:
        mods.append(Modifier(D.c("weight.less"), f"weight {weight} less than armor {a}"))
    elif a > 0 and weight >= 2 * a:
        mods.append(Modifier(D.c("weight.double"), f"weight {weight} double armor {a} or more"))
    elif weight > a:
        mods.append(Modifier(D.c("weight.greater"), f"weight {weight} greater than armor {a}"))
    sd = sdef(target)
    if fire in PLUNGING and sd.armor_p:
        mods.append(Modifier(D.c("damage.plunging_vs_P"), "plunging fire on a P ship"))
    if fire == "torpedo" and sd.armor_t:
        mods.append(Modifier(D.c("damage.torpedo_vs_T"), "torpedo on a T ship"))
    return mods


def damage_throws(ctx: Context, target: ShipState, hits: int, weight: int | None, fire: str, *, crits: str = "table",
                  rule: str = "6.1") -> dict[str, Any]:
    """Roll the damage throw for each hit and the critical hit throw for each critical.

    ``crits``: ``table`` reads the Critical Hit Throw in the column of ``fire``; ``none`` turns criticals into plain
    hits (secondary battery and reaction fire); ``waterline`` makes every critical a waterline hit (fouling, 4.3);
    ``fire_only`` is the fighters' case (8.4): hits are ignored and a critical starts a fire.
    """
    D = data()
    dt = D.table("damage_throw")
    ct = D.table("critical_hit")
    mods = weight_mods(weight, target, fire) if weight is not None else []  # fouling has no weight (4.3)
    out: dict[str, Any] = {"target": target.id, "hits": 0, "crits": [], "fire": fire}
    for i in range(hits):
        rec = ctx.roll_on(dt, "-", mods, purpose=f"damage throw {i + 1} of {hits} on {name(target)}", rule=rule)
        crit = bool(rec.result["critical"])
        if not crit or crits == "none":
            if crits != "fire_only":
                out["hits"] += 1
            continue
        if crits == "waterline":
            out["crits"].append("waterline")
        elif crits == "fire_only":
            out["crits"].append("fire_only")
        else:
            c = ctx.roll_on(ct, CRIT_COLUMN[fire], purpose=f"critical hit throw on {name(target)}", rule="6.3")
            out["crits"].append(str(c.result["effect"]))
    return out


def add_hit(st: State, ctx: Context, s: ShipState, why: str) -> None:
    """One hit marker (6.2): past the armor the counter flips and starts again; past the reduced armor it sinks."""
    if s.where != "map":
        return
    sd = sdef(s)
    limit = sd.face(s.flipped).armor
    if s.hits + 1 > limit:
        if s.flipped:
            sink(st, ctx, s, f"hit beyond reduced armor {limit} ({why})", rule="6.2")
            return
        s.flipped = True
        s.hits = 0
        ctx.emit("6.2", f"{name(s)} takes a hit beyond armor {limit}: flipped to its reduced side "
                 f"(armor {sd.reverse.armor})", kind="flip", data={"ship": s.id, "why": why})
        return
    s.hits += 1
    ctx.emit("6.2", f"{name(s)}: hit {s.hits} of {limit} ({why})", kind="damage",
             data={"ship": s.id, "hits": s.hits, "flipped": s.flipped, "why": why})


def sink(st: State, ctx: Context, s: ShipState, why: str, *, rule: str, beached: bool = False) -> None:
    """6.4: a sunk ship becomes a hulk where it is; it counts as lost from now (3.4)."""
    if s.where != "map":
        return
    s.where = "hulk"
    s.lost_turn = st.turn
    s.beached = beached
    s.panic = False
    ctx.emit(rule, f"{name(s)} {'is beached' if beached else 'sinks'}: hulk marker in {s.hex} ({why})",
             kind="sunk", data={"ship": s.id, "hex": s.hex, "beached": beached, "why": why})


def waterline(st: State, ctx: Context, s: ShipState) -> None:
    """6.3: the first waterline hit slows the ship, the second stops it; later ones only count as hits."""
    if s.where != "map":
        return
    s.waterline += 1
    if s.waterline == 1:
        s.speed = "battle"  # slowed ships may adopt no other speed (4.1): voluntary markers go
        ctx.emit("6.3", f"{name(s)}: waterline hit, slowed", kind="slowed", data={"ship": s.id})
    elif s.waterline == 2:
        s.speed = "battle"
        ctx.emit("6.3", f"{name(s)}: second waterline hit, dead in the water", kind="diw", data={"ship": s.id})


def apply(st: State, ctx: Context, eff: dict[str, Any]) -> None:
    """Put one attack's recorded effects on its target: crits first (each also a hit marker), then plain hits."""
    s = st.ships[eff["target"]]
    why = eff.get("why", "attack")
    for c in eff.get("crits", []):
        if s.where != "map":
            break
        if c == "fire_only":
            s.fires += 1
            ctx.emit("8.4", f"{name(s)}: fighters start a fire", kind="fire", data={"ship": s.id})
            continue
        if c == "waterline":
            waterline(st, ctx, s)
        elif c == "fire":
            s.fires += 1
            ctx.emit("6.3", f"{name(s)}: fire (now {s.fires})", kind="fire", data={"ship": s.id})
        elif c == "catastrophic":
            if eff.get("fire") in PLUNGING:
                sink(st, ctx, s, "catastrophic hit by plunging fire", rule="6.3")
                break
        add_hit(st, ctx, s, f"critical {c}, {why}")
    for _ in range(eff.get("hits", 0)):
        if s.where != "map":
            break
        add_hit(st, ctx, s, why)


def mark_panic(st: State, ctx: Context, s: ShipState, total: int, why: str) -> bool:
    """Panic determination (5.6, 6.5) on the total of the firing dice, after the damage is applied."""
    D = data()
    if s.where != "map" or s.panic:
        return False
    friends = panicked_count(st, s.side)
    value = total - armor(s) + friends * D.c("panic.per_panicked_friend")
    limit = D.c(f"panic.threshold.{s.side}")
    if value > limit:
        s.panic = True
        ctx.emit("6.5", f"{name(s)} panics: dice total {total} - armor {armor(s)} + {friends} panicked = {value} "
                 f"> {limit}", kind="panic", data={"ship": s.id, "total": total, "value": value, "why": why})
        return True
    return False


def hulk_rolls(st: State, ctx: Context) -> None:
    """6.4: each hulk from an earlier turn rolls at the start of the combat phase; 1-2 sends it down."""
    D = data()
    for s in list(st.ships.values()):
        if s.where != "hulk" or s.lost_turn >= st.turn:
            continue
        rec = ctx.roll("d6", purpose=f"hulk {name(s)} sinks on 1-{D.c('hulk.sink_max')}", rule="6.4")
        if rec.final <= D.c("hulk.sink_max"):
            s.where = "sunk"
            ctx.emit("6.4", f"hulk of {name(s)} goes down in {s.hex}", kind="hulk_gone", data={"ship": s.id})
