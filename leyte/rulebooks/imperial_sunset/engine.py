"""The frame machinery that runs Imperial Sunset's sequence of play.

A frame is a dict on ``State.stack`` with at least a ``"kind"``. Each kind has a handler registered with
``@frame("kind")``: a class with up to three static methods,

- ``decide(st, fr) -> Decision | None`` — the question the frame asks now, or None if it runs by itself;
- ``act(st, fr, action, ctx)`` — apply a chosen option (only called with one of ``decide``'s options);
- ``run(st, fr, ctx)`` — do the automatic work; it must pop the frame, push another, or change the frame so that
  progress is made (``advance`` guards against a frame that does none of these).

Frames push sub-frames for sub-procedures (a search report, a surface battle, a submarine attack) and pop
themselves when done. Rules modules register their frames at import; ``rules.py`` imports them all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from leyte.core.errors import IllegalAction, LeyteError
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset.state import State

HANDLERS: dict[str, Any] = {}

MAX_AUTO_STEPS = 100_000


def frame(kind: str) -> Callable[[type], type]:
    """Register a frame handler class under ``kind``."""

    def deco(cls: type) -> type:
        if kind in HANDLERS:
            raise LeyteError(f"frame kind {kind!r} registered twice")
        HANDLERS[kind] = cls
        cls.kind = kind  # type: ignore[attr-defined]
        return cls

    return deco


def push(st: State, kind: str, **data: Any) -> dict[str, Any]:
    """Put a new frame on top of the stack (it runs next)."""
    if kind not in HANDLERS:
        raise LeyteError(f"no frame handler for {kind!r}")
    fr = {"kind": kind, **data}
    st.stack.append(fr)
    return fr


def push_many(st: State, frames: Sequence[tuple[str, dict[str, Any]]]) -> None:
    """Push frames so that they run in the order given (the first one runs first)."""
    for kind, data in reversed(frames):
        push(st, kind, **data)


def pop(st: State, fr: dict[str, Any]) -> None:
    """Remove a finished frame (it must be the top one)."""
    if not st.stack or st.stack[-1] is not fr:
        raise LeyteError(f"frame {fr.get('kind')} is not on top of the stack")
    st.stack.pop()


def top(st: State) -> dict[str, Any] | None:
    return st.stack[-1] if st.stack else None


def decision(st: State) -> Decision | None:
    """The question of the top frame; None when the stack is empty (game over)."""
    fr = top(st)
    if fr is None:
        return None
    cached = st.asked
    if cached is not None and cached[0] is fr and cached[1] == len(st.stack):
        return cached[2]
    h = HANDLERS[fr["kind"]]
    d = h.decide(st, fr) if hasattr(h, "decide") else None
    if d is None:
        raise LeyteError(f"frame {fr['kind']} is waiting but asks nothing (engine bug: advance() not run?)")
    return d


def advance(st: State, ctx: Context) -> None:
    """Run automatic frames until one asks a question or the game ends."""
    for _ in range(MAX_AUTO_STEPS):
        fr = top(st)
        if fr is None:
            return
        h = HANDLERS[fr["kind"]]
        if hasattr(h, "decide"):
            d = h.decide(st, fr)
            if d is not None:
                # advance() has just asked the question; keep it so decision() need not build it again.
                st.asked = (fr, len(st.stack), d)
                return
        if not hasattr(h, "run"):
            raise LeyteError(f"frame {fr['kind']} neither asks nor runs")
        before = (len(st.stack), id(top(st)), repr(fr), len(ctx.events), ctx.dice.count)
        h.run(st, fr, ctx)
        if (len(st.stack), id(top(st)), repr(fr), len(ctx.events), ctx.dice.count) == before:
            raise LeyteError(f"frame {fr['kind']} made no progress")
    raise LeyteError("too many automatic steps without a decision")


def act(st: State, action: Action, ctx: Context) -> None:
    """Apply an option of the current decision to the top frame, then advance."""
    fr = top(st)
    if fr is None:
        raise IllegalAction("end", "the game is over")
    st.asked = None
    HANDLERS[fr["kind"]].act(st, fr, action, ctx)
    advance(st, ctx)


def ask(
    player: str, kind: str, prompt: str, rule: str, options: Sequence[Action]
) -> Decision:
    """Build a Decision, refusing an empty option list (an engine bug, not a user error)."""
    if not options:
        raise LeyteError(f"decision {kind} ({rule}) has no legal option")
    return Decision(player, kind, prompt, rule, tuple(options))


def opt(kind: str, text: str, **params: Any) -> Action:
    return Action(kind, params, text)
