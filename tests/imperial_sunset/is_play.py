"""Small helpers for driving Imperial Sunset through the public API in tests (not a test module)."""

from __future__ import annotations

from typing import Any

import leyte


def choose(g: leyte.Game, kind: str, **params: Any) -> list[leyte.Event]:
    """Apply the one legal option of ``kind`` whose parameters include ``params``; fail loudly otherwise."""
    d = g.decision
    assert d is not None, "the game is over"
    matches = [o for o in d.options if o.kind == kind and all(o.get(k) == v for k, v in params.items())]
    assert matches, f"no option {kind} {params} in {d.kind} ({d.rule}): {[o.text for o in d.options][:20]}"
    assert len(matches) == 1, f"option {kind} {params} is ambiguous: {[o.text for o in matches]}"
    return g.apply(matches[0])


def option_kinds(g: leyte.Game) -> set[str]:
    d = g.decision
    return {o.kind for o in d.options} if d else set()


def rolls(events: list[leyte.Event], rule: str | None = None) -> list[dict[str, Any]]:
    """The roll records among events (optionally of one rule case)."""
    return [e.data["roll"] for e in events if e.kind == "roll" and (rule is None or e.rule == rule)]


def day_record(date: str = "1944-10-24", time: str = "day") -> dict[str, Any]:
    return {"date": date, "time": time, "kamikazes": 0, "ijn_air_ops": "true"}
