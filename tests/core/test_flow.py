"""The frame engine that every frame-driven game runs on: automatic frames, questions, and loop protection."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from leyte.core.dice import Dice
from leyte.core.errors import LeyteError
from leyte.core.flow import STALL_LIMIT, FrameEngine, ask, opt
from leyte.core.game import Context


@dataclass
class _State:
    stack: list[dict[str, Any]] = field(default_factory=list)
    asked: Any = None


def _engine(run) -> FrameEngine:
    eng = FrameEngine("test")

    @eng.frame("step")
    class Step:
        @staticmethod
        def run(st: _State, fr: dict[str, Any], ctx: Context) -> None:
            run(st, fr, ctx)

    @eng.frame("ask")
    class Ask:
        @staticmethod
        def decide(st: _State, fr: dict[str, Any]):
            return ask("A", "pick", "pick one", "1.0", [opt("go", "Go")])

    return eng


def _advance(eng: FrameEngine, st: _State) -> None:
    eng.advance(st, Context(Dice(1), []))


def test_a_frame_that_changes_nothing_is_stopped_with_a_clear_error() -> None:
    calls = []
    eng = _engine(lambda st, fr, ctx: calls.append(1))
    st = _State(stack=[{"kind": "step"}])
    with pytest.raises(LeyteError, match="frame step made no progress"):
        _advance(eng, st)
    assert len(calls) == STALL_LIMIT


def test_a_frame_that_only_grows_a_list_in_place_is_not_mistaken_for_a_stall() -> None:
    def run(st: _State, fr: dict[str, Any], ctx: Context) -> None:
        fr["done"].append(len(fr["done"]))  # progress the shallow check cannot see
        if len(fr["done"]) == STALL_LIMIT - 1:
            st.stack[-1] = {"kind": "ask"}

    eng = _engine(run)
    st = _State(stack=[{"kind": "step", "done": []}])
    _advance(eng, st)
    assert eng.decision(st).kind == "pick"


def test_changing_a_frame_field_counts_as_progress() -> None:
    def run(st: _State, fr: dict[str, Any], ctx: Context) -> None:
        fr["n"] += 1
        if fr["n"] == 10 * STALL_LIMIT:
            st.stack.pop()

    eng = _engine(run)
    st = _State(stack=[{"kind": "ask"}, {"kind": "step", "n": 0}])
    _advance(eng, st)
    assert st.stack == [{"kind": "ask"}]


def test_options_are_shared_but_say_exactly_what_was_asked() -> None:
    a = opt("move", "Move to 0101", to="0101")
    assert opt("move", "Move to 0101", to="0101") is a  # built once (issue 7 speed)
    assert opt("move", "Move to 0102", to="0102") != a
    other_text = opt("move", "Go to 0101", to="0101")
    assert other_text == a and other_text.text == "Go to 0101"  # same option, its own words
    listed = opt("pick", "Pick", ships=["b", "a"])  # a list is frozen by the checked constructor, not memoised
    assert listed["ships"] == ("b", "a") and listed.to_dict() == {"kind": "pick", "ships": ["b", "a"]}
    with pytest.raises(LeyteError, match="action values"):
        opt("pick", "Pick", ships={"a": 1})


def test_the_option_memo_stays_bounded() -> None:
    import leyte.core.flow as flow

    for i in range(flow.MEMO_SIZE + 10):
        opt("bound", f"Bound {i}", n=i)
    assert len(flow._MEMO) <= flow.MEMO_SIZE
    assert opt("bound", "Bound 3", n=3)["n"] == 3
