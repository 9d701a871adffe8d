"""Example 12.6 (torpedo ranges) through the public API (``EXAMPLES["12.6"]``, ``["12.6-usn-7"]``, ``["12.6-ijn"]``).

The example's numbers: a USN torpedo attack at 4 boxes is -1 and at 7 boxes -4 (no DRM to 3 boxes, at most 7); an
IJN attack at 8 boxes is -2 (no DRM to 6, at most 12). The firer's box is not counted, the target's is.
Placement (day, 12.2): the IJN unit goes to box roll + 1, the USN unit to box roll + 12.
"""

from __future__ import annotations

from typing import Any

import pytest
from example_kit import mods, played, rolls, start

from leyte.jupyter.session import play_script
from leyte.rulebooks.clash.examples import EXAMPLES


def _torpedo(g: Any) -> dict[str, Any]:
    (roll,) = [r for r in rolls(g, "12.6") if r.get("table") == "damage"]
    return roll


def _replay(name: str, dice: list[int], ijn_area: int, usn_area: int, *, torpedo: bool = True) -> Any:
    """The example with other placement dice: both ships stay in the boxes the dice put them in; ``torpedo=False``
    stops before the torpedo step of the script."""
    script = list(EXAMPLES[name].script)
    script[0], script[1] = {**script[0], "area": ijn_area}, {**script[1], "area": usn_area}
    g = start(name, dice=dice)
    play_script(g, script if torpedo else script[:-1])
    return g


@pytest.mark.parametrize(("name", "boxes", "drm", "raw"), [("12.6", 4, -1, 1), ("12.6-usn-7", 7, -4, 1)])
def test_example_12_6_usn_torpedo_range(name: str, boxes: int, drm: int, raw: int) -> None:
    g = played(name)
    place = rolls(g, "12.2")
    assert place[0]["result"]["ijn_area"] == 10  # Yamato in box 10; the firer's box is not counted
    assert place[1]["result"]["usn_area"] - 10 == boxes
    roll = _torpedo(g)
    assert str(roll["column"]) == "6"  # ruling R-26: the 6 column, as submarines (11.1.5)
    assert mods(roll) == {f"range {boxes} areas (12.6)": drm, "USN (12.6)": 1}
    assert roll["raw"] == raw and roll["final"] == raw + drm + 1


def test_example_12_6_usn_torpedoes_at_3_boxes_have_no_range_modifier() -> None:
    g = _replay("12.6", [6, 1, 9, 1, 1], 10, 13)  # DES RN 52 placed by a 1: box 13, 3 boxes from Yamato
    assert mods(_torpedo(g)) == {"USN (12.6)": 1}


def test_example_12_6_usn_torpedoes_reach_no_further_than_7_boxes() -> None:
    g = _replay("12.6", [6, 1, 9, 6], 10, 18, torpedo=False)  # DES RN 52 in box 18: 8 boxes
    assert g.decision.kind == "disengage" and not rolls(g, "12.6")  # round 1 ends with no torpedo question


@pytest.mark.parametrize(("usn_roll", "boxes", "drm"), [(6, 8, -2), (4, 6, 0)])
def test_example_12_6_ijn_torpedo_range(usn_roll: int, boxes: int, drm: int) -> None:
    g = played("12.6-ijn") if usn_roll == 6 else _replay("12.6-ijn", [6, 1, 9, usn_roll, 3], 10, 12 + usn_roll)
    roll = _torpedo(g)
    assert mods(roll) == ({f"range {boxes} areas (12.6)": drm} if drm else {})
    assert roll["raw"] == 3 and roll["final"] == 3 + drm


def test_example_12_6_ijn_torpedoes_reach_12_boxes_and_no_further() -> None:
    g = _replay("12.6-ijn", [6, 1, 1, 2, 10], 2, 14)  # box 2 against box 14: 12 boxes, -6
    assert mods(_torpedo(g)) == {"range 12 areas (12.6)": -6}
    g = _replay("12.6-ijn", [6, 1, 1, 3], 2, 15, torpedo=False)  # box 2 against box 15: 13 boxes, never offered
    assert g.decision.kind == "disengage" and not rolls(g, "12.6")
