"""The Activation Pool and the draws (4.2, 5.2, 8.7).

5.2: at the end of each Initial Phase the pool holds one marker for every TG on the map by itself (real or dummy),
one for each TF that has TGs (its TGs have no marker of their own), the two Air Flotilla markers by day (ruling R-5,
only a flotilla with island aircraft) and the two Special Command Chits of 8.7. 4.2: the players take turns drawing
at random from the one pool; whoever owns the drawn marker acts with it. A drawn TG or TF searches, moves and
strikes (``movement``); a drawn AF marker pushes ``clash_af_activation``; a drawn command chit (8.7) lets its owner
activate a TF or TG that has not acted yet — the USN chit goes back into the pool, the IJN one does not. A marker
whose formation already acted, was disbanded or was a dummy found out (3.1.6) is set aside. Ruling R-12: a chit its
owner declines is set aside for the turn, and so is a chit left in the pool with nothing to activate.

Marker ids are the formation ids (TG or TF), ``af:61st`` / ``af:22nd`` and ``chit:IJN`` / ``chit:USN``.
"""

from __future__ import annotations

from typing import Any

from leyte.core.cases import own
from leyte.core.errors import IllegalAction, LeyteError
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.clash import islands, movement, state
from leyte.rulebooks.clash.engine import ask, frame, opt, pop, push
from leyte.rulebooks.imperial_sunset.common import is_day
from leyte.rulebooks.imperial_sunset.state import State

CHITS = {"chit:IJN": "IJN", "chit:USN": "USN"}
AF_MARKERS = {"af:61st": "61st", "af:22nd": "22nd"}


def flotilla_of(base_id: str, base: dict[str, Any]) -> str:
    """The Air Flotilla of an island base (``state.flotilla``: airfields.csv's ``air_fleet``, ruling M-8)."""
    return state.flotilla(base_id, base)


def flotillas_with_aircraft(st: State) -> list[str]:
    """The flotillas that have an IJN air unit on one of their bases (in any box but destroyed)."""
    bases = state.extras(st)["air_bases"]
    found = {flotilla_of(a.parent, bases[a.parent]) for a in st.air.values()
             if a.parent in bases and a.box not in ("destroyed", "eliminated", "out")}
    return sorted(found)


def formation_markers(st: State, side: str | None = None) -> list[str]:
    """Pool markers of the formations on the map (5.2): TGs by themselves and TFs that hold TGs."""
    cl = state.extras(st)
    out = [t.id for t in state.tgs(st, side) if t.id not in cl["parent_tf"]]
    out += [tid for tid, tf in sorted(cl["tfs"].items())
            if (side is None or tf["side"] == side) and state.tgs_of(st, tid)]
    return sorted(out)


def mobile_fleet_marker(st: State) -> str | None:
    """The IJN TF's marker once Japanese Coordination has been ordered (16.1.4, R-10, R-11): drawing it makes the
    flagship announcement. None before the order, or when the game plays without the rule or without an IJN TF."""
    if not islands.coordination_marker_needed(st):
        return None
    mf = state.side_tf(st, "IJN")
    return mf[0] if mf else None


def marker_side(st: State, marker: str) -> str:
    if marker in CHITS:
        return CHITS[marker]
    if marker in AF_MARKERS:
        return "IJN"
    tf = state.extras(st)["tfs"].get(marker)
    if tf is not None:
        return str(tf["side"])
    t = st.tfs.get(marker)
    # a TG gone since the pool was filled (a dummy found out, 3.1.6; a disbanded TG) keeps the side its marker had
    return t.side if t is not None else str(st.flags.get("clash_pool_sides", {}).get(marker, "?"))


def marker_text(st: State, marker: str, viewer: str | None) -> str:
    """How a marker reads: its owner (and the umpire) see the formation's name, the other side its marker id."""
    if marker in CHITS:
        return f"{CHITS[marker]} command chit"
    if marker in AF_MARKERS:
        return f"{AF_MARKERS[marker]} Air Flotilla"
    tf = state.extras(st)["tfs"].get(marker)
    if tf is not None:
        return str(tf["name"])
    t = st.tfs.get(marker)
    if t is None:
        return f"TG {marker}"
    return t.name if viewer in (None, "umpire", t.side) else f"{t.side} TG {state.public_id(st, t.id)}"


def done(st: State) -> list[str]:
    """Markers whose formation has acted this turn (8.7: nothing is activated twice in one Activation Phase)."""
    return st.flags.setdefault("clash_activated", [])


def gone(st: State, marker: str) -> bool:
    """A formation marker with nothing left behind it: a disbanded TG, a removed dummy (3.1.6), an empty TF."""
    if marker in CHITS or marker in AF_MARKERS:
        return False
    cl = state.extras(st)
    if marker in cl["tfs"]:
        return not state.tgs_of(st, marker)
    t = st.tfs.get(marker)
    return t is None or not t.in_play or marker in cl["parent_tf"]


@frame("clash_pool")
class FillPool:
    """5.2: put every formation marker, the AF markers by day and both command chits into the pool."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pool = formation_markers(st)
        if is_day(st):
            pool += [f"af:{af}" for af in flotillas_with_aircraft(st)]
        mf = mobile_fleet_marker(st)
        if mf is not None and mf not in pool:  # after the order the marker goes in even with no TF to move
            pool.append(mf)
        pool += sorted(CHITS)
        st.pool = pool
        st.flags["clash_pool_sides"] = {m: marker_side(st, m) for m in pool}
        st.activated_by_chit = []
        st.flags["clash_activated"] = []
        st.flags["clash_drawer"] = "IJN"
        ctx.emit(own("5.2"), f"Activation Pool filled with {len(pool)} markers", kind="pool",
                 data={"size": len(pool), "markers": [state.public_id(st, m) for m in pool]})
        pop(st, fr)


def chit_choices(st: State, side: str) -> list[str]:
    """What a command chit may activate (8.7): the side's TF or a TG by itself that has not acted (never an AF)."""
    return [m for m in formation_markers(st, side) if m not in done(st)]


@frame("clash_activation_phase")
class ActivationPhase:
    """4.2: draw markers until the pool is empty, the players taking turns to draw."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        st.phase = "activation"
        useful = [m for m in st.pool if m not in CHITS or chit_choices(st, CHITS[m])]
        if not useful:
            if st.pool:
                ctx.emit(own("8.7"), "Only command chits with nothing left to activate remain; they are set aside "
                         "(ruling R-12)", kind="pool")
            st.pool = []
            pop(st, fr)
            return
        drawer = st.flags.get("clash_drawer", "IJN")
        st.flags["clash_drawer"] = "USN" if drawer == "IJN" else "IJN"
        i = ctx.pick(len(st.pool), purpose=f"{drawer} draws an activation marker", rule=own("4.2"))
        marker = st.pool.pop(i)
        dispatch(st, marker, ctx, by_chit=False)


def dispatch(st: State, marker: str, ctx: Context, *, by_chit: bool) -> None:
    """Act on a drawn marker (4.2), or on the formation a command chit names (8.7)."""
    side = marker_side(st, marker)
    if marker in CHITS:
        ctx.emit(own("8.7"), f"Drew the {side} command chit", kind="draw", data={"marker": marker, "side": side})
        push(st, "clash_command_chit", side=side)
        return
    if marker == mobile_fleet_marker(st) and marker not in done(st) and gone(st, marker):
        done(st).append(marker)  # no TF to activate, the marker only makes the announcement (16.1.4)
        ctx.emit(own("16.1.4"), f"Drew {marker_text(st, marker, 'public')}: the IJN reports its flagship",
                 kind="draw", data={"marker": marker, "side": side})
        push(st, "clash_flagship_report")
        return
    if marker in done(st) or gone(st, marker):
        ctx.emit(own("8.7") if marker in done(st) else own("3.1.6"),
                 f"Drew {marker_text(st, marker, 'public')}: it has already acted or left the map; set aside",
                 kind="draw", data={"marker": state.public_id(st, marker), "ignored": True})
        return
    done(st).append(marker)
    if marker in AF_MARKERS:
        ctx.emit(own("4.2"), f"Drew the {AF_MARKERS[marker]} Air Flotilla marker", kind="draw",
                 data={"marker": marker, "side": "IJN"})
        push(st, "clash_af_activation", af=AF_MARKERS[marker])
        return
    ctx.emit(own("4.2"), f"Drew {marker_text(st, marker, 'public')}" + (" (by command chit)" if by_chit else ""),
             kind="draw", data={"marker": state.public_id(st, marker), "side": side, "by_chit": by_chit})
    movement.begin(st, marker, ctx, by_chit=by_chit)
    if marker == mobile_fleet_marker(st):
        push(st, "clash_flagship_report")  # the announcement comes first, then the TF's activation (16.1.4)


@frame("clash_first_draw")
class FirstDraw:
    """A position that starts with a given marker drawn (a worked example's first step): take it out of the pool and
    act on it as a draw by its own side; the other side draws next (4.2)."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        marker = str(fr["marker"])
        if marker not in st.pool:
            raise LeyteError(f"5.2: the position's first marker {marker!r} is not in the Activation Pool")
        st.pool.remove(marker)
        st.flags["clash_drawer"] = "USN" if marker_side(st, marker) == "IJN" else "IJN"
        dispatch(st, marker, ctx, by_chit=False)


@frame("clash_command_chit")
class CommandChit:
    """8.7: the chit's owner activates his TF or a TG by itself that has not acted yet, or sets the chit aside."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision:
        side = fr["side"]
        options = [opt("chit_activate", f"Activate {marker_text(st, m, side)}", marker=m)
                   for m in chit_choices(st, side)]
        options.append(opt("chit_pass", "Activate nothing (the chit is set aside this turn)"))
        return ask(side, "command_chit", f"{side} command chit: activate a TF or TG that has not acted yet",
                   own("8.7"), options, data={"side": side})

    @staticmethod
    def refuse(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
        if action.kind == "chit_activate" and action.get("marker") not in chit_choices(st, fr["side"]):
            return IllegalAction(own("8.7"), f"{action.get('marker')!r} is not a {fr['side']} TF or TG that may still "
                                 "act this turn (never an Air Flotilla, never twice)")
        return None

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        side = fr["side"]
        why = CommandChit.refuse(st, fr, action)
        if why is not None:
            raise why
        pop(st, fr)
        if action.kind == "chit_pass":
            ctx.emit(own("8.7"), f"The {side} command chit is not used and is set aside this turn (ruling R-12)",
                     kind="chit")
            return
        marker = str(action["marker"])
        if side == "USN":
            st.pool.append("chit:USN")  # 8.7: the USN chit goes back into the pool
        st.activated_by_chit.append(marker)
        dispatch(st, marker, ctx, by_chit=True)
