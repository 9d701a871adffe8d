"""Surface battles in an impulse's combat (VI.B.1.b.2.c): who fights, targets, fire in rounds, the night surprise
roll, withdrawal and pursuit.

A battle's events go to the players with forces in it.
"""

from __future__ import annotations

from typing import Any

from leyte.core.game import Action, Context
from leyte.rulebooks.naval_chess.air import target_name
from leyte.rulebooks.naval_chess.common import (
    IJN,
    apply_result,
    cls,
    contact,
    detect,
    night,
    roll_cell,
    unit_name,
    vp_value,
)
from leyte.rulebooks.naval_chess.data import ALLIED_SEATS, SCREENED, SEATS, data
from leyte.rulebooks.naval_chess.engine import ask, frame, opt, pop
from leyte.rulebooks.naval_chess.state import State

MAX_ROUNDS = 6  # the rounds a surface battle may last in one impulse (pursuit rounds count too)


def surface_fighters(st: State, h: str, pts_attack: bool = False) -> list[str]:
    """Surface ships in a battle: every ship unit in the hex; PT boats at night, and by day only when their player
    chose to attack rather than hide (VI.B.2.b, R-38, R-52)."""
    D = data()
    out = []
    for u in sorted(st.units.values(), key=lambda x: x.id):
        if u.loc != h:
            continue
        k = D.units[u.id].kind
        if k == "ship" or (k == "pt" and (night(st) or pts_attack)):
            out.append(u.id)
    return out


def harbor_pass(st: State, h: str, units: list[str]) -> bool:
    """R-23: when every ship of one side is in harbor, the other side passes by (no battle). The engine rules the
    other side does not attack such a harbor unless it stays in the hex (it did not move this impulse)."""
    for side_is_ijn in (True, False):
        mine = [u for u in units if (st.units[u].seat == "IJN") == side_is_ijn]
        theirs = [u for u in units if (st.units[u].seat == "IJN") != side_is_ijn]
        if mine and all(st.units[u].anchored for u in mine) and theirs and all(st.units[u].moved_from for u in theirs):
            return True
    return False


def side_of(st: State, uid: str) -> str:
    return "IJN" if st.units[uid].seat == "IJN" else "Allies"


def battle_setup(st: State, units: list[str], crossing: dict[str, str] | None, hex: str | None = None) -> dict:
    entered = {}
    for u in units:
        s = side_of(st, u)
        if crossing:
            entered[s] = crossing[s]
        elif st.units[u].moved_from and s not in entered:
            entered[s] = st.units[u].moved_from
    h = hex or st.units[units[0]].loc
    return {"hex": h, "units": units, "entered": entered, "crossing": bool(crossing), "round": 0, "stage": "start",
            "fleeing": {}, "orders": {}, "to_allocate": [], "pursuers": [], "surprise": ""}


def _alive(st: State, fr: dict[str, Any], side: str | None = None) -> list[str]:
    return [u for u in fr["units"] if st.units[u].afloat and (side is None or side_of(st, u) == side)]


def _screened(uid: str) -> bool:
    return cls(uid) in SCREENED


def battle_seats(st: State, fr: dict[str, Any]) -> tuple[str, ...]:
    return tuple(s for s in SEATS if any(st.units[u].seat == s for u in fr["units"]))


def _targets_for(st: State, fr: dict[str, Any], firer: str) -> list[str]:
    """Enemy ships a ship may fire at this round: fighting ships; Screened ones only after the second round and
    only by an Undamaged ship (VI.B.1.b.2.c). In pursuit only the fleeing ships are targets of the pursuers."""
    mine = side_of(st, firer)
    enemies = [u for u in _alive(st, fr) if side_of(st, u) != mine]
    if fr["stage"] == "pursuit":
        fleeing = set(fr["fleeing_units"])
        if firer in fleeing:
            enemies = [u for u in enemies if u in fr["pursuers"]]
        else:
            enemies = [u for u in enemies if u in fleeing]
    out = [u for u in enemies if not _screened(u)]
    if fr["round"] > 2 and not st.units[firer].damaged:
        out += [u for u in enemies if _screened(u)]
    return out


def _firers(st: State, fr: dict[str, Any], seat: str) -> list[str]:
    ships = [u for u in _alive(st, fr) if st.units[u].seat == seat]
    if fr["stage"] == "pursuit":
        ships = [u for u in ships if u in fr["pursuers"] or u in fr["fleeing_units"]]
    # Screened ships fire only defensively, from the third round, at ships that may attack them.
    ships = [u for u in ships if not _screened(u) or fr["round"] > 2]
    return [u for u in ships if _targets_for(st, fr, u)]


def _faster(pursuer: str, fleeing: str, st: State) -> bool:
    """Pursuit (VI.B.1.b.2.c): Fast ships may pursue standard ones, both may pursue Very Slow ones, every Undamaged
    ship may pursue a Damaged one."""
    if st.units[pursuer].damaged:
        return False
    if st.units[fleeing].damaged:
        return True
    rank = {"F": 3, "": 2, "S": 1, "VS": 0}
    p, f = data().units[pursuer].speed, data().units[fleeing].speed
    if data().units[pursuer].kind == "pt" or data().units[fleeing].kind == "pt":
        return False
    return rank[p] > rank[f] and (p == "F" or f == "VS")


def withdrawal_hexes(st: State, fr: dict[str, Any], side: str) -> list[str]:
    """Where a fleeing side may go (VI.B.1.b.2.c): across one of the three hexsides away from the side the victor
    came in by; a loser that came in itself goes back across its own side or one next to it; one hex only. In a
    hexside battle the loser's hex is the one it came from (R-16)."""
    D = data()
    other = "Allies" if side == "IJN" else "IJN"
    base = fr["entered"].get(side) if fr["crossing"] else fr["hex"]
    victor_from = fr["hex"] if fr["crossing"] else fr["entered"].get(other, "")
    own_from = "" if fr["crossing"] else fr["entered"].get(side, "")
    nbrs_all = [D.label(n) if n in D.map else "" for n in D.hex(base).neighbours()]
    allowed = set(range(6))
    if own_from in nbrs_all:
        d = nbrs_all.index(own_from)
        allowed = {d, (d + 1) % 6, (d - 1) % 6}
    elif victor_from in nbrs_all:
        d = nbrs_all.index(victor_from)
        allowed = {(d + 2) % 6, (d + 3) % 6, (d + 4) % 6}
    out = []
    for i in sorted(allowed):
        h = nbrs_all[i]
        if h and D.terrain(h) != "land":
            out.append(h)
    return out


def _surprise(st: State, ctx: Context, fr: dict[str, Any], seen: tuple[str, ...]) -> None:
    """VI.B.2.b with R-18: one d6 on the three-band table; +1 toward a side that stayed in the hex since the day
    phase, +1 toward the enemy of a side with an unscreened Damaged ship (which cannot gain surprise)."""
    D = data()
    stayed = {s: any(st.units[u].day_hex == fr["hex"] and not st.units[u].moved_from for u in _alive(st, fr, s))
              for s in ("IJN", "Allies")}
    crippled = {s: any(st.units[u].damaged and not _screened(u) for u in _alive(st, fr, s)) for s in ("IJN", "Allies")}
    # each favour moves the roll one point toward the favoured side: up for the Allies, down for the IJN
    favours = [(stayed["Allies"], +1, "Allies stayed in the hex"), (stayed["IJN"], -1, "IJN stayed in the hex"),
               (crippled["IJN"], +1, "IJN line holds a Damaged ship"),
               (crippled["Allies"], -1, "Allied line holds a Damaged ship")]
    shift = sum(step for on, step, _ in favours if on)
    why = [f"{step:+d} {reason}" for on, step, reason in favours if on]
    r = ctx.roll("d6", purpose="night surprise" + (f" ({', '.join(why)})" if why else ""), rule="VI.B.2.b",
                 visible=seen)
    roll = max(1, min(6, r.final + shift))
    result = next(res for lo, hi, res in D.surprise if lo <= roll <= hi)
    if result in ("IJN", "Allies") and crippled[result]:
        result = "none"
    fr["surprise"] = "" if result == "none" else result
    ctx.emit("VI.B.2.b", f"Surprise roll {r.final}{shift:+d} = {roll}: "
             + (f"{'the IJN' if result == 'IJN' else 'the Allies'} gain surprise" if fr["surprise"] else "no surprise"),
             kind="surprise", data={"raw": r.final, "shift": shift, "final": roll, "result": result}, visible=seen)


@frame("battle")
class Battle:
    """A surface battle in rounds (VI.B.1.b.2.c): each side allocates every firing ship to one target (the IJN
    first), the dice are thrown (effects together by day; at night the surprisor's first), then the IJN and then
    each Allied player may flee; the winner may pursue with faster ships."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Any:
        stage = fr["stage"]
        if stage in ("allocate",) or (stage == "pursuit" and fr["to_allocate"]):
            if not fr["to_allocate"]:
                return None
            firer = fr["to_allocate"][0]
            seat = st.units[firer].seat
            targets = _targets_for(st, fr, firer)
            opts = [opt("fire", f"{unit_name(firer)} fires at {unit_name(t)} ({cls(t)}"
                        f"{', damaged' if st.units[t].damaged else ''})", unit=firer, target=t) for t in targets]
            opts.insert(0, opt("auto", "Allocate the rest of my ships' fire as the engine suggests"))
            return ask(seat, "allocate", f"Battle at {fr['hex']}, round {fr['round']}: target for {unit_name(firer)}",
                       "VI.B.1.b.2.c", opts, data={"hex": fr["hex"], "round": fr["round"], "firer": firer})
        if stage == "flee":
            if not fr["flee_todo"]:
                return None
            seat = fr["flee_todo"][0]
            side = "IJN" if seat == "IJN" else "Allies"
            opts = [opt("stay", "Fight on")]
            opts += [opt("flee", f"Flee to {h}", to=h) for h in withdrawal_hexes(st, fr, side)]
            return ask(seat, "flee", f"Battle at {fr['hex']} after round {fr['round']}: fight on or flee?",
                       "VI.B.1.b.2.c", opts, data={"hex": fr["hex"], "round": fr["round"]})
        if stage == "pursue_ask":
            if not fr["pursue_todo"]:
                return None
            seat = fr["pursue_todo"][0]
            return ask(seat, "pursue", f"The enemy flees from {fr['hex']}: pursue?", "VI.B.1.b.2.c",
                       [opt("let_go", "Let them go"), opt("pursue", "Pursue with faster ships")],
                       data={"hex": fr["hex"], "pursuit_rounds": fr.get("pursuit_rounds", 0)})
        return None

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "fire":
            fr["to_allocate"].pop(0)
            fr["orders"][action["unit"]] = action["target"]
        elif action.kind == "auto":
            seat = st.units[fr["to_allocate"][0]].seat
            for f in [x for x in fr["to_allocate"] if st.units[x].seat == seat]:
                fr["orders"][f] = suggest_target(st, fr, f)
                fr["to_allocate"].remove(f)
        elif action.kind in ("stay", "flee"):
            seat = fr["flee_todo"].pop(0)
            if action.kind == "flee":
                fr["fleeing"][seat] = action["to"]
                ctx.emit("VI.B.1.b.2.c", f"{seat} breaks off toward {action['to']}", kind="flee",
                         visible=battle_seats(st, fr))
                if seat == "IJN":
                    fr["flee_todo"] = []  # the Allies answer a flight with pursuit, not with flight of their own
        elif action.kind in ("pursue", "let_go"):
            seat = fr["pursue_todo"].pop(0)
            if action.kind == "pursue":
                fr["pursuing_seats"].append(seat)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        seen = battle_seats(st, fr)
        stage = fr["stage"]
        if stage == "start":
            _battle_start(st, ctx, fr, seen)
            return
        if stage == "round":
            if not _alive(st, fr, "IJN") or not _alive(st, fr, "Allies"):
                _battle_end(st, ctx, fr, seen)
                return
            if fr["round"] >= MAX_ROUNDS:
                _stalemate(st, ctx, fr, seen, f"after {MAX_ROUNDS} rounds the impulse is over")
                return
            fr["round"] += 1
            fr["orders"] = {}
            order = [u for s in SEATS for u in _firers(st, fr, s)]
            if not order and fr["round"] > 2:
                _stalemate(st, ctx, fr, seen, "neither side can fire")
                return
            fr["to_allocate"] = order
            fr["stage"] = "allocate"
            return
        if stage == "allocate":
            _fire(st, ctx, fr, seen)
            if not _alive(st, fr, "IJN") or not _alive(st, fr, "Allies"):
                _battle_end(st, ctx, fr, seen)
                return
            fr["stage"] = "flee"
            fr["flee_todo"] = [s for s in SEATS if any(st.units[u].seat == s for u in _alive(st, fr))]
            return
        if stage == "flee":
            if not fr["fleeing"]:
                fr["stage"] = "round"
                return
            _start_pursuit(st, ctx, fr, seen)
            return
        if stage == "pursue_ask":
            if fr["pursuing_seats"]:
                fr["pursuers"] = [u for u in _alive(st, fr) if st.units[u].seat in fr["pursuing_seats"]
                                  and any(_faster(u, f, st) for f in fr["fleeing_units"] if st.units[f].afloat)]
            if not fr["pursuing_seats"] or not fr["pursuers"]:
                _withdraw(st, ctx, fr, seen)
                return
            fr["stage"] = "pursuit"
            fr["round"] += 1
            fr["pursuit_rounds"] = fr.get("pursuit_rounds", 0) + 1
            fr["orders"] = {}
            fr["to_allocate"] = [u for s in SEATS for u in _firers(st, fr, s)]
            return
        if stage == "pursuit":
            _fire(st, ctx, fr, seen, pursuit=True)
            fr["fleeing_units"] = [u for u in fr["fleeing_units"] if st.units[u].afloat]
            if not fr["fleeing_units"]:
                _withdraw(st, ctx, fr, seen)
                return
            fr["stage"] = "pursue_ask"
            fr["pursue_todo"] = list(fr["pursuing_seats"])
            fr["pursuing_seats"] = []
            return


def _battle_start(st: State, ctx: Context, fr: dict[str, Any], seen: tuple[str, ...]) -> None:
    ctx.emit("VI.B.1.b.2.c", f"Surface battle at {fr['hex']}" + (" on the hexside" if fr["crossing"] else ""),
             kind="battle", data={"hex": fr["hex"]}, visible=seen)
    for seat in seen:  # every ship in the battle sees every other (VI.B.1.b.2.b)
        for u in fr["units"]:
            if st.units[u].seat in ALLIED_SEATS and seat == "IJN":
                detect(st, "IJN", u)
            elif st.units[u].seat == "IJN" and seat != "IJN" and st.units[u].marker:
                detect(st, seat, st.units[u].marker)
    for s in ("IJN", "Allies"):
        names = ", ".join(target_name(st, "", u) for u in _alive(st, fr, s))
        ctx.emit("VI.B.1.b.2.c", f"{'IJN' if s == 'IJN' else 'Allied'} line at {fr['hex']} (day {st.day}, "
                 f"{st.impulse.replace('_', ' ')}): {names}", kind="battle_line", visible=seen)
    if night(st):
        _surprise(st, ctx, fr, seen)
    fr["stage"] = "round"


def suggest_target(st: State, fr: dict[str, Any], firer: str) -> str:
    """The engine's suggestion: the biggest target still afloat that has the fewest shots on it already."""
    targets = _targets_for(st, fr, firer)
    counts = {t: sum(1 for v in fr["orders"].values() if v == t) for t in targets}
    return min(targets, key=lambda t: (counts[t], -vp_value(t), t))


def _fire(st: State, ctx: Context, fr: dict[str, Any], seen: tuple[str, ...], pursuit: bool = False) -> None:
    """Resolve the round: the IJN's dice first (C18) and effects together — unless one side won the night's
    surprise: then it fires first (+1 in the first round) and its effects land before the other side fires, round
    after round (R-17)."""
    sides = ["IJN", "Allies"]
    surprisor = fr["surprise"]  # fires first in every round, its effects applied before the other side fires
    if surprisor == "Allies":
        sides = ["Allies", "IJN"]
    pending: list[tuple[str, str, str, dict[str, Any]]] = []
    for side in sides:
        for firer, target in list(fr["orders"].items()):
            if side_of(st, firer) != side or not st.units[firer].afloat:
                continue
            if not st.units[target].afloat:
                ctx.emit("VI.B.1.b.2.c", f"{unit_name(firer)}'s target is gone; its fire is lost", kind="shot",
                         visible=seen)
                continue
            mods = []
            if pursuit and firer in fr.get("fleeing_units", []):
                mods.append("fleeing")
            if surprisor == side and fr["round"] == 1:
                mods.append("surprise")
            if st.units[firer].anchored and not (fr["surprise"] and fr["surprise"] != side):
                mods.append("in harbor")
            if st.units[target].damaged or data().units[target].speed == "VS":
                mods.append("target damaged or very slow")
            r = ctx.roll("d6", purpose=f"{unit_name(firer)} ({cls(firer)}) fires at {unit_name(target)}"
                         + (f" (+{len(mods)}: {', '.join(mods)})" if mods else ""), rule="VI.B.1.b.2.c", visible=seen)
            col = cls(firer)
            if data().units[target].kind == "pt":
                # VI.B.2.b: gunfire against PT boats sinks them on 3-6
                res = "S" if r.final >= data().constant("pt_sunk_from") else "-"
                detail = {"column": "PT rule", "raw": r.final, "row": r.final}
            else:
                res = roll_cell(col, r.final + len(mods)).hit
                detail = {"column": col, "raw": r.final, "row": min(6, r.final + len(mods))}
            pending.append((firer, target, res, detail))
        if surprisor == side:
            for f, t, res, detail in pending:
                if st.units[t].afloat:
                    apply_result(st, ctx, t, res, "VI.B.1.b.2.c", seen, f"{unit_name(f)} on {unit_name(t)}", detail)
            pending = []
    for f, t, res, detail in pending:
        if st.units[t].afloat:
            apply_result(st, ctx, t, res, "VI.B.1.b.2.c", seen, f"{unit_name(f)} on {unit_name(t)}", detail)


def _stalemate(st: State, ctx: Context, fr: dict[str, Any], seen: tuple[str, ...], why: str) -> None:
    """No ship on either side can fire (say, screened carriers on both sides, R-40), or the battle has run its six
    rounds (R-49): the IJN withdraws if it can, else the Allies; if neither can, the battle ends and both stay."""
    for side in ("IJN", "Allies"):
        hexes = withdrawal_hexes(st, fr, side)
        if hexes:
            seats = ["IJN"] if side == "IJN" else [s for s in ALLIED_SEATS if any(
                st.units[u].seat == s for u in _alive(st, fr))]
            for s in seats:
                fr["fleeing"][s] = hexes[0]
            ctx.emit("VI.B.1.b.2.c", f"At {fr['hex']} {why}: the {side} force draws off to {hexes[0]}",
                     kind="flee", visible=seen)
            _withdraw(st, ctx, fr, seen)
            return
    _battle_end(st, ctx, fr, seen)


def _start_pursuit(st: State, ctx: Context, fr: dict[str, Any], seen: tuple[str, ...]) -> None:
    fleeing_seats = list(fr["fleeing"])
    fr["fleeing_units"] = [u for u in _alive(st, fr) if st.units[u].seat in fleeing_seats]
    winners = [s for s in SEATS if s not in fleeing_seats and any(st.units[u].seat == s for u in _alive(st, fr))
               and (s == "IJN") != ("IJN" in fleeing_seats)]
    fr["pursue_todo"] = [s for s in winners if any(_faster(u, f, st) for u in _alive(st, fr)
                                                    if st.units[u].seat == s for f in fr["fleeing_units"])]
    fr["pursuing_seats"] = []
    fr["stage"] = "pursue_ask"


def _withdraw(st: State, ctx: Context, fr: dict[str, Any], seen: tuple[str, ...]) -> None:
    """The fleeing ships move one hex to the hex their player chose; any other Allied seat that stayed fights on
    if the enemy is still there (the battle goes on without the ones who left)."""
    for seat, to in fr["fleeing"].items():
        moved = [u for u in _alive(st, fr) if st.units[u].seat == seat]
        for u in moved:
            st.units[u].loc = to
            st.units[u].anchored = False
        if seat == "IJN":
            for m in {st.units[u].marker for u in moved if st.units[u].marker}:
                if m in st.markers:
                    st.markers[m].loc = to
                    st.markers[m].plot.clear()  # R-16/VI.B.1.b.3: a displaced marker's plot may no longer hold
        if moved:
            ctx.emit("VI.B.1.b.2.c", f"{seat} withdraws to {to}", kind="withdraw", data={"seat": seat, "to": to},
                     visible=None if seat == "IJN" else ALLIED_SEATS)
            if seat != "IJN":
                ctx.emit("VI.B.1.b.2.c", f"Allied: {len(moved)} counters withdraw to {to}", kind="withdraw_seen",
                         visible=IJN)
        fr["units"] = [u for u in fr["units"] if u not in moved]
        if to and contact(st, to):
            _requeue(st, to)
    fr["fleeing"] = {}
    if _alive(st, fr, "IJN") and _alive(st, fr, "Allies"):
        fr["stage"] = "round"
        return
    _battle_end(st, ctx, fr, seen)


def _requeue(st: State, label: str) -> None:
    """A force that withdrew into a hex holding enemies fights there too, later in this combat step (once per hex
    per impulse, so two hexes cannot pass a force back and forth for ever)."""
    for f in reversed(st.stack):
        if f["kind"] == "combat" and "hexes" in f:
            done = f.setdefault("fought", [])
            if label not in f["hexes"] and label not in done:
                f["hexes"].append(label)
            return


def _battle_end(st: State, ctx: Context, fr: dict[str, Any], seen: tuple[str, ...]) -> None:
    ctx.emit("VI.B.1.b.2.c", f"The battle at {fr['hex']} is over", kind="battle_end", visible=seen)
    pop(st, fr)
