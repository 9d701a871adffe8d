"""Samar's flow of play on the core frame machinery (``leyte.core.flow``); see imperial_sunset/engine.py."""

from __future__ import annotations

from leyte.core.flow import FrameEngine, ask, opt

ENGINE = FrameEngine("samar")
frame = ENGINE.frame
push = ENGINE.push
push_many = ENGINE.push_many
pop = ENGINE.pop
top = ENGINE.top
decision = ENGINE.decision
advance = ENGINE.advance
act = ENGINE.act

__all__ = ["ENGINE", "frame", "push", "push_many", "pop", "top", "decision", "advance", "act", "ask", "opt"]
