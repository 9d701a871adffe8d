"""Battle off Samar's turn in plain words (presentation mode): its events read into ``leyte.core.story.Fact`` values.

Samar is played on an open map (every event is public), so a force is a ship's printed group ("Center Force",
"Taffy 3"), as the counter list gives it; a ship is named as its log text names it ("CVE Gambier Bay"). What sank or
hit a ship is the last attack on it this turn — gunfire or torpedoes (5.6), an air attack (8.4), a kamikaze — unless
the hit came from fouling another vessel (4.3) or the shallows (4.4).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from leyte.core.story import Fact

__all__ = ["turn_facts"]

SHIP_NAME = re.compile(r"^(?P<name>.+?)(?: sinks| is beached| steams off|: hit )")


def cause_words(why: str, last_attack: str) -> str:
    """What hit or sank a ship: running aground in shallows (4.4), a collision when ships foul each other (4.3),
    else the last attack on it (gunfire when the log saw none)."""
    w = why.lower()
    if "aground" in w or "shallows" in w:
        return "running aground"
    if "fouling" in w:
        return "a collision"
    return last_attack or "gunfire"


def turn_facts(events: Sequence[Any], start: int, end: int, ships: Mapping[str, Any]) -> list[Fact]:
    """The facts of ``events[start:end]``; earlier events only say where each ship last was.

    ``ships`` is the counter list (id -> definition with ``group`` and ``side``).
    """
    def group(sid: Any) -> str:
        d = ships.get(str(sid))
        return str(d.group or d.side) if d is not None else "a force"

    where: dict[str, str] = {}
    for e in events[:start]:
        if isinstance(e.data.get("ship"), str) and isinstance(e.data.get("hex"), str):
            where[e.data["ship"]] = e.data["hex"]
    facts: list[Fact] = []
    fought: set[tuple[str, str]] = set()
    last_attack: dict[str, str] = {}  # ship -> what last attacked it this turn
    for e in events[start:end]:
        k, d = e.kind, e.data
        ship = d.get("ship")
        if isinstance(ship, str) and isinstance(d.get("hex"), str):
            where[ship] = d["hex"]
        if k == "fire" and isinstance(d.get("firer"), str) and isinstance(d.get("target"), str):
            last_attack[d["target"]] = "torpedoes" if d.get("weapon") == "torpedo" else "gunfire"
            pair = (group(d["firer"]), group(d["target"]))
            if pair not in fought and pair[0] != pair[1]:
                fought.add(pair)
                facts.append(Fact(pair[0], "fought", where.get(d["firer"], ""), other=pair[1]))
        elif k == "air_attack" and isinstance(d.get("unit"), str) and isinstance(d.get("target"), str):
            last_attack[d["target"]] = "air strike"
            facts.append(Fact(group(d["target"]), "struck", where.get(d["target"], ""), by="air strike"))
        elif k == "kamikaze" and isinstance(d.get("target"), str):
            last_attack[d["target"]] = "kamikazes"
        elif k in ("damage", "sunk", "exit") and isinstance(ship, str):
            m = SHIP_NAME.match(e.text)
            name = m.group("name") if m else ship
            what = {"damage": "hit", "sunk": "lost", "exit": "exited"}[k]
            facts.append(Fact(group(ship), what, where.get(ship, ""), (name,),
                              by="" if k == "exit" else cause_words(str(d.get("why", "")),
                                                                    last_attack.get(ship, ""))))
        elif k == "result":
            level, winner = d.get("level"), d.get("winner")
            facts.append(Fact("", "end", other=f"a {level} victory for the {winner}" if level and winner else ""))
    return facts
