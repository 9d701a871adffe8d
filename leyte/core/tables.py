"""Charts as data: a ``Table`` read from a TOML header and a long-form CSV body (format in scenarios/README.md).

A table answers "which column does this factor (or these odds) use?" and "what does this modified roll read in that
column?", clamping at the edges the way the header says. Results are typed data, never strings to re-parse. Each
cell carries its provenance, so a notebook can show which numbers the rulebook printed and which are ours.

Combat results tables of land and carrier games pick a column by odds (attacker:defender ratio bands such as
``1:2 1:1 2:1 3:1``, or percentage bands such as ``50-99``) and then shift it for terrain, air support and the
like. ``Table.column_with_shifts`` does all of that and returns a ``ColumnChoice`` that says every step (raw odds,
the column they round to, each shift and its source, the net shift, any clamping, the final column), so an event
can show the player exactly why that column was read. Odds always round in the defender's favour: 11:4 is 2:1.
"""

from __future__ import annotations

import csv
import math
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Rational
from pathlib import Path
from typing import Any

from leyte.core.diespec import parse_dice
from leyte.core.errors import LeyteError, ScenarioError

__all__ = ["Band", "Cell", "Table", "PROVENANCE_TAGS", "Shift", "ColumnChoice", "percent_odds", "COLUMN_KINDS"]

PROVENANCE_TAGS = ("printed", "example", "reconstructed")
_FIELD_TYPES = ("int", "bool", "str", "float")

_RANGE = re.compile(r"^(-?\d+)\s*-\s*(-?\d+)$")
_UP = re.compile(r"^(-?\d+)\s*\+$")
_DOWN = re.compile(r"^(-?\d+)\s*-$")
_NUM = re.compile(r"^-?\d+$")
_RATIO = re.compile(r"^(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)$")
# "factor": bands of a number; "ratio": attacker:defender odds; "percent": bands of the attacker's strength as a
# whole percentage of the defender's; "none": one column.
COLUMN_KINDS = ("factor", "ratio", "percent", "none")


@dataclass(frozen=True, slots=True)
class Band:
    """An inclusive integer band parsed from a label: ``7``, ``1-3``, ``9+`` (9 or more), ``0-`` (0 or less)."""

    label: str
    lo: float
    hi: float

    @classmethod
    def parse(cls, text: str) -> Band:
        t = str(text).strip()
        if _NUM.match(t):
            v = int(t)
            return cls(t, v, v)
        if m := _RANGE.match(t):
            lo, hi = int(m.group(1)), int(m.group(2))
            if lo > hi:
                raise LeyteError(f"band {t!r} runs backwards")
            return cls(t, lo, hi)
        if m := _UP.match(t):
            return cls(t, int(m.group(1)), math.inf)
        if m := _DOWN.match(t):
            return cls(t, -math.inf, int(m.group(1)))
        raise LeyteError(f"{t!r} is not a number or band (7, 1-3, 9+, 0-)")

    def __contains__(self, v: object) -> bool:
        return isinstance(v, (int, float)) and self.lo <= v <= self.hi


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of a table: where it is, what it says, and where that came from."""

    column: str
    roll: str
    result: Mapping[str, Any]
    provenance: str
    source: str


@dataclass
class Table:
    """One chart. Build with ``Table.load(path_to_toml)`` or ``Table.from_rows``."""

    id: str
    name: str
    die: str
    case: str
    column_by: str
    fields: dict[str, str]
    cells: dict[tuple[str, str], Cell]
    columns: list[str]
    column_below: str = "error"
    column_above: str = "clamp"
    roll_below: str = "clamp"
    roll_above: str = "clamp"
    source: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    _col_bands: list[tuple[Band | tuple[float, float], str]] = field(default_factory=list, repr=False)
    _row_bands: dict[str, list[tuple[Band, str]]] = field(default_factory=dict, repr=False)
    # (column, modified roll) -> cell, filled by lookup_label: games read the same few cells thousands of times
    _read: dict[tuple[str, int], Cell] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._index()

    # -- construction --------------------------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path) -> Table:
        """Read ``<id>.toml`` and the ``<id>.csv`` beside it, validating every row and field."""
        path = Path(path)
        try:
            meta = tomllib.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ScenarioError(f"{path}: table header not found") from None
        except tomllib.TOMLDecodeError as e:
            raise ScenarioError(f"{path}: not valid TOML: {e}") from None
        body = path.with_suffix(".csv")
        try:
            text = body.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise ScenarioError(f"{body}: table body not found") from None
        rows = list(csv.DictReader(text.splitlines()))
        return cls.from_rows(meta, rows, where=str(body))

    @classmethod
    def from_rows(cls, meta: Mapping[str, Any], rows: list[Mapping[str, Any]], *, where: str = "<table>") -> Table:
        """Build from a header dict and long-form rows (as ``csv.DictReader`` gives them)."""
        head = f"{where}: header"
        for key in ("id", "die", "fields"):
            if key not in meta:
                raise ScenarioError(f"{head}: missing {key!r}")
        fields = dict(meta["fields"])
        for f, ty in fields.items():
            if ty not in _FIELD_TYPES:
                raise ScenarioError(f"{head}: field {f!r} has unknown type {ty!r}")
        cols_meta = dict(meta.get("columns", {}))
        rolls_meta = dict(meta.get("rolls", {}))
        column_by = cols_meta.get("by", "factor")
        if column_by not in COLUMN_KINDS:
            raise ScenarioError(f"{head}: columns.by must be factor, ratio, percent or none, not {column_by!r}")
        for k, meta_part in (("columns", cols_meta), ("rolls", rolls_meta)):
            for edge in ("below", "above"):
                v = meta_part.get(edge, "clamp" if not (k == "columns" and edge == "below") else "error")
                if v not in ("clamp", "error"):
                    raise ScenarioError(f"{head}: {k}.{edge} must be 'clamp' or 'error', not {v!r}")
        default_prov = str(meta.get("provenance", ""))
        default_src = str(meta.get("source", ""))
        cells: dict[tuple[str, str], Cell] = {}
        columns: list[str] = []
        for lineno, row in enumerate(rows, start=2):
            loc = f"{where}, row {lineno}"
            col = str(row.get("column", "") or "").strip()
            roll = str(row.get("roll", "") or "").strip()
            if not col:
                raise ScenarioError(f"{loc}, field 'column': empty")
            if not roll:
                raise ScenarioError(f"{loc}, field 'roll': empty")
            try:
                Band.parse(roll)
            except LeyteError as e:
                raise ScenarioError(f"{loc}, field 'roll': {e}") from None
            try:
                if column_by in ("factor", "percent"):
                    Band.parse(col)
                elif column_by == "ratio" and not _RATIO.match(col):
                    raise LeyteError(f"{col!r} is not a ratio like 3:2")
                elif column_by == "ratio" and Fraction(_RATIO.match(col).group(2)) == 0:  # type: ignore[union-attr]
                    raise LeyteError(f"{col!r} has a zero defender side")
                elif column_by == "none" and col != "-":
                    raise LeyteError("a single-column table labels its column '-'")
            except LeyteError as e:
                raise ScenarioError(f"{loc}, field 'column': {e}") from None
            result: dict[str, Any] = {}
            for f, ty in fields.items():
                if f not in row or row[f] is None:
                    raise ScenarioError(f"{loc}, field {f!r}: missing")
                result[f] = _convert(row[f], ty, f"{loc}, field {f!r}")
            prov = str(row.get("provenance", "") or "").strip() or default_prov
            if prov not in PROVENANCE_TAGS:
                raise ScenarioError(f"{loc}, field 'provenance': {prov!r} is not one of {', '.join(PROVENANCE_TAGS)}")
            src = str(row.get("source", "") or "").strip() or default_src
            if (col, roll) in cells:
                raise ScenarioError(f"{loc}: cell column {col}, roll {roll} appears twice")
            cells[(col, roll)] = Cell(col, roll, result, prov, src)
            if col not in columns:
                columns.append(col)
        if not cells:
            raise ScenarioError(f"{where}: the table has no cells")
        try:
            return cls(
                id=str(meta["id"]),
                name=str(meta.get("name", meta["id"])),
                die=str(meta["die"]),
                case=str(meta.get("case", "")),
                column_by=column_by,
                fields=fields,
                cells=cells,
                columns=columns,
                column_below=cols_meta.get("below", "error"),
                column_above=cols_meta.get("above", "clamp"),
                roll_below=rolls_meta.get("below", "clamp"),
                roll_above=rolls_meta.get("above", "clamp"),
                source=default_src,
                meta=dict(meta),
            )
        except LeyteError as e:
            raise ScenarioError(f"{where}: {e}") from None

    def _index(self) -> None:
        parse_dice(self.die)  # any die or sum of dice (d6, d20, 2d6); a typo fails here, at load time
        bands: list[tuple[Band | tuple[Fraction, float], str]] = []
        for col in self.columns:
            if self.column_by in ("factor", "percent"):
                bands.append((Band.parse(col), col))
            elif self.column_by == "ratio":
                m = _RATIO.match(col)
                assert m is not None
                # Exact, so that 2:3 odds read the 2:3 column however the strengths were scaled.
                bands.append(((Fraction(m.group(1)) / Fraction(m.group(2)), 0.0), col))
            else:
                bands.append(((Fraction(0), 0.0), col))
        if self.column_by in ("factor", "percent"):
            bands.sort(key=lambda b: b[0].lo)  # type: ignore[union-attr]
            for (b1, c1), (b2, c2) in zip(bands, bands[1:]):
                if b1.hi >= b2.lo:  # type: ignore[union-attr]
                    raise LeyteError(f"columns {c1} and {c2} overlap")
        elif self.column_by == "ratio":
            bands.sort(key=lambda b: b[0][0])  # type: ignore[index]
        self._col_bands = bands
        self.columns = [c for _, c in bands]
        rows: dict[str, list[tuple[Band, str]]] = {c: [] for c in self.columns}
        for (col, roll) in self.cells:
            rows[col].append((Band.parse(roll), roll))
        shape = None
        for col, lst in rows.items():
            lst.sort(key=lambda b: b[0].lo)
            for (b1, r1), (b2, r2) in zip(lst, lst[1:]):
                if b1.hi >= b2.lo:
                    raise LeyteError(f"column {col}: rows {r1} and {r2} overlap")
            cover = (lst[0][0].lo, lst[-1][0].hi)
            if shape is None:
                shape = cover
            elif cover != shape:
                raise LeyteError(f"column {col} covers rolls {cover}, other columns cover {shape}")
        self._row_bands = rows

    # -- lookup --------------------------------------------------------------------------------------------------

    def column_for(self, value: Any) -> str:
        """The column label a factor (or odds, or a label) selects, clamping as the header says.

        ``value`` may be a column label already, a number (factor tables), or an (attacker, defender) pair or a
        float ratio (odds tables; the highest column not above the actual odds, i.e. odds round in the defender's
        favour). A percentage table takes the percentage or an (attacker, defender) pair, rounded down.
        """
        if isinstance(value, str) and value in self._row_bands:
            return value
        if self.column_by == "none":
            return self.columns[0]
        if self.column_by == "percent":
            if isinstance(value, tuple):
                value = percent_odds(*value)
            elif isinstance(value, (int, float, Fraction)) and not isinstance(value, bool):
                value = math.floor(value)  # 149.5 % is still short of 150 %: the defender's favour
        if self.column_by in ("factor", "percent"):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise LeyteError(f"{self.name}: a column needs a number, not {value!r}")
            for band, label in self._col_bands:
                if value in band:  # type: ignore[operator]
                    return label
            first, last = self._col_bands[0][0], self._col_bands[-1][0]
            if value < first.lo:  # type: ignore[union-attr]
                if self.column_below == "clamp":
                    return self._col_bands[0][1]
                raise LeyteError(f"{self.name}: factor {value} is below the lowest column {self.columns[0]}")
            if value > last.hi:  # type: ignore[union-attr]
                if self.column_above == "clamp":
                    return self._col_bands[-1][1]
                raise LeyteError(f"{self.name}: factor {value} is above the highest column {self.columns[-1]}")
            raise LeyteError(f"{self.name}: no column holds factor {value}")
        # ratio
        ratio: float | Fraction
        if isinstance(value, tuple) and len(value) == 2:
            a, d = value
            if d <= 0:
                ratio = math.inf
            elif _exact(a) and _exact(d):
                ratio = Fraction(a) / Fraction(d)
            else:
                ratio = a / d
        elif isinstance(value, Fraction):
            ratio = value
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            ratio = float(value)
        else:
            raise LeyteError(f"{self.name}: odds need (attacker, defender) or a ratio, not {value!r}")
        chosen = None
        for (r, _), label in self._col_bands:  # type: ignore[misc]
            # Whole-number strengths compare exactly; a float ratio keeps a hair of slack for its rounding.
            if (r <= ratio) if isinstance(ratio, Fraction) else (r <= ratio + 1e-12):
                chosen = label
        if chosen is None:
            if self.column_below == "clamp":
                return self._col_bands[0][1]
            raise LeyteError(f"{self.name}: odds {float(ratio):.2f} are below the lowest column {self.columns[0]}")
        if ratio > self._col_bands[-1][0][0] and self.column_above == "error":  # type: ignore[index]
            raise LeyteError(f"{self.name}: odds {float(ratio):.2f} are above the highest column {self.columns[-1]}")
        return chosen

    def column_with_shifts(
        self, value: Any, shifts: Iterable[Shift] | Mapping[str, int] = ()
    ) -> ColumnChoice:
        """The column ``value`` selects, moved by column shifts, clamped to the table, with the whole working shown.

        ``value`` is what ``column_for`` takes: an (attacker, defender) pair on an odds table (ratio or percent), a
        factor, or a column label. The base column rounds odds in the defender's favour (11:4 reads 2:1). Shifts
        come as ``Shift(value, source)`` or a ``{source: value}`` mapping; they are netted, a positive net moving
        right (towards the attacker's best column), and the result stops at the first or last column rather than
        falling off the table. Odds off the table before shifting follow the header's ``columns.below`` and
        ``columns.above`` (clamp or refuse), as a plain ``column_for`` does.
        """
        if isinstance(shifts, Mapping):
            shift_list = tuple(Shift(v, k) for k, v in shifts.items())
        else:
            shift_list = tuple(shifts)
        for sh in shift_list:
            if not isinstance(sh, Shift):
                raise LeyteError(f"{self.name}: a column shift must be Shift(value, source), not {sh!r}")
        raw, odds, percent = _describe_value(self, value)
        base = self.column_for(value)
        off = ""
        if self.column_by == "ratio" and odds is not None:
            first_r, last_r = self._col_bands[0][0][0], self._col_bands[-1][0][0]  # type: ignore[index]
            off = "below" if odds < first_r else "above" if odds > last_r else ""
        elif self.column_by in ("factor", "percent") and not isinstance(value, str):
            v = percent if percent is not None else value
            first_b, last_b = self._col_bands[0][0], self._col_bands[-1][0]
            off = "below" if v < first_b.lo else "above" if v > last_b.hi else ""  # type: ignore[union-attr]
        net = sum(sh.value for sh in shift_list)
        i = self.columns.index(base) + net
        clamped = "first" if i < 0 else "last" if i >= len(self.columns) else ""
        final = self.columns[min(max(i, 0), len(self.columns) - 1)]
        return ColumnChoice(
            table=self.id, raw=raw, odds=odds, percent=percent, base=base, off_table=off, shifts=shift_list,
            net=net, clamped=clamped, final=final,
        )

    def lookup(self, column: Any, roll: int) -> Cell:
        """The cell read by a modified ``roll`` in the column that ``column`` selects."""
        return self.lookup_label(self.column_for(column), roll)

    def lookup_label(self, col: str, roll: int) -> Cell:
        """The cell a modified ``roll`` reads in column ``col`` (rolls off the table clamp or raise, as it says)."""
        try:
            return self._read[(col, roll)]
        except (KeyError, TypeError):  # not read yet (or an unhashable roll, refused below)
            pass
        cell = self._find(col, roll)
        if type(roll) is int:
            self._read[(col, roll)] = cell
        return cell

    def _find(self, col: str, roll: int) -> Cell:
        rows = self._row_bands.get(col)
        if rows is None:
            raise LeyteError(f"{self.name}: no column {col!r}")
        for band, label in rows:
            if roll in band:
                return self.cells[(col, label)]
        if roll < rows[0][0].lo:
            if self.roll_below == "clamp":
                return self.cells[(col, rows[0][1])]
            raise LeyteError(f"{self.name}: modified roll {roll} is below the table")
        if roll > rows[-1][0].hi:
            if self.roll_above == "clamp":
                return self.cells[(col, rows[-1][1])]
            raise LeyteError(f"{self.name}: modified roll {roll} is above the table")
        raise LeyteError(f"{self.name}: column {col} has no row for roll {roll}")

    def cells_in(self, col: str) -> list[Cell]:
        """The cells of one column, lowest roll first."""
        return [self.cells[(col, label)] for _, label in self._row_bands[col]]

    @property
    def rolls(self) -> list[str]:
        """Row labels of the first column, lowest first."""
        return [label for _, label in self._row_bands[self.columns[0]]]

    @property
    def provenance(self) -> str:
        """``printed``, ``example`` or ``reconstructed`` when every cell agrees, else ``mixed``."""
        tags = {c.provenance for c in self.cells.values()}
        return tags.pop() if len(tags) == 1 else "mixed"

    def provenance_counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in self.cells.values():
            out[c.provenance] = out.get(c.provenance, 0) + 1
        return dict(sorted(out.items()))

    def to_frame(self, value: str | None = None) -> Any:
        """A pandas DataFrame of the table.

        With no argument, long form: one row per cell with its result fields, provenance and source. With
        ``value="hits"`` (any result field), the printed grid: rows are rolls, columns are columns.
        """
        import pandas as pd  # lazily: importing leyte must stay light

        if value is None:
            rows = [
                {"column": c.column, "roll": c.roll, **dict(c.result), "provenance": c.provenance, "source": c.source}
                for col in self.columns
                for c in self.cells_in(col)
            ]
            return pd.DataFrame(rows)
        if value not in self.fields:
            raise LeyteError(f"{self.name}: no result field {value!r}; fields: {', '.join(self.fields)}")
        grid = {col: {c.roll: c.result[value] for c in self.cells_in(col)} for col in self.columns}
        frame = pd.DataFrame(grid)
        frame.index.name = "roll"
        frame.columns.name = "column"
        return frame


@dataclass(frozen=True, slots=True)
class Shift:
    """One column shift and why: ``Shift(+2, "defender in forest (9.4)")``. Positive moves right."""

    value: int
    source: str

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise LeyteError(f"column shift for {self.source!r} must be a whole number of columns, not {self.value!r}")
        if not isinstance(self.source, str) or not self.source.strip():
            raise LeyteError(f"column shift {self.value:+d} needs a source (the rule or condition that gives it)")

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "source": self.source}


@dataclass(frozen=True, slots=True)
class ColumnChoice:
    """How a column was chosen, step by step, for an event's data and a player's "why that column?"."""

    table: str
    raw: str  # the odds or factor as given: "11:4", "7"
    odds: Fraction | None  # attacker / defender, exactly (odds tables only)
    percent: int | None  # the whole percentage, rounded down (percent tables only)
    base: str  # the column the raw value selects, odds rounded in the defender's favour
    off_table: str  # "below" / "above" when the raw value lay off the table and the header clamped it
    shifts: tuple[Shift, ...]
    net: int
    clamped: str  # "first" / "last" when the net shift ran off the table and stopped at its edge
    final: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready; the exact odds as a "p/q" string so nothing is lost to a float."""
        return {
            "table": self.table,
            "raw": self.raw,
            "odds": None if self.odds is None else f"{self.odds.numerator}/{self.odds.denominator}",
            "percent": self.percent,
            "base": self.base,
            "off_table": self.off_table,
            "shifts": [s.to_dict() for s in self.shifts],
            "net": self.net,
            "clamped": self.clamped,
            "final": self.final,
        }

    def text(self) -> str:
        """One line for a log: "odds 11:4 -> 2:1; +2 (terrain) -1 (air) = +1 -> 3:1"."""
        what = "odds" if self.odds is not None or self.percent is not None else "factor"
        pct = f" ({self.percent}%)" if self.percent is not None else ""
        off = f" (off the table {self.off_table})" if self.off_table else ""
        out = f"{self.table}: {what} {self.raw}{pct} -> {self.base}{off}"
        if self.shifts:
            each = " ".join(f"{s.value:+d} ({s.source})" for s in self.shifts)
            stop = f", stopped at the {self.clamped} column" if self.clamped else ""
            out += f"; {each} = {self.net:+d}{stop} -> {self.final}"
        return out


def percent_odds(attack: Any, defence: Any) -> int:
    """The attacker's strength as a whole percentage of the defender's, rounded down (in the defender's favour)."""
    a, d = _strengths(attack, defence)
    return math.floor(a * 100 / d)


def _exact(x: Any) -> bool:
    return isinstance(x, Rational) and not isinstance(x, bool)


def _strengths(attack: Any, defence: Any) -> tuple[Fraction, Fraction]:
    for what, v in (("attack", attack), ("defence", defence)):
        if isinstance(v, bool) or not isinstance(v, (int, float, Fraction)):
            raise LeyteError(f"odds: the {what} strength must be a number, not {v!r}")
        if isinstance(v, float) and not math.isfinite(v):
            raise LeyteError(f"odds: the {what} strength must be finite, not {v!r}")
    if attack < 0:
        raise LeyteError(f"odds: the attack strength must not be negative, not {attack}")
    if defence <= 0:
        raise LeyteError(f"odds: the defence strength must be positive, not {defence} (the rules decide what an "
                         "attack on nothing does)")
    conv = [Fraction(repr(v)) if isinstance(v, float) else Fraction(v) for v in (attack, defence)]
    return conv[0], conv[1]


def _describe_value(t: Table, value: Any) -> tuple[str, Fraction | None, int | None]:
    """(raw text, exact odds, percentage) of a value given to ``column_with_shifts``."""
    if isinstance(value, tuple) and len(value) == 2 and t.column_by in ("ratio", "percent"):
        a, d = _strengths(*value)
        raw = f"{_num(value[0])}:{_num(value[1])}"
        return raw, a / d, (math.floor(a * 100 / d) if t.column_by == "percent" else None)
    if t.column_by == "percent" and isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{_num(value)}%", None, math.floor(value)
    if t.column_by == "ratio" and isinstance(value, (int, float, Fraction)) and not isinstance(value, bool):
        exact = Fraction(repr(value)) if isinstance(value, float) else Fraction(value)
        return f"{_num(value)}:1", exact, None
    return (value if isinstance(value, str) else _num(value)), None, None


def _num(v: Any) -> str:
    return str(v) if not isinstance(v, float) or not v.is_integer() else str(int(v))


def _convert(raw: Any, ty: str, where: str) -> Any:
    text = str(raw).strip()
    try:
        if ty == "int":
            return int(text)
        if ty == "float":
            return float(text)
        if ty == "bool":
            if text.lower() in ("true", "yes", "1"):
                return True
            if text.lower() in ("false", "no", "0", ""):
                return False
            raise ValueError(text)
        return text
    except ValueError:
        raise ScenarioError(f"{where}: {text!r} is not a valid {ty}") from None
