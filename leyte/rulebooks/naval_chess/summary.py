"""The Naval Chess Game's day in plain words (presentation mode): its events read into ``leyte.core.story.Fact``
values.

A day's attacks come from submarines, air strikes and surface battles (VI.B.1.b.2), and the 5th Air Force
(VI.B.1.b.5). Forces are the two sides ("the IJN", "the Allies" — never the Allied seat, which an IJN viewer may not
know); a unit is named as the viewer's log names it, and a masked report ("an Allied ship unit") stays masked. A
unit the viewer's searches or contact reports found is told as sighted where the report places it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from leyte.core.story import Fact

__all__ = ["turn_facts"]

TARGET = re.compile(r"(?: on | bombs )(?P<name>.+?): \S+ — ")
MASKED = re.compile(r"^an? (?:IJN|Allied) ship unit")  # R-45's masked name of an unidentified target
STRIKE_AT = re.compile(r" strikes (?!the airfield).+ at (?P<hex>\w+)$")
REPORTED = re.compile(r"([^,:()]+?) \(")
LOST_AIR = re.compile(r"destroys an? (?P<side>IJN|Allied) (?P<what>.+? air unit)")
LOST_SUB = re.compile(r"sink the (?P<side>IJN|Allied) submarine")
OF_MARKER = re.compile(r"^an? ship unit of marker (?P<marker>\w+)$")  # a hit unit known only by its group's marker


def marker_words(marker: str) -> str:
    """An IJN marker as a person reads it aloud ("J8" -> "Japanese marker J8"): the markers are all the IJN's."""
    return f"Japanese marker {marker}"


def _side(seat: Any) -> str:
    return "the IJN" if seat == "IJN" else "the Allies"


def _by(e: Any) -> str:
    """What made a hit: a submarine attack, a surface battle's gunfire (VI.B.1.b.2.c) or bombs from the air."""
    if e.text.startswith("Submarine attack"):
        return "submarines"
    return "gunfire" if e.rule.endswith("2.c") else "air strike"


def turn_facts(events: Sequence[Any], start: int, end: int, units: Mapping[str, Any]) -> list[Fact]:
    """The facts of ``events[start:end]``; earlier events only say where each unit and marker was last seen.

    ``units`` is the counter list (id -> definition with ``seat``), read only for the side of a unit the event
    itself names by id.
    """
    where: dict[str, str] = {}

    def note(e: Any) -> None:
        d = e.data
        to = d.get("to") or d.get("hex")
        if isinstance(to, str):
            for uid in [*(d.get("units") or ()), d.get("marker"), d.get("air")]:
                if isinstance(uid, str):
                    where[uid] = to

    for e in events[:start]:
        note(e)
    facts: list[Fact] = []
    strike_hex = battle_hex = ""
    for e in events[start:end]:
        k, d = e.kind, e.data
        note(e)
        if k == "strike":
            m = STRIKE_AT.search(e.text)
            strike_hex = m.group("hex") if m else ""
            if m and isinstance(d.get("target"), str):
                seat = getattr(units.get(d["target"]), "seat", None)
                facts.append(Fact(_side(seat), "struck", strike_hex, by="air strike"))
        elif k == "battle" and isinstance(d.get("hex"), str):
            battle_hex = d["hex"]
            facts.append(Fact("the IJN", "fought", battle_hex, other="the Allies"))
        elif k == "battle_end":
            battle_hex = ""
        elif k == "hit" and d.get("outcome") in ("sunk", "damaged", "already damaged"):
            m = TARGET.search(e.text)
            target = d.get("target")
            if isinstance(target, str) and target in units:
                who = _side(units[target].seat)
            else:
                # a masked target: "an IJN ship unit", "a ship unit of marker J14" (markers are the IJN's)
                who = "the IJN" if " IJN " in f" {e.text} " or " marker " in e.text else "the Allies"
            by = _by(e)
            hex_ = battle_hex if by == "gunfire" else strike_hex if by == "air strike" else ""
            hex_ = hex_ or (where.get(target, "") if isinstance(target, str) else "")
            name = m.group("name") if m else "a unit"
            name = "a ship" if MASKED.match(name) else name
            if (om := OF_MARKER.match(name)) is not None:  # "a ship unit of marker J8": the marker's group lost it
                who, name = marker_words(om.group("marker")), "a ship"
                hex_ = hex_ or where.get(om.group("marker"), "")
            facts.append(Fact(who, "lost" if d["outcome"] == "sunk" else "hit", hex_, (name,), by=by))
        elif k == "detected":
            h = str(d.get("hex") or where.get(str(d.get("marker")), ""))
            if isinstance(d.get("marker"), str) and e.text.startswith(("Search planes", "The 5th Air Force")):
                facts.append(Fact(marker_words(d["marker"]), "sighted", h))
            elif h and f" at {h}: " in e.text:
                for name in REPORTED.findall(e.text.split(f" at {h}: ", 1)[1]):
                    facts.append(Fact(name.strip(), "sighted", h))
        elif k == "air_lost" and (m := LOST_AIR.search(e.text)):
            side = "the IJN" if m.group("side") == "IJN" else "the Allies"
            facts.append(Fact(side, "lost", strike_hex, (f"a {m.group('what')}",), by="anti-aircraft fire"
                              if "Anti-aircraft" in e.text else ""))
        elif k == "sub_lost" and (m := LOST_SUB.search(e.text)):
            side = "the IJN" if m.group("side") == "IJN" else "the Allies"
            facts.append(Fact(side, "lost", "", ("a submarine",), by="escorts"))
        elif k == "vp" and isinstance(d.get("vp"), int):
            facts.append(Fact("the Allies", "points", count=d["vp"]))
        elif k == "result":
            level, winner = d.get("level"), d.get("winner")
            facts.append(Fact("", "end", other=f"a {level} victory for {winner}" if level and winner else ""))
    return facts
