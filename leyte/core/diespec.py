"""How dice are named: ``"d10"``, ``"2d6"`` or a number of sides, read in one place.

Its own module because both the dice and the tables read die names, and the dice also read tables (``roll_on``):
keeping the spelling here lets the imports run one way (tables -> diespec <- dice -> tables).
"""

from __future__ import annotations

import re

from leyte.core.errors import LeyteError

__all__ = ["DIE_SIDES", "parse_dice"]

DIE_SIDES = {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d12": 12, "d20": 20}
_SPEC = re.compile(r"^([1-9][0-9]*)?[dD]([1-9][0-9]*)$")
_MAX_DICE = 100  # a sanity bound: no game rolls more, and exact odds of a sum grow with the number of dice


def parse_dice(spec: str | int) -> tuple[int, int]:
    """``(number of dice, sides)`` of a dice spec: ``"d10"`` -> (1, 10), ``"2d6"`` -> (2, 6), ``12`` -> (1, 12).

    Tables and rules name their dice as text; this is the one place that text is read, so a typo ("d 6", "2x6")
    fails the same way everywhere.
    """
    if type(spec) is str:
        out = _PARSED.get(spec)  # rolls name the same few dice all game long: read each spelling once
        if out is None:
            out = _PARSED[spec] = _parse_dice(spec)
        return out
    if isinstance(spec, bool) or not isinstance(spec, int):
        raise LeyteError(f"a die is named like d6, d10 or 2d6, not {spec!r}")
    return _parse_dice(spec)


_PARSED: dict[str, tuple[int, int]] = {}


def _parse_dice(spec: str | int) -> tuple[int, int]:
    if isinstance(spec, int):
        if spec < 2:
            raise LeyteError(f"a die needs at least 2 sides, not {spec}")
        return 1, spec
    m = _SPEC.match(str(spec).strip())
    if m is None:
        raise LeyteError(f"unknown die {spec!r}; name dice like d6, d10, d20 or 2d6")
    count, sides = int(m.group(1) or 1), int(m.group(2))
    if sides < 2:
        raise LeyteError(f"unknown die {spec!r}: a die needs at least 2 sides")
    if count > _MAX_DICE:
        raise LeyteError(f"unknown die {spec!r}: at most {_MAX_DICE} dice in one roll")
    return count, sides
