"""Movement and supply searches over a ``HexMap``: reach within a budget, cheapest paths, zones of control, flood fill.

The rules of each game decide what a step costs and where a unit must stop; this module only searches. It takes
those decisions as callables so that the same search serves a fleet in open sea, a division on roads and a supply
line traced from several ports:

- ``cost(from_hex, to_hex)`` prices one step and sees the hexside crossed (a road along it, a river across it);
  ``None`` means the step is not allowed. Costs may be fractional (half a movement point along a road).
- ``stop_on_enter(hex)`` says the mover must end its move on entering that hex (an enemy zone of control). The
  hex itself is reachable; nothing beyond it is reached *through* it.

Costs are added up as ``Fraction`` so that three steps of 1/3 fit a budget of exactly 1 and nothing depends on
float rounding; a float cost is read as the decimal it prints as (0.1 is 1/10). Ties between equally cheap routes
are broken the same way every time, whatever order the callables or the map happen to list hexes in: fewer steps
first, then the smaller previous hex (axial q, then r). Same question, same answer, so event logs stay identical.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational

from leyte.core.errors import LeyteError
from leyte.core.hexgrid import Hex, HexMap

__all__ = ["Reach", "reach", "cheapest_path", "flood", "zones_of_control", "StepCost"]

Number = int | float | Fraction
StepCost = Callable[[Hex, Hex], Number | None]


@dataclass(frozen=True)
class Reach:
    """The result of a search: every hex reached, its cheapest cost, and the route to it.

    ``costs`` is ordered cheapest first (ties in axial order), so listing it gives a stable order for options and
    overlays. ``stops`` are reached hexes where the mover would have to halt (``stop_on_enter``), for a front end
    to mark. ``came_from`` records each hex's previous hex on its cheapest route (``None`` for a source).
    """

    costs: Mapping[Hex, Fraction]
    came_from: Mapping[Hex, Hex | None]
    stops: frozenset[Hex]
    sources: tuple[Hex, ...]

    def __contains__(self, h: object) -> bool:
        return h in self.costs

    def __len__(self) -> int:
        return len(self.costs)

    @property
    def hexes(self) -> list[Hex]:
        """Reached hexes, cheapest first."""
        return list(self.costs)

    def cost(self, h: Hex) -> Fraction:
        """The cheapest cost to ``h``; an error if it was not reached."""
        try:
            return self.costs[h]
        except KeyError:
            raise LeyteError(f"{h!r} was not reached") from None

    def path(self, h: Hex) -> list[Hex]:
        """The cheapest route from a source to ``h``, both ends included."""
        if h not in self.costs:
            raise LeyteError(f"{h!r} was not reached, so there is no path to it")
        out = [h]
        while (prev := self.came_from[out[-1]]) is not None:
            out.append(prev)
        return out[::-1]


def _as_fraction(value: object, what: str) -> Fraction:
    if isinstance(value, bool):
        raise LeyteError(f"{what} must be a number, not {value!r}")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int | Rational):
        return Fraction(value)  # type: ignore[arg-type]
    if isinstance(value, float):
        if not math.isfinite(value):
            raise LeyteError(f"{what} must be finite, not {value!r} (return None for an impassable step)")
        return Fraction(repr(value))
    raise LeyteError(f"{what} must be a number, not {value!r}")


def _nm(m: HexMap, h: Hex) -> str:
    """A hex's label for a message, or its coordinates when it has none (off a lettered map's edge)."""
    try:
        return m.label(h)
    except LeyteError:
        return repr(h)


def _default_cost(m: HexMap) -> StepCost:
    """One point per hex, and no step across a closed hexside: what most games mean by plain movement."""

    def cost(a: Hex, b: Hex) -> int | None:
        return None if m.blocked(a, b) else 1

    return cost


def reach(
    m: HexMap,
    starts: Hex | Iterable[Hex],
    budget: Number | None = None,
    *,
    cost: StepCost | None = None,
    stop_on_enter: Callable[[Hex], bool] | None = None,
    goal: Hex | None = None,
) -> Reach:
    """Every on-map hex reachable from ``starts`` spending at most ``budget`` (no limit when None).

    ``starts`` is one hex or several (a supply net traced from several ports at once): each costs 0 and is always
    left, even if ``stop_on_enter`` holds for it, because the mover begins there; a rule against moving from one
    zone of control straight into another belongs in ``cost``, which sees both hexes. Default cost: 1 per hex,
    nothing across a blocked hexside. With ``goal`` the search ends once that hex's cost is final (the rest of the
    result is then partial). Negative costs are refused: a cheapest-first search cannot price them correctly.
    """
    sources = (starts,) if isinstance(starts, Hex) else tuple(starts)
    if not sources:
        raise LeyteError("a search needs at least one start hex")
    for s in sources:
        if s not in m:
            raise LeyteError(f"start hex {_nm(m, s)} is not on the map")
    limit = None if budget is None else budget if type(budget) is int else _as_fraction(budget, "the budget")
    if limit is not None and limit < 0:
        raise LeyteError(f"the budget must not be negative, not {budget}")
    step = cost or _default_cost(m)
    stops_here = stop_on_enter or (lambda _h: False)
    # Whole-number costs stay ints (fast); the first fractional step turns the sums into Fractions (exact).
    best: dict[Hex, tuple[int | Fraction, int]] = {}
    came: dict[Hex, Hex | None] = {}
    frontier: list[tuple[int | Fraction, int, Hex]] = []
    for s in sorted(set(sources)):
        best[s] = (0, 0)
        came[s] = None
        frontier.append((0, 0, s))
    heapq.heapify(frontier)
    source_set = set(sources)
    done: dict[Hex, int | Fraction] = {}
    stops: set[Hex] = set()
    neighbours = m.neighbours
    while frontier:
        c0, n0, cur = heapq.heappop(frontier)
        if cur in done or best[cur] != (c0, n0):
            continue
        done[cur] = c0
        if cur == goal:
            break
        if stop_on_enter is not None and cur not in source_set and stops_here(cur):
            stops.add(cur)
            continue
        for nxt in neighbours(cur):
            if nxt in done:
                continue
            raw = step(cur, nxt)
            if raw is None:
                continue
            if type(raw) is int or type(raw) is Fraction:
                w = raw
            else:
                w = _as_fraction(raw, f"the cost of the step {_nm(m, cur)} -> {_nm(m, nxt)}")
            if w < 0:
                raise LeyteError(f"the cost of the step {_nm(m, cur)} -> {_nm(m, nxt)} is negative ({raw})")
            c = c0 + w
            if limit is not None and c > limit:
                continue
            label = (c, n0 + 1)
            old = best.get(nxt)
            if old is None or label < old:
                best[nxt] = label
                came[nxt] = cur
                heapq.heappush(frontier, (c, n0 + 1, nxt))
            elif label == old and cur < came[nxt]:  # type: ignore[operator]
                came[nxt] = cur  # an equally cheap, equally short route: the smaller previous hex wins
    costs = {h: Fraction(done[h]) for h in sorted(done, key=lambda h: (done[h], h))}
    return Reach(costs=costs, came_from={h: came[h] for h in costs}, stops=frozenset(stops), sources=sources)


def cheapest_path(
    m: HexMap,
    start: Hex,
    goal: Hex,
    *,
    budget: Number | None = None,
    cost: StepCost | None = None,
    stop_on_enter: Callable[[Hex], bool] | None = None,
) -> list[Hex] | None:
    """The cheapest route from ``start`` to ``goal`` (both included), or None when there is none within budget.

    A hex where the mover must stop may end the route but never lie inside it. Unlike ``HexMap.path`` (kept for
    the games already written), costs may be fractional or zero and the tie-breaking is the documented one above.
    """
    if goal not in m:
        raise LeyteError(f"goal hex {_nm(m, goal)} is not on the map")
    found = reach(m, start, budget, cost=cost, stop_on_enter=stop_on_enter, goal=goal)
    return found.path(goal) if goal in found else None


def flood(
    m: HexMap,
    sources: Iterable[Hex],
    budget: Number,
    *,
    cost: StepCost | None = None,
    blocked: Callable[[Hex], bool] | None = None,
) -> Reach:
    """Hexes within ``budget`` of the nearest source: tracing supply (or command, or radio range) from many sources.

    ``blocked(hex)`` marks hexes a trace may not enter (enemy units, say); ``cost`` prices a step as in ``reach``
    (default 1 per hex, closed hexsides impassable). A source is taken as given even if ``blocked`` holds for it:
    deciding whether a cut-off port still counts is the rule's job, not the search's.
    """
    inner = cost or _default_cost(m)
    if blocked is None:
        return reach(m, tuple(sources), budget, cost=inner)
    no_entry = blocked

    def step(a: Hex, b: Hex) -> Number | None:
        return None if no_entry(b) else inner(a, b)

    return reach(m, tuple(sources), budget, cost=step)


def zones_of_control(
    m: HexMap, units: Iterable[Hex], *, extends: Callable[[Hex, Hex], bool] | None = None
) -> frozenset[Hex]:
    """The on-map hexes adjacent to any of ``units``' hexes into which their zone of control reaches.

    ``extends(unit_hex, neighbour)`` decides per hexside (many games stop a zone at a river, a closed side or an
    all-sea side); by default a zone reaches every neighbour except across a blocked hexside. The units' own hexes
    are included only when they neighbour another unit's: occupied hexes are the cost callable's business.
    """
    reaches = extends or (lambda a, b: not m.blocked(a, b))
    out: set[Hex] = set()
    for u in units:
        if u not in m:
            raise LeyteError(f"unit hex {_nm(m, u)} is not on the map")
        out.update(n for n in m.neighbours(u) if reaches(u, n))
    return frozenset(out)
