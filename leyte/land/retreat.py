"""Retreats and advances after combat: where a beaten unit may go, and where a victor may follow.

Retreat (Formosa 15.7 is one instance): one hex, never into an enemy hex, an enemy zone of control (even a hex a
friendly unit holds: friends do not cancel a zone for a retreat), terrain the unit may not enter, or across a
closed side; toward a supply source, read as "to a candidate as close to a source as any other candidate", by a
hex-count flood from the sources; further, one hex at a time under the same rules, when the hex reached would
break the stacking limit; and elimination when no legal hex remains.

Advance: into the hex the defender left and, where a rule grants a second hex (a defender eliminated outright),
one more hex from there. An advance may enter or pass enemy zones of control, but never an enemy hex or
forbidden terrain.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from leyte.core.errors import LeyteError
from leyte.core.hexgrid import Hex, HexMap
from leyte.core.reach import flood
from leyte.land._common import HexTest, as_test

__all__ = ["supply_distance", "Retreat", "retreat_options", "advance_options"]

_CLOSED = frozenset({"blocked", "all_sea"})


def supply_distance(
    m: HexMap, sources: Iterable[Hex], *, blocked: HexTest = None, sea: HexTest = None
) -> dict[Hex, int]:
    """Hex-count distance from every hex to the nearest source, around ``blocked`` hexes and sea (no limit)."""
    srcs = tuple(sources)
    if not srcs:
        return {}
    no_go, is_sea = as_test(blocked, "blocked"), (as_test(sea, "sea") if sea is not None else m.is_sea)

    def step(a: Hex, b: Hex) -> int | None:
        return None if is_sea(b) or no_go(b) or m.side(a, b) & _CLOSED else 1

    found = flood(m, srcs, len(m), cost=step)
    return {h: int(c) for h, c in found.costs.items()}


@dataclass(frozen=True, slots=True)
class Retreat:
    """Every legal retreat route (start excluded), the preferred ones (toward supply), or elimination."""

    routes: tuple[tuple[Hex, ...], ...]
    preferred: tuple[tuple[Hex, ...], ...]

    @property
    def eliminated(self) -> bool:
        return not self.routes

    @property
    def hexes(self) -> list[Hex]:
        """The hexes a preferred route may end in, in order."""
        return sorted({r[-1] for r in self.preferred})


def retreat_options(
    m: HexMap,
    start: Hex,
    *,
    enemy: HexTest = None,
    ezoc: HexTest = None,
    prohibited: HexTest = None,
    room: Callable[[Hex], bool] | None = None,
    distance: Mapping[Hex, int] | None = None,
    hexes: int = 1,
    max_extra: int = 2,
) -> Retreat:
    """Routes of ``hexes`` hexes from ``start`` (more, up to ``max_extra`` beyond, where ``room`` says no).

    ``room(hex)`` answers "may the retreating units end here without breaking the stacking limit?" (default:
    always). ``distance`` is ``supply_distance``'s answer; without it every legal route is preferred. A route
    never re-enters a hex it has passed, nor the start hex.
    """
    if start not in m:
        raise LeyteError(f"retreat: start hex {start!r} is not on the map")
    if hexes < 1 or max_extra < 0:
        raise LeyteError(f"retreat: need at least one hex and no negative extra hexes, not {hexes}, {max_extra}")
    is_enemy, in_ezoc, banned = as_test(enemy, "enemy"), as_test(ezoc, "ezoc"), as_test(prohibited, "prohibited")
    fits = room or (lambda _h: True)

    def ok(a: Hex, b: Hex) -> bool:
        return not (is_enemy(b) or in_ezoc(b) or banned(b) or m.is_sea(b) or m.side(a, b) & _CLOSED)

    routes: list[tuple[Hex, ...]] = []
    frontier: list[tuple[Hex, ...]] = [()]
    for length in range(1, hexes + max_extra + 1):
        nxt: list[tuple[Hex, ...]] = []
        for r in frontier:
            here = r[-1] if r else start
            for n in m.neighbours(here):
                if n != start and n not in r and ok(here, n):
                    nxt.append((*r, n))
        if length >= hexes:
            done = [r for r in nxt if fits(r[-1])]
            if done:
                routes = done
                break
        frontier = nxt
    if not routes or distance is None:
        return Retreat(tuple(routes), tuple(routes))
    far = max(distance.values(), default=0) + 1
    best = min(distance.get(r[-1], far) for r in routes)
    return Retreat(tuple(routes), tuple(r for r in routes if distance.get(r[-1], far) == best))


def advance_options(
    m: HexMap,
    start: Hex,
    vacated: Hex,
    *,
    hexes: int = 1,
    enemy: HexTest = None,
    prohibited: HexTest = None,
) -> list[tuple[Hex, ...]]:
    """Advance routes for a victor at ``start``: into ``vacated`` first, then (``hexes`` = 2) one hex beyond.

    The route of one hex is always listed (a victor may stop in the vacated hex); zones of control do not stop
    an advance. The game decides whether advancing is allowed at all (a victorious defender, say, never does).
    """
    if vacated not in m.neighbours(start):
        raise LeyteError(f"advance: {m.label(vacated)} is not next to {m.label(start)}")
    is_enemy, banned = as_test(enemy, "enemy"), as_test(prohibited, "prohibited")

    def ok(a: Hex, b: Hex) -> bool:
        return not (is_enemy(b) or banned(b) or m.is_sea(b) or m.side(a, b) & _CLOSED)

    if not ok(start, vacated):
        return []
    out: list[tuple[Hex, ...]] = [(vacated,)]
    if hexes >= 2:
        out += [(vacated, n) for n in m.neighbours(vacated) if n != start and ok(vacated, n)]
    return out
