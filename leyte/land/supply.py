"""Lines of supply traced in hexes: straight to a source, or through a relay (an HQ) and a road or rail net.

Many land games (Formosa 19 is one) count a supply line in hexes, not movement points, up to a length the unit
sets (its printed movement factor, say), and block it where a truck could not pass: sea hexes, all-sea or closed
hexsides, enemy-occupied hexes, and enemy zones of control, except that the unit's own hex may lie in one (a unit
in contact is not out of supply for that alone). Terrain the unit may not enter blocks it too, unless the line
follows a road there (``open_along``).

The two-stage trace models an HQ chain: the unit reaches a relay within its own length; the relay reaches a road
or rail hex within the relay's length; from there the line runs any distance along connected road or rail
hexsides (still blocked by enemy hexes and zones) to a source on that net, or the relay reaches a source within
its length directly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from leyte.core.errors import LeyteError
from leyte.core.hexgrid import Hex, HexMap
from leyte.core.reach import Reach, reach
from leyte.land._common import HexTest, as_test

__all__ = ["SupplyLine", "trace_cost", "trace", "trace_via_relay"]

_CLOSED = frozenset({"blocked", "all_sea"})


@dataclass(frozen=True, slots=True)
class SupplyLine:
    """The answer to "is this unit supplied?": the source and relay used and the hexes the line runs through.

    ``supplied`` is False with an empty ``path`` when no line exists; ``length`` counts hexes off the road net (the
    part a unit's or relay's range limits).
    """

    supplied: bool
    source: Hex | None = None
    relay: Hex | None = None
    path: tuple[Hex, ...] = ()
    length: int = 0

    def __bool__(self) -> bool:
        return self.supplied


def trace_cost(
    m: HexMap,
    origin: Hex,
    *,
    enemy: HexTest = None,
    ezoc: HexTest = None,
    prohibited: HexTest = None,
    sea: HexTest = None,
    open_along: Iterable[str] = ("road", "rail"),
) -> Callable[[Hex, Hex], int | None]:
    """One hex of a supply line ``a -> b``: 1, or None where the line may not pass.

    ``origin`` is the hex the line starts from: the only hex allowed to lie in an enemy zone of control. ``sea``
    defaults to the map's sea terrain.
    """
    is_enemy, in_ezoc, banned = as_test(enemy, "enemy"), as_test(ezoc, "ezoc"), as_test(prohibited, "prohibited")
    is_sea = as_test(sea, "sea") if sea is not None else m.is_sea
    roads = frozenset(open_along)

    def cost(a: Hex, b: Hex) -> int | None:
        if is_sea(b) or is_enemy(b) or (b != origin and in_ezoc(b)):
            return None
        kinds = m.side(a, b)
        if kinds & _CLOSED:
            return None
        if banned(b) and not kinds & roads:
            return None
        return 1

    return cost


def _nearest(found: Reach, sources: Iterable[Hex]) -> Hex | None:
    hits = [s for s in set(sources) if s in found]
    return min(hits, key=lambda s: (found.cost(s), s)) if hits else None


def trace(
    m: HexMap,
    unit: Hex,
    sources: Iterable[Hex],
    length: int,
    *,
    enemy: HexTest = None,
    ezoc: HexTest = None,
    prohibited: HexTest = None,
    sea: HexTest = None,
    open_along: Iterable[str] = ("road", "rail"),
) -> SupplyLine:
    """A line of at most ``length`` hexes from ``unit`` to the nearest of ``sources`` (ties: the smaller hex).

    A unit standing on a source is supplied with a line of length 0.
    """
    if length < 0:
        raise LeyteError(f"supply: the line length must not be negative, not {length}")
    srcs = tuple(sources)
    cost = trace_cost(m, unit, enemy=enemy, ezoc=ezoc, prohibited=prohibited, sea=sea, open_along=open_along)
    found = reach(m, unit, length, cost=cost)
    best = _nearest(found, srcs)
    if best is None:
        return SupplyLine(False)
    return SupplyLine(True, source=best, path=tuple(found.path(best)), length=int(found.cost(best)))


def trace_via_relay(
    m: HexMap,
    unit: Hex,
    relays: Mapping[Hex, int],
    sources: Iterable[Hex],
    length: int,
    *,
    enemy: HexTest = None,
    ezoc: HexTest = None,
    prohibited: HexTest = None,
    relay_prohibited: HexTest = None,
    sea: HexTest = None,
    network: Iterable[str] = ("road", "rail"),
) -> SupplyLine:
    """Supply through a relay: unit -> relay (``length`` hexes) -> road/rail net (relay's own length) -> source.

    ``relays`` maps each relay hex (an HQ) to its own line length. The unit's prohibited terrain applies to its
    leg, ``relay_prohibited`` to the relay's. A relay whose own line reaches a source without the net also counts.
    Of several good relays the nearest to the unit wins (ties: the smaller hex), so the answer is stable.
    """
    net = frozenset(network)
    srcs = frozenset(sources)
    leg1 = reach(m, unit, length, cost=trace_cost(m, unit, enemy=enemy, ezoc=ezoc, prohibited=prohibited, sea=sea,
                                                   open_along=net))
    for relay in sorted((r for r in relays if r in leg1), key=lambda r: (leg1.cost(r), r)):
        rng = relays[relay]
        if rng < 0:
            raise LeyteError(f"supply: relay {m.label(relay)} has a negative line length ({rng})")
        cost = trace_cost(m, relay, enemy=enemy, ezoc=ezoc, prohibited=relay_prohibited, sea=sea, open_along=net)
        leg2 = reach(m, relay, rng, cost=cost)
        direct = _nearest(leg2, srcs)
        if direct is not None:
            path = tuple(leg1.path(relay)) + tuple(leg2.path(direct))[1:]
            return SupplyLine(True, source=direct, relay=relay, path=path,
                              length=int(leg1.cost(relay) + leg2.cost(direct)))
        # On the net: every hex the relay reaches that a road or rail side leaves from, then free along the net.
        on_net = [h for h in leg2.hexes if any(m.side(h, n) & net for n in m.neighbours(h))]
        if not on_net:
            continue

        def along(a: Hex, b: Hex, _c: Callable[[Hex, Hex], int | None] = cost) -> int | None:
            return 0 if m.side(a, b) & net and _c(a, b) is not None else None

        leg3 = reach(m, on_net, None, cost=along)
        end = _nearest(leg3, srcs)
        if end is None:
            continue
        run = leg3.path(end)
        path = tuple(leg1.path(relay)) + tuple(leg2.path(run[0]))[1:] + tuple(run)[1:]
        return SupplyLine(True, source=end, relay=relay, path=path,
                          length=int(leg1.cost(relay) + leg2.cost(run[0])))
    return SupplyLine(False)
