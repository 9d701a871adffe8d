"""Shared retreats and advances (leyte.land.retreat): barred hexes, toward supply, extra hexes, elimination."""

from __future__ import annotations

import pytest

from leyte.core.errors import LeyteError
from leyte.core.hexgrid import Hex, HexMap
from leyte.land.retreat import advance_options, retreat_options, supply_distance

LEGEND = {"o": "open", ".": "sea", "m": "mountain"}
TERRAINS = ("open", "sea", "mountain")
FIELD = """
Poooo
ooSoo
ooooo
"""


def mk(art: str) -> HexMap:
    return HexMap.from_ascii(art, legend=LEGEND, terrains=TERRAINS)


def at(m: HexMap, ch: str) -> Hex:
    return m.find("mark", ch)[0]


def labels(m: HexMap, routes) -> list[list[str]]:
    return sorted([m.label(h) for h in r] for r in routes)


def test_15_7_retreat_one_hex_toward_the_supply_source() -> None:
    m = mk(FIELD)
    s = at(m, "S")
    dist = supply_distance(m, [at(m, "P")])
    assert [dist[m.hex(x)] for x in ("0201", "0202", "0301", "0402")] == [1, 2, 2, 3]
    r = retreat_options(m, s, distance=dist)
    assert len(r.routes) == 6 and labels(m, r.preferred) == [["0201"]] and r.hexes == [m.hex("0201")]
    # with the nearest hex held by the enemy, the next nearest candidates are preferred
    r2 = retreat_options(m, s, distance=dist, enemy={m.hex("0201")})
    assert labels(m, r2.preferred) == [["0202"], ["0301"]]


def test_15_7_never_into_enemy_zone_even_when_friends_hold_it() -> None:
    m = mk("ESab")
    s = at(m, "S")
    assert labels(m, retreat_options(m, s, enemy={at(m, "E")}).routes) == [["0301"]]
    gone = retreat_options(m, s, enemy={at(m, "E")}, ezoc={at(m, "a")}, room=lambda h: True)
    assert gone.eliminated and gone.routes == () and gone.hexes == []


def test_15_7_prohibited_terrain_and_sea_are_no_retreat() -> None:
    m = mk("mS.")
    assert retreat_options(m, at(m, "S"), prohibited={m.hexes[0]}).eliminated
    assert not retreat_options(m, at(m, "S")).eliminated  # the mountain is open to a unit it does not bar


def test_15_7_extra_hexes_when_stacking_forces_them() -> None:
    m = mk("ESabc")
    s, a, b = at(m, "S"), at(m, "a"), at(m, "b")
    r = retreat_options(m, s, enemy={at(m, "E")}, room=lambda h: h != a)
    assert labels(m, r.routes) == [["0301", "0401"]]
    full = retreat_options(m, s, enemy={at(m, "E")}, room=lambda h: h not in (a, b), max_extra=1)
    assert full.eliminated  # the second hex is full too and only one extra hex is allowed
    assert labels(m, retreat_options(m, s, enemy={at(m, "E")}, room=lambda h: h not in (a, b)).routes) == [
        ["0301", "0401", "0501"]]


def test_15_8_advance_into_the_vacated_hex_and_one_beyond_through_zones() -> None:
    m = mk("AVxy")
    a, v = at(m, "A"), at(m, "V")
    assert advance_options(m, a, v) == [(v,)]
    two = advance_options(m, a, v, hexes=2)
    assert two == [(v,), (v, at(m, "x"))]
    assert advance_options(m, a, v, hexes=2, enemy={at(m, "x")}) == [(v,)]
    assert advance_options(m, a, v, prohibited={v}) == []


def test_bad_retreat_and_advance_input() -> None:
    m = mk("AVxy")
    with pytest.raises(LeyteError, match="is not next to"):
        advance_options(m, at(m, "A"), at(m, "x"))
    with pytest.raises(LeyteError, match="at least one hex"):
        retreat_options(m, at(m, "A"), hexes=0)
    with pytest.raises(LeyteError, match="not on the map"):
        retreat_options(m, Hex(50, 50))
