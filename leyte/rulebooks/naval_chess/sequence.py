"""The sequence of play (VI): the day's replacements and sub postures, the IJN's secret organising and plotting,
the four movement impulses (Allies openly first, then the IJN plot carried out), the 5th Air Force, and the end of
the day's supply and victory points. Combat in each impulse is in ``combat``.
"""

from __future__ import annotations

from typing import Any

from leyte.core.errors import IllegalAction
from leyte.core.game import Action, Context
from leyte.rulebooks.naval_chess.common import (
    allied,
    at,
    detect,
    draw_label,
    marker_may_move,
    remove_marker,
    score,
    unit_may_move,
    unit_name,
)
from leyte.rulebooks.naval_chess.data import ALLIED_SEATS, IMPULSE_NAMES, SEATS, data
from leyte.rulebooks.naval_chess.engine import advance, ask, frame, opt, pop, push, push_many
from leyte.rulebooks.naval_chess.state import Marker, State

IJN = ("IJN",)
ORGANISE_LIMIT = 10  # changes the IJN may make to its markers in one plot phase (RULINGS R-37)


def start(st: State, ctx: Context, at: str = "day") -> None:
    """Begin play at the start of the day, or (for a worked example's position) at one step of it: an impulse's
    movement (``"afternoon"``), its combat (``"afternoon_combat"``) or the 5th Air Force (``"fifth_af"``)."""
    push(st, "game", start=at)
    advance(st, ctx)


START_POINTS = ("day", "morning", "afternoon", "fifth_af", "before_midnight", "after_midnight",
                *(f"{imp}_combat" for imp in ("morning", "afternoon", "before_midnight", "after_midnight")))


def date(st: State) -> int:
    return data().constant("first_date") + st.day - 1


def hex_of_air(st: State, uid: str) -> str:
    """The hex an air unit is in: its airfield, or its carrier's hex ("" when the carrier is off the map)."""
    b = st.units[uid].base
    if b in st.units:
        return st.units[b].loc if st.units[b].on_map else ""
    return b


def ship_hexes(st: State, seat: str) -> set[str]:
    return {u.loc for u in st.units.values() if u.seat == seat and u.on_map}


# -- the day --------------------------------------------------------------------------------------------------------


@frame("game")
class Game:
    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if st.day > st.last_day:
            pop(st, fr)
            finish(st, ctx)
            return
        ctx.emit("VI", f"Day {st.day}: {date(st)} October 1944", kind="day", data={"day": st.day})
        st.detected = {s: [] for s in SEATS}  # detection lasts the daytime turn (VI.B.1.b.2.b)
        frames: list[tuple[str, dict[str, Any]]] = [
            ("replacements", {}), ("posture", {"todo": [s for s in SEATS if _has_subs(st, s)]}),
            ("organise", {"night": False, "changes": 0}), ("plot", {"night": False, "done": []}),
            ("impulse", {"impulse": "morning"}), ("impulse", {"impulse": "afternoon"}), ("rebase", {}),
            ("fifth_af", {}), ("night", {}),
            ("organise", {"night": True, "changes": 0}), ("plot", {"night": True, "done": []}),
            ("impulse", {"impulse": "before_midnight"}), ("impulse", {"impulse": "after_midnight"}),
            ("end_of_day", {}),
        ]
        at = fr.pop("start", "day")
        if at != "day":
            frames = _from(st, frames, at)
        push_many(st, frames)


def _from(st: State, frames: list[tuple[str, dict[str, Any]]], at: str) -> list[tuple[str, dict[str, Any]]]:
    """The rest of the day from a worked example's starting step. At night every unit counts as having been where
    it is through the day (for the surprise shift of VI.B.2.b)."""
    imp = at.removesuffix("_combat")
    if imp == "fifth_af":
        i = next(n for n, (k, _) in enumerate(frames) if k == "fifth_af")
        return frames[i:]
    i = next(n for n, (k, d) in enumerate(frames) if k == "impulse" and d["impulse"] == imp)
    if imp in ("before_midnight", "after_midnight"):
        st.phase = "night"
        for u in st.units.values():
            u.day_hex = u.loc if u.on_map else ""
    if at.endswith("_combat"):
        st.impulse = st.phase = imp
        return [("after_move", {}), ("combat", {"impulse": imp}), *frames[i + 1:]]
    return frames[i:]


def _has_subs(st: State, seat: str) -> bool:
    return any(u.seat == seat and u.afloat and data().units[u.id].kind == "sub" for u in st.units.values())


@frame("night")
class Night:
    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        st.phase = "night"
        for u in st.units.values():
            u.hidden = False
            u.day_hex = u.loc if u.afloat else ""
        ctx.emit("VI.B.2", f"Night of {date(st)}/{date(st) + 1} October", kind="phase", data={"phase": "night"})
        pop(st, fr)


def finish(st: State, ctx: Context) -> None:
    """IV: the Allied total against the printed bands (40 or more is strategic, R-8)."""
    D = data()
    vp = st.allied_vp
    if vp >= D.constant("strategic_vp"):
        winner, level = "Allies", "strategic"
    elif vp >= D.constant("tactical_vp"):
        winner, level = "Allies", "tactical"
    elif vp >= 0:
        winner, level = "Japan", "tactical"
    else:
        winner, level = "Japan", "strategic"
    st.result = {"winner": winner, "level": level, "allied_vp": vp, "day": st.last_day,
                 "historical_vp": D.constant("historical_vp"),
                 "wins": 2 if level == "strategic" else 1}
    st.phase = "over"
    ctx.emit("IV", f"Game over: {vp} Allied victory points — a {level} victory for "
             f"{'the Allies' if winner == 'Allies' else 'Japan'} (historically the Allies scored "
             f"{D.constant('historical_vp')})", kind="result", data=dict(st.result))


# -- VI.A replacements and postures -------------------------------------------------------------------------------


def _airfields(st: State) -> list[str]:
    D = data()
    return [D.label(h) for h in D.map.find("airfield") if not _allied_field(st, D.label(h))]


def _allied_field(st: State, label: str) -> bool:
    """Leyte's and the east's fields are the Allies'; every other field on the map is Japanese (RULINGS R-2)."""
    return data().feature(label, "airfield") in ("Tacloban", "Peleliu", "Morotai")


@frame("replacements")
class Replacements:
    """VI.A: escalation, the IJN's Betty replacements (from day 3), Kamikazes, and the Allied air rebuild."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Any:
        todo = fr.get("todo")
        if not todo:
            return None
        uid = todo[0]
        opts = [opt("base", f"{unit_name(uid)} to {f} ({data().feature(f, 'airfield')})", unit=uid, hex=f)
                for f in _airfields(st)]
        if data().units[uid].cls == "kamikaze":
            opts.insert(0, opt("hold", f"Keep {unit_name(uid)} in reserve", unit=uid))
        return ask("IJN", "replacement", f"Day {st.day}: where does {unit_name(uid)} enter?", "VI.A", opts,
                   data={"unit": uid, "day": st.day})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        uid = fr["todo"].pop(0)
        if action.kind == "base":
            st.units[uid].base = action["hex"]
            st.units[uid].loc = "ready"
            st.units[uid].points = 0
            ctx.emit("VI.A", f"{unit_name(uid)} enters at {action['hex']}", kind="air_enter", visible=IJN)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if "todo" in fr:
            pop(st, fr)
            return
        D = data()
        st.phase = "replacements"
        if not st.escalated and _escalation(st):
            st.escalated = True
            ctx.emit("VI.A", "The Allies have landed on Luzon or Taiwan or entered the D column: the IJN now gets two "
                     "land-based air units a day and its second Kamikaze", kind="escalation")
            st.units["kamikaze_2"].loc = "reserve_ready"
        todo: list[str] = []
        if st.day >= D.constant("betty_from_day"):
            n = D.constant("bettys_escalated" if st.escalated else "bettys_per_day")
            pool = [u for u in sorted(st.units) if D.units[u].cls == "land" and D.units[u].option != "unryu"
                    and st.units[u].loc in ("reserve", "sunk")]
            todo += pool[:n]
        kamikazes = [u for u in sorted(st.units) if D.units[u].cls == "kamikaze"
                     and (st.units[u].loc == "reserve_ready" or (u == "kamikaze_1" and st.units[u].loc == "reserve"))]
        todo += kamikazes
        _rebuild(st, ctx)
        fr["todo"] = todo


def _escalation(st: State) -> bool:
    """VI.A with RULINGS R-13: an Allied ship in column D, or a transport anchored at Lingayen or in the Taiwan
    Strait."""
    D = data()
    for u in st.units.values():
        if u.seat == "IJN" or not u.on_map:
            continue
        if u.loc.startswith("D") or D.has(u.loc, "strait_taiwan") or D.has(u.loc, "anchorage", "Lingayen Gulf"):
            return True
    return False


def _rebuild(st: State, ctx: Context) -> None:
    """VI.A: a lost Allied naval air unit comes back after 2 days (weak) or 3 (strong), one at a time, on its own
    carrier if that carrier is afloat and has no air unit."""
    D = data()
    for a in sorted(st.units.values(), key=lambda x: x.id):
        if a.rebuild > 0:
            a.rebuild -= 1
            if a.rebuild == 0:
                home = D.units[a.id].setup
                if st.units[home].afloat and not any(x.base == home and x.loc == "ready" for x in st.units.values()):
                    a.loc, a.base, a.points = "ready", home, 0
                    ctx.emit("VI.A", f"{unit_name(a.id)} is rebuilt on {unit_name(home)}", kind="air_rebuilt",
                             visible=ALLIED_SEATS)
                else:
                    a.rebuild = 1  # waits for its carrier
            return
    for a in sorted(st.units.values(), key=lambda x: x.id):
        ud = D.units[a.id]
        if ud.kind == "air" and allied(ud.seat) and a.loc == "sunk" and st.units[ud.setup].afloat:
            a.rebuild = D.constant("rebuild_strong_days" if ud.strength == "strong" else "rebuild_weak_days")
            ctx.emit("VI.A", f"{unit_name(a.id)} starts rebuilding ({a.rebuild} days)", kind="air_rebuild",
                     visible=ALLIED_SEATS)
            return


@frame("posture")
class Posture:
    """VI.A: each player with submarines declares them all Active (bracketed results) or Passive."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Any:
        if not fr["todo"]:
            return None
        seat = fr["todo"][0]
        return ask(seat, "sub_posture", f"Day {st.day}: will your submarines attack Actively or Passively?", "VI.A",
                   [opt("posture", "Passive: the plain results", posture="passive"),
                    opt("posture", "Active: the bracketed results (more hits, more risk)", posture="active")],
                   data={"seat": seat, "current": st.posture.get(seat, "passive")})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        seat = fr["todo"].pop(0)
        st.posture[seat] = action["posture"]
        ctx.emit("VI.A", f"{seat}'s submarines are {action['posture']} today", kind="posture",
                 data={"seat": seat, "posture": action["posture"]}, visible=(seat,))

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


# -- VI.B.1.a the IJN organises and plots in secret ------------------------------------------------------------------


def real_markers(st: State) -> list[str]:
    return sorted(k for k, m in st.markers.items() if m.units)


def _in_play(loc: str) -> bool:
    return loc not in ("exited", "sunk")


def new_marker(st: State, ctx: Context, units: list[str], loc: str, rule: str) -> str:
    """A marker appears (a split task force or a dummy: the Allies cannot tell which, R-15)."""
    label = draw_label(st, ctx, rule)
    st.markers[label] = Marker(label, loc, list(units))
    for x in units:
        st.units[x].marker = label
    where = f"off the {loc[4:]} edge" if loc.startswith("off:") else f"at {loc}"
    ctx.emit(rule, f"A new IJN marker {label} is {where}", kind="marker_new", data={"marker": label, "hex": loc})
    return label


@frame("organise")
class Organise:
    """VI.B.1.a: behind the screen the IJN splits and joins task forces and lays or lifts dummies (RULINGS R-37
    caps the changes a phase at ten)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Any:
        opts = [opt("done", "Done organising")]
        if fr["changes"] < ORGANISE_LIMIT:
            free = bool(st.marker_pool)
            for label in sorted(st.markers):
                m = st.markers[label]
                ships = [u for u in m.units if data().units[u].kind == "ship"]
                if free and len(ships) >= 2:
                    for u in ships:
                        opts.append(opt("split", f"Detach {unit_name(u)} from {label} as a new task force",
                                        marker=label, unit=u))
                if free and ships:
                    opts.append(opt("dummy", f"Lay a dummy from {label} at {m.loc}", marker=label))
                if not m.units:
                    opts.append(opt("lift", f"Remove dummy {label}", marker=label))
                for other in sorted(st.markers):
                    o = st.markers[other]
                    if (other != label and o.loc == m.loc and ships and o.units
                            and all(data().units[x].kind == "ship" for x in o.units)):
                        opts.append(opt("join", f"Join {other} into {label} at {m.loc}", marker=label, other=other))
            if free:
                for edge in ("north", "west"):
                    opts.append(opt("dummy_edge", f"Lay a dummy off the {edge} edge", edge=edge))
        when = "night" if fr["night"] else "day"
        return ask("IJN", "organise", f"Day {st.day} ({when}): organise your task forces behind the screen",
                   "VI.B.1.a", opts, data={"night": fr["night"], "changes_left": ORGANISE_LIMIT - fr["changes"],
                                           "markers": {k: list(v.units) for k, v in sorted(st.markers.items())}})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "done":
            pop(st, fr)
            return
        fr["changes"] += 1
        rule = "VI.B.1.a"
        if action.kind == "split":
            m = st.markers[action["marker"]]
            m.units.remove(action["unit"])
            new_marker(st, ctx, [action["unit"]], m.loc, rule)
        elif action.kind == "dummy":
            new_marker(st, ctx, [], st.markers[action["marker"]].loc, rule)
        elif action.kind == "dummy_edge":
            new_marker(st, ctx, [], f"off:{action['edge']}", rule)
        elif action.kind == "lift":
            remove_marker(st, ctx, action["marker"], rule)
        elif action.kind == "join":
            m, o = st.markers[action["marker"]], st.markers[action["other"]]
            for u in o.units:
                st.units[u].marker = m.label
            m.units += o.units
            o.units = []
            remove_marker(st, ctx, o.label, rule)
        ctx.emit(rule, f"Organised: {action.text}", kind="organise", visible=IJN)


def _impulses(night: bool) -> tuple[str, str]:
    return ("before_midnight", "after_midnight") if night else ("morning", "afternoon")


def may_leave(st: State, loc: str, seat: str) -> bool:
    """VI.B.1.a: a harbor is blockaded — its ships cannot sail — while an enemy submarine or surface force sits in
    that hex."""
    D = data()
    if loc.startswith("off:") or not (D.has(loc, "harbor") or D.has(loc, "anchorage")):
        return True
    enemies = ALLIED_SEATS if seat == "IJN" else IJN
    return not at(st, loc, enemies, ("ship", "sub"))


def plot_paths(st: State, label: str, night: bool) -> list[tuple[str, ...]]:
    """Every plot a marker may write: one step (stay, a neighbour, entry or exit) for each impulse of the phase in
    which it may move. Off-map forces enter on an edge hex of their own edge; IJN forces may leave by the north
    or west edge (VI.B.1.a)."""
    D = data()
    m = st.markers[label]
    paths: list[tuple[str, ...]] = [()]
    anchored_blocked = not may_leave(st, m.loc, "IJN")
    for imp in _impulses(night):
        if not marker_may_move(st, label, imp):
            paths = [p + ("",) for p in paths]
            continue
        out = []
        for p in paths:
            here = next((x for x in reversed(p) if x), m.loc)
            steps = [here]
            if here in ("exit",):
                out.append(p + ("",))
                continue
            if here.startswith("off:"):
                steps += D.edge_hexes(here[4:])
            elif not (anchored_blocked and here == m.loc):
                steps += D.neighbours(here)
                if D.has(here, "edge", "north") or D.has(here, "edge", "west"):
                    steps.append("exit")
            for s in steps:
                out.append(p + (s if s != here else "",))
        paths = out
    return sorted(set(paths))


def _path_text(m: Marker, path: tuple[str, ...], night: bool) -> str:
    parts = []
    for imp, h in zip(_impulses(night), path, strict=True):
        parts.append(f"{IMPULSE_NAMES[imp]}: {'stay' if not h else ('leave the map' if h == 'exit' else h)}")
    return "; ".join(parts)


@frame("plot")
class Plot:
    """VI.B.1.a and VI.B.2.a: the IJN writes each marker's hexes for the phase on the plotting form (hidden)."""

    @staticmethod
    def _next(st: State, fr: dict[str, Any]) -> str | None:
        for label in sorted(st.markers):
            if label not in fr["done"]:
                return label
        return None

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Any:
        label = Plot._next(st, fr)
        if label is None:
            return None
        m = st.markers[label]
        night = fr["night"]
        opts = [opt("plot", _path_text(m, p, night), marker=label, path=list(p)) for p in plot_paths(st, label, night)]
        return ask("IJN", "plot", f"Plot marker {label} at {m.loc} ({len(m.units)} units)", "VI.B.1.a", opts,
                   data={"marker": label, "hex": m.loc, "units": list(m.units), "night": night,
                         "impulses": list(_impulses(night))})

    @staticmethod
    def refuse(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
        return None

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        label = action["marker"]
        m = st.markers[label]
        m.plot = {imp: h for imp, h in zip(_impulses(fr["night"]), action["path"], strict=True) if h}
        fr["done"].append(label)
        ctx.emit("VI.B.1.a", f"Plotted {label}: {action.text}", kind="plot",
                 data={"marker": label, "plot": dict(m.plot)}, visible=IJN)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


# -- VI.B.1.b movement impulses -------------------------------------------------------------------------------------


@frame("impulse")
class Impulse:
    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        imp = fr["impulse"]
        st.impulse = imp
        st.phase = imp
        for u in st.units.values():
            u.moved, u.moved_from = False, ""
            u.phase_strikes, u.struck_here = 0, False
        for m in st.markers.values():
            m.moved_from = ""
        ctx.emit("VI.B", f"{IMPULSE_NAMES[imp]} movement", kind="impulse", data={"impulse": imp})
        pop(st, fr)
        push_many(st, [("allied_move", {"seat": s}) for s in ALLIED_SEATS] + [
            ("ijn_move", {}), ("after_move", {}), ("combat", {"impulse": imp})])


def allied_steps(st: State, uid: str) -> list[str]:
    """Where an Allied unit may go this impulse: a neighbouring sea hex (PT boats: coastal waters only, VI.B.2.b),
    or off the map from H5-H9 and G10 (VI.B.1.a)."""
    D = data()
    u = st.units[uid]
    if not may_leave(st, u.loc, u.seat):
        return []
    out = D.neighbours(u.loc)
    if D.units[uid].kind == "pt":
        out = [h for h in out if D.terrain(h) in ("coastal", "strait")]
    if D.has(u.loc, "edge", "east"):
        out.append("exit")
    return out


def _movable(st: State, seat: str) -> list[str]:
    return [u.id for u in sorted(st.units.values(), key=lambda x: x.id)
            if u.seat == seat and u.on_map and not u.moved and unit_may_move(st, u.id, st.impulse)]


@frame("allied_move")
class AlliedMove:
    """VI.B.1.b.1: each Allied player moves his eligible units one hex, in the open, before the IJN plot runs.
    The Third Fleet moves first, then the Seventh (RULINGS R-19)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Any:
        seat = fr["seat"]
        units = _movable(st, seat)
        if not units:
            return None
        opts = [opt("done", "Done moving")]
        groups: dict[tuple[str, str], list[str]] = {}
        for uid in units:
            for h in allied_steps(st, uid):
                groups.setdefault((st.units[uid].loc, h), []).append(uid)
                where = "off the map (it may not return)" if h == "exit" else h
                opts.append(opt("move", f"{unit_name(uid)}: {st.units[uid].loc} to {where}", unit=uid, to=h))
        for (frm, h), us in sorted(groups.items()):
            if len(us) > 1 and h != "exit":
                opts.append(opt("move_group", f"All {len(us)} movable units at {frm} to {h}", frm=frm, to=h))
        return ask(seat, "move", f"{IMPULSE_NAMES[st.impulse]}: move your units (one hex each)", "VI.B.1.b.1", opts,
                   data={"seat": seat, "impulse": st.impulse,
                         "units": {u: st.units[u].loc for u in units}})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        seat = fr["seat"]
        if action.kind == "done":
            for uid in _movable(st, seat):
                st.units[uid].moved = True
            return
        if action.kind == "move":
            uids = [action["unit"]]
        else:
            uids = [u for u in _movable(st, seat) if st.units[u].loc == action["frm"]
                    and action["to"] in allied_steps(st, u)]
        to = action["to"]
        frm = st.units[uids[0]].loc
        for uid in uids:
            u = st.units[uid]
            u.moved, u.moved_from = True, u.loc
            u.anchored = False
            u.loc = "exited" if to == "exit" else to
            if to == "exit":
                _exit_air(st, uid)
        names = ", ".join(unit_name(x) for x in uids)
        where = "off the map" if to == "exit" else to
        ctx.emit("VI.B.1.b.1", f"{seat}: {names} {frm} to {where}", kind="move",
                 data={"seat": seat, "units": uids, "from": frm, "to": to}, visible=ALLIED_SEATS)
        n = len(uids)
        ctx.emit("VI.B.1.b.1", f"Allied: {n} counter{'s' if n > 1 else ''} move{'' if n > 1 else 's'} {frm} to "
                 f"{where}", kind="move_seen", data={"count": n, "from": frm, "to": to}, visible=IJN)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)


def _exit_air(st: State, uid: str) -> None:
    """Air units on a carrier, and PT boats on a transport, leave the map with it (VI.B.1.a: never to return)."""
    for a in st.units.values():
        if (a.base == uid and a.loc == "ready") or a.loc == f"aboard:{uid}":
            a.loc = "exited"


@frame("ijn_move")
class IjnMove:
    """VI.B.1.b.1 and .3: the IJN's plotted hex for this impulse, unless a battle has made it impossible (then the
    marker does not move)."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        D = data()
        imp = st.impulse
        for label in sorted(st.markers):
            m = st.markers.get(label)
            if m is None:
                continue
            to = m.plot.pop(imp, "")
            if not to:
                continue
            frm = m.loc
            ok = marker_may_move(st, label, imp) and may_leave(st, frm, "IJN")
            if frm.startswith("off:"):
                ok = ok and to in D.edge_hexes(frm[4:])
            elif to == "exit":
                ok = ok and (D.has(frm, "edge", "north") or D.has(frm, "edge", "west"))
            else:
                ok = ok and to in D.neighbours(frm)
            if not ok:
                ctx.emit("VI.B.1.b.3", f"Marker {label} cannot carry out its plot and stays at {frm}", kind="plot_void",
                         data={"marker": label, "hex": frm})
                m.plot.clear()
                continue
            m.moved_from = frm
            if to == "exit":
                for u in m.units:
                    st.units[u].loc = "exited"
                    st.units[u].marker = ""
                    _exit_air(st, u)
                ctx.emit("VI.B.1.a", f"Marker {label} leaves the map from {frm}", kind="marker_exit",
                         data={"marker": label, "from": frm})
                m.units = []
                st.markers.pop(label)
                st.marker_pool.append(label)
                st.marker_pool.sort(key=lambda x: int(x[1:]))
                continue
            m.loc = to
            for u in m.units:
                st.units[u].loc = to
                st.units[u].moved_from = frm
                st.units[u].anchored = False
            where = "off the map" if frm.startswith("off:") else frm
            ctx.emit("VI.B.1.b.1", f"Marker {label} moves from {where} to {to}", kind="marker_move",
                     data={"marker": label, "from": frm, "to": to})
        pop(st, fr)


@frame("after_move")
class AfterMove:
    """Anchoring (R-48): an IJN ship that stayed put in a harbor hex, or an Allied transport that stayed put at an
    anchorage, is in harbor for this impulse's combat; a transport anchored in Leyte Gulf starts the Allies' clock
    for the Leyte airfield."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        D = data()
        for u in st.units.values():
            if not u.on_map or D.units[u.id].kind != "ship":
                continue
            if u.moved_from:
                u.anchored = False
                continue
            if allied(u.seat):  # of the Allied ships only the transports anchor; the warships stay at sea
                u.anchored = D.units[u.id].cls == "TR" and D.has(u.loc, "anchorage")
            else:
                u.anchored = D.has(u.loc, "harbor")
        if not st.leyte_since and any(
                u.anchored and D.units[u.id].cls == "TR" and allied(u.seat) and D.has(u.loc, "anchorage", "Leyte Gulf")
                for u in st.units.values()):
            st.leyte_since = st.day
            ctx.emit("VI.C", "Allied transports anchor in Leyte Gulf", kind="landing")
        pop(st, fr)


# -- VI.B.1.b.5 the 5th Air Force -----------------------------------------------------------------------------------


@frame("fifth_af")
class FifthAirForce:
    """VI.B.1.b.5: each IJN marker in the zone (R-3) is found on 5-6; in a found task force the Seventh Fleet picks
    one ship, hit DS on 1 (1-2 if already Damaged). A found dummy is shown to be empty and lifted (R-36)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Any:
        label = fr.get("target_of")
        if not label:
            return None
        m = st.markers[label]
        opts = [opt("target", f"{unit_name(u)} ({data().units[u].cls})", unit=u) for u in m.units
                if data().units[u].kind == "ship"]
        return ask("Seventh Fleet", "fifth_af_target", f"The 5th Air Force found {label} at {m.loc}: pick its target",
                   "VI.B.1.b.5", opts, data={"marker": label, "hex": m.loc})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        from leyte.rulebooks.naval_chess.common import apply_result

        D = data()
        uid = action["unit"]
        fr["target_of"] = None
        need = D.constant("fifth_af_hit_damaged" if st.units[uid].damaged else "fifth_af_hit")
        r = ctx.roll("d6", purpose=f"5th Air Force attack on {unit_name(uid)} (hits on {need} or less)",
                     rule="VI.B.1.b.5")
        apply_result(st, ctx, uid, "DS" if r.final <= need else "-", "VI.B.1.b.5", None,
                     f"5th Air Force bombs {unit_name(uid)}", {"raw": r.final, "need": need})

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        from leyte.rulebooks.naval_chess.common import describe_marker

        D = data()
        if "todo" not in fr:
            st.phase = "fifth_af"
            fr["todo"] = sorted(k for k, m in st.markers.items()
                                if not m.loc.startswith("off:") and D.has(m.loc, "fifth_af"))
            fr["target_of"] = None
            if not fr["todo"]:
                pop(st, fr)
            return
        if not fr["todo"]:
            pop(st, fr)
            return
        label = fr["todo"].pop(0)
        m = st.markers.get(label)
        if m is None:
            return
        need = D.constant("fifth_af_detect")
        r = ctx.roll("d6", purpose=f"5th Air Force search for marker {label} at {m.loc} (finds on {need}+)",
                     rule="VI.B.1.b.5")
        if r.final < need:
            return
        for seat in ALLIED_SEATS:
            detect(st, seat, label)
        ctx.emit("VI.B.1.b.5", f"The 5th Air Force finds {describe_marker(st, label)}", kind="detected",
                 data={"marker": label, "by": "5th Air Force"})
        if not m.units:
            remove_marker(st, ctx, label, "VI.B.1.b.5")
            return
        if any(D.units[u].kind == "ship" for u in m.units):
            fr["target_of"] = label


# -- VI.C supply and victory points ---------------------------------------------------------------------------------


def _supply_sources(seat: str) -> set[str]:
    D = data()
    if seat == "IJN":
        out = {D.label(h) for h in D.map.find("home", "IJN")}
        out |= set(D.edge_hexes("north")) | set(D.edge_hexes("west"))
    else:
        out = set(D.edge_hexes("east"))
    return out


def in_supply(st: State, seat: str, label: str) -> bool:
    """VI.C: supplied at a home base, or when a path of water hexes with no enemy ship on it leads back to a home
    base or a friendly map edge."""
    D = data()
    sources = _supply_sources(seat)
    if allied(seat) and st.leyte_since:
        sources.add("E7")
    enemies = IJN if allied(seat) else ALLIED_SEATS
    blocked = {u.loc for u in st.units.values() if u.seat in enemies and u.on_map and D.units[u.id].kind == "ship"}
    if label in sources:
        return True
    seen, todo = {label}, [label]
    while todo:
        h = todo.pop()
        for n in D.neighbours(h):
            if n in seen or n in blocked:
                continue
            if n in sources:
                return True
            seen.add(n)
            todo.append(n)
    return False


@frame("end_of_day")
class EndOfDay:
    """VI.C: supply, the day's transport awards, the IJN's unloading at E6/E7/Leyte Gulf, the PT boats put ashore
    from their transport; then the next day."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Any:
        if not fr.get("pt"):
            return None
        pt, tr = fr["pt"]
        return ask("Seventh Fleet", "unload_pt", f"Put the PT boats into the water at {st.units[tr].loc}?", "VI.C",
                   [opt("keep", "Keep them aboard"), opt("unload", "Unload them here")], data={"pt": pt, "hex":
                                                                                              st.units[tr].loc})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        pt, tr = fr.pop("pt")
        fr["pt_done"] = True
        if action.kind == "unload":
            st.units[pt].loc = st.units[tr].loc
            ctx.emit("VI.C", f"The PT boats are unloaded at {st.units[pt].loc}", kind="pt_unload",
                     visible=ALLIED_SEATS)

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        D = data()
        if not fr.get("pt_done"):
            fr["pt_done"] = True
            for pt in st.units.values():
                if pt.loc.startswith("aboard:"):
                    tr = pt.loc[6:]
                    if st.units[tr].on_map and D.terrain(st.units[tr].loc) in ("coastal", "strait"):
                        fr["pt"] = [pt.id, tr]
                        return
        st.phase = "end_of_day"
        for u in st.units.values():
            if u.on_map and D.units[u.id].kind == "ship":
                was = u.supplied
                u.supplied = in_supply(st, u.seat, u.loc)
                if was != u.supplied:
                    ctx.emit("VI.C", f"{unit_name(u.id)} is {'back in' if u.supplied else 'out of'} supply",
                             kind="supply", visible=(u.seat,))
        award = D.vp["anchored_tr"]
        for place in ("Leyte Gulf", "Lingayen Gulf"):
            if any(u.anchored and u.on_map and D.units[u.id].cls == "TR" and allied(u.seat)
                   and D.has(u.loc, "anchorage", place)
                   for u in st.units.values()):
                score(st, ctx, award, f"transports anchored in {place}", "VI.C")
        if any(u.on_map and D.units[u.id].cls == "TR" and allied(u.seat) and D.has(u.loc, "strait_taiwan")
               for u in st.units.values()):
            score(st, ctx, award, "transports in the Taiwan Strait", "VI.C")
        if not st.unloaded:
            for u in st.units.values():
                if D.units[u.id].cls == "TR/CA" and u.on_map and D.has(u.loc, "unload"):
                    st.unloaded = True
                    score(st, ctx, -D.vp["ijn_unload"], f"the IJN lands troops at {u.loc}",
                          "VI.C")
        for a in st.units.values():
            a.points = 0
        from leyte.rulebooks.naval_chess.common import publish_vp

        publish_vp(st, ctx)
        pop(st, fr)
        st.day += 1
