"""A turn told in plain words: the sentence builder behind presentation mode's summary (issue 15 item 4).

A class looking at one screen wants "Force A was sighted in the Inner Sea and lost two battleships to five air
strikes", not forty log lines. The words are built in two steps, so core stays generic and each game keeps its own
knowledge:

1. a game's face reads the events of the turn (its own event kinds, its own data) and gives back ``Fact``
   values — who something happened to, what, where (a hex), which ships, how many, by what;
2. ``tell`` groups the facts by force (or side) and writes one short sentence for each, with each hex turned into
   the nearest name on the map's art (``place_phrase``): "in the <sea>", "off <island>", "near <port>".

The face builds its facts only from the events it is handed, which are the viewer's own filtered log, so a summary
can hold nothing that viewer has not already seen: the names in it are the names its log used. Stdlib only.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from leyte.core.errors import LeyteError
from leyte.core.mapart import map_art, nm_per_unit

__all__ = ["Fact", "FACT_KINDS", "tell", "place_phrase", "join_and"]

#: what a fact may say happened: sighted by the enemy, fought a battle, came under an air strike, had ships
#: damaged, lost ships, got ships away (off the map), won or lost points, and the end of the game
FACT_KINDS = ("sighted", "fought", "struck", "hit", "lost", "exited", "points", "end")
NAMES_MAX = 4  # ships named in one clause; the rest are counted
SIGHTED_PLACES = 3  # places named for forces only sighted; forces sighted elsewhere are counted


@dataclass(frozen=True, slots=True)
class Fact:
    """One thing that happened to one force (or side) in a turn, as the viewer's log told it.

    ``who`` names the force as the viewer knows it ("Force A", "TF 3" (a marker), "the enemy"); ``where`` is a hex label
    ("" when the log gives none); ``names`` the ships lost, hit or got away; ``count`` the air strikes a "struck"
    fact stands for, or the points of a "points" fact; ``by`` what did it ("air strike", "gunfire", "torpedoes");
    ``other`` the enemy a "fought" fact met, or the result of an "end" fact.
    """

    who: str
    what: str
    where: str = ""
    names: tuple[str, ...] = ()
    count: int = 1
    by: str = ""
    other: str = ""

    def __post_init__(self) -> None:
        if self.what not in FACT_KINDS:
            raise LeyteError(f"turn summary fact {self.who!r}: 'what' is {self.what!r}, not one of "
                             f"{', '.join(FACT_KINDS)}")


def join_and(items: Sequence[str], limit: int = NAMES_MAX) -> str:
    """``a``, ``a and b``, ``a, b and c``; past ``limit`` items the rest are counted ("a, b, c, d and 3 more")."""
    items = list(dict.fromkeys(i for i in items if i))
    if len(items) > limit:
        items = [*items[:limit], f"{len(items) - limit} more"]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _plural(n: int, word: str) -> str:
    """``five air strikes``, ``one point``: small counts in words (read aloud more easily), larger in figures."""
    count = NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)
    return f"{count} {word}" if n == 1 else f"{count} {word}s"


def _cause(by: str, strikes: int) -> str:
    """What did it, in words: the air strikes counted when the force came under some."""
    if by == "air strike":
        return _plural(strikes, "air strike") if strikes else "air attack"
    return by


def _clauses(facts: Sequence[Fact], place: Callable[[str], str]) -> list[str]:
    """The clauses of one force's sentence, in the order a reader follows: found, fought, struck, hurt, lost."""
    out: list[str] = []
    said: set[str] = set()  # places already named in this sentence: "sighted in the bay" is not said twice

    def at(where: str) -> str:
        if not where:
            return ""
        words = place(where)
        if words in said:
            return ""
        said.add(words)
        return f" {words}"

    sighted = [f for f in facts if f.what == "sighted"]
    if sighted:
        out.append("was sighted" + at(next((f.where for f in sighted if f.where), "")))
    fights: dict[str, list[str]] = {}
    for f in facts:
        if f.what == "fought":
            fights.setdefault(f.where, [])
            if f.other and f.other not in fights[f.where]:
                fights[f.where].append(f.other)
    if fights:
        bits = [(join_and(others) or "the enemy") + at(w) for w, others in fights.items()]
        out.append("fought " + join_and(bits))
    placed = bool(said)
    strikes = sum(f.count for f in facts if f.what == "struck")
    strike_where = next((f.where for f in facts if f.what == "struck" and f.where), "")
    lost = [f for f in facts if f.what == "lost"]
    if strikes and not any(f.by == "air strike" for f in lost):
        out.append(f"came under {_plural(strikes, 'air strike')}" + ("" if placed else at(strike_where)))
        placed = bool(said)
    hit = [n for f in facts if f.what == "hit" for n in f.names]
    gone = {n for f in lost for n in f.names}
    hit = [n for n in dict.fromkeys(hit) if n not in gone]
    if hit:
        out.append(f"had {join_and(hit)} damaged")
    if lost:
        by_cause: dict[str, list[str]] = {}
        for f in lost:
            by_cause.setdefault(f.by, []).extend(f.names)
        bits = [join_and(names) + (f" to {_cause(by, strikes)}" if by else "") for by, names in by_cause.items()]
        where = "" if placed else next((f.where for f in lost if f.where), "") or strike_where
        out.append("lost " + join_and(bits, limit=len(bits)) + at(where))
    exited = [n for f in facts if f.what == "exited" for n in f.names]
    if exited:
        out.append(f"got {join_and(exited)} off the map")
    points = sum(f.count for f in facts if f.what == "points")
    if any(f.what == "points" for f in facts):
        out.append(f"won {_plural(points, 'point')}" if points >= 0 else f"lost {_plural(-points, 'point')}")
    return out


def _capital(s: str) -> str:
    return s[:1].upper() + s[1:]


def tell(facts: Iterable[Fact], place: Callable[[str], str] | None = None) -> list[str]:
    """A few short sentences: one per force (or side) something more than a sighting happened to, in the order
    they first appear; then the forces only sighted, one sentence per place ("TF 2 and TF 3 were sighted in the
    bay") for the first few places and a count for the rest; then the end of the game if it came.

    ``place`` turns a hex label into words ("in the <sea>"); by default "at <hex>".
    """
    where = place or (lambda h: f"at {h}")
    by_who: dict[str, list[Fact]] = {}
    ends: list[Fact] = []
    for f in facts:
        if f.what == "end":
            ends.append(f)
        else:
            by_who.setdefault(f.who, []).append(f)
    out = []
    only_seen: dict[str, list[str]] = {}
    for who, mine in by_who.items():
        if all(f.what == "sighted" for f in mine):
            h = next((f.where for f in mine if f.where), "")
            only_seen.setdefault(where(h) if h else "", []).append(who)
            continue
        clauses = _clauses(mine, where)
        if clauses:
            out.append(_capital(f"{who} {join_and(clauses, limit=len(clauses))}."))
    groups = list(only_seen.items())
    for words, whos in groups[:SIGHTED_PLACES]:
        verb = "was" if len(whos) == 1 else "were"
        out.append(_capital(f"{join_and(whos)} {verb} sighted" + (f" {words}." if words else ".")))
    rest = sum(len(whos) for _, whos in groups[SIGHTED_PLACES:])
    if rest:
        out.append(f"{_capital(_plural(rest, 'more force'))} {'was' if rest == 1 else 'were'} sighted elsewhere.")
    for f in ends[:1]:
        out.append(f"The game is over: {f.other}." if f.other else "The game is over.")
    return out


# -- places ------------------------------------------------------------------------------------------------------

#: how far (nautical miles) from a name's point a hex may lie and still be called by it, by kind and size class
REACH_NM: dict[str, dict[str, float]] = {
    "strait": {"small": 30, "medium": 40, "large": 60},
    "place": {"small": 30, "medium": 40, "large": 60},
    "island": {"small": 40, "medium": 80, "large": 150},
    "land": {"small": 80, "medium": 150, "large": 250},
    "sea": {"small": 150, "medium": 300, "large": 600},
}
DEFAULT_NM_PER_UNIT = 25 / math.sqrt(3)  # a map that gives no hex size: a 25 nm hex, the operational games' scale


def _phrase(name: str, kind: str) -> str:
    """A name with the preposition a sentence needs: in the <sea>, in <strait>, off <island>, near <place>. A
    name printed in capitals on the map ("EASTERN SEA") is written in ordinary case."""
    if name.isupper():
        name = name.title()
    if kind == "sea":
        return f"in the {name}" if name.split()[-1] in ("Sea", "Ocean") else f"in {name}"
    if kind == "strait":
        return f"in {name}"
    if kind == "place":
        return f"near {name}"
    return f"off {name}"


def place_phrase(hexmap: Any, label: str) -> str:
    """A hex in words: the nearest name of the map's art within its reach (``REACH_NM``, never less than one hex),
    with its preposition; else "at <hex>" (or "off the map" for a label that is no hex of the map).

    A strait or a place within its reach wins (it is the most exact name); otherwise nearness is measured against
    each name's reach, so in open water a sea's name wins over a distant island's, and close to shore the island's.
    """
    try:
        h = hexmap.hex(label)
    except LeyteError:  # a place off the board ("off:north") or no label at all
        return "off the map"
    if h not in hexmap.hexes:
        return "off the map"
    x, y = hexmap.center(h)
    nm = nm_per_unit(hexmap) or DEFAULT_NM_PER_UNIT
    floor = math.sqrt(3) * nm * 0.75  # a name inside the hex itself always counts
    best: tuple[bool, float, str] | None = None
    for lab in map_art(hexmap).labels:
        d = math.hypot(lab.x - x, lab.y - y) * nm
        reach = max(REACH_NM.get(lab.kind, REACH_NM["island"]).get(lab.size, 80.0), floor)
        key = (lab.kind not in ("strait", "place"), d / reach, _phrase(lab.name, lab.kind))
        if key[1] <= 1 and (best is None or key < best):
            best = key
    return best[2] if best else f"at {label}"
