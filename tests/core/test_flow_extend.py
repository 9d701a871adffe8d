"""FrameEngine.extend: a sister game runs the base game's frames, adds its own, and replaces only on purpose."""

from __future__ import annotations

from typing import Any

import pytest

from leyte.core.errors import LeyteError
from leyte.core.flow import FrameEngine
from leyte.core.game import Context


class St:
    def __init__(self) -> None:
        self.stack: list[dict[str, Any]] = []
        self.asked = None
        self.log: list[str] = []


def _engines() -> tuple[FrameEngine, FrameEngine]:
    base = FrameEngine("base")

    @base.frame("a")
    class A:
        @staticmethod
        def run(st: St, fr: dict[str, Any], ctx: Context) -> None:
            st.log.append("base a")
            base.pop(st, fr)
            base.push(st, "b")

    @base.frame("b")
    class B:
        @staticmethod
        def run(st: St, fr: dict[str, Any], ctx: Context) -> None:
            st.log.append("base b")
            base.pop(st, fr)

    return base, base.extend("sister")


def _run(engine: FrameEngine) -> list[str]:
    from leyte.core.dice import Dice

    st = St()
    engine.push(st, "a")
    engine.advance(st, Context(Dice(1), []))
    return st.log


def test_extended_engine_runs_base_frames_and_its_replacements() -> None:
    base, sister = _engines()

    @sister.frame("b", replaces=True)
    class B2:
        @staticmethod
        def run(st: St, fr: dict[str, Any], ctx: Context) -> None:
            st.log.append("sister b")
            sister.pop(st, fr)

    # the base frame "a" pushes "b": the sister's engine runs its own "b", the base engine still its own
    assert _run(sister) == ["base a", "sister b"]
    assert _run(base) == ["base a", "base b"]
    assert base.handlers["b"] is not B2


def test_base_frames_registered_after_extend_are_found() -> None:
    base, sister = _engines()

    @base.frame("late")
    class Late:
        pass

    assert sister.handlers["late"] is Late


def test_a_clash_of_names_must_be_declared() -> None:
    base, sister = _engines()
    with pytest.raises(LeyteError, match="replaces=True"):
        @sister.frame("a")
        class A2:
            pass

    with pytest.raises(LeyteError, match="replaces nothing"):
        @sister.frame("zzz", replaces=True)
        class Z:
            pass

    @sister.frame("own")
    class Own:
        pass

    with pytest.raises(LeyteError, match="registered twice"):
        @sister.frame("own")
        class Own2:
            pass

    assert "own" not in base.handlers
    with pytest.raises(LeyteError, match="no frame handler"):
        base.push(St(), "own")
