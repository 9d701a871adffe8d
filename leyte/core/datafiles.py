"""Reading a game's CSV and TOML data files with errors that name the file, the row and the field.

Every rulebook package loads its counters, tracks and scenarios through these helpers, so a broken file always
reads the same way: ``ships.csv, row 7, field 'gunnery': 'x' is not a whole number``.
"""

from __future__ import annotations

import csv
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from leyte.core.errors import ScenarioError
from leyte.core.tables import PROVENANCE_TAGS

__all__ = ["Row", "read_csv", "read_toml", "rows"]


def read_csv(path: Path) -> list[dict[str, str]]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(f"{path}: file not found") from None
    return list(csv.DictReader(text.splitlines()))


def read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScenarioError(f"{path}: file not found") from None
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(f"{path}: not valid TOML: {e}") from None


class Row:
    """Typed access to one CSV row."""

    __slots__ = ("path", "lineno", "row")

    def __init__(self, path: Path, lineno: int, row: dict[str, str]) -> None:
        self.path, self.lineno, self.row = path, lineno, row

    def err(self, fld: str, msg: str) -> ScenarioError:
        return ScenarioError(f"{self.path.name}, row {self.lineno}, field {fld!r}: {msg}")

    def str(self, fld: str, default: str | None = None) -> str:
        v = self.row.get(fld)
        if v is None or v.strip() == "":
            if default is not None:
                return default
            raise self.err(fld, "missing")
        return v.strip()

    def int(self, fld: str, default: int | None = None, *, lo: int | None = None) -> int:
        v = self.row.get(fld)
        if v is None or v.strip() == "":
            if default is not None:
                return default
            raise self.err(fld, "missing")
        try:
            n = int(v)
        except ValueError:
            raise self.err(fld, f"{v!r} is not a whole number") from None
        if lo is not None and n < lo:
            raise self.err(fld, f"{n} is below {lo}")
        return n

    def bool(self, fld: str, default: bool | None = None) -> bool:
        v = (self.row.get(fld) or "").strip().lower()
        if v in ("true", "yes", "1", "t", "y"):
            return True
        if v in ("false", "no", "0", "f", "n"):
            return False
        if v == "" and default is not None:
            return default
        raise self.err(fld, f"{v!r} is not true/false")

    def prov(self, fld: str = "provenance") -> str:
        p = self.str(fld)
        if p not in PROVENANCE_TAGS:
            raise self.err(fld, f"{p!r} is not one of {', '.join(PROVENANCE_TAGS)}")
        return p


def rows(path: Path) -> list[Row]:
    """The rows of a CSV file, numbered as a spreadsheet shows them (the header is row 1)."""
    return [Row(path, i, r) for i, r in enumerate(read_csv(path), start=2)]


@dataclass(frozen=True, slots=True)
class NamedValue:
    """One number a game's rules read by name (a modifier or a constant), with the case it comes from and its
    provenance: the row of a game's ``modifiers.csv`` or ``constants.csv``."""

    id: str
    value: int
    case: str
    description: str
    provenance: str
    source: str


def table_named(tables: Mapping[str, Any], folder: Path, key: str) -> Any:
    """A game's chart by id, or a ScenarioError naming the tables folder (a rules typo, or a data file missing)."""
    try:
        return tables[key]
    except KeyError:
        raise ScenarioError(f"{folder / 'tables'}: no table {key!r}") from None
