"""Fixtures the widget tests share."""

from __future__ import annotations

from typing import Any

import ipycanvas
import pytest


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every message the canvas manager sends to the browser."""
    out: list[Any] = []
    mgr = ipycanvas.canvas._CANVAS_MANAGER
    monkeypatch.setattr(mgr, "_send_custom", lambda command, buffers=(): out.append(command))
    return out
