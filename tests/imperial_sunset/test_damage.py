"""Ship damage (module 9): the damage log, sinking, carriers and their aircraft, critical hits, detaching."""

from __future__ import annotations

import math

import pytest
from test_damage_kit import Driver, add_air, make_state, ship_id

from leyte.rulebooks.imperial_sunset import damage, engine
from leyte.rulebooks.imperial_sunset.rules import RULES

data = RULES.data  # the game's static data, as its Rules object loads it

HEX = "3522"


def _crit_rolls(drv: Driver) -> list[dict]:
    return [r for r in drv.rolls() if r["table"] == "critical_hit"]


def test_9_0_damage_box_sets_speed_gunnery_and_aa() -> None:
    st = make_state([{"id": "T", "side": "IJN", "hex": HEX, "ships": ["Fuso"]}])
    fuso = ship_id("Fuso")
    drv = Driver(st, [])
    damage.apply_hits(st, fuso, 4, drv.ctx, rule="8.3.3", cause="test")
    box = data().ships[fuso].box(4)
    assert damage.gunnery(st, fuso) == box.gunnery and damage.aa(st, fuso) == box.aa
    assert damage.speed(st, fuso, 1) == box.speed_odd and damage.speed(st, fuso, 2) == box.speed_even
    # The owner's log shows the new box; the opponent's does not.
    assert any(e.kind == "damage_log" for e in drv.events if e.seen_by("IJN"))
    assert not any(e.kind == "damage_log" for e in drv.events if e.seen_by("USN"))


def test_9_0_ship_sinks_when_hits_reach_capacity_and_never_beyond() -> None:
    st = make_state([{"id": "T", "side": "IJN", "hex": HEX, "ships": ["Tama"]}])
    tama = ship_id("Tama")
    cap = data().ships[tama].capacity
    drv = Driver(st, [])
    assert damage.apply_hits(st, tama, cap + 5, drv.ctx, rule="10.6", cause="submarine") == cap
    assert st.ships[tama].sunk and st.ships[tama].hits == cap
    assert damage.apply_hits(st, tama, 1, drv.ctx, rule="10.6", cause="submarine") == 0


def test_9_1_carrier_grounds_its_aircraft_then_loses_them_when_sunk() -> None:
    st = make_state([{"id": "TG", "side": "USN", "hex": HEX, "ships": ["Essex"], "fleet": "3rd"}])
    essex = ship_id("Essex")
    for aid in ("vb-15", "vt-15", "vf-15-1"):
        add_air(st, aid)
    track = data().ships[essex].track
    lost_at = next(i for i, b in enumerate(track) if not b.air_ops)
    drv = Driver(st, [])
    damage.apply_hits(st, essex, lost_at - 1, drv.ctx, rule="8.1", cause="test", per_attack_cap=False)
    assert all(st.air[a].box == "ready" for a in ("vb-15", "vt-15", "vf-15-1"))
    damage.apply_hits(st, essex, 1, drv.ctx, rule="8.1", cause="test")
    assert st.ships[essex].air_ops_lost
    assert all(st.air[a].box == "out" for a in ("vb-15", "vt-15", "vf-15-1"))
    damage.apply_hits(st, essex, 99, drv.ctx, rule="8.1", cause="test")
    assert st.ships[essex].sunk
    assert all(st.air[a].box == "eliminated" for a in ("vb-15", "vt-15", "vf-15-1"))


def test_9_2_critical_hits_only_for_ships_larger_than_destroyers() -> None:
    st = make_state([{"id": "T", "side": "IJN", "hex": HEX, "ships": ["Div 4", "Myoko"]}])
    drv = Driver(st, [5, 5])
    damage.apply_hits(st, ship_id("Div 4"), 1, drv.ctx, rule="8.3.3", cause="test", critical=True)
    assert _crit_rolls(drv) == []
    damage.apply_hits(st, ship_id("Myoko"), 1, drv.ctx, rule="8.3.3", cause="test", critical=True)
    assert len(_crit_rolls(drv)) == 1


def test_9_2_battleship_critical_roll_is_lowered() -> None:
    st = make_state([{"id": "T", "side": "USN", "hex": HEX, "ships": ["Mississippi"]}])
    drv = Driver(st, [6])
    damage.apply_hits(st, ship_id("Mississippi"), 2, drv.ctx, rule="8.3.6", cause="test", critical=True)
    (r,) = _crit_rolls(drv)
    assert r["raw"] == 6 and r["final"] == 6 + data().mod("critical.battleship")


def test_11_1_kamikaze_every_point_is_a_critical_hit() -> None:
    st = make_state([{"id": "T", "side": "USN", "hex": HEX, "ships": ["Essex"], "fleet": "3rd"}])
    drv = Driver(st, [1, 1])  # both critical rolls read "no effect"
    taken = damage.apply_hits(st, ship_id("Essex"), 2, drv.ctx, rule="11.1", cause="kamikaze",
                              critical_each_point=True)
    assert taken == 2 and len(_crit_rolls(drv)) == 2


@pytest.mark.parametrize("field", ["speed_loss", "gunnery_halved", "extra_hits", "sunk"])
def test_9_2_critical_hit_effects_last(field: str) -> None:
    table = data().table("critical_hit")
    cell = next(c for c in table.cells_in("-") if c.result.get(field))
    st = make_state([{"id": "T", "side": "IJN", "hex": HEX, "ships": ["Fuso"]}])
    fuso = ship_id("Fuso")
    drv = Driver(st, [])
    speed0, gun0, hits0 = damage.speed(st, fuso, 1), damage.gunnery(st, fuso), st.ships[fuso].hits
    damage.apply_critical(st, fuso, cell.result, drv.ctx)
    s = st.ships[fuso]
    if field == "sunk":
        assert s.sunk
    if field == "extra_hits":
        assert s.hits == hits0 + cell.result["extra_hits"]
    if field == "speed_loss":
        assert damage.speed(st, fuso, 1) == max(0, data().ships[fuso].box(s.hits).speed_odd
                                                - cell.result["speed_loss"]) < speed0 or speed0 == 0
    if field == "gunnery_halved":
        assert damage.gunnery(st, fuso) == math.floor(data().ships[fuso].box(s.hits).gunnery / 2 + 0.5) < gun0


def test_9_3_small_units_never_detach_and_take_one_hull_per_attack() -> None:
    st = make_state([{"id": "T", "side": "IJN", "hex": HEX, "ships": ["Div 4"]}])
    dd = ship_id("Div 4")
    drv = Driver(st, [])
    assert damage.apply_hits(st, dd, 3, drv.ctx, rule="8.3.6", cause="torpedoes") == 1
    assert not damage.may_detach(st, dd)


def test_9_4_ijn_ships_detach_from_half_damage_rounded_up() -> None:
    for sid, d in data().ships.items():
        if d.side != "IJN" or d.small:
            continue
        st = make_state([{"id": "T", "side": "IJN", "hex": HEX, "ships": [d.name]}])
        need = math.ceil(d.capacity / 2)
        st.ships[sid].hits = need - 1
        assert not damage.may_detach(st, sid)
        st.ships[sid].hits = need
        assert damage.may_detach(st, sid)
    st = make_state([{"id": "U", "side": "USN", "hex": HEX, "ships": ["Mississippi"]}])
    st.ships[ship_id("Mississippi")].hits = 1
    assert damage.may_detach(st, ship_id("Mississippi"))


def test_9_4_destinations_by_side_and_type() -> None:
    assert damage.destinations(data(), ship_id("Myoko")) == ["north", "west", "manila"]
    assert damage.destinations(data(), ship_id("Fuso")) == ["north", "west"]
    assert damage.destinations(data(), ship_id("Mississippi")) == ["east"]


def test_6_4_detach_decision_puts_the_ship_on_the_map_detected() -> None:
    st = make_state([{"id": "T", "side": "IJN", "hex": HEX, "ships": ["Myoko", "Fuso"]}])
    myoko = ship_id("Myoko")
    drv = Driver(st, [])
    damage.apply_hits(st, myoko, 2, drv.ctx, rule="8.1", cause="test")
    frames = damage.detach_frames(st)
    assert frames == [("detach_damaged", {"side": "IJN", "ships": [myoko]})]
    engine.push_many(st, frames)
    d = drv.decision
    assert d.kind == "detach_damaged" and {o.get("destination") for o in d.options} == {None, "north", "west",
                                                                                          "manila"}
    drv.choose("detach", ship=myoko, destination="manila")
    s = st.ships[myoko]
    assert s.independent and s.detected and s.tf is None and s.hex == HEX and s.destination == "manila"
    assert myoko not in st.tfs["T"].ships and not st.stack
