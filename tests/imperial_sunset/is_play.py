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
    """The roll records among events (optionally of one rule case), each once: an opponent's copy that hides a
    carrier's name (``"masked"``) repeats a roll already listed."""
    return [e.data["roll"] for e in umpire(events) if e.kind == "roll" and (rule is None or e.rule == rule)]


def umpire(events: list[leyte.Event]) -> list[leyte.Event]:
    """The events as they happened, once each: without the opponents' copies that hide carrier names."""
    return [e for e in events if not e.data.get("masked")]


def day_record(date: str = "1944-10-24", time: str = "day") -> dict[str, Any]:
    return {"date": date, "time": time, "kamikazes": 0, "ijn_air_ops": "true"}


Step = tuple[str, dict[str, Any]]
"""One scripted choice of a worked example: an option kind and the parameters that pick it out."""


def play_steps(g: leyte.Game, steps: list[Step]) -> list[leyte.Event]:
    """Apply each scripted choice with ``choose``; return the events they produced, as the umpire knows them
    (``umpire``: one full copy of each).

    A parameter given as a callable is called with the game first, for values only known once play reaches that
    point (a surface battle's aliases, say), so a worked example's whole script can stay module-level data.
    """
    events: list[leyte.Event] = []
    for kind, params in steps:
        resolved = {k: v(g) if callable(v) else v for k, v in params.items()}
        events += choose(g, kind, **resolved)
    return umpire(events)


def battle_alias(ship: str) -> Any:
    """A step parameter: the alias the IJN knows ``ship`` by in the current surface battle (8.3.1)."""

    def resolve(g: leyte.Game) -> str:
        ev = [e for e in g.events if e.kind == "battle_alias"]
        assert ev, "no surface battle has dealt aliases yet"
        return ev[-1].data["aliases"][ship]

    return resolve


def roll_events(events: list[leyte.Event], rule: str | None = None) -> list[leyte.Event]:
    """The roll events among events (optionally of one rule case), for tests that also need the text or visibility."""
    return [e for e in events if e.kind == "roll" and (rule is None or e.rule == rule)]


def modifier_total(roll: dict[str, Any]) -> int:
    """The sum of a roll record's modifiers."""
    return sum(m["value"] for m in roll["modifiers"])


STRAIT = "3722"


def surigao() -> dict[str, Any]:
    """The 8.3 example's position: Force C one hex short of Surigao Strait, the US battle line in it, by day."""
    return {
        "id": "test-8.3",
        "turn": 2,
        "first_turn": 1,
        "last_turn": 12,
        "turn_record_key": "historical",
        "options": {"wild_bull": False, "fanaticism": False, "auto_reports": False},
        "tfs": [
            {"marker": "IJN-3", "name": "Force C", "side": "IJN", "hex": "3822", "ships": ["fuso", "mogami", "div-4"]},
            {
                "marker": "USN-7",
                "name": "TF 77.2",
                "side": "USN",
                "fleet": "7th",
                "hex": STRAIT,
                "ships": ["mississippi", "west-virginia", "x-ray-1", "x-ray-2"],
            },
        ],
        "start": {"activate": "IJN-3", "pool": ["USN-7"]},
    }


def into_battle() -> leyte.Game:
    # IJN search 4 (+3, detects), the USN's secret report roll, the USN's search 1 (fails); placement 5 and 8.
    g = leyte.new_game("imperial-sunset", scenario=surigao(), seed=1944, dice=[4, 9, 1, 5, 8, 2, 9])
    g.apply({"kind": "move", "to": STRAIT})
    while g.decision.kind == "search_report":
        g.apply(g.decision.options[0])
    g.apply({"kind": "surface_attack"})
    return g
