"""Helpers for the sequence-of-play tests (4.0-4.3, 5.0-5.7, 7.0, 8.7): position dicts, and ways to work with the real
search module (6.0-6.5): a position may say what each side has already detected, and the search log is read back.
"""

from __future__ import annotations

from typing import Any

from leyte.core.game import Game
from leyte.rulebooks.clash.rules import RULES

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


SEARCH_DECISIONS = ("search_report", "search_report_count")  # the defender's report (6.1): first option is honest


def searches_by(g: Game, formation: str) -> list[Any]:
    """The real search module's log of every search ``formation`` made (6.0-6.3): the step's own event, then a
    result per roll."""
    return [e for e in g.events if e.kind in ("search", "search_result") and e.data.get("searcher") == formation]


def detections(side: str, *found: str) -> dict[str, Any]:
    """A position's ``detected`` field: what ``side``'s carrier channel has already found (6.3.1, R-41), so the real
    search leaves those targets alone and a test can go straight to what follows a find."""
    return {side: {"carrier": list(found)}}
