"""Example 12.6 (torpedo ranges), driven through Game.apply with scripted dice on the game's own data.

The example's numbers: a USN torpedo attack at 4 boxes is -1 and at 7 boxes -4 (no DRM to 3 boxes, at most 7); an
IJN attack at 8 boxes is -2 (no DRM to 6, at most 12). The firer's box is not counted, the target's is.
Placement (day, 12.2): the IJN unit goes to box roll + 1, the USN unit to box roll + 12.
"""

from __future__ import annotations

from typing import Any

import pytest
from clash_surface_kit import battle, play, rolls

from leyte.core.game import Action, Decision, Game


def _fire_torpedoes(shooter: str, target: str) -> Any:
    def policy(d: Decision) -> Action | None:
        for o in d.options:
            if o.kind == "torpedo_fire" and o["ship"] == shooter:
                return o
            if o.kind == "torpedo_target" and o["target"] == target:
                return o
        return None
    return policy


def _torpedo_roll(g: Game) -> dict[str, Any]:
    torp = [r for r in rolls(g, rule="12.6") if r.get("table") == "damage"]
    assert len(torp) == 1
    return torp[0]


def _range_drm(roll: dict[str, Any]) -> tuple[str, int]:
    (m,) = [m for m in roll["modifiers"] if m["source"].startswith("range")]
    return m["source"], m["value"]


@pytest.mark.parametrize(("usn_roll", "boxes", "drm"), [(2, 4, -1), (5, 7, -4), (1, 3, 0)])
def test_example_12_6_usn_torpedo_range(usn_roll: int, boxes: int, drm: int) -> None:
    # initiative IJN 6 / USN 1; Yamato placed by a 9 (box 10), DES RN 52 by usn_roll (box 12 + roll); the torpedo
    # roll (a 1: no hit), then the disengagement step and round 2 ... the game only needs the first torpedo roll.
    g = battle(["yamato"], ["desrn-52"], [6, 1, 9, usn_roll, 1])
    play(g, _fire_torpedoes("desrn-52", "yamato"), until=lambda g: bool(rolls(g, rule="12.6")))
    roll = _torpedo_roll(g)
    assert str(roll["column"]) == "6"  # ruling R-26: the 6 column, as submarines (11.1.5)
    reason, value = _range_drm(roll) if drm else ("", 0)
    if drm:
        assert reason == f"range {boxes} areas (12.6)" and value == drm
    assert {m["source"]: m["value"] for m in roll["modifiers"]}.get("USN (12.6)") == 1
    assert roll["raw"] == 1 and roll["final"] == 1 + drm + 1


def test_example_12_6_usn_torpedoes_reach_no_further_than_7_boxes() -> None:
    # Yamato in box 10, DES RN 52 in box 18: 8 boxes, out of USN torpedo range (the unit is never asked)
    g = battle(["yamato"], ["desrn-52"], [6, 1, 9, 6])
    seen: list[str] = []

    def policy(d: Decision) -> Action | None:
        seen.append(d.kind)
        return None
    play(g, policy, until=lambda g: g.state.stack and next(
        (f for f in g.state.stack if f["kind"] == "surface_battle"), {}).get("round", 0) > 1)
    assert "torpedo" not in seen and not rolls(g, rule="12.6")


@pytest.mark.parametrize(("usn_roll", "boxes", "drm"), [(6, 8, -2), (4, 6, 0)])
def test_example_12_6_ijn_torpedo_range(usn_roll: int, boxes: int, drm: int) -> None:
    # Atago placed by a 9 (box 10); Washington by usn_roll (box 12 + roll); IJN has the initiative (6 / 1)
    g = battle(["atago"], ["washington"], [6, 1, 9, usn_roll, 3])
    play(g, _fire_torpedoes("atago", "washington"), until=lambda g: bool(rolls(g, rule="12.6")))
    roll = _torpedo_roll(g)
    mods = {m["source"]: m["value"] for m in roll["modifiers"]}
    assert mods == ({f"range {boxes} areas (12.6)": drm} if drm else {})
    assert roll["raw"] == 3 and roll["final"] == 3 + drm


def test_example_12_6_ijn_torpedoes_reach_12_boxes_and_no_further() -> None:
    # Box 2 (roll 1) against box 14 (roll 2): 12 boxes, -6 — beyond the sister game's IJN limit of 7
    g = battle(["atago"], ["washington"], [6, 1, 1, 2, 10])
    play(g, _fire_torpedoes("atago", "washington"), until=lambda g: bool(rolls(g, rule="12.6")))
    mods = {m["source"]: m["value"] for m in _torpedo_roll(g)["modifiers"]}
    assert mods == {"range 12 areas (12.6)": -6}
    # box 2 against box 15: 13 boxes, never offered
    g = battle(["atago"], ["washington"], [6, 1, 1, 3])
    seen: list[str] = []
    play(g, lambda d: seen.append(d.kind) or None, until=lambda g: (next(
        (f for f in g.state.stack if f["kind"] == "surface_battle"), {}).get("round", 0) > 1))
    assert "torpedo" not in seen and not rolls(g, rule="12.6")
