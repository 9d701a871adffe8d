"""Air power in an impulse's combat: same-hex naval air strikes (VI.B.1.b.2.b), scouting and long- and
extended-range strikes (d), land-based air (e), landing and re-basing after a strike.

A search's roll and finding go to the searching player.
"""

from __future__ import annotations

from typing import Any

from leyte.core.game import Action, Context
from leyte.rulebooks.naval_chess.common import (
    IJN,
    aa_factors,
    air_label,
    allied,
    apply_result,
    cls,
    describe_marker,
    detect,
    detected_by,
    in_strait,
    label_key,
    loss_needs,
    remove_marker,
    roll_cell,
    seats_in,
    sink,
    surface_at,
    unit_name,
    vp_value,
    witnesses,
)
from leyte.rulebooks.naval_chess.data import ALLIED_SEATS, CARRIERS, SEATS, data
from leyte.rulebooks.naval_chess.engine import ask, frame, opt, pop, push, push_many
from leyte.rulebooks.naval_chess.sequence import date, hex_of_air
from leyte.rulebooks.naval_chess.state import State

STRIKE_BUDGET = 4  # RULINGS R-35: same-hex 1, long 2, extended 4 points a carrier's air unit may spend a day
COSTS = {"same": 1, "long": 2, "extended": 4}


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
                opts.append(opt("strike", f"{unit_name(a)} strikes {target_name(st, seat, t)} here", air=a,
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
            opts.append(opt("strike", f"{unit_name(a)} strikes {target_name(st, seat, t)} at {st.units[t].loc} "
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
    return sorted(out, key=label_key)


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


def target_name(st: State, seat: str, t: str) -> str:
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
                     kind="strike", data={"hex": fr["hex"]}, visible=witnesses(st, fr["hex"]))
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
                    _land_after(st, ctx, air, fr["hex"], witnesses(st, fr["hex"]))


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
    return sorted((D.label(h) for h in D.map.find("harbor")), key=label_key)


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
        to = min(_ijn_harbors(), key=lambda h: (D.distance(here, h), label_key(h)))
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
                ctx.emit("VI.B.1.b.2.d", f"Transports at anchor at {u.loc}: {target_name(st, 'IJN', u.id)}",
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
    ctx.emit("VI.B.1.b.2.d", f"IJN search planes find at {h}: " + ", ".join(target_name(st, "IJN", u) for u in found),
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
