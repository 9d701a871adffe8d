"""Helpers for the sequence-of-play tests (4.0-4.3, 5.0-5.7, 7.0, 8.7): position dicts and a stand-in for the
search module's frame.

``install_search_double`` replaces the placeholder ``clash_search`` (6.0, the search module's, not merged yet) for one
test with a frame that keeps the interface the wave plan fixes — it records, per side, the detections the test
names in ``extras["detected"][side]["carrier"]`` and pops — so the steps after a search can be tested now. It is
labelled in the log ("search stand-in"), and every test that uses it says so.
"""

from __future__ import annotations

from typing import Any

import pytest

from leyte.core.game import Context, Game
from leyte.rulebooks.clash import pending, state
from leyte.rulebooks.clash.engine import pop
from leyte.rulebooks.clash.rules import RULES
from leyte.rulebooks.imperial_sunset.state import State

NIGHTS = {str(t): {"date": "1944-06-18", "time": "night"} for t in range(1, 13)}
DAYS = {str(t): {"date": "1944-06-18", "time": "day"} for t in range(1, 13)}


def tg(tid: str, hex_label: str, ships: list[str], *, side: str = "USN", tf: str | None = None,
       **extra: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"id": tid, "name": extra.pop("name", tid.upper()), "side": side, "hex": hex_label,
                         "ships": ships, **extra}
    if tf:
        d["tf"] = tf
    return d


def position(tgs: list[dict[str, Any]], *, tfs: list[dict[str, Any]] | None = None, turn: int = 1,
             last_turn: int = 12, phase: str = "turn", record: dict[str, Any] | None = None,
             **extra: Any) -> dict[str, Any]:
    pos: dict[str, Any] = {"id": "seq", "turn": turn, "first_turn": 1, "last_turn": last_turn, "tgs": tgs,
                           "tfs": tfs or [], "start": {"phase": phase}, **extra}
    if record is not None:
        pos["turn_record"] = record
    else:
        pos["turn_record_key"] = "historical"  # the data folder's own turn record (dates, day and night, R-3)
    return pos


def real_game(pos: dict[str, Any], *, seed: int = 1) -> Game:
    """A game on the game's own data folder (real ships, map, constants)."""
    return Game(RULES, RULES.load_scenario(pos), seed=seed)


def finish_formations(g: Game) -> None:
    while g.decision is not None and g.decision.kind == "formations":
        g.apply({"kind": "done"})


def install_search_double(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """Side -> formation ids the stand-in search detects (carrier channel). Records every call in ``calls``."""
    finds: dict[str, list[Any]] = {"IJN": [], "USN": [], "calls": []}

    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        finds["calls"].append({k: v for k, v in fr.items() if k != "kind"})
        for tid in finds[fr["side"]]:
            state.detect(st, fr["side"], "carrier", tid)
        ctx.emit("6.0", f"search stand-in: {fr['side']} {fr['formation']} searches", kind="search_stand_in",
                 data={k: v for k, v in fr.items() if k != "kind"})
        pop(st, fr)

    monkeypatch.setattr(pending.HANDLERS["clash_search"], "run", staticmethod(run))
    return finds
