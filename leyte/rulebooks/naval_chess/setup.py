"""Placing the forces by hand at the start (V.A-V.C), the scenario option ``free_setup``.

Every unit is placed in turn by its own seat, one question each, with the historical place offered first: the two
Allied fleets first, in the open (their counters are on the table, face down to the IJN, R-15), then the IJN behind
its screen (RULINGS R-60). The choices are exactly the printed zones: Allied ships on H5-H9, the PT boats aboard a
transport, submarines in any sea area; IJN ships at Brunei or off the west edge (at least seven of them), or at
Hong Kong, Manila or off the north edge; land-based air on any IJN airfield, the CVB seaplane unit in a harbor. When
the IJN is done its ships are put under one task force marker per place, which it may reorganise before its first
plot like any other day.
"""

from __future__ import annotations

from typing import Any

from leyte.core.game import Action, Context
from leyte.rulebooks.naval_chess.common import allied, unit_name
from leyte.rulebooks.naval_chess.data import ALLIED_SEATS, MARKER_LABELS, data
from leyte.rulebooks.naval_chess.engine import ask, frame, opt, pop, push
from leyte.rulebooks.naval_chess.state import State

IJN_WEST = ("B9", "off:west")  # Brunei and off the west edge (V.B)
IJN_OTHER = ("B2", "D5", "off:north")  # Hong Kong, Manila, off the north edge
PLACE_NAMES = {"off:west": "off the west edge", "off:north": "off the north edge"}


def begin(st: State, ctx: Context, start: str) -> None:
    """Take every unit of the built position off the board, remember where it was (the historical default) and
    ask for each one in turn; the day's sequence follows."""
    D = data()
    defaults: dict[str, str] = {}
    for uid, u in st.units.items():
        ud = D.units[uid]
        if ud.kind == "air":
            if u.loc == "ready" and u.base not in st.units and ud.seat == "IJN":
                defaults[uid] = u.base
                u.loc, u.base = "setup", ""
            continue
        if u.loc in ("reserve", "exited", "sunk"):
            continue
        defaults[uid] = u.loc.removeprefix("aboard:")
        u.loc, u.marker = "setup", ""
    st.markers.clear()  # the IJN's markers are drawn again once it has placed its ships
    st.marker_pool = list(MARKER_LABELS)
    order = [u for seat in (*ALLIED_SEATS, "IJN") for kind in ("ship", "pt", "sub", "air")
             for u in sorted(defaults) if D.units[u].seat == seat and D.units[u].kind == kind]
    st.phase = "setup"
    push(st, "game", start=start)
    push(st, "free_setup", todo=order, defaults=defaults)


def choices(st: State, uid: str, todo: list[str]) -> list[str]:
    """Where a unit may be placed (V.A-V.C)."""
    D = data()
    ud = D.units[uid]
    sea = [D.label(h) for h in D.map.hexes if D.map.terrain(h) != "land"]
    if ud.kind == "sub":
        return sea
    if ud.kind == "pt":
        return [u for u in sorted(st.units) if D.units[u].cls == "TR" and st.units[u].on_map]
    if ud.kind == "air":
        if ud.cls == "seaplane":
            return [D.label(h) for h in D.map.find("harbor")]
        from leyte.rulebooks.naval_chess.sequence import _airfields

        return _airfields(st)
    if allied(ud.seat):
        return [D.label(h) for h in D.map.find("setup", "Allies")]
    placed_west = sum(1 for u in st.units.values() if u.seat == "IJN" and D.units[u.id].kind == "ship"
                      and u.loc in IJN_WEST)
    ships_left = sum(1 for u in todo if D.units[u].seat == "IJN" and D.units[u].kind == "ship")
    need = D.constant("ijn_west_minimum") - placed_west
    return list(IJN_WEST) if ships_left <= need else [*IJN_WEST, *IJN_OTHER]


def _where(place: str) -> str:
    if place in data().units:
        return f"aboard {unit_name(place)}"
    return PLACE_NAMES.get(place, place)


@frame("free_setup")
class FreeSetup:
    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Any:
        if not fr["todo"]:
            return None
        uid = fr["todo"][0]
        places = choices(st, uid, fr["todo"])
        default = fr["defaults"].get(uid)
        if default in places:
            places.remove(default)
            places.insert(0, default)
        seat = data().units[uid].seat
        opts = [opt("place", f"{unit_name(uid)}: {_where(p)}" + (" (as in 1944)" if p == default else ""),
                    unit=uid, to=p) for p in places]
        return ask(seat, "setup", f"Set-up: where does {unit_name(uid)} start?", "V", opts,
                   data={"unit": uid, "default": default, "left": len(fr["todo"])})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        D = data()
        uid, to = fr["todo"].pop(0), action["to"]
        u, ud = st.units[uid], D.units[uid]
        if ud.kind == "air":
            u.base, u.loc = to, "ready"
            ctx.emit("V.B", f"{unit_name(uid)} is based at {to}", kind="setup", visible=("IJN",))
            return
        u.loc = f"aboard:{to}" if ud.kind == "pt" else to
        if allied(ud.seat):
            ctx.emit("V", f"{ud.seat}: {unit_name(uid)} starts {_where(to) if to in D.units else 'at ' + to}",
                     kind="setup", data={"unit": uid, "to": to}, visible=ALLIED_SEATS)
            if ud.kind != "pt":
                ctx.emit("V", f"Allied: a counter is placed at {to}", kind="setup_seen", data={"to": to},
                         visible=("IJN",))
        else:
            ctx.emit("V", f"{unit_name(uid)} starts {_where(to)}", kind="setup", visible=("IJN",))

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        """The IJN's ships go under one task force marker per place, each submarine under its own (VI.B.1.a)."""
        from leyte.rulebooks.naval_chess.sequence import new_marker

        D = data()
        places: dict[str, list[str]] = {}
        for uid in sorted(st.units):
            u = st.units[uid]
            if u.seat == "IJN" and D.units[uid].kind in ("ship", "sub") and (u.on_map or u.loc.startswith("off:")):
                key = uid if D.units[uid].kind == "sub" else u.loc
                places.setdefault(key, []).append(uid)
        for key in sorted(places):
            units = places[key]
            new_marker(st, ctx, units, st.units[units[0]].loc, "V.B")
            for x in units:
                st.units[x].loc = st.markers[st.units[x].marker].loc
        pop(st, fr)
