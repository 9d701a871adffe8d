"""The Firing Throw schedule's firing-ship lines do not count for torpedo launches (5.3, 5.6, 7.1; issue 13 item 8).

The schedule marks the firer's broadside bonus, its speed (the firing column of the Speed Effects chart) and the
range-over-15-without-radar loss as having no effect on torpedoes; 7.1 says the launcher's facing is ignored and it
may launch on evasive action. The target lines still count (the target's aspect, its evasive action, ships in its
hex, smoke). The range-over-15 line can never meet a torpedo, whose range is 6 (7.2), so the tests here put the
launcher broadside-on and at every speed that changes gunfire, launch, and read the modifiers the log records for
the throw; the same ship's gunfire from the same position, in a fork of the game, must carry them.

Johnston: torpedo 3, gunnery 3, range 6 M with radar. In 1005 facing SE (2) it has Yamato, five hexes due south in
1010, in its broadside arc; Yamato faces north, so Johnston is off its bow (no target-broadside line).
"""

from __future__ import annotations

from typing import Any

import pytest
from samar_play import fire, game, kinds, usn_to_fire

import leyte

FIRER_SPEED = [
    # (speed marker or waterline hit, its firing-column value on the Speed Effects chart)
    ({"speed": "flank"}, -1),
    ({"speed": "cruise"}, +1),
    ({"speed": "evasive"}, -2),
    ({"waterline": 1}, -1),  # slowed by a waterline critical (6.3)
]


def launch(g: leyte.Game, weapon: str) -> dict[str, Any]:
    """Johnston's attack on Yamato with ``weapon``: the data of the throw's log entry (base, mods, dice)."""
    usn_to_fire(g)
    evs = [e for e in kinds(fire(g, "johnston", "yamato", weapon), "fire") if e.data.get("firer") == "johnston"]
    assert len(evs) == 1
    return dict(evs[0].data)


def firer_lines(mods: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The firing-ship lines of the schedule among a throw's modifiers (their log sources name them)."""
    return [m for m in mods if m["source"] == "firing broadside" or m["source"].startswith("firer ")
            or m["source"] == "range over 15 without radar"]


@pytest.mark.parametrize("johnston,speed_value", FIRER_SPEED, ids=["flank", "cruise", "evasive", "slowed"])
def test_5_3_5_6_7_1_torpedo_launch_ignores_the_firers_broadside_and_speed_that_its_guns_count(
        johnston: dict[str, Any], speed_value: int) -> None:
    g = game([{"id": "yamato", "hex": "1010", "facing": 0},
              {"id": "johnston", "hex": "1005", "facing": 2, **johnston}])
    h = g.fork()
    torp = launch(g, "torpedo")
    guns = launch(h, "main")

    assert torp["weapon"] == "torpedo" and torp["base"] == 3  # the torpedo rating replaces gunnery (7.2)
    assert firer_lines(torp["mods"]) == []
    assert torp["mods"] == [] and torp["dice"] == 3  # nothing else applies: Yamato is bow-on and alone

    assert guns["weapon"] == "main" and guns["base"] == 3
    lines = firer_lines(guns["mods"])
    assert [m["value"] for m in lines if m["source"] == "firing broadside"] == [2]  # 5.3
    assert [m["value"] for m in lines if m["source"].startswith("firer ")] == [speed_value]  # Speed Effects
    assert guns["dice"] == 3 + 2 + speed_value == guns["base"] + sum(m["value"] for m in guns["mods"])


def test_5_3_7_1_target_lines_still_count_for_torpedoes() -> None:
    # the same launch against a Yamato broadside to Johnston (+1) and on evasive action (-1, maneuver 1)
    g = game([{"id": "yamato", "hex": "1010", "facing": 1, "speed": "evasive"},
              {"id": "johnston", "hex": "1005", "facing": 2, "speed": "flank"}])
    torp = launch(g, "torpedo")
    assert firer_lines(torp["mods"]) == []
    assert sorted(m["value"] for m in torp["mods"]) == [-1, 1]
    assert torp["dice"] == 3 - 1 + 1


def test_7_1_the_offered_torpedo_dice_match_the_throw() -> None:
    # what the fire decision's data offers (5.1) is what is thrown: the firer lines are left out of both
    g = game([{"id": "yamato", "hex": "1010", "facing": 0},
              {"id": "johnston", "hex": "1005", "facing": 2, "speed": "cruise"}])
    usn_to_fire(g)
    g.apply({"kind": "select_firer", "ship": "johnston"})
    offered = {(a["weapon"], a["target"]): a["dice"] for a in g.decision.data["attacks"]}
    assert offered == {("torpedo", "yamato"): 3, ("main", "yamato"): 3 + 2 + 1}
    (ev,) = [e for e in kinds(g.apply({"kind": "fire", "ship": "johnston", "weapon": "torpedo", "target": "yamato"}),
                              "fire") if e.data.get("firer") == "johnston"]
    assert ev.data["dice"] == offered["torpedo", "yamato"] == len(ev.data["faces"])
