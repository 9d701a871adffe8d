"""Sequence of play (module 3): the Initial, Activation and Terminal Phases of each six-hour turn.

3.1 Initial Phase, in order: new units enter; task forces reorganise (and dummies come and go); aircraft steps
(reinforcement rolls, CAP, readiness — listed by ``air_ops``); submarines are determined and placed; the PT boats
are placed; the activation pool is filled. 3.2 Activation Phase: markers are drawn until the pool is empty. 3.3
Terminal Phase: damaged independents move (IJN first), aircraft flip and recover, night clears detection, sonar
markers go.
"""

from __future__ import annotations

from typing import Any

from leyte.core.game import Context
from leyte.rulebooks.imperial_sunset import air_ops, engine, movement, submarines, victory
from leyte.rulebooks.imperial_sunset.common import record_is_day, turn_record
from leyte.rulebooks.imperial_sunset.engine import frame, pop, push, push_many
from leyte.rulebooks.imperial_sunset.state import State


@frame("turn")
class Turn:
    """Start of a game turn: bookkeeping, then the three phases in order."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        rec = turn_record(st, st.turn)
        st.flags["turn_info"] = rec
        st.flags["day"] = record_is_day(rec)
        st.phase = "initial"
        st.flags["reorg_moved"] = []
        for tf in st.tfs.values():
            tf.activated = False
            tf.moved = False
            tf.air_mp_lost_this_turn = 0
            tf.reorganized = False
        ctx.emit("3.0", f"Turn {st.turn}: {rec.get('date', '')} {'day' if st.flags['day'] else 'night'}".strip(),
                 kind="turn", data={"turn": st.turn, "day": st.flags["day"], "record": rec})
        pop(st, fr)
        frames: list[tuple[str, dict[str, Any]]] = [
            ("reinforcements", {}),
            ("reorganize", {"side": "IJN"}),
            ("reorganize", {"side": "USN"}),
            ("overstack", {}),
            ("reorg_penalties", {}),
        ]
        frames += air_ops.initial_phase_frames(st)
        frames += [
            ("subs", {}),
            ("pt_place", {}),
            ("fill_pool", {}),
            ("activation_phase", {}),
            ("terminal", {}),
            ("end_turn", {}),
        ]
        push_many(st, frames)


@frame("terminal")
class Terminal:
    """3.3: damaged independents move (IJN, then USN), aircraft recover, night clears detection, subs go."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        st.phase = "terminal"
        pop(st, fr)
        movement.sweep_empty_tfs(st, ctx)
        movement.move_independents(st, "IJN", ctx)
        movement.move_independents(st, "USN", ctx)
        air_ops.terminal_phase(st, ctx)
        if not st.flags.get("day", True):
            cleared = 0
            for tf in st.tfs.values():
                if tf.detected:
                    tf.detected = False
                    cleared += 1
            for s in st.ships.values():
                if s.independent and s.detected and not s.sunk:
                    s.detected = False
            ctx.emit("3.3", f"Night: detection markers removed ({cleared} TFs undetected)", kind="detection")
        submarines.remove_all(st, ctx)
        victory.seventh_fleet_proximity(st, ctx)


@frame("end_turn")
class EndTurn:
    """Advance the turn marker, or end the game after the last turn (12.0)."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        if st.turn >= st.last_turn:
            victory.finish(st, ctx, reason="last turn played")
            return
        st.turn += 1
        push(st, "turn")


def start(st: State, ctx: Context) -> None:
    """Begin play at the current turn (after set-up) and run to the first decision."""
    push(st, "turn")
    engine.advance(st, ctx)
