"""Movement (4.0): speeds and markers, course and turning, fouling, reaction fire, shallows, smoke, leaving.

A ship's move is a run of small decisions: its speed for this move (4.1), then one hex at a time — straight across
the bow hexside, choosing on entering the new hex a new facing within the maneuver rating (4.2) and whether to
leave smoke in the hex just left (4.5) — until it has moved its full speed, or steams off the map from an edge hex
across its bow (4.6). Entering a hex may foul other vessels (4.3), ground a heavy ship in shallows (4.4) and draws
reaction fire from every enemy ship within two hexes (4.3).
"""

from __future__ import annotations

from typing import Any

from leyte.core.errors import IllegalAction
from leyte.core.game import Action, Context, Decision
from leyte.core.hexgrid import Hex
from leyte.rulebooks.samar import damage, gunnery
from leyte.rulebooks.samar.common import (
    armor,
    controller,
    dist,
    hx,
    maneuver,
    name,
    printed_speed,
    sdef,
    ship_facts,
    underway,
)
from leyte.rulebooks.samar.data import data
from leyte.rulebooks.samar.engine import ask, frame, opt, pop
from leyte.rulebooks.samar.geometry import FACING_NAMES, step, turn_size
from leyte.rulebooks.samar.state import ShipState, State

SPEED_GROUPS = (("slowed", "cruise"), ("battle", "evasive"), ("flank",))


def group_of(s: ShipState) -> int:
    """3.5: which speed group a ship moves with (its marker at the start of the movement phase)."""
    if s.slowed or s.speed == "cruise":
        return 0
    if s.speed == "flank":
        return 2
    return 1


def speed_choices(st: State, s: ShipState) -> list[tuple[str, int, str]]:
    """(new marker, hexes this move, explanation) for each speed the ship may take at the start of its move."""
    D = data()
    sd = sdef(s)
    full = printed_speed(s)
    m = sdef(s).maneuver
    if s.slowed:
        return [("battle", D.c("slowed.speed"), "slowed: speed 2 (4.1)")]
    if s.entry_mp:
        return [("battle", full, "entering at battle speed (3.1, 3.2)")]
    cruise = D.c("cruise.speed")
    flank = D.c("flank.bonus")
    out: list[tuple[str, int, str]] = []
    if s.speed == "battle":
        out.append(("battle", full, "battle speed"))
        out.append(("cruise", max(0, full - m), "cruising: this turn full speed less maneuver (4.1)"))
        if not sd.speed_h:
            bonus = D.c("flank.bonus_first_turn_m1") if m == 1 else flank
            out.append(("flank", full + bonus, "flank speed (4.1)"))
        out.append(("evasive", full, "evasive action at battle speed (4.1)"))
    elif s.speed == "cruise":
        out.append(("cruise", cruise, "cruising"))
        out.append(("battle", min(cruise + m, full), "leaving cruise: 3 plus maneuver, at most full speed (4.1)"))
    elif s.speed == "flank":
        out.append(("flank", full + flank, "flank speed"))
        out.append(("battle", full, "back to battle speed at once (4.1)"))
    elif s.speed == "evasive":
        out.append(("evasive", full, "evasive action"))
        out.append(("battle", full, "evasive marker removed (4.1)"))
    return out


def edge_exit(s: ShipState) -> bool:
    """4.6: the bow hexside leads off the map from a map-edge hex."""
    return step(hx(s.hex), s.facing) not in data().map  # type: ignore[arg-type]


def step_options(st: State, s: ShipState) -> list[Action]:
    """One hex of a move (4.2): ``advance`` across the bow into the hex ahead (``to``, its label) with each facing
    the maneuver rating allows on entering it, with or without smoke left behind (4.5); ``leave_map`` when the bow
    points off the map (4.6); ``stop`` when it points at land (RULINGS R-13)."""
    D = data()
    here = hx(s.hex)  # type: ignore[arg-type]
    nxt = step(here, s.facing)
    opts: list[Action] = []
    if nxt in D.map:
        if D.map.terrain(nxt) != "land":
            lb = D.map.label(nxt)
            m = maneuver(s)
            for f in range(6):
                if turn_size(s.facing, f) > m:
                    continue
                for smoke in (False, True):
                    opts.append(opt("advance", f"{name(s)} to {lb} facing {FACING_NAMES[f]}"
                                    + (", laying smoke" if smoke else ""), ship=s.id, to=lb, facing=f,
                                    smoke=smoke))
    else:
        opts.append(opt("leave_map", f"{name(s)} steams off the map from {s.hex}", ship=s.id))
    if not opts:
        opts.append(opt("stop", f"{name(s)} stops: land ahead (RULINGS R-13)", ship=s.id))
    return opts


def enter(st: State, ctx: Context, s: ShipState, label: str, *, entering_map: bool = False) -> None:
    """Everything that happens as a ship enters a hex: fouling (4.3), shallows (4.4), reaction fire (4.3)."""
    D = data()
    s.hex = label
    if not entering_map:
        ctx.emit("4.2", f"{name(s)} enters {label}", kind="move", data={"ship": s.id, "hex": label,
                                                                        "facing": s.facing})
    for o in [x for x in st.at(label) if x.id != s.id]:
        if s.where != "map":
            break
        fouling(st, ctx, s, o)
    if s.where == "map" and D.map.terrain(hx(label)) == "partial" and armor(s) >= D.c("shallows.armor_min"):
        rec = ctx.roll_on(D.table("critical_hit"), 4, purpose=f"{name(s)} in shallows {label}", rule="4.4")
        if rec.result["effect"] == "waterline":
            damage.sink(st, ctx, s, f"aground in shallows {label}", rule="4.4", beached=True)
    if s.where == "map":
        reaction_fire(st, ctx, s)


def fouling(st: State, ctx: Context, s: ShipState, o: ShipState) -> None:
    """4.3: one roll for each vessel in the hex entered; 5+ modified is a hit on both (hulks take none)."""
    D = data()
    mods = []
    involved = [s, o]

    def slow(x: ShipState) -> bool:
        return x.where == "hulk" or x.slowed or x.diw or x.speed == "cruise"

    from leyte.core.dice import Modifier

    if all(slow(x) for x in involved):
        mods.append(Modifier(D.c("fouling.all_slow"), "all involved cruising, slowed or hulks"))
    if any(x.where == "map" and not x.slowed and x.speed == "flank" for x in involved):
        mods.append(Modifier(D.c("fouling.flank"), "a ship at flank speed"))
    if any(x.where == "map" and not x.slowed and (x.speed == "evasive" or x.panic) for x in involved):
        mods.append(Modifier(D.c("fouling.evasive"), "a ship on evasive action"))
    rec = ctx.roll("d6", mods, purpose=f"fouling: {name(s)} enters the hex of {name(o)}", rule="4.3")
    if rec.final < D.c("fouling.hit_min"):
        return
    for x in involved:
        if x.where != "map":
            continue
        eff = damage.damage_throws(ctx, x, 1, None, "other", crits="waterline", rule="4.3")
        eff["why"] = "fouling"
        damage.apply(st, ctx, eff)


def reaction_fire(st: State, ctx: Context, s: ShipState) -> None:
    """4.3: every enemy ship within point blank of the hex just entered fires at the mover, effects at once."""
    D = data()
    pb = D.c("range.point_blank_max")
    for e in list(st.on_map()):
        if s.where != "map":
            return
        if e.side == s.side or dist(e.hex, s.hex) > pb:  # type: ignore[arg-type]
            continue
        info = gunnery.firing_dice(st, e, s, "main", reaction=True)
        if not info["ok"] or info["dice"] <= 0:
            why = info["reason"] or f"{info['dice']} dice: no fire is made (5.5)"
            ctx.emit("4.3", f"{name(e)} cannot react against {name(s)}: {why}", kind="reaction_none",
                     data={"firer": e.id, "target": s.id})
            continue
        eff = gunnery.attack(st, ctx, e, s, "main", reaction=True)
        damage.apply(st, ctx, eff)
        damage.mark_panic(st, ctx, s, eff["panic_total"], f"reaction fire by {name(e)}")


def lay_smoke(st: State, ctx: Context, s: ShipState, label: str) -> None:
    st.smoke[label] = st.smoke.get(label, 0) + 1
    ctx.emit("4.5", f"{name(s)} lays smoke in {label}", kind="smoke", data={"ship": s.id, "hex": label})


def leave_map(st: State, ctx: Context, s: ShipState, by: str) -> None:
    """4.6: off the map for good; an IJN heavy ship leaving from a deep-water south-edge hex after the map is
    cleared, moved by its own player, has reached Leyte Gulf (3.4)."""
    D = data()
    here = hx(s.hex)  # type: ignore[arg-type]
    s.where = "exited"
    s.exited_turn = st.turn
    counted = (s.side == "IJN" and by == "IJN" and st.cleared and sdef(s).heavy
               and D.map.has_feature(here, "exit") and s.facing in (2, 3, 4))
    if counted:
        s.exit_counted = True
        st.exited_armor += armor(s)
    ctx.emit("4.6", f"{name(s)} steams off the map from {s.hex}"
             + (f": into Leyte Gulf with armor {armor(s)} (total {st.exited_armor})" if counted else ""),
             kind="exit", data={"ship": s.id, "hex": s.hex, "counted": counted, "armor": armor(s),
                                "total": st.exited_armor})
    s.panic = False


@frame("ship_move")
class ShipMove:
    """One ship's move: its speed, then hex by hex until it has moved its full speed (4.0-4.2)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        s = st.ships[fr["ship"]]
        who = fr["player"]
        if fr.get("mp") is None:
            ch = speed_choices(st, s)
            if len(ch) == 1:
                return None
            return ask(who, "speed", f"Speed for {name(s)} this move", "4.1",
                       [opt("speed", f"{name(s)}: {k} ({mp} hexes) — {why}", ship=s.id, speed=k)
                        for k, mp, why in ch],
                       data={**ship_facts(s), "mover": who, "turn": st.turn,
                             "mp_by_speed": {k: mp for k, mp, _ in ch}})
        if not underway(s) or fr["moved"] >= fr["mp"]:
            return None
        return ask(who, "step", f"Move {name(s)} in {s.hex} facing {FACING_NAMES[s.facing]}: hex "
                   f"{fr['moved'] + 1} of {fr['mp']}", "4.2", step_options(st, s),
                   data={**ship_facts(s), "mover": who, "step": fr["moved"] + 1, "mp": fr["mp"],
                         "mp_left": fr["mp"] - fr["moved"], "maneuver": maneuver(s)})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        s = st.ships[fr["ship"]]
        if fr.get("mp") is None:
            k, mp, why = speed_choices(st, s)[0]
            set_speed(st, ctx, s, fr, k, mp, why)
            return
        pop(st, fr)
        if s.id not in st.moved:
            st.moved.append(s.id)

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        s = st.ships[fr["ship"]]
        if action.kind == "speed":
            for k, mp, why in speed_choices(st, s):
                if k == action["speed"]:
                    set_speed(st, ctx, s, fr, k, mp, why)
                    return
        if action.kind == "advance":
            here = s.hex
            nxt = step(hx(here), s.facing)  # type: ignore[arg-type]
            if action["smoke"]:
                lay_smoke(st, ctx, s, here)  # type: ignore[arg-type]
            s.facing = int(action["facing"])
            fr["moved"] += 1
            enter(st, ctx, s, data().map.label(nxt))
            if s.where == "map" and s.slowed:
                fr["mp"] = min(fr["mp"], max(fr["moved"], data().c("slowed.speed")))
            return
        if action.kind == "leave_map":
            leave_map(st, ctx, s, fr["player"])
            fr["moved"] = fr["mp"]
            return
        if action.kind == "stop":
            ctx.emit("4.2", f"{name(s)} cannot continue: land across its bow", kind="stop", data={"ship": s.id})
            fr["moved"] = fr["mp"]
            return
        raise IllegalAction("4.2", f"unexpected action {action.text}")


def set_speed(st: State, ctx: Context, s: ShipState, fr: dict[str, Any], k: str, mp: int, why: str) -> None:
    if k != s.speed:
        s.speed_since = st.turn
    s.speed = k
    fr["mp"] = mp
    fr["moved"] = min(s.entry_mp, mp)
    s.entry_mp = 0
    ctx.emit("4.1", f"{name(s)}: {why}, {mp} hexes", kind="speed", data={"ship": s.id, "speed": k, "mp": mp})


def movers(st: State, player: str, group: int | None) -> list[ShipState]:
    """Ships ``player`` still has to move this phase: his own unpanicked ships and the enemy's panicked ones."""
    groups = st.flags.get("groups", {})
    return [s for s in st.on_map() if underway(s) and controller(s) == player and s.id not in st.moved
            and (group is None or groups.get(s.id, 1) == group)]


@frame("group_move")
class GroupMove:
    """A player moves every ship he controls (in one speed group under 3.5), one at a time in his order."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        ms = movers(st, fr["side"], fr.get("group"))
        if not ms:
            return None
        group = fr.get("group")
        return ask(fr["side"], "select_ship", f"{fr['side']}: choose the next ship to move ({len(ms)} left)",
                   "4.0", [opt("move_ship", f"move {name(s)} ({s.hex}, {s.speed}"
                               + (", panicked" if s.panic else "") + ")", ship=s.id) for s in ms],
                   data={"side": fr["side"], "turn": st.turn, "ships_left": len(ms),
                         "speed_group": None if group is None else list(SPEED_GROUPS[group]),
                         "ships": [{"ship": s.id, "hex": s.hex, "speed": s.speed, "panic": s.panic} for s in ms]})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        ctx.emit("3.3", f"{fr['side']} has moved" + (f" its {' / '.join(SPEED_GROUPS[fr['group']])} ships"
                                                    if fr.get("group") is not None else ""), kind="phase")

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        from leyte.rulebooks.samar.engine import push

        push(st, "ship_move", ship=action["ship"], player=fr["side"], mp=None, moved=0)


def place_ship(st: State, ctx: Context, s: ShipState, label: str, facing: int, rule: str) -> None:
    """A ship enters the map at battle speed; the entry hex is its first hex of movement (RULINGS R-14)."""
    s.where = "map"
    s.facing = facing
    s.speed = "battle"
    s.speed_since = st.turn
    s.entry_mp = 1
    ctx.emit(rule, f"{name(s)} enters at {label} facing {FACING_NAMES[facing]}", kind="enter",
             data={"ship": s.id, "hex": label, "facing": facing})
    enter(st, ctx, s, label, entering_map=True)


def neighbours_on_map(h: Hex) -> list[Hex]:
    return [x for x in h.neighbours() if x in data().map]
