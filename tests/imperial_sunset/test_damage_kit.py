"""Shared helpers for the combat tests (8, 9): hand-built positions and a scripted driver for the frame engine.

The helpers build a ``State`` directly (no scenario, no sequence of play) so a test can start a strike or a surface
battle exactly where a worked example starts, and play it with scripted dice and scripted choices. The file holds a
couple of sanity tests of its own so it is also collected.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from leyte.core.dice import Dice
from leyte.core.game import Action, Context, Event
from leyte.rulebooks.imperial_sunset import engine
from leyte.rulebooks.imperial_sunset.rules import RULES
from leyte.rulebooks.imperial_sunset.state import AirState, ShipState, State, TFState

# Importing the rules modules registers their frames.
from leyte.rulebooks.imperial_sunset import air, damage, surface  # noqa: E402,F401  isort: skip

data = RULES.data  # the game's static data, as its Rules object loads it


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def ship_id(name: str) -> str:
    """The ship id whose counter name is ``name`` (case, spaces and punctuation ignored)."""
    want = _norm(name)
    hits = [s.id for s in data().ships.values() if _norm(s.name) == want or _norm(s.id) == want]
    assert len(hits) == 1, f"no single ship named {name!r}: {hits or sorted(s.name for s in data().ships.values())}"
    return hits[0]


def make_state(tfs: Iterable[dict[str, Any]], *, day: bool = True, turn: int = 2) -> State:
    """A position with the given TFs: ``{"id", "side", "hex", "ships": [names], "detected", "hits": {name: n}}``."""
    st = State(scenario="test", turn=turn, first_turn=1, last_turn=12, data=data())
    st.flags["day"] = day
    for t in tfs:
        ships = [ship_id(n) for n in t["ships"]]
        st.tfs[t["id"]] = TFState(id=t["id"], side=t["side"], name=t.get("name", t["id"]), hex=t["hex"],
                                  ships=ships, detected=bool(t.get("detected", False)), fleet=t.get("fleet"))
        for n, sid in zip(t["ships"], ships):
            st.ships[sid] = ShipState(id=sid, side=t["side"], tf=t["id"], hits=int(t.get("hits", {}).get(n, 0)))
    return st


def add_air(st: State, aid: str, *, box: str = "ready", reduced: bool = False, cap_over: str | None = None,
            parent: str | None = None) -> None:
    d = data().air[aid]
    st.air[aid] = AirState(id=aid, side=d.side, parent=parent or d.parent, box=box, reduced=reduced,
                           cap_over=cap_over)


class Driver:
    """Runs the frame stack with scripted dice; ``choose`` answers the current decision with a matching option."""

    def __init__(self, st: State, dice: list[int], seed: int = 7) -> None:
        self.st = st
        self.dice = Dice(seed, dice)
        self.events: list[Event] = []
        self.ctx = Context(self.dice, self.events)

    def run(self) -> None:
        engine.advance(self.st, self.ctx)

    @property
    def decision(self):  # noqa: ANN201 - Decision or None
        self.run()
        return engine.decision(self.st) if self.st.stack else None

    def options(self, kind: str | None = None) -> list[Action]:
        d = self.decision
        return [] if d is None else [o for o in d.options if kind is None or o.kind == kind]

    def choose(self, kind: str, *, optional: bool = False, **params: Any) -> Action | None:
        d = self.decision
        assert d is not None or optional, f"no decision pending; wanted {kind} {params}"
        if d is None:
            return None
        for o in d.options:
            if o.kind == kind and all(o.get(k) == v for k, v in params.items()):
                engine.act(self.st, o, self.ctx)
                return o
        if optional:
            return None
        raise AssertionError(f"no option {kind} {params} in decision {d.kind} ({d.player}): "
                             + "; ".join(o.text for o in d.options))

    def rolls(self, since: int = 0) -> list[dict[str, Any]]:
        return [e.data["roll"] for e in self.events[since:] if e.kind == "roll"]


def total_mod(roll: dict[str, Any]) -> int:
    return sum(m["value"] for m in roll["modifiers"])


def test_kit_finds_ships_by_name() -> None:
    sid = ship_id(next(iter(data().ships.values())).name)
    assert sid in data().ships


def test_kit_builds_a_position() -> None:
    first = next(iter(data().ships.values()))
    st = make_state([{"id": "T1", "side": first.side, "hex": "3722", "ships": [first.name], "hits": {first.name: 1}}])
    assert st.ships[first.id].hits == 1 and st.tfs["T1"].ships == [first.id]
