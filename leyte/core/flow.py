"""A game's flow of play as a stack of frames — the machinery every rulebook package can use.

A *frame* is a small dict on the state's ``stack`` (so it saves, copies and undoes with the state) naming a step of
the sequence of play and its progress. Each frame kind has a handler class registered on the game's
``FrameEngine`` with up to three static methods:

- ``decide(st, fr) -> Decision | None`` — the question the frame asks now, or None if it runs by itself;
- ``act(st, fr, action, ctx)`` — apply one of ``decide``'s options;
- ``run(st, fr, ctx)`` — the automatic work; it must pop the frame, push another or otherwise make progress
  (``advance`` refuses a frame that changes nothing, which catches endless loops early);
- optionally ``refuse(st, fr, action) -> IllegalAction | None`` — why an action is not legal, in the rules' words.

Frames push sub-frames for sub-procedures and pop themselves when done; ``advance`` runs automatic frames until
one asks a question. The state object needs two attributes: ``stack`` (a list) and ``asked`` (a cache slot, never
saved). Each game has its own engine, so frame names never collide between games.
"""

from __future__ import annotations

import random
from collections import ChainMap
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from typing import Any

from leyte.core.errors import IllegalAction, LeyteError, NotYetImplemented
from leyte.core.game import Action, Context, Decision
from leyte.core.limits import excerpt
from leyte.core.plain import clone_state

MAX_AUTO_STEPS = 100_000
STALL_LIMIT = 50  # automatic steps in a row that change nothing visible before the engine gives up


class FrameEngine:
    """The frame registry and runner of one game."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.base: FrameEngine | None = None
        self.handlers: MutableMapping[str, Any] = {}

    def extend(self, name: str) -> FrameEngine:
        """A new game's engine that runs every frame of this one, plus its own frames and explicit replacements.

        A sister game of the same rules family (two rulebooks by one designer sharing most procedures) registers
        only what differs: a frame kind of its own, or ``@frame(kind, replaces=True)`` for a step its rulebook
        does differently. The base game is untouched — its engine never sees the sister game's frames — and frames
        the base registers later (modules imported after this call) are still found, because the handlers are a
        live chain (own first, then the base's), not a copy.
        """
        child = FrameEngine(name)
        child.base = self
        child.handlers = ChainMap({}, self.handlers)
        return child

    def verbs(self) -> tuple[Callable[..., Any], ...]:
        """The short names a game's rules modules use, in this order: ``frame, push, push_many, pop, top,
        decision, advance, act`` — so a game's engine module is one line of unpacking, not eight aliases."""
        return self.frame, self.push, self.push_many, self.pop, self.top, self.decision, self.advance, self.act

    def frame(self, kind: str, *, replaces: bool = False) -> Callable[[type], type]:
        """Class decorator registering a frame handler under ``kind``.

        In an engine made by ``extend``, ``replaces=True`` says the handler deliberately replaces the base game's
        frame of that kind; without it a repeated name is refused, so a sister game never overrides a base step
        by accident (nor claims to replace one that does not exist).
        """

        def deco(cls: type) -> type:
            own = self.handlers.maps[0] if isinstance(self.handlers, ChainMap) else self.handlers
            if kind in own:
                raise LeyteError(f"{self.name}: frame kind {kind!r} registered twice")
            inherited = kind in self.handlers
            if inherited and not replaces:
                raise LeyteError(f"{self.name}: frame kind {kind!r} exists in {self.base.name if self.base else '?'}"
                                 f"; say replaces=True to replace it")
            if replaces and not inherited:
                raise LeyteError(f"{self.name}: frame kind {kind!r} replaces nothing (no base frame of that kind)")
            own[kind] = cls
            cls.kind = kind  # type: ignore[attr-defined]
            return cls

        return deco

    def push(self, st: Any, kind: str, **data: Any) -> dict[str, Any]:
        """Put a new frame on top of the stack (it runs next)."""
        if kind not in self.handlers:
            raise LeyteError(f"{self.name}: no frame handler for {kind!r}")
        fr = {"kind": kind, **data}
        st.stack.append(fr)
        return fr

    def push_many(self, st: Any, frames: Sequence[tuple[str, dict[str, Any]]]) -> None:
        """Push frames so that they run in the order given (the first one runs first)."""
        for kind, data in reversed(frames):
            self.push(st, kind, **data)

    @staticmethod
    def pop(st: Any, fr: dict[str, Any]) -> None:
        """Remove a finished frame (it must be the top one)."""
        if not st.stack or st.stack[-1] is not fr:
            raise LeyteError(f"frame {fr.get('kind')} is not on top of the stack")
        st.stack.pop()

    @staticmethod
    def top(st: Any) -> dict[str, Any] | None:
        return st.stack[-1] if st.stack else None

    def decision(self, st: Any) -> Decision | None:
        """The question of the top frame; None when the stack is empty (game over)."""
        fr = self.top(st)
        if fr is None:
            return None
        cached = st.asked
        if cached is not None and cached[0] is fr and cached[1] == len(st.stack):
            return cached[2]
        h = self.handlers[fr["kind"]]
        d = h.decide(st, fr) if hasattr(h, "decide") else None
        if d is None:
            raise LeyteError(f"frame {fr['kind']} is waiting but asks nothing (engine bug: advance() not run?)")
        return d

    def advance(self, st: Any, ctx: Context) -> None:
        """Run automatic frames until one asks a question or the game ends."""
        stalls = 0
        stack = st.stack
        handlers = self.handlers
        events = ctx.events
        dice = ctx.dice
        for _ in range(MAX_AUTO_STEPS):
            if not stack:
                return
            fr = stack[-1]
            h = handlers[fr["kind"]]
            decide = getattr(h, "decide", None)
            if decide is not None:
                d = decide(st, fr)
                if d is not None:
                    # the question is built once here; decision() reuses it until the next action
                    st.asked = (fr, len(stack), d)
                    return
            run = getattr(h, "run", None)
            if run is None:
                raise LeyteError(f"frame {fr['kind']} neither asks nor runs")
            # A frame that runs without changing anything would loop for ever. The check is shallow (a copy of the
            # frame's own fields, not of the lists inside them) because it runs on every automatic step; a frame
            # that only grows a list in place looks stalled to it, so only a long run of stalls is an error.
            depth, n_events, n_rolls, before = len(stack), len(events), dice.count, fr.copy()
            run(st, fr, ctx)
            if (len(stack) == depth and stack[-1] is fr and fr == before and len(events) == n_events
                    and dice.count == n_rolls):
                stalls += 1
                if stalls >= STALL_LIMIT:
                    raise LeyteError(f"frame {fr['kind']} made no progress")
            else:
                stalls = 0
        raise LeyteError("too many automatic steps without a decision")

    def act(self, st: Any, action: Action, ctx: Context) -> None:
        """Apply an option of the current decision to the top frame, then advance."""
        fr = self.top(st)
        if fr is None:
            raise IllegalAction("end", "the game is over")
        st.asked = None
        self.handlers[fr["kind"]].act(st, fr, action, ctx)
        self.advance(st, ctx)

    def refusal(self, st: Any, action: Action) -> IllegalAction | None:
        """The top frame's own explanation of why ``action`` is refused, if it has one."""
        fr = self.top(st)
        if fr is None:
            return None
        h = self.handlers[fr["kind"]]
        return h.refuse(st, fr, action) if hasattr(h, "refuse") else None


def ask(player: str, kind: str, prompt: str, rule: str, options: Sequence[Action],
        data: Mapping[str, Any] | None = None) -> Decision:
    """Build a Decision, refusing an empty option list (an engine bug, not a user error).

    ``data`` carries the facts the prompt states (the unit, its hex, MP left, ...) for bots and front ends.
    """
    if not options:
        raise LeyteError(f"decision {kind} ({rule}) has no legal option")
    return Decision(player, kind, prompt, rule, tuple(options), dict(data) if data else {})


_MEMO: dict[tuple[Any, ...], Action] = {}
MEMO_SIZE = 1 << 15


def opt(kind: str, text: str, **params: Any) -> Action:
    """One option: an action kind, its readable text and its parameters.

    Options are immutable, and a game asks the same questions again and again (the same hexes, ships and targets
    turn after turn), so an option already built is handed out again: about three in four are repeats. The memo is
    emptied when it reaches ``MEMO_SIZE`` entries, which bounds its memory in long studies. Keys that compare equal
    give options that compare equal (an option's identity is its kind and parameters), so which object comes back
    never changes what a game does.
    """
    key = (kind, text, *params.items())
    try:
        return _MEMO[key]
    except KeyError:
        pass
    except TypeError:  # an unhashable value (a list): the checked constructor freezes or refuses it
        return Action.option(kind, params, text)
    if len(_MEMO) >= MEMO_SIZE:
        _MEMO.clear()
    a = _MEMO[key] = Action.option(kind, params, text)
    return a


class FrameRules:
    """The Rules-protocol methods every frame-driven game shares; a game subclasses it and sets ``engine``.

    The game still supplies its players, scenarios, set-up (``new_state``), views and data.
    """

    engine: FrameEngine
    end_rule = "end"  # the case cited when an action comes after the game is over
    first_scenarios: tuple[str, ...] = ()  # shown first, in this order (the rest follow sorted)

    def scenario_ids(self) -> list[str]:
        """The ids of the game's data's scenarios: ``first_scenarios`` that exist, in order, then the rest sorted."""
        ids = list(self.data().scenarios)  # type: ignore[attr-defined]
        return [s for s in self.first_scenarios if s in ids] + sorted(s for s in ids if s not in self.first_scenarios)

    def decision(self, st: Any) -> Decision | None:
        return self.engine.decision(st)

    def hidden_names(self, st: Any, player: str) -> frozenset[str]:
        """The strings ``player`` must not meet in its view, its options or its log at this moment: names and ids
        of what it has not detected. The conformance suite's leak test searches for each of them as a whole word.

        The default says everything is open (a game played on an open map hides nothing); a game with hidden forces
        overrides it and says what "detected" means for its pieces.
        """
        return frozenset()

    def sample(self, game: Any, player: str, rng: random.Random) -> Any:
        """A game like ``game`` in which what ``player`` sees is as in its view and what it does not see is redrawn
        from what it knows (the search bot's determinization, issue 19). A game that has not built it says so."""
        raise NotYetImplemented("sample", f"{getattr(self, 'id', type(self).__name__)} has no sampling hook yet "
                                "(positions consistent with one player's view)")

    def apply(self, st: Any, action: Action, ctx: Context) -> None:
        self.engine.act(st, action, ctx)

    def refusal(self, st: Any, action: Action) -> IllegalAction:
        """The frame's own reason if it has one, else which decision the action did not answer."""
        why = self.engine.refusal(st, action)
        if why is not None:
            return why
        d = self.engine.decision(st)
        if d is None:
            return IllegalAction(self.end_rule, "the game is over")
        kinds = sorted({o.kind for o in d.options})
        return IllegalAction(d.rule, f"{excerpt(action.text, 80)} is not one of the {len(d.options)} legal options for "
                             f"{d.player}'s {d.kind} decision (option kinds: {', '.join(kinds)})",
                             state=f"turn {getattr(st, 'turn', '?')} {getattr(st, 'phase', '')}".strip())

    def result(self, st: Any) -> dict[str, Any] | None:
        return st.result

    def state_to_dict(self, st: Any) -> dict[str, Any]:
        return st.to_dict()

    def copy_state(self, st: Any) -> Any:
        """A copy for ``Game.fork``: one structural walk (``clone_state``), not the save format's round trip, which
        cost several times more (benchmarks/search_model.py)."""
        return clone_state(st)
