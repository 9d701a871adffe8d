"""Properties of land movement and supply on random small maps (hypothesis), checked step by step.

Every destination's route must be a chain of legal steps whose prices add up to the stated cost; no route passes
through an enemy zone or enters an enemy hex; and a supply line exists exactly when a plain breadth-first search
written here, independently, finds one.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from leyte.core.hexgrid import Hex, HexMap
from leyte.land.movement import destinations, step_cost
from leyte.land.supply import trace

LEGEND = {"o": "open", "r": "rough", "m": "mountain", ".": "sea"}
TEC = {"open": 1, "rough": 2, "mountain": 3, "sea": None}


@st.composite
def positions(draw):
    rows = [draw(st.text(alphabet="oorm.", min_size=5, max_size=5)) for _ in range(4)]
    m = HexMap.from_ascii("\n".join(rows), legend=LEGEND, terrains=tuple(dict.fromkeys(LEGEND.values())))
    land = [h for h in m.hexes if not m.is_sea(h)]
    if not land:
        land = m.hexes
    start = draw(st.sampled_from(land))
    pick = st.lists(st.sampled_from(m.hexes), max_size=6, unique=True)
    enemy = set(draw(pick)) - {start}
    ezoc = set(draw(pick))
    pairs = [(a, b) for a in m.hexes for b in m.neighbours(a) if a < b]
    roads = draw(st.lists(st.sampled_from(pairs), max_size=8, unique=True))
    rivers = draw(st.lists(st.sampled_from(pairs), max_size=8, unique=True))
    sides = {}
    for p in set(roads) | set(rivers):
        sides[p] = {k for k, group in (("road", roads), ("river", rivers)) if p in group}
    m = HexMap(layout=m.layout, info=m.info, terrains=m.terrains, hexsides=sides)
    return m, start, enemy, ezoc, draw(st.sampled_from([0, 1, Fraction(3, 2), 2, 4]))


def side_cost(kinds: frozenset[str]) -> int | None:
    return None if kinds & {"blocked", "all_sea"} else (1 if "river" in kinds else 0)


@settings(max_examples=150, deadline=None)
@given(positions())
def test_every_destination_is_a_chain_of_legal_steps(pos) -> None:
    m, start, enemy, ezoc, mp = pos

    def enter(h: Hex):
        return TEC[m.terrain(h)]

    price = step_cost(m, enter_cost=enter, side_cost=side_cost, enemy=enemy, ezoc=ezoc)
    found = destinations(m, start, mp, enter_cost=enter, side_cost=side_cost, enemy=enemy, ezoc=ezoc)
    for h, d in found.items():
        assert d.path[0] == start and d.path[-1] == h and h not in enemy
        steps = [price(a, b) for a, b in zip(d.path, d.path[1:], strict=False)]
        assert None not in steps and sum(Fraction(s) for s in steps) == d.cost
        assert not any(x in ezoc for x in d.path[1:-1])  # zones stop a move
        if d.minimum_move:
            assert len(d.path) == 2 and d.cost > mp
        else:
            assert d.cost <= mp
        if start in ezoc and len(d.path) > 1:
            assert d.path[1] not in ezoc  # no step from one zone straight into another
    if mp == 0:
        assert found == {}


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(0, 6))
def test_supply_agrees_with_a_plain_breadth_first_search(pos, length) -> None:
    m, start, enemy, ezoc, _ = pos
    sources = [h for h in m.hexes if h.distance(start) >= 3][:2]
    line = trace(m, start, sources, length, enemy=enemy, ezoc=ezoc)
    seen = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        if seen[h] == length:
            continue
        for n in m.neighbours(h):
            if n in seen or m.is_sea(n) or n in enemy or (n in ezoc and n != start) or m.blocked(h, n):
                continue
            seen[n] = seen[h] + 1
            todo.append(n)
    reachable = [s for s in sources if s in seen]
    assert bool(line) == bool(reachable)
    if line:
        assert line.length == min(seen[s] for s in reachable) == len(line.path) - 1 <= length
