"""Shared land movement (leyte.land.movement): terrain and river costs, roads, enemy zones, minimum move.

Maps are one-row strips (each hex next to the one beside it) drawn with HexMap.from_ascii; letters mark open hexes.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from leyte.core.errors import LeyteError
from leyte.core.hexgrid import Hex, HexMap
from leyte.land.movement import destinations, step_cost

LEGEND = {"o": "open", ".": "sea", "m": "mountain", "r": "rough"}
TERRAINS = ("open", "sea", "mountain", "rough")
TEC = {"open": 1, "rough": 2, "mountain": 3, "sea": None}
SIDES = {"river": 1}


def mk(art: str, sides: dict[tuple[str, str], set[str]] | None = None) -> HexMap:
    return HexMap.from_ascii(art, legend=LEGEND, terrains=TERRAINS, sides=sides or {})


def at(m: HexMap, ch: str) -> Hex:
    return m.find("mark", ch)[0]


def enter(m: HexMap):
    return lambda h: TEC[m.terrain(h)]


def side_cost(kinds: frozenset[str]) -> int | None:
    if kinds & {"blocked", "all_sea"}:
        return None
    return sum(SIDES.get(k, 0) for k in kinds)


def moves(m: HexMap, start: str, mp, **kw):
    return destinations(m, at(m, start), mp, enter_cost=enter(m), side_cost=side_cost, **kw)


def test_12_1_e1_unbridged_river_into_open_costs_two() -> None:
    m = mk("AB", {("A", "B"): {"river"}})
    d = moves(m, "A", 4)
    assert d[at(m, "B")].cost == 2
    assert step_cost(m, enter_cost=enter(m), side_cost=side_cost)(at(m, "A"), at(m, "B")) == 2
    # one point short of the crossing: only the minimum move gets across, spending everything
    short = moves(m, "A", 1)
    assert short[at(m, "B")].minimum_move and short[at(m, "B")].cost == 2


def test_12_4_e1_road_over_the_river_costs_half_and_ignores_the_river() -> None:
    m = mk("AB", {("A", "B"): {"river", "road"}})
    d = moves(m, "A", 4)
    assert d[at(m, "B")].cost == Fraction(1, 2) and not d[at(m, "B")].minimum_move


def test_12_4_road_rate_only_along_connected_road_sides() -> None:
    m = mk("ABCD", {("A", "B"): {"road"}, ("B", "C"): {"road"}, ("C", "D"): {"rail"}})
    d = moves(m, "A", 1)
    assert d[at(m, "C")].cost == 1 and d[at(m, "C")].path == (at(m, "A"), at(m, "B"), at(m, "C"))
    assert at(m, "D") not in d  # 3/2 along the road and rail
    assert moves(m, "A", Fraction(3, 2))[at(m, "D")].cost == Fraction(3, 2)
    gap = mk("ABrD", {("A", "B"): {"road"}})
    g = moves(gap, "A", 2)
    third = gap.hexes[2]
    assert third not in g  # 1/2 on the road, then rough at 2: over the allowance
    assert moves(gap, "A", Fraction(5, 2))[third].cost == Fraction(5, 2)


def test_12_4_surcharge_is_paid_on_the_road_too() -> None:
    m = mk("ABC", {("A", "B"): {"road"}})
    toll = {at(m, "B"): 1, at(m, "C"): 2}
    d = moves(m, "A", 9, surcharge=lambda h: toll.get(h, 0))
    assert d[at(m, "B")].cost == Fraction(3, 2) and d[at(m, "C")].cost == Fraction(9, 2)


def test_14_enter_enemy_zone_and_stop() -> None:
    m = mk("ABCD")
    d = moves(m, "A", 5, ezoc={at(m, "B")})
    assert d[at(m, "B")].in_ezoc and at(m, "C") not in d and at(m, "D") not in d


def test_14_no_move_from_one_enemy_zone_straight_into_another() -> None:
    m = mk("ABCD")
    z = {at(m, "A"), at(m, "B")}
    d = moves(m, "A", 5, ezoc=z)
    assert d == {}  # B is another zone hex; the strip offers no other way out, and the minimum move obeys it too


def test_14_a_unit_may_leave_a_zone_it_starts_in() -> None:
    m = mk("ABCD")
    d = moves(m, "A", 5, ezoc={at(m, "A")})
    assert set(d) == {at(m, "B"), at(m, "C"), at(m, "D")}
    assert [d[h].cost for h in (at(m, "B"), at(m, "C"), at(m, "D"))] == [1, 2, 3]


def test_12_never_into_an_enemy_hex_even_by_minimum_move() -> None:
    m = mk("ABC")
    assert at(m, "B") not in moves(m, "A", 5, enemy={at(m, "B")})
    assert moves(m, "A", Fraction(1, 4), enemy={at(m, "B")}) == {}


def test_12_3_minimum_move_of_one_hex_whatever_it_costs() -> None:
    m = mk("Amo")
    d = moves(m, "A", 1)
    mountain = m.hexes[1]
    assert list(d) == [mountain] and d[mountain].minimum_move and d[mountain].cost == 3
    assert moves(m, "A", 0) == {}  # a static unit does not move at all
    assert moves(m, "A", 1, minimum_move=False) == {}


def test_12_mechanised_barred_terrain_only_along_a_road() -> None:
    m = mk("AmB")
    mountain = m.hexes[1]
    barred = {mountain}
    assert moves(m, "A", 9, barred=barred) == {}
    m2 = HexMap.from_ascii("AmB", legend=LEGEND, terrains=TERRAINS,
                           sides={("A", "0201"): {"road"}, ("0201", "B"): {"road"}})
    d = moves(m2, "A", 1, barred={m2.hexes[1]})
    assert d[m2.hexes[1]].cost == Fraction(1, 2) and d[at(m2, "B")].cost == 1


def test_closed_and_all_sea_sides_stop_movement() -> None:
    m = mk("ABC", {("A", "B"): {"all_sea"}})
    assert moves(m, "A", 5) == {}
    m2 = mk("ABC", {("A", "B"): {"blocked", "road"}})
    assert moves(m2, "A", 5) == {}


def test_destinations_in_a_stable_cheapest_first_order_with_labels() -> None:
    m = mk("ArBo")
    d = moves(m, "A", 9)
    assert [c.cost for c in d.values()] == sorted(c.cost for c in d.values())
    b = d[at(m, "B")]
    assert b.to_dict(m) == {"hex": "0301", "cost": "3", "path": ["0101", "0201", "0301"], "in_ezoc": False,
                            "minimum_move": False}


def test_bad_input_is_refused_clearly() -> None:
    m = mk("AB")
    with pytest.raises(LeyteError, match="allowance must not be negative"):
        moves(m, "A", -1)
    with pytest.raises(LeyteError, match="not on the map"):
        destinations(m, Hex(40, 40), 3, enter_cost=enter(m))
    with pytest.raises(LeyteError, match="ezoc must be a set of hexes"):
        moves(m, "A", 3, ezoc=5)
