"""Activation (module 4): the pool of markers, random draws, command chits, and what an activated force may do.

4.1 Every TF (real or dummy) and each land-based air formation puts a marker in the pool; kamikazes go in on their
turns (11.1); each side adds a command chit (4.3). 4.2 Markers are drawn at random; the owner acts with that force.
4.3 A drawn command chit lets its owner activate any force not yet activated — the USN chit goes back in the pool,
the IJN chit is used once and cannot activate kamikazes; a marker whose force already acted (or is gone) is simply
set aside. 4.4 An activated TF may move, search, strike and fight in any order; 4.5 land-based air searches and
strikes; 4.6 kamikazes only strike.
"""

from __future__ import annotations

from typing import Any

from leyte.core.errors import IllegalAction
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset import air, detection, engine, kamikaze, movement
from leyte.rulebooks.imperial_sunset.common import (
    AIR_FORMATIONS,
    CHITS,
    KAMIKAZE,
    active_tfs,
    enemy_markers_at,
    has_live_ships,
    is_day,
    marker_name,
    side_of_marker,
    tf_speed,
)
from leyte.rulebooks.imperial_sunset.engine import ask, frame, opt, pop, push
from leyte.rulebooks.imperial_sunset.state import State, TFState


def formation_in_pool(st: State, formation: str) -> bool:
    """Land-based air formations join the pool on day turns only (6.5.11), and not where a scenario grounds them."""
    if not is_day(st):
        return False
    grounded = st.flags.get("grounded_formations", {})
    date = str(st.flags.get("turn_info", {}).get("date", ""))
    if formation in grounded and date in grounded[formation]:
        return False
    if AIR_FORMATIONS.get(formation) == "IJN" and str(st.flags.get("turn_info", {}).get("ijn_air_ops", "true")) \
            .lower() == "false":
        return False
    return formation in st.flags.get("formations", list(AIR_FORMATIONS))


@frame("fill_pool")
class FillPool:
    """3.1 last step: every active TF marker, the air formations (day), kamikazes (11.1) and both command chits."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pool = [t.id for t in sorted(active_tfs(st), key=lambda t: t.id)]
        pool += [f for f in AIR_FORMATIONS if formation_in_pool(st, f)]
        new_kamikazes = int(st.flags.get("turn_info", {}).get("kamikazes", 0) or 0) if is_day(st) else 0
        if new_kamikazes:
            st.kamikazes += new_kamikazes
            ctx.emit("11.1", f"{new_kamikazes} kamikaze marker(s) go into the activation pool", kind="kamikaze")
        pool += [f"{KAMIKAZE}-{i + 1}" for i in range(st.kamikazes)] if is_day(st) else []
        pool += ["chit:IJN", "chit:USN"]
        st.pool = pool
        st.activated_by_chit = []
        st.phase = "activation"
        ctx.emit("4.1", f"Activation pool filled with {len(pool)} markers", kind="pool", data={"size": len(pool)})
        pop(st, fr)


def _already_done(st: State, marker: str) -> bool:
    if marker in AIR_FORMATIONS:
        return marker in st.flags.get("formations_activated", [])
    if marker.startswith(KAMIKAZE):
        return False
    tf = st.tfs.get(marker)
    return tf is None or not tf.in_play or tf.activated


@frame("activation_phase")
class ActivationPhase:
    """3.2: draw markers until the pool is empty; each drawn marker activates its force (4.2)."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if not st.pool or all(m in CHITS for m in st.pool) and not _chit_has_use(st):
            if st.pool:
                ctx.emit("4.3", "Only command chits remain and nothing is left to activate; they are set aside",
                         kind="pool")
            st.pool = []
            st.flags["formations_activated"] = []
            pop(st, fr)
            return
        i = ctx.pick(len(st.pool), purpose="draw an activation marker", rule="4.2")
        marker = st.pool.pop(i)
        _dispatch(st, marker, ctx, by_chit=False)


def _chit_has_use(st: State) -> bool:
    return any(_chit_choices(st, CHITS[c]) for c in st.pool if c in CHITS)


def _chit_choices(st: State, side: str) -> list[str]:
    out = [t.id for t in sorted(active_tfs(st, side), key=lambda t: t.id) if not t.activated]
    out += [f for f, s in AIR_FORMATIONS.items()
            if s == side and formation_in_pool(st, f) and f not in st.flags.get("formations_activated", [])
            and f in st.pool]
    return out


def _dispatch(st: State, marker: str, ctx: Context, *, by_chit: bool) -> None:
    side = side_of_marker(st, marker)
    name_public = marker_name(st, marker, viewer=None)
    if marker in CHITS:
        ctx.emit("4.3", f"Drew the {side} command chit", kind="draw", data={"marker": marker, "side": side})
        push(st, "command_chit", side=side)
        return
    if _already_done(st, marker):
        ctx.emit("4.3", f"Drew the marker of {marker_name(st, marker, viewer='public')}, which has already acted "
                 "or left play; it is set aside", kind="draw", data={"marker": marker, "ignored": True})
        return
    if marker in AIR_FORMATIONS:
        st.flags.setdefault("formations_activated", []).append(marker)
        ctx.emit("4.5", f"{name_public} is activated", kind="activate", data={"marker": marker, "side": side})
        push(st, "activate_air", formation=marker, side=side)
        return
    if marker.startswith(KAMIKAZE):
        push(st, "activate_kamikaze", marker=marker, side="IJN")
        return
    tf = st.tfs[marker]
    begin_tf_activation(st, tf, ctx, by_chit=by_chit)


def begin_tf_activation(st: State, tf: TFState, ctx: Context, *, by_chit: bool = False) -> None:
    """Activate a TF: work out its MPs (6.2, penalties 6.2.1/6.2.3/6.2.4), then hand it to its owner."""
    tf.activated = True
    speed = tf_speed(st, tf)
    penalty = min(tf.mp_markers, speed)
    mp = speed - penalty
    ctx.emit("4.2", f"{tf.side} TF {tf.id} is activated"
             + (" by command chit" if by_chit else ""), kind="activate",
             data={"tf": tf.id, "side": tf.side, "hex": tf.hex, "by_chit": by_chit})
    ctx.emit("6.2", f"{tf.name} has {speed} MP" + (f", less {penalty} for -MP markers" if penalty else "")
             + f" = {mp}", kind="mp", data={"tf": tf.id, "speed": speed, "penalty": penalty, "mp": mp},
             visible=(tf.side,))
    tf.mp_markers = 0  # penalties last one activation (6.2.4)
    push(st, "activate_tf", tf=tf.id, side=tf.side, mp=mp, start=tf.hex, path=[tf.hex], searched=[],
         air_searched=False, combat_done=False, moved=False, entered_from=None, stage="start")


@frame("command_chit")
class CommandChit:
    """4.3: the owner picks any force that has not acted yet (the IJN chit cannot pick kamikazes)."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision:
        side = fr["side"]
        options = [opt("chit_activate", f"Activate {marker_name(st, m, viewer=side)}", marker=m)
                   for m in _chit_choices(st, side)]
        options.append(opt("chit_pass", "Activate nothing"))
        return ask(side, "command_chit", f"{side} command chit: activate a force that has not acted yet", "4.3",
                   options)

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        side = fr["side"]
        pop(st, fr)
        if action.kind == "chit_pass":
            # Ruling (RULINGS 4.3): a chit its owner declines is set aside for the turn, or the draw could loop.
            ctx.emit("4.3", f"The {side} command chit is not used and is set aside this turn", kind="chit")
            return
        marker = action["marker"]
        if side == "USN":
            st.pool.append("chit:USN")  # the USN chit goes back into the pool (4.3)
        if marker in st.pool:
            st.pool.remove(marker)  # its own marker, drawn later, would be ignored anyway (4.3)
        st.activated_by_chit.append(marker)
        _dispatch(st, marker, ctx, by_chit=True)


@frame("activate_tf")
class ActivateTF:
    """4.4: an activated TF acts in any order its owner likes until it ends its activation."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        tf = st.tfs[fr["tf"]]
        if fr["stage"] != "start" or (not tf.dummy and not has_live_ships(st, tf)):
            # the TF left play (sunk, a dummy found out, exited) or asked to end: close the activation
            movement._finish(st, fr, ctx)
            return
        # stage "start": the automatic things that happen the moment a TF is activated.
        fr["stage"] = "act"
        reactions = detection.arrival_searches(st, tf, ctx, arriving=False)
        movement.queue(st, reactions)

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        tf = st.tfs[fr["tf"]]
        if fr["stage"] != "act" or fr.get("ending") or not tf.in_play:
            return None
        if not tf.dummy and not has_live_ships(st, tf):
            return None  # its last ship was sunk or left during the activation: it ends (run closes it)
        return movement.activation_decision(st, fr)

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        movement.activation_act(st, fr, action, ctx)

    @staticmethod
    def refuse(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
        return movement.explain_refusal(st, fr, action)


@frame("activate_air")
class ActivateAir:
    """4.5: a land-based air formation searches every enemy TF in range, then may strike and fly CAP."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        fr["stage"] = "act"
        reactions = detection.formation_search(st, fr["formation"], ctx)
        movement.queue(st, reactions)

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if fr.get("stage", "start") != "act":
            return None
        options = list(air.activation_options(st, fr))
        options.append(opt("end_activation", "End this activation"))
        name = marker_name(st, fr["formation"])
        return ask(fr["side"], "air_activation", f"{name}: strike, fly CAP or end", "4.5", options,
                   data={"formation": fr["formation"], "formation_name": name})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        if action.kind == "end_activation":
            pop(st, fr)
            ctx.emit("4.5", f"{marker_name(st, fr['formation'])} ends its activation", kind="activate_end")
            movement.end_of_subphase(st, ctx)
            return
        if not air.act(st, fr, action, ctx):
            raise IllegalAction("4.5", f"{action.text} is not something an air formation can do")


@frame("activate_kamikaze")
class ActivateKamikaze:
    """4.6/11.1: a kamikaze strikes a detected USN TF, or waits for a later turn if none is detected."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if fr.get("stage") != "act" and kamikaze.kamikaze_options(st, dict(fr, stage="act")):
            fr["stage"] = "act"
            return
        pop(st, fr)
        ctx.emit("11.1", "A kamikaze is drawn but no detected USN TF offers it a target; it waits for a later turn",
                 kind="kamikaze")

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Decision | None:
        if fr.get("stage") != "act" or not kamikaze.kamikaze_options(st, fr):
            return None
        return ask("IJN", "kamikaze", "Kamikaze: pick a detected USN TF and a target ship", "11.1",
                   list(kamikaze.kamikaze_options(st, fr)))

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        options = kamikaze.kamikaze_options(st, fr)
        if action not in options:
            raise IllegalAction("11.1", f"{action.text} is not a kamikaze attack")
        # The marker is spent the moment it attacks (11.1); one that finds no target stays for later.
        st.kamikazes -= 1
        st.kamikazes_used += 1
        # the attack replaces this frame; the sub-phase's end (6.4 detachments) comes after it
        st.stack.insert(len(st.stack) - 1, {"kind": "subphase_end"})
        air.act(st, fr, action, ctx)


@frame("subphase_end")
class SubphaseEnd:
    """The close of an activation sub-phase that ran through other frames (6.4 detachments, empty TFs)."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        movement.end_of_subphase(st, ctx)


def enemy_in_hex(st: State, tf: TFState) -> list[TFState]:
    return enemy_markers_at(st, tf.hex or "", tf.side)


_ = (engine,)
