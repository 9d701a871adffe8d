"""Combat odds on a percentage chart: the whole percentage, its column, named shifts, and a floor column.

Built on ``leyte.core.tables``: ``percent_odds`` gives the attacker's strength as a whole percentage of the
defender's, rounded down (a 199.5 % attack is a 199 % attack), ``Table.column_with_shifts`` nets the shifts and
stops at either end of the chart. What this module adds is what land games need around it: shifts gathered from
named sources (each kept with its reason for the event log, zero shifts dropped so the log shows only what
moved the column), and a floor, a column the result may not fall below whatever the shifts say (Formosa 15.6: a
counterattack never reads worse than the 50-99 % column).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from leyte.core.errors import LeyteError
from leyte.core.tables import ColumnChoice, Shift, Table, percent_odds

__all__ = ["percent_odds", "gather_shifts", "OddsColumn", "odds_column"]


def gather_shifts(*groups: Iterable[Shift] | Mapping[str, int] | Shift) -> tuple[Shift, ...]:
    """Every non-zero shift from several places (air, terrain, a unit's "A" mark...), in the order given.

    Accepts ``Shift`` values, ``{reason: columns}`` mappings, or lists of either; a shift with no reason is refused
    by ``Shift`` itself, so every column moved in a log says why.
    """
    out: list[Shift] = []
    for g in groups:
        items: Iterable[Any]
        if isinstance(g, Shift):
            items = (g,)
        elif isinstance(g, Mapping):
            items = (Shift(v, k) for k, v in g.items())
        else:
            items = g
        for s in items:
            if not isinstance(s, Shift):
                raise LeyteError(f"odds: a column shift must be Shift(value, reason), not {s!r}")
            if s.value:
                out.append(s)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class OddsColumn:
    """The column read and how: the core working (``choice``) plus any floor that lifted the result."""

    choice: ColumnChoice
    floor: str | None
    floored: bool
    final: str

    @property
    def percent(self) -> int | None:
        return self.choice.percent

    @property
    def net(self) -> int:
        return self.choice.net

    def to_dict(self) -> dict[str, Any]:
        return {**self.choice.to_dict(), "floor": self.floor, "floored": self.floored, "final": self.final}

    def text(self) -> str:
        out = self.choice.text()
        if self.floored:
            out += f"; not below {self.floor} -> {self.final}"
        return out


def odds_column(
    table: Table,
    attack: Any,
    defence: Any,
    *shifts: Iterable[Shift] | Mapping[str, int] | Shift,
    floor: str | None = None,
) -> OddsColumn:
    """The column an attack of ``attack`` against ``defence`` reads on ``table`` after ``shifts``, floored.

    The table should choose columns by percentage (``columns.by = "percent"``); a ratio table works too, since
    the core table reads either. ``floor`` names a column: a final column left of it is raised to it.
    """
    if floor is not None and floor not in table.columns:
        raise LeyteError(f"odds: floor column {floor!r} is not a column of {table.name} "
                         f"({', '.join(table.columns)})")
    choice = table.column_with_shifts((attack, defence), gather_shifts(*shifts))
    final = choice.final
    floored = floor is not None and table.columns.index(final) < table.columns.index(floor)
    if floored:
        final = floor  # type: ignore[assignment]
    return OddsColumn(choice=choice, floor=floor, floored=floored, final=final)
