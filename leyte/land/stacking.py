"""Stacking limits: how many units of each class one side may keep in a hex, and by how much a hex exceeds them.

Land games count stacks by class rather than by counter: Formosa 13 lets one side hold four mobile units and one
static unit per hex, the other three and one, and markers are free. Limits here are per side and per class,
``None`` meaning "no limit" (markers); a class the limits do not name is refused, so a new unit type cannot slip
past the check unnoticed. The rules (not this module) decide which units leave when a hex is over its limit; this
module says how many of which class must go.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass

from leyte.core.errors import LeyteError
from leyte.core.hexgrid import Hex

__all__ = ["StackLimits", "excess", "overstacked", "fits"]


@dataclass(frozen=True)
class StackLimits:
    """Per side: ``{side: {class: limit or None}}``. ``case`` is the rule cited in errors ("13.1")."""

    limits: Mapping[str, Mapping[str, int | None]]
    case: str = ""

    def __post_init__(self) -> None:
        for side, per in self.limits.items():
            for cls, n in per.items():
                if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 0):
                    raise LeyteError(f"stacking{self._cite()}: limit for {side} {cls} must be a whole number >= 0 "
                                     f"or None, not {n!r}")

    def _cite(self) -> str:
        return f" ({self.case})" if self.case else ""

    def limit(self, side: str, cls: str) -> int | None:
        per = self.limits.get(side)
        if per is None:
            raise LeyteError(f"stacking{self._cite()}: no limits for side {side!r} ({', '.join(self.limits)})")
        if cls not in per:
            raise LeyteError(f"stacking{self._cite()}: unit class {cls!r} has no limit for {side} "
                             f"(classes: {', '.join(per)})")
        return per[cls]


def _counts(units: Iterable[Hashable], unit_class: Callable[[Hashable], str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in units:
        c = unit_class(u)
        out[c] = out.get(c, 0) + 1
    return out


def excess(
    limits: StackLimits, side: str, units: Iterable[Hashable], unit_class: Callable[[Hashable], str]
) -> dict[str, int]:
    """How many units of each class in one hex are over the side's limit; empty when the stack is legal."""
    out: dict[str, int] = {}
    for cls, n in sorted(_counts(units, unit_class).items()):
        cap = limits.limit(side, cls)
        if cap is not None and n > cap:
            out[cls] = n - cap
    return out


def fits(
    limits: StackLimits, side: str, units: Iterable[Hashable], unit_class: Callable[[Hashable], str]
) -> bool:
    """Would these units together make a legal stack? (A retreat asks this of the hex it ends in.)"""
    return not excess(limits, side, units, unit_class)


def overstacked(
    limits: StackLimits,
    side: str,
    stacks: Mapping[Hex, Iterable[Hashable]],
    unit_class: Callable[[Hashable], str],
) -> dict[Hex, dict[str, int]]:
    """Every hex of ``stacks`` over the limit, with its excess per class, in hex order."""
    out: dict[Hex, dict[str, int]] = {}
    for h in sorted(stacks):
        e = excess(limits, side, stacks[h], unit_class)
        if e:
            out[h] = e
    return out
