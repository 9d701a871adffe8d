"""Where one land unit may move this phase: terrain and hexside costs, roads, enemy zones of control, minimum move.

The common hex-and-counter movement rules (Formosa 12.1-12.4 and 14 are one instance) as one search over
``leyte.core.reach``:

- entering a hex costs what the game's terrain chart says (``enter_cost``); crossing a hexside adds what the
  chart says for that side (``side_cost``: a river usually adds 1). ``None`` from either means "not allowed".
- a step across a hexside carrying a road (or rail, ``road_kinds``) costs ``road_cost`` instead, whatever the
  terrain and whatever else lies on that side: the road bridges the river. Roads are hexside connections, so
  only a step from one road hex to the next along the road earns the rate.
- terrain ``barred`` to this unit (a mechanised unit in the mountains) may still be entered along a road.
- a unit never enters an enemy-occupied hex; it stops on entering an enemy zone of control; it may not step
  directly from one EZOC hex to another; and it may leave an EZOC hex only if it began the move there (the core
  search never leaves a hex where it had to stop, except a start hex).
- a surcharge on entering a hex (``surcharge``: an interdicted hex) is paid on every step, road or not.
- the minimum move: a unit that could not otherwise afford it may always move one hex, if that step is otherwise
  legal, spending its whole allowance.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from leyte.core.errors import LeyteError
from leyte.core.hexgrid import Hex, HexMap
from leyte.core.reach import Number, reach
from leyte.land._common import HexTest, as_test

__all__ = ["Destination", "step_cost", "destinations"]

_CLOSED = frozenset({"blocked", "all_sea"})


@dataclass(frozen=True, slots=True)
class Destination:
    """A hex the unit may end its move in: what it costs, the route, and why it is special (if it is)."""

    hex: Hex
    cost: Fraction
    path: tuple[Hex, ...]
    in_ezoc: bool = False  # the unit must stop here (enemy zone of control)
    minimum_move: bool = False  # reachable only by the one-hex minimum move

    def to_dict(self, m: HexMap) -> dict[str, object]:
        """JSON-ready, with labels (for an option's data or an overlay)."""
        return {"hex": m.label(self.hex), "cost": str(self.cost), "path": [m.label(h) for h in self.path],
                "in_ezoc": self.in_ezoc, "minimum_move": self.minimum_move}


def step_cost(
    m: HexMap,
    *,
    enter_cost: Callable[[Hex], Number | None],
    side_cost: Callable[[frozenset[str]], Number | None] | None = None,
    road_kinds: Iterable[str] = ("road", "rail"),
    road_cost: Number = Fraction(1, 2),
    barred: HexTest = None,
    enemy: HexTest = None,
    ezoc: HexTest = None,
    surcharge: Callable[[Hex], Number] | None = None,
) -> Callable[[Hex, Hex], Number | None]:
    """The price of one step ``a -> b`` under the rules above, or None when the step is not allowed.

    Exposed on its own so a game can price a single declared step (and refuse it with a reason) with exactly the
    arithmetic the search used. ``side_cost`` gets every attribute of the side crossed; by default a closed or
    all-sea side is impassable and any other side is free.
    """
    roads = frozenset(road_kinds)
    is_barred, is_enemy, in_ezoc = as_test(barred, "barred"), as_test(enemy, "enemy"), as_test(ezoc, "ezoc")
    sides = side_cost or (lambda kinds: None if kinds & _CLOSED else 0)
    toll = surcharge or (lambda _h: 0)

    def cost(a: Hex, b: Hex) -> Number | None:
        if is_enemy(b):
            return None
        if in_ezoc(a) and in_ezoc(b):
            return None  # no move straight from one enemy zone into another
        kinds = m.side(a, b)
        if "blocked" in kinds:
            return None
        if kinds & roads:
            return road_cost + toll(b)  # along the road: terrain, rivers and barred terrain do not matter
        if is_barred(b):
            return None
        here = enter_cost(b)
        if here is None:
            return None
        extra = sides(kinds)
        if extra is None:
            return None
        return here + extra + toll(b)

    return cost


def destinations(
    m: HexMap,
    start: Hex,
    allowance: Number,
    *,
    enter_cost: Callable[[Hex], Number | None],
    side_cost: Callable[[frozenset[str]], Number | None] | None = None,
    road_kinds: Iterable[str] = ("road", "rail"),
    road_cost: Number = Fraction(1, 2),
    barred: HexTest = None,
    enemy: HexTest = None,
    ezoc: HexTest = None,
    surcharge: Callable[[Hex], Number] | None = None,
    minimum_move: bool = True,
) -> dict[Hex, Destination]:
    """Every hex a unit at ``start`` with ``allowance`` movement points may end in (the start hex excluded).

    Ordered cheapest first (ties in axial order), so option lists built from it are stable. A unit with no
    allowance (a static unit) has no destinations, and the minimum move does not apply to it.
    """
    if start not in m:
        raise LeyteError(f"movement: start hex {start!r} is not on the map")
    if allowance < 0:
        raise LeyteError(f"movement: the allowance must not be negative, not {allowance}")
    if allowance == 0:
        return {}
    in_ezoc = as_test(ezoc, "ezoc")
    cost = step_cost(m, enter_cost=enter_cost, side_cost=side_cost, road_kinds=road_kinds, road_cost=road_cost,
                     barred=barred, enemy=enemy, ezoc=in_ezoc, surcharge=surcharge)
    found = reach(m, start, allowance, cost=cost, stop_on_enter=in_ezoc)
    out: dict[Hex, Destination] = {}
    for h in found.hexes:
        if h != start:
            out[h] = Destination(h, found.cost(h), tuple(found.path(h)), in_ezoc=in_ezoc(h))
    if minimum_move:
        extra: list[Destination] = []
        for n in m.neighbours(start):
            if n in out:
                continue
            price = cost(start, n)
            if price is not None:
                extra.append(Destination(n, Fraction(price), (start, n), in_ezoc=in_ezoc(n), minimum_move=True))
        for d in sorted(extra, key=lambda d: (d.cost, d.hex)):
            out[d.hex] = d
    return out
