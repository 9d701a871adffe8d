"""Imperial Sunset's turn in plain words (presentation mode): its events read into ``leyte.core.story.Fact`` values.

Clash of the Carriers logs the same event kinds (its face is this game's), so it is read the same way.

Only the events handed in are read — the viewer's own log — and every name comes from those events' own texts, so
a masked copy ("CVE USN-6 is sunk", "a ship unit of TF USN-13") stays masked in the summary. A force is called by
the name the viewer's log gives it (its own TFs' names from their setup and moves; an enemy TF by its marker id);
losses and damage in an air strike (8.1) or a surface battle (8.3) belong to the force struck or fighting there.

Clash's markers carry labels ("usn-marker-7", ruling R-51) that are not for reading aloud: a label becomes "US
marker 7" / "Japanese marker 7". A side's own marker is called by its group's name once the log has paired them: in
the viewer's own activation (3.1.6) the drawn marker's label is followed by its group's movement allowance, which
only the owner reads, so the pairing never names an enemy group. A public TF marker is called by the name its draw
shows.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from leyte.core.story import Fact

__all__ = ["turn_facts", "cause_words"]

SIDES = ("IJN", "USN")
# an own TF's own-name events: "Taffy 1 sets up in 3624", "Force A moves 2921 -> 3021", "Ozawa Force enters at 1028"
NAMED = re.compile(r"^(?P<name>.+?) (?:sets up in|moves \w+ ->|enters at|ends its activation|has \d+ MP)")
# a drawn activation marker: a public TF's name ("Drew Task Force 58"), or a TG's bare label ("Drew USN TG ...")
DREW = re.compile(r"^Drew (?P<name>.+?)(?: \(by command chit\))?$")
MARKER_LABEL = re.compile(r"^(?P<side>usn|ijn)-marker-(?P<n>\d+)$")
LABEL_SIDE = {"usn": "US", "ijn": "Japanese"}
GENERIC = ("dummy", "new ")  # a group name shared by several groups: its marker's label tells them apart
STRIKE = re.compile(r"air strike on TF (?P<tf>\S+) in (?P<hex>\w+)")
BATTLE = re.compile(r": (?P<side>IJN|USN) TF ")
OF_TF = re.compile(r"of (?:TF )?(?P<tf>[\w-]+)$")  # "a ship unit of TF USN-13", "a naval unit of mobile-fleet"
SEARCH = re.compile(r"search of (?P<target>\S+) by ")
SHIP_NAME = re.compile(r"^(?P<name>.+?) (?:takes \d|is hit|is sunk)")


def cause_words(cause: str, in_strike: bool = False) -> str:
    """What sank or hit a ship, in a class's words, from the event's ``cause`` ("torpedoes from Div 4")."""
    c = cause.lower()
    if in_strike or c.startswith("air"):
        return "air strike"
    for key, words in (("torpedo", "torpedoes"), ("gunfire", "gunfire"), ("submarine", "a submarine"),
                       ("critical", "fire and flooding"), ("kamikaze", "kamikazes"), ("mine", "a mine")):
        if key in c:
            return words
    return "enemy action"


def label_words(tf: str) -> str:
    """A marker as a person reads it aloud: "usn-marker-7" -> "US marker 7"; any other id stays "TF <id>"."""
    m = MARKER_LABEL.match(tf)
    return f"{LABEL_SIDE[m.group('side')]} marker {m.group('n')}" if m else f"TF {tf}"


def _side_of_ship(ship: str, text: str, ships: Mapping[str, Any]) -> str | None:
    """A ship's side: from the game's counter list by its id, or, for a masked ship ("CVE USN-6", "a ship unit of
    TF USN-13"), from the side its masked label shows."""
    d = ships.get(ship)
    if d is not None:
        return str(d.side)
    for s in SIDES:
        if re.search(rf"\b{s}\b", f"{ship} {text}"):
            return s
    return None


def turn_facts(events: Sequence[Any], start: int, end: int, ships: Mapping[str, Any]) -> list[Fact]:
    """The facts of ``events[start:end]``; the earlier events only teach the viewer's TF names and positions.

    ``ships`` is the game's counter list (id -> definition with ``side``), used only to tell which side a ship the
    event names by id sails for.
    """
    names: dict[str, str] = {}
    last_hex: dict[str, str] = {}
    group_of: dict[str, str] = {}  # an own marker's label -> the group it stands for, paired in its activation
    drawn: str | None = None
    for e in events[:end]:
        marker = e.data.get("marker")
        if e.kind == "draw" and isinstance(marker, str) and ":" not in marker and not e.data.get("ignored"):
            drawn = marker
            m = DREW.match(e.text)
            if m and not re.match(r"(?:IJN|USN) TG ", m.group("name")) and not MARKER_LABEL.match(marker):
                names[marker] = m.group("name")  # a TF marker drawn in public: its name is printed on it
        elif e.kind == "activate_end":
            drawn = None
        tf = e.data.get("tf") or e.data.get("formation")  # Clash calls its TGs and markers formations
        if isinstance(tf, str):
            m = NAMED.match(e.text)
            if m and not m.group("name").startswith("TF ") and " marker " not in m.group("name"):
                names[tf] = m.group("name")
                if drawn and e.kind == "mp" and " MP = " in e.text:
                    # the activated group's movement allowance, logged to its owner alone as the activation opens
                    if tf != drawn:
                        group_of[drawn] = tf
                    drawn = None
            h = e.data.get("to") or e.data.get("hex")
            if isinstance(h, str):
                last_hex[tf] = h

    def who(tf: str) -> str:
        own = group_of.get(tf, tf)
        name = names.get(own)
        if name and not name.lower().startswith(GENERIC):
            return name
        return label_words(tf)

    facts: list[Fact] = []
    strike: tuple[str, str] | None = None  # (TF struck, hex) while an air strike is resolved
    battle: dict[str, Any] | None = None  # hex, and the force of each side, while a surface battle is fought
    for e in events[start:end]:
        k, d = e.kind, e.data
        if k == "detection" and d.get("detected") and isinstance(d.get("tf"), str):
            facts.append(Fact(who(d["tf"]), "sighted", str(d.get("hex") or last_hex.get(d["tf"], ""))))
        elif k == "search_result" and d.get("found"):
            m = SEARCH.search(e.text)
            if m:
                facts.append(Fact(who(m.group("target")), "sighted", last_hex.get(m.group("target"), "")))
        elif k == "strike":
            m = STRIKE.search(e.text)
            if m:
                strike = (m.group("tf"), m.group("hex"))
                facts.append(Fact(who(strike[0]), "struck", strike[1], by="air strike"))
        elif k == "strike_end":
            strike = None
        elif k == "battle" and isinstance(d.get("active"), str):
            m = BATTLE.search(e.text)
            enemy = [who(t) for t in d.get("enemy") or () if isinstance(t, str)]
            battle = {"hex": str(d.get("hex", ""))}
            if m:
                other = "USN" if m.group("side") == "IJN" else "IJN"
                battle[m.group("side")] = who(d["active"])
                battle[other] = " and ".join(enemy) if enemy else f"the {other}"
            facts.append(Fact(who(d["active"]), "fought", battle["hex"],
                              other=" and ".join(enemy) if enemy else "the enemy"))
        elif k == "battle_over":
            battle = None
        elif k in ("damage", "sunk"):
            m = SHIP_NAME.match(e.text)
            ship = m.group("name") if m else str(d.get("ship", "a ship"))
            side = _side_of_ship(str(d.get("ship", "")), e.text, ships)
            where = ""
            if strike is not None:
                force, where = who(strike[0]), strike[1]
            elif battle is not None and side in battle:
                force, where = battle[side], battle["hex"]
            elif (t := OF_TF.search(ship) or OF_TF.search(e.text.split(" is ")[0])) is not None:
                force = who(t.group("tf"))
                where = last_hex.get(t.group("tf"), "")
            else:
                force = f"the {side}" if side else "a force"
            if ship.lower().startswith(("a ship unit", "a naval unit")):
                ship = "a ship"
            by = cause_words(str(d.get("cause", "")), strike is not None)
            facts.append(Fact(force, "lost" if k == "sunk" else "hit", where, (ship,), by=by))
        elif k == "vp" and isinstance(d.get("points"), int) and d.get("side") in SIDES:
            facts.append(Fact(f"the {d['side']}", "points", count=d["points"]))
        elif k == "game_over":
            facts.append(Fact("", "end", other=str(d.get("level") or "")))
    return facts
