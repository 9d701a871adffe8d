"""Movement and supply searches (issue 13, item 4): fractional costs, stop-on-enter zones, cheapest paths, flood fill.

Fixtures are small ASCII maps in a land vocabulary (``.`` clear, ``f`` forest, ``m`` mountain, ``s`` swamp); any
other character is a clear hex carrying that mark. Expected results are drawn as ASCII too, hexutil-style.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leyte.core.errors import LeyteError
from leyte.core.hexgrid import Hex, HexMap
from leyte.core.reach import cheapest_path, flood, reach, zones_of_control

LAND = {".": "clear", "f": "forest", "m": "mountain", "s": "swamp", "r": "rough", "c": "city"}
TERRAIN_COST = {"clear": 1, "rough": 2, "forest": 2, "swamp": 3, "city": 1, "mountain": None}


def mark(m: HexMap, ch: str) -> Hex:
    return m.find("mark", ch)[0]


def land_cost(m: HexMap):
    """A land game's step price: half a point along a road, else the terrain entered, plus one across a river."""

    def cost(a: Hex, b: Hex):
        kinds = m.side(a, b)
        if "blocked" in kinds:
            return None
        if "road" in kinds:
            return Fraction(1, 2)
        base = TERRAIN_COST[m.terrain(b)]
        if base is None:
            return None
        return base + (1 if "river" in kinds else 0)

    return cost


def drawn(m: HexMap, hexes, ch: str = "*") -> str:
    return m.ascii({h: ch for h in hexes}, legend=LAND)


def test_reach_within_a_budget_ascii_fixture() -> None:
    m = HexMap.from_ascii(
        """
        .....
        ..m..
        .mA..
        .....
        """,
        legend=LAND,
    )
    a = mark(m, "A")
    found = reach(m, a, 1, cost=land_cost(m))
    # Budget 1 reaches the clear neighbours only; the mountains are impassable. (Flat tops, even columns sit half
    # a hex lower, so A's neighbours in the next columns are the row above and its own row.)
    assert drawn(m, found.hexes) == "\n".join([".....", ".*m*.", ".m**.", "..*.."])
    assert set(found.hexes) == {a} | {n for n in m.neighbours(a) if m.terrain(n) == "clear"}
    assert found.cost(a) == 0 and all(found.cost(n) == 1 for n in found.hexes if n != a)


def test_half_point_road_steps_add_up_exactly() -> None:
    # A road runs A-B-C-D along the hexsides: three road steps cost 3/2, so a budget of 1.5 reaches D but the
    # forest beside A (2 points) stays out of reach.
    m = HexMap.from_ascii(
        "ABCD\nf...\n",
        legend=LAND,
        sides={("A", "B"): {"road"}, ("B", "C"): {"road"}, ("C", "D"): {"road"}},
    )
    a, d = mark(m, "A"), mark(m, "D")
    found = reach(m, a, 1.5, cost=land_cost(m))
    assert found.cost(d) == Fraction(3, 2) and isinstance(found.cost(d), Fraction)
    assert found.path(d) == [a, mark(m, "B"), mark(m, "C"), d]
    forest = m.hex("0102")
    assert m.terrain(forest) == "forest" and forest not in found
    # Thirds add up exactly: three steps of 1/3 fit a budget of exactly 1.
    third = reach(m, a, 1, cost=lambda x, y: Fraction(1, 3))
    assert third.cost(d) == 1
    # A float cost means the decimal it prints as: ten steps of 0.1 fit a budget of 1.
    line = HexMap.from_ascii("A..........\n", legend=LAND)
    tenth = reach(line, mark(line, "A"), 1, cost=lambda x, y: 0.1)
    assert len(tenth) == 11 and max(tenth.costs.values()) == 1


def test_a_river_costs_more_only_on_the_side_it_runs_along() -> None:
    m = HexMap.from_ascii("AB\nCD\n", legend=LAND, sides={("A", "B"): {"river"}})
    a, b = mark(m, "A"), mark(m, "B")
    cost = land_cost(m)
    assert cost(a, b) == cost(b, a) == 2 and cost(a, mark(m, "C")) == 1


def test_zone_of_control_stops_the_mover_ascii_fixture() -> None:
    # An enemy unit E projects a zone of control into its neighbours; A may enter the zone but not pass through it,
    # so the hexes behind the zone are reached only by going around it.
    m = HexMap.from_ascii(
        """
        .......
        .......
        A..E...
        .......
        .......
        """,
        legend=LAND,
    )
    a, e = mark(m, "A"), mark(m, "E")
    zoc = zones_of_control(m, [e])
    assert zoc == set(m.neighbours(e))
    assert drawn(m, zoc, "z") == "\n".join([".......", "...z...", "..z.z..", "..zzz..", "......."])
    free = reach(m, a, 6, cost=lambda x, y: None if y == e else 1)
    held = reach(m, a, 6, cost=lambda x, y: None if y == e else 1, stop_on_enter=lambda h: h in zoc)

    def costs(r) -> str:
        return m.ascii({h: str(c) for h, c in r.costs.items()}, legend=LAND)

    assert costs(free) == "\n".join(["2233456", "1123456", "012.456", "1223456", "2334456"])
    # Each zone hex costs what it did (it may be entered), but the hexes behind the zone cost more or drop out.
    assert costs(held) == "\n".join(["2233456", "1123456", "012.566", "122466.", "233456."])
    assert held.stops == zoc
    for h in held.hexes:
        assert all(p not in zoc for p in held.path(h)[1:-1])  # never passes through the zone


def test_a_mover_starting_in_a_zone_may_leave_it_unless_the_cost_rule_says_otherwise() -> None:
    m = HexMap.from_ascii("AE..\n....\n", legend=LAND)
    a, e = mark(m, "A"), mark(m, "E")
    zoc = zones_of_control(m, [e])
    assert a in zoc
    moved = reach(m, a, 2, cost=lambda x, y: None if y == e else 1, stop_on_enter=lambda h: h in zoc)
    assert len(moved) > 1 and a not in moved.stops
    # "No moving from one enemy zone straight into another" is a cost rule: it sees both ends of the step.
    strict = reach(m, a, 2, cost=lambda x, y: None if y == e or (x in zoc and y in zoc) else 1,
                   stop_on_enter=lambda h: h in zoc)
    assert all(h == a or h not in zoc or strict.path(h)[-2] not in zoc for h in strict.hexes)


def test_zones_do_not_cross_hexsides_the_game_excludes() -> None:
    m = HexMap.from_ascii("AE\nBC\n", legend=LAND, sides={("E", "A"): {"river"}, ("E", "C"): {"blocked"}})
    a, e, c = mark(m, "A"), mark(m, "E"), mark(m, "C")
    assert c not in zones_of_control(m, [e])  # by default a zone stops at a closed side
    no_river = zones_of_control(m, [e], extends=lambda u, n: not m.side(u, n) & {"river", "blocked"})
    assert a not in no_river and c not in no_river
    with pytest.raises(LeyteError, match="not on the map"):
        zones_of_control(m, [Hex(40, 40)])


def test_cheapest_path_ties_break_the_same_way_every_time() -> None:
    m = HexMap.from_ascii(
        """
        A....
        .....
        ....G
        """,
        legend=LAND,
    )
    a, g = mark(m, "A"), mark(m, "G")
    paths = {tuple(cheapest_path(m, a, g) or ()) for _ in range(5)}
    assert len(paths) == 1
    (path,) = paths
    assert len(path) == a.distance(g) + 1
    # The documented rule: among equally cheap and equally short routes, each hex's previous hex is the smallest
    # of its candidates (axial q, then r).
    found = reach(m, a)
    for h in found.hexes:
        if h == a:
            continue
        c, steps = found.cost(h), len(found.path(h)) - 1
        candidates = [p for p in m.neighbours(h) if p in found and found.cost(p) + 1 == c
                      and len(found.path(p)) == steps]
        assert found.came_from[h] == min(candidates)


def test_cheapest_path_never_passes_a_stop_hex_but_may_end_on_one() -> None:
    m = HexMap.from_ascii("AZG\n...\n", legend=LAND)
    a, z, g = mark(m, "A"), mark(m, "Z"), mark(m, "G")
    stop = {z}
    around = cheapest_path(m, a, g, stop_on_enter=lambda h: h in stop)
    assert around is not None and z not in around and len(around) > 3
    assert cheapest_path(m, a, z, stop_on_enter=lambda h: h in stop) == [a, z]
    assert cheapest_path(m, a, g, budget=2, stop_on_enter=lambda h: h in stop) is None
    assert cheapest_path(m, a, a) == [a]
    walled = HexMap.from_ascii("AmG\nmm.\n", legend=LAND)
    assert cheapest_path(walled, mark(walled, "A"), mark(walled, "G"), cost=land_cost(walled)) is None


def test_searches_refuse_bad_input_with_a_reason() -> None:
    m = HexMap.from_ascii("AB\n", legend=LAND)
    a = mark(m, "A")
    with pytest.raises(LeyteError, match="start hex .* is not on the map"):
        reach(m, Hex(30, 30), 3)
    with pytest.raises(LeyteError, match="at least one start"):
        reach(m, [], 3)
    with pytest.raises(LeyteError, match="budget must not be negative"):
        reach(m, a, -1)
    with pytest.raises(LeyteError, match=r"step 0101 -> 0201 is negative"):
        reach(m, a, 3, cost=lambda x, y: -1)
    with pytest.raises(LeyteError, match="must be finite"):
        reach(m, a, 3, cost=lambda x, y: float("inf"))
    with pytest.raises(LeyteError, match="must be a number"):
        reach(m, a, 3, cost=lambda x, y: "1")
    with pytest.raises(LeyteError, match="goal hex .* is not on the map"):
        cheapest_path(m, a, Hex(30, 30))
    with pytest.raises(LeyteError, match="no path"):
        reach(m, a, 0).path(mark(m, "B"))


def test_flood_fill_from_several_sources_ascii_fixture() -> None:
    # Supply traced up to 2 hexes from two ports P and Q, not into hexes enemy units hold (X).
    m = HexMap.from_ascii(
        """
        P......
        .X.....
        .......
        ......Q
        """,
        legend=LAND,
    )
    p, q, x = mark(m, "P"), mark(m, "Q"), mark(m, "X")
    net = flood(m, [p, q], 2, blocked=lambda h: h == x)
    assert x not in net
    for h in m.hexes:
        nearest = min(p.distance(h), q.distance(h))
        if h != x and nearest <= 1:
            assert h in net and net.cost(h) == nearest
        if nearest > 2:
            assert h not in net
    assert net.path(q)[0] == q and net.sources == (p, q)


# -- properties -----------------------------------------------------------------------------------------------------

STEP_COSTS = [None, 0, Fraction(1, 3), Fraction(1, 2), 1, 2]


@st.composite
def small_worlds(draw):
    """A random 4x4 to 6x5 map with a random price on every directed step and a random set of stop hexes."""
    cols, rows = draw(st.integers(3, 6)), draw(st.integers(2, 5))
    m = HexMap.from_ascii("\n".join("." * cols for _ in range(rows)), legend=LAND)
    hexes = m.hexes
    prices = {(a, b): draw(st.sampled_from(STEP_COSTS)) for a in hexes for b in m.neighbours(a)}
    stops = frozenset(draw(st.sets(st.sampled_from(hexes), max_size=4)))
    starts = draw(st.lists(st.sampled_from(hexes), min_size=1, max_size=3))
    return m, prices, stops, starts


def brute_force(m, prices, stops, starts, budget):
    """Relax every step until nothing improves: slow, obviously right, the oracle for ``reach``."""
    best = {s: (Fraction(0), 0) for s in starts}
    changed = True
    while changed:
        changed = False
        for (a, b), w in prices.items():
            if w is None or a not in best or (a in stops and a not in starts):
                continue
            c, n = best[a][0] + w, best[a][1] + 1
            if budget is not None and c > budget:
                continue
            if b not in best or (c, n) < best[b]:
                best[b] = (c, n)
                changed = True
    return best


@settings(max_examples=150, deadline=None)
@given(small_worlds(), st.sampled_from([None, 0, 1, Fraction(3, 2), 2, 4]))
def test_reach_matches_a_brute_force_oracle(world, budget) -> None:
    m, prices, stops, starts = world
    found = reach(m, starts, budget, cost=lambda a, b: prices[(a, b)], stop_on_enter=lambda h: h in stops)
    oracle = brute_force(m, prices, stops, set(starts), budget)
    assert {h: c for h, (c, _) in oracle.items()} == dict(found.costs)
    for h in found.hexes:
        path = found.path(h)
        assert path[0] in starts and path[-1] == h
        assert sum((prices[(x, y)] for x, y in zip(path, path[1:])), Fraction(0)) == found.cost(h)
        assert len(path) - 1 == oracle[h][1]  # fewest steps among the cheapest routes
        assert not any(x in stops and x not in starts for x in path[:-1])
        if h not in starts:  # the documented tie-break: the smallest previous hex among the best routes' last steps
            best_prev = [x for x in m.neighbours(h) if x in oracle and prices[(x, h)] is not None
                         and (x not in stops or x in starts)
                         and (oracle[x][0] + prices[(x, h)], oracle[x][1] + 1) == oracle[h]]
            assert found.came_from[h] == min(best_prev)
    assert found.stops == {h for h in found.hexes if h in stops and h not in starts}
    assert list(found.costs.values()) == sorted(found.costs.values())


@settings(max_examples=100, deadline=None)
@given(small_worlds(), st.integers(0, 4), st.integers(0, 4))
def test_flood_fill_is_monotone_in_its_budget(world, b1, b2) -> None:
    m, prices, _, starts = world
    small, big = sorted((b1, b2))
    cost = lambda a, b: prices[(a, b)]  # noqa: E731
    blocked = lambda h: h.q % 3 == 1 and h not in starts  # noqa: E731
    lo, hi = flood(m, starts, small, cost=cost, blocked=blocked), flood(m, starts, big, cost=cost, blocked=blocked)
    assert set(lo.hexes) <= set(hi.hexes)
    assert all(lo.cost(h) == hi.cost(h) for h in lo.hexes)
    assert all(hi.cost(h) > small for h in set(hi.hexes) - set(lo.hexes))
    # Several sources at once give each hex its nearest source's cost.
    singles = [flood(m, [s], big, cost=cost, blocked=blocked) for s in starts]
    for h in hi.hexes:
        assert hi.cost(h) == min(f.cost(h) for f in singles if h in f)


@settings(max_examples=60, deadline=None)
@given(small_worlds())
def test_the_same_search_gives_the_same_answer(world) -> None:
    m, prices, stops, starts = world
    args = dict(cost=lambda a, b: prices[(a, b)], stop_on_enter=lambda h: h in stops)
    one, two = reach(m, starts, 3, **args), reach(m, list(reversed(starts)), 3, **args)
    assert list(one.costs.items()) == list(two.costs.items())
    assert dict(one.came_from) == dict(two.came_from)
