"""Formosa's flow of play on the core frame machinery (``leyte.core.flow``): one engine, its own frame names."""

from __future__ import annotations

from leyte.core.flow import FrameEngine, ask, opt

ENGINE = FrameEngine("formosa")
frame, push, push_many, pop, top, decision, advance, act = ENGINE.verbs()

__all__ = ["ENGINE", "frame", "push", "push_many", "pop", "top", "decision", "advance", "act", "ask", "opt"]
