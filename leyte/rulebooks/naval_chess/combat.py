"""Combat in an impulse (VI.B.1.b.2, VI.B.2.b), in the printed order, hex by hex: (a) submarines, (b) same-hex
naval air strikes (by day), (c) surface battles in rounds with withdrawal and pursuit (at night after a surprise
roll); then, by day, (d) naval air scouting and long- and extended-range strikes and (e) land-based air.

Who sees what: a battle's events go to the players with forces in it; a search's roll and finding to the searching
player; a submarine's contact report to the submarine's owner alone.
"""

from __future__ import annotations

from typing import Any

from leyte.core.game import Action, Context
from leyte.rulebooks.naval_chess.common import (
    aa_factors,
    air_label,
    allied,
    apply_result,
    asw_factors,
    cls,
    describe_marker,
    detect,
    detected_by,
    in_strait,
    loss_needs,
    remove_marker,
    roll_cell,
    sink,
    surface_at,
    unit_name,
    vp_value,
)
from leyte.rulebooks.naval_chess.data import ALLIED_SEATS, CARRIERS, SCREENED, SEATS, data
from leyte.rulebooks.naval_chess.engine import ask, frame, opt, pop, push, push_many
from leyte.rulebooks.naval_chess.sequence import date, hex_of_air
from leyte.rulebooks.naval_chess.state import State

IJN = ("IJN",)
STRIKE_BUDGET = 4  # RULINGS R-35: same-hex 1, long 2, extended 4 points a carrier's air unit may spend a day
COSTS = {"same": 1, "long": 2, "extended": 4}
MAX_ROUNDS = 6  # the rounds a surface battle may last in one impulse (pursuit rounds count too)


def night(st: State) -> bool:
    return st.impulse in ("before_midnight", "after_midnight")


def seats_in(st: State, label: str, kinds: tuple[str, ...] = ("ship", "sub", "pt")) -> list[str]:
    D = data()
    return [s for s in SEATS if any(u.loc == label and u.seat == s and D.units[u.id].kind in kinds
                                    for u in st.units.values())]


def _witnesses(st: State, label: str) -> tuple[str, ...]:
    return tuple(seats_in(st, label))


def _contact(st: State, label: str) -> bool:
    seats = seats_in(st, label)
    return "IJN" in seats and any(s in seats for s in ALLIED_SEATS)


@frame("combat")
class Combat:
    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        data()
        if "hexes" not in fr:
            seaplanes_ashore(st, ctx)
            hexes = sorted({u.loc for u in st.units.values() if u.on_map}, key=_label_key)
            fr["hexes"] = [h for h in hexes if _contact(st, h)]
            fr["crossings"] = _crossings(st)
            return
        if fr["crossings"]:
            a_units, ijn_units, a_from, j_from = fr["crossings"].pop(0)
            a_units = [u for u in a_units if st.units[u].afloat]
            ijn_units = [u for u in ijn_units if st.units[u].afloat]
            if a_units and ijn_units:
                push(st, "battle", **_battle_setup(st, a_units + ijn_units, crossing={"Allies": a_from, "IJN": j_from}))
            return
        if fr["hexes"]:
            h = fr["hexes"].pop(0)
            fr.setdefault("fought", []).append(h)
            if _contact(st, h):
                push(st, "hex_combat", hex=h, step="subs")
            return
        pop(st, fr)
        if not night(st):
            push_many(st, [("ranged", {"seat": s}) for s in SEATS] + [("land_air", {})])


def _label_key(label: str) -> tuple[int, int]:
    return (ord(label[0]), int(label[1:]))


def _crossings(st: State) -> list[list[Any]]:
    """R-16: an Allied force and an IJN task force that swapped hexes this impulse meet on the hexside."""
    out = []
    for m in sorted(st.markers.values(), key=lambda x: x.label):
        if not m.moved_from or m.moved_from.startswith("off:"):
            continue
        ships = [u for u in m.units if data().units[u].kind == "ship"]
        if not ships:
            continue
        allies = [u.id for u in sorted(st.units.values(), key=lambda x: x.id)
                  if allied(u.seat) and u.loc == m.moved_from and u.moved_from == m.loc
                  and data().units[u.id].kind == "ship"]
        if allies:
            out.append([allies, ships, m.moved_from, m.loc])
    return out


@frame("hex_combat")
class HexCombat:
    """One hex's combat steps in the printed order: submarines, same-hex air (day), surface battle."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        h = fr["hex"]
        step = fr["step"]
        if step == "subs":
            fr["step"] = "air"
            _same_hex_detection(st, h)
            subs = [u.id for u in sorted(st.units.values(), key=lambda x: x.id)
                    if u.loc == h and data().units[u.id].kind == "sub"]
            for sub in subs:
                if _sub_targets(st, sub):
                    push(st, "sub_attack", sub=sub, hex=h)
            return
        if step == "air":
            fr["step"] = "pt"
            seaplanes_ashore(st, ctx)
            if not night(st) and not in_strait(h):
                both = bool(strike_options(st, "IJN", "same", h)) and any(
                    strike_options(st, s, "same", h) for s in ALLIED_SEATS)
                frames: list[tuple[str, dict[str, Any]]] = [
                    ("strike", {"seat": s, "hex": h, "mode": "same", "declare": both}) for s in SEATS]
                if both:
                    frames.append(("same_hex_resolve", {"hex": h, "declared": []}))
                push_many(st, frames)
            return
        if step == "pt":
            fr["step"] = "surface"
            fr["pt_attack"] = False
            if not night(st) and _day_pts(st, h) and surface_at(st, h, IJN):
                fr["step"] = "pt_ask"
            return
        if step == "surface":
            fr["step"] = "done"
            units = _surface_fighters(st, h, fr.get("pt_attack", False))
            sides = {("IJN" if st.units[u].seat == "IJN" else "Allies") for u in units}
            if len(sides) != 2 or _harbor_pass(st, h, units):
                return
            tfs = _ijn_task_forces(st, units)
            if "order" not in fr:
                if len(tfs) < 2:
                    push(st, "battle", **_battle_setup(st, units, crossing=None, hex=h))
                    return
                fr["order"], fr["step"] = [], "order_ask"
                return
            # the IJN's task forces fight one after another in the order chosen, each against every Allied
            # ship still in the hex; one that has left the hex (or is sunk) is skipped
            while fr["order"] and fr["order"][0] not in tfs:
                fr["order"].pop(0)
            if not fr["order"]:
                return
            label = fr["order"].pop(0)
            fr["step"] = "surface"
            line = [u for u in units if st.units[u].seat != "IJN" or st.units[u].marker == label]
            push(st, "battle", **_battle_setup(st, line, crossing=None, hex=h))
            return
        pop(st, fr)

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Any:
        if fr["step"] == "order_ask":
            units = _surface_fighters(st, fr["hex"], fr.get("pt_attack", False))
            left = [t for t in _ijn_task_forces(st, units) if t not in fr["order"]]
            return ask("IJN", "battle_order", f"Battle at {fr['hex']}: which of your task forces fights next?",
                       "VI.B.1.b.2.c", [opt("first", f"Task force {t} ({len(_tf_ships(st, units, t))} ships)",
                                            marker=t, units=_tf_ships(st, units, t)) for t in left],
                       data={"hex": fr["hex"], "chosen": list(fr["order"]), "markers": left})
        if fr["step"] != "pt_ask":
            return None
        pts = _day_pts(st, fr["hex"])
        seat = st.units[pts[0]].seat
        return ask(seat, "pt_day", f"Enemy ships at {fr['hex']} by day: do your PT boats hide or attack?", "VI.B.2.b",
                   [opt("hide", "Hide: they take no part and cannot be attacked"),
                    opt("attack", "Attack: they join the battle line, and any gunfire roll of 3-6 sinks them")],
                   data={"hex": fr["hex"], "pts": pts, "seat": seat})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "first":
            fr["order"].append(action["marker"])
            units = _surface_fighters(st, fr["hex"], fr.get("pt_attack", False))
            left = [t for t in _ijn_task_forces(st, units) if t not in fr["order"]]
            if len(left) <= 1:
                fr["order"] += left
                fr["step"] = "surface"
                ctx.emit("VI.B.1.b.2.c", f"The IJN task forces at {fr['hex']} fight in the order "
                         f"{', '.join(fr['order'])}", kind="battle_order", data={"hex": fr["hex"],
                                                                               "order": list(fr["order"])},
                         visible=IJN)
            return
        fr["step"] = "surface"
        fr["pt_attack"] = action.kind == "attack"
        pts = _day_pts(st, fr["hex"])
        for p in pts:
            st.units[p].hidden = action.kind == "hide"
        seat = st.units[pts[0]].seat
        ctx.emit("VI.B.2.b", f"The PT boats at {fr['hex']} {'attack' if fr['pt_attack'] else 'hide'}",
                 kind="pt_day", data={"hex": fr["hex"], "attack": fr["pt_attack"]},
                 visible=(seat,) if action.kind == "hide" else _witnesses(st, fr["hex"]))


def _ijn_task_forces(st: State, units: list[str]) -> list[str]:
    """The IJN markers with ships among a hex's fighters (R-43: each is a task force that fights on its own)."""
    return sorted({st.units[u].marker for u in units if st.units[u].seat == "IJN" and st.units[u].marker})


def _tf_ships(st: State, units: list[str], label: str) -> list[str]:
    return [u for u in units if st.units[u].marker == label]


def _day_pts(st: State, h: str) -> list[str]:
    """The Allied PT boats afloat in a hex (VI.B.2.b)."""
    return [u.id for u in sorted(st.units.values(), key=lambda x: x.id)
            if u.loc == h and data().units[u.id].kind == "pt" and allied(u.seat)]


def _same_hex_detection(st: State, h: str) -> None:
    """VI.B.1.b.2.b: opposing surface ships in one hex detect each other (for the rest of the day)."""
    ijn = surface_at(st, h, IJN)
    for seat in ALLIED_SEATS:
        mine = surface_at(st, h, (seat,))
        if ijn and mine:
            for u in mine:
                detect(st, "IJN", u)
            for lab in sorted({st.units[u].marker for u in ijn if st.units[u].marker}):
                detect(st, seat, lab)


# -- (a) submarines -------------------------------------------------------------------------------------------------


def _sub_targets(st: State, sub: str) -> list[str]:
    """VI.B.1.b.2.a: enemy surface ships at sea in the hex (not subs, not PT boats, not ships in harbor)."""
    u = st.units[sub]
    enemies = ALLIED_SEATS if u.seat == "IJN" else IJN
    return [x for x in surface_at(st, u.loc, enemies) if not st.units[x].anchored]


def _chooser(st: State, targets: list[str]) -> str:
    """Who picks the target of an attack on Allied ships (R-19): the Allied seat with the most ships there."""
    seats = [st.units[t].seat for t in targets]
    if "IJN" in seats:
        return "IJN"
    return max(ALLIED_SEATS, key=lambda s: (seats.count(s), s == "Third Fleet"))


@frame("sub_attack")
class SubAttack:
    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Any:
        targets = _sub_targets(st, fr["sub"])
        if not targets:
            return None
        seat = _chooser(st, targets)
        own = [t for t in targets if st.units[t].seat == seat]
        sub_owner = st.units[fr["sub"]].seat
        who = "an Allied submarine" if allied(sub_owner) else "an IJN submarine"
        return ask(seat, "sub_target", f"{who} attacks at {fr['hex']}: choose which of your ships it attacks",
                   "VI.B.1.b.2.a", [opt("target", f"{unit_name(t)} ({cls(t)})", unit=t) for t in own],
                   data={"hex": fr["hex"]})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        D = data()
        sub, target, h = fr["sub"], action["unit"], fr["hex"]
        owner = st.units[sub].seat
        seen = _witnesses(st, h)
        active = st.posture.get(owner) == "active"
        plus = 1 if st.units[target].damaged else 0
        r = ctx.roll("d6", purpose=f"submarine attack at {h} ({'active' if active else 'passive'}"
                     f"{', +1 against a Damaged ship' if plus else ''})", rule="VI.B.1.b.2.a", visible=seen)
        raw = r.final
        cell = roll_cell("SS", raw + plus)
        hit = cell.active_hit if active else cell.hit
        loss = (roll_cell("SS", raw).active_loss if active else roll_cell("SS", raw).loss)
        name = "the Allied submarine" if allied(owner) else "the IJN submarine"
        # One roll settles the attack and the escorts' answer together, so the anti-sub factors are those of the
        # task force as the sub found it: a carrier the attack damages (or sinks) still counted when it was made.
        asw = asw_factors(st, target, night(st))
        apply_result(st, ctx, target, hit, "VI.B.1.b.2.a", seen, f"Submarine attack on {unit_name(target)}",
                     {"column": "SS", "raw": raw, "row": min(6, raw + plus), "loss": loss, "factors": asw})
        need = loss_needs(loss)
        if need and asw >= need:
            ctx.emit("VI.B.1.b.2.a", f"The escorts sink {name} ({loss} against {asw} anti-sub factors)",
                     kind="sub_lost", visible=seen)
            sink(st, ctx, sub, "VI.B.1.b.2.a", seen)
        elif st.units[sub].afloat:
            threshold = D.constant("sub_report_ijn" if owner == "IJN" else "sub_report_allies")
            if raw >= threshold:
                _sub_report(st, ctx, sub, h)
        pop(st, fr)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


def _sub_report(st: State, ctx: Context, sub: str, h: str) -> None:
    """The surviving sub tells its owner (only) every enemy ship unit in its hex."""
    owner = st.units[sub].seat
    if owner == "IJN":
        found = surface_at(st, h, ALLIED_SEATS)
        for u in found:
            detect(st, "IJN", u)
        text = ", ".join(f"{unit_name(u)} ({cls(u)})" for u in found)
    else:
        labels = sorted({st.units[u].marker for u in surface_at(st, h, IJN)})
        for lab in labels:
            detect(st, owner, lab)
        text = "; ".join(describe_marker(st, lab) for lab in labels)
    ctx.emit("VI.B.1.b.2.a", f"Contact report from {unit_name(sub)} at {h}: {text}", kind="detected",
             data={"hex": h, "by": sub}, visible=(owner,))


# -- (b) and (d) air strikes ----------------------------------------------------------------------------------------


def air_column(st: State, uid: str) -> str:
    """Strong or weak (VI.B.1.b.2.b): land-based units, escort carriers' and a Damaged carrier's units are weak."""
    D = data()
    ud = D.units[uid]
    if ud.cls == "kamikaze":
        return "kamikaze"
    a = st.units[uid]
    if a.base not in st.units:
        return "air_weak"
    carrier = st.units[a.base]
    if cls(a.base) == "CVE" or carrier.damaged or a.strength != "strong":
        return "air_weak"
    return "air_strong"


def _ranges(seat: str, land: bool) -> tuple[int, int]:
    D = data()
    if land:
        return D.constant("ijn_long_range"), D.constant("land_air_range")
    if seat == "IJN":
        return D.constant("ijn_long_range"), D.constant("ijn_extended_range")
    return D.constant("usn_long_range"), D.constant("usn_extended_range")


def _air_units(st: State, seat: str, land: bool) -> list[str]:
    D = data()
    out = []
    for a in sorted(st.units.values(), key=lambda x: x.id):
        if a.seat != seat or a.loc != "ready" or D.units[a.id].kind != "air":
            continue
        on_carrier = a.base in st.units
        if land == on_carrier:
            continue
        h = hex_of_air(st, a.id)
        if not h or (on_carrier and in_strait(h)):  # the strait stops carrier operations, not a field ashore
            continue
        if D.units[a.id].cls == "kamikaze" and date(st) < D.constant("kamikaze_from_date"):
            continue
        out.append(a.id)
    return out


def strike_options(st: State, seat: str, mode: str, hex_: str | None = None) -> list[Action]:
    """The strikes a player may make now. ``same``: carriers' units against enemy ships in their own hex.
    ``ranged``: carriers' units against detected enemy task forces 1..extended range away (VI.B.1.b.2.d).
    ``land``: land-based units against detected enemy task forces in range (VI.B.1.b.2.e)."""
    D = data()
    land = mode == "land"
    long_r, ext_r = _ranges(seat, land)
    enemies = IJN if allied(seat) else ALLIED_SEATS
    opts: list[Action] = []
    for a in _air_units(st, seat, land):
        u = st.units[a]
        if u.phase_strikes >= 2:
            continue
        h = hex_of_air(st, a)
        if mode == "same":
            if h != hex_ or u.points + COSTS["same"] > STRIKE_BUDGET:
                continue
            for t in surface_at(st, h, enemies):
                opts.append(opt("strike", f"{unit_name(a)} strikes {_target_name(st, seat, t)} here", air=a,
                                target=t, range="same"))
            if allied(seat) and h in _enemy_fields(st):
                opts.append(opt("strike_field", f"{unit_name(a)} strikes the airfield here", air=a, field=h,
                                range="same"))
            continue
        if u.struck_here:
            continue
        for t in _detected_targets(st, seat, enemies):
            d = D.distance(h, st.units[t].loc)
            if d == 0 and not land:
                continue
            kind = "long" if d <= long_r else ("extended" if d <= ext_r else "")
            if not kind or u.points + COSTS[kind] > STRIKE_BUDGET:
                continue
            opts.append(opt("strike", f"{unit_name(a)} strikes {_target_name(st, seat, t)} at {st.units[t].loc} "
                            f"({kind} range, {d} hex{'es' if d > 1 else ''})", air=a, target=t, range=kind))
        if allied(seat) and not land:
            for f in _enemy_fields(st):
                d = D.distance(h, f)
                kind = "same" if d == 0 else ("long" if d <= long_r else ("extended" if d <= ext_r else ""))
                if kind and u.points + COSTS[kind] <= STRIKE_BUDGET:
                    far = "here" if d == 0 else f"{d} hex{'es' if d > 1 else ''}"
                    opts.append(opt("strike_field", f"{unit_name(a)} strikes the airfield at {f} ({kind} range, "
                                    f"{far})", air=a, field=f, range=kind))
    return opts


def _enemy_fields(st: State) -> list[str]:
    """IJN airfields holding IJN air units: targets for Allied naval air, found without a search (R-12)."""
    out = {st.units[a].base for a in st.units if data().units[a].seat == "IJN" and st.units[a].loc == "ready"
           and data().units[a].kind == "air" and st.units[a].base not in st.units}
    return sorted(out, key=_label_key)


def charge(st: State, air: str, kind: str) -> None:
    """Spend an air unit's strike: its points for the day (R-35), one of its two strikes this step, and no ranged
    strike after a same-hex one (VI.B.1.b.2.d)."""
    a = st.units[air]
    a.points += COSTS[kind]
    a.phase_strikes += 1
    if kind == "same":
        a.struck_here = True


def resolve_field_strike(st: State, ctx: Context, air: str, field: str, kind: str, charged: bool = False) -> None:
    """R-12: a strike on an airfield reads the attacker's column; any hit (D, DS, S) is a "G": one air unit on the
    field is destroyed on the ground — the defender loses its least valuable one. The field's guns are one anti-air
    factor (+1 against an extended-range strike); the attacker's loss is read on the raw roll as usual."""
    a = st.units[air]
    rule = "VI.B.1.b.2"
    if not charged:
        charge(st, air, kind)
    seen = (a.seat, "IJN")
    ctx.emit(rule, f"{unit_name(air)} strikes the airfield at {field}", kind="strike",
             data={"air": air, "field": field, "range": kind}, visible=(a.seat,))
    col = air_column(st, air)
    r = ctx.roll("d6", purpose=f"{air_label(air)} ({col.replace('air_', '')}) strikes the airfield at {field}",
                 rule=rule, visible=seen)
    cell = roll_cell(col, r.final)
    on_field = sorted((x for x in st.units if st.units[x].base == field and st.units[x].loc == "ready"
                       and data().units[x].seat == "IJN"), key=lambda x: (vp_value(x), x))
    if cell.hit != "-" and on_field:
        victim = on_field[0]
        ctx.emit(rule, f"G: {air_label(victim)} is destroyed on the ground at {field}", kind="hit",
                 data={"field": field, "result": "G", "raw": r.final, "cell": cell.hit}, visible=seen)
        sink(st, ctx, victim, rule, seen)
    else:
        ctx.emit(rule, f"No damage on the airfield at {field}", kind="hit",
                 data={"field": field, "result": "-", "raw": r.final, "cell": cell.hit}, visible=seen)
    need = loss_needs(cell.loss)
    aa = 1 + (1 if kind == "extended" else 0)
    if need and aa >= need:
        ctx.emit(rule, f"Anti-aircraft fire destroys {air_label(air)} ({cell.loss} against {aa} factors)",
                 kind="air_lost", visible=seen)
        sink(st, ctx, air, rule, seen)
        return
    _land_after(st, ctx, air, field, seen)


def _target_name(st: State, seat: str, t: str) -> str:
    return f"{unit_name(t)} ({cls(t)}{', damaged' if st.units[t].damaged else ''})"


def _detected_targets(st: State, seat: str, enemies: tuple[str, ...]) -> list[str]:
    out = []
    for u in sorted(st.units.values(), key=lambda x: x.id):
        if u.seat not in enemies or not u.on_map or data().units[u.id].kind != "ship":
            continue
        if seat == "IJN":
            if detected_by(st, "IJN", u.id) or _anchored_tr(st, u.id):
                out.append(u.id)
        elif u.marker and detected_by(st, seat, u.marker):
            out.append(u.id)
    return out


def _anchored_tr(st: State, uid: str) -> bool:
    """VI.B.1.b.2.d: anchored transports are detected automatically."""
    return st.units[uid].anchored and cls(uid) == "TR"


@frame("strike")
class Strike:
    """A player's air strikes of one kind in one step; he stops when he chooses (the option "done")."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Any:
        seat, mode = fr["seat"], fr["mode"]
        opts = strike_options(st, seat, mode, fr.get("hex"))
        if not opts:
            return None
        where = f" at {fr['hex']}" if fr.get("hex") else ""
        what = {"same": "same-hex", "ranged": "long-range", "land": "land-based"}[mode]
        rule = {"same": "VI.B.1.b.2.b", "ranged": "VI.B.1.b.2.d", "land": "VI.B.1.b.2.e"}[mode]
        return ask(seat, "strike", f"{st.impulse.capitalize()}: {what} air strikes{where}", rule,
                   [opt("done", "No more strikes now"), *opts],
                   data={"seat": seat, "mode": mode, "hex": fr.get("hex")})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "done":
            pop(st, fr)
            return
        if fr.get("declare"):  # R-42: both sides' carriers here: every strike is launched before any lands
            declared = next(f for f in reversed(st.stack) if f["kind"] == "same_hex_resolve")["declared"]
            charge(st, action["air"], action["range"])
            st.units[action["air"]].airborne = True
            declared.append([action.kind, action["air"], action.get("target") or action.get("field"),
                             action["range"]])
            ctx.emit("VI.B.1.b.2.b", f"{unit_name(action['air'])} takes off: {action.text}", kind="strike_declared",
                     data={"air": action["air"]}, visible=(fr["seat"],))
            return
        if action.kind == "strike_field":
            resolve_field_strike(st, ctx, action["air"], action["field"], action["range"])
            return
        resolve_strike(st, ctx, action["air"], action["target"], action["range"])

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


@frame("same_hex_resolve")
class SameHexResolve:
    """R-42: when both sides' carriers strike in one hex, the strikes are simultaneous: all were launched (above),
    now they land in the order declared — the IJN's, then each Allied fleet's. An air unit in the air does not go
    down with its carrier; if its carrier is gone it looks for another deck or field within 2 hexes (R-39)."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        if fr["declared"]:
            ctx.emit("VI.B.1.b.2.b", f"Both sides' carrier strikes at {fr['hex']} are in the air together",
                     kind="strike", data={"hex": fr["hex"]}, visible=_witnesses(st, fr["hex"]))
        for kind, air, target, rng in fr["declared"]:
            if not st.units[air].afloat or st.units[air].loc == "sunk":
                continue
            if kind == "strike_field":
                resolve_field_strike(st, ctx, air, target, rng, charged=True)
            elif st.units[target].afloat:
                resolve_strike(st, ctx, air, target, rng, charged=True)
            else:
                ctx.emit("VI.B.1.b.2.b", f"{air_label(air)} finds its target already sunk", kind="strike",
                         visible=(st.units[air].seat,))
        for _, air, _, _ in fr["declared"]:
            a = st.units[air]
            if a.airborne:
                a.airborne = False
                if a.loc == "ready" and a.base in st.units and not st.units[a.base].afloat:
                    _land_after(st, ctx, air, fr["hex"], _witnesses(st, fr["hex"]))


def resolve_strike(st: State, ctx: Context, air: str, target: str, kind: str, charged: bool = False) -> None:
    """One air strike: d6 +1 against a Damaged, Very Slow or anchored target for the hit only; the attacker is
    lost if its raw roll's loss entry needs no more X factors than the target's anti-air gives (R-21)."""
    D = data()
    a = st.units[air]
    rule = {"same": "VI.B.1.b.2.b", "long": "VI.B.1.b.2.d", "extended": "VI.B.1.b.2.d"}[kind]
    if D.units[air].kind == "air" and a.base not in st.units:
        rule = "VI.B.1.b.2.e"
    if not charged:
        charge(st, air, kind)
    t = st.units[target]
    thex = t.loc
    seen = tuple(sorted({a.seat, *(s for s in seats_in(st, t.loc))}, key=SEATS.index))
    plus = 1 if (t.damaged or D.units[target].speed == "VS" or t.anchored) else 0
    col = air_column(st, air)
    ctx.emit(rule, f"{unit_name(air)} strikes {unit_name(target)} at {t.loc}", kind="strike",
             data={"air": air, "target": target, "range": kind}, visible=(a.seat,))
    r = ctx.roll("d6", purpose=f"{air_label(air)} ({col.replace('air_', '')}) strikes {unit_name(target)}"
                 f"{' (+1 to hit)' if plus else ''}", rule=rule, visible=seen)
    raw = r.final
    hit = roll_cell(col, raw + plus).hit
    loss = roll_cell(col, raw).loss
    aa = aa_factors(st, target, kind == "extended")  # the guns that met the strike, before its hit lands
    apply_result(st, ctx, target, hit, rule, seen, f"{air_label(air)} on {unit_name(target)}",
                 {"column": col, "raw": raw, "row": min(6, raw + plus), "loss": loss, "factors": aa})
    need = loss_needs(loss)
    if need and aa >= need:
        ctx.emit(rule, f"Anti-aircraft fire destroys {air_label(air)} ({loss} against {aa} factors)", kind="air_lost",
                 visible=seen)
        sink(st, ctx, air, rule, seen)
        return
    _land_after(st, ctx, air, thex, seen)


def _land_after(st: State, ctx: Context, air: str, target_hex: str, seen: tuple[str, ...]) -> None:
    """VI.B.1.b.2.d: after attacking, an air unit may land on a friendly base or carrier up to 2 hexes from the
    target; its own carrier or field first, else the nearest one free (R-39), else it is lost."""
    D = data()
    a = st.units[air]
    home = hex_of_air(st, air)
    if home and D.distance(home, target_hex) <= 2:
        return
    seat = a.seat
    spots = []
    for c in st.units.values():
        if c.seat == seat and c.on_map and _deck_for(st, air, c.id):
            if D.distance(c.loc, target_hex) <= 2:
                spots.append((D.distance(c.loc, target_hex), c.id))
    for f in friendly_fields(st, seat):
        if D.distance(f, target_hex) <= 2:
            spots.append((D.distance(f, target_hex), f))
    if spots:
        a.base = sorted(spots)[0][1]
        ctx.emit("VI.B.1.b.2.d", f"{unit_name(air)} lands at {a.base if a.base not in st.units else unit_name(a.base)}",
                 kind="air_land", visible=(seat,))
        return
    ctx.emit("VI.B.1.b.2.d", f"{air_label(air)} finds no friendly deck or field within 2 hexes and is lost",
             kind="air_lost", visible=seen)
    sink(st, ctx, air, "VI.B.1.b.2.d", seen)


def leyte_field_open(st: State) -> bool:
    """VI.B.1.b.2.e (R-51): the Tacloban field (E7) serves the Allies from their third day in Leyte Gulf, counting
    the day a transport first anchored there as the first."""
    return bool(st.leyte_since) and st.day >= st.leyte_since + data().constant("leyte_field_day") - 1


def friendly_fields(st: State, seat: str) -> list[str]:
    """The airfields a seat's air units may use: every IJN field for the IJN (R-2); for the Allies only Tacloban,
    once it is open (R-51)."""
    if seat == "IJN":
        from leyte.rulebooks.naval_chess.sequence import _airfields

        return _airfields(st)
    return ["E7"] if leyte_field_open(st) else []


def _ijn_harbors() -> list[str]:
    D = data()
    return sorted((D.label(h) for h in D.map.find("harbor")), key=_label_key)


def seaplane_may_board(st: State, cvb: str) -> bool:
    """V.B (R-53): the CVB seaplane unit may be at sea only on a CVB, and only while both CVBs are afloat on the
    map, Undamaged, and under one task force marker."""
    D = data()
    cvbs = sorted(u for u in st.units if D.units[u].cls == "CVB" and D.units[u].seat == "IJN")
    if cvb not in cvbs:
        return False
    us = [st.units[u] for u in cvbs]
    return (all(u.on_map and not u.damaged for u in us) and len({u.marker for u in us}) == 1 and bool(us[0].marker)
            and len({u.loc for u in us}) == 1)


def _deck_for(st: State, air: str, carrier: str) -> bool:
    """May this air unit base on this ship now? A naval air unit on a free carrier of its own seat (FCV, CV, CVE;
    one air unit a deck); the seaplane unit on a free CVB while V.B allows it (R-53)."""
    D = data()
    c = st.units[carrier]
    if c.seat != st.units[air].seat or not c.on_map:
        return False
    if any(x.base == carrier and x.loc == "ready" and x.id != air for x in st.units.values()):
        return False
    kind = D.units[air].cls
    if kind == "seaplane":
        return seaplane_may_board(st, carrier)
    return kind == "naval" and cls(carrier) in CARRIERS


def seaplanes_ashore(st: State, ctx: Context) -> None:
    """V.B (R-53): a seaplane unit on a CVB that may no longer carry it (a CVB Damaged, sunk or detached) flies at
    once to the nearest IJN harbor (first in label order on a tie)."""
    D = data()
    for a in sorted(st.units.values(), key=lambda x: x.id):
        if D.units[a.id].cls != "seaplane" or a.loc != "ready" or a.base not in st.units:
            continue
        if seaplane_may_board(st, a.base):
            continue
        here = st.units[a.base].loc
        to = min(_ijn_harbors(), key=lambda h: (D.distance(here, h), _label_key(h)))
        a.base = to
        ctx.emit("V.B", f"{unit_name(a.id)} may no longer stay on the CVBs and flies to the harbor at {to}",
                 kind="air_rebase", data={"air": a.id, "to": to, "forced": True}, visible=IJN)


def rebase_targets(st: State, air: str) -> list[str]:
    """VI.B.1.b.4: where an air unit that has not attacked today may fly instead: any friendly field on the map (the
    seaplane unit: any IJN harbor) or a free deck it may use; never where it already is."""
    D = data()
    a = st.units[air]
    kind = D.units[air].cls
    if kind == "seaplane":
        places = _ijn_harbors()
    else:
        places = friendly_fields(st, a.seat)
    out = [h for h in places if h != a.base]
    if kind in ("naval", "seaplane"):
        out += [c for c in sorted(st.units) if c != a.base and D.units[c].kind == "ship" and _deck_for(st, air, c)]
    return out


def _rebasers(st: State, seat: str, flown: list[str]) -> list[str]:
    """Air units of a seat that may re-base now: ready, on the map, and have not attacked today (no strike points
    spent, R-35)."""
    D = data()
    return [a.id for a in sorted(st.units.values(), key=lambda x: x.id)
            if a.seat == seat and D.units[a.id].kind == "air" and a.loc == "ready" and a.points == 0
            and hex_of_air(st, a.id) and a.id not in flown and rebase_targets(st, a.id)]


def _column_at(st: State, air: str, base: str) -> str:
    """The strike column an air unit would use from a base (R-51: from a field every strike is weak)."""
    old = st.units[air].base
    st.units[air].base = base
    try:
        return air_column(st, air)
    finally:
        st.units[air].base = old


@frame("rebase")
class Rebase:
    """VI.B.1.b.4 (R-50): after the afternoon's combat, each seat in turn (IJN, Third Fleet, Seventh Fleet) may fly
    air units that have not attacked today to another base; one unit at a time, "done" ends the seat's turn."""

    @staticmethod
    def _seat(st: State, fr: dict[str, Any]) -> tuple[str, list[str]] | None:
        for seat in fr.get("todo", []):
            units = _rebasers(st, seat, fr["flown"])
            if units:
                return seat, units
        return None

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Any:
        found = Rebase._seat(st, fr)
        if found is None:
            return None
        seat, units = found
        D = data()
        opts = [opt("done", "No more re-basing today")]
        info: dict[str, Any] = {}
        for air in units:
            a = st.units[air]
            info[air] = {"base": a.base, "hex": hex_of_air(st, air), "column": air_column(st, air),
                         "class": D.units[air].cls}
            for to in rebase_targets(st, air):
                carrier = to in st.units
                h = st.units[to].loc if carrier else to
                where = f"{unit_name(to)} at {h}" if carrier else f"the field at {to}"
                if D.units[air].cls == "seaplane" and not carrier:
                    where = f"the harbor at {to}"
                opts.append(opt("rebase", f"{unit_name(air)} flies to {where}", air=air, to=to, hex=h,
                                carrier=carrier, column=_column_at(st, air, to)))
        return ask(seat, "rebase", "Fly air units that have not attacked today to another base?", "VI.B.1.b.4",
                   opts, data={"seat": seat, "units": info, "day": st.day})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        seat = Rebase._seat(st, fr)[0]  # type: ignore[index]  # a decision was asked, so a seat has units
        if action.kind == "done":
            fr["todo"] = fr["todo"][fr["todo"].index(seat) + 1:]
            return
        air, to = action["air"], action["to"]
        st.units[air].base = to
        fr["flown"].append(air)  # one flight a day: it may not hop on from its new base
        ctx.emit("VI.B.1.b.4", f"{unit_name(air)} flies to {unit_name(to) if to in st.units else to}",
                 kind="air_rebase", data={"air": air, "to": to, "hex": action["hex"]}, visible=(seat,))

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if "todo" not in fr:
            seaplanes_ashore(st, ctx)
            fr["todo"], fr["flown"] = list(SEATS), []
            return
        pop(st, fr)


# -- (d) scouting and (e) land-based air ----------------------------------------------------------------------------


def _enemy_forces(st: State, seat: str) -> list[tuple[str, str]]:
    """(key, hex) of every enemy force a search may find: IJN markers for the Allies, Allied task forces (a seat's
    ships in a hex, R-24) for the IJN."""
    if allied(seat):
        return [(m.label, m.loc) for m in sorted(st.markers.values(), key=lambda x: x.label)
                if not m.loc.startswith("off:")]
    out = set()
    for u in st.units.values():
        if allied(u.seat) and u.on_map and data().units[u.id].kind == "ship":
            out.add((f"{u.seat}@{u.loc}", u.loc))
    return sorted(out)


def _found(st: State, seat: str, key: str) -> bool:
    if allied(seat):
        return detected_by(st, seat, key)
    s, h = key.split("@")
    return all(detected_by(st, "IJN", u) for u in surface_at(st, h, (s,)))


def search(st: State, ctx: Context, seat: str, land: bool) -> None:
    """One search per enemy force in range from each hex holding the player's carriers (or land air bases), on the
    scouting table's range column (R-25)."""
    D = data()
    if seat == "IJN":  # VI.B.1.b.2.d: anchored transports are found without a search
        for u in sorted(st.units.values(), key=lambda x: x.id):
            if allied(u.seat) and u.on_map and _anchored_tr(st, u.id) and detect(st, "IJN", u.id):
                ctx.emit("VI.B.1.b.2.d", f"Transports at anchor at {u.loc}: {_target_name(st, 'IJN', u.id)}",
                         kind="detected", data={"hex": u.loc, "unit": u.id}, visible=IJN)
    if land:
        origins = sorted({hex_of_air(st, a) for a in _air_units(st, seat, True)})
        reach = D.constant("land_air_range")
    else:
        origins = sorted({u.loc for u in st.units.values() if u.seat == seat and u.on_map and cls(u.id) in CARRIERS
                          and not in_strait(u.loc)})
        reach = _ranges(seat, False)[1]
    for o in origins:
        for key, h in _enemy_forces(st, seat):
            if _found(st, seat, key):
                continue
            d = D.distance(o, h)
            if d > reach:
                continue
            need = D.scouting[min(d, max(D.scouting))]
            if d == 0:
                hit = True
            else:
                hexes = f"{d} hex{'es' if d > 1 else ''}"
                r = ctx.roll("d6", purpose=f"air search from {o} toward {h} ({hexes}: finds on {need}+)",
                             rule="VI.B.1.b.2.d", visible=(seat,))
                hit = r.final >= need
            if hit:
                _reveal(st, ctx, seat, key, h)


def _reveal(st: State, ctx: Context, seat: str, key: str, h: str) -> None:
    if allied(seat):
        detect(st, seat, key)
        ctx.emit("VI.B.1.b.2.d", f"Search planes find {describe_marker(st, key)} at {h}", kind="detected",
                 data={"marker": key, "hex": h}, visible=(seat,))
        if key in st.markers and not st.markers[key].units:
            remove_marker(st, ctx, key, "VI.B.1.b.2.d")
        return
    s, _ = key.split("@")
    found = surface_at(st, h, (s,))
    for u in found:
        detect(st, "IJN", u)
    ctx.emit("VI.B.1.b.2.d", f"IJN search planes find at {h}: " + ", ".join(_target_name(st, "IJN", u) for u in found),
             kind="detected", data={"hex": h}, visible=IJN)


@frame("ranged")
class Ranged:
    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        seat = fr["seat"]
        pop(st, fr)
        seaplanes_ashore(st, ctx)
        search(st, ctx, seat, land=False)
        push(st, "strike", seat=seat, mode="ranged")


@frame("land_air")
class LandAir:
    """VI.B.1.b.2.e: land-based air searches and strikes, for every seat with air units on a field (the IJN's, and
    the Allies' once they fly from Tacloban, R-51); the IJN first, as its anchored-transport sightings come here."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        seaplanes_ashore(st, ctx)
        steps = []
        for seat in SEATS:
            if seat == "IJN" or _air_units(st, seat, True):
                search(st, ctx, seat, land=True)
                steps.append(("strike", {"seat": seat, "mode": "land"}))
        push_many(st, steps)


# -- (c) surface battles ---------------------------------------------------------------------------------------------


def _surface_fighters(st: State, h: str, pts_attack: bool = False) -> list[str]:
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


def _harbor_pass(st: State, h: str, units: list[str]) -> bool:
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


def _battle_setup(st: State, units: list[str], crossing: dict[str, str] | None, hex: str | None = None) -> dict:
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
        names = ", ".join(_target_name(st, "", u) for u in _alive(st, fr, s))
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
        if to and _contact(st, to):
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
