"""Shared stacking limits (leyte.land.stacking) with the Formosa numbers (13): 4+1 and 3+1, markers free."""

from __future__ import annotations

import pytest

from leyte.core.errors import LeyteError
from leyte.core.hexgrid import Hex
from leyte.land.stacking import StackLimits, excess, fits, overstacked

LIMITS = StackLimits({"A": {"mobile": 4, "static": 1, "marker": None}, "B": {"mobile": 3, "static": 1}}, case="13.1")
CLASS = {"m": "mobile", "s": "static", "k": "marker"}


def cls(unit: str) -> str:
    return CLASS[unit[0]]


def test_13_limits_differ_by_side_and_class() -> None:
    four = ["m1", "m2", "m3", "m4", "s1", "k1", "k2", "k3"]
    assert excess(LIMITS, "A", four, cls) == {} and fits(LIMITS, "A", four, cls)
    assert excess(LIMITS, "B", ["m1", "m2", "m3", "m4", "s1", "s2"], cls) == {"mobile": 1, "static": 1}
    assert not fits(LIMITS, "B", ["m1", "m2", "m3", "m4"], cls)


def test_13_overstacked_hexes_with_their_excess() -> None:
    stacks = {Hex(2, 0): ["m1", "m2"], Hex(1, 0): ["m1", "m2", "m3", "m4", "m5", "m6"], Hex(3, 0): ["s1", "s2"]}
    assert overstacked(LIMITS, "A", stacks, cls) == {Hex(1, 0): {"mobile": 2}, Hex(3, 0): {"static": 1}}


def test_unknown_classes_sides_and_bad_limits_are_refused() -> None:
    with pytest.raises(LeyteError, match=r"\(13.1\): unit class 'marker' has no limit for B"):
        excess(LIMITS, "B", ["k1"], cls)
    with pytest.raises(LeyteError, match="no limits for side 'C'"):
        excess(LIMITS, "C", ["m1"], cls)
    with pytest.raises(LeyteError, match="limit for A mobile must be a whole number"):
        StackLimits({"A": {"mobile": -1}})
