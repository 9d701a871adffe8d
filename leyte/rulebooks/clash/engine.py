"""Clash of the Carriers' flow of play: Imperial Sunset's engine, extended (``leyte.core.flow.FrameEngine.extend``).

Every Imperial Sunset frame runs here unchanged; Clash registers its own frames (set-up of 16.1, formations of
3.0-3.3, the End Phase of 4.3 with the Saipan penalty of 10.2) and, where its rulebook does a shared step
differently, replaces the base frame with ``@frame(kind, replaces=True)``. Imperial Sunset's engine never sees
these frames.
"""

from __future__ import annotations

from leyte.core.flow import FrameEngine, ask, opt
from leyte.rulebooks.imperial_sunset.engine import ENGINE as BASE

GAME_ID = "clash-of-the-carriers"

ENGINE: FrameEngine = BASE.extend(GAME_ID)

frame, push, push_many, pop, top, decision, advance, act = ENGINE.verbs()

__all__ = ["ENGINE", "GAME_ID", "frame", "push", "push_many", "pop", "top", "decision", "advance", "act", "ask", "opt"]
