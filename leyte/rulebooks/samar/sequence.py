"""Course of the game (3.0): set-up and entry (3.1, 3.2), the four phases of each turn (3.3, 3.5), victory (3.4).

Turn: kamikaze roll (3.2) -> 1 combat (simultaneous: every attack is thrown, then all effects land together) ->
2 movement (the IJN player says who moves first; entries are rolled at the start of each player's move) ->
3 removal (smoke and panic) -> 4 turn marker. Under the 3.5 option movement is interleaved by speed group.
"""

from __future__ import annotations

from typing import Any

from leyte.core.errors import IllegalAction
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.samar import damage, gunnery, movement
from leyte.rulebooks.samar.common import armor, dist, name, sdef, ship_facts
from leyte.rulebooks.samar.data import data
from leyte.rulebooks.samar.engine import advance, ask, frame, opt, pop, push, push_many
from leyte.rulebooks.samar.geometry import FACING_NAMES
from leyte.rulebooks.samar.state import State, other

# -- set-up ----------------------------------------------------------------------------------------------------------

@frame("setup")
class Setup:
    """3.1: the USN player places each Taffy Three ship within four hexes of 1411, steaming north (asked only under the
    ``setup_by_hand`` option, or for a ship the scenario gives no default hex)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if not fr["todo"]:
            return None
        D = data()
        sid = fr["todo"][0]
        centre = D.map.hex(fr["centre"])
        hexes = [D.map.label(h) for h in D.map.within(centre, fr["radius"]) if D.map.terrain(h) != "land"]
        default = fr.get("default", {}).get(sid)
        if default in hexes:
            hexes.remove(default)
            hexes.insert(0, default)
        return ask("USN", "setup", f"Place {name(sid)} within {fr['radius']} hexes of {fr['centre']}", "3.1",
                   [opt("setup_hex", f"{name(sid)} in {h}", ship=sid, hex=h) for h in hexes],
                   data={"ship": sid, "centre": fr["centre"], "radius": fr["radius"], "facing": fr["facing"],
                         "historical_hex": default, "ships_left": len(fr["todo"])})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        s = st.ships[action["ship"]]
        s.where, s.hex, s.facing, s.speed = "map", action["hex"], fr["facing"], "battle"
        ctx.emit("3.1", f"{name(s)} set up in {s.hex} facing {FACING_NAMES[s.facing]}", kind="setup",
                 data={"ship": s.id, "hex": s.hex})
        fr["todo"].pop(0)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


# -- the turn --------------------------------------------------------------------------------------------------------

@frame("turn")
class Turn:
    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        D = data()
        pop(st, fr)
        rec = D.turn_record[st.turn]
        ctx.emit("3.0", f"Turn {st.turn}: {rec['time']}, maximum line of sight {rec['mlos']}", kind="turn",
                 data={"turn": st.turn, "time": rec["time"], "mlos": rec["mlos"]})
        kamikaze_roll(st, ctx)
        push_many(st, [("combat", {}), ("movement", {}), ("removal", {}), ("end_turn", {})])


def kamikaze_roll(st: State, ctx: Context) -> None:
    """3.2: from 0736, a 1-2 at the start of the turn makes one special attack unit available for this turn."""
    D = data()
    pool = [a for a in st.air.values() if a.side == "IJN" and a.where == "pool"]
    if st.turn < D.c("kamikaze.first_turn") or not pool:
        return
    rec = ctx.roll("d6", purpose=f"special air attack (available on 1-{D.c('kamikaze.max_roll')})", rule="3.2")
    if rec.final <= D.c("kamikaze.max_roll"):
        a = pool[ctx.pick(len(pool), purpose="special attack unit drawn", rule="3.2")]
        a.where = "available"
        ctx.emit("3.2", f"{D.air[a.id].name} is available and must attack this turn", kind="kamikaze",
                 data={"unit": a.id})


# -- 1. combat -------------------------------------------------------------------------------------------------------

@frame("combat")
class Combat:
    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        st.phase = "combat"
        st.combat = {"fired": [], "held": [], "passed": [], "pending": [], "air_targets": []}
        ctx.emit("3.3", "Combat phase", kind="phase")
        damage.hulk_rolls(st, ctx)
        resolve_air(st, ctx)
        push_many(st, [("fire", {"side": "IJN"}), ("combat_end", {})])


def resolve_air(st: State, ctx: Context) -> None:
    """8.2-8.4: air units placed last movement phase attack now: AA first, then each surviving unit's throw."""
    by_target: dict[str, list[str]] = {}
    for a in st.air.values():
        if a.where == "placed" and a.target:
            by_target.setdefault(a.target, []).append(a.id)
    for tid, units in sorted(by_target.items()):
        t = st.ships[tid]
        for u in units:
            st.air[u].where = "used"
            st.air[u].target = None
        if t.where != "map":
            ctx.emit("8.2", f"air attack on {name(t)} finds no target", kind="air_attack", data={"target": tid})
            continue
        st.combat["air_targets"].append(tid)
        left = gunnery.anti_aircraft(st, ctx, t, units)
        for u in left:
            eff = gunnery.air_attack(st, ctx, u, t)
            st.combat["pending"].append(eff)


@frame("fire")
class Fire:
    """Both sides declare attacks one at a time, IJN and USN in turn, until both pass; each throw is made at once
    but its effects wait for the end of the phase (3.3)."""

    @staticmethod
    def _firers(st: State, side: str) -> list[tuple[str, list[tuple[str, str, int]]]]:
        done = set(st.combat["fired"]) | set(st.combat["held"])
        closed = set(st.combat["air_targets"])
        out = []
        for s in st.on_map(side):
            if s.id in done:
                continue
            la = gunnery.legal_attacks(st, s, closed)
            if la:
                out.append((s.id, la))
        return out

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        side = fr["side"]
        if fr.get("ship"):
            s = st.ships[fr["ship"]]
            la = gunnery.legal_attacks(st, s, set(st.combat["air_targets"]))
            opts = [opt("fire", f"{name(s)} {'torpedoes' if w == 'torpedo' else w + ' battery'} at "
                    f"{name(t)} ({n} dice)", ship=s.id, weapon=w, target=t) for w, t, n in la]
            opts.append(opt("hold", f"{name(s)} holds fire this phase", ship=s.id))
            attacks = [{"weapon": w, "target": t, "target_hex": st.ships[t].hex, "range": dist(s.hex, st.ships[t].hex),
                        "dice": n} for w, t, n in la]
            return ask(side, "fire", f"{name(s)}: choose a target", "5.1", opts,
                       data={**ship_facts(s), "turn": st.turn, "attacks": attacks})
        if side in st.combat["passed"]:
            return None
        firers = Fire._firers(st, side)
        if not firers:
            return None
        opts = [opt("select_firer", f"{name(sid)} ({len(la)} possible attacks)", ship=sid) for sid, la in firers]
        opts.append(opt("pass", f"{side} makes no more attacks this combat phase"))
        return ask(side, "select_firer", f"{side}: choose a ship to fire, or pass", "5.1", opts,
                   data={"side": side, "turn": st.turn,
                         "firers": [{"ship": sid, "attacks": len(la)} for sid, la in firers]})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        side = fr["side"]
        if side not in st.combat["passed"]:
            st.combat["passed"].append(side)
        o = other(side)
        if o in st.combat["passed"]:
            pop(st, fr)
        else:
            fr["side"] = o

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        side = fr["side"]
        if action.kind == "pass":
            st.combat["passed"].append(side)
            ctx.emit("5.1", f"{side} passes", kind="pass")
        elif action.kind == "select_firer":
            fr["ship"] = action["ship"]
            return
        elif action.kind == "hold":
            st.combat["held"].append(action["ship"])
            fr["ship"] = None
        elif action.kind == "fire":
            s, t = st.ships[action["ship"]], st.ships[action["target"]]
            eff = gunnery.attack(st, ctx, s, t, action["weapon"])
            st.combat["fired"].append(s.id)
            st.combat["pending"].append(eff)
            fr["ship"] = None
        else:
            raise IllegalAction("5.1", f"unexpected action {action.text}")
        o = other(side)
        if o not in st.combat["passed"]:
            fr["side"] = o


@frame("combat_end")
class CombatEnd:
    """All effects of the phase land together; then panic markers; then 3.4's cleared-map check."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        pending = st.combat.get("pending", [])
        for eff in pending:
            damage.apply(st, ctx, eff)
        for eff in pending:
            damage.mark_panic(st, ctx, st.ships[eff["target"]], eff.get("panic_total", 0), eff.get("why", ""))
        st.combat["pending"] = []
        check_cleared(st, ctx)
        if finished(st, ctx):
            st.stack.clear()


def check_cleared(st: State, ctx: Context) -> None:
    if not st.cleared and not st.on_map("USN") and st.turn >= 1:
        st.cleared = True
        ctx.emit("3.4", "The map is clear of US ships: Japanese heavy ships leaving from a deep-water south-edge "
                 "hex now reach Leyte Gulf", kind="cleared")


# -- 2. movement -----------------------------------------------------------------------------------------------------

@frame("movement")
class Movement:
    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if fr.get("first"):
            return None
        return ask("IJN", "first_mover", "Which player moves first this turn?", "3.3",
                   [opt("first_mover", f"{p} moves first", side=p) for p in ("IJN", "USN")],
                   data={"turn": st.turn, "time": data().time(st.turn)})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        fr["first"] = action["side"]
        ctx.emit("3.3", f"IJN decides: {action['side']} moves first", kind="first_mover",
                 data={"side": action["side"]})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        st.phase = "movement"
        st.moved = []
        for s in st.ships.values():
            s.entry_mp = 0  # only ships entering in this phase have spent a hex on the entry (R-14)
        fire_rolls(st, ctx)
        st.flags["groups"] = {s.id: movement.group_of(s) for s in st.on_map()}
        a = fr["first"]
        b = other(a)
        if st.options.get("alternate_movement"):
            frames: list[tuple[str, dict[str, Any]]] = [("entries", {"side": a}), ("entries", {"side": b})]
            for g in range(3):
                frames += [("group_move", {"side": a, "group": g}), ("group_move", {"side": b, "group": g})]
            frames += [("air_place", {"side": a}), ("air_place", {"side": b})]
        else:
            frames = [("entries", {"side": a}), ("group_move", {"side": a, "group": None}), ("air_place", {"side": a}),
                      ("entries", {"side": b}), ("group_move", {"side": b, "group": None}), ("air_place", {"side": b})]
        push_many(st, frames)


def fire_rolls(st: State, ctx: Context) -> None:
    """6.3: one roll per fire marker at the start of the movement phase; 1-3 puts it out."""
    D = data()
    for s in st.on_map():
        for _ in range(s.fires):
            rec = ctx.roll("d6", purpose=f"fire on {name(s)} (out on 1-{D.c('fire.remove_max')})", rule="6.3")
            if rec.final <= D.c("fire.remove_max"):
                s.fires -= 1
                ctx.emit("6.3", f"fire on {name(s)} put out", kind="fire_out", data={"ship": s.id})


@frame("entries")
class Entries:
    """Entry rolls at the start of a player's move (3.1, 3.2); the owner places what arrives."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        D = data()
        side = fr["side"]
        pop(st, fr)
        frames: list[tuple[str, dict[str, Any]]] = []
        if side == "IJN":
            if st.turn >= D.c("ijn.battleships_turn") and st.pools.get("ijn_bb"):
                st.pools.setdefault("ijn", []).extend(st.pools["ijn_bb"])
                ctx.emit("3.2", "the four battleships join the entry pool", kind="pool")
                st.pools["ijn_bb"] = []
            drawn = draw(st, ctx, "ijn", None, "3.2")
            if drawn:
                frames.append(("place", {"side": "IJN", "todo": drawn, "hexes": "entry:IJN", "rule": "3.2"}))
        else:
            if st.turn >= D.c("air.first_turn"):
                pool = [a.id for a in st.air.values() if a.side == "USN" and a.where == "pool"]
                if pool:
                    rec = ctx.roll("d6", purpose="Taffy air units to the available box", rule="3.1")
                    for _ in range(min(rec.final, len(pool))):
                        i = ctx.pick(len(pool), purpose="air unit drawn", rule="3.1")
                        st.air[pool.pop(i)].where = "available"
                    ctx.emit("3.1", f"{rec.final} air unit(s) drawn to the available box", kind="air_available")
            if st.turn >= D.c("taffy2.first_turn") and st.pools.get("taffy2"):
                frames.append(("taffy2", {"count": 0}))
            if st.turn >= D.c("bombardment.first_turn") and st.pools.get("bombardment"):
                drawn = draw(st, ctx, "bombardment", D.c("bombardment.divisor"), "3.1")
                if drawn:
                    frames.append(("place", {"side": "USN", "todo": drawn, "hexes": "exit", "rule": "3.1"}))
        push_many(st, frames)
        if not frames:
            ctx.emit("3.3", f"{side}: no ships enter", kind="entries")


def draw(st: State, ctx: Context, pool: str, divisor: int | None, rule: str) -> list[str]:
    """Roll one die (halved for the Bombardment Group) and draw that many ships at random from the cup."""
    cup = st.pools.get(pool, [])
    if not cup:
        return []
    rec = ctx.roll("d6", purpose=f"{pool} entry roll" + (" (halved)" if divisor else ""), rule=rule)
    n = rec.final // divisor if divisor else rec.final
    out = []
    for _ in range(min(n, len(cup))):
        out.append(cup.pop(ctx.pick(len(cup), purpose=f"{pool} ship drawn", rule=rule)))
    return out


def entry_hexes(spec: str) -> list[str]:
    D = data()
    kind, _, nm = spec.partition(":")
    return [D.map.label(h) for h in D.map.find(kind, nm or None)]


@frame("place")
class Place:
    """The owner places each drawn ship on an entry hex with a facing (at battle speed)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if not fr["todo"]:
            return None
        sid = fr["todo"][0]
        if fr.get("hex") is None:
            return ask(fr["side"], "entry_hex", f"Entry hex for {name(sid)}", fr["rule"],
                       [opt("entry_hex", f"{name(sid)} enters at {h}", ship=sid, hex=h)
                        for h in entry_hexes(fr["hexes"])],
                       data={"ship": sid, "side": fr["side"], "turn": st.turn, "ships_left": len(fr["todo"])})
        return ask(fr["side"], "entry_facing", f"Facing for {name(sid)} entering at {fr['hex']}", "4.2",
                   [opt("entry_facing", f"{name(sid)} faces {FACING_NAMES[f]}", ship=sid, facing=f)
                    for f in range(6)],
                   data={"ship": sid, "side": fr["side"], "turn": st.turn, "hex": fr["hex"]})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "entry_hex":
            fr["hex"] = action["hex"]
            return
        s = st.ships[fr["todo"].pop(0)]
        movement.place_ship(st, ctx, s, fr["hex"], int(action["facing"]), fr["rule"])
        fr["hex"] = None

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


@frame("taffy2")
class Taffy2:
    """3.1: up to four Taffy Two ships a turn enter on 3241-3243, as the USN player chooses."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        D = data()
        if fr["count"] >= D.c("taffy2.per_turn") or not st.pools.get("taffy2"):
            return None
        if fr.get("ship"):
            return ask("USN", "entry_facing", f"Facing for {name(fr['ship'])} entering at {fr['hex']}", "4.2",
                       [opt("entry_facing", f"faces {FACING_NAMES[f]}", ship=fr["ship"], facing=f)
                        for f in range(6)],
                       data={"ship": fr["ship"], "side": "USN", "turn": st.turn, "hex": fr["hex"]})
        opts = [opt("taffy2_enter", f"{name(sid)} enters at {h}", ship=sid, hex=h)
                for sid in st.pools["taffy2"] for h in entry_hexes("entry:Taffy 2")]
        opts.append(opt("taffy2_done", "no more Taffy Two ships this turn"))
        return ask("USN", "taffy2", f"Taffy Two entry ({fr['count']} of {D.c('taffy2.per_turn')} this turn)",
                   "3.1", opts, data={"turn": st.turn, "entered": fr["count"], "per_turn": D.c("taffy2.per_turn"),
                                      "pool": list(st.pools["taffy2"])})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "taffy2_done":
            fr["count"] = 99
            return
        if action.kind == "taffy2_enter":
            fr["ship"], fr["hex"] = action["ship"], action["hex"]
            return
        s = st.ships[fr["ship"]]
        st.pools["taffy2"].remove(s.id)
        movement.place_ship(st, ctx, s, fr["hex"], int(action["facing"]), "3.1")
        fr["ship"] = None
        fr["count"] += 1

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


@frame("air_place")
class AirPlace:
    """8.2: during his movement phase a player puts air units on enemy ships; they attack next combat phase.
    One kind of aircraft per target (8.4). A special attack unit must be used the turn it is available (3.2)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        D = data()
        side = fr["side"]
        ready = [a for a in st.air.values() if a.side == side and a.where == "available"]
        targets = st.on_map(other(side))
        if not ready or not targets:
            return None
        kinds_on: dict[str, str] = {}
        for a in st.air.values():
            if a.where == "placed" and a.target:
                kinds_on[a.target] = D.air[a.id].kind
        opts = []
        for a in ready:
            k = D.air[a.id].kind
            for t in targets:
                if kinds_on.get(t.id, k) == k:
                    opts.append(opt("air_strike", f"{D.air[a.id].name} ({k}) attacks {name(t)} in {t.hex}",
                                    unit=a.id, target=t.id))
        must = side == "IJN"  # special attack units are only ever available for the turn they must be used
        if not must:
            opts.append(opt("air_done", "no more air strikes this turn"))
        return ask(side, "air_strike", f"{side}: place air units on targets", "8.2", opts,
                   data={"side": side, "turn": st.turn, "ready": [a.id for a in ready], "must_attack": must,
                         "kinds_on_targets": kinds_on})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "air_done":
            for a in st.air.values():
                if a.side == fr["side"] and a.where == "available":
                    a.where = "box"
            return
        a = st.air[action["unit"]]
        a.where, a.target = "placed", action["target"]
        ctx.emit("8.2", f"{data().air[a.id].name} placed on {name(a.target)}", kind="air_placed",
                 data={"unit": a.id, "target": a.target})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        for a in st.air.values():
            if a.side == fr["side"] and a.where == "box":
                a.where = "available"  # the box keeps them for later turns (3.1)
            if a.side == "IJN" and a.where == "available" and fr["side"] == "IJN":
                a.where = "used"  # no target: the special attack is wasted (3.2)


# -- 3. removal, 4. turn marker --------------------------------------------------------------------------------------

@frame("removal")
class Removal:
    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        D = data()
        pop(st, fr)
        st.phase = "removal"
        for lb in sorted(st.smoke):
            for _ in range(st.smoke[lb]):
                rec = ctx.roll("d6", purpose=f"smoke in {lb} (removed on 1-{D.c('smoke.remove_max')})", rule="4.5")
                if rec.final <= D.c("smoke.remove_max"):
                    st.smoke[lb] -= 1
        st.smoke = {k: v for k, v in st.smoke.items() if v > 0}
        for s in st.on_map():
            if not s.panic:
                continue
            lim = D.c(f"panic.remove_max.{s.side}")
            rec = ctx.roll("d6", purpose=f"panic on {name(s)} (removed on 1-{lim})", rule="4.7")
            if rec.final <= lim:
                s.panic = False
                ctx.emit("4.7", f"{name(s)} recovers from panic", kind="panic_off", data={"ship": s.id})


@frame("end_turn")
class EndTurn:
    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        if finished(st, ctx):
            st.stack.clear()
            return
        if st.turn >= st.last_turn:
            finish(st, ctx, "last turn played")
            return
        st.turn += 1
        push(st, "turn")


# -- victory (3.4) ---------------------------------------------------------------------------------------------------

def losses(st: State) -> dict[str, dict[str, Any]]:
    """Starting armor of every ship sunk, hulked or beached, per side (3.4 victory on points)."""
    out: dict[str, dict[str, Any]] = {"IJN": {"total": 0, "ships": {}}, "USN": {"total": 0, "ships": {}}}
    for s in st.ships.values():
        if s.where in ("hulk", "sunk"):
            a = sdef(s).front.armor
            out[s.side]["total"] += a
            out[s.side]["ships"][s.id] = a
    return out


def finished(st: State, ctx: Context) -> bool:
    """The game may end early: 20 armor already in Leyte Gulf, or no Japanese ship left to play."""
    D = data()
    if st.result is not None:
        return True
    if st.exited_armor >= D.c("victory.ijn_major"):
        finish(st, ctx, "IJN exits reach the major-victory total")
        return True
    # a special-attack unit already available or placed still has its attack to make (3.2)
    ijn_air_pending = any(a.side == "IJN" and a.where in ("available", "placed") for a in st.air.values())
    ijn_left = st.on_map("IJN") or st.pools.get("ijn") or st.pools.get("ijn_bb") or ijn_air_pending
    if not ijn_left and st.turn >= 2:
        finish(st, ctx, "no Japanese ship left on the map or to enter")
        return True
    return False


def finish(st: State, ctx: Context, reason: str) -> None:
    D = data()
    lo = losses(st)
    ex = st.exited_armor
    if ex >= D.c("victory.ijn_major"):
        winner, level = "IJN", "major"
    elif ex <= D.c("victory.usn_major"):
        winner, level = "USN", "major"
    else:
        a, b = lo["IJN"]["total"], lo["USN"]["total"]
        winner, level = ("IJN", "minor") if b > a else ("USN", "minor") if a > b else (None, "draw")
    st.result = {
        "winner": winner, "level": level, "reason": reason, "turn": st.turn, "exited_armor": ex,
        "cleared": st.cleared,
        "exited": sorted(s.id for s in st.ships.values() if s.exit_counted),
        "points": {"IJN": lo["IJN"]["total"], "USN": lo["USN"]["total"]},
        "breakdown": lo,
    }
    st.phase = "over"
    st.stack.clear()
    ctx.emit("3.4", f"Game over ({reason}): {winner or 'nobody'} {level}; exited armor {ex}; armor lost IJN "
             f"{lo['IJN']['total']}, USN {lo['USN']['total']}", kind="result", data=dict(st.result))


def place_at_defaults(st: State, setup: dict[str, Any], ctx: Context) -> list[str]:
    """3.1 without the questions: every Taffy Three ship the scenario gives a default hex goes there, facing the
    set-up facing at battle speed, as if the USN player had picked that hex (RULINGS R-34). Returns the ships left
    with no default, which are still placed by hand."""
    left: list[str] = []
    for sid in setup["todo"]:
        h = setup.get("default", {}).get(sid)
        if h is None:
            left.append(sid)
            continue
        s = st.ships[sid]
        s.where, s.hex, s.facing, s.speed = "map", h, setup["facing"], "battle"
        ctx.emit("3.1", f"{name(s)} set up in {h} facing {FACING_NAMES[s.facing]} (historical position)",
                 kind="setup", data={"ship": sid, "hex": h})
    return left


def start(st: State, ctx: Context, setup: dict[str, Any] | None) -> None:
    """Begin the game; Taffy Three starts on its default hexes unless the ``setup_by_hand`` option asks for the
    placement questions of 3.1 (a position with no defaults asks them anyway)."""
    push(st, "turn")
    if setup:
        setup = dict(setup)
        if not st.options.get("setup_by_hand"):
            setup["todo"] = place_at_defaults(st, setup, ctx)
        if setup["todo"]:
            push(st, "setup", **setup)
    advance(st, ctx)


_ = (armor, dist)
