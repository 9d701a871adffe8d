"""The air battle display (8.1) rebuilt from the event log, as a viewer saw it.

The defender lays the target TF's ships out one to an area on a four-by-four board; each attacking air unit is put
on a ship; the attacks come one by one, each met by the target's AA and, from ships in touching areas, half AA.
All of it is logged, so — like the surface display — the board is a fold over the events a viewer may see.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

ROWS = COLS = 4

__all__ = ["ROWS", "COLS", "AirDisplay", "air_display", "adjacent"]


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


def air_display(events: Iterable[Any], names: Mapping[str, str] | None = None) -> AirDisplay:
    """Fold the (viewer-filtered) events into the latest air strike's display."""
    names = names or {}
    ad = AirDisplay()
    for ev in events:
        kind, d = ev.kind, ev.data
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
