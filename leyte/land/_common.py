"""Small helpers the land modules share: turning "a set of hexes or a predicate" into one predicate."""

from __future__ import annotations

from collections.abc import Callable, Collection

from leyte.core.errors import LeyteError
from leyte.core.hexgrid import Hex

HexTest = Callable[[Hex], bool] | Collection[Hex] | None


def as_test(value: HexTest, what: str) -> Callable[[Hex], bool]:
    """A predicate from a predicate, a collection of hexes, or None (nothing qualifies).

    Games hold some facts as sets (enemy-occupied hexes) and others as rules (terrain a mechanised unit may not
    enter); taking either keeps callers short without a second code path in every search.
    """
    if value is None:
        return lambda _h: False
    if callable(value):
        return value
    if isinstance(value, Collection) and not isinstance(value, str | bytes):
        hexes = frozenset(value)
        return hexes.__contains__
    raise LeyteError(f"{what} must be a set of hexes or a function of a hex, not {value!r}")
