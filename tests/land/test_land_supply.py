"""Shared supply lines (leyte.land.supply): hex-count lines, what blocks them, and the relay-and-road chain.

One-row strips (each hex next to the one beside it); letters mark open hexes, ``.`` is sea, ``m`` mountain.
"""

from __future__ import annotations

import pytest

from leyte.core.errors import LeyteError
from leyte.core.hexgrid import Hex, HexMap
from leyte.land.supply import trace, trace_via_relay

LEGEND = {"o": "open", ".": "sea", "m": "mountain"}
TERRAINS = ("open", "sea", "mountain")


def mk(art: str, sides: dict[tuple[str, str], set[str]] | None = None) -> HexMap:
    return HexMap.from_ascii(art, legend=LEGEND, terrains=TERRAINS, sides=sides or {})


def at(m: HexMap, ch: str) -> Hex:
    return m.find("mark", ch)[0]


def test_19_line_counted_in_hexes_up_to_the_length() -> None:
    m = mk("UooS")
    u, s = at(m, "U"), at(m, "S")
    line = trace(m, u, [s], 3)
    assert line and line.source == s and line.length == 3 and line.path[0] == u and line.path[-1] == s
    assert not trace(m, u, [s], 2)
    assert trace(m, s, [s], 0).length == 0  # standing on the source


def test_19_sea_and_all_sea_sides_block_the_line() -> None:
    m = mk("Uo.S")
    assert not trace(m, at(m, "U"), [at(m, "S")], 9)
    m2 = mk("UAS", {("A", "S"): {"all_sea"}})
    assert not trace(m2, at(m2, "U"), [at(m2, "S")], 9)
    assert trace(m2, at(m2, "U"), [at(m2, "A")], 9)


def test_19_enemy_hexes_and_zones_block_but_not_the_units_own_hex() -> None:
    m = mk("UABS")
    u, a, s = at(m, "U"), at(m, "A"), at(m, "S")
    assert not trace(m, u, [s], 9, enemy={at(m, "B")})
    assert not trace(m, u, [s], 9, ezoc={a})
    assert trace(m, u, [s], 9, ezoc={u})  # a unit in contact still traces out of its own hex


def test_19_prohibited_terrain_blocks_unless_along_a_road() -> None:
    m = mk("UmS")
    mountain = m.hexes[1]
    assert not trace(m, at(m, "U"), [at(m, "S")], 9, prohibited={mountain})
    assert trace(m, at(m, "U"), [at(m, "S")], 9)  # another unit may cross
    m2 = HexMap.from_ascii("UmS", legend=LEGEND, terrains=TERRAINS, sides={("U", "0201"): {"road"}})
    assert trace(m2, at(m2, "U"), [at(m2, "S")], 9, prohibited={m2.hexes[1]})


def test_19_nearest_source_wins() -> None:
    m = mk("SoUoooT")
    line = trace(m, at(m, "U"), [at(m, "T"), at(m, "S")], 9)
    assert line.source == at(m, "S") and line.length == 2


ROAD = {("a", "b"): {"road"}, ("b", "c"): {"rail"}, ("c", "d"): {"road"}, ("d", "P"): {"road"}}


def test_19_relay_chain_unit_to_hq_to_road_net_to_port() -> None:
    m = mk("UoHoabcdP", ROAD)
    u, h, p = at(m, "U"), at(m, "H"), at(m, "P")
    assert not trace(m, u, [p], 2)
    line = trace_via_relay(m, u, {h: 2}, [p], 2)
    assert line and line.relay == h and line.source == p
    assert line.path[0] == u and line.path[-1] == p and len(line.path) == 9
    assert line.length == 4  # two hexes to the HQ, two to the road; the road itself is free
    assert not trace_via_relay(m, u, {h: 1}, [p], 2)  # the HQ cannot reach the road
    assert not trace_via_relay(m, u, {h: 2}, [p], 1)  # the unit cannot reach the HQ
    assert not trace_via_relay(m, u, {h: 2}, [p], 2, enemy={at(m, "c")})
    assert not trace_via_relay(m, u, {h: 2}, [p], 2, ezoc={at(m, "b")})


def test_19_relay_reaching_the_source_directly_counts() -> None:
    m = mk("UoHoP")
    line = trace_via_relay(m, at(m, "U"), {at(m, "H"): 2}, [at(m, "P")], 2)
    assert line and line.source == at(m, "P") and line.length == 4


def test_bad_lengths_are_refused() -> None:
    m = mk("UoHoP")
    with pytest.raises(LeyteError, match="must not be negative"):
        trace(m, at(m, "U"), [at(m, "P")], -1)
    with pytest.raises(LeyteError, match="negative line length"):
        trace_via_relay(m, at(m, "U"), {at(m, "H"): -2}, [at(m, "P")], 2)
