"""The Firing Throw schedule (5.3-5.6, 7.0): dice counts for a grid of situations, each worked out by hand.

Yamato: gunnery 5, range 15 (no M, no R), maneuver 1, secondary 4 (not A, range 10). Johnston: gunnery 3, range 6 M,
R, torpedo 3, maneuver 3, armor 1. Turn 2 (0700) has an MLOS of 18, turn 5 (0736) of 15. Column 10 is open ocean;
facing 0 is north, so a ship in 1020 facing north sees 1008 dead ahead (bow arc) and a ship in 1008 facing north
has 1020 dead astern.
"""

from __future__ import annotations

from typing import Any

import pytest
from samar_play import dice_for, fire, game, usn_to_fire

import leyte


def ship(sid: str, hexl: str, facing: int = 0, **kw: Any) -> dict[str, Any]:
    return {"id": sid, "hex": hexl, "facing": facing, **kw}


CASES = [
    # (case name, yamato kw, johnston kw, extra ships, turn, smoke, expected dice, hand count)
    ("point blank, bow on both", {"hex": "1010"}, {"hex": "1008"}, [], 2, {}, 3, "5 - 2 PB"),
    ("close range", {"hex": "1010"}, {"hex": "1005"}, [], 2, {}, 6, "5 + 1 close"),
    ("effective range", {"hex": "1020"}, {"hex": "1008"}, [], 2, {}, 5, "5"),
    ("maximum range over 15 without radar", {"hex": "1025"}, {"hex": "1008"}, [], 2, {}, 3,
     "5 - 1 maximum - 1 over 15 no radar"),
    ("firing broadside", {"hex": "1010", "facing": 1}, {"hex": "1005"}, [], 2, {}, 8, "5 + 1 close + 2 broadside"),
    ("target broadside to the firer", {"hex": "1010"}, {"hex": "1005", "facing": 2}, [], 2, {}, 7,
     "5 + 1 close + 1 target broadside"),
    ("both broadside", {"hex": "1010", "facing": 5}, {"hex": "1005", "facing": 4}, [], 2, {}, 9,
     "5 + 1 + 2 + 1"),
    ("firer cruising", {"hex": "1010", "speed": "cruise"}, {"hex": "1005"}, [], 2, {}, 7, "5 + 1 + 1 cruise"),
    ("firer at flank", {"hex": "1010", "speed": "flank"}, {"hex": "1005"}, [], 2, {}, 5, "5 + 1 - 1 flank"),
    ("firer on evasive action", {"hex": "1010", "speed": "evasive"}, {"hex": "1005"}, [], 2, {}, 4,
     "5 + 1 - 2 evasive"),
    ("firer slowed", {"hex": "1010", "waterline": 1}, {"hex": "1005"}, [], 2, {}, 5, "5 + 1 - 1 slowed"),
    ("firer panicked at battle speed counts as evasive", {"hex": "1010", "panic": True}, {"hex": "1005"}, [], 2,
     {}, 4, "5 + 1 - 2"),
    ("target evasive", {"hex": "1010"}, {"hex": "1005", "speed": "evasive"}, [], 2, {}, 3, "5 + 1 - 3 maneuver"),
    ("target slowed", {"hex": "1010"}, {"hex": "1005", "waterline": 1}, [], 2, {}, 7, "5 + 1 + 1 slowed target"),
    ("two other ships in the target's hex", {"hex": "1010"}, {"hex": "1005"},
     [ship("dennis", "1005"), ship("raymond", "1005")], 2, {}, 8, "5 + 1 + 1 + 1"),
    ("smoke on the line", {"hex": "1010"}, {"hex": "1005"}, [], 2, {"1007": 2}, 4, "5 + 1 - 2 smoke markers"),
    ("fire marker on the firer", {"hex": "1010", "fires": 1}, {"hex": "1005"}, [], 2, {}, 5, "5 + 1 - 1 fire"),
    ("beyond the turn's MLOS", {"hex": "1025"}, {"hex": "1008"}, [], 5, {}, None, "17 > MLOS 15"),
    ("ship next to the firer blocks", {"hex": "1010"}, {"hex": "1005"}, [ship("nowaki", "1009")], 2, {}, None,
     "5.2"),
]


@pytest.mark.parametrize("name,ykw,jkw,extra,turn,smoke,expect,hand", CASES, ids=[c[0] for c in CASES])
def test_5_6_yamato_main_battery_dice(name: str, ykw: dict[str, Any], jkw: dict[str, Any], extra: list[Any],
                                      turn: int, smoke: dict[str, int], expect: int | None, hand: str) -> None:
    ships = [{"id": "yamato", "facing": 0, **ykw}, {"id": "johnston", "facing": 0, **jkw}, *extra]
    g = game(ships, turn=turn, smoke=smoke)
    assert dice_for(g, "yamato", "johnston") == expect, hand


def test_5_6_radar_ships_ignore_smoke_but_not_range_rules() -> None:
    # Johnston (R, range 6 M) at 5 hexes: effective range, no modifier; smoke ignored by radar.
    g = game([ship("yamato", "1010"), ship("johnston", "1005")], smoke={"1007": 2})
    usn_to_fire(g)
    assert dice_for(g, "johnston", "yamato") == 3
    g = game([ship("yamato", "1010"), ship("johnston", "1003")])
    usn_to_fire(g)
    assert dice_for(g, "johnston", "yamato") is None  # 7 hexes: beyond an M ship's printed range


def test_7_torpedoes_ignore_the_firers_facing_and_speed_but_not_the_targets() -> None:
    # Johnston torpedo 3 at 5 hexes, Johnston broadside-on and evasive: still 3 (firer lines do not count).
    g = game([ship("yamato", "1010"), ship("johnston", "1005", facing=2, speed="evasive")])
    usn_to_fire(g)
    assert dice_for(g, "johnston", "yamato", "torpedo") == 3
    # Yamato evasive: -1 (its maneuver); Yamato broadside to the launcher: +1.
    g = game([ship("yamato", "1010", facing=1, speed="evasive"), ship("johnston", "1005")])
    usn_to_fire(g)
    assert dice_for(g, "johnston", "yamato", "torpedo") == 3 - 1 + 1
    g = game([ship("yamato", "1012"), ship("johnston", "1005")])
    usn_to_fire(g)
    assert dice_for(g, "johnston", "yamato", "torpedo") is None  # 7 hexes > torpedo range 6


def test_7_3_torpedo_supply_usn_and_ijn_and_after_a_flip() -> None:
    # USN: out when markers equal the rating (3).
    g = game([ship("yamato", "1010"), ship("johnston", "1005", torps_out=2)])
    usn_to_fire(g)
    assert dice_for(g, "johnston", "yamato", "torpedo") == 3
    g = game([ship("yamato", "1010"), ship("johnston", "1005", torps_out=3)])
    usn_to_fire(g)
    assert dice_for(g, "johnston", "yamato", "torpedo") is None
    # IJN: out only when the markers exceed the rating (Kumano: 3).
    g = game([ship("kumano", "1010"), ship("johnston", "1005", facing=3, torps_out=0)])
    assert dice_for(g, "kumano", "johnston", "torpedo") is not None
    g = game([ship("kumano", "1010", torps_out=3), ship("johnston", "1005")])
    assert dice_for(g, "kumano", "johnston", "torpedo") is not None
    g = game([ship("kumano", "1010", torps_out=4), ship("johnston", "1005")])
    assert dice_for(g, "kumano", "johnston", "torpedo") is None
    # Flipped: out when markers exceed the reduced rating (Johnston reduced torpedo 1).
    g = game([ship("yamato", "1010"), ship("johnston", "1005", flipped=True, torps_out=1)])
    usn_to_fire(g)
    assert dice_for(g, "johnston", "yamato", "torpedo") == 1
    g = game([ship("yamato", "1010"), ship("johnston", "1005", flipped=True, torps_out=2)])
    usn_to_fire(g)
    assert dice_for(g, "johnston", "yamato", "torpedo") is None


def test_5_1_secondary_battery_has_no_range_lines_and_a_ships_fires_once() -> None:
    g = game([ship("yamato", "1010"), ship("johnston", "1005")])
    assert dice_for(g, "yamato", "johnston", "secondary") == 4  # close range would add one to the main battery
    fire(g, "yamato", "johnston", "secondary")
    g.apply({"kind": "pass"})  # USN passes; IJN has no ship left that has not fired
    assert g.decision is not None and g.decision.kind == "first_mover"


def test_5_6_events_record_every_modifier_and_face() -> None:
    g = game([ship("yamato", "1010", facing=1), ship("johnston", "1005", facing=2)], dice=[5, 6, 1, 1, 2, 3, 4, 5, 6])
    ev = [e for e in fire(g, "yamato", "johnston") if e.kind == "fire"][0]
    assert ev.data["dice"] == 9 and ev.data["faces"] == [5, 6, 1, 1, 2, 3, 4, 5, 6] and ev.data["hits"] == 4
    assert sorted(m["source"] for m in ev.data["mods"]) == sorted(
        ["main battery at close range", "firing broadside", "target broadside to the firer"])
    assert ev.rule == "5.6"


def test_illegal_fire_is_refused_with_the_rule_case() -> None:
    g = game([ship("yamato", "1010"), ship("johnston", "1005"), ship("dennis", "1030")], turn=5)
    g.apply({"kind": "select_firer", "ship": "yamato"})
    before = g.state_digest()
    with pytest.raises(leyte.IllegalAction) as e:
        g.apply({"kind": "fire", "ship": "yamato", "weapon": "main", "target": "dennis"})
    assert "5.1" in str(e.value) and g.state_digest() == before


def test_5_5_an_attack_reduced_to_zero_dice_is_not_made() -> None:
    # Dennis: gunnery 1, point blank -2 -> -1 dice: no fire; its torpedo (1 die) still may be launched
    g = game([ship("yamato", "1010"), ship("dennis", "1008")])
    usn_to_fire(g)
    assert dice_for(g, "dennis", "yamato") is None
    assert dice_for(g, "dennis", "yamato", "torpedo") == 1
