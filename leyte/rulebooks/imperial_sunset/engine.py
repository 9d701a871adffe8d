"""Imperial Sunset's flow of play on the core frame machinery (``leyte.core.flow``).

This module is the game's ``FrameEngine`` and its short names: rules modules write ``@frame("search")``,
``push(st, "search", ...)``, ``pop(st, fr)``, ``ask(...)``, ``opt(...)``. ``rules.py`` imports every rules module so
their frames are registered before a game starts.
"""

from __future__ import annotations

from leyte.core.flow import FrameEngine, ask, opt

ENGINE = FrameEngine("imperial-sunset")
HANDLERS = ENGINE.handlers

frame, push, push_many, pop, top, decision, advance, act = ENGINE.verbs()

__all__ = ["ENGINE", "HANDLERS", "frame", "push", "push_many", "pop", "top", "decision", "advance", "act", "ask", "opt"]
