"""Imperial Sunset's two tactical displays, the surface battle board (8.3) and the air battle board (8.1), rebuilt
from the event log as a viewer saw it. Pure data: ``ImperialSunsetFace.panels`` turns them into the generic panels
(a track, a grid) that any front end draws; nothing here draws.

Surface battle (8.3).

The battle board is a track of 25 areas; ships are placed in groups (8.3.1), move along it (8.3.2), are shifted
back towards the middle near its ends (8.3.11), take hits and sink. Every one of those steps is an event in the
log, so the display is a fold over the events a viewer may see — public API only. The American ships are placed
face down (8.3.1): the Japanese see them under battle aliases ("USN-2"), and the log gives each side its own copy
of such events; the umpire is shown the owner's copy.

Air battle (8.1). The defender lays the target TF's ships out one to an area on a four-by-four board; each attacking
air unit is put on a ship; the attacks come one by one, each met by the target's AA and, from ships in touching
areas, half AA. All of it is logged, so — like the surface display — the board is a fold over the events a viewer
may see.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

AREAS = 25  # the surface battle board's areas, 1..25 (8.3)
ROWS = COLS = 4  # the air battle board: areas 1..16, row by row (8.1)

__all__ = [
    "AREAS", "BattleShip", "BattleDisplay", "battle_display", "display_from_view",
    "ROWS", "COLS", "AirDisplay", "air_display", "adjacent",
]


@dataclass
class BattleShip:
    id: str
    side: str
    area: int
    name: str = ""
    hits: int = 0
    capacity: int | None = None
    sunk: bool = False
    moved: bool = False


@dataclass
class BattleDisplay:
    """The board after the last battle event seen: where each ship is, plus the round and the latest roll."""

    hex: str | None = None
    round: int = 0
    ships: dict[str, BattleShip] = field(default_factory=dict)
    smoke: list[int] = field(default_factory=list)
    last_roll: str = ""
    ended: bool = False
    events: int = 0  # battle events folded in (a display with 0 shows no battle)

    def by_area(self) -> dict[int, list[BattleShip]]:
        out: dict[int, list[BattleShip]] = {}
        for s in self.ships.values():
            out.setdefault(s.area, []).append(s)
        return out


def _side_of_copy(ev: Any) -> str | None:
    vis = getattr(ev, "visible", None)
    return vis[0] if vis and len(vis) == 1 else None


def battle_display(
    events: Iterable[Any], *, umpire: bool = False, names: Mapping[str, str] | None = None
) -> BattleDisplay:
    """Fold the (already viewer-filtered) events into the latest battle's display.

    ``names`` maps ship ids to names for labels (e.g. from ``leyte.rules(game).units["name"]``); aliases and
    unknown ids are shown as they are. With ``umpire=True`` the foe's renamed copies of events are skipped, so each
    ship appears once under its real id.
    """
    names = names or {}
    bd = BattleDisplay()
    for ev in events:
        kind, d = ev.kind, ev.data
        if kind == "battle":
            bd = BattleDisplay(hex=d.get("hex"))
            bd.events = 1
            continue
        if bd.events == 0:
            continue
        if kind == "deploy":
            side = d.get("side", "")
            copy_for = _side_of_copy(ev)
            if umpire and copy_for is not None and copy_for != side:
                continue
            for sid in d.get("ships", []):
                bd.ships[sid] = BattleShip(sid, side, int(d.get("area", 0)), names.get(sid, sid))
        elif kind == "battle_round":
            bd.round = int(d.get("round", bd.round + 1))
            bd.smoke = []
            for s in bd.ships.values():
                s.moved = False
        elif kind == "surface_move":
            s = bd.ships.get(str(d.get("ship")))
            if s is not None:
                s.area = int(d.get("to", s.area))
                s.moved = abs(int(d.get("to", 0)) - int(d.get("from", 0))) > 1
        elif kind == "adjust":
            shift = int(d.get("shift", 0))
            for s in bd.ships.values():
                s.area += shift
        elif kind == "smoke":
            if d.get("area"):
                bd.smoke.append(int(d["area"]))
        elif kind == "damage":
            s = bd.ships.get(str(d.get("ship")))
            if s is not None:
                s.hits = int(d.get("total", s.hits + int(d.get("hits", 0))))
                s.capacity = d.get("capacity", s.capacity)
        elif kind == "sunk":
            s = bd.ships.get(str(d.get("ship")))
            if s is not None:
                s.sunk = True
        elif kind == "roll":
            r = d.get("roll", {})
            if r.get("rule", "").startswith("8.3") or r.get("table") == "damage":
                bd.last_roll = ev.text
        elif kind in ("battle_end", "battle_over"):
            bd.ended = True
        bd.events += 1
    return bd


def display_from_view(battle: Mapping[str, Any], names: Mapping[str, str] | None = None) -> BattleDisplay:
    """The display from a view's ``battle`` entry (hex, round, smoke, ships with id, name, side, area, moved, hits),
    when the engine provides one: exact for every viewer, including face-down ships that have since fired."""
    bd = BattleDisplay(hex=battle.get("hex"), round=int(battle.get("round") or 0), smoke=list(battle.get("smoke", [])))
    bd.events = 1
    for s in battle.get("ships", []):
        sid = str(s.get("id"))
        bd.ships[sid] = BattleShip(
            sid,
            str(s.get("side", "")),
            int(s.get("area", 0)),
            str(s.get("name") or sid),
            hits=int(s.get("hits") or 0),
            moved=bool(s.get("moved")),
        )
    return bd


# -- the air battle display (8.1) --------------------------------------------------------------------------------------


def adjacent(a: int, b: int) -> bool:
    """Areas 1..16 touch along a side or at a corner (the engine's reading of the display)."""
    ra, ca = divmod(a - 1, COLS)
    rb, cb = divmod(b - 1, COLS)
    return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1


@dataclass
class AirDisplay:
    """The latest air strike: the target, where each ship lies, which unit aims at which ship, how it went."""

    target: str = ""
    areas: dict[str, int] = field(default_factory=dict)  # ship id -> area
    aims: dict[str, str] = field(default_factory=dict)  # air unit -> ship id
    pairs: dict[str, str] = field(default_factory=dict)  # escort -> air unit it protects from AA
    hits: dict[str, int] = field(default_factory=dict)  # ship id -> damage points so far
    sunk: set[str] = field(default_factory=set)
    current: str | None = None  # the air unit attacking now
    results: list[str] = field(default_factory=list)  # one line per finished attack
    ended: bool = False
    events: int = 0

    def ship_at(self, area: int) -> str | None:
        for sid, a in self.areas.items():
            if a == area:
                return sid
        return None


def air_display(events: Iterable[Any], names: Mapping[str, str] | None = None, *, umpire: bool = False) -> AirDisplay:
    """Fold the (viewer-filtered) events into the latest air strike's display. With ``umpire=True`` the opponents'
    copies that hide which carrier an air unit flies from (``"masked"``) are skipped: the umpire has the full ones."""
    names = names or {}
    ad = AirDisplay()
    for ev in events:
        kind, d = ev.kind, ev.data
        if umpire and d.get("masked"):
            continue
        if kind == "strike" and d.get("target"):
            ad = AirDisplay(target=str(d["target"]), events=1)
            continue
        if ad.events == 0:
            continue
        if kind == "air_display" and d.get("ship"):
            ad.areas[str(d["ship"])] = int(d.get("area", 0))
        elif kind == "air_target":
            ad.aims[str(d.get("air"))] = str(d.get("ship"))
        elif kind == "air_pair":
            ad.pairs[str(d.get("escort"))] = str(d.get("air"))
        elif kind == "air_attack":
            air = str(d.get("air"))
            if "ship" in d:
                ad.current = air
            elif "hits" in d:
                ad.results.append(f"{names.get(air, air)}: {d['hits']} hit(s)")
                ad.current = None
        elif kind == "damage" and str(d.get("ship")) in ad.areas:
            ship = str(d["ship"])
            ad.hits[ship] = int(d.get("total", 0))
            if ad.current:
                ad.results.append(
                    f"{names.get(ad.current, ad.current)}: {d.get('hits', 0)} hit(s) on {names.get(ship, ship)}"
                )
        elif kind == "sunk" and str(d.get("ship")) in ad.areas:
            ad.sunk.add(str(d["ship"]))
        elif kind == "strike_end":
            ad.ended = True
            ad.current = None
        ad.events += 1
    return ad
