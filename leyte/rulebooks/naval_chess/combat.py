"""Combat in an impulse (VI.B.1.b.2, VI.B.2.b), in the printed order, hex by hex: (a) submarines, (b) same-hex
naval air strikes (by day), (c) surface battles in rounds with withdrawal and pursuit (at night after a surprise
roll); then, by day, (d) naval air scouting and long- and extended-range strikes and (e) land-based air.

Who sees what: a battle's events go to the players with forces in it; a search's roll and finding to the searching
player; a submarine's contact report to the submarine's owner alone.

The steps themselves live in ``submarines`` (a), ``air`` (b, d, e) and ``surface`` (c); this module walks the hexes
and pushes them in order.
"""

from __future__ import annotations

from typing import Any

from leyte.core.game import Action, Context
from leyte.rulebooks.naval_chess.air import seaplanes_ashore, strike_options
from leyte.rulebooks.naval_chess.common import (
    IJN,
    allied,
    contact,
    detect,
    in_strait,
    label_key,
    night,
    surface_at,
    witnesses,
)
from leyte.rulebooks.naval_chess.data import ALLIED_SEATS, SEATS, data
from leyte.rulebooks.naval_chess.engine import ask, frame, opt, pop, push, push_many
from leyte.rulebooks.naval_chess.state import State
from leyte.rulebooks.naval_chess.submarines import sub_targets
from leyte.rulebooks.naval_chess.surface import battle_setup, harbor_pass, surface_fighters


@frame("combat")
class Combat:
    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        data()
        if "hexes" not in fr:
            seaplanes_ashore(st, ctx)
            hexes = sorted({u.loc for u in st.units.values() if u.on_map}, key=label_key)
            fr["hexes"] = [h for h in hexes if contact(st, h)]
            fr["crossings"] = _crossings(st)
            return
        if fr["crossings"]:
            a_units, ijn_units, a_from, j_from = fr["crossings"].pop(0)
            a_units = [u for u in a_units if st.units[u].afloat]
            ijn_units = [u for u in ijn_units if st.units[u].afloat]
            if a_units and ijn_units:
                push(st, "battle", **battle_setup(st, a_units + ijn_units, crossing={"Allies": a_from, "IJN": j_from}))
            return
        if fr["hexes"]:
            h = fr["hexes"].pop(0)
            fr.setdefault("fought", []).append(h)
            if contact(st, h):
                push(st, "hex_combat", hex=h, step="subs")
            return
        pop(st, fr)
        if not night(st):
            push_many(st, [("ranged", {"seat": s}) for s in SEATS] + [("land_air", {})])




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
                if sub_targets(st, sub):
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
            units = surface_fighters(st, h, fr.get("pt_attack", False))
            sides = {("IJN" if st.units[u].seat == "IJN" else "Allies") for u in units}
            if len(sides) != 2 or harbor_pass(st, h, units):
                return
            tfs = _ijn_task_forces(st, units)
            if "order" not in fr:
                if len(tfs) < 2:
                    push(st, "battle", **battle_setup(st, units, crossing=None, hex=h))
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
            push(st, "battle", **battle_setup(st, line, crossing=None, hex=h))
            return
        pop(st, fr)

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Any:
        if fr["step"] == "order_ask":
            units = surface_fighters(st, fr["hex"], fr.get("pt_attack", False))
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
            units = surface_fighters(st, fr["hex"], fr.get("pt_attack", False))
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
                 visible=(seat,) if action.kind == "hide" else witnesses(st, fr["hex"]))


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
